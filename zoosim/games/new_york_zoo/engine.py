"""New York Zoo's numba core: one game on flat preallocated arrays, move for move as `reference.py`.

The actions of spec 5-6 (breeding is in `breeding.py`, the turn loop in `play.py`).

State of one game (allocated once per game by `new_state`, never per turn), bundled in the tuple
`S = (g, pl, enc, cov, opt, rng, log, pol, par, R)`:
  g    int64[G_SIZE]               game scalars, harbour stacks, attraction supply
  pl   int64[MAX_PLAYERS, P_SIZE]  per player: board, houses, animals in houses, counters
  enc  int64[MAX_PLAYERS, MAX_ENCLOSURES, E_SIZE]  per enclosure: capacity, species, count, ...
  cov  uint64[MAX_PLAYERS, 2]      covered cells (house corner + tiles) as a 128-bit mask
  opt  int64[MAX_OPTIONS, 4]       the options of the current decision (scratch)
  rng  uint64[4]                   the game's random stream (zoosim.core.rng)
  log  int64[n, 6]                 event log (n = 0: no log)
  pol, par                         policy id and parameters per seat
  R                                packed rules (rules.pack)
and the placement tables `T = (place_lo, place_hi, place_start, place_count, cell_start, by_cell)` of
data.py (`tables()`).
Decisions go to `policies.decide`; the option lists and their order are PROTOCOL.md's.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.games.new_york_zoo import data
from zoosim.games.new_york_zoo.policies import decide, popcount
from zoosim.games.new_york_zoo.protocol import (
    D_ANIMAL_DEST, D_ANIMAL_OPTION, D_ATTRACTION_KIND, D_ATTRACTION_PLACE, D_ATTRACTION_TAKE, D_ENCLOSURE_PLACE,
    D_HOUSE_BONUS, D_KEEP, D_POPULATE_FIRST, D_POPULATE_SECOND,
    END_COVERED, EV_ANIMAL, EV_ATTRACTION, EV_ENCLOSURE, EV_FULL, EV_KEEP, HOUSE, SUPPLY,
)
from zoosim.games.new_york_zoo.rules import (
    R_ANIMAL_SPACE_REQUIRES_PLACEMENT, R_ATTRACTION_MANDATORY, R_HARBOUR_REQUIRES_POPULATE, R_MAX_ADDED, R_MOVE_MAX,
    R_MOVE_MIN, R_PLAYERS, R_SINGLE_ANY_SPECIES, R_SOLO_MAX_RAW, R_SOLO_N_TILES, R_SOLO_TILES, R_WIN_CHECK,
    SOLO_TILE_4_PLUS, WIN_IMMEDIATE,
)

MAX_PLAYERS = 5
MAX_ENCLOSURES = 32
MAX_OPTIONS = 640
N_SPECIES = data.N_SPECIES
N_SPACES = data.N_SPACES
N_HARBOURS = len(data.HARBOUR_SPACES)
ATTRACTION_BASE = data.ATTRACTION_BASE
N_ATTRACTION_KINDS = data.N_ATTRACTION_KINDS
N_TILES = data.N_TILES
START_SPACE = data.START_SPACE

# game scalars
G_ELEPHANT, G_TURNS, G_OVER, G_END_REASON, G_TRAVELLED, G_FACE_UP, G_NEVENTS, G_MOVER = range(8)
G_SUPPLY = 8                        # N_ATTRACTION_KINDS entries
G_HEIGHT = G_SUPPLY + 8             # N_HARBOURS entries: tiles in each stack
G_STACK = G_HEIGHT + 16             # N_HARBOURS * 3 entries: tile index, bottom first
G_LINES = G_STACK + 3 * N_HARBOURS  # 8 entries: spaces entered by the lines the move crossed
G_SIZE = G_LINES + 8
# player fields
P_BOARD, P_HOUSES, P_NENC, P_ENCLOSURES_PLACED, P_ATTRACTIONS, P_BREEDINGS, P_OWN_TURNS, P_TURNS_TO_FINISH = range(8)
P_HOUSE = 8                         # N_SPECIES entries: animals of each species in houses
P_FITS = P_HOUSE + N_SPECIES        # N_TILES entries: does the tile fit? -1 unknown, 0 no, 1 yes (a cache)
P_SIZE = P_FITS + data.N_TILES
# enclosure fields
E_CAPACITY, E_SPECIES, E_COUNT, E_ADDED, E_RECEIVED = range(5)
E_SIZE = 5

# static tables (small; numba freezes them as constants)
SPACE_HARBOUR = np.array(data.TABLES["space_harbour"])
SPACE_ANIMALS = np.array(data.TABLES["space_animals"])
LINE_SPECIES = np.array(data.TABLES["line_species"])
HARBOUR_STACK_SIZES = np.array(data.TABLES["harbour_stack_sizes"])
TILE_SIZE = np.array(data.TABLES["tile_size"])
TILE_UNLIMITED = np.array(data.TABLES["tile_unlimited"])
TILE_COUNT = np.array(data.TABLES["tile_count"])
BOARD_HOUSES = np.array(data.TABLES["board_houses"])
BOARD_START = np.array(data.TABLES["board_start"])
BOARD_CORNER = np.array(data.TABLES["board_corner"])
BOARD_FULL = np.array(data.TABLES["board_full"])
BOARD_INDEX = np.array([[data.board_for(n, s, side).index if s < n else -1 for s in range(MAX_PLAYERS)]
                        for n in range(1, MAX_PLAYERS + 1) for side in ("A", "B")], np.int64)  # row 2*(n-1)+side
ENCLOSURES_BY_SIZE = np.array([[t.index for t in data.TILES if not t.is_attraction and t.size == size]
                               + [-1] * (15 - sum(1 for t in data.TILES if not t.is_attraction and t.size == size))
                               for size in range(4, 8)], np.int64)
SIZE_COUNT = np.array([sum(1 for t in data.TILES if not t.is_attraction and t.size == size) for size in range(4, 8)],
                      np.int64)
ZERO = np.uint64(0)


def tables():
    """The placement tables `T` for the core."""
    t = data.TABLES
    return (t["place_lo"], t["place_hi"], t["place_start"], t["place_count"], t["place_cell_start"],
            t["place_by_cell"])


def new_state(players, pol, par, R, log_rows):
    """Fresh state arrays `S` for one game."""
    return (np.zeros(G_SIZE, np.int64), np.zeros((MAX_PLAYERS, P_SIZE), np.int64),
            np.zeros((MAX_PLAYERS, MAX_ENCLOSURES, E_SIZE), np.int64), np.zeros((MAX_PLAYERS, 2), np.uint64),
            np.zeros((MAX_OPTIONS, 4), np.int64), np.zeros(4, np.uint64), np.zeros((log_rows, 6), np.int64),
            pol, par, R)


# ---------------------------------------------------------------- small helpers
@njit(cache=True, nogil=True, inline="always")
def log_event(g, log, kind, player, a, b, c, d):
    i = g[G_NEVENTS]
    if i < log.shape[0]:
        log[i, 0] = kind
        log[i, 1] = player
        log[i, 2] = a
        log[i, 3] = b
        log[i, 4] = c
        log[i, 5] = d
    g[G_NEVENTS] = i + 1


@njit(cache=True, nogil=True, inline="always")
def is_covered(pl, cov, p):
    b = pl[p, P_BOARD]
    return cov[p, 0] == BOARD_FULL[b, 0] and cov[p, 1] == BOARD_FULL[b, 1]


@njit(cache=True, nogil=True)
def cells_left(pl, cov, p):
    b = pl[p, P_BOARD]
    lo = BOARD_FULL[b, 0] & ~cov[p, 0]
    hi = BOARD_FULL[b, 1] & ~cov[p, 1]
    n = 0
    while lo != ZERO:
        lo &= lo - np.uint64(1)
        n += 1
    while hi != ZERO:
        hi &= hi - np.uint64(1)
        n += 1
    return n


@njit(cache=True, nogil=True)
def animals(pl, enc, p):
    n = 0
    for s in range(N_SPECIES):
        n += pl[p, P_HOUSE + s]
    for e in range(pl[p, P_NENC]):
        n += enc[p, e, E_COUNT]
    return n


@njit(cache=True, nogil=True, inline="always")
def free_houses(pl, p):
    n = pl[p, P_HOUSES]
    for s in range(N_SPECIES):
        n -= pl[p, P_HOUSE + s]
    return n


@njit(cache=True, nogil=True, inline="always")
def cap_ok(enc, R, p, e):
    return R[R_MAX_ADDED] == 0 or enc[p, e, E_ADDED] < R[R_MAX_ADDED]


@njit(cache=True, nogil=True, inline="always")
def accepts(enc, R, p, e, species):
    return (enc[p, e, E_COUNT] == 0 or enc[p, e, E_SPECIES] == species) and cap_ok(enc, R, p, e)


@njit(cache=True, nogil=True, inline="always")
def can_place(pl, enc, R, p, species):
    if free_houses(pl, p) > 0:
        return True
    for e in range(pl[p, P_NENC]):
        if accepts(enc, R, p, e, species):
            return True
    return False


@njit(cache=True, nogil=True, inline="always")
def can_populate(pl, enc, p):
    for s in range(N_SPECIES):
        if pl[p, P_HOUSE + s] > 0:
            return True
    for e in range(pl[p, P_NENC]):
        if enc[p, e, E_COUNT] >= 2:
            return True
    return False


SMALL_FREE = 24  # at most this many uncovered cells: find placements by their lowest cell


@njit(cache=True, nogil=True)
def list_placements(S, T, p, tile):
    """Write the legal placements of `tile` on p's board into opt[:, 0], ascending; return their number."""
    g, pl, enc, cov, opt, rng, log, pol, par, R = S
    place_lo, place_hi, place_start, place_count, cell_start, by_cell = T
    b = pl[p, P_BOARD]
    start = place_start[b, tile]
    lo = cov[p, 0]
    hi = cov[p, 1]
    free_lo = BOARD_FULL[b, 0] & ~lo
    free_hi = BOARD_FULL[b, 1] & ~hi
    n = 0
    if popcount(free_lo) + popcount(free_hi) > SMALL_FREE:
        for i in range(place_count[b, tile]):
            if (place_lo[start + i] & lo) == ZERO and (place_hi[start + i] & hi) == ZERO:
                opt[n, 0] = i
                n += 1
        return n
    for word in range(2):
        free = free_lo if word == 0 else free_hi
        while free != ZERO:
            low = free & (~free + np.uint64(1))
            cell = 64 * word + popcount(low - np.uint64(1))
            free ^= low
            for k in range(cell_start[b, tile, cell], cell_start[b, tile, cell + 1]):
                i = by_cell[k]
                if (place_lo[start + i] & lo) == ZERO and (place_hi[start + i] & hi) == ZERO:
                    j = n  # insertion into ascending order
                    while j > 0 and opt[j - 1, 0] > i:
                        opt[j, 0] = opt[j - 1, 0]
                        j -= 1
                    opt[j, 0] = i
                    n += 1
    return n


