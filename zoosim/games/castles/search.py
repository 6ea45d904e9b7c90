"""The `search` policy (code 4): Castles' side of zoosim.search, a player that looks ahead with the engine itself.

A search seat's games are `play_game`'s: the engine's loop (engine.game.play_on) plays until a search seat is to
decide and stops there; this module decides and the loop plays on. The loop never calls this module (numba cannot
compile a call cycle) and the playouts run the same loop. Decisions searched (PROTOCOL.md 8, 10):

- **act**, the first action of the seat's turn (food extras, placements, rewards and bonus cards are heuristic's):
  the candidates are the act options (slot, piece, pass), heuristic's choice first, then the others by heuristic's
  value of each (the best placement's value plus card progress, per 1,000 marks of net cost; a pass at pass_bias),
  a pass always among them;
- **price**, as master builder: the candidates are heuristic's pricing plans at w_intent 1 (its own), 0, 2, 0.5, 3
  and 1.5, each distinct plan once.

A playout copies the decision's state into a workspace (castles restored by the rows they use, `_restore`), re-deals
what the seat cannot see (`redeal`: the room-card deck below the cards drawn, each room stack from the tiles of its
size nobody has seen, the other seats' bonus cards and the bonus deck from the cards not in the seat's hand), applies
the candidate, lets `rollout` (heuristic or greedy) play every seat to the end of `horizon` rounds past the current
one (or the game's end) and values the result (`value`). `halving` (zoosim.search.halving's sequential halving) spends the
budget over the shortlist on common random numbers: sample j is the same re-deal and the same stream for every
candidate. Randomness: sample j of the seat's d-th searched decision draws from
`streams.sample_stream(decision_key(seed, game index, seat, d), j)`; the game's own stream is never touched, so a
game stays a pure function of (rules, seed, game index, policies).

Nothing allocates per decision: `Workspace` (one per worker) holds every array a search writes.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.rng import shuffle
from zoosim.games.castles.engine import castle as EC
from zoosim.games.castles.engine import greedy_heuristic as PP
from zoosim.games.castles.engine.end import final_scoring
from zoosim.games.castles.engine.game import play_on, record_round
from zoosim.games.castles.engine.rewards import _act_options
from zoosim.games.castles.engine.setup import setup
from zoosim.games.castles.engine.state import (
    DEFAULT_PARAMS, G_BD, G_BD_N, G_DECK, G_DECK_HEAD, G_END, G_FORCED, G_MB, G_MKT_N, G_MKT_T, G_N, G_NEV, G_OPT,
    G_OVERFLOW, G_PEND, G_PEND_N, G_PL, G_PLAN_SET, G_ROUND, G_SEATCODE, G_SEATPOL, G_SIZE, G_SLOT, G_STK, G_STN,
    G_TURNK, GREEDY, GREEDY_PARAMS, MAX_PLAYERS, MAX_STACK, N_BONUS, N_OUT, N_POLICY_PARAMS, N_SIZES, O_AREA,
    O_MONEYPTS, O_SCORE, OPT_PASS, OPT_PIECE, P_BONUS, P_BONUS_N, P_MONEY, PB, RG_COMP, SEARCH_OPTION,
    SIZE_TILES, STOP_ACT, STOP_PRICE, STOP_ROUND, _log,
)
from zoosim.games.castles.components import data
from zoosim.games.castles.policies import (
    S_BUDGET, S_CANDIDATES, S_HORIZON, S_MONEY, S_ROLLOUT, S_WIN, SEARCH_DEFAULTS, W_CARDS, W_INTENT, W_PASS,
    W_PIECE,
)
from zoosim.search import clock
from zoosim.search.dial import budget_steps
from zoosim.search.halving import N_STATS, S_PLAYOUTS, S_TOTAL, sequential_halving
from zoosim.search.streams import decision_key, sample_stream

MAX_CANDIDATES = 16
PLAN_CODE = 3000            # an explain row's option code for pricing plan v: PLAN_CODE + v
PRICE_INTENTS = np.array([1.0, 0.0, 2.0, 0.5, 3.0, 1.5])
DEFAULT_BUDGET = SEARCH_DEFAULTS[S_BUDGET]
N_TILES = data.N_TILES
# info[]: what evaluate reads of the decision
I_SEAT, I_KEY, I_KIND, I_HORIZON, I_ROLLOUT, I_ROW0, I_ROW1 = range(7)
# fp[]: the value's weights
F_MONEY, F_WIN = range(2)


class Workspace:
    """Every array a search writes, made once per worker (and reused by every game and decision)."""

    def __init__(self, castle_len: int) -> None:
        self.WG = np.zeros(G_SIZE, np.int64)
        self.WCS = np.zeros((MAX_PLAYERS, castle_len), np.int64)
        self.WPW = np.zeros((MAX_PLAYERS, N_POLICY_PARAMS))
        self.EV0 = np.zeros((0, 7), np.int64)
        self.rs = np.zeros(4, np.uint64)
        self.cand = np.zeros(MAX_CANDIDATES, np.int64)
        self.plans = np.zeros((MAX_CANDIDATES, 16), np.int64)
        self.vals = np.zeros(MAX_CANDIDATES + 4)
        self.stats = np.zeros((MAX_CANDIDATES, N_STATS))
        self.alive = np.zeros(MAX_CANDIDATES, np.int64)
        self.info = np.zeros(8, np.int64)
        self.fp = np.zeros(4)
        self.scratch = np.zeros(256, np.int64)
        self.out = np.zeros((MAX_PLAYERS, N_OUT), np.int64)
        self.decisions = np.zeros(MAX_PLAYERS, np.int64)


@njit(cache=True, _nrt=False)
def _restore(W, C, full):
    """Make castle block W equal to C. `full` copies it all; otherwise W is a copy of C plus tiles a playout laid
    (engine.castle only adds), which changed the lists and per-tile rows and the bit sets' rows under their boxes:
    only those rows are copied."""
    if full:
        for i in range(C.shape[0]):
            W[i] = C[i]
        return
    y0 = 1 << 30
    y1 = -1
    for t in range(W[EC.H_N]):
        y = W[EC.T_Y + t]
        if y < y0:
            y0 = y
        if y > y1:
            y1 = y
    for i in range(EC.BITS_AT):
        W[i] = C[i]
    if y1 < 0:
        return
    grid = C[EC.H_GRID]
    words = C[EC.H_WORDS]
    y1 = min(y1 + EC.MAX_BOX + 1, grid)
    a = C[EC.H_OCC] + y0 * words
    b = C[EC.H_OCC] + min(y1 + 1, grid) * words
    for i in range(a, b):
        W[i] = C[i]
    e0 = (y0 * (grid + 1) * 2) // 64
    e1 = min(((y1 + 2) * (grid + 1) * 2) // 64 + 1, C[EC.H_EWORDS])
    for base in (C[EC.H_WALL], C[EC.H_FENCE], C[EC.H_DOOR], C[EC.H_DOOR] + C[EC.H_EWORDS], C[EC.H_OPEN_DOOR]):
        for i in range(base + e0, base + e1):
            W[i] = C[i]


# ---------------------------------------------------------------- what the seat cannot see
@njit(cache=True, _nrt=False)
def _sort(v, n):
    """Insertion sort of v[:n] (a few dozen values): an unseen set in a canonical order before it is shuffled."""
    for i in range(1, n):
        x = v[i]
        j = i - 1
        while j >= 0 and v[j] > x:
            v[j + 1] = v[j]
            j -= 1
        v[j + 1] = x


@njit(cache=True, _nrt=False)
def redeal(G, CS, RG, seat, rs, scratch):
    """Re-deal, from stream rs, everything seat `seat` cannot see, from public information only: the room-card deck
    (the cards below those drawn: the deck and the cards set aside at setup, G[G_DECK + head:]), each room stack
    (its count kept) from the tiles of its size in no castle, market or pending queue, and the other seats' bonus
    hands (their counts kept) and the bonus deck from the cards not in the seat's hand."""
    n = G[G_N]
    total = 0
    for s in range(N_SIZES):
        total += RG[RG_COMP + s]
    head = G[G_DECK_HEAD]
    _sort(G[G_DECK + head:G_DECK + total], total - head)   # the cards as a public multiset, then dealt
    shuffle(G[G_DECK + head:G_DECK + total], total - head, rs)
    seen = scratch[:N_TILES]
    pool = scratch[N_TILES:N_TILES + 2 * MAX_STACK]
    for t in range(N_TILES):
        seen[t] = 0
    for i in range(G[G_MKT_N]):
        seen[G[G_MKT_T + i]] = 1
    for i in range(G[G_PEND_N]):
        seen[G[G_PEND + i]] = 1
    for q in range(n):
        for t in range(CS[q, EC.H_N]):
            seen[CS[q, EC.T_TILE + t]] = 1
    for s in range(N_SIZES):
        m = 0
        for j in range(MAX_STACK):
            t = SIZE_TILES[s, j]
            if t >= 0 and seen[t] == 0:
                pool[m] = t
                m += 1
        shuffle(pool, m, rs)
        at = G_STK + s * MAX_STACK
        for j in range(G[G_STN + s]):
            G[at + j] = pool[j]
    cards = scratch[N_TILES + 2 * MAX_STACK:N_TILES + 2 * MAX_STACK + N_BONUS]
    m = 0
    for q in range(n):
        if q != seat:
            at = G_PL + q * PB
            for i in range(G[at + P_BONUS_N]):
                cards[m] = G[at + P_BONUS + i]
                m += 1
    for i in range(G[G_BD_N]):
        cards[m] = G[G_BD + i]
        m += 1
    _sort(cards, m)
    shuffle(cards, m, rs)
    m = 0
    for q in range(n):
        if q != seat:
            at = G_PL + q * PB
            for i in range(G[at + P_BONUS_N]):
                G[at + P_BONUS + i] = cards[m]
                m += 1
    for i in range(G[G_BD_N]):
        G[G_BD + i] = cards[m]
        m += 1


