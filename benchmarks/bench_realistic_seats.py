"""Realistic six-handed play-outs per CPU-second (``play.realistic_seats``), with the cost of a decision.

Usage: python benchmarks/bench_realistic_seats.py [--deals N] [--worlds W] [--seed S] [--threads T] [--deck 33|50]
                                                 [--skip-cold]

Random deals of the 33-card deck (``--deck 50``: the doubled 25-card pack, cards 0-57), five cards
to each of six seats (the dealer seat 5), trump uniform over the four suits, the maker uniform
over the six seats, one deal in six alone (the
maker's two partners out, the leader from ``first_leader``), in the dealer's hand the upcard
known to everyone (its lowest card) when the dealer plays; ``numpy.random.default_rng(seed)``.
Times are CPU time of this process (``time.process_time``: the machine may be shared) after a
warm-up batch that keeps numba's compilation out.  Printed: play-outs per CPU-second, CPU per
decision (a card chosen from worlds; forced cards are counted apart and cost next to nothing),
the kernel's counters, the makers' mean tricks against double dummy, and a fresh interpreter's
play-out of one deal: cold (the numba cache files of ``engine/realistic_seats`` and of the six-seat
search ``solver/_seats`` deleted) and warm (cache present), CPU time of the child process.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

import numpy as np
from bench_seats import child_cpu  # noqa: E402 - benchmarks/ is on the path when run as a script

from euchre_stats.engine import realistic_seats as K
from euchre_stats.cardplay.contracts import six_maker_tricks
from euchre_stats.cardplay.realistic_seats import play_realistic_seats
from euchre_stats.rules import Rules, first_leader, sitting_out

SIX = Rules(players=6, deck="33")
FIFTY = Rules(players=6, deck="50")
PLAY_DIR = Path(K.__file__).resolve().parent  # the engine's kernels (and their numba cache) live together
SOLVER_DIR = PLAY_DIR
ONE_DEAL = ("import numpy as np; from euchre_stats.rules import Rules; "
            "from euchre_stats.cardplay.realistic_seats import play_realistic_seats; "
            "h = np.array([[1 << 0 | 1 << 1 | 1 << 2 | 1 << 3 | 1 << 4, 1 << 5 | 1 << 6 | 1 << 7 | 1 << 8 | 1 << 9, "
            "1 << 10 | 1 << 11 | 1 << 12 | 1 << 13 | 1 << 14, 1 << 15 | 1 << 16 | 1 << 17 | 1 << 18 | 1 << 19, "
            "1 << 20 | 1 << 21 | 1 << 22 | 1 << 23 | 1 << 24, 1 << 25 | 1 << 26 | 1 << 27 | 1 << 28 | 1 << 32]], "
            "dtype=np.uint64); "
            "print(play_realistic_seats(Rules(players=6, deck='33'), h, 2, 0, 0, 1, False, seed=1, threads=1))")


def deals(n: int, seed: int, rules: Rules = SIX):
    """``n`` random six-handed deals as play starts: hands, trump, leader, out, maker, alone, up_known."""
    rng = np.random.default_rng(seed)
    pack = [c for c in range(58) if (rules.deck_obj.mask >> c) & 1]
    hands = np.zeros((n, 6), dtype=np.uint64)
    trump = rng.integers(0, 4, n)
    maker = rng.integers(0, 6, n)
    alone = rng.random(n) < 1 / 6
    out = np.zeros(n, dtype=np.int64)
    leader = np.zeros(n, dtype=np.int64)
    up = np.full(n, -1, dtype=np.int64)
    for i in range(n):
        loner = int(maker[i]) if alone[i] else None
        out[i] = sitting_out(loner, None, 6)
        p = rng.permutation(pack)
        for s in range(6):
            if not (out[i] >> s) & 1:
                hands[i, s] = sum(1 << int(c) for c in p[5 * s:5 * s + 5])
        leader[i] = first_leader(rules, 5, loner)
        if hands[i, 5]:
            up[i] = min(c for c in pack if (int(hands[i, 5]) >> c) & 1)
    return hands, trump, leader, out, maker, alone, up


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--worlds", type=int, default=24)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--deck", choices=["33", "50"], default="33")
    ap.add_argument("--skip-cold", action="store_true")
    args = ap.parse_args()
    rules = FIFTY if args.deck == "50" else SIX
    print(f"{os.cpu_count()} cpus, load average {os.getloadavg()[0]:.2f}, seed {args.seed}, worlds {args.worlds}, "
          f"threads {args.threads}, deck {args.deck}")
    hands, trump, leader, out, maker, alone, up = deals(args.deals, args.seed, rules)
    play_realistic_seats(rules, hands[:2], trump[:2], leader[:2], out[:2], maker[:2], alone[:2], seed=0,
                         worlds=args.worlds, threads=args.threads, up_known=up[:2])  # compile or load the cache
    stats = np.zeros(K.NUM_STATS, dtype=np.int64)
    t0 = time.process_time()
    side0 = play_realistic_seats(rules, hands, trump, leader, out, maker, alone, seed=args.seed, worlds=args.worlds,
                                 threads=args.threads, up_known=up, stats=stats)
    cpu = time.process_time() - t0
    dec = int(stats[K.ST_DECISIONS])
    print(f"{args.deals / cpu:,.1f} play-outs per CPU-s ({args.deals} deals, {int(alone.sum())} alone, "
          f"{cpu:.2f} CPU-s); {1e3 * cpu / dec:.3f} ms a decision ({dec} decisions, "
          f"{int(stats[K.ST_FORCED])} forced cards)")
    print(f"counters: worlds {int(stats[K.ST_WORLDS])}, probes {int(stats[K.ST_PROBES])} "
          f"({stats[K.ST_PROBES] / max(stats[K.ST_WORLDS], 1):.2f} a world), exact samples {int(stats[K.ST_EXACT])}, "
          f"search nodes {int(stats[K.ST_NODES])}, table clears {int(stats[K.ST_CLEARS])}")
    real = np.where(maker % 2 == 0, side0, 5 - side0)
    dd = six_maker_tricks(rules, hands, trump, maker, out)
    print(f"makers' mean tricks: realistic {real.mean():.3f}, double dummy {dd.mean():.3f}")

    if not args.skip_cold:
        removed = [f for f in PLAY_DIR.rglob("realistic_seats.*.nb[ic]")]
        removed += [f for f in SOLVER_DIR.rglob("search_seats.*.nb[ic]")]
        for f in removed:
            f.unlink()
        cold = child_cpu(ONE_DEAL)
        warm = [child_cpu(ONE_DEAL) for _ in range(3)]
        print(f"one play-out in a fresh interpreter: cold {cold:.2f} CPU-s ({len(removed)} cache files removed), "
              f"warm best {min(warm):.2f} / median {statistics.median(warm):.2f} CPU-s")


if __name__ == "__main__":
    main()
