"""Zooloretto's money actions (spec 5) and the canonical list of turn options (PROTOCOL section 8).

Each action is one function under its own name, working on the state array of `state.py`;
`money_cells` lists the cells an action can change, so policies can make and unmake it.
"""
from __future__ import annotations

from numba import njit

from zoosim.games.family import engine as F
from zoosim.games.zooloretto.engine.state import (
    BARN_DEST, DEST_FIELD_BARN, EV_DISCARD, EV_EXCHANGE, EV_EXPAND, EV_MOVE, EV_PURCHASE, EXCHANGE_BARN,
    H_BANK, H_BARN_CHANGES, MOVE_BARN_ANIMAL, MOVE_BARN_STALL, MOVE_STALL, OPT_DISCARD, OPT_EXCHANGE, OPT_EXPAND,
    OPT_MOVE, OPT_PURCHASE, OUT, P_BARN, P_COINS, P_COUNT, P_ENCLOSURES, P_EXPANSIONS, P_FEMALE,
    P_MALE, P_MONEY_ACTIONS, P_OFFSPRING, P_OFFSPRING_BORN, P_SPECIES, P_STALL_COUNT, P_STALLS, SUPPLY,
    T_COUNT, T_TAKEN_BY, add_to_enclosure, barn_species_count, breed, can_draw, can_take_animal, can_take_stall, emit,
    field_dest, is_legal_destination, option, option_fields, option_kind, place_animal, place_stall,
    place_tile, placement_cells, player_at, spaces_of,
)
from zoosim.games.zooloretto.rules import (
    FEMALE, MALE, MAX_STALL_KINDS, OFFSPRING, R_DISCARD_COST, R_EXCHANGE_COST, R_EXCHANGE_INTO_EMPTY,
    R_EXPAND_COST, R_MAX_EXPANSIONS, R_MOVE_COST, R_MOVE_STALL_TO_BARN, R_PLAYERS, R_PURCHASE_COST,
    R_PURCHASE_PRICE, R_SPECIES, R_STALL_KINDS, R_TRUCKS, STALL_BASE,
)


# ---- money actions (spec 5) --------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def pay_bank(S, p, amount):
    S[player_at(p) + P_COINS] -= amount
    S[H_BANK] += amount


@njit(cache=True, _nrt=False)
def move_action(S, p, sub, what, dest):
    """Move: a barn animal or stall into the zoo, or a stall to another enclosure's stall space."""
    at = player_at(p)
    pay_bank(S, p, S[R_MOVE_COST])
    if sub == MOVE_BARN_ANIMAL:
        S[at + P_BARN + what] -= 1
        S[H_BARN_CHANGES] += 1
        emit(S, EV_MOVE, p, what, BARN_DEST, dest, 0)
        place_animal(S, p, dest, what)
    elif sub == MOVE_BARN_STALL:
        S[at + P_BARN + STALL_BASE + what] -= 1
        S[H_BARN_CHANGES] += 1
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
            S[H_BARN_CHANGES] += 1
        else:
            place_stall(S, p, dest, kind)


@njit(cache=True, _nrt=False)
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
    S[H_BARN_CHANGES] += 1
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


@njit(cache=True, _nrt=False)
def purchase_action(S, p, seller, code, dest):
    """Purchase: any tile of another player's barn, paying the bank and the seller, placed by spec 4."""
    pay_bank(S, p, S[R_PURCHASE_COST])
    price = S[R_PURCHASE_PRICE]
    S[player_at(p) + P_COINS] -= price
    S[player_at(seller) + P_COINS] += price
    S[player_at(seller) + P_BARN + code] -= 1
    S[H_BARN_CHANGES] += 1
    emit(S, EV_PURCHASE, p, seller, code, dest, 0)
    place_tile(S, p, code, dest)


@njit(cache=True, _nrt=False)
def discard_action(S, p, code):
    """Discard: a tile of the own barn leaves the game."""
    pay_bank(S, p, S[R_DISCARD_COST])
    S[player_at(p) + P_BARN + code] -= 1
    S[H_BARN_CHANGES] += 1
    S[OUT + code] += 1
    emit(S, EV_DISCARD, p, code, 0, 0, 0)


@njit(cache=True, _nrt=False)
def expand_action(S, p):
    """Expand: one more enclosure (up to the limit for the player count)."""
    at = player_at(p)
    pay_bank(S, p, S[R_EXPAND_COST])
    e = S[at + P_ENCLOSURES]
    S[at + P_ENCLOSURES] = e + 1
    S[at + P_EXPANSIONS] += 1
    emit(S, EV_EXPAND, p, e, 0, 0, 0)


@njit(cache=True, _nrt=False)
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
@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False, inline="always")
def append_purchases(S, p, seller, code, out, n, to_barn):
    """The purchases of tile `code` from the seller's barn, if it holds one: each enclosure that can take
    it, in board order, then p's barn (if to_barn). Returns the new n."""
    if S[player_at(seller) + P_BARN + code] > 0:
        for e in range(S[player_at(p) + P_ENCLOSURES]):
            if is_legal_destination(S, p, code, e):
                out[n] = option(OPT_PURCHASE, seller, code, e)
                n += 1
        if to_barn:
            out[n] = option(OPT_PURCHASE, seller, code, DEST_FIELD_BARN)
            n += 1
    return n


