"""The feature bidder (``shipped-v2``): separate fitted scores for ordering and for going alone.

The shipped model (:class:`~euchre_stats.bidding.model.BiddingModel`) adds one count per suit and
compares it with a threshold per seat, ordering and going alone on the same count.  This model
scores each decision point (a seat in a round) twice from the features of the hand (:mod:`.features`:
trumps, which top trumps, off aces, voids, losers, their conjunctions, the shipped count itself and its
interactions with them, the upcard's rank in round one, next in round two):

* ``order_w`` (``call_w`` in round two): whether taking the contract beats passing, taken alone when
  the alone score says so;
* ``alone_w`` (``call_alone_w``): whether going alone beats playing with the partner.

Each score is a weighted sum of the features (a linear model with interaction columns), fitted by a
cost-sensitive logistic regression on the realistic values the tuner plays out for each option on
deals that reach the decision (:mod:`.fit_v2`).  The seat takes the contract when the take score is
above 0, and goes alone when the alone score is above 0 too.  In round two it names the suit whose
call scores highest.

It plugs into every auction as a :class:`BiddingModel` whose "count" is a **level** (0 pass, 1 order or
call with the partner, 2 alone), plus a little of the deciding margin (``0.49 tanh(margin / 0.2)``, so
soft inference still ranks hands within a level), against thresholds 0.5 and 1.5 (as the ``guides``
population does).  The dealer discards and a defender goes alone by the shipped count, whose fields
the model keeps (``strength`` is that count).  It was fitted with alone declared with the call (North
American timing); under British timing (alone declared after trump is made) a seat declares alone by
:meth:`FeatureModel.later_alone_strength`: its own scores for the contract made, so that a maker goes
alone exactly when it would have said so with the call.  :meth:`FeatureModel.check_rules` refuses no trump.

``shipped-v3`` (``data/bidding_model_v3.json``) is the same family refitted with the guides' discards
(``discard_rule`` 1) and its own side bidding as the feature bidder, its inference ``temperature`` fitted
(:mod:`.calibration`).  ``junk_pass`` 1 adds the guides' junk pass in round two (a suit without the
Joker, a bower or the trump ace, with at most two trumps and no off-suit ace, is never named).

:func:`round_one_decision_one` and :func:`round_two_decision_one` are the plain-Python twins of the
vectorised decisions, one hand at a time.  No I/O here except :meth:`FeatureModel.load` / ``save``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from pathlib import Path

import numpy as np

from ..core.errors import BiddingModelError
from ..core.ties import discard_key, suit_orders
from .features import (_ACES, FEATURES, _tables, context_features, context_features_one, hand_features,
                       hand_features_one)
from .model import MODEL_KINDS, NAMED_MODELS, BiddingModel, first_best_suit

KIND = "features"
#: the decision points' weight names: round one (order, alone) and round two (call, call alone)
WEIGHTS = ("order_w", "alone_w", "call_w", "call_alone_w")
_ZERO = tuple((0.0,) * len(FEATURES) for _ in range(4))
#: the scale of the margin kept inside a level (points)
MARGIN_SCALE = 0.2
#: how far below 0 a junk suit's take score is held (``junk_pass``)
JUNK_MARGIN = 1.0
_TOP3, _TRUMPS, _OFF_ACES = (FEATURES.index(f) for f in ("top3", "trumps", "off_aces"))
#: round two's context before next's two columns: no upcard
_NO_CONTEXT = np.zeros(4)


def _dot(x: np.ndarray, w) -> np.ndarray:
    """``x @ w`` summed column by column from the first (the twin's order: the same floats)."""
    acc = x[:, 0] * w[0]
    for k in range(1, len(w)):
        acc = acc + x[:, k] * w[k]
    return acc


def _compiled_gains(hands: np.ndarray, trump: int, count: np.ndarray, ctx: np.ndarray, next_flag: float,
                    w_a, w_b) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(_dot(x, w_a), _dot(x, w_b), junk)`` for the features ``x`` of ``hands`` under ``trump`` with ``count``,
    the round-one upcard's context ``ctx`` (four numbers) and round two's ``next_flag``, computed hand by hand
    in one compiled loop (``_kernels.feature_gains_kernel``; the same floats as :func:`hand_features`,
    :func:`context_features` and :func:`_dot`, which the tests check); ``junk``: round two's junk suit."""
    from ._kernels import feature_gains_kernel
    tm, off = _tables()
    n = len(hands)
    g_a, g_b, junk = np.empty(n), np.empty(n), np.empty(n, dtype=np.bool_)
    feature_gains_kernel(np.ascontiguousarray(hands, dtype=np.uint64), np.full(n, trump, dtype=np.int64),
                         np.ascontiguousarray(count, dtype=np.float64), np.ascontiguousarray(ctx, dtype=np.float64),
                         float(next_flag), tm, off, np.uint64(_ACES), np.asarray(w_a, dtype=np.float64),
                         np.asarray(w_b, dtype=np.float64), g_a, g_b, junk)
    return g_a, g_b, junk


def _dot_one(x: list, w) -> float:
    acc = x[0] * w[0]
    for k in range(1, len(w)):
        acc = acc + x[k] * w[k]
    return acc


def _level(g_take, g_alone):
    """(level, value) from the two scores: take when the take score is above 0, alone when the alone
    score is above 0 too; the value keeps a little of the deciding margin."""
    level = np.where(g_take > 0, np.where(g_alone > 0, 2, 1), 0)
    margin = np.where(level == 0, g_take, g_alone)
    return level, level + 0.49 * np.tanh(margin / MARGIN_SCALE)


def _level_one(g_take: float, g_alone: float) -> tuple[int, float]:
    level = (2 if g_alone > 0 else 1) if g_take > 0 else 0
    margin = g_take if level == 0 else g_alone
    return level, level + 0.49 * math.tanh(margin / MARGIN_SCALE)


@dataclass(frozen=True)
class FeatureModel(BiddingModel):
    """The feature bidder (module docstring): per seat, weights over :data:`~.features.FEATURES` for
    each of the four gains; the count's fields are the shipped model's (the ``count`` feature, the
    dealer's discard, a lone defence)."""

    order: tuple = (0.5,) * 4
    order_alone: tuple = (1.5,) * 4
    call: tuple = (0.5,) * 4
    call_alone: tuple = (1.5,) * 4
    temperature: float = 0.15
    order_w: tuple = _ZERO
    alone_w: tuple = _ZERO
    call_w: tuple = _ZERO
    call_alone_w: tuple = _ZERO
    #: 1: round two's junk passes (the guides): a suit without the Joker, a bower or the trump ace, with at
    #: most two trumps and no off-suit ace in the hand, is never named (its take score is held below 0);
    #: 0 (models before 2026-12-04): the fitted score alone decides
    junk_pass: float = 0.0

    def check_rules(self, rules) -> None:
        """Refuse no trump (never called; the fit has no no-trump gains)."""
        if rules.no_trump:
            raise BiddingModelError("the feature bidder never calls no trump: it bids only under rules "
                                    "without no_trump")

    # --- features --------------------------------------------------------------------------------
    def _round_one_hands(self, hands, rel_seat: int, upcard: int, suit: int | None):
        """``(hands, trump, count)`` whose features round one reads: the dealer's the five cards kept after the
        count's discard; the count the shipped count of the seat (before that discard)."""
        hands = np.asarray(hands, dtype=np.uint64).ravel()
        trump = upcard >> 3 if suit is None else suit
        count = BiddingModel.round_one_strength(self, hands, rel_seat, upcard, suit)
        if rel_seat == 3:
            six = hands | np.uint64(1 << upcard)
            _, card = BiddingModel.best_discard(self, six, trump)
            hands = six & ~np.left_shift(np.uint64(1), card.astype(np.uint64))
        return hands, trump, count

    def round_one_features(self, hands, rel_seat: int, upcard: int, suit: int | None = None) -> np.ndarray:
        """The features of accepting the upcard from relative seat ``rel_seat`` (the dealer's: of the five
        cards kept after the count's discard); the ``count`` column is the shipped count of the seat."""
        hands, trump, count = self._round_one_hands(hands, rel_seat, upcard, suit)
        return np.hstack([hand_features(hands, trump, count), context_features(len(hands), upcard)])

    def round_two_features(self, hands, trump: int, banned_suit: int) -> np.ndarray:
        """The features of naming ``trump`` in round two (``banned_suit`` turned down)."""
        hands = np.asarray(hands, dtype=np.uint64).ravel()
        x = hand_features(hands, trump, BiddingModel.strength(self, hands, trump))
        return np.hstack([x, context_features(len(hands), trump=trump, banned_suit=banned_suit, trumps=x[:, 1])])

    # --- gains and decisions ---------------------------------------------------------------------
    def round_one_gains(self, hands, rel_seat: int, upcard: int, suit: int | None = None):
        """The order and alone scores: ``round_one_features`` dotted with the seat's weights, in one
        compiled loop (:func:`_compiled_gains`)."""
        hands, trump, count = self._round_one_hands(hands, rel_seat, upcard, suit)
        g_order, g_alone, _ = _compiled_gains(hands, trump, count, context_features(1, upcard)[0, :4], 0.0,
                                              self.order_w[rel_seat], self.alone_w[rel_seat])
        return g_order, g_alone

    def round_one_level(self, hands, rel_seat: int, upcard: int, suit: int | None = None) -> np.ndarray:
        """0 pass, 1 order, 2 order alone, per hand."""
        return _level(*self.round_one_gains(hands, rel_seat, upcard, suit))[0]

    def round_one_strength(self, hands, rel_seat: int, upcard: int, suit: int | None = None,
                           upcard_joins: bool = True) -> np.ndarray:
        """The level and margin (module docstring) in the shape of ``hands``; the same for the alone
        decision (``upcard_joins`` is already in the fitted alone gain)."""
        shape = np.asarray(hands).shape
        return _level(*self.round_one_gains(hands, rel_seat, upcard, suit))[1].reshape(shape)

    def round_one_count(self, hand: int, rel_seat: int, upcard: int) -> float:
        return round_one_decision_one(self, hand, rel_seat, upcard)[1]

    def later_alone_strength(self, hands, rel_seat: int, trump, round_one, upcard: int, up_suit: int) -> np.ndarray:
        """British timing: the level and margin of the seat's own scores for the contract made, from its
        hand as it is at the declaration -- in round one its order and alone scores for the upcard (the
        dealer's of the five cards it kept), in round two its call and alone scores of naming ``trump`` --
        against 1.5.  A maker so goes alone exactly when it would have said alone with the call under North
        American timing (the dealer: whenever it kept the five its count keeps), and the maker's partner
        when the contract is one it would have taken alone itself."""
        hands = np.asarray(hands, dtype=np.uint64).ravel()
        n = len(hands)
        trump = np.broadcast_to(np.asarray(trump, dtype=np.int64), (n,))
        round_one = np.broadcast_to(np.asarray(round_one, dtype=bool), (n,))
        out = np.zeros(n)
        r1 = np.nonzero(round_one)[0]
        if len(r1):
            if rel_seat == 3:   # the five kept: features as round_one_features computes them after its discard
                five = hands[r1]
                x = np.hstack([hand_features(five, up_suit, BiddingModel.strength(self, five, up_suit)),
                               context_features(len(five), upcard)])
            else:
                x = self.round_one_features(hands[r1], rel_seat, upcard, up_suit)
            out[r1] = _level(_dot(x, self.order_w[rel_seat]), _dot(x, self.alone_w[rel_seat]))[1]
        r2 = np.nonzero(~round_one)[0]
        if len(r2):
            g = self.round_two_gains(hands[r2], up_suit, rel_seat)
            i, t = np.arange(len(r2)), trump[r2]
            out[r2] = _level(g[i, t, 0], g[i, t, 1])[1]
        return out

    def round_two_gains(self, hands, banned_suit: int, seat: int, upcard: int | None = None) -> np.ndarray:
        """``(n, 4, 2)``: per suit the scores of calling it (over passing) and of going alone (over the
        partner); the turned-down suit's are -inf."""
        hands = np.asarray(hands, dtype=np.uint64).ravel()
        out = np.full((len(hands), 4, 2), -np.inf)
        for t in range(4):
            if t != banned_suit:
                # round_two_features dotted with the weights, in one compiled loop (_compiled_gains)
                next_flag = 1.0 if banned_suit >= 0 and t == 3 - banned_suit else 0.0
                out[:, t, 0], out[:, t, 1], junk = _compiled_gains(
                    hands, t, BiddingModel.strength(self, hands, t), _NO_CONTEXT, next_flag,
                    self.call_w[seat], self.call_alone_w[seat])
                if self.junk_pass:
                    out[:, t, 0] = np.where(junk, np.minimum(out[:, t, 0], 0.0) - JUNK_MARGIN, out[:, t, 0])
        return out

    def suit_counts(self, hands, banned_suit: int, seat: int | None = None, upcard: int | None = None
                    ) -> np.ndarray:
        """Round two: per suit the score of calling it over passing, the turned-down suit -inf (``seat``
        None reads eldest's weights)."""
        shape = np.asarray(hands).shape
        g = self.round_two_gains(hands, banned_suit, 0 if seat is None else seat, upcard)
        return g[..., 0].reshape(shape + (4,))

    def call_levels(self, hands, banned_suit: int, seat: int | None = None, upcard: int | None = None
                    ) -> np.ndarray:
        """Round two: per suit the level and margin of naming it (module docstring), on the scale of the
        thresholds ``call`` and ``call_alone`` (the scores of :meth:`suit_counts` are not); the turned-down
        suit -inf."""
        shape = np.asarray(hands).shape
        g = self.round_two_gains(hands, banned_suit, 0 if seat is None else seat, upcard)
        out = np.full(g.shape[:2], -np.inf)
        live = np.isfinite(g[..., 0])
        out[live] = _level(g[..., 0][live], g[..., 1][live])[1]
        return out.reshape(shape + (4,))

    def best_call(self, hands, banned_suit: int, seat: int | None = None, upcard: int | None = None, order=None
                  ) -> tuple[np.ndarray, np.ndarray]:
        """The suit whose call scores highest (equal scores by ``order``, :func:`.model.first_best_suit`) and
        its level and margin."""
        shape = np.asarray(hands).shape
        g = self.round_two_gains(hands, banned_suit, 0 if seat is None else seat, upcard)
        suit = first_best_suit(g[..., 0], banned_suit, None if order is None else np.ravel(
            np.broadcast_to(np.asarray(order, dtype=np.int64), shape)))
        i = np.arange(len(suit))
        value = _level(g[i, suit, 0], g[i, suit, 1])[1]
        return value.reshape(shape), suit.astype(np.int64).reshape(shape)

    def round_two_call(self, hands, banned_suit: int, seat: int, no_trump: bool = False,
                       upcard: int | None = None, order=None):
        """``(value, trump, threshold)``: the best suit's level and margin against 0.5 (never no trump)."""
        best, suit = self.best_call(hands, banned_suit, seat, upcard, order)
        return best, suit, np.full(best.shape, self.call[seat])

    # --- files -----------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        d = super().to_dict()
        for k in WEIGHTS:
            d[k] = [list(w) for w in getattr(self, k)]
        if not d["junk_pass"]:   # files written before the rule read the same
            del d["junk_pass"]
        return {"kind": KIND, "features": list(FEATURES), **d}

    @classmethod
    def from_dict(cls, d) -> "FeatureModel":
        """A feature model from its JSON form (``kind`` "features"; the weights checked, then the count's
        fields as :meth:`BiddingModel.from_dict` checks them)."""
        if not isinstance(d, dict) or d.get("kind") != KIND:
            raise BiddingModelError("a feature bidding model is a JSON object with \"kind\": \"features\"")
        got = d.get("features")
        if got != list(FEATURES):
            first = (next((f"{g!r} where {f!r} is expected" for g, f in zip(got, FEATURES) if g != f),
                          f"{len(got)} names, not {len(FEATURES)}") if isinstance(got, list) else repr(got))
            raise BiddingModelError(f"feature bidding model features are not this version's: {first}")
        weights = {}
        for k in WEIGHTS:
            v = d.get(k)
            ok = isinstance(v, list) and len(v) == 4 and all(
                isinstance(w, list) and len(w) == len(FEATURES) and all(
                    isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) for x in w)
                for w in v)
            if not ok:
                raise BiddingModelError(f"feature bidding model field {k!r} must be four lists of "
                                        f"{len(FEATURES)} numbers, got {v!r}")
            weights[k] = tuple(tuple(float(x) for x in w) for w in v)
        junk = d.get("junk_pass", 0.0)
        if junk not in (0, 1) or isinstance(junk, bool):
            raise BiddingModelError(f"feature bidding model field 'junk_pass' must be 0 or 1, got {junk!r}")
        rest = {k: v for k, v in d.items() if k not in WEIGHTS and k not in ("kind", "features", "junk_pass")}
        base = BiddingModel.from_dict(rest)
        own = {f.name: getattr(base, f.name) for f in fields(BiddingModel)}
        return cls(**own, **weights, junk_pass=float(junk))



