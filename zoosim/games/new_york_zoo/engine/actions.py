"""New York Zoo's numba actions: one game on one flat int64 array, move for move as `reference/game.py`.

The actions of spec 5-6 (breeding is in `breeding.py`, the turn loop in `game.py`). Every function works
on the game array `S` (engine/state.py), the table array `T` (components/tables.py) and, where a
decision is taken, the policies' parameters `F`; helpers take small integers, so the hot loop passes
three arrays at most.
Decisions go to `policies.decide`; the option lists and their order are PROTOCOL.md's.
"""
from __future__ import annotations

from numba import njit

from zoosim.core.trace import put_row
from zoosim.games.new_york_zoo.components.data import ATTRACTION_BASE, N_ATTRACTION_KINDS, N_SPACES, N_SPECIES
from zoosim.games.new_york_zoo.components.tables import (
    SPACE_ANIMALS, SPACE_HARBOUR, T_MASK, T_START, TILE_SIZE, TILE_UNLIMITED, bt,
)
from zoosim.games.new_york_zoo.engine.decide import decide
from zoosim.games.new_york_zoo.engine.bits import ZERO, popcount
from zoosim.games.new_york_zoo.engine.state import (
    E_ADDED, E_CAPACITY, E_COUNT, E_RECEIVED, E_SPECIES, G_HEIGHT, G_LOG_ROWS, G_NEVENTS, G_OVER, G_END_REASON,
    G_FACE_UP, G_ELEPHANT, G_STACK, G_SUPPLY, LOG, OPT, P_ATTRACTIONS, P_BOARD, P_COVERED,
    P_ENCLOSURES_PLACED, P_HOUSE, P_HOUSES, P_NENC, P_OWN_TURNS, P_TURNS_TO_FINISH, add_option, eb, pb,
)
from zoosim.games.new_york_zoo.engine.placements import fits, list_placements, uncovered
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

ALL_SPECIES = (1 << N_SPECIES) - 1


# ---------------------------------------------------------------- small helpers
@njit(cache=True, nogil=True, inline="always")
def log_event(S, kind, player, a, b, c, d):
    """Append an event row; past the log's G_LOG_ROWS rows, overwrite the spare row after them.

    Straight-line code on purpose: numba can then drop the reference counting around the inlined call.
    """
    i = S[G_NEVENTS]
    put_row(S, LOG + 6 * min(i, S[G_LOG_ROWS]), kind, player, a, b, c, d)
    S[G_NEVENTS] = i + 1


@njit(cache=True, nogil=True, inline="always")
def is_covered(S, p):
    free_lo, free_hi = uncovered(S, p)
    return free_lo == ZERO and free_hi == ZERO


@njit(cache=True, nogil=True)
def cells_left(S, p):
    free_lo, free_hi = uncovered(S, p)
    return popcount(free_lo) + popcount(free_hi)


@njit(cache=True, nogil=True)
def animals(S, p):
    n = 0
    for s in range(N_SPECIES):
        n += S[pb(p) + P_HOUSE + s]
    for e in range(S[pb(p) + P_NENC]):
        n += S[eb(p, e) + E_COUNT]
    return n


@njit(cache=True, nogil=True)
def free_houses(S, p):
    n = S[pb(p) + P_HOUSES]
    for s in range(N_SPECIES):
        n -= S[pb(p) + P_HOUSE + s]
    return n


@njit(cache=True, nogil=True, inline="always")
def under_cap(added, cap):
    """May an enclosure that received `added` animals this turn take one more? (cap 0: no cap)"""
    return (cap == 0) | (added < cap)


@njit(cache=True, nogil=True, inline="always")
def cap_ok(S, p, e):
    return under_cap(S[eb(p, e) + E_ADDED], S[R_MAX_ADDED])


@njit(cache=True, nogil=True)
def can_populate(S, p):
    for s in range(N_SPECIES):
        if S[pb(p) + P_HOUSE + s] > 0:
            return True
    for e in range(S[pb(p) + P_NENC]):
        if S[eb(p, e) + E_COUNT] >= 2:
            return True
    return False


# ---------------------------------------------------------------- movement (5.1, 9)
@njit(cache=True, nogil=True, inline="always")
def next_space(pos):
    """The space clockwise after `pos` (25 is followed by 1)."""
    return 1 if pos == N_SPACES else pos + 1


