"""How much strategy fusion costs the realistic player at the last tricks: its card against the card
of a search in which its own later cards are the same in every world it cannot tell apart.

The realistic player (``realistic-v2``) values a card world by world, each world solved as if every
card were seen: in each world it later plays the card that is right *there*, though at the table it
cannot tell those worlds apart (strategy fusion).  This script searches the same worlds with the
mover's own later cards chosen once per *information set* (the worlds that agree with everything it
will have seen by then), as the alpha-mu search of Cazenave and Ventos does: every other seat still
plays each world double-dummy (the opponents as if they saw every card, the partner too), and a
node's value is the set of the mover's undominated outcome vectors over its worlds (a Pareto front).
The mover's node takes the union of its cards' fronts; another seat's takes, for every choice of one
vector per card it may play, the worst (an opponent) or best (the partner) of them world by world.
A card's value is the best weighted sum over the vectors of its front: never more than the realistic
player's sum (checked), equal to it when the mover has no later choice (checked at two cards).

Positions: the shipped bidder's auctions, cards played at random until ``--tricks-left`` tricks
remain, the mover to lead or follow with a choice; worlds: ``realistic-v2``'s (24, weighted by the
auction, seed 13).  Plain Python (a few tenths of a second a decision at three tricks left):

    NUMBA_NUM_THREADS=1 python benchmarks/fusion_endgame.py --decisions 300 --tricks-left 3 --seed 11

Prints one JSON object: decisions, how many change card, how many change some card's value, seconds
a decision.  docs/methods.md ("Against strategy fusion") quotes it.
"""

from __future__ import annotations

import argparse
import itertools
import json
import time

import numpy as np

from euchre_stats.cardplay.fusion import fused_card_given_worlds
from euchre_stats.cardplay.realistic import _points_row
from euchre_stats.core.bits import mask_to_cards
from euchre_stats.core.trump import EFF_SUIT, SUIT_MASK, trick_winner_index
from euchre_stats.game.state import OVER, PLAY, HandState
from euchre_stats.players import load_player, seat_view
from euchre_stats.players.base import METHOD_OF_PHASE, action_of
from euchre_stats.players.reading import reads_auction, weighted_worlds
from euchre_stats.rules import Rules


def _pareto(vectors) -> list[tuple]:
    """The vectors no other one dominates (at least as good in every world, better in one), each once."""
    vs = sorted(set(vectors), key=lambda v: -sum(x for x in v if x is not None))
    keep: list[tuple] = []
    for v in vs:
        if not any(all(a is None or a >= b for a, b in zip(u, v)) for u in keep):
            keep.append(v)
    return keep


class _Game:
    """One decision's search: the worlds' hands (kernel seats), the trump, the seats out, the points."""

    def __init__(self, rules: Rules, worlds, trump: int, out: int, mover: int, maker: int, alone: bool,
                 def_alone: int):
        self.trump = int(trump)
        self.out = int(out)
        self.mover = int(mover)
        self.sign = 1 if mover % 2 == 0 else -1
        self.pts = [int(x) for x in _points_row(rules, int(maker), bool(alone), int(def_alone))]
        self.active = [s for s in range(4) if not (self.out >> s) & 1]
        self.dd: dict = {}

    def next_seat(self, s: int) -> int:
        s = (s + 1) % 4
        while (self.out >> s) & 1:
            s = (s + 1) % 4
        return s

    def legal(self, hand: int, trick: tuple) -> int:
        if not trick:
            return hand
        follow = hand & int(SUIT_MASK[self.trump, int(EFF_SUIT[self.trump, trick[0]])])
        return follow or hand

    def after_card(self, trick: tuple, leader: int, won0: int, card: int):
        """``(trick, leader, won0, seat to play)`` after ``card`` is added to ``trick``."""
        trick = trick + (card,)
        if len(trick) < len(self.active):
            s = leader
            for _ in range(len(trick)):
                s = self.next_seat(s)
            return trick, leader, won0, s
        w = leader
        for _ in range(trick_winner_index(list(trick), self.trump)):
            w = self.next_seat(w)
        return (), w, won0 + (1 - (w & 1)), w

    def to_play(self, trick: tuple, leader: int) -> int:
        s = leader
        for _ in range(len(trick)):
            s = self.next_seat(s)
        return s

    def solve(self, hands: tuple, trick: tuple, leader: int, won0: int) -> int:
        """One world double-dummy: the mover's side's points minus the others' with best play."""
        key = (hands, trick, leader, won0)
        got = self.dd.get(key)
        if got is not None:
            return got
        seat = self.to_play(trick, leader)
        if not hands[seat]:
            v = self.sign * self.pts[won0]
        else:
            best = None
            mine = (seat & 1) == (self.mover & 1)
            for c in mask_to_cards(self.legal(hands[seat], trick)):
                h = list(hands)
                h[seat] ^= 1 << c
                t, ld, w0, _ = self.after_card(trick, leader, won0, c)
                x = self.solve(tuple(h), t, ld, w0)
                if best is None or (x > best if mine else x < best):
                    best = x
            v = best
        self.dd[key] = v
        return v

    def front(self, hands: list, trick: tuple, leader: int, won0: int) -> list[tuple]:
        """The Pareto front over the worlds ``hands`` (one 4-tuple of hands per world, all sharing the
        history) of the mover's outcome vectors, its own cards chosen once for all of them."""
        if len(hands) == 1:
            return [(self.solve(hands[0], trick, leader, won0),)]
        seat = self.to_play(trick, leader)
        if not hands[0][seat]:
            return [tuple(self.sign * self.pts[won0] for _ in hands)]
        if seat == self.mover:
            fronts = []
            for c in mask_to_cards(self.legal(hands[0][seat], trick)):
                t, ld, w0, _ = self.after_card(trick, leader, won0, c)
                fronts += self.front([_without(h, seat, c) for h in hands], t, ld, w0)
            return _pareto(fronts)
        legal = [self.legal(h[seat], trick) for h in hands]
        union = 0
        for m in legal:
            union |= m
        children = []  # (worlds' indices, their front) per card
        for c in mask_to_cards(union):
            idx = [i for i, m in enumerate(legal) if (m >> c) & 1]
            t, ld, w0, _ = self.after_card(trick, leader, won0, c)
            children.append((idx, self.front([_without(hands[i], seat, c) for i in idx], t, ld, w0)))
        worse = (seat & 1) != (self.mover & 1)
        # one vector of each card's front, world by world the worst (best) of them: folded card by card,
        # the dominated partial vectors dropped as they go (all cover the same worlds, and the worst of
        # more vectors is monotone in each)
        partial = [tuple([None] * len(hands))]
        for idx, f in children:
            out = []
            for p, vec in itertools.product(partial, f):
                v = list(p)
                for i, x in zip(idx, vec):
                    if v[i] is None or (x < v[i] if worse else x > v[i]):
                        v[i] = x
                out.append(tuple(v))
            partial = _pareto(out)
        return partial


