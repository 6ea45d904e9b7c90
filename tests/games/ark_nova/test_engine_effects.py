"""Ark Nova numba effect dispatcher (engine.effects, engine.abilities, engine.moments) against reference.effects: on
positions reached by reference games (money, appeal, CP, hands, sponsors and the discard pile disturbed so that
abilities have something to act on), a card with each executed opcode runs its rows at that moment through the
reference (`run`, `dispatch`, `fire`, income's sponsor loop, `end_effects`) and through the engine, and the
events, state and random stream are equal; so are icons entering a zoo with their triggers, a played card entering
the zoo (enter_zoo) and the after-queue. `test_executed_opcodes_are_exercised` lists what the engine executes and
fails when an opcode it claims has no position where it did something; rows it does not execute only flag the game
(`test_rows_not_executed_flag_the_game`)."""
import copy
import random
from collections import Counter
from dataclasses import replace

import pytest
from tests.games.ark_nova.common import assert_same, engine_arrays, positions

from zoosim.games.ark_nova.components import cards
from zoosim.games.ark_nova.components.effects import Moment, Op
from zoosim.games.ark_nova.components.vocab import ICONS
from zoosim.games.ark_nova.engine import effects as ee
from zoosim.games.ark_nova.engine import moments as em
from zoosim.games.ark_nova.engine import codec
from zoosim.games.ark_nova.engine import state as es
from zoosim.games.ark_nova.engine import triggers as et
from zoosim.games.ark_nova.reference import game as ref
from zoosim.games.ark_nova.reference import effects as rfx
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.rules import Rules

ENGINE_TILES = ("money10", "rep2", "x3", "take3", "multiplier", "enclosure3")
SPONSOR_IDS = [int(i) for i in cards.CARDS.ids if 201 <= i <= 264]
IMMUNE = 225
OKAPI = 253
HERBIVORE = ICONS.index("herbivore")
EXERCISED: Counter = Counter()   # (moment, op) -> runs where the row changed the events
RUNS: Counter = Counter()
RAN: set = set()                 # the tests below that ran in this session (the coverage test runs the others)
SEEN: set = set()                # (event kind, a, b) of the decisions, draws and tokens the runs logged
assert ref is not None           # the reference's rule handlers (call) are registered by importing it


def effect_rules(rnd: random.Random) -> Rules:
    return replace(Rules(), bonus_tiles=tuple(rnd.choice(ENGINE_TILES) for _ in range(rnd.randint(4, 8))),
                   peaceful=rnd.random() < 0.3, free_building_ignores_build2=rnd.random() < 0.5,
                   peacocking_needs_build2=rnd.random() < 0.5, place_unique_buildings=rnd.random() < 0.8)


def rows_of(peaceful: bool, card_row: int, moment: int):
    return rs.card_rows(peaceful, int(cards.CARDS.ids[card_row]), moment)


def cards_with(peaceful: bool, moment: int, op: int) -> list[int]:
    return [int(cards.CARDS.ids[c]) for c in range(cards.N_CARDS)
            if any(o == op for o, _ in rows_of(peaceful, c, moment))]


def prepare(s, rnd: random.Random):
    t = copy.deepcopy(s)
    for pl in t.ps:
        if rnd.random() < 0.6:
            pl.money = rnd.randint(0, 40)
        if rnd.random() < 0.6:
            pl.appeal = rnd.randint(0, 30)
        if rnd.random() < 0.5:
            pl.cp = rnd.choice((0, 1, 4, 7, 9))
            pl.cp_spaces_done = {x for x in pl.cp_spaces_done if x <= pl.cp}
        if rnd.random() < 0.3:
            pl.rep = rnd.randint(1, 8)
            pl.rep_bonus_done = {x for x in pl.rep_bonus_done if x <= pl.rep}
        if rnd.random() < 0.5 and pl.workers_supply > 1:
            pl.workers_active += pl.workers_supply - 1
            pl.workers_supply = 1
        extra = [c for c in rnd.sample(SPONSOR_IDS, rnd.randint(0, 4)) if c not in pl.sponsors]
        pl.sponsors += [c for c in extra if c != IMMUNE or rnd.random() < 0.3]
        if rnd.random() < 0.2:
            pl.hand = []
        if rnd.random() < 0.3:
            pl.slots = rnd.sample(range(5), 5)
    if rnd.random() < 0.2:
        t.deck, t.discard = [], t.discard + t.deck
    if rnd.random() < 0.1:
        t.discard = []
    if rnd.random() < 0.2:
        t.display = [c if rnd.random() < 0.5 else 0 for c in t.display]
    if rnd.random() < 0.2:
        t.break_token = max(0, t.break_len - rnd.randint(0, 3))
    return t


