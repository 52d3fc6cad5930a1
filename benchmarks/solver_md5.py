"""md5 of the double-dummy solver's answers on fixed random deals: run it with two versions of the code.

Totals (``solve_many``, one thread) and every first card's value (``card_values_many``, two threads)
of 100,000 deals of 24 and of 25 cards, 50,000 of 32 cards (five-card hands), 50,000 with four-card
and with three-card hands (seed 7), and the totals of 50,000 deals in no trump (seed 8).  Equal lines:
the same answers.

    PYTHONPATH=/tmp/old python -P benchmarks/solver_md5.py
    PYTHONPATH=. python -P benchmarks/solver_md5.py
"""

from __future__ import annotations

import hashlib

import numpy as np

from euchre_stats.sampling.deals import random_positions
from euchre_stats.solver import card_values_many, solve_many


def _md5(a: np.ndarray) -> str:
    return hashlib.md5(np.ascontiguousarray(a).tobytes()).hexdigest()[:10]


def main() -> None:
    for deck, hand_size, n in (("24", 5, 100_000), ("25", 5, 100_000), ("32", 5, 50_000), ("24", 4, 50_000),
                               ("24", 3, 50_000)):
        h, t, ld = random_positions(n, 7, deck=deck, hand_size=hand_size)
        totals = solve_many(h, t, ld, threads=1)
        values = card_values_many(h, t, ld, threads=2)
        print(f"{deck}/{hand_size}/{n} totals {_md5(totals)} values {_md5(values)}", flush=True)
    h, _, ld = random_positions(50_000, 8)
    print(f"no trump 24/5/50000 totals {_md5(solve_many(h, np.full(50_000, 4), ld, threads=1))}")


if __name__ == "__main__":
    main()
