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