def load(t):
    t.events = []
    t.after_queue = []
    return engine_arrays(t, 4096)


def executed(moment: int, peaceful: bool, card: int) -> bool:
    """Every row of the card at `moment` runs in a frame (TOP_LEVEL rows: test_ark_nova_engine_actions)."""
    return all(ee.EXECUTED[moment, op] and not ee.TOP_LEVEL[moment, op]
               for op, _ in rs.card_rows(peaceful, card, moment))


def _note(moment, ops, t):
    SEEN.update((e[0], e[2], e[3] if e[0] in (rs.E_DRAW, rs.E_TOKEN) else 0)
                for e in t.events if e[0] in (rs.E_DECIDE, rs.E_DRAW, rs.E_TOKEN, rs.E_RESHUFFLE))
    for op in ops:
        RUNS[(moment, op)] += 1
        if any(e[0] != rs.E_PLAY for e in t.events):   # the after-queue's closing PLAY row aside
            EXERCISED[(moment, op)] += 1


def test_whole_card_moments_equal_the_reference():
    """IMMEDIATE, INCOME and END_GAME rows of one card, every row of the card at that moment (OTHERS_MONEY_PER_CP
    reads the CP of the row before), for each executed opcode on ~12 positions."""
    rnd = random.Random(31)
    targets = [(int(m), int(op)) for m in (Moment.IMMEDIATE, Moment.INCOME, Moment.END_GAME)
               for op in Op if ee.EXECUTED[int(m), int(op)]]
    checked = 0
    for i, s in enumerate(positions(40, rnd, effect_rules, rate=0.03)):
        for moment, op in rnd.sample(targets, 8):
            peaceful = s.rules.peaceful
            pool = [c for c in cards_with(peaceful, moment, op) if executed(moment, peaceful, c)]
            if not pool:
                continue
            t = prepare(s, rnd)
            p = rnd.randrange(t.players)
            card = rnd.choice(pool)
            if moment == Moment.END_GAME:
                t.scoring = True
            R, G, EV, rng = load(t)
            rfx.run(t, p, card, moment)
            em.run_effects(G, R, EV, rng, p, int(es.INDEX_OF_ID[card]), moment)
            assert_same(t, G, EV, rng)
            _note(moment, [o for o, _ in rs.card_rows(peaceful, card, moment)], t)
            checked += 1
    assert checked >= 600
    RAN.add("test_whole_card_moments_equal_the_reference")


