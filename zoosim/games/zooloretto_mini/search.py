"""Zooloretto Mini's `search` policy (id 4): the game's side of the shared search (zoosim/search).

A search seat decides two things by playouts, on the public state only; everything else it plays as `heuristic`
(default weights):
- its turn: DRAW or TAKE t (the turn options of PROTOCOL 9);
- after a DRAW, the truck that gets the drawn tile (the tile is known then), with parameter `load` = 1.
The candidates are those options, best first by the heuristic's own preference (its gain of each truck, a draw
valued at its take threshold; for a drawn tile, the gain the tile brings to each truck), cut to `candidates`.
`zoosim.search.halving.sequential_halving` spends `budget` playouts on them, on common random numbers: playout j
of every candidate runs on determinisation j, drawn from the search's own stream (zoosim.search.streams, keyed by
seed, game index, seat and the seat's count of searched decisions).

- Determinisation: the tiles nobody can see (the tiles in play minus every tile on a truck, in a zoo or barn and
  out of the game, PROTOCOL 2's codes with the births accounted for; a species in play but not yet seen, possible
  only without offspring, is drawn among the unseen species) are shuffled into the positions still to be drawn
  (main and end stack alike: how many are left in each is public). The deck itself is never read.
- Playout: the candidate, then every seat plays `rollout` (3 heuristic, 2 greedy; default weights) to the game's
  end on the determinised stacks, through engine/game.play_out (the game loop; it never calls this module).
- Value for the searching seat: own score - best other score + `win_weight` x its win share (ties by landscape
  tiles, then shared, as the final ranking).

play.play_game drives it: the loop stops when a search seat is on turn (play_out's stop_policy), `search_turn` plays
that turn, the loop goes on. The workspace (`new_workspace`) is made once per play_many; nothing is allocated per
decision. When the game is traced with `explain`, each searched decision writes EV_SEARCH and one EV_SEARCH_OPTION
per candidate (PROTOCOL 10).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.borrow import copy_array
from zoosim.core.rng import below, shuffle
from zoosim.games.zooloretto_mini.engine import state as E
from zoosim.games.zooloretto_mini.engine.game import MAX_DECK, draw_and_load, play_out, take_empty_truck, take_truck
from zoosim.games.zooloretto_mini.engine.policies import (
    HEURISTIC, HP_TAKE_THRESHOLD, choose_truck_for_tile, free_space_share, truck_value, zoo_value,
)
from zoosim.games.zooloretto_mini.engine.state import (
    H_DRAW_PTR, H_TOTAL, H_TRACE_N, OUT, P_ANIMALS, P_BARN, P_FEMALE, P_LAND_KINDS, P_LANDS, P_MALE, P_SPECIES,
    SUPPLY, T_CAPACITY, T_COUNT, T_TAKEN_BY, T_TILES, player_at,
)
from zoosim.games.zooloretto_mini.policies import MAX_POLICY_PARAMS, POLICIES
from zoosim.games.zooloretto_mini.rules import (
    LANDSCAPE_BASE, MAX_LANDSCAPE_KINDS, MAX_PLAYERS, MAX_SPECIES, MAX_TRUCK_CAPACITY, MAX_TRUCKS, N_CODES,
    R_ENCLOSURES, R_FEMALES, R_LANDSCAPE_KINDS, R_LANDSCAPES_PER_KIND, R_MALES, R_OFFSPRING, R_PLAYERS, R_REMOVED,
    R_SPECIES, R_TILES_PER_SPECIES, R_TRUCKS,
)
from zoosim.search.clock import now, record
from zoosim.search.halving import N_STATS, S_PLAYOUTS, S_TOTAL, sequential_halving
from zoosim.search.streams import decision_key, sample_stream

# The shared kernel, compiled inline where it is called: called as is, it receives `evaluate` as a runtime value (a
# pointer to the Python dispatcher object, numba's first-class function model), a dynamic global that makes every
# caller up to play_many uncacheable (numba recompiles the engine in every process). Inlined, the call of `evaluate`
# is static and the pointer is dead code.
halve = njit(cache=True, inline="always")(sequential_halving.py_func)

SEARCH = 4
# parameters (indices into its parameter vector; policies.py documents them)
SP_BUDGET, SP_CANDIDATES, SP_WIN_WEIGHT, SP_ROLLOUT, SP_LOAD = range(5)
DECIDE_TURN, DECIDE_LOAD = 0, 1
MAX_CANDIDATES = 1 + MAX_TRUCKS
# the heuristic's default weights: the search seat's own follow-up choices and every seat of a playout
HEURISTIC_ROW = np.zeros(MAX_POLICY_PARAMS)
HEURISTIC_ROW[:len(POLICIES["heuristic"].params)] = [p.default for p in POLICIES["heuristic"].params]

# info (int64) slots of the workspace: the decision being searched
I_KIND, I_SEAT, I_CODE, I_KEY, I_SAMPLE, I_POOL, I_UNKNOWN, I_UNKNOWN_IN_PLAY, I_EXPLAIN, I_ROLLOUT = range(10)
N_INFO = 10
SEEN_REST = N_CODES  # seen[SEEN_REST + s]: species s's animals in enclosures other than unused fertile adults

# the workspace tuple's members (new_workspace)
(W_ROOT, W_TRIAL, W_DECK, W_POOL, W_UNKNOWN, W_SEEN, W_INFO, W_WIN, W_CANDS, W_PREFS, W_STATS, W_ALIVE, W_IDS,
 W_PARAMS, W_OPTIONS, W_WORK, W_SCRATCH, W_CODES, W_COMPONENTS, W_NO_TRACE, W_NO_LOG, W_STREAM, W_SAVED, W_RNG,
 W_DECISIONS, W_TIMINGS) = range(26)


@njit(cache=True)
def new_workspace(players, explain, timings):
    """Every array a search seat needs, made once per play_many (or traced game): a tuple indexed by W_*.
    `explain` (0/1) writes the decisions' event rows into a traced game; `timings` (clock.new_timings, or an
    empty array) records each searched decision's seconds."""
    info = np.zeros(N_INFO, np.int64)
    info[I_EXPLAIN] = explain
    params = np.zeros((players, MAX_POLICY_PARAMS))
    for q in range(players):
        params[q, :] = HEURISTIC_ROW
    return (np.zeros(E.STATE_SIZE, np.int64), np.zeros(E.STATE_SIZE, np.int64), np.zeros(MAX_DECK, np.int64),
            np.zeros(MAX_DECK, np.int64), np.zeros(MAX_SPECIES, np.int64), np.zeros(N_CODES + MAX_SPECIES, np.int64),
            info, np.zeros(1), np.zeros(MAX_CANDIDATES, np.int64), np.zeros(MAX_CANDIDATES),
            np.zeros((MAX_CANDIDATES, N_STATS)), np.zeros(MAX_CANDIDATES, np.int64),
            np.full(players, HEURISTIC, np.int64), params, np.zeros(E.MAX_OPTIONS, np.int64),
            np.zeros(E.STATE_SIZE, np.int64), np.zeros(E.STATE_SIZE, np.int64),
            np.zeros(MAX_TRUCK_CAPACITY + 1, np.int64), np.zeros(E.N_COMPONENTS, np.int64), np.zeros((0, 6), np.int64),
            np.zeros((0, players), np.int16), np.zeros(4, np.uint64), np.zeros(4, np.uint64), np.zeros(4, np.uint64),
            np.zeros(MAX_PLAYERS, np.int64), timings)


