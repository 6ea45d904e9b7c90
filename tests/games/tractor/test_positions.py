"""Tractor Zooloretto `zoosim score` positions: a hand-scored example and a shared win. Impossible positions and
the engine's rows are the family's tests (tests/games/family)."""
from __future__ import annotations

import copy

from tests.games.family.cases import TRACTOR_EXAMPLE as EXAMPLE
from zoosim.games.tractor.positions import score_position
from zoosim.games.tractor.rules import Rules

R = Rules()


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
