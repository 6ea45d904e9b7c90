"""New York Zoo's game loop in numba: setup, turns, end of game and results.

The rules of each action live in `actions.py` and `breeding.py`; this module strings them together as
spec sections 4, 5 and 8 say, and turns a finished state into the seats' result rows.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.games.new_york_zoo.components import data
from zoosim.games.new_york_zoo.components.data import ATTRACTION_BASE, N_ATTRACTION_KINDS, START_SPACE
from zoosim.games.new_york_zoo.components.tables import (
    BOARD_CORNER, BOARD_HOUSES, BOARD_START, HARBOUR_STACK_SIZES, LINE_SPECIES, SPACE_HARBOUR, TILE_COUNT, TILE_SIZE,
)
from zoosim.games.new_york_zoo.engine.actions import (
    animal_action, animals, cells_left, harbour_action, is_covered, log_event, move_options, place_enclosure,
)
from zoosim.games.new_york_zoo.engine.breeding import breed, breeding_lines
from zoosim.games.new_york_zoo.engine.decide import decide
from zoosim.games.new_york_zoo.protocol import (
    D_DESTINATION, D_SHORT_PLACE, END_COVERED, END_SOLO_LAPS, END_TURN_CAP, EV_BREEDING, EV_END, EV_MOVE, EV_PASS,
)
from zoosim.games.new_york_zoo.rules import (
    MAX_PLAYERS, R_MAX_ADDED, R_MAX_TURNS, R_PLAYERS, R_SHORT_GAME, R_SHORT_HEPTOMINOES, R_SHORT_HEXOMINOES, R_SIZE,
    R_SOLO_END, R_SOLO_LAP_LENGTH, R_SOLO_N_TILES, R_SOLO_SIDE, R_SOLO_TARGET, R_WIN_CHECK, WIN_PER_LINE,
)
from zoosim.games.new_york_zoo.engine.state import (
    E_ADDED, E_COUNT, E_SPECIES, G_ELEPHANT, G_END_REASON, G_FACE_UP, G_HEIGHT, G_LINES, G_LOG_ROWS, G_MOVER,
    G_OVER, G_STACK, G_SUPPLY, G_TRAVELLED, G_TURNS, N_HARBOURS, N_TILES, OPT,
    P_ATTRACTIONS, P_BOARD, P_BREEDINGS, P_COVERED, P_ENCLOSURES_PLACED, P_FITS, P_HOUSE, P_HOUSES, P_NENC,
    P_OWN_TURNS, P_SIZE, P_TURNS_TO_FINISH, PLAYERS, draw, eb, pb, seed_game,
)
from zoosim.games.new_york_zoo.engine.placements import list_placements

BOARD_INDEX = np.array([[data.board_for(n, s, side).index if s < n else -1 for s in range(MAX_PLAYERS)]
                        for n in range(1, MAX_PLAYERS + 1) for side in ("A", "B")], np.int64)  # row 2*(n-1)+side
ENCLOSURES_BY_SIZE = np.array([[t.index for t in data.TILES if not t.is_attraction and t.size == size]
                               + [-1] * (15 - sum(1 for t in data.TILES if not t.is_attraction and t.size == size))
                               for size in range(4, 8)], np.int64)
SIZE_COUNT = np.array([sum(1 for t in data.TILES if not t.is_attraction and t.size == size) for size in range(4, 8)],
                      np.int64)


# ---------------------------------------------------------------- turn and game
@njit(cache=True, nogil=True)
def can_breed(S, p, species):
    """Has p an enclosure of `species` with 2+ animals? (Without one, p's part of the event is empty.)

    Branch-free over all enclosures: the answer is mostly no, and an early exit mispredicts.
    """
    found = False
    for e in range(S[pb(p) + P_NENC]):
        found |= (S[eb(p, e) + E_SPECIES] == species) & (S[eb(p, e) + E_COUNT] >= 2)
    return found


@njit(cache=True, nogil=True)
def any_covered(S):
    for p in range(S[R_PLAYERS]):
        if is_covered(S, p):
            return True
    return False


@njit(cache=True, nogil=True)
def end_game(S, reason):
    S[G_OVER] = 1
    S[G_END_REASON] = reason


@njit(cache=True, nogil=True, inline="always")
def begin_turn(S):
    """The start of turn S[G_TURNS]: its mover (returned) counts a turn; the per-turn additions are reset."""
    players = S[R_PLAYERS]
    mover = (S[G_TURNS] - 1) % players
    S[G_MOVER] = mover
    S[pb(mover) + P_OWN_TURNS] += 1
    if S[R_MAX_ADDED] != 0:  # the per-turn count matters only under a cap
        for p in range(players):
            for e in range(S[pb(p) + P_NENC]):
                S[eb(p, e) + E_ADDED] = 0
    return mover


@njit(cache=True, nogil=True)
def turn(S, T, F):
    players = S[R_PLAYERS]
    mover = begin_turn(S)
    n = move_options(S, T, mover)
    if n == 0:
        log_event(S, EV_PASS, mover, 0, 0, 0, 0)
        return
    i = decide(D_DESTINATION, mover, n, 0, S, T, F)
    dest = S[OPT + 4 * i]
    steps = S[OPT + 4 * i + 1]
    raw = S[OPT + 4 * i + 2]
    tile = S[OPT + 4 * i + 3]
    start = S[G_ELEPHANT]
    S[G_ELEPHANT] = dest
    S[G_TRAVELLED] += raw
    if tile >= 0:
        S[G_FACE_UP] &= ~(1 << tile)
    log_event(S, EV_MOVE, mover, dest, steps, raw, tile)
    if SPACE_HARBOUR[dest - 1] >= 0:
        harbour_action(S, T, F, mover, dest)
    else:
        animal_action(S, T, F, mover, dest)
    if S[G_OVER]:
        return
    if any_covered(S):
        end_game(S, END_COVERED)  # breeding of this move is skipped
        return
    n_lines = breeding_lines(S, raw, start)
    for k in range(n_lines):
        species = LINE_SPECIES[S[G_LINES + k] - 1]
        log_event(S, EV_BREEDING, mover, species, 0, 0, 0)
        for j in range(players):
            q = mover + j if mover + j < players else mover + j - players
            if can_breed(S, q, species):
                breed(S, T, F, q, species)
                if S[G_OVER]:
                    return
        if S[R_WIN_CHECK] == WIN_PER_LINE and any_covered(S):
            end_game(S, END_COVERED)
            return
    if any_covered(S):
        end_game(S, END_COVERED)


@njit(cache=True, nogil=True)
def setup(S, T, F, seed, game_index):
    """Seats and boards, shuffled stacks dealt per harbour, tops removed (solo, short game), short-game deal.

    The rules, the log size and the policy ids in S are kept; everything else of the last game is reset.
    """
    for k in range(R_SIZE, G_LOG_ROWS):
        S[k] = 0
    for k in range(G_SUPPLY, PLAYERS):
        S[k] = 0
    seed_game(S, seed, game_index)
    players = S[R_PLAYERS]
    S[G_ELEPHANT] = START_SPACE
    S[G_FACE_UP] = (1 << S[R_SOLO_N_TILES]) - 1
    for k in range(N_ATTRACTION_KINDS):
        S[G_SUPPLY + k] = TILE_COUNT[ATTRACTION_BASE + k]
    row = 2 * (players - 1) + S[R_SOLO_SIDE]
    for p in range(players):
        b = BOARD_INDEX[row, p]
        for k in range(P_SIZE):
            S[pb(p) + k] = 0
        S[pb(p) + P_BOARD] = b
        S[pb(p) + P_HOUSES] = BOARD_HOUSES[b]
        S[pb(p) + P_TURNS_TO_FINISH] = -1
        S[pb(p) + P_HOUSE + BOARD_START[b, 0]] += 1
        S[pb(p) + P_HOUSE + BOARD_START[b, 1]] += 1
        S[pb(p) + P_COVERED] = np.int64(BOARD_CORNER[b, 0])
        S[pb(p) + P_COVERED + 1] = np.int64(BOARD_CORNER[b, 1])
        for t in range(N_TILES):
            S[pb(p) + P_FITS + t] = -1  # not looked at yet (placements.fits)
    # shuffle the tiles of each size (option column z = size 4 + z is scratch here)
    for z in range(4):
        for i in range(SIZE_COUNT[z]):
            S[OPT + 4 * i + z] = ENCLOSURES_BY_SIZE[z, i]
        for i in range(SIZE_COUNT[z] - 1, 0, -1):
            j = draw(S, i + 1)
            x = S[OPT + 4 * i + z]
            S[OPT + 4 * i + z] = S[OPT + 4 * j + z]
            S[OPT + 4 * j + z] = x
    dealt = np.zeros(4, np.int64)
    for h in range(N_HARBOURS):
        for level in range(3):
            z = HARBOUR_STACK_SIZES[h, level] - 4
            S[G_STACK + 3 * h + level] = S[OPT + 4 * dealt[z] + z]
            dealt[z] += 1
        S[G_HEIGHT + h] = 3
    if players == 1 or S[R_SHORT_GAME] != 0:
        for h in range(N_HARBOURS):
            S[G_HEIGHT + h] = 2
        if S[R_SHORT_GAME] != 0:
            deal_short_game(S, T, F)


@njit(cache=True, nogil=True)
def deal_short_game(S, T, F):
    removed = np.zeros((2, N_HARBOURS), np.int64)  # row 0: heptominoes, row 1: hexominoes, harbour order
    counts = np.zeros(2, np.int64)
    for h in range(N_HARBOURS):
        tile = S[G_STACK + 3 * h + 2]
        z = 0 if TILE_SIZE[tile] == 7 else 1
        removed[z, counts[z]] = tile
        counts[z] += 1
    for z in range(2):
        for i in range(counts[z] - 1, 0, -1):
            j = draw(S, i + 1)
            x = removed[z, i]
            removed[z, i] = removed[z, j]
            removed[z, j] = x
    per = (S[R_SHORT_HEPTOMINOES], S[R_SHORT_HEXOMINOES])
    for p in range(2):
        for z in range(2):
            for k in range(per[z]):
                tile = removed[z, p * per[z] + k]
                n = list_placements(S, T, p, tile)
                if n > 0:  # a tile that no longer fits leaves the game
                    placement = S[OPT + 4 * decide(D_SHORT_PLACE, p, n, tile, S, T, F)]
                    place_enclosure(S, T, p, tile, placement, 1)


@njit(cache=True, nogil=True, inline="always")
def next_turn(S, T, F):
    """One pass of the game loop: the next turn, then (solo) the tiles turned face up and the solo end.
    True when the game is over. The loop runs it while S[G_TURNS] < max_turns (search.py's rollouts too)."""
    S[G_TURNS] += 1
    turn(S, T, F)
    if S[G_OVER]:
        return True
    if S[R_PLAYERS] == 1:
        if S[G_FACE_UP] == 0:
            S[G_FACE_UP] = (1 << S[R_SOLO_N_TILES]) - 1
        if S[R_SOLO_END] == 1 and S[G_TRAVELLED] >= S[R_SOLO_TARGET]:
            end_game(S, END_SOLO_LAPS)
            return True
    return False


@njit(cache=True, nogil=True)
def play_game(S, T, F, seed, game_index):
    """Play one game to its end; the result is in the state (see `results`)."""
    setup(S, T, F, seed, game_index)
    S[G_END_REASON] = END_TURN_CAP
    while S[G_TURNS] < S[R_MAX_TURNS]:
        if next_turn(S, T, F):
            break
    log_event(S, EV_END, -1, S[G_END_REASON], S[G_TURNS], 0, 0)


# ---------------------------------------------------------------- results
# per-seat result columns of `results` (int64 matrix; win_share separately): score and rank, the log's own
# columns in the order of the package's COLUMNS (cells_left .. end_reason), then rounds and turns
(C_SCORE, C_RANK, C_CELLS_LEFT, C_ANIMALS, C_ENCLOSURES, C_ATTRACTIONS, C_BREEDINGS, C_TURNS_TO_FINISH, C_END_REASON,
 C_ROUNDS, C_TURNS) = range(11)
N_RESULT_COLUMNS = 11


@njit(cache=True, nogil=True)
def results(S, out, share):
    """Fill out[seat, C_*] and share[seat] from a finished game."""
    players = S[R_PLAYERS]
    for p in range(players):
        out[p, C_END_REASON] = S[G_END_REASON]
        out[p, C_ROUNDS] = (S[G_TURNS] + players - 1) // players
        out[p, C_TURNS] = S[G_TURNS]
        out[p, C_CELLS_LEFT] = cells_left(S, p)
        out[p, C_ANIMALS] = animals(S, p)
        out[p, C_ENCLOSURES] = S[pb(p) + P_ENCLOSURES_PLACED]
        out[p, C_ATTRACTIONS] = S[pb(p) + P_ATTRACTIONS]
        out[p, C_BREEDINGS] = S[pb(p) + P_BREEDINGS]
        out[p, C_TURNS_TO_FINISH] = S[pb(p) + P_TURNS_TO_FINISH]
        out[p, C_SCORE] = -out[p, C_CELLS_LEFT]
    if players == 1 and out[0, C_CELLS_LEFT] == 0:
        if S[R_SOLO_END] == 1:
            out[0, C_SCORE] = (START_SPACE - S[G_ELEPHANT]) % S[R_SOLO_LAP_LENGTH]
        else:
            out[0, C_SCORE] = S[R_SOLO_TARGET] - S[G_TRAVELLED]
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
            if players == 1 or S[G_END_REASON] != END_TURN_CAP:
                share[p] = 1.0 / winners
