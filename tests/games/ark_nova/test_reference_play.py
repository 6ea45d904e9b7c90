"""Ark Nova reference, parts 3-6: action cards and the five actions, playing cards, interactive abilities,
breaks with income, the end and final scoring (§4, §5, §7, §9-§13, §17.2-17.3); hand-built positions."""
import copy
from dataclasses import replace

import pytest

from tests.games.ark_nova.scripted import Script
from zoosim.core.rng import PyRng
from zoosim.games.ark_nova.components import board, cards
from zoosim.games.ark_nova.components.vocab import ENCLOSURE1, KIOSK
from zoosim.games.ark_nova.reference import game as ref
from zoosim.games.ark_nova.reference import actions as ra
from zoosim.games.ark_nova.reference import association as rass
from zoosim.games.ark_nova.reference import effects as rfx
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.reference import setup as rsu
from zoosim.games.ark_nova.reference.state import (
    ANIMALS, ASSOCIATION, BUILD, CARDS_ACTION, SPONSORS, Building, H_ANIMAL_HOME, H_ANIMAL_PLAY, H_CARDS_MODE,
    H_PROJECT, H_SPONSOR_MODE, H_TARGET, H_TASK, H_UPGRADE,
)
from zoosim.games.ark_nova.rules import Rules

pytestmark = pytest.mark.rules

R = Rules()


def m(*cells):
    return board.mask_of(cells)


def game(players=2, *answers, rules=R):
    script = Script(*answers)
    s = rsu.setup(replace(rules, random_action_order=False), players, PyRng(2, 0), [script] * players)
    for p in s.ps:
        s.deck += p.hand
        p.hand = []
    return s, script


# ---------------------------------------------------------------- action cards (§4)
def test_rotation_strength_and_constriction():
    s, _ = game()
    p = s.ps[0]
    assert [ra.strength(s, 0, a) for a in range(5)] == [1, 2, 3, 4, 5]
    ra.move_card(s, 0, ASSOCIATION, 1, True)
    assert p.slots == [ASSOCIATION, ANIMALS, CARDS_ACTION, BUILD, SPONSORS]
    ra.move_card(s, 0, ANIMALS, 5, False)
    assert p.slots == [ASSOCIATION, CARDS_ACTION, BUILD, SPONSORS, ANIMALS]
    p.constriction[ANIMALS] = True
    assert ra.strength(s, 0, ANIMALS) == 3
    ra.move_card(s, 0, ANIMALS, 1, False)  # R3: a Clever/Boost move keeps the token
    assert p.constriction[ANIMALS]
    ra.move_card(s, 0, ANIMALS, 1, True)
    assert not p.constriction[ANIMALS]


def test_x_action_and_turn_options():
    s, script = game()
    s.ps[0].x = 0
    opts = ref.turn_options(s, 0)
    assert (0, ANIMALS) not in opts  # Animals side I at strength 1 plays nothing
    assert opts[-1] == (1, 0) and (0, CARDS_ACTION) in opts and (0, SPONSORS) in opts
    assert (0, ASSOCIATION) in opts  # strength 4: reputation task
    s.ps[0].x = 5
    assert (1, 0) not in ref.turn_options(s, 0)
    assert ref.spend_options(s, 0, ANIMALS) == [1, 2, 3, 4, 5] or ref.spend_options(s, 0, ANIMALS) == []


# ---------------------------------------------------------------- Cards (§5.1)
def test_cards_side_1_strength_1_draws_1_discards_1_and_moves_the_break_token():
    s, _ = game()
    s.ps[0].hand = [401, 402]
    top = s.deck[0]
    ra.cards_action(s, 0, 1, False)
    assert s.break_token == 2 and len(s.ps[0].hand) == 2 and s.discard[-1] == 401 and top in s.ps[0].hand


