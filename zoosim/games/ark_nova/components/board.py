"""Ark Nova's map A (spec §6) as 58-bit cell masks and every legal building footprint, built once at import.

`map_a.toml` is a byte copy of `shared/specs/ark-nova-map-a.toml`. Cells are numbered in (x, y) order (§6.1's
suggested bit index): bit i of a uint64 mask is cell i, so a zoo, a terrain class or a footprint is one integer and
a legality test is a few mask operations (§1 decision record). Neighbours, border cells, hex distances and the
footprints are derived here, never stored in the map file.

Footprints: for every building of `vocab.BUILDINGS` (standard enclosures 1-5, kiosk, pavilion, the three special
enclosures, the 15 unique buildings), every distinct cell set the shape covers on the map in any allowed
orientation, in `FOOTPRINTS.masks[start[b] : start[b] + count[b]]`. The first `plain_count[b]` of them lie on plain
cells only (the normal rule, §6.3 rule 1; "II" cells included — whether they may be used depends on the Build
card's side); the rest also cover rock or water, for Diversity Researcher 219 (`pas_build_on_rockwater`). Each group
is sorted by mask value. Per footprint: the mask of cells around it (`around`, for adjacency, §6.3 rule 2, and
terrain touch, §6.5), the rock/water cells it touches on an uncovered map, and its border cells (§6.9 constraints).

Readings where the spec leaves a choice (named parameters, spec default in force):
- `allow_reflections = False`: shapes turn through their 6 rotations only (§6.3 rule 5, §6.9 "rotate"); physical
  tiles are not flipped. The 10 standard shapes are mirror-symmetric, so this matters only for the chiral unique
  buildings (penguin, baboon, monkey, polar bear, hyena, okapi: True doubles their footprints).
- `KIOSK_MIN_DISTANCE = 3` (§6.3 rule 3): `KIOSK_BLOCKED[c]` = cells at hex distance < 3 from c.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources

import numpy as np

from zoosim.errors import ZoosimError
from zoosim.games.ark_nova.components.vocab import (
    BUILDINGS, CELL_BONUSES, LARGE_BIRD_AVIARY, N_BUILDINGS, PETTING_ZOO, PLAIN, REPTILE_HOUSE, ROCK_TERRAIN,
    TERRAINS, WATER_TERRAIN, lookup,
)

MAX_CELLS = 64
NEIGHBOUR_OFFSETS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))  # (dx, dy), clockwise from "up" (§6.1)
KIOSK_MIN_DISTANCE = 3
BONUS_COLUMN_KINDS: tuple[str, ...] = ("snap", "free_enclosure", "money", "cp", "reputation", "x_token")  # §10.5
SLOT_BONUS_KINDS: tuple[str, ...] = ("none", "upgrade", "worker", "cp")  # §10.3, §10.4 ("cp:2" = cp, value 2)

# §6.4 shapes as axial offsets (q, r); cell (x, y) has axial (x, (y - x - 1) / 2), an offset (dx, dy) is
# (dx, (dy - dx) / 2). §6.9 gives the unique buildings in (dx, dy) map offsets, converted below.
STANDARD_SHAPES: dict[str, tuple[tuple[int, int], ...]] = {
    "enclosure1": ((0, 0),),
    "enclosure2": ((0, 0), (0, 1)),
    "enclosure3": ((0, 0), (0, 1), (1, 0)),
    "enclosure4": ((0, -1), (0, 0), (1, -1), (1, 0)),
    "enclosure5": ((-1, 0), (-1, 1), (0, -1), (0, 0), (0, 1)),
    "kiosk": ((0, 0),),
    "pavilion": ((0, 0),),
    "petting_zoo": ((0, 0), (0, 1), (1, -1)),
    "reptile_house": ((-1, 0), (-1, 1), (0, 0), (1, -1), (1, 0)),
    "large_bird_aviary": ((-1, 0), (-1, 1), (0, 0), (0, 1), (1, -1)),
}
# name: ((dx, dy) offsets), min rock touched, min water touched, min border cells, needs adjacency (§6.9 table)
UNIQUE_SHAPES: dict[str, tuple[tuple[tuple[int, int], ...], int, int, int, bool]] = {
    "meerkat": (((0, 0), (-1, 1), (1, 1)), 1, 0, 0, True),
    "penguin": (((0, 0), (-1, -1), (1, -1), (1, 1)), 0, 1, 0, True),
    "aquarium": (((0, 0), (-1, 1), (1, 1), (1, 3)), 0, 2, 0, True),
    "cable": (((0, 0), (0, -2), (0, 2), (0, 4)), 2, 0, 0, True),
    "baboon": (((0, 0), (-1, 1), (0, -2), (0, 2)), 1, 0, 0, True),
    "monkey": (((0, 0), (-1, -1), (0, 2), (0, 4)), 0, 0, 0, True),
    "owl": (((0, 0), (0, -2), (0, 2)), 0, 0, 0, True),
    "sea_turtle": (((0, 0), (-1, 1), (0, -2), (1, 1)), 0, 1, 0, True),
    "polar_bear": (((0, 0), (-1, 1), (1, 1), (2, 0)), 0, 1, 0, True),
    "hyena": (((0, 0), (0, 2), (0, 4), (1, -1)), 1, 0, 0, True),
    "okapi": (((0, 0), (-1, 1), (-2, 0), (1, 1)), 0, 0, 0, True),
    "zoo_school": (((0, 0), (-1, 1), (1, 1)), 0, 0, 2, True),
    "adventure": (((0, 0), (0, 2)), 1, 0, 0, True),
    "water_playground": (((0, 0), (1, 1)), 0, 1, 0, True),
    "side_entrance": (((0, 0), (1, 1)), 0, 0, 2, False),
}
SPECIAL_CAPACITY = {"petting_zoo": 3, "reptile_house": 5, "large_bird_aviary": 5}  # §6.6


def to_axial(dx: int, dy: int) -> tuple[int, int]:
    if (dy - dx) % 2:
        raise ZoosimError(f"offset ({dx}, {dy}) is not on the hex grid (dx + dy must be even)")
    return dx, (dy - dx) // 2


def shape_of(building: str) -> tuple[tuple[int, int], ...]:
    """A building's axial offsets (§6.4 / §6.9)."""
    if building in STANDARD_SHAPES:
        return STANDARD_SHAPES[building]
    return tuple(to_axial(dx, dy) for dx, dy in UNIQUE_SHAPES[building][0])


