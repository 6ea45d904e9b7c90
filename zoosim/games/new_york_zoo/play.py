"""New York Zoo's engine as the rest of zoosim plays it.

- `play_many`: a block of games on one thread, what `blocks.kernel_game`'s play_block runs on each thread
  range (the nogil kernel is `play_games`, handed the table array);
- `play_traced`: one game with its event log (PROTOCOL.md section 9), for `replay.py` and the tests;
- `search_timings`: the seconds of every search decision of a few games (benchmarks/bench_search.py).
The game loop itself is `engine/game.py`. A block with a `search` seat is played by `play_games_search`, whose game
is search.play_game_search (the search decides its seats' turns from outside the engine's loop); the other blocks
never compile it.
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba import njit

from zoosim.core.borrow import borrowed, keep_alive
from zoosim.games.base import PolicySpec, policy_arrays
from zoosim.games.new_york_zoo.components.tables import TABLE
from zoosim.games.new_york_zoo.engine.game import (
    C_CELLS_LEFT, C_RANK, C_ROUNDS, C_SCORE, C_TURNS, N_RESULT_COLUMNS, play_game, results,
)
from zoosim.games.new_york_zoo.policies import MAX_PARAMS, POLICY_SEARCH
from zoosim.games.new_york_zoo.search import new_workspace, play_game_search
from zoosim.games.new_york_zoo.rules import MAX_PLAYERS, R_PLAYERS, R_SIZE, Rules, pack
from zoosim.games.new_york_zoo.engine.state import G_NEVENTS, G_POLICY, LOG, new_state

# the result rows as blocks.play_kernel_block reads them; the game's own columns start at O_CELLS_LEFT
O_SCORE, O_RANK, O_ROUNDS, O_TURNS, O_CELLS_LEFT = C_SCORE, C_RANK, C_ROUNDS, C_TURNS, C_CELLS_LEFT
N_OUT = N_RESULT_COLUMNS


@njit(cache=True, nogil=True)
def play_games(R, pol, par, seed, first_index, count, T, out, share):
    """Play games first_index .. first_index+count-1; seat rows of game i at out[i*players + seat].

    It releases the GIL, so a block runs one call per thread on disjoint ranges of games.
    """
    players = R[R_PLAYERS]
    S = np.zeros(LOG + 6, np.int64)  # no event log (only the spare row of engine/actions.log_event)
    S[:R_SIZE] = R
    for p in range(players):
        S[G_POLICY + p] = pol[p]
    seat_out = np.zeros((MAX_PLAYERS, N_RESULT_COLUMNS), np.int64)
    seat_share = np.zeros(MAX_PLAYERS, np.float64)
    game = borrowed(S)  # no reference counting in the game loop (core/borrow.py); S, T, par outlive it
    tables = borrowed(T)
    params = borrowed(par)
    for i in range(count):
        play_game(game, tables, params, seed, first_index + i)
        results(S, seat_out, seat_share)
        for p in range(players):
            for c in range(N_RESULT_COLUMNS):
                out[i * players + p, c] = seat_out[p, c]
            share[i * players + p] = seat_share[p]


@njit(cache=True, nogil=True)
def play_games_search(R, pol, par, seed, first_index, count, T, out, share, timings):
    """`play_games` for a block with search seats (search.play_game_search), its workspace made once; with a
    non-empty `timings` (zoosim.search.clock) the seconds of every search decision are recorded."""
    players = R[R_PLAYERS]
    S = np.zeros(LOG + 6, np.int64)  # no event log (only the spare row of engine/actions.log_event)
    S[:R_SIZE] = R
    W, Fr, Fg, cand, stats, alive, X, V, stream = new_workspace()
    seat_out = np.zeros((MAX_PLAYERS, N_RESULT_COLUMNS), np.int64)
    seat_share = np.zeros(MAX_PLAYERS, np.float64)
    for i in range(count):
        play_game_search(borrowed(S), borrowed(T), borrowed(par), borrowed(pol), seed, first_index + i, borrowed(W),
                         borrowed(Fr), borrowed(Fg), borrowed(cand), borrowed(stats), borrowed(alive), borrowed(X),
                         borrowed(V), borrowed(stream), timings)
        results(S, seat_out, seat_share)
        for p in range(players):
            for c in range(N_RESULT_COLUMNS):
                out[i * players + p, c] = seat_out[p, c]
            share[i * players + p] = seat_share[p]
    keep_alive(S, W, Fr, Fg, cand, stats, alive, X, V, stream)


NO_TIMINGS = np.zeros(0)


def play_many(R: np.ndarray, seed: int, first_index: int, count: int, ids: np.ndarray, params: np.ndarray,
              rows: np.ndarray, shares: np.ndarray, round_scores: np.ndarray) -> None:
    """`play_games` in run_in_threads' argument order, with the table array (too large for a numba constant);
    `play_games_search` when a seat searches. New York Zoo keeps no rounds log: `round_scores` is empty."""
    if (ids == POLICY_SEARCH).any():
        play_games_search(R, ids, params, seed, first_index, count, TABLE, rows, shares, NO_TIMINGS)
    else:
        play_games(R, ids, params, seed, first_index, count, TABLE, rows, shares)


def new_game(R: np.ndarray, pol: np.ndarray, log_rows: int) -> np.ndarray:
    """A game array for these packed rules and seat policies (engine/state.new_state, filled)."""
    S = new_state(log_rows)
    S[:R_SIZE] = R
    S[G_POLICY:G_POLICY + len(pol)] = pol
    return S


def play_traced(rules: Rules, players: int, policies: Sequence[PolicySpec], seed: int, game_index: int,
                log_rows: int = 50_000) -> tuple[list[tuple[int, ...]], np.ndarray, np.ndarray, np.ndarray]:
    """Play one game and keep its event log: (events, per-seat result rows, win shares, final state).

    `policies` holds one policy per seat, or one for all seats.
    """
    seats = list(policies) * players if len(policies) == 1 else list(policies)
    ids, params = policy_arrays(seats, MAX_PARAMS)
    state = new_game(pack(rules, players), ids, log_rows)
    if (ids == POLICY_SEARCH).any():
        play_game_search(state, TABLE, params, ids, seed, game_index, *new_workspace(), NO_TIMINGS)
    else:
        play_game(state, TABLE, params, seed, game_index)
    n_events = int(state[G_NEVENTS])
    if n_events > log_rows:
        raise RuntimeError(f"event log overflow: {n_events} events, room for {log_rows}")
    out = np.zeros((MAX_PLAYERS, N_RESULT_COLUMNS), np.int64)
    shares = np.zeros(MAX_PLAYERS)
    results(state, out, shares)
    log = state[LOG:LOG + 6 * n_events].reshape(n_events, 6)
    events = [tuple(int(x) for x in row) for row in log]
    return events, out[:players], shares[:players], state


def search_timings(rules: Rules, players: int, policies: Sequence[PolicySpec], seed: int, first_index: int,
                   count: int) -> np.ndarray:
    """Seconds of every search decision in games first_index .. first_index+count-1, on one thread."""
    from zoosim.search.clock import new_timings, recorded
    seats = list(policies) * players if len(policies) == 1 else list(policies)
    ids, params = policy_arrays(seats, MAX_PARAMS)
    timings = new_timings(count * 2000)
    rows = np.zeros((count * players, N_OUT), np.int64)
    shares = np.zeros(count * players)
    play_games_search(pack(rules, players), ids, params, seed, first_index, count, TABLE, rows, shares, timings)
    return recorded(timings)
