"""The ``euchre-stats`` click group itself.  Command modules add their commands to it;
:mod:`euchre_stats.cli.main` imports them all, so this module imports none of them."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from euchre_stats import __version__

#: commands that never run a numba kernel
_NO_KERNELS = {"odds", "review", None}


def _kernels_cold() -> bool:
    """Whether numba has no cached solver kernels yet (the first run compiles them)."""
    import euchre_stats.solver as solver  # light: the kernels compile on first call, not on import

    custom = os.environ.get("NUMBA_CACHE_DIR")
    cache = Path(custom) if custom else Path(solver.__file__).with_name("__pycache__")
    return not any(cache.rglob("_kernels.solve_batch_serial-*.nbi"))


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="euchre-stats")
@click.pass_context
def cli(ctx):
    """Euchre probability and strategy analyser.

    \b
    Example (works anywhere: the cards are on the command line):
      euchre-stats order "Jh Jd Ah 9s Tc" --up 9h --seat eldest --seed 1
    """
    if ctx.invoked_subcommand not in _NO_KERNELS and sys.stderr.isatty() and _kernels_cold():
        click.echo("compiling kernels, first run only, about 15 s", err=True)
