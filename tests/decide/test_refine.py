"""Refining a bidding model by duplicate matches (``tune --refine-deals``)."""

from __future__ import annotations

import dataclasses
import json

import pytest
from click.testing import CliRunner

from euchre_stats.bidding.model import BiddingModel, default_model
from euchre_stats.cli.main import cli
from euchre_stats.core.errors import DecisionInputError
from euchre_stats.decide.refine import PARAMS, candidates, refine, tune_and_refine
from euchre_stats.rules import NORTH_AMERICAN


def test_candidates_move_one_value_by_its_step():
    base = default_model()
    rows = list(candidates(base, {"order[3]": 0.5}))
    # 5 fields x 4 seats x 2 directions, less the bonuses that would go below 0
    below_zero = sum(1 for v in base.next_bonus if v - 0.4 < 0)
    assert len(rows) == len(PARAMS) * 8 - below_zero
    for param, value, moved in rows:
        field, seat = param[:-3], int(param[-2])
        changed = [f.name for f in dataclasses.fields(BiddingModel) if getattr(moved, f.name) != getattr(base, f.name)]
        assert changed == [field]
        step = abs(getattr(moved, field)[seat] - getattr(base, field)[seat])
        assert step == pytest.approx(0.4 if field == "next_bonus" else (0.5 if param == "order[3]" else 0.3))
        assert getattr(moved, field)[seat] == value
    with pytest.raises(DecisionInputError, match="'temperature'"):
        list(candidates(base, params=("temperature",)))


def test_refine_keeps_a_move_that_wins_its_match_and_stops_when_none_does():
    """Eldest ordering on anything is a bad model; a step of 4 points towards sense wins its match."""
    bad = dataclasses.replace(default_model(), order=(1.0,) + default_model().order[1:])
    r = refine(bad, NORTH_AMERICAN, deals=600, seed=5, rounds=3, standard_errors={"order[0]": 4.0},
               play="dd", params=("order",))
    first = r.accepted[0]
    assert (first["param"], first["from"], first["to"]) == ("order[0]", 1.0, 5.0)
    assert first["ci"][0] > 0 and first["diff"] == max(t["diff"] for t in r.tried if t["round"] == 1)
    assert r.model.order[0] >= 5.0
    # every match of a round is reported, and a round with no move ahead ends the search
    assert len(r.tried) == 8 * (len(r.accepted) + (1 if len(r.accepted) < 3 else 0))
    assert all(t["ci"][0] <= 0 for t in r.tried if t["round"] == len(r.accepted) + 1)


def test_sweeps_zero_refines_the_start_model_only(tmp_path):
    start = dataclasses.replace(default_model(), order=(1.0,) + default_model().order[1:])
    res = tune_and_refine(NORTH_AMERICAN, sweeps=0, start=start, start_fit={"standard_errors": {"order[0]": 4.0},
                                                                             "seed": 7}, play="dd",
                          refine_deals=500, refine_seed=3, refine_rounds=1)
    assert res.fit["seed"] == 7 and res.fit["refinement"]["deals"] == 500
    assert res.fit["refinement"]["accepted"][0]["param"] == "order[0]"
    assert res.model.order[0] == 5.0
    with pytest.raises(DecisionInputError, match="--start"):
        tune_and_refine(NORTH_AMERICAN, sweeps=0, start=None, refine_deals=100)
    with pytest.raises(DecisionInputError, match="rounds"):
        refine(start, rounds=0)


def test_tune_command_refines_and_refuses_sweeps_zero_without_start(tmp_path):
    model = tmp_path / "m.json"
    model.write_text(json.dumps({**dataclasses.replace(default_model(), order=(1.0, 5.8, 6.55, 6.1)).to_dict(),
                                 "fit": {"standard_errors": {"order[0]": 4.0}}}))
    out = tmp_path / "refined.json"
    r = CliRunner().invoke(cli, ["tune", "--start", str(model), "--sweeps", "0", "--refine-deals", "500",
                                 "--refine-seed", "3", "--model", "dd", "-o", str(out)])
    assert r.exit_code == 0, r.output
    d = json.loads(out.read_text())
    assert d["order"][0] == 5.0 and d["fit"]["refinement"]["accepted"][0]["to"] == 5.0
    bad = CliRunner().invoke(cli, ["tune", "--sweeps", "0", "--refine-deals", "100"])
    assert bad.exit_code != 0 and "--start" in bad.output and "Traceback" not in bad.output


def test_a_small_tune_runs_fit_with_null_standard_errors_refines(tmp_path):
    """A fit on few deals has ``null`` standard errors (none could be estimated): each such
    threshold steps by the smallest step (once ``float(None)``, exit code 70)."""
    small = tmp_path / "small.json"
    r = CliRunner().invoke(cli, ["tune", "--deals", "100", "--sweeps", "1", "--model", "dd", "--seed", "1",
                                 "-o", str(small)])
    assert r.exit_code == 0, r.output
    fit = json.loads(small.read_text())["fit"]
    assert None in fit["standard_errors"].values()  # the case at hand
    out = tmp_path / "refined.json"
    r = CliRunner().invoke(cli, ["tune", "--start", str(small), "--sweeps", "0", "--refine-deals", "100",
                                 "--model", "dd", "--seed", "1", "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert json.loads(out.read_text())["fit"]["refinement"]["deals"] == 100
    steps = {k: abs(v - getattr(default_model(), k[:-3])[int(k[-2])])
             for k, v, _ in candidates(default_model(), {"order[0]": None, "order[1]": float("nan"), "order[2]": 0.9})}
    assert steps["order[0]"] == pytest.approx(0.3) and steps["order[1]"] == pytest.approx(0.3)
    assert steps["order[2]"] == pytest.approx(0.9)


@pytest.mark.parametrize("fit, words", [
    ({"standard_errors": {"order[0]": "wide"}}, "standard_errors['order[0]'] must be a number or null, got 'wide'"),
    ({"standard_errors": [0.5]}, "standard_errors must be an object"),
    ([1, 2], "fit: expected an object"),
])
def test_a_start_fit_that_is_not_a_report_is_named(tmp_path, fit, words):
    model = tmp_path / "m.json"
    model.write_text(json.dumps({**default_model().to_dict(), "fit": fit}))
    r = CliRunner().invoke(cli, ["tune", "--start", str(model), "--sweeps", "0", "--refine-deals", "100",
                                 "--model", "dd"])
    assert r.exit_code == 2 and words in r.output and "internal error" not in r.output, r.output
