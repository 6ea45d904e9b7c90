"""Zooloretto's rules as numba primitives on one flat int64 state array.

The whole public state of a game is `S` (one int64 array, offsets below); the hidden stack order is a
separate array `deck` that only the game loop (`game.py`) touches, so policies cannot read it. Helpers take
`S` and the packed rules `R` (see rules.pack) and small integers, so the hot loop passes few arrays
(NUMBA-NOTES: array arguments cost reference counting). Each rule of the spec has one function here,
named after it; `game.py` runs the rounds and `policies.py` makes the choices.
"""
from __future__ import annotations

from numba import njit

from zoosim.core.trace import put_row
from zoosim.games.family.engine import OPT_DRAW, OPT_TAKE, option  # noqa: F401  (re-exported)
from zoosim.games.zooloretto.rules import (
    COIN, ENC_COINS, ENC_FULL, ENC_ONE_EMPTY, ENC_SPACES, ENC_STALLS, FEMALE, MALE, MAX_ENCLOSURES,
    MAX_PLAYERS, MAX_SPECIES, MAX_STALL_KINDS, MAX_TRUCK_CAPACITY, MAX_TRUCKS, N_CODES, OFFSPRING,
    R_BARN_PENALTY, R_BASE_ENCLOSURES, R_ENCLOSURE, R_PARTIAL_POINTS, R_PLAYERS, R_SPECIES, R_STALL_KIND_POINTS,
    R_SIZE, R_STALL_KINDS, R_TRUCK_CAPACITY, R_TRUCKS, STALL_BASE,
)

# ---- state layout -------------------------------------------------------------------------------
# S[0:R_SIZE] holds the packed rules (rules.pack), so every function needs S alone; then the header,
# trucks, supply, out-of-game tiles, one block per player; a recorded game's event log follows STATE_SIZE.
H_ROUND, H_TURNS, H_CURRENT, H_DRAW_PTR, H_MAIN_LEN, H_TOTAL, H_LAST_ROUND, H_BANK = range(R_SIZE, R_SIZE + 8)
(H_TRUCKS_TAKEN, H_GAME_OVER, H_COIN_TILES_TAKEN, H_START_PLAYER, H_TRACE_N, H_RECORDING,
 H_TRACE_CAPACITY) = range(R_SIZE + 8, R_SIZE + 15)
H_LOADABLE, H_TAKEABLE, H_WAITING = range(R_SIZE + 15, R_SIZE + 18)  # the game loop's bit sets: sync_truck_masks
H_ROUND_START_DRAW = R_SIZE + 18  # the draw pointer when the round began: the heuristic's horizon
H_BARN_CHANGES = R_SIZE + 19  # bumped by every change of any barn: policies key their Purchases on it
HEADER_SIZE = 20
T_CAPACITY = R_SIZE + HEADER_SIZE
T_COUNT = T_CAPACITY + MAX_TRUCKS
T_TAKEN_BY = T_COUNT + MAX_TRUCKS
T_TILES = T_TAKEN_BY + MAX_TRUCKS  # MAX_TRUCKS x MAX_TRUCK_CAPACITY tile codes, -1 for an empty space
SUPPLY = T_TILES + MAX_TRUCKS * MAX_TRUCK_CAPACITY  # offspring left per species
OUT = SUPPLY + MAX_SPECIES  # tiles out of the game, per tile code
PLAYERS_AT = OUT + N_CODES + 3

# per-player block
P_COINS, P_HAS_TRUCK, P_ENCLOSURES, P_EXPANSIONS, P_MONEY_ACTIONS, P_OFFSPRING_BORN = range(6)
P_SPECIES = 8  # per enclosure: species, -1 when empty
P_COUNT = P_SPECIES + MAX_ENCLOSURES  # animals
P_MALE = P_COUNT + MAX_ENCLOSURES  # unused fertile males
P_FEMALE = P_MALE + MAX_ENCLOSURES  # unused fertile females
P_OFFSPRING = P_FEMALE + MAX_ENCLOSURES  # offspring
P_STALL_COUNT = P_OFFSPRING + MAX_ENCLOSURES  # stalls on the enclosure's own stall spaces
P_STALLS = P_STALL_COUNT + MAX_ENCLOSURES  # MAX_ENCLOSURES x MAX_STALL_KINDS
P_BARN = P_STALLS + MAX_ENCLOSURES * MAX_STALL_KINDS  # per tile code (animals and stalls)
P_SIZE = P_BARN + N_CODES + 7
STATE_SIZE = PLAYERS_AT + MAX_PLAYERS * P_SIZE

BARN_DEST = -1  # also core/bits' "no such bit": uniform_destination relies on it
MONEY_DEST = -2

