"""Tractor Zooloretto through the real CLI: simulate (Parquet with the score components), replay, score, rules,
policies, and one-line errors for bad input."""
from __future__ import annotations

import json

import polars as pl
import pytest

from tests.support.cli_runner import run_cli as cli

GAME_ID = "tractor"


def test_simulate_writes_the_score_components(tmp_path, monkeypatch, capsys):
    out = tmp_path / "run"
    code, _, err = cli(["simulate", GAME_ID, "--players", "4", "--games", "400", "--seed", "3", "--policy",
                        "greedy", "--out", str(out), "--quiet"], monkeypatch, capsys)
    assert code == 0, err
    rows = pl.read_parquet(f"{out}/part-*.parquet")
    assert rows.height == 1600
    parts = ["full_enclosure_points", "attraction_points", "stall_points", "backyard_penalty",
             "card_species_winner", "card_enclosure_winner", "card_attraction_winner"]
    assert all(c in rows.columns for c in parts + ["end_reason"])
    total = sum(rows[c].cast(pl.Int32) for c in parts)
    assert (total == rows["score"].cast(pl.Int32)).all()


def test_replay_tells_the_game_and_its_scoring(monkeypatch, capsys):
    code, out, err = cli(["replay", GAME_ID, "-p", "3", "-s", "1", "-g", "4", "--policy", "greedy"], monkeypatch, capsys)
    assert code == 0, err
    assert "takes tractor" in out and "final scoring" in out and out.count("seat 2: score") == 1


def test_score_prints_json(tmp_path, monkeypatch, capsys):
    position = tmp_path / "p.json"
    position.write_text(json.dumps({"players": [{"enclosures": [
        {"species": 0, "animals": 3}, {"species": 1, "animals": 2, "attraction": True},
        {"species": None, "animals": 0}], "stalls": 1, "backyard": {"animals": 2, "other": 1}}]}))
    code, out, err = cli(["score", GAME_ID, str(position), "--format", "json"], monkeypatch, capsys)
    assert code == 0, err
    assert json.loads(out)["players"][0]["total"] == 3 + 3 + 1 + 1 - 2 + 3 + 2 + 1


@pytest.mark.parametrize("args, message", [
    (["replay", GAME_ID, "-p", "3", "-s", "1", "-g", "0", "--rule", "enclosures=4"], "enclosure_points needs 4 values"),
    (["replay", GAME_ID, "-p", "6", "-s", "1", "-g", "0"], "2-5 players, got 6"),
    (["replay", GAME_ID, "-p", "2", "-s", "1", "-g", "0", "--policy", "heuristic:greed=2"], "bad policy parameter"),
    (["simulate", GAME_ID, "--players", "2", "--games", "10", "--seed", "1", "--policy", "uniform", "--out", "r", "--rule",
      "overflow=floor"],
     "overflow must be one of bag, discard"),
])
def test_bad_input_is_one_line_and_exit_2(args, message, monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    code, _, err = cli(args, monkeypatch, capsys)
    assert code == 2 and message in err and err.count("\n") == 1


def test_rules_and_policies_list_everything(monkeypatch, capsys):
    code, out, _ = cli(["rules", GAME_ID], monkeypatch, capsys)
    assert code == 0 and "overflow = \"bag\"" in out and "enclosure_points = [3, 3, 4]" in out
    code, out, _ = cli(["policies", GAME_ID], monkeypatch, capsys)
    assert code == 0 and all(p in out for p in ("uniform", "random", "greedy", "heuristic", "rival_weight"))


def test_without_policy_every_seat_plays_heuristic(tmp_path, monkeypatch, capsys):
    out = tmp_path / "run"
    code, _, err = cli(["simulate", GAME_ID, "--players", "3", "--games", "6", "--seed", "3", "--out", str(out),
                        "--quiet"], monkeypatch, capsys)
    assert code == 0, err
    assert pl.read_parquet(f"{out}/part-*.parquet")["policy"].unique().to_list() == ["heuristic"]
