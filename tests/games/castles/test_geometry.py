"""The Castles grid (spec §4, shapes.toml): rotations, doorways, walls, fences, masks, and the geometry of §10.1-10.2.

Hand drawings: a w x h box is drawn on (2h + 1) lines of (2w + 1) characters. Cell (x, y) is at line 2y + 1,
column 2x + 1: '#' full, a triangle the half cell (◢ SE, ◣ SW, ◤ NW, ◥ NE), anything else not part of the tile.
The N side of cell (x, y) is at line 2y, column 2x + 1 and its W side at line 2y + 1, column 2x: '-' or '|' a
wall, 'D' a doorway, 'F' a fence (both are walls too), a blank no wall. '+' corners are decoration.
"""
from __future__ import annotations

import numpy as np
import pytest

from zoosim.errors import ZoosimError
from zoosim.games.castles.components import data
from zoosim.games.castles.components import geometry as g
from zoosim.games.castles.components.geometry import BLOCKED, CONNECTED, DOWN, OPEN, UP, E, N, S, W

pytestmark = pytest.mark.rules  # every test here pins the components to the spec (data and grid facts of §1, §4, §10.1)

HALF_CHARS = {"◢": g.SE, "◣": g.SW, "◤": g.NW, "◥": g.NE}


def read_drawing(lines: list[str]) -> dict:
    width = max(len(line) for line in lines)
    grid = [line.ljust(width) for line in lines]
    w, h = (width - 1) // 2, (len(grid) - 1) // 2
    out: dict = {"box": (w, h), "full": set(), "half": set(), "walls": set(), "doors": set(), "fence": set()}
    for y in range(h + 1):
        for x in range(w + 1):
            cell = grid[2 * y + 1][2 * x + 1] if y < h and x < w else " "
            if cell == "#":
                out["full"].add((x, y))
            elif cell in HALF_CHARS:
                out["half"].add((x, y, HALF_CHARS[cell]))
            for mark, edge in ((grid[2 * y][2 * x + 1] if x < w else " ", (x, y, 0)),
                               (grid[2 * y + 1][2 * x] if y < h else " ", (x, y, 1))):
                if mark in "-|DF" and mark != " ":
                    out["walls"].add(edge)
                if mark == "D":
                    out["doors"].add(edge)
                if mark == "F":
                    out["fence"].add(edge)
    return out


