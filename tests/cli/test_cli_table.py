"""The ``table`` and ``advise`` commands: runs, errors (exit 2), help examples, table vs simulation."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from euchre_stats.cli.main import cli

from euchre_stats.bidding.model import default_population
from euchre_stats.core.cards import card_name
from euchre_stats.rules import NORTH_AMERICAN
from euchre_stats.strategy.advise import shipped_manifest
from euchre_stats.strategy.classes import class_text, enumerate_classes


#: the default population's name (shipped-v3, then shipped-v4)
DEFAULT = default_population(NORTH_AMERICAN)[0]


def run(args):
    return CliRunner().invoke(cli, args)


@pytest.mark.parametrize("command", ["table", "advise"])
def test_help_has_an_example(command):
    r = run([command, "--help"])
    assert r.exit_code == 0 and "Example:" in r.output and f"euchre-stats {command} " in r.output


@pytest.fixture(scope="module")
def small_run(tmp_path_factory):
    d = tmp_path_factory.mktemp("run")
    r = run(["table", "--seat", "eldest,dealer", "--limit", "8", "--samples-per-class", "10", "--seed", "3",
             "--chunk-size", "4", "--run-dir", str(d), "--csv", "--no-charts", "--format", "json"])
    assert r.exit_code == 0, r.output
    return d, json.loads(r.stdout)


def test_table_run_and_resume(small_run):
    d, out = small_run
    assert out["rows"] == 16 and out["settings"]["seed"] == 3
    assert out["settings"]["others"] == DEFAULT != "shipped"    # the default population, as order's
    assert (d / "table.csv").exists() and (d / "summary" / "by_off_aces.csv").exists()
    r = run(["table", "--seat", "eldest,dealer", "--limit", "8", "--samples-per-class", "10",
             "--chunk-size", "4", "--run-dir", str(d), "--no-charts"])   # seed read from the run
    assert r.exit_code == 0 and "16 rows" in r.stdout and "seed 3" in r.stdout
    assert f"bidding: the other three seats by {DEFAULT}, the asker's own later bids by {DEFAULT}\n" in r.stdout


def test_a_limited_run_warns_that_its_summary_is_a_slice(small_run):
    """--limit 8 runs the first 8 classes: the summary says it stands for those, not the deck's hands."""
    d, out = small_run
    assert out["warning"].startswith("warning: --limit 8: the first 8 of ") and "not a random sample" in out["warning"]
    r = run(["table", "--seat", "eldest,dealer", "--limit", "8", "--samples-per-class", "10",
             "--chunk-size", "4", "--run-dir", str(d), "--no-charts"])
    assert r.stdout.splitlines()[2] == out["warning"]


@pytest.mark.parametrize("args, message", [
    (["--seat", "north"], "unknown seat 'north'"),
    (["--samples-per-class", "20"], "samples_per_class is 10 there, 20 now"),
    (["--round", "3"], "round 3"),
    (["--others", "shipped"], f"others is '{DEFAULT}' there, None now"),
    (["--others", "nope"], "others 'nope': unknown policy 'nope'"),
])
def test_table_errors_exit_2(small_run, args, message):
    d, _ = small_run
    base = ["table", "--seat", "eldest,dealer", "--limit", "8", "--samples-per-class", "10", "--seed", "3",
            "--chunk-size", "4", "--run-dir", str(d), "--no-charts"]
    if args[0] in base:
        i = base.index(args[0])
        base = base[:i] + args + base[i + 2:]
    else:
        base = base + args
    r = run(base)
    assert r.exit_code == 2 and message in r.output, r.output


def test_advise_from_a_run_directory(small_run):
    d, _ = small_run
    cl = enumerate_classes("24")
    hand, up = class_text(cl.hands[2]), card_name(int(cl.ups[2]))
    r = run(["advise", hand, "--up", up, "--seat", "dealer", "--table", str(d), "--format", "json"])
    assert r.exit_code == 0, r.output
    a = json.loads(r.stdout)
    assert a["source"] == "table" and a["samples"] == 10 and a["seat"] == "dealer"
    assert {o["action"] for o in a["options"]} == {"pass", "order", "order alone"}
    # the same class with the greens swapped and another trump suit is the same row
    r2 = run(["advise", hand.replace("h", "x").replace("d", "h").replace("x", "d"), "--up",
              up.replace("h", "d"), "--seat", "dealer", "--table", str(d), "--format", "json"])
    assert json.loads(r2.stdout)["options"] == a["options"]
    # a class outside the limited run falls back to simulation, and says so
    r3 = run(["advise", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest", "--table", str(d), "-n", "200",
              "--seed", "1"])
    assert r3.exit_code == 0 and "live simulation -- the class is not in the table" in r3.stdout


