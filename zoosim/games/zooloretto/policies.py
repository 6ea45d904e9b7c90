"""Zooloretto's scripted policies, in numba.

A policy sees the public state `S` only (zoos, barns, trucks, coins, how many tiles are left); the stack
order lives in `deck`, which is never passed here. Policies value a candidate move by making it with
the engine's own functions and unmaking it (engine.placement_cells, money.money_cells), so they never
re-implement a rule.

- `uniform` (id 0): spec section 11, the measuring stick. Written inline in play.py for speed; its
  placement draw is `uniform_destination` below.
- `random` (id 1): uniform over every legal turn option (money actions included), PROTOCOL section 8.
- `greedy` (id 2): the option that most raises (score if the game ended now + coin_value x coins);
  coin_value = 1. Draws when nothing raises it; places each tile where that value is highest.
- `heuristic` (id 3): values a zoo by its projected worth, not just its current score, with weights.
- `lookahead` (id 4): rollouts of `heuristic` games from each candidate turn, in lookahead.py.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.bits import bit_count, nth_bit
from zoosim.core.rng import below
from zoosim.games.zooloretto import engine as E
from zoosim.games.zooloretto import money as M
from zoosim.games.zooloretto.engine import (
    H_BANK, H_LAST_ROUND, H_RECORDING, H_ROUND, H_ROUND_START_DRAW, H_TOTAL, H_TRUCKS_TAKEN, P_BARN, P_COINS, P_COUNT,
    P_ENCLOSURES, P_FEMALE, P_MALE, P_MONEY_ACTIONS, P_SPECIES, P_STALL_COUNT, P_STALLS, SUPPLY, T_CAPACITY, T_COUNT,
    T_TAKEN_BY, T_TILES, player_at,
)
from zoosim.games.zooloretto.rules import (
    COIN, ENC_COINS, ENC_FULL, ENC_ONE_EMPTY, ENC_SPACES, MAX_ENCLOSURES, MAX_PLAYERS, MAX_STALL_KINDS, MAX_TRUCK_CAPACITY, MAX_TRUCKS, R_BARN_PENALTY,
    R_DISCARD_COST, R_ENCLOSURE, R_EXCHANGE_COST, R_MOVE_COST, R_PARTIAL_POINTS, R_PLAYERS, R_SPECIES, R_STALL_KIND_POINTS, R_STALL_KINDS, R_TRUCKS, STALL_BASE,
)

UNIFORM, RANDOM, GREEDY, HEURISTIC = 0, 1, 2, 3
LOOKAHEAD = 4  # lookahead.py: rollouts of heuristic games; play.py plays its turns apart

# heuristic parameters (indices into its parameter vector)
HP_COIN_VALUE, HP_BARN_WEIGHT, HP_COMMITMENT, HP_TAKE_THRESHOLD, HP_MONEY_THRESHOLD, HP_EXPAND_VALUE, \
    HP_PAIR_VALUE = range(7)
GREEDY_COIN_VALUE = 1.0
LEVEL = 2 * 32 + 1  # cells per undo record in the chain buffer (a count, cells, old values)
NO_CHOICE = -1.0e18
UNKNOWN = 1.0e18  # known_money_gain: no plain answer, make the action to value it
KNOWN_SLACK = 1.0e-9  # known_money_gain and money_option_gain sum the same parts in different orders


@njit(cache=True, _nrt=False, inline="always")
def uniform_destination(S, rng, p, code):
    """Spec 11.3: one of [each enclosure that can take the tile, in board order] + [barn], uniformly."""
    if code == COIN:
        return E.MONEY_DEST
    at = player_at(p)
    legal = 0  # a bit set of the enclosures that can take the tile
    if code >= STALL_BASE:
        for e in range(S[at + P_ENCLOSURES]):
            legal |= int(E.can_take_stall(S, p, e)) << e
    else:
        for e in range(S[at + P_ENCLOSURES]):
            legal |= int(E.can_take_animal(S, p, e, code >> 2)) << e
    # the k-th legal enclosure; k == the number of them is the barn (nth_bit's -1 is BARN_DEST)
    return nth_bit(legal, below(rng, bit_count(legal) + 1))


# ---- policy memory --------------------------------------------------------------------------------
# Valuations are cached in a float64 array per thread, keyed by what they depend on. A player's zoo
# changes only by its own take or money action (after a take it sits the round out) or a purchase from
# its barn (a money action); its valuations also read the offspring supply (births), the bank (fill coins:
# no valuation can be paid more than every enclosure's fill coins, so the bank counts only up to that)
# and the heuristic's horizon, the share of tiles left when the round began. So truck values are kept
# while (round, last round, money actions, bank up to the fill coins, supply) stay the same, and until
# a tile is loaded on the truck; Purchases also see the other barns, so they are kept only while no
# truck is taken either. The cache gives exactly what recomputing would.
M_KEY, M_LEFT, M_BARNS, M_ROUND, M_FILL_COINS, M_PLAN_OF, M_PLAN_KEY, M_PLAN_ACTIVE = range(8)
PLAN_SIZE = MAX_TRUCK_CAPACITY + 1
M_PLAN = 8  # the placements planned for the truck being taken (decide_turn -> decide_placement)
M_TRUCKS = M_PLAN + PLAN_SIZE  # per (player, truck): gain of taking it, tile count + 1 if known
M_MONEY = M_TRUCKS + 2 * MAX_PLAYERS * MAX_TRUCKS  # per player and part: best money option, its gain, known
M_PLANS = M_MONEY + 9 * MAX_PLAYERS  # per (player, truck): the placements truck_gain made
MEMORY_SIZE = M_PLANS + PLAN_SIZE * MAX_PLAYERS * MAX_TRUCKS


@njit(cache=True, _nrt=False)
def refresh_memory(memory, S):
    round_key = float(S[H_ROUND] * 2 + S[H_LAST_ROUND] + 1)
    if memory[M_ROUND] != round_key:
        memory[M_ROUND] = round_key
        memory[M_LEFT] = 0.0
        if S[H_LAST_ROUND] == 0:
            memory[M_LEFT] = (S[H_TOTAL] - S[H_ROUND_START_DRAW]) / max(S[H_TOTAL], 1)
    money = 0
    for q in range(S[R_PLAYERS]):
        money += S[player_at(q) + P_MONEY_ACTIONS]
    barns = S[H_TRUCKS_TAKEN]  # barns change only when a truck is taken (or by money actions)
    supply = 0
    for species in range(S[R_SPECIES]):
        supply += S[SUPPLY + species]
    if memory[M_FILL_COINS] < 1.0:  # once a game (a new game's memory is all -1): fill coins + 1
        fill_coins = 1
        for e in range(MAX_ENCLOSURES):
            fill_coins += S[R_ENCLOSURE + 5 * e + ENC_COINS]
        memory[M_FILL_COINS] = fill_coins
    bank = min(float(S[H_BANK]), memory[M_FILL_COINS] - 1.0)
    key = ((round_key * 4096 + money) * 65536 + bank) * 4096 + supply  # exact: below 2 ** 53
    if memory[M_KEY] != key:
        memory[M_TRUCKS:] = 0.0
        memory[M_KEY] = key
    if memory[M_BARNS] != barns:
        memory[M_BARNS] = barns
        for p in range(MAX_PLAYERS):
            memory[M_MONEY + 9 * p + 5] = 0.0  # the Purchases part of the money cache


# ---- valuing a zoo -------------------------------------------------------------------------------
# A zoo's value is a sum of parts (enclosures, stall kinds, barn species, coins), so the change a
# placement makes is the change of the few parts it touches: `placement_gain` values a placement by
# making it on the live state, reading those parts, and unmaking it (engine.placement_cells).
@njit(cache=True, _nrt=False, inline="always")
def group_part(policy, params, S, e, species, count, male, female, has_stall, left):
    """Spec 7 points of a group of `count` animals (`male`, `female` unused fertile ones) in enclosure e;
    the heuristic credits a partly filled enclosure with at least commitment x left x its full value x its
    filling, and an unpaired fertile animal with pair_value x left."""
    row = R_ENCLOSURE + 5 * e
    spaces = S[row + ENC_SPACES]
    _which, points = E.enclosure_value(count, spaces, S[row + ENC_FULL], S[row + ENC_ONE_EMPTY], has_stall,
                                       S[R_PARTIAL_POINTS])
    if policy != HEURISTIC or left == 0.0:
        return float(points)
    value = float(points)
    if 0 < count < spaces - 1:
        projected = params[HP_COMMITMENT] * left * S[row + ENC_FULL] * count / spaces
        if projected > value:
            value = projected
        if S[SUPPLY + species] > 0 and (male > 0 or female > 0):
            value += params[HP_PAIR_VALUE] * left
    return value


@njit(cache=True, _nrt=False)
def enclosure_part(policy, params, S, p, e, left):
    """group_part of what p's enclosure e holds."""
    at = player_at(p)
    return group_part(policy, params, S, e, S[at + P_SPECIES + e], S[at + P_COUNT + e], S[at + P_MALE + e],
                      S[at + P_FEMALE + e], S[at + P_STALL_COUNT + e] > 0, left)


