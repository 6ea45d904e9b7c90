"""Castles `zoosim score` positions: hand-scored castles (the spec's worked examples, a favour tie, exhausted stacks
and supplies, the area tie-break), impossible positions refused in one line, and the scorer agreeing with the
reference's final scoring on whole games rebuilt from their event rows (the engine's: test_castles_cli)."""
from __future__ import annotations

import copy
import json

import pytest

from zoosim.games.base import ZoosimError
from zoosim.games.castles.components import data
from zoosim.games.castles.reference import game as ref
from zoosim.games.castles.reference import state as rs
from zoosim.games.castles.columns import SCORE_COMPONENTS
from zoosim.games.castles.positions import format_score_text, score_position
from zoosim.games.castles.rules import Rules
from tests.support.paths import REPO

R = Rules()
EXAMPLE = json.loads((REPO / "docs" / "castles-example.json").read_text())
SPEC_CASTLE = [{"room": "Parlor", "rot": 0, "x": 3, "y": 0}, {"room": "Sewing Room", "rot": 0, "x": 1, "y": -2},
               {"room": "Cloak Room", "rot": 2, "x": 3, "y": 3}, {"room": "Buttery", "rot": 0, "x": 6, "y": 1}]
FOCUS = {"room": "Focus Room", "rot": 0, "x": 3, "y": 1}     # 100 sq ft living room, base 5, on the foyer's R door
HALLWAY = {"room": "Hallway", "rot": 0, "x": -6, "y": 1}     # on the foyer's L door


def parts(player: dict) -> dict:
    return {c: player[c] for c in ("total", *SCORE_COMPONENTS)}


@pytest.mark.rules
def test_the_example_file_scores_as_hand_computed():
    result = score_position(copy.deepcopy(EXAMPLE), R)
    p0, p1, p2 = result["players"]
    # seat 0, spec §10.2 A and B: placement 4 + 4 + 1 + 2; Parlor completed, re-scored 4 + 1 (Sewing Room is
    # activity); Cloak Room and Buttery are 100 sq ft (exhausted): 2 x 2; KF09 tied 1-1 (8 + 4) / 2 = 6, KF17 8,
    # KF19 (2 completed rooms) 8; BC01 one living room 2; 23,000 marks 2
    assert parts(p0) == {"total": 46, "start_points": 0, "placement_points": 11, "completion_rewards": 5,
                         "exhausted_stacks": 4, "favor_points": 22, "bonus_card_points": 2, "money_points": 2}
    # seat 1: start 1, Focus Room 5, 100 sq ft 2, KF09 6 + KF17 4, BC09 one 100 sq ft room 2
    assert parts(p1) == {"total": 20, "start_points": 1, "placement_points": 5, "completion_rewards": 0,
                         "exhausted_stacks": 2, "favor_points": 10, "bonus_card_points": 2, "money_points": 0}
    # seat 2: start 2, a hallway (base 0, exhausted supply 2), BC20 one hallway 1
    assert parts(p2) == {"total": 5, "start_points": 2, "placement_points": 0, "completion_rewards": 0,
                         "exhausted_stacks": 2, "favor_points": 0, "bonus_card_points": 1, "money_points": 0}
    assert [p["area"] for p in result["players"]] == [125 + 150 + 250 + 100 + 100, 125 + 100, 125 + 150]
    assert result["favors"][0] == {"favor": "KF09", "name": "Most living rooms", "values": [1, 1, 0],
                                   "points": [6, 6, 0]}
    assert result["winners"] == [0] and [p["rank"] for p in result["players"]] == [1, 2, 3]
    text = format_score_text(result)
    assert "winner: player 0" in text and "KF09 Most living rooms: values [1, 1, 0], points [6, 6, 0]" in text
    assert "B Parlor (upstairs, rot 0, at 3, 0, complete)" in text and "=" in text and "x" in text


@pytest.mark.rules
def test_a_three_way_favour_with_a_tie_for_first():
    # KF17 most money at 3 players: 20,000 / 20,000 / 10,000 -> (8 + 4) / 2 = 6 each, then third place 2
    players = [{"money": 20000}, {"money": 20000}, {"money": 10000}]
    result = score_position({"players": players, "favors_in_play": ["KF17"]}, R)
    assert [p["favor_points"] for p in result["players"]] == [6, 6, 2]
    assert [p["total"] for p in result["players"]] == [0 + 6 + 2, 1 + 6 + 2, 2 + 2 + 1]
    # a metric of 0 takes no place: a lone 10,000 gets 8, the others nothing
    result = score_position({"players": [{"money": 10000}, {}], "favors_in_play": ["KF17"]}, R)
    assert [p["favor_points"] for p in result["players"]] == [8, 0]


