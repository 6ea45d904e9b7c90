"""Ark Nova's map in numba (spec §5.2, §6.3-§6.5, §6.9): which footprints of a building a player may place, which
building types a Build action offers, and putting a building on the map — the same answers, in the same canonical
order, as reference.build (`legal_footprints`, `build_types`, the BUILD_TYPE options of `build_action`).

Every footprint is precomputed (board.FOOTPRINTS, int64 copies in engine.state): a legality test is a few mask
operations on the player's covered cells. Option lists are written into the state block at a caller-given offset
(usually in G_SCRATCH) and their length returned; a footprint option is its index into the FP_* tables (its mask is
FP_MASK[i], the cells around it FP_AROUND[i]), in FP order = PROTOCOL.md 3's FOOTPRINT order.

Placing with its bonuses and building one are engine.place's (they chain through the tracks); `put_building` here
only records a building, for tests and positions.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.games.ark_nova.components.effects import Op
from zoosim.games.ark_nova.components.vocab import (
    BUILDINGS, KIOSK, LARGE_BIRD_AVIARY, PAVILION, PETTING_ZOO, REPTILE_HOUSE,
)
from zoosim.games.ark_nova.engine.state import (
    B_ADJACENCY, B_MAX_PER_ZOO, B_MIN_BORDER, B_MIN_ROCK, B_MIN_WATER, B_SIZE, CARD_DISCOUNT, CARD_PASSIVE_BITS,
    CARD_TRIGGER_BITS, BORDER_CELLS, BUILD2_CELLS, FP_AROUND, FP_COUNT, FP_MASK, FP_PLAIN_COUNT, FP_START, G_BUILD_MEMO,
    G_ZOO_MEMO, G_PL, KIOSK_BLOCKED, M_COVERED, M_EXISTS, M_FLAGS, M_KINDS, M_KIOSK_BLOCKED, M_KNOWN, M_VALID, MEMO_W,
    P_ANIMALS, P_ANIMALS_N, P_B_ANIMALS_N, P_B_CUBES, P_B_KIND, P_B_MASK, P_BUILDINGS_N, P_COVERED, P_MONEY, P_SIDE2,
    P_SIZE, P_ZOO_VERSION, P_SPONSORS, P_SPONSORS_N, ROCK_CELLS, WATER_CELLS, Z_KINDS, Z_KIOSK_BLOCKED, Z_LARGE_OFF,
    Z_LARGEST, Z_PASSIVES, Z_SMALL_OFF, Z_SPECIALS, Z_TAG, Z_TRIGGERS, ZOO_W, _around, _low_bit, _ones,
)
from zoosim.games.ark_nova.pack import (
    R_BUILDING_COST, R_COVERED_TERRAIN_COUNTS, R_FREE_BUILDING_IGNORES_BUILD2, R_PEACEFUL,
)

# §5.2: the types Build side I offers, in building index order; side II adds the reptile house and the aviary
SIDE1_TYPES = np.array([0, 1, 2, 3, 4, KIOSK, PAVILION, PETTING_ZOO], np.int64)
SIDE2_TYPES = np.array([0, 1, 2, 3, 4, KIOSK, PAVILION, PETTING_ZOO, REPTILE_HOUSE, LARGE_BIRD_AVIARY], np.int64)
BUILD_ACTION = 2  # vocab.ACTIONS index of Build
SIDE_ENTRANCE = BUILDINGS.index("side_entrance")
OP_BUILD_ON_ROCKWATER = int(Op.BUILD_ON_ROCKWATER)
OP_IGNORE_ANIMAL_ROCKWATER = int(Op.IGNORE_ANIMAL_ROCKWATER)
assert B_SIZE[KIOSK] == 1     # kiosk_income: a building is next to a kiosk iff the kiosk's cell is around it


@njit(cache=True, _nrt=False)
def has_passive(G, R, p, op):
    """1 if a sponsor or animal in the player's zoo has standing effect `op` (reference.state.has_effect)."""
    return G[zoo_memo(G, R, p) + Z_PASSIVES] >> op & 1


