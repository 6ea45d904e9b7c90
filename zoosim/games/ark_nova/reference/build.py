"""Ark Nova in plain Python, part 2: the zoo map — placement legality, building and its bonuses, the Build
action, free and unique buildings, map-derived counts (spec §5.2, §6.3-§6.9, §12.4 building passives).

Footprints come from `board.FOOTPRINTS` (every orientation of every shape, plain-only ones first, each group
sorted by mask value); the option order of a footprint decision is that order (PROTOCOL.md 3).
"""
from __future__ import annotations

from zoosim.games.ark_nova.components import board
from zoosim.games.ark_nova.components.effects import Op
from zoosim.games.ark_nova.components.vocab import (
    BUILDINGS,     ENCLOSURE1, KIOSK, LARGE_BIRD_AVIARY, PAVILION, PETTING_ZOO, REPTILE_HOUSE, ROCK, WATER,
)
from zoosim.games.ark_nova.reference.state import (BUILD, E_BUILD, H_BUILD_TYPE, H_ENGINEER_TYPE, H_FOOTPRINT,
    Building, State, C, choose, coin, handler, has_effect, idx, H_ARCHAEOLOGIST)
from zoosim.games.ark_nova.reference.tracks import (gain, hire_worker, pay, take_card)

F = board.FOOTPRINTS
PLAIN = int(board.PLAIN_CELLS)
ROCK_CELLS, WATER_CELLS = int(board.ROCK_CELLS), int(board.WATER_CELLS)
BORDER, BUILD2_CELLS, BONUS_CELLS = int(board.BORDER_CELLS), int(board.BUILD2_CELLS), int(board.BONUS_CELLS)
SIDE1_TYPES = (ENCLOSURE1, ENCLOSURE1 + 1, ENCLOSURE1 + 2, ENCLOSURE1 + 3, ENCLOSURE1 + 4, KIOSK, PAVILION,
               PETTING_ZOO)
SIDE2_TYPES = SIDE1_TYPES + (REPTILE_HOUSE, LARGE_BIRD_AVIARY)
SPECIAL = (PETTING_ZOO, REPTILE_HOUSE, LARGE_BIRD_AVIARY)
NEIGHBOURS = [int(m) for m in board.NEIGHBOURS]


def ones(mask: int) -> int:
    return bin(mask).count("1")


def around(mask: int) -> int:
    out = 0
    m = mask
    while m:
        low = m & -m
        out |= NEIGHBOURS[low.bit_length() - 1]
        m ^= low
    return out & ~mask


def size_of(kind: int) -> int:
    return int(board.BUILDING["size"][kind])


def is_standard_enclosure(kind: int) -> bool:
    return ENCLOSURE1 <= kind <= ENCLOSURE1 + 4


def terrain_touched(s: State, p: int, mask: int, terrain: int) -> int:
    """§6.5: distinct rock (water) cells adjacent to `mask`; covered ones do not count unless covered_terrain_counts."""
    cells = ROCK_CELLS if terrain == ROCK else WATER_CELLS
    if not s.rules.covered_terrain_counts:
        cells &= ~s.ps[p].covered
    return ones(around(mask) & cells)


def connected(s: State, p: int) -> int:
    """§6.5: cells covered by, or adjacent to, a building."""
    cov = s.ps[p].covered
    return cov | around(cov)


# ---------------------------------------------------------------- legality (§6.3, §6.9)
def legal_footprints(s: State, p: int, kind: int, build2: bool) -> list[int]:
    """Every footprint of `kind` the player may place now, in board.FOOTPRINTS order."""
    pl = s.ps[p]
    covered = pl.covered
    if int(board.BUILDING["max_per_zoo"][kind]) and any(b.kind == kind for b in pl.buildings):
        return []
    on_rockwater = bool(has_effect(s, p, Op.BUILD_ON_ROCKWATER))
    n = int(F.count[kind] if on_rockwater else F.plain_count[kind])
    start = int(F.start[kind])
    adjacency = bool(board.BUILDING["needs_adjacency"][kind])
    reach = around(covered) if pl.buildings else BORDER
    kiosk_block = 0
    if kind == KIOSK:
        for b in pl.buildings:
            if b.kind == KIOSK:
                kiosk_block |= int(board.KIOSK_BLOCKED[b.mask.bit_length() - 1])
    min_rock, min_water = int(board.BUILDING["min_rock"][kind]), int(board.BUILDING["min_water"][kind])
    min_border = int(board.BUILDING["min_border_cells"][kind])
    ignore_terrain = bool(has_effect(s, p, Op.IGNORE_ANIMAL_ROCKWATER))  # 219 lifts the rock/water constraints (§6.9)
    out = []
    for i in range(start, start + n):
        mask = int(F.masks[i])
        if mask & covered or (mask & BUILD2_CELLS and not build2) or mask & kiosk_block:
            continue
        if adjacency and not mask & reach:
            continue
        if not ignore_terrain and ((min_rock and terrain_touched(s, p, mask, ROCK) < min_rock)
                                   or (min_water and terrain_touched(s, p, mask, WATER) < min_water)):
            continue
        if ones(mask & BORDER) < min_border:
            continue
        out.append(mask)
    return out


