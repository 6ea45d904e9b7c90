"""One player's castle for the numba engine: a flat int64 block, placing a tile, door states and touching (spec
§4.3-§4.6); which placements are legal is engine.legal's part (§4.4), points, completion and the end's castle metrics
engine.points' (§5-§7).

The same facts as reference.castle.Castle (which keeps them in dictionaries) kept in fixed-size arrays, so a game
never allocates: cells and edges are bit sets, doors and tiles are rows of fixed length. Tests play the two side by
side on random castles (tests/games/castles/test_engine.py).

Rules reach these functions as `R`, a small int64 array (`rules_array`, offsets R_*); the grid size is a rule, so
nothing here depends on it at compile time: the shape tables (engine.tables) are relative to the placement's offset and
`grid_size` only enters through arithmetic (a row mask is a <= 7-bit pattern shifted by x, an edge id is
(y * (grid_size + 1) + x) * 2 + o as geometry.edge_id).

The castle block `C` (int64, `castle_size(grid_size)` long, made by `new_castle`):
    header      C[H_N] tiles placed, C[H_OPEN_UP] OPEN doors at level UP (R7 external entrances), C[H_N_OPEN]
                entries in the open-door list, C[H_N_HALF] entries in the half-cell list, C[H_N_FENCE] fence edges
                laid, C[H_GRID] grid size, C[H_WORDS] uint64 words per cell row, C[H_EWORDS] words of an edge set,
                C[H_REFUSED] candidate placements refused for leaving the grid (the grid_refusals column),
                C[H_N_DOWN_DOORS] doors laid at level DOWN (none: G4 has nothing to test for an UP-only tile),
                C[H_FENCE_BOX:+4] (x0, y0, x1, y1) the box of the tiles with fences (set once C[H_N_FENCE] > 0),
                C[H_DOWN_BOX:+4] that of the tiles with a DOWN door (set once C[H_N_DOWN_DOORS] > 0): a candidate
                whose box misses them has nothing to test in G5's castle-fence half or G4 (for an UP-door tile),
                C[H_OCC], C[H_WALL], C[H_FENCE], C[H_DOOR], C[H_OPEN_DOOR] offsets of the bit sets (below)
    per tile t  (t = castle index, placement order, < MAX_TILES): C[T_TILE + t] tile, C[T_ROT + t], C[T_X + t],
                C[T_Y + t], C[T_LEVEL + t] the placement; C[T_TOUCH + t] bit b set iff t and b touch (§4.3, connected
                ones included); C[T_COMPLETE + t] 1 once completed (§6, set by `completions`)
    per door    i = t * MAX_DOORS + k (k in data.TILE_DOOR_SLOT order): C[D_STATE + i] OPEN / CONNECTED / BLOCKED
                (-1 past the tile's doors), C[D_PARTNER + i] the connected tile or -1
    open list   C[OPEN_LIST + j], j < C[H_N_OPEN]: every OPEN door, packed by `_open_entry` (castle door index,
                the cell across it, its direction, its level); unordered
    half list   C[HALF_LIST + j], j < C[H_N_HALF]: every half cell claimed, packed by `_half_entry` (cell id, tile,
                half, diagonal wall 0/1, fence diagonal 0/1)
    bit sets    C[C[H_OCC] + y * words + x // 64] bit x % 64: cell (x, y) claimed (full or half);
                C[C[H_WALL] + e // 64] bit e % 64: edge id e is a straight wall; likewise C[H_FENCE] fence edges and
                C[H_DOOR] + level * eword: a door of that level on edge e; C[H_OPEN_DOOR]: an OPEN door (either
                level) on edge e, the open list's edges (a preview counts the OPEN doors a footprint blocks by rows)
A game keeps one block per player (rows of a 2-D array).

Placements are (rot, x, y, level) as geometry.place; which are legal (§4.4) is engine.legal's part.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.games.castles.components import geometry as g
from zoosim.games.castles.engine.tables import (  # noqa: F401  (re-exported: the castle's modules read them here)
    DIR_DX, DIR_DY, DOWN, FOYER, JOIN, MAX_BOX, MAX_CANDIDATES, MAX_CASTLE_DOORS, MAX_DOORS,
    MAX_TILES, N_JOIN, ROW_ALL,
    ROW_FULL, ROW_HALF, RULE_CASTLE, RULE_CONN, RULE_TOUCH, S, SR_DIAGONAL, SR_FENCE,
    SR_FENCE_ROW, SR_H, SR_HALF, SR_HALF_FENCE, SR_N_FENCE, SR_N_FENCE_DIAG, SR_N_HALF, SR_N_WALL, SR_PERIMETER,
    SR_SIDE_ROW, SR_W, SR_WALL, SR_WALL_AT, SR_WALL_ROW, T, TL_BASE, TL_DOOR_EDGE, TL_DOOR_LEVEL,
    TL_DOOR_ROW, TL_DOOR_SIDE, TL_HAS_DOWN_DOOR, TL_HAS_FENCE, TL_IS_PIECE, TL_N_DOORS, TL_RULE_KIND, TL_RULE_VALUE,
    TL_SHAPE, TL_TYPE, UP,
)
from zoosim.games.castles.rules import Rules

MAX_HALF_CLAIMS = MAX_TILES * g.MAX_HALF
OPEN, CONNECTED, BLOCKED = g.OPEN, g.CONNECTED, g.BLOCKED

# ---------------------------------------------------------------- the rules the castle reads
(R_GRID, R_FOYER_XY, R_SHARING, R_MIXED_ILLEGAL, R_MIN_EXT, R_PIECES_CORRIDOR, R_PIECES_CASTLE, R_CASTLE_SELF,
 R_PER_LINK, R_LIVING_NEIGHBOURS, R_CARD_PIECES, R_AREA_PIECES) = range(12)
R_SIZE = 12


# the Rules fields the castle reads as they are (a switch as 0 / 1), by offset
R_FIELDS = {
    R_GRID: "grid_size", R_SHARING: "allow_half_cell_sharing", R_MIN_EXT: "min_external_entrances",
    R_PIECES_CORRIDOR: "pieces_are_corridor_for_room_rules", R_PIECES_CASTLE: "pieces_count_for_castle_rules",
    R_CASTLE_SELF: "castle_rule_counts_self", R_PER_LINK: "bonus_per_link",
    R_LIVING_NEIGHBOURS: "living_rescore_includes_neighbours", R_CARD_PIECES: "corridor_pieces_in_card_counts",
    R_AREA_PIECES: "area_includes_pieces",
}


def rules_array(rules: Rules) -> np.ndarray:
    """The castle's rules as int64 (offsets R_*): geometry readings (§4.6), scoring switches (§5) and what the
    end's castle metrics count (§7)."""
    r = np.zeros(R_SIZE, np.int64)
    for at, name in R_FIELDS.items():
        r[at] = getattr(rules, name)
    r[R_FOYER_XY] = rules.geometry().foyer_xy
    r[R_MIXED_ILLEGAL] = rules.mixed_level_door_contact == "illegal"
    return r


