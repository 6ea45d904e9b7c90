"""Ark Nova in numba: a whole game (spec §3-§13) — reference.game.play_game with the same event log, final state
and stream; a seat of `greedy` or `heuristic` plans its turn first (engine.planner) — and the entry points that run
one of the game's frames to its end (`run_frame`: a turn, an action, a break, final scoring; their units are
engine.turn's and engine.actions'). Only these and engine.chain.run link the whole rule graph, which keeps the cold
compile short; `_play` and `play_game_planned` are inlined into their callers (play._play_many) because every
function that links the whole graph has numba optimise and compile all of it again (about 20 s each).

`play` is the plain-Python entry (rules, players, seed, game index) and `result` the ranks and win shares as
reference.game.result (§13.3).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.rng import seed_stream
from zoosim.games.ark_nova.engine.chain import run
from zoosim.games.ark_nova.engine.planner import NO_WORKSPACE, WORKSPACE, new_workspace, plan_turn, start_turn
from zoosim.games.ark_nova.engine.scoring import score
from zoosim.games.ark_nova.engine.setup import setup
from zoosim.games.ark_nova.engine.state import (
    F_ACT, F_BREAK, F_FINISH, F_TURN, G_BREAK_TRIGGER, G_CURRENT, G_END_REASON, G_GAME_INDEX, G_GAME_OVER, G_NEV,
    G_PARAMS, G_PL, G_PLAYERS, G_POLICY, G_SEED, G_STACK_N, G_TURN, G_UNSUPPORTED, MAX_PLAYERS, P_SIZE, P_SUPPORTS,
    _push, new_events, new_state,
)
from zoosim.games.ark_nova.engine.turn import WHOLE, push_turn
from zoosim.games.ark_nova.pack import pack
from zoosim.games.ark_nova.policies import GREEDY, HEURISTIC, N_POLICY_PARAMS, milli, params_row


@njit(cache=True, _nrt=False)
def run_frame(G, R, EV, rng, kind, p, a, b, c, d):
    """Push one frame (kind, p, a, b, c, d) and run it with everything it sets off."""
    depth = G[G_STACK_N]
    _push(G, kind, p, a, b, c, d)
    run(G, R, EV, rng, depth)


@njit(cache=True, _nrt=False, inline="always")
def _play(G, R, EV, rng, W, WR):
    """Setup and whole turns (F_TURN through after_turn) until the game ends (or G_UNSUPPORTED is set); a seat of
    `greedy` or `heuristic` plans its turn first (engine.planner, in the workspace W, WR)."""
    setup(G, R, EV, rng)
    while not G[G_GAME_OVER] and G[G_UNSUPPORTED] == 0:
        p = G[G_CURRENT]
        start_turn(G)
        pol = G[G_POLICY + p]
        if pol == GREEDY or pol == HEURISTIC:
            if W.shape[0] < WORKSPACE or WR.shape[0] < 8:
                G[G_UNSUPPORTED] = NO_WORKSPACE
                return
            plan_turn(G, R, EV, W, WR, p)
        push_turn(G, p, 0, WHOLE)
        run(G, R, EV, rng, 0)
        start_turn(G)


@njit(cache=True, _nrt=False)
def play_game(G, R, EV, rng):
    """A whole game of `uniform` and `random` seats (a planning seat sets G_UNSUPPORTED = NO_WORKSPACE)."""
    _play(G, R, EV, rng, G[0:0], rng[0:0])


@njit(cache=True, _nrt=False, inline="always")
def play_game_planned(G, R, EV, rng, W, WR):
    """A whole game of any policies; (W, WR) = engine.planner.new_workspace(), reusable across games."""
    _play(G, R, EV, rng, W, WR)


@njit(cache=True, _nrt=False)
def set_seat_policy(G, seat, code, row, seed, game_index):
    """set_policies for one seat from numba (play_many): code, a float parameter row (N_POLICY_PARAMS values, stored
    as floor(value * 1000 + 0.5)), the game's seed (int64 bits) and index."""
    G[G_POLICY + seat] = code
    for k in range(N_POLICY_PARAMS):
        G[G_PARAMS + seat * N_POLICY_PARAMS + k] = np.int64(np.floor(row[k] * 1000.0 + 0.5))
    G[G_SEED] = seed
    G[G_GAME_INDEX] = game_index


