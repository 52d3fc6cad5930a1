"""The public face (:mod:`euchre_stats.api`): the same answers as the command line, in Python forms.

For the same seed every question's ``to_dict()`` is the command's ``--format json`` output and
``to_frame()`` its ``--format csv``; results draw themselves and show in Jupyter; the examples of
the docstrings and of docs/api.md run.
"""

from __future__ import annotations

import doctest
import json
import math
import re
import subprocess
import sys
from pathlib import Path

import matplotlib.axes
import pytest
from click.testing import CliRunner

import euchre_stats as es
import euchre_stats.api as api
from euchre_stats.cli.main import cli
from euchre_stats.output.results import CSV_METADATA

ROOT = Path(__file__).resolve().parents[1]
N = "300"


def run(args):
    r = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return r.stdout


def _plain(x):
    """JSON values with NaN as None, so that two results compare equal when their JSON does."""
    if isinstance(x, float) and math.isnan(x):
        return None
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    return x


# (name, CLI arguments, the same question in Python); every CLI run adds --seed 7 unless it has one
QUESTIONS = [
    ("order", ["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest", "-n", N],
     lambda: es.order("Jh Jd Ah 9s Tc", up="9h", seat="eldest", samples=300, seed=7, model="dd")),
    ("order-dealer-stick", ["order", "Jc As Ks 9s Qd", "--up", "Js", "--seat", "dealer", "--rules", "stick",
                            "-n", N, "--no-infer"],
     lambda: es.order("Jc As Ks 9s Qd", up="Js", seat=4, rules="stick", samples=300, seed=7, infer=False,
                      model="dd")),
    ("call", ["call", "Jd Ad Kd 9c Tc", "--turned-down", "9h", "--seat", "third", "-n", N, "--pass-model", "zero"],
     lambda: es.call("Jd Ad Kd 9c Tc", turned_down="9h", seat="third", samples=300, seed=7, pass_model="zero",
                     model="dd")),
    ("discard", ["discard", "Js Jc As Kh 9d Td", "--up", "Js", "-n", N],
     lambda: es.discard("Js Jc As Kh 9d Td", up="Js", samples=300, seed=7, model="dd")),
    ("lead", ["lead", "Ah Kc Qc 9s", "--trump", "h", "--maker", "eldest", "--seat", "eldest", "--trick",
              "Jh 9h Th Qh", "-n", N],
     lambda: es.lead("Ah Kc Qc 9s", trump="h", maker="eldest", seat="eldest", tricks=["Jh 9h Th Qh"],
                     samples=300, seed=7, model="dd")),
    ("alone", ["alone", "Jh Jd Ah Kh 9s", "--trump", "h", "--maker", "eldest", "--seat", "partner", "--up", "9h",
               "--rules", "british", "-n", N],
     lambda: es.alone("Jh Jd Ah Kh 9s", trump="h", maker="eldest", seat="partner", up="9h", rules="british",
                      samples=300, seed=7, model="dd")),
    ("order-joker-blind", ["order", "Jh Jd Ah 9s Tc", "--up", "Jk", "--seat", "dealer", "--rules", "british",
                           "--named", "h", "-n", N],
     lambda: es.order("Jh Jd Ah 9s Tc", up="Jk", seat="dealer", rules="british", named="h", samples=300, seed=7,
                      model="dd")),
    ("variants", ["variants", "--deck", "24,25", "--samples", "60"],
     lambda: es.variants("24,25", samples=60, seed=7, model="dd")),
    ("advise-table", ["advise", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest"],
     lambda: es.advise("Jh Jd Ah 9s Tc", up="9h", seat="eldest", seed=7)),
    ("advise-simulated", ["advise", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest", "--stick-the-dealer",
                          "-n", "200"],
     lambda: es.advise("Jh Jd Ah 9s Tc", up="9h", seat="eldest", rules=es.preset("stick"), samples=200, seed=7)),
    ("odds", ["odds", "--deck", "24,33", "--exact"], lambda: es.odds("24,33", exact=True)),
    ("odds-hand", ["odds", "--hand", "Jh Jd Ah 9s Tc", "--up", "9h"],
     lambda: es.odds(hand="Jh Jd Ah 9s Tc", up="9h")),
]


@pytest.fixture(scope="module", params=QUESTIONS, ids=[q[0] for q in QUESTIONS])
def question(request):
    name, args, fn = request.param
    if args[0] not in ("odds", "advise"):
        args = args + ["--seed", "7", "--model", "dd"]  # the model named: whatever the defaults become
    elif args[0] == "advise":
        args = args + ["--seed", "7"]
    return name, args, fn()


def test_to_dict_is_the_cli_json(question):
    _, args, result = question
    out = run(args + ["--format", "json"])
    assert out == result.to_json() + "\n"
    assert _plain(json.loads(out)) == _plain(result.to_dict())


def test_to_frame_is_the_cli_csv(question):
    _, args, result = question
    if "csv" not in result.formats:
        pytest.skip("this command has no CSV form")
    assert run(args + ["--format", "csv"]) == result.to_csv()
    lines = result.to_csv().splitlines()
    meta = [ln for ln in lines if ln.startswith("# ")]
    assert list(result.to_frame().columns) == lines[len(meta)].split(",")
    # the leading comment lines carry the JSON form's metadata, value for value
    d = result.to_dict()
    got = dict(ln[2:].split(": ", 1) for ln in meta)
    assert {k: json.loads(v) for k, v in got.items() if not k.startswith("models.")} == \
        {k: d[k] for k in CSV_METADATA if k in d}


def test_text_is_the_cli_table(question):
    _, args, result = question
    assert run(args) == result.to_text() + "\n"


def test_plot_returns_axes_and_html_shows_the_frame(question):
    _, _, result = question
    ax = result.plot()
    assert isinstance(ax, matplotlib.axes.Axes) and ax.has_data()
    fig, ax2 = matplotlib.pyplot.subplots()
    assert result.plot(ax=ax2) is ax2
    matplotlib.pyplot.close("all")
    assert "<table" in result._repr_html_()


def test_decision_metadata_are_attributes():
    d = es.order("Jh Jd Ah 9s Tc", up="9h", seat="eldest", samples=200, seed=3, model="dd")
    assert (d.seed, d.samples, d.model, d.rules) == (3, 200, "dd", es.preset("north-american"))
    assert 0 < d.effective_samples <= 200
    assert d.best().ev == d.to_frame()["ev"].max() and d.recommendation in list(d.to_frame()["action"])
    assert list(d.to_frame()["action"]) == [o.action for o in d.options]
    assert "seed: 3" in d._repr_html_() and "recommendation:" in d._repr_html_()


def test_a_score_adds_the_chance_of_winning_to_every_form():
    d = es.order("Jh Jd Ah 9s Tc", up="9h", seat="eldest", samples=200, seed=1, model="dd", score="9-8")
    assert d.inputs["score"] == "9-8" and "p_win" in d.to_frame().columns
    assert "P(win)" in d.to_text() and "score 9-8" in d.to_text().splitlines()[0]
    assert all(0 <= o.extra["p_win"] <= 1 for o in d.options)


def test_rules_as_preset_name_dict_json_or_rules_give_the_same_answer():
    kw = dict(up="9h", seat="dealer", samples=200, seed=2, model="dd")
    ref = es.order("Jh Jd Ah 9s Tc", rules="stick", **kw).to_dict()
    for rules in ({"stick_the_dealer": True}, '{"stick_the_dealer": true}', es.preset("stick")):
        assert es.order("Jh Jd Ah 9s Tc", rules=rules, **kw).to_dict() == ref


def test_compare_models_is_the_cli_json():
    args = ["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest", "--samples", "20", "--seed", "2",
            "--compare-models"]
    c = es.order("Jh Jd Ah 9s Tc", up="9h", seat="eldest", samples=20, seed=2, compare_models=True)
    assert es.order("Jh Jd Ah 9s Tc", up="9h", seat="eldest", samples=20, seed=2, model="pimc").to_dict() == \
        c.pimc.to_dict()
    assert json.loads(run(args + ["--format", "json"])) == c.to_dict()
    assert run(args + ["--format", "csv"]) == c.to_csv()
    assert (c.dd.model, c.pimc.model, c.pimc.seed) == ("dd", "pimc", 2)
    assert isinstance(c.plot(), matplotlib.axes.Axes)


def test_solve_is_the_cli_json():
    hands = ["Ac 9h", "Kc", "Qc Ts", "Tc As"]
    r = es.solve(hands, "s", 1, played="9c")
    out = run(["solve", "--hands", *hands, "--trump", "s", "--leader", "1", "--played", "9c", "--format", "json"])
    assert json.loads(out) == r.to_dict() and out == r.format("json") + "\n"
    assert run(["solve", "--hands", *hands, "--trump", "s", "--leader", "1", "--played", "9c"]) == r.to_text() + "\n"
    assert list(r.to_frame()["card"]) == ["Qc"]
    assert isinstance(r.plot(), matplotlib.axes.Axes)


def test_solve_batch_is_the_cli_jsonl(tmp_path):
    lines = ['{"trump": "h", "leader": 0, "out": [2], "hands": [["Jh", "Ah"], ["9s", "Ts"], [], ["9c", "Kc"]]}',
             '{"trump": "h", "leader": 0, "hands": [["Jh"], ["Jh"], ["9c"], ["Kc"]]}', "", "not json"]
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(lines) + "\n")
    b = es.solve(positions=lines)
    out = run(["solve", "--input", str(path)])
    assert [json.loads(x) for x in out.splitlines()] == b.to_records()
    assert b.to_records()[0] == {"tricks": [2, 0], "card_values": {"Jh": 2, "Ah": 2}}
    assert b.to_records()[2]["error"] == "line 4: malformed JSON (column 1): Expecting value"
    assert len(b.to_frame()) == 3


