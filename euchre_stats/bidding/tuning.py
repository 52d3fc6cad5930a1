"""Self-play tuning of the bidding model: thresholds by seat and round, and next's bonus.

For one decision point at a time (a seat in round one or two), deals are
sampled, weighted by how likely the auction is to reach that seat still open
under the current model (everyone before it passing), and on each deal every
choice is played out by the play model (realistic by default): accepting
(with the partner and alone), and passing (the rest of the auction under the
model).  In round two every suit the seat may name is played, so the bonus
for next (the suit of the turned-down card's colour) is chosen from a grid by
the same gains.  The threshold that maximises the weighted sum of the seat's
gains over the deals whose count clears it is kept; going alone is tuned the
same way against playing with the partner.  A few sweeps over all decision
points settle the model.

The standard error of each threshold comes from a bootstrap over the deals of
its decision point (the deals resampled, the threshold found again).
Deterministic for a seed.  No I/O here.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

import numpy as np

from ..core.cards import JOKER
from ..core.errors import BiddingModelError
from ..core.seats import DEALER
from ..cardplay.contracts import Contracts, Evaluator, discards_of
from ..rules import Rules, dealer_picks_up, may_pass, may_take_up, order_must_go_alone
from ..sampling.deals import random_deals
from ..sampling.posterior import posterior_sample
from ..sampling.backends import backend
from ..sampling.seeds import CHUNK, chunk_rng
from .auction import Auction, dealer_pickup
from .model import BiddingModel, next_suit

#: a decision point reached by fewer effective deals than this keeps its threshold
MIN_EFFECTIVE = 200
#: the bonus values tried for next in round two
NEXT_BONUS_GRID = (0.0, 0.4, 0.8, 1.2, 1.6, 2.0)
#: bootstrap replicates for the standard errors
BOOTSTRAP = 200


#: candidate deals drawn and screened at once while tuning (bounds the memory whatever --deals)
TUNE_BATCH = 20_000


def _best_threshold(strength: np.ndarray, gain: np.ndarray, weight: np.ndarray, current: float) -> float:
    """Threshold T maximising sum(weight * gain) over the deals with strength >= T.

    T is put midway between the weakest count accepted and the strongest one refused; with
    too few deals reaching the decision (effective size below ``MIN_EFFECTIVE``) it stays ``current``.
    """
    return _best_cut(strength, gain, weight, current)[0]


def _best_cut(strength, gain, weight, current) -> tuple[float, float]:
    """(threshold, the weighted gain of accepting above it); see :func:`_best_threshold`.

    Where the gain is flat, many thresholds are about as good; the one kept is the most
    conservative whose total gain is within one standard error of the best (the deals between
    the two cuts decide it, so that error is their own: ``sqrt(sum (w g)^2)`` over them).  Self-play
    otherwise drifts towards calling light only because everyone else does.
    """
    if weight.sum() <= 0 or weight.sum() ** 2 / (weight * weight).sum() < MIN_EFFECTIVE:
        return current, 0.0
    order = np.argsort(-strength, kind="stable")
    s, g = strength[order], (gain * weight)[order]
    cum = np.cumsum(g)
    cum2 = np.cumsum(g * g)
    cut_ok = np.r_[s[1:] != s[:-1], True]  # a cut may not split equal counts
    best_i = int(np.argmax(np.where(cut_ok, cum, -np.inf)))
    if cum[best_i] <= 0:
        return float(s[0] + 0.5), 0.0  # accepting never pays: above every count seen
    spread = np.sqrt(np.maximum(cum2[best_i] - cum2, 0.0))
    within = cut_ok & (np.arange(len(s)) <= best_i) & (cum[best_i] - cum <= spread)
    within &= cum > 0
    keep = int(np.argmax(within)) if within.any() else best_i
    below = s[keep + 1] if keep + 1 < len(s) else s[keep] - 0.5
    return float((s[keep] + below) / 2), float(cum[keep])


def _bootstrap_se(strength, gain, weight, current, rng) -> float:
    """Standard error of :func:`_best_threshold` by resampling the deals."""
    n = len(strength)
    if n == 0 or weight.sum() <= 0 or weight.sum() ** 2 / (weight * weight).sum() < MIN_EFFECTIVE:
        return float("nan")
    reps = np.empty(BOOTSTRAP)
    for b in range(BOOTSTRAP):
        counts = np.bincount(rng.integers(0, n, n), minlength=n).astype(float)
        reps[b] = _best_threshold(strength, gain, weight * counts, current)
    return float(reps.std(ddof=1))


@dataclass(frozen=True)
class TuneResult:
    """A tuned model and its fit report (deals, seed, the standard error of each threshold)."""

    model: BiddingModel
    fit: dict


def tune(rules: Rules, deals: int = 20000, seed: int = 0, sweeps: int = 2, start: BiddingModel | None = None,
         workers: int | None = None, progress=None, play: str = "pimc", scheduler: str | None = None) -> TuneResult:
    """Tune the order / order-alone / call / call-alone thresholds and next's bonus by self-play.

    ``play`` is the play model the hands are played out with (``"pimc"`` realistic, ``"dd"``
    double-dummy).  The model is tuned as it is used: its decisions in play (hard unless
    ``start.play_temperature`` is positive) in the weights and in the play-out of the auction.
    ``progress(step, steps)`` is called after each decision point.

    The play-outs run in this process (``workers`` None or 1, every numba thread), or, a decision
    point's at once in chunks of deals, in ``workers`` local processes or on the dask cluster at
    ``scheduler`` (:class:`_PlayOuts`): the same model and fit, byte for byte, on each.
    """
    if rules.no_trump:
        raise BiddingModelError("no_trump: tune fits the suits' thresholds only; call_no_trump keeps the "
                                "point-count bidder's value (docs/rules.md \"No trump\"), so tune rules without it")
    model = start or BiddingModel()
    points = [(rnd, seat) for rnd in (1, 2) for seat in range(4)]
    steps_total = sweeps * len(points)
    step = 0
    se: dict = {}
    reach: dict = {}
    with backend(workers, scheduler, "tune") as run:
        if progress is not None and steps_total:
            progress(0, steps_total)  # drawn at once: a decision point takes seconds
        for sweep in range(sweeps):
            for rnd, seat in points:
                rng = chunk_rng(seed, 1000 * sweep + 10 * rnd + seat)
                model, point_se, ess = _tune_point(rules, model, deals, rnd, seat, rng, run, play,
                                                   last=sweep == sweeps - 1)
                if point_se:
                    se.update(point_se)
                    reach[f"{'round one' if rnd == 1 else 'round two'} {seat}"] = round(ess, 1)
                step += 1
                if progress is not None:
                    progress(step, steps_total)
    fit = {"play_model": play, "deals_per_point": deals, "sweeps": sweeps, "seed": seed,
           "rules": rules.describe(),
           "standard_errors": se, "effective_deals": reach, "bootstrap": BOOTSTRAP}
    return TuneResult(model, fit)


def _values(ev: Evaluator, seat: int, c: Contracts, rng) -> np.ndarray:
    ev.asker = seat
    return ev.play(c, rng).value


class _Seed:
    """A stand-in generator whose one draw is a seed drawn already (:meth:`Evaluator.play` draws one)."""

    def __init__(self, seed: int):
        self.seed = seed

    def integers(self, *_):
        return self.seed


def _play_chunk(job: tuple, rules: Rules, play: str, seat: int, threads) -> np.ndarray:
    """The seat's values of one chunk of a play-out (:class:`_PlayOuts`): ``job`` = (contracts, seed, streams)."""
    c, seed, streams = job
    return Evaluator(rules, play, seat, threads).play(c, _Seed(seed), streams=streams).value


