"""What a decision costs through the player interface: each shipped player's card and other decisions.

Plays ``--deals`` hands with one player in every seat (``euchre_stats.players.table.play_hand``: a
SeatView built, the answer checked and applied) and times every call of the player's methods, after
one warm-up deal that compiles the kernels.  Run it on one core, as a match against an outside agent
would run:

    NUMBA_NUM_THREADS=1 python benchmarks/player_decisions.py --deals 500 --seed 1

Prints one line per player and kind (card, other) with the mean, median, 95th percentile and
largest time in milliseconds; docs/players.md quotes it.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from euchre_stats.game.state import HandState
from euchre_stats.players import load_player
from euchre_stats.players.table import deal_seed, play_hand
from euchre_stats.rules import Rules


class _Timed:
    """A player whose every method call is timed into ``times[card|other]``."""

    def __init__(self, player, times):
        self._p, self._times = player, times
        self.sees_all = getattr(player, "sees_all", False)

    def __getattr__(self, name):
        fn = getattr(self._p, name)
        if not callable(fn):
            return fn

        def timed(*args, **kwargs):
            t = time.perf_counter()
            out = fn(*args, **kwargs)
            self._times["card" if name == "play" else "other"].append(time.perf_counter() - t)
            return out

        return timed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", default="realistic,points,random,cheat")
    args = ap.parse_args()
    rules = Rules()
    for spec in args.players.split(","):
        player = load_player(spec)
        play_hand(HandState.deal(rules, 0, np.random.default_rng(args.seed)), [player] * 4, seed=0)  # warm-up
        times = {"card": [], "other": []}
        timed = _Timed(player, times)
        for i in range(args.deals):
            ds = deal_seed(args.seed, i)
            play_hand(HandState.deal(rules, i % 4, np.random.default_rng(ds)), [timed] * 4, seed=ds)
        for kind, ts in times.items():
            ms = np.array(ts) * 1e3
            print(f"{spec:12s} {kind:5s} n {len(ms):6d}  mean {ms.mean():7.3f} ms  median {np.median(ms):7.3f}  "
                  f"p95 {np.percentile(ms, 95):7.3f}  max {ms.max():8.2f}")


if __name__ == "__main__":
    main()