def test_cards_snap_at_5_side_1_and_3_side_2():
    s, _ = game(2, (H_CARDS_MODE, 1))
    card = s.display[5]
    s.ps[0].hand = []
    script_choice = s.policies[0]
    script_choice.answers.append((rs.H_SNAP_FOLDER, 6))
    ra.cards_action(s, 0, 5, False)
    assert s.ps[0].hand == [card] and s.display[5] == 0
    assert not ra.can_snap(s, 0, 4, False) and ra.can_snap(s, 0, 3, True)


def test_cards_side_2_takes_from_range():
    s, _ = game(2, (rs.H_TAKE_SOURCE, 1), (rs.H_TAKE_SOURCE, 0))
    first = s.display[0]
    ra.cards_action(s, 0, 2, True)  # take 2, discard 1
    assert len(s.ps[0].hand) == 1 and s.display[0] == 0  # folder stays empty until the turn ends
    assert first in s.ps[0].hand or first in s.discard


# ---------------------------------------------------------------- Animals (§5.3, §6.6, §7)
def test_play_an_animal_cost_partner_zoo_home_gains_and_ability():
    s, _ = game(2, (H_ANIMAL_PLAY, (-1, 430)))
    p = s.ps[0]
    p.hand = [430]
    p.buildings.append(Building(ENCLOSURE1 + 1, m((2, 7), (2, 9))))
    assert not ra.animal_options(s, 0, False, p.side2)  # needs a partner zoo of Africa
    p.partner_zoos = [7]
    assert ra.animal_cost(s, 0, 430) == 15 - 3
    assert ra.homes(s, 0, 430) == [1, 2]  # the start enclosure touches water (2,11) too
    s.policies[0].answers.append((H_ANIMAL_HOME, 2))
    ra.animals_action(s, 0, 2, False)
    assert p.animals == [430] and p.buildings[2].animals == [430]
    assert p.money == 25 - 12 and p.appeal == 6
    assert any(q[2] == rfx.Op.ACTION and q[3][0] == SPONSORS for q in s.after_queue)  # action:sponsors runs after the action


def test_animal_needs_rock_and_petting_animals_only_in_the_petting_zoo():
    s, _ = game()
    p = s.ps[0]
    p.buildings.append(Building(ENCLOSURE1 + 1, m((2, 7), (2, 9))))
    assert ra.homes(s, 0, 440) == [1]  # Mountain Tapir needs rock: only the start enclosure touches (1,12)
    assert ra.homes(s, 0, 519) == []
    p.buildings.append(Building(7, m((3, 4), (3, 6), (4, 3))))
    assert ra.homes(s, 0, 519) == [3]


def test_animals_side_2_strength_5_first_gains_reputation_and_plays_two():
    s, script = game(2, (H_ANIMAL_PLAY, (-1, 473)), (H_ANIMAL_PLAY, (-1, 519)))
    p = s.ps[0]
    p.hand = [473, 519]
    p.side2[ANIMALS] = True
    p.buildings.append(Building(7, m((3, 4), (3, 6), (4, 3))))
    ra.animals_action(s, 0, 5, True)
    assert p.rep == 2 and sorted(p.animals) == [473, 519]


def test_conditions_icons_animals2_and_ignore_one_for_large():
    s, _ = game()
    assert ra.unmet_conditions(s, 0, 470, s.ps[0].side2) == 2  # reptile, africa
    s.ps[0].partner_zoos = [7]
    assert ra.unmet_conditions(s, 0, 470, s.ps[0].side2) == 1


# ---------------------------------------------------------------- Sponsors (§5.5)
@pytest.mark.parametrize("side2, money", [(False, 4), (True, 8)])
def test_sponsors_break_option(side2, money):
    s, _ = game(2, (H_SPONSOR_MODE, 0))
    ra.sponsors_action(s, 0, 4, side2)
    assert s.break_token == 4 and s.ps[0].money == 25 + money


