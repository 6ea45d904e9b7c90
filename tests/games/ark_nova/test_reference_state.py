"""Ark Nova reference, part 1: setup (§3, PROTOCOL.md 2), the tracks and their one-time bonuses (§4.4-4.5, §8),
the break token (§9.1) and the display (§9.4); decisions, the shuffle, icon counts and the public view (PROTOCOL.md 1,
3, 6; §7.1, §15.1); on hand-built positions."""
from collections import Counter
from dataclasses import replace
from itertools import combinations

import pytest

from tests.games.ark_nova.scripted import Script, Stub
from zoosim.core.rng import PyRng
from zoosim.games.ark_nova.components import cards
from zoosim.games.ark_nova.components.effects import Op
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.reference import tracks as rt
from zoosim.games.ark_nova.reference import setup as rsu
from zoosim.games.ark_nova.reference.setup import setup
from zoosim.games.ark_nova.reference.state import (ANIMALS, ASSOCIATION, BLOCKED, BUILD, CARDS_ACTION, FREE, H_CP2,
    H_CP_TILE, H_KEEP, H_TAKE_SOURCE, H_UPGRADE, SPONSORS, shuffle, uniform)
from zoosim.games.ark_nova.reference.tracks import (advance_break, gain)
from zoosim.games.ark_nova.rules import Rules

pytestmark = pytest.mark.rules

R = Rules()


def first(s, seat, hook, options):
    return 0


def game(players=2, rules=R, seed=1, policy=first):
    return setup(rules, players, PyRng(seed, 0), [policy] * players)


# ---------------------------------------------------------------- setup
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_counts_and_card_conservation(players):
    s = game(players, policy=uniform)
    assert len(s.display) == 6 and all(s.display)
    assert all(len(p.hand) == 4 and len(p.finals) == 2 for p in s.ps)
    assert len(s.discard) == 4 * players and len(s.deck) == 212 - 6 - 8 * players
    assert Counter(rt.all_zoo_cards(s)) == Counter(int(cards.CARDS.ids[c]) for c in cards.ZOO_DECK)
    assert len(s.base_projects) == (4 if players == 4 else 3) and len(s.base_pile) == 12 - len(s.base_projects)
    assert sorted(s.base_projects + s.base_pile) == list(range(101, 113))
    assert len(s.final_pile) == 11 - 2 * players
    assert sum(len(t) for t in s.bonus_tiles.values()) == 4 and set(s.bonus_tiles) == {5, 8}
    for seat, p in enumerate(s.ps):
        assert (p.money, p.appeal, p.rep, p.cp, p.x) == (25, seat, 1, 0, 0)
        assert (p.workers_active, p.workers_supply) == (1, 3)
        assert p.slots[0] == ANIMALS and sorted(p.slots) == [0, 1, 2, 3, 4] and not any(p.side2)
        assert [b.kind for b in p.buildings] == [5, 2] and not any(b.occupied for b in p.buildings)
    assert s.break_len == {2: 9, 3: 12, 4: 15}[players] and s.break_token == 0


def test_setup_draws_in_protocol_order():
    s = game(3, seed=7)
    rng = PyRng(7, 0)
    deck = [int(cards.CARDS.ids[c]) for c in cards.ZOO_DECK]
    base, finals, tiles = list(range(101, 113)), list(range(1, 12)), list(R.bonus_tiles)
    for pile in (deck, base, finals, tiles):
        shuffle(rng, pile)
    orders = []
    for _ in range(3):
        rest = [CARDS_ACTION, BUILD, ASSOCIATION, SPONSORS]
        shuffle(rng, rest)
        orders.append([ANIMALS] + rest)
    assert s.bonus_tiles == {5: tiles[:2], 8: tiles[2:4]}
    assert [p.slots for p in s.ps] == orders
    assert s.base_projects == base[:3] and s.display == deck[:6]
    # policy `first` keeps dealt positions 0-3 and discards 4-7, seat by seat
    assert [p.hand for p in s.ps] == [deck[6 + 8 * k:10 + 8 * k] for k in range(3)]
    assert s.discard == [c for k in range(3) for c in deck[10 + 8 * k:14 + 8 * k]]
    assert [p.finals for p in s.ps] == [finals[0:2], finals[2:4], finals[4:6]]
    assert s.rng.s == rng.s  # no other draw


