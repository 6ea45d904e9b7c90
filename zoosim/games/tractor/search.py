"""Tractor Zooloretto's `search` policy (id 4): the game's side of the shared search (zoosim/search).

A search seat decides its whole turn by playouts, on the public state only: a candidate is a tractor, the place of
its first tile and a push (or none), the turn the rules let it play before the refill (nothing hidden is revealed
between the take and the push). The candidates are every such turn valued by the heuristic (its zoo value after
the take and push, default weights), the heuristic's own turn first, then the best others, `candidates` in all.
Sequential halving spends `budget` playouts on them (below).

- Determinisation: the tiles nobody can see (every tile of the game minus those on tractors, in zoos and
  backyards) are shuffled and dealt into the bag, as many as it holds (how many is public). The bag itself is never
  read. Two simplifications, both using less than the public information: tiles a full backyard returned to the bag
  bottom are shuffled in with the rest (their place at the bottom is forgotten: the bag rarely runs down to them),
  and with `overflow = discard` the tiles out of the game are taken as unseen. Stall kinds only tell tiles apart
  (PROTOCOL 2), so the unseen stalls' kinds are any consistent with the counts.
- Playout: the candidate turn and the refill, then every seat plays `rollout` (3 heuristic, 2 greedy; default
  weights) to the game's end on the determinised bag, through engine/game.play_out (the game loop; it never calls
  this module).
- Value for the searching seat: own score - best other score + `win_weight` x its win share (ties share).

How a decision runs (its key and clock, the sample streams, halving on common random numbers, the value
and the --explain rows) is written once for both truck games in zoosim/games/family/search.py; this module
gives what is the game's own. play.play_game stops its loop at a search seat's turn and calls `search_turn`.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.rng import shuffle
from zoosim.core.tiles import append_tiles
from zoosim.games.family import search as F
from zoosim.games.family.search import (
    C_ALIVE, C_CANDS, C_IDS, C_INFO, C_PARAMS, C_REAL, C_RNG, C_STATS, C_STREAM, DECIDE_TURN, I_GAME, I_SEAT,
    R_WIN_WEIGHT, SEARCH, SP_CANDIDATES, halve,
)
from zoosim.games.tractor.engine import state as E
from zoosim.games.tractor.engine.game import play_out
from zoosim.games.tractor.engine.policies import HEURISTIC, NO_CHOICE, copy_in_play, try_take, zoo_value
from zoosim.games.tractor.engine.state import (
    H_BAG_COUNT, H_BAG_HEAD, H_HOLDING, H_OUT_TILES, H_PASSES, H_TRACE_N, H_TURNS, P_ANIMALS, P_ATTRACTION, P_SPECIES,
    P_STALLS, P_YARD, TR_COUNT, TR_TILES, player_at,
)
from zoosim.games.tractor.policies import MAX_POLICY_PARAMS, POLICIES
from zoosim.games.tractor.rules import (
    ATTRACTION, MAX_BACKYARD, MAX_ENCLOSURES, MAX_SPECIES, MAX_TILES, MAX_TRACTOR_CAPACITY,
    MAX_TRACTORS, N_CODES, R_ATTRACTIONS, R_ENCLOSURES, R_PLAYERS, R_SPECIES, R_STALL_KINDS, R_STALLS_PER_KIND,
    R_TILES_PER_SPECIES, R_TRACTORS, STALL_BASE,
)

assert POLICIES["search"].id == SEARCH
# every turn: tractor x first-tile place x (no push + each backyard animal code x each tractor)
MAX_TURNS = MAX_TRACTORS * MAX_ENCLOSURES * (1 + min(MAX_SPECIES, MAX_BACKYARD) * MAX_TRACTORS)
MAX_CANDIDATES = 64
# the heuristic's default weights: the search seat's candidate values and every seat of a playout
HEURISTIC_ROW = np.zeros(MAX_POLICY_PARAMS)
HEURISTIC_ROW[:len(POLICIES["heuristic"].params)] = [p.default for p in POLICIES["heuristic"].params]

I_POOL = I_GAME  # common[C_INFO] slot: how many unseen tiles the pool holds

# the workspace tuple's members (new_workspace): the family's common part, then Tractor's own arrays
(W_COMMON, W_ROOT, W_TRIAL, W_BAG, W_TRIAL_BAG, W_POOL, W_SEEN, W_TURNS, W_VALUES, W_OPTIONS, W_WORK, W_SCRATCH,
 W_SCRATCH_BAG, W_PLACES, W_TOTALS, W_COMPONENTS, W_TIES, W_NO_TRACE, W_NO_LOG) = range(19)


@njit(cache=True)
def new_workspace(players, explain, timings):
    """Every array a search seat needs, made once per play_many (or traced game): a tuple indexed by W_*.
    `explain` (0/1) writes the decisions' event rows into a traced game; `timings` (clock.new_timings, or an
    empty array) records each searched decision's seconds."""
    return (F.new_common(players, explain, timings, MAX_CANDIDATES, HEURISTIC_ROW), np.zeros(E.STATE_SIZE, np.int64),
            np.zeros(E.STATE_SIZE, np.int64), np.zeros(MAX_TILES, np.int64), np.zeros(MAX_TILES, np.int64),
            np.zeros(2 * MAX_TILES, np.int64), np.zeros(N_CODES, np.int64), np.zeros(MAX_TURNS, np.int64),
            np.zeros(MAX_TURNS), np.zeros(256, np.int64), np.zeros(E.STATE_SIZE, np.int64),
            np.zeros(E.STATE_SIZE, np.int64), np.zeros(MAX_TILES, np.int64), np.zeros(MAX_ENCLOSURES, np.int64),
            np.zeros(players, np.int64), np.zeros((players, E.N_COMPONENTS), np.int64), np.zeros(players, np.int64),
            np.zeros((0, 6), np.int64), np.zeros((0, players), np.int16))


