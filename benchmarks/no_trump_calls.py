"""What the point-count bidder's no-trump call is worth: duplicate deals with and without it.

Rules with ``no_trump``.  For each deal and each seat, the hand is bid twice by the state machine's
point-count bidder (:class:`~euchre_stats.game.policies.PointCountPolicy`): once with that seat
calling no trump at ``call_no_trump`` (the others never calling it) and once with no seat calling
it.  Both contracts are played realistically (:func:`~euchre_stats.cardplay.realistic.play_realistic`)
from the same random stream.  Printed: the seat's side's points minus the other side's, with the
call against without, per hand and per hand in which the call changed the contract, with 95%
intervals, and how the no-trump contracts fared.

    python benchmarks/no_trump_calls.py --deals 4000 --seed 11
    python benchmarks/no_trump_calls.py --deals 4000 --seed 11 --threshold 5.0
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from euchre_stats.core.stats import mean, proportion
from euchre_stats.game.policies import PointCountPolicy
from euchre_stats.game.state import OVER, PLAY, HandState
from euchre_stats.cardplay.realistic import play_realistic
from euchre_stats.rules import Rules, hand_points_array, sitting_out

NEVER = 1e9


class _Seat(PointCountPolicy):
    """The point-count bidder, with ``call_no_trump`` for one seat only (the others never call it)."""

    def __init__(self, seat: int, threshold: float):
        super().__init__()
        self.seat, self.threshold = seat, threshold

    def _t(self, state, name):
        if name == "call_no_trump" and state.to_act != self.seat:
            return NEVER
        return self.threshold * state.rules.hand_size / 5 if name == "call_no_trump" else super()._t(state, name)


def _bid(rules, hands, upcard, policy):
    s = HandState(rules, 3, hands, upcard)
    while s.phase not in (PLAY, OVER):
        s.apply(policy(s))
    return s


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--threshold", type=float, default=None, help="call_no_trump (default: the point-count bidder's)")
    args = ap.parse_args()
    rules = Rules(no_trump=True)
    threshold = PointCountPolicy().thresholds["call_no_trump"] if args.threshold is None else args.threshold
    rng = np.random.default_rng(args.seed)
    t0 = time.time()
    rows = []  # (deal, seat, variant): hands as play starts, trump, leader, out, maker, alone, up
    for i in range(args.deals):
        s0 = HandState.deal(rules, 3, rng)
        hands, up = list(s0.hands), s0.upcard
        for seat in range(4):
            for v, pol in enumerate((_Seat(seat, threshold), _Seat(seat, NEVER))):
                s = _bid(rules, hands, up, pol)
                rows.append((i, seat, v, s))
    live = [r for r in rows if r[3].phase == PLAY]
    h = np.array([[x if st.active[p] else 0 for p, x in enumerate(st.hands)] for _, _, _, st in live], dtype=np.uint64)
    trump = np.array([st.trump for *_, st in live])
    leader = np.array([st.to_act for *_, st in live])
    maker = np.array([st.maker_seat for *_, st in live])
    alone = np.array([st.alone is not None for *_, st in live])
    out = np.array([sitting_out(st.alone) for *_, st in live])
    upk = np.array([st.upcard if (int(st.hands[3]) >> st.upcard) & 1 else -1 for *_, st in live])
    streams = np.array([r[0] for r in live])  # both variants of a deal play from the same stream
    side0 = play_realistic(rules, h, trump, leader, out, maker, alone, -1, seed=args.seed, streams=streams,
                           up_known=upk)
    mt = np.where(maker % 2 == 0, side0, rules.hand_size - side0)
    mp, dp = hand_points_array(rules, mt, alone, np.zeros_like(alone))
    value = {}
    for (i, seat, v, _), m, a, b in zip(live, maker, mp, dp):
        ours = (m & 1) == (seat & 1)
        value[(i, seat, v)] = (a - b) if ours else (b - a)
    diff, changed, nt_made, nt_points = [], [], [], []
    for i in range(args.deals):
        for seat in range(4):
            a, b = value.get((i, seat, 0), 0), value.get((i, seat, 1), 0)
            diff.append(a - b)
    for (i, seat, v, st), t, m in zip(live, trump, mt):
        if v == 0 and t == 4:
            changed.append(value[(i, seat, 0)] - value.get((i, seat, 1), 0))
            nt_made.append(m >= rules.tricks_to_make)
            nt_points.append(value[(i, seat, 0)])
    d, c = mean(np.array(diff, float)), mean(np.array(changed, float))
    print(f"call_no_trump {threshold}: {args.deals} deals x 4 seats, seed {args.seed}, realistic play, "
          f"{time.time() - t0:.0f} s")
    print(f"gain per hand with the call: {d.value:+.4f} [{d.low:+.4f}, {d.high:+.4f}] n={d.n}")
    pm = proportion(np.array(nt_made, bool))
    print(f"no-trump calls: {len(changed)} ({len(changed) / len(diff):.3f} of seat-hands); made "
          f"{pm.value:.3f} [{pm.low:.3f}, {pm.high:.3f}]; gain when called {c.value:+.3f} "
          f"[{c.low:+.3f}, {c.high:+.3f}]")


if __name__ == "__main__":
    main()
