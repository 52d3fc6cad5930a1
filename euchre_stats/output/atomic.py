"""Atomic file writes: a file exists whole or not at all, even if the process is killed.

Every output file of the project (tables, charts, ``--output`` files) goes through here.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from ..core.errors import OutputError


def atomic_write(path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that it exists whole or not at all (temp file, fsync, replace)."""
    path = Path(path)
    try:
        _write(path, data)
    except OSError as exc:
        raise OutputError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None


def _write(path: Path, data: bytes) -> None:
    # the temp name never ends like the final one (a half-written chunk must not look finished)
    # and stays short whatever the final name's length
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name[:32]}.", suffix=".tmp")
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
