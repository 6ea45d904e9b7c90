"""`zoosim simulate` / `zoosim verify` as a user runs them: exit codes, one-line errors, kill and resume."""
from __future__ import annotations

import json
import re
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pytest

from tests.support.cli_runner import run_cli as cli
from tests.support import toy_game as sim_toy_game
from tests.support.toy_game import read_run
from zoosim.games import registry
from zoosim.sim.manifest import build_spec
from zoosim.sim.runner import simulate
from zoosim.sim.shards import shard_is_complete, shard_number
from zoosim.sim.storage import RunDir
from zoosim.sim.verify import verify_run
from tests.support.paths import REPO

BASE = ["simulate", "toy", "--players", "3", "--games", "1200", "--seed", "5", "--policy", "plain",
        "--policy", "greedy", "--policy", "bold:bias=1", "--shard-size", "300", "--quiet"]


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._GAMES, sim_toy_game.TOY_ID, sim_toy_game.TOY_MODULE)


def with_option(args: list[str], option: str, value: str) -> list[str]:
    args = list(args)
    args[args.index(option) + 1] = value
    return args


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "chess", *BASE[2:]], "unknown game 'chess'"),
        (with_option(BASE, "--players", "9"), "2-4 players, got 9"),
        (with_option(BASE, "--policy", "sleepy"), "unknown policy 'sleepy'"),
        ([*BASE, "--rule", "colour=red"], "unknown rule 'colour'"),
        ([*BASE, "--rule", "sides=many"], "rule sides needs a value"),
        ([*BASE, "--rule", "sides"], "expected key=value"),
        (with_option(BASE, "--games", "0"), "games must be a whole number >= 1, got 0"),
        (with_option(BASE, "--seed", "-3"), "seed must be a whole number 0..9223372036854775807, got -3"),
        ([*BASE, "--workers", "0"], "workers must be a whole number >= 1, got 0"),
        ([*BASE, "--scheduler", "nowhere"], "bad --scheduler 'nowhere'"),
    ],
)
def test_bad_input_exits_2_with_one_line_and_writes_nothing(
    args: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = cli([*args, "--out", str(tmp_path / "run")], monkeypatch, capsys)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("error: ") and message in err
    assert out == ""
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [("--policy", "sleepy", "unknown policy 'sleepy'"), ("--games", "0", "games must be a whole number >= 1"),
     ("--workers", "0", "workers must be a whole number >= 1")],
)
def test_bad_input_without_a_seed_is_one_line_too(
    option: str, value: str, message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    """No seed is drawn (and no 'seed ... (drawn ...)' line printed) for a command that cannot run."""
    args = [a for i, a in enumerate(BASE) if a != "--seed" and BASE[i - 1] != "--seed"]
    args = with_option(args, option, value) if option in args else [*args, option, value]
    monkeypatch.chdir(tmp_path)
    code, out, err = cli([*args, "--out", str(tmp_path / "run")], monkeypatch, capsys)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("error: ") and message in err
    assert out == "" and list(tmp_path.iterdir()) == []


def test_simulate_prints_location_and_summary_then_verify_ok(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = cli(BASE, monkeypatch, capsys)
    assert code == 0
    lines = out.strip().splitlines()
    assert len(lines) == 2 and lines[0].startswith("run: ")
    run_dir = Path(lines[0][len("run: "):])
    assert run_dir.parent == tmp_path / "runs" and run_dir.name.startswith("toy-")
    assert "simulated 1,200 games in 4 shard(s)" in lines[1]
    code, out, _ = cli(["verify", str(run_dir)], monkeypatch, capsys)
    assert (code, out) == (0, "ok: 1200 games in 4 shards\n")
    code, out, _ = cli(BASE, monkeypatch, capsys)  # the same command again: nothing to do
    assert code == 0 and "nothing to do" in out


def test_verify_reports_deleted_truncated_and_duplicated_shards_and_simulate_repairs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    out_dir = tmp_path / "run"
    args = [*BASE, "--out", str(out_dir)]
    assert cli(args, monkeypatch, capsys)[0] == 0
    reference = read_run(out_dir)
    (out_dir / "part-00000.parquet").unlink()
    truncated = out_dir / "part-00001.parquet"
    truncated.write_bytes(truncated.read_bytes()[:-40])
    shutil.copy(out_dir / "part-00003.parquet", out_dir / "part-00002.parquet")
    shutil.copy(out_dir / "part-00003.parquet", out_dir / "part-00009.parquet")
    code, out, _ = cli(["verify", str(out_dir)], monkeypatch, capsys)
    assert code == 1
    problems = out.strip().splitlines()
    assert any(p.startswith("part-00000.parquet: missing") for p in problems)
    assert any(p.startswith("part-00001.parquet: unreadable") for p in problems)
    assert any(p.startswith("part-00002.parquet: game indices 900..1199 outside") for p in problems)
    assert any(p.startswith("part-00009.parquet: unexpected shard") for p in problems)
    assert len(problems) == 4
    (out_dir / "part-00009.parquet").unlink()
    code, out, _ = cli(args, monkeypatch, capsys)
    assert code == 0 and "simulated 900 games in 3 shard(s)" in out
    assert cli(["verify", str(out_dir)], monkeypatch, capsys)[:2] == (0, "ok: 1200 games in 4 shards\n")
    assert read_run(out_dir).equals(reference)


def test_verify_reports_wrong_row_count_and_schema_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    out_dir = tmp_path / "run"
    assert cli([*BASE, "--out", str(out_dir)], monkeypatch, capsys)[0] == 0
    import polars as pl

    shard = out_dir / "part-00001.parquet"
    import pyarrow.parquet as pq

    table = pq.read_table(shard)
    pq.write_table(table.slice(0, table.num_rows - 3), shard)
    pq.write_table(pq.read_table(out_dir / "part-00002.parquet").drop_columns(["rerolls"]),
                   out_dir / "part-00002.parquet")
    code, out, _ = cli(["verify", str(out_dir)], monkeypatch, capsys)
    assert code == 1 and "part-00001.parquet: 897 rows, expected 900" in out
    assert "part-00002.parquet: no column rerolls" in out
    assert pl.read_parquet(shard).height == 897
    manifest = out_dir / "manifest.json"
    manifest.write_text(manifest.read_text().replace('"schema_version": 1', '"schema_version": 7'))
    code, out, _ = cli(["verify", str(out_dir)], monkeypatch, capsys)
    assert code == 1 and "schema_version 7" in out


def test_different_command_into_existing_dir_is_refused_and_force_works(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    out_dir = tmp_path / "run"
    assert cli([*BASE, "--out", str(out_dir)], monkeypatch, capsys)[0] == 0
    changed = [*with_option(BASE, "--seed", "6"), "--out", str(out_dir)]
    code, out, err = cli(changed, monkeypatch, capsys)
    assert code == 2 and err.count("\n") == 1 and "holds a different run (seed differs)" in err
    code, out, err = cli([*changed, "--force"], monkeypatch, capsys)
    assert code == 0
    assert read_run(out_dir)["seed"].unique().to_list() == [6]


def test_ctrl_c_keeps_every_finished_shard_and_exits_130(tmp_path: Path) -> None:
    """SIGINT (Ctrl-C) while two threads each make shards: a clean stop, nothing half-written, resumable."""
    games, shard = 200_000, 1_000
    args = [sys.executable, "-m", "zoosim", "simulate", "zooloretto", "--players", "3", "--games", str(games),
            "--seed", "77", "--shard-size", str(shard), "--workers", "2", "--policy", "uniform", "--quiet",
            "--out", "stopped"]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    simulate("zooloretto", 3, ["uniform"], 1, 77, {}, tmp_path / "warm", progress=False)
    process = subprocess.Popen(args, cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    run_dir = tmp_path / "stopped"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and not list(run_dir.glob("part-*.parquet")):
        assert process.poll() is None, process.stderr.read().decode()
        time.sleep(0.005)
    process.send_signal(signal.SIGINT)
    assert process.wait(timeout=60) == 130
    assert "interrupted: finished shards are kept" in process.stderr.read().decode()
    finished = sorted(p.name for p in run_dir.glob("part-*.parquet"))
    assert 1 <= len(finished) < games // shard
    assert not [p for p in run_dir.iterdir() if p.name.startswith(".tmp-")]
    spec = build_spec("zooloretto", 3, ["uniform"], games, 77, {}, shard_size=shard)
    assert all(shard_is_complete(RunDir(run_dir), spec, shard_number(name)) for name in finished)

    rerun = subprocess.run(args, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert rerun.returncode == 0, rerun.stderr
    assert f"kept {len(finished)} finished shard(s)" in rerun.stdout
    assert verify_run(run_dir).ok


def test_sigkill_then_resume_gives_the_uninterrupted_run(tmp_path: Path) -> None:
    """`python -m zoosim simulate zooloretto` killed with SIGKILL after its first shard; the rerun completes it."""
    games, shard = 12_000, 500
    policies = ["uniform"]
    args = [sys.executable, "-m", "zoosim", "simulate", "zooloretto", "--players", "3", "--games", str(games),
            "--seed", "2024", "--shard-size", str(shard), "--quiet", "--out", "killed"]
    for p in policies:
        args += ["--policy", p]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    # Compile (or load) the engine here first: the subprocess then starts from numba's warm cache, so the
    # kill lands while it is writing shards, not while it compiles.
    simulate("zooloretto", 3, policies, 1, 2024, {}, tmp_path / "warm", progress=False)
    process = subprocess.Popen(args, cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 300
    run_dir = tmp_path / "killed"
    while time.monotonic() < deadline and not list(run_dir.glob("part-*.parquet")):
        assert process.poll() is None, process.stderr.read().decode()
        time.sleep(0.005)
    process.send_signal(signal.SIGKILL)
    process.wait()
    finished = sorted(p.name for p in run_dir.glob("part-*.parquet"))
    assert 1 <= len(finished) < games // shard, finished

    rerun = subprocess.run(args, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert rerun.returncode == 0, rerun.stderr
    kept = int(rerun.stdout.split("kept ")[1].split(" ")[0])
    assert kept >= len(finished)
    assert not [p for p in run_dir.iterdir() if p.name.startswith(".tmp-")]
    resumed = read_run(run_dir)
    assert resumed["game_index"].n_unique() == games and resumed.height == games * 3
    assert resumed.group_by("game_index").len()["len"].unique().to_list() == [3]
    assert verify_run(run_dir).ok

    whole = simulate("zooloretto", 3, policies, games, 2024, {}, tmp_path / "whole", shard_size=shard,
                     progress=False)
    assert resumed.equals(read_run(whole.location))
    manifest = json.loads((run_dir / "manifest.json").read_text())
    assert manifest["components"] == ["full_enclosure_points", "one_short_points", "partial_points",
                                      "stall_points", "barn_animal_penalty", "barn_stall_penalty"]
    assert (resumed["score"] == resumed.select(pl.sum_horizontal(manifest["components"])).to_series()).all()


def test_without_seed_a_fresh_seed_is_drawn_printed_recorded_and_resumed(tmp_path, monkeypatch, capsys):
    at = BASE.index("--seed")
    no_seed = [*BASE[:at], *BASE[at + 2:], "--out", str(tmp_path / "fresh")]
    code, _, err = cli(no_seed, monkeypatch, capsys)
    assert code == 0, err
    drawn = re.search(r"^seed (\d+) \(drawn; --seed \1 makes this run again\)$", err, re.M)
    assert drawn, err
    seed = int(drawn.group(1))
    manifest = json.loads((tmp_path / "fresh" / "manifest.json").read_text())
    assert manifest["seed"] == seed and manifest["command"].endswith(f"--seed {seed}")
    assert read_run(tmp_path / "fresh")["seed"].unique().to_list() == [seed]
    code, _, err = cli(no_seed, monkeypatch, capsys)     # the same command again: that run, resumed
    assert code == 0 and f"seed {seed} (the run in " in err
    other = [*BASE[:at], *BASE[at + 2:], "--out", str(tmp_path / "other")]
    code, _, err = cli(other, monkeypatch, capsys)       # a new run dir gets a fresh seed of its own
    assert code == 0 and int(re.search(r"^seed (\d+) \(drawn", err, re.M).group(1)) != seed
