"""Charts (matplotlib, Agg backend, headless).  Writes only the file it is asked to write.

Agg is chosen unless a backend already was (pyplot imported, or ``MPLBACKEND`` set, as a Jupyter
kernel does for its inline backend): a result's ``plot()`` in a notebook then shows inline.
"""

from __future__ import annotations

import io
import os
import sys
import textwrap

import matplotlib

if "matplotlib.pyplot" not in sys.modules and not os.environ.get("MPLBACKEND"):
    matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from ..core.cards import JOKER, SUITS, parse_card  # noqa: E402
from ..core.errors import FormatError, OutputError  # noqa: E402
from .atomic import atomic_write  # noqa: E402
from .results import inputs_text  # noqa: E402

#: the label of the bar of the recommended option (and its ``gid``, which tests look for)
RECOMMENDED = "recommended"
#: play models as a chart title names them
MODEL_TITLES = {"dd": "double-dummy play", "pimc": "realistic play"}


def save_figure(fig, path: str) -> None:
    """Save atomically: a half-written chart is never left behind."""
    ext = os.path.splitext(path)[1].lower() or ".png"
    if ext not in (".png", ".svg", ".pdf"):
        plt.close(fig)
        raise FormatError(f"cannot draw to {path!r}: use a .png, .svg or .pdf file")
    directory = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(directory):
        plt.close(fig)
        raise OutputError(f"cannot draw to {path!r}: folder {directory!r} does not exist")
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
    """A fresh figure with one Axes (Agg), for a result's ``plot(ax=None)``: laid out by matplotlib's
    constrained layout, so that a long title and rotated tick labels stay inside the figure."""
    return plt.subplots(figsize=figsize, layout="constrained")[1]


def decision_title(decisions) -> str:
    """The context of a decision chart, for its title: the question and its inputs (hand, upcard or
    turned-down card, seat, trump where known), then the play model(s) and the rules' name.

    ``decisions`` is one :class:`~euchre_stats.decide.result.Decision` or a list (one per play model).
    """
    decisions = _as_list(decisions)
    d0 = decisions[0]
    inputs = dict(d0.inputs)
    if "trump" not in inputs and d0.kind == "discard":  # the upcard taken up names trump
        up = parse_card(inputs["upcard"])
        if up != JOKER:
            inputs["trump"] = SUITS[up >> 3]
    models = " vs ".join(MODEL_TITLES.get(d.model, d.model) for d in decisions)
    # lines of at most 72 characters: a long question stays inside a figure six inches wide
    return "\n".join(textwrap.fill(line, 72) for line in (f"{d0.kind}: {inputs_text(inputs)}",
                                                         f"{models}, rules: {d0.rules.name}, seed {d0.seed}"))


def _as_list(decisions) -> list:
    return list(decisions) if isinstance(decisions, (list, tuple)) else [decisions]


def by_p_win(d) -> bool:
    """Whether the decision ``d`` was asked at a score (``--score``): it recommends by P(win)."""
    return bool(d.options) and all("p_win" in o.extra for o in d.options)


def option_labels(d) -> list[str]:
    """The options' tick labels: as the text table names them (``diamonds``, the dealer's ``pick up``),
    with the discard of an option that has one (the dealer's)."""
    label = getattr(d, "label", lambda a: a)
    return [label(o.action) + (f"\n(discard {o.extra['discard']})" if o.extra.get("discard") else "")
            for o in d.options]


def _mark_recommended(ax, actions: list[str], recommendation: str) -> None:
    """The recommended option's tick label in bold (the bar itself is outlined by its drawer)."""
    for label, action in zip(ax.get_xticklabels(), actions):
        if action == recommendation:
            label.set_fontweight("bold")


def draw_decision_values(ax, decisions, context: bool = True):
    """Bars of each option's expected value with its 95% interval on ``ax``; returns ``ax``.

    ``decisions`` is one :class:`~euchre_stats.decide.result.Decision` or a list (one per play
    model, drawn side by side).  Each model's recommended option is outlined in black and labelled
    ``recommended`` (its bar's ``gid``).  ``context``: the title names the hand, upcard, seat, trump,
    model and rules (:func:`decision_title`); a figure that says them in its own title passes False.
    """
    decisions = _as_list(decisions)
    d0 = decisions[0]
    actions = [o.action for o in d0.options]
    width = 0.8 / len(decisions)
    x = np.arange(len(actions))
    chosen: dict[int, list] = {}  # option -> (model, top of its bar) of each model recommending it
    win = all(by_p_win(d) for d in decisions)  # at a score the options are ranked by P(win): draw that
    for j, d in enumerate(decisions):
        by = {o.action: o for o in d.options}
        if win:
            ev = np.array([by[a].extra["p_win"] for a in actions])
            lo = np.clip(np.array([by[a].extra["p_win"] - by[a].extra["p_win_ci"][0] for a in actions]), 0, None)
            hi = np.clip(np.array([by[a].extra["p_win_ci"][1] - by[a].extra["p_win"] for a in actions]), 0, None)
        else:
            ev = np.array([by[a].ev for a in actions])
            lo = np.array([by[a].ev - by[a].ev_ci[0] for a in actions])
            hi = np.array([by[a].ev_ci[1] - by[a].ev for a in actions])
        bars = ax.bar(x + j * width, ev, width, yerr=[lo, hi], capsize=4, label=f"{d.model} play")
        if d.recommendation in actions:
            k = actions.index(d.recommendation)
            bar = bars.patches[k]
            bar.set_edgecolor("black")
            bar.set_linewidth(2.5)
            bar.set_gid(RECOMMENDED)
            chosen.setdefault(k, []).append((d.model, max(ev[k] + hi[k], 0.0)))
    for k, picks in chosen.items():  # one label per option, over its group of bars
        models = (f"\n({', '.join(m for m, _ in picks)})" if len(decisions) > 1
                  else "\n(too close to call)" if d0.too_close else "")
        ax.annotate(RECOMMENDED + models, (x[k] + width * (len(decisions) - 1) / 2, max(t for _, t in picks)),
                    xytext=(0, 4), textcoords="offset points", ha="center", va="bottom", fontsize=8,
                    fontweight="bold")
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xticks(x + width * (len(decisions) - 1) / 2, option_labels(d0), rotation=30, ha="right")
    _mark_recommended(ax, actions, d0.recommendation)
    ax.margins(y=0.2)
    unit = {"tricks": "tricks", "points_vs_others": "points (mine - the others' mean)"}.get(d0.value_unit,
                                                                                            "points (ours - theirs)")
    if win:
        score = (d0.inputs.get("game") or {}).get("score") or d0.inputs.get("score", "")
        ax.set_ylabel(f"P(win the game) from {score}")
        what = f"P(win the game) per option, which ranks them (n={d0.samples:,}, 95% CI)"
    else:
        ax.set_ylabel(f"expected {unit}")
        what = f"expected value per option (n={d0.samples:,}, 95% CI)"
    ax.set_title(f"{decision_title(decisions)}\n{what}" if context else what, fontsize=9 if context else None)
    ax.legend()
    return ax


