"""The ``euchre-stats`` entry point: the group with every command registered.

Each command lives in its own module below this one and adds itself to
:data:`euchre_stats.cli.group.cli` when imported; nothing imports this module back.
"""

from __future__ import annotations

# each module registers its commands
from . import alone, bench, decide, equity, match, odds, play, review, solve, table, tune  # noqa: F401
from .common import apply_size_limits
from .group import cli
from euchre_stats.core.collector import lean_collection

apply_size_limits(cli)

__all__ = ["cli", "main"]


def main(argv=None):
    """Console-script entry point.

    The command runs inside :func:`~euchre_stats.core.collector.lean_collection`: the modules loaded by
    then frozen for the garbage collector, full collections ten times rarer while it runs, everything
    frozen before the interpreter's exit (eldest's warm ``order``: 0.1 s of full collections and 0.1-0.2 s
    of exit saved; docs/performance.md, "The garbage collector's walks, and a reference count per table
    read").  Only this console entry does this, never the library."""
    with lean_collection():
        cli.main(args=argv, prog_name="euchre-stats")
