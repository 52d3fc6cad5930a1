"""The ``equity`` command: the chance of winning the game from every score.

It parses its input, calls :func:`euchre_stats.equity` and prints the result in the format asked for.
"""

from __future__ import annotations

import click

import euchre_stats as es

from .common import backend_options, emit, handle_errors, output_options, plot_path, rules_options
from .group import cli


@cli.command()
@click.option("--samples", "-n", type=click.IntRange(min=100, max=10_000_000), default=20000, show_default=True,
              help="self-play hands behind the hand outcome chances")
@click.option("--seed", type=click.IntRange(min=0), default=None,
              help="random seed (printed; the same seed gives the same output)")
@click.option("--model", type=click.Choice(["pimc", "dd"]), default="pimc", show_default=True,
              help="play model of the self-play hands (pimc: realistic)")
@backend_options()
@click.option("--plot", "plot", type=click.Path(dir_okay=False), default=None, callback=plot_path,
              help="draw the table (we deal next) as a heatmap to FILE (.png/.svg/.pdf)")
@rules_options
@output_options()
@handle_errors
def equity(samples, seed, model, workers, scheduler, plot, rules, fmt, output):
    """The match equity table: P(we win the game) from every score, who deals next, the rules' target.

    \b
    Example:
      euchre-stats equity --rules north-american --samples 5000 --seed 1
      euchre-stats equity --game-to 11 --win-by-two --format json
    """
    result = es.equity(rules, samples=samples, seed=seed, model=model, workers=workers, scheduler=scheduler)
    if plot:
        result.save_plot(plot)
    emit(result.format(fmt), output)


__all__ = ["equity"]
