"""A strategy table's columns: from per-row outcomes to each class's means, 95% intervals, paired
gains over passing, chances of making, marching and being euchred, the recommendation, and (at game
scores) each option's chance of winning the game.

:func:`summarise_classes` is :func:`euchre_stats.decide.summary.summarise` vectorised over many
classes (rows class by class).  Computes only; no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..cardplay.contracts import Outcome
from ..core.stats import Z95, rowsum, rowwise_weighted_mean_se
from ..core.trump import POWER
from ..decide.at_score import GameState
from ..decide.summary import intervals, option_ranges
from ..rules import Rules
from .classes import GREEN_HIGH, GREEN_LOW, NEXT

#: round one's options, in the order the columns show them
OPTIONS = ("pass", "order", "order alone")
#: round two, in the canonical layout (turned-down suit = hearts): the suits one may name, in the order
#: ``call_decision`` tries them -- green1 is the longer green holding (spades), green2 the other (clubs)
CALL_SUITS = ((GREEN_HIGH, "green1"), (NEXT, "next"), (GREEN_LOW, "green2"))
OPTIONS_R2 = ("pass",) + tuple(f"{name}{a}" for _, name in CALL_SUITS for a in ("", " alone"))
COLUMN_OF = {"pass": "pass", "order": "order", "order alone": "alone",
             **{a: a.replace(" ", "_") for a in OPTIONS_R2[1:]}}


def _class_ranges(rules: Rules, options: tuple[str, ...], asker: int, k: int, hands: np.ndarray | None,
                  up: int | None) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Each option's possible range per class, ``(lo, hi)`` arrays of ``k``: the same for every class,
    or with ``hands`` and ``up`` each class's own, as ``order``/``call`` range it (round two's table
    names are the suits of the canonical layout)."""
    round_one = options == OPTIONS
    if hands is None or up is None:
        r = option_ranges(rules, options, asker, round_one=round_one)
        return {a: (np.full(k, r[a][0]), np.full(k, r[a][1])) for a in options}
    letter = {name: "cdhs"[suit] for suit, name in CALL_SUITS}
    named = {a: a if round_one or a == "pass" else letter[a.partition(" ")[0]] + "".join(a.partition(" ")[1:])
             for a in options}
    lo = {a: np.empty(k) for a in options}
    hi = {a: np.empty(k) for a in options}
    for i in range(k):
        r = option_ranges(rules, tuple(named.values()), asker, round_one=round_one, hand=int(hands[i]), up=up)
        for a in options:
            lo[a][i], hi[a][i] = r[named[a]]
    return {a: (lo[a], hi[a]) for a in options}


