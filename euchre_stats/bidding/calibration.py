"""The inference temperature of a bidding model, fitted: how soft should a bid seen be read?

A seat that *acts* bids hard (its best choice); inference (the decision commands' sampling
importance resampling, ``players/reading.py``) reads a bid seen through the model's soft likelihood,
the logistic of the margin over each threshold at the model's ``temperature``.  This module fits that
temperature by **maximum likelihood of the realistic best option** on answered questions (a hand, a
seat, the upcard, the round, and the option the realistic decision command recommends): the
temperature under which the soft model gives the analysis's choices the highest probability.  A bidder
that often disagrees with the analysis gets a high temperature (its bids say little about the hand);
one that agrees, and is far from its thresholds where it does, a low one.

The soft model's distribution over a question's options mirrors the factors inference multiplies
(``auction_likelihood``), normalised: round one, ``P(take) = s(d1)``, ``P(alone | take) = s(d2)``
(``s(d) = 1 / (1 + exp(-d / T))``, ``d1``, ``d2`` the margins of the take and alone counts over their
thresholds); round two, ``P(call) = s(d1)``, the suit ``t`` named with probability in proportion to
``prod_u s(c_t - c_u)`` (each comparison with another suit's count soft, as inference reads a suit
named), alone by the best suit's margin ``s(d2)``.  North American rules (everyone may pass, alone with
the call, no no-trump).  Deterministic; no I/O.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..core.cards import SUITS
from ..core.errors import BiddingModelError
from .auction import Auction
from .model import BiddingModel

#: the temperatures searched (log-spaced golden-section search between these)
T_MIN, T_MAX = 0.005, 20.0


@dataclass(frozen=True)
class Margins:
    """One question's margins under a model: ``take`` and ``alone`` (count minus threshold), in round two
    the suits' counts ``counts`` (``-inf`` for the turned-down suit; round one empty)."""

    rnd: int
    take: float
    alone: float
    counts: tuple = ()


def margins(model: BiddingModel, rules, rnd: int, seat: int, hand: int, upcard: int) -> Margins:
    """The margins of ``hand`` at ``seat`` (0 eldest .. 3 dealer) in round ``rnd`` with ``upcard``
    (turned down in round two), as the model's inference reads them."""
    hands = np.zeros((1, 4), dtype=np.uint64)
    hands[0, seat] = np.uint64(hand)
    auc = Auction(rules, model, int(upcard))
    if rnd == 1:
        s = float(model.round_one_strength(hands[:, seat], seat, upcard)[0])
        sa = float(auc.alone_strength(hands, seat)[0])
        return Margins(1, s - model.order[seat], sa - model.order_alone[seat])
    best, _, thr = model.round_two_call(hands[:, seat], upcard >> 3, seat, False, upcard=upcard)
    counts = model.suit_counts(hands[:, seat], upcard >> 3, seat, upcard)[0]
    return Margins(2, float(best[0] - thr[0]), float(best[0] - model.call_alone[seat]),
                   tuple(float(c) for c in counts))


def _sig(d, t):
    return 0.5 * (1.0 + math.tanh(d / (2.0 * t)))


def option_probabilities(m: Margins, temperature: float) -> dict[str, float]:
    """The soft model's probability of each option (the decision commands' labels: ``pass``,
    ``order``, ``order alone``; in round two ``pass`` and each suit letter, alone or not)."""
    t = temperature
    p_take, p_alone = _sig(m.take, t), _sig(m.alone, t)
    if m.rnd == 1:
        return {"pass": 1.0 - p_take, "order": p_take * (1.0 - p_alone), "order alone": p_take * p_alone}
    live = [u for u in range(4) if math.isfinite(m.counts[u])]
    raw = {u: math.prod(_sig(m.counts[u] - m.counts[v], t) for v in live if v != u) for u in live}
    total = sum(raw.values())
    out = {"pass": 1.0 - p_take}
    for u in live:
        q = raw[u] / total
        out[SUITS[u]] = p_take * q * (1.0 - p_alone)
        out[SUITS[u] + " alone"] = p_take * q * p_alone
    return out


def log_likelihood(questions: list[Margins], best: list[str], temperature: float) -> float:
    """The log-likelihood of the realistic best options ``best`` under the soft model at ``temperature``
    (each probability floored at 1e-300)."""
    return sum(math.log(max(option_probabilities(m, temperature)[b], 1e-300)) for m, b in zip(questions, best))


def fit_temperature(questions: list[Margins], best: list[str], lo: float = T_MIN, hi: float = T_MAX,
                    tol: float = 1e-4) -> tuple[float, float]:
    """``(temperature, log-likelihood)`` maximising :func:`log_likelihood`: golden-section search on
    ``log T`` between ``lo`` and ``hi`` (the likelihood of one temperature is smooth and, on these
    questions, single-peaked; the search stays inside the bounds)."""
    if not questions:
        raise BiddingModelError("no questions to fit a temperature on (an empty list of answered questions)")
    g = (math.sqrt(5.0) - 1.0) / 2.0
    a, b = math.log(lo), math.log(hi)

    def f(x):
        return log_likelihood(questions, best, math.exp(x))

    c, d = b - g * (b - a), a + g * (b - a)
    fc, fd = f(c), f(d)
    while b - a > tol:
        if fc > fd:
            b, d, fd = d, c, fc
            c = b - g * (b - a)
            fc = f(c)
        else:
            a, c, fc = c, d, fd
            d = a + g * (b - a)
            fd = f(d)
    x = (a + b) / 2.0
    return math.exp(x), f(x)


def hard_choice(m: Margins) -> str:
    """The model's hard bid (it acts where a margin reaches 0): the most probable option as the
    temperature goes to 0."""
    if m.take < 0:
        return "pass"
    alone = m.alone >= 0
    if m.rnd == 1:
        return "order alone" if alone else "order"
    suit = SUITS[int(np.argmax(m.counts))]
    return suit + " alone" if alone else suit
