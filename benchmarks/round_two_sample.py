"""Realistic round-two rows of a random sample of hand classes (issue 31, "Consistency").

    NUMBA_NUM_THREADS=1 python benchmarks/round_two_sample.py --seats eldest,third --per-seat 8000 --seed 31 \
        --out runs/r2-sample
    NUMBA_NUM_THREADS=1 python benchmarks/round_two_sample.py --seats partner,dealer --per-seat 8000 --seed 31 \
        --out runs/r2-sample                     # the other two seats, in a second process

The full round-two table (every one of the 105,798 classes at every seat) costs about 3 core-hours a seat
before its refinement.  This plays the same rows -- realistic play, the default population, adaptive
sampling from 50 deals up to 200 with the calls screened (the settings of ``table --round 2 --model pimc
--screen 50 --screen-calls``) -- for ``--per-seat`` classes of each seat, drawn without replacement with
probability proportional to how often a class is dealt (its multiplicity), so the sample is distributed as
random round-two questions are.  The rows are the training data of a model of round two
(``benchmarks/round_two_fit_classes.py``); ``--pack RUN_DIR ... --out FILE`` writes the rows of run directories
to one Parquet file of the columns a fit reads (``benchmarks/round_two_rows_v4pop.parquet``).  ``--others
POLICY`` prices the rows against another population than the default (``shipped-table``: one turn of "tables ->
bidder -> tables"); the rows do not record it, so the run directory's name should.

Each seat's classes are cut into chunks of ``--chunk`` classes, each written as its own Parquet file
(atomically) as it finishes and skipped when it is there: the run is resumable, and two processes given
different seats may share the directory.  The classes drawn depend only on ``--seed`` and the seat, each
chunk's deals only on ``--seed``, the seat and the chunk's index (``chunk_rng(seed, seat * 1,000,000 +
index, 2)``, a stream no table run uses).
"""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from euchre_stats.core.seats import SEAT_NAMES, parse_seat
from euchre_stats.rules import preset
from euchre_stats.strategy.table import ChunkTask, TableSpec, compute_chunk


@dataclass(frozen=True)
class Picked(ChunkTask):
    """A chunk of classes given by id (not a range of the class list), with a random stream of its own."""

    ids: tuple = ()

    @property
    def class_ids(self) -> np.ndarray:
        return np.asarray(self.ids, dtype=np.int64)

    @property
    def rng_key(self) -> tuple[int, ...]:
        return (self.rng_index, 2)


def spec_for(seed: int, samples: int = 200, screen: bool = True, others: str | None = None) -> TableSpec:
    """The round-two job's settings (docs/tables.md, "The realistic round-two job"), without refinement; with
    ``screen`` false every class plays every option on ``samples`` deals (no stage stops a class or a call early,
    so no value is the survivor of a selection: unbiased training targets); ``others`` the population of the
    other three seats (None: the default population)."""
    return TableSpec(rules=preset("north-american"), seats=(0, 1, 2, 3), round=2, samples_per_class=samples,
                     seed=seed, model="pimc", screen=50 if screen else None, option_screen=screen,
                     others=others)


def sample_ids(spec: TableSpec, seat: int, n: int, seed: int) -> np.ndarray:
    """``n`` distinct class ids of ``seat``, drawn with probability proportional to multiplicity, sorted."""
    cl = spec.classes()
    w = cl.multiplicity.astype(np.float64)
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(seat, 99)))
    return np.sort(rng.choice(len(w), size=min(n, len(w)), replace=False, p=w / w.sum()))


OPTIONS = ("pass", "next", "next_alone", "green1", "green1_alone", "green2", "green2_alone")


def pack(runs: list[str], out: str) -> None:
    """The rows of run directories in one Parquet file of the columns a fit reads (the values of the options,
    the deals each was played on, the class), with ``sample`` naming each row's directory."""
    import pandas as pd

    parts = []
    for run in runs:
        for p in sorted(Path(run).glob("*.parquet")):
            df = pd.read_parquet(p)
            keep = pd.DataFrame({"sample": Path(run).name, "seat": df["seat"], "class_id": df["class_id"],
                                 "key": df["key"], "hand": df["hand"], "up": df["up"],
                                 "multiplicity": df["multiplicity"], "too_close": df["too_close"], "n": df["n"]})
            for o in OPTIONS:
                keep[f"ev_{o}"] = df[f"ev_{o}"].astype(np.float32)
                keep[f"n_{o}"] = (df[f"n_{o}"] if f"n_{o}" in df else df["n"]).astype(np.int16)
            parts.append(keep)
    t = pd.concat(parts, ignore_index=True)
    t.to_parquet(out, compression="zstd", index=False)
    print(f"{len(t)} rows from {len(parts)} chunks to {out} ({Path(out).stat().st_size / 1e6:.1f} MB)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seats", default="eldest,partner,third,dealer")
    ap.add_argument("--per-seat", type=int, default=8000)
    ap.add_argument("--chunk", type=int, default=250)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--samples", type=int, default=200, help="deals a class (the most, with the screen)")
    ap.add_argument("--no-screen", action="store_true", help="every option of every class on --samples deals")
    ap.add_argument("--others", default=None, help="the other three seats' policy (the default population when "
                    "not given; name the run directory after it)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--pack", nargs="+", metavar="RUN_DIR", help="instead of playing: write the rows of these "
                    "run directories to --out as one Parquet file")
    a = ap.parse_args()
    if a.pack:
        return pack(a.pack, a.out)
    seats = [parse_seat(s) for s in a.seats.split(",")]
    spec = spec_for(a.seed, a.samples, not a.no_screen, a.others)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    plan = {}
    for s in seats:
        ids = sample_ids(spec, s, a.per_seat, a.seed)
        plan[s] = [ids[i:i + a.chunk] for i in range(0, len(ids), a.chunk)]
    print(f"seed {a.seed}; seats {[SEAT_NAMES[s] for s in seats]}; {a.per_seat} classes a seat in chunks of "
          f"{a.chunk}; {a.samples} deals a class, {'no screen' if a.no_screen else 'screened from 50'}; "
          f"others {spec.others}", flush=True)
    # round robin over the seats, so that every seat has rows early
    for j in range(max(len(c) for c in plan.values())):
        for s in seats:
            if j >= len(plan[s]):
                continue
            path = out / f"{SEAT_NAMES[s]}-{j:04d}.parquet"
            if path.exists():
                continue
            t0 = time.process_time()
            df = compute_chunk(spec, Picked(s, j, 0, 0, ids=tuple(int(i) for i in plan[s][j])))
            tmp = path.with_suffix(f".tmp{os.getpid()}")
            df.to_parquet(tmp)
            os.replace(tmp, path)
            print(f"{path.name}: {len(df)} classes, {time.process_time() - t0:.1f} CPU-s, "
                  f"{int(df['too_close'].sum())} too close", flush=True)


if __name__ == "__main__":
    main()
