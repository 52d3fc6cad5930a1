"""``euchre-stats review``: exit codes, exact error text, formats, batches."""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from euchre_stats.cli.main import cli

from euchre_stats.game.policies import RandomPolicy
from euchre_stats.game.records import dumps_record, record_from_state
from euchre_stats.game.state import HandState, play_hand
from euchre_stats.rules import PRESETS

EXAMPLES = Path(__file__).resolve().parents[2] / "data" / "examples"
HAND1 = EXAMPLES / "hand1.json"


def run(*args, input=None):
    return CliRunner().invoke(cli, ["review", *map(str, args)], input=input)


def test_table():
    r = run(HAND1)
    assert r.exit_code == 0
    assert r.stdout == (
        "hand: dealer seat 3, upcard 9c\n"
        "  bids           seat 0 (eldest) pass, seat 1 (partner) pass, seat 2 (third) order\n"
        "  trump          c (clubs), made by seat 2 (third), side 0\n"
        "  discard        Td\n"
        "  alone          no\n"
        "  trick winners  3 1 2 2 2\n"
        "  tricks         side 0: 3   side 1: 2\n"
        "  points         side 0: 1   side 1: 0\n")


def test_json_and_jsonl():
    r = run(HAND1, "--format", "json")
    assert r.exit_code == 0
    assert json.loads(r.stdout) == {"dealer": 3, "trump": "c", "makers": 0, "maker_seat": 2, "alone": None,
                                    "defender_alone": None, "trick_winners": [3, 1, 2, 2, 2],
                                    "tricks": [3, 2], "points": [1, 0]}
    r2 = run(HAND1, "--format", "jsonl")
    assert json.loads(r2.stdout) == json.loads(r.stdout) and r2.stdout.count("\n") == 1


def test_stdin_and_output_file(tmp_path):
    out = tmp_path / "res.json"
    r = run("-", "--format", "json", "-o", out, input=HAND1.read_text())
    assert r.exit_code == 0 and r.stdout == ""
    assert json.loads(out.read_text())["points"] == [1, 0]


def test_stdin_batch():
    lines = (EXAMPLES / "hands.jsonl").read_text()
    r = run("-", "--format", "jsonl", input=lines)
    assert r.exit_code == 0 and len(r.stdout.splitlines()) == 20


@pytest.mark.parametrize("bad", ['{"dealer": 3, "hands": [}', "not json at all", '{"dealer": 3}'])
@pytest.mark.parametrize("where", [0, 5, 20])
def test_stdin_batch_with_a_bad_line_reports_it_and_keeps_the_rest(tmp_path, bad, where):
    """A bad line anywhere on standard input, the first included, is reported per line, as in a
    .jsonl file with the same lines: the other 20 hands are still reviewed, exit code 1."""
    lines = (EXAMPLES / "hands.jsonl").read_text().splitlines()
    lines.insert(where, bad)
    text = "\n".join(lines) + "\n"
    f = tmp_path / "same.jsonl"
    f.write_text(text)
    r = run("-", "--format", "jsonl", input=text)
    assert r.exit_code == 1, r.output
    out = [json.loads(ln) for ln in r.stdout.splitlines()]
    assert len(out) == 21 and sum("error" in o for o in out) == 1
    assert out[where]["error"].startswith(f"line {where + 1}")
    assert r.stdout == run(f, "--format", "jsonl").stdout


def test_stdin_one_pretty_record_with_a_mistake_is_one_error():
    text = '{\n  "dealer": 3,\n  "hands": [\n}\n'
    r = run("-", input=text)
    assert r.exit_code == 2 and r.stderr.startswith("Error: <stdin>")


def test_missing_file():
    r = run("no-such-hand.json")
    assert r.exit_code == 2
    assert r.stderr == "Error: file not found: 'no-such-hand.json'\n"


def test_malformed_json(tmp_path):
    p = tmp_path / "bad.json"
    p.write_text('{\n  "dealer": 3,\n  "hands": [\n}\n')
    r = run(p)
    assert r.exit_code == 2
    assert r.stderr == f"Error: {p}: malformed JSON at line 4, column 1: Expecting value\n"


