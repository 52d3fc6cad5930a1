"""Refit the feature bidder's round two to the decision command's values (issue 31, "Consistency").

    python benchmarks/fit_round_two.py benchmarks/round_two_train_v4pop.jsonl --base shipped-v4 \
        --penalties 0.003,0.01,0.03 --seat-penalties 0.03,0.1,0.3 --folds 5 --seed 41 \
        -o euchre_stats/data/bidding_model_v5.json [--check benchmarks/bidder_consistency_v4pop.jsonl]

The training file holds round-two questions answered by ``call`` (``bidder_consistency.py answer
--round 2``), never the held-out 300-question file.  Round one stays the base model's; the round-two
take and alone weights are refitted from the base's to maximise the mean value of the bid (the
smoothed bid's expected value, annealed, with a ridge toward the base weights:
``euchre_stats.bidding.fit_v2.fit_round_two``), seat by seat, or with ``--seat-penalties`` the four
seats together (a change shared by every seat plus each seat's own).  The guides' passes (a hand
without an ace and with at most one card of every suit it may name) are held on the hands of
``--guide-deals`` random deals.  The penalties are chosen by ``--folds``-fold cross-validation on the
training questions (the folds drawn from ``--seed``): those whose hard bids lose the least value on
the questions left out.  ``--check FILE`` then prints, on another file's
round-two questions (not fitted on), the base's and the refit's mean regret (the value of the command's
best option minus the value of the bid) and agreement with the command's recommendation (questions not
too close), by seat.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from euchre_stats.bidding.fit_v2 import (RoundTwoQuestions, cross_validated_regret, fit_round_two, guide_passes,
                                         round_two_bids, round_two_regret)
from euchre_stats.bidding.model import policy_model
from euchre_stats.core.cards import SUITS, parse_card, parse_hand
from euchre_stats.core.seats import SEAT_NAMES
from euchre_stats.core.stats import proportion
from euchre_stats.rules import preset


def load_questions(path) -> tuple[RoundTwoQuestions, list[dict]]:
    """The round-two questions of an answered file, and their rows."""
    rows = [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]
    rows = [r for r in rows if r["round"] == 2]
    n = len(rows)
    hands, banned, seats = np.zeros(n, dtype=np.uint64), np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64)
    pv, vals = np.zeros(n), np.full((n, 4, 2), np.nan)
    for i, r in enumerate(rows):
        hands[i] = parse_hand(r["hand"])
        banned[i] = parse_card(r["up"]) >> 3
        seats[i] = SEAT_NAMES.index(r["seat"])
        pv[i] = r["ev"]["pass"]
        for t, letter in enumerate(SUITS):
            if letter in r["ev"]:
                vals[i, t] = r["ev"][letter], r["ev"][letter + " alone"]
    return RoundTwoQuestions(hands, banned, seats, pv, vals), rows


def bid_names(suit, level) -> list[str]:
    return ["pass" if lv == 0 else SUITS[s] + (" alone" if lv == 2 else "") for s, lv in zip(suit, level)]


def report(name: str, model, q: RoundTwoQuestions, rows: list[dict]) -> dict:
    """Mean regret and agreement (not too close) on ``q``, overall and by seat; printed."""
    suit, level = round_two_bids(model, q)
    reg = round_two_regret(q, suit, level)
    bids = bid_names(suit, level)
    clear = np.array([not r["too_close"] for r in rows])
    hit = np.array([b == r["recommendation"] for b, r in zip(bids, rows)])
    share = proportion(hit[clear])
    out = {"questions": len(rows), "mean_regret": round(float(reg.mean()), 4),
           "regret_se": round(float(reg.std(ddof=1) / np.sqrt(len(reg))), 4),
           "agree": int(hit[clear].sum()), "clear": int(clear.sum()),
           "agree_low": round(share.low, 4), "agree_high": round(share.high, 4), "by_seat": {}}
    for s in range(4):
        j = q.seats == s
        out["by_seat"][SEAT_NAMES[s]] = {"agree": int(hit[j & clear].sum()), "clear": int((j & clear).sum()),
                                         "mean_regret": round(float(reg[j].mean()), 4)}
    print(f"{name}: mean regret {out['mean_regret']:.4f} ± {out['regret_se']:.4f} a question ({len(rows)}); agrees "
          f"{out['agree']}/{out['clear']} ({share.value:.1%} [{share.low:.1%}, {share.high:.1%}]) not too close; "
          + ", ".join(f"{k} {v['agree']}/{v['clear']} regret {v['mean_regret']:.3f}"
                      for k, v in out["by_seat"].items()))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("train")
    ap.add_argument("--base", default="shipped-v4")
    ap.add_argument("--penalties", default="0.001,0.003,0.01,0.03,0.1")
    ap.add_argument("--seat-penalties", default=None,
                    help="fit the seats together (a change shared by every seat plus each seat's own, "
                         "penalised by these), each pair with --penalties cross-validated")
    ap.add_argument("--guide-deals", type=int, default=20000,
                    help="hold the guides' passes (no ace, at most one card of every suit it may name) on the hands "
                         "of this many random deals (seed --seed); 0: off")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("-o", "--out")
    ap.add_argument("--check", default=None, help="an answered file not fitted on: report old and new on it")
    a = ap.parse_args()
    base_name, base = policy_model(a.base)
    q, rows = load_questions(a.train)
    print(f"{len(rows)} training questions from {a.train}")
    report(f"{base_name} on the training questions", base, q, rows)
    guide = None
    if a.guide_deals:
        guide = guide_passes(preset("north-american"), base, a.guide_deals, a.seed)
        print(f"the guides' passes held: {len(guide.seats)} hands without an ace and with at most one card of "
              f"every suit they may name, from {a.guide_deals} deals (seed {a.seed})")
    cv = {}
    seat_pens = [None] if not a.seat_penalties else [float(p) for p in a.seat_penalties.split(",")]
    for pen in (float(p) for p in a.penalties.split(",")):
        for sp in seat_pens:
            reg, suit, level = cross_validated_regret(base, q, pen, a.folds, a.seed, seat_penalty=sp, guide=guide)
            hit = [b == r["recommendation"] for b, r in zip(bid_names(suit, level), rows) if not r["too_close"]]
            cv[pen, sp] = (float(reg.mean()), float(reg.std(ddof=1) / np.sqrt(len(reg))), sum(hit), len(hit))
            print(f"penalty {pen:g}" + ("" if sp is None else f", seat penalty {sp:g}")
                  + f": cross-validated mean regret {cv[pen, sp][0]:.4f} ± {cv[pen, sp][1]:.4f}, agrees "
                  f"{sum(hit)}/{len(hit)} not too close", flush=True)
    best = min(cv, key=lambda p: cv[p][0])
    model = fit_round_two(base, q, best[0], seat_penalty=best[1], guide=guide)
    train = report("refit on the training questions (in sample)", model, q, rows)
    held = None
    if a.check:
        hq, hrows = load_questions(a.check)
        print(f"held out: {len(hrows)} round-two questions of {a.check}")
        held = {"file": a.check, "base": report(base_name, base, hq, hrows), "refit": report("refit", model, hq, hrows)}
    if a.out:
        from euchre_stats.bidding.model import load_fit
        base_fit = load_fit(a.base) if Path(a.base).exists() else None
        if base_fit is None and a.base.startswith("shipped-v"):
            base_fit = load_fit(Path(__file__).parents[1] / "euchre_stats" / "data"
                                / f"bidding_model_{a.base.split('-')[1]}.json")
        fit = {"derived_from": f"{base_name}: its round one and count fields unchanged, round two (call_w, "
                               f"call_alone_w) refitted to the call command's values",
               "round_two": {"train": a.train, "questions": len(rows), "penalty": best[0],
                             "seat_penalty": best[1], "folds": a.folds,
                             "guide_deals": a.guide_deals, "guide_hands": 0 if guide is None else len(guide.seats),
                             "seed": a.seed, "cross_validated": {f"{p:g}" + ("" if sp is None else f",{sp:g}"):
                                                 {"mean_regret": round(v[0], 4), "se": round(v[1], 4),
                                                  "agree": v[2], "clear": v[3]} for (p, sp), v in cv.items()},
                             "in_sample": train, "held_out": held,
                             "command": f"python benchmarks/fit_round_two.py {a.train} --base {a.base} "
                                        f"--penalties {a.penalties} --guide-deals {a.guide_deals} "
                                        + (f"--seat-penalties {a.seat_penalties} " if a.seat_penalties else "")
                                        + f"--folds {a.folds} --seed {a.seed} -o {a.out}"},
               "base_fit": base_fit}
        model.save(a.out, fit)
        print("wrote", a.out)


if __name__ == "__main__":
    main()
