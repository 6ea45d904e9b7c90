"""Cells: several runs (rules x players x seat policies) played into one directory on shared seeds.

A sweep and a tournament are both a list of cells. Each cell is an ordinary `RunSpec`, so its rows are
exactly the rows `simulate` would write for the same inputs (same seed, same game indices: common
random numbers across cells); its shards get the cell's own columns (`cell` and the swept values) and
live beside the others as `part-c<cell>-<shard>.parquet`, so `load_run(dir)` reads every cell at once.

Cells play in rounds: in round j every unfinished cell plays its shard j. A cell is finished when its
shards run out or its `stop` rule says so after a shard. The stop rule sees only the seat win totals of
the shards played so far, so resuming (complete shards are read back, not replayed) reaches the same
decisions and the same rows.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from zoosim.errors import ZoosimError
from zoosim.sim.manifest import RunSpec, engine_hash
from zoosim.sim.shards import compute_shard, write_table
from zoosim.sim.storage import RunDir

CELL_SHARD_RE = re.compile(r"^part-c(\d{5})-(\d{5})\.parquet$")
CELL_COLUMN = "cell"


def cell_shard_name(cell: int, k: int) -> str:
    return f"part-c{cell:05d}-{k:05d}.parquet"


@dataclass(frozen=True)
class SeatTotals:
    """Seat win totals of the games played so far: what a stop rule may look at."""

    wins: np.ndarray  # summed win_share per seat
    n: np.ndarray  # seat-games per seat

    @staticmethod
    def empty(players: int) -> SeatTotals:
        return SeatTotals(np.zeros(players), np.zeros(players))

    def __add__(self, other: SeatTotals) -> SeatTotals:
        return SeatTotals(self.wins + other.wins, self.n + other.n)

    @property
    def games(self) -> int:
        return int(self.n[0]) if self.n.size else 0


StopRule = Callable[[SeatTotals, int], bool]  # (totals, players) -> stop now


@dataclass(frozen=True)
class Cell:
    """One cell: its index, its run (games = its cap, shard_size = its batch) and its column values."""

    index: int
    spec: RunSpec
    values: dict[str, Any] = field(default_factory=dict)  # column name -> value (same keys in every cell)


@dataclass
class CellOutcome:
    cell: int
    shards: int  # shards played (a prefix 0..shards-1)
    games: int
    stopped_early: bool


def seat_totals(table: pa.Table, players: int) -> SeatTotals:
    seat = table.column("seat").to_numpy().astype(np.int64)
    share = table.column("win_share").to_numpy()
    return SeatTotals(np.bincount(seat, weights=share, minlength=players).astype(float),
                      np.bincount(seat, minlength=players).astype(float))


def column_types(values: dict[str, Any]) -> list[tuple[str, pa.DataType]]:
    """Arrow types of the cell columns, from one cell's values."""
    out: list[tuple[str, pa.DataType]] = [(CELL_COLUMN, pa.int32())]
    for name, value in values.items():
        if isinstance(value, bool):
            out.append((name, pa.bool_()))
        elif isinstance(value, int):
            out.append((name, pa.int64()))
        elif isinstance(value, float):
            out.append((name, pa.float64()))
        else:
            out.append((name, pa.string()))
    return out


def cell_table(cell: Cell, k: int, threads: int | None, group_id: str) -> pa.Table:
    """Shard k of a cell: the run's own table plus the cell columns, tagged with the group id."""
    table = compute_shard(cell.spec, k, threads).table
    n = table.num_rows
    for name, kind in column_types(cell.values):
        value = cell.index if name == CELL_COLUMN else cell.values[name]
        table = table.append_column(pa.field(name, kind), pa.array([value] * n, type=kind))
    meta = dict(table.schema.metadata or {})
    meta[b"zoosim.group_id"] = group_id.encode()
    meta[b"zoosim.cell"] = str(cell.index).encode()
    return table.replace_schema_metadata(meta)


def cell_shard_task(cell: Cell, k: int, run_dir: RunDir, threads: int | None, group_id: str,
                    expected_engine: str | None = None) -> SeatTotals:
    """Compute and write one cell shard (what a Dask worker runs); return its seat totals."""
    if expected_engine is not None and engine_hash(cell.spec.game) != expected_engine:
        raise ZoosimError(f"a worker has different {cell.spec.game.id} engine code; install the same zoosim everywhere")
    table = cell_table(cell, k, threads, group_id)
    run_dir.write_atomic(cell_shard_name(cell.index, k), lambda f: write_table(table, f))
    return seat_totals(table, cell.spec.players)


