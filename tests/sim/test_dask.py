"""Issue 7: shard tasks on a Dask cluster give exactly the rows of a local run."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support import toy_game as sim_toy_game
from tests.support.toy_game import read_run
from zoosim.games import registry
from zoosim.sim.runner import simulate
from zoosim.sim.verify import verify_run

POLICIES = ["plain", "bold:bias=2"]


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._GAMES, sim_toy_game.TOY_ID, sim_toy_game.TOY_MODULE)


def test_local_cluster_of_two_workers_matches_local_backend_survives_a_dying_worker_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # one worker process dies (os._exit) in its first task after game 0; Dask must rerun that task
    marker = tmp_path / "a-worker-died"
    monkeypatch.setenv("ZOOSIM_TOY_DIE_ONCE", str(marker))
    args = ("toy", 2, POLICIES, 1_800, 3, {"rolls": "4"})
    dask_dir = tmp_path / "dask"
    dask_dir.mkdir()  # an existing empty directory is a fine place for a new run
    summary = simulate(*args, dask_dir, rotate_seats=True, progress=False, shard_size=400, scheduler="local:2")
    assert marker.exists()
    monkeypatch.delenv("ZOOSIM_TOY_DIE_ONCE")
    assert summary.made_shards == 5 and summary.backend == "dask:local:2"
    assert json.loads((dask_dir / "manifest.json").read_text())["backend"] == "dask:local:2"
    assert verify_run(dask_dir).ok

    local = simulate(*args, tmp_path / "local", rotate_seats=True, progress=False, shard_size=400)
    assert read_run(dask_dir).equals(read_run(local.location))
    for k in range(5):  # the same shard layout gives the same files, byte for byte
        name = f"part-{k:05d}.parquet"
        assert (dask_dir / name).read_bytes() == (Path(local.location) / name).read_bytes()

    # a Dask run resumes locally (and vice versa): only the missing shard is made, the backend recorded
    (dask_dir / "part-00003.parquet").unlink()
    again = simulate(*args, dask_dir, rotate_seats=True, progress=False, shard_size=400)
    assert again.made_shards == 1
    assert json.loads((dask_dir / "manifest.json").read_text())["backend"] == "local"
    assert read_run(dask_dir).equals(read_run(local.location))


def test_a_cards_log_made_on_dask_is_the_local_one_and_verifies(tmp_path: Path) -> None:
    """The cards log (a second dataset written per shard) takes the same path on Dask workers as locally."""
    import polars as pl

    args = ("toy", 3, ["greedy"], 900, 5, {"rolls": "4"})
    dask_dir, local_dir = tmp_path / "dask", tmp_path / "local"
    simulate(*args, dask_dir, progress=False, shard_size=300, scheduler="local:2", cards_log=True)
    simulate(*args, local_dir, progress=False, shard_size=300, cards_log=True)
    assert verify_run(dask_dir).ok and verify_run(local_dir).ok
    for k in range(3):
        name = f"cards/part-{k:05d}.parquet"
        assert (dask_dir / name).read_bytes() == (local_dir / name).read_bytes()
    cards = pl.read_parquet(dask_dir / "cards" / "*.parquet")
    rows = read_run(dask_dir)
    assert cards.filter(pl.col("card") == 1).height == int((rows["rerolls"] > 0).sum()) > 0
    assert cards.filter(pl.col("card") == 2).height == int((rows["bonus_points"] > 0).sum()) > 0