@pytest.mark.rules
def test_exhausted_stacks_declared_and_inferred():
    position = {"players": [{"rooms": [FOCUS, HALLWAY]}, {"rooms": [{**FOCUS, "room": "Lilac Cabinet"}]}]}
    plain = score_position(copy.deepcopy(position), R)
    assert [p["exhausted_stacks"] for p in plain["players"]] == [0, 0]
    assert [p["placement_points"] for p in plain["players"]] == [5, 5]
    declared = score_position({**copy.deepcopy(position), "exhausted": {"sizes": [100], "stairs": True}}, R)
    assert [p["exhausted_stacks"] for p in declared["players"]] == [2, 2]   # a 100 sq ft room each, no stairs
    # one hallway in a supply of one (the file's own rules): the supply is empty without saying so
    inferred = score_position({**copy.deepcopy(position), "rules": {"hallways": [1, 7, 9], "exhaust_bonus": 3}}, R)
    assert [p["exhausted_stacks"] for p in inferred["players"]] == [3, 0]
    assert inferred["exhausted"] == {"sizes": [], "hallways": True, "stairs": False}


@pytest.mark.rules
def test_an_activity_completion_and_the_wild_reward_points():
    # Cloak Room (utility, one door) completes: no points; Sewing Room (activity) never completes here
    result = score_position({"players": [{"rooms": SPEC_CASTLE, "wild_reward_points": 3}, {}]}, R)
    assert result["players"][0]["completion_rewards"] == 5 + 3
    assert result["players"][0]["completed_rooms"] == 2


@pytest.mark.rules
def test_equal_points_go_to_the_larger_area_then_share():
    # Focus Room (100 sq ft) against Pink Cabinet (100 sq ft): 5 + start points; equal start points by the file
    a = {"rooms": [FOCUS], "start_points": 0}
    b = {"rooms": [{**FOCUS, "room": "Pink Cabinet"}], "start_points": 0}
    assert score_position({"players": [a, b]}, R)["winners"] == [0, 1]
    c = {"rooms": [HALLWAY], "start_points": 5}   # 5 points too, but 150 sq ft against 100
    result = score_position({"players": [a, c]}, R)
    assert result["winners"] == [1] and [p["total"] for p in result["players"]] == [5, 5]
    assert format_score_text(result).endswith("winner: player 1 (on the larger area)\n")


def _with(path, value):
    position = copy.deepcopy(EXAMPLE)
    target = position
    for key in path[:-1]:
        target = target[key]
    if isinstance(target, list) and path[-1] == len(target):
        target.append(value)
    else:
        target[path[-1]] = value
    return position


