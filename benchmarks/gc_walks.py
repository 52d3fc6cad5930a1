"""Eldest's warm order through the console entry, with and without its garbage-collector settings (issue 33).

    python benchmarks/gc_walks.py [PAIRS] [--seat SEAT] [--cold]

old: the command group called directly (``cli.main``, Python's collector as it comes); new: the console
entry ``euchre_stats.cli.main.main`` (the loaded modules frozen, full collections ten times rarer,
everything frozen before exit).  The two alternate in fresh processes, each first in half the pairs.
Each child times every collection with ``gc.callbacks``, the interpreter's last one at exit included, and
reports how many collections of each generation ran and how long they took in all; the parent prints
each run's wall and CPU (children's rusage), the medians, the time from the command's end to the
process's (the interpreter's exit: its collections and the teardown of every module), and whether the
outputs are the same.  ``--cold``: every run with its own empty ``NUMBA_CACHE_DIR`` (the first compile).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

CMD = ["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seed", "1"]
CHILD = """
import gc, json, os, sys, time
t = {"s": 0.0, "n": [0, 0, 0], "ms": [0.0, 0.0, 0.0]}
def cb(phase, info):
    if phase == "start":
        t["s"] = time.perf_counter()
    else:
        g = info["generation"]
        t["n"][g] += 1
        t["ms"][g] += 1000 * (time.perf_counter() - t["s"])
        with open(os.environ["GC_WALKS_OUT"], "w") as f:  # rewritten after every walk: the last one at exit too
            json.dump(t, f)
gc.callbacks.append(cb)
from euchre_stats.cli import main as m
try:
    if os.environ["GC_WALKS_MODE"] == "new":
        m.main(sys.argv[1:])
    else:
        m.cli.main(args=sys.argv[1:], prog_name="euchre-stats")
except SystemExit:
    pass
t["main_end"] = time.time()  # the wall clock: the parent subtracts it from the moment the process ended
with open(os.environ["GC_WALKS_OUT"], "w") as f:
    json.dump(t, f)
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pairs", nargs="?", type=int, default=5)
    ap.add_argument("--seat", default="eldest")
    ap.add_argument("--cold", action="store_true", help="each run with an empty numba cache: the first compile")
    a = ap.parse_args()
    cmd = [*CMD, "--seat", a.seat]
    res: dict[str, list[dict]] = {"old": [], "new": []}
    outs: dict[str, set[str]] = {"old": set(), "new": set()}
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "gc.json")
        for k in range(a.pairs):
            for mode in (("old", "new") if k % 2 == 0 else ("new", "old")):  # each goes first in half the pairs
                env = dict(os.environ, GC_WALKS_MODE=mode, GC_WALKS_OUT=out)
                if a.cold:
                    env["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(dir=tmp)
                r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
                t0 = time.perf_counter()
                p = subprocess.run([sys.executable, "-c", CHILD, *cmd], capture_output=True, text=True, env=env)
                wall = time.perf_counter() - t0
                ended = time.time()
                r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
                if p.returncode:
                    sys.exit(p.stderr)
                with open(out) as f:
                    g = json.load(f)
                cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
                res[mode].append({"wall": wall, "cpu": cpu, "exit": ended - g["main_end"], **g})
                outs[mode].add(p.stdout)
    for mode in ("old", "new"):
        rs = res[mode]
        walls = [r["wall"] for r in rs]
        print(f"{mode}: wall {', '.join(f'{w:.2f}' for w in walls)} (median {statistics.median(walls):.2f} s); "
              f"CPU median {statistics.median(r['cpu'] for r in rs):.2f} s; collections by generation "
              f"{rs[0]['n']}, their time median {statistics.median(sum(r['ms']) for r in rs):.0f} ms "
              f"(full ones {statistics.median(r['ms'][2] for r in rs):.0f} ms); from the command's end to the "
              f"process's median {1000 * statistics.median(r['exit'] for r in rs):.0f} ms")
    same = len(outs["old"] | outs["new"]) == 1
    print("outputs:", "the same" if same else "DIFFER")


if __name__ == "__main__":
    main()