# ---------------------------------------------------------------- block layout
(H_N, H_OPEN_UP, H_N_OPEN, H_N_HALF, H_N_FENCE, H_GRID, H_WORDS, H_EWORDS, H_OCC, H_WALL, H_FENCE, H_DOOR, H_REFUSED,
 H_N_DOWN_DOORS, H_FENCE_BOX, H_DOWN_BOX, H_OPEN_DOOR) = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 18, 22)
HEADER = 24
T_TILE = HEADER
T_ROT = T_TILE + MAX_TILES
T_X = T_ROT + MAX_TILES
T_Y = T_X + MAX_TILES
T_LEVEL = T_Y + MAX_TILES
T_TOUCH = T_LEVEL + MAX_TILES
T_COMPLETE = T_TOUCH + MAX_TILES
D_STATE = T_COMPLETE + MAX_TILES
D_PARTNER = D_STATE + MAX_CASTLE_DOORS
OPEN_LIST = D_PARTNER + MAX_CASTLE_DOORS
HALF_LIST = OPEN_LIST + MAX_CASTLE_DOORS
BITS_AT = HALF_LIST + MAX_HALF_CLAIMS


def _words(grid_size: int) -> tuple[int, int]:
    return (grid_size + 63) // 64, (2 * (grid_size + 1) ** 2 + 63) // 64


def castle_size(grid_size: int) -> int:
    """int64 entries of one castle block for this grid size."""
    words, ewords = _words(grid_size)
    return BITS_AT + grid_size * words + 5 * ewords


# ---------------------------------------------------------------- bit helpers (scalars in, scalars out)
@njit(cache=True, _nrt=False, inline="always")
def _edge(grid, x0, y0, cx, cy, o):
    """geometry.edge_id of the canonical edge (x0 + cx, y0 + cy, o)."""
    return ((y0 + cy) * (grid + 1) + x0 + cx) * 2 + o


