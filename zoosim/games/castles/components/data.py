"""Castles' components, read once at import from the package's copies of the spec's data files.

`rooms.csv`, `shapes.toml` and `bonus.csv` are byte-identical copies of shared/specs/castles-*.{csv,toml}
(a test checks it). Each file is parsed by a function over text (`parse_shapes`, `parse_rooms`,
`parse_bonus`), so a test can feed it bad text: any malformed row raises `ZoosimError` with one line that
names the file, the line, the bad value and what is accepted.

At import the rows become
- plain frozen rows (`SHAPES`, `TILES`, `BONUS_CARDS`, `FAVORS`) for the reference and the tests, and
- numpy int64 tables for the numba core (`TILE_*`, `SIZE_*`, `BONUS_*`, `FAVOR_*`, below), read-only.

Tile index = the CSV's `idx`: 0-74 rooms, 75 hallway, 76 stairs, 77 foyer (spec §4.5). Codes:
type 0-7 as `TYPE_NAMES` (spec §1), side/direction 0-3 = T/N, R/E, B/S, L/W, a door slot is
(side, 0-based index) into the shape's slot list of that side (geometry.py turns it into a unit edge).
"""
from __future__ import annotations

import csv
import io
import re
import tomllib
from dataclasses import dataclass
from importlib import resources

import numpy as np

from zoosim.errors import ZoosimError

TYPE_NAMES: tuple[str, ...] = ("living", "activity", "sleeping", "outdoor", "utility", "food", "corridor",
                               "downstairs")
TYPE_INDEX: dict[str, int] = {name: i for i, name in enumerate(TYPE_NAMES)}
N_TYPES = len(TYPE_NAMES)
LIVING, ACTIVITY, SLEEPING, OUTDOOR, UTILITY, FOOD, CORRIDOR, DOWNSTAIRS = range(N_TYPES)

SIZES_SQFT: tuple[int, ...] = (100, 150, 200, 250, 300, 350, 400, 450, 500, 600)  # size index 0-9
N_SIZES = len(SIZES_SQFT)
SMALL_SIZES = tuple(i for i, s in enumerate(SIZES_SQFT) if s <= 300)  # "small rooms" (spec §1)
LARGE_SIZES = tuple(i for i, s in enumerate(SIZES_SQFT) if s >= 350)

DIRECTIONS = "NESW"   # direction d of a unit edge (x, y, d); clockwise order, so a quarter turn is d + 1
SIDES = "TRBL"        # the printed side letters of door slots, in the same order (T = N, R = E, ...)
HALVES = ("SE", "SW", "NW", "NE")  # the corner a half cell covers; clockwise order, opposite = + 2

# a tile's level column -> code; a hallway chooses its level when placed, stairs have one door of each
LEVEL_KINDS: tuple[str, ...] = ("up", "down", "up_or_down", "up_end+down_end")
LEVEL_UP, LEVEL_DOWN = 0, 1

RULE_KINDS: tuple[str, ...] = ("none", "conn", "touch", "castle")  # centre rule kind (spec §1)
RULE_NONE, RULE_CONN, RULE_TOUCH, RULE_CASTLE = range(len(RULE_KINDS))

METRICS: tuple[str, ...] = ("count", "area_sqft", "set", "money")  # bonus card / favour metric column
DECKS: tuple[str, ...] = ("bonus_card", "kings_favor")
MAX_DOORS = 14  # the hallway


def _accepted(options) -> str:
    return ", ".join(str(o) for o in options)


def _fail(where: str, message: str) -> ZoosimError:
    return ZoosimError(f"castles {where}: {message}")