@njit(cache=True, _nrt=False)
def zoo_memo(G, R, p):
    """Seat p's G_ZOO_MEMO entry (its offset), filled for the zoo as it is now if its P_ZOO_VERSION (or the rule
    `peaceful`) changed since: what every option listing asks of the zoo's cards and buildings, each a loop over
    them, asked once per change instead of several times a turn."""
    m = G_ZOO_MEMO + p * ZOO_W
    tag = (G[G_PL + p * P_SIZE + P_ZOO_VERSION] + 1) * 2 + (1 if R[R_PEACEFUL] else 0)
    if G[m + Z_TAG] != tag:
        zoo_facts(G, R, p, m)
        G[m + Z_TAG] = tag
    return m


@njit(cache=True, _nrt=False)
def zoo_facts(G, R, p, m):
    """G[m + Z_PASSIVES ...]: the opcodes of the zoo cards' standing effects (a bit mask), their pas_cost_* discounts
    summed (for small animals, for large ones), the building kinds (a bit mask), the cells the kiosks block, the
    largest empty standard enclosure (0 if none), whether there is a special enclosure, and the (event, scope)
    pairs of the sponsors' triggers (CARD_TRIGGER_BITS). The icons are engine.animals.icon_counts', with a tag of
    their own."""
    b = G_PL + p * P_SIZE
    peaceful = R[R_PEACEFUL]
    ops = 0
    small_off = 0
    large_off = 0
    triggers = 0
    for i in range(G[b + P_SPONSORS_N]):
        card = G[b + P_SPONSORS + i]
        ops |= CARD_PASSIVE_BITS[peaceful, card]
        triggers |= CARD_TRIGGER_BITS[peaceful, card]
        small_off += CARD_DISCOUNT[peaceful, card, 0]
        large_off += CARD_DISCOUNT[peaceful, card, 1]
    for i in range(G[b + P_ANIMALS_N]):
        card = G[b + P_ANIMALS + i]
        ops |= CARD_PASSIVE_BITS[peaceful, card]
        small_off += CARD_DISCOUNT[peaceful, card, 0]
        large_off += CARD_DISCOUNT[peaceful, card, 1]
    kinds = 0
    kiosk_blocked = 0
    largest = 0
    specials = 0
    for i in range(G[b + P_BUILDINGS_N]):
        kind = G[b + P_B_KIND + i]
        kinds |= 1 << kind
        if kind <= 4:
            if G[b + P_B_ANIMALS_N + i] == 0:
                largest = max(largest, _ones(G[b + P_B_MASK + i]))
        elif kind == KIOSK:
            kiosk_blocked |= KIOSK_BLOCKED[_low_bit(G[b + P_B_MASK + i])]
        elif kind == PETTING_ZOO or kind == REPTILE_HOUSE or kind == LARGE_BIRD_AVIARY:
            specials = 1
    G[m + Z_PASSIVES] = ops
    G[m + Z_SMALL_OFF] = small_off
    G[m + Z_LARGE_OFF] = large_off
    G[m + Z_KINDS] = kinds
    G[m + Z_KIOSK_BLOCKED] = kiosk_blocked
    G[m + Z_LARGEST] = largest
    G[m + Z_SPECIALS] = specials
    G[m + Z_TRIGGERS] = triggers


@njit(cache=True, _nrt=False)
def footprints(G, R, p, kind, build2, at, limit):
    """The legal footprints of `kind` for player p (§6.3 rules 1-5, §6.9 constraints) as FP indices at G[at:],
    in FP order; stops after `limit` (>= 1) of them. Returns how many were written."""
    return footprints_with(G, R, p, kind, build2, at, limit, has_passive(G, R, p, OP_BUILD_ON_ROCKWATER),
                           has_passive(G, R, p, OP_IGNORE_ANIMAL_ROCKWATER))


