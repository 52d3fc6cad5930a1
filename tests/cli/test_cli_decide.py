"""The decision commands as a player types them: exit codes, formats, charts, errors."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

import euchre_stats as es
from euchre_stats.cli.main import cli

EXAMPLES = [
    ["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest"],
    ["order", "Jc As Ks 9s Qd", "--up", "Js", "--seat", "dealer", "--rules", "stick", "--samples", "20000",
     "--format", "json"],
    ["call", "Jd Ad Kd 9c Tc", "--turned-down", "9h", "--seat", "third"],
    ["discard", "Js Jc As Kh 9d Td", "--up", "Js"],
    ["lead", "Jh Ah Kc Qc 9s", "--trump", "h", "--maker", "eldest", "--seat", "eldest"],
]


def run(args):
    return CliRunner().invoke(cli, args, catch_exceptions=False)


@pytest.mark.parametrize("args", EXAMPLES, ids=lambda a: a[0])
def test_issue_examples_work_as_written(args):
    if "--samples" not in args:
        args = args + ["--samples", "1500"]
    elif "20000" in args:  # 20,000 deals from the dealer: realistic play would take a minute here
        args = args + ["--model", "dd"]
    r = run(args + ["--seed", "1"])
    assert r.exit_code == 0, r.output
    if "json" in args:
        d = json.loads(r.output)
        assert set(d) >= {"inputs", "rules", "seed", "deals_played", "model", "options", "differences",
                          "recommendation", "too_close"}
        assert d["seed"] == 1
        for o in d["options"]:
            assert set(o) >= {"action", "ev", "ev_ci", "p_make", "p_march", "p_euchred", "n"}
            assert o["ev_ci"][0] <= o["ev"] <= o["ev_ci"][1]
        assert d["recommendation"] in [o["action"] for o in d["options"]]
    else:
        assert "seed: 1" in r.output and "recommendation:" in r.output and "95%" in r.output


def test_json_shape_for_round_one():
    r = run(["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "1", "--samples", "800", "--seed", "4",
             "--format", "json"])
    d = json.loads(r.output)
    assert [o["action"] for o in d["options"]] == ["pass", "order", "order alone"]
    assert d["model"] == "pimc" and d["deals_played"] == 800 and d["inputs"]["seat"] == "eldest"
    for x in d["differences"]:
        assert x["ci"][0] <= x["diff"] <= x["ci"][1]


def test_same_seed_same_output_any_workers():
    base = ["call", "Jd Ad Kd 9c Tc", "--turned-down", "9h", "--seat", "third", "--samples", "1200",
            "--seed", "9", "--format", "json"]
    assert run(base + ["--workers", "1"]).output == run(base + ["--workers", "2"]).output


def test_seed_is_printed_when_not_given():
    r = run(["discard", "Js Jc As Kh 9d Td", "--up", "Js", "--samples", "300"])
    assert r.exit_code == 0 and "seed: " in r.output


def test_csv_and_output_file(tmp_path):
    out = tmp_path / "o.csv"
    r = run(["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest", "--samples", "300", "--seed", "1",
             "--format", "csv", "--output", str(out)])
    assert r.exit_code == 0
    lines = out.read_text().splitlines()
    meta = [ln for ln in lines if ln.startswith("# ")]
    assert "# seed: 1" in meta and "# deals_played: 300" in meta
    # the recommendation the library gives on the same deals (300 deals: it may be too close to call)
    d = es.order("Jh Jd Ah 9s Tc", "9h", "eldest", samples=300, seed=1)
    assert f"# recommendation: {json.dumps(d.recommendation)}" in meta
    assert any(ln.startswith('# rules: {"deck": "24"') for ln in meta)
    assert any(ln.startswith("# effective_samples: ") for ln in meta)
    lines = lines[len(meta):]
    # what the pass leads to: the JSON of its branches (the rows stay one per option)
    assert any(ln.startswith('# pass_branches: [{"branch": ') for ln in meta)
    assert meta.index(next(ln for ln in meta if ln.startswith("# pass_branches"))) == \
        meta.index(next(ln for ln in meta if ln.startswith("# differences"))) + 1
    assert lines[0].startswith("action,ev,ci_low,ci_high,p_make,p_march,p_euchred,n")
    assert len(lines) == 4


def test_plot_writes_a_chart(tmp_path):
    png = tmp_path / "chart.png"
    r = run(["lead", "Jh Ah Kc Qc 9s", "--trump", "h", "--maker", "eldest", "--seat", "eldest",
             "--samples", "300", "--seed", "1", "--plot", str(png)])
    assert r.exit_code == 0, r.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_compare_models(tmp_path):
    r = run(["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest", "--samples", "20", "--seed", "2",
             "--compare-models", "--format", "json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert set(d["models"]) == {"dd", "pimc"}
    assert [g["action"] for g in d["gap"]] == ["pass", "order", "order alone"]


@pytest.mark.parametrize("args,message", [
    (["order", "Jh Jd Ah 9s Xx", "--up", "9h", "--seat", "eldest"], "'Xx'"),
    (["order", "Jh Jd Ah 9s Tc", "--up", "8h", "--seat", "eldest"], "'8h' is not in the 24-card deck"),
    (["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "north"], "unknown seat 'north'"),
    (["order", "Jh Jd Ah 9s", "--up", "9h", "--seat", "eldest"], "has 4 cards; expected 5"),
    (["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest", "--rules", "klondike"],
     "unknown rules preset 'klondike'"),
    (["call", "Jd Ad Kd 9c Tc", "--turned-down", "Jd", "--seat", "third"], "also in the hand"),
    (["discard", "Js Jc As Kh 9d", "--up", "Js"], "expected 6"),
    (["lead", "Jh Ah Kc Qc 9s", "--trump", "x", "--maker", "eldest", "--seat", "eldest"], "unknown suit 'x'"),
    (["lead", "Ah Kc Qc 9s", "--trump", "h", "--maker", "eldest", "--seat", "eldest", "--trick", "Jh 9h Th"],
     "has 3 cards; 4 players"),
])
def test_bad_input_is_one_line_and_exit_2(args, message):
    r = CliRunner().invoke(cli, args + ["--samples", "10"])
    assert r.exit_code == 2, r.output
    assert message in r.output
    assert "Traceback" not in r.output
    assert r.output.strip().count("\n") == 0


def test_every_command_has_help_with_an_example():
    for name, cmd in cli.commands.items():
        r = run([name, "--help"])
        assert r.exit_code == 0
        assert "Example" in r.output and "euchre-stats" in r.output, name


def _sections(text: str) -> dict[str, str]:
    """A help text's sections by heading (``Options``, ``Rule options ...``)."""
    found, name = {}, None
    for line in text.splitlines():
        if line and not line.startswith(" ") and line.endswith(":"):
            name = line[:-1].split(" (")[0]
            found[name] = ""
        elif name:
            found[name] += line + "\n"
    return found