# tile name -> rotation -> (drawing, its doors in data.TILE_DOOR_SLOT order as (x, y, d) of an own cell)
DRAWINGS = {
    "Queen's Bedroom": {  # l4x4, doors T1;R1
        0: (["+D+-+",
             "|# #D. .",
             "+ + +",
             "|# #|. .",
             "+ + +-+-+",
             "|# # # #|",
             "+ + + + +",
             "|# # # #|",
             "+-+-+-+-+"], [(0, 0, N), (1, 0, E)]),
        1: (["+-+-+-+-+",
             "|# # # #D",
             "+ + + + +",
             "|# # # #|",
             "+ + +-+D+",
             "|# #|. .",
             "+ + +",
             "|# #|. .",
             "+-+-+"], [(3, 0, E), (3, 1, S)]),
        2: (["+-+-+-+-+",
             "|# # # #|",
             "+ + + + +",
             "|# # # #|",
             "+-+-+ + +",
             " . .|# #|",
             "+ + + + +",
             " . .D# #|",
             "+ + +-+D+"], [(3, 3, S), (2, 3, W)]),
        3: (["+ + +-+-+",
             " . .|# #|",
             "+ + + + +",
             " . .|# #|",
             "+D+-+ + +",
             "|# # # #|",
             "+ + + + +",
             "D# # # #|",
             "+-+-+-+-+"], [(0, 3, W), (0, 2, N)]),
    },
    "Sewing Room": {  # rect5x2, doors T4;R2;B4
        0: (["+-+-+-+D+-+",
             "|# # # # #|",
             "+ + + + + +",
             "|# # # # #D",
             "+-+-+-+D+-+"], [(3, 0, N), (4, 1, E), (3, 1, S)]),
        1: (["+-+-+",
             "|# #|",
             "+ + +",
             "|# #|",
             "+ + +",
             "|# #|",
             "+ + +",
             "D# #D",
             "+ + +",
             "|# #|",
             "+D+-+"], [(1, 3, E), (0, 4, S), (0, 3, W)]),
        2: (["+-+D+-+-+-+",
             "D# # # # #|",
             "+ + + + + +",
             "|# # # # #|",
             "+-+D+-+-+-+"], [(1, 1, S), (0, 0, W), (1, 0, N)]),
        3: (["+-+D+",
             "|# #|",
             "+ + +",
             "D# #D",
             "+ + +",
             "|# #|",
             "+ + +",
             "|# #|",
             "+ + +",
             "|# #|",
             "+-+-+"], [(0, 1, W), (1, 0, N), (1, 1, E)]),
    },
    "Terrace Gardens": {  # oct7x4, doors R1;B1;B5;L1, fence on top (5 flat edges + 2 diagonals)
        0: (["+ +F+F+F+F+F+ +",
             " ◢ # # # # # ◣",
             "+ + + + + + + +",
             "D# # # # # # #D",
             "+ + + + + + + +",
             "|# # # # # # #|",
             "+ + + + + + + +",
             " ◥ # # # # # ◤",
             "+ +D+-+-+-+D+ +"], [(6, 1, E), (1, 3, S), (5, 3, S), (0, 1, W)]),
        1: (["+ +-+D+ +",
             " ◢ # # ◣",
             "+ + + + +",
             "D# # # #F",
             "+ + + + +",
             "|# # # #F",
             "+ + + + +",
             "|# # # #F",
             "+ + + + +",
             "|# # # #F",
             "+ + + + +",
             "D# # # #F",
             "+ + + + +",
             " ◥ # # ◤",
             "+ +-+D+ +"], [(2, 6, S), (0, 1, W), (0, 5, W), (2, 0, N)]),
        2: (["+ +D+-+-+-+D+ +",
             " ◢ # # # # # ◣",
             "+ + + + + + + +",
             "|# # # # # # #|",
             "+ + + + + + + +",
             "D# # # # # # #D",
             "+ + + + + + + +",
             " ◥ # # # # # ◤",
             "+ +F+F+F+F+F+ +"], [(0, 2, W), (5, 0, N), (1, 0, N), (6, 2, E)]),
        3: (["+ +D+-+ +",
             " ◢ # # ◣",
             "+ + + + +",
             "F# # # #D",
             "+ + + + +",
             "F# # # #|",
             "+ + + + +",
             "F# # # #|",
             "+ + + + +",
             "F# # # #|",
             "+ + + + +",
             "F# # # #D",
             "+ + + + +",
             " ◥ # # ◤",
             "+ +D+-+ +"], [(1, 0, N), (3, 5, E), (3, 1, E), (1, 6, S)]),
    },
    "Hunding's Hut": {  # circ5 (tangent walls), doors R1;B1;L1, fence at the top tangent point
        0: (["+ + +F+ + +",
             " ◢ # # # ◣",
             "+ + + + + +",
             " # # # # #",
             "+ + + + + +",
             "D# # # # #D",
             "+ + + + + +",
             " # # # # #",
             "+ + + + + +",
             " ◥ # # # ◤",
             "+ + +D+ + +"], [(4, 2, E), (2, 4, S), (0, 2, W)]),
        1: (["+ + +D+ + +",
             " ◢ # # # ◣",
             "+ + + + + +",
             " # # # # #",
             "+ + + + + +",
             "D# # # # #F",
             "+ + + + + +",
             " # # # # #",
             "+ + + + + +",
             " ◥ # # # ◤",
             "+ + +D+ + +"], [(2, 4, S), (0, 2, W), (2, 0, N)]),
        2: (["+ + +D+ + +",
             " ◢ # # # ◣",
             "+ + + + + +",
             " # # # # #",
             "+ + + + + +",
             "D# # # # #D",
             "+ + + + + +",
             " # # # # #",
             "+ + + + + +",
             " ◥ # # # ◤",
             "+ + +F+ + +"], [(0, 2, W), (2, 0, N), (4, 2, E)]),
        3: (["+ + +D+ + +",
             " ◢ # # # ◣",
             "+ + + + + +",
             " # # # # #",
             "+ + + + + +",
             "F# # # # #D",
             "+ + + + + +",
             " # # # # #",
             "+ + + + + +",
             " ◥ # # # ◤",
             "+ + +D+ + +"], [(2, 0, N), (4, 2, E), (2, 4, S)]),
    },
}
CASES = [(name, r) for name in DRAWINGS for r in range(4)]


