"""Ark Nova numba tracks (engine.tracks) against reference.state: on positions reached by reference games (loaded
with engine.codec.encode, the stream's state copied), with the tracks, bonuses done, workers, sides and final cards
scrambled so that chains happen (reputation bonus -> last worker -> CP spaces -> tile -> reputation ...), random
gains of every resource, hires and upgrades give the same events, state and stream position. Rules vary the bonus
spaces (never two equal bonus spaces: the reference's dict of tiles by space would lose one pair), reputation
bonuses and caps; the tile pool holds only the tiles engine.tracks resolves itself."""
import copy
import random
from dataclasses import replace

from tests.games.ark_nova.common import stepped_positions

from zoosim.games.ark_nova.engine import chain as ec
from zoosim.games.ark_nova.engine import tracks as et
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.reference import tracks as rt
from zoosim.games.ark_nova.rules import REPUTATION_BONUS_KINDS, Rules

LEAF_TILES = ("money10", "rep2", "x3", "take3", "multiplier")


def track_rules(rnd: random.Random) -> Rules:
    base = Rules()
    bonuses = base.reputation_bonuses
    if rnd.random() < 0.5:
        bonuses = tuple(sorted((rnd.randint(2, 15), rnd.choice(REPUTATION_BONUS_KINDS))
                               for _ in range(rnd.randint(3, 9))))
    spaces = sorted(rnd.sample(range(1, 14), 3)) if rnd.random() < 0.5 else (2, 5, 10)
    return replace(
        base, bonus_tiles=tuple(rnd.choice(LEAF_TILES) for _ in range(rnd.randint(4, 9))),
        reputation_bonuses=bonuses, cp_upgrade_space=spaces[0], cp_final_discard_space=spaces[2],
        cp_bonus_spaces=(spaces[1], rnd.choice([v for v in (spaces[1] + 3, spaces[1] + 1, 8) if v != spaces[1]])),
        mapA_last_worker_cp=rnd.choice((0, 2, 2, 5)), max_x_tokens=rnd.choice((5, 3)),
        reputation_cap_side1=rnd.choice((9, 9, 6)), workers_total=rnd.randint(2, 5), workers_start=1)


def scramble(s, rnd: random.Random):
    t = copy.deepcopy(s)
    r = t.rules
    for pl in t.ps:
        if rnd.random() < 0.5:
            pl.cp = rnd.randint(0, 12)
            pl.cp_spaces_done = {x for x in pl.cp_spaces_done if x <= pl.cp and rnd.random() < 0.5}
        if rnd.random() < 0.5:
            pl.rep = rnd.randint(1, r.reputation_cap_side1)
            pl.rep_bonus_done = {x for x in pl.rep_bonus_done if x <= pl.rep and rnd.random() < 0.5}
        if rnd.random() < 0.5:
            total = r.workers_total - sum(pl.task_workers)
            pl.workers_supply = rnd.randint(0, max(0, total - 1))
            pl.workers_active = total - pl.workers_supply
        if rnd.random() < 0.3:
            pl.side2 = [rnd.random() < 0.5 for _ in range(5)]
        if rnd.random() < 0.2:
            pl.finals = t.final_pile[:2]
    if rnd.random() < 0.2:
        t.cp10_reached = False
    if rnd.random() < 0.1:
        t.scoring = True
    return t


def step(t, G, R, EV, rng, rnd: random.Random):
    p = rnd.randrange(t.players)
    what = rnd.randrange(8)
    if what < 6:
        amount = rnd.randint(1, 4) if what != 4 else rnd.randint(1, 9)
        rt.gain(t, p, what, amount)
        ec.gain(G, R, EV, rng, p, what, amount)
    elif what == 6:
        rt.hire_worker(t, p)
        ec.hire_worker(G, R, EV, rng, p)
    else:
        rt.upgrade(t, p)
        et.upgrade(G, R, EV, rng, p)


def test_tracks_equal_the_reference_on_reached_positions():
    rnd = random.Random(6)
    checked = chained = 0
    for t in stepped_positions(14, rnd, track_rules, scramble, step, steps=6, events=1024):
        checked += 1
        chained += any(e[0] == rs.E_TILE for e in t.events)
    assert checked >= 90 and chained >= 10