# ---- event log (PROTOCOL.md section 9) -----------------------------------------------------------
EV_DRAW, EV_TAKE, EV_PLACE, EV_BIRTH, EV_FILL, EV_MOVE, EV_EXCHANGE = 1, 2, 3, 4, 5, 6, 7
EV_PURCHASE, EV_DISCARD, EV_EXPAND, EV_LAST_ROUND, EV_ROUND_END = 8, 9, 10, 11, 12
EV_SEARCH = 13  # a search seat's candidate (for --explain; not a move: see PROTOCOL section 11)

# ---- turn options: kind << 24 | a << 16 | b << 8 | c; destination fields use 15 for the barn --------
OPT_MOVE, OPT_EXCHANGE, OPT_PURCHASE, OPT_DISCARD, OPT_EXPAND = 3, 4, 5, 6, 7  # after DRAW 1, TAKE 2 (family.engine)
MOVE_BARN_ANIMAL, MOVE_BARN_STALL, MOVE_STALL = 0, 1, 2
DEST_FIELD_BARN = 15
EXCHANGE_BARN = 100
MAX_OPTIONS = 4096


@njit(cache=True, _nrt=False, inline="always")
def option_kind(opt):
    return opt >> 24


@njit(cache=True, _nrt=False, inline="always")
def option_fields(opt):
    return (opt >> 16) & 255, (opt >> 8) & 255, opt & 255


@njit(cache=True, _nrt=False, inline="always")
def dest_field(dest):
    return DEST_FIELD_BARN if dest < 0 else dest


@njit(cache=True, _nrt=False, inline="always")
def field_dest(field):
    return BARN_DEST if field == DEST_FIELD_BARN else field


@njit(cache=True, _nrt=False, inline="always")
def player_at(p):
    return PLAYERS_AT + p * P_SIZE


@njit(cache=True, _nrt=False)
def emit(S, kind, player, a, b, c, d):
    """Append one event row to the log after STATE_SIZE if the game is being recorded.

    Policies mute the log (H_RECORDING = 0) while they make and unmake moves to value them.
    """
    n = S[H_TRACE_N]
    if S[H_RECORDING] != 0 and n < S[H_TRACE_CAPACITY]:
        put_row(S, STATE_SIZE + 6 * n, kind, player, a, b, c, d)
        S[H_TRACE_N] = n + 1


# ---- the board ------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def spaces_of(S, e):
    return S[R_ENCLOSURE + 5 * e + ENC_SPACES]


@njit(cache=True, _nrt=False, inline="always")
def stall_spaces_of(S, e):
    return S[R_ENCLOSURE + 5 * e + ENC_STALLS]


@njit(cache=True, _nrt=False, inline="always")
def can_take_animal(S, p, e, species):
    """Spec 4: an empty animal space of an enclosure that is empty or holds the same species."""
    at = player_at(p)
    enclosure_species = S[at + P_SPECIES + e]
    return S[at + P_COUNT + e] < spaces_of(S, e) and (enclosure_species < 0 or enclosure_species == species)


@njit(cache=True, _nrt=False, inline="always")
def can_take_stall(S, p, e):
    """Spec 4: a stall goes on an empty stall space of the enclosure's own."""
    return S[player_at(p) + P_STALL_COUNT + e] < stall_spaces_of(S, e)


# ---- placing, fill coins and breeding ------------------------------------------------------------
@njit(cache=True, _nrt=False)
def pay_fill_coins(S, p, e):
    """Spec 4: taking an enclosure's last animal space pays its coins, every time, as far as the bank goes."""
    coins = S[R_ENCLOSURE + 5 * e + ENC_COINS]
    if coins > S[H_BANK]:
        coins = S[H_BANK]
    S[H_BANK] -= coins
    S[player_at(p) + P_COINS] += coins
    emit(S, EV_FILL, p, e, coins, 0, 0)


@njit(cache=True, _nrt=False)
def add_to_enclosure(S, p, e, code):
    at = player_at(p)
    klass = code & 3
    S[at + P_SPECIES + e] = code >> 2
    S[at + P_COUNT + e] += 1
    if klass == MALE:
        S[at + P_MALE + e] += 1
    elif klass == FEMALE:
        S[at + P_FEMALE + e] += 1
    elif klass == OFFSPRING:
        S[at + P_OFFSPRING + e] += 1


