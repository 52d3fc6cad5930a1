"""Hostile input, every command and every reader: a one-line error naming the token or path, never a traceback.

Each case runs the command through click's CliRunner and checks three things: the exit code is not
0, the run ended by an exit (``SystemExit``) rather than an uncaught exception, and the message
quotes what was wrong (the card token, the path as given, the option and its limit, the JSON key).
Every case is refused before any deal is sampled, so the file runs in seconds (no kernel compiles).
"""

from __future__ import annotations

import json
import re
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from euchre_stats.cli.main import cli

ROOT = Path(__file__).resolve().parents[2]
HAND1 = json.loads((ROOT / "data" / "examples" / "hand1.json").read_text())

#: the smallest valid call of every command (each case below breaks one thing in it)
COMMANDS = {
    "order": ["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest", "-n", "1"],
    "call": ["call", "Jd Ad Kd 9c Tc", "--turned-down", "9h", "--seat", "third", "-n", "1"],
    "discard": ["discard", "Js Jc As Kh 9d Td", "--up", "Js", "-n", "1"],
    "lead": ["lead", "Jh Ah Kc Qc 9s", "--trump", "h", "--maker", "eldest", "--seat", "eldest", "-n", "1"],
    "alone": ["alone", "Jh Jd Ah Kh Qh", "--trump", "h", "--maker", "eldest", "--seat", "third", "--up", "9h",
              "--rules", "british", "-n", "1"],
    "advise": ["advise", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest"],
    "equity": ["equity", "-n", "100"],
    "odds": ["odds", "--deck", "24"],
    "variants": ["variants", "--deck", "24", "-n", "1"],
    "solve": ["solve", "--hands", "Jh", "9s", "9c", "Kc", "--trump", "h"],
    "table": ["table", "--run-dir", "RUN", "--limit", "1", "--samples-per-class", "2", "--no-charts"],
    "tune": ["tune", "--deals", "100", "--sweeps", "1"],
    "bench solver": ["bench", "solver", "--deals", "1"],
    "bench realistic": ["bench", "realistic", "--deals", "1", "--old-deals", "0", "--decision-deals", "0"],
    "review": ["review", str(ROOT / "data" / "examples" / "hand1.json")],
}
RULES_COMMANDS = ["order", "call", "discard", "lead", "alone", "advise", "equity", "variants", "table", "tune"]
BIDDING_COMMANDS = ["order", "call", "discard", "alone"]
OUTPUT_COMMANDS = ["order", "call", "discard", "lead", "alone", "advise", "equity", "odds", "variants", "solve",
                   "table", "review"]


def invoke(args, input=None):
    return CliRunner().invoke(cli, args, input=input)


def refused(r, *names):
    """The run failed cleanly and its message names each of ``names``."""
    assert r.exit_code in (1, 2), r.output  # an input error (70 would be the guard against a bug)
    assert isinstance(r.exception, SystemExit), repr(r.exception)  # not an uncaught exception
    assert "Traceback" not in r.output
    for name in names:
        assert name in r.output, (name, r.output)


def base(command, tmp_path):
    return [str(tmp_path / "run") if a == "RUN" else a for a in COMMANDS[command]]


def with_option(args, option, value):
    """``args`` with ``option`` set to ``value`` (replaced if present, else added)."""
    args = list(args)
    if option in args:
        args[args.index(option) + 1] = value
    else:
        args += [option, value]
    return args


# --- files of every kind a reader can be handed ------------------------------------------------
@pytest.fixture
def files(tmp_path):
    """name -> (path, text a message must contain)."""
    f = {}

    def put(name, data: bytes, expect=None):
        p = tmp_path / name
        p.write_bytes(data)
        f[name] = (str(p), expect or str(p))

    put("binary.json", bytes(range(256)) * 4, "not UTF-8 text")
    put("latin1.json", '{"comment": "caf\u00e9"}'.encode("latin-1"), "not UTF-8 text")
    put("empty.json", b"")
    put("nested.json", b"[" * 100_000 + b"]" * 100_000, "nested")
    put("list.json", b"[1, 2, 3]")
    put("string.json", b'"a string"')
    put("huge-number.json", b'{"dealer": ' + b"9" * 5000 + b"}")
    put("truncated.json", b'{"dealer": 3, "hands": [')
    (tmp_path / "a-directory").mkdir()
    f["directory"] = (str(tmp_path / "a-directory"), str(tmp_path / "a-directory"))
    f["missing"] = (str(tmp_path / "no-such-file.json"), str(tmp_path / "no-such-file.json"))
    loop = tmp_path / "loop"
    os.symlink(loop, loop)
    f["symlink-loop"] = (str(loop), str(loop))
    return f


FILE_KINDS = ["binary.json", "latin1.json", "empty.json", "nested.json", "list.json", "string.json",
              "huge-number.json", "truncated.json", "directory", "missing", "symlink-loop"]


@pytest.mark.parametrize("kind", FILE_KINDS)
def test_review_refuses_every_bad_file(kind, files):
    path, expect = files[kind]
    refused(invoke(["review", path]), expect)


@pytest.mark.parametrize("kind", FILE_KINDS)
@pytest.mark.parametrize("command", BIDDING_COMMANDS)
def test_bidding_refuses_every_bad_file(kind, command, files, tmp_path):
    path, expect = files[kind]
    refused(invoke(with_option(base(command, tmp_path), "--bidding", path)), expect)


@pytest.mark.parametrize("kind", FILE_KINDS)
def test_tune_start_refuses_every_bad_file(kind, files, tmp_path):
    path, expect = files[kind]
    refused(invoke(base("tune", tmp_path) + ["--start", path]), expect)


@pytest.mark.parametrize("kind", ["binary.json", "latin1.json", "directory", "missing", "symlink-loop"])
def test_solve_input_refuses_a_file_it_cannot_read(kind, files):
    path, expect = files[kind]
    refused(invoke(["solve", "--input", path]), expect)


def test_binary_standard_input_is_named():
    r = CliRunner().invoke(cli, ["solve", "--input", "-"], input=b"\x89PNG\r\n\x1a\n")
    refused(r, "standard input is not UTF-8 text")


# --- a batch never loses its good lines -------------------------------------------------------
GOOD_SOLVE = json.dumps({"trump": "h", "leader": 0, "hands": [["Jh"], ["9s"], ["9c"], ["Kc"]]})
BAD_SOLVE_LINES = {
    "nested": "[" * 100_000 + "]" * 100_000,
    "huge number": '{"trump": "h", "leader": ' + "9" * 5000 + ', "hands": [["Jh"], ["9s"], ["9c"], ["Kc"]]}',
    "bool leader": '{"trump": "h", "leader": true, "hands": [["Jh"], ["9s"], ["9c"], ["Kc"]]}',
    "float leader": '{"trump": "h", "leader": 0.5, "hands": [["Jh"], ["9s"], ["9c"], ["Kc"]]}',
    "trump a list": '{"trump": ["h"], "leader": 0, "hands": [["Jh"], ["9s"], ["9c"], ["Kc"]]}',
    "trump a number": '{"trump": 7, "leader": 0, "hands": [["Jh"], ["9s"], ["9c"], ["Kc"]]}',
    "hands a string": '{"trump": "h", "leader": 0, "hands": "Jh 9s 9c Kc"}',
    "hand a number": '{"trump": "h", "leader": 0, "hands": [1, ["9s"], ["9c"], ["Kc"]]}',
    "card an object": '{"trump": "h", "leader": 0, "hands": [[{"c": 1}], ["9s"], ["9c"], ["Kc"]]}',
    "out a string": '{"trump": "h", "leader": 0, "out": "2", "hands": [["Jh"], ["9s"], ["9c"], ["Kc"]]}',
    "out a bool": '{"trump": "h", "leader": 0, "out": [true], "hands": [["Jh"], ["9s"], [], ["Kc"]]}',
    "played a number": '{"trump": "h", "leader": 0, "played": 5, "hands": [["Jh"], ["9s"], ["9c"], ["Kc"]]}',
    "deck a list": '{"trump": "h", "leader": 0, "deck": [24], "hands": [["Jh"], ["9s"], ["9c"], ["Kc"]]}',
    "bad card": '{"trump": "h", "leader": 0, "hands": [["K\u017f"], ["9s"], ["9c"], ["Kc"]]}',
    "not an object": "[1, 2]",
    "null": "null",
    "not JSON": "{'trump': 'h'}",
}


@pytest.mark.parametrize("first", [False, True], ids=["bad-line-last", "bad-line-first"])
@pytest.mark.parametrize("case", list(BAD_SOLVE_LINES))
def test_solve_batch_answers_a_bad_line_and_goes_on(case, first):
    bad = BAD_SOLVE_LINES[case]
    lines = [bad, GOOD_SOLVE] if first else [GOOD_SOLVE, bad]
    r = invoke(["solve", "--input", "-"], input="\n".join(lines) + "\n")
    assert r.exit_code == 0 and isinstance(r.exception, (SystemExit, type(None))), r.output
    out = [json.loads(x) for x in r.output.splitlines()]
    assert len(out) == 2
    good, err = (out[1], out[0]) if first else (out[0], out[1])
    assert good == {"tricks": [1, 0], "card_values": {"Jh": 1}}
    assert err["error"].startswith(f"line {1 if first else 2}: "), err
    if case == "bad card":
        assert "K\u017f" in err["error"]


@pytest.mark.parametrize("case, record, expect", [
    ("dealer a bool", dict(HAND1, dealer=True), "dealer"),
    ("dealer a string", dict(HAND1, dealer="3"), "dealer"),
    ("dealer huge", dict(HAND1, dealer=10**40), "dealer"),
    ("hands a number", dict(HAND1, hands=5), "hands"),
    ("bids a string", dict(HAND1, bids="pass"), "bids"),
    ("plays an object", dict(HAND1, plays={"a": 1}), "plays"),
    ("upcard a list", dict(HAND1, upcard=["9c"]), "upcard"),
    ("rules a number", dict(HAND1, rules=7), "rules"),
    ("rules with a bool size", dict(HAND1, rules={"hand_size": True}), "hand_size"),
    ("bad card", dict(HAND1, upcard="K\u017f"), "K\u017f"),
])
def test_review_names_a_wrong_field(case, record, expect, tmp_path):
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(record))
    refused(invoke(["review", str(path)]), expect)
    # and in a batch the same record is its own error line, the others go on
    batch = tmp_path / "recs.jsonl"
    batch.write_text(json.dumps(record) + "\n" + json.dumps(HAND1) + "\n")
    r = invoke(["review", str(batch), "--format", "jsonl"])
    assert r.exit_code == 1 and isinstance(r.exception, SystemExit), r.output
    out = [json.loads(x) for x in r.output.splitlines()]
    assert out[0]["error"].startswith("line 1: ") and expect in out[0]["error"]
    assert out[1]["line"] == 2 and out[1]["points"] == [1, 0]


