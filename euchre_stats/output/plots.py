"""Charts (matplotlib, Agg backend, headless).  Writes only the file it is asked to write."""

from __future__ import annotations

import io
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from .atomic import atomic_write  # noqa: E402


def save_figure(fig, path: str) -> None:
    """Save atomically: a half-written chart is never left behind."""
    ext = os.path.splitext(path)[1].lower() or ".png"
    if ext not in (".png", ".svg", ".pdf"):
        plt.close(fig)
        raise ValueError(f"cannot draw to {path!r}: use a .png, .svg or .pdf file")
    directory = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(directory):
        plt.close(fig)
        raise ValueError(f"cannot draw to {path!r}: folder {directory!r} does not exist")
    buf = io.BytesIO()
    try:
        fig.savefig(buf, format=ext[1:], dpi=120, bbox_inches="tight")
    finally:
        plt.close(fig)
    atomic_write(path, buf.getvalue())


def plot_decision(decisions, path: str) -> None:
    """Expected value with its 95% interval per option, and each option's trick distribution.

    ``decisions`` is one :class:`~euchre_stats.decide.questions.Decision` or a list (one per play model).
    """
    if not isinstance(decisions, (list, tuple)):
        decisions = [decisions]
    d0 = decisions[0]
    actions = [o.action for o in d0.options]
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2))
    width = 0.8 / len(decisions)
    x = np.arange(len(actions))
    for j, d in enumerate(decisions):
        by = {o.action: o for o in d.options}
        ev = np.array([by[a].ev for a in actions])
        lo = np.array([by[a].ev - by[a].ev_ci[0] for a in actions])
        hi = np.array([by[a].ev_ci[1] - by[a].ev for a in actions])
        ax1.bar(x + j * width, ev, width, yerr=[lo, hi], capsize=4, label=f"{d.model} play")
    ax1.axhline(0, color="grey", lw=0.8)
    ax1.set_xticks(x + width * (len(decisions) - 1) / 2, actions, rotation=30, ha="right")
    unit = "tricks" if d0.value_unit == "tricks" else "points (ours - theirs)"
    ax1.set_ylabel(f"expected {unit}")
    ax1.set_title(f"{d0.kind}: {d0.inputs.get('hand', '')}  (n={d0.samples:,}, 95% CI)")
    ax1.legend()
    dist = np.array([o.tricks for o in d0.options])
    bottom = np.zeros(len(actions))
    cmap = plt.get_cmap("RdYlGn")
    for k in range(dist.shape[1]):
        ax2.bar(x, dist[:, k], 0.6, bottom=bottom, color=cmap(k / max(1, dist.shape[1] - 1)),
                label=f"{k} tricks")
        bottom += dist[:, k]
    ax2.set_xticks(x, actions, rotation=30, ha="right")
    ax2.set_ylabel("probability (our side's tricks)")
    ax2.set_title(f"trick distribution ({d0.model} play)")
    ax2.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1, 1))
    save_figure(fig, path)


def plot_variants(r, path: str) -> None:
    """Bars per deck with 95% intervals: make/march/euchre shares, and the dealer's-side points.

    ``r`` is a :class:`~euchre_stats.variants.simulate.VariantsResult`.
    """
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(12, 4.2))
    groups = [("p_make", "P(make)"), ("p_march", "P(march)"), ("p_euchre", "P(euchre)"),
              ("loner_march", "loner march"), ("dealer_side_makes", "dealer's side makes trump")]
    for ax, figs, ylabel in ((ax1, groups, "probability"),
                             (ax2, [("dealer_side_advantage", "dealer's side advantage"),
                                    ("dealer_side_order_points", "dealer's side accepts: net points"),
                                    ("eldest_side_order_points", "eldest's side orders: net points")],
                              "points per hand")):
        x = np.arange(len(figs))
        width = 0.8 / len(r.decks)
        for j, d in enumerate(r.decks):
            v = np.array([d.figures[k].value for k, _ in figs])
            lo = np.nan_to_num(v - np.array([d.figures[k].low for k, _ in figs]))
            hi = np.nan_to_num(np.array([d.figures[k].high for k, _ in figs]) - v)
            ax.bar(x + j * width, np.nan_to_num(v), width, yerr=[lo, hi], capsize=3,
                   label=f"{d.deck} cards ({d.rules.hand_size} each)")
        ax.set_xticks(x + width * (len(r.decks) - 1) / 2, [t for _, t in figs], rotation=25, ha="right")
        ax.set_ylabel(ylabel)
        ax.axhline(0, color="grey", lw=0.8)
    ax1.set_title(f"deck variants: {r.samples:,} deals each, seed {r.seed}, {r.model} play (95% CI)")
    ax2.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1, 1))
    save_figure(fig, path)
