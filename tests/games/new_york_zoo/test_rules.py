"""New York Zoo rules on hand-built positions (reference implementation; the engine equals it by the
differential test). Each test sets up a position, scripts the decisions, and checks one rule."""
from __future__ import annotations

import pytest

from zoosim.games.new_york_zoo import reference
from zoosim.games.new_york_zoo.components import data
from zoosim.games.new_york_zoo.protocol import (
    D_ANIMAL_DEST, D_ANIMAL_OPTION, D_ATTRACTION_KIND, D_ATTRACTION_PLACE, D_ATTRACTION_TAKE, D_BONUS_BREED, D_BREED,
    D_DESTINATION, D_HOUSE_BONUS, D_KEEP, D_POPULATE_FIRST, D_POPULATE_SECOND, END_COVERED, END_TURN_CAP, EV_ANIMAL,
    EV_ATTRACTION, EV_BRED, EV_BREEDING, EV_FULL, EV_KEEP, HOUSE, SUPPLY,
)
from zoosim.games.new_york_zoo.reference import GameOver
from zoosim.games.new_york_zoo.rules import Rules
from tests.games.new_york_zoo.common import (
    A1, A2, A3I, A3L, A4I, A4O, A6, A8, F, K, M, P, X, cover_all_but, give_enclosure, match,
)

pytestmark = pytest.mark.rules  # every test here pins the reference to the spec on a hand-built position


# ---------------------------------------------------------------- movement and destinations
def test_empty_harbours_are_not_counted_and_destinations_follow():
    m, _ = match(2)
    for h in (11, 13):
        m.stacks[data.HARBOUR_SPACES.index(h)].clear()
    assert [m.walk(10, k)[0] for k in (1, 2, 3, 4)] == [12, 14, 15, 16]


def test_harbour_needs_a_fitting_tile():
    m, _ = match(4)
    p = m.players[0]
    cover_all_but(p, 3)  # 3 uncovered cells: no enclosure tile (4+ squares) fits
    assert not m.legal_destination(p, 11)
    assert m.legal_destination(m.players[1], 11)


def test_harbour_needs_an_animal_to_populate_unless_the_rule_is_off():
    for requires in (True, False):
        m, _ = match(4, harbour_requires_populate=requires)
        p = m.players[0]
        p.houses = [0] * 5
        give_enclosure(m, 0, 5, F, 1)  # one animal: cannot give it
        assert m.legal_destination(p, 11) == (not requires)
        p.enclosures[0].count = 2
        assert m.legal_destination(p, 11)


def test_animal_space_needs_a_placeable_animal():
    m, _ = match(4, single_animal_any_species=False)
    p = m.players[0]  # 2 houses, both full (meerkat, flamingo)
    assert p.free_houses() == 0
    assert not m.legal_destination(p, 12)  # penguin, kangaroo: nowhere to go
    give_enclosure(m, 0, 5, K, 1)
    assert m.legal_destination(p, 12)
    assert not m.legal_destination(p, 17)  # flamingo, meerkat: the enclosure holds kangaroos
    m2, _ = match(4, animal_space_requires_placement=False)
    assert m2.legal_destination(m2.players[0], 12)


def test_one_animal_in_a_house_is_enough_to_populate():
    m, _ = match(4)
    p = m.players[0]
    p.houses = [0, 1, 0, 0, 0]
    assert m.legal_destination(p, 11)


def test_the_added_count_starts_again_each_turn():
    """Cap 1: an enclosure that received an animal last turn takes one again this turn (PROTOCOL 4)."""
    m, pols = match(4, max_added_per_enclosure_per_turn=1)
    p = m.players[0]  # 2 houses, both full
    e = give_enclosure(m, 0, 5, K, 1)
    p.enclosures[e].added = 1
    m.elephant = 10
    m.turns = 1
    m.turn()
    assert [o[0] for o in pols[0].options(D_DESTINATION)[0]] == [11, 12, 13, 14]  # 12: a kangaroo fits again


