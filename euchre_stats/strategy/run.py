"""A strategy-table run on disk: manifest, atomically committed chunks, resuming, summaries.

Layout of a run directory::

    manifest.json            settings (rules, deck, model, samples per class, seed, version, chunk size,
                             class count); written once, checked on every restart
    chunks/chunk-SEAT-NNNNNN.parquet   one per finished chunk (temp file, fsync, os.replace)
    chunks/refine-SEAT-NNNNNN.parquet  with ``--refine``: the chunk's classes too close to call, played again
    table.parquet            every row, seat by seat and class by class (when all chunks are in)
    summary/by_*.parquet     weighted summaries by feature and seat
    summary/score_flips.parquet   with scores: where the answer by P(win the game) differs from points
    charts/*.png             heatmaps and threshold curves (optional)
    timing.json              chunks computed, seconds and classes per second of each session

A chunk file either exists whole or not at all, and its rows depend only on the
seed and the chunk, so a run killed at any moment and restarted with the same
settings ends with exactly the table an uninterrupted run gives.
"""

from __future__ import annotations

import io
import json
import os
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from ..core.errors import TableRunError
from ..output.atomic import atomic_write
from ..output.results import ResultView
from ..output.lock import run_lock
from ..output.manifest import settings_difference
from .rundir import FORMAT, MANIFEST, read_manifest
from .summary import score_flips, summaries, summarise
from .table import ChunkTask, TableSpec, apply_refinement

#: test hook: a run killed by SIGKILL after committing this many chunks (tests of resuming)
KILL_AFTER_ENV = "EUCHRE_STATS_KILL_AFTER_CHUNKS"


#: rows of one row group of ``table.parquet``: ``advise --table`` reads the one group that holds its class
#: (a whole four-seat table in one group took 324 MB to answer one question, in groups of 10,000 rows 104 MB)
TABLE_ROW_GROUP = 10_000


def parquet_bytes(df: pd.DataFrame, row_group_size: int | None = None, compression: str = "snappy") -> bytes:
    """The Parquet file of ``df`` as bytes (no index, deterministic for equal frames), in row groups of
    ``row_group_size`` rows (pyarrow's default: one group up to a million rows)."""
    buf = io.BytesIO()
    df.to_parquet(buf, index=False, engine="pyarrow", compression=compression,
                  **({} if row_group_size is None else {"row_group_size": row_group_size}))
    return buf.getvalue()


def csv_bytes(df: pd.DataFrame) -> bytes:
    return df.to_csv(index=False).encode()


# --- the run directory ---------------------------------------------------------------------
def _manifest(spec: TableSpec) -> dict:
    return {"format": FORMAT, "settings": spec.settings(), "chunks": len(spec.tasks()),
            "rules_described": spec.rules.describe()}


def open_run(run_dir, spec: TableSpec) -> Path:
    """Create the run directory (or check an existing one holds a run of exactly ``spec``)."""
    d = Path(run_dir)
    if d.exists() and not d.is_dir():
        raise TableRunError(f"run directory {str(run_dir)!r} is a file")
    d.mkdir(parents=True, exist_ok=True)
    (d / "chunks").mkdir(exist_ok=True)
    mine = _manifest(spec)
    if (d / MANIFEST).exists():
        theirs = read_manifest(d)["settings"]
        what = settings_difference(theirs, mine["settings"])
        if what and "refine" not in theirs and "refine" in mine["settings"] and not settings_difference(
                {**theirs, "refine": mine["settings"]["refine"]}, mine["settings"]):
            # the same table, refined (its rows too close to call played again): the manifest says so from now on
            atomic_write(d / MANIFEST, (json.dumps(mine, indent=2) + "\n").encode())
            what = None
        if what:
            raise TableRunError(
                f"run directory {str(run_dir)!r} holds a table with different settings: {what}; use a new "
                "--run-dir or the same settings")
    else:
        if any(p.suffix == ".parquet" for p in (d / "chunks").iterdir()):
            raise TableRunError(f"run directory {str(run_dir)!r} holds chunks but no manifest")
        atomic_write(d / MANIFEST, (json.dumps(mine, indent=2) + "\n").encode())
    for stray in (d / "chunks").glob(".*.tmp"):   # left by a run killed mid-write
        stray.unlink()
    return d


