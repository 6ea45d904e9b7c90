"""New York Zoo's `heuristic` policy (numba): greedy's decisions with better option values.

The race is to cover the board, so every value is in squares covered, now or later:
- a harbour is worth its tile's squares, and how well the tile fits (its best placement's score);
- filling an enclosure is worth the largest attraction still in the supply that fits the board (an
  8-square attraction early, a single square late), plus a constant (the animal kept, the emptied
  enclosure); an animal that does not fill one is worth its enclosure's fill fraction;
- a move is also worth the breeding on the lines it crosses: per line, what the mover's 2 best breeding
  enclosures gain, less a share of what the rivals gain;
- a move that covers the last square wins and is taken;
- a tile goes where it leaves the fewest isolated uncovered squares and pairs of squares (only
  attractions fill those), then where it touches the fewest uncovered squares.
The parameters are the heuristic's PolicyParams in policies.py (indices W_* there).
`reference/policies.py` mirrors this module in plain Python, operation for operation.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.games.new_york_zoo.components.data import ATTRACTION_BASE, N_ATTRACTION_KINDS, N_SPACES, N_SPECIES
from zoosim.games.new_york_zoo.components.tables import (
    BOARD_NOT_LEFT, BOARD_NOT_RIGHT, BOARD_WIDTH, HARBOUR_STACK_SIZES, LINE_SPECIES, N_ORIENTATIONS, SPACE_ANIMALS,
    SPACE_HARBOUR, TILE_SIZE, TILE_UNLIMITED, ob,
)
from zoosim.games.new_york_zoo.policies import (
    W_ATTRACTION, W_BREED, W_COVER, W_DENY, W_EXPOSED, W_FILL, W_FIT, W_HOUSE, W_ISOLATED, W_KIND, W_PAIR,
    W_PROGRESS, W_RIVAL, WIN,
)
from zoosim.games.new_york_zoo.protocol import (
    D_ANIMAL_DEST, D_ANIMAL_OPTION, D_ATTRACTION_KIND, D_ATTRACTION_PLACE, D_BONUS_BREED, D_BREED,
    D_DESTINATION, D_ENCLOSURE_PLACE, D_POPULATE_FIRST, D_POPULATE_SECOND, D_SHORT_PLACE, HOUSE, SUPPLY,
)
from zoosim.games.new_york_zoo.rules import R_MOVE_MAX, R_MOVE_MIN, R_PLAYERS
from zoosim.games.new_york_zoo.engine.bits import U1, U63, U64, ZERO, popcount, spread
from zoosim.games.new_york_zoo.engine.state import (
    E_CAPACITY, E_COUNT, E_SPECIES, G_ELEPHANT, G_HEIGHT, G_STACK, G_SUPPLY, OPT, P_BOARD, P_HOUSE, P_HOUSES,
    P_NENC, eb, pb,
)
from zoosim.games.new_york_zoo.engine.placements import fits, legal_anchors, placement_mask, uncovered


# ---------------------------------------------------------------- placements
@njit(cache=True, nogil=True, inline="always")
def exactly_one_neighbour(lo, hi, b):
    """The cells of (lo, hi) with exactly one orthogonal neighbour in (lo, hi)."""
    w = np.uint64(BOARD_WIDTH[b])
    r = U64 - w
    a_lo = ((lo >> U1) | (hi << U63)) & BOARD_NOT_RIGHT[b, 0]  # right neighbour in the set
    a_hi = (hi >> U1) & BOARD_NOT_RIGHT[b, 1]
    c_lo = (lo << U1) & BOARD_NOT_LEFT[b, 0]  # left neighbour in the set
    c_hi = ((hi << U1) | (lo >> U63)) & BOARD_NOT_LEFT[b, 1]
    d_lo = (lo >> w) | (hi << r)  # lower neighbour in the set
    d_hi = hi >> w
    u_lo = lo << w  # upper neighbour in the set
    u_hi = (hi << w) | (lo >> r)
    odd_lo = a_lo ^ c_lo ^ d_lo ^ u_lo
    odd_hi = a_hi ^ c_hi ^ d_hi ^ u_hi
    two_lo = (a_lo & c_lo) | (d_lo & u_lo) | ((a_lo | c_lo) & (d_lo | u_lo))
    two_hi = (a_hi & c_hi) | (d_hi & u_hi) | ((a_hi | c_hi) & (d_hi | u_hi))
    return lo & odd_lo & ~two_lo, hi & odd_hi & ~two_hi


@njit(cache=True, nogil=True, inline="always")
def exposed_squares(u_lo, u_hi, m_lo, m_hi, b):
    """Uncovered squares (u) touching the tile (m)."""
    t_lo, t_hi = spread(m_lo, m_hi, b)
    return popcount(t_lo & u_lo) + popcount(t_hi & u_hi)


@njit(cache=True, nogil=True, inline="always")
def hole_penalty(u_lo, u_hi, b, prm):
    """Weighted isolated uncovered squares and squares of isolated uncovered pairs (only attractions fill them)."""
    n_lo, n_hi = spread(u_lo, u_hi, b)
    isolated = popcount(u_lo & ~n_lo) + popcount(u_hi & ~n_hi)
    one_lo, one_hi = exactly_one_neighbour(u_lo, u_hi, b)
    o_lo, o_hi = spread(one_lo, one_hi, b)
    pairs = popcount(one_lo & o_lo) + popcount(one_hi & o_hi)
    return prm[W_ISOLATED] * isolated + prm[W_PAIR] * pairs


@njit(cache=True, nogil=True)
def best_placement(S, T, p, tile, prm):
    """(rank of the best legal placement of `tile` in the option order, its value); (-1, -1e18) if none.

    A placement is worth -(hole_penalty + exposed_weight * exposed squares) after it. Legal placements
    are visited by orientation, then anchor (the order of placements.list_placements). With non-negative
    hole weights a placement whose exposure alone cannot beat the best so far is skipped: same answer.
    """
    b = S[pb(p) + P_BOARD]
    free_lo, free_hi = uncovered(S, p)
    prune = prm[W_ISOLATED] >= 0.0 and prm[W_PAIR] >= 0.0
    best = -1
    best_value = -1e18
    i = 0
    for o in range(N_ORIENTATIONS[tile]):
        at = ob(b, tile, o)
        lo, hi = legal_anchors(T, at, free_lo, free_hi)
        for word in range(2):
            x = lo if word == 0 else hi
            while x != ZERO:
                low = x & (~x + U1)
                x ^= low
                m_lo, m_hi = placement_mask(T, at, 64 * word + popcount(low - U1))
                u_lo = free_lo & ~m_lo
                u_hi = free_hi & ~m_hi
                exposure = prm[W_EXPOSED] * exposed_squares(u_lo, u_hi, m_lo, m_hi, b)
                if not prune or -exposure > best_value:
                    v = -(hole_penalty(u_lo, u_hi, b, prm) + exposure)
                    if v > best_value:
                        best_value = v
                        best = i
                i += 1
    return best, best_value


# ---------------------------------------------------------------- animals
@njit(cache=True, nogil=True)
def attraction_size(S, T, p):
    """Squares of the largest attraction in the supply that fits p's board (0 if the board is covered)."""
    for k in range(N_ATTRACTION_KINDS - 1, -1, -1):
        tile = ATTRACTION_BASE + k
        if (TILE_UNLIMITED[tile] != 0 or S[G_SUPPLY + k] > 0) and fits(S, T, p, tile):
            return TILE_SIZE[tile]
    return 0


