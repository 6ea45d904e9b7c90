"""New York Zoo's components, loaded once from `data.toml` (beside this file) into lookup tables.

The TOML is a copy of `shared/specs/new-york-zoo-data.toml`. At import it becomes:
- plain Python structures (`DATA`, `TILES`, `BOARDS`) for the reference and the tests, and
- numpy tables (`TABLES`) for the numba core (laid out in `tables.py`): the rondel, the tiles, the boards,
  and for every (board, tile) all legal placements on the empty board as 128-bit masks in two uint64
  words (`place_lo`, `place_hi`, from `place_start`, `place_count` of them).

Cell numbering on a board of width w: cell = row * w + col (row 0 at the top); bit `cell` of the
128-bit mask is bit `cell % 64` of word `cell // 64` (lo = word 0, hi = word 1).
Placement order (fixed by PROTOCOL.md): orientation index ascending, then anchor row, then anchor
column, the anchor being the top-left corner of the oriented shape's bounding box.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources

import numpy as np

with resources.files(__package__).joinpath("data.toml").open("rb") as _fh:
    DATA = tomllib.load(_fh)

SPECIES_NAMES: tuple[str, ...] = tuple(DATA["species"])
SPECIES_LETTERS = "MFKPX"  # meerkat, flamingo, kangaroo, penguin, fox (X = fox) for grids
N_SPECIES = len(SPECIES_NAMES)
N_SPACES = DATA["rondel"]["num_spaces"]
START_SPACE = DATA["setup"]["elephant_start"]


def species_index(name: str) -> int:
    return SPECIES_NAMES.index(name)


# ---------------------------------------------------------------- shapes
def shape_cells(rows: list[str]) -> list[tuple[int, int]]:
    """The (row, col) squares of a shape given as row strings."""
    return [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#"]


def _normalise(cells: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def orientations(cells: list[tuple[int, int]]) -> list[tuple[tuple[int, int], ...]]:
    """The distinct fixed orientations of a shape, in protocol order.

    Candidate k (0..7): mirror the shape left-right if k >= 4, then rotate it k % 4 quarter turns
    clockwise ((r, c) -> (c, -r)); normalise to row/col >= 0 and keep the first of equal shapes.
    """
    out: list[tuple[tuple[int, int], ...]] = []
    for k in range(8):
        shape = [(r, -c) for r, c in cells] if k >= 4 else list(cells)
        for _ in range(k % 4):
            shape = [(c, -r) for r, c in shape]
        norm = _normalise(shape)
        if norm not in out:
            out.append(norm)
    return out


@dataclass(frozen=True)
class Tile:
    """An enclosure (index 0..44) or an attraction kind (index 45..52) of the tile table."""

    index: int
    id: str
    size: int
    rows: tuple[str, ...]
    is_attraction: bool
    count: int  # attractions: copies in the box; enclosures: 1
    unlimited: bool
    orientations: tuple[tuple[tuple[int, int], ...], ...]


def _load_tiles() -> list[Tile]:
    tiles = []
    for e in DATA["enclosure"]:
        cells = shape_cells(e["rows"])
        tiles.append(Tile(len(tiles), e["id"], e["size"], tuple(e["rows"]), False, 1, False,
                          tuple(orientations(cells))))
    for a in DATA["attraction"]:
        cells = shape_cells(a["rows"])
        tiles.append(Tile(len(tiles), a["id"], a["size"], tuple(a["rows"]), True, a["count"], a["unlimited"],
                          tuple(orientations(cells))))
    return tiles


TILES: list[Tile] = _load_tiles()
N_ENCLOSURE_TILES = sum(1 for t in TILES if not t.is_attraction)
ATTRACTION_BASE = N_ENCLOSURE_TILES  # tile index of the first attraction kind
N_ATTRACTION_KINDS = len(TILES) - N_ENCLOSURE_TILES
N_TILES = len(TILES)


# ---------------------------------------------------------------- boards
@dataclass(frozen=True)
class Board:
    index: int
    key: str
    players: int
    seat: int
    width: int
    height: int
    houses: int
    start_animals: tuple[int, int]
    mask: tuple[str, ...]

    @property
    def cells(self) -> int:
        return self.width * self.height

    @property
    def house_corner(self) -> int:
        """Mask of the H cells (never covered)."""
        return sum(1 << (r * self.width + c) for r, row in enumerate(self.mask)
                   for c, ch in enumerate(row) if ch == "H")

    @property
    def brown(self) -> int:
        """Mask of the brown cells (the ones to cover)."""
        return sum(1 << (r * self.width + c) for r, row in enumerate(self.mask)
                   for c, ch in enumerate(row) if ch == "#")


def _load_boards() -> list[Board]:
    boards = []
    for b in DATA["board"]:
        start = tuple(species_index(s) for s in b["start_animals"])
        boards.append(Board(len(boards), b["key"], b["players"], b["seat"], b["width"], b["height"],
                            b["houses"], start, tuple(b["mask"])))
    return boards


BOARDS: list[Board] = _load_boards()
BOARD_BY_KEY = {b.key: b for b in BOARDS}


def board_for(players: int, seat: int, solo_side: str = "A") -> Board:
    """The board of a seat (0-based) at a player count; solo uses side A or B."""
    if players == 1:
        return BOARD_BY_KEY[f"1P-{solo_side}"]
    return BOARD_BY_KEY[f"{players}P-{seat + 1}"]


def placements(board: Board, tile: Tile) -> list[int]:
    """Masks of every legal placement of `tile` on the empty `board`, in protocol order."""
    corner = board.house_corner
    out = []
    for shape in tile.orientations:
        height = 1 + max(r for r, _ in shape)
        width = 1 + max(c for _, c in shape)
        for r in range(board.height - height + 1):
            for c in range(board.width - width + 1):
                m = 0
                for dr, dc in shape:
                    m |= 1 << ((r + dr) * board.width + c + dc)
                if m & corner == 0:
                    out.append(m)
    return out


# ---------------------------------------------------------------- rondel
SPACES = {s["index"]: s for s in DATA["rondel"]["space"]}
HARBOUR_SPACES: tuple[int, ...] = tuple(DATA["rondel"]["harbours"])
ANIMAL_SPACES: tuple[int, ...] = tuple(DATA["rondel"]["animal_spaces"])
LINE_SPECIES_AT: dict[int, int] = {ln["entered_space"]: species_index(ln["species"]) for ln in DATA["breeding_line"]}


def _u64(x: int) -> np.uint64:
    return np.uint64(x & ((1 << 64) - 1))


def _build_tables() -> dict[str, np.ndarray]:
    n_boards = len(BOARDS)
    t: dict[str, np.ndarray] = {}
    # rondel, 0-based space index (space number - 1)
    t["space_harbour"] = np.full(N_SPACES, -1, np.int64)
    t["space_animals"] = np.full((N_SPACES, 2), -1, np.int64)
    t["line_species"] = np.full(N_SPACES, -1, np.int64)  # species of the line crossed by entering
    for number, sp in SPACES.items():
        if sp["kind"] == "harbour":
            t["space_harbour"][number - 1] = HARBOUR_SPACES.index(number)
        else:
            t["space_animals"][number - 1] = [species_index(a) for a in sp["animals"]]
    for number, species in LINE_SPECIES_AT.items():
        t["line_species"][number - 1] = species
    t["harbour_space"] = np.array([h - 1 for h in HARBOUR_SPACES], np.int64)
    t["harbour_stack_sizes"] = np.array([SPACES[h]["stack_bottom_to_top"] for h in HARBOUR_SPACES], np.int64)
    # tiles
    t.update({f"tile_{name}": np.array([getattr(tl, name) for tl in TILES], np.int64)
              for name in ("size", "count", "unlimited")})
    # boards
    t.update({f"board_{name}": np.array([getattr(b, name) for b in BOARDS], np.int64)
              for name in ("width", "height", "houses")})
    t["board_start"] = np.array([b.start_animals for b in BOARDS], np.int64)
    t["board_brown"] = np.array([bin(b.brown).count("1") for b in BOARDS], np.int64)
    for name, fn in (("board_corner", lambda b: b.house_corner), ("board_full", lambda b: (1 << b.cells) - 1),
                     ("board_not_left", lambda b: _column_mask(b, skip=0)),
                     ("board_not_right", lambda b: _column_mask(b, skip=b.width - 1))):
        t[name] = np.array([[_u64(fn(b)), _u64(fn(b) >> 64)] for b in BOARDS], np.uint64)
    # placements
    start = np.zeros((n_boards, N_TILES), np.int64)
    count = np.zeros((n_boards, N_TILES), np.int64)
    masks: list[int] = []
    for b in BOARDS:
        for tl in TILES:
            ms = placements(b, tl)
            start[b.index, tl.index] = len(masks)
            count[b.index, tl.index] = len(ms)
            masks.extend(ms)
    t["place_start"] = start
    t["place_count"] = count
    t["place_lo"] = np.array([_u64(m) for m in masks], np.uint64)
    t["place_hi"] = np.array([_u64(m >> 64) for m in masks], np.uint64)
    for arr in t.values():
        arr.setflags(write=False)
    return t


def _column_mask(board: Board, skip: int) -> int:
    """All cells of the grid except column `skip` (used to shift masks sideways without wrapping)."""
    return sum(1 << (r * board.width + c) for r in range(board.height) for c in range(board.width) if c != skip)


TABLES = _build_tables()
