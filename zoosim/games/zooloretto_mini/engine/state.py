"""Zooloretto Mini's rules as numba primitives on one flat int64 state array.

The public state of a game is `S` (offsets below); the stack order lives in `deck`, which only the game
loop (`game.py`) touches, so policies cannot read it. Helpers take `S`, the packed rules `R` (see
rules.pack) and small integers. Each rule of the spec has one function here, named after it.
"""
from __future__ import annotations

from numba import njit

from zoosim.core.trace import emit_row
from zoosim.games.family import engine as F
from zoosim.games.family.engine import OPT_DRAW, OPT_TAKE, option  # noqa: F401  (PROTOCOL 9's codes, re-exported)
from zoosim.games.zooloretto_mini.rules import (
    FEMALE, LANDSCAPE_BASE, MALE, MAX_ENCLOSURES, MAX_LANDSCAPE_KINDS, MAX_PLAYERS, MAX_SPECIES,
    MAX_TRUCK_CAPACITY, MAX_TRUCKS, N_CODES, OFFSPRING, R_ANIMAL_POINTS, R_BARN_LANDSCAPE_PENALTY,
    R_BARN_SPECIES_PENALTY, R_BONUS_PER_ENCLOSURE, R_ENCLOSURE_SIZE, R_ENCLOSURES, R_LANDSCAPE_KINDS,
    R_LANDSCAPE_POINTS, R_PLAYERS, R_SPECIES, R_TRUCK_CAPACITY, R_TRUCKS,
)

# ---- state layout -------------------------------------------------------------------------------
(H_ROUND, H_TURNS, H_DRAW_PTR, H_MAIN_LEN, H_TOTAL, H_LAST_ROUND, H_TRUCKS_TAKEN, H_TRACE_N, H_EARNED,
 H_OUT_TILES, H_START_PLAYER) = range(11)
# Bit masks kept in step with the trucks (see core/bits.py): untaken trucks with a free space, untaken
# trucks with a tile, seats without a truck this round. Set by start_round, changed by draw_and_load and
# take_truck (play.py), which are the only places a truck is loaded or taken.
H_FREE_TRUCKS, H_LOADED_TRUCKS, H_WAITING_SEATS = 11, 12, 13
T_CAPACITY = 16
T_COUNT = T_CAPACITY + MAX_TRUCKS
T_TAKEN_BY = T_COUNT + MAX_TRUCKS
T_TILES = T_TAKEN_BY + MAX_TRUCKS  # MAX_TRUCKS x MAX_TRUCK_CAPACITY tile codes, -1 for an empty space
SUPPLY = T_TILES + MAX_TRUCKS * MAX_TRUCK_CAPACITY  # offspring left per species
PLAYERS_AT = SUPPLY + MAX_SPECIES

# per-player block
P_HAS_TRUCK, P_BONUSES_TAKEN, P_OFFSPRING_BORN, P_BARN_TILES = range(4)
P_SPECIES = 8  # per enclosure: species of its animals, -1 when it holds none
P_ANIMALS = P_SPECIES + MAX_ENCLOSURES
P_LANDS = P_ANIMALS + MAX_ENCLOSURES  # landscape tiles
P_MALE = P_LANDS + MAX_ENCLOSURES  # unused fertile males
P_FEMALE = P_MALE + MAX_ENCLOSURES  # unused fertile females
P_LAND_KINDS = P_FEMALE + MAX_ENCLOSURES  # MAX_ENCLOSURES x MAX_LANDSCAPE_KINDS tile counts
P_BARN = P_LAND_KINDS + MAX_ENCLOSURES * MAX_LANDSCAPE_KINDS  # tiles per code
P_SIZE = P_BARN + N_CODES
# Tiles out of the game by code (truck tiles left at a round's end, bonus discards): public, seen as they left;
# the search's determinisation reads them (search.py). After the player blocks, so that the policies' copies of
# the state (truck_value: S[:OUT]) do not grow.
OUT = PLAYERS_AT + MAX_PLAYERS * P_SIZE
STATE_SIZE = OUT + N_CODES

BARN_DEST = -1