def affordable_types(s: State, p: int, types, max_size: int, build2: bool, pay_cost: bool = True) -> list[int]:
    pl = s.ps[p]
    cost = s.rules.building_cost_per_cell
    return [k for k in types if size_of(k) <= max_size and (not pay_cost or pl.money >= cost * size_of(k))
            and legal_footprints(s, p, k, build2)]


# ---------------------------------------------------------------- placing (§5.2, §6.5, §6.7, §12.4)
def place_building(s: State, p: int, kind: int, mask: int) -> Building:
    """Put a building on the map and resolve what covering its cells gives (no cost here)."""
    pl = s.ps[p]
    newly = mask
    building = Building(kind, mask)
    pl.buildings.append(building)
    s.log(E_BUILD, p, kind, mask & 0xFFFFFFFF, mask >> 32)
    if kind == PAVILION:
        gain(s, p, 0, 1)
    for terrain, cells in ((WATER, WATER_CELLS), (ROCK, ROCK_CELLS)):
        for t, money, *_ in has_effect(s, p, Op.COVER_NEXT_TO_TERRAIN_MONEY):
            if t == terrain:
                n = sum(1 for c in range(board.N_CELLS) if newly >> c & 1 and NEIGHBOURS[c] & cells)
                gain(s, p, 1, money * n)
    archaeologist = bool(has_effect(s, p, Op.ARCHAEOLOGIST))
    for c in range(board.N_CELLS):  # R12: cell order (x, then y) = bit order
        if newly >> c & 1 and board.CELL_BONUS[c]:
            placement_bonus(s, p, c)
            if archaeologist and BORDER >> c & 1:
                archaeologist_bonus(s, p)
    if not pl.full_cover_done and pl.covered & PLAIN == PLAIN:
        pl.full_cover_done = True
        gain(s, p, 0, board.MAP.full_cover_appeal)
    return building


def placement_bonus(s: State, p: int, cell: int) -> None:
    """§6.7 (R1 names): reputation, x_token, take_card, money, worker."""
    kind, value = int(board.CELL_BONUS[cell]), int(board.CELL_BONUS_VALUE[cell])
    if kind == 1:
        gain(s, p, 3, value)
    elif kind == 2:
        gain(s, p, 2, value)
    elif kind == 3:
        for _ in range(value):
            take_card(s, p)
    elif kind == 4:
        gain(s, p, 1, value)
    elif kind == 5:
        for _ in range(value):
            hire_worker(s, p)


def archaeologist_bonus(s: State, p: int) -> None:
    """§12.6 pas_archaeologist: one bonus printed on a still uncovered bonus cell (the cell keeps it)."""
    options = [c for c in range(board.N_CELLS) if BONUS_CELLS >> c & 1 and not s.ps[p].covered >> c & 1]
    if options:
        placement_bonus(s, p, choose(s, p, H_ARCHAEOLOGIST, options))


def build_one(s: State, p: int, kind: int, build2: bool, cost: bool = True) -> Building | None:
    options = legal_footprints(s, p, kind, build2)
    if not options:
        return None
    mask = choose(s, p, H_FOOTPRINT, options)
    if cost:
        pay(s, p, s.rules.building_cost_per_cell * size_of(kind))
    building = place_building(s, p, kind, mask)
    if kind in (REPTILE_HOUSE, LARGE_BIRD_AVIARY):
        move_animals_in(s, p, building)
    return building


def special_fits(s: State, p: int, animal: int, building: Building, ignore_rockwater: bool | None = None) -> bool:
    """An animal may live in a special enclosure: allowed there, capacity left, the building's rock/water."""
    c = idx(animal)
    need = {PETTING_ZOO: C.pz_cubes, REPTILE_HOUSE: C.rh_cubes, LARGE_BIRD_AVIARY: C.lba_cubes}[building.kind][c]
    if need < 0 or building.cubes + need > int(board.BUILDING["capacity"][building.kind]):
        return False
    if ignore_rockwater is None:
        ignore_rockwater = bool(has_effect(s, p, Op.IGNORE_ANIMAL_ROCKWATER))
    return ignore_rockwater or (terrain_touched(s, p, building.mask, ROCK) >= C.rock[c]
                                and terrain_touched(s, p, building.mask, WATER) >= C.water[c])


