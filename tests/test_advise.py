"""advise: a hand looked up as its class says so when the class's hand is not the hand as typed."""

from __future__ import annotations

import json

from click.testing import CliRunner

from euchre_stats.cli.main import cli
from euchre_stats.strategy.advise import advise


def test_a_relabelled_hand_is_named_as_given_and_as_looked_up():
    a = advise("9s Tc Jh Ah Kh", "9h", "eldest")
    assert a.source == "table" and a.canonical == "Jh Ah Kh Ts 9c up 9h"
    lines = a.to_text().splitlines()
    assert lines[0] == "advise: hand 9s Tc Jh Ah Kh, upcard 9h, seat eldest"
    note = next(line for line in lines if line.startswith("note: "))
    assert "your hand 9s Tc Jh Ah Kh up 9h" in note and "Jh Ah Kh Ts 9c up 9h" in note and "renamed" in note
    assert a.to_dict()["relabelled"] is True and a.to_dict()["hand"] == "9s Tc Jh Ah Kh"


def test_a_hand_that_is_its_own_class_gets_no_note():
    for hand in ("Jh Ah Kh Ts 9c", "9c Ts Kh Ah Jh"):  # the order typed does not matter
        a = advise(hand, "9h", "eldest")
        assert not any(line.startswith("note: ") for line in a.to_text().splitlines())
        assert a.to_dict()["relabelled"] is False


def test_the_command_line_says_it_too():
    r = CliRunner().invoke(cli, ["advise", "9s Tc Jh Ah Kh", "--up", "9h", "--seat", "eldest"])
    assert r.exit_code == 0, r.output
    assert "note: your hand 9s Tc Jh Ah Kh up 9h is advised as its class's hand Jh Ah Kh Ts 9c up 9h" in r.output
    d = json.loads(CliRunner().invoke(cli, ["advise", "Jd Ad 9s Tc Kh", "--up", "9d", "--seat", "dealer",
                                            "--format", "json"]).output)
    assert d["relabelled"] is True and d["canonical"].endswith("up 9h")
