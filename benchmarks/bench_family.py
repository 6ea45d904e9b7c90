"""Speed and policy ladder of the family games (zooloretto-mini, tractor; zooloretto for comparison).

    python benchmarks/bench_family.py speed  --game zooloretto-mini --players 4 --games 300000
    python benchmarks/bench_family.py ladder --game tractor --players 2 --games 2000

`speed`: games per CPU-second of `play_block` on one numba thread (`time.process_time()`, which is what a
shared machine cannot steal), then of a whole `simulate` run with Parquet on one worker. Compile/cache
load is paid in a warm-up and not counted.
`ladder`: head-to-head win rates of each rung against the next (heuristic v greedy, greedy v random,
random v uniform), every deal played in both seat orders, with 95% Wilson intervals. A rung's win rate
counts shared wins as win_share.
"""
from __future__ import annotations

import argparse
import math
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from zoosim.games.registry import get_game as game


def speed(args: argparse.Namespace) -> None:
    g = game(args.game)
    rules = g.default_rules()
    policies = [g.policy(args.policy)] * args.players
    g.play_block(rules, args.players, policies, 1, 0, 2000, threads=1)
    started = time.process_time()
    for first in range(0, args.games, 100_000):
        count = min(100_000, args.games - first)
        g.play_block(rules, args.players, policies, 1, first, count, threads=1)
    cpu = time.process_time() - started
    print(f"{args.game} {args.players}p {args.policy}: play_block {args.games / cpu:,.0f} games per CPU-second")
    from zoosim.sim.runner import simulate

    with tempfile.TemporaryDirectory() as tmp:
        simulate(args.game, args.players, [args.policy], 2000, 1, {}, Path(tmp) / "warm", workers=1, force=True,
                 progress=False)
        started = time.process_time()
        simulate(args.game, args.players, [args.policy], args.games, 1, {}, Path(tmp) / "run", workers=1,
                 force=True, progress=False)
        cpu = time.process_time() - started
    print(f"{args.game} {args.players}p {args.policy}: simulate + Parquet {args.games / cpu:,.0f} games per CPU-second")


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def head_to_head(g, a: str, b: str, players: int, games: int, seed: int) -> tuple[float, int]:
    """Win share of policy `a` in seat 0 ... with b elsewhere, and b everywhere but a: both seat orders."""
    rules = g.default_rules()
    total = 0.0
    for order in range(players):  # a in each seat in turn, b in the others
        specs = [g.policy(a if s == order else b) for s in range(players)]
        block = g.play_block(rules, players, specs, seed, 0, games)
        total += block["win_share"].reshape(-1, players)[:, order].sum()
    return total, games * players


def ladder(args: argparse.Namespace) -> None:
    g = game(args.game)
    for a, b in (("heuristic", "greedy"), ("greedy", "random"), ("random", "uniform")):
        wins, n = head_to_head(g, a, b, args.players, args.games, args.seed)
        lo, hi = wilson(wins, n)
        fair = 1 / args.players
        print(f"{args.game} {args.players}p  {a} v {b}: {a} wins {wins / n:.3f} [{lo:.3f}, {hi:.3f}] "
              f"of {n} games (fair share {fair:.3f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("speed", "ladder"))
    parser.add_argument("--game", default="zooloretto-mini")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--policy", default="uniform")
    parser.add_argument("--games", type=int, default=300_000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    np.seterr(all="ignore")
    speed(args) if args.mode == "speed" else ladder(args)


if __name__ == "__main__":
    main()