def test_no_legal_destination_is_a_pass():
    m, pols = match(4)
    p = m.players[0]
    cover_all_but(p, 2)
    p.houses = [1, 1, 0, 0, 0]  # 2 houses full, no enclosure: no animal space, no harbour
    m.turns = 1
    m.turn()
    assert m.events[-1] == (2, 0, 0, 0, 0, 0) and m.elephant == 10


# ---------------------------------------------------------------- harbour action and populate
def test_populate_sources_keep_one_animal_and_one_species():
    m, pols = match(2, answers={D_POPULATE_FIRST: lambda o: o.index((F, 0)), D_POPULATE_SECOND: lambda o: len(o) - 1})
    p = m.players[0]
    p.houses = [1, 1, 0, 0, 0]
    give_enclosure(m, 0, 6, F, 2)
    give_enclosure(m, 0, 6, K, 1)  # one kangaroo: not a source
    target = give_enclosure(m, 0, 5)
    m.populate(p, target)
    first = pols[0].options(D_POPULATE_FIRST)[0]
    assert first == [(M, HOUSE), (F, HOUSE), (F, 0)]
    second = pols[0].options(D_POPULATE_SECOND)[0]
    assert second == [(F, SUPPLY), (F, HOUSE)]  # the enclosure now holds 1 flamingo: no longer a source
    assert (p.enclosures[target].species, p.enclosures[target].count) == (F, 2)
    assert p.enclosures[0].count == 1 and p.houses == [1, 0, 0, 0, 0]


def test_populate_second_animal_is_of_the_first_ones_species_meerkat_too():
    m, pols = match(2, answers={D_POPULATE_SECOND: lambda o: len(o) - 1})
    p = m.players[0]
    p.houses = [1, 1, 0, 0, 0]
    give_enclosure(m, 0, 6, M, 3)
    give_enclosure(m, 0, 6, F, 2)
    target = give_enclosure(m, 0, 5)
    m.populate(p, target)  # first option: the meerkat of the house
    assert pols[0].options(D_POPULATE_SECOND) == [[(M, SUPPLY), (M, 0)]]
    assert (p.enclosures[target].species, p.enclosures[target].count) == (M, 2) and p.enclosures[0].count == 2


@pytest.mark.parametrize("cap,moved", [(1, 1), (2, 2), (0, 2)])
def test_populate_respects_the_cap_per_enclosure_per_turn(cap, moved):
    m, pols = match(2, max_added_per_enclosure_per_turn=cap, answers={D_POPULATE_SECOND: lambda o: len(o) - 1})
    p = m.players[0]
    p.houses = [2, 1, 0, 0, 0]
    target = give_enclosure(m, 0, 5)
    m.populate(p, target)
    assert pols[0].options(D_POPULATE_SECOND) == ([[(M, SUPPLY), (M, HOUSE)]] if moved == 2 else [])
    new = p.enclosures[target]
    assert (new.count, new.added) == (moved, moved) and p.houses == [2 - moved, 1, 0, 0, 0]
    assert m.accepts(new, M) == (cap == 0)  # the cap is reached after `cap` animals this turn


def test_populate_with_nothing_to_move_leaves_the_enclosure_empty():
    m, pols = match(2, harbour_requires_populate=False)
    p = m.players[0]
    p.houses = [0] * 5
    target = give_enclosure(m, 0, 5)
    m.populate(p, target)
    assert p.enclosures[target].count == 0 and not pols[0].asked


def test_harbour_action_places_the_top_tile_and_populates():
    m, pols = match(2)
    p = m.players[0]
    top = m.stacks[data.HARBOUR_SPACES.index(11)][-1]
    m.harbour_action(p, 11)
    assert len(m.stacks[data.HARBOUR_SPACES.index(11)]) == 2
    assert p.enclosures[0].capacity == data.TILES[top].size
    assert bin(p.covered & ~p.board.house_corner).count("1") == data.TILES[top].size
    assert p.enclosures[0].count >= 1


