"""The ``euchre-stats`` click group itself.  Command modules add their commands to it;
:mod:`euchre_stats.cli.main` imports them all, so this module imports none of them."""

from __future__ import annotations

import click

from euchre_stats import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="euchre-stats")
def cli():
    """Euchre probability and strategy analyser.

    \b
    Example:
      euchre-stats review data/examples/hand1.json
    """
