"""Fit the feature bidder (``shipped-v2``) under realistic play and write its model file.

    python benchmarks/fit_feature_model.py --deals 20000 --seed 31 --data runs/v2_data.npz \
        -o euchre_stats/data/bidding_model_v2.json

For each of the 8 decision points (round one and two, eldest to the dealer) the options are played out
on ``--deals`` deals reaching the point under the shipped model (:func:`euchre_stats.bidding.fit_v2.collect`)
and the two gains regressed on the features.  ``--data`` keeps the played-out gains (an .npz): given an
existing file the play-outs are read from it instead (refit only, e.g. another ``--penalty``).

``--side POLICY`` makes the fitted seat's own side (its partner, and itself at its later decisions) bid by
another policy than the opponents (``--others``), as at a match's table; ``--discard-rule 1`` fits a model
whose dealer discards as the guides say (in the play-outs too).  ``shipped-v3``:

    python benchmarks/fit_feature_model.py --deals 30000 --seed 33 --others shipped \
        --side shipped-v2-discards --discard-rule 1 --data runs/v3_data.npz \
        -o euchre_stats/data/bidding_model_v3.json

``--cross-check`` (with ``--data``) prints, per decision point, the realistic gain over always passing of
the feature bidder fitted on half the deals and scored on the other half (both ways), against the
shipped count's decisions on the same deals (read from the ``count`` feature; the dealer's partner's
alone count, which leaves out half the upcard, takes a queen, ten or nine upcard as 1.5); with
``--against MODEL``, also a feature model's fixed weights on all the deals and the difference.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from euchre_stats.bidding.features import FEATURES
from euchre_stats.bidding.fit_v2 import PointData, collect, cost_sensitive_logit, decision_gain, fit_point
from euchre_stats.bidding.model import default_model, policy_model
from euchre_stats.bidding.model_v2 import FeatureModel
from euchre_stats.rules import preset


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--penalty", type=float, default=1e-3)
    ap.add_argument("--data", default=None)
    ap.add_argument("--others", default="shipped",
                    help="the policy the other decisions are made by while fitting (a name or a model file)")
    ap.add_argument("--side", default=None,
                    help="the policy of the fitted seat's own side (its partner, and itself at its later "
                         "decisions) while fitting, the opponents bidding by --others; default: --others")
    ap.add_argument("--discard-rule", type=float, default=0.0,
                    help="the fitted model's discard_rule (1: its dealer discards as the guides say, in the "
                         "play-outs too)")
    ap.add_argument("-o", "--out")
    ap.add_argument("--cross-check", action="store_true")
    ap.add_argument("--against", default=None,
                    help="with --cross-check: a feature model (name or file) whose fixed weights are scored on the "
                         "same deals too")
    ap.add_argument("--junk-cost", default=None,
                    help="with --data: a feature model (name or file); print per round-two point what its junk pass "
                         "(junk_pass 1) changes on the stored play-outs")
    a = ap.parse_args()
    if a.junk_cost:
        junk_cost(np.load(a.data), policy_model(a.junk_cost)[1])
        return
    if a.cross_check:
        cross_check(np.load(a.data), a.penalty, None if a.against is None else policy_model(a.against)[1])
        return
    rules = preset("north-american")
    shipped = default_model()
    others = policy_model(a.others)[1]
    side = None if a.side is None else policy_model(a.side)[1]
    model = FeatureModel(**{k: getattr(shipped, k) for k in ("trump_values", "off_ace", "off_king",
                                                             "off_king_with_ace", "void", "upcard_weight",
                                                             "lone_partner_upcard", "defend_alone")},
                         discard_rule=a.discard_rule)
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
                by_seat = others if side is None else tuple(side if (s - seat) % 2 == 0 else others
                                                            for s in range(4))
                d = collect(rules, by_seat, model, a.deals, rnd, seat, a.seed)
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
           "rules": rules.describe(), "others": a.others, "side": a.side or a.others,
           "discard_rule": a.discard_rule, "in_sample": report,
           "command": f"python benchmarks/fit_feature_model.py --deals {a.deals} --seed {a.seed} "
                      f"--penalty {a.penalty} --others {a.others}"
                      + (f" --side {a.side}" if a.side else "")
                      + (f" --discard-rule {a.discard_rule:g}" if a.discard_rule else "") + f" -o {a.out}"}
    model.save(a.out, fit)
    print(json.dumps(fit["in_sample"]))


def _outcome(take, alone, order, gain_alone):
    return np.where(take, order + np.where(alone, gain_alone, 0.0), 0.0)


def _named(v, take):
    """Round two: only the deal's best-scoring suit (of its three rows) may be taken."""
    best = v.reshape(-1, 3).argmax(axis=1)
    named = np.zeros((len(best), 3), dtype=bool)
    named[np.arange(len(best)), best] = True
    return take & named.ravel()