def test_single_rows_equal_the_reference():
    """TRIGGER rows as `fire` runs them, or for POUCH as the after-queue dispatches it once `fire` queued it (the
    other may-triggers, FREE_BUILDING and CLEVER, ask first there: not here), and CLEVER/BOOST as the
    after-queue dispatches them."""
    rnd = random.Random(32)
    checked = 0
    for s in positions(25, rnd, effect_rules, rate=0.03):
        peaceful = s.rules.peaceful
        for _ in range(6):
            moment = rnd.choice((Moment.TRIGGER, Moment.AFTER_ACTION))
            ops = [int(op) for op in Op if ee.EXECUTED[int(moment), int(op)] and not ee.TOP_LEVEL[int(moment), int(op)]
                   and not (moment == Moment.TRIGGER and op in rfx.MAY_TRIGGERS and op != Op.POUCH)]
            op = rnd.choice(ops)
            pool = cards_with(peaceful, moment, op)
            if not pool:
                continue
            card = rnd.choice(pool)
            rows = rs.card_rows(peaceful, card, moment)
            k = rnd.choice([i for i, (o, _) in enumerate(rows) if o == op])
            t = prepare(s, rnd)
            p = rnd.randrange(t.players)
            R, G, EV, rng = load(t)
            o, args = rows[k]
            if moment == Moment.TRIGGER and o == Op.POUCH:
                rfx.dispatch(t, p, card, o, args[2:])
            elif moment == Moment.TRIGGER:
                rfx.fire(t, p, card, o, args[2:], args[0])
            else:
                rfx.dispatch(t, p, card, o, args)
            em.run_row(G, R, EV, rng, p, int(es.INDEX_OF_ID[card]), moment, k)
            assert_same(t, G, EV, rng)
            _note(moment, [o], t)
            checked += 1
    assert checked >= 120
    RAN.add("test_single_rows_equal_the_reference")


def test_sponsor_income_and_end_effects_equal_the_reference():
    """The sponsors' INCOME effects in card-id order (reference income's loop) and end_effects (scoring)."""
    rnd = random.Random(33)
    checked = 0
    for s in positions(12, rnd, effect_rules, rate=0.03):
        t = prepare(s, rnd)
        p = rnd.randrange(t.players)
        peaceful = t.rules.peaceful
        end = rnd.random() < 0.5
        moment = Moment.END_GAME if end else Moment.INCOME
        if not all(executed(moment, peaceful, c) for c in t.ps[p].sponsors):
            continue
        t.scoring = end
        R, G, EV, rng = load(t)
        if end:
            rfx.end_effects(t, p)
        else:
            for card in sorted(t.ps[p].sponsors):
                rfx.run(t, p, card, moment)
        em.sponsor_effects(G, R, EV, rng, p, int(moment))
        assert_same(t, G, EV, rng)
        checked += 1
    assert checked >= 40


TRIGGER_SPONSORS = [c for c in SPONSOR_IDS if rs.card_rows(False, c, Moment.TRIGGER)]
AFTER_CARDS = [int(i) for i in cards.CARDS.ids if rs.card_rows(False, int(i), Moment.AFTER_ACTION)
               and executed(Moment.AFTER_ACTION, False, int(i))]
ZOO_IDS = [int(cards.CARDS.ids[c]) for c in cards.ZOO_DECK]


