"""What the game benchmarks share: games/s measured in several blocks (this machine's speed drifts 15-30% between
minutes, so one timing says little; the blocks' median and range do), a cold compile in a fresh process with an empty
numba cache, and a ladder duel (two policies in alternate seats, the first one's win share per seat-game with a 95%
Wilson interval)."""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from zoosim.stats import wilson  # noqa: E402


class BlockSpeed(NamedTuple):
    """Games/s per block on one thread: CPU time (the fairer per-core figure on a shared machine) and wall time."""

    cpu: list[float]
    wall: list[float]
    rows: np.ndarray  # the last block's result rows (every block plays the same games)

    def median(self) -> float:
        return float(np.median(self.cpu))

    def summary(self) -> str:
        """'1,234 games/s CPU (median of 5 blocks, 1,100-1,300), 1,200 wall' in one phrase."""
        low, high = min(self.cpu), max(self.cpu)
        return (f"{self.median():7,.0f} games/s CPU (1 thread; median of {len(self.cpu)} blocks, {low:,.0f}-{high:,.0f}), "
                f"{float(np.median(self.wall)):7,.0f} wall")


def block_speed(play, rules, players: int, policy: str, seed: int, games: int, blocks: int) -> BlockSpeed:
    """Play the same `games` games `blocks` times with a game's `play` module (play_block) after a short warm-up
    (which pays the compile), timing each block."""
    if blocks < 1 or games < 1:
        raise SystemExit(f"need at least one block of one game, got {blocks} blocks of {games}")
    play.play_block(rules, players, [policy] * players, seed, 0, 2)
    cpu_speeds, wall_speeds, rows = [], [], None
    for _ in range(blocks):
        wall, cpu = time.perf_counter(), time.process_time()
        rows = play.play_block(rules, players, [policy] * players, seed, 0, games)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        cpu_speeds.append(games / cpu)
        wall_speeds.append(games / wall)
    return BlockSpeed(cpu_speeds, wall_speeds, rows)


def cold_compile(code: str) -> float:
    """Seconds for a fresh process with an empty numba cache to run `code`."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache, ZOOSIM_NUMBA_CACHE_BASE=cache)
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, env=env)
        return time.perf_counter() - started


def add_run_options(parser, ladder_unit: str = "games") -> None:
    """The options a game's speed-and-skill benchmark shares: --seed, --cold, --ladder N, --no-speed."""
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cold", action="store_true", help="also time a cold compile (a fresh numba cache)")
    parser.add_argument("--ladder", type=int, default=0, help=f"{ladder_unit} per pairing for the ladder (0: skip)")
    parser.add_argument("--no-speed", action="store_true", help="only the ladder (and --cold)")


def cold_compile_block(package: str, rules: str = "Rules()", players: int = 4,
                       policies: tuple[str, ...] = ("uniform", "random", "greedy", "heuristic")) -> float:
    """cold_compile of one game of every policy through the game's play.play_block (`rules`: its Rules, as code)."""
    return cold_compile(f"from {package} import play; from {package}.rules import Rules; "
                        f"play.play_block({rules}, {players}, {list(policies)!r}, 1, 0, 1)")


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
