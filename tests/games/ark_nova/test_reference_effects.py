"""Ark Nova reference, the effect programs (reference.effects) on hand-built positions, results and rows by hand:
the metrics effects count (§12.1, §12.5), searching the deck (227, §12.1), WAZA's points per animal played (§12.3),
Hunter and Perception (§11), Clever keeping tokens (R3), digging's folders (§11), the after-queue (§4.1, §12.3) and
Okapi's tokens (§12.6)."""
import pytest

from tests.games.ark_nova.test_reference_play import game, m
from zoosim.games.ark_nova.components import board, cards
from zoosim.games.ark_nova.components.effects import METRICS, SCOPE_ALL, SCOPE_OWN, Op
from zoosim.games.ark_nova.components.vocab import ENCLOSURE1, KIOSK, PAVILION
from zoosim.games.ark_nova.reference import build as rb
from zoosim.games.ark_nova.reference import effects as rfx
from zoosim.games.ark_nova.reference import game as ref  # noqa: F401  (fills the handlers)
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.reference.state import E_DECIDE, E_DISCARD, E_DRAW, E_GAIN, Building

pytestmark = pytest.mark.rules

C = cards.CARDS


def metric(s, p, name, scope=SCOPE_OWN):
    return rfx.metric(s, p, METRICS.index(name), scope)


def size(card):
    return int(C.size[cards.index_of(card)])


# ---------------------------------------------------------------- metrics (§12.1, §12.5)
def test_the_zoo_metrics_by_hand():
    s, _ = game(2)
    p, q = s.ps
    q.animals = [401, 402]  # another zoo's predators never count for an own-scope metric
    p.animals = [405]
    assert metric(s, 0, "icon_predator") == 1 and metric(s, 0, "icon_predator", SCOPE_ALL) == 4
    p.buildings.append(Building(KIOSK, m((3, 8))))
    p.buildings.append(Building(ENCLOSURE1, m((1, 6)), [405]))
    p.buildings.append(Building(ENCLOSURE1, m((1, 8))))                # empty
    p.buildings.append(Building(ENCLOSURE1 + 1, m((2, 7), (2, 9)), [430]))  # occupied, not size 1
    assert metric(s, 0, "kiosks") == 2 and metric(s, 0, "enc1_occupied") == 1
    p.animals = [405, 430, 443, 402, 401, 473]  # sizes 1, 2, 3, 4, 5, 1
    assert metric(s, 0, "small_animals") == 3 and metric(s, 0, "large_animals") == 2
    # categories: predator, herbivore, reptile; continents: Africa, Europe
    assert metric(s, 0, "distinct_categories") == 3 and metric(s, 0, "distinct_continents") == 2
    assert metric(s, 0, "distinct_kinds") == 5
    p.x, p.supports, p.rep, p.universities = 3, 2, 7, [rs.UNIV_SCI2, rs.UNIV_REP_HAND]
    assert (metric(s, 0, "x_tokens"), metric(s, 0, "supports"), metric(s, 0, "rep"), metric(s, 0, "univ")) == (3, 2, 7, 2)
    assert metric(s, 0, "science") == 2
    p.animals, p.sponsors = [430, 482, 440], []  # water 1 + 1, rock 1
    assert metric(s, 0, "rockwater") == 3 and metric(s, 0, "rockwater_pairs") == 1


def test_groups_of_six_empty_cells_count_per_connected_group():
    """end_cp_per_group6:empty: 1 per full 6 in each connected group of empty building cells."""
    s, _ = game(2)
    p = s.ps[0]
    seven = m((3, 2), (3, 4), (4, 3), (4, 5), (3, 6), (4, 7), (3, 8))  # a chain of 7 neighbours
    five = m((7, 2), (7, 4), (6, 3), (6, 5), (8, 5))
    for a, b in ((m((3, 2)), m((3, 4))), (m((7, 2)), m((6, 3)))):
        assert rb.around(a) & b
    p.buildings = [Building(ENCLOSURE1, rb.PLAIN & ~seven & ~five)]
    assert metric(s, 0, "empty_group_sixes") == 1  # 7 // 6 + 5 // 6
    twelve = seven | m((2, 5), (2, 7), (2, 9), (1, 6), (1, 8))
    p.buildings = [Building(ENCLOSURE1, rb.PLAIN & ~twelve & ~five)]
    assert bin(twelve).count("1") == 12 and metric(s, 0, "empty_group_sixes") == 2
    p.buildings = [Building(ENCLOSURE1, rb.PLAIN & ~five)]
    assert metric(s, 0, "empty_group_sixes") == 0
    assert rfx.groups_of_six(seven | m((0, 1))) == 1 and rfx.groups_of_six(0) == 0
    # a group of 6 spanning x = 2-4 and one of 3 at x = 3-4 between its cells in bit order: each counted once
    six = m((2, 5), (3, 4), (4, 5), (4, 3), (3, 6), (2, 7))
    three = m((3, 10), (4, 9), (4, 11))
    assert not rb.around(six) & three
    assert rfx.groups_of_six(six | three) == 1


