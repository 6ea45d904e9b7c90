"""`sweep`: the cross product of rule values x player counts, every cell on the same seeds.

    zoosim sweep zooloretto --grid end_stack=10,15 --grid "enclosure_full_points=8,5,10;9,5,10" \
        --players 3,4 --policy heuristic --games-per-cell 20000 --out runs/NAME

Grid values: `key=v1,v2,...` for a scalar rule; for a tuple rule (a board number list) the values are
separated by `;` and the elements of each by `,` (quote the argument in a shell). Every cell plays game
indices 0.. of the same master seed (common random numbers), so cells compare pairwise.

With `target_ci`, `games_per_cell` is the batch: a cell plays batches of that many games until the
seat-advantage half-width is at most `target_ci` (see `zoosim.sim.stopping`) or it reaches `max_games`.

The directory is one run: `manifest.json` (`kind: "sweep"`, the grid, the cells and, when finished, each
cell's games) and `part-c<cell>-<shard>.parquet` shards with the columns `cell` and one per swept rule.
"""
from __future__ import annotations

import hashlib
import itertools
import json
import shlex
import time
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Mapping, Sequence

from zoosim.errors import ZoosimError

from zoosim.games.base import rules_to_dict
from zoosim.games.registry import get_game
from zoosim.sim import backends
from zoosim.sim.cells import CELL_COLUMN, CELL_SHARD_RE, Cell, CellOutcome, dask_runner, local_runner, play_cells
from zoosim.sim.manifest import (
    MANIFEST, SCHEMA_VERSION, build_spec, default_shard_size, engine_hash, log_columns, read_manifest, write_manifest,
)
from zoosim.sim.progress import GameProgress
from zoosim.sim.shards import LEADING_COLUMNS
from zoosim.sim.stopping import precision_reached
from zoosim.sim.storage import TMP_PREFIX, RunDir
from zoosim.version import zoosim_version

RESERVED = {CELL_COLUMN, "lineup", "run_number"} | {name for name, _ in LEADING_COLUMNS}


def parse_grid(items: Sequence[str], game_id: str) -> dict[str, list[str]]:
    """`key=v1,v2` texts into {key: [value texts]}, split by `;` for tuple rules and `,` otherwise."""
    game = get_game(game_id)
    defaults = game.default_rules()
    known = {f.name for f in fields(defaults)}
    taken = RESERVED | {c.name for c in log_columns(game)}
    grid: dict[str, list[str]] = {}
    for item in items:
        key, eq, raw = item.partition("=")
        key = key.strip()
        if not eq or not key or not raw.strip():
            raise ZoosimError(f"bad --grid {item!r}; expected key=v1,v2,... e.g. --grid end_stack=10,15")
        if key not in known:
            raise ZoosimError(f"unknown rule {key!r} in --grid; see `zoosim rules {game_id}` for the accepted keys")
        if key in grid:
            raise ZoosimError(f"--grid {key} given twice; list all its values in one --grid")
        if key in taken:
            raise ZoosimError(f"cannot sweep {key!r}: the name is taken by a log column")
        separator = ";" if isinstance(getattr(defaults, key), tuple) else ","
        values = [v.strip() for v in raw.split(separator)]
        if any(not v for v in values):
            raise ZoosimError(f"empty value in --grid {item!r}; separate {key} values by {separator!r}")
        grid[key] = values
    return grid


def parse_players(text: str | Sequence[int]) -> list[int]:
    """`2,3,4` (or a list) into distinct player counts, in the order given."""
    parts = [str(p).strip() for p in text.split(",")] if isinstance(text, str) else [str(p) for p in text]
    try:
        counts = [int(p) for p in parts]
    except ValueError:
        raise ZoosimError(f"--players needs whole numbers separated by commas, e.g. 2,3,4; got {text!r}") from None
    if not counts or len(set(counts)) != len(counts):
        raise ZoosimError(f"--players needs distinct player counts, got {text!r}")
    return counts


def column_value(rules: Any, key: str) -> Any:
    """A swept rule's value as a cell column: numbers and text as they are, a tuple as `8,5,10`."""
    value = getattr(rules, key)
    return ",".join(str(x) for x in value) if isinstance(value, tuple) else value


