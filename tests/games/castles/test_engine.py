"""Castles numba castle (engine/castle.py, engine/legal.py) against the reference castle (reference.castle.Castle): on
random castles grown by the reference from seeds, under several rule variants, the engine finds the same candidate
list (distinct legal placements, sorted), the same verdict G1-G6 for every candidate the reference generates, the same
can_place, and after every placement the same door states and partners, external entrances, touching pairs,
placement points, living re-scores, completions and end-of-game castle metrics, the same facts of a placement's
preview (reference.policies.placement_facts) and the block's OPEN-door edges matching its open list."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

import numpy as np
import pytest

from zoosim.core.rng import PyRng
from zoosim.errors import ZoosimError
from zoosim.games.castles.components import data
from zoosim.games.castles.engine import castle as E
from zoosim.games.castles.engine import legal as EL
from zoosim.games.castles.engine import points as EP
from zoosim.games.castles.components import geometry as g
from zoosim.games.castles.engine import state as ES
from zoosim.games.castles.reference import scoring as RS
from zoosim.games.castles.reference.castle import Castle, footprint
from zoosim.games.castles.reference.policies import placement_facts
from zoosim.games.castles.components.geometry import BLOCKED
from zoosim.games.castles.reference.scoring import living_rescore, metrics, placement_points
from zoosim.games.castles.rules import Rules, validate

BASE = Rules(first_mb="seat0")
T = data.TILE_BY_NAME
CODES = {None: 0, "G1": 1, "G2": 2, "G3": 3, "G4": 4, "G5": 5, "G6": 6}
VARIANTS = {
    "default": {},
    "no_half_sharing": {"allow_half_cell_sharing": False},
    "mixed_blocked": {"mixed_level_door_contact": "blocked"},
    "three_entrances": {"min_external_entrances": 3},
    "small_grid_corner": {"grid_size": 24, "foyer_origin": 1},
    "wide_grid": {"grid_size": 200, "foyer_origin": 125},
    "scoring_switches": {"bonus_per_link": True, "castle_rule_counts_self": True,
                         "living_rescore_includes_neighbours": True},
    "pieces_not_corridor": {"pieces_are_corridor_for_room_rules": False, "pieces_count_for_castle_rules": False},
    "pieces_in_cards_not_area": {"corridor_pieces_in_card_counts": True, "area_includes_pieces": False},
}
# tiles that exercise half cells, fences, diagonals, levels and many doors
PROBE = [T["Terrace Gardens"], T["Throne Room"], T["Hunding's Hut"], data.HALLWAY, data.STAIRS, T["Dungeon"],
         T["Queen's Bedroom"], T["Sewing Room"], T["Great Hall"], T["Cloak Room"]]
PROBE += [t for t in range(data.N_ROOMS) if data.TILE_SHAPE[t] in (data.SHAPE_INDEX["oct7x4"],
                                                                     data.SHAPE_INDEX["circ5"])][:4]

LEVEL_TILES = frozenset({data.STAIRS, data.HALLWAY} | {t for t in range(data.N_ROOMS)
                                                       if data.TILE_TYPE[t] == data.DOWNSTAIRS})
RULE_TILES = LEVEL_TILES | {t for t in range(data.N_ROOMS) if data.TILE_RULE_KIND[t] != data.RULE_NONE}
KEYS = np.zeros(EL.KEYS_SIZE, np.int64)
OUT = np.zeros((E.MAX_CANDIDATES, 4), np.int64)
DONE = np.zeros(E.MAX_TILES, np.int64)


def reference_castle(rules: Rules) -> Castle:
    castle = Castle(rules)
    xy = rules.geometry().foyer_xy
    castle.add(data.FOYER, 0, xy, xy)
    return castle


def engine_placements(C, R, tile) -> list[tuple[int, int, int, int]]:
    n = EL.legal_placements(C, R, tile, KEYS, OUT)
    assert not KEYS[EL.SEEN_AT:].any()   # the seen set is clear again for the next listing
    return [tuple(int(v) for v in row) for row in OUT[:n]]


def engine_candidates(C, rules: Rules, tile) -> set[tuple[int, int, int, int]]:
    n = EL.candidates(C, tile, KEYS)
    return {(int(k) >> 21, int(k) >> 11 & 1023, int(k) >> 1 & 1023, int(k) & 1) for k in KEYS[:n]}


def assert_same_castle(C, castle: Castle) -> None:
    n = len(castle.tiles)
    assert C[E.H_N] == n
    assert C[E.H_OPEN_UP] == castle.open_up
    assert C[E.H_N_OPEN] == castle.count_doors(0)
    for t, p in enumerate(castle.tiles):
        assert (C[E.T_TILE + t], C[E.T_ROT + t], C[E.T_X + t], C[E.T_Y + t], C[E.T_LEVEL + t]) == \
            (p.tile, p.rot, p.x, p.y, p.level)
        k = len(p.doors)
        at = t * E.MAX_DOORS
        assert list(C[E.D_STATE + at:E.D_STATE + at + k]) == castle.door_state[t]
        assert list(C[E.D_PARTNER + at:E.D_PARTNER + at + k]) == castle.door_partner[t]
        touch = int(C[E.T_TOUCH + t]) & ((1 << 64) - 1)
        assert {b for b in range(n) if touch >> b & 1} == castle.touches[t]
        assert bool(C[E.T_COMPLETE + t]) == castle.complete[t]
    assert open_door_edges(C) == open_list_edges(C)


def open_door_edges(C) -> set[int]:
    """The edge ids in the block's OPEN-door bit set (C[H_OPEN_DOOR])."""
    at, ewords = int(C[E.H_OPEN_DOOR]), int(C[E.H_EWORDS])
    return {int(e) for e in np.flatnonzero(np.unpackbits(C[at:at + ewords].view(np.uint8), bitorder="little"))}


