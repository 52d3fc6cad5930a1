"""The compiled ``realistic-v4`` against ``realistic-v3`` on lone deals: the loner's tricks when the defenders decide
on 8 times the worlds (``play_reading(loner_worlds=8)``) or not, on the same contracts and random streams.

Contracts: random deals after the upcard 9h, bid by the shipped count model with its alone thresholds lowered to
8.5 (hard decisions), only those a maker played alone with nobody defending alone; every seat's worlds read the
auction under that model.  Prints the loner's mean tricks under each, the paired difference with its 95% interval,
the march rates and the CPU-seconds of each play-out.

    NUMBA_NUM_THREADS=1 nice -n 10 python benchmarks/v4_lone_kernel.py --deals 24000 --seed 11
"""

from __future__ import annotations

import argparse
import dataclasses
import time

import numpy as np

from euchre_stats.bidding.auction import Auction
from euchre_stats.bidding.model import default_model
from euchre_stats.cardplay.contracts import Contracts, Evaluator
from euchre_stats.cardplay.reading import MORE_WORLDS, play_reading
from euchre_stats.core.cards import parse_card
from euchre_stats.rules import Rules
from euchre_stats.sampling.dealer import Dealer, Knowledge


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=24000)
    ap.add_argument("--seed", type=int, default=11)
    a = ap.parse_args()
    rules = Rules()
    m = dataclasses.replace(default_model(), order_alone=(8.5,) * 4, call_alone=(8.5,) * 4)
    up = parse_card("9h")
    k = Knowledge(rules.deck_obj.mask)
    k.need = [5, 5, 5, 5, 3]
    k.known[4] = 1 << up
    rng = np.random.default_rng(a.seed)
    hands = Dealer(k).sample(a.deals, rng)[:, :4].copy()
    auction = Auction(rules, m, up)
    c = auction.finish(hands, 1, 0, rng)
    keep = np.nonzero((c.maker >= 0) & c.alone & (c.def_alone < 0))[0]
    c = Contracts(*(None if getattr(c, f) is None else getattr(c, f)[keep]
                    for f in ("hands", "trump", "maker", "alone", "def_alone", "up_known", "caller", "discard")))
    leader, out = Evaluator(rules, "pimc", 0, 1).leaders(c)
    h = c.hands.copy()
    for s in range(4):
        h[:, s] = np.where((out >> s) & 1, np.uint64(0), h[:, s])
    made_in = np.where(c.trump == auction.up_suit, 1, 2)
    res = {}
    for name, more in (("realistic-v3", 1), ("realistic-v4", MORE_WORLDS)):
        t0 = time.process_time()
        s0 = play_reading(rules, h, c.trump, leader, out, c.maker, c.alone, c.def_alone, seed=a.seed,
                          models=auction.models, upcard=up, made_in=made_in, up_known=c.up_known, discard=c.discard,
                          loner_worlds=more, threads=1)
        res[name] = (np.where(c.maker % 2 == 0, s0, rules.hand_size - s0), time.process_time() - t0)
    print(f"{len(keep)} lone deals of {a.deals}, seed {a.seed}")
    for name, (t, cpu) in res.items():
        print(f"  {name}: the loner's tricks {t.mean():.4f}, march {np.mean(t == rules.hand_size):.4f}, "
              f"{cpu:.1f} CPU-s")
    d = (res["realistic-v4"][0] - res["realistic-v3"][0]).astype(float)
    h95 = 1.96 * d.std(ddof=1) / np.sqrt(len(d))
    print(f"  v4 - v3, the loner's tricks: {d.mean():+.4f} [{d.mean() - h95:+.4f}, {d.mean() + h95:+.4f}]")


if __name__ == "__main__":
    main()
