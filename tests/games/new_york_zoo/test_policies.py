"""New York Zoo policies in the engine: the ladder holds (heuristic > greedy > uniform), heuristic is
deterministic per (seed, game index), and its parameters are read in the order they are declared."""
from __future__ import annotations

import numpy as np
import pytest

from zoosim.games.new_york_zoo import GAME
from zoosim.games.new_york_zoo.policies import PARAM_NAMES
from zoosim.games.new_york_zoo.rules import Rules
from zoosim.sim.rotations import rotation_shares, share_of_places


def share_per_seat(strong: str, weak: str, players: int, deals: int, seed: int = 11) -> tuple[float, float, float]:
    """`strong`'s win share per seat (and Wilson 95% interval) against `weak`, seats alternating, every rotation."""
    lineup = [GAME.policy(strong if s % 2 == 0 else weak) for s in range(players)]
    shares = rotation_shares(GAME, Rules(), players, lineup, seed, 0, deals)
    share, low, high, _ = share_of_places(shares, range(0, players, 2))
    return share, low, high


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_heuristic_beats_greedy_and_greedy_beats_uniform(players):
    share, low, _ = share_per_seat("heuristic", "greedy", players, 120)
    assert low > 1 / players, f"heuristic wins {share:.3f} per seat against greedy at {players} players"
    share, low, _ = share_per_seat("greedy", "uniform", players, 40)
    assert low > 1 / players, f"greedy wins {share:.3f} per seat against uniform at {players} players"


def test_heuristic_is_deterministic_per_game():
    spec = [GAME.policy("heuristic"), GAME.policy("greedy"), GAME.policy("heuristic")]
    whole = GAME.play_block(Rules(), 3, spec, 5, 0, 12, threads=1)
    part = GAME.play_block(Rules(), 3, spec, 5, 6, 6, threads=1)
    again = GAME.play_block(Rules(), 3, spec, 5, 0, 12, threads=1)
    for column in ("score", "rank", "win_share", "turns", "animals_on_board", "breedings"):
        assert np.array_equal(whole[column][18:], part[column])
        assert np.array_equal(whole[column], again[column])


def test_heuristic_parameters_in_declared_order():
    assert tuple(p.name for p in GAME.policies["heuristic"].params) == PARAM_NAMES
