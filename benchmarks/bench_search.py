"""How strong and how fast is a game's `search` player? (issue 32's measures, for any game that has one)

    python benchmarks/bench_search.py --game castles --players 2 --deals 500            # strength and speed
    python benchmarks/bench_search.py --game castles --players 4 --deals 300            # one search seat of four
    python benchmarks/bench_search.py --game castles --players 2 --deals 200 --ladder   # win share by budget
    python benchmarks/bench_search.py --game ark-nova --players 2 --both                # both seats searching

Strength: one `search` seat (at `--budget`, default the policy's own) against `heuristic` in every other seat,
every deal played in every seat rotation on the same seeds; the search seat's win share per seat-game with a 95%
Wilson interval (ties split the win; fair = 1/players). `--ladder` repeats it at 1/4, 1, 4 and 16 times the budget.
Speed: seconds per search decision (median, 90th percentile) over the decisions of `--timed-games` games on one
thread, from the game's `play.search_timings`; `--both` also times whole games with every seat searching.
"""
from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from zoosim.games.registry import game_package, get_game  # noqa: E402
from zoosim.sim.rotations import rotation_shares, share_of_places  # noqa: E402


def default_budget(game) -> int:
    params = {p.name: p.default for p in game.policies["search"].params}
    return int(params["budget"])


def strength(game, players: int, search: str, deals: int, seed: int, threads: int) -> tuple[float, float, float, int]:
    """The search seat's win share per seat-game over every rotation of `deals` deals: (share, low, high, n)."""
    lineup = [game.policy(search, players), *[game.policy("heuristic", players)] * (players - 1)]
    shares = rotation_shares(game, game.default_rules(), players, lineup, seed, 0, deals, threads=threads)
    return share_of_places(shares, [0])


def decision_seconds(game, players: int, search: str, games: int, seed: int, every_seat: bool) -> np.ndarray:
    """Seconds of each search decision in `games` games on one thread (the game's play.search_timings)."""
    play = importlib.import_module(f"{game_package(game.id)}.play")
    rules = game.default_rules()
    lineup = [game.policy(search, players)] * players if every_seat else \
        [game.policy(search, players), *[game.policy("heuristic", players)] * (players - 1)]
    play.search_timings(rules, players, lineup, seed, 0, 1)  # compile
    return play.search_timings(rules, players, lineup, seed, 0, games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=200, help="deals, each played in every seat rotation")
    parser.add_argument("--budget", type=int, help="playouts per decision (default: the policy's default)")
    parser.add_argument("--params", default="", help="other search parameters, e.g. candidates=6")
    parser.add_argument("--seed", type=int, default=3232)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--ladder", action="store_true", help="win share at 1/4, 1, 4 and 16 times the budget")
    parser.add_argument("--timed-games", type=int, default=5)
    parser.add_argument("--both", action="store_true", help="also time whole games with every seat searching")
    parser.add_argument("--no-strength", action="store_true")
    args = parser.parse_args()
    game = get_game(args.game)
    if "search" not in game.policies:
        raise SystemExit(f"{args.game} has no search policy")
    budget = args.budget or default_budget(game)
    extra = f",{args.params}" if args.params else ""
    fair = 1 / args.players
    print(f"{args.game}, {args.players} players, search (budget {budget}{extra}) against heuristic, fair {fair:.3f}")
    timings = decision_seconds(game, args.players, f"search:budget={budget}{extra}", args.timed_games, args.seed, False)
    print(f"  per search decision ({len(timings)} decisions in {args.timed_games} games, one thread): median "
          f"{np.median(timings) * 1000:.2f} ms, 90th percentile {np.percentile(timings, 90) * 1000:.2f} ms, "
          f"mean {timings.mean() * 1000:.2f} ms")
    if args.both:
        started = time.process_time()
        both = decision_seconds(game, args.players, f"search:budget={budget}{extra}", args.timed_games, args.seed + 1,
                                True)
        seconds = (time.process_time() - started) / args.timed_games
        print(f"  every seat searching: {seconds:.2f} s of CPU a game ({len(both)} decisions, median "
              f"{np.median(both) * 1000:.2f} ms)")
    if args.no_strength:
        return
    budgets = [max(1, budget // 4), budget, 4 * budget, 16 * budget] if args.ladder else [budget]
    for b in budgets:
        started = time.perf_counter()
        share, low, high, n = strength(game, args.players, f"search:budget={b}{extra}", args.deals, args.seed,
                                       args.threads)
        print(f"  budget {b:>6}: win share {share:.3f} (95% CI {low:.3f}-{high:.3f}, n = {n} seat-games)  "
              f"[{time.perf_counter() - started:.0f} s]")


if __name__ == "__main__":
    main()
