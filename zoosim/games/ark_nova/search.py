"""Ark Nova's side of the `search` player (PROTOCOL.md 12): whole-turn candidates, playouts, the value, --explain.

At the start of a search seat's turn (`search_turn`, called by play's search game loop, never by the engine):

1. Candidates are whole-turn plans of heuristic's planner (engine.planner.plan_turn on its own re-deal, the one
   heuristic itself would make): heuristic's own plan first, then every plan that leaves it at one of its first
   `depth` decisions (the choice there fixed, the rest of the turn re-planned), at most MAX_GENERATED. The shortlist
   is heuristic's plan and the best others by the planner's value (the turn-end value of each plan), `candidates`
   wide and at most budget / 4 (at least 2), so ties and small budgets fall back on heuristic's choice. The dial
   (zoosim.search.dial): for each factor of 4 the budget stands above the default the width doubles and `depth`
   and `horizon` grow by one; for each below, the width halves and the depth shrinks by one (the horizon stays:
   at 12 playouts and the turn's end alone the search was no better than heuristic, 48% of 80 games).
2. `zoosim.search.halving.sequential_halving` spends `budget` playouts over the shortlist. A playout (`evaluate`)
   copies the real state into the workspace, re-deals what the seat cannot see (engine.planner.determinize: deck and
   the other hands' zoo cards, final pile and the other seats' final cards) from the search's own stream (sample j
   of the decision's key: every candidate alive sees the same re-deals, common random numbers), plays the
   candidate's turn (its script, as heuristic follows a plan), then heuristic turns in every seat (the rollout row:
   heuristic's defaults with max_plan = `rollout_plan`) until `horizon` more breaks have happened or the game ended,
   and values the result: heuristic's value (its default weights, no opponent term) of the seat minus the best other
   seat's, in thousandths; at the game's end plus `win_bonus` points times the seat's win share.
3. The chosen plan goes into the real state as heuristic's plan would (G_SCRIPT); the turn is played by the loop.

Nothing here allocates: the workspaces (`new_search_workspace`) are made once per block of games. The game's own
stream is never touched, and the planners' private streams depend on the turn alone, so the other seats play as they
would. `explain` (a traced game) writes SEARCH and SEARCH_STEP event rows for every candidate after the decision.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.games.ark_nova.engine.chain import run
from zoosim.games.ark_nova.engine.planner import (
    DEAL, PRIVATE_SALT, TURN_STRIDE, copy_state, determinize, plan_turn, start_turn, value,
)
from zoosim.games.ark_nova.engine.scoring import score
from zoosim.games.ark_nova.engine.state import (
    E_ACTION, E_BUILD, E_GAIN, E_PLAY, E_SUPPORT, E_UPGRADE, E_X_ACTION, G_BREAKS, G_CURRENT, G_GAME_INDEX, G_GAME_OVER,
    G_NEV, G_PARAMS, G_PL, G_PLAN_SEAT, G_PLAYERS, G_POLICY, G_SCRIPT, G_SCRIPT_N, G_SEED, G_SIZE, G_TURN,
    G_UNSUPPORTED, MAX_PLAYERS, P_SIZE, P_SUPPORTS, _log,
)
from zoosim.games.ark_nova.engine.turn import WHOLE, push_turn
from zoosim.core.rng import seed_stream
from zoosim.games.ark_nova.policies import (
    HEURISTIC, MAX_CANDIDATES, MAX_PLAN, MAX_PLAN_PARAM, N_POLICY_PARAMS, SP_BUDGET, SP_CANDIDATES, SP_DEPTH,
    SP_HORIZON, SP_ROLLOUT_PLAN, SP_WIN_BONUS, SEARCH_DEFAULTS, W_OPP,
)
from zoosim.search.dial import budget_steps
from zoosim.search.halving import N_STATS, S_PLAYOUTS, S_TOTAL, sequential_halving
from zoosim.search.streams import decision_key, sample_stream

# the shared kernel's own code, inlined into the search's caller: passed as an argument to a compiled
# sequential_halving, `evaluate` would be a dispatcher object's address in the caller's code, which numba cannot
# cache (the whole search loop would compile again in every process); inlined, it is only called
halving = njit(cache=True, _nrt=False, inline="always")(sequential_halving.py_func)

E_SEARCH = 21           # (seat, candidate, playouts, mean outcome in thousandths, flags: 1 chosen, 2 heuristic's plan)
E_SEARCH_STEP = 22      # (seat, 100 * candidate + event kind, its a, b, c): what the candidate's plan does
PLANNER_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
LOW63 = np.uint64(0x7FFFFFFFFFFFFFFF)
MAX_GENERATED = 64      # plans generated per decision before the shortlist
DEFAULT_BUDGET = SEARCH_DEFAULTS[SP_BUDGET]
MAX_DEPTH = 8           # the depth and horizon a budget can grow them to (policies.SEARCH_PARAMS' ranges)
MAX_HORIZON = 8
SCRIPT_W = 1 + 3 * MAX_PLAN
MAX_STEP_ROWS = 10      # SEARCH_STEP rows per candidate
EXPLAIN_EVENTS = 512    # the explain replay's event rows
STEP_KINDS = (E_ACTION, E_X_ACTION, E_PLAY, E_BUILD, E_SUPPORT, E_UPGRADE, E_GAIN)

# the int64 workspace S
S_X = 0                                 # the playout's copy of the block
S_D = S_X + G_SIZE                      # determinize's scratch
S_SCRIPTS = S_D + DEAL                  # generated plan g: its length, then (hook, options, choice) per decision
S_VALUE = S_SCRIPTS + MAX_GENERATED * SCRIPT_W   # its planner value
S_DEPTH = S_VALUE + MAX_GENERATED       # the decision where it leaves heuristic's plan (-1: heuristic's plan)
S_ORDER = S_DEPTH + MAX_GENERATED       # the shortlist: generated plan of candidate c
S_ROLLOUT_ROW = S_ORDER + MAX_CANDIDATES  # the playout seats' parameter row (thousandths)
S_VALUE_ROW = S_ROLLOUT_ROW + N_POLICY_PARAMS  # the outcome's weights (thousandths, no opponent term)
S_HORIZON = S_VALUE_ROW + N_POLICY_PARAMS
S_WIN_BONUS = S_HORIZON + 1             # thousandths
S_DECISIONS = S_WIN_BONUS + 1           # searched decisions so far, per seat
S_SIZE = S_DECISIONS + MAX_PLAYERS


def new_search_workspace() -> tuple:
    """(S, SR, stats, alive, EXPLAIN_EV): made once per block of games and reused."""
    return (np.zeros(S_SIZE, np.int64), np.zeros(4, np.uint64), np.zeros((MAX_CANDIDATES, N_STATS)),
            np.zeros(MAX_CANDIDATES, np.int64), np.zeros((EXPLAIN_EVENTS, 6), np.int64))


@njit(cache=True, _nrt=False)
def new_game(S, heuristic_row):
    """Per game: no decisions searched yet; the rollout and value rows from heuristic's row (float values)."""
    for q in range(MAX_PLAYERS):
        S[S_DECISIONS + q] = 0
    for k in range(N_POLICY_PARAMS):
        m = np.int64(np.floor(heuristic_row[k] * 1000.0 + 0.5))
        S[S_ROLLOUT_ROW + k] = m
        S[S_VALUE_ROW + k] = m
    S[S_VALUE_ROW + W_OPP] = 0


