"""The `alone` question: the maker's side under British timing, and a defender."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from euchre_stats.cli.main import cli
from euchre_stats.core.errors import DecisionInputError
from euchre_stats.decide.alone import alone_decision
from euchre_stats.rules import NORTH_AMERICAN, PRESETS

BRITISH = PRESETS["british"]
LAY_DOWN = "Jk Jh Jd Ah Kh"   # the five best hearts in the 25-card deck, the Joker first
JUNK = "9c Tc 9s Ts Qd"       # no trump, no ace


def ev(d, action):
    return next(o for o in d.options if o.action == action)


def test_partner_with_a_lay_down_goes_alone():
    d = alone_decision(LAY_DOWN, "h", "eldest", "third", BRITISH, up="9h", samples=600, seed=3)
    assert d.recommendation == "alone" and not d.too_close
    assert ev(d, "alone").ev == pytest.approx(4.0, abs=1e-9) and ev(d, "alone").p_march == 1.0
    assert d.inputs["round"] == 1 and d.kind == "alone"


def test_partner_with_junk_plays_with_the_partner():
    d = alone_decision(JUNK, "h", "eldest", "third", BRITISH, up="9h", samples=600, seed=4)
    assert d.recommendation == "with partner" and not d.too_close
    assert ev(d, "alone").ev < ev(d, "with partner").ev


def test_maker_itself_may_declare_after_the_call():
    d = alone_decision(LAY_DOWN, "h", "eldest", "eldest", BRITISH, up="9h", samples=400, seed=5)
    assert d.recommendation == "alone"


def test_defender_with_a_lay_down_defends_alone():
    d = alone_decision(LAY_DOWN, "h", "eldest", "partner", BRITISH, up="Th", samples=400, seed=6)
    assert d.recommendation == "defend alone"
    assert ev(d, "defend alone").ev == pytest.approx(4.0) and ev(d, "defend with partner").ev == pytest.approx(2.0)


def test_defender_with_junk_does_not():
    d = alone_decision(JUNK, "h", "eldest", "partner", BRITISH, up="9h", samples=600, seed=7)
    assert d.recommendation == "defend with partner" and not d.too_close


def test_against_a_lone_maker_and_in_round_two():
    rules = NORTH_AMERICAN.replace(defend_alone=True)
    d = alone_decision(JUNK, "h", "third", "dealer", rules, up="Ks", maker_alone=True, samples=400, seed=8)
    assert d.inputs["round"] == 2 and d.inputs["maker_alone"]
    assert {o.action for o in d.options} == {"defend alone", "defend with partner"}


@pytest.mark.parametrize("kwargs, message", [
    (dict(rules=NORTH_AMERICAN.replace(deck="25"), maker="eldest", seat="third"), "alone is declared with the call"),
    (dict(rules=NORTH_AMERICAN.replace(deck="25"), maker="eldest", seat="partner"), "defend_alone is off"),
    (dict(rules=BRITISH.replace(defend_alone_only_against_loner=True), maker="eldest", seat="partner"),
     "only against a lone maker"),
    (dict(rules=BRITISH, maker="eldest", seat="third", maker_alone=True), "maker_alone is for a defender"),
    (dict(rules=BRITISH, maker="eldest", seat="third", up="Jd"), "'Jd' is also in the hand"),
    (dict(rules=BRITISH, maker="eldest", seat="third", up="Jk"), "only the dealer decides"),
])
def test_questions_that_cannot_be_asked(kwargs, message):
    kw = dict(samples=10, seed=1)
    kw.update(kwargs)
    rules, maker, seat = kw.pop("rules"), kw.pop("maker"), kw.pop("seat")
    with pytest.raises(DecisionInputError, match=message):
        alone_decision(LAY_DOWN, "h", maker, seat, rules, **kw)


def test_command_line():
    r = CliRunner().invoke(cli, ["alone", LAY_DOWN, "--trump", "h", "--maker", "eldest", "--seat", "third",
                                 "--up", "9h", "--rules", "british", "-n", "300", "--seed", "2", "--format", "json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["kind"] == "alone" and d["recommendation"] == "alone" and d["seed"] == 2
    same = alone_decision(LAY_DOWN, "h", "eldest", "third", BRITISH, up="9h", samples=300, seed=2)
    assert d["options"] == json.loads(json.dumps(same.to_dict()))["options"]
    bad = CliRunner().invoke(cli, ["alone", "Jh Jd", "--trump", "h", "--maker", "eldest", "--seat", "third"])
    assert bad.exit_code == 2 and "hand 'Jh Jd' has 2 cards" in bad.output and "Traceback" not in bad.output
