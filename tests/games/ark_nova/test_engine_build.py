"""Ark Nova numba map (engine.build) against reference.build: on positions reached by reference games under
`uniform` (loaded into the engine block with engine.codec.encode), varied where legality depends on them (money,
Diversity Researcher 219, an empty map, covered_terrain_counts, building cost) and grown by random legal
placements, every footprint list, every BUILD_TYPE, ENGINEER_TYPE and POSTURE_TYPE option list, can_build and the
map counts (kiosk income, Side Entrance neighbours, connected cells) equal the reference's."""
import copy
import random
from dataclasses import replace

from tests.games.ark_nova.common import reference_fields, varied_positions

from zoosim.games.ark_nova.components.vocab import BUILDINGS, KIOSK, N_BUILDINGS, PAVILION
from zoosim.games.ark_nova.engine import build as eb
from zoosim.games.ark_nova.engine import codec
from zoosim.games.ark_nova.engine import state as es
from zoosim.games.ark_nova.reference import game as ref
from zoosim.games.ark_nova.reference import build as rb
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.rules import Rules

SIDE_ENTRANCE = BUILDINGS.index("side_entrance")

AT = es.SCR_FREE


def map_rules(rnd: random.Random) -> Rules:
    return replace(Rules(), covered_terrain_counts=rnd.random() < 0.3, peaceful=rnd.random() < 0.3,
                   building_cost_per_cell=rnd.choice((0, 1, 2, 2, 3)),
                   free_building_ignores_build2=rnd.random() < 0.5)


def vary(s, rnd: random.Random):
    t = copy.deepcopy(s)
    for pl in t.ps:
        if rnd.random() < 0.3:   # a Side Entrance somewhere free, for its count
            options = rb.legal_footprints(t, pl.seat, SIDE_ENTRANCE, True)
            if options:
                pl.buildings.append(rs.Building(SIDE_ENTRANCE, rnd.choice(options)))
        if rnd.random() < 0.3:
            pl.sponsors.append(219)
        if rnd.random() < 0.3:
            pl.money = rnd.randint(0, 12)
        if rnd.random() < 0.05:
            pl.buildings = []
        if rnd.random() < 0.3:
            pl.side2[rs.BUILD] = not pl.side2[rs.BUILD]
    return t


def engine_footprints(G, R, p, kind, build2):
    n = eb.footprints(G, R, p, kind, build2, AT, 10_000)
    return [int(es.FP_MASK[G[AT + j]]) for j in range(n)]


def engine_options(G, R, p, remaining, side2, built):
    mask = sum(1 << k for k in built)
    n = eb.build_type_options(G, R, p, remaining, side2, mask, len(built), AT)
    return [int(v) for v in G[AT:AT + n]]


def reference_options(t, p, remaining, side2, built):
    if built and not side2:
        return []
    return ([-1] if built else []) + rb.build_types(t, p, remaining, side2, built)


def same_answers(t, G, R, rnd):
    for p in range(t.players):
        for kind in range(N_BUILDINGS):
            for build2 in (False, True):
                assert engine_footprints(G, R, p, kind, build2) == rb.legal_footprints(t, p, kind, build2)
        for side2 in (False, True):
            for strength in range(7):
                assert bool(eb.can_build(G, R, p, strength, side2, AT)) == rb.can_build(t, p, strength, side2)
                built = rnd.sample(list(rb.SIDE2_TYPES), rnd.randint(0, 2))
                assert engine_options(G, R, p, strength, side2, built) == reference_options(t, p, strength, side2,
                                                                                              built)
            built = [rnd.randrange(10) for _ in range(rnd.randint(1, 4))]
            G[AT:AT + len(built)] = built
            n = eb.engineer_type_options(G, R, p, side2, AT, len(built), AT + 8)
            expected = rb.affordable_types(t, p, [k for k in dict.fromkeys(built) if k not in rb.SPECIAL], 99, side2)
            assert [int(v) for v in G[AT + 8:AT + 8 + n]] == expected
        assert eb.kiosk_income(G, p) == rb.kiosk_income(t, p)
        assert eb.side_entrance_buildings(G, p) == rb.side_entrance_buildings(t, p)
        assert eb.connected(G, p) == rb.connected(t, p)
        n = eb.posture_type_options(G, R, p, AT)
        assert [int(v) for v in G[AT:AT + n]] == [k for k in (KIOSK, PAVILION) if ref.can_free_build(t, p, k)]


def test_build_options_equal_the_reference_on_reached_positions():
    rnd = random.Random(3)
    checked = 0
    for t, R, G in varied_positions(16, rnd, map_rules, vary):
        same_answers(t, G, R, rnd)
        for _ in range(3):  # grow one zoo by a random legal placement, in both, and ask again
            p = rnd.randrange(t.players)
            kind = rnd.randrange(N_BUILDINGS)
            options = rb.legal_footprints(t, p, kind, True)
            if options:
                mask = rnd.choice(options)
                t.ps[p].buildings.append(rs.Building(kind, mask))
                assert eb.put_building(G, p, kind, mask) == len(t.ps[p].buildings) - 1
        same_answers(t, G, R, rnd)
        assert codec.decode(G)["ps"] == reference_fields(t)["ps"]
        checked += 1
    assert checked >= 100


def test_popcount_and_around_on_random_masks():
    rnd = random.Random(9)
    for _ in range(500):
        mask = rnd.getrandbits(58) & int(es.board.ALL_CELLS)
        assert es._ones(mask) == mask.bit_count()
        assert es._around(mask) == rb.around(mask)
        if mask:
            assert es._low_bit(mask) == (mask & -mask).bit_length() - 1
