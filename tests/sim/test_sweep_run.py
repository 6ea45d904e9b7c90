"""Sweeps on the real engine (zooloretto `uniform`, tiny counts): shared seeds, columns, resume, stopping."""
from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from tests.support.cli_runner import run_cli
from zoosim.analysis.load import load_run
from zoosim.analysis.sweep import most_balanced, open_sweep, sweep_metrics
from zoosim.sim.runner import simulate_run
from zoosim.sim.stopping import seat_advantage
from zoosim.sim.cells import SeatTotals
from zoosim.sim.sweep import sweep_run

ORDER = ["game_index", "rotation", "seat"]


def test_a_cell_with_the_baseline_rules_reproduces_the_baseline_run(tmp_path: Path) -> None:
    sweep = sweep_run("zooloretto", ["end_stack=10,15", "enclosure_full_points=8,5,10;9,5,11"], "2,3", ["uniform"],
                      40, 9, tmp_path / "sweep", workers=1, progress=False)
    assert len(sweep["cells"]) == 8 and all(c["games"] == 40 for c in sweep["cells"])
    rows = load_run(tmp_path / "sweep").collect()
    assert {"cell", "end_stack", "enclosure_full_points"} <= set(rows.columns)
    assert rows["enclosure_full_points"].dtype == pl.String and rows["end_stack"].dtype == pl.Int64
    baseline = simulate_run("zooloretto", 3, ["uniform"], 40, 9, {"end_stack": "15"}, tmp_path / "base",
                            workers=1, progress=False)
    base = load_run(baseline).collect().sort(ORDER)
    cell = rows.filter((pl.col("players") == 3) & (pl.col("end_stack") == 15)
                       & (pl.col("enclosure_full_points") == "8,5,10"))
    assert cell["cell"].n_unique() == 1
    same = cell.drop("cell", "end_stack", "enclosure_full_points", "run_number").sort(ORDER)
    assert same.equals(base.drop("run_number"))
    other = rows.filter((pl.col("players") == 3) & (pl.col("end_stack") == 10)
                        & (pl.col("enclosure_full_points") == "9,5,11"))
    assert other["game_index"].unique().sort().to_list() == base["game_index"].unique().sort().to_list()
    assert not other.select("score").equals(same.select("score"))  # other rules, other games on the same seeds


def test_resume_keeps_shards_and_remakes_a_missing_one_identically(tmp_path: Path) -> None:
    out = tmp_path / "s"
    sweep_run("zooloretto", ["end_stack=10,12"], "2", ["uniform"], 30, 4, out, workers=1, progress=False)
    before = {p.name: p.read_bytes() for p in out.glob("part-*.parquet")}
    stamps = {p.name: p.stat().st_mtime_ns for p in out.glob("part-*.parquet")}
    victim = sorted(before)[0]
    (out / victim).unlink()
    sweep_run("zooloretto", ["end_stack=10,12"], "2", ["uniform"], 30, 4, out, workers=1, progress=False)
    after = {p.name: p for p in out.glob("part-*.parquet")}
    assert set(after) == set(before)
    assert after[victim].read_bytes() == before[victim]
    assert all(after[n].stat().st_mtime_ns == stamps[n] for n in after if n != victim)


def test_target_ci_plays_batches_until_the_half_width_is_reached(tmp_path: Path) -> None:
    out = tmp_path / "t"
    manifest = sweep_run("zooloretto", ["end_stack=10,15"], "2", ["uniform"], 20, 5, out, target_ci=0.15,
                         max_games=200, workers=1, progress=False)
    manifest_again, lf = open_sweep(out)
    rows = lf.collect()
    for cell in manifest["cells"]:
        games = rows.filter(pl.col("cell") == cell["cell"])
        assert games["game_index"].n_unique() == cell["games"] and cell["games"] % 20 == 0
        widths = []
        for played in range(20, cell["games"] + 1, 20):
            part = games.filter(pl.col("game_index") < played)
            wins = part.group_by("seat").agg(pl.col("win_share").sum(), pl.len()).sort("seat")
            totals = SeatTotals(wins["win_share"].to_numpy(), wins["len"].to_numpy().astype(float))
            widths.append(seat_advantage(totals, 2).half_width)
        if cell["stopped_early"]:
            assert widths[-1] <= 0.15 and all(w > 0.15 for w in widths[:-1])
        else:
            assert cell["games"] == 200 and all(w > 0.15 for w in widths)
    assert any(c["stopped_early"] for c in manifest["cells"])


