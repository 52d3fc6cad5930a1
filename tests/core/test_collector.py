"""The garbage collector in the project's own processes (``euchre_stats.core.collector``): what is loaded
is frozen, full collections are rarer inside the block, the thresholds come back after it, and what is left
is frozen for the exit.  The console entry's use of it is checked in ``tests/cli/test_startup.py``."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys

from euchre_stats.core.collector import FULL_COLLECTION_THRESHOLD, lean_collection


def test_inside_the_block_what_was_loaded_is_frozen_and_full_collections_are_rarer():
    old = gc.get_threshold()
    try:
        gc.unfreeze()
        held = [[i] for i in range(50_000)]
        with lean_collection():
            assert gc.get_freeze_count() >= len(held)
            assert gc.get_threshold() == (old[0], old[1], max(old[2], FULL_COLLECTION_THRESHOLD))
            made = [[i] for i in range(50_000)]
        assert gc.get_threshold() == old
        assert gc.get_freeze_count() >= len(held) + len(made)  # frozen for the exit
    finally:
        gc.unfreeze()  # give the test process its collector back
        gc.set_threshold(*old)


def test_cyclic_garbage_made_inside_the_block_is_still_collected():
    try:
        with lean_collection():
            for _ in range(20_000):
                a = []
                a.append(a)  # a cycle: only the collector frees it
            del a
            assert gc.collect(1) >= 1  # the middle generation still finds it
    finally:
        gc.unfreeze()


JOB = """
import gc
def job():
    from euchre_stats.core.collector import FULL_COLLECTION_THRESHOLD
    assert gc.get_freeze_count() > 0 and gc.get_threshold()[2] == FULL_COLLECTION_THRESHOLD
    return []
"""


def test_the_compile_helper_runs_its_job_inside_the_block(tmp_path):
    """``helper_main`` (the compile helper process) runs its job with the loaded modules frozen and full
    collections rarer: a job that checks so writes its (empty) report."""
    (tmp_path / "collector_job.py").write_text(JOB)
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    report = tmp_path / "report.json"
    p = subprocess.run([sys.executable, "-P", "-c", "import sys; from euchre_stats.core.compiling import helper_main; "
                        "helper_main(sys.argv[1], sys.argv[2])", "collector_job:job", str(report)],
                       capture_output=True, text=True, env=env, timeout=120)
    assert p.returncode == 0, p.stderr
    assert json.loads(report.read_text()) == {}