# ---- a turn as one integer: tractor << 24 | (first tile's place + 8) << 16 | (push + 1) ------------------
@njit(cache=True, _nrt=False, inline="always")
def turn_code(t, dest, push):
    return (t << 24) | ((dest + 8) << 16) | (push + 1)


@njit(cache=True, _nrt=False, inline="always")
def turn_parts(code):
    """(tractor, first tile's place, push option or NO_PUSH) of a turn_code."""
    return code >> 24, ((code >> 16) & 255) - 8, (code & 65535) - 1


# ---- determinisation: what nobody can see ----------------------------------------------------------------
@njit(cache=True, _nrt=False)
def unseen_tiles(S, R, pool, seen):
    """The tiles nobody can see, written to pool[0:n]: every tile of the game minus those on tractors, in zoos and
    backyards (the bag's tiles, and with overflow = discard the tiles out of the game). Returns n."""
    for k in range(N_CODES):
        seen[k] = 0
    for t in range(R[R_TRACTORS]):
        for k in range(S[TR_COUNT + t]):
            seen[S[TR_TILES + t * MAX_TRACTOR_CAPACITY + k]] += 1
    zoo_stalls = 0
    for q in range(R[R_PLAYERS]):
        at = player_at(q)
        for e in range(R[R_ENCLOSURES]):
            s = S[at + P_SPECIES + e]
            if s >= 0:
                seen[s] += S[at + P_ANIMALS + e]
            seen[ATTRACTION] += S[at + P_ATTRACTION + e]
        zoo_stalls += S[at + P_STALLS]
        for code in range(N_CODES):
            seen[code] += S[at + P_YARD + code]
    n = 0
    for s in range(R[R_SPECIES]):
        n = append_tiles(pool, n, s, R[R_TILES_PER_SPECIES] - seen[s])
    for k in range(R[R_STALL_KINDS]):  # stalls in zoos are counted, not told apart: take them from kinds in order
        left = R[R_STALLS_PER_KIND] - seen[STALL_BASE + k]
        gone = min(left, zoo_stalls)
        zoo_stalls -= gone
        n = append_tiles(pool, n, STALL_BASE + k, left - gone)
    return append_tiles(pool, n, ATTRACTION, R[R_ATTRACTIONS] - seen[ATTRACTION])


