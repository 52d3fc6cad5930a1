"""Fitting the feature bidder (:mod:`.model_v2`) against the realistic values of each option.

For one decision point (a seat in round one or two), deals are drawn as the tuner draws them
(:mod:`.tuning`: weighted by the chance that the auction reaches the seat still open under the model
the others bid by), and every option is played out by the play model: passing (the rest of the auction
under that model), ordering or calling with the partner, and alone; in round two every suit the seat
may name.  Per deal (and suit) two gains are kept, with the partner over passing and alone over the
partner, and a score for each decision is fitted on the decision's features by a cost-sensitive
logistic regression (:func:`cost_sensitive_logit`: is the gain above 0, each deal weighted by the
points at stake).  The model then acts where its score is above 0.

Round two can also be refitted to the decision command itself (:func:`fit_round_two`, issue 31's
"Consistency"): on round-two questions answered by ``call`` (each option's value at the asker's seat,
:class:`RoundTwoQuestions`), the take and alone weights are moved from a model's own to maximise the
mean value of the bid the model makes, its hard rule (the suit scoring highest, taken above 0, alone
above 0; junk suits never named) smoothed by a softmax and logistic curves whose temperature is
annealed (:func:`_soft_value`), with a ridge toward the start; :func:`cross_validated_regret` chooses
the ridge.

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
                                                     dealer_model, deal=hh)
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


# --- round two fitted to the decision command's values (issue 31, "Consistency") -----------------------
#: round two's option columns per suit: calling with the partner, alone
_CALL, _ALONE = 0, 1
#: the temperatures of the smoothed decision, annealed (each fit starts from the previous one's weights)
REGRET_TEMPERATURES = (1.0, 0.5, 0.25)


@dataclass
class RoundTwoQuestions:
    """Round-two questions answered by the decision command (``call``): per question the asker's hand (a
    card mask), the turned-down suit, the asker's seat (0 eldest .. 3 dealer), the value of passing and,
    per suit ``t`` and column (0 with the partner, 1 alone), the value of calling ``t`` (NaN for the
    turned-down suit)."""

    hands: np.ndarray
    banned: np.ndarray
    seats: np.ndarray
    pass_value: np.ndarray
    values: np.ndarray

    def subset(self, keep) -> "RoundTwoQuestions":
        return RoundTwoQuestions(self.hands[keep], self.banned[keep], self.seats[keep], self.pass_value[keep],
                                 self.values[keep])


def round_two_design(model: FeatureModel, hands, banned) -> tuple[np.ndarray, np.ndarray]:
    """``(x, live)``: the features of naming each suit (``(n, 4, F)``, the model's
    :meth:`~.model_v2.FeatureModel.round_two_features`) and whether the suit may be taken (``(n, 4)``: not
    the turned-down suit, and with ``junk_pass`` not a junk suit, whose take score the model holds below
    0, so that it is never named over a suit scoring above 0)."""
    hands = np.asarray(hands, dtype=np.uint64)
    banned = np.asarray(banned, dtype=np.int64)
    x = np.zeros((len(hands), 4, len(FEATURES)))
    live = np.zeros((len(hands), 4), dtype=bool)
    top3, trumps, off_aces = (FEATURES.index(f) for f in ("top3", "trumps", "off_aces"))
    for b in np.unique(banned):
        j = np.nonzero(banned == b)[0]
        for t in range(4):
            if t == b:
                continue
            xt = model.round_two_features(hands[j], t, int(b))
            x[j, t] = xt
            ok = np.ones(len(j), dtype=bool)
            if model.junk_pass:
                ok = ~((xt[:, top3] == 0) & (xt[:, trumps] <= 2) & (xt[:, off_aces] == 0))
            live[j, t] = ok
    return x, live


#: the guides' pass as a constraint of the fit: how far below 0 the take score of each suit of a hand that
#: must pass is held, and the weight of the squared shortfall
GUIDE_MARGIN, GUIDE_WEIGHT = 0.1, 10.0
_ACES_MASK = sum(1 << (s * 8 + 7) for s in range(4))


def guide_passes(rules: Rules, model: FeatureModel, n_deals: int, seed: int) -> RoundTwoQuestions:
    """Round-two hands the guides pass (issue 31: "no trump and no ace passes"): on ``n_deals`` random deals
    (``seed``), each seat's hand without an ace and with at most one card of every suit it may name (the
    turned-down suit the upcard's), as questions without values (:func:`fit_round_two` holds their take
    scores below 0)."""
    hands, ups = random_deals(rules, n_deals, np.random.default_rng(seed))
    ok = ups < 32
    hands, banned = hands[ok], (ups[ok] >> 3).astype(np.int64)
    trumps = FEATURES.index("trumps")
    out_h, out_b, out_s = [], [], []
    for seat in range(4):
        h = hands[:, seat]
        x, _ = round_two_design(replace(model, junk_pass=0.0), h, banned)
        short = np.all((x[..., trumps] <= 1) | (np.arange(4) == banned[:, None]), axis=1)
        keep = short & ((h & np.uint64(_ACES_MASK)) == 0)
        out_h.append(h[keep])
        out_b.append(banned[keep])
        out_s.append(np.full(int(keep.sum()), seat))
    n = sum(len(h) for h in out_h)
    return RoundTwoQuestions(np.concatenate(out_h), np.concatenate(out_b), np.concatenate(out_s), np.zeros(n),
                             np.full((n, 4, 2), np.nan))


def _guide_penalty(a, x, live):
    """The squared shortfall of the take scores of hands that must pass below ``-GUIDE_MARGIN`` (summed over
    their live suits), and its gradient."""
    short = np.where(live, np.maximum(x @ a + GUIDE_MARGIN, 0.0), 0.0)
    return (short ** 2).sum(), 2.0 * np.einsum("nt,ntf->f", short, x)


def round_two_choice(g1: np.ndarray, g2: np.ndarray, live: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The model's hard round-two bid from its scores ``(n, 4)``: ``(suit, level)``, the live suit whose call
    scores highest (ties to the lower suit), level 0 pass, 1 call, 2 alone (:func:`.model_v2._level`)."""
    g = np.where(live, g1, -np.inf)
    suit = g.argmax(axis=1)
    i = np.arange(len(suit))
    take = g[i, suit] > 0
    return suit, np.where(take, np.where(g2[i, suit] > 0, 2, 1), 0)