def summarise_classes(outs: dict[str, Outcome], w: np.ndarray, k: int, allowed: dict[str, np.ndarray],
                      discard_cards: list[np.ndarray] | None = None,
                      options: tuple[str, ...] = OPTIONS,
                      games: dict[str, GameState] | None = None, *, rules: Rules,
                      asker: int, sampling: ClassSampling | None = None, hands: np.ndarray | None = None,
                      up: int | None = None, discard_alive: dict[str, np.ndarray] | None = None,
                      trump: int | None = None, option_slots: dict[str, np.ndarray] | None = None,
                      option_sampling: dict[str, ClassSampling] | None = None) -> dict[str, np.ndarray]:
    """Per-class columns from per-row outcomes (rows class by class, ``k`` classes).

    As :func:`~euchre_stats.decide.summary.summarise`: with ``sampling`` (deals resampled by the
    auction's likelihood, weights their counts, 0 for padding) each standard error is scaled by the
    class's ``se_scale`` and intervals count its effective sample; every interval stays inside the
    option's possible range under ``rules`` (:func:`~euchre_stats.decide.summary.option_ranges`;
    given the classes' ``hands`` and the ``up`` card, each class's own: its sure tricks counted, as the
    decision commands count them).

    ``allowed[action]`` masks classes for which an option is not open (their
    columns are NaN).  The recommendation and "too close" follow
    :func:`euchre_stats.decide.summary.summarise`.  ``games`` (score label -> GameState)
    adds, per score, each option's chance of winning the game (``p_win_<option>@<score>`` with
    ``_lo``/``_hi``) and the recommendation by it (``best@<score>``, ``too_close@<score>``), from the
    same rows (the dealer keeps the discard that is best for points, as ``order_decision`` does).
    ``discard_alive[action]`` (K, J) marks the dealer's discards each class still played (the others were
    screened out after an earlier stage and are never picked).  Of discards with the same mean (a sure march
    buries any card alike), the weakest under ``trump`` (the upcard's suit when not given) is named, as
    :func:`~euchre_stats.decide.setup.weakest_first` orders ``order``'s: no player buries a bower when a nine
    does as well.

    ``option_slots[option]`` (K * S, the option screen of round two) marks the slots an option was played on and
    ``option_sampling[option]`` the sampling of those deals: its values, chances, gain over passing and
    interval come from them (column ``n_<option>`` their count), and each comparison of two options in the
    recommendation from the deals both were played on.  ``pass`` is played on every slot.
    """
    W = w.reshape(k, -1)
    if sampling is None:
        sampling = ClassSampling.uniform(k, W.shape[1])
    scale, n_eff, played = sampling.se_scale, sampling.effective, sampling.played
    ranges = _class_ranges(rules, options, asker, k, hands, up)
    cols: dict[str, np.ndarray] = {}
    chosen: dict[str, Outcome] = {}
    for action in ("order", "order alone"):
        keys = [key for key in outs if key.split("|")[0] == action]
        if not keys:
            continue
        if len(keys) == 1 and "|" not in keys[0]:
            chosen[action] = outs[keys[0]]
            continue
        vals = np.stack([outs[key].value.reshape(k, -1) for key in keys], axis=1)     # (K, J, S)
        mu, _ = rowwise_weighted_mean_se(vals, W[:, None, :])
        if discard_alive is not None and action in discard_alive:
            mu = np.where(discard_alive[action], mu, -np.inf)
        rows = np.arange(k)
        best = _weakest_best(mu, discard_cards, trump if trump is not None or up is None else up >> 3)
        pick = {}
        for f in ("value", "our_make", "our_march", "our_euchred", "our_tricks"):
            stacked = np.stack([getattr(outs[key], f).reshape(k, -1) for key in keys], axis=1)
            pick[f] = stacked[rows, best].reshape(-1)
        chosen[action] = Outcome(**pick)
        if discard_cards is not None:
            cand = np.stack(discard_cards, axis=1)      # (K, J)
            cols[f"discard_{COLUMN_OF[action]}"] = cand[rows, best]
    chosen = {**({"pass": outs["pass"]} if "pass" in outs else {}), **chosen,
              **{a: outs[a] for a in options if a in outs and a not in chosen}}

    def own(action):
        """An option's weights and sampling: under the option screen, its own slots' and deals'."""
        if option_slots is None or action not in option_slots:
            return W, scale, played, n_eff
        o = option_sampling[action]
        return W * option_slots[action].reshape(k, -1), o.se_scale, o.played, o.effective
    means = {}
    for action in options:
        c = COLUMN_OF[action]
        if action not in chosen:
            for name in (f"ev_{c}", f"ev_{c}_lo", f"ev_{c}_hi", f"p_make_{c}", f"p_march_{c}",
                         f"p_euchred_{c}"):
                cols[name] = np.full(k, np.nan)
            if option_slots is not None:   # (stick the dealer: the dealer has no pass)
                cols[f"n_{c}"] = np.zeros(k, dtype=np.int64)
            means[action] = np.full(k, -np.inf)
            continue
        o = chosen[action]
        x = o.value.reshape(k, -1)
        Wa, scale_a, played_a, n_eff_a = own(action)
        mu, se = rowwise_weighted_mean_se(x, Wa)
        lo, hi = intervals(mu, se * scale_a, *ranges[action], played_a, n_eff_a)
        ok = allowed.get(action, np.ones(k, dtype=bool))
        cols[f"ev_{c}"] = np.where(ok, mu, np.nan)
        cols[f"ev_{c}_lo"] = np.where(ok, lo, np.nan)
        cols[f"ev_{c}_hi"] = np.where(ok, hi, np.nan)
        sw = rowsum(Wa)
        for f, name in (("our_make", "p_make"), ("our_march", "p_march"), ("our_euchred", "p_euchred")):
            cols[f"{name}_{c}"] = np.where(ok, rowsum(Wa * getattr(o, f).reshape(k, -1)) / sw, np.nan)
        if option_slots is not None:
            cols[f"n_{c}"] = np.asarray(played_a, dtype=np.int64)
        means[action] = np.where(ok, mu, -np.inf)
    # paired gains over passing
    has_pass = "pass" in chosen
    xp = chosen["pass"].value.reshape(k, -1) if has_pass else np.zeros_like(W)
    for action in options[1:]:
        c = COLUMN_OF[action]
        if action in chosen and has_pass:
            ok = allowed.get(action, np.ones(k, dtype=bool))
            Wa, scale_a, played_a, n_eff_a = own(action)
            mu, se = rowwise_weighted_mean_se(chosen[action].value.reshape(k, -1) - xp, Wa)
            (alo, ahi), (plo, phi) = ranges[action], ranges["pass"]
            lo, hi = intervals(mu, se * scale_a, alo - phi, ahi - plo, played_a, n_eff_a)
            cols[f"gain_{c}"] = np.where(ok, mu, np.nan)
            cols[f"gain_{c}_lo"] = np.where(ok, lo, np.nan)
            cols[f"gain_{c}_hi"] = np.where(ok, hi, np.nan)
        else:
            for suffix in ("", "_lo", "_hi"):
                cols[f"gain_{c}{suffix}"] = np.full(k, np.nan)
    m = np.stack([means[a] for a in options], axis=1)              # (K, options)
    vals = np.stack([chosen[a].value.reshape(k, -1) if a in chosen else np.zeros_like(xp)
                     for a in options], axis=1)                      # (K, options, S)
    spans = np.stack([np.stack([ranges[a][0], ranges[a][1]], axis=1) for a in options], axis=1)  # (K, options, 2)
    screened = None
    if option_slots is not None:   # per option: the slots it played, and its sampling (K, options)
        per = [own(a) for a in options]
        screened = (np.stack([option_slots[a].reshape(k, -1) if a in option_slots else np.ones(W.shape, dtype=bool)
                              for a in options], axis=1),
                    np.stack([p[1] for p in per], axis=1), np.stack([p[2] for p in per], axis=1),
                    np.stack([p[3] for p in per], axis=1))
    best, too_close = _recommend(vals, m, W, spans, scale, played, n_eff, screened)
    cols["best"] = np.array(options, dtype=object)[best]
    cols["too_close"] = too_close
    open_ = np.isfinite(m)
    for label, game in (games or {}).items():
        pw = game.win_chance(vals.reshape(-1)).reshape(vals.shape)
        mu, se = rowwise_weighted_mean_se(pw, W[:, None, :])          # (K, options)
        se = se * scale[:, None]
        for i, action in enumerate(options):
            c = COLUMN_OF[action]
            cols[f"p_win_{c}@{label}"] = np.where(open_[:, i], mu[:, i], np.nan)
            cols[f"p_win_{c}_lo@{label}"] = np.where(open_[:, i], np.maximum(0.0, mu[:, i] - Z95 * se[:, i]), np.nan)
            cols[f"p_win_{c}_hi@{label}"] = np.where(open_[:, i], np.minimum(1.0, mu[:, i] + Z95 * se[:, i]), np.nan)
        win_spans = np.tile([0.0, 1.0], (k, len(options), 1))
        gbest, gclose = _recommend(pw, np.where(open_, mu, -np.inf), W, win_spans, scale, played, n_eff)
        cols[f"best@{label}"] = np.array(options, dtype=object)[gbest]
        cols[f"too_close@{label}"] = gclose
    cols["ess"] = n_eff.astype(np.float64)
    cols["n"] = played.astype(np.int64)
    return cols


