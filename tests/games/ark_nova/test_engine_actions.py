"""Ark Nova numba main actions (engine.actions' F_ACT: Cards, Build, Animals with WAZA's extra play, Sponsors,
Association with projects, releases, the bonus column and donations) and the after-action abilities that perform
an action (action:A, determination, hypnosis) against reference.game.perform / run_after_queue: on positions reached by
reference games (money, X-tokens, workers, hands, sponsors disturbed so that every action has something to do),
the same action at a random strength, side and acting sides, or a queued after-action row with the turn's tail,
gives the reference's events, state, after-queue and stream."""
import copy
import random
from collections import Counter
from dataclasses import replace

from tests.games.ark_nova.common import assert_same, engine_arrays, positions

from zoosim.games.ark_nova.components import cards
from zoosim.games.ark_nova.components.effects import Moment, Op
from zoosim.games.ark_nova.engine import effects as ee
from zoosim.games.ark_nova.engine import game as eg
from zoosim.games.ark_nova.engine import state as es
from zoosim.games.ark_nova.reference import game as ref
from zoosim.games.ark_nova.reference import effects as rfx
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.reference import tracks as rt
from zoosim.games.ark_nova.rules import BONUS_TILES, Rules

WAZA_EXTRA = 228
SPONSOR_IDS = [int(i) for i in cards.CARDS.ids if 201 <= i <= 264]
SMALL_ANIMALS = [int(cards.CARDS.ids[c]) for c in range(cards.N_CARDS)
                 if cards.CARDS.kind[c] == cards.ANIMAL and cards.CARDS.size[c] <= 2]


def action_rules(rnd: random.Random) -> Rules:
    return replace(Rules(), bonus_tiles=tuple(rnd.choice(BONUS_TILES) for _ in range(rnd.randint(4, 10))),
                   peaceful=rnd.random() < 0.3, support_without_bonus_token=rnd.random() < 0.7,
                   place_unique_buildings=rnd.random() < 0.8, allow_null_action=rnd.random() < 0.1)


def disturb(s, rnd: random.Random):
    t = copy.deepcopy(s)
    t.events = []
    for pl in t.ps:
        if rnd.random() < 0.6:
            pl.money = rnd.randint(0, 60)
        if rnd.random() < 0.5:
            pl.x = rnd.randint(0, t.rules.max_x_tokens)
        if rnd.random() < 0.4:
            pl.appeal = rnd.randint(0, 30)
        if rnd.random() < 0.5 and pl.workers_supply > 0:
            pl.workers_active += pl.workers_supply
            pl.workers_supply = 0
        if rnd.random() < 0.3:
            pl.rep = rnd.randint(1, 12)
            pl.rep_bonus_done = {x for x in pl.rep_bonus_done if x <= pl.rep}
        extra = [c for c in rnd.sample(SPONSOR_IDS, rnd.randint(0, 3)) if c not in pl.sponsors]
        pl.sponsors += extra
        if rnd.random() < 0.3 and WAZA_EXTRA not in pl.sponsors:
            pl.sponsors.append(WAZA_EXTRA)
        if rnd.random() < 0.5:                         # more cards in hand, from the deck
            for c in [c for c in t.deck if c in SMALL_ANIMALS or rnd.random() < 0.05][:rnd.randint(1, 6)]:
                t.deck.remove(c)
                pl.hand.append(c)
    return t


def after_queue(G, peaceful: bool) -> list[tuple[int, int, int]]:
    """The engine's after-queue as (seat, card id, opcode) (reference entries: (seat, card, op, args))."""
    out = []
    for i in range(int(G[es.G_AFTER_HEAD]), int(G[es.G_AFTER_N])):
        q, card, moment, k = (int(v) for v in G[es.G_AFTER + i * es.AFTER_W:es.G_AFTER + i * es.AFTER_W + 4])
        op = int(Op.OKAPI) if k < 0 else int(es.PROG_OPS[es.PROG_START[int(peaceful), card, moment] + k, 0])
        out.append((q, int(es.CARD_ID[card]), op))
    return out


def same(t, G, EV, rng, queue=True):
    assert_same(t, G, EV, rng)
    if queue:
        assert after_queue(G, t.rules.peaceful) == [(q, c, int(op)) for q, c, op, _ in t.after_queue]


