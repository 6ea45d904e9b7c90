"""`verify_run`: does a run dir hold exactly the rows its manifest promises?

Reads every shard in full (so damage anywhere in a file is found, not only in its footer) and checks
that shard k holds each (game index, rotation, seat) of its range exactly once, with the run's id
and columns. Problems are returned as one line each; an empty list means the run is whole.
"""
from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from zoosim.errors import ZoosimError
from zoosim.sim.cells import CELL_SHARD_RE, cell_shard_name, column_types
from zoosim.sim.manifest import MANIFEST, SCHEMA_VERSION, default_shard_size, read_manifest
from zoosim.sim.shards import (
    CARDS_COLUMNS, CARDS_DIR, LEADING_COLUMNS, ROUNDS_COLUMNS, ROUNDS_DIR, shard_name, shard_number,
)
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
    if manifest.get("kind") in ("sweep", "tournament"):
        return verify_cells(run_dir, manifest)
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
    rounds_dir = run_dir.sub(ROUNDS_DIR) if manifest.get("rounds_log") else None
    rounds_names = set(rounds_dir.names()) if rounds_dir is not None else set()
    cards_dir = run_dir.sub(CARDS_DIR) if manifest.get("cards_log") else None
    cards_names = set(cards_dir.names()) if cards_dir is not None else set()
    for k in range(shards):
        if k not in present:
            problems.append(f"{shard_name(k)}: missing (games {k * size}..{min((k + 1) * size, games) - 1})")
            continue
        shard_problems, table = _check_shard(run_dir, present[k], k, manifest, players, rotations)
        problems += shard_problems
        if rounds_dir is not None and table is not None:
            problems += _check_rounds(rounds_dir, rounds_names, k, manifest, table)
        if cards_dir is not None and table is not None:
            problems += _check_cards(cards_dir, cards_names, k, manifest, table)
    return VerifyResult(games, shards, problems)


def cell_columns(values: dict[str, Any]) -> list[str]:
    return [name for name, _ in column_types(values)]