def open_list_edges(C) -> set[int]:
    """The edge ids of the open list's doors: each sits on side (d + 2) % 4 of the cell across it."""
    out = set()
    for v in (int(x) for x in C[E.OPEN_LIST:E.OPEN_LIST + int(C[E.H_N_OPEN])]):
        d, ax, ay = v >> 1 & 3, (v >> 14 & 2047) - 1, (v >> 3 & 2047) - 1
        out.add(g.edge_id(ax, ay, g.opposite(d), int(C[E.H_GRID])))
    return out


def assert_same_preview(C, R, castle: Castle, rules: Rules, tile: int, placement) -> None:
    """The engine's preview of a legal placement = reference.policies.placement_facts (lay it on a copy)."""
    facts = placement_facts(castle, rules, tile, *placement)
    F = np.zeros(EP.F_SIZE, np.int64)
    EP.preview(C, R, tile, *placement, F)
    n = len(castle.tiles)
    old = int(F[EP.F_OLD_COMPLETE])
    complete = ((n,) if F[EP.F_SELF_COMPLETE] else ()) + tuple(b for b in range(n) if old >> b & 1)
    assert (F[EP.F_POINTS], complete, F[EP.F_LINKS], F[EP.F_OWN_BLOCKED], F[EP.F_OLD_BLOCKED], F[EP.F_OPENED]) == (
        facts.points, facts.complete, facts.links, facts.own_blocked, facts.old_blocked, facts.opened), placement


def joins(castle: Castle, tile: int, placement: tuple[int, int, int, int]) -> int:
    """Doors of the placement that would meet a door of the castle at their level."""
    rot, x, y, level = placement
    return sum(any(lv2 == lv for _, _, lv2 in castle.doors_at.get((ex + x, ey + y, o), ()))
               for (ex, ey, o), lv, _ in footprint(tile, rot, level).doors)


