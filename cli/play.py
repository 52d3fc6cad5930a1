"""The ``play`` command: duplicate deals between two players, bidding and card play alike.

It parses its input, calls :func:`euchre_stats.play` once, prints the result in the format asked
for and writes the hands played as records (``--records FILE``) for ``euchre-stats review``.
"""

from __future__ import annotations

import click

import euchre_stats as es
from euchre_stats.output.atomic import atomic_write

from .common import (backend_options, emit, handle_errors, output_options, progress_bar, rules_options,
                     writable_path)
from .group import cli


@cli.command()
@click.option("--a", "a", default="realistic", show_default=True,
              help="player A: realistic[:worlds=N] (realistic-v6: the strongest whole player; realistic-v1 the one "
                   "before 2026-12-04), shipped, dd-tuned, points, a model file, random[:seed=N], cheat "
                   "(sees every card: reference only), module:attr or path/to/file.py:attr; or an OpenSpiel bot, "
                   "openspiel:random or openspiel:ismcts:N, played on OpenSpiel's engine (docs/players.md)")
@click.option("--b", "b", default="points", show_default=True, help="player B (as --a)")
@click.option("--hands", "deals", type=click.IntRange(min=1), default=100, show_default=True,
              help="deals, each played at two tables with the sides swapped")
@click.option("--seed", type=click.IntRange(min=0), default=None,
              help="random seed (printed; the same seed gives the same output)")
@click.option("--records", type=click.Path(dir_okay=False), default=None, callback=writable_path,
              help="write every hand played to FILE, one JSON record a line (euchre-stats review FILE)")
@backend_options("local processes, each playing chunks of 100 deals (default: this process); the output does not "
                 "depend on it")
@click.option("--players", type=click.Choice(["2", "4", "6"]), default=None,
              help="a two- or six-handed table (default: four)")
@rules_options
@output_options()
@handle_errors
def play(a, b, deals, seed, records, workers, scheduler, players, rules, fmt, output):
    """Duplicate deals between two players: A's points minus B's per deal, 95% interval.

    Every deal is played twice through the hand state machine, A on one side and B on the
    other, then the sides swapped, with the same cards and each seat's same random stream; every
    bid and card is checked.  A player is a spec: a shipped player, a bidding policy playing
    cards realistically, or your own (module:attr), see docs/players.md.

    \b
    Example:
      euchre-stats play --a realistic --b points --hands 100 --seed 1 --records hands.jsonl
      euchre-stats review hands.jsonl
      euchre-stats play --a realistic --b random --hands 20 --seed 1 --format json
    """
    result = es.play(a, b, hands=deals, seed=seed, rules=rules, players=players, progress=progress_bar("play"),
                     workers=workers, scheduler=scheduler)
    if records is not None:
        atomic_write(records, result.records_jsonl().encode("utf-8"))
    emit(result.format(fmt), output)


__all__ = ["play"]
