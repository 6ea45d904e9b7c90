"""Open runs from disk: validate the directory, read manifests, scan the Parquet shards lazily.

A run directory holds `manifest.json` and `part-*.parquet` shards (written by `zoosim.sim`). Analysis
only ever reads these files, never the engine, so a run made on a cluster analyses like a local one.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

import polars as pl

from zoosim.analysis.frames import returns_frame
from zoosim.analysis.variants import short_variant
from zoosim.errors import ZoosimError

MANIFEST = "manifest.json"
SHARD_GLOB = "part-*.parquet"
SCHEMA_VERSION = 1

# Columns every game's log has (DESIGN.md); game-specific columns follow them. `position` is among them since
# zoosim logs the turn order of every game; a run written before that has none (see `open_runs`).
CORE_COLUMNS = ("run_id", "game", "variant", "rules_hash", "players", "game_index", "seed", "rotation",
                "seat", "position", "policy", "score", "rank", "win_share", "rounds", "turns")
# Games whose every game is played in seat order (seat 0 moves first), whatever their rules: for a run of one of
# them written before the log had `position`, position = seat. A fact about these games' logs, kept here because
# the analysis reads Parquet and never imports a game; the games that draw their turn order (Ark Nova, Castles)
# have logged `position` from the start.
SEAT_ORDER_GAMES = ("zooloretto", "zooloretto-mini", "tractor", "new-york-zoo")
# A game is identified by these three within a set of runs.
GAME_KEYS = ("run_id", "game_index", "rotation")

PathLike = str | Path


def as_paths(paths: PathLike | Sequence[PathLike]) -> list[Path]:
    if isinstance(paths, (str, Path)):
        return [Path(paths)]
    out = [Path(p) for p in paths]
    if not out:
        raise ZoosimError("no run given; pass one or more run directories (each holds manifest.json)")
    return out


def read_manifest(path: PathLike) -> dict[str, Any]:
    """The manifest of one run directory; ZoosimError (one line) when `path` is not a run."""
    run = Path(path)
    where = run / MANIFEST
    if not run.is_dir():
        raise ZoosimError(f"{run} is not a run: no such directory (a run directory holds {MANIFEST} and {SHARD_GLOB})")
    if not where.is_file():
        raise ZoosimError(f"{run} is not a run: no {MANIFEST} (a run directory holds {MANIFEST} and {SHARD_GLOB})")
    try:
        manifest = json.loads(where.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        raise ZoosimError(f"{where} is not valid JSON: {exc}") from None
    if not isinstance(manifest, dict):
        raise ZoosimError(f"{where} is not a run manifest (expected a JSON object)")
    version = manifest.get("schema_version")
    if version != SCHEMA_VERSION:
        raise ZoosimError(f"{where} has schema_version {version!r}; this zoosim reads {SCHEMA_VERSION}")
    for key in ("run_id", "game", "players", "policies", "components"):
        if key not in manifest:
            raise ZoosimError(f"{where} lacks {key!r}; is it a zoosim run manifest?")
    return manifest


def shard_files(path: PathLike) -> list[Path]:
    """The finished Parquet shards of a run (an interrupted run has fewer than its manifest says)."""
    files = sorted(Path(path).glob(SHARD_GLOB))
    if not files:
        raise ZoosimError(f"{path} is not a run yet: no {SHARD_GLOB} shards beside its {MANIFEST}")
    return files


def log_files(path: PathLike, flag: str, directory: str) -> list[Path]:
    """The shards of a run's second dataset (`flag` "rounds_log" in rounds/, "cards_log" in cards/); empty when the
    run was simulated without it."""
    if not read_manifest(path).get(flag):
        return []
    return sorted((Path(path) / directory).glob("part-*.parquet"))


def scan_log(paths: PathLike | Sequence[PathLike], flag: str, directory: str, what: str) -> pl.LazyFrame:
    """A lazy scan of one second dataset of one or more runs, with `lineup` and `run_number` as in `load_run` (so it
    joins and groups as the main frame does); one-line ZoosimError naming the option when a run has none."""
    frames = []
    for number, path in enumerate(as_paths(paths)):
        files = log_files(path, flag, directory)
        if not files:
            raise ZoosimError(f"{path} has no {what}; simulate it with --{flag.replace('_', '-')}")
        frames.append(pl.scan_parquet([str(f) for f in files]).with_columns(
            pl.lit(lineup(read_manifest(path))).alias("lineup"), pl.lit(number, dtype=pl.Int32).alias("run_number")))
    return frames[0] if len(frames) == 1 else pl.concat(frames, how="diagonal_relaxed")


def lineup(manifest: dict[str, Any]) -> str:
    """A short label of who plays in a run: `heuristic`, or `heuristic vs uniform` in seat order, with
    ` (rotated)` when every deal is played in every seat rotation.

    Analyses group by it so that runs with different opponents are never pooled into one win rate.
    """
    policies = [str(p) for p in manifest.get("policies", [])]
    if len(set(policies)) <= 1:
        return policies[0] if policies else "?"
    text = " vs ".join(policies)
    return text + " (rotated)" if manifest.get("rotate_seats") else text


@dataclass(frozen=True)
class Runs:
    """Several runs of one game opened together: their manifests, paths and one lazy frame of all rows.

    `labels` is each run's `variant` as the frame shows it (its name, or its short variant label); `notes` says
    what was assumed of a run written before the log had `position`; `no_position` lists the runs whose turn
    order is unknown (their `position` is null).
    """

    paths: tuple[Path, ...]
    manifests: tuple[dict[str, Any], ...]
    frame: pl.LazyFrame
    labels: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    no_position: tuple[Path, ...] = ()

    def require_position(self) -> None:
        """One-line ZoosimError when a run has no turn order recorded (a grouping by position needs it)."""
        if self.no_position:
            shown = ", ".join(str(p) for p in self.no_position)
            raise ZoosimError(f"{shown}: no `position` column (simulated before zoosim logged the turn order, and "
                              f"its game may draw it per game); simulate the run again, or group by seat")

    @property
    def game(self) -> str:
        """The game, or the games joined by ", " when a study sets several side by side."""
        return ", ".join(dict.fromkeys(str(m["game"]) for m in self.manifests))

    def _union(self, key: str) -> list[str]:
        """A manifest list over every run, first seen first, each entry once."""
        return list(dict.fromkeys(str(v) for m in self.manifests for v in m.get(key, [])))

    @property
    def components(self) -> list[str]:
        """Score component columns, in manifest order (union over the runs, first seen first)."""
        return self._union("components")

    @property
    def policies(self) -> list[str]:
        """The policies of every run, first seen first."""
        return self._union("policies")


def open_runs(paths: PathLike | Sequence[PathLike], names: Sequence[str] | None = None) -> Runs:
    """Validate and open one or more runs; runs of different games sit side by side (the `game` column
    is part of every grouping, and each game keeps its own score components).

    `variant` is shown short: each run's name from `names` (a study's simulation names), else its label of the
    non-default rules with long values abbreviated (`zoosim.analysis.variants`). A run written before the log had
    `position` gets position = seat when its game plays in seat order (`SEAT_ORDER_GAMES`; `Runs.notes` says
    so), else a null position (`Runs.no_position`).
    """
    run_paths = as_paths(paths)
    if names is not None and len(names) != len(run_paths):
        raise ZoosimError(f"{len(names)} names for {len(run_paths)} runs; give one name per run")
    manifests = [read_manifest(p) for p in run_paths]
    frames, labels, notes, no_position = [], [], [], []
    for number, (path, manifest) in enumerate(zip(run_paths, manifests)):
        scan = pl.scan_parquet([str(f) for f in shard_files(path)])
        label = str(names[number]) if names is not None else short_variant(str(manifest.get("variant", "default")))
        columns = _run_columns(manifest, number, label if names is not None else None)
        if "position" not in scan.collect_schema().names():
            game = str(manifest["game"])
            if game in SEAT_ORDER_GAMES:
                columns.append(pl.col("seat").alias("position"))
                notes.append(f"{path} was simulated before zoosim logged the turn order; {game} plays in seat order "
                             "(seat 1 moves first), so its position is its seat.")
            else:
                columns.append(pl.lit(None, dtype=pl.Int8).alias("position"))
                notes.append(f"{path} was simulated before zoosim logged the turn order, and {game} may draw it per "
                             "game: its turn order is unknown.")
                no_position.append(path)
        frames.append(scan.with_columns(*columns))
        labels.append(label)
    frame = frames[0] if len(frames) == 1 else pl.concat(frames, how="diagonal_relaxed")
    return Runs(tuple(run_paths), tuple(manifests), frame, tuple(labels), tuple(notes), tuple(no_position))


def _run_columns(manifest: dict[str, Any], number: int, name: str | None = None) -> list[pl.Expr]:
    """`lineup`, `run_number` and the short `variant` of a run (`name` when given); in a sweep or tournament (cells
    with a `cell` column) lineup and run number follow the cell, so every cell is its own group and its own run
    key, and each cell's variant is shortened."""
    cells = manifest.get("cells") if manifest.get("kind") in ("sweep", "tournament") else None
    if name is not None:
        variant = pl.lit(name)
    elif cells and any("variant" in c for c in cells):
        full = {str(c["variant"]): short_variant(str(c["variant"])) for c in cells if "variant" in c}
        variant = pl.col("variant").replace(full)
    else:
        full_label = str(manifest.get("variant", "default"))
        variant = pl.col("variant").replace({full_label: short_variant(full_label)})
    if not cells:
        return [pl.lit(lineup(manifest)).alias("lineup"), pl.lit(number, dtype=pl.Int32).alias("run_number"),
                variant.alias("variant")]
    labels = {int(c["cell"]): str(c.get("lineup") or lineup(manifest)) for c in cells}
    return [pl.col("cell").replace_strict(labels, return_dtype=pl.String).alias("lineup"),
            (pl.lit(number << 16, dtype=pl.Int32) + pl.col("cell").cast(pl.Int32)).alias("run_number"),
            variant.alias("variant")]


@returns_frame
def load_run(paths: PathLike | Sequence[PathLike]) -> pl.LazyFrame:
    """A lazy frame of every (game, seat) row of one run or several runs of the same game.

    Beside the logged columns it carries `lineup` (who plays, from the manifest), which the analyses use
    as a grouping key, and `run_number` (position of the run in `paths`; per cell in a sweep or tournament), a cheap integer key per run. Nothing is read until you `.collect()`; polars reads only the columns you use.
    """
    return open_runs(paths).frame