# ---- event log (PROTOCOL.md section 10) ----------------------------------------------------------
EV_DRAW, EV_TAKE, EV_PLACE, EV_BIRTH, EV_FILL, EV_BONUS_TAKE, EV_BONUS_DISCARD, EV_BONUS_SKIP = range(1, 9)
EV_LAST_ROUND, EV_ROUND_END = 9, 10
EV_SEARCH, EV_SEARCH_OPTION = 11, 12  # a search seat's decision and its candidates (search.py; --explain only)

# ---- options: kind << 24 | a << 16 | b << 8 | c ---------------------------------------------------
OPT_SKIP, OPT_BONUS_TAKE, OPT_BONUS_DISCARD = 3, 4, 5  # after DRAW 1, TAKE 2 (family.engine)
MAX_OPTIONS = 2048


@njit(cache=True, _nrt=False, inline="always")
def player_at(p):
    return PLAYERS_AT + p * P_SIZE


@njit(cache=True, _nrt=False, inline="always")
def emit(S, trace, kind, player, a, b, c):
    """Append one event row to `trace` if the game is being recorded (trace has rows)."""
    emit_row(S, H_TRACE_N, trace, kind, player, a, b, c, 0)


# ---- places (spec 3) -----------------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def can_take(S, R, p, e, code):
    """Spec 3: a free space, and for an animal no animal yet or the same species."""
    at = player_at(p)
    if S[at + P_ANIMALS + e] + S[at + P_LANDS + e] >= R[R_ENCLOSURE_SIZE]:
        return False
    if code >= LANDSCAPE_BASE:
        return True
    species = S[at + P_SPECIES + e]
    return species < 0 or species == (code >> 2)


@njit(cache=True, _nrt=False, inline="always")
def enclosures_that_take(S, R, p, code):
    """Spec 3 for every enclosure at once: bit e set when enclosure e can take the tile. Built with
    bitwise operations, not a branch per enclosure (a random game mispredicts those often)."""
    at = player_at(p)
    size = R[R_ENCLOSURE_SIZE]
    kind = code >> 2  # a landscape's 16 + kind matches no species
    landscape = code >= LANDSCAPE_BASE
    mask = 0
    for e in range(R[R_ENCLOSURES]):
        species = S[at + P_SPECIES + e]
        room = S[at + P_ANIMALS + e] + S[at + P_LANDS + e] < size
        fits = room & (landscape | (species < 0) | (species == kind))
        mask |= int(fits) << e
    return mask


@njit(cache=True, _nrt=False, inline="always")
def is_full(S, R, p, e):
    at = player_at(p)
    return S[at + P_ANIMALS + e] + S[at + P_LANDS + e] == R[R_ENCLOSURE_SIZE]


@njit(cache=True, _nrt=False, inline="always")
def add_to_barn(S, p, code):
    at = player_at(p)
    S[at + P_BARN + code] += 1
    S[at + P_BARN_TILES] += 1


@njit(cache=True, _nrt=False, inline="always")
def remove_from_barn(S, p, code):
    at = player_at(p)
    S[at + P_BARN + code] -= 1
    S[at + P_BARN_TILES] -= 1


@njit(cache=True, _nrt=False, inline="always")
def add_to_enclosure(S, p, e, code):
    at = player_at(p)
    if code >= LANDSCAPE_BASE:
        S[at + P_LANDS + e] += 1
        S[at + P_LAND_KINDS + e * MAX_LANDSCAPE_KINDS + code - LANDSCAPE_BASE] += 1
        return
    klass = code & 3
    S[at + P_SPECIES + e] = code >> 2
    S[at + P_ANIMALS + e] += 1
    if klass == MALE:
        S[at + P_MALE + e] += 1
    elif klass == FEMALE:
        S[at + P_FEMALE + e] += 1


# ---- filling and breeding (spec 4, 5) ------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def record_fill(S, R, trace, p, e, from_truck):
    """Spec 5: the 6th space was taken; a truck tile (or its birth) earns a bonus, per the rules."""
    earns = 0
    if from_truck and (R[R_BONUS_PER_ENCLOSURE] != 0 or S[H_EARNED] == 0):
        earns = 1
        S[H_EARNED] += 1
    emit(S, trace, EV_FILL, p, e, earns, 0)