def test_review_batch_survives_nested_and_binary_lines(tmp_path):
    batch = tmp_path / "recs.jsonl"
    batch.write_bytes(b"[" * 50_000 + b"]" * 50_000 + b"\n" + json.dumps(HAND1).encode() + b"\n")
    r = invoke(["review", str(batch), "--format", "jsonl"])
    assert r.exit_code == 1 and isinstance(r.exception, SystemExit), r.output
    out = [json.loads(x) for x in r.output.splitlines()]
    assert "nested" in out[0]["error"] and out[1]["points"] == [1, 0]


# --- --rules, on every command that takes it --------------------------------------------------
RULES_CASES = {
    "unknown preset": ("nosuch", "nosuch"),
    "bool hand size": ('{"hand_size": true}', "hand_size"),
    "bool lone defender points": ('{"lone_defender_points": true}', "lone_defender_points"),
    "huge lone defender points": ('{"lone_defender_points": ' + "9" * 5000 + "}", "lone_defender_points"),
    "string game": ('{"game_to": "10"}', "game_to"),
    "unknown option": ('{"no_such_rule": 1}', "no_such_rule"),
    "deck a list": ('{"deck": [24]}', "deck"),
    "nested array": ("[" * 100_000 + "]" * 100_000, "unknown rules preset '[[["),
    "nested object": ('{"deck": ' + "[" * 100_000 + "]" * 100_000 + "}",
                      "JSON nested 100001 deep, more than the 32 allowed"),
    "malformed": ('{"deck": "24"', "malformed JSON"),
    "not an object": ("[1, 2]", "rules"),
}