@dataclass(frozen=True)
class SweepPlan:
    """A validated sweep: its cells and everything that identifies it."""

    game_id: str
    cells: tuple[Cell, ...]
    grid: dict[str, list[str]]
    players: list[int]
    policies: list[str]
    seed: int
    games_per_cell: int
    target_ci: float | None
    max_games: int | None
    rotate_seats: bool

    @property
    def sweep_id(self) -> str:
        identity = {"kind": "sweep", "schema_version": SCHEMA_VERSION, "game": self.game_id,
                    "cells": [c.spec.run_id for c in self.cells], "values": [_jsonable(c.values) for c in self.cells],
                    "batch": self.cells[0].spec.shard_size, "target_ci": self.target_ci}
        return hashlib.sha256(json.dumps(identity, sort_keys=True).encode()).hexdigest()[:16]


def _jsonable(values: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in values.items()}


def plan_sweep(game_id: str, grid_items: Sequence[str], players: str | Sequence[int], policies: Sequence[str],
               games_per_cell: int, seed: int, rotate_seats: bool = False, target_ci: float | None = None,
               max_games: int | None = None) -> SweepPlan:
    """Validate every input and build every cell's RunSpec before anything touches the disk."""
    game = get_game(game_id)
    grid = parse_grid(grid_items, game_id)
    counts = parse_players(players)
    for p in counts:
        game.check_players(p)
    if isinstance(games_per_cell, bool) or not isinstance(games_per_cell, int) or games_per_cell < 1:
        raise ZoosimError(f"--games-per-cell must be a whole number >= 1, got {games_per_cell!r}")
    if target_ci is None:
        if max_games is not None:
            raise ZoosimError("--max-games needs --target-ci (without it every cell plays --games-per-cell)")
        cap, batch = games_per_cell, default_shard_size(games_per_cell)
    else:
        if not 0.0 < target_ci < 0.5:
            raise ZoosimError(f"--target-ci must be a half-width between 0 and 0.5, e.g. 0.005; got {target_ci!r}")
        cap = max_games if max_games is not None else 100 * games_per_cell
        if isinstance(cap, bool) or not isinstance(cap, int) or cap < games_per_cell:
            raise ZoosimError(f"--max-games must be a whole number >= --games-per-cell ({games_per_cell}), got {cap!r}")
        batch = games_per_cell
    cells: list[Cell] = []
    combos = list(itertools.product(*grid.values())) if grid else [()]
    for combo in combos:
        overrides = dict(zip(grid, combo))
        for p in counts:
            spec = build_spec(game_id, p, list(policies), cap, seed, overrides, rotate_seats, batch)
            values = {key: column_value(spec.rules, key) for key in grid}
            cells.append(Cell(len(cells), spec, values))
    for key in grid:  # two texts for one value (10 and 010) would make twin cells
        seen = [column_value(game.rules_from({key: v}), key) for v in grid[key]]
        if len(set(map(str, seen))) != len(seen):
            raise ZoosimError(f"--grid {key} lists a value twice: {', '.join(grid[key])}")
    return SweepPlan(game_id, tuple(cells), grid, counts, list(policies), seed, games_per_cell, target_ci,
                     max_games if target_ci is not None else None, rotate_seats)


def sweep_manifest(plan: SweepPlan, command: str, backend: str) -> dict[str, Any]:
    first = plan.cells[0].spec
    return {
        "schema_version": SCHEMA_VERSION, "kind": "sweep", "run_id": plan.sweep_id,
        "zoosim_version": zoosim_version(), "engine_hash": engine_hash(first.game), "command": command,
        "game": plan.game_id, "players": plan.players, "policies": first.policy_labels,
        "rotate_seats": plan.rotate_seats, "seed": plan.seed, "games_per_cell": plan.games_per_cell,
        "target_ci": plan.target_ci, "max_games": plan.max_games, "batch_games": first.shard_size,
        "grid": plan.grid, "parameters": list(plan.grid),
        "cells": [{"cell": c.index, "players": c.spec.players, "values": c.values, "run_id": c.spec.run_id,
                   "rules_hash": c.spec.rules_hash, "variant": c.spec.variant, "max_games": c.spec.games,
                   "rules": rules_to_dict(c.spec.rules)} for c in plan.cells],
        "columns": [col.name for col in first.columns], "components": first.components,
        "backend": backend, "created": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }


