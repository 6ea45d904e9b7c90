"""Benchmark: `zoosim analyze` (every standard table) over N synthetic rows of four-player games.

Targets: 40 million rows (10 million games) in <= 60 s and <= 2 GiB peak memory; 100 million rows must
complete. The data (zoosim.analysis.synthetic, about 230 MB per 40 million rows) is written once under
--dir (reused on the next run; never commit it), then the analysis runs in a fresh subprocess so its
peak RSS (ru_maxrss: the whole process, Python and polars included) and wall time are measured alone.

    python benchmarks/bench_analysis.py [--rows 40000000] [--dir /tmp/zoosim-bench] [--by seat]
                                        [--max-seconds 60] [--max-gib 2] [--repeat 1]
"""
from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PLAYERS = 4
SHARD_GAMES = 250_000


def make_run(directory: Path, rows: int) -> Path:
    """Write a synthetic run of `rows` rows in shards (skipped when it already exists at that size)."""
    import polars as pl

    from zoosim.analysis.synthetic import synthetic_rows, write_run

    run = directory / f"synthetic-{rows}"
    if (run / "manifest.json").exists():
        return run
    games = rows // PLAYERS
    tmp = directory / f".synthetic-{rows}.tmp"
    first = 0
    shard = 0
    while first < games:
        count = min(SHARD_GAMES, games - first)
        part = synthetic_rows(count, PLAYERS, seed=1, first_index=first)
        sub = write_run(tmp / f"s{shard}", part)
        (sub / "part-00000.parquet").rename(tmp / f"part-{shard:05d}.parquet")
        manifest = json.loads((sub / "manifest.json").read_text())
        first += count
        shard += 1
    manifest.update(games=games, shards=shard, shard_size=SHARD_GAMES, run_id=run.name, command="synthetic")
    (tmp / "manifest.json").write_text(json.dumps(manifest, indent=1))
    for sub in tmp.glob("s*"):
        for f in sub.iterdir():
            f.unlink()
        sub.rmdir()
    # every shard carries the temporary run id; rewrite it so the run is consistent
    for f in sorted(tmp.glob("part-*.parquet")):
        pl.read_parquet(f).with_columns(pl.lit(run.name).alias("run_id")).write_parquet(f)
    tmp.rename(run)
    return run


def measure(run: Path, by: str) -> dict[str, float]:
    """Run the full analyze (every table) in this process; report wall time and peak RSS."""
    from zoosim.analysis.load import open_runs
    from zoosim.analysis.tables import analyze

    started = time.perf_counter()
    opened = open_runs(run)
    tables = analyze(opened.frame, opened.components, by)
    seconds = time.perf_counter() - started
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    rows = int(tables["win_rates"]["n"].sum())
    return {"rows": rows, "seconds": round(seconds, 2), "peak_gib": round(peak_kib / 2**20, 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=40_000_000)
    parser.add_argument("--dir", type=Path, default=Path("/tmp/zoosim-bench"))
    parser.add_argument("--by", default="seat")
    parser.add_argument("--max-seconds", type=float, default=60.0, help="time target (exit 1 when missed)")
    parser.add_argument("--max-gib", type=float, default=2.0, help="peak memory target (exit 1 when missed)")
    parser.add_argument("--repeat", type=int, default=1, help="measure this many times, each in a fresh process")
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)  # child mode
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure, args.by)))
        return
    args.dir.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    run = make_run(args.dir, args.rows)
    print(f"data: {run} ({time.perf_counter() - t0:.1f} s to prepare)")
    ok = True
    for _ in range(args.repeat):
        child = subprocess.run([sys.executable, __file__, "--measure", str(run), "--by", args.by],
                               capture_output=True, text=True, check=True)
        result = json.loads(child.stdout.strip().splitlines()[-1])
        met = result["seconds"] <= args.max_seconds and result["peak_gib"] <= args.max_gib
        ok = ok and met
        print(f"analyze --by {args.by}: {result['rows']:,} rows in {result['seconds']} s, peak memory "
              f"{result['peak_gib']} GiB (target <= {args.max_seconds:g} s, <= {args.max_gib:g} GiB): "
              f"{'OK' if met else 'MISSED'}", flush=True)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