# ---------------------------------------------------------------- animal-space action and house bonus
def test_animal_options_order_and_any_species():
    m, pols = match(2)
    m.animal_action(m.players[0], 12)  # penguin, kangaroo; a free house
    assert pols[0].options(D_ANIMAL_OPTION)[0] == [(P, K), (K, P), (P, -1), (K, -1), (M, -1), (F, -1), (X, -1)]
    m, pols = match(2, single_animal_any_species=False)
    m.animal_action(m.players[0], 12)
    assert pols[0].options(D_ANIMAL_OPTION)[0] == [(P, K), (K, P), (P, -1), (K, -1)]


def test_the_first_animal_may_not_be_given_up_and_a_meerkat_second_is_placed():
    picks = {D_ANIMAL_OPTION: lambda o: o.index((P, M)), D_ANIMAL_DEST: lambda o: len(o) - 1}
    m, pols = match(4, answers=picks)
    p = m.players[0]  # houses full
    give_enclosure(m, 0, 5, P, 1)
    give_enclosure(m, 0, 5, M, 1)
    m.animal_action(p, 5)  # penguin, meerkat
    assert pols[0].options(D_ANIMAL_DEST) == [[0], [SUPPLY, 1]]
    assert [e.count for e in p.enclosures] == [2, 2]


def test_an_animal_into_a_house_joins_any_species_there():
    m, pols = match(2, answers={D_ANIMAL_DEST: lambda o: o.index(HOUSE)})
    p = m.players[1]  # 3 houses: a meerkat and a kangaroo
    m.place_animal(p, K, optional=False)
    assert p.houses == [1, 0, 2, 0, 0] and p.free_houses() == 0
    assert m.events == [(EV_ANIMAL, 1, K, HOUSE, SUPPLY, 0)]
    assert pols[1].asked[0].context == K


def test_house_bonus_moves_one_animal_of_the_species():
    yes = {D_ANIMAL_DEST: lambda o: o.index(0), D_HOUSE_BONUS: lambda o: 1}
    m, pols = match(2, answers=yes)
    p = m.players[0]
    p.houses = [1, 1, 0, 0, 0]
    e = give_enclosure(m, 0, 5, F, 1)
    m.place_animal(p, F, optional=False)
    assert p.enclosures[e].count == 3 and p.houses == [1, 0, 0, 0, 0]
    assert len(pols[0].options(D_HOUSE_BONUS)) == 1  # the moved animal earns no further bonus


def test_no_house_bonus_when_the_animal_fills_the_enclosure():
    m, pols = match(2, answers={D_ANIMAL_DEST: lambda o: o.index(0)})
    p = m.players[0]
    p.houses = [0, 1, 0, 0, 0]
    e = give_enclosure(m, 0, 4, F, 3)
    m.place_animal(p, F, optional=False)
    assert not pols[0].options(D_HOUSE_BONUS)
    assert p.enclosures[e].count == 0  # filled and resolved


def test_full_enclosure_keep_one_and_mandatory_attraction():
    m, pols = match(2, answers={D_ANIMAL_DEST: lambda o: o.index(0), D_KEEP: lambda o: 1})
    p = m.players[0]
    p.houses = [1, 0, 0, 0, 0]  # 3 houses, 2 free
    e = give_enclosure(m, 0, 4, K, 3)
    before = p.cells_left()
    m.place_animal(p, K, optional=False)
    assert (p.enclosures[e].count, p.enclosures[e].species) == (0, -1)
    assert p.houses == [1, 0, 1, 0, 0]
    assert p.cells_left() < before and p.attractions_taken == 1
    assert any(ev[0] == EV_FULL and ev[2:5] == (e, K, 4) for ev in m.events)
    assert any(ev[0] == EV_ATTRACTION for ev in m.events)