def orientations(shape: tuple[tuple[int, int], ...], allow_reflections: bool = False) -> list[frozenset]:
    """The shape turned by 0-300 degrees ((q, r) -> (-r, q + r)), also mirrored ((q, r) -> (r, q)) if allowed."""
    out: list[frozenset] = []
    starts = [list(shape)] + ([[(r, q) for q, r in shape]] if allow_reflections else [])
    for cells in starts:
        for _ in range(6):
            out.append(frozenset(cells))
            cells = [(-r, q + r) for q, r in cells]
    return out


# ---------------------------------------------------------------- the map file
@dataclass(frozen=True)
class MapData:
    id: str
    cells: tuple[tuple[int, int], ...]  # (x, y), sorted: the bit order
    terrain: tuple[int, ...]            # index into TERRAINS
    needs_build2: tuple[bool, ...]
    bonus: tuple[int, ...]              # index into CELL_BONUSES (0 = none)
    bonus_value: tuple[int, ...]
    full_cover_appeal: int
    partner_zoo_slot_bonus: tuple[tuple[int, int], ...]  # (SLOT_BONUS_KINDS index, value) per slot 1..
    university_slot_bonus: tuple[tuple[int, int], ...]
    last_worker_cp: int
    bonus_column: tuple[tuple[int, int, bool], ...]  # (BONUS_COLUMN_KINDS index, value, income) by slot
    start_buildings: tuple[tuple[int, tuple[tuple[int, int], ...]], ...]  # (BUILDINGS index, cells)


def _need(table: dict, key: str, kind: type, where: str):
    if key not in table or not isinstance(table[key], kind) or (kind is int and isinstance(table[key], bool)):
        raise ZoosimError(f"{where}: {key!r} must be a {kind.__name__}")
    return table[key]


def _slot_bonus(text: str, where: str) -> tuple[int, int]:
    kind, _, value = text.partition(":")
    if (kind == "cp") != bool(value) or (value and not value.isdigit()):
        raise ZoosimError(f"{where}: slot bonus {text!r}; accepted: none, upgrade, worker, cp:N")
    return lookup(SLOT_BONUS_KINDS, kind, "slot bonus"), int(value or 0)


