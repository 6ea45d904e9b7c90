"""Ark Nova reference, playing cards (reference.actions) on hand-built positions: which animals and sponsors are
playable and from where (§5.3, §5.5, §7.2, R6, R8), what an animal costs and where it may live (§5.3, §6.6, §12.4),
the WAZA class block (§12.3), snapping under `snap_ignores_reputation` (§5.1), unique buildings gating their sponsor
(§6.9) and the PLAY rows (PROTOCOL.md 7)."""
from dataclasses import replace

import pytest

from tests.games.ark_nova.test_reference_play import R, game, m
from zoosim.games.ark_nova.components import cards
from zoosim.games.ark_nova.components.vocab import ENCLOSURE1, ICONS, REPTILE_HOUSE
from zoosim.games.ark_nova.reference import actions as ra
from zoosim.games.ark_nova.reference import build as rb
from zoosim.games.ark_nova.reference import game as ref  # noqa: F401  (fills the handlers)
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.reference.state import ANIMALS, Building, E_PLAY

pytestmark = pytest.mark.rules

ENC = {n: ENCLOSURE1 + n - 1 for n in range(1, 6)}
SIDE1, SIDE2 = [False] * 5, [True] * 5


def size(card):
    return int(cards.CARDS.size[cards.index_of(card)])


# ---------------------------------------------------------------- animals (§5.3, §7.2, R6, R8)
def test_animals2_is_read_on_the_acting_side_and_the_budget_includes_the_folder():
    """432 Indian Rhinoceros (size 4, cost 25) needs animals2: playable when the acting Animals card is side II, as
    under Hypnosis of a side-II card (R8), whatever the player's own side. Cost + folder <= money, equal allowed."""
    s, _ = game(2)
    p = s.ps[0]
    card = 432
    assert cards.CARDS.req_animals2[cards.index_of(card)] and not p.side2[ANIMALS]
    p.buildings.append(Building(ENC[4], m((3, 4), (3, 6), (4, 5), (4, 7))))
    p.money = 25
    assert not ra.animal_playable(s, 0, card, 0, SIDE1) and ra.animal_playable(s, 0, card, 0, SIDE2)
    assert not ra.animal_playable(s, 0, card, 1, SIDE2)  # one more money for a folder: too much
    p.hand = [card]
    assert ra.animal_options(s, 0, False, SIDE2) == [(-1, card)] and ra.animal_options(s, 0, False, SIDE1) == []
    p.money = 27
    s.display[1] = card
    p.rep = 2  # folders 1-2 in range
    assert ra.animal_options(s, 0, True, SIDE2) == [(-1, card), (2, card)]
    p.money = 26
    assert ra.animal_options(s, 0, True, SIDE2) == [(-1, card)]
    s.display[0] = card
    assert ra.animal_options(s, 0, True, SIDE2) == [(-1, card), (1, card)]
    assert ra.animal_options(s, 0, False, SIDE2) == [(-1, card)]  # side I: the hand only
    s.display[5] = card  # folder 6: out of range
    assert (6, card) not in ra.animal_options(s, 0, True, SIDE2)


