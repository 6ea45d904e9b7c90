"""Where shards are computed: in this process on numba threads, or as Dask tasks.

Local: each of `workers` threads computes and writes whole shards of its own (the engines are `nogil`
kernels); a run of fewer shards than workers computes each shard on all threads instead.
Dask: one task per shard; each task computes and writes its own shard into the run dir, which must be
reachable from every worker (a shared filesystem path, or an fsspec URL such as s3://…).
"""
from __future__ import annotations

import logging
import os
import re
import sys
import threading
from concurrent.futures import Future, ThreadPoolExecutor, wait
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

from zoosim.errors import ZoosimError
from zoosim.sim.manifest import RunSpec, engine_hash
from zoosim.sim.shards import compute_shard, run_shard_task, write_shard
from zoosim.sim.storage import RunDir

DASK_RETRIES = 2
_ADDRESS_RE = re.compile(r"^(tcp|tls|ucx|inproc)://\S+$")


@dataclass(frozen=True)
class Backend:
    """Validated choice of where to run: `kind` is "local" or "dask"; `target` the Dask address or `local:N`."""

    kind: str
    target: str = ""
    threads: int = 1

    @property
    def label(self) -> str:
        """As recorded in the manifest: `local` or `dask:<address>`."""
        return "local" if self.kind == "local" else f"dask:{self.target}"

    @property
    def local_cluster_workers(self) -> int | None:
        return int(self.target.split(":", 1)[1]) if self.target.startswith("local:") else None


def max_threads() -> int:
    """The most numba threads this process may use (numba's NUMBA_NUM_THREADS, all cores by default)."""
    import numba

    return int(numba.config.NUMBA_NUM_THREADS)


def choose_backend(scheduler: str | None, workers: int | None) -> Backend:
    """Check --scheduler and --workers; for Dask, `workers` is numba threads per shard task (default 1)."""
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise ZoosimError(f"workers must be a whole number >= 1, got {workers!r}")
    if scheduler is None or scheduler == "":
        limit = max_threads()
        if workers is not None and workers > limit:
            raise ZoosimError(f"workers must be 1..{limit} (the cores numba may use), got {workers}")
        return Backend("local", "", workers or limit)
    text = scheduler.strip()
    if text.startswith("local:"):
        count = text.split(":", 1)[1]
        if not count.isdigit() or int(count) < 1:
            raise ZoosimError(f"bad --scheduler {scheduler!r}; accepted: local:N (N >= 1) or tcp://HOST:PORT")
        text = f"local:{int(count)}"
    elif not _ADDRESS_RE.match(text):
        raise ZoosimError(f"bad --scheduler {scheduler!r}; accepted: local:N (N >= 1) or tcp://HOST:PORT")
    try:
        import dask.distributed  # noqa: F401
    except ImportError:
        raise ZoosimError("--scheduler needs dask.distributed: pip install 'zoosim[dist]'") from None
    return Backend("dask", text, workers or 1)


class _Stopped(Exception):
    """Raised inside a shard task between blocks once the run is interrupted."""


def run_local(spec: RunSpec, run_dir: RunDir, todo: Sequence[int], threads: int,
              advance: Callable[[int], None]) -> None:
    """Compute and write the shards here, on `threads` cores.

    With at least as many shards as threads, each thread computes and writes whole shards of its own
    (one engine thread per shard): Parquet encoding and the table building then run beside the other
    threads' games instead of between blocks, which on 2 cores was a fifth of a uniform run. With fewer
    shards, each shard is computed on all threads while a writer thread writes the one before.

    Memory stays at about one shard per thread. On an interrupt (Ctrl-C) every shard already being
    written is finished and kept; shards still computing stop at their next block and are dropped.
    """
    if threads > 1 and len(todo) >= threads:
        _shards_per_thread(spec, run_dir, todo, threads, advance)
        return
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="zoosim-writer") as writer:
        pending: Future[None] | None = None
        for k in todo:
            table = compute_shard(spec, k, threads, advance)
            if pending is not None:
                pending.result()
            pending = writer.submit(write_shard, run_dir, k, table)
        if pending is not None:
            pending.result()


