"""How many worlds the realistic play model needs: agreement with 200 worlds, and the cost.

Decisions are random positions (random legal play from random 24-card deals, north-american
rules with defending alone; four seat patterns in turn: four players, a lone maker, a lone
defender against a maker with a partner, two loners), each with at least two legal cards.
For every decision, 200 worlds and W worlds are sampled independently by the kernel's own
sampler and solved by the kernel (:func:`euchre_stats.cardplay.realistic.decide_given_worlds`).
Reported per W: how often the card chosen is the 200-world card, the mean absolute
difference of the cards' average points, and the mean regret (points the W-world card gives
up under the 200-world values).  Cost: full realistic play-outs of random deals per CPU-second.

    python benchmarks/study_realistic_worlds.py --decisions 1000 --seed 1
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from slow_pimc import PATTERNS, random_position  # noqa: E402

from euchre_stats.engine import realistic as K  # noqa: E402
from euchre_stats.cardplay.realistic import decide_given_worlds, play_realistic, sample_worlds  # noqa: E402
from euchre_stats.rules import preset  # noqa: E402
from euchre_stats.sampling.deals import random_positions  # noqa: E402

RULES = preset("north-american").replace(defend_alone=True)
WORLDS = (4, 8, 16, 24, 32, 48, 200)
REFERENCE = 200
ROWS = WORLDS


def values(p, worlds: int, seed: int, stream: int) -> tuple[int, dict[int, float]]:
    ws, _ = sample_worlds(RULES, p["hands"], p["trump"], p["leader"], p["out"], seed=seed, stream=stream,
                          worlds=worlds, trick=p["trick"], gone=p["gone"], voids=p["voids"])
    card, sums = decide_given_worlds(RULES, ws, p["trump"], p["leader"], p["out"], p["maker"], p["alone"],
                                     p["def_alone"], trick=p["trick"], gone=p["gone"], won=p["won"])
    return card, {c: sums[c] / len(ws) for c in range(33) if sums[c] != K.NOT_LEGAL}


def study(decisions: int, seed: int, steps=None):
    rng = np.random.default_rng(seed)
    stats = {row: [0, 0.0, 0.0] for row in ROWS}
    for i in range(decisions):
        p = random_position(rng, RULES, PATTERNS[i % 4], steps=steps)
        ref_card, ref = values(p, REFERENCE, seed, 2 * i)
        for w in ROWS:
            card, v = values(p, w, seed + 1, 2 * i + 1)
            s = stats[w]
            s[0] += card == ref_card
            s[1] += float(np.mean([abs(v[c] - ref[c]) for c in ref]))
            s[2] += ref[ref_card] - ref[card]
    return {row: (s[0] / decisions, s[1] / decisions, s[2] / decisions) for row, s in stats.items()}


def cost(deals: int, seed: int, repeat: int = 3):
    hands, trump, leader = random_positions(deals, seed)
    maker = np.random.default_rng(seed).integers(0, 4, deals)
    play_realistic(RULES, hands[:4], trump[:4], leader[:4], 0, maker[:4], False, -1, seed=seed, threads=1)
    out = {}
    for w in ROWS:
        best = float("inf")
        for _ in range(repeat):  # the best of a few: the machine is shared
            c0 = time.process_time()
            play_realistic(RULES, hands, trump, leader, 0, maker, False, -1, seed=seed, worlds=w, threads=1)
            best = min(best, time.process_time() - c0)
        out[w] = 1e3 * best / deals
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decisions", type=int, default=1000)
    ap.add_argument("--leads", type=int, default=400, help="opening leads studied on their own")
    ap.add_argument("--deals", type=int, default=1000, help="play-outs timed per world count")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    every = study(a.decisions, a.seed)
    leads = study(a.leads, a.seed + 100, steps=0)
    ms = cost(a.deals, a.seed)
    print(f"reference {REFERENCE} worlds (independent samples); {a.decisions} random decisions, "
          f"{a.leads} opening leads; seed {a.seed}")
    print("| worlds | same card (all) | value diff (all) | regret (all) | same card (leads) "
          "| regret (leads) | ms per play-out |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for row in ROWS:
        e, ld = every[row], leads[row]
        print(f"| {row} | {100 * e[0]:.1f}% | {e[1]:.3f} | {e[2]:.3f} | {100 * ld[0]:.1f}% | {ld[2]:.3f} "
              f"| {ms[row]:.2f} |")


if __name__ == "__main__":
    main()
