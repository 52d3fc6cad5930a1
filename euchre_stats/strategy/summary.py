"""Summaries of a strategy table: weighted means of each option's value by feature and seat.

Reads a finished table (a DataFrame); writes nothing.  Both the run (which saves the
summaries) and the charts (which draw them) build on this module.
"""

from __future__ import annotations


import numpy as np
import pandas as pd

from ..core.stats import exact_weighted_mean as _wmean

FEATURES = ("trump_count", "bowers", "off_aces", "voids")


def summarise(table: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    """Multiplicity-weighted means by ``by`` (always within a seat): values, gains, action shares.

    Round one: pass / order / alone.  Round two: pass / call (the best suit to name) / call alone.
    """
    if "ev_order" not in table.columns:
        return _summarise_calls(table, by)
    rows = []
    seat_combos = table.groupby("seat", sort=False)["multiplicity"].sum()
    for key, g in table.groupby(["seat"] + by, sort=True):
        w = g["multiplicity"]
        rec = dict(zip(["seat"] + by, key if isinstance(key, tuple) else (key,)))
        rec.update({
            "classes": len(g), "combos": int(w.sum()),
            "share_of_hands": float(w.sum() / seat_combos[rec["seat"]]),
            "mean_ev_pass": _wmean(g["ev_pass"], w), "mean_ev_order": _wmean(g["ev_order"], w),
            "mean_ev_alone": _wmean(g["ev_alone"], w),
            "mean_gain_order": _wmean(g["gain_order"], w), "mean_gain_alone": _wmean(g["gain_alone"], w),
            "p_make_order": _wmean(g["p_make_order"], w),
            "share_pass": float(w[g["best"] == "pass"].sum() / w.sum()),
            "share_order": float(w[g["best"] == "order"].sum() / w.sum()),
            "share_alone": float(w[g["best"] == "order alone"].sum() / w.sum()),
        })
        rows.append(rec)
    return pd.DataFrame(rows)


def _summarise_calls(table: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    rows = []
    seat_combos = table.groupby("seat", sort=False)["multiplicity"].sum()
    alone = table["best"].str.endswith(" alone")
    for key, g in table.groupby(["seat"] + by, sort=True):
        w = g["multiplicity"]
        rec = dict(zip(["seat"] + by, key if isinstance(key, tuple) else (key,)))
        a = alone[g.index]
        rec.update({
            "classes": len(g), "combos": int(w.sum()),
            "share_of_hands": float(w.sum() / seat_combos[rec["seat"]]),
            "mean_ev_pass": _wmean(g["ev_pass"], w), "mean_ev_call": _wmean(g["ev_call"], w),
            "mean_ev_call_alone": _wmean(g["ev_call_alone"], w),
            "mean_gain_call": _wmean(g["gain_call"], w), "mean_gain_call_alone": _wmean(g["gain_call_alone"], w),
            "share_pass": float(w[g["best"] == "pass"].sum() / w.sum()),
            "share_call": float(w[(g["best"] != "pass") & ~a].sum() / w.sum()),
            "share_alone": float(w[a].sum() / w.sum()),
            "share_next": float(w[g["best"].str.startswith("next")].sum() / w.sum()),
        })
        rows.append(rec)
    return pd.DataFrame(rows)


def table_scores(table: pd.DataFrame) -> list[str]:
    """The score labels a table has columns for (``"9-8"`` for ``best@9-8``...), in column order."""
    return [c.split("@", 1)[1] for c in table.columns if c.startswith("best@")]


def score_flips(table: pd.DataFrame) -> pd.DataFrame:
    """Where the recommendation by the chance of winning the game differs from the one by points.

    One row per seat, score and pair (``by_points``: the table's ``best``; ``at_score``: ``best@score``)
    and ``tie`` (the two answers have exactly the same P(win) on the sampled deals, so the answer at
    the score is only the earlier option of a tie, as ``order --score`` names it), with the classes,
    the raw hands they stand for (``combos``) and their share of the seat's hands; pairs that agree
    are rows too, so each seat and score sums to 1.  Empty for a table without scores.
    """
    from .table import COLUMN_OF

    cols = ["seat", "score", "by_points", "at_score", "tie", "classes", "combos", "share_of_hands"]
    rows = []
    seat_combos = table.groupby("seat", sort=False)["multiplicity"].sum()
    for label in table_scores(table):
        def p_win(col):
            choice = table[col].to_numpy()
            out = np.full(len(table), np.nan)
            for a in pd.unique(choice):
                m = choice == a
                out[m] = table[f"p_win_{COLUMN_OF[a]}@{label}"].to_numpy()[m]
            return out

        at = table[f"best@{label}"]
        tie = (table["best"] != at) & (p_win("best") == p_win(f"best@{label}"))
        g = (table.assign(_at=at, _tie=tie)
             .groupby(["seat", "best", "_at", "_tie"], sort=False)["multiplicity"].agg(["size", "sum"]))
        for (seat, a, b, t), r in g.iterrows():
            rows.append({"seat": seat, "score": label, "by_points": a, "at_score": b, "tie": bool(t),
                         "classes": int(r["size"]), "combos": int(r["sum"]),
                         "share_of_hands": float(r["sum"] / seat_combos[seat])})
    return pd.DataFrame(rows, columns=cols)


def summaries(table: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """The standard summaries: by each feature, by trump count x off aces, by count (thresholds), and
    with scores, the flips of the recommendation by score (:func:`score_flips`)."""
    out = {f"by_{f}": summarise(table, [f]) for f in FEATURES}
    if table_scores(table):
        out["score_flips"] = score_flips(table)
    out["by_trump_count_off_aces"] = summarise(table, ["trump_count", "off_aces"])
    t = table.assign(count_bin=(np.floor(table["count"] * 2) / 2).round(1))
    out["by_count"] = summarise(t, ["count_bin"])
    out["by_seat"] = summarise(table, [])
    return out
