"""The commands beyond simulate/replay/score work for Castles as for every game: a tournament of its policies, a
sweep over a rule, `verify` and `report` of a run, and `tune` fitting heuristic's weights (tiny budgets: these check
the wiring, the ladder's numbers are in benchmarks/bench_castles.py)."""
from __future__ import annotations

import json
import tomllib

from tests.support.cli_runner import run_cli


def test_tournament_of_the_castles_policies(tmp_path, monkeypatch, capsys):
    out = tmp_path / "t"
    code, stdout, err = run_cli(["tournament", "castles", "-p", "2", "--policy", "heuristic", "--policy", "random",
                                 "-n", "6", "-s", "3", "-o", str(out), "--quiet"], monkeypatch, capsys)
    assert code == 0, err
    assert "heuristic" in stdout and "random" in stdout


def test_sweep_verify_and_report(tmp_path, monkeypatch, capsys):
    sweep = tmp_path / "s"
    code, _, err = run_cli(["sweep", "castles", "--grid", "pass_income=3000,5000", "--players", "2", "--policy",
                            "greedy", "--games-per-cell", "6", "--seed", "4", "--out", str(sweep), "--quiet"],
                           monkeypatch, capsys)
    assert code == 0, err
    run = tmp_path / "r"
    code, _, err = run_cli(["simulate", "castles", "-p", "3", "-n", "9", "-s", "5", "--policy", "uniform", "-o",
                            str(run), "--quiet"], monkeypatch, capsys)
    assert code == 0, err
    code, stdout, _ = run_cli(["verify", str(run)], monkeypatch, capsys)
    assert code == 0 and stdout.startswith("ok: 9 games"), stdout
    code, _, err = run_cli(["report", str(run), "--out", str(tmp_path / "report")], monkeypatch, capsys)
    assert code == 0, err
    assert (tmp_path / "report" / "index.html").exists()


def test_tune_fits_heuristic_weights(tmp_path, monkeypatch, capsys):
    out = tmp_path / "w.toml"
    code, _, err = run_cli(["tune", "castles", "-p", "2", "--budget", "60", "--population", "4", "--opponents", "1",
                            "--generations", "1", "--eval-deals", "4", "-s", "6", "-o", str(out), "--quiet"],
                           monkeypatch, capsys)
    assert code == 0, err
    weights = tomllib.loads(out.read_text())
    assert "w_block" in json.dumps(weights)
    code, _, err = run_cli(["simulate", "castles", "-p", "2", "-n", "2", "-s", "1", "--policy", f"heuristic:@{out}",
                            "-o", str(tmp_path / "tuned"), "--quiet"], monkeypatch, capsys)
    assert code == 0, err