def shipped_v2_model() -> FeatureModel:
    """The feature bidder fitted under realistic play (``euchre_stats/data/bidding_model_v2.json``)."""
    return FeatureModel.load(Path(__file__).parents[1] / "data" / "bidding_model_v2.json")


def shipped_v3_model() -> FeatureModel:
    """The feature bidder refitted with the guides' discards in play, its own side bidding as
    ``shipped-v2-discards`` and the opponents as the shipped model, its inference temperature fitted
    (``euchre_stats/data/bidding_model_v3.json``)."""
    return FeatureModel.load(Path(__file__).parents[1] / "data" / "bidding_model_v3.json")


def shipped_v4_model() -> FeatureModel:
    """``shipped-v3``'s weights with round two's junk passes (``junk_pass`` 1), its inference temperature
    refitted on the questions answered against the ``shipped-v3`` population
    (``euchre_stats/data/bidding_model_v4.json``): the default population."""
    return FeatureModel.load(Path(__file__).parents[1] / "data" / "bidding_model_v4.json")


def shipped_v5_model() -> FeatureModel:
    """``shipped-v4`` with its round-two weights (``call_w``, ``call_alone_w``) refitted to the values of the
    ``call`` command on round-two questions answered against the ``shipped-v4`` table
    (``benchmarks/fit_round_two.py``; ``euchre_stats/data/bidding_model_v5.json``): proposed, not the
    default population."""
    return FeatureModel.load(Path(__file__).parents[1] / "data" / "bidding_model_v5.json")


