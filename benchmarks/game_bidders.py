"""Duplicate matches of the smaller games' bidders: one seat bids with thresholds A, the others with B.

For each deal and each seat, the hand is bid twice from the same cards: once with that seat on A
(the others on B) and once with every seat on B; both contracts are played by the same play model
from the same random stream, and the seat's value (``bidding.games.seat_value``: two-handed points
minus the opponent's, cutthroat points minus the others' mean) is compared.  Printed: the gain per
hand of bidding with A among B players, averaged over the seats, with its 95% interval.

    python benchmarks/game_bidders.py --players 3 --deals 4000 --seed 7
    python benchmarks/game_bidders.py --players 6 --deals 4000 --seed 7 --model dd
    python benchmarks/game_bidders.py --players 6 --deck 50 --deals 4000 --seed 7   # the doubled pack
    (A: the shipped thresholds; B: the point-count bidder's own; --a/--b take JSON objects of thresholds)
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from euchre_stats.bidding.games import (contract_of, finish_auction, game_kinds, game_thresholds, play_contracts,
                                        seat_value)
from euchre_stats.game.policies import THRESHOLDS, PointCountPolicy
from euchre_stats.game.state import HandState
from euchre_stats.rules import Rules, for_players
from euchre_stats.sampling.seeds import chunk_rng


def match(rules: Rules, a: dict, b: dict, deals: int, seed: int, model: str = "pimc") -> dict:
    pa, pb = PointCountPolicy(thresholds=a), PointCountPolicy(thresholds=b)
    p = rules.players
    rng = chunk_rng(seed, 99, p)
    base, hero = [], {s: [] for s in range(p)}
    for _ in range(deals):
        s0 = HandState.deal(rules, p - 1, rng)
        base.append(contract_of(finish_auction(s0.copy(), pb)))
        for s in range(p):
            def mixed(st, s=s):
                return (pa if st.to_act == s else pb)(st)
            hero[s].append(contract_of(finish_auction(s0.copy(), mixed)))
    play_seed = int(rng.integers(0, 2**62))
    played = play_contracts(rules, base, model, play_seed, None)
    gains = np.zeros(deals)
    per_seat = {}
    for s in range(p):
        g = (seat_value(rules, s, *play_contracts(rules, hero[s], model, play_seed, None))
             - seat_value(rules, s, *played))
        per_seat[s] = (float(g.mean()), float(g.std(ddof=1) / np.sqrt(deals)))
        gains += g / p
    se = float(gains.std(ddof=1) / np.sqrt(deals))
    return {"players": p, "deals": deals, "seed": seed, "model": model, "gain": float(gains.mean()),
            "ci": [float(gains.mean() - 1.96 * se), float(gains.mean() + 1.96 * se)],
            "per_seat": per_seat, "changed": float(np.mean([h[2] != c[2] or h[1] != c[1]
                                                            for s in range(p) for h, c in zip(hero[s], base)]))}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, choices=(2, 3, 6), required=True)
    ap.add_argument("--deals", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--model", choices=("pimc", "dd"), default="pimc")
    ap.add_argument("--deck", default=None, help="the deck (six-handed: 33, the default, or 50, the doubled pack)")
    ap.add_argument("--a", default=None, help="JSON thresholds of A (default: the shipped ones)")
    ap.add_argument("--b", default=None, help="JSON thresholds of B (default: the point-count bidder's own)")
    args = ap.parse_args()
    rules = for_players(Rules.from_json({}), args.players)
    if args.deck is not None:
        rules = rules.replace(deck=args.deck)
    a = {**THRESHOLDS, **json.loads(args.a)} if args.a else game_thresholds(args.players, rules.deck)
    b = {**THRESHOLDS, **json.loads(args.b)} if args.b else dict(THRESHOLDS)
    t0 = time.perf_counter()
    r = match(rules, a, b, args.deals, args.seed, args.model)
    r["seconds"] = round(time.perf_counter() - t0, 1)
    r["a"] = {k: a[k] for k in game_kinds(args.players)}
    r["b"] = {k: b[k] for k in game_kinds(args.players)}
    print(json.dumps(r, indent=1))


if __name__ == "__main__":
    main()
