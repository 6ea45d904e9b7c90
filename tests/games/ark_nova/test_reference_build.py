"""Ark Nova reference, part 2: building on map A (§5.2, §6.3-§6.8, §17.1 worked example 1)."""
from dataclasses import replace

import pytest

from zoosim.core.rng import PyRng
from zoosim.games.ark_nova.components import board, cards
from zoosim.games.ark_nova.components.vocab import BUILDINGS, ENCLOSURE1, KIOSK, LARGE_BIRD_AVIARY, PAVILION, \
    PETTING_ZOO, REPTILE_HOUSE, ROCK, WATER
from zoosim.games.ark_nova.reference import actions as ra
from zoosim.games.ark_nova.reference import build as rb
from zoosim.games.ark_nova.reference import game as ref  # noqa: F401  (fills the handlers)
from zoosim.games.ark_nova.reference.state import E_BUILD as rs_E_BUILD
from zoosim.games.ark_nova.reference.state import H_ARCHAEOLOGIST as rs_H_ARCHAEOLOGIST
from zoosim.games.ark_nova.reference.state import H_ENGINEER_TYPE as rs_H_ENGINEER_TYPE
from zoosim.games.ark_nova.reference.setup import setup
from zoosim.games.ark_nova.reference.state import (
    BUILD, H_BUILD_TYPE, H_COIN, H_FOOTPRINT, Building, IllegalMove,
)
from zoosim.games.ark_nova.rules import Rules

pytestmark = pytest.mark.rules

R = Rules()
ENC = {n: ENCLOSURE1 + n - 1 for n in range(1, 6)}


def m(*cells):
    return board.mask_of(cells)


class Script:
    def __init__(self, *answers):
        self.answers = list(answers)
        self.asked = []

    def __call__(self, s, seat, hook, options):
        self.asked.append((hook, list(options)))
        for i, (h, value) in enumerate(self.answers):
            if h == hook:
                del self.answers[i]
                return options.index(value)
        return 0


def game(*answers, rules=R):
    script = Script(*answers)
    s = setup(rules, 2, PyRng(1, 0), [script, script])
    s.ps[0].hand = []
    return s, script


def test_worked_example_1_build_on_the_start_map():
    s, script = game((H_BUILD_TYPE, ENC[2]), (H_FOOTPRINT, m((2, 7), (2, 9))))
    p = s.ps[0]
    assert m((2, 7), (2, 9)) in rb.legal_footprints(s, 0, ENC[2], False)
    rb.build_action(s, 0, 3, False)
    assert p.money == 25 - 4 + 5
    new = p.buildings[-1]
    assert new.kind == ENC[2] and new.mask == m((2, 7), (2, 9))
    assert (rb.terrain_touched(s, 0, new.mask, ROCK), rb.terrain_touched(s, 0, new.mask, WATER)) == (0, 1)
    # illegal: a kiosk on (2,7) (distance 2 from (0,7)) - covered anyway now; check on a fresh map
    s2, _ = game()
    assert m((2, 7)) not in rb.legal_footprints(s2, 0, KIOSK, False)
    assert not any(f & int(board.BUILD2_CELLS) for k in (ENC[1], KIOSK, PAVILION)
                   for f in rb.legal_footprints(s2, 0, k, False))
    assert any(f & int(board.BUILD2_CELLS) for f in rb.legal_footprints(s2, 0, ENC[1], True)) is False  # not adjacent
    assert ENC[3] not in rb.build_types(s2, 0, 2, False, [])
    assert m((3, 8)) in rb.legal_footprints(s, 0, KIOSK, False)


def test_first_building_touches_the_border_and_later_ones_touch_a_building():
    s, _ = game()
    p = s.ps[0]
    p.buildings = []
    assert all(f & rb.BORDER for f in rb.legal_footprints(s, 0, ENC[1], False))
    p.buildings = [Building(ENC[1], m((4, 5)))]
    assert sorted(rb.legal_footprints(s, 0, ENC[1], False)) == sorted(
        m(c) for c in [(4, 3), (4, 7), (3, 4), (3, 6), (5, 6)])


