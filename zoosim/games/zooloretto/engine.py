"""Zooloretto's rules as numba primitives on one flat int64 state array.

The whole public state of a game is `S` (one int64 array, offsets below); the hidden stack order is a
separate array `deck` that only the game loop (`play.py`) touches, so policies cannot read it. Helpers take
`S` and the packed rules `R` (see rules.pack) and small integers, so the hot loop passes few arrays
(NUMBA-NOTES: array arguments cost reference counting). Each rule of the spec has one function here,
named after it; `play.py` runs the rounds and `policies.py` makes the choices.
"""
from __future__ import annotations

from numba import njit

from zoosim.games.zooloretto.rules import (
    COIN, ENC_COINS, ENC_FULL, ENC_ONE_EMPTY, ENC_SPACES, ENC_STALLS, FEMALE, MALE, MAX_ENCLOSURES,
    MAX_PLAYERS, MAX_SPECIES, MAX_STALL_KINDS, MAX_TRUCK_CAPACITY, MAX_TRUCKS, N_CODES, OFFSPRING,
    R_BARN_PENALTY, R_BASE_ENCLOSURES, R_DISCARD_COST, R_ENCLOSURE, R_EXCHANGE_COST,
    R_EXCHANGE_INTO_EMPTY, R_EXPAND_COST, R_MAX_EXPANSIONS, R_MOVE_COST, R_MOVE_STALL_TO_BARN,
    R_PARTIAL_POINTS, R_PLAYERS, R_PURCHASE_COST, R_PURCHASE_PRICE, R_SPECIES, R_STALL_KIND_POINTS,
    R_SIZE, R_STALL_KINDS, R_TRUCK_CAPACITY, R_TRUCKS, STALL_BASE,
)

# ---- state layout -------------------------------------------------------------------------------
# S[0:R_SIZE] holds the packed rules (rules.pack), so every function needs S alone; then the header,
# trucks, supply, out-of-game tiles, one block per player; a recorded game's event log follows STATE_SIZE.
H_ROUND, H_TURNS, H_CURRENT, H_DRAW_PTR, H_MAIN_LEN, H_TOTAL, H_LAST_ROUND, H_BANK = range(R_SIZE, R_SIZE + 8)
(H_TRUCKS_TAKEN, H_GAME_OVER, H_COIN_TILES_TAKEN, H_START_PLAYER, H_TRACE_N, H_RECORDING,
 H_TRACE_CAPACITY) = range(R_SIZE + 8, R_SIZE + 15)
HEADER_SIZE = 16
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

BARN_DEST = -1
MONEY_DEST = -2

# ---- event log (PROTOCOL.md section 9) -----------------------------------------------------------
EV_DRAW, EV_TAKE, EV_PLACE, EV_BIRTH, EV_FILL, EV_MOVE, EV_EXCHANGE = 1, 2, 3, 4, 5, 6, 7
EV_PURCHASE, EV_DISCARD, EV_EXPAND, EV_LAST_ROUND, EV_ROUND_END = 8, 9, 10, 11, 12

# ---- turn options: kind << 24 | a << 16 | b << 8 | c; destination fields use 15 for the barn --------
OPT_DRAW, OPT_TAKE, OPT_MOVE, OPT_EXCHANGE, OPT_PURCHASE, OPT_DISCARD, OPT_EXPAND = 1, 2, 3, 4, 5, 6, 7
MOVE_BARN_ANIMAL, MOVE_BARN_STALL, MOVE_STALL = 0, 1, 2
DEST_FIELD_BARN = 15
EXCHANGE_BARN = 100
MAX_OPTIONS = 4096


@njit(cache=True, inline="always")
def option(kind, a, b, c):
    return (kind << 24) | (a << 16) | (b << 8) | c


@njit(cache=True, inline="always")
def option_kind(opt):
    return opt >> 24


@njit(cache=True, inline="always")
def option_fields(opt):
    return (opt >> 16) & 255, (opt >> 8) & 255, opt & 255


