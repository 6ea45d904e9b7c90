"""Ark Nova: the effect stack's dispatcher and the entry points that start a chain (engine.tracks explains the
stack): `run` advances the top frame of whatever kind until the stack is back at a depth; `gain`, `hire_worker`,
`build_one`, `free_building`, `place_unique` and the Build action (`build_action`, with Engineer) push their frame
and run it to the end, as the reference's call returns only when everything it set off is resolved.

Entry points are for code outside the stack (an action, a turn); a frame's unit never calls them (it pushes).
The dispatcher is the one module that knows every frame kind, so a later module with new frames (playing a card,
an association task) moves it up or adds its kinds here. Kinds now: F_REP, F_CP (engine.tracks), F_PLACE, F_BUILD
(engine.place), F_EFFECT, F_WORKERS (engine.effects), F_ICONS, F_ENTER (engine.triggers), F_TASK (engine.tasks),
F_ACT, F_MOVE (engine.actions), F_PROJECT, F_COLUMN (engine.projects), F_TURN, F_BREAK, F_FINISH (engine.turn); the
entry points of F_EFFECT..F_ENTER are engine.moments', those of a turn, an action, a break, final scoring and a whole
game engine.game's (`run_frame`, `play_game`). `build_action` here is the Build action as top-level code (its tests);
a turn performs it as F_ACT frames.
"""
from __future__ import annotations

from numba import njit

from zoosim.games.ark_nova.engine.actions import OP_ENGINEER, act_unit, move_unit
from zoosim.games.ark_nova.engine.build import build_type_options, engineer_type_options, free_build2, has_passive
from zoosim.games.ark_nova.engine.effects import effect_unit, workers_unit
from zoosim.games.ark_nova.engine.place import build_unit, place_unit
from zoosim.games.ark_nova.engine.projects import column_unit, project_unit
from zoosim.games.ark_nova.engine.state import (
    B_SIZE, F_ACT, F_BREAK, F_BUILD, F_COLUMN, F_CP, F_EFFECT, F_ENTER, F_FINISH, F_ICONS, F_MOVE, F_PLACE, F_PROJECT,
    F_REP, F_TASK, F_TURN, F_WORKERS, FR_TYPE, FRAME_W, G_PL, G_STACK, G_STACK_N, H_BUILD_TYPE, H_COIN, H_ENGINEER_TYPE,
    P_SIDE2, P_SIZE, SCR_BUILT, SCR_TYPES, _choose, _push,
)
from zoosim.games.ark_nova.engine.tasks import task_unit
from zoosim.games.ark_nova.engine.tracks import _cp_unit, _hire_worker, _rep_unit, push_gain
from zoosim.games.ark_nova.engine.triggers import enter_unit, icons_unit
from zoosim.games.ark_nova.engine.turn import break_unit, finish_unit, turn_unit

BUILD_ACTION = 2
BUILT = SCR_BUILT
TYPE_OPTIONS = SCR_TYPES


@njit(cache=True, _nrt=False)
def run(G, R, EV, rng, depth):
    """Advance the top frame until the stack is back at `depth`."""
    while G[G_STACK_N] > depth:
        fr = G_STACK + (G[G_STACK_N] - 1) * FRAME_W
        kind = G[fr + FR_TYPE]
        if kind == F_REP:
            _rep_unit(G, R, EV, rng, fr)
        elif kind == F_CP:
            _cp_unit(G, R, EV, rng, fr)
        elif kind == F_PLACE:
            place_unit(G, R, EV, rng, fr)
        elif kind == F_BUILD:
            build_unit(G, R, EV, rng, fr)
        elif kind == F_EFFECT:
            effect_unit(G, R, EV, rng, fr)
        elif kind == F_WORKERS:
            workers_unit(G, R, EV, rng, fr)
        elif kind == F_ICONS:
            icons_unit(G, R, EV, rng, fr)
        elif kind == F_ENTER:
            enter_unit(G, R, EV, rng, fr)
        elif kind == F_TASK:
            task_unit(G, R, EV, rng, fr)
        elif kind == F_ACT:
            act_unit(G, R, EV, rng, fr)
        elif kind == F_MOVE:
            move_unit(G, R, EV, rng, fr)
        elif kind == F_PROJECT:
            project_unit(G, R, EV, rng, fr)
        elif kind == F_COLUMN:
            column_unit(G, R, EV, rng, fr)
        elif kind == F_TURN:
            turn_unit(G, R, EV, rng, fr)
        elif kind == F_BREAK:
            break_unit(G, R, EV, rng, fr)
        elif kind == F_FINISH:
            finish_unit(G, R, EV, rng, fr)


@njit(cache=True, _nrt=False)
def gain(G, R, EV, rng, p, resource, amount):
    """reference.state.gain: `amount` (> 0) of resource 0 appeal, 1 money, 2 X, 3 reputation, 4 CP, 5 workers,
    with everything it sets off resolved."""
    if amount <= 0:
        return
    depth = G[G_STACK_N]
    if resource <= 4:
        push_gain(G, R, EV, p, resource, amount)
    else:
        for _ in range(amount):
            _hire_worker(G, R, EV, p)
            run(G, R, EV, rng, depth)
    run(G, R, EV, rng, depth)


@njit(cache=True, _nrt=False)
def hire_worker(G, R, EV, rng, p):
    depth = G[G_STACK_N]
    _hire_worker(G, R, EV, p)
    run(G, R, EV, rng, depth)


@njit(cache=True, _nrt=False)
def build_one(G, R, EV, rng, p, kind, build2, cost):
    """reference.build.build_one: FOOTPRINT, pay (if cost), place with every bonus, animals may move in."""
    depth = G[G_STACK_N]
    _push(G, F_BUILD, p, kind, build2, cost, 0)
    run(G, R, EV, rng, depth)


@njit(cache=True, _nrt=False)
def free_building(G, R, EV, rng, p, kind):
    """§6.3 free building: no cost; 'II' cells per free_building_ignores_build2 or Build side II."""
    build_one(G, R, EV, rng, p, kind, free_build2(G, R, p), 0)


@njit(cache=True, _nrt=False)
def place_unique(G, R, EV, rng, p, kind):
    """§6.9: a sponsor's unique building, free; 'II' cells only with Build side II."""
    build_one(G, R, EV, rng, p, kind, G[G_PL + p * P_SIZE + P_SIDE2 + BUILD_ACTION], 0)


@njit(cache=True, _nrt=False)
def build_action(G, R, EV, rng, p, strength, side2):
    """reference.build.build_action: BUILD_TYPE until stop (side II) or once (side I), then Engineer (§12.4)."""
    n_built = 0
    built = 0
    remaining = strength
    while True:
        if n_built > 0 and not side2:
            break
        n = build_type_options(G, R, p, remaining, side2, built, n_built, TYPE_OPTIONS)
        if n == 0:
            return
        kind = G[TYPE_OPTIONS + _choose(G, EV, rng, p, H_BUILD_TYPE, n)]
        if kind < 0:
            break
        build_one(G, R, EV, rng, p, kind, side2, 1)
        G[BUILT + n_built] = kind
        n_built += 1
        built |= 1 << kind
        remaining -= B_SIZE[kind]
    if n_built > 0 and has_passive(G, R, p, OP_ENGINEER):
        n = engineer_type_options(G, R, p, side2, BUILT, n_built, TYPE_OPTIONS)
        if n > 0 and _choose(G, EV, rng, p, H_COIN, 2) == 1:
            kind = G[TYPE_OPTIONS + _choose(G, EV, rng, p, H_ENGINEER_TYPE, n)]
            build_one(G, R, EV, rng, p, kind, side2, 1)
