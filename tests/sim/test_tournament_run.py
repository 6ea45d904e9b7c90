"""`zoosim tournament` on the real engine (zooloretto, tiny counts): lineups, shared seeds, CLI errors."""
from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from tests.support.cli_runner import run_cli
from zoosim.analysis.load import load_run
from zoosim.analysis.winrates import win_rates
from zoosim.analysis.ratings import tournament_tables
from zoosim.sim.runner import simulate_run
from zoosim.sim.tournament import tournament_run

ORDER = ["game_index", "rotation", "seat"]


def test_every_lineup_in_every_rotation_on_shared_seeds(tmp_path: Path) -> None:
    out = tmp_path / "t"
    manifest = tournament_run("zooloretto", 3, ["uniform", "random"], 12, 8, out, workers=1, progress=False)
    assert [c["lineup"] for c in manifest["cells"]] == ["uniform vs uniform vs random", "uniform vs random vs random"]
    rows = load_run(out).collect()
    per_cell = rows.group_by("cell").agg(pl.len(), pl.col("lineup").first(), pl.col("rotation").n_unique())
    assert per_cell["len"].to_list() == [12 * 3 * 3] * 2 and per_cell["rotation"].to_list() == [3, 3]
    # each policy sits in every seat of every deal in each lineup
    seats = rows.group_by(["cell", "policy"]).agg(pl.col("seat").n_unique())
    assert seats["seat"].to_list() == [3] * 4
    baseline = simulate_run("zooloretto", 3, ["uniform", "random", "random"], 12, 8, {}, tmp_path / "b",
                            rotate_seats=True, workers=1, progress=False)
    base = load_run(baseline).collect().sort(ORDER).drop("lineup", "run_number")
    cell = rows.filter(pl.col("cell") == 1).drop("cell", "lineup", "run_number").sort(ORDER)
    assert cell.equals(base)
    # turn order: zooloretto plays in seat order, so each lineup's positions are its seats, in every rotation
    by_position = win_rates(load_run(out), by="position")
    assert by_position.height == 2 * 3 and by_position["n"].to_list() == [12 * 3] * 6
    assert by_position.drop("position").equals(win_rates(load_run(out), by="seat").drop("seat"))
    _, fitted, matrix = tournament_tables(str(out), bootstrap=20)
    assert set(fitted["policy"]) == {"uniform", "random"} and matrix.height == 2
    assert fitted["rating"].sum() == pytest.approx(0.0, abs=1e-9)


@pytest.mark.parametrize(("args", "message"), [
    (["--policy", "uniform"], "at least two --policy"),
    (["--policy", "uniform", "--policy", "uniform"], "given twice"),
    (["--policy", "uniform", "--policy", "sleepy"], "unknown policy 'sleepy'"),
    (["--policy", "uniform", "--policy", "random", "--players", "7"], "2-5 players, got 7"),
    (["--policy", "uniform", "--policy", "random", "--rule", "colour=red"], "unknown rule 'colour'"),
    (["--policy", "uniform", "--policy", "random", "--games", "0"], "games must be a whole number >= 1"),
])
def test_bad_input_is_one_line_exit_2_and_nothing_written(args: list[str], message: str, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture) -> None:
    out = tmp_path / "bad"
    full = ["tournament", "zooloretto", "--out", str(out), "--quiet", *args]
    if "--players" not in args:
        full += ["--players", "3"]
    if "--games" not in args:
        full += ["--games", "5"]
    code, _, err = run_cli(full, monkeypatch, capsys)
    assert code == 2 and len(err.strip().splitlines()) == 1 and message in err, err
    assert not out.exists()
