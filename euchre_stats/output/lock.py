"""One writer per run directory: a lock file held with ``flock`` and naming the process that holds it.

Every resumable run takes it: a strategy table (``strategy/run.py``) and a long match between
players (``players/match_run.py``).

A run opens ``run.lock`` and takes an exclusive ``flock`` on it without waiting.  The kernel
gives that lock to one open file at a time and drops it when its process ends, however it ends
(a SIGKILL included), so:

- a second run on the same directory finds the lock taken and refuses, naming the first one's
  pid and host (read from the file);
- a lock left by a run that died is free again and is simply taken: there is no check-then-delete
  for two runs to interleave in, and two runs can never both hold it;
- an empty or unreadable lock file (a disk that was full when a run started) holds nothing: it
  is taken over like any lock whose holder is gone.

The holder unlinks the file as it finishes, still holding the lock; a run that opened the old
file just before sees, once it has the lock, that the path no longer names the file it locked, and
starts again on a new one.  The lock is the first thing a run does, before it reads or writes the
manifest, so two runs started together never mix.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import socket
import time
from pathlib import Path

from ..core.errors import TableRunError
from .atomic import pid_alive

LOCK = "run.lock"


def _same_file(fd: int, p: Path) -> bool:
    """Whether the path ``p`` still names the open file ``fd`` (it was not unlinked or replaced)."""
    try:
        st = os.stat(p)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (st.st_dev, st.st_ino) == (mine.st_dev, mine.st_ino)


def _holder(fd: int) -> dict:
    """What the lock file open as ``fd`` says of the run that holds it ({} if empty or unreadable, or
    while it still names a process of this host that has ended: the new holder has not written yet)."""
    try:
        data = os.pread(fd, 4096, 0)
        other = json.loads(data.decode() or "{}")
    except (OSError, ValueError):
        return {}
    if not isinstance(other, dict):
        return {}
    pid = other.get("pid")
    if other.get("host") == socket.gethostname() and isinstance(pid, int) and not pid_alive(pid):
        return {}
    return other

    return True


def _in_use(run_dir, p: Path, other: dict) -> TableRunError:
    if other:
        who = (f"pid {other.get('pid', '?')} on {other.get('host', '?')}, started "
               f"{other.get('started', '?')}")
    else:  # it has the lock but has not written its name yet (or could not: a full disk)
        who = "pid unknown: the holder has not written it"
    return TableRunError(
        f"run directory {str(run_dir)!r} is in use by another run ({who}); wait for it to finish: the lock "
        f"{str(p)!r} is freed when that process ends")


@contextlib.contextmanager
def run_lock(run_dir):
    """Hold the lock of ``run_dir`` (created if missing) for the duration of the ``with`` block."""
    d = Path(run_dir)
    if d.exists() and not d.is_dir():
        raise TableRunError(f"run directory {str(run_dir)!r} is a file")
    d.mkdir(parents=True, exist_ok=True)
    p = d / LOCK
    me = {"pid": os.getpid(), "host": socket.gethostname(), "started": time.strftime("%Y-%m-%d %H:%M:%S")}
    for _ in range(20):
        try:
            fd = os.open(p, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise TableRunError(f"cannot open the lock {str(p)!r}: {exc.strerror or exc}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            other = _holder(fd)
            for _ in range(50):   # taken this instant: its holder writes its name next (up to 1 s)
                if other:
                    break
                time.sleep(0.02)
                other = _holder(fd)
            os.close(fd)
            raise _in_use(run_dir, p, other) from None
        if _same_file(fd, p):
            break
        os.close(fd)   # the run that held it finished and unlinked it between our open and our lock
    else:
        raise TableRunError(f"cannot take the lock {str(p)!r}: it keeps being replaced")
    try:
        try:
            data = json.dumps(me).encode()
            os.ftruncate(fd, 0)
            os.pwrite(fd, data, 0)
            os.fsync(fd)
        except OSError as exc:
            raise TableRunError(f"cannot write the lock {str(p)!r}: {exc.strerror or exc}") from None
        yield d
    finally:
        with contextlib.suppress(OSError):
            if _same_file(fd, p):
                p.unlink()   # still holding the lock: a run waiting on this file will see it is gone
        os.close(fd)