def test_advise_falls_back_when_the_rules_differ():
    r = run(["advise", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest", "--stick-the-dealer", "-n", "200",
             "--seed", "1"])
    assert r.exit_code == 0, r.output
    assert "answered from: live simulation" in r.stdout and "rules differ" in r.stdout
    assert "recommendation:" in r.stdout


@pytest.mark.skipif(shipped_manifest() is None, reason="no shipped table in this checkout")
def test_advise_answers_from_the_shipped_table():
    r = run(["advise", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest"])   # the shipped realistic table
    assert r.exit_code == 0, r.output
    assert "answered from: strategy table (shipped, realistic)" in r.stdout
    assert "class: R L A | -" in r.stdout and "recommendation: pass  -- too close to call" in r.stdout
    assert "play model: pimc (realistic), as the table was built" in r.stdout
    r = run(["advise", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "dealer"])   # every seat since 2026-12-05
    assert r.exit_code == 0, r.output
    assert "answered from: strategy table (shipped, realistic)" in r.stdout
    assert "covers eldest, partner and third only" not in r.stdout
    assert "play model: pimc (realistic), as the table was built" in r.stdout
    # four trumps, the top three: pick up, keep the ten (Tc); the discard named in the hand's own suits (the
    # class's row says 9c: the class is Jh Jd Ah Ts 9c)
    assert "recommendation: order (discard 9s)" in r.stdout
    junk = run(["advise", "9c Tc 9d Qs Ks", "--up", "Jh", "--seat", "dealer"])   # a dealer who passes discards nothing
    assert junk.exit_code == 0 and "recommendation: pass\n" in junk.stdout + "\n" and "(discard" not in junk.stdout


def test_advise_round_two_is_call_simulated_and_says_so(tmp_path, monkeypatch):
    """With --turned-down and no round-two table shipped (the shipped one hidden here; the seats it covers answer
    from it, tests/strategy/test_advise.py), advise answers round two as `call` does on the same deals, names its
    options as calls, and says where the answer came from."""
    import euchre_stats as es
    import euchre_stats.strategy.advise as adv

    monkeypatch.setattr(adv, "SHIPPED_REALISTIC_ROUND_TWO", tmp_path / "none")

    r = run(["advise", "Jd Ad Kd 9c Tc", "--turned-down", "9h", "--seat", "third", "-n", "300", "--seed", "2",
             "--format", "json"])
    assert r.exit_code == 0, r.output
    a = json.loads(r.stdout)
    d = es.call("Jd Ad Kd 9c Tc", "9h", "third", samples=300, seed=2)
    assert a["round"] == 2 and a["turned_down"] == "9h" and "upcard" not in a and a["source"] == "simulation"
    assert a["reason"] == "no round-two table is shipped: simulated, as call" and a["samples"] == d.samples
    assert [o["action"] for o in a["options"]] == ["pass"] + [f"call {o.action}" for o in d.options[1:]]
    assert [o["ev"] for o in a["options"]] == [o.ev for o in d.options]
    assert a["recommendation"] == f"call {d.recommendation}" and a["too_close"] == d.too_close
    t = run(["advise", "Jd Ad Kd 9c Tc", "--turned-down", "9h", "--seat", "third", "-n", "300", "--seed", "2"])
    assert t.stdout.startswith("advise: hand Jd Ad Kd 9c Tc, turned down 9h (round two), seat third\n"
                               "answered from: live simulation -- no round-two table is shipped")
    assert f"recommendation: call {d.recommendation}" in t.stdout


@pytest.mark.parametrize("args, message", [
    (["Jh Jd Ah 9s", "--up", "9h", "--seat", "eldest"], "has 4 cards"),
    (["Jh Jd Ah 9s Tc", "--up", "Jh", "--seat", "eldest"], "'Jh' is also in the hand"),
    (["Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "north"], "unknown seat 'north'"),
    (["Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest", "--table", "/nonexistent/run"], "no strategy table"),
    (["Jh Jd Ah 9s Tc", "--seat", "eldest"], "give --up CARD (round one) or --turned-down CARD (round two), one"),
    (["Jh Jd Ah 9s Tc", "--up", "9h", "--turned-down", "9h", "--seat", "eldest"], "not both"),
    (["Jh Jd Ah 9s Tc", "--turned-down", "Jh", "--seat", "eldest"], "'Jh' is also in the hand"),
])
def test_advise_errors_exit_2(args, message):
    r = run(["advise"] + args)
    assert r.exit_code == 2 and message in r.output, r.output


def test_table_with_scores_and_advise_by_score(tmp_path):
    import pandas as pd

    d = tmp_path / "run"
    r = run(["table", "--seat", "eldest,dealer", "--limit", "8", "--samples-per-class", "10", "--seed", "3",
             "--chunk-size", "4", "--run-dir", str(d), "--no-charts", "--scores", "0-0,9-8"])
    assert r.exit_code == 0, r.output
    assert "recommendation by P(win the game) at each score" in r.stdout
    t = pd.read_parquet(d / "table.parquet")
    row = t[(t["seat"] == "dealer") & (t["class_id"] == 2)].iloc[0]
    cl = enumerate_classes("24")
    hand, up = class_text(cl.hands[2]), card_name(int(cl.ups[2]))
    a = json.loads(run(["advise", hand, "--up", up, "--seat", "dealer", "--table", str(d), "--score", "9-8",
                        "--format", "json"]).stdout)
    assert a["source"] == "table" and a["score"] == "9-8" and a["recommendation"] == row["best@9-8"]
    by = {o["action"]: o for o in a["options"]}
    assert by["order"]["p_win"] == row["p_win_order@9-8"] and by["pass"]["p_win_ci"][1] == row["p_win_pass_hi@9-8"]
    text = run(["advise", hand, "--up", up, "--seat", "dealer", "--table", str(d), "--score", "9-8"]).stdout
    assert "game: 9-8 (us-them), game to 10: recommended by P(win the game)" in text and "P(win)" in text
    # a score the table lacks, and the shipped table (no scores), are simulated, and say why
    r2 = run(["advise", hand, "--up", up, "--seat", "dealer", "--table", str(d), "--score", "7-3", "-n", "100",
              "--seed", "1"])
    assert r2.exit_code == 0 and "the score 7-3 is not among the table's scores (0-0, 9-8)" in r2.stdout
    r3 = run(["advise", hand, "--up", up, "--seat", "dealer", "--score", "9-8", "-n", "100", "--seed", "1",
              "--format", "json"])
    a3 = json.loads(r3.stdout)
    assert a3["source"] == "simulation" and a3["reason"] == "the shipped table has no score dimension"
    assert all(0 <= o["p_win"] <= 1 for o in a3["options"])
    bad = run(["advise", hand, "--up", up, "--seat", "dealer", "--score", "10-2"])
    assert bad.exit_code == 2 and "score '10-2': the game to 10 is already over" in bad.output
    bad = run(["table", "--seat", "eldest", "--limit", "4", "--run-dir", str(tmp_path / "x"), "--scores", "9-8,x"])
    assert bad.exit_code == 2 and "score 'x': expected US-THEM" in bad.output


def test_ctrl_c_during_a_pooled_run_exits_130_without_tracebacks(tmp_path):
    """Ctrl-C (SIGINT to the whole process group, as a terminal sends it) while `table -j 2` has
    worker processes: one line, exit code 130, no worker traceback, committed chunks kept.  The run is
    100 million double-dummy deals long (5,000 chunks of 20,000; about 300 CPU-seconds at 340,000 deals a
    CPU-second), so that it cannot finish between the first chunk and the signal however long a loaded
    machine keeps this test waiting.  (Until 2026-12-06 it was 1,000 chunks of 800 deals: the three-trick
    table made the solver fast enough to finish them all between the first chunk and the signal, exit code 0.)
    The command starts as from a terminal, Ctrl-C not ignored:
    a suite started in the background (``pytest &``) hands its children SIGINT ignored, and the run
    then finished with exit code 0."""
    import os
    import signal
    import subprocess
    import sys
    import time

    d = tmp_path / "run"
    start = ("import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
             "from euchre_stats.cli.main import main; main()")
    cmd = [sys.executable, "-P", "-c", start, "table", "--seat", "eldest",
           "--limit", "100000", "--samples-per-class", "1000", "--chunk-size", "20", "-j", "2", "--seed", "1",
           "--run-dir", str(d)]
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and p.poll() is None:
        if (d / "chunks").is_dir() and any((d / "chunks").glob("*.parquet")):
            break
        time.sleep(0.2)
    assert p.poll() is None, "the run ended before it could be interrupted"
    kept = sorted(x.name for x in (d / "chunks").glob("*.parquet"))
    os.killpg(p.pid, signal.SIGINT)
    try:
        out, err = p.communicate(timeout=120)
    finally:
        if p.poll() is None:   # not interrupted: do not leave the long run behind
            os.killpg(p.pid, signal.SIGKILL)
            p.communicate()
    assert p.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    # with an empty numba cache the workers may first say what they compile (one notice line each)
    lines = [line for line in err.strip().splitlines() if line.strip()]
    assert lines[-1] == "interrupted: every result already written is kept", err
    assert all(line.startswith("compiling ") for line in lines[:-1]), err
    assert set(kept) <= {x.name for x in (d / "chunks").glob("*.parquet")}