MODEL_KINDS[KIND] = FeatureModel
NAMED_MODELS["shipped-v2"] = shipped_v2_model
NAMED_MODELS["shipped-v3"] = shipped_v3_model
NAMED_MODELS["shipped-v4"] = shipped_v4_model
NAMED_MODELS["shipped-v5"] = shipped_v5_model


# --- the slow twins -----------------------------------------------------------------------------
def _count_one(m: BiddingModel, hand: int, trump: int) -> float:
    return m._count_one(hand, trump, m.card_values[trump].tolist())


def _dealer_five(m: BiddingModel, hand: int, upcard: int, trump: int) -> tuple[int, float]:
    """The dealer's five cards after the count's discard and their count (equal counts: the lowest rank, then
    the first suit of the order drawn from the six cards, :func:`~euchre_stats.core.ties.suit_orders`)."""
    six = hand | (1 << upcard)
    order = int(suit_orders(np.array([six], dtype=np.uint64))[0])

    def key(c):
        return discard_key(c, trump, order)

    best, keep, bk = -1e300, six, 1 << 30
    for c in range(33):
        if (six >> c) & 1:
            s = _count_one(m, six & ~(1 << c), trump)
            if s > best + 1e-9:
                best, keep, bk = s, six & ~(1 << c), key(c)
            elif s >= best - 1e-9 and key(c) < bk:
                keep, bk = six & ~(1 << c), key(c)
    return keep, best


