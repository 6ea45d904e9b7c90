"""Zooloretto through the command line and the simulation layer: reproducibility, replay = log, bad input."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest

from zoosim.games.zooloretto import GAME
from zoosim.games.zooloretto.play import O_SCORE
from zoosim.games.zooloretto.replay import play_recorded
from zoosim.sim.runner import simulate_run
from tests.support.paths import REPO

POLICIES = ["heuristic", "random", "greedy", "uniform"]


def read(run: Path) -> pl.DataFrame:
    frame = pl.read_parquet(str(run / "part-*.parquet"))
    return frame.drop("run_id").sort("game_index", "rotation", "seat")


def test_same_seed_same_parquet_with_one_and_two_workers(tmp_path: Path) -> None:
    one = simulate_run("zooloretto", 4, POLICIES, 300, 7, {}, tmp_path / "one", rotate_seats=True, workers=1,
                       progress=False, shard_size=300)
    two = simulate_run("zooloretto", 4, POLICIES, 300, 7, {}, tmp_path / "two", rotate_seats=True, workers=2,
                       progress=False, shard_size=70)
    first, second = read(Path(one)), read(Path(two))
    assert first.height == 300 * 4 * 4
    assert first.equals(second)
    assert set(first["policy"].unique()) == set(POLICIES)


def test_replay_shows_the_game_simulate_logged(tmp_path: Path) -> None:
    run = simulate_run("zooloretto", 3, ["heuristic"], 40, 11, {"end_trigger": "main_empty"}, tmp_path / "run",
                       workers=2, progress=False)
    rows = read(Path(run))
    rules = GAME.rules_from({"end_trigger": "main_empty"}, 3)
    for game_index in (0, 17, 39):
        _events, result, shares, _state, _deck = play_recorded(rules, 3, [GAME.policy("heuristic")] * 3, 11,
                                                               game_index)
        logged = rows.filter(pl.col("game_index") == game_index).sort("seat")
        assert logged["score"].to_list() == [int(x) for x in result[:, O_SCORE]]
        assert logged["win_share"].to_list() == pytest.approx(list(shares))


def zoosim(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "zoosim", *args], cwd=cwd, capture_output=True, text=True, env=env)


def test_replay_and_score_commands(tmp_path: Path) -> None:
    out = zoosim("replay", "zooloretto", "--players", "2", "--seed", "3", "--game-index", "5", "--policy", "greedy",
                 cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "seat 0 draws" in out.stdout or "seat 0 takes" in out.stdout
    assert "final scoring" in out.stdout and "-- end of round" in out.stdout
    scored = zoosim("score", "zooloretto", str(REPO / "docs" / "worked-example.json"), "--format", "json", cwd=tmp_path)
    assert scored.returncode == 0, scored.stderr
    result = json.loads(scored.stdout)
    assert result["players"][0]["total"] == 14 and result["winners"] == [1]


@pytest.mark.parametrize("args, message", [
    (["rules", "zooloretto", "--rule", "end_stack=ten"], "end_stack"),
    (["rules", "zooloretto", "--rule", "no_such_rule=1"], "unknown rule"),
    (["rules", "chess"], "unknown game"),
    (["replay", "zooloretto", "--players", "6", "--seed", "1", "--game-index", "0"], "2-5 players"),
    (["replay", "zooloretto", "--players", "3", "--seed", "1", "--game-index", "0", "--policy", "smart"],
     "unknown policy"),
    (["replay", "zooloretto", "--players", "3", "--seed", "1", "--game-index", "0", "--policy",
      "heuristic:barn=2"], "bad policy parameter"),
    (["replay", "zooloretto", "--players", "3", "--seed", "1", "--game-index", "0", "--rule",
      "end_trigger=never"], "end_trigger"),
    (["replay", "zooloretto", "--players", "four", "--seed", "1", "--game-index", "0"], "Invalid value"),
    (["simulate", "zooloretto", "--games", "10", "--seed", "1", "--out", "runs/x"], "Missing option"),
    (["simulate", "zooloretto", "--players", "4", "--games", "10", "--bogus"], "No such option"),
    (["score", "zooloretto", "missing.json"], "no such file"),
    (["score", "zooloretto", "bad.json"], "not valid JSON"),
    (["score", "zooloretto", "overfull.json"], "player 0"),
    (["simulate", "zooloretto", "--players", "4", "--games", "10", "--seed", "1", "--policy", "heuristic",
      "--rule", "move_cost=0", "--out", "runs/x"], "move_cost"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    (tmp_path / "bad.json").write_text("{players: ")
    (tmp_path / "overfull.json").write_text(json.dumps({"players": [{"enclosures": [
        {"species": "zebra", "animals": 9}, {"species": None, "animals": 0}, {"species": None, "animals": 0}]}]}))
    out = zoosim(*args, cwd=tmp_path)
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and message in out.stderr, out.stderr
    assert not (tmp_path / "runs").exists()
