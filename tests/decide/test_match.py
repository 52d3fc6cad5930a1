"""Duplicate matches between bidding policies."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest
from click.testing import CliRunner

import euchre_stats as es
from euchre_stats.bidding.model import POINTS_MODEL, BiddingModel
from euchre_stats.cli.main import cli
from euchre_stats.decide.match import dd_tuned_model, policy_model


def test_a_policy_against_itself_scores_exactly_nothing():
    r = es.match("shipped", "shipped", deals=400, seed=3, model="dd")
    assert r.diff == 0.0 and r.differing == 0 and r.diff_ci == (0.0, 0.0)


@pytest.mark.parametrize("field, seat, where, rules", [
    ("call", 1, "round two", "north-american"),
    ("order", 2, "round one", "north-american"),
    ("order", 2, "round one", "british"),  # alone declared after the call: more draws per deal
    ("order", 2, "round one", '{"defend_alone": true}'),
])
def test_policies_differing_in_one_threshold_differ_only_there(field, seat, where, rules):
    """Both tables draw the same random numbers for every deal, whatever the other deals' auctions did:
    two policies that differ in one seat's threshold differ on no deal anywhere else."""
    base = policy_model("shipped")[1]
    values = list(getattr(base, field))
    values[seat] -= 2.0
    other = dataclasses.replace(base, **{field: tuple(values)})
    r = es.match(base, other, deals=3000, seed=8, model="dd", rules=rules)
    assert r.differing > 0
    assert [g["group"] for g in r.by_seat] == [("eldest", "partner", "third", "dealer")[seat]]
    assert [g["group"] for g in r.by_round] == [where]


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


def test_whole_games_between_players():
    """``games`` seats players too: paired and symmetric as between policies, the score of the game in
    every view, each game played out to the target; bad sizes and per-deal options refused."""
    from euchre_stats.decide.match import game_hand_seed, player_games
    from euchre_stats.game.state import HandState
    from euchre_stats.players import BasePlayer
    from euchre_stats.players.shipped import RandomPlayer
    from euchre_stats.players.table import play_hand

    same = es.match("random", "random", games=6, seed=2)
    assert same.p_a_wins == 0.5 and same.p_a_wins_ci == (0.5, 0.5) and same.hands_per_game > 3
    ab = es.match("realistic:worlds=4", "random", games=8, seed=3)
    ba = es.match("random", "realistic:worlds=4", games=8, seed=3)
    assert ab.p_a_wins == pytest.approx(1 - ba.p_a_wins, abs=1e-12) and ab.p_a_wins > 0.5
    assert "each player's own" in ab.to_text() and ab.to_dict()["games"] == 8
    # every game won at both tables: a Wilson interval over the 8 games, not a point
    assert ab.p_a_wins == 1.0 and ab.p_a_wins_ci[1] == 1.0 and 0.67 < ab.p_a_wins_ci[0] < 0.68

    class Scorer(BasePlayer):  # notes the score it is shown before each hand
        def __init__(self):
            self.seen = []

        def round_one(self, view):
            self.seen.append(view.score)
            return super().round_one(view)

        def play(self, view):  # (a seat A holds plays in every hand: only one partner sits out)
            self.seen.append(view.score)
            return super().play(view)

    who = Scorer()
    r = player_games(who, RandomPlayer(), games=2, seed=4, rules=es.preset("north-american"))
    assert max(max(s) for s in who.seen) >= 1 and all(max(s) < 10 for s in who.seen)
    # game 0 at table 1 replayed by hand: the same hands, the same scores, to the same end
    a, b, score, shown = Scorer(), RandomPlayer(), [0, 0], []
    rules = es.preset("north-american")
    for h in range(400):
        hs = game_hand_seed(4, 0, h)
        st = play_hand(HandState.deal(rules, h % 4, np.random.default_rng(hs)), [a, b, a, b], seed=hs,
                       score=tuple(score))
        shown.append(tuple(score))
        score = [score[0] + st.points[0], score[1] + st.points[1]]
        if max(score) >= 10:
            break
    assert set(shown) <= set(who.seen) and r.games == 2
    for kwargs, words in (({"records": True}, "records: for a match of single deals"),
                          ({"run_dir": "x"}, "run_dir: for a match of single deals"),
                          ({"games": 1}, "games 1 is outside 2..")):
        with pytest.raises(es.EuchreStatsError, match=words):
            es.match("realistic", "random", **{"games": 3, **kwargs})