@njit(cache=True, _nrt=False, inline="always")
def _edge_bit(C, at, e):
    return (C[at + (e >> 6)] >> (e & 63)) & 1


@njit(cache=True, _nrt=False, inline="always")
def _edge_row(C, at, grid, x0, y, width):
    """The bits of the edges (x, y, o) for x0 <= x <= x0 + width, o = 0, 1, of the edge bitboard at `at`, as bit
    2 (x - x0) + o (bits above 2 width + 1 are not meaningful: callers mask them with an _edge_rows pattern)."""
    e0 = (y * (grid + 1) + x0) * 2
    word = at + (e0 >> 6)
    sh = e0 & 63
    if sh + 2 * width + 2 <= 64:
        return C[word] >> sh
    return ((C[word] >> sh) & ((np.int64(1) << (64 - sh)) - 1)) | (C[word + 1] << (64 - sh))


@njit(cache=True, _nrt=False, inline="always")
def placement_key(rot, x, y, level):
    """A placement as one int64 that sorts as (rot, x, y, level): 10 bits each for x and y (grid_size <= 1024)."""
    return (((rot << 10) | x) << 11) | (y << 1) | level


@njit(cache=True, _nrt=False, inline="always")
def _cell_bit(C, x, y):
    """1 if cell (x, y) is claimed; cells off the grid are not."""
    grid = C[H_GRID]
    if x < 0 or y < 0 or x >= grid or y >= grid:
        return 0
    return (C[C[H_OCC] + y * C[H_WORDS] + (x >> 6)] >> (x & 63)) & 1


@njit(cache=True, _nrt=False, inline="always")
def _in_footprint(s, r, x0, y0, x, y):
    """1 if cell (x, y) is claimed (full or half) by shape s at rotation r laid at (x0, y0)."""
    dx = x - x0
    dy = y - y0
    if dx < 0 or dy < 0 or dx >= SR_W[s, r] or dy >= SR_H[s, r]:
        return 0
    return (ROW_ALL[s, r, dy] >> dx) & 1


@njit(cache=True, _nrt=False, inline="always")
def _open_entry(door, ax, ay, d, level):
    """An open-list entry: castle door index t * MAX_DOORS + k, the cell across (ax, ay), direction, level."""
    return (((door * 2048 + ax + 1) * 2048 + ay + 1) * 4 + d) * 2 + level


@njit(cache=True, _nrt=False, inline="always")
def _open_fields(v):
    """An open-list entry's (level, direction, ax, ay): the inverse of `_open_entry` but for the door."""
    return v & 1, (v >> 1) & 3, ((v >> 14) & 2047) - 1, ((v >> 3) & 2047) - 1


@njit(cache=True, _nrt=False, inline="always")
def _open_edge(grid, v):
    """The edge id of an open-list entry's door: side (d + 2) % 4 of the cell across it (N, E, S, W = 0-3)."""
    back = (((v >> 1) & 3) + 2) & 3
    return _edge(grid, ((v >> 14) & 2047) - 1, ((v >> 3) & 2047) - 1, int(back == 1), int(back == 2), back & 1)


@njit(cache=True, _nrt=False, inline="always")
def _half_entry(cell, tile_index, half, diagonal, fence):
    return (cell << 12) | (tile_index << 4) | (fence << 3) | (diagonal << 2) | half


@njit(cache=True, _nrt=False, inline="always")
def _grow_box(C, at, first, x0, y0, x1, y1):
    """Widen the box C[at:at + 4] = (x0, y0, x1, y1) to hold the given one (set it when `first`)."""
    if first:
        C[at] = x0
        C[at + 1] = y0
        C[at + 2] = x1
        C[at + 3] = y1
    else:
        C[at] = min(C[at], x0)
        C[at + 1] = min(C[at + 1], y0)
        C[at + 2] = max(C[at + 2], x1)
        C[at + 3] = max(C[at + 3], y1)


@njit(cache=True, _nrt=False, inline="always")
def _meets_box(C, at, x0, y0, x1, y1):
    """The box (x0, y0)-(x1, y1) and C[at:at + 4] share a point (edges on a common border count)."""
    return x0 <= C[at + 2] and C[at] <= x1 and y0 <= C[at + 3] and C[at + 1] <= y1


# ---------------------------------------------------------------- building a castle
def new_castle(R: np.ndarray) -> np.ndarray:
    """A block holding the foyer (rotation 0, box at foyer_xy), as reference.new_player's castle."""
    C = np.zeros(castle_size(int(R[R_GRID])), np.int64)
    init_castle(C, R)
    return C


