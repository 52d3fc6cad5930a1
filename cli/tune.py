"""``euchre-stats tune``: tune the bidding model's thresholds by self-play."""

from __future__ import annotations

import click

from euchre_stats.bidding.model import BiddingModel
from euchre_stats.bidding.tuning import tune as tune_model

from euchre_stats.output.results import dumps

from .common import emit, handle_errors, rules_options
from .group import cli


@cli.command()
@click.option("--deals", type=click.IntRange(min=100), default=20000, show_default=True,
              help="sampled deals per decision point")
@click.option("--sweeps", type=click.IntRange(min=1), default=2, show_default=True,
              help="passes over all seats and rounds")
@click.option("--seed", type=click.IntRange(min=0), default=2026, show_default=True, help="random seed")
@click.option("--start", type=click.Path(exists=True, dir_okay=False), default=None,
              help="model to start from (JSON); the built-in guide thresholds by default")
@click.option("--workers", "-j", type=click.IntRange(min=1), default=None, help="solver threads")
@click.option("--output", "-o", type=click.Path(dir_okay=False), default=None,
              help="write the model (JSON) to FILE")
@rules_options
@handle_errors
def tune(deals, sweeps, seed, start, workers, output, rules):
    """Tune the bidding model's thresholds by self-play (double-dummy play).

    The result can be passed to order/call with --bidding FILE.

    \b
    Example:
      euchre-stats tune --rules stick --deals 20000 --seed 2026 -o stick-model.json
    """
    model = tune_model(rules, deals=deals, seed=seed, sweeps=sweeps,
                       start=BiddingModel.load(start) if start else None, workers=workers)
    click.echo(f"seed: {seed}   deals per decision point: {deals:,}   sweeps: {sweeps}", err=True)
    emit(dumps(model.to_dict()), output)
