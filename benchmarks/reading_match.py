"""A duplicate match between two card players with the same bidder (docs/methods.md, "Reading the auction
in the play"): A's points minus B's per deal, the loners, A's effective worlds, and with ``--split`` the
gain split into the makers' and the defenders' play by a third table where B holds every seat.

    python benchmarks/reading_match.py --a realistic-v2 --b realistic-v1 --hands 20000 --seed 1 --split

The deals, seats and seeds are those of ``players.table.play_match`` (the same loop), so A - B is the
figure ``euchre-stats play --a A --b B --hands N --seed S`` prints.  Per deal with a contract: the
makers' gain is the makers' net with A making against B minus their net with B everywhere; the
defenders' gain is the makers' net with B everywhere minus their net with B making against A; A - B
is half their sum.  ``diff_by_contract`` splits A - B by the contract at the first table (a lone maker,
makers with a partner; a deal thrown in counts as neither): the defence options of ``realistic-v2``
(docs/methods.md, "Defence") change only those deals' play.  Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

import numpy as np

from euchre_stats.core.stats import mean
from euchre_stats.game.state import HandState
from euchre_stats.players import load_player
from euchre_stats.players.table import deal_seed, play_hand
from euchre_stats.rules import Rules


def _est(x) -> dict:
    e = mean(np.array(x, dtype=np.float64))
    return {"value": e.value, "ci": [e.low, e.high], "n": e.n}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--a", default="realistic-v2")
    ap.add_argument("--b", default="realistic-v1")
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--split", action="store_true", help="play a third table with B everywhere")
    ap.add_argument("--every", type=int, default=0, help="print the running A - B to stderr every N deals")
    args = ap.parse_args()
    rules = Rules()
    pa, pb = load_player(args.a), load_player(args.b)
    diff, maker, defender, maker_lone, defender_lone = [], [], [], [], []
    by_contract = {"lone": [], "partnered": []}
    lone = {"A": [0, 0, 0.0], "B": [0, 0, 0.0]}  # by who defends: lone hands, marches, defenders' net points
    t0 = time.time()
    for i in range(args.hands):
        ds = deal_seed(args.seed, i)
        deal = HandState.deal(rules, i % 4, np.random.default_rng(ds))
        tables = [play_hand(deal.copy(), [pa if (s & 1) == t else pb for s in range(4)], seed=ds) for t in (0, 1)]
        s1, s2 = tables
        diff.append(((s1.points[0] - s1.points[1]) + (s2.points[1] - s2.points[0])) / 2)
        if s1.maker_seat is not None and not s1.thrown_in:
            by_contract["lone" if s1.alone is not None else "partnered"].append(diff[-1])
        for t, st in enumerate(tables):
            if st.alone is not None and not st.thrown_in:
                ms = st.makers
                who = "A" if ms != t else "B"
                lone[who][0] += 1
                lone[who][1] += int(st.tricks[ms] == rules.hand_size)
                lone[who][2] += st.points[1 - ms] - st.points[ms]
        if args.every and (i + 1) % args.every == 0:
            print(json.dumps({"deals": i + 1, "diff": _est(diff), "lone_defended_by": lone}), file=sys.stderr,
                  flush=True)
        if not args.split:
            continue
        base = play_hand(deal.copy(), [pb] * 4, seed=ds)
        if base.maker_seat is None or base.thrown_in:
            maker.append(0.0)
            defender.append(0.0)
            continue
        ms = base.makers

        def net(st, ms=ms):
            return st.points[ms] - st.points[1 - ms]

        gm = net(s1 if ms == 0 else s2) - net(base)
        gd = net(base) - net(s2 if ms == 0 else s1)
        maker.append(gm)
        defender.append(gd)
        if base.alone is not None:
            maker_lone.append(gm)
            defender_lone.append(gd)
    res = {"a": args.a, "b": args.b, "hands": args.hands, "seed": args.seed, "diff": _est(diff),
           "lone_defended_by": lone, "diff_by_contract": {k: _est(v) for k, v in by_contract.items() if v},
           "seconds": round(time.time() - t0, 1)}
    if args.split:
        res.update({"makers_gain_per_deal": _est(maker), "defenders_gain_per_deal": _est(defender),
                    "makers_gain_per_lone_hand": _est(maker_lone),
                    "defenders_gain_per_lone_hand": _est(defender_lone)})
    log = getattr(pa, "log", None)
    if log:
        ess = np.array([x[0] for x in log])
        pool = np.array([x[1] for x in log])
        res["effective_worlds"] = {"decisions": int(len(ess)), "median": float(np.median(ess)),
                                   "p5": float(np.percentile(ess, 5)), "below_24": float((ess < 24).mean()),
                                   "pool_grew": float((pool > 256).mean()), "pool_mean": float(pool.mean())}
    print(json.dumps(res, indent=1))


if __name__ == "__main__":
    main()