def parse_map(text: str, source: str = "map_a.toml") -> MapData:
    """The map file's text -> MapData; anything malformed raises a one-line ZoosimError naming it."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ZoosimError(f"{source}: not valid TOML ({err})") from None
    rows = _need(data, "cells", list, source)
    if not 0 < len(rows) <= MAX_CELLS:
        raise ZoosimError(f"{source}: {len(rows)} cells; a map holds 1-{MAX_CELLS} (one uint64 mask)")
    seen: dict[tuple[int, int], dict] = {}
    for i, row in enumerate(rows):
        where = f"{source} cell {i}"
        x, y = _need(row, "x", int, where), _need(row, "y", int, where)
        where = f"{source} cell ({x},{y})"
        if x < 0 or y < 0 or (x + y) % 2 == 0:
            raise ZoosimError(f"{where}: coordinates must be >= 0 with x + y odd (§6.1)")
        if (x, y) in seen:
            raise ZoosimError(f"{where}: cell listed twice")
        try:
            terrain = lookup(TERRAINS, _need(row, "terrain", str, where), "terrain")
            bonus = lookup(CELL_BONUSES, _need(row, "bonus", str, where), "placement bonus")
        except ZoosimError as err:
            raise ZoosimError(f"{where}: {err}") from None
        value = _need(row, "value", int, where)
        if (bonus == 0) != (value == 0) or value < 0:
            raise ZoosimError(f"{where}: bonus {row['bonus']!r} with value {value} (a bonus needs a value > 0)")
        if terrain != PLAIN and (bonus or row.get("needs_build2")):
            raise ZoosimError(f"{where}: only plain cells carry a bonus or needs_build2")
        seen[(x, y)] = dict(terrain=terrain, bonus=bonus, value=value,
                            build2=_need(row, "needs_build2", bool, where))
    cells = tuple(sorted(seen))
    table = _need(data, "map", dict, source)
    where = f"{source} [map]"
    if table.get("power", "none") != "none":
        raise ZoosimError(f"{where}: power {table['power']!r}; accepted: none (map powers are not modelled)")
    column = []
    for i, slot in enumerate(_need(data, "bonus_column", list, source)):
        w = f"{source} bonus_column {i}"
        if _need(slot, "slot", int, w) != i:
            raise ZoosimError(f"{w}: slots must be numbered 0, 1, ... in order")
        try:
            kind = lookup(BONUS_COLUMN_KINDS, _need(slot, "bonus", str, w), "bonus-column bonus")
        except ZoosimError as err:
            raise ZoosimError(f"{w}: {err}") from None
        column.append((kind, _need(slot, "value", int, w), _need(slot, "income", bool, w)))
    starts = []
    for i, b in enumerate(data.get("start_building", [])):
        w = f"{source} start_building {i}"
        try:
            kind = lookup(BUILDINGS, _need(b, "type", str, w), "building")
        except ZoosimError as err:
            raise ZoosimError(f"{w}: {err}") from None
        at = tuple(tuple(c) for c in _need(b, "cells", list, w))
        if any(c not in seen or seen[c]["terrain"] != PLAIN for c in at):
            raise ZoosimError(f"{w}: cells {list(at)} must be plain cells of the map")
        starts.append((kind, at))
    return MapData(
        id=_need(table, "id", str, where), cells=cells,
        terrain=tuple(seen[c]["terrain"] for c in cells), needs_build2=tuple(seen[c]["build2"] for c in cells),
        bonus=tuple(seen[c]["bonus"] for c in cells), bonus_value=tuple(seen[c]["value"] for c in cells),
        full_cover_appeal=_need(table, "full_cover_appeal", int, where),
        partner_zoo_slot_bonus=tuple(_slot_bonus(s, where) for s in _need(table, "partner_zoo_slot_bonus", list,
                                                                            where)),
        university_slot_bonus=tuple(_slot_bonus(s, where) for s in _need(table, "university_slot_bonus", list, where)),
        last_worker_cp=_need(table, "last_worker_cp", int, where),
        bonus_column=tuple(column), start_buildings=tuple(starts),
    )


MAP = parse_map(resources.files(__package__).joinpath("map_a.toml").read_text(encoding="utf-8"))
N_CELLS = len(MAP.cells)
CELL_INDEX: dict[tuple[int, int], int] = {c: i for i, c in enumerate(MAP.cells)}


def _u64(mask: int) -> np.uint64:
    return np.uint64(mask)


def mask_of(cells) -> int:
    """The mask (Python int) of (x, y) cells; an unknown cell raises."""
    out = 0
    for c in cells:
        if tuple(c) not in CELL_INDEX:
            raise ZoosimError(f"cell {tuple(c)} is not on map {MAP.id}")
        out |= 1 << CELL_INDEX[tuple(c)]
    return out


def cells_of(mask: int) -> list[tuple[int, int]]:
    return [MAP.cells[i] for i in range(N_CELLS) if mask >> i & 1]


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """§6.1: dx + max(0, (dy - dx) / 2)."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return dx + max(0, (dy - dx) // 2)


