"""New York Zoo speed: engine games/s per core, engine/reference ratio, and the policy ladder.

    python benchmarks/bench_nyz.py                 # 4 players, uniform and heuristic
    python benchmarks/bench_nyz.py --ladder 4000   # also: heuristic vs greedy vs uniform, 2-5 players

Games/s per core: play_block with one numba thread; both wall time and this process's CPU time are
printed, because the machine is shared (CPU time is the fairer per-core figure when others load it).
Engine/reference: the same games (same seeds, same policies) played by the numba engine and by the
plain-Python reference, CPU seconds per game. Compile time is paid in a warm-up and not counted.
The ladder plays each pair of policies head to head with seats rotated (every deal in every rotation)
and prints the first policy's win share per seat with a 95% Wilson interval, beside the fair 1/players
(`benchmarks/policy_ladder.py` does the same for Zooloretto).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from zoosim.games.new_york_zoo import GAME, reference  # noqa: E402
from zoosim.games.new_york_zoo.rules import Rules  # noqa: E402
from zoosim.sim.rotations import rotation_shares, share_of_places  # noqa: E402


def engine_speed(players: int, policy: str, games: int, seed: int) -> tuple[float, float, float]:
    """(games/s wall, games/s CPU, mean turns) with one thread."""
    spec = GAME.policy(policy)
    GAME.play_block(Rules(), players, [spec] * players, seed, 0, 20, threads=1)  # warm-up / compile
    wall, cpu = time.perf_counter(), time.process_time()
    out = GAME.play_block(Rules(), players, [spec] * players, seed, 0, games, threads=1)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return games / wall, games / cpu, float(out["turns"][::players].mean())


def reference_speed(players: int, policy: str, games: int, seed: int) -> float:
    """CPU seconds per game of the plain-Python reference."""
    spec = GAME.policy(policy)
    started = time.process_time()
    for index in range(games):
        reference.play(Rules(), players, [reference.policy_for(spec) for _ in range(players)], seed, index)
    return (time.process_time() - started) / games


def ladder(players: int, strong: str, weak: str, deals: int, seed: int) -> tuple[float, float, float, int]:
    """`strong`'s win share per seat against `weak`: (share, Wilson 95% low, high, seat-games).

    Seats alternate strong, weak, strong, ...; every deal is played in every rotation of that lineup
    (common random numbers), so each policy sits in every seat equally often. Fair share: 1/players.
    """
    lineup = [GAME.policy(strong if s % 2 == 0 else weak) for s in range(players)]
    return share_of_places(rotation_shares(GAME, Rules(), players, lineup, seed, 0, deals), range(0, players, 2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=5000, help="engine games per policy")
    parser.add_argument("--reference-games", type=int, default=40, help="reference games per policy (0: skip)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ladder", type=int, default=0, help="deals per seat rotation for the policy ladder (0: skip)")
    parser.add_argument("--no-speed", action="store_true", help="only the ladder")
    args = parser.parse_args()
    for policy in () if args.no_speed else ("uniform", "greedy", "heuristic"):
        wall, cpu, turns = engine_speed(args.players, policy, args.games, args.seed)
        line = (f"{args.players}p {policy:<9} engine {wall:7.0f} games/s wall, {cpu:7.0f} games/s CPU (1 thread), "
                f"{turns:5.1f} turns/game")
        if args.reference_games > 0:
            ref = reference_speed(args.players, policy, args.reference_games, args.seed)
            line += f"; reference {1 / ref:6.1f} games/s CPU; engine/reference {ref * cpu:6.0f}x"
        print(line)
    if args.ladder:
        print("| players | policy vs policy | win share per seat | 95% CI | n (seat-games) | fair |")
        print("| --- | --- | --- | --- | --- | --- |")
        for players in (2, 3, 4, 5):
            for strong, weak in (("greedy", "uniform"), ("heuristic", "greedy")):
                share, low, high, n = ladder(players, strong, weak, args.ladder, args.seed)
                print(f"| {players} | {strong} vs {weak} | {share:.3f} | {low:.3f}-{high:.3f} | {n:,} | "
                      f"{1 / players:.3f} |")

if __name__ == "__main__":
    main()
