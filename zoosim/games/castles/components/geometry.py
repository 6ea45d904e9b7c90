"""The castle's exact 5 ft grid (spec §4): every footprint, rotation, doorway, wall and fence as tables built once.

Frame (spec §4.2). Cell (x, y), x to the right, y downward; a castle grid is `grid_size` cells a side and the
foyer's bounding box starts at `foyer_origin`. A unit edge is (x, y, d): side d of cell (x, y), d = 0 N, 1 E,
2 S, 3 W (`DIRECTIONS`); (x, y, E) is the same edge as (x + 1, y, W) and (x, y, S) as (x, y + 1, N).
`canonical_edge` writes every edge as the N (o = 0) or W (o = 1) side of a cell; `edge_id` numbers them
(y * (grid_size + 1) + x) * 2 + o, so every edge of a cell of the grid has an id below 2 (grid_size + 1)^2.
A half cell is (x, y, half): the corner triangle of the cell the tile covers, half = 0 SE, 1 SW, 2 NW, 3 NE.
Two halves share a cell only when opposite (half + 2); in quarters (`HALF_QUARTERS`: the N, E, S, W
triangles around the centre) that is: claims overlap iff their quarter bits meet.

Rotation (spec §4.2): r = 0-3 quarter turns clockwise, never mirrored; one turn maps cell (x, y) of a w x h box
to (h - 1 - y, x) of an h x w box, d to d + 1, half to half + 1. A placement is (rotation, offset, level): the
rotated footprint's bounding box has its top-left cell at the offset.

Tables (numpy int64 unless noted; S = N_SHAPES = 13 shapes, R = 4 rotations, T = data.N_TILES = 78 tiles;
"edge" entries are (dx, dy, d) of an own cell relative to the offset, "half" entries (dx, dy, half);
lists are padded with -1 behind their count):
    SHAPE_W, SHAPE_H [S, R]                     the rotated box
    SHAPE_N_FULL [S], SHAPE_FULL [S, R, 24, 2]  full cells
    SHAPE_N_HALF [S], SHAPE_HALF [S, R, 4, 3]   half cells
    SHAPE_N_WALL [S], SHAPE_WALL [S, R, 18, 3]  straight wall edges (boundary rule, or the 4 tangent edges)
    SHAPE_DIAGONAL_WALL [S]                     1 if its half cells carry a diagonal wall (octagon, foyer)
    SHAPE_N_SLOTS [S, 4], SHAPE_SLOT [S, R, 4, 7, 3]   door slot (side T R B L as printed, index) -> edge
    SHAPE_N_FENCE [S], SHAPE_FENCE [S, R, 6, 3]; SHAPE_N_FENCE_DIAG [S], SHAPE_FENCE_DIAG [S, R, 2, 3]
    TILE_DOOR [T, R, 14, 3]                     the tile's doors (data.TILE_DOOR_SLOT order) as edges
    TILE_DOOR_LEVEL [T, 2, 14]                  each door's level (0 UP, 1 DOWN) when the tile is laid at level 0/1
    TILE_LEVELS [T]                             the levels the tile may be laid at, bit 0 UP, bit 1 DOWN
    TILE_ROT_DISTINCT [T, R]                    1 if rotation r is the first of those giving the same placement
    TILE_HAS_FENCE [T]                          1 if the tile's fence tables apply (outdoor rooms)
and per grid size (`grid_tables`, built for the default as `GRID`): occupancy row masks in uint64 words,
full_rows / half_rows [S, R, grid_size (x offset), 7 (row dy), words], bit (x0 + dx) % 64 of word
(x0 + dx) // 64 set for each full / half cell (x0 + dx, y0 + dy): a castle's bitboard is [grid_size, words]
(rows x words), so a placement at (x0, y0) ORs row dy into board row y0 + dy. Rows of an offset where the
box does not fit (x0 + w > grid_size) are 0: test G1 with `in_grid` first. Also the edge-id deltas of
walls, doors and fences: edge_id(x0 + dx, y0 + dy, d) = edge_base(x0, y0) + delta.

The plain functions (`place`, `claims_overlap`, `touching`, `connected_doors`, `door_states`,
`placement_violation`, `legal_placements`, ...) work on `Placed` tiles and are the readable statement of spec
§4.3-4.4 for the reference and the tests; the engine will do the same with the tables.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from zoosim.errors import ZoosimError
from zoosim.games.castles.components import data

# ---------------------------------------------------------------- parameters (future Rules fields)
GRID_SIZE = 256
"""`grid_size` (spec §4.2, §4.6): cells per side of a castle's grid; an engineering bound, not a rule. The spec's
128 leaves 62 cells of reach, and heuristic's castles sometimes ran a straight chain off it (grid_refusals about 1 in
2,500 seat-games); the spec says to raise it then, so the default is 256 (126 cells of reach)."""
FOYER_ORIGIN = (GRID_SIZE - 3) // 2
"""`foyer_origin` (spec §4.2): x = y of the foyer's box, (126, 126) at 256 cells: the grid's centre. Reading: for
another `grid_size` the foyer stays centred, (grid_size - 3) // 2."""
ALLOW_HALF_CELL_SHARING = True
"""`allow_half_cell_sharing` (spec §4.6): two opposite half cells (octagon / foyer / big-circle corners) may share
a cell; False makes every half cell claim its whole cell."""
MIXED_LEVEL_DOOR_CONTACTS = ("illegal", "blocked")
MIXED_LEVEL_DOOR_CONTACT = "illegal"
"""`mixed_level_door_contact` (spec §4.4 G4, §4.6): a door on the same edge as a door of the other level makes the
placement illegal; "blocked" allows it and both doors are BLOCKED."""
MIN_EXTERNAL_ENTRANCES = 1
"""`min_external_entrances` (spec §4.4 G6): OPEN doors at level UP the castle keeps after every placement."""
MAX_TILES = 64  # tiles per castle (spec §4.5)


