"""Ark Nova's map A (spec §6, §10.5, §17 "Map A", §17.1) against the package's cell masks and footprints."""
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

from zoosim.errors import ZoosimError
from zoosim.games.ark_nova.components import board, cards
from zoosim.games.ark_nova.components.vocab import BUILDINGS, CELL_BONUSES, STANDARD_BUILDINGS, UNIQUE_BUILDINGS
from tests.support.paths import assert_spec_copy

pytestmark = pytest.mark.rules

SPEC_MAP_SHA256 = "025aa579c5924ec02992d82682bd6af1dbeb213735dee5cb3c2079c0a76a7e85"
PACKAGE_TOML = Path(board.__file__).with_name("map_a.toml")
F = board.FOOTPRINTS
PLAIN = int(board.PLAIN_CELLS)


def ones(mask) -> int:
    return bin(int(mask)).count("1")


def cell(x, y) -> int:
    return board.CELL_INDEX[(x, y)]


def group(name, plain_only=True):
    b = BUILDINGS.index(name)
    n = F.plain_count[b] if plain_only else F.count[b]
    return [int(m) for m in F.masks[F.start[b]:F.start[b] + n]]


def test_package_map_is_the_spec_file():
    assert_spec_copy(PACKAGE_TOML, "ark-nova-map-a.toml", SPEC_MAP_SHA256)


# ---------------------------------------------------------------- cells (§6.1, §6.2, §17)
def test_cell_counts():
    assert board.N_CELLS == 58 and board.MAP.id == "A"
    assert int(board.ALL_CELLS) == (1 << 58) - 1
    assert (ones(board.PLAIN_CELLS), ones(board.ROCK_CELLS), ones(board.WATER_CELLS)) == (42, 7, 9)
    assert ones(board.BORDER_CELLS) == 26 and ones(board.BORDER_CELLS & board.PLAIN_CELLS) == 16
    assert board.cells_of(int(board.BUILD2_CELLS)) == [(7, 12), (8, 11)]
    assert sorted(board.cells_of(int(board.START_COVERED))) == [(0, 7), (0, 9), (0, 11), (1, 10)]
    assert ones(board.PLAIN_CELLS & ~board.START_COVERED) == 38
    assert all((x + y) % 2 == 1 for x, y in board.MAP.cells) and list(board.MAP.cells) == sorted(board.MAP.cells)


def test_placement_bonuses():
    assert ones(board.BONUS_CELLS) == 12
    totals: dict[str, int] = {}
    for i in range(board.N_CELLS):
        kind = CELL_BONUSES[board.CELL_BONUS[i]]
        if kind:
            totals[kind] = totals.get(kind, 0) + int(board.CELL_BONUS_VALUE[i])
    assert totals == {"money": 20, "x_token": 3, "take_card": 3, "worker": 1, "reputation": 4}
    assert board.CELL_BONUS_VALUE[cell(8, 5)] == 10 and CELL_BONUSES[board.CELL_BONUS[cell(7, 2)]] == "worker"


def test_hand_checked_neighbours():
    def around(x, y):
        return sorted(board.cells_of(int(board.NEIGHBOURS[cell(x, y)])))
    assert around(0, 1) == [(0, 3), (1, 0), (1, 2)]
    assert around(4, 5) == [(3, 4), (3, 6), (4, 3), (4, 7), (5, 4), (5, 6)]
    assert around(8, 11) == [(7, 10), (7, 12), (8, 9)]
    assert around(2, 9) == [(1, 8), (1, 10), (2, 7), (2, 11), (3, 8), (3, 10)]
    assert around(5, 0) == [(4, 1), (5, 2), (6, 1)]
    for i in range(board.N_CELLS):  # symmetric, and the same as the per-direction list
        mine = int(board.NEIGHBOURS[i])
        assert all(int(board.NEIGHBOURS[j]) >> i & 1 for j in range(board.N_CELLS) if mine >> j & 1)
        listed = [int(j) for j in board.NEIGHBOUR_CELLS[i] if j >= 0]
        assert sum(1 << j for j in listed) == mine and len(listed) == ones(mine)


