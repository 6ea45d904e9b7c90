"""Zooloretto Mini `zoosim score` positions: the rulebook's worked example (24) and the winners. Impossible
positions and the engine's rows are the family's tests (tests/games/family)."""
from __future__ import annotations

import json

from tests.games.family.cases import MINI_WORKED as WORKED
from zoosim.games.zooloretto_mini.positions import score_position
from zoosim.games.zooloretto_mini.rules import Rules

R = Rules()


def test_rulebook_example_scores_24():
    result = score_position(json.loads(json.dumps(WORKED)), R)
    assert result["players"][0] == {"total": 24, "enclosure_points": 24, "landscape_points": 4,
                                    "barn_animal_penalty": -2, "barn_landscape_penalty": -2, "landscape_tiles": 3}
    assert result["winners"] == [0]


def _player(animals: int, landscapes: list[str]) -> dict:
    return {"enclosures": [{"species": 0, "animals": animals, "landscapes": landscapes},
                           {"species": None, "animals": 0}, {"species": None, "animals": 0}]}


def test_winners_by_score_then_landscape_tiles_then_shared():
    assert score_position({"players": [_player(5, []), _player(4, ["pond", "pond"])]}, R)["winners"] == [0]
    assert score_position({"players": [_player(4, ["pond"]), _player(4, ["pond", "pond"])]}, R)["winners"] == [1]
    assert score_position({"players": [_player(4, ["rock"]), _player(4, ["pond"])]}, R)["winners"] == [0, 1]
