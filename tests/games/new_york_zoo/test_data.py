"""Every fact of the New York Zoo spec's section 12 (and the board table of section 2), against the package data."""
from collections import Counter
from pathlib import Path

import pytest

from zoosim.games.new_york_zoo.components import data
from tests.support.paths import assert_spec_copy

pytestmark = pytest.mark.rules  # the spec's facts against the package data and the reference

# The spec's data file as shared/specs holds it (SHA-256): the package copy must be that file, byte for byte.
SPEC_DATA_SHA256 = "74a9f2472028c9c6f3d49945b63637f98fe8c9382a8bfcbd3755bf05537629a4"


def tile(tile_id):
    return next(t for t in data.TILES if t.id == tile_id)


def enclosures():
    return [t for t in data.TILES if not t.is_attraction]


def free_form(cells):
    """A canonical key of a free polyomino (the smallest of its 8 orientations)."""
    return min(data.orientations(list(cells)))


def test_package_data_is_the_spec_file():
    assert_spec_copy(Path(data.__file__).with_name("data.toml"), "new-york-zoo-data.toml", SPEC_DATA_SHA256)


def test_rondel_spaces():
    assert data.N_SPACES == 25
    assert list(data.HARBOUR_SPACES) == [1, 3, 4, 6, 8, 9, 11, 13, 14, 16, 18, 19, 21, 23, 24]
    assert list(data.ANIMAL_SPACES) == [2, 5, 7, 10, 12, 15, 17, 20, 22, 25]
    kinds = {n: s["kind"] for n, s in data.SPACES.items()}
    assert sorted(kinds) == list(range(1, 26))
    assert [n for n, k in sorted(kinds.items()) if k == "harbour"] == list(data.HARBOUR_SPACES)


def test_animal_spaces_show_each_pair_once():
    pairs = [frozenset(data.SPACES[n]["animals"]) for n in data.ANIMAL_SPACES]
    assert all(len(p) == 2 for p in pairs)
    assert len(set(pairs)) == 10
    per_species = Counter(s for p in pairs for s in p)
    assert per_species == {s: 4 for s in data.SPECIES_NAMES}


def test_breeding_lines():
    lines = {ln["species"]: tuple(ln["between"]) for ln in data.DATA["breeding_line"]}
    assert lines == {"kangaroo": (3, 4), "penguin": (8, 9), "fox": (13, 14), "meerkat": (18, 19), "flamingo": (23, 24)}
    for a, b in lines.values():
        assert a in data.HARBOUR_SPACES and b in data.HARBOUR_SPACES
    assert data.LINE_SPECIES_AT == {4: 2, 9: 3, 14: 4, 19: 0, 24: 1}


def test_stacks_and_slots():
    stacks = Counter(tuple(data.SPACES[h]["stack_bottom_to_top"]) for h in data.HARBOUR_SPACES)
    assert stacks == {(4, 5, 6): 8, (5, 6, 7): 7}
    assert {h for h in data.HARBOUR_SPACES if data.SPACES[h]["stack_bottom_to_top"] == [4, 5, 6]} == {
        4, 6, 8, 9, 18, 19, 21, 23}
    slots = Counter(size for h in data.HARBOUR_SPACES for size in data.SPACES[h]["stack_bottom_to_top"])
    assert slots == Counter(t.size for t in enclosures()) == {4: 8, 5: 15, 6: 15, 7: 7}
    without_tops = [data.SPACES[h]["stack_bottom_to_top"][:-1] for h in data.HARBOUR_SPACES]
    assert sum(len(s) for s in without_tops) == 30
    assert Counter(s[-1] for s in without_tops) == {5: 8, 6: 7}