class _PlayOuts:
    """The play-outs of one decision point, each ``out[key] = the seat's values of contracts c``.

    In this process (``run.threads`` None) each is played at once, as :func:`_values`.  Elsewhere
    they are gathered, cut into chunks of at most :data:`~euchre_stats.sampling.seeds.CHUNK` deals and
    played together by :meth:`finish` on the run's backend: a play-out's one draw from ``rng`` (the
    seed of realistic play, when a contract is played) is made here in the same order, and each deal
    plays from its own stream (its place among the contracts played), so every value is the same as in
    this process."""

    def __init__(self, run, ev: Evaluator, rules: Rules, play: str, seat: int):
        self.run, self.ev, self.rules, self.play, self.seat = run, ev, rules, play, seat
        self.jobs: list = []
        self.into: list = []

    def value(self, c: Contracts, rng, out: np.ndarray, key) -> None:
        if self.run.threads is None:
            out[key] = _values(self.ev, self.seat, c, rng)
            return
        live = c.maker >= 0
        seed = int(rng.integers(2**62)) if live.any() and self.play != "dd" else 0
        streams = np.maximum(np.cumsum(live) - 1, 0).astype(np.int64)
        n = len(live)
        parts = []
        for first in range(0, n, CHUNK):
            part = slice(first, min(first + CHUNK, n))
            self.jobs.append((_rows(c, part), seed, streams[part]))
            parts.append(len(self.jobs) - 1)
        self.into.append((out, key, parts))

    def finish(self) -> None:
        if not self.jobs:
            return
        values = self.run.map(_play_chunk, self.jobs, args=(self.rules, self.play, self.seat, self.run.threads),
                              name=lambda job: "play")
        for out, key, parts in self.into:
            out[key] = np.concatenate([values[k] for k in parts]) if parts else np.zeros(0)
        self.jobs, self.into = [], []


