"""Head-to-head strength of the Zooloretto policies (a script): `python benchmarks/policy_ladder.py A B N`.

Half the seats (alternating) play A, the others B; each deal is played in every seat rotation, so seat
effects cancel. Prints each policy's mean win share per seat with its n and a 95% Wilson interval,
next to the fair share 1/players.
"""
from __future__ import annotations

import sys


from zoosim.stats import wilson
from zoosim.games.base import seat_policies
from zoosim.games.zooloretto import GAME


def duel(a: str, b: str, players: int, deals: int, seed: int = 1) -> list[tuple[str, float, int, float, float]]:
    specs = [GAME.policy(a), GAME.policy(b)]
    lineup = [specs[s % 2] for s in range(players)]
    wins: dict[str, float] = {}
    seats: dict[str, int] = {}
    for rotation in range(players):
        policies = seat_policies(lineup, players, rotation)
        out = GAME.play_block(GAME.default_rules(), players, policies, seed, 0, deals)
        share = out["win_share"].reshape(deals, players)
        for s, spec in enumerate(policies):
            wins[spec.label] = wins.get(spec.label, 0.0) + float(share[:, s].sum())
            seats[spec.label] = seats.get(spec.label, 0) + deals
    rows = []
    for label in (specs[0].label, specs[1].label):
        low, high = (float(x) for x in wilson(wins[label], seats[label]))
        rows.append((label, wins[label] / seats[label], seats[label], low, high))
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
