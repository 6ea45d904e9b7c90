"""The Castles spec's §1 and §10.1 facts (items 1-6, 8, 10) against the package data; one-line errors on bad files."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from zoosim.errors import ZoosimError
from zoosim.games.castles.components import data
from tests.support.paths import assert_spec_copy

pytestmark = pytest.mark.rules  # every test here pins the components to the spec (data and grid facts of §1, §4, §10.1)

PACKAGE = Path(data.__file__).parent
# The spec's data files as shared/specs holds them (SHA-256): the package copies must be these files, byte for byte.
SPEC_FILES = {
    "rooms.csv": ("castles-rooms.csv", "f3467c10d415c7de47ebab97d389182b0b596f694e6ac66cdc5947453a225ca2"),
    "shapes.toml": ("castles-shapes.toml", "0c5d5c53d36aa39ab737afed9f7216cc9da2780d1028f257b0debcab157dbbc5"),
    "bonus.csv": ("castles-bonus.csv", "5b7cb70d56a1203d70e8d9da5e5dfa5ac810135328283eb34dab89d98e727991"),
}

ROOMS = [t for t in data.TILES if not t.is_piece]


def by_type(values):
    return {name: values(i) for i, name in enumerate(data.TYPE_NAMES)}


@pytest.mark.parametrize("package_name", sorted(SPEC_FILES))
def test_package_copies_are_the_spec_files(package_name):
    assert_spec_copy(PACKAGE / package_name, *SPEC_FILES[package_name])


def test_tile_index_layout():
    assert (data.N_TILES, data.N_ROOMS) == (78, 75)
    assert [t.index for t in data.TILES] == list(range(78))
    assert (data.HALLWAY, data.STAIRS, data.FOYER) == (75, 76, 77)
    assert all(not t.is_piece for t in data.TILES[:75]) and all(t.is_piece for t in data.TILES[75:])
    assert data.TILE_INDEX["liv150_parlor"] == data.TILE_BY_NAME["Parlor"] == 9
    assert data.TILE_NAMES[data.TILE_BY_NAME["Sewing Room"]] == "Sewing Room"
    assert len(data.TILE_BY_NAME) == 78  # names are unique too


def test_rooms_by_size_and_type_section_1():
    """§10.1 item 1 and the §1 size table: 9 tiles of each small size, 6 of each large, with the type mix."""
    mix = {
        100: {"living": 3, "food": 3, "utility": 3}, 150: {"living": 3, "activity": 3, "downstairs": 3},
        200: {"food": 3, "sleeping": 3, "utility": 3}, 250: {"activity": 3, "outdoor": 3, "downstairs": 3},
        300: {"food": 3, "sleeping": 3, "utility": 3}, 350: {"living": 2, "activity": 2, "corridor": 2},
        400: {"living": 2, "sleeping": 2, "outdoor": 2}, 450: {"living": 2, "outdoor": 2, "downstairs": 2},
        500: {"activity": 2, "outdoor": 2, "downstairs": 2}, 600: {"living": 2, "activity": 2, "outdoor": 2},
    }
    for size, expected in mix.items():
        got = Counter(data.TYPE_NAMES[t.type] for t in ROOMS if t.size_sqft == size)
        assert got == expected, size
    shapes = {100: "sq2", 150: "circ3", 200: "rect4x2", 250: "rect5x2", 300: "l4x4", 350: "rect7x2", 400: "sq4",
              450: "rect6x3", 500: "circ5", 600: "oct7x4"}
    assert {t.size_sqft: data.SHAPE_NAMES[t.shape] for t in ROOMS} == shapes
    assert list(data.SIZE_N_TILES) == [9] * 5 + [6] * 5
    for s in range(data.N_SIZES):
        members = data.SIZE_TILES[s, :data.SIZE_N_TILES[s]]
        assert all(data.TILE_SIZE[m] == s for m in members) and (data.SIZE_TILES[s, data.SIZE_N_TILES[s]:] == -1).all()
    assert data.SMALL_SIZES == (0, 1, 2, 3, 4) and data.LARGE_SIZES == (5, 6, 7, 8, 9)


def test_types_points_doors_area_section_10_1():
    """§10.1 items 2-5."""
    types = Counter(data.TYPE_NAMES[t.type] for t in ROOMS)
    assert types == {"living": 14, "activity": 12, "outdoor": 11, "downstairs": 10, "food": 9, "utility": 9,
                     "sleeping": 8, "corridor": 2}
    assert sum(t.base for t in ROOMS) == 207
    assert by_type(lambda i: sum(t.base for t in ROOMS if t.type == i)) == {
        "living": 45, "activity": 57, "sleeping": 23, "outdoor": 31, "utility": 18, "food": 12, "corridor": 2,
        "downstairs": 19}
    assert sum(len(t.doors) for t in ROOMS) == 205
    assert by_type(lambda i: sum(len(t.doors) for t in ROOMS if t.type == i)) == {
        "living": 56, "activity": 36, "sleeping": 16, "outdoor": 30, "utility": 9, "food": 18, "corridor": 22,
        "downstairs": 18}
    assert Counter(len(t.doors) for t in ROOMS) == {1: 11, 2: 30, 3: 16, 4: 16, 11: 2}
    assert sum(t.size_sqft for t in ROOMS) == 22800
    assert int(data.TILE_SIZE_SQFT[:75].sum()) == 22800 and int(data.TILE_BASE[:75].sum()) == 207


def test_centre_rules_section_10_1_item_6():
    kinds = Counter(data.RULE_KINDS[t.rule_kind] for t in ROOMS)
    assert kinds == {"conn": 38, "touch": 12, "castle": 10, "none": 15}
    for t in ROOMS:
        named = {data.TYPE_NAMES[x] for x, _ in t.rule}
        assert (t.rule_kind == data.RULE_TOUCH) == (t.type == data.ACTIVITY), t.name
        assert (t.rule_kind == data.RULE_CASTLE) == (t.type == data.DOWNSTAIRS), t.name
        assert t.fence == (t.type == data.OUTDOOR), t.name
        if t.rule_kind == data.RULE_TOUCH:
            assert {"living", "sleeping"} <= named and all(v < 0 for _, v in t.rule)
        elif t.rule_kind != data.RULE_NONE:
            assert all(v > 0 for _, v in t.rule) and named
    for t in data.TILES[75:]:  # pieces: base 0, no rule, corridor type
        assert (t.base, t.rule_kind, t.type) == (0, data.RULE_NONE, data.CORRIDOR)


def test_rule_value_table():
    parlor = data.TILE_BY_NAME["Parlor"]
    assert data.TILE_RULE_KIND[parlor] == data.RULE_CONN
    assert list(data.TILE_RULE_VALUE[parlor]) == [0, 1, 0, 0, 0, 0, 0, 0]  # +1 per connected activity
    sewing = data.TILE_BY_NAME["Sewing Room"]
    assert data.TILE_RULE_KIND[sewing] == data.RULE_TOUCH
    assert {data.TYPE_NAMES[i]: int(v) for i, v in enumerate(data.TILE_RULE_VALUE[sewing]) if v} == {
        "living": -1, "sleeping": -1, "utility": -1}
    tapestry = data.TILE_BY_NAME["East Tapestry Room"]  # a rule naming two types
    assert {data.TYPE_NAMES[i]: int(v) for i, v in enumerate(data.TILE_RULE_VALUE[tapestry]) if v} == {
        "outdoor": 2, "activity": 2}
    for t in data.TILES:
        assert sum(1 for v in data.TILE_RULE_VALUE[t.index] if v) == len(t.rule)


def test_door_tables_and_pieces():
    for t in data.TILES:
        assert data.TILE_N_DOORS[t.index] == len(t.doors)
        assert [tuple(x) for x in data.TILE_DOOR_SLOT[t.index, :len(t.doors)]] == list(t.doors)
        assert (data.TILE_DOOR_SLOT[t.index, len(t.doors):] == -1).all()
    queen = data.TILE_BY_NAME["Queen's Bedroom"]
    assert data.TILES[queen].doors == ((0, 0), (1, 0))  # "T1;R1"
    assert list(data.TILE_DOORS_PER_SIDE[queen]) == [1, 1, 0, 0]
    assert list(data.TILE_N_DOORS[75:]) == [14, 2, 3]
    for name, tile in (("hallway", data.HALLWAY), ("stairs", data.STAIRS), ("foyer", data.FOYER)):
        piece = data.PIECES[name]
        slots = {(data.SIDES.index(s[0]), int(s[1:]) - 1) for s in piece.doors.split(";")}
        assert slots == set(data.TILES[tile].doors), name  # the CSV row and the TOML piece agree (order aside)
        assert data.SHAPE_NAMES[data.TILES[tile].shape] == piece.shape
    assert data.PIECES["hallway"].levels == ("up", "down")
    assert dict(data.PIECES["stairs"].door_level) == {"L1": "up", "R1": "down"}
    assert [data.LEVEL_KINDS[t.level] for t in data.TILES[75:]] == ["up_or_down", "up_end+down_end", "up"]
    assert {data.LEVEL_KINDS[t.level] for t in ROOMS if t.type == data.DOWNSTAIRS} == {"down"}
    assert {data.LEVEL_KINDS[t.level] for t in ROOMS if t.type != data.DOWNSTAIRS} == {"up"}


def test_shapes_section_4_2():
    assert data.SHAPE_NAMES == ("sq2", "circ3", "rect4x2", "rect5x2", "l4x4", "rect7x2", "sq4", "rect6x3", "circ5",
                                "oct7x4", "hall6x1", "stairs3x1", "oct3x3")
    assert data.N_SHAPES == 13
    boxes = {s.name: (s.w, s.h, len(s.full), len(s.half), s.wall) for s in data.SHAPES}
    assert boxes == {
        "sq2": (2, 2, 4, 0, "boundary"), "circ3": (3, 3, 9, 0, "tangent"), "rect4x2": (4, 2, 8, 0, "boundary"),
        "rect5x2": (5, 2, 10, 0, "boundary"), "l4x4": (4, 4, 12, 0, "boundary"),
        "rect7x2": (7, 2, 14, 0, "boundary"), "sq4": (4, 4, 16, 0, "boundary"),
        "rect6x3": (6, 3, 18, 0, "boundary"), "circ5": (5, 5, 21, 4, "tangent"),
        "oct7x4": (7, 4, 24, 4, "boundary"), "hall6x1": (6, 1, 6, 0, "boundary"),
        "stairs3x1": (3, 1, 3, 0, "boundary"), "oct3x3": (3, 3, 5, 4, "boundary"),
    }
    # rectangles and the L match their printed area; circles and octagons are nominal (spec §4.1)
    for s in data.SHAPES:
        if not s.half and s.name != "circ3":
            assert 25 * len(s.full) == s.area_sqft, s.name


def test_bonus_cards_and_favors_section_10_1_item_10():
    assert (data.N_BONUS_CARDS, data.N_FAVORS) == (27, 24)
    assert [c.id for c in data.BONUS_CARDS] == [f"BC{i:02d}" for i in range(1, 28)]
    assert [c.id for c in data.FAVORS] == [f"KF{i:02d}" for i in range(1, 25)]
    by_type_cards = [c for c in data.BONUS_CARDS if c.type >= 0]
    by_size_cards = [c for c in data.BONUS_CARDS if c.size >= 0]
    assert (len(by_type_cards), len(by_size_cards)) == (8, 10)
    assert len(data.BONUS_CARDS) - 18 == 9  # the special cards
    assert [c.type for c in by_type_cards] == list(range(8)) and [c.size for c in by_size_cards] == list(range(10))
    assert [c.unit_points for c in by_type_cards] == [2, 2, 3, 2, 2, 3, 1, 2]
    assert [c.unit_points for c in by_size_cards] == [2] * 5 + [3] * 5
    assert {c.id: c.unit_points for c in data.BONUS_CARDS if c.metric == data.METRICS.index("set")} == {
        "BC19": 8, "BC24": 7}
    area = [c for c in data.FAVORS if data.METRICS[c.metric] == "area_sqft"]
    count = [c for c in data.FAVORS if c.type >= 0 and data.METRICS[c.metric] == "count"]
    assert [c.type for c in area] == [c.type for c in count] == list(range(8))
    assert len(data.FAVORS) - len(area) - len(count) == 8
    assert data.FAVOR_RANK_POINTS.shape == (24, 4) and (data.FAVOR_RANK_POINTS == [8, 4, 2, 1]).all()
    assert data.FAVORS[data.FAVOR_INDEX["KF19"]].name == "Most completed rooms"
    assert data.FAVORS[data.FAVOR_INDEX["KF20"]].name == "Most incomplete rooms"
    assert data.BONUS_INDEX["BC27"] == 26 and data.FAVOR_INDEX["KF09"] == 8
    assert list(data.BONUS_UNIT_POINTS) == [c.unit_points for c in data.BONUS_CARDS]


def test_tables_are_read_only_int64():
    for name in ("TILE_TYPE", "TILE_SIZE", "TILE_SHAPE", "TILE_BASE", "TILE_RULE_VALUE", "TILE_DOOR_SLOT",
                 "TILE_HAS_FENCE", "SIZE_TILES", "BONUS_METRIC", "FAVOR_RANK_POINTS"):
        table = getattr(data, name)
        assert table.dtype == np.int64 and not table.flags.writeable, name
    assert list(data.TILE_TYPE) == [t.type for t in data.TILES]


# ---------------------------------------------------------------- bad files: one line naming the value
ROOMS_TEXT = (PACKAGE / "rooms.csv").read_text(encoding="utf-8")
SHAPES_TEXT = (PACKAGE / "shapes.toml").read_text(encoding="utf-8")
BONUS_TEXT = (PACKAGE / "bonus.csv").read_text(encoding="utf-8")


def one_line_error(fn, *args) -> str:
    with pytest.raises(ZoosimError) as info:
        fn(*args)
    message = str(info.value)
    assert "\n" not in message and message.startswith("castles ")
    return message


def assert_refused(text: str, old: str, new: str, expected, parse, *args) -> None:
    """`parse` of `text` with `old` changed to `new` fails with one line naming every part of `expected`."""
    assert old in text
    message = one_line_error(parse, text.replace(old, new, 1), *args)
    for part in expected:
        assert part in message, message


def test_good_texts_parse_to_the_loaded_tables():
    shapes, pieces = data.parse_shapes(SHAPES_TEXT)
    assert shapes == data.SHAPES and pieces == data.PIECES
    assert data.parse_rooms(ROOMS_TEXT, shapes) == data.TILES
    assert data.parse_bonus(BONUS_TEXT) == (data.BONUS_CARDS, data.FAVORS)


@pytest.mark.parametrize("old,new,expected", [
    ("1,liv100_lilac_cabinet,", "1,liv100_focus_room,", ["rooms.csv line 3", "duplicate room id 'liv100_focus_room'"]),
    (",small_circle,circle d3,circ3,", ",small_circle,circle d3,circ9,",
     ["unknown shape_id 'circ9'", "accepted: sq2, circ3,", "oct3x3"]),
    ('Parlor""",living,0,', 'Parlor""",lounge,0,',
     ["line 11", "unknown type 'lounge'", "accepted: living, activity,", "downstairs"]),
    ("R1;B1;L1,,0,marzr", "R1;B2;L1,,0,marzr", ["door slot 'B2' does not exist on shape circ3", "slots 1-1"]),
    ("T1;R1;B1;L1,,0,image,\n10", "T1;R1;B1;X1,,0,image,\n10", ["door slot 'X1' is not a side letter"]),
    (",4,1,1,1,1,T2;R2;B2;L1,", ",5,1,1,1,1,T2;R2;B2;L1,", ["doors 5 but door_slots lists 4"]),
    (",conn:activity:+1,", ",conn:gym:+1,", ["unknown type 'gym'"]),
    (",conn,conn:activity:+1,", ",conn,touch:activity:-1,", ["bonus tag 'touch:activity:-1' is not conn:type:value"]),
    ('Parlor""",living,0,150,1,', 'Parlor""",living,0,150,2,', ["size_idx 2 does not match size_sqft 150"]),
    ('Parlor""",living,0,150,', 'Parlor""",living,0,x50,', ["size_sqft 'x50' is not an integer"]),
    ('Parlor""",living,0,', 'Parlor""",living,3,',
     ["type_idx 3 does not match type 'living'"]),
    ("idx,id,", "index,id,", ["missing column 'idx'"]),
])
def test_bad_rooms_file(old, new, expected):
    assert_refused(ROOMS_TEXT, old, new, expected, data.parse_rooms, data.SHAPES)


@pytest.mark.parametrize("old,new,expected", [
    ('wall = "tangent"', 'wall = "curved"', ["shape 'circ3'", "unknown wall rule 'curved'", "boundary, tangent"]),
    ('rows = ["##", "##"]', 'rows = ["##", "#"]', ["shape 'sq2'", "rows must be 2 strings of 2 characters"]),
    ('rows = ["##", "##"]', 'rows = ["##", "#x"]', ["unknown cell mark 'x'"]),
    ('slots.R = [[2, 1, "E"]]', 'slots.R = [[1, 1, "E"]]', ["slot R edge [1, 1, 'E'] is not on the outline"]),
    ('slots.R = [[2, 1, "E"]]', 'slots.R = [[2, 1, "X"]]', ["edge [2, 1, 'X'] is not [x, y, dir]"]),
    ('[4, 0, "SW"], [0, 4, "NE"]', '[4, 0, "SX"], [0, 4, "NE"]', ["half [4, 0, 'SX']", "SE, SW, NW, NE"]),
    ('shape = "hall6x1"', 'shape = "hall7x1"', ["piece 'hallway'", "unknown shape 'hall7x1'", "accepted: sq2,"]),
    ("[shape.sq2]", "[shape.sq2", ["shapes.toml: not valid TOML"]),
])
def test_bad_shapes_file(old, new, expected):
    assert_refused(SHAPES_TEXT, old, new, expected, data.parse_shapes)


@pytest.mark.parametrize("old,new,expected", [
    ("BC02,bonus_card", "BC01,bonus_card", ["bonus.csv line 3", "duplicate card id 'BC01'"]),
    ("KF17,kings_favor,Most money,MoneyFavor,money", "KF17,kings_favor,Most money,MoneyFavor,cash",
     ["unknown metric 'cash'", "accepted: count, area_sqft, set, money"]),
    ("BC03,bonus_card", "BC03,bonus_cards", ["unknown deck 'bonus_cards'", "bonus_card, kings_favor"]),
    ("KF01,kings_favor", "BC99,kings_favor", ["id 'BC99' does not fit deck kings_favor"]),
    ("RoomPurposeBonusCard_FOOD", "RoomPurposeBonusCard_SNACK", ["unknown type 'snack'"]),
    ("rooms of type living,2,,", "rooms of type living,two,,", ["unit_points 'two' is not an integer"]),
    (",,8/4/2/1,", ",,8/4/x/1,", ["rank_points 'x' is not an integer"]),
])
def test_bad_bonus_file(old, new, expected):
    assert_refused(BONUS_TEXT, old, new, expected, data.parse_bonus)
