"""``euchre-stats solve`` and ``euchre-stats bench solver`` through click's CliRunner."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from euchre_stats.cli.main import cli

LAYDOWN = ["--hands", "Jh Jd Ah Kh Qh", "9s Ts Js Qs Ks", "-", "9c Tc Jc Qc Kc", "--trump", "h",
           "--leader", "0", "--out", "2"]


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


def test_solve_table():
    r = run("solve", *LAYDOWN)
    assert r.exit_code == 0, r.output
    assert "tricks: seats 0+2 take 5, seats 1+3 take 0" in r.output
    assert "Jh 5" in r.output and "Qh 5" in r.output


def test_solve_json_mid_trick():
    r = run("solve", "--hands", "Ac 9h", "Kc", "Qc Ts", "Tc As", "--trump", "s", "--leader", "1",
            "--played", "9c", "--format", "json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["to_move"] == 2
    assert list(data["card_values"]) == ["Qc"]
    assert sum(data["tricks"]) == 2


def test_solve_jsonl_and_deck():
    r = run("solve", "--hands", "Jk Jh", "Ah Kh", "", "", "--trump", "h", "--out", "2", "--out", "3",
            "--deck", "25", "--format", "jsonl")
    assert r.exit_code == 0, r.output
    from euchre_stats import __version__

    assert json.loads(r.output) == {"tricks": [2, 0], "card_values": {"Jh": 2, "Jk": 2}, "to_move": 0,
                                    "version": __version__}


def test_batch(tmp_path):
    lines = [
        {"deck": "24", "trump": "h", "leader": 0, "out": [2],
         "hands": [["Jh", "Ah"], ["9s", "Ts"], [], ["9c", "Kc"]], "played": []},
        {"trump": "h", "leader": 0, "hands": [["Jh"], ["Jh"], ["9c"], ["Kc"]]},
        {"trump": "s", "leader": 1, "hands": ["Ac 9h", "Kc", "Qc Ts", "Tc As"], "played": ["9c"]},
        {"trump": "h", "hands": [[], [], [], []]},
    ]
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\nnot json\n")
    r = run("solve", "--input", str(path))
    assert r.exit_code == 0, r.output
    out = [json.loads(x) for x in r.output.splitlines()]
    assert len(out) == 5
    assert out[0] == {"tricks": [2, 0], "card_values": {"Jh": 2, "Ah": 2}}
    assert out[1] == {"error": "line 2: card 'Jh' is held by seats 0 and 1 in ['Jh', 'Jh', '9c', 'Kc']"}
    assert list(out[2]["card_values"]) == ["Qc"]
    assert out[3]["error"].startswith("line 4: missing 'leader'")
    assert out[4]["error"] == "line 5: malformed JSON (column 1): Expecting value"


def test_batch_from_stdin():
    line = json.dumps({"trump": "c", "leader": 1, "out": [0, 2], "hands": ["", "Ac", "", "Kc"]})
    r = run("solve", "--input", "-", input=line + "\n")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output) == {"tricks": [0, 1], "card_values": {"Ac": 1}}


@pytest.mark.parametrize("args, message", [
    (["--hands", "Xh", "", "", "", "--trump", "h"], "Error: cannot read a card at 'Xh' in 'Xh'"),
    (["--hands", "Jh", "Jh", "", "", "--trump", "h", "--out", "2", "--out", "3"],
     "Error: card 'Jh' is held by seats 0 and 1"),
    (["--hands", "7h", "9h", "", "", "--trump", "h", "--out", "2", "--out", "3"],
     "Error: card '7h' is not in the 24-card deck"),
    (["--hands", "Jh", "9h", "", "", "--trump", "q", "--out", "2", "--out", "3"], "Error: unknown trump 'q'"),
    (["--hands", "Jh", "9h", "", "", "--out", "2", "--out", "3"], "Error: missing --trump"),
    (["--trump", "h"], "Error: missing --hands"),
    (["--input", "/nonexistent/x.jsonl"], "Error: file not found: '/nonexistent/x.jsonl'"),
])
def test_bad_input(args, message):
    r = run("solve", *args)
    assert r.exit_code == 2
    assert r.output.strip().splitlines()[-1].startswith(message), r.output
    assert "Traceback" not in r.output


def test_bench_solver_json():
    r = run("bench", "solver", "--deals", "30", "--seed", "5", "--format", "json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["deals"] == 30 and data["seed"] == 5 and data["threads"] == 1
    assert data["nodes_per_deal"] > 0


def test_bench_solver_table():
    r = run("bench", "solver", "--deals", "20", "--seed", "9", "--values")
    assert r.exit_code == 0, r.output
    assert "deals/s" in r.output and "seed 9" in r.output and "TT hit rate" in r.output


@pytest.mark.parametrize("path", [["solve"], ["bench"], ["bench", "solver"]])
def test_help_has_example(path):
    r = run(*path, "--help")
    assert r.exit_code == 0
    assert "Example" in r.output and "euchre-stats " in r.output


def test_no_trump():
    r = run("solve", "--hands", "Ah 9s Td", "Kh As Jd", "9h Qs Ac", "Th Ks Ad", "--trump", "n", "--leader", "0")
    assert r.exit_code == 0 and r.output.startswith("no trump, seat 0 to lead")
    assert "seats 0+2 take 1, seats 1+3 take 2" in r.output
    r = run("solve", "--hands", "Ah 9s Td", "Kh As Jk", "9h Qs Ac", "Th Ks Ad", "--trump", "n", "--deck", "25")
    assert r.exit_code == 2 and "no trump with the Joker in play" in r.output and "Traceback" not in r.output
