"""New York Zoo (Uwe Rosenberg, 2020) for 1-5 players: `GAME` is what the rest of zoosim uses."""
from __future__ import annotations

from typing import Sequence

import numpy as np

from zoosim.core.threads import run_in_threads
from zoosim.games.base import Column, Game, PolicyInfo, PolicyParam, PolicySpec
from zoosim.games.base import policy_arrays as base_policy_arrays
from zoosim.games.blocks import lazy
from zoosim.games.new_york_zoo import rules as rules_module
from zoosim.games.new_york_zoo.rules import RULE_DOCS, Rules

POLICIES = {
    "uniform": PolicyInfo(
        "uniform", 0,
        "Uniform at every decision (PROTOCOL.md section 6): destination, then orientation and offset of "
        "a tile, then each animal choice, each a uniform draw among the legal options listed there.",
    ),
    "greedy": PolicyInfo(
        "greedy", 1,
        "Scores every option and takes the first best, no randomness: a tile goes where it leaves the "
        "fewest isolated uncovered cells (weight 4) and touches the fewest uncovered cells; a move is worth "
        "the squares of a harbour's tile, or the animals an animal space brings (filling an enclosure = 6, "
        "for its attraction); breeding, the house bonus, keeping an animal and the attraction are taken; "
        "an attraction kind is chosen by 4 points per square plus its best placement score.",
    ),
    "heuristic": PolicyInfo(
        "heuristic", 2,
        "Greedy's decisions with option values in squares covered (heuristic.py): a harbour is worth its "
        "tile's squares plus fit_weight times the tile's best placement value; filling an enclosure is "
        "worth fill_value plus attraction_value per square of the largest attraction in the supply that "
        "fits; another animal is worth progress_value times its enclosure's fill fraction; a move is also "
        "worth the breeding on the lines it crosses on the board as the action leaves it (own, less a "
        "share of the rivals'), less deny_weight times the largest harbour tile it leaves the next player; "
        "a move that covers the last square wins; a tile goes where it leaves the fewest isolated "
        "uncovered squares and pairs, then touches the fewest uncovered squares. Defaults: a cross-entropy "
        "search against greedy (seats rotated, 2-5 players); against greedy it wins .92/.47/.46/.30 per "
        "seat at 2/3/4/5 players (fair .50/.33/.25/.20; benchmarks/bench_nyz.py --ladder).",
        (
            PolicyParam("isolated_weight", 4.71, "placement penalty per isolated uncovered square"),
            PolicyParam("pair_weight", 0.611, "placement penalty per square of an isolated uncovered pair"),
            PolicyParam("exposed_weight", 1.5, "placement penalty per uncovered square touching the tile"),
            PolicyParam("cover_value", 1.0, "value per square of a harbour's enclosure tile (the unit)"),
            PolicyParam("attraction_value", 0.064, "value per square of the largest attraction a fill could bring"),
            PolicyParam("fill_value", 0.864, "value of a fill besides its attraction (kept animal, emptied enclosure)"),
            PolicyParam("progress_value", 2.42, "value of an enclosure's fill fraction after an animal that does "
                                                "not fill it"),
            PolicyParam("house_value", 0.554, "value of putting an animal into a free house"),
            PolicyParam("breed_value", 0.493, "weight of what a crossed line's breeding brings the mover"),
            PolicyParam("rival_breed_weight", 0.04, "weight of what a crossed line's breeding brings the rivals "
                                                    "(subtracted)"),
            PolicyParam("fit_weight", 0.436, "weight of a harbour tile's best placement value in the move's value"),
            PolicyParam("kind_value", 2.52, "value per square when choosing an attraction"),
            PolicyParam("deny_weight", 0.117, "weight of the largest harbour tile the next player could take after "
                                              "the move (subtracted)"),
        ),
    ),
}

SCORE_COMPONENTS: tuple[str, ...] = ()  # score = -cells_left (solo: laps - T); no additive parts
COLUMNS = (
    Column("cells_left", "int16", "brown cells not covered at the end (score = -cells_left, except solo)"),
    Column("animals_on_board", "int16", "animals in houses and enclosures at the end (the tie-break)"),
    Column("enclosures_placed", "int16", "enclosure tiles placed (short-game tiles included)"),
    Column("attractions_taken", "int16", "attraction tiles placed"),
    Column("breedings", "int16", "animals born by breeding (bonus breeding included)"),
    Column("turns_to_finish", "int16", "own turns taken when the board was covered; -1 if never"),
    Column("end_reason", "int8", "how the game ended: 0 covered, 1 turn cap, 2 solo laps done (bga)"),
)
MAX_POLICY_PARAMS = 16