def draw_decision_tricks(ax, d):
    """Each option's distribution of our side's tricks, stacked bars on ``ax``; returns ``ax``.
    The recommended option's bar is outlined and its label is bold."""
    actions = [o.action for o in d.options]
    x = np.arange(len(actions))
    dist = np.array([o.tricks for o in d.options])
    bottom = np.zeros(len(actions))
    cmap = plt.get_cmap("RdYlGn")
    for k in range(dist.shape[1]):
        ax.bar(x, dist[:, k], 0.6, bottom=bottom, color=cmap(k / max(1, dist.shape[1] - 1)),
               label=f"{k} trick{'' if k == 1 else 's'}")
        bottom += dist[:, k]
    thrown = np.clip(1.0 - bottom, 0.0, None)  # a pass whose hand is thrown in plays no trick
    thrown[thrown < 1e-9] = 0.0
    if thrown.any():
        ax.bar(x, thrown, 0.6, bottom=bottom, color="lightgrey", hatch="//", label="thrown in")
        bottom += thrown
    if d.recommendation in actions:
        k = actions.index(d.recommendation)
        outline = ax.bar(x[k], bottom[k], 0.6, fill=False, edgecolor="black", linewidth=2.5)
        outline.patches[0].set_gid(RECOMMENDED)
    ax.set_xticks(x, option_labels(d), rotation=30, ha="right")
    _mark_recommended(ax, actions, d.recommendation)
    ax.set_ylabel("probability (our side's tricks)")
    ax.set_title(f"trick distribution ({MODEL_TITLES.get(d.model, d.model)}, seed {d.seed}; recommended in bold)",
                 fontsize=9)
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


def decision_figure(decisions):
    """The figure of ``--plot``: each option's expected value with its 95% interval, and each option's
    trick distribution, under a title naming the question's context (:func:`decision_title`)."""
    decisions = _as_list(decisions)
    n = 1 + len(decisions)  # the values, then each model's trick distribution
    fig, axes = plt.subplots(1, n, figsize=(5.5 * n, 4.8), layout="constrained")
    draw_decision_values(axes[0], decisions, context=False)
    for ax, d in zip(axes[1:], decisions):
        draw_decision_tricks(ax, d)
    fig.suptitle(decision_title(decisions), fontsize=10)
    return fig


def plot_decision(decisions, path: str) -> None:
    """:func:`decision_figure` written atomically to ``path`` (.png/.svg/.pdf).

    ``decisions`` is one :class:`~euchre_stats.decide.result.Decision` or a list (one per play model).
    """
    save_figure(decision_figure(decisions), path)


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

    ``r`` is a :class:`~euchre_stats.study.simulate.VariantsResult` (or any result with
    ``decks`` of :class:`~euchre_stats.study.simulate.DeckOutcome`).
    """
    panels = VARIANT_PANELS if panels is None else panels
    if panel not in panels:
        raise FormatError(f"unknown panel {panel!r}: expected one of {', '.join(panels)}")
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
    """The title of a variants chart: the deals, seed, play model and rules' name."""
    return (f"deck variants: {r.samples:,} deals each, seed {r.seed}, {MODEL_TITLES.get(r.model, r.model)}, "
            f"rules: {r.rules.name} (95% CI)")


def plot_variants(r, path: str, panels: dict | None = None) -> None:
    """Bars per deck with 95% intervals: make/march/euchre shares, and the dealer's-side points
    (or the two panels of ``panels``).

    ``r`` is a :class:`~euchre_stats.study.simulate.VariantsResult` (or a result like it).
    """
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(12, 4.2))
    draw_variants(ax1, r, "probabilities", panels)
    draw_variants(ax2, r, "points", panels)
    ax1.set_title(variants_title(r) if panels is None else r.plot_title())
    ax2.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1, 1))
    save_figure(fig, path)
