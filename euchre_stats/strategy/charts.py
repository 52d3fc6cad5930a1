"""Charts of a strategy table (matplotlib, Agg): action and gain heatmaps, per-seat threshold curves,
and for a table with scores, where the recommendation flips with the score.

Reads a finished table (a DataFrame); writes only the chart files it is asked for,
atomically through :func:`euchre_stats.output.plots.save_figure`.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from ..core.seats import SEAT_NAMES
from ..output.plots import plt, save_figure
from .summary import score_flips, summarise, table_scores

ACTION_CODES = {"pass": 0, "order": 1, "order alone": 2}


def _act(summary: pd.DataFrame) -> str:
    """``order`` for round-one tables, ``call`` for round two."""
    return "order" if "share_order" in summary.columns else "call"


def _seats(table: pd.DataFrame) -> list[str]:
    present = set(table["seat"])
    return [s for s in SEAT_NAMES if s in present]


def _grid(summary: pd.DataFrame, seat: str, value: str, trumps: list[int], aces: list[int]) -> np.ndarray:
    g = np.full((len(trumps), len(aces)), np.nan)
    sub = summary[summary["seat"] == seat]
    for _, r in sub.iterrows():
        g[trumps.index(int(r["trump_count"])), aces.index(int(r["off_aces"]))] = r[value]
    return g


def heatmaps(table: pd.DataFrame, action_path, gain_path) -> None:
    """Heatmaps by (seat x trump count x off-suit aces): the most-recommended action, and the gain."""
    s = summarise(table, ["trump_count", "off_aces"])
    act = _act(s)
    seats = _seats(table)
    trumps = sorted(int(x) for x in s["trump_count"].unique())
    aces = sorted(int(x) for x in s["off_aces"].unique())
    for path, kind in ((action_path, "action"), (gain_path, "gain")):
        fig, axes = plt.subplots(1, len(seats), figsize=(3.4 * len(seats) + 1, 3.8), squeeze=False)
        for ax, seat in zip(axes[0], seats):
            if kind == "action":
                shares = np.stack([_grid(s, seat, f"share_{a}", trumps, aces)
                                   for a in ("pass", act, "alone")])
                most = np.where(np.isnan(shares).all(axis=0), np.nan, np.nanargmax(np.nan_to_num(shares, nan=-1),
                                                                                      axis=0))
                im = ax.imshow(most, cmap=plt.get_cmap("viridis", 3), vmin=-0.5, vmax=2.5, origin="lower",
                               aspect="auto")
                for i in range(len(trumps)):
                    for j in range(len(aces)):
                        if not np.isnan(most[i, j]):
                            k = int(most[i, j])
                            ax.text(j, i, f"{('P', act[0].upper(), 'A')[k]}\n{shares[k, i, j]:.0%}", ha="center",
                                    va="center", fontsize=7, color="w" if k == 0 else "k")
            else:
                g = _grid(s, seat, f"mean_gain_{act}", trumps, aces)
                lim = np.nanmax(np.abs(g)) if np.isfinite(g).any() else 1.0
                im = ax.imshow(g, cmap="RdBu", vmin=-lim, vmax=lim, origin="lower", aspect="auto")
                for i in range(len(trumps)):
                    for j in range(len(aces)):
                        if np.isfinite(g[i, j]):
                            ax.text(j, i, f"{g[i, j]:+.2f}", ha="center", va="center", fontsize=7)
            ax.set_xticks(range(len(aces)), aces)
            ax.set_yticks(range(len(trumps)), trumps)
            ax.set_xlabel("off-suit aces")
            if ax is axes[0][0]:
                ax.set_ylabel("trumps held")
            ax.set_title(seat)
        if kind == "action":
            cb = fig.colorbar(im, ax=axes[0].tolist(), ticks=[0, 1, 2])
            cb.ax.set_yticklabels(["pass", act, "alone"])
            fig.suptitle("most recommended action (share of hands), weighted by multiplicity")
        else:
            fig.colorbar(im, ax=axes[0].tolist(), label="points")
            fig.suptitle(f"mean gain of {act}ing over passing (points), weighted by multiplicity")
        save_figure(fig, str(path))


def threshold_curves(table: pd.DataFrame, path) -> None:
    """Per seat: share of hands for which order / alone is best, against the bidding-model count."""
    t = table.assign(count_bin=(np.floor(table["count"] * 2) / 2).round(1))
    s = summarise(t, ["count_bin"])
    act = _act(s)
    fig, ax = plt.subplots(figsize=(7.5, 4.2))
    for seat in _seats(table):
        sub = s[s["seat"] == seat].sort_values("count_bin")
        line, = ax.plot(sub["count_bin"], sub[f"share_{act}"] + sub["share_alone"], marker="o", ms=3,
                        label=f"{seat}: {act} or alone")
        ax.plot(sub["count_bin"], sub["share_alone"], ls="--", color=line.get_color(), lw=1,
                label=f"{seat}: alone")
    ax.axhline(0.5, color="grey", lw=0.7)
    ax.set_xlabel("hand count (bidding-model points, trump = the upcard's suit; round two: next)")
    ax.set_ylabel("share of hands where the action is best")
    ax.set_title("threshold curves")
    ax.legend(fontsize=7)
    save_figure(fig, str(path))


def score_flip_chart(table: pd.DataFrame, path) -> None:
    """One row per seat: the share of hands recommended each action by points and at each score (left),
    and the share whose recommendation changes from the points one, by change and score (right)."""
    flips = score_flips(table)
    scores = table_scores(table)
    seats = _seats(table)
    actions = list(dict.fromkeys(list(table["best"]) + [b for s in scores for b in table[f"best@{s}"]]))
    order = {a: i for i, a in enumerate(("pass", "order", "order alone"))}
    actions.sort(key=lambda a: (order.get(a, 3), a))
    changes = flips[flips["by_points"] != flips["at_score"]]
    kinds = sorted({(a, b, t) for a, b, t in zip(changes["by_points"], changes["at_score"], changes["tie"])},
                   key=lambda p: (p[2], actions.index(p[0]), actions.index(p[1])))
    names = [f"{a} -> {b}" + (" (tie)" if t else "") for a, b, t in kinds]
    top = max(float(changes["share_of_hands"].max()) if len(changes) else 1.0, 1e-9)
    width = 0.45 * (len(scores) + 1)
    height = 0.6 + len(seats) * (1.2 + 0.22 * max(len(kinds), 4))
    fig, axes = plt.subplots(len(seats), 2, figsize=(2 * width + 3.5, height), squeeze=False,
                             gridspec_kw={"width_ratios": [len(scores) + 1, len(scores)]})
    colours = plt.get_cmap("viridis", max(len(actions), 2))
    for j, seat in enumerate(seats):
        t = table[table["seat"] == seat]
        w = t["multiplicity"].to_numpy(dtype=float)
        ax = axes[j][0]
        xs = ["points"] + scores
        bottom = np.zeros(len(xs))
        for k, a in enumerate(actions):
            share = np.array([w[(t[c] == a).to_numpy()].sum() / w.sum()
                              for c in ["best"] + [f"best@{s}" for s in scores]])
            ax.bar(range(len(xs)), share, bottom=bottom, color=colours(k), label=a)
            bottom += share
        ax.set_xticks(range(len(xs)), xs if j == len(seats) - 1 else [""] * len(xs), rotation=60, fontsize=7)
        ax.set_ylim(0, 1)
        ax.set_ylabel(f"{seat}\nshare of hands", fontsize=8)
        if j == 0:
            ax.legend(fontsize=6, loc="lower left")
            ax.set_title("recommended action", fontsize=9)
        ax = axes[j][1]
        sub = changes[changes["seat"] == seat]
        g = np.zeros((max(len(kinds), 1), len(scores)))
        for _, r in sub.iterrows():
            g[kinds.index((r["by_points"], r["at_score"], r["tie"])), scores.index(r["score"])] = r["share_of_hands"]
        ax.imshow(g, cmap="Reds", vmin=0, vmax=top, aspect="auto")
        for a in range(len(kinds)):
            for b in range(len(scores)):
                if g[a, b] > 0:
                    ax.text(b, a, f"{g[a, b]:.1%}", ha="center", va="center", fontsize=6)
        ax.set_xticks(range(len(scores)), scores if j == len(seats) - 1 else [""] * len(scores), rotation=60,
                      fontsize=7)
        ax.set_yticks(range(len(kinds)), names, fontsize=6)
        if j == 0:
            ax.set_title("hands whose answer changes from the points one (tie: both win as often)", fontsize=9)
    axes[-1][0].set_xlabel("score (us-them)")
    axes[-1][1].set_xlabel("score (us-them)")
    fig.suptitle("recommendation by the chance of winning the game, by score", fontsize=10)
    save_figure(fig, str(path))


def draw_all(table: pd.DataFrame, directory) -> list[Path]:
    """Every chart of a table into ``directory``; returns the paths."""
    d = Path(directory)
    paths = [d / "action_heatmap.png", d / "gain_heatmap.png", d / "threshold_curves.png"]
    heatmaps(table, paths[0], paths[1])
    threshold_curves(table, paths[2])
    if table_scores(table):
        paths.append(d / "score_flips.png")
        score_flip_chart(table, paths[-1])
    return paths


__all__ = ["draw_all", "heatmaps", "score_flip_chart", "threshold_curves"]
