"""The ``alone`` command: once trump is made, should I go alone (or defend alone)?

It parses its input, calls :func:`euchre_stats.alone`, and prints the result as the other
decision commands do.
"""

from __future__ import annotations

import click

import euchre_stats as es

from .common import handle_errors, output_options, progress_bar, rules_options
from .decide import _finish, bidding_option, reading_sampling_options
from .group import cli


@cli.command()
@click.argument("hand")
@click.option("--trump", required=True, help="trump suit: s, h, d or c; n for no trump (with --no-trump)")
@click.option("--maker", required=True, help="the seat that made trump")
@click.option("--seat", required=True, help="your seat: the maker, its partner (British timing) or a defender")
@click.option("--up", "upcard", default=None,
              help="the upcard: taken up if trump is its suit, else turned down (unknown when omitted)")
@click.option("--maker-alone", is_flag=True, help="a defender's question: the maker went alone")
@click.option("--infer/--no-infer", default=True, show_default=True,
              help="weight deals by how likely the auction seen is")
@reading_sampling_options
@bidding_option
@rules_options
@output_options()
@handle_errors
def alone(hand, trump, maker, seat, upcard, maker_alone, infer, samples, target_se, seed, workers, model, plot,
          score, bidding, rules, fmt, output):
    """After trump is made: should HAND go alone, or defend alone?

    \b
    Example:
      euchre-stats alone "Jh Jd Ah Kh Qh" --trump h --maker eldest --seat third --up 9h --rules british
      euchre-stats alone "Jh Jd Ah Kh 9s" --trump h --maker eldest --seat partner --up 9h --rules british
    """
    d = es.alone(hand, trump, maker, seat, rules, up=upcard, maker_alone=maker_alone, samples=samples,
                 target_se=target_se, seed=seed, model=model, infer=infer, workers=workers, bidding=bidding,
                 score=score, progress=progress_bar("sampling"))
    _finish(d, fmt, output, plot)


__all__ = ["alone"]