@njit(cache=True, nogil=True)
def fill_value(S, T, p, prm):
    return prm[W_ATTRACTION] * attraction_size(S, T, p) + prm[W_FILL]


@njit(cache=True, nogil=True)
def enclosure_gain(S, p, e, species, fill, prm):
    """Value of one more animal of `species` in enclosure e (with the house bonus if it applies)."""
    after = S[eb(p, e) + E_COUNT] + 1
    capacity = S[eb(p, e) + E_CAPACITY]
    if after < capacity and S[pb(p) + P_HOUSE + species] > 0:
        after += 1
    if after >= capacity:
        return fill
    return prm[W_PROGRESS] * after / capacity


@njit(cache=True, nogil=True)
def animal_choice(S, p, species, fill, prm):
    """(best value of placing one animal of `species`, its enclosure or -1 for a free house or nowhere).

    The value is -1 if it cannot be placed, the house value in a free house, else the enclosure gain.
    """
    free = S[pb(p) + P_HOUSES]
    for s in range(N_SPECIES):
        free -= S[pb(p) + P_HOUSE + s]
    best = prm[W_HOUSE] if free > 0 else -1.0
    best_e = -1
    for e in range(S[pb(p) + P_NENC]):
        if S[eb(p, e) + E_COUNT] == 0 or S[eb(p, e) + E_SPECIES] == species:
            v = enclosure_gain(S, p, e, species, fill, prm)
            if v > best:
                best = v
                best_e = e
    return best, best_e


