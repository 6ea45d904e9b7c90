"""New York Zoo (Uwe Rosenberg, 2020) for 1-5 players: `GAME` is what the rest of zoosim uses."""
from __future__ import annotations

from typing import Sequence

import numpy as np

from zoosim.core.threads import run_in_threads
from zoosim.games.base import Column, Game, PolicyInfo, PolicyParam, PolicySpec
from zoosim.games.base import policy_arrays as base_policy_arrays
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
        "Greedy with parameters, and breeding-aware: a move is also worth breed_value times what the "
        "breeding on the lines it crosses brings the mover (per line, the gains of its 2 best breeding "
        "enclosures, a fill counting as fill_value), less rival_breed_weight times what it brings the "
        "rivals. Defaults: the best setting measured against greedy (which own-breeding weights > 0 lose "
        "to); it is not significantly stronger than greedy.",
        (
            PolicyParam("isolated_weight", 4.0, "placement penalty per isolated uncovered cell"),
            PolicyParam("fill_value", 4.0, "value of filling an enclosure (its attraction)"),
            PolicyParam("cover_value", 1.0, "value per square of a harbour's enclosure tile"),
            PolicyParam("breed_value", 0.0, "weight of what a crossed line's breeding brings the mover "
                                            "(per line: the gains of its 2 best breeding enclosures)"),
            PolicyParam("rival_breed_weight", 0.25, "weight of what a crossed line's breeding brings the rivals "
                                                    "(subtracted)"),
            PolicyParam("house_value", 0.25, "value of putting an animal into a free house"),
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
MAX_POLICY_PARAMS = 8


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
)
