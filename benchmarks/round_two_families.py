"""Can a richer model of the same features bid round two as ``call`` does?  (issue 31, "Consistency")

    python benchmarks/round_two_families.py ridge
    python benchmarks/round_two_families.py gbm      # needs scikit-learn (not a dependency of the project)

Fits, on the 1,200 training questions (``benchmarks/round_two_train_v4pop.jsonl``, 2,000 deals each), a
model of each option's gain over passing -- naming suit ``t`` with the partner, and alone -- from the
feature bidder's features of naming ``t`` (:func:`euchre_stats.bidding.fit_v2.round_two_design`, with
``shipped-v5``'s count), plus, for ``ridge``, a copy of every feature per seat and the turned-down jack
(with and without next), or, for ``gbm``, the seat and the turned-down card's rank as two more columns.
The bid is the option of the highest predicted gain, pass when none is above 0 (junk suits never named,
as the bidder does).  Prints, for each setting, the agreement with ``call``'s recommendation on the
held-out file's round-two questions not too close (``benchmarks/bidder_consistency_v4pop.jsonl``, 10,000
deals each, never fitted on) and the mean value its bids lose there.  ``ridge``: least squares with a
ridge on the standardised columns, one fit per option kind; ``gbm``: scikit-learn's
``HistGradientBoostingRegressor`` (``random_state`` 0).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from fit_round_two import load_questions  # noqa: E402

from euchre_stats.bidding.features import FEATURES  # noqa: E402
from euchre_stats.bidding.fit_v2 import round_two_design  # noqa: E402
from euchre_stats.bidding.model import policy_model  # noqa: E402
from euchre_stats.core.cards import SUITS, parse_card  # noqa: E402

HERE = Path(__file__).parent
_JACK = 4


def design(model, q, rows, family: str):
    """``(x, live)``: per question and suit, the columns the family is fitted on."""
    x, live = round_two_design(model, q.hands, q.banned)
    down = np.array([parse_card(r["up"]) & 7 for r in rows])
    if family == "gbm":
        extra = np.stack([np.repeat(q.seats[:, None], 4, 1), np.repeat(down[:, None], 4, 1)], -1)
        return np.concatenate([x, extra.astype(float)], -1), live
    is_next = x[:, :, FEATURES.index("is_next")]
    jack = (down == _JACK).astype(float)[:, None]
    x = np.concatenate([x, np.stack([jack * is_next, jack * (1 - is_next)], -1)], -1)
    seat = np.eye(4)[q.seats]
    per_seat = (x[:, :, None, :] * seat[:, None, :, None]).reshape(x.shape[0], 4, -1)
    return np.concatenate([x, per_seat], -1), live


def ridge(a, b, penalty):
    sd = a.std(axis=0) + 1e-9
    sd[0] = 1.0
    s = a / sd
    return np.linalg.solve(s.T @ s + penalty * np.eye(a.shape[1]), s.T @ b) / sd


def predictions(family, setting, xt, yt, xh):
    if family == "ridge":
        return xh @ ridge(xt, yt, setting)
    try:
        from sklearn.ensemble import HistGradientBoostingRegressor
    except ImportError:
        sys.exit("gbm needs scikit-learn, which the project does not depend on: pip install scikit-learn")
    lr, iters, leaf = setting
    fit = HistGradientBoostingRegressor(learning_rate=lr, max_iter=iters, min_samples_leaf=leaf, random_state=0)
    return fit.fit(xt, yt).predict(xh)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("family", choices=("ridge", "gbm"))
    ap.add_argument("--train", default=str(HERE / "round_two_train_v4pop.jsonl"))
    ap.add_argument("--check", default=str(HERE / "bidder_consistency_v4pop.jsonl"))
    ap.add_argument("--base", default="shipped-v5", help="the bidder whose features (and count) are used")
    a = ap.parse_args()
    _, model = policy_model(a.base)
    qt, rt = load_questions(a.train)
    qh, rh = load_questions(a.check)
    xt, lt = design(model, qt, rt, a.family)
    xh, lh = design(model, qh, rh, a.family)
    clear = np.array([not r["too_close"] for r in rh])
    settings = ([1.0, 10.0, 30.0, 100.0, 300.0] if a.family == "ridge"
                else [(lr, it, leaf) for lr in (0.05, 0.1) for it in (100, 300) for leaf in (10, 20)])
    print(f"{len(rt)} training questions, {len(rh)} held out ({int(clear.sum())} not too close); {a.family} "
          f"on {xt.shape[-1]} columns")
    for setting in settings:
        gain = np.full((len(rh), 4, 2), -np.inf)
        for col in (0, 1):
            y = qt.values[:, :, col] - qt.pass_value[:, None]
            ok = lt & ~np.isnan(y)
            gain[:, :, col][lh] = predictions(a.family, setting, xt[ok], y[ok], xh[lh])
        flat = gain.reshape(len(rh), -1)
        k, best = flat.argmax(axis=1), flat.max(axis=1)
        bids = ["pass" if best[i] <= 0 else SUITS[k[i] // 2] + (" alone" if k[i] % 2 else "") for i in range(len(rh))]
        hit = np.array([b == r["recommendation"] for b, r in zip(bids, rh)])
        lost = np.array([max(r["ev"].values()) - r["ev"][b] for b, r in zip(bids, rh)])
        print(f"{setting}: agrees {int(hit[clear].sum())}/{int(clear.sum())} ({hit[clear].mean():.1%}); value lost "
              f"{lost.mean():.4f} ± {lost.std(ddof=1) / np.sqrt(len(lost)):.4f} a question", flush=True)


if __name__ == "__main__":
    main()
