"""Monte Carlo decisions: order up / pass / alone, round-two calls, the dealer's discard, the lead.

Every option of one question is evaluated on the *same* sampled deals (common
random numbers), so differences between options are measured far more
precisely than the options themselves.  Seats inside this module are absolute
with the dealer fixed at seat 3: seat 0 is eldest, 1 the dealer's partner, 2
third hand, 3 the dealer; the side of seats 1 and 3 is the dealer's side.

Values are points for the asking player's side minus points for the other side
in this hand.  With ``infer`` the samples are weighted by how likely the passes
already made are under the bidding model (self-normalised importance sampling);
the effective sample size is reported.  Play is double-dummy (``dd``) on each
sampled deal, or ``pimc``: every player picks each card from worlds sampled
from their own information (see :mod:`euchre_stats.play.pimc`).

This module computes; it prints nothing.  A :class:`Decision` knows its own forms (JSON,
DataFrame, text table, chart), which the command line prints as they are.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from dataclasses import dataclass, field

import numpy as np

from ..bidding.auction import Auction, _dealer_pickup
from ..bidding.model import BiddingModel, default_model
from ..core.cards import (JOKER, NO_TRUMP_WORDS, card_name, cards_to_mask, parse_card, parse_cards, parse_suit,
                          parse_trump, trump_letter)
from ..core.errors import DecisionInputError, InconsistentDealError, SolveInputError
from ..core.seats import DEALER, SEAT_NAMES, parse_seat
from ..core.stats import MIN_EFFECTIVE_SAMPLES, Z95, effective_sample_size, weighted_mean_se
from ..core.trump import EFF_SUIT, NO_TRUMP, POWER, SUIT_MASK, trick_winner_index
from ..output.results import ResultView, action_label, inputs_text, recommendation_text
from ..play.contracts import DEFAULT_PLAY_MODEL, PLAY_MODELS, Contracts, Evaluator, Outcome, discards_of
from ..rules import (NORTH_AMERICAN, Rules, alone_with_the_call, dealer_picks_up, first_leader, hand_points_array,
                     joker_up_names_trump, may_call_no_trump, may_discard, may_pass, may_take_up,
                     order_must_go_alone, sitting_out,
                     why_no_defend_alone)
from ..sampling.dealer import KITTY, Dealer, Knowledge
from ..sampling.posterior import posterior_sample
from ..sampling.seeds import CHUNK, chunk_rng, chunk_sizes, resolve_seed
from . import PASS_MODELS
from .inference import auction_weights, round_one_likelihood, round_two_likelihood


# --- results --------------------------------------------------------------------------------
#: what each play model and pass model means, as the text form says it
MODEL_WORDS = {"dd": "double-dummy play (every card seen: flatters the side that can see more)",
               "pimc": "realistic play (each player samples worlds from their own information)"}
PASS_WORDS = {"hand": "the hand-strength bidding model (hard decisions in play; soft only to infer hands)",
              "zero": "zero (a pass scores 0)",
              "dd": "double-dummy bidders on their own sampled deals",
              "heuristic": "the state machine's heuristic bidder (every later bid, yours too; the smaller games)"}
#: what a value counts, by :attr:`Decision.value_unit`
UNIT_WORDS = {"tricks": "tricks", "points": "points (ours minus theirs)",
              "points_vs_others": "points (mine minus the mean of the other two players'; a euchre's 2 points "
                                  "split evenly between the defenders, who play as a coalition)"}
#: the columns of :meth:`Decision.to_frame` (``discard``, ``ev_points``, ``ev_tricks``, ``p_win`` follow when
#: an option has them)
FRAME_COLUMNS = ("action", "ev", "ci_low", "ci_high", "p_make", "p_march", "p_euchred", "n")


def _fmt(x: float, signed: bool = True) -> str:
    return f"{x:+.3f}" if signed else f"{x:.3f}"


@dataclass
class OptionResult:
    """One option of a question: its expected value, 95% interval, probabilities and trick distribution."""

    action: str
    ev: float
    ev_ci: tuple[float, float]
    p_make: float
    p_march: float
    p_euchred: float
    n: int
    se: float
    tricks: list[float] = field(default_factory=list)
    extra: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        d = {"action": self.action, "ev": self.ev, "ev_ci": list(self.ev_ci), "p_make": self.p_make,
             "p_march": self.p_march, "p_euchred": self.p_euchred, "n": self.n}
        d.update(self.extra)
        d["tricks"] = self.tricks
        return d

    def to_row(self) -> dict:
        """This option's row of :meth:`Decision.to_frame` (the command line's CSV)."""
        row = dict(zip(FRAME_COLUMNS, (self.action, self.ev, self.ev_ci[0], self.ev_ci[1], self.p_make,
                                       self.p_march, self.p_euchred, self.n)))
        for key in ("discard", "ev_points", "ev_tricks", "p_win"):
            if key in self.extra:
                row[key] = self.extra[key]
        return row


@dataclass
class Decision(ResultView):
    """The answer to one question: per-option estimates, paired differences, a recommendation.

    The metadata are attributes: ``seed``, ``samples``, ``effective_samples``, ``model``,
    ``rules``, ``recommendation``, ``too_close``.  ``to_dict()`` is the command line's JSON,
    ``to_frame()`` its CSV (one row per option), ``to_text()`` its table, ``plot(ax)`` a chart.
    """

    kind: str
    inputs: dict
    rules: Rules
    seed: int
    samples: int
    model: str
    options: list[OptionResult]
    differences: list[dict]
    recommendation: str
    too_close: bool
    pass_model: str | None = None
    infer: bool = False
    effective_samples: float = 0.0
    value_unit: str = "points"
    #: the standard error asked for (``target_se``), if any
    target_se: float | None = None
    #: how the deals were drawn (:class:`Sampling`)
    sampling: "Sampling | None" = None
    #: the bidding model that valued the passes and read the bids seen: ``"shipped"``, a file's path,
    #: ``"custom"`` (set by the public functions, :mod:`euchre_stats.api`)
    bidding: str | None = None

    @property
    def target_reached(self) -> bool | None:
        """Whether every option's standard error came down to ``target_se`` (None when none was set)."""
        if self.target_se is None:
            return None
        return max(o.se for o in self.options) <= self.target_se

    def to_dict(self) -> dict:
        d = {
            "kind": self.kind, "inputs": self.inputs, "rules": self.rules.to_dict(), "seed": self.seed,
            "samples": self.samples, "model": self.model, "pass_model": self.pass_model,
            "infer": self.infer, "effective_samples": round(self.effective_samples, 1),
            "value_unit": self.value_unit,
            **({"bidding": self.bidding} if self.bidding is not None else {}),
            "options": [o.to_dict() for o in self.options], "differences": self.differences,
            "recommendation": self.recommendation, "too_close": self.too_close,
        }
        if self.target_se is not None:
            d["target_se"], d["target_reached"] = self.target_se, self.target_reached
        if self.sampling is not None:
            d["sampling"] = self.sampling.to_dict()
        return d

    def best(self) -> OptionResult:
        return next(o for o in self.options if o.action == self.recommendation)

    def to_frame(self):
        """One row per option: the columns of the command line's CSV (:data:`FRAME_COLUMNS`)."""
        import pandas as pd

        return pd.DataFrame([o.to_row() for o in self.options])

    def to_text(self) -> str:
        """The command line's table: the inputs, rules, models, seed, the options and the verdict."""
        import pandas as pd

        lines = [f"{self.kind}: {inputs_text(self.inputs)}", f"rules: {self.rules.describe()}",
                 f"play model: {self.model} = {MODEL_WORDS.get(self.model, self.model)}"]
        if self.pass_model:
            lines.append(f"pass valued by: {PASS_WORDS[self.pass_model]}")
        sm = self.sampling
        if self.infer and sm is not None and sm.drawn == sm.played and not sm.screened:
            # no candidate screened: no bid was seen before this question (eldest in round one)
            lines.append("bidding inference: on, but no bid comes before this one (uniform deals)")
        elif self.infer and sm is not None:
            lines.append(f"bidding inference: on (deals drawn in proportion to how likely the auction seen is: "
                         f"{sm.drawn:,} candidates screened, {sm.played:,} played, effective sample "
                         f"{sm.effective:,.0f})")
            if sm.short:
                lines.append(f"note: the effective sample {sm.effective:,.0f} is below the {sm.asked:,} asked: the "
                             f"auction seen is unlikely under the bidding model; stopped at {sm.played:,} deals "
                             "played (the intervals are from the effective sample)")
        elif self.infer:
            lines.append(f"bidding inference: on (effective samples {self.effective_samples:,.0f} of "
                         f"{self.samples:,})")
        else:
            lines.append("bidding inference: off (uniform deals)")
        lines.append(f"seed: {self.seed}   samples: {self.samples:,}"
                     + (f" (effective {self.effective_samples:,.0f})" if self.infer else ""))
        if self.target_se is not None:
            worst = max(o.se for o in self.options)
            lines.append(f"target standard error {self.target_se:g}: "
                         + (f"reached (largest {worst:.4f})" if self.target_reached
                            else f"not reached in {self.samples:,} samples (largest {worst:.4f}); raise --samples"))
        game = self.inputs.get("game")
        if game:
            lines.append(f"game: {game['score']} (us-them), game to {game['game_to']}"
                         f"{', win by two' if game['win_by_two'] else ''}, we deal this hand: "
                         f"{'yes' if game['we_deal'] else 'no'}; P(win) now {game['p_win_now']:.3f}; "
                         "recommended by the chance of winning the game")
        signed = self.value_unit != "tricks"
        unit = UNIT_WORDS.get(self.value_unit, self.value_unit)
        if game:
            lines.append(f"value: P(win), the chance of winning the game, ranks the options (and their differences); "
                         f"EV: expected {unit}, 95% interval")
        else:
            lines.append(f"value: expected {unit}, 95% interval")
        lines.append("")
        table = []
        # the makers' chances, labelled from the asker's seat
        defends = self.inputs.get("side") == "defenders"
        labels = ("P(they make)", "P(they march)", "P(we euchre)") if defends else ("P(make)", "P(march)", "P(euchred)")
        options = self.options
        if self.kind == "discard":  # six cards: best first, as the differences are
            options = sorted(options, key=lambda o: -o.extra.get("p_win", o.ev) if game else -o.ev)
        for o in options:
            certain = o.ev_ci[0] == o.ev_ci[1]   # e.g. a hand thrown in: its value cannot vary
            row = {"action": self.label(o.action), "EV": _fmt(o.ev, signed),
                   "95% CI": "certain" if certain else f"[{_fmt(o.ev_ci[0], signed)}, {_fmt(o.ev_ci[1], signed)}]",
                   labels[0]: f"{o.p_make:.3f}", labels[1]: f"{o.p_march:.3f}",
                   labels[2]: f"{o.p_euchred:.3f}", "n": o.n}
            if "ev_tricks" in o.extra:
                row["tricks"] = f"{o.extra['ev_tricks']:.3f}"
            if "p_win" in o.extra:
                row["P(win)"] = f"{o.extra['p_win']:.3f}"
            if "ev_points" in o.extra:
                row["points"] = _fmt(o.extra["ev_points"])
            if "discard" in o.extra:
                row["discard"] = o.extra["discard"]
            table.append(row)
        lines.append(pd.DataFrame(table).to_string(index=False, na_rep="-"))  # "-": no discard in that option
        lines.append("")
        same = [df["b"] for df in self.differences if df.get("equivalent")]
        rivals = [df for df in self.differences if not df.get("equivalent")]
        lab = self.label
        for df in rivals:
            lines.append(f"{lab(df['a'])} - {lab(df['b'])}: {_fmt(df['diff'])} [{_fmt(df['ci'][0])}, "
                         f"{_fmt(df['ci'][1])}]")
        if same:
            lines.append(f"equivalent to {lab(self.recommendation)} on every sampled deal: "
                         f"{', '.join(lab(b) for b in same)}")
        for df in rivals:
            if "same_as" in df:
                lines.append(f"{lab(df['b'])} is equivalent to {lab(df['same_as'])} on every sampled deal")
        for df in self.differences:
            if "tie_with" in df:
                t = df["tie_with"]
                lines.append(f"too close to call between them: {lab(t['a'])} - {lab(df['b'])}: {_fmt(t['diff'])} "
                             f"[{_fmt(t['ci'][0])}, {_fmt(t['ci'][1])}]")
        if self.too_close and self.effective_samples < MIN_EFFECTIVE_SAMPLES:
            n = self.effective_samples
            lines.append(f"recommendation: none: {n:.3g} effective deal{'' if n == 1 else 's'}, fewer than the "
                         f"{MIN_EFFECTIVE_SAMPLES} needed to tell the options apart; ask again with more --samples")
        elif self.too_close:
            lines.append(f"recommendation: too close to call ({self.recommendation_text()} vs "
                         f"{lab(rivals[0]['b'])}); {lab(self.recommendation)} is ahead by "
                         f"{_fmt(rivals[0]['diff'])}")
        else:
            lines.append(f"recommendation: {self.recommendation_text()}")
        return "\n".join(lines)

    def label(self, action: str) -> str:
        """An option's key as the text table names it (``"d alone"`` -> ``"diamonds alone"``; the
        dealer's ``"order"`` -> ``"pick up"``): :func:`~euchre_stats.output.results.action_label`."""
        return action_label(action, self.kind, self.inputs.get("seat"))

    def recommendation_text(self) -> str:
        """The recommended option in words (``call diamonds``, ``pick up``)."""
        return recommendation_text(self.recommendation, self.kind, self.inputs.get("seat"))

    def plot(self, ax=None, kind: str = "values"):
        """Draw on ``ax`` (a new Agg figure when ``None``) and return the matplotlib Axes.

        ``kind="values"``: each option's expected value with its 95% interval;
        ``kind="tricks"``: each option's distribution of our side's tricks.
        """
        return _plot_decisions(self, ax, kind)

    def save_plot(self, path: str) -> None:
        """Both charts side by side to ``path`` (.png/.svg/.pdf), written atomically (``--plot``)."""
        from ..output.plots import plot_decision

        plot_decision(self, path)


