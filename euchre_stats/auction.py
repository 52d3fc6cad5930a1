"""Contracts and how they are played: the rest of an auction under the bidding model, the
dealer's pick-up, and the scoring of contracts under a play model.

Seats are absolute with the dealer fixed at seat 3 (seat 0 eldest, 1 the dealer's partner,
2 third hand).  Values are points for the asking player's side minus the other side's.
No I/O; the estimators in :mod:`euchre_stats.decisions` build on this.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .bidding import BiddingModel, best_discard_strength, strength_of
from .rules import Rules, first_leader, holds_natural_trump

DEALER = 3
PLAY_MODELS = ("dd", "pimc")


class PlayModelError(ValueError):
    """An unknown play model."""


# --- samples of one option ------------------------------------------------------------------
@dataclass
class Outcome:
    """Per-sample outcome of one option: points for the asking side and the makers' result."""

    value: np.ndarray          # float, asking side points minus the others'
    our_make: np.ndarray       # asking side were makers and made it
    our_march: np.ndarray
    our_euchred: np.ndarray
    our_tricks: np.ndarray     # tricks taken by the asking side (-1 when thrown in)
    points: np.ndarray | None = None   # points, when ``value`` is something else (tricks, for a lead)

    @staticmethod
    def concat(parts: list["Outcome"]) -> "Outcome":
        fields = ["value", "our_make", "our_march", "our_euchred", "our_tricks"]
        out = Outcome(*[np.concatenate([getattr(p, f) for p in parts]) for f in fields])
        if parts[0].points is not None:
            out.points = np.concatenate([p.points for p in parts])
        return out


def hand_points_array(rules: Rules, maker_tricks, maker_alone, defender_alone):
    """Vectorised :func:`euchre_stats.rules.hand_points`: (maker points, defender points)."""
    n = rules.hand_size
    t = np.asarray(maker_tricks)
    maker = np.where(t == n, np.where(maker_alone, 4, 2), np.where(t >= rules.tricks_to_make, 1, 0))
    defp = np.where(t >= rules.tricks_to_make, 0, 2)
    defp = np.where((t < rules.tricks_to_make) & defender_alone,
                    np.maximum(defp, rules.lone_defender_points), defp)
    if rules.super_euchre:
        defp = np.where(t == 0, np.maximum(defp, 4), defp)
    return maker, defp


@dataclass
class Contracts:
    """Per-sample contracts: who made what, with the hands as they stand when play starts."""

    hands: np.ndarray          # (n, 4) uint64, after any pick-up and discard
    trump: np.ndarray          # (n,) int64
    maker: np.ndarray          # (n,) seat, -1 when the hand is thrown in
    alone: np.ndarray          # (n,) bool
    def_alone: np.ndarray      # (n,) seat or -1
    up_known: np.ndarray | None = None   # (n,) upcard the dealer took up (known to all), or -1


class Evaluator:
    """Plays contracts under one play model and scores them for the asking side."""

    def __init__(self, rules: Rules, model: str, asker: int, workers: int | None,
                 pimc_worlds: int = 24):
        if model not in PLAY_MODELS:
            raise PlayModelError(f"unknown play model {model!r}: expected dd or pimc")
        self.rules, self.model, self.asker, self.workers = rules, model, asker, workers
        self.pimc_worlds = pimc_worlds

    def leaders(self, c: Contracts) -> tuple[np.ndarray, np.ndarray]:
        n = len(c.maker)
        leader = np.zeros(n, dtype=np.int64)
        out = np.zeros(n, dtype=np.uint8)
        for i in range(n):
            m = int(c.maker[i])
            if m < 0:
                continue
            ma = m if c.alone[i] else None
            da = int(c.def_alone[i]) if c.def_alone[i] >= 0 else None
            leader[i] = first_leader(self.rules, DEALER, ma, da)
            o = 0
            if ma is not None:
                o |= 1 << ((m + 2) & 3)
            if da is not None:
                o |= 1 << ((da + 2) & 3)
            out[i] = o
        return leader, out

    def play(self, c: Contracts, rng: np.random.Generator) -> Outcome:
        n = len(c.maker)
        live = c.maker >= 0
        side0 = np.zeros(n, dtype=np.int64)
        if live.any():
            idx = np.nonzero(live)[0]
            leader, out = self.leaders(Contracts(c.hands[idx], c.trump[idx], c.maker[idx], c.alone[idx],
                                                 c.def_alone[idx]))
            hands = c.hands[idx].copy()
            for seat in range(4):  # a seat sitting out holds no cards in play
                hands[:, seat] = np.where((out >> seat) & 1, np.uint64(0), hands[:, seat])
            if self.model == "dd":
                from .solver import solve_many

                side0[idx] = solve_many(hands, c.trump[idx], leader, out, threads=self.workers)
            else:
                from .pimc import play_pimc

                up = None if c.up_known is None else c.up_known[idx]
                side0[idx] = play_pimc(self.rules, hands, c.trump[idx], leader, out, rng,
                                       worlds=self.pimc_worlds, threads=self.workers, up_known=up)
        return self.score(c, side0)

    def score(self, c: Contracts, side0: np.ndarray) -> Outcome:
        hs = self.rules.hand_size
        live = c.maker >= 0
        maker_side = c.maker & 1
        maker_tricks = np.where(maker_side == 0, side0, hs - side0)
        mp, dp = hand_points_array(self.rules, maker_tricks, c.alone, c.def_alone >= 0)
        ours = (maker_side == (self.asker & 1))
        value = np.where(ours, mp - dp, dp - mp).astype(np.float64)
        value = np.where(live, value, 0.0)
        our_tricks = np.where(live, np.where(self.asker & 1 == 0, side0, hs - side0), -1)
        return Outcome(value, live & ours & (mp > 0), live & ours & (maker_tricks == hs),
                       live & ours & (dp > 0), our_tricks)


