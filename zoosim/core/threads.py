"""Run a nogil numba kernel over a block of games on several threads.

numba's `parallel=True` costs minutes of compile time for a whole game engine; a plain `nogil=True`
kernel called from a few Python threads on disjoint game ranges runs just as parallel and compiles once
for one and for many threads. Results depend only on game indices, never on the split.
"""
from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from typing import Callable

import numpy as np

MIN_GAMES_PER_THREAD = 64


def default_threads() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def run_in_threads(kernel: Callable[..., None], rules: np.ndarray, seed: int, first_index: int, count: int,
                   policy_ids: np.ndarray, policy_params: np.ndarray, rows: np.ndarray, shares: np.ndarray,
                   players: int, threads: int | None, *per_game: np.ndarray) -> None:
    """Call kernel(rules, seed, first, n, ids, params, rows_part, shares_part, *per_game_parts) on ranges.

    `per_game` arrays have one entry per game along their first axis (e.g. the rounds log) and are
    split like the games; an array with a first axis of 0 is passed whole (a switched-off output).
    """
    threads = max(1, min(threads or default_threads(), count // MIN_GAMES_PER_THREAD or 1))
    bounds = [count * k // threads for k in range(threads + 1)]

    def part(k: int) -> None:
        lo, hi = bounds[k], bounds[k + 1]
        extra = [a[lo:hi] if len(a) else a for a in per_game]
        kernel(rules, seed, first_index + lo, hi - lo, policy_ids, policy_params,
               rows[lo * players:hi * players], shares[lo * players:hi * players], *extra)

    if threads == 1:
        part(0)
        return
    with ThreadPoolExecutor(max_workers=threads) as pool:
        list(pool.map(part, range(threads)))
