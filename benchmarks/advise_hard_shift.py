"""How far hard bidding moves the realistic answers the `advise` correction was fitted to.

The correction (``euchre_stats/data/strategy_correction.json``) was fitted to realistic ``order``
answers whose pass was valued with the soft bidder of its day.  This asks the first N questions of
``benchmarks/advise_check.jsonl`` again with the installed (hard) bidder and compares each option's
value, and the gains over passing, with the stored ones (the stored answers had 10,000 deals; these
have ``--samples``, so part of the spread is noise: the printed noise is the two runs' standard
errors combined).

    python benchmarks/advise_hard_shift.py --questions 24 --samples 2000 -o /tmp/shift.jsonl
"""

from __future__ import annotations

import argparse
import json

import numpy as np

import euchre_stats as es


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--questions", type=int, default=24)
    ap.add_argument("--samples", type=int, default=2000)
    ap.add_argument("--file", default="benchmarks/advise_check.jsonl")
    ap.add_argument("-o", "--output")
    args = ap.parse_args()
    rows = [json.loads(x) for x in open(args.file)][: args.questions]
    diffs = {"pass": [], "gain_order": [], "gain_alone": []}
    noise = {"pass": [], "gain_order": [], "gain_alone": []}
    out = []
    for r in rows:
        d = es.order(r["hand"], r["up"], r["seat"], samples=args.samples, seed=8 * 100000 + r["i"]).to_dict()
        ev = {o["action"]: o["ev"] for o in d["options"]}
        se = {o["action"]: (o["ev_ci"][1] - o["ev_ci"][0]) / (2 * 1.96) for o in d["options"]}
        old, old_se = r["ev"], r["se"]
        diffs["pass"].append(ev["pass"] - old["pass"])
        noise["pass"].append(float(np.hypot(se.get("pass", 0.0), old_se["pass"])))
        for key, act in (("gain_order", "order"), ("gain_alone", "order alone")):
            if act in ev and act in old and old[act] is not None:
                diffs[key].append((ev[act] - ev["pass"]) - (old[act] - old["pass"]))
        rec = {"i": r["i"], "hand": r["hand"], "up": r["up"], "seat": r["seat"], "ev_hard": ev, "ev_soft": old,
               "recommendation_hard": d["recommendation"], "recommendation_soft": r["recommendation"]}
        out.append(rec)
        print(json.dumps(rec), flush=True)
    summary = {k: {"mean": round(float(np.mean(v)), 4), "rms": round(float(np.sqrt(np.mean(np.square(v)))), 4),
                   "n": len(v)} for k, v in diffs.items() if v}
    summary["noise_rms_pass"] = round(float(np.sqrt(np.mean(np.square(noise["pass"])))), 4)
    summary["same_recommendation"] = sum(o["recommendation_hard"] == o["recommendation_soft"] for o in out)
    print("summary", json.dumps(summary), flush=True)
    if args.output:
        with open(args.output, "w") as f:
            for o in out:
                f.write(json.dumps(o) + "\n")
            f.write(json.dumps({"summary": summary}) + "\n")


if __name__ == "__main__":
    main()