@pytest.mark.parametrize("case", list(RULES_CASES))
@pytest.mark.parametrize("command", RULES_COMMANDS)
def test_rules_refused_by_name(command, case, tmp_path):
    text, expect = RULES_CASES[case]
    refused(invoke(with_option(base(command, tmp_path), "--rules", text)), expect)


@pytest.mark.parametrize("command", RULES_COMMANDS)
@pytest.mark.parametrize("option, value, expect", [
    ("--hand-size", "0", "hand_size 0"),
    ("--hand-size", "9" * 50, "hand_size"),
    ("--game-to", "12", "game_to 12"),
    ("--lone-defender-points", "9" * 50, "--lone-defender-points"),
    ("--deck", "29", "29"),
])
def test_rule_flags_refused_by_name(command, option, value, expect, tmp_path):
    refused(invoke(with_option(base(command, tmp_path), option, value)), expect)


# --- card text, in every option that takes cards -----------------------------------------------
CARD_OPTIONS = [
    ("order", 1), ("order", "--up"), ("call", 1), ("call", "--turned-down"), ("discard", 1), ("discard", "--up"),
    ("lead", 1), ("lead", "--up"), ("lead", "--trick"), ("lead", "--discard"), ("alone", 1), ("alone", "--up"),
    ("advise", 1), ("advise", "--up"), ("odds", "--hand"), ("solve", "--played"),
]
BAD_TOKENS = ["K\u017f", "Zz", "9\u2665x", "\u0000h", "Jh" * 3]