# ---- determinisation: what nobody can see ----------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def append_tiles(pool, n, code, count):
    for _ in range(count):
        pool[n] = code
        n += 1
    return n


@njit(cache=True, _nrt=False)
def unseen_tiles(S, R, pool, unknown, seen):
    """The tiles still in the stacks as far as the public state tells, written to pool[0:n] (a drawn tile not yet
    loaded is among them). A species is known to be in play if its offspring supply is not empty or any of its
    tiles is seen; the others are listed in `unknown` (possibly in play only when the rules give no offspring).
    Returns (n, unknown count, how many of the unknown are in play)."""
    for k in range(seen.shape[0]):
        seen[k] = 0
    for t in range(R[R_TRUCKS]):
        for k in range(S[T_COUNT + t]):
            code = S[T_TILES + t * MAX_TRUCK_CAPACITY + k]
            if code >= 0:
                seen[code] += 1
    for q in range(R[R_PLAYERS]):
        at = player_at(q)
        for e in range(R[R_ENCLOSURES]):
            s = S[at + P_SPECIES + e]
            if s >= 0:
                male = S[at + P_MALE + e]
                female = S[at + P_FEMALE + e]
                seen[4 * s + 1] += male
                seen[4 * s + 2] += female
                seen[SEEN_REST + s] += S[at + P_ANIMALS + e] - male - female
            if S[at + P_LANDS + e] > 0:
                for k in range(R[R_LANDSCAPE_KINDS]):
                    seen[LANDSCAPE_BASE + k] += S[at + P_LAND_KINDS + e * MAX_LANDSCAPE_KINDS + k]
        for code in range(N_CODES):
            seen[code] += S[at + P_BARN + code]
    for code in range(N_CODES):
        seen[code] += S[OUT + code]
    plain = R[R_TILES_PER_SPECIES] - R[R_MALES] - R[R_FEMALES]
    n = 0
    known = 0
    n_unknown = 0
    for s in range(R[R_SPECIES]):
        b = 4 * s
        rest = seen[SEEN_REST + s]
        if S[SUPPLY + s] == 0 and seen[b] + seen[b + 1] + seen[b + 2] + seen[b + 3] + rest == 0:
            unknown[n_unknown] = s
            n_unknown += 1
            continue
        known += 1
        births = R[R_OFFSPRING] - S[SUPPLY + s]  # each birth turned a fertile male and female into 4s+0
        plain_in_enclosures = rest - (births - seen[b + 3])  # the rest less the offspring in enclosures
        n = append_tiles(pool, n, b + 1, R[R_MALES] - seen[b + 1] - births)
        n = append_tiles(pool, n, b + 2, R[R_FEMALES] - seen[b + 2] - births)
        n = append_tiles(pool, n, b, plain - seen[b] - plain_in_enclosures + 2 * births)
    for k in range(R[R_LANDSCAPE_KINDS]):
        n = append_tiles(pool, n, LANDSCAPE_BASE + k, R[R_LANDSCAPES_PER_KIND] - seen[LANDSCAPE_BASE + k])
    return n, n_unknown, R[R_SPECIES] - R[R_REMOVED] - known


