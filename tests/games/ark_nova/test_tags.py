"""Ark Nova: one test per effect tag form of the card file (§11, §12), each on a hand-built position where the card
matters, with the result computed by hand; and the check that fails when a tag form of the CSV has no such test.

`TAG_TESTS` maps a tag form (`effects.TagSpec.form`, e.g. `trg_own:ICON:R:N`) to the test that runs it: a function
of this module (registered with `@tag`) or `module::function` for one elsewhere."""
import copy
import importlib

import pytest
from tests.games.ark_nova.test_reference_play import game, m  # helpers by module name

from zoosim.games.ark_nova.components import board, cards, effects
from zoosim.games.ark_nova.components.vocab import (
    BUILDINGS, ENCLOSURE1, KIOSK, LARGE_BIRD_AVIARY, PAVILION,
)
from zoosim.games.ark_nova.reference import game as ref
from zoosim.games.ark_nova.reference import actions as ra
from zoosim.games.ark_nova.reference import association as rass
from zoosim.games.ark_nova.reference import build as rb
from zoosim.games.ark_nova.reference import effects as rfx
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.reference.state import (
    ANIMALS, ASSOCIATION, BUILD, CARDS_ACTION, SPONSORS, Building, H_ARCHAEOLOGIST, H_BASE_PROJECT, H_BOOST,
    H_BUILD_TYPE, H_CLEVER, H_COIN, H_FOOTPRINT, H_HAND_CARD, H_KEEP_CARD, H_POSTURE_TYPE, H_RESISTANCE,
    H_SEARCH_CLASS, H_SNAP_FOLDER, H_TAKE_SOURCE,
)

pytestmark = pytest.mark.rules

C = cards.CARDS
CELL = board.CELL_INDEX
PLAIN = rb.PLAIN
TAG_TESTS: dict[str, str] = {
    "venom:N": "tests.games.ark_nova.test_reference_play::test_venom_example",
    "constriction": "tests.games.ark_nova.test_reference_play::test_constriction_example_and_quarantine_lab",
    "pas_immune_hostile": "tests.games.ark_nova.test_reference_play::test_constriction_example_and_quarantine_lab",
    "pilfering:N": "tests.games.ark_nova.test_reference_play::test_pilfering_takes_5_money_or_a_card",
    "hypnosis:N": "tests.games.ark_nova.test_reference_play::test_hypnosis_tie_lets_the_active_player_choose",
    "imm_money:N": "tests.games.ark_nova.test_reference_play::test_play_a_sponsor_flat_and_immediate_effects_and_income",
    "inc_money:N": "tests.games.ark_nova.test_reference_play::test_worked_example_2_break_with_income",
    "pas_icon_tokens:N": "tests.games.ark_nova.test_reference_cases::test_wildcard_tokens_of_215_count_as_one_icon_on_base_projects_only",
    "pas_okapi:N": "tests.games.ark_nova.test_reference_cases::test_okapi_tokens_and_herbivore_trigger_buy_a_sponsor_after_the_action",
    "pas_waza_small_extra_play": (
        "tests.games.ark_nova.test_reference_cases::test_waza_small_extra_play_after_only_small_animals_then_a_small_animal_from_any_folder"),
    "place_unique:NAME": "tests.games.ark_nova.test_reference_cases::test_unique_building_placement_constraint_bonus_and_the_variant",
    "action:ACTION": "tests.games.ark_nova.test_reference_cases::test_action_a_performs_that_card_at_its_current_strength_then_it_moves_to_slot_1",
    "determination": "tests.games.ark_nova.test_reference_cases::test_determination_any_other_card_with_a_completion_then_slot_1",
}


def tag(*forms):
    def put(fn):
        for f in forms:
            assert f not in TAG_TESTS, f
            TAG_TESTS[f] = fn.__name__
        return fn
    return put


def fresh(*answers, players=2):
    s, script = game(players, *answers)
    return s, script, s.ps[0]


def enter(s, card, p=0):
    ra.enter_zoo(s, p, card, s.ps[p].sponsors if 200 < card < 300 else s.ps[p].animals)


def on_top(s, *cs):
    """Put these zoo cards on top of the deck, in this order (taken from the deck or the display)."""
    for c in reversed(cs):
        if c in s.deck:
            s.deck.remove(c)
        else:
            s.display[s.display.index(c)] = 0
        s.deck.insert(0, c)