@njit(cache=True, _nrt=False)
def _outcome(X, R, S, seat):
    """The seat's value minus the best other seat's (heuristic's weights without the opponent term, thousandths);
    at the game's end plus win_bonus times its win share (§13.3: score, then supports)."""
    n = X[G_PLAYERS]
    for q in range(n):
        for k in range(N_POLICY_PARAMS):
            X[G_PARAMS + q * N_POLICY_PARAMS + k] = S[S_VALUE_ROW + k]
    own = value(X, R, seat)
    best = -(1 << 50)
    for q in range(n):
        if q != seat:
            best = max(best, value(X, R, q))
    out = float(own - best)
    if X[G_GAME_OVER] and S[S_WIN_BONUS] != 0:
        mine = score(X, R, seat)
        sup = X[G_PL + seat * P_SIZE + P_SUPPORTS]
        tied = 1
        for q in range(n):
            if q == seat:
                continue
            s = score(X, R, q)
            t = X[G_PL + q * P_SIZE + P_SUPPORTS]
            if s > mine or (s == mine and t > sup):
                return out
            if s == mine and t == sup:
                tied += 1
        out += S[S_WIN_BONUS] / tied
    return out


@njit(cache=True, _nrt=False, inline="always")
def _set_script(X, S, g, seat):
    """X's planning fields cleared and generated plan g as the seat's script for the turn."""
    start_turn(X)
    at = S_SCRIPTS + g * SCRIPT_W
    m = S[at]
    for i in range(3 * m):
        X[G_SCRIPT + i] = S[at + 1 + i]
    X[G_SCRIPT_N] = m
    X[G_PLAN_SEAT] = seat + 1