def test_play_a_sponsor_flat_and_immediate_effects_and_income():
    s, _ = game(2, (H_SPONSOR_MODE, 1))
    p = s.ps[0]
    p.hand = [220]
    ra.sponsors_action(s, 0, 4, False)
    assert p.sponsors == [220] and p.money == 28 and rs.icon_counts(s, 0)[12] == 1


# ---------------------------------------------------------------- Association (§5.4, §10)
def test_association_reputation_task_workers_and_partner_zoo_upgrade():
    s, _ = game(2, (H_TASK, 0), (H_UPGRADE, BUILD))
    p = s.ps[0]
    rass.association_action(s, 0, 2, False)
    assert p.rep == 3 and p.workers_active == 0 and p.task_workers[0] == 1
    assert not rass.task_doable(s, 0, 0, False)
    p.workers_active = 3
    rass.take_partner_zoo(s, 0)
    rass.take_partner_zoo(s, 0)  # 2nd partner zoo: upgrade
    assert len(p.partner_zoos) == 2 and p.side2[BUILD]
    assert rass.partner_options(s, 0, False) == []  # side I: at most 2


def test_donation_side_2_and_university():
    s, _ = game(2, (H_TASK, 0), (H_TASK, -1), (rs.H_COIN, 1))
    rass.association_action(s, 0, 5, True)
    assert s.ps[0].cp == 1 and s.ps[0].money == 23 and s.donations == 1
    rass.take_university(s, 0)
    assert s.ps[0].universities and rs.hand_limit(s, 0) in (3, 5)


def test_support_a_base_project_reward_bonus_token_and_supports():
    s, _ = game(2)
    p = s.ps[0]
    s.base_projects = [110, 108, 101]
    s.project_slots = {110: [-2, -1, -1], 108: [-1, -2, -1], 101: [-1, -1, -2]}
    p.sponsors = [242] if False else []
    p.animals = [401]  # 2 predator icons
    assert rass.slot_options(s, 0, 110) == [(2, 0)]
    s.policies[0].answers += [(H_PROJECT, (0, 110)), (rs.H_BONUS_TOKEN, 2)]
    rass.support_project(s, 0, False)
    assert p.cp == 2 and p.supports == 1 and s.project_slots[110][2] == 0 and p.money == 30 and 2 not in p.bonus_tokens
    assert rass.slot_options(s, 0, 110) == []


def test_release_flips_the_smallest_fitting_enclosure():
    s, _ = game()
    p = s.ps[0]
    small = Building(ENCLOSURE1 + 1, m((2, 7), (2, 9)), [473])
    big = Building(ENCLOSURE1 + 4, m((3, 4), (3, 6), (4, 5), (4, 3), (4, 7)), [401])
    p.buildings += [small, big]
    p.animals = [473, 401]
    p.appeal = 20
    rass.release(s, 0, 401)
    assert p.animals == [473] and p.appeal == 14 and 401 in s.discard
    assert not big.occupied and small.animals == [473]
    p.buildings[1].animals = [402]  # start size-3 enclosure occupied
    p.animals = [473, 402]
    rass.release(s, 0, 473)  # smallest fitting occupied = the size-2 one (its own)
    assert not small.occupied and p.buildings[1].animals == [402]


# ---------------------------------------------------------------- interactive (§17 "Interactive abilities")
def test_venom_example():
    s, _ = game(3)
    a, b, c = s.ps
    a.appeal, b.appeal, c.appeal = 10, 14, 4
    rfx.venom(s, 0, 2)
    assert [b.venom[x] for x in b.slots] == [True, True, False, False, False] and not any(c.venom)
    money = b.money
    ref.venom_fee(s, 1, False)
    assert b.money == money - 2
    ref.venom_fee(s, 1, True)
    assert b.money == money - 2


