"""Time the compiled kernels of two (or more) checkouts alternately, one thread, on the same work.

Each run is a fresh interpreter with ``PYTHONPATH`` set to one checkout (a folder holding an
``euchre_stats`` package, e.g. an old commit unpacked with ``git archive``; each keeps its own numba
cache beside its sources; ``python -P``, so that the current folder, a checkout itself, does not
shadow it), a warm-up call, then the timed call; the checkouts take turns, so a busy
spell of a shared machine hits them all.  Printed per run: CPU-seconds of the process, the rate, and
an md5 of the results (equal md5s: the same answers).

    git archive 22a9d43 | tar -x -C /tmp/old
    python benchmarks/kernel_ab.py realistic --n 4000 --repeat 5 /tmp/old .
    python benchmarks/kernel_ab.py solver --n 100000 --repeat 3 /tmp/old .
    python benchmarks/kernel_ab.py order --seat dealer --n 10000 --repeat 2 /tmp/old .

``solver``: ``solve_many`` of ``random_positions(n, 1)`` (after 8 deals); ``values``: ``card_values_many`` of
the same.  ``realistic``: the play-outs
of ``euchre_stats.bench.realistic.play_new(n, 1, 24, 1)`` (after 4 deals).  ``order``: ``es.order("Jh Jd
Ah 9s Tc", up="9h", seat=SEAT, samples=n, seed=1, workers=2)`` (after 200 deals; wall time too).
``command``: the whole command line, interpreter start, imports and text included: ``python -P -m
euchre_stats order "Jh Jd Ah 9s Tc" --up 9h --seat SEAT --seed 1 -n N`` with ``NUMBA_NUM_THREADS`` set to
``--threads`` (after one run of 50 deals to load the caches); CPU-seconds of the child (user + sys), its
wall, the md5 of its output.  Each checkout needs its command line inside the package, as an install
has it (``ln -s ../cli CHECKOUT/euchre_stats/cli``)::

    python benchmarks/kernel_ab.py command --seat eldest --n 10000 --threads 2 --repeat 3 /tmp/old /tmp/new
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import statistics
import subprocess
import sys
import time

CHILD = r"""
import hashlib, json, sys, time
import numpy as np
kind, n, seat = sys.argv[1], int(sys.argv[2]), sys.argv[3]
if kind in ("solver", "values"):
    from euchre_stats.sampling.deals import random_positions
    from euchre_stats.solver import card_values_many, solve_many
    hands, trump, leader = random_positions(n, 1)
    f = solve_many if kind == "solver" else card_values_many
    f(hands[:8], trump[:8], leader[:8], threads=1)
    run = lambda: f(hands, trump, leader, threads=1)
elif kind == "realistic":
    from euchre_stats.bench.realistic import play_new
    play_new(4, 8, 24, 1)
    run = lambda: play_new(n, 1, 24, 1)
else:
    import euchre_stats as es
    es.order("Jh Jd Ah 9s Tc", up="9h", seat=seat, samples=200, seed=2, workers=2)
    run = lambda: es.order("Jh Jd Ah 9s Tc", up="9h", seat=seat, samples=n, seed=1, workers=2)
w, c = time.perf_counter(), time.process_time()
res = run()
w, c = time.perf_counter() - w, time.process_time() - c
data = np.ascontiguousarray(res).tobytes() if kind != "order" else repr(res).encode()
print(json.dumps({"cpu": c, "wall": w, "rate": n / c, "md5": hashlib.md5(data).hexdigest()[:10]}))
"""


def run_command(n: int, seat: str, root: str, threads: int) -> dict:
    """The ``order`` command line of ``root`` in a fresh interpreter: its CPU (user + sys), wall, output md5."""
    env = dict(os.environ, PYTHONPATH=os.path.abspath(root), NUMBA_NUM_THREADS=str(threads))
    args = [sys.executable, "-P", "-m", "euchre_stats", "order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", seat,
            "--seed", "1", "-n", str(n)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    w = time.perf_counter()
    out = subprocess.run(args, env=env, capture_output=True, check=True)
    w = time.perf_counter() - w
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    c = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return {"cpu": c, "wall": w, "rate": n / c, "md5": hashlib.md5(out.stdout).hexdigest()[:10]}


def run_once(kind: str, n: int, seat: str, root: str, threads: int = 1) -> dict:
    if kind == "command":
        return run_command(n, seat, root, threads)
    env = dict(os.environ, PYTHONPATH=os.path.abspath(root))
    if kind != "order":
        env["NUMBA_NUM_THREADS"] = "1"
    out = subprocess.run([sys.executable, "-P", "-c", CHILD, kind, str(n), seat], env=env, capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kind", choices=("solver", "values", "realistic", "order", "command"))
    ap.add_argument("roots", nargs="+", help="checkouts to compare (folders holding euchre_stats)")
    ap.add_argument("--n", type=int, default=4000, help="deals (play-outs, samples)")
    ap.add_argument("--seat", default="eldest", help="the asker's seat (order)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--threads", type=int, default=2, help="NUMBA_NUM_THREADS of the command (command)")
    a = ap.parse_args(argv)
    runs: dict[str, list[dict]] = {r: [] for r in a.roots}
    if a.kind == "command":
        for root in a.roots:
            run_command(50, a.seat, root, a.threads)
    for _ in range(a.repeat):
        for root in a.roots:
            r = run_once(a.kind, a.n, a.seat, root, a.threads)
            runs[root].append(r)
            print(f"{root}: cpu {r['cpu']:.3f} s, wall {r['wall']:.3f} s, {r['rate']:,.0f} per cpu-s, md5 {r['md5']}",
                  flush=True)
    for root, rs in runs.items():
        rates = [r["rate"] for r in rs]
        print(f"{root}: median {statistics.median(rates):,.0f} per cpu-s (min {min(rates):,.0f}, "
              f"max {max(rates):,.0f}), md5 {', '.join(sorted({r['md5'] for r in rs}))}")


if __name__ == "__main__":
    main()