def test_table_is_the_cli_json(tmp_path):
    t = es.table("eldest,dealer", run_dir=str(tmp_path), limit=4, samples_per_class=10, seed=3, chunk_size=2,
                 charts=False)
    args = ["table", "--seat", "eldest,dealer", "--limit", "4", "--samples-per-class", "10", "--seed", "3",
            "--chunk-size", "2", "--run-dir", str(tmp_path), "--no-charts"]
    assert json.loads(run(args + ["--format", "json"])) == t.to_dict()
    assert run(args + ["--format", "csv"]) == t.to_csv()
    assert run(args) == t.to_text() + "\n"
    assert (t.seed, t.samples, len(t.table)) == (3, 10, 8)
    assert isinstance(t.plot(), matplotlib.axes.Axes) and "<table" in t._repr_html_()
    # no seed: the run directory's is reused
    assert es.table("eldest,dealer", run_dir=str(tmp_path), limit=4, samples_per_class=10, chunk_size=2,
                    charts=False).seed == 3


def test_variants_is_a_plain_function_over_the_study_package():
    import euchre_stats.study.simulate as simulate

    assert es.study.simulate is simulate and callable(es.variants)
    assert type(es.variants).__name__ == "function"   # no module swapped for a callable any more
    assert "samples" in str(__import__("inspect").signature(es.variants))
    assert es.variants("24", samples=20, seed=1, model="dd").to_json() == \
        simulate.simulate_variants("24", 20, 1, model="dd").to_json()