@njit(cache=True, _nrt=False)
def evaluate(ctx, candidate, sample):
    """One playout of shortlist candidate `candidate` on re-deal `sample` (module doc, step 2)."""
    G, R, EVN, W, WR, S, SR, seat, key = ctx
    X = S[S_X:S_X + G_SIZE]
    ps = SR[0:4]
    sample_stream(ps, key, sample)
    copy_state(G, X)
    determinize(X, seat, ps, S[S_D:S_D + DEAL])
    # the playout's planners re-deal on streams of the sample, not on the game's private ones (PROTOCOL.md 10.2:
    # seeded by G_SEED): a seat's planning stream is its own, not something the searching seat may know
    X[G_SEED] = np.int64((np.uint64(key) ^ (np.uint64(sample + 1) * PLANNER_GOLDEN)) & LOW63)
    n = X[G_PLAYERS]
    for q in range(n):
        X[G_POLICY + q] = HEURISTIC
        for k in range(N_POLICY_PARAMS):
            X[G_PARAMS + q * N_POLICY_PARAMS + k] = S[S_ROLLOUT_ROW + k]
    _set_script(X, S, S[S_ORDER + candidate], seat)
    until = X[G_BREAKS] + S[S_HORIZON]
    push_turn(X, seat, 0, WHOLE)
    run(X, R, EVN, ps, 0)
    start_turn(X)
    while X[G_GAME_OVER] == 0 and X[G_UNSUPPORTED] == 0 and X[G_BREAKS] < until:
        p = X[G_CURRENT]
        plan_turn(X, R, EVN, W, WR, p)
        push_turn(X, p, 0, WHOLE)
        run(X, R, EVN, ps, 0)
        start_turn(X)
    return _outcome(X, R, S, seat)


@njit(cache=True, _nrt=False, inline="always")
def _keep_plan(G, S, g, v, depth):
    """Generated plan g = G's script, its planner value v, the decision where it leaves heuristic's plan."""
    at = S_SCRIPTS + g * SCRIPT_W
    m = G[G_SCRIPT_N]
    S[at] = m
    for i in range(3 * m):
        S[at + 1 + i] = G[G_SCRIPT + i]
    S[S_VALUE + g] = v
    S[S_DEPTH + g] = depth


