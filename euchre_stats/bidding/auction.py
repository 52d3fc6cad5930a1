"""The rest of an auction under the bidding model, and the dealer's pick-up.

Seats that *act* here (``finish``, ``declare_alone``, ``defender_alone``, ``round_one_accept``)
decide as their model acts (:meth:`BiddingModel.p_act`: hard by default); the ``p_*`` methods give
the soft likelihood of a bid seen (inference), or with ``play=True`` the chance of acting.  Every
decision draws its uniform numbers for every deal, hard or soft, so two tables of a duplicate match
(and a soft and a hard policy) stay in step.

Seats are absolute with the dealer fixed at seat 3 (seat 0 eldest, 1 the dealer's partner,
2 third hand).  Values are points for the asking player's side minus the other side's.
No I/O; the questions in :mod:`euchre_stats.decide` build on this.
"""

from __future__ import annotations

import numpy as np

from ..core.seats import DEALER
from ..core.ties import suit_orders
from ..cardplay.contracts import Contracts, discards_of
from ..rules import (Rules, alone_with_the_call, lone_defence_possible, banned_discard, dealer_picks_up, may_call_alone,
                     may_call_no_trump, may_defend_alone, may_go_alone, may_pass, may_take_up, order_must_go_alone)
from .model import DEFAULT_MODEL, BiddingModel