def test_icons_entered_and_after_queue_equal_the_reference(monkeypatch):
    """icons_entered (own, any and new-kind triggers in the fixed order, may-triggers queued), trigger_animal_played
    (WAZA appeal) and run_after_queue (free buildings and clever asked, pouch, Okapi plays of hand sponsors, after-action clever/boost rows)."""
    fired: list[int] = []
    real_fire = rfx.fire

    def fire(s, q, card, op, args, event):
        fired.append(op)
        real_fire(s, q, card, op, args, event)

    monkeypatch.setattr(rfx, "fire", fire)
    rnd = random.Random(34)
    checked = 0
    for s in positions(25, rnd, effect_rules, rate=0.03):
        for _ in range(4):
            t = prepare(s, rnd)
            for pl in t.ps:
                pl.sponsors += [c for c in rnd.sample(TRIGGER_SPONSORS, rnd.randint(1, 4)) if c not in pl.sponsors]
                pl.okapi_tokens = 0
            p = rnd.randrange(t.players)
            if rnd.random() < 0.4:              # Okapi Stable with tokens: herbivore icons queue sponsor plays
                t.ps[p].sponsors += [] if OKAPI in t.ps[p].sponsors else [OKAPI]
                t.ps[p].okapi_tokens = rnd.randint(1, 3)
                t.ps[p].money = rnd.randint(0, 30)
                t.ps[p].hand += rnd.sample([c for c in SPONSOR_IDS if c not in t.ps[p].sponsors], 2)
            card = rnd.choice([c for c in ZOO_IDS if c not in t.ps[p].animals + t.ps[p].sponsors])
            before = rs.icon_counts(t, p)
            icons = [int(v) for v in cards.CARDS.icons[es.INDEX_OF_ID[card]]]
            if rnd.random() < 0.3:
                icons = [rnd.choice((0, 0, 0, 1, 2)) for _ in icons]
            if t.ps[p].okapi_tokens and rnd.random() < 0.5:
                icons[HERBIVORE] += rnd.randint(1, 2)
            (t.ps[p].sponsors if 201 <= card <= 264 else t.ps[p].animals).append(card)
            queued = rnd.choice(AFTER_CARDS) if rnd.random() < 0.3 else 0
            waza = rnd.choice([c for c in ZOO_IDS if c >= 401]) if rnd.random() < 0.3 else 0
            R, G, EV, rng = load(t)
            fired.clear()
            if queued:
                rfx.run(t, p, queued, Moment.AFTER_ACTION)
                et.queue_after_rows(G, R, p, int(es.INDEX_OF_ID[queued]))
            if waza:
                rfx.trigger_animal_played(t, p, waza)
                et.trigger_animal_played(G, R, EV, p, int(es.INDEX_OF_ID[waza]))
            rfx.icons_entered(t, p, icons, before)
            rfx.run_after_queue(t)
            G[es.SCR_FREE:es.SCR_FREE + len(icons)] = icons
            G[es.SCR_FREE + 16:es.SCR_FREE + 16 + len(before)] = before
            em.icons_entered(G, R, EV, rng, p, es.SCR_FREE, es.SCR_FREE + 16)
            em.run_after_queue(G, R, EV, rng)
            assert_same(t, G, EV, rng)
            _note(Moment.TRIGGER, fired, t)
            if t.ps[p].okapi_tokens and icons[HERBIVORE]:
                RUNS[(Moment.PASSIVE, Op.OKAPI)] += 1
                EXERCISED[(Moment.PASSIVE, Op.OKAPI)] += any(e[0] == rs.E_PLAY and e[2] > 0 for e in t.events)
            checked += 1
    assert checked >= 300
    RAN.add("test_icons_entered_and_after_queue_equal_the_reference")


def enterable(peaceful: bool, card: int) -> bool:
    return executed(Moment.IMMEDIATE, peaceful, card) and executed(Moment.AFTER_ACTION, peaceful, card)


def test_enter_zoo_equals_the_reference():
    """A played animal or sponsor entering the zoo (reference.actions.enter_zoo: appeal, CP, reputation, icons and
    their triggers, wildcard/Okapi tokens, immediate rows, after-action rows queued), then the after-queue."""
    from zoosim.games.ark_nova.reference import actions as ra
    rnd = random.Random(35)
    checked = 0
    for s in positions(25, rnd, effect_rules, rate=0.03):
        peaceful = s.rules.peaceful
        pool = [c for c in ZOO_IDS if (c >= 401 or 201 <= c <= 264) and enterable(peaceful, c)]
        for _ in range(5):
            t = prepare(s, rnd)
            for pl in t.ps:
                if rnd.random() < 0.5:
                    pl.sponsors += [c for c in rnd.sample(TRIGGER_SPONSORS, 2) if c not in pl.sponsors]
            p = rnd.randrange(t.players)
            card = rnd.choice([c for c in pool if c not in t.ps[p].animals + t.ps[p].sponsors])
            R, G, EV, rng = load(t)
            ra.enter_zoo(t, p, card, t.ps[p].animals if card >= 401 else t.ps[p].sponsors)
            rfx.run_after_queue(t)
            em.enter_zoo(G, R, EV, rng, p, int(es.INDEX_OF_ID[card]))
            em.run_after_queue(G, R, EV, rng)
            assert_same(t, G, EV, rng)
            _note(Moment.IMMEDIATE, [o for o, _ in rs.card_rows(peaceful, card, Moment.IMMEDIATE)], t)
            checked += 1
    assert checked >= 300
    RAN.add("test_enter_zoo_equals_the_reference")