def asked(script, hook):
    return [opts for _, h, opts in script.asked if h == hook]


def only(mask):
    """A fake building covering exactly `mask` (the player's other buildings removed)."""
    return [Building(ENCLOSURE1, mask)]


# ---------------------------------------------------------------- animal abilities (§11)
@tag("sprint:N")
def test_sprint_draws_from_the_deck():
    s, _, p = fresh()
    top = s.deck[:3]
    enter(s, 401)
    assert p.hand == top and p.appeal == 6


@tag("pack")
def test_pack_counts_own_predator_icons_with_itself():
    s, _, p = fresh()
    p.animals = [401]  # 2 predator icons
    enter(s, 402)  # 1 more: 3
    assert p.appeal == 9 + 3


@tag("hunter:N")
def test_hunter_keeps_the_revealed_animal_and_discards_the_rest():
    s, _, p = fresh()
    on_top(s, 220, 426)
    enter(s, 404)  # hunter:2
    assert p.hand == [426] and s.discard[-1] == 220


@tag("clever")
def test_clever_moves_any_card_to_slot_1_after_the_action():
    s, _, p = fresh((H_CLEVER, SPONSORS))
    enter(s, 405)
    assert p.slots[0] == ANIMALS
    rfx.run_after_queue(s)
    assert p.slots == [SPONSORS, ANIMALS, CARDS_ACTION, BUILD, ASSOCIATION]


@tag("boost:ACTION")
def test_boost_moves_its_card_to_slot_5():
    s, _, p = fresh((H_BOOST, 5))
    enter(s, 419)  # boost:animals
    rfx.run_after_queue(s)
    assert p.slots == [CARDS_ACTION, BUILD, ASSOCIATION, SPONSORS, ANIMALS]


@tag("inventive_bear", "worker:N")
def test_inventive_bear_counts_bears_in_all_zoos_and_worker_hires():
    s, _, p = fresh()
    s.ps[1].animals = [414]  # 1 bear
    enter(s, 411)  # 1 bear itself; worker:1
    assert p.x == 2 and p.workers_active == 2 and p.workers_supply == 2


@tag("inventive:N")
def test_inventive_gains_x_tokens():
    s, _, p = fresh()
    enter(s, 414)
    assert p.x == 1


@tag("multiplier:ACTION")
def test_multiplier_puts_a_token_usable_from_the_turns_end():
    s, _, p = fresh()
    enter(s, 416)
    assert p.multiplier_pending[ASSOCIATION] == 1 and p.multiplier[ASSOCIATION] == 0


@tag("jumping:N")
def test_jumping_advances_the_break_token_and_pays():
    s, _, p = fresh()
    enter(s, 444)
    assert s.break_token == 2 and p.money == 27


@tag("iconic:CONTINENT")
def test_iconic_counts_the_continent_in_all_zoos():
    s, _, p = fresh()
    p.animals, s.ps[1].animals = [419], [443]  # 1 Europe each
    enter(s, 418)  # + itself: 3
    assert p.appeal == 2 + 3


@tag("inventive_primate")
def test_inventive_primate_by_own_primate_icons():
    s, _, p = fresh()
    p.sponsors = [236, 247]  # 2 primate icons; 459 brings the 3rd: 2 X-tokens (1/3/5 -> 1/2/3)
    enter(s, 459)
    assert p.x == 2


@tag("petting")
def test_petting_three_appeal_per_own_pet_icon():
    s, _, p = fresh()
    p.animals = [520]
    enter(s, 519)
    assert p.appeal == 3 * (1 + int(C.icons[cards.index_of(520), 6]))


@tag("sunbathing:N")
def test_sunbathing_sells_hand_cards_one_coin_at_a_time():
    s, script, p = fresh((H_COIN, 1), (H_HAND_CARD, 401), (H_COIN, 1), (H_HAND_CARD, 403), (H_COIN, 0))
    p.hand = [401, 402, 403]
    enter(s, 422)  # sunbathing:3, declined at the third
    assert p.money == 25 + 8 and p.hand == [402] and s.discard[-2:] == [401, 403] and p.cp == 1


@tag("pouch:N")
def test_pouch_puts_a_hand_card_under_the_animal():
    s, _, p = fresh((H_COIN, 1))
    p.hand = [401]
    enter(s, 425)
    assert p.pouched == {425: [401]} and p.hand == [] and p.appeal == 4 + 2


