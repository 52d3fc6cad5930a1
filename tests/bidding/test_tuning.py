"""Self-play tuning of the bidding thresholds."""

from __future__ import annotations

import numpy as np
import pytest

from euchre_stats.bidding.model import BiddingModel
from euchre_stats.bidding.tuning import (MIN_EFFECTIVE, NEXT_BONUS_GRID, TuneResult, _best_threshold, _bootstrap_se,
                                         tune)
from euchre_stats.rules import preset


def test_best_threshold_splits_gains():
    strength = np.linspace(0, 10, 1001)
    gain = np.where(strength > 6.0, 1.0, -1.0)
    t = _best_threshold(strength, gain, np.ones_like(strength), current=3.0)
    assert 5.99 <= t <= 6.02


def test_best_threshold_never_and_too_few():
    strength = np.linspace(0, 10, 1001)
    t = _best_threshold(strength, -np.ones_like(strength), np.ones_like(strength), current=3.0)
    assert t > 10  # accepting never pays
    few = np.zeros_like(strength)
    few[: MIN_EFFECTIVE // 2] = 1.0
    assert _best_threshold(strength, np.ones_like(strength), few, current=3.0) == 3.0


def test_tune_is_deterministic_and_reports_its_errors():
    a = tune(preset("north-american"), deals=600, seed=3, sweeps=1, play="dd")
    b = tune(preset("north-american"), deals=600, seed=3, sweeps=1, play="dd")
    assert a == b
    assert isinstance(a, TuneResult) and isinstance(a.model, BiddingModel) and a.model != BiddingModel()
    for name in ("order", "order_alone", "call", "call_alone", "next_bonus"):
        assert len(getattr(a.model, name)) == 4
    assert all(x <= y for x, y in zip(a.model.order, a.model.order_alone))
    assert all(b in NEXT_BONUS_GRID for b in a.model.next_bonus)
    se = a.fit["standard_errors"]
    assert set(se) == {f"{k}[{s}]" for k in ("order", "order_alone", "call", "call_alone") for s in range(4)}
    assert all(v is None or v >= 0 for v in se.values()) and any(v for v in se.values())
    assert a.fit["play_model"] == "dd" and a.fit["deals_per_point"] == 600


def test_bootstrap_error_shrinks_with_more_deals():
    rng = np.random.default_rng(0)

    def se(n):
        s = rng.uniform(0, 10, n)
        gain = np.where(s > 6.0, 1.0, -1.0) + rng.normal(0, 3, n)
        return _bootstrap_se(s, gain, np.ones(n), 3.0, np.random.default_rng(1))

    assert se(20000) < se(1000)


def test_a_flat_gain_keeps_the_most_conservative_threshold_within_one_error():
    # accepting pays clearly above 7 and gains nothing between 3 and 7: the threshold stays near 7
    rng = np.random.default_rng(2)
    s = rng.uniform(0, 10, 20000)
    gain = np.where(s > 7, 1.0, np.where(s > 3, 0.0, -1.0)) + rng.normal(0, 1.0, len(s))
    t = _best_threshold(s, gain, np.ones_like(s), current=5.0)
    assert 6.0 < t < 7.5


def test_the_command_prints_a_summary_and_the_file_it_wrote(tmp_path):
    """``tune -o FILE`` says what it fitted (each threshold by seat) and where the model went, on
    standard error; without ``-o`` the model is standard output and the summary stays off it."""
    import json

    from click.testing import CliRunner

    from euchre_stats.cli.main import cli

    out = tmp_path / "model.json"
    args = ["tune", "--deals", "100", "--sweeps", "1", "--model", "dd", "--seed", "1"]
    r = CliRunner().invoke(cli, args + ["-o", str(out)])
    assert r.exit_code == 0, r.output
    model = json.loads(out.read_text())
    lines = r.stderr.splitlines()
    assert lines[-1] == f"wrote {out}"
    head = next(i for i, line in enumerate(lines) if line.startswith("fitted (by seat)"))
    assert lines[head].split()[-4:] == ["eldest", "partner", "third", "dealer"]
    order = lines[head + 1].split()
    assert order[0] == "order" and [float(v) for v in order[1:]] == pytest.approx(model["order"], abs=0.005)
    plain = CliRunner().invoke(cli, args)
    assert json.loads(plain.stdout)["order"] == model["order"] and "wrote" not in plain.stderr


def _fitted(r: TuneResult) -> str:
    import dataclasses
    import json

    return json.dumps([dataclasses.asdict(r.model), r.fit], default=str)


def test_tune_is_the_same_on_a_process_pool_and_a_dask_cluster():
    """Each decision point's play-outs played in chunks in two processes and on a LocalCluster: the same
    model and fit, byte for byte."""
    from test_backends import same_on_every_backend

    same_on_every_backend(lambda **kw: _fitted(tune(preset("north-american"), deals=600, seed=3, sweeps=1,
                                                    play="dd", **kw)))


def test_realistic_play_outs_in_chunks_elsewhere_are_the_ones_played_here(monkeypatch):
    """Realistic play-outs cut into chunks (of 7 deals here) on a process pool: each deal plays from its
    place among the contracts played, with the seed drawn here, so the values and the generator's state
    after them are those of one play-out in this process (thrown-in deals among them)."""
    from euchre_stats.bidding import tuning
    from euchre_stats.bidding.auction import Auction
    from euchre_stats.cardplay.contracts import Evaluator
    from euchre_stats.sampling.backends import backend
    from euchre_stats.sampling.deals import random_deals

    rules = preset("north-american")
    hands, ups = random_deals(rules, 3000, np.random.default_rng(5))
    h = hands[ups == ups[0]][:60]
    c = Auction(rules, BiddingModel(), int(ups[0])).finish(h, 2, 0, np.random.default_rng(6))
    assert (c.maker < 0).any() and (c.maker >= 0).any()
    want = tuning._values(Evaluator(rules, "pimc", 1, None), 1, c, rng := np.random.default_rng(7))
    after = rng.integers(2**62)
    monkeypatch.setattr(tuning, "CHUNK", 7)
    got = np.zeros(len(want))
    with backend(2, None) as run:
        plays = tuning._PlayOuts(run, None, rules, "pimc", 1)
        plays.value(c, rng := np.random.default_rng(7), got, slice(None))
        assert len(plays.jobs) > 1
        plays.finish()
    assert got.tolist() == want.tolist() and rng.integers(2**62) == after


def test_tune_refuses_a_bad_backend(monkeypatch):
    from test_backends import refuses_a_bad_backend

    refuses_a_bad_backend(monkeypatch, lambda **kw: tune(preset("north-american"), deals=600, seed=3, sweeps=1,
                                                         play="dd", **kw))