def default_sweep_command(plan: SweepPlan, out: str) -> str:
    parts = ["zoosim", "sweep", plan.game_id]
    for key, values in plan.grid.items():
        sep = ";" if isinstance(getattr(plan.cells[0].spec.game.default_rules(), key), tuple) else ","
        parts += ["--grid", f"{key}={sep.join(values)}"]
    parts += ["--players", ",".join(map(str, plan.players))]
    for label in plan.cells[0].spec.policy_labels:
        parts += ["--policy", label]
    parts += ["--games-per-cell", str(plan.games_per_cell), "--seed", str(plan.seed)]
    if plan.target_ci is not None:
        parts += ["--target-ci", str(plan.target_ci), "--max-games", str(plan.cells[0].spec.games)]
    if plan.rotate_seats:
        parts.append("--rotate-seats")
    return shlex.join(parts + ["--out", out])


def prepare_group_dir(run_dir: RunDir, manifest: dict[str, Any], force: bool, what: str) -> dict[str, Any]:
    """Create the directory, or reopen the same sweep/tournament to resume; refuse another unless forced."""
    names = run_dir.names()
    if run_dir.is_file():
        raise ZoosimError(f"--out {run_dir.url} is a file; give a directory")
    if names and not force:
        if MANIFEST not in names:
            raise ZoosimError(f"{run_dir.url} exists and is not a zoosim run; choose another --out or use --force")
        old = read_manifest(run_dir)
        if old.get("run_id") != manifest["run_id"] or old.get("engine_hash") != manifest["engine_hash"]:
            raise ZoosimError(f"{run_dir.url} holds a different run; use another --out, or --force to replace it")
        run_dir.remove_temporaries()
        return old
    if force:
        for name in names:
            if name == MANIFEST or name.startswith(TMP_PREFIX) or CELL_SHARD_RE.match(name) or name.startswith("part-"):
                run_dir.remove(name)
    run_dir.makedirs()
    write_manifest(run_dir, manifest)
    return manifest


def run_cells_with_backend(cells: Sequence[Cell], run_dir: RunDir, group_id: str, stop: Any,
                           workers: int | None, scheduler: str | None, progress: bool) -> list[CellOutcome]:
    """Play the cells here (numba threads) or on Dask, with one progress bar over the game caps."""
    backend = backends.choose_backend(scheduler, workers)
    total = sum(c.spec.games for c in cells)
    with GameProgress(total, 0, enabled=progress) as bar:
        if backend.kind == "local":
            return play_cells(cells, run_dir, group_id, stop, local_runner(run_dir, backend.threads, group_id, bar.advance),
                              bar.advance)
        from dask.distributed import Client, LocalCluster

        n_local = backend.local_cluster_workers
        cluster = LocalCluster(n_workers=n_local, threads_per_worker=1, dashboard_address=None) if n_local else None
        client = Client(cluster) if cluster is not None else Client(backend.target, timeout="20s")
        try:
            return play_cells(cells, run_dir, group_id, stop,
                              dask_runner(client, run_dir, backend.threads, group_id, bar.advance), bar.advance)
        finally:
            client.close()
            if cluster is not None:
                cluster.close()


def record_outcomes(run_dir: RunDir, manifest: dict[str, Any], outcomes: Sequence[CellOutcome]) -> dict[str, Any]:
    """Write each cell's played games (and whether it stopped early) into the manifest."""
    by_cell = {o.cell: o for o in outcomes}
    cells = [{**c, "games": by_cell[c["cell"]].games, "stopped_early": by_cell[c["cell"]].stopped_early}
             for c in manifest["cells"]]
    updated = {**manifest, "cells": cells, "complete": True}
    write_manifest(run_dir, updated)
    return updated


def sweep_run(game_id: str, grid: Sequence[str], players: str | Sequence[int], policies: Sequence[str],
              games_per_cell: int, seed: int, out: str | Path, rotate_seats: bool = False,
              target_ci: float | None = None, max_games: int | None = None, workers: int | None = None,
              scheduler: str | None = None, force: bool = False, progress: bool = True,
              command: str | None = None) -> dict[str, Any]:
    """Run (or resume) a sweep into `out`; return its final manifest."""
    plan = plan_sweep(game_id, grid, players, policies, games_per_cell, seed, rotate_seats, target_ci, max_games)
    backend = backends.choose_backend(scheduler, workers)
    run_dir = RunDir(out)
    manifest = sweep_manifest(plan, command or default_sweep_command(plan, str(out)), backend.label)
    with run_dir.writer_lock():
        manifest = prepare_group_dir(run_dir, manifest, force, "sweep")
        stop = precision_reached(target_ci) if target_ci is not None else None
        outcomes = run_cells_with_backend(plan.cells, run_dir, plan.sweep_id, stop, workers, scheduler, progress)
        return record_outcomes(run_dir, manifest, outcomes)