def verify_cells(run_dir: RunDir, manifest: dict[str, Any]) -> VerifyResult:
    """A sweep or tournament dir: every cell holds the games its manifest records, each exactly once.

    Cell c's shard k (`part-c<c>-<k>.parquet`) holds games [k*batch, (k+1)*batch) of the cell's own run,
    with the cell's columns (`cell` and the swept values) after the game's.
    """
    kind = manifest["kind"]
    missing_keys = [k for k in ("run_id", "cells", "columns", "rotate_seats") if k not in manifest]
    if missing_keys:
        return VerifyResult(0, 0, [f"{MANIFEST}: missing {', '.join(missing_keys)}"])
    if not manifest.get("complete"):
        return VerifyResult(0, 0, [f"{MANIFEST}: the {kind} did not finish (run the same command again)"])
    names = run_dir.names()
    present = {m.groups(): n for n in names if (m := CELL_SHARD_RE.match(n))}
    problems: list[str] = []
    expected: set[tuple[str, str]] = set()
    total_games = total_shards = 0
    for cell in manifest["cells"]:
        players = int(cell.get("players", manifest["players"]))
        rotations = players if manifest["rotate_seats"] else 1
        games = int(cell["games"])
        size = int(manifest.get("batch_games") or default_shard_size(int(cell["max_games"])))
        cell_manifest = {"run_id": cell["run_id"], "shard_size": size, "games": games,
                         "columns": [*manifest["columns"], *cell_columns(cell.get("values", {}))]}
        for k in range(-(-games // size)):
            key = (f"{cell['cell']:05d}", f"{k:05d}")
            expected.add(key)
            if key not in present:
                problems.append(f"{cell_shard_name(cell['cell'], k)}: missing (cell {cell['cell']}, games "
                                f"{k * size}..{min((k + 1) * size, games) - 1})")
                continue
            problems += _check_shard(run_dir, present[key], k, cell_manifest, players, rotations)[0]
        total_games += games
        total_shards += -(-games // size)
    for key, name in sorted(present.items()):
        if key not in expected:
            problems.append(f"{name}: unexpected shard (not among the games the manifest records)")
    problems += [f"{n}: temporary file of an interrupted run (run the same command again)"
                 for n in names if n.startswith(TMP_PREFIX)]
    return VerifyResult(total_games, total_shards, problems)


def _read_log_shard(log_dir: RunDir, name: str, names: set[str], k: int, manifest: dict[str, Any],
                    columns: Sequence[tuple[str, Any]], what: str) -> tuple[pa.Table | None, str]:
    """Shard k of a second dataset (the rounds or cards log) read and checked as one of this run's, with its
    documented columns: (table, "") or (None, the one problem)."""
    if shard_name(k) not in names:
        return None, f"{name}: missing (the run keeps a {what})"
    try:
        with log_dir.open_read(shard_name(k)) as f:
            log = pq.read_table(f)
    except (OSError, pa.ArrowException, ValueError) as exc:
        return None, f"{name}: unreadable ({str(exc).splitlines()[0] if str(exc) else type(exc).__name__})"
    if (log.schema.metadata or {}).get(b"zoosim.run_id", b"").decode() != manifest["run_id"]:
        return None, f"{name}: belongs to another run"
    if log.column_names != [c for c, _ in columns]:
        return None, f"{name}: columns {log.column_names} differ from the {what}'s"
    return log, ""


def _check_rounds(rounds_dir: RunDir, names: set[str], k: int, manifest: dict[str, Any],
                  table: pa.Table) -> list[str]:
    """The rounds log of shard k: rounds 1..rounds of every (game, rotation, seat) row, once each."""
    name = f"{ROUNDS_DIR}/{shard_name(k)}"
    rounds, problem = _read_log_shard(rounds_dir, name, names, k, manifest, ROUNDS_COLUMNS, "rounds log")
    if rounds is None:
        return [problem]
    players = int(manifest["players"])
    rotations = players if manifest["rotate_seats"] else 1
    first = k * int(manifest["shard_size"])

    def slots(t: pa.Table) -> np.ndarray:
        game = t.column("game_index").to_numpy() - first
        rotation = t.column("rotation").to_numpy().astype(np.int64)
        return (game * rotations + rotation) * players + t.column("seat").to_numpy().astype(np.int64)

    expected = np.zeros(table.num_rows, np.int64)
    expected[slots(table)] = table.column("rounds").to_numpy()
    slot, played = slots(rounds), rounds.column("round").to_numpy().astype(np.int64)
    if ((slot < 0) | (slot >= table.num_rows)).any():
        return [f"{name}: rows of games not in its shard"]
    bad = (played < 1) | (played > expected[slot])
    counts = np.bincount(slot, minlength=table.num_rows)
    unique_rounds = len(np.unique(slot * (int(expected.max()) + 1) + played)) == len(slot)
    if bad.any() or not unique_rounds or (counts != expected).any():
        wrong = int(np.flatnonzero(counts != expected)[0]) if (counts != expected).any() else int(slot[bad][0]) \
            if bad.any() else 0
        game = wrong // (rotations * players) + first
        return [f"{name}: the rounds of game index {game} do not match its {int(expected[wrong])} rounds"]
    return []


def _check_cards(cards_dir: RunDir, names: set[str], k: int, manifest: dict[str, Any], table: pa.Table) -> list[str]:
    """The cards log of shard k: the row count its shard recorded, and every row a card of a (game, rotation, seat)
    of the shard, in a round 1..rounds and a turn 0..turns of that game."""
    name = f"{CARDS_DIR}/{shard_name(k)}"
    cards, problem = _read_log_shard(cards_dir, name, names, k, manifest, CARDS_COLUMNS, "cards log")
    if cards is None:
        return [problem]
    recorded = (table.schema.metadata or {}).get(b"zoosim.cards_rows")
    if recorded is None or int(recorded) != cards.num_rows:
        return [f"{name}: {cards.num_rows} rows, its shard recorded {recorded.decode() if recorded else 'none'}"]
    if cards.column("run_id").unique().to_pylist() not in ([], [manifest["run_id"]]):
        return [f"{name}: run_id column differs from the run's"]
    players = int(manifest["players"])
    rotations = players if manifest["rotate_seats"] else 1
    first = k * int(manifest["shard_size"])
    game = cards.column("game_index").to_numpy() - first
    rotation = cards.column("rotation").to_numpy().astype(np.int64)
    seat = cards.column("seat").to_numpy().astype(np.int64)
    slot = (game * rotations + rotation) * players + seat
    if ((game < 0) | (rotation < 0) | (rotation >= rotations) | (seat < 0) | (seat >= players)
            | (slot >= table.num_rows)).any():
        return [f"{name}: rows of games, rotations or seats not in its shard"]
    main = (table.column("game_index").to_numpy() - first) * rotations + table.column("rotation").to_numpy()
    main = main * players + table.column("seat").to_numpy()
    rounds = np.zeros(table.num_rows, np.int64)
    turns = np.zeros(table.num_rows, np.int64)
    rounds[main] = table.column("rounds").to_numpy()
    turns[main] = table.column("turns").to_numpy()
    played_round = cards.column("round").to_numpy().astype(np.int64)
    played_turn = cards.column("turn").to_numpy().astype(np.int64)
    bad = (played_round < 1) | (played_round > rounds[slot]) | (played_turn < 0) | (played_turn > turns[slot])
    if bad.any():
        wrong = int(np.flatnonzero(bad)[0])
        return [f"{name}: a card of game index {int(game[wrong]) + first} lies outside the game's rounds or turns"]
    return []


def _check_shard(run_dir: RunDir, name: str, k: int, manifest: dict[str, Any], players: int,
                 rotations: int) -> tuple[list[str], pa.Table | None]:
    """The shard's problems, and its table when it is whole."""
    size, games = int(manifest["shard_size"]), int(manifest["games"])
    first, end = k * size, min((k + 1) * size, games)
    expected_rows = (end - first) * players * rotations
    try:
        with run_dir.open_read(name) as f:
            table = pq.read_table(f)
    except (OSError, pa.ArrowException, ValueError) as exc:
        return [f"{name}: unreadable ({str(exc).splitlines()[0] if str(exc) else type(exc).__name__})"], None
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
        return problems, None
    game_index = table.column("game_index").to_numpy()
    if game_index.size and (game_index.min() < first or game_index.max() >= end):
        problems.append(f"{name}: game indices {game_index.min()}..{game_index.max()} outside "
                        f"its range {first}..{end - 1}")
        return problems, None
    rotation = table.column("rotation").to_numpy().astype(np.int64)
    seat = table.column("seat").to_numpy().astype(np.int64)
    if (rotation < 0).any() or (rotation >= rotations).any() or (seat < 0).any() or (seat >= players).any():
        return [f"{name}: rotation or seat out of range"], None
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
    return problems, (None if problems else table)