def test_rows_not_executed_flag_the_game():
    """A row run in an F_EFFECT frame that only a turn runs (after-action Action/Determination/Hypnosis: they
    perform an action) or that the engine does not execute changes nothing but G_UNSUPPORTED."""
    rnd = random.Random(36)
    s = next(positions(1, rnd, effect_rules, rate=0.2))
    todo = [(int(m), int(op)) for m in (Moment.IMMEDIATE, Moment.AFTER_ACTION) for op in Op
            if (not ee.EXECUTED[int(m), int(op)] or ee.TOP_LEVEL[int(m), int(op)])
            and cards_with(s.rules.peaceful, int(m), int(op))]
    assert {(int(Moment.AFTER_ACTION), int(op)) for op in (Op.ACTION, Op.DETERMINATION, Op.HYPNOSIS)} <= set(todo)
    for moment, op in todo:
        card = cards_with(s.rules.peaceful, moment, op)[0]
        k = [o for o, _ in rs.card_rows(s.rules.peaceful, card, moment)].index(op)
        R, G, EV, rng = load(copy.deepcopy(s))
        before = G.copy()
        em.run_row(G, R, EV, rng, 0, int(es.INDEX_OF_ID[card]), moment, k)
        assert G[es.G_UNSUPPORTED] == ee.UNSUPPORTED_EFFECT
        G[es.G_UNSUPPORTED] = 0
        assert codec.decode(G) == codec.decode(before) and G[es.G_NEV] == 0   # the stack keeps only dead frames


def test_executed_opcodes_are_exercised():
    """Every (moment, opcode) the engine claims ran on positions above and logged events at least once (in the
    icons test a run fires several triggers: "acted" there means one of that run's firings logged something)."""
    if "test_whole_card_moments_equal_the_reference" not in RAN:
        test_whole_card_moments_equal_the_reference()
    if "test_single_rows_equal_the_reference" not in RAN:
        test_single_rows_equal_the_reference()
    if "test_icons_entered_and_after_queue_equal_the_reference" not in RAN:
        with pytest.MonkeyPatch.context() as mp:
            test_icons_entered_and_after_queue_equal_the_reference(mp)
    if "test_enter_zoo_equals_the_reference" not in RAN:
        test_enter_zoo_equals_the_reference()
    claimed = {(m, int(op)) for m in range(len(Moment)) for op in Op
               if ee.EXECUTED[m, int(op)] and not ee.TOP_LEVEL[m, int(op)]}   # TOP_LEVEL: the actions test
    listing = sorted(f"{Moment(m).name}:{Op(op).name} runs={RUNS[(m, op)]} acted={EXERCISED[(m, op)]}"
                     for m, op in claimed)
    print("\n".join(listing))
    missing = [(Moment(m).name, Op(op).name) for m, op in claimed if EXERCISED[(m, op)] == 0]
    assert not missing, missing
    hooks = {e[1] for e in SEEN if e[0] == rs.E_DECIDE}
    for hook in (rs.H_KEEP_CARD, rs.H_RESISTANCE, rs.H_BASE_PROJECT, rs.H_DIG_KIND, rs.H_HAND_CARD, rs.H_POSTURE_TYPE,
                 rs.H_SEARCH_CLASS, rs.H_SNAP_FOLDER, rs.H_TARGET, rs.H_PILFER_GIVE, rs.H_CLEVER, rs.H_BOOST,
                 rs.H_COIN, rs.H_FOOTPRINT, rs.H_TAKE_SOURCE, rs.H_SPONSOR_PLAY):
        assert hook in hooks, hook
    sources = {e[2] for e in SEEN if e[0] == rs.E_DRAW}
    assert {0, 1, -2, -3, -4} <= sources, sources       # deck, a folder, discard, base pile, another hand
    assert {(rs.E_TOKEN, k) for k in range(3)} <= {(e[0], e[1]) for e in SEEN}
