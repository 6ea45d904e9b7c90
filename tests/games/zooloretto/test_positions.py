"""`zoosim score` positions: the worked example in both species formats, winners, expansions, the players list and
rules that shape a position. Impossible positions are the family's test (tests/games/family)."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest

from tests.games.family.cases import ZOOLORETTO_WORKED as WORKED_BY_NAME
from tests.games.family.cases import zooloretto_set
from zoosim.games.base import ZoosimError
from zoosim.games.zooloretto.positions import format_score_text, load_position, score_position
from zoosim.games.zooloretto.rules import Rules

R = Rules()


WORKED_BY_INDEX = {"players": [{
    "enclosures": [
        {"species": 6, "animals": 5, "stalls": []},
        {"species": 1, "animals": 2, "stalls": ["A", "B"]},
        {"species": 3, "animals": 5},
    ],
    "barn": {"animals": {"4": 1, "7": 2}, "stalls": ["A"]},
    "coins": 3,
}]}

EXPECTED = {"total": 14, "full_enclosure_points": 8, "one_short_points": 6, "partial_points": 2,
            "stall_points": 4, "barn_animal_penalty": -4, "barn_stall_penalty": -2}


@pytest.mark.parametrize("data", [WORKED_BY_NAME, WORKED_BY_INDEX])
def test_worked_example_scores_14(data):
    result = score_position(json.loads(json.dumps(data)), R)
    assert {k: result["players"][0][k] for k in EXPECTED} == EXPECTED
    assert result["winners"] == [0]
    text = format_score_text(result)
    assert "total" in text and " 14" in text and "winner: player 0" in text


def _two(a_zebras: int, a_coins: int, b_zebras: int, b_coins: int) -> dict:
    def player(n, coins):
        return {"enclosures": [{"species": "zebra", "animals": n}, {"species": None, "animals": 0},
                               {"species": None, "animals": 0}], "coins": coins}
    return {"players": [player(a_zebras, a_coins), player(b_zebras, b_coins)]}


def test_winners_by_score_then_coins_then_shared():
    assert score_position(_two(5, 0, 4, 9), R)["winners"] == [0]  # 8 > 5
    assert score_position(_two(5, 1, 5, 2), R)["winners"] == [1]  # tie on 8, more coins
    result = score_position(_two(5, 2, 5, 2), R)
    assert result["winners"] == [0, 1] and "shared win: players 0, 1" in format_score_text(result)


def test_two_players_may_show_two_expansions():
    data = _two(5, 0, 0, 0)
    data["players"][0]["enclosures"] += [{"species": "camel", "animals": 5, "stalls": ["C"]},
                                          {"species": "panda", "animals": 4}]
    first = score_position(data, R)["players"][0]
    assert first["full_enclosure_points"] == 8 + 9 and first["one_short_points"] == 5 and first["stall_points"] == 2
    assert len(load_position(data, R).zoos[0].enclosures) == 5


def test_a_position_needs_players():
    for data in ({}, {"players": []}, {"players": [{}] * 6}):
        with pytest.raises(ZoosimError, match="players"):
            load_position(data, R)
    with pytest.raises(ZoosimError, match="unknown key 'game'"):
        load_position({"players": WORKED_BY_NAME["players"], "game": 1}, R)


def test_rules_shape_positions():
    bigger = replace(R, enclosure_spaces=(6, 4, 6), enclosure_full_points=(9, 5, 10))
    data = zooloretto_set("animals", 6, 0)
    assert score_position(data, bigger)["players"][0]["full_enclosure_points"] == 9