def _shards_per_thread(spec: RunSpec, run_dir: RunDir, todo: Sequence[int], threads: int,
                       advance: Callable[[int], None]) -> None:
    stop = threading.Event()

    def on_games(games: int) -> None:
        advance(games)
        if stop.is_set():
            raise _Stopped

    def make(k: int) -> None:
        if not stop.is_set():
            write_shard(run_dir, k, compute_shard(spec, k, 1, on_games))

    with ThreadPoolExecutor(max_workers=threads, thread_name_prefix="zoosim-shard") as pool:
        futures = [pool.submit(make, k) for k in todo]
        try:
            for future in futures:
                future.result()
        except BaseException:
            stop.set()
            for future in futures:
                future.cancel()
            wait(futures)
            raise


@contextmanager
def _forked_workers(spec: RunSpec) -> Iterator[None]:
    """Start local worker processes by fork from this process, with the engine already loaded.

    Spawned workers each start a fresh interpreter and load the numba engine from its cache before the
    first task: about 3.5 s on 2 cores, a third of a million-game uniform run. Forked workers inherit the
    loaded engine and start in ~0.2 s. The engines are plain `nogil` kernels, so forking is safe; but a
    launched numba thread pool (a `parallel=True` kernel) does not survive a fork, so then, where fork is
    unavailable, or with ZOOSIM_DASK_START=spawn, Dask's default (spawn) is kept.
    """
    import multiprocessing

    import dask
    from numba.np.ufunc import parallel as numba_parallel

    method = os.environ.get("ZOOSIM_DASK_START", "fork")
    if method == "fork" and method in multiprocessing.get_all_start_methods():
        spec.game.play_block(spec.rules, spec.players, spec.seat_policies(0), spec.seed, 0, 1, threads=1)
        if getattr(numba_parallel, "_is_initialized", True):
            method = "spawn"
        sys.stdout.flush()
        sys.stderr.flush()
    if method not in multiprocessing.get_all_start_methods():
        yield
        return
    with dask.config.set({"distributed.worker.multiprocessing-method": method}):
        yield


def run_dask(spec: RunSpec, run_dir: RunDir, todo: Sequence[int], backend: Backend,
             advance: Callable[[int], None]) -> None:
    """Submit one task per shard and follow them as they complete.

    Dask reruns a task whose worker died (up to `distributed.scheduler.allowed-failures` times) and
    retries a task that raised (DASK_RETRIES times); a shard is written atomically, so a rerun task
    simply replaces nothing or an identical file.
    """
    from dask.distributed import Client, LocalCluster, as_completed

    # a worker process that dies is restarted by its nanny, the same way: keep the start method set
    with _forked_workers(spec) if backend.local_cluster_workers is not None else nullcontext():
        _run_tasks(spec, run_dir, todo, backend, advance, Client, LocalCluster, as_completed)


def _run_tasks(spec: RunSpec, run_dir: RunDir, todo: Sequence[int], backend: Backend,
               advance: Callable[[int], None], Client: Any, LocalCluster: Any, as_completed: Any) -> None:
    cluster = None
    try:
        n_local = backend.local_cluster_workers
        if n_local is not None:
            cluster = LocalCluster(n_workers=n_local, threads_per_worker=1, processes=True,
                                   dashboard_address=None, silence_logs=logging.CRITICAL)  # task errors still raise
            client = Client(cluster)
        else:
            client = Client(backend.target, timeout="20s")
    except (OSError, TimeoutError) as exc:
        if cluster is not None:
            cluster.close()
        raise ZoosimError(f"cannot reach Dask scheduler {backend.target}: {exc}") from None
    try:
        if n_local is not None:
            client.wait_for_workers(n_local)  # forked workers start fast: broadcast to all of them
        spec_future = client.scatter(spec, broadcast=True)
        engine = engine_hash(spec.game)
        futures = [
            client.submit(run_shard_task, spec_future, run_dir, k, backend.threads, engine,
                          key=f"zoosim-{spec.run_id}-{k:05d}-{os.getpid()}", retries=DASK_RETRIES, pure=False)
            for k in todo
        ]
        try:
            for future in as_completed(futures):
                _, games = future.result()
                advance(games)
        except BaseException:
            client.cancel(futures)
            raise
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
