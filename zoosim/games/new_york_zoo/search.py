"""New York Zoo's side of the `search` player: whole-turn candidates judged by playouts (zoosim.search).

At a search seat's turn (PROTOCOL.md section 10):
- **Candidates**: the turn's destinations, each with its first tile or animal decision (where a harbour's tile
  goes, or which animal option an animal space takes); the rest of the turn is the heuristic's. Destinations are
  ordered by the heuristic's value, each one's options by the heuristic's value (first best first), and the
  shortlist takes the best option of every destination, then the second best of every destination, ... up to
  `candidates`: candidate 0 is the heuristic's own turn, so ties and small budgets fall back on it.
- **Determinisation**: the only hidden thing is which tiles lie below the top of each harbour's stack (their sizes
  are public). Each sample re-deals them: the hidden tiles of each size (a public set: every tile of that size not
  seen yet), sorted by index, are shuffled by the sample's stream and dealt back to the hidden places of their
  size. With `lower_tiles_known_to_policies` the stacks are kept as they are.
- **Playout**: the candidate's turn, then every seat plays the rollout policy (`heuristic` with its default
  weights, or `greedy`) to the game's end, or for `horizon` more turns; on a copy of the state whose random stream
  is the sample's (the game's own stream is never touched).
- **Value** for the seat: win_bonus x its win share (at the game's end) + the uncovered squares of the best other
  seat less its own (solo: win_bonus if covered + the game's score).
- **Replies** (`replies` > 1, or the dial at 2 players from four times the default budget): a sample lets the next
  seat answer for itself: its heuristic shortlist of `replies` turns is played out reply by reply, and the sample is
  worth the searching seat's value of the playout the next seat values most.
- **The dial** (zoosim.search.dial): below the default budget the shortlist halves and the playouts stop at a
  horizon (`width_for`, `horizon_for`); from four times it, at 2 players, replies are weighed (`replies_for`).
- `zoosim.search.halving.sequential_halving` spends `budget` playouts over the shortlist, on common samples (a
  sample that weighs r replies counts r playouts).

The search seat's turns are driven from outside the engine's loop (`play_game_search`): the engine's `next_turn`
plays every turn; before a search seat's turn the search picks a candidate on copies of the state, and the turn is
then played with it forced (engine/decide.py, policy POLICY_SEARCH). Nothing allocates per decision: the workspace
(`new_workspace`) is made once per block of games.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.rng import below
from zoosim.core.sort import sort_run
from zoosim.games.new_york_zoo.components.data import START_SPACE
from zoosim.games.new_york_zoo.components.tables import SPACE_HARBOUR, T_MASK, T_START, TILE_SIZE, bt
from zoosim.games.new_york_zoo.engine.actions import animal_options, animals, cells_left, log_event, move_options
from zoosim.games.new_york_zoo.engine.bits import popcount
from zoosim.games.new_york_zoo.engine.game import begin_turn, next_turn, setup
from zoosim.games.new_york_zoo.engine.heuristic import (
    animal_value, destination_value, exposed_squares, fill_value, finishing_attraction, hole_penalty,
)
from zoosim.games.new_york_zoo.engine.placements import list_placements, uncovered
from zoosim.games.new_york_zoo.engine.state import (
    G_ELEPHANT, G_END_REASON, G_HEIGHT, G_LOG_ROWS, G_NEVENTS, G_OVER, G_POLICY, G_RNG, G_STACK, G_TRAVELLED, G_TURNS,
    N_HARBOURS, OPT, P_BOARD, STATE_SIZE, pb,
)
from zoosim.games.new_york_zoo.policies import (
    F_FORCED_DEST, F_FORCED_SUB, MAX_CANDIDATES, MAX_PARAMS, POLICIES, POLICY_GREEDY, POLICY_HEURISTIC,
    POLICY_SEARCH, SP_BUDGET, SP_CANDIDATES, SP_HORIZON, SP_REPLIES, SP_ROLLOUT, SP_WIN_BONUS, W_EXPOSED,
)
from zoosim.games.new_york_zoo.protocol import END_COVERED, END_TURN_CAP, EV_CANDIDATE, EV_END, EV_SEARCH
from zoosim.games.new_york_zoo.rules import (
    MAX_PLAYERS, R_LOWER_TILES_KNOWN, R_MAX_TURNS, R_PLAYERS, R_SOLO_END, R_SOLO_LAP_LENGTH, R_SOLO_TARGET,
)
from zoosim.search.clock import now, record
from zoosim.search.dial import budget_steps
from zoosim.search.halving import N_STATS, S_PLAYOUTS, S_TOTAL, sequential_halving
from zoosim.search.streams import decision_key, sample_stream

# The shared kernel, compiled inline here: passed as a value, a jitted function (`playout`) makes its caller
# uncachable ("dynamic globals"), and a callee typed on it misses the cache in every new process (the function's
# type names its address), so a search game would compile for ~10 s in every process. Inlined, `evaluate` is a
# plain call and everything caches (measured).
halving = njit(cache=True, nogil=True, inline="always")(sequential_halving.py_func)

# the heuristic's default weights: the rollouts' seats and the search seat's own follow-up decisions play them
HEURISTIC_WEIGHTS = np.zeros(MAX_PARAMS)
HEURISTIC_WEIGHTS[:len(POLICIES["heuristic"].params)] = [p.default for p in POLICIES["heuristic"].params]

DEFAULT_BUDGET = POLICIES["search"].params[SP_BUDGET].default
FULL_GAME_HORIZON = 20  # the turns a horizon of 0 (the game's end) counts as when the dial halves it
MAX_DESTINATIONS = 64  # legal destinations of one turn (solo "4+" moves included)
MAX_SUBS = 1024        # options of one tile or animal decision (the legal placements of a tile)
SUB_BASE = 4096        # EV_CANDIDATE's b for a harbour: tile * SUB_BASE + placement index
# candidate rows (cand): the destination's option index, the sub-decision's option index (-1: not asked), the
# destination space, the sub-decision as EV_CANDIDATE's b
C_DEST, C_SUB, C_SPACE, C_CODE = range(4)
# the integer scratch (X) of a search: per destination its space, raw spaces and number of options kept, then its
# kept options (index and code, best first); the destination order; the hidden tiles by size; decision counts
I_SPACE, I_RAW, I_KEPT = 0, MAX_DESTINATIONS, 2 * MAX_DESTINATIONS
I_SUBS = 3 * MAX_DESTINATIONS                       # MAX_DESTINATIONS x MAX_CANDIDATES x 2
I_ORDER = I_SUBS + 2 * MAX_DESTINATIONS * MAX_CANDIDATES
I_PICKED = I_ORDER + MAX_DESTINATIONS                # MAX_DESTINATIONS (>= MAX_CANDIDATES): pick_best's answer
I_POOL = I_PICKED + MAX_DESTINATIONS                 # 4 sizes x 16
I_COUNT = I_POOL + 64                                # 4
I_DECISIONS = I_COUNT + 4                            # MAX_PLAYERS: searched decisions of each seat in this game
I_SIZE = I_DECISIONS + MAX_PLAYERS
W_SIZE = STATE_SIZE + 6  # one playout state in W (no event log: its one spare row)


@njit(cache=True)
def new_workspace():
    """The arrays of one thread's searches, made once per block of games (`play_game_search` takes them)."""
    return (
        np.zeros(3 * W_SIZE, np.int64),           # W: the playout state (no event log: its one spare row), then
                                                  # two more for a reply's shortlist and playout
        np.zeros((MAX_PLAYERS, MAX_PARAMS)),      # Fr: the rollouts' parameter rows
        np.zeros((MAX_PLAYERS, MAX_PARAMS)),      # Fg: the game's parameter rows (a search seat's: the heuristic's)
        np.zeros((2 * MAX_CANDIDATES, 4), np.int64),  # cand: the shortlist (C_* columns), then a reply's
        np.zeros((MAX_CANDIDATES, N_STATS)),      # stats of sequential_halving
        np.zeros(MAX_CANDIDATES, np.int64),       # alive of sequential_halving
        np.zeros(I_SIZE, np.int64),               # X: integer scratch (I_* offsets)
        np.zeros(MAX_SUBS),                       # V: one decision's option values
        np.zeros(4, np.uint64),                   # the sample's stream
    )


