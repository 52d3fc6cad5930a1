"""The ``euchre-stats`` command group.  Each command lives in its own module and is registered here."""

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


def main(argv=None):
    """Console-script entry point."""
    cli.main(args=argv, prog_name="euchre-stats")


# Each command module adds its commands to ``cli`` when imported (kept last: they import ``cli``).
from . import review  # noqa: E402,F401
from . import solve, bench  # noqa: E402,F401
from . import decide  # noqa: E402,F401
from . import tune  # noqa: E402,F401
from . import odds  # noqa: E402,F401
from . import table  # noqa: E402,F401
