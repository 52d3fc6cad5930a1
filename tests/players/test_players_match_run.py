"""A long players' match in a run directory (players/match_run.py): chunks committed as they finish,
resumed with exactly an uninterrupted run's result, one writer at a time."""

from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner

import euchre_stats as es
from euchre_stats.cli.main import cli
from euchre_stats.core.errors import DecisionInputError, PlayerSpecError, TableRunError
from euchre_stats.output.lock import LOCK, run_lock
from euchre_stats.players.match_run import chunk_ranges, load_match_run, match_run
from euchre_stats.players.table import play_match
from euchre_stats.rules import NORTH_AMERICAN, Rules

A, B = "random", "realistic:worlds=4"


class Interrupt(Exception):
    pass


def chunks(d):
    return sorted(p.name for p in (d / "chunks").iterdir())


def test_chunks_cover_the_deals():
    assert chunk_ranges(7, 3) == [(0, 3), (3, 6), (6, 7)]
    assert chunk_ranges(4, 10) == [(0, 4)]


def test_an_interrupted_run_resumed_equals_an_uninterrupted_one(tmp_path):
    whole = play_match(A, B, hands=9, seed=11, rules=NORTH_AMERICAN)
    d = tmp_path / "run"

    def stop_in_the_third_chunk(done, total):
        if done == 5:  # deals 0-1 and 2-3 committed, deal 4 played, deal 5 not
            raise Interrupt

    with pytest.raises(Interrupt):
        match_run(A, B, deals=9, seed=11, rules=NORTH_AMERICAN, run_dir=d, chunk_deals=2,
                  progress=stop_in_the_third_chunk)
    assert chunks(d) == ["deals-00000000-00000002.json", "deals-00000002-00000004.json"]
    assert not (d / LOCK).exists()  # the lock goes with the run that held it
    # a writer killed mid-write leaves a temp file (its pid gone): swept on resume
    (d / "chunks" / ".deals-00000004-00000006.json.99999999-x.tmp").write_text("{")
    seen = []
    resumed = match_run(A, B, deals=9, seed=11, rules=NORTH_AMERICAN, run_dir=d,
                        progress=lambda done, total: seen.append(done))
    assert seen[0] == 4 and seen[-1] == 9  # the committed chunks are not played again
    assert len(chunks(d)) == 5 and not any(n.endswith(".tmp") for n in os.listdir(d / "chunks"))
    assert resumed.diffs == whole.diffs and resumed.records_jsonl() == whole.records_jsonl()
    assert resumed.splits == whole.splits and resumed.to_dict()["split"] == whole.to_dict()["split"]
    assert (resumed.diff, resumed.diff_ci) == (whole.diff, whole.diff_ci)
    assert resumed.run["chunks"] == 5 and resumed.run["chunk_deals"] == 2
    # any chunk size gives the same match
    other = match_run(A, B, deals=9, seed=11, rules=NORTH_AMERICAN, run_dir=tmp_path / "other", chunk_deals=4)
    assert other.diffs == whole.diffs and other.records_jsonl() == whole.records_jsonl()
    # a run is extended by asking for more deals, and summarised part way by asking for fewer
    more = match_run(A, B, deals=12, seed=11, rules=NORTH_AMERICAN, run_dir=d)
    assert more.diffs[:9] == whole.diffs and len(more.diffs) == 12
    assert more.diffs == play_match(A, B, hands=12, seed=11, rules=NORTH_AMERICAN).diffs
    assert load_match_run(d, deals=4).diffs == whole.diffs[:4]
    # a chunk written before the splits were kept: the match is read without them
    first = d / "chunks" / "deals-00000000-00000002.json"
    c = json.loads(first.read_text())
    del c["splits"]
    first.write_text(json.dumps(c))
    old = load_match_run(d, deals=4)
    assert old.splits is None and "split" not in old.to_dict() and "first difference" not in old.to_text()
    assert old.diffs == whole.diffs[:4]


def test_a_second_writer_is_refused(tmp_path):
    d = tmp_path / "run"
    match_run(A, B, deals=2, seed=1, rules=NORTH_AMERICAN, run_dir=d, chunk_deals=1)
    with run_lock(d):  # another run holds the directory
        with pytest.raises(TableRunError, match="is in use by another run"):
            match_run(A, B, deals=4, seed=1, rules=NORTH_AMERICAN, run_dir=d)
    assert len(chunks(d)) == 2