@pytest.mark.parametrize("name,rot", CASES)
def test_rotations_match_hand_drawings(name, rot):
    lines, doors = DRAWINGS[name][rot]
    want = read_drawing(lines)
    tile = data.TILE_BY_NAME[name]
    s = int(data.TILE_SHAPE[tile])
    assert (int(g.SHAPE_W[s, rot]), int(g.SHAPE_H[s, rot])) == want["box"]
    p = g.place(tile, rot, 0, 0)
    assert p.full == want["full"] and p.half == want["half"]
    assert p.walls == want["walls"]
    assert {e for e, _ in p.doors} == want["doors"]
    assert p.fence == want["fence"]
    assert [tuple(int(v) for v in g.TILE_DOOR[tile, rot, k]) for k in range(len(doors))] == doors
    assert list(p.door_sides) == doors
    # the occupancy rows of the grid tables, at an offset whose rows straddle the two 64-bit words
    for x0, y0 in ((61, 40), (0, 0), (g.GRID_SIZE - want["box"][0], g.GRID_SIZE - want["box"][1])):
        full, half = g.placement_bits(s, rot, x0, y0)
        assert full == sum(1 << g.cell_id(x0 + x, y0 + y) for x, y in want["full"])
        assert half == sum(1 << g.cell_id(x0 + x, y0 + y) for x, y, _ in want["half"])


def test_fence_diagonals_of_the_octagon():
    tile = data.TILE_BY_NAME["Terrace Gardens"]
    expected = {0: {(0, 0, g.SE), (6, 0, g.SW)}, 1: {(3, 0, g.SW), (3, 6, g.NW)},
                2: {(6, 3, g.NW), (0, 3, g.NE)}, 3: {(0, 6, g.NE), (0, 0, g.SE)}}
    for rot, diagonals in expected.items():
        p = g.place(tile, rot, 0, 0)
        assert p.fence_diagonals == diagonals
        assert p.diagonals == p.half  # every octagon corner carries a diagonal wall
    hut = g.place(data.TILE_BY_NAME["Hunding's Hut"], 0, 0, 0)
    assert hut.diagonals == frozenset() and hut.fence_diagonals == frozenset()  # circle corners: no wall (R9)


# ---------------------------------------------------------------- rotation rule, for every shape and tile
def rotate_once(items, w, h, kind):
    if kind == "cell":
        return {g.rotate_cell(x, y, w, h, 1) for x, y in items}
    if kind == "edge":
        return {g.rotate_edge(x, y, d, w, h, 1) for x, y, d in items}
    return {(*g.rotate_cell(x, y, w, h, 1), g.rotate_half(hf, 1)) for x, y, hf in items}


def rows(table, s, r, n):
    return [tuple(int(v) for v in row) for row in table[s, r, :n]]


@pytest.mark.parametrize("s", range(data.N_SHAPES))
def test_each_quarter_turn_follows_the_rule(s):
    """§4.2: one clockwise turn maps (x, y) of a w x h box to (h-1-y, x), N->E->S->W, SE->SW->NW->NE;
    every table at rotation r + 1 is rotation r turned once, and four turns give the start (§10.1 item 9)."""
    for r in range(4):
        w, h = int(g.SHAPE_W[s, r]), int(g.SHAPE_H[s, r])
        r1 = (r + 1) % 4
        assert (int(g.SHAPE_W[s, r1]), int(g.SHAPE_H[s, r1])) == (h, w)
        for table, n, kind in ((g.SHAPE_FULL, g.SHAPE_N_FULL[s], "cell"), (g.SHAPE_HALF, g.SHAPE_N_HALF[s], "half"),
                               (g.SHAPE_WALL, g.SHAPE_N_WALL[s], "edge"), (g.SHAPE_FENCE, g.SHAPE_N_FENCE[s], "edge"),
                               (g.SHAPE_FENCE_DIAG, g.SHAPE_N_FENCE_DIAG[s], "half")):
            now, nxt = rows(table, s, r, n), rows(table, s, r1, n)
            assert len(set(now)) == len(now) == n  # area (and every list) preserved
            assert rotate_once(now, w, h, kind) == set(nxt)
            assert (table[s, r, n:] == -1).all()
        for side in range(4):
            n = g.SHAPE_N_SLOTS[s, side]
            # the slot keeps its printed name: slot (side, i) at r + 1 is slot (side, i) at r turned once
            assert [g.rotate_edge(*e, w, h, 1) for e in rows(g.SHAPE_SLOT[:, :, side], s, r, n)] == \
                rows(g.SHAPE_SLOT[:, :, side], s, r1, n)
    shape = data.SHAPES[s]
    for x, y in shape.full:
        assert g.rotate_cell(x, y, shape.w, shape.h, 4) == (x, y)
        for d in range(4):
            assert g.rotate_edge(x, y, d, shape.w, shape.h, 4) == (x, y, d)