@dataclass(frozen=True)
class GeometryParams:
    """The geometry readings of the spec that a Rules dataclass will carry, with the spec's defaults."""

    grid_size: int = GRID_SIZE
    foyer_origin: int | None = None  # None: centred, (grid_size - 3) // 2
    allow_half_cell_sharing: bool = ALLOW_HALF_CELL_SHARING
    mixed_level_door_contact: str = MIXED_LEVEL_DOOR_CONTACT
    min_external_entrances: int = MIN_EXTERNAL_ENTRANCES

    def __post_init__(self) -> None:
        if not 8 <= self.grid_size <= 1024:
            raise ZoosimError(f"grid_size {self.grid_size} out of range (accepted: 8-1024)")
        if self.foyer_origin is not None and not 0 <= self.foyer_origin <= self.grid_size - 3:
            raise ZoosimError(f"foyer_origin {self.foyer_origin} leaves the grid (accepted: 0-{self.grid_size - 3})")
        if self.mixed_level_door_contact not in MIXED_LEVEL_DOOR_CONTACTS:
            raise ZoosimError(f"mixed_level_door_contact {self.mixed_level_door_contact!r} unknown "
                              f"(accepted: {', '.join(MIXED_LEVEL_DOOR_CONTACTS)})")
        if self.min_external_entrances < 0:
            raise ZoosimError(f"min_external_entrances {self.min_external_entrances} is negative (accepted: 0 or more)")

    @property
    def foyer_xy(self) -> int:
        return (self.grid_size - 3) // 2 if self.foyer_origin is None else self.foyer_origin


# ---------------------------------------------------------------- directions, halves, rotation
N, E, S, W = range(4)
DIRECTIONS = data.DIRECTIONS
DIR_DX = np.array([0, 1, 0, -1], np.int64)
DIR_DY = np.array([-1, 0, 1, 0], np.int64)
SE, SW, NW, NE = range(4)
HALVES = data.HALVES
HALF_QUARTERS = np.array([0b0110, 0b1100, 0b1001, 0b0011], np.int64)  # bits N=1 E=2 S=4 W=8 of each half
FULL_QUARTERS = 0b1111
UP, DOWN = data.LEVEL_UP, data.LEVEL_DOWN
OPEN, CONNECTED, BLOCKED = range(3)  # door states (spec §4.3)
N_ROTATIONS = 4


def opposite(d: int) -> int:
    return (d + 2) % 4


def rotated_box(w: int, h: int, r: int) -> tuple[int, int]:
    """The w x h box after r quarter turns."""
    return (h, w) if r % 2 else (w, h)


