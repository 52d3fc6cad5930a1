"""A run directory's manifest: reading it (one error naming the path) and its settings compared with a new
run's, what differs in words."""

from __future__ import annotations

from pathlib import Path

from ..core.errors import JSONInputError, TableRunError
from ..core.safejson import parse_json


def load_run_manifest(run_dir, name: str, short: str, holds: str):
    """``(path, parsed JSON)`` of the manifest ``name`` in ``run_dir``; :class:`TableRunError` when it is
    missing (``run_dir`` "holds no ``holds``"), unreadable or not JSON (``short`` names the manifest's kind in
    the messages: ``"table"``, ``"match"``).  The caller checks the value's shape."""
    p = Path(run_dir) / name
    try:
        return p, parse_json(p.read_bytes(), f"{str(p)!r} is not a {short} manifest")
    except FileNotFoundError:
        raise TableRunError(f"{str(run_dir)!r} holds no {holds} (no {name})") from None
    except OSError as exc:  # a directory, a symlink loop, no permission
        raise TableRunError(f"cannot read the {short} manifest {str(p)!r}: {exc.strerror or exc}") from None
    except JSONInputError as exc:
        raise TableRunError(str(exc)) from None


def settings_difference(theirs: dict, ours: dict) -> str | None:
    """The first setting that differs between a run directory's manifest (``theirs``) and a new run
    (``ours``), in words: ``"seed is 1 there, 2 now"``; for a dict setting (the rules), every option
    that differs (``"rules.stick_the_dealer is False there, True now; ..."``).  None when they agree."""
    diff = [k for k in ours if theirs.get(k) != ours[k]] + [k for k in theirs if k not in ours]
    if not diff:
        return None
    k = diff[0]
    there, now = theirs.get(k), ours.get(k)
    if isinstance(there, dict) and isinstance(now, dict):  # the rules: name the options that differ
        keys = [o for o in now if there.get(o) != now[o]] + [o for o in there if o not in now]
        return "; ".join(f"{k}.{o} is {there.get(o)!r} there, {now.get(o)!r} now" for o in keys)
    return f"{k} is {there!r} there, {now!r} now"