@pytest.mark.parametrize("name", ["sq2", "circ3", "sq4", "circ5", "oct3x3"])
def test_square_boxes_turn_their_slot_lists_onto_the_next_side(name):
    """T (left to right) -> R (top to bottom) -> B (right to left) -> L (bottom to top) -> T: indices count
    left-to-right on T and B and top-to-bottom on L and R, so the R->B and L->T turns reverse the order."""
    s = data.SHAPE_INDEX[name]
    turned = [rows(g.SHAPE_SLOT[:, :, side], s, 1, g.SHAPE_N_SLOTS[s, side]) for side in range(4)]
    canonical = [rows(g.SHAPE_SLOT[:, :, side], s, 0, g.SHAPE_N_SLOTS[s, side]) for side in range(4)]
    assert turned[0] == canonical[1] and turned[2] == canonical[3]
    assert turned[1] == canonical[2][::-1] and turned[3] == canonical[0][::-1]


def test_full_cell_counts_section_10_1_item_8():
    counts = {name: (int(g.SHAPE_N_FULL[i]), int(g.SHAPE_N_HALF[i])) for i, name in enumerate(data.SHAPE_NAMES)}
    assert counts == {"sq2": (4, 0), "circ3": (9, 0), "rect4x2": (8, 0), "rect5x2": (10, 0), "l4x4": (12, 0),
                      "rect7x2": (14, 0), "sq4": (16, 0), "rect6x3": (18, 0), "circ5": (21, 4), "oct7x4": (24, 4),
                      "hall6x1": (6, 0), "stairs3x1": (3, 0), "oct3x3": (5, 4)}
    # boundary walls = the outline of the full cells, R9: no wall between a full cell and its own cut corner
    walls = {name: int(g.SHAPE_N_WALL[i]) for i, name in enumerate(data.SHAPE_NAMES)}
    assert walls == {"sq2": 8, "circ3": 4, "rect4x2": 12, "rect5x2": 14, "l4x4": 16, "rect7x2": 18, "sq4": 16,
                     "rect6x3": 18, "circ5": 4, "oct7x4": 14, "hall6x1": 14, "stairs3x1": 8, "oct3x3": 4}


def test_door_slots_section_10_1_item_7():
    """Every door is a wall edge on a full cell, no two doors share an edge, no outdoor door is on its fence."""
    for tile in data.TILES:
        for r in range(4):
            p = g.place(tile.index, r, 10, 10, UP if g.TILE_LEVELS[tile.index] & 1 else DOWN)
            edges = [e for e, _ in p.doors]
            assert len(set(edges)) == len(edges), tile.name
            assert set(edges) <= p.walls, tile.name
            assert all((x, y) in p.full for x, y, _ in p.door_sides), tile.name
            assert not set(edges) & p.fence, tile.name
            assert bool(p.fence) == (tile.type == data.OUTDOOR), tile.name
            assert p.fence <= p.walls


def test_door_levels_and_laying_levels():
    stairs = data.STAIRS  # CSV order "R1;L1": the dark lower end first
    assert list(g.TILE_DOOR_LEVEL[stairs, UP, :2]) == [DOWN, UP] and g.TILE_LEVELS[stairs] == 1
    assert set(g.TILE_DOOR_LEVEL[data.HALLWAY, UP, :14]) == {UP}
    assert set(g.TILE_DOOR_LEVEL[data.HALLWAY, DOWN, :14]) == {DOWN}
    assert g.TILE_LEVELS[data.HALLWAY] == 3 and g.TILE_LEVELS[data.FOYER] == 1
    for t in data.TILES[:75]:
        n = len(t.doors)
        expected = DOWN if t.type == data.DOWNSTAIRS else UP
        assert g.TILE_LEVELS[t.index] == (2 if expected == DOWN else 1)
        assert set(g.TILE_DOOR_LEVEL[t.index, expected, :n]) == {expected}
    with pytest.raises(ZoosimError, match="cannot be laid at level 1"):
        g.place(data.TILE_BY_NAME["Parlor"], 0, 0, 0, DOWN)


