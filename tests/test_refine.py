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
    r = refine(bad, NORTH_AMERICAN, deals=3000, seed=5, rounds=3, standard_errors={"order[0]": 4.0},
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
                          refine_deals=2000, refine_seed=3, refine_rounds=1)
    assert res.fit["seed"] == 7 and res.fit["refinement"]["deals"] == 2000
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
    r = CliRunner().invoke(cli, ["tune", "--start", str(model), "--sweeps", "0", "--refine-deals", "2000",
                                 "--refine-seed", "3", "--model", "dd", "-o", str(out)])
    assert r.exit_code == 0, r.output
    d = json.loads(out.read_text())
    assert d["order"][0] == 5.0 and d["fit"]["refinement"]["accepted"][0]["to"] == 5.0
    bad = CliRunner().invoke(cli, ["tune", "--sweeps", "0", "--refine-deals", "100"])
    assert bad.exit_code != 0 and "--start" in bad.output and "Traceback" not in bad.output