def test_other_settings_and_other_runs_are_refused(tmp_path):
    d = tmp_path / "run"
    match_run(A, B, deals=2, seed=1, rules=NORTH_AMERICAN, run_dir=d, chunk_deals=1)
    for kwargs, words in (({"seed": 2}, "seed is 1 there, 2 now"),
                          ({"b": "random:seed=3"}, "b is 'realistic:worlds=4' there, 'random:seed=3' now"),
                          ({"rules": Rules(stick_the_dealer=True)}, "rules.stick_the_dealer is False there, True now"),
                          ({"chunk_deals": 2}, "chunk_deals is 1 there, 2 now")):
        args = {"a": A, "b": B, "deals": 2, "seed": 1, "rules": NORTH_AMERICAN, "run_dir": d, **kwargs}
        with pytest.raises(TableRunError, match=words):
            match_run(**args)
    es.table(round=1, samples_per_class=2, limit=1, seed=1, run_dir=tmp_path / "table", charts=False)
    with pytest.raises(TableRunError, match="is not a match run's manifest"):
        match_run(A, B, deals=2, seed=1, rules=NORTH_AMERICAN, run_dir=tmp_path / "table")
    with pytest.raises(PlayerSpecError, match="by spec"):
        match_run(object(), B, deals=2, seed=1, rules=NORTH_AMERICAN, run_dir=tmp_path / "x")
    with pytest.raises(PlayerSpecError, match="player 'nosuch:thing': cannot import"):
        match_run("nosuch:thing", B, deals=2, seed=1, rules=NORTH_AMERICAN, run_dir=tmp_path / "x")
    with pytest.raises(DecisionInputError, match="needs two sides"):
        match_run(A, B, deals=2, seed=1, rules=Rules(players=3, deck="24", hand_size=7), run_dir=tmp_path / "x")
    with pytest.raises(DecisionInputError, match="chunk_deals must be"):
        match_run(A, B, deals=2, seed=1, rules=NORTH_AMERICAN, run_dir=tmp_path / "x", chunk_deals=0)
    assert not (tmp_path / "x").exists()  # refused before anything is written
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "manifest.json").write_text((d / "manifest.json").read_text())
    with pytest.raises(TableRunError, match="holds no finished chunk"):
        load_match_run(tmp_path / "x")