@njit(cache=True, _nrt=False)
def determinise(S, R, pool, n, unknown, n_unknown, unknown_in_play, drawn, deck, stream):
    """deck[draw pointer:total] = a shuffle of the unseen tiles pool[0:n] and of every tile of `unknown_in_play`
    species drawn uniformly among the `unknown`; with `drawn` >= 0 (a drawn tile being loaded) that tile is at the
    pointer and the shuffle after it. Reads pool and unknown only, so a determinisation depends on its stream
    alone."""
    start = S[H_DRAW_PTR]
    for k in range(n):
        deck[start + k] = pool[k]
    m = start + n
    chosen = 0  # bit i: unknown[i] drawn
    for i in range(unknown_in_play):
        k = below(stream, n_unknown - i)
        j = 0
        while (chosen >> j) & 1 or k > 0:  # the k-th species not drawn yet
            if not (chosen >> j) & 1:
                k -= 1
            j += 1
        chosen |= 1 << j
        s = unknown[j]
        m = append_tiles(deck, m, 4 * s + 1, R[R_MALES])
        m = append_tiles(deck, m, 4 * s + 2, R[R_FEMALES])
        m = append_tiles(deck, m, 4 * s, R[R_TILES_PER_SPECIES] - R[R_MALES] - R[R_FEMALES])
    if m != S[H_TOTAL]:
        raise ValueError("search: the unseen tiles do not match the tiles left in the stacks")
    if drawn >= 0:
        k = start
        while k < m and deck[k] != drawn:
            k += 1
        if k == m:
            raise ValueError("search: the drawn tile is not among the unseen tiles")
        deck[k] = deck[start]
        deck[start] = drawn
        start += 1
    shuffle(deck[start:], m - start, stream)


