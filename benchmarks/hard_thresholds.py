"""Round one's order and order-alone thresholds under hard decisions: a short refit of chosen seats.

For each seat asked (round one), deals are drawn in proportion to how likely the auction is to reach
it under the shipped model deciding hard (the tuner's own sampling, ``tuning._tune_point``), every
choice is played out realistically, and the thresholds are fitted as ``euchre-stats tune`` fits them
(the most conservative cut within one standard error of the best).  Printed per seat: the refit
thresholds with bootstrap errors, and the mean gain of going alone over ordering with the partner,
and of accepting over passing, by bands of the count, so a threshold can be read off the curve.

    python benchmarks/hard_thresholds.py --seats 0,1 --deals 15000 --seed 31 -o benchmarks/hard_thresholds.json
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from euchre_stats.bidding import tuning
from euchre_stats.bidding.model import default_model
from euchre_stats.rules import NORTH_AMERICAN
from euchre_stats.sampling.seeds import chunk_rng


def bands(strength, gain, w, edges):
    out = []
    for lo, hi in zip(edges[:-1], edges[1:]):
        m = (strength >= lo) & (strength < hi)
        ww = w[m]
        if ww.sum() < 1:
            continue
        g = gain[m]
        mu = float((ww * g).sum() / ww.sum())
        se = float(np.sqrt((ww * (g - mu) ** 2).sum()) / ww.sum())
        out.append({"band": [round(float(lo), 2), round(float(hi), 2)], "deals": float(ww.sum()),
                    "gain": round(mu, 4), "se": round(se, 4)})
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seats", default="0,1")
    ap.add_argument("--deals", type=int, default=15000)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("-o", "--output")
    args = ap.parse_args()
    model = default_model()  # hard decisions in play (play_temperature 0)
    captured = {}
    real_fit = tuning._fit

    def spy(strength, with_partner, alone, pass_val, w, *a, **k):
        captured.update(strength=strength, partner=with_partner, alone=alone, pass_val=pass_val, w=w,
                        strength_alone=k.get("strength_alone"))
        return real_fit(strength, with_partner, alone, pass_val, w, *a, **k)

    tuning._fit = spy
    report = {"model": "shipped, hard decisions", "deals": args.deals, "seed": args.seed, "seats": {}}
    for seat in (int(s) for s in args.seats.split(",")):
        t0 = time.time()
        new, se, ess = tuning._tune_point(NORTH_AMERICAN, model, args.deals, 1, seat, chunk_rng(args.seed, seat),
                                          None, "pimc", last=True)
        c = dict(captured)
        s, sa, w = c["strength"], c["strength_alone"], c["w"]
        sa = s if sa is None else sa
        edges = np.arange(np.floor(min(s.min(), sa.min())), np.ceil(max(s.max(), sa.max())) + 0.5, 0.5)
        take = np.where(sa >= new.order_alone[seat], c["alone"], c["partner"])
        rec = {"order": new.order[seat], "order_alone": new.order_alone[seat],
               "shipped": [model.order[seat], model.order_alone[seat]], "standard_errors": se,
               "effective_deals": round(ess, 1), "seconds": round(time.time() - t0, 1),
               "alone_minus_partner_by_alone_count": bands(sa, c["alone"] - c["partner"], w, edges),
               "accept_minus_pass_by_count": bands(s, take - c["pass_val"], w, edges),
               "partner_minus_pass_by_count": bands(s, c["partner"] - c["pass_val"], w, edges)}
        report["seats"][seat] = rec
        print(json.dumps({k: v for k, v in rec.items() if not k.endswith("count")}), flush=True)
        for k in ("alone_minus_partner_by_alone_count", "accept_minus_pass_by_count", "partner_minus_pass_by_count"):
            print(" ", k)
            for b in rec[k]:
                print(f"    [{b['band'][0]:5.1f}, {b['band'][1]:5.1f})  deals {b['deals']:8.0f}  "
                      f"gain {b['gain']:+.3f} ± {b['se']:.3f}")
    if args.output:
        with open(args.output, "w") as f:
            json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
