"""New York Zoo's scripted policies (numba). `decide` answers every decision of the engine.

A decision is (kind, player, n options in `opt`, a context value); the option lists and their order
are fixed by PROTOCOL.md. Every policy returns 0 without a draw when n == 1.
- uniform: option below(n) at each decision.
- greedy: scores each option and takes the first best (no draws). Tiles go where they leave the fewest
  isolated uncovered cells (cells no tile of 2+ squares can reach), then where they touch the fewest
  uncovered cells; moves are worth the cells a harbour tile covers, or the animals an animal space
  brings (filling an enclosure is worth an attraction); breeding, house bonus, keeping an animal and
  taking an attraction are always taken.
- heuristic: greedy with parameters, and breeding-aware moves: a move is also worth the breeding its
  crossed lines give the mover, less a share of what they give the rivals.
`reference_policies.py` is the same code in plain Python (the differential test holds them equal).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.rng import below
from zoosim.games.new_york_zoo import data
from zoosim.games.new_york_zoo.protocol import (
    D_ANIMAL_DEST, D_ANIMAL_OPTION, D_ATTRACTION_KIND, D_ATTRACTION_PLACE, D_BONUS_BREED, D_BREED,
    D_DESTINATION, D_ENCLOSURE_PLACE, D_POPULATE_FIRST, D_POPULATE_SECOND, D_SHORT_PLACE, HOUSE, POLICY_GREEDY,
    POLICY_UNIFORM, SUPPLY,
)

# heuristic parameters (order of PolicyParam in __init__.py); greedy uses GREEDY_PARAMS
H_ISOLATED, H_FILL, H_COVER, H_BREED, H_RIVAL_BREED, H_HOUSE = range(6)
GREEDY_PARAMS = np.array([4.0, 6.0, 1.0, 0.0, 0.0, 0.25])

N_SPECIES = data.N_SPECIES
N_SPACES = data.N_SPACES
TILE_SIZE = np.array(data.TABLES["tile_size"])
SPACE_HARBOUR = np.array(data.TABLES["space_harbour"])
SPACE_ANIMALS = np.array(data.TABLES["space_animals"])
LINE_SPECIES = np.array(data.TABLES["line_species"])
BOARD_WIDTH = np.array(data.TABLES["board_width"])
BOARD_FULL = np.array(data.TABLES["board_full"])
BOARD_NOT_LEFT = np.array(data.TABLES["board_not_left"])
BOARD_NOT_RIGHT = np.array(data.TABLES["board_not_right"])
# state layout (engine.py; repeated here because engine imports this module)
G_ELEPHANT, G_HEIGHT, G_STACK = 0, 16, 32
P_BOARD, P_NENC, P_HOUSE = 0, 2, 8
E_CAPACITY, E_SPECIES, E_COUNT = 0, 1, 2
R_PLAYERS = 0

ZERO = np.uint64(0)
U1 = np.uint64(1)
M1 = np.uint64(0x5555555555555555)
M2 = np.uint64(0x3333333333333333)
M4 = np.uint64(0x0F0F0F0F0F0F0F0F)
H01 = np.uint64(0x0101010101010101)
U56 = np.uint64(56)
U64 = np.uint64(64)


@njit(cache=True, nogil=True, inline="always")
def popcount(x):
    x = x - ((x >> U1) & M1)
    x = (x & M2) + ((x >> np.uint64(2)) & M2)
    x = (x + (x >> np.uint64(4))) & M4
    return np.int64((x * H01) >> U56)


@njit(cache=True, nogil=True, inline="always")
def spread(lo, hi, b):
    """The cells orthogonally next to a cell of (lo, hi) on board b (128-bit shifts by 1 and by width)."""
    w = np.uint64(BOARD_WIDTH[b])
    r = U64 - w
    right_lo = (lo << U1) & BOARD_NOT_LEFT[b, 0]
    right_hi = ((hi << U1) | (lo >> np.uint64(63))) & BOARD_NOT_LEFT[b, 1]
    left_lo = ((lo >> U1) | (hi << np.uint64(63))) & BOARD_NOT_RIGHT[b, 0]
    left_hi = (hi >> U1) & BOARD_NOT_RIGHT[b, 1]
    down_lo = lo << w
    down_hi = (hi << w) | (lo >> r)
    up_lo = (lo >> w) | (hi << r)
    up_hi = hi >> w
    out_lo = (right_lo | left_lo | down_lo | up_lo) & BOARD_FULL[b, 0]
    out_hi = (right_hi | left_hi | down_hi | up_hi) & BOARD_FULL[b, 1]
    return out_lo, out_hi


@njit(cache=True, nogil=True)
def placement_score(free_lo, free_hi, m_lo, m_hi, b, isolated_weight):
    """-(weight * isolated uncovered cells) - (uncovered cells touching the tile), after placing it."""
    u_lo = free_lo & ~m_lo
    u_hi = free_hi & ~m_hi
    n_lo, n_hi = spread(u_lo, u_hi, b)
    isolated = popcount(u_lo & ~n_lo) + popcount(u_hi & ~n_hi)
    t_lo, t_hi = spread(m_lo, m_hi, b)
    exposed = popcount(t_lo & u_lo) + popcount(t_hi & u_hi)
    return -(isolated_weight * isolated) - exposed


@njit(cache=True, nogil=True)
def best_placement(S, T, p, tile, n, isolated_weight):
    """(index of the best of the n placements listed in opt[:, 0], its score)."""
    g, pl, enc, cov, opt, rng, log, pol, par, R = S
    place_lo, place_hi, place_start, place_count, cell_start, by_cell = T
    b = pl[p, P_BOARD]
    start = place_start[b, tile]
    free_lo = BOARD_FULL[b, 0] & ~cov[p, 0]
    free_hi = BOARD_FULL[b, 1] & ~cov[p, 1]
    best = 0
    best_score = -1e18
    for i in range(n):
        k = start + opt[i, 0]
        s = placement_score(free_lo, free_hi, place_lo[k], place_hi[k], b, isolated_weight)
        if s > best_score:
            best_score = s
            best = i
    return best, best_score


@njit(cache=True, nogil=True)
def enclosure_gain(pl, enc, p, e, species, fill_value):
    """Value of one more animal of `species` in enclosure e (with the house bonus if it applies)."""
    after = enc[p, e, E_COUNT] + 1
    capacity = enc[p, e, E_CAPACITY]
    if after < capacity and pl[p, P_HOUSE + species] > 0:
        after += 1
    if after >= capacity:
        return fill_value
    return after / capacity


@njit(cache=True, nogil=True)
def animal_value(pl, enc, p, species, prm):
    """Best value of placing one animal of `species`: in an enclosure, or in a free house."""
    free = pl[p, 1]
    for s in range(N_SPECIES):
        free -= pl[p, P_HOUSE + s]
    best = prm[H_HOUSE] if free > 0 else -1.0
    for e in range(pl[p, P_NENC]):
        if enc[p, e, E_COUNT] == 0 or enc[p, e, E_SPECIES] == species:
            v = enclosure_gain(pl, enc, p, e, species, prm[H_FILL])
            if v > best:
                best = v
    return best


@njit(cache=True, nogil=True)
def breeding_gain(pl, enc, q, species, fill_value):
    """What a breeding event of `species` is worth to player q: the gains of its 2 best enclosures."""
    best1 = 0.0
    best2 = 0.0
    for e in range(pl[q, P_NENC]):
        if enc[q, e, E_SPECIES] == species and enc[q, e, E_COUNT] >= 2:
            v = enclosure_gain(pl, enc, q, e, species, fill_value)
            if v > best1:
                best2 = best1
                best1 = v
            elif v > best2:
                best2 = v
    return best1 + best2


@njit(cache=True, nogil=True)
def destination_value(S, p, dest, raw, prm):
    g, pl, enc, cov, opt, rng, log, pol, par, R = S
    h = SPACE_HARBOUR[dest - 1]
    if h >= 0:
        value = prm[H_COVER] * TILE_SIZE[g[G_STACK + 3 * h + g[G_HEIGHT + h] - 1]]
    else:
        a = animal_value(pl, enc, p, SPACE_ANIMALS[dest - 1, 0], prm)
        b = animal_value(pl, enc, p, SPACE_ANIMALS[dest - 1, 1], prm)
        value = max(a, 0.0) + max(b, 0.0)
        for s in range(N_SPECIES):
            value = max(value, animal_value(pl, enc, p, s, prm))
    if prm[H_BREED] != 0.0 or prm[H_RIVAL_BREED] != 0.0:
        pos = g[G_ELEPHANT]
        for _ in range(raw):
            pos = pos % N_SPACES + 1
            x = LINE_SPECIES[pos - 1]
            if x >= 0:
                value += prm[H_BREED] * breeding_gain(pl, enc, p, x, prm[H_FILL])
                for q in range(R[R_PLAYERS]):
                    if q != p:
                        value -= prm[H_RIVAL_BREED] * breeding_gain(pl, enc, q, x, prm[H_FILL])
    return value


@njit(cache=True, nogil=True)
def scored_choice(kind, p, n, context, S, T, prm):
    """The first option with the highest value for this decision kind."""
    g, pl, enc, cov, opt, rng, log, pol, par, R = S
    if kind == D_ENCLOSURE_PLACE or kind == D_ATTRACTION_PLACE or kind == D_SHORT_PLACE:
        return best_placement(S, T, p, context, n, prm[H_ISOLATED])[0]
    if kind == D_ATTRACTION_KIND:
        return best_attraction_kind(S, T, p, n, prm)
    best = 0
    best_value = -1e18
    for i in range(n):
        if kind == D_DESTINATION:
            v = destination_value(S, p, opt[i, 0], opt[i, 2], prm)
        elif kind == D_POPULATE_FIRST:
            v = pl[p, P_HOUSE + opt[i, 0]] * 0.5 + (2.0 if opt[i, 1] == HOUSE else 0.0)
        elif kind == D_POPULATE_SECOND:
            v = 1.0 if opt[i, 1] == HOUSE else (0.0 if opt[i, 1] == SUPPLY else -1.0)
        elif kind == D_ANIMAL_OPTION:
            v = animal_value(pl, enc, p, opt[i, 0], prm)
            if opt[i, 1] >= 0:
                v += max(animal_value(pl, enc, p, opt[i, 1], prm), 0.0)
        elif kind == D_ANIMAL_DEST:
            dest = opt[i, 0]
            if dest == SUPPLY:
                v = 0.0
            elif dest == HOUSE:
                v = prm[H_HOUSE]
            else:
                v = enclosure_gain(pl, enc, p, dest, context, prm[H_FILL])
        elif kind == D_BREED:
            v = 0.0
            for j in range(2):
                e = opt[i, j]
                if e >= 0:
                    v += 1.0 + enclosure_gain(pl, enc, p, e, enc[p, e, E_SPECIES], prm[H_FILL])
        elif kind == D_BONUS_BREED:
            e = opt[i, 0]
            v = 0.0 if e < 0 else 1.0 + enclosure_gain(pl, enc, p, e, enc[p, e, E_SPECIES], prm[H_FILL])
        else:  # two-way decisions [no, yes]: house bonus, keep, take the attraction
            v = float(i)
        if v > best_value:
            best_value = v
            best = i
    return best


@njit(cache=True, nogil=True)
def best_attraction_kind(S, T, p, n, prm):
    """The first kind with the highest 4 points per square + its best placement score.

    Kinds are scanned from the last (largest) option down; a kind whose 4 points per square cannot
    reach the best value so far is skipped (a placement scores <= 0), which gives the same choice as
    scoring every kind.
    """
    g, pl, enc, cov, opt, rng, log, pol, par, R = S
    place_lo, place_hi, place_start, place_count, cell_start, by_cell = T
    b = pl[p, P_BOARD]
    free_lo = BOARD_FULL[b, 0] & ~cov[p, 0]
    free_hi = BOARD_FULL[b, 1] & ~cov[p, 1]
    best = n - 1
    best_value = -1e18
    for i in range(n - 1, -1, -1):
        tile = opt[i, 0]
        if 4.0 * TILE_SIZE[tile] < best_value:
            continue
        start = place_start[b, tile]
        kind_best = -1e18
        for word in range(2):  # every legal placement, found by its lowest (uncovered) cell
            free = free_lo if word == 0 else free_hi
            while free != ZERO:
                low = free & (~free + U1)
                cell = 64 * word + popcount(low - U1)
                free ^= low
                for c in range(cell_start[b, tile, cell], cell_start[b, tile, cell + 1]):
                    k = start + by_cell[c]
                    if (place_lo[k] & cov[p, 0]) == ZERO and (place_hi[k] & cov[p, 1]) == ZERO:
                        s = placement_score(free_lo, free_hi, place_lo[k], place_hi[k], b, prm[H_ISOLATED])
                        if s > kind_best:
                            kind_best = s
        v = 4.0 * TILE_SIZE[tile] + kind_best
        if v >= best_value:
            best_value = v
            best = i
    return best


@njit(cache=True, nogil=True, inline="always")
def decide(kind, p, n, context, S, T):
    """The option (0..n-1) that player p's policy takes at a decision of this kind."""
    if n <= 1:
        return 0
    pol = S[7]
    if pol[p] == POLICY_UNIFORM:
        return below(S[5], n)
    return scored_decide(kind, p, n, context, S, T)


@njit(cache=True, nogil=True)
def scored_decide(kind, p, n, context, S, T):
    g, pl, enc, cov, opt, rng, log, pol, par, R = S
    if pol[p] == POLICY_GREEDY:
        return scored_choice(kind, p, n, context, S, T, GREEDY_PARAMS)
    return scored_choice(kind, p, n, context, S, T, par[p])
