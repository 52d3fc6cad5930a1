"""Fitting the feature bidder (:mod:`.model_v2`) against the realistic values of each option.

For one decision point (a seat in round one or two), deals are drawn as the tuner draws them
(:mod:`.tuning`: weighted by the chance that the auction reaches the seat still open under the model
the others bid by), and every option is played out by the play model: passing (the rest of the auction
under that model), ordering or calling with the partner, and alone; in round two every suit the seat
may name.  Per deal (and suit) two gains are kept, with the partner over passing and alone over the
partner, and a score for each decision is fitted on the decision's features by a cost-sensitive
logistic regression (:func:`cost_sensitive_logit`: is the gain above 0, each deal weighted by the
points at stake).  The model then acts where its score is above 0.

Deterministic for a seed.  No I/O here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from ..core.seats import DEALER
from ..cardplay.contracts import Contracts, Evaluator, discards_of
from ..rules import Rules, dealer_picks_up
from ..sampling.backends import backend
from ..sampling.deals import random_deals
from ..sampling.posterior import posterior_sample
from ..sampling.seeds import chunk_rng
from .auction import Auction, dealer_pickup
from .features import FEATURES
from .model import BiddingModel
from .model_v2 import FeatureModel
from .tuning import MIN_EFFECTIVE, TUNE_BATCH, _full, _PlayOuts, _reach

#: the ridge penalty per row on the standardised weights (the bias is not penalised)
PENALTY = 1e-3


@dataclass
class PointData:
    """One decision point's deals: features ``x`` (rows: deals, or deal-suit pairs in round two), the
    gains ``order`` (with the partner over passing) and ``alone`` (alone over the partner), weights ``w``."""

    rnd: int
    seat: int
    x: np.ndarray
    order: np.ndarray
    alone: np.ndarray
    w: np.ndarray
    effective: float


def collect(rules: Rules, others, shape: FeatureModel, n_deals: int, rnd: int, seat: int,
            seed: int, play: str = "pimc", workers: int | None = None) -> PointData:
    """Play out every option of one decision point on ``n_deals`` deals reaching it under ``others``
    (the model every other decision is made by, or four of them by seat: e.g. the bidder's own side
    and its opponents'); ``shape`` gives the features (its count's fields)."""
    dealer_model = others if isinstance(others, BiddingModel) else others[DEALER]
    rng = chunk_rng(seed, 10 * rnd + seat)

    def draw(m):
        hands, ups = random_deals(rules, m, rng)
        return np.column_stack([hands, ups.astype(np.uint64)])

    post = posterior_sample(draw, lambda d: _reach(rules, others, d, rnd, seat), n_deals, rng, max_batch=TUNE_BATCH)
    hands, ups, w = post.deals[:, :4].copy(), post.deals[:, 4].astype(np.int64), post.counts
    n = len(ups)
    with backend(workers, None, "fit") as run:
        ev = Evaluator(rules, play, seat, run.threads)
        plays = _PlayOuts(run, ev, rules, play, seat)
        pass_val = np.zeros(n)
        if rnd == 1:
            x = np.zeros((n, len(FEATURES)))
            val = np.zeros((n, 2))
        else:
            x = np.zeros((n, 4, len(FEATURES)))
            val = np.full((n, 4, 2), np.nan)
        for up in np.unique(ups):
            j = np.nonzero(ups == up)[0]
            h = hands[j]
            up = int(up)
            up_suit = up >> 3
            auc = Auction(rules, others, up)
            m = len(j)
            if rnd == 1:
                x[j] = shape.round_one_features(h[:, seat], seat, up)
                plays.value(auc.finish(h, 1, seat + 1, rng), rng, pass_val, j)
                for k, alone in enumerate((False, True)):
                    hh = h.copy()
                    picks = bool(dealer_picks_up(rules, seat, alone))
                    if picks:
                        hh[:, DEALER] = dealer_pickup(hh[:, DEALER], up, rules, np.ones(m, dtype=bool), None,
                                                     dealer_model)
                    c = Contracts(hh, _full(m, up_suit), _full(m, seat), _full(m, alone, bool), _full(m, -1),
                                  _full(m, up), discard=discards_of(h[:, DEALER], hh[:, DEALER], up,
                                                                    _full(m, picks, bool)))
                    plays.value(c, rng, val, (j, k))
            else:
                if seat != DEALER:
                    plays.value(auc.finish(h, 2, seat + 1, rng), rng, pass_val, j)
                for t in range(4):
                    if t == up_suit:
                        continue
                    x[j, t] = shape.round_two_features(h[:, seat], t, up_suit)
                    for k, alone in enumerate((False, True)):
                        c = Contracts(h.copy(), _full(m, t), _full(m, seat), _full(m, alone, bool), _full(m, -1),
                                      _full(m, -1))
                        plays.value(c, rng, val, (j, t, k))
        plays.finish()
    if rnd == 1:
        return PointData(rnd, seat, x, val[:, 0] - pass_val, val[:, 1] - val[:, 0], w.astype(float), post.effective)
    ok = ~np.isnan(val[:, :, 0])
    rows = np.nonzero(ok)
    return PointData(rnd, seat, x[rows], val[rows][:, 0] - pass_val[rows[0]], val[rows][:, 1] - val[rows][:, 0],
                     w[rows[0]].astype(float), post.effective)


def cost_sensitive_logit(x: np.ndarray, y: np.ndarray, w: np.ndarray, penalty: float = PENALTY) -> np.ndarray:
    """Weights ``b`` of a score ``x @ b`` whose sign says whether to act: a logistic regression of
    ``y > 0`` on ``x``, each row weighted by ``w |y|`` (the points at stake: a decision that gains or
    loses much counts more), with a ridge penalty ``penalty * rows`` on the standardised weights of every
    column but the first (the bias); Newton steps (IRLS).  Columns that never vary get weight 0."""
    lab = (y > 0).astype(np.float64)
    sw = w * np.abs(y)
    sw = sw / sw.mean() if sw.sum() > 0 else np.ones(len(y))
    sd = x.std(axis=0)
    dead = sd == 0
    dead[0] = False
    sd[dead] = 1.0
    sd[0] = 1.0
    xs = np.where(dead, 0.0, x / sd)
    b = np.zeros(x.shape[1])
    pen = np.full(x.shape[1], penalty * len(y))
    pen[0] = 0.0
    pen[dead] = 1.0
    for _ in range(50):
        p = 0.5 * (1.0 + np.tanh(0.5 * (xs @ b)))
        grad = xs.T @ (sw * (lab - p)) - pen * b
        hess = (xs * (sw * p * (1.0 - p))[:, None]).T @ xs + np.diag(pen)
        step = np.linalg.solve(hess, grad)
        b += step
        if np.abs(step).max() < 1e-7:
            break
    return np.where(dead, 0.0, b / sd)


def count_rule(threshold: float, alone_threshold: float, next_bonus: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """The weights that bid as a count does: take from ``threshold``, alone from ``alone_threshold``
    (next's count raised by ``next_bonus`` in round two): the scores ``count - threshold``."""
    take, alone = np.zeros(len(FEATURES)), np.zeros(len(FEATURES))
    for b, thr in ((take, threshold), (alone, alone_threshold)):
        b[FEATURES.index("bias")] = -thr
        b[FEATURES.index("count")] = 1.0
        b[FEATURES.index("is_next")] = next_bonus
    return take, alone


def fit_point(model: FeatureModel, data: PointData, penalty: float = PENALTY,
              fallback: BiddingModel | None = None) -> FeatureModel:
    """``model`` with ``data``'s decision point fitted: first the alone score (alone over the partner),
    then the take score on the gain over passing of taking the contract as the alone score would play it.
    A point reached by fewer than :data:`~.tuning.MIN_EFFECTIVE` effective deals bids as ``fallback``'s
    count does there (:func:`count_rule`), if given."""
    names = ("order_w", "alone_w") if data.rnd == 1 else ("call_w", "call_alone_w")
    if fallback is not None and data.effective < MIN_EFFECTIVE:
        thr = (fallback.order, fallback.order_alone) if data.rnd == 1 else (fallback.call, fallback.call_alone)
        b_take, b_alone = count_rule(thr[0][data.seat], thr[1][data.seat],
                                     fallback.next_bonus[data.seat] if data.rnd == 2 else 0.0)
    else:
        b_alone = cost_sensitive_logit(data.x, data.alone, data.w, penalty)
        alone = data.x @ b_alone > 0
        b_take = cost_sensitive_logit(data.x, data.order + np.where(alone, data.alone, 0.0), data.w, penalty)
    out = {}
    for name, coef in zip(names, (b_take, b_alone)):
        ws = list(getattr(model, name))
        ws[data.seat] = tuple(round(float(c), 6) for c in coef)
        out[name] = tuple(ws)
    return replace(model, **out)


def decision_gain(model: FeatureModel, data: PointData) -> dict:
    """On ``data``'s deals: the weighted mean realistic gain over passing of the fitted decisions (in
    sample), the share of deals taken and played alone.  In round two each deal is its three rows (the
    suits other than the turned-down one), and the suit whose better option gains the most is named."""
    names = ("order_w", "alone_w") if data.rnd == 1 else ("call_w", "call_alone_w")
    g1 = data.x @ np.asarray(getattr(model, names[0])[data.seat])
    g2 = data.x @ np.asarray(getattr(model, names[1])[data.seat])
    take = g1 > 0
    if data.rnd == 2:
        best = g1.reshape(-1, 3).argmax(axis=1)
        named = np.zeros((len(best), 3), dtype=bool)
        named[np.arange(len(best)), best] = True
        take &= named.ravel()
    alone = take & (g2 > 0)
    got = np.where(take, data.order + np.where(alone, data.alone, 0.0), 0.0)
    total = data.w.sum() / (1 if data.rnd == 1 else 3)
    return {"mean_gain": float((got * data.w).sum() / total), "take": float((take * data.w).sum() / total),
            "alone": float((alone * data.w).sum() / total)}
