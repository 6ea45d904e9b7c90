"""A lineup of policies played in every seat rotation of the same deals, and its win shares.

Each deal (seed, game index) is played once per rotation, so every place of the lineup sits in every seat of
every deal and the seats' own advantages cancel (common random numbers). This is the measuring stick of the
strength benchmarks, the policy-ladder tests and `tune`'s matches; `tournament` does the same at scale through
`rotate_seats` cells and the Parquet log.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from zoosim.games.base import Game, PolicySpec, seat_policies
from zoosim.stats import wilson


def rotation_shares(game: Game, rules: Any, players: int, lineup: Sequence[PolicySpec], seed: int, first: int,
                    deals: int, threads: int | None = 1) -> np.ndarray:
    """The win share of each lineup place in each deal and rotation, shape (deals, rotations, places).

    Rotation r seats lineup place i in seat (i + r) % players (`seat_policies`); all rotations play deals
    first .. first + deals - 1 of `seed`.
    """
    out = np.empty((deals, players, players))
    for rotation in range(players):
        seats = seat_policies(lineup, players, rotation)
        block = game.play_block(rules, players, seats, seed, first, deals, threads=threads)
        share = np.asarray(block["win_share"], dtype=float).reshape(deals, players)
        out[:, rotation, :] = share[:, [(place + rotation) % players for place in range(players)]]
    return out


def share_of_places(shares: np.ndarray, places: Iterable[int]) -> tuple[float, float, float, int]:
    """The mean win share per seat-game of the given lineup places over every deal and rotation, with its Wilson
    95% interval: (share, low, high, seat-games)."""
    mine = shares[:, :, list(places)]
    wins, n = float(mine.sum()), int(mine.size)
    low, high = wilson(wins, n)
    return wins / n, float(low), float(high), n
