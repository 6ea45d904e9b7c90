"""Ark Nova numba turns, breaks and final scoring (engine.turn's F_TURN, F_BREAK, F_FINISH) against
reference.game.play_turn, after_turn, do_break and finish: on positions reached by reference games (multiplier, venom
and constriction tokens, X-tokens, the break token near its end, the end trigger near, hands over the limit), a turn
and its end, a break and final scoring give the reference's events, state and stream."""
import copy
import random
from collections import Counter
from dataclasses import replace

from tests.games.ark_nova.common import assert_same, engine_arrays, positions

from zoosim.games.ark_nova.components.effects import Moment
from zoosim.games.ark_nova.engine import game as eg
from zoosim.games.ark_nova.engine import state as es
from zoosim.games.ark_nova.reference import game as ref
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.rules import BONUS_TILES, Rules

INCOME_SPONSORS = [c for c in range(201, 265)
                   if rs.card_rows(False, c, Moment.INCOME) or rs.card_rows(False, c, Moment.END_GAME)]


def turn_rules(rnd: random.Random) -> Rules:
    return replace(Rules(), bonus_tiles=tuple(rnd.choice(BONUS_TILES) for _ in range(rnd.randint(4, 10))),
                   peaceful=rnd.random() < 0.3, break_after_last_turn=rnd.random() < 0.5,
                   end_trigger_score=rnd.choice((100, 40, 20)), max_turns=rnd.choice((150, 10, 30)),
                   hand_limit=rnd.randint(1, 4))


def disturb(s, rnd: random.Random):
    t = copy.deepcopy(s)
    t.events = []
    t.after_queue = []
    for pl in t.ps:
        for a in range(5):
            if rnd.random() < 0.1:
                pl.multiplier[a] = rnd.randint(1, 2)
            if rnd.random() < 0.1:
                pl.venom[a] = True
            if rnd.random() < 0.08:
                pl.constriction[a] = True
        if rnd.random() < 0.5:
            pl.x = rnd.randint(0, t.rules.max_x_tokens)
        if rnd.random() < 0.4:
            pl.money = rnd.randint(0, 40)
        if rnd.random() < 0.3:
            pl.sponsors += [c for c in rnd.sample(INCOME_SPONSORS, 2) if c not in pl.sponsors]
        if rnd.random() < 0.3:
            pl.task_workers = [rnd.randint(0, 1) for _ in range(4)]
    if rnd.random() < 0.3:
        t.break_token = max(0, t.break_len - rnd.randint(0, 2))
    return t


def test_turns_and_their_end_equal_the_reference():
    """play_turn then after_turn of the current seat on ~120 positions (every TURN option kind, multiplier
    re-runs, the venom fee, breaks, the end trigger and the turn cap reached)."""
    rnd = random.Random(51)
    kinds: Counter = Counter()
    checked = 0
    for s in positions(24, rnd, turn_rules, rate=0.04):
        for _ in range(2):
            t = disturb(s, rnd)
            p = t.current
            R, G, EV, rng = engine_arrays(t)
            ref.play_turn(t, p)
            eg.play_turn(G, R, EV, rng, p)
            assert_same(t, G, EV, rng)
            ref.after_turn(t, p)
            eg.after_turn(G, R, EV, rng, p)
            assert_same(t, G, EV, rng)
            kinds.update(e[0] for e in t.events)
            kinds.update(("hook", e[2]) for e in t.events if e[0] == rs.E_DECIDE)
            kinds.update(("runs", e[2]) for e in t.events if e[0] == rs.E_ACTION and e[2] >= 0)
            kinds["game over"] += t.game_over
            kinds["fee"] += any(e[0] == rs.E_GAIN and e[2] == 1 and e[3] == -2 for e in t.events)
            checked += 1
    assert checked >= 100
    for kind in (rs.E_X_ACTION, rs.E_BREAK, rs.E_INCOME, rs.E_END, "game over", "fee", ("hook", rs.H_XSPEND),
                 ("hook", rs.H_BREAK_DISCARD)):
        assert kinds[kind] > 0, kind


def test_breaks_and_final_scoring_equal_the_reference():
    """do_break from a random trigger seat, then finish with either reason, on ~60 positions."""
    rnd = random.Random(52)
    checked = 0
    for s in positions(18, rnd, turn_rules, rate=0.04):
        t = disturb(s, rnd)
        t.break_trigger = rnd.randrange(t.players)
        R, G, EV, rng = engine_arrays(t)
        ref.do_break(t)
        eg.do_break(G, R, EV, rng)
        assert_same(t, G, EV, rng)
        reason = rnd.randrange(2)
        ref.finish(t, reason)
        eg.finish(G, R, EV, rng, reason)
        assert_same(t, G, EV, rng)
        assert t.game_over and G[es.G_GAME_OVER] == 1
        checked += 1
    assert checked >= 40