def round_two_regret(q: RoundTwoQuestions, suit: np.ndarray, level: np.ndarray) -> np.ndarray:
    """Per question: the value of the command's best option minus the value of the bid ``(suit, level)``."""
    i = np.arange(len(suit))
    got = np.where(level == 0, q.pass_value, q.values[i, suit, np.clip(level - 1, 0, 1)])
    best = np.fmax(q.pass_value, np.nanmax(q.values.reshape(len(suit), -1), axis=1))
    return best - got


def _soft_value(a, b, x, live, p_val, c_val, a_val, tau):
    """The expected value of the smoothed bid (the suit by a softmax of the take scores over the live
    suits, take and alone by logistic curves, all at temperature ``tau``) and its gradients."""
    g1, g2 = x @ a, x @ b
    z = np.where(live, g1 / tau, -np.inf)
    zmax = z.max(axis=1, keepdims=True)
    zmax = np.where(np.isfinite(zmax), zmax, 0.0)
    e = np.where(live, np.exp(z - zmax), 0.0)
    tot = e.sum(axis=1, keepdims=True)
    p = e / np.where(tot > 0, tot, 1.0)
    s = 0.5 * (1.0 + np.tanh(0.5 * g1 / tau))
    r = 0.5 * (1.0 + np.tanh(0.5 * g2 / tau))
    t_val = (1.0 - r) * c_val + r * a_val
    v = p_val[:, None] + s * (t_val - p_val[:, None])
    ev = (p * v).sum(axis=1)
    ev = np.where(tot[:, 0] > 0, ev, p_val)
    d1 = p * (v - ev[:, None]) / tau + p * s * (1.0 - s) / tau * (t_val - p_val[:, None])
    d2 = p * s * r * (1.0 - r) / tau * (a_val - c_val)
    ga = np.einsum("nt,ntf->f", d1, x)
    gb = np.einsum("nt,ntf->f", d2, x)
    return ev, ga, gb