@njit(cache=True, nogil=True)
def animal_value(S, p, species, fill, prm):
    return animal_choice(S, p, species, fill, prm)[0]


@njit(cache=True, nogil=True)
def breeding_gain(S, q, species, fill, prm):
    """What a breeding event of `species` is worth to player q: the gains of its 2 best enclosures."""
    best1 = 0.0
    best2 = 0.0
    for e in range(S[pb(q) + P_NENC]):
        if S[eb(q, e) + E_SPECIES] == species and S[eb(q, e) + E_COUNT] >= 2:
            v = enclosure_gain(S, q, e, species, fill, prm)
            if v > best1:
                best2 = best1
                best1 = v
            elif v > best2:
                best2 = v
    return best1 + best2


@njit(cache=True, nogil=True)
def can_fill(S, p, species):
    """Does one animal of `species` (with the house bonus) fill one of p's enclosures?"""
    for e in range(S[pb(p) + P_NENC]):
        count = S[eb(p, e) + E_COUNT]
        if count > 0 and S[eb(p, e) + E_SPECIES] == species:
            after = count + 1
            if after < S[eb(p, e) + E_CAPACITY] and S[pb(p) + P_HOUSE + species] > 0:
                after += 1
            if after >= S[eb(p, e) + E_CAPACITY]:
                return True
    return False


@njit(cache=True, nogil=True)
def finishing_attraction(S, T, p, left):
    """Is an attraction of exactly `left` squares in the supply and does it fit? (a fill then wins)"""
    for k in range(N_ATTRACTION_KINDS):
        tile = ATTRACTION_BASE + k
        if TILE_SIZE[tile] == left and (TILE_UNLIMITED[tile] != 0 or S[G_SUPPLY + k] > 0) and fits(S, T, p, tile):
            return True
    return False


# ---------------------------------------------------------------- moves
@njit(cache=True, nogil=True)
def add_virtual_animal(S, p, e, species):
    """Put an animal of `species` into p's enclosure e as the action would (house bonus; a full one empties)."""
    k = eb(p, e)
    count = S[k + E_COUNT] + 1
    S[k + E_SPECIES] = species
    if count < S[k + E_CAPACITY] and S[pb(p) + P_HOUSE + species] > 0:
        count += 1
        S[pb(p) + P_HOUSE + species] -= 1
    if count >= S[k + E_CAPACITY]:
        count = 0
        S[k + E_SPECIES] = -1
    S[k + E_COUNT] = count


@njit(cache=True, nogil=True)
def populate_virtually(S, p, tile):
    """Add the harbour's enclosure to p's board, populated as this policy populates (house animals of the
    species with most of them in houses, the second from a house too; else 1 animal from the first
    enclosure with 2+). Returns the enclosure an animal came from, or -1."""
    n = S[pb(p) + P_NENC]
    k = eb(p, n)
    S[k + E_CAPACITY] = TILE_SIZE[tile]
    S[k + E_SPECIES] = -1
    S[k + E_COUNT] = 0
    S[pb(p) + P_NENC] = n + 1
    best = -1
    for s in range(N_SPECIES):
        if S[pb(p) + P_HOUSE + s] > 0 and (best < 0 or S[pb(p) + P_HOUSE + s] > S[pb(p) + P_HOUSE + best]):
            best = s
    if best >= 0:
        moved = min(2, S[pb(p) + P_HOUSE + best])
        S[pb(p) + P_HOUSE + best] -= moved
        S[k + E_SPECIES] = best
        S[k + E_COUNT] = moved
        return -1
    for s in range(N_SPECIES):
        for e in range(n):
            if S[eb(p, e) + E_SPECIES] == s and S[eb(p, e) + E_COUNT] >= 2:
                S[eb(p, e) + E_COUNT] -= 1
                S[k + E_SPECIES] = s
                S[k + E_COUNT] = 1
                return e
    return -1


