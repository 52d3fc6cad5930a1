"""Charts (matplotlib, Agg backend, headless).  Writes only the file it is asked to write."""

from __future__ import annotations

import os
import tempfile

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def _save(fig, path: str) -> None:
    """Save atomically: a half-written chart is never left behind."""
    directory = os.path.dirname(os.path.abspath(path)) or "."
    ext = os.path.splitext(path)[1].lower() or ".png"
    if ext not in (".png", ".svg", ".pdf"):
        raise ValueError(f"cannot draw to {path!r}: use a .png, .svg or .pdf file")
    fd, tmp = tempfile.mkstemp(dir=directory, suffix=ext)
    os.close(fd)
    try:
        fig.savefig(tmp, dpi=120, bbox_inches="tight")
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
        plt.close(fig)


def plot_decision(decisions, path: str) -> None:
    """Expected value with its 95% interval per option, and each option's trick distribution.

    ``decisions`` is one :class:`~euchre_stats.decisions.Decision` or a list (one per play model).
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
    _save(fig, path)
