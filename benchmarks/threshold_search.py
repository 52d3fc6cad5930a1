"""One-threshold duplicate matches: how much each small change to the shipped bidding model gains.

Each candidate is the shipped model with one threshold moved by one step (its bootstrap standard
error from the fit, at least 0.3 points; next's bonus by 0.4) up or down; a duplicate match of the
candidate against the shipped model (``euchre_stats.decide.match.match``, realistic play) measures
the change alone, since the deals where nothing differs score exactly 0.  Results go to a JSON-lines
file, one line per candidate; a rerun skips the candidates already there (resumable).

    python benchmarks/threshold_search.py --deals 20000 --seed 101 -o benchmarks/threshold_search.jsonl

A candidate whose interval lies above 0 is a better model than the shipped one against it; the
moves are measured one at a time, so combine them and match the result again before trusting it.
The same candidates, on the same deals, are what ``euchre-stats tune --refine-deals`` plays
(:mod:`euchre_stats.decide.refine`), keeping the best move that is ahead.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from euchre_stats.bidding.model import default_model
from euchre_stats.decide.match import match
from euchre_stats.decide.refine import candidates


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=101)
    ap.add_argument("-o", "--output", required=True)
    args = ap.parse_args()
    base = default_model()
    fit = json.loads((Path(__file__).parents[1] / "euchre_stats" / "data" / "bidding_model.json").read_text())
    out = Path(args.output)
    done = set()
    if out.exists():
        done = {(r["param"], r["value"]) for r in map(json.loads, out.read_text().splitlines()) if r}
    with out.open("a") as f:
        for param, value, model in candidates(base, fit.get("fit", {}).get("standard_errors", {})):
            if (param, value) in done:
                continue
            t = time.perf_counter()
            r = match(model, base, args.deals, seed=args.seed)
            row = {"param": param, "value": value, "shipped": getattr(base, param.split("[")[0])[int(param[-2])],
                   "deals": args.deals, "seed": args.seed, "diff": round(r.diff, 5),
                   "ci": [round(x, 5) for x in r.diff_ci], "seconds": round(time.perf_counter() - t, 1)}
            f.write(json.dumps(row) + "\n")
            f.flush()
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