def test_venom_is_strict_spares_low_appeal_and_quarantine_lab_and_never_doubles_a_token():
    """§11.2 venom:N: only players strictly ahead in appeal (equal is not ahead), with appeal >= 5 and without
    Quarantine Lab 225, get a token on each card in slots 1..N that has none; one TOKEN row per new token."""
    s, _ = game(4)
    a, b, c, d = s.ps
    a.appeal, b.appeal, c.appeal, d.appeal = 10, 10, 11, 12
    d.sponsors = [225]
    c.venom[c.slots[1]] = True  # slot 2 already carries one
    rfx.venom(s, 0, 2)
    assert not any(b.venom) and not any(d.venom)  # equal appeal; Quarantine Lab
    assert [c.venom[x] for x in c.slots] == [True, True, False, False, False]
    assert [e for e in s.events if e[0] == rs.E_TOKEN] == [(rs.E_TOKEN, 2, 1, c.slots[0], 0, 0)]
    s, _ = game(3)
    a, b, c = s.ps
    a.appeal, b.appeal, c.appeal = 3, 5, 4  # 5 is exposed, 4 is not, though both are ahead
    rfx.venom(s, 0, 1)
    assert [b.venom[x] for x in b.slots] == [True, False, False, False, False] and not any(c.venom)


def test_constriction_example_and_quarantine_lab():
    s, _ = game(3)
    a, b, c = s.ps
    a.appeal, a.cp, b.appeal, b.cp, c.appeal, c.cp = 12, 3, 20, 5, 25, 0
    c.sponsors = [225]
    rfx.constriction(s, 0)
    assert [b.constriction[x] for x in b.slots] == [False, False, False, True, True] and not any(c.constriction)
    assert ra.strength(s, 1, b.slots[4]) == 3


def test_hypnosis_tie_lets_the_active_player_choose():
    s, script = game(3, (H_TARGET, 2), (rs.H_HYPNOSIS_CARD, (1, 0)))
    s.ps[0].appeal, s.ps[1].appeal, s.ps[2].appeal = 10, 30, 30
    ref.hypnosis(s, 0, 3)
    targets = [q for q in script.asked if q[1] == H_TARGET]
    assert targets[0][2] == [1, 2]
    assert s.ps[0].x == 1 and s.ps[2].slots[0] == 0  # X action with the target's slot-1 card


def test_pilfering_takes_5_money_or_a_card():
    s, _ = game(2)
    s.ps[0].appeal, s.ps[1].appeal = 5, 20
    rfx.pilfering(s, 0, 1)
    assert s.ps[0].money == 30 and s.ps[1].money == 20


def test_constriction_counts_strictly_ahead_in_appeal_and_cp_and_never_doubles_a_token():
    """§11.2 constriction: tokens = [appeal > mine] + [CP > mine] (equal is not ahead); the first on slot 5, the
    second on slot 4; a card that has one gets none; the active player and players below 5 appeal are untouched."""
    s, _ = game(4)
    a, b, c, d = s.ps
    a.appeal, a.cp = 10, 4
    b.appeal, b.cp = 11, 4   # one token: slot 5
    c.appeal, c.cp = 10, 5   # one token (CP): slot 5
    d.appeal, d.cp = 10, 4   # equal in both: none
    c.constriction[c.slots[4]] = True  # already on c's slot 5: stays, no row
    rfx.constriction(s, 0)
    assert [b.constriction[x] for x in b.slots] == [False, False, False, False, True]
    assert [c.constriction[x] for x in c.slots] == [False, False, False, False, True]
    assert not any(d.constriction) and not any(a.constriction)
    assert [e for e in s.events if e[0] == rs.E_TOKEN] == [(rs.E_TOKEN, 1, 2, b.slots[4], 0, 0)]
    s, _ = game(3)
    a, b, c = s.ps
    a.appeal, a.cp, b.appeal, b.cp, c.appeal, c.cp = 0, 0, 5, 1, 4, 9
    rfx.constriction(s, 0)
    assert [b.constriction[x] for x in b.slots] == [False, False, False, True, True] and not any(c.constriction)
    assert [e[1:4] for e in s.events if e[0] == rs.E_TOKEN] == [(1, 2, b.slots[4]), (1, 2, b.slots[3])]


