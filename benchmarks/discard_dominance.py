"""Is the lowest card of a suit always at least as good a discard as a higher card of the same suit?

If it were, the dealer's questions could play fewer discards (the upcard and the lowest other card of each
suit, 4.2 of the 6 on average).  This study asks realistic ``discard`` (every candidate on the same deals,
common random numbers) on random dealer hands and compares, suit by suit, the lowest card's value with each
higher card's, the upcard left out (``--with-upcard``: in, as the lowest or the higher card of its suit):

    python benchmarks/discard_dominance.py --hands 150 --samples 1000 --seed 5 [--alone] [--with-upcard]

It prints every pair where the higher card did better, and the summary (pairs, worst shortfall).  The answer
(docs/performance.md, 2026-12-05) is no: burying a higher card the others still count on (the upcard, or a
king kept out of sight behind an ace-queen) is sometimes worth up to 0.1 points under realistic play, so
``order`` plays every discard, screened by :class:`euchre_stats.decide.setup.DiscardScreen` instead.
"""

from __future__ import annotations

import argparse
import json

import numpy as np

import euchre_stats as es
from euchre_stats.core.cards import card_name
from euchre_stats.core.trump import effective_suit
from euchre_stats.decide.setup import weakest_first


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=150)
    ap.add_argument("--samples", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--alone", action="store_true")
    ap.add_argument("--with-upcard", action="store_true", help="compare the upcard with its suit's cards too")
    ap.add_argument("--out", default=None, help="JSON lines of every pair")
    args = ap.parse_args()
    rng = np.random.default_rng(args.seed)
    deck = [c for c in range(32) if (c & 7) >= 2]   # the 24-card deck: 9 to A of each suit
    pairs, worse, worst = 0, 0, 0.0
    out = open(args.out, "w") if args.out else None
    for i in range(args.hands):
        six = sorted(rng.choice(deck, 6, replace=False).tolist())
        up = six[int(rng.integers(6))]
        trump = up >> 3
        d = es.discard(" ".join(card_name(c) for c in six), up=card_name(up), samples=args.samples,
                       seed=args.seed * 1000 + i, alone=args.alone)
        ev = {o["action"]: o["ev"] for o in d.to_dict()["options"]}
        by_suit: dict[int, list[int]] = {}
        for c in weakest_first(six, trump):
            if c == up and not args.with_upcard:
                continue
            by_suit.setdefault(effective_suit(c, trump), []).append(c)
        for cards in by_suit.values():
            low = card_name(cards[0])
            for c in cards[1:]:
                gap = ev[low] - ev[card_name(c)]
                pairs += 1
                worst = min(worst, gap)
                if gap < 0:
                    worse += 1
                    print(f"{' '.join(card_name(c) for c in six)} up {card_name(up)}: {card_name(c)} "
                          f"{ev[card_name(c)]:+.3f} above the lowest {low} {ev[low]:+.3f} ({gap:+.3f})")
                if out:
                    out.write(json.dumps({"six": [card_name(c) for c in six], "up": card_name(up), "low": low,
                                          "high": card_name(c), "gap": round(gap, 4)}) + "\n")
    print(f"hands {args.hands}, samples {args.samples}, seed {args.seed}, alone {args.alone}, the upcard "
          f"{'in' if args.with_upcard else 'left out'}: {pairs} pairs of one "
          f"suit; the higher card did better in {worse} ({worse / max(pairs, 1):.1%}); the worst shortfall of the "
          f"lowest {worst:+.3f} points")


if __name__ == "__main__":
    main()