# ---------------------------------------------------------------- determinisation
@njit(cache=True, nogil=True)
def determinize(W, S, X, stream):
    """W = S without its event log, the hidden tiles re-dealt from `stream`, and `stream` as W's random stream.

    Only public facts are read: which tiles are hidden (every tile of a size minus those seen) does not depend on
    where they lie in the stacks, and they are sorted before the shuffle.
    """
    for k in range(OPT):
        W[k] = S[k]
    W[G_LOG_ROWS] = 0
    W[G_NEVENTS] = 0
    if W[R_LOWER_TILES_KNOWN] == 0:
        for z in range(4):
            X[I_COUNT + z] = 0
        for h in range(N_HARBOURS):
            for level in range(W[G_HEIGHT + h] - 1):
                tile = W[G_STACK + 3 * h + level]
                z = TILE_SIZE[tile] - 4
                X[I_POOL + 16 * z + X[I_COUNT + z]] = tile
                X[I_COUNT + z] += 1
        for z in range(4):
            at = I_POOL + 16 * z
            n = X[I_COUNT + z]
            sort_run(X, at, n)  # by tile index (n <= 15)
            for i in range(n - 1, 0, -1):  # Fisher-Yates, from the last down
                j = below(stream, i + 1)
                x = X[at + i]
                X[at + i] = X[at + j]
                X[at + j] = x
            X[I_COUNT + z] = 0
        for h in range(N_HARBOURS):  # dealt back in the order they were gathered
            for level in range(W[G_HEIGHT + h] - 1):
                z = TILE_SIZE[W[G_STACK + 3 * h + level]] - 4
                W[G_STACK + 3 * h + level] = X[I_POOL + 16 * z + X[I_COUNT + z]]
                X[I_COUNT + z] += 1
    for k in range(4):
        W[G_RNG + k] = np.int64(stream[k])