@njit(cache=True, inline="always")
def dest_field(dest):
    return DEST_FIELD_BARN if dest < 0 else dest


@njit(cache=True, inline="always")
def field_dest(field):
    return BARN_DEST if field == DEST_FIELD_BARN else field


@njit(cache=True, inline="always")
def player_at(p):
    return PLAYERS_AT + p * P_SIZE


@njit(cache=True)
def emit(S, kind, player, a, b, c, d):
    """Append one event row to the log after STATE_SIZE if the game is being recorded.

    Policies mute the log (H_RECORDING = 0) while they make and unmake moves to value them.
    """
    n = S[H_TRACE_N]
    if S[H_RECORDING] != 0 and n < S[H_TRACE_CAPACITY]:
        at = STATE_SIZE + 6 * n
        S[at] = kind
        S[at + 1] = player
        S[at + 2] = a
        S[at + 3] = b
        S[at + 4] = c
        S[at + 5] = d
        S[H_TRACE_N] = n + 1


# ---- the board ------------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def spaces_of(S, e):
    return S[R_ENCLOSURE + 5 * e + ENC_SPACES]


@njit(cache=True, inline="always")
def stall_spaces_of(S, e):
    return S[R_ENCLOSURE + 5 * e + ENC_STALLS]


@njit(cache=True, inline="always")
def can_take_animal(S, p, e, species):
    """Spec 4: an empty animal space of an enclosure that is empty or holds the same species."""
    at = player_at(p)
    enclosure_species = S[at + P_SPECIES + e]
    return S[at + P_COUNT + e] < spaces_of(S, e) and (enclosure_species < 0 or enclosure_species == species)


@njit(cache=True, inline="always")
def can_take_stall(S, p, e):
    """Spec 4: a stall goes on an empty stall space of the enclosure's own."""
    return S[player_at(p) + P_STALL_COUNT + e] < stall_spaces_of(S, e)


# ---- placing, fill coins and breeding ------------------------------------------------------------
@njit(cache=True)
def pay_fill_coins(S, p, e):
    """Spec 4: taking an enclosure's last animal space pays its coins, every time, as far as the bank goes."""
    coins = S[R_ENCLOSURE + 5 * e + ENC_COINS]
    if coins > S[H_BANK]:
        coins = S[H_BANK]
    S[H_BANK] -= coins
    S[player_at(p) + P_COINS] += coins
    emit(S, EV_FILL, p, e, coins, 0, 0)


@njit(cache=True)
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


@njit(cache=True)
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
            emit(S, EV_BIRTH, p, species, e, BARN_DEST, 0)
    return births


@njit(cache=True)
def place_animal(S, p, e, code):
    """An animal enters an enclosure from a truck, a Move or a Purchase: fill coins, then breeding."""
    add_to_enclosure(S, p, e, code)
    if S[player_at(p) + P_COUNT + e] == spaces_of(S, e):
        pay_fill_coins(S, p, e)
    breed(S, p, e, True)


@njit(cache=True, inline="always")
def place_stall(S, p, e, kind):
    at = player_at(p)
    S[at + P_STALL_COUNT + e] += 1
    S[at + P_STALLS + e * MAX_STALL_KINDS + kind] += 1


@njit(cache=True)
def place_tile(S, p, code, dest):
    """Spec 4: put one tile from a truck (or a Purchase) at `dest` (enclosure, barn, or money for coins)."""
    if code == COIN:
        S[player_at(p) + P_COINS] += 1
        S[H_COIN_TILES_TAKEN] += 1
        return
    if dest < 0:
        S[player_at(p) + P_BARN + code] += 1
    elif code >= STALL_BASE:
        place_stall(S, p, dest, code - STALL_BASE)
    else:
        place_animal(S, p, dest, code)


UNDO_CELLS = 32


@njit(cache=True)
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
        return 1
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
    return 10


