"""Charts of a strategy table (matplotlib, Agg): action and gain heatmaps, per-seat threshold curves.

Reads a finished table (a DataFrame); writes only the chart files it is asked for,
atomically through :func:`euchre_stats.output.plots.save_figure`.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from ..core.seats import SEAT_NAMES
from ..output.plots import plt, save_figure
from .summary import summarise

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


def draw_all(table: pd.DataFrame, directory) -> list[Path]:
    """Every chart of a table into ``directory``; returns the paths."""
    d = Path(directory)
    paths = [d / "action_heatmap.png", d / "gain_heatmap.png", d / "threshold_curves.png"]
    heatmaps(table, paths[0], paths[1])
    threshold_curves(table, paths[2])
    return paths


__all__ = ["draw_all", "heatmaps", "threshold_curves"]
