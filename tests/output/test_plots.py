"""The decision and variants charts: each renders to a PNG that reads back; a decision chart's title
names the hand, upcard, seat, trump, play model and rules, and the recommended option is marked."""

from __future__ import annotations

from types import SimpleNamespace

import matplotlib.image
import numpy as np
import pytest

from euchre_stats.core.stats import Estimate
from euchre_stats.decide.result import Decision, ModelComparison, OptionResult
from euchre_stats.output import plots
from euchre_stats.rules import NORTH_AMERICAN, PRESETS
from euchre_stats.study.games import GAME_PANELS
from euchre_stats.study.simulate import FIGURES, DeckOutcome, VariantsResult

#: one question of each kind, as its public function fills ``inputs``
INPUTS = {
    "order": {"hand": "Jh Jd Ah 9s Tc", "upcard": "9h", "seat": "eldest"},
    "call": {"hand": "Jd Ad Kd 9c Tc", "turned_down": "9h", "seat": "third"},
    "discard": {"hand": "Js Jc As Kh 9d Td", "upcard": "Js", "maker": "dealer", "alone": False},
    "lead": {"hand": "Ah Kc Qc 9s", "trump": "h", "maker": "eldest", "seat": "eldest", "alone": False,
             "tricks": ["Jh 9h Th Qh"], "up": None, "side": "makers"},
    "alone": {"hand": "Jh Jd Ah Kh Qh", "trump": "h", "maker": "eldest", "seat": "third", "up": "9h",
              "round": 1, "maker_alone": False},
}
ACTIONS = {"order": ["pass", "order", "order alone"], "call": ["pass", "d", "d alone", "c"],
           "discard": ["Kh", "9d", "Td"], "lead": ["Ah", "Kc", "9s"], "alone": ["with partner", "alone"]}
#: what each title must say about the question
SAYS = {"order": ["Jh Jd Ah 9s Tc", "upcard 9h", "seat eldest"],
        "call": ["Jd Ad Kd 9c Tc", "turned down 9h", "seat third"],
        "discard": ["Js Jc As Kh 9d Td", "upcard Js", "trump spades"],
        "lead": ["Ah Kc Qc 9s", "trump hearts", "seat eldest", "tricks Jh 9h Th Qh"],
        "alone": ["Jh Jd Ah Kh Qh", "trump hearts", "seat third", "up 9h"]}


def _decision(kind: str, model: str = "pimc", best: int = 1, rules=NORTH_AMERICAN) -> Decision:
    rng = np.random.default_rng(len(kind))
    options = []
    for k, a in enumerate(ACTIONS[kind]):
        ev = 1.0 if k == best else float(rng.uniform(-1, 0.5))
        tricks = list(rng.dirichlet(np.ones(6)))
        options.append(OptionResult(a, ev, (ev - 0.2, ev + 0.2), 0.6, 0.1, 0.4, 500, 0.1, tricks))
    return Decision(kind, INPUTS[kind], rules, 7, 500, model, options, [], ACTIONS[kind][best], False)


def _png(path) -> None:
    assert path.exists() and path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    img = matplotlib.image.imread(path)
    assert img.ndim == 3 and min(img.shape[:2]) > 100


def _marked(ax) -> list:
    return [p for p in ax.patches if p.get_gid() == plots.RECOMMENDED]


@pytest.mark.parametrize("kind", list(INPUTS))
def test_decision_plot_renders_with_its_context_in_the_title(kind, tmp_path):
    d = _decision(kind, rules=PRESETS["british"])
    fig = plots.decision_figure(d)
    title = fig._suptitle.get_text().replace("\n", " ")  # wrapped at spaces
    for text in SAYS[kind] + ["realistic play", "rules: british"]:
        assert text in title, (text, title)
    assert "['" not in title and ", h," not in title  # no Python list, no suit letter alone
    path = tmp_path / f"{kind}.png"
    d.save_plot(str(path))
    _png(path)


@pytest.mark.parametrize("kind", list(INPUTS))
def test_the_recommended_option_is_marked(kind):
    d = _decision(kind, best=len(ACTIONS[kind]) - 1)
    fig = plots.decision_figure(d)
    values, tricks = fig.axes[:2]
    k = ACTIONS[kind].index(d.recommendation)
    for ax in (values, tricks):
        bar, = _marked(ax)
        assert bar.get_x() < k < bar.get_x() + bar.get_width() + 0.5  # the recommended option's bar
        assert bar.get_edgecolor()[:3] == (0.0, 0.0, 0.0) and bar.get_linewidth() >= 2
        bold = [t.get_text() for t in ax.get_xticklabels() if t.get_fontweight() == "bold"]
        assert bold == [d.label(d.recommendation)]
    assert [t.get_text() for t in values.texts] == ["recommended"]
    matplotlib.pyplot.close(fig)


def test_a_model_comparison_marks_each_models_choice(tmp_path):
    c = ModelComparison(_decision("order", "dd", best=2), _decision("order", "pimc", best=1))
    fig = plots.decision_figure([c.dd, c.pimc])
    assert "double-dummy play vs realistic play" in fig._suptitle.get_text()
    assert sorted(t.get_text() for t in fig.axes[0].texts) == ["recommended\n(dd)", "recommended\n(pimc)"]
    assert len(_marked(fig.axes[0])) == 2
    matplotlib.pyplot.close(fig)
    c.save_plot(str(tmp_path / "c.png"))
    _png(tmp_path / "c.png")


def test_a_decisions_own_axes_carry_its_context():
    ax = _decision("lead").plot()
    assert "trump hearts" in ax.get_title() and "rules: north-american" in ax.get_title()
    assert len(_marked(ax)) == 1
    matplotlib.pyplot.close(ax.figure)