def rotate_cell(x: int, y: int, w: int, h: int, r: int) -> tuple[int, int]:
    """Cell (x, y) of a w x h box after r clockwise quarter turns: (x, y) -> (h - 1 - y, x) each turn."""
    for _ in range(r % 4):
        x, y, w, h = h - 1 - y, x, h, w
    return x, y


def rotate_edge(x: int, y: int, d: int, w: int, h: int, r: int) -> tuple[int, int, int]:
    """Edge (x, y, d) of an own cell of a w x h box after r quarter turns: the cell turns, d -> d + r."""
    rx, ry = rotate_cell(x, y, w, h, r)
    return rx, ry, (d + r) % 4


def rotate_half(half: int, r: int) -> int:
    """SE -> SW -> NW -> NE -> SE, one step per clockwise quarter turn."""
    return (half + r) % 4


def canonical_edge(x: int, y: int, d: int) -> tuple[int, int, int]:
    """(x, y, o): the edge as the N side (o = 0) or the W side (o = 1) of a cell."""
    if d == S:
        return x, y + 1, 0
    if d == E:
        return x + 1, y, 1
    return x, y, 0 if d == N else 1


def edge_id(x: int, y: int, d: int, grid_size: int = GRID_SIZE) -> int:
    cx, cy, o = canonical_edge(x, y, d)
    return (cy * (grid_size + 1) + cx) * 2 + o


def edge_base(x0: int, y0: int, grid_size: int = GRID_SIZE) -> int:
    """Add a table's edge delta to this to get the edge id of a placement at (x0, y0)."""
    return (y0 * (grid_size + 1) + x0) * 2


def cell_id(x: int, y: int, grid_size: int = GRID_SIZE) -> int:
    return y * grid_size + x


def across(x: int, y: int, d: int) -> tuple[int, int]:
    """The cell on the other side of edge (x, y, d)."""
    return x + int(DIR_DX[d]), y + int(DIR_DY[d])


# ---------------------------------------------------------------- per-shape geometry in canonical orientation
def _walls(shape: data.Shape) -> list[tuple[int, int, int]]:
    """Straight wall edges: 'boundary' = every side of a full cell not facing an own (full or half) cell (R9);
    'tangent' = the slot edges only (a circle meets its box at the side mid-points)."""
    if shape.wall == "tangent":
        return [e for side in shape.slots for e in side]
    own = set(shape.full) | {(x, y) for x, y, _ in shape.half}
    return [(x, y, d) for x, y in shape.full for d in range(4) if across(x, y, d) not in own]


def _rotated(shape: data.Shape, r: int) -> dict[str, list]:
    """Everything of a shape after r turns, as lists of cells / edges / halves in the rotated box."""
    w, h = shape.w, shape.h

    def edges(items):
        return [rotate_edge(x, y, d, w, h, r) for x, y, d in items]

    def halves(items):
        return [(*rotate_cell(x, y, w, h, r), rotate_half(hf, r)) for x, y, hf in items]

    half_of = {(x, y): hf for x, y, hf in shape.half}
    return {
        "full": sorted((rotate_cell(x, y, w, h, r) for x, y in shape.full), key=lambda c: (c[1], c[0])),
        "half": halves(shape.half),
        "wall": edges(_walls(shape)),
        "slots": [edges(side) for side in shape.slots],
        "fence": edges(shape.fence),
        "fence_diag": halves([(x, y, half_of[(x, y)]) for x, y in shape.fence_diagonals]),
    }


MAX_FULL = max(len(s.full) for s in data.SHAPES)
MAX_HALF = 4
MAX_WALL = max(len(_walls(s)) for s in data.SHAPES)
MAX_SLOTS = max(len(side) for s in data.SHAPES for side in s.slots)
MAX_FENCE = max(max(len(s.fence) for s in data.SHAPES), 1)
MAX_FENCE_DIAG = 2
MAX_BOX = max(max(s.w, s.h) for s in data.SHAPES)
MAX_DOORS = data.MAX_DOORS


def _pad(rows: list, shape: tuple[int, ...]) -> np.ndarray:
    out = np.full(shape, -1, np.int64)
    if rows:
        out[:len(rows)] = rows
    return out


