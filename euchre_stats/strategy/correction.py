"""A realistic correction of the double-dummy strategy table.

The shipped table (every class, four seats) was computed with double-dummy play, which flatters
whoever can see more, loners above all, and with the bidding model of its day.  Computing it again
with realistic play would take days on the development machine, so the correction is fitted
instead: on random questions answered by realistic play (``benchmarks/study_advise.py``), the
realistic value of passing and the realistic gains of ordering (order - pass) and of going alone
(alone - order) are regressed, seat by seat, on what the table and the hand say:

* the table's double-dummy values of the class (pass, order - pass, alone - order);
* the hand's count under the shipped bidding model for that seat (and its square);
* the number of trumps, the right and left bowers, and the off-suit aces.

The fit is least squares.  Its error is measured on held-out questions (k-fold cross-validation):
the root mean square error of each predicted gain, and how often the corrected answer agrees with
the realistic one where that is not too close to call.  A corrected answer is "too close to call"
when its gain is within 1.96 of those held-out errors of 0.  No I/O except :func:`load_correction`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..bidding.model import BiddingModel
from ..core.trump import EFF_SUIT, POWER

DATA = Path(__file__).parents[1] / "data"
SHIPPED_CORRECTION = DATA / "strategy_correction.json"
FEATURES = ("1", "dd_pass", "dd_gain_order", "dd_gain_alone", "count", "count2", "trumps", "right", "left",
            "off_aces")
TARGETS = ("pass", "gain_order", "gain_alone")


def hand_features(hmask: int, up: int, seat: int, model: BiddingModel) -> dict:
    """The hand's part of the features: count for the seat, trumps, bowers, off-suit aces."""
    t = up >> 3
    cards = [c for c in range(33) if (hmask >> c) & 1]
    trumps = [c for c in cards if EFF_SUIT[t, c] == t]
    power = {int(POWER[t, c]) for c in trumps}
    count = model.round_one_count(hmask, seat, up)  # one hand: plain Python, no numba
    return {"count": count, "count2": count * count, "trumps": float(len(trumps)), "right": float(41 in power),
            "left": float(40 in power),
            "off_aces": float(sum(1 for c in cards if EFF_SUIT[t, c] != t and (c & 7) == 7))}


def feature_vector(dd: dict, hand: dict) -> np.ndarray:
    """``dd``: the table's ``pass``, ``order``, ``alone`` (``alone`` None where not open)."""
    alone = dd["alone"] if dd.get("alone") is not None else dd["order"]
    row = {"1": 1.0, "dd_pass": dd["pass"], "dd_gain_order": dd["order"] - dd["pass"],
           "dd_gain_alone": alone - dd["order"], **hand}
    return np.array([row[f] for f in FEATURES], dtype=np.float64)


def targets(ev: dict) -> np.ndarray:
    """Realistic pass, order - pass and alone - order of one answered question."""
    alone = ev.get("order alone", ev["order"])
    return np.array([ev["pass"], ev["order"] - ev["pass"], alone - ev["order"]])


