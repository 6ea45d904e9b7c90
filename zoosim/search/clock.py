"""CPU timing of search decisions, for the benchmarks only (a game never depends on it).

`now` reads the calling thread's CPU time (`time.thread_time`, CLOCK_THREAD_CPUTIME_ID on Linux), not the wall
clock: a decision's seconds are what it costs one core, whatever else the machine runs, so timings taken on a
loaded machine stay comparable (a wall clock would count the time the thread waits for a core). It counts no
time the thread sleeps or waits. numba has no clock, so the read is an object-mode block: about a microsecond,
taken only when a caller passes a non-empty timings array. Timings layout: T[0] is the number of decisions
recorded, T[1 + i] the seconds of decision i (decisions past the array's end are counted, not stored).
"""
from __future__ import annotations

import time
import warnings

import numpy as np
from numba import njit, objmode
from numba.core.errors import NumbaWarning

# the engines' kernels are nogil; the clock's object-mode block takes the GIL for its microsecond, which numba
# reports once at compile time. Only benchmarks ever call it.
warnings.filterwarnings("ignore", message="Code running in object mode won't allow parallel execution",
                        category=NumbaWarning)


@njit(cache=True)
def now():
    """The calling thread's CPU seconds (time.thread_time); only differences mean anything."""
    with objmode(t="float64"):
        t = time.thread_time()
    return t


@njit(cache=True)
def record(timings, seconds):
    """Append one decision's seconds to `timings` (see module doc); a no-op on an empty array."""
    if timings.shape[0] == 0:
        return
    n = int(timings[0])
    if 1 + n < timings.shape[0]:
        timings[1 + n] = seconds
    timings[0] = n + 1


def new_timings(capacity: int) -> np.ndarray:
    """A timings array for up to `capacity` decisions (np.zeros(0) switches timing off)."""
    return np.zeros(1 + capacity)


def recorded(timings: np.ndarray) -> np.ndarray:
    """The seconds recorded, one per decision (as many as fitted)."""
    n = int(timings[0]) if timings.shape[0] else 0
    return timings[1:1 + min(n, timings.shape[0] - 1)].copy()