@njit(cache=True, _nrt=False)
def list_moves_and_exchanges(S, p, out, n):
    """Append p's legal Moves, then Exchanges, to out[n:] in canonical order; return the new n."""
    at = player_at(p)
    coins = S[at + P_COINS]
    enclosures = S[at + P_ENCLOSURES]
    species_n = S[R_SPECIES]
    kinds = S[R_STALL_KINDS]
    if coins >= S[R_MOVE_COST]:
        for species in range(species_n):
            if barn_species_count(S, p, species) == 0:
                continue  # one test for a species' four codes: barns are mostly empty
            for code in range(4 * species, 4 * species + 4):
                if S[at + P_BARN + code] > 0:
                    for e in range(enclosures):
                        if can_take_animal(S, p, e, species):
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
    return n


@njit(cache=True, _nrt=False)
def list_purchases(S, p, out, n, distinct=False):
    """Append p's legal Purchases to out[n:] in canonical order; return the new n.

    distinct: only what can change p's zoo differently, for a valuation: each tile once, from the first
    seller in the order who holds it (p gets the same tile for the same price whoever sells it), and no
    purchases into the barn."""
    at = player_at(p)
    coins = S[at + P_COINS]
    species_n = S[R_SPECIES]
    kinds = S[R_STALL_KINDS]
    listed_animals = 0  # distinct: bit sets of the animal codes and stall kinds already offered
    listed_stalls = 0
    if coins >= S[R_PURCHASE_COST] + S[R_PURCHASE_PRICE]:
        for q in range(S[R_PLAYERS]):
            if q == p:
                continue
            for species in range(species_n):
                if barn_species_count(S, q, species) == 0:
                    continue
                for code in range(4 * species, 4 * species + 4):
                    if distinct:
                        if (listed_animals >> code) & 1 or S[player_at(q) + P_BARN + code] == 0:
                            continue
                        listed_animals |= 1 << code
                    n = append_purchases(S, p, q, code, out, n, not distinct)
            for kind in range(kinds):
                if distinct:
                    if (listed_stalls >> kind) & 1 or S[player_at(q) + P_BARN + STALL_BASE + kind] == 0:
                        continue
                    listed_stalls |= 1 << kind
                n = append_purchases(S, p, q, STALL_BASE + kind, out, n, not distinct)
    return n


@njit(cache=True, _nrt=False)
def list_discards_and_expand(S, p, out, n):
    """Append p's legal Discards, then Expand, to out[n:] in canonical order; return the new n."""
    at = player_at(p)
    coins = S[at + P_COINS]
    species_n = S[R_SPECIES]
    kinds = S[R_STALL_KINDS]
    if coins >= S[R_DISCARD_COST]:
        for species in range(species_n):
            if barn_species_count(S, p, species) == 0:
                continue
            for code in range(4 * species, 4 * species + 4):
                if S[at + P_BARN + code] > 0:
                    out[n] = option(OPT_DISCARD, 0, code, 0)
                    n += 1
        for code in range(STALL_BASE, STALL_BASE + kinds):
            if S[at + P_BARN + code] > 0:
                out[n] = option(OPT_DISCARD, 0, code, 0)
                n += 1
    if coins >= S[R_EXPAND_COST] and S[at + P_EXPANSIONS] < S[R_MAX_EXPANSIONS]:
        out[n] = option(OPT_EXPAND, 0, 0, 0)
        n += 1
    return n


@njit(cache=True, _nrt=False)
def list_money_options(S, p, out, n):
    """Append the legal money actions of player p to out[n:], in canonical order; return the new n."""
    n = list_moves_and_exchanges(S, p, out, n)
    n = list_purchases(S, p, out, n)
    return list_discards_and_expand(S, p, out, n)


@njit(cache=True, _nrt=False)
def any_money_option(S, p):
    """Whether player p could pay for any money action at all (a cheap test before listing them)."""
    coins = S[player_at(p) + P_COINS]
    return coins >= S[R_MOVE_COST] or coins >= S[R_EXCHANGE_COST] or coins >= S[R_DISCARD_COST] \
        or coins >= S[R_EXPAND_COST] or coins >= S[R_PURCHASE_COST] + S[R_PURCHASE_PRICE]


@njit(cache=True, _nrt=False)
def list_turn_options(S, p, out):
    """All legal turn options of player p in the canonical order; returns how many."""
    n = F.draw_and_take_options(S, can_draw(S), S[R_TRUCKS], T_COUNT, T_TAKEN_BY, out)
    return list_money_options(S, p, out, n)


@njit(cache=True, _nrt=False)
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
    cells[3] = H_BARN_CHANGES  # every action but Expand and a Stall move between enclosures can change a barn
    n = 4
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
