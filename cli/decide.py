"""Decision commands: ``order``, ``call``, ``discard``, ``lead``.

Each parses its input, calls one public function (:func:`euchre_stats.order`, ``call``,
``discard``, ``lead``) and prints the result in the format asked for.
"""

from __future__ import annotations

import functools

import click

import euchre_stats as es
from euchre_stats.decide import PASS_MODELS

from .common import InputError, emit, handle_errors, output_options, plot_path, progress_bar, rules_options
from .group import cli


def reading_sampling_options(func):
    """:func:`sampling_options` whose ``--model`` also takes ``realistic-v3`` and ``realistic-v4`` (``order``,
    ``call``, ``lead``, ``discard``, ``alone``)."""
    return sampling_options(func, reading=True)


def sampling_options(func, reading: bool = False):
    """``--samples``, ``--target-se``, ``--seed``, ``--workers``, ``--model`` (with ``reading``, ``realistic-v3``
    too: the play-outs read the auction)."""
    models = ["pimc", "dd"] + (["realistic-v3", "realistic-v4"] if reading else [])
    more = (", realistic-v3 = realistic play as the player realistic-v3 (worlds weighted by the auction, "
            "defenders cash sure winners), realistic-v4 = realistic-v3 defending against a loner on 8 times "
            "the worlds") if reading else ""

    @click.option("--samples", "-n", type=click.IntRange(min=1), default=10000, show_default=True,
                  help="the effective sample wanted: deals are played until it is reached (uniform deals: "
                       "this many; read with the auction: up to three times as many); the most, with --target-se")
    @click.option("--target-se", type=float, default=None,
                  help="stop once every option's standard error is at most this")
    @click.option("--seed", type=click.IntRange(min=0), default=None,
                  help="random seed (printed; the same seed gives the same output)")
    @click.option("--workers", "-j", type=click.IntRange(min=1), default=None,
                  help="solver threads (results do not depend on it)")
    @click.option("--model", type=click.Choice(models), default=None,
                  help="play model: pimc = realistic (each player sees only its own cards; the default), dd = "
                       "double-dummy" + more)
    @click.option("--plot", "plot", type=click.Path(dir_okay=False), default=None, callback=plot_path,
                  help="draw the options' expected values and trick distributions to FILE (.png/.svg/.pdf)")
    @click.option("--score", default=None,
                  help="the score, US-THEM (e.g. 9-8): also each option's chance of winning the game, and the "
                       "recommendation by it (--game-to, --win-by-two count)")
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)

    return wrapper


def players_option(func):
    """``--players 2|3|4|6``: ask the question in the two-handed game, cutthroat or six-handed euchre."""

    return click.option("--players", type=click.Choice(["2", "3", "4", "6"]), default=None,
                        help="players at the table: 2 (two-handed; seats eldest|dealer), 3 (cutthroat; seats "
                             "eldest|second|dealer; seven cards each), 6 (six-handed, three against three, the "
                             "33-card deck; seats eldest|second|third|fourth|fifth|dealer); "
                             "default as --rules say (4)")(func)


def bidding_option(func):
    """``--bidding FILE``: the bidding model used to value passes and read the passes seen."""

    return click.option("--bidding", "bidding", type=click.Path(exists=True, dir_okay=False), default=None,
                        help="bidding model (JSON from `euchre-stats tune`) for every seat; by default the others "
                             "bid by the default population (shipped-v4; shipped where it cannot bid) and, in "
                             "order and call, your own later bids too (the shipped count with --pass-model dd); "
                             "with --players 2|3 the "
                             "bidder's thresholds (JSON from `tune --players`)")(func)


def others_options(func):
    """``--others POLICY`` and ``--robust``: how the other three seats bid (``order``, ``call``)."""

    func = click.option("--robust", is_flag=True,
                        help="answer against each population of other players (the default shipped-v4, then "
                             "shipped, guides, points) with the same seed, side by side, and say whether the answer "
                             "holds at every table")(func)
    return click.option("--others", "others", default=None, metavar="POLICY",
                        help="how the other three seats bid, after a pass and in reading the passes seen: shipped, "
                             "guides (the published guides' rules of thumb), points, shipped-soft, dd-tuned, "
                             "shipped-v3, shipped-v4 or a model file; default: shipped-v4 (the feature bidder; shipped "
                             "where it cannot bid, the output says why), or the --bidding model for every seat when "
                             "one is given")(func)