def _plot_decisions(decisions, ax, kind: str):
    from ..output.plots import draw_decision_tricks, draw_decision_values, new_axes

    if kind not in ("values", "tricks"):
        raise DecisionInputError(f"unknown plot kind {kind!r}: expected values or tricks")
    ax = new_axes() if ax is None else ax
    if kind == "tricks":
        return draw_decision_tricks(ax, decisions[0] if isinstance(decisions, list) else decisions)
    return draw_decision_values(ax, decisions)


@dataclass
class ModelComparison(ResultView):
    """One question answered with double-dummy and with realistic play on the same deals (same seed).

    ``gap`` lists, per action, the expected value under each model and their difference.
    """

    dd: Decision
    pimc: Decision

    @property
    def seed(self) -> int:
        return self.dd.seed

    @property
    def samples(self) -> int:
        return self.dd.samples

    @property
    def rules(self) -> Rules:
        return self.dd.rules

    @property
    def gap(self) -> list[dict]:
        pimc = {o.action: o for o in self.pimc.options}
        return [{"action": o.action, "ev_dd": o.ev, "ev_pimc": pimc[o.action].ev, "gap": o.ev - pimc[o.action].ev}
                for o in self.dd.options if o.action in pimc]

    def to_dict(self) -> dict:
        return {"models": {"dd": self.dd.to_dict(), "pimc": self.pimc.to_dict()}, "gap": self.gap}

    def to_frame(self):
        """One row per action: ``action, ev_dd, ev_pimc, gap`` (the command line's CSV)."""
        import pandas as pd

        return pd.DataFrame(self.gap)

    def to_text(self) -> str:
        import pandas as pd

        gap_df = pd.DataFrame([{"action": self.dd.label(g["action"]), "dd": _fmt(g["ev_dd"]),
                                "pimc": _fmt(g["ev_pimc"]), "dd - pimc": _fmt(g["gap"])} for g in self.gap])
        return "\n\n".join([self.dd.to_text(), self.pimc.to_text(),
                             "model gap (double-dummy minus realistic):\n" + gap_df.to_string(index=False)])

    def _repr_html_(self) -> str:
        return self.dd._repr_html_() + self.pimc._repr_html_() + self.to_frame().to_html(index=False)

    def plot(self, ax=None, kind: str = "values"):
        """Both models' values side by side (``kind="values"``), or the dd trick distribution."""
        return _plot_decisions([self.dd, self.pimc], ax, kind)

    def save_plot(self, path: str) -> None:
        from ..output.plots import plot_decision

        plot_decision([self.dd, self.pimc], path)