def assert_same_metrics(C, R, castle: Castle, rules: Rules) -> None:
    out = np.zeros(EP.M_SIZE, np.int64)
    EP.castle_metrics(C, R, out)
    m = metrics(castle, rules, 0)
    assert list(out[EP.M_COUNT_BY_TYPE:EP.M_COUNT_BY_TYPE + data.N_TYPES]) == m.count_by_type
    assert list(out[EP.M_AREA_BY_TYPE:EP.M_AREA_BY_TYPE + data.N_TYPES]) == m.area_by_type
    assert list(out[EP.M_COUNT_BY_SIZE:EP.M_COUNT_BY_SIZE + data.N_SIZES]) == m.count_by_size
    assert list(out[[EP.M_COMPLETED, EP.M_INCOMPLETE, EP.M_ENTRANCES, EP.M_HALLWAYS, EP.M_STAIRS, EP.M_AREA]]) == \
        [m.completed, m.incomplete, m.entrances, m.hallways, m.stairs, m.area]
    assert out[EP.M_BLOCKED] == castle.count_doors(BLOCKED)


def grow(rules: Rules, seed: int, steps: int, codes: Counter, favour: frozenset[int] = LEVEL_TILES,
         greedy: bool = False) -> None:
    """Grow one castle by random legal placements of the reference (tiles in `favour` five times as likely; with
    `greedy` a placement meeting the most doors), checking the engine at every step."""
    R = E.rules_array(rules)
    C = E.new_castle(R)
    castle = reference_castle(rules)
    rng = PyRng(seed, 0)
    assert_same_castle(C, castle)
    for step in range(steps):
        for tile in PROBE[step % 3::3]:
            listed = engine_placements(C, R, tile)
            assert listed == castle.legal_placements(tile), (tile, step)
            for placement in listed[step % 5::5]:
                assert_same_preview(C, R, castle, rules, tile, placement)
            assert engine_candidates(C, rules, tile) == {c for c in castle._candidates(tile)
                                                         if castle.violation(tile, *c) != "G1"}
            for c in sorted(set(castle._candidates(tile))):
                code = CODES[castle.violation(tile, *c)]
                codes[code] += 1
                assert EL.violation(C, R, tile, *c) == code, (tile, c)
        placeable = [t for t in range(data.N_TILES - 1) if castle.can_place(t)]
        if step % 4 == 0:
            assert [t for t in range(data.N_TILES - 1) if EL.can_place(C, R, t)] == placeable
        if not placeable or len(castle.tiles) == E.MAX_TILES:
            break
        weighted = placeable + 4 * [t for t in placeable if t in favour]
        tile = weighted[rng.below(len(weighted))]
        options = castle.legal_placements(tile)
        assert engine_placements(C, R, tile) == options
        if greedy:
            most = max(joins(castle, tile, c) for c in options)
            options = [c for c in options if joins(castle, tile, c) == most]
        rot, x, y, level = options[rng.below(len(options))]
        n, gained = castle.add(tile, rot, x, y, level)
        mask = E.add_tile(C, R, tile, rot, x, y, level)
        assert [b for b in range(n) if mask >> b & 1] == gained
        assert EP.placement_points(C, R, n) == placement_points(castle, rules, n)
        done = []
        for t in [n] + gained:  # reference.place_tile's completion check
            if not castle.complete[t] and castle.is_complete_now(t):
                castle.complete[t] = True
                done.append(t)
        m = EP.completions(C, n, mask, DONE)
        assert list(DONE[:m]) == done
        codes["completed"] += m
        codes["down"] += level == E.DOWN
        assert_same_castle(C, castle)
        assert_same_metrics(C, R, castle, rules)
        for t in range(n + 1):
            assert EP.living_rescore(C, R, t) == living_rescore(castle, rules, t)
    E.init_castle(C, R)  # the partial clear (_clear_tiles) must leave exactly a fresh block
    assert np.array_equal(C, E.new_castle(R))


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_engine_castle_agrees_with_reference(variant):
    rules = replace(BASE, **VARIANTS[variant])
    codes: Counter = Counter()
    for seed in range(3):
        grow(rules, 100 * list(VARIANTS).index(variant) + seed, 20, codes)
    assert codes[0] and codes[2]  # legal and overlapping candidates were compared
    assert codes["completed"] and codes["down"]  # completions and downstairs placements were compared


