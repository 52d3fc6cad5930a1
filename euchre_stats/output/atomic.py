"""Atomic file writes: a file exists whole or not at all, even if the process is killed.

Every output file of the project (tables, charts, ``--output`` files) goes through here.

- The data goes to a hidden temp file beside the target, ``.NAME.PID-<random>.tmp``, which is
  fsynced and renamed over the target.  A process killed mid-write (SIGKILL: no cleanup runs)
  leaves that temp file; the next write to the same name removes every such temp file whose
  process (the PID in its name) is no longer running on this host.
- A target that is a symbolic link is written *through*: the file the link points to is
  replaced and the link stays, as the shell's ``>`` does.
"""

from __future__ import annotations

import glob
import os
import re
import tempfile
from pathlib import Path

from ..core.errors import OutputError


def atomic_write(path, data: bytes, *, sweep: bool = True) -> None:
    """Write ``data`` to ``path`` so that it exists whole or not at all (temp file, fsync, replace).

    A symbolic link at ``path`` is followed (its target is written, the link kept).  ``sweep``
    removes the temp files that killed writers of the same name left (False where the caller
    sweeps the whole directory itself, as a strategy-table run does on start).
    """
    path = Path(path)
    try:
        if path.is_symlink():
            path = Path(os.path.realpath(path))
        if sweep:
            sweep_temps(path)
        _write(path, data)
    except OSError as exc:
        raise OutputError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None


def _prefix(path: Path) -> str:
    # the temp name never ends like the final one (a half-written chunk must not look finished)
    # and stays short whatever the final name's length
    return f".{path.name[:32]}."


_TEMP = re.compile(r"(\d+)-[^.]+\.tmp")


def pid_alive(pid: int) -> bool:
    """Whether process ``pid`` runs on this host (a process of another user counts as running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


def sweep_temps(path) -> list[Path]:
    """Remove the temp files that writers of ``path`` killed mid-write left beside it (their PID is
    gone); returns the paths removed.  Temp files of running writers are left alone."""
    path = Path(path)
    gone = []
    for name in glob.glob(glob.escape(_prefix(path)) + "*.tmp", root_dir=path.parent, include_hidden=True):
        m = _TEMP.fullmatch(name[len(_prefix(path)):])
        if m is None or pid_alive(int(m.group(1))):
            continue
        try:
            os.unlink(path.parent / name)
        except FileNotFoundError:   # another writer swept it first
            continue
        gone.append(path.parent / name)
    return gone


def _write(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f"{_prefix(path)}{os.getpid()}-", suffix=".tmp")
    try:
        os.chmod(tmp, 0o644)  # mkstemp makes files private; these are ordinary outputs
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    dfd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dfd)
    finally:
        os.close(dfd)
