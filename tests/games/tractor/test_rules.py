"""Tractor Zooloretto: one test per rule of shared/specs/tractor.md, on hand-built reference states.

Tile codes (PROTOCOL 2): animal = species, stall 16 + kind, attraction 24. Destinations: enclosure number,
-1 backyard, -2 stall spaces, -3 back to the bag, -4 out of the game.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from zoosim.core.rng import PyRng
from zoosim.games.tractor.reference import (
    COMPONENTS, PASS, PLACE, POLICY_TURNS, PUSH, REFILL, ROUND_END, TAKE, IllegalMove, State, canonical_tiles,
    check_invariants, game_record, play_game, play_turn, push_options, push_options_after_take, replay_decisions,
    score_all, setup,
    uniform_turn, zoo_places,
)
from zoosim.games.tractor.rules import ATTRACTION, BACKYARD, DISCARDED, STALLS, TO_BAG, Rules

pytestmark = pytest.mark.rules  # every test here pins the reference to the spec

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


# --- the policies' random draws (PROTOCOL 7-8) -----------------------------------------------------------

YARD = Counter({ZEBRA: 2, BEAR: 1, STALL: 1})


def _policy_position() -> State:
    """Seat 0 of 3 with backyard room 6: zebra (full), lion 2, lion 1 + attraction; backyard 2 zebras, a bear, a
    stall. Tractor 0 [lion], 1 empty, 2 [bear, zebra], 3 [attraction]."""
    state = fresh(3, backyard_size=6)
    zoo_with(state, 0, [(ZEBRA, 3, False), (LION, 2, False), (LION, 1, True)], backyard=YARD.elements())
    load(state, 0, LION)
    load(state, 2, BEAR, ZEBRA)
    load(state, 3, ATTRACTION)
    return state


# Per tractor taken, worked out by hand from spec "A turn" 2-4 and PROTOCOL 4, 5.3: the first tile's zoo places
# (bear fits no enclosure: zebra full, the others hold lions; the attraction only enclosure 1), the backyard's
# animal tiles after the take in code order (PROTOCOL 7.3: code c covers backyard[c] positions) and the tractors
# that can take a push (1 to 2 tiles, not the one taken).
POLICY_CASES = {0: ([1, 2], [ZEBRA, ZEBRA, BEAR], [2, 3]),
                2: ([], [ZEBRA, ZEBRA, ZEBRA, BEAR, BEAR], [0, 3]),
                3: ([1], [ZEBRA, ZEBRA, BEAR], [0, 2])}


def _yard_after(tiles: list, dest: int, push) -> Counter:
    yard = YARD + Counter(tiles if dest == BACKYARD else tiles[1:])
    if push:
        yard[push[0]] -= 1
    return +yard


def _expected_turn(state: State, t: int, dest: int, push) -> list:
    tiles = state.tractors[t]
    rows = [(TAKE, 0, t, len(tiles), 0, 0), (PLACE, 0, tiles[0], dest, 0, 0)]
    rows += [(PLACE, 0, code, BACKYARD, 0, 0) for code in tiles[1:]]
    rows += [(PUSH, 0, *push, 0, 0)] if push else []
    return rows + [(REFILL, -1, t, state.bag[0], 0, 0)]


def _first_draws(seed: int, g: int):
    """The policy position, the policy's stream and its mirror after the draws uniform and random make alike: the
    tractor (among the loaded 0, 2, 3) and its first tile's place. Returns (state, rng, mirror, t, dest, animals,
    pushable)."""
    state = _policy_position()
    rng = PyRng(seed, g)
    mirror = PyRng(seed, g)
    t = [0, 2, 3][mirror.below(3)]
    places, animals, pushable = POLICY_CASES[t]
    dest = places[mirror.below(len(places))] if places else BACKYARD
    return state, rng, mirror, t, dest, animals, pushable


def test_uniform_takes_places_and_pushes_with_the_draws_of_protocol_7():
    seen = set()
    for g in range(40):
        state, rng, mirror, t, dest, animals, pushable = _first_draws(5, g)
        push = None
        if mirror.below(2) == 0:  # options exist in every case: push with probability 1/2
            push = (animals[mirror.below(len(animals))], pushable[mirror.below(len(pushable))])
        expected = _expected_turn(state, t, dest, push)
        yard = _yard_after(state.tractors[t], dest, push)
        uniform_turn(state, rng)
        assert state.events == expected and rng.s == mirror.s and state.zoos[0].backyard == yard
        assert state.current == 1 and state.turns == 1
        seen.add((t, push is None))
    assert len(seen) == 6  # every tractor, with and without a push


def test_random_pushes_by_one_draw_over_no_push_and_the_canonical_options():
    seen = set()
    for g in range(40):
        state, rng, mirror, t, dest, animals, pushable = _first_draws(9, g)
        options = [(code, u) for code in sorted(set(animals)) for u in pushable]  # PROTOCOL 5.3
        k = mirror.below(len(options) + 1)  # PROTOCOL 8.3: option 0 is no push
        push = options[k - 1] if k else None
        expected = _expected_turn(state, t, dest, push)
        POLICY_TURNS["random"](state, rng)
        assert state.events == expected and rng.s == mirror.s
        seen.add((t, k == 0, k == len(options)))
    assert {(t, True, False) for t in (0, 2, 3)} <= seen and any(last for *_, last in seen)


def test_policies_do_not_push_without_a_backyard_animal_or_a_tractor_to_take_it():
    for policy in ("uniform", "random"):
        state = fresh(3)
        zoo_with(state, 0, backyard=(STALL, ATTRACTION))  # no animal
        load(state, 0, LION)
        load(state, 1, BEAR)
        rng, mirror = PyRng(1, 2), PyRng(1, 2)
        t = [0, 1][mirror.below(2)]
        dest = [0, 1, 2][mirror.below(3)]
        POLICY_TURNS[policy](state, rng)
        assert rng.s == mirror.s and [e[0] for e in state.events] == [TAKE, PLACE, REFILL]
        assert state.events[1][3] == dest and state.events[0][2] == t
        state = fresh(3)
        zoo_with(state, 0, backyard=(ZEBRA,))
        load(state, 0, LION)  # the only tractor holding a tile: none left to push onto
        rng, mirror = PyRng(1, 3), PyRng(1, 3)
        assert mirror.below(1) == 0  # T = [0]: a draw all the same (PROTOCOL 7.1)
        dest = [0, 1, 2][mirror.below(3)]
        POLICY_TURNS[policy](state, rng)
        assert rng.s == mirror.s and state.events[1] == (PLACE, 0, LION, dest, 0, 0) and len(state.events) == 3


def test_a_policy_with_no_tractor_to_take_passes_without_a_draw():
    state = fresh(2)
    rng = PyRng(4, 4)
    before = list(rng.s)
    uniform_turn(state, rng)
    assert state.events == [(PASS, 0, 0, 0, 0, 0)] and rng.s == before and state.current == 1


# --- the record of a game, and the replay of its decisions (PROTOCOL 9) --------------------------------

def test_game_record_has_the_scores_own_columns_and_ranks():
    state = fresh(2)
    zoo_with(state, 0, [(ZEBRA, 3, False), (None, 0, False), (None, 0, False)], backyard=(LION, STALL))
    zoo_with(state, 1, [(BEAR, 1, True), (None, 0, False), (None, 0, False)], stalls=1)
    state.zoos[0].pushes, state.zoos[1].pushes = 2, 5
    state.end_reason, state.round, state.turns = 1, 7, 14
    state.events = [(PASS, 0, 0, 0, 0, 0)]
    state.round_scores = [[1, 2], [3, 4]]
    record = game_record(state)
    # spec "Scoring": seat 0: full 3, backyard -1 (the lion; the stall scores 0), card 1 (3 zebras against 1 bear)
    # 3, card 2 (3 tiles against 2) 2 = 7; seat 1: attraction 1, stall 1, card 3 (one attraction against none) 1 = 3
    assert record.scores == [7, 3] and [s.rank for s in record.seats] == [1, 2]
    assert [s.win_share for s in record.seats] == [1.0, 0.0]
    assert record.seats[0].components == dict(zip(COMPONENTS, (3, 0, 0, -1, 3, 2, 0)))
    assert record.seats[1].components == dict(zip(COMPONENTS, (0, 1, 1, 0, 0, 0, 1)))
    assert [s.columns for s in record.seats] == [{"end_reason": 1, "pushes": 2, "backyard_tiles": 2},
                                                 {"end_reason": 1, "pushes": 5, "backyard_tiles": 0}]
    assert (record.rounds, record.turns, record.round_scores, record.events) == (7, 14, [[1, 2], [3, 4]],
                                                                               [(PASS, 0, 0, 0, 0, 0)])


REPLAYED = [(R, 3, ["uniform", "random", "uniform"], 3), (replace(R, backyard_size=1), 2, ["random", "random"], 4),
            (replace(R, overflow="discard", backyard_size=1, max_rounds=30), 4, ["random"] * 4, 5)]


@pytest.mark.parametrize("rules, players, policies, g", REPLAYED)
def test_replay_of_a_reference_game_gives_the_same_game(rules, players, policies, g):
    record = play_game(rules, players, policies, 21, g)
    kinds = {e[0] for e in record.events}
    assert {TAKE, PLACE, PUSH, REFILL, ROUND_END} <= kinds
    assert replay_decisions(rules, players, 21, g, [list(e) for e in record.events]) == record


def test_replay_refuses_altered_decisions_and_logs():
    rules = replace(R, backyard_size=1)
    events = [list(e) for e in play_game(rules, 2, ["random", "random"], 21, 4).events]

    def refused(rows, match):
        with pytest.raises(IllegalMove, match=match):
            replay_decisions(rules, 2, 21, 4, rows)

    refused(events[1:], "the setup's REFILL rows differ")
    last = max(i for i, e in enumerate(events) if e[0] in (TAKE, PASS))
    refused(events[:last], "the events end in round")
    refused(events + [[PASS, 0, 0, 0, 0, 0]], "events after the game ended")
    take = next(i for i, e in enumerate(events) if e[0] == TAKE)
    refused(events[:take] + [[PLACE, *events[take][1:]]] + events[take + 1:], "expected TAKE or PASS, got kind 2")
    refused(events[:take] + [[TAKE, 1 - events[take][1], *events[take][2:]]] + events[take + 1:], "is on turn")
    refused(events[:take] + [[PASS, *events[take][1:2], 0, 0, 0, 0]] + events[take + 1:], "must take a tractor")
    wrong_count = events[:take] + [[*events[take][:3], events[take][3] + 1, 0, 0]] + events[take + 1:]
    refused(wrong_count, "the rules give")
    push = next(i for i, e in enumerate(events) if e[0] == PUSH)
    refused(events[:push] + events[push + 1:], "the rules give")  # a push left out: the REFILL row comes early
    taken = next(e for e in reversed(events[:push]) if e[0] == TAKE)[2]
    onto_the_taken = [*events[push][:3], taken, 0, 0]  # the emptied tractor cannot take a push
    refused(events[:push] + [onto_the_taken] + events[push + 1:], "push .* is not legal")


# --- what a turn leaves: places, pushes, counts, rounds log ---------------------------------------------

def test_an_attraction_and_a_stall_are_placed_where_chosen():
    state = fresh(3)
    load(state, 0, ATTRACTION)
    load(state, 1, STALL + 2)
    play_turn(state, 0, 1)
    play_turn(state, 1, STALLS)
    assert [e.attraction for e in state.zoos[0].enclosures] == [False, True, False]
    assert state.zoos[1].stalls == [2]  # the stall's kind (spec "A turn" 2)
    check_invariants(state)


def test_a_first_tile_sent_to_the_backyard_may_be_pushed_and_the_counts_go_up_by_one():
    state = fresh(3)
    zoo_with(state, 0, [(ZEBRA, 3, False), (LION, 3, False), (ZEBRA, 1, False)])  # no place for a bear
    load(state, 0, BEAR)
    load(state, 1, LION)
    state.zoos[0].pushes, state.turns = 4, 7
    assert push_options_after_take(state, 0, 0, BACKYARD) == [(BEAR, 1)]
    play_turn(state, 0, BACKYARD, push=(BEAR, 1))  # spec "A turn" 2 and 4: the bear is a backyard animal
    assert state.tractors[1] == [LION, BEAR] and state.zoos[0].backyard == {}
    assert state.zoos[0].pushes == 5 and state.turns == 8


def test_a_tile_that_overflows_the_backyard_cannot_be_pushed():
    state = fresh(3, backyard_size=2)
    zoo_with(state, 0, backyard=(ZEBRA, STALL))  # full
    load(state, 0, LION, BEAR)
    load(state, 1, LION)
    # spec "A turn" 3: the bear goes to the bag's bottom, not the backyard; only the zebra can be pushed
    assert push_options_after_take(state, 0, 0, 0) == [(ZEBRA, 1)]
    with pytest.raises(IllegalMove, match="push"):
        play_turn(state, 0, 0, push=(BEAR, 1))
    assert push_options_after_take(state, 0, 0, 0) == [(ZEBRA, 1)]


def test_a_round_that_goes_on_logs_reason_minus_one_and_every_score():
    state = fresh(3, end_on_full_zoo=False)
    zoo_with(state, 0, [(ZEBRA, 3, False), (LION, 3, False), (BEAR, 3, False)])
    load(state, 0, 5)
    _round(state)  # seat 0: species 5 to the backyard; seats 1 and 2 each a zebra from the refilled tractor 0
    assert state.events[-1] == (ROUND_END, 2, 1, -1, 0, 0)
    # seat 0: full 3 + 3 + 4, backyard -1, card 1 (3 of a species against 1) 3, card 2 (3 tiles against 1) 2 = 14
    assert state.round_scores == [[14, 0, 0]]


def test_card_1_goes_to_the_only_zoo_with_an_animal():
    state = fresh(2)
    zoo_with(state, 0, [(ZEBRA, 1, False), (None, 0, False), (None, 0, False)])
    scores = score_all(R, state.zoos)
    assert [s["card_species_winner"] for s in scores] == [3, 0] and [s["total"] for s in scores] == [5, 0]


def _bounds_position() -> State:
    """Seat 0 at the best score (every enclosure full with an attraction, both stall spaces, every card: 21),
    seat 1 at the worst (a full backyard of animals: -3), tractor 0 at its capacity."""
    state = fresh(2)
    zoo_with(state, 0, [(ZEBRA, 2, True), (LION, 2, True), (BEAR, 2, True)], stalls=2)
    zoo_with(state, 1, backyard=(ZEBRA, LION, BEAR))
    load(state, 0, 5, 5, 5)
    return state


def test_invariants_hold_at_every_limit_and_fail_past_them():
    state = _bounds_position()
    assert [s["total"] for s in score_all(R, state.zoos)] == [R.max_score(), R.min_score()] == [21, -3]
    check_invariants(state)
    state.tractors[0].append(state.bag.pop())
    with pytest.raises(AssertionError, match="tractor 0 over capacity"):
        check_invariants(state)
    one = fresh(2, tractor_capacity=1)
    load(one, 0, 5, 5)
    with pytest.raises(AssertionError, match="tractor 0 over capacity"):
        check_invariants(one)
    state = _bounds_position()
    state.zoos[0].stalls.append(state.bag.remove(STALL) or 0)
    with pytest.raises(AssertionError, match="too many stalls"):
        check_invariants(state)
    state = _bounds_position()
    state.zoos[0].stalls[0] = 1  # a stall of another kind: tiles not conserved
    with pytest.raises(AssertionError, match="tiles not conserved"):
        check_invariants(state)
    state = _bounds_position()
    state.zoos[1].backyard[ZEBRA] += 1
    state.bag.remove(ZEBRA)
    with pytest.raises(AssertionError, match="backyard over capacity"):
        check_invariants(state)


def test_refill_logs_the_tractor_and_the_tile():
    state = fresh(3)
    state.bag.insert(0, state.bag.pop())  # an attraction on top of the bag
    load(state, 2, LION)
    play_turn(state, 2, 0)
    assert state.events[-1] == (REFILL, -1, 2, ATTRACTION, 0, 0) and state.tractors[2] == [ATTRACTION]


def test_replay_refuses_a_log_cut_inside_a_turn():
    rules = replace(R, backyard_size=1)
    events = [list(e) for e in play_game(rules, 2, ["random", "random"], 21, 4).events]
    take = next(i for i, e in enumerate(events) if e[0] == TAKE and e[3] >= 2)
    with pytest.raises(IllegalMove, match="first tile"):  # no PLACE row: the first tile has no destination
        replay_decisions(rules, 2, 21, 4, events[:take + 1])
    for cut in (take + 2, take + 1 + events[take][3]):  # after the first PLACE row, after the last
        with pytest.raises(IllegalMove, match="the rules give"):
            replay_decisions(rules, 2, 21, 4, events[:cut])
