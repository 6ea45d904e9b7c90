"""`simulate` (and `simulate_run`): validate, write the manifest, make the missing shards, show progress.

A run dir is resumable: running the same inputs again keeps every complete shard and makes only the
missing or damaged ones (a shard is complete when its Parquet footer reads, carries the run id and
schema, and has the expected row count). Different inputs into an existing run dir are refused
unless `force`, which removes the old run's files (and only those).
"""
from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from zoosim.errors import ZoosimError
from zoosim.sim import backends
from zoosim.sim.manifest import (
    MANIFEST, RunSpec, build_spec, default_command, identity_mismatch, make_manifest, read_manifest,
    write_manifest,
)
from zoosim.sim.progress import GameProgress
from zoosim.sim.shards import CARDS_DIR, ROUNDS_DIR, missing_shards, shard_number
from zoosim.sim.storage import TMP_PREFIX, RunDir


@dataclass(frozen=True)
class RunSummary:
    """What a simulate call did, for the CLI's summary line."""

    location: Path | str
    run_id: str
    games: int
    shards: int
    made_shards: int
    made_games: int
    seconds: float
    backend: str

    @property
    def games_per_second(self) -> float:
        return self.made_games / self.seconds if self.seconds > 0 else 0.0


def simulate(
    game_id: str,
    players: int,
    policies: Sequence[str],
    games: int,
    seed: int,
    rules: Mapping[str, str] | None,
    out: Path | str,
    rotate_seats: bool = False,
    workers: int | None = None,
    force: bool = False,
    progress: bool = True,
    shard_size: int | None = None,
    scheduler: str | None = None,
    command: str | None = None,
    rounds_log: bool = False,
    cards_log: bool = False,
) -> RunSummary:
    """Simulate (or resume) a run into `out` and return a summary of what was done (its `location` is where the
    run is: a Path, or a str for URLs)."""
    spec = build_spec(game_id, players, list(policies), games, seed, rules, rotate_seats, shard_size, rounds_log,
                      cards_log)
    backend = backends.choose_backend(scheduler, workers)
    run_dir = RunDir(out)
    if not run_dir.local:
        run_dir.fs  # fails with one line when fsspec or its backend is missing
    if run_dir.is_file():
        raise ZoosimError(f"--out {out} is a file; give a directory for the run")
    with run_dir.writer_lock():
        manifest = make_manifest(spec, command or default_command(spec, str(out)), backend.label)
        manifest = _prepare_dir(run_dir, spec, manifest, force)

        todo = missing_shards(run_dir, spec, set(run_dir.names()))
        todo_games = sum(spec.shard_range(k)[1] - spec.shard_range(k)[0] for k in todo)
        started = time.perf_counter()
        with GameProgress(spec.games, spec.games - todo_games, enabled=progress) as bar:
            if todo and backend.kind == "local":
                backends.run_local(spec, run_dir, todo, backend.threads, bar.advance)
            elif todo:
                backends.run_dask(spec, run_dir, todo, backend, bar.advance)
    seconds = time.perf_counter() - started
    location: Path | str = Path(run_dir.url) if run_dir.local else run_dir.url
    return RunSummary(location, spec.run_id, spec.games, spec.shards, len(todo), todo_games, seconds, backend.label)


def simulate_run(*args: Any, **kwargs: Any) -> Path | str:
    """`simulate` with the same arguments, returning only where the run is (a Path; a str for URLs)."""
    return simulate(*args, **kwargs).location


def _prepare_dir(run_dir: RunDir, spec: RunSpec, manifest: dict[str, Any], force: bool) -> dict[str, Any]:
    """Create or reopen the run dir; refuse a different run unless forced; write the manifest first."""
    names = run_dir.names()
    ours = [n for n in names if n == MANIFEST or n.startswith(TMP_PREFIX) or shard_number(n) is not None]
    if names and not force:
        if MANIFEST not in names:
            raise ZoosimError(f"{run_dir.url} exists and is not a zoosim run (no {MANIFEST}); "
                              "choose another --out or use --force")
        try:
            old = read_manifest(run_dir)
        except ZoosimError as exc:
            raise ZoosimError(f"{exc}; use --force to replace the run") from None
        differ = identity_mismatch(old, manifest)
        if differ:
            verb = "differs" if len(differ) == 1 else "differ"
            raise ZoosimError(f"{run_dir.url} holds a different run ({', '.join(differ)} {verb}); "
                              "use another --out, or --force to replace it")
        run_dir.remove_temporaries()
        for log_dir in (ROUNDS_DIR, CARDS_DIR):
            if log_dir in names:
                run_dir.sub(log_dir).remove_temporaries()
        if old.get("backend") != manifest["backend"]:
            write_manifest(run_dir, {**old, "backend": manifest["backend"]})
        return old
    if force:
        for name in ours:
            run_dir.remove(name)
        for log_dir in (ROUNDS_DIR, CARDS_DIR):
            if log_dir in names:
                sub = run_dir.sub(log_dir)
                for name in sub.names():
                    if name.startswith(TMP_PREFIX) or shard_number(name) is not None:
                        sub.remove(name)
    run_dir.makedirs()
    write_manifest(run_dir, manifest)
    return manifest


def summary_line(summary: RunSummary) -> str:
    """One line: what was made, how fast, and what was kept from before."""
    kept = summary.shards - summary.made_shards
    made = (f"simulated {summary.made_games:,} games in {summary.made_shards} shard(s), "
            f"{summary.seconds:.1f} s, {summary.games_per_second:,.0f} games/s ({summary.backend})")
    if summary.made_shards == 0:
        made = "nothing to do: every shard is complete"
    resumed = f"; kept {kept} finished shard(s)" if kept and summary.made_shards else ""
    return f"{made}{resumed}; run {summary.run_id}: {summary.games:,} games in {summary.shards} shard(s)"


def print_summary(summary: RunSummary) -> None:
    print(f"run: {summary.location}")
    print(summary_line(summary))
    sys.stdout.flush()
