"""Realistic play-outs per CPU-second of whatever ``euchre_stats`` is on the path, with an md5 of the results.

For comparing two checkouts in interleaved runs (the same deals and seeds, so equal md5s mean
equal results, bit for bit)::

    for r in 1 2 3; do for v in OLD NEW; do PYTHONPATH=$v python benchmarks/realistic_paired.py --label $v; done; done

Random full 24-card deals, a random trump, eldest leading, nobody alone, one thread; a small
warm-up batch first, then the least CPU time of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import hashlib
import time

import numpy as np

from euchre_stats.cardplay.realistic import play_realistic
from euchre_stats.rules import Rules
from euchre_stats.sampling.deals import random_deals


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--label", default="")
    args = ap.parse_args()
    rules = Rules.from_json({})
    rng = np.random.default_rng(args.seed)
    hands, _ = random_deals(rules, args.deals, rng)
    trump = rng.integers(0, 4, args.deals)
    leader = np.zeros(args.deals, dtype=np.int64)
    play_realistic(rules, hands[:50], trump[:50], leader[:50], 0, 0, False, -1, seed=1, threads=1)
    best = float("inf")
    for _ in range(args.repeat):
        t0 = time.process_time()
        res = play_realistic(rules, hands, trump, leader, 0, 0, False, -1, seed=1, threads=1)
        best = min(best, time.process_time() - t0)
    md5 = hashlib.md5(np.asarray(res).tobytes()).hexdigest()[:10]
    print(f"{args.label} md5 {md5} {args.deals / best:.0f} play-outs/cpu-s")


if __name__ == "__main__":
    main()
