"""Tractor Zooloretto's rules as numba primitives on one flat int64 state array.

The public state is `S` (offsets below); the bag's order lives in `bag` (a ring buffer, top at
S[H_BAG_HEAD]), which only the game loop reads. Policies get `S` and a scratch bag of their own to write
overflow into, never the real one. Each rule of the spec has one function here, named after it.
"""
from __future__ import annotations

from numba import njit

from zoosim.core.trace import emit_row
from zoosim.games.tractor.rules import (
    ATTRACTION, BACKYARD, DISCARDED, MAX_ENCLOSURES, MAX_PLAYERS, MAX_TILES, MAX_TRACTOR_CAPACITY, MAX_TRACTORS,
    N_CODES, R_BACKYARD_SIZE, R_CARD_POINTS, R_ENCLOSURE_POINTS, R_ENCLOSURE_SIZE, R_ENCLOSURES,
    R_OVERFLOW_TO_BAG, R_PLAYERS, R_SPECIES, R_STALL_SPACES, R_TRACTOR_CAPACITY, R_TRACTORS, STALL_BASE, STALLS,
    TO_BAG,
)

assert MAX_TILES & (MAX_TILES - 1) == 0  # to_backyard wraps the bag's ring with `& (MAX_TILES - 1)`

# ---- state layout -------------------------------------------------------------------------------
H_ROUND, H_TURNS, H_BAG_HEAD, H_BAG_COUNT, H_TRACE_N, H_END_REASON, H_OUT_TILES, H_PASSES = range(8)
# Bit masks of the tractors (see core/bits.py), kept in step with their counts by `set_count`: tractors
# holding a tile, tractors that can take a push (1 to tractor_capacity - 1 tiles).
H_HOLDING, H_PUSHABLE = 8, 9
H_FULL_ZOOS = 10  # players with every enclosure full, counted by put_in_zoo (the end test reads it)
TR_COUNT = 16
TR_TILES = TR_COUNT + MAX_TRACTORS  # MAX_TRACTORS x MAX_TRACTOR_CAPACITY codes
PLAYERS_AT = TR_TILES + MAX_TRACTORS * MAX_TRACTOR_CAPACITY

P_STALLS, P_YARD_N, P_YARD_ANIMALS, P_PUSHES, P_FULL = range(5)  # P_FULL: full enclosures (put_in_zoo)
P_SPECIES = 8  # per enclosure: species of its animals, -1 when none
P_ANIMALS = P_SPECIES + MAX_ENCLOSURES
P_ATTRACTION = P_ANIMALS + MAX_ENCLOSURES  # 0 or 1
P_YARD = P_ATTRACTION + MAX_ENCLOSURES  # backyard tiles per code
P_SIZE = P_YARD + N_CODES
STATE_SIZE = PLAYERS_AT + MAX_PLAYERS * P_SIZE

# ---- event log (PROTOCOL.md 9) -------------------------------------------------------------------
EV_TAKE, EV_PLACE, EV_PUSH, EV_REFILL, EV_PASS, EV_ROUND_END = range(1, 7)
EV_SEARCH, EV_SEARCH_OPTION = 7, 8  # a search seat's decision and its candidates (search.py; --explain only)
NO_PUSH = -1
END_EMPTY, END_FULL_ZOO, END_ROUND_LIMIT = 0, 1, 2

# ---- score components ----------------------------------------------------------------------------
N_COMPONENTS = 7
C_FULL, C_ATTRACTIONS, C_STALLS, C_BACKYARD, C_CARD_SPECIES, C_CARD_ENCLOSURE, C_CARD_ATTRACTIONS = range(7)


@njit(cache=True, _nrt=False, inline="always")
def player_at(p):
    return PLAYERS_AT + p * P_SIZE


@njit(cache=True, _nrt=False, inline="always")
def emit(S, trace, kind, player, a, b):
    """Append one event row to `trace` if the game is being recorded (trace has rows)."""
    emit_row(S, H_TRACE_N, trace, kind, player, a, b, 0, 0)


