"""The realistic play benchmark: what it measures is real work, and what it reports adds up."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from euchre_stats.cli.main import cli
from euchre_stats.core.errors import DecisionInputError, LimitError
from euchre_stats.bench.realistic import SEATS, bench_realistic, describe_question
from euchre_stats.decide.order import order_decision
from euchre_stats.rules import NORTH_AMERICAN


def test_reports_playouts_old_and_new_and_every_command_by_seat():
    r = bench_realistic(deals=40, old_deals=6, decision_deals=20, seed=3, commands=("order", "lead"))
    new, old = r["playouts"]
    assert new["deals"] == 40 and old["deals"] == 6 and r["seed"] == 3
    for p in (new, old):
        assert p["cpu_seconds"] > 0 and p["per_cpu_s"] == pytest.approx(p["deals"] / p["cpu_seconds"])
        assert p["ms_each"] == pytest.approx(1e3 * p["cpu_seconds"] / p["deals"])
    assert r["speedup"] == pytest.approx(new["per_cpu_s"] / old["per_cpu_s"])
    assert [(d["command"], d["seat"]) for d in r["decisions"]] == [(c, s) for c in ("order", "lead") for s in SEATS]
    for d in r["decisions"]:
        assert d["samples"] >= 20 and 0 < d["effective"] <= d["samples"] + 1e-9
        assert d["ms_per_deal"] == pytest.approx(1e3 * d["cpu_seconds"] / d["samples"])


def test_the_timed_question_is_the_one_printed():
    """The order question timed at the dealer is the command's own answer to the question shown."""
    assert describe_question("order", "dealer") == 'order "Jh Jd Ah 9s Tc" --up 9h --seat dealer'
    r = bench_realistic(deals=1, old_deals=0, decision_deals=30, seed=5, commands=("order",), seats=("dealer",))
    d = order_decision("Jh Jd Ah 9s Tc", "9h", "dealer", samples=30, seed=5, model="pimc")
    assert r["decisions"][0]["samples"] == d.samples
    assert r["decisions"][0]["effective"] == pytest.approx(d.effective_samples)


@pytest.mark.parametrize("kw, error, text", [
    ({"deals": 0}, LimitError, "deals 0"),
    ({"worlds": 0}, LimitError, "worlds 0"),
    ({"old_deals": -1}, DecisionInputError, "old_deals"),
    ({"decision_deals": 2.5}, DecisionInputError, "decision_deals"),
    ({"commands": ("order", "discard")}, DecisionInputError, "'discard'"),
    ({"seats": ("north",)}, DecisionInputError, "'north'"),
])
def test_bad_arguments_are_named(kw, error, text):
    with pytest.raises(error, match=text):
        bench_realistic(**{"deals": 1, "old_deals": 0, "decision_deals": 0, **kw})


def test_command_prints_the_seed_the_speed_up_and_the_table_by_seat():
    r = CliRunner().invoke(cli, ["bench", "realistic", "--deals", "20", "--old-deals", "4", "--decision-deals", "10",
                                 "--seed", "9"])
    assert r.exit_code == 0, r.output
    assert "seed 9" in r.output and "new over old: x" in r.output
    for seat in SEATS:
        assert f"order   {seat}" in r.output and f"call    {seat}" in r.output
    j = CliRunner().invoke(cli, ["bench", "realistic", "--deals", "5", "--old-deals", "0", "--decision-deals", "0",
                                 "--seed", "9", "--format", "json"])
    data = json.loads(j.output)
    assert data["seed"] == 9 and data["speedup"] is None and data["decisions"] == []


def test_old_decision_cost_replays_the_recorded_play_outs():
    """The old per-deal cost swaps the kernel's play of the decision's own play-outs for the old model's."""
    from euchre_stats.bench import realistic as bench
    from euchre_stats.cardplay import realistic

    run = realistic._run
    with bench._recorded_plays() as batches:
        d = order_decision("Jh Jd Ah 9s Tc", "9h", "eldest", samples=12, seed=4, model="pimc", workers=1)
    assert realistic._run is run  # the kernel's entry point is put back
    # pass (played after the auction), order and alone: each a batch of the sampled deals
    assert len(batches) == 3 and sum(b[1].shape[0] for b in batches) <= 3 * d.samples
    assert all(b[-1] > 0 and b[9] == realistic.DEFAULT_WORLDS for b in batches)
    assert bench.replay_old(batches, 4) > 0
    r = bench_realistic(deals=1, old_deals=0, decision_deals=10, old_decision_deals=6, seed=2,
                        commands=("order", "lead"), seats=("eldest",))
    for row in r["decisions"]:
        assert row["old_samples"] >= 6 and 0 < row["play_share"] <= 1
        assert row["old_ms_per_deal"] > 0
        assert row["decision_speedup"] == pytest.approx(row["old_ms_per_deal"] / row["ms_per_deal"])


def test_the_old_model_refuses_a_play_out_it_cannot_start():
    from euchre_stats.bench import realistic as bench

    z = np.zeros(1, dtype=np.int64)
    batch = (NORTH_AMERICAN, np.zeros((1, 4), dtype=np.int64), z, z, z, np.full((1, 3), -1), z,
             np.ones((1, 4), dtype=np.int64), z - 1, 24, 0.0)
    with pytest.raises(DecisionInputError, match="voids"):
        bench.replay_old([batch], 1)


def test_repeat_asks_each_question_again_and_keeps_the_least_cpu(monkeypatch):
    """With --repeat the questions run that many times, new and old interleaved, and the least
    CPU of each is reported (a busy spell of a shared machine hits one run, not the figure)."""
    from euchre_stats.bench import realistic as bench

    asked = []
    real_question = bench._question

    def question(command, seat, samples, seed, threads):
        asked.append(samples)
        return real_question(command, seat, samples, seed, threads)

    cpus = iter([0.9, 0.3, 0.6])  # the new runs' CPU seconds, in turn
    real_timed = bench._timed

    def timed(fn):
        d, wall, cpu = real_timed(fn)
        # the question was built just before it is timed: a new run when it asked for 12 deals
        return (d, wall, next(cpus)) if asked and asked[-1] == 12 else (d, wall, cpu)

    monkeypatch.setattr(bench, "_question", question)
    monkeypatch.setattr(bench, "_timed", timed)
    r = bench.bench_realistic(deals=1, old_deals=0, decision_deals=12, old_decision_deals=6, seed=2, repeat=3,
                              commands=("lead",), seats=("eldest",))
    # a warm-up of 5 deals, then new (12) and old (6) three times over
    assert asked == [5, 12, 6, 12, 6, 12, 6]
    row = r["decisions"][0]
    assert row["cpu_seconds"] == 0.3 and row["ms_per_deal"] == pytest.approx(1e3 * 0.3 / row["samples"])
