"""Ark Nova numba sponsor legality (engine.sponsors) against reference.actions: on positions reached by reference
games with random sponsors added to hands (the unique buildings' ones included) and varied money, sides and
place_unique_buildings, sponsor_playable, the Sponsors action's SPONSOR_PLAY options at every budget and side, and
the sponsor tile's / Okapi's hand options equal the reference's."""
import copy
import random
from dataclasses import replace

from tests.games.ark_nova.common import varied_positions

from zoosim.games.ark_nova.components import cards
from zoosim.games.ark_nova.engine import animals as ea
from zoosim.games.ark_nova.engine import sponsors as esp
from zoosim.games.ark_nova.engine import state as es
from zoosim.games.ark_nova.reference import actions as ra
from zoosim.games.ark_nova.rules import Rules

AT = es.SCR_FREE
ICONS = es.SCR_FREE + 600
ROW = {int(i): r for r, i in enumerate(cards.CARDS.ids)}
SPONSORS = [int(i) for i in cards.CARDS.ids if 201 <= i <= 264]


def sponsor_rules(rnd: random.Random) -> Rules:
    return replace(Rules(), place_unique_buildings=rnd.random() < 0.8, sponsors2_level_bonus=rnd.choice((1, 2)))


def vary(s, rnd: random.Random):
    t = copy.deepcopy(s)
    for pl in t.ps:
        pl.hand += rnd.sample(SPONSORS, 5)
        if rnd.random() < 0.5:
            pl.money = rnd.randint(0, 12)
        if rnd.random() < 0.3:
            pl.side2 = [rnd.random() < 0.5 for _ in range(5)]
    return t


def pairs(G, n):
    return [(int(G[AT + 2 * j]), int(cards.CARDS.ids[G[AT + 2 * j + 1]])) for j in range(n)]


def test_sponsor_legality_equals_the_reference_on_reached_positions():
    rnd = random.Random(14)
    checked = playable = 0
    for t, R, G in varied_positions(10, rnd, sponsor_rules, vary):
        for p in range(t.players):
            acting = [rnd.random() < 0.5 for _ in range(5)] if rnd.random() < 0.3 else list(t.ps[p].side2)
            bits = sum(1 << a for a in range(5) if acting[a])
            ea.icon_counts(G, p, ICONS)
            for card in t.ps[p].hand + [c for c in t.display if c]:
                budget, extra = rnd.randint(1, 8), rnd.randint(0, 4)
                assert esp.sponsor_playable(G, R, p, ROW[card], budget, extra, bits, ICONS) == \
                    ra.sponsor_playable(t, p, card, budget, extra, acting)
            for side2 in (False, True):
                for budget in range(1, 9):
                    n = esp.sponsor_options(G, R, p, budget, side2, bits, AT)
                    expected = ra.sponsor_options(t, p, budget, side2, acting)
                    assert pairs(G, n) == expected
                    playable += bool(expected)
            for budget in (5, t.ps[p].money):
                n = esp.hand_sponsor_options(G, R, p, budget, AT)
                own = list(t.ps[p].side2)
                assert pairs(G, n) == [(-1, c) for c in t.ps[p].hand if ra.sponsor_playable(t, p, c, budget, 0, own)]
        checked += 1
    assert checked >= 60 and playable >= 100
