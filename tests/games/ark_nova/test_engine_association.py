"""Ark Nova numba Association legality (engine.association) against reference.association: on positions reached by
reference games, varied where the answers depend on them (workers on tasks, partner zoos and universities on the
board and owned, bonus tokens, wildcards, projects in hand and display, supported projects, money, the passives of
203 Veterinarian-style project strength and release repeats), every option list and can_associate equal the
reference's."""
import copy
import random
from dataclasses import replace

from tests.games.ark_nova.common import varied_positions

from zoosim.games.ark_nova.components import cards
from zoosim.games.ark_nova.components.effects import Op
from zoosim.games.ark_nova.engine import animals as ea
from zoosim.games.ark_nova.engine import association as eas
from zoosim.games.ark_nova.engine import state as es
from zoosim.games.ark_nova.reference import association as rass
from zoosim.games.ark_nova.rules import Rules

AT = es.SCR_FREE
ICONS = es.SCR_FREE + 700
ROW = {int(i): r for r, i in enumerate(cards.CARDS.ids)}
PROJECTS = [int(i) for i in cards.CARDS.ids if 101 <= i <= 132]
PASSIVES = [int(cards.CARDS.ids[c]) for c in range(cards.N_CARDS) if 201 <= cards.CARDS.ids[c] <= 264
            and (es.PASSIVE_OP[0, c, int(Op.PROJECT_STRENGTH)] or es.PASSIVE_OP[0, c, int(Op.RELEASE_REPEAT)])]


def association_rules(rnd: random.Random) -> Rules:
    return replace(Rules(), support_without_bonus_token=rnd.random() < 0.5,
                   max_universities=rnd.choice((3, 2)), max_partner_zoos=rnd.choice(((2, 4), (1, 3))))


def vary(s, rnd: random.Random):
    t = copy.deepcopy(s)
    if rnd.random() < 0.3:
        t.board_partner_zoos = sorted(rnd.sample(range(7, 12), rnd.randint(0, 5)))
    if rnd.random() < 0.3:
        t.board_universities = sorted(rnd.sample(range(3), rnd.randint(0, 3)))
    for pl in t.ps:
        pl.hand += rnd.sample(PROJECTS, 2)
        pl.sponsors += [c for c in PASSIVES if rnd.random() < 0.2 and c not in pl.sponsors]
        if rnd.random() < 0.3:
            pl.task_workers = [rnd.randint(0, 2) for _ in range(4)]
            pl.workers_active = rnd.randint(0, 3)
        if rnd.random() < 0.3:
            pl.partner_zoos = rnd.sample(range(7, 12), rnd.randint(0, 3))
        if rnd.random() < 0.3:
            pl.universities = rnd.sample(range(3), rnd.randint(0, 2))
        if rnd.random() < 0.3:
            pl.bonus_tokens = sorted(rnd.sample(range(7), rnd.randint(0, 2)))
        if rnd.random() < 0.3:
            pl.wildcards = rnd.randint(1, 2)
        if rnd.random() < 0.3:
            pl.supported = pl.supported + rnd.sample(PROJECTS, 2)
        if rnd.random() < 0.3:
            pl.money = rnd.randint(0, 6)
    return t


def pairs(G, at, n):
    return [(int(G[at + 2 * j]), int(G[at + 2 * j + 1])) for j in range(n)]


def test_association_options_equal_the_reference_on_reached_positions():
    rnd = random.Random(16)
    checked = projects = slots = 0
    for t, R, G in varied_positions(10, rnd, association_rules, vary):
        for p in range(t.players):
            for task in range(4):
                assert eas.workers_needed(G, R, p, task) == rass.workers_needed(t, p, task)
                assert eas.task_value(G, R, p, task) == rass.task_value(t, p, task)
            for side2 in (False, True):
                n = eas.partner_options(G, R, p, side2, AT)
                assert [int(v) for v in G[AT:AT + n]] == rass.partner_options(t, p, side2)
                n = eas.project_options(G, R, p, side2, AT)
                got = [(src, int(cards.CARDS.ids[c])) for src, c in pairs(G, AT, n)]
                assert got == rass.project_options(t, p, side2)
                projects += n
                for task in range(4):
                    assert eas.task_doable(G, R, p, task, side2, AT) == rass.task_doable(t, p, task, side2)
                for st in range(1, 7):
                    assert eas.can_associate(G, R, p, st, side2, AT) == rass.can_associate(t, p, st, side2)
                    done = rnd.sample(range(4), rnd.randint(0, 2))
                    n = eas.task_options(G, R, p, st, side2, sum(1 << d for d in done), len(done), AT)
                    tasks = [k for k in range(4) if k not in done and rass.task_value(t, p, k) <= st
                             and rass.task_doable(t, p, k, side2)]
                    expected = [] if not tasks or (done and not side2) else ([-1] if done else []) + tasks
                    assert [int(v) for v in G[AT:AT + n]] == expected
            n = eas.university_options(G, R, p, AT)
            assert [int(v) for v in G[AT:AT + n]] == rass.university_options(t, p)
            ea.icon_counts(G, p, ICONS)
            for project in PROJECTS:
                n = eas.slot_options(G, R, p, ROW[project], ICONS, AT)
                assert pairs(G, AT, n) == rass.slot_options(t, p, project)
                slots += n
                if cards.PROJECT_KINDS[int(cards.CARDS.project_kind[ROW[project]])] == "release":
                    for slot in range(3):
                        n = eas.release_candidates(G, p, ROW[project], slot, AT)
                        assert [int(cards.CARDS.ids[v]) for v in G[AT:AT + n]] == \
                            rass.release_candidates(t, p, project, slot)
        checked += 1
    assert checked >= 60 and projects >= 100 and slots >= 300
