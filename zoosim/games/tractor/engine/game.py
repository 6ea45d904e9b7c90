"""The game loop: setup, rounds, turns, and the scoring of a finished game (`play_game`, `score_game`).

The loop owns the hidden tiles; policies get the public state only. The `uniform` turn choice is written
inline (it is the measuring stick and the speed benchmark). See PROTOCOL.md for the exact order of random draws.
"""
from __future__ import annotations

from numba import njit

from zoosim.core.bits import bit_count, nth_bit
from zoosim.core.ranking import rank_rows
from zoosim.core.rng import below, seed_stream, shuffle
from zoosim.core.tiles import lay_out_kinds
from zoosim.games.tractor.engine import state as E
from zoosim.games.tractor.engine.state import (
    H_BAG_COUNT, H_BAG_HEAD, H_END_REASON, H_HOLDING, H_PASSES, H_PUSHABLE, H_ROUND, H_TURNS, N_COMPONENTS,
    P_PUSHES, P_STALLS, P_YARD, P_YARD_ANIMALS, P_YARD_N, TR_COUNT, TR_TILES, emit, player_at,
)
from zoosim.games.tractor.engine.policies import UNIFORM, choose_push, choose_take
from zoosim.games.tractor.rules import (
    ATTRACTION, BACKYARD, MAX_TRACTOR_CAPACITY, R_ATTRACTIONS, R_END_ON_FULL_ZOO,
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
def start_game(S, R, bag, trace, rng, seed, game_index):
    """The game's stream, setup and round 1: seat 0 is on turn."""
    seed_stream(rng, seed, game_index)
    setup(S, R, bag, trace, rng)
    S[H_ROUND] = 1


@njit(cache=True, _nrt=False)
def play_out(S, R, bag, trace, rng, p, played, policy_ids, policy_params, options, work, scratch, scratch_bag, places,
             round_scores, totals, components, stop_policy):
    """Play on from seat p (whose turn is already played if `played`) until the game ends (returns -1) or a seat
    whose policy is `stop_policy` is on turn (returns that seat, its turn unplayed).

    The one game loop: `play.play_game` runs it with stop_policy = SEARCH and plays the search seats' turns itself
    (search.py), whose playouts run it to the end (stop_policy = -1) after a candidate turn, so it never calls the
    search (numba cannot compile that cycle). options, work, scratch, scratch_bag, places, totals and components are
    the policies' workspace (totals and components also score the rounds log between turns).

    With a non-empty `round_scores` (rounds x players), each player's score if the game ended now (the
    score cards included) is recorded at the end of every round that fits: the rounds log.
    """
    quiet = trace[:0]  # the policies' lookahead records nothing
    players = R[R_PLAYERS]
    tractors = R[R_TRACTORS]
    while True:
        if played:
            played = False
        elif policy_ids[p] == stop_policy:
            return p
        else:
            policy = policy_ids[p]
            S[H_TURNS] += 1
            holding = S[H_HOLDING]
            if holding == 0:
                S[H_PASSES] += 1
                emit(S, trace, E.EV_PASS, p, 0, 0)
            elif policy == UNIFORM:
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
                E.refill(S, R, bag, trace, t)
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
        p += 1
        if p == players:  # the round's end (PROTOCOL 6)
            reason = E.end_reason(S, R, R[R_END_ON_FULL_ZOO] != 0, R[R_MAX_ROUNDS])
            emit(S, trace, E.EV_ROUND_END, players - 1, S[H_ROUND], reason)
            if S[H_ROUND] <= round_scores.shape[0]:
                E.score_all(S, R, totals, components)
                for q in range(players):
                    round_scores[S[H_ROUND] - 1, q] = totals[q]
            if reason >= 0:
                S[H_END_REASON] = reason
                return -1
            S[H_ROUND] += 1
            p = 0


@njit(cache=True, _nrt=False)
def play_game(R, seed, game_index, policy_ids, policy_params, S, bag, rng, options, work, scratch, scratch_bag,
              places, trace, round_scores, totals, components):
    """Play one game without search seats to its end; the results are left in S (score them with `score_game`).
    (play.play_game also plays search seats.)"""
    start_game(S, R, bag, trace, rng, seed, game_index)
    play_out(S, R, bag, trace, rng, 0, False, policy_ids, policy_params, options, work, scratch, scratch_bag, places,
             round_scores, totals, components, -1)


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