# ---------------------------------------------------------------- a playout
@njit(cache=True, _nrt=False)
def value(G, CS, R, RG, seat, out, fp):
    """A playout's outcome for `seat`: its score as if the game ended now minus the best other seat's; before the
    end each seat's marks count fp[F_MONEY] points per 1,000 instead of the end's money points; at the game's end
    the seat's win share times fp[F_WIN] is added."""
    final_scoring(G, CS, R, RG, out)
    n = G[G_N]
    ended = G[G_END] >= 0
    best = -1e300
    mine = 0.0
    for q in range(n):
        v = float(out[q, O_SCORE])
        if not ended:
            v += fp[F_MONEY] * G[G_PL + q * PB + P_MONEY] / 1000 - out[q, O_MONEYPTS]
        if q == seat:
            mine = v
        elif v > best:
            best = v
    margin = mine - best
    if ended:
        winners = 0
        first = True
        for q in range(n):
            if q != seat and (out[q, O_SCORE] > out[seat, O_SCORE] or (
                    out[q, O_SCORE] == out[seat, O_SCORE] and out[q, O_AREA] > out[seat, O_AREA])):
                first = False
            if out[q, O_SCORE] == out[seat, O_SCORE] and out[q, O_AREA] == out[seat, O_AREA]:
                winners += 1
        if first:
            margin += fp[F_WIN] / winners
    return margin


