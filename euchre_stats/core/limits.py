"""The upper bound of every size a user can ask for: sampled deals, threads, sweeps...

One table, read by the command line (each size option's ``IntRange``) and by the public
functions (:func:`check_size`), so ``-n 10**11`` is refused at once with the limit named,
instead of building a list of a hundred million chunk sizes first.  ``docs/formats.md``
("Limits") lists the same numbers; a test checks the two agree.  No I/O here.
"""

from __future__ import annotations

from .errors import LimitError

#: option name (the click parameter name, ``-`` as ``_``) -> (smallest, largest) accepted value
SIZE_LIMITS: dict[str, tuple[int, int]] = {
    # sampled deals of one question (order, call, discard, lead, alone, advise, variants per deck, equity)
    "samples": (1, 1_000_000),
    # deals of `tune` (per decision point), of `match`, of `play` (its --hands) and of `bench solver`
    "deals": (1, 1_000_000),
    # whole games of `match --games`
    "games": (2, 1_000_000),
    # sampled deals per hand class of `table`
    "samples_per_class": (2, 100_000),
    # `table --screen`: deals a class is screened on first (below --samples-per-class)
    "screen": (2, 100_000),
    # `table --refine`: deals a class too close to call is played again on, at most (above --samples-per-class)
    "refine": (3, 100_000),
    # classes per committed chunk of `table`, and `table --limit` (classes in all)
    "chunk_size": (1, 100_000),
    "limit": (1, 1_000_000),
    # solver threads, local processes
    "workers": (1, 1024),
    "threads": (1, 1024),
    # worlds a realistic player samples per decision (`review --realistic --worlds`)
    "worlds": (1, 10_000),
    # passes of `tune` over every seat and round
    "sweeps": (0, 100),
    # points for a lone defender's euchre (--lone-defender-points)
    "lone_defender_points": (1, 100),
}


def check_size(name: str, value, *, floor: int | None = None) -> None:
    """Raise :class:`LimitError` unless ``value`` is a whole number within ``name``'s bounds.

    ``None`` passes (the default applies).  ``floor`` overrides the table's smallest value
    for a caller with a stricter one (``equity`` needs 100 samples).
    """
    if value is None:
        return
    low, high = SIZE_LIMITS[name]
    low = low if floor is None else floor
    if isinstance(value, bool) or not isinstance(value, int):
        raise LimitError(f"{name} must be a whole number, got {value!r}")
    if not low <= value <= high:
        raise LimitError(f"{name} {value!r} is outside {low:,}..{high:,}, the limit for {name}")