@pytest.mark.parametrize("variant", ["default", "scoring_switches", "pieces_not_corridor"])
def test_engine_scores_castles_of_rule_rooms(variant):
    """Castles of pieces and rooms with conn, touch and castle-wide rules, each placement meeting as many doors as
    it can: the same points, re-scores and completions."""
    rules = replace(BASE, **VARIANTS[variant])
    codes: Counter = Counter()
    for seed in range(3):
        grow(rules, 50 + seed, 18, codes, favour=RULE_TILES, greedy=True)
    assert codes["completed"]


def both_castles(rules: Rules, placements):
    R = E.rules_array(rules)
    C, castle = E.new_castle(R), reference_castle(rules)
    for tile, placement in placements:
        castle.add(tile, *placement)
        E.add_tile(C, R, tile, *placement)
    assert_same_castle(C, castle)
    return C, R, castle


@pytest.mark.parametrize("per_link", [False, True])
def test_conn_rule_per_door_pair(per_link):
    """Stables (conn activity 1) meets the Oratory (activity) through two door pairs: 1 point, 2 per door pair."""
    rules = replace(BASE, bonus_per_link=per_link, living_rescore_includes_neighbours=per_link)
    oratory, stables = T["Oratory"], T["Stables"]
    C, R, castle = both_castles(rules, [(oratory, (1, 60, 61, 0)), (stables, (1, 59, 66, 0))])
    assert castle.links[2] == {1: 2} and data.TILE_TYPE[oratory] == data.ACTIVITY
    assert EP.placement_points(C, R, 2) == placement_points(castle, rules, 2)
    assert EP.placement_points(C, R, 2) - data.TILE_BASE[stables] == (2 if per_link else 1)
    for t in range(3):
        assert EP.living_rescore(C, R, t) == living_rescore(castle, rules, t)


@pytest.mark.parametrize("counts_self", [False, True])
def test_castle_rule_naming_its_own_type(counts_self):
    """The Dungeon (castle-wide: 2 per downstairs room) laid below the stairs counts itself only with
    castle_rule_counts_self."""
    rules = replace(BASE, castle_rule_counts_self=counts_self)
    dungeon = T["Dungeon"]
    C, R, castle = both_castles(rules, [(data.STAIRS, (0, 65, 63, 0)), (dungeon, (1, 68, 61, 1))])
    assert EP.placement_points(C, R, 2) == placement_points(castle, rules, 2)
    assert EP.placement_points(C, R, 2) - placement_points(castle, replace(rules, castle_rule_counts_self=False), 2) \
        == (2 if counts_self else 0)


OCTAGONS_AND_CIRCLES = [t for t in range(data.N_ROOMS) if data.TILE_SHAPE[t] in (data.SHAPE_INDEX["oct7x4"],
                                                                                 data.SHAPE_INDEX["circ5"])]
SWEPT = [T["Terrace Gardens"], T["Throne Room"], T["Hunding's Hut"], T["Secret Lair"]]


