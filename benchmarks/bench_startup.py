"""Benchmark: how long a user waits before zoosim starts working.

Each command runs in a fresh process, as a user types it; the figure is the median wall time of
`--repeat` runs after one warm-up (which fills the numba cache, so "warm" means compiled code is loaded
from the cache, not compiled). Targets: `zoosim --help` and `zoosim games` <= 0.3 s, a warm 1-game
`simulate` <= 1.2 s, `analyze` of a small run <= 1.5 s.

    python benchmarks/bench_startup.py [--repeat 7] [--game zooloretto] [--policy heuristic]
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGETS = {"--help": 0.3, "games": 0.3, "simulate 1 game": 1.2, "analyze": 1.5}


def wall_time(args: list[str], cwd: Path) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "zoosim", *args], cwd=cwd, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--game", default="zooloretto")
    parser.add_argument("--policy", default="heuristic")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        one_game = ["simulate", args.game, "--players", "4", "--games", "1", "--seed", "1", "--policy", args.policy,
                    "--quiet", "--force", "--out", "one"]
        wall_time(["simulate", args.game, "--players", "4", "--games", "2000", "--seed", "1", "--policy",
                   args.policy, "--quiet", "--out", "small"], work)  # warm-up: compiles if the cache is cold
        commands = {"--help": ["--help"], "games": ["games"], "simulate 1 game": one_game,
                    "analyze": ["analyze", "small"]}
        print(f"{'command':<18} {'median s':>9} {'min s':>7} {'target s':>9}")
        for name, command in commands.items():
            wall_time(command, work)
            times = [wall_time(command, work) for _ in range(args.repeat)]
            print(f"{name:<18} {statistics.median(times):>9.2f} {min(times):>7.2f} {TARGETS[name]:>9.1f}")


if __name__ == "__main__":
    main()
