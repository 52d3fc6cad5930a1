"""The defenders' opening lead against a contract: the player's lead against simple maxims, double-dummy.

Bids ``--deals`` deals of ``play_match`` with the player (the shipped bidder) and, where a defender
makes the opening lead against a lone maker (``--against lone``) or makers with a partner
(``--against partnered``), asks the player for its lead and solves every legal lead double-dummy
(every card seen, best play after).  Prints, per maxim, the leads where it applies and what its
card gains over the player's lead in the defenders' points, with a 95% interval; ``best`` is the
double-dummy card (what seeing the cards would be worth).  Double-dummy values a lead with best
play after it, which no table plays: a maxim that gains here may lose in a match
(docs/methods.md, "Defence").

    NUMBA_NUM_THREADS=1 python benchmarks/opening_leads.py --against lone --deals 12000 --seed 11
"""

from __future__ import annotations

import argparse
from collections import Counter

import numpy as np

from defence_losses import dd_tricks
from euchre_stats.core.stats import mean
from euchre_stats.core.trump import EFF_SUIT, POWER_ALL
from euchre_stats.game.state import OVER, PLAY, HandState
from euchre_stats.players import load_player, seat_view
from euchre_stats.players.base import METHOD_OF_PHASE, action_of
from euchre_stats.players.table import deal_seed, seat_seeds
from euchre_stats.rules import Rules, hand_points


def maxims(hand: list[int], trump: int) -> dict[str, int]:
    """The card each maxim leads from ``hand`` (where it applies)."""
    t = trump

    def power(c):
        return int(POWER_ALL[t, c])

    plain = [c for c in hand if int(EFF_SUIT[t, c]) != t]
    trumps = [c for c in hand if int(EFF_SUIT[t, c]) == t]
    nxt = [c for c in plain if int(EFF_SUIT[t, c]) == 3 - t]
    aces = [c for c in plain if c & 7 == 7]
    out = {}
    if aces:
        out["an off ace"] = max(aces)
    if trumps:
        out["lowest trump"] = min(trumps, key=power)
    if nxt:
        out["highest of next"] = max(nxt, key=power)
        out["lowest of next"] = min(nxt, key=power)
    if plain:
        out["highest plain card"] = max(plain, key=power)
        out["lowest plain card"] = min(plain, key=power)
        n = Counter(int(EFF_SUIT[t, c]) for c in plain)
        longest = max(n, key=lambda s: (n[s], -s))
        out["lowest of the longest plain suit"] = min((c for c in plain if int(EFF_SUIT[t, c]) == longest), key=power)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--player", default="realistic-v2")
    ap.add_argument("--against", choices=("lone", "partnered"), default="lone")
    ap.add_argument("--deals", type=int, default=12000)
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args()
    rules = Rules()
    player = load_player(args.player)
    gains: dict[str, list[float]] = {}
    leads = 0
    for i in range(args.deals):
        ds = deal_seed(args.seed, i)
        state = HandState.deal(rules, i % 4, np.random.default_rng(ds))
        seeds = seat_seeds(ds, 4)
        while state.phase not in (PLAY, OVER):
            view = seat_view(state, state.to_act, seed=seeds[state.to_act])
            state.apply(action_of(view, getattr(player, METHOD_OF_PHASE[state.phase])(view)))
        if state.phase != PLAY or state.defender_alone is not None:
            continue
        lone = state.alone is not None
        view = seat_view(state, state.to_act, seed=seeds[state.to_act])
        if lone != (args.against == "lone") or view.side_of(view.seat) == view.side_of(view.maker_seat):
            continue
        tricks = dd_tricks(state)

        def points(c, tricks=tricks, lone=lone):
            mp, dp = hand_points(rules, rules.hand_size - int(tricks[c]), lone, False)
            return dp - mp

        legal = [c for c in range(33) if (view.legal_cards >> c) & 1]
        mine = points(player.play(view))
        leads += 1
        gains.setdefault("best", []).append(max(points(c) for c in legal) - mine)
        for name, card in maxims(view.cards, view.trump).items():
            gains.setdefault(name, []).append(points(card) - mine)
    print(f"{args.player}: {leads} opening leads against {args.against} makers ({args.deals} deals, seed {args.seed}); "
          "a maxim's lead minus the player's, defenders' points double-dummy")
    for name, g in gains.items():
        e = mean(np.array(g, dtype=np.float64))
        print(f"{name:34s} {e.n:6d}  {e.value:+.3f} [{e.low:+.3f}, {e.high:+.3f}]")


if __name__ == "__main__":
    main()
