"""Ark Nova numba piles and display (engine.piles) against reference.state: on positions reached by reference games
(loaded with engine.codec.encode, the stream's state copied), random sequences of refills, deck draws, takes from
range or deck, snaps and discards give the same events, the same state and the same stream position. Folders are
emptied and the deck moved to the discard pile at random, so that slides, partial refills and reshuffles happen."""
import copy
import random
from dataclasses import replace

from tests.games.ark_nova.common import engine_events, reference_fields, stepped_positions

from zoosim.games.ark_nova.engine import piles as ep
from zoosim.games.ark_nova.engine import codec
from zoosim.games.ark_nova.engine import state as es
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.reference import tracks as rt
from zoosim.games.ark_nova.rules import Rules

AT = es.SCR_FREE


def pile_rules(rnd: random.Random) -> Rules:
    return replace(Rules(), reshuffle_discard=rnd.random() < 0.8, display_size=rnd.choice((6, 6, 3, 9, 12)))


def disturb(s, rnd: random.Random):
    t = copy.deepcopy(s)
    for f in range(len(t.display)):
        if rnd.random() < 0.3:
            t.display[f] = 0
    if rnd.random() < 0.3:
        t.discard += t.deck
        t.deck = []
    if rnd.random() < 0.5 and t.base_pile:  # a base project in a hand (Assertion), discarded back to its pile
        t.ps[0].hand.append(t.base_pile.pop())
    return t


def step(t, G, R, EV, rng, rnd: random.Random):
    """One random operation on both; returns the engine's card for a draw (compared by the caller)."""
    p = rnd.randrange(t.players)
    what = rnd.randrange(5)
    if what == 0:
        rt.refill_display(t)
        ep.refill_display(G, R, EV, rng)
    elif what == 1:
        card = rt.draw_deck(t)
        got = ep.draw_deck(G, R, EV, rng)
        assert (int(es.CARD_ID[got]) if got >= 0 else 0) == card
        if card:
            rt.to_hand(t, p, card, rs.SOURCE_DECK)
            ep.to_hand(G, EV, p, got, es.SOURCE_DECK)
    elif what == 2:
        n = ep.take_card_options(G, R, p, AT)
        assert [int(v) for v in G[AT:AT + n]] == rt.take_card_options(t, p)
        rt.take_card(t, p)
        ep.take_card(G, R, EV, rng, p, AT)
    elif what == 3:
        rt.snap(t, p)
        ep.snap(G, R, EV, rng, p, AT)
    elif t.ps[p].hand:
        k = len(t.ps[p].hand) - 1 if rnd.random() < 0.3 else rnd.randrange(len(t.ps[p].hand))
        card = t.ps[p].hand.pop(k)
        b = es.G_PL + p * es.P_SIZE
        n = int(G[b + es.P_HAND_N])
        row = int(G[b + es.P_HAND + k])
        G[b + es.P_HAND + k:b + es.P_HAND + n - 1] = G[b + es.P_HAND + k + 1:b + es.P_HAND + n].copy()
        G[b + es.P_HAND_N] = n - 1
        rt.discard_card(t, p, card)
        ep.discard_card(G, EV, p, row)


def same_exactly(t, G, EV, rng):
    """The same events, stream and state, bonus tiles by position too (piles never move them)."""
    assert engine_events(G, EV) == t.events
    assert codec.decode(G) == reference_fields(t)
    assert [int(v) for v in rng] == t.rng.s


def test_piles_and_display_equal_the_reference_on_reached_positions():
    rnd = random.Random(4)
    checked = 0
    for _ in stepped_positions(12, rnd, pile_rules, disturb, step, steps=8, events=256, compare=same_exactly):
        checked += 1
    assert checked >= 80
