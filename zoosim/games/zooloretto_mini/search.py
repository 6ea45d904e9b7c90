"""Zooloretto Mini's `search` policy (id 4): the game's side of the shared search (zoosim/search).

A search seat decides two things by playouts, on the public state only; everything else it plays as `heuristic`
(default weights):
- its turn: DRAW or TAKE t (the turn options of PROTOCOL 9);
- after a DRAW, the truck that gets the drawn tile (the tile is known then), with parameter `load` = 1.
The candidates are those options, best first by the heuristic's own preference (its gain of each truck, a draw
valued at its take threshold; for a drawn tile, the gain the tile brings to each truck), cut to `candidates`.
Sequential halving spends `budget` playouts on them (below).

- Determinisation: the tiles nobody can see (the tiles in play minus every tile on a truck, in a zoo or barn and
  out of the game, PROTOCOL 2's codes with the births accounted for; a species in play but not yet seen, possible
  only without offspring, is drawn among the unseen species) are shuffled into the positions still to be drawn
  (main and end stack alike: how many are left in each is public). The deck itself is never read.
- Playout: the candidate, then every seat plays `rollout` (3 heuristic, 2 greedy; default weights) to the game's
  end on the determinised stacks, through engine/game.play_out (the game loop; it never calls this module).
- Value for the searching seat: own score - best other score + `win_weight` x its win share (ties by landscape
  tiles, then shared, as the final ranking).

How a decision runs (its key and clock, the sample streams, halving on common random numbers, the value
and the --explain rows) is written once for both truck games in zoosim/games/family/search.py; this module
gives what is the game's own. play.play_game stops its loop at a search seat's turn and calls `search_turn`.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.borrow import copy_array
from zoosim.core.rng import below, shuffle
from zoosim.core.tiles import append_tiles
from zoosim.games.family import search as F
from zoosim.games.family.engine import count_truck_tiles
from zoosim.games.family.search import (
    C_ALIVE, C_CANDS, C_IDS, C_INFO, C_PARAMS, C_PREFS, C_REAL, C_RNG, C_STATS, C_STREAM, DECIDE_TURN, I_CODE,
    I_GAME, I_KIND, I_SEAT, N_SEARCH_PARAMS, R_WIN_WEIGHT, SEARCH, SP_CANDIDATES, halve,
    order_by_preference,
)
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
    LANDSCAPE_BASE, MAX_LANDSCAPE_KINDS, MAX_SPECIES, MAX_TRUCK_CAPACITY, MAX_TRUCKS, N_CODES, R_ENCLOSURES,
    R_FEMALES, R_LANDSCAPE_KINDS, R_LANDSCAPES_PER_KIND, R_MALES, R_OFFSPRING, R_PLAYERS, R_REMOVED, R_SPECIES,
    R_TILES_PER_SPECIES, R_TRUCKS,
)

assert POLICIES["search"].id == SEARCH
SP_LOAD = N_SEARCH_PARAMS  # Mini's own parameter, after the family's (policies.py documents it)
DECIDE_LOAD = 1  # the decision kind of a drawn tile's truck (DECIDE_TURN: the turn)
MAX_CANDIDATES = 1 + MAX_TRUCKS
# the heuristic's default weights: the search seat's own follow-up choices and every seat of a playout
HEURISTIC_ROW = np.zeros(MAX_POLICY_PARAMS)
HEURISTIC_ROW[:len(POLICIES["heuristic"].params)] = [p.default for p in POLICIES["heuristic"].params]

# common[C_INFO] slots of Mini's own: the unseen tiles' count, the unknown species' count, how many of them are in play
I_POOL, I_UNKNOWN, I_UNKNOWN_IN_PLAY = I_GAME, I_GAME + 1, I_GAME + 2
SEEN_REST = N_CODES  # seen[SEEN_REST + s]: species s's animals in enclosures other than unused fertile adults

# the workspace tuple's members (new_workspace): the family's common part, then Mini's own arrays
(W_COMMON, W_ROOT, W_TRIAL, W_DECK, W_POOL, W_UNKNOWN, W_SEEN, W_OPTIONS, W_WORK, W_SCRATCH, W_CODES, W_COMPONENTS,
 W_TOTALS, W_TIES, W_NO_TRACE, W_NO_LOG) = range(16)


@njit(cache=True)
def new_workspace(players, explain, timings):
    """Every array a search seat needs, made once per play_many (or traced game): a tuple indexed by W_*.
    `explain` (0/1) writes the decisions' event rows into a traced game; `timings` (clock.new_timings, or an
    empty array) records each searched decision's seconds."""
    return (F.new_common(players, explain, timings, MAX_CANDIDATES, HEURISTIC_ROW), np.zeros(E.STATE_SIZE, np.int64),
            np.zeros(E.STATE_SIZE, np.int64), np.zeros(MAX_DECK, np.int64), np.zeros(MAX_DECK, np.int64),
            np.zeros(MAX_SPECIES, np.int64), np.zeros(N_CODES + MAX_SPECIES, np.int64),
            np.zeros(E.MAX_OPTIONS, np.int64), np.zeros(E.STATE_SIZE, np.int64), np.zeros(E.STATE_SIZE, np.int64),
            np.zeros(MAX_TRUCK_CAPACITY + 1, np.int64), np.zeros(E.N_COMPONENTS, np.int64),
            np.zeros(players, np.int64), np.zeros(players, np.int64), np.zeros((0, 6), np.int64),
            np.zeros((0, players), np.int16))