@njit(cache=True, _nrt=False)
def footprints_with(G, R, p, kind, build2, at, limit, on_rockwater, ignore_rockwater):
    """footprints with the zoo's BUILD_ON_ROCKWATER and IGNORE_ANIMAL_ROCKWATER passives already looked up (each a
    loop over the zoo's cards; a listing of types asks them once)."""
    b = G_PL + p * P_SIZE
    nb = G[b + P_BUILDINGS_N]
    if B_MAX_PER_ZOO[kind]:
        for i in range(nb):
            if G[b + P_B_KIND + i] == kind:
                return 0
    covered = G[b + P_COVERED]
    reach = _around(covered) if nb > 0 else BORDER_CELLS
    forbidden = covered
    if not build2:
        forbidden |= BUILD2_CELLS
    if kind == KIOSK:
        for i in range(nb):
            if G[b + P_B_KIND + i] == KIOSK:
                forbidden |= KIOSK_BLOCKED[_low_bit(G[b + P_B_MASK + i])]
    n = FP_COUNT[kind] if on_rockwater else FP_PLAIN_COUNT[kind]
    adjacency = B_ADJACENCY[kind]
    min_rock = B_MIN_ROCK[kind]
    min_water = B_MIN_WATER[kind]
    if ignore_rockwater:
        min_rock = 0
        min_water = 0
    min_border = B_MIN_BORDER[kind]
    terrain = ~covered
    if R[R_COVERED_TERRAIN_COUNTS]:
        terrain = ~0
    rock = ROCK_CELLS & terrain
    water = WATER_CELLS & terrain
    found = 0
    for i in range(FP_START[kind], FP_START[kind] + n):
        mask = FP_MASK[i]
        if mask & forbidden:
            continue
        if adjacency and not mask & reach:
            continue
        if min_rock and _ones(FP_AROUND[i] & rock) < min_rock:
            continue
        if min_water and _ones(FP_AROUND[i] & water) < min_water:
            continue
        if min_border and _ones(mask & BORDER_CELLS) < min_border:
            continue
        G[at + found] = i
        found += 1
        if found >= limit:
            break
    return found


@njit(cache=True, _nrt=False)
def footprint_memo(G, R, p, build2, on_rockwater, ignore_rockwater):
    """Seat p's G_BUILD_MEMO entry (its offset) for the zoo as it is now. footprints_with's answer for a kind reads
    of the zoo only its covered cells, whether it has a building, the kinds it has (B_MAX_PER_ZOO), the cells its
    kiosks block, build2 and the two passives (and the rule covered_terrain_counts): the key is exactly these, so
    an entry whose key matches holds the answers footprints_with would give, and one that does not is started
    afresh. A seat's zoo changes only when it builds, so most turns find their answers there."""
    b = G_PL + p * P_SIZE
    nb = G[b + P_BUILDINGS_N]
    z = zoo_memo(G, R, p)
    kinds = G[z + Z_KINDS]
    kiosk_blocked = G[z + Z_KIOSK_BLOCKED]
    flags = ((1 if nb > 0 else 0) | (2 if build2 else 0) | (4 if on_rockwater else 0)
             | (8 if ignore_rockwater else 0) | (16 if R[R_COVERED_TERRAIN_COUNTS] else 0))
    m = G_BUILD_MEMO + p * MEMO_W
    covered = G[b + P_COVERED]
    if G[m + M_VALID] == 0 or G[m + M_COVERED] != covered or G[m + M_KINDS] != kinds \
            or G[m + M_KIOSK_BLOCKED] != kiosk_blocked or G[m + M_FLAGS] != flags:
        G[m + M_VALID] = 1
        G[m + M_COVERED] = covered
        G[m + M_KINDS] = kinds
        G[m + M_KIOSK_BLOCKED] = kiosk_blocked
        G[m + M_FLAGS] = flags
        G[m + M_KNOWN] = 0
        G[m + M_EXISTS] = 0
    return m