def _no_robust_plot(robust, plot):
    if robust and plot:
        raise InputError("--plot draws one answer; with --robust, ask each population with --others")


def _finish(result, fmt, output, plot):
    if plot:
        result.save_plot(plot)
    emit(result.format(fmt), output)


@cli.command()
@click.argument("hand")
@click.option("--up", "upcard", required=True, help="the upcard, e.g. 9h")
@click.option("--seat", required=True, help="eldest|partner|third|dealer or 1-4 (1 = eldest, 4 = dealer); "
              "--players 2: eldest|dealer, 3: eldest|second|dealer, 6: eldest|second|third|fourth|fifth|dealer")
@click.option("--pass-model", type=click.Choice(list(PASS_MODELS)), default="hand", show_default=True,
              help="how a pass is valued")
@click.option("--infer/--no-infer", default=True, show_default=True,
              help="weight deals by how likely the passes before you are")
@click.option("--compare-models", is_flag=True, help="run dd and pimc on the same deals and show the gap")
@click.option("--named", default=None,
              help="with the Joker up: the suit the dealer named before looking (British: default spades; "
                   "Almonte: required, the suit of round one)")
@reading_sampling_options
@bidding_option
@others_options
@players_option
@rules_options
@output_options()
@handle_errors
def order(hand, upcard, seat, pass_model, infer, compare_models, named, samples, target_se, seed, workers, model,
          plot, score, bidding, others, robust, players, rules, fmt, output):
    """Round one: should HAND pass, order up, or order up alone?

    \b
    Example:
      euchre-stats order "Jh Jd Ah 9s Tc" --up 9h --seat eldest
      euchre-stats order "Jc As Ks 9s Qd" --up Js --seat dealer --rules stick --format json
      euchre-stats order "Jh Jd Ah 9s Tc" --up 9h --seat eldest --players 2
      euchre-stats order "Jh Jd Ah 9s Tc" --up 9h --seat eldest --robust
    """
    _no_robust_plot(robust, plot)
    d = es.order(hand, upcard, seat, rules, samples=samples, target_se=target_se, seed=seed, model=model,
                 pass_model=pass_model, infer=infer, workers=workers, bidding=bidding,
                 compare_models=compare_models, named=named, score=score, progress=progress_bar("sampling"),
                 players=players, others=others, robust=robust)
    _finish(d, fmt, output, plot)


@cli.command()
@click.argument("hand")
@click.option("--turned-down", "turned_down", required=True, help="the card turned down after round one")
@click.option("--seat", required=True, help="eldest|partner|third|dealer or 1-4; --players 2: eldest|dealer, "
              "3: eldest|second|dealer, 6: eldest|second|third|fourth|fifth|dealer")
@click.option("--pass-model", type=click.Choice(list(PASS_MODELS)), default="hand", show_default=True,
              help="how a pass is valued")
@click.option("--infer/--no-infer", default=True, show_default=True,
              help="weight deals by how likely everyone's passes are")
@click.option("--compare-models", is_flag=True, help="run dd and pimc on the same deals and show the gap")
@click.option("--named", default=None, help="Almonte, Joker turned down: the suit of round one")
@reading_sampling_options
@bidding_option
@others_options
@players_option
@rules_options
@output_options()
@handle_errors
def call(hand, turned_down, seat, pass_model, infer, compare_models, named, samples, target_se, seed, workers,
         model, plot, score, bidding, others, robust, players, rules, fmt, output):
    """Round two: which suit should HAND name (alone or not), or pass?

    \b
    Example:
      euchre-stats call "Jd Ad Kd 9c Tc" --turned-down 9h --seat third
      euchre-stats call "Jd Ad Kd 9c Tc Qs 9d" --turned-down 9h --seat dealer --players 3
    """
    _no_robust_plot(robust, plot)
    d = es.call(hand, turned_down, seat, rules, samples=samples, target_se=target_se, seed=seed, model=model,
                pass_model=pass_model, infer=infer, workers=workers, bidding=bidding,
                compare_models=compare_models, named=named, score=score, progress=progress_bar("sampling"),
                players=players, others=others, robust=robust)
    _finish(d, fmt, output, plot)