def chunk_path(run_dir, task: ChunkTask) -> Path:
    return Path(run_dir) / "chunks" / f"{task.name}.parquet"


def pending_tasks(run_dir, spec: TableSpec) -> list[ChunkTask]:
    """The chunks not yet committed (the refinements aside: :func:`pending_refinements`)."""
    return [t for t in spec.tasks() if not chunk_path(run_dir, t).exists()]


def refinements(run_dir, spec: TableSpec, seat: int) -> list[ChunkTask] | None:
    """The refinement tasks of ``seat`` (one per chunk with a class too close to call), or None while one of
    the seat's chunks is not committed (or the spec has no refinement)."""
    if spec.refine is None:
        return None
    out = []
    for t in spec.tasks():
        if t.seat == seat:
            p = chunk_path(run_dir, t)
            if not p.exists():
                return None
            r = spec.refine_task(t, pd.read_parquet(p, columns=["too_close"])["too_close"])
            if r is not None:
                out.append(r)
    return out


def pending_refinements(run_dir, spec: TableSpec, seat: int) -> list[ChunkTask] | None:
    """:func:`refinements` of ``seat`` not yet committed (None: the seat's chunks are not all in)."""
    r = refinements(run_dir, spec, seat)
    return None if r is None else [t for t in r if not chunk_path(run_dir, t).exists()]


def _refined_seats(run_dir, spec: TableSpec, seats) -> list[int]:
    """Of ``seats``, those whose every refinement is committed (none without ``refine``)."""
    return [s for s in seats if pending_refinements(run_dir, spec, s) == []]


def _rows_of(run_dir, spec: TableSpec, seats) -> pd.DataFrame:
    """The committed rows of ``seats`` (every chunk of each committed) in run order; with ``refine``, the
    refined rows in place for the seats whose refinement is complete (column ``refined``)."""
    tasks = [t for t in spec.tasks() if t.seat in seats]
    table = pd.concat([pd.read_parquet(chunk_path(run_dir, t)) for t in tasks], ignore_index=True)
    if spec.refine is None:
        return table
    # the refinements named by the rows just read (not the chunks read again), a seat's once all are in
    close = table["too_close"].to_numpy()
    ends = np.cumsum([t.stop - t.start for t in tasks])
    wanted: dict[int, list[ChunkTask]] = {s: [] for s in seats}
    for t, end in zip(tasks, ends):
        r = spec.refine_task(t, close[end - (t.stop - t.start):end])
        if r is not None:
            wanted[t.seat].append(r)
    refined = [pd.read_parquet(chunk_path(run_dir, r)) for rs in wanted.values()
               if all(chunk_path(run_dir, r).exists() for r in rs) for r in rs]
    return apply_refinement(table, refined)


def run_table(spec: TableSpec, run_dir, *, workers: int | None = None, scheduler: str | None = None,
              csv: bool = False, charts: bool = True,
              progress: Callable[[int, int], None] | None = None) -> pd.DataFrame:
    """Run (or resume) a table in ``run_dir``; returns the full table once every chunk is in.

    The run holds the directory's lock throughout (:mod:`euchre_stats.output.lock`): a second run
    on the same directory refuses, naming this one's pid and host.
    """
    from .cluster import connect

    # reach the scheduler before anything is written: a bad address leaves nothing behind
    client = connect(scheduler) if scheduler else None
    try:
        with run_lock(run_dir):
            return _run_table(spec, run_dir, workers=workers, scheduler=scheduler, csv=csv, charts=charts,
                              progress=progress, client=client)
    finally:
        if client is not None:
            client.close()