def test_pilfering_targets_ties_floors_and_what_each_target_gives():
    """§11.2 pilfering:2: target A = most appeal among the others with appeal >= max(mine, 5) (ties: the active
    player chooses, TARGET over the tied seats ascending); target B = most CP with CP >= max(mine, 1). Each target
    gives 5 money (only with >= 5) or a random hand card (below(hand size), PROTOCOL.md 3 PILFER_GIVE), its own
    choice; with neither, all its money."""
    s, script = game(4, (rs.H_TARGET, 2), (rs.H_PILFER_GIVE, 0))
    script.asked.clear()
    a, b, c, d = s.ps
    a.appeal, a.cp, a.money = 6, 0, 10
    b.appeal, b.cp, b.money, b.hand = 6, 1, 4, [401, 402]   # tied top appeal; the only CP target; cannot give 5
    c.appeal, c.cp, c.money, c.hand = 6, 0, 5, [403]        # tied top appeal; chosen; gives 5 money
    d.appeal, d.cp = 4, 9                                   # below 5 appeal: never a target
    oracle = copy.deepcopy(s.rng)
    taken = b.hand[oracle.below(2)]
    rfx.pilfering(s, 0, 2)
    assert [(seat, hook, opts) for seat, hook, opts in script.asked] == [
        (0, rs.H_TARGET, [1, 2]), (2, rs.H_PILFER_GIVE, [0, 1])]
    assert c.money == 0 and c.hand == [403] and b.money == 4 and b.hand == [x for x in (401, 402) if x != taken]
    assert a.money == 15 and a.hand == [taken] and s.hidden_drawn and s.rng.s == oracle.s
    assert s.events[-4:] == [(rs.E_DECIDE, 2, rs.H_PILFER_GIVE, 2, 0, 0), (rs.E_GAIN, 2, 1, -5, 0, 0),
                             (rs.E_GAIN, 0, 1, 5, 15, 0), (rs.E_DRAW, 0, taken, -4, 0, 0)]
    # floors: appeal max(mine, 5), CP max(mine, 1); the same player may be both targets and gives twice
    s, script = game(3, (rs.H_PILFER_GIVE, 1))
    script.asked.clear()
    a, b, c = s.ps
    a.appeal, a.cp = 3, 0
    b.appeal, b.cp, b.money, b.hand = 5, 1, 7, [401]
    c.appeal, c.cp = 4, 1
    rfx.pilfering(s, 0, 2)
    assert [h for _, h, _ in script.asked] == [rs.H_PILFER_GIVE]  # then b has 7 money and no card: gives 5
    assert a.hand == [401] and a.money == 25 + 5 and b.money == 2
    # neither 5 money nor a card: all the money (none: nothing); pilfering:1 takes no CP target
    s, script = game(3)
    script.asked.clear()
    a, b, c = s.ps
    a.appeal, a.cp = 9, 0
    b.appeal, b.cp, b.money = 12, 0, 3
    c.appeal, c.cp, c.money, c.hand = 9, 9, 20, [401]
    rfx.pilfering(s, 0, 1)
    assert script.asked == [] and b.money == 0 and a.money == 28 and c.money == 20 and c.hand == [401]
    assert s.events[-2:] == [(rs.E_GAIN, 1, 1, -3, 0, 0), (rs.E_GAIN, 0, 1, 3, 28, 0)]
    b.appeal, c.appeal, b.money, n = 8, 8, 9, len(s.events)  # both below mine: no target
    rfx.pilfering(s, 0, 1)
    assert a.money == 28 and len(s.events) == n
    # the active player is not its own target, even when ahead of the floor
    s, script = game(2)
    script.asked.clear()
    s.ps[0].appeal, s.ps[1].appeal, s.ps[1].money = 10, 10, 9
    rfx.pilfering(s, 0, 1)
    assert script.asked == [] and s.ps[1].money == 4 and s.ps[0].money == 30