@njit(cache=True, _nrt=False)
def evaluate(ctx, c, sample):
    """Playout of candidate c on sample `sample` (zoosim.search.halving's evaluate)."""
    G, CS, R, RG, WG, WCS, WPW, EV0, rs, keys, opts, cbuf, out, info, cand, plans, scratch, fp = ctx
    n = G[G_N]
    for i in range(G_SIZE):
        WG[i] = G[i]
    for q in range(n):
        _restore(WCS[q], CS[q], False)
    seat = info[I_SEAT]
    sample_stream(rs, info[I_KEY], sample)
    redeal(WG, WCS, RG, seat, rs, scratch)
    code = info[I_ROLLOUT]
    for q in range(n):
        WG[G_SEATCODE + q] = code
        for k in range(N_POLICY_PARAMS):
            WPW[q, k] = GREEDY_PARAMS[k] if code == GREEDY else DEFAULT_PARAMS[k]
    if info[I_KIND] == STOP_ACT:
        WG[G_FORCED] = cand[c] + 1
    else:
        for i in range(WG[G_MKT_N]):
            WG[PP.PLAN + i] = plans[c, i]
        WG[G_PLAN_SET] = 1
    last = WG[G_ROUND] + info[I_HORIZON]
    while True:
        play_on(WG, WCS, R, RG, WPW, EV0, rs, keys, opts, cbuf, False)
        if WG[G_END] >= 0 or WG[G_OVERFLOW] or WG[G_ROUND] >= last:
            break
    return value(WG, WCS, R, RG, seat, out, fp)


