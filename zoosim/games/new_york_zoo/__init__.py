"""New York Zoo (Uwe Rosenberg, 2020) for 1-5 players: `GAME` is what the rest of zoosim uses."""
from __future__ import annotations

from typing import Sequence

import numpy as np

from zoosim.core.threads import run_in_threads
from zoosim.games.base import Column, Game, PolicySpec
from zoosim.games.base import policy_arrays as base_policy_arrays
from zoosim.games.blocks import lazy
from zoosim.games.new_york_zoo import rules as rules_module
from zoosim.games.new_york_zoo.policies import MAX_PARAMS, POLICIES
from zoosim.games.new_york_zoo.rules import RULE_DOCS, Rules

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


def policy_arrays(policies: Sequence[PolicySpec], players: int) -> tuple[np.ndarray, np.ndarray]:
    """Policy ids and parameters per seat (one policy for all seats, or one per seat)."""
    seats = list(policies) * players if len(policies) == 1 else list(policies)
    return base_policy_arrays(seats, MAX_PARAMS)


def play_block(rules: Rules, players: int, policies: Sequence[PolicySpec], seed: int, first_index: int,
               count: int, threads: int | None = None) -> dict[str, np.ndarray]:
    """Play `count` games from `first_index`; one row per (game, seat), ordered by game then seat.

    The games are split into one contiguous range per thread (`run_in_threads`); each game depends only
    on (rules, seed, game index, policies), so the split never changes a result.
    """
    from zoosim.games.new_york_zoo.components.tables import TABLE
    from zoosim.games.new_york_zoo.engine.game import (
        C_ANIMALS, C_ATTRACTIONS, C_BREEDINGS, C_CELLS_LEFT, C_ENCLOSURES, C_RANK, C_SCORE, C_TURNS_TO_FINISH,
        N_RESULT_COLUMNS,
    )
    from zoosim.games.new_york_zoo.play import play_many

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
    from zoosim.games.new_york_zoo.components.tables import TABLE
    from zoosim.games.new_york_zoo.engine.game import N_RESULT_COLUMNS, play_game, results
    from zoosim.games.new_york_zoo.play import new_game
    from zoosim.games.new_york_zoo.state.layout import G_NEVENTS, LOG

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
