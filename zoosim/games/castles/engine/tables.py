"""Castles geometry as look-up tables, built once at import from the package's shape and room data: every shape in
every rotation (box, cell rows, half cells, walls, fences, as rows of edge bits), every tile's doors, and the ways a
tile's door meets an OPEN door. All relative to a placement's offset, so they hold for any grid size; engine.castle
reads them (and re-exports them for the modules that import the castle).
"""
from __future__ import annotations

import numpy as np

from zoosim.games.castles.components import data
from zoosim.games.castles.components import geometry as g

MAX_TILES = g.MAX_TILES
MAX_DOORS = data.MAX_DOORS
MAX_CASTLE_DOORS = MAX_TILES * MAX_DOORS
UP, DOWN = g.UP, g.DOWN

S, T = data.N_SHAPES, data.N_TILES
MAX_BOX = g.MAX_BOX


def _canonical(rows: np.ndarray) -> np.ndarray:
    """(dx, dy, d) of own cells -> canonical (cx, cy, o) relative to the offset (geometry.canonical_edge)."""
    out = np.full(rows.shape, -1, np.int64)
    for idx in np.ndindex(rows.shape[:-1]):
        dx, dy, d = (int(v) for v in rows[idx])
        if dx >= 0:
            out[idx] = g.canonical_edge(dx, dy, d)
    return out


def _row_patterns(cells: np.ndarray, counts) -> np.ndarray:
    """[S, R, MAX_BOX] int64: bit dx of row dy set for each cell (dx, dy) of the list."""
    out = np.zeros((S, 4, MAX_BOX), np.int64)
    for s in range(S):
        for r in range(4):
            for dx, dy in cells[s, r, :counts[s], :2]:
                out[s, r, dy] |= 1 << int(dx)
    return out


def _joins() -> tuple[np.ndarray, np.ndarray]:
    """[T, door level, direction] the ways a door of the tile meets an OPEN door of that level facing it:
    (level laid, rot, dx, dy of the door's own cell), distinct rotations only (reference.castle._joins)."""
    rows: dict[tuple[int, int, int], list[tuple[int, int, int, int]]] = {}
    for tile in range(T):
        for lv in (UP, DOWN):
            if not g.TILE_LEVELS[tile] >> lv & 1:
                continue
            for r in range(4):
                if not g.TILE_ROT_DISTINCT[tile, r]:
                    continue
                for k in range(int(data.TILE_N_DOORS[tile])):
                    dx, dy, d = (int(v) for v in g.TILE_DOOR[tile, r, k])
                    door_level = int(g.TILE_DOOR_LEVEL[tile, lv, k])
                    want = g.opposite(d)  # the open door this one meets faces the other way
                    rows.setdefault((tile, door_level, want), []).append((lv, r, dx, dy))
    most = max(len(v) for v in rows.values())
    table = np.full((T, 2, 4, most, 4), -1, np.int64)
    count = np.zeros((T, 2, 4), np.int64)
    for (tile, door_level, want), v in rows.items():
        table[tile, door_level, want, :len(v)] = v
        count[tile, door_level, want] = len(v)
    return table, count


SR_W = np.ascontiguousarray(g.SHAPE_W)
SR_H = np.ascontiguousarray(g.SHAPE_H)
ROW_FULL = _row_patterns(g.SHAPE_FULL, g.SHAPE_N_FULL)
ROW_HALF = _row_patterns(g.SHAPE_HALF, g.SHAPE_N_HALF)
ROW_ALL = ROW_FULL | ROW_HALF
SR_N_HALF = np.ascontiguousarray(g.SHAPE_N_HALF)


def _perimeter(s: int) -> int:
    """Edges between a cell of shape s (full or half) and a cell outside it: at most this many OPEN doors of the
    castle can face the footprint, since doors sit on full cells and G2 keeps full cells out of any footprint."""
    cells = {(dx, dy) for dy in range(MAX_BOX) for dx in range(MAX_BOX) if ROW_ALL[s, 0, dy] >> dx & 1}
    return sum((x + dx, y + dy) not in cells for x, y in cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))


SR_PERIMETER = np.array([_perimeter(s) for s in range(S)], np.int64)
SR_HALF = np.ascontiguousarray(g.SHAPE_HALF)                 # [S, R, 4, 3] (dx, dy, half)
SR_HALF_FENCE = np.zeros((S, 4, g.MAX_HALF), np.int64)      # 1 if that half cell's diagonal is fence
for _s in range(S):
    for _r in range(4):
        for _j in range(int(g.SHAPE_N_HALF[_s])):
            for _f in range(int(g.SHAPE_N_FENCE_DIAG[_s])):
                if (g.SHAPE_HALF[_s, _r, _j] == g.SHAPE_FENCE_DIAG[_s, _r, _f]).all():
                    SR_HALF_FENCE[_s, _r, _j] = 1