@tag("resistance")
def test_resistance_keeps_one_of_two_final_cards():
    s, _, p = fresh((H_RESISTANCE, 4))
    held = list(p.finals)
    s.final_pile = [3, 4, 5]
    enter(s, 426)
    assert p.finals == held + [4] and s.final_pile == [5, 3]


@tag("assertion")
def test_assertion_takes_a_base_project_not_in_play():
    s, script, p = fresh((H_BASE_PROJECT, 104))
    s.base_pile = [104, 102]
    enter(s, 427)
    assert asked(script, H_BASE_PROJECT) == [[102, 104]] and p.hand == [104] and s.base_pile == [102]


@tag("dominance")
def test_dominance_takes_108_if_not_in_play():
    s, _, p = fresh()
    s.base_pile = [108, 102]
    enter(s, 451)
    assert p.hand == [108] and s.base_pile == [102]
    s, _, p = fresh()
    s.base_pile = [102]
    enter(s, 451)
    assert p.hand == []


@tag("flock:N")
def test_flock_needs_a_herbivore_of_at_least_that_size():
    s, _, p = fresh()
    p.buildings = p.buildings[:1]  # no enclosure: only Flock could house
    assert ra.homes(s, 0, 439) == []
    p.animals = [440]  # herbivore size 2
    assert ra.homes(s, 0, 439) == [ra.FLOCK_HOME] and ra.homes(s, 0, 443) == []  # flock:2 yes, flock:3 no


@tag("digging:N")
def test_digging_replaces_a_display_card():
    s, script, p = fresh((H_COIN, 1), (H_SNAP_FOLDER, 3), (H_COIN, 0))
    old, top = s.display[2], s.deck[0]
    enter(s, 435)
    assert s.display[2] == top and s.discard[-1] == old and p.hand == []


def test_digging_digs_up_to_n_times_display_or_hand():
    """§11 digging:N: up to N times (a coin before each, G4), discard a display card and refill that folder in
    place, or discard a hand card and draw 1 from the deck; the N-th dig is the last even if the coin says yes."""
    s, script, p = fresh((H_COIN, 1), (rs.H_DIG_KIND, 0), (H_SNAP_FOLDER, 2),
                         (H_COIN, 1), (rs.H_DIG_KIND, 1), (rs.H_HAND_CARD, 402),
                         (H_COIN, 1), (rs.H_DIG_KIND, 0), (H_SNAP_FOLDER, 6), (H_COIN, 1))
    p.hand = [401, 402]
    display, deck = list(s.display), list(s.deck[:3])
    enter(s, 435)  # digging:3
    assert len(asked(script, H_COIN)) == 3 and script.answers == [(H_COIN, 1)]
    assert asked(script, rs.H_DIG_KIND) == [[0, 1]] * 3
    assert s.display == [display[0], deck[0]] + display[2:5] + [deck[2]]  # refilled in place, no slide
    assert p.hand == [401, deck[1]] and s.discard[-3:] == [display[1], 402, display[5]]
    s, script, p = fresh((H_COIN, 1))
    s.display = [0] * 6
    enter(s, 435)
    assert asked(script, H_COIN) == []  # nothing to dig: no coin


def test_digging_stops_at_the_first_no():
    s, script, p = fresh((H_COIN, 1), (rs.H_DIG_KIND, 0), (H_SNAP_FOLDER, 1), (H_COIN, 0), (H_COIN, 1))
    p.hand = [401]
    enter(s, 446)  # digging:4
    assert len(asked(script, H_COIN)) == 2 and p.hand == [401]


@tag("sponsor_magnet")
def test_sponsor_magnet_takes_every_display_sponsor():
    s, _, p = fresh()
    s.display = [401, 220, 402, 403, 261, 404]
    enter(s, 437)
    assert p.hand == [220, 261] and s.display[1] == 0 and s.display[4] == 0


@tag("snapping:N")
def test_snapping_takes_display_cards_with_a_refill_between():
    s, _, p = fresh()
    a, b = s.display[:2]
    enter(s, 469)  # snapping:2, folder 1 both times
    assert p.hand == [a, b]


@tag("scavenging:N")
def test_scavenging_keeps_one_of_the_discard_pile():
    s, _, p = fresh((H_KEEP_CARD, 403))
    s.discard = [402, 403]
    enter(s, 490)
    assert p.hand == [403] and s.discard == [402]