def _standardised(x: np.ndarray, live: np.ndarray, values: np.ndarray):
    """``(sd, free, k, call values, alone values)``: the features' spread over the live rows (the constant
    column's 1), which columns vary, how many, and the options' values with the closed ones 0."""
    rows = x[live]
    sd = rows.std(axis=0) if len(rows) else np.zeros(x.shape[2])
    sd[0] = 1.0
    free = sd > 0
    return sd, free, int(free.sum()), np.nan_to_num(values[..., _CALL]), np.nan_to_num(values[..., _ALONE])


def fit_round_two_seat(x: np.ndarray, live: np.ndarray, p_val: np.ndarray, values: np.ndarray,
                       a0, b0, penalty: float, temperatures=REGRET_TEMPERATURES,
                       guide=None) -> tuple[np.ndarray, np.ndarray]:
    """The take and alone weights ``(a, b)`` of one seat that maximise the mean value of the smoothed bid
    (:func:`_soft_value`) over the questions, minus ``penalty`` times the squared distance from the start
    ``(a0, b0)`` on the standardised features (columns that never vary keep their start), minus
    :data:`GUIDE_WEIGHT` times the mean squared shortfall of ``guide``'s take scores (``(x, live)`` of hands
    that must pass, :func:`_guide_penalty`); L-BFGS, the temperature annealed through ``temperatures``."""
    from scipy.optimize import minimize
    a0, b0 = np.asarray(a0, dtype=float), np.asarray(b0, dtype=float)
    sd, free, k, c_val, a_val = _standardised(x, live, values)
    n = len(p_val)

    def unpack(th):
        a, b = a0.copy(), b0.copy()
        a[free] += th[:k] / sd[free]
        b[free] += th[k:] / sd[free]
        return a, b

    th = np.zeros(2 * k)
    for tau in temperatures:
        def f(th, tau=tau):
            a, b = unpack(th)
            ev, ga, gb = _soft_value(a, b, x, live, p_val, c_val, a_val, tau)
            loss = -ev.sum() / n + penalty * (th @ th)
            if guide is not None and len(guide[0]):
                gp, gg = _guide_penalty(a, *guide)
                loss += GUIDE_WEIGHT * gp / len(guide[0])
                ga = ga - GUIDE_WEIGHT * gg * n / len(guide[0])
            grad = -np.concatenate([ga[free] / sd[free], gb[free] / sd[free]]) / n + 2 * penalty * th
            return loss, grad
        th = minimize(f, th, jac=True, method="L-BFGS-B", options={"maxiter": 500}).x
    return unpack(th)


def fit_round_two_pooled(x: np.ndarray, live: np.ndarray, seats: np.ndarray, p_val: np.ndarray,
                         values: np.ndarray, a0, b0, penalty: float, seat_penalty: float,
                         temperatures=REGRET_TEMPERATURES, guide=None) -> tuple[np.ndarray, np.ndarray]:
    """As :func:`fit_round_two_seat` for the four seats at once, each seat's change from its start ``(a0[s],
    b0[s])`` the sum of a change shared by every seat (ridge ``penalty``) and its own (ridge
    ``seat_penalty``): the seats borrow strength from each other; ``guide`` ``(x, live, seats)``.
    Returns ``(a, b)``, each ``(4, F)``."""
    from scipy.optimize import minimize
    a0, b0 = np.asarray(a0, dtype=float), np.asarray(b0, dtype=float)
    sd, free, k, c_val, a_val = _standardised(x, live, values)
    n = len(p_val)
    by_seat = [np.nonzero(seats == s)[0] for s in range(4)]
    pen = np.concatenate([np.full(2 * k, penalty), np.full(8 * k, seat_penalty)])

    def unpack(th):
        a, b = a0.copy(), b0.copy()
        for s in range(4):
            d = th[:2 * k] + th[2 * k * (s + 1):2 * k * (s + 2)]
            a[s, free] += d[:k] / sd[free]
            b[s, free] += d[k:] / sd[free]
        return a, b

    th = np.zeros(10 * k)
    for tau in temperatures:
        def f(th, tau=tau):
            a, b = unpack(th)
            loss, grad = 0.0, np.zeros_like(th)
            for s, j in enumerate(by_seat):
                if not len(j):
                    continue
                ev, ga, gb = _soft_value(a[s], b[s], x[j], live[j], p_val[j], c_val[j], a_val[j], tau)
                loss -= ev.sum() / n
                if guide is not None and (guide[2] == s).any():
                    js = guide[2] == s
                    gp, gg = _guide_penalty(a[s], guide[0][js], guide[1][js])
                    loss += GUIDE_WEIGHT * gp / js.sum()
                    ga = ga - GUIDE_WEIGHT * gg * n / js.sum()
                g = -np.concatenate([ga[free] / sd[free], gb[free] / sd[free]]) / n
                grad[:2 * k] += g
                grad[2 * k * (s + 1):2 * k * (s + 2)] += g
            return loss + (pen * th) @ th, grad + 2 * pen * th
        th = minimize(f, th, jac=True, method="L-BFGS-B", options={"maxiter": 1000}).x
    return unpack(th)