@njit(cache=True, nogil=True)
def breeding_value(S, T, p, raw, fill, prm):
    """Own breeding less the rivals' share on the lines crossed by a move of `raw` spaces from the elephant."""
    value = 0.0
    pos = S[G_ELEPHANT]
    for _ in range(raw):
        pos = 1 if pos == N_SPACES else pos + 1
        x = LINE_SPECIES[pos - 1]
        if x >= 0:
            value += prm[W_BREED] * breeding_gain(S, p, x, fill, prm)
            for q in range(S[R_PLAYERS]):
                if q != p:
                    value -= prm[W_RIVAL] * breeding_gain(S, q, x, fill_value(S, T, q, prm), prm)
    return value


@njit(cache=True, nogil=True)
def breeding_after_action(S, T, p, raw, fill, prm, tile, s1, e1, s2, e2):
    """breeding_value on p's board as the action leaves it: a harbour's `tile` (-1: none) populated, or
    animals s1 into enclosure e1 and s2 into e2 (-1: none). S is changed for the count and restored."""
    houses = np.empty(N_SPECIES, np.int64)
    for s in range(N_SPECIES):
        houses[s] = S[pb(p) + P_HOUSE + s]
    n = S[pb(p) + P_NENC]
    c1 = S[eb(p, e1) + E_COUNT] if e1 >= 0 else 0
    x1 = S[eb(p, e1) + E_SPECIES] if e1 >= 0 else 0
    c2 = S[eb(p, e2) + E_COUNT] if e2 >= 0 else 0
    x2 = S[eb(p, e2) + E_SPECIES] if e2 >= 0 else 0
    source = -1
    if tile >= 0:
        source = populate_virtually(S, p, tile)
    if e1 >= 0:
        add_virtual_animal(S, p, e1, s1)
    if e2 >= 0:
        add_virtual_animal(S, p, e2, s2)
    value = breeding_value(S, T, p, raw, fill, prm)
    if source >= 0:
        S[eb(p, source) + E_COUNT] += 1
    if e2 >= 0:
        S[eb(p, e2) + E_COUNT] = c2
        S[eb(p, e2) + E_SPECIES] = x2
    if e1 >= 0:
        S[eb(p, e1) + E_COUNT] = c1
        S[eb(p, e1) + E_SPECIES] = x1
    S[pb(p) + P_NENC] = n
    for s in range(N_SPECIES):
        S[pb(p) + P_HOUSE + s] = houses[s]
    return value


@njit(cache=True, nogil=True)
def next_player_threat(S, T, p, dest):
    """The largest harbour tile the next player could take after p moves to `dest` (WIN if it covers
    their last squares). The tile under p's own harbour tile is hidden: its size is public, and it is
    assumed to fit."""
    players = S[R_PLAYERS]
    q = p + 1 if p + 1 < players else 0
    if q == p:
        return 0.0
    free_lo, free_hi = uncovered(S, q)
    left = popcount(free_lo) + popcount(free_hi)
    mine = SPACE_HARBOUR[dest - 1]
    best = 0.0
    pos = dest
    k = 0
    while k < S[R_MOVE_MAX]:
        pos = 1 if pos == N_SPACES else pos + 1
        h = SPACE_HARBOUR[pos - 1]
        height = S[G_HEIGHT + h] - (1 if h == mine else 0) if h >= 0 else 0
        if h >= 0 and height == 0:
            continue  # an empty harbour is not counted
        k += 1
        if h < 0 or k < S[R_MOVE_MIN]:
            continue
        if h == mine:
            size = HARBOUR_STACK_SIZES[h, height - 1]
        else:
            tile = S[G_STACK + 3 * h + height - 1]
            size = TILE_SIZE[tile] if fits(S, T, q, tile) else 0
        v = WIN if size == left else float(size)
        if v > best:
            best = v
    return best



