"""A bug is not the user's fault: only the library's own input errors (the ``EuchreStatsError``
family), click's, text that is not UTF-8 and a file the user named end with exit code 2; anything
else reaches the internal-error guard (exit code 70).  And the bugs that the old mapping (every
``ValueError`` and ``KeyError`` an input error) reported as bad input, each on valid input."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import euchre_stats.api as api
from euchre_stats.cli.main import cli
from euchre_stats.core.errors import DecisionInputError


def invoke(args, input=None):
    return CliRunner().invoke(cli, args, input=input)


# --- what exits 2 and what exits 70 -------------------------------------------------------------
@pytest.mark.parametrize("exc, code", [
    (ValueError("operands could not be broadcast together with shapes (20,) (40,)"), 70),
    (KeyError("hand_size"), 70),
    (IndexError("index 5 is out of bounds"), 70),
    (OSError(12, "Cannot allocate memory"), 70),
    (FileNotFoundError(2, "No such file or directory", "/somewhere/the/library/reads"), 70),
    (DecisionInputError("seat 'x' is not a seat"), 2),
])
def test_only_the_library_input_errors_are_the_users_fault(monkeypatch, exc, code):
    def broken(*args, **kwargs):
        raise exc

    monkeypatch.setattr(api, "odds", broken)
    r = invoke(["odds"])
    assert r.exit_code == code, r.output
    assert isinstance(r.exception, SystemExit) and "Traceback" not in r.output
    if code == 70:
        assert r.output.startswith(f"Error: internal error, not your input's fault ({type(exc).__name__}: ")


def test_a_file_the_user_named_is_still_the_users_fault(tmp_path):
    r = invoke(["review", str(tmp_path / "missing.json")])
    assert r.exit_code == 2 and "file not found" in r.output and str(tmp_path / "missing.json") in r.output


# --- lead against a loner (a seat sits out) ----------------------------------------------------
@pytest.mark.parametrize("model", ["dd", "pimc"])
@pytest.mark.parametrize("extra", [
    ["--maker", "dealer", "--alone", "--seat", "eldest"],
    ["--maker", "partner", "--alone", "--seat", "eldest"],
    ["--maker", "dealer", "--alone", "--seat", "eldest", "--up", "9h"],
    ["--maker", "eldest", "--alone", "--seat", "eldest"],
    ["--maker", "third", "--alone", "--seat", "dealer", "--lead-after-alone", "left_of_loner"],
    ["--maker", "dealer", "--seat", "eldest", "--defend-alone", "--defender-alone", "eldest"],
], ids=["lone-dealer", "lone-partner", "lone-dealer-upcard", "lone-eldest-leads", "left-of-loner", "defender-alone"])
def test_lead_when_a_seat_sits_out(extra, model):
    """The seat sitting out was dealt cards (the auction reads them) but plays none: its cards once
    reached the solver, ``a seat that sits out holds cards``."""
    r = invoke(["lead", "Jh Ah Kc Qc 9s", "--trump", "h", *extra, "-n", "20", "--seed", "1", "--model", model,
                "--format", "json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert sorted(o["action"] for o in d["options"]) == sorted("Jh Ah Kc Qc 9s".split())
    lone = 4 if "--alone" not in extra else 2  # a lone maker euchred gives 2, a lone defender's euchre 4
    assert all(-4 <= o["ev"] <= lone for o in d["options"]), d["options"]


# --- the library's own bad-input errors are of its own family ------------------------------------
#: ``raise ValueError`` left on purpose: each guards against a bug (a caller inside the library), never input
INTERNAL_GUARDS = [
    ("euchre_stats/game/state.py", "the hand is not over"),
    ("euchre_stats/decide/match.py", "a control estimate needs at least 2"),
    ("euchre_stats/decide/equity.py", "a hand scored {stray[0]} points"),
    ("euchre_stats/decide/equity.py", "a hand scored points for both sides"),
    ("euchre_stats/solver/_jsonl.py", "cannot pack"),  # caught by its caller: the line goes the thorough way
    ("euchre_stats/strategy/correction.py", "the correction file was fitted on other features"),  # the shipped file
]


def test_no_bare_value_or_key_error_for_input():
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    found = []
    for path in sorted([*root.joinpath("euchre_stats").rglob("*.py"), *root.joinpath("cli").rglob("*.py")]):
        for line in path.read_text().splitlines():
            if "raise ValueError(" in line or "raise KeyError(" in line:
                found.append((str(path.relative_to(root)), line.strip()))
    unexpected = [(f, line) for f, line in found if not any(f == g and words in line for g, words in INTERNAL_GUARDS)]
    assert not unexpected, unexpected
    assert len(found) == len(INTERNAL_GUARDS), found


def test_api_argument_errors_are_the_librarys_own():
    import euchre_stats as es
    from euchre_stats.core.errors import EuchreStatsError, FormatError, LimitError
    from euchre_stats.core.trump import trump_tables
    from euchre_stats.game.policies import policy_hand_points
    from euchre_stats.output.plots import plt, save_figure
    from euchre_stats.bench.solver import bench_solver

    with pytest.raises(FormatError, match="unknown format 'xml'"):
        es.odds().format("xml")
    with pytest.raises(EuchreStatsError, match="trump must be a suit"):
        trump_tables(9)
    with pytest.raises(EuchreStatsError, match="trump must be a suit 0..3, got 7"):
        policy_hand_points(0, 7)
    with pytest.raises(LimitError, match="deals must be at least 1"):
        bench_solver(0)
    with pytest.raises(FormatError, match="cannot draw to 'chart.txt'"):
        save_figure(plt.figure(), "chart.txt")


@pytest.mark.parametrize("args", [
    ["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest", "-n", "1"],
    ["equity", "-n", "100"],
    ["variants", "--deck", "24", "-n", "1"],
])
def test_a_plot_file_of_another_type_is_refused_before_running(args, tmp_path, monkeypatch):
    def ran(*a, **k):
        raise AssertionError("the command ran before refusing its --plot file")

    for name in api.__all__:
        monkeypatch.setattr(api, name, ran)
    path = str(tmp_path / "chart.txt")
    r = invoke(args + ["--plot", path])
    assert r.exit_code == 2 and f"cannot draw to {path!r}: use a .png, .svg or .pdf file" in r.output, r.output


def test_a_deal_the_question_built_and_the_solver_refused_is_a_bug(monkeypatch):
    """The solver checks what it is given (``InconsistentDealError``, ``SolveInputError``: input
    errors for its own callers); refusing the deals a question sampled is the question's bug."""
    import euchre_stats.solver as solver
    from euchre_stats.core.errors import InconsistentDealError

    def refuses(*args, **kwargs):
        raise InconsistentDealError("row 0: a seat that sits out holds cards")

    monkeypatch.setattr(solver, "card_values_many", refuses)
    r = invoke(["lead", "Jh Ah Kc Qc 9s", "--trump", "h", "--maker", "eldest", "--seat", "eldest", "-n", "20",
                "--model", "dd"])
    assert r.exit_code == 70 and "a seat that sits out holds cards" in r.output, r.output