def fit_round_two(model: FeatureModel, q: RoundTwoQuestions, penalty: float,
                  temperatures=REGRET_TEMPERATURES, seat_penalty: float | None = None,
                  guide: RoundTwoQuestions | None = None) -> FeatureModel:
    """``model`` with its round-two weights (``call_w``, ``call_alone_w``) refitted to the command's values
    of the questions ``q``, from the model's own weights: seat by seat (:func:`fit_round_two_seat`), or
    with ``seat_penalty`` the four seats together (:func:`fit_round_two_pooled`); the hands of ``guide``
    (:func:`guide_passes`) held to a pass; round one untouched.  Deterministic."""
    x, live = round_two_design(model, q.hands, q.banned)
    gx = gl = None
    if guide is not None:
        gx, gl = round_two_design(model, guide.hands, guide.banned)
    call_w, alone_w = list(model.call_w), list(model.call_alone_w)
    if seat_penalty is not None:
        a, b = fit_round_two_pooled(x, live, q.seats, q.pass_value, q.values, model.call_w, model.call_alone_w,
                                    penalty, seat_penalty, temperatures,
                                    None if guide is None else (gx, gl, guide.seats))
    for seat in range(4):
        j = q.seats == seat
        if seat_penalty is not None:
            a_s, b_s = a[seat], b[seat]
        elif not j.any():
            continue
        else:
            gj = None if guide is None else (gx[guide.seats == seat], gl[guide.seats == seat])
            a_s, b_s = fit_round_two_seat(x[j], live[j], q.pass_value[j], q.values[j], model.call_w[seat],
                                          model.call_alone_w[seat], penalty, temperatures, gj)
        call_w[seat] = tuple(round(float(c), 6) for c in a_s)
        alone_w[seat] = tuple(round(float(c), 6) for c in b_s)
    return replace(model, call_w=tuple(call_w), call_alone_w=tuple(alone_w))


def round_two_bids(model: FeatureModel, q: RoundTwoQuestions) -> tuple[np.ndarray, np.ndarray]:
    """The model's hard bids ``(suit, level)`` on the questions (as :meth:`~.model_v2.FeatureModel.round_two_call`
    decides them, checked equal in the tests)."""
    x, live = round_two_design(model, q.hands, q.banned)
    g1 = np.zeros(live.shape)
    g2 = np.zeros(live.shape)
    for seat in range(4):
        j = q.seats == seat
        g1[j] = x[j] @ np.asarray(model.call_w[seat])
        g2[j] = x[j] @ np.asarray(model.call_alone_w[seat])
    return round_two_choice(g1, g2, live)


def cross_validated_regret(model: FeatureModel, q: RoundTwoQuestions, penalty: float, folds: int, seed: int,
                           temperatures=REGRET_TEMPERATURES, seat_penalty: float | None = None,
                           guide: RoundTwoQuestions | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(regret, suit, level)`` per question: the hard bid of :func:`fit_round_two` fitted on the other
    folds (questions split into ``folds`` at random from ``seed``) and its regret."""
    fold = np.random.default_rng(seed).permutation(len(q.seats)) % folds
    out = np.zeros(len(q.seats))
    suit, level = np.zeros(len(q.seats), dtype=np.int64), np.zeros(len(q.seats), dtype=np.int64)
    for k in range(folds):
        m = fit_round_two(model, q.subset(fold != k), penalty, temperatures, seat_penalty, guide)
        test = q.subset(fold == k)
        suit[fold == k], level[fold == k] = round_two_bids(m, test)
        out[fold == k] = round_two_regret(test, suit[fold == k], level[fold == k])
    return out, suit, level
