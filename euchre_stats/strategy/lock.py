"""One writer per run directory: a lock file naming the process that holds it.

A second run on the same directory refuses, naming the first one's pid and host.  A lock left
by a run that died (its pid gone, on this host) is taken over.  The lock is the first thing a
run does, before it reads or writes the manifest, so two runs started together never mix.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import time
from pathlib import Path

from ..core.errors import TableRunError

LOCK = "run.lock"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@contextlib.contextmanager
def run_lock(run_dir):
    """Hold the lock of ``run_dir`` (created if missing) for the duration of the ``with`` block."""
    d = Path(run_dir)
    if d.exists() and not d.is_dir():
        raise TableRunError(f"run directory {str(run_dir)!r} is a file")
    d.mkdir(parents=True, exist_ok=True)
    p = d / LOCK
    me = {"pid": os.getpid(), "host": socket.gethostname(), "started": time.strftime("%Y-%m-%d %H:%M:%S")}
    for _ in range(3):
        try:
            fd = os.open(p, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            try:
                other = json.loads(p.read_text() or "{}")
            except (OSError, ValueError):
                other = {}
            if not other:  # being written this instant by the other run
                time.sleep(0.05)
                other = _read(p)
            if other.get("host") == me["host"] and isinstance(other.get("pid"), int) and not _alive(other["pid"]):
                with contextlib.suppress(FileNotFoundError):
                    p.unlink()  # left by a run that died
                continue
            raise TableRunError(
                f"run directory {str(run_dir)!r} is in use by another run (pid {other.get('pid', '?')} on "
                f"{other.get('host', '?')}, started {other.get('started', '?')}); wait for it to finish, or "
                f"remove {str(p)!r} if that run is gone") from None
        with os.fdopen(fd, "w") as fh:
            json.dump(me, fh)
        break
    else:
        raise TableRunError(f"cannot take the lock {str(p)!r}")
    try:
        yield d
    finally:
        with contextlib.suppress(FileNotFoundError):
            if _read(p).get("pid") == me["pid"]:
                p.unlink()


def _read(p: Path) -> dict:
    try:
        return json.loads(p.read_text() or "{}")
    except (OSError, ValueError):
        return {}