def test_fixed_action_order_and_keep_options():
    s = game(2, replace(R, random_action_order=False))
    assert all(p.slots == [ANIMALS, CARDS_ACTION, BUILD, ASSOCIATION, SPONSORS] for p in s.ps)
    script = Script()
    setup(R, 2, PyRng(3, 0), [script, script])
    keeps = [q for q in script.asked if q[1] == H_KEEP]
    assert len(keeps) == 2 and keeps[0][2] == list(combinations(range(8), 4)) and len(keeps[0][2]) == 70


def test_two_player_blocks():
    s = game(2)
    assert [s.project_slots[b] for b in s.base_projects] == [[BLOCKED, FREE, FREE], [FREE, BLOCKED, FREE],
                                                            [FREE, FREE, BLOCKED]]
    s3 = game(3)
    assert all(v == [FREE] * 3 for v in s3.project_slots.values())
    s2 = game(2, replace(R, two_player_blocks=False))
    assert all(v == [FREE] * 3 for v in s2.project_slots.values())
    # a fourth base project at 2 players (base_projects_shown 4): the blocks stay on the first three
    s4 = game(2, replace(R, base_projects_shown=(4, 3, 4)))
    assert [s4.project_slots[b] for b in s4.base_projects] == [[BLOCKED, FREE, FREE], [FREE, BLOCKED, FREE],
                                                             [FREE, FREE, BLOCKED], [FREE, FREE, FREE]]


def test_new_state_before_any_draw():
    """Every pile in card-id order, the display empty, players at the rules' starting values (workers too)."""
    rules = replace(R, workers_total=6, workers_start=2, display_size=4)
    s = rsu.new_state(rules, 3, PyRng(1, 0), [first] * 3)
    assert s.deck == [int(cards.CARDS.ids[c]) for c in cards.ZOO_DECK] and s.deck == sorted(s.deck)
    assert s.base_pile == list(range(101, 113)) and s.final_pile == list(range(1, 12))
    assert s.display == [0, 0, 0, 0] and s.discard == [] and s.bonus_tiles == {}
    assert [(p.workers_active, p.workers_supply) for p in s.ps] == [(2, 4)] * 3
    assert [p.slots for p in s.ps] == [[ANIMALS, CARDS_ACTION, BUILD, ASSOCIATION, SPONSORS]] * 3


def test_the_opening_hand_discards_are_logged_for_their_seat():
    """§3: each seat discards the 4 dealt cards it does not keep, one DISCARD row (seat, card, 0) each."""
    s = game(2)
    rows = [e for e in s.events if e[0] == rs.E_DISCARD]
    assert [(seat, card, a) for _, seat, card, a, _, _ in rows] == (
        [(0, c, 0) for c in s.discard[:4]] + [(1, c, 0) for c in s.discard[4:]])


def test_opening_card_is_dealt_and_kept():
    for card, seat in ((401, 1), (220, 0), (130, 1)):
        rules = replace(R, opening_card=card, opening_card_seat=seat)
        for seed in range(3):
            s = game(2, rules, seed=seed, policy=uniform)
            assert card in s.ps[seat].hand
            assert Counter(rt.all_zoo_cards(s)) == Counter(int(cards.CARDS.ids[c]) for c in cards.ZOO_DECK)
    assert all(0 in o for o in rsu.keep_options(replace(R, opening_card=401), 0))
    assert len(rsu.keep_options(replace(R, opening_card=401), 0)) == 35
    assert len(rsu.keep_options(replace(R, opening_card=401), 1)) == 70


# ---------------------------------------------------------------- tracks
def test_reputation_cap_bonuses_and_overflow():
    script = Script((H_UPGRADE, CARDS_ACTION), (H_TAKE_SOURCE, 0))
    s = game(2, policy=script)
    p = s.ps[0]
    gain(s, 0, 3, 3)  # 1 -> 4
    assert p.rep == 4 and not any(p.side2)
    gain(s, 0, 3, 1)  # 5: upgrade (Cards chosen)
    assert p.rep == 5 and p.side2[CARDS_ACTION]
    gain(s, 0, 3, 3)  # 8: hire a worker
    assert p.rep == 8 and p.workers_active == 2
    hand = len(p.hand)
    gain(s, 0, 3, 2)  # 10: take a card (deck); cap 15 since Cards is side II
    assert p.rep == 10 and len(p.hand) == hand + 1
    cp, x = p.cp, p.x
    gain(s, 0, 3, 5)  # 11 +1 CP, 12 +1 X, 13 card, 14 +1 CP, 15 +1 X
    assert p.rep == 15 and p.cp == cp + 2 and p.x == x + 2 and len(p.hand) == hand + 2
    appeal = p.appeal
    gain(s, 0, 3, 2)
    assert p.rep == 15 and p.appeal == appeal + 2
    q = s.ps[1]
    gain(s, 1, 3, 20)  # side I: capped at 9, the rest lost
    assert q.rep == 9 and q.appeal == 1


