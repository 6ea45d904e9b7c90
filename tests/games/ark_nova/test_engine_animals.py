"""Ark Nova numba Animals legality (engine.animals) against reference.state / reference.actions: on positions
reached by reference games, varied where the answers depend on them (partner zoos, universities, sponsors with
discounts, Flock-free large-animal and rock/water passives, WAZA class, money, reputation, appeal, hypnotised
sides), icon counts, unmet conditions, costs, homes, playability, the ANIMAL_PLAY options and can_animals equal the
reference's for the hand, the display and random animals."""
import copy
import random
from dataclasses import replace

from tests.games.ark_nova.common import reference_fields, varied_positions

from zoosim.games.ark_nova.components import cards
from zoosim.games.ark_nova.components.effects import Op
from zoosim.games.ark_nova.engine import animals as ea
from zoosim.games.ark_nova.engine import codec
from zoosim.games.ark_nova.engine import state as es
from zoosim.games.ark_nova.reference import actions as ra
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.rules import Rules

AT = es.SCR_FREE
ICONS = es.SCR_FREE + 600
ROW = {int(i): r for r, i in enumerate(cards.CARDS.ids)}
ANIMALS = [int(i) for i in cards.CARDS.ids if 401 <= i <= 528]


def passive_cards(*ops) -> list[int]:
    return [int(cards.CARDS.ids[c]) for c in range(cards.N_CARDS)
            if 201 <= cards.CARDS.ids[c] <= 264 and any(es.PASSIVE_OP[0, c, int(op)] for op in ops)]


SPONSORS = passive_cards(Op.ANIMAL_DISCOUNT, Op.LARGE_IGNORE_CONDITION, Op.IGNORE_ANIMAL_ROCKWATER)


def animal_rules(rnd: random.Random) -> Rules:
    return replace(Rules(), partner_zoo_discount=rnd.choice((1, 3)), animals2_rep_strength=rnd.choice((5, 3)),
                   peaceful=rnd.random() < 0.3)


def vary(s, rnd: random.Random):
    t = copy.deepcopy(s)
    for pl in t.ps:
        if rnd.random() < 0.4:
            pl.partner_zoos = rnd.sample(range(7, 12), rnd.randint(0, 3))
        if rnd.random() < 0.3:
            pl.universities = rnd.sample(range(3), rnd.randint(0, 3))
        pl.sponsors += [c for c in SPONSORS if rnd.random() < 0.15 and c not in pl.sponsors]
        if rnd.random() < 0.5:
            pl.money = rnd.randint(0, 40)
        if rnd.random() < 0.3:
            pl.rep = rnd.randint(1, 15)
        if rnd.random() < 0.3:
            pl.appeal = rnd.randint(0, 30)
        if rnd.random() < 0.2:
            pl.waza_class = rnd.choice((-1, 0, 1))
        pl.hand += rnd.sample(ANIMALS, 3)
    return t


def same_answers(t, G, R, rnd):
    for p in range(t.players):
        ea.icon_counts(G, p, ICONS)
        assert [int(v) for v in G[ICONS:ICONS + 15]] == rs.icon_counts(t, p)
        acting = [rnd.random() < 0.5 for _ in range(5)] if rnd.random() < 0.3 else list(t.ps[p].side2)
        bits = sum(1 << a for a in range(5) if acting[a])
        for card in t.ps[p].hand + [c for c in t.display if c] + rnd.sample(ANIMALS, 6):
            row = ROW[card]
            assert ea.unmet_conditions(G, p, row, bits, ICONS) == ra.unmet_conditions(t, p, card, acting)
            assert ea.conditions_hold(G, R, p, row, bits, ICONS) == ra.conditions_hold(t, p, card, acting)
            if 401 <= card <= 528:
                assert ea.animal_cost(G, R, p, row) == ra.animal_cost(t, p, card)
                n = ea.homes(G, R, p, row, AT)
                assert [int(v) for v in G[AT:AT + n]] == ra.homes(t, p, card)
                extra = rnd.randint(0, 3)
                assert ea.animal_playable(G, R, p, row, extra, bits, ICONS) == ra.animal_playable(t, p, card, extra,
                                                                                                   acting)
        for side2 in (False, True):
            n = ea.animal_options(G, R, p, side2, bits, AT)
            got = [(int(G[AT + 2 * j]), int(cards.CARDS.ids[G[AT + 2 * j + 1]])) for j in range(n)]
            assert got == ra.animal_options(t, p, side2, acting)
            for st in range(1, 7):
                assert ea.can_animals(G, R, p, st, side2, bits, AT) == ra.can_animals(t, p, st, side2, acting)


def test_animal_legality_equals_the_reference_on_reached_positions():
    rnd = random.Random(12)
    checked = playable = 0
    for t, R, G in varied_positions(10, rnd, animal_rules, vary):
        same_answers(t, G, R, rnd)
        assert codec.decode(G)["ps"] == reference_fields(t)["ps"]   # can_animals restored the reputation
        checked += 1
        playable += sum(bool(ra.animal_options(t, p, True, t.ps[p].side2)) for p in range(t.players))
    assert checked >= 60 and playable >= 30