@njit(cache=True, nogil=True, inline="always")
def walk(S, start, steps):
    """Move `steps` counted spaces clockwise from `start`: (destination, raw spaces)."""
    pos = start
    raw = 0
    k = 0
    while k < steps:
        pos = next_space(pos)
        raw += 1
        h = SPACE_HARBOUR[pos - 1]
        if h < 0 or S[G_HEIGHT + h] > 0:  # counted: animal spaces, harbours holding a tile
            k += 1
    return pos, raw


@njit(cache=True, nogil=True)
def placeable_species(S, p):
    """Bit s set if p can place an animal of species s (spec 5.3: a free house or an accepting enclosure)."""
    if free_houses(S, p) > 0:
        return ALL_SPECIES
    mask = 0
    for e in range(S[pb(p) + P_NENC]):
        if under_cap(S[eb(p, e) + E_ADDED], S[R_MAX_ADDED]):
            if S[eb(p, e) + E_COUNT] == 0:
                return ALL_SPECIES
            mask |= 1 << S[eb(p, e) + E_SPECIES]
    return mask


@njit(cache=True, nogil=True, inline="always")
def legal_destination(S, T, p, space, populate_ok, placeable):
    """Spec 5.1; `populate_ok` and `placeable` (placeable_species) are p's, worked out once per turn."""
    h = SPACE_HARBOUR[space - 1]
    if h >= 0:
        height = S[G_HEIGHT + h]
        return height > 0 and populate_ok and fits(S, T, p, S[G_STACK + 3 * h + height - 1])
    if S[R_ANIMAL_SPACE_REQUIRES_PLACEMENT] == 0:
        return True
    if S[R_SINGLE_ANY_SPECIES] != 0:
        return placeable != 0
    return ((placeable >> SPACE_ANIMALS[space - 1, 0]) | (placeable >> SPACE_ANIMALS[space - 1, 1])) & 1 != 0


@njit(cache=True, nogil=True, inline="always")
def add_move(S, n, dest, steps, raw, tile):
    S[OPT + 4 * n] = dest
    S[OPT + 4 * n + 1] = steps
    S[OPT + 4 * n + 2] = raw
    S[OPT + 4 * n + 3] = tile
    return n + 1


@njit(cache=True, nogil=True)
def move_options(S, T, p):
    """Legal moves into option rows (destination, counted steps, raw spaces, solo tile or -1); their number."""
    here = S[G_ELEPHANT]
    populate_ok = S[R_HARBOUR_REQUIRES_POPULATE] == 0 or can_populate(S, p)
    placeable = placeable_species(S, p)
    n = 0
    if S[R_PLAYERS] > 1:  # one walk: the k-th counted space for k = 1 .. move_max
        pos = here
        raw = 0
        k = 0
        while k < S[R_MOVE_MAX]:
            pos = next_space(pos)
            raw += 1
            h = SPACE_HARBOUR[pos - 1]
            if h < 0 or S[G_HEIGHT + h] > 0:  # counted: animal spaces, harbours holding a tile
                k += 1
                if k >= S[R_MOVE_MIN] and legal_destination(S, T, p, pos, populate_ok, placeable):
                    n = add_move(S, n, pos, k, raw, -1)
        return n
    for t in range(S[R_SOLO_N_TILES]):
        if (S[G_FACE_UP] >> t) & 1 == 0:
            continue
        value = S[R_SOLO_TILES + t]
        if value == 0:
            if legal_destination(S, T, p, here, populate_ok, placeable):
                n = add_move(S, n, here, 0, 0, t)
        elif value == SOLO_TILE_4_PLUS:
            k = 4
            while True:
                dest, raw = walk(S, here, k)
                if raw > S[R_SOLO_MAX_RAW]:
                    break
                if legal_destination(S, T, p, dest, populate_ok, placeable):
                    n = add_move(S, n, dest, k, raw, t)
                k += 1
        else:
            dest, raw = walk(S, here, value)
            if legal_destination(S, T, p, dest, populate_ok, placeable):
                n = add_move(S, n, dest, value, raw, t)
    pos = here  # free move to the next animal space
    raw = 0
    while True:
        pos = next_space(pos)
        raw += 1
        if SPACE_HARBOUR[pos - 1] < 0:
            break
    if legal_destination(S, T, p, pos, populate_ok, placeable):
        n = add_move(S, n, pos, 0, raw, -1)
    return n


# ---------------------------------------------------------------- tiles
@njit(cache=True, nogil=True, inline="always")
def cover(S, T, p, tile, placement):
    k = T_MASK + 2 * (T[T_START + bt(S[pb(p) + P_BOARD], tile)] + placement)
    S[pb(p) + P_COVERED] |= T[k]
    S[pb(p) + P_COVERED + 1] |= T[k + 1]