def test_cp_spaces_upgrade_or_worker_bonus_tiles_and_final_discard():
    script = Script((H_CP2, 1), (H_CP_TILE, -1))
    s = game(2, policy=script)
    p = s.ps[0]
    gain(s, 0, 4, 2)
    assert p.workers_active == 2 and not any(p.side2)
    money = p.money
    gain(s, 0, 4, 3)  # CP 5: 5 money instead of a tile
    assert p.money == money + 5 and len(s.bonus_tiles[5]) == 2
    s.bonus_tiles[8] = ["rep2", "money10"]
    script.answers.append((H_CP_TILE, 1))
    gain(s, 0, 4, 3)  # CP 8: the second tile on space 8
    assert s.bonus_tiles[8] == ["rep2"] and p.money == money + 15
    gain(s, 0, 4, 2)  # CP 10: everybody discards a final card, once
    assert [len(q.finals) for q in s.ps] == [1, 1] and s.cp10_reached
    gain(s, 1, 4, 10)
    assert [len(q.finals) for q in s.ps] == [1, 1]
    gain(s, 0, 4, 50)
    assert p.cp == 41


@pytest.mark.parametrize("tile, check", [
    ("money10", lambda p: p.money == 35), ("rep2", lambda p: p.rep == 3), ("x3", lambda p: p.x == 3),
    ("take3", lambda p: len(p.hand) == 7), ("multiplier", lambda p: p.multiplier_pending == [1, 0, 0, 0, 0]),
])
def test_bonus_tiles(tile, check):
    s = game(2)
    rt.bonus_tile(s, 0, tile)
    assert check(s.ps[0])


def test_last_worker_gives_map_a_cp():
    s = game(2)
    p = s.ps[0]
    gain(s, 0, 5, 2)
    assert (p.workers_active, p.workers_supply, p.cp) == (3, 1, 0)
    gain(s, 0, 5, 2)  # the 4th worker: +2 CP; a 5th does nothing
    assert (p.workers_active, p.workers_supply, p.cp) == (4, 0, 2)


def test_caps_appeal_and_x_tokens():
    s = game(2)
    gain(s, 0, 0, 200)
    gain(s, 0, 2, 9)
    assert s.ps[0].appeal == 113 and s.ps[0].x == 5


def test_break_token_gives_the_mover_an_x_token_once():
    s = game(2)
    advance_break(s, 1, 7)
    assert s.break_token == 7 and not s.break_pending
    advance_break(s, 0, 5)
    assert s.break_token == 9 and s.break_pending and s.break_trigger == 0 and s.ps[0].x == 1
    advance_break(s, 1, 2)
    assert s.break_trigger == 0 and s.ps[1].x == 0


def test_display_refill_slides_and_reshuffles():
    s = game(2)
    before = list(s.display)
    rt.take_from_display(s, 2)
    rt.take_from_display(s, 4)
    top = s.deck[:2]
    rt.refill_display(s)
    assert s.display == [before[0], before[2], before[4], before[5]] + top
    s.discard, s.deck = s.deck, []
    rt.take_from_display(s, 1)
    pile = list(s.discard)
    rng = PyRng(1, 0)
    rng.s = list(s.rng.s)
    shuffle(rng, pile)
    rt.refill_display(s)
    assert s.display[-1] == pile[0] and len(s.deck) == len(pile) - 1


def test_take_card_options_follow_reputation_range():
    s = game(2)
    assert rt.take_card_options(s, 0) == [0, 1]
    s.ps[0].rep = 4
    assert rt.take_card_options(s, 0) == [0, 1, 2, 3]
    s.display[1] = 0
    assert rt.take_card_options(s, 0) == [0, 1, 3]


# ---------------------------------------------------------------- decisions, the shuffle, counts (PROTOCOL.md 1, 3, 6; §7.1)


