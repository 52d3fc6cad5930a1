"""The table bidder with and without the fitted round-two bids, in a duplicate match (issue 31).

    NUMBA_NUM_THREADS=2 python benchmarks/round_two_bids_match.py --deals 50000 --seed 3
    NUMBA_NUM_THREADS=2 python benchmarks/round_two_bids_match.py --games 2000 --seed 1

A is ``shipped-table`` as shipped (round two read from ``euchre_stats/data/round_two_bids``); B is the same
bidder with no round-two rows (its round two ``shipped-v5``'s scores: the table bidder before the bids
shipped).  Everything else is the same bidder: round one from the realistic table, the discards, the lone
defence, soft inference.  ``euchre_stats.match`` with realistic card play at both tables and its control
variate; prints the difference a hand (or the chance that A wins a game) with its 95% interval, and where
the tables first differ.
"""

from __future__ import annotations

import argparse
import time

import euchre_stats as es
from euchre_stats.bidding.table_model import TableModel, shipped_table_model


class WithoutRoundTwoRows(TableModel):
    """The table bidder whose round two is ``shipped-v5``'s (no round-two rows read)."""

    def rows2(self):
        return None


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=50000)
    ap.add_argument("--games", type=int, default=None)
    ap.add_argument("--seed", type=int, default=3)
    a = ap.parse_args()
    new = shipped_table_model()
    old = WithoutRoundTwoRows(**{k: v for k, v in vars(new).items()})
    t0 = time.time()
    r = es.match(new, old, deals=a.deals, games=a.games, seed=a.seed)
    print(r.to_text())
    print(f"seed {a.seed}; {time.time() - t0:.0f} s wall")


if __name__ == "__main__":
    main()
