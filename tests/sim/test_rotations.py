"""`zoosim.sim.rotations` on fake games whose win shares are known by hand, then on a real engine."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest

from zoosim.games.base import PolicySpec
from zoosim.games.registry import get_game
from zoosim.sim.rotations import rotation_shares, share_of_places


@dataclass
class SeatValueGame:
    """Seat s 'wins' (s + 1) / 10 of every game, whoever sits there; it records the seatings it was given."""

    seatings: list

    def play_block(self, rules, players, seats, seed, first, count, threads=None):
        self.seatings.append(([spec.name for spec in seats], first, count))
        return {"win_share": np.tile(np.arange(1, players + 1) / 10, count)}


@dataclass
class StrongWinsGame:
    """The policy named `strong` takes the win, split evenly when it sits more than once."""

    def play_block(self, rules, players, seats, seed, first, count, threads=None):
        strong = np.array([spec.name == "strong" for spec in seats], dtype=float)
        return {"win_share": np.tile(strong / strong.sum(), count)}


def spec(name: str) -> PolicySpec:
    return PolicySpec(name, 0, (), name)


def test_rotation_r_seats_place_i_in_seat_i_plus_r_and_plays_the_same_deals() -> None:
    game = SeatValueGame([])
    shares = rotation_shares(game, None, 3, [spec("a"), spec("b"), spec("c")], seed=5, first=7, deals=2)
    assert game.seatings == [(["a", "b", "c"], 7, 2), (["c", "a", "b"], 7, 2), (["b", "c", "a"], 7, 2)]
    assert shares.shape == (2, 3, 3)
    # place i sits in seat (i + r) % 3, which is worth (seat + 1) / 10
    expected = np.array([[0.1, 0.2, 0.3], [0.2, 0.3, 0.1], [0.3, 0.1, 0.2]])
    assert np.allclose(shares, expected[None, :, :])
    # every place sits in every seat once per deal, so each place's mean is the mean seat value, 0.2
    share, low, high, n = share_of_places(shares, [1])
    assert share == pytest.approx(0.2) and n == 6 and low < 0.2 < high


def test_share_of_places_pools_the_places_of_one_policy() -> None:
    lineup = [spec("strong"), spec("weak"), spec("strong"), spec("weak")]
    shares = rotation_shares(StrongWinsGame(), None, 4, lineup, seed=1, first=0, deals=5)
    assert share_of_places(shares, [0, 2])[0] == pytest.approx(0.5)  # per seat-game: two strong seats split each win
    assert share_of_places(shares, [1, 3])[:2] == (0.0, 0.0)
    assert share_of_places(shares, [0, 2])[3] == 5 * 4 * 2


def test_a_real_engine_gives_each_deal_one_win_per_rotation() -> None:
    game = get_game("zooloretto-mini")
    lineup = [game.policy("heuristic"), game.policy("uniform")]
    shares = rotation_shares(game, game.default_rules(), 2, lineup, seed=3, first=0, deals=20)
    assert np.allclose(shares.sum(axis=2), 1.0)
    share, low, high, n = share_of_places(shares, [0])
    assert n == 40 and low <= share <= high