@njit(cache=True)
def money_cells(S, p, opt, cells):
    """The state cells `apply_money_option(p, opt)` can change; returns how many were written.

    Like placement_cells, it lets a policy make and unmake a money action on the live state.
    """
    at = player_at(p)
    kind = option_kind(opt)
    a, b, c = option_fields(opt)
    cells[0] = at + P_COINS
    cells[1] = H_BANK
    cells[2] = at + P_MONEY_ACTIONS
    n = 3
    if kind == OPT_MOVE:
        dest = field_dest(c)
        if a == MOVE_BARN_ANIMAL:
            cells[n] = at + P_BARN + b
            return n + 1 + placement_cells(p, b, dest, cells[n + 1:])
        if a == MOVE_BARN_STALL:
            cells[n] = at + P_BARN + STALL_BASE + b
            return n + 1 + placement_cells(p, STALL_BASE + b, dest, cells[n + 1:])
        source = b // MAX_STALL_KINDS
        kind_moved = b % MAX_STALL_KINDS
        cells[n] = at + P_STALL_COUNT + source
        cells[n + 1] = at + P_STALLS + source * MAX_STALL_KINDS + kind_moved
        if dest < 0:
            cells[n + 2] = at + P_BARN + STALL_BASE + kind_moved
            return n + 3
        return n + 2 + placement_cells(p, STALL_BASE + kind_moved, dest, cells[n + 2:])
    if kind == OPT_EXCHANGE:
        for e in (a, b):
            if e >= EXCHANGE_BARN:
                continue
            for field in (P_SPECIES, P_COUNT, P_MALE, P_FEMALE, P_OFFSPRING):
                cells[n] = at + field + e
                n += 1
        cells[n] = at + P_OFFSPRING_BORN
        n += 1
        for species in (S[at + P_SPECIES + a], b - EXCHANGE_BARN if b >= EXCHANGE_BARN else S[at + P_SPECIES + b]):
            if species < 0:
                continue
            cells[n] = SUPPLY + species
            n += 1
            for klass in range(4):
                cells[n] = at + P_BARN + 4 * species + klass
                n += 1
        return n
    if kind == OPT_PURCHASE:
        seller_at = player_at(a)
        cells[n] = seller_at + P_COINS
        cells[n + 1] = seller_at + P_BARN + b
        return n + 2 + placement_cells(p, b, field_dest(c), cells[n + 2:])
    if kind == OPT_DISCARD:
        cells[n] = at + P_BARN + b
        cells[n + 1] = OUT + b
        return n + 2
    cells[n] = at + P_ENCLOSURES
    cells[n + 1] = at + P_EXPANSIONS
    return n + 2


@njit(cache=True)
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


# ---- money actions (spec 5) --------------------------------------------------------------------
@njit(cache=True, inline="always")
def pay_bank(S, p, amount):
    S[player_at(p) + P_COINS] -= amount
    S[H_BANK] += amount


@njit(cache=True)
def move_action(S, p, sub, what, dest):
    """Move: a barn animal or stall into the zoo, or a stall to another enclosure's stall space."""
    at = player_at(p)
    pay_bank(S, p, S[R_MOVE_COST])
    if sub == MOVE_BARN_ANIMAL:
        S[at + P_BARN + what] -= 1
        emit(S, EV_MOVE, p, what, BARN_DEST, dest, 0)
        place_animal(S, p, dest, what)
    elif sub == MOVE_BARN_STALL:
        S[at + P_BARN + STALL_BASE + what] -= 1
        emit(S, EV_MOVE, p, STALL_BASE + what, BARN_DEST, dest, 0)
        place_stall(S, p, dest, what)
    else:
        source = what // MAX_STALL_KINDS
        kind = what % MAX_STALL_KINDS
        S[at + P_STALL_COUNT + source] -= 1
        S[at + P_STALLS + source * MAX_STALL_KINDS + kind] -= 1
        emit(S, EV_MOVE, p, STALL_BASE + kind, source, dest, 0)
        if dest < 0:
            S[at + P_BARN + STALL_BASE + kind] += 1
        else:
            place_stall(S, p, dest, kind)