@pytest.mark.parametrize("variant", ["default", "no_half_sharing", "mixed_blocked"])
def test_violation_agrees_on_every_offset_near_castles_of_corners(variant):
    """Castles of octagons, circles and hallways (shared half cells, diagonal walls, fence diagonals, both levels):
    every placement of a few tiles at every rotation and offset around them gets the reference's verdict."""
    rules = replace(BASE, **VARIANTS[variant])
    R = E.rules_array(rules)
    pool = OCTAGONS_AND_CIRCLES + [data.HALLWAY, data.STAIRS]
    codes: Counter = Counter()
    for seed in range(3):
        C, castle, rng = E.new_castle(R), reference_castle(rules), PyRng(seed, 7)
        for _ in range(10):
            tiles = [t for t in pool if castle.can_place(t)]
            if not tiles:
                break
            tile = tiles[rng.below(len(tiles))]
            options = castle.legal_placements(tile)
            placement = options[rng.below(len(options))]
            castle.add(tile, *placement)
            E.add_tile(C, R, tile, *placement)
        assert_same_castle(C, castle)
        xs, ys = [p.x for p in castle.tiles], [p.y for p in castle.tiles]
        for tile in SWEPT:
            level = E.UP if g.TILE_LEVELS[tile] & 1 else E.DOWN
            for rot in range(4):
                for x in range(min(xs) - 7, max(xs) + 8):
                    for y in range(min(ys) - 7, max(ys) + 8):
                        want = castle.violation(tile, rot, x, y, level)
                        assert EL.violation(C, R, tile, rot, x, y, level) == CODES[want], (tile, rot, x, y)
                        codes[want] += 1
                        if want == "G5":
                            new = g.place(tile, rot, x, y, level)
                            codes["G5 diagonal"] += not any(new.fence & b.walls or b.fence & new.walls
                                                            for b in castle.tiles)
    assert codes[None] and codes["G2"] and codes["G3"] and codes["G5"]
    if variant == "default":
        assert codes["G5 diagonal"]  # a fence diagonal on an octagon's diagonal wall in a shared cell


# ---------------------------------------------------------------- the game loop's card tables (castles/play.py)
def metrics_from_vector(v) -> RS.Metrics:
    """A reference Metrics from an engine metric vector (engine.points' M_* then engine.state's K_MONEY)."""
    return RS.Metrics(count_by_type=[int(x) for x in v[EP.M_COUNT_BY_TYPE:EP.M_COUNT_BY_TYPE + data.N_TYPES]],
                      area_by_type=[int(x) for x in v[EP.M_AREA_BY_TYPE:EP.M_AREA_BY_TYPE + data.N_TYPES]],
                      count_by_size=[int(x) for x in v[EP.M_COUNT_BY_SIZE:EP.M_COUNT_BY_SIZE + data.N_SIZES]],
                      completed=int(v[EP.M_COMPLETED]), incomplete=int(v[EP.M_INCOMPLETE]),
                      entrances=int(v[EP.M_ENTRANCES]), hallways=int(v[EP.M_HALLWAYS]), stairs=int(v[EP.M_STAIRS]),
                      money=int(v[ES.K_MONEY]), area=int(v[EP.M_AREA]))


def engine_bonus_points(c, v, bon, kind, unit) -> int:
    """engine.end.final_scoring's reading of one bonus card's table row."""
    if kind[c] == ES.ALL_SIZES:
        return int(unit[c]) if all(v[EP.M_COUNT_BY_SIZE:EP.M_COUNT_BY_SIZE + data.N_SIZES]) else 0
    if kind[c] == ES.ALL_TYPES:
        return int(unit[c]) if all(v[EP.M_COUNT_BY_TYPE:EP.M_COUNT_BY_TYPE + data.N_TYPES]) else 0
    return int(bon[c] @ v)


def test_play_does_not_import_the_reference():
    """The engine's card tables come from the data layer and spec §7, never from reference.scoring: nothing of the
    package but the reference itself and the user-facing glue imports it (replay, positions and text draw and score
    positions with the reference's castle on purpose)."""
    import ast
    import pathlib
    import zoosim.games.castles as pkg

    root = pathlib.Path(pkg.__file__).parent
    paths = [path for path in sorted(root.rglob("*.py"))
             if path.relative_to(root).parts[0] not in ("reference", "replay.py", "positions.py", "text.py")]
    assert root / "engine" / "game.py" in paths and root / "play.py" in paths
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""] + [a.name for a in node.names]
            assert not any("reference" in n for n in names), (path, names)


