"""Ark Nova in numba: a whole game for the uniform policy (spec §3-§13) — reference.play_game with the same event
log, final state and stream — and the entry points that run one of the game's frames to its end (`run_frame`: a
turn, an action, a break, final scoring; their units are engine_turn's and engine_actions'). Only these and
engine_chain.run link the whole rule graph, which keeps the cold compile short.

`play` is the plain-Python entry (rules, players, seed, game index) and `result` the ranks and win shares as
reference.result (§13.3).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.rng import seed_stream
from zoosim.games.ark_nova.engine_chain import run
from zoosim.games.ark_nova.engine_scoring import score
from zoosim.games.ark_nova.engine_setup import setup
from zoosim.games.ark_nova.engine_state import (
    F_ACT,
    F_BREAK,
    F_FINISH,
    F_TURN,
    G_BREAK_TRIGGER,
    G_CURRENT,
    G_END_REASON,
    G_GAME_OVER,
    G_NEV,
    G_PL,
    G_PLAYERS,
    G_STACK_N,
    G_TURN,
    G_UNSUPPORTED,
    P_SIZE,
    P_SUPPORTS,
    _push,
    new_events,
    new_state,
)
from zoosim.games.ark_nova.engine_turn import WHOLE, push_turn
from zoosim.games.ark_nova.pack import pack


@njit(cache=True, _nrt=False)
def run_frame(G, R, EV, rng, kind, p, a, b, c, d):
    """Push one frame (kind, p, a, b, c, d) and run it with everything it sets off."""
    depth = G[G_STACK_N]
    _push(G, kind, p, a, b, c, d)
    run(G, R, EV, rng, depth)


@njit(cache=True, _nrt=False)
def play_game(G, R, EV, rng):
    """Setup and whole turns (F_TURN through after_turn) until the game ends (or G_UNSUPPORTED is set)."""
    setup(G, R, EV, rng)
    while not G[G_GAME_OVER] and G[G_UNSUPPORTED] == 0:
        push_turn(G, G[G_CURRENT], 0, WHOLE)
        run(G, R, EV, rng, 0)


# ---------------------------------------------------------------- plain-Python entries
def perform(G, R, EV, rng, p: int, action: int, strength: int, side2: int, acting: int) -> None:
    """reference.perform: the action at this strength and side, conditions under the `acting` side-II bits."""
    run_frame(G, R, EV, rng, F_ACT, p, action, strength, int(side2) | int(acting) << 1, 0)


def play_turn(G, R, EV, rng, p: int) -> None:
    run_frame(G, R, EV, rng, F_TURN, p, 0, 0, 0, 0)


def after_turn(G, R, EV, rng, p: int) -> None:
    run_frame(G, R, EV, rng, F_TURN, p, 4, 0, 0, 0)


def do_break(G, R, EV, rng) -> None:
    run_frame(G, R, EV, rng, F_BREAK, int(G[G_BREAK_TRIGGER]), 0, 0, 0, 0)


def finish(G, R, EV, rng, reason: int) -> None:
    run_frame(G, R, EV, rng, F_FINISH, 0, 0, 0, 0, reason)


def play(rules, players: int, seed: int, game_index: int, events: int = 1 << 16):
    """A whole uniform game on stream (seed, game_index): (G, event rows as tuples, R, rng state)."""
    R = pack(rules, players)
    G = new_state()
    EV = new_events(events)
    rng = np.zeros(4, np.uint64)
    seed_stream(rng, seed, game_index)
    play_game(G, R, EV, rng)
    rows = [tuple(int(v) for v in EV[i]) for i in range(int(G[G_NEV]))]
    return G, rows, R, rng


def result(G, R) -> dict:
    """§13.3 as reference.result: scores, ranks by (score, supports), shared win shares, end reason, turns."""
    n = int(G[G_PLAYERS])
    keys = [(int(score(G, R, q)), int(G[G_PL + q * P_SIZE + P_SUPPORTS])) for q in range(n)]
    ranks = [1 + sum(1 for k in keys if k > keys[q]) for q in range(n)]
    winners = [q for q in range(n) if ranks[q] == 1]
    share = [1 / len(winners) if q in winners else 0.0 for q in range(n)]
    return {"scores": [k[0] for k in keys], "ranks": ranks, "win_share": share,
            "end_reason": int(G[G_END_REASON]), "turns": int(G[G_TURN])}
