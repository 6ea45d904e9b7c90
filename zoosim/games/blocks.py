"""Glue every engine package needs: a play_block over its numba `play_many`, and lazy hooks.

The engines' packages stay importable without compiling anything: their numba modules are imported
only when a block is played, a game replayed or a position scored.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from zoosim.core.threads import run_in_threads
from zoosim.games.base import Column, PolicySpec, block_columns, policy_arrays, rounds_log_block

MAX_LOG_ROUNDS = 128  # the rounds log's width; games of the official rules last far fewer rounds


def lazy(module: str, name: str) -> Callable[..., Any]:
    """`module.name`, imported on the first call."""
    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    call.__name__ = name
    call.__doc__ = f"{module}.{name}, imported on first use."
    return call


def play_kernel_block(play_module: str, first_column: str, packed: np.ndarray, players: int,
                      policies: Sequence[PolicySpec], seed: int, first_index: int, count: int,
                      threads: int | None, columns: Sequence[Column], max_params: int = 8,
                      rounds_log: bool = False, max_rounds: int = MAX_LOG_ROUNDS) -> dict[str, np.ndarray]:
    """Play `count` games with `play_module.play_many` on thread ranges; the log's columns, game then seat.

    The module's result rows hold score, rank, rounds and turns at O_SCORE, O_RANK, O_ROUNDS, O_TURNS and
    the game's own `columns` from `first_column` on. Each game depends only on (rules, seed, game index,
    policies), so the split over threads never changes a result. With `rounds_log` the block also holds
    `round_scores` (see base.rounds_log_block); `max_rounds` is the rules' cap on rounds.
    """
    play = importlib.import_module(play_module)
    if len(policies) != players:
        raise ValueError(f"need one policy per seat ({players}), got {len(policies)}")
    ids, params = policy_arrays(policies, max_params)
    rows = np.zeros((count * players, play.N_OUT), dtype=np.int64)
    shares = np.zeros(count * players)
    width = min(max_rounds, MAX_LOG_ROUNDS) if rounds_log else 0
    round_scores = np.zeros((count if rounds_log else 0, width, players), dtype=np.int16)
    run_in_threads(play.play_many, packed, seed, first_index, count, ids, params, rows, shares, players, threads,
                   round_scores)
    offsets = (play.O_SCORE, play.O_RANK, play.O_ROUNDS, play.O_TURNS)
    block = block_columns(rows, shares, first_index, count, players, offsets, getattr(play, first_column), columns)
    if rounds_log:
        block["round_scores"] = rounds_log_block(round_scores, block["rounds"], max_rounds)
    return block