@njit(cache=True, _nrt=False, inline="always")
def breed(S, R, trace, p, e, from_truck):
    """Spec 4: an unused fertile male and female of the enclosure breed at once, each adult once; the
    offspring takes a space of the enclosure, or goes to the barn when it is full."""
    at = player_at(p)
    species = S[at + P_SPECIES + e]
    while S[at + P_MALE + e] > 0 and S[at + P_FEMALE + e] > 0 and S[SUPPLY + species] > 0:
        S[at + P_MALE + e] -= 1
        S[at + P_FEMALE + e] -= 1
        S[SUPPLY + species] -= 1
        S[at + P_OFFSPRING_BORN] += 1
        if not is_full(S, R, p, e):
            add_to_enclosure(S, p, e, 4 * species + OFFSPRING)
            emit(S, trace, EV_BIRTH, p, species, e, e)
            if is_full(S, R, p, e):
                record_fill(S, R, trace, p, e, from_truck)
        else:
            add_to_barn(S, p, 4 * species + OFFSPRING)
            emit(S, trace, EV_BIRTH, p, species, e, BARN_DEST)


@njit(cache=True, _nrt=False, inline="always")
def place_tile(S, R, trace, p, code, dest, from_truck):
    """Spec 3-5: put a tile (already logged) in the barn or an enclosure; then fill and breeding."""
    if dest < 0:
        add_to_barn(S, p, code)
        return
    add_to_enclosure(S, p, dest, code)
    if is_full(S, R, p, dest):
        record_fill(S, R, trace, p, dest, from_truck)
    if code < LANDSCAPE_BASE:
        breed(S, R, trace, p, dest, from_truck)


@njit(cache=True, _nrt=False)
def is_legal_destination(S, R, p, code, dest):
    if dest == BARN_DEST:
        return True
    if dest < 0 or dest >= R[R_ENCLOSURES]:
        return False
    return can_take(S, R, p, dest, code)


# ---- the fill bonus (spec 5, PROTOCOL 7 and 9) -------------------------------------------------
@njit(cache=True, _nrt=False)
def code_limit(R):
    """Codes run 0 .. 4*species-1 for animals and 64 .. 64+kinds-1 for landscapes."""
    return LANDSCAPE_BASE + R[R_LANDSCAPE_KINDS]


@njit(cache=True, _nrt=False)
def list_bonus_options(S, R, p, out):
    """The legal bonus options of player p in canonical order (PROTOCOL 9); returns how many."""
    out[0] = option(OPT_SKIP, 0, 0, 0)
    n = 1
    enclosures = R[R_ENCLOSURES]
    animal_codes = 4 * R[R_SPECIES]
    limit = code_limit(R)
    for q in range(R[R_PLAYERS]):
        if q == p:
            continue
        seller = player_at(q)
        if S[seller + P_BARN_TILES] == 0:
            continue
        for code in range(limit):
            if code >= animal_codes and code < LANDSCAPE_BASE:
                continue
            if S[seller + P_BARN + code] > 0:
                for e in range(enclosures):
                    if can_take(S, R, p, e, code):
                        out[n] = option(OPT_BONUS_TAKE, q, code, e)
                        n += 1
    at = player_at(p)
    for code in range(limit):
        if code >= animal_codes and code < LANDSCAPE_BASE:
            continue
        if S[at + P_BARN + code] > 0:
            out[n] = option(OPT_BONUS_DISCARD, 0, code, 0)
            n += 1
    return n


@njit(cache=True, _nrt=False)
def apply_bonus(S, R, trace, p, opt):
    """Resolve one bonus: SKIP, TAKE a tile from another barn into an enclosure, or DISCARD from the own barn.
    Fills caused by the bonus tile earn nothing (bonuses never chain)."""
    kind = opt >> 24
    a = (opt >> 16) & 255
    code = (opt >> 8) & 255
    e = opt & 255
    if kind == OPT_SKIP:
        emit(S, trace, EV_BONUS_SKIP, p, 0, 0, 0)
        return
    S[player_at(p) + P_BONUSES_TAKEN] += 1
    if kind == OPT_BONUS_TAKE:
        remove_from_barn(S, a, code)
        emit(S, trace, EV_BONUS_TAKE, p, a, code, e)
        place_tile(S, R, trace, p, code, e, False)
    else:
        remove_from_barn(S, p, code)
        S[H_OUT_TILES] += 1
        S[OUT + code] += 1
        emit(S, trace, EV_BONUS_DISCARD, p, code, 0, 0)


