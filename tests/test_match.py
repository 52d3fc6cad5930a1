"""Duplicate matches between bidding policies."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import euchre_stats as es
from euchre_stats.bidding.model import POINTS_MODEL, BiddingModel
from euchre_stats.cli.main import cli
from euchre_stats.decide.match import dd_tuned_model, policy_model


def test_a_policy_against_itself_scores_exactly_nothing():
    r = es.match("shipped", "shipped", deals=400, seed=3, model="dd")
    assert r.diff == 0.0 and r.differing == 0 and r.diff_ci == (0.0, 0.0)


def test_swapping_the_policies_negates_the_result():
    ab = es.match("points", "dd-tuned", deals=600, seed=4, model="dd")
    ba = es.match("dd-tuned", "points", deals=600, seed=4, model="dd")
    assert ab.differing > 0
    assert ba.diff == pytest.approx(-ab.diff, abs=1e-12)
    # the splits add up to the whole
    for split in (ab.by_seat, ab.by_round, ab.by_kind):
        assert sum(g["diff"] for g in split) == pytest.approx(ab.diff, abs=1e-9)
    assert sum(g["deals"] for g in ab.by_seat) == ab.differing


def test_policies_by_name_and_file(tmp_path):
    assert policy_model("points")[1] == POINTS_MODEL
    assert policy_model("dd-tuned")[1] == dd_tuned_model()
    p = tmp_path / "m.json"
    BiddingModel(order=(6.0,) * 4).save(p)
    assert policy_model(str(p))[1].order == (6.0,) * 4
    with pytest.raises(ValueError, match="unknown policy 'nonsense'"):
        policy_model("nonsense")


def test_match_command_json_keys_and_bad_policy():
    out = CliRunner().invoke(cli, ["match", "--a", "shipped", "--b", "points", "--deals", "200", "--seed", "2",
                                   "--model", "dd", "--format", "json"])
    assert out.exit_code == 0, out.output
    d = json.loads(out.output)
    for key in ("deals", "seed", "a", "b", "diff", "diff_ci", "by_seat"):
        assert key in d
    assert d["deals"] == 200 and d["seed"] == 2 and d["a"] == "shipped" and d["b"] == "points"
    lo, hi = d["diff_ci"]
    assert lo <= d["diff"] <= hi
    bad = CliRunner().invoke(cli, ["match", "--a", "nonsense", "--deals", "10"])
    assert bad.exit_code != 0 and "nonsense" in bad.output and "Traceback" not in bad.output


def test_whole_games_are_paired_and_symmetric():
    same = es.match("points", "points", games=30, seed=5, model="dd")
    assert same.p_a_wins == 0.5 and same.p_a_wins_ci == (0.5, 0.5) and same.hands_per_game > 3
    ab = es.match("points", "dd-tuned", games=40, seed=6, model="dd")
    ba = es.match("dd-tuned", "points", games=40, seed=6, model="dd")
    assert ab.p_a_wins == pytest.approx(1 - ba.p_a_wins, abs=1e-12)
    lo, hi = ab.p_a_wins_ci
    assert 0 <= lo <= ab.p_a_wins <= hi <= 1
    assert set(ab.to_dict()) >= {"games", "seed", "a", "b", "p_a_wins", "p_a_wins_ci", "diff", "diff_ci"}
