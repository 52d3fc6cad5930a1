"""The table bidder with and without its fitted bids (round two's, or the dealer's close round-one rows'), in a
duplicate match (issue 31).

    NUMBA_NUM_THREADS=2 python benchmarks/round_two_bids_match.py --deals 50000 --seed 3
    NUMBA_NUM_THREADS=2 python benchmarks/round_two_bids_match.py --games 2000 --seed 1
    git show f50a440:euchre_stats/data/round_two_bids/table.parquet > old/table.parquet   # and manifest.json
    NUMBA_NUM_THREADS=2 python benchmarks/round_two_bids_match.py --deals 50000 --seed 3 --against old
    NUMBA_NUM_THREADS=1 python benchmarks/round_two_bids_match.py --deals 50000 --seed 3 --round-one
    NUMBA_NUM_THREADS=2 python benchmarks/round_two_bids_match.py --deals 50000 --seed 3 --pass-shift [DIR]

A is ``shipped-table`` as shipped (round two read from ``euchre_stats/data/round_two_bids``); B is the same
bidder with no round-two rows (its round two ``shipped-v5``'s scores: the table bidder before the bids
shipped); with ``--against DIR``, the same bidder reading the round-two bids in ``DIR`` instead (an earlier
fit's); with ``--round-one``, the same bidder reading the realistic table's round-one rows alone (the dealer's
rows too close to call ``shipped-v5``'s fitted scores instead of ``euchre_stats/data/round_one_bids``'s: the
table bidder before those bids); with ``--pass-shift [DIR]``, A reads the round-one pass shift in ``DIR`` (the
shipped ``euchre_stats/data/round_one_pass_shift`` without ``DIR``) and B reads none.  Everything else is the
same bidder: round one from the realistic table, the discards, the lone defence, soft inference.
``euchre_stats.match`` with realistic card play at both tables and its control
variate; prints the difference a hand (or the chance that A wins a game) with its 95% interval, and where
the tables first differ.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import euchre_stats as es
from euchre_stats.bidding.table_model import (ROUND_ONE_SHIFT_DIR, ROUND_TWO_DIR, TableModel, round_one_rows,
                                              round_two_rows, shipped_table_model, table_rows)


class WithoutRoundTwoRows(TableModel):
    """The table bidder whose round two is ``shipped-v5``'s (no round-two rows read)."""

    def rows2(self):
        return None


class WithOtherBids(TableModel):
    """The table bidder whose round two reads the round-two bids in ``bids`` (a directory)."""

    bids = ""

    def rows2(self):
        return round_two_rows(str(ROUND_TWO_DIR), self.bids)


class WithPassShift(TableModel):
    """The table bidder reading the round-one pass shift in ``shift`` (a directory; "" for none)."""

    shift = ""

    def rows(self):
        return round_one_rows(shift=self.shift or None)


class WithoutRoundOneBids(TableModel):
    """The table bidder reading the realistic table's round-one rows alone (no fitted round-one bids)."""

    def rows(self):
        return table_rows()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=50000)
    ap.add_argument("--games", type=int, default=None)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--against", type=Path, default=None,
                    help="B reads the round-two bids in this directory (manifest.json, table.parquet)")
    ap.add_argument("--round-one", action="store_true",
                    help="B reads no fitted round-one bids (the dealer's close rows: shipped-v5's scores)")
    ap.add_argument("--pass-shift", nargs="?", const=str(ROUND_ONE_SHIFT_DIR), default=None, metavar="DIR",
                    help="A reads the round-one pass shift in DIR (the shipped one when DIR is not given), B none")
    a = ap.parse_args()
    new = shipped_table_model()
    if a.pass_shift is not None:
        if not (Path(a.pass_shift) / "manifest.json").is_file():
            raise SystemExit(f"--pass-shift {a.pass_shift}: no round-one pass shift there (manifest.json)")
        old = WithPassShift(**vars(new))   # no shift
        new = WithPassShift(**vars(new))
        object.__setattr__(new, "shift", str(Path(a.pass_shift).resolve()))
    elif a.round_one:
        old = WithoutRoundOneBids(**{k: v for k, v in vars(new).items()})
    elif a.against is None:
        old = WithoutRoundTwoRows(**{k: v for k, v in vars(new).items()})
    else:
        if not (a.against / "manifest.json").is_file() or not (a.against / "table.parquet").is_file():
            raise SystemExit(f"--against {a.against}: no round-two bids there (manifest.json and table.parquet)")
        old = WithOtherBids(**{k: v for k, v in vars(new).items()})
        object.__setattr__(old, "bids", str(a.against.resolve()))
    t0 = time.time()
    r = es.match(new, old, deals=a.deals, games=a.games, seed=a.seed)
    print(r.to_text())
    print(f"seed {a.seed}; {time.time() - t0:.0f} s wall")


if __name__ == "__main__":
    main()