def test_animals_side_2_at_strength_5_is_legal_by_the_range_after_the_reputation_step():
    """R6: Animals side II at strength >= 5 first gains 1 reputation, so legality takes the range after it: with
    reputation 1 and Cards side II, an animal in folder 2 makes strength 5 legal, strength 4 not; side I never reads
    the display. The reputation is left as it was."""
    s, _ = game(2)
    p = s.ps[0]
    p.side2[rs.CARDS_ACTION] = True
    s.display = [0, 473, 0, 0, 0, 0]  # Common Agama, size 1, cost 9
    assert ra.can_animals(s, 0, 5, True, SIDE2) and p.rep == 1
    assert not ra.can_animals(s, 0, 4, True, SIDE2) and not ra.can_animals(s, 0, 5, False, SIDE2)
    assert ra.can_animals(s, 0, 6, True, SIDE2) and p.rep == 1
    s.display = [0, 0, 473, 0, 0, 0]  # folder 3 needs reputation 4: from 3 yes, from 2 no
    p.rep = 2
    assert not ra.can_animals(s, 0, 5, True, SIDE2)
    p.rep = 3
    assert ra.can_animals(s, 0, 5, True, SIDE2) and p.rep == 3
    p.rep = 15  # the top: no further folder, nothing changes
    s.display = [0, 0, 0, 0, 0, 473]
    assert ra.can_animals(s, 0, 5, True, SIDE2) and p.rep == 15
    p.rep, p.money = 1, 10  # cost 9 + folder 2: not affordable
    s.display = [0, 473, 0, 0, 0, 0]
    assert not ra.can_animals(s, 0, 5, True, SIDE2)
    p.hand, p.money = [473], 9
    assert ra.can_animals(s, 0, 2, False, SIDE1) and not ra.can_animals(s, 0, 1, False, SIDE1)


def test_the_reputation_step_lost_at_the_cap_does_not_widen_the_range():
    """§5.3, §8.3, R6: at the side-I cap (9) side II's +1 reputation is lost, so the range stays folders 1-4 and an
    Animals action with only a folder-5 card is not legal (allow_null_action = false, §4.1)."""
    s, _ = game(2)
    p = s.ps[0]
    p.rep = 9  # Cards side I: the cap, the step is lost; the range stays folders 1-4
    s.display = [0, 0, 0, 0, 473, 0]
    ra.animals_action(s, 0, 5, True, SIDE2)
    assert p.animals == [] and p.rep == 9  # nothing could be played ...
    assert not ra.can_animals(s, 0, 5, True, SIDE2)  # ... so the action was not legal


def test_waza_class_blocks_the_other_class_and_never_size_3():
    """§12.3 trg_waza (227): class 0 (small) blocks animals of size >= 4, class 1 (large) blocks size <= 2."""
    s, _ = game(2)
    p = s.ps[0]
    by_size = {z: next(a for a in (473, 430, 443, 402, 401) if size(a) == z) for z in (1, 2, 3, 4, 5)}
    for cls, blocked in ((-1, set()), (0, {4, 5}), (1, {1, 2})):
        p.waza_class = cls
        assert {z for z, a in by_size.items() if ra.waza_blocks(s, 0, a)} == blocked


def test_animals_share_a_reptile_house_by_cubes_and_each_play_is_a_row():
    s, script = game(2, (rs.H_ANIMAL_HOME, 2), (rs.H_ANIMAL_HOME, 2))
    p = s.ps[0]
    house = Building(REPTILE_HOUSE, m((3, 4), (4, 5), (3, 6), (4, 3), (2, 5)))
    p.buildings.append(house)
    p.hand = [474, 475]  # 1 cube each; 475 needs animals2: played as if by a side-II card
    p.money = 40
    ra.play_animal(s, 0, -1, 474)
    s.display[2] = 475
    ra.play_animal(s, 0, 3, 475)
    assert house.animals == [474, 475] and house.cubes == 2 and p.money == 40 - 14 - 13 - 3
    plays = [e for e in s.events if e[0] == E_PLAY]
    assert plays == [(E_PLAY, 0, 474, -1, 2, 0), (E_PLAY, 0, 475, 3, 2, 0)]


def test_a_sponsor_is_logged_with_its_source():
    s, _ = game(2)
    ra.play_sponsor(s, 1, 223, 4)
    ra.play_sponsor(s, 1, 225)
    assert [e for e in s.events if e[0] == E_PLAY] == [(E_PLAY, 1, 223, 4, 0, 0), (E_PLAY, 1, 225, -1, 0, 0)]
    assert s.ps[1].sponsors == [223, 225]