@njit(cache=True, _nrt=False, inline="always")
def barn_weight(policy, params):
    return params[HP_BARN_WEIGHT] if policy == HEURISTIC else 1.0


@njit(cache=True, _nrt=False, inline="always")
def stall_kind_part(policy, params, S, p, kind):
    """Points for showing stall kind `kind` on a stall space, less its barn penalty (weighted)."""
    at = player_at(p)
    value = 0.0
    for e in range(S[at + P_ENCLOSURES]):
        if S[at + P_STALLS + e * MAX_STALL_KINDS + kind] > 0:
            value = float(S[R_STALL_KIND_POINTS])
            break
    if S[at + P_BARN + STALL_BASE + kind] > 0:
        value -= barn_weight(policy, params) * S[R_BARN_PENALTY]
    return value


@njit(cache=True, _nrt=False, inline="always")
def species_part(policy, params, S, p, species):
    """The barn penalty for holding `species` in the barn (weighted)."""
    if E.barn_species_count(S, p, species) > 0:
        return -barn_weight(policy, params) * S[R_BARN_PENALTY]
    return 0.0


@njit(cache=True, _nrt=False, inline="always")
def coin_part(policy, params, S, p):
    coin_value = params[HP_COIN_VALUE] if policy == HEURISTIC else GREEDY_COIN_VALUE
    return coin_value * S[player_at(p) + P_COINS]