def _estimate(v: float) -> Estimate:
    return Estimate(v, v - 0.05, v + 0.05, 1000)


def test_variants_plot_renders_with_rules_and_model(tmp_path, monkeypatch):
    decks = [DeckOutcome(deck, NORTH_AMERICAN, 1000, {k: _estimate(0.3 + 0.01 * i) for i, k in enumerate(FIGURES)})
             for deck in ("24", "32")]
    r = VariantsResult(NORTH_AMERICAN, "pimc", 5, 1000, decks)
    seen = []
    save = plots.save_figure
    monkeypatch.setattr(plots, "save_figure", lambda fig, path: (seen.append(fig), save(fig, path)))
    r.save_plot(str(tmp_path / "v.png"))
    _png(tmp_path / "v.png")
    title = seen[0].axes[0].get_title()
    assert "realistic play" in title and "rules: north-american" in title and "seed 5" in title


def test_games_variants_plot_renders(tmp_path):
    figs = [k for panel in GAME_PANELS.values() for k, _ in panel[0]]
    decks = [SimpleNamespace(deck="24", rules=NORTH_AMERICAN, figures={k: _estimate(0.4) for k in figs})]
    r = SimpleNamespace(decks=decks, plot_title=lambda: "three-handed cutthroat beside four-handed")
    plots.plot_variants(r, str(tmp_path / "g.png"), GAME_PANELS)
    _png(tmp_path / "g.png")


def test_a_recommendation_too_close_to_call_says_so():
    d = _decision("discard")
    d.too_close = True
    fig = plots.decision_figure(d)
    assert [t.get_text() for t in fig.axes[0].texts] == ["recommended\n(too close to call)"]
    matplotlib.pyplot.close(fig)


def test_the_seed_is_in_every_title():
    d = _decision("order")
    fig = plots.decision_figure(d)
    assert "seed 7" in fig._suptitle.get_text() and "seed 7" in fig.axes[1].get_title()
    matplotlib.pyplot.close(fig)
    ax = d.plot()
    assert "seed 7" in ax.get_title()
    matplotlib.pyplot.close(ax.figure)


def test_at_a_score_the_chart_draws_the_chance_of_winning_the_game():
    """The recommendation is by P(win): the chart draws P(win), not the expected points."""
    d = _decision("order", best=1)
    wins = {"pass": 0.944, "order": 0.993, "order alone": 0.974}
    for o in d.options:
        o.extra.update(p_win=wins[o.action], p_win_ci=[wins[o.action] - 0.01, wins[o.action] + 0.01])
    d.inputs = {**d.inputs, "score": "9-8", "game": {"score": "9-8"}}
    fig = plots.decision_figure(d)
    values = fig.axes[0]
    heights = [p.get_height() for p in values.patches if p.get_gid() != "recommended" or True][:3]
    assert heights == pytest.approx([0.944, 0.993, 0.974])
    assert values.get_ylabel().startswith("P(win the game)") and "P(win" in values.get_title()
    matplotlib.pyplot.close(fig)


def test_a_model_comparison_draws_each_models_tricks():
    c = ModelComparison(_decision("order", "dd", best=2), _decision("order", "pimc", best=1))
    fig = plots.decision_figure([c.dd, c.pimc])
    assert len(fig.axes) == 3
    assert "double-dummy" in fig.axes[1].get_title() and "realistic" in fig.axes[2].get_title()
    matplotlib.pyplot.close(fig)


def test_the_tricks_of_a_thrown_in_pass_add_up_to_one():
    """A pass in round two may be thrown in (no tricks played): its share is drawn, so the bar reaches 1."""
    d = _decision("call", best=1)
    d.options[0].tricks = [0.2, 0.2, 0.2, 0.1, 0.1, 0.04]  # 0.84: the rest thrown in
    ax = plots.draw_decision_tricks(plots.new_axes(), d)
    assert "thrown in" in [t.get_text() for t in ax.get_legend().get_texts()]
    tops = [p.get_y() + p.get_height() for p in ax.patches if abs(p.get_x() + p.get_width() / 2) < 0.01]
    assert max(tops) == pytest.approx(1.0)
    matplotlib.pyplot.close(ax.figure)


def test_the_dealers_chart_names_the_discard_and_picks_up():
    d = _decision("order", best=1)
    d.inputs = {**d.inputs, "seat": "dealer"}
    d.options[1].extra["discard"] = "Tc"
    d.options[2].extra["discard"] = "9s"
    ax = d.plot()
    labels = [t.get_text() for t in ax.get_xticklabels()]
    assert labels == ["pass", "pick up\n(discard Tc)", "pick up alone\n(discard 9s)"]
    matplotlib.pyplot.close(ax.figure)


@pytest.mark.parametrize("kind", list(INPUTS))
def test_a_results_own_figure_keeps_its_title_and_labels_inside(kind):
    """``plot()`` with no Axes: the title (three lines of context) and the rotated option names are
    inside the figure, not clipped at its edges."""
    ax = _decision(kind).plot()
    fig = ax.figure
    fig.canvas.draw()
    box = fig.bbox
    for artist in [ax.title, *ax.get_xticklabels(), ax.yaxis.label]:
        ext = artist.get_window_extent()
        assert ext.x0 >= box.x0 - 1 and ext.x1 <= box.x1 + 1 and ext.y0 >= box.y0 - 1 and ext.y1 <= box.y1 + 1, \
            (kind, artist.get_text(), ext, box)
    matplotlib.pyplot.close(fig)
