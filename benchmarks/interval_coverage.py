"""How often the questions' 95% intervals hold the value a long run gives, with and without the
pseudo-observation term of ``decide.summary.intervals`` (issue 27, "statistics that mislead").

Usage: python benchmarks/interval_coverage.py [--model dd] [--n 200] [--reps 100] [--truth 40000]
       [--out FILE.jsonl]

For each question below: one long run (``--truth`` deals, the reference values), then ``--reps``
short runs of ``--n`` deals with seeds 1..reps.  For every option value and every listed difference
(best minus each other option) of each short run, three intervals are checked against the long
run's value: the one the tool printed, the plain mu +- 1.96 se (kept inside the possible range),
and the plain one with a floor for a sample that shows no spread.  Also counted: "too close to
call" verdicts of each form, and confident verdicts whose sign the long run contradicts.
"""

from __future__ import annotations

import argparse
import json
import time

from euchre_stats.core.stats import Z95
from euchre_stats.decide import summary
from euchre_stats.decide.call import call_decision
from euchre_stats.decide.lead import lead_decision
from euchre_stats.decide.order import order_decision

#: every interval the questions compute, as (mu, se, lo, hi, n, n_eff), in the order computed
CALLS: list[tuple] = []
_real_interval = summary.interval


def _recording_interval(mu, se, lo, hi, n, n_eff=None):
    CALLS.append((float(mu), float(se), float(lo), float(hi), int(n), float(n_eff or 0.0)))
    return _real_interval(mu, se, lo, hi, n, n_eff)


summary.interval = _recording_interval

QUESTIONS = [
    ("order", "Jh Jd Ah 9s Tc", "9h", "eldest"),
    ("order", "Jh 9h Ac Kc Qs", "Th", "eldest"),
    ("order", "Jc As Ks 9s Qd", "Js", "dealer"),
    ("order", "Jh Kh Ad 9c Tc", "9h", "third"),
    ("order", "Qh Kh Ah 9c Tc", "Jh", "partner"),
    ("order", "Jd Ah 9h Ks Qc", "Th", "dealer"),
    ("call", "Jd Ad Kd 9c Tc", "9h", "third"),
    ("call", "As Js Qh Ad Td", "Kh", "eldest"),
    ("call", "Jc Ac Ks Qs 9d", "Th", "dealer"),
    ("lead", "Jh Ah Kc Qc 9s", "h", "eldest"),
    ("lead", "Ah Kc Qc 9s Td", "h", "partner"),
    ("lead", "Js Ac Kd Qd 9h", "h", "dealer"),
]


def ask(q, n, seed, model):
    kind, hand, card, seat = q
    if kind == "order":
        return order_decision(hand, card, seat, samples=n, seed=seed, model=model)
    if kind == "call":
        return call_decision(hand, card, seat, samples=n, seed=seed, model=model)
    return lead_decision(hand, card, seat, "eldest", samples=n, seed=seed, model=model)


def plain(mu, se, lo, hi):
    return max(lo, mu - Z95 * se), min(hi, mu + Z95 * se)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", default="dd")
    ap.add_argument("--n", type=int, default=200)
    ap.add_argument("--reps", type=int, default=100)
    ap.add_argument("--truth", type=int, default=40000)
    ap.add_argument("--out", default="benchmarks/interval_coverage.jsonl")
    a = ap.parse_args(argv)
    tally = {k: [0, 0] for k in ("opt_tool", "opt_plain", "diff_tool", "diff_plain")}
    verdicts = {"tool_close": 0, "plain_close": 0, "tool_wrong": 0, "plain_wrong": 0, "runs": 0,
                "close_only_tool": 0}
    width = {"tool": 0.0, "plain": 0.0, "n": 0}
    with open(a.out, "w") as fh:
        for q in QUESTIONS:
            t = time.perf_counter()
            big = ask(q, a.truth, 12345, a.model)
            truth = {o.action: o.ev for o in big.options}
            row = {"question": q, "truth": truth, "truth_se": {o.action: o.se for o in big.options},
                   "opt": [0, 0, 0], "diff": [0, 0, 0], "close_tool": 0, "close_plain": 0}
            row["raw"] = []
            for seed in range(1, a.reps + 1):
                CALLS.clear()
                d = ask(q, a.n, seed, a.model)
                k = len(d.options)
                row["raw"].append({
                    "options": [[o.action, truth.get(o.action), *CALLS[i]] for i, o in enumerate(d.options)],
                    "diffs": [[df["a"], df["b"], df.get("equivalent", False),
                               truth[df["a"]] - truth[df["b"]] if df["a"] in truth and df["b"] in truth else None,
                               *CALLS[k + i]] for i, df in enumerate(d.differences)]})
                for o in d.options:
                    if o.action not in truth:
                        continue
                    v = truth[o.action]
                    lo, hi = o.ev_ci
                    p = plain(o.ev, o.se, -99, 99)
                    row["opt"][0] += 1
                    row["opt"][1] += lo <= v <= hi
                    row["opt"][2] += p[0] <= v <= p[1]
                for df in d.differences:
                    if df["a"] not in truth or df["b"] not in truth or df.get("equivalent"):
                        continue
                    v = truth[df["a"]] - truth[df["b"]]
                    lo, hi = df["ci"]
                    p = plain(df["diff"], df["se"], -99, 99)
                    row["diff"][0] += 1
                    row["diff"][1] += lo <= v <= hi
                    row["diff"][2] += p[0] <= v <= p[1]
                    width["tool"] += hi - lo
                    width["plain"] += p[1] - p[0]
                    width["n"] += 1
                rivals = [df for df in d.differences if not df.get("equivalent")]
                if rivals:
                    df = rivals[0]
                    v = truth[df["a"]] - truth[df["b"]]
                    tc = df["ci"][0] <= 0 <= df["ci"][1]
                    p = plain(df["diff"], df["se"], -99, 99)
                    pc = p[0] <= 0 <= p[1]
                    verdicts["runs"] += 1
                    verdicts["tool_close"] += tc
                    verdicts["plain_close"] += pc
                    verdicts["close_only_tool"] += tc and not pc
                    verdicts["tool_wrong"] += (not tc) and v < 0
                    verdicts["plain_wrong"] += (not pc) and v < 0
            for k, (tot, tool, pl) in (("opt", row["opt"]), ("diff", row["diff"])):
                tally[f"{k}_tool"][0] += tool
                tally[f"{k}_tool"][1] += tot
                tally[f"{k}_plain"][0] += pl
                tally[f"{k}_plain"][1] += tot
            row["seconds"] = round(time.perf_counter() - t, 1)
            fh.write(json.dumps(row) + "\n")
            fh.flush()
            print(json.dumps({k: v for k, v in row.items() if k != "raw"}), flush=True)
    summary = {k: f"{h}/{t} = {h / t:.3f}" for k, (h, t) in tally.items() if t}
    summary.update(verdicts)
    summary["mean_diff_width"] = {k: round(width[k] / width["n"], 4) for k in ("tool", "plain")}
    print(json.dumps(summary, indent=1))
    with open(a.out, "a") as fh:
        fh.write(json.dumps({"summary": summary, "model": a.model, "n": a.n, "reps": a.reps,
                             "truth_deals": a.truth}) + "\n")


if __name__ == "__main__":
    main()