@njit(cache=True, nogil=True, inline="always")
def fits(pl, cov, T, p, tile):
    """True if `tile` has at least one legal placement on p's board (cached until p's board changes)."""
    known = pl[p, P_FITS + tile]
    if known >= 0:
        return known == 1
    return fits_scan(pl, cov, T, p, tile)


@njit(cache=True, nogil=True)
def fits_scan(pl, cov, T, p, tile):
    place_lo, place_hi, place_start, place_count, cell_start, by_cell = T
    b = pl[p, P_BOARD]
    start = place_start[b, tile]
    lo = cov[p, 0]
    hi = cov[p, 1]
    found = 0
    for word in range(2):
        free = (BOARD_FULL[b, 0] & ~lo) if word == 0 else (BOARD_FULL[b, 1] & ~hi)
        while free != ZERO and found == 0:
            low = free & (~free + np.uint64(1))
            cell = 64 * word + popcount(low - np.uint64(1))
            free ^= low
            for k in range(cell_start[b, tile, cell], cell_start[b, tile, cell + 1]):
                i = by_cell[k]
                if (place_lo[start + i] & lo) == ZERO and (place_hi[start + i] & hi) == ZERO:
                    found = 1
                    break
    pl[p, P_FITS + tile] = found
    return found == 1


# ---------------------------------------------------------------- movement (5.1, 9)
@njit(cache=True, nogil=True, inline="always")
def walk(g, start, steps):
    """Move `steps` counted spaces clockwise from `start`: (destination, raw spaces)."""
    pos = start
    raw = 0
    counted = 0
    while counted < steps:
        pos = pos % N_SPACES + 1
        raw += 1
        h = SPACE_HARBOUR[pos - 1]
        if h < 0 or g[G_HEIGHT + h] > 0:
            counted += 1
    return pos, raw


