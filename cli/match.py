"""The ``match`` command: a duplicate match between two bidding policies, or two players.

It parses its input, calls :func:`euchre_stats.match` once, prints the result in the format asked
for and, when players sat, writes the hands played as records (``--records FILE``).
"""

from __future__ import annotations

import click

import euchre_stats as es
from euchre_stats.decide import MAX_CONTROL_DEALS
from euchre_stats.output.atomic import atomic_write

from .common import (backend_options, emit, handle_errors, output_options, progress_bar, rules_options,
                     writable_path)
from .group import cli


@cli.command()
@click.option("--a", "a", default=None,
              help="policy A: shipped-v4 (the feature bidder passing junk in round two, the default population; the "
                   "default, shipped where it cannot bid), shipped-v3 (the same without the junk pass), shipped "
                   "(the shipped count), shipped-soft (the bidder shipped until 2026-12-03, soft decisions), "
                   "dd-tuned, points, guides (the published guides' rules of thumb), shipped-v2 (the feature "
                   "bidder, proposed), shipped-discards and shipped-v2-discards (the shipped model and the "
                   "feature bidder discarding as the guides say, proposed) or a model file (JSON from tune or "
                   "benchmarks/fit_feature_model.py); "
                   "or a player: realistic[:worlds=N], random, cheat, module:attr, openspiel:random, "
                   "openspiel:ismcts:N (docs/players.md)")
@click.option("--b", "b", default="points", show_default=True, help="policy or player B (as --a)")
@click.option("--deals", type=click.IntRange(min=2, max=1_000_000), default=20000, show_default=True,
              help="deals, each played twice with the seats swapped")
@click.option("--games", type=click.IntRange(min=2, max=1_000_000), default=None,
              help="play this many whole games to --game-to instead (the chance that A wins a game)")
@click.option("--control-deals", type=click.IntRange(min=0, max=MAX_CONTROL_DEALS), default=None,
              help="more deals played double-dummy only, for the control variate that narrows the realistic "
                   "interval (default: 10 x --deals; 0: off)")
@click.option("--seed", type=click.IntRange(min=0), default=None,
              help="random seed (printed; the same seed gives the same output)")
@click.option("--model", type=click.Choice(["pimc", "dd"]), default="pimc", show_default=True,
              help="play model of every hand (pimc: realistic)")
@backend_options()
@click.option("--records", type=click.Path(dir_okay=False), default=None, callback=writable_path,
              help="players only: write every hand played to FILE, one JSON record a line (euchre-stats review FILE)")
@click.option("--run-dir", type=click.Path(file_okay=False), default=None,
              help="players only: play in this directory, committing each chunk of deals as it finishes; the same "
                   "command again resumes it (a long match against an outside agent)")
@click.option("--chunk-deals", type=click.IntRange(min=1, max=100_000), default=None,
              help="with --run-dir: deals per chunk (default: the run's own, or 100)")
@rules_options
@output_options()
@handle_errors
def match(a, b, deals, games, control_deals, seed, model, workers, scheduler, records, run_dir, chunk_deals, rules, fmt,
          output):
    """A duplicate match between two bidding policies, or two players: A's points minus B's per hand.

    Every deal is played at two tables, the policies' seats swapped, with the same cards and the
    same random numbers, so only the bidding differs; the difference is split by the seat, round
    and kind of the first decision where the two tables differ.  Under realistic play the same
    deals are also played double-dummy, with --control-deals more, as a control variate: the
    estimate is still the realistic difference, with a narrower interval (the plain one is shown).

    When A or B names a player (realistic, random, cheat, module:attr, or an OpenSpiel bot), the
    players sit and play every bid and card, as in `euchre-stats play`; with an OpenSpiel bot the
    hands are played by OpenSpiel's euchre engine (pip install 'euchre-stats[openspiel]').
    With --run-dir a players' match is played in chunks of deals, each committed as it finishes;
    rerun the same command to resume (the result is that of an uninterrupted run).

    \b
    Example:
      euchre-stats match --a shipped --b points --deals 2000 --seed 1
      euchre-stats match --a shipped --b dd-tuned --deals 20000 --seed 1 --format json
      euchre-stats match --a shipped --b points --games 500 --seed 1
      euchre-stats match --a realistic --b random --deals 200 --seed 1 --records hands.jsonl
      euchre-stats match --a realistic --b openspiel:ismcts:100 --deals 200 --seed 1
      euchre-stats match --a realistic --b openspiel:ismcts:4000 --deals 500 --stick-the-dealer --run-dir m4000
    """
    result = es.match(a, b, deals=deals, seed=seed, rules=rules, model=model, workers=workers,
                      progress=progress_bar("match"), games=games, control_deals=control_deals,
                      records=records is not None, run_dir=run_dir, chunk_deals=chunk_deals,
                      scheduler=scheduler)
    if records is not None:
        atomic_write(records, result.records_jsonl().encode("utf-8"))
    emit(result.format(fmt), output)


__all__ = ["match"]