@njit(cache=True, _nrt=False)
def zoo_value(policy, params, S, p, left):
    """What the policy thinks player p's zoo is worth: greedy, its score plus one point per coin;
    heuristic, the same with barn penalties x barn_weight, coins x coin_value and projected enclosures."""
    value = coin_part(policy, params, S, p)
    for e in range(S[player_at(p) + P_ENCLOSURES]):
        value += enclosure_part(policy, params, S, p, e, left)
    for kind in range(S[R_STALL_KINDS]):
        value += stall_kind_part(policy, params, S, p, kind)
    for species in range(S[R_SPECIES]):
        value += species_part(policy, params, S, p, species)
    return value


@njit(cache=True, _nrt=False, inline="always")
def touched_value(policy, params, S, p, code, dest, left):
    """The parts of p's value that placing `code` at `dest` can change."""
    if code == COIN:
        return coin_part(policy, params, S, p)
    if code >= STALL_BASE:
        value = stall_kind_part(policy, params, S, p, code - STALL_BASE)
        if dest >= 0:
            value += enclosure_part(policy, params, S, p, dest, left)
        return value
    species = code >> 2
    value = species_part(policy, params, S, p, species)
    if dest < 0:
        return value
    at = player_at(p)
    value += coin_part(policy, params, S, p)
    for e in range(S[at + P_ENCLOSURES]):
        if e == dest or S[at + P_SPECIES + e] == species:
            value += enclosure_part(policy, params, S, p, e, left)
    return value


@njit(cache=True, _nrt=False, inline="always")
def placement_gain(policy, params, S, p, code, dest, left, undo):
    """How much placing `code` at `dest` (fill coins and births included) changes p's value."""
    before = touched_value(policy, params, S, p, code, dest, left)
    n = make_placement(S, p, code, dest, undo)
    after = touched_value(policy, params, S, p, code, dest, left)
    unmake_placement(S, undo, n)
    return after - before


