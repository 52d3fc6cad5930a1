"""The compile helper process (``euchre_stats.core.compiling``: ``start_helper``, ``borrow``): a helper
compiles one branch of a kernel's tree into a private cache while this process compiles the rest,
and this process loads the helper's copy; whatever goes wrong, this process compiles it itself."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time

import pytest

from euchre_stats.core import compiling


@pytest.fixture
def fresh(monkeypatch):
    """No helper started yet in this process, the switch on, the ones started stopped afterwards."""
    helpers = {}
    monkeypatch.setattr(compiling, "_HELPERS", helpers)
    monkeypatch.setenv(compiling.HELPER_ENV, "1")
    monkeypatch.delenv("NUMBA_DISABLE_JIT", raising=False)
    monkeypatch.setattr(compiling, "helpers_allowed", lambda: True)  # (a one-CPU machine too)
    yield helpers
    for h in helpers.values():
        h.close()


def test_the_switch_and_disabled_jit_keep_the_helper_off(monkeypatch):
    monkeypatch.setenv(compiling.HELPER_ENV, "0")
    assert not compiling.helpers_allowed()
    monkeypatch.setenv(compiling.HELPER_ENV, "1")
    monkeypatch.setenv("NUMBA_DISABLE_JIT", "1")
    assert not compiling.helpers_allowed()
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0})
    monkeypatch.delenv("NUMBA_DISABLE_JIT")
    assert not compiling.helpers_allowed()  # one CPU: a helper would only compete
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1})
    assert compiling.helpers_allowed()


# --- the mechanism with stand-ins for numba's dispatcher and cache ---------------------------------
JOBS = """
import os, sys, time

class File:
    _index_name = "k.idx"
    def __init__(self, path):
        self._cache_path, self._index_path = path, os.path.join(path, self._index_name)

class Cache:
    def __init__(self, path):
        self._cache_file = File(path)
    def load_overload(self, sig, ctx):
        try:
            with open(self._cache_file._index_path) as fh:
                return fh.read() + " for " + repr(sig)
        except OSError:
            return None

def kernel(path):
    k = type("Kernel", (), {})()
    k.py_func = kernel
    k._cache = Cache(path)
    return k

def compiles():  # the helper: "compiles" into its private cache folder
    path = os.path.join(os.environ["NUMBA_CACHE_DIR"], "sub")
    os.makedirs(path)
    with open(os.path.join(path, "k.idx"), "w") as fh:
        fh.write("the helper's copy")
    return [kernel(path)]

def fails():
    raise RuntimeError("the helper failed")

def slow():
    time.sleep(60)
    return compiles()
"""


@pytest.fixture
def jobs(tmp_path, monkeypatch):
    (tmp_path / "helper_jobs.py").write_text(JOBS)
    monkeypatch.setenv("PYTHONPATH", f"{tmp_path}{os.pathsep}{os.environ.get('PYTHONPATH', '')}")
    sys.path.insert(0, str(tmp_path))
    import helper_jobs

    yield helper_jobs
    sys.path.remove(str(tmp_path))
    sys.modules.pop("helper_jobs", None)


def test_a_borrowed_copy_is_loaded_from_the_helper(fresh, jobs, tmp_path):
    mine = jobs.kernel(str(tmp_path / "mine"))
    helper = compiling.start_helper("helper_jobs:compiles")
    assert helper is not None and compiling.start_helper("helper_jobs:compiles") is None  # once a process
    compiling.borrow(mine, ("sig",), helper)
    assert mine._cache.load_overload(("other",), None) is None  # another copy: no wait, this cache
    assert mine._cache.load_overload(("sig",), None) == "the helper's copy for ('sig',)"
    assert "load_overload" not in vars(mine._cache)  # numba's own method again
    assert mine._cache._cache_file._cache_path == str(tmp_path / "mine")  # this process's cache untouched
    report = helper.wait()
    assert list(report.values())[0].startswith(helper.folder)
    helper.close()
    assert not os.path.exists(helper.folder)


def test_a_copy_cached_here_meanwhile_needs_no_helper(fresh, jobs, tmp_path):
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "k.idx").write_text("this process's copy")
    mine = jobs.kernel(str(tmp_path / "mine"))
    helper = compiling.start_helper("helper_jobs:slow")
    compiling.borrow(mine, ("sig",), helper)
    t0 = time.monotonic()
    assert mine._cache.load_overload(("sig",), None) == "this process's copy for ('sig',)"
    assert time.monotonic() - t0 < 5 and helper.proc.poll() is None


@pytest.mark.parametrize("job", ["helper_jobs:fails", "helper_jobs:slow", "helper_jobs:missing"])
def test_a_failed_or_slow_helper_leaves_the_compile_to_this_process(job, fresh, jobs, tmp_path, monkeypatch):
    monkeypatch.setattr(compiling, "HELPER_WAIT", 1.0)
    mine = jobs.kernel(str(tmp_path / "mine"))
    helper = compiling.start_helper(job)
    compiling.borrow(mine, ("sig",), helper)
    t0 = time.monotonic()
    assert mine._cache.load_overload(("sig",), None) is None  # numba then compiles it here
    assert time.monotonic() - t0 < 30
    helper.close()
    assert helper.proc.poll() is not None and not os.path.exists(helper.folder)


# --- against numba: a tiny kernel tree ---------------------------------------------------------------
TREE = """
from numba import njit, types