# ---- candidates ------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def order_by_preference(cands, prefs, n):
    """Sort candidates by preference, highest first; ties keep their order (stable insertion sort)."""
    for a in range(1, n):
        c = cands[a]
        v = prefs[a]
        b = a - 1
        while b >= 0 and prefs[b] < v:
            cands[b + 1] = cands[b]
            prefs[b + 1] = prefs[b]
            b -= 1
        cands[b + 1] = c
        prefs[b + 1] = v


@njit(cache=True, _nrt=False)
def turn_candidates(S, R, p, hp, ws):
    """DRAW and TAKE t, best first by the heuristic's preference (a truck's gain; a draw at the take threshold,
    ahead of trucks it ties), so candidate 0 is the heuristic's own choice. Returns how many."""
    cands = ws[W_CANDS]
    prefs = ws[W_PREFS]
    options, work, scratch, codes, components, no_trace = (ws[W_OPTIONS], ws[W_WORK], ws[W_SCRATCH], ws[W_CODES],
                                                           ws[W_COMPONENTS], ws[W_NO_TRACE])
    n = 0
    if E.can_draw(S, R):
        cands[n] = E.option(E.OPT_DRAW, 0, 0, 0)
        prefs[n] = hp[HP_TAKE_THRESHOLD] * free_space_share(S, R)
        n += 1
    base = zoo_value(HEURISTIC, hp, S, R, p, components)
    for t in range(R[R_TRUCKS]):
        if S[T_TAKEN_BY + t] < 0 and S[T_COUNT + t] > 0:
            cands[n] = E.option(E.OPT_TAKE, t, 0, 0)
            prefs[n] = truck_value(HEURISTIC, hp, S, R, p, t, -1, work, scratch, options, codes, components,
                                   no_trace) - base
            n += 1
    order_by_preference(cands, prefs, n)
    return n


@njit(cache=True, _nrt=False)
def load_candidates(S, R, p, code, hp, ws):
    """The trucks with a free space for drawn tile `code`, best first by the heuristic's preference (the value the
    tile brings to the truck, as choose_truck_for_tile), so candidate 0 is the heuristic's choice."""
    cands = ws[W_CANDS]
    prefs = ws[W_PREFS]
    options, work, scratch, codes, components, no_trace = (ws[W_OPTIONS], ws[W_WORK], ws[W_SCRATCH], ws[W_CODES],
                                                           ws[W_COMPONENTS], ws[W_NO_TRACE])
    n = 0
    for t in range(R[R_TRUCKS]):
        if S[T_TAKEN_BY + t] < 0 and S[T_COUNT + t] < S[T_CAPACITY + t]:
            value = truck_value(HEURISTIC, hp, S, R, p, t, code, work, scratch, options, codes, components, no_trace)
            if S[T_COUNT + t] > 0:
                value -= truck_value(HEURISTIC, hp, S, R, p, t, -1, work, scratch, options, codes, components,
                                     no_trace)
            cands[n] = t
            prefs[n] = value
            n += 1
    order_by_preference(cands, prefs, n)
    return n


