"""New York Zoo's `greedy` policy (numba), and the option values the heuristic shares with it.

Greedy scores each option and takes the first best (no draws). Tiles go where they leave the fewest
isolated uncovered cells (cells no tile of 2+ squares can reach), then where they touch the fewest
uncovered cells; moves are worth the cells a harbour tile covers, or the animals an animal space
brings (filling an enclosure is worth an attraction); breeding, house bonus, keeping an animal and
taking an attraction are always taken. `reference/policies.py` is the same code in plain Python.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.games.new_york_zoo.components.data import N_SPACES, N_SPECIES
from zoosim.games.new_york_zoo.components.tables import (
    LINE_SPECIES, N_ORIENTATIONS, SPACE_ANIMALS, SPACE_HARBOUR, T_MASK, T_START, TILE_SIZE, bt, ob,
)
from zoosim.games.new_york_zoo.policies import (
    GREEDY_WEIGHTS, H_BREED, H_COVER, H_FILL, H_HOUSE, H_ISOLATED, H_RIVAL_BREED,
)
from zoosim.games.new_york_zoo.protocol import (
    D_ANIMAL_DEST, D_ANIMAL_OPTION, D_ATTRACTION_KIND, D_ATTRACTION_PLACE, D_BONUS_BREED, D_BREED,
    D_DESTINATION, D_ENCLOSURE_PLACE, D_POPULATE_FIRST, D_POPULATE_SECOND, D_SHORT_PLACE, HOUSE, SUPPLY,
)
from zoosim.games.new_york_zoo.rules import R_PLAYERS
from zoosim.games.new_york_zoo.engine.bits import U1, ZERO, popcount, spread
from zoosim.games.new_york_zoo.engine.state import (
    E_CAPACITY, E_COUNT, E_SPECIES, G_ELEPHANT, G_HEIGHT, G_STACK, OPT, P_BOARD, P_HOUSE, P_HOUSES, P_NENC, eb, pb,
)
from zoosim.games.new_york_zoo.engine.placements import legal_anchors, placement_mask, uncovered

GREEDY_PARAMS = np.array(GREEDY_WEIGHTS)  # F's row for a greedy seat is not read: greedy's weights are fixed


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
    """(index of the best of the n placements listed in the option rows, its score)."""
    b = S[pb(p) + P_BOARD]
    start = T[T_START + bt(b, tile)]
    free_lo, free_hi = uncovered(S, p)
    best = 0
    best_score = -1e18
    for i in range(n):
        k = T_MASK + 2 * (start + S[OPT + 4 * i])
        s = placement_score(free_lo, free_hi, np.uint64(T[k]), np.uint64(T[k + 1]), b, isolated_weight)
        if s > best_score:
            best_score = s
            best = i
    return best, best_score


@njit(cache=True, nogil=True)
def enclosure_gain(S, p, e, species, fill_value):
    """Value of one more animal of `species` in enclosure e (with the house bonus if it applies)."""
    after = S[eb(p, e) + E_COUNT] + 1
    capacity = S[eb(p, e) + E_CAPACITY]
    if after < capacity and S[pb(p) + P_HOUSE + species] > 0:
        after += 1
    if after >= capacity:
        return fill_value
    return after / capacity


@njit(cache=True, nogil=True)
def animal_value(S, p, species, prm_fill, prm_house):
    """Best value of placing one animal of `species`: in an enclosure, or in a free house."""
    free = S[pb(p) + P_HOUSES]
    for s in range(N_SPECIES):
        free -= S[pb(p) + P_HOUSE + s]
    best = prm_house if free > 0 else -1.0
    for e in range(S[pb(p) + P_NENC]):
        if S[eb(p, e) + E_COUNT] == 0 or S[eb(p, e) + E_SPECIES] == species:
            v = enclosure_gain(S, p, e, species, prm_fill)
            if v > best:
                best = v
    return best


@njit(cache=True, nogil=True)
def breeding_gain(S, q, species, fill_value):
    """What a breeding event of `species` is worth to player q: the gains of its 2 best enclosures."""
    best1 = 0.0
    best2 = 0.0
    for e in range(S[pb(q) + P_NENC]):
        if S[eb(q, e) + E_SPECIES] == species and S[eb(q, e) + E_COUNT] >= 2:
            v = enclosure_gain(S, q, e, species, fill_value)
            if v > best1:
                best2 = best1
                best1 = v
            elif v > best2:
                best2 = v
    return best1 + best2


@njit(cache=True, nogil=True)
def destination_value(S, p, dest, raw, prm):
    h = SPACE_HARBOUR[dest - 1]
    if h >= 0:
        value = prm[H_COVER] * TILE_SIZE[S[G_STACK + 3 * h + S[G_HEIGHT + h] - 1]]
    else:
        a = animal_value(S, p, SPACE_ANIMALS[dest - 1, 0], prm[H_FILL], prm[H_HOUSE])
        b = animal_value(S, p, SPACE_ANIMALS[dest - 1, 1], prm[H_FILL], prm[H_HOUSE])
        value = max(a, 0.0) + max(b, 0.0)
        for s in range(N_SPECIES):
            value = max(value, animal_value(S, p, s, prm[H_FILL], prm[H_HOUSE]))
    if prm[H_BREED] != 0.0 or prm[H_RIVAL_BREED] != 0.0:
        pos = S[G_ELEPHANT]
        for _ in range(raw):
            pos = pos % N_SPACES + 1
            x = LINE_SPECIES[pos - 1]
            if x >= 0:
                value += prm[H_BREED] * breeding_gain(S, p, x, prm[H_FILL])
                for q in range(S[R_PLAYERS]):
                    if q != p:
                        value -= prm[H_RIVAL_BREED] * breeding_gain(S, q, x, prm[H_FILL])
    return value


@njit(cache=True, nogil=True)
def greedy_choice(kind, p, n, context, S, T, prm):
    """The first option with the highest value for this decision kind (prm: GREEDY_PARAMS)."""
    if kind == D_ENCLOSURE_PLACE or kind == D_ATTRACTION_PLACE or kind == D_SHORT_PLACE:
        return best_placement(S, T, p, context, n, prm[H_ISOLATED])[0]
    if kind == D_ATTRACTION_KIND:
        return best_attraction_kind(S, T, p, n, prm)
    best = 0
    best_value = -1e18
    for i in range(n):
        o0 = S[OPT + 4 * i]
        o1 = S[OPT + 4 * i + 1]
        if kind == D_DESTINATION:
            v = destination_value(S, p, o0, S[OPT + 4 * i + 2], prm)
        elif kind == D_POPULATE_FIRST:
            v = S[pb(p) + P_HOUSE + o0] * 0.5 + (2.0 if o1 == HOUSE else 0.0)
        elif kind == D_POPULATE_SECOND:
            v = 1.0 if o1 == HOUSE else (0.0 if o1 == SUPPLY else -1.0)
        elif kind == D_ANIMAL_OPTION:
            v = animal_value(S, p, o0, prm[H_FILL], prm[H_HOUSE])
            if o1 >= 0:
                v += max(animal_value(S, p, o1, prm[H_FILL], prm[H_HOUSE]), 0.0)
        elif kind == D_ANIMAL_DEST:
            if o0 == SUPPLY:
                v = 0.0
            elif o0 == HOUSE:
                v = prm[H_HOUSE]
            else:
                v = enclosure_gain(S, p, o0, context, prm[H_FILL])
        elif kind == D_BREED:
            v = 0.0
            if o0 >= 0:
                v += 1.0 + enclosure_gain(S, p, o0, S[eb(p, o0) + E_SPECIES], prm[H_FILL])
            if o1 >= 0:
                v += 1.0 + enclosure_gain(S, p, o1, S[eb(p, o1) + E_SPECIES], prm[H_FILL])
        elif kind == D_BONUS_BREED:
            v = 0.0 if o0 < 0 else 1.0 + enclosure_gain(S, p, o0, S[eb(p, o0) + E_SPECIES], prm[H_FILL])
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
    b = S[pb(p) + P_BOARD]
    free_lo, free_hi = uncovered(S, p)
    best = n - 1
    best_value = -1e18
    for i in range(n - 1, -1, -1):
        tile = S[OPT + 4 * i]
        if 4.0 * TILE_SIZE[tile] < best_value:
            continue
        kind_best = -1e18
        for o in range(N_ORIENTATIONS[tile]):  # every legal placement
            at = ob(b, tile, o)
            lo, hi = legal_anchors(T, at, free_lo, free_hi)
            for word in range(2):
                x = lo if word == 0 else hi
                while x != ZERO:
                    low = x & (~x + U1)
                    x ^= low
                    m_lo, m_hi = placement_mask(T, at, 64 * word + popcount(low - U1))
                    s = placement_score(free_lo, free_hi, m_lo, m_hi, b, prm[H_ISOLATED])
                    if s > kind_best:
                        kind_best = s
        v = 4.0 * TILE_SIZE[tile] + kind_best
        if v >= best_value:
            best_value = v
            best = i
    return best
