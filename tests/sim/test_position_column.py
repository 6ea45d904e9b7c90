"""Every run logs `position`: the four games that play in seat order get position = seat from the simulation layer
(rotated deals included: a rotation moves the policies, not the turn order), and the analysis reads it as turn order."""
from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from zoosim.analysis import load_run, turn_order, win_rates
from zoosim.analysis.verdicts import turn_order_line
from zoosim.sim.manifest import log_columns, position_added
from zoosim.games.registry import get_game
from zoosim.sim.runner import simulate_run

SEAT_ORDER = ("zooloretto", "zooloretto-mini", "tractor", "new-york-zoo")


@pytest.mark.parametrize("game", SEAT_ORDER)
def test_position_equals_seat_in_the_seat_order_games(tmp_path: Path, game: str) -> None:
    assert position_added(get_game(game)) and log_columns(get_game(game))[-1].name == "position"
    out = simulate_run(game, 3, ["uniform", "greedy", "uniform"], 30, 5, {}, tmp_path / game, rotate_seats=True,
                       workers=1, progress=False)
    rows = load_run(out).collect()
    assert rows.schema["position"] == pl.Int8 and rows.height == 30 * 3 * 3
    assert (rows["position"] == rows["seat"]).all()
    order = turn_order(load_run(out))
    assert order["seat_order"].all() and order["rotated"].all()
    assert order["in_position_1"].to_list() == [90, 0, 0]  # seat 1 moved first in every game of every rotation
    assert turn_order_line(order).startswith("Turn order: seat order in every game (seat 1 moves first), each deal "
                                             "played once in every seat rotation")
    # each policy moved first in a third of the games: the rotation moves the policies over the seats
    firsts = rows.filter(pl.col("position") == 0).group_by("policy").len().sort("policy")
    assert dict(zip(firsts["policy"], firsts["len"])) == {"greedy": 30, "uniform": 60}
    by_position = win_rates(load_run(out), by="position").drop("position")
    assert by_position.equals(win_rates(load_run(out), by="seat").drop("seat"))


def test_the_games_that_draw_their_turn_order_log_their_own_position() -> None:
    for game in ("ark-nova", "castles"):
        assert not position_added(get_game(game))
        assert [c.name for c in log_columns(get_game(game))].count("position") == 1
