"""From sampled outcomes to options: weighted means, 95% intervals kept inside what a hand can score,
differences on common deals, and the range of values each contract allows.

Shared by every question (:mod:`.order`, :mod:`.call`, :mod:`.discard`, :mod:`.lead`, :mod:`.alone`) and
the strategy tables.  ``docs/methods.md`` ("What the interval means") documents :func:`interval`.
"""

from __future__ import annotations

import math

import numpy as np

from ..core.bits import JOKER, card_face
from ..core.seats import DEALER
from ..core.stats import MIN_EFFECTIVE_SAMPLES, Z95, effective_sample_size, weighted_mean_se
from ..core.trump import sure_tricks
from ..cardplay.contracts import Outcome
from ..rules import (Rules, alone_with_the_call, hand_point_limit, hand_points_array, lone_defence_possible,
                     order_must_go_alone)
from .driver import Sampling
from .result import OptionResult


def summarise(outcomes: dict[str, Outcome], weights: np.ndarray, hand_size: int,
               extras: dict[str, dict] | None = None, game=None, limit: float = 4.0,
               sampling: "Sampling | None" = None, ranges: dict | None = None
               ) -> tuple[list[OptionResult], list[dict], str, bool]:
    """Per-option estimates, the best option and its paired differences with the others.

    With ``game`` (a :class:`GameState`) each option also gets its chance of winning the game
    (``p_win``), and the recommendation and the differences are by that chance.  Intervals never
    leave what is possible: one hand's value lies in [-``limit``, +``limit``], or in ``ranges[action]``
    where given (a difference of two options in the difference of their ranges), and with fewer than
    two samples an interval is that whole range.  With ``sampling`` (deals drawn by resampling,
    :class:`Sampling`) each standard error is scaled by its ``se_scale`` and each option's ``n`` is
    the effective sample.
    """
    extras = extras or {}
    scale = sampling.se_scale if sampling is not None else 1.0
    n_eff = sampling.effective if sampling is not None else effective_sample_size(weights)
    ranges = {a: (ranges or {}).get(a, (-limit, limit)) for a in outcomes}
    results = []
    key = {a: o.value for a, o in outcomes.items()}
    if game is not None:
        key = {a: game.win_chance(o.value) for a, o in outcomes.items()}
    for action, o in outcomes.items():
        mu, se = weighted_mean_se(o.value, weights)
        se *= scale
        sw = weights.sum()
        p = lambda a: float((weights * a).sum() / sw)  # noqa: E731
        dist = [p(o.our_tricks == k) for k in range(hand_size + 1)]
        extra = dict(extras.get(action, {}))
        thrown = p(o.our_tricks < 0)
        if thrown > 0:  # the trick distribution is of the hands played: it sums to 1 - this
            extra["p_thrown_in"] = thrown
        if o.points is not None:
            pm, ps = weighted_mean_se(o.points, weights)
            ps *= scale
            extra.update({"ev_points": pm, "ev_points_ci": [pm - Z95 * ps, pm + Z95 * ps]})
        if game is not None:
            pw, pse = weighted_mean_se(key[action], weights)
            pse *= scale
            extra.update({"p_win": pw, "p_win_ci": [max(0.0, pw - Z95 * pse), min(1.0, pw + Z95 * pse)]})
        lo, hi = ranges[action]
        n_est = len(o.value) if sampling is None else int(round(sampling.effective))
        ci = interval(mu, se, lo, hi, len(o.value), n_eff)
        results.append(OptionResult(action, mu, ci, p(o.our_make),
                                    p(o.our_march), p(o.our_euchred), n_est, se, dist, extra))
    means = {r.action: (r.extra["p_win"] if game is not None else r.ev) for r in results}
    order = sorted(results, key=lambda r: -means[r.action])
    best = order[0]

    def paired(a: str, b: str):
        """``a - b`` deal by deal: per-deal differences, mean, SE and interval (inside the ranges)."""
        d = key[a] - key[b]
        mu, se = weighted_mean_se(d, weights)
        se *= scale
        if game is not None:
            span = (-1.0, 1.0)
        else:
            (alo, ahi), (blo, bhi) = ranges[a], ranges[b]
            span = (alo - bhi, ahi - blo)
        return d, mu, se, list(interval(mu, se, span[0], span[1], len(d), n_eff))

    diffs = []
    for r in order[1:]:
        d, mu, se, ci = paired(best.action, r.action)
        diffs.append({"a": best.action, "b": r.action, "diff": mu, "ci": ci, "se": se,
                      "equivalent": bool(not np.any(d))})
    # options that do exactly as well on every sampled deal (touching cards) are not rivals; the same
    # holds between two options neither of which is the best: mark the later one with the first
    firsts: list[str] = []
    for df in diffs:
        if df["equivalent"]:
            continue
        twin = next((a for a in firsts if np.array_equal(key[a], key[df["b"]])), None)
        if twin is not None:
            df["same_as"] = twin
        else:
            firsts.append(df["b"])
    # ties below the best: each option against the next one down the ranking, paired on the same deals
    for upper, lower, df in zip(order[1:], order[2:], diffs[1:]):
        d, mu, _, ci = paired(upper.action, lower.action)
        if np.any(d) and ci[0] <= 0.0 <= ci[1]:
            df["tie_with"] = {"a": upper.action, "diff": mu, "ci": ci}
    rivals = [d for d in diffs if not d["equivalent"]]
    too_close = bool(rivals) and rivals[0]["ci"][0] <= 0.0 <= rivals[0]["ci"][1]
    if len(results) > 1 and n_eff < MIN_EFFECTIVE_SAMPLES:
        too_close = True   # too few deals to tell the options apart, even where they all scored alike
    return results, diffs, best.action, too_close


