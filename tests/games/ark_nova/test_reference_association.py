"""Ark Nova reference, the Association (reference.association) on hand-built positions: the map A bonus column and
its income (§10.5, §9.2), partner zoo and university slot bonuses (§10.3, §10.4), donations (§10.6), the project
row (§10.1, R9), the project options and slot conditions of every project kind (§10.1), supporting a project with
its rows (PROTOCOL.md 7), and releasing an animal (§10.2, R2)."""
from dataclasses import replace

import pytest

from tests.games.ark_nova.test_reference_play import R, game, m
from zoosim.games.ark_nova.reference import association as rass
from zoosim.games.ark_nova.reference import build as rb
from zoosim.games.ark_nova.reference import game as ref  # noqa: F401  (fills the handlers)
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.reference.state import (
    ANIMALS, BUILD, E_DECIDE, E_DISCARD, E_DRAW, E_GAIN, E_RELEASE, E_SUPPORT, FREE, Building,
)
from zoosim.games.ark_nova.components.vocab import ENCLOSURE1, REPTILE_HOUSE, ROCK, WATER

pytestmark = pytest.mark.rules

ENC = {n: ENCLOSURE1 + n - 1 for n in range(1, 6)}


# ---------------------------------------------------------------- the bonus column (§10.5)
def test_every_bonus_column_slot():
    """Map A: 0 snap (any folder), 1 a free size-2 enclosure, 2 5 money, 3 1 CP, 4 2 reputation, 5 12 money,
    6 3 X-tokens."""
    s, script = game(2, (rs.H_SNAP_FOLDER, 3), (rs.H_FOOTPRINT, m((1, 6), (1, 8))))
    p = s.ps[0]
    folder3 = s.display[2]
    for slot in range(7):
        rass.use_bonus_token(s, 0, slot)
    assert p.bonus_tokens == [] and p.hand == [folder3]
    assert (p.buildings[-1].kind, p.buildings[-1].mask) == (ENC[2], m((1, 6), (1, 8)))
    assert (p.money, p.cp, p.rep, p.x) == (25 + 5 + 12, 1, 3, 3)


def test_bonus_column_income_pays_the_uncovered_income_slots_in_slot_order():
    s, script = game(2, (rs.H_SNAP_FOLDER, 2))
    p = s.ps[0]
    p.bonus_tokens = [1, 4, 5, 6]  # 0, 2 and 3 uncovered (slot 1 still covered)
    folder2 = s.display[1]
    n = len(s.events)
    rass.bonus_column_income(s, 0)
    assert p.hand == [folder2] and p.money == 30 and p.cp == 1 and len(p.buildings) == 2
    assert [e for e in s.events[n:] if e[0] != E_DECIDE] == [(E_DRAW, 0, folder2, 2, 0, 0), (E_GAIN, 0, 1, 5, 30, 0),
                                                             (E_GAIN, 0, 4, 1, 1, 0)]
    p.bonus_tokens = [0, 1, 2, 3]  # slots 4-6 pay only once
    rass.bonus_column_income(s, 0)
    assert p.money == 30 and p.rep == 1 and p.x == 0


# ---------------------------------------------------------------- partner zoos and universities (§10.3, §10.4)
def test_partner_zoo_slots_give_an_upgrade_a_worker_and_cp():
    s, script = game(2, (rs.H_PARTNER, 11), (rs.H_UPGRADE, BUILD), rules=replace(R, mapA_partner4_cp=3))
    p = s.ps[0]
    rass.take_partner_zoo(s, 0, True)  # 1st (Europe, scripted): nothing
    assert p.partner_zoos == [11] and not any(p.side2) and rs.icon_counts(s, 0)[11] == 1
    rass.take_partner_zoo(s, 0, True)  # 2nd: upgrade
    assert p.partner_zoos == [11, 7] and p.side2 == [False, False, True, False, False]
    rass.take_partner_zoo(s, 0, True)  # 3rd: a worker
    assert p.partner_zoos == [11, 7, 8] and p.workers_active == 2 and p.cp == 0
    rass.take_partner_zoo(s, 0, True)  # 4th: mapA_partner4_cp
    assert p.partner_zoos == [11, 7, 8, 9] and p.cp == 3 and s.board_partner_zoos == [10]
    rass.take_partner_zoo(s, 0, True)  # never a 5th
    assert len(p.partner_zoos) == 4


