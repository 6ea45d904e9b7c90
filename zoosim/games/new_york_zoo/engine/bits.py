"""New York Zoo's board bit masks in numba: a board is a 128-bit mask (lo, hi), cell = row * width + col.

Shared by the engine (legal placements) and the policies (placement scores).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.games.new_york_zoo.components.tables import BOARD_FULL, BOARD_NOT_LEFT, BOARD_NOT_RIGHT, BOARD_WIDTH

ZERO = np.uint64(0)
U1 = np.uint64(1)
U63 = np.uint64(63)
U64 = np.uint64(64)
M1 = np.uint64(0x5555555555555555)
M2 = np.uint64(0x3333333333333333)
M4 = np.uint64(0x0F0F0F0F0F0F0F0F)
H01 = np.uint64(0x0101010101010101)
U56 = np.uint64(56)


@njit(cache=True, nogil=True, inline="always")
def popcount(x):
    x = x - ((x >> U1) & M1)
    x = (x & M2) + ((x >> np.uint64(2)) & M2)
    x = (x + (x >> np.uint64(4))) & M4
    return np.int64((x * H01) >> U56)


@njit(cache=True, nogil=True, inline="always")
def spread(lo, hi, b):
    """The cells orthogonally next to a cell of (lo, hi) on board b (128-bit shifts by 1 and by width)."""
    w = np.uint64(BOARD_WIDTH[b])
    r = U64 - w
    right_lo = (lo << U1) & BOARD_NOT_LEFT[b, 0]
    right_hi = ((hi << U1) | (lo >> U63)) & BOARD_NOT_LEFT[b, 1]
    left_lo = ((lo >> U1) | (hi << U63)) & BOARD_NOT_RIGHT[b, 0]
    left_hi = (hi >> U1) & BOARD_NOT_RIGHT[b, 1]
    down_lo = lo << w
    down_hi = (hi << w) | (lo >> r)
    up_lo = (lo >> w) | (hi << r)
    up_hi = hi >> w
    out_lo = (right_lo | left_lo | down_lo | up_lo) & BOARD_FULL[b, 0]
    out_hi = (right_hi | left_hi | down_hi | up_hi) & BOARD_FULL[b, 1]
    return out_lo, out_hi