def _rows(c: Contracts, rows: slice) -> Contracts:
    """Contracts ``rows`` of ``c``."""
    return Contracts(*(None if v is None else v[rows] for v in (getattr(c, f.name) for f in fields(c))))


def _full(n, v, dt=np.int64):
    return np.full(n, v, dtype=dt)


def _reach(rules: Rules, model: BiddingModel, deals: np.ndarray, rnd: int, seat: int) -> np.ndarray:
    """Per deal (columns: four hands and the upcard): the chance that the auction reaches ``seat``
    in round ``rnd`` still open under ``model`` as it plays (0 or 1 for hard decisions; and, in round
    one, that the seat may accept)."""
    hands, ups = deals[:, :4], deals[:, 4].astype(np.int64)
    w = np.zeros(len(deals))
    for up in np.unique(ups):
        if up == JOKER:  # no bidding over a Joker upcard (or a naming): not a point to tune
            continue
        j = np.nonzero(ups == up)[0]
        h = hands[j]
        auc = Auction(rules, model, int(up))
        p = np.ones(len(j))
        if rnd == 1:
            for s in range(seat):
                p *= 1.0 - auc.p_round_one(h, s, play=True)[0]
            p *= may_take_up(rules, seat, h[:, seat], int(up) >> 3)
        else:
            for s in range(4):
                p *= 1.0 - auc.p_round_one(h, s, play=True)[0]
            for s in range(seat):
                p *= 1.0 - auc.p_round_two(h, s, play=True)
        w[j] = p
    return w