def test_scavenging_draws_n_of_the_shuffled_discard_pile_and_returns_the_rest():
    """§11 scavenging:N: shuffle the discard pile (PROTOCOL.md 1: Fisher-Yates on the game's stream), draw N from
    its top, keep 1 (KEEP_CARD over the drawn cards in drawn order), the others go back on the pile; min(N, pile)."""
    for card, n, pile in ((490, 2, [402, 403, 404, 405, 406]), (499, 3, [402, 403, 404, 405]), (499, 3, [402, 403])):
        s, script, p = fresh()
        s.discard = list(pile)
        shuffled = list(pile)
        rs.shuffle(copy.deepcopy(s.rng), shuffled)
        drawn = shuffled[:n]
        script.answers.append((H_KEEP_CARD, drawn[-1]))
        enter(s, card)
        assert asked(script, H_KEEP_CARD) == [drawn]
        assert p.hand == [drawn[-1]] and s.discard == shuffled[n:] + drawn[:-1]
        assert (rs.E_DRAW, 0, drawn[-1], -2, 0, 0) in s.events


@tag("posturing:N")
def test_posturing_places_a_free_pavilion():
    s, _, p = fresh((H_COIN, 1), (H_POSTURE_TYPE, PAVILION))
    enter(s, 497)
    assert [b.kind for b in p.buildings].count(PAVILION) == 1 and p.appeal == 6 + 1 and p.money == 25 + sum(
        5 for c in range(board.N_CELLS) if p.buildings[-1].mask >> c & 1 and board.CELL_BONUS[c] == 4)


@tag("perception:N")
def test_perception_keeps_two_of_four():
    s, script, p = fresh()
    top = s.deck[:4]
    script.answers.append((H_KEEP_CARD, (top[0], top[2])))
    enter(s, 503)
    assert len(asked(script, H_KEEP_CARD)[0]) == 6 and p.hand == [top[0], top[2]] and s.discard[-2:] == [top[1], top[3]]


@tag("peacocking")
def test_peacocking_places_a_free_aviary():
    s, _, p = fresh()
    enter(s, 514)
    assert [b.kind for b in p.buildings].count(LARGE_BIRD_AVIARY) == 1


# ---------------------------------------------------------------- sponsors: immediate (§12.1)
@tag("imm_take:N")
def test_imm_take_from_range_or_deck():
    s, script, p = fresh((H_TAKE_SOURCE, 1))
    first = s.display[0]
    enter(s, 201)
    assert asked(script, H_TAKE_SOURCE) == [[0, 1]] and p.hand == [first] and s.display[0] == 0


@tag("trg_own:ICON:R:N")
def test_trg_own_gains_per_own_icon():
    s, _, p = fresh()
    p.sponsors = [202]  # trg_own:science:rep:1
    enter(s, 223)  # 2 science
    assert p.rep == 3


@tag("imm_money_by_univ:N/N/N")
def test_imm_money_by_universities():
    s, _, p = fresh()
    p.universities = [0, 2]
    enter(s, 203)
    assert p.money == 25 + 5


@tag("pas_project_strength:N")
def test_project_task_value_4_with_203():
    s, _, p = fresh()
    assert rass.task_value(s, 0, 3) == 5
    p.sponsors = [203]
    assert rass.task_value(s, 0, 3) == 4


@tag("imm_money_per_icon:ICON|rockwater:N")
def test_imm_money_per_icon_and_per_rock_and_water():
    s, _, p = fresh()
    p.sponsors = [223]
    enter(s, 204)  # science 2 + its own 1 = 3: 6 money; its trg_own:science:cp:1 fires on its own icon
    assert p.money == 31 and p.cp == 1
    s, _, p = fresh()
    p.sponsors = [246, 245]  # rock 2, water 2
    enter(s, 219)
    assert p.money == 25 + 8


@tag("imm_app_per_support:N")
def test_imm_appeal_per_support():
    s, _, p = fresh()
    p.supports = 3
    enter(s, 206)
    assert p.appeal == 6


@tag("imm_cp_per_2distinct:N", "imm_others_money_per_cp:N")
def test_cp_per_two_kinds_and_others_money_per_cp():
    s, _, p = fresh()
    p.animals = [401, 439]  # predator, herbivore, Africa, Americas: 4 kinds
    enter(s, 207)
    assert p.cp == 2 and s.ps[1].money == 25 + 4


