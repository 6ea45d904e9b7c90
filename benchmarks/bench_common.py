"""What the game benchmarks share: a cold compile in a fresh process with an empty numba cache, and a ladder duel
(two policies in alternate seats, the first one's win share per seat-game with a 95% Wilson interval)."""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from zoosim.stats import wilson  # noqa: E402


def cold_compile(code: str) -> float:
    """Seconds for a fresh process with an empty numba cache to run `code`."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache, ZOOSIM_NUMBA_CACHE_BASE=cache)
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, env=env)
        return time.perf_counter() - started


def ladder(play, rules, players: int, strong: str, weak: str, games: int, seed: int) -> tuple[float, float, float, int]:
    """`strong`'s win share per seat-game against `weak` with a game's `play` module (play_block, O_RANK,
    O_WINNERS): (share, Wilson 95% low, high, seat-games)."""
    lineup = [strong if s % 2 == 0 else weak for s in range(players)]
    rows = play.play_block(rules, players, lineup, seed, 0, games, threads=2)
    rank = rows[:, play.O_RANK].reshape(games, players)
    winners = rows[:, play.O_WINNERS].reshape(games, players)
    share = np.where(rank == 1, 1.0 / winners, 0.0)
    mine = share[:, [s for s in range(players) if lineup[s] == strong]]
    wins, n = float(mine.sum()), mine.size
    low, high = (float(x) for x in wilson(wins, n))
    return wins / n, low, high, n
