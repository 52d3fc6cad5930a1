"""How self-play bids under a policy: the share of deals thrown in and played alone, and who makes trump.

Random four-handed deals (north-american rules), bid by the policy at all four seats and played
by realistic play, as ``variants`` and ``equity`` play them (``decide.selfplay.play_random_hands``).
Printed per policy, with 95% Wilson intervals: deals thrown in, deals played alone, made in round
two, the round-two calls by seat, the share of contracts played alone, made, marched and euchred, and
"pass on the bower": of the deals where a jack is turned and the three seats before the dealer pass,
the share where the dealer passes too.

    python benchmarks/selfplay_shares.py --policies shipped,shipped-soft --deals 20000 --seed 5
"""

from __future__ import annotations

import argparse
import json

import numpy as np

from euchre_stats.bidding.model import policy_model
from euchre_stats.core.stats import proportion
from euchre_stats.core.bits import JACK
from euchre_stats.decide.selfplay import play_random_hands
from euchre_stats.sampling.deals import random_deals
from euchre_stats.rules import NORTH_AMERICAN
from euchre_stats.sampling.seeds import chunk_rng, chunk_sizes


def share(hits):
    e = proportion(np.asarray(hits, dtype=bool))
    return {"share": round(e.value, 4), "ci": [round(e.low, 4), round(e.high, 4)], "count": int(np.sum(hits)),
            "of": int(e.n)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--policies", default="shipped,shipped-soft")
    ap.add_argument("--deals", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("-o", "--output")
    args = ap.parse_args()
    report = {}
    for pol in args.policies.split(","):
        name, model = policy_model(pol)
        parts, ups = [], []
        for i, n in enumerate(chunk_sizes(args.deals)):
            rng = chunk_rng(args.seed, i)   # the deals drawn here, as play_random_hands draws them
            deals = random_deals(NORTH_AMERICAN, n, rng)
            parts.append(play_random_hands(NORTH_AMERICAN, n, rng, "pimc", None, model, deals=deals))
            ups.append(deals[1])
        up = np.concatenate(ups)
        maker = np.concatenate([p.maker for p in parts])
        alone = np.concatenate([p.alone for p in parts])
        r1 = np.concatenate([p.round_one for p in parts])
        caller = np.concatenate([p.caller for p in parts])
        n = len(maker)
        live = maker >= 0
        r2 = live & ~r1
        tricks = np.concatenate([p.maker_tricks for p in parts])
        # "pass on the bower": a jack turned, the three seats before the dealer passed, the dealer passes
        jack = (up & 7) == JACK
        offered = jack & ~(r1 & (caller >= 0) & (caller < 3))
        rec = {"decisions": model.decisions, "deals": n, "thrown_in": share(~live),
               "alone": share(live & alone), "round_two": share(r2),
               "round_two_calls_by_seat": {s: int((r2 & (caller == s)).sum()) for s in range(4)},
               "alone_of_contracts": share(alone[live]), "made": share(tricks[live] >= 3),
               "march": share(tricks[live] == 5), "euchred": share(tricks[live] < 3),
               "dealer_passes_turned_jack": share(~(r1 & (caller == 3))[offered])}
        report[name] = rec
        print(name, json.dumps(rec), flush=True)
    if args.output:
        with open(args.output, "w") as f:
            json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
