"""Castles through the real CLI: simulate (default and named policies, the rounds log) then analyze, rules and
policies without numba, replay with its castle drawings, score on the example file, and one-line errors for bad
input that write nothing."""
from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from tests.support.cli_runner import run_cli as cli
from tests.support.cli_runner import assert_refused, run_without_numba, simulate_runs
from zoosim.games.castles.columns import COLUMNS, SCORE_COMPONENTS
from zoosim.games.castles.policies import HEURISTIC_PARAMS
from tests.support.paths import REPO

GAME_ID = "castles"
EXAMPLE = REPO / "docs" / "castles-example.json"
NAMED = ["uniform", "random", "greedy", "heuristic:w_open=0.5"]


def read(run: Path) -> pl.DataFrame:
    return pl.read_parquet(f"{run}/part-*.parquet").sort("game_index", "seat")


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Two small runs: 2 players at the default policy, 4 players with one named policy per seat and a rounds log
    (module-wide, so the CLI entry is called by hand rather than through the function-scoped capsys)."""
    return simulate_runs(tmp_path_factory.mktemp("castles"), {
        "two": [GAME_ID, "-p", "2", "-n", "3", "-s", "4"],
        "four": [GAME_ID, "-p", "4", "-n", "3", "-s", "5", "--rounds-log", *[a for p in NAMED for a in ("--policy", p)]]})


def test_simulate_logs_every_seat_and_the_score_adds_up(runs):
    two, four = read(runs["two"]), read(runs["four"])
    assert two.height == 3 * 2 and four.height == 3 * 4
    assert two["policy"].unique().to_list() == ["heuristic"]
    assert four.filter(pl.col("game_index") == 0)["policy"].to_list() == ["uniform", "random", "greedy",
                                                                          "heuristic:w_open=0.5"]
    for rows, players in ((two, 2), (four, 4)):
        total = sum(rows[c].cast(pl.Int32) for c in SCORE_COMPONENTS)
        assert (total == rows["score"].cast(pl.Int32)).all()
        assert (rows["grid_refusals"] == 0).all()
        for _, game in rows.group_by("game_index"):
            assert sorted(game["position"].to_list()) == list(range(players))   # each place in the MB order once
            assert game["win_share"].sum() == pytest.approx(1.0)
    rounds = pl.read_parquet(f"{runs['four']}/rounds/*.parquet")
    last = rounds.sort("round").group_by("game_index", "seat").last().join(four, on=("game_index", "seat"))
    assert last.height == 12 and (last["round"] == last["rounds"]).all()
    # after the last round: the points scored in play by the player of that policy (final scoring comes after)
    in_play = sum(last[c].cast(pl.Int32) for c in ("start_points", "placement_points", "completion_rewards"))
    assert (last["provisional_score"].cast(pl.Int32) == in_play).all()


def test_analyze_reads_the_runs(runs, monkeypatch, capsys):
    code, out, err = cli(["analyze", str(runs["four"]), "--by", "policy"], monkeypatch, capsys)
    assert code == 0, err
    assert "greedy" in out and "heuristic:w_open=0.5" in out
    code, out, err = cli(["analyze", str(runs["two"]), "--format", "json"], monkeypatch, capsys)
    assert code == 0, err
    code, out, err = cli(["analyze", str(runs["four"]), "--tension"], monkeypatch, capsys)
    assert code == 0 and "Lead changes" in out, err


def test_rules_and_policies_list_everything_without_numba(tmp_path):
    out = run_without_numba([["rules", "castles"], ["policies", "castles"]], tmp_path)
    assert 'first_mb = "random"' in out and "price_slots = [[4000, 6000, 8000, 10000, 15000]" in out
    assert all(f"{p}:" in out for p in ("uniform", "random", "greedy", "heuristic"))
    assert all(f"    {row[0]} = {row[1]:g}  {row[2]}" in out for row in HEURISTIC_PARAMS)


def test_replay_tells_the_game_with_its_castles(monkeypatch, capsys):
    code, out, err = cli(["replay", GAME_ID, "-p", "3", "-s", "1", "-g", "0", "--policy", "greedy", "--policy",
                          "heuristic", "--policy", "random"], monkeypatch, capsys)
    assert code == 0, err
    assert "doorways: o open, = connected, x blocked" in out             # the legend
    assert "== round 1: master builder player" in out and "prices" in out and " buys " in out
    assert "castle of player" in out and "A Foyer (upstairs, rot 0, at 0, 0)" in out
    grid = [line for line in out.splitlines() if line.startswith("    ") and set(line.strip()) <= set("+-|o=xAB ")]
    assert any("=" in line for line in grid) and any("AAAAA" in line for line in grid)
    assert "final scoring" in out and out.count("rank 1") >= 1
    assert all(f"player {p}: score" in out for p in range(3))


def test_score_prints_the_hand_checked_totals(monkeypatch, capsys):
    code, out, err = cli(["score", GAME_ID, str(EXAMPLE)], monkeypatch, capsys)
    assert code == 0, err
    assert out.splitlines()[1].split() == ["total", "46", "20", "5"]
    assert "winner: player 0" in out and "castle of player 2:" in out
    code, out, err = cli(["score", GAME_ID, str(EXAMPLE), "--format", "json"], monkeypatch, capsys)
    assert code == 0, err
    result = json.loads(out)
    assert [p["total"] for p in result["players"]] == [46, 20, 5] and result["winners"] == [0]
    assert result["players"][0]["placement_points"] == 11 and result["players"][0]["completion_rewards"] == 5
    code, out, err = cli(["score", GAME_ID, str(EXAMPLE), "--format", "json", "--rule", "exhaust_bonus=3"],
                         monkeypatch, capsys)
    assert code == 0 and [p["exhausted_stacks"] for p in json.loads(out)["players"]] == [6, 3, 3], err


def _edited(tmp_path: Path, player: int, index: int, **change) -> str:
    position = json.loads(EXAMPLE.read_text())
    position["players"][player]["rooms"][index].update(change)
    path = tmp_path / "position.json"
    path.write_text(json.dumps(position))
    return str(path)


@pytest.mark.parametrize("make_args, message", [
    (lambda tmp: ["simulate", GAME_ID, "-p", "2", "-n", "2", "-s", "1", "--out", str(tmp / "run"), "--rule",
                  "first_mb=second"], "first_mb 'second' unknown (accepted: random, seat0)"),
    (lambda tmp: ["simulate", GAME_ID, "-p", "5", "-n", "2", "-s", "1", "--out", str(tmp / "run")],
     "2-4 players, got 5"),
    (lambda tmp: ["simulate", GAME_ID, "-p", "2", "-n", "2", "-s", "1", "--out", str(tmp / "run"), "--policy",
                  "heuristic:w_close=2"], "w_close"),
    (lambda tmp: ["score", GAME_ID, _edited(tmp, 0, 3, x=4)],
     "player 0, room 3 (Buttery): Buttery at rot 0, x 4, y 1 upstairs is illegal (G2): it overlaps"),
    (lambda tmp: ["score", GAME_ID, _edited(tmp, 1, 0, room="Throne Hall")], "unknown room 'Throne Hall'"),
    (lambda tmp: ["replay", GAME_ID, "-p", "2", "-s", "1", "-g", "0", "--rule", "max_rounds=0"],
     "max_rounds must be 1-1000, got 0"),
])
def test_bad_input_is_one_line_exit_2_and_writes_nothing(make_args, message, tmp_path, monkeypatch, capsys):
    assert_refused(make_args(tmp_path), message, tmp_path, monkeypatch, capsys)


@pytest.mark.parametrize("policies, seed, game_index", [(["uniform", "greedy"], 5, 2),
                                                        (["heuristic", "random", "greedy", "heuristic"], 7, 1)])
def test_score_agrees_with_the_engine_on_whole_games(policies, seed, game_index):
    """The engine's own game (play_traced, as replay plays it), rebuilt as a position from its event rows: `score`
    finds the engine's score components, rank and area for every player."""
    from tests.games.castles.test_positions import position_of

    from zoosim.games.castles import play
    from zoosim.games.castles.engine import state as ES
    from zoosim.games.castles.positions import score_position
    from zoosim.games.castles.rules import Rules

    players = len(policies)
    events, rows = play.play_traced(Rules(), players, policies, seed, game_index)
    names = [c.name for c in COLUMNS]
    money = [int(r[ES.O_START + names.index("money")]) for r in rows]
    result = score_position(position_of(Rules(), players, events, money), Rules())
    for mine, row in zip(result["players"], rows):
        assert [mine[c] for c in SCORE_COMPONENTS] == [int(row[ES.O_START + names.index(c)]) for c in SCORE_COMPONENTS]
        assert (mine["total"], mine["rank"], mine["area"]) == (row[ES.O_SCORE], row[ES.O_RANK], row[ES.O_AREA])


def test_the_replay_keeps_marks_points_and_seats_as_the_engine():
    """The running marks and points the replay prints beside each castle end where the engine's results do."""
    from zoosim.games.castles import play
    from zoosim.games.castles.engine import state as ES
    from zoosim.games.castles.replay import _Story
    from zoosim.games.castles.rules import Rules

    policies = ["greedy", "random", "heuristic"]
    events, rows = play.play_traced(Rules(), 3, policies, 2, 3)
    story = _Story(Rules(), 3, policies)
    for row in events:
        story.event(row)
    for seat, row in enumerate(rows):
        assert story.policy_of[seat] == row[ES.O_POLICY]
        assert story.money[seat] == row[ES.O_MONEY]
        assert story.points[seat] == row[ES.O_START] + row[ES.O_PLACE] + row[ES.O_COMPL]
        assert len(story.castles[seat].tiles) == 1 + row[ES.O_HALLWAYS] + row[ES.O_STAIRS] + sum(
            row[ES.O_BY_TYPE:ES.O_BY_TYPE + 8])
