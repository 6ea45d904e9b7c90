"""Head-to-head strength of the Zooloretto policies (a script): `python benchmarks/policy_ladder.py A B N`.

Half the seats (alternating) play A, the others B; each deal is played in every seat rotation, so seat
effects cancel. Prints each policy's mean win share per seat with its n and a 95% Wilson interval,
next to the fair share 1/players.
"""
from __future__ import annotations

import sys


from zoosim.games.zooloretto import GAME
from zoosim.sim.rotations import rotation_shares, share_of_places


def duel(a: str, b: str, players: int, deals: int, seed: int = 1) -> list[tuple[str, float, int, float, float]]:
    """Each policy's win share per seat-game: (label, share, seat-games, Wilson 95% low, high)."""
    specs = [GAME.policy(a), GAME.policy(b)]
    shares = rotation_shares(GAME, GAME.default_rules(), players, [specs[s % 2] for s in range(players)], seed, 0,
                             deals, threads=None)
    rows = []
    for first, spec in enumerate(specs):
        share, low, high, n = share_of_places(shares, range(first, players, 2))
        rows.append((spec.label, share, n, low, high))
    return rows


def main() -> None:
    a, b, deals = sys.argv[1], sys.argv[2], int(sys.argv[3])
    print("| players | policy | win share per seat | 95% CI | n (seat-games) | fair |")
    print("| --- | --- | --- | --- | --- | --- |")
    for players in (2, 3, 4, 5):
        for label, share, n, low, high in duel(a, b, players, deals):
            print(f"| {players} | {label} | {share:.3f} | {low:.3f}–{high:.3f} | {n:,} | {1 / players:.3f} |")


if __name__ == "__main__":
    main()