def test_json_is_read_by_the_safe_reader(tmp_path):
    """Nesting past the limit, a huge number and a file that is not text: one line naming the file."""
    deep = tmp_path / "deep.json"
    deep.write_text('{"dealer": ' + "[" * 200 + "]" * 200 + "}")
    r = run(deep)
    assert r.exit_code == 2 and r.stderr == f"Error: {deep}: JSON nested 201 deep, more than the 32 allowed\n"
    big = tmp_path / "big.json"
    big.write_text('{"dealer": ' + "9" * 5000 + "}")
    r = run(big)
    assert r.exit_code == 2 and r.stderr.startswith(f"Error: {big}: a number in the JSON has more than ")
    binary = tmp_path / "bin.json"
    binary.write_bytes(b'{"dealer": \xff}')
    r = run(binary)
    assert r.exit_code == 2 and r.stderr == f"Error: {str(binary)!r} is not UTF-8 text (byte 11 is 0xff)\n"
    r = run("-", input="[" * 200 + "]" * 200)
    assert r.exit_code == 2 and r.stderr == "Error: <stdin>: JSON nested 200 deep, more than the 32 allowed\n"


def _write(tmp_path, **changes):
    rec = json.loads(HAND1.read_text())
    rec.update(changes)
    p = tmp_path / "h.json"
    p.write_text(json.dumps(rec))
    return p


def test_unknown_preset(tmp_path):
    p = _write(tmp_path, rules="martian")
    r = run(p)
    assert r.exit_code == 2
    assert r.stderr == (f"Error: {p}: rules: unknown rules preset 'martian': expected one of "
                        "north-american, stick, canadian, british, australian32, british6, almonte\n")


def test_bad_card(tmp_path):
    p = _write(tmp_path, upcard="1x")
    r = run(p)
    assert r.exit_code == 2
    assert r.stderr == (f"Error: {p}: deal: upcard: cannot read a card at '1x' in '1x': expected cards "
                        "like 'Jh', '10h', 'hJ', 'J♥' or the Joker 'Jk'\n")


def test_illegal_play(tmp_path):
    plays = json.loads(HAND1.read_text())["plays"]
    p = _write(tmp_path, plays=["Ad", "Qs"] + plays[2:])
    r = run(p)
    assert r.exit_code == 2
    assert r.stderr == (f"Error: {p}: play 2 (trick 1): seat 1 cannot play 'Qs': must follow diamonds "
                        "(holds Qd)\n")
    assert "Traceback" not in r.output


def test_batch_with_bad_lines(tmp_path):
    good = dumps_record(json.loads(HAND1.read_text()))
    p = tmp_path / "b.jsonl"
    p.write_text(good + "\n{nope\n" + good + "\n")
    r = run(p, "--format", "jsonl")
    assert r.exit_code == 1
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert lines[1] == {"error": "line 2: malformed JSON (column 2): Expecting property name enclosed in "
                                 "double quotes"}
    assert lines[0]["line"] == 1 and lines[2]["line"] == 3
    t = run(p)
    assert t.exit_code == 1 and t.stdout.endswith("3 hands reviewed, 1 with errors\n")
    assert "line 2: malformed JSON" in t.stdout
    j = run(p, "--format", "json")
    assert len(json.loads(j.stdout)) == 3


def test_thousand_hands(tmp_path):
    rng = np.random.default_rng(99)
    pol = RandomPolicy(np.random.default_rng(100), pass_probability=0.5)
    names = list(PRESETS)
    states = [play_hand(HandState.deal(PRESETS[names[i % 5]], i & 3, rng), pol) for i in range(1000)]
    p = tmp_path / "many.jsonl"
    p.write_text("".join(dumps_record(record_from_state(s)) + "\n" for s in states))
    start = time.perf_counter()
    r = run(p, "--format", "jsonl")
    elapsed = time.perf_counter() - start
    assert r.exit_code == 0
    got = [json.loads(x) for x in r.stdout.splitlines()]
    assert len(got) == 1000
    for i, (g, s) in enumerate(zip(got, states), 1):
        assert g == {"line": i, **s.result().to_dict()}
    assert elapsed < 10


