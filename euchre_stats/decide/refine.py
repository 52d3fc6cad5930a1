"""Refining a fitted bidding model by duplicate matches (``euchre-stats tune --refine-deals N``).

The sweeps of :func:`euchre_stats.bidding.tuning.tune` fit each threshold on the deals that reach
its decision point, against the rest of the model as it stands; a threshold whose gain is flat
there is kept at the most conservative value within one standard error of the best.  A refinement
then checks the model as a whole: each threshold and next's bonus in turn is moved one step up and
one step down (the step is the threshold's standard error from the fit, at least 0.3 points; a
bonus moves by 0.4), and each moved model plays a duplicate match against the current one
(:func:`euchre_stats.decide.match.match`, realistic play with its control variate), on the same
deals for every candidate.  The move with the largest gain among those whose interval lies above 0
is kept, and with ``rounds`` > 1 the search starts again from the moved model; a round in which no
move is ahead ends it.  Every match played is reported.  No I/O.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

from ..bidding.model import BiddingModel
from ..bidding.tuning import TuneResult, tune
from ..core.errors import BiddingModelError, DecisionInputError
from ..rules import NORTH_AMERICAN, Rules
from .match import match

#: the model fields a refinement moves, one seat at a time
PARAMS = ("order", "order_alone", "call", "call_alone", "next_bonus")
#: the smallest step of a threshold, and the step of next's bonus
MIN_STEP, BONUS_STEP = 0.3, 0.4


def _step(errors: dict, key: str) -> float:
    """A threshold's step: its standard error from the fit, at least :data:`MIN_STEP`; the smallest
    step where the fit gave none (``null``: too few deals reached the decision point to estimate it)."""
    se = errors.get(key)
    if se is None:
        return MIN_STEP
    if isinstance(se, bool) or not isinstance(se, (int, float)):
        raise BiddingModelError(f"fit: standard_errors[{key!r}] must be a number or null, got {se!r}")
    return max(MIN_STEP, float(se)) if math.isfinite(se) else MIN_STEP


def candidates(model: BiddingModel, standard_errors: dict | None = None, params=PARAMS):
    """``(param, value, moved model)`` for each field of ``params`` and seat, one step down then up.

    ``param`` is named as in the fit's standard errors (``"order[3]"``; one missing or ``null``
    steps by :data:`MIN_STEP`); a bonus never goes below 0.
    """
    errors = standard_errors or {}
    if not isinstance(errors, dict):
        raise BiddingModelError(f"fit: standard_errors must be an object of numbers, got {errors!r}")
    for name in params:
        if name not in PARAMS:
            raise DecisionInputError(f"unknown model field {name!r} to refine (expected {', '.join(PARAMS)})")
        for seat in range(4):
            key = f"{name}[{seat}]"
            step = BONUS_STEP if name == "next_bonus" else _step(errors, key)
            for sign in (-1, 1):
                values = list(getattr(model, name))
                values[seat] = round(values[seat] + sign * step, 3)
                if name == "next_bonus" and values[seat] < 0:
                    continue
                yield key, values[seat], dataclasses.replace(model, **{name: tuple(values)})


@dataclass
class RefineResult:
    """The refined model, the moves kept (in order) and every match played."""

    model: BiddingModel
    accepted: list
    tried: list

    def report(self, deals: int, seed: int, play: str) -> dict:
        return {"method": "duplicate matches of one moved threshold against the current model",
                "deals": deals, "seed": seed, "play_model": play, "accepted": self.accepted,
                "matches": len(self.tried)}


def refine(model: BiddingModel, rules: Rules = NORTH_AMERICAN, *, deals: int = 20000, seed: int = 101,
           rounds: int = 1, standard_errors: dict | None = None, play: str = "pimc", workers: int | None = None,
           scheduler: str | None = None,
           params=PARAMS, progress=None) -> RefineResult:
    """Move one threshold at a time while a duplicate match shows the move ahead (module docstring).

    ``progress(done, total)`` is called after each match (``total`` counts every round's matches).
    """
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 10:
        raise DecisionInputError(f"rounds must be a whole number in 1..10, got {rounds!r}")
    per_round = sum(1 for _ in candidates(model, standard_errors, params))
    accepted, tried = [], []
    current = model
    if progress is not None and per_round:
        progress(0, per_round * rounds)  # drawn at once: a match takes seconds
    for rnd in range(rounds):
        best = None
        for param, value, moved in candidates(current, standard_errors, params):
            r = match(moved, current, deals, seed=seed, rules=rules, model=play, workers=workers, scheduler=scheduler)
            field, seat = param[:-3], int(param[-2])
            row = {"round": rnd + 1, "param": param, "from": getattr(current, field)[seat], "to": value,
                   "diff": round(r.diff, 5), "ci": [round(x, 5) for x in r.diff_ci]}
            tried.append(row)
            if r.diff_ci[0] > 0 and (best is None or r.diff > best[0]["diff"]):
                best = (row, moved)
            if progress is not None:
                progress(len(tried), per_round * rounds)
        if best is None:
            break
        accepted.append(best[0])
        current = best[1]
    return RefineResult(current, accepted, tried)


def tune_and_refine(rules: Rules, *, deals: int = 20000, seed: int = 2026, sweeps: int = 3,
                    start: BiddingModel | None = None, start_fit: dict | None = None, workers: int | None = None,
                    play: str = "pimc", refine_deals: int = 0, refine_seed: int = 101, refine_rounds: int = 1,
                    progress=None, refine_progress=None, scheduler: str | None = None) -> TuneResult:
    """``euchre-stats tune``: the sweeps of :func:`~euchre_stats.bidding.tuning.tune`, then, with
    ``refine_deals`` > 0, a refinement by duplicate matches of that many deals (:func:`refine`).

    ``sweeps=0`` refines ``start`` alone (its fit report ``start_fit`` gives the steps and is kept).
    The fit report gains ``"refinement"``: the moves kept and the number of matches played.
    ``progress`` follows the sweeps and ``refine_progress`` the matches (each ``(done, total)``).
    ``workers`` (N > 1 processes) or ``scheduler`` (a dask cluster) run the sweeps' play-outs and the
    matches' deals elsewhere, with the same result (:mod:`~euchre_stats.sampling.backends`).
    """
    if sweeps == 0 and (start is None or not refine_deals):
        raise DecisionInputError("--sweeps 0 refines a model without refitting it: give --start FILE and "
                                 "--refine-deals N")
    if start_fit is not None and not isinstance(start_fit, dict):
        raise BiddingModelError(f"fit: expected an object (the report saved by tune), got {start_fit!r}")
    if sweeps:
        result = tune(rules, deals=deals, seed=seed, sweeps=sweeps, start=start, workers=workers, play=play,
                      progress=progress, scheduler=scheduler)
    else:
        result = TuneResult(start, dict(start_fit or {}))
    if not refine_deals:
        return result
    fit = dict(result.fit)
    r = refine(result.model, rules, deals=refine_deals, seed=refine_seed, rounds=refine_rounds,
               standard_errors=fit.get("standard_errors"), play=play, workers=workers, progress=refine_progress,
               scheduler=scheduler)
    fit["refinement"] = r.report(refine_deals, refine_seed, play)
    return TuneResult(r.model, fit)


__all__ = ["PARAMS", "RefineResult", "candidates", "refine", "tune_and_refine"]
