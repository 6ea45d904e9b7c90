"""The engine's entry for the simulation layer: `play_many` (a block of games on one thread, GIL released, so
`play_block` runs one call per thread on disjoint ranges of games), `play_traced` (one game with its event log,
for replay and tests) and `search_timings` (seconds of each search decision, for the benchmarks). The game loop is
engine/game.py's; `play_game` runs it and plays the search seats' turns between its stops (search.py).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.borrow import borrowed, keep_alive
from zoosim.games.base import policy_arrays
from zoosim.games.blocks import recorded_events
from zoosim.games.family.search import search_timings as family_search_timings
from zoosim.games.tractor import search as SR
from zoosim.games.tractor.engine import state as E
from zoosim.games.tractor.engine.state import N_COMPONENTS
from zoosim.games.tractor.policies import MAX_POLICY_PARAMS
from zoosim.games.tractor.rules import pack, MAX_ENCLOSURES, MAX_TILES, R_PLAYERS
from zoosim.games.tractor.engine.game import (  # noqa: F401  (re-exported: the result offsets, for blocks and tests)
    N_OUT, O_ATTRACTIONS, O_BACKYARD, O_BACKYARD_TILES, O_CARD_ATTRACTIONS, O_CARD_ENCLOSURE, O_CARD_SPECIES,
    O_END_REASON, O_FULL, O_PUSHES, O_RANK, O_ROUNDS, O_SCORE, O_STALLS, O_TURNS, play_out, score_game, start_game,
)


@njit(cache=True, _nrt=False)
def play_game(R, seed, game_index, policy_ids, policy_params, S, bag, rng, options, work, scratch, scratch_bag,
              places, trace, round_scores, totals, components, search):
    """Play one game to its end; the results are left in S (score them with `score_game`).

    The loop (engine/game.play_out) stops when a search seat is on turn; search.search_turn plays that turn on the
    public state with `search` (its workspace, search.new_workspace), and the loop goes on. Without search seats the
    loop runs once to the end. With a non-empty `round_scores` (rounds x players) the rounds log is recorded.
    """
    start_game(S, R, bag, trace, rng, seed, game_index)
    p = play_out(S, R, bag, trace, rng, 0, False, policy_ids, policy_params, options, work, scratch, scratch_bag,
                 places, round_scores, totals, components, SR.SEARCH)
    if p >= 0:
        SR.new_game(search)
    while p >= 0:
        SR.search_turn(R, S, bag, trace, p, seed, game_index, policy_params[p], search)
        p = play_out(S, R, bag, trace, rng, p, True, policy_ids, policy_params, options, work, scratch, scratch_bag,
                     places, round_scores, totals, components, SR.SEARCH)


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
    search = SR.new_workspace(players, 0, np.zeros(0))
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
                  spots, events, log, sums, comps, search)
        score_game(state, rules, game_rows, game_shares, sums, comps)
        for p in range(players):
            for k in range(N_OUT):
                rows[g * players + p, k] = game_rows[p, k]
            shares[g * players + p] = game_shares[p]
    keep_alive(S, bag, rng, options, work, scratch, scratch_bag, places, trace, totals, components, no_log)


def play_traced(R: np.ndarray, seed: int, game_index: int, policy_ids: np.ndarray, policy_params: np.ndarray,
                max_events: int = 50_000, explain: bool = False,
                timings: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """One game with its event log: (events, rows, shares, final state), for replay and tests. With `explain`, the
    log also holds each search decision (EV_SEARCH and its EV_SEARCH_OPTION rows, PROTOCOL 9); `timings`
    (clock.new_timings) records each search decision's seconds (search_timings plays with max_events 0: no log)."""
    players = int(R[R_PLAYERS])
    S = np.zeros(E.STATE_SIZE, np.int64)
    trace = np.zeros((max_events, 6), np.int64)  # no rows: nothing is recorded
    search = SR.new_workspace(players, 1 if explain else 0, np.zeros(0) if timings is None else timings)
    play_game(R, seed, game_index, policy_ids, policy_params, S, np.zeros(MAX_TILES, np.int64), np.zeros(4, np.uint64),
              np.zeros(256, np.int64), np.zeros(E.STATE_SIZE, np.int64), np.zeros(E.STATE_SIZE, np.int64),
              np.zeros(MAX_TILES, np.int64), np.zeros(MAX_ENCLOSURES, np.int64), trace,
              np.zeros((0, players), np.int16), np.zeros(players, np.int64),
              np.zeros((players, N_COMPONENTS), np.int64), search)
    rows = np.zeros((players, N_OUT), np.int64)
    shares = np.zeros(players)
    score_game(S, R, rows, shares, np.zeros(players, np.int64), np.zeros((players, N_COMPONENTS), np.int64))
    return recorded_events(trace, int(S[E.H_TRACE_N]), max_events), rows, shares, S


def search_timings(rules, players: int, policies, seed: int, first_index: int, count: int) -> np.ndarray:
    """family.search.search_timings of this game: the seconds of the search seats' searched decisions."""
    return family_search_timings(play_traced, pack(rules, players), *policy_arrays(policies, MAX_POLICY_PARAMS), seed,
                                 first_index, count)