# The shared kernel, compiled into this module with the playout inlined: numba names a jitted function passed as an
# argument after its object's address, so a kernel taking `evaluate` as an argument would miss the cache in every
# new process (~20 s of compile before the first search game); inlined, the chain caches like the rest of the
# engine (New York Zoo does the same).
halving = njit(cache=True, inline="always")(sequential_halving.py_func)


# ---------------------------------------------------------------- the shortlists
@njit(cache=True, _nrt=False)
def act_shortlist(G, CS, R, RG, PW, p, keys, opts, cand, vals, width):
    """The act options of seat p's first action, best first: heuristic's choice, then the others by heuristic's value
    (ties in option order), cut to `width` with a pass kept in the last place if it fell off. Codes into cand;
    returns their number."""
    n = _act_options(G, CS, R, RG, p, 0)
    h = PP.act_choice(G, CS, R, RG, PW, p, n, keys, opts) if n > 1 else 0
    G[PP.MEMO_TILE] = -1
    first = G[G_OPT + h]
    PP.seat_metrics(G, CS, R, RG, p)
    mv = G[PP.MV:PP.MV + PP.K_SIZE]
    locked = 0
    if PW[p, W_PIECE] != 0:
        for i in range(G[G_MKT_N]):
            if not PP.placeable(G, CS, R, p, G[G_MKT_T + i]):
                locked += 1
    codes = G[G_OPT:G_OPT + n]
    for i in range(n):
        code = codes[i]
        if code == OPT_PASS:
            vals[i] = PW[p, W_PASS]
            continue
        tile, cost = PP._buy(G, RG, i)
        gain = PP.best_placement(G, CS, R, RG, PW, p, tile, keys, opts, PP.BEST)
        if code >= OPT_PIECE:
            gain += PW[p, W_PIECE] * locked
        else:
            gain += PW[p, W_CARDS] * PP.progress(G, RG, p, tile, mv)
        vals[i] = PP._per_cost(PW, p, gain, cost, False)
    k = 0
    cand[k] = first
    k += 1
    has_pass = first == OPT_PASS
    while k < width and k < n:
        best = -1
        for i in range(n):
            taken = False
            for j in range(k):
                if cand[j] == codes[i]:
                    taken = True
            if not taken and (best < 0 or vals[i] > vals[best]):
                best = i
        cand[k] = codes[best]
        if codes[best] == OPT_PASS:
            has_pass = True
        k += 1
    if not has_pass and k > 1:
        cand[k - 1] = OPT_PASS
    return k


@njit(cache=True, _nrt=False)
def price_shortlist(G, CS, R, RG, PW, mb, WPW, plans, cand, width):
    """Pricing plans (greedy_heuristic.price_plan's ranks of the market positions) at the w_intents of
    PRICE_INTENTS, heuristic's own first, each distinct plan once, at most `width`; plans[v, :market] and cand[v] =
    PLAN_CODE + the intent's index. Returns their number."""
    m = G[G_MKT_N]
    k = 0
    for v in range(PRICE_INTENTS.shape[0]):
        if k >= width:
            break
        for q in range(G[G_N]):
            for j in range(N_POLICY_PARAMS):
                WPW[q, j] = PW[q, j]
        if v > 0:
            WPW[mb, W_INTENT] = PRICE_INTENTS[v]
        PP.price_plan(G, CS, R, RG, WPW, mb)
        same = False
        for j in range(k):
            equal = True
            for i in range(m):
                if plans[j, i] != G[PP.PLAN + i]:
                    equal = False
            if equal:
                same = True
        if same:
            continue
        for i in range(m):
            plans[k, i] = G[PP.PLAN + i]
        cand[k] = PLAN_CODE + v
        k += 1
    return k


@njit(cache=True, _nrt=False)
def width_for(candidates, budget):
    """The shortlist width (zoosim.search.dial): `candidates` at the default budget, doubled for each factor of 4
    above it and halved for each below (at least 2, at most 16); 1 stays 1 (heuristic's choice)."""
    if candidates < 2:
        return 1
    w = int(candidates * 2.0 ** budget_steps(max(budget, 1), DEFAULT_BUDGET))
    return max(2, min(w, MAX_CANDIDATES))


@njit(cache=True, _nrt=False)
def horizon_for(horizon, budget):
    """The playouts' horizon in rounds (zoosim.search.dial): `horizon` at the default budget, one more for each
    factor of 4 above it and one fewer for each below (at least 0, at most 40)."""
    return max(0, min(40, int(horizon) + budget_steps(max(budget, 1), DEFAULT_BUDGET)))