# ---------------------------------------------------------------- value
@njit(cache=True, nogil=True)
def outcome(W, p, win_bonus):
    """Seat p's value of a playout's state: win_bonus x its win share if the game ended with covered boards, plus
    the best other seat's uncovered squares less its own; solo: win_bonus + the score if covered, else -cells."""
    players = W[R_PLAYERS]
    own = cells_left(W, p)
    if players == 1:
        if own > 0:
            return -float(own)
        if W[R_SOLO_END] == 1:
            return win_bonus + float((START_SPACE - W[G_ELEPHANT]) % W[R_SOLO_LAP_LENGTH])
        return win_bonus + float(W[R_SOLO_TARGET] - W[G_TRAVELLED])
    best = 1 << 30
    for q in range(players):
        if q != p:
            best = min(best, cells_left(W, q))
    value = float(best - own)
    if own == 0 and W[G_OVER] != 0 and W[G_END_REASON] == END_COVERED:
        mine = animals(W, p)  # covered players share the win unless one has more animals (engine/game.results)
        winners = 1
        for q in range(players):
            if q != p and cells_left(W, q) == 0:
                theirs = animals(W, q)
                if theirs > mine:
                    return value
                if theirs == mine:
                    winners += 1
        value += win_bonus / winners
    return value


# ---------------------------------------------------------------- candidates
@njit(cache=True, nogil=True)
def pick_best(V, n, X, k):
    """The indices of the k best of V[0:n] into X[I_PICKED:], best first (the earlier on ties); how many. V is
    used up."""
    m = min(n, k)
    for r in range(m):
        best = 0
        while V[best] == -np.inf:
            best += 1
        for i in range(best + 1, n):
            if V[i] > V[best]:
                best = i
        X[I_PICKED + r] = best
        V[best] = -np.inf
    return m


@njit(cache=True, nogil=True, inline="always")
def sub_at(d, r):
    """Offset in X of destination d's r-th kept option (index, code)."""
    return I_SUBS + 2 * (d * MAX_CANDIDATES + r)


