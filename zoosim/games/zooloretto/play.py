"""Whole games: `play_game` (the loop of engine/game.py, then the turns of lookahead and search seats), scoring,
and `play_many`, which plays a block of games across threads; `play_traced`, one game with its event log;
`search_timings`, the seconds of every search decision of some games.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.borrow import borrowed, keep_alive
from zoosim.core.ranking import rank_rows
from zoosim.core.rng import seed_stream
from zoosim.games.zooloretto.engine import state as E
from zoosim.games.zooloretto import lookahead as L
from zoosim.games.zooloretto import search as SR
from zoosim.games.zooloretto.engine.state import H_ROUND, H_TURNS, N_COMPONENTS, P_COINS, P_EXPANSIONS, P_MONEY_ACTIONS, P_OFFSPRING_BORN, player_at
from zoosim.games.zooloretto.engine.game import (  # noqa: F401  (re-exported: the loop's pieces, for tests)
    MAX_DECK, N_OUT, O_BARN_TILES, O_COINS, O_EXPANSIONS, O_FULL, O_MONEY_ACTIONS, O_OFFSPRING, O_RANK, O_ROUNDS,
    O_SCORE, O_TURNS, TURN_CAP, apply_turn_option, finish_round, play_out, setup, start_round,
)
from zoosim.games.zooloretto.engine.policies import MEMORY_SIZE, forget
from zoosim.games.zooloretto.rules import R_PLAYERS
from zoosim.games.zooloretto.engine.valuation import HEURISTIC, LOOKAHEAD
from zoosim.search.clock import new_timings, recorded


@njit(cache=True, _nrt=False)
def lookahead_turn(S, deck, rng, p, params, weights, look_rng, workspace, memory):
    """One turn of lookahead seat p: decided on S alone (the deck is only drawn from), played with its
    heuristic `weights` for the follow-up choices. Returns the option played."""
    opt = L.decide_turn(S, p, params, look_rng)
    apply_turn_option(S, deck, rng, p, opt, HEURISTIC, weights, workspace, memory)
    return opt


@njit(cache=True, _nrt=True)
def play_searching_turns(S, deck, rng, p, seed, game_index, policy_ids, policy_params, options, workspace, memory,
                         round_scores, components, timings):
    """The rest of a game from the first turn of a lookahead or search seat (seat p on turn): each such turn
    is decided on the public state (lookahead.py, search.py; never `deck`) and played with its heuristic
    weights; the loop plays the other seats. The search's workspace is made here, once per game."""
    look_rng = np.zeros(4, np.uint64)
    seed_stream(look_rng, L.lookahead_seed(seed), game_index)
    weights = L.heuristic_rows(policy_params)
    ws = SR.new_workspace(S[R_PLAYERS], policy_params.shape[1])
    while p >= 0:
        if policy_ids[p] == LOOKAHEAD:
            lookahead_turn(S, deck, rng, p, policy_params[p], weights[p], look_rng, workspace, memory)
        else:
            SR.play_turn(S, deck, rng, p, seed, game_index, policy_params[p], ws, workspace, memory, timings)
        p = play_out(S, deck, rng, p, True, policy_ids, policy_params, options, workspace, memory, round_scores,
                     components, LOOKAHEAD)


@njit(cache=True, _nrt=False)
def play_game(R, seed, game_index, policy_ids, policy_params, S, deck, rng, options, workspace, memory,
              round_scores, components, timings):
    """Play one game to its end; the results are left in S (score them with `score_game`).

    With a non-empty `round_scores` (rounds x players), each player's provisional score (the score if
    the game ended now) is recorded at the end of every round that fits: the rounds log. A non-empty
    `timings` (zoosim/search/clock) gets the seconds of every search decision.
    """
    seed_stream(rng, seed, game_index)
    setup(S, R, deck, rng)
    forget(memory)
    S[H_ROUND] = 1
    start_round(S)
    p = play_out(S, deck, rng, 0, False, policy_ids, policy_params, options, workspace, memory, round_scores,
                 components, LOOKAHEAD)
    if p >= 0:
        play_searching_turns(S, deck, rng, p, seed, game_index, policy_ids, policy_params, options, workspace,
                             memory, round_scores, components, timings)


@njit(cache=True, _nrt=False)
def score_game(S, rows, shares, components):
    """Write each seat's score, rank (score, then coins), win share and log columns."""
    players = S[R_PLAYERS]
    for p in range(players):
        at = player_at(p)
        rows[p, O_SCORE] = E.score_player(S, p, components)
        for k in range(N_COMPONENTS):
            rows[p, O_FULL + k] = components[k]
        rows[p, O_COINS] = S[at + P_COINS]
        rows[p, O_EXPANSIONS] = S[at + P_EXPANSIONS]
        rows[p, O_OFFSPRING] = S[at + P_OFFSPRING_BORN]
        rows[p, O_BARN_TILES] = E.barn_tiles(S, p)
        rows[p, O_MONEY_ACTIONS] = S[at + P_MONEY_ACTIONS]
        rows[p, O_ROUNDS] = S[H_ROUND]
        rows[p, O_TURNS] = S[H_TURNS]
    rank_rows(rows, players, O_SCORE, O_COINS, O_RANK, shares)