# ---------------------------------------------------------------- a decision, a game
@njit(cache=True, _nrt=False)
def decide(kind, seat, key, G, CS, R, RG, PW, EV, prow, WG, WCS, WPW, EV0, rs, keys, opts, cbuf, out, info, cand,
           plans, vals, stats, alive, scratch, fp):
    """Search seat `seat`'s decision (kind STOP_ACT or STOP_PRICE) on the game's state and set it in G (G_FORCED,
    or the plan and G_PLAN_SET); with a traced game's EV one SEARCH_OPTION row per candidate."""
    budget = int(prow[S_BUDGET])
    width = width_for(prow[S_CANDIDATES], budget)
    if kind == STOP_ACT:
        k = act_shortlist(G, CS, R, RG, PW, seat, keys, opts, cand, vals, width)
    else:
        k = price_shortlist(G, CS, R, RG, PW, seat, WPW, plans, cand, width)
    for i in range(N_STATS):
        for c in range(k):
            stats[c, i] = 0.0
    best = 0
    if k > 1 and budget > 0:
        n = G[G_N]
        for q in range(n):
            _restore(WCS[q], CS[q], True)
        info[I_SEAT] = seat
        info[I_KEY] = key
        info[I_KIND] = kind
        info[I_HORIZON] = horizon_for(prow[S_HORIZON], budget)
        info[I_ROLLOUT] = GREEDY if int(prow[S_ROLLOUT]) == GREEDY else GREEDY + 1
        fp[F_MONEY] = prow[S_MONEY]
        fp[F_WIN] = prow[S_WIN]
        ctx = (G, CS, R, RG, WG, WCS, WPW, EV0, rs, keys, opts, cbuf, out, info, cand, plans, scratch, fp)
        best = halving(ctx, evaluate, k, budget, stats, alive)
    if EV.shape[0] > 0:
        for c in range(k):
            playouts = int(stats[c, S_PLAYOUTS])
            mean = stats[c, S_TOTAL] / playouts if playouts > 0 else 0.0
            b = 0
            if kind == STOP_ACT:
                b = G[G_SLOT + cand[c]] if cand[c] < OPT_PIECE else -1
            else:
                for i in range(G[G_MKT_N]):
                    b |= plans[c, i] << (4 * i)
            _log(G, EV, SEARCH_OPTION, seat, cand[c], b, playouts, int(np.round(mean * 100)), 1 if c == best else 0)
    if kind == STOP_ACT:
        G[G_FORCED] = cand[best] + 1
    else:
        for i in range(G[G_MKT_N]):
            G[PP.PLAN + i] = plans[best, i]
        G[G_PLAN_SET] = 1


@njit(cache=True, _nrt=False)
def play_game(G, CS, R, RG, EV, rng, policies, params, PW, keys, opts, cbuf, out, round_log, seed, game_index, WG,
              WCS, WPW, EV0, rs, out2, info, cand, plans, vals, stats, alive, scratch, fp, decisions, timings):
    """engine.game.play_game with search seats: the loop stops at their decisions (play_on with stop) and `decide`
    sets them. `timings` (zoosim.search.clock; empty: off) gets each search decision's seconds."""
    setup(G, CS, R, RG, EV, rng, policies, params, PW)
    n = G[G_N]
    for q in range(MAX_PLAYERS):
        decisions[q] = 0
    while True:
        stop = play_on(G, CS, R, RG, PW, EV, rng, keys, opts, cbuf, True)
        if stop == STOP_ROUND:
            record_round(G, round_log)
            if G[G_END] >= 0 or G[G_OVERFLOW]:
                break
            continue
        seat = G[G_MB] if stop == STOP_PRICE else (G[G_MB] + G[G_TURNK]) % n
        key = decision_key(seed, game_index, seat, decisions[seat])
        decisions[seat] += 1
        started = clock.now() if timings.shape[0] > 0 else 0.0
        decide(stop, seat, key, G, CS, R, RG, PW, EV, params[G[G_SEATPOL + seat]], WG, WCS, WPW, EV0, rs, keys, opts,
               cbuf, out2, info, cand, plans, vals, stats, alive, scratch, fp)
        if timings.shape[0] > 0:
            clock.record(timings, clock.now() - started)
    final_scoring(G, CS, R, RG, out)
    return G[G_NEV]
