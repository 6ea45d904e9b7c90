"""Shards: compute the rows of one fixed game-index range and write them as one Parquet file.

Shard k always covers games [k*shard_size, (k+1)*shard_size) whoever computes it, and every row
depends only on (rules, players, policies, seed, game index), so any worker count, shard order or
backend gives the same rows. Rows are ordered by game index, then rotation, then seat.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import IO, Callable

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from zoosim.errors import ZoosimError
from zoosim.sim.arrow import numeric_array, string_array
from zoosim.sim.manifest import SCHEMA_VERSION, RunSpec, engine_hash, position_added
from zoosim.sim.storage import RunDir

SHARD_RE = re.compile(r"^part-(\d{5,})\.parquet$")
BLOCK_GAMES = 50_000  # games per play_block call: the progress granularity (smaller calls lose to thread start-up)

CORE_COLUMNS: tuple[tuple[str, pa.DataType], ...] = (
    ("game_index", pa.int64()),
    ("seat", pa.int8()),
    ("score", pa.int16()),
    ("rank", pa.int8()),
    ("win_share", pa.float64()),
    ("rounds", pa.int16()),
    ("turns", pa.int32()),
)

ROUNDS_DIR = "rounds"  # the rounds log: RUN/rounds/part-NNNNN.parquet beside each shard
ROUNDS_COLUMNS: tuple[tuple[str, pa.DataType], ...] = (
    ("run_id", pa.string()), ("game", pa.string()), ("variant", pa.string()), ("players", pa.int8()),
    ("game_index", pa.int64()), ("seed", pa.int64()), ("rotation", pa.int8()), ("seat", pa.int8()),
    ("policy", pa.string()), ("round", pa.int16()), ("provisional_score", pa.int16()),
)

CARDS_DIR = "cards"  # the cards log: RUN/cards/part-NNNNN.parquet beside each shard
CARDS_COLUMNS: tuple[tuple[str, pa.DataType], ...] = (
    ("run_id", pa.string()), ("game_index", pa.int64()), ("rotation", pa.int8()), ("seat", pa.int8()),
    ("card", pa.int16()), ("turn", pa.int16()), ("round", pa.int16()),
)  # one row per card a seat played (the game's play module says which); keys join to the main rows


@dataclass(frozen=True)
class ShardTables:
    """A computed shard: its rows, and its rounds and cards logs when the run keeps them."""

    table: pa.Table
    rounds: pa.Table | None = None
    cards: pa.Table | None = None


def shard_name(k: int) -> str:
    return f"part-{k:05d}.parquet"


def shard_number(name: str) -> int | None:
    match = SHARD_RE.match(name)
    return int(match.group(1)) if match else None


LEADING_COLUMNS: tuple[tuple[str, pa.DataType], ...] = (
    ("run_id", pa.string()), ("game", pa.string()), ("variant", pa.string()), ("rules_hash", pa.string()),
    ("players", pa.int8()), ("game_index", pa.int64()), ("seed", pa.int64()), ("rotation", pa.int8()),
    ("seat", pa.int8()), ("policy", pa.string()),
    *[c for c in CORE_COLUMNS if c[0] not in ("game_index", "seat")],
)  # every run's first columns, in order; the game's own columns follow


def schema(spec: RunSpec) -> pa.Schema:
    """The Parquet schema of a run, in the documented column order, with rules and policies as metadata."""
    fields = list(LEADING_COLUMNS)
    fields += [(c.name, pa.from_numpy_dtype(np.dtype(c.dtype))) for c in spec.columns]
    metadata = {
        "zoosim.schema_version": str(SCHEMA_VERSION),
        "zoosim.run_id": spec.run_id,
        "zoosim.rules": json.dumps(_rules_dict(spec), sort_keys=True),
        "zoosim.policies": json.dumps(spec.policy_labels),
        "zoosim.components": json.dumps(spec.components),
    }
    return pa.schema(fields, metadata=metadata)


def _rules_dict(spec: RunSpec) -> dict:
    from zoosim.games.base import rules_to_dict

    return rules_to_dict(spec.rules)


def play_range(spec: RunSpec, first: int, count: int, rotation: int, threads: int | None) -> dict[str, np.ndarray]:
    """One play_block call, checked: right length, right order of game indices, declared dtypes."""
    policies = spec.seat_policies(rotation)
    # every engine's kernel is a nogil function on its own arrays: Dask worker threads may run blocks at once
    logs = {k: True for k in ("rounds_log", "cards_log") if getattr(spec, k)}  # a game without a log takes no keyword
    block = spec.game.play_block(spec.rules, spec.players, policies, spec.seed, first, count, threads=threads, **logs)
    n = count * spec.players
    out: dict[str, np.ndarray] = {}
    wanted = [(name, t.to_pandas_dtype()) for name, t in CORE_COLUMNS]
    wanted += [(c.name, np.dtype(c.dtype)) for c in spec.columns]
    if position_added(spec.game):  # a game that plays in seat order: the first round's turn order is the seat order
        block = {**block, "position": block["seat"]}
    for name, dtype in wanted:
        if name not in block:
            raise RuntimeError(f"{spec.game.id}.play_block returned no column {name!r}")
        column = np.asarray(block[name])
        if column.shape != (n,):
            raise RuntimeError(f"{spec.game.id}.play_block column {name!r} has shape {column.shape}, expected ({n},)")
        out[name] = column.astype(dtype, copy=False)
    expected = np.repeat(np.arange(first, first + count, dtype=np.int64), spec.players)
    if not np.array_equal(out["game_index"], expected):
        raise RuntimeError(f"{spec.game.id}.play_block rows are not ordered by game then seat")
    if spec.rounds_log:
        out["round_scores"] = np.asarray(block["round_scores"])
    if spec.cards_log:
        cards = np.asarray(block["cards"], dtype=np.int64)
        if cards.ndim != 2 or (len(cards) and ((cards[:, 0] < first) | (cards[:, 0] >= first + count)).any()):
            raise RuntimeError(f"{spec.game.id}.play_block cards log is not rows of games {first}..{first + count - 1}")
        out["cards"] = cards
    return out


def compute_shard(spec: RunSpec, k: int, threads: int | None,
                  on_games: Callable[[int], None] | None = None) -> ShardTables:
    """Play shard k (every rotation) and return its tables; `on_games(n)` reports progress."""
    first, end = spec.shard_range(k)
    parts: list[list[dict[str, np.ndarray]]] = []
    for start in range(first, end, BLOCK_GAMES):
        count = min(BLOCK_GAMES, end - start)
        parts.append([play_range(spec, start, count, r, threads) for r in range(spec.rotations)])
        if on_games is not None:
            on_games(count)
    return build_tables(spec, parts)


def build_tables(spec: RunSpec, parts: list[list[dict[str, np.ndarray]]]) -> ShardTables:
    """Interleave the rotations of each block (game, rotation, seat order) and add the run's columns."""
    players = spec.players
    cards = _interleave_cards(parts) if spec.cards_log else None
    columns: dict[str, np.ndarray] = {}
    for name in [n for n in parts[0][0] if n != "cards"]:
        blocks = []
        for by_rotation in parts:
            per_game = [b[name].reshape(-1, players, *b[name].shape[1:]) for b in by_rotation]
            stacked = np.stack(per_game, axis=1)
            blocks.append(stacked.reshape(-1, *stacked.shape[3:]))
        columns[name] = np.concatenate(blocks)
    round_scores = columns.pop("round_scores", None)
    table = build_table(spec, columns)
    metadata = dict(table.schema.metadata or {})
    rounds = cards_table_ = None
    if round_scores is not None:
        rounds = rounds_table(spec, table, round_scores)
        metadata[b"zoosim.rounds_rows"] = str(rounds.num_rows).encode()
    if cards is not None:
        cards_table_ = cards_table(spec, cards)
        metadata[b"zoosim.cards_rows"] = str(cards_table_.num_rows).encode()
    return ShardTables(table.replace_schema_metadata(metadata), rounds, cards_table_)


