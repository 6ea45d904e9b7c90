"""The family's shared reference glue (zoosim/games/family/reference.py) on hand-built input: ranking by score then a
tie-break, the record of a finished game, and `game_player` (each reference's `play_game`), shown with Tractor's."""
from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from zoosim.core.rng import PyRng
from zoosim.games.base import ZoosimError
from zoosim.games.family import trucks
from zoosim.games.family.reference import IllegalMove, game_player, game_record, ranks_and_shares
from zoosim.games.tractor import reference as tractor
from zoosim.games.tractor import rules as tractor_rules
from zoosim.games.tractor.rules import Rules as TractorRules
from zoosim.games.zooloretto_mini import reference as mini
from zoosim.games.zooloretto_mini.rules import Rules as MiniRules

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


def test_game_player_makes_play_game_from_a_games_pieces():
    """`game_player` itself, called here (the games call it once, at import): the same game as the loop by hand."""
    play = game_player(tractor_rules.validate, tractor.setup, tractor.POLICY_TURNS, tractor.game_record)
    rules = replace(TractorRules(), backyard_size=1)
    checked = []
    record = play(rules, 2, ["uniform", "random"], 3, 1, check=lambda s: checked.append((s.turns, s.current)))
    rng = PyRng(3, 1)
    state = tractor.setup(rules, 2, rng)
    turns = []
    while not state.game_over:
        tractor.uniform_turn(state, rng, random_push=state.current == 1)
        turns.append((state.turns, state.current))
    assert record == tractor.game_record(state) and checked == turns and len(turns) > 3
    assert play(rules, 2, ["random", "random"], 3, 1) == play(rules, 2, ["random", "random"], 3, 1)
    assert play(rules, 2, ["random", "random"], 3, 1).events != record.events
    for policies in (["uniform"], ["uniform"] * 3, ["uniform", "greedy"]):
        with pytest.raises(ZoosimError, match="need one policy per seat"):
            play(rules, 2, policies, 1, 1)
    with pytest.raises(ZoosimError, match="players"):
        play(rules, 6, ["uniform"] * 6, 1, 1)


# --- the truck games' shared rules (zoosim/games/family/trucks.py), on Zooloretto Mini's reference -----------

def test_the_highest_species_leave_by_default_and_the_draw_is_a_partial_fisher_yates():
    # zooloretto-mini.md setup: 7 species; 2 players remove 3, 3 players 2, 4 players 1, 5 players none
    assert [mini.State.empty(MiniRules(), p).removed_species for p in (2, 3, 4, 5)] == [[4, 5, 6], [5, 6], [6], []]
    for g in range(12):
        rng, expected = PyRng(4, g), PyRng(4, g)
        order = list(range(7))
        for i in range(3):  # PROTOCOL 3.1: j = i + below(7 - i), the first k leave
            j = i + expected.below(7 - i)
            order[i], order[j] = order[j], order[i]
        assert trucks.draw_removed_species(MiniRules(), 2, rng) == sorted(order[:3]) and rng.s == expected.s


def test_a_truck_with_no_tile_is_taken_only_when_nothing_else_can_be_done():
    state = mini.State.empty(MiniRules(), 3)  # every truck empty, tiles left: draw
    with pytest.raises(IllegalMove, match="empty"):
        mini.apply_turn(state, (mini.TAKE, 0, 0, 0), placements=[], bonuses=[])
    assert trucks.forced_empty_truck(state) is None


def test_turns_count_one_by_one_and_the_round_limit_ends_the_game():
    rules = replace(MiniRules(), max_rounds=2)
    state = mini.State.empty(rules, 2)
    state.turns = 5
    for t in (0, 1):
        trucks.put_on_truck(state, t, 4 * t)
        mini.apply_turn(state, (mini.TAKE, t, 0, 0), placements=[(4 * t, mini.BARN)], bonuses=[])
    assert state.turns == 7 and state.round == 2 and not state.game_over
    assert [z.has_truck for z in state.zoos] == [False, False]
    for t in (0, 1):
        trucks.put_on_truck(state, t, 4 * t)
        mini.apply_turn(state, (mini.TAKE, t, 0, 0), placements=[(4 * t, mini.BARN)], bonuses=[])
    assert state.game_over and state.round == 2  # spec: the game ends after round max_rounds


