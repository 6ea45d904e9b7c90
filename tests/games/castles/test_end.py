"""Castles reference, spec §7: exhausted stacks, King's Favors and their ties (§10.1 item 13), bonus cards, money,
the tie-break, and §10.2 worked example C end to end through final_scoring."""
from __future__ import annotations

from dataclasses import replace

import pytest

from zoosim.core.rng import PyRng
from zoosim.games.castles.components import data
from zoosim.games.castles.reference import game as ref
from zoosim.games.castles.reference import state as rs
from zoosim.games.castles.reference.castle import Castle
from zoosim.games.castles.reference.scoring import (
    bonus_card_points, exhausted_points, favor_metric, favor_shares, metrics, ranks,
)
from zoosim.games.castles.rules import Rules
from tests.games.castles.test_reference import Script

pytestmark = pytest.mark.rules  # every test here pins the reference to the spec

R = Rules(first_mb="seat0")
T = data.TILE_BY_NAME


def hand_castle(names, complete=(), rules=R) -> Castle:
    """The foyer and the named tiles laid apart (a hand position), `complete` names marked complete."""
    castle = Castle(rules)
    castle.add(data.FOYER, 0, 62, 62)
    for k, name in enumerate(names):
        tile = T[name] if isinstance(name, str) else name
        level = 1 if data.TILE_TYPE[tile] == data.DOWNSTAIRS else 0
        n, _ = castle.add(tile, 0, 2 + 9 * (k % 12), 2 + 9 * (k // 12), level)
        castle.complete[n] = name in complete
    return castle


@pytest.mark.parametrize("values, expected", [
    ((5, 5, 3, 0), [6, 6, 2, 0]), ((4, 4, 4, 1), [4, 4, 4, 1]), ((0, 0, 0, 0), [0, 0, 0, 0]), ((2, 2), [6, 6]),
    ((9, 3, 3, 3), [8, 2, 2, 2]), ((1, 2, 3), [2, 4, 8]), ((7, 0, 7), [6, 0, 6]),
])
def test_favor_ties_section_10_1_item_13(values, expected):
    assert favor_shares(values, (8, 4, 2, 1)) == expected


def test_worked_example_c_end_to_end():
    """§10.2 C, 3 players; favours KF09, KF17, KF19; the 100 stack and the hallway supply exhausted."""
    state = ref.setup(R, 3, [Script()] * 3, PyRng(4, 0))
    state.stacks = [[0]] * 10
    state.stacks[0] = []
    state.supply = {data.HALLWAY: 0, data.STAIRS: 1}
    state.favors = [data.FAVOR_INDEX[f] for f in ("KF09", "KF17", "KF19")]
    a, b, c = state.seats
    a.castle = hand_castle(["Focus Room", "Lilac Cabinet", "Parlor", data.HALLWAY], {"Focus Room", "Lilac Cabinet"})
    b.castle = hand_castle(["Sitting Room", "Study", "Salon", "Dressing Room", "Porch", data.HALLWAY],
                           {"Sitting Room", "Study", "Salon", "Dressing Room", "Porch"})
    c.castle = hand_castle(["Pink Cabinet", "Nap Room"], {"Pink Cabinet", "Nap Room"})
    a.money, b.money, c.money = 23000, 4000, 0
    a.bonus_cards = [data.BONUS_INDEX["BC01"], data.BONUS_INDEX["BC19"]]
    b.bonus_cards = c.bonus_cards = []
    before = [dict(s.parts) for s in state.seats]
    ref.final_scoring(state)
    added = [{k: s.parts[k] - before[i][k] for k in rs.COMPONENTS} for i, s in enumerate(state.seats)]
    assert added[0] == {"start_points": 0, "placement_points": 0, "completion_rewards": 0, "exhausted_stacks": 6,
                        "favors": 6 + 8 + 3, "bonus_cards": 6, "money_points": 2}
    assert sum(added[0].values()) == 31
    assert (added[1]["favors"], added[2]["favors"]) == (6 + 4 + 8, 2 + 0 + 3)
    assert (added[1]["exhausted_stacks"], added[2]["exhausted_stacks"]) == (2, 2)


def test_exhausted_stacks_and_supplies_never_the_foyer():
    castle = hand_castle(["Focus Room", "Parlor", data.HALLWAY, data.STAIRS, data.STAIRS])
    sizes = [1] * 10
    assert exhausted_points(castle, R, sizes, 1, 1) == 0
    sizes[1] = 0
    assert exhausted_points(castle, R, sizes, 0, 1) == 2 + 2
    assert exhausted_points(castle, R, sizes, 0, 0) == 2 + 2 + 4
    assert exhausted_points(castle, replace(R, exhaust_bonus=3), [0] * 10, 0, 0) == 3 * 5
    # final scoring reads both supplies: stairs exhausted, hallways not, every stack holding a tile
    state = ref.setup(R, 2, [Script()] * 2, PyRng(4, 0))
    state.stacks = [[0]] * 10
    state.supply = {data.HALLWAY: 1, data.STAIRS: 0}
    state.seats[0].castle = castle
    ref.final_scoring(state)
    assert [s.parts["exhausted_stacks"] for s in state.seats] == [2 + 2, 0]


def test_metrics_count_pieces_as_the_readings_say():
    castle = hand_castle(["Great Hall", data.HALLWAY, data.STAIRS, "Focus Room", "Hunding's Hut", "Dungeon"],
                         {"Focus Room"})
    m = metrics(castle, R, 25000)
    assert m.count_by_type[data.CORRIDOR] == 1 and m.area_by_type[data.CORRIDOR] == 350  # pieces not rooms (U5)
    m2 = metrics(castle, replace(R, corridor_pieces_in_card_counts=True), 25000)
    assert m2.count_by_type[data.CORRIDOR] == 3 and m2.area_by_type[data.CORRIDOR] == 350 + 150 + 75
    assert (m.completed, m.incomplete) == (1, 3)  # R6: rooms only; pieces and the foyer never
    assert m.hallways == m.stairs == 1
    assert m.area == 125 + 350 + 150 + 75 + 100 + 500 + 450
    assert metrics(castle, replace(R, area_includes_pieces=False), 0).area == 350 + 100 + 500 + 450
    # entrances (R7): every OPEN UP door; the foyer's 3, the rooms' and the hallway's, the stairs' light end only
    up = sum(1 for p, st in zip(castle.tiles, castle.door_state) for (_, lv), s in zip(p.doors, st) if lv == 0)
    assert m.entrances == up == 3 + 11 + 14 + 1 + 4 + 3


def card(cid):
    return data.BONUS_CARDS[data.BONUS_INDEX[cid]] if cid.startswith("BC") else data.FAVORS[data.FAVOR_INDEX[cid]]


def test_bonus_cards():
    castle = hand_castle(["Focus Room", "Lilac Cabinet", "Parlor", "East Tapestry Room", "Theater", data.HALLWAY,
                          data.STAIRS, data.STAIRS, "Great Hall"], {"Parlor"})
    m = metrics(castle, R, 37000)
    expected = {"BC01": 2 * 4, "BC02": 2 * 1, "BC07": 1, "BC09": 2 * 2, "BC10": 2, "BC15": 3, "BC17": 3,
                "BC19": 0, "BC20": 1, "BC21": m.entrances, "BC22": 3, "BC23": 3, "BC24": 0, "BC25": 4, "BC26": 1,
                "BC27": 2}
    assert {cid: bonus_card_points(card(cid), m, R) for cid in expected} == expected
    every = hand_castle([name for name in ("Focus Room", "Parlor", "Nap Room", "Porch", "Sauna", "Salon",
                                           "Observatory", "Drawing Room", "Orangery", "Throne Room")])
    assert bonus_card_points(card("BC19"), metrics(every, R, 0), R) == 8
    types = hand_castle(["Focus Room", "Piano Room", "Nap Room", "Porch", "Cloak Room", "Buttery", "Great Hall",
                         "Dungeon"])
    assert bonus_card_points(card("BC24"), metrics(types, R, 0), R) == 7


def test_favor_metrics():
    castle = hand_castle(["Focus Room", "Parlor", "Salon", "Orangery", "Great Hall", data.HALLWAY], {"Parlor"})
    m = metrics(castle, R, 12000)
    expected = {"KF01": 100 + 150 + 350, "KF04": 500, "KF07": 350, "KF09": 3, "KF15": 1, "KF17": 12000,
                "KF18": m.entrances, "KF19": 1, "KF20": 4, "KF21": 2, "KF22": 2, "KF23": 3, "KF24": 1}
    assert {fid: favor_metric(card(fid), m) for fid in expected} == expected


def test_favours_score_only_metric_above_zero_and_only_n_places():
    assert favor_shares((0, 3), (8, 4, 2, 1)) == [0, 8]
    assert favor_shares((1, 1, 1), (8, 4, 2, 1)) == [4, 4, 4]  # (8+4+2)/3, the 4th place does not exist


def test_money_points_and_the_tie_break():
    state = ref.setup(R, 2, [Script()] * 2, PyRng(4, 0))
    state.seats[0].money, state.seats[1].money = 29999, 30000
    ref.final_scoring(state)
    assert [s.parts["money_points"] for s in state.seats] == [2, 3]
    assert ranks([10, 10, 9], [500, 400, 900]) == ([1, 2, 3], [1.0, 0.0, 0.0])
    assert ranks([10, 10, 9], [500, 500, 900]) == ([1, 1, 3], [0.5, 0.5, 0.0])
