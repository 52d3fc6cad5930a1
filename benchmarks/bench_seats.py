"""Whole six-handed deals per second of the six-seat solver (``solver.seats``), before and after.

Usage: python benchmarks/bench_seats.py [--deals N] [--old-deals M] [--seed S] [--old REV] [--skip-cold]
[--deck 33|50]

Random deals of the 33-card deck (32 cards and the Joker; ``--deck 50``: the doubled 25-card pack,
twins and two Jokers, searched in the solver's doubled mode), six hands of five cards, trump
uniform over the four suits, leader uniform over the six seats, ``numpy.random.default_rng(seed)``;
seats alternate sides (three against three).  Times are CPU time of this process
(``time.process_time``: the machine may be shared), after a warm-up deal that keeps numba's
compilation out.  Printed:

* the search of revision ``REV`` (default ``7870e77``, the plain alpha-beta kernel), loaded from
  git into a temporary module, on the first ``M`` deals;
* ``solve_seats`` (one deal a call, validation included), ``seats_at_least`` with targets 3
  and 5 (the scoring bands), and ``solve_seats_many`` (every deal in one call, one table);
* a fresh interpreter solving one deal: cold (the six-seat kernel's numba cache files deleted)
  and warm (cache present), CPU time of the child process.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from euchre_stats.core.decks import find_deck
from euchre_stats.core.trump import EFF_SUIT, POWER, SUIT_MASK
from euchre_stats.engine import search_seats
from euchre_stats.solver.seats import seats_at_least, solve_seats, solve_seats_many

REPO = Path(__file__).resolve().parent.parent
SOLVER_DIR = Path(search_seats.__file__).resolve().parent  # the engine's kernels
ONE_DEAL = ("from euchre_stats.solver.seats import solve_seats; "
            "print(solve_seats(['Jh Ah 9c Td Qs', 'Jd Kh Tc Ad 9s', 'Qh 9h Ac Kd Ts', 'Th Kc Qd 7s As', "
            "'Jk 8h 8c 8d 8s', 'Jc Js Qc 7h 7c'], 'h', 0))")


def deals(n: int, seed: int, deck: str = "33"):
    """``n`` random six-handed deals of ``deck`` (33 or 50): hands ``(n, 6)`` of bitmasks, trumps, leaders."""
    rng = np.random.default_rng(seed)
    hands = np.zeros((n, 6), dtype=np.int64)
    cards = np.array(sorted(find_deck(deck).cards))
    for i in range(n):
        p = rng.permutation(33)[:30] if deck == "33" else cards[rng.permutation(len(cards))[:30]]
        for s in range(6):
            hands[i, s] = sum(1 << int(c) for c in p[5 * s:5 * s + 5])
    return hands, rng.integers(0, 4, n), rng.integers(0, 6, n)


def timed(f, rows):
    """CPU seconds of ``f(i)`` for each row ``i``, and the results."""
    times, out = [], []
    for i in rows:
        t0 = time.process_time()
        out.append(f(i))
        times.append(time.process_time() - t0)
    return times, out


def report(name: str, times) -> None:
    total = sum(times)
    print(f"{name}: {len(times) / total:,.0f} deals per CPU-s, median {1e3 * statistics.median(times):.3f} ms, "
          f"worst {1e3 * max(times):.1f} ms ({len(times)} deals, {total:.2f} CPU-s)")


def load_old(rev: str):
    """The kernel module ``euchre_stats/engine/search_seats.py`` of git revision ``rev``, as a temporary module."""
    src = subprocess.run(["git", "-C", str(REPO), "show", f"{rev}:euchre_stats/engine/search_seats.py"], check=True,
                         capture_output=True, text=True).stdout
    d = Path(tempfile.mkdtemp(prefix="seats_before_"))
    path = d / "_seats_before.py"
    path.write_text(src)
    spec = importlib.util.spec_from_file_location("euchre_stats.engine.search_seats_before", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def old_solver(mod):
    eff, power, smask = (np.ascontiguousarray(a, dtype=np.int64) for a in (EFF_SUIT, POWER, SUIT_MASK))
    nxt = np.array([1, 2, 3, 4, 5, 0], dtype=np.int64)
    side = np.array([0, 1, 0, 1, 0, 1], dtype=np.int64)
    none = np.int64(-1)

    def solve(h, t, leader):
        # what the old solve_seats did after validation: a fresh table, the whole window
        return int(mod.solve_position(h.copy(), side, nxt, 6, int(t), eff, power, smask, 0, int(leader), none, none,
                                      none, mod.new_table()))

    return solve


def child_cpu(code: str) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--old-deals", type=int, default=200, help="deals for the old kernel (0: skip it)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--old", default="7870e77", help="git revision of the kernel to compare with")
    ap.add_argument("--skip-cold", action="store_true")
    ap.add_argument("--deck", choices=["33", "50"], default="33", help="the 33-card deck or the doubled pack")
    args = ap.parse_args()
    if args.deck == "50":
        args.old_deals = 0  # the old kernels know no twins
    print(f"{os.cpu_count()} cpus, load average {os.getloadavg()[0]:.2f}, seed {args.seed}, deck {args.deck}")
    hands, trumps, leaders = deals(args.deals, args.seed, args.deck)
    rows = range(args.deals)

    solve_seats(list(hands[0]), int(trumps[0]), int(leaders[0]))  # compile or load the cache
    seats_at_least(list(hands[0]), int(trumps[0]), int(leaders[0]), 3)
    solve_seats_many(hands[:2], trumps[:2], leaders[:2])
    new_t, new_v = timed(lambda i: solve_seats(list(hands[i]), int(trumps[i]), int(leaders[i])), rows)
    report("after, solve_seats", new_t)
    for target in (3, 5):
        pt, pv = timed(lambda i: seats_at_least(list(hands[i]), int(trumps[i]), int(leaders[i]), target), rows)
        assert pv == [v >= target for v in new_v]
        report(f"after, seats_at_least(target={target})", pt)
    t0 = time.process_time()
    many = solve_seats_many(hands, trumps, leaders)
    total = time.process_time() - t0
    assert many.tolist() == new_v
    print(f"after, solve_seats_many: {args.deals / total:,.0f} deals per CPU-s ({total:.2f} CPU-s)")
    t0 = time.process_time()
    band = solve_seats_many(hands, trumps, leaders, target=3)
    total = time.process_time() - t0
    assert band.tolist() == [v >= 3 for v in new_v]
    print(f"after, solve_seats_many(target=3): {args.deals / total:,.0f} deals per CPU-s ({total:.2f} CPU-s)")

    if args.old_deals:
        solve = old_solver(load_old(args.old))
        solve(hands[0], trumps[0], leaders[0])
        n = min(args.old_deals, args.deals)
        old_t, old_v = timed(lambda i: solve(hands[i], trumps[i], leaders[i]), range(n))
        assert old_v == new_v[:n], "the old and the new kernel disagree"
        report(f"before ({args.old}), solve_position", old_t)
        report("after, solve_seats on the same deals", new_t[:n])

    if not args.skip_cold:
        removed = [f for f in SOLVER_DIR.rglob("search_seats.*.nb[ic]")]
        for f in removed:
            f.unlink()
        cold = child_cpu(ONE_DEAL)
        warm = [child_cpu(ONE_DEAL) for _ in range(3)]
        print(f"one deal in a fresh interpreter: cold {cold:.2f} CPU-s ({len(removed)} cache files of _seats "
              f"removed), warm best {min(warm):.2f} / median {statistics.median(warm):.2f} CPU-s")


if __name__ == "__main__":
    main()
