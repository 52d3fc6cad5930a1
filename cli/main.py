"""The ``euchre-stats`` entry point: the group with every command registered.

Each command lives in its own module below this one and adds itself to
:data:`euchre_stats.cli.group.cli` when imported; nothing imports this module back.
"""

from __future__ import annotations

# each module registers its commands
from . import alone, bench, decide, equity, match, odds, play, review, solve, table, tune  # noqa: F401
from .common import apply_size_limits
from .group import cli

apply_size_limits(cli)

__all__ = ["cli", "main"]


def main(argv=None):
    """Console-script entry point."""
    cli.main(args=argv, prog_name="euchre-stats")