@njit(cache=True, nogil=True)
def shortlist(S, W, T, prm, p, width, cand, X, V):
    """Seat p's candidates for the turn about to begin in S, into cand[0:n] in the heuristic's preference; n.

    W is scratch: the turn is begun on a copy of S as next_turn begins it, so the options listed are the ones the
    turn will offer. `prm` is the seat's heuristic weights (its follow-up decisions play them)."""
    for k in range(OPT):
        W[k] = S[k]
    W[G_TURNS] += 1
    begin_turn(W)
    n = min(move_options(W, T, p), MAX_DESTINATIONS)
    if n == 0:
        return 0
    for i in range(n):
        X[I_SPACE + i] = W[OPT + 4 * i]
        X[I_RAW + i] = W[OPT + 4 * i + 2]
    fill = fill_value(W, T, p, prm)
    free_lo, free_hi = uncovered(W, p)
    left = popcount(free_lo) + popcount(free_hi)
    finish = finishing_attraction(W, T, p, left)
    for i in range(n):  # heuristic_choice's values at D_DESTINATION
        V[i] = destination_value(W, T, p, X[I_SPACE + i], X[I_RAW + i], fill, left, finish, prm) if n > 1 else 0.0
    pick_best(V, n, X, n)
    for i in range(n):
        X[I_ORDER + i] = X[I_PICKED + i]
    b = W[pb(p) + P_BOARD]
    for i in range(n):  # each destination's first decision: its options' values as heuristic_choice has them
        space = X[I_SPACE + i]
        h = SPACE_HARBOUR[space - 1]
        tile = -1
        if h >= 0:
            tile = W[G_STACK + 3 * h + W[G_HEIGHT + h] - 1]
            m = min(list_placements(W, T, p, tile), MAX_SUBS)
            start = T[T_START + bt(b, tile)]
            for j in range(m):  # best_placement's value of each legal placement, in the option order
                k = T_MASK + 2 * (start + W[OPT + 4 * j])
                m_lo = np.uint64(T[k])
                m_hi = np.uint64(T[k + 1])
                u_lo = free_lo & ~m_lo
                u_hi = free_hi & ~m_hi
                exposure = prm[W_EXPOSED] * exposed_squares(u_lo, u_hi, m_lo, m_hi, b)
                V[j] = -(hole_penalty(u_lo, u_hi, b, prm) + exposure)
        else:
            m = animal_options(W, p, space)
            for j in range(m):
                v = animal_value(W, p, W[OPT + 4 * j], fill, prm)
                if W[OPT + 4 * j + 1] >= 0:
                    v += max(animal_value(W, p, W[OPT + 4 * j + 1], fill, prm), 0.0)
                V[j] = v
        if m == 0:  # an animal space with nothing to place (animal_space_requires_placement = false)
            X[I_KEPT + i] = 1
            X[sub_at(i, 0)] = -1
            X[sub_at(i, 0) + 1] = -1
            continue
        kept = pick_best(V, m, X, width)
        X[I_KEPT + i] = kept
        for r in range(kept):
            j = X[I_PICKED + r]
            X[sub_at(i, r)] = j
            if h >= 0:
                X[sub_at(i, r) + 1] = tile * SUB_BASE + W[OPT + 4 * j]
            else:
                X[sub_at(i, r) + 1] = W[OPT + 4 * j] * 8 + W[OPT + 4 * j + 1] + 1
    count = 0
    for r in range(width):  # round robin: every destination's best option, then every second best, ...
        for o in range(n):
            d = X[I_ORDER + o]
            if r < X[I_KEPT + d] and count < width:
                cand[count, C_DEST] = d
                cand[count, C_SUB] = X[sub_at(d, r)]
                cand[count, C_SPACE] = X[I_SPACE + d]
                cand[count, C_CODE] = X[sub_at(d, r) + 1]
                count += 1
    return count


# ---------------------------------------------------------------- playouts
@njit(cache=True, nogil=True)
def roll(W, T, Fr, limit):
    """The rollout policy's turns from W until the game ends or W[G_TURNS] reaches limit."""
    over = W[G_OVER] != 0
    while not over and W[G_TURNS] < limit:
        over = next_turn(W, T, Fr)


@njit(cache=True, nogil=True)
def force_turn(W, T, Fr, q, row, rollout):
    """Seat q's turn in W played with the candidate in `row` (C_* columns) forced; whether the game is over."""
    W[G_POLICY + q] = POLICY_SEARCH
    Fr[q, F_FORCED_DEST] = row[C_DEST]
    Fr[q, F_FORCED_SUB] = row[C_SUB]
    over = next_turn(W, T, Fr)
    W[G_POLICY + q] = rollout
    return over


