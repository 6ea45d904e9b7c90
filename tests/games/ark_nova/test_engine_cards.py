"""Ark Nova numba Cards action, slots and break track (engine.cards) against reference.actions / reference.state:
on positions reached by reference games (folders emptied, break token near its end, hands of every size), Cards
actions of every strength and side, card moves and break-token steps give the reference's events, state and
stream; strengths equal the reference's."""
import copy
import random
from dataclasses import replace
from functools import partial

from tests.games.ark_nova.common import assert_same, stepped_positions

from zoosim.games.ark_nova.engine import cards as eca
from zoosim.games.ark_nova.engine import state as es
from zoosim.games.ark_nova.reference import actions as ra
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.reference import tracks as rt
from zoosim.games.ark_nova.rules import Rules

AT = es.SCR_FREE


def cards_rules(rnd: random.Random) -> Rules:
    return replace(Rules(), snap_ignores_reputation=rnd.random() < 0.5, cards_break_steps=rnd.choice((0, 2, 2, 3)),
                   reshuffle_discard=rnd.random() < 0.7, break_track_len=tuple(rnd.randint(3, 12) for _ in range(3)))


def disturb(s, rnd: random.Random):
    t = copy.deepcopy(s)
    for f in range(len(t.display)):
        if rnd.random() < 0.2:
            t.display[f] = 0
    if rnd.random() < 0.3:
        t.break_token = max(0, t.break_len - rnd.randint(1, 3))
    if rnd.random() < 0.2:
        t.discard += t.deck
        t.deck = []
    for pl in t.ps:
        if rnd.random() < 0.2:
            pl.constriction[rnd.randrange(5)] = True
        if rnd.random() < 0.2:
            pl.venom[rnd.randrange(5)] = True
    return t


def step(t, G, R, EV, rng, rnd: random.Random):
    p = rnd.randrange(t.players)
    what = rnd.randrange(4)
    for a in range(5):
        assert eca.strength(G, p, a) == ra.strength(t, p, a)
    if what < 2:
        st, side2 = rnd.randint(1, 7), rnd.random() < 0.5
        rs.HANDLERS["cards"](t, p, st, side2)
        eca.cards_action(G, R, EV, rng, p, st, side2, AT)
    elif what == 2:
        action, slot, used = rnd.randrange(5), rnd.randint(1, 5), rnd.random() < 0.5
        ra.move_card(t, p, action, slot, used)
        eca.move_card(G, p, action, slot, used)
    else:
        steps = rnd.randint(0, 4)
        rt.advance_break(t, p, steps)
        eca.advance_break(G, R, EV, p, steps)


def test_cards_action_slots_and_break_track_equal_the_reference():
    rnd = random.Random(10)
    checked = 0
    seen = set()
    for t in stepped_positions(12, rnd, cards_rules, disturb, step, steps=6, events=1024,
                               compare=partial(assert_same, settled=False)):
        checked += 1
        seen |= {e[2] for e in t.events if e[0] == rs.E_DECIDE} | {-e[0] for e in t.events}
    assert checked >= 80
    for hook in (rs.H_CARDS_MODE, rs.H_SNAP_FOLDER, rs.H_TAKE_SOURCE, rs.H_DISCARD):
        assert hook in seen, hook
    assert -rs.E_RESHUFFLE in seen