@njit(cache=True, _nrt=False)
def determinise(S, pool, n, bag, stream):
    """bag's ring from its head = the first S[H_BAG_COUNT] tiles of a shuffle of the unseen tiles pool[0:n] (pool
    is left as it is: a determinisation depends on its stream alone); pool[n:] is scratch."""
    count = S[H_BAG_COUNT]
    if n != count + S[H_OUT_TILES]:
        raise ValueError("search: the unseen tiles do not match the tiles in the bag and out of the game")
    tiles = pool[n:]
    for k in range(n):
        tiles[k] = pool[k]
    shuffle(tiles, n, stream)
    head = S[H_BAG_HEAD]
    for k in range(count):
        bag[(head + k) & (MAX_TILES - 1)] = tiles[k]


# ---- candidates ------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def list_turns(S, R, p, hp, ws):
    """Every turn of p (turn_code) into ws[W_TURNS] with the heuristic's value after it in ws[W_VALUES], in the
    heuristic's canonical order; returns (how many, the index of the heuristic's own turn). The heuristic's turn is
    found as choose_take and choose_push find it (the first strictly better by 1e-9)."""
    turns, values = ws[W_TURNS], ws[W_VALUES]
    options, work, scratch, scratch_bag, places, totals, components, no_trace = (
        ws[W_OPTIONS], ws[W_WORK], ws[W_SCRATCH], ws[W_SCRATCH_BAG], ws[W_PLACES], ws[W_TOTALS], ws[W_COMPONENTS],
        ws[W_NO_TRACE])
    n = 0
    chosen = -1
    chosen_value = NO_CHOICE
    for t in range(R[R_TRACTORS]):
        if S[TR_COUNT + t] == 0:
            continue
        nz = E.first_tile_places(S, R, p, t, places)
        for i in range(nz):
            try_take(work, S, R, scratch_bag, no_trace, p, t, places[i])
            best = n
            best_value = zoo_value(HEURISTIC, hp, work, R, p, totals, components)
            turns[n] = turn_code(t, places[i], E.NO_PUSH)
            values[n] = best_value
            n += 1
            m = E.list_push_options(work, R, p, options)
            for k in range(m):
                copy_in_play(scratch, work, R)
                E.push_animal(scratch, R, no_trace, p, options[k] >> 8, options[k] & 255)
                value = zoo_value(HEURISTIC, hp, scratch, R, p, totals, components)
                turns[n] = turn_code(t, places[i], options[k])
                values[n] = value
                if value > best_value + 1e-9:
                    best = n
                    best_value = value
                n += 1
            if best_value > chosen_value + 1e-9:
                chosen = best
                chosen_value = best_value
    return n, chosen


@njit(cache=True, _nrt=False)
def shortlist(ws, n, chosen, width):
    """common[C_CANDS] = the heuristic's turn, then the best others by its value (the earlier on ties), `width` in all
    (at most MAX_CANDIDATES). Marks taken turns by setting their value to NO_CHOICE. Returns how many."""
    turns, values, cands = ws[W_TURNS], ws[W_VALUES], ws[W_COMMON][C_CANDS]
    width = min(width, n, MAX_CANDIDATES)
    cands[0] = turns[chosen]
    values[chosen] = NO_CHOICE
    for c in range(1, width):
        best = -1
        for k in range(n):
            if values[k] > NO_CHOICE and (best < 0 or values[k] > values[best]):
                best = k
        cands[c] = turns[best]
        values[best] = NO_CHOICE
    return width


