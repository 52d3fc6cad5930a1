"""Self-play tuning of the bidding model's thresholds.

For one decision point at a time (a seat in round one or two), deals are
sampled, weighted by how likely the auction is to reach that seat still open
under the current model (everyone before it passing), and on each deal both
choices are played out double-dummy: accepting (the contract, alone or not as
the model would) and passing (the rest of the auction under the model).  The
threshold that maximises the weighted sum of the seat's gains over the deals
whose count clears it is kept; going alone is tuned the same way against
playing with the partner.  A few sweeps over all decision points settle the
model.  Deterministic for a seed.  No I/O here.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..core.seats import DEALER
from ..play.contracts import Contracts, Evaluator
from ..sampling.deals import random_deals
from ..rules import Rules, dealer_picks_up, may_pass, may_take_up, order_must_go_alone
from ..sampling.seeds import chunk_rng
from .auction import Auction, _dealer_pickup
from .model import BiddingModel

#: a decision point reached by fewer effective deals than this keeps its threshold
MIN_EFFECTIVE = 200


def _best_threshold(strength: np.ndarray, gain: np.ndarray, weight: np.ndarray, current: float) -> float:
    """Threshold T maximising sum(weight * gain) over the deals with strength >= T.

    T is put midway between the weakest count accepted and the strongest one refused; with
    too few deals reaching the decision (effective size below ``MIN_EFFECTIVE``) it stays ``current``.
    """
    if weight.sum() <= 0 or weight.sum() ** 2 / (weight * weight).sum() < MIN_EFFECTIVE:
        return current
    order = np.argsort(-strength, kind="stable")
    s, g = strength[order], (gain * weight)[order]
    cum = np.cumsum(g)
    cut_ok = np.r_[s[1:] != s[:-1], True]  # a cut may not split equal counts
    best_i = int(np.argmax(np.where(cut_ok, cum, -np.inf)))
    if cum[best_i] <= 0:
        return float(s[0] + 0.5)  # accepting never pays: above every count seen
    below = s[best_i + 1] if best_i + 1 < len(s) else s[best_i] - 0.5
    return float((s[best_i] + below) / 2)


def _side_value(ev_seat: int, ev: Evaluator, c: Contracts, rng) -> np.ndarray:
    ev.asker = ev_seat
    return ev.play(c, rng).value


def tune(rules: Rules, deals: int = 20000, seed: int = 0, sweeps: int = 2, start: BiddingModel | None = None,
         workers: int | None = None, progress=None) -> BiddingModel:
    """Tune the order / order-alone / call / call-alone thresholds by self-play.

    The model is tuned as it is used: soft decisions (``start.temperature``) in
    the weights and in the play-out of the auction.  Returns the tuned
    :class:`~euchre_stats.bidding.model.BiddingModel`.
    """
    model = start or BiddingModel()
    step = 0
    steps_total = sweeps * 8
    for sweep in range(sweeps):
        for rnd in (1, 2):
            for seat in range(4):
                if rnd == 2 and not may_pass(rules, seat, 2):
                    step += 1
                    continue
                rng = chunk_rng(seed, 1000 * sweep + 10 * rnd + seat)
                hands, ups = random_deals(rules, deals, rng)
                model = _tune_point(rules, model, hands, ups, rnd, seat, rng, workers)
                step += 1
                if progress is not None:
                    progress(step, steps_total)
    return model


def _tune_point(rules: Rules, model: BiddingModel, hands, ups, rnd: int, seat: int, rng, workers):
    """Retune the thresholds of one seat in one round."""
    n = len(ups)
    w = np.ones(n)
    strength = np.zeros(n)
    accept_val = np.zeros(n)
    alone_val = np.zeros(n)
    pass_val = np.zeros(n)
    ev = Evaluator(rules, "dd", seat, workers)
    for up_suit in range(4):
        idx = np.nonzero((ups >> 3) == up_suit)[0]
        # the upcard differs per deal; group by the upcard itself
        for up in np.unique(ups[idx]):
            j = idx[ups[idx] == up]
            h = hands[j]
            auc = Auction(rules, model, int(up))
            if rnd == 1:
                for s in range(seat):
                    w[j] *= 1.0 - auc.p_round_one(h, s)[0]
                strength[j] = model.round_one_strength(h[:, seat], seat, int(up))
                w[j] *= may_take_up(rules, seat, h[:, seat], int(up) >> 3)  # only deals where the seat may accept
                pass_c = auc.finish(h, 1, seat + 1, rng)
                both = []
                for alone in (False, True):
                    hh = h.copy()
                    if dealer_picks_up(rules, seat, alone):
                        hh[:, DEALER] = _dealer_pickup(hh[:, DEALER], int(up), rules,
                                                       np.ones(len(j), dtype=bool))
                    c = Contracts(hh, np.full(len(j), up_suit), np.full(len(j), seat),
                                  np.full(len(j), alone), np.full(len(j), -1), np.full(len(j), int(up)))
                    both.append(_side_value(seat, ev, c, rng))
            else:
                for s in range(4):
                    w[j] *= 1.0 - auc.p_round_one(h, s)[0]
                for s in range(seat):
                    w[j] *= 1.0 - auc.p_round_two(h, s)
                best, suit = model.best_call(h[:, seat], up_suit)
                strength[j] = best
                if seat == DEALER:
                    pass_val[j] = 0.0
                    pass_c = None
                else:
                    pass_c = auc.finish(h, 2, seat + 1, rng)
                both = []
                for alone in (False, True):
                    c = Contracts(h.copy(), suit, np.full(len(j), seat), np.full(len(j), alone),
                                  np.full(len(j), -1), np.full(len(j), -1))
                    both.append(_side_value(seat, ev, c, rng))
            if pass_c is not None:
                pass_val[j] = _side_value(seat, ev, pass_c, rng)
            accept_val[j], alone_val[j] = both
    # alone: among deals the seat accepts, alone versus with the partner
    key = "order" if rnd == 1 else "call"
    thr = list(getattr(model, key))
    thr_alone = list(getattr(model, key + "_alone"))
    canadian = rnd == 1 and bool(order_must_go_alone(rules, seat))
    if canadian:
        # the dealer's partner may only accept alone: one threshold, alone against passing
        t = _best_threshold(strength, alone_val - pass_val, w, thr_alone[seat])
        thr[seat] = thr_alone[seat] = t
    else:
        thr_alone[seat] = _best_threshold(strength, alone_val - accept_val, w, thr_alone[seat])
        goes_alone = strength >= thr_alone[seat]
        take = np.where(goes_alone, alone_val, accept_val)
        thr[seat] = min(_best_threshold(strength, take - pass_val, w, thr[seat]), thr_alone[seat])
    return replace(model, **{key: tuple(round(x, 3) for x in thr),
                             key + "_alone": tuple(round(x, 3) for x in thr_alone)})
