"""A strategy-table run directory read without pandas: its manifest, and one class's row of the finished
table (read with pyarrow, only the row group that holds it), so that ``advise --table RUN_DIR`` answers
without importing pandas, numba or the solver.  Reads files; writes nothing (``run.py`` writes them).
"""

from __future__ import annotations

from pathlib import Path

from ..core.errors import TableRunError
from ..output.manifest import load_run_manifest

MANIFEST = "manifest.json"
FORMAT = "euchre-stats strategy table"


def read_manifest(run_dir) -> dict:
    """The manifest of a run directory."""
    p, m = load_run_manifest(run_dir, MANIFEST, "table", "strategy table")
    if not isinstance(m, dict):
        kind = {list: "an array", str: "a string", bool: "true or false", type(None): "null"}.get(type(m), "a number")
        raise TableRunError(f"{str(p)!r} is not a strategy-table manifest: it holds {kind}, not a JSON object")
    if m.get("format") != FORMAT or "settings" not in m:
        raise TableRunError(f"{str(p)!r} is not a strategy-table manifest")
    return m


def table_row(run_dir, key: int, seat: str) -> dict | None:
    """The row of class ``key`` and ``seat`` in the run's finished ``table.parquet`` (column -> value; a
    missing value is ``None``, a float column's NaN stays NaN), or ``None`` when the class is not there.

    Row groups whose ``key`` statistics leave ``key`` out are skipped; of the others, the ``key`` and ``seat``
    columns are read to find the row, then the row's group (``pyarrow.parquet.read_table`` would import
    pandas, through the dataset layer)."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.parquet as pq

    p = Path(run_dir) / "table.parquet"
    if not p.exists():
        raise TableRunError(f"the table in {str(run_dir)!r} is not finished: run the same command again")
    try:
        f = pq.ParquetFile(p)
        at = f.schema_arrow.get_field_index("key")
        for g in range(f.num_row_groups):
            stats = f.metadata.row_group(g).column(at).statistics
            if stats is not None and stats.has_min_max and not stats.min <= key <= stats.max:
                continue
            cols = f.read_row_group(g, columns=["key", "seat"])
            seats = cols.column("seat")
            hit = [int(i) for i in np.flatnonzero(_int64s(cols.column("key")) == key) if seats[int(i)].as_py() == seat]
            if hit:
                return f.read_row_group(g).slice(hit[0], 1).to_pylist()[0]
    except (OSError, pa.ArrowException) as exc:   # unreadable, or not Parquet (ArrowInvalid)
        raise TableRunError(f"cannot read the strategy table {str(p)!r}: {exc}") from None
    return None


def _int64s(column):
    """An int64 column without nulls as a numpy array, read from its buffers: pyarrow's own ``to_numpy``
    (and its compute functions) import pandas."""
    import numpy as np

    parts = []
    for a in column.chunks:
        if a.null_count:
            raise TableRunError("a strategy table's key column holds an empty value")
        parts.append(np.frombuffer(a.buffers()[1], dtype=np.int64)[a.offset:a.offset + len(a)])
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)


__all__ = ["FORMAT", "MANIFEST", "read_manifest", "table_row"]
