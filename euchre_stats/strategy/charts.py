"""Charts of a strategy table (matplotlib, Agg): action and gain heatmaps, per-seat threshold curves,
for a table with scores, where the recommendation flips with the score, and a printable strategy
sheet per seat (the answer by trump holding and off-suit aces).

Reads a finished table (a DataFrame); writes only the chart files it is asked for,
atomically through :func:`euchre_stats.output.plots.save_figure`.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from ..core.seats import SEAT_NAMES
from ..output.plots import label_cells, plt, save_figure
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


def _context(table: pd.DataFrame, about: str | None) -> str:
    """The seats a chart shows, then ``about`` (the play model, rules and deals of the run) if known."""
    seats = _seats(table)
    return f"seat{'s' if len(seats) > 1 else ''}: {', '.join(seats)}" + (f"; {about}" if about else "")


def heatmaps(table: pd.DataFrame, action_path, gain_path, about: str | None = None) -> None:
    """Heatmaps by (seat x trump count x off-suit aces): the most-recommended action, and the gain.

    Every seat's panel shares one colour scale (the one colour bar's); each cell's label is black or
    white by its own colour.  ``about`` (the play model, rules and deals, when known) goes in the title
    beside the seats."""
    s = summarise(table, ["trump_count", "off_aces"])
    act = _act(s)
    seats = _seats(table)
    trumps = sorted(int(x) for x in s["trump_count"].unique())
    aces = sorted(int(x) for x in s["off_aces"].unique())
    gains = {seat: _grid(s, seat, f"mean_gain_{act}", trumps, aces) for seat in seats}
    finite = [np.abs(g[np.isfinite(g)]) for g in gains.values()]
    lim = max((float(a.max()) for a in finite if a.size), default=0.0) or 1.0  # one scale for every panel
    for path, kind in ((action_path, "action"), (gain_path, "gain")):
        fig, axes = plt.subplots(1, len(seats), figsize=(3.4 * len(seats) + 1, 4.1), squeeze=False,
                                 layout="constrained")
        for ax, seat in zip(axes[0], seats):
            if kind == "action":
                shares = np.stack([_grid(s, seat, f"share_{a}", trumps, aces)
                                   for a in ("pass", act, "alone")])
                most = np.where(np.isnan(shares).all(axis=0), np.nan, np.nanargmax(np.nan_to_num(shares, nan=-1),
                                                                                      axis=0))
                im = ax.imshow(most, cmap=plt.get_cmap("viridis", 3), vmin=-0.5, vmax=2.5, origin="lower",
                               aspect="auto")
                texts = [[None if np.isnan(m) else f"{('P', act[0].upper(), 'A')[int(m)]}\n"
                          f"{shares[int(m), i, j]:.0%}" for j, m in enumerate(row)] for i, row in enumerate(most)]
            else:
                g = gains[seat]
                im = ax.imshow(g, cmap="RdBu", vmin=-lim, vmax=lim, origin="lower", aspect="auto")
                texts = [[f"{v:+.2f}" if np.isfinite(v) else None for v in row] for row in g]
            label_cells(ax, im, texts)
            ax.set_xticks(range(len(aces)), aces)
            ax.set_yticks(range(len(trumps)), trumps)
            ax.set_xlabel("off-suit aces")
            if ax is axes[0][0]:
                ax.set_ylabel("trumps held")
            ax.set_title(seat)
        if kind == "action":
            cb = fig.colorbar(im, ax=axes[0].tolist(), ticks=[0, 1, 2])
            cb.ax.set_yticklabels(["pass", act, "alone"])
            what = "most recommended action (share of hands), weighted by multiplicity"
        else:
            fig.colorbar(im, ax=axes[0].tolist(), label="points (one scale for every seat)")
            what = f"mean gain of {act}ing over passing (points), weighted by multiplicity"
        fig.suptitle(f"{what}\n{_context(table, about)}", fontsize=10)
        save_figure(fig, str(path))


def threshold_curves(table: pd.DataFrame, path, about: str | None = None) -> None:
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
    ax.set_title(f"threshold curves\n{_context(table, about)}", fontsize=10)
    ax.legend(fontsize=7)
    save_figure(fig, str(path))


def score_flip_chart(table: pd.DataFrame, path, about: str | None = None) -> None:
    """One row per seat: the share of hands recommended each action by points and at each score (left),
    and the share whose recommendation changes from the points one, by change and score (right).

    Every seat's changes share one colour scale (0 to the largest share of any seat)."""
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
                             gridspec_kw={"width_ratios": [len(scores) + 1, len(scores)]}, layout="constrained")
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
        im = ax.imshow(g, cmap="Reds", vmin=0, vmax=top, aspect="auto")
        label_cells(ax, im, [[f"{v:.1%}" if v > 0 else None for v in row] for row in g], fontsize=6)
        ax.set_xticks(range(len(scores)), scores if j == len(seats) - 1 else [""] * len(scores), rotation=60,
                      fontsize=7)
        ax.set_yticks(range(len(kinds)), names, fontsize=6)
        if j == 0:
            ax.set_title("hands whose answer changes from the points one (tie: both win as often)", fontsize=9)
    axes[-1][0].set_xlabel("score (us-them)")
    axes[-1][1].set_xlabel("score (us-them)")
    fig.suptitle(f"recommendation by the chance of winning the game, by score\n{_context(table, about)}",
                 fontsize=10)
    save_figure(fig, str(path))


