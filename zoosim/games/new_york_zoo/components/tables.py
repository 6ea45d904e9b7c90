"""New York Zoo's components as the numba code reads them, built once at import: small constant arrays
(numba freezes a global array into the compiled code) and the read-only table array `T`.

T holds the placement masks (lo, hi per placement), then per (board, tile) the first placement and the
count, then per (board, tile) one block per orientation: the anchors (top-left of the bounding box) where
it lies on the board off the house corner, its first placement index, its shape anchored at cell 0, and
its cells as offsets from the anchor (engine/placements.py searches them). Offsets are module constants,
so numba folds them; T is one array so that the hot loop passes few (NUMBA-NOTES).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.games.new_york_zoo.components import data

# rondel (0-based space index = space number - 1), tiles, boards: data.TABLES as writable copies
SPACE_HARBOUR = np.array(data.TABLES["space_harbour"])   # harbour index of a space, -1 for an animal space
SPACE_ANIMALS = np.array(data.TABLES["space_animals"])   # the two species of an animal space
LINE_SPECIES = np.array(data.TABLES["line_species"])     # species of the breeding line crossed by entering a space
HARBOUR_STACK_SIZES = np.array(data.TABLES["harbour_stack_sizes"])  # tile sizes of a harbour's stack, bottom first
TILE_SIZE = np.array(data.TABLES["tile_size"])
TILE_COUNT = np.array(data.TABLES["tile_count"])
TILE_UNLIMITED = np.array(data.TABLES["tile_unlimited"])
N_ORIENTATIONS = np.array([len(t.orientations) for t in data.TILES], np.int64)
BOARD_WIDTH = np.array(data.TABLES["board_width"])
BOARD_HOUSES = np.array(data.TABLES["board_houses"])
BOARD_START = np.array(data.TABLES["board_start"])       # the two species of the starting animals
BOARD_CORNER = np.array(data.TABLES["board_corner"])     # 128-bit masks (lo, hi): the house corner,
BOARD_FULL = np.array(data.TABLES["board_full"])         # the whole grid,
BOARD_NOT_LEFT = np.array(data.TABLES["board_not_left"])     # the grid but its left column,
BOARD_NOT_RIGHT = np.array(data.TABLES["board_not_right"])   # the grid but its right column

# ---- T
N_TILES = data.N_TILES
N_BOARDS = len(data.BOARDS)
N_PLACEMENTS = len(data.TABLES["place_lo"])
MAX_ORIENTATIONS = 8
O_VALID, O_FIRST, O_SHAPE, O_CELLS, O_OFFSET = 0, 2, 3, 5, 6  # O_VALID, O_SHAPE: 2 words; O_OFFSET: 8
O_SIZE = 16
T_MASK = 0
T_START = T_MASK + 2 * N_PLACEMENTS
T_COUNT = T_START + N_BOARDS * N_TILES
T_ORIENT = T_COUNT + N_BOARDS * N_TILES
T_SIZE = T_ORIENT + N_BOARDS * N_TILES * MAX_ORIENTATIONS * O_SIZE


def _words(x: int) -> tuple[int, int]:
    """A 128-bit mask as two int64 words (lo, hi)."""
    return (int(np.uint64(x & (2**64 - 1)).view(np.int64)), int(np.uint64(x >> 64).view(np.int64)))


def _orientation_blocks(out: np.ndarray) -> None:
    for b in data.BOARDS:
        corner = b.house_corner
        for tile in data.TILES:
            first = 0
            for o, shape in enumerate(tile.orientations):
                at = T_ORIENT + (b.index * N_TILES + tile.index) * MAX_ORIENTATIONS * O_SIZE + o * O_SIZE
                offsets = [dr * b.width + dc for dr, dc in shape]
                shape_mask = sum(1 << d for d in offsets)
                height = 1 + max(r for r, _ in shape)
                width = 1 + max(c for _, c in shape)
                valid = 0
                for r in range(b.height - height + 1):
                    for c in range(b.width - width + 1):
                        if (shape_mask << (r * b.width + c)) & corner == 0:
                            valid |= 1 << (r * b.width + c)
                out[at + O_VALID:at + O_VALID + 2] = _words(valid)
                out[at + O_FIRST] = first
                out[at + O_SHAPE:at + O_SHAPE + 2] = _words(shape_mask)
                out[at + O_CELLS] = len(offsets)
                out[at + O_OFFSET:at + O_OFFSET + len(offsets)] = offsets
                first += bin(valid).count("1")
            assert first == data.TABLES["place_count"][b.index, tile.index]


def build_tables() -> np.ndarray:
    """The flat table array `T` (read-only)."""
    t = data.TABLES
    out = np.zeros(T_SIZE, np.int64)
    out[T_MASK:T_START:2] = t["place_lo"].view(np.int64)
    out[T_MASK + 1:T_START:2] = t["place_hi"].view(np.int64)
    out[T_START:T_COUNT] = t["place_start"].ravel()
    out[T_COUNT:T_ORIENT] = t["place_count"].ravel()
    _orientation_blocks(out)
    out.setflags(write=False)
    return out


TABLE = build_tables()


@njit(cache=True, nogil=True, inline="always")
def bt(b, tile):
    """Index of (board, tile) in T's per-(board, tile) tables."""
    return b * N_TILES + tile


@njit(cache=True, nogil=True, inline="always")
def ob(b, tile, o):
    """Start of orientation o of `tile` on board b in T (O_* fields)."""
    return T_ORIENT + ((b * N_TILES + tile) * MAX_ORIENTATIONS + o) * O_SIZE
