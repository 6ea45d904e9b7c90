"""Zooloretto Mini: one test per rule of shared/specs/zooloretto-mini.md, on hand-built reference states.

Tile codes (PROTOCOL 2): animal 4*s + class (0 plain/used, 1 fertile male, 2 fertile female, 3 offspring),
landscape 64 + kind (0 pond, 1 bush, 2 rock). States come from `State.empty` (tiles unshuffled; the highest
species removed) and the `put_*` helpers, which take tiles out of the stacks so invariants still hold.
"""
from __future__ import annotations

from dataclasses import replace

import pytest

from tests.support.truck_tiles import baby, female, male, plain
from zoosim.core.rng import PyRng
from zoosim.games.base import ZoosimError
from zoosim.games.zooloretto_mini import GAME
from zoosim.games.zooloretto_mini.reference import (
    BIRTH, BONUS_DISCARD, BONUS_SKIP, BONUS_TAKE, DRAW, FILL, LAST_ROUND, PLACE, ROUND_END, TAKE, IllegalMove,
    State, apply_turn, bonus_options, check_invariants, legal_turn_options, play_game, put_in_zoo, put_on_truck,
    ranks_and_shares, replay_decisions, score_player, setup, uniform_bonus,
)
from zoosim.games.zooloretto_mini.replay import play_recorded
from zoosim.games.zooloretto_mini.rules import BARN, Rules

R = Rules()
POND, BUSH, ROCK = 64, 65, 66
A, B, C = 0, 1, 2  # species in play with any player count by default


def fresh(players=3, **changes) -> State:
    return State.empty(replace(R, **changes), players)


def take(state, truck, placements, bonuses=()):
    apply_turn(state, (TAKE, truck, 0, 0), placements=list(placements), bonuses=list(bonuses))


# --- 1. components and setup ---------------------------------------------------------------------------