@njit(cache=True, nogil=True, inline="always")
def after_tile_placed(S, p):
    if is_covered(S, p):
        if S[pb(p) + P_TURNS_TO_FINISH] < 0:
            S[pb(p) + P_TURNS_TO_FINISH] = S[pb(p) + P_OWN_TURNS]
        if S[R_WIN_CHECK] == WIN_IMMEDIATE:
            S[G_OVER] = 1
            S[G_END_REASON] = END_COVERED


@njit(cache=True, nogil=True)
def place_enclosure(S, T, p, tile, placement, short_game):
    cover(S, T, p, tile, placement)
    e = S[pb(p) + P_NENC]
    k = eb(p, e)
    S[k + E_CAPACITY] = TILE_SIZE[tile]
    S[k + E_SPECIES] = -1
    S[k + E_COUNT] = 0
    S[k + E_ADDED] = 0
    S[k + E_RECEIVED] = 0
    S[pb(p) + P_NENC] = e + 1
    S[pb(p) + P_ENCLOSURES_PLACED] += 1
    log_event(S, EV_ENCLOSURE, p, tile, placement, e, short_game)
    after_tile_placed(S, p)


@njit(cache=True, nogil=True, inline="always")
def add_animal(S, p, e, species, source):
    k = eb(p, e)
    S[k + E_SPECIES] = species
    S[k + E_COUNT] += 1
    S[k + E_ADDED] += 1
    S[k + E_RECEIVED] = 1
    log_event(S, EV_ANIMAL, p, species, e, source, 0)


@njit(cache=True, nogil=True, inline="always")
def take_from(S, p, species, source):
    if source == HOUSE:
        S[pb(p) + P_HOUSE + species] -= 1
    else:
        S[eb(p, source) + E_COUNT] -= 1


# ---------------------------------------------------------------- harbour action (5.2)
@njit(cache=True, nogil=True, inline="always")
def populate_sources(S, p, target, species, n):
    """Append (species, source) options after row n: house then enclosures with 2+; return the new count."""
    s_lo = 0 if species < 0 else species
    s_hi = N_SPECIES if species < 0 else species + 1
    for s in range(s_lo, s_hi):
        if S[pb(p) + P_HOUSE + s] > 0:
            n = add_option(S, n, s, HOUSE)
        for e in range(S[pb(p) + P_NENC]):
            if e != target and S[eb(p, e) + E_SPECIES] == s and S[eb(p, e) + E_COUNT] >= 2:
                n = add_option(S, n, s, e)
    return n


@njit(cache=True, nogil=True)
def harbour_action(S, T, F, p, space):
    h = SPACE_HARBOUR[space - 1]
    S[G_HEIGHT + h] -= 1
    tile = S[G_STACK + 3 * h + S[G_HEIGHT + h]]
    n = list_placements(S, T, p, tile)
    placement = S[OPT + 4 * decide(D_ENCLOSURE_PLACE, p, n, tile, S, T, F)]
    place_enclosure(S, T, p, tile, placement, 0)
    if S[G_OVER]:
        return
    target = S[pb(p) + P_NENC] - 1
    if not cap_ok(S, p, target):
        return
    n = populate_sources(S, p, target, -1, 0)
    if n == 0:
        return
    i = decide(D_POPULATE_FIRST, p, n, target, S, T, F)
    species = S[OPT + 4 * i]
    source = S[OPT + 4 * i + 1]
    take_from(S, p, species, source)
    add_animal(S, p, target, species, source)
    if not cap_ok(S, p, target):
        return
    S[OPT] = species
    S[OPT + 1] = SUPPLY  # "stop"
    n = populate_sources(S, p, target, species, 1)
    if n > 1:
        i = decide(D_POPULATE_SECOND, p, n, target, S, T, F)
        source = S[OPT + 4 * i + 1]
        if source != SUPPLY:
            take_from(S, p, species, source)
            add_animal(S, p, target, species, source)


# ---------------------------------------------------------------- animal-space action (5.3)
@njit(cache=True, nogil=True, inline="always")
def animal_options(S, p, space):
    """The ANIMAL_OPTION rows (first species, second species or -1) of an animal space for p; their number."""
    a = SPACE_ANIMALS[space - 1, 0]
    b = SPACE_ANIMALS[space - 1, 1]
    placeable = placeable_species(S, p)
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
            if S[R_SINGLE_ANY_SPECIES] == 0 or first == a or first == b:
                continue
        if (placeable >> first) & 1:
            n = add_option(S, n, first, second)
    return n


