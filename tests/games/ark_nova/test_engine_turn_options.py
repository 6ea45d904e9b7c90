"""Ark Nova numba turn options (engine.turn_options) against reference.game.turn_options / spend_options /
can_perform: on positions reached by reference games (with X-tokens, constriction tokens and money varied, and
allow_null_action sometimes on), the TURN options, the XSPEND options of every action and can_perform at every
strength equal the reference's."""
import copy
import random
from dataclasses import replace

from tests.games.ark_nova.common import varied_positions

from zoosim.games.ark_nova.engine import state as es
from zoosim.games.ark_nova.engine import turn_options as eto
from zoosim.games.ark_nova.reference import game as ref
from zoosim.games.ark_nova.rules import Rules

AT = es.SCR_FREE
SCRATCH = es.SCR_FREE + 40


def turn_rules(rnd: random.Random) -> Rules:
    return replace(Rules(), allow_null_action=rnd.random() < 0.1, max_x_tokens=rnd.choice((5, 3)))


def vary(s, rnd: random.Random):
    t = copy.deepcopy(s)
    for pl in t.ps:
        if rnd.random() < 0.5:
            pl.x = rnd.randint(0, t.rules.max_x_tokens)
        if rnd.random() < 0.3:
            pl.constriction[rnd.randrange(5)] = True
        if rnd.random() < 0.3:
            pl.money = rnd.randint(0, 8)
    return t


def test_turn_and_spend_options_equal_the_reference():
    rnd = random.Random(18)
    checked = 0
    for t, R, G in varied_positions(10, rnd, turn_rules, vary):
        for p in range(t.players):
            n = eto.turn_options(G, R, p, AT, SCRATCH)
            assert [(int(G[AT + 2 * j]), int(G[AT + 2 * j + 1])) for j in range(n)] == ref.turn_options(t, p)
            bits = eto.side_bits(G, p)
            for a in range(5):
                base = ref.strength(t, p, a)
                n = eto.spend_options(G, R, p, a, base, AT, SCRATCH)
                assert [int(v) for v in G[AT:AT + n]] == ref.spend_options(t, p, a)
                for st in range(-1, 8):
                    for side2 in (False, True):
                        assert eto.can_perform(G, R, p, a, st, side2, bits, SCRATCH) == \
                            ref.can_perform(t, p, a, st, side2)
        checked += 1
    assert checked >= 60
