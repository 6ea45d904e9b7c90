"""The Zooloretto family through the real CLI: simulate (Parquet with the score components), replay, score, rules,
policies, the default policy, and one-line errors for bad input."""
from __future__ import annotations

import json

import polars as pl
import pytest

from tests.games.family.cases import CASES, Case
from tests.support.cli_runner import run_cli as cli

by_game = pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)


@by_game
def test_simulate_writes_the_score_components(case: Case, tmp_path, monkeypatch, capsys):
    out = tmp_path / "run"
    code, _, err = cli(["simulate", case.id, "--players", "4", "--games", "400", "--seed", "3", "--policy",
                        "greedy", "--out", str(out), "--quiet"], monkeypatch, capsys)
    assert code == 0, err
    rows = pl.read_parquet(f"{out}/part-*.parquet")
    assert rows.height == 1600
    assert all(column in rows.columns for column in case.score_parts + case.columns)
    assert case.game.score_components == case.score_parts
    total = sum(rows[c].cast(pl.Int32) for c in case.score_parts)
    assert (total == rows["score"].cast(pl.Int32)).all()


@by_game
def test_replay_tells_the_game_and_its_scoring(case: Case, monkeypatch, capsys):
    code, out, err = cli(["replay", case.id, "-p", "3", "-s", "1", "-g", "4", "--policy", "greedy"], monkeypatch,
                         capsys)
    assert code == 0, err
    assert case.takes in out and "final scoring" in out and out.count("seat 2: score") == 1


@by_game
def test_score_prints_json(case: Case, tmp_path, monkeypatch, capsys):
    position = tmp_path / "p.json"
    position.write_text(json.dumps(case.position))
    code, out, err = cli(["score", case.id, str(position), "--format", "json"], monkeypatch, capsys)
    assert code == 0, err
    assert json.loads(out)["players"][0]["total"] == case.position_total


# what every family game refuses (2-5 players; a parameter no policy has), beside each game's own bad rules
EVERY_GAME_REFUSES = ((["-p", "6", "-s", "1", "-g", "0"], "2-5 players, got 6"),
                      (["-p", "2", "-s", "1", "-g", "0", "--policy", "heuristic:greed=2"], "bad policy parameter"))


@pytest.mark.parametrize("args, message", [bad for case in CASES for bad in case.bad_input]
                         + [(["replay", case.id, *args], message) for case in CASES
                            for args, message in EVERY_GAME_REFUSES])
def test_bad_input_is_one_line_and_exit_2(args, message, monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    code, _, err = cli(args, monkeypatch, capsys)
    assert code == 2 and message in err and err.count("\n") == 1


@by_game
def test_rules_and_policies_list_everything(case: Case, monkeypatch, capsys):
    code, out, _ = cli(["rules", case.id], monkeypatch, capsys)
    assert code == 0 and all(line in out for line in case.rules_text)
    code, out, _ = cli(["policies", case.id], monkeypatch, capsys)
    assert code == 0 and all(p in out for p in ("uniform", "random", "greedy", "heuristic", case.policy_text))


@by_game
def test_without_policy_every_seat_plays_heuristic(case: Case, tmp_path, monkeypatch, capsys):
    out = tmp_path / "run"
    code, _, err = cli(["simulate", case.id, "--players", "3", "--games", "6", "--seed", "3", "--out", str(out),
                        "--quiet"], monkeypatch, capsys)
    assert code == 0, err
    assert pl.read_parquet(f"{out}/part-*.parquet")["policy"].unique().to_list() == ["heuristic"]
