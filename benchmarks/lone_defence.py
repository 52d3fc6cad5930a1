"""Defence against loners measured on the lone deals only (docs/methods.md, "Defending against a loner, on
the lone deals"): the deals of ``euchre-stats play --seed S`` on which a maker goes alone, each played at
two tables where only the defenders differ.

    python benchmarks/lone_defence.py --a realistic-v2:defend=20 --b realistic-v3 --deals 20000 --seed 1

Deal ``i`` is the deal of ``players.table.play_match`` (``deal_seed(S, i)``, dealer ``i % 4``).  Its
auction is screened first by the shipped bidder alone (the bidder every ``realistic*`` player bids
with; its answers depend only on the hand and the seat's seed, never on the card player), keeping the
deals where a maker goes alone and no defender does.  Each kept deal is then played twice, with the
same seeds: the lone maker's side by ``--loner`` at both tables, the defenders by A at one and by B at
the other.  So the loner is the same player, with the same random numbers, at both tables: the tables
differ only by the defence.  ``--loner a`` (``b``) seats A (B) as the loner; the default is B.  Several
``--a`` are each compared with the same B tables.

Per A: the lone deals ``n``, the defenders' net points a deal with A defending minus with B defending
(A - B, 95% interval), the march rate and the defenders' points a deal under each; per pair of A's
(``pairs``, unless each A is its own loner), the first's defenders' points a deal minus the second's
(the same deals, the same loner).
``--loner`` may also name a player spec, seated as the loner at every table.  ``--every N``
prints the running figures to stderr.  Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

import numpy as np

from euchre_stats.core.stats import mean, proportion
from euchre_stats.game.state import HandState
from euchre_stats.players import load_player
from euchre_stats.players.shipped import ModelPlayer
from euchre_stats.players.table import deal_seed, play_hand
from euchre_stats.rules import Rules


class _Bidder(ModelPlayer):
    """The shipped bidder with the cheapest card play (the lowest legal card): only its auction is read."""

    def play(self, view):
        legal = view.legal_cards
        return (legal & -legal).bit_length() - 1


def lone_deals(rules: Rules, deals: int, seed: int):
    """The deals ``(index, seed, deal, lone seat)`` among the first ``deals`` of ``seed`` on which a maker
    goes alone and no defender does, under the shipped bidder."""
    bidder = _Bidder("shipped")
    out = []
    for i in range(deals):
        ds = deal_seed(seed, i)
        deal = HandState.deal(rules, i % 4, np.random.default_rng(ds))
        st = play_hand(deal.copy(), [bidder] * 4, seed=ds)
        if st.alone is not None and st.defender_alone is None and not st.thrown_in:
            out.append((i, ds, deal, int(st.alone)))
    return out


def _est(x) -> dict:
    e = mean(np.array(x, dtype=np.float64))
    return {"value": round(e.value, 4), "ci": [round(e.low, 4), round(e.high, 4)], "n": e.n}


def _rate(hits: list) -> dict:
    p = proportion(np.array(hits, dtype=bool))
    return {"value": round(p.value, 4), "ci": [round(p.low, 4), round(p.high, 4)], "marches": int(sum(hits)),
            "n": len(hits)}


def defend(rules: Rules, deal: HandState, ds: int, loner, defender, lone_seat: int) -> tuple[float, bool]:
    """The defenders' net points and whether the loner marched, ``loner`` holding the lone maker's side."""
    side = lone_seat & 1
    st = play_hand(deal.copy(), [loner if (s & 1) == side else defender for s in range(4)], seed=ds)
    if st.alone != lone_seat:  # (never: the auction is the bidder's, the same at every table)
        raise RuntimeError(f"deal seed {ds}: the auction differed from the screen's")
    return float(st.points[1 - side] - st.points[side]), st.tricks[side] == rules.hand_size


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--a", action="append", required=True, help="a defender to measure (repeatable)")
    ap.add_argument("--b", default="realistic-v3")
    ap.add_argument("--loner", default="b", help="who plays the loner: b (default), a, or a player spec")
    ap.add_argument("--deals", type=int, default=2000, help="deals screened (about a fifth are lone)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--every", type=int, default=0, help="print the running figures every N lone deals")
    args = ap.parse_args()
    rules = Rules()
    t0 = time.time()
    found = lone_deals(rules, args.deals, args.seed)
    screen = time.time() - t0
    pb = load_player(args.b)
    pas = [load_player(a) for a in args.a]
    fixed = pb if args.loner == "b" else None if args.loner == "a" else load_player(args.loner)
    diff = [[] for _ in pas]
    pts_a = [[] for _ in pas]
    march_a = [[] for _ in pas]
    pts_b, march_b = [[] for _ in pas], [[] for _ in pas]
    b_cache: dict = {}
    for k, (_, ds, deal, seat) in enumerate(found):
        for j, pa in enumerate(pas):
            loner = pa if fixed is None else fixed
            key = id(loner)
            if key not in b_cache:
                b_cache[key] = defend(rules, deal, ds, loner, pb, seat)
            nb, mb = b_cache[key]
            na, ma = defend(rules, deal, ds, loner, pa, seat)
            diff[j].append(na - nb)
            pts_a[j].append(na)
            pts_b[j].append(nb)
            march_a[j].append(ma)
            march_b[j].append(mb)
        b_cache.clear()
        if args.every and (k + 1) % args.every == 0:
            print(json.dumps({"lone": k + 1, "of": len(found), "diff": [_est(d) for d in diff],
                              "seconds": round(time.time() - t0)}), file=sys.stderr, flush=True)
    rows = []
    for j, a in enumerate(args.a):
        n = len(diff[j])
        rows.append({"a": a, "lone_deals": n, "a_minus_b": _est(diff[j]),
                     "march_a_defending": _rate(march_a[j]), "march_b_defending": _rate(march_b[j]),
                     "defenders_points_a": _est(pts_a[j]), "defenders_points_b": _est(pts_b[j])})
    pairs = [{"a": args.a[j], "minus": args.a[k], "diff": _est(np.subtract(pts_a[j], pts_a[k]))}
             for j in range(len(pas)) for k in range(j + 1, len(pas)) if fixed is not None]
    print(json.dumps({"b": args.b, "loner": args.loner, "deals": args.deals, "seed": args.seed, "rows": rows,
                      "pairs": pairs,
                      "screen_seconds": round(screen, 1), "seconds": round(time.time() - t0, 1)}, indent=1))


if __name__ == "__main__":
    main()
