"""Where table chunks run: this process (numba threads), a local process pool, or a dask cluster.

Every backend runs the same :func:`euchre_stats.strategy.table.compute_chunk` on the same
:class:`~euchre_stats.strategy.table.ChunkTask` s and yields ``(task, rows)`` as chunks
finish, in any order; a chunk's rows depend only on the spec and the task, so
the backend never changes the table.  dask is imported only when a scheduler is
named (the ``cluster`` extra).  Nothing here writes files.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Sequence

import pandas as pd

from ..core.errors import ClusterError, EuchreStatsError
from .table import ChunkTask, TableSpec, compute_chunk


def _run_one(spec: TableSpec, task: ChunkTask, threads) -> tuple[ChunkTask, pd.DataFrame]:
    return task, compute_chunk(spec, task, threads)


def map_chunks(spec: TableSpec, tasks: Sequence[ChunkTask], *, workers: int | None = None,
               scheduler: str | None = None, client=None) -> Iterator[tuple[ChunkTask, pd.DataFrame]]:
    """Run ``tasks``; yield ``(task, rows)`` as each finishes.

    Parameters
    ----------
    workers : ``None`` or 1 -- this process, the solver using every numba thread;
        ``N > 1`` -- a pool of N processes with one solver thread each.
    scheduler : ``tcp://HOST:PORT`` of a dask.distributed scheduler (tasks run one
        solver thread each on its workers).
    client : a ``distributed.Client`` of ``scheduler`` already connected (:func:`connect`), which the
        caller closes; without it one is made here and closed at the end.
    """
    tasks = list(tasks)
    if not tasks:
        return
    if scheduler:
        yield from _dask(spec, tasks, scheduler, client)
    elif workers is not None and workers > 1:
        yield from _pool(spec, tasks, workers)
    else:
        for task in tasks:
            yield task, compute_chunk(spec, task, None)


def _pool(spec, tasks, workers):
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    ctx = multiprocessing.get_context("spawn")  # numba's thread pools do not survive fork
    # the workers ignore Ctrl-C: the parent alone handles it (one message, no worker tracebacks), stops
    # them and keeps every chunk already committed
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_ignore_sigint)
    try:
        queue = list(tasks)
        running = set()
        # keep a few tasks per process in flight, so results stream in order of submission
        while queue or running:
            while queue and len(running) < 2 * workers:
                running.add(pool.submit(_run_one, spec, queue.pop(0), 1))
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for fut in done:
                try:
                    result = fut.result()
                except BrokenProcessPool:
                    raise ClusterError("a worker process died (killed, or out of memory); every finished chunk "
                                       "is kept: run the same command again to resume") from None
                yield result
    except BaseException:
        for proc in list((pool._processes or {}).values()):   # stop the chunks in flight at once
            proc.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


def _ignore_sigint() -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def connect(scheduler: str, timeout: str = "10s"):
    """A ``distributed.Client`` for ``scheduler``; :class:`ClusterError` when dask is missing or unreachable."""
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(
            "--scheduler needs dask.distributed, which is not installed: "
            "pip install 'euchre-stats[cluster]'") from None
    try:
        return Client(scheduler, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterError(f"cannot reach the dask scheduler {scheduler!r}: {exc}") from None


#: how long a run waits for the scheduler to have a worker before giving up
WORKER_WAIT_S = 60


def _dask(spec, tasks, scheduler, client=None):
    from distributed import as_completed

    own = client is None
    client = connect(scheduler) if own else client
    try:
        try:
            client.wait_for_workers(1, timeout=WORKER_WAIT_S)
        except (TimeoutError, OSError):
            raise ClusterError(f"the dask scheduler {scheduler!r} has had no worker for {WORKER_WAIT_S} s: start "
                               "workers (dask worker " + scheduler + ") and run the same command again") from None
        tag = hashlib.sha1(json.dumps(spec.settings(), sort_keys=True).encode()).hexdigest()[:12]
        futures = [client.submit(_run_one, spec, t, 1, key=f"euchre-table-{tag}-{t.name}", pure=False)
                   for t in tasks]
        for fut in as_completed(futures):
            try:
                result = fut.result()
            except EuchreStatsError:
                raise
            except Exception as exc:  # a lost scheduler or worker, whatever dask calls it
                raise ClusterError(f"the dask cluster at {scheduler!r} failed ({type(exc).__name__}: {exc}); every "
                                   "finished chunk is kept: run the same command again to resume") from None
            yield result
            fut.release()
    finally:
        if own:
            client.close()


__all__ = ["ClusterError", "connect", "map_chunks"]