def test_play_is_a_plain_function_over_the_cardplay_package():
    import euchre_stats.cardplay.realistic as realistic

    assert es.cardplay.realistic is realistic and type(es.play).__name__ == "function"
    assert "hands" in str(__import__("inspect").signature(es.play))
    r = es.play("random", "points", hands=3, seed=2)
    assert r.to_dict() == es.play("random", "points", hands=3, seed=2).to_dict() and len(r.records) == 6


def test_errors_name_the_input():
    with pytest.raises(es.EuchreStatsError, match="unknown seat 'north'"):
        es.order("Jh Jd Ah 9s Tc", up="9h", seat="north", samples=10)
    with pytest.raises(es.RulesError, match="unknown rules preset 'klondike'"):
        es.call("Jd Ad Kd 9c Tc", turned_down="9h", seat="third", rules="klondike")
    with pytest.raises(es.EuchreStatsError, match="need both a hand and the upcard"):
        es.odds(hand="Jh Jd Ah 9s Tc")
    with pytest.raises(es.EuchreStatsError, match="is not a bidding model file"):
        es.order("Jh Jd Ah 9s Tc", up="9h", seat=1, bidding=str(ROOT / "pyproject.toml"))
    with pytest.raises(es.EuchreStatsError, match="not both"):
        es.solve(["Jh", "9s", "9c", "Kc"], "h", positions=[])
    with pytest.raises(AttributeError, match="no attribute 'nonesuch'"):
        es.nonesuch  # noqa: B018


