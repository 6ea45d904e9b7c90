"""Ark Nova: entry points that run a card's effects at a moment to the end (engine_effects' frames, resolved by
engine_chain.run), as reference_effects' `run`, `dispatch` of one row, income's sponsor effects and `end_effects`.
"""
from __future__ import annotations

from numba import njit

from zoosim.games.ark_nova.effects import Moment
from zoosim.games.ark_nova.engine_chain import run
from zoosim.games.ark_nova.engine_effects import push_effects
from zoosim.games.ark_nova.engine_state import G_PL, G_STACK_N, P_SIZE, P_SPONSORS, P_SPONSORS_N, SCR_EFFECT

INCOME = int(Moment.INCOME)
END_GAME = int(Moment.END_GAME)
SORTED_AT = SCR_EFFECT + 16


@njit(cache=True, _nrt=False)
def run_effects(G, R, EV, rng, p, card, moment):
    """reference_effects.run for a moment that executes at once (not AFTER_ACTION, which the reference queues)."""
    depth = G[G_STACK_N]
    push_effects(G, R, p, card, moment, 0, -1)
    run(G, R, EV, rng, depth)


@njit(cache=True, _nrt=False)
def run_row(G, R, EV, rng, p, card, moment, k):
    """reference_effects.dispatch of the card's k-th row at `moment` (a TRIGGER row: as `fire` runs it)."""
    depth = G[G_STACK_N]
    push_effects(G, R, p, card, moment, k, k + 1)
    run(G, R, EV, rng, depth)


@njit(cache=True, _nrt=False)
def sponsor_effects(G, R, EV, rng, p, moment):
    """The player's sponsors' effects at `moment` in card-id order (income §9.2 5c; end_effects §13.2 step 2)."""
    b = G_PL + p * P_SIZE
    n = G[b + P_SPONSORS_N]
    for i in range(n):
        G[SORTED_AT + i] = G[b + P_SPONSORS + i]
    for i in range(1, n):                       # insertion sort: card rows ascend with ids
        c = G[SORTED_AT + i]
        j = i - 1
        while j >= 0 and G[SORTED_AT + j] > c:
            G[SORTED_AT + j + 1] = G[SORTED_AT + j]
            j -= 1
        G[SORTED_AT + j + 1] = c
    depth = G[G_STACK_N]
    for i in range(n):
        push_effects(G, R, p, G[SORTED_AT + i], moment, 0, -1)
        run(G, R, EV, rng, depth)