def read_complete_shard(run_dir: RunDir, cell: Cell, k: int, group_id: str) -> SeatTotals | None:
    """The seat totals of an existing, complete shard; None when absent, damaged or foreign."""
    spec = cell.spec
    try:
        with run_dir.open_read(cell_shard_name(cell.index, k)) as f:
            parquet = pq.ParquetFile(f)
            kv = parquet.metadata.metadata or {}
            if (parquet.metadata.num_rows != spec.shard_rows(k) or kv.get(b"zoosim.run_id") != spec.run_id.encode()
                    or kv.get(b"zoosim.group_id") != group_id.encode()):
                return None
            table = parquet.read(columns=["game_index", "seat", "win_share"])
    except (OSError, pa.ArrowException, ValueError):
        return None
    first, end = spec.shard_range(k)
    index = table.column("game_index").to_numpy()
    if index.min() != first or index.max() != end - 1:
        return None
    return seat_totals(table, spec.players)


def play_cells(cells: Sequence[Cell], run_dir: RunDir, group_id: str, stop: StopRule | None,
               run_shards: Callable[[list[tuple[Cell, int]]], list[SeatTotals]],
               advance: Callable[[int], None] = lambda n: None) -> list[CellOutcome]:
    """Play the cells round by round; `run_shards` computes and writes a list of (cell, shard) tasks.

    Without a stop rule every shard of every cell is one round; with one, round j holds shard j of each
    unfinished cell, and a cell stops once `stop(totals, players)` holds or its shards run out.
    """
    totals = {c.index: SeatTotals.empty(c.spec.players) for c in cells}
    played = {c.index: 0 for c in cells}
    stopped = {c.index: False for c in cells}
    active = list(cells)
    while active:
        if stop is None:
            tasks = [(c, k) for c in active for k in range(c.spec.shards)]
        else:
            tasks = [(c, played[c.index]) for c in active]
        found = [read_complete_shard(run_dir, c, k, group_id) for c, k in tasks]
        todo = [t for t, f in zip(tasks, found) if f is None]
        for (c, k), f in zip(tasks, found):
            if f is not None:
                first, end = c.spec.shard_range(k)
                advance(end - first)
        made = iter(run_shards(todo)) if todo else iter(())
        for (c, k), f in zip(tasks, found):
            totals[c.index] = totals[c.index] + (f if f is not None else next(made))
            played[c.index] = max(played[c.index], k + 1)
        still = []
        for c in active:
            done = played[c.index] >= c.spec.shards
            if stop is not None and stop(totals[c.index], c.spec.players):
                stopped[c.index] = not done
                done = True
            if not done:
                still.append(c)
        active = still
    for name in run_dir.names():  # shards past a stop (left by an interrupted round) are not part of the run
        m = CELL_SHARD_RE.match(name)
        if m and int(m.group(1)) in played and int(m.group(2)) >= played[int(m.group(1))]:
            run_dir.remove(name)
    return [CellOutcome(c.index, played[c.index], totals[c.index].games // max(c.spec.rotations, 1),
                        stopped[c.index]) for c in cells]


def local_runner(run_dir: RunDir, threads: int, group_id: str,
                 advance: Callable[[int], None]) -> Callable[[list[tuple[Cell, int]]], list[SeatTotals]]:
    """Tasks one after another in this process, each on `threads` numba threads."""

    def run(tasks: list[tuple[Cell, int]]) -> list[SeatTotals]:
        out = []
        for cell, k in tasks:
            out.append(cell_shard_task(cell, k, run_dir, threads, group_id))
            first, end = cell.spec.shard_range(k)
            advance(end - first)
        return out

    return run


def dask_runner(client: Any, run_dir: RunDir, threads: int, group_id: str,
                advance: Callable[[int], None]) -> Callable[[list[tuple[Cell, int]]], list[SeatTotals]]:
    """One Dask task per (cell, shard); results come back in task order."""
    from dask.distributed import as_completed

    def run(tasks: list[tuple[Cell, int]]) -> list[SeatTotals]:
        engine = engine_hash(tasks[0][0].spec.game)
        futures = [client.submit(cell_shard_task, cell, k, run_dir, threads, group_id, engine, pure=False, retries=2)
                   for cell, k in tasks]
        for future in as_completed(futures):
            future.result()
        for (cell, k) in tasks:
            first, end = cell.spec.shard_range(k)
            advance(end - first)
        return [f.result() for f in futures]

    return run
