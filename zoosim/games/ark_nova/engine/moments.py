"""Ark Nova: entry points that run a card's effects at a moment to the end (engine.effects' and engine.triggers'
frames, resolved by engine.chain.run), as reference.effects' `run`, `dispatch` of one row, income's sponsor
effects, `end_effects`, `icons_entered` and `run_after_queue`.
"""
from __future__ import annotations

from numba import njit

from zoosim.games.ark_nova.engine.chain import run
from zoosim.games.ark_nova.engine.effects import push_effects, sponsors_by_id
from zoosim.games.ark_nova.engine.state import E_PLAY, G_AFTER_HEAD, G_AFTER_N, G_STACK_N, SCR_EFFECT, _log
from zoosim.games.ark_nova.engine.triggers import after_item, push_enter, push_icons

SORTED_AT = SCR_EFFECT + 16


@njit(cache=True, _nrt=False)
def run_effects(G, R, EV, rng, p, card, moment):
    """reference.effects.run for a moment that executes at once (not AFTER_ACTION, which the reference queues)."""
    depth = G[G_STACK_N]
    push_effects(G, R, p, card, moment, 0, -1)
    run(G, R, EV, rng, depth)


@njit(cache=True, _nrt=False)
def run_row(G, R, EV, rng, p, card, moment, k):
    """reference.effects.dispatch of the card's k-th row at `moment` (a TRIGGER row: as `fire` runs it)."""
    depth = G[G_STACK_N]
    push_effects(G, R, p, card, moment, k, k + 1)
    run(G, R, EV, rng, depth)


@njit(cache=True, _nrt=False)
def sponsor_effects(G, R, EV, rng, p, moment):
    """The player's sponsors' effects at `moment` in card-id order (income §9.2 5c; end_effects §13.2 step 2)."""
    n = sponsors_by_id(G, p, SORTED_AT)
    depth = G[G_STACK_N]
    for i in range(n):
        push_effects(G, R, p, G[SORTED_AT + i], moment, 0, -1)
        run(G, R, EV, rng, depth)


@njit(cache=True, _nrt=False)
def icons_entered(G, R, EV, rng, p, icons_at, before_at):
    """reference.effects.icons_entered: the icons at G[icons_at:] enter p's zoo (counts before at G[before_at:])."""
    depth = G[G_STACK_N]
    push_icons(G, p, icons_at, before_at)
    run(G, R, EV, rng, depth)


@njit(cache=True, _nrt=False)
def run_after_queue(G, R, EV, rng):
    """reference.effects.run_after_queue for queues without action rows (ACTION, DETERMINATION, HYPNOSIS perform a
    whole action: a turn's F_TURN frame empties its queue with those, engine.turn); one PLAY row."""
    depth = G[G_STACK_N]
    while G[G_AFTER_HEAD] < G[G_AFTER_N]:
        after_item(G, R, EV, rng)
        run(G, R, EV, rng, depth)
    G[G_AFTER_HEAD] = 0
    G[G_AFTER_N] = 0
    _log(G, EV, E_PLAY, -1, 0, 0, 0, 0)


@njit(cache=True, _nrt=False)
def enter_zoo(G, R, EV, rng, p, card):
    """reference.actions.enter_zoo: the card (row) joins p's animals or sponsors with everything it sets off; its
    after-action rows wait on the after-queue."""
    depth = G[G_STACK_N]
    push_enter(G, p, card)
    run(G, R, EV, rng, depth)