@pytest.mark.parametrize("position, message", [
    (_with(("players", 1, "rooms", 0, "x"), 1), r"player 1, room 0 \(Focus Room\): .*illegal \(G2\)"),
    (_with(("players", 0, "rooms", 3, "x"), 4), r"player 0, room 3 \(Buttery\): Buttery at rot 0, x 4, y 1 upstairs "
                                                r"is illegal \(G2\): it overlaps a tile already there"),
    (_with(("players", 1, "rooms", 0, "x"), 12), r"illegal \(G3\): none of its doorways meets"),
    (_with(("players", 1, "rooms", 0, "room"), "Throne Hall"), "unknown room 'Throne Hall'"),
    (_with(("players", 1, "rooms", 0, "room"), "Buttery"), "already in the castle of player 0"),
    (_with(("players", 0, "rooms", 4), {"room": "Parlor", "x": -3, "y": 0}), "Parlor: used twice"),
    (_with(("players", 1, "rooms", 0, "room"), 99), "room index 99 out of range"),
    (_with(("players", 1, "rooms", 0, "level"), "down"), "Focus Room cannot be laid downstairs"),
    (_with(("players", 1, "rooms", 0), {"room": "Foyer", "x": 3, "y": 1}), "the foyer is implicit"),
    (_with(("players", 1, "rooms", 0, "rot"), 4), "rot must be 0-3"),
    (_with(("players", 1, "rooms", 0, "y"), "1"), "y must be a whole number"),
    (_with(("players", 1, "bonus_cards"), ["BC28"]), "unknown bonus card 'BC28'"),
    (_with(("players", 1, "bonus_cards"), ["BC01"]), "bonus card BC01 is held by player 0 too"),
    (_with(("favors_in_play",), ["KF09", "KF09"]), "lists a King's Favor twice"),
    (_with(("favors_in_play",), ["KF19", "KF20"]), "KF19 and KF20 are never in play together"),
    (_with(("favors_in_play",), ["KF01", "KF02", "KF03", "KF04"]), "4 King's Favors; 3 are in play"),
    (_with(("exhausted",), {"sizes": [125]}), "sizes must be a list of room sizes"),
    (_with(("rules",), {"small_stack": [1, 1, 1]}), "3 rooms of 100 sq ft in the castles; the stack holds 1 at 3"),
    (_with(("rules",), {"castle_size": 3}), "unknown rule 'castle_size'"),
    (_with(("players", 0, "money"), -1), "money must be >= 0"),
    (_with(("players", 0, "gold"), 3), "unknown key 'gold'"),
    (_with(("players",), [{}]), "needs a `players` list of 2-4 players"),
])
def test_impossible_positions_are_refused_in_one_line(position, message):
    with pytest.raises(ZoosimError, match=message) as err:
        score_position(position, R)
    assert "\n" not in str(err.value)


def position_of(rules: Rules, players: int, events, money) -> dict:
    """The end position of a played game from its event rows (PROTOCOL.md 9; players by master-builder position)
    and each player's final money: castles from PLACE rows, hands from BONUS rows, favours from FAVOR rows, the
    exhausted sizes from the tiles that left each stack, the downstairs wild rewards taken as points."""
    fx = rules.geometry().foyer_xy
    seats = [{"rooms": [], "money": int(m), "wild_reward_points": 0} for m in money]
    hands: list[list[int]] = [[] for _ in range(players)]
    favors, taken = [], [0] * data.N_SIZES
    for kind, p, a, b, c, d, e in events:
        if kind == rs.FAVOR and b:
            favors.append(data.FAVORS[a].id)
        elif kind == rs.BONUS_DRAW:
            hands[p].append(a)
        elif kind == rs.BONUS_RETURN:
            hands[p].remove(a)
        elif kind == rs.MARKET_IN and b == 0:
            taken[int(data.TILE_SIZE[a])] += 1
        elif kind == rs.SLEEPING_TAKE:
            taken[a] += 1
        elif kind == rs.PLACE:
            seats[p]["rooms"].append({"room": a, "rot": b, "x": c - fx, "y": d - fx, "level": e})
        elif kind == rs.REWARD and c == 1 and not d and a in (data.LIVING, data.ACTIVITY):
            seats[p]["wild_reward_points"] += b
    for seat, hand in zip(seats, hands):
        seat["bonus_cards"] = [data.BONUS_CARDS[c].id for c in hand]
    cap = [rules.for_players("small_stack" if s in data.SMALL_SIZES else "large_stack", players)
           for s in range(data.N_SIZES)]
    sizes = [data.SIZES_SQFT[s] for s in range(data.N_SIZES) if taken[s] == cap[s]]
    return {"players": seats, "favors_in_play": favors, "exhausted": {"sizes": sizes}}


@pytest.mark.parametrize("policies, seed, game_index", [
    (["uniform", "greedy"], 5, 2), (["random", "heuristic", "uniform"], 3, 0),
    (["heuristic", "random", "greedy", "heuristic"], 7, 1), (["uniform"] * 4, 11, 4),
])
def test_the_scorer_agrees_with_the_reference_game(policies, seed, game_index):
    """Whole games of the plain-Python reference (which the engine matches event for event): the position rebuilt
    from the events scores every component, the rank and the area exactly as the game's own final scoring."""
    players = len(policies)
    record = ref.play_game(R, players, policies, seed, game_index)
    result = score_position(position_of(R, players, record.events, [s.money for s in record.seats]), R)
    for mine, seat in zip(result["players"], record.seats):
        assert [mine[c] for c in SCORE_COMPONENTS] == [seat.components[c] for c in rs.COMPONENTS]
        assert (mine["total"], mine["rank"], mine["area"]) == (seat.score, seat.rank, seat.area)
