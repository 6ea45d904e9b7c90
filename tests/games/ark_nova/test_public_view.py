"""Ark Nova §15.1: a policy receives `public_view(state, seat)` only. Changing what is hidden from the seat (deck
order, other players' hands, their final cards, the cards under their pouch animals) changes neither the view nor the
decisions of `uniform` and of a deterministic policy that reads the whole view."""
import copy
import random
import zlib

import pytest

from zoosim.core.rng import PyRng
from zoosim.games.ark_nova.reference import game as ref
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.reference import setup as rsu
from zoosim.games.ark_nova.rules import Rules

R = Rules()


def hash_policy(view, seat, hook, options):
    """Deterministic, and reads everything the view holds (its repr; the stream is not part of it)."""
    return zlib.crc32(repr((view, hook, options)).encode()) % len(options)


def hide_differently(s, seat, salt):
    """A copy of s that differs from it only in what seat may not see."""
    t = copy.deepcopy(s)
    shuffle = random.Random(salt).shuffle
    shuffle(t.deck)
    for q, pl in enumerate(t.ps):
        if q == seat:
            continue
        pool = pl.hand + t.deck
        shuffle(pool)
        pl.hand, t.deck = pool[:len(pl.hand)], pool[len(pl.hand):]
        pool = pl.finals + t.final_pile
        shuffle(pool)
        pl.finals, t.final_pile = pool[:len(pl.finals)], pool[len(pl.finals):]
        for animal, under in pl.pouched.items():
            pool = under + t.deck
            shuffle(pool)
            pl.pouched[animal], t.deck = pool[:len(under)], pool[len(under):]
    return t


def test_views_carry_no_hidden_information_and_decisions_do_not_depend_on_it():
    holder, seen = {}, {"checked": 0, "hands_changed": 0, "deck_changed": 0}

    def checking(view, seat, hook, options):
        s = holder.get("s")
        if s is not None:
            assert view == rs.public_view(s, seat)
            assert all((pv.hand is None) == (pv.seat != seat) for pv in view.ps)
            assert all((pv.finals is None) == (pv.seat != seat) for pv in view.ps)
            if len(s.events) % 5 == 0:
                t = hide_differently(s, seat, len(s.events))
                seen["deck_changed"] += t.deck != s.deck
                seen["hands_changed"] += any(t.ps[q].hand != s.ps[q].hand for q in range(s.players) if q != seat)
                other = rs.public_view(t, seat)
                assert other == view
                assert hash_policy(other, seat, hook, options) == hash_policy(view, seat, hook, options)
                mine = copy.deepcopy(view.rng)
                assert rs.uniform(other, seat, hook, options) == mine.below(len(options))
                seen["checked"] += 1
        return rs.uniform(view, seat, hook, options)

    s = rsu.setup(R, 3, PyRng(5, 0), [checking] * 3)
    holder["s"] = s
    while not s.game_over and s.turn < 120:
        p = s.current
        ref.play_turn(s, p)
        ref.after_turn(s, p)
    assert seen["checked"] > 50 and seen["deck_changed"] > 50 and seen["hands_changed"] > 20


@pytest.mark.rules
def test_a_view_changes_with_what_the_seat_may_see():
    s = rsu.setup(R, 2, PyRng(3, 1), [rs.uniform] * 2)
    view = rs.public_view(s, 0)
    assert view.ps[0].hand == tuple(s.ps[0].hand) and view.ps[1].hand is None and view.ps[1].hand_size == 4
    assert view.ps[0].finals == tuple(s.ps[0].finals) and view.ps[1].finals is None and view.ps[1].finals_count == 2
    assert view.deck_size == len(s.deck) and not hasattr(view, "deck")
    t = copy.deepcopy(s)
    t.ps[0].hand[0], t.deck[0] = t.deck[0], t.ps[0].hand[0]  # own hand: seen by seat 0, not by seat 1
    assert rs.public_view(t, 0) != view and rs.public_view(t, 1) == rs.public_view(s, 1)
    t = copy.deepcopy(s)
    t.display[0], t.deck[0] = t.deck[0], t.display[0]  # the display is public
    assert rs.public_view(t, 1) != rs.public_view(s, 1)


def test_games_with_policies_on_the_view_are_reproducible():
    a = ref.play_game(R, 2, 9, 0, [hash_policy, rs.uniform])
    b = ref.play_game(R, 2, 9, 0, [hash_policy, rs.uniform])
    assert a.events == b.events and a.game_over


@pytest.mark.rules
def test_the_keep_decision_sees_the_own_dealt_cards_only():
    seen = []

    def record(view, seat, hook, options):
        seen.append((seat, hook, [pv.dealt for pv in view.ps], view.ps[seat].hand))
        return 0

    s = rsu.setup(R, 2, PyRng(4, 0), [record, record])
    (s0, h0, dealt0, hand0), (s1, h1, dealt1, hand1) = seen[:2]
    assert (s0, h0, s1, h1) == (0, rs.H_KEEP, 1, rs.H_KEEP)
    assert dealt0[1] is None and dealt1[0] is None and len(dealt0[0]) == 8 and len(dealt1[1]) == 8
    assert s.ps[0].hand == list(dealt0[0][:4]) and s.ps[1].hand == list(dealt1[1][:4])  # option 0 keeps 0-3
    assert not set(dealt0[0]) & set(dealt1[1]) and all(not p.dealt for p in s.ps)
    assert set(dealt0[0][4:]) <= set(s.discard)  # setup discards are public
