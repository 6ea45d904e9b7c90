"""simulate_run in-process: reproducibility across workers and shard sizes, resume, refusal, failures."""
from __future__ import annotations

import errno
import json
from pathlib import Path

import polars as pl
import pytest

from tests.support import toy_game as sim_toy_game
from tests.support.toy_game import read_run
from zoosim.games import registry
from zoosim.games.base import ZoosimError
from zoosim.sim import shards as shards_module
from zoosim.sim.manifest import engine_hash
from zoosim.sim.runner import simulate, simulate_run
from zoosim.sim.verify import verify_run

POLICIES = ["plain", "greedy", "bold:bias=1"]


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._GAMES, sim_toy_game.TOY_ID, sim_toy_game.TOY_MODULE)


def run(out: Path, **kw) -> Path:
    args = dict(game_id="toy", players=3, policies=POLICIES, games=2_500, seed=11, rules={}, out=out,
                progress=False)
    args.update(kw)
    return simulate_run(**args)


def test_same_seed_same_rows_whatever_workers_and_shard_size(tmp_path: Path) -> None:
    one = run(tmp_path / "w1", workers=1, shard_size=1_000)
    two = run(tmp_path / "w2", workers=2, shard_size=1_000)
    odd = run(tmp_path / "odd", workers=2, shard_size=333)
    whole = run(tmp_path / "whole", workers=1, shard_size=2_500)
    reference = read_run(one)
    assert reference.height == 2_500 * 3
    assert reference["game_index"].n_unique() == 2_500
    for other in (two, odd, whole):
        assert read_run(other).equals(reference)
    # same shard size: the files themselves are identical, byte for byte
    for name in ("part-00000.parquet", "part-00001.parquet", "part-00002.parquet"):
        assert (one / name).read_bytes() == (two / name).read_bytes()
    different_seed = read_run(run(tmp_path / "seed12", seed=12))
    assert not different_seed.drop("run_id", "seed").equals(reference.drop("run_id", "seed"))


def test_columns_order_types_and_manifest(tmp_path: Path) -> None:
    out = run(tmp_path / "r", rules={"sides": "8"}, shard_size=1_000)
    frame = pl.read_parquet(out / "part-00000.parquet")
    assert frame.columns == [
        "run_id", "game", "variant", "rules_hash", "players", "game_index", "seed", "rotation", "seat",
        "policy", "score", "rank", "win_share", "rounds", "turns", "dice_points", "bonus_points", "rerolls", "position",
    ]
    # the toy game logs no turn order of its own (it plays in seat order): the simulation layer adds position = seat
    assert frame.schema["position"] == pl.Int8 and (frame["position"] == frame["seat"]).all()
    assert frame.schema["players"] == pl.Int8 and frame.schema["game_index"] == pl.Int64
    assert frame.schema["score"] == pl.Int16 and frame.schema["rerolls"] == pl.Int8
    manifest = json.loads((out / "manifest.json").read_text())
    assert frame["run_id"].unique().to_list() == [manifest["run_id"]]
    assert frame["variant"].unique().to_list() == ["sides=8"] == [manifest["variant"]]
    assert manifest["rules"]["sides"] == 8 and manifest["shards"] == 3 and manifest["backend"] == "local"
    assert manifest["components"] == ["dice_points", "bonus_points"]
    assert manifest["columns"] == ["dice_points", "bonus_points", "rerolls", "position"]
    assert frame["policy"].head(3).to_list() == POLICIES
    assert (frame["score"] == frame["dice_points"] + frame["bonus_points"]).all()
    assert frame["score"].max() > 6 * 3 + 3  # 8-sided dice were used
    import pyarrow.parquet as pq

    meta = pq.ParquetFile(out / "part-00000.parquet").schema_arrow.metadata
    assert json.loads(meta[b"zoosim.rules"])["sides"] == 8
    assert json.loads(meta[b"zoosim.policies"]) == POLICIES