# ---------------------------------------------------------------- breaks, end, scoring
def test_worked_example_2_break_with_income():
    s, _ = game(2)
    p = s.ps[0]
    s.break_token = 7
    p.hand = [401, 402, 403, 404, 405]
    p.appeal = 7
    p.buildings[1].animals = [473]
    p.sponsors = [220]
    p.bonus_tokens.remove(2)
    folders = list(s.display)
    ra.cards_action(s, 0, 1, False)
    assert s.break_token == 9 and p.x == 1 and len(p.hand) == 5
    money = p.money
    ref.do_break(s)
    assert len(p.hand) == 3 and p.money == money + 20 and s.break_token == 0
    assert s.display[:4] == folders[2:] and all(s.display)


def test_worked_example_3_final_scoring():
    s, _ = game(2)
    p = s.ps[0]
    p.appeal, p.cp, p.rep = 58, 19, 10
    p.finals = [7]
    p.sponsors = [220]
    s.ps[1].finals = [1]
    s.cp10_reached = True
    ref.finish(s, ref.END_SCORE)
    assert p.cp == 22 and ref.score(s, 0) == 100


def test_tie_break_by_supports_then_shared():
    s, _ = game(3)
    for q, (appeal, supports) in enumerate(((60, 2), (60, 1), (60, 2))):
        s.ps[q].appeal, s.ps[q].supports = appeal, supports
    r = ref.result(s)
    assert r.ranks == [1, 3, 1] and r.win_share == [0.5, 0, 0.5]


def test_end_trigger_gives_every_other_player_one_turn():
    s, _ = game(3)
    s.ps[1].appeal, s.ps[1].cp = 113, 1
    ref.after_turn(s, 1)
    assert s.end_triggered and s.last_turns == [2, 0] and s.current == 2
    ref.after_turn(s, 2)
    assert s.current == 0 and not s.game_over
    ref.after_turn(s, 0)
    assert s.game_over and s.end_reason == ref.END_SCORE


def test_turn_cap_ends_the_game():
    s, _ = game(2, rules=replace(R, max_turns=3))
    for p in s.ps:
        p.turns = 3
    ref.after_turn(s, 1)
    assert s.game_over and s.end_reason == ref.END_TURN_CAP