def test_university_slots_give_an_upgrade_and_cp_and_their_reputation():
    s, script = game(2, (rs.H_UNIVERSITY, rs.UNIV_SCI2), (rs.H_UPGRADE, ANIMALS), rules=replace(R, mapA_univ3_cp=4))
    p = s.ps[0]
    rass.take_university(s, 0)  # 2 science, nothing else
    assert p.universities == [rs.UNIV_SCI2] and p.rep == 1 and rs.icon_counts(s, 0)[12] == 2
    rass.take_university(s, 0)  # univ_rep_hand: +1 reputation; 2nd: upgrade
    assert p.rep == 2 and p.side2[ANIMALS] and rs.hand_limit(s, 0) == 5
    rass.take_university(s, 0)  # univ_sci_rep: +2 reputation, 1 science; 3rd: mapA_univ3_cp
    assert p.rep == 4 and p.cp == 4 and rs.icon_counts(s, 0)[12] == 3 and s.board_universities == []
    s.board_universities = [0]
    rass.take_university(s, 0)
    assert len(p.universities) == 3


def test_donations_pay_the_cheapest_space_for_1_cp_each():
    s, _ = game(2)
    rass.donate(s, 0)
    rass.donate(s, 1)
    assert s.donations == 2 and (s.ps[0].money, s.ps[0].cp) == (23, 1) and (s.ps[1].money, s.ps[1].cp) == (20, 1)


# ---------------------------------------------------------------- the project row (§10.1 step 2, R9)
def test_the_row_holds_its_limit_and_returns_a_pushed_out_base_project_to_its_pile():
    s, _ = game(2)  # limit 2
    rass.enter_row(s, 0, 130)
    rass.enter_row(s, 1, 112)  # a base project brought in (Assertion)
    assert s.project_row == [112, 130] and s.project_slots[112] == [FREE] * 3 and 130 not in s.discard
    rass.enter_row(s, 0, 113)  # release project: +1 reputation to the player who plays it
    assert s.project_row == [113, 112] and s.discard[-1] == 130 and 130 not in s.project_slots
    assert s.ps[0].rep == 2 and s.ps[1].rep == 1
    rass.enter_row(s, 1, 131)
    assert s.project_row == [131, 113] and s.base_pile[-1] == 112 and 112 not in s.discard
    rass.enter_row(s, 1, 132)
    assert s.discard[-1] == 113 and 113 not in s.base_pile


# ---------------------------------------------------------------- options and slot conditions (§10.1)
def test_project_options_in_play_hand_and_display_in_range_with_the_folder_paid():
    s, _ = game(2)
    p = s.ps[0]
    s.base_projects, s.project_row = [110], [130]
    s.project_slots = {110: [FREE] * 3, 130: [FREE] * 3}
    p.animals = [401, 402, 473, 405]  # 2 large, 2 small (3 predator icons)
    p.hand = [131, 401, 105]
    s.display = [132, 401, 130, 131, 0, 0]
    p.rep, p.money = 4, 3  # folders 1-3 in range; folder 3 costs 3
    assert rass.project_options(s, 0, False) == [(0, 110), (0, 130), (-1, 131)]  # 105: no Australia icon
    assert rass.project_options(s, 0, True) == [(0, 110), (0, 130), (-1, 131), (3, 130)]  # 132: no science
    p.money = 2
    assert rass.project_options(s, 0, True) == [(0, 110), (0, 130), (-1, 131)]
    p.money, p.rep = 9, 7
    assert (4, 131) in rass.project_options(s, 0, True)
    s.display[0] = 130
    assert (1, 130) in rass.project_options(s, 0, True)


