"""The game loop: setup, rounds, turns; `play_many` (a block of games across threads) and `play_traced`
(one game with its event log, for replay and tests).

The loop owns the bag; policies get the public state only. The `uniform` policy is written inline (it is
the measuring stick and the speed benchmark). See PROTOCOL.md for the exact order of random draws.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.bits import bit_count, nth_bit
from zoosim.core.borrow import borrowed, keep_alive
from zoosim.core.ranking import rank_rows
from zoosim.core.rng import below, seed_stream, shuffle
from zoosim.core.tiles import lay_out_kinds
from zoosim.games.tractor import engine as E
from zoosim.games.tractor.engine import (
    H_BAG_COUNT, H_BAG_HEAD, H_END_REASON, H_HOLDING, H_PASSES, H_PUSHABLE, H_ROUND, H_TURNS, N_COMPONENTS,
    P_PUSHES, P_STALLS, P_YARD, P_YARD_ANIMALS, P_YARD_N, TR_COUNT, TR_TILES, emit, player_at,
)
from zoosim.games.tractor.policies.scripted import UNIFORM, choose_push, choose_take
from zoosim.games.tractor.rules import (
    ATTRACTION, BACKYARD, MAX_ENCLOSURES, MAX_TILES, MAX_TRACTOR_CAPACITY, R_ATTRACTIONS, R_END_ON_FULL_ZOO,
    R_MAX_ROUNDS, R_PLAYERS, R_SPECIES, R_STALL_KINDS, R_STALL_SPACES, R_STALLS_PER_KIND, R_TILES_PER_SPECIES,
    R_TRACTORS, STALL_BASE, STALLS,
)

# Columns of the integer result rows (one row per seat); O_FULL.. follow the log's COLUMNS order.
(O_SCORE, O_RANK, O_FULL, O_ATTRACTIONS, O_STALLS, O_BACKYARD, O_CARD_SPECIES, O_CARD_ENCLOSURE,
 O_CARD_ATTRACTIONS, O_END_REASON, O_PUSHES, O_BACKYARD_TILES, O_ROUNDS, O_TURNS) = range(14)
N_OUT = 14


@njit(cache=True, _nrt=False)
def setup(S, R, bag, trace, rng):
    """PROTOCOL 3: the tiles in canonical order, shuffled into the bag; one tile onto each tractor."""
    E.reset_state(S, R)
    n = lay_out_kinds(bag, 0, 0, R[R_SPECIES], R[R_TILES_PER_SPECIES])  # an animal's code is its species
    n = lay_out_kinds(bag, n, STALL_BASE, R[R_STALL_KINDS], R[R_STALLS_PER_KIND])
    n = lay_out_kinds(bag, n, ATTRACTION, 1, R[R_ATTRACTIONS])
    shuffle(bag, n, rng)
    S[H_BAG_HEAD] = 0
    S[H_BAG_COUNT] = n
    for t in range(R[R_TRACTORS]):
        E.refill(S, R, bag, trace, t)


@njit(cache=True, _nrt=False, inline="always")
def uniform_place(S, R, rng, p, code):
    """PROTOCOL 7.2: Z[below(len(Z))] for the first tile's zoo places Z (no draw when Z is empty: the
    backyard). Z from a bit mask of the enclosures, or the stall spaces as the one place of a stall."""
    if code >= STALL_BASE and code < ATTRACTION:
        if S[player_at(p) + P_STALLS] < R[R_STALL_SPACES]:
            below(rng, 1)  # one place: the draw is 0, but it is made (PROTOCOL 7.2)
            return STALLS
        return BACKYARD
    places = E.enclosure_places(S, R, p, code)
    n = bit_count(places)
    if n == 0:
        return BACKYARD
    return nth_bit(places, below(rng, n))


@njit(cache=True, _nrt=False)
def play_game(R, seed, game_index, policy_ids, policy_params, S, bag, rng, options, work, scratch, scratch_bag,
              places, trace, round_scores, totals, components):
    """Play one game to its end; the results are left in S (score them with `score_game`).

    options, work, scratch, scratch_bag, places, totals and components are the policies' workspace
    (totals and components also score the rounds log between turns).

    With a non-empty `round_scores` (rounds x players), each player's score if the game ended now (the
    score cards included) is recorded at the end of every round that fits: the rounds log.
    """
    seed_stream(rng, seed, game_index)
    setup(S, R, bag, trace, rng)
    quiet = trace[:0]  # the policies' lookahead records nothing
    players = R[R_PLAYERS]
    tractors = R[R_TRACTORS]
    end_on_full = R[R_END_ON_FULL_ZOO] != 0
    round_limit = R[R_MAX_ROUNDS]
    S[H_ROUND] = 1
    while True:
        for p in range(players):
            policy = policy_ids[p]
            S[H_TURNS] += 1
            holding = S[H_HOLDING]
            if holding == 0:
                S[H_PASSES] += 1
                emit(S, trace, E.EV_PASS, p, 0, 0)
                continue
            if policy == UNIFORM:
                t = nth_bit(holding, below(rng, bit_count(holding)))
                dest = uniform_place(S, R, rng, p, S[TR_TILES + t * MAX_TRACTOR_CAPACITY])
                E.take_tractor(S, R, bag, trace, p, t, dest)
                at = player_at(p)
                animals = S[at + P_YARD_ANIMALS]
                if animals > 0:
                    pushable = S[H_PUSHABLE]
                    if pushable != 0 and below(rng, 2) == 0:
                        k = below(rng, animals)
                        code = 0
                        while k >= S[at + P_YARD + code]:
                            k -= S[at + P_YARD + code]
                            code += 1
                        u = nth_bit(pushable, below(rng, bit_count(pushable)))
                        E.push_animal(S, R, trace, p, code, u)
            else:
                params = policy_params[p]
                choice = choose_take(policy, params, S, R, p, rng, options, work, scratch, scratch_bag, places, totals,
                                     components, quiet)
                t = choice >> 8
                dest = (choice & 255) - 8
                if t < 0 or t >= tractors or S[TR_COUNT + t] == 0:
                    raise ValueError("policy chose a tractor it cannot take")
                first = S[TR_TILES + t * MAX_TRACTOR_CAPACITY]
                if E.count_zoo_places(S, R, p, first) > 0:
                    if not E.is_zoo_place(S, R, p, first, dest):
                        raise ValueError("policy chose an illegal place for the first tile")
                elif dest != BACKYARD:
                    raise ValueError("a first tile without a zoo place goes to the backyard")
                E.take_tractor(S, R, bag, trace, p, t, dest)
                push = choose_push(policy, params, S, R, p, rng, options, scratch, scratch_bag, totals, components,
                                   quiet)
                if push != E.NO_PUSH:
                    code = push >> 8
                    u = push & 255
                    if code >= R[R_SPECIES] or S[player_at(p) + P_YARD + code] == 0 or not E.can_take_push(S, R, u):
                        raise ValueError("policy chose an illegal push")
                    E.push_animal(S, R, trace, p, code, u)
            E.refill(S, R, bag, trace, t)
        reason = E.end_reason(S, R, end_on_full, round_limit)
        emit(S, trace, E.EV_ROUND_END, players - 1, S[H_ROUND], reason)
        if S[H_ROUND] <= round_scores.shape[0]:
            E.score_all(S, R, totals, components)
            for q in range(players):
                round_scores[S[H_ROUND] - 1, q] = totals[q]
        if reason >= 0:
            S[H_END_REASON] = reason
            break
        S[H_ROUND] += 1


@njit(cache=True, _nrt=False)
def score_game(S, R, rows, shares, totals, components):
    """Each seat's score, rank (ties share the place), win share and log columns."""
    players = R[R_PLAYERS]
    E.score_all(S, R, totals, components)
    for p in range(players):
        at = player_at(p)
        rows[p, O_SCORE] = totals[p]
        for k in range(N_COMPONENTS):
            rows[p, O_FULL + k] = components[p, k]
        rows[p, O_END_REASON] = S[H_END_REASON]
        rows[p, O_PUSHES] = S[at + P_PUSHES]
        rows[p, O_BACKYARD_TILES] = S[at + P_YARD_N]
        rows[p, O_ROUNDS] = S[H_ROUND]
        rows[p, O_TURNS] = S[H_TURNS]
    rank_rows(rows, players, O_SCORE, O_SCORE, O_RANK, shares)  # no tie-break: ties share the place