@njit(cache=True, _nrt=False, inline="always")
def make_placement(S, p, code, dest, undo):
    """Place a tile on the live state, keeping in `undo` (cells, then their old values) what it changes."""
    n = E.placement_cells(p, code, dest, undo)
    for k in range(n):
        undo[E.UNDO_CELLS + k] = S[undo[k]]
    E.place_tile(S, p, code, dest)
    return n


@njit(cache=True, _nrt=False, inline="always")
def unmake_placement(S, undo, n):
    for k in range(n - 1, -1, -1):
        S[undo[k]] = undo[E.UNDO_CELLS + k]


@njit(cache=True, _nrt=False)
def best_placement(policy, params, S, p, codes, n, left, undo):
    """The (index into codes, destination) whose placement raises p's value most, and that gain.

    Candidates in order: tiles as listed, destinations in board order then the barn; the first best wins.
    """
    best_gain = NO_CHOICE
    best = -1
    best_dest = E.BARN_DEST
    enclosures = S[player_at(p) + P_ENCLOSURES]
    for i in range(n):
        code = codes[i]
        if code < 0:
            continue
        dests = 1 if code == COIN else enclosures + 1
        for d in range(dests):
            dest = E.MONEY_DEST if code == COIN else (d if d < enclosures else E.BARN_DEST)
            if dest >= 0 and not E.is_legal_destination(S, p, code, dest):
                continue
            gain = placement_gain(policy, params, S, p, code, dest, left, undo)
            if gain > best_gain:
                best_gain = gain
                best = i
                best_dest = dest
    return best, best_dest, best_gain


@njit(cache=True, _nrt=False)
def truck_gain(policy, params, S, p, t, extra, workspace, left, plan):
    """How much taking truck t (plus tile `extra` if >= 0) would raise p's value, placing as it would;
    plan[step] gets each placement as decide_placement returns it."""
    codes, trial_undo, chain, _money = workspace_views(workspace)
    n = S[T_COUNT + t]
    for k in range(n):
        codes[k] = S[T_TILES + t * MAX_TRUCK_CAPACITY + k]
    if extra >= 0:
        codes[n] = extra
        n += 1
    total = 0.0
    for step in range(n):
        i, dest, gain = best_placement(policy, params, S, p, codes, n, left, trial_undo)
        total += gain
        plan[step] = (i << 8) | (dest + 2)
        level = chain[LEVEL * step:LEVEL * (step + 1)]
        level[0] = make_placement(S, p, codes[i], dest, level[1:])
        codes[i] = -1
    for step in range(n - 1, -1, -1):
        level = chain[LEVEL * step:LEVEL * (step + 1)]
        unmake_placement(S, level[1:], level[0])
    return total


@njit(cache=True, _nrt=False)
def known_truck_value(policy, params, S, p, t, workspace, memory):
    """truck_gain of truck t for p, remembered (with its plan) until the truck or the epoch changes."""
    at = M_TRUCKS + 2 * (p * MAX_TRUCKS + t)
    count = S[T_COUNT + t]
    if memory[at + 1] != count + 1:
        plan = memory[M_PLANS + PLAN_SIZE * (p * MAX_TRUCKS + t):M_PLANS + PLAN_SIZE * (p * MAX_TRUCKS + t + 1)]
        memory[at] = truck_gain(policy, params, S, p, t, -1, workspace, memory[M_LEFT], plan)
        memory[at + 1] = count + 1
    return memory[at]


@njit(cache=True, _nrt=False)
def parts_value(policy, params, S, p, enclosures, kinds, species_set, left):
    """p's coin part plus the parts of the enclosures, stall kinds and barn species in the given bit sets
    (enclosures beyond p's current number are skipped: an expansion counts only once it exists)."""
    at = player_at(p)
    value = coin_part(policy, params, S, p)
    for e in range(S[at + P_ENCLOSURES]):
        if (enclosures >> e) & 1:
            value += enclosure_part(policy, params, S, p, e, left)
    if kinds:
        for kind in range(S[R_STALL_KINDS]):
            if (kinds >> kind) & 1:
                value += stall_kind_part(policy, params, S, p, kind)
    if species_set:
        for species in range(S[R_SPECIES]):
            if (species_set >> species) & 1:
                value += species_part(policy, params, S, p, species)
    return value