# ---------------------------------------------------------------- 227 and its trigger (§12.1, §12.3)
def test_search_reveals_until_an_animal_of_the_chosen_class_and_discards_the_rest():
    s, script = game(2, (rs.H_SEARCH_CLASS, 0), (rs.H_SEARCH_CLASS, 1))
    p = s.ps[0]
    s.deck = [220, 443, 430, 473, 401]  # a sponsor, size 3, size 2, ...
    n = len(s.events)
    rfx.search_animal_class(s, 0)
    assert p.hand == [430] and p.waza_class == 0 and s.discard[-2:] == [220, 443] and s.deck == [473, 401]
    assert [e for e in s.events[n:] if e[0] != E_DECIDE] == [(E_DISCARD, 0, 220, 0, 0, 0), (E_DISCARD, 0, 443, 0, 0, 0),
                                                             (E_DRAW, 0, 430, 0, 0, 0)]
    assert script.asked[-1] == (0, rs.H_SEARCH_CLASS, [0, 1])
    s.deck = [473, 443, 402, 401]
    rfx.search_animal_class(s, 0)  # large: size 4 is the first
    assert p.hand == [430, 402] and p.waza_class == 1 and s.deck == [401]
    s.deck, s.discard = [], []
    rfx.search_animal_class(s, 0)  # nothing to reveal
    assert p.hand == [430, 402]


def test_waza_gives_2_appeal_per_small_and_4_per_large_animal_played():
    s, _ = game(2)
    p = s.ps[0]
    p.sponsors = [227]
    for animal, appeal in ((473, 2), (430, 2), (443, 0), (402, 4), (401, 4)):
        before = p.appeal
        rfx.trigger_animal_played(s, 0, animal)
        assert (size(animal), p.appeal - before) == (size(animal), appeal)


# ---------------------------------------------------------------- Hunter, Perception (§11)
def test_hunter_reveals_n_keeps_one_animal_and_discards_the_rest_with_rows():
    s, script = game(2, (rs.H_KEEP_CARD, 426))
    p = s.ps[0]
    s.deck = [220, 419, 426, 401]
    n = len(s.events)
    rfx.hunter(s, 0, 3)
    assert p.hand == [426] and s.deck == [401] and s.discard[-2:] == [220, 419]
    assert script.asked[-1] == (0, rs.H_KEEP_CARD, [419, 426])
    assert [e for e in s.events[n:] if e[0] != E_DECIDE] == [(E_DISCARD, 0, 220, 0, 0, 0), (E_DISCARD, 0, 419, 0, 0, 0),
                                                             (E_DRAW, 0, 426, 0, 0, 0)]
    s.deck = [220, 221]
    rfx.hunter(s, 0, 2)  # no animal: both discarded
    assert p.hand == [426] and s.discard[-2:] == [220, 221]


def test_perception_keeps_the_chosen_two_and_discards_the_others_with_rows():
    s, script = game(2, (rs.H_KEEP_CARD, (401, 403)))
    p = s.ps[0]
    s.deck = [401, 402, 403, 404, 405]
    n = len(s.events)
    rfx.perception(s, 0, 4, 2)
    assert p.hand == [401, 403] and s.discard[-2:] == [402, 404] and s.deck == [405]
    assert [e for e in s.events[n:] if e[0] != E_DECIDE] == [(E_DRAW, 0, 401, 0, 0, 0), (E_DISCARD, 0, 402, 0, 0, 0),
                                                             (E_DRAW, 0, 403, 0, 0, 0), (E_DISCARD, 0, 404, 0, 0, 0)]
    assert len(script.asked[-1][2]) == 6  # the 2-subsets of 4


# ---------------------------------------------------------------- Clever, digging (§11, R3)
def test_clever_moves_any_card_to_slot_1_and_it_keeps_its_tokens():
    s, script = game(2, (rs.H_CLEVER, rs.SPONSORS))
    p = s.ps[0]
    p.venom[rs.SPONSORS] = p.constriction[rs.SPONSORS] = True
    rfx.clever(s, 0)
    assert p.slots[0] == rs.SPONSORS and p.venom[rs.SPONSORS] and p.constriction[rs.SPONSORS]
    assert script.asked[-1] == (0, rs.H_CLEVER, [0, 1, 2, 3, 4])