def test_help_has_example():
    r = CliRunner().invoke(cli, ["review", "--help"])
    assert r.exit_code == 0 and "Example:" in r.stdout
    assert "euchre-stats review data/examples/hand1.json" in r.stdout


def test_double_dummy_column():
    r = run(HAND1, "--double-dummy")
    assert r.exit_code == 0
    assert r.stdout.endswith(
        "  double dummy   seat card best/kept (tricks of the player's side in the hand)\n"
        "    trick 1  0 Ad 4/3!   1 Qd 2/2    2 Kd 3/3    3 9c 2/2\n"
        "    trick 2  3 Th 2/2    0 Jh 3/3    1 Js 2/2    2 Ah 3/3\n"
        "    trick 3  1 As 2/2    2 Tc 3/3    3 Ts 2/2    0 Ks 3/3\n"
        "    trick 4  2 Jc 3/3    3 Ac 2/2    0 9d 3/3    1 9s 2/2\n"
        "    trick 5  2 Kc 3/3    3 Qh 2/2    0 Kh 3/3    1 Qs 2/2\n")
    j = json.loads(run(HAND1, "-d", "--format", "json").stdout)
    assert j["double_dummy"][0] == {"seat": 0, "card": "Ad", "best": 4, "kept": 3}
    b = run(EXAMPLES / "hands.jsonl", "-d", "--format", "jsonl")
    assert b.exit_code == 0
    assert all("double_dummy" in json.loads(x) for x in b.stdout.splitlines())


RENEGE = EXAMPLES / "renege.json"


def test_renege_refused_by_default():
    for args in ((RENEGE,), (RENEGE, "--renege", "refuse")):
        r = run(*args)
        assert r.exit_code == 2 and r.stdout == ""
        assert r.stderr == (f"Error: {RENEGE}: play 3 (trick 1): seat 2 cannot play 'Td': must follow clubs "
                            "(holds Jc)\n")


def test_a_batchs_table_names_seats_and_shows_each_auction():
    """Each line of a batch: its upcard, every bid with the seat that made it, and the discard."""
    r = run(EXAMPLES / "hands.jsonl")
    first = r.stdout.split("\n\n")[0].splitlines()
    assert first[0] == "line 1: dealer seat 0, upcard Qh"
    assert first[1] == ("  bids           seat 1 (eldest) pass, seat 2 (partner) pass, seat 3 (third) pass, "
                        "seat 0 (dealer) order alone")
    assert "made by seat 0 (dealer), side 0" in first[2] and first[3] == "  discard        Kc"
    assert first[4] == "  alone          seat 0 (dealer) (maker)"


def test_renege_scored_table():
    r = run(RENEGE, "--renege", "score")
    assert r.exit_code == 0
    assert r.stdout == (
        "hand: dealer seat 3, upcard Jd\n"
        "  bids           seat 0 (eldest) pass, seat 1 (partner) pass, seat 2 (third) pass, seat 3 (dealer) order\n"
        "  trump          d (diamonds), made by seat 3 (dealer), side 1\n"
        "  discard        Kh\n"
        "  alone          no\n"
        "  trick winners  2 3 3 2 0\n"
        "  tricks         side 0: 3   side 1: 2\n"
        "  renege         seat 2 (third) played Td to trick 1, failing to follow clubs\n"
        "  points         side 0: 0   side 1: 2 (renege penalty)\n")


def test_renege_scored_json_and_jsonl():
    r = run(RENEGE, "--renege", "score", "--format", "json")
    assert r.exit_code == 0
    res = json.loads(r.stdout)
    assert res["points"] == [0, 2] and res["trick_winners"] == [2, 3, 3, 2, 0]
    assert res["reneges"] == [{"seat": 2, "trick": 1, "card": "Td", "failed_to_follow": "c"}]
    r2 = run(RENEGE, "--renege", "score", "--format", "jsonl")
    assert json.loads(r2.stdout) == res


