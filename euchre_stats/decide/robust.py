"""Answers that hold at any table: one question (``order`` or ``call``) asked against each named
population of other players (``--others``: how the other three seats bid, in the auction after a pass
and in reading the bids seen), with the same seed, and whether the recommendation is the same at
every table.

The same seed draws the same candidate deals for every population; where no bid comes before the
question (eldest in round one) every population plays the very same deals, otherwise each keeps
the deals its own reading of the passes seen makes likely.  No I/O.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..output.results import ResultView
from ..sampling.seeds import resolve_seed
from .result import Decision, _fmt, others_words

#: the named populations of ``--robust`` after the default population, in the order shown
POPULATIONS = ("shipped", "guides", "points")


def populations_for(rules) -> tuple[str, ...]:
    """``--robust``'s populations at ``rules``' table: the default population first (``shipped-v4``, or
    the shipped count where the feature bidder cannot bid: :func:`~euchre_stats.bidding.model.default_population`),
    then :data:`POPULATIONS`."""
    from ..bidding.model import default_population

    first = default_population(rules)[0]
    return (first,) + tuple(p for p in POPULATIONS if p != first)


@dataclass
class RobustResult(ResultView):
    """One question's answers against each population of other players (:func:`populations_for`).

    ``decisions`` are the full answers by population; ``holds`` says whether every population has the
    same recommendation and none of them is too close to call.
    """

    decisions: dict[str, Decision]

    @property
    def first(self) -> Decision:
        return next(iter(self.decisions.values()))

    @property
    def seed(self) -> int:
        return self.first.seed

    @property
    def samples(self) -> int:
        return self.first.samples

    @property
    def rules(self):
        return self.first.rules

    @property
    def recommendations(self) -> dict[str, str]:
        return {p: d.recommendation for p, d in self.decisions.items()}

    @property
    def same(self) -> bool:
        """Every population recommends the same option (close calls included)."""
        return len(set(self.recommendations.values())) == 1

    @property
    def holds(self) -> bool:
        """The same recommendation against every population, and none of them too close to call."""
        return self.same and not any(d.too_close for d in self.decisions.values())

    @property
    def recommendation(self) -> str | None:
        """The option recommended against every population (None when they differ)."""
        return self.first.recommendation if self.same else None

    def verdict(self) -> str:
        d = self.first
        label = d.recommendation_text
        if self.holds:
            return f"holds at every table: {label()} against each population"
        close = [p for p, x in self.decisions.items() if x.too_close]
        if self.same:
            return (f"the same answer at every table ({label()}), but too close to call against "
                    f"{', '.join(close)}")
        parts = [f"{p}: {x.recommendation_text()}{' (too close to call)' if x.too_close else ''}"
                 for p, x in self.decisions.items()]
        return "depends on the table: " + "; ".join(parts)

    def to_dict(self) -> dict:
        d = self.first
        return {"kind": "robust", "question": d.kind, "inputs": d.inputs, "rules": d.rules.to_dict(),
                "seed": d.seed, "deals_played": d.samples, "model": d.model, "populations": list(self.decisions),
                "holds": self.holds, "same_recommendation": self.same, "recommendation": self.recommendation,
                "verdict": self.verdict(),
                "by_population": {p: {"words": others_words(p), "recommendation": x.recommendation,
                                      "too_close": x.too_close, "effective_samples": round(x.effective_samples, 1),
                                      "options": [{"action": o.action, "ev": o.ev, "ev_ci": list(o.ev_ci), "n": o.n}
                                                  for o in x.options]}
                                  for p, x in self.decisions.items()},
                "decisions": {p: x.to_dict() for p, x in self.decisions.items()}}

    def to_frame(self):
        """One row per population and option: ``others, action, ev, ci_low, ci_high, n, recommended,
        too_close`` (the command line's CSV)."""
        import pandas as pd

        return pd.DataFrame([{"others": p, "action": o.action, "ev": o.ev, "ci_low": o.ev_ci[0],
                              "ci_high": o.ev_ci[1], "n": o.n, "recommended": o.action == x.recommendation,
                              "too_close": x.too_close}
                             for p, x in self.decisions.items() for o in x.options])

    def to_text(self) -> str:
        import pandas as pd

        d = self.first
        head = d.to_text().split("\n")
        # the question, the rules and the play model as each answer says them (the same for all)
        lines = head[:3] + [x for x in head[3:5] if x.startswith("pass valued by:")]
        lines.append(f"seed: {d.seed} (the same for every population)")
        lines.append(f"your own later bids: {d.bidding or 'shipped'}; the other three seats bid by each population in "
                     "turn (in the auction after a pass and in reading the bids seen):")
        lines += [f"  {p} = {others_words(p)}" for p in self.decisions]
        lines.append("")
        actions = [o.action for o in d.options]
        rows = []
        for a in actions:
            row = {"option": d.label(a)}
            for p, x in self.decisions.items():
                o = next((o for o in x.options if o.action == a), None)
                row[p] = "-" if o is None else f"{_fmt(o.ev)} [{_fmt(o.ev_ci[0])}, {_fmt(o.ev_ci[1])}]"
            rows.append(row)
        rec = {"option": "recommendation"}
        for p, x in self.decisions.items():
            rec[p] = x.recommendation_text() + (" (too close)" if x.too_close else "")
        rows.append(rec)
        rows.append({"option": "deals played", **{p: f"{x.samples:,}" for p, x in self.decisions.items()}})
        rows.append({"option": "effective sample",
                     **{p: f"{x.effective_samples:,.0f}" for p, x in self.decisions.items()}})
        lines.append("EV, expected points (ours minus theirs), with 95% intervals, by the others' population:")
        lines.append(pd.DataFrame(rows).to_string(index=False))
        lines.append("")
        lines.append(self.verdict())
        return "\n".join(lines)


def robust_decision(fn, *args, populations=None, seed=None, **kw) -> RobustResult:
    """``fn(*args, others=p, seed=seed, **kw)`` (``order_decision``, ``call_decision``; ``args`` ends
    with the rules) for each population ``p`` (default :func:`populations_for` the rules), all with the
    same seed (drawn once when None)."""
    seed = resolve_seed(seed)
    if populations is None:
        populations = populations_for(args[3])
    return RobustResult({p: fn(*args, seed=seed, others=p, **kw) for p in populations})
