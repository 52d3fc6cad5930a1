"""A decision's result: its options (value, interval, chances), the recommendation, and every form
it is shown in (text table, JSON, CSV/DataFrame, chart), for every question and table size.

Computes nothing; :mod:`.summary` turns sampled outcomes into the :class:`OptionResult` rows.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.errors import DecisionInputError
from ..core.stats import MIN_EFFECTIVE_SAMPLES
from ..output.results import ResultView, action_label, inputs_text, recommendation_text, text_table
from ..rules import Rules
from .driver import Sampling

# --- results --------------------------------------------------------------------------------
#: what each play model and pass model means, as the text form says it
MODEL_WORDS = {"dd": "double-dummy play (every card seen: flatters the side that can see more)",
               "pimc": "realistic play (each player samples worlds from their own information)",
               "realistic-v3": "realistic play as the player realistic-v3 (worlds weighted by the auction; "
                               "defenders cash a sure winner on lead against the makers)",
               "realistic-v4": "realistic play as the player realistic-v4 (realistic-v3, a defender against a "
                               "lone maker deciding on 8 times the worlds)"}
PASS_WORDS = {"hand": "the hand-strength bidding model (hard decisions in play; soft only to infer hands)",
              "zero": "zero (a pass scores 0)",
              "dd": "double-dummy bidders on their own sampled deals",
              "point-count": "the state machine's point-count bidder (every later bid, yours too; the smaller games)"}
#: what a value counts, by :attr:`Decision.value_unit`
UNIT_WORDS = {"tricks": "tricks", "points": "points (ours minus theirs)",
              "points_vs_others": "points (mine minus the mean of the other two players'; a euchre's 2 points "
                                  "split evenly between the defenders, who play as a coalition)"}
#: the columns of :meth:`Decision.to_frame` (``discard``, ``ev_points``, ``ev_tricks``, ``p_win``, ``p_thrown_in``
#: follow when an option has them; an option's ``tricks`` are of the hands played: with ``p_thrown_in``
#: they sum to 1 - p_thrown_in)
FRAME_COLUMNS = ("action", "ev", "ci_low", "ci_high", "p_make", "p_march", "p_euchred", "n")


def others_words(name: str) -> str:
    """What the population ``name`` of ``--others`` is, in words (a model file: its path)."""
    from ..bidding.model import POLICY_WORDS

    return POLICY_WORDS.get(name, f"the bidding model in {name}")


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
        for key in ("discard", "ev_points", "ev_tricks", "p_win", "p_thrown_in"):
            if key in self.extra:
                row[key] = self.extra[key]
        return row


def branches_text(label: str, o: OptionResult, branches: list[dict], signed: bool = True) -> list[str]:
    """The text form's breakdown of a pass: each branch's chance and expected points, and the total."""
    rows = []
    for b in branches:
        lo, hi = b["ev_ci"]
        rows.append({f"{label} leads to": b["branch"], "chance": f"{b['p']:.3f}",
                     "95% CI": f"[{b['p_ci'][0]:.3f}, {b['p_ci'][1]:.3f}]", "EV": _fmt(b["ev"], signed),
                     "EV 95% CI": "certain" if lo == hi else f"[{_fmt(lo, signed)}, {_fmt(hi, signed)}]",
                     "chance x EV": _fmt(b["p_times_ev"], signed), "n": b["n"]})
    rows.append({f"{label} leads to": "total", "chance": f"{sum(b['p'] for b in branches):.3f}",
                 "EV": _fmt(o.ev, signed), "chance x EV": _fmt(sum(b["p_times_ev"] for b in branches), signed),
                 "n": o.n})
    return [f"what {label} leads to (the rest of the auction, then the play; chance x EV sums to its EV):",
            text_table(rows, na_rep="")]


@dataclass
class Decision(ResultView):
    """The answer to one question: per-option estimates, paired differences, a recommendation.

    The metadata are attributes: ``seed``, ``samples`` (the deals played: ``deals_played`` in
    JSON and CSV; ``--samples`` asks for the effective sample, ``effective_samples``), ``model``,
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
    #: what the pass leads to (``order`` and ``call``, four-handed): its branches, each a dict of
    #: :func:`~euchre_stats.decide.branches.pass_branches`; None when the pass is not played out
    pass_branches: list[dict] | None = None
    #: the population the other three seats bid by (``--others``): a policy's name or a file's path; None
    #: when every seat bids by ``bidding``
    others: str | None = None
    #: why the default population is not ``shipped-v4`` at this table (one line), else None
    others_note: str | None = None
    #: the default population every seat bids by (``discard``, ``alone``, ``lead`` without ``bidding``), else None
    population: str | None = None
    #: the lead under realistic play: runs of touching cards (``["Qc", "Kc"]``), each played out once as
    #: one lead (they lead alike against every card still in play), its outcomes shared by the run
    touching: list[list[str]] | None = None

    @property
    def target_reached(self) -> bool | None:
        """Whether every option's standard error came down to ``target_se`` (None when none was set)."""
        if self.target_se is None:
            return None
        return max(o.se for o in self.options) <= self.target_se

    def to_dict(self) -> dict:
        d = {
            "kind": self.kind, "inputs": self.inputs, "rules": self.rules.to_dict(), "seed": self.seed,
            "deals_played": self.samples, "model": self.model, "pass_model": self.pass_model,
            "infer": self.infer, "effective_samples": round(self.effective_samples, 1),
            "value_unit": self.value_unit,
            **({"bidding": self.bidding} if self.bidding is not None else {}),
            **({"others": self.others, "others_words": others_words(self.others)} if self.others is not None else {}),
            **({"others_note": self.others_note} if self.others_note else {}),
            **({"touching": self.touching} if self.touching else {}),
            "options": [o.to_dict() for o in self.options], "differences": self.differences,
            "recommendation": self.recommendation, "too_close": self.too_close,
        }
        if self.pass_branches:
            d["pass_branches"] = self.pass_branches
        if self.target_se is not None:
            d["target_se"], d["target_reached"] = self.target_se, self.target_reached
        if self.sampling is not None:
            d["sampling"] = self.sampling.to_dict()
        return d

    def best(self) -> OptionResult:
        return self.best_of(self.recommendation)

    def best_of(self, action: str) -> OptionResult:
        """The option ``action`` (``"pass"``, ``"order"``...)."""
        return next(o for o in self.options if o.action == action)

    def to_frame(self):
        """One row per option: the columns of the command line's CSV (:data:`FRAME_COLUMNS`)."""
        import pandas as pd

        return pd.DataFrame([o.to_row() for o in self.options])

    def to_text(self) -> str:
        """The command line's table: the inputs, rules, models, seed, the options and the verdict."""
        lines = [f"{self.kind}: {inputs_text(self.inputs)}", f"rules: {self.rules.describe()}",
                 f"play model: {self.model} = {MODEL_WORDS.get(self.model, self.model)}"]
        if self.pass_model:
            lines.append(f"pass valued by: {PASS_WORDS[self.pass_model]}")
        if self.others is not None:
            lines.append(f"your own later bids: {self.bidding or 'shipped'}; the other three seats bid by "
                         f"{self.others} = {others_words(self.others)} (in the auction after a pass and in "
                         "reading the bids seen)")
        if self.population is not None:
            lines.append(f"bidding model: {self.population} = {others_words(self.population)} (every seat)")
        if self.others_note:
            lines.append(f"note: {self.others_note}")
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
            lines.append(f"bidding inference: on (effective sample {self.effective_samples:,.0f} of "
                         f"{self.samples:,} deals played)")
        else:
            lines.append("bidding inference: off (uniform deals)")
        lines.append(f"seed: {self.seed}   deals played: {self.samples:,}"
                     + (f" (effective sample {self.effective_samples:,.0f})" if self.infer else ""))
        if self.target_se is not None:
            worst = max(o.se for o in self.options)
            lines.append(f"target standard error {self.target_se:g}: "
                         + (f"reached (largest {worst:.4f})" if self.target_reached
                            else f"not reached in {self.samples:,} deals played (largest {worst:.4f}); "
                                 "raise --samples"))
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
            if "p_thrown_in" in o.extra:  # the hands thrown in: no trick of them counts
                row["P(thrown in)"] = f"{o.extra['p_thrown_in']:.3f}"
            table.append(row)
        lines.append(text_table(table, na_rep="-"))  # "-": no discard in that option
        lines.append("")
        if self.pass_branches:
            lines += branches_text(self.label("pass"), self.best_of("pass"), self.pass_branches, signed) + [""]
        same = [df["b"] for df in self.differences if df.get("equivalent")]
        rivals = [df for df in self.differences if not df.get("equivalent")]
        lab = self.label
        for df in rivals:
            lines.append(f"{lab(df['a'])} - {lab(df['b'])}: {_fmt(df['diff'])} [{_fmt(df['ci'][0])}, "
                         f"{_fmt(df['ci'][1])}]")
        if same:
            lines.append(f"equivalent to {lab(self.recommendation)} on every sampled deal: "
                         f"{', '.join(lab(b) for b in same)}")
        for run in self.touching or ():
            lines.append(f"touching cards, played out as one lead (they lead alike against every card still in "
                         f"play): {' '.join(run)}")
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
        gap = text_table([{"action": self.dd.label(g["action"]), "dd": _fmt(g["ev_dd"]), "pimc": _fmt(g["ev_pimc"]),
                           "dd - pimc": _fmt(g["gap"])} for g in self.gap])
        return "\n\n".join([self.dd.to_text(), self.pimc.to_text(),
                             "model gap (double-dummy minus realistic):\n" + gap])

    def _repr_html_(self) -> str:
        return self.dd._repr_html_() + self.pimc._repr_html_() + self.to_frame().to_html(index=False)

    def plot(self, ax=None, kind: str = "values"):
        """Both models' values side by side (``kind="values"``), or the dd trick distribution."""
        return _plot_decisions([self.dd, self.pimc], ax, kind)

    def save_plot(self, path: str) -> None:
        from ..output.plots import plot_decision

        plot_decision([self.dd, self.pimc], path)
