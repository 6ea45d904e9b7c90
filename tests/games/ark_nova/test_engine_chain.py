"""Ark Nova numba Build action and free buildings (engine.chain, engine.place) against reference.build: on
positions reached by reference games, given the sponsors that change building (217 Engineer, 219 rock/water, 221
Archaeologist, 241/242 money next to water/rock), money, CP just below the bonus spaces and few workers left so that
placement bonuses chain (reputation -> worker -> CP -> a tile: enclosure3 -> another building, partner zoo ->
icons -> triggers, university, sponsor -> it enters the zoo ...), Build actions of every strength and side, free
buildings and unique buildings give the reference's events, state and stream."""
import copy
import random
from dataclasses import replace

from tests.games.ark_nova.common import stepped_positions

from zoosim.games.ark_nova.components.vocab import FIRST_UNIQUE_BUILDING, N_BUILDINGS
from zoosim.games.ark_nova.engine import chain as ec
from zoosim.games.ark_nova.reference import build as rb
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.rules import BONUS_TILES, Rules

ENGINE_TILES = BONUS_TILES     # every tile (partner_zoo, university, sponsor: engine.tasks' F_TASK)
BUILDING_SPONSORS = (217, 219, 221, 241, 242)


def chain_rules(rnd: random.Random) -> Rules:
    return replace(Rules(), bonus_tiles=tuple(rnd.choice(ENGINE_TILES) for _ in range(rnd.randint(4, 8)))
                   + ("enclosure3",) * 2, covered_terrain_counts=rnd.random() < 0.3,
                   free_building_ignores_build2=rnd.random() < 0.5, building_cost_per_cell=rnd.choice((0, 1, 2)))


def prepare(s, rnd: random.Random):
    t = copy.deepcopy(s)
    for pl in t.ps:
        pl.sponsors += [c for c in BUILDING_SPONSORS if rnd.random() < 0.3 and c not in pl.sponsors]
        if rnd.random() < 0.7:
            pl.money = rnd.randint(5, 60)
        if rnd.random() < 0.5:
            pl.cp = rnd.choice((1, 4, 7, 9))
            pl.cp_spaces_done = {x for x in pl.cp_spaces_done if x <= pl.cp}
        if rnd.random() < 0.5 and pl.workers_supply > 1:
            pl.workers_active += pl.workers_supply - 1
            pl.workers_supply = 1
        if rnd.random() < 0.3:
            pl.rep = rnd.randint(1, 8)
            pl.rep_bonus_done = {x for x in pl.rep_bonus_done if x <= pl.rep}
    return t


def step(t, G, R, EV, rng, rnd: random.Random):
    p = rnd.randrange(t.players)
    what = rnd.randrange(6)
    if what < 4:
        strength, side2 = rnd.randint(1, 6), rnd.random() < 0.5
        rb.build_action(t, p, strength, side2)
        ec.build_action(G, R, EV, rng, p, strength, side2)
    elif what == 4:
        kind = rnd.randrange(FIRST_UNIQUE_BUILDING)
        rb.free_building(t, p, kind)
        ec.free_building(G, R, EV, rng, p, kind)
    else:
        kind = rnd.randrange(FIRST_UNIQUE_BUILDING, N_BUILDINGS)
        rb.place_unique(t, p, kind)
        ec.place_unique(G, R, EV, rng, p, kind)


def test_build_actions_and_free_buildings_equal_the_reference():
    rnd = random.Random(8)
    checked = 0
    seen = set()
    for t in stepped_positions(9, rnd, chain_rules, prepare, step, steps=5, events=2048, rate=0.04):
        checked += 1
        seen |= {(e[0], e[2]) for e in t.events if e[0] in (rs.E_DECIDE, rs.E_TILE, rs.E_BUILD)}
    assert checked >= 80
    for hook in (rs.H_BUILD_TYPE, rs.H_FOOTPRINT, rs.H_ARCHAEOLOGIST, rs.H_ENGINEER_TYPE, rs.H_COIN, rs.H_CP_TILE):
        assert (rs.E_DECIDE, hook) in seen, hook
    assert (rs.E_BUILD, -1) in seen   # an animal moved into a new reptile house or aviary
