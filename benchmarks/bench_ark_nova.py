"""Ark Nova speed and skill: engine games/s per core and policy, engine/reference ratio, cold compile, and the policy
ladder (heuristic, greedy, random, uniform) with intervals.

    python benchmarks/bench_ark_nova.py                     # speed at 2 players, every policy
    python benchmarks/bench_ark_nova.py --players 2 3 4     # ... at more player counts
    python benchmarks/bench_ark_nova.py --cold              # also the cold compile of the game loop (fresh cache)
    python benchmarks/bench_ark_nova.py --ladder 200        # also the ladder at 2, 3 and 4 players

Games/s per core: ark_nova.play.play_block on one thread (the seat rotation of start_seat_random included), the same
games timed in `--blocks` blocks: the median and range of CPU time (the fairer per-core figure on a shared machine)
and the median wall time.
Engine/reference: the same games played by the numba engine and by the plain-Python reference, CPU seconds per game
(`--reference-games`; the reference's planners copy the whole state per replay, so keep it small for them). Compile
time is paid in a warm-up. The ladder seats the two policies alternately; start_seat_random rotates who moves first
per game. It prints the first policy's win share per seat-game with a 95% Wilson interval beside the fair share.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_common  # noqa: E402

from zoosim.games.ark_nova import play  # noqa: E402
from zoosim.games.ark_nova.reference import game as reference  # noqa: E402
from zoosim.games.ark_nova.reference import policies as rp  # noqa: E402
from zoosim.games.ark_nova.rules import Rules  # noqa: E402

POLICIES = ("uniform", "random", "greedy", "heuristic")


def engine_speed(players: int, policy: str, games: int, seed: int, blocks: int) -> tuple[bench_common.BlockSpeed,
                                                                                   float, float]:
    """(speed per block, mean turns, share of games ended by the turn cap) on one thread."""
    speed = bench_common.block_speed(play, Rules(), players, policy, seed, games, blocks)
    first = speed.rows[::players]
    return speed, float(first[:, play.O_TURNS].mean()), float((first[:, play.O_END_REASON] == 1).mean())


def reference_speed(players: int, policy: str, games: int, seed: int) -> float:
    """CPU seconds per game of the plain-Python reference."""
    started = time.process_time()
    for index in range(games):
        reference.play_game(Rules(), players, seed, index, [rp.make(policy) for _ in range(players)])
    return (time.process_time() - started) / games


def cold_compile() -> float:
    """Seconds for a fresh process with an empty numba cache to play one short 4-player game of every policy."""
    return bench_common.cold_compile_block("zoosim.games.ark_nova", "Rules(max_turns=20)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, nargs="+", default=[2])
    parser.add_argument("--games", type=int, default=1000, help="engine games per policy (a tenth for greedy and "
                        "heuristic)")
    parser.add_argument("--blocks", type=int, default=5, help="time the same games this many times (median, range)")
    parser.add_argument("--reference-games", type=int, default=3)
    parser.add_argument("--reference-policies", nargs="+", default=["uniform", "random"], choices=POLICIES)
    bench_common.add_run_options(parser)
    args = parser.parse_args()
    if args.cold:
        print(f"cold compile and one 4-player game of every policy: {cold_compile():.0f} s", flush=True)
    for players in () if args.no_speed else args.players:
        for policy in POLICIES:
            games = args.games if policy in ("uniform", "random") else max(20, args.games // 10)
            speed, turns, capped = engine_speed(players, policy, games, args.seed, args.blocks)
            line = (f"{players}p {policy:<9} engine {speed.summary()}, {turns:.0f} turns/game, "
                    f"{capped:.1%} at the turn cap")
            if policy in args.reference_policies:
                ref = reference_speed(players, policy, args.reference_games, args.seed)
                line += f"; reference {1 / ref:6.2f} games/s CPU, engine/reference {ref * speed.median():6.0f}x"
            print(line, flush=True)
    if args.ladder:
        for players in (2, 3, 4):
            for strong, weak in (("heuristic", "greedy"), ("greedy", "random"), ("random", "uniform"),
                                 ("heuristic", "random")):
                share, low, high, n = bench_common.ladder(play, Rules(), players, strong, weak, args.ladder, args.seed)
                print(f"{players}p {strong} vs {weak}: {strong} wins {share:.1%} per seat-game "
                      f"({low:.1%}-{high:.1%}, n={n}; fair {1 / players:.1%})", flush=True)


if __name__ == "__main__":
    main()