@njit(cache=True, _nrt=False)
def breed(S, p, e, pays_fill):
    """Spec 6: an unused fertile male and female of the enclosure breed at once, each adult once.

    The offspring takes a space of the enclosure, or goes to the barn when it is full. Returns births.
    """
    at = player_at(p)
    species = S[at + P_SPECIES + e]
    births = 0
    while S[at + P_MALE + e] > 0 and S[at + P_FEMALE + e] > 0 and S[SUPPLY + species] > 0:
        S[at + P_MALE + e] -= 1
        S[at + P_FEMALE + e] -= 1
        S[SUPPLY + species] -= 1
        S[at + P_OFFSPRING_BORN] += 1
        births += 1
        if S[at + P_COUNT + e] < spaces_of(S, e):
            add_to_enclosure(S, p, e, 4 * species + OFFSPRING)
            emit(S, EV_BIRTH, p, species, e, e, 0)
            if pays_fill and S[at + P_COUNT + e] == spaces_of(S, e):
                pay_fill_coins(S, p, e)
        else:
            S[at + P_BARN + 4 * species + OFFSPRING] += 1
            S[H_BARN_CHANGES] += 1
            emit(S, EV_BIRTH, p, species, e, BARN_DEST, 0)
    return births


@njit(cache=True, _nrt=False)
def place_animal(S, p, e, code):
    """An animal enters an enclosure from a truck, a Move or a Purchase: fill coins, then breeding."""
    add_to_enclosure(S, p, e, code)
    if S[player_at(p) + P_COUNT + e] == spaces_of(S, e):
        pay_fill_coins(S, p, e)
    breed(S, p, e, True)


@njit(cache=True, _nrt=False, inline="always")
def place_stall(S, p, e, kind):
    at = player_at(p)
    S[at + P_STALL_COUNT + e] += 1
    S[at + P_STALLS + e * MAX_STALL_KINDS + kind] += 1


@njit(cache=True, _nrt=False, inline="always")
def place_tile(S, p, code, dest):
    """Spec 4: put one tile from a truck (or a Purchase) at `dest` (enclosure, barn, or money for coins)."""
    if code == COIN:
        S[player_at(p) + P_COINS] += 1
        S[H_COIN_TILES_TAKEN] += 1
        return
    if dest < 0:
        S[player_at(p) + P_BARN + code] += 1
        S[H_BARN_CHANGES] += 1
    elif code >= STALL_BASE:
        place_stall(S, p, dest, code - STALL_BASE)
    else:
        place_animal(S, p, dest, code)


UNDO_CELLS = 32


@njit(cache=True, _nrt=False)
def placement_cells(p, code, dest, cells):
    """The state cells `place_tile(p, code, dest)` can change (fill coins and births included).

    Policies save these cells, place a tile on the live state to value it, and write them back
    (make/unmake), instead of copying the state. Returns how many cells were written to `cells`.
    """
    at = player_at(p)
    if code == COIN:
        cells[0] = at + P_COINS
        cells[1] = H_COIN_TILES_TAKEN
        return 2
    if dest < 0:
        cells[0] = at + P_BARN + code
        cells[1] = H_BARN_CHANGES
        return 2
    if code >= STALL_BASE:
        cells[0] = at + P_STALL_COUNT + dest
        cells[1] = at + P_STALLS + dest * MAX_STALL_KINDS + code - STALL_BASE
        return 2
    species = code >> 2
    cells[0] = at + P_SPECIES + dest
    cells[1] = at + P_COUNT + dest
    cells[2] = at + P_MALE + dest
    cells[3] = at + P_FEMALE + dest
    cells[4] = at + P_OFFSPRING + dest
    cells[5] = at + P_COINS
    cells[6] = H_BANK
    cells[7] = SUPPLY + species
    cells[8] = at + P_OFFSPRING_BORN
    cells[9] = at + P_BARN + 4 * species + OFFSPRING
    cells[10] = H_BARN_CHANGES
    return 11


@njit(cache=True, _nrt=False)
def is_legal_destination(S, p, code, dest):
    if code == COIN:
        return dest == MONEY_DEST
    if dest == BARN_DEST:
        return True
    if dest < 0 or dest >= S[player_at(p) + P_ENCLOSURES]:
        return False
    if code >= STALL_BASE:
        return can_take_stall(S, p, dest)
    return can_take_animal(S, p, dest, code >> 2)


# ---- what a turn can do ---------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def sync_truck_masks(S):
    """Rebuild the game loop's bit sets (core/bits.py) from the trucks and seats: trucks a drawn tile can
    go on (H_LOADABLE), trucks that can be taken (H_TAKEABLE), seats still without a truck (H_WAITING).

    The loop keeps them as it loads and takes trucks, so a turn needs no scan; they are derived state,
    rebuilt whenever the loop starts (on any position) and at every round's start."""
    loadable = 0
    takeable = 0
    for t in range(S[R_TRUCKS]):
        if S[T_TAKEN_BY + t] < 0:
            if S[T_COUNT + t] < S[T_CAPACITY + t]:
                loadable |= 1 << t
            if S[T_COUNT + t] > 0:
                takeable |= 1 << t
    waiting = 0
    for p in range(S[R_PLAYERS]):
        if S[player_at(p) + P_HAS_TRUCK] == 0:
            waiting |= 1 << p
    S[H_LOADABLE] = loadable
    S[H_TAKEABLE] = takeable
    S[H_WAITING] = waiting