# ---- tractors ------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def set_count(S, R, t, n):
    """Tractor t now holds n tiles: its count and its bits in the holding and pushable masks (branch-free)."""
    S[TR_COUNT + t] = n
    keep = ~(1 << t)
    S[H_HOLDING] = (S[H_HOLDING] & keep) | (int(n > 0) << t)
    S[H_PUSHABLE] = (S[H_PUSHABLE] & keep) | (int((n >= 1) & (n < R[R_TRACTOR_CAPACITY])) << t)


# ---- places (spec "A turn" 2) ----------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def enclosure_tiles(S, at, e):
    return S[at + P_ANIMALS + e] + S[at + P_ATTRACTION + e]


@njit(cache=True, _nrt=False, inline="always")
def is_zoo_place(S, R, p, code, dest):
    """PROTOCOL 4: can tile `code` go to `dest` (an enclosure, or -2 the stall spaces) of p's zoo?"""
    at = player_at(p)
    if code >= STALL_BASE and code < ATTRACTION:
        return dest == STALLS and S[at + P_STALLS] < R[R_STALL_SPACES]
    if dest < 0 or dest >= R[R_ENCLOSURES] or enclosure_tiles(S, at, dest) >= R[R_ENCLOSURE_SIZE]:
        return False
    if code == ATTRACTION:
        return S[at + P_ATTRACTION + dest] == 0
    species = S[at + P_SPECIES + dest]
    return species < 0 or species == code


@njit(cache=True, _nrt=False, inline="always")
def enclosure_places(S, R, p, code):
    """PROTOCOL 4 for an animal or an attraction in every enclosure at once: bit e set when enclosure e
    is a zoo place of the tile. Bitwise operations, not a branch per enclosure (those mispredict often)."""
    at = player_at(p)
    size = R[R_ENCLOSURE_SIZE]
    attraction = code == ATTRACTION
    animal = code != ATTRACTION
    mask = 0
    for e in range(R[R_ENCLOSURES]):
        species = S[at + P_SPECIES + e]
        has_attraction = S[at + P_ATTRACTION + e]
        room = S[at + P_ANIMALS + e] + has_attraction < size
        fits = room & ((attraction & (has_attraction == 0)) | (animal & ((species < 0) | (species == code))))
        mask |= int(fits) << e
    return mask


@njit(cache=True, _nrt=False, inline="always")
def zoo_places(S, R, p, code, out):
    """The zoo places of a tile in PROTOCOL 4 order, written to out; returns how many."""
    if code >= STALL_BASE and code < ATTRACTION:
        if S[player_at(p) + P_STALLS] < R[R_STALL_SPACES]:
            out[0] = STALLS
            return 1
        return 0
    n = 0
    for e in range(R[R_ENCLOSURES]):
        if is_zoo_place(S, R, p, code, e):
            out[n] = e
            n += 1
    return n


@njit(cache=True, _nrt=False, inline="always")
def first_tile_places(S, R, p, t, out):
    """Where p may put the first tile of tractor t (PROTOCOL 4 order; the backyard when no zoo place takes it),
    written to out; returns how many (at least 1)."""
    n = zoo_places(S, R, p, S[TR_TILES + t * MAX_TRACTOR_CAPACITY], out)
    if n == 0:
        out[0] = BACKYARD
        n = 1
    return n


@njit(cache=True, _nrt=False, inline="always")
def count_zoo_places(S, R, p, code):
    if code >= STALL_BASE and code < ATTRACTION:
        return 1 if S[player_at(p) + P_STALLS] < R[R_STALL_SPACES] else 0
    n = 0
    for e in range(R[R_ENCLOSURES]):
        if is_zoo_place(S, R, p, code, e):
            n += 1
    return n


@njit(cache=True, _nrt=False, inline="always")
def put_in_zoo(S, R, p, code, dest):
    """The tile enters its zoo place; an enclosure it fills counts in P_FULL, a zoo it completes in
    H_FULL_ZOOS, so the end of the game is tested without a scan."""
    at = player_at(p)
    if dest == STALLS:
        S[at + P_STALLS] += 1
        return
    if code == ATTRACTION:
        S[at + P_ATTRACTION + dest] = 1
    else:
        S[at + P_SPECIES + dest] = code
        S[at + P_ANIMALS + dest] += 1
    filled = int(enclosure_tiles(S, at, dest) == R[R_ENCLOSURE_SIZE])
    S[at + P_FULL] += filled
    S[H_FULL_ZOOS] += filled & int(S[at + P_FULL] == R[R_ENCLOSURES])


