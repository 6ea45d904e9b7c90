"""Zooloretto Mini through the real CLI: simulate (Parquet with the score components), replay, score, rules,
policies, and one-line errors for bad input."""
from __future__ import annotations

import json

import polars as pl
import pytest

from tests.support.cli_runner import run_cli as cli

GAME_ID = "zooloretto-mini"


def test_simulate_writes_the_score_components(tmp_path, monkeypatch, capsys):
    out = tmp_path / "run"
    code, _, err = cli(["simulate", GAME_ID, "--players", "4", "--games", "400", "--seed", "3", "--policy",
                        "greedy", "--out", str(out), "--quiet"], monkeypatch, capsys)
    assert code == 0, err
    rows = pl.read_parquet(f"{out}/part-*.parquet")
    assert rows.height == 1600
    for column in ("enclosure_points", "landscape_points", "barn_animal_penalty", "barn_landscape_penalty",
                   "bonuses_taken"):
        assert column in rows.columns
    total = rows["enclosure_points"] + rows["landscape_points"] + rows["barn_animal_penalty"] \
        + rows["barn_landscape_penalty"]
    assert (total.cast(pl.Int32) == rows["score"].cast(pl.Int32)).all()


def test_replay_tells_the_game_and_its_scoring(monkeypatch, capsys):
    code, out, err = cli(["replay", GAME_ID, "-p", "3", "-s", "1", "-g", "4", "--policy", "greedy"], monkeypatch, capsys)
    assert code == 0, err
    assert "takes truck" in out and "final scoring" in out and out.count("seat 2: score") == 1


def test_score_prints_json(tmp_path, monkeypatch, capsys):
    position = tmp_path / "p.json"
    position.write_text(json.dumps({"players": [{"enclosures": [
        {"species": 0, "animals": 4, "landscapes": ["pond", "rock"]}, {"species": 1, "animals": 6},
        {"species": 2, "animals": 5}], "barn": {"animals": {"3": 1}, "landscapes": ["bush"]}}]}))
    code, out, err = cli(["score", GAME_ID, str(position), "--format", "json"], monkeypatch, capsys)
    assert code == 0, err
    assert json.loads(out)["players"][0]["total"] == 24


@pytest.mark.parametrize("args, message", [
    (["replay", GAME_ID, "-p", "3", "-s", "1", "-g", "0", "--rule", "enclosure_size=5"], "animal_points needs enclosure_size (5) values"),
    (["replay", GAME_ID, "-p", "6", "-s", "1", "-g", "0"], "2-5 players, got 6"),
    (["replay", GAME_ID, "-p", "2", "-s", "1", "-g", "0", "--policy", "heuristic:greed=2"], "bad policy parameter"),
    (["simulate", GAME_ID, "--players", "2", "--games", "10", "--seed", "1", "--policy", "uniform", "--out", "r", "--rule",
      "species_removed_by_players=7,2,1,0"],
     "species removed with 2 players"),
])
def test_bad_input_is_one_line_and_exit_2(args, message, monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    code, _, err = cli(args, monkeypatch, capsys)
    assert code == 2 and message in err and err.count("\n") == 1


def test_rules_and_policies_list_everything(monkeypatch, capsys):
    code, out, _ = cli(["rules", GAME_ID], monkeypatch, capsys)
    assert code == 0 and "bonus_per_enclosure = true" in out and "animal_points = [1, 2, 3, 4, 8, 12]" in out
    code, out, _ = cli(["policies", GAME_ID], monkeypatch, capsys)
    assert code == 0 and all(p in out for p in ("uniform", "random", "greedy", "heuristic", "barn_weight"))