def interval(mu: float, se: float, lo: float, hi: float, n: int, n_eff: float | None = None
              ) -> tuple[float, float]:
    """The 95% interval of a mean, kept inside [lo, hi]; the whole range below two samples.

    With ``n_eff`` each side of the interval allows for one more deal at its own end of the
    possible range: the lower side's standard error is ``sqrt(se^2 + (mu - lo)^2 / n_eff^2)``, the
    upper side's ``sqrt(se^2 + (hi - mu)^2 / n_eff^2)``.  Where every sampled deal gave the same
    result (a loner marching on all of them) the interval does not shrink to a point that a rarer
    result would fall outside.  Measured on 12 questions x 200 seeds (double dummy) and 100 seeds
    (realistic play) against long runs (``benchmarks/interval_coverage.py``; ``docs/methods.md``,
    "What the interval means"): coverage 95-97% where the plain interval covers 84-95% (63% of a
    near-certain option), and narrower than the symmetric term used before.
    """
    a, b = intervals(mu, se, lo, hi, n, 0.0 if n_eff is None else n_eff)
    return float(a), float(b)


def intervals(mu, se, lo, hi, n, n_eff) -> tuple[np.ndarray, np.ndarray]:
    """:func:`interval` over arrays (the strategy tables' classes; ``lo`` and ``hi`` may vary by
    element): the same figures, element by element."""
    mu, se, lo, hi, n, n_eff = (np.asarray(a, dtype=np.float64) for a in (mu, se, lo, hi, n, n_eff))
    with np.errstate(divide="ignore", invalid="ignore"):
        below = np.where(n_eff > 0, np.sqrt(se * se + ((mu - lo) / n_eff) ** 2), se)
        above = np.where(n_eff > 0, np.sqrt(se * se + ((hi - mu) / n_eff) ** 2), se)
    a = np.maximum(lo, mu - Z95 * below)
    b = np.minimum(hi, mu + Z95 * above)
    few = n < 2
    return np.where(few, lo, a), np.where(few, hi, b)


def contract_range(rules: Rules, ours: bool, alone: bool | None, def_alone: bool | None,
                   min_tricks: int = 0, max_tricks: int | None = None) -> tuple[float, float]:
    """The possible range of one hand's points (ours minus theirs) once trump is made: by our side
    (``ours``) or theirs, alone or not, a defender alone or not; ``None`` where it is still open
    (a partner may yet declare alone, a defender may yet go alone, as the rules allow).  The makers
    take at least ``min_tricks`` (the sure tricks of a hand among them) and at most ``max_tricks``
    (the tricks a defender's sure tricks leave them)."""
    top = rules.hand_size if max_tricks is None else max(0, min(max_tricks, rules.hand_size))
    tricks = np.arange(min(min_tricks, top), top + 1)
    alones = [False, True] if alone is None else [alone]
    if def_alone is None:
        defs = [False, True] if lone_defence_possible(rules) else [False]
    else:
        defs = [def_alone]
    lo, hi = math.inf, -math.inf
    for a in alones:
        for d in defs:
            mp, dp = hand_points_array(rules, tricks, a, d)
            v = (mp - dp) if ours else (dp - mp)
            lo, hi = min(lo, float(v.min())), max(hi, float(v.max()))
    return lo, hi