def cross_check(z, penalty: float, against: FeatureModel | None = None) -> None:
    shipped = default_model()
    col = {f: FEATURES.index(f) for f in FEATURES}
    up_value = {"up_jack": 3.0, "up_ace": 2.2, "up_king": 1.9, "up_low": 1.5}
    print("| point | feature bidder | shipped count | difference | takes (feature / shipped) |")
    for rnd in (1, 2):
        for seat in range(4):
            k = f"r{rnd}s{seat}"
            x, o, al, w = z[k + "_x"], z[k + "_order"], z[k + "_alone"], z[k + "_w"]
            per = 1 if rnd == 1 else 3
            deal = np.arange(len(w)) // per
            if float(z[k + "_eff"]) < 200:
                print(f"| {k} | too few deals ({float(z[k + '_eff']):.1f} effective): bids by the count |")
                continue
            got = np.zeros(len(w))
            took = np.zeros(len(w), dtype=bool)
            for half in (0, 1):
                tr, te = deal % 2 != half, deal % 2 == half
                b_alone = cost_sensitive_logit(x[tr], al[tr], w[tr], penalty)
                y = o[tr] + np.where(x[tr] @ b_alone > 0, al[tr], 0.0)
                b_take = cost_sensitive_logit(x[tr], y, w[tr], penalty)
                g1, g2 = x[te] @ b_take, x[te] @ b_alone
                take = g1 > 0 if rnd == 1 else _named(g1, g1 > 0)
                got[te] = _outcome(take, take & (g2 > 0), o[te], al[te])
                took[te] = take
            c = x[:, col["count"]]
            if rnd == 1:
                ca = c - 0.5 * sum(x[:, col[u]] * v for u, v in up_value.items()) if seat == 1 else c
                take = c >= shipped.order[seat]
                alone = take & (ca >= shipped.order_alone[seat])
            else:
                cc = c + shipped.next_bonus[seat] * x[:, col["is_next"]]
                take = _named(cc, cc >= shipped.call[seat])
                alone = take & (cc >= shipped.call_alone[seat])
            ship = _outcome(take, alone, o, al)
            total = w.sum() / per
            f, s = (got * w).sum() / total, (ship * w).sum() / total
            diff = np.bincount(deal, (got - ship) * w)
            se = np.sqrt(len(diff)) * diff.std() / total
            extra = ""
            if against is not None:
                names = ("order_w", "alone_w") if rnd == 1 else ("call_w", "call_alone_w")
                g1, g2 = (x @ np.asarray(getattr(against, n)[seat]) for n in names)
                t2 = g1 > 0 if rnd == 1 else _named(g1, g1 > 0)
                old = _outcome(t2, t2 & (g2 > 0), o, al)
                d2 = np.bincount(deal, (got - old) * w)
                extra = (f" {(old * w).sum() / total:+.4f} | {d2.sum() / total:+.4f} ± "
                         f"{np.sqrt(len(d2)) * d2.std() / total:.4f} |")
            print(f"| {k} | {f:+.4f} | {s:+.4f} | {f - s:+.4f} ± {se:.4f} | "
                  f"{(took * w).sum() / total:.1%} / {(take * w).sum() / total:.1%} |" + extra)


def junk_cost(z, model: FeatureModel) -> None:
    """Per round-two decision point (eldest to third hand): the realistic gain per deal reaching it of
    ``model`` with its junk pass (``junk_pass`` 1) over ``model`` without, on the stored play-outs, ± its
    standard error, and the share of deals whose bid it changes."""
    col = {f: FEATURES.index(f) for f in ("top3", "trumps", "off_aces")}
    print("| point | junk pass - fitted | deals changed |")
    for seat in range(3):
        k = f"r2s{seat}"
        x, o, al, w = z[k + "_x"], z[k + "_order"], z[k + "_alone"], z[k + "_w"]
        deal = np.arange(len(w)) // 3
        g1, g2 = x @ np.asarray(model.call_w[seat]), x @ np.asarray(model.call_alone_w[seat])
        junk = (x[:, col["top3"]] == 0) & (x[:, col["trumps"]] <= 2) & (x[:, col["off_aces"]] == 0)
        res = []
        for g in (g1, np.where(junk, np.minimum(g1, 0.0) - 1.0, g1)):
            take = _named(g, g > 0)
            res.append(_outcome(take, take & (g2 > 0), o, al))
        total = w.sum() / 3
        d = np.bincount(deal, (res[1] - res[0]) * w)
        changed = np.bincount(deal, (res[1] != res[0]).astype(float)) > 0
        share = (changed * np.bincount(deal, w) / 3).sum() / total
        print(f"| {k} | {d.sum() / total:+.4f} ± {np.sqrt(len(d)) * d.std() / total:.4f} | {share:.1%} |")


if __name__ == "__main__":
    main()
