"""Sorting a short run of an engine's flat array in place, in numba (New York Zoo's breeding lines and search
samples, Ark Nova's sponsors in card-id order)."""
from __future__ import annotations

from numba import njit


@njit(cache=True, _nrt=False, inline="always")
def sort_run(A, at, n):
    """Sort A[at:at + n] ascending in place (insertion sort: the runs are short, and the order of equal values
    does not matter)."""
    for i in range(1, n):
        x = A[at + i]
        j = i - 1
        while j >= 0 and A[at + j] > x:
            A[at + j + 1] = A[at + j]
            j -= 1
        A[at + j + 1] = x
