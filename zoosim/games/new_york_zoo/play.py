"""New York Zoo's game loop in numba: setup, turns, end of game, results, and a parallel batch.

The rules of each action live in `engine.py`; this module strings them together as spec sections 4, 5
and 8 say, and turns a finished state into the log's columns.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.rng import below, seed_stream
from zoosim.games.new_york_zoo.engine import (
    ATTRACTION_BASE, BOARD_CORNER, BOARD_HOUSES, BOARD_INDEX, BOARD_START, E_ADDED, ENCLOSURES_BY_SIZE,
    G_ELEPHANT, G_END_REASON, G_FACE_UP, G_HEIGHT, G_LINES, G_MOVER, G_OVER, G_STACK, G_SUPPLY, G_TRAVELLED,
    E_COUNT, E_SPECIES, G_TURNS, HARBOUR_STACK_SIZES, LINE_SPECIES, N_ATTRACTION_KINDS, N_HARBOURS,
    P_ATTRACTIONS, P_BOARD,
    P_BREEDINGS, P_ENCLOSURES_PLACED, P_HOUSE, P_HOUSES, P_NENC, P_OWN_TURNS, P_TURNS_TO_FINISH, SIZE_COUNT,
    SPACE_HARBOUR, START_SPACE, TILE_COUNT, TILE_SIZE, animal_action, animals,
    E_SIZE, G_SIZE, N_TILES, P_FITS, MAX_ENCLOSURES, MAX_OPTIONS, MAX_PLAYERS, P_SIZE, cells_left, decide,
    harbour_action, is_covered, list_placements, log_event, move_options, place_enclosure,
)
from zoosim.games.new_york_zoo.breeding import breed, breeding_lines
from zoosim.games.new_york_zoo.protocol import (
    D_DESTINATION, D_SHORT_PLACE, END_COVERED, END_SOLO_LAPS, END_TURN_CAP, EV_BREEDING, EV_END, EV_MOVE, EV_PASS,
)
from zoosim.games.new_york_zoo.rules import (
    R_MAX_TURNS, R_PLAYERS, R_SHORT_GAME, R_SHORT_HEPTOMINOES, R_SHORT_HEXOMINOES, R_SOLO_END, R_SOLO_LAP_LENGTH,
    R_SOLO_N_TILES, R_SOLO_SIDE, R_SOLO_TARGET, R_WIN_CHECK, WIN_PER_LINE,
)


# ---------------------------------------------------------------- turn and game
@njit(cache=True, nogil=True, inline="always")
def can_breed(pl, enc, p, species):
    """Has p an enclosure of `species` with 2+ animals? (Without one, p's part of the event is empty.)"""
    for e in range(pl[p, P_NENC]):
        if enc[p, e, E_SPECIES] == species and enc[p, e, E_COUNT] >= 2:
            return True
    return False


@njit(cache=True, nogil=True)
def any_covered(pl, cov, R):
    for p in range(R[R_PLAYERS]):
        if is_covered(pl, cov, p):
            return True
    return False


@njit(cache=True, nogil=True)
def end_game(g, reason):
    g[G_OVER] = 1
    g[G_END_REASON] = reason


@njit(cache=True, nogil=True)
def turn(S, T):
    g, pl, enc, cov, opt, rng, log, pol, par, R = S
    players = R[R_PLAYERS]
    mover = (g[G_TURNS] - 1) % players
    g[G_MOVER] = mover
    pl[mover, P_OWN_TURNS] += 1
    for p in range(players):
        for e in range(pl[p, P_NENC]):
            enc[p, e, E_ADDED] = 0
    n = move_options(S, T, mover)
    if n == 0:
        log_event(g, log, EV_PASS, mover, 0, 0, 0, 0)
        return
    i = decide(D_DESTINATION, mover, n, 0, S, T)
    dest = opt[i, 0]
    steps = opt[i, 1]
    raw = opt[i, 2]
    tile = opt[i, 3]
    start = g[G_ELEPHANT]
    g[G_ELEPHANT] = dest
    g[G_TRAVELLED] += raw
    if tile >= 0:
        g[G_FACE_UP] &= ~(1 << tile)
    log_event(g, log, EV_MOVE, mover, dest, steps, raw, tile)
    if SPACE_HARBOUR[dest - 1] >= 0:
        harbour_action(S, T, mover, dest)
    else:
        animal_action(S, T, mover, dest)
    if g[G_OVER]:
        return
    if any_covered(pl, cov, R):
        end_game(g, END_COVERED)  # breeding of this move is skipped
        return
    n_lines = breeding_lines(g, R, raw, start)
    for k in range(n_lines):
        species = LINE_SPECIES[g[G_LINES + k] - 1]
        log_event(g, log, EV_BREEDING, mover, species, 0, 0, 0)
        for j in range(players):
            q = (mover + j) % players
            if can_breed(pl, enc, q, species):
                breed(S, T, q, species)
                if g[G_OVER]:
                    return
        if R[R_WIN_CHECK] == WIN_PER_LINE and any_covered(pl, cov, R):
            end_game(g, END_COVERED)
            return
    if any_covered(pl, cov, R):
        end_game(g, END_COVERED)


@njit(cache=True, nogil=True)
def shuffle_range(g, rng, base, n):
    for i in range(n - 1, 0, -1):
        j = below(rng, i + 1)
        x = g[base + i]
        g[base + i] = g[base + j]
        g[base + j] = x


@njit(cache=True, nogil=True)
def setup(S, T, seed, game_index):
    """Seats and boards, shuffled stacks dealt per harbour, tops removed (solo, short game), short-game deal."""
    g, pl, enc, cov, opt, rng, log, pol, par, R = S
    seed_stream(rng, seed, game_index)
    g[:] = 0
    players = R[R_PLAYERS]
    g[G_ELEPHANT] = START_SPACE
    g[G_FACE_UP] = (1 << R[R_SOLO_N_TILES]) - 1
    for k in range(N_ATTRACTION_KINDS):
        g[G_SUPPLY + k] = TILE_COUNT[ATTRACTION_BASE + k]
    row = 2 * (players - 1) + R[R_SOLO_SIDE]
    for p in range(players):
        b = BOARD_INDEX[row, p]
        pl[p, :] = 0
        pl[p, P_BOARD] = b
        pl[p, P_HOUSES] = BOARD_HOUSES[b]
        pl[p, P_TURNS_TO_FINISH] = -1
        pl[p, P_HOUSE + BOARD_START[b, 0]] += 1
        pl[p, P_HOUSE + BOARD_START[b, 1]] += 1
        cov[p, 0] = BOARD_CORNER[b, 0]
        cov[p, 1] = BOARD_CORNER[b, 1]
        for t in range(N_TILES):
            pl[p, P_FITS + t] = -1
    # shuffle the tiles of each size (opt column z = size 4 + z is scratch here)
    for z in range(4):
        for i in range(SIZE_COUNT[z]):
            opt[i, z] = ENCLOSURES_BY_SIZE[z, i]
        for i in range(SIZE_COUNT[z] - 1, 0, -1):
            j = below(rng, i + 1)
            x = opt[i, z]
            opt[i, z] = opt[j, z]
            opt[j, z] = x
    dealt = np.zeros(4, np.int64)
    for h in range(N_HARBOURS):
        for level in range(3):
            z = HARBOUR_STACK_SIZES[h, level] - 4
            g[G_STACK + 3 * h + level] = opt[dealt[z], z]
            dealt[z] += 1
        g[G_HEIGHT + h] = 3
    if players == 1 or R[R_SHORT_GAME] != 0:
        for h in range(N_HARBOURS):
            g[G_HEIGHT + h] = 2
        if R[R_SHORT_GAME] != 0:
            deal_short_game(S, T)


@njit(cache=True, nogil=True)
def deal_short_game(S, T):
    g, pl, enc, cov, opt, rng, log, pol, par, R = S
    removed = np.zeros((2, N_HARBOURS), np.int64)  # row 0: heptominoes, row 1: hexominoes, harbour order
    counts = np.zeros(2, np.int64)
    for h in range(N_HARBOURS):
        tile = g[G_STACK + 3 * h + 2]
        z = 0 if TILE_SIZE[tile] == 7 else 1
        removed[z, counts[z]] = tile
        counts[z] += 1
    for z in range(2):
        for i in range(counts[z] - 1, 0, -1):
            j = below(rng, i + 1)
            x = removed[z, i]
            removed[z, i] = removed[z, j]
            removed[z, j] = x
    per = (R[R_SHORT_HEPTOMINOES], R[R_SHORT_HEXOMINOES])
    for p in range(2):
        for z in range(2):
            for k in range(per[z]):
                tile = removed[z, p * per[z] + k]
                n = list_placements(S, T, p, tile)
                if n > 0:  # a tile that no longer fits leaves the game
                    placement = opt[decide(D_SHORT_PLACE, p, n, tile, S, T), 0]
                    place_enclosure(S, T, p, tile, placement, 1)


@njit(cache=True, nogil=True)
def play_game(S, T, seed, game_index):
    """Play one game to its end; the result is in the state (see `results`)."""
    g, pl, enc, cov, opt, rng, log, pol, par, R = S
    setup(S, T, seed, game_index)
    players = R[R_PLAYERS]
    g[G_END_REASON] = END_TURN_CAP
    all_up = (1 << R[R_SOLO_N_TILES]) - 1
    while g[G_TURNS] < R[R_MAX_TURNS]:
        g[G_TURNS] += 1
        turn(S, T)
        if g[G_OVER]:
            break
        if players == 1:
            if g[G_FACE_UP] == 0:
                g[G_FACE_UP] = all_up
            if R[R_SOLO_END] == 1 and g[G_TRAVELLED] >= R[R_SOLO_TARGET]:
                end_game(g, END_SOLO_LAPS)
                break
    log_event(g, log, EV_END, -1, g[G_END_REASON], g[G_TURNS], 0, 0)


# ---------------------------------------------------------------- results
# per-seat result columns of `results` (int64 matrix; win_share separately)
C_SCORE, C_RANK, C_CELLS_LEFT, C_ANIMALS, C_ENCLOSURES, C_ATTRACTIONS, C_BREEDINGS, C_TURNS_TO_FINISH = range(8)
N_RESULT_COLUMNS = 8


@njit(cache=True, nogil=True)
def results(S, out, share):
    """Fill out[seat, C_*] and share[seat] from a finished game."""
    g, pl, enc, cov, opt, rng, log, pol, par, R = S
    players = R[R_PLAYERS]
    for p in range(players):
        out[p, C_CELLS_LEFT] = cells_left(pl, cov, p)
        out[p, C_ANIMALS] = animals(pl, enc, p)
        out[p, C_ENCLOSURES] = pl[p, P_ENCLOSURES_PLACED]
        out[p, C_ATTRACTIONS] = pl[p, P_ATTRACTIONS]
        out[p, C_BREEDINGS] = pl[p, P_BREEDINGS]
        out[p, C_TURNS_TO_FINISH] = pl[p, P_TURNS_TO_FINISH]
        out[p, C_SCORE] = -out[p, C_CELLS_LEFT]
    if players == 1 and out[0, C_CELLS_LEFT] == 0:
        if R[R_SOLO_END] == 1:
            out[0, C_SCORE] = (START_SPACE - g[G_ELEPHANT]) % R[R_SOLO_LAP_LENGTH]
        else:
            out[0, C_SCORE] = R[R_SOLO_TARGET] - g[G_TRAVELLED]
    winners = 0
    for p in range(players):  # rank: 1 + players strictly better by (fewer cells left, more animals)
        rank = 1
        for q in range(players):
            if out[q, C_CELLS_LEFT] < out[p, C_CELLS_LEFT] or (
                    out[q, C_CELLS_LEFT] == out[p, C_CELLS_LEFT] and out[q, C_ANIMALS] > out[p, C_ANIMALS]):
                rank += 1
        out[p, C_RANK] = rank
        if rank == 1 and out[p, C_CELLS_LEFT] == 0:
            winners += 1
    for p in range(players):
        share[p] = 0.0
        if winners > 0 and out[p, C_RANK] == 1 and out[p, C_CELLS_LEFT] == 0:
            if players == 1 or g[G_END_REASON] != END_TURN_CAP:
                share[p] = 1.0 / winners


@njit(cache=True, nogil=True)
def play_many(R, pol, par, seed, first_index, count, T, out, share, game_turns, game_end):
    """Play games first_index .. first_index+count-1; seat rows of game i at out[i*players + seat].

    It releases the GIL, so `play_block` runs one call per thread on disjoint ranges of games.
    """
    players = R[R_PLAYERS]
    S = (np.zeros(G_SIZE, np.int64), np.zeros((MAX_PLAYERS, P_SIZE), np.int64),
         np.zeros((MAX_PLAYERS, MAX_ENCLOSURES, E_SIZE), np.int64), np.zeros((MAX_PLAYERS, 2), np.uint64),
         np.zeros((MAX_OPTIONS, 4), np.int64), np.zeros(4, np.uint64), np.zeros((0, 6), np.int64),
         pol, par, R)
    seat_out = np.zeros((MAX_PLAYERS, N_RESULT_COLUMNS), np.int64)
    seat_share = np.zeros(MAX_PLAYERS, np.float64)
    for i in range(count):
        play_game(S, T, seed, first_index + i)
        results(S, seat_out, seat_share)
        for p in range(players):
            for c in range(N_RESULT_COLUMNS):
                out[i * players + p, c] = seat_out[p, c]
            share[i * players + p] = seat_share[p]
        game_turns[i] = S[0][G_TURNS]
        game_end[i] = S[0][G_END_REASON]