def test_metrics_have_one_row_per_cell_with_intervals_around_the_estimate(tmp_path: Path) -> None:
    out = tmp_path / "m"
    sweep_run("zooloretto", ["end_stack=10,15"], "2,3", ["uniform"], 60, 2, out, workers=1, progress=False)
    manifest, lf = open_sweep(out)
    metrics = sweep_metrics(lf, manifest)
    assert metrics.height == 4 and metrics["games"].to_list() == [60] * 4
    for m in ("balance", "score_sd", "margin", "tie_rate", "rounds"):
        assert (metrics[f"{m}_ci_low"] <= metrics[m]).all() and (metrics[m] <= metrics[f"{m}_ci_high"]).all()
    rows = lf.collect()
    cell0 = rows.filter(pl.col("cell") == 0)
    assert metrics["score_sd"][0] == pytest.approx(cell0["score"].cast(pl.Float64).std())
    assert metrics["rounds"][0] == pytest.approx(cell0.filter(pl.col("seat") == 0)["rounds"].mean())
    best = most_balanced(metrics)
    assert set(best["players"].to_list()) == {2, 3} and best["best"].sum() == 2


@pytest.mark.parametrize(("extra", "message"), [
    (["--grid", "colour=red"], "unknown rule 'colour'"),
    (["--grid", "end_stack=ten"], "rule end_stack needs a value"),
    (["--grid", "end_stack"], "expected key=v1,v2"),
    (["--grid", "end_stack=10,10"], "lists a value twice"),
    (["--grid", "end_stack=10", "--grid", "end_stack=12"], "given twice"),
    (["--grid", "end_stack=10,"], "empty value"),
    (["--grid", "enclosure_full_points=8,5,10;x,5,10"], "rule enclosure_full_points needs a value"),
    (["--target-ci", "0.7"], "--target-ci must be"),
    (["--target-ci", "0.01", "--max-games", "5"], "--max-games must be"),
    (["--max-games", "500"], "--max-games needs --target-ci"),
    (["--players", "2,9"], "2-5 players, got 9"),
    (["--players", "2,x"], "--players needs whole numbers"),
    (["--policy", "sleepy"], "unknown policy 'sleepy'"),
])
def test_bad_input_is_one_line_exit_2_and_nothing_written(extra: list[str], message: str, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture) -> None:
    out = tmp_path / "bad"
    args = ["sweep", "zooloretto", "--players", "2", "--policy", "uniform", "--games-per-cell", "10",
            "--out", str(out), "--quiet"]
    for i in range(0, len(extra), 2):  # an option given in `extra` replaces the default one
        if extra[i] in args and extra[i] in ("--players", "--policy"):
            args[args.index(extra[i]) + 1] = extra[i + 1]
        else:
            args += extra[i:i + 2]
    code, stdout, err = run_cli(args, monkeypatch, capsys)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and message in err, err
    assert not out.exists()


def test_cli_sweep_prints_cells_and_the_most_balanced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture) -> None:
    out = tmp_path / "cli"
    code, stdout, err = run_cli(["sweep", "zooloretto", "--grid", "end_stack=10,15", "--players", "2",
                                 "--policy", "uniform", "--games-per-cell", "20", "--seed", "3", "--workers", "1",
                                 "--out", str(out), "--quiet"], monkeypatch, capsys)
    assert code == 0, err
    assert "2 cells, 40 games" in stdout and "2 players: most balanced is cell" in stdout
    assert (out / "manifest.json").is_file()
