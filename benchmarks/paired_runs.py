"""Two `match` (or `play`) run directories over the same deals, paired deal by deal: each run's
points a deal (A - B), and the difference of the two A players on the deals both played, with 95%
intervals (issue 30: "against `realistic-v1` on the same deals").

    python benchmarks/paired_runs.py RUN_X RUN_Y

Both runs must have the same seed, rules and opponent B; only A differs.  Reads the chunks' per-deal
``diffs`` (``deals-FIRST-STOP.json``).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from euchre_stats.core.stats import mean


def per_deal(run: Path) -> dict[int, float]:
    out = {}
    for p in sorted((run / "chunks").glob("deals-*.json")):
        c = json.loads(p.read_text())
        for k, d in enumerate(c["diffs"]):
            out[c["first"] + k] = float(d)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("x")
    ap.add_argument("y")
    args = ap.parse_args()
    x, y = Path(args.x), Path(args.y)
    mx, my = (json.loads((r / "manifest.json").read_text()).get("settings", {}) for r in (x, y))
    for k in ("seed", "b", "rules"):
        if k in mx and mx.get(k) != my.get(k):
            raise SystemExit(f"the runs differ in {k}: {mx.get(k)!r} and {my.get(k)!r}")
    dx, dy = per_deal(x), per_deal(y)
    both = sorted(set(dx) & set(dy))
    for name, d in ((x, dx), (y, dy)):
        e = mean(np.array(list(d.values())))
        print(f"{name}: {len(d)} deals, A - B {e.value:+.3f} [{e.low:+.3f}, {e.high:+.3f}]")
    e = mean(np.array([dx[i] - dy[i] for i in both]))
    print(f"{x.name} - {y.name} on the {len(both)} deals both played: {e.value:+.3f} [{e.low:+.3f}, {e.high:+.3f}]")


if __name__ == "__main__":
    main()
