"""New York Zoo replay (boards rebuilt from the engine's event log) and `score` positions."""
import pytest

from zoosim.games.base import ZoosimError
from zoosim.games.new_york_zoo import GAME
from zoosim.games.new_york_zoo.components import data
from zoosim.games.new_york_zoo.play import play_traced
from zoosim.games.new_york_zoo.positions import format_score_text, score_position
from zoosim.games.new_york_zoo.replay import BoardView
from zoosim.games.new_york_zoo.rules import Rules


@pytest.mark.parametrize("players,rules", [(1, Rules()), (2, Rules(short_game=True)), (4, Rules()), (5, Rules())])
def test_boards_rebuilt_from_events_match_the_results(players, rules):
    for index in range(6):
        specs = [GAME.policy("heuristic" if index % 2 else "uniform")]
        events, out, shares, _ = play_traced(rules, players, specs, 8, index)
        views = [BoardView.new(data.board_for(players, s, rules.solo_side)) for s in range(players)]
        for ev in events:
            if ev[1] >= 0:
                views[ev[1]].apply(ev)
        assert [v.cells_left() for v in views] == [int(x) for x in out[:, 2]]
        assert [v.animals() for v in views] == [int(x) for x in out[:, 3]]


def test_replay_prints_every_board_after_each_turn():
    text = GAME.replay(Rules(), 2, [GAME.policy("greedy")], 3, 1)
    turns = text.count("-- turn ")
    assert turns > 5
    assert text.count("seat 0 (2P-1)") == turns and text.count("seat 1 (2P-2)") == turns
    assert "HHHH" in text and "-- result" in text and "game over after" in text


def board_rows(key, covered_all_but=0):
    board = data.BOARD_BY_KEY[key]
    rows, left = [], covered_all_but
    for mask_row in board.mask:
        row = ""
        for ch in mask_row:
            if ch == "H":
                row += "H"
            elif left > 0:
                row += "."
                left -= 1
            else:
                row += "a"
        rows.append(row)
    return rows


def test_score_position_ranks_and_winners():
    position = {"players": [
        {"rows": board_rows("4P-1", 0), "animals": 9},
        {"rows": board_rows("4P-2", 0), "animals": 11},
        {"cells_left": 3, "animals": 20},
        {"covered": [], "animals": 1},
    ]}
    result = score_position(position, Rules())
    players = result["players"]
    assert [p["cells_left"] for p in players] == [0, 0, 3, 59]  # seat 3 = board 4P-4, 59 brown cells
    assert [p["score"] for p in players] == [0, 0, -3, -59]
    assert [p["rank"] for p in players] == [2, 1, 3, 4]
    assert result["winners"] == [1]
    assert "winner: player 1" in format_score_text(result)


def test_score_position_shared_win_and_solo():
    tie = {"players": [{"cells_left": 0, "animals": 5}, {"cells_left": 0, "animals": 5}]}
    assert score_position(tie, Rules())["winners"] == [0, 1]
    for travelled, score in ((47, 3), (50, 0), (53, -3)):
        solo = {"players": [{"rows": board_rows("1P-A"), "animals": 4}], "travelled": travelled}
        assert score_position(solo, Rules())["players"][0]["score"] == score


@pytest.mark.parametrize("position,message", [
    ({"players": [{"cells_left": 1, "animals": 2, "colour": "red"}]}, "unknown key 'colour'"),
    ({"players": [{"board": "9P-1", "cells_left": 1}]}, "unknown board"),
    ({"players": [{"rows": ["HHH"], "animals": 1}]}, "rows must be 9 strings"),
    ({"players": [{"covered": [[0, 0]], "animals": 1}]}, "house corner"),
    ({"players": [{"animals": 1}]}, "exactly one of rows, covered, cells_left"),
    ({"players": []}, "1-5 players"),
])
def test_score_position_bad_input(position, message):
    with pytest.raises(ZoosimError, match=message):
        score_position(position, Rules())