@cli.command()
@click.argument("hand")
@click.option("--up", "upcard", required=True, help="the upcard the dealer took up (one of the six cards)")
@click.option("--maker", default="dealer", show_default=True, help="the seat that ordered it up")
@click.option("--alone", is_flag=True, help="the maker went alone")
@click.option("--infer/--no-infer", default=True, show_default=True,
              help="weight deals by how likely the passes before the maker are")
@reading_sampling_options
@bidding_option
@players_option
@rules_options
@output_options()
@handle_errors
def discard(hand, upcard, maker, alone, infer, samples, target_se, seed, workers, model, plot, score, bidding,
            players, rules, fmt, output):
    """The dealer's discard: the value of throwing each of the six cards of HAND.

    \b
    Example:
      euchre-stats discard "Js Jc As Kh 9d Td" --up Js
      euchre-stats discard "Js Jc As Kh 9d Td" --up Js --maker eldest --players 2
    """
    d = es.discard(hand, upcard, rules, maker=maker, alone=alone, samples=samples, target_se=target_se,
                   seed=seed, model=model, infer=infer, workers=workers, bidding=bidding, score=score,
                   progress=progress_bar("sampling"), players=players)
    _finish(d, fmt, output, plot)


@cli.command()
@click.argument("hand")
@click.option("--trump", required=True, help="trump suit: s, h, d or c; n for no trump (with --no-trump)")
@click.option("--maker", required=True, help="the seat that fixed trump")
@click.option("--seat", required=True, help="your seat (you are on lead)")
@click.option("--trick", "tricks", multiple=True,
              help='an earlier trick, its cards in play order from its leader: --trick "Ac Kc 9c Tc" '
                   "(repeatable, in order)")
@click.option("--up", "upcard", default=None,
              help="the upcard: taken up if it is of the trump suit, else turned down (round two)")
@click.option("--alone", is_flag=True, help="the maker went alone")
@click.option("--alone-seat", default=None,
              help="the making side's loner, when not the maker: the maker's partner under British timing "
                   "(--alone-declared before-lead); implies --alone")
@click.option("--defender-alone", default=None, help="seat of a defender who went alone")
@click.option("--discard", "discard_card", default=None, help="your discard, if you are the dealer")
@reading_sampling_options
@bidding_option
@players_option
@rules_options
@output_options()
@handle_errors
def lead(hand, trump, maker, seat, tricks, upcard, alone, alone_seat, defender_alone, discard_card, samples, target_se,
         seed, workers, model, plot, score, bidding, players, rules, fmt, output):
    """The lead: expected points (and tricks), P(make) and P(euchred) for each card of HAND.

    \b
    Example:
      euchre-stats lead "Jh Ah Kc Qc 9s" --trump h --maker eldest --seat eldest
      euchre-stats lead "Ah Kc Qc 9s" --trump h --maker eldest --seat eldest --trick "Jh 9h Th Qh"
      euchre-stats lead "Jh Ah Kc Qc 9s" --trump h --maker dealer --seat eldest --up 9h --players 2
    """
    d = es.lead(hand, trump, maker, seat, rules, tricks=tricks, up=upcard, alone=alone, alone_seat=alone_seat,
                defender_alone=defender_alone, discard=discard_card, samples=samples, target_se=target_se,
                seed=seed, model=model, workers=workers, score=score, progress=progress_bar("sampling"),
                bidding=bidding, players=players)
    _finish(d, fmt, output, plot)


__all__ = ["order", "call", "discard", "lead"]