def _shape_tables() -> dict[str, np.ndarray]:
    S = data.N_SHAPES
    t = {"w": np.zeros((S, 4), np.int64), "h": np.zeros((S, 4), np.int64),
         "full": np.full((S, 4, MAX_FULL, 2), -1, np.int64), "half": np.full((S, 4, MAX_HALF, 3), -1, np.int64),
         "wall": np.full((S, 4, MAX_WALL, 3), -1, np.int64), "slot": np.full((S, 4, 4, MAX_SLOTS, 3), -1, np.int64),
         "fence": np.full((S, 4, MAX_FENCE, 3), -1, np.int64),
         "fence_diag": np.full((S, 4, MAX_FENCE_DIAG, 3), -1, np.int64)}
    for s in data.SHAPES:
        for r in range(4):
            g = _rotated(s, r)
            t["w"][s.index, r], t["h"][s.index, r] = rotated_box(s.w, s.h, r)
            t["full"][s.index, r] = _pad(g["full"], (MAX_FULL, 2))
            t["half"][s.index, r] = _pad(g["half"], (MAX_HALF, 3))
            t["wall"][s.index, r] = _pad(g["wall"], (MAX_WALL, 3))
            for side in range(4):
                t["slot"][s.index, r, side] = _pad(g["slots"][side], (MAX_SLOTS, 3))
            t["fence"][s.index, r] = _pad(g["fence"], (MAX_FENCE, 3))
            t["fence_diag"][s.index, r] = _pad(g["fence_diag"], (MAX_FENCE_DIAG, 3))
    t["n_full"] = np.array([len(s.full) for s in data.SHAPES], np.int64)
    t["n_half"] = np.array([len(s.half) for s in data.SHAPES], np.int64)
    t["n_wall"] = np.array([len(_walls(s)) for s in data.SHAPES], np.int64)
    t["n_slots"] = np.array([[len(side) for side in s.slots] for s in data.SHAPES], np.int64)
    t["n_fence"] = np.array([len(s.fence) for s in data.SHAPES], np.int64)
    t["n_fence_diag"] = np.array([len(s.fence_diagonals) for s in data.SHAPES], np.int64)
    # reading of §4.2 "Octagon/foyer half cells carry a diagonal wall": the boundary-walled shapes with half
    # cells; a big circle's corner half has no wall (R9)
    t["diagonal_wall"] = np.array([s.wall == "boundary" and bool(s.half) for s in data.SHAPES], np.int64)
    for a in t.values():
        a.setflags(write=False)
    return t


_S = _shape_tables()
SHAPE_W, SHAPE_H = _S["w"], _S["h"]
SHAPE_N_FULL, SHAPE_FULL = _S["n_full"], _S["full"]
SHAPE_N_HALF, SHAPE_HALF = _S["n_half"], _S["half"]
SHAPE_N_WALL, SHAPE_WALL = _S["n_wall"], _S["wall"]
SHAPE_DIAGONAL_WALL = _S["diagonal_wall"]
SHAPE_N_SLOTS, SHAPE_SLOT = _S["n_slots"], _S["slot"]
SHAPE_N_FENCE, SHAPE_FENCE = _S["n_fence"], _S["fence"]
SHAPE_N_FENCE_DIAG, SHAPE_FENCE_DIAG = _S["n_fence_diag"], _S["fence_diag"]


# ---------------------------------------------------------------- per-tile doors, levels, fences
_LEVEL_NAMES = ("up", "down")


def _tile_door_levels(tile: data.Tile) -> tuple[int, list[list[int]]]:
    """(allowed levels bitmask, door levels when laid UP / DOWN) from the tile's level column (spec §4.2)."""
    n = len(tile.doors)
    kind = data.LEVEL_KINDS[tile.level]
    if kind == "up":
        return 1, [[UP] * n, [UP] * n]
    if kind == "down":  # downstairs rooms are laid at level DOWN only
        return 2, [[DOWN] * n, [DOWN] * n]
    if kind == "up_or_down":  # the hallway: its doors take the level of the face shown
        return 3, [[UP] * n, [DOWN] * n]
    # stairs: laid as one piece (level UP by convention), each end keeps its own level from shapes.toml
    piece = next(p for p in data.PIECES.values() if data.SHAPE_INDEX[p.shape] == tile.shape)
    by_slot = dict(piece.door_level)
    levels = [_LEVEL_NAMES.index(by_slot[f"{data.SIDES[side]}{i + 1}"]) for side, i in tile.doors]
    return 1, [levels, levels]