def test_the_shuffle_is_fisher_yates_from_the_last_element_down():
    values = ["a", "b", "c", "d"]
    rng = Stub(0, 1, 0)  # i = 3: j = 0; i = 2: j = 1; i = 1: j = 0
    shuffle(rng, values)
    assert rng.asked == [4, 3, 2] and values == ["c", "d", "b", "a"]
    one = ["x"]
    shuffle(Stub(), one)
    assert one == ["x"]


def test_a_decision_with_one_option_is_not_asked_and_every_asked_one_is_a_row():
    s = game(2)
    n = len(s.events)
    asked = []

    def policy(view, seat, hook, options):
        asked.append((view.seat, seat, hook, options))
        return len(options) - 1

    s.policies = [policy, policy]
    assert rs.choose(s, 1, H_CP2, ["only"]) == "only" and asked == [] and len(s.events) == n
    assert rs.choose(s, 1, H_CP2, ["a", "b", "c"]) == "c" and asked == [(1, 1, H_CP2, ["a", "b", "c"])]
    assert s.events[n:] == [(rs.E_DECIDE, 1, H_CP2, 3, 2, 0)]
    assert rs.coin(s, 0) is True and s.events[-1] == (rs.E_DECIDE, 0, rs.H_COIN, 2, 1, 0)
    with pytest.raises(rs.IllegalMove):
        rs.choose(s, 0, H_CP2, [])
    s.policies = [lambda v, seat, h, o: 2] * 2
    with pytest.raises(rs.IllegalMove):
        rs.choose(s, 0, H_CP2, ["a", "b"])
    s.policies = [lambda v, seat, h, o: -1] * 2
    with pytest.raises(rs.IllegalMove):
        rs.choose(s, 0, H_CP2, ["a", "b"])
    s.rng = Stub(4)
    assert uniform(rs.public_view(s, 0), 0, H_CP2, list(range(7))) == 4 and s.rng.asked == [7]


def test_icon_counts_cards_partner_zoos_and_university_science():
    s = game(2)
    p = s.ps[0]
    p.animals, p.sponsors = [401, 430], [204]  # predator x2 + Africa; herbivore + Africa + water; science
    p.partner_zoos = [7, 9]
    p.universities = [rs.UNIV_REP_HAND, rs.UNIV_SCI_REP, rs.UNIV_SCI2]
    icons = rs.icon_counts(s, 0)
    sponsor_science = int(cards.CARDS.icons[cards.index_of(204), 12])
    assert icons[1] == 2 and icons[2] == 1 and icons[7] == 2 + 1 and icons[9] == 1 and icons[14] == 1
    assert icons[12] == sponsor_science + 0 + 1 + 2 and rs.icon_counts(s, 1) == [0] * 15


def test_hand_limit_range_and_the_small_helpers():
    s = game(2)
    p = s.ps[0]
    assert rs.hand_limit(s, 0) == 3
    p.universities = [rs.UNIV_SCI2]
    assert rs.hand_limit(s, 0) == 3
    p.universities = [rs.UNIV_REP_HAND]
    assert rs.hand_limit(s, 0) == 5
    for rep, folders in ((1, 1), (3, 2), (4, 3), (9, 4), (10, 5), (13, 6), (15, 6)):
        p.rep = rep
        assert rs.range_folders(s, 0) == folders
    s3 = game(2, replace(R, display_size=3))
    s3.ps[0].rep = 13
    assert rs.range_folders(s3, 0) == 3
    assert p.slot_of(p.slots[3]) == 4 and p.covered == sum(b.mask for b in p.buildings)
    with pytest.raises(Exception, match="not implemented"):
        rs.call("no such rule", s)


def test_card_rows_follow_peaceful_and_passives_come_from_sponsors_and_animals(monkeypatch):
    monkeypatch.setattr(rs, "_ROWS", {})  # read from the programs in this test, not from an earlier test's cache
    # Western Green Mamba, immediate: venom:2; in the peaceful game inventive:2 (2 X-tokens)
    assert rs.card_rows(False, 470, 0) == ((int(Op.VENOM), (2, 0, 0, 0, 0, 0, 0, 0)),)
    assert rs.card_rows(True, 470, 0) == ((int(Op.GAIN), (2, 2, 0, 0, 0, 0, 0, 0)),)
    assert rs.card_rows(False, 470, 4) == ()
    s = game(2)
    p = s.ps[0]
    assert rs.has_effect(s, 0, Op.IMMUNE_HOSTILE) == []
    p.sponsors = [225]
    assert len(rs.has_effect(s, 0, Op.IMMUNE_HOSTILE)) == 1
    p.sponsors, p.animals = [], [439]  # Lama: flock (a passive of an animal)
    assert rs.has_effect(s, 0, Op.FLOCK) and not rs.has_effect(s, 1, Op.FLOCK)
    # every card's rows at every moment, in both programs, as cards.card_effects reads them back
    for peaceful in (False, True):
        for card in (int(i) for i in cards.CARDS.ids):
            effects = cards.card_effects(card, peaceful)
            for m in range(6):
                assert rs.card_rows(peaceful, card, m) == tuple((int(e.op), e.args) for e in effects if e.moment == m)