def _weakest_best(mu: np.ndarray, discard_cards: list[np.ndarray] | None, trump: int | None) -> np.ndarray:
    """Per row of ``mu`` (K, J), the candidate with the highest mean; of equal means, the weakest card
    under ``trump`` (trump power, then card number, as :func:`~euchre_stats.decide.setup.weakest_first`;
    the first candidate without cards or trump)."""
    if discard_cards is None or trump is None:
        return np.argmax(mu, axis=1)
    cand = np.stack(discard_cards, axis=1)                     # (K, J)
    strength = POWER[trump, np.clip(cand, 0, None)].astype(np.int64) * 256 + cand
    tied = mu == mu.max(axis=1, keepdims=True)
    return np.argmin(np.where(tied, strength, np.iinfo(np.int64).max), axis=1)


def _recommend(vals: np.ndarray, means: np.ndarray, W: np.ndarray, spans: np.ndarray, scale: np.ndarray,
               played: np.ndarray, n_eff: np.ndarray, screened=None) -> tuple[np.ndarray, np.ndarray]:
    """The best option per class (the highest mean, ties to the earlier option) and whether it is
    too close to call, as in :func:`euchre_stats.decide.summary.summarise`: the paired interval
    of its lead over the first rival that differs from it on some deal contains 0.

    ``vals`` (K, options, S) per-deal values, ``means`` (K, options) their means (-inf for an
    option that is not open), ``W`` (K, S) the weights, ``spans`` (K, options, 2) each option's possible
    range in each class (a lead's interval stays inside the difference of two ranges), ``scale``, ``played`` and
    ``n_eff`` per class as in :class:`ClassSampling`.  ``screened`` (the option screen): ``(slots, scale,
    played, n_eff)``, per option the slots it was played on (K, options, S) and its sampling (K, options); two
    options are then compared on the slots both were played on, with the sampling of the one played on fewer.
    """
    k, n_opt = means.shape
    order = np.argsort(-means, axis=1, kind="stable")
    best = order[:, 0]
    rows = np.arange(k)
    too_close = np.zeros(k, dtype=bool)
    decided = np.zeros(k, dtype=bool)
    for r in range(1, n_opt):
        other = order[:, r]
        open_ = np.isfinite(means[rows, other])
        d = vals[rows, best] - vals[rows, other]
        Wd, sc, pl, ne = W, scale, played, n_eff
        if screened is not None:
            slots, o_scale, o_played, o_eff = screened
            both = slots[rows, best] & slots[rows, other]
            d, Wd = np.where(both, d, 0.0), W * both
            fewer = np.where(o_played[rows, other] < o_played[rows, best], other, best)
            sc, pl, ne = o_scale[rows, fewer], o_played[rows, fewer], o_eff[rows, fewer]
        equivalent = ~np.any(d != 0, axis=1)
        mu, se = rowwise_weighted_mean_se(d, Wd)
        lo = spans[rows, best, 0] - spans[rows, other, 1]
        hi = spans[rows, best, 1] - spans[rows, other, 0]
        a, b = intervals(mu, se * sc, lo, hi, pl, ne)
        first_rival = open_ & ~equivalent & ~decided
        too_close |= first_rival & (a <= 0.0) & (0.0 <= b)
        decided |= first_rival
    return best, too_close