@njit(cache=True, _nrt=False, inline="always")
def to_backyard(S, R, bag, trace, p, code):
    """Spec "A turn" 2-3: into the backyard; a full backyard sends the tile to the bag bottom (or out).

    Without a branch on where the tile goes (a random game mispredicts it often): each counter gets
    + 0 or + 1, and the bag slot after the last tile is written even when the tile does not go there
    (that slot is free: the tile is not in the bag, so the bag holds fewer than MAX_TILES)."""
    at = player_at(p)
    fits = int(S[at + P_YARD_N] < R[R_BACKYARD_SIZE])
    to_bag = (1 - fits) & int(R[R_OVERFLOW_TO_BAG] != 0)
    out = 1 - fits - to_bag
    S[at + P_YARD + code] += fits
    S[at + P_YARD_N] += fits
    S[at + P_YARD_ANIMALS] += fits & int(code < STALL_BASE)
    bag[(S[H_BAG_HEAD] + S[H_BAG_COUNT]) & (MAX_TILES - 1)] = code
    S[H_BAG_COUNT] += to_bag
    S[H_OUT_TILES] += out
    emit(S, trace, EV_PLACE, p, code, BACKYARD * fits + TO_BAG * to_bag + DISCARDED * out)


@njit(cache=True, _nrt=False, inline="always")
def take_tractor(S, R, bag, trace, p, t, dest):
    """Spec "A turn" 1-3: take tractor t; its first tile to zoo place `dest` (or the backyard when it has
    none: dest = BACKYARD), every other tile to the backyard. The caller checks `dest`."""
    base = TR_TILES + t * MAX_TRACTOR_CAPACITY
    count = S[TR_COUNT + t]
    emit(S, trace, EV_TAKE, p, t, count)
    first = S[base]
    if dest == BACKYARD:
        to_backyard(S, R, bag, trace, p, first)
    else:
        put_in_zoo(S, R, p, first, dest)
        emit(S, trace, EV_PLACE, p, first, dest)
    for k in range(1, count):
        to_backyard(S, R, bag, trace, p, S[base + k])
    set_count(S, R, t, 0)


@njit(cache=True, _nrt=False, inline="always")
def can_take_push(S, R, u):
    """Spec "A turn" 4: a tractor holding at least one tile and fewer than tractor_capacity."""
    return S[TR_COUNT + u] >= 1 and S[TR_COUNT + u] < R[R_TRACTOR_CAPACITY]


@njit(cache=True, _nrt=False, inline="always")
def push_animal(S, R, trace, p, code, u):
    """Spec "A turn" 4: one animal from p's backyard onto tractor u (appended)."""
    at = player_at(p)
    S[at + P_YARD + code] -= 1
    S[at + P_YARD_N] -= 1
    S[at + P_YARD_ANIMALS] -= 1
    S[at + P_PUSHES] += 1
    n = S[TR_COUNT + u]
    S[TR_TILES + u * MAX_TRACTOR_CAPACITY + n] = code
    set_count(S, R, u, n + 1)
    emit(S, trace, EV_PUSH, p, code, u)


@njit(cache=True, _nrt=False)
def list_push_options(S, R, p, out):
    """PROTOCOL 5.3: (code << 8 | u) for each backyard animal code ascending, each eligible tractor ascending."""
    at = player_at(p)
    n = 0
    if S[at + P_YARD_ANIMALS] == 0:
        return 0
    for code in range(R[R_SPECIES]):
        if S[at + P_YARD + code] > 0:
            for u in range(R[R_TRACTORS]):
                if can_take_push(S, R, u):
                    out[n] = (code << 8) | u
                    n += 1
    return n


