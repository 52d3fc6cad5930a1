"""Would stopping a decision early pay? How often a card "ahead in every world so far" is the plain
average's card over all the worlds.

Decisions are random positions (as ``study_realistic_worlds.py``: random legal play from random
24-card deals, north-american rules with defending alone, four seat patterns in turn), each
valued over 24 worlds of the mover's own view: every legal card in every world, in points, by
the public solver (the slow twin's way).  The rule studied stops after the first K worlds when
one card is ahead there, with ties settled as the full rule settles them:

* the card the first K worlds give the best sum (ties: lowest card number) is worth the most
  in each of those K worlds (no card beats it in any world so far), and
* every lower-numbered card is worse than it in at least one of those worlds (else a tie over
  all 24 worlds would go to the lower card).

Reported per K, over the decisions where the cards are not all worth the same in every world:
how often the rule stops, how often the card it stops on is not the 24-world card, and the
share of worlds it saves.  The project's kernel stays exact (best-first, every world): the
issue allows 1% disagreement with the slow twin, and this shows early stops cost far more.

    python benchmarks/study_early_stop.py --decisions 1500 --seed 5
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from slow_pimc import PATTERNS, knowledge_of, mover_points, random_position  # noqa: E402

from euchre_stats.core.seats import next_active  # noqa: E402
from euchre_stats.rules import preset  # noqa: E402
from euchre_stats.sampling.dealer import Dealer  # noqa: E402
from euchre_stats.solver import card_values_many  # noqa: E402

WORLDS = 24


def values(rules, p, rng) -> tuple[list[int], np.ndarray]:
    """Legal cards and their points for the mover in each of ``WORLDS`` worlds: (cards, (worlds, cards))."""
    k = knowledge_of(rules, p["hands"], p["trump"], p["mover"], p["out"],
                     p["gone"] | sum(1 << c for c in p["trick"]), p["voids"], -1)
    ws = Dealer(k).sample(WORLDS, rng)[:, :4].astype(np.int64)
    ws[:, p["mover"]] = p["hands"][p["mover"]]
    played = np.full((WORLDS, 3), -1, dtype=np.int8)
    played[:, :len(p["trick"])] = p["trick"]
    vals = card_values_many(ws.astype(np.uint64), np.full(WORLDS, p["trump"]), np.full(WORLDS, p["leader"]),
                            np.full(WORLDS, p["out"], dtype=np.uint8), played)
    mover = p["leader"]
    for _ in p["trick"]:
        mover = next_active(mover, p["out"])
    tleft = int(ws[0, mover]).bit_count()
    cards = [c for c in range(33) if vals[0, c] >= 0]
    v = np.zeros((WORLDS, len(cards)), dtype=np.int64)
    for j, c in enumerate(cards):
        for w in range(WORLDS):
            mine = int(vals[w, c])
            side0 = mine if mover % 2 == 0 else tleft - mine
            v[w, j] = mover_points(rules, p["won"] + side0, mover, p["maker"], p["alone"], p["def_alone"])
    return cards, v


def best(cards: list[int], v: np.ndarray) -> int:
    s = v.sum(axis=0)
    return max(range(len(cards)), key=lambda j: (s[j], -cards[j]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--decisions", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    rules = preset("north-american").replace(defend_alone=True)
    rng = np.random.default_rng(args.seed)
    rows = []
    for i in range(args.decisions):
        cards, v = values(rules, random_position(rng, rules, PATTERNS[i % 4]), rng)
        if len(cards) > 1 and not (v == v[:, :1]).all():
            rows.append((cards, v))
    print(f"{args.decisions} random decisions (seed {args.seed}), {len(rows)} where the cards differ somewhere; "
          f"{WORLDS} worlds each")
    print(f"{'K':>3} {'stops':>7} {'wrong card':>11} {'worlds saved':>13}")
    for k in (4, 6, 8, 12, 16, 20):
        stops = wrong = 0
        saved = 0.0
        for cards, v in rows:
            sub = v[:k]
            cand = best(cards, sub)
            ahead = bool((sub[:, cand] == sub.max(axis=1)).all())
            ahead &= all((sub[:, j] < sub[:, cand]).any() for j in range(len(cards)) if cards[j] < cards[cand])
            if ahead:
                stops += 1
                wrong += cand != best(cards, v)
                saved += (WORLDS - k) / WORLDS
        n = len(rows)
        print(f"{k:>3} {stops / n:>7.1%} {wrong / n:>11.2%} {saved / n:>13.1%}")


if __name__ == "__main__":
    main()