@tag("imm_cp_per_icon:ICON:N")
def test_imm_cp_per_science_icon_and_others_money():
    s, _, p = fresh()
    p.sponsors = [223]
    enter(s, 222)
    assert p.cp == 2 and s.ps[1].money == 29


@tag("imm_app_per_icon:ICON:N")
def test_imm_appeal_per_icon_counts_itself():
    s, _, p = fresh()
    p.sponsors = [223]
    enter(s, 208)
    assert p.appeal == 3


@tag("trg_any:ICON:R:N")
def test_trg_any_pays_the_owner_for_icons_in_any_zoo():
    s, _, p = fresh()
    s.ps[1].sponsors = [208]
    enter(s, 223)
    assert s.ps[1].money == 25 + 4 and p.money == 25
    p.sponsors = [208]
    enter(s, 205)
    assert p.money == 25 + 2 and s.ps[1].money == 25 + 6


@tag("imm_x:N", "inc_x:N")
def test_imm_x_and_income_x():
    s, _, p = fresh()
    enter(s, 209)
    assert p.x == 1
    ref.income(s, 0)
    assert p.x == 2 and p.money == 30


@tag("imm_worker:N")
def test_imm_worker():
    s, _, p = fresh()
    enter(s, 216)
    assert p.workers_active == 2 and p.workers_supply == 2


@tag("imm_search:small_or_large")
def test_search_reveals_until_an_animal_of_the_class():
    s, _, p = fresh((H_SEARCH_CLASS, 0))
    on_top(s, 220, 401, 405)
    enter(s, 227)
    assert p.hand == [405] and s.discard[-2:] == [220, 401] and p.waza_class == 0


@tag("trg_waza:N/N")
def test_waza_assignment_appeal_per_class_and_the_other_class_blocked():
    s, _, p = fresh()
    p.sponsors, p.waza_class = [227], 0
    for animal, gain in ((473, 2), (401, 4), (443, 0)):
        before = p.appeal
        ra.trigger_animal_played(s, 0, animal)
        assert p.appeal - before == gain
    assert ra.waza_blocks(s, 0, 401) and not ra.waza_blocks(s, 0, 443) and not ra.waza_blocks(s, 0, 473)


@tag("imm_money_per_small_animal:N", "imm_app_per_small_animal:N", "imm_app_per_large_animal:N")
def test_per_small_and_large_animal():
    for card, money, appeal in ((228, 4, 0), (229, 0, 2), (230, 0, 4)):
        s, _, p = fresh()
        p.animals = [405, 473, 401, 426]  # sizes 1, 1, 5, 5
        enter(s, card)
        assert (p.money - 25, p.appeal) == (money, appeal), card


@tag("pas_cost_small:N", "pas_cost_large:N")
def test_animal_cost_reductions():
    s, _, p = fresh()
    p.sponsors = [229, 230]
    assert ra.animal_cost(s, 0, 473) == 9 - 3 and ra.animal_cost(s, 0, 401) == 17 - 4
    assert ra.animal_cost(s, 0, 443) == int(C.cost[cards.index_of(443)])


@tag("imm_app_per_2icons:ICON:N")
def test_appeal_per_two_rock_icons():
    s, _, p = fresh()
    p.animals = [444]  # 2 rock icons
    enter(s, 242)  # + its own: rock 3, one pair
    assert p.appeal == 3
    s, _, p = fresh()
    p.sponsors = [246]  # 2 rock icons and trg_own:rock:app:2, which 242's own rock icon fires
    enter(s, 242)
    assert p.appeal == 3 + 2


@tag("imm_app_per_connected:K")
def test_appeal_per_connected_cell():
    for card, cell, gain in ((258, (2, 9), 1), (259, (1, 4), 2), (264, (2, 7), 2), (260, (0, 5), 2)):
        s, _, p = fresh()
        p.buildings = only(m(cell))  # water (2,11) / rock (1,2),(2,3) / bonus (2,5),(2,9) / empty border (0,3),(0,7)
        enter(s, card)
        assert p.appeal == gain, card


@tag("imm_money_per_distinct:N", "trg_new_icon:app1_money2")
def test_money_per_kind_and_new_kind_trigger():
    s, _, p = fresh()
    p.animals = [401, 439]
    enter(s, 262)
    assert p.money == 25 + 8
    s, _, p = fresh()
    p.sponsors, p.animals = [262], [401]
    enter(s, 439)  # new: herbivore, Americas
    assert p.appeal == 4 + 2 and p.money == 25 + 4