def test_distinct_rotations():
    distinct = {name: int(g.TILE_ROT_DISTINCT[data.TILE_BY_NAME[name]].sum()) for name in
                ("Parlor", "Lilac Cabinet", "Focus Room", "Great Hall", "Queen's Bedroom", "Stairs")}
    assert distinct == {"Parlor": 1, "Lilac Cabinet": 2, "Focus Room": 4, "Great Hall": 4, "Queen's Bedroom": 4,
                        "Stairs": 4}
    assert list(g.TILE_ROT_DISTINCT[data.HALLWAY]) == [1, 1, 0, 0]  # a hallway turned 180 degrees is itself
    assert all(g.TILE_ROT_DISTINCT[:, 0] == 1)


# ---------------------------------------------------------------- edges and the grid tables
def test_edge_ids():
    assert g.edge_id(5, 7, E) == g.edge_id(6, 7, W) and g.edge_id(5, 7, S) == g.edge_id(5, 8, N)
    ids = {g.edge_id(x, y, d, 6) for x in range(6) for y in range(6) for d in range(4)}
    assert len(ids) == 2 * 6 * 7 and max(ids) < 2 * 7 * 7  # 84 distinct unit edges in a 6 x 6 grid
    assert g.across(3, 3, N) == (3, 2) and g.across(3, 3, E) == (4, 3)
    for s in range(data.N_SHAPES):
        for r in range(4):
            for k in range(g.SHAPE_N_WALL[s]):
                dx, dy, d = (int(v) for v in g.SHAPE_WALL[s, r, k])
                assert g.GRID.wall_edge_delta[s, r, k] + g.edge_base(40, 70) == g.edge_id(40 + dx, 70 + dy, d)
    queen = data.TILE_BY_NAME["Queen's Bedroom"]
    assert g.GRID.door_edge_delta[queen, 1, 1] + g.edge_base(9, 9) == g.edge_id(12, 10, S)


def test_grid_tables_shapes():
    assert g.GRID.words == 4 and g.GRID.full_rows.dtype == np.uint64
    assert g.GRID.full_rows.shape == (13, 4, 256, g.MAX_BOX, 4)
    small = g.grid_tables(20)
    assert small.words == 1 and small.full_rows.shape == (13, 4, 20, g.MAX_BOX, 1)
    assert not small.full_rows[data.SHAPE_INDEX["rect7x2"], 0, 14].any()  # 14 + 7 > 20: does not fit, no row
    assert g.placement_bits(data.SHAPE_INDEX["sq2"], 0, 18, 3, small)[0] == sum(
        1 << (y * 20 + x) for x in (18, 19) for y in (3, 4))


def test_geometry_params():
    p = g.GeometryParams()
    assert (p.grid_size, p.foyer_xy, p.allow_half_cell_sharing) == (256, 126, True)
    assert p.mixed_level_door_contact == "illegal"
    assert g.GeometryParams(grid_size=64).foyer_xy == 30
    for bad, text in (({"grid_size": 4}, "grid_size 4 out of range"), ({"foyer_origin": 254}, "foyer_origin 254"),
                      ({"mixed_level_door_contact": "ok"}, "accepted: illegal, blocked")):
        with pytest.raises(ZoosimError, match=text) as info:
            g.GeometryParams(**bad)
        assert "\n" not in str(info.value)
    foyer = g.place_foyer()
    assert (foyer.x, foyer.y, foyer.rot) == (126, 126, 0) and g.in_grid(foyer)
    assert not g.in_grid(g.place(data.TILE_BY_NAME["Salon"], 0, 250, 0))
    assert g.in_grid(g.place(data.TILE_BY_NAME["Salon"], 0, 249, 254))