def test_terrain_touches():
    """§17: 18 plain cells touch >= 1 rock, 3 touch >= 2; 19 touch >= 1 water, 4 touch >= 2."""
    plain = [i for i in range(board.N_CELLS) if PLAIN >> i & 1]
    rock = [ones(board.NEIGHBOURS[i] & board.ROCK_CELLS) for i in plain]
    water = [ones(board.NEIGHBOURS[i] & board.WATER_CELLS) for i in plain]
    assert (sum(r >= 1 for r in rock), sum(r >= 2 for r in rock)) == (18, 3)
    assert (sum(w >= 1 for w in water), sum(w >= 2 for w in water)) == (19, 4)


def test_hex_distance_and_kiosk_spacing():
    def axial(c):
        x, y = board.MAP.cells[c]
        return x, (y - x - 1) // 2
    for a, b in combinations(range(board.N_CELLS), 2):
        (q1, r1), (q2, r2) = axial(a), axial(b)
        dq, dr = q1 - q2, r1 - r2
        assert board.HEX_DISTANCE[a, b] == board.HEX_DISTANCE[b, a] == (abs(dq) + abs(dr) + abs(dq + dr)) // 2
    kiosk = int(board.KIOSK_BLOCKED[cell(0, 7)])
    assert board.HEX_DISTANCE[cell(0, 7), cell(2, 7)] == 2 and kiosk >> cell(2, 7) & 1  # §17: illegal
    assert board.HEX_DISTANCE[cell(0, 7), cell(3, 8)] == 3 and not kiosk >> cell(3, 8) & 1  # legal
    assert all(int(board.KIOSK_BLOCKED[i]) >> i & 1 for i in range(board.N_CELLS))
    assert ones(board.KIOSK_BLOCKED[cell(4, 5)]) == 19  # an inner cell: itself + 6 + 12


def test_bonus_column_and_slot_bonuses():
    column = [(board.BONUS_COLUMN_KINDS[k], int(v), bool(i)) for k, v, i in zip(
        board.BONUS_COLUMN_KIND, board.BONUS_COLUMN_VALUE, board.BONUS_COLUMN_INCOME)]
    assert column == [("snap", 1, True), ("free_enclosure", 2, True), ("money", 5, True), ("cp", 1, True),
                      ("reputation", 2, False), ("money", 12, False), ("x_token", 3, False)]
    upgrade, worker, cp = (board.SLOT_BONUS_KINDS.index(k) for k in ("upgrade", "worker", "cp"))
    assert board.MAP.partner_zoo_slot_bonus == ((0, 0), (upgrade, 0), (worker, 0), (cp, 2))
    assert board.MAP.university_slot_bonus == ((0, 0), (upgrade, 0), (cp, 2))
    assert (board.MAP.full_cover_appeal, board.MAP.last_worker_cp) == (7, 2)


# ---------------------------------------------------------------- footprints (§6.4, §6.9)
def test_footprint_counts_of_section_6_4():
    counts = {name: int(F.plain_count[BUILDINGS.index(name)]) for name in STANDARD_BUILDINGS}
    assert counts == {"enclosure1": 42, "enclosure2": 86, "enclosure3": 43, "enclosure4": 46, "enclosure5": 62,
                      "kiosk": 42, "pavilion": 42, "petting_zoo": 112, "reptile_house": 26, "large_bird_aviary": 53}


def test_small_footprints_counted_by_hand():
    """Size 1 = plain cells, size 2 = plain-plain edges, size 3 = triangles of mutually adjacent plain cells."""
    plain = [i for i in range(board.N_CELLS) if PLAIN >> i & 1]
    nb = [int(m) for m in board.NEIGHBOURS]
    edges = {(1 << a) | (1 << b) for a in plain for b in plain if a < b and nb[a] >> b & 1}
    triangles = {(1 << a) | (1 << b) | (1 << c) for a, b, c in combinations(plain, 3)
                 if nb[a] >> b & 1 and nb[b] >> c & 1 and nb[a] >> c & 1}
    assert group("enclosure1") == sorted(1 << i for i in plain)
    assert group("enclosure2") == sorted(edges)
    assert group("enclosure3") == sorted(triangles)