def test_main_actions_equal_the_reference():
    """perform(p, action, strength 1-7, side, acting sides) on ~150 positions, every action often."""
    rnd = random.Random(41)
    hooks: Counter = Counter()
    kinds: Counter = Counter()
    checked = 0
    for s in positions(14, rnd, action_rules, rate=0.05):
        for _ in range(2):
            t = disturb(s, rnd)
            t.after_queue = []
            p = rnd.randrange(t.players)
            action, st, side2 = rnd.randrange(5), rnd.randint(1, 7), rnd.random() < 0.5
            acting = list(t.ps[p].side2) if rnd.random() < 0.7 else [rnd.random() < 0.5 for _ in range(5)]
            bits = sum(1 << a for a in range(5) if acting[a])
            R, G, EV, rng = engine_arrays(t)
            ref.perform(t, p, action, st, side2, acting)
            eg.perform(G, R, EV, rng, p, action, st, int(side2), bits)
            same(t, G, EV, rng)
            hooks.update(e[2] for e in t.events if e[0] == rs.E_DECIDE)
            kinds.update(e[0] for e in t.events)
            checked += 1
    assert checked >= 100
    for hook in (rs.H_CARDS_MODE, rs.H_BUILD_TYPE, rs.H_FOOTPRINT, rs.H_ANIMAL_PLAY, rs.H_ANIMAL_HOME, rs.H_TASK,
                 rs.H_PARTNER, rs.H_UNIVERSITY, rs.H_PROJECT, rs.H_PROJECT_SLOT, rs.H_BONUS_TOKEN, rs.H_SPONSOR_MODE,
                 rs.H_SPONSOR_PLAY, rs.H_COIN):
        assert hooks[hook] > 0, hook
    for kind in (rs.E_SUPPORT, rs.E_PLAY, rs.E_BUILD, rs.E_UPGRADE):
        assert kinds[kind] > 0, kind


def test_waza_extra_play_and_releases_equal_the_reference():
    """Animals actions with WAZA's Small Animals extra play in the zoo and Association actions with release
    projects in reach (§10.2), until each has happened a few times."""
    rnd = random.Random(42)
    waza = releases = 0
    for s in positions(30, rnd, action_rules, rate=0.08):
        if not s.ps[0].animals:
            continue
        t = disturb(s, rnd)
        t.after_queue = []
        p = rnd.randrange(t.players)
        action = rnd.choice((0, 3))
        if action == 0 and WAZA_EXTRA not in t.ps[p].sponsors:
            t.ps[p].sponsors.append(WAZA_EXTRA)
        R, G, EV, rng = engine_arrays(t)
        ref.perform(t, p, action, 5, True, t.ps[p].side2)
        eg.perform(G, R, EV, rng, p, action, 5, 1, sum(1 << a for a in range(5) if t.ps[p].side2[a]))
        same(t, G, EV, rng)
        waza += any(e[0] == rs.E_DECIDE and e[2] == rs.H_SNAP_FOLDER for e in t.events) and action == 0
        releases += any(e[0] == rs.E_RELEASE for e in t.events)
        if waza >= 3 and releases >= 2:
            break
    assert waza >= 3 and releases >= 2, (waza, releases)


AFTER_ACTION_CARDS = {False: (409, 430, 453, 515, 505, 509, 475, 485), True: (409, 430, 453, 515, 505, 509)}


def test_after_action_abilities_equal_the_reference():
    """An ACTION, DETERMINATION or HYPNOSIS row queued for a player (with other seats made appealing and exposed),
    then the tail of a turn (the queue, venom fee, tokens, refill: F_TURN stage 3) as reference.game.play_turn's."""
    rnd = random.Random(43)
    ops: Counter = Counter()
    for s in positions(20, rnd, action_rules, rate=0.04):
        for _ in range(2):
            t = disturb(s, rnd)
            p = rnd.randrange(t.players)
            for q in range(t.players):
                if q != p and rnd.random() < 0.7:
                    t.ps[q].appeal = rnd.randint(5, 40)
            card = rnd.choice(AFTER_ACTION_CARDS[t.rules.peaceful])
            rows = rs.card_rows(t.rules.peaceful, card, Moment.AFTER_ACTION)
            k = next(i for i, (op, _) in enumerate(rows) if op in (Op.ACTION, Op.DETERMINATION, Op.HYPNOSIS))
            op, args = rows[k]
            t.after_queue = [(p, card, op, args)]
            R, G, EV, rng = engine_arrays(t)
            G[es.G_AFTER:es.G_AFTER + 4] = (p, es.INDEX_OF_ID[card], int(Moment.AFTER_ACTION), k)
            G[es.G_AFTER_N] = 1
            rfx.run_after_queue(t)
            ref.venom_fee(t, p, False)
            pl = t.ps[p]
            for a in range(5):
                pl.multiplier[a] += pl.multiplier_pending[a]
                pl.multiplier_pending[a] = 0
            rt.refill_display(t)
            eg.run_frame(G, R, EV, rng, es.F_TURN, p, 3, 0, 0, 0)
            same(t, G, EV, rng, queue=False)
            if any(e[0] == rs.E_ACTION for e in t.events):
                ops[int(op)] += 1
    for op in (Op.ACTION, Op.DETERMINATION, Op.HYPNOSIS):
        assert ops[int(op)] >= 3, (op, ops)
    assert ee.TOP_LEVEL[int(Moment.AFTER_ACTION), int(Op.HYPNOSIS)] == 1
