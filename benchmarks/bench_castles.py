"""Castles of Mad King Ludwig speed and skill: engine games/s per core, engine/reference ratio, cold compile, and the
policy ladder (heuristic > greedy > random) with intervals.

    python benchmarks/bench_castles.py                    # speed at 2 and 4 players, every policy
    python benchmarks/bench_castles.py --cold             # also the cold compile of the game loop (fresh cache)
    python benchmarks/bench_castles.py --ladder 2000      # also the ladder at 2, 3 and 4 players

Games/s per core: castles.play.play_block on one thread, the same games timed in `--blocks` blocks: the median and
range of this process's CPU time (the machine may be shared; CPU time is the fairer per-core figure then) and the
median wall time. Engine/reference: the same games played by
the numba engine and by the plain-Python reference, CPU seconds per game. Compile time is paid in a warm-up.
The ladder seats the two policies alternately (strong, weak, strong, ...); the master-builder order is drawn per
game (first_mb = random), so both sit in every position equally often over many deals. It prints the strong
policy's win share per seat-game with a 95% Wilson interval beside the fair 1/players.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_common  # noqa: E402

from zoosim.games.castles import play  # noqa: E402
from zoosim.games.castles.reference.game import play_game  # noqa: E402
from zoosim.games.castles.rules import Rules  # noqa: E402

POLICIES = ("uniform", "random", "greedy", "heuristic")


def engine_speed(players: int, policy: str, games: int, seed: int, blocks: int) -> tuple[bench_common.BlockSpeed,
                                                                                   float]:
    """(speed per block, mean turns) on one thread."""
    speed = bench_common.block_speed(play, Rules(), players, policy, seed, games, blocks)
    return speed, float(speed.rows[::players, play.O_TURNS].mean())


def reference_speed(players: int, policy: str, games: int, seed: int) -> float:
    """CPU seconds per game of the plain-Python reference."""
    started = time.process_time()
    for index in range(games):
        play_game(Rules(), players, [policy] * players, seed, index)
    return (time.process_time() - started) / games


def cold_compile() -> float:
    """Seconds for a fresh process with an empty numba cache to play one 4-player game of every policy."""
    return bench_common.cold_compile_block("zoosim.games.castles")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--games", type=int, default=2000, help="engine games per policy (a tenth for greedy and "
                        "heuristic)")
    parser.add_argument("--blocks", type=int, default=5, help="time the same games this many times (median, range)")
    parser.add_argument("--reference-games", type=int, default=10)
    bench_common.add_run_options(parser, "deals")
    args = parser.parse_args()
    if args.cold:
        print(f"cold compile and one 4-player game of every policy: {cold_compile():.0f} s")
    for players in () if args.no_speed else args.players:
        for policy in POLICIES:
            games = args.games if policy in ("uniform", "random") else max(50, args.games // 10)
            speed, turns = engine_speed(players, policy, games, args.seed, args.blocks)
            ref = reference_speed(players, policy, args.reference_games, args.seed)
            print(f"{players}p {policy:<9} engine {speed.summary()}, reference {1 / ref:6.1f} games/s CPU, "
                  f"engine/reference {ref * speed.median():6.0f}x, {turns:.1f} turns/game", flush=True)
    if args.ladder:
        for players in (2, 3, 4):
            for strong, weak in (("heuristic", "greedy"), ("greedy", "random"), ("random", "uniform")):
                share, low, high, n = bench_common.ladder(play, Rules(), players, strong, weak, args.ladder, args.seed)
                print(f"{players}p {strong} vs {weak}: {strong} wins {share:.1%} per seat-game "
                      f"({low:.1%}-{high:.1%}, n={n}; fair {1 / players:.1%})", flush=True)


if __name__ == "__main__":
    main()