def test_renege_in_a_batch(tmp_path):
    rec = json.loads(RENEGE.read_text())
    loner = dict(rec, bids=["pass", "pass", "pass", "order alone"],
                 plays=["Tc", "Td", "Ac", "Th", "9d", "Qh", "Jd", "Js", "Kd", "As", "Qc", "Jh", "Jc", "9s", "Kc"])
    p = tmp_path / "r.jsonl"
    p.write_text("".join(dumps_record(x) + "\n" for x in (json.loads(HAND1.read_text()), rec, loner)))
    refused = [json.loads(x) for x in run(p, "--format", "jsonl").stdout.splitlines()]
    assert "error" not in refused[0] and refused[1] == {
        "error": "line 2: play 3 (trick 1): seat 2 cannot play 'Td': must follow clubs (holds Jc)"}
    r = run(p, "--format", "jsonl", "--renege", "score")
    assert r.exit_code == 0
    got = [json.loads(x) for x in r.stdout.splitlines()]
    assert "reneges" not in got[0] and got[0]["points"] == [1, 0]
    assert got[1]["points"] == [0, 2] and got[2]["points"] == [0, 4] and got[2]["alone"] == 3
    assert got[2]["reneges"] == [{"seat": 2, "trick": 1, "card": "Td", "failed_to_follow": "c"}]
    t = run(p, "--renege", "score")
    assert t.stdout.count("(renege penalty)") == 2 and t.stdout.endswith("3 hands reviewed, 0 with errors\n")


def test_renege_score_still_refuses_other_illegal_cards(tmp_path):
    plays = json.loads(HAND1.read_text())["plays"]
    p = _write(tmp_path, plays=["Ad", "Qd", "Kd", "Td"] + plays[4:])
    r = run(p, "--renege", "score")
    assert r.exit_code == 2
    assert r.stderr == (f"Error: {p}: play 4 (trick 1): seat 3 cannot play 'Td': does not hold Td "
                        "(holds Ts Qh Th Ac 9c)\n")


def test_bad_renege_value():
    r = run(RENEGE, "--renege", "forgive")
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr == "Error: --renege must be one of refuse, score, got 'forgive'\n"


def test_renege_with_double_dummy():
    r = run(RENEGE, "--renege", "score", "-d")
    assert r.exit_code == 0
    assert "  renege         seat 2 (third) played Td to trick 1, failing to follow clubs\n" in r.stdout
    assert "    trick 1  0 Tc 2/2    1 9c 3/3    2 Td 2/2    3 Ac 3/3\n" in r.stdout


def test_realistic_column_beside_the_double_dummy_one():
    r = run(HAND1, "--realistic", "--seed", "1", "--format", "json")
    assert r.exit_code == 0, r.output
    res = json.loads(r.stdout)
    real = res["realistic"]
    assert (real["model"], real["seed"], real["worlds"]) == ("pimc", 1, 24)
    assert [p["card"] for p in real["plays"]] == [d["card"] for d in res["double_dummy"]]
    assert run(HAND1, "--realistic", "--seed", "1", "--format", "json").stdout == r.stdout
    assert json.loads(run(HAND1, "-r", "--seed", "1", "--worlds", "8", "--format", "json").stdout)[
        "realistic"]["worlds"] == 8
    table = run(HAND1, "--realistic", "--seed", "1").stdout
    assert "realistic (pimc, 24 worlds a card, seed 1)" in table
    assert "trick  seat  card  dd best/kept  expected  best      lost" in table
    lost = [p for p in real["plays"] if p["lost"] > 0]
    assert lost and all(f"{p['lost']:.2f}!" in table for p in lost)
    # a batch: every good line gets the column, bad lines stay errors
    lines = (EXAMPLES / "hands.jsonl").read_text().splitlines()[:2] + ["{"]
    b = run("-", "--realistic", "--seed", "1", "--format", "jsonl", input="\n".join(lines))
    out = [json.loads(x) for x in b.stdout.splitlines()]
    assert b.exit_code == 1 and "error" in out[2]
    assert all(len(o["realistic"]["plays"]) == len(o["double_dummy"]) for o in out[:2])
    # without a seed one is drawn and printed
    drawn = run(HAND1, "--realistic", "--format", "json")
    assert drawn.exit_code == 0 and drawn.stderr.startswith("seed: ")
    assert json.loads(drawn.stdout)["realistic"]["seed"] == int(drawn.stderr.split()[1])
    bad = run(HAND1, "--seed", "1")
    assert bad.exit_code == 2 and "--worlds and --seed are for the realistic column: add --realistic" in bad.output