@njit(cache=True, _nrt=False, inline="always")
def enclosures_of(S, p, species):
    """The bit set of p's enclosures holding `species`."""
    at = player_at(p)
    held = 0
    for e in range(S[at + P_ENCLOSURES]):
        if S[at + P_SPECIES + e] == species:
            held |= 1 << e
    return held


@njit(cache=True, _nrt=False)
def money_touched(S, p, opt):
    """(enclosures, stall kinds, barn species) whose parts money option `opt` can change, as bit sets; p's
    coins always change. Births change a species' offspring supply, which every enclosure of that species
    reads, so those enclosures are in too."""
    kind = E.option_kind(opt)
    a, b, c = E.option_fields(opt)
    at = player_at(p)
    if kind == E.OPT_MOVE and a == E.MOVE_STALL:
        dest = E.field_dest(c)
        enclosures = 1 << (b // MAX_STALL_KINDS)
        if dest >= 0:
            enclosures |= 1 << dest
        return enclosures, 1 << (b % MAX_STALL_KINDS), 0
    if kind == E.OPT_EXCHANGE:
        species_set = 0
        enclosures = 1 << a
        if S[at + P_SPECIES + a] >= 0:
            species_set |= 1 << S[at + P_SPECIES + a]
        if b >= E.EXCHANGE_BARN:
            species_set |= 1 << (b - E.EXCHANGE_BARN)
        else:
            enclosures |= 1 << b
            if S[at + P_SPECIES + b] >= 0:
                species_set |= 1 << S[at + P_SPECIES + b]
        for e in range(S[at + P_ENCLOSURES]):
            species = S[at + P_SPECIES + e]
            if species >= 0 and (species_set >> species) & 1:
                enclosures |= 1 << e
        return enclosures, 0, species_set
    if kind == E.OPT_DISCARD:
        if b >= STALL_BASE:
            return 0, 1 << (b - STALL_BASE), 0
        return 0, 0, 1 << (b >> 2)
    if kind == E.OPT_EXPAND:
        return 1 << S[at + P_ENCLOSURES], 0, 0
    # a tile placed by spec 4: a Move from the barn or a Purchase
    code = b
    if kind == E.OPT_MOVE and a == E.MOVE_BARN_STALL:
        code = STALL_BASE + b
    dest = E.field_dest(c)
    if code >= STALL_BASE:
        return (1 << dest) if dest >= 0 else 0, 1 << (code - STALL_BASE), 0
    if dest < 0:
        return 0, 0, 1 << (code >> 2)
    return (1 << dest) | enclosures_of(S, p, code >> 2), 0, 1 << (code >> 2)


@njit(cache=True, _nrt=False, inline="always")
def can_breed(S, species, male, female):
    return male > 0 and female > 0 and S[SUPPLY + species] > 0


@njit(cache=True, _nrt=False)
def known_money_gain(policy, params, S, p, opt, left):
    """money_option_gain of the actions whose effect on the value is plain without making them, else
    UNKNOWN: an Exchange of two enclosures with no pair to breed swaps their groups (stalls stay); a Stall
    move between enclosures only changes which of the two has a stall; a Discard only its barn part.
    best_money_option uses it to skip actions that cannot win; a test holds it to money_option_gain."""
    kind = E.option_kind(opt)
    a, b, c = E.option_fields(opt)
    at = player_at(p)
    coin_value = params[HP_COIN_VALUE] if policy == HEURISTIC else GREEDY_COIN_VALUE
    if kind == E.OPT_EXCHANGE and b < E.EXCHANGE_BARN:
        species_a = S[at + P_SPECIES + a]
        species_b = S[at + P_SPECIES + b]
        male_a, female_a = S[at + P_MALE + a], S[at + P_FEMALE + a]
        male_b, female_b = S[at + P_MALE + b], S[at + P_FEMALE + b]
        if (species_a >= 0 and can_breed(S, species_a, male_a, female_a)) or \
                (species_b >= 0 and can_breed(S, species_b, male_b, female_b)):
            return UNKNOWN
        stall_a = S[at + P_STALL_COUNT + a] > 0
        stall_b = S[at + P_STALL_COUNT + b] > 0
        after = group_part(policy, params, S, a, species_b, S[at + P_COUNT + b], male_b, female_b, stall_a, left) \
            + group_part(policy, params, S, b, species_a, S[at + P_COUNT + a], male_a, female_a, stall_b, left)
        before = enclosure_part(policy, params, S, p, a, left) + enclosure_part(policy, params, S, p, b, left)
        return after - before - coin_value * S[R_EXCHANGE_COST]
    if kind == E.OPT_MOVE and a == E.MOVE_STALL and c != E.DEST_FIELD_BARN:
        source = b // MAX_STALL_KINDS
        after = group_part(policy, params, S, source, S[at + P_SPECIES + source], S[at + P_COUNT + source],
                           S[at + P_MALE + source], S[at + P_FEMALE + source], S[at + P_STALL_COUNT + source] > 1,
                           left) \
            + group_part(policy, params, S, c, S[at + P_SPECIES + c], S[at + P_COUNT + c], S[at + P_MALE + c],
                         S[at + P_FEMALE + c], True, left)
        before = enclosure_part(policy, params, S, p, source, left) + enclosure_part(policy, params, S, p, c, left)
        return after - before - coin_value * S[R_MOVE_COST]
    if kind == E.OPT_DISCARD:
        last = S[at + P_BARN + b] == 1 if b >= STALL_BASE else E.barn_species_count(S, p, b >> 2) == 1
        relief = barn_weight(policy, params) * S[R_BARN_PENALTY] if last else 0.0
        return relief - coin_value * S[R_DISCARD_COST]
    return UNKNOWN


@njit(cache=True, _nrt=False)
def money_option_gain(policy, params, S, p, opt, left, undo):
    """How much money option `opt` changes p's zoo value: the parts it touches (money_touched), read
    before and after making it on the live state (money.money_cells) and unmaking it; NO_CHOICE for a
    purchase into the barn, which costs coins and can only lower the value."""
    kind = E.option_kind(opt)
    if kind == E.OPT_PURCHASE and (opt & 255) == E.DEST_FIELD_BARN:
        return NO_CHOICE
    enclosures, kinds, species_set = money_touched(S, p, opt)
    before = parts_value(policy, params, S, p, enclosures, kinds, species_set, left)
    cells = M.money_cells(S, p, opt, undo)
    for j in range(cells):
        undo[E.UNDO_CELLS + j] = S[undo[j]]
    M.apply_money_option(S, p, opt)
    after = parts_value(policy, params, S, p, enclosures, kinds, species_set, left)
    unmake_placement(S, undo, cells)
    gain = after - before
    if kind == E.OPT_EXPAND and policy == HEURISTIC:
        gain += params[HP_EXPAND_VALUE] * left
    return gain


@njit(cache=True, _nrt=False)
def best_of(policy, params, S, p, options, n, undo, left):
    """The first of options[:n] that raises p's value most and that gain; (-1, NO_CHOICE) if none beats
    money_threshold (heuristic): an action known not to beat it or the best so far (known_money_gain) is
    skipped unmade, since the heuristic only pays for a gain above that threshold."""
    floor = params[HP_MONEY_THRESHOLD] if policy == HEURISTIC else NO_CHOICE
    best = -1
    best_value = NO_CHOICE
    for k in range(n):
        opt = options[k]
        if known_money_gain(policy, params, S, p, opt, left) + KNOWN_SLACK <= max(best_value, floor):
            continue
        value = money_option_gain(policy, params, S, p, opt, left, undo)
        if value > best_value:
            best_value = value
            best = opt
    return best, best_value


@njit(cache=True, _nrt=False)
def best_money_option(policy, params, S, p, options, undo, memory):
    """The money action that raises p's value most, and that gain: the first best in canonical order.

    The canonical list comes in three parts, each cached apart (see above): Moves and Exchanges, and
    Discards and Expand, depend on p's own zoo; Purchases also on the other barns, which change
    whenever a truck is taken.
    """
    at = M_MONEY + 9 * p
    left = memory[M_LEFT]
    if memory[at + 2] == 0.0:
        memory[at], memory[at + 1] = best_of(policy, params, S, p, options,
                                             M.list_moves_and_exchanges(S, p, options, 0), undo, left)
        memory[at + 2] = 1.0
    if memory[at + 5] == 0.0:
        memory[at + 3], memory[at + 4] = best_of(policy, params, S, p, options,
                                                 M.list_purchases(S, p, options, 0), undo, left)
        memory[at + 5] = 1.0
    if memory[at + 8] == 0.0:
        memory[at + 6], memory[at + 7] = best_of(policy, params, S, p, options,
                                                 M.list_discards_and_expand(S, p, options, 0), undo, left)
        memory[at + 8] = 1.0
    best = memory[at]
    best_value = memory[at + 1]
    for part in (3, 6):
        if memory[at + part + 1] > best_value:
            best = memory[at + part]
            best_value = memory[at + part + 1]
    return np.int64(best), best_value


@njit(cache=True, _nrt=False, inline="always")
def workspace_views(workspace):
    """Preallocated buffers: tile codes, the undo record of a trial move, the undo records of chained
    placements (LEVEL cells each), a spare row."""
    return workspace[0, 0:MAX_TRUCK_CAPACITY + 1], workspace[0, 16:16 + 2 * E.UNDO_CELLS], workspace[1], workspace[2]


# ---- decisions --------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def decide_turn(policy, params, S, p, rng, options, workspace, memory):
    """The turn option (engine.option code) chosen by a non-uniform policy; -1 for none.

    greedy/heuristic: the take with the largest gain, unless drawing is possible and no take gains more
    than the threshold (greedy 0; heuristic take_threshold x share of free truck spaces); then a money
    action replaces that choice if it gains more (heuristic: and at least money_threshold).
    """
    if policy == RANDOM:
        n = M.list_turn_options(S, p, options)
        if n == 0:
            return -1
        return options[below(rng, n)]
    refresh_memory(memory, S)
    best_option = -1
    best_gain = NO_CHOICE
    for t in range(S[R_TRUCKS]):
        if S[T_TAKEN_BY + t] < 0 and S[T_COUNT + t] > 0:
            gain = known_truck_value(policy, params, S, p, t, workspace, memory)
            if gain > best_gain:
                best_gain = gain
                best_option = E.option(E.OPT_TAKE, t, 0, 0)
    threshold = 0.0
    if policy == HEURISTIC:
        threshold = params[HP_TAKE_THRESHOLD] * free_space_share(S)
    if E.can_draw(S) and (best_option < 0 or best_gain <= threshold):
        best_option = E.option(E.OPT_DRAW, 0, 0, 0)
        best_gain = threshold
    if best_option < 0:
        best_gain = 0.0  # nothing to draw or take: sitting the round out is worth nothing
    if M.any_money_option(S, p):
        money_bar = best_gain
        if policy == HEURISTIC:
            money_bar = max(best_gain, params[HP_MONEY_THRESHOLD])
        _codes, undo, _chain, _spare = workspace_views(workspace)
        opt, gain = best_money_option(policy, params, S, p, options, undo, memory)
        if opt >= 0 and gain > money_bar + KNOWN_SLACK:  # a tie with the bar, up to rounding, does not pay
            best_option = opt
    if E.option_kind(best_option) == E.OPT_TAKE:
        hand_over_plan(S, p, (best_option >> 16) & 255, memory)
    return best_option


@njit(cache=True, _nrt=False)
def hand_over_plan(S, p, t, memory):
    """Keep the placements truck_gain planned for truck t, for decide_placement: the take that follows
    places the same tiles on the same zoo, so the plan is what best_placement would choose step by step."""
    source = M_PLANS + PLAN_SIZE * (p * MAX_TRUCKS + t)
    for step in range(PLAN_SIZE):
        memory[M_PLAN + step] = memory[source + step]
    memory[M_PLAN_OF] = 1 + (p * MAX_TRUCKS + t) * 16 + S[T_COUNT + t]
    memory[M_PLAN_KEY] = memory[M_KEY]


@njit(cache=True, _nrt=False)
def free_space_share(S):
    """Share of truck spaces still free among untaken trucks: the heuristic waits less as trucks fill."""
    free = 0
    total = 0
    for t in range(S[R_TRUCKS]):
        if S[T_TAKEN_BY + t] < 0:
            free += S[T_CAPACITY + t] - S[T_COUNT + t]
            total += S[T_CAPACITY + t]
    return free / max(total, 1)


@njit(cache=True, _nrt=False)
def decide_truck_for_tile(policy, params, S, p, rng, code, workspace, memory):
    """The truck that receives a drawn tile: uniform for `random`. greedy and heuristic: a tile that
    would raise p's value goes on the truck p already values most (to take it soon), any other tile on
    the truck p values least; an empty truck is worth 0, ties go to the lowest truck number."""
    trucks = S[R_TRUCKS]
    if policy == RANDOM:
        free = 0
        for t in range(trucks):
            if S[T_TAKEN_BY + t] < 0 and S[T_COUNT + t] < S[T_CAPACITY + t]:
                free += 1
        k = below(rng, free)
        for t in range(trucks):
            if S[T_TAKEN_BY + t] < 0 and S[T_COUNT + t] < S[T_CAPACITY + t]:
                if k == 0:
                    return t
                k -= 1
    refresh_memory(memory, S)
    codes, trial_undo, _chain, _spare = workspace_views(workspace)
    codes[0] = code
    _i, _dest, tile_gain = best_placement(policy, params, S, p, codes, 1, memory[M_LEFT], trial_undo)
    wanted = tile_gain > 0.0
    best = -1
    best_value = NO_CHOICE
    for t in range(trucks):
        if S[T_TAKEN_BY + t] < 0 and S[T_COUNT + t] < S[T_CAPACITY + t]:
            value = 0.0
            if S[T_COUNT + t] > 0:
                value = known_truck_value(policy, params, S, p, t, workspace, memory)
            if not wanted:
                value = -value
            if value > best_value:
                best_value = value
                best = t
    return best


@njit(cache=True, _nrt=False)
def decide_placement(policy, params, S, p, t, workspace, memory):
    """Next tile of taken truck t and its destination: slot << 8 | (destination + 2).

    The plan decide_turn handed over is used if it was made for this truck, with these tiles, in this
    epoch; else best_placement chooses."""
    refresh_memory(memory, S)
    codes, trial_undo, _chain, _money = workspace_views(workspace)
    n = S[T_COUNT + t]
    step = 0
    for k in range(n):
        codes[k] = S[T_TILES + t * MAX_TRUCK_CAPACITY + k]
        step += codes[k] < 0
    if step == 0:
        planned = memory[M_PLAN_OF] == 1 + (p * MAX_TRUCKS + t) * 16 + n and memory[M_PLAN_KEY] == memory[M_KEY]
        memory[M_PLAN_ACTIVE] = 1.0 if planned else 0.0
    if memory[M_PLAN_ACTIVE] == 1.0:
        return np.int64(memory[M_PLAN + step])
    i, dest, _gain = best_placement(policy, params, S, p, codes, n, memory[M_LEFT], trial_undo)
    return (i << 8) | (dest + 2)


@njit(cache=True, _nrt=False)
def choose_turn(policy, params, S, p, rng, options, workspace, memory):
    """decide_turn with the event log muted: the policy makes and unmakes moves on the live state."""
    recording = S[H_RECORDING]
    S[H_RECORDING] = 0
    choice = decide_turn(policy, params, S, p, rng, options, workspace, memory)
    S[H_RECORDING] = recording
    return choice


@njit(cache=True, _nrt=False)
def choose_truck_for_tile(policy, params, S, p, rng, code, workspace, memory):
    """decide_truck_for_tile with the event log muted: the policy makes and unmakes moves on the live state."""
    recording = S[H_RECORDING]
    S[H_RECORDING] = 0
    choice = decide_truck_for_tile(policy, params, S, p, rng, code, workspace, memory)
    S[H_RECORDING] = recording
    return choice


@njit(cache=True, _nrt=False)
def choose_placement(policy, params, S, p, t, workspace, memory):
    """decide_placement with the event log muted: the policy makes and unmakes moves on the live state."""
    recording = S[H_RECORDING]
    S[H_RECORDING] = 0
    choice = decide_placement(policy, params, S, p, t, workspace, memory)
    S[H_RECORDING] = recording
    return choice