def test_slot_conditions_of_each_project_kind_at_their_bounds():
    s, _ = game(2)
    p = s.ps[0]

    def slots(project):
        s.project_slots[project] = [FREE] * 3
        return rass.slot_options(s, 0, project)

    p.animals = [430, 440, 473]  # herbivore x2, reptile; Africa x2, Americas; 3 small
    assert slots(101) == []  # categories 5/4/3: 2 kinds
    p.animals.append(401)  # + predator: 3 categories, 3 continents? Africa, Americas only: 2
    assert slots(101) == [(2, 0)] and slots(102) == []
    p.partner_zoos = [9]  # + Asia: 3 continents
    assert slots(102) == [(2, 0)]
    assert slots(130) == [(2, 0)]  # small animals 8/5/2: 3
    p.animals += [405, 419]  # 5 small
    assert slots(130) == [(1, 0), (2, 0)]
    assert slots(131) == []  # large 4/3/2: 1
    p.animals.append(402)
    assert slots(131) == [(2, 0)]
    p.animals = [443]  # size 3, Europe: release 113 slot M only
    assert slots(113) == [(1, 0)]
    p.animals = [447]  # size 4 Australia: 117 slot L
    assert slots(117) == [(0, 0)]
    p.animals = [405, 473]  # size 1: slot S of 118 (predator) and none of 113
    assert slots(118) == [(2, 0)] and slots(113) == []
    p.animals = [430]  # herbivore Africa, no partner zoo in Africa
    p.partner_zoos = [7]
    assert slots(126) == [(0, 0), (1, 0), (2, 0)]
    p.wildcards = 1  # a wildcard lowers icon conditions of base projects by one, never release or breed
    p.animals = [401, 405]  # 3 predator icons: 110 needs 5/4/2
    assert slots(110) == [(1, 1), (2, 0)] and slots(118) == [(0, 0), (2, 0)]
    s.project_slots[110] = [FREE, 1, FREE]  # taken slots are not offered
    assert rass.slot_options(s, 0, 110) == [(2, 0)]


def test_a_project_is_supported_once_but_release_projects_again_with_224():
    s, _ = game(2)
    p = s.ps[0]
    p.animals = [405, 473, 419]
    s.project_slots[118] = [FREE] * 3
    p.supported = [118]
    assert rass.slot_options(s, 0, 118) == []
    p.sponsors = [224]
    assert rass.slot_options(s, 0, 118) == [(2, 0)]
    p.supported = [130]
    s.project_slots[130] = [FREE] * 3
    p.animals += [401, 402, 405]
    assert rass.slot_options(s, 0, 130) == []


# ---------------------------------------------------------------- supporting (§10.1)
def test_supporting_from_the_display_with_a_wildcard_and_the_rows():
    """Side II: project 105 (a base project in hand by Assertion) is not in the display; 131 from folder 2 pays 2
    and enters the row; slot 2 (2 large animals) gives 2 CP; the bonus token of slot 6 gives 3 X-tokens."""
    s, script = game(2, (rs.H_BONUS_TOKEN, 6))  # the project and its slot are the only options: not asked
    p = s.ps[0]
    p.rep = 3
    p.animals = [401, 402]
    s.display[1] = 131
    n = len(s.events)
    rass.support_project(s, 0, True)
    assert s.project_row == [131] and s.project_slots[131] == [FREE, FREE, 0] and p.supported == [131]
    assert (p.money, p.cp, p.x, p.supports) == (23, 2, 3, 1) and 6 not in p.bonus_tokens
    assert [e for e in s.events[n:] if e[0] != E_DECIDE] == [  # CP 2: upgrade (option 0: Animals)
        (E_GAIN, 0, 1, -2, 23, 0), (E_SUPPORT, 0, 131, 2, 0, 0), (E_GAIN, 0, 4, 2, 2, 0), (rs.E_UPGRADE, 0, 0, 0, 0, 0),
        (E_GAIN, 0, 2, 3, 3, 0)]
    assert script.answers == []
    script.answers += [(rs.H_PROJECT_SLOT, (1, 1)), (rs.H_BONUS_TOKEN, 2)]
    p.wildcards = 2
    s.base_projects = [110]
    s.project_slots[110] = [FREE] * 3
    p.animals = [401, 405]  # 3 predator icons: slot 1 (4) with a token
    rass.support_project(s, 0, False)
    assert p.wildcards == 1 and s.project_slots[110] == [FREE, 0, FREE] and p.supports == 2 and p.cp == 6