def set_policies(G, codes, params=None, seed: int = 0, game_index: int = 0) -> None:
    """Before play_game: seat q plays policy codes[q] (policies.POLICY_CODES) with the float parameter row
    params[q] (None or a missing row: policies.params_row(code)); (seed, game_index) is the game's stream, from
    which the planners' private streams are made (PROTOCOL.md 10.2). Unlisted seats stay `uniform`."""
    if len(codes) > MAX_PLAYERS:
        raise ValueError(f"at most {MAX_PLAYERS} seats")
    G[G_POLICY:G_POLICY + MAX_PLAYERS] = 0
    for q, code in enumerate(codes):
        row = params[q] if params is not None and params[q] is not None else params_row(int(code))
        if len(row) != N_POLICY_PARAMS:
            raise ValueError(f"a parameter row has {N_POLICY_PARAMS} values, got {len(row)}")
        G[G_POLICY + q] = int(code)
        G[G_PARAMS + q * N_POLICY_PARAMS:G_PARAMS + (q + 1) * N_POLICY_PARAMS] = milli(row)
    seed = int(seed) & (2 ** 64 - 1)
    G[G_SEED] = seed - 2 ** 64 if seed >= 2 ** 63 else seed
    G[G_GAME_INDEX] = int(game_index)


# ---------------------------------------------------------------- plain-Python entries
def perform(G, R, EV, rng, p: int, action: int, strength: int, side2: int, acting: int) -> None:
    """reference.game.perform: the action at this strength and side, conditions under the `acting` side-II bits."""
    run_frame(G, R, EV, rng, F_ACT, p, action, strength, int(side2) | int(acting) << 1, 0)


def play_turn(G, R, EV, rng, p: int) -> None:
    run_frame(G, R, EV, rng, F_TURN, p, 0, 0, 0, 0)


def after_turn(G, R, EV, rng, p: int) -> None:
    run_frame(G, R, EV, rng, F_TURN, p, 4, 0, 0, 0)


def do_break(G, R, EV, rng) -> None:
    run_frame(G, R, EV, rng, F_BREAK, int(G[G_BREAK_TRIGGER]), 0, 0, 0, 0)


def finish(G, R, EV, rng, reason: int) -> None:
    run_frame(G, R, EV, rng, F_FINISH, 0, 0, 0, 0, reason)


def play(rules, players: int, seed: int, game_index: int, events: int = 1 << 16, codes=None, params=None,
         workspace=None):
    """A whole game on stream (seed, game_index), uniform unless policy `codes` (and parameter rows) are given:
    (G, event rows as tuples, R, rng state)."""
    R = pack(rules, players)
    G = new_state()
    EV = new_events(events)
    rng = np.zeros(4, np.uint64)
    seed_stream(rng, seed, game_index)
    if codes is None:
        play_game(G, R, EV, rng)
    else:
        set_policies(G, codes, params, seed, game_index)
        W, WR = workspace if workspace is not None else new_workspace()
        play_game_planned(G, R, EV, rng, W, WR)
    rows = [tuple(int(v) for v in EV[i]) for i in range(int(G[G_NEV]))]
    return G, rows, R, rng


def result(G, R) -> dict:
    """§13.3 as reference.game.result: scores, ranks by (score, supports), shared win shares, end reason, turns."""
    n = int(G[G_PLAYERS])
    keys = [(int(score(G, R, q)), int(G[G_PL + q * P_SIZE + P_SUPPORTS])) for q in range(n)]
    ranks = [1 + sum(1 for k in keys if k > keys[q]) for q in range(n)]
    winners = [q for q in range(n) if ranks[q] == 1]
    share = [1 / len(winners) if q in winners else 0.0 for q in range(n)]
    return {"scores": [k[0] for k in keys], "ranks": ranks, "win_share": share,
            "end_reason": int(G[G_END_REASON]), "turns": int(G[G_TURN])}