def _interleave_cards(parts: list[list[dict[str, np.ndarray]]]) -> np.ndarray:
    """The cards of every block and rotation as rows (game_index, rotation, seat, card, turn, round), ordered by
    game, then rotation, then the order played (as the main rows are by game, rotation, seat)."""
    pieces = []
    for by_rotation in parts:
        for rotation, block in enumerate(by_rotation):
            c = block["cards"]
            pieces.append(np.column_stack([c[:, 0], np.full(len(c), rotation, np.int64), c[:, 1:]]))
    rows = np.concatenate(pieces) if pieces else np.zeros((0, 6), np.int64)
    order = np.lexsort((np.arange(len(rows)), rows[:, 1], rows[:, 0]))
    return rows[order]


def cards_table(spec: RunSpec, cards: np.ndarray) -> pa.Table:
    """The cards log of a shard from its interleaved rows (_interleave_cards)."""
    arrays: list[pa.Array] = [pa.DictionaryArray.from_arrays(numeric_array(np.zeros(len(cards), np.int8)),
                                                             string_array([spec.run_id]))]
    for k, (name, kind) in enumerate(CARDS_COLUMNS[1:]):
        arrays.append(numeric_array(cards[:, k].astype(kind.to_pandas_dtype()), kind))
    metadata = {"zoosim.schema_version": str(SCHEMA_VERSION), "zoosim.run_id": spec.run_id}
    fields = [pa.field(name, array.type) for (name, _), array in zip(CARDS_COLUMNS, arrays)]
    return pa.Table.from_arrays(arrays, schema=pa.schema(fields, metadata=metadata))


