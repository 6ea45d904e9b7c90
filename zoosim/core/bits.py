"""Small bit-set tables for the game loops: which trucks can be loaded or taken, who is still in a round.

A scan over 4-6 trucks or seats with a data-dependent branch per element mispredicts often in a random
game; keeping the set as a bit mask and looking the answer up in a table built once at import takes no
branch at all. Masks have at most `MASK_BITS` bits (players, trucks and tractors are all fewer).
Global numpy arrays are compile-time constants in numba: no reference counting, no allocation.
"""
from __future__ import annotations

import numpy as np
from numba import njit

MASK_BITS = 8
_MASKS = 1 << MASK_BITS


def _tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    count = np.zeros(_MASKS, np.int64)
    nth = np.full(_MASKS * MASK_BITS, -1, np.int64)
    after = np.full(_MASKS * MASK_BITS, -1, np.int64)
    for mask in range(_MASKS):
        members = [b for b in range(MASK_BITS) if mask >> b & 1]
        count[mask] = len(members)
        for k, b in enumerate(members):
            nth[mask * MASK_BITS + k] = b
        for p in range(MASK_BITS):
            for step in range(1, MASK_BITS + 1):
                b = (p + step) % MASK_BITS
                if mask >> b & 1:
                    after[mask * MASK_BITS + p] = b
                    break
    return count, nth, after


BIT_COUNT, NTH_BIT, NEXT_BIT = _tables()


@njit(cache=True, _nrt=False, inline="always")
def bit_count(mask):
    """How many bits are set."""
    return BIT_COUNT[mask]


@njit(cache=True, _nrt=False, inline="always")
def nth_bit(mask, k):
    """The index of the k-th set bit (k from 0, lowest first); -1 when there are not k + 1."""
    return NTH_BIT[mask * MASK_BITS + k]


@njit(cache=True, _nrt=False, inline="always")
def next_bit(mask, p):
    """The first set bit after p going round (p + 1, ..., MASK_BITS - 1, 0, ..., p); -1 when none is set.

    Only correct for masks whose bits are all below the ring's size; round a ring of n < MASK_BITS seats
    by keeping every bit of the mask below n (then the wrap past n finds no set bit and goes on to 0)."""
    return NEXT_BIT[mask * MASK_BITS + p]