@njit(cache=True, _nrt=False)
def init_castle(C, R):
    """Reset the block to an empty castle of the rules' grid size, then lay the foyer. A block that holds a castle of
    that grid (the previous game's) has only what its tiles set cleared (`_clear_tiles`): the whole block is 118 KB at
    the default grid, and a game's castle touches a few KB of it."""
    grid = R[R_GRID]
    words = (grid + 63) // 64
    ewords = (2 * (grid + 1) * (grid + 1) + 63) // 64
    if C[H_GRID] == grid and C[H_N] > 0 and C[H_OCC] == BITS_AT:
        _clear_tiles(C)
    else:
        for i in range(BITS_AT + grid * words + 5 * ewords):
            C[i] = 0
        for i in range(MAX_CASTLE_DOORS):
            C[D_STATE + i] = -1
            C[D_PARTNER + i] = -1
    C[H_GRID] = grid
    C[H_WORDS] = words
    C[H_EWORDS] = ewords
    C[H_OCC] = BITS_AT
    C[H_WALL] = BITS_AT + grid * words
    C[H_FENCE] = C[H_WALL] + ewords
    C[H_DOOR] = C[H_FENCE] + ewords
    C[H_OPEN_DOOR] = C[H_DOOR] + 2 * ewords
    add_tile(C, R, FOYER, 0, R[R_FOYER_XY], R[R_FOYER_XY], UP)


@njit(cache=True, _nrt=False)
def _clear_tiles(C):
    """Make the block what init_castle's full clear makes of it, writing only where add_tile wrote: the header, the
    tiles' rows, their doors (-1), the open and half lists as far as they can have grown, and the cell rows and edge
    words of the box around every tile (a tile's walls, fences and doors lie on its box)."""
    n = C[H_N]
    grid = C[H_GRID]
    words = C[H_WORDS]
    x0 = grid
    y0 = grid
    x1 = 0
    y1 = 0
    for b in range(n):
        sb = TL_SHAPE[C[T_TILE + b]]
        rb = C[T_ROT + b]
        x0 = min(x0, C[T_X + b])
        y0 = min(y0, C[T_Y + b])
        x1 = max(x1, C[T_X + b] + SR_W[sb, rb])
        y1 = max(y1, C[T_Y + b] + SR_H[sb, rb])
    for i in range(C[H_OCC] + y0 * words, C[H_OCC] + y1 * words):
        C[i] = 0
    lo = C[H_WALL] + ((_edge(grid, x0, y0, 0, 0, 0)) >> 6)
    hi = C[H_WALL] + ((_edge(grid, x1, y1, 0, 0, 1)) >> 6)
    for k in range(5):   # walls, fences, doors up and down, OPEN doors: ewords apart
        at = k * C[H_EWORDS]
        for i in range(lo + at, hi + at + 1):
            C[i] = 0
    for i in range(n * MAX_DOORS):
        C[D_STATE + i] = -1
        C[D_PARTNER + i] = -1
        C[OPEN_LIST + i] = 0
    for i in range(C[H_N_HALF]):
        C[HALF_LIST + i] = 0
    for i in range(n):
        for at in (T_TILE, T_ROT, T_X, T_Y, T_LEVEL, T_TOUCH, T_COMPLETE):
            C[at + i] = 0
    for i in range(HEADER):
        C[i] = 0


