"""`verify_run`: does a run dir hold exactly the rows its manifest promises?

Reads every shard in full (so damage anywhere in a file is found, not only in its footer) and checks
that shard k holds each (game index, rotation, seat) of its range exactly once, with the run's id
and columns. Problems are returned as one line each; an empty list means the run is whole.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from zoosim.games.base import ZoosimError
from zoosim.sim.manifest import MANIFEST, SCHEMA_VERSION, read_manifest
from zoosim.sim.shards import LEADING_COLUMNS, shard_name, shard_number
from zoosim.sim.storage import TMP_PREFIX, RunDir

REQUIRED_KEYS = ("run_id", "players", "games", "shard_size", "shards", "rotate_seats", "columns")


@dataclass(frozen=True)
class VerifyResult:
    games: int
    shards: int
    problems: list[str]

    @property
    def ok(self) -> bool:
        return not self.problems


def verify_run(location: str | Any) -> VerifyResult:
    """Check a run dir against its manifest; ZoosimError only when it is not a run at all."""
    run_dir = RunDir(location)
    if not run_dir.exists():
        raise ZoosimError(f"no run dir at {location}")
    manifest = read_manifest(run_dir)
    problems: list[str] = []
    if manifest.get("schema_version") != SCHEMA_VERSION:
        return VerifyResult(0, 0, [f"{MANIFEST}: schema_version {manifest.get('schema_version')!r}, "
                                   f"this zoosim reads {SCHEMA_VERSION}"])
    missing_keys = [k for k in REQUIRED_KEYS if k not in manifest]
    if missing_keys:
        return VerifyResult(0, 0, [f"{MANIFEST}: missing {', '.join(missing_keys)}"])
    games, size, shards = int(manifest["games"]), int(manifest["shard_size"]), int(manifest["shards"])
    if size < 1 or -(-games // size) != shards:
        problems.append(f"{MANIFEST}: {shards} shards do not fit {games} games of {size} per shard")
        return VerifyResult(games, shards, problems)
    players = int(manifest["players"])
    rotations = players if manifest["rotate_seats"] else 1

    names = run_dir.names()
    present = {shard_number(n): n for n in names if shard_number(n) is not None}
    for name in names:
        k = shard_number(name)
        if name.startswith(TMP_PREFIX):
            problems.append(f"{name}: temporary file of an interrupted run (simulate again to finish and clean up)")
        elif k is not None and k >= shards:
            problems.append(f"{name}: unexpected shard (the run has shards 0..{shards - 1})")
        elif k is None and name.endswith(".parquet"):
            problems.append(f"{name}: unexpected Parquet file in the run dir")
    for k in range(shards):
        if k not in present:
            problems.append(f"{shard_name(k)}: missing (games {k * size}..{min((k + 1) * size, games) - 1})")
        else:
            problems += _check_shard(run_dir, present[k], k, manifest, players, rotations)
    return VerifyResult(games, shards, problems)


def _check_shard(run_dir: RunDir, name: str, k: int, manifest: dict[str, Any], players: int,
                 rotations: int) -> list[str]:
    size, games = int(manifest["shard_size"]), int(manifest["games"])
    first, end = k * size, min((k + 1) * size, games)
    expected_rows = (end - first) * players * rotations
    try:
        with run_dir.open_read(name) as f:
            table = pq.read_table(f)
    except (OSError, pa.ArrowException, ValueError) as exc:
        return [f"{name}: unreadable ({str(exc).splitlines()[0] if str(exc) else type(exc).__name__})"]
    problems = []
    if table.num_rows != expected_rows:
        problems.append(f"{name}: {table.num_rows} rows, expected {expected_rows} "
                        f"({end - first} games x {players} seats x {rotations} rotations)")
    meta = table.schema.metadata or {}
    if meta.get(b"zoosim.run_id", b"").decode() != manifest["run_id"]:
        problems.append(f"{name}: belongs to run {meta.get(b'zoosim.run_id', b'?').decode()}, "
                        f"not {manifest['run_id']}")
    expected_columns = [c for c, _ in LEADING_COLUMNS] + list(manifest["columns"])
    if table.column_names != expected_columns:
        absent = [c for c in expected_columns if c not in table.column_names]
        extra = [c for c in table.column_names if c not in expected_columns]
        what = (f"no column {', '.join(absent)}" if absent else
                f"unexpected column {', '.join(extra)}" if extra else "columns out of order")
        problems.append(f"{name}: {what}")
    if problems:
        return problems
    game_index = table.column("game_index").to_numpy()
    if game_index.size and (game_index.min() < first or game_index.max() >= end):
        problems.append(f"{name}: game indices {game_index.min()}..{game_index.max()} outside "
                        f"its range {first}..{end - 1}")
        return problems
    rotation = table.column("rotation").to_numpy().astype(np.int64)
    seat = table.column("seat").to_numpy().astype(np.int64)
    if (rotation < 0).any() or (rotation >= rotations).any() or (seat < 0).any() or (seat >= players).any():
        return [f"{name}: rotation or seat out of range"]
    slot = ((game_index - first) * rotations + rotation) * players + seat
    counts = np.bincount(slot, minlength=expected_rows)
    if (counts > 1).any():
        dup = int(np.flatnonzero(counts > 1)[0]) // (rotations * players) + first
        problems.append(f"{name}: duplicate rows, e.g. game index {dup}")
    if (counts == 0).any():
        gone = int(np.flatnonzero(counts == 0)[0]) // (rotations * players) + first
        problems.append(f"{name}: missing rows, e.g. game index {gone}")
    run_ids = table.column("run_id").unique().to_pylist()
    if run_ids != [manifest["run_id"]]:
        problems.append(f"{name}: run_id column {run_ids[:3]}, expected [{manifest['run_id']!r}]")
    return problems
