"""Is the compiled ``realistic-v3`` play-out (``--model realistic-v3``) faithful to the Python player?

Self-play of the Python players on the same deals (``players/table.py::play_hands``, the shipped bidder
at every seat: hard decisions, so the auction and every contract are the same whatever the card play),
then the very contracts replayed by the compiled play-outs (``cardplay/contracts.py::Evaluator``, the
auction of each deal read as ``order`` and ``call`` read it).  Per deal the dealing side's points minus
the other side's, under:

* ``python v3``: the player ``realistic-v3`` (``players/reading.py``, ``players/defence.py`` defend=4);
* ``python v1``: the player ``realistic-v1`` (uniform worlds);
* ``compiled v3``: ``Evaluator(model="realistic-v3")`` (``engine/reading.py``);
* ``compiled v1``: ``Evaluator(model="pimc")`` (``engine/realistic.py``).

Prints each mean with its 95% interval and the paired differences.  The port is faithful when compiled v3
scores like python v3 (and the gain over v1 is the same in both).

    NUMBA_NUM_THREADS=1 python benchmarks/v3_port.py --deals 40000 --seed 30 [--skip-v1]

``--v4``: the same with ``realistic-v4`` in place of ``realistic-v3`` on both sides (the Python player
``players/defence.py`` defend=20, the compiled ``--model realistic-v4``).
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from euchre_stats.bidding.auction import Auction
from euchre_stats.bidding.model import default_model
from euchre_stats.cardplay.contracts import Contracts, Evaluator
from euchre_stats.players.table import play_hands
from euchre_stats.rules import Rules


def mean_ci(x):
    """Mean and its 95% interval (normal)."""
    x = np.asarray(x, dtype=float)
    mu = float(x.mean())
    h = 1.96 * float(x.std(ddof=1)) / np.sqrt(len(x))
    return mu, mu - h, mu + h


def contracts_of(states):
    """Per deal (kernel seats: eldest 0 .. dealer 3) the contract as play started, and the upcard."""
    rows = []
    for st in states:
        d = st.dealer
        ks = [(s - d - 1) % 4 for s in range(4)]
        hands = [0] * 4
        for s in range(4):
            hands[ks[s]] = int(st.dealt[s])
        picked = st.discard is not None
        if picked:
            hands[3] = (hands[3] | (1 << st.upcard)) & ~(1 << st.discard)
        made = st.maker_seat is not None and not st.thrown_in
        rows.append(dict(hands=hands, upcard=st.upcard, trump=st.trump if made else 0,
                         maker=ks[st.maker_seat] if made else -1,
                         alone=made and st.alone is not None,
                         def_alone=ks[st.defender_alone] if made and st.defender_alone is not None else -1,
                         up_known=st.upcard if picked else -1, discard=st.discard if picked else -1,
                         dealer_side_points=st.points[d % 2] - st.points[1 - d % 2]))
    return rows


def compiled(rules, rows, model, seed, workers):
    """The dealing side's points per deal, each deal's contract played by the compiled ``model``."""
    m = default_model()
    out = np.zeros(len(rows))
    rng = np.random.default_rng(seed)
    ups = sorted({r["upcard"] for r in rows})
    for up in ups:  # one auction (one upcard) per call
        idx = [i for i, r in enumerate(rows) if r["upcard"] == up]
        sel = [rows[i] for i in idx]
        c = Contracts(np.array([r["hands"] for r in sel], dtype=np.uint64),
                      np.array([r["trump"] for r in sel], dtype=np.int64),
                      np.array([r["maker"] for r in sel], dtype=np.int64),
                      np.array([r["alone"] for r in sel], dtype=bool),
                      np.array([r["def_alone"] for r in sel], dtype=np.int64),
                      up_known=np.array([r["up_known"] for r in sel], dtype=np.int64),
                      discard=np.array([r["discard"] for r in sel], dtype=np.int64))
        ev = Evaluator(rules, model, 3, workers, auction=Auction(rules, m, up))
        out[idx] = ev.play(c, rng).value
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=30)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--skip-v1", action="store_true", help="no Python v1 self-play")
    ap.add_argument("--out", default=None, help="write the per-deal figures (JSON)")
    ap.add_argument("--v4", action="store_true", help="realistic-v4 in place of realistic-v3, both sides")
    a = ap.parse_args()
    rules = Rules()
    res = {}
    t0 = time.process_time()
    v3 = "realistic-v4" if a.v4 else "realistic-v3"
    s3 = play_hands(v3, hands=a.deals, seed=a.seed, rules=rules)
    print(f"python v3 self-play: {time.process_time() - t0:.0f} CPU-s", flush=True)
    rows = contracts_of(s3)
    res["python v3"] = np.array([r["dealer_side_points"] for r in rows], dtype=float)
    if not a.skip_v1:
        t0 = time.process_time()
        s1 = contracts_of(play_hands("realistic-v1", hands=a.deals, seed=a.seed, rules=rules))
        print(f"python v1 self-play: {time.process_time() - t0:.0f} CPU-s", flush=True)
        assert all(x["maker"] == y["maker"] and x["trump"] == y["trump"] and x["alone"] == y["alone"]
                   for x, y in zip(rows, s1)), "the contracts differ between the self-plays"
        res["python v1"] = np.array([r["dealer_side_points"] for r in s1], dtype=float)
    for name, model in (("compiled v3", v3), ("compiled v1", "pimc")):
        t0 = time.process_time()
        res[name] = compiled(rules, rows, model, a.seed, a.workers)
        print(f"{name}: {time.process_time() - t0:.1f} CPU-s", flush=True)
    # the makers' side's points minus the defenders' (0 for a hand thrown in): the side the cashing rule plays against
    makers = np.array([0.0 if r["maker"] < 0 else (1.0 if r["maker"] & 1 else -1.0) for r in rows])
    pairs = [("compiled v3", "python v3"), ("compiled v1", "python v1"), ("python v3", "python v1"),
             ("compiled v3", "compiled v1")]
    for what, sign in (("the dealing side's", 1.0), ("the makers'", makers)):
        print(f"\n{a.deals} deals, seed {a.seed}: {what} points minus the other side's, a deal")
        for k, v in res.items():
            mu, lo, hi = mean_ci(v * sign)
            print(f"  {k:12s} {mu:+.4f} [{lo:+.4f}, {hi:+.4f}]")
        for x, y in pairs:
            if x in res and y in res:
                mu, lo, hi = mean_ci((res[x] - res[y]) * sign)
                print(f"  {x} - {y}: {mu:+.4f} [{lo:+.4f}, {hi:+.4f}]")
    if a.out:
        with open(a.out, "w") as f:
            json.dump({k: v.tolist() for k, v in res.items()}, f)


if __name__ == "__main__":
    main()
