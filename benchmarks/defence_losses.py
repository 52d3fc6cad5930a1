"""Where the defenders lose points to double-dummy play (docs/methods.md, "Defence").

Plays ``--deals`` hands with one player in every seat (``players.table.play_hand``, the deals of
``play_match``).  At every card of a defender with a choice, the position is solved double-dummy
(every card seen, best play after) and the defender's card is charged the points its side gives up
against the best card there: the defenders' points of the hand, lone or with a partner.  Sums by
the contract (against a lone maker, against makers with a partner), the kind of card (a lead, a
card following suit, a discard or ruff when it cannot follow) and the trick:

    NUMBA_NUM_THREADS=1 python benchmarks/defence_losses.py --player realistic-v2 --deals 2000 --seed 7

Prints one line per contract, kind and trick: decisions, points lost in all, decisions that lost
any, and the loss per decision.  A decision's loss assumes best play after it by every seat, so it
counts what that card gave up, not what the play after it did.
"""

from __future__ import annotations

import argparse
import collections

import numpy as np

from euchre_stats.core.trump import SUIT_MASK
from euchre_stats.game.state import HandState
from euchre_stats.players import load_player
from euchre_stats.players.table import deal_seed, play_hand
from euchre_stats.rules import Rules, hand_points
from euchre_stats.solver import card_values_many, game_seats


def dd_tricks(state: HandState) -> np.ndarray:
    """Per card (33), the tricks the mover's side takes from here with best play (negative: not legal)."""
    where, out = game_seats(state.players, state.maker_seat)
    out |= sum(1 << where[s] for s in range(state.players) if not state.active[s])
    rows = np.zeros((1, 4), dtype=np.uint64)
    for s in range(state.players):
        if state.active[s]:
            rows[0, where[s]] = state.hands[s]
    trick = state.current_trick
    leader = where[trick[0][0]] if trick else where[state.to_act]
    played = np.full((1, 3), -1, dtype=np.int8)
    played[0, :len(trick)] = [c for _, c in trick]
    return card_values_many(rows, np.array([state.trump]), np.array([leader]), np.array([out]), played)[0]


class Charged:
    """A player whose defenders' cards are charged their double-dummy loss (``sees_all``: it is handed
    the state, which only the charge reads; the card is the player's own, from its view)."""

    sees_all = True

    def __init__(self, player, rules: Rules):
        self.p, self.rules = player, rules
        self.loss = collections.defaultdict(lambda: [0, 0, 0])

    def __getattr__(self, name):
        return getattr(self.p, name)

    def play(self, view, full):
        card = self.p.play(view)
        legal = view.legal_cards
        if view.side_of(view.seat) == view.side_of(view.maker_seat) or not legal & (legal - 1):
            return card
        if view.defender_alone is not None:
            return card
        lone = view.alone is not None
        v = dd_tricks(full)
        won = sum(1 for w in view.trick_winners if view.side_of(w) == view.side_of(view.seat))
        hs = self.rules.hand_size

        def points(c):
            mp, dp = hand_points(self.rules, hs - (won + int(v[c])), lone, False)
            return dp - mp

        best = max(points(c) for c in range(33) if (legal >> c) & 1)
        led = view.led_suit
        kind = "lead" if led is None else ("follow" if view.hand & int(SUIT_MASK[view.trump, led]) else "discard")
        per = sum(view.active)
        key = ("lone maker" if lone else "makers", kind, (len(view.plays) - len(view.trick)) // per + 1)
        lost = best - points(card)
        row = self.loss[key]
        row[0] += 1
        row[1] += lost
        row[2] += lost > 0
        return card


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--player", default="realistic-v2")
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    rules = Rules()
    charged = Charged(load_player(args.player), rules)
    for i in range(args.deals):
        ds = deal_seed(args.seed, i)
        play_hand(HandState.deal(rules, i % 4, np.random.default_rng(ds)), [charged] * 4, seed=ds)
    print(f"{args.player}, {args.deals} deals, seed {args.seed}: contract, card, trick: decisions, points lost, "
          "decisions that lost, per decision")
    for key in sorted(charged.loss):
        n, lost, bad = charged.loss[key]
        print(f"{key[0]:10s} {key[1]:7s} trick {key[2]}: {n:6d} {lost:6d} {bad:5d} {lost / n:7.3f}")
    for contract in ("lone maker", "makers"):
        rows = [v for k, v in charged.loss.items() if k[0] == contract]
        if rows:
            n, lost = sum(r[0] for r in rows), sum(r[1] for r in rows)
            print(f"{contract}: {n} decisions, {lost} points lost")


if __name__ == "__main__":
    main()