# ---------------------------------------------------------------- §10.1 item 15 and §4.3-4.4 relations
def test_circle_touches_only_at_its_tangent_points():
    circle, square = data.TILE_BY_NAME["Bertha's Room"], data.TILE_BY_NAME["Focus Room"]
    c = g.place(circle, 0, 10, 10)  # box x 10-12, y 10-12; tangent edges at the side mid-points
    off_tangent = g.place(square, 0, 13, 8)   # right of the box, rows 8-9: shares the side at (12, 10, E) only
    assert not g.claims_overlap(c, off_tangent) and not g.touching(c, off_tangent)
    on_tangent = g.place(square, 0, 13, 11)   # rows 11-12: covers the tangent edge (12, 11, E), a door of both
    assert g.touching(c, on_tangent) and g.connected_doors(c, on_tangent) == [(0, 3)]


def test_octagons_corner_to_corner():
    octagon = data.TILE_BY_NAME["Throne Room"]
    a = g.place(octagon, 0, 10, 10)            # SE corner half cell (16, 13, NW)
    b = g.place(octagon, 0, 16, 13)            # its NW corner (16, 13, SE): the opposite half of the same cell
    assert (16, 13, g.NW) in a.half and (16, 13, g.SE) in b.half
    assert not g.claims_overlap(a, b) and g.touching(a, b) and not g.connected_doors(a, b)
    assert g.claims_overlap(a, b, allow_half_cell_sharing=False)
    same_half = g.place(octagon, 0, 16, 10)    # (16, 10, SW) against a's (16, 10, SW): the same half
    assert g.claims_overlap(a, same_half)
    circle = g.place(data.TILE_BY_NAME["Theater"], 0, 16, 13)  # a big circle's corner: shares, never touches
    assert not g.claims_overlap(a, circle) and not g.touching(a, circle)


def test_door_facing_a_wall_is_blocked_and_fences():
    foyer = g.place_foyer()
    sewing = g.place(data.TILE_BY_NAME["Sewing Room"], 0, foyer.x + 1, foyer.y - 2)  # §10.2 A2 without the Parlor
    states = g.door_states([foyer, sewing])
    assert states[0][0] == (BLOCKED, -1)  # foyer T faces the Sewing Room's bottom wall
    assert g.touching(foyer, sewing) and not g.connected_doors(foyer, sewing)
    gardens = data.TILE_BY_NAME["Terrace Gardens"]
    under = g.place(data.TILE_BY_NAME["Salon"], 0, 20, 8)     # rows 8-9, x 20-26: its bottom wall on the fence
    fenced = g.place(gardens, 0, 20, 10)                      # fence (21-25, 10, N)
    assert g.fence_conflict(fenced, under) and g.fence_conflict(under, fenced)
    circle = g.place(data.TILE_BY_NAME["Parlor"], 0, 22, 7)   # bottom row 9, no wall but its tangent (23, 9, S)
    assert g.fence_conflict(fenced, circle)
    circle_off = g.place(data.TILE_BY_NAME["Parlor"], 0, 19, 7)  # covers x 19-21: its wall (20, 9, S) is no fence
    assert not g.claims_overlap(fenced, circle_off) and not g.fence_conflict(fenced, circle_off)
    corner = g.place(data.TILE_BY_NAME["Throne Room"], 0, 14, 7)  # its SE half (20, 10, NW) on the fence diagonal
    assert not g.claims_overlap(fenced, corner) and g.fence_conflict(fenced, corner)


def test_mixed_level_doors():
    foyer = g.place_foyer()
    o = foyer.x  # the foyer's box at (o, o)
    stairs = g.place(data.STAIRS, 0, o + 3, o + 1)  # L1 (up) on the foyer's R door
    assert g.connected_doors(foyer, stairs) == [(1, 1)] and not g.mixed_level_doors(foyer, stairs)
    turned = g.place(data.STAIRS, 2, o + 3, o + 1)  # turned round: the dark end R1 (DOWN) meets the foyer's UP door
    assert g.mixed_level_doors(foyer, turned) == [(1, 0)] and not g.connected_doors(foyer, turned)
    dark = g.place(data.HALLWAY, 0, o + 6, o + 1, DOWN)  # a dark hallway on the stairs' lower end (its L1 = door 13)
    assert g.connected_doors(stairs, dark) == [(0, 13)] and not g.claims_overlap(stairs, dark)


# ---------------------------------------------------------------- §10.2 worked examples A and B
ORIGIN = g.FOYER_ORIGIN  # the examples put the foyer's box at (0, 0)