@pytest.mark.parametrize("token", BAD_TOKENS)
@pytest.mark.parametrize("command, where", CARD_OPTIONS)
def test_bad_card_named(command, where, token, tmp_path):
    args = base(command, tmp_path)
    if where == 1:
        args[1] = args[1].rsplit(" ", 1)[0] + " " + token
    elif command == "odds":
        args += ["--hand", f"Jh Jd Ah 9s {token}", "--up", "9h"]
    else:
        args = with_option(args, where, token)
    r = invoke(args)
    refused(r)
    shown = token if token != "Jh" * 3 else "Jh"  # a repeated card is named once
    assert shown in r.output or repr(shown)[1:-1] in r.output, r.output


@pytest.mark.parametrize("hands", [["K\u017f", "9s", "9c", "Kc"], ["Jh", "9s", "9c", "Jh"],
                                   ["Jh" * 2000, "9s", "9c", "Kc"]])
def test_solve_hands_named(hands):
    r = invoke(["solve", "--hands", *hands, "--trump", "h"])
    refused(r, hands[0][:2] if hands[0] != "Jh" else "Jh")


def test_a_megabyte_hand_is_refused_by_name():
    r = invoke(COMMANDS["order"][:1] + ["Jh " * 300_000] + COMMANDS["order"][2:])
    refused(r, "Jh")


