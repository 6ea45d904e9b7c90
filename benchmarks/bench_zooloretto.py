"""Speed of the Zooloretto engine (a script, not a test): `python benchmarks/bench_zooloretto.py`.

Prints, for 2-5 players and each policy, games/s of the engine on one core (CPU time of one thread)
and on all cores (wall time); the engine/reference ratio on the same uniform games; the cold compile
time (empty numba cache) and the warm start of a 1-game `zoosim simulate` run; and the `lookahead`
policy's cost (one lookahead seat among heuristics). `--lookahead-strength DEALS` measures its strength
instead: one lookahead seat against heuristics, every deal in every seat rotation.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numba

ROOT = Path(__file__).resolve().parents[1]


def engine_rate(players: int, policy: str, games: int, threads: int) -> float:
    from zoosim.games.zooloretto import GAME

    rules = GAME.default_rules()
    specs = [GAME.policy(policy)] * players
    GAME.play_block(rules, players, specs, 1, 0, 8, threads=threads)
    if threads == 1:
        start = time.process_time()
        GAME.play_block(rules, players, specs, 1, 0, games, threads=1)
        return games / (time.process_time() - start)
    start = time.perf_counter()
    GAME.play_block(rules, players, specs, 1, 0, games, threads=threads)
    return games / (time.perf_counter() - start)


def reference_ratio(players: int, games: int) -> tuple[float, float]:
    from zoosim.games.zooloretto.reference.actions import play_game
    from zoosim.games.zooloretto.rules import Rules

    start = time.process_time()
    for game_index in range(games):
        play_game(Rules(), players, ["uniform"] * players, 1, game_index)
    reference = games / (time.process_time() - start)
    return reference, engine_rate(players, "uniform", 20_000, 1)


def cold_and_warm() -> tuple[float, float]:
    env = dict(os.environ, ZOOSIM_NUMBA_CACHE_BASE=tempfile.mkdtemp(prefix="zoosim-cold-"))
    code = ("import time; t=time.perf_counter(); from zoosim.games.zooloretto import GAME; "
            "GAME.play_block(GAME.default_rules(), 4, [GAME.policy(p) for p in ('uniform','random','greedy','heuristic')],"
            " 1, 0, 4); print(time.perf_counter()-t)")
    cold = float(subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True,
                                text=True, cwd=ROOT).stdout)
    with tempfile.TemporaryDirectory() as out:
        command = [sys.executable, "-m", "zoosim", "simulate", "zooloretto", "--players", "4", "--games", "1",
                   "--seed", "1", "--policy", "heuristic", "--out", f"{out}/run", "--quiet"]
        subprocess.run(command, env=env, check=True, capture_output=True, cwd=ROOT)  # fills the cache
        subprocess.run(command + ["--force"], env=env, check=True, capture_output=True, cwd=ROOT)
        start = time.perf_counter()
        subprocess.run(command + ["--force"], env=env, check=True, capture_output=True, cwd=ROOT)
        warm = time.perf_counter() - start
    return cold, warm


def lookahead_lineup(players: int, lookahead: str) -> list:
    """The lookahead in seat 0, heuristic in the others."""
    from zoosim.games.zooloretto import GAME

    return [GAME.policy(lookahead if seat == 0 else "heuristic") for seat in range(players)]


def lookahead_cost(players: int, games: int, lookahead: str = "lookahead") -> float:
    """CPU seconds per game with one lookahead seat (seat 0) and heuristics in the others."""
    from zoosim.games.zooloretto import GAME

    specs = lookahead_lineup(players, lookahead)
    GAME.play_block(GAME.default_rules(), players, specs, 1, 0, 1, threads=1)
    start = time.process_time()
    GAME.play_block(GAME.default_rules(), players, specs, 1, 0, games, threads=1)
    return (time.process_time() - start) / games


def lookahead_strength(players: int, deals: int, lookahead: str = "lookahead", seed: int = 3) -> tuple:
    """One lookahead seat among heuristics, every deal in every seat rotation (the same deals, so seat
    effects cancel): the lookahead's win share per seat-game, its 95% Wilson interval and n."""
    from zoosim.games.zooloretto import GAME
    from zoosim.sim.rotations import rotation_shares, share_of_places

    shares = rotation_shares(GAME, GAME.default_rules(), players, lookahead_lineup(players, lookahead), seed, 0,
                             deals, threads=None)
    return share_of_places(shares, [0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer games (a smoke run)")
    parser.add_argument("--lookahead-strength", type=int, metavar="DEALS", default=0,
                        help="only measure lookahead against heuristic on DEALS deals per player count")
    parser.add_argument("--lookahead", default="lookahead", help="the lookahead policy text (default: lookahead)")
    args = parser.parse_args()
    if args.lookahead_strength:
        print(f"{args.lookahead}: one seat among heuristics, {args.lookahead_strength} deals x every rotation")
        print("| players | win share per seat | 95% CI | n (seat-games) | fair |")
        print("| --- | --- | --- | --- | --- |")
        for players in (2, 3, 4, 5):
            share, low, high, n = lookahead_strength(players, args.lookahead_strength, args.lookahead)
            print(f"| {players} | {share:.3f} | {low:.3f}-{high:.3f} | {n:,} | {1 / players:.3f} |", flush=True)
        return
    scale = 0.1 if args.quick else 1.0
    games = {"uniform": 200_000, "random": 50_000, "greedy": 5_000, "heuristic": 5_000}
    threads = numba.config.NUMBA_NUM_THREADS
    print(f"engine games/s (1 core = CPU time of one thread; {threads} cores = wall time)")
    print(f"{'policy':<10} {'players':>7} {'1 core':>10} {f'{threads} cores':>10}")
    for policy, n in games.items():
        for players in (2, 3, 4, 5):
            one = engine_rate(players, policy, int(n * scale), 1)
            all_cores = engine_rate(players, policy, int(n * scale * threads), threads)
            print(f"{policy:<10} {players:>7} {one:>10,.0f} {all_cores:>10,.0f}")
    for players in (2, 3, 4, 5):
        cost = lookahead_cost(players, max(2, int(20 * scale)), args.lookahead)
        print(f"{args.lookahead} (seat 0; heuristic in the others), {players} players: {cost:.3f} s per game (1 core)")
    reference, engine = reference_ratio(4, int(300 * scale) or 30)
    print(f"4-player uniform: reference {reference:,.0f} games/s, engine {engine:,.0f} games/s: "
          f"{engine / reference:,.0f}x")
    cold, warm = cold_and_warm()
    print(f"cold compile of the four policies: {cold:.1f} s; warm start of a 1-game simulate run: {warm:.2f} s")


if __name__ == "__main__":
    main()
