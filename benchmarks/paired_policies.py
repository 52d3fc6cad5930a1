"""Two bidding policies, each seated against the same third one, on the same deals: the paired difference.

    python benchmarks/paired_policies.py --a FILE --b POLICY --against POLICY [--against ...] --deals 20000 --seed 5
    python benchmarks/paired_policies.py --a table-bids:runs/bids_a --b table-bids:runs/bids_b --against guides

``--a``/``--b`` take a policy (a name or a model file), or ``table-bids:DIR``: ``shipped-table`` reading its
round-two bids from ``DIR`` (an export of ``round_two_fit_classes.py``) instead of the shipped ones, or
``table-shift:DIR``: ``shipped-table`` reading the round-one pass shift in ``DIR`` (``round_one_pass_shift.py``'s
export; ``table-shift:none`` for none) instead of the shipped one.

For each population C of ``--against``, ``match A C`` and ``match B C`` are played on the same chunks of
deals with the same random numbers (``decide.match``'s own chunks, realistic play, no control variate),
and the per-deal difference of the two duplicate results, (A vs C) − (B vs C), is averaged with its 95%
interval.  A change that touches few deals (a junk pass) is measured far more tightly this way than by
two separate matches.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

import numpy as np

from euchre_stats.bidding.model import NAMED_MODELS
from euchre_stats.bidding.table_model import shipped_table_model, table_rows
from euchre_stats.core.errors import BiddingModelError
from euchre_stats.decide.match import _match_chunk, _setup
from euchre_stats.rules import NORTH_AMERICAN
from euchre_stats.sampling.seeds import chunk_sizes

sys.path.insert(0, str(Path(__file__).parent))
from round_two_bids_match import WithOtherBids, WithPassShift  # noqa: E402


def _register(spec: str, cls, field: str, value: str) -> str:
    """Register ``spec`` as the name of ``shipped-table`` made a ``cls`` whose ``field`` is ``value``."""

    def model():
        m = cls(**vars(shipped_table_model()))
        object.__setattr__(m, field, value)
        return m

    NAMED_MODELS[spec] = model
    return spec


def table_variant(spec: str) -> str:
    """A policy name for ``spec``: itself; for ``table-bids:DIR`` a name registered for ``shipped-table`` whose
    round two reads the bids in ``DIR`` (``round_two_bids_match.WithOtherBids``); for ``table-shift:DIR`` one
    reading the round-one pass shift in ``DIR`` (``table-shift:none``: no shift; ``WithPassShift``)."""
    kind, _, where = spec.partition(":")
    if kind == "table-bids":
        path = str(Path(where).resolve())
        table_rows(path, 2)   # a directory that is no round-two table fails here, naming it
        return _register(spec, WithOtherBids, "bids", path)
    if kind == "table-shift":
        path = "" if where == "none" else str(Path(where).resolve())
        if path and not (Path(path) / "manifest.json").is_file():
            raise BiddingModelError(f"{where!r} holds no round-one pass shift (manifest.json)")
        return _register(spec, WithPassShift, "shift", path)
    return spec


def paired(a: str, b: str, c: str, deals: int, seed: int) -> str:
    _, (_, ma), (_, mc), _ = _setup(a, c, deals, "deals", NORTH_AMERICAN, "pimc", seed)
    _, (_, mb), _, _ = _setup(b, c, deals, "deals", NORTH_AMERICAN, "pimc", seed)
    ya, yb = [], []
    for i, n in enumerate(chunk_sizes(deals)):
        ya.append(_match_chunk(("paired", i, n), NORTH_AMERICAN, seed, "pimc", ma, mc, False, 1)[0])
        yb.append(_match_chunk(("paired", i, n), NORTH_AMERICAN, seed, "pimc", mb, mc, False, 1)[0])
    ya, yb = np.concatenate(ya), np.concatenate(yb)
    d = ya - yb
    m, se = d.mean(), d.std(ddof=1) / math.sqrt(len(d))
    return (f"against {c}: A {ya.mean():+.4f}, B {yb.mean():+.4f}, A - B {m:+.4f} [{m - 1.96 * se:+.4f}, "
            f"{m + 1.96 * se:+.4f}] over {len(d)} deals; they differ on {int((d != 0).sum())}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--a", required=True)
    ap.add_argument("--b", required=True)
    ap.add_argument("--against", action="append", required=True)
    ap.add_argument("--deals", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    try:
        a, b = table_variant(args.a), table_variant(args.b)
    except BiddingModelError as e:
        raise SystemExit(f"paired_policies.py: {e}") from None
    for c in args.against:
        print(paired(a, b, c, args.deals, args.seed), flush=True)


if __name__ == "__main__":
    main()