@njit(cache=True, _nrt=False)
def add_tile(C, R, tile, rot, x0, y0, level):
    """Lay the tile (no legality check, as Castle.add) and update every derived fact. Returns the bit mask of the
    old tiles that gained a CONNECTED door."""
    n = C[H_N]
    grid = C[H_GRID]
    words = C[H_WORDS]
    s = TL_SHAPE[tile]
    r = rot & 3
    w = SR_W[s, r]
    h = SR_H[s, r]
    touch = touching(C, tile, r, x0, y0, np.int64(-1))   # before the tile is counted: it never touches itself
    C[T_TILE + n] = tile
    C[T_ROT + n] = r
    C[T_X + n] = x0
    C[T_Y + n] = y0
    C[T_LEVEL + n] = level
    C[T_TOUCH + n] = 0
    C[T_COMPLETE + n] = 0
    C[H_N] = n + 1
    bit_n = np.int64(1) << n
    C[T_TOUCH + n] = touch
    for b in range(n):
        if (touch >> b) & 1:
            C[T_TOUCH + b] |= bit_n
    has_fence = TL_HAS_FENCE[tile]
    diagonal = SR_DIAGONAL[s]
    for j in range(SR_N_HALF[s]):
        cell = (y0 + SR_HALF[s, r, j, 1]) * grid + x0 + SR_HALF[s, r, j, 0]
        half = SR_HALF[s, r, j, 2]
        C[HALF_LIST + C[H_N_HALF]] = _half_entry(cell, n, half, diagonal, has_fence * SR_HALF_FENCE[s, r, j])
        C[H_N_HALF] += 1
    # claims
    wall_at = C[H_WALL]
    occ = C[H_OCC]
    sh = x0 & 63
    for dy in range(h):
        row = ROW_ALL[s, r, dy]
        at = occ + (y0 + dy) * words + (x0 >> 6)
        C[at] |= row << sh
        if sh > 0:
            spill = row >> (64 - sh)
            if spill:
                C[at + 1] |= spill
    for j in range(SR_N_WALL[s]):
        e = _edge(grid, x0, y0, SR_WALL[s, r, j, 0], SR_WALL[s, r, j, 1], SR_WALL[s, r, j, 2])
        C[wall_at + (e >> 6)] |= np.int64(1) << (e & 63)
    if has_fence:
        _grow_box(C, H_FENCE_BOX, C[H_N_FENCE] == 0, x0, y0, x0 + w, y0 + h)
        fence_at = C[H_FENCE]
        for j in range(SR_N_FENCE[s]):
            e = _edge(grid, x0, y0, SR_FENCE[s, r, j, 0], SR_FENCE[s, r, j, 1], SR_FENCE[s, r, j, 2])
            C[fence_at + (e >> 6)] |= np.int64(1) << (e & 63)
        C[H_N_FENCE] += SR_N_FENCE[s]
    # doors: CONNECTED to a same-level door on the edge, else BLOCKED if the cell across is claimed, else OPEN
    if TL_HAS_DOWN_DOOR[tile, level]:
        _grow_box(C, H_DOWN_BOX, C[H_N_DOWN_DOORS] == 0, x0, y0, x0 + w, y0 + h)
    door_at = C[H_DOOR]
    ewords = C[H_EWORDS]
    gained = np.int64(0)
    for k in range(TL_N_DOORS[tile]):
        e = _edge(grid, x0, y0, TL_DOOR_EDGE[tile, r, k, 0], TL_DOOR_EDGE[tile, r, k, 1], TL_DOOR_EDGE[tile, r, k, 2])
        lv = TL_DOOR_LEVEL[tile, level, k]
        d = TL_DOOR_SIDE[tile, r, k, 2]
        ax = x0 + TL_DOOR_SIDE[tile, r, k, 0] + DIR_DX[d]
        ay = y0 + TL_DOOR_SIDE[tile, r, k, 1] + DIR_DY[d]
        i = D_STATE + n * MAX_DOORS + k
        if _edge_bit(C, door_at + lv * ewords, e):
            partner, pk = door_on_edge(C, n, e, lv)
            C[i] = CONNECTED
            C[i - D_STATE + D_PARTNER] = partner
            _set_door(C, partner * MAX_DOORS + pk, CONNECTED, n)
            gained |= np.int64(1) << partner
        elif _cell_bit(C, ax, ay):
            C[i] = BLOCKED
        else:
            C[i] = OPEN
            C[OPEN_LIST + C[H_N_OPEN]] = _open_entry(n * MAX_DOORS + k, ax, ay, d, lv)
            C[H_N_OPEN] += 1
            C[C[H_OPEN_DOOR] + (e >> 6)] |= np.int64(1) << (e & 63)
            C[H_OPEN_UP] += lv == UP
        C[door_at + lv * ewords + (e >> 6)] |= np.int64(1) << (e & 63)
        C[H_N_DOWN_DOORS] += lv == DOWN
    # old OPEN doors facing a cell the new tile claims: BLOCKED
    for j in range(C[H_N_OPEN] - 1, -1, -1):
        v = C[OPEN_LIST + j]
        ay = ((v >> 3) & 2047) - 1
        ax = ((v >> 14) & 2047) - 1
        if _in_footprint(s, r, x0, y0, ax, ay):
            door = v >> 25
            C[D_STATE + door] = BLOCKED
            C[D_PARTNER + door] = -1
            _drop_open(C, j, v)
    return gained