def at(name, rot, x, y):
    return g.place(data.TILE_BY_NAME[name], rot, ORIGIN + x, ORIGIN + y)


def placement_points(new: g.Placed, old: list[g.Placed]) -> int:
    """§5 for the relations this layer knows (conn and touch rules; no downstairs here)."""
    def value(rule_of, kind, other):
        return int(data.TILE_RULE_VALUE[rule_of.tile, data.TILE_TYPE[other.tile]]) \
            if data.TILE_RULE_KIND[rule_of.tile] == kind else 0
    pts = int(data.TILE_BASE[new.tile])
    for b in old:
        if g.connected_doors(new, b):
            pts += value(new, data.RULE_CONN, b) + value(b, data.RULE_CONN, new)
        if g.touching(new, b):
            pts += value(new, data.RULE_TOUCH, b) + value(b, data.RULE_TOUCH, new)
    return pts


def complete(tiles, t):
    return all(state == CONNECTED for state, _ in g.door_states(tiles)[t])


def test_worked_examples_a_and_b():
    foyer = g.place_foyer()
    assert foyer.door_sides == ((ORIGIN + 1, ORIGIN, N), (ORIGIN + 2, ORIGIN + 1, E), (ORIGIN, ORIGIN + 1, W))
    parlor_left = 3  # Parlor "T1;R1;B1;L1"
    assert g.offset_joining(foyer.door_sides[1], data.TILE_BY_NAME["Parlor"], 0, parlor_left) == (ORIGIN + 3, ORIGIN)
    parlor = at("Parlor", 0, 3, 0)  # A1
    castle = [foyer, parlor]
    assert g.connected_doors(parlor, foyer) == [(parlor_left, 1)]
    assert g.door_states(castle)[1] == [(OPEN, -1), (OPEN, -1), (OPEN, -1), (CONNECTED, 0)]
    assert placement_points(parlor, [foyer]) == 4
    sewing = at("Sewing Room", 0, 1, -2)  # A2
    assert sewing.full == {(ORIGIN + x, ORIGIN + y) for x in range(1, 6) for y in (-2, -1)}
    assert sewing.door_sides == ((ORIGIN + 4, ORIGIN - 2, N), (ORIGIN + 5, ORIGIN - 1, E), (ORIGIN + 4, ORIGIN - 1, S))
    assert not any(g.claims_overlap(sewing, b) for b in castle)
    assert g.connected_doors(sewing, parlor) == [(2, 0)] and g.touching(sewing, parlor)
    assert g.touching(sewing, foyer) and not g.connected_doors(sewing, foyer)
    assert placement_points(sewing, castle) == 4  # 4 - 1 (touches living Parlor) + 1 (Parlor: connected activity)
    castle.append(sewing)
    states = g.door_states(castle)
    assert states[0] == [(BLOCKED, -1), (CONNECTED, 1), (OPEN, -1)]  # the foyer can never complete
    assert states[2] == [(OPEN, -1), (OPEN, -1), (CONNECTED, 1)]
    assert g.external_entrances(castle) == 5  # foyer L, Parlor R and B, Sewing T4 and R2
    cloak = at("Cloak Room", 2, 3, 3)  # B1: slot B1 becomes (1,0,N)
    assert cloak.door_sides == ((ORIGIN + 4, ORIGIN + 3, N),)
    assert not any(g.touching(cloak, b) for b in castle if b is not parlor)
    assert g.connected_doors(cloak, parlor) == [(0, 2)] and placement_points(cloak, castle) == 1
    castle.append(cloak)
    assert complete(castle, 3) and not complete(castle, 1)
    buttery = at("Buttery", 0, 6, 1)  # B2
    assert buttery.door_sides == ((ORIGIN + 7, ORIGIN + 2, E), (ORIGIN + 6, ORIGIN + 1, W))  # "R2;L1"
    assert g.connected_doors(buttery, parlor) == [(1, 1)]
    assert [g.touching(buttery, b) for b in castle] == [False, True, False, False]
    assert placement_points(buttery, castle) == 2
    castle.append(buttery)
    assert complete(castle, 1) and not complete(castle, 4)  # Parlor completes, the Buttery's R2 is open
    # living re-score of the Parlor (§5): base + its conn rule over connected rooms = 4 + 1 (Sewing Room)
    linked = [b for b in castle if b is not parlor and g.connected_doors(parlor, b)]
    assert {data.TILE_NAMES[b.tile] for b in linked} == {"Foyer (starting tile, one per player)", "Sewing Room",
                                                         "Cloak Room", "Buttery"}
    assert 4 + sum(int(data.TILE_RULE_VALUE[parlor.tile, data.TILE_TYPE[b.tile]]) for b in linked) == 5