@njit(cache=True, nogil=True)
def play_many(R, seed, first_index, count, policy_ids, policy_params, rows, shares, round_scores):
    """Play games first_index .. first_index+count-1; rows[(g * players + seat), :] get the results.

    round_scores is (count, rounds, players) for the rounds log, or (0, 0, players) without it.
    It releases the GIL, so `play_block` runs one call per thread on disjoint ranges of games.
    """
    players = R[R_PLAYERS]
    S = np.zeros(E.STATE_SIZE, np.int64)
    bag = np.zeros(MAX_TILES, np.int64)
    rng = np.zeros(4, np.uint64)
    options = np.zeros(256, np.int64)
    work = np.zeros(E.STATE_SIZE, np.int64)
    scratch = np.zeros(E.STATE_SIZE, np.int64)
    scratch_bag = np.zeros(MAX_TILES, np.int64)
    places = np.zeros(MAX_ENCLOSURES, np.int64)
    trace = np.zeros((0, 6), np.int64)
    game_rows = np.zeros((players, N_OUT), np.int64)
    game_shares = np.zeros(players)
    totals = np.zeros(players, np.int64)
    components = np.zeros((players, N_COMPONENTS), np.int64)
    no_log = np.zeros((0, players), np.int16)
    # borrowed views (core/borrow.py): no reference counting in the game loop; keep_alive below
    rules = borrowed(R)
    state, hidden, stream, ids, params = borrowed(S), borrowed(bag), borrowed(rng), borrowed(policy_ids), borrowed(
        policy_params)
    listed, trial, spare, spare_bag, events = borrowed(options), borrowed(work), borrowed(scratch), borrowed(
        scratch_bag), borrowed(trace)
    spots, sums, comps = borrowed(places), borrowed(totals), borrowed(components)
    for g in range(count):
        log = borrowed(round_scores[g]) if round_scores.shape[1] > 0 else borrowed(no_log)
        play_game(rules, seed, first_index + g, ids, params, state, hidden, stream, listed, trial, spare, spare_bag,
                  spots, events, log, sums, comps)
        score_game(state, rules, game_rows, game_shares, sums, comps)
        for p in range(players):
            for k in range(N_OUT):
                rows[g * players + p, k] = game_rows[p, k]
            shares[g * players + p] = game_shares[p]
    keep_alive(S, bag, rng, options, work, scratch, scratch_bag, places, trace, totals, components, no_log)