SR_DIAGONAL = np.ascontiguousarray(g.SHAPE_DIAGONAL_WALL)
SR_N_WALL = np.ascontiguousarray(g.SHAPE_N_WALL)
SR_WALL = _canonical(g.SHAPE_WALL)                         # [S, R, MAX_WALL, 3] canonical (cx, cy, o)
SR_WALL_AT = np.zeros((S, 4, MAX_BOX + 1, MAX_BOX + 1), np.int64)   # bit o set: (cx, cy, o) is one of the walls
for _s in range(S):
    for _r in range(4):
        for _j in range(int(SR_N_WALL[_s])):
            _cx, _cy, _o = SR_WALL[_s, _r, _j]
            SR_WALL_AT[_s, _r, _cy, _cx] |= 1 << _o
SR_N_FENCE = np.ascontiguousarray(g.SHAPE_N_FENCE)
SR_FENCE = _canonical(g.SHAPE_FENCE)
SR_N_FENCE_DIAG = np.ascontiguousarray(g.SHAPE_N_FENCE_DIAG)
TL_SHAPE = np.ascontiguousarray(data.TILE_SHAPE)
TL_N_DOORS = np.ascontiguousarray(data.TILE_N_DOORS)
TL_DOOR_SIDE = np.ascontiguousarray(g.TILE_DOOR)            # [T, R, 14, 3] (dx, dy, d) of an own cell
TL_DOOR_EDGE = _canonical(g.TILE_DOOR)                      # [T, R, 14, 3] canonical (cx, cy, o)
TL_DOOR_LEVEL = np.ascontiguousarray(g.TILE_DOOR_LEVEL)     # [T, level laid, 14]
TL_HAS_FENCE = np.ascontiguousarray(data.TILE_HAS_FENCE)
TL_TYPE = np.ascontiguousarray(data.TILE_TYPE)
TL_IS_PIECE = np.ascontiguousarray(data.TILE_IS_PIECE)
TL_BASE = np.ascontiguousarray(data.TILE_BASE)
TL_RULE_KIND = np.ascontiguousarray(data.TILE_RULE_KIND)
TL_RULE_VALUE = np.ascontiguousarray(data.TILE_RULE_VALUE)
JOIN, N_JOIN = _joins()


def _edge_rows(edges: np.ndarray, n: int) -> np.ndarray:
    """[MAX_BOX + 1] int64: bit 2 cx + o of row cy set for each canonical edge (cx, cy, o) of the first n, so that a
    row of a placement's edges is tested against an edge bitboard in one masked word (`_edge_row`)."""
    out = np.zeros(MAX_BOX + 1, np.int64)
    for cx, cy, o in edges[:n]:
        out[cy] |= 1 << (2 * int(cx) + int(o))
    return out


SR_WALL_ROW = np.array([[_edge_rows(SR_WALL[s, r], SR_N_WALL[s]) for r in range(4)] for s in range(S)])
SR_FENCE_ROW = np.array([[_edge_rows(SR_FENCE[s, r], SR_N_FENCE[s]) for r in range(4)] for s in range(S)])


def _side_rows(s: int, r: int) -> np.ndarray:
    """The four sides of every cell shape s claims at rotation r (full or half) as _edge_rows: an OPEN door of the
    castle on one of them faces the footprint (doors sit on full cells, so never on the footprint's own side)."""
    sides = [g.canonical_edge(dx, dy, d) for dy in range(MAX_BOX) for dx in range(MAX_BOX)
             if ROW_ALL[s, r, dy] >> dx & 1 for d in range(4)]
    return _edge_rows(np.array(sorted(set(sides)), np.int64), len(set(sides)))


SR_SIDE_ROW = np.array([[_side_rows(s, r) for r in range(4)] for s in range(S)])
TL_HAS_DOWN_DOOR = np.array([[int((g.TILE_DOOR_LEVEL[t, lv, :int(TL_N_DOORS[t])] == DOWN).any()) for lv in (0, 1)]
                             for t in range(T)], np.int64)   # [tile, level laid]
TL_DOOR_ROW = np.zeros((T, 4, 2, 2, MAX_BOX + 1), np.int64)   # [tile, rot, level laid, door level, row]
for _t in range(T):
    for _r in range(4):
        for _lv in (UP, DOWN):
            for _k in range(int(TL_N_DOORS[_t])):
                _cx, _cy, _o = TL_DOOR_EDGE[_t, _r, _k]
                TL_DOOR_ROW[_t, _r, _lv, TL_DOOR_LEVEL[_t, _lv, _k], _cy] |= 1 << (2 * int(_cx) + int(_o))
MAX_CANDIDATES = MAX_CASTLE_DOORS * JOIN.shape[3]
"""Length of the scratch key buffer of `legal_placements` (every open door times the most joins it can take)."""
DIR_DX = np.ascontiguousarray(g.DIR_DX)
DIR_DY = np.ascontiguousarray(g.DIR_DY)
FOYER = data.FOYER
RULE_CONN, RULE_TOUCH, RULE_CASTLE = data.RULE_CONN, data.RULE_TOUCH, data.RULE_CASTLE