def _int(where: str, column: str, value: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise _fail(where, f"{column} {value!r} is not an integer") from None


def _choice(where: str, column: str, value: str, accepted) -> int:
    if value not in accepted:
        raise _fail(where, f"unknown {column} {value!r} (accepted: {_accepted(accepted)})")
    return list(accepted).index(value)


# ---------------------------------------------------------------- shapes.toml
@dataclass(frozen=True)
class Shape:
    """A footprint in canonical orientation (as printed). Edges are (x, y, d) of an own cell, d in 0-3 (NESW)."""

    index: int
    name: str
    area_sqft: int
    w: int
    h: int
    rows: tuple[str, ...]
    full: tuple[tuple[int, int], ...]            # full cells, row by row
    half: tuple[tuple[int, int, int], ...]       # (x, y, half) half cells, half in 0-3 (HALVES)
    wall: str                                    # "boundary" or "tangent"
    slots: tuple[tuple[tuple[int, int, int], ...], ...]  # slots[side][i] = edge of door slot (side, i)
    fence: tuple[tuple[int, int, int], ...]      # fence edges (outdoor rooms only)
    fence_diagonals: tuple[tuple[int, int], ...]  # half cells whose diagonal wall is fence too


@dataclass(frozen=True)
class Piece:
    """A `[piece.*]` table: the shape and doors of the hallway, the stairs and the foyer."""

    name: str
    shape: str
    doors: str                                   # door slots, e.g. "T1;L1;R1"
    levels: tuple[str, ...]                      # the levels it may be laid at ("up", "down")
    door_level: tuple[tuple[str, str], ...]      # (slot, level) where a door has its own level (stairs)


def _edge(where: str, value) -> tuple[int, int, int]:
    if (not isinstance(value, list) or len(value) != 3 or not all(isinstance(v, int) for v in value[:2])
            or value[2] not in DIRECTIONS):
        raise _fail(where, f"edge {value!r} is not [x, y, dir] with dir one of {_accepted(DIRECTIONS)}")
    return value[0], value[1], DIRECTIONS.index(value[2])


def _shape(index: int, name: str, t: dict) -> Shape:
    where = f"shapes.toml shape {name!r}"
    w, h, rows = t.get("w"), t.get("h"), t.get("rows")
    if not (isinstance(w, int) and isinstance(h, int) and w > 0 and h > 0):
        raise _fail(where, f"w and h must be positive integers, got {w!r} x {h!r}")
    if not (isinstance(rows, list) and len(rows) == h and all(isinstance(r, str) and len(r) == w for r in rows)):
        raise _fail(where, f"rows must be {h} strings of {w} characters, got {rows!r}")
    bad = sorted({c for r in rows for c in r} - set("#h."))
    if bad:
        raise _fail(where, f"unknown cell mark {bad[0]!r} in rows (accepted: '#' full, 'h' half, '.' none)")
    full = tuple((x, y) for y, r in enumerate(rows) for x, c in enumerate(r) if c == "#")
    marked = {(x, y) for y, r in enumerate(rows) for x, c in enumerate(r) if c == "h"}
    half = []
    for entry in t.get("half", []):
        if not (isinstance(entry, list) and len(entry) == 3 and entry[2] in HALVES):
            raise _fail(where, f"half {entry!r} is not [x, y, half] with half one of {_accepted(HALVES)}")
        half.append((entry[0], entry[1], HALVES.index(entry[2])))
    if {(x, y) for x, y, _ in half} != marked or len(half) != len(marked):
        raise _fail(where, f"half lists {sorted((x, y) for x, y, _ in half)} but rows mark {sorted(marked)}")
    wall = t.get("wall")
    if wall not in ("boundary", "tangent"):
        raise _fail(where, f"unknown wall rule {wall!r} (accepted: boundary, tangent)")
    own = set(full) | marked
    slots_in = t.get("slots", {})
    extra = sorted(set(slots_in) - set(SIDES))
    if extra:
        raise _fail(where, f"unknown slot side {extra[0]!r} (accepted: {_accepted(SIDES)})")

    def outer(edge: tuple[int, int, int], what: str) -> tuple[int, int, int]:
        x, y, d = edge
        across = (x + (0, 1, 0, -1)[d], y + (-1, 0, 1, 0)[d])
        if (x, y) not in full or across in own:
            raise _fail(where, f"{what} edge {[x, y, DIRECTIONS[d]]} is not on the outline of a full cell")
        return edge

    slots = tuple(tuple(outer(_edge(where, e), f"slot {s}") for e in slots_in.get(s, [])) for s in SIDES)
    fence = tuple(outer(_edge(where, e), "fence") for e in t.get("fence", []))
    diagonals = tuple((e[0], e[1]) for e in t.get("fence_diagonals", []))
    if not set(diagonals) <= marked:
        raise _fail(where, f"fence_diagonals {list(diagonals)} must be half cells {sorted(marked)}")
    area = t.get("area_sqft")
    if not isinstance(area, int):
        raise _fail(where, f"area_sqft {area!r} is not an integer")
    return Shape(index, name, area, w, h, tuple(rows), full, tuple(half), wall, slots, fence, diagonals)


def parse_shapes(text: str) -> tuple[tuple[Shape, ...], dict[str, Piece]]:
    """The shapes (in file order) and the pieces of a shapes.toml text."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise _fail("shapes.toml", f"not valid TOML ({e})") from None
    shapes = tuple(_shape(i, name, t) for i, (name, t) in enumerate(doc.get("shape", {}).items()))
    names = [s.name for s in shapes]
    pieces = {}
    for name, t in doc.get("piece", {}).items():
        if t.get("shape") not in names:
            raise _fail(f"shapes.toml piece {name!r}", f"unknown shape {t.get('shape')!r} "
                        f"(accepted: {_accepted(names)})")
        levels = tuple(t.get("levels", [t.get("level", "up")]))
        door_level = tuple(t.get("door_level", {}).items())
        for level in levels + tuple(v for _, v in door_level):
            if level not in ("up", "down"):
                raise _fail(f"shapes.toml piece {name!r}", f"unknown level {level!r} (accepted: up, down)")
        pieces[name] = Piece(name, t["shape"], t.get("doors", ""), levels, door_level)
    return shapes, pieces


# ---------------------------------------------------------------- rooms.csv
ROOM_COLUMNS = ("idx", "id", "name_en", "name_in_source", "type", "type_idx", "size_sqft", "size_idx", "shape",
                "grid_units", "shape_id", "level", "base_points", "bonus_kind", "bonus_tags", "doors", "doors_T",
                "doors_R", "doors_B", "doors_L", "door_slots", "fence_side", "is_piece", "verified", "note")


@dataclass(frozen=True)
class Tile:
    """One row of rooms.csv: a room (0-74) or a piece (75 hallway, 76 stairs, 77 foyer)."""

    index: int
    id: str
    name: str
    type: int
    size_sqft: int
    size: int                            # size index 0-9, -1 for pieces
    shape: int                           # index into SHAPES
    level: int                           # index into LEVEL_KINDS
    base: int
    rule_kind: int                       # index into RULE_KINDS
    rule: tuple[tuple[int, int], ...]    # (type, value) pairs of the centre rule
    doors: tuple[tuple[int, int], ...]   # door slots (side, 0-based index), in door_slots order
    fence: bool
    is_piece: bool
    verified: str


_SLOT = re.compile(r"([TRBL])([1-9][0-9]*)\Z")


def _rule(where: str, kind: int, text: str) -> tuple[tuple[int, int], ...]:
    if kind == RULE_NONE:
        if text:
            raise _fail(where, f"bonus_tags {text!r} given for bonus_kind none (accepted: empty)")
        return ()
    pairs = []
    for tag in text.split(";"):
        parts = tag.split(":")
        if len(parts) != 3 or parts[0] != RULE_KINDS[kind]:
            raise _fail(where, f"bonus tag {tag!r} is not {RULE_KINDS[kind]}:type:value")
        t = _choice(where, "type", parts[1], TYPE_NAMES)
        if t in (p[0] for p in pairs):
            raise _fail(where, f"bonus tag {tag!r} names type {parts[1]!r} twice")
        pairs.append((t, _int(where, "bonus value", parts[2])))
    return tuple(pairs)


def _doors(where: str, text: str, shape: Shape) -> tuple[tuple[int, int], ...]:
    doors: list[tuple[int, int]] = []
    for slot in text.split(";") if text else []:
        m = _SLOT.match(slot)
        if not m:
            raise _fail(where, f"door slot {slot!r} is not a side letter ({_accepted(SIDES)}) and an index")
        side, i = SIDES.index(m.group(1)), int(m.group(2)) - 1
        if i >= len(shape.slots[side]):
            raise _fail(where, f"door slot {slot!r} does not exist on shape {shape.name} "
                        f"(side {m.group(1)} has slots 1-{len(shape.slots[side])})")
        if (side, i) in doors:
            raise _fail(where, f"door slot {slot!r} is listed twice")
        doors.append((side, i))
    return tuple(doors)


def parse_rooms(text: str, shapes: tuple[Shape, ...]) -> tuple[Tile, ...]:
    """The tiles of a rooms.csv text; `shapes` from `parse_shapes` (door slots are checked against them)."""
    reader = csv.DictReader(io.StringIO(text))
    missing = [c for c in ROOM_COLUMNS if c not in (reader.fieldnames or [])]
    if missing:
        raise _fail("rooms.csv", f"missing column {missing[0]!r} (columns: {_accepted(ROOM_COLUMNS)})")
    shape_names = [s.name for s in shapes]
    tiles: list[Tile] = []
    seen: set[str] = set()
    for row in reader:
        where = f"rooms.csv line {reader.line_num}"
        index = _int(where, "idx", row["idx"])
        if index != len(tiles):
            raise _fail(where, f"idx {index} out of order (expected {len(tiles)})")
        if row["id"] in seen:
            raise _fail(where, f"duplicate room id {row['id']!r} (ids must be unique)")
        seen.add(row["id"])
        ttype = _choice(where, "type", row["type"], TYPE_NAMES)
        if _int(where, "type_idx", row["type_idx"]) != ttype:
            raise _fail(where, f"type_idx {row['type_idx']} does not match type {row['type']!r} ({ttype})")
        shape = shapes[_choice(where, "shape_id", row["shape_id"], shape_names)]
        size_sqft = _int(where, "size_sqft", row["size_sqft"])
        if size_sqft != shape.area_sqft:
            raise _fail(where, f"size_sqft {size_sqft} does not match shape {shape.name} ({shape.area_sqft})")
        is_piece = _choice(where, "is_piece", row["is_piece"], ("0", "1")) == 1
        size = _int(where, "size_idx", row["size_idx"])
        expected = -1 if is_piece else (SIZES_SQFT.index(size_sqft) if size_sqft in SIZES_SQFT else None)
        if expected is None or size != expected:
            raise _fail(where, f"size_idx {size} does not match size_sqft {size_sqft} "
                        f"(rooms: {_accepted(SIZES_SQFT)} = 0-9; pieces: -1)")
        level = _choice(where, "level", row["level"], LEVEL_KINDS)
        kind = _choice(where, "bonus_kind", row["bonus_kind"], RULE_KINDS)
        doors = _doors(where, row["door_slots"], shape)
        if _int(where, "doors", row["doors"]) != len(doors):
            raise _fail(where, f"doors {row['doors']} but door_slots lists {len(doors)}")
        for side, letter in enumerate(SIDES):
            n = sum(1 for s, _ in doors if s == side)
            if _int(where, f"doors_{letter}", row[f"doors_{letter}"]) != n:
                raise _fail(where, f"doors_{letter} {row[f'doors_{letter}']} but door_slots lists {n} on {letter}")
        fence = _choice(where, "fence_side", row["fence_side"], ("", "top")) == 1
        tiles.append(Tile(index, row["id"], row["name_en"], ttype, size_sqft, size, shape.index, level,
                          _int(where, "base_points", row["base_points"]), kind,
                          _rule(where, kind, row["bonus_tags"]), doors, fence, is_piece, row["verified"]))
    return tuple(tiles)


# ---------------------------------------------------------------- bonus.csv
BONUS_COLUMNS = ("id", "deck", "name_en", "source_key", "metric", "filter", "unit_points", "rank_points", "rule",
                 "verified", "note")


@dataclass(frozen=True)
class Card:
    """A bonus card (BCnn) or a King's Favor (KFnn) as the CSV gives it, plus the type/size it counts."""

    id: str
    deck: int          # 0 bonus card, 1 King's Favor (DECKS)
    name: str
    source_key: str    # the effect's name in [M]; special cards are told apart by it
    metric: int        # METRICS index
    filter: str        # the CSV's wording of what is counted
    type: int          # the room type counted (type cards and favours), else -1
    size: int          # the size index counted (size cards), else -1
    unit_points: int   # bonus cards: points per unit (or per set); favours: 0
    rank_points: tuple[int, ...]  # favours: points for 1st, 2nd, ...; bonus cards: ()
    rule: str
    verified: str


_BY_TYPE = re.compile(r"(RoomPurposeBonusCard|RoomAreaKingsFavor|RoomCountKingsFavor)_([A-Z]+)\Z")
_BY_SIZE = re.compile(r"FigureTypeBonusCard_([0-9]+)\Z")


def parse_bonus(text: str) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The bonus cards and the King's Favors of a bonus.csv text, each in file order."""
    reader = csv.DictReader(io.StringIO(text))
    missing = [c for c in BONUS_COLUMNS if c not in (reader.fieldnames or [])]
    if missing:
        raise _fail("bonus.csv", f"missing column {missing[0]!r} (columns: {_accepted(BONUS_COLUMNS)})")
    cards: list[Card] = []
    for row in reader:
        where = f"bonus.csv line {reader.line_num}"
        if row["id"] in (c.id for c in cards):
            raise _fail(where, f"duplicate card id {row['id']!r} (ids must be unique)")
        deck = _choice(where, "deck", row["deck"], DECKS)
        prefix = ("BC", "KF")[deck]
        if not re.fullmatch(prefix + r"[0-9]{2}", row["id"]):
            raise _fail(where, f"id {row['id']!r} does not fit deck {row['deck']} "
                        f"(accepted: {prefix}01, {prefix}02, ...)")
        metric = _choice(where, "metric", row["metric"], METRICS)
        ttype, size = -1, -1
        if m := _BY_TYPE.match(row["source_key"]):
            ttype = _choice(where, "type", m.group(2).lower(), TYPE_NAMES)
        if m := _BY_SIZE.match(row["source_key"]):
            size = _choice(where, "size", m.group(1), tuple(str(s) for s in SIZES_SQFT))
        if deck == 0:
            unit, ranks = _int(where, "unit_points", row["unit_points"]), ()
            if row["rank_points"]:
                raise _fail(where, f"rank_points {row['rank_points']!r} on a bonus card (accepted: empty)")
        else:
            if row["unit_points"]:
                raise _fail(where, f"unit_points {row['unit_points']!r} on a King's Favor (accepted: empty)")
            unit = 0
            ranks = tuple(_int(where, "rank_points", p) for p in row["rank_points"].split("/"))
        cards.append(Card(row["id"], deck, row["name_en"], row["source_key"], metric, row["filter"], ttype, size,
                          unit, ranks, row["rule"], row["verified"]))
    return tuple(c for c in cards if c.deck == 0), tuple(c for c in cards if c.deck == 1)


# ---------------------------------------------------------------- load the package copies
def _read(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


SHAPES, PIECES = parse_shapes(_read("shapes.toml"))
TILES: tuple[Tile, ...] = parse_rooms(_read("rooms.csv"), SHAPES)
BONUS_CARDS, FAVORS = parse_bonus(_read("bonus.csv"))

SHAPE_NAMES: tuple[str, ...] = tuple(s.name for s in SHAPES)
SHAPE_INDEX: dict[str, int] = {name: i for i, name in enumerate(SHAPE_NAMES)}
N_SHAPES = len(SHAPES)
N_TILES = len(TILES)
N_ROOMS = sum(1 for t in TILES if not t.is_piece)
TILE_INDEX: dict[str, int] = {t.id: t.index for t in TILES}        # "liv150_parlor" -> 9
TILE_BY_NAME: dict[str, int] = {t.name: t.index for t in TILES}    # "Parlor" -> 9
TILE_NAMES: tuple[str, ...] = tuple(t.name for t in TILES)
HALLWAY, STAIRS, FOYER = TILE_INDEX["piece_hallway"], TILE_INDEX["piece_stairs"], TILE_INDEX["piece_foyer"]
BONUS_INDEX: dict[str, int] = {c.id: i for i, c in enumerate(BONUS_CARDS)}   # "BC01" -> 0
FAVOR_INDEX: dict[str, int] = {c.id: i for i, c in enumerate(FAVORS)}        # "KF01" -> 0
N_BONUS_CARDS = len(BONUS_CARDS)
N_FAVORS = len(FAVORS)


def _frozen(a: np.ndarray) -> np.ndarray:
    a.setflags(write=False)
    return a


def _tile_tables() -> dict[str, np.ndarray]:
    t = {name: np.array([getattr(x, name) for x in TILES], np.int64)
         for name in ("type", "size_sqft", "size", "shape", "base", "rule_kind", "is_piece")}
    t["level_kind"] = np.array([x.level for x in TILES], np.int64)
    t["has_fence"] = np.array([x.fence for x in TILES], np.int64)
    rule_value = np.zeros((N_TILES, N_TYPES), np.int64)
    door_slot = np.full((N_TILES, MAX_DOORS, 2), -1, np.int64)
    per_side = np.zeros((N_TILES, 4), np.int64)
    for x in TILES:
        for ttype, value in x.rule:
            rule_value[x.index, ttype] = value
        for k, (side, i) in enumerate(x.doors):
            door_slot[x.index, k] = (side, i)
            per_side[x.index, side] += 1
    t["rule_value"], t["door_slot"], t["doors_per_side"] = rule_value, door_slot, per_side
    t["n_doors"] = np.array([len(x.doors) for x in TILES], np.int64)
    return {k: _frozen(v) for k, v in t.items()}


_T = _tile_tables()
TILE_TYPE = _T["type"]                # [N_TILES] type code 0-7
TILE_SIZE_SQFT = _T["size_sqft"]      # [N_TILES] printed area (pieces: 150 / 75 / 125)
TILE_SIZE = _T["size"]                # [N_TILES] size index 0-9 into SIZES_SQFT, -1 for pieces
TILE_SHAPE = _T["shape"]              # [N_TILES] shape index into SHAPES
TILE_LEVEL_KIND = _T["level_kind"]    # [N_TILES] index into LEVEL_KINDS
TILE_BASE = _T["base"]                # [N_TILES] base points
TILE_RULE_KIND = _T["rule_kind"]      # [N_TILES] RULE_NONE / CONN / TOUCH / CASTLE
TILE_RULE_VALUE = _T["rule_value"]    # [N_TILES, N_TYPES] the rule's value per neighbour type (0 = not named)
TILE_N_DOORS = _T["n_doors"]          # [N_TILES]
TILE_DOOR_SLOT = _T["door_slot"]      # [N_TILES, MAX_DOORS, 2] (side, index) per door, -1 padded
TILE_DOORS_PER_SIDE = _T["doors_per_side"]  # [N_TILES, 4] door count on T, R, B, L
TILE_HAS_FENCE = _T["has_fence"]      # [N_TILES] 1 for outdoor rooms (fence on the top side)
TILE_IS_PIECE = _T["is_piece"]        # [N_TILES] 1 for hallway, stairs, foyer


def _size_stacks() -> np.ndarray:
    stacks = np.full((N_SIZES, max(sum(1 for t in TILES if t.size == s) for s in range(N_SIZES))), -1, np.int64)
    for s in range(N_SIZES):
        members = [t.index for t in TILES if t.size == s]
        stacks[s, :len(members)] = members
    return _frozen(stacks)


SIZE_TILES = _size_stacks()  # [N_SIZES, 9] room indices of each size's stack, -1 padded
SIZE_N_TILES = _frozen((SIZE_TILES >= 0).sum(axis=1).astype(np.int64))  # [N_SIZES] 9 x5, 6 x5

BONUS_METRIC = _frozen(np.array([c.metric for c in BONUS_CARDS], np.int64))       # [27] METRICS index
BONUS_TYPE = _frozen(np.array([c.type for c in BONUS_CARDS], np.int64))           # [27] type counted or -1
BONUS_SIZE = _frozen(np.array([c.size for c in BONUS_CARDS], np.int64))           # [27] size index or -1
BONUS_UNIT_POINTS = _frozen(np.array([c.unit_points for c in BONUS_CARDS], np.int64))  # [27]
FAVOR_METRIC = _frozen(np.array([c.metric for c in FAVORS], np.int64))            # [24] METRICS index
FAVOR_TYPE = _frozen(np.array([c.type for c in FAVORS], np.int64))                # [24] type ranked or -1
FAVOR_RANK_POINTS = _frozen(np.array([c.rank_points for c in FAVORS], np.int64))  # [24, 4] 8/4/2/1