@njit(cache=True)
def exchange_action(S, p, i, other):
    """Exchange: swap all animals of enclosure i with enclosure `other`, or with one barn species
    (other = EXCHANGE_BARN + species). Stalls stay; breeding follows; no fill coins."""
    at = player_at(p)
    pay_bank(S, p, S[R_EXCHANGE_COST])
    emit(S, EV_EXCHANGE, p, i, other, 0, 0)
    if other < EXCHANGE_BARN:
        for field in (P_SPECIES, P_COUNT, P_MALE, P_FEMALE, P_OFFSPRING):
            held = S[at + field + i]
            S[at + field + i] = S[at + field + other]
            S[at + field + other] = held
        breed(S, p, i, False)
        breed(S, p, other, False)
        return
    barn_species = other - EXCHANGE_BARN
    species = S[at + P_SPECIES + i]
    count = S[at + P_COUNT + i]
    male = S[at + P_MALE + i]
    female = S[at + P_FEMALE + i]
    offspring = S[at + P_OFFSPRING + i]
    S[at + P_SPECIES + i] = -1
    S[at + P_COUNT + i] = 0
    S[at + P_MALE + i] = 0
    S[at + P_FEMALE + i] = 0
    S[at + P_OFFSPRING + i] = 0
    for klass in range(4):
        code = 4 * barn_species + klass
        n = S[at + P_BARN + code]
        S[at + P_BARN + code] = 0
        for _ in range(n):
            add_to_enclosure(S, p, i, code)
    if count > 0:
        S[at + P_BARN + 4 * species + MALE] += male
        S[at + P_BARN + 4 * species + FEMALE] += female
        S[at + P_BARN + 4 * species + OFFSPRING] += offspring
        S[at + P_BARN + 4 * species] += count - male - female - offspring
    breed(S, p, i, False)


@njit(cache=True)
def purchase_action(S, p, seller, code, dest):
    """Purchase: any tile of another player's barn, paying the bank and the seller, placed by spec 4."""
    pay_bank(S, p, S[R_PURCHASE_COST])
    price = S[R_PURCHASE_PRICE]
    S[player_at(p) + P_COINS] -= price
    S[player_at(seller) + P_COINS] += price
    S[player_at(seller) + P_BARN + code] -= 1
    emit(S, EV_PURCHASE, p, seller, code, dest, 0)
    place_tile(S, p, code, dest)


@njit(cache=True)
def discard_action(S, p, code):
    """Discard: a tile of the own barn leaves the game."""
    pay_bank(S, p, S[R_DISCARD_COST])
    S[player_at(p) + P_BARN + code] -= 1
    S[OUT + code] += 1
    emit(S, EV_DISCARD, p, code, 0, 0, 0)


@njit(cache=True)
def expand_action(S, p):
    """Expand: one more enclosure (up to the limit for the player count)."""
    at = player_at(p)
    pay_bank(S, p, S[R_EXPAND_COST])
    e = S[at + P_ENCLOSURES]
    S[at + P_ENCLOSURES] = e + 1
    S[at + P_EXPANSIONS] += 1
    emit(S, EV_EXPAND, p, e, 0, 0, 0)


@njit(cache=True)
def apply_money_option(S, p, opt):
    kind = option_kind(opt)
    a, b, c = option_fields(opt)
    S[player_at(p) + P_MONEY_ACTIONS] += 1
    if kind == OPT_MOVE:
        move_action(S, p, a, b, field_dest(c))
    elif kind == OPT_EXCHANGE:
        exchange_action(S, p, a, b)
    elif kind == OPT_PURCHASE:
        purchase_action(S, p, a, b, field_dest(c))
    elif kind == OPT_DISCARD:
        discard_action(S, p, b)
    else:
        expand_action(S, p)