# --- auction play-out (the pass model) ------------------------------------------------------
class Auction:
    """Plays the rest of an auction for the seats the asker cannot see, with a bidding model."""

    def __init__(self, rules: Rules, model: BiddingModel, upcard: int):
        self.rules, self.m, self.upcard = rules, model, upcard
        self.up_suit = upcard >> 3

    def _defender_alone(self, hands, trump, maker, alone, passed_in_round, rng):
        """Seat of a defender who goes alone against a lone maker, or -1."""
        n = len(maker)
        out = np.full(n, -1, dtype=np.int64)
        if not self.rules.defend_alone:
            return out
        for k in range(4):  # defenders in turn from eldest
            seat = k
            cand = alone & (maker >= 0) & ((maker & 1) != (seat & 1)) & (out < 0)
            if self.rules.passer_may_not_go_alone:
                cand &= ~passed_in_round[:, seat]
            if not cand.any():
                continue
            s = strength_of(hands[:, seat], np.where(trump >= 0, trump, 0))
            p = self.m.p_accept(s, self.m.defend_alone, self.m.temperature)
            go = cand & (rng.random(n) < p)
            out = np.where(go, seat, out)
        return out

    def p_round_one(self, hands, seat: int) -> tuple[np.ndarray, np.ndarray]:
        """Per-sample P(accept) of one seat in round one and P(alone | its count), by the rule options."""
        s = self.m.round_one_strength(hands[:, seat], seat, self.upcard)
        pa = self.m.p_accept(s, self.m.order_alone[seat], self.m.temperature)
        if self.rules.canadian_loner and seat == 1:
            p = pa  # the dealer's partner may accept only alone
        else:
            p = self.m.p_accept(s, self.m.order[seat], self.m.temperature)
        if seat == DEALER and self.rules.dealer_needs_trump:
            p = p * np.array([holds_natural_trump(int(h), self.up_suit) for h in hands[:, seat]])
        return p, pa

    def p_round_two(self, hands, seat: int) -> np.ndarray:
        """Per-sample P(naming a suit) of one seat in round two (before any stick)."""
        best, _ = self.m.best_call(hands[:, seat], self.up_suit)
        return self.m.p_accept(best, self.m.call[seat], self.m.temperature)

    def round_one_accept(self, hands, seat: int, rng):
        """Per-sample (accept, alone) of one seat in round one, honouring the rule options."""
        n = hands.shape[0]
        p, pa = self.p_round_one(hands, seat)
        acc = rng.random(n) < p
        alone = acc & (rng.random(n) < pa)
        if self.rules.canadian_loner and seat == 1:
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
        # round two
        for seat in range(start_seat, 4):
            if not open_.any():
                break
            best, suit = self.m.best_call(hands[:, seat], self.up_suit)
            p = self.m.p_accept(best, self.m.call[seat], self.m.temperature)
            acc = rng.random(n) < p
            if seat == DEALER and self.rules.stick_the_dealer:
                acc[:] = True
            pa = self.m.p_accept(best, self.m.call_alone[seat], self.m.temperature)
            al = acc & (rng.random(n) < pa)
            take = open_ & acc
            maker = np.where(take, seat, maker)
            alone = np.where(take, al, alone)
            trump = np.where(take, suit, trump)
            passed_r2[:, seat] |= open_ & ~acc
            open_ &= ~acc
        passed = np.where(picked[:, None], passed, passed_r2)
        # the dealer picks up in round one unless sitting out behind a lone partner
        pick = picked & ~(alone & (maker == 1))
        if pick.any():
            hands[:, DEALER] = _dealer_pickup(hands[:, DEALER], self.upcard, self.rules, pick)
        def_alone = self._defender_alone(hands, trump, maker, alone, passed, rng)
        return Contracts(hands, np.where(trump >= 0, trump, 0), maker, alone, def_alone,
                         np.where(pick, self.upcard, -1))


def _dealer_pickup(dealer_hands: np.ndarray, upcard: int, rules: Rules, mask: np.ndarray) -> np.ndarray:
    """The dealer adds the upcard and discards by the count (best five of six) where ``mask``."""
    h6 = dealer_hands | np.uint64(1 << upcard)
    banned = -1 if rules.dealer_may_discard_upcard else upcard
    _, card = best_discard_strength(h6, upcard >> 3, banned)
    after = h6 & ~np.left_shift(np.uint64(1), card.astype(np.uint64))
    return np.where(mask, after, dealer_hands)


