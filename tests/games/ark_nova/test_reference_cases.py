"""Ark Nova reference: hand-built positions with hand-computed results for the rules that otherwise only ran in
whole uniform games — Okapi Stable (253) and WAZA Small Animals (228), side II Sponsors and Animals from the display,
project cards entering the row, breeding projects, 215/218 wildcard tokens, multiplier runs, Action:A and
Determination, unique buildings, `break_after_last_turn`; and the registry of CSV effect tags -> tests."""

from dataclasses import replace

import pytest
from tests.games.ark_nova.test_reference_play import R, Script, game, m  # noqa: F401  (helpers by module name)

from zoosim.games.ark_nova.components.effects import Op
from zoosim.games.ark_nova.components.vocab import BUILDINGS, ENCLOSURE1
from zoosim.games.ark_nova.reference import game as ref
from zoosim.games.ark_nova.reference import actions as ra
from zoosim.games.ark_nova.reference import association as rass
from zoosim.games.ark_nova.reference import build as rb
from zoosim.games.ark_nova.reference import effects as rfx
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.reference.actions import STOP
from zoosim.games.ark_nova.reference.state import (
    ANIMALS, ASSOCIATION, BUILD, CARDS_ACTION, SPONSORS, Building, H_ANIMAL_PLAY, H_COIN, H_PROJECT, H_SNAP_FOLDER,
    H_SPONSOR_MODE, H_SPONSOR_PLAY,
)

pytestmark = pytest.mark.rules

OKAPI_BUILDING = BUILDINGS.index("okapi")


def asked(script, hook):
    return [opts for _, h, opts in script.asked if h == hook]


# ---------------------------------------------------------------- 253 Okapi Stable (§12.6, R8, R10)
def test_okapi_tokens_and_herbivore_trigger_buy_a_sponsor_after_the_action():
    s, script = game(2, (H_COIN, 1), (H_SPONSOR_PLAY, (-1, 220)))
    p = s.ps[0]
    p.hand = [220, 261]  # Federal Grants (level 4, imm_money:3), 261 (level 3)
    ra.play_sponsor(s, 0, 253)
    assert any(b.kind == OKAPI_BUILDING for b in p.buildings)  # place_unique:okapi
    assert p.okapi_tokens == 3
    assert not any(q[2] == Op.OKAPI for q in s.after_queue)  # R10: its own herbivore icon does not trigger it
    rfx.run_after_queue(s)
    assert p.sponsors == [253] and p.money == 25

    ra.enter_zoo(s, 0, 439, p.animals)  # Lama: 1 herbivore icon -> one Okapi play queued, not yet resolved
    assert [q[2] for q in s.after_queue if q[2] == Op.OKAPI] == [Op.OKAPI] and p.sponsors == [253]
    rfx.run_after_queue(s)
    assert asked(script, H_SPONSOR_PLAY) == [[(-1, 220), (-1, 261)]]
    assert p.sponsors == [253, 220] and p.hand == [261]
    assert p.money == 25 - 4 + 3  # pays its level 4, then 220's imm_money:3
    assert p.okapi_tokens == 2

    p.money = 2  # 261 costs 3: no playable sponsor, no coin asked, the token stays
    coins = len(asked(script, H_COIN))
    ra.enter_zoo(s, 0, 438, p.animals)  # a herbivore (flock:3, no decision)
    rfx.run_after_queue(s)
    assert p.okapi_tokens == 2 and p.hand == [261] and len(asked(script, H_COIN)) == coins

    p.money, p.okapi_tokens = 20, 0  # no tokens left: nothing queued
    ra.enter_zoo(s, 0, 443, p.animals)  # a herbivore
    assert not any(q[2] == Op.OKAPI for q in s.after_queue)


def test_okapi_declined_keeps_the_token_and_other_zoos_do_not_trigger_it():
    s, script = game(2, (H_COIN, 0))
    p = s.ps[0]
    p.hand = [220]
    ra.play_sponsor(s, 0, 253)
    ra.enter_zoo(s, 1, 439, s.ps[1].animals)  # a herbivore in the other zoo
    assert not any(q[2] == Op.OKAPI for q in s.after_queue)
    ra.enter_zoo(s, 0, 439, p.animals)
    rfx.run_after_queue(s)
    assert p.okapi_tokens == 3 and p.hand == [220] and p.sponsors == [253]