def test_supporting_a_release_project_releases_the_chosen_animal():
    s, script = game(2, (rs.H_PROJECT, (0, 118)), (rs.H_PROJECT_SLOT, (2, 0)), (rs.H_RELEASE_ANIMAL, 419))
    p = s.ps[0]
    s.project_row = [118]
    s.project_slots[118] = [FREE] * 3
    p.animals = [405, 419]
    p.appeal = 10
    enc = [Building(ENC[1], m((1, 6))), Building(ENC[2], m((1, 8), (2, 7)), [419])]
    enc[0].animals = [405]
    p.buildings += enc
    rass.support_project(s, 0, False)
    assert p.animals == [405] and p.appeal == 7 and s.discard[-1] == 419 and p.cp == 3 and p.supports == 1
    assert enc[0].animals == [405] and enc[1].animals == []  # 419 (size 2) fits only the size-2 enclosure
    assert (rs.E_RELEASE, 0, 419, 0, 0, 0) in s.events


# ---------------------------------------------------------------- release (§10.2, R2)
def test_release_flips_the_smallest_enclosure_meeting_size_rock_and_water():
    """430 (size 2, water 1) lives in a size-4 enclosure by the water; a size-2 occupied enclosure without water
    does not fit it; the occupied size-3 one by the water does: it is flipped, and its animal is now counted in the
    size-4 one (R2). Appeal drops by 430's 6, it goes to the discard pile, RELEASE row; 224: +1 CP."""
    s, script = game(2)
    p = s.ps[0]
    dry2 = m((3, 4), (4, 5))            # by rock (2,3) and (5,4), no water
    wet3 = m((2, 7), (2, 9), (1, 8))    # by water (2,11)
    wet4 = m((5, 6), (4, 7), (5, 10), (4, 9))
    assert rb.terrain_touched(s, 0, dry2, WATER) == 0 and rb.terrain_touched(s, 0, dry2, ROCK) == 2
    assert rb.terrain_touched(s, 0, wet3, WATER) >= 1
    assert rb.terrain_touched(s, 0, wet4, WATER) >= 1
    p.buildings = [Building(ENC[2], dry2, [419]), Building(ENC[4], wet4, [430]), Building(ENC[3], wet3, [443])]
    p.animals, p.appeal, p.sponsors = [419, 443, 430], 20, [224]
    n = len(s.events)
    rass.release(s, 0, 430)
    assert [b.animals for b in p.buildings] == [[419], [443], []]
    assert p.animals == [419, 443] and p.appeal == 14 and p.cp == 1 and s.discard[-1] == 430
    assert s.events[n:] == [(E_GAIN, 0, 0, -6, 14, 0), (E_DISCARD, 0, 430, 0, 0, 0), (E_RELEASE, 0, 430, 0, 0, 0),
                            (E_GAIN, 0, 4, 1, 1, 0)]


def test_release_needs_the_rock_it_asks_and_asks_among_equal_smallest():
    s, script = game(2, (rs.H_RELEASE_ENCLOSURE, 2))
    p = s.ps[0]
    dry2 = m((3, 4), (4, 5))          # rock 2, no water
    wet2 = m((2, 7), (2, 9))          # water 1, no rock (§17.1)
    other = m((1, 6), (1, 8))         # neither
    p.buildings = [Building(ENC[2], wet2, [430]), Building(ENC[2], other, [419]), Building(ENC[2], dry2, [440])]
    p.animals = [430, 419, 440]
    rass.release(s, 0, 440)  # Mountain Tapir needs rock 1: only dry2 fits: not asked
    assert [b.animals for b in p.buildings] == [[430], [419], []]
    assert [h for _, h, _ in script.asked if h == rs.H_RELEASE_ENCLOSURE] == []
    p.buildings[2].animals = [405]
    p.animals = [430, 419, 405]
    rass.release(s, 0, 419)  # no rock or water needed: all three size-2 ones, the policy picks index 2
    assert script.asked[-1] == (0, rs.H_RELEASE_ENCLOSURE, [0, 1, 2])
    assert [b.animals for b in p.buildings] == [[430], [405], []]


def test_release_from_a_special_enclosure_and_by_flock():
    s, _ = game(2)
    p = s.ps[0]
    house = Building(REPTILE_HOUSE, m((3, 4), (4, 5), (3, 6), (4, 3), (2, 5)), [482, 474], 2)
    p.buildings.append(house)
    p.animals = [482, 474, 439]  # 439 Lama lives by Flock: no building
    rass.release(s, 0, 482)
    assert house.animals == [474] and house.cubes == 1
    rass.release(s, 0, 439)
    assert house.animals == [474] and house.cubes == 1 and p.animals == [474]
