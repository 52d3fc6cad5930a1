"""Where chunks of work run: this process, a local process pool (``--workers``), or a dask cluster
(``--scheduler``).

A long run is cut into fixed chunks whose results depend only on the run's seed and the chunk
(:mod:`euchre_stats.sampling.seeds`).  :func:`map_chunks` runs one function over such chunks on any
backend and yields ``(item, result)`` as each finishes (in any order); :func:`map_ordered` returns the
results in the items' order.  So the backend never changes a result: whoever commits or combines
the chunks does it by the item, not by the order of arrival.  :func:`backend` is one run's backend
(checked and connected before any work) for the jobs that keep no run directory.

The function and its arguments must be picklable (a module-level function; specs, rules, seeds) for
the pool and the cluster.  dask is imported only when a scheduler is named (the ``cluster`` extra).
Nothing here writes files.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from ..core.errors import ClusterError, DecisionInputError, EuchreStatsError

#: how long a run waits for the scheduler to have a worker before giving up
WORKER_WAIT_S = 60
#: the end of the message of a run stopped by a lost worker or cluster (a run directory keeps its chunks)
_KEPT = "every finished chunk is kept: run the same command again to resume"


def check_backend(workers, scheduler) -> None:
    """Refuse a bad ``workers`` (a whole number >= 1) or ``scheduler`` (a non-empty address) before any work."""
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise DecisionInputError(f"workers must be a whole number >= 1, got {workers!r}")
    if scheduler is not None and (not isinstance(scheduler, str) or not scheduler.strip()):
        raise DecisionInputError(f"scheduler must be the address of a dask scheduler (tcp://HOST:PORT), "
                                 f"got {scheduler!r}")
    if scheduler and workers is not None and workers > 1:
        raise DecisionInputError("give either --workers (local processes) or --scheduler (a dask cluster), not both")


def map_chunks(fn: Callable[..., Any], items: Sequence, *, args: tuple = (), workers: int | None = None,
               scheduler: str | None = None, client=None, key: str = "euchre-chunk",
               name: Callable[[Any], str] = str) -> Iterator[tuple[Any, Any]]:
    """Run ``fn(item, *args)`` for each of ``items``; yield ``(item, result)`` as each finishes.

    Parameters
    ----------
    workers : ``None`` or 1 -- this process, in the items' order; ``N > 1`` -- a pool of N spawned
        processes (numba's threads do not survive a fork).
    scheduler : ``tcp://HOST:PORT`` of a dask.distributed scheduler.
    client : a ``distributed.Client`` of ``scheduler`` already connected (:func:`connect`), which the
        caller closes; without it one is made here and closed at the end.
    key, name : a dask task is named ``KEY-NAME(ITEM)``: ``key`` unique to the run's settings, ``name`` to
        the chunk (a finished task's name is never reused for other work).
    """
    items = list(items)
    if not items:
        return
    if scheduler:
        yield from _dask(fn, items, args, scheduler, client, key, name)
    elif workers is not None and workers > 1:
        yield from _pool(fn, items, args, workers)
    else:
        for item in items:
            yield item, fn(item, *args)


def map_ordered(fn: Callable[..., Any], items: Sequence, *, args: tuple = (), workers: int | None = None,
                scheduler: str | None = None, client=None, key: str = "euchre-chunk",
                name: Callable[[Any], str] = str, done: Callable[[Any, Any], None] | None = None) -> list:
    """``[fn(item, *args) for item in items]`` on any backend (see :func:`map_chunks`), ``done(item,
    result)`` called as each chunk finishes (in this process, in the items' order; elsewhere as they
    come back)."""
    pairs = list(enumerate(items))
    out: dict[int, Any] = {}
    for (i, item), result in map_chunks(_second, pairs, args=(fn, *args), workers=workers, scheduler=scheduler,
                                        client=client, key=key, name=lambda pair: f"{pair[0]}-{name(pair[1])}"):
        out[i] = result
        if done is not None:
            done(item, result)
    return [out[i] for i in range(len(pairs))]


def runs_elsewhere(workers: int | None, scheduler: str | None) -> bool:
    """Whether chunks run outside this process (a pool of processes or a cluster): then each uses one
    solver thread."""
    return bool(scheduler) or (workers is not None and workers > 1)


def _second(pair, fn, *args):
    return fn(pair[1], *args)


def _pool(fn, items, args, workers):
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    ctx = multiprocessing.get_context("spawn")  # numba's thread pools do not survive fork
    # the workers ignore Ctrl-C: the parent alone handles it (one message, no worker tracebacks), stops
    # them and keeps every chunk already committed
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_ignore_sigint)
    try:
        queue = list(items)
        running: dict = {}
        # keep a few chunks per process in flight, so results stream in about the order of submission
        while queue or running:
            while queue and len(running) < 2 * workers:
                item = queue.pop(0)
                running[pool.submit(fn, item, *args)] = item
            done, _ = wait(list(running), return_when=FIRST_COMPLETED)
            for fut in done:
                item = running.pop(fut)
                try:
                    result = fut.result()
                except BrokenProcessPool:
                    raise ClusterError("a worker process died (killed, or out of memory); " + _KEPT) from None
                yield item, result
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


def _dask(fn, items, args, scheduler, client, key, name):
    from distributed import as_completed

    own = client is None
    client = connect(scheduler) if own else client
    try:
        try:
            client.wait_for_workers(1, timeout=WORKER_WAIT_S)
        except (TimeoutError, OSError):
            raise ClusterError(f"the dask scheduler {scheduler!r} has had no worker for {WORKER_WAIT_S} s: start "
                               "workers (dask worker " + scheduler + ") and run the same command again") from None
        futures = {client.submit(fn, item, *args, key=f"{key}-{name(item)}", pure=False): item for item in items}
        for fut in as_completed(list(futures)):
            try:
                result = fut.result()
            except EuchreStatsError:
                raise
            except Exception as exc:  # a lost scheduler or worker, whatever dask calls it
                raise ClusterError(f"the dask cluster at {scheduler!r} failed ({type(exc).__name__}: {exc}); "
                                   + _KEPT) from None
            yield futures[fut], result
            fut.release()
    finally:
        if own:
            client.close()


class Backend:
    """Where one run's chunks go (:func:`backend`): ``threads`` is what a chunk passes to numba (``None``,
    every thread, in this process; 1 in a pool's process or on a cluster's worker)."""

    def __init__(self, workers: int | None, scheduler: str | None, client, key: str):
        self.workers, self.scheduler, self.client, self.key = workers, scheduler, client, key
        self.calls = 0  # each map's tasks are named apart from the run's other maps'
        self.threads = 1 if runs_elsewhere(workers, scheduler) else None

    def map(self, fn: Callable[..., Any], items: Sequence, *, args: tuple = (),
            done: Callable[[Any, Any], None] | None = None, name: Callable[[Any], str] = str) -> list:
        """``[fn(item, *args) for item in items]`` on this run's backend, ``done(item, result)`` called as
        each chunk finishes (in this process, in the items' order; elsewhere as they come back)."""
        self.calls += 1
        try:
            return map_ordered(fn, items, args=args, workers=self.workers, scheduler=self.scheduler,
                               client=self.client, key=f"{self.key}-{self.calls}", name=name, done=done)
        except ClusterError as exc:  # no run directory here: nothing is kept to resume from
            raise ClusterError(str(exc).replace(_KEPT, "this run keeps no chunks: run the same command again")) \
                from None


@contextmanager
def backend(workers: int | None = None, scheduler: str | None = None, what: str = "run") -> Iterator[Backend]:
    """The :class:`Backend` of one run without a run directory: ``workers`` and ``scheduler`` checked
    (:func:`check_backend`) and the scheduler reached (:func:`connect`) before any work, its client
    closed at the end; the run's dask tasks are named ``euchre-WHAT-RANDOM-...`` so that no two runs
    share a task."""
    import uuid

    check_backend(workers, scheduler)
    client = connect(scheduler) if scheduler else None
    try:
        yield Backend(workers, scheduler, client, f"euchre-{what}-{uuid.uuid4().hex[:12]}")
    finally:
        if client is not None:
            client.close()


__all__ = ["Backend", "ClusterError", "WORKER_WAIT_S", "backend", "check_backend", "connect", "map_chunks",
           "map_ordered", "runs_elsewhere"]