def test_every_footprint():
    assert len(F.masks) == F.count.sum() and F.masks.dtype == np.uint64
    for b, name in enumerate(BUILDINGS):
        size = len(board.shape_of(name))
        assert F.building[F.start[b]:F.start[b] + F.count[b]].tolist() == [b] * int(F.count[b])
        all_masks = group(name, plain_only=False)
        assert len(set(all_masks)) == len(all_masks)
        for k, m in enumerate(all_masks):
            assert 0 < m < 1 << 58 and ones(m) == size == board.BUILDING["size"][b]
            assert (m & ~PLAIN == 0) == (k < F.plain_count[b])  # plain-only group first: no rock/water in it
        for turned in board.orientations(board.shape_of(name), allow_reflections=True):
            assert len(turned) == size  # a rotation or reflection keeps the size
    i = np.arange(len(F.masks))
    assert all(int(F.around[k]) == board.around(int(F.masks[k])) for k in i[::7])
    assert all(F.rock_touched[k] == ones(F.around[k] & board.ROCK_CELLS) for k in i)


def test_footprints_by_cell():
    b = BUILDINGS.index("enclosure4")
    for c in (cell(4, 5), cell(0, 1), cell(8, 11)):
        listed = F.by_cell[F.cell_start[b, c]:F.cell_start[b, c + 1]]
        want = [k for k in range(F.start[b], F.start[b] + F.count[b]) if int(F.masks[k]) >> c & 1]
        assert listed.tolist() == want