def test_import_stays_light():
    """``import euchre_stats`` loads none of the heavy layers (numba, pandas, matplotlib, the questions)."""
    code = ("import sys, euchre_stats; heavy = ['numba', 'pandas', 'matplotlib', 'euchre_stats.api', "
            "'euchre_stats.decide', 'euchre_stats.solver']; print([m for m in heavy if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("env, backend", [({}, "agg"), ({"MPLBACKEND": "svg"}, "svg")])
def test_charts_use_agg_unless_a_backend_was_chosen(env, backend):
    """Headless (the command line) draws on Agg; a notebook's own backend (its kernel sets
    ``MPLBACKEND``) is kept, so ``plot()`` shows inline."""
    import os

    code = "import euchre_stats.output.plots, matplotlib; print(matplotlib.get_backend().lower())"
    base = {k: v for k, v in os.environ.items() if k != "MPLBACKEND"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**base, **env}).stdout
    assert out.strip() == backend


def test_the_face_is_documented():
    assert set(api.__all__) == set(es.API) <= set(es.__all__)
    for name in api.__all__:
        fn = getattr(api, name)
        doc = fn.__doc__ or ""
        for section in ("Parameters", "Returns", "Examples"):
            assert f"\n    {section}\n    ---" in doc, (name, section)
        assert "return" in fn.__annotations__, name
        assert getattr(es, name) is fn or name in ("variants", "play")


def test_docstring_examples_run():
    finder, runner = doctest.DocTestFinder(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    # the functions live in the face's modules by concern (api/questions.py, ...): each found where it is
    tests = [t for name in api.__all__ for t in finder.find(getattr(api, name), name)]
    tests += finder.find(api) + doctest.DocTestFinder(recurse=False).find(es)
    ran = 0
    for t in tests:
        if t.examples:
            runner.run(t)
            ran += 1
    assert ran >= len(api.__all__)
    assert runner.failures == 0, f"{runner.failures} docstring example(s) failed"


def test_api_doc_examples_run(tmp_path, monkeypatch):
    """Every ``python`` block of docs/api.md, in order, in one namespace (a notebook)."""
    import matplotlib.pyplot as plt

    text = (ROOT / "docs" / "api.md").read_text()
    blocks = re.findall(r"^```python\n(.*?)^```", text, re.S | re.M)
    assert len(blocks) >= 6
    monkeypatch.chdir(tmp_path)
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, "docs/api.md", "exec"), namespace)  # noqa: S102
    plt.close("all")


def test_decks_as_a_list_are_the_decks_as_text():
    """``odds(["33", "50"], players=6)`` is ``odds("33,50", players=6)`` (a list once failed on the
    doubled pack's check), and so for every table."""
    for players, decks in ((6, ["33", "50"]), (6, ["50"]), (3, ["24", "28"]), (2, ["24", "32"]), (4, ["24", "25"])):
        assert es.odds(decks, players=players).to_dict() == es.odds(",".join(decks), players=players).to_dict()


def _modules_of_the_face() -> list[Path]:
    return sorted((ROOT / "euchre_stats" / "api").glob("*.py"))


def test_the_face_reads_the_table_as_data():
    """No module of the face compares a number of players with a number (``players == 6``,
    ``players not in (4, 6)``): the table's deck, hand size and engine come from its ``Seating`` and
    rules (issue 29)."""
    import ast

    def number(node) -> bool:
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return bool(node.elts) and all(number(e) for e in node.elts)
        return isinstance(node, ast.Constant) and type(node.value) is int

    found = []
    for path in _modules_of_the_face():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                if any("players" in ast.unparse(s) or "len(hands)" in ast.unparse(s) for s in sides) and any(
                        number(s) for s in sides):
                    found.append(f"{path.name}:{node.lineno} {ast.unparse(node)}")
    assert found == []


def test_no_module_of_the_face_is_over_600_lines():
    sizes = {p.name: len(p.read_text().splitlines()) for p in _modules_of_the_face()}
    assert len(sizes) > 1 and max(sizes.values()) <= 600, sizes