@njit(cache=True, nogil=True, inline="always")
def legal_destination(S, T, p, space):
    g, pl, enc, cov, opt, rng, log, pol, par, R = S
    h = SPACE_HARBOUR[space - 1]
    if h >= 0:
        height = g[G_HEIGHT + h]
        if height == 0 or not fits(pl, cov, T, p, g[G_STACK + 3 * h + height - 1]):
            return False
        return R[R_HARBOUR_REQUIRES_POPULATE] == 0 or can_populate(pl, enc, p)
    if R[R_ANIMAL_SPACE_REQUIRES_PLACEMENT] == 0:
        return True
    if R[R_SINGLE_ANY_SPECIES] != 0:
        for s in range(N_SPECIES):
            if can_place(pl, enc, R, p, s):
                return True
        return False
    return (can_place(pl, enc, R, p, SPACE_ANIMALS[space - 1, 0])
            or can_place(pl, enc, R, p, SPACE_ANIMALS[space - 1, 1]))


@njit(cache=True, nogil=True, inline="always")
def move_options(S, T, p):
    """Legal moves into opt rows (destination, counted steps, raw spaces, solo tile or -1); their number."""
    g, pl, enc, cov, opt, rng, log, pol, par, R = S
    here = g[G_ELEPHANT]
    n = 0
    if R[R_PLAYERS] > 1:
        for k in range(R[R_MOVE_MIN], R[R_MOVE_MAX] + 1):
            dest, raw = walk(g, here, k)
            if legal_destination(S, T, p, dest):
                opt[n, 0] = dest
                opt[n, 1] = k
                opt[n, 2] = raw
                opt[n, 3] = -1
                n += 1
        return n
    for t in range(R[R_SOLO_N_TILES]):
        if (g[G_FACE_UP] >> t) & 1 == 0:
            continue
        value = R[R_SOLO_TILES + t]
        if value == 0:
            if legal_destination(S, T, p, here):
                opt[n, 0] = here
                opt[n, 1] = 0
                opt[n, 2] = 0
                opt[n, 3] = t
                n += 1
        elif value == SOLO_TILE_4_PLUS:
            k = 4
            while True:
                dest, raw = walk(g, here, k)
                if raw > R[R_SOLO_MAX_RAW]:
                    break
                if legal_destination(S, T, p, dest):
                    opt[n, 0] = dest
                    opt[n, 1] = k
                    opt[n, 2] = raw
                    opt[n, 3] = t
                    n += 1
                k += 1
        else:
            dest, raw = walk(g, here, value)
            if legal_destination(S, T, p, dest):
                opt[n, 0] = dest
                opt[n, 1] = value
                opt[n, 2] = raw
                opt[n, 3] = t
                n += 1
    pos = here  # free move to the next animal space
    raw = 0
    while True:
        pos = pos % N_SPACES + 1
        raw += 1
        if SPACE_HARBOUR[pos - 1] < 0:
            break
    if legal_destination(S, T, p, pos):
        opt[n, 0] = pos
        opt[n, 1] = 0
        opt[n, 2] = raw
        opt[n, 3] = -1
        n += 1
    return n