@njit(cache=True, nogil=True)
def play_many(R, seed, first_index, count, policy_ids, policy_params, rows, shares, round_scores):
    """Play games first_index .. first_index+count-1; rows[(g * players + seat), :] get the results.

    round_scores is (count, rounds, players) for the rounds log, or (count or 0, 0, players) without it.
    It releases the GIL, so `play_block` runs one call per thread on disjoint ranges of games.
    """
    players = R[R_PLAYERS]
    S = np.zeros(E.STATE_SIZE, np.int64)
    deck = np.zeros(MAX_DECK, np.int64)
    rng = np.zeros(4, np.uint64)
    options = np.zeros(E.MAX_OPTIONS, np.int64)
    workspace = np.zeros((3, E.STATE_SIZE), np.int64)
    memory = np.zeros(MEMORY_SIZE)
    game_rows = np.zeros((players, N_OUT), np.int64)
    game_shares = np.zeros(players)
    components = np.zeros(N_COMPONENTS, np.int64)
    no_log = np.zeros((0, players), np.int16)
    no_timings = np.zeros(0)
    # borrowed views (core/borrow.py): no reference counting in the game loop; the arrays outlive it
    rules = borrowed(R)
    state, hidden, stream, ids, params = borrowed(S), borrowed(deck), borrowed(rng), borrowed(policy_ids), borrowed(
        policy_params)
    scratch, work, mem, comps, clock = borrowed(options), borrowed(workspace), borrowed(memory), borrowed(
        components), borrowed(no_timings)
    for g in range(count):
        log = borrowed(round_scores[g]) if round_scores.shape[1] > 0 else borrowed(no_log)
        play_game(rules, seed, first_index + g, ids, params, state, hidden, stream, scratch, work, mem, log, comps,
                  clock)
        score_game(state, game_rows, game_shares, comps)
        for p in range(players):
            for k in range(N_OUT):
                rows[g * players + p, k] = game_rows[p, k]
            shares[g * players + p] = game_shares[p]
    keep_alive(S, deck, rng, options, workspace, memory, components, no_log, no_timings)


@njit(cache=True)
def play_timed(R, seed, first_index, count, policy_ids, policy_params, timings):
    """Games first_index .. first_index+count-1 on this thread, the seconds of every search decision in `timings`."""
    players = R[R_PLAYERS]
    S = np.zeros(E.STATE_SIZE, np.int64)
    deck = np.zeros(MAX_DECK, np.int64)
    options = np.zeros(E.MAX_OPTIONS, np.int64)
    workspace = np.zeros((3, E.STATE_SIZE), np.int64)
    memory = np.zeros(MEMORY_SIZE)
    for g in range(count):
        play_game(R, seed, first_index + g, policy_ids, policy_params, S, deck, np.zeros(4, np.uint64), options,
                  workspace, memory, np.zeros((0, players), np.int16), np.zeros(N_COMPONENTS, np.int64), timings)


def search_timings(rules, players: int, policies, seed: int, first_index: int, count: int) -> np.ndarray:
    """Seconds of every search decision (a search seat's turn, with the truck for its drawn tile) in games
    first_index .. first_index+count-1, played on one thread (for benchmarks: wall-clock, not reproducible)."""
    from zoosim.games.base import policy_arrays
    from zoosim.games.zooloretto.policies import MAX_POLICY_PARAMS
    from zoosim.games.zooloretto.rules import pack

    ids, params = policy_arrays(policies, MAX_POLICY_PARAMS)
    timings = new_timings(count * players * 200)
    play_timed(pack(rules, players), seed, first_index, count, ids, params, timings)
    return recorded(timings)


def new_state(max_events: int = 0) -> np.ndarray:
    """A state array; with max_events > 0 the game records its event log after the state."""
    S = np.zeros(E.STATE_SIZE + 6 * max_events, np.int64)
    S[E.H_RECORDING] = 1 if max_events else 0
    S[E.H_TRACE_CAPACITY] = max_events
    return S


def play_traced(R: np.ndarray, seed: int, game_index: int, policy_ids: np.ndarray, policy_params: np.ndarray,
                max_events: int = 20_000,
                explain: bool = False) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """One game with its event log: (events, rows, shares, final state, deck) — for replay and tests. The search
    seats' candidate rows (EV_SEARCH) only with `explain`, so that the events are the game's moves and their
    consequences."""
    players = int(R[R_PLAYERS])
    S = new_state(max_events)
    deck = np.zeros(MAX_DECK, np.int64)
    play_game(R, seed, game_index, policy_ids, policy_params, S, deck, np.zeros(4, np.uint64),
              np.zeros(E.MAX_OPTIONS, np.int64), np.zeros((3, E.STATE_SIZE), np.int64), np.zeros(MEMORY_SIZE),
              np.zeros((0, players), np.int16), np.zeros(N_COMPONENTS, np.int64), np.zeros(0))
    rows = np.zeros((players, N_OUT), np.int64)
    shares = np.zeros(players)
    score_game(S, rows, shares, np.zeros(N_COMPONENTS, np.int64))
    n = int(S[E.H_TRACE_N])
    if n >= max_events:
        raise RuntimeError("event log overflow")
    events = S[E.STATE_SIZE:E.STATE_SIZE + 6 * n].reshape(n, 6).copy()
    if not explain:
        events = events[events[:, 0] != E.EV_SEARCH]
    return events, rows, shares, S[:E.STATE_SIZE].copy(), deck