def test_unique_shapes_of_section_17():
    assert group("meerkat") == group("zoo_school") == group("petting_zoo")
    for name in ("adventure", "water_playground", "side_entrance"):
        assert group(name, plain_only=False) == group("enclosure2", plain_only=False)
    for m in group("cable", plain_only=False):  # a straight line of 4, in one of the 3 directions
        xs, ys = zip(*board.cells_of(m))
        axial = sorted((x, (y - x - 1) // 2) for x, y in zip(xs, ys))
        steps = {(b[0] - a[0], b[1] - a[1]) for a, b in zip(axial, axial[1:])}
        assert len(steps) == 1 and steps.pop() in {(0, 1), (1, 0), (1, -1)}


def test_reflections_matter_only_for_chiral_unique_buildings():
    chiral = {name for name in BUILDINGS
              if board.building_footprints(name, True) != board.building_footprints(name, False)}
    assert chiral == {"penguin", "baboon", "monkey", "polar_bear", "hyena", "okapi"}
    mirrored = board.build_footprints(allow_reflections=True)
    assert mirrored.count[BUILDINGS.index("hyena")] > F.count[BUILDINGS.index("hyena")]


def test_start_buildings_are_footprints():
    assert [BUILDINGS[k] for k in board.START_BUILDING_KIND] == ["kiosk", "enclosure3"]
    for kind, mask in zip(board.START_BUILDING_KIND, board.START_BUILDING_MASK):
        assert int(mask) in group(BUILDINGS[kind])


def test_worked_example_17_1():
    """A size-2 enclosure on (2,7)+(2,9): a footprint, next to the start enclosure, money5, water 1 rock 0."""
    m = board.mask_of([(2, 7), (2, 9)])
    k = F.start[1] + group("enclosure2").index(m)
    assert int(F.around[k]) & int(board.START_COVERED)
    assert (F.rock_touched[k], F.water_touched[k]) == (0, 1)
    assert board.CELL_BONUS_VALUE[cell(2, 9)] == 5
    # "II" cells stay in the plain group: whether they may be covered depends on the Build card's side
    assert board.mask_of([(7, 12)]) in group("enclosure1") and board.mask_of([(7, 12), (8, 11)]) in group("enclosure2")
    kiosk = board.mask_of([(3, 8)])
    assert kiosk in group("kiosk") and board.around(kiosk) & m


def test_building_table():
    size = dict(zip(BUILDINGS, board.BUILDING["size"].tolist()))
    assert [size[f"enclosure{s}"] for s in range(1, 6)] == [1, 2, 3, 4, 5]
    assert (size["petting_zoo"], size["reptile_house"], size["large_bird_aviary"]) == (3, 5, 5)
    capacity = {n: c for n, c in zip(BUILDINGS, board.BUILDING["capacity"].tolist()) if c}
    assert capacity == {"petting_zoo": 3, "reptile_house": 5, "large_bird_aviary": 5}
    assert [BUILDINGS[b] for b in np.flatnonzero(board.BUILDING["needs_build2"])] == ["reptile_house",
                                                                                       "large_bird_aviary"]
    assert [BUILDINGS[b] for b in np.flatnonzero(board.BUILDING["needs_adjacency"] == 0)] == ["side_entrance"]
    # §6.9: the rock/water constraints are the sponsor cards' rock/water columns (cards 243-257 in order)
    for offset, name in enumerate(UNIQUE_BUILDINGS):
        b, c = BUILDINGS.index(name), cards.index_of(243 + offset)
        assert (board.BUILDING["min_rock"][b], board.BUILDING["min_water"][b]) == (cards.CARDS.rock[c],
                                                                                    cards.CARDS.water[c])
    borders = {n: v for n, v in zip(BUILDINGS, board.BUILDING["min_border_cells"].tolist()) if v}
    assert borders == {"zoo_school": 2, "side_entrance": 2}


# ---------------------------------------------------------------- a malformed map: one line naming it
MAP_TEXT = PACKAGE_TOML.read_text(encoding="utf-8")
FIRST_CELL = '{ x = 0, y = 1, terrain = "plain", needs_build2 = false, bonus = "reputation", value = 2 }'


@pytest.mark.parametrize("old,new,fragments", [
    (FIRST_CELL, FIRST_CELL + ",\n  " + FIRST_CELL, ["cell (0,1): cell listed twice"]),
    ('terrain = "rock"', 'terrain = "lava"', ["cell (1,0)", "unknown terrain 'lava'", "plain, rock, water"]),
    ('bonus = "worker"', 'bonus = "gold"', ["cell (7,2)", "unknown placement bonus 'gold'"]),
    ("x = 0, y = 1,", "x = 0, y = 2,", ["cell (0,2)", "x + y odd"]),
    ('value = 2 }', 'value = 0 }', ["cell (0,1)", "a bonus needs a value > 0"]),
    ('cells = [[0, 7]]', 'cells = [[0, 8]]', ["start_building 0", "cells [(0, 8)] must be plain cells"]),
    ('type = "kiosk"', 'type = "castle"', ["start_building 0", "unknown building 'castle'"]),
    ('power = "none"', 'power = "teleport"', ["power 'teleport'"]),
    ('bonus = "snap"', 'bonus = "nap"', ["bonus_column 0", "unknown bonus-column bonus 'nap'"]),
    ('"cp:2"]\nuniversity', '"cp:x"]\nuniversity', ["slot bonus 'cp:x'"]),
    ("[map]", "[map", ["not valid TOML"]),
])
def test_bad_map(old, new, fragments):
    assert old in MAP_TEXT
    with pytest.raises(ZoosimError) as err:
        board.parse_map(MAP_TEXT.replace(old, new, 1))
    message = str(err.value)
    assert "\n" not in message and message.startswith("map_a.toml")
    for fragment in fragments:
        assert fragment in message


def test_unchanged_map_text_parses_to_the_same_map():
    assert board.parse_map(MAP_TEXT) == board.MAP
    assert "unknown" not in repr(board.MAP) and board.mask_of([(0, 1)]) == 1
    with pytest.raises(ZoosimError, match=r"cell \(0, 0\) is not on map A"):
        board.mask_of([(0, 0)])
