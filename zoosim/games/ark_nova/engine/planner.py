"""Ark Nova in numba: the turn planner of `greedy` and `heuristic` (PROTOCOL.md 10) — reference.policies.Planner with
the same determinization, replays and values, so that both play the same games.

At the start of a planning seat's turn `plan_turn` copies the block, re-deals what the seat cannot see (deck and
other hands' zoo cards as one pool, final pile and other seats' final cards as another; each sorted, shuffled on
the private stream, dealt back in place) and replays the whole turn (the F_TURN frame with after_turn and its
break) on copies, events off, with a growing script of choices: sequential greedy over the turn's decisions, each
candidate valued by `value` at the turn's end. The script lands in G (G_SCRIPT); engine.state._policy_choose follows
it in the real turn. Nothing is allocated: the copies live in a workspace `W` (int64, `WORKSPACE` long) and the
private streams in `WR` (uint64[8]), both made once per game or worker (`new_workspace`).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.rng import seed_stream, shuffle
from zoosim.games.ark_nova.engine.chain import run
from zoosim.games.ark_nova.engine.scoring import score
from zoosim.games.ark_nova.engine.state import (
    G_AFTER, G_AFTER_HEAD, G_CURRENT, G_DECK, G_DECK_HEAD, G_DECK_N, G_DISCARD, G_DISCARD_N, G_DISPLAY_N, G_DIVERGED,
    G_FINAL_PILE, G_FINAL_PILE_N, G_GAME_INDEX, G_HIDDEN, G_NEV, G_PARAMS, G_PL, G_PLAN_SEAT, G_PLAYERS, G_POLICY,
    G_REC_HOOK, G_REC_MORE, G_REC_MORE_N, G_REC_N, G_SCRIPT, G_SCRIPT_N, G_SCRIPT_POS, G_SEED, G_SIZE, G_STACK, G_TURN,
    G_TURN_READY, N_BASE, N_CARDS, N_FINALS, P_ANIMALS, P_ANIMALS_N, P_APPEAL, P_BUILDINGS_N, P_B_ANIMALS_N, P_B_CUBES,
    P_B_KIND, P_B_MASK, P_COVERED, P_CP, P_FINALS, P_FINALS_N, P_HAND, P_HAND_N, P_HOME, P_MONEY, P_PARTNERS_N,
    P_POUCH_ANIMAL, P_POUCH_CARD, P_POUCH_N, P_REP, P_SIZE, P_SPONSORS, P_SPONSORS_N, P_TASK_WORKERS, P_UNIVS_N,
    P_WORKERS_ACTIVE, P_X, SCR_PROBE, SCR_TURN, _ones,
)
from zoosim.games.ark_nova.engine.turn import WHOLE, push_turn
from zoosim.games.ark_nova.engine.turn_options import KEPT_SPENDS, MAX_SPENDS, turn_options
from zoosim.games.ark_nova.pack import R_APPEAL_INCOME
from zoosim.games.ark_nova.policies import (
    MAX_PLAN, MAX_PLAN_PARAM, N_POLICY_PARAMS, W_COVERED, W_CP, W_HAND, W_INCOME, W_MONEY, W_OPP, W_PARTNER, W_REP,
    W_SCORE, W_UNIVERSITY, W_WORKERS, W_X,
)

FIRST_ZOO_ROW = N_FINALS + N_BASE           # rows below are final cards and base projects, never pooled from hands
PRIVATE_SALT = 0x5EED0A4C
TURN_STRIDE = 4096                          # private stream index = game_index * 4096 + game turns played
DEAL = 3 * N_CARDS                          # determinize's scratch: card marks, the pool, the pool's places
SEQ = 2 * G_SIZE + DEAL                     # workspace: base copy, replay copy, determinize's scratch, then two
WORKSPACE = SEQ + 4 * MAX_PLAN + 2           # decision lists (G_REC_MORE's) with their counts
NO_WORKSPACE = 3                            # G_UNSUPPORTED code: a planning seat in a game without a workspace


def new_workspace() -> tuple[np.ndarray, np.ndarray]:
    """The planner's (W, WR): made once and reused for any number of games."""
    return np.zeros(WORKSPACE, np.int64), np.zeros(8, np.uint64)