# ---------------------------------------------------------------- §4.4 legality and candidates
def test_placement_rules_g1_to_g6():
    foyer = g.place_foyer()
    parlor = data.TILE_BY_NAME["Parlor"]
    assert g.placement_violation([foyer], at("Parlor", 0, 3, 0)) is None
    assert g.placement_violation([foyer], g.place(parlor, 0, g.GRID_SIZE - 2, 0)) == "G1"
    assert g.placement_violation([foyer], at("Parlor", 0, 2, 0)) == "G2"
    assert g.placement_violation([foyer], at("Parlor", 0, 3, 1)) == "G3"  # beside the foyer, no door shared
    turned = g.place(data.STAIRS, 2, ORIGIN + 3, ORIGIN + 1)  # its dark end on the foyer's R door
    assert g.placement_violation([foyer], turned) == "G3"
    # G4: a dark hallway joined to the stairs' lower end, with one of its doors on an upstairs door
    stairs = g.place(data.STAIRS, 0, ORIGIN + 3, ORIGIN + 1)   # L1 on the foyer's R door, dark end (5, 1, E)
    parlor_up = at("Parlor", 0, 7, -2)                          # its B door (8, 0, S) stays open
    dark = g.place(data.HALLWAY, 1, ORIGIN + 6, ORIGIN - 1, DOWN)  # column x 6, y -1..4: W door (6, 1, W) joins
    castle = [foyer, stairs, parlor_up]
    assert g.connected_doors(dark, stairs) and g.mixed_level_doors(dark, parlor_up)
    assert g.placement_violation(castle, dark) == "G4"
    assert g.placement_violation(castle, dark, g.GeometryParams(mixed_level_door_contact="blocked")) is None
    # G5: a Porch below the foyer, its B5 door joined to a Parlor's T door, its fence on the foyer's bottom wall
    below = at("Parlor", 0, 3, 5)                                  # T door (4, 5, N)
    porch = at("Porch", 0, 0, 3)                                   # x 0-4, y 3-4; fence (0..4, 3, N); B5 (4, 4, S)
    assert g.connected_doors(porch, below) == [(1, 0)]
    assert g.fence_conflict(porch, foyer) and g.placement_violation([foyer, below], porch) == "G5"
    assert g.placement_violation([foyer, below], at("Porch", 0, 4, 3)) is None  # B1 on the Parlor: fence free
    # G6: with the foyer's last open doors covered the castle has no entrance left
    assert g.placement_violation([foyer], at("Parlor", 0, 3, 0), g.GeometryParams(min_external_entrances=6)) == "G6"


def test_legal_placements_from_the_foyer():
    foyer = [g.place_foyer()]
    count = {name: len(g.legal_placements(foyer, data.TILE_BY_NAME[name])) for name in
             ("Cloak Room", "Parlor", "Knight Room", "Stairs", "Hallway (double-sided: upstairs or downstairs "
              "side chosen when placed)")}
    # one per foyer door; the Parlor's four rotations are one; downstairs needs a DOWN door; a light hallway has
    # 1 end-on plus 6 side-on placements per door; a dark hallway none
    assert list(count.values()) == [3, 3, 0, 3, 21]
    for r, x, y, lv in g.legal_placements(foyer, data.TILE_BY_NAME["Cloak Room"]):
        assert g.placement_violation(foyer, g.place(data.TILE_BY_NAME["Cloak Room"], r, x, y, lv)) is None
    assert (0, ORIGIN + 3, ORIGIN, UP) in g.legal_placements(foyer, data.TILE_BY_NAME["Parlor"])
    stairs = g.place(data.STAIRS, 0, ORIGIN + 3, ORIGIN + 1)
    dark = g.legal_placements([*foyer, stairs], data.HALLWAY)
    assert any(lv == DOWN for *_, lv in dark) and any(lv == UP for *_, lv in dark)
    assert len(g.legal_placements([*foyer, stairs], data.TILE_BY_NAME["Knight Room"])) > 0
