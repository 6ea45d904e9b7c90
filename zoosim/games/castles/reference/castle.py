"""One player's castle for the plain-Python reference: the spec's §4.3-§4.4 (door states, touching, legality,
candidates) kept up to date tile by tile, and §5-§6's scoring of a placement and completion check.

components.geometry states §4.3-4.4 as plain functions over a list of `Placed` tiles (`door_states`,
`placement_violation`, `legal_placements`); they recompute the whole castle for every question. A game asks
thousands of questions, so `Castle` keeps the same facts in dictionaries keyed by cell and edge and updates them
when a tile is added; tests check it against geometry's functions on random castles (same legal placements, same
door states, same touching and connected pairs).

Placements are (rot, x, y, level) with (x, y) the top-left cell of the rotated box (geometry.place). The
options of a tile are its distinct legal placements (§9.1: only the first of equal rotations,
geometry.TILE_ROT_DISTINCT), sorted ascending as tuples (rot, x, y, level) (PROTOCOL.md 4).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from zoosim.games.castles.components import data
from zoosim.games.castles.components import geometry as g
from zoosim.games.castles.components.geometry import BLOCKED, CONNECTED, OPEN, UP
from zoosim.games.castles.rules import Rules

Placement = tuple[int, int, int, int]  # (rot, x, y, level)


@dataclass(frozen=True)
class Footprint:
    """A tile at one rotation and level, laid at offset (0, 0): what legality needs, relative to the offset."""

    tile: int
    rot: int
    level: int
    full: tuple[tuple[int, int], ...]
    half: tuple[tuple[int, int, int], ...]
    walls: tuple[tuple[int, int, int], ...]         # canonical edges (translate by adding the offset to x, y)
    diagonals: tuple[tuple[int, int, int], ...]
    doors: tuple[tuple[tuple[int, int, int], int, tuple[int, int]], ...]  # (canonical edge, level, cell across)
    fence: tuple[tuple[int, int, int], ...]
    fence_diagonals: tuple[tuple[int, int, int], ...]


@lru_cache(maxsize=None)
def footprint(tile: int, rot: int, level: int) -> Footprint:
    p = g.place(tile, rot, 0, 0, level)
    doors = tuple((edge, lv, g.across(*side)) for (edge, lv), side in zip(p.doors, p.door_sides))
    return Footprint(tile, rot, level, tuple(sorted(p.full)), tuple(sorted(p.half)), tuple(sorted(p.walls)),
                     tuple(sorted(p.diagonals)), doors, tuple(sorted(p.fence)), tuple(sorted(p.fence_diagonals)))


def tile_levels(tile: int) -> list[int]:
    """The levels a tile may be laid at: UP, DOWN or both (a hallway)."""
    return [lv for lv in (g.UP, g.DOWN) if g.TILE_LEVELS[tile] >> lv & 1]


@lru_cache(maxsize=None)
def _joins(tile: int) -> tuple[tuple[int, int, int, int, int, int], ...]:
    """(level laid, rot, door level, door direction, dx, dy of the door's own cell) of every door of the tile at
    every level and distinct rotation: the ways it can meet an open door (§4.4 candidate generation)."""
    out = []
    for lv in tile_levels(tile):
        for r in range(4):
            if not g.TILE_ROT_DISTINCT[tile, r]:
                continue
            for k in range(int(data.TILE_N_DOORS[tile])):
                dx, dy, d = (int(v) for v in g.TILE_DOOR[tile, r, k])
                out.append((lv, r, int(g.TILE_DOOR_LEVEL[tile, lv, k]), d, dx, dy))
    return tuple(out)


def _shift(items, x: int, y: int):
    return [(a + x, b + y, c) for a, b, c in items]


class Castle:
    """The tiles of one castle with every derived relation of §4.3, updated by `add`."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.tiles: list[g.Placed] = []
        self.quarters: dict[tuple[int, int], int] = {}          # cell -> quarters claimed (§4.2 half cells)
        self.walls: dict[tuple[int, int, int], list[int]] = {}   # edge -> tiles with a straight wall there
        self.diagonals: dict[tuple[int, int], list[tuple[int, int]]] = {}  # cell -> (tile, half) diagonal walls
        self.fences: dict[tuple[int, int, int], int] = {}
        self.fence_diagonals: dict[tuple[int, int], list[int]] = {}        # cell -> halves whose diagonal is fence
        self.doors_at: dict[tuple[int, int, int], list[tuple[int, int, int]]] = {}  # edge -> (tile, door, level)
        self.door_state: list[list[int]] = []
        self.door_partner: list[list[int]] = []
        self.open_facing: dict[tuple[int, int], list[tuple[int, int]]] = {}  # cell -> OPEN doors facing it
        self.links: list[dict[int, int]] = []     # tile -> {connected tile: connected door pairs}
        self.touches: list[set[int]] = []         # tile -> touching tiles (connected ones included)
        self.complete: list[bool] = []
        self.open_up = 0                          # external entrances (R7)

    # ------------------------------------------------------------ §4.4 legality
    def violation(self, tile: int, rot: int, x: int, y: int, level: int) -> str | None:
        """The first of G1-G6 that the placement breaks, or None: geometry.placement_violation, by look-ups."""
        fp = footprint(tile, rot % 4, level)
        size = self.rules.grid_size
        cells = [(cx + x, cy + y) for cx, cy in fp.full] + [(cx + x, cy + y) for cx, cy, _ in fp.half]
        if not all(0 <= cx < size and 0 <= cy < size for cx, cy in cells):
            return "G1"
        sharing = self.rules.allow_half_cell_sharing
        for cx, cy in fp.full:
            if (cx + x, cy + y) in self.quarters:
                return "G2"
        for cx, cy, hf in fp.half:
            q = int(g.HALF_QUARTERS[hf]) if sharing else g.FULL_QUARTERS
            have = self.quarters.get((cx + x, cy + y), 0)
            if have & q or (have and not sharing):
                return "G2"
        doors = [((ex + x, ey + y, o), lv, (ax + x, ay + y)) for (ex, ey, o), lv, (ax, ay) in fp.doors]
        if not any(lv2 == lv for edge, lv, _ in doors for _, _, lv2 in self.doors_at.get(edge, ())):
            return "G3"
        if self.rules.mixed_level_door_contact == "illegal" and any(
                lv2 != lv for edge, lv, _ in doors for _, _, lv2 in self.doors_at.get(edge, ())):
            return "G4"
        if any(e in self.walls for e in _shift(fp.fence, x, y)) or \
                any(e in self.fences for e in _shift(fp.walls, x, y)):
            return "G5"
        for cx, cy, hf in _shift(fp.fence_diagonals, x, y):
            if any(h2 == (hf + 2) % 4 for _, h2 in self.diagonals.get((cx, cy), ())):
                return "G5"
        for cx, cy, hf in _shift(fp.diagonals, x, y):
            if (hf + 2) % 4 in self.fence_diagonals.get((cx, cy), ()):
                return "G5"
        # G6: the OPEN upstairs doors after the placement
        mine = set(cells)
        lost = sum(1 for c in mine for t, k in self.open_facing.get(c, ())
                   if self._door_level(t, k) == UP)
        gained = sum(1 for edge, lv, ac in doors if lv == UP and ac not in self.quarters and ac not in mine
                     and not self.doors_at.get(edge))
        if self.open_up - lost + gained < self.rules.min_external_entrances:
            return "G6"
        return None

    def _door_level(self, t: int, k: int) -> int:
        return self.tiles[t].doors[k][1]

    def _candidates(self, tile: int):
        """§4.4: for each OPEN door, each way a door of the tile can meet it: the offsets that fix."""
        joins = _joins(tile)
        for t, p in enumerate(self.tiles):
            for k, ((_, level), (sx, sy, d)) in enumerate(zip(p.doors, p.door_sides)):
                if self.door_state[t][k] != OPEN:
                    continue
                ax, ay = g.across(sx, sy, d)
                want = g.opposite(d)
                for lv, r, door_level, dk, dx, dy in joins:
                    if door_level == level and dk == want:
                        yield r, ax - dx, ay - dy, lv

    def legal_placements(self, tile: int) -> list[Placement]:
        """The distinct legal placements of `tile`, sorted (PROTOCOL.md 4)."""
        return sorted(c for c in set(self._candidates(tile)) if self.violation(tile, *c) is None)

    def can_place(self, tile: int) -> bool:
        """Some placement of `tile` is legal (§4.4: a room may be bought only then)."""
        return any(self.violation(tile, *c) is None for c in self._candidates(tile))

    # ------------------------------------------------------------ adding a tile (§4.3 relations)
    def add(self, tile: int, rot: int, x: int, y: int, level: int = UP) -> tuple[int, list[int]]:
        """Lay the tile (no legality check: callers check or build hand positions). Returns its index and the
        old tiles that gained a CONNECTED door."""
        p = g.place(tile, rot, x, y, level)
        n = len(self.tiles)
        self.tiles.append(p)
        self.links.append({})
        self.touches.append(set())
        self.complete.append(False)
        sharing = self.rules.allow_half_cell_sharing
        for b in sorted({b for e in p.walls for b in self.walls.get(e, ())}
                        | {b for cx, cy, hf in p.diagonals for b, h2 in self.diagonals.get((cx, cy), ())
                           if h2 == (hf + 2) % 4}):
            self.touches[n].add(b)
            self.touches[b].add(n)
        mine = p.cells
        for c in p.full:
            self.quarters[c] = self.quarters.get(c, 0) | g.FULL_QUARTERS
        for cx, cy, hf in p.half:
            q = int(g.HALF_QUARTERS[hf]) if sharing else g.FULL_QUARTERS
            self.quarters[(cx, cy)] = self.quarters.get((cx, cy), 0) | q
        for e in p.walls:
            self.walls.setdefault(e, []).append(n)
        for cx, cy, hf in p.diagonals:
            self.diagonals.setdefault((cx, cy), []).append((n, hf))
        for e in p.fence:
            self.fences[e] = n
        for cx, cy, hf in p.fence_diagonals:
            self.fence_diagonals.setdefault((cx, cy), []).append(hf)
        gained: list[int] = []
        states, partners = [], []
        for k, ((edge, lv), side) in enumerate(zip(p.doors, p.door_sides)):
            partner = next(((b, j) for b, j, lv2 in self.doors_at.get(edge, ()) if lv2 == lv), None)
            ac = g.across(*side)
            if partner is not None:
                b, j = partner
                states.append(CONNECTED)
                partners.append(b)
                self._set_door(b, j, CONNECTED, n)
                self.links[n][b] = self.links[n].get(b, 0) + 1
                self.links[b][n] = self.links[b].get(n, 0) + 1
                if b not in gained:
                    gained.append(b)
            elif ac in self.quarters:  # claimed by an old tile or the new one
                states.append(BLOCKED)
                partners.append(-1)
            else:
                states.append(OPEN)
                partners.append(-1)
                self.open_facing.setdefault(ac, []).append((n, k))
                self.open_up += lv == UP
            self.doors_at.setdefault(edge, []).append((n, k, lv))
        self.door_state.append(states)
        self.door_partner.append(partners)
        for c in mine:  # old doors facing a cell the new tile claims and not connected to it: BLOCKED
            for b, j in list(self.open_facing.get(c, ())):
                self._set_door(b, j, BLOCKED, -1)
        return n, sorted(gained)

    def _set_door(self, t: int, k: int, state: int, partner: int) -> None:
        if self.door_state[t][k] == OPEN:
            ac = g.across(*self.tiles[t].door_sides[k])
            self.open_facing[ac].remove((t, k))
            if not self.open_facing[ac]:
                del self.open_facing[ac]
            self.open_up -= self._door_level(t, k) == UP
        self.door_state[t][k] = state
        self.door_partner[t][k] = partner

    # ------------------------------------------------------------ questions
    def is_complete_now(self, t: int) -> bool:
        """§6: every doorway CONNECTED."""
        return all(s == CONNECTED for s in self.door_state[t])

    def count_doors(self, state: int) -> int:
        return sum(s == state for states in self.door_state for s in states)