@njit(cache=True, _nrt=False, inline="always")
def refill(S, R, bag, trace, t):
    """Spec "A turn" 5 and setup 2: the bag's top tile onto tractor t (nothing if the bag is empty)."""
    if S[H_BAG_COUNT] == 0:
        return
    code = bag[S[H_BAG_HEAD]]
    S[H_BAG_HEAD] = (S[H_BAG_HEAD] + 1) % MAX_TILES
    S[H_BAG_COUNT] -= 1
    n = S[TR_COUNT + t]
    S[TR_TILES + t * MAX_TRACTOR_CAPACITY + n] = code
    set_count(S, R, t, n + 1)
    emit(S, trace, EV_REFILL, -1, t, code)


@njit(cache=True, _nrt=False, inline="always")
def any_tractor_with_tiles(S, R):
    return S[H_HOLDING] != 0


# ---- the end (spec "End of the game") ------------------------------------------------------------
@njit(cache=True, _nrt=False)
def end_reason(S, R, end_on_full_zoo, round_limit):
    """PROTOCOL 6: the reason the game ends after this round, or -1."""
    if end_on_full_zoo and S[H_FULL_ZOOS] > 0:  # some player has every enclosure full
        return END_FULL_ZOO
    if S[H_BAG_COUNT] == 0 and not any_tractor_with_tiles(S, R):
        return END_EMPTY
    if S[H_ROUND] >= round_limit:
        return END_ROUND_LIMIT
    return -1


# ---- scoring (spec "Scoring") -----------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def card_measures(S, R, p):
    """(most animals of one species in enclosures, most tiles in one enclosure, attractions in enclosures).

    The scoring functions read p's block through a view from its start: indices from `range` loops plus
    constants are then known not to be negative, so numba's wraparound test on each read folds away (the
    lookahead scores every player for each candidate move)."""
    zoo = S[player_at(p):]
    most_species = 0
    most_tiles = 0
    attractions = 0
    for e in range(R[R_ENCLOSURES]):
        tiles = enclosure_tiles(zoo, 0, e)
        if tiles > most_tiles:
            most_tiles = tiles
        attractions += zoo[P_ATTRACTION + e]
        species = zoo[P_SPECIES + e]
        if species >= 0:
            same = 0
            for f in range(R[R_ENCLOSURES]):
                if zoo[P_SPECIES + f] == species:
                    same += zoo[P_ANIMALS + f]
            if same > most_species:
                most_species = same
    return most_species, most_tiles, attractions


@njit(cache=True, _nrt=False)
def own_points(S, R, p, components):
    """The components a player scores alone: full enclosures, attractions, stalls, backyard animals."""
    zoo = S[player_at(p):]  # see card_measures
    full = 0
    attractions = 0
    for e in range(R[R_ENCLOSURES]):
        if enclosure_tiles(zoo, 0, e) == R[R_ENCLOSURE_SIZE]:
            full += R[R_ENCLOSURE_POINTS + e]
        attractions += zoo[P_ATTRACTION + e]
    components[C_FULL] = full
    components[C_ATTRACTIONS] = attractions
    components[C_STALLS] = zoo[P_STALLS]
    components[C_BACKYARD] = -zoo[P_YARD_ANIMALS]


@njit(cache=True, _nrt=False)
def score_all(S, R, totals, components):
    """Fill components[p, :] and totals[p] for every player: own points, then the three cards (strict
    maximum only)."""
    players = R[R_PLAYERS]
    measures = components[:, 4:7]
    for p in range(players):
        own_points(S, R, p, components[p])
        a, b, c = card_measures(S, R, p)
        measures[p, 0] = a
        measures[p, 1] = b
        measures[p, 2] = c
    for card in range(3):
        best = -1
        winners = 0
        winner = -1
        for p in range(players):
            if measures[p, card] > best:
                best = measures[p, card]
                winners = 1
                winner = p
            elif measures[p, card] == best:
                winners += 1
        for p in range(players):
            measures[p, card] = R[R_CARD_POINTS + card] if winners == 1 and p == winner else 0
    for p in range(players):
        total = 0
        for k in range(N_COMPONENTS):
            total += components[p, k]
        totals[p] = total


# ---- setup --------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def reset_state(S, R):
    S[:] = 0
    for p in range(R[R_PLAYERS]):
        at = player_at(p)
        for e in range(MAX_ENCLOSURES):
            S[at + P_SPECIES + e] = -1