def _tile_tables() -> dict[str, np.ndarray]:
    T = data.N_TILES
    door = np.full((T, 4, MAX_DOORS, 3), -1, np.int64)
    level = np.full((T, 2, MAX_DOORS), -1, np.int64)
    allowed = np.zeros(T, np.int64)
    for tile in data.TILES:
        for r in range(4):
            for k, (side, i) in enumerate(tile.doors):
                door[tile.index, r, k] = SHAPE_SLOT[tile.shape, r, side, i]
        allowed[tile.index], levels = _tile_door_levels(tile)
        for lv in range(2):
            level[tile.index, lv, :len(tile.doors)] = levels[lv]
    t = {"door": door, "level": level, "allowed": allowed}
    for a in t.values():
        a.setflags(write=False)
    return t


_T = _tile_tables()
TILE_DOOR = _T["door"]
TILE_DOOR_LEVEL = _T["level"]
TILE_LEVELS = _T["allowed"]
TILE_HAS_FENCE = data.TILE_HAS_FENCE


# ---------------------------------------------------------------- a placed tile, for the reference and tests
Edge = tuple[int, int, int]   # canonical (x, y, o)
Half = tuple[int, int, int]   # (x, y, half)


@dataclass(frozen=True)
class Placed:
    """A tile laid on the grid: its claims, walls, doors and fence in world coordinates (canonical edges)."""

    tile: int
    rot: int
    x: int
    y: int
    level: int
    full: frozenset[tuple[int, int]]
    half: frozenset[Half]
    walls: frozenset[Edge]                 # straight walls, doors included
    diagonals: frozenset[Half]             # half cells whose diagonal is a wall
    doors: tuple[tuple[Edge, int], ...]    # (edge, level) per door, in data.TILE_DOOR_SLOT order
    door_sides: tuple[tuple[int, int, int], ...]  # the same doors as (x, y, d) of an own cell
    fence: frozenset[Edge]
    fence_diagonals: frozenset[Half]

    @property
    def cells(self) -> frozenset[tuple[int, int]]:
        """Every claimed cell, full or half."""
        return self.full | {(x, y) for x, y, _ in self.half}


def place(tile: int, rot: int, x: int, y: int, level: int = UP) -> Placed:
    """Tile `tile` at rotation `rot` with its rotated box's top-left cell at (x, y), laid at `level`."""
    if not TILE_LEVELS[tile] >> level & 1:
        raise ZoosimError(f"{data.TILE_NAMES[tile]} cannot be laid at level {level} "
                          f"(accepted levels bitmask {int(TILE_LEVELS[tile])})")
    s, r = int(data.TILE_SHAPE[tile]), rot % 4

    def rows(table, n):
        return [tuple(int(v) for v in row) for row in table[s, r, :n]]

    full = frozenset((x + dx, y + dy) for dx, dy in rows(SHAPE_FULL, SHAPE_N_FULL[s]))
    half = frozenset((x + dx, y + dy, hf) for dx, dy, hf in rows(SHAPE_HALF, SHAPE_N_HALF[s]))
    walls = frozenset(canonical_edge(x + dx, y + dy, d) for dx, dy, d in rows(SHAPE_WALL, SHAPE_N_WALL[s]))
    sides = tuple((x + dx, y + dy, d) for dx, dy, d in
                  (tuple(int(v) for v in TILE_DOOR[tile, r, k]) for k in range(data.TILE_N_DOORS[tile])))
    doors = tuple((canonical_edge(*e), int(TILE_DOOR_LEVEL[tile, level, k])) for k, e in enumerate(sides))
    fenced = bool(TILE_HAS_FENCE[tile])
    fence = frozenset(canonical_edge(x + dx, y + dy, d) for dx, dy, d in rows(SHAPE_FENCE, SHAPE_N_FENCE[s])
                      ) if fenced else frozenset()
    fence_diag = frozenset((x + dx, y + dy, hf) for dx, dy, hf in rows(SHAPE_FENCE_DIAG, SHAPE_N_FENCE_DIAG[s])
                           ) if fenced else frozenset()
    return Placed(tile, r, x, y, level, full, half, walls, half if SHAPE_DIAGONAL_WALL[s] else frozenset(),
                  doors, sides, fence, fence_diag)


