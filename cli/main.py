"""The ``euchre-stats`` entry point: the group with every command registered.

Each command lives in its own module below this one and adds itself to
:data:`euchre_stats.cli.group.cli` when imported; nothing imports this module back.
"""

from __future__ import annotations

import gc

# each module registers its commands
from . import alone, bench, decide, equity, match, odds, play, review, solve, table, tune  # noqa: F401
from .common import apply_size_limits
from .group import cli

apply_size_limits(cli)

__all__ = ["cli", "main"]


#: the oldest generation's threshold while a command runs (Python's default is 10): a full collection
#: after 100 collections of the middle generation instead of 10 (docs/performance.md, "The garbage
#: collector's walks")
FULL_COLLECTION_THRESHOLD = 100


def main(argv=None):
    """Console-script entry point.

    The modules loaded by then (and numba's, pandas' and the kernels' objects later) live as long as the
    process, yet each of Python's full garbage collections walks all of them, and the interpreter's exit
    walks them again while it takes them apart: eldest's ``order`` spent about 0.1 s in two full
    collections and 0.1-0.2 s in the exit (docs/performance.md, "The garbage collector's walks").  So the
    objects loaded so far are frozen (:func:`gc.freeze`: no collection walks them), full collections are
    made ten times rarer while the command runs, and whatever is left is frozen before the exit, which
    then leaves it to the operating system.  Cyclic garbage is still collected while the command runs, by
    the young generations as before and by the rarer full collections; output files are closed by the
    commands themselves, not at exit.  Only this console entry does this, never the library, and it sets
    the thresholds back when the command returns."""
    old = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(old[0], old[1], max(old[2], FULL_COLLECTION_THRESHOLD))
    try:
        cli.main(args=argv, prog_name="euchre-stats")
    finally:
        gc.set_threshold(*old)
        gc.freeze()