def _without(hands: tuple, seat: int, card: int) -> tuple:
    h = list(hands)
    h[seat] ^= 1 << card
    return tuple(h)


def consistent_values(rules: Rules, worlds, mult, trump: int, leader: int, out: int, maker: int, alone: bool,
                      def_alone: int, *, trick=(), won: int = 0) -> dict[int, int]:
    """``{legal card: value}``: each card's best weighted sum (weights ``mult``) of the mover's side's
    points minus the others' over the worlds ``worlds`` (m, 4) deck masks, the mover's later cards
    chosen once per information set and every other seat playing each world double-dummy (see the
    module).  Meant for hands of at most three cards."""
    hands = [tuple(int(x) for x in row) for row in worlds]
    trick = tuple(int(c) for c in trick)
    g = _Game(rules, worlds, trump, out, 0, maker, alone, def_alone)
    mover = g.to_play(trick, int(leader))
    g = _Game(rules, worlds, trump, out, mover, maker, alone, def_alone)
    wts = [int(k) for k in mult]
    values = {}
    for c in mask_to_cards(g.legal(hands[0][mover], trick)):
        t, ld, w0, _ = g.after_card(trick, int(leader), int(won), c)
        f = g.front([_without(h, mover, c) for h in hands], t, ld, w0)
        values[c] = max(sum(k * x for k, x in zip(wts, v)) for v in f)
    return values


def consistent_card(values: dict[int, int]) -> int:
    """The card of the highest value, ties to the lowest card number."""
    return max(values, key=lambda c: (values[c], -c))


def positions(rules: Rules, seed: int, n: int, tricks_left: int):
    """Views of the player to move with a choice when ``tricks_left`` tricks remain (cards at random)."""
    rng = np.random.default_rng(seed)
    bidder = load_player("realistic")
    out = []
    while len(out) < n:
        state = HandState.deal(rules, int(rng.integers(4)), rng)
        while state.phase != OVER:
            view = seat_view(state, state.to_act, seed=int(rng.integers(2**40)))
            if state.phase == PLAY:
                legal = state.legal_cards()
                if legal & (legal - 1) and bin(view.hand).count("1") == tricks_left and reads_auction(view):
                    out.append(view)
                cards = [c for c in range(33) if (legal >> c) & 1]
                state.apply(action_of(view, cards[int(rng.integers(len(cards)))]))
            else:
                state.apply(action_of(view, getattr(bidder, METHOD_OF_PHASE[state.phase])(view)))
    return out[:n]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decisions", type=int, default=300)
    ap.add_argument("--tricks-left", type=int, default=3)
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args()
    rules = Rules()
    model = load_player("realistic").model
    changed = valued = 0
    spent = 0.0
    views = positions(rules, args.seed, args.decisions, args.tricks_left)
    for view in views:
        ws, ctx, _ = weighted_worlds(view, model, worlds=24, seed=13)
        ks = ctx["ks"]
        da = -1 if view.defender_alone is None else ks[view.defender_alone]
        maker, alone = ks[view.maker_seat], view.alone is not None
        _, values, mult = fused_card_given_worlds(rules, ws, view.trump, ctx["leader"], ctx["out"], maker, alone, da,
                                                  margin=0, trick=ctx["trick"], gone=ctx["gone"], won=ctx["won"])
        distinct = np.unique(np.asarray(ws, dtype=np.int64), axis=0)
        t = time.perf_counter()
        cv = consistent_values(rules, distinct, mult, view.trump, ctx["leader"], ctx["out"], maker, alone, da,
                               trick=ctx["trick"], won=ctx["won"])
        spent += time.perf_counter() - t
        pimc = {c: int((values[:, c] * mult).sum()) for c in cv}
        assert all(cv[c] <= pimc[c] for c in cv), (cv, pimc)
        if args.tricks_left <= 2:
            assert cv == pimc, (cv, pimc)
        changed += consistent_card(cv) != consistent_card(pimc)
        valued += cv != pimc
    print(json.dumps({"decisions": len(views), "tricks_left": args.tricks_left, "seed": args.seed,
                      "card_changed": changed, "value_changed": valued,
                      "seconds_a_decision": round(spent / max(len(views), 1), 3)}))


if __name__ == "__main__":
    main()