def _run_table(spec: TableSpec, run_dir, *, workers: int | None = None, scheduler: str | None = None,
               csv: bool = False, charts: bool = True,
               progress: Callable[[int, int], None] | None = None, client=None) -> pd.DataFrame:
    """:func:`run_table` with the lock held.

    Parameters
    ----------
    spec : the table's settings
    workers : local processes (see :func:`euchre_stats.strategy.cluster.map_chunks`)
    scheduler : ``tcp://HOST:PORT`` of a dask scheduler, to run the chunks there
    csv : also write the table and summaries as CSV
    charts : draw the heatmaps and threshold curves
    progress : called with (chunks done, chunks in the run)
    client : the ``distributed.Client`` of ``scheduler``, connected by :func:`run_table`
    """
    from .cluster import map_chunks

    d = open_run(run_dir, spec)
    todo = pending_tasks(d, spec)
    # with refine, every chunk has a second step, its refinement: done when committed, or at once when the
    # chunk has no class too close to call.  Seat by seat: the seat's chunks, then their refinements.
    per_seat = {s: sum(t.seat == s for t in spec.tasks()) for s in spec.seats}

    def refined_steps(s: int) -> int:
        left = pending_refinements(d, spec, s)
        return 0 if left is None else per_seat[s] - len(left)

    total = len(spec.tasks()) * (1 if spec.refine is None else 2)
    done = len(spec.tasks()) - len(todo) + sum(refined_steps(s) for s in spec.seats)
    if progress is not None:
        progress(done, total)
    t0 = time.perf_counter()
    classes = ran = 0
    kill_after = int(os.environ.get(KILL_AFTER_ENV, "0") or 0)
    for s in spec.seats:
        base = [t for t in todo if t.seat == s]
        phases = [base] if spec.refine is None else [base, None]
        for tasks in phases:
            if tasks is None:   # the seat's chunks are all in now: its refinements
                tasks = pending_refinements(d, spec, s)
                if base:        # their steps with nothing to refine were not counted yet
                    done += refined_steps(s)
                    if progress is not None:
                        progress(done, total)
            for task, rows in map_chunks(spec, tasks, workers=workers, scheduler=scheduler, client=client):
                atomic_write(chunk_path(d, task), parquet_bytes(rows), sweep=False)   # swept by open_run
                ran += 1
                if ran == kill_after:
                    os.kill(os.getpid(), signal.SIGKILL)
                done += 1
                classes += len(task.class_ids)
                if progress is not None:
                    progress(done, total)
    if ran:
        _record_timing(d, ran, classes, time.perf_counter() - t0, workers, scheduler)
    return finish_run(d, spec, csv=csv, charts=charts)


def _record_timing(d: Path, chunks: int, classes: int, seconds: float, workers, scheduler) -> None:
    p = d / "timing.json"
    sessions = json.loads(p.read_text()) if p.exists() else []
    sessions.append({"chunks": chunks, "classes": classes, "seconds": round(seconds, 3),
                     "classes_per_second": round(classes / seconds, 2) if seconds > 0 else None,
                     "workers": workers, "scheduler": scheduler, "cpus": os.cpu_count()})
    atomic_write(p, (json.dumps(sessions, indent=2) + "\n").encode())


def load_chunks(run_dir, spec: TableSpec) -> pd.DataFrame:
    """Every committed chunk, in run order (seat, then class)."""
    parts = [pd.read_parquet(chunk_path(run_dir, t)) for t in spec.tasks()
             if chunk_path(run_dir, t).exists()]
    if not parts:
        raise TableRunError(f"run directory {str(run_dir)!r} holds no finished chunk yet")
    table = pd.concat(parts, ignore_index=True)
    if spec.refine is None:
        return table
    return apply_refinement(table, [pd.read_parquet(chunk_path(run_dir, t)) for s in spec.seats
                                    for t in (refinements(run_dir, spec, s) or []) if chunk_path(run_dir, t).exists()])


def finished_seats(run_dir) -> tuple[TableSpec, list[int], pd.DataFrame]:
    """A run's settings, the seats whose every chunk is committed (the run may still be going) and their
    rows in run order; :class:`TableRunError` when no seat is finished yet.  With ``refine``, a seat whose
    refinements are all committed has its refined rows in place (column ``refined``; :func:`refined_seats`)
    and the others their first rows."""
    spec = TableSpec.from_settings(read_manifest(run_dir)["settings"])
    tasks = spec.tasks()
    done = [s for s in spec.seats if all(chunk_path(run_dir, t).exists() for t in tasks if t.seat == s)]
    if not done:
        raise TableRunError(f"run directory {str(run_dir)!r} has no seat whose every chunk is committed yet")
    return spec, done, _rows_of(run_dir, spec, done)


def refined_seats(run_dir) -> list[int]:
    """The seats of a run whose chunks and refinements are all committed (none when the run has no
    ``refine``)."""
    spec = TableSpec.from_settings(read_manifest(run_dir)["settings"])
    return _refined_seats(run_dir, spec, spec.seats)