def test_enclosure_tiles():
    tiles = enclosures()
    assert len(tiles) == 45
    assert sum(t.size for t in tiles) == 246
    assert sum(len(t.orientations) for t in tiles) == 260
    for t in tiles:
        assert len(data.shape_cells(list(t.rows))) == t.size
        spec = next(e for e in data.DATA["enclosure"] if e["id"] == t.id)
        assert len(t.orientations) == spec["orientations"]
    names = Counter(e.get("name") for e in data.DATA["enclosure"] if e["size"] == 4)
    assert names == {"T4": 2, "S4": 2, "L4": 2, "O4": 1, "I4": 1}
    pentominoes = Counter(e["name"] for e in data.DATA["enclosure"] if e["size"] == 5)
    assert set(pentominoes) == {c + "5" for c in "FILNPTUVWXYZ"}
    assert {k for k, v in pentominoes.items() if v == 2} == {"F5", "W5", "Y5"}
    five = [free_form(data.shape_cells(list(t.rows))) for t in tiles if t.size == 5]
    assert len(set(five)) == 12
    for size in (6, 7):
        forms = [free_form(data.shape_cells(list(t.rows))) for t in tiles if t.size == size]
        assert len(set(forms)) == len(forms) == {6: 15, 7: 7}[size]


def test_attraction_tiles():
    kinds = [t for t in data.TILES if t.is_attraction]
    assert sum(t.count for t in kinds) == 32
    assert sum(t.count * t.size for t in kinds) == 68
    assert {t.id: t.count for t in kinds} == {"A1": 16, "A2": 6, "A3I": 3, "A3L": 3, "A4I": 1, "A4O": 1,
                                              "A6": 1, "A8": 1}
    assert [t.id for t in kinds if t.unlimited] == ["A1"]
    assert sorted(len(data.shape_cells(list(t.rows))) for t in kinds) == [1, 2, 3, 3, 4, 4, 6, 8]


BOARD_TABLE = {  # players: (w, h, brown by seat, corner by seat, houses by seat, starting animals by seat)
    2: (14, 9, [107, 105], [19, 21], [3, 3], ["MF", "MK"]),
    3: (11, 9, [81, 80, 78], [18, 19, 21], [2, 3, 3], ["MF", "MF", "MK"]),
    4: (9, 9, [63, 62, 60, 59], [18, 19, 21, 22], [2, 3, 3, 4], ["MF", "MF", "MK", "MK"]),
    5: (8, 9, [54, 53, 51, 50, 49], [18, 19, 21, 22, 23], [2, 3, 3, 4, 4], ["MF", "MF", "MK", "MK", "FK"]),
}
LETTER = {"M": 0, "F": 1, "K": 2}


def brown_count(board):
    return bin(board.brown).count("1")


def test_boards_section_2():
    assert len(data.BOARDS) == 16
    for n, (w, h, brown, corner, houses, start) in BOARD_TABLE.items():
        for seat in range(n):
            b = data.board_for(n, seat)
            assert b.key == f"{n}P-{seat + 1}"
            assert (b.width, b.height) == (w, h)
            assert brown_count(b) == brown[seat]
            assert bin(b.house_corner).count("1") == corner[seat]
            assert b.houses == houses[seat]
            assert sorted(b.start_animals) == sorted(LETTER[c] for c in start[seat])
    solo = {"A": (11, 80, 19, 3, "MF"), "B": (14, 104, 22, 4, "MK")}
    for side, (w, brown, corner, houses, start) in solo.items():
        b = data.board_for(1, 0, side)
        got = (b.width, b.height, brown_count(b), bin(b.house_corner).count("1"), b.houses)
        assert got == (w, 9, brown, corner, houses)
        assert sorted(b.start_animals) == sorted(LETTER[c] for c in start)


def test_board_masks_are_staircases():
    for b in data.BOARDS:
        assert brown_count(b) + bin(b.house_corner).count("1") == b.width * b.height
        spec = next(x for x in data.DATA["board"] if x["key"] == b.key)
        assert brown_count(b) == spec["brown_cells"]
        runs = [len(row) - len(row.lstrip("H")) for row in b.mask]
        assert runs[0] > 0 and all(x >= y for x, y in zip(runs, runs[1:]))
        assert all("H" not in row.lstrip("H") for row in b.mask)