# --- numbers ----------------------------------------------------------------------------------
@pytest.mark.parametrize("command, option, value, expect", [
    *[(c, "-n", str(10**11), "1<=x<=1000000") for c in ("order", "call", "discard", "lead", "alone", "advise",
                                                           "variants")],
    ("equity", "-n", str(10**11), "100<=x<=1000000"),
    ("equity", "-n", "99", "100<=x<=1000000"),
    *[(c, "-j", "100000", "1<=x<=1024") for c in ("order", "call", "discard", "lead", "alone", "advise",
                                                  "variants", "equity", "table", "tune")],
    ("tune", "--deals", str(10**11), "100<=x<=1000000"),
    ("tune", "--sweeps", "101", "0<=x<=100"),
    ("bench solver", "--deals", str(10**11), "1<=x<=1000000"),
    ("bench solver", "--threads", "100000", "1<=x<=1024"),
    ("bench realistic", "--old-deals", "-1", "0<=x<=1000000"),
    ("bench realistic", "--old-decision-deals", "-1", "0<=x<=1000000"),
    ("bench realistic", "--worlds", "0", "1<=x<=10000"),
    ("table", "--samples-per-class", str(10**9), "2<=x<=100000"),
    ("table", "--chunk-size", str(10**9), "1<=x<=100000"),
    ("table", "--limit", str(10**9), "1<=x<=1000000"),
    ("table", "--round", "3", "round 3"),
    ("order", "-n", "0", "1<=x<=1000000"),
    ("order", "-n", "1.5", "'1.5' is not a valid integer"),
    ("order", "-n", "true", "'true' is not a valid integer"),
    ("order", "--seed", "-1", "--seed"),
    ("order", "--target-se", "-0.1", "target standard error must be positive"),
    ("order", "--target-se", "nan", "target standard error must be positive"),
    ("solve", "--leader", str(10**30), "leader"),
    ("solve", "--out", str(10**30), "out"),
    ("odds", "--hand-size", "0", "--hand-size"),
    ("variants", "--hand-size", "0", "hand_size 0"),
])
def test_numbers_bounded_by_name(command, option, value, expect, tmp_path):
    refused(invoke(with_option(base(command, tmp_path), option, value)), expect)


def test_seats_and_suits_named(tmp_path):
    refused(invoke(with_option(base("order", tmp_path), "--seat", "9")), "'9'")
    refused(invoke(with_option(base("order", tmp_path), "--seat", "north\u017f")), "north\u017f")
    refused(invoke(with_option(base("lead", tmp_path), "--trump", "x")), "'x'")
    refused(invoke(with_option(base("order", tmp_path), "--score", "9-99999999999999999999")), "9-99999999999999999999")


# --- -o paths -------------------------------------------------------------------------------------
@pytest.fixture
def nothing_runs(monkeypatch):
    """Every public function fails the test if called: a refusal must come before any work."""
    import euchre_stats.api as api

    def ran(*args, **kwargs):
        raise AssertionError("the command ran before refusing its output path")

    for name in api.__all__:
        monkeypatch.setattr(api, name, ran)


@pytest.mark.parametrize("command", OUTPUT_COMMANDS)
@pytest.mark.parametrize("case", ["directory", "missing folder", "name too long"])
def test_output_path_refused_before_running(command, case, tmp_path, nothing_runs):
    if case == "directory":
        (tmp_path / "out").mkdir()
        path, expect = str(tmp_path / "out"), str(tmp_path / "out")
    elif case == "missing folder":
        path = str(tmp_path / "nowhere" / "out.txt")
        expect = f"cannot write {path!r}: folder {str(tmp_path / 'nowhere')!r} does not exist"
    else:
        path = str(tmp_path / ("x" * 300))
        expect = "the name is longer than the 255 bytes"
    refused(invoke(with_option(base(command, tmp_path), "-o", path)), expect)
    assert not (tmp_path / "run").exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into a read-only folder")
def test_output_into_a_read_only_folder_refused_before_running(tmp_path, nothing_runs):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        refused(invoke(["odds", "-o", str(folder / "o.txt")]), "is not writable")
    finally:
        folder.chmod(0o700)


@pytest.mark.parametrize("command", ["odds", "review", "solve"])
def test_output_where_no_file_can_be_made(command, tmp_path):
    """``/proc`` takes no new file, even from root: refused at the write, naming the path."""
    args = {"odds": ["odds"], "review": ["review", str(ROOT / "data" / "examples" / "hand1.json")],
            "solve": base("solve", tmp_path)}[command]
    refused(invoke(args + ["-o", "/proc/euchre-stats-out.txt"]), "cannot write '/proc/euchre-stats-out.txt'")


def test_a_long_legal_output_name_is_written(tmp_path):
    path = tmp_path / ("x" * 250 + ".txt")
    r = invoke(["odds", "--deck", "24", "-o", str(path)])
    assert r.exit_code == 0, r.output
    assert path.read_text().startswith("exact odds")