def test_the_command_resumes_and_its_records_replay(tmp_path):
    """``match --run-dir``: rerun with the seed left out, it resumes the run's own seed; its records
    replay under ``review --realistic`` with the outcomes the match counted."""
    d, records = tmp_path / "run", tmp_path / "hands.jsonl"
    first = CliRunner().invoke(cli, ["match", "--a", "realistic", "--b", "random", "--deals", "2", "--seed", "4",
                                     "--run-dir", str(d), "--chunk-deals", "2"])
    assert first.exit_code == 0, first.output
    assert f"run directory  {d}: 1 chunk(s) of 2 deals" in first.output
    r = CliRunner().invoke(cli, ["match", "--a", "realistic", "--b", "random", "--deals", "4", "--run-dir", str(d),
                                 "--records", str(records), "--format", "json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["seed"] == 4 and out["n"] == 4 and out["run"]["chunks"] == 2
    assert [x["diff"] for x in out["deals"]] == play_match("realistic", "random", hands=4, seed=4,
                                                           rules=NORTH_AMERICAN).diffs
    rv = CliRunner().invoke(cli, ["review", str(records), "--realistic", "--seed", "1", "--format", "json"])
    assert rv.exit_code == 0, rv.output
    reviewed = json.loads(rv.output)
    assert len(reviewed) == 8
    for deal in out["deals"]:
        i = deal["deal"]
        p1, p2 = reviewed[2 * i]["points"], reviewed[2 * i + 1]["points"]
        assert deal["diff"] == ((p1[0] - p1[1]) + (p2[1] - p2[0])) / 2
    for args, words in ((["--a", "shipped", "--b", "points"], "run_dir: a match between two bidding policies"),
                        (["--a", "realistic", "--b", "random", "--chunk-deals", "3"], "chunk_deals: for a match in a")):
        bad = CliRunner().invoke(cli, ["match", *args, "--deals", "2"] + ([] if "--chunk-deals" in args else
                                                                        ["--run-dir", str(tmp_path / "p")]))
        assert bad.exit_code == 2 and bad.output.count("\n") == 1 and words in bad.output, bad.output
    assert not (tmp_path / "p").exists()


def test_a_run_on_openspiels_engine(tmp_path):
    """With an OpenSpiel bot the chunks are played on OpenSpiel's engine, each side's decisions timed."""
    pytest.importorskip("pyspiel")
    from euchre_stats.players.openspiel_table import openspiel_match

    rules = Rules(stick_the_dealer=True)
    whole = openspiel_match("random", "openspiel:random", hands=5, seed=3, rules=rules)
    r = match_run("random", "openspiel:random", deals=5, seed=3, rules=rules, run_dir=tmp_path, chunk_deals=2)
    assert r.engine == "openspiel" and r.rules == whole.rules
    assert r.diffs == whole.diffs and r.records_jsonl() == whole.records_jsonl()
    assert r.run["decisions"]["b"]["decisions"] > 0
    with pytest.raises(PlayerSpecError, match="ISMCTS cannot play"):  # refused before anything is written
        match_run("random", "openspiel:ismcts:5", deals=2, seed=1, rules=Rules(defend_alone=True),
                  run_dir=tmp_path / "lone")
    assert not (tmp_path / "lone").exists()


def _same_match(x, y):
    assert x.diffs == y.diffs and x.records_jsonl() == y.records_jsonl() and x.splits == y.splits
    assert (x.diff, x.diff_ci) == (y.diff, y.diff_ci)


def test_a_process_pool_plays_the_same_match(tmp_path):
    here = match_run(A, B, deals=5, seed=13, rules=NORTH_AMERICAN, run_dir=tmp_path / "here", chunk_deals=2)
    seen = []
    pool = match_run(A, B, deals=5, seed=13, rules=NORTH_AMERICAN, run_dir=tmp_path / "pool", chunk_deals=2,
                     workers=2, progress=lambda done, total: seen.append(done))
    _same_match(here, pool)
    assert chunks(tmp_path / "pool") == chunks(tmp_path / "here") and seen[0] == 0 and seen[-1] == 5


def test_a_dask_cluster_plays_the_same_match_and_resumes(tmp_path):
    distributed = pytest.importorskip("distributed")
    here = match_run(A, B, deals=5, seed=17, rules=NORTH_AMERICAN, run_dir=tmp_path / "here", chunk_deals=2)
    d = tmp_path / "dask"
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        part = match_run(A, B, deals=3, seed=17, rules=NORTH_AMERICAN, run_dir=d, chunk_deals=2,
                         scheduler=cluster.scheduler_address)
        assert chunks(d) == ["deals-00000000-00000002.json", "deals-00000002-00000003.json"]
        assert part.diffs == here.diffs[:3]  # a deal is the same in any chunk
        # the rest on the cluster (the short chunk 2..3 is not a chunk of a 5-deal run: 2..4 is played)
        whole = match_run(A, B, deals=5, seed=17, rules=NORTH_AMERICAN, run_dir=d, scheduler=cluster.scheduler_address)
    _same_match(here, whole)


def test_an_unreachable_scheduler_writes_nothing(tmp_path, monkeypatch):
    pytest.importorskip("distributed")
    from euchre_stats.core.errors import ClusterError
    from euchre_stats.players import match_run as module
    from euchre_stats.sampling import backends

    monkeypatch.setattr(module, "connect", lambda scheduler: backends.connect(scheduler, timeout="1s"))
    d = tmp_path / "run"
    with pytest.raises(ClusterError, match="cannot reach the dask scheduler 'tcp://127.0.0.1:9'"):
        match_run(A, B, deals=3, seed=1, rules=NORTH_AMERICAN, run_dir=d, scheduler="tcp://127.0.0.1:9")
    assert not d.exists()
    with pytest.raises(DecisionInputError, match="either --workers"):
        match_run(A, B, deals=3, seed=1, rules=NORTH_AMERICAN, run_dir=d, workers=2, scheduler="tcp://x:1")
    with pytest.raises(DecisionInputError, match="workers must be a whole number >= 1, got 0"):
        match_run(A, B, deals=3, seed=1, rules=NORTH_AMERICAN, run_dir=d, workers=0)
    assert not d.exists()