def rounds_table(spec: RunSpec, table: pa.Table, round_scores: np.ndarray) -> pa.Table:
    """The rounds log of a shard: one row per (game, rotation, seat, round), in that order."""
    rounds = table.column("rounds").to_numpy().astype(np.int64)
    width = round_scores.shape[1]
    played = np.arange(width)[None, :] < rounds[:, None]
    row_of = np.repeat(np.arange(len(rounds)), rounds)
    arrays: list[pa.Array] = []
    for name, kind in ROUNDS_COLUMNS:
        if name == "round":
            arrays.append(numeric_array(np.nonzero(played)[1] + 1, kind))
        elif name == "provisional_score":
            arrays.append(numeric_array(round_scores[played], kind))
        else:
            arrays.append(table.column(name).take(numeric_array(row_of)).combine_chunks().cast(kind))
    metadata = {"zoosim.schema_version": str(SCHEMA_VERSION), "zoosim.run_id": spec.run_id}
    return pa.Table.from_arrays(arrays, schema=pa.schema(list(ROUNDS_COLUMNS), metadata=metadata))


def build_table(spec: RunSpec, columns: dict[str, np.ndarray]) -> pa.Table:
    """The shard's table from its interleaved engine columns, with the run's own columns added."""
    players, rotations = spec.players, spec.rotations
    n = len(columns["game_index"])
    rotation = np.tile(np.repeat(np.arange(rotations, dtype=np.int8), players), n // (players * rotations))
    seat = columns["seat"]
    # the base policy index of each row: seat s in rotation r plays base policy (s - r) mod players
    labels = [p.label for p in spec.seat_policies(0)]
    unique_labels = sorted(set(labels))
    label_code = np.array([unique_labels.index(x) for x in labels], dtype=np.int32)
    policy_codes = label_code[(seat.astype(np.int64) - rotation) % players]
    # string columns stay dictionary-encoded in memory: Parquet then writes their one or few values as a
    # dictionary page directly instead of hashing every row (write_table stores them as plain strings)
    policy = pa.DictionaryArray.from_arrays(numeric_array(policy_codes), string_array(unique_labels))
    sch = schema(spec)
    constant = {"run_id": spec.run_id, "game": spec.game.id, "variant": spec.variant, "rules_hash": spec.rules_hash}
    zeros = numeric_array(np.zeros(n, np.int8))
    arrays: list[pa.Array] = []
    for field in sch:
        if field.name in constant:
            arrays.append(pa.DictionaryArray.from_arrays(zeros, string_array([constant[field.name]])))
        elif field.name == "players":
            arrays.append(numeric_array(np.full(n, players, np.int8)))
        elif field.name == "seed":
            arrays.append(numeric_array(np.full(n, spec.seed, np.int64)))
        elif field.name == "rotation":
            arrays.append(numeric_array(rotation))
        elif field.name == "policy":
            arrays.append(policy)
        else:
            arrays.append(numeric_array(columns[field.name], field.type))
    fields = [pa.field(field.name, array.type) for field, array in zip(sch, arrays)]
    return pa.Table.from_arrays(arrays, schema=pa.schema(fields, metadata=sch.metadata))


def write_table(table: pa.Table, f: IO[bytes]) -> None:
    """Write a shard as Parquet: its columns as the run schema's types, its metadata as the file's.

    Dictionary pages for the log's small integers of few distinct values: faster (-10%) and smaller
    (-25%) than plain pages under zstd. The game index, distinct per game, is delta-coded, and only it
    keeps footer statistics (the shard check reads its bounds): another -20% of write time. The Arrow
    schema is not stored, so dictionary-encoded string columns read back as plain strings (Parquet's
    own types say string, int8, ...), and the run's metadata goes in as the file's key-value metadata.
    """
    with pq.ParquetWriter(f, table.schema, compression="zstd",
                          use_dictionary=[n for n in table.column_names if n != "game_index"],
                          column_encoding={"game_index": "DELTA_BINARY_PACKED"}, write_statistics=["game_index"],
                          store_schema=False) as writer:
        writer.write_table(table, row_group_size=1 << 20)
        writer.add_key_value_metadata(table.schema.metadata or {})


def write_shard(run_dir: RunDir, k: int, shard: ShardTables) -> None:
    """Write shard k atomically (temporary name, then rename); its rounds and cards logs first, so a shard file
    never exists without the logs it belongs to."""
    for log_dir, log in ((ROUNDS_DIR, shard.rounds), (CARDS_DIR, shard.cards)):
        if log is not None:
            sub = run_dir.sub(log_dir)
            sub.makedirs()
            sub.write_atomic(shard_name(k), lambda f, log=log: write_table(log, f))
    run_dir.write_atomic(shard_name(k), lambda f: write_table(shard.table, f))


def shard_is_complete(run_dir: RunDir, spec: RunSpec, k: int) -> bool:
    """True when shard k has a readable footer, the run's id and schema, and the expected row count.

    A truncated or foreign file fails this check and is made again.
    """
    try:
        with run_dir.open_read(shard_name(k)) as f:
            parquet = pq.ParquetFile(f)
            meta = parquet.metadata
            kv = meta.metadata or {}
            if not (
                meta.num_rows == spec.shard_rows(k)
                and kv.get(b"zoosim.run_id") == spec.run_id.encode()
                and parquet.schema_arrow.remove_metadata().equals(schema(spec).remove_metadata())
            ):
                return False
            if _game_index_bounds(meta) != (spec.shard_range(k)[0], spec.shard_range(k)[1] - 1):
                return False
        if spec.rounds_log and not rounds_shard_is_complete(run_dir, spec, k, kv.get(b"zoosim.rounds_rows")):
            return False
        return not spec.cards_log or cards_shard_is_complete(run_dir, spec, k, kv.get(b"zoosim.cards_rows"))
    except (OSError, pa.ArrowException, ValueError):
        return False


def cards_shard_is_complete(run_dir: RunDir, spec: RunSpec, k: int, rows: bytes | None) -> bool:
    """The cards log of shard k reads, belongs to this run, has the row count its shard recorded and only games of
    the shard's range (a game may play no card, so the bounds lie within the range)."""
    try:
        with run_dir.sub(CARDS_DIR).open_read(shard_name(k)) as f:
            parquet = pq.ParquetFile(f)
            meta = parquet.metadata
            if not (rows is not None and meta.num_rows == int(rows)
                    and (meta.metadata or {}).get(b"zoosim.run_id") == spec.run_id.encode()
                    and parquet.schema_arrow.remove_metadata().equals(pa.schema(list(CARDS_COLUMNS)))):
                return False
            if meta.num_rows == 0:
                return True
            bounds = _game_index_bounds(meta)
            first, end = spec.shard_range(k)
            return bounds is not None and first <= bounds[0] and bounds[1] <= end - 1
    except (OSError, pa.ArrowException, ValueError):
        return False


def rounds_shard_is_complete(run_dir: RunDir, spec: RunSpec, k: int, rows: bytes | None) -> bool:
    """The rounds log of shard k reads, belongs to this run and has the row count its shard recorded."""
    try:
        with run_dir.sub(ROUNDS_DIR).open_read(shard_name(k)) as f:
            parquet = pq.ParquetFile(f)
            meta = parquet.metadata
            return (rows is not None and meta.num_rows == int(rows)
                    and (meta.metadata or {}).get(b"zoosim.run_id") == spec.run_id.encode()
                    and parquet.schema_arrow.remove_metadata().equals(pa.schema(list(ROUNDS_COLUMNS)))
                    and _game_index_bounds(meta) == (spec.shard_range(k)[0], spec.shard_range(k)[1] - 1))
    except (OSError, pa.ArrowException, ValueError):
        return False


def _game_index_bounds(meta: pq.FileMetaData) -> tuple[int, int] | None:
    """(min, max) game index from the footer statistics: a shard copied over another one fails this."""
    column = meta.schema.names.index("game_index")
    lows, highs = [], []
    for g in range(meta.num_row_groups):
        stats = meta.row_group(g).column(column).statistics
        if stats is None or not stats.has_min_max:
            return None
        lows.append(stats.min)
        highs.append(stats.max)
    return (min(lows), max(highs)) if lows else None


def missing_shards(run_dir: RunDir, spec: RunSpec, existing: set[str]) -> list[int]:
    """Shards that are absent or not complete."""
    return [k for k in range(spec.shards)
            if shard_name(k) not in existing or not shard_is_complete(run_dir, spec, k)]


def run_shard_task(spec: RunSpec, run_dir: RunDir, k: int, threads: int | None,
                   expected_engine: str | None = None) -> tuple[int, int]:
    """Compute and write one shard (what a Dask worker runs); returns (shard, games).

    Refuses to run when this machine's engine source differs from the submitter's.
    """
    if expected_engine is not None:
        here = engine_hash(spec.game)
        if here != expected_engine:
            import socket

            raise ZoosimError(f"worker {socket.gethostname()} has different {spec.game.id} engine code "
                              f"({here}, expected {expected_engine}); install the same zoosim everywhere")
    write_shard(run_dir, k, compute_shard(spec, k, threads))
    first, end = spec.shard_range(k)
    return k, end - first

