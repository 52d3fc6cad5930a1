"""Realistic play-outs per second: today's Python ``pimc`` against the compiled kernel, side by side.

Both play random full 24-card deals (4 players, uniform trump and leader, a random maker)
at the same number of worlds.  Warm figures exclude compilation and the old model's cache
filling (a warm-up batch runs first; repeats are interleaved, best and median reported);
cold figures are the first call of a fresh interpreter with an empty numba cache
(compilation included).  Per-core rates divide by the process's CPU seconds.

    python benchmarks/bench_realistic.py --old-deals 200 --new-deals 5000 --worlds 24
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np


def _deals(n: int, seed: int):
    from euchre_stats.bench.realistic import playout_deals

    return playout_deals(n, seed)


def _old(n: int, seed: int, worlds: int, threads: int):
    from euchre_stats.bench.realistic import play_old

    return play_old(n, seed, worlds, threads)


def _new(n: int, seed: int, worlds: int, threads: int, contracts: str = "four"):
    from euchre_stats.bench.realistic import play_new
    from euchre_stats.cardplay.realistic import play_realistic
    from euchre_stats.rules import first_leader, preset

    if contracts != "options":
        return play_new(n, seed, worlds, threads)
    rules = preset("north-american")
    hands, trump, leader, maker = _deals(n, seed)
    # a third of the deals each: another seat makes (pass), we make (order), we make alone (alone)
    k = np.arange(n) % 3
    maker = np.where(k == 0, maker | 1, 0)
    alone = k == 2
    out = np.where(alone, 1 << 2, 0)
    hands = hands.copy()
    hands[alone, 2] = 0
    leader = np.array([first_leader(rules, 3, 0 if a else None) for a in alone])
    return play_realistic(rules, hands, trump, leader, out, maker, alone, -1, seed=seed, worlds=worlds,
                          threads=threads)


def timed(fn, *args, **kw) -> dict:
    w0, c0 = time.perf_counter(), time.process_time()
    fn(*args, **kw)
    return {"wall_s": time.perf_counter() - w0, "cpu_s": time.process_time() - c0}


def cold(which: str, worlds: int) -> dict:
    """First call in a fresh interpreter with an empty numba cache (10 deals)."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        code = (f"import sys, json; sys.path.insert(0, {os.path.dirname(os.path.abspath(__file__))!r}); "
                f"import bench_realistic as b; print(json.dumps(b.timed(b._{which}, 10, 1, {worlds}, 1)))")
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old-deals", type=int, default=200)
    ap.add_argument("--new-deals", type=int, default=5000)
    ap.add_argument("--worlds", type=int, default=24)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--stretch", type=int, default=10_000, help="deals of the 3-option stretch run (0: skip)")
    ap.add_argument("--no-cold", action="store_true")
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args(argv)
    print(f"worlds {a.worlds}, seed {a.seed}, cpus {os.cpu_count()}")
    if not a.no_cold:
        for which in ("old", "new"):
            c = cold(which, a.worlds)
            print(f"{which:>3} cold: first call of 10 deals, compiling: {c['wall_s']:.1f} s wall")
    # warm-up: compiled code loaded, and the old model's caches (the exact dealer's count matrices) filled
    _old(max(a.old_deals // 2, 4), a.seed + 7, a.worlds, 1)
    _new(4, a.seed + 7, a.worlds, 1)
    runs = {"old": [], "new": []}
    for _ in range(a.repeat):  # interleaved, so that a busy spell of a shared machine hits both
        runs["old"].append(a.old_deals / timed(_old, a.old_deals, a.seed, a.worlds, 1)["cpu_s"])
        runs["new"].append(a.new_deals / timed(_new, a.new_deals, a.seed, a.worlds, 1)["cpu_s"])
    labels = {"old": f"old ({a.old_deals} deals)", "new": f"new ({a.new_deals} deals)"}
    for key, rates in runs.items():
        if rates:
            best, med = max(rates), float(np.median(rates))
            print(f"{labels[key]:>22}, warm, 1 thread: best {best:.0f}, median {med:.0f} play-outs per cpu-second "
                  f"({1e3 / med:.3f} ms each); x{med / np.median(runs['old']):.1f} the old (medians), "
                  f"x{best / max(runs['old']):.1f} (bests)")
    if a.stretch:
        t = timed(_new, 3 * a.stretch, a.seed + 3, a.worlds, 2, contracts="options")
        print(f"new warm, 2 threads: {a.stretch} deals x 3 options (pass / order / alone) = {3 * a.stretch} "
              f"play-outs in {t['wall_s']:.2f} s wall ({t['cpu_s']:.2f} s cpu)")


if __name__ == "__main__":
    main()