def test_plot_path_refused_before_running(tmp_path, nothing_runs):
    path = str(tmp_path / "nowhere" / "p.png")
    refused(invoke(base("order", tmp_path) + ["--plot", path]), path)
    refused(invoke(base("variants", tmp_path) + ["--plot", path]), path)
    refused(invoke(base("equity", tmp_path) + ["--plot", path]), path)


def test_table_run_dir_that_is_a_file(tmp_path):
    f = tmp_path / "file"
    f.write_text("x")
    refused(invoke(with_option(base("table", tmp_path), "--run-dir", str(f))), str(f))


def test_advise_table_that_is_not_a_run(tmp_path):
    refused(invoke(base("advise", tmp_path) + ["--table", str(tmp_path)]), str(tmp_path))


@pytest.mark.parametrize("command", ["table", "advise"])
def test_a_run_directory_whose_manifest_is_binary(command, tmp_path):
    run = tmp_path / "run"
    run.mkdir()
    (run / "manifest.json").write_bytes(bytes(range(128, 256)))
    args = base("table", tmp_path) if command == "table" else base("advise", tmp_path) + ["--table", str(run)]
    refused(invoke(args), "not UTF-8 text", str(run))


@pytest.mark.parametrize("command", ["table", "advise"])
def test_a_run_directory_whose_manifest_is_not_an_object(command, tmp_path):
    run = tmp_path / "run"
    run.mkdir()
    (run / "manifest.json").write_text("[1, 2]")
    args = base("table", tmp_path) if command == "table" else base("advise", tmp_path) + ["--table", str(run)]
    refused(invoke(args), "manifest")


def test_a_bug_is_one_line_and_exit_code_70(monkeypatch):
    import euchre_stats.api as api

    def broken(*args, **kwargs):
        raise AttributeError("'list' object has no attribute 'get'")

    monkeypatch.setattr(api, "odds", broken)
    r = invoke(["odds"])
    assert r.exit_code == 70 and "Traceback" not in r.output
    assert r.output.startswith("Error: internal error, not your input's fault (AttributeError: ")
    monkeypatch.setenv("EUCHRE_STATS_TRACEBACK", "1")
    assert isinstance(invoke(["odds"]).exception, AttributeError)


def test_one_name_for_one_thing_the_old_spellings_still_read():
    """``-j/--workers`` everywhere (bench's ``--threads`` hidden, still read); ``--joker-upcard`` the
    Joker rule's one flag (``--joker-upcard-rule`` hidden, still read); ``--samples`` is the effective
    sample, in the help as in docs/methods.md."""
    help_solver = invoke(["bench", "solver", "--help"]).output
    assert "-j, --workers" in help_solver and "--threads" not in help_solver
    assert "--threads" not in invoke(["bench", "realistic", "--help"]).output
    a = invoke(["bench", "solver", "--deals", "50", "--seed", "1", "--threads", "1", "--format", "json"])
    b = invoke(["bench", "solver", "--deals", "50", "--seed", "1", "-j", "1", "--format", "json"])
    assert a.exit_code == b.exit_code == 0 and json.loads(a.output)["threads"] == json.loads(b.output)["threads"] == 1
    order_help = invoke(["order", "--help"]).output
    assert "--joker-upcard [" in order_help and "joker-upcard-rule" not in order_help
    old = ["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "third", "-n", "10", "--seed", "1", "--model", "dd",
           "--deck", "25", "--format", "json"]
    r1, r2 = invoke(old + ["--joker-upcard-rule"]), invoke(old + ["--joker-upcard", "blind"])
    assert r1.exit_code == 0 and json.loads(r1.output)["rules"] == json.loads(r2.output)["rules"]
    assert json.loads(r1.output)["rules"]["joker_upcard"] == "blind"
    methods = (ROOT / "docs" / "methods.md").read_text()
    assert "`--samples N` means **N effective\nsamples**" in methods
    assert re.search(r"-n, --samples INTEGER RANGE\s+the effective sample wanted", order_help)