def round_one_features_one(m: FeatureModel, hand: int, rel_seat: int, upcard: int) -> list[float]:
    """:meth:`FeatureModel.round_one_features` of one hand, in plain Python."""
    trump = upcard >> 3
    if rel_seat == 3:
        hand, count = _dealer_five(m, hand, upcard, trump)
    else:
        up = float(m.card_values[trump, upcard]) * m.upcard_weight
        count = _count_one(m, hand, trump) + (up if rel_seat == 1 else -up)
    return hand_features_one(hand, trump, count) + context_features_one(upcard)


def round_one_decision_one(m: FeatureModel, hand: int, rel_seat: int, upcard: int) -> tuple[int, float]:
    """``(level, value)`` of one hand in round one: 0 pass, 1 order, 2 order alone."""
    x = round_one_features_one(m, hand, rel_seat, upcard)
    return _level_one(_dot_one(x, m.order_w[rel_seat]), _dot_one(x, m.alone_w[rel_seat]))


def _round_two_scores_one(m: FeatureModel, hand: int, t: int, banned_suit: int, seat: int) -> tuple[float, float]:
    """The call and call-alone scores of naming ``t`` in round two, one hand."""
    x = hand_features_one(hand, t, _count_one(m, hand, t))
    x += context_features_one(trump=t, banned_suit=banned_suit, trumps=int(x[1]))
    g1, g2 = _dot_one(x, m.call_w[seat]), _dot_one(x, m.call_alone_w[seat])
    if m.junk_pass and x[_TOP3] == 0 and x[_TRUMPS] <= 2 and x[_OFF_ACES] == 0:
        g1 = min(g1, 0.0) - JUNK_MARGIN
    return g1, g2


