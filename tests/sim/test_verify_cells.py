"""`zoosim verify` on sweep and tournament dirs: every cell holds exactly the games its manifest records."""
from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq

from zoosim.sim.sweep import sweep_run
from zoosim.sim.tournament import tournament_run
from zoosim.sim.verify import verify_run


def test_sweep_dir_verifies_and_damage_is_named(tmp_path: Path) -> None:
    out = tmp_path / "sweep"
    manifest = sweep_run("zooloretto", ["end_stack=10,12,14"], "2", ["uniform"], 30, 4, out, workers=1,
                         progress=False)
    result = verify_run(out)
    assert result.ok, result.problems
    assert result.games == 90 and result.shards == 3
    (out / "part-c00001-00000.parquet").unlink()
    table = pq.read_table(out / "part-c00000-00000.parquet")
    pq.write_table(table.slice(0, table.num_rows - 2), out / "part-c00000-00000.parquet")
    (out / "part-c00003-00000.parquet").write_bytes((out / "part-c00002-00000.parquet").read_bytes())
    problems = verify_run(out).problems
    assert any(p.startswith("part-c00001-00000.parquet: missing") for p in problems)
    assert any(p.startswith("part-c00000-00000.parquet:") and "rows" in p for p in problems)
    assert any(p.startswith("part-c00003-00000.parquet: unexpected") for p in problems)
    assert len(problems) == 3
    # an unfinished sweep says so
    (out / "manifest.json").write_text(json.dumps({**manifest, "complete": False}))
    assert "did not finish" in verify_run(out).problems[0]


def test_tournament_dir_verifies(tmp_path: Path) -> None:
    out = tmp_path / "t"
    tournament_run("zooloretto", 2, ["uniform", "random"], 12, 8, out, workers=1, progress=False)
    assert verify_run(out).ok
    name = sorted(out.glob("part-c*.parquet"))[0]
    name.write_bytes(name.read_bytes()[:100])
    problems = verify_run(out).problems
    assert len(problems) == 1 and problems[0].startswith(f"{name.name}: unreadable")
