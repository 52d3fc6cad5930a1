"""Fit the feature bidder (``shipped-v2``) under realistic play and write its model file.

    python benchmarks/fit_feature_model.py --deals 20000 --seed 31 --data runs/v2_data.npz \
        -o euchre_stats/data/bidding_model_v2.json

For each of the 8 decision points (round one and two, eldest to the dealer) the options are played out
on ``--deals`` deals reaching the point under the shipped model (:func:`euchre_stats.bidding.fit_v2.collect`)
and the two gains regressed on the features.  ``--data`` keeps the played-out gains (an .npz): given an
existing file the play-outs are read from it instead (refit only, e.g. another ``--penalty``).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from euchre_stats.bidding.fit_v2 import PointData, collect, decision_gain, fit_point
from euchre_stats.bidding.model import default_model
from euchre_stats.bidding.model_v2 import FeatureModel
from euchre_stats.rules import preset


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--penalty", type=float, default=1e-3)
    ap.add_argument("--data", default=None)
    ap.add_argument("-o", "--out", required=True)
    a = ap.parse_args()
    rules = preset("north-american")
    shipped = default_model()
    model = FeatureModel(**{k: getattr(shipped, k) for k in ("trump_values", "off_ace", "off_king",
                                                             "off_king_with_ace", "void", "upcard_weight",
                                                             "lone_partner_upcard", "defend_alone")})
    stored = {}
    if a.data and Path(a.data).exists():
        z = np.load(a.data)
        stored = {k: z[k] for k in z.files}
    report = {}  # the in-sample gain over passing of the fitted decisions, per deal reaching the point
    saved = dict(stored)
    for rnd in (1, 2):
        for seat in range(4):
            key = f"r{rnd}s{seat}"
            t0 = time.time()
            if key + "_x" in stored:
                d = PointData(rnd, seat, stored[key + "_x"], stored[key + "_order"], stored[key + "_alone"],
                              stored[key + "_w"], float(stored[key + "_eff"]))
            else:
                d = collect(rules, shipped, model, a.deals, rnd, seat, a.seed)
                saved.update({key + "_x": d.x, key + "_order": d.order, key + "_alone": d.alone, key + "_w": d.w,
                              key + "_eff": np.array(d.effective)})
                if a.data:
                    np.savez_compressed(a.data, **saved)
            model = fit_point(model, d, a.penalty, fallback=shipped)
            g = decision_gain(model, d)
            report[key] = {"rows": int(len(d.w)), "effective_deals": round(d.effective, 1),
                           **{k: round(v, 4) for k, v in g.items()}}
            print(key, report[key], f"{time.time() - t0:.0f} s", flush=True)
    fit = {"play_model": "pimc", "deals_per_point": a.deals, "seed": a.seed, "penalty": a.penalty,
           "rules": rules.describe(), "others": "shipped", "in_sample": report,
           "command": f"python benchmarks/fit_feature_model.py --deals {a.deals} --seed {a.seed} "
                      f"--penalty {a.penalty} -o {a.out}"}
    model.save(a.out, fit)
    print(json.dumps(fit["in_sample"]))


if __name__ == "__main__":
    main()
