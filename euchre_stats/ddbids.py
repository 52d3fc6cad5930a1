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

from .bidding import BiddingModel
from .dealer import KITTY, Knowledge
from .pimc import _sample_worlds
from .rules import Rules, first_leader, hand_points, holds_natural_trump

DEALER = 3


class DDAuction:
    """Plays the rest of an auction with double-dummy bidders."""

    def __init__(self, rules: Rules, bidding: BiddingModel, upcard: int, workers: int | None,
                 worlds: int = 16):
        self.rules, self.m, self.upcard, self.workers, self.worlds = rules, bidding, upcard, workers, worlds
        self.up_suit = upcard >> 3

    def _worlds(self, hand: int, seat: int, rng) -> np.ndarray:
        r = self.rules
        k = Knowledge(r.deck_obj.mask)
        k.need = [r.hand_size] * 4 + [r.deck_obj.size - 4 * r.hand_size - 1]
        k.need[seat] = 0
        k.known[seat] = hand
        k.known[KITTY] = 1 << self.upcard
        return _sample_worlds(k, self.worlds, rng)[:, :4]

    def _value(self, worlds: np.ndarray, seat: int, trump: int, alone: bool, pickup: bool) -> float:
        """Mean points for ``seat``'s side if it makes ``trump`` on these worlds."""
        from .decisions import _dealer_pickup
        from .solver import solve_many

        h = worlds.copy()
        if pickup and not (alone and seat == 1):
            h[:, DEALER] = _dealer_pickup(h[:, DEALER], self.upcard, self.rules, np.ones(len(h), bool))
        leader = first_leader(self.rules, DEALER, seat if alone else None, None)
        out = (1 << ((seat + 2) & 3)) if alone else 0
        if alone:
            h[:, (seat + 2) & 3] = 0
        side0 = solve_many(h, np.full(len(h), trump), np.full(len(h), leader),
                           np.full(len(h), out, np.uint8), threads=self.workers)
        mine = side0 if seat % 2 == 0 else self.rules.hand_size - side0
        pts = [hand_points(self.rules, int(t), alone) for t in mine]
        return float(np.mean([a - b for a, b in pts]))

    def finish(self, hands: np.ndarray, start_round: int, start_seat: int, rng):
        from .decisions import Contracts, _dealer_pickup

        n = hands.shape[0]
        hands = hands.copy()
        trump = np.zeros(n, dtype=np.int64)
        maker = np.full(n, -1, dtype=np.int64)
        alone = np.zeros(n, dtype=bool)
        picked = np.zeros(n, dtype=bool)
        r = self.rules
        for i in range(n):
            done = False
            if start_round == 1:
                for seat in range(start_seat, 4):
                    hand = int(hands[i, seat])
                    if (seat == DEALER and r.dealer_needs_trump
                            and not holds_natural_trump(hand, self.up_suit)):
                        continue
                    ws = self._worlds(hand, seat, rng)
                    opts = [(self._value(ws, seat, self.up_suit, True, True), True)]
                    if not (r.canadian_loner and seat == 1):
                        opts.append((self._value(ws, seat, self.up_suit, False, True), False))
                    best, al = max(opts)
                    if best > 0:
                        maker[i], alone[i], trump[i], picked[i], done = seat, al, self.up_suit, True, True
                        break
                start_seat = 0
            if done:
                continue
            for seat in range(start_seat, 4):
                hand = int(hands[i, seat])
                ws = self._worlds(hand, seat, rng)
                opts = [(self._value(ws, seat, t, al, False), t, al)
                        for t in range(4) if t != self.up_suit for al in (False, True)]
                best, t, al = max(opts)
                if best > 0 or (seat == DEALER and r.stick_the_dealer):
                    maker[i], alone[i], trump[i] = seat, al, t
                    break
        pick = picked & ~(alone & (maker == 1))
        if pick.any():
            hands[:, DEALER] = _dealer_pickup(hands[:, DEALER], self.upcard, r, pick)
        return Contracts(hands, trump, maker, alone, np.full(n, -1, dtype=np.int64),
                         np.where(pick, self.upcard, -1))