@njit(cache=True, _nrt=False, inline="always")
def _generate(G, R, EVN, W, WR, S, seat, depth):
    """Step 1's plans (module doc): heuristic's own (plan 0), then each plan that leaves it at decision d < depth by
    another option there, in decision and option order, at most MAX_GENERATED. Returns how many."""
    start_turn(G)
    _keep_plan(G, S, 0, plan_turn(G, R, EVN, W, WR, seat), -1)
    ng = 1
    base = S_SCRIPTS
    for d in range(min(depth, S[base])):
        hook = S[base + 1 + 3 * d]
        n = S[base + 2 + 3 * d]
        chosen = S[base + 3 + 3 * d]
        for k in range(n):
            if k == chosen or ng >= MAX_GENERATED:
                continue
            start_turn(G)
            for i in range(3 * d):
                G[G_SCRIPT + i] = S[base + 1 + i]
            G[G_SCRIPT + 3 * d] = hook
            G[G_SCRIPT + 3 * d + 1] = n
            G[G_SCRIPT + 3 * d + 2] = k
            G[G_SCRIPT_N] = d + 1
            _keep_plan(G, S, ng, plan_turn(G, R, EVN, W, WR, seat), d)
            ng += 1
    start_turn(G)
    return ng


@njit(cache=True, _nrt=False)
def shortlist(S, ng, width):
    """S_ORDER: plan 0 (heuristic's), then the best width - 1 others by planner value (the earlier on ties). Returns
    the shortlist's length."""
    S[S_ORDER] = 0
    k = 1
    while k < width and k < ng:
        best = -1
        for g in range(1, ng):
            taken = False
            for c in range(1, k):
                if S[S_ORDER + c] == g:
                    taken = True
            if not taken and (best < 0 or S[S_VALUE + g] > S[S_VALUE + best]):
                best = g
        S[S_ORDER + k] = best
        k += 1
    return k


@njit(cache=True, _nrt=False, inline="always")
def _explain(G, R, EV, EXV, S, SR, stats, seat, ng, k, budget, best):
    """The decision's SEARCH rows (module doc) and, per candidate, SEARCH_STEP rows of what its plan does when played
    on the planner's own re-deal."""
    _log(G, EV, E_SEARCH, seat, -1, ng, k, budget)
    X = S[S_X:S_X + G_SIZE]
    ps = SR[0:4]
    for c in range(k):
        playouts = stats[c, S_PLAYOUTS]
        mean = stats[c, S_TOTAL] / playouts if playouts > 0 else 0.0
        flags = (1 if c == best else 0) | (2 if c == 0 else 0)
        _log(G, EV, E_SEARCH, seat, c, np.int64(playouts), np.int64(np.floor(mean + 0.5)), flags)
        copy_state(G, X)
        seed_stream(ps, np.uint64(G[G_SEED]) ^ np.uint64(PRIVATE_SALT), G[G_GAME_INDEX] * TURN_STRIDE + G[G_TURN])
        determinize(X, seat, ps, S[S_D:S_D + DEAL])
        _set_script(X, S, S[S_ORDER + c], seat)
        X[G_NEV] = 0
        push_turn(X, seat, 0, WHOLE)
        run(X, R, EXV, ps, 0)
        rows = 0
        for i in range(min(X[G_NEV], EXV.shape[0])):
            kind = EXV[i, 0]
            if EXV[i, 1] != seat or rows >= MAX_STEP_ROWS:
                continue
            if (kind == E_ACTION or kind == E_X_ACTION or kind == E_SUPPORT or kind == E_UPGRADE
                    or (kind == E_PLAY and EXV[i, 2] > 0) or (kind == E_BUILD and EXV[i, 2] >= 0)
                    or (kind == E_GAIN and EXV[i, 2] != 1 and EXV[i, 2] <= 4)):
                _log(G, EV, E_SEARCH_STEP, seat, 100 * c + kind, EXV[i, 2], EXV[i, 3], EXV[i, 4])
                rows += 1


