"""The first-run compile notice (``euchre_stats.core.compiling``, issue 33): what it says, that it is said
once, only when a kernel is about to compile, and only on a terminal from the command line."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from euchre_stats.core import compiling


class _Index:
    def __init__(self, index):
        self.index = index

    def _load_index(self):
        if isinstance(self.index, Exception):
            raise self.index
        return self.index


class _Cache:
    def __init__(self, index):
        self._cache_file = _Index(index)


class FakeKernel:
    """What :func:`compiling.will_compile` reads of a numba dispatcher: its signatures and its cache's index."""

    def __init__(self, name, index=None, signatures=()):
        self.__qualname__ = name
        self.__module__ = "fake"
        self.signatures = list(signatures)
        self._cache = _Cache({} if index is None else index)


@pytest.fixture
def said(monkeypatch):
    """A process that announced nothing yet, its notices collected."""
    lines = []
    monkeypatch.setattr(compiling, "_SAID", set())
    monkeypatch.setattr(compiling, "_NOTICE", lines.append)
    return lines


def test_will_compile_reads_the_cache_index():
    assert compiling.will_compile(FakeKernel("cold"))                                  # no index: compiles
    assert not compiling.will_compile(FakeKernel("cached", index={("sig",): "f.1.nbc"}))
    assert not compiling.will_compile(FakeKernel("ran", signatures=["(int64,)"]))      # compiled in this process
    assert not compiling.will_compile(FakeKernel("odd", index=AttributeError("numba changed")))  # no wrong notice
    assert not compiling.will_compile(lambda x: x)                                       # NUMBA_DISABLE_JIT=1


def test_announce_says_what_compiles_and_the_estimate_once(said):
    kernel = FakeKernel("play_batch")
    assert compiling.announce(kernel, "the realistic play kernels", 21)
    assert not compiling.announce(kernel, "the realistic play kernels", 21)  # once a process
    assert said == ["compiling the realistic play kernels (first run only, then cached): about 21 s on one core, "
                    "more on a busy machine"]
    assert compiling.announce(FakeKernel("play_batch_nt"), "the realistic play kernels' no-trump copy", 16)
    assert len(said) == 2 and "no-trump copy (first run only" in said[1] and "about 16 s" in said[1]


def test_announce_is_silent_when_the_kernel_is_cached(said):
    assert not compiling.announce(FakeKernel("solve", index={("sig",): "f.1.nbc"}), "the solver", 6)
    assert said == []


def test_the_api_prints_the_notice_to_standard_error(monkeypatch, capsys):
    monkeypatch.setattr(compiling, "_SAID", set())
    monkeypatch.setattr(compiling, "_NOTICE", None)
    compiling.announce(FakeKernel("k"), "the double-dummy solver", 6)
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("compiling the double-dummy solver (first run only")


@pytest.mark.parametrize("tty", [True, False])
def test_the_command_line_prints_it_on_a_terminal_only(tty, monkeypatch, capsys):
    from euchre_stats.cli.group import notice_on_a_terminal

    monkeypatch.setattr(sys.stderr, "isatty", lambda: tty)
    notice_on_a_terminal("compiling x")
    assert capsys.readouterr().err == ("compiling x\n" if tty else "")


def test_the_command_line_sends_the_notice_to_its_terminal_printer():
    from click.testing import CliRunner

    from euchre_stats.cli.group import notice_on_a_terminal
    from euchre_stats.cli.main import cli

    before = compiling._NOTICE
    try:
        CliRunner().invoke(cli, ["odds", "--deck", "24"])
        assert compiling._NOTICE is notice_on_a_terminal
    finally:
        compiling.set_notice(before)


KERNEL = """
from numba import njit

@njit(cache=True)
def plus_one(x):
    return x + 1
"""

PROBE = """
import sys
sys.path.insert(0, sys.argv[1])
from euchre_stats.core.compiling import announce
from tiny_kernel import plus_one
print(announce(plus_one, "a tiny kernel", 1), announce(plus_one, "a tiny kernel", 1), plus_one(1))
"""


def test_against_numba_a_fresh_cache_announces_and_a_filled_one_does_not(tmp_path):
    """A real numba cache (a one-line kernel, so cheap): cold, the first call is announced once; once
    compiled and cached, the next process says nothing."""
    (tmp_path / "tiny_kernel.py").write_text(textwrap.dedent(KERNEL))
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("NUMBA_DISABLE_JIT", None)

    def run():
        return subprocess.run([sys.executable, "-P", "-c", PROBE, str(tmp_path)], env=env, capture_output=True,
                              text=True, check=True, timeout=120)

    first = run()
    assert first.stdout.split() == ["True", "False", "2"]
    assert first.stderr.count("compiling a tiny kernel (first run only, then cached): about 1 s") == 1
    second = run()
    assert second.stdout.split() == ["False", "False", "2"] and "compiling" not in second.stderr
