"""Charts (matplotlib, Agg backend, headless).  Writes only the file it is asked to write.

Agg is chosen unless a backend already was (pyplot imported, or ``MPLBACKEND`` set, as a Jupyter
kernel does for its inline backend): a result's ``plot()`` in a notebook then shows inline.
"""

from __future__ import annotations

import io
import os
import sys

import matplotlib

if "matplotlib.pyplot" not in sys.modules and not os.environ.get("MPLBACKEND"):
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


def text_colour(rgba) -> str:
    """``"k"`` or ``"w"``: the text colour readable on a cell of colour ``rgba`` (by its relative
    luminance, WCAG's formula: black on light cells, white on dark ones)."""
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgba[:3]]
    luminance = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    # the luminance where black and white text have the same contrast ratio
    return "k" if luminance > 0.179 else "w"


def label_cells(ax, im, texts, fontsize: float = 7) -> None:
    """Write ``texts[i][j]`` (skipping ``None``) on each cell of the image ``im`` drawn on ``ax``, each
    in the colour readable on that cell's own background (:func:`text_colour`)."""
    values = np.ma.getdata(im.get_array())
    for i, row in enumerate(texts):
        for j, text in enumerate(row):
            if text is not None:
                colour = text_colour(im.to_rgba(values[i, j]))
                ax.text(j, i, text, ha="center", va="center", fontsize=fontsize, color=colour)


def new_axes(figsize=(6, 4.2)):
    """A fresh figure with one Axes (Agg), for a result's ``plot(ax=None)``."""
    return plt.subplots(figsize=figsize)[1]


def draw_decision_values(ax, decisions):
    """Bars of each option's expected value with its 95% interval on ``ax``; returns ``ax``.

    ``decisions`` is one :class:`~euchre_stats.decide.questions.Decision` or a list (one per play
    model, drawn side by side).
    """
    if not isinstance(decisions, (list, tuple)):
        decisions = [decisions]
    d0 = decisions[0]
    actions = [o.action for o in d0.options]
    width = 0.8 / len(decisions)
    x = np.arange(len(actions))
    for j, d in enumerate(decisions):
        by = {o.action: o for o in d.options}
        ev = np.array([by[a].ev for a in actions])
        lo = np.array([by[a].ev - by[a].ev_ci[0] for a in actions])
        hi = np.array([by[a].ev_ci[1] - by[a].ev for a in actions])
        ax.bar(x + j * width, ev, width, yerr=[lo, hi], capsize=4, label=f"{d.model} play")
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xticks(x + width * (len(decisions) - 1) / 2, actions, rotation=30, ha="right")
    unit = "tricks" if d0.value_unit == "tricks" else "points (ours - theirs)"
    ax.set_ylabel(f"expected {unit}")
    ax.set_title(f"{d0.kind}: {d0.inputs.get('hand', '')}  (n={d0.samples:,}, 95% CI)")
    ax.legend()
    return ax


def draw_decision_tricks(ax, d):
    """Each option's distribution of our side's tricks, stacked bars on ``ax``; returns ``ax``."""
    actions = [o.action for o in d.options]
    x = np.arange(len(actions))
    dist = np.array([o.tricks for o in d.options])
    bottom = np.zeros(len(actions))
    cmap = plt.get_cmap("RdYlGn")
    for k in range(dist.shape[1]):
        ax.bar(x, dist[:, k], 0.6, bottom=bottom, color=cmap(k / max(1, dist.shape[1] - 1)),
               label=f"{k} tricks")
        bottom += dist[:, k]
    ax.set_xticks(x, actions, rotation=30, ha="right")
    ax.set_ylabel("probability (our side's tricks)")
    ax.set_title(f"trick distribution ({d.model} play)")
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1, 1))
    return ax


def draw_distributions(ax, series: dict, xlabel: str, ylabel: str, title: str):
    """Grouped bars: one group per position ``0..k`` of the lists in ``series`` (name -> values)."""
    width = 0.8 / max(1, len(series))
    longest = max(len(v) for v in series.values())
    for j, (name, values) in enumerate(series.items()):
        ax.bar(np.arange(len(values)) + j * width, values, width, label=name)
    ax.set_xticks(np.arange(longest) + width * (len(series) - 1) / 2, [str(k) for k in range(longest)])
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize=8)
    return ax


def plot_decision(decisions, path: str) -> None:
    """Expected value with its 95% interval per option, and each option's trick distribution.

    ``decisions`` is one :class:`~euchre_stats.decide.questions.Decision` or a list (one per play model).
    """
    if not isinstance(decisions, (list, tuple)):
        decisions = [decisions]
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2))
    draw_decision_values(ax1, decisions)
    draw_decision_tricks(ax2, decisions[0])
    save_figure(fig, path)


#: the two panels of a variants chart: (figure, label) pairs and the y axis
VARIANT_PANELS = {
    "probabilities": ([("p_make", "P(make)"), ("p_march", "P(march)"), ("p_euchre", "P(euchre)"),
                       ("loner_march", "loner march"), ("dealer_side_makes", "dealer's side makes trump")],
                      "probability"),
    "points": ([("dealer_side_advantage", "dealer's side advantage"),
                ("dealer_side_order_points", "dealer's side accepts: net points"),
                ("eldest_side_order_points", "eldest's side orders: net points")], "points per hand"),
}


def draw_variants(ax, r, panel: str = "probabilities", panels: dict | None = None):
    """One panel of :data:`VARIANT_PANELS` (or of ``panels``): bars per deck with 95% intervals on
    ``ax``; returns ``ax``.

    ``r`` is a :class:`~euchre_stats.variants.simulate.VariantsResult` (or any result with
    ``decks`` of :class:`~euchre_stats.variants.simulate.DeckOutcome`).
    """
    panels = VARIANT_PANELS if panels is None else panels
    if panel not in panels:
        raise ValueError(f"unknown panel {panel!r}: expected one of {', '.join(panels)}")
    figs, ylabel = panels[panel]
    x = np.arange(len(figs))
    width = 0.8 / len(r.decks)
    for j, d in enumerate(r.decks):
        v = np.array([d.figures[k].value for k, _ in figs])
        # clipped: a Wilson bound of a share of 0 or 1 can sit a rounding error beyond the share
        lo = np.clip(np.nan_to_num(v - np.array([d.figures[k].low for k, _ in figs])), 0, None)
        hi = np.clip(np.nan_to_num(np.array([d.figures[k].high for k, _ in figs]) - v), 0, None)
        ax.bar(x + j * width, np.nan_to_num(v), width, yerr=[lo, hi], capsize=3,
               label=f"{d.deck} cards ({d.rules.hand_size} each)")
    ax.set_xticks(x + width * (len(r.decks) - 1) / 2, [t for _, t in figs], rotation=25, ha="right")
    ax.set_ylabel(ylabel)
    ax.axhline(0, color="grey", lw=0.8)
    return ax


def variants_title(r) -> str:
    return f"deck variants: {r.samples:,} deals each, seed {r.seed}, {r.model} play (95% CI)"


def plot_variants(r, path: str, panels: dict | None = None) -> None:
    """Bars per deck with 95% intervals: make/march/euchre shares, and the dealer's-side points
    (or the two panels of ``panels``).

    ``r`` is a :class:`~euchre_stats.variants.simulate.VariantsResult` (or a result like it).
    """
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(12, 4.2))
    draw_variants(ax1, r, "probabilities", panels)
    draw_variants(ax2, r, "points", panels)
    ax1.set_title(variants_title(r) if panels is None else r.plot_title())
    ax2.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1, 1))
    save_figure(fig, path)
