"""Which opening leads against a loner lose, in players' words (docs/methods.md, "Defending against a loner,
on the lone deals").

On the lone deals of ``benchmarks/lone_defence.py`` (the shipped bidder's auctions of ``euchre-stats play
--seed S``'s deals, a maker alone, no defender alone), asks each ``--player`` for the defenders' opening
lead and values every legal lead double-dummy (every card seen, best play after).  Per player: the leads,
how many lose points against the best lead and how many points a lead they lose, and how often
the lead is the first player's; then the leads by kind
(trump; an ace, a king, a lower card of a plain suit; the plain suit ``next``, the suit of the trump's
colour, or ``cross``; in round two the turned-down suit): how often the player leads each kind, what it
loses against the best lead, and how often a lead of that kind is among the best.

    NUMBA_NUM_THREADS=1 python benchmarks/lone_leads.py --player realistic-v3 --player realistic-v2:defend=20 \\
        --deals 6000 --seed 21
"""

from __future__ import annotations

import argparse
import collections

import numpy as np

from defence_losses import dd_tricks
from lone_defence import lone_deals
from euchre_stats.core.stats import mean
from euchre_stats.core.trump import EFF_SUIT
from euchre_stats.game.state import PLAY
from euchre_stats.players import load_player, seat_view
from euchre_stats.players.base import METHOD_OF_PHASE, action_of
from euchre_stats.players.table import seat_seeds
from euchre_stats.rules import Rules, hand_points


def kind(card: int, trump: int, turned_down: int | None) -> str:
    """A lead in players' words: trump, or the rank (ace, king, low) and the suit (next, cross, turned down)."""
    s = int(EFF_SUIT[trump, card])
    if s == trump:
        return "trump"
    rank = {7: "ace", 6: "king"}.get(card & 7, "low")
    if turned_down is not None and s == turned_down:
        where = "turned-down suit"
    else:
        where = "next" if s == 3 - trump else "cross"
    return f"{rank} of {where}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--player", action="append", required=True)
    ap.add_argument("--bidder", default="realistic")
    ap.add_argument("--deals", type=int, default=6000)
    ap.add_argument("--seed", type=int, default=21)
    args = ap.parse_args()
    rules = Rules()
    bidder = load_player(args.bidder)
    players = [load_player(p) for p in args.player]
    lost = [[] for _ in players]
    same = [0] * len(players)
    by_kind = [collections.defaultdict(list) for _ in players]
    best_kinds: collections.Counter = collections.Counter()
    held_kinds: collections.Counter = collections.Counter()
    leads = 0
    for _, ds, deal, _ in lone_deals(rules, args.deals, args.seed):
        state = deal.copy()
        seeds = seat_seeds(ds, 4)
        while state.phase != PLAY:
            view = seat_view(state, state.to_act, seed=seeds[state.to_act])
            state.apply(action_of(view, getattr(bidder, METHOD_OF_PHASE[state.phase])(view)))
        view = seat_view(state, state.to_act, seed=seeds[state.to_act])
        if view.side_of(view.seat) == view.side_of(view.maker_seat):  # (never: a defender leads against a loner)
            continue
        tricks = dd_tricks(state)
        legal = [c for c in range(33) if (view.legal_cards >> c) & 1]

        def points(c, tricks=tricks):
            mp, dp = hand_points(rules, rules.hand_size - int(tricks[c]), True, False)
            return dp - mp

        top = max(points(c) for c in legal)
        down = None if view.made_in == 1 else int(view.upcard) >> 3
        leads += 1
        kinds = {kind(c, view.trump, down) for c in legal}
        held_kinds.update(kinds)
        best_kinds.update({kind(c, view.trump, down) for c in legal if points(c) == top})
        first = None
        for j, p in enumerate(players):
            c = p.play(view)
            first = c if j == 0 else first
            same[j] += c == first
            loss = top - points(c)
            lost[j].append(loss)
            by_kind[j][kind(c, view.trump, down)].append(loss)
    print(f"{leads} opening leads against a loner ({args.deals} deals, seed {args.seed}); double-dummy points a lead "
          "lost against the best lead")
    for j, name in enumerate(args.player):
        e = mean(np.array(lost[j], dtype=np.float64))
        k = sum(x > 0 for x in lost[j])
        print(f"{name}: {e.value:.3f} [{e.low:.3f}, {e.high:.3f}] a lead; {k} of {len(lost[j])} leads lose "
              f"({sum(lost[j]):.0f} points); the first player's lead {same[j]} times")
    print(f"{'lead':26s} {'held':>5s} {'best':>5s}" + "".join(f" | player {j + 1}: led, lost a lead"
                                                              for j in range(len(players))))
    for name in sorted(held_kinds, key=lambda x: -held_kinds[x]):
        row = f"{name:26s} {held_kinds[name]:5d} {best_kinds[name]:5d}"
        for j in range(len(players)):
            v = by_kind[j].get(name, [])
            row += f" | {len(v):17d}, {np.mean(v) if v else 0:.3f}"
        print(row)


if __name__ == "__main__":
    main()