@pytest.mark.parametrize("money_card_unit", [10000, 5000, 7])
def test_card_tables_equal_the_reference_rules(money_card_unit):
    """Every King's Favor's metric and every bonus card's points, read from engine.state.card_tables as the loop reads
    them, equal reference.scoring.favor_metric / bonus_card_points: on each unit metric vector and on random
    vectors (sparse ones too, so the set cards score both ways)."""
    rules = replace(BASE, money_card_unit=money_card_unit)
    fav, bon, kind, unit = ES.card_tables(rules)
    rng = np.random.default_rng(money_card_unit)
    vectors = []
    for k in range(ES.K_SIZE):
        if k in (EP.M_BLOCKED, ES.K_MONEY_UNITS):
            continue
        v = np.zeros(ES.K_SIZE, np.int64)
        v[k] = 1 if k != ES.K_MONEY else money_card_unit
        vectors.append(v)
    for density in (1.0, 0.95, 0.6, 0.2):
        for _ in range(50):
            v = rng.integers(0, 12, ES.K_SIZE) * (rng.random(ES.K_SIZE) < density)
            v[ES.K_MONEY] = rng.integers(0, 80000)
            vectors.append(v.astype(np.int64))
    full = np.ones(ES.K_SIZE, np.int64)
    vectors.append(full)
    scored = Counter()
    for v in vectors:
        v[EP.M_BLOCKED] = 0
        v[ES.K_MONEY_UNITS] = v[ES.K_MONEY] // money_card_unit
        m = metrics_from_vector(v)
        for f, card in enumerate(data.FAVORS):
            assert int(fav[f] @ v) == RS.favor_metric(card, m), (card.id, v)
        for c, card in enumerate(data.BONUS_CARDS):
            want = RS.bonus_card_points(card, m, rules)
            assert engine_bonus_points(c, v, bon, kind, unit) == want, (card.id, v)
            scored[card.id] += want > 0
    assert all(scored[c.id] for c in data.BONUS_CARDS)
    assert sorted(kind[kind > 0].tolist()) == [ES.ALL_SIZES, ES.ALL_TYPES]


def test_perimeter_bound_of_g6_rests_on_doors_sitting_on_full_cells():
    """G6's shortcut (engine.legal._violation) counts at most SR_PERIMETER[s] OPEN doors closed by a footprint: true
    only because no doorway slot sits on a half cell (G2 then keeps every door's own cell out of the footprint)."""
    for tile in range(E.T):
        s = E.TL_SHAPE[tile]
        for r in range(4):
            halves = {(int(x), int(y)) for x, y, _ in E.SR_HALF[s, r, :E.SR_N_HALF[s]]}
            for k in range(E.TL_N_DOORS[tile]):
                dx, dy, _ = E.TL_DOOR_SIDE[tile, r, k]
                assert (int(dx), int(dy)) not in halves, (tile, r, k)
    by_name = {shape.name: i for i, shape in enumerate(data.SHAPES)}
    # hand-counted: a 2x2 square has 8 outer edges, a 6x1 hallway 14, a 4x4 square 16, 3x1 stairs 8
    assert [int(E.SR_PERIMETER[by_name[n]]) for n in ("sq2", "hall6x1", "sq4", "stairs3x1")] == [8, 14, 16, 8]


def test_seen_set_holds_every_placement_key():
    """legal_placements' seen set has a bit for every key: x, y < 1024 (rules.validate caps grid_size at 1024)."""
    assert EL.placement_key(3, 1023, 1023, 1) < 64 * (EL.KEYS_SIZE - EL.SEEN_AT)
    with pytest.raises(ZoosimError, match="grid_size 1025"):
        validate(Rules(grid_size=1025), 2)


def test_kth_key_is_the_kth_of_the_sorted_keys() -> None:
    """uniform and random place at a drawn index by quickselect (EL.kth_key) instead of sorting: every index of
    distinct keys, few (ranked directly) and many (partitioned), must give the sorted list's entry."""
    rng = np.random.default_rng(17)
    for m in (1, 2, 7, 8, 9, 31, 200):
        keys = rng.choice(1 << 23, size=m, replace=False).astype(np.int64)
        ordered = np.sort(keys)
        for k in range(m):
            work = keys.copy()
            assert EL.kth_key(work, m, k) == ordered[k]
