"""Tractor Zooloretto `zoosim score` positions: a hand-scored example, winners, impossible positions, and
the engine's rows adding up over random games."""
from __future__ import annotations

import copy

import numpy as np
import pytest

from zoosim.games.base import ZoosimError
from zoosim.games.tractor import GAME
from zoosim.games.tractor.positions import score_position
from zoosim.games.tractor.rules import Rules

R = Rules()

EXAMPLE = {"players": [
    {"enclosures": [{"species": 0, "animals": 3}, {"species": "1", "animals": 2, "attraction": True},
                    {"species": None, "animals": 0, "attraction": True}],
     "stalls": 2, "backyard": {"animals": 1, "other": 1}},
    {"enclosures": [{"species": 0, "animals": 1}, {"species": 0, "animals": 1}, {"species": 0, "animals": 1}]},
]}


def test_hand_scored_example():
    # seat 0: full 3 + 3, attractions 2, stalls 2, backyard -1; card 1 tied (3 zebras each), card 2 (3 tiles
    # against 1) and card 3 (2 attractions against 0) won: 6 + 2 + 2 - 1 + 2 + 1 = 12.
    result = score_position(copy.deepcopy(EXAMPLE), R)
    assert result["players"][0] == {"total": 12, "full_enclosure_points": 6, "attraction_points": 2,
                                    "stall_points": 2, "backyard_penalty": -1, "card_species_winner": 0,
                                    "card_enclosure_winner": 2, "card_attraction_winner": 1}
    assert result["players"][1]["total"] == 0 and result["winners"] == [0]


def test_a_tie_is_a_shared_win():
    player = {"enclosures": [{"species": 0, "animals": 3}, {"species": None, "animals": 0},
                             {"species": None, "animals": 0}]}
    assert score_position({"players": [player, player]}, R)["winners"] == [0, 1]


def _broken(path, value):
    data = copy.deepcopy(EXAMPLE)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize("data, message", [
    (_broken(("players", 0, "enclosures", 0, "animals"), 4), "only 3 places"),
    (_broken(("players", 0, "enclosures", 1, "animals"), 3), "and an attraction but only 3 places"),
    (_broken(("players", 0, "enclosures", 0, "species"), None), "without a species"),
    (_broken(("players", 0, "enclosures", 0, "species"), 9), "unknown species 9"),
    (_broken(("players", 0, "enclosures", 0, "attraction"), "yes"), "true or false"),
    (_broken(("players", 0, "enclosures"), []), "all 3 enclosures"),
    (_broken(("players", 0, "stalls"), 3), "only 2 stall spaces"),
    (_broken(("players", 0, "backyard"), {"animals": 3, "other": 1}), "it holds 3"),
    (_broken(("players", 0, "backyard"), {"pets": 1}), "unknown key 'pets'"),
    (_broken(("players", 1, "enclosures"), [{"species": 0, "animals": 3}] * 3), "12 animals of species 0"),
    (_broken(("players", 0, "stalls"), -1), ">= 0"),
    (_broken(("players",), "two"), "players"),
])
def test_impossible_positions_are_refused_in_one_line(data, message):
    with pytest.raises(ZoosimError, match=message) as err:
        score_position(data, R)
    assert "\n" not in str(err.value)


def test_engine_rows_add_up_and_stay_in_bounds():
    for players in (2, 3, 4, 5):
        for policy in ("uniform", "random", "greedy", "heuristic"):
            block = GAME.play_block(R, players, [GAME.policy(policy)] * players, 3, 0, 40)
            parts = sum(block[c].astype(int) for c in GAME.score_components)
            assert np.array_equal(parts, block["score"])
            assert (block["backyard_penalty"] <= 0).all()
            assert (block["score"] <= R.max_score()).all() and (block["score"] >= R.min_score()).all()
            for card, points in zip(("card_species_winner", "card_enclosure_winner", "card_attraction_winner"), (3, 2, 1)):
                won = block[card].reshape(-1, players)
                assert set(np.unique(won)) <= {0, points} and (won.sum(axis=1) <= points).all()
            shares = block["win_share"].reshape(-1, players)
            assert np.allclose(shares.sum(axis=1), 1.0)
            assert set(np.unique(block["end_reason"])) <= {0, 1, 2}
            assert (block["turns"] == block["rounds"].astype(int) * players).all()


def test_blocks_do_not_depend_on_threads_or_block_boundaries():
    specs = [GAME.policy("heuristic"), GAME.policy("uniform"), GAME.policy("random")]
    whole = GAME.play_block(R, 3, specs, 9, 0, 300, threads=2)
    one = GAME.play_block(R, 3, specs, 9, 0, 300, threads=1)
    parts = [GAME.play_block(R, 3, specs, 9, first, 100, threads=1) for first in (0, 100, 200)]
    for name, column in whole.items():
        assert np.array_equal(column, one[name]), name
        assert np.array_equal(column, np.concatenate([p[name] for p in parts])), name
