"""Whole hands by self-play: random deals bid by the bidding model and played by a play model.

The per-hand outcomes behind ``variants`` (figures per deck) and the game equity (the chances
of each score a hand adds).  The dealer is seat 3, so side 1 deals.  No I/O.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..bidding.auction import Auction, dealer_pickup
from ..bidding.model import default_model
from ..core.cards import JOKER
from ..core.seats import DEALER
from ..cardplay.contracts import Contracts, Evaluator, discards_of
from ..rules import Rules, hand_points_array, joker_up_makes_trump, joker_up_names_trump
from ..sampling.deals import random_deals


@dataclass
class HandsPlayed:
    """Per-deal results: the maker (-1 thrown in), alone, made in round one, the makers' tricks and
    the points of the makers and of the defenders."""

    maker: np.ndarray
    alone: np.ndarray
    round_one: np.ndarray
    maker_tricks: np.ndarray
    maker_points: np.ndarray
    defender_points: np.ndarray
    #: trump (meaningless where thrown in) and the lone defender's seat or -1
    trump: np.ndarray | None = None
    def_alone_seat: np.ndarray | None = None
    #: the seat that made trump (the maker, but for a partner who went alone on it under British timing)
    caller: np.ndarray | None = None

    def arrays(self):
        """``(maker, alone, round_one, maker_tricks, net maker points)``."""
        return (self.maker, self.alone, self.round_one, self.maker_tricks,
                (self.maker_points - self.defender_points).astype(np.float64))

    def side_points(self) -> tuple[np.ndarray, np.ndarray]:
        """Points of the dealing side (1) and of the other side (0) in each deal."""
        dealer_makes = (self.maker >= 0) & (self.maker & 1 == 1)
        deal = np.where(dealer_makes, self.maker_points, self.defender_points)
        other = np.where(dealer_makes, self.defender_points, self.maker_points)
        live = self.maker >= 0
        return np.where(live, deal, 0), np.where(live, other, 0)


def _joker_up(rules: Rules, hands: np.ndarray, bidding, rng) -> Contracts:
    """The Joker turned up: the dealer names a suit before looking at the hand, so uniformly at
    random (every suit is as good as another before looking).  British ("blind"): that suit is
    trump, the dealer takes the Joker and discards by the count, then the makers may declare alone
    (British timing) and defenders may defend alone.  Almonte: round one on the named suit."""
    n = hands.shape[0]
    named = rng.integers(0, 4, n)
    parts = []
    for t in range(4):
        rows = np.nonzero(named == t)[0]
        if len(rows) == 0:
            continue
        auction = Auction(rules, bidding, JOKER, t)
        if not joker_up_makes_trump(rules):
            parts.append((rows, auction.finish(hands[rows], 1, 0, rng)))
            continue
        h = hands[rows].copy()
        m = len(rows)
        before = h[:, DEALER].copy()
        h[:, DEALER] = dealer_pickup(h[:, DEALER], JOKER, rules, np.ones(m, dtype=bool), t, auction.models[DEALER],
                                     deal=h)
        trump = np.full(m, t, dtype=np.int64)
        maker = np.full(m, DEALER, dtype=np.int64)
        passed = np.zeros((m, 4), dtype=bool)
        maker, alone, caller = auction.declare_alone(h, trump, maker, np.zeros(m, dtype=bool), passed,
                                                     np.ones(m, dtype=bool), rng)
        def_alone = auction.defender_alone(h, trump, maker, alone, passed, rng)
        parts.append((rows, Contracts(h, trump, maker, alone, def_alone, np.full(m, JOKER), caller,
                                      discards_of(before, h[:, DEALER], JOKER, np.ones(m, dtype=bool)))))
    out = Contracts(hands.copy(), np.zeros(n, dtype=np.int64), np.full(n, -1, dtype=np.int64),
                    np.zeros(n, dtype=bool), np.full(n, -1, dtype=np.int64), np.full(n, -1, dtype=np.int64),
                    caller=np.full(n, -1, dtype=np.int64), discard=np.full(n, -1, dtype=np.int64))
    for rows, c in parts:
        for f in ("hands", "trump", "maker", "alone", "def_alone", "up_known", "discard"):
            if getattr(c, f) is not None:
                getattr(out, f)[rows] = getattr(c, f)
        # who made trump: the dealer who named it blind, though a partner may play alone
        out.caller[rows] = c.maker if c.caller is None else c.caller
    return out


def play_random_hands(rules: Rules, n: int, rng: np.random.Generator, model: str = "dd", workers=None,
                      bidding=None, deals=None, play_rng: np.random.Generator | None = None,
                      streams: np.ndarray | None = None, auctions: list | None = None) -> "HandsPlayed":
    """``n`` random deals (the dealer at seat 3), bid by ``bidding`` and played by ``model``.

    ``bidding`` is a :class:`BiddingModel` or four of them by seat (the shipped model by default);
    ``deals`` (hands, upcards) replaces the random deals; with ``play_rng`` the play draws from it
    and each deal plays from its own stream (``streams``, by default its index), so the same deals
    bid alike play alike.  ``auctions``, a list, gets ``(rows, dealt hands, upcard, contracts)`` per
    upcard group as the auction left them (None: a Joker turned up throws the hands in), which
    ``variants --records`` replays; nothing else changes.
    """
    bidding = bidding or default_model()
    hands, ups = random_deals(rules, n, rng) if deals is None else deals
    maker = np.full(n, -1, dtype=np.int64)
    alone = np.zeros(n, dtype=bool)
    def_alone = np.zeros(n, dtype=bool)
    def_seat = np.full(n, -1, dtype=np.int64)
    trump = np.zeros(n, dtype=np.int64)
    caller = np.full(n, -1, dtype=np.int64)
    round_one = np.zeros(n, dtype=bool)
    side0 = np.zeros(n, dtype=np.int64)
    evaluator = Evaluator(rules, model, 0, workers)
    for up in np.unique(ups):
        idx = np.nonzero(ups == up)[0]
        if up == JOKER:
            if not joker_up_names_trump(rules):
                if auctions is not None:
                    auctions.append((idx, hands[idx], int(up), None))
                continue  # thrown in: the deal passes
            c = _joker_up(rules, hands[idx], bidding, rng)
        else:
            c = Auction(rules, bidding, int(up)).finish(hands[idx], 1, 0, rng)
        if auctions is not None:
            auctions.append((idx, hands[idx], int(up), c))
        if play_rng is None:
            out = evaluator.play(c, rng)
        else:
            # one draw per upcard group whatever is live, so that two tables stay in step
            out = evaluator.play(c, np.random.default_rng(int(play_rng.integers(2**62))),
                                 streams=idx if streams is None else np.asarray(streams)[idx])
        maker[idx] = c.maker
        alone[idx] = c.alone
        def_alone[idx] = c.def_alone >= 0
        def_seat[idx] = c.def_alone
        trump[idx] = c.trump
        caller[idx] = c.maker if c.caller is None else c.caller
        up_suit = -1 if up == JOKER else int(up) >> 3
        round_one[idx] = (c.maker >= 0) & ((c.trump == up_suit) | ((up == JOKER) & (c.up_known == JOKER)))
        side0[idx] = np.maximum(out.our_tricks, 0)
    live = maker >= 0
    hs = rules.hand_size
    maker_tricks = np.where(maker & 1 == 0, side0, hs - side0)
    mp, dp = hand_points_array(rules, maker_tricks, alone, def_alone)
    mp, dp = np.where(live, mp, 0), np.where(live, dp, 0)
    return HandsPlayed(maker, alone, round_one, maker_tricks, mp, dp, trump, def_seat, caller)
