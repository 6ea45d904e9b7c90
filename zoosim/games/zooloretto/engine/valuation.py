"""What greedy and heuristic think a zoo is worth, and how much a placement or a money action changes it.

A zoo's value is a sum of parts: coins, each enclosure, each stall kind, each barn species. A move
changes only the parts it touches, so its gain is those parts read after making it on the live state
minus before, and unmaking it (state.placement_cells, money.money_cells): the policies never
re-implement a rule. `known_money_gain` values the few money actions whose effect is plain without
making them, so the policy can skip those that cannot win; tests hold every gain here to the change of
the whole `zoo_value`.
"""
from __future__ import annotations

from numba import njit

from zoosim.games.zooloretto.engine import state as E
from zoosim.games.zooloretto.engine import money as M
from zoosim.games.zooloretto.engine.state import (
    P_BARN, P_COINS, P_COUNT, P_ENCLOSURES, P_FEMALE, P_MALE, P_SPECIES, P_STALL_COUNT, P_STALLS, SUPPLY,
    player_at,
)
from zoosim.games.zooloretto.rules import (
    COIN, ENC_FULL, ENC_ONE_EMPTY, ENC_SPACES, FEMALE, MALE, MAX_STALL_KINDS, R_BARN_PENALTY, R_DISCARD_COST,
    R_ENCLOSURE, R_EXCHANGE_COST, R_EXPAND_COST, R_MOVE_COST, R_PARTIAL_POINTS, R_SPECIES, R_STALL_KIND_POINTS, R_STALL_KINDS, STALL_BASE,
)

UNIFORM, RANDOM, GREEDY, HEURISTIC = 0, 1, 2, 3  # policy ids (POLICIES in ../policies.py)
LOOKAHEAD = 4  # lookahead.py: rollouts of heuristic games; play.py plays its turns apart
SEARCH = 5  # search.py: sequential halving over heuristic playouts; play.py plays its turns apart

# heuristic parameters (indices into its parameter vector)
HP_COIN_VALUE, HP_BARN_WEIGHT, HP_COMMITMENT, HP_TAKE_THRESHOLD, HP_MONEY_THRESHOLD, HP_EXPAND_VALUE, \
    HP_PAIR_VALUE = range(7)
GREEDY_COIN_VALUE = 1.0
NO_CHOICE = -1.0e18
UNKNOWN = 1.0e18  # known_money_gain: no plain answer, make the action to value it
KNOWN_SLACK = 1.0e-9  # known_money_gain and money_option_gain sum the same parts in different orders


# ---- the parts of a zoo -------------------------------------------------------------------------------
# A zoo's value is a sum of parts (enclosures, stall kinds, barn species, coins), so the change a
# placement makes is the change of the few parts it touches: `placement_gain` values a placement by
# making it on the live state, reading those parts, and unmaking it (state.placement_cells).
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
def coin_value(policy, params):
    """What a coin is worth: the heuristic's coin_value, 1 for greedy."""
    return params[HP_COIN_VALUE] if policy == HEURISTIC else GREEDY_COIN_VALUE


@njit(cache=True, _nrt=False, inline="always")
def coin_part(policy, params, S, p):
    return coin_value(policy, params) * S[player_at(p) + P_COINS]


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


@njit(cache=True, _nrt=False, inline="always")
def known_money_gain(policy, params, S, p, opt, left):
    """money_option_gain of the actions whose effect on the value is plain without making them, else
    UNKNOWN: an Exchange with no pair to breed swaps two groups (stalls stay), and one with the barn also
    moves the barn penalty from the species it takes in to the one it gives out; a Stall
    move between enclosures only changes which of the two has a stall; a Discard only its barn part;
    an Expand adds an empty enclosure.
    best_money_option uses it to skip actions that cannot win; a test holds it to money_option_gain."""
    kind = E.option_kind(opt)
    a, b, c = E.option_fields(opt)
    at = player_at(p)
    coin = coin_value(policy, params)
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
        return after - before - coin * S[R_EXCHANGE_COST]
    if kind == E.OPT_EXCHANGE and b >= E.EXCHANGE_BARN:  # enclosure a with a barn species (not a's own)
        species = b - E.EXCHANGE_BARN
        barn = at + P_BARN + 4 * species
        male, female = S[barn + MALE], S[barn + FEMALE]
        if can_breed(S, species, male, female):
            return UNKNOWN
        after = group_part(policy, params, S, a, species, E.barn_species_count(S, p, species), male, female,
                           S[at + P_STALL_COUNT + a] > 0, left)
        relief = -species_part(policy, params, S, p, species)  # the barn holds no more of that species
        if S[at + P_COUNT + a] > 0:  # a's group goes to the barn
            relief -= barn_weight(policy, params) * S[R_BARN_PENALTY] \
                + species_part(policy, params, S, p, S[at + P_SPECIES + a])
        return after - enclosure_part(policy, params, S, p, a, left) + relief - coin * S[R_EXCHANGE_COST]
    if kind == E.OPT_MOVE and a == E.MOVE_STALL and c != E.DEST_FIELD_BARN:
        source = b // MAX_STALL_KINDS
        after = group_part(policy, params, S, source, S[at + P_SPECIES + source], S[at + P_COUNT + source],
                           S[at + P_MALE + source], S[at + P_FEMALE + source], S[at + P_STALL_COUNT + source] > 1,
                           left) \
            + group_part(policy, params, S, c, S[at + P_SPECIES + c], S[at + P_COUNT + c], S[at + P_MALE + c],
                         S[at + P_FEMALE + c], True, left)
        before = enclosure_part(policy, params, S, p, source, left) + enclosure_part(policy, params, S, p, c, left)
        return after - before - coin * S[R_MOVE_COST]
    if kind == E.OPT_DISCARD:
        last = S[at + P_BARN + b] == 1 if b >= STALL_BASE else E.barn_species_count(S, p, b >> 2) == 1
        relief = barn_weight(policy, params) * S[R_BARN_PENALTY] if last else 0.0
        return relief - coin * S[R_DISCARD_COST]
    if kind == E.OPT_EXPAND:  # a new, empty enclosure
        gain = group_part(policy, params, S, S[at + P_ENCLOSURES], -1, 0, 0, 0, False, left) - coin * S[R_EXPAND_COST]
        if policy == HEURISTIC:
            gain += params[HP_EXPAND_VALUE] * left
        return gain
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