def test_attraction_may_be_declined_when_not_mandatory():
    for take in (0, 1):
        m, pols = match(2, attraction_mandatory=False, answers={D_ANIMAL_DEST: lambda o: o.index(0),
                                                                D_ATTRACTION_TAKE: lambda o: take})
        p = m.players[0]
        give_enclosure(m, 0, 4, K, 3)
        m.place_animal(p, K, optional=False)
        assert p.attractions_taken == take
        assert [(d.kind, d.options) for d in pols[0].asked][1:3] == [(D_KEEP, [0, 1]), (D_ATTRACTION_TAKE, [0, 1])]


@pytest.mark.parametrize("houses,asked", [([1, 1, 1, 0, 0], False), ([1, 1, 0, 0, 0], True), ([0, 0, 1, 0, 0], True)])
def test_keep_is_asked_only_with_a_free_house_and_may_be_refused(houses, asked):
    """2P-2: 3 houses. Full kangaroo enclosure: keep one kangaroo only if a house is free (spec 6.2)."""
    for keep in (0, 1):
        m, pols = match(2, answers={D_KEEP: lambda o: keep})
        p = m.players[1]
        p.houses = list(houses)
        e = give_enclosure(m, 1, 4, K, 4)
        m.resolve_if_full(p, e)
        assert pols[1].options(D_KEEP) == ([[0, 1]] if asked else [])
        kept = keep if asked else 0
        assert p.houses == [h + (kept if s == K else 0) for s, h in enumerate(houses)]
        assert m.events[:1 + kept] == [(EV_FULL, 1, e, K, 4, 0)] + [(EV_KEEP, 1, K, 0, 0, 0)] * kept


def test_attraction_kinds_in_supply_with_a_legal_placement():
    m, pols = match(2, answers={D_ATTRACTION_KIND: lambda o: o.index(A2) if A2 in o else 0,
                                D_ATTRACTION_PLACE: lambda o: 1})
    p = m.players[0]
    m.take_attraction(p)
    m.take_attraction(p)
    assert pols[0].options(D_ATTRACTION_KIND)[0] == [A1, A2, A3I, A3L, A4I, A4O, A6, A8]  # every kind fits
    assert m.supply == [16, 4, 3, 3, 1, 1, 1, 1] and p.attractions_taken == 2
    # option 1 of the legal placements: placement 1 (cells 5, 6 of row 0), then placement 4 (cells 8, 9): 0-2 overlap
    assert m.events == [(EV_ATTRACTION, 0, A2, 1, 0, 0), (EV_ATTRACTION, 0, A2, 4, 0, 0)]
    m.supply[7] = 0  # the 2x4 is gone; the 1x1 never runs out
    m.take_attraction(p)
    assert pols[0].options(D_ATTRACTION_KIND)[-1] == [A1, A2, A3I, A3L, A4I, A4O, A6]
    assert m.supply[0] == 16
    m, pols = match(2)
    p = m.players[0]
    cover_all_but(p, 2)  # two cells side by side in the top row: a 1x1 or a domino
    m.take_attraction(p)
    assert pols[0].options(D_ATTRACTION_KIND) == [[A1, A2]]
    assert p.turns_to_finish == -1
    p.own_turns = 3
    m.take_attraction(p)  # the 1x1 on the last cell covers the board
    assert p.is_covered() and p.turns_to_finish == 3




def test_second_animal_may_use_the_enclosure_the_first_emptied():
    picks = {D_ANIMAL_OPTION: lambda o: o.index((K, P)), D_ANIMAL_DEST: lambda o: o.index(0) if 0 in o else 0}
    m, pols = match(4, answers=picks)
    p = m.players[0]  # houses full
    give_enclosure(m, 0, 4, K, 3)
    m.animal_action(p, 12)
    assert (p.enclosures[0].species, p.enclosures[0].count) == (P, 1)


def test_max_added_per_enclosure_per_turn():
    m, pols = match(2, max_added_per_enclosure_per_turn=2)
    p = m.players[0]
    e = give_enclosure(m, 0, 6, F, 1)
    p.enclosures[e].added = 2
    assert not m.accepts(p.enclosures[e], F)
    p.enclosures[e].added = 1
    assert m.accepts(p.enclosures[e], F)