# ---- playouts --------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def outcome(S, R, p, win_weight, components):
    """Own score - best other score + win_weight x own win share (ranked by score, then landscape tiles)."""
    own = E.score_player(S, R, p, components)
    own_lands = E.landscape_tiles(S, R, p)
    best_other = -1_000_000
    beaten = False
    tied = 1
    for q in range(R[R_PLAYERS]):
        if q == p:
            continue
        score = E.score_player(S, R, q, components)
        best_other = max(best_other, score)
        if score > own:
            beaten = True
        elif score == own:
            lands = E.landscape_tiles(S, R, q)
            if lands > own_lands:
                beaten = True
            elif lands == own_lands:
                tied += 1
    share = 0.0 if beaten else 1.0 / tied
    return float(own - best_other) + win_weight * share


@njit(cache=True, _nrt=False)
def evaluate(ctx, candidate, sample):
    """One playout: candidate `candidate` of the decision in ws[W_INFO], on determinisation `sample`, then every
    seat plays the rollout policy to the game's end; the outcome for the searching seat."""
    R, ws = ctx
    root, trial, deck, info = ws[W_ROOT], ws[W_TRIAL], ws[W_DECK], ws[W_INFO]
    stream, saved, rng = ws[W_STREAM], ws[W_SAVED], ws[W_RNG]
    p = info[I_SEAT]
    if info[I_SAMPLE] != sample:  # every candidate alive plays sample j in a row: determinise once per sample
        sample_stream(stream, info[I_KEY], sample)
        determinise(root, R, ws[W_POOL], info[I_POOL], ws[W_UNKNOWN], info[I_UNKNOWN], info[I_UNKNOWN_IN_PLAY],
                    info[I_CODE] if info[I_KIND] == DECIDE_LOAD else -1, deck, stream)
        for k in range(4):
            saved[k] = stream[k]
        info[I_SAMPLE] = sample
    for k in range(4):
        rng[k] = saved[k]
    copy_array(trial, root)
    ids, params, options, work, scratch, codes, components, no_trace, no_log = (
        ws[W_IDS], ws[W_PARAMS], ws[W_OPTIONS], ws[W_WORK], ws[W_SCRATCH], ws[W_CODES], ws[W_COMPONENTS],
        ws[W_NO_TRACE], ws[W_NO_LOG])
    rollout = info[I_ROLLOUT]
    hp = params[p]
    opt = ws[W_CANDS][candidate]
    if info[I_KIND] == DECIDE_LOAD:
        draw_and_load(trial, R, deck, no_trace, p, opt, info[I_CODE])
    elif opt >> 24 == E.OPT_DRAW:
        code = deck[trial[H_DRAW_PTR]]
        t = choose_truck_for_tile(rollout, hp, trial, R, p, rng, code, options, work, scratch, codes, components,
                                  no_trace)
        draw_and_load(trial, R, deck, no_trace, p, t, code)
    else:
        take_truck(trial, R, no_trace, rng, p, (opt >> 16) & 255, rollout, hp, options, work, scratch, codes,
                   components)
    play_out(trial, R, deck, no_trace, rng, p, True, ids, params, options, work, scratch, codes, no_log, components,
             -1)
    return outcome(trial, R, p, ws[W_WIN][0], components)


# ---- a search seat's decisions ---------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def emit_row(S, trace, kind, player, a, b, c, d):
    n = S[H_TRACE_N]
    if n < trace.shape[0]:
        trace[n, 0] = kind
        trace[n, 1] = player
        trace[n, 2] = a
        trace[n, 3] = b
        trace[n, 4] = c
        trace[n, 5] = d
        S[H_TRACE_N] = n + 1