@njit(cache=True, _nrt=False, inline="always")
def search_turn(G, R, EV, EVN, W, WR, S, SR, stats, alive, EXV, seat, sp, explain):
    """A search seat's turn decided (module doc): its script in G, as heuristic's plan would be. sp is the seat's
    parameter row (policies.SEARCH_PARAMS, float values)."""
    budget = max(1, np.int64(sp[SP_BUDGET]))
    steps = budget_steps(budget, DEFAULT_BUDGET)
    ng = _generate(G, R, EVN, W, WR, S, seat, min(MAX_DEPTH, max(1, np.int64(sp[SP_DEPTH]) + steps)))
    width = 1 if sp[SP_CANDIDATES] < 2 else max(2, np.int64(sp[SP_CANDIDATES] * 2.0 ** steps))
    width = min(width, MAX_CANDIDATES, max(1, budget // 4))
    k = shortlist(S, ng, width)
    key = decision_key(G[G_SEED], G[G_GAME_INDEX], seat, S[S_DECISIONS + seat])
    S[S_DECISIONS + seat] += 1
    S[S_HORIZON] = min(MAX_HORIZON, max(0, np.int64(sp[SP_HORIZON]) + max(0, steps)))
    S[S_WIN_BONUS] = np.int64(np.floor(sp[SP_WIN_BONUS] * 1000.0 + 0.5))
    S[S_ROLLOUT_ROW + MAX_PLAN_PARAM] = 1000 * max(1, min(MAX_PLAN, np.int64(sp[SP_ROLLOUT_PLAN])))
    best = halving((G, R, EVN, W, WR, S, SR, seat, key), evaluate, k, budget, stats, alive)
    if explain and EV.shape[0] > 0:
        _explain(G, R, EV, EXV, S, SR, stats, seat, ng, k, budget, best)
    _set_script(G, S, S[S_ORDER + best], seat)


@njit(cache=True, _nrt=False)
def _decide(G, R, EV, EVN, W, WR, S, SR, stats, alive, EXV, seat, sp, heuristic_row, decision, explain):
    """One search decision on the block G (at seat's turn start), for tests and tools: search_turn as the game loop
    calls it, as the seat's decision-th searched decision of its game."""
    new_game(S, heuristic_row)
    S[S_DECISIONS + seat] = decision
    search_turn(G, R, EV, EVN, W, WR, S, SR, stats, alive, EXV, seat, sp, explain)


def decide(G: np.ndarray, R: np.ndarray, seat: int, params, decision: int = 0, events: int = 0) -> dict:
    """The search's decision at seat's turn start in block G (engine.state layout, policies set; G is left with the
    chosen script, as the game loop leaves it): {"script": [(hook, options, choice)...], "playouts", "means" (per
    shortlist candidate, thousandths), "scripts" (the shortlist's plans), "events" (with `events` > 0: the explain
    rows)}. `params` is the search's float parameter row (policies.params_row(SEARCH, ...))."""
    from zoosim.games.ark_nova.engine.planner import new_workspace
    from zoosim.games.ark_nova.policies import params_row

    S, SR, stats, alive, EXV = new_search_workspace()
    W, WR = new_workspace()
    EV = np.zeros((events, 6), np.int64)
    G[G_NEV] = 0
    heuristic = np.array(params_row(HEURISTIC), np.float64)
    _decide(G, R, EV, np.zeros((0, 6), np.int64), W, WR, S, SR, stats, alive, EXV, np.int64(seat),
            np.asarray(params, np.float64), heuristic, np.int64(decision), events > 0)
    width = int(stats.shape[0])
    k = 0
    while k < width and stats[k, S_PLAYOUTS] > 0:
        k += 1

    def script(g: int) -> list[tuple[int, int, int]]:
        at = S_SCRIPTS + g * SCRIPT_W
        return [tuple(int(v) for v in S[at + 1 + 3 * i:at + 4 + 3 * i]) for i in range(int(S[at]))]

    return {"script": [tuple(int(v) for v in G[G_SCRIPT + 3 * i:G_SCRIPT + 3 * i + 3])
                       for i in range(int(G[G_SCRIPT_N]))],
            "playouts": [int(stats[c, S_PLAYOUTS]) for c in range(k)],
            "means": [float(stats[c, S_TOTAL] / stats[c, S_PLAYOUTS]) for c in range(k)],
            "scripts": [script(int(S[S_ORDER + c])) for c in range(max(k, 1))],
            "events": [tuple(int(v) for v in EV[i]) for i in range(int(G[G_NEV]))] if events else []}