# ---------------------------------------------------------------- 228 WAZA Small Animals (§12.6, R19)
def waza_position(*answers, sponsor=228):
    s, script = game(2, *answers)
    p = s.ps[0]
    p.sponsors = [sponsor] if sponsor else []
    p.hand = [507, 419]  # Greater Rhea (size 2, 12, sprint:1), European Badger (size 2, 5, boost:animals)
    p.buildings.append(Building(ENCLOSURE1 + 1, m((2, 7), (2, 9))))
    s.display = [401, 410, 220, 404, 426, 445]  # small animals in folders 2 (410), 4 (404) and 6 (445)
    return s, script, p


def test_waza_small_extra_play_after_only_small_animals_then_a_small_animal_from_any_folder():
    s, script, p = waza_position((H_ANIMAL_PLAY, (-1, 507)), (H_COIN, 1), (H_SNAP_FOLDER, 6))
    top = s.deck[0]
    ra.animals_action(s, 0, 2, False)  # side I strength 2: one animal, then 228's extra one
    assert p.animals == [507, 419]
    assert p.money == 25 - 12 - 5
    assert asked(script, H_SNAP_FOLDER) == [[2, 4, 6]]  # R19: any folder, not only the range of reputation 1
    assert p.hand == [top, 445] and s.display[5] == 0


def test_waza_declined_extra_play_still_takes_the_display_animal():
    s, script, p = waza_position((H_ANIMAL_PLAY, (-1, 507)), (H_COIN, 0), (H_SNAP_FOLDER, 2))
    ra.animals_action(s, 0, 2, False)
    assert p.animals == [507] and 419 in p.hand and 410 in p.hand and s.display[1] == 0


def test_waza_needs_the_card_and_only_small_animals():
    s, script, p = waza_position((H_ANIMAL_PLAY, (-1, 507)), sponsor=0)
    ra.animals_action(s, 0, 2, False)
    assert p.animals == [507] and not asked(script, H_COIN) and s.display[1] == 410
    s, script, p = waza_position((H_ANIMAL_PLAY, (-1, 401)))
    p.hand = [401, 419]  # Cheetah, size 5: not only small animals
    p.buildings.append(Building(ENCLOSURE1 + 4, m((3, 4), (3, 6), (4, 5), (4, 3), (4, 7))))
    p.money = 40
    ra.animals_action(s, 0, 2, False)
    assert p.animals == [401] and not asked(script, H_COIN) and 419 in p.hand


# ---------------------------------------------------------------- Sponsors side II (§5.5) and Animals from the display (§5.3)
def test_sponsors_side_2_plays_several_from_hand_and_range_within_strength_plus_1():
    s, script = game(2, (H_SPONSOR_MODE, 1), (H_SPONSOR_PLAY, (3, 261)), (H_SPONSOR_PLAY, (-1, 223)))
    p = s.ps[0]
    p.rep = 4  # range: folders 1-3
    p.hand = [223, 220]  # levels 3 and 4
    s.display = [401, 402, 261, 209, 403, 404]  # 261 (level 3) in folder 3, 209 (level 5) in folder 4: out of range
    ra.sponsors_action(s, 0, 5, True)  # budget 5 + 1 = 6
    first, second = asked(script, H_SPONSOR_PLAY)
    assert first == [(-1, 223), (-1, 220), (3, 261)]
    assert second == [STOP, (-1, 223)]  # 220 (level 4) > the 3 left
    assert p.sponsors == [261, 223] and p.hand == [220]
    assert p.money == 25 - 3 and s.display[2] == 0  # folder 3 costs 3
    assert s.break_token == 0


def test_sponsors_side_1_plays_one_card():
    s, script = game(2, (H_SPONSOR_MODE, 1))
    p = s.ps[0]
    p.hand = [223, 261]
    ra.sponsors_action(s, 0, 3, False)
    assert len(p.sponsors) == 1 and len(asked(script, H_SPONSOR_PLAY)) == 1


