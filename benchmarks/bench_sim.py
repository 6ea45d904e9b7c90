"""Games per second of a whole `simulate` run (Parquet included), and Dask against local.

    python benchmarks/bench_sim.py --game zooloretto --players 4 --policy uniform --games 1000000

Measures, on the same inputs: the engine alone (play_block over all games, nothing kept), a local
simulate run (numba threads on every core, writing shards), and a Dask run on a LocalCluster of
single-threaded worker processes (one per core by default; cluster start-up included, as a user
sees it). Prints games/s, the sim layer's overhead over the bare engine, the Dask/local ratio, and
checks that both runs hold the same rows. Compile time is paid once in a warm-up and reported apart.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from zoosim.games.registry import get_game  # noqa: E402
from zoosim.sim.manifest import build_spec  # noqa: E402
from zoosim.sim.runner import simulate  # noqa: E402


def engine_only(args: argparse.Namespace, block: int = 50_000) -> float:
    """Seconds for play_block over every game, in blocks, results dropped: the engine's own speed."""
    spec = build_spec(args.game, args.players, args.policy, args.games, args.seed, {})
    policies = spec.seat_policies(0)
    started = time.perf_counter()
    for first in range(0, args.games, block):
        count = min(block, args.games - first)
        spec.game.play_block(spec.rules, args.players, policies, args.seed, first, count, threads=args.workers)
    return time.perf_counter() - started


def timed_run(args: argparse.Namespace, out: Path, scheduler: str | None) -> float:
    started = time.perf_counter()
    simulate(args.game, args.players, args.policy, args.games, args.seed, {}, out, workers=args.workers,
             force=True, progress=not args.quiet, shard_size=args.shard_size, scheduler=scheduler)
    return time.perf_counter() - started


def same_rows(a: Path, b: Path) -> bool:
    import polars as pl

    keys = ["game_index", "rotation", "seat"]
    return pl.read_parquet(f"{a}/part-*.parquet").sort(keys).equals(pl.read_parquet(f"{b}/part-*.parquet").sort(keys))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="zooloretto")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--policy", action="append", help="repeatable, as for zoosim simulate (default uniform)")
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=None, help="numba threads for the local run (default all)")
    parser.add_argument("--dask-workers", type=int, default=os.cpu_count() or 1, help="LocalCluster processes")
    parser.add_argument("--shard-size", type=int, default=None)
    parser.add_argument("--out", type=Path, default=None, help="where to put the two runs (default a temp dir)")
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask run")
    parser.add_argument("--quiet", action="store_true", help="no progress bars")
    args = parser.parse_args()
    args.policy = args.policy or ["uniform"]
    get_game(args.game)

    root = args.out or Path(tempfile.mkdtemp(prefix="zoosim-bench-"))
    try:
        started = time.perf_counter()
        warm = argparse.Namespace(**{**vars(args), "games": min(args.games, 2_000), "quiet": True})
        timed_run(warm, root / "warmup", None)
        print(f"warm-up (compile or cache load): {time.perf_counter() - started:.1f} s")

        engine = engine_only(args)
        local = timed_run(args, root / "local", None)
        print(f"{args.games:,} games of {args.game}, {args.players} players, policies {', '.join(args.policy)}")
        print(f"engine only      {args.games / engine:12,.0f} games/s  ({engine:.1f} s)")
        print(f"simulate local   {args.games / local:12,.0f} games/s  ({local:.1f} s; "
              f"sim layer + Parquet overhead {100 * (local / engine - 1):+.1f}%)")
        if not args.no_dask:
            dask = timed_run(args, root / "dask", f"local:{args.dask_workers}")
            print(f"simulate dask    {args.games / dask:12,.0f} games/s  ({dask:.1f} s, "
                  f"LocalCluster of {args.dask_workers} incl. start-up)")
            print(f"dask / local     {local / dask:12.2f}x  (games/s ratio)")
            print(f"same rows        {same_rows(root / 'local', root / 'dask')}")
    finally:
        if args.out is None:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
