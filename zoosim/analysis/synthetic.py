"""Write runs by hand: a manifest plus one Parquet shard from a polars frame.

Tests build small hand-computed runs with `write_run`; the analysis benchmark fills millions of rows
with `synthetic_rows`. Neither touches the engine: the analysis side only needs the on-disk contract.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

import numpy as np
import polars as pl

ZOOLORETTO_COMPONENTS = ("full_enclosure_points", "one_short_points", "partial_points", "stall_points",
                         "barn_animal_penalty", "barn_stall_penalty")

_DTYPES = {"players": pl.Int8, "game_index": pl.Int64, "seed": pl.Int64, "rotation": pl.Int8, "seat": pl.Int8,
           "position": pl.Int8,
           "score": pl.Int16, "rank": pl.Int8, "win_share": pl.Float64, "rounds": pl.Int16, "turns": pl.Int32}


def write_run(path: str | Path, rows: pl.DataFrame, components: Sequence[str] = ZOOLORETTO_COMPONENTS,
              shards: int = 1, **manifest: Any) -> Path:
    """Write `rows` (core columns; run_id/game/variant/rules_hash filled in when absent) as a run.

    Manifest keys default from the rows; pass any of them (policies, seed, rotate_seats, ...) to override.
    """
    out = Path(path)
    out.mkdir(parents=True, exist_ok=True)
    run_id = manifest.get("run_id", out.name)
    fill = {"run_id": run_id, "game": manifest.get("game", "zooloretto"),
            "variant": manifest.get("variant", "default"), "rules_hash": manifest.get("rules_hash", "0" * 12)}
    df = rows.with_columns([pl.lit(v).alias(k) for k, v in fill.items() if k not in rows.columns])
    df = df.with_columns([pl.col(k).cast(t) for k, t in _DTYPES.items() if k in df.columns])
    players = int(df["players"][0])
    policies = manifest.get("policies") or sorted(df["policy"].unique().to_list())
    meta = {"schema_version": 1, "run_id": df["run_id"][0], "zoosim_version": "test", "command": "hand-made",
            "game": df["game"][0], "players": players, "policies": policies, "rotate_seats": False,
            "seed": int(df["seed"][0]), "games": int(df.select(pl.struct("game_index", "rotation").n_unique()).item()),
            "shard_size": df.height, "shards": shards, "rules": {}, "rules_hash": df["rules_hash"][0],
            "variant": df["variant"][0], "columns": [c for c in df.columns if c not in _CORE],
            "components": list(components), "backend": "hand", "created": "2024-01-01T00:00:00Z"}
    meta.update(manifest)
    (out / "manifest.json").write_text(json.dumps(meta, indent=2))
    step = -(-df.height // shards)
    for i in range(shards):
        df.slice(i * step, step).write_parquet(out / f"part-{i:05d}.parquet")
    return out


_CORE = ("run_id", "game", "variant", "rules_hash", "players", "game_index", "seed", "rotation", "seat", "policy",
         "score", "rank", "win_share", "rounds", "turns")


def synthetic_rows(games: int, players: int, seed: int = 0, first_index: int = 0,
                   policy: str = "heuristic", seat_edge: float = 1.0, drawn_order: bool = False) -> pl.DataFrame:
    """Plausible random Zooloretto-shaped rows (the first player gets `seat_edge` extra points on average).

    Ranks follow score with a random tie-break between equal scores, so ties, tie-breaks and shared
    wins all occur, like in real logs. Nothing here is a game; it exercises the analysis at scale.
    Games are played in seat order (position = seat, seat 0 first) unless `drawn_order`: then each game draws
    which seat moves first (as Ark Nova's `start_seat_random` does), seat s sits at position (s - first) %
    players, and the edge goes with position 0, whatever its seat.
    """
    rng = np.random.default_rng(seed)
    shape = (games, players)
    comps = {
        "full_enclosure_points": rng.choice([0, 5, 8, 10, 13, 18, 23], size=shape).astype(np.int16),
        "one_short_points": rng.choice([0, 4, 5, 6, 9], size=shape).astype(np.int16),
        "partial_points": rng.integers(0, 5, size=shape, dtype=np.int16),
        "stall_points": (2 * rng.integers(0, 4, size=shape)).astype(np.int16),
        "barn_animal_penalty": (-2 * rng.integers(0, 4, size=shape)).astype(np.int16),
        "barn_stall_penalty": (-2 * rng.integers(0, 2, size=shape)).astype(np.int16),
    }
    comps["partial_points"][:, 0] += (rng.random(games) < seat_edge / 4).astype(np.int16) * 4
    score = sum(comps.values()).astype(np.int16)
    tiebreak = rng.random(shape)
    key = score.astype(np.float64) + tiebreak * 0.5  # tie-break wins among equal scores
    rank = (key[:, :, None] < key[:, None, :]).sum(axis=2) + 1
    top = score.max(axis=1, keepdims=True)
    # Shared wins when the tie-break itself ties (here: 10% of top-score ties end shared).
    at_top = score == top
    shared = (at_top.sum(axis=1) >= 2) & (rng.random(games) < 0.1)
    rank = np.where(shared[:, None] & at_top, 1, rank)
    win = np.where(rank == 1, 1.0, 0.0)
    win = win / win.sum(axis=1, keepdims=True)
    rounds = rng.integers(8, 16, size=games).astype(np.int16)
    # the arrays above are by position (column 0 moved first); each game's seats take their positions' values
    first = rng.integers(0, players, size=games) if drawn_order else np.zeros(games, np.int64)
    position = (np.arange(players)[None, :] - first[:, None]) % players
    by_seat = np.arange(games)[:, None], position
    score, rank, win = score[by_seat], rank[by_seat], win[by_seat]
    comps = {k: v[by_seat] for k, v in comps.items()}
    n = games * players
    data = {
        "players": np.full(n, players, np.int8),
        "game_index": np.repeat(np.arange(first_index, first_index + games, dtype=np.int64), players),
        "seed": np.full(n, seed, np.int64),
        "rotation": np.zeros(n, np.int8),
        "seat": np.tile(np.arange(players, dtype=np.int8), games),
        "position": position.astype(np.int8).ravel(),
        "policy": np.full(n, policy),
        "score": score.ravel(),
        "rank": rank.astype(np.int8).ravel(),
        "win_share": win.ravel(),
        "rounds": np.repeat(rounds, players),
        "turns": np.repeat(rounds.astype(np.int32) * players, players),
        **{k: v.ravel() for k, v in comps.items()},
        "coins": rng.integers(0, 6, size=n, dtype=np.int16),
        "expansions": rng.integers(0, 2, size=n, dtype=np.int8),
        "offspring_born": rng.integers(0, 4, size=n, dtype=np.int16),
        "barn_tiles": rng.integers(0, 6, size=n, dtype=np.int16),
        "money_actions": rng.integers(0, 5, size=n, dtype=np.int16),
    }
    return pl.DataFrame(data)


def write_rounds_log(run: str | Path, rows: pl.DataFrame) -> Path:
    """Add a rounds log (`RUN/rounds/part-00000.parquet`) to a run written by `write_run` from `rows`.

    Each seat's provisional score after round k of r is score * k // r, so it grows to the final score in
    the last round; the manifest is marked `rounds_log`. Enough for tests of the tension analyses.
    """
    out = Path(run)
    manifest = json.loads((out / "manifest.json").read_text())
    fill = {"run_id": manifest["run_id"], "game": manifest["game"], "variant": manifest["variant"]}
    df = rows.with_columns([pl.lit(v).alias(k) for k, v in fill.items() if k not in rows.columns])
    df = df.with_columns(pl.int_ranges(1, pl.col("rounds").cast(pl.Int64) + 1).alias("round")).explode("round")
    df = df.select("run_id", "game", "variant", "players", "game_index", "seed", "rotation", "seat", "policy",
                   pl.col("round").cast(pl.Int16),
                   (pl.col("score").cast(pl.Int64) * pl.col("round") // pl.col("rounds").cast(pl.Int64))
                   .cast(pl.Int16).alias("provisional_score"))
    df = df.with_columns([pl.col(k).cast(t) for k, t in _DTYPES.items() if k in df.columns])
    (out / "rounds").mkdir(exist_ok=True)
    df.write_parquet(out / "rounds" / "part-00000.parquet")
    manifest["rounds_log"] = True
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2))
    return out


def write_cards_log(run: str | Path, cards: pl.DataFrame) -> Path:
    """Add a cards log (`RUN/cards/part-00000.parquet`) to a run written by `write_run`: `cards` holds game_index,
    rotation (0 when absent), seat and card, one row per card played (turn and round default to 1); the manifest is
    marked `cards_log`. Enough for hand-computed tests of the cards analysis."""
    out = Path(run)
    manifest = json.loads((out / "manifest.json").read_text())
    df = cards.with_columns([pl.lit(v).alias(k) for k, v in
                             {"run_id": manifest["run_id"], "rotation": 0, "turn": 1, "round": 1}.items()
                             if k not in cards.columns])
    df = df.select(pl.col("run_id").cast(pl.String), pl.col("game_index").cast(pl.Int64),
                   pl.col("rotation").cast(pl.Int8), pl.col("seat").cast(pl.Int8), pl.col("card").cast(pl.Int16),
                   pl.col("turn").cast(pl.Int16), pl.col("round").cast(pl.Int16))
    (out / "cards").mkdir(exist_ok=True)
    df.write_parquet(out / "cards" / "part-00000.parquet")
    manifest["cards_log"] = True
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2))
    return out