def test_animals_side_2_from_the_display_in_range_pays_the_folder():
    s, script = game(2, (H_ANIMAL_PLAY, (2, 419)), (H_ANIMAL_PLAY, (-1, 507)))
    p = s.ps[0]
    p.side2[ANIMALS] = True
    p.rep = 3  # range: folders 1-2
    p.hand = [507]
    p.buildings.append(Building(ENCLOSURE1 + 1, m((2, 7), (2, 9))))
    s.display = [401, 419, 410, 402, 403, 426]
    top = s.deck[0]
    ra.animals_action(s, 0, 3, True)  # side II strength 3: two animals, no reputation step below strength 5
    first, second = asked(script, H_ANIMAL_PLAY)
    assert first == [(-1, 507), (2, 419)]  # 401 (folder 1) has no size-5 enclosure; 410 is in folder 3, out of range
    assert second[0] == STOP and (-1, 507) in second
    assert p.animals == [419, 507] and p.rep == 3
    assert p.money == 25 - (5 + 2) - 12 and s.display[1] == 0 and p.hand == [top]


# ---------------------------------------------------------------- project cards, the row and breeding (§10.1)
def test_project_card_from_hand_enters_the_row_left_and_pushes_out_the_rightmost():
    s, script = game(2, (H_PROJECT, (-1, 113)), (rs.H_BONUS_TOKEN, 5))
    p = s.ps[0]
    s.project_row = [130, 131]
    s.project_slots.update({130: [-1, -1, -1], 131: [1, -1, -1]})  # seat 1 supported 131
    p.hand = [113]
    p.animals = [443]  # Europe (release 113 targets Europe), size 3: slot M
    p.buildings[1].animals = [443]
    assert rass.slot_options(s, 0, 113) == [(1, 0)]
    discard = len(s.discard)
    rass.support_project(s, 0, False)
    assert s.project_row == [113, 130] and 131 not in s.project_slots and s.discard[discard] == 131
    assert s.project_slots[113] == [-1, 0, -1]
    assert p.rep == 1 + 1  # place bonus of a release project: +1 reputation
    assert p.cp == 4 and p.animals == [] and 443 in s.discard and p.supports == 1
    assert p.money == 25 + 12 and 5 not in p.bonus_tokens  # bonus column slot 5: 12 money


def test_base_project_pushed_out_of_the_row_returns_to_the_base_pile():
    s, _ = game(3)
    s.project_row = [121, 101, 122]  # 3 players: limit 3; 101 came in by Assertion (R9)
    for c in s.project_row:
        s.project_slots[c] = [-1, -1, -1]
    rass.enter_row(s, 0, 123)
    assert s.project_row == [123, 121, 101] and 122 in s.discard
    rass.enter_row(s, 0, 124)
    assert s.project_row == [124, 123, 121] and 101 in s.base_pile and 101 not in s.discard


def test_breeding_project_needs_the_category_from_a_partner_zoo_continent():
    s, _ = game(2, (H_PROJECT, (0, 126)), (rs.H_PROJECT_SLOT, (0, 0)), (rs.H_BONUS_TOKEN, 5))
    p = s.ps[0]
    s.project_row = [126]  # breed, herbivore: 2cp+2rep / 1cp+2rep / 2cp
    s.project_slots[126] = [-1, -1, -1]
    p.animals = [443]  # herbivore, Europe
    assert rass.slot_options(s, 0, 126) == []
    p.partner_zoos = [8]  # Americas: no match
    assert rass.slot_options(s, 0, 126) == []
    p.partner_zoos = [11]  # Europe
    assert rass.slot_options(s, 0, 126) == [(0, 0), (1, 0), (2, 0)]
    rass.support_project(s, 0, False)
    assert p.cp == 2 and p.rep == 1 + 2 and p.animals == [443] and s.project_slots[126] == [0, -1, -1]
    assert rass.slot_options(s, 0, 126) == []  # once per project