def test_digging_offers_every_non_empty_folder():
    s, script = game(2, (rs.H_COIN, 1), (rs.H_DIG_KIND, 0), (rs.H_SNAP_FOLDER, 6))
    p = s.ps[0]
    s.display = [401, 0, 402, 403, 404, 405]
    p.hand = [406]
    rfx.digging(s, 0, 1)
    assert [o for _, h, o in script.asked if h == rs.H_SNAP_FOLDER] == [[1, 3, 4, 5, 6]]
    assert s.display[5] != 405 and s.discard[-1] == 405
    s, script = game(2, (rs.H_COIN, 1), (rs.H_HAND_CARD, 407))
    p = s.ps[0]
    s.display = [0] * 6
    p.hand = [406, 407]
    top = s.deck[0]
    n = len(s.events)
    rfx.digging(s, 0, 1)  # only the hand: DIG_KIND not asked
    assert p.hand == [406, top] and [e for e in s.events[n:] if e[0] != E_DECIDE] == [
        (E_DISCARD, 0, 407, 0, 0, 0), (E_DRAW, 0, top, 0, 0, 0)]
    assert not [o for _, h, o in script.asked if h == rs.H_DIG_KIND]


def test_sunbathing_discards_with_a_row_for_the_seller():
    s, script = game(2, (rs.H_COIN, 1), (rs.H_HAND_CARD, 402))
    p = s.ps[1]
    p.hand = [401, 402]
    n = len(s.events)
    rfx.sell_or_pouch(s, 1, 422, 1, 4, False)
    assert p.hand == [401] and p.money == 29 and [e for e in s.events[n:] if e[0] != E_DECIDE] == [
        (E_DISCARD, 1, 402, 0, 0, 0), (E_GAIN, 1, 1, 4, 29, 0)]


# ---------------------------------------------------------------- the after-queue (§4.1, §12.3) and Okapi (§12.6)
def test_the_after_queue_free_building_trigger_is_a_may_only_when_it_can_be_built():
    s, script = game(2, (rs.H_COIN, 1), (rs.H_FOOTPRINT, m((1, 6))))
    p = s.ps[0]
    s.after_queue = [(0, 213, Op.FREE_BUILDING, (PAVILION,))]  # 213's Asia trigger: a free pavilion
    n = len(s.events)
    rfx.run_after_queue(s)
    assert p.buildings[-1].kind == PAVILION and p.buildings[-1].mask == m((1, 6)) and p.money == 25 and p.appeal == 1
    assert s.events[-1] == (rs.E_PLAY, -1, 0, 0, 0, 0) and s.after_queue == []
    p.buildings.append(Building(ENCLOSURE1, rb.PLAIN & ~p.covered))  # nowhere left
    asked = len(script.asked)
    s.after_queue = [(0, 213, Op.FREE_BUILDING, (PAVILION,))]
    rfx.run_after_queue(s)
    assert len(script.asked) == asked and s.events[-1] == (rs.E_PLAY, -1, 0, 0, 0, 0) and len(s.events) == n + 6


def test_a_sponsors_clever_trigger_is_a_may_an_animals_clever_is_not():
    s, script = game(2, (rs.H_COIN, 0))
    p = s.ps[0]
    p.sponsors = [214]
    s.after_queue = [(0, 214, Op.CLEVER, ())]
    rfx.run_after_queue(s)
    assert [h for _, h, _ in script.asked][-1:] == [rs.H_COIN] and p.slots[0] == rs.ANIMALS
    s, script = game(2, (rs.H_CLEVER, rs.BUILD))
    p = s.ps[0]
    s.after_queue = [(0, 214, Op.CLEVER, ())]  # 214 not (or no longer) in the zoo: Clever as an ability
    rfx.run_after_queue(s)
    assert p.slots[0] == rs.BUILD and rs.H_COIN not in [h for _, h, _ in script.asked[-1:]]


def test_okapi_needs_a_token_left_for_a_herbivore_icon_to_queue_a_play():
    s, _ = game(2)
    p = s.ps[0]
    p.sponsors = [253]
    p.okapi_tokens = 1
    assert rfx.okapi_card(s, 0) == 253
    rfx.icons_entered(s, 0, [0, 0, 1] + [0] * 12, [0] * 15)
    assert s.after_queue == [(0, 253, Op.OKAPI, ())]
    p.okapi_tokens = 0
    assert rfx.okapi_card(s, 0) == 0
    assert board.N_CELLS == 58
