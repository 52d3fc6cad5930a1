"""The bidder of the two- and three-handed games (euchre_stats.bidding.games)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from euchre_stats.bidding.games import (DATA, GAME_KINDS, _points, _reach, decision_count, game_bidder,
                                        game_thresholds, seat_value, tune_game_bidder)
from euchre_stats.core.errors import BiddingModelError
from euchre_stats.game.policies import THRESHOLDS, PointCountPolicy
from euchre_stats.rules import Rules

TWO = Rules.from_json({"players": 2})
THREE = Rules.from_json({"players": 3, "hand_size": 7})


@pytest.mark.parametrize("rules", [TWO, THREE])
def test_the_count_is_what_the_bidder_compares(rules):
    """At every decision point the bidder accepts exactly when the count tuned here clears its threshold."""
    policy = PointCountPolicy(thresholds={"order_opponent": 6.0, "take_up": 5.5, "call": 5.0})
    rng = np.random.default_rng(3)
    for rnd, seat, kind in _points(rules.players):
        states, _ = _reach(rules, policy, rnd, seat, 150, rng)
        assert states
        for s in states:
            accepts = policy(s) != "pass"
            assert accepts == (decision_count(s, kind) >= policy.thresholds[kind] - 1e-12), (rnd, seat, kind)


def test_seat_values_are_the_questions_values():
    # two-handed: zero-sum; cutthroat: mine minus the mean of the others, a euchre split evenly
    assert seat_value(TWO, 0, np.array([0, 1, -1]), np.array([5, 2, 0])).tolist() == [2.0, 2.0, 0.0]
    assert seat_value(THREE, 1, np.array([1, 0]), np.array([7, 3])).tolist() == [4.0, 0.5]
    # six-handed: the seat's side against the other; a lone march 6, a march or a euchre 3
    six = Rules.from_json({"players": 6, "deck": "33"})
    v = seat_value(six, 2, np.array([0, 1, 3, 4, -1]), np.array([5, 2, 5, 3, 0]),
                   np.array([True, False, False, False, False]))
    assert v.tolist() == [6.0, 3.0, -3.0, 1.0, 0.0]


def test_tuning_is_deterministic_and_stays_in_range():
    a = tune_game_bidder(TWO, deals=250, seed=4, sweeps=1, model="dd")
    b = tune_game_bidder(TWO, deals=250, seed=4, sweeps=1, model="dd")
    assert a.to_dict() == b.to_dict()
    assert set(a.thresholds) == set(GAME_KINDS)
    assert all(0.0 < v < 15.0 for v in a.thresholds.values())
    assert set(a.fit["standard_errors"]) == set(GAME_KINDS)
    with pytest.raises(BiddingModelError, match="fitted for 2, 3 or 6 players"):
        tune_game_bidder(Rules.from_json({}), deals=10)


def test_the_shipped_thresholds_are_used():
    shipped = json.loads(DATA.read_text())
    for players in (2, 3):
        want = {**THRESHOLDS, **shipped[str(players)]["thresholds"]}
        assert game_thresholds(players) == want
        assert game_bidder(players).thresholds == want
        assert shipped[str(players)]["fit"]["play_model"] == "pimc"


def test_cli_tune_players(tmp_path):
    from click.testing import CliRunner

    from euchre_stats.cli.main import cli

    out = tmp_path / "bidder.json"
    r = CliRunner().invoke(cli, ["tune", "--players", "3", "--deals", "100", "--sweeps", "1", "--model", "dd",
                                 "--seed", "5", "-o", str(out)])
    assert r.exit_code == 0, r.output
    d = json.loads(out.read_text())
    assert d["players"] == 3 and set(d["thresholds"]) == set(GAME_KINDS) and d["fit"]["seed"] == 5
    assert r.stderr.splitlines()[-1] == f"wrote {out}" and r.stderr.splitlines()[-2].startswith("fitted thresholds: ")
    r = CliRunner().invoke(cli, ["tune", "--players", "2", "--refine-deals", "100"])
    assert r.exit_code == 2 and "not --players" in r.output and "Traceback" not in r.output