def move_animals_in(s: State, p: int, building: Building) -> None:
    """§5.2: animals in standard enclosures that fit may move into the new reptile house / aviary (coin each)."""
    pl = s.ps[p]
    homes = {a: b for b in pl.buildings if is_standard_enclosure(b.kind) for a in b.animals}
    for animal in sorted(homes):
        if special_fits(s, p, animal, building) and coin(s, p):
            homes[animal].animals.remove(animal)
            building.animals.append(animal)
            building.cubes += int({REPTILE_HOUSE: C.rh_cubes, LARGE_BIRD_AVIARY: C.lba_cubes}[building.kind][idx(animal)])
            s.log(E_BUILD, p, -1, animal, building.kind)  # an animal moved into the new building


# ---------------------------------------------------------------- the Build action (§5.2)
def build_types(s: State, p: int, strength: int, side2: bool, done: list[int]) -> list[int]:
    types = SIDE2_TYPES if side2 else SIDE1_TYPES
    return affordable_types(s, p, [k for k in types if k not in done], strength, side2)


def can_build(s: State, p: int, strength: int, side2: bool) -> bool:
    return bool(build_types(s, p, strength, side2, []))


@handler("build")
def build_action(s: State, p: int, strength: int, side2: bool) -> None:
    built: list[int] = []
    remaining = strength
    while True:
        types = build_types(s, p, remaining, side2, built)
        if not side2 and built:
            break
        options = ([-1] if built else []) + types
        if not types and not built:
            return
        kind = choose(s, p, H_BUILD_TYPE, options) if options != [-1] else -1
        if kind < 0:
            break
        build_one(s, p, kind, side2)
        built.append(kind)
        remaining -= size_of(kind)
    if built and has_effect(s, p, Op.ENGINEER):
        engineer(s, p, built, side2)


def engineer(s: State, p: int, built: list[int], side2: bool) -> None:
    """§12.4 pas_engineer, R14: one more building of a non-special type built this action, normal cost."""
    types = affordable_types(s, p, [k for k in dict.fromkeys(built) if k not in SPECIAL], 99, side2)
    if types and coin(s, p):
        build_one(s, p, choose(s, p, H_ENGINEER_TYPE, types), side2)


@handler("free_building")
def free_building(s: State, p: int, kind: int, build2: bool | None = None) -> Building | None:
    """§6.3 free buildings: rules 1-5, no cost, placement bonuses; 'II' cells per free_building_ignores_build2."""
    if build2 is None:
        build2 = s.rules.free_building_ignores_build2 or s.ps[p].side2[BUILD]
    return build_one(s, p, kind, build2, cost=False)


@handler("place_unique")
def place_unique(s: State, p: int, kind: int) -> Building | None:
    """§6.9: the sponsor's unique building, free ('II' cells only with Build side II)."""
    return build_one(s, p, kind, s.ps[p].side2[BUILD], cost=False)


def can_place_unique(s: State, p: int, kind: int, build2: bool) -> bool:
    return bool(legal_footprints(s, p, kind, build2))


# ---------------------------------------------------------------- kiosk income and map counts (§6.8, §12.5)
def building_pays(b: Building) -> bool:
    """R23: every building pays a kiosk but an empty standard enclosure and another kiosk."""
    return b.kind != KIOSK and not (is_standard_enclosure(b.kind) and not b.occupied)


def kiosk_income(s: State, p: int) -> int:
    pl = s.ps[p]
    total = 0
    for k in pl.buildings:
        if k.kind == KIOSK:
            ring = around(k.mask)
            total += sum(1 for b in pl.buildings if b is not k and b.mask & ring and building_pays(b))
    return total


def side_entrance_buildings(s: State, p: int) -> int:
    """§12.6 inc_side_entrance: buildings adjacent to the Side Entrance, empty standard enclosures excluded."""
    pl = s.ps[p]
    for e in pl.buildings:
        if e.kind == BUILDINGS.index("side_entrance"):
            ring = around(e.mask)
            return sum(1 for b in pl.buildings if b is not e and b.mask & ring
                       and not (is_standard_enclosure(b.kind) and not b.occupied))
    return 0


def empty_building_cells(s: State, p: int) -> int:
    return PLAIN & ~s.ps[p].covered