def test_births_count_up_and_offspring_in_the_barn_add_up():
    state = mini.State.empty(MiniRules(), 3)
    zoo = state.zoos[0]
    mini.put_in_zoo(state, 0, 0, *[0] * 4)  # four plain A: two spaces left
    mini.put_in_zoo(state, 0, mini.BARN, 3)  # an offspring of A already in the barn
    zoo.offspring_born = 3
    trucks.put_on_truck(state, 0, 1, 2)  # a fertile male and female of A
    mini.apply_turn(state, (mini.TAKE, 0, 0, 0), placements=[(1, 0), (2, 0)], bonuses=[(mini.BONUS_SKIP, 0, 0, 0)])
    # the pair fills the enclosure (6 tiles) and breeds at once: its offspring goes to the barn (zooloretto-mini.md 4)
    assert zoo.barn[3] == 2 and zoo.offspring_born == 4 and state.supply[0] == 0


def _checked_state():
    state = mini.State.empty(MiniRules(), 3)
    for t in range(3):
        trucks.put_on_truck(state, t, 4 * t, 4 * t, 4 * t)  # every truck at its capacity
    mini.check_invariants(state)
    return state


def test_the_invariants_of_the_trucks_stacks_and_species():
    _checked_state()
    state = _checked_state()
    state.trucks[0].tiles.append(state.main.pop(0))
    with pytest.raises(AssertionError, match="truck 0 over capacity"):
        mini.check_invariants(state)
    state = _checked_state()
    state.trucks[0].tiles[0] = 3  # an offspring of A on a truck in place of a plain A
    with pytest.raises(AssertionError, match="offspring on truck 0"):
        mini.check_invariants(state)
    state = _checked_state()
    state.main.append(4 * 6)  # a tile of the removed species 6
    with pytest.raises(AssertionError, match="removed species 6 in play"):
        mini.check_invariants(state)
    state = mini.State.empty(MiniRules(), 3, removed_species=[0, 1])  # not the highest: later species still checked
    state.main.remove(4 * 3)
    with pytest.raises(AssertionError, match="species 3: 10 square tiles"):
        mini.check_invariants(state)
    state = _checked_state()
    state.zoos[0].barn[4 * 2 + 3] += 1  # an offspring that did not come from the supply
    with pytest.raises(AssertionError, match="species 2: offspring"):
        mini.check_invariants(state)


def test_the_invariants_of_an_enclosure():
    state = _checked_state()
    mini.put_in_zoo(state, 0, 0, 0)
    state.zoos[0].enclosures[0].animals.append(state.main.pop(state.main.index(4)))  # a B beside the A
    with pytest.raises(AssertionError, match="player 0 enclosure 0: two species"):
        mini.check_invariants(state)
    state = _checked_state()
    for code in (4 + 1, 4 + 2):  # a fertile male and female of B, unused, while the supply holds one offspring
        trucks.take_from_stacks(state, code)
        state.zoos[2].enclosures[1].animals.append(code)
    state.supply[1] = 1
    with pytest.raises(AssertionError, match="player 2 enclosure 1: an unused pair did not breed"):
        mini.check_invariants(state)


def test_a_hand_built_offspring_comes_from_the_supply_while_it_lasts():
    state = mini.State.empty(MiniRules(), 3)
    state.supply[0] = 1
    mini.put_in_zoo(state, 0, mini.BARN, 3)
    assert state.supply[0] == 0
    with pytest.raises(ZoosimError, match="no offspring of species 0 left in the supply"):
        mini.put_in_zoo(state, 0, mini.BARN, 3)
