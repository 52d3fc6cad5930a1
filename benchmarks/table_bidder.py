"""Bidding by the realistic strategy table: how strong is it?  (issue 31, the route to "Consistency")

    python benchmarks/table_bidder.py --deals 20000 --seed 1

A prototype bidder, not a shipped policy: ``shipped-v4`` (the default population) except that in round
one, at every seat the shipped realistic table covers (``euchre_stats/data/realistic_table``: its
manifest's seats), it takes the option whose value is highest in the class's row -- pass, order, or order
alone -- instead of its fitted scores (the take gain is the better of order and order alone minus pass,
the alone gain order alone minus order, in points, so the bidder's hard decision is the row's best
option).  Its dealer and every round-two bid stay ``shipped-v4``'s.  A duplicate match against
``shipped-v4`` (``euchre_stats.match``: realistic card play at both tables, the control variate on) says
what bidding by the table is worth where it differs.  The table was built with the other three seats
bidding by ``shipped-v4``, as they do at this match's other two seats.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import fields
from pathlib import Path

import numpy as np
import pandas as pd

import euchre_stats as es
from euchre_stats.bidding.model import policy_model
from euchre_stats.bidding.model_v2 import FeatureModel
from euchre_stats.core.seats import SEAT_NAMES
from euchre_stats.strategy.classes import TRUMP, canonical_many, class_key

TABLE = Path(es.__file__).parent / "data" / "realistic_table"
#: per covered seat (0 eldest .. 2 third): sorted class keys and their (pass, order, alone) values in points
_ROWS: dict[int, tuple[np.ndarray, np.ndarray]] = {}


def load_rows(path: Path = TABLE) -> list[int]:
    """Fill :data:`_ROWS` from the shipped table; returns the seats covered."""
    seats = [SEAT_NAMES.index(s) for s in json.loads((path / "manifest.json").read_text())["settings"]["seats"]]
    t = pd.read_parquet(path / "table.parquet", columns=["key", "seat", "ev_pass", "ev_order", "ev_alone"])
    for s in seats:
        part = t[t["seat"] == SEAT_NAMES[s]].sort_values("key")
        vals = part[["ev_pass", "ev_order", "ev_alone"]].to_numpy(dtype=np.float64) / 100.0
        _ROWS[s] = (part["key"].to_numpy(dtype=np.uint64), vals)
    return list(seats)


class TableBidder(FeatureModel):
    """``shipped-v4`` whose round-one scores at the table's seats are the row's values (module docstring)."""

    def round_one_gains(self, hands, rel_seat: int, upcard: int, suit: int | None = None):
        if rel_seat not in _ROWS or (suit is not None and suit != upcard >> 3):
            return super().round_one_gains(hands, rel_seat, upcard, suit)
        h = np.asarray(hands, dtype=np.uint64).ravel()
        keys = class_key(canonical_many(h, np.full(len(h), upcard >> 3)), np.full(len(h), TRUMP * 8 + (upcard & 7)))
        table_keys, vals = _ROWS[rel_seat]
        i = np.searchsorted(table_keys, keys)
        if not np.array_equal(table_keys[np.minimum(i, len(table_keys) - 1)], keys):
            raise RuntimeError("a hand's class is not in the table")
        v = vals[i]
        return np.maximum(v[:, 1], v[:, 2]) - v[:, 0], v[:, 2] - v[:, 1]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    seats = load_rows()
    _, base = policy_model("shipped-v4")
    bidder = TableBidder(**{f.name: getattr(base, f.name) for f in fields(base)})
    print(f"the table bidder: round one by the realistic table at {', '.join(SEAT_NAMES[s] for s in seats)}, "
          "shipped-v4 elsewhere")
    t0 = time.process_time()
    r = es.match(bidder, "shipped-v4", deals=a.deals, seed=a.seed)
    print(r.format("table"))
    print(f"CPU {time.process_time() - t0:.0f} s")


if __name__ == "__main__":
    main()