@njit(cache=True, _nrt=False)
def footprint_any(G, R, p, kind, build2, at, on_rockwater, ignore_rockwater, m):
    """footprints_with(..., limit 1) > 0 through the memo entry m (footprint_memo with the same build2 and passives):
    asked once per kind and key. Writes the footprint found to G[at] only when it asks footprints_with (scratch)."""
    if G[m + M_KNOWN] >> kind & 1:
        return G[m + M_EXISTS] >> kind & 1 == 1
    found = footprints_with(G, R, p, kind, build2, at, 1, on_rockwater, ignore_rockwater) > 0
    G[m + M_KNOWN] |= 1 << kind
    if found:
        G[m + M_EXISTS] |= 1 << kind
    return found


@njit(cache=True, _nrt=False)
def affordable_types(G, R, p, types, max_size, build2, pay_cost, done, at):
    """reference.build.affordable_types over `types` minus those in the bit mask `done`: size <= max_size, the
    cost payable (if pay_cost), a legal footprint. Written at G[at:]; returns the count. The footprint probe
    uses G[at + len(types)] as scratch."""
    b = G_PL + p * P_SIZE
    money = G[b + P_MONEY]
    cost = R[R_BUILDING_COST]
    probe = at + types.shape[0]
    on_rockwater = has_passive(G, R, p, OP_BUILD_ON_ROCKWATER)
    ignore = has_passive(G, R, p, OP_IGNORE_ANIMAL_ROCKWATER)
    m = footprint_memo(G, R, p, build2, on_rockwater, ignore)
    n = 0
    for j in range(types.shape[0]):
        k = types[j]
        if done >> k & 1 or B_SIZE[k] > max_size:
            continue
        if pay_cost and money < cost * B_SIZE[k]:
            continue
        if not footprint_any(G, R, p, k, build2, probe, on_rockwater, ignore, m):
            continue
        G[at + n] = k
        n += 1
    return n


@njit(cache=True, _nrt=False)
def build_type_options(G, R, p, remaining, side2, built, n_built, at):
    """The BUILD_TYPE options (PROTOCOL.md 3, hook 9) after `n_built` buildings (kinds in bit mask `built`) with
    `remaining` size left: none once side I has built; else -1 (stop, only after one) then the legal types."""
    if n_built > 0 and not side2:
        return 0
    start = at
    if n_built > 0:
        G[at] = -1
        start = at + 1
    if side2:
        n = affordable_types(G, R, p, SIDE2_TYPES, remaining, side2, 1, built, start)
    else:
        n = affordable_types(G, R, p, SIDE1_TYPES, remaining, side2, 1, built, start)
    return n + (start - at)


@njit(cache=True, _nrt=False)
def build_min_size(G, R, p, side2, at):
    """The smallest size of a type the Build action offers at any strength (affordable at its cost, a legal
    footprint), 99 if none: Build at strength s offers a type iff this is <= s, so the turn's options need it once
    for every X-token count. G[at:] is scratch."""
    b = G_PL + p * P_SIZE
    money = G[b + P_MONEY]
    cost = R[R_BUILDING_COST]
    types = SIDE2_TYPES if side2 else SIDE1_TYPES
    on_rockwater = has_passive(G, R, p, OP_BUILD_ON_ROCKWATER)
    ignore = has_passive(G, R, p, OP_IGNORE_ANIMAL_ROCKWATER)
    m = footprint_memo(G, R, p, side2, on_rockwater, ignore)
    best = 99
    for j in range(types.shape[0]):
        k = types[j]
        size = B_SIZE[k]
        if size >= best or money < cost * size:
            continue
        if footprint_any(G, R, p, k, side2, at, on_rockwater, ignore, m):
            best = size
    return best


@njit(cache=True, _nrt=False)
def can_build(G, R, p, strength, side2, at):
    """reference.build.can_build: Build at this strength offers a type (G[at:] is scratch)."""
    return build_min_size(G, R, p, side2, at) <= strength


@njit(cache=True, _nrt=False)
def free_build2(G, R, p):
    """May a free building (§6.3: bonus tiles, Posturing, free-building triggers) cover 'II' cells?"""
    return 1 if R[R_FREE_BUILDING_IGNORES_BUILD2] or G[G_PL + p * P_SIZE + P_SIDE2 + BUILD_ACTION] else 0