@njit(cache=True)
def inner(x):
    return x * 3 + 1

@njit(cache=True)
def outer(x):
    return inner(x) + inner(x + 1)

def compile_inner():
    inner.compile((types.int64,))
    return [inner]
"""

PROBE = """
import json, sys
from numba.core import event
from euchre_stats.core import compiling

compiled = []
class Listener(event.Listener):
    def on_start(self, ev):
        compiled.append(ev.data["dispatcher"].py_func.__name__)
    def on_end(self, ev):
        pass
event.register("numba:compile", Listener())
import tiny_tree
from numba import types
started = False
if compiling.will_compile(tiny_tree.outer):
    helper = compiling.start_helper("tiny_tree:compile_inner")
    if helper is not None:
        started = True
        compiling.borrow(tiny_tree.inner, (types.int64,), helper)
print(json.dumps({"value": int(tiny_tree.outer(5)), "compiled": compiled, "started": started}))
"""


def test_against_numba_the_borrowed_function_is_not_compiled_here(tmp_path):
    """A real numba cache: cold, the helper compiles ``inner`` and this process only ``outer``, with
    the same answer; warm, no helper starts and nothing compiles; with the switch off, both compile here."""
    (tmp_path / "tiny_tree.py").write_text(textwrap.dedent(TREE))
    base = {**os.environ, "PYTHONPATH": str(tmp_path), compiling.HELPER_ENV: "1"}
    base.pop("NUMBA_DISABLE_JIT", None)

    def run(cache, **extra):
        out = subprocess.run([sys.executable, "-P", "-c", PROBE], env={**base, "NUMBA_CACHE_DIR": str(cache), **extra},
                             capture_output=True, text=True, check=True, timeout=300)
        return json.loads(out.stdout)

    cold = run(tmp_path / "cache")
    if len(os.sched_getaffinity(0)) < 2:
        pytest.skip("one CPU: no helper")
    assert cold == {"value": 16 + 19, "compiled": ["outer"], "started": True}
    assert run(tmp_path / "cache") == {"value": 35, "compiled": [], "started": False}
    off = run(tmp_path / "cache-off", **{compiling.HELPER_ENV: "0"})
    assert off == {"value": 35, "compiled": ["outer", "inner"], "started": False}


def test_no_folder_for_the_helper_means_no_helper(fresh, monkeypatch):
    import tempfile

    def refuse(**kwargs):
        raise PermissionError("read-only temporary folder")

    monkeypatch.setattr(tempfile, "mkdtemp", refuse)
    assert compiling.start_helper("helper_jobs:compiles") is None and fresh == {}


def test_the_notice_says_when_a_helper_compiles_alongside(monkeypatch):
    lines = []
    monkeypatch.setattr(compiling, "_SAID", set())
    monkeypatch.setattr(compiling, "_NOTICE", lines.append)
    monkeypatch.setattr(compiling, "_HELPED", {})
    kernel = type("Kernel", (), {"__module__": "fake", "__qualname__": "play_batch", "signatures": [],
                                 "_cache": None})()
    monkeypatch.setattr(compiling, "will_compile", lambda k: True)
    compiling.helped(kernel, 13)
    assert compiling.announce(kernel, "the realistic play kernels", 21)
    assert lines == ["compiling the realistic play kernels (first run only, then cached), a second process helping: "
                     "about 13 s on two idle cores (21 s on one), more on a busy machine"]