# ---------------------------------------------------------------- cell tables
def _cell_masks() -> dict[str, int]:
    m = {"all": (1 << N_CELLS) - 1}
    for name, test in (("plain", lambda i: MAP.terrain[i] == PLAIN), ("rock", lambda i: MAP.terrain[i] == ROCK_TERRAIN),
                       ("water", lambda i: MAP.terrain[i] == WATER_TERRAIN), ("build2", lambda i: MAP.needs_build2[i]),
                       ("bonus", lambda i: MAP.bonus[i] != 0)):
        m[name] = sum(1 << i for i in range(N_CELLS) if test(i))
    return m


_MASKS = _cell_masks()
NEIGHBOUR_CELLS = np.full((N_CELLS, 6), -1, np.int8)
for _i, (_x, _y) in enumerate(MAP.cells):
    for _d, (_dx, _dy) in enumerate(NEIGHBOUR_OFFSETS):
        NEIGHBOUR_CELLS[_i, _d] = CELL_INDEX.get((_x + _dx, _y + _dy), -1)
_NEIGHBOURS = [sum(1 << int(j) for j in row if j >= 0) for row in NEIGHBOUR_CELLS]
NEIGHBOURS = np.array(_NEIGHBOURS, np.uint64)
_MASKS["border"] = sum(1 << i for i in range(N_CELLS) if (NEIGHBOUR_CELLS[i] < 0).any())
_MASKS["start"] = sum(mask_of(cells) for _, cells in MAP.start_buildings)

ALL_CELLS, PLAIN_CELLS, ROCK_CELLS, WATER_CELLS = (_u64(_MASKS[k]) for k in ("all", "plain", "rock", "water"))
BUILD2_CELLS, BONUS_CELLS, BORDER_CELLS, START_COVERED = (_u64(_MASKS[k]) for k in ("build2", "bonus", "border",
                                                                                      "start"))
CELL_X = np.array([x for x, _ in MAP.cells], np.int8)
CELL_Y = np.array([y for _, y in MAP.cells], np.int8)
CELL_TERRAIN = np.array(MAP.terrain, np.int8)
CELL_BONUS = np.array(MAP.bonus, np.int8)
CELL_BONUS_VALUE = np.array(MAP.bonus_value, np.int8)
HEX_DISTANCE = np.array([[hex_distance(a, b) for b in MAP.cells] for a in MAP.cells], np.int8)
KIOSK_BLOCKED = np.array([sum(1 << j for j in range(N_CELLS) if HEX_DISTANCE[i, j] < KIOSK_MIN_DISTANCE)
                          for i in range(N_CELLS)], np.uint64)
BONUS_COLUMN_KIND = np.array([k for k, _, _ in MAP.bonus_column], np.int8)
BONUS_COLUMN_VALUE = np.array([v for _, v, _ in MAP.bonus_column], np.int8)
BONUS_COLUMN_INCOME = np.array([inc for _, _, inc in MAP.bonus_column], np.int8)
START_BUILDING_KIND = np.array([k for k, _ in MAP.start_buildings], np.int8)
START_BUILDING_MASK = np.array([mask_of(cells) for _, cells in MAP.start_buildings], np.uint64)


def around(mask: int) -> int:
    """Cells adjacent to `mask` and not in it."""
    out = 0
    for i in range(N_CELLS):
        if mask >> i & 1:
            out |= _NEIGHBOURS[i]
    return out & ~mask


# ---------------------------------------------------------------- buildings and footprints
def _building_tables() -> dict[str, np.ndarray]:
    t = {name: np.zeros(N_BUILDINGS, np.int8) for name in (
        "size", "min_rock", "min_water", "min_border_cells", "needs_adjacency", "needs_build2", "max_per_zoo",
        "capacity", "is_unique")}
    for b, name in enumerate(BUILDINGS):
        t["size"][b] = len(shape_of(name))
        t["needs_adjacency"][b] = 1
        t["capacity"][b] = SPECIAL_CAPACITY.get(name, 0)
        if name in UNIQUE_SHAPES:
            _, rock, water, border, adjacency = UNIQUE_SHAPES[name]
            t["min_rock"][b], t["min_water"][b], t["min_border_cells"][b] = rock, water, border
            t["needs_adjacency"][b], t["max_per_zoo"][b], t["is_unique"][b] = adjacency, 1, 1
    for b in (PETTING_ZOO, REPTILE_HOUSE, LARGE_BIRD_AVIARY):
        t["max_per_zoo"][b] = 1  # §6.3 rule 4
    t["needs_build2"][REPTILE_HOUSE] = t["needs_build2"][LARGE_BIRD_AVIARY] = 1  # §5.2
    return t