def play_traced(R: np.ndarray, seed: int, game_index: int, policy_ids: np.ndarray, policy_params: np.ndarray,
                max_events: int = 50_000) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """One game with its event log: (events, rows, shares, final state) — for replay and tests."""
    players = int(R[R_PLAYERS])
    S = np.zeros(E.STATE_SIZE, np.int64)
    trace = np.zeros((max_events, 6), np.int64)
    play_game(R, seed, game_index, policy_ids, policy_params, S, np.zeros(MAX_TILES, np.int64), np.zeros(4, np.uint64),
              np.zeros(256, np.int64), np.zeros(E.STATE_SIZE, np.int64), np.zeros(E.STATE_SIZE, np.int64),
              np.zeros(MAX_TILES, np.int64), np.zeros(MAX_ENCLOSURES, np.int64), trace,
              np.zeros((0, players), np.int16), np.zeros(players, np.int64),
              np.zeros((players, N_COMPONENTS), np.int64))
    rows = np.zeros((players, N_OUT), np.int64)
    shares = np.zeros(players)
    score_game(S, R, rows, shares, np.zeros(players, np.int64), np.zeros((players, N_COMPONENTS), np.int64))
    n = int(S[E.H_TRACE_N])
    if n >= max_events:
        raise RuntimeError("event log overflow")
    return trace[:n].copy(), rows, shares, S
