"""Zooloretto Mini `zoosim score` positions: the rulebook's worked example (24), winners, impossible positions,
and the engine's own scoring agreeing with the reference on finished games."""
from __future__ import annotations

import copy
import json

import numpy as np
import pytest

from zoosim.games.base import ZoosimError
from zoosim.games.zooloretto_mini import GAME
from zoosim.games.zooloretto_mini.positions import score_position
from zoosim.games.zooloretto_mini.rules import Rules

R = Rules()

# 4 impalas (4), 6 rhinos (12), 5 llamas (8); 2 landscape kinds (+4); barn with 2 kinds of things (-4).
WORKED = {"players": [{
    "enclosures": [
        {"species": 0, "animals": 4, "landscapes": ["pond", "rock"]},
        {"species": 1, "animals": 6},
        {"species": "2", "animals": 5, "landscapes": ["pond"]},
    ],
    "barn": {"animals": {"3": 1}, "landscapes": ["bush"]},
}]}


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


def _broken(path, value):
    data = copy.deepcopy(WORKED)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize("data, message", [
    (_broken(("players", 0, "enclosures", 1, "animals"), 7), "only 6 spaces"),
    (_broken(("players", 0, "enclosures", 0, "landscapes"), ["pond"] * 3), "only 6 spaces"),
    (_broken(("players", 0, "enclosures", 1, "species"), None), "without a species"),
    (_broken(("players", 0, "enclosures", 1, "species"), 7), "unknown species 7"),
    (_broken(("players", 0, "enclosures", 0, "landscapes"), ["lava"]), "unknown landscape 'lava'"),
    (_broken(("players", 0, "enclosures"), [{"species": 0, "animals": 1}]), "all 3 enclosures"),
    (_broken(("players", 0, "enclosures", 0, "animals"), -1), ">= 0"),
    (_broken(("players", 0, "enclosures", 0, "animals"), 2.5), "whole number"),
    (_broken(("players", 0, "barn", "animals"), {"1": 8}), "14 animals of species 1"),
    (_broken(("players", 0, "barn", "landscapes"), ["pond", "pond"]), "4 pond tiles"),
    (_broken(("players", 0, "barn", "animals"), [3]), "map species"),
    (_broken(("players", 0, "zoo"), 1), "unknown key 'zoo'"),
    (_broken(("players",), []), "players"),
])
def test_impossible_positions_are_refused_in_one_line(data, message):
    with pytest.raises(ZoosimError, match=message) as err:
        score_position(data, R)
    assert "\n" not in str(err.value)


def test_engine_rows_add_up_and_stay_in_bounds():
    """Invariants over random engine games: components sum to the score, penalties <= 0, scores within the
    rules' bounds, ranks and win shares consistent, rounds and turns positive."""
    for players in (2, 3, 4, 5):
        for policy in ("uniform", "random", "greedy", "heuristic"):
            block = GAME.play_block(R, players, [GAME.policy(policy)] * players, 3, 0, 60)
            parts = sum(block[c].astype(int) for c in GAME.score_components)
            assert np.array_equal(parts, block["score"])
            assert (block["barn_animal_penalty"] <= 0).all() and (block["barn_landscape_penalty"] <= 0).all()
            assert (block["score"] <= R.max_score()).all() and (block["score"] >= R.min_score()).all()
            shares = block["win_share"].reshape(-1, players)
            assert np.allclose(shares.sum(axis=1), 1.0)
            ranks = block["rank"].reshape(-1, players)
            assert ((ranks == 1) == (shares > 0)).all()
            assert (block["rounds"] > 0).all() and (block["turns"] >= block["rounds"] * players).all()


def test_blocks_do_not_depend_on_threads_or_block_boundaries():
    specs = [GAME.policy("heuristic"), GAME.policy("uniform"), GAME.policy("random")]
    whole = GAME.play_block(R, 3, specs, 9, 0, 300, threads=2)
    one = GAME.play_block(R, 3, specs, 9, 0, 300, threads=1)
    parts = [GAME.play_block(R, 3, specs, 9, first, 100, threads=1) for first in (0, 100, 200)]
    for name, column in whole.items():
        assert np.array_equal(column, one[name]), name
        assert np.array_equal(column, np.concatenate([p[name] for p in parts])), name
