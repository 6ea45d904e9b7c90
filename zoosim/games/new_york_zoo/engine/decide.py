"""New York Zoo's scripted policies (numba): `decide` answers every decision of the engine.

A decision is (kind, player, n options in the option rows, a context value); the option lists and their
order are fixed by PROTOCOL.md. Every policy returns 0 without a draw when n == 1.
- uniform: option below(n) at each decision.
- greedy: scores each option and takes the first best, no draws (greedy.py).
- heuristic: the same with its own option values and parameters (heuristic.py).
- search (only on a search seat's own turn, see search.py): the destination and the turn's first tile placement or
  animal option forced from the seat's F row (policies.F_FORCED_DEST, F_FORCED_SUB), the rest the heuristic's.
`reference/policies.py` is the same code in plain Python (the differential test holds them equal).
"""
from __future__ import annotations

from numba import njit

from zoosim.games.new_york_zoo.policies import F_FORCED_DEST, F_FORCED_SUB, POLICY_GREEDY, POLICY_SEARCH, POLICY_UNIFORM
from zoosim.games.new_york_zoo.protocol import D_ANIMAL_OPTION, D_DESTINATION, D_ENCLOSURE_PLACE
from zoosim.games.new_york_zoo.engine.greedy import GREEDY_PARAMS, greedy_choice
from zoosim.games.new_york_zoo.engine.heuristic import heuristic_choice
from zoosim.games.new_york_zoo.engine.state import G_POLICY, draw


@njit(cache=True, nogil=True, inline="always")
def decide(kind, p, n, context, S, T, F):
    """The option (0..n-1) that player p's policy takes at a decision of this kind."""
    if n <= 1:
        return 0
    if S[G_POLICY + p] == POLICY_UNIFORM:
        return draw(S, n)
    return scored_decide(kind, p, n, context, S, T, F)


@njit(cache=True, nogil=True)
def scored_decide(kind, p, n, context, S, T, F):
    if S[G_POLICY + p] == POLICY_GREEDY:
        return greedy_choice(kind, p, n, context, S, T, GREEDY_PARAMS)
    if S[G_POLICY + p] == POLICY_SEARCH:
        if kind == D_DESTINATION:
            return int(F[p, F_FORCED_DEST])
        if (kind == D_ENCLOSURE_PLACE or kind == D_ANIMAL_OPTION) and F[p, F_FORCED_SUB] >= 0.0:
            return int(F[p, F_FORCED_SUB])
    return heuristic_choice(kind, p, n, context, S, T, F[p])