# ---------------------------------------------------------------- snap (§5.1)
def test_snap_folders_ignore_the_range_unless_the_rule_says_otherwise():
    s, _ = game(2)
    s.display = [401, 0, 402, 403, 0, 404]
    assert ra.snap_folders(s, 0) == [1, 3, 4, 6]
    s, _ = game(2, rules=replace(R, snap_ignores_reputation=False))
    s.display = [401, 0, 402, 403, 0, 404]
    s.ps[0].rep = 4  # folders 1-3
    assert ra.snap_folders(s, 0) == [1, 3]


# ---------------------------------------------------------------- sponsors (§5.5, §6.9, R8)
def test_sponsor_playable_level_conditions_acting_side_money_and_its_unique_building():
    s, _ = game(2)
    p = s.ps[0]
    assert ra.sponsor_playable(s, 0, 223, 3, 0, SIDE1) and not ra.sponsor_playable(s, 0, 223, 2, 0, SIDE1)
    assert not ra.sponsor_playable(s, 0, 227, 6, 0, SIDE1)  # rep >= 6
    assert not ra.sponsor_playable(s, 0, 401, 9, 0, SIDE1)  # an animal
    assert ra.sponsor_playable(s, 0, 216, 5, 0, SIDE2) and not ra.sponsor_playable(s, 0, 216, 5, 0, SIDE1)
    p.money = 4
    assert ra.sponsor_playable(s, 0, 223, 3, 4, SIDE1) and not ra.sponsor_playable(s, 0, 223, 3, 5, SIDE1)
    p.hand = [216]
    assert ra.sponsor_options(s, 0, 5, False, SIDE2) == [(-1, 216)] and ra.sponsor_options(s, 0, 5, False, SIDE1) == []
    # 255 Adventure Playground needs a place touching rock for its building: none once every plain cell is covered
    assert ra.sponsor_playable(s, 0, 255, 3, 0, SIDE1)
    p.buildings.append(Building(ENC[1], rb.PLAIN & ~p.covered))
    assert not ra.sponsor_playable(s, 0, 255, 3, 0, SIDE1)
    assert ra.sponsor_playable(s, 0, 223, 3, 0, SIDE1)  # no unique building: unaffected
    s.rules = replace(R, place_unique_buildings=False)
    assert ra.sponsor_playable(s, 0, 255, 3, 0, SIDE1)


def test_the_reputation_step_at_15_opens_no_folder_even_with_a_range_beyond_15():
    s, _ = game(2, rules=replace(R, reputation_range=(1, 2, 4, 7, 10, 16)))
    p = s.ps[0]
    p.side2[rs.CARDS_ACTION] = True
    p.rep = 15  # +1 reputation at 15 is appeal (§8.3): still folders 1-5
    s.display = [0, 0, 0, 0, 0, 473]
    assert not ra.can_animals(s, 0, 5, True, SIDE2) and p.rep == 15


# ---------------------------------------------------------------- condition units counted (§7.2, R7)
def test_unmet_condition_units_of_each_kind_at_their_bounds():
    """A partner zoo of the card's continent (Leopard, Africa), N partner zoos (Breeding Cooperation, 2), Sponsors
    side II (Science Lab), a least reputation (WAZA Small Animals Program, 3), a most appeal (Basic Research, 25,
    with Sponsors II too): each unmet condition is one unit, a met one none."""
    s, _ = game(2)
    p = s.ps[1]
    side1, sponsors2 = [False] * 5, [False, False, False, False, True]
    africa = ICONS.index("africa")

    def unmet(card, side2=side1):
        return ra.unmet_conditions(s, 1, card, side2)
    assert unmet(403) == 1
    p.partner_zoos = [africa]
    assert unmet(403) == 0 and unmet(215) == 1
    p.partner_zoos = []
    assert unmet(215) == 2
    assert unmet(201) == 1 and unmet(201, sponsors2) == 0
    p.rep = 2
    assert unmet(228) == 1
    p.rep = 3
    assert unmet(228) == 0
    p.appeal = 25
    assert unmet(207, sponsors2) == 0 and unmet(207) == 1
    p.appeal = 26
    assert unmet(207, sponsors2) == 1 and unmet(207) == 2


