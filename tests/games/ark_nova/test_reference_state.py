"""Ark Nova reference, part 1: setup (§3, PROTOCOL.md 2), the tracks and their one-time bonuses (§4.4-4.5, §8),
the break token (§9.1) and the display (§9.4), on hand-built positions."""
from collections import Counter
from dataclasses import replace
from itertools import combinations

import pytest

from zoosim.core.rng import PyRng
from zoosim.games.ark_nova.components import cards
from zoosim.games.ark_nova.reference import tracks as rt
from zoosim.games.ark_nova.reference import setup as rsu
from zoosim.games.ark_nova.reference.setup import setup
from zoosim.games.ark_nova.reference.state import (ANIMALS, ASSOCIATION, BLOCKED, BUILD, CARDS_ACTION, FREE, H_CP2,
    H_CP_TILE, H_KEEP, H_TAKE_SOURCE, H_UPGRADE, SPONSORS, shuffle, uniform)
from zoosim.games.ark_nova.reference.tracks import (advance_break, gain)
from zoosim.games.ark_nova.rules import Rules

pytestmark = pytest.mark.rules

R = Rules()


class Script:
    """A policy that answers hooks from a queue of (hook, option value) and records every question."""

    def __init__(self, *answers):
        self.answers = list(answers)
        self.asked = []

    def __call__(self, s, seat, hook, options):
        self.asked.append((seat, hook, list(options)))
        for i, (h, value) in enumerate(self.answers):
            if h == hook:
                del self.answers[i]
                return options.index(value)
        return 0


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