@tag("imm_free_enclosure:SIZE")
def test_free_size_5_enclosure():
    s, _, p = fresh()
    enter(s, 263)
    assert [b.kind for b in p.buildings].count(ENCLOSURE1 + 4) == 1 and p.buildings[-1].mask.bit_count() == 5


# ---------------------------------------------------------------- income (§12.2)
@tag("inc_take:N")
def test_income_take():
    s, _, p = fresh()
    p.sponsors = [201]
    top = s.deck[0]
    ref.income(s, 0)
    assert p.hand == [top] and p.money == 30


@tag("inc_cp:N")
def test_income_cp():
    s, _, p = fresh()
    p.sponsors = [206]
    ref.income(s, 0)
    assert p.cp == 1 and p.money == 30


@tag("inc_money_tier:ICON")
def test_income_money_tier():
    for extra, money in (([], 0), ([236], 3), ([236, 247, 248], 6)):
        s, _, p = fresh()
        p.sponsors = [231] + extra
        ref.income(s, 0)
        assert p.money == 25 + 5 + money, extra


@tag("inc_side_entrance:N")
def test_side_entrance_income():
    s, _, p = fresh()
    p.sponsors = [257]
    p.buildings.append(Building(BUILDINGS.index("side_entrance"), m((0, 5), (1, 6))))  # touches the kiosk only
    ref.income(s, 0)
    assert p.money == 25 + 5 + 1 + 2  # appeal 0, kiosk 1 (the side entrance), side entrance 2 (the kiosk)


# ---------------------------------------------------------------- triggers (§12.3)
@tag("trg_own:ICON:free_kiosk", "trg_own:ICON:free_enclosure1")
def test_trigger_free_buildings_after_the_action():
    for sponsor, animal, kind in ((210, 439, KIOSK), (211, 443, ENCLOSURE1)):
        s, _, p = fresh((H_COIN, 1))
        p.sponsors = [sponsor]
        p.buildings.append(Building(ENCLOSURE1 + 1, m((2, 7), (2, 9))))  # §17.1: now a kiosk fits at (3,8)
        n = [b.kind for b in p.buildings].count(kind)
        enter(s, animal)
        assert [b.kind for b in p.buildings].count(kind) == n
        rfx.run_after_queue(s)
        assert [b.kind for b in p.buildings].count(kind) == n + 1, sponsor


@tag("trg_own:ICON:free_pavilion")
def test_trigger_free_pavilion():
    s, _, p = fresh((H_COIN, 1))
    p.sponsors = [213]
    enter(s, 502)  # bird, Asia
    rfx.run_after_queue(s)
    assert [b.kind for b in p.buildings].count(PAVILION) == 1 and p.appeal == 6 + 1


@tag("trg_own:ICON:pouch1")
def test_trigger_pouch_under_212():
    s, _, p = fresh((H_COIN, 1))
    p.sponsors, p.hand = [212], [401]
    enter(s, 490)  # reptile, Australia (scavenging on an empty discard pile: nothing)
    before = p.appeal
    rfx.run_after_queue(s)
    assert p.pouched == {212: [401]} and p.appeal == before + 2


@tag("trg_own:ICON:clever")
def test_trigger_clever_may_move_a_card():
    s, _, p = fresh((H_COIN, 1), (H_CLEVER, SPONSORS), (H_CLEVER, BUILD))
    p.sponsors = [214]
    enter(s, 405)  # Africa: 214's clever first, then 405's own
    rfx.run_after_queue(s)
    assert p.slots[:2] == [BUILD, SPONSORS]


@tag("trg_own:ICON:perception2")
def test_trigger_perception2():
    s, script, p = fresh()
    a, b = s.deck[:2]
    script.answers.append((H_KEEP_CARD, (b,)))
    p.sponsors = [249]
    enter(s, 502)  # bird
    assert p.hand == [b] and s.discard[-1] == a


@tag("trg_own:ICON:sunbathing2")
def test_trigger_sunbathing2():
    s, _, p = fresh((H_COIN, 1), (H_HAND_CARD, 402), (H_COIN, 1))
    p.sponsors, p.hand = [250, 237], [401, 402]
    enter(s, 482)  # reptile: 250 sells 2 cards (8), 237 pays 3
    assert p.hand == [] and p.money == 25 + 8 + 3