# ---- determinisation: what nobody can see ----------------------------------------------------------------
@njit(cache=True, _nrt=False)
def unseen_tiles(S, R, drawn, pool, unknown, seen):
    """The tiles still in the stacks as far as the public state tells, written to pool[0:n] (a drawn tile not yet
    loaded, `drawn` >= 0, is among them). A species is known to be in play if its offspring supply is not empty or
    any of its tiles is seen (the drawn tile included); the others are listed in `unknown` (possibly in play only
    when the rules give no offspring). Returns (n, unknown count, how many of the unknown are in play)."""
    for k in range(seen.shape[0]):
        seen[k] = 0
    count_truck_tiles(S, R[R_TRUCKS], T_COUNT, T_TILES, MAX_TRUCK_CAPACITY, seen)
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
        if S[SUPPLY + s] == 0 and seen[b] + seen[b + 1] + seen[b + 2] + seen[b + 3] + rest == 0 and drawn // 4 != s:
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
def turn_candidates(S, R, p, hp, ws):
    """DRAW and TAKE t, best first by the heuristic's preference (a truck's gain; a draw at the take threshold,
    ahead of trucks it ties), so candidate 0 is the heuristic's own choice. Returns how many."""
    cands = ws[W_COMMON][C_CANDS]
    prefs = ws[W_COMMON][C_PREFS]
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
    cands = ws[W_COMMON][C_CANDS]
    prefs = ws[W_COMMON][C_PREFS]
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
def evaluate(ctx, candidate, sample):
    """One playout: candidate `candidate` of the decision in common[C_INFO], on determinisation `sample`, then every
    seat plays the rollout policy to the game's end; the outcome for the searching seat (ties by landscape tiles)."""
    R, ws = ctx
    common = ws[W_COMMON]
    root, trial, deck, info = ws[W_ROOT], ws[W_TRIAL], ws[W_DECK], common[C_INFO]
    p = info[I_SEAT]
    load = info[I_KIND] == DECIDE_LOAD
    if F.new_sample(common, sample):
        determinise(root, R, ws[W_POOL], info[I_POOL], ws[W_UNKNOWN], info[I_UNKNOWN], info[I_UNKNOWN_IN_PLAY],
                    info[I_CODE] if load else -1, deck, common[C_STREAM])
        F.keep_sample(common, sample)
    F.rollout_stream(common)
    rng = common[C_RNG]
    copy_array(trial, root)
    ids, params, options, work, scratch, codes, components, no_trace, no_log = (
        common[C_IDS], common[C_PARAMS], ws[W_OPTIONS], ws[W_WORK], ws[W_SCRATCH], ws[W_CODES], ws[W_COMPONENTS],
        ws[W_NO_TRACE], ws[W_NO_LOG])
    rollout = ids[p]
    hp = params[p]
    opt = common[C_CANDS][candidate]
    if load:
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
    totals, ties = ws[W_TOTALS], ws[W_TIES]
    for q in range(R[R_PLAYERS]):
        totals[q] = E.score_player(trial, R, q, components)
        ties[q] = E.landscape_tiles(trial, R, q)
    return F.outcome(totals, ties, R[R_PLAYERS], p, common[C_REAL][R_WIN_WEIGHT])


# ---- a search seat's decisions ---------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def decide(R, S, trace, p, kind, code, params, seed, game_index, ws):
    """The candidate (a turn option, or a truck for drawn tile `code`) the search seat p plays at this decision:
    the shortlist's first when it has one candidate, else sequential halving's choice."""
    common = ws[W_COMMON]
    hp = common[C_PARAMS][p]
    if kind == DECIDE_TURN:
        n = turn_candidates(S, R, p, hp, ws)
    else:
        n = load_candidates(S, R, p, code, hp, ws)
    n = min(n, max(1, int(params[SP_CANDIDATES])))
    cands = common[C_CANDS]
    if n <= 1:
        return cands[0]
    F.begin(common, p, kind, code, params, seed, game_index)
    copy_array(ws[W_ROOT], S[:E.STATE_SIZE])
    ws[W_ROOT][H_TRACE_N] = 0
    info = common[C_INFO]
    info[I_POOL], info[I_UNKNOWN], info[I_UNKNOWN_IN_PLAY] = unseen_tiles(S, R, code, ws[W_POOL], ws[W_UNKNOWN],
                                                                          ws[W_SEEN])
    best = halve((R, ws), evaluate, n, F.playouts(params, R[R_PLAYERS]), common[C_STATS], common[C_ALIVE])
    F.finish(common, S, H_TRACE_N, trace, E.EV_SEARCH, E.EV_SEARCH_OPTION, n, best)
    return cands[best]


@njit(cache=True, _nrt=False)
def search_turn(R, S, deck, trace, rng, p, seed, game_index, params, ws, options, work, scratch, codes, components):
    """Search seat p's turn on the real state: its turn option and, after a draw, the truck for the drawn tile
    (decided on S and the drawn tile alone; `deck` is only drawn from); the tiles of a taken truck and the bonuses
    are placed as the heuristic would."""
    hp = ws[W_COMMON][C_PARAMS][p]
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
    F.new_game(ws[W_COMMON])
