"""New York Zoo speed: engine games/s per core, engine/reference ratio, and the policy ladder.

    python benchmarks/bench_nyz.py                 # 4 players, uniform and heuristic
    python benchmarks/bench_nyz.py --ladder 4000   # also: heuristic vs greedy vs uniform, 2-5 players

Games/s per core: play_block with one numba thread; both wall time and this process's CPU time are
printed, because the machine is shared (CPU time is the fairer per-core figure when others load it).
Engine/reference: the same games (same seeds, same policies) played by the numba engine and by the
plain-Python reference, CPU seconds per game. Compile time is paid in a warm-up and not counted.
The ladder plays each pair of policies head to head with seats rotated (every game in every rotation)
and prints the stronger policy's win share with a 95% interval.
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from zoosim.games.new_york_zoo import GAME, reference  # noqa: E402
from zoosim.games.new_york_zoo.rules import Rules  # noqa: E402


def engine_speed(players: int, policy: str, games: int, seed: int) -> tuple[float, float, float]:
    """(games/s wall, games/s CPU, mean turns) with one thread."""
    spec = GAME.policy(policy)
    GAME.play_block(Rules(), players, [spec], seed, 0, 20, threads=1)  # warm-up / compile
    wall, cpu = time.perf_counter(), time.process_time()
    out = GAME.play_block(Rules(), players, [spec], seed, 0, games, threads=1)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return games / wall, games / cpu, float(out["turns"][::players].mean())


def reference_speed(players: int, policy: str, games: int, seed: int) -> float:
    """CPU seconds per game of the plain-Python reference."""
    spec = GAME.policy(policy)
    started = time.process_time()
    for index in range(games):
        reference.play(Rules(), players, [reference.policy_for(spec) for _ in range(players)], seed, index)
    return (time.process_time() - started) / games


def ladder(players: int, strong: str, weak: str, games: int, seed: int) -> tuple[float, float, int]:
    """Win share of `strong` against `weak` (half the seats each, 1 strong seat at odd counts... see below).

    Seat lineup: seats alternate strong, weak, strong, ...; every game is played in every rotation of
    that lineup, so each policy sits in every seat equally often. Returns (strong's mean win share per
    strong seat relative to a fair share, its 95% half-width, games)."""
    lineup = [strong if s % 2 == 0 else weak for s in range(players)]
    shares = []
    for rotation in range(players):
        seats = [GAME.policy(lineup[(s - rotation) % players]) for s in range(players)]
        out = GAME.play_block(Rules(), players, seats, seed, 0, games, threads=1)
        share = out["win_share"].reshape(games, players)
        strong_seats = [s for s in range(players) if lineup[(s - rotation) % players] == strong]
        shares.append(share[:, strong_seats].sum(axis=1))
    per_game = np.concatenate(shares)
    n_strong = (players + 1) // 2
    fair = n_strong / players
    mean = float(per_game.mean())
    half = 1.96 * float(per_game.std(ddof=1)) / math.sqrt(len(per_game))
    return mean / fair, half / fair, len(per_game)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=5000, help="engine games per policy")
    parser.add_argument("--reference-games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ladder", type=int, default=0, help="games per rotation for the policy ladder (0: skip)")
    args = parser.parse_args()
    for policy in ("uniform", "greedy", "heuristic"):
        wall, cpu, turns = engine_speed(args.players, policy, args.games, args.seed)
        ref = reference_speed(args.players, policy, args.reference_games, args.seed)
        print(f"{args.players}p {policy:<9} engine {wall:7.0f} games/s wall, {cpu:7.0f} games/s CPU (1 thread), "
              f"{turns:5.1f} turns/game; reference {1 / ref:6.1f} games/s CPU; engine/reference {ref * cpu:6.0f}x")
    if args.ladder:
        for players in (2, 3, 4, 5):
            for strong, weak in (("greedy", "uniform"), ("heuristic", "greedy")):
                ratio, half, n = ladder(players, strong, weak, args.ladder, args.seed)
                print(f"{players}p {strong} vs {weak}: {strong} wins {ratio:.2f}x its fair share "
                      f"(95% +-{half:.2f}, {n} games)")


if __name__ == "__main__":
    main()