# ---------------------------------------------------------------- tiles
@njit(cache=True, nogil=True, inline="always")
def cover(pl, cov, T, p, tile, placement):
    place_lo, place_hi, place_start, place_count, cell_start, by_cell = T
    i = place_start[pl[p, P_BOARD], tile] + placement
    cov[p, 0] |= place_lo[i]
    cov[p, 1] |= place_hi[i]
    for t in range(N_TILES):
        pl[p, P_FITS + t] = -1


@njit(cache=True, nogil=True, inline="always")
def after_tile_placed(S, p):
    g, pl, enc, cov, opt, rng, log, pol, par, R = S
    if is_covered(pl, cov, p):
        if pl[p, P_TURNS_TO_FINISH] < 0:
            pl[p, P_TURNS_TO_FINISH] = pl[p, P_OWN_TURNS]
        if R[R_WIN_CHECK] == WIN_IMMEDIATE:
            g[G_OVER] = 1
            g[G_END_REASON] = END_COVERED


@njit(cache=True, nogil=True)
def place_enclosure(S, T, p, tile, placement, short_game):
    g, pl, enc, cov, opt, rng, log, pol, par, R = S
    cover(pl, cov, T, p, tile, placement)
    e = pl[p, P_NENC]
    enc[p, e, E_CAPACITY] = TILE_SIZE[tile]
    enc[p, e, E_SPECIES] = -1
    enc[p, e, E_COUNT] = 0
    enc[p, e, E_ADDED] = 0
    enc[p, e, E_RECEIVED] = 0
    pl[p, P_NENC] = e + 1
    pl[p, P_ENCLOSURES_PLACED] += 1
    log_event(g, log, EV_ENCLOSURE, p, tile, placement, e, short_game)
    after_tile_placed(S, p)


