"""Does a question's answer change when its suits are renamed?  (A check of the realistic play model.)

The game does not care which suit is trump, only which suit is next (trump's colour mate) and which two are
green, so renaming the suits keeps a question the same question: the trump may be any of the four suits, and
the two green suits may swap.  Its eight renamings must give every option the same value, up to sampling.
For each question this prints every renaming's values from ``order`` (realistic play, the default population)
and, per option, the spread between the highest and the lowest with its z-score (the difference over the
two estimates' joint standard error; independent seeds' deals, so about 2.5 or more is rare by chance
once in eight renamings' 28 pairs).

    python benchmarks/suit_symmetry.py --samples 4000
    python benchmarks/suit_symmetry.py --samples 4000 --question "Jh Jd Ah Ts 9d|Kh|dealer"

Found on 2026-12-06 (docs/methods.md, "Suit renamings and the lowest card"): going alone differs by up to
0.32 points between renamings of the same hand.
"""

from __future__ import annotations

import argparse
import itertools
import math

import euchre_stats as es
from euchre_stats.core.cards import SUITS

#: questions where a trick more or less is worth most: lone hands from each seat, and a hand with the partner
QUESTIONS = (
    "Jh Jd Ah Ts 9d|Kh|dealer",     # right, left and ace with the king picked up, an off ten and the next nine
    "Jh Jd Ah Kh Ts|9h|eldest",     # eldest leads its own lone hand
    "Jh Jd Ah Ac Ts|9h|partner",    # the dealer's partner alone, the upcard not picked up
    "Jh Ah Kh Qh Ts|9h|third",      # no left bower
    "Jh Jd Ah 9s Tc|9h|eldest",     # the README's hand
)


def renamings(trump: int):
    """The eight suit maps (old suit -> new suit) that keep a question the same: ``trump`` to any suit, its
    colour mate (``3 - trump``) to the new trump's, the green suits to the other two in either order."""
    for t in range(4):
        greens_old = [s for s in range(4) if s not in (trump, 3 - trump)]
        greens_new = [s for s in range(4) if s not in (t, 3 - t)]
        for g in itertools.permutations(greens_new):
            yield {trump: t, 3 - trump: 3 - t, greens_old[0]: g[0], greens_old[1]: g[1]}


def rename(cards: str, m: dict) -> str:
    return " ".join(c[0] + SUITS[m[SUITS.index(c[1])]] for c in cards.split())


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--question", action="append", default=None, help="HAND|UPCARD|SEAT (repeatable)")
    ap.add_argument("--workers", type=int, default=2, help="processes (the values do not depend on it)")
    a = ap.parse_args()
    for q in a.question or QUESTIONS:
        hand, up, seat = q.split("|")
        print(f"{hand} up {up}, {seat} ({a.samples} deals a renaming, seed {a.seed}; realistic play, "
              "default population)")
        rows = []
        for m in renamings(SUITS.index(up[1])):
            h, u = rename(hand, m), rename(up, m)
            d = es.order(h, up=u, seat=seat, samples=a.samples, seed=a.seed, workers=a.workers)
            rows.append((f"{h} up {u}", {o.action: (o.ev, o.se) for o in d.options}))
            print(f"  {rows[-1][0]}: " + "  ".join(f"{k} {v[0]:+.3f}" for k, v in rows[-1][1].items()))
        for action in rows[0][1]:
            vals = [(r[1][action], r[0]) for r in rows]
            (hi, hi_q), (lo, lo_q) = max(vals), min(vals)
            z = (hi[0] - lo[0]) / math.hypot(hi[1], lo[1]) if hi[1] or lo[1] else 0.0
            print(f"  {action}: spread {hi[0] - lo[0]:.3f} (z {z:.1f}): {hi[0]:+.3f} for {hi_q}, "
                  f"{lo[0]:+.3f} for {lo_q}")


if __name__ == "__main__":
    main()