# ---- the canonical list of turn options (PROTOCOL section 8) --------------------------------------
@njit(cache=True)
def can_draw(S):
    if S[H_DRAW_PTR] >= S[H_TOTAL]:
        return False
    for t in range(S[R_TRUCKS]):
        if S[T_TAKEN_BY + t] < 0 and S[T_COUNT + t] < S[T_CAPACITY + t]:
            return True
    return False


@njit(cache=True)
def exchange_fits(S, p, i, j, into_empty):
    at = player_at(p)
    ci = S[at + P_COUNT + i]
    cj = S[at + P_COUNT + j]
    if ci == 0 and cj == 0:
        return False
    if (ci == 0 or cj == 0) and not into_empty:
        return False
    if ci > 0 and cj > 0 and S[at + P_SPECIES + i] == S[at + P_SPECIES + j]:
        return False
    return ci <= spaces_of(S, j) and cj <= spaces_of(S, i)


@njit(cache=True)
def barn_species_count(S, p, species):
    at = player_at(p) + P_BARN + 4 * species
    return S[at] + S[at + 1] + S[at + 2] + S[at + 3]


@njit(cache=True)
def list_money_options(S, p, out, n):
    """Append the legal money actions of player p to out[n:], in canonical order; return the new n."""
    at = player_at(p)
    coins = S[at + P_COINS]
    enclosures = S[at + P_ENCLOSURES]
    species_n = S[R_SPECIES]
    kinds = S[R_STALL_KINDS]
    if coins >= S[R_MOVE_COST]:
        for code in range(4 * species_n):
            if S[at + P_BARN + code] > 0:
                for e in range(enclosures):
                    if can_take_animal(S, p, e, code >> 2):
                        out[n] = option(OPT_MOVE, MOVE_BARN_ANIMAL, code, e)
                        n += 1
        for kind in range(kinds):
            if S[at + P_BARN + STALL_BASE + kind] > 0:
                for e in range(enclosures):
                    if can_take_stall(S, p, e):
                        out[n] = option(OPT_MOVE, MOVE_BARN_STALL, kind, e)
                        n += 1
        for e in range(enclosures):
            for kind in range(kinds):
                if S[at + P_STALLS + e * MAX_STALL_KINDS + kind] > 0:
                    for f in range(enclosures):
                        if f != e and can_take_stall(S, p, f):
                            out[n] = option(OPT_MOVE, MOVE_STALL, e * MAX_STALL_KINDS + kind, f)
                            n += 1
                    if S[R_MOVE_STALL_TO_BARN] != 0:
                        out[n] = option(OPT_MOVE, MOVE_STALL, e * MAX_STALL_KINDS + kind, DEST_FIELD_BARN)
                        n += 1
    if coins >= S[R_EXCHANGE_COST]:
        into_empty = S[R_EXCHANGE_INTO_EMPTY] != 0
        for i in range(enclosures):
            for j in range(i + 1, enclosures):
                if exchange_fits(S, p, i, j, into_empty):
                    out[n] = option(OPT_EXCHANGE, i, j, 0)
                    n += 1
        for i in range(enclosures):
            count = S[at + P_COUNT + i]
            if count == 0 and not into_empty:
                continue
            for s in range(species_n):
                group = barn_species_count(S, p, s)
                if group > 0 and group <= spaces_of(S, i) and (count == 0 or S[at + P_SPECIES + i] != s):
                    out[n] = option(OPT_EXCHANGE, i, EXCHANGE_BARN + s, 0)
                    n += 1
    if coins >= S[R_PURCHASE_COST] + S[R_PURCHASE_PRICE]:
        for q in range(S[R_PLAYERS]):
            if q == p:
                continue
            seller_at = player_at(q)
            for code in range(STALL_BASE + kinds):
                if code >= 4 * species_n and code < STALL_BASE:
                    continue
                if S[seller_at + P_BARN + code] > 0:
                    for e in range(enclosures):
                        if is_legal_destination(S, p, code, e):
                            out[n] = option(OPT_PURCHASE, q, code, e)
                            n += 1
                    out[n] = option(OPT_PURCHASE, q, code, DEST_FIELD_BARN)
                    n += 1
    if coins >= S[R_DISCARD_COST]:
        for code in range(STALL_BASE + kinds):
            if code >= 4 * species_n and code < STALL_BASE:
                continue
            if S[at + P_BARN + code] > 0:
                out[n] = option(OPT_DISCARD, 0, code, 0)
                n += 1
    if coins >= S[R_EXPAND_COST] and S[at + P_EXPANSIONS] < S[R_MAX_EXPANSIONS]:
        out[n] = option(OPT_EXPAND, 0, 0, 0)
        n += 1
    return n