@njit(cache=True, nogil=True)
def playout(ctx, c, sample):
    """Candidate c on determinisation `sample`: its turn, then the rollout policy in every seat; p's value. With
    replies > 1 the next seat's turn is its best, for itself, of the heuristic's first `replies` (each played out)."""
    S, W, T, Fr, cand, X, V, stream, key, p, horizon, rollout, win_bonus, replies = ctx
    Wp = W[:W_SIZE]
    sample_stream(stream, key, sample)
    determinize(Wp, S, X, stream)
    players = Wp[R_PLAYERS]
    for q in range(players):
        Wp[G_POLICY + q] = rollout
    over = force_turn(Wp, T, Fr, p, cand[c], rollout)
    limit = Wp[R_MAX_TURNS]
    if horizon > 0:
        limit = min(limit, Wp[G_TURNS] + horizon)
    if over or replies < 2 or players < 2 or Wp[G_TURNS] >= limit:
        roll(Wp, T, Fr, limit)
        return outcome(Wp, p, win_bonus)
    q = Wp[G_TURNS] % players  # the next seat (next_turn plays seat G_TURNS % players after incrementing)
    answers = cand[MAX_CANDIDATES:]
    n = shortlist(Wp, W[W_SIZE:2 * W_SIZE], T, Fr[q], q, replies, answers, X, V)
    if n == 0:
        roll(Wp, T, Fr, limit)
        return outcome(Wp, p, win_bonus)
    Wr = W[2 * W_SIZE:]
    best_for_q = -np.inf
    value = 0.0
    for r in range(n):
        for k in range(OPT):
            Wr[k] = Wp[k]
        force_turn(Wr, T, Fr, q, answers[r], rollout)
        roll(Wr, T, Fr, limit)
        for_q = outcome(Wr, q, win_bonus)
        if for_q > best_for_q:
            best_for_q = for_q
            value = outcome(Wr, p, win_bonus)
    return value


# ---------------------------------------------------------------- the skill dial
@njit(cache=True, _nrt=False)
def width_for(candidates, budget):
    """The shortlist width (zoosim.search.dial): `candidates` from the default budget up, halved for each factor of
    4 below it (at least 2; 1 stays 1, the heuristic's turn). It does not grow above: a wider shortlist only gave
    the playouts more ways to fit their model of the other seats (16 candidates at 192 playouts lost to 8 at 48)."""
    width = min(max(int(candidates), 1), MAX_CANDIDATES)
    steps = budget_steps(budget, DEFAULT_BUDGET)
    if width < 2 or steps >= 0:
        return width
    return max(2, width >> -steps)


@njit(cache=True, _nrt=False)
def horizon_for(horizon, budget):
    """The playouts' horizon in turns (zoosim.search.dial): `horizon` from the default budget up (0: to the game's
    end), and below it halved for each factor of 4, from 20 turns when it was 0 (about half a 2-player game): 10
    at a quarter of the default, 5 at a sixteenth (at least 1). Fewer playouts look less far."""
    horizon = max(int(horizon), 0)
    steps = budget_steps(budget, DEFAULT_BUDGET)
    if steps >= 0:
        return horizon
    base = horizon if horizon > 0 else FULL_GAME_HORIZON
    return max(1, base >> -steps)


@njit(cache=True, _nrt=False)
def replies_for(replies, budget, players):
    """How many replies of the next seat each sample weighs (zoosim.search.dial): `replies` up to the default
    budget, and at 2 players from four times it at least 2 x 2^steps (4 at four times the default, 8 at sixteen
    times). The playouts model the other seats as the heuristic; at 2 players a searching opponent is modelled
    better by letting it pick its best reply, and this is where more budget still buys strength. At more players
    one seat's best reply among seats that still play as the heuristic is no better a model: against `heuristic`
    at 4 players it won .645 of one seat's games at 192 against .965 at 48 (docs/findings.md), so there the dial
    adds playouts only."""
    steps = budget_steps(budget, DEFAULT_BUDGET)
    if steps < 1 or players != 2:
        return max(int(replies), 0)
    return min(max(int(replies), 2 << steps), MAX_CANDIDATES)