def test_the_cap_counts_breeding_and_the_house_bonus():
    """Cap 2: a bred enclosure that had an animal this turn gets no house bonus; one that had none does. An
    enclosure at the cap can neither breed nor be the bonus breeding's pick; one below it can."""
    for added, bonus in ((1, False), (0, True)):
        m, pols = match(2, max_added_per_enclosure_per_turn=2, answers={D_BREED: lambda o: len(o) - 1,
                                                                        D_HOUSE_BONUS: lambda o: 1})
        p = m.players[0]
        p.houses = [1, 0, 0, 0, 0]
        e = give_enclosure(m, 0, 6, M, 2)
        p.enclosures[e].added = added
        for cap_left in (0, 1):
            give_enclosure(m, 0, 6, P, 2)
            p.enclosures[-1].added = 2 - cap_left
        m.breed(p, M)
        assert bool(pols[0].options(D_HOUSE_BONUS)) == bonus
        assert p.enclosures[e].added == 2 and not m.accepts(p.enclosures[e], M)
        assert pols[0].options(D_BONUS_BREED) == [[-1, 2]]
        m.breed(p, M)
        assert pols[0].options(D_BREED)[-1] == [()]


# ---------------------------------------------------------------- breeding
def test_breeding_two_enclosures_house_bonus_and_bonus_breeding_at_three_players():
    answers = {D_BREED: lambda o: o.index((0, 1)), D_HOUSE_BONUS: lambda o: 1, D_BONUS_BREED: lambda o: len(o) - 1}
    m, pols = match(3, answers=answers)
    p = m.players[0]
    p.houses = [1, 0, 0, 0, 0]
    give_enclosure(m, 0, 6, M, 2)
    give_enclosure(m, 0, 6, M, 3)
    give_enclosure(m, 0, 6, P, 2)
    m.breed(p, M)
    assert pols[0].options(D_BREED)[0] == [(), (0,), (1,), (0, 1)]
    assert [e.count for e in p.enclosures] == [4, 4, 3]  # house meerkat to enclosure 0; bonus to penguins
    assert pols[0].options(D_BONUS_BREED)[0] == [-1, 2]
    assert p.breedings == 3


@pytest.mark.parametrize("players,bonus", [(1, True), (2, True), (3, True), (4, False), (5, False)])
def test_bonus_breeding_only_with_one_to_three_players(players, bonus):
    m, pols = match(players, answers={D_BREED: lambda o: 1})
    p = m.players[0]
    give_enclosure(m, 0, 6, M, 2)
    give_enclosure(m, 0, 6, P, 2)
    m.breed(p, M)
    assert bool(pols[0].options(D_BONUS_BREED)) == bonus


def test_no_bonus_breeding_without_breeding():
    m, pols = match(2)
    give_enclosure(m, 0, 6, M, 2)
    give_enclosure(m, 0, 6, P, 2)
    m.breed(m.players[0], M)  # option 0: breed nothing
    assert not pols[0].options(D_BONUS_BREED)


def test_compulsory_breeding_takes_as_many_as_possible():
    for counts, options in (((2, 2, 3), [(0, 1), (0, 2), (1, 2)]), ((2, 3), [(0, 1)]), ((2, 1), [(0,)]),
                            ((1,), [])):
        m, pols = match(4, breeding_optional=False)
        for c in counts:
            give_enclosure(m, 0, 6, M, c)
        m.breed(m.players[0], M)
        assert pols[0].options(D_BREED) == ([options] if options else [])


def test_bonus_breeding_may_pick_enclosure_0():
    m, pols = match(2, answers={D_BREED: lambda o: len(o) - 1, D_BONUS_BREED: lambda o: 1})
    p = m.players[0]
    give_enclosure(m, 0, 6, P, 2)
    give_enclosure(m, 0, 6, M, 2)
    m.breed(p, M)
    assert pols[0].options(D_BONUS_BREED) == [[-1, 0]]
    assert m.events == [(EV_BRED, 0, 1, M, 0, 0), (EV_BRED, 0, 0, P, 1, 0)]
    assert [e.count for e in p.enclosures] == [3, 3] and p.breedings == 2