def contract_ranges(rules: Rules, outcomes, asker: int, maker: int, alone: bool, def_alone=None,
                    settled: bool = False) -> dict:
    """:func:`contract_range` for every option of a question whose contract is known (``maker``,
    ``alone``; ``def_alone`` the lone defender's seat, or None).  Unless ``settled`` (the play has
    begun), a partner may still declare alone (British timing) and a defender may still go alone."""
    ours = (maker & 1) == (asker & 1)
    a = alone if (alone or settled or alone_with_the_call(rules)) else None
    d = (def_alone is not None) if (settled or def_alone is not None) else None
    r = contract_range(rules, ours, a, d)
    return {k: r for k in outcomes}


def option_ranges(rules: Rules, outcomes, asker: int, round_one: bool, hand: int | None = None,
                  up: int | None = None) -> dict:
    """The possible range of each bidding option: a pass leaves every result open; a call (or the
    dealer's pick-up) makes us the makers, alone when its name says so.  Given the asker's ``hand``
    and the ``up`` card (the upcard; in round two the card turned down), a call counts the hand's sure
    tricks (:func:`sure_tricks`): ``Jh Jd Ah Kh Qh`` ordering hearts marches on every deal, so its
    options' intervals (and their difference's) are points, not a sliver around them."""
    out = {}
    lim = hand_point_limit(rules)
    for action in outcomes:
        if action == "pass":
            # the dealer's pass in round two throws the hand in (where it may pass at all): 0 for certain
            out[action] = (0.0, 0.0) if (not round_one and asker == DEALER) else (-lim, lim)
            continue
        alone = action.endswith("alone") or (round_one and bool(order_must_go_alone(rules, asker))
                                             and action != "with partner")
        # the asker's hand plays unless a partner may yet declare alone after its call (British timing)
        plays = alone or alone_with_the_call(rules)
        sure = 0 if hand is None or up is None or not plays else _call_sure_tricks(rules, action, asker, round_one,
                                                                                    hand, up)
        out[action] = contract_range(rules, True, True if alone else (None if not alone_with_the_call(rules)
                                                                        else False), None, sure)
    return out


def _call_sure_tricks(rules: Rules, action: str, asker: int, round_one: bool, hand: int, up: int) -> int:
    """The sure tricks of the asker's hand under the trump its call names (:func:`hand_sure_tricks`):
    round one the upcard's suit, round two the suit named (``"n"``, no trump: none)."""
    if up == JOKER:
        return 0
    suit = action.removesuffix(" alone")
    if not round_one and suit not in ("c", "d", "h", "s"):
        return 0
    trump = card_face(up) >> 3 if round_one else "cdhs".index(suit)
    return hand_sure_tricks(rules, asker, hand, up, trump, round_one)


def hand_sure_tricks(rules: Rules, asker: int, hand: int, up: int, trump: int, round_one: bool) -> int:
    """The sure tricks of the asker's ``hand`` once ``trump`` (0..3) is made in round one (the upcard
    ``up`` with the dealer: the dealer's hand takes it and gives a card back, which may be one of them,
    so one fewer) or round two (``up`` turned down: out of play).  0 where the hand may change before
    the play (a farmer's hand, railroad), at tables other than four-handed partnerships, for a Joker
    upcard and for no trump."""
    r = rules
    if not r.seating.vectorised or r.farmers_hand or r.railroad or up == JOKER or not 0 <= trump < 4:
        return 0
    if not round_one:
        return sure_tricks(hand, trump, r.deck_obj.mask, 1 << up)
    if asker == DEALER:
        return max(0, sure_tricks(hand | (1 << up), trump, r.deck_obj.mask) - 1)
    return sure_tricks(hand, trump, r.deck_obj.mask)