def write_summaries(table: pd.DataFrame, summary_dir, charts_dir=None, *, about: str | None = None,
                    parquet: bool = True, csv: bool = False) -> list[Path]:
    """The summaries of ``table`` into ``summary_dir`` (``by_*.parquet`` and/or ``.csv``) and, with
    ``charts_dir``, its charts and strategy sheets (``about`` in their titles); returns the paths written."""
    d = Path(summary_dir)
    d.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, df in summaries(table).items():
        for ok, ext, data in ((parquet, "parquet", parquet_bytes), (csv, "csv", csv_bytes)):
            if ok:
                paths.append(d / f"{name}.{ext}")
                atomic_write(paths[-1], data(df))
    if charts_dir is not None:
        from .charts import draw_all

        Path(charts_dir).mkdir(parents=True, exist_ok=True)
        paths += draw_all(table, charts_dir, about)
    return paths


def finish_run(run_dir, spec: TableSpec, *, csv: bool = False, charts: bool = True) -> pd.DataFrame:
    """Assemble ``table.parquet``, the summaries and charts from the committed chunks."""
    d = Path(run_dir)
    missing = pending_tasks(d, spec) + [t for s in spec.seats for t in (pending_refinements(d, spec, s) or [])]
    if missing:
        raise TableRunError(f"{len(missing)} chunk(s) of {str(run_dir)!r} are not finished: run again")
    table = load_chunks(d, spec)
    atomic_write(d / "table.parquet", parquet_bytes(table, TABLE_ROW_GROUP))
    if csv:
        atomic_write(d / "table.csv", csv_bytes(table))
    write_summaries(table, d / "summary", d / "charts" if charts else None, about=chart_context(spec), csv=csv)
    return table


def chart_context(spec: TableSpec) -> str:
    """What a table's charts say beside the seats: the play model, the rules' name, the deals and seed."""
    refine = "" if spec.refine is None else f" (up to {spec.refine:,} where too close)"
    return (f"{spec.model} play, rules: {spec.rules.name}, {spec.samples_per_class:,} deals per class{refine}, "
            f"seed {spec.seed}")


def run_seed(run_dir, seed: int | None) -> int:
    """``seed``, else the seed of the run already in ``run_dir`` (resuming), else a fresh random one."""
    if seed is not None:
        return seed
    try:
        return int(read_manifest(run_dir)["settings"]["seed"])
    except ValueError:
        import numpy as np

        return int(np.random.SeedSequence().entropy % (2**32))