@njit(cache=True, nogil=True)
def destination_value(S, T, p, dest, raw, fill, left, finish, prm):
    """Value of moving to `dest` over `raw` spaces; `fill` is p's fill value, `left` its uncovered squares,
    `finish` whether a fill would bring an attraction covering them all."""
    h = SPACE_HARBOUR[dest - 1]
    tile = -1
    s1, e1, s2, e2 = -1, -1, -1, -1  # the animals the action places, and where
    if h >= 0:
        tile = S[G_STACK + 3 * h + S[G_HEIGHT + h] - 1]
        if TILE_SIZE[tile] == left:
            return WIN
        value = prm[W_COVER] * TILE_SIZE[tile]
        if prm[W_FIT] != 0.0:
            value += prm[W_FIT] * best_placement(S, T, p, tile, prm)[1]
    else:
        a = SPACE_ANIMALS[dest - 1, 0]
        b = SPACE_ANIMALS[dest - 1, 1]
        va, ea = animal_choice(S, p, a, fill, prm)
        vb, eb_ = animal_choice(S, p, b, fill, prm)
        value = max(va, 0.0) + max(vb, 0.0)
        if va > 0.0:
            s1, e1 = a, ea
        if vb > 0.0 and eb_ != e1:
            s2, e2 = b, eb_
        for s in range(N_SPECIES):
            v, e = animal_choice(S, p, s, fill, prm)
            if v > value:
                value = v
                s1, e1, s2, e2 = s, e, -1, -1
        if finish and (can_fill(S, p, a) or can_fill(S, p, b)):
            return WIN
    if prm[W_DENY] != 0.0:
        value -= prm[W_DENY] * next_player_threat(S, T, p, dest)
    if prm[W_BREED] != 0.0 or prm[W_RIVAL] != 0.0:
        value += breeding_after_action(S, T, p, raw, fill, prm, tile, s1, e1, s2, e2)
    return value


@njit(cache=True, nogil=True)
def best_attraction_kind(S, T, p, n, prm):
    """The first kind with the highest W_KIND per square + its best placement value."""
    best = 0
    best_value = -1e18
    for i in range(n):
        tile = S[OPT + 4 * i]
        v = prm[W_KIND] * TILE_SIZE[tile] + best_placement(S, T, p, tile, prm)[1]
        if v > best_value:
            best_value = v
            best = i
    return best


@njit(cache=True, nogil=True)
def heuristic_choice(kind, p, n, context, S, T, prm):
    """The first option with the highest value for this decision kind."""
    if kind == D_ENCLOSURE_PLACE or kind == D_ATTRACTION_PLACE or kind == D_SHORT_PLACE:
        return best_placement(S, T, p, context, prm)[0]
    if kind == D_ATTRACTION_KIND:
        return best_attraction_kind(S, T, p, n, prm)
    fill = 0.0
    left = 0
    finish = False
    if kind == D_DESTINATION or kind == D_ANIMAL_OPTION or kind == D_ANIMAL_DEST or kind == D_BREED \
            or kind == D_BONUS_BREED:
        fill = fill_value(S, T, p, prm)
        free_lo, free_hi = uncovered(S, p)
        left = popcount(free_lo) + popcount(free_hi)
        if kind == D_DESTINATION:
            finish = finishing_attraction(S, T, p, left)
    best = 0
    best_value = -1e18
    for i in range(n):
        o0 = S[OPT + 4 * i]
        o1 = S[OPT + 4 * i + 1]
        if kind == D_DESTINATION:
            v = destination_value(S, T, p, o0, S[OPT + 4 * i + 2], fill, left, finish, prm)
        elif kind == D_POPULATE_FIRST:
            v = S[pb(p) + P_HOUSE + o0] * 0.5 + (2.0 if o1 == HOUSE else 0.0)
        elif kind == D_POPULATE_SECOND:
            v = 1.0 if o1 == HOUSE else (0.0 if o1 == SUPPLY else -1.0)
        elif kind == D_ANIMAL_OPTION:
            v = animal_value(S, p, o0, fill, prm)
            if o1 >= 0:
                v += max(animal_value(S, p, o1, fill, prm), 0.0)
        elif kind == D_ANIMAL_DEST:
            if o0 == SUPPLY:
                v = 0.0
            elif o0 == HOUSE:
                v = prm[W_HOUSE]
            else:
                v = enclosure_gain(S, p, o0, context, fill, prm)
        elif kind == D_BREED:
            v = 0.0
            if o0 >= 0:
                v += 1.0 + enclosure_gain(S, p, o0, S[eb(p, o0) + E_SPECIES], fill, prm)
            if o1 >= 0:
                v += 1.0 + enclosure_gain(S, p, o1, S[eb(p, o1) + E_SPECIES], fill, prm)
        elif kind == D_BONUS_BREED:
            v = 0.0 if o0 < 0 else 1.0 + enclosure_gain(S, p, o0, S[eb(p, o0) + E_SPECIES], fill, prm)
        else:  # two-way decisions [no, yes]: house bonus, keep, take the attraction
            v = float(i)
        if v > best_value:
            best_value = v
            best = i
    return best