@njit(cache=True, nogil=True)
def animal_action(S, T, F, p, space):
    n = animal_options(S, p, space)
    if n == 0:
        return
    i = decide(D_ANIMAL_OPTION, p, n, space, S, T, F)
    first = S[OPT + 4 * i]
    second = S[OPT + 4 * i + 1]
    place_animal(S, T, F, p, first, False)
    if S[G_OVER] or second < 0:
        return
    place_animal(S, T, F, p, second, True)


@njit(cache=True, nogil=True)
def place_animal(S, T, F, p, species, optional):
    """One animal from the supply into a free house or an enclosure; house bonus; full enclosure."""
    n = 0
    if optional:
        S[OPT] = SUPPLY  # give the animal up
        n = 1
    if free_houses(S, p) > 0:
        S[OPT + 4 * n] = HOUSE
        n += 1
    for e in range(S[pb(p) + P_NENC]):
        k = eb(p, e)
        if (S[k + E_COUNT] == 0 or S[k + E_SPECIES] == species) and under_cap(S[k + E_ADDED], S[R_MAX_ADDED]):
            S[OPT + 4 * n] = e
            n += 1
    if optional and n == 1:
        return
    dest = S[OPT + 4 * decide(D_ANIMAL_DEST, p, n, species, S, T, F)]
    if dest == SUPPLY:
        return
    if dest == HOUSE:
        S[pb(p) + P_HOUSE + species] += 1
        log_event(S, EV_ANIMAL, p, species, HOUSE, SUPPLY, 0)
        return
    add_animal(S, p, dest, species, SUPPLY)
    house_bonus(S, T, F, p, dest)
    resolve_if_full(S, T, F, p, dest)


@njit(cache=True, nogil=True, inline="always")
def house_bonus(S, T, F, p, e):
    """May move 1 animal of the enclosure's species from a house into it, if it is not full."""
    species = S[eb(p, e) + E_SPECIES]
    if (S[eb(p, e) + E_COUNT] < S[eb(p, e) + E_CAPACITY] and S[pb(p) + P_HOUSE + species] > 0
            and cap_ok(S, p, e)):
        if decide(D_HOUSE_BONUS, p, 2, e, S, T, F) == 1:
            S[pb(p) + P_HOUSE + species] -= 1
            add_animal(S, p, e, species, HOUSE)


# ---------------------------------------------------------------- full enclosure (6)
@njit(cache=True, nogil=True, inline="always")
def resolve_if_full(S, T, F, p, e):
    if S[eb(p, e) + E_COUNT] >= S[eb(p, e) + E_CAPACITY]:
        resolve_full(S, T, F, p, e)


@njit(cache=True, nogil=True)
def resolve_full(S, T, F, p, e):
    """Spec 6: empty the enclosure, maybe keep one animal in a free house, take and place an attraction."""
    species = S[eb(p, e) + E_SPECIES]
    count = S[eb(p, e) + E_COUNT]
    S[eb(p, e) + E_SPECIES] = -1
    S[eb(p, e) + E_COUNT] = 0
    log_event(S, EV_FULL, p, e, species, count, 0)
    if free_houses(S, p) > 0 and decide(D_KEEP, p, 2, species, S, T, F) == 1:
        S[pb(p) + P_HOUSE + species] += 1
        log_event(S, EV_KEEP, p, species, 0, 0, 0)
    take_attraction(S, T, F, p)


@njit(cache=True, nogil=True)
def take_attraction(S, T, F, p):
    if is_covered(S, p):
        return
    if S[R_ATTRACTION_MANDATORY] == 0 and decide(D_ATTRACTION_TAKE, p, 2, 0, S, T, F) == 0:
        return
    n = 0
    for k in range(N_ATTRACTION_KINDS):
        tile = ATTRACTION_BASE + k
        if (TILE_UNLIMITED[tile] != 0 or S[G_SUPPLY + k] > 0) and fits(S, T, p, tile):
            S[OPT + 4 * n] = tile
            n += 1
    tile = S[OPT + 4 * decide(D_ATTRACTION_KIND, p, n, 0, S, T, F)]
    n = list_placements(S, T, p, tile)
    placement = S[OPT + 4 * decide(D_ATTRACTION_PLACE, p, n, tile, S, T, F)]
    if TILE_UNLIMITED[tile] == 0:
        S[G_SUPPLY + tile - ATTRACTION_BASE] -= 1
    cover(S, T, p, tile, placement)
    S[pb(p) + P_ATTRACTIONS] += 1
    log_event(S, EV_ATTRACTION, p, tile, placement, 0, 0)
    after_tile_placed(S, p)