def test_control_estimate_intervals_cover_and_narrow():
    """Synthetic pairs with a known mean: the corrected interval covers it about 95% of the time and
    is narrower than the plain one by about sqrt(1 - rho^2 + rho^2 n / m)."""
    from euchre_stats.decide.match import control_estimate

    rng = np.random.default_rng(11)
    n, m, rho, truth = 300, 3000, 0.9, 0.25
    cover = plain_cover = 0
    ratios = []
    reps = 1500
    for _ in range(reps):
        x = rng.normal(1.0, 1.0, n)
        y = truth + rho * (x - 1.0) + np.sqrt(1 - rho ** 2) * rng.normal(0.0, 1.0, n)
        xc = rng.normal(1.0, 1.0, m)
        est, se, beta, corr = control_estimate(y, x, xc)
        cover += abs(est - truth) <= 1.96 * se
        pse = y.std(ddof=1) / np.sqrt(n)
        plain_cover += abs(y.mean() - truth) <= 1.96 * pse
        ratios.append(se / pse)
    assert 0.93 <= cover / reps <= 0.97, cover / reps
    assert 0.93 <= plain_cover / reps <= 0.97
    expect = np.sqrt(1 - rho ** 2 + rho ** 2 * n / m)
    assert np.median(ratios) == pytest.approx(expect, rel=0.05)
    with pytest.raises(ValueError, match="at least 2"):
        control_estimate([1.0], [1.0], [1.0, 2.0])


def test_realistic_match_with_a_control_keeps_the_plain_estimate_and_adds_up():
    plain = es.match("points", "dd-tuned", deals=300, seed=6, control_deals=0)
    cv = es.match("points", "dd-tuned", deals=300, seed=6, control_deals=3000)
    assert plain.control is None and cv.control is not None
    assert cv.control["plain_diff"] == pytest.approx(plain.diff, abs=1e-12)  # the realistic run is the same
    assert list(cv.control["plain_ci"]) == pytest.approx(list(plain.diff_ci), abs=1e-12)
    assert cv.control["deals"] == 3000 and 0.0 < cv.control["correlation"] <= 1.0
    assert cv.diff_ci[1] - cv.diff_ci[0] < plain.diff_ci[1] - plain.diff_ci[0]
    for split in (cv.by_seat, cv.by_round, cv.by_kind):
        assert sum(g["diff"] for g in split) == pytest.approx(cv.diff, abs=1e-9)
    # double-dummy play has no control (it would be the estimate itself)
    assert es.match("points", "dd-tuned", deals=200, seed=6, model="dd").control is None
    text = cv.to_text()
    assert "with a control variate" in text and "3,000 more deals double-dummy" in text
    with pytest.raises(ValueError, match="control_deals"):
        es.match("points", "dd-tuned", deals=10, seed=6, control_deals=-1)


def test_a_match_is_the_same_on_a_process_pool_and_a_dask_cluster():
    """The chunks of deals (paired and control), and of whole games, played here, in two processes and
    on a LocalCluster: the same match, byte for byte."""
    from test_backends import same_on_every_backend

    from euchre_stats.decide.match import match, match_games

    def runs(**kw):
        return [json.dumps(r.to_dict()) for r in (
            match("shipped", "points", deals=1500, seed=4, model="dd", **kw),
            match("shipped", "points", deals=12, seed=4, model="pimc", control_deals=1100, **kw),
            match_games("shipped", "points", games=3, seed=4, model="dd", **kw))]

    seen = []
    here = same_on_every_backend(runs)
    assert runs(progress=lambda done, total: seen.append((done, total))) == here
    assert seen[0] == (0, 1500) and seen[-1] == (3, 3)


def test_a_match_refuses_a_bad_backend(monkeypatch):
    from test_backends import refuses_a_bad_backend

    from euchre_stats.decide.match import match, match_games

    refuses_a_bad_backend(monkeypatch, lambda **kw: match("shipped", "points", deals=20, seed=1, model="dd", **kw))
    refuses_a_bad_backend(monkeypatch, lambda **kw: match_games("shipped", "points", games=2, seed=1, model="dd",
                                                                **kw))