@pytest.mark.parametrize("cap,crossed,bred", [
    (0, [24, 4, 9], [24, 4, 9]), (1, [24, 4, 9], [4]), (2, [24, 4, 9], [24, 4]), (2, [4, 9], [4, 9]),
    (3, [19, 24, 4, 9], [24, 4, 9]), (3, [24, 4, 9], [24, 4, 9]),
])
def test_breedings_per_move_keep_the_first_lines_and_the_last_in_index_order(cap, crossed, bred):
    """max_breedings_per_move = c: the first c-1 lines in index order (4, 9, 14, 19, 24) and the last one."""
    m, _ = match(1, max_breedings_per_move=cap)
    assert m.breeding_lines(crossed) == bred
    m, _ = match(1, max_breedings_per_move=cap, breeding_order="line_index")
    assert m.breeding_lines(crossed) == sorted(bred)




def test_breeding_events_run_in_crossing_order_and_from_the_mover():
    # a 3-player move 23 -> 4 over the flamingo (23|24) and kangaroo (3|4) lines
    for order, expected in (("crossing", [F, K]), ("line_index", [K, F])):
        m, pols = match(3, breeding_order=order, answers={D_DESTINATION: lambda o: len(o) - 1})
        m.elephant = 23
        for h in (24, 1, 3):
            m.stacks[data.HARBOUR_SPACES.index(h)].clear()
        m.turns = 2  # seat 1 moves
        try:
            m.turn()
        except GameOver:
            pass
        assert m.elephant == 4  # 23 -> 25 -> 2 -> 4 (24, 1, 3 empty): enters 24, then 4
        events = [ev for ev in m.events if ev[0] == EV_BREEDING]
        assert [ev[2] for ev in events] == expected and all(ev[1] == 1 for ev in events)
    m, pols = match(3, max_breedings_per_move=1, answers={D_DESTINATION: lambda o: len(o) - 1})
    assert m.breeding_lines([24, 4]) == [4]


def test_breeding_players_from_the_mover_clockwise():
    m, pols = match(3, answers={D_BREED: lambda o: len(o) - 1})
    for seat in range(3):
        give_enclosure(m, seat, 6, X, 2)
    m.breeding_event(2, X)
    bred = [ev[1] for ev in m.events if ev[0] == EV_BRED]
    assert bred[:3] == [2, 0, 1]


# ---------------------------------------------------------------- end of game
def _covering_turn(win_check):
    """Seat 0 covers its board during breeding of the first line; seat 1 during the second."""
    picks = {D_DESTINATION: lambda o: len(o) - 1, D_BREED: lambda o: len(o) - 1, D_KEEP: lambda o: 0}
    m, pols = match(2, win_check=win_check, answers=picks)
    m.elephant = 3
    for h in (4, 6, 8):
        m.stacks[data.HARBOUR_SPACES.index(h)].clear()
    for seat, species in ((0, K), (1, P)):
        p = m.players[seat]
        cover_all_but(p, 1)
        give_enclosure(m, seat, 4, species, 3)
    m.turns = 1
    try:
        m.turn()
    except GameOver:
        pass
    return m


def test_win_check_readings_differ_when_a_move_crosses_two_lines():
    for check, covered in (("end_of_turn", [True, True]), ("per_breeding_line", [True, False]),
                           ("immediate", [True, False])):
        m = _covering_turn(check)
        assert m.elephant == 10  # 3 -> 5 -> 7 -> 9 -> 10 over the kangaroo and penguin lines
        assert [p.is_covered() for p in m.players] == covered, check
        assert m.over and m.end_reason == END_COVERED


