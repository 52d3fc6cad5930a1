"""Batch solving: ``solve --input`` against the library's own rate on the same deals.

Usage: python benchmarks/bench_batch.py [--deals N] [--seed S] [--repeat R] [--threads T] [--thorough]

Random full 24-card deals (4 players, 5 cards each, random trump and leader), written as the JSON
lines ``euchre-stats solve --input`` reads.  Two timings, best of R, interleaved so that a busy
machine slows both alike:

- library: ``card_values_many`` on the deals as arrays (every card's value, nothing parsed, nothing
  printed);
- batch: ``es.solve(positions=lines).format("jsonl")``, what ``solve --input`` does between reading
  the file and writing the answer: parse and check every line, solve, print every card value.

The ratio batch / library is the figure docs/performance.md records (issue 10 asks for >= 0.5).
"""

from __future__ import annotations

import argparse
import json
import os
import time

import numba

import euchre_stats as es
from euchre_stats.core.cards import card_name, mask_to_cards
from euchre_stats.solver import card_values_many
from euchre_stats.solver.batch import solve_batch
from euchre_stats.sampling.deals import random_positions


def deal_lines(n: int, seed: int) -> tuple[list[str], tuple]:
    hands, trump, leader = random_positions(n, seed)
    lines = [json.dumps({"trump": "cdhs"[int(trump[i])], "leader": int(leader[i]),
                         "hands": [[card_name(c) for c in mask_to_cards(int(m))] for m in hands[i]]})
             for i in range(n)]
    return lines, (hands, trump, leader)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=50_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--threads", type=int, default=None, help="solver threads (default: numba's count)")
    ap.add_argument("--thorough", action="store_true", help="also time every line through make_position")
    args = ap.parse_args()
    if args.threads:
        numba.set_num_threads(args.threads)
    lines, (hands, trump, leader) = deal_lines(args.deals, args.seed)
    card_values_many(hands[:8], trump[:8], leader[:8])  # compile / load the kernels outside the timing
    es.solve(positions=lines[:8]).format("jsonl")
    lib, batch, thorough = [], [], []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        card_values_many(hands, trump, leader)
        lib.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        out = es.solve(positions=lines).format("jsonl")
        batch.append(time.perf_counter() - t0)
        if args.thorough:
            t0 = time.perf_counter()
            slow = solve_batch(lines, fast=False).format("jsonl")
            thorough.append(time.perf_counter() - t0)
            assert slow == out
    assert out.count("\n") == args.deals - 1 and '"error"' not in out
    n = args.deals
    print(f"machine: {os.cpu_count()} cpus, {numba.get_num_threads()} solver threads, "
          f"load average {os.getloadavg()[0]:.2f}; {n:,} full deals, seed {args.seed}, best of {args.repeat}")
    print(f"library card_values_many   {n / min(lib):>10,.0f} deals/s ({min(lib):.3f} s)")
    print(f"solve --input (parse+print) {n / min(batch):>9,.0f} deals/s ({min(batch):.3f} s)")
    print(f"ratio                       {min(lib) / min(batch):.2f}")
    if thorough:
        print(f"every line the thorough way {n / min(thorough):>9,.0f} deals/s (ratio {min(lib) / min(thorough):.2f})")


if __name__ == "__main__":
    main()