@pytest.mark.parametrize("key,counts", [
    ("4P-1", (63, 72, 46, 33)),
    ("2P-1", (107, 145, 85, 67)),
    ("5P-5", (49, 47, 33, 21)),
    ("1P-A", (80, 100, 61, 46)),
])
def test_placement_counts_on_empty_boards(key, counts):
    board = data.BOARD_BY_KEY[key]
    one, i4, o4, x5 = (tile(t) for t in ("A1", "E01", "E04", "E20"))
    got = tuple(len(data.placements(board, t)) for t in (one, i4, o4, x5))
    assert got == counts
    masks = data.placements(board, i4)
    assert len(set(masks)) == len(masks)  # distinct orientation and offset pairs
    # the numpy tables hold the same placements
    start = data.TABLES["place_start"][board.index, i4.index]
    n = data.TABLES["place_count"][board.index, i4.index]
    lo = data.TABLES["place_lo"][start:start + n]
    hi = data.TABLES["place_hi"][start:start + n]
    assert [int(a) | (int(b) << 64) for a, b in zip(lo, hi)] == masks


def test_every_placement_is_on_brown_cells():
    for b in (data.BOARD_BY_KEY["2P-2"], data.BOARD_BY_KEY["5P-5"]):
        for t in data.TILES:
            for m in data.placements(b, t):
                assert m & ~b.brown == 0 and bin(m).count("1") == t.size


# ---------------------------------------------------------------- section 12: movement, solo, short game
def _match(players, **rules):
    from zoosim.games.new_york_zoo import reference
    from zoosim.games.new_york_zoo.rules import Rules
    return reference.Match(Rules(**rules), players, [reference.UniformPolicy()] * players, 0, 0)


@pytest.mark.parametrize("players,destinations", [(2, [11, 12, 13, 14]), (4, [11, 12, 13, 14]),
                                                  (3, [11, 12, 13]), (5, [11, 12, 13])])
def test_movement_from_the_start(players, destinations):
    m = _match(players)
    assert m.elephant == 10
    lo, hi = m.rules.move_range(players)
    assert [m.walk(10, k)[0] for k in range(lo, hi + 1)] == destinations
    # legality is a separate test: a seat whose houses are all full cannot stop on animal space 12
    legal = [o[0] for o in m.move_options(m.players[0])]
    full_houses = m.players[0].free_houses() == 0
    assert legal == [d for d in destinations if not (d == 12 and full_houses)]


def test_moving_10_to_14_crosses_the_fox_line():
    m = _match(4)
    dest, raw, lines = m.walk(10, 4)
    assert (dest, raw) == (14, 4)
    assert [data.SPECIES_NAMES[data.LINE_SPECIES_AT[s]] for s in lines] == ["fox"]


def test_three_steps_from_3_over_empty_harbours():
    m = _match(4)
    for h in (4, 6, 8):
        m.stacks[data.HARBOUR_SPACES.index(h)].clear()
    dest, raw, lines = m.walk(3, 3)
    assert (dest, raw) == (9, 6)
    assert [data.SPECIES_NAMES[data.LINE_SPECIES_AT[s]] for s in lines] == ["kangaroo", "penguin"]
    # spec 5.1: 3 -> 9 takes 4 steps when only 4 and 6 are empty
    m = _match(4)
    for h in (4, 6):
        m.stacks[data.HARBOUR_SPACES.index(h)].clear()
    assert m.walk(3, 4)[0] == 9 and m.walk(3, 3)[0] == 8


@pytest.mark.parametrize("travelled,score", [(47, 3), (50, 0), (53, -3)])
def test_solo_scores(travelled, score):
    from zoosim.games.new_york_zoo.reference import solo_score
    from zoosim.games.new_york_zoo.rules import Rules
    assert solo_score(Rules(), True, travelled, 10, 0) == score


def test_short_game_starts_with_six_enclosures_covering_39_cells():
    for index in range(5):
        from zoosim.games.new_york_zoo import reference
        from zoosim.games.new_york_zoo.rules import Rules
        m = reference.Match(Rules(short_game=True), 2, [reference.UniformPolicy()] * 2, 3, index)
        for p, left in zip(m.players, (68, 66)):
            assert len(p.enclosures) == 6
            assert sorted(e.capacity for e in p.enclosures) == [6, 6, 6, 7, 7, 7]
            assert all(e.count == 0 for e in p.enclosures)
            assert p.cells_left() == left
        assert sum(len(s) for s in m.stacks) == 30
