"""A duplicate match against OpenSpiel's bots, with what each side's decisions cost.

Runs :func:`euchre_stats.players.openspiel_table.openspiel_match` (as ``euchre-stats match --a A
--b B --deals N --seed S`` does, with the same figures) and times every call of each side's bots
(``step``: a view built from the information state, the player's answer, the action checked, for
our side; the whole search, for ISMCTS).  Run it on one core:

    NUMBA_NUM_THREADS=1 python benchmarks/openspiel_match.py --a realistic --b openspiel:ismcts:100 \\
        --deals 2000 --seed 1 --stick-the-dealer

Prints the match (A - B per deal with its 95% interval) and each side's mean milliseconds per
decision, wall clock and CPU (the process's; on a shared machine the CPU time is the fairer
figure); docs/players.md ("Against OpenSpiel") quotes it.  ``--warm`` deals are played first,
untimed and uncounted, so that the numba kernels are compiled.
"""

from __future__ import annotations

import argparse
import json
import time

from euchre_stats.players.openspiel_table import openspiel_match
from euchre_stats.rules import Rules


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--a", default="realistic")
    ap.add_argument("--b", default="openspiel:ismcts:100")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--stick-the-dealer", action="store_true")
    ap.add_argument("--warm", type=int, default=2)
    ap.add_argument("--json", default=None, help="also write the result and timings to this JSON file")
    args = ap.parse_args()
    rules = Rules(stick_the_dealer=args.stick_the_dealer)
    if args.warm:
        openspiel_match(args.a, args.b, hands=args.warm, seed=args.seed + 1, rules=rules)
    timings: dict = {}
    t0 = time.perf_counter()
    r = openspiel_match(args.a, args.b, hands=args.deals, seed=args.seed, rules=rules, timings=timings)
    wall = time.perf_counter() - t0
    print(r.to_text())
    for side in ("a", "b"):
        secs, n, cpu = timings.get(side, [0.0, 0, 0.0])
        who = r.a if side == "a" else r.b
        print(f"  {side.upper()} {who:<22} {n:7d} decisions, {1000 * secs / max(n, 1):8.3f} ms each "
              f"({1000 * cpu / max(n, 1):.3f} ms of CPU)")
    print(f"  wall           {wall:.0f} s")
    if args.json:
        out = r.to_dict()
        out["timings"] = {k: {"seconds": v[0], "decisions": v[1], "cpu_seconds": v[2]} for k, v in timings.items()}
        out["wall_seconds"] = wall
        with open(args.json, "w") as f:
            json.dump(out, f)


if __name__ == "__main__":
    main()