# ---------------------------------------------------------------- opcodes
TESTED_OPCODES = {  # opcode -> where a test executes it
    "GAIN": "test_play_a_sponsor_flat_and_immediate_effects_and_income",
    "GAIN_PAIR": "test_opcode_positions", "GAIN_PER_METRIC": "test_opcode_positions",
    "GAIN_BY_TIERS": "test_worked_example_3_final_scoring", "OTHERS_MONEY_PER_CP": "test_opcode_positions",
    "DRAW_FROM_DECK": "test_opcode_positions", "TAKE_CARDS": "test_opcode_positions", "HUNTER": "test_opcode_positions",
    "HUNTER_X": "test_opcode_positions", "PERCEPTION": "test_opcode_positions", "SCAVENGING": "test_opcode_positions",
    "SNAPPING": "test_opcode_positions", "DIGGING": "test_opcode_positions", "SUNBATHING": "test_opcode_positions",
    "POUCH": "test_opcode_positions", "JUMPING": "test_opcode_positions", "RESISTANCE": "test_opcode_positions",
    "ASSERTION": "test_opcode_positions", "DOMINANCE": "test_opcode_positions",
    "SPONSOR_MAGNET": "test_opcode_positions", "POSTURING": "test_opcode_positions",
    "FREE_BUILDING": "test_opcode_positions", "PLACE_UNIQUE_BUILDING": "test_opcode_positions",
    "MULTIPLIER": "test_opcode_positions", "VENOM": "test_venom_example",
    "CONSTRICTION": "test_constriction_example_and_quarantine_lab", "PILFERING": "test_pilfering_takes_5_money_or_a_card",
    "HYPNOSIS": "test_hypnosis_tie_lets_the_active_player_choose", "CLEVER": "test_opcode_positions",
    "BOOST": "test_opcode_positions", "ACTION": "test_opcode_positions", "DETERMINATION": "test_opcode_positions",
    "SEARCH_ANIMAL_CLASS": "test_opcode_positions", "WAZA_ASSIGNMENT": "test_opcode_positions",
    "FLOCK": "test_opcode_positions", "ANIMAL_DISCOUNT": "test_opcode_positions",
    "PROJECT_STRENGTH": "test_opcode_positions", "ICON_WILDCARDS": "test_opcode_positions",
    "ENGINEER": "test_opcode_positions", "IGNORE_ANIMAL_ROCKWATER": "test_opcode_positions",
    "BUILD_ON_ROCKWATER": "test_opcode_positions", "RELEASE_CP": "test_opcode_positions",
    "LARGE_IGNORE_CONDITION": "test_opcode_positions", "COVER_NEXT_TO_TERRAIN_MONEY": "test_opcode_positions",
    "ARCHAEOLOGIST": "test_opcode_positions", "RELEASE_REPEAT": "test_opcode_positions",
    "IMMUNE_HOSTILE": "test_constriction_example_and_quarantine_lab",
    "OKAPI": "tests.games.ark_nova.test_reference_cases::test_okapi_tokens_and_herbivore_trigger_buy_a_sponsor_after_the_action",
    "WAZA_SMALL_EXTRA_PLAY": (
        "tests.games.ark_nova.test_reference_cases::test_waza_small_extra_play_after_only_small_animals_then_a_small_animal_from_any_folder"),
}


def test_unimplemented_opcodes_list_is_current():
    """Every opcode is executed by the reference and named with a test that runs it; none is left unexecuted."""
    import importlib
    names = {op.name for op in rfx.Op}
    assert {op.name for op in rfx.UNIMPLEMENTED} == names - set(TESTED_OPCODES)
    assert rfx.UNIMPLEMENTED == frozenset()
    assert set(TESTED_OPCODES) == names
    for where in TESTED_OPCODES.values():
        module, _, name = where.rpartition("::")
        scope = vars(importlib.import_module(module)) if module else globals()
        assert callable(scope.get(name)), where


def play(card, s=None, p=0, answers=()):
    if s is None:
        s, _ = game(2, *answers)
    else:
        s.policies[0].answers += list(answers)
    ra.enter_zoo(s, p, card, s.ps[p].sponsors if 200 < card < 300 else s.ps[p].animals)
    return s