@njit(cache=True, nogil=True)
def search_turn(S, T, params, p, seed, game_index, W, Fr, cand, stats, alive, X, V, stream, timings):
    """Seat p's candidate for the turn about to begin (its index in cand; -1: no legal destination), with the
    decision's rows in S's event log (EV_SEARCH, then EV_CANDIDATE per candidate). `budget` counts rollouts: a
    sample that weighs r > 1 replies plays r of them, so the halving gets budget // r samples."""
    started = now() if timings.shape[0] > 0 else 0.0
    budget = max(int(params[SP_BUDGET]), 1)
    width = width_for(params[SP_CANDIDATES], budget)
    n = shortlist(S, W, T, Fr[p], p, width, cand, X, V)
    if n == 0:
        return -1
    key = decision_key(seed, game_index, p, X[I_DECISIONS + p])
    X[I_DECISIONS + p] += 1
    replies = replies_for(params[SP_REPLIES], budget, S[R_PLAYERS])
    samples = max(budget // replies, 1) if replies > 1 else budget
    rollout = POLICY_GREEDY if params[SP_ROLLOUT] >= 1.0 else POLICY_HEURISTIC
    horizon = horizon_for(params[SP_HORIZON], budget)
    ctx = (S, W, T, Fr, cand, X, V, stream, key, p, horizon, rollout, params[SP_WIN_BONUS], replies)
    chosen = halving(ctx, playout, n, samples, stats, alive)
    spent = 0
    for c in range(n):
        spent += int(stats[c, S_PLAYOUTS])
    log_event(S, EV_SEARCH, p, n, chosen, spent, replies if replies > 1 else 0)
    for c in range(n):
        played = int(stats[c, S_PLAYOUTS])
        mean = int(np.round(1000.0 * stats[c, S_TOTAL] / played)) if played > 0 else 0
        log_event(S, EV_CANDIDATE, p, cand[c, C_SPACE], cand[c, C_CODE], played, mean)
    if timings.shape[0] > 0:
        record(timings, now() - started)
    return chosen


# ---------------------------------------------------------------- the game
@njit(cache=True, nogil=True)
def seat_search(S, par, ids, Fr, Fg, X):
    """Ready the seats of a game with search seats (ids[seat] == POLICY_SEARCH): S's policy ids and the game's
    parameter rows Fg (a search seat decides as the heuristic, default weights, outside its searched turns), the
    rollouts' rows Fr, and no searched decision yet."""
    for q in range(S[R_PLAYERS]):
        search = ids[q] == POLICY_SEARCH
        S[G_POLICY + q] = POLICY_HEURISTIC if search else ids[q]
        for k in range(MAX_PARAMS):
            Fg[q, k] = HEURISTIC_WEIGHTS[k] if search else par[q, k]
            Fr[q, k] = HEURISTIC_WEIGHTS[k]
        X[I_DECISIONS + q] = 0


@njit(cache=True, nogil=True)
def play_on(S, T, par, ids, seed, game_index, W, Fr, Fg, cand, stats, alive, X, V, stream, timings):
    """The game loop from the turn after S[G_TURNS] to the end (seats readied by seat_search): the engine's
    `next_turn` plays every turn; a search seat's turn is searched first and played with the chosen candidate
    forced. Logs the END event."""
    players = S[R_PLAYERS]
    while S[G_TURNS] < S[R_MAX_TURNS]:
        p = S[G_TURNS] % players
        c = -1
        if ids[p] == POLICY_SEARCH:
            c = search_turn(S, T, par[p], p, seed, game_index, W, Fr, cand, stats, alive, X, V, stream, timings)
        if c >= 0:
            Fg[p, F_FORCED_DEST] = cand[c, C_DEST]
            Fg[p, F_FORCED_SUB] = cand[c, C_SUB]
            S[G_POLICY + p] = POLICY_SEARCH
            over = next_turn(S, T, Fg)
            S[G_POLICY + p] = POLICY_HEURISTIC
        else:
            over = next_turn(S, T, Fg)
        if over:
            break
    log_event(S, EV_END, -1, S[G_END_REASON], S[G_TURNS], 0, 0)


@njit(cache=True, nogil=True)
def play_game_search(S, T, par, ids, seed, game_index, W, Fr, Fg, cand, stats, alive, X, V, stream, timings):
    """engine/game.play_game with search seats (ids[seat] == POLICY_SEARCH, parameters par[seat]); with a non-empty
    `timings` the seconds of each search decision are recorded (zoosim.search.clock)."""
    seat_search(S, par, ids, Fr, Fg, X)
    setup(S, T, Fg, seed, game_index)
    S[G_END_REASON] = END_TURN_CAP
    play_on(S, T, par, ids, seed, game_index, W, Fr, Fg, cand, stats, alive, X, V, stream, timings)