def test_the_size_discounts_of_the_experts_and_no_cost_below_0():
    """Expert in Small Animals (229): 3 off animals of size 1-2; in Large Animals (230): 4 off size 4-5; a partner
    zoo of the animal's continent 3 off (§6.1); a cost never below 0."""
    s, _ = game(2)
    p = s.ps[1]
    p.sponsors = [229, 230]
    costs = {405: 8, 430: 15, 443: 12, 402: 16, 401: 17}  # sizes 1, 2, 3, 4, 5
    off = {405: 3, 430: 3, 443: 0, 402: 4, 401: 4}
    assert {a: ra.animal_cost(s, 1, a) for a in costs} == {a: costs[a] - off[a] for a in costs}
    p.partner_zoos = [ICONS.index("africa")]  # Fennec Fox is African: 8 - 6 - 3 < 0
    s.rules = replace(s.rules, partner_zoo_discount=6)
    assert ra.animal_cost(s, 1, 405) == 0


def test_snap_strength_6_means_never_even_above_strength_5():
    """§5.1 cards_snap_strength 1-6, 6 = never: strength counts up to 5, so X-tokens past 5 do not reach 6."""
    s, _ = game(2)
    assert ra.can_snap(s, 0, 5, False) and not ra.can_snap(s, 0, 4, False)
    s.rules = replace(s.rules, cards_snap_strength=(6, 6))
    assert not ra.can_snap(s, 0, 6, False) and not ra.can_snap(s, 0, 7, True)


def test_can_animals_asks_for_options_on_the_acting_side_and_after_the_reputation_step(monkeypatch):
    """R6, R8: Animals side II at strength >= 5 looks one reputation further; the options are asked with the card's
    side and the acting side as given."""
    seen = []

    def options(s, p, side2, acting):
        seen.append((p, side2, acting, s.ps[p].rep))
        return [1]
    monkeypatch.setattr(ra, "animal_options", options)
    s, _ = game(2)
    s.ps[1].rep = 4
    acting = [True, False, False, False, True]
    assert ra.can_animals(s, 1, 5, True, acting) and ra.can_animals(s, 1, 2, True, acting)
    assert ra.can_animals(s, 1, 3, False, acting)
    assert seen == [(1, True, acting, 5), (1, True, acting, 4), (1, False, acting, 4)] and s.ps[1].rep == 4
    assert all(entry[2] is acting for entry in seen)


def test_entering_the_zoo_gives_the_cards_appeal_cp_and_reputation_and_adds_its_wildcards():
    """§7.3: Siberian Tiger (406) gives 10 appeal, 2 CP, 1 reputation; Breeding Cooperation's passive 2 icon
    wildcards add to those the player has."""
    s, _ = game(2)
    p = s.ps[1]
    p.rep, p.wildcards = 2, 1
    ra.enter_zoo(s, 1, 406, p.animals)
    assert (p.appeal, p.cp, p.rep) == (1 + 10, 2, 3) and p.animals == [406]
    ra.enter_zoo(s, 1, 215, p.sponsors)
    assert p.wildcards == 3 and p.sponsors == [215]


def test_a_unique_building_sponsor_needs_room_for_its_own_building(monkeypatch):
    """§6.9: Meerkat Den (243, level 5, reputation 3) is playable only if the Meerkat Den building (10) can be
    placed, with Build side II's cells if Build is on side II."""
    asked = []

    def can_place(s, p, kind, build2):
        asked.append((p, kind, build2))
        return room
    monkeypatch.setattr(ra, "can_place_unique", can_place)
    s, _ = game(2)
    p = s.ps[1]
    p.rep, p.side2[rs.BUILD] = 3, True
    room = False
    assert not ra.sponsor_playable(s, 1, 243, 5, 0, p.side2)
    room = True
    assert ra.sponsor_playable(s, 1, 243, 5, 0, p.side2)
    assert asked == [(1, 10, True), (1, 10, True)]