@pytest.mark.parametrize("name", ["order", "call", "discard", "lead", "alone", "advise", "equity", "variants",
                                  "table", "tune", "match", "play"])
def test_help_lists_rule_flags_under_their_own_heading(name):
    from euchre_stats.cli.common import all_commands

    command = all_commands(cli)[name].name
    r = run(name.split() + ["--help"])
    assert r.exit_code == 0
    parts = _sections(r.output)
    assert set(parts) == {"Options", "Rule options"}, (command, list(parts))
    assert "--rules" in parts["Rule options"] and "--[no-]railroad" in parts["Rule options"]
    assert not re.search(r"^ +--rules\b", parts["Options"], re.M) and "railroad" not in parts["Options"]
    assert "--samples" not in parts["Rule options"] and "--help" in parts["Options"]
    assert "left_of_loner" not in r.output and "throw_in" not in r.output and "with_call" not in r.output


@pytest.mark.parametrize("name", ["lead", "discard", "alone"])
def test_help_of_a_question_after_the_auction_leaves_out_the_auction_rules(name):
    text = run([name, "--help"]).output
    for flag in ("dealer-needs-trump", "stick-the-dealer", "canadian-loner", "farmers-hand"):
        assert flag not in text, (name, flag)
    assert "accepted but not listed" in text
    assert "dealer-needs-trump" in run(["order", "--help"]).output  # where it counts, it is listed


@pytest.mark.parametrize("args, meant", [
    (["call", "Jd Ad Kd 9c Tc", "--up", "9h", "--seat", "third"], "Did you mean '--turned-down'?"),
    (["order", "Jd Ad Kd 9c Tc", "--turned-down", "9h", "--seat", "third"], "Did you mean '--up'?"),
    (["order", "Jd Ad Kd 9c Tc", "--up", "9h", "--seat", "third", "--stick_the_dealer"],
     "Did you mean '--stick-the-dealer'?"),
    (["order", "Jd Ad Kd 9c Tc", "--up", "9h", "--seat", "third", "--threads", "2"], "Did you mean '--workers'?"),
    (["order", "Jd Ad Kd 9c Tc", "--up", "9h", "--seat", "third", "--sampels", "2"], "Did you mean '--samples'?"),
])
def test_a_mistyped_option_is_answered_with_the_option_meant(args, meant):
    r = run(args)
    assert r.exit_code == 2 and meant in r.output, r.output
    assert "--help'," not in r.output  # not click's nearest spellings ('--help', '--output', '--plot')