# --- auction play-out (the pass model) ------------------------------------------------------
class Auction:
    """Plays the rest of an auction for the seats the asker cannot see, with a bidding model."""

    def __init__(self, rules: Rules, model, upcard: int, suit: int | None = None):
        """``model`` is one :class:`BiddingModel` for every seat, or four of them by seat (eldest,
        partner, third, dealer: a match between two policies).  ``suit`` is the suit on offer in
        round one when it is not the upcard's (the Almonte naming over a Joker upcard)."""
        models = (model,) * 4 if isinstance(model, BiddingModel) else tuple(model)
        if len(models) != 4 or not all(isinstance(m, BiddingModel) for m in models):
            raise TypeError("model must be a BiddingModel or four of them, one per seat")
        for m in models:
            m.check_rules(rules)
        self.rules, self.models, self.upcard = rules, models, upcard
        self.m = models[0]
        self.up_suit = upcard >> 3 if suit is None else suit

    def p_alone(self, hands, seat: int, trump, round_one, play: bool = False) -> np.ndarray:
        """P(``seat`` goes alone) under ``trump`` (British timing, after trump is made; ``hands`` as they
        are then): the soft likelihood, or with ``play`` the chance that the seat acting goes alone, by
        its model's :meth:`~euchre_stats.bidding.model.BiddingModel.later_alone_strength`."""
        m = self.models[seat]
        thr = np.where(round_one, m.order_alone[seat], m.call_alone[seat])
        s = m.later_alone_strength(hands[:, seat], seat, trump, round_one, self.upcard, self.up_suit)
        return m.p_act(s, thr) if play else m.p_accept(s, thr, m.temperature)

    def declare_alone(self, hands, trump, maker, alone, passed_in_round, round_one, rng, roles=(0, 2)):
        """British timing (alone declared after trump is made, before the lead): the maker, then its
        partner, may go alone by the count.  Returns ``(maker, alone, caller)``: where a partner goes
        alone, ``maker`` becomes that lone seat and ``caller`` keeps the seat that made trump.

        ``roles`` are the seats still to declare, relative to the caller (0 the caller, 2 its partner).
        Under North American timing nothing changes (``caller`` is None).
        """
        if alone_with_the_call(self.rules):
            return maker, alone, None
        n = len(maker)
        caller = maker.copy()
        maker, alone = maker.copy(), alone.copy()
        t = np.where(trump >= 0, trump, 0)
        for role in roles:
            who = (caller + role) & 3
            for seat in range(4):  # a draw for every deal, as in round two
                cand = (caller >= 0) & ~alone & (who == seat) & may_go_alone(self.rules, passed_in_round[:, seat])
                go = cand & (rng.random(n) < self.p_alone(hands, seat, t, round_one, play=True))
                maker = np.where(go, seat, maker)
                alone |= go
        return maker, alone, caller

    def defender_alone(self, hands, trump, maker, alone, passed_in_round, rng, seats=range(4)):
        """Seat of a defender who goes alone against the makers (where the rules allow it), or -1.

        The defenders are asked in turn from eldest; ``seats`` limits who is still to be asked."""
        n = len(maker)
        out = np.full(n, -1, dtype=np.int64)
        if not lone_defence_possible(self.rules):
            return out
        for seat in seats:  # defenders in turn from eldest; a draw for every deal, as in round two
            cand = may_defend_alone(self.rules, seat, maker, alone, passed_in_round[:, seat]) & (out < 0)
            m = self.models[seat]
            s = m.strength(hands[:, seat], np.where(trump >= 0, trump, 0))
            go = cand & (rng.random(n) < m.p_act(s, m.defend_alone))
            out = np.where(go, seat, out)
        return out

    def p_round_one(self, hands, seat: int, play: bool = False) -> tuple[np.ndarray, np.ndarray]:
        """Per-sample P(accept) of one seat in round one and P(alone | its count), by the rule options:
        the soft likelihood (inference), or with ``play`` the chance that the seat acting accepts
        (0 or 1 for a hard model)."""
        m = self.models[seat]
        s = m.round_one_strength(hands[:, seat], seat, self.upcard, self.up_suit)
        sa = self.alone_strength(hands, seat) if seat == 1 else s
        prob = ((lambda x, thr: m.p_act(x, thr)) if play else (lambda x, thr: m.p_accept(x, thr, m.temperature)))
        pa = prob(sa, m.order_alone[seat])
        if order_must_go_alone(self.rules, seat):
            p = pa  # the dealer's partner may accept only alone
        else:
            p = prob(s, m.order[seat])
        return p * may_take_up(self.rules, seat, hands[:, seat], self.up_suit), pa

    def alone_strength(self, hands, seat: int) -> np.ndarray:
        """Round one's count for going alone: the order count, but for the dealer's partner when the
        dealer sits out behind a lone partner (no credit for an upcard never picked up)."""
        m = self.models[seat]
        joins = seat != 1 or bool(dealer_picks_up(self.rules, 1, True))
        return m.round_one_strength(hands[:, seat], seat, self.upcard, self.up_suit, upcard_joins=joins)

    def p_round_two(self, hands, seat: int, play: bool = False) -> np.ndarray:
        """Per-sample P(calling, a suit or no trump where the rules allow it) of one seat in round two
        (before any stick): the soft likelihood, or with ``play`` the chance of acting."""
        m = self.models[seat]
        best, _, thr = m.round_two_call(hands[:, seat], self.up_suit, seat, may_call_no_trump(self.rules, 2),
                                      upcard=self.upcard)
        return m.p_act(best, thr) if play else m.p_accept(best, thr, m.temperature)

    def round_one_accept(self, hands, seat: int, rng):
        """Per-sample (accept, alone) of one seat in round one as it acts, honouring the rule options."""
        n = hands.shape[0]
        p, pa = self.p_round_one(hands, seat, play=True)
        acc = rng.random(n) < p
        alone = acc & (rng.random(n) < pa) & may_call_alone(self.rules, seat, 1)
        if order_must_go_alone(self.rules, seat):
            alone = acc.copy()
        return acc, alone

    def finish(self, hands, start_round: int, start_seat: int, rng) -> Contracts:
        """Contracts after the auction continues from ``(start_round, start_seat)``.

        ``hands`` are the dealt hands (n, 4); the upcard is still on the kitty.
        """
        n = hands.shape[0]
        hands = hands.copy()
        trump = np.full(n, -1, dtype=np.int64)
        maker = np.full(n, -1, dtype=np.int64)
        alone = np.zeros(n, dtype=bool)
        passed = np.zeros((n, 4), dtype=bool)  # passed in the round in which trump was made
        open_ = np.ones(n, dtype=bool)
        picked = np.zeros(n, dtype=bool)
        if start_round == 1:
            for seat in range(start_seat, 4):
                acc, al = self.round_one_accept(hands, seat, rng)
                take = open_ & acc
                maker = np.where(take, seat, maker)
                alone = np.where(take, al, alone)
                trump = np.where(take, self.up_suit, trump)
                passed[:, seat] |= open_ & ~acc
                open_ &= ~acc
            picked = maker >= 0
            # everyone before start_seat passed in round one
            passed[:, :start_seat] |= picked[:, None]
            start_seat = 0
            passed_r2 = np.zeros((n, 4), dtype=bool)
        else:
            passed_r2 = np.zeros((n, 4), dtype=bool)
            passed_r2[:, :start_seat] = True
        # round two: every seat draws for every deal, open or not, so that a deal's random numbers do not
        # depend on how the other deals' auctions went (two tables of a duplicate match stay in step)
        orders = suit_orders(hands)  # equal suits are named in the deal's random order, never by name
        for seat in range(start_seat, 4):
            m = self.models[seat]
            best, suit, thr = m.round_two_call(hands[:, seat], self.up_suit, seat, may_call_no_trump(self.rules, 2),
                                               upcard=self.upcard, order=orders)
            acc = rng.random(n) < m.p_act(best, thr)
            if not may_pass(self.rules, seat, 2):
                acc[:] = True
            pa = m.p_act(best, m.call_alone[seat])
            al = acc & (rng.random(n) < pa) & may_call_alone(self.rules, seat, 2)
            take = open_ & acc
            maker = np.where(take, seat, maker)
            alone = np.where(take, al, alone)
            trump = np.where(take, suit, trump)
            passed_r2[:, seat] |= open_ & ~acc
            open_ &= ~acc
        passed = np.where(picked[:, None], passed, passed_r2)
        # the dealer picks up in round one unless sitting out behind a lone partner
        pick = picked & dealer_picks_up(self.rules, maker, alone)
        before = hands[:, DEALER].copy()
        if pick.any():
            hands[:, DEALER] = dealer_pickup(hands[:, DEALER], self.upcard, self.rules, pick, self.up_suit,
                                             self.models[DEALER], deal=hands)
        maker, alone, caller = self.declare_alone(hands, trump, maker, alone, passed, picked, rng)
        def_alone = self.defender_alone(hands, trump, maker, alone, passed, rng)
        return Contracts(hands, np.where(trump >= 0, trump, 0), maker, alone, def_alone,
                         np.where(pick, self.upcard, -1), caller,
                         discards_of(before, hands[:, DEALER], self.upcard, pick))


def dealer_pickup(dealer_hands: np.ndarray, upcard: int, rules: Rules, mask: np.ndarray,
                  suit: int | None = None, model: BiddingModel = DEFAULT_MODEL, deal=None) -> np.ndarray:
    """The dealer adds the upcard and discards by ``model`` (:meth:`BiddingModel.discard_card`: by default
    its count's best five of six, trump ``suit``, by default the upcard's) where ``mask``.  ``deal``: the
    deals' hands (n, 4), whose hash orders the suits of tied discards (:func:`~euchre_stats.core.ties.suit_orders`;
    by default the dealer's six cards)."""
    h6 = dealer_hands | np.uint64(1 << upcard)
    banned = banned_discard(rules, upcard)
    order = None if deal is None else suit_orders(deal)
    card = model.discard_card(h6, upcard >> 3 if suit is None else suit, banned, order)
    after = h6 & ~np.left_shift(np.uint64(1), card.astype(np.uint64))
    return np.where(mask, after, dealer_hands)


