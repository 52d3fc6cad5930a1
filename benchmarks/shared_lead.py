"""The asker's opening lead decided once over more worlds (``play_realistic``'s ``shared_lead``) against a lead
decided afresh in every deal over 24 worlds (before): which is stronger, and how stable the shared lead is.

Questions: ``--questions`` random eldest hands with a random upcard; eldest orders the dealer up (the dealer holds
the upcard and four random cards), with its partner and alone.  In each of ``--deals`` deals per question and
contract, every legal lead is played out realistically from the deal's own stream (``lead_values_realistic``:
common random numbers, so two leads differ only by the lead).  Compared in the asker's points a deal, paired:

- ``shared``: the one lead of the information set over 20 x 24 worlds (the lead every deal then plays);
- ``per deal``: the lead each deal's own 24 worlds chose, as the play made it before (the kernel's first decision,
  from a stream of the deal's own other than the one its leads are then played from).

Also printed: how often the shared lead is the same card from the streams of ``--reseeds`` other seeds than
``SHARED_LEAD_SEED`` (its stability).

    NUMBA_NUM_THREADS=2 python benchmarks/shared_lead.py --questions 40 --deals 1500 --seed 1
"""

from __future__ import annotations

import argparse
import math
from collections import Counter

import numpy as np

from euchre_stats.cardplay import realistic as R
from euchre_stats.core.bits import card_suit
from euchre_stats.core.cards import card_name
from euchre_stats.rules import preset

NA = preset("north-american")


def deals(rng, n: int):
    """One question: eldest's hand and the upcard, and ``n`` deals of the others (the dealer holds the upcard)."""
    cards = rng.permutation(NA.deck_obj.cards)
    mine = sum(1 << int(c) for c in cards[:5])
    up = int(cards[5])
    rest = cards[6:]
    rows = []
    for _ in range(n):
        c = rng.permutation(rest)
        dealer = sum(1 << int(x) for x in c[10:14]) | (1 << up)
        rows.append([mine, sum(1 << int(x) for x in c[:5]), sum(1 << int(x) for x in c[5:10]), dealer])
    return np.array(rows, dtype=np.uint64), card_suit(up), up


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--questions", type=int, default=40)
    ap.add_argument("--deals", type=int, default=1500)
    ap.add_argument("--reseeds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    rng = np.random.default_rng(a.seed)
    diffs = {False: [], True: []}
    same = Counter()
    print(f"seed {a.seed}: {a.questions} questions x {a.deals} deals, eldest orders up (with the partner / alone)")
    for q in range(a.questions):
        hands, trump, up = deals(rng, a.deals)
        for alone in (False, True):
            h = hands.copy()
            out = 4 if alone else 0
            if alone:
                h[:, 2] = 0
            seed = int(rng.integers(2**62))
            kw = dict(worlds=24, up_known=up)
            # the per-deal leads: each deal's first decision over 24 worlds of a stream of its own, as the play made
            # it before (not the stream the leads are then played from: a decision and the next seat's would draw
            # the same random numbers, which couples their worlds)
            pv = R._validate(NA, h, trump, 0, out, 0, alone, -1, seed, 24, None, None, None, up, None, None)
            n = pv[0].shape[0]
            per_deal = R._run(NA, *pv, np.arange(n, dtype=np.int64) + (1 << 40), seed, 24, None, first=True)
            cache: dict = {}
            R.play_realistic(NA, h[:1], trump, 0, out, 0, alone, -1, seed=seed, shared_lead=0, shared_cache=cache,
                             **kw)
            (shared,) = cache.values()
            # its stability: the shared lead from the streams of other seeds
            fixed = R.SHARED_LEAD_SEED
            for k in range(a.reseeds):
                c2: dict = {}
                R.SHARED_LEAD_SEED = fixed + 1 + k
                R.play_realistic(NA, h[:1], trump, 0, out, 0, alone, -1, seed=seed, shared_lead=0, shared_cache=c2,
                                 **kw)
                same[alone] += next(iter(c2.values())) == shared
            R.SHARED_LEAD_SEED = fixed
            _, points = R.lead_values_realistic(NA, h, trump, 0, out, 0, alone, -1, seed=seed, **kw)
            d = points[np.arange(n), shared] - points[np.arange(n), per_deal]
            diffs[alone].append(d)
            moved = float((per_deal != shared).mean())
            print(f"  q{q:02d} {card_name(up)} up, {'alone' if alone else 'partner'}: shared {card_name(shared)}, "
                  f"per-deal leads differ in {moved:.0%}, shared - per deal {d.mean():+.4f}", flush=True)
    for alone in (False, True):
        d = np.concatenate(diffs[alone])
        means = np.array([x.mean() for x in diffs[alone]])
        se = d.std(ddof=1) / math.sqrt(len(d))
        print(f"{'alone' if alone else 'with the partner'}: shared - per deal {d.mean():+.4f} "
              f"[{d.mean() - 1.96 * se:+.4f}, {d.mean() + 1.96 * se:+.4f}] points a deal over {len(d):,} deals; "
              f"questions where it gains/loses by more than 0.02: {(means > 0.02).sum()}/{(means < -0.02).sum()}; "
              f"the shared lead the same over {a.reseeds} other seeds: {same[alone]}/{a.reseeds * a.questions}")


if __name__ == "__main__":
    main()