@njit(cache=True, _nrt=False)
def _pool(B, seat, first_pile, at_n, head, hand, hand_n, low, high, D, ps):
    """One pool (PROTOCOL.md 10.2): the pile's cards (B[first_pile + head ..], B[at_n] of them) and the cards of rows
    low..high-1 in the other seats' lists (B[b + hand .. b + hand + B[b + hand_n]]), sorted by row, shuffled on
    ps, dealt back into the same places: the pile top first, then the seats ascending, each list in its order. D is
    the scratch (DEAL long): the card marks, the pool, the places in B the pool's cards come from."""
    M = D[0:N_CARDS]
    P = D[N_CARDS:2 * N_CARDS]
    Q = D[2 * N_CARDS:3 * N_CARDS]
    n = 0
    for i in range(B[at_n]):
        Q[n] = first_pile + head + i
        n += 1
    for q in range(B[G_PLAYERS]):
        if q == seat:
            continue
        b = G_PL + q * P_SIZE
        for i in range(B[b + hand_n]):
            c = B[b + hand + i]
            if low <= c < high:
                Q[n] = b + hand + i
                n += 1
    for c in range(N_CARDS):
        M[c] = 0
    for j in range(n):
        M[B[Q[j]]] = 1
    k = 0
    for c in range(N_CARDS):
        if M[c]:
            P[k] = c
            k += 1
    shuffle(P, k, ps)
    for j in range(n):
        B[Q[j]] = P[j]


@njit(cache=True, _nrt=False)
def determinize(B, seat, ps, D):
    """Re-deal what `seat` cannot see (§15.1) on the private stream ps: deck + other hands' zoo cards, then the
    final pile + other seats' final cards. D: a scratch of DEAL int64."""
    _pool(B, seat, G_DECK, G_DECK_N, B[G_DECK_HEAD], P_HAND, P_HAND_N, FIRST_ZOO_ROW, N_CARDS, D, ps)
    _pool(B, seat, G_FINAL_PILE, G_FINAL_PILE_N, 0, P_FINALS, P_FINALS_N, 0, N_FINALS, D, ps)


@njit(cache=True, _nrt=False)
def value(G, R, seat):
    """The planner's value of the position for `seat` in thousandths (PROTOCOL.md 10.4): the seat's parameter row
    (value * 1000) times integer features, minus w_opp times the best other score."""
    b = G_PL + seat * P_SIZE
    w = G_PARAMS + seat * N_POLICY_PARAMS
    appeal = min(max(G[b + P_APPEAL], 0), 113)
    v = (G[w + W_SCORE] * score(G, R, seat) + G[w + W_MONEY] * G[b + P_MONEY] + G[w + W_REP] * G[b + P_REP]
         + G[w + W_HAND] * G[b + P_HAND_N] + G[w + W_X] * G[b + P_X]
         + G[w + W_WORKERS] * (G[b + P_WORKERS_ACTIVE] + G[b + P_TASK_WORKERS] + G[b + P_TASK_WORKERS + 1]
                               + G[b + P_TASK_WORKERS + 2] + G[b + P_TASK_WORKERS + 3])
         + G[w + W_INCOME] * R[R_APPEAL_INCOME + appeal]
         + G[w + W_CP] * G[b + P_CP] + G[w + W_PARTNER] * G[b + P_PARTNERS_N]
         + G[w + W_UNIVERSITY] * G[b + P_UNIVS_N] + G[w + W_COVERED] * _ones(G[b + P_COVERED]))
    if G[w + W_OPP] != 0 and G[G_PLAYERS] > 1:
        best = -(1 << 40)
        for q in range(G[G_PLAYERS]):
            if q != seat:
                best = max(best, score(G, R, q))
        v -= G[w + W_OPP] * best
    return v


