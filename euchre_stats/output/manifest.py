"""A run directory's manifest settings compared with a new run's: what differs, in words."""

from __future__ import annotations


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