@dataclass
class ClassSampling:
    """Per class: deals played (distinct), the effective sample and the standard errors' factor for
    the candidate pool (as :class:`~euchre_stats.decide.driver.Sampling` for one question)."""

    played: np.ndarray
    effective: np.ndarray
    se_scale: np.ndarray
    #: the candidate pools' effective sizes (infinite for uniform deals; None when not recorded)
    pool_ess: np.ndarray | None = None

    @staticmethod
    def uniform(k: int, s: int) -> ClassSampling:
        return ClassSampling(np.full(k, s), np.full(k, float(s)), np.ones(k), np.full(k, np.inf))

    def take(self, rows) -> ClassSampling:
        """The classes ``rows`` (an index or a slice)."""
        return ClassSampling(self.played[rows], self.effective[rows], self.se_scale[rows],
                             None if self.pool_ess is None else self.pool_ess[rows])

    def part(self, lo: int, hi: int) -> ClassSampling:
        return self.take(slice(lo, hi))

    def where(self, mask: np.ndarray, other: ClassSampling) -> ClassSampling:
        """``other``'s classes where ``mask``, these elsewhere."""
        pool = None if self.pool_ess is None or other.pool_ess is None else np.where(mask, other.pool_ess,
                                                                                       self.pool_ess)
        return ClassSampling(np.where(mask, other.played, self.played), np.where(mask, other.effective, self.effective),
                             np.where(mask, other.se_scale, self.se_scale), pool)

    def widened(self, factor: float) -> ClassSampling:
        """Every standard error multiplied by ``factor``."""
        return ClassSampling(self.played, self.effective, self.se_scale * factor, self.pool_ess)


__all__ = ["CALL_SUITS", "COLUMN_OF", "OPTIONS", "OPTIONS_R2", "ClassSampling", "summarise_classes"]
