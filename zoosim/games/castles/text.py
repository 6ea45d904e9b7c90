"""Castles as text, for `zoosim replay castles` and `zoosim score castles`: short tile and card names, and a castle
(reference.castle.Castle) drawn as a character grid with its doorways' states. Pure Python (no numba).

The drawing crops the grid to the castle's bounding box and puts one character on every cell and one on every edge
between two cells (so a castle w cells wide is 2w + 1 characters wide):
- a cell shows the label of the tile on it (by placement order: A is the foyer, then B, C, ...); a cell two tiles
  share (opposite corner half cells) shows `/` or `\\` along their diagonal; an empty cell is blank;
- an edge shows a doorway's state, `o` OPEN, `=` CONNECTED, `x` BLOCKED (§4.3), else `|` or `-` for a wall,
  the tile's label inside an upstairs tile and `:` inside a downstairs one (so downstairs rooms look dotted), else
  blank; corners show `+` where walls meet.
Upstairs and downstairs tiles share one plane (a cell holds one tile whatever its level), so one grid shows both.
"""
from __future__ import annotations

from zoosim.games.castles.components import data
from zoosim.games.castles.components.geometry import BLOCKED, CONNECTED, DOWN, OPEN
from zoosim.games.castles.reference.castle import Castle

PIECE_NAMES = {data.HALLWAY: "Hallway", data.STAIRS: "Stairs", data.FOYER: "Foyer"}
# tile labels by castle index: no O or X (read as doorway marks), then lowercase, digits and signs
LABELS = ("ABCDEFGHIJKLMNPQRSTUVWYZ" + "abcdefghijklmnpqrstuvwyz" + "0123456789" + "#$%&@?!*")
DOOR_MARKS = {OPEN: "o", CONNECTED: "=", BLOCKED: "x"}
_PRIORITY = {CONNECTED: 0, OPEN: 1, BLOCKED: 2}
LEGEND = ("doorways: o open, = connected, x blocked; | - walls; A B ... the tiles in placement order "
          "(A the foyer); a downstairs tile is dotted (K:K); / \\ a cell two tiles share")


def tile_name(tile: int) -> str:
    """A tile's printed name; the pieces by their short names (Hallway, Stairs, Foyer)."""
    return PIECE_NAMES.get(tile, data.TILE_NAMES[tile])


def size_name(size: int) -> str:
    return f"{data.SIZES_SQFT[size]} sq ft"


def card_name(card: int) -> str:
    c = data.BONUS_CARDS[card]
    return f"{c.id} {c.name}"


def favor_name(favor: int) -> str:
    c = data.FAVORS[favor]
    return f"{c.id} {c.name}"


def label(index: int) -> str:
    return LABELS[index] if index < len(LABELS) else "?"


def draw_castle(castle: Castle, origin: tuple[int, int] = (0, 0)) -> list[str]:
    """The castle as character rows (see the module's doc), then one legend row per tile: its label, name,
    level, position relative to `origin` (the foyer's top-left cell) and whether it is complete."""
    owner: dict[tuple[int, int], int] = {}         # cell -> tile index (full cells and lone half cells)
    shared: dict[tuple[int, int], str] = {}        # cell -> "/" or "\\" where two halves meet
    for t, p in enumerate(castle.tiles):
        for c in p.full:
            owner[c] = t
        for x, y, half in p.half:
            if (x, y) in owner and owner[(x, y)] != t:
                shared[(x, y)] = "/" if half % 2 == 0 else "\\"   # SE+NW split along /, SW+NE along \
            else:
                owner[(x, y)] = t
    walls = {e for p in castle.tiles for e in p.walls}
    doors: dict[tuple[int, int, int], int] = {}    # edge -> the most telling state of its doors: x, then o, then =
    for t, p in enumerate(castle.tiles):
        for k, (edge, _level) in enumerate(p.doors):
            state = castle.door_state[t][k]
            if edge not in doors or _PRIORITY[state] > _PRIORITY[doors[edge]]:
                doors[edge] = state
    xs = [x for x, _ in owner] + [x for x, _ in shared]
    ys = [y for _, y in owner] + [y for _, y in shared]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    down = {t for t, p in enumerate(castle.tiles) if p.level == DOWN}

    def cell(x: int, y: int) -> str:
        if (x, y) in shared:
            return shared[(x, y)]
        t = owner.get((x, y))
        return " " if t is None else label(t)

    def inside(a: tuple[int, int], b: tuple[int, int]) -> str:
        t = owner.get(a)
        if t is None or a in shared or b in shared or owner.get(b) != t:
            return " "
        return ":" if t in down else label(t)

    def edge(e: tuple[int, int, int], a: tuple[int, int], b: tuple[int, int], wall: str) -> str:
        if e in doors:
            return DOOR_MARKS[doors[e]]
        if e in walls:
            return wall
        return inside(a, b)

    rows = []
    for y in range(y0, y1 + 2):
        top, mid = [], []
        for x in range(x0, x1 + 2):
            n_wall = (x, y, 0) in walls
            w_wall = (x, y, 1) in walls
            touching = n_wall or w_wall or (x - 1, y, 0) in walls or (x, y - 1, 1) in walls
            four = {owner.get(c) for c in ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y))}
            if touching:
                corner = "+"
            elif len(four) == 1 and None not in four and not any(
                    c in shared for c in ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y))):
                t = four.pop()
                corner = ":" if t in down else label(t)
            else:
                corner = " "
            top.append(corner)
            if x <= x1:
                top.append(edge((x, y, 0), (x, y - 1), (x, y), "-"))
            if y <= y1:
                mid.append(edge((x, y, 1), (x - 1, y), (x, y), "|"))
                if x <= x1:
                    mid.append(cell(x, y))
        rows.append("".join(top).rstrip())
        if y <= y1:
            rows.append("".join(mid).rstrip())
    ox, oy = origin
    for t, p in enumerate(castle.tiles):
        where = "downstairs" if p.level == DOWN else "upstairs"
        done = ", complete" if castle.is_complete_now(t) and p.tile != data.FOYER else ""
        rows.append(f"  {label(t)} {tile_name(p.tile)} ({where}, rot {p.rot}, at {p.x - ox}, {p.y - oy}{done})")
    return rows
