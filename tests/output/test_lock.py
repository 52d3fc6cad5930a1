"""The run directory's lock (output/lock.py): one holder at a time, a dead holder's lock free."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time

import pytest

from euchre_stats.core.errors import TableRunError
from euchre_stats.output import lock as lock_mod
from euchre_stats.output.lock import LOCK, run_lock

HOLD = """
import fcntl, json, os, sys, time
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o644)
fcntl.flock(fd, fcntl.LOCK_EX)
os.ftruncate(fd, 0)
os.pwrite(fd, json.dumps({"pid": os.getpid(), "host": sys.argv[2], "started": "then"}).encode(), 0)
print("held", flush=True)
time.sleep(60)
"""


def test_a_dead_runs_lock_is_taken_over(tmp_path):
    (tmp_path / LOCK).write_text(json.dumps({"pid": 2 ** 22 + 12345, "host": socket.gethostname()}))
    with run_lock(tmp_path):
        assert json.loads((tmp_path / LOCK).read_text())["pid"] == os.getpid()
    assert not (tmp_path / LOCK).exists()


@pytest.mark.parametrize("content", ["", "{not json", "\x00\x00\x00", "[1, 2]"])
def test_an_empty_or_unreadable_lock_is_stale(tmp_path, content):
    """A disk that was full when a run started left an empty run.lock: nothing holds it."""
    (tmp_path / LOCK).write_text(content)
    with run_lock(tmp_path):
        assert json.loads((tmp_path / LOCK).read_text())["pid"] == os.getpid()
    assert not (tmp_path / LOCK).exists()


def test_a_held_lock_refuses_naming_its_holder_until_the_holder_dies(tmp_path):
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(tmp_path / LOCK), "elsewhere"],
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "held"
        with pytest.raises(TableRunError, match=rf"in use by another run \(pid {proc.pid} on elsewhere"):
            with run_lock(tmp_path):
                pass
    finally:
        proc.kill()
        proc.wait()
    with run_lock(tmp_path):   # killed: the kernel freed its lock, the file it left is taken over
        assert json.loads((tmp_path / LOCK).read_text())["pid"] == os.getpid()


def test_a_held_lock_without_a_name_refuses_with_a_clear_message(tmp_path, monkeypatch):
    import fcntl

    fd = os.open(tmp_path / LOCK, os.O_RDWR | os.O_CREAT, 0o644)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        with pytest.raises(TableRunError, match="pid unknown: the holder has not written it") as err:
            with run_lock(tmp_path):
                pass
        assert "None" not in str(err.value) and "?" not in str(err.value)
    finally:
        os.close(fd)


def test_two_take_overs_of_a_stale_lock_cannot_both_succeed(tmp_path, monkeypatch):
    """The race of the issue: two runs find a dead run's lock at the same moment and both try to take
    it over.  Each run is slowed down just after it opens the lock file (where the old code read the
    file, judged it stale and deleted it); exactly one holds the lock, the other is refused."""
    (tmp_path / LOCK).write_text(json.dumps({"pid": 2 ** 22 + 12345, "host": socket.gethostname()}))
    real_flock = lock_mod.fcntl.flock
    both_opened = threading.Barrier(2)

    def slow_flock(fd, op):
        both_opened.wait(timeout=10)   # both have opened the stale file before either locks it
        return real_flock(fd, op)

    monkeypatch.setattr(lock_mod.fcntl, "flock", slow_flock)
    outcome = {}
    inside = threading.Event()

    def run(name):
        try:
            with run_lock(tmp_path):
                inside.set()
                time.sleep(0.5)        # hold it while the other one tries
                outcome[name] = "held"
        except TableRunError as exc:
            outcome[name] = str(exc)

    threads = [threading.Thread(target=run, args=(n,)) for n in "ab"]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert sorted(v == "held" for v in outcome.values()) == [False, True], outcome
    refused = next(v for v in outcome.values() if v != "held")
    # the holder's name, or (on a machine so loaded that the holder has not written it within a second)
    # the plain statement that the lock is held
    assert (f"pid {os.getpid()} on {socket.gethostname()}" in refused
            or "pid unknown: the holder has not written it" in refused), refused
    assert not (tmp_path / LOCK).exists()


def test_a_lock_unlinked_between_open_and_flock_is_not_trusted(tmp_path, monkeypatch):
    """A finishing run unlinks the file it held; a run that opened that file just before must not
    count a lock on the unlinked file as the directory's lock."""
    real_flock = lock_mod.fcntl.flock
    calls = []

    def flock_after_unlink(fd, op):
        if not calls:
            os.unlink(tmp_path / LOCK)          # the previous holder finishes right now
        calls.append(fd)
        return real_flock(fd, op)

    (tmp_path / LOCK).write_text("")
    monkeypatch.setattr(lock_mod.fcntl, "flock", flock_after_unlink)
    with run_lock(tmp_path):
        assert len(calls) == 2                   # it started again on the new file
        assert json.loads((tmp_path / LOCK).read_text())["pid"] == os.getpid()


def test_a_lock_that_cannot_be_written_says_so_and_leaves_no_lock(tmp_path, monkeypatch):
    def full(fd, data, offset):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(lock_mod.os, "pwrite", full)
    with pytest.raises(TableRunError, match=r"cannot write the lock .*run.lock.*: No space left on device"):
        with run_lock(tmp_path):
            pass
    assert not (tmp_path / LOCK).exists()
    monkeypatch.undo()
    with run_lock(tmp_path):
        pass


def test_a_file_in_place_of_the_directory(tmp_path):
    f = tmp_path / "run"
    f.write_text("x")
    with pytest.raises(TableRunError, match="is a file"):
        with run_lock(f):
            pass