BUILDING = _building_tables()


@dataclass(frozen=True)
class FootprintTable:
    """All footprints of all buildings (module doc); indices i below run over `masks`."""

    start: np.ndarray        # int32 (N_BUILDINGS,)
    plain_count: np.ndarray  # int32 (N_BUILDINGS,) footprints on plain cells only, first in each group
    count: np.ndarray        # int32 (N_BUILDINGS,) all footprints on the map
    masks: np.ndarray        # uint64 (n,)
    building: np.ndarray     # int8 (n,)
    around: np.ndarray       # uint64 (n,) cells adjacent to the footprint, not in it
    rock_touched: np.ndarray   # int8 (n,) distinct rock cells adjacent, uncovered map (§6.5)
    water_touched: np.ndarray  # int8 (n,)
    border_cells: np.ndarray   # int8 (n,) cells of the footprint that are border cells
    cell_start: np.ndarray   # int32 (N_BUILDINGS, N_CELLS + 1) into by_cell
    by_cell: np.ndarray      # int32: footprints of building b holding cell c = by_cell[cell_start[b, c]:[b, c+1]]


def building_footprints(building: str, allow_reflections: bool = False) -> tuple[list[int], list[int]]:
    """(plain-only masks, masks touching rock/water), each sorted: every translation of every orientation that
    lies on the map. Shapes hold their anchor (0, 0), so anchoring it on each map cell finds every translation."""
    axial = {(x, (y - x - 1) // 2): i for i, (x, y) in enumerate(MAP.cells)}
    found: set[int] = set()
    for cells in orientations(shape_of(building), allow_reflections):
        for q0, r0 in axial:
            idx = [axial.get((q0 + q, r0 + r)) for q, r in cells]
            if None not in idx:
                found.add(sum(1 << i for i in idx))  # type: ignore[operator]
    plain = _MASKS["plain"]
    return sorted(m for m in found if m & ~plain == 0), sorted(m for m in found if m & ~plain)


def build_footprints(allow_reflections: bool = False) -> FootprintTable:
    start = np.zeros(N_BUILDINGS, np.int32)
    plain_count = np.zeros(N_BUILDINGS, np.int32)
    count = np.zeros(N_BUILDINGS, np.int32)
    masks: list[int] = []
    owner: list[int] = []
    for b, name in enumerate(BUILDINGS):
        on_plain, elsewhere = building_footprints(name, allow_reflections)
        start[b], plain_count[b], count[b] = len(masks), len(on_plain), len(on_plain) + len(elsewhere)
        masks += on_plain + elsewhere
        owner += [b] * int(count[b])
    ring = [around(m) for m in masks]
    cell_start = np.zeros((N_BUILDINGS, N_CELLS + 1), np.int32)
    by_cell: list[int] = []
    for b in range(N_BUILDINGS):
        group = range(int(start[b]), int(start[b] + count[b]))
        for c in range(N_CELLS):
            cell_start[b, c] = len(by_cell)
            by_cell += [i for i in group if masks[i] >> c & 1]
        cell_start[b, N_CELLS] = len(by_cell)
    table = FootprintTable(
        start=start, plain_count=plain_count, count=count, masks=np.array(masks, np.uint64),
        building=np.array(owner, np.int8), around=np.array(ring, np.uint64),
        rock_touched=np.array([bin(r & _MASKS["rock"]).count("1") for r in ring], np.int8),
        water_touched=np.array([bin(r & _MASKS["water"]).count("1") for r in ring], np.int8),
        border_cells=np.array([bin(m & _MASKS["border"]).count("1") for m in masks], np.int8),
        cell_start=cell_start, by_cell=np.array(by_cell, np.int32),
    )
    for value in vars(table).values():
        value.setflags(write=False)
    return table


FOOTPRINTS = build_footprints()

for _arr in (NEIGHBOUR_CELLS, NEIGHBOURS, CELL_X, CELL_Y, CELL_TERRAIN, CELL_BONUS, CELL_BONUS_VALUE, HEX_DISTANCE,
             KIOSK_BLOCKED, BONUS_COLUMN_KIND, BONUS_COLUMN_VALUE, BONUS_COLUMN_INCOME, START_BUILDING_KIND,
             START_BUILDING_MASK, *BUILDING.values()):
    _arr.setflags(write=False)