@pytest.mark.parametrize("sponsor", [215, 218])
def test_wildcard_tokens_of_215_count_as_one_icon_on_base_projects_only(sponsor):
    s, script = game(2, (H_PROJECT, (0, 110)), (rs.H_PROJECT_SLOT, (1, 1)), (rs.H_BONUS_TOKEN, 5))
    p = s.ps[0]
    ra.enter_zoo(s, 0, sponsor, p.sponsors)
    assert p.wildcards == 2
    s.base_projects = [110]
    s.project_slots = {110: [-1, -1, -1], 128: [-1, -1, -1]}
    s.project_row = [128]  # Aquatic, a project card: no wildcard
    p.animals = [401, 405]  # 3 predator icons; predators 5/4/2
    assert rass.slot_options(s, 0, 110) == [(1, 1), (2, 0)]  # slot 1 needs 4: with a token; slot 0 needs 5: never
    p.animals.append(482)  # Anaconda: 1 water icon; Aquatic's slot 2 needs 2 and a project card takes no token
    assert rass.slot_options(s, 0, 128) == []
    rass.support_project(s, 0, False)
    assert p.wildcards == 1 and s.project_slots[110] == [-1, 0, -1] and p.cp == 4


# ---------------------------------------------------------------- multiplier runs (§11.1, R4)
def test_multiplier_token_gives_one_more_run_at_the_same_strength_and_is_spent():
    s, script = game(2, (rs.H_TURN, (0, CARDS_ACTION)))
    p = s.ps[0]
    p.x = 0
    p.multiplier[CARDS_ACTION] = 1
    top2 = s.deck[:2]
    ref.play_turn(s, 0)  # Cards side I in slot 2: draw 1, discard 0, break +2; twice
    assert p.hand == top2 and s.break_token == 4 and p.multiplier[CARDS_ACTION] == 0
    assert p.slots[0] == CARDS_ACTION


def test_multiplier_placed_this_turn_is_usable_only_from_its_end():
    s, script = game(2, (rs.H_TURN, (0, CARDS_ACTION)))
    p = s.ps[0]
    p.x = 0
    p.multiplier_pending[CARDS_ACTION] = 1
    ref.play_turn(s, 0)
    assert len(p.hand) == 1 and s.break_token == 2 and p.multiplier[CARDS_ACTION] == 1


def test_multiplier_run_without_a_legal_completion_is_skipped_and_the_token_spent():
    s, script = game(2, (rs.H_TURN, (0, ANIMALS)), (H_ANIMAL_PLAY, (-1, 507)))
    p = s.ps[0]
    p.x = 0
    ra.move_card(s, 0, ANIMALS, 2, False)  # strength 2: one animal
    p.hand = [507]
    p.multiplier[ANIMALS] = 1
    ref.play_turn(s, 0)
    assert p.animals == [507] and p.multiplier[ANIMALS] == 0 and p.money == 25 - 12


# ---------------------------------------------------------------- Action:A and Determination (§11, R15)
def test_action_a_performs_that_card_at_its_current_strength_then_it_moves_to_slot_1():
    s, script = game(2, (H_SPONSOR_MODE, 0))
    p = s.ps[0]
    p.x = 0
    s.after_queue = [(0, 430, Op.ACTION, (SPONSORS,))]
    rfx.run_after_queue(s)  # Sponsors in slot 5: break option at strength 5
    assert s.break_token == 5 and p.money == 30
    assert p.slots == [SPONSORS, ANIMALS, CARDS_ACTION, BUILD, ASSOCIATION]


def test_action_a_may_add_x_tokens():
    s, script = game(2, (rs.H_XSPEND, 2), (H_SPONSOR_MODE, 0))
    p = s.ps[0]
    p.x = 2
    ra.move_card(s, 0, SPONSORS, 2, False)  # strength 2
    ref.extra_action(s, 0, SPONSORS)
    assert asked(script, rs.H_XSPEND) == [[0, 1, 2]] and p.x == 0 and s.break_token == 4 and p.money == 29


