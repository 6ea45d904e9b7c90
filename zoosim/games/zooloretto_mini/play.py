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
from zoosim.games.zooloretto_mini import search as SR
from zoosim.games.zooloretto_mini.engine import state as E
from zoosim.games.zooloretto_mini.engine.state import N_COMPONENTS
from zoosim.games.zooloretto_mini.policies import MAX_POLICY_PARAMS
from zoosim.games.zooloretto_mini.rules import pack, MAX_TRUCK_CAPACITY, R_PLAYERS
from zoosim.games.zooloretto_mini.engine.game import (  # noqa: F401  (re-exported: the result offsets, for blocks and tests)
    MAX_DECK, N_OUT, O_BARN_ANIMALS, O_BARN_LANDSCAPES, O_BARN_TILES, O_BONUSES, O_ENCLOSURES, O_LANDSCAPES,
    O_LANDSCAPE_TILES, O_OFFSPRING, O_RANK, O_ROUNDS, O_SCORE, O_TURNS, play_out, score_game, start_game,
)


@njit(cache=True, _nrt=False)
def play_game(R, seed, game_index, policy_ids, policy_params, S, deck, rng, options, work, scratch, codes, trace,
              round_scores, components, search):
    """Play one game to its end; the results are left in S (score them with `score_game`).

    The loop (engine/game.play_out) stops when a search seat is on turn; search.search_turn plays that turn on the
    public state with `search` (its workspace, search.new_workspace), and the loop goes on. Without search seats the
    loop runs once to the end. With a non-empty `round_scores` (rounds x players) the rounds log is recorded.
    """
    start_game(S, R, deck, rng, seed, game_index)
    p = play_out(S, R, deck, trace, rng, 0, False, policy_ids, policy_params, options, work, scratch, codes,
                 round_scores, components, SR.SEARCH)
    if p >= 0:
        SR.new_game(search)
    while p >= 0:
        SR.search_turn(R, S, deck, trace, rng, p, seed, game_index, policy_params[p], search, options, work, scratch,
                       codes, components)
        p = play_out(S, R, deck, trace, rng, p, True, policy_ids, policy_params, options, work, scratch, codes,
                     round_scores, components, SR.SEARCH)


@njit(cache=True, nogil=True)
def play_many(R, seed, first_index, count, policy_ids, policy_params, rows, shares, round_scores):
    """Play games first_index .. first_index+count-1; rows[(g * players + seat), :] get the results.

    round_scores is (count, rounds, players) for the rounds log, or (0, 0, players) without it.
    It releases the GIL, so `play_block` runs one call per thread on disjoint ranges of games.
    """
    players = R[R_PLAYERS]
    S = np.zeros(E.STATE_SIZE, np.int64)
    deck = np.zeros(MAX_DECK, np.int64)
    rng = np.zeros(4, np.uint64)
    options = np.zeros(E.MAX_OPTIONS, np.int64)
    work = np.zeros(E.STATE_SIZE, np.int64)
    scratch = np.zeros(E.STATE_SIZE, np.int64)
    codes = np.zeros(MAX_TRUCK_CAPACITY + 1, np.int64)
    trace = np.zeros((0, 6), np.int64)
    game_rows = np.zeros((players, N_OUT), np.int64)
    game_shares = np.zeros(players)
    components = np.zeros(N_COMPONENTS, np.int64)
    no_log = np.zeros((0, players), np.int16)
    search = SR.new_workspace(players, 0, np.zeros(0))
    # borrowed views (core/borrow.py): no reference counting in the game loop; keep_alive below
    rules = borrowed(R)
    state, hidden, stream, ids, params = borrowed(S), borrowed(deck), borrowed(rng), borrowed(policy_ids), borrowed(
        policy_params)
    listed, trial, spare, tiles, events, comps = borrowed(options), borrowed(work), borrowed(scratch), borrowed(
        codes), borrowed(trace), borrowed(components)
    for g in range(count):
        log = borrowed(round_scores[g]) if round_scores.shape[1] > 0 else borrowed(no_log)
        play_game(rules, seed, first_index + g, ids, params, state, hidden, stream, listed, trial, spare, tiles, events,
                  log, comps, search)
        score_game(state, rules, game_rows, game_shares, comps)
        for p in range(players):
            for k in range(N_OUT):
                rows[g * players + p, k] = game_rows[p, k]
            shares[g * players + p] = game_shares[p]
    keep_alive(S, deck, rng, options, work, scratch, codes, trace, components, no_log)


def play_traced(R: np.ndarray, seed: int, game_index: int, policy_ids: np.ndarray, policy_params: np.ndarray,
                max_events: int = 20_000, explain: bool = False,
                timings: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """One game with its event log: (events, rows, shares, final state), for replay and tests. With `explain`, the
    log also holds each search decision (EV_SEARCH and its EV_SEARCH_OPTION rows, PROTOCOL 10); `timings`
    (clock.new_timings) records each search decision's seconds (search_timings plays with max_events 0: no log)."""
    players = int(R[R_PLAYERS])
    S = np.zeros(E.STATE_SIZE, np.int64)
    deck = np.zeros(MAX_DECK, np.int64)
    rng = np.zeros(4, np.uint64)
    options = np.zeros(E.MAX_OPTIONS, np.int64)
    trace = np.zeros((max_events, 6), np.int64)  # no rows: nothing is recorded
    search = SR.new_workspace(players, 1 if explain else 0, np.zeros(0) if timings is None else timings)
    play_game(R, seed, game_index, policy_ids, policy_params, S, deck, rng, options,
              np.zeros(E.STATE_SIZE, np.int64), np.zeros(E.STATE_SIZE, np.int64),
              np.zeros(MAX_TRUCK_CAPACITY + 1, np.int64), trace,
              np.zeros((0, players), np.int16), np.zeros(N_COMPONENTS, np.int64), search)
    rows = np.zeros((players, N_OUT), np.int64)
    shares = np.zeros(players)
    score_game(S, R, rows, shares, np.zeros(N_COMPONENTS, np.int64))
    return recorded_events(trace, int(S[E.H_TRACE_N]), max_events), rows, shares, S


def search_timings(rules, players: int, policies, seed: int, first_index: int, count: int) -> np.ndarray:
    """family.search.search_timings of this game: the seconds of the search seats' searched decisions."""
    return family_search_timings(play_traced, pack(rules, players), *policy_arrays(policies, MAX_POLICY_PARAMS), seed,
                                 first_index, count)
