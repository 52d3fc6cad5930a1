"""Time the decision commands: `order` with the dd model at 10,000 deals and pimc at 1,000.

Prints wall-clock and CPU seconds, in-process (after a warm-up that keeps numba compilation
out) and as a fresh `euchre-stats` process (warm numba cache).  Usage:

    python benchmarks/bench_decisions.py [--repeat 3] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import time

from euchre_stats.decide.call import call_decision

from euchre_stats.decide.lead import lead_decision

from euchre_stats.decide.order import order_decision

HAND, UP = "Jh Jd Ah 9s Tc", "9h"


def timed(fn, repeat):
    walls, cpus = [], []
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        fn()
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    return min(walls), sorted(walls)[len(walls) // 2], min(cpus)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--skip-pimc", action="store_true")
    a = ap.parse_args()
    order_decision(HAND, UP, "third", samples=50, seed=0)  # compile / load caches
    order_decision(HAND, UP, "third", samples=5, seed=0, model="pimc")
    rows = [
        ("order, dd, 10,000 deals, eldest", lambda: order_decision(HAND, UP, "eldest", samples=10000, seed=a.seed)),
        ("order, dd, 10,000 deals, dealer (6 discards)",
         lambda: order_decision("Jc As Ks 9s Qd", "Js", "dealer", samples=10000, seed=a.seed)),
        ("call, dd, 10,000 deals, third", lambda: call_decision("Jd Ad Kd 9c Tc", "9h", "third", samples=10000,
                                                               seed=a.seed)),
        ("lead, dd, 10,000 deals", lambda: lead_decision("Jh Ah Kc Qc 9s", "h", "eldest", "eldest", samples=10000,
                                                        seed=a.seed)),
    ]
    if not a.skip_pimc:
        rows.append(("order, pimc, 1,000 deals, eldest",
                     lambda: order_decision(HAND, UP, "eldest", samples=1000, seed=a.seed, model="pimc")))
    print(f"{'in-process (warm)':48s} {'wall best':>10s} {'wall median':>12s} {'cpu best':>9s}")
    for name, fn in rows:
        best, med, cpu = timed(fn, a.repeat if "pimc" not in name else 1)
        print(f"{name:48s} {best:9.2f}s {med:11.2f}s {cpu:8.2f}s")
    exe = shutil.which("euchre-stats")
    if exe:
        cmd = [exe, "order", HAND, "--up", UP, "--seat", "eldest", "--samples", "10000", "--seed", str(a.seed)]
        walls = []
        for _ in range(a.repeat):
            t = time.perf_counter()
            subprocess.run(cmd, check=True, capture_output=True, env=dict(os.environ))
            walls.append(time.perf_counter() - t)
        print(f"{'command: euchre-stats order ... --samples 10000':48s} {min(walls):9.2f}s "
              f"{sorted(walls)[len(walls) // 2]:11.2f}s")


if __name__ == "__main__":
    main()