def test_covering_during_the_action_skips_breeding():
    picks = {D_DESTINATION: lambda o: [d[0] for d in o].index(10), D_ANIMAL_OPTION: lambda o: o.index((X, -1)),
             D_ANIMAL_DEST: lambda o: o.index(0), D_BREED: lambda o: len(o) - 1}
    for cover_it in (True, False):
        m, pols = match(4, answers=picks)
        p = m.players[0]
        cover_all_but(p, 1 if cover_it else 2)
        m.elephant = 7  # 7 -> 8 -> 9 -> 10 crosses the penguin line
        give_enclosure(m, 0, 4, X, 3)
        give_enclosure(m, 0, 6, P, 2)
        m.turns = 1
        try:
            m.turn()
        except GameOver:
            pass
        assert m.elephant == 10 and p.is_covered() == cover_it
        assert bool([ev for ev in m.events if ev[0] == EV_BREEDING]) == (not cover_it)
        assert (m.over, m.end_reason) == ((True, END_COVERED) if cover_it else (False, END_TURN_CAP))
        assert p.turns_to_finish == (1 if cover_it else -1)


def test_ranking_and_shared_wins():
    m, _ = match(3)
    for p in m.players:
        cover_all_but(p, 0)
    m.players[0].houses = [1, 1, 0, 0, 0]
    m.players[1].houses = [1, 1, 0, 0, 0]
    m.players[2].houses = [1, 0, 0, 0, 0]
    m.end_reason = END_COVERED
    assert m.ranks() == [1, 1, 3]
    assert m.win_shares() == [0.5, 0.5, 0.0]
    cover_all_but(m.players[0], 0)
    m.players[0].covered &= ~(1 << next(i for i in range(99) if (m.players[0].board.brown >> i) & 1))
    assert m.ranks() == [3, 1, 2] and m.win_shares() == [0.0, 1.0, 0.0]
    give_enclosure(m, 2, 5, K, 2)  # animals in enclosures count too: 3 against 2
    assert m.ranks() == [3, 2, 1] and m.win_shares() == [0.0, 0.0, 1.0]
    assert m.scores() == [-1, 0, 0]


def test_solo_score_of_a_match():
    for solo_end, covered, score in (("play_until_full", True, 3), ("bga", True, 23), ("play_until_full", False, -2),
                                     ("bga", False, -2)):
        m, _ = match(1, solo_end=solo_end)
        cover_all_but(m.players[0], 0 if covered else 2)
        m.travelled, m.elephant = 47, 12
        assert m.scores() == [score]


def test_turn_cap_has_no_winner():
    m = reference.play(Rules(max_turns=5), 4, [reference.UniformPolicy()] * 4, 1, 0)
    assert m.turns == 5 and m.end_reason == 1 and m.win_shares() == [0.0] * 4


def test_solo_bga_score_and_lap_end():
    from zoosim.games.new_york_zoo.reference import solo_score
    r = Rules(solo_end="bga")
    assert solo_score(r, True, 40, 5, 0) == 5
    assert solo_score(r, True, 60, 12, 0) == 23  # BGA's formula, even after passing 10
    assert solo_score(r, False, 50, 12, 7) == -7
    m = reference.play(r, 1, [reference.UniformPolicy()], 5, 0)
    assert m.end_reason in (0, 2)
    if m.end_reason == 2:
        assert m.travelled >= 50 and not m.players[0].is_covered()


def test_solo_moves_tiles_and_free_move():
    m, pols = match(1)
    opts = m.move_options(m.players[0])
    tiles = [o[4] for o in opts]
    assert tiles[0] == 0 and opts[0][0] == 10  # tile 0: stay on 10 (an animal space)
    assert all(o[2] <= 24 for o in opts if o[4] == 4)  # 4+ within 24 raw spaces
    assert min(o[1] for o in opts if o[4] == 4) == 4
    assert opts[-1][4] == -1 and opts[-1][0] == 12  # free move to the next animal space
    m.solo_face_up = [False] * 5
    assert [o[4] for o in m.move_options(m.players[0])] == [-1]