@tag("trg_own:ICON:hunter_x")
def test_trigger_hunter_x_counts_own_predators():
    s, _, p = fresh()
    p.sponsors = [252]  # 1 predator
    on_top(s, 220, 426, 401)
    enter(s, 239)  # predator: X = 2 reveals 220, 426; 239's trg_any pays 3
    assert p.hand == [426] and s.deck[0] == 401 and p.money == 28


# ---------------------------------------------------------------- passives (§12.4, §12.6)
@tag("pas_engineer")
def test_engineer_builds_one_more_of_a_type_built():
    first, second = m((2, 7), (2, 9)), m((3, 8), (3, 10))
    s, _, p = fresh((H_BUILD_TYPE, ENCLOSURE1 + 1), (H_FOOTPRINT, first), (H_COIN, 1), (H_FOOTPRINT, second))
    p.sponsors = [217]
    rb.build_action(s, 0, 2, False)
    assert [b.mask for b in p.buildings[-2:]] == [first, second] and p.money == 25 - 4 + 5 - 4


@tag("pas_ignore_rockwater")
def test_ignore_rock_and_water_needs():
    s, _, p = fresh()
    p.buildings.append(Building(ENCLOSURE1 + 1, m((2, 7), (2, 9))))
    assert ra.homes(s, 0, 440) == [1]
    p.sponsors = [219]
    assert ra.homes(s, 0, 440) == [1, 2]


@tag("pas_build_on_rockwater")
def test_build_on_rock_and_water():
    s, _, p = fresh()
    assert m((1, 12)) not in rb.legal_footprints(s, 0, ENCLOSURE1, False)
    p.sponsors = [219]
    assert m((1, 12)) in rb.legal_footprints(s, 0, ENCLOSURE1, False)


@tag("pas_release_cp:N", "pas_release_repeat")
def test_release_cp_and_repeat():
    s, _, p = fresh()
    p.buildings.append(Building(ENCLOSURE1, m((2, 7)), [473]))
    p.animals, p.supported = [473], [116]  # 116 releases Africa; supported once already
    s.project_row, s.project_slots[116] = [116], [-1, -1, -1]
    assert rass.slot_options(s, 0, 116) == []
    p.sponsors = [224]
    assert rass.slot_options(s, 0, 116) == [(2, 0)]  # slot S
    rass.release(s, 0, 473)
    assert p.cp == 1 and p.animals == []


@tag("pas_large_ignore_condition")
def test_a_large_animal_may_ignore_one_condition():
    s, _, p = fresh()
    p.animals = [401]  # 402 needs 3 predators: 2 here, one condition unit short
    assert not ra.conditions_hold(s, 0, 402, p.side2)
    p.sponsors = [263]
    assert ra.conditions_hold(s, 0, 402, p.side2)
    p.animals = []
    assert not ra.conditions_hold(s, 0, 402, p.side2)


@tag("pas_cover_next_water:N", "pas_cover_next_rock:N")
def test_money_per_covered_cell_next_to_water_or_rock():
    for sponsor, mask, extra in ((241, m((2, 7), (2, 9)), 1), (242, m((1, 4)), 1), (241, m((1, 4)), 0)):
        s, _, p = fresh()
        p.sponsors = [sponsor]
        bonus = 5 if mask >> CELL[(2, 9)] & 1 else 0
        rb.place_building(s, 0, ENCLOSURE1 + mask.bit_count() - 1, mask)
        assert p.money == 25 + bonus + extra, sponsor


@tag("pas_archaeologist")
def test_archaeologist_border_bonus_gives_an_uncovered_bonus_too():
    s, script, p = fresh((H_ARCHAEOLOGIST, CELL[(0, 1)]))
    p.sponsors = [221]
    rb.place_building(s, 0, ENCLOSURE1, m((0, 3)))  # border cell with x_token; then (0,1)'s reputation 2
    assert p.x == 1 and p.rep == 3 and not p.covered >> CELL[(0, 1)] & 1
    assert CELL[(0, 3)] not in asked(script, H_ARCHAEOLOGIST)[0]


# ---------------------------------------------------------------- end of game (§12.5)
def end(s):
    s.scoring = True
    rfx.end_effects(s, 0)
    return s.ps[0]