def test_special_enclosures_once_each_and_reptile_house_needs_side_2():
    s, _ = game()
    s.ps[0].money = 100
    assert REPTILE_HOUSE not in rb.build_types(s, 0, 5, False, [])
    assert REPTILE_HOUSE in rb.build_types(s, 0, 5, True, [])
    assert PETTING_ZOO in rb.build_types(s, 0, 3, False, [])
    rb.build_one(s, 0, PETTING_ZOO, False)
    assert PETTING_ZOO not in rb.build_types(s, 0, 5, True, [])


def test_side_2_builds_different_types_within_the_total_size():
    s, script = game((H_BUILD_TYPE, ENC[2]), (H_BUILD_TYPE, KIOSK), (H_BUILD_TYPE, PAVILION), (H_BUILD_TYPE, -1))
    s.ps[0].money = 100
    rb.build_action(s, 0, 4, True)
    kinds = [b.kind for b in s.ps[0].buildings[2:]]
    assert kinds == [ENC[2], KIOSK, PAVILION]
    type_questions = [o for h, o in script.asked if h == H_BUILD_TYPE]
    assert ENC[2] not in type_questions[1] and type_questions[1][0] == -1
    assert all(rb.size_of(k) <= 2 for k in type_questions[1] if k >= 0)


def test_pavilion_appeal_and_cost_money():
    s, _ = game((H_BUILD_TYPE, PAVILION))
    rb.build_action(s, 0, 1, False)
    assert s.ps[0].appeal == 1 and s.ps[0].money in (23, 23 + 5, 23 + 10)
    s, _ = game()
    s.ps[0].money = 3
    assert rb.build_types(s, 0, 5, False, []) == [ENC[1], PAVILION]  # no cell adjacent to the start buildings is 3 from the kiosk
    with pytest.raises(IllegalMove):
        rb.build_one(s, 0, ENC[2], False)


def test_placement_bonuses_in_cell_order():
    s, _ = game((H_FOOTPRINT, m((7, 2))))
    p = s.ps[0]
    p.buildings.append(Building(ENC[1], m((7, 4))))
    rb.build_one(s, 0, ENC[1], False)
    assert p.workers_active == 2 and p.money == 23


def test_full_cover_gives_7_appeal_once():
    s, _ = game()
    p = s.ps[0]
    rest = int(board.PLAIN_CELLS) & ~p.covered & ~m((8, 9))
    p.buildings.append(Building(ENC[1], rest))
    s.ps[0].money = 10
    appeal = p.appeal
    rb.build_one(s, 0, ENC[1], False)
    assert p.appeal == appeal + 7 and p.full_cover_done


def test_kiosk_income_counts_adjacent_buildings_but_empty_enclosures_and_kiosks():
    s, _ = game()
    p = s.ps[0]
    assert rb.kiosk_income(s, 0) == 0
    p.buildings[1].animals.append(430)
    assert rb.kiosk_income(s, 0) == 1
    p.buildings.append(Building(PAVILION, m((1, 6))))
    p.buildings.append(Building(ENC[1], m((1, 8))))
    assert rb.kiosk_income(s, 0) == 2


def test_animals_move_into_a_new_reptile_house():
    s, _ = game((H_COIN, 1))
    p = s.ps[0]
    p.money, p.side2[BUILD] = 100, True
    p.buildings[1].animals.append(473)  # Common Agama, rh_cubes 0
    p.animals.append(473)
    house = rb.build_one(s, 0, REPTILE_HOUSE, True)
    assert house.animals == [473] and not p.buildings[1].occupied


def test_free_building_and_rock_water_touch_with_covered_terrain():
    s, _ = game()
    b = rb.free_building(s, 0, ENC[3])
    assert b is not None and s.ps[0].money >= 25
    assert LARGE_BIRD_AVIARY in rb.SIDE2_TYPES
    s2, _ = game(rules=replace(R, covered_terrain_counts=True))
    assert rb.terrain_touched(s2, 0, m((2, 9)), WATER) == 1