def place_foyer(params: GeometryParams = GeometryParams()) -> Placed:
    """The starting tile: the foyer at rotation 0 (bottom side wall) with its box at the foyer origin."""
    return place(data.FOYER, 0, params.foyer_xy, params.foyer_xy)


def in_grid(p: Placed, grid_size: int = GRID_SIZE) -> bool:
    """G1: every claimed cell lies on the grid."""
    return all(0 <= cx < grid_size and 0 <= cy < grid_size for cx, cy in p.cells)


def quarters(p: Placed, allow_half_cell_sharing: bool = ALLOW_HALF_CELL_SHARING) -> dict[tuple[int, int], int]:
    """Cell -> the quarters it claims (a half claims its whole cell when sharing is off)."""
    q = {c: FULL_QUARTERS for c in p.full}
    for cx, cy, hf in p.half:
        q[(cx, cy)] = int(HALF_QUARTERS[hf]) if allow_half_cell_sharing else FULL_QUARTERS
    return q


def claims_overlap(a: Placed, b: Placed, allow_half_cell_sharing: bool = ALLOW_HALF_CELL_SHARING) -> bool:
    """G2 between two tiles: some cell is claimed by both, unless as two opposite halves."""
    qa, qb = quarters(a, allow_half_cell_sharing), quarters(b, allow_half_cell_sharing)
    return any(qa[c] & qb[c] for c in qa.keys() & qb.keys())


def touching(a: Placed, b: Placed) -> bool:
    """§4.3: a shared wall edge, or a cell where both tiles' diagonal walls coincide (opposite octagon corners)."""
    if a.walls & b.walls:
        return True
    return any((cx, cy, (hf + 2) % 4) in b.diagonals for cx, cy, hf in a.diagonals)


def connected_doors(a: Placed, b: Placed) -> list[tuple[int, int]]:
    """(door of a, door of b) pairs on one edge at one level: the CONNECTED pairs of §4.3."""
    return [(i, j) for i, (ea, la) in enumerate(a.doors) for j, (eb, lb) in enumerate(b.doors)
            if ea == eb and la == lb]


def mixed_level_doors(a: Placed, b: Placed) -> list[tuple[int, int]]:
    """(door of a, door of b) pairs on one edge at different levels: G4."""
    return [(i, j) for i, (ea, la) in enumerate(a.doors) for j, (eb, lb) in enumerate(b.doors)
            if ea == eb and la != lb]


def fence_conflict(a: Placed, b: Placed) -> bool:
    """G5 (R8): a fence edge of one is a wall edge of the other, or a fence diagonal meets the other's diagonal."""
    if a.fence & b.walls or b.fence & a.walls:
        return True
    return any((cx, cy, (hf + 2) % 4) in b.diagonals for cx, cy, hf in a.fence_diagonals) or \
        any((cx, cy, (hf + 2) % 4) in a.diagonals for cx, cy, hf in b.fence_diagonals)


@dataclass(frozen=True)
class Relation:
    """How two placed tiles stand to each other (spec §4.3, §4.4)."""

    overlap: bool
    touching: bool
    connected: tuple[tuple[int, int], ...]
    mixed_level: tuple[tuple[int, int], ...]
    fence_conflict: bool


def relation(a: Placed, b: Placed, params: GeometryParams = GeometryParams()) -> Relation:
    return Relation(claims_overlap(a, b, params.allow_half_cell_sharing), touching(a, b),
                    tuple(connected_doors(a, b)), tuple(mixed_level_doors(a, b)), fence_conflict(a, b))


