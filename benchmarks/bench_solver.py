"""Print every solver figure of docs/performance.md: throughput, nodes, TT hits, cold and warm start.

Usage: python benchmarks/bench_solver.py [--deals N] [--seed S] [--repeat R] [--skip-cold]

Throughput runs ``euchre-stats bench solver`` configurations in this process
(best and median of R runs).  Start-up runs ``euchre-stats solve`` on one deal in
a fresh interpreter: cold after deleting the solver's numba cache files
(``*.nbi``/``*.nbc`` under ``euchre_stats/solver/``, the only kernels ``solve``
compiles), warm with the cache present.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numba

from euchre_stats.bench.solver import bench_solver

SOLVER_DIR = Path(__import__("euchre_stats.solver").solver.__file__).resolve().parent
SOLVE = [sys.executable, "-m", "euchre_stats", "solve", "--hands", "Jh Ah 9c Td Qs", "Jd Kh Tc Ad 9s",
         "Qh 9h Ac Kd Ts", "Th Kc Qd Js As", "--trump", "h", "--leader", "0"]


def clear_cache() -> int:
    n = 0
    for pattern in ("*.nbi", "*.nbc"):
        for f in SOLVER_DIR.rglob(pattern):
            f.unlink()
            n += 1
    return n


def time_solve() -> float:
    t0 = time.perf_counter()
    subprocess.run(SOLVE, check=True, capture_output=True)
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--skip-cold", action="store_true")
    args = ap.parse_args()
    print(f"machine: {os.cpu_count()} cpus, numba {numba.__version__}, threads available "
          f"{numba.config.NUMBA_NUM_THREADS}, load average {os.getloadavg()[0]:.2f}")
    if not args.skip_cold:
        removed = clear_cache()
        cold = time_solve()
        warm = [time_solve() for _ in range(args.repeat)]
        print(f"euchre-stats solve, cold start (removed {removed} cache files): {cold:.2f} s")
        print(f"euchre-stats solve, warm start: best {min(warm):.2f} s, median {statistics.median(warm):.2f} s")
    for threads in (1, 2):
        for values in (False, True):
            runs = [bench_solver(args.deals, args.seed, threads, values) for _ in range(args.repeat)]
            rates = [r["deals_per_s"] for r in runs]
            cpu = [r["deals_per_cpu_s"] for r in runs]
            r = runs[0]
            what = "first-card values" if values else "total tricks"
            print(f"{threads} thread(s), {what}: deals/s best {max(rates):,.0f}, median "
                  f"{statistics.median(rates):,.0f}; deals/CPU-s best {max(cpu):,.0f}; "
                  f"nodes/deal {r['nodes_per_deal']:.1f}; TT hit rate {r['tt_hit_rate']:.3f}; "
                  f"{args.deals} deals, seed {args.seed}")


if __name__ == "__main__":
    main()