# ---------------------------------------------------------------- sponsor passives on the map (§12.4, §12.6)
BONUS_CELLS = [0, 1, 15, 17, 20, 29, 32, 35, 37, 46, 50, 54]  # bit order: (0,1) rep2 ... (8,5) money10 (§6.2)


def test_archaeologist_gives_one_uncovered_cells_bonus_when_a_border_bonus_cell_is_covered():
    """221 pas_archaeologist: covering (0,3) (x1, a border cell) also gives one bonus printed on a still uncovered
    bonus cell (ARCHAEOLOGIST over those cells in bit order): (8,5)'s 10 money; that cell stays uncovered. Covering
    (2,9) (money5, not a border cell) gives nothing more."""
    s, script = game((rs_H_ARCHAEOLOGIST, 54))
    p = s.ps[0]
    p.sponsors = [221]
    assert [c for c in range(board.N_CELLS) if board.CELL_BONUS[c]] == BONUS_CELLS
    rb.place_building(s, 0, ENC[1], m((0, 3)))
    assert p.x == 1 and p.money == 35 and not p.covered >> 54 & 1
    assert [o for h, o in script.asked if h == rs_H_ARCHAEOLOGIST] == [[c for c in BONUS_CELLS if c != 1]]
    rb.place_building(s, 0, ENC[1], m((2, 9)))
    assert p.money == 40 and len([o for h, o in script.asked if h == rs_H_ARCHAEOLOGIST]) == 1
    p.sponsors = []
    rb.place_building(s, 0, ENC[1], m((0, 1)))
    assert p.rep == 3 and len([o for h, o in script.asked if h == rs_H_ARCHAEOLOGIST]) == 1


def test_only_the_ii_cells_left_need_build_side_ii_for_a_unique_building_and_the_engineer():
    """With every plain cell covered but the two "II" cells (7,12) and (8,11) (both border cells, neighbours):
    257 Side Entrance (2 border cells, no adjacency) can go there only with Build side II (§6.9); the Engineer (217)
    may repeat an enclosure1 there only with Build side II (§12.4, R14)."""
    s, script = game()
    p = s.ps[0]
    ii = m((7, 12), (8, 11))
    p.buildings.append(Building(ENC[1], rb.PLAIN & ~p.covered & ~ii))
    side = BUILDINGS.index("side_entrance")
    assert not rb.can_place_unique(s, 0, side, False) and rb.can_place_unique(s, 0, side, True)
    p.side2[BUILD] = True
    assert ra.sponsor_playable(s, 0, 257, 3, 0, [False] * 5)
    p.side2[BUILD], p.side2[3] = False, True  # Association side II is not Build side II
    assert not ra.sponsor_playable(s, 0, 257, 3, 0, [False] * 5)
    p.side2 = [False, False, True, False, False]
    p.sponsors, p.money = [217], 10
    script.answers += [(H_COIN, 1), (H_FOOTPRINT, m((7, 12)))]
    rb.engineer(s, 0, [ENC[1]], True)
    assert p.buildings[-1].mask == m((7, 12)) and p.money == 8


def test_the_engineer_asks_nothing_without_a_type_it_can_repeat():
    s, script = game()
    p = s.ps[0]
    p.sponsors, p.money = [217], 1
    n = len(script.asked)
    rb.engineer(s, 0, [ENC[1], PETTING_ZOO], False)  # 2 money for an enclosure1; a petting zoo never repeats
    assert script.asked[n:] == []
    p.money = 6
    rb.engineer(s, 0, [ENC[1], PETTING_ZOO, KIOSK, ENC[1]], False)
    assert script.asked[n][0] == H_COIN and [o for h, o in script.asked[n:] if h == rs_H_ENGINEER_TYPE] == []