def test_a_rule_handler_is_registered_under_its_name(monkeypatch):
    monkeypatch.setattr(rs, "HANDLERS", {})

    def rule(s, n):
        return n + 1
    assert rs.handler("a rule")(rule) is rule and rs.HANDLERS == {"a rule": rule}
    assert rs.call("a rule", None, 2) == 3


def test_the_public_view_field_by_field():
    """PROTOCOL.md 6: every public field as it is, the viewer's own hand, final cards and pouched cards, only
    counts of the others', the deck as its size, the base pile sorted."""
    s = game(3)
    s.turn, s.current, s.donations, s.break_token = 9, 2, 3, 4
    s.break_pending, s.break_trigger, s.cp10_reached, s.end_triggered, s.last_turns = True, 1, True, True, [0, 1]
    s.base_pile = [109, 104]
    s.project_row = [130]
    s.project_slots[130] = [FREE, 1, FREE]
    s.board_partner_zoos, s.board_universities = [8, 11], [2]
    a, b, c = s.ps
    b.pouched = {425: [402, 403]}
    b.x, b.cp, b.supports, b.supported, b.wildcards, b.okapi_tokens, b.waza_class = 2, 7, 1, [130], 1, 2, 0
    b.task_workers, b.multiplier, b.venom = [1, 0, 0, 0], [0, 1, 0, 0, 0], [True, False, False, False, False]
    view = rs.public_view(s, 1)
    assert (view.seat, view.players, view.rules, view.turn, view.current) == (1, 3, s.rules, 9, 2)
    assert view.display == tuple(s.display) and view.discard == tuple(s.discard) and view.deck_size == len(s.deck)
    assert view.base_projects == tuple(s.base_projects) and view.base_pile == (104, 109)
    assert view.final_pile_size == len(s.final_pile) and view.project_row == (130,)
    assert dict(view.project_slots)[130] == (FREE, 1, FREE) and dict(view.bonus_tiles) == {
        k: tuple(v) for k, v in s.bonus_tiles.items()}
    assert (view.donations, view.break_token, view.break_pending, view.break_trigger) == (3, 4, True, 1)
    assert (view.board_partner_zoos, view.board_universities, view.cp10_reached) == ((8, 11), (2,), True)
    assert (view.end_triggered, view.last_turns) == (True, (0, 1)) and view.rng is s.rng
    me, other = view.ps[1], view.ps[0]
    assert me.hand == tuple(b.hand) and me.finals == tuple(b.finals) and me.pouched == ((425, (402, 403)),)
    assert other.hand is None and other.finals is None and other.pouched is None and other.dealt is None
    assert other.hand_size == len(a.hand) and other.finals_count == 2 and me.pouched_count == ((425, 2),)
    assert (me.seat, me.money, me.appeal, me.rep, me.cp, me.x) == (1, b.money, b.appeal, b.rep, 7, 2)
    assert me.slots == tuple(b.slots) and me.side2 == tuple(b.side2) and me.multiplier == (0, 1, 0, 0, 0)
    assert me.multiplier_pending == (0,) * 5 and me.venom == (True, False, False, False, False)
    assert me.constriction == (False,) * 5 and (me.workers_active, me.workers_supply) == (1, 3)
    assert me.task_workers == (1, 0, 0, 0) and me.buildings == tuple((x.kind, x.mask, (), 0) for x in b.buildings)
    assert (me.animals, me.sponsors, me.partner_zoos, me.universities) == ((), (), (), ())
    assert me.bonus_tokens == tuple(range(7)) and (me.supports, me.supported, me.wildcards) == (1, (130,), 1)
    assert (me.okapi_tokens, me.waza_class, me.turns) == (2, 0, 0)