@njit(cache=True, nogil=True, inline="always")
def add_animal(S, p, e, species, source):
    g, pl, enc, cov, opt, rng, log, pol, par, R = S
    enc[p, e, E_SPECIES] = species
    enc[p, e, E_COUNT] += 1
    enc[p, e, E_ADDED] += 1
    enc[p, e, E_RECEIVED] = 1
    log_event(g, log, EV_ANIMAL, p, species, e, source, 0)


@njit(cache=True, nogil=True, inline="always")
def take_from(pl, enc, p, species, source):
    if source == HOUSE:
        pl[p, P_HOUSE + species] -= 1
    else:
        enc[p, source, E_COUNT] -= 1


# ---------------------------------------------------------------- harbour action (5.2)
@njit(cache=True, nogil=True, inline="always")
def populate_sources(S, p, target, species, n):
    """Append (species, source) options after row n: house then enclosures with 2+; return the new count."""
    g, pl, enc, cov, opt, rng, log, pol, par, R = S
    s_lo = 0 if species < 0 else species
    s_hi = N_SPECIES if species < 0 else species + 1
    for s in range(s_lo, s_hi):
        if pl[p, P_HOUSE + s] > 0:
            opt[n, 0] = s
            opt[n, 1] = HOUSE
            n += 1
        for e in range(pl[p, P_NENC]):
            if e != target and enc[p, e, E_SPECIES] == s and enc[p, e, E_COUNT] >= 2:
                opt[n, 0] = s
                opt[n, 1] = e
                n += 1
    return n


@njit(cache=True, nogil=True)
def harbour_action(S, T, p, space):
    g, pl, enc, cov, opt, rng, log, pol, par, R = S
    h = SPACE_HARBOUR[space - 1]
    g[G_HEIGHT + h] -= 1
    tile = g[G_STACK + 3 * h + g[G_HEIGHT + h]]
    n = list_placements(S, T, p, tile)
    placement = opt[decide(D_ENCLOSURE_PLACE, p, n, tile, S, T), 0]
    place_enclosure(S, T, p, tile, placement, 0)
    if g[G_OVER]:
        return
    target = pl[p, P_NENC] - 1
    if not cap_ok(enc, R, p, target):
        return
    n = populate_sources(S, p, target, -1, 0)
    if n == 0:
        return
    i = decide(D_POPULATE_FIRST, p, n, target, S, T)
    species = opt[i, 0]
    source = opt[i, 1]
    take_from(pl, enc, p, species, source)
    add_animal(S, p, target, species, source)
    if not cap_ok(enc, R, p, target):
        return
    opt[0, 0] = species
    opt[0, 1] = SUPPLY  # "stop"
    n = populate_sources(S, p, target, species, 1)
    if n > 1:
        i = decide(D_POPULATE_SECOND, p, n, target, S, T)
        source = opt[i, 1]
        if source != SUPPLY:
            take_from(pl, enc, p, species, source)
            add_animal(S, p, target, species, source)


# ---------------------------------------------------------------- animal-space action (5.3)
@njit(cache=True, nogil=True)
def animal_action(S, T, p, space):
    g, pl, enc, cov, opt, rng, log, pol, par, R = S
    a = SPACE_ANIMALS[space - 1, 0]
    b = SPACE_ANIMALS[space - 1, 1]
    n = 0
    for k in range(4 + N_SPECIES):
        if k == 0:
            first, second = a, b
        elif k == 1:
            first, second = b, a
        elif k == 2:
            first, second = a, -1
        elif k == 3:
            first, second = b, -1
        else:
            first, second = k - 4, -1
            if R[R_SINGLE_ANY_SPECIES] == 0 or first == a or first == b:
                continue
        if can_place(pl, enc, R, p, first):
            opt[n, 0] = first
            opt[n, 1] = second
            n += 1
    if n == 0:
        return
    i = decide(D_ANIMAL_OPTION, p, n, space, S, T)
    first = opt[i, 0]
    second = opt[i, 1]
    place_animal(S, T, p, first, False)
    if g[G_OVER] or second < 0:
        return
    place_animal(S, T, p, second, True)


