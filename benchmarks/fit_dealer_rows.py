"""The dealer's round-one rows too close to call, read through a model of all the dealer's rows (issue 31).

    python benchmarks/fit_dealer_rows.py                                   # fit and check, print only
    python benchmarks/fit_dealer_rows.py --export euchre_stats/data/round_one_bids   # the shipped bids

The shipped realistic table's dealer rows are played on 200 deals a class (not refined): a third of them are
too close to call there, and the table bidder (``shipped-table``) left those to the feature bidder's scores.
Here every one of the dealer's 105,798 rows is a noisy measurement of two gains, ordering over passing (its
interval in the table) and going alone over ordering (its noise from the two options' intervals, taken as
independent: an upper bound for a difference measured on the same deals).  A gradient-boosted model of each
gain on the hand's columns (``shipped-v5``'s round-one features of the dealer's five cards kept, the ranks held
in each canonical suit, the upcard's rank; scikit-learn, installed beside the project for the fit only: the
shipped result is a table) is fitted five times, each row predicted by the fit that did not see it, and each
row's gain is then the empirical-Bayes mix of its own measurement and that prediction: weight tau^2 / (tau^2 +
se^2) on the row, tau^2 the variance of the rows about the model beyond their noise.  ``--export DIR`` writes,
for each of the dealer's rows the table leaves undecided, the values (pass 0, order, order alone, hundredths of
a point) the table bidder reads in their place; the rows the table calls clear keep their own values.  The
dealer's round-one questions of the consistency files are checked: how often the rows, as the bidder reads
them, name the command's recommendation.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
import pandas as pd

from euchre_stats.bidding.model import policy_model
from euchre_stats.bidding.model_v2 import _level
from euchre_stats.bidding.table_model import TABLE_DIR, _gains
from euchre_stats.core.cards import parse_card, parse_hand
from euchre_stats.core.hand_classes import round_one_keys, split_key, suit_ranks

HERE = Path(__file__).parent
CHECKS = ("bidder_consistency_v4pop.jsonl", "bidder_consistency_tablepop.jsonl")
SETTINGS = dict(max_iter=300, learning_rate=0.08, max_leaf_nodes=63, min_samples_leaf=40, early_stopping=False)
FOLDS, SEED = 5, 1
Z = 1.959964


def columns(keys: np.ndarray) -> np.ndarray:
    """The model's columns of the dealer's classes ``keys``: the feature bidder's of the five cards it keeps
    (``shipped-v5``, its count's discard), each canonical suit's ranks held (a bit a rank), the upcard's rank."""
    hands, up = split_key(keys.astype(np.uint64))
    m = policy_model("shipped-v5")[1]
    feats = None
    for u in np.unique(up):
        i = np.nonzero(up == u)[0]
        x = m.round_one_features(hands[i], 3, int(u))
        if feats is None:
            feats = np.zeros((len(keys), x.shape[1]))
        feats[i] = x
    bits = [((suit_ranks(hands, np.full(len(keys), s)).astype(np.int64) >> b) & 1) for s in range(4) for b in range(8)]
    return np.hstack([feats, np.stack(bits + [up & 7], axis=1)])


def out_of_fold(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> np.ndarray:
    from sklearn.ensemble import HistGradientBoostingRegressor
    from sklearn.model_selection import KFold

    p = np.zeros(len(y))
    for train, test in KFold(FOLDS, shuffle=True, random_state=SEED).split(x):
        g = HistGradientBoostingRegressor(random_state=SEED, **SETTINGS)
        g.fit(x[train], y[train], sample_weight=w[train])
        p[test] = g.predict(x[test])
    return p


def best_of(order_pass: np.ndarray, alone_order: np.ndarray) -> np.ndarray:
    """0 pass, 1 order, 2 order alone: the table bidder's own reading of values (pass 0, order, order alone)."""
    v = np.stack([np.zeros_like(order_pass), order_pass, order_pass + alone_order], axis=1)
    return _level(*_gains(v))[0]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--table", type=Path, default=TABLE_DIR)
    ap.add_argument("--export", type=Path, default=None)
    a = ap.parse_args()
    manifest = json.loads((a.table / "manifest.json").read_text())
    if "dealer" in manifest.get("refined_seats", []):
        raise SystemExit("the table's dealer rows are refined: every row decides, nothing to fit")
    t = pd.read_parquet(a.table / "table.parquet")
    d = t[t["seat"] == "dealer"].sort_values("key").reset_index(drop=True)
    keys = d["key"].to_numpy().astype(np.uint64)
    ev = {o: d[f"ev_{o}"].to_numpy(dtype=float) / 100 for o in ("pass", "order", "alone")}
    half = {o: (d[f"ev_{o}_hi"].to_numpy(dtype=float) - d[f"ev_{o}_lo"].to_numpy(dtype=float)) / 200 / Z
            for o in ("order", "alone")}
    y1, y2 = ev["order"] - ev["pass"], ev["alone"] - ev["order"]
    se1 = (d["gain_order_hi"].to_numpy(dtype=float) - d["gain_order_lo"].to_numpy(dtype=float)) / 200 / Z
    se2 = np.hypot(half["order"], half["alone"])
    n = d["n"].to_numpy(dtype=float)
    x = columns(keys)
    x = x[:, x.std(axis=0) > 0]
    close = d["too_close"].to_numpy(dtype=bool)
    print(f"the dealer's rows: {len(d):,}, too close {close.sum():,} ({close.mean():.1%}); {x.shape[1]} columns")
    post = []
    for name, y, se in (("order - pass", y1, se1), ("alone - order", y2, se2)):
        p = out_of_fold(x, y, n / n.max())
        r2, s2 = np.mean((y - p) ** 2), np.mean(se ** 2)
        tau2 = max(r2 - s2, 1e-6)
        k = tau2 / (tau2 + se ** 2)
        post.append(p + k * (y - p))
        print(f"{name}: rows about the out-of-fold model {r2:.4f} (variance), their noise {s2:.4f}, "
              f"tau {np.sqrt(tau2):.3f}; weight on the row: median {np.median(k):.2f}")
    level = best_of(*post)
    own = best_of(y1, y2)
    print("too close rows, the table's best (rows) against the mix (columns):")
    names = np.array(["pass", "order", "order alone"])
    print(pd.crosstab(names[own[close]], names[level[close]]).to_string())
    # the dealer's round-one questions of the consistency files
    read = np.where(close, level, own)
    index = pd.Series(np.arange(len(keys)), index=keys)
    for f in CHECKS:
        rows = [json.loads(line) for line in (HERE / f).read_text().splitlines() if line.strip()]
        got = {"mixed": 0, "table": 0}
        total = 0
        for q in rows:
            if q["round"] != 1 or q["seat"] != "dealer" or q["too_close"]:
                continue
            k = int(round_one_keys(np.array([parse_hand(q["hand"])], dtype=np.uint64), parse_card(q["up"]))[0])
            j = int(index[k])
            total += 1
            got["mixed"] += names[read[j]] == q["recommendation"]
            got["table"] += (not close[j]) and names[own[j]] == q["recommendation"]
        print(f"{f}: the dealer's round-one questions not too close {total}; the mixed rows name the command's "
              f"answer on {got['mixed']} (the table's clear rows alone on {got['table']})")
    if a.export is not None:
        a.export.mkdir(parents=True, exist_ok=True)
        out = pd.DataFrame({"key": keys[close].astype(np.int64), "seat": "dealer", "too_close": False,
                            "ev_pass": np.zeros(close.sum(), dtype=np.int16),
                            "ev_order": np.round(post[0][close] * 100).astype(np.int16),
                            "ev_alone": np.round((post[0] + post[1])[close] * 100).astype(np.int16)})
        out.to_parquet(a.export / "table.parquet", index=False)
        (a.export / "manifest.json").write_text(json.dumps({
            "format": "euchre-stats round-one bids (a fitted model's predictions mixed with the rows, not "
                      "simulated rows)",
            "settings": {"round": 1, "seats": ["dealer"], "rules": manifest["settings"]["rules"],
                         "others": manifest["settings"].get("others"), "model": manifest["settings"]["model"]},
            "hundredths": True,
            "fit": {"table_rows": int(len(d)), "rows_exported": int(close.sum()),
                    "what": "the dealer's rows the table calls too close to call (200 deals, not refined)",
                    "model": "scikit-learn HistGradientBoostingRegressor, out of fold", "settings": SETTINGS,
                    "folds": FOLDS, "seed": SEED, "weights": "deals a row",
                    "columns": "shipped-v5's round-one features of the five cards kept, each canonical suit's "
                               "ranks held, the upcard's rank",
                    "mix": "empirical Bayes: tau^2 / (tau^2 + se^2) on the row, the rest on the model"},
        }, indent=2) + "\n")
        print(f"wrote {a.export} ({close.sum():,} rows)")


if __name__ == "__main__":
    main()