@njit(cache=True, _nrt=False)
def is_legal_bonus(S, R, p, opt):
    kind = opt >> 24
    a = (opt >> 16) & 255
    code = (opt >> 8) & 255
    e = opt & 255
    if kind == OPT_SKIP:
        return True
    if kind == OPT_BONUS_DISCARD:
        return code < N_CODES and S[player_at(p) + P_BARN + code] > 0
    if kind != OPT_BONUS_TAKE or a == p or a >= R[R_PLAYERS] or code >= N_CODES:
        return False
    return S[player_at(a) + P_BARN + code] > 0 and is_legal_destination(S, R, p, code, e)


# ---- drawing and taking (spec 2) ----------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def can_draw(S, R):
    """D is non-empty: a tile is left and an untaken truck has a free space."""
    return S[H_DRAW_PTR] < S[H_TOTAL] and S[H_FREE_TRUCKS] != 0


@njit(cache=True, _nrt=False, inline="always")
def can_take_truck(S, R):
    """T is non-empty: an untaken truck holds a tile."""
    return S[H_LOADED_TRUCKS] != 0


@njit(cache=True, _nrt=False)
def list_turn_options(S, R, out):
    """PROTOCOL 9: DRAW, then TAKE t for each untaken truck with a tile, ascending; returns how many."""
    return F.draw_and_take_options(S, can_draw(S, R), R[R_TRUCKS], T_COUNT, T_TAKEN_BY, out)


# ---- scoring (spec 6) ----------------------------------------------------------------------------
N_COMPONENTS = 4
C_ENCLOSURES, C_LANDSCAPES, C_BARN_ANIMALS, C_BARN_LANDSCAPES = range(N_COMPONENTS)


@njit(cache=True, _nrt=False)
def score_player(S, R, p, components):
    """Fill `components` (N_COMPONENTS) for player p and return the total score.

    It reads p's block through a view from its start: indices from `range` loops plus constants are then
    known not to be negative, so numba's wraparound test on each read folds away (the lookahead scores
    thousands of candidate zoos per decision)."""
    zoo = S[player_at(p):]
    enclosure_points = 0
    for e in range(R[R_ENCLOSURES]):
        enclosure_points += R[R_ANIMAL_POINTS + zoo[P_ANIMALS + e]]
    kinds = 0
    barn_kinds = 0
    for k in range(R[R_LANDSCAPE_KINDS]):
        shown = 0
        for e in range(R[R_ENCLOSURES]):
            shown += zoo[P_LAND_KINDS + e * MAX_LANDSCAPE_KINDS + k]
        if shown > 0:
            kinds += 1
        if zoo[P_BARN + LANDSCAPE_BASE + k] > 0:
            barn_kinds += 1
    barn_species = 0
    for s in range(R[R_SPECIES]):
        b = P_BARN + 4 * s
        if zoo[b] + zoo[b + 1] + zoo[b + 2] + zoo[b + 3] > 0:
            barn_species += 1
    components[C_ENCLOSURES] = enclosure_points
    components[C_LANDSCAPES] = kinds * R[R_LANDSCAPE_POINTS]
    components[C_BARN_ANIMALS] = -barn_species * R[R_BARN_SPECIES_PENALTY]
    components[C_BARN_LANDSCAPES] = -barn_kinds * R[R_BARN_LANDSCAPE_PENALTY]
    return components[0] + components[1] + components[2] + components[3]


@njit(cache=True, _nrt=False)
def landscape_tiles(S, R, p):
    """The tie-break: landscape tiles in the enclosures."""
    at = player_at(p)
    n = 0
    for e in range(R[R_ENCLOSURES]):
        n += S[at + P_LANDS + e]
    return n


# ---- setup ---------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def reset_state(S, R):
    S[:] = 0
    for t in range(MAX_TRUCKS):
        S[T_TAKEN_BY + t] = -1
        S[T_CAPACITY + t] = R[R_TRUCK_CAPACITY + t] if t < R[R_TRUCKS] else 0
    for k in range(MAX_TRUCKS * MAX_TRUCK_CAPACITY):
        S[T_TILES + k] = -1
    for p in range(R[R_PLAYERS]):
        at = player_at(p)
        for e in range(MAX_ENCLOSURES):
            S[at + P_SPECIES + e] = -1