def test_animals_that_fit_move_into_a_new_aviary_one_coin_each_by_card_id():
    """§5.2: on building a large bird aviary, each animal in a standard enclosure that may live there is offered
    (COIN, by increasing card id); those moving use their cubes and leave their enclosure empty; a BUILD row
    (-1, animal, building) each."""
    s, script = game((H_COIN, 1), (H_COIN, 1))
    p = s.ps[0]
    birds = sorted(a for a in (496, 499, 500) if cards.CARDS.lba_cubes[cards.index_of(a)] >= 0)
    assert len(birds) == 3
    encs = [Building(ENC[3], m((3, 4), (4, 5), (3, 6)), [birds[2]]), Building(ENC[3], m((5, 6), (4, 7), (5, 8)),
                                                                           [birds[0]]),
            Building(ENC[2], m((6, 3), (6, 5)), [430])]
    p.buildings += encs
    aviary = Building(LARGE_BIRD_AVIARY, m((2, 5), (2, 7), (1, 6), (1, 8), (2, 9)))
    p.buildings.append(aviary)
    n = len(s.events)
    rb.move_animals_in(s, 0, aviary)
    cubes = [int(cards.CARDS.lba_cubes[cards.index_of(a)]) for a in (birds[0], birds[2])]
    assert aviary.animals == [birds[0], birds[2]] and aviary.cubes == sum(cubes)
    assert encs[0].animals == [] and encs[1].animals == [] and encs[2].animals == [430]
    assert [e for e in s.events[n:] if e[0] == rs_E_BUILD] == [(rs_E_BUILD, 0, -1, birds[0], LARGE_BIRD_AVIARY, 0),
                                                               (rs_E_BUILD, 0, -1, birds[2], LARGE_BIRD_AVIARY, 0)]
    assert [h for h, o in script.asked].count(H_COIN) == 2  # 430 is no bird: not offered


def test_special_enclosure_capacity_and_terrain():
    """§6.6: an animal may use a special enclosure if allowed there (cubes >= 0), with capacity left (cubes + need <=
    capacity: 3 petting zoo, 5 reptile house and aviary) and the building's own rock/water; 219 lifts rock/water."""
    s, _ = game()
    p = s.ps[0]
    house = Building(REPTILE_HOUSE, m((3, 4), (4, 5), (3, 6), (2, 5), (2, 7)), [], 4)  # no water next to it
    p.buildings.append(house)
    assert rb.special_fits(s, 0, 474, house)  # 1 cube: 4 + 1 = 5
    house.cubes = 5
    assert not rb.special_fits(s, 0, 474, house) and rb.special_fits(s, 0, 473, house)  # Agama: 0 cubes
    house.cubes = 0
    assert not rb.special_fits(s, 0, 401, house)  # not allowed there (-1)
    assert rb.terrain_touched(s, 0, house.mask, WATER) == 0
    assert not rb.special_fits(s, 0, 482, house)  # Anaconda needs water 1
    p.sponsors = [219]
    assert rb.special_fits(s, 0, 482, house) and not rb.special_fits(s, 0, 482, house, False)
    wet = Building(REPTILE_HOUSE, m((2, 7), (2, 9), (1, 8), (3, 8), (3, 10)), [], 0)
    p.sponsors = []
    assert rb.terrain_touched(s, 0, wet.mask, WATER) >= 1 and rb.terrain_touched(s, 0, wet.mask, ROCK) == 0
    assert rb.special_fits(s, 0, 482, wet)
    assert not rb.special_fits(s, 0, 440, Building(LARGE_BIRD_AVIARY, wet.mask))  # a mammal in an aviary: no


def test_side_entrance_income_counts_each_adjacent_building_once_but_empty_enclosures():
    s, _ = game()
    p = s.ps[0]
    side = BUILDINGS.index("side_entrance")
    assert rb.side_entrance_buildings(s, 0) == 0
    p.buildings.append(Building(side, m((3, 8), (4, 9))))
    assert rb.side_entrance_buildings(s, 0) == 0
    p.buildings.append(Building(ENC[2], m((2, 7), (2, 9)), [430]))  # occupied, touches (3,8) twice
    p.buildings.append(Building(ENC[1], m((4, 11))))                # empty: no
    p.buildings.append(Building(KIOSK, m((5, 10))))                 # a kiosk pays
    p.buildings.append(Building(PAVILION, m((6, 1))))               # not adjacent
    assert rb.side_entrance_buildings(s, 0) == 2
    p.buildings[4].animals = [405]
    assert rb.side_entrance_buildings(s, 0) == 3