@njit(cache=True, nogil=True)
def place_animal(S, T, p, species, optional):
    """One animal from the supply into a free house or an enclosure; house bonus; full enclosure."""
    g, pl, enc, cov, opt, rng, log, pol, par, R = S
    n = 0
    if optional:
        opt[0, 0] = SUPPLY  # give the animal up
        n = 1
    if free_houses(pl, p) > 0:
        opt[n, 0] = HOUSE
        n += 1
    for e in range(pl[p, P_NENC]):
        if accepts(enc, R, p, e, species):
            opt[n, 0] = e
            n += 1
    if optional and n == 1:
        return
    dest = opt[decide(D_ANIMAL_DEST, p, n, species, S, T), 0]
    if dest == SUPPLY:
        return
    if dest == HOUSE:
        pl[p, P_HOUSE + species] += 1
        log_event(g, log, EV_ANIMAL, p, species, HOUSE, SUPPLY, 0)
        return
    add_animal(S, p, dest, species, SUPPLY)
    house_bonus(S, T, p, dest)
    resolve_if_full(S, T, p, dest)


@njit(cache=True, nogil=True, inline="always")
def house_bonus(S, T, p, e):
    """May move 1 animal of the enclosure's species from a house into it, if it is not full."""
    g, pl, enc, cov, opt, rng, log, pol, par, R = S
    species = enc[p, e, E_SPECIES]
    if enc[p, e, E_COUNT] < enc[p, e, E_CAPACITY] and pl[p, P_HOUSE + species] > 0 and cap_ok(enc, R, p, e):
        if decide(D_HOUSE_BONUS, p, 2, e, S, T) == 1:
            pl[p, P_HOUSE + species] -= 1
            add_animal(S, p, e, species, HOUSE)


# ---------------------------------------------------------------- full enclosure (6)
@njit(cache=True, nogil=True, inline="always")
def resolve_if_full(S, T, p, e):
    enc = S[2]
    if enc[p, e, E_COUNT] >= enc[p, e, E_CAPACITY]:
        resolve_full(S, T, p, e)


@njit(cache=True, nogil=True)
def resolve_full(S, T, p, e):
    """Spec 6: empty the enclosure, maybe keep one animal in a free house, take and place an attraction."""
    g, pl, enc, cov, opt, rng, log, pol, par, R = S
    species = enc[p, e, E_SPECIES]
    count = enc[p, e, E_COUNT]
    enc[p, e, E_SPECIES] = -1
    enc[p, e, E_COUNT] = 0
    log_event(g, log, EV_FULL, p, e, species, count, 0)
    if free_houses(pl, p) > 0 and decide(D_KEEP, p, 2, species, S, T) == 1:
        pl[p, P_HOUSE + species] += 1
        log_event(g, log, EV_KEEP, p, species, 0, 0, 0)
    take_attraction(S, T, p)


@njit(cache=True, nogil=True)
def take_attraction(S, T, p):
    g, pl, enc, cov, opt, rng, log, pol, par, R = S
    if is_covered(pl, cov, p):
        return
    if R[R_ATTRACTION_MANDATORY] == 0 and decide(D_ATTRACTION_TAKE, p, 2, 0, S, T) == 0:
        return
    n = 0
    for k in range(N_ATTRACTION_KINDS):
        tile = ATTRACTION_BASE + k
        if (TILE_UNLIMITED[tile] != 0 or g[G_SUPPLY + k] > 0) and fits(pl, cov, T, p, tile):
            opt[n, 0] = tile
            n += 1
    tile = opt[decide(D_ATTRACTION_KIND, p, n, 0, S, T), 0]
    n = list_placements(S, T, p, tile)
    placement = opt[decide(D_ATTRACTION_PLACE, p, n, tile, S, T), 0]
    if TILE_UNLIMITED[tile] == 0:
        g[G_SUPPLY + tile - ATTRACTION_BASE] -= 1
    cover(pl, cov, T, p, tile, placement)
    pl[p, P_ATTRACTIONS] += 1
    log_event(g, log, EV_ATTRACTION, p, tile, placement, 0, 0)
    after_tile_placed(S, p)
