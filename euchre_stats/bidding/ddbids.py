"""The ``dd`` pass model: every other seat bids by a double-dummy estimate on its own sampled deals.

When the auction continues after the asker passes, each seat in turn samples
``worlds`` deals from what *it* knows (its hand and the upcard), values
ordering up, ordering alone (round one) or naming each suit with and without
going alone (round two) by double-dummy play on those deals, and accepts the
best of them when its mean is above 0 (a pass is worth 0 to it; a stuck dealer
must name its best suit).  Slower than the hand-strength model; bids are still
made without seeing hidden cards.
"""

from __future__ import annotations

import numpy as np

from ..core.seats import DEALER
from ..rules import (Rules, dealer_picks_up, first_leader, hand_points_array, may_pass, may_take_up,
                     order_must_go_alone)
from ..sampling.dealer import KITTY, Knowledge, sample_worlds
from ..cardplay.contracts import Contracts, discards_of
from .auction import Auction, dealer_pickup
from .model import BiddingModel

class DDAuction:
    """Plays the rest of an auction with double-dummy bidders."""

    def __init__(self, rules: Rules, bidding: BiddingModel, upcard: int, workers: int | None,
                 worlds: int = 16, suit: int | None = None):
        self.rules, self.m, self.upcard, self.workers, self.worlds = rules, bidding, upcard, workers, worlds
        self.up_suit = upcard >> 3 if suit is None else suit

    def _worlds(self, hands: np.ndarray, seat: int, rng) -> np.ndarray:
        """``worlds`` sampled deals per row, from ``seat``'s view (its hand and the upcard)."""
        r = self.rules
        out = np.empty((len(hands), self.worlds, 4), dtype=np.uint64)
        for i, hand in enumerate(hands):
            k = Knowledge(r.deck_obj.mask)
            k.need = [r.hand_size] * 4 + [r.deck_obj.size - 4 * r.hand_size - 1]
            k.need[seat] = 0
            k.known[seat] = int(hand)
            k.known[KITTY] = 1 << self.upcard
            out[i] = sample_worlds(k, self.worlds, rng)[:, :4]
        return out.reshape(-1, 4)

    def _values(self, worlds: np.ndarray, seat: int, trump, alone: bool, pickup: bool) -> np.ndarray:
        """Per row of deals (``worlds`` rows each): mean points for ``seat``'s side if it makes ``trump``."""
        from ..solver import solve_many

        h = worlds.copy()
        m = len(h)
        if pickup and dealer_picks_up(self.rules, seat, alone):
            h[:, DEALER] = dealer_pickup(h[:, DEALER], self.upcard, self.rules, np.ones(m, bool), self.up_suit, self.m,
                                         deal=h)
        leader = first_leader(self.rules, DEALER, seat if alone else None, None)
        out = (1 << ((seat + 2) & 3)) if alone else 0
        if alone:
            h[:, (seat + 2) & 3] = 0
        side0 = solve_many(h, np.broadcast_to(np.repeat(np.asarray(trump), self.worlds)
                                              if np.ndim(trump) else trump, (m,)),
                           np.full(m, leader), np.full(m, out, np.uint8), threads=self.workers)
        mine = side0 if seat % 2 == 0 else self.rules.hand_size - side0
        mp, dp = hand_points_array(self.rules, mine, alone, False)
        return (mp - dp).reshape(-1, self.worlds).mean(axis=1)

    def finish(self, hands: np.ndarray, start_round: int, start_seat: int, rng):

        n = hands.shape[0]
        hands = hands.copy()
        trump = np.zeros(n, dtype=np.int64)
        maker = np.full(n, -1, dtype=np.int64)
        alone = np.zeros(n, dtype=bool)
        picked = np.zeros(n, dtype=bool)
        r = self.rules
        if start_round == 1:
            for seat in range(start_seat, 4):
                idx = np.nonzero(maker < 0)[0]
                idx = idx[may_take_up(r, seat, hands[idx, seat], self.up_suit)]
                if len(idx) == 0:
                    continue
                ws = self._worlds(hands[idx, seat], seat, rng)
                best = self._values(ws, seat, self.up_suit, True, True)
                best_alone = np.ones(len(idx), dtype=bool)
                if not order_must_go_alone(r, seat):
                    with_partner = self._values(ws, seat, self.up_suit, False, True)
                    best_alone = best > with_partner
                    best = np.maximum(best, with_partner)
                take = best > 0
                maker[idx[take]] = seat
                alone[idx[take]] = best_alone[take]
                trump[idx[take]] = self.up_suit
                picked[idx[take]] = True
            start_seat = 0
        for seat in range(start_seat, 4):
            idx = np.nonzero(maker < 0)[0]
            if len(idx) == 0:
                break
            ws = self._worlds(hands[idx, seat], seat, rng)
            best = np.full(len(idx), -np.inf)
            best_t = np.zeros(len(idx), dtype=np.int64)
            best_a = np.zeros(len(idx), dtype=bool)
            for t in range(4):
                if t == self.up_suit:
                    continue
                for al in (False, True):
                    v = self._values(ws, seat, t, al, False)
                    better = v > best
                    best, best_t, best_a = np.where(better, v, best), np.where(better, t, best_t), \
                        np.where(better, al, best_a)
            take = (best > 0) | ~may_pass(r, seat, 2)
            maker[idx[take]] = seat
            alone[idx[take]] = best_a[take]
            trump[idx[take]] = best_t[take]
        pick = picked & dealer_picks_up(r, maker, alone)
        before = hands[:, DEALER].copy()
        if pick.any():
            hands[:, DEALER] = dealer_pickup(hands[:, DEALER], self.upcard, r, pick, self.up_suit, self.m, deal=hands)
        # defenders decide whether to go alone by the bidding model's count, as in the hand pass
        # model; in either round every seat before the maker passed in the round trump was made
        passed = (np.arange(4)[None, :] < maker[:, None]) & (maker[:, None] >= 0)
        auction = Auction(r, self.m, self.upcard, self.up_suit)
        def_alone = auction.defender_alone(hands, trump, maker, alone, passed, rng)
        return Contracts(hands, trump, maker, alone, def_alone, np.where(pick, self.upcard, -1),
                         discard=discards_of(before, hands[:, DEALER], self.upcard, pick))
