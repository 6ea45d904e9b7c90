"""Zooloretto Mini whole games: the reference keeps every invariant after every turn of uniform and random games,
and the replay check refuses an engine game's decisions tampered with (simulation and engine: not `rules`)."""
from __future__ import annotations

import pytest

from zoosim.games.zooloretto_mini import GAME
from zoosim.games.zooloretto_mini.reference import IllegalMove, check_invariants, play_game, replay_decisions
from zoosim.games.zooloretto_mini.replay import play_recorded
from zoosim.games.zooloretto_mini.rules import Rules

R = Rules()


def test_games_keep_every_invariant_after_every_turn():
    for g in range(30):
        players = 2 + g % 4
        play_game(R, players, ["uniform", "random"][g % 2:][:1] * players, 17, g, check=check_invariants)


# --- replay of an engine game's decisions -------------------------------------------------------------

def test_replay_refuses_a_tampered_decision() -> None:
    """The replay check can fail: a PLACE moved to another enclosure, or a bonus dropped, is caught."""
    specs = [GAME.policy("greedy")] * 3
    for game_index in range(40):
        events, *_ = play_recorded(Rules(), 3, specs, 5, game_index)
        rows = [list(map(int, r)) for r in events]
        bonus = next((i for i, r in enumerate(rows) if r[0] in (6, 7, 8)), None)
        if bonus is not None:
            with pytest.raises(IllegalMove):
                replay_decisions(Rules(), 3, 5, game_index, rows[:bonus] + rows[bonus + 1:])
            break
    else:
        pytest.fail("no bonus in 40 greedy games")
    place = next(i for i, r in enumerate(rows) if r[0] == 3)
    rows[place][2] = 64 + 7  # a tile that is not on the truck
    with pytest.raises(IllegalMove):
        replay_decisions(Rules(), 3, 5, game_index, rows)
