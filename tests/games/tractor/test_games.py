"""Tractor Zooloretto whole games: the reference keeps every invariant after every turn of uniform and random
games, and the replay check refuses an engine game's decisions tampered with (simulation and engine: not `rules`)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from zoosim.games.tractor import GAME
from zoosim.games.tractor.reference import IllegalMove, check_invariants, play_game, replay_decisions
from zoosim.games.tractor.replay import play_recorded
from zoosim.games.tractor.rules import Rules

R = Rules()


def test_games_keep_every_invariant_after_every_turn():
    for g in range(12):
        players = 2 + g % 4
        policy = ("uniform", "random")[g % 2]
        rules = R if g < 8 else replace(R, overflow="discard", backyard_size=1)
        play_game(rules, players, [policy] * players, 23, g, check=check_invariants)


# --- replay of an engine game's decisions -------------------------------------------------------------

def test_replay_refuses_a_tampered_decision() -> None:
    events, *_ = play_recorded(Rules(), 3, [GAME.policy("greedy")] * 3, 5, 0)
    rows = [list(map(int, r)) for r in events]
    push = next(i for i, r in enumerate(rows) if r[0] == 3)
    with pytest.raises(IllegalMove):
        replay_decisions(Rules(), 3, 5, 0, rows[:push] + rows[push + 1:])  # a push left out
    take = next(i for i, r in enumerate(rows) if r[0] == 1)
    rows[take][2] = (rows[take][2] + 1) % 4  # another tractor
    with pytest.raises(IllegalMove):
        replay_decisions(Rules(), 3, 5, 0, rows)