@njit(cache=True, _nrt=False)
def decide(R, S, trace, p, kind, code, params, seed, game_index, ws):
    """The candidate (a turn option, or a truck for drawn tile `code`) the search seat p plays at this decision:
    the shortlist's first when it has one candidate, else sequential halving's choice."""
    hp = ws[W_PARAMS][p]
    if kind == DECIDE_TURN:
        n = turn_candidates(S, R, p, hp, ws)
    else:
        n = load_candidates(S, R, p, code, hp, ws)
    n = min(n, max(1, int(params[SP_CANDIDATES])))
    cands = ws[W_CANDS]
    if n <= 1:
        return cands[0]
    timings = ws[W_TIMINGS]
    started = now() if timings.shape[0] > 0 else 0.0
    info = ws[W_INFO]
    decisions = ws[W_DECISIONS]
    info[I_KEY] = decision_key(seed, game_index, p, decisions[p])
    decisions[p] += 1
    info[I_KIND] = kind
    info[I_SEAT] = p
    info[I_CODE] = code
    info[I_SAMPLE] = -1
    info[I_ROLLOUT] = int(params[SP_ROLLOUT])
    ids = ws[W_IDS]
    for q in range(ids.shape[0]):
        ids[q] = info[I_ROLLOUT]
    ws[W_WIN][0] = params[SP_WIN_WEIGHT]
    root = ws[W_ROOT]
    copy_array(root, S[:E.STATE_SIZE])
    root[H_TRACE_N] = 0
    m, n_unknown, unknown_in_play = unseen_tiles(S, R, ws[W_POOL], ws[W_UNKNOWN], ws[W_SEEN])
    info[I_POOL] = m
    info[I_UNKNOWN] = n_unknown
    info[I_UNKNOWN_IN_PLAY] = unknown_in_play
    stats = ws[W_STATS]
    best = halve((R, ws), evaluate, n, max(1, int(params[SP_BUDGET])), stats, ws[W_ALIVE])
    if timings.shape[0] > 0:
        record(timings, now() - started)
    if info[I_EXPLAIN] != 0 and trace.shape[0] > 0:
        spent = 0.0
        for c in range(n):
            spent += stats[c, S_PLAYOUTS]
        emit_row(S, trace, E.EV_SEARCH, p, kind, code, int(spent), n)
        for c in range(n):
            playouts = stats[c, S_PLAYOUTS]
            mean = stats[c, S_TOTAL] / playouts if playouts > 0 else 0.0
            emit_row(S, trace, E.EV_SEARCH_OPTION, p, cands[c], int(playouts), int(np.round(mean * 100.0)),
                     (1 if c == best else 0) + 2 * kind)
    return cands[best]


@njit(cache=True, _nrt=False)
def search_turn(R, S, deck, trace, rng, p, seed, game_index, params, ws, options, work, scratch, codes, components):
    """Search seat p's turn on the real state: its turn option and, after a draw, the truck for the drawn tile
    (decided on S and the drawn tile alone; `deck` is only drawn from); the tiles of a taken truck and the bonuses
    are placed as the heuristic would."""
    hp = ws[W_PARAMS][p]
    if not E.can_draw(S, R) and not E.can_take_truck(S, R):
        take_empty_truck(S, R, trace, rng, p, HEURISTIC, hp, options, work, scratch, codes, components)
        return
    opt = decide(R, S, trace, p, DECIDE_TURN, -1, params, seed, game_index, ws)
    if opt >> 24 == E.OPT_DRAW:
        code = deck[S[H_DRAW_PTR]]
        if params[SP_LOAD] != 0:
            t = decide(R, S, trace, p, DECIDE_LOAD, code, params, seed, game_index, ws)
        else:
            t = choose_truck_for_tile(HEURISTIC, hp, S, R, p, rng, code, options, work, scratch, codes, components,
                                      trace[:0])
        draw_and_load(S, R, deck, trace, p, t, code)
    else:
        take_truck(S, R, trace, rng, p, (opt >> 16) & 255, HEURISTIC, hp, options, work, scratch, codes, components)


@njit(cache=True, _nrt=False)
def new_game(ws):
    """Forget the decision counts of the last game."""
    decisions = ws[W_DECISIONS]
    for q in range(decisions.shape[0]):
        decisions[q] = 0