@njit(cache=True, _nrt=False)
def plan_length(G, seat):
    return max(1, min(MAX_PLAN, G[G_PARAMS + seat * N_POLICY_PARAMS + MAX_PLAN_PARAM] // 1000))


@njit(cache=True, _nrt=False, inline="always")
def _copy(B, X, lo, hi):
    """X[lo:hi] = B[lo:hi] by a loop counted from 0: over range(lo, hi) numba keeps its negative-index wrap-around
    and the loop does not vectorize (measured 2x slower)."""
    for i in range(hi - lo):
        X[lo + i] = B[lo + i]


@njit(cache=True, _nrt=False)
def copy_state(B, X):
    """X = B where a turn can read it before writing it: at a turn start the effect stack and the after-queue are
    empty and the scratch dead; lists are read below their count and appended to by writing the new entry, so only
    their used part is copied (the deck from its top), and so are the players up to G_PLAYERS. P_HOME and
    P_HOME_SEQ are copied whole: an animal that enters the zoo other than by the Animals action keeps the P_HOME
    past the list's end. About a sixth of the block in a 2-player game; the replays agree with the real turns (the
    engine-reference tests) and play the same games as a whole copy."""
    _copy(B, X, 0, G_DECK)
    _copy(B, X, G_DECK + B[G_DECK_HEAD], G_DECK + B[G_DECK_HEAD] + B[G_DECK_N])
    _copy(B, X, G_DISCARD_N, G_DISCARD + B[G_DISCARD_N])
    _copy(B, X, G_DISPLAY_N, G_STACK)
    for q in range(B[G_PLAYERS]):
        b = G_PL + q * P_SIZE
        n_built = B[b + P_BUILDINGS_N]
        _copy(B, X, b, b + P_HAND + B[b + P_HAND_N])
        _copy(B, X, b + P_FINALS_N, b + P_B_KIND + n_built)
        _copy(B, X, b + P_B_MASK, b + P_B_MASK + n_built)
        _copy(B, X, b + P_B_CUBES, b + P_B_CUBES + n_built)
        _copy(B, X, b + P_B_ANIMALS_N, b + P_B_ANIMALS_N + n_built)
        _copy(B, X, b + P_ANIMALS_N, b + P_ANIMALS + B[b + P_ANIMALS_N])
        _copy(B, X, b + P_HOME, b + P_SPONSORS + B[b + P_SPONSORS_N])
        _copy(B, X, b + P_POUCH_N, b + P_POUCH_ANIMAL + B[b + P_POUCH_N])
        _copy(B, X, b + P_POUCH_CARD, b + P_POUCH_CARD + B[b + P_POUCH_N])
        _copy(B, X, b + P_PARTNERS_N, b + P_SIZE)
    _copy(B, X, G_AFTER_HEAD, G_AFTER)
    _copy(B, X, G_POLICY, G_SCRIPT + 3 * B[G_SCRIPT_N])
    _copy(B, X, G_REC_HOOK, G_REC_MORE)
    _copy(B, X, G_TURN_READY, G_SIZE)


@njit(cache=True, _nrt=False)
def _replay(B, X, R, EV, ps, pr, seat):
    """The turn on a fresh copy of B with B's script: (value at its end, the first decision past the script)."""
    copy_state(B, X)
    _copy(B, X, SCR_TURN, SCR_TURN + 16)        # the TURN options listed once (plan_turn, G_TURN_READY)
    _copy(B, X, SCR_PROBE + KEPT_SPENDS, SCR_PROBE + KEPT_SPENDS + 5 * MAX_SPENDS)
    for i in range(4):
        pr[i] = ps[i]
    push_turn(X, seat, 0, WHOLE)
    run(X, R, EV, pr, 0)
    return value(X, R, seat), X[G_REC_HOOK], X[G_REC_N]


@njit(cache=True, _nrt=False)
def _save_more(X, W, at):
    """W[at] = X's G_REC_MORE_N, its (hook, options) pairs after it."""
    W[at] = X[G_REC_MORE_N]
    for i in range(2 * X[G_REC_MORE_N]):
        W[at + 1 + i] = X[G_REC_MORE + i]


@njit(cache=True, _nrt=False)
def start_turn(G):
    """The per-turn planning fields cleared at every turn start (no plan: every seat plays its policy)."""
    G[G_PLAN_SEAT] = 0
    G[G_SCRIPT_N] = 0
    G[G_SCRIPT_POS] = 0
    G[G_REC_HOOK] = 0
    G[G_REC_N] = 0
    G[G_REC_MORE_N] = 0
    G[G_HIDDEN] = 0
    G[G_DIVERGED] = 0


@njit(cache=True, _nrt=False)
def plan_turn(G, R, EV, W, WR, seat):
    """PROTOCOL.md 10.3: the script of seat's coming turn, into G (G_SCRIPT, G_SCRIPT_N; G_PLAN_SEAT = seat + 1);
    returns the plan's value (its replay's `value` at the turn's end). The script already in G is the plan's fixed
    start (the game loop's start_turn leaves none; the search planner asks for the best turn that begins with given
    choices, PROTOCOL.md 12)."""
    prefix = G[G_SCRIPT_N]
    start_turn(G)
    G[G_SCRIPT_N] = prefix
    B = W[0:G_SIZE]
    X = W[G_SIZE:2 * G_SIZE]
    D = W[2 * G_SIZE:SEQ]
    CUR = SEQ                       # the decisions after the recorded one in the turn replayed last / the best
    BEST = SEQ + 2 * MAX_PLAN + 1
    ps = WR[0:4]
    pr = WR[4:8]
    copy_state(G, B)
    seed_stream(ps, np.uint64(G[G_SEED]) ^ np.uint64(PRIVATE_SALT), G[G_GAME_INDEX] * TURN_STRIDE + G[G_TURN])
    determinize(B, seat, ps, D)
    B[G_NEV] = EV.shape[0]          # events off: every row of the copies is dropped
    B[G_PLAN_SEAT] = seat + 1
    B[G_CURRENT] = seat
    # every replay starts from B: its TURN options (and their XSPEND options) are listed once, here
    B[G_TURN_READY] = 1 + turn_options(B, R, seat, SCR_TURN, SCR_PROBE)
    limit = plan_length(G, seat)
    v, rh, rn = _replay(B, X, R, EV, ps, pr, seat)
    _save_more(X, W, CUR)
    while rn > 0 and B[G_SCRIPT_N] < limit:
        m = B[G_SCRIPT_N]
        at = G_SCRIPT + 3 * m
        B[at] = rh
        B[at + 1] = rn
        B[G_SCRIPT_N] = m + 1
        # option 0 is the turn just replayed (past the script every decision takes 0): its value is v and its next
        # decision the first one recorded after (rh, rn), so it needs no replay
        best, best_v = 0, v
        more = W[CUR]
        best_h = W[CUR + 1] if more > 0 else 0
        best_n = W[CUR + 2] if more > 0 else 0
        W[BEST] = max(more - 1, 0)
        for i in range(2 * W[BEST]):
            W[BEST + 1 + i] = W[CUR + 3 + i]
        for k in range(1, rn):
            B[at + 2] = k
            vk, hk, nk = _replay(B, X, R, EV, ps, pr, seat)
            if vk > best_v:
                best, best_v, best_h, best_n = k, vk, hk, nk
                _save_more(X, W, BEST)
        B[at + 2] = best
        rh, rn, v = best_h, best_n, best_v
        for i in range(1 + 2 * W[BEST]):
            W[CUR + i] = W[BEST + i]
    G[G_SCRIPT_N] = B[G_SCRIPT_N]
    for i in range(3 * B[G_SCRIPT_N]):
        G[G_SCRIPT + i] = B[G_SCRIPT + i]
    G[G_PLAN_SEAT] = seat + 1
    return v