@njit(cache=True, _nrt=False)
def posture_type_options(G, R, p, at):
    """POSTURE_TYPE (hook 39): kiosk, then pavilion, each if a free one has a legal footprint."""
    n = 0
    build2 = free_build2(G, R, p)
    for k in (KIOSK, PAVILION):
        if footprints(G, R, p, k, build2, at + 2, 1) > 0:
            G[at + n] = k
            n += 1
    return n


@njit(cache=True, _nrt=False)
def engineer_type_options(G, R, p, side2, built_at, n_built, at):
    """ENGINEER_TYPE (hook 47, R14): the non-special types among the n_built kinds at G[built_at:] (build order,
    each once), affordable at normal cost with a legal footprint, at any size."""
    n = 0
    seen = 0
    money = G[G_PL + p * P_SIZE + P_MONEY]
    for j in range(n_built):
        k = G[built_at + j]
        if seen >> k & 1 or k == PETTING_ZOO or k == REPTILE_HOUSE or k == LARGE_BIRD_AVIARY:
            continue
        seen |= 1 << k
        if money < R[R_BUILDING_COST] * B_SIZE[k]:
            continue
        if footprints(G, R, p, k, side2, at + n_built, 1) > 0:
            G[at + n] = k
            n += 1
    return n


@njit(cache=True, _nrt=False)
def connected(G, p):
    """§6.5: cells covered by, or adjacent to, the player's buildings."""
    covered = G[G_PL + p * P_SIZE + P_COVERED]
    return covered | _around(covered)


@njit(cache=True, _nrt=False)
def _pays(G, b, i):
    """R23: every building pays but an empty standard enclosure and a kiosk."""
    kind = G[b + P_B_KIND + i]
    return kind != KIOSK and not (kind <= 4 and G[b + P_B_ANIMALS_N + i] == 0)


@njit(cache=True, _nrt=False)
def kiosk_income(G, p):
    """§6.8, R23: per kiosk, 1 for each adjacent paying building."""
    b = G_PL + p * P_SIZE
    nb = G[b + P_BUILDINGS_N]
    kiosks = 0                      # the kiosks' cells (a kiosk is one cell)
    for i in range(nb):
        if G[b + P_B_KIND + i] == KIOSK:
            kiosks |= G[b + P_B_MASK + i]
    total = 0
    if kiosks:                      # a paying building earns once per kiosk on a cell next to it
        for i in range(nb):
            if _pays(G, b, i):
                total += _ones(_around(G[b + P_B_MASK + i]) & kiosks)
    return total


@njit(cache=True, _nrt=False)
def side_entrance_buildings(G, p):
    """§12.6 inc_side_entrance: buildings next to the Side Entrance, empty standard enclosures excluded."""
    b = G_PL + p * P_SIZE
    nb = G[b + P_BUILDINGS_N]
    for e in range(nb):
        if G[b + P_B_KIND + e] == SIDE_ENTRANCE:
            ring = _around(G[b + P_B_MASK + e])
            n = 0
            for i in range(nb):
                kind = G[b + P_B_KIND + i]
                if i != e and G[b + P_B_MASK + i] & ring and not (kind <= 4 and G[b + P_B_ANIMALS_N + i] == 0):
                    n += 1
            return n
    return 0


@njit(cache=True, _nrt=False)
def put_building(G, p, kind, mask):
    """Record a new building (no cost, no bonuses: see the module doc); returns its building index."""
    b = G_PL + p * P_SIZE
    i = G[b + P_BUILDINGS_N]
    G[b + P_B_KIND + i] = kind
    G[b + P_B_MASK + i] = mask
    G[b + P_B_CUBES + i] = 0
    G[b + P_B_ANIMALS_N + i] = 0
    G[b + P_BUILDINGS_N] = i + 1
    G[b + P_COVERED] |= mask
    G[b + P_ZOO_VERSION] += 1
    return i
