"""The solver benchmark (``euchre-stats bench solver``) over random full deals.

Randomness comes only from the seed passed in; timing excludes compilation
(a small warm-up batch runs first).
"""

from __future__ import annotations

import time

import numpy as np

from ..core.errors import LimitError
from ..sampling.deals import random_positions
from ..engine import search as _kernels
from ..solver import thread_count, card_values_many, solve_many


def bench_solver(deals: int = 10_000, seed: int | None = None, threads: int | None = 1,
                 values: bool = False) -> dict:
    """Solve ``deals`` random full 24-card deals (4 players) in one call and time it.

    Returns a dict: deals, seed, threads, values, seconds (wall clock),
    deals_per_s, cpu_seconds (all threads of the process), deals_per_cpu_s (what
    one core does when nothing else competes for it), nodes_per_deal, tt_probes,
    tt_hits, tt_hit_rate and mean_side0_tricks.
    """
    if deals < 1:
        raise LimitError(f"deals must be at least 1, got {deals!r}")
    if seed is None:
        seed = int(np.random.SeedSequence().entropy % (1 << 32))
    hands, trump, leader = random_positions(deals, seed)
    func = card_values_many if values else solve_many
    # compile / load the kernels outside the timed call
    warm = min(deals, 8)
    func(hands[:warm], trump[:warm], leader[:warm], threads=threads)
    stats = np.zeros(_kernels.NUM_STATS, dtype=np.int64)
    c0 = time.process_time()
    t0 = time.perf_counter()
    res = func(hands, trump, leader, threads=threads, stats=stats)
    seconds = time.perf_counter() - t0
    cpu_seconds = time.process_time() - c0
    if values:
        best = res.max(axis=1).astype(np.int64)
        side0 = np.where(leader % 2 == 0, best, 5 - best)
    else:
        side0 = res.astype(np.int64)
    nodes, probes, hits = (int(x) for x in stats[: 3])
    return {
        "deals": int(deals),
        "seed": int(seed),
        "threads": thread_count(threads),  # what ran: the request capped at numba's thread count
        "values": bool(values),
        "seconds": seconds,
        "deals_per_s": deals / seconds if seconds > 0 else float("inf"),
        "cpu_seconds": cpu_seconds,
        "deals_per_cpu_s": deals / cpu_seconds if cpu_seconds > 0 else float("inf"),
        "nodes_per_deal": nodes / deals,
        "tt_probes": probes,
        "tt_hits": hits,
        "tt_hit_rate": hits / probes if probes else 0.0,
        "mean_side0_tricks": float(side0.mean()),
    }