def policy_arrays(policies: Sequence[PolicySpec], players: int) -> tuple[np.ndarray, np.ndarray]:
    """Policy ids and parameters per seat (one policy for all seats, or one per seat)."""
    seats = list(policies) * players if len(policies) == 1 else list(policies)
    return base_policy_arrays(seats, MAX_POLICY_PARAMS)


def play_block(rules: Rules, players: int, policies: Sequence[PolicySpec], seed: int, first_index: int,
               count: int, threads: int | None = None) -> dict[str, np.ndarray]:
    """Play `count` games from `first_index`; one row per (game, seat), ordered by game then seat.

    The games are split into one contiguous range per thread (`run_in_threads`); each game depends only
    on (rules, seed, game index, policies), so the split never changes a result.
    """
    from zoosim.games.new_york_zoo.layout import TABLE
    from zoosim.games.new_york_zoo.play import (
        C_ANIMALS, C_ATTRACTIONS, C_BREEDINGS, C_CELLS_LEFT, C_ENCLOSURES, C_RANK, C_SCORE, C_TURNS_TO_FINISH,
        N_RESULT_COLUMNS, play_many,
    )

    packed = rules_module.pack(rules, players)
    ids, params = policy_arrays(policies, players)
    rows = np.zeros((count * players, N_RESULT_COLUMNS), dtype=np.int64)
    shares = np.zeros(count * players)
    turns = np.zeros(count, dtype=np.int64)
    end = np.zeros(count, dtype=np.int64)

    def kernel(R, seed, first, n, ids, params, rows, shares, turns, end):  # run_in_threads' argument order
        play_many(R, ids, params, seed, first, n, TABLE, rows, shares, turns, end)

    if count > 0:
        run_in_threads(kernel, packed, seed, first_index, count, ids, params, rows, shares, players, threads,
                       turns, end)
    game_turns = np.repeat(turns, players)
    return {
        "game_index": np.repeat(np.arange(first_index, first_index + count, dtype=np.int64), players),
        "seat": np.tile(np.arange(players, dtype=np.int8), count),
        "score": rows[:, C_SCORE].astype(np.int16),
        "rank": rows[:, C_RANK].astype(np.int8),
        "win_share": shares,
        "rounds": ((game_turns + players - 1) // players).astype(np.int16),
        "turns": game_turns.astype(np.int32),
        "cells_left": rows[:, C_CELLS_LEFT].astype(np.int16),
        "animals_on_board": rows[:, C_ANIMALS].astype(np.int16),
        "enclosures_placed": rows[:, C_ENCLOSURES].astype(np.int16),
        "attractions_taken": rows[:, C_ATTRACTIONS].astype(np.int16),
        "breedings": rows[:, C_BREEDINGS].astype(np.int16),
        "turns_to_finish": rows[:, C_TURNS_TO_FINISH].astype(np.int16),
        "end_reason": np.repeat(end, players).astype(np.int8),
    }


def run_game(rules: Rules, players: int, policies: Sequence[PolicySpec], seed: int, game_index: int,
             log_rows: int = 50_000):
    """Play one game with the numba engine and keep its event log: (events, per-seat results, shares, state)."""
    from zoosim.games.new_york_zoo.layout import G_NEVENTS, LOG, TABLE
    from zoosim.games.new_york_zoo.play import N_RESULT_COLUMNS, new_game, play_game, results

    ids, params = policy_arrays(policies, players)
    state = new_game(rules_module.pack(rules, players), ids, log_rows)
    play_game(state, TABLE, params, seed, game_index)
    n_events = int(state[G_NEVENTS])
    if n_events > log_rows:
        raise RuntimeError(f"event log overflow: {n_events} events, room for {log_rows}")
    out = np.zeros((5, N_RESULT_COLUMNS), np.int64)
    shares = np.zeros(5)
    results(state, out, shares)
    log = state[LOG:LOG + 6 * n_events].reshape(n_events, 6)
    events = [tuple(int(x) for x in row) for row in log]
    return events, out[:players], shares[:players], state


def _replay(*args, **kwargs) -> str:
    from zoosim.games.new_york_zoo.replay import replay_text

    return replay_text(*args, **kwargs)


def _score_position(position: dict, rules: Rules) -> dict:
    from zoosim.games.new_york_zoo.positions import score_position

    return score_position(position, rules)


GAME = Game(
    id="new-york-zoo",
    title="New York Zoo (Uwe Rosenberg, 2020)",
    min_players=1,
    max_players=5,
    rules_type=Rules,
    policies=POLICIES,
    columns=COLUMNS,
    score_components=SCORE_COMPONENTS,
    play_block=play_block,
    validate=rules_module.validate,
    rule_docs=RULE_DOCS,
    replay=_replay,
    score_position=_score_position,
    score_text=lazy("zoosim.games.new_york_zoo.positions", "format_score_text"),
)
