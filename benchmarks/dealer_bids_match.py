"""The table bidder with and without the fitted round-one bids (the dealer's close rows), in a duplicate match
(issue 31).

    NUMBA_NUM_THREADS=2 python benchmarks/dealer_bids_match.py --deals 50000 --seed 3
    NUMBA_NUM_THREADS=2 python benchmarks/dealer_bids_match.py --games 2000 --seed 1

A is ``shipped-table`` as shipped (the dealer's rows too close to call read from
``euchre_stats/data/round_one_bids``); B is the same bidder reading the realistic table alone (those rows
``shipped-v5``'s fitted scores: the table bidder before the bids).  Everything else is the same bidder.
``euchre_stats.match`` with realistic card play at both tables and its control variate; prints the difference a
hand (or the chance that A wins a game) with its 95% interval, and where the tables first differ.
"""

from __future__ import annotations

import argparse
import time

import euchre_stats as es
from euchre_stats.bidding.table_model import TableModel, shipped_table_model, table_rows


class WithoutRoundOneBids(TableModel):
    """The table bidder reading the realistic table's round-one rows alone (no fitted bids)."""

    def rows(self):
        return table_rows()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=50000)
    ap.add_argument("--games", type=int, default=None)
    ap.add_argument("--seed", type=int, default=3)
    a = ap.parse_args()
    new = shipped_table_model()
    old = WithoutRoundOneBids(**{k: v for k, v in vars(new).items()})
    t0 = time.time()
    r = es.match(new, old, deals=a.deals, games=a.games, seed=a.seed)
    print(r.to_text())
    print(f"seed {a.seed}; {time.time() - t0:.0f} s wall")


if __name__ == "__main__":
    main()
