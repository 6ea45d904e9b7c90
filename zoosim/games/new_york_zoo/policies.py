"""New York Zoo's scripted policies (numba). `decide` answers every decision of the engine.

A decision is (kind, player, n options in `opt`, a context value); the option lists and their order
are fixed by PROTOCOL.md. Every policy returns 0 without a draw when n == 1.
- uniform: option below(n) at each decision.
"""
from __future__ import annotations

from numba import njit

from zoosim.core.rng import below
from zoosim.games.new_york_zoo.protocol import POLICY_UNIFORM


@njit(cache=True, nogil=True)
def decide(kind, p, n, context, S, T):
    """The option (0..n-1) that player p's policy takes at a decision of this kind."""
    g, pl, enc, cov, opt, rng, log, pol, par, R = S
    if n <= 1:
        return 0
    return below(rng, n)