# --- valid input once called bad -------------------------------------------------------------------
LEAD_AFTER_DISCARDING_THE_UPCARD = ["lead", "Ah Kh 9c Tc", "--trump", "s", "--maker", "eldest", "--seat", "dealer",
                                    "--up", "Js", "--trick", "9d Td Qd Ad", "-n", "20", "--seed", "1", "--model", "dd"]


@pytest.mark.parametrize("extra", [[], ["--discard", "Js"]], ids=["discard-not-given", "discard-given"])
def test_the_dealer_who_discarded_the_upcard_may_lead(extra):
    """The dealer may discard the upcard it took (``dealer_may_discard_upcard``, the default): an
    upcard neither in the dealer's hand nor among its plays is its discard, not bad input."""
    r = invoke(LEAD_AFTER_DISCARDING_THE_UPCARD + extra + ["--format", "json"])
    assert r.exit_code == 0, r.output
    assert sorted(o["action"] for o in json.loads(r.output)["options"]) == ["9c", "Ah", "Kh", "Tc"]


@pytest.mark.parametrize("extra, words", [
    (["--discard", "9h"], "it must be in your hand, among your plays or your discard (not '9h')"),
    (["--no-dealer-may-discard-upcard"], "(the rules do not let you discard it)"),
])
def test_an_upcard_the_dealer_cannot_have_discarded_is_refused(extra, words):
    r = invoke(LEAD_AFTER_DISCARDING_THE_UPCARD + extra)
    assert r.exit_code == 2 and words in r.output, r.output


@pytest.mark.parametrize("model", ["dd", "pimc"])
def test_lead_against_the_dealers_partner_who_ordered_alone(model):
    """The dealer's partner ordered the upcard up alone: the dealer sits out and leaves the upcard on
    the kitty ('the dealer sits out, so the upcard was not taken up' once refused the question)."""
    r = invoke(["lead", "9c 8d 7h Js As", "--trump", "s", "--maker", "partner", "--alone", "--seat", "eldest",
                "--up", "Ks", "--rules", "australian32", "-n", "20", "--seed", "1", "--model", model,
                "--format", "json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["inputs"]["up"] == "Ks" and len(d["options"]) == 5
    r = invoke(["lead", "9c 8d 7h Ks As", "--trump", "s", "--maker", "partner", "--alone", "--seat", "eldest",
                "--up", "Ks", "--rules", "australian32", "-n", "20"])
    assert r.exit_code == 2 and "the upcard (the dealer sits out and left it) 'Ks' is on the kitty" in r.output
