"""The search's own random numbers: a stream per (seed, game index, seat, decision, sample).

The game's stream is never touched by a search, so the other seats play as they would, and two candidates
evaluated on sample j see the same determinisation and the same rollout draws (common random numbers).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.rng import GOLDEN, mix64, seed_stream

SEARCH_SALT = np.uint64(0x5EA3C4ED0B5E7A11)
_GOLDEN = np.uint64(GOLDEN)
_LOW63 = np.uint64(0x7FFFFFFFFFFFFFFF)


@njit(cache=True, _nrt=False)
def decision_key(seed, game_index, seat, decision):
    """A 63-bit key of one decision of one seat in one game: every sample stream of that decision derives
    from it. `decision` is the seat's count of searched decisions so far in this game."""
    z = mix64(np.uint64(seed) ^ SEARCH_SALT)
    z = mix64(z + np.uint64(game_index) * _GOLDEN)
    z = mix64(z + np.uint64(seat + 1) * _GOLDEN)
    z = mix64(z + np.uint64(decision + 1) * _GOLDEN)
    return np.int64(z & _LOW63)


@njit(cache=True, _nrt=False)
def sample_stream(state, key, sample):
    """Fill `state` (uint64[4]) with sample `sample`'s stream of the decision `key` (decision_key)."""
    seed_stream(state, key, sample)