@njit(cache=True, _nrt=False)
def can_draw(S):
    if S[H_DRAW_PTR] >= S[H_TOTAL]:
        return False
    for t in range(S[R_TRUCKS]):
        if S[T_TAKEN_BY + t] < 0 and S[T_COUNT + t] < S[T_CAPACITY + t]:
            return True
    return False


@njit(cache=True, _nrt=False)
def barn_species_count(S, p, species):
    return species_group(S, player_at(p) + P_BARN + 4 * species)


@njit(cache=True, _nrt=False, inline="always")
def species_group(cells, at):
    """The tiles of one species' four codes (inert, male, female, offspring) from cells[at]: the barn count
    of barn_species_count, and of score_player through a view of the player's block."""
    return cells[at] + cells[at + 1] + cells[at + 2] + cells[at + 3]


# ---- scoring (spec 7) ----------------------------------------------------------------------------
N_COMPONENTS = 6
C_FULL, C_ONE_SHORT, C_PARTIAL, C_STALLS, C_BARN_ANIMALS, C_BARN_STALLS = range(N_COMPONENTS)


@njit(cache=True, _nrt=False, inline="always")
def enclosure_value(count, spaces, full_points, one_empty_points, has_stall, per_animal):
    """Spec 7 for one enclosure: full value, one-empty value, or per animal with an own stall (else 0).

    Returns (component, points). Policies score hypothetical zoos with the same function.
    """
    if count == spaces:
        return C_FULL, full_points
    if count == spaces - 1:
        return C_ONE_SHORT, one_empty_points
    if has_stall:
        return C_PARTIAL, count * per_animal
    return C_PARTIAL, 0


@njit(cache=True, _nrt=False)
def enclosure_points(S, p, e):
    at = player_at(p)
    row = R_ENCLOSURE + 5 * e
    return enclosure_value(S[at + P_COUNT + e], S[row + ENC_SPACES], S[row + ENC_FULL], S[row + ENC_ONE_EMPTY],
                           S[at + P_STALL_COUNT + e] > 0, S[R_PARTIAL_POINTS])


@njit(cache=True, _nrt=False)
def score_player(S, p, components):
    """Fill `components` (N_COMPONENTS) for player p and return the total score."""
    zoo = S[player_at(p):player_at(p) + P_SIZE]  # a view: its indices cannot be negative, so no checks
    for k in range(N_COMPONENTS):
        components[k] = 0
    for e in range(zoo[P_ENCLOSURES]):
        which, points = enclosure_points(S, p, e)
        components[which] += points
    for kind in range(S[R_STALL_KINDS]):
        shown = 0
        for e in range(zoo[P_ENCLOSURES]):
            shown += zoo[P_STALLS + e * MAX_STALL_KINDS + kind]
        if shown > 0:
            components[C_STALLS] += S[R_STALL_KIND_POINTS]
        if zoo[P_BARN + STALL_BASE + kind] > 0:
            components[C_BARN_STALLS] -= S[R_BARN_PENALTY]
    for s in range(S[R_SPECIES]):
        if species_group(zoo, P_BARN + 4 * s) > 0:
            components[C_BARN_ANIMALS] -= S[R_BARN_PENALTY]
    total = 0
    for k in range(N_COMPONENTS):
        total += components[k]
    return total


@njit(cache=True, _nrt=False)
def barn_tiles(S, p):
    barn = S[player_at(p) + P_BARN:player_at(p) + P_BARN + STALL_BASE + S[R_STALL_KINDS]]  # a view: no index checks
    n = 0
    for code in range(barn.size):
        n += barn[code]
    return n


# ---- setup (PROTOCOL section 3) ----------------------------------------------------------------
@njit(cache=True, _nrt=False)
def reset_state(S, R):
    """A new game: the packed rules R copied into S, everything else empty; the log settings are kept."""
    recording = S[H_RECORDING]
    capacity = S[H_TRACE_CAPACITY]
    for k in range(STATE_SIZE):
        S[k] = 0
    for k in range(R_SIZE):
        S[k] = R[k]
    S[H_RECORDING] = recording
    S[H_TRACE_CAPACITY] = capacity
    players = S[R_PLAYERS]
    for t in range(MAX_TRUCKS):
        S[T_TAKEN_BY + t] = -1
        S[T_CAPACITY + t] = S[R_TRUCK_CAPACITY + t] if t < S[R_TRUCKS] else 0
    for k in range(MAX_TRUCKS * MAX_TRUCK_CAPACITY):
        S[T_TILES + k] = -1
    for p in range(players):
        at = player_at(p)
        S[at + P_ENCLOSURES] = S[R_BASE_ENCLOSURES]
        for e in range(MAX_ENCLOSURES):
            S[at + P_SPECIES + e] = -1