def test_opcode_positions():
    C = cards.CARDS
    # DRAW_FROM_DECK: Cheetah sprint:3
    s = play(401)
    assert len(s.ps[0].hand) == 3
    # GAIN_PER_METRIC: pack (own predator icons incl. itself) - find a pack animal
    pack = next(int(i) for k, i in enumerate(C.ids) if C.ability_printed[k] == "pack")
    s, _ = game()
    s.ps[0].animals = [401]
    play(pack, s)
    assert s.ps[0].appeal == int(C.appeal[cards.index_of(pack)]) + 2 + int(C.icons[cards.index_of(pack), 1])
    # JUMPING, MULTIPLIER, inventive GAIN
    for tag, check in (("jumping", lambda s: s.break_token > 0), ("multiplier", lambda s: sum(s.ps[0].multiplier_pending) == 1)):
        card = next(int(i) for k, i in enumerate(C.ids) if C.ability_printed[k].startswith(tag))
        assert check(play(card))
    # HUNTER / PERCEPTION / SCAVENGING / SNAPPING / DIGGING / SUNBATHING / POUCH / RESISTANCE / ASSERTION / DOMINANCE
    for tag in ("hunter", "perception", "scavenging", "snapping", "digging", "sunbathing", "pouch", "resistance",
                "assertion", "dominance", "sponsor_magnet", "posturing", "peacocking", "clever", "boost", "action",
                "determination", "flock", "iconic", "petting", "inventive_bear", "inventive_primate"):
        card = next(int(i) for k, i in enumerate(C.ids) if tag in [t.split(":")[0] for t in C.ability_printed[k].split(";")])
        s, _ = game()
        s.ps[0].hand = [402, 403]
        s.discard = [404, 405, 406]
        play(card, s, answers=[(rs.H_COIN, 1)])
        rfx.run_after_queue(s)
        assert card in s.ps[0].animals
    # sponsors: every sponsor plays its immediate/passive effects on a fresh position without error
    for k in range(len(C.ids)):
        if C.kind[k] == cards.SPONSOR:
            s, _ = game()
            s.ps[0].side2 = [True] * 5
            s.ps[0].hand = [402, 403]
            play(int(C.ids[k]), s, answers=[(rs.H_COIN, 1)])
            rfx.run_after_queue(s)
            ref.income(s, 0)
            rfx.end_effects(s, 0)
    # OTHERS_MONEY_PER_CP (imm_others_money_per_cp) and GAIN_PAIR (trg_new_icon)
    for tag in ("imm_others_money_per_cp", "trg_new_icon"):
        card = next(int(i) for k, i in enumerate(C.ids) if tag in C.effects_model[k])
        s, _ = game()
        s.ps[0].animals = [401]
        play(card, s)
        if tag == "trg_new_icon":
            money = s.ps[0].money
            play(473, s)
            assert s.ps[0].money >= money + 2
    # passives read where their rule is
    s, _ = game()
    s.ps[0].sponsors = [229]
    assert ra.animal_cost(s, 0, 473) == 9 - 3
    s.ps[0].sponsors = [203]
    assert rass.task_value(s, 0, 3) == 4
    s.ps[0].sponsors = [263]
    assert ra.conditions_hold(s, 0, next(int(i) for k, i in enumerate(C.ids) if C.kind[k] == cards.ANIMAL
                                         and C.size[k] >= 4 and C.req_animals2[k]
                                         and sum(C.req_icons[k]) == 0 and not C.req_partner_zoo_continent[k]), [False] * 5)
    s.ps[0].sponsors = [219]
    from zoosim.games.ark_nova.reference import build as rb
    assert rb.legal_footprints(s, 0, ENCLOSURE1, False) != rb.legal_footprints(game()[0], 0, ENCLOSURE1, False)
    s.ps[0].sponsors = [224]
    assert rs.has_effect(s, 0, rfx.Op.RELEASE_REPEAT) and rs.has_effect(s, 0, rfx.Op.RELEASE_CP)
    assert KIOSK == 5


def test_parameters_support_without_bonus_token_and_peacocking_needs_build2():
    s, _ = game(2, rules=replace(R, support_without_bonus_token=False))
    s.base_projects = [110]
    s.project_slots = {110: [-1, -1, -1]}
    s.ps[0].animals = [401]
    assert rass.project_options(s, 0, False) == [(0, 110)]
    s.ps[0].bonus_tokens = []
    assert rass.project_options(s, 0, False) == []
    peacock = next(int(i) for k, i in enumerate(cards.CARDS.ids) if cards.CARDS.ability_printed[k] == "peacocking")
    for needs, built in ((False, True), (True, False)):
        s, _ = game(2, rules=replace(R, peacocking_needs_build2=needs))
        rfx.dispatch(s, 0, peacock, rfx.Op.FREE_BUILDING, (9,))
        assert any(b.kind == 9 for b in s.ps[0].buildings) == built
