"""Where table chunks run: this process (numba threads), a local process pool, or a dask cluster.

Every backend (:mod:`euchre_stats.sampling.backends`) runs the same
:func:`euchre_stats.strategy.table.compute_chunk` on the same
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

from ..core.errors import ClusterError
from ..sampling import backends
from ..sampling.backends import connect
from .table import ChunkTask, TableSpec, compute_chunk


def _rows(task: ChunkTask, spec: TableSpec, threads) -> pd.DataFrame:
    return compute_chunk(spec, task, threads)


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
    remote = backends.runs_elsewhere(workers, scheduler)
    tag = hashlib.sha1(json.dumps(spec.settings(), sort_keys=True).encode()).hexdigest()[:12]
    yield from backends.map_chunks(_rows, tasks, args=(spec, 1 if remote else None), workers=workers,
                                   scheduler=scheduler, client=client, key=f"euchre-table-{tag}",
                                   name=lambda t: t.name)


__all__ = ["ClusterError", "connect", "map_chunks"]