@pytest.mark.parametrize("players, squares, bag, removed, capacities", [
    (2, 53, 38, 3, [1, 2, 3]), (3, 64, 49, 2, [3, 3, 3]), (4, 75, 60, 1, [3] * 4), (5, 86, 71, 0, [3] * 5),
])
def test_setup_counts_per_player_count(players, squares, bag, removed, capacities):
    state = setup(R, players, PyRng(3, 1))
    assert len(state.main) == bag and len(state.end) == 15 and len(state.main + state.end) == squares
    assert len(state.removed_species) == removed
    assert [t.capacity for t in state.trucks] == capacities
    tiles = state.main + state.end
    for s in (s for s in range(7) if s not in state.removed_species):
        assert sorted(c for c in tiles if c // 4 == s and c < 64) == [4 * s] * 7 + [4 * s + 1] * 2 + [4 * s + 2] * 2
        assert state.supply[s] == 2
    assert sorted(c for c in tiles if c >= 64) == [POND] * 3 + [BUSH] * 3 + [ROCK] * 3
    check_invariants(state)


def test_setup_consumes_the_stream_as_the_protocol_says():
    rng = PyRng(5, 9)
    state = setup(R, 3, rng)
    expected = PyRng(5, 9)
    order = list(range(7))
    for i in range(2):
        j = i + expected.below(7 - i)
        order[i], order[j] = order[j], order[i]
    assert state.removed_species == sorted(order[:2])
    tiles = State.empty(R, 3, order[:2]).main + State.empty(R, 3, order[:2]).end
    for i in range(len(tiles) - 1, 0, -1):
        j = expected.below(i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    assert state.main == tiles[:49] and state.end == tiles[49:] and rng.s == expected.s


# --- 2. a round ----------------------------------------------------------------------------------------

def test_draw_from_the_bag_then_the_end_stack_makes_the_round_the_last():
    state = fresh(3)
    state.main, state.end = [plain(A)], [POND, ROCK]
    apply_turn(state, (DRAW,), truck=0)
    apply_turn(state, (DRAW,), truck=1)
    assert state.events == [(DRAW, 0, plain(A), 0, 0, 0), (DRAW, 1, POND, 1, 1, 0), (LAST_ROUND, 1, 1, 0, 0, 0)]
    assert state.last_round and state.end == [ROCK]


def test_when_every_untaken_truck_is_full_taking_is_forced():
    state = fresh(3)
    for t in range(3):
        put_on_truck(state, t, plain(t), plain(t), plain(t))
    assert legal_turn_options(state) == [(TAKE, 0, 0, 0), (TAKE, 1, 0, 0), (TAKE, 2, 0, 0)]
    with pytest.raises(IllegalMove, match="cannot draw"):
        apply_turn(state, (DRAW,), truck=0)


def test_a_truck_needs_a_tile_to_be_taken():
    state = fresh(3)
    put_on_truck(state, 1, plain(A))
    assert legal_turn_options(state) == [(DRAW, 0, 0, 0), (TAKE, 1, 0, 0)]
    with pytest.raises(IllegalMove, match="empty"):
        take(state, 0, [])


def test_taking_sits_out_and_a_player_left_alone_keeps_going_and_starts_the_next_round():
    state = fresh(3)
    put_on_truck(state, 0, plain(A))
    put_on_truck(state, 1, plain(B))
    take(state, 0, [(plain(A), 0)])  # seat 0
    take(state, 1, [(plain(B), 0)])  # seat 1
    assert state.current == 2
    apply_turn(state, (DRAW,), truck=2)
    apply_turn(state, (DRAW,), truck=2)
    assert state.current == 2 and state.round == 1
    take(state, 2, [(c, BARN) for c in state.trucks[2].tiles])
    assert state.round == 2 and state.current == 2 and state.events[-1] == (ROUND_END, 2, 1, 0, 0, 0)


def test_two_players_trucks_1_2_3_and_leftover_tiles_leave_the_game():
    state = fresh(2)
    assert [t.capacity for t in state.trucks] == [1, 2, 3]
    put_on_truck(state, 0, plain(A))
    with pytest.raises(ZoosimError, match="truck 0 is full"):
        put_on_truck(state, 0, plain(A))
    put_on_truck(state, 1, plain(B))
    put_on_truck(state, 2, POND)
    take(state, 0, [(plain(A), 0)])
    take(state, 1, [(plain(B), 1)])
    assert state.round == 2 and state.out_of_game == [POND] and state.events[-1] == (ROUND_END, 1, 1, 1, 0, 0)
    check_invariants(state)


# --- 3. placing ----------------------------------------------------------------------------------------

def test_an_enclosure_holds_six_tiles_of_one_species_and_any_landscapes():
    state = fresh(3)
    put_in_zoo(state, 0, 0, plain(A), plain(A), POND, POND, ROCK)
    put_on_truck(state, 0, plain(B), plain(A), BUSH)
    with pytest.raises(IllegalMove, match="cannot go to 0"):
        take(state, 0, [(plain(B), 0), (plain(A), 1), (BUSH, 2)])  # a second species
    assert state.zoos[0].enclosures[1].animals == []  # nothing changed
    take(state, 0, [(plain(A), 0), (plain(B), 1), (BUSH, BARN)], [(BONUS_SKIP, 0, 0, 0)])  # 6th tile; barn always
    enc = state.zoos[0].enclosures[0]
    assert len(enc.animals) == 3 and enc.landscapes == [0, 0, 2] and enc.free_spaces == 0
    assert state.zoos[0].barn[BUSH] == 1


def test_a_full_enclosure_takes_nothing():
    state = fresh(3)
    put_in_zoo(state, 0, 0, *[plain(A)] * 6)
    put_on_truck(state, 0, POND)
    with pytest.raises(IllegalMove):
        take(state, 0, [(POND, 0)])


# --- 4. breeding ---------------------------------------------------------------------------------------

def test_a_fertile_pair_breeds_at_once_each_adult_once():
    state = fresh(3)
    put_in_zoo(state, 0, 0, male(A))
    put_on_truck(state, 0, female(A), male(A))
    take(state, 0, [(female(A), 0), (male(A), 0)])
    enc = state.zoos[0].enclosures[0]
    assert sorted(enc.animals) == [plain(A), plain(A), male(A), baby(A)]
    assert state.events[2] == (BIRTH, 0, A, 0, 0, 0) and state.supply[A] == 1
    check_invariants(state)


def test_the_offspring_goes_to_the_barn_when_the_enclosure_is_full_and_nothing_breeds_elsewhere():
    state = fresh(3)
    put_in_zoo(state, 0, 0, male(A), POND, POND, ROCK, plain(A))
    put_in_zoo(state, 0, BARN, male(B))
    put_on_truck(state, 0, female(A), female(B))
    take(state, 0, [(female(A), 0), (female(B), BARN)], [(BONUS_SKIP, 0, 0, 0)])
    assert state.zoos[0].barn[baby(A)] == 1 and state.zoos[0].barn[female(B)] == 1
    assert (BIRTH, 0, A, 0, BARN, 0) in state.events and state.supply[B] == 2


def test_no_birth_when_the_supply_is_empty():
    state = fresh(3, offspring_per_species=0)
    put_on_truck(state, 0, male(A), female(A))
    take(state, 0, [(male(A), 0), (female(A), 0)])
    assert state.zoos[0].enclosures[0].animals == [male(A), female(A)]


# --- 5. the fill bonus ---------------------------------------------------------------------------------

def test_filling_an_enclosure_earns_a_bonus_resolved_after_all_tiles():
    state = fresh(3)
    put_in_zoo(state, 0, 0, *[plain(A)] * 5)
    put_in_zoo(state, 0, BARN, plain(C))
    put_on_truck(state, 0, plain(A), plain(B))
    take(state, 0, [(plain(A), 0), (plain(B), BARN)], [(BONUS_DISCARD, plain(B), 0, 0)])
    kinds = [e[0] for e in state.events]
    assert kinds == [TAKE, PLACE, FILL, PLACE, BONUS_DISCARD]
    assert state.events[2] == (FILL, 0, 0, 1, 0, 0)
    assert state.zoos[0].barn == {plain(C): 1} and state.zoos[0].bonuses_taken == 1


def test_a_birth_that_fills_earns_a_bonus():
    state = fresh(3)
    put_in_zoo(state, 0, 0, plain(A), plain(A), plain(A), male(A))
    put_on_truck(state, 0, female(A))
    take(state, 0, [(female(A), 0)], [(BONUS_SKIP, 0, 0, 0)])
    assert state.events[-2] == (FILL, 0, 0, 1, 0, 0) and state.events[-3][0] == BIRTH


@pytest.mark.parametrize("per_enclosure, earned", [(True, 2), (False, 1)])
def test_one_bonus_per_enclosure_filled_or_one_per_turn(per_enclosure, earned):
    state = fresh(3, bonus_per_enclosure=per_enclosure)
    put_in_zoo(state, 0, 0, *[plain(A)] * 5)
    put_in_zoo(state, 0, 1, *[plain(B)] * 5)
    put_on_truck(state, 0, plain(A), plain(B))
    skips = [(BONUS_SKIP, 0, 0, 0)] * earned
    with pytest.raises(IllegalMove):
        take(state, 0, [(plain(A), 0), (plain(B), 1)], skips + [(BONUS_SKIP, 0, 0, 0)])
    take(state, 0, [(plain(A), 0), (plain(B), 1)], skips)
    assert [e[3] for e in state.events if e[0] == FILL] == ([1, 1] if per_enclosure else [1, 0])


def test_bonus_take_only_legal_tiles_from_other_barns_and_no_chain_but_breeding():
    state = fresh(3)
    put_in_zoo(state, 0, 0, *[plain(A)] * 5)
    put_in_zoo(state, 0, 1, plain(B), plain(B), plain(B), plain(B), male(B))
    put_in_zoo(state, 1, BARN, female(B), plain(C))
    put_in_zoo(state, 0, BARN, POND)
    options = bonus_options(state, 0)
    assert options[0] == (BONUS_SKIP, 0, 0, 0)
    assert (BONUS_TAKE, 1, female(B), 1) in options and (BONUS_TAKE, 1, female(B), 0) not in options
    assert (BONUS_TAKE, 1, plain(C), 2) in options and (BONUS_DISCARD, POND, 0, 0) == options[-1]
    assert not any(o[0] == BONUS_TAKE and o[1] == 0 for o in options)  # never from the own barn
    put_on_truck(state, 0, plain(A))
    take(state, 0, [(plain(A), 0)], [(BONUS_TAKE, 1, female(B), 1)])
    # the taken female fills enclosure 1 (no bonus) and breeds; the offspring goes to the barn
    assert state.events[-3:] == [(BONUS_TAKE, 0, 1, female(B), 1, 0), (FILL, 0, 1, 0, 0, 0), (BIRTH, 0, B, 1, BARN, 0)]
    assert state.zoos[1].barn == {plain(C): 1} and state.zoos[0].barn[baby(B)] == 1
    check_invariants(state)


def test_an_illegal_bonus_is_refused_and_changes_nothing():
    state = fresh(3)
    put_in_zoo(state, 0, 0, *[plain(A)] * 5)
    put_on_truck(state, 0, plain(A))
    with pytest.raises(IllegalMove, match="bonus"):
        take(state, 0, [(plain(A), 0)], [(BONUS_DISCARD, POND, 0, 0)])  # the barn is empty
    assert state.trucks[0].tiles == [plain(A)] and state.events == []


# --- 6. scoring ----------------------------------------------------------------------------------------

def test_enclosure_points_by_animal_count_landscapes_dont_count():
    state = fresh(3)
    put_in_zoo(state, 0, 0, *[plain(A)] * 4, POND, BUSH)
    put_in_zoo(state, 0, 1, *[plain(B)] * 6)
    put_in_zoo(state, 0, 2, plain(C))
    parts = score_player(R, state.zoos[0])
    assert parts["enclosure_points"] == 4 + 12 + 1 and parts["landscape_points"] == 4


@pytest.mark.parametrize("n, points", [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (5, 8), (6, 12)])
def test_points_table(n, points):
    state = fresh(3)
    put_in_zoo(state, 0, 0, *[plain(A)] * n)
    assert score_player(R, state.zoos[0])["enclosure_points"] == points


def test_landscape_kinds_count_once_in_the_whole_zoo_and_barn_penalties_by_kind():
    state = fresh(3)
    put_in_zoo(state, 0, 0, POND, POND)
    put_in_zoo(state, 0, 1, POND, ROCK)
    put_in_zoo(state, 0, BARN, plain(A), male(A), baby(B), BUSH, BUSH, ROCK)
    parts = score_player(R, state.zoos[0])
    assert parts == {"enclosure_points": 0, "landscape_points": 4, "barn_animal_penalty": -4,
                     "barn_landscape_penalty": -4, "total": -4}


def test_best_possible_score_is_36():
    assert R.max_score() == 36


def test_tie_break_landscape_tiles_then_shared():
    assert ranks_and_shares([10, 10, 8], [2, 1, 5]) == ([1, 2, 3], [1.0, 0.0, 0.0])
    assert ranks_and_shares([10, 10], [1, 1]) == ([1, 1], [0.5, 0.5])


# --- 8. the uniform policy -----------------------------------------------------------------------------

def test_uniform_bonus_discards_a_tile_chosen_uniformly_by_tile():
    state = fresh(3)
    put_in_zoo(state, 0, BARN, plain(A), plain(A), plain(A), POND)
    picks = [uniform_bonus(state, 0, PyRng(1, g)) for g in range(400)]
    ponds = sum(p == (BONUS_DISCARD, POND, 0, 0) for p in picks)
    assert 60 < ponds < 140  # 1 tile in 4
    assert uniform_bonus(fresh(3), 0, PyRng(1, 1)) == (BONUS_SKIP, 0, 0, 0)


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