def round_two_decision_one(m: FeatureModel, hand: int, banned_suit: int, seat: int) -> tuple[int, int, float]:
    """``(level, suit, value)`` of one hand in round two: the suit whose call scores highest (ties to
    the lower suit) and its level (0 pass, 1 call, 2 call alone)."""
    best = None
    for t in range(4):
        if t == banned_suit:
            continue
        g1, g2 = _round_two_scores_one(m, hand, t, banned_suit, seat)
        if best is None or g1 > best[0]:
            best = (g1, t, g1, g2)
    level, value = _level_one(best[2], best[3])
    return level, best[1], value


def later_alone_one(m: FeatureModel, hand: int, rel_seat: int, trump: int, round_one: bool, upcard: int) -> float:
    """:meth:`FeatureModel.later_alone_strength` of one hand (the hand at the declaration; the upcard's
    suit was offered in round one), in plain Python."""
    up_suit = upcard >> 3
    if round_one:
        if rel_seat == 3:
            x = hand_features_one(hand, up_suit, _count_one(m, hand, up_suit)) + context_features_one(upcard)
        else:
            x = round_one_features_one(m, hand, rel_seat, upcard)
        return _level_one(_dot_one(x, m.order_w[rel_seat]), _dot_one(x, m.alone_w[rel_seat]))[1]
    return _level_one(*_round_two_scores_one(m, hand, trump, up_suit, rel_seat))[1]
