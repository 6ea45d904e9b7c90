"""Ark Nova numba scoring pieces (engine.scoring) against reference.game.score / final_metric / final_card_cp: on
positions reached by reference games (and the same with appeal, CP and max_final_card_cp varied), every player's
score, every final metric and every final card's CP equal the reference's."""
import copy
import random
from dataclasses import replace

from tests.games.ark_nova.common import positions, reference_fields

from zoosim.games.ark_nova.components import cards
from zoosim.games.ark_nova.engine import scoring as esc
from zoosim.games.ark_nova.engine import codec
from zoosim.games.ark_nova.engine import state as es
from zoosim.games.ark_nova.pack import pack
from zoosim.games.ark_nova.reference import game as ref
from zoosim.games.ark_nova.rules import Rules

AT = es.SCR_FREE


def scoring_rules(rnd: random.Random) -> Rules:
    return replace(Rules(), max_final_card_cp=rnd.choice((4, 4, 2)), max_cp=rnd.choice((41, 30)))


def test_scores_and_final_cards_equal_the_reference():
    rnd = random.Random(20)
    checked = 0
    values = set()
    for s in positions(10, rnd, scoring_rules, rate=0.05):
        t = copy.deepcopy(s)
        for pl in t.ps:
            if rnd.random() < 0.3:
                pl.appeal, pl.cp = rnd.randint(0, 120), rnd.randint(0, 45)
        R = pack(t.rules, t.players)
        G = codec.encode(reference_fields(t))
        for q in range(t.players):
            assert esc.score(G, R, q) == ref.score(t, q)
            for metric in range(len(cards.FINAL_METRICS)):
                value = esc.final_metric(G, q, metric, AT)
                assert value == ref.final_metric(t, q, metric)
                values.add((metric, value))
            for card in range(1, 12):
                assert esc.final_card_cp(G, R, q, cards.index_of(card), AT) == ref.final_card_cp(t, q, card)
        checked += 1
    assert checked >= 80 and len(values) >= 60