# ---- playouts --------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def play_turn(S, R, bag, trace, p, code):
    """Turn `code` (turn_code) of seat p: take, first tile's place, push, refill."""
    t, dest, push = turn_parts(code)
    E.take_tractor(S, R, bag, trace, p, t, dest)
    if push != E.NO_PUSH:
        E.push_animal(S, R, trace, p, push >> 8, push & 255)
    E.refill(S, R, bag, trace, t)


@njit(cache=True, _nrt=False)
def evaluate(ctx, candidate, sample):
    """One playout: candidate `candidate` (its turn and the refill) on determinisation `sample`, then every seat
    plays the rollout policy to the game's end; the outcome for the searching seat."""
    R, ws = ctx
    common = ws[W_COMMON]
    root, trial, bag, trial_bag, info = ws[W_ROOT], ws[W_TRIAL], ws[W_BAG], ws[W_TRIAL_BAG], common[C_INFO]
    p = info[I_SEAT]
    if F.new_sample(common, sample):
        determinise(root, ws[W_POOL], info[I_POOL], bag, common[C_STREAM])
        F.keep_sample(common, sample)
    F.rollout_stream(common)
    rng = common[C_RNG]
    copy_in_play(trial, root, R)
    head = root[H_BAG_HEAD]
    for k in range(root[H_BAG_COUNT]):
        at = (head + k) & (MAX_TILES - 1)
        trial_bag[at] = bag[at]
    no_trace = ws[W_NO_TRACE]
    play_turn(trial, R, trial_bag, no_trace, p, common[C_CANDS][candidate])
    totals, components = ws[W_TOTALS], ws[W_COMPONENTS]
    play_out(trial, R, trial_bag, no_trace, rng, p, True, common[C_IDS], common[C_PARAMS], ws[W_OPTIONS],
             ws[W_WORK], ws[W_SCRATCH], ws[W_SCRATCH_BAG], ws[W_PLACES], ws[W_NO_LOG], totals, components, -1)
    E.score_all(trial, R, totals, components)
    return F.outcome(totals, ws[W_TIES], R[R_PLAYERS], p, common[C_REAL][R_WIN_WEIGHT])


# ---- a search seat's turn --------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def decide(R, S, trace, p, params, seed, game_index, ws):
    """The turn (turn_code) search seat p plays: the heuristic's when it is the only candidate, else sequential
    halving's choice among the shortlist."""
    common = ws[W_COMMON]
    n, chosen = list_turns(S, R, p, common[C_PARAMS][p], ws)
    n = shortlist(ws, n, chosen, max(1, int(params[SP_CANDIDATES])))
    cands = common[C_CANDS]
    if n <= 1:
        return cands[0]
    F.begin(common, p, DECIDE_TURN, -1, params, seed, game_index)
    root = ws[W_ROOT]
    copy_in_play(root, S, R)  # the header and every seat's block
    root[H_TRACE_N] = 0
    common[C_INFO][I_POOL] = unseen_tiles(S, R, ws[W_POOL], ws[W_SEEN])
    best = halve((R, ws), evaluate, n, F.playouts(params, R[R_PLAYERS]), common[C_STATS], common[C_ALIVE])
    F.finish(common, S, H_TRACE_N, trace, E.EV_SEARCH, E.EV_SEARCH_OPTION, n, best)
    return cands[best]


@njit(cache=True, _nrt=False)
def search_turn(R, S, bag, trace, p, seed, game_index, params, ws):
    """Search seat p's turn on the real state (decided on S alone; `bag` is only drawn from by the refill)."""
    S[H_TURNS] += 1
    if S[H_HOLDING] == 0:
        S[H_PASSES] += 1
        E.emit(S, trace, E.EV_PASS, p, 0, 0)
        return
    play_turn(S, R, bag, trace, p, decide(R, S, trace, p, params, seed, game_index, ws))


@njit(cache=True, _nrt=False)
def new_game(ws):
    """Forget the decision counts of the last game."""
    F.new_game(ws[W_COMMON])
