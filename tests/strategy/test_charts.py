"""The strategy table's charts: each renders to a PNG that reads back, with one colour scale for every
seat's panel, labels readable on their own cell, and titles naming the seats, model and rules."""

from __future__ import annotations

import matplotlib.image
import numpy as np
import pandas as pd
import pytest

from euchre_stats.output.plots import text_colour
from euchre_stats.strategy import charts

ABOUT = "dd play, rules: north-american, 20 deals per class, seed 7"


def _table(scores: bool = False) -> pd.DataFrame:
    """A small round-one table: two seats, every (trump count, off aces) cell, the dealer's gains four
    times the eldest's (so one scale per seat would differ)."""
    rows = []
    for seat, scale in (("eldest", 0.5), ("dealer", 2.0)):
        for trumps in range(4):
            for aces in range(3):
                gain = scale * (trumps + aces - 2.5) / 2.5
                best = "pass" if gain < 0 else ("order alone" if gain > 0.9 * scale else "order")
                row = {"seat": seat, "trump_count": trumps, "off_aces": aces, "multiplicity": 3 + trumps,
                       "count": 2.0 * trumps + aces, "ev_pass": 0.1, "ev_order": 0.1 + gain,
                       "ev_alone": 0.1 + gain - 0.2, "gain_order": gain, "gain_alone": -0.2,
                       "p_make_order": 0.5, "best": best}
                if scores:
                    at = "order" if best == "pass" and trumps == 1 else best
                    row.update({"best@9-8": at, "p_win_pass@9-8": 0.4, "p_win_order@9-8": 0.4 if at == best else 0.6,
                                "p_win_alone@9-8": 0.3})
                rows.append(row)
    return pd.DataFrame(rows)


@pytest.fixture
def figures(monkeypatch):
    """Every figure a chart saves, by file name (looked at as it was saved)."""
    seen = {}
    save = charts.save_figure

    def keep(fig, path):
        seen[str(path).rsplit("/", 1)[-1]] = fig
        save(fig, path)

    monkeypatch.setattr(charts, "save_figure", keep)
    return seen


def _png(path) -> np.ndarray:
    assert path.exists() and path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    img = matplotlib.image.imread(path)  # a PNG matplotlib can read back
    assert img.ndim == 3 and img.shape[0] > 100 and img.shape[1] > 100
    return img


def test_draw_all_renders_every_chart(tmp_path, figures):
    paths = charts.draw_all(_table(scores=True), tmp_path, ABOUT)
    assert [p.name for p in paths] == ["action_heatmap.png", "gain_heatmap.png", "threshold_curves.png",
                                       "score_flips.png"]
    for p in paths:
        _png(p)
    assert set(figures) == {p.name for p in paths}


@pytest.mark.parametrize("chart", ["action_heatmap.png", "gain_heatmap.png", "score_flips.png"])
def test_seat_panels_share_one_colour_scale(tmp_path, figures, chart):
    charts.draw_all(_table(scores=True), tmp_path, ABOUT)
    fig = figures[chart]
    clims = [im.get_clim() for ax in fig.axes for im in ax.get_images()]
    assert len(clims) == 2  # one panel per seat
    assert len(set(clims)) == 1, clims


def test_gain_scale_is_the_largest_gain_of_any_seat(tmp_path, figures):
    charts.heatmaps(_table(), tmp_path / "a.png", tmp_path / "g.png", ABOUT)
    (lo, hi), = {im.get_clim() for ax in figures["g.png"].axes for im in ax.get_images()}
    assert (lo, hi) == (-2.0, 2.0)


@pytest.mark.parametrize("chart", ["action_heatmap.png", "gain_heatmap.png", "score_flips.png"])
def test_every_cell_label_is_readable_on_its_cell(tmp_path, figures, chart):
    charts.draw_all(_table(scores=True), tmp_path, ABOUT)
    colours = set()
    labels = 0
    for ax in figures[chart].axes:
        for im in ax.get_images():
            values = np.ma.getdata(im.get_array())
            for t in ax.texts:
                j, i = (int(round(v)) for v in t.get_position())
                assert t.get_color() == text_colour(im.to_rgba(values[i, j])), t.get_text()
                colours.add(t.get_color())
                labels += 1
    assert labels > 0
    if chart == "gain_heatmap.png":  # deep red and blue ends, pale middle: both colours are needed
        assert colours == {"k", "w"}


def test_text_colour_follows_the_background():
    assert text_colour((1.0, 1.0, 1.0, 1.0)) == "k"
    assert text_colour((0.0, 0.0, 0.0, 1.0)) == "w"
    viridis = matplotlib.colormaps["viridis"]
    assert text_colour(viridis(0.0)) == "w" and text_colour(viridis(1.0)) == "k"
    rdbu = matplotlib.colormaps["RdBu"]
    assert text_colour(rdbu(0.0)) == "w" and text_colour(rdbu(0.5)) == "k" and text_colour(rdbu(1.0)) == "w"


def test_titles_name_the_seats_model_and_rules(tmp_path, figures):
    charts.draw_all(_table(scores=True), tmp_path, ABOUT)
    for name, fig in figures.items():
        title = fig._suptitle.get_text() if fig._suptitle else fig.axes[0].get_title()
        assert "seats: eldest, dealer" in title, name
        assert ABOUT in title, name


