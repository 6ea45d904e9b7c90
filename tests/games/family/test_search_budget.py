"""The truck games' search budget is playouts at 2 players, scaled by 2/players at more (family.search.playouts):
a 4-player playout plays twice the turns, so a decision's time stays about the same."""
from __future__ import annotations

import importlib

import pytest

from zoosim.games.registry import get_game


@pytest.mark.parametrize("game_id, package", [("zooloretto-mini", "zooloretto_mini"), ("tractor", "tractor")])
def test_a_decision_spends_the_budget_at_two_players_and_half_of_it_at_four(game_id: str, package: str) -> None:
    game = get_game(game_id)
    replay = importlib.import_module(f"zoosim.games.{package}.replay")
    state = importlib.import_module(f"zoosim.games.{package}.engine.state")
    rules = game.default_rules()
    spent = {}
    for players in (2, 4):
        specs = [game.policy("search:budget=64", players)] + [game.policy("heuristic", players)] * (players - 1)
        events, *_ = replay.play_recorded(rules, players, specs, 5, 0, explain=True)
        searched = events[events[:, 0] == state.EV_SEARCH]
        assert len(searched) > 5
        spent[players] = searched[:, 4]
    assert spent[4].max() <= 32 < spent[2].max() <= 64
