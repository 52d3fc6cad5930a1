"""The chunk backends (sampling/backends.py): this process, a process pool and a dask cluster give
the same results for the same chunks; bad settings are refused before any work."""

from __future__ import annotations

import pytest

from euchre_stats.core.errors import ClusterError, DecisionInputError
from euchre_stats.sampling.backends import check_backend, connect, map_chunks, map_ordered

from backend_work import boom, die, draw


def same_on_every_backend(run):
    """``run(**where)`` in this process, on ``workers=2`` and on a two-worker LocalCluster: the three
    results equal (each job's test of issue 32); returns this process's."""
    here = run()
    assert run(workers=2) == here
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        assert run(scheduler=cluster.scheduler_address) == here
    return here


def small_chunks(monkeypatch, module, chunk: int = 100) -> None:
    """``module``'s jobs cut into chunks of ``chunk`` deals (in this process, before any backend sees them),
    so that a backend test plays several chunks on few deals."""
    from functools import partial

    from euchre_stats.sampling import seeds

    monkeypatch.setattr(module, "chunk_sizes", partial(seeds.chunk_sizes, chunk=chunk))


def refuses_a_bad_backend(monkeypatch, run):
    """``run(**where)`` stops at once, in one line, on an unreachable scheduler (naming it) and on both
    ``workers`` and ``scheduler`` given."""
    pytest.importorskip("distributed")
    from euchre_stats.sampling import backends

    monkeypatch.setattr(backends, "connect", lambda scheduler: connect(scheduler, timeout="1s"))
    with pytest.raises(ClusterError, match="cannot reach the dask scheduler 'tcp://127.0.0.1:9'"):
        run(scheduler="tcp://127.0.0.1:9")
    with pytest.raises(DecisionInputError, match="either --workers"):
        run(workers=2, scheduler="tcp://x:1")




def test_every_backend_gives_the_chunks_results_in_order():
    want = [draw(i, 5, 4) for i in range(7)]
    assert map_ordered(draw, range(7), args=(5, 4)) == want
    assert map_ordered(draw, range(7), args=(5, 4), workers=2) == want
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        assert map_ordered(draw, range(7), args=(5, 4), scheduler=cluster.scheduler_address, key="t") == want
        # a second run on the same cluster with other items never gets the first run's results
        assert map_ordered(draw, [3, 1], args=(6, 2), scheduler=cluster.scheduler_address, key="u") == \
            [draw(3, 6, 2), draw(1, 6, 2)]


def test_map_chunks_yields_each_item_with_its_result():
    got = dict(map_chunks(draw, [2, 0, 1], args=(9, 3), workers=2))
    assert got == {i: draw(i, 9, 3) for i in (0, 1, 2)}
    assert list(map_chunks(draw, [], args=(9, 3))) == []


def test_the_projects_errors_come_back_as_they_are():
    with pytest.raises(DecisionInputError, match="bad chunk [01]"):  # whichever process fails first
        map_ordered(boom, [0, 1], workers=2)


@pytest.mark.parametrize("workers, scheduler, match", [
    (0, None, "workers must be a whole number >= 1, got 0"),
    (True, None, "workers must be a whole number >= 1, got True"),
    (None, "", "scheduler must be the address"),
    (2, "tcp://x:1", "either --workers"),
])
def test_bad_settings_are_refused(workers, scheduler, match):
    with pytest.raises(DecisionInputError, match=match):
        check_backend(workers, scheduler)
    check_backend(None, None)
    check_backend(3, None)


def test_an_unreachable_scheduler_is_a_clear_error():
    pytest.importorskip("distributed")
    with pytest.raises(ClusterError, match="tcp://127.0.0.1:9"):
        connect("tcp://127.0.0.1:9", timeout="1s")



def test_a_runs_backend_maps_in_order_calls_done_and_names_each_map_apart():
    from euchre_stats.sampling.backends import backend

    with backend() as run:
        seen = []
        assert run.threads is None
        assert run.map(draw, range(3), args=(5, 2), done=lambda i, r: seen.append(i)) == [draw(i, 5, 2)
                                                                                         for i in range(3)]
        assert seen == [0, 1, 2]
    with backend(2) as run:
        assert run.threads == 1 and run.map(draw, [2, 0], args=(5, 2)) == [draw(2, 5, 2), draw(0, 5, 2)]
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, backend(None, cluster.scheduler_address) as run:
        # the same items twice in one run, with other arguments: never the first map's results
        assert run.map(draw, range(3), args=(5, 2)) == [draw(i, 5, 2) for i in range(3)]
        assert run.map(draw, range(3), args=(6, 2)) == [draw(i, 6, 2) for i in range(3)]
        assert run.threads == 1


def test_a_killed_process_stops_a_run_without_a_directory_in_one_line():
    from euchre_stats.sampling.backends import backend

    with pytest.raises(ClusterError, match="a worker process died .*this run keeps no chunks: run the same command"):
        with backend(2) as run:
            run.map(die, range(3))