def _summarise(outcomes: dict[str, Outcome], weights: np.ndarray, hand_size: int,
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
        ci = _interval(mu, se, lo, hi, len(o.value), n_eff)
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
        return d, mu, se, list(_interval(mu, se, span[0], span[1], len(d), n_eff))

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


def _interval(mu: float, se: float, lo: float, hi: float, n: int, n_eff: float | None = None
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
    """:func:`_interval` over arrays (the strategy tables' classes; ``lo`` and ``hi`` may vary by
    element): the same figures, element by element."""
    mu, se, lo, hi, n, n_eff = (np.asarray(a, dtype=np.float64) for a in (mu, se, lo, hi, n, n_eff))
    with np.errstate(divide="ignore", invalid="ignore"):
        below = np.where(n_eff > 0, np.sqrt(se * se + ((mu - lo) / n_eff) ** 2), se)
        above = np.where(n_eff > 0, np.sqrt(se * se + ((hi - mu) / n_eff) ** 2), se)
    a = np.maximum(lo, mu - Z95 * below)
    b = np.minimum(hi, mu + Z95 * above)
    few = n < 2
    return np.where(few, lo, a), np.where(few, hi, b)


def contract_range(rules: Rules, ours: bool, alone: bool | None, def_alone: bool | None) -> tuple[float, float]:
    """The possible range of one hand's points (ours minus theirs) once trump is made: by our side
    (``ours``) or theirs, alone or not, a defender alone or not; ``None`` where it is still open
    (a partner may yet declare alone, a defender may yet go alone, as the rules allow)."""
    tricks = np.arange(rules.hand_size + 1)
    alones = [False, True] if alone is None else [alone]
    if def_alone is None:
        defs = [False, True] if rules.defend_alone else [False]
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


def option_ranges(rules: Rules, outcomes, asker: int, round_one: bool) -> dict:
    """The possible range of each bidding option: a pass leaves every result open; a call (or the
    dealer's pick-up) makes us the makers, alone when its name says so."""
    out = {}
    lim = _limit(rules)
    for action in outcomes:
        if action == "pass":
            # the dealer's pass in round two throws the hand in (where it may pass at all): 0 for certain
            out[action] = (0.0, 0.0) if (not round_one and asker == DEALER) else (-lim, lim)
            continue
        alone = action.endswith("alone") or (round_one and bool(order_must_go_alone(rules, asker))
                                             and action != "with partner")
        out[action] = contract_range(rules, True, True if alone else (None if not alone_with_the_call(rules)
                                                                        else False), None)
    return out


def _limit(rules: Rules) -> float:
    """The most points one hand can give a side: 4 (a lone march, a lone defender's euchre...)."""
    return float(max(4, rules.lone_defender_points))


@dataclass(frozen=True)
class GameState:
    """The score when a question is asked, for answers by the chance of winning the game."""

    rules: Rules
    us: int
    them: int
    we_deal: bool
    outcomes: object  # equity.HandOutcomes: the chances of one hand's results

    def win_chance(self, value: np.ndarray) -> np.ndarray:
        """Per sample (our points minus theirs in this hand): P(we win the game) after it."""
        from .equity import hand_win_probability

        return hand_win_probability(self.rules, self.outcomes, self.us, self.them, self.we_deal, value)

    def to_dict(self) -> dict:
        from .equity import win_probability

        return {"score": f"{self.us}-{self.them}", "we_deal": self.we_deal, "game_to": self.rules.game_to,
                "win_by_two": self.rules.win_by_two,
                "p_win_now": win_probability(self.rules, self.outcomes, self.us, self.them, self.we_deal),
                "hand_outcomes": self.outcomes.to_dict()}


def game_state(rules: Rules, score, asker: int, model: str, bidding: BiddingModel | None) -> GameState | None:
    """The :class:`GameState` of ``score`` (``"US-THEM"`` or a pair) for ``asker``, or None without one.

    The hand outcome chances come from 4,000 self-play deals (seed 0) under the same rules, play
    model and bidding model, computed once per process."""
    if score is None:
        return None
    from .equity import parse_score, win_probability

    us, them = parse_score(score) if isinstance(score, str) else (int(score[0]), int(score[1]))
    g = GameState(rules, us, them, (asker & 1) == 1, _game_outcomes(rules, model, bidding or default_model()))
    if max(us, them) >= rules.game_to:
        raise DecisionInputError(f"score {us}-{them}: the game to {rules.game_to} is already over")
    win_probability(rules, g.outcomes, us, them, g.we_deal)
    return g


def _game_inputs(inputs: dict, game: GameState | None) -> None:
    """The score and the chance of winning from it, among a decision's inputs."""
    if game is not None:
        inputs["score"] = f"{game.us}-{game.them}"
        inputs["game"] = game.to_dict()


@functools.lru_cache(maxsize=16)
def _game_outcomes(rules: Rules, model: str, bidding: BiddingModel):
    from .equity import simulate_outcomes

    return simulate_outcomes(rules, 4000, seed=0, model=model, bidding=bidding)


# --- the shared driver ----------------------------------------------------------------------
#: with inference, deals played at most this many times ``samples`` while the effective sample is short
MAX_PLAYED_FACTOR = 3


@dataclass
class Sampling:
    """How the deals behind a decision were drawn: played deals, effective sample, candidates drawn."""

    played: int
    effective: float
    drawn: int
    se_scale: float = 1.0
    asked: int = 0
    #: the effective sample fell short of ``asked`` at the cap on deals played
    short: bool = False
    #: candidates were screened by the bids seen (the smaller games' rejection; otherwise read from
    #: ``drawn > played``)
    screened: bool = False

    def to_dict(self) -> dict:
        return {"deals_played": self.played, "effective_samples": round(self.effective, 1),
                "candidates_drawn": self.drawn, "se_scale": round(self.se_scale, 4), "short": self.short}


def _sampled(draw, likelihood, play):
    """A chunk function for :func:`_drive`: ``n`` deals drawn by ``draw(rng, m)``, conditioned on the
    auction by ``likelihood(deals)`` (``None``: uniform) through sampling importance resampling, then
    played by ``play(rng, deals)`` (a dict of :class:`Outcome`)."""
    def chunk(rng, n):
        if likelihood is None:
            deals = draw(rng, n)
            return play(rng, deals), np.ones(len(deals)), (len(deals), math.inf)
        post = posterior_sample(lambda m: draw(rng, m), likelihood, n, rng)
        if len(post.counts) == 0:
            raise DecisionInputError(f"none of {post.drawn:,} sampled deals is consistent with the auction seen "
                                     "under the bidding model; use --no-infer")
        return play(rng, post.deals), post.counts, (post.drawn, post.pool_ess)
    return chunk


def _uniform(draw, play):
    return _sampled(draw, None, play)


def _drive(seed: int, samples: int, target_se: float | None, chunk_fn, progress=None):
    """Run seeded chunks until the effective sample reaches ``samples`` (or every option's SE is
    at most ``target_se``), playing at most :data:`MAX_PLAYED_FACTOR` times ``samples`` deals.

    Returns the outcomes, the per-deal weights and a :class:`Sampling`.  Same seed, same chunks,
    same answer, whatever the number of solver threads.
    """
    if target_se is not None and not target_se > 0:
        raise DecisionInputError(f"target standard error must be positive, got {target_se!r}")
    parts: dict[str, list[Outcome]] = {}
    weights: list[np.ndarray] = []
    drawn = 0
    pool_inv = 0.0  # sum over chunks of (weight in the chunk)^2 / pool ESS
    planned = chunk_sizes(samples)
    i = 0
    eff = 0.0
    if progress is not None:
        progress(0, samples)  # drawn at once: a chunk can take seconds (the dealer's discards, a cold start)
    while True:
        size = planned[i] if i < len(planned) else min(CHUNK, max(8, math.ceil(1.25 * (samples - eff))))
        size = min(size, MAX_PLAYED_FACTOR * samples - sum(len(x) for x in weights))   # never past the cap
        try:
            outs, w, (d, pool_ess) = chunk_fn(chunk_rng(seed, i), size)
        except (InconsistentDealError, SolveInputError) as exc:  # deals built here, refused below: a bug
            raise RuntimeError(f"the play of the sampled deals refused them: {exc}") from exc
        for a, o in outs.items():
            parts.setdefault(a, []).append(o)
        weights.append(w)
        drawn += d
        pool_inv += float(w.sum()) ** 2 / pool_ess
        i += 1
        ww = np.concatenate(weights)
        tot = float(ww.sum())
        pool_total = tot * tot / pool_inv if pool_inv > 0 else math.inf
        ess_counts = effective_sample_size(ww)
        eff = 1.0 / (1.0 / ess_counts + 1.0 / pool_total)
        scale = math.sqrt(1.0 + ess_counts / pool_total)
        if progress is not None:
            progress(min(int(eff), samples), samples)
        if target_se is not None and i >= 2:
            worst = max(weighted_mean_se(np.concatenate([p.value for p in ps]), ww)[1]
                        for ps in parts.values()) * scale
            if worst <= target_se:
                break
        if i >= len(planned) and eff >= samples - 1e-9:
            break
        if len(ww) >= MAX_PLAYED_FACTOR * samples:
            break
    short = eff < samples - 1e-9 and (target_se is None or i >= len(planned))
    info = Sampling(len(ww), eff, drawn, scale, samples, bool(short and target_se is None))
    return {a: Outcome.concat(ps) for a, ps in parts.items()}, ww, info


def _weakest_first(cards: list[int], trump: int) -> list[int]:
    """The dealer's candidate discards from the weakest (off-suit low cards) to the strongest (the
    bowers): on common random numbers several discards often do exactly as well on every deal, and
    the first of them is the one named (no player would bury a bower when a nine does as well)."""
    return sorted(cards, key=lambda c: (int(POWER[trump, c]), c))


def _pick_discards(outcomes: dict[str, Outcome], w: np.ndarray) -> tuple[dict, dict]:
    """Collapse ``"order|Tc"``-style candidate keys into one option with its best discard."""
    merged: dict[str, Outcome] = {}
    extras: dict[str, dict] = {}
    best: dict[str, tuple[float, str]] = {}
    for key, o in outcomes.items():
        if "|" not in key:
            merged[key] = o
            continue
        action, card = key.split("|")
        mu, _ = weighted_mean_se(o.value, w)
        if action not in best or mu > best[action][0]:
            best[action] = (mu, card)
            merged[action] = o
            extras[action] = {"discard": card}
    return merged, extras


def _hand_setup(hand, rules: Rules, size: int | None = None) -> tuple[list[int], int]:
    cards = parse_cards(hand, rules.deck_obj, size=rules.hand_size if size is None else size)
    return cards, cards_to_mask(cards)


def _kitty_size(rules: Rules) -> int:
    return rules.deck_obj.size - 4 * rules.hand_size


def _round_knowledge(rules: Rules, asker: int, hmask: int, up: int) -> Knowledge:
    k = Knowledge(rules.deck_obj.mask)
    k.need = [rules.hand_size] * 4 + [_kitty_size(rules) - 1]
    k.need[asker] = 0
    k.known[asker] = hmask
    k.known[KITTY] = 1 << up
    return k


def dealer_for(k: Knowledge) -> Dealer:
    """The constrained dealer of ``k``, an impossible knowledge a :class:`DecisionInputError`."""
    try:
        return Dealer(k)
    except InconsistentDealError as exc:  # any other error is a bug, not the input's
        raise DecisionInputError(str(exc)) from None


def _upcard(text, rules: Rules, hmask: int, what: str = "upcard", joker_ok: bool = False) -> int:
    up = text if isinstance(text, int) else parse_card(text, rules.deck_obj)
    if (hmask >> up) & 1:
        raise DecisionInputError(f"the {what} {card_name(up)!r} is also in the hand")
    if up == JOKER and not joker_ok:
        if joker_up_names_trump(rules):
            raise DecisionInputError(
                "the Joker is the upcard: there is no bidding, the dealer named trump before looking, the "
                "dealer's side are makers and only the dealer decides (the discard and going alone: ask "
                "`order` from the dealer's seat)")
        raise DecisionInputError("the Joker is the upcard: under these rules the hand is thrown in")
    return up


def _rest_declares(auction: Auction, c: Contracts, passed: np.ndarray, round_one: bool, rng) -> Contracts:
    """After the asker's own call without going alone: under British timing its partner may still
    declare alone before the lead, then defenders may go alone; both by the bidding model."""
    n = len(c.maker)
    if not c.alone.all():
        c.maker, c.alone, c.caller = auction.declare_alone(c.hands, c.trump, c.maker, c.alone, passed,
                                                           np.full(n, round_one), rng, roles=(2,))
    c.def_alone = auction.defender_alone(c.hands, c.trump, c.maker, c.alone, passed, rng)
    return c


def _contracts(hands, trump, maker, alone, def_alone=None) -> Contracts:
    n = hands.shape[0]
    full = lambda v, dt: np.full(n, v, dtype=dt) if np.ndim(v) == 0 else np.asarray(v, dtype=dt)  # noqa
    return Contracts(hands, full(trump, np.int64), full(maker, np.int64), full(alone, bool),
                     full(-1 if def_alone is None else def_alone, np.int64))


def _zero_outcome(n: int) -> Outcome:
    z = np.zeros(n, dtype=bool)
    return Outcome(np.zeros(n), z, z, z, np.full(n, -1))


def _check_models(model: str, pass_model: str | None):
    if model not in PLAY_MODELS:
        raise DecisionInputError(f"unknown play model {model!r}: expected one of {', '.join(PLAY_MODELS)}")
    if pass_model is not None and pass_model not in PASS_MODELS:
        raise DecisionInputError(
            f"unknown pass model {pass_model!r}: expected one of {', '.join(PASS_MODELS)}")


def _pass_outcome(pass_model, auction: Auction, hands, start_round, start_seat, rng, ev: Evaluator,
                  rules: Rules, asker: int, bidding: BiddingModel, workers) -> Outcome:
    n = hands.shape[0]
    if pass_model == "zero":
        return _zero_outcome(n)
    if pass_model == "dd":
        from ..bidding.ddbids import DDAuction

        c = DDAuction(rules, bidding, auction.upcard, workers, suit=auction.up_suit).finish(hands, start_round,
                                                                                           start_seat, rng)
    else:
        c = auction.finish(hands, start_round, start_seat, rng)
    return ev.play(c, rng)


def round_one_outcomes(rules: Rules, auction: Auction, ev: Evaluator, hands: np.ndarray, up: int, asker: int,
                       rng, *, pass_model: str, bidding: BiddingModel, workers,
                       may_order: bool, may_alone: bool, discards) -> dict[str, Outcome]:
    """Round one on sampled ``hands`` (already conditioned on the auction): the outcome of pass,
    order and order alone.

    ``discards`` are the dealer's candidates (when the asker is the dealer): pairs
    ``(key, card per row)``, evaluated as options ``"order|key"`` / ``"order alone|key"``
    for :func:`_pick_discards`.  Shared by :func:`order_decision` and the strategy tables.
    The suit on offer is ``auction.up_suit`` (the upcard's, or the Almonte naming).  Under British
    timing "order alone" means ordering and then declaring alone before the lead.
    """
    n = hands.shape[0]
    up_suit = auction.up_suit
    outs: dict[str, Outcome] = {}
    outs["pass"] = _pass_outcome(pass_model, auction, hands, 1, asker + 1, rng, ev, rules, asker, bidding,
                                 workers)
    passed = np.zeros((n, 4), dtype=bool)
    passed[:, :asker] = True
    for action, alone, allowed in (("order", False, may_order), ("order alone", True, may_alone)):
        if not allowed:
            continue
        if asker == DEALER:
            # every discard on the same deals, the others' declarations and the play on common random numbers
            decl = int(rng.integers(2**62))
            cs = []
            for key, card in discards:
                h = hands.copy()
                h[:, DEALER] = (h[:, DEALER] | np.uint64(1 << up)) & ~(np.uint64(1) << card.astype(np.uint64))
                c = _contracts(h, up_suit, asker, alone)
                c.up_known = np.full(n, up)
                c.discard = card.astype(np.int64)
                cs.append(_rest_declares(auction, c, passed, True, np.random.default_rng(decl)))
            for (key, _), o in zip(discards, ev.play_options(cs, rng)):
                outs[f"{action}|{key}"] = o
            continue
        h = hands.copy()
        picks_up = bool(dealer_picks_up(rules, asker, alone))  # not behind a lone partner: the dealer sits out
        if picks_up:
            h[:, DEALER] = _dealer_pickup(h[:, DEALER], up, rules, np.ones(n, dtype=bool), up_suit,
                                          auction.models[DEALER])
        c = _contracts(h, up_suit, asker, alone)
        if picks_up:
            c.up_known = np.full(n, up)
            c.discard = discards_of(hands[:, DEALER], h[:, DEALER], up, np.ones(n, dtype=bool))
        outs[action] = ev.play(_rest_declares(auction, c, passed, True, rng), rng)
    return outs


#: the suit the dealer names over a Joker upcard when the question does not say (British blind naming):
#: before looking at the hand every suit is as good as another, so the choice is a convention
BLIND_NAMING_DEFAULT = 3  # spades


def order_decision(hand, upcard, seat, rules: Rules = NORTH_AMERICAN, *, samples: int = 10000,
                   target_se: float | None = None, seed: int | None = None, model: str = DEFAULT_PLAY_MODEL,
                   pass_model: str = "hand", infer: bool = True, workers: int | None = None,
                   bidding: BiddingModel | None = None, progress=None, named=None, score=None) -> Decision:
    """Round one from any seat: pass, order up (pick up, for the dealer) and order up alone.

    Parameters
    ----------
    hand, upcard : cards as text (``"Jh Jd Ah 9s Tc"``, ``"9h"``) or ints
    seat : ``eldest|partner|third|dealer`` or ``1-4`` counted from the dealer's left
    rules : the table's :class:`~euchre_stats.rules.Rules`
    samples : number of sampled deals (the cap, with ``target_se``)
    target_se : stop early once every option's standard error is at most this
    seed : base seed (random when ``None``; the one used is in the result)
    model : play model, ``"dd"`` or ``"pimc"``
    pass_model : how a pass is valued: ``"hand"`` (bidding model), ``"zero"`` or ``"dd"``
    infer : weight deals by how likely the passes before the asker are
    workers : solver threads (results do not depend on it)
    score : ``"US-THEM"`` (e.g. ``"9-8"``): also each option's chance of winning the game, and the
        recommendation by that chance (the game target and win-by-two come from ``rules``)
    named : with the Joker turned up, the suit the dealer named before looking (``"h"``...):
        under British blind naming the dealer's question is then only the discard and going
        alone (default :data:`BLIND_NAMING_DEFAULT`, any suit being as good before looking);
        under Almonte round one is on that suit (required)
    """
    rules = Rules.from_json(rules)
    _check_models(model, pass_model)
    asker = parse_seat(seat)
    cards, hmask = _hand_setup(hand, rules)
    almonte = rules.joker_upcard == "almonte"
    up = _upcard(upcard, rules, hmask, joker_ok=joker_up_names_trump(rules) and (asker == DEALER or almonte))
    seed = resolve_seed(seed)
    game = game_state(rules, score, asker, model, bidding)
    suit = None
    if named is not None and up != JOKER:
        raise DecisionInputError(f"--named {named!r} is for a Joker upcard; the upcard {card_name(up)!r} "
                                 "names its own suit")
    if up == JOKER:
        suit = BLIND_NAMING_DEFAULT if named is None else (named if isinstance(named, int) else parse_suit(named))
        if not almonte:
            return _joker_up_decision(cards, hmask, rules, suit, samples, target_se, seed, model, workers,
                                      bidding, progress, game)
        if named is None:
            raise DecisionInputError("the Joker is the upcard under Almonte: the dealer names the suit of "
                                     "round one first; give it with named (--named h)")
    bidding = bidding or default_model()
    auction = Auction(rules, bidding, up, suit)
    dealer = Dealer(_round_knowledge(rules, asker, hmask, up))
    ev = Evaluator(rules, model, asker, workers)

    may_alone = bool(may_take_up(rules, asker, hmask, auction.up_suit))
    may_order = may_alone and not order_must_go_alone(rules, asker)
    dealer_discards = []
    if asker == DEALER:
        dealer_discards = _weakest_first([c for c in cards + [up] if may_discard(rules, c, up)], auction.up_suit)

    def play(rng, hands):
        n = len(hands)
        discards = [(card_name(d), np.full(n, d)) for d in dealer_discards]
        return round_one_outcomes(rules, auction, ev, hands, up, asker, rng,
                                  pass_model=pass_model, bidding=bidding, workers=workers,
                                  may_order=may_order, may_alone=may_alone, discards=discards)

    like = (lambda hands: round_one_likelihood(auction, hands, asker)) if infer and asker > 0 else None
    chunk = _sampled(lambda rng, m: dealer.sample(m, rng)[:, :4].copy(), like, play)
    outcomes, w, info = _drive(seed, samples, target_se, chunk, progress)
    outcomes, extras = _pick_discards(outcomes, w)
    options, diffs, rec, close = _summarise(outcomes, w, rules.hand_size, extras, game, _limit(rules), info,
                                            option_ranges(rules, outcomes, asker, round_one=True))
    inputs = {"hand": " ".join(card_name(c) for c in cards), "upcard": card_name(up),
              "seat": SEAT_NAMES[asker]}
    if suit is not None:
        inputs["named"] = "cdhs"[suit]
    _game_inputs(inputs, game)
    return Decision("order", inputs, rules, seed, info.played, model, options, diffs, rec, close, pass_model,
                    infer, info.effective, target_se=target_se, sampling=info)


def _joker_up_decision(cards, hmask, rules, suit, samples, target_se, seed, model, workers, bidding,
                       progress, game=None) -> Decision:
    """The Joker turned up under British rules: the dealer named ``suit`` trump before looking at
    the hand; now, having seen it, the dealer discards and decides whether to go alone.

    Options are playing with the partner or alone, each with the discard that does best over the
    sampled deals.  Under British timing the partner may still declare alone (bidding model)
    when the dealer does not, and the defenders may then defend alone.
    """
    bidding = bidding or default_model()
    auction = Auction(rules, bidding, JOKER, suit)
    dealer = Dealer(_round_knowledge(rules, DEALER, hmask, JOKER))
    ev = Evaluator(rules, model, DEALER, workers)
    six = cards + [JOKER]
    discards = _weakest_first([c for c in six if may_discard(rules, c, JOKER)], suit)

    def play(rng, hands):
        n = len(hands)
        passed = np.zeros((n, 4), dtype=bool)
        outs: dict[str, Outcome] = {}
        for alone in (False, True):
            decl = int(rng.integers(2**62))  # every discard on common random numbers (see play_options)
            cs = []
            for d in discards:
                h = hands.copy()
                h[:, DEALER] = np.uint64(cards_to_mask(six) & ~(1 << d))
                c = _contracts(h, suit, DEALER, alone)
                c.up_known = np.full(n, JOKER)
                c.discard = np.full(n, d)
                cs.append(_rest_declares(auction, c, passed, True, np.random.default_rng(decl)))
            for d, o in zip(discards, ev.play_options(cs, rng)):
                outs[f"{'alone' if alone else 'with partner'}|{card_name(d)}"] = o
        return outs

    chunk = _uniform(lambda rng, m: dealer.sample(m, rng)[:, :4].copy(), play)
    outcomes, w, info = _drive(seed, samples, target_se, chunk, progress)
    outcomes, extras = _pick_discards(outcomes, w)
    options, diffs, rec, close = _summarise(outcomes, w, rules.hand_size, extras, game, _limit(rules), info,
                                            option_ranges(rules, outcomes, DEALER, round_one=True))
    inputs = {"hand": " ".join(card_name(c) for c in cards), "upcard": "Jk", "seat": "dealer",
              "named": "cdhs"[suit]}
    _game_inputs(inputs, game)
    return Decision("order", inputs, rules, seed, info.played, model, options, diffs, rec, close, None, False,
                    info.effective, target_se=target_se, sampling=info)


def contract_trump(trump, rules: Rules) -> int:
    """The trump of a contract already made: a suit, or no trump (``n``, 4) under ``no_trump`` (a
    round-two call).  Without the option a wrong word gets the suits' message and ``n`` the option's."""
    if isinstance(trump, int):
        t = trump
    elif rules.no_trump or str(trump).strip().lower() in NO_TRUMP_WORDS:
        t = parse_trump(trump)
    else:
        t = parse_suit(trump)
    if t == NO_TRUMP and not may_call_no_trump(rules, 2):
        raise DecisionInputError("trump 'n' (no trump) needs rules with no_trump (--no-trump)")
    return t


def round_two_outcomes(rules: Rules, auction: Auction, ev: Evaluator, hands: np.ndarray, asker: int, rng, *,
                       pass_model: str, bidding: BiddingModel, workers, suits) -> dict[str, Outcome]:
    """Round two on sampled ``hands`` (already conditioned on the auction): pass (unless stuck) and
    each of ``suits`` (pairs ``(suit, action name)``) with and without going alone.

    Everyone passed in round one and the seats before the asker passed in round
    two.  Shared by :func:`call_decision` and the strategy tables.
    """
    n = hands.shape[0]
    outs: dict[str, Outcome] = {}
    if may_pass(rules, asker, 2):
        if asker == DEALER:
            outs["pass"] = _zero_outcome(n)  # turned down twice: thrown in
        else:
            outs["pass"] = _pass_outcome(pass_model, auction, hands, 2, asker + 1, rng, ev, rules, asker,
                                         bidding, workers)
    passed = np.zeros((n, 4), dtype=bool)
    passed[:, :asker] = True
    for t, name in suits:
        for alone in (False, True):
            c = _contracts(hands, t, asker, alone)
            outs[name + (" alone" if alone else "")] = ev.play(_rest_declares(auction, c, passed, False, rng), rng)
    return outs


def call_decision(hand, turned_down, seat, rules: Rules = NORTH_AMERICAN, *, samples: int = 10000,
                  target_se: float | None = None, seed: int | None = None, model: str = DEFAULT_PLAY_MODEL,
                  pass_model: str = "hand", infer: bool = True, workers: int | None = None,
                  bidding: BiddingModel | None = None, progress=None, named=None, score=None) -> Decision:
    """Round two: name each allowed suit (and no trump, ``n``, under ``no_trump``), with and without
    going alone, or pass (unless stuck).

    Everyone passed in round one and ``turned_down`` was turned down; the seats
    before the asker have passed in round two.  Parameters as :func:`order_decision`; ``named``
    is the suit of round one when the Joker was turned up under Almonte.
    """
    rules = Rules.from_json(rules)
    _check_models(model, pass_model)
    asker = parse_seat(seat)
    cards, hmask = _hand_setup(hand, rules)
    almonte = rules.joker_upcard == "almonte"
    up = _upcard(turned_down, rules, hmask, "turned-down card", joker_ok=almonte)
    if up == JOKER and named is None:
        raise DecisionInputError("the Joker was turned up under Almonte: give the suit of round one with "
                                 "named (--named h)")
    if named is not None and up != JOKER:
        raise DecisionInputError(f"--named {named!r} is for a Joker upcard; the turned-down card "
                                 f"{card_name(up)!r} names its own suit")
    up_suit = up >> 3 if up != JOKER else (named if isinstance(named, int) else parse_suit(named))
    seed = resolve_seed(seed)
    game = game_state(rules, score, asker, model, bidding)
    bidding = bidding or default_model()
    auction = Auction(rules, bidding, up, up_suit)
    dealer = Dealer(_round_knowledge(rules, asker, hmask, up))
    ev = Evaluator(rules, model, asker, workers)
    suits = [(t, "cdhs"[t]) for t in (3, 2, 1, 0) if t != up_suit]
    if may_call_no_trump(rules, 2):
        suits.append((NO_TRUMP, "n"))

    def play(rng, hands):
        return round_two_outcomes(rules, auction, ev, hands, asker, rng, pass_model=pass_model,
                                  bidding=bidding, workers=workers, suits=suits)

    like = (lambda hands: round_two_likelihood(auction, hands, asker)) if infer else None
    chunk = _sampled(lambda rng, m: dealer.sample(m, rng)[:, :4].copy(), like, play)
    outcomes, w, info = _drive(seed, samples, target_se, chunk, progress)
    options, diffs, rec, close = _summarise(outcomes, w, rules.hand_size, game=game, limit=_limit(rules),
                                            sampling=info,
                                            ranges=option_ranges(rules, outcomes, asker, round_one=False))
    inputs = {"hand": " ".join(card_name(c) for c in cards), "turned_down": card_name(up),
              "seat": SEAT_NAMES[asker]}
    if up == JOKER:
        inputs["named"] = "cdhs"[up_suit]
    _game_inputs(inputs, game)
    return Decision("call", inputs, rules, seed, info.played, model, options, diffs, rec, close, pass_model,
                    infer, info.effective, target_se=target_se, sampling=info)


def discard_decision(hand, upcard, rules: Rules = NORTH_AMERICAN, *, maker="dealer", alone: bool = False,
                     samples: int = 10000, target_se: float | None = None, seed: int | None = None,
                     model: str = DEFAULT_PLAY_MODEL, infer: bool = True, workers: int | None = None,
                     bidding: BiddingModel | None = None, progress=None, score=None) -> Decision:
    """The dealer holding six cards (the upcard among them): the value of each discard.

    ``maker`` is the seat that ordered the dealer up (the dealer itself by
    default); ``alone`` when that seat went alone.
    """
    rules = Rules.from_json(rules)
    _check_models(model, None)
    m = parse_seat(maker)
    cards, hmask = _hand_setup(hand, rules, size=rules.hand_size + 1)
    up = upcard if isinstance(upcard, int) else parse_card(upcard, rules.deck_obj)
    if not (hmask >> up) & 1:
        raise DecisionInputError(
            f"the upcard {card_name(up)!r} must be among the dealer's {rules.hand_size + 1} cards")
    if up == JOKER:
        raise DecisionInputError("with the Joker up the dealer names trump: pass it with --trump (not "
                                 "supported by discard yet); name a suited upcard")
    if alone and m == 1:
        raise DecisionInputError("the dealer's partner went alone: the dealer sits out and does not discard")
    up_suit = up >> 3
    seed = resolve_seed(seed)
    game = game_state(rules, score, DEALER, model, bidding)
    bidding = bidding or default_model()
    auction = Auction(rules, bidding, up)
    k = Knowledge(rules.deck_obj.mask)
    k.need = [rules.hand_size] * 3 + [0, _kitty_size(rules) - 1]
    k.known[DEALER] = hmask
    dealer = Dealer(k)
    ev = Evaluator(rules, model, DEALER, workers)
    choices = _weakest_first([c for c in cards if may_discard(rules, c, up)], up_suit)
    before = range(m) if m != DEALER else range(3)

    def likelihood(hands):
        w = np.ones(len(hands))
        for s in before:
            w *= 1.0 - auction.p_round_one(hands, s)[0]
        if m != DEALER:  # the maker ordered the dealer up (alone or not, as the question says)
            p, pa = auction.p_round_one(hands, m)
            if alone_with_the_call(rules) and not order_must_go_alone(rules, m):
                p = p * (pa if alone else 1.0 - pa)
            w *= p
        return w

    defends = (m & 1) != (DEALER & 1)

    def play(rng, hands):
        n = len(hands)
        passed = np.zeros((n, 4), dtype=bool)
        passed[:, list(before)] = True
        decl = int(rng.integers(2**62))  # every discard on common random numbers (see play_options)
        cs = []
        for d in choices:
            h = hands.copy()
            h[:, DEALER] = np.uint64(hmask & ~(1 << d))
            c = _contracts(h, up_suit, m, alone)
            c.up_known = np.full(n, up)
            c.discard = np.full(n, d)
            c.def_alone = auction.defender_alone(h, c.trump, c.maker, c.alone, passed, np.random.default_rng(decl))
            cs.append(c)
        outs = ev.play_options(cs, rng)
        if defends:  # P(make), P(march), P(euchred) are the makers' chances, whoever asks
            outs = [_makers_chances(rules, c, o) for c, o in zip(cs, outs)]
        return {card_name(d): o for d, o in zip(choices, outs)}

    chunk = _sampled(lambda rng, k: dealer.sample(k, rng)[:, :4].copy(), likelihood if infer else None, play)
    outcomes, w, info = _drive(seed, samples, target_se, chunk, progress)
    options, diffs, rec, close = _summarise(outcomes, w, rules.hand_size, game=game, limit=_limit(rules),
                                            sampling=info, ranges=contract_ranges(rules, outcomes, DEALER, m, alone))
    inputs = {"hand": " ".join(card_name(c) for c in cards), "upcard": card_name(up),
              "maker": SEAT_NAMES[m], "alone": alone, "side": "defenders" if defends else "makers"}
    _game_inputs(inputs, game)
    return Decision("discard", inputs, rules, seed, info.played, model, options, diffs, rec, close, None,
                    infer, info.effective, target_se=target_se, sampling=info)


def _makers_chances(rules: Rules, c: Contracts, o: Outcome) -> Outcome:
    """``o`` with P(make), P(march), P(euchred) as the makers' chances (the asker defends: ``o`` has
    them for the asker's side, which did not make trump)."""
    maker_tricks = np.where(c.maker >= 0, rules.hand_size - o.our_tricks, -1)
    mp, dp = hand_points_array(rules, np.maximum(maker_tricks, 0), c.alone, c.def_alone >= 0)
    live = c.maker >= 0
    return dataclasses.replace(o, our_make=live & (mp > 0), our_march=live & (maker_tricks == rules.hand_size),
                               our_euchred=live & (dp > 0))


def replay_tricks(rules: Rules, trump: int, first_leader_seat: int, active: list[bool],
                  tricks: list[list[int]], own_seat: int, own_hand: int):
    """Replay earlier tricks: who played what, voids shown, tricks won by side, and the next leader.

    The asking player's own plays are checked against their hand (they must
    have followed suit); the others' failures to follow reveal voids.
    """
    n_active = sum(active)
    orders, leader = [], first_leader_seat
    for t_i, trick in enumerate(tricks):
        order, s = [], leader
        while len(order) < n_active:
            if active[s]:
                order.append(s)
            s = (s + 1) & 3
        if len(trick) != n_active:
            raise DecisionInputError(
                f"trick {t_i + 1} ({' '.join(card_name(c) for c in trick)}) has {len(trick)} "
                f"card{'s' if len(trick) != 1 else ''}; "
                f"{n_active} players play to each trick")
        orders.append(order)
        leader = order[trick_winner_index(trick, trump)]
    own_cards = [dict(zip(order, trick)).get(own_seat) for order, trick in zip(orders, tricks)]
    played_by = [0] * 4
    voids = [0] * 5
    won = [0, 0]
    for t_i, (order, trick) in enumerate(zip(orders, tricks)):
        led = int(EFF_SUIT[trump, trick[0]])
        held = own_hand
        for c in own_cards[t_i:]:
            if c is not None:
                held |= 1 << c
        for seat, card in zip(order, trick):
            played_by[seat] |= 1 << card
            if int(EFF_SUIT[trump, card]) == led:
                continue
            if seat == own_seat and held & int(SUIT_MASK[trump, led]):
                raise DecisionInputError(
                    f"in trick {t_i + 1} you played {card_name(card)!r} without following the led "
                    f"suit, which your hand held")
            voids[seat] |= 1 << led
        won[order[trick_winner_index(trick, trump)] & 1] += 1
    return played_by, voids, won, leader


def lead_decision(hand, trump, maker, seat, rules: Rules = NORTH_AMERICAN, *, tricks=(), up=None,
                  alone: bool = False, defender_alone=None, discard=None, samples: int = 10000,
                  target_se: float | None = None, seed: int | None = None, model: str = DEFAULT_PLAY_MODEL,
                  workers: int | None = None, progress=None, pimc_worlds: int = 24, infer: bool = True,
                  bidding: BiddingModel | None = None, score=None) -> Decision:
    """The player on lead: expected points for their side (expected tricks beside them), and the
    makers' P(make), P(march) and P(euchred), for each legal card.

    Parameters
    ----------
    hand : the cards the leader holds now
    trump : the trump suit (``"h"``), or ``"n"`` for no trump (rules with ``no_trump``: made in round two)
    maker : seat that fixed trump (``eldest|partner|third|dealer`` or 1-4)
    seat : the leader's seat
    tricks : earlier tricks, each a string of its cards in play order from its leader
    up : the upcard: of the trump suit, the dealer took it up in round one (it is then known to be in
        the dealer's hand until played; a dealer sitting out behind a lone partner leaves it on the
        kitty); of another suit, it was turned down and trump named in round two
    infer : weight the deals by the auction the upcard implies (the passes before the maker, the
        maker's call and its round) under the bidding model; with no upcard given there is none
    alone : the maker went alone; ``defender_alone`` : seat of a lone defender
    discard : the dealer's discard, when the leader is the dealer and remembers it
    """
    rules = Rules.from_json(rules)
    _check_models(model, None)
    deck = rules.deck_obj
    t = contract_trump(trump, rules)
    m = parse_seat(maker)
    asker = parse_seat(seat)
    da = None if defender_alone in (None, "") else parse_seat(defender_alone)
    if da is not None:
        why = why_no_defend_alone(rules, da, m, alone, False)
        if why is not None:
            raise DecisionInputError(f"seat {SEAT_NAMES[da]!r} cannot defend alone: {why}")
    out = sitting_out(m if alone else None, da)
    active = [not (out >> s) & 1 for s in range(4)]
    if not active[asker]:
        raise DecisionInputError(f"seat {SEAT_NAMES[asker]!r} sits out this hand and cannot lead")
    trick_cards = [parse_cards(x, deck) for x in tricks]
    played = [c for tr in trick_cards for c in tr]
    if len(set(played)) != len(played):
        dup = next(c for c in played if played.count(c) > 1)
        raise DecisionInputError(f"card {card_name(dup)!r} is played twice in the tricks given")
    k_done = len(trick_cards)
    left = rules.hand_size - k_done
    if left < 1:
        raise DecisionInputError(f"{k_done} trick{'' if k_done == 1 else 's'} given: no trick is left to lead to")
    cards, hmask = _hand_setup(hand, rules, size=left)
    for c in played:
        if (hmask >> c) & 1:
            raise DecisionInputError(f"card {card_name(c)!r} is both in the hand and already played")
    leader0 = first_leader(rules, DEALER, m if alone else None, da)
    played_by, voids, won, leader = replay_tricks(rules, t, leader0, active, trick_cards, asker, hmask)
    if leader != asker:
        raise DecisionInputError(
            f"after the tricks given it is {SEAT_NAMES[leader]}'s lead, not {SEAT_NAMES[asker]}'s")
    upc = None
    if up is not None:
        upc = up if isinstance(up, int) else parse_card(up, deck)
        if upc == JOKER:
            raise DecisionInputError("a Joker upcard: give the hand's trump and leave out --up (the dealer "
                                     "took the Joker)")
    round_one = upc is not None and upc >> 3 == t
    # behind a lone partner the dealer sits out and leaves the upcard on the kitty, as a card turned down
    taken = round_one and active[DEALER]
    k = Knowledge(deck.mask, trump=t)
    k.gone = cards_to_mask(played)
    k.known[asker] = hmask
    k.need = [left if active[s] else rules.hand_size for s in range(4)] + [_kitty_size(rules)]
    k.need[asker] = 0
    k.voids = [voids[s] if active[s] else 0 for s in range(4)] + [0]
    if upc is not None and not taken:  # turned down (or left by a dealer sitting out): it lies on the kitty
        if (hmask >> upc) & 1 or (k.gone >> upc) & 1:
            what = "turned-down card" if not round_one else "upcard (the dealer sits out and left it)"
            raise DecisionInputError(f"the {what} {card_name(upc)!r} is on the kitty but is "
                                     "also in the hand or played")
        k.place(KITTY, upc)
    if taken and not (played_by[DEALER] >> upc) & 1 and asker != DEALER:
        if (hmask >> upc) & 1 or (k.gone >> upc) & 1:
            raise DecisionInputError(f"the upcard {card_name(upc)!r} was taken by the dealer but is "
                                     "elsewhere")
        k.place(DEALER, upc)
    dc = -1 if discard is None else discard if isinstance(discard, int) else parse_card(discard, deck)
    if taken and asker == DEALER and not ((hmask | played_by[DEALER]) >> upc) & 1:
        if not may_discard(rules, upc, upc):
            raise DecisionInputError(f"you are the dealer and took up {card_name(upc)!r}: it must be in "
                                     "your hand or among your plays (the rules do not let you discard it)")
        if discard is None:  # nowhere else: you discarded it
            discard = dc = upc
        elif dc != upc:
            raise DecisionInputError(f"you are the dealer and took up {card_name(upc)!r}: it must be in "
                                     f"your hand, among your plays or your discard (not {card_name(dc)!r})")
    if discard is not None:
        if asker != DEALER:
            raise DecisionInputError("only the dealer knows the discard")
        k.place(KITTY, dc)
    dealer = dealer_for(k)
    seed = resolve_seed(seed)
    game = game_state(rules, score, asker, model, bidding)
    up_in_dealer = upc if round_one and (k.known[DEALER] >> upc) & 1 else -1
    auction = None
    if infer and upc is not None:
        auction = Auction(rules, bidding or default_model(), upc)
    out_mask = sum(1 << s for s in range(4) if not active[s])
    legal = cards  # any card may be led
    maker_side = m & 1
    ours = asker & 1
    prior_ours = won[ours]
    hs = rules.hand_size

    def likelihood(hands):  # the hands as they were in the bidding: now plus what each seat played
        dealt = hands | np.array(played_by, dtype=np.uint64)[None, :]
        return auction_weights(auction, dealt, m, t, round_one, upc, asker)

    def play(rng, hands):
        n = len(hands)
        if out_mask:  # a seat sitting out keeps its dealt cards (the auction reads them) but plays none
            hands = hands.copy()
            hands[:, [s for s in range(4) if not active[s]]] = 0
        if model == "dd":
            from ..solver import card_values_many

            vals = card_values_many(hands, np.full(n, t), np.full(n, asker), np.full(n, out_mask, np.uint8),
                                    threads=workers)
        else:
            from ..play.realistic import lead_values_realistic

            vals, _ = lead_values_realistic(rules, hands, t, asker, out_mask, m, alone, -1 if da is None else da,
                                            seed=int(rng.integers(2**62)), worlds=pimc_worlds, threads=workers,
                                            voids=voids[:4], gone=k.gone, up_known=up_in_dealer, won=won[0],
                                            cards=legal, discard=np.full(n, dc))
        outs = {}
        for c in legal:
            our_total = prior_ours + vals[:, c].astype(np.int64)
            maker_tricks = our_total if maker_side == ours else hs - our_total
            mp, dp = hand_points_array(rules, maker_tricks, alone, da is not None)
            value = (mp - dp) if maker_side == ours else (dp - mp)
            # P(make), P(march), P(euchred) are the makers' chances, whoever asks
            outs[card_name(c)] = Outcome(value.astype(np.float64), mp > 0, maker_tricks == hs, dp > 0, our_total,
                                         our_total.astype(np.float64))
        return outs

    chunk = _sampled(lambda rng, k: dealer.sample(k, rng)[:, :4].copy(),
                     likelihood if auction is not None else None, play)
    outcomes, w, info = _drive(seed, samples, target_se, chunk, progress)
    options, diffs, rec, close = _summarise(outcomes, w, hs, game=game, limit=_limit(rules), sampling=info,
                                            ranges=contract_ranges(rules, outcomes, asker, m, alone, da, settled=True))
    for o in options:  # expected tricks beside the points
        o.extra["ev_tricks"] = o.extra.pop("ev_points")
        o.extra["ev_tricks_ci"] = o.extra.pop("ev_points_ci")
    inputs = {"hand": " ".join(card_name(c) for c in cards), "trump": trump_letter(t), "maker": SEAT_NAMES[m],
              "seat": SEAT_NAMES[asker], "alone": alone,
              "tricks": [" ".join(card_name(c) for c in tr) for tr in trick_cards],
              "up": card_name(upc) if upc is not None else None,
              "side": "makers" if maker_side == ours else "defenders"}
    _game_inputs(inputs, game)
    return Decision("lead", inputs, rules, seed, info.played, model, options, diffs, rec, close, None,
                    auction is not None, info.effective, target_se=target_se, sampling=info)