#: a trump holding's cards, strongest first, for ordering the sheet's rows
_HOLDING_RANK = {"Jk": 7, "R": 6, "L": 5, "A": 4, "K": 3, "Q": 2, "x": 1}
#: each answer's letter and colour on a strategy sheet (round one, then round two's calls)
_SHEET_CODES = {"pass": ("-", "#eeeeee"), "order": ("O", "#9ecae1"), "order alone": ("A", "#fd8d3c"),
                "next": ("N", "#9ecae1"), "green1": ("G", "#c7e9c0"), "green2": ("G", "#c7e9c0"),
                "next alone": ("NA", "#fd8d3c"), "green1 alone": ("GA", "#fdae6b"),
                "green2 alone": ("GA", "#fdae6b")}


def _holding_key(holding: str) -> tuple:
    cards = [] if holding == "-" else holding.split()
    return (len(cards), [_HOLDING_RANK[c] for c in cards])


def sheet_cells(table: pd.DataFrame, seat: str) -> pd.DataFrame:
    """A seat's strategy sheet as data: per trump holding (the label's left part) and off-suit aces,
    the answer recommended for most of its hands, weighted by multiplicity, and that answer's share; with a
    ``too_close`` column in ``table``, also the share of the cell's hands (by multiplicity) whose row is too
    close to call (``too_close``).  Rows strongest holding first (more trumps, then higher ones)."""
    t = table[table["seat"] == seat]
    t = t.assign(holding=t["label"].str.split("|").str[0].str.strip(), weight=t["multiplicity"].astype(float))
    shares = t.groupby(["holding", "off_aces", "best"])["weight"].sum()
    totals = shares.groupby(level=[0, 1]).transform("sum")
    shares = (shares / totals).rename("share").reset_index()
    top = shares.sort_values(["holding", "off_aces", "share", "best"], ascending=[True, True, False, True])
    top = top.drop_duplicates(["holding", "off_aces"]).rename(columns={"best": "answer"})
    if "too_close" in t.columns:
        close = t.assign(c=t["weight"] * t["too_close"].astype(float)).groupby(["holding", "off_aces"])
        close = (close["c"].sum() / close["weight"].sum()).rename("too_close").reset_index()
        top = top.merge(close, on=["holding", "off_aces"], how="left")
    order = sorted(top["holding"].unique(), key=_holding_key, reverse=True)
    top["rank"] = top["holding"].map({h: i for i, h in enumerate(order)})
    return top.sort_values(["rank", "off_aces"]).drop(columns="rank").reset_index(drop=True)