def test_rule_choices_take_dashes_and_underscores_alike():
    base = ["lead", "Jh Ah Kc Qc 9s", "--trump", "h", "--maker", "eldest", "--seat", "eldest", "-n", "2",
            "--seed", "1", "--model", "dd", "--format", "json"]
    dashed = run(base + ["--lead-after-alone", "left-of-loner", "--joker-upcard", "throw-in"])
    underscored = run(base + ["--lead-after-alone", "left_of_loner", "--joker-upcard", "throw_in"])
    assert dashed.exit_code == 0, dashed.output
    assert dashed.output == underscored.output
    assert json.loads(dashed.output)["rules"]["lead_after_alone"] == "left_of_loner"  # the rules' own form
    bad = run(base + ["--alone-declared", "never"])
    assert bad.exit_code == 2 and "'with-call', 'before-lead'" in bad.output


def test_text_prints_cards_and_suits_for_a_person():
    r = run(["lead", "Ah Kc Qc 9s", "--trump", "h", "--maker", "eldest", "--seat", "eldest", "--trick",
             "Jh 9h Th Qh", "--samples", "100", "--seed", "1", "--model", "dd"])
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == ("lead: hand Ah Kc Qc 9s, trump hearts, maker eldest, seat eldest, "
                                        "tricks Jh 9h Th Qh, side makers")
    r = run(["order", "Jc As Ks 9s Qd", "--up", "Js", "--seat", "dealer", "--samples", "100", "--seed", "1",
             "--model", "dd"])
    assert r.exit_code == 0, r.output
    assert "NaN" not in r.output
    pass_row = next(line for line in r.output.splitlines() if line.split()[:1] == ["pass"] and "[" in line)
    assert pass_row.split()[-1] == "-"


def test_target_se_says_whether_it_was_reached():
    base = ["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest", "--seed", "1", "--model", "dd"]
    short = run(base + ["--samples", "200", "--target-se", "0.001"])
    assert "target standard error 0.001: not reached in 200 deals played" in short.output
    d = json.loads(run(base + ["--samples", "200", "--target-se", "0.001", "--format", "json"]).output)
    assert (d["target_se"], d["target_reached"]) == (0.001, False)
    met = json.loads(run(base + ["--samples", "5000", "--target-se", "0.2", "--format", "json"]).output)
    assert met["target_reached"] is True and met["deals_played"] < 5000
    csv = run(base + ["--samples", "200", "--target-se", "0.001", "--format", "csv"]).output
    assert "# target_reached: false" in csv.splitlines()


def test_outputs_record_the_version_the_bidding_model_and_the_unit(tmp_path):
    from euchre_stats import __version__

    args = ["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest", "-n", "20", "--seed", "1", "--model", "dd"]
    d = json.loads(run(args + ["--format", "json"]).output)
    # your own later bids: the default population (shipped-v4) since 2026-12-04
    assert d["version"] == __version__ and d["bidding"] == "shipped-v4" and d["value_unit"] == "points"
    meta = [line for line in run(args + ["--format", "csv"]).output.splitlines() if line.startswith("# ")]
    assert f'# version: "{__version__}"' in meta and '# bidding: "shipped-v4"' in meta
    assert '# value_unit: "points"' in meta and any(line.startswith("# differences: [") for line in meta)
    model = tmp_path / "model.json"
    from euchre_stats.bidding.model import default_model

    default_model().save(model)
    own = json.loads(run(args + ["--format", "json", "--bidding", str(model)]).output)
    assert own["bidding"] == str(model)
    both = json.loads(run(args + ["--format", "json", "--compare-models"]).output)
    assert both["version"] == __version__ and both["models"]["dd"]["bidding"] == "shipped-v4"
    for other in (["odds", "--deck", "24"], ["equity", "-n", "100", "--seed", "1", "--model", "dd"],
                  ["variants", "--deck", "24", "-n", "2", "--seed", "1"],
                  ["advise", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest"]):
        got = json.loads(run(other + ["--format", "json"]).output)
        assert got["version"] == __version__, other
        if other[0] in ("equity", "variants"):  # self-play: the bidding model of its hands, the default population
            assert got["bidding"].startswith("shipped-v4"), other
