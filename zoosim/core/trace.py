"""An engine's event log: rows of six int64 (kind, player, a, b, c, d) in a trace array, their count in a slot of
the game's state. A game that is not recorded passes a trace without rows, and nothing is written. Engines whose log
lives inside their flat state array write a row with `put_row`."""
from __future__ import annotations

from numba import njit


@njit(cache=True, _nrt=False, inline="always")
def emit_row(S, trace_at, trace, kind, player, a, b, c, d):
    """One event row into `trace` (its count in S[trace_at]); nothing when it is full or empty."""
    n = S[trace_at]
    if n < trace.shape[0]:
        trace[n, 0] = kind
        trace[n, 1] = player
        trace[n, 2] = a
        trace[n, 3] = b
        trace[n, 4] = c
        trace[n, 5] = d
        S[trace_at] = n + 1


@njit(cache=True, _nrt=False, inline="always")
def put_row(A, at, kind, player, a, b, c, d):
    """One event row as six values at A[at..at+5]: the engines whose log lives inside their flat state array."""
    A[at] = kind
    A[at + 1] = player
    A[at + 2] = a
    A[at + 3] = b
    A[at + 4] = c
    A[at + 5] = d
