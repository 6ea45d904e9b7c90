"""Counting subsets in numba, for the games that deal a k-subset by its rank (Ark Nova's setup, Castles' sleeping
rooms and its heuristic)."""
from __future__ import annotations

from numba import njit


@njit(cache=True, _nrt=False)
def comb(n, k):
    """n choose k (0 outside 0 <= k <= n), exact in int64 for the small n of a game."""
    if k < 0 or k > n:
        return 0
    c = 1
    for i in range(k):
        c = c * (n - i) // (i + 1)
    return c