@dataclass(frozen=True)
class Correction:
    """Per seat: coefficients (targets x features) and the held-out errors of each target."""

    coef: dict          # seat name -> list[list[float]] (TARGETS x FEATURES)
    rmse: dict          # seat name -> {target: held-out RMSE}
    agreement: dict     # seat name -> held-out agreement with realistic answers not too close
    questions: dict     # seat name -> questions fitted
    source: str = ""
    #: the bidding model the realistic answers were computed with (the correction is used only with it)
    bidding: dict | None = None
    #: other bidding models it is explicitly accepted for until it is fitted again: ``{"bidding": dict,
    #: "why": str}`` each, the measurement that justifies it in ``why``
    accepted: tuple = ()

    def predict(self, seat: str, x: np.ndarray) -> dict:
        """Realistic pass value and gains for features ``x``, and the options' values."""
        p, go, ga = np.asarray(self.coef[seat]) @ x
        return {"pass": float(p), "order": float(p + go), "order alone": float(p + go + ga),
                "gain_order": float(go), "gain_alone": float(ga)}

    def decide(self, seat: str, x: np.ndarray, alone_open: bool = True) -> tuple[str, bool, dict]:
        """(recommendation, too close to call, predicted values) for features ``x``."""
        v = self.predict(seat, x)
        err = self.rmse[seat]
        options = {"pass": v["pass"], "order": v["order"]}
        if alone_open:
            options["order alone"] = v["order alone"]
        ranked = sorted(options, key=lambda a: -options[a])
        best, second = ranked[0], ranked[1]
        gap = options[best] - options[second]
        pair = {frozenset(("pass", "order")): err["gain_order"],
                frozenset(("order", "order alone")): err["gain_alone"],
                frozenset(("pass", "order alone")): float(np.hypot(err["gain_order"], err["gain_alone"]))}
        close = gap <= 1.96 * pair[frozenset((best, second))]
        return best, bool(close), v

    def to_dict(self) -> dict:
        return {"format": "euchre-stats realistic correction", "features": list(FEATURES), "targets": list(TARGETS),
                "coef": self.coef, "rmse": self.rmse, "agreement": self.agreement, "questions": self.questions,
                "source": self.source, "bidding": self.bidding, "accepted": list(self.accepted)}

    @classmethod
    def from_dict(cls, d: dict) -> "Correction":
        if list(d.get("features", [])) != list(FEATURES):
            raise ValueError("the correction file was fitted on other features")
        return cls(d["coef"], d["rmse"], d["agreement"], d["questions"], d.get("source", ""), d.get("bidding"),
                   tuple(d.get("accepted", ())))


def _decision_of(v: dict, alone_open: bool) -> str:
    options = {"pass": v[0], "order": v[0] + v[1]}
    if alone_open:
        options["order alone"] = v[0] + v[1] + v[2]
    return max(options, key=options.get)


def fit(rows: list[dict], folds: int = 5, seed: int = 0, source: str = "", bidding: dict | None = None) -> Correction:
    """Fit per seat on ``rows`` (each: ``seat``, ``x`` feature vector, ``y`` targets, ``best``
    realistic answer, ``too_close``, ``alone_open``) and measure the held-out errors."""
    coef, rmse, agreement, count = {}, {}, {}, {}
    rng = np.random.default_rng(seed)
    for seat in sorted({r["seat"] for r in rows}):
        rs = [r for r in rows if r["seat"] == seat]
        X = np.array([r["x"] for r in rs])
        Y = np.array([r["y"] for r in rs])
        fold = rng.permutation(len(rs)) % folds
        pred = np.zeros_like(Y)
        for k in range(folds):
            train, test = fold != k, fold == k
            beta = _lstsq(X[train], Y[train])
            pred[test] = X[test] @ beta
        rmse[seat] = {t: float(np.sqrt(np.mean((pred[:, j] - Y[:, j]) ** 2))) for j, t in enumerate(TARGETS)}
        clear = [i for i, r in enumerate(rs) if not r["too_close"]]
        hits = sum(_decision_of(pred[i], rs[i]["alone_open"]) == rs[i]["best"] for i in clear)
        agreement[seat] = {"agree": int(hits), "of": len(clear)}
        coef[seat] = _lstsq(X, Y).T.tolist()
        count[seat] = len(rs)
    return Correction(coef, rmse, agreement, count, source, bidding)


def _lstsq(X, Y):
    # a small ridge keeps the fit stable where a feature barely varies (the bowers of a rare seat)
    lam = 1e-3 * len(X)
    A = X.T @ X + lam * np.diag([0.0] + [1.0] * (X.shape[1] - 1))
    return np.linalg.solve(A, X.T @ Y)


def load_correction(path=SHIPPED_CORRECTION) -> Correction | None:
    p = Path(path)
    if not p.exists():
        return None
    return Correction.from_dict(json.loads(p.read_text()))