def door_states(tiles: Sequence[Placed]) -> list[list[tuple[int, int]]]:
    """(state, partner tile or -1) of every door of every tile (§4.3): CONNECTED to a same-level door on the
    same edge, else BLOCKED if the cell across is claimed (full or half) by any tile, else OPEN."""
    owner: dict[tuple[int, int], int] = {}
    for t, p in enumerate(tiles):
        for c in p.cells:
            owner.setdefault(c, t)
    doors_at: dict[tuple[Edge, int], list[int]] = {}
    for t, p in enumerate(tiles):
        for edge, level in p.doors:
            doors_at.setdefault((edge, level), []).append(t)
    out = []
    for t, p in enumerate(tiles):
        states = []
        for (edge, level), side in zip(p.doors, p.door_sides):
            partners = [b for b in doors_at[(edge, level)] if b != t]
            if partners:
                states.append((CONNECTED, partners[0]))
            elif across(*side) in owner:
                states.append((BLOCKED, -1))
            else:
                states.append((OPEN, -1))
        out.append(states)
    return out


def external_entrances(tiles: Sequence[Placed]) -> int:
    """G6 / R7: the OPEN doors at level UP of every tile."""
    return sum(1 for p, states in zip(tiles, door_states(tiles)) for (_, level), (state, _) in zip(p.doors, states)
               if state == OPEN and level == UP)


def offset_joining(door: tuple[int, int, int], tile: int, rot: int, k: int) -> tuple[int, int]:
    """The offset that puts door k of `tile` (rotation `rot`) on the same edge as `door` = (x, y, d) of an
    existing tile, facing it (§4.4 candidate generation). The two doors must face opposite ways."""
    x, y, d = door
    dx, dy, dk = (int(v) for v in TILE_DOOR[tile, rot % 4, k])
    if dk != opposite(d):
        raise ZoosimError(f"door {k} of {data.TILE_NAMES[tile]} at rotation {rot} faces {DIRECTIONS[dk]}, "
                          f"not {DIRECTIONS[opposite(d)]} (accepted: a door facing the given one)")
    cx, cy = across(x, y, d)
    return cx - dx, cy - dy


def signature(p: Placed) -> tuple:
    """What makes two placements the same option (§9.1 `place`): claims, doors with levels, fence, walls."""
    return (p.full, p.half, frozenset(p.doors), p.fence, p.fence_diagonals, p.walls, p.diagonals)


def _distinct_rotations() -> np.ndarray:
    out = np.zeros((data.N_TILES, 4), np.int64)
    for tile in range(data.N_TILES):
        level = UP if TILE_LEVELS[tile] & 1 else DOWN
        seen = set()
        for r in range(4):
            sig = signature(place(tile, r, 0, 0, level))
            out[tile, r] = sig not in seen
            seen.add(sig)
    out.setflags(write=False)
    return out


TILE_ROT_DISTINCT = _distinct_rotations()

PLACEMENT_RULES = ("G1", "G2", "G3", "G4", "G5", "G6")


def placement_violation(castle: Sequence[Placed], new: Placed, params: GeometryParams = GeometryParams()) -> str | None:
    """The first rule of §4.4 that laying `new` in `castle` breaks ("G1"-"G6"), or None if it is legal."""
    if not in_grid(new, params.grid_size):
        return "G1"
    if any(claims_overlap(new, b, params.allow_half_cell_sharing) for b in castle):
        return "G2"
    if not any(connected_doors(new, b) for b in castle):
        return "G3"
    if params.mixed_level_door_contact == "illegal" and any(mixed_level_doors(new, b) for b in castle):
        return "G4"
    if any(fence_conflict(new, b) for b in castle):
        return "G5"
    if external_entrances([*castle, new]) < params.min_external_entrances:
        return "G6"
    return None


def legal_placements(castle: Sequence[Placed], tile: int,
                     params: GeometryParams = GeometryParams()) -> list[tuple[int, int, int, int]]:
    """The distinct legal (rotation, x, y, level) of `tile` (§4.4 candidates, §9.1 distinctness).

    Candidates come from the castle's OPEN doors: for each, in castle order, each level the tile may be laid at,
    each rotation and each of its doors with that door's level facing the open one. Of placements with equal
    `signature` the first is kept. (This order is this function's; a protocol may fix another for the engine.)"""
    states = door_states(castle)
    out: list[tuple[int, int, int, int]] = []
    seen: set[tuple] = set()
    for p, p_states in zip(castle, states):
        for (_, level), side, (state, _) in zip(p.doors, p.door_sides, p_states):
            if state != OPEN:
                continue
            for lv in (UP, DOWN):
                if not TILE_LEVELS[tile] >> lv & 1:
                    continue
                for r in range(4):
                    for k in range(int(data.TILE_N_DOORS[tile])):
                        if TILE_DOOR_LEVEL[tile, lv, k] != level or TILE_DOOR[tile, r, k, 2] != opposite(side[2]):
                            continue
                        new = place(tile, r, *offset_joining(side, tile, r, k), lv)
                        sig = signature(new)
                        if sig not in seen and placement_violation(castle, new, params) is None:
                            out.append((r, new.x, new.y, lv))
                        seen.add(sig)
    return out


