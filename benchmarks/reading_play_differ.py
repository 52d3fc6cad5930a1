"""How often reading the play changes the card (docs/methods.md, "Reading the play").

Hands of ``--b`` self-play (north-american rules; the deals of ``players.table.deal_seed``); at every
card a seat chooses among several, ``--a`` is asked too, on the same view and seed, and the two cards
compared (the hand goes on with B's card).  Prints the decisions and the share that differ, by trick.

    NUMBA_NUM_THREADS=1 python benchmarks/reading_play_differ.py --hands 400 --seed 5
"""

from __future__ import annotations

import argparse
import json

import numpy as np

from euchre_stats.game.state import OVER, PLAY, HandState
from euchre_stats.players import load_player, seat_view
from euchre_stats.players.base import METHOD_OF_PHASE, action_of
from euchre_stats.players.table import deal_seed
from euchre_stats.rules import Rules


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--a", default="realistic-v2:play=2")
    ap.add_argument("--b", default="realistic-v2")
    ap.add_argument("--hands", type=int, default=400)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    rules = Rules()
    a, b = load_player(args.a), load_player(args.b)
    by_trick = np.zeros((rules.hand_size, 2), dtype=np.int64)
    for i in range(args.hands):
        ds = deal_seed(args.seed, i)
        state = HandState.deal(rules, i % 4, np.random.default_rng(ds))
        rng = np.random.default_rng(ds + 1)
        while state.phase != OVER:
            view = seat_view(state, state.to_act, seed=int(rng.integers(2**40)))
            answer = getattr(b, METHOD_OF_PHASE[state.phase])(view)
            legal = state.legal_cards() if state.phase == PLAY else 0
            if legal & (legal - 1):
                done = (len(view.plays) - len(view.trick)) // sum(state.active)
                by_trick[done] += (1, int(a.play(view) != answer))
            state.apply(action_of(view, answer))
    n, d = by_trick.sum(axis=0)
    print(json.dumps({"a": args.a, "b": args.b, "hands": args.hands, "seed": args.seed, "decisions": int(n),
                      "differ": int(d), "share": round(float(d / n), 4),
                      "by_trick": [[int(x), int(y)] for x, y in by_trick]}, indent=1))


if __name__ == "__main__":
    main()