@njit(cache=True, _nrt=False)
def touching(C, tile, r, x0, y0, among):
    """§4.3 touching: the bit mask of the castle's tiles in `among` (a mask; -1: all) that `tile` laid at (r, x0, y0)
    would touch: a straight wall on one of its walls, or a diagonal wall opposite one of its own in a shared cell.
    Reads only, so that add_tile and a placement preview (engine.points.preview, which asks only of the tiles a touch
    rule could score) share it."""
    n = C[H_N]
    grid = C[H_GRID]
    s = TL_SHAPE[tile]
    w = SR_W[s, r]
    h = SR_H[s, r]
    touch = np.int64(0)
    wall_at = C[H_WALL]
    hit = False
    for dy in range(h + 1):
        if _edge_row(C, wall_at, grid, x0, y0 + dy, w) & SR_WALL_ROW[s, r, dy]:
            hit = True
            break
    if hit:
        for b in range(n):
            if not (among >> b) & 1:
                continue
            tb = C[T_TILE + b]
            sb = TL_SHAPE[tb]
            rb = C[T_ROT + b]
            xb = C[T_X + b]
            yb = C[T_Y + b]
            if xb > x0 + w or x0 > xb + SR_W[sb, rb] or yb > y0 + h or y0 > yb + SR_H[sb, rb]:
                continue
            for i in range(SR_N_WALL[sb]):   # one of b's walls is one of the tile's (SR_WALL_AT, relative to x0, y0)
                cx = xb + SR_WALL[sb, rb, i, 0] - x0
                cy = yb + SR_WALL[sb, rb, i, 1] - y0
                if 0 <= cx <= w and 0 <= cy <= h and (SR_WALL_AT[s, r, cy, cx] >> SR_WALL[sb, rb, i, 2]) & 1:
                    touch |= np.int64(1) << b
                    break
    if SR_DIAGONAL[s]:
        for j in range(SR_N_HALF[s]):
            cell = (y0 + SR_HALF[s, r, j, 1]) * grid + x0 + SR_HALF[s, r, j, 0]
            half = SR_HALF[s, r, j, 2]
            for i in range(C[H_N_HALF]):
                v = C[HALF_LIST + i]
                if v >> 12 == cell and v & 3 == (half + 2) & 3 and (v >> 2) & 1:
                    touch |= np.int64(1) << ((v >> 4) & 255)
    return touch & among


@njit(cache=True, _nrt=False)
def door_on_edge(C, n, e, lv):
    """(castle tile, its door slot) of the door at level lv on edge id e among tiles 0..n-1, or (-1, -1)."""
    grid = C[H_GRID]
    ex = (e >> 1) % (grid + 1)
    ey = (e >> 1) // (grid + 1)
    for b in range(n):
        tb = C[T_TILE + b]
        rb = C[T_ROT + b]
        xb = C[T_X + b]
        yb = C[T_Y + b]
        sb = TL_SHAPE[tb]
        if ex < xb or ey < yb or ex > xb + SR_W[sb, rb] or ey > yb + SR_H[sb, rb]:
            continue   # the edge is outside b's box: none of b's doors is on it
        for j in range(TL_N_DOORS[tb]):
            if TL_DOOR_LEVEL[tb, C[T_LEVEL + b], j] == lv and e == _edge(
                    grid, C[T_X + b], C[T_Y + b], TL_DOOR_EDGE[tb, rb, j, 0], TL_DOOR_EDGE[tb, rb, j, 1],
                    TL_DOOR_EDGE[tb, rb, j, 2]):
                return b, j
    return -1, -1


@njit(cache=True, _nrt=False, inline="always")
def _drop_open(C, j, v):
    """Take entry j (= v) off the open list (its door is no longer OPEN)."""
    C[H_OPEN_UP] -= (v & 1) == UP
    e = _open_edge(C[H_GRID], v)
    C[C[H_OPEN_DOOR] + (e >> 6)] &= ~(np.int64(1) << (e & 63))
    C[H_N_OPEN] -= 1
    C[OPEN_LIST + j] = C[OPEN_LIST + C[H_N_OPEN]]


@njit(cache=True, _nrt=False)
def _set_door(C, door, state, partner):
    """Door `door` (t * MAX_DOORS + k) becomes `state`; leaving OPEN takes it off the open list."""
    if C[D_STATE + door] == OPEN:
        for j in range(C[H_N_OPEN]):
            v = C[OPEN_LIST + j]
            if v >> 25 == door:
                _drop_open(C, j, v)
                break
    C[D_STATE + door] = state
    C[D_PARTNER + door] = partner