@njit(cache=True)
def any_money_option(S, p):
    """Whether player p could pay for any money action at all (a cheap test before listing them)."""
    coins = S[player_at(p) + P_COINS]
    return coins >= S[R_MOVE_COST] or coins >= S[R_EXCHANGE_COST] or coins >= S[R_DISCARD_COST] \
        or coins >= S[R_EXPAND_COST] or coins >= S[R_PURCHASE_COST] + S[R_PURCHASE_PRICE]


@njit(cache=True)
def list_turn_options(S, p, out):
    """All legal turn options of player p in the canonical order; returns how many."""
    n = 0
    if can_draw(S):
        out[n] = option(OPT_DRAW, 0, 0, 0)
        n += 1
    for t in range(S[R_TRUCKS]):
        if S[T_TAKEN_BY + t] < 0 and S[T_COUNT + t] > 0:
            out[n] = option(OPT_TAKE, t, 0, 0)
            n += 1
    return list_money_options(S, p, out, n)


# ---- scoring (spec 7) ----------------------------------------------------------------------------
N_COMPONENTS = 6
C_FULL, C_ONE_SHORT, C_PARTIAL, C_STALLS, C_BARN_ANIMALS, C_BARN_STALLS = range(N_COMPONENTS)


@njit(cache=True, inline="always")
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


@njit(cache=True)
def enclosure_points(S, p, e):
    at = player_at(p)
    row = R_ENCLOSURE + 5 * e
    return enclosure_value(S[at + P_COUNT + e], S[row + ENC_SPACES], S[row + ENC_FULL], S[row + ENC_ONE_EMPTY],
                           S[at + P_STALL_COUNT + e] > 0, S[R_PARTIAL_POINTS])


@njit(cache=True)
def score_player(S, p, components):
    """Fill `components` (N_COMPONENTS) for player p and return the total score."""
    at = player_at(p)
    for k in range(N_COMPONENTS):
        components[k] = 0
    for e in range(S[at + P_ENCLOSURES]):
        which, points = enclosure_points(S, p, e)
        components[which] += points
    for kind in range(S[R_STALL_KINDS]):
        shown = 0
        for e in range(S[at + P_ENCLOSURES]):
            shown += S[at + P_STALLS + e * MAX_STALL_KINDS + kind]
        if shown > 0:
            components[C_STALLS] += S[R_STALL_KIND_POINTS]
        if S[at + P_BARN + STALL_BASE + kind] > 0:
            components[C_BARN_STALLS] -= S[R_BARN_PENALTY]
    for s in range(S[R_SPECIES]):
        if barn_species_count(S, p, s) > 0:
            components[C_BARN_ANIMALS] -= S[R_BARN_PENALTY]
    total = 0
    for k in range(N_COMPONENTS):
        total += components[k]
    return total


@njit(cache=True)
def barn_tiles(S, p):
    at = player_at(p)
    n = 0
    for code in range(STALL_BASE + S[R_STALL_KINDS]):
        n += S[at + P_BARN + code]
    return n


# ---- setup (PROTOCOL section 3) ----------------------------------------------------------------
@njit(cache=True)
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
