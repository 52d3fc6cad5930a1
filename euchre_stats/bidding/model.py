"""The bidding model: a hand-strength point count with per-seat, per-round thresholds.

Used for the seats whose decisions the asking player cannot see: to value a
pass (by playing out the rest of the auction) and to weight sampled deals by
how likely the passes already seen are (``--infer``).

The count, in rough "trick points":

* trumps: Joker 3.3, right bower 3.0, left bower 2.6, ace 2.2, king 1.9,
  queen 1.7, ten 1.5, nine 1.4, eight 1.3, seven 1.2;
* off-suit aces 1.0, off-suit kings 0.35 (0.6 when the ace is also held);
* each void 0.4 when holding two or more trumps;
* round one: the dealer counts the best five of its six cards; the dealer's
  partner adds half the upcard's trump value (it goes to the partnership), the
  dealer's opponents subtract half;
* no trump (round two under ``no_trump``): the point-count bidder's no-trump count
  (:func:`euchre_stats.game.policies.no_trump_points`, a table per suit here),
  against ``call_no_trump``; the suit or no trump whose count passes its
  threshold by more is the call.

Two uses, two kinds of decision:

* **acting** (a seat that bids: self-play, matches, the pass valuation, ``variants``, ``equity``,
  ``tune``, the shipped players) is **hard** by default: the seat accepts exactly when its count
  reaches the threshold (``play_temperature`` 0; a positive ``play_temperature`` draws soft
  decisions instead, as every model did before 2026-12-03: the ``shipped-soft`` policy);
* **inferring** hands from a bid seen (the weights of sampled deals, ``--infer``) is **soft**:
  P(accept) = 1 / (1 + exp(-(strength - threshold) / temperature)), so a pass is unlikely for a
  strong hand but never impossible.

Thresholds start from common strategy-guide advice and are tuned by self-play (:func:`tune`).
Two published populations are models too: :data:`POINTS_MODEL` (a point count) and
:data:`GUIDES_MODEL` (the guides' rules of thumb, :class:`GuidesModel`: a rule level in place of the
count), the ``--others`` of the questions and the policies of ``match``.
No I/O here except :func:`BiddingModel.load`/``save``.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from ..core.bits import NUM_CARDS
from ..core.cards import JOKER
from ..core.errors import BiddingModelError, JSONInputError
from ..core.safejson import parse_json
from ..core.ties import suit_orders, suit_place
from ..core.trump import EFF_SUIT, NO_TRUMP, POWER, SUIT_MASK
from ..game.policies import THRESHOLDS as _POINT_COUNT, no_trump_points

#: trump ranks in the order of :attr:`BiddingModel.trump_values` (the trump table's POWER values)
TRUMP_RANKS = (42, 41, 40, 39, 38, 37, 35, 34, 33, 32)
TRUMP_RANK_NAMES = ("Joker", "right bower", "left bower", "ace", "king", "queen", "ten", "nine", "eight", "seven")

_EFF = np.ascontiguousarray(EFF_SUIT, dtype=np.int64)


@functools.lru_cache(maxsize=32)
def _value_table(trump_values: tuple, off_ace: float) -> np.ndarray:
    """card_value[trump, card] for the count; off-suit kings and voids are added by the kernel."""
    by_power = dict(zip(TRUMP_RANKS, trump_values))
    v = np.zeros((4, 33), dtype=np.float64)
    for t in range(4):
        for c in range(33):
            if EFF_SUIT[t, c] == t:
                v[t, c] = by_power[int(POWER[t, c])]
            elif c != JOKER and (c & 7) == 7:
                v[t, c] = off_ace
    v.setflags(write=False)
    return v


@functools.lru_cache(maxsize=1)
def _no_trump_table() -> np.ndarray:
    """``table[b]``: :func:`~euchre_stats.game.policies.no_trump_points` of one suit's holding, the
    byte ``b`` of its cards (bit ``r`` = rank ``r``, 7 the ace); the count is a sum over the suits."""
    t = np.array([no_trump_points(b) for b in range(256)], dtype=np.float64)
    t.setflags(write=False)
    return t


def no_trump_strength(hands: np.ndarray) -> np.ndarray:
    """The no-trump count of each hand (uint64 masks; the Joker, never in a no-trump deck, is ignored)."""
    h = np.asarray(hands, dtype=np.uint64)
    table = _no_trump_table()
    return sum(table[((h >> np.uint64(8 * s)) & np.uint64(0xFF)).astype(np.int64)] for s in range(4))


def next_suit(suit: int) -> int:
    """The suit of the same colour ("next"): clubs and spades, diamonds and hearts."""
    return 3 - suit


def first_best_suit(values, banned_suit: int, order=None) -> np.ndarray:
    """The suit (last axis of ``values``, four suits) with the highest value.  Equal values go to the suit
    first in ``order`` (one suit order per row, :data:`euchre_stats.core.ties.ORDERS`, counted from
    ``banned_suit``, the suit turned down), never by the suits' names; without an order, to the lower suit
    number (for callers that read only the value)."""
    values = np.asarray(values)
    if order is None:
        return values.argmax(axis=-1)
    top = values.max(axis=-1, keepdims=True)
    o = np.broadcast_to(np.asarray(order, dtype=np.int64), values.shape[:-1])[..., None]
    place = suit_place(o, np.arange(4), banned_suit)
    return np.where(values == top, place, 9).argmin(axis=-1)


@dataclass(frozen=True)
class BiddingModel:
    """A point count and, per seat (eldest, partner, third, dealer), thresholds for each decision.

    The count's parts are fields too (``trump_values`` from the Joker down to the seven of
    trump, ``off_ace``, ``off_king``/``off_king_with_ace``, ``void`` for each void when holding
    two or more trumps), so a published point count (:data:`POINTS_MODEL`) is a model like the
    tuned one.  ``next_bonus`` is added, in round two, to the count of next (the suit of the turned-down
    card's colour) by seat.  A seat that acts decides hard (``play_temperature`` 0) or soft with
    ``play_temperature``; inference from a bid seen is soft with ``temperature`` (see the module
    docstring).
    """

    order: tuple = (7.2, 7.6, 6.6, 6.8)
    order_alone: tuple = (11.0, 11.0, 11.0, 11.0)
    call: tuple = (6.6, 7.0, 6.8, 6.6)
    call_alone: tuple = (11.0, 11.0, 11.0, 11.0)
    #: no trump in round two (``no_trump``), on the no-trump count; the point-count bidder's value,
    #: chosen by duplicate matches (docs/rules.md "No trump"), not tuned with the rest
    call_no_trump: tuple = (_POINT_COUNT["call_no_trump"],) * 4
    next_bonus: tuple = (0.0, 0.0, 0.0, 0.0)
    defend_alone: float = 12.0
    upcard_weight: float = 0.5
    #: the share of the upcard's value the dealer's partner counts towards going alone when the dealer then
    #: sits out and never picks it up: 0 (the upcard joins nobody); models before 2026-12-03 counted
    #: ``upcard_weight`` there too
    lone_partner_upcard: float = 0.0
    #: the softness of inference (the likelihood of a bid seen)
    temperature: float = 0.35
    #: the softness of acting: 0 decides hard (accept exactly when the count reaches the threshold)
    play_temperature: float = 0.0
    trump_values: tuple = (3.3, 3.0, 2.6, 2.2, 1.9, 1.7, 1.5, 1.4, 1.3, 1.2)
    off_ace: float = 1.0
    off_king: float = 0.35
    off_king_with_ace: float = 0.6
    void: float = 0.4
    #: how a dealer who picked up discards: 0 by the count (its best five of six); 1 as the guides say
    #: (:func:`void_discard`: keep trumps and aces, make a void with the lowest singleton, else throw
    #: the lowest card)
    discard_rule: float = 0.0

    def check_rules(self, rules) -> None:
        """Refuse rules the model cannot bid under (every rule set for a count; see ``model_v2``)."""

    def later_alone_strength(self, hands, rel_seat: int, trump, round_one, upcard: int, up_suit: int) -> np.ndarray:
        """British timing (alone declared after trump is made, before the lead): the strength of
        ``rel_seat``'s ``hands`` as they are then (the dealer's after its pick-up) that decides whether it
        goes alone, against the seat's ``order_alone`` where ``round_one`` (per deal) else ``call_alone``.
        The count's: its count under ``trump``."""
        return self.strength(hands, trump)

    @staticmethod
    def p_accept(strength, threshold, temperature) -> np.ndarray:
        # the logistic function written with tanh: no overflow for far-off counts
        return 0.5 * (1.0 + np.tanh((np.asarray(strength) - threshold) / (2.0 * temperature)))

    @property
    def hard(self) -> bool:
        """Whether a seat bidding by this model decides deterministically (``play_temperature`` 0)."""
        return self.play_temperature == 0.0

    def p_act(self, strength, threshold) -> np.ndarray:
        """The chance that a seat *acting* by this model accepts: 1.0 where the count reaches the
        threshold and 0.0 below it (hard), or the logistic with ``play_temperature`` (soft).  A
        uniform draw ``u`` below it accepts, so one draw per decision serves both."""
        if self.hard:
            return (np.asarray(strength) >= threshold).astype(np.float64)
        return self.p_accept(strength, threshold, self.play_temperature)

    @property
    def decisions(self) -> str:
        """How the model's seats decide when they act, in words."""
        return ("hard decisions in play (soft, temperature %g, only to infer hands)" % self.temperature
                if self.hard else "soft decisions in play (temperature %g)" % self.play_temperature)

    @property
    def card_values(self) -> np.ndarray:
        return _value_table(self.trump_values, self.off_ace)

    def strength(self, hands: np.ndarray, trump) -> np.ndarray:
        """Vectorised count for hands (uint64 array) under ``trump`` (int or array of the same shape;
        4 is no trump: :func:`no_trump_strength`)."""
        from ._kernels import strength_kernel

        hands = np.asarray(hands, dtype=np.uint64)
        trump = np.broadcast_to(np.asarray(trump, dtype=np.int64), hands.shape)
        nt = trump == NO_TRUMP
        some_nt = bool(nt.any())
        out = np.empty(hands.size, dtype=np.float64)
        suits = np.where(nt, 0, trump) if some_nt else trump  # the kernel's tables hold the four suits
        strength_kernel(np.ascontiguousarray(hands).ravel(), np.ascontiguousarray(suits).ravel(),
                        self.card_values, _EFF, self.off_king, self.off_king_with_ace, self.void, out)
        out = out.reshape(hands.shape)
        return np.where(nt, no_trump_strength(hands), out) if some_nt else out

    def best_discard(self, hands6: np.ndarray, trump, banned: int = -1, order=None) -> tuple[np.ndarray, np.ndarray]:
        """For six-card hands: the best five-card count and the card to discard for it (never ``banned``).
        Equal counts go to the lowest rank, then to the first suit of ``order`` (one suit order per hand,
        :data:`euchre_stats.core.ties.ORDERS`; by default drawn from the six cards,
        :func:`~euchre_stats.core.ties.suit_orders`), never by the suits' names."""
        from ._kernels import best_discard_kernel

        hands6 = np.asarray(hands6, dtype=np.uint64)
        flat = np.ascontiguousarray(hands6).ravel()
        trumps = np.broadcast_to(np.asarray(trump, dtype=np.int64), hands6.shape)
        orders = (suit_orders(flat) if order is None
                  else np.ascontiguousarray(np.broadcast_to(np.asarray(order, dtype=np.int64), hands6.shape)).ravel())
        best = np.empty(flat.size, dtype=np.float64)
        card = np.empty(flat.size, dtype=np.int64)
        best_discard_kernel(flat, np.ascontiguousarray(trumps).ravel(), int(banned), self.card_values, _EFF,
                            self.off_king, self.off_king_with_ace, self.void, orders, best, card)
        return best.reshape(hands6.shape), card.reshape(hands6.shape)

    def round_one_strength(self, hands: np.ndarray, rel_seat: int, upcard: int, suit: int | None = None,
                           upcard_joins: bool = True) -> np.ndarray:
        """Count for accepting the upcard from relative seat 0..3 (3 = dealer); ``suit`` is the suit on
        offer when it is not the upcard's (Almonte).  ``upcard_joins=False``: the dealer's partner going
        alone, the dealer sitting out and never picking the upcard up: ``lone_partner_upcard`` of it
        (by default none)."""
        trump = upcard >> 3 if suit is None else suit
        if rel_seat == 3:
            return self.best_discard(np.asarray(hands, dtype=np.uint64) | np.uint64(1 << upcard), trump)[0]
        s = self.strength(hands, trump)
        if rel_seat == 1 and not upcard_joins:
            return s + self.card_values[trump, upcard] * self.lone_partner_upcard if self.lone_partner_upcard else s
        up = self.card_values[trump, upcard] * self.upcard_weight
        return s + up if rel_seat == 1 else s - up

    def round_one_count(self, hand: int, rel_seat: int, upcard: int) -> float:
        """:meth:`round_one_strength` of one hand (a bitmask), in plain Python: the kernel's sums in the
        kernel's order, so the same float, without loading numba (``advise`` counts one hand)."""
        trump = upcard >> 3
        values = self.card_values[trump].tolist()
        if rel_seat == 3:  # the dealer: the best count after one discard, ties to the lowest card
            six = hand | (1 << upcard)
            best = -1e300
            for c in range(33):
                if (six >> c) & 1:
                    s = self._count_one(six & ~(1 << c), trump, values)
                    if s > best + 1e-9:
                        best = s
            return best
        s = self._count_one(hand, trump, values)
        up = values[upcard] * self.upcard_weight
        return s + up if rel_seat == 1 else s - up

    def _count_one(self, hand: int, trump: int, values: list) -> float:
        """The count of one hand under ``trump`` (a suit), as ``_kernels._strength_one`` sums it."""
        s = 0.0
        n_trump = present = 0
        for c in range(33):  # the held cards from the lowest number up
            if (hand >> c) & 1:
                s += values[c]
                e = int(_EFF[trump, c])
                n_trump += e == trump
                present |= 1 << e
        for su in range(4):
            if su == trump:
                continue
            if n_trump >= 2 and not (present >> su) & 1:
                s += self.void
            if (hand >> (su * 8 + 6)) & 1:
                s += self.off_king_with_ace if (hand >> (su * 8 + 7)) & 1 else self.off_king
        return s

    def p_order(self, hands, rel_seat: int, upcard: int) -> np.ndarray:
        s = self.round_one_strength(hands, rel_seat, upcard)
        return self.p_accept(s, self.order[rel_seat], self.temperature)

    def suit_counts(self, hands, banned_suit: int, seat: int | None = None, upcard: int | None = None
                    ) -> np.ndarray:
        """Round two: the count of each suit (n, 4) for ``seat``, next's bonus included; the
        turned-down suit is -inf.  ``upcard``, the card turned down, is read only by bidders whose round
        two depends on its rank (the table bidder, ``table_model.py``); the round-two methods below pass it on."""
        hands = np.asarray(hands, dtype=np.uint64)
        out = np.full(hands.shape + (4,), -np.inf)
        for t in range(4):
            if t != banned_suit:
                out[..., t] = self.strength(hands, t)
        if seat is not None and 0 <= banned_suit < 4:
            out[..., next_suit(banned_suit)] += self.next_bonus[seat]
        return out

    def call_levels(self, hands, banned_suit: int, seat: int | None = None, upcard: int | None = None
                    ) -> np.ndarray:
        """Round two: per suit (n, 4) the value compared with ``call`` when that suit is named (the
        turned-down suit -inf).  For a count it is the count (:meth:`suit_counts`); a model whose suit
        scores are not on the scale of its thresholds (the feature bidder) gives its levels."""
        return self.suit_counts(hands, banned_suit, seat, upcard)

    def best_call(self, hands, banned_suit: int, seat: int | None = None, upcard: int | None = None, order=None
                  ) -> tuple[np.ndarray, np.ndarray]:
        """Best suit to name in round two (not ``banned_suit``) and its count (with next's bonus
        for ``seat``); a tie goes to the suit first in ``order`` (:func:`first_best_suit`; without one, to
        the lower suit number)."""
        counts = self.suit_counts(hands, banned_suit, seat, upcard)
        suit = first_best_suit(counts, banned_suit, order)
        return np.take_along_axis(counts, suit[..., None], axis=-1)[..., 0], suit.astype(np.int64)

    def round_two_call(self, hands, banned_suit: int, seat: int, no_trump: bool = False,
                       upcard: int | None = None, order=None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Round two's call for ``seat``: ``(count, trump, threshold)`` per hand.  The best suit
        (:meth:`best_call`, equal suits by ``order``) against ``call``; with ``no_trump``, no trump (trump 4)
        instead when its count passes ``call_no_trump`` by more (a tie keeps the suit)."""
        best, suit = self.best_call(hands, banned_suit, seat, upcard, order)
        thr = np.full(best.shape, self.call[seat])
        if not no_trump:
            return best, suit, thr
        nt = no_trump_strength(hands)
        take = nt - self.call_no_trump[seat] > best - self.call[seat]
        return (np.where(take, nt, best), np.where(take, NO_TRUMP, suit).astype(np.int64),
                np.where(take, self.call_no_trump[seat], thr))

    def to_dict(self) -> dict:
        d = {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self).items()}
        if not d["discard_rule"]:   # the count's discard: models written before the rule read the same
            del d["discard_rule"]
        return d

    def discard_card(self, hands6: np.ndarray, trump, banned: int = -1, order=None) -> np.ndarray:
        """The card a dealer holding ``hands6`` (six cards) discards under ``discard_rule`` (``order``: the
        suit orders of :func:`void_discard`'s ties)."""
        if self.discard_rule:
            return void_discard(hands6, trump, banned, order)
        return self.best_discard(hands6, trump, banned, order)[1]

    @classmethod
    def from_dict(cls, d) -> "BiddingModel":
        """A model from its JSON form, every field checked (an error names the first wrong one).

        Fields left out keep their defaults; ``fit`` (the tuning report, see :func:`load_fit`) is
        allowed and ignored."""
        if not isinstance(d, dict):
            raise BiddingModelError(f"a bidding model is a JSON object of thresholds, got {type(d).__name__}")
        fields = {f.name: f for f in dataclasses.fields(cls)}
        bad = [k for k in d if k not in fields and k != "fit"]
        if bad:
            raise BiddingModelError(f"unknown bidding model field {bad[0]!r} (expected {', '.join(fields)})")
        out = {}
        for k, v in d.items():
            if k == "fit":
                continue
            default = fields[k].default
            size = len(default) if isinstance(default, tuple) else None
            vals = v if size else [v]
            if (size and (not isinstance(v, list) or len(v) != size)) or not all(
                    isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) for x in vals):
                want = ("a list of four numbers (eldest, partner, third, dealer)" if size == 4 else
                        f"a list of {size} numbers ({', '.join(TRUMP_RANK_NAMES)})" if size else "a number")
                raise BiddingModelError(f"bidding model field {k!r} must be {want}, got {v!r}")
            out[k] = tuple(float(x) for x in v) if size else float(v)
        if out.get("temperature", 1.0) <= 0:
            raise BiddingModelError(f"bidding model temperature must be positive, got {out['temperature']!r}")
        if out.get("play_temperature", 0.0) < 0:
            raise BiddingModelError("bidding model play_temperature must be 0 (hard decisions) or positive, "
                                    f"got {out['play_temperature']!r}")
        return cls(**out)

    def save(self, path, fit: dict | None = None) -> None:
        d = self.to_dict()
        if fit is not None:
            d["fit"] = fit
        Path(path).write_text(json.dumps(d, indent=2) + "\n")

    @classmethod
    def load(cls, path) -> "BiddingModel":
        """A model from a JSON file (see :meth:`from_dict`)."""
        return cls.from_dict(_read_model_json(path))


def _read_model_json(path):
    p = Path(path)
    try:
        text = p.read_bytes()
    except IsADirectoryError:
        raise BiddingModelError(f"{str(path)!r} is a directory, not a bidding model file") from None
    except OSError as exc:
        raise BiddingModelError(f"cannot read {str(path)!r}: {exc.strerror}") from None
    try:
        return parse_json(text, repr(str(path)))
    except JSONInputError as exc:
        raise BiddingModelError(str(exc)) from None


def load_fit(path) -> dict | None:
    """The tuning report saved with a model file (deals, seed, standard errors), if any."""
    d = _read_model_json(path)
    return d.get("fit") if isinstance(d, dict) else None


def strength_of(hands: np.ndarray, trump) -> np.ndarray:
    """The default count (:data:`DEFAULT_MODEL`) of ``hands`` under ``trump``."""
    return DEFAULT_MODEL.strength(hands, trump)


def best_discard_strength(hands6: np.ndarray, trump: int, banned: int = -1
                          ) -> tuple[np.ndarray, np.ndarray]:
    """The default count's best discard (see :meth:`BiddingModel.best_discard`)."""
    return DEFAULT_MODEL.best_discard(hands6, trump, banned)


#: a card's rank (``card & 7``) when it is an ace
ACE_RANK = 7


def void_discard(hands6: np.ndarray, trump, banned: int = -1, order=None) -> np.ndarray:
    """The guides' discard for each six-card hand: never a trump while a plain card is left, never an
    off-suit ace while another plain card is left; a singleton (not an ace) goes first, to make a void,
    the lowest of them; else the lowest plain card, from the shorter suit on a tie.  Never ``banned``.

    Equal cards of two suits (the same rank, suits of the same length) are told apart by ``order``, one
    suit order per hand (:data:`euchre_stats.core.ties.ORDERS`, counted from trump), never by the suits'
    names: the first suit of the order goes.  By default the order is drawn from the six cards
    (:func:`~euchre_stats.core.ties.suit_orders`); the auctions pass one drawn from the whole deal, so that
    a deal and its copy with the suits renamed discard alike in distribution (docs/methods.md, "Ties to the
    lowest card number").

    Every hand at once, as arrays of (hand, card): a loop over the hands cost ~10 us a hand, a
    dealer's ``order`` discards three times a deal (tests/bidding/test_bidding.py has its plain twin).
    """
    hands6 = np.asarray(hands6, dtype=np.uint64)
    shape = hands6.shape
    h = hands6.reshape(-1)
    t = np.broadcast_to(np.asarray(trump, dtype=np.int64), shape).reshape(-1)
    cards = np.arange(NUM_CARDS)
    has = ((h[:, None] >> cards.astype(np.uint64)) & np.uint64(1)).astype(bool)
    if 0 <= banned < NUM_CARDS:
        has[:, banned] = False
    eff = _EFF[t, :NUM_CARDS]
    plain = has & (eff != t[:, None])
    # each card's suit length among the plain cards
    length = np.zeros((h.shape[0], int(_EFF.max()) + 1), dtype=np.int64)
    for s in range(length.shape[1]):
        length[:, s] = (plain & (eff == s)).sum(axis=1)
    lenc = np.take_along_axis(length, eff, axis=1)
    not_ace = (cards & 7) != ACE_RANK
    single = plain & (lenc == 1) & not_ace
    plain_na = plain & not_ace
    pool = np.where(single.any(axis=1)[:, None], single, np.where(plain_na.any(axis=1)[:, None], plain_na, plain))
    no_plain = ~plain.any(axis=1)
    pool[no_plain] = has[no_plain]
    # the lowest (power, suit length (not among six trumps), the suit's place in the order, card number) of
    # the pool (the card number parts only the doubled pack's twins, never two suits)
    order = suit_orders(h) if order is None else np.broadcast_to(np.asarray(order, dtype=np.int64), shape).reshape(-1)
    place = np.take_along_axis(suit_place(order[:, None], np.arange(4), t[:, None]), eff, axis=1)   # (n, 4) -> cards
    key = (((POWER[t, :NUM_CARDS].astype(np.int64) * 100 + np.where(no_plain[:, None], 0, lenc)) * 4 + place) * 64
           + cards)
    key = np.where(pool, key, np.iinfo(np.int64).max)
    return cards[key.argmin(axis=1)].astype(np.int64).reshape(shape)


DEFAULT_MODEL = BiddingModel()

#: A published point count as a policy (euchrestrategy.info, see ``shared/BIDDING_GUIDES.md``):
#: right bower 4, left 3, trump ace 3, king 2, queen 2, ten 1, nine 1, each off-suit ace 2; the
#: upcard joins the dealer's side (the dealer counts its best five of six, the dealer's partner adds
#: the upcard's value, the opponents subtract it); order or call at a total of 7 ("7-9 order"),
#: alone at 10 ("10 or more: consider going alone"), from every seat.  Not in the source, and
#: chosen here: the Joker 5 (above the right bower), the eight and seven of trump 1 (as the nine), a
#: lone defence at 12, no bonus for a two-suited hand; hard decisions in play, and nearly hard inference
#: (temperature 0.05).
POINTS_MODEL = BiddingModel(order=(7.0,) * 4, order_alone=(10.0,) * 4, call=(7.0,) * 4, call_alone=(10.0,) * 4,
                            defend_alone=12.0, upcard_weight=1.0, temperature=0.05,
                            trump_values=(5.0, 4.0, 3.0, 3.0, 2.0, 2.0, 1.0, 1.0, 1.0, 1.0), off_ace=2.0,
                            off_king=0.0, off_king_with_ace=0.0, void=0.0)


def default_model() -> BiddingModel:
    """The tuned model shipped with the package (north-american rules), else the guide thresholds."""
    p = Path(__file__).parents[1] / "data" / "bidding_model.json"
    if p.exists():
        return BiddingModel.load(p)
    return DEFAULT_MODEL


#: the named policies (anything else is read as the path of a model file)
POLICIES = ("shipped", "shipped-soft", "dd-tuned", "points", "guides", "shipped-v2", "shipped-discards",
            "shipped-v2-discards", "shipped-v3", "shipped-v4", "shipped-v5", "shipped-table")
POLICY_WORDS = {
    "shipped": "the shipped count model (tuned by self-play under realistic play; hard decisions in play; the "
               "default population until 2026-12-04)",
    "shipped-soft": "the model shipped until 2026-12-03: its thresholds, soft decisions in play (logistic, "
                    "temperature 0.35), half the upcard in the dealer's partner's alone count",
    "dd-tuned": "the previous model (tuned by self-play under double-dummy play; hard decisions in play)",
    "points": "a published point count (euchrestrategy.info): right 4, left 3, trump ace 3, king 2, queen 2, "
              "ten 1, nine 1, off ace 2; order or call at 7, alone at 10 (hard decisions)",
    "guides": "the guides' rules of thumb (order or call with both bowers, or three trumps with a top one, or "
              "two top trumps and an off ace; the dealer with three trumps, the dealer's partner and next with "
              "less; alone with a lay-down; hard decisions)",
    "shipped-v2": "the feature bidder (separate fitted gains of ordering and of going alone from the hand's "
                  "features, under realistic play; hard decisions; proposed, not shipped)",
    "shipped-discards": "the shipped model whose dealer discards as the guides say (keep trumps and aces, make "
                        "a void, else throw the lowest card) instead of by its count; proposed, not shipped",
    "shipped-v2-discards": "the feature bidder (shipped-v2) whose dealer discards as the guides say; proposed, "
                           "not shipped",
    "shipped-v3": "the feature bidder refitted with the guides' discards in play and its own side bidding as "
                  "the feature bidder (hard decisions; inference temperature fitted on answered questions); "
                  "the default population until shipped-v4",
    "shipped-v4": "shipped-v3 passing junk in round two as the guides say (a suit without a bower or its ace, at "
                  "most two trumps and no off ace is never named; inference temperature refitted); the default "
                  "population",
    "shipped-v5": "shipped-v4 with round two refitted to the call command's values on answered questions (round "
                  "one unchanged; proposed, not the default population)",
    "shipped-table": "shipped-v5 whose round-one bids, at the seats the shipped realistic strategy table covers, "
                     "take the class row's best option where the row decides (every row of a refined seat, the "
                     "clear rows of a seat not refined, its close rows through a model of the seat's rows; the "
                     "pass moved to its worth at a table of shipped-table players), and whose round-two bids "
                     "take the best option of the fitted round-two bids (trees fitted on sampled realistic "
                     "round-two rows); everything else "
                     "as shipped-v5 (proposed, not the default population)",
}


def dd_tuned_model() -> BiddingModel:
    """The model tuned by self-play under double-dummy play (shipped before realistic tuning)."""
    return BiddingModel.load(Path(__file__).parents[1] / "data" / "bidding_model_dd.json")


def soft_shipped_model() -> BiddingModel:
    """The model shipped until 2026-12-03 (``shipped-soft``): its thresholds, soft decisions in play
    (``play_temperature`` 0.35) and half the upcard in the dealer's partner's alone count."""
    return BiddingModel.load(Path(__file__).parents[1] / "data" / "bidding_model_soft.json")


def policy_model(policy) -> tuple[str, BiddingModel]:
    """``(name, model)`` of a policy: a name of :data:`POLICIES`, a :class:`BiddingModel` or a
    model file's path."""
    if isinstance(policy, BiddingModel):
        return "custom", policy
    name = str(policy)
    if name == "shipped":
        return name, default_model()
    if name == "shipped-soft":
        return name, soft_shipped_model()
    if name == "dd-tuned":
        return name, dd_tuned_model()
    if name == "points":
        return name, POINTS_MODEL
    if name == "guides":
        return name, GUIDES_MODEL
    if name == "shipped-discards":
        return name, dataclasses.replace(default_model(), discard_rule=1.0)
    if name == "shipped-v2-discards":
        return name, dataclasses.replace(NAMED_MODELS["shipped-v2"](), discard_rule=1.0)
    if name in NAMED_MODELS:
        return name, NAMED_MODELS[name]()
    p = Path(name)
    if not p.exists():
        raise BiddingModelError(f"unknown policy {name!r}: expected {', '.join(POLICIES)} or a model file")
    kind = _file_kind(p)
    return name, (MODEL_KINDS[kind].load(p) if kind in MODEL_KINDS else BiddingModel.load(p))


#: the default population: the bidding model of every seat nobody names (docs/methods.md, "The junk pass in
#: the default population");  :data:`FALLBACK_POPULATION` where it cannot bid (:func:`default_population`)
DEFAULT_POPULATION = "shipped-v4"
FALLBACK_POPULATION = "shipped"


def default_population(rules) -> tuple[str, "BiddingModel", str | None]:
    """``(name, model, why)``: the bidding model of the seats nobody names at ``rules``' table.

    :data:`DEFAULT_POPULATION` (the feature bidder ``shipped-v4``), or :data:`FALLBACK_POPULATION` (the
    shipped count) where the feature bidder cannot bid: rules it refuses (no trump), a
    deck or hand size other than the 24 cards and five a hand it was fitted on, a table that is not
    four-handed.  Every play model, the compiled readers ``realistic-v3``/``realistic-v4`` included, reads
    the feature bidder's auctions, so the play model does not matter.
    ``why`` says why in one line (None when the default bids)."""
    name, model = policy_model(DEFAULT_POPULATION)
    why = None
    if not rules.seating.vectorised:
        why = f"a {rules.players}-player table"
    elif rules.deck != "24" or rules.hand_size != 5:
        why = f"the {rules.deck}-card deck, {rules.hand_size} cards a hand (it was fitted on 24 cards, 5 a hand)"
    else:
        try:
            model.check_rules(rules)
        except BiddingModelError:
            why = "these rules: it never calls no trump (no_trump)"
    if why is None:
        return name, model, None
    return FALLBACK_POPULATION, default_model(), f"{name} does not bid at {why}: {FALLBACK_POPULATION} bids instead"


#: other model families by the ``kind`` of their files, and the named policies they add (``name: loader``):
#: filled by their modules (``model_v2``), which the package imports
MODEL_KINDS: dict = {}
NAMED_MODELS: dict = {}


def _file_kind(path) -> str | None:
    """The ``kind`` of a model file (None for a count's file, or a file that is not a JSON object)."""
    try:
        d = json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return None
    return d.get("kind") if isinstance(d, dict) else None


# --- the guides' population: a rule-based bidder -----------------------------------------------
_ONE = np.uint64(1)
#: the four aces (rank 7 of each suit)
_ACES = np.uint64(sum(1 << (s * 8 + 7) for s in range(4)))


@functools.lru_cache(maxsize=1)
def _guide_tables() -> tuple[np.ndarray, ...]:
    """Per trump suit: its cards' mask (the left bower and the Joker in), the right and left bowers,
    the trump ace, and the masks of the top ``k`` trumps in sequence from the right bower and from
    the Joker (``k`` 0..10)."""
    trump_mask = np.array([SUIT_MASK[t, t] & np.uint64((1 << 33) - 1) for t in range(4)], dtype=np.uint64)
    right = np.array([1 << (t * 8 + 4) for t in range(4)], dtype=np.uint64)
    left = np.array([1 << ((3 - t) * 8 + 4) for t in range(4)], dtype=np.uint64)
    ace = np.array([1 << (t * 8 + 7) for t in range(4)], dtype=np.uint64)
    from_right = np.zeros((4, 11), dtype=np.uint64)
    from_joker = np.zeros((4, 11), dtype=np.uint64)
    for t in range(4):
        by_power = sorted((c for c in range(33) if EFF_SUIT[t, c] == t), key=lambda c: -int(POWER[t, c]))
        for k in range(1, 11):
            from_joker[t, k] = sum(1 << c for c in by_power[:k])
            from_right[t, k] = sum(1 << c for c in by_power[1:k + 1])
    for a in (trump_mask, right, left, ace, from_right, from_joker):
        a.setflags(write=False)
    return trump_mask, right, left, ace, from_right, from_joker


def guide_features(hands, trump) -> dict:
    """What the guides' rules look at, per hand (uint64 masks) under ``trump`` (a suit, int or array):
    ``trumps`` (how many, the left bower and the Joker counted), ``bowers`` (the right and left bowers
    and the Joker held), ``top`` (of the Joker, the bowers and the trump ace), ``off_aces`` and
    ``laydown`` (the trumps held are the highest ones in sequence, at least three of them, and every
    other card is an off-suit ace)."""
    h = np.asarray(hands, dtype=np.uint64)
    t = np.broadcast_to(np.asarray(trump, dtype=np.int64), h.shape)
    trump_mask, right, left, ace, from_right, from_joker = _guide_tables()
    tm = trump_mask[t]
    held = h & tm
    n = np.bitwise_count(held).astype(np.int64)
    has = lambda m: ((h & m) != 0).astype(np.int64)  # noqa: E731
    joker = has(np.uint64(1 << JOKER))
    bowers = has(right[t]) + has(left[t]) + joker
    top = bowers + has(ace[t])
    off = h & ~tm
    off_aces = np.bitwise_count(off & _ACES).astype(np.int64)
    k = np.minimum(n, 10)
    in_sequence = (held == from_right[t, k]) | (held == from_joker[t, k])
    laydown = (n >= 3) & in_sequence & ((off & ~_ACES) == 0)
    return {"trumps": n, "bowers": bowers, "top": top, "off_aces": off_aces, "laydown": laydown}


@dataclass(frozen=True)
class GuidesModel(BiddingModel):
    """The ``guides`` population: the published guides' rules of thumb (``shared/BIDDING_GUIDES.md``)
    as a bidder of conjunctions, in the machinery of :class:`BiddingModel`.

    Its "count" of a hand is a level, 0 pass, 1 order (or call), 2 go alone, by the rules
    (docs/methods.md "The guides' population" names each rule's source):

    * **order** from eldest or third hand, and **call** in round two from any seat (Joe Andrews):
      both bowers; or three trumps with one of the top ones (the bowers, the trump ace); or two of
      the top ones and an off-suit ace.  Never with a single trump (euchreuniverse), which none of
      these allows;
    * the **dealer's partner** in round one (euchreuniverse: it "adds 10 points", it orders with
      less; the upcard joins its side): also any three trumps, or two trumps with a top one and an
      off-suit ace;
    * the **dealer** (euchreverse): three trumps, the upcard counted, always pick up; else Andrews'
      rules on the six cards;
    * **next** (round two, eldest calling the suit of the turned-down card's colour): also any three
      trumps, or two trumps with a bower and an off-suit ace;
    * **alone** (lay-downs go alone): the trumps held are the highest in sequence (from the Joker or
      the right bower), at least three, and every other card is an off-suit ace;
    * never defends alone, never calls no trump (the guides say nothing of either).

    The thresholds (0.5 to order or call, 1.5 alone) sit between the levels.  In round two the suit
    with the higher level is named, between suits of the same level the one with the higher published
    point count (:data:`POINTS_MODEL`).  Acting is hard; inferring a hand from a bid seen is soft with
    ``temperature`` 0.15 (a bid against the rules 1 time in 30: people follow the guides loosely).
    The dealer discards by the project's count (:data:`DEFAULT_MODEL`: it keeps kings with their ace
    and makes voids), which the guides do not settle.
    """

    order: tuple = (0.5,) * 4
    order_alone: tuple = (1.5,) * 4
    call: tuple = (0.5,) * 4
    call_alone: tuple = (1.5,) * 4
    defend_alone: float = 99.0
    temperature: float = 0.15

    def save(self, path, fit: dict | None = None) -> None:
        """Refused: the rules are code, not thresholds (a file would load as a plain point count)."""
        raise BiddingModelError("the guides' population is a set of rules, not a model file: name it 'guides'")

    def _tie_break(self, hands, trump) -> np.ndarray:
        return POINTS_MODEL.strength(hands, trump) / 100.0

    @staticmethod
    def _andrews(f) -> np.ndarray:
        return (f["bowers"] >= 2) | ((f["trumps"] >= 3) & (f["top"] >= 1)) | ((f["top"] >= 2) & (f["off_aces"] >= 1))

    def level(self, hands, trump, seat: int | None = None, round_one: bool = True, upcard: int | None = None,
              banned_suit: int = -1) -> np.ndarray:
        """The rule level (0 pass, 1 order or call, 2 alone) of ``hands`` under ``trump`` from relative
        ``seat`` (None: any seat, Andrews' rules and the lay-down only)."""
        f = guide_features(hands, trump)
        ok = self._andrews(f)
        if round_one and seat == 1:
            ok |= (f["trumps"] >= 3) | ((f["trumps"] >= 2) & (f["top"] >= 1) & (f["off_aces"] >= 1))
        if not round_one and seat == 0 and banned_suit >= 0:
            is_next = np.asarray(trump) == next_suit(banned_suit)
            ok |= is_next & ((f["trumps"] >= 3) | ((f["trumps"] >= 2) & (f["bowers"] >= 1) & (f["off_aces"] >= 1)))
        return np.where(f["laydown"], 2, np.where(ok, 1, 0)).astype(np.float64)

    def strength(self, hands: np.ndarray, trump) -> np.ndarray:
        return self.level(np.asarray(hands, dtype=np.uint64), trump)

    def best_discard(self, hands6: np.ndarray, trump, banned: int = -1, order=None) -> tuple[np.ndarray, np.ndarray]:
        """The project's count's discard (:data:`DEFAULT_MODEL`); the level of the five cards kept."""
        hands6 = np.asarray(hands6, dtype=np.uint64)
        _, card = DEFAULT_MODEL.best_discard(hands6, trump, banned, order)
        five = hands6 & ~np.left_shift(_ONE, card.astype(np.uint64))
        return self.strength(five, trump), card

    def round_one_strength(self, hands: np.ndarray, rel_seat: int, upcard: int, suit: int | None = None,
                           upcard_joins: bool = True) -> np.ndarray:
        trump = upcard >> 3 if suit is None else suit
        hands = np.asarray(hands, dtype=np.uint64)
        if rel_seat == 3:
            six = hands | np.uint64(1 << upcard)
            five_level, card = self.best_discard(six, trump)
            five = six & ~np.left_shift(_ONE, card.astype(np.uint64))
            picks = (guide_features(six, trump)["trumps"] >= 3) | self._andrews(guide_features(six, trump))
            return np.maximum(np.where(picks, 1.0, 0.0), self.level(five, trump))
        return self.level(hands, trump, rel_seat, True)

    def round_one_count(self, hand: int, rel_seat: int, upcard: int) -> float:
        return float(self.round_one_strength(np.array([hand], dtype=np.uint64), rel_seat, upcard)[0])

    def suit_counts(self, hands, banned_suit: int, seat: int | None = None, upcard: int | None = None
                    ) -> np.ndarray:
        """Round two: each suit's level plus its published point count / 100 (below 0.2: the order
        of the suits of one level); the turned-down suit is -inf."""
        hands = np.asarray(hands, dtype=np.uint64)
        out = np.full(hands.shape + (4,), -np.inf)
        for t in range(4):
            if t != banned_suit:
                out[..., t] = (self.level(hands, t, seat, False, banned_suit=banned_suit)
                               + self._tie_break(hands, t))
        return out

    def round_two_call(self, hands, banned_suit: int, seat: int, no_trump: bool = False,
                       upcard: int | None = None, order=None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Round two's call: the suit of :meth:`suit_counts`, and its level (never no trump)."""
        best, suit = self.best_call(hands, banned_suit, seat, upcard, order)
        return np.floor(best), suit, np.full(best.shape, self.call[seat])


#: the ``guides`` population (see :class:`GuidesModel`)
GUIDES_MODEL = GuidesModel()