@tag("end_cp_tiers:M:t=v,...")
def test_end_cp_tiers():
    s, _, p = fresh()
    p.sponsors = [201, 223]  # science 3: 1 CP
    assert end(s).cp == 1
    s, _, p = fresh()
    p.sponsors = [201, 223, 209, 208, 220]  # science 6: 2 CP; the others' tiers not reached
    assert end(s).cp == 2


@tag("end_app_per_xtoken:N")
def test_end_appeal_per_x_token():
    s, _, p = fresh()
    p.sponsors, p.x = [214], 3
    assert end(s).appeal == 3


@tag("end_app_if_full_cover:N")
def test_end_appeal_if_full_cover():
    s, _, p = fresh()
    p.sponsors = [217]
    p.buildings = only(PLAIN & ~board.mask_of([(0, 1)]))
    assert end(s).appeal == 0
    p.buildings = only(PLAIN)
    assert end(s).appeal == 5


@tag("end_cp_if:COND:N")
def test_end_cp_if_border_covered_or_all_water_connected():
    s, _, p = fresh()
    p.sponsors = [221]
    p.buildings = only(rb.BORDER & PLAIN)
    assert end(s).cp == 1
    s, _, p = fresh()
    p.sponsors = [241, 242]
    assert end(s).cp == 0
    p.buildings = only(PLAIN)
    assert end(s).cp == 2


@tag("end_app_per_rockwater_pair:N:maxN")
def test_end_appeal_per_rock_water_pair_capped():
    s, _, p = fresh()
    p.sponsors = [219, 246, 245, 256]  # rock 2, water 3
    assert end(s).appeal == 4
    s, _, p = fresh()
    p.sponsors = [219, 246, 255, 242, 245, 256, 241]  # rock 4, water 4: 3 pairs at most
    assert end(s).appeal == 6


@tag("end_cp_per2_unconnected:K")
def test_end_cp_per_two_unconnected_cells():
    for card, cell, cp in ((258, (2, 9), (9 - 1) // 2), (259, (1, 4), (7 - 2) // 2), (264, (2, 7), (12 - 2) // 2)):
        s, _, p = fresh()
        p.sponsors, p.buildings = [card], only(m(cell))
        assert end(s).cp == cp, card


@tag("end_cp_per_group6:empty")
def test_end_cp_per_full_six_of_connected_empty_cells():
    column = [(0, y) for y in (1, 3, 5, 7, 9, 11)]
    s, _, p = fresh()
    p.sponsors, p.buildings = [260], only(PLAIN & ~m(*column))
    assert end(s).cp == 1
    p.buildings = only(PLAIN & ~m(*column[:5]))  # 5 empty cells: nothing more (the CP so far stays 1)
    assert end(s).cp == 1


# ---------------------------------------------------------------- the registry check
def csv_forms() -> dict[str, int]:
    """Every tag form used by the card file -> the first card using it."""
    out: dict[str, int] = {}
    for k, card in enumerate(C.ids):
        for column, text in (("ability", C.ability_printed[k]), ("ability", C.ability_peaceful[k]),
                             ("sponsor", C.effects_model[k])):
            for t in filter(None, text.split(";")):
                spec, _ = effects.match_tag(t, column)
                out.setdefault(spec.form, int(card))
    return out


def resolve(where: str):
    module, _, name = where.rpartition("::")
    scope = vars(importlib.import_module(module)) if module else globals()
    return scope.get(name)


def test_every_tag_form_of_the_csv_has_a_test_on_a_position_where_it_matters():
    forms = csv_forms()
    missing = sorted(set(forms) - set(TAG_TESTS))
    assert not missing, f"tag forms of the card file without a test: {missing}"
    assert not set(TAG_TESTS) - set(forms), "registry names a form the card file does not use"
    for form, where in TAG_TESTS.items():
        assert callable(resolve(where)) and resolve(where).__name__.startswith("test_"), (form, where)


@pytest.mark.parametrize("form", ["no_such_tag"])
def test_the_registry_check_fails_for_a_form_without_a_test(form, monkeypatch):
    monkeypatch.setitem(globals(), "csv_forms", lambda: {**{f: 0 for f in TAG_TESTS}, form: 0})
    with pytest.raises(AssertionError, match=form):
        test_every_tag_form_of_the_csv_has_a_test_on_a_position_where_it_matters()