def _tune_point(rules: Rules, model: BiddingModel, n_deals: int, rnd: int, seat: int, rng, run, play, last):
    """Retune one seat in one round on ``n_deals`` deals drawn (by resampling) in proportion to
    how likely the auction is to reach the seat; returns the model, the thresholds' SEs (last
    sweep) and the effective number of deals."""

    def draw(m):
        hands, ups = random_deals(rules, m, rng)
        return np.column_stack([hands, ups.astype(np.uint64)])

    # candidates weighed 20,000 at a time: tune's memory does not grow with --deals through the screening
    post = posterior_sample(draw, lambda d: _reach(rules, model, d, rnd, seat), n_deals, rng,
                            max_batch=TUNE_BATCH)
    hands, ups, w = post.deals[:, :4].copy(), post.deals[:, 4].astype(np.int64), post.counts
    n = len(ups)
    ev = Evaluator(rules, play, seat, run.threads)
    plays = _PlayOuts(run, ev, rules, play, seat)
    stuck = rnd == 2 and not may_pass(rules, seat, 2)
    if rnd == 1:
        strength = np.zeros(n)
        strength_alone = np.zeros(n)  # the dealer's partner alone: no credit for an upcard never picked up
        val = np.zeros((n, 2))  # with the partner, alone
    else:
        counts = np.zeros((n, 4))
        nxt = np.zeros((n, 4), dtype=bool)
        val = np.full((n, 4, 2), -np.inf)
    pass_val = np.zeros(n)
    for up in np.unique(ups):
        j = np.nonzero(ups == up)[0]
        h = hands[j]
        up = int(up)
        up_suit = up >> 3
        auc = Auction(rules, model, up)
        m = len(j)
        if rnd == 1:
            strength[j] = model.round_one_strength(h[:, seat], seat, up)
            strength_alone[j] = auc.alone_strength(h, seat)
            plays.value(auc.finish(h, 1, seat + 1, rng), rng, pass_val, j)
            for k, alone in enumerate((False, True)):
                hh = h.copy()
                picks = bool(dealer_picks_up(rules, seat, alone))
                if picks:
                    hh[:, DEALER] = dealer_pickup(hh[:, DEALER], up, rules, np.ones(m, dtype=bool), None, model,
                                                  deal=hh)
                c = Contracts(hh, _full(m, up_suit), _full(m, seat), _full(m, alone, bool), _full(m, -1),
                              _full(m, up), discard=discards_of(h[:, DEALER], hh[:, DEALER], up, _full(m, picks, bool)))
                plays.value(c, rng, val, (j, k))
        else:
            counts[j] = model.suit_counts(h[:, seat], up_suit)
            nxt[j, next_suit(up_suit)] = True
            if not stuck and seat != DEALER:
                plays.value(auc.finish(h, 2, seat + 1, rng), rng, pass_val, j)
            for t in range(4):
                if t == up_suit:
                    continue
                for k, alone in enumerate((False, True)):
                    c = Contracts(h.copy(), _full(m, t), _full(m, seat), _full(m, alone, bool), _full(m, -1),
                                  _full(m, -1))
                    plays.value(c, rng, val, (j, t, k))
    plays.finish()
    ess = post.effective
    key = "order" if rnd == 1 else "call"
    thr, thr_alone = list(getattr(model, key)), list(getattr(model, key + "_alone"))
    bonus = list(model.next_bonus)
    brng = chunk_rng(0, 77, rnd, seat)
    se: dict = {}
    if rnd == 1:
        canadian = bool(order_must_go_alone(rules, seat))
        t, ta, fits = _fit(strength, val[:, 0], val[:, 1], pass_val, w, thr[seat], thr_alone[seat], canadian,
                           stuck=False, rng=brng if last else None, strength_alone=strength_alone)[:3]
    else:
        best = None
        for b in NEXT_BONUS_GRID:
            s, chosen = _round_two_choice(counts, nxt, b)
            idx = np.arange(n)
            r = _fit(s, val[idx, chosen, 0], val[idx, chosen, 1], pass_val, w, thr[seat], thr_alone[seat], False,
                     stuck, None)
            if best is None or r[3] > best[0] + 1e-9:
                best = (r[3], b)
        bonus[seat] = best[1]
        s, chosen = _round_two_choice(counts, nxt, bonus[seat])
        idx = np.arange(n)
        t, ta, fits = _fit(s, val[idx, chosen, 0], val[idx, chosen, 1], pass_val, w, thr[seat], thr_alone[seat],
                           False, stuck, brng if last else None)[:3]
    thr[seat], thr_alone[seat] = t, ta
    if last:
        names = ("order", "order_alone") if rnd == 1 else ("call", "call_alone")
        for name, v in zip(names, fits):
            se[f"{name}[{seat}]"] = None if v != v else round(v, 3)
    out = replace(model, **{key: tuple(round(x, 3) for x in thr),
                            key + "_alone": tuple(round(x, 3) for x in thr_alone),
                            "next_bonus": tuple(bonus)})
    return out, se, ess


def _round_two_choice(counts, nxt, bonus):
    """The suit named (the best count, next's with ``bonus``) and its count."""
    c = counts + bonus * nxt
    chosen = c.argmax(axis=1)
    return c[np.arange(len(c)), chosen], chosen


def _fit(strength, with_partner, alone, pass_val, w, cur, cur_alone, canadian, stuck, rng, strength_alone=None):
    """Thresholds (accept, alone), their bootstrap SEs (with ``rng``) and the weighted gain.

    Canadian: the seat may accept only alone, one threshold for both.  Stuck: the seat must
    accept; only going alone is tuned and the accept threshold stays.  ``strength_alone`` is the
    count the alone decision reads where it differs from the order count (the dealer's partner in
    round one, the upcard never picked up behind a loner).  Going alone is cut on the deals with
    ``strength_alone``; the order threshold is then fitted with the deals above the alone
    threshold played alone (hard decisions)."""
    sa = strength if strength_alone is None else strength_alone
    if canadian:
        t, gain = _best_cut(sa, alone - pass_val, w, cur_alone)
        se = _bootstrap_se(sa, alone - pass_val, w, cur_alone, rng) if rng is not None else float("nan")
        return t, t, (se, se), gain
    ta, gain_alone = _best_cut(sa, alone - with_partner, w, cur_alone)
    se_a = _bootstrap_se(sa, alone - with_partner, w, cur_alone, rng) if rng is not None else float("nan")
    take = np.where(sa >= ta, alone, with_partner)
    if stuck:
        return cur, ta, (float("nan"), se_a), float((w * take).sum())
    t, gain = _best_cut(strength, take - pass_val, w, cur)
    se_t = _bootstrap_se(strength, take - pass_val, w, cur, rng) if rng is not None else float("nan")
    # the same count for both: an order threshold above the alone one would order only alone
    same = strength_alone is None or np.array_equal(sa, strength)
    return (min(t, ta) if same else t), ta, (se_t, se_a), gain