def test_determination_any_other_card_with_a_completion_then_slot_1():
    s, script = game(2, (rs.H_DETERMINATION, CARDS_ACTION))
    p = s.ps[0]
    p.x = 0
    top = s.deck[0]
    s.after_queue = [(0, 475, Op.DETERMINATION, ())]
    rfx.run_after_queue(s)
    assert asked(script, rs.H_DETERMINATION) == [[CARDS_ACTION, BUILD, ASSOCIATION, SPONSORS]]  # never Animals
    assert p.hand == [top] and s.break_token == 2 and p.slots[0] == CARDS_ACTION


# ---------------------------------------------------------------- unique buildings (§6.9)
def test_unique_building_placement_constraint_bonus_and_the_variant():
    wp, adv, side = (BUILDINGS.index(n) for n in ("water_playground", "adventure", "side_entrance"))
    mask = m((2, 7), (2, 9))  # §17.1: touches water (2,11), no rock; (2,9) holds money5
    s, script = game(2, (rs.H_FOOTPRINT, mask))
    assert mask in rb.legal_footprints(s, 0, wp, False) and mask not in rb.legal_footprints(s, 0, adv, False)
    ra.play_sponsor(s, 0, 256)
    b = s.ps[0].buildings[-1]
    assert (b.kind, b.mask, b.animals) == (wp, mask, []) and s.ps[0].money == 30
    covered = s.ps[0].covered
    assert any(f & (covered | rb.around(covered)) == 0 for f in rb.legal_footprints(s, 0, side, False))  # no adjacency
    assert all(bin(f & rb.BORDER).count("1") >= 2 for f in rb.legal_footprints(s, 0, side, False))
    s, _ = game(2, rules=replace(R, place_unique_buildings=False))
    ra.play_sponsor(s, 0, 256)
    assert len(s.ps[0].buildings) == 2 and s.ps[0].money == 25 and s.ps[0].sponsors == [256]


# ---------------------------------------------------------------- break_after_last_turn (§13.1)
def last_turn_position(rules):
    s, _ = game(2, rules=rules)
    s.end_triggered, s.last_turns = True, [1]  # seat 0 triggered the end; seat 1 plays the very last turn
    s.break_pending, s.break_token, s.break_trigger = True, s.break_len, 1
    return s


def test_no_break_after_the_very_last_turn_unless_break_after_last_turn():
    s = last_turn_position(R)
    ref.after_turn(s, 1)
    assert s.game_over and [p.money for p in s.ps] == [25, 25] and s.break_token == s.break_len
    s = last_turn_position(replace(R, break_after_last_turn=True))
    ref.after_turn(s, 1)
    assert s.game_over and [p.money for p in s.ps] == [25 + 5, 25 + 6] and s.break_token == 0  # appeal 0 / 1 income


def test_a_break_during_the_last_turns_but_the_very_last_is_resolved():
    s, _ = game(3)
    s.end_triggered, s.last_turns = True, [1, 2]
    s.break_pending, s.break_token, s.break_trigger = True, s.break_len, 1
    ref.after_turn(s, 1)
    assert not s.game_over and s.break_token == 0 and s.ps[0].money == 25 + 5 and s.current == 2


def test_a_discarded_base_project_returns_to_the_base_pile_not_the_deck():
    s, _ = game(2, (rs.H_DISCARD, 108))
    s.ps[0].hand = [108, 401]
    s.base_pile = [101]
    ra.cards_action(s, 0, 1, False)  # draw 1, discard 1
    assert s.base_pile == [101, 108] and 108 not in s.discard and 108 not in s.ps[0].hand


def test_project_card_from_the_display_on_association_side_2_pays_the_folder():
    s, script = game(2, (H_PROJECT, (2, 130)), (rs.H_BONUS_TOKEN, 5))
    p = s.ps[0]
    p.rep = 3  # range: folders 1-2
    p.animals = [405, 473]  # 2 small animals: 130's slot 2 (8/5/2)
    s.display = [401, 130, 131, 402, 403, 404]
    assert rass.project_options(s, 0, False) == []
    assert rass.project_options(s, 0, True) == [(2, 130)]  # 131 (folder 3) is out of range
    rass.support_project(s, 0, True)
    assert s.project_row == [130] and s.display[1] == 0 and s.project_slots[130] == [-1, -1, 0]
    assert p.money == 25 - 2 + 12 and p.cp == 2 and p.supports == 1
