"""Tractor Zooloretto: one test per rule of shared/specs/tractor.md, on hand-built reference states.

Tile codes (PROTOCOL 2): animal = species, stall 16 + kind, attraction 24. Destinations: enclosure number,
-1 backyard, -2 stall spaces, -3 back to the bag, -4 out of the game.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from zoosim.core.rng import PyRng
from zoosim.games.tractor import GAME
from zoosim.games.tractor.reference import (
    PASS, PLACE, PUSH, REFILL, ROUND_END, TAKE, IllegalMove, State, canonical_tiles, check_invariants, play_game,
    play_turn, push_options, replay_decisions, score_all, setup, zoo_places,
)
from zoosim.games.tractor.replay import play_recorded
from zoosim.games.tractor.rules import ATTRACTION, BACKYARD, DISCARDED, STALLS, TO_BAG, Rules

R = Rules()
STALL = 16
ZEBRA, LION, BEAR = 0, 1, 2


def fresh(players=3, **changes) -> State:
    """A state with empty tractors and the canonical bag (nothing shuffled, nothing dealt)."""
    return State.empty(replace(R, **changes), players)


def load(state: State, t: int, *codes: int) -> None:
    for code in codes:
        state.bag.remove(code)
        state.tractors[t].append(code)


def zoo_with(state: State, p: int, enclosures=(), stalls=0, backyard=()) -> None:
    zoo = state.zoos[p]
    for e, (species, animals, attraction) in enumerate(enclosures):
        enc = zoo.enclosures[e]
        enc.species, enc.animals, enc.attraction = (species if animals else None), animals, attraction
        for _ in range(animals):
            state.bag.remove(species)
        if attraction:
            state.bag.remove(ATTRACTION)
    for _ in range(stalls):
        state.bag.remove(STALL)
        zoo.stalls.append(0)
    for code in backyard:
        state.bag.remove(code)
        zoo.backyard[code] += 1


# --- components and setup ------------------------------------------------------------------------------

@pytest.mark.parametrize("players, tractors", [(2, 4), (3, 4), (4, 5), (5, 6)])
def test_setup_110_tiles_players_plus_one_tractors_one_tile_each(players, tractors):
    state = setup(R, players, PyRng(4, 2))
    assert len(state.tractors) == tractors and all(len(t) == 1 for t in state.tractors)
    assert len(state.bag) == 110 - tractors
    assert Counter(state.bag + [t[0] for t in state.tractors]) == Counter(canonical_tiles(R))
    assert Counter(canonical_tiles(R)) == Counter({**{s: 10 for s in range(9)}, 16: 3, 17: 3, 18: 3, 19: 3, 24: 8})
    assert [e[0] for e in state.events] == [REFILL] * tractors
    check_invariants(state)


def test_setup_shuffles_as_the_protocol_says():
    state = setup(R, 3, PyRng(5, 9))
    tiles = canonical_tiles(R)
    rng = PyRng(5, 9)
    for i in range(len(tiles) - 1, 0, -1):
        j = rng.below(i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    assert [t[0] for t in state.tractors] == tiles[:4] and state.bag == tiles[4:]


# --- a turn --------------------------------------------------------------------------------------------

def test_take_a_tractor_with_tiles_only_and_pass_when_all_are_empty():
    state = fresh(3)
    load(state, 1, ZEBRA)
    with pytest.raises(IllegalMove, match="holds no tile"):
        play_turn(state, 0, 0)
    with pytest.raises(IllegalMove, match="must take"):
        play_turn(state, None)
    play_turn(state, 1, 0)
    state.bag.clear()
    state.tractors[1].clear()  # the refilled tile, gone for this test
    play_turn(state, None)
    assert state.events[-1] == (PASS, 1, 0, 0, 0, 0)


def test_the_first_tile_must_go_into_the_zoo_if_it_can_the_others_to_the_backyard():
    state = fresh(3)
    load(state, 0, LION, ZEBRA, ATTRACTION)
    with pytest.raises(IllegalMove, match="must go to one of"):
        play_turn(state, 0, BACKYARD)
    play_turn(state, 0, 2)
    zoo = state.zoos[0]
    assert zoo.enclosures[2].species == LION and zoo.backyard == {ZEBRA: 1, ATTRACTION: 1}
    assert state.events[:4] == [(TAKE, 0, 0, 3, 0, 0), (PLACE, 0, LION, 2, 0, 0), (PLACE, 0, ZEBRA, BACKYARD, 0, 0),
                                (PLACE, 0, ATTRACTION, BACKYARD, 0, 0)]


def test_animal_places_one_species_attraction_alone_does_not_fix_it():
    state = fresh(3)
    zoo_with(state, 0, [(ZEBRA, 2, False), (LION, 3, False), (None, 0, True)])
    assert zoo_places(state, 0, ZEBRA) == [0, 2]
    assert zoo_places(state, 0, LION) == [2]
    assert zoo_places(state, 0, BEAR) == [2]


def test_attraction_needs_a_free_place_and_no_attraction():
    state = fresh(3)
    zoo_with(state, 0, [(ZEBRA, 3, False), (LION, 1, True), (BEAR, 2, False)])
    assert zoo_places(state, 0, ATTRACTION) == [2]


def test_stall_goes_to_a_free_stall_space_else_the_backyard():
    state = fresh(3)
    zoo_with(state, 0, stalls=1)
    assert zoo_places(state, 0, STALL) == [STALLS]
    zoo_with(state, 0, stalls=1)
    assert zoo_places(state, 0, STALL) == []
    load(state, 0, STALL + 1)
    with pytest.raises(IllegalMove, match="goes to the backyard"):
        play_turn(state, 0, STALLS)
    play_turn(state, 0, BACKYARD)
    assert state.zoos[0].backyard == {STALL + 1: 1}


@pytest.mark.parametrize("overflow, dest", [("bag", TO_BAG), ("discard", DISCARDED)])
def test_a_full_backyard_overflows_to_the_bag_bottom_or_out(overflow, dest):
    state = fresh(3, overflow=overflow)
    zoo_with(state, 0, backyard=(ZEBRA, ZEBRA, STALL))
    load(state, 0, LION, BEAR)
    bag_before = len(state.bag)
    play_turn(state, 0, 0)
    assert state.events[2] == (PLACE, 0, BEAR, dest, 0, 0)
    if overflow == "bag":
        assert state.bag[-1] == BEAR and len(state.bag) == bag_before  # one back in, one refilled out
    else:
        assert state.out_of_game == [BEAR] and len(state.bag) == bag_before - 1
    check_invariants(state)


def test_push_one_backyard_animal_onto_another_tractor_with_room():
    state = fresh(3)
    zoo_with(state, 0, backyard=(ZEBRA, ATTRACTION))
    load(state, 0, LION)
    load(state, 1, BEAR)
    load(state, 2, BEAR, BEAR, BEAR)  # full: cannot take a push
    # tractor 3 is empty: cannot take a push either
    assert push_options(state, 0) == [(ZEBRA, 0), (ZEBRA, 1)]
    with pytest.raises(IllegalMove, match="push"):
        play_turn(state, 0, 0, push=(ZEBRA, 2))
    with pytest.raises(IllegalMove, match="push"):
        play_turn(state, 0, 0, push=(ATTRACTION, 1))  # only animals are pushed
    play_turn(state, 0, 0, push=(ZEBRA, 1))
    assert state.tractors[1] == [BEAR, ZEBRA] and state.zoos[0].backyard == {ATTRACTION: 1}
    assert (PUSH, 0, ZEBRA, 1, 0, 0) in state.events


def test_refill_the_emptied_tractor_from_the_bag_or_leave_it_empty():
    state = fresh(3)
    load(state, 0, LION)
    top = state.bag[0]
    play_turn(state, 0, 0)
    assert state.tractors[0] == [top] and state.events[-1] == (REFILL, -1, 0, top, 0, 0)
    state.bag.clear()
    play_turn(state, 0, BACKYARD if not zoo_places(state, 1, top) else zoo_places(state, 1, top)[0])
    assert state.tractors[0] == []


# --- the end -------------------------------------------------------------------------------------------

def _round(state: State) -> None:
    for _ in range(state.players):
        holding = [t for t, tiles in enumerate(state.tractors) if tiles]
        if not holding:
            play_turn(state, None)
            continue
        t = holding[0]
        places = zoo_places(state, state.current, state.tractors[t][0])
        play_turn(state, t, places[0] if places else BACKYARD)


def test_the_round_ends_after_every_seat_the_game_after_a_full_zoo_round():
    state = fresh(3)
    zoo_with(state, 1, [(ZEBRA, 3, False), (LION, 3, False), (BEAR, 2, False)])
    load(state, 0, 5)
    load(state, 1, BEAR)
    load(state, 2, 6)
    play_turn(state, 0, 0)  # seat 0
    play_turn(state, 1, 2)  # seat 1 fills its zoo: the round still ends normally
    assert not state.game_over and state.current == 2
    play_turn(state, 2, 0)
    assert state.game_over and state.end_reason == 1 and state.events[-1] == (ROUND_END, 2, 1, 1, 0, 0)


def test_a_full_zoo_does_not_end_the_game_when_end_on_full_zoo_is_off():
    state = fresh(3, end_on_full_zoo=False)
    zoo_with(state, 0, [(ZEBRA, 3, False), (LION, 3, False), (BEAR, 3, False)])
    load(state, 0, 5)
    _round(state)
    assert not state.game_over and state.round == 2


def test_empty_bag_and_tractors_end_the_game_and_the_round_limit_too():
    state = fresh(2)
    state.bag.clear()
    load_codes = [5]
    state.tractors[0] = load_codes
    _round(state)
    assert state.game_over and state.end_reason == 0
    limited = fresh(2, max_rounds=2)
    _round(limited)
    assert not limited.game_over
    _round(limited)
    assert limited.game_over and limited.end_reason == 2


def test_two_players_use_four_tractors():
    assert len(fresh(2).tractors) == 4 and len(fresh(2, extra_tractors_two_players=1).tractors) == 3


# --- scoring -------------------------------------------------------------------------------------------

def test_scoring_every_item_and_cards_to_the_strict_maximum():
    state = fresh(3)
    zoo_with(state, 0, [(ZEBRA, 3, False), (LION, 2, True), (BEAR, 1, True)], stalls=2, backyard=(ZEBRA, STALL))
    zoo_with(state, 1, [(BEAR, 2, False), (None, 0, False), (None, 0, False)], backyard=(LION, LION, 3))
    zoo_with(state, 2, [(3, 3, False), (None, 0, False), (None, 0, False)])
    scores = score_all(R, state.zoos)
    assert scores[0] == {"full_enclosure_points": 6, "attraction_points": 2, "stall_points": 2, "backyard_penalty": -1,
                         "card_species_winner": 0, "card_enclosure_winner": 0, "card_attraction_winner": 1,
                         "total": 10}
    assert scores[1]["backyard_penalty"] == -3 and scores[1]["total"] == -3
    assert scores[2]["full_enclosure_points"] == 3 and scores[2]["card_species_winner"] == 0  # tied at 3 with seat 0
    assert scores[2]["card_enclosure_winner"] == 0  # 3 tiles ties seat 0's 3


def test_the_last_enclosure_is_worth_4():
    state = fresh(2)
    zoo_with(state, 0, [(None, 0, False), (None, 0, False), (ZEBRA, 2, True)])
    scores = score_all(R, state.zoos)
    assert scores[0]["full_enclosure_points"] == 4
    assert (scores[0]["card_species_winner"], scores[0]["card_enclosure_winner"]) == (3, 2)


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