@dataclass
class TableResult(ResultView):
    """A finished strategy table: its settings, run directory, rows, and the summary by trump count.

    ``table`` holds every row (as ``table.parquet``); ``to_frame()`` is the summary by seat and
    trump count (the command line's CSV), ``to_dict()`` the command line's JSON.
    """

    spec: TableSpec
    run_dir: str
    table: pd.DataFrame = field(repr=False)
    summary: pd.DataFrame = field(repr=False)

    @classmethod
    def of(cls, spec: TableSpec, run_dir, table: pd.DataFrame) -> "TableResult":
        return cls(spec, str(run_dir), table, summarise(table, ["trump_count"]))

    @property
    def seed(self) -> int:
        return self.spec.seed

    @property
    def rules(self):
        return self.spec.rules

    @property
    def samples(self) -> int:
        """Sampled deals per hand class."""
        return self.spec.samples_per_class

    def slice_warning(self) -> str | None:
        """With ``limit`` below the deck's classes: the summary is of the first classes only (in the
        order they are listed, not a random sample), which this sentence says; else None."""
        total = len(self.spec.classes())
        if self.spec.limit is None or self.spec.class_count >= total:
            return None
        return (f"warning: --limit {self.spec.limit}: the first {self.spec.class_count:,} of {total:,} hand classes "
                "(in the order they are listed, not a random sample): the summary below is of that slice and does "
                "not stand for the deck's hands")

    def to_dict(self) -> dict:
        out = {"run_dir": self.run_dir, "manifest": f"{self.run_dir}/{MANIFEST}", "rows": len(self.table),
               "settings": self.spec.settings(), "by_trump_count": self.summary.to_dict(orient="records")}
        if self.slice_warning():
            out["warning"] = self.slice_warning()
        if self.spec.scores:
            flips = score_flips(self.table)
            out["score_flips"] = flips[flips["by_points"] != flips["at_score"]].to_dict(orient="records")
        return out

    def _flips_text(self) -> str:
        """The share of each seat's hands whose answer at each score differs from the points answer."""
        flips = score_flips(self.table)
        changes = flips[flips["by_points"] != flips["at_score"]].sort_values(
            ["seat", "tie", "by_points", "at_score"], kind="stable")
        labels = [f"{a}-{b}" for a, b in self.spec.scores]
        head = ("\nrecommendation by P(win the game) at each score (us-them): share of the seat's hands whose "
                "answer differs from the answer by points (same deals; tie: both answers win the game as often "
                "on those deals, and the earlier option is named)\n")
        if changes.empty:
            return head + "none: at these scores every class keeps its answer by points"
        pivot = (changes.assign(change=changes["by_points"] + " -> " + changes["at_score"]
                                + np.where(changes["tie"], " (tie)", ""))
                 .pivot_table(index=["seat", "change"], columns="score", values="share_of_hands", aggfunc="sum",
                              fill_value=0.0, sort=False)
                 .reindex(columns=labels, fill_value=0.0))
        return head + pivot.map(lambda x: f"{x:.1%}" if x else "-").to_string()

    def to_frame(self) -> pd.DataFrame:
        """The summary by seat and trump count (weighted by the hands each class stands for)."""
        return self.summary

    def to_text(self) -> str:
        spec, summ = self.spec, self.summary
        act = "order" if spec.round == 1 else "call"
        show = summ[["seat", "trump_count", "classes", "combos", "mean_ev_pass", f"mean_ev_{act}",
                     f"mean_gain_{act}", "share_pass", f"share_{act}", "share_alone"]].round(3)
        if spec.round == 2:
            show = show.assign(share_next=summ["share_next"].round(3))
        return (f"table: {len(self.table):,} rows in {self.run_dir}/table.parquet ({spec.class_count:,} classes x "
                f"{len(spec.seats)} seat(s), {spec.samples_per_class} deals each"
                + ("" if spec.refine is None else f", up to {spec.refine} where too close to call")
                + f", seed {spec.seed})\n"
                f"rules: {spec.rules.describe()}\n"
                + (f"{self.slice_warning()}\n" if self.slice_warning() else "")
                + f"bidding: the other three seats by {spec.others}, the asker's own later bids by {spec.own_bids}\n"
                + ("round two: the features (trump count...) take next as trump; call = the best suit "
                   "to name\n" if spec.round == 2 else "")
                + "by seat and trump count (weighted by the number of hands each class stands for):\n"
                + show.to_string(index=False)
                + (self._flips_text() if spec.scores else ""))

    def _repr_html_(self) -> str:
        import html

        head = "\n".join(self.to_text().split("\n")[:2])
        return f"<div><pre>{html.escape(head)}</pre>{self.summary.to_html(index=False)}</div>"

    def plot(self, ax=None):
        """The share of hands whose best action is each option, by trump count (first seat);
        returns the matplotlib Axes."""
        from ..output.plots import new_axes

        ax = new_axes() if ax is None else ax
        act = "order" if self.spec.round == 1 else "call"
        seat = self.summary["seat"].iloc[0]
        s = self.summary[self.summary["seat"] == seat]
        bottom = None
        for col in ("share_pass", f"share_{act}", "share_alone"):
            ax.bar(s["trump_count"], s[col], bottom=bottom, label=col.removeprefix("share_"))
            bottom = s[col].to_numpy() if bottom is None else bottom + s[col].to_numpy()
        ax.set_xlabel("trumps held")
        ax.set_ylabel("share of hands")
        ax.set_title(f"best action by trump count\nseat: {seat}; {chart_context(self.spec)}", fontsize=9)
        ax.legend(fontsize=8)
        return ax


def load_table(run_dir) -> pd.DataFrame:
    """The finished table of a run directory."""
    d = Path(run_dir)
    read_manifest(d)
    p = d / "table.parquet"
    if not p.exists():
        raise TableRunError(f"the table in {str(run_dir)!r} is not finished: run the same command again")
    return pd.read_parquet(p)


__all__ = [
    "FORMAT",
    "MANIFEST",
    "TableResult",
    "TableRunError",
    "finish_run",
    "finished_seats",
    "load_chunks",
    "load_table",
    "open_run",
    "pending_refinements",
    "pending_tasks",
    "refined_seats",
    "refinements",
    "read_manifest",
    "run_seed",
    "run_table",
    "write_summaries",
]