def test_one_seat_is_named_as_one(tmp_path, figures):
    t = _table()
    charts.threshold_curves(t[t["seat"] == "dealer"], tmp_path / "t.png")
    assert figures["t.png"].axes[0].get_title() == "threshold curves\nseat: dealer"
    _png(tmp_path / "t.png")


def test_the_shipped_charts_are_package_data():
    """The shipped strategy charts live inside the package and its package-data patterns cover them,
    so `pip install .` installs them (they were once only in the checkout's data/tables/)."""
    import fnmatch
    import json
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    patterns = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"][
        "euchre_stats"]
    package = root / "euchre_stats"
    charts = sorted(p.relative_to(package).as_posix() for p in (package / "data" / "charts").rglob("*.png"))
    realistic = json.loads((root / "data" / "tables" / "north-american-realistic" / "manifest.json").read_text())
    sheets = [f"data/charts/north-american-realistic/sheet_{s}.png" for s in sorted(realistic["settings"]["seats"])]
    assert charts == ["data/charts/north-american-realistic/action_heatmap.png",
                      "data/charts/north-american-realistic/gain_heatmap.png"] + sheets + [
                      "data/charts/north-american-realistic/threshold_curves.png",
                      "data/charts/north-american-scores/score_flips.png",
                      "data/charts/north-american/action_heatmap.png", "data/charts/north-american/gain_heatmap.png",
                      "data/charts/north-american/threshold_curves.png"]
    for chart in charts:
        assert any(fnmatch.fnmatch(chart, p) for p in patterns), chart
    assert not list((root / "data" / "tables").rglob("*.png"))  # one copy, the installed one


def _labelled() -> pd.DataFrame:
    """Classes with labels: R L A x with one ace goes alone on 3 of 4 hands (by multiplicity), a lone
    king passes, and round two's next shows as N."""
    rows = [("eldest", "R L A x | A", 1, 6, "order alone"), ("eldest", "R L A x | A", 1, 2, "order"),
            ("eldest", "R L A x | -", 0, 4, "order"), ("eldest", "K | A", 1, 8, "pass"),
            ("eldest", "K | -", 0, 4, "pass"), ("eldest", "K | -", 0, 4, "order"),
            ("dealer", "R | -", 0, 4, "order")]
    return pd.DataFrame([{"seat": s, "label": lab, "off_aces": a, "multiplicity": m, "best": b}
                         for s, lab, a, m, b in rows])


def test_the_sheet_takes_the_answer_for_most_hands_strongest_holding_first():
    cells = charts.sheet_cells(_labelled(), "eldest")
    assert cells[["holding", "off_aces", "answer"]].values.tolist() == [
        ["R L A x", 0, "order"], ["R L A x", 1, "order alone"], ["K", 0, "order"], ["K", 1, "pass"]]
    assert cells["share"].tolist() == [1.0, 0.75, 0.5, 1.0]   # a tie goes to the first answer by name


def test_the_sheet_marks_cells_whose_hands_are_mostly_too_close_to_call(tmp_path, figures):
    """A ``too_close`` column gives each cell the share of its hands (by multiplicity) too close to call; a cell
    above one half reads ``≈`` after its share (the dealer's unrefined single-trump cells, 52-60% too close,
    read "A 70%" against "K 52%" as if the difference were real), and the title says what ``≈`` means."""
    t = _labelled().assign(too_close=[True, False, False, False, True, True, False])
    cells = charts.sheet_cells(t, "eldest").set_index(["holding", "off_aces"])
    assert cells["too_close"].to_dict() == {("R L A x", 0): 0.0, ("R L A x", 1): 0.75, ("K", 0): 1.0,
                                            ("K", 1): 0.0}
    texts = [charts.sheet_text("A", r) for _, r in cells.iterrows()]
    assert texts == ["A 100%", "A 75% ≈", "A 50% ≈", "A 100%"]
    assert charts.sheet_text("O", {"share": 0.5, "too_close": 0.5}) == "O 50%"   # one half is not most
    assert "too_close" not in charts.sheet_cells(_labelled(), "eldest").columns   # a table without the column
    charts.strategy_sheet(t, "eldest", tmp_path / "s.png")
    fig = figures["s.png"]
    assert "≈ most of the cell's hands are too close to call" in fig._suptitle.get_text()
    assert "A 75% ≈" in [x.get_text() for x in fig.axes[0].texts]


def test_draw_all_draws_a_sheet_per_seat_when_the_table_has_labels(tmp_path, figures):
    base = _table().drop(columns="best").iloc[:1]
    table = _labelled().assign(**{c: base[c].iloc[0] for c in base.columns if c not in ("seat", "off_aces",
                                                                                           "multiplicity")})
    paths = charts.draw_all(table, tmp_path, ABOUT)
    assert [p.name for p in paths][-2:] == ["sheet_eldest.png", "sheet_dealer.png"]
    fig = figures["sheet_eldest.png"]
    assert "strategy sheet: eldest, round one" in fig._suptitle.get_text() and ABOUT in fig._suptitle.get_text()
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert "A 75%" in texts and "- 100%" in texts
    img = _png(tmp_path / "sheet_eldest.png")
    assert img.shape[0] > img.shape[1]   # a portrait page
