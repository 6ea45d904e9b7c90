"""New York Zoo's engine as the simulation layer plays it: a batch of games on one thread (`play_many`).

The game loop itself is `engine/game.py`.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.borrow import borrowed
from zoosim.games.new_york_zoo.engine.game import N_RESULT_COLUMNS, play_game, results
from zoosim.games.new_york_zoo.rules import R_PLAYERS, R_SIZE
from zoosim.games.new_york_zoo.state.layout import G_END_REASON, G_POLICY, G_TURNS, LOG, MAX_PLAYERS, new_state


def new_game(R, pol, log_rows):
    """A game array for these packed rules and seat policies (state/layout.new_state, filled)."""
    S = new_state(log_rows)
    S[:R_SIZE] = R
    S[G_POLICY:G_POLICY + len(pol)] = pol
    return S


@njit(cache=True, nogil=True)
def play_many(R, pol, par, seed, first_index, count, T, out, share, game_turns, game_end):
    """Play games first_index .. first_index+count-1; seat rows of game i at out[i*players + seat].

    It releases the GIL, so `play_block` runs one call per thread on disjoint ranges of games.
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
        game_turns[i] = S[G_TURNS]
        game_end[i] = S[G_END_REASON]
