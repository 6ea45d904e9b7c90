"""Where a tile can go, bit-parallel: all legal anchors of one orientation in a few 128-bit operations.

An orientation of a tile lies at anchor a (the top-left cell of its bounding box) when a is one of its
valid anchors on the board (in bounds, off the house corner; components/tables.O_VALID) and every cell
a + d of the shape is uncovered, d running over its cell offsets. So the legal anchors are the valid ones AND, over
the shape's cells, the uncovered cells shifted down by d: one shift and AND per square, with no table
of placements to read. Placement indices (PROTOCOL.md section 2: by orientation, then anchor) follow
from the orientation's first index and the rank of the anchor among its valid anchors.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.games.new_york_zoo.components.tables import (
    BOARD_FULL, N_ORIENTATIONS, O_CELLS, O_FIRST, O_OFFSET, O_SHAPE, O_VALID, ob,
)
from zoosim.games.new_york_zoo.engine.bits import U1, U63, U64, ZERO, popcount
from zoosim.games.new_york_zoo.engine.state import OPT, P_BOARD, P_COVERED, P_FITS, pb


@njit(cache=True, nogil=True, inline="always")
def shift_down(lo, hi, d):
    """(lo, hi) >> d for 0 <= d < 64: bit a of the result is bit a + d of the mask."""
    return (lo >> d) | ((hi << (U63 - d)) << U1), hi >> d


@njit(cache=True, nogil=True, inline="always")
def shift_up(lo, hi, a):
    """(lo, hi) << a for 0 <= a < 128."""
    if a >= U64:
        return ZERO, lo << (a - U64)
    return lo << a, (hi << a) | ((lo >> (U63 - a)) >> U1)


@njit(cache=True, nogil=True)
def legal_anchors(T, at, free_lo, free_hi):
    """The anchors where the orientation at T[at] lies on uncovered cells only (a 128-bit mask)."""
    lo = np.uint64(T[at + O_VALID])
    hi = np.uint64(T[at + O_VALID + 1])
    for j in range(T[at + O_CELLS]):
        d = np.uint64(T[at + O_OFFSET + j])
        s_lo, s_hi = shift_down(free_lo, free_hi, d)
        lo &= s_lo
        hi &= s_hi
    return lo, hi


@njit(cache=True, nogil=True, inline="always")
def placement_mask(T, at, anchor):
    """The cells covered by the orientation at T[at] placed at `anchor`."""
    return shift_up(np.uint64(T[at + O_SHAPE]), np.uint64(T[at + O_SHAPE + 1]), np.uint64(anchor))


@njit(cache=True, nogil=True, inline="always")
def uncovered(S, p):
    """p's uncovered brown cells (lo, hi)."""
    b = S[pb(p) + P_BOARD]
    return (BOARD_FULL[b, 0] & ~np.uint64(S[pb(p) + P_COVERED]),
            BOARD_FULL[b, 1] & ~np.uint64(S[pb(p) + P_COVERED + 1]))


@njit(cache=True, nogil=True)
def fits(S, T, p, tile):
    """True if `tile` has at least one legal placement on p's board.

    Covered cells are never uncovered, so a tile that does not fit never will (cached as 0), and the
    placement found last time (cached as orientation * 128 + anchor + 1; -1 before the first look) is
    the first thing to try.
    """
    known = S[pb(p) + P_FITS + tile]
    if known == 0:
        return False
    b = S[pb(p) + P_BOARD]
    free_lo, free_hi = uncovered(S, p)
    if known > 0:
        m_lo, m_hi = placement_mask(T, ob(b, tile, (known - 1) >> 7), (known - 1) & 127)
        if (m_lo & ~free_lo) == ZERO and (m_hi & ~free_hi) == ZERO:
            return True
    for o in range(N_ORIENTATIONS[tile]):
        lo, hi = legal_anchors(T, ob(b, tile, o), free_lo, free_hi)
        if lo != ZERO or hi != ZERO:
            low = lo if lo != ZERO else hi
            anchor = popcount((low & (~low + U1)) - U1) + (0 if lo != ZERO else 64)
            S[pb(p) + P_FITS + tile] = o * 128 + anchor + 1
            return True
    S[pb(p) + P_FITS + tile] = 0
    return False


@njit(cache=True, nogil=True)
def list_placements(S, T, p, tile):
    """Write the legal placements of `tile` on p's board into the option rows, ascending; return their number."""
    b = S[pb(p) + P_BOARD]
    free_lo, free_hi = uncovered(S, p)
    n = 0
    for o in range(N_ORIENTATIONS[tile]):
        at = ob(b, tile, o)
        lo, hi = legal_anchors(T, at, free_lo, free_hi)
        first = T[at + O_FIRST]
        v_lo = np.uint64(T[at + O_VALID])
        v_hi = np.uint64(T[at + O_VALID + 1])
        rank = 0  # valid anchors below the current one, counted word by word
        for word in range(2):
            x = lo if word == 0 else hi
            valid = v_lo if word == 0 else v_hi
            while x != ZERO:
                low = x & (~x + U1)
                S[OPT + 4 * n] = first + rank + popcount(valid & (low - U1))
                n += 1
                x ^= low
            rank += popcount(valid)
    return n