def sheet_text(letter: str, cell) -> str:
    """A sheet cell's text: the answer's letter and its share, ``≈`` after them when most of the cell's hands
    are too close to call."""
    return f"{letter} {cell['share']:.0%}" + (" ≈" if cell.get("too_close", 0.0) > 0.5 else "")


def strategy_sheet(table: pd.DataFrame, seat: str, path, about: str | None = None) -> None:
    """One printable page (A4 portrait) for ``seat``: rows the trump holdings (``R L A x``: right and
    left bower, ace, king, queen of trump, ``x`` a lower trump), columns the off-suit aces; each cell
    the answer for most of its hands (``O`` order, ``A`` alone, ``-`` pass; round two ``N`` next,
    ``G`` green, ``NA``/``GA`` alone) with its share, and ``≈`` after it where most of the cell's hands are
    too close to call (the table's ``too_close``: either answer is inside the table's noise there).  Needs
    the table's ``label`` column."""
    cells = sheet_cells(table, seat)
    holdings = list(dict.fromkeys(cells["holding"]))
    aces = sorted(int(a) for a in cells["off_aces"].unique())
    fig, ax = plt.subplots(figsize=(8.27, 11.69))
    ax.set_xlim(-0.5, len(aces) - 0.5)
    ax.set_ylim(len(holdings) - 0.5, -0.5)
    size = max(4.0, min(9.0, 700 / max(len(holdings), 1)))
    for _, r in cells.iterrows():
        i, j = holdings.index(r["holding"]), aces.index(int(r["off_aces"]))
        letter, colour = _SHEET_CODES.get(r["answer"], (r["answer"], "white"))
        ax.add_patch(plt.Rectangle((j - 0.5, i - 0.5), 1, 1, color=colour, lw=0))
        ax.text(j, i, sheet_text(letter, r), ha="center", va="center", fontsize=size)
    ax.set_xticks(range(len(aces)), [f"{a} off-suit ace{'s' if a != 1 else ''}" for a in aces], fontsize=8)
    ax.xaxis.tick_top()
    ax.set_yticks(range(len(holdings)), holdings, fontsize=size)
    ax.set_ylabel("trump holding (R right bower, L left, A K Q of trump, x a lower trump)", fontsize=8)
    round_two = not set(cells["answer"]) <= {"pass", "order", "order alone"}
    legend = ("N call next, G call green, NA / GA alone, - pass" if round_two
              else "O order up (dealer: pick up), A order alone, - pass")
    close = ("\n≈ most of the cell's hands are too close to call (either answer within the table's noise)"
             if "too_close" in cells.columns else "")
    title = (f"strategy sheet: {seat}, {'round two' if round_two else 'round one'}" + "\n" + legend
             + "; the share of the holding's hands (by multiplicity) the answer is best for" + close
             + ("\n" + about if about else ""))
    fig.suptitle(title, fontsize=9)
    fig.tight_layout()
    save_figure(fig, str(path))


def draw_all(table: pd.DataFrame, directory, about: str | None = None) -> list[Path]:
    """Every chart of a table into ``directory``; returns the paths.  ``about`` (the play model, rules and
    deals of the run) goes into every title beside the seats."""
    d = Path(directory)
    paths = [d / "action_heatmap.png", d / "gain_heatmap.png", d / "threshold_curves.png"]
    heatmaps(table, paths[0], paths[1], about)
    threshold_curves(table, paths[2], about)
    if table_scores(table):
        paths.append(d / "score_flips.png")
        score_flip_chart(table, paths[-1], about)
    if "label" in table.columns:
        for seat in _seats(table):
            paths.append(d / f"sheet_{seat}.png")
            strategy_sheet(table, seat, paths[-1], about)
    return paths


__all__ = ["draw_all", "heatmaps", "score_flip_chart", "sheet_cells", "sheet_text", "strategy_sheet",
           "threshold_curves"]
