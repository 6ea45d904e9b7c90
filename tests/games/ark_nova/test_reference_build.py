"""Ark Nova reference, part 2: building on map A (§5.2, §6.3-§6.8, §17.1 worked example 1)."""
from dataclasses import replace

import pytest

from zoosim.core.rng import PyRng
from zoosim.games.ark_nova.components import board
from zoosim.games.ark_nova.components.vocab import ENCLOSURE1, KIOSK, LARGE_BIRD_AVIARY, PAVILION, PETTING_ZOO, \
    REPTILE_HOUSE, ROCK, WATER
from zoosim.games.ark_nova.reference import build as rb
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
