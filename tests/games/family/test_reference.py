"""The family's shared reference glue (zoosim/games/family/reference.py) on hand-built input: ranking by score then a
tie-break, the record of a finished game, and `game_player` (each reference's `play_game`), shown with Tractor's."""
from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from zoosim.core.rng import PyRng
from zoosim.games.base import ZoosimError
from zoosim.games.family.reference import game_record, ranks_and_shares
from zoosim.games.tractor import reference as tractor
from zoosim.games.tractor.rules import Rules as TractorRules

pytestmark = pytest.mark.rules  # every test here pins the reference to the spec


def test_ranks_by_score_then_the_tie_break_and_winners_share_one():
    assert ranks_and_shares([5, 7, 5, 2]) == ([2, 1, 2, 4], [0.0, 1.0, 0.0, 0.0])
    assert ranks_and_shares([6, 3, 6]) == ([1, 3, 1], [0.5, 0.0, 0.5])  # no tie-break: a shared win
    assert ranks_and_shares([6, 3, 6], [1, 9, 2]) == ([2, 3, 1], [0.0, 0.0, 1.0])
    assert ranks_and_shares([6, 6, 6], [2, 2, 1]) == ([1, 1, 3], [0.5, 0.5, 0.0])


def test_game_record_of_a_finished_game():
    state = SimpleNamespace(events=[(1, 0, 2, 3, 0, 0), (6, 1, 1, 0, 0, 0)], round=4, turns=9,
                            round_scores=[(1, 2), (3, 3)])
    scores = [{"total": 8, "a": 5, "b": 3, "unlisted": 7}, {"total": 8, "a": 8, "b": 0, "unlisted": 1}]
    columns = [{"pushes": 1}, {"pushes": 2}]
    record = game_record(state, scores, ("a", "b"), columns, tie_breaks=[0, 1])
    assert record.events == state.events and record.events is not state.events
    assert (record.rounds, record.turns, record.round_scores) == (4, 9, [[1, 2], [3, 3]])
    assert [(s.score, s.components, s.columns, s.rank, s.win_share) for s in record.seats] == [
        (8, {"a": 5, "b": 3}, {"pushes": 1}, 2, 0.0), (8, {"a": 8, "b": 0}, {"pushes": 2}, 1, 1.0)]
    shared = game_record(state, scores, ("a",), columns)  # no tie-break: equal totals share the win
    assert [(s.rank, s.win_share) for s in shared.seats] == [(1, 0.5), (1, 0.5)]


def test_play_game_plays_each_seats_policy_from_one_stream_and_checks_after_every_turn():
    rules = replace(TractorRules(), backyard_size=1)
    checked = []
    record = tractor.play_game(rules, 3, ["random", "uniform", "random"], 8, 2, check=lambda s: checked.append(
        (s.turns, s.current)))
    rng = PyRng(8, 2)
    state = tractor.setup(rules, 3, rng)
    turns = []
    while not state.game_over:
        seat = state.current
        tractor.uniform_turn(state, rng, random_push=seat != 1)
        turns.append((state.turns, state.current))
    assert record == tractor.game_record(state) and record.turns == len(turns) > 3
    assert checked == turns  # one check after every turn, on the state after that turn


def test_play_game_needs_one_known_policy_per_seat():
    rules = TractorRules()
    for policies in (["uniform"], ["uniform"] * 3, ["uniform", "greedy"]):
        with pytest.raises(ZoosimError, match="need one policy per seat"):
            tractor.play_game(rules, 2, policies, 1, 1)
    with pytest.raises(ZoosimError):
        tractor.play_game(rules, 6, ["uniform"] * 6, 1, 1)  # the rules' player count check comes first