def test_rotate_seats_plays_each_deal_in_every_rotation(tmp_path: Path) -> None:
    frame = read_run(run(tmp_path / "rot", games=300, rotate_seats=True, shard_size=128))
    assert frame.height == 300 * 3 * 3
    assert sorted(frame["rotation"].unique().to_list()) == [0, 1, 2]
    for r in range(3):
        seats = frame.filter((pl.col("game_index") == 5) & (pl.col("rotation") == r)).sort("seat")
        assert seats["policy"].to_list() == [POLICIES[(s - r) % 3] for s in range(3)]
    # rotation 0 is exactly the unrotated run (same deal, same seats)
    plain = read_run(run(tmp_path / "plain", games=300, shard_size=128))
    rot0 = frame.filter(pl.col("rotation") == 0).drop("run_id")
    assert rot0.equals(plain.drop("run_id"))


def test_resume_remakes_only_deleted_and_truncated_shards(tmp_path: Path) -> None:
    out = run(tmp_path / "r", shard_size=500)
    reference = read_run(out)
    (out / "part-00001.parquet").unlink()
    damaged = out / "part-00003.parquet"
    damaged.write_bytes(damaged.read_bytes()[: damaged.stat().st_size // 2])
    kept = (out / "part-00000.parquet").stat().st_mtime_ns
    summary = simulate("toy", 3, POLICIES, 2_500, 11, {}, out, shard_size=500, progress=False)
    assert summary.made_shards == 2 and summary.made_games == 1_000
    assert (out / "part-00000.parquet").stat().st_mtime_ns == kept
    assert read_run(out).equals(reference)
    assert verify_run(out).ok
    again = simulate("toy", 3, POLICIES, 2_500, 11, {}, out, shard_size=500, progress=False)
    assert again.made_shards == 0


def test_resume_remakes_a_shard_copied_over_another(tmp_path: Path) -> None:
    out = run(tmp_path / "r", shard_size=500)
    reference = read_run(out)
    (out / "part-00002.parquet").write_bytes((out / "part-00001.parquet").read_bytes())
    summary = simulate("toy", 3, POLICIES, 2_500, 11, {}, out, shard_size=500, progress=False)
    assert summary.made_shards == 1
    assert read_run(out).equals(reference)


def test_different_command_is_refused_and_force_replaces(tmp_path: Path) -> None:
    out = run(tmp_path / "r", shard_size=1_000)
    before = json.loads((out / "manifest.json").read_text())
    with pytest.raises(ZoosimError, match="seed") as info:
        run(out, seed=99, shard_size=1_000)
    assert "\n" not in str(info.value)
    with pytest.raises(ZoosimError, match="shard_size"):
        run(out, shard_size=700)
    edited = {**before, "engine_hash": "0123456789ab"}  # as if the engine code changed since
    (out / "manifest.json").write_text(json.dumps(edited))
    with pytest.raises(ZoosimError, match=r"\(engine_hash differs\)"):
        run(out, shard_size=1_000)
    (out / "manifest.json").write_text(json.dumps(before))
    assert json.loads((out / "manifest.json").read_text()) == before
    run(out, seed=99, shard_size=1_000, force=True)
    after = json.loads((out / "manifest.json").read_text())
    assert after["seed"] == 99 and after["run_id"] != before["run_id"]
    assert read_run(out)["seed"].unique().to_list() == [99]
    assert verify_run(out).ok


def test_foreign_directory_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("keep me")
    with pytest.raises(ZoosimError, match="not a zoosim run"):
        run(out)
    run(out, force=True)
    assert (out / "notes.txt").read_text() == "keep me"
    assert verify_run(out).ok


def test_disk_full_keeps_finished_shards_and_leaves_no_temporary_files(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    real_write = shards_module.write_table
    calls = {"n": 0}
    written: list[str] = []

    def write_until_full(table, f) -> None:
        calls["n"] += 1
        if calls["n"] == 3:
            f.write(b"PAR1 half a file")
            raise OSError(errno.ENOSPC, "No space left on device")
        real_write(table, f)
        written.append(f"part-{table.column('game_index')[0].as_py() // 500:05d}.parquet")

    monkeypatch.setattr(shards_module, "write_table", write_until_full)
    out = tmp_path / "full"
    with pytest.raises(ZoosimError, match="no space left") as info:
        run(out, shard_size=500)
    assert "\n" not in str(info.value)
    # shards are written by one thread each: the other thread may finish one more before the run stops
    names = sorted(p.name for p in out.iterdir())
    assert names == ["manifest.json", *sorted(written)] and 2 <= len(written) < 5
    monkeypatch.setattr(shards_module, "write_table", real_write)
    summary = simulate("toy", 3, POLICIES, 2_500, 11, {}, out, shard_size=500, progress=False)
    assert summary.made_shards == 5 - len(written)
    assert read_run(out).equals(read_run(run(tmp_path / "clean", shard_size=500)))


def test_unwritable_out_is_one_line_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file.txt"
    blocker.write_text("x")
    with pytest.raises(ZoosimError, match="cannot create run dir") as info:
        run(blocker / "run")
    assert "\n" not in str(info.value)
    with pytest.raises(ZoosimError, match="is a file"):
        run(blocker)


def test_fsspec_url_run_dir(tmp_path: Path) -> None:
    url = "memory://zoosim-test/run"
    run(url, shard_size=1_000)
    assert verify_run(url).ok
    import fsspec

    fs = fsspec.filesystem("memory")
    frames = [pl.read_parquet(fs.open(p, "rb").read()) for p in sorted(fs.glob("/zoosim-test/run/part-*.parquet"))]
    local = read_run(run(tmp_path / "local", shard_size=1_000))
    assert pl.concat(frames).sort("game_index", "rotation", "seat").equals(local)
    fs.rm("/zoosim-test", recursive=True)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game_id": "chess"}, "unknown game 'chess'"),
        ({"players": 7}, "2-4 players, got 7"),
        ({"policies": ["sleepy"]}, "unknown policy 'sleepy'"),
        ({"policies": ["plain", "bold"]}, "once per seat"),
        ({"policies": ["bold:nerve=2"]}, "bad policy parameter"),
        ({"rules": {"colour": "red"}}, "unknown rule 'colour'"),
        ({"rules": {"sides": "many"}}, "rule sides needs a value like 6"),
        ({"rules": {"sides": "1"}}, "sides needs at least 2"),
        ({"games": 0}, "games must be a whole number >= 1, got 0"),
        ({"seed": -1}, "seed must be a whole number 0..9223372036854775807, got -1"),
        ({"seed": 2**63}, "seed must be"),
        ({"workers": 0}, "workers must be a whole number >= 1, got 0"),
        ({"shard_size": 0}, "shard size must be"),
        ({"scheduler": "udp://x"}, "bad --scheduler"),
        ({"scheduler": "local:0"}, "bad --scheduler"),
    ],
)
def test_bad_input_raises_before_writing(tmp_path: Path, kwargs: dict, message: str) -> None:
    out = tmp_path / "run"
    with pytest.raises(ZoosimError) as info:
        run(out, **kwargs)
    assert message in str(info.value)
    assert "\n" not in str(info.value)
    assert not out.exists()


def test_a_second_writer_of_the_same_run_dir_is_refused(tmp_path: Path) -> None:
    import fcntl

    out = tmp_path / "run"
    run(out, games=100)
    with open(out / ".zoosim.lock", "a+") as held:  # another process writing this run dir
        fcntl.flock(held.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        with pytest.raises(ZoosimError, match="another zoosim process is writing"):
            run(out, games=100)
    assert run(out, games=100) == out  # once it is gone, the same command goes on
    assert not (out / ".zoosim.lock").exists() and verify_run(out).ok


def test_a_refused_new_dir_leaves_nothing_behind(tmp_path: Path) -> None:
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("x")
    with pytest.raises(ZoosimError, match="not a zoosim run"):
        run(tmp_path / "mine", games=100)
    assert sorted(p.name for p in (tmp_path / "mine").iterdir()) == ["notes.txt"]


def test_engine_hash_is_each_game_package_s_own() -> None:
    """Games whose play_block is the shared kernel glue (blocks.py) still hash their own package: an edit to one
    engine must refuse a resume of that game's runs and no other's."""
    hashes = {game_id: engine_hash(registry.get_game(game_id)) for game_id in registry.game_ids()}
    assert "unknown" not in hashes.values()
    assert len(set(hashes.values())) == len(hashes), hashes
