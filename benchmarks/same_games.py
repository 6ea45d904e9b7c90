"""Do the engines still play the same games? A digest of every column of a fixed set of blocks (each game, each
policy, two player counts, the rounds and cards logs where a game has them), printed as JSON: save it before a
change that must not alter any game (moving code, sharing glue, speed work), run it again after, and compare.

    python benchmarks/same_games.py > before.json     # on the old code
    python benchmarks/same_games.py --check before.json   # on the new code: exits 1 and names every block that differs

Blocks are small (tens to hundreds of games) so that the whole set runs in a few minutes once compiled.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from zoosim.games.registry import get_game  # noqa: E402

# (game, players, seat policies, games); mixed lineups check that each seat keeps its own policy
BLOCKS: list[tuple[str, int, tuple[str, ...], int]] = []
for _game, _counts, _policies, _n in [
    ("zooloretto", (2, 4), ("uniform", "random", "greedy", "heuristic", "heuristic:@tuned"), 300),
    ("zooloretto-mini", (2, 4), ("uniform", "random", "greedy", "heuristic"), 300),
    ("tractor", (2, 4), ("uniform", "random", "greedy", "heuristic"), 300),
    ("new-york-zoo", (1, 2, 4), ("uniform", "greedy", "heuristic"), 100),
    ("castles", (2, 4), ("uniform", "random", "greedy", "heuristic"), 60),
    ("ark-nova", (2, 3), ("uniform", "random", "greedy", "heuristic"), 20),
]:
    for _players in _counts:
        for _policy in _policies:
            BLOCKS.append((_game, _players, (_policy,) * _players, _n))
BLOCKS += [
    ("zooloretto", 3, ("lookahead:rollouts=8", "heuristic", "greedy"), 6),
    ("zooloretto", 3, ("heuristic", "greedy", "uniform"), 300),
    ("castles", 3, ("heuristic", "greedy", "random"), 40),
    ("ark-nova", 2, ("heuristic", "greedy"), 20),
    ("new-york-zoo", 3, ("heuristic", "greedy", "uniform"), 60),
]
# search at a small budget in one seat (its games are the engine's, decided from outside the engine loop)
BLOCKS += [
    ("zooloretto", 2, ("search:budget=8", "heuristic"), 10),
    ("zooloretto-mini", 2, ("search:budget=8", "heuristic"), 10),
    ("tractor", 2, ("heuristic", "search:budget=8"), 10),
    ("new-york-zoo", 2, ("search:budget=8", "heuristic"), 6),
    ("castles", 2, ("search:budget=8", "heuristic"), 4),
    ("ark-nova", 2, ("search:budget=8", "heuristic"), 2),
]
SEED = 20261205


def digest(block: dict[str, np.ndarray]) -> str:
    """sha256 over every column's name, dtype, shape and bytes, in name order."""
    h = hashlib.sha256()
    for name in sorted(block):
        column = np.ascontiguousarray(block[name])
        h.update(f"{name}:{column.dtype.str}:{column.shape}".encode())
        h.update(column.tobytes())
    return h.hexdigest()[:16]


def run(only: set[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for game_id, players, policies, games in BLOCKS:
        if only and game_id not in only:
            continue
        game = get_game(game_id)
        rules = game.default_rules()
        specs = [game.policy(p, players=players) for p in policies]
        logs = {}
        if game.rounds_log:
            logs["rounds_log"] = True
        if game.cards_log:
            logs["cards_log"] = True
        block = game.play_block(rules, players, specs, SEED, 0, games, threads=1, **logs)
        key = f"{game_id} p{players} {'/'.join(policies)} x{games}"
        out[key] = digest(block)
        print(f"{key}: {out[key]}", file=sys.stderr)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", type=Path, help="a saved digest file: exit 1 if any block differs from it")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args()
    digests = run(set(args.game) if args.game else None)
    if args.check is None:
        print(json.dumps(digests, indent=1))
        return
    saved = json.loads(args.check.read_text())
    differ = [k for k in digests if saved.get(k) != digests[k]]
    for key in differ:
        print(f"DIFFERS: {key}: {saved.get(key)} -> {digests[key]}")
    print(f"{len(digests) - len(differ)} of {len(digests)} blocks play the same games")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
