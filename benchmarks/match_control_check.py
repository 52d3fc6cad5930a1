"""How often `match --a shipped --b dd-tuned --deals 20000` puts its interval above 0, with and without
the control variate, over several seeds (and whether each interval holds a longer match's figure).

Usage: python benchmarks/match_control_check.py [--seeds 1-10] [--deals 20000] [--out FILE.jsonl]

Each line of the output file is one seed: the corrected estimate and interval, the plain ones, the
correlation of double-dummy and realistic play on the paired deals, and the seconds taken.
"""

from __future__ import annotations

import argparse
import json
import time

import euchre_stats as es


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="1-10", help="first-last")
    ap.add_argument("--deals", type=int, default=20000)
    ap.add_argument("--a", default="shipped")
    ap.add_argument("--b", default="dd-tuned")
    ap.add_argument("--reference", type=float, default=0.0057, help="the longer match's figure")
    ap.add_argument("--out", default="benchmarks/match_control_check.jsonl")
    a = ap.parse_args(argv)
    lo_s, hi_s = (int(v) for v in a.seeds.split("-"))
    rows = []
    with open(a.out, "w") as fh:
        for seed in range(lo_s, hi_s + 1):
            t = time.perf_counter()
            r = es.match(a.a, a.b, deals=a.deals, seed=seed)
            row = {"seed": seed, "deals": a.deals, "diff": r.diff, "ci": list(r.diff_ci),
                   "plain": r.control["plain_diff"], "plain_ci": r.control["plain_ci"],
                   "correlation": r.control["correlation"], "control_deals": r.control["deals"],
                   "seconds": time.perf_counter() - t}
            fh.write(json.dumps(row) + "\n")
            fh.flush()
            rows.append(row)
            print(json.dumps(row), flush=True)
    above = sum(r["ci"][0] > 0 for r in rows)
    plain_above = sum(r["plain_ci"][0] > 0 for r in rows)
    holds = sum(r["ci"][0] <= a.reference <= r["ci"][1] for r in rows)
    plain_holds = sum(r["plain_ci"][0] <= a.reference <= r["plain_ci"][1] for r in rows)
    width = sum(r["ci"][1] - r["ci"][0] for r in rows) / len(rows)
    plain_width = sum(r["plain_ci"][1] - r["plain_ci"][0] for r in rows) / len(rows)
    print(f"{len(rows)} seeds: interval above 0 in {above} (plain {plain_above}); holds {a.reference:+.4f} in "
          f"{holds} (plain {plain_holds}); mean width {width:.4f} (plain {plain_width:.4f})")


if __name__ == "__main__":
    main()