# ---------------------------------------------------------------- per grid size: bitboard rows and edge ids
@dataclass(frozen=True)
class GridTables:
    """The tables that depend on the grid size; `GRID` holds the default's."""

    grid_size: int
    words: int                    # uint64 words per board row
    full_rows: np.ndarray         # uint64 [S, R, grid_size, MAX_BOX, words]
    half_rows: np.ndarray         # uint64 [S, R, grid_size, MAX_BOX, words]
    wall_edge_delta: np.ndarray   # int64 [S, R, MAX_WALL], -1 padded
    fence_edge_delta: np.ndarray  # int64 [S, R, MAX_FENCE], -1 padded
    door_edge_delta: np.ndarray   # int64 [T, R, MAX_DOORS], -1 padded


def _row_masks(cells: np.ndarray, fits: int, words: int) -> np.ndarray:
    """uint64 [fits, MAX_BOX, words]: for each x offset below `fits`, each row's cells as bits (little-endian)."""
    occupied = np.zeros((fits, MAX_BOX, 64 * words), np.bool_)
    x0 = np.arange(fits)
    for dx, dy in cells[:, :2]:
        occupied[x0, dy, x0 + dx] = True
    return np.packbits(occupied, axis=-1, bitorder="little").view("<u8")


def grid_tables(grid_size: int = GRID_SIZE) -> GridTables:
    words = (grid_size + 63) // 64
    S = data.N_SHAPES
    full_rows = np.zeros((S, 4, grid_size, MAX_BOX, words), np.uint64)
    half_rows = np.zeros((S, 4, grid_size, MAX_BOX, words), np.uint64)
    wall = np.full((S, 4, MAX_WALL), -1, np.int64)
    fence = np.full((S, 4, MAX_FENCE), -1, np.int64)
    for s in range(S):
        for r in range(4):
            fits = grid_size - int(SHAPE_W[s, r]) + 1  # offsets beyond keep rows of 0
            full_rows[s, r, :fits] = _row_masks(SHAPE_FULL[s, r, :SHAPE_N_FULL[s]], fits, words)
            half_rows[s, r, :fits] = _row_masks(SHAPE_HALF[s, r, :SHAPE_N_HALF[s]], fits, words)
            for k in range(SHAPE_N_WALL[s]):
                wall[s, r, k] = edge_id(*(int(v) for v in SHAPE_WALL[s, r, k]), grid_size)
            for k in range(SHAPE_N_FENCE[s]):
                fence[s, r, k] = edge_id(*(int(v) for v in SHAPE_FENCE[s, r, k]), grid_size)
    door = np.full((data.N_TILES, 4, MAX_DOORS), -1, np.int64)
    for t in range(data.N_TILES):
        for r in range(4):
            for k in range(data.TILE_N_DOORS[t]):
                door[t, r, k] = edge_id(*(int(v) for v in TILE_DOOR[t, r, k]), grid_size)
    for a in (full_rows, half_rows, wall, fence, door):
        a.setflags(write=False)
    return GridTables(grid_size, words, full_rows, half_rows, wall, fence, door)


GRID = grid_tables(GRID_SIZE)


def placement_bits(shape: int, rot: int, x0: int, y0: int, grid: GridTables = GRID) -> tuple[int, int]:
    """(full, half) cells of a placement as Python ints, bit cell_id(x, y), read from the row tables."""
    full = half = 0
    for dy in range(int(SHAPE_H[shape, rot % 4])):
        for i in range(grid.words):
            shift = (y0 + dy) * grid.grid_size + 64 * i
            full |= int(grid.full_rows[shape, rot % 4, x0, dy, i]) << shift
            half |= int(grid.half_rows[shape, rot % 4, x0, dy, i]) << shift
    return full, half
