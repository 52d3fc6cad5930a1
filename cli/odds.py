"""Deck-variant commands: ``odds`` (exact, by counting) and ``variants`` (simulated whole hands).

Each parses its input, calls one public function (:func:`euchre_stats.odds`,
:func:`euchre_stats.variants`) and prints the result in the format asked for.
"""

from __future__ import annotations

import functools

import click

import euchre_stats as es
from euchre_stats.api import ALL_DECKS, NO_JOKER_DECKS

from euchre_stats.output.atomic import atomic_write

from .common import (InputError, backend_options, emit, handle_errors, output_options, plot_path, progress_bar,
                     rules_options, writable_path)
from .group import cli

@cli.command()
@click.option("--deck", "deck_text", default=None,
              help=f"decks to compare, comma-separated (default {ALL_DECKS}); with --hand, one deck "
                   "(default 24)")
@click.option("--hand-size", type=click.IntRange(min=1), default=None,
              help="cards dealt to each player (default 5; --hand must hold that many)")
@click.option("--hand", default=None, help='your hand, for conditional odds: "Jh Jd Ah 9s Tc"')
@click.option("--up", "upcard", default=None, help="the upcard (with --hand): its suit is trump")
@click.option("--exact", is_flag=True, help="also give every probability as an exact fraction")
@click.option("--players", type=click.Choice(["2", "3", "4", "6"]), default="4", show_default=True,
              help="the game: 4, 3 (cutthroat, seven cards each), 2 (two-handed) or 6 (six-handed, three "
                   "against three, the 33-card deck); another game's table sets each deck beside the "
                   "four-handed game")
@output_options()
@handle_errors
def odds(deck_text, hand_size, hand, upcard, exact, players, fmt, output):
    """Exact odds by counting: what a dealt hand holds, per deck, or where the unseen cards are.

    Without --hand: one player's dealt hand, trump fixed, side by side per deck
    (number of trumps, bowers, Joker, a void, no card above ten, a lay-down).
    With --hand and --up: for partner, left, right and the kitty, the number of
    trumps and the chance of holding each bower, the Joker and each ace, as dealt
    (--players 3: left, right and the kitty; --players 2: the opponent and the kitty;
    --players 6: left, left partner, across, right partner, right and the kitty).

    \b
    Example:
      euchre-stats odds --deck 24,25,28,32,33
      euchre-stats odds --deck 32,33 --hand-size 7 --format json --exact
      euchre-stats odds --hand "Jh Jd Ah 9s Tc" --up 9h --deck 24
      euchre-stats odds --players 3 --deck 24,25
      euchre-stats odds --players 3 --hand "Jh Jd Ah 9s Kc Qc Tc" --up 9h
      euchre-stats odds --players 6 --hand "Jh Jd Ah 9s Tc" --up 9h
    """
    if (hand is None) != (upcard is None):
        raise InputError("conditional odds need both --hand and --up")
    emit(es.odds(deck_text, hand=hand, up=upcard, hand_size=hand_size, exact=exact,
                 players=int(players)).format(fmt), output)


# --- variants ---------------------------------------------------------------------------------
def _deck_list_rules(func):
    """:func:`rules_options` with ``--deck`` taking a list of decks and ``--hand-size`` applied per deck."""
    inner = rules_options(func)

    @functools.wraps(inner)
    def wrapper(*args, deck, hand_size, **kwargs):
        return inner(*args, deck=None, hand_size=None, decks=deck, per_deck_hand_size=hand_size, **kwargs)

    params = []
    for p in getattr(inner, "__click_params__", []):
        if p.name == "deck":
            p = click.Option(["--deck"], default=None,
                             help=f"decks to compare, comma-separated (default {ALL_DECKS}; {NO_JOKER_DECKS} with "
                                  "--no-trump, which has no Joker deck)")
        params.append(p)
    wrapper.__click_params__ = params
    return wrapper


@cli.command()
@click.option("--samples", "-n", type=click.IntRange(min=1), default=10000, show_default=True,
              help="random deals per deck")
@click.option("--seed", type=click.IntRange(min=0), default=None,
              help="random seed (printed; the same seed gives the same output)")
@backend_options()
@click.option("--model", type=click.Choice(["pimc", "dd"]), default=None,
              help="play model: pimc = realistic (each player sees only its own cards; the default), dd = "
                   "double-dummy (the only one with a farmer's hand, and then the default)")
@click.option("--plot", type=click.Path(dir_okay=False), default=None, callback=plot_path,
              help="chart comparing the decks to FILE (.png/.svg/.pdf)")
@click.option("--records", type=click.Path(dir_okay=False), default=None, callback=writable_path,
              help="also write every deal played to FILE, one hand record a line (euchre-stats review FILE): the "
                   "study's deal and auction, played out card by card by --model; dd plays the very tricks the "
                   "study counted, pimc the same realistic model on each record's own seeds, so its play-out "
                   "may differ from the one counted (each record's comment gives both)")
@click.option("--players", type=click.Choice(["2", "3", "4", "6"]), default="4", show_default=True,
              help="3 (cutthroat) or 2 (two-handed): each deck in that game beside the four-handed game, "
                   "every game bid by the state machine's point-count bidder and played as --model says; 6 "
                   "(six-handed, the 33-card deck)")
@_deck_list_rules
@output_options()
@handle_errors
def variants(samples, seed, workers, scheduler, model, plot, records, players, rules, decks, per_deck_hand_size, fmt,
             output):
    """Simulated whole hands per deck: who makes trump, P(make), P(march), P(euchre), loners, points.

    Random deals, the auction by the bidding model (the dealer discarding as its model says: the default
    population by the guides' rule, a singleton plain card to make a void, never a trump or an off ace),
    the contracts played out (realistically by default, see --model); every figure has a 95% interval.

    \b
    Example:
      euchre-stats variants --deck 24,25,28,32,33 --samples 2000 --seed 1
      euchre-stats variants --deck 32,33 --hand-size 7 --samples 500 --seed 1 --plot variants.png
      euchre-stats variants --players 3 --deck 24 --samples 1000 --seed 1
      euchre-stats variants --no-trump --deck 24,32 --samples 2000 --seed 1
      euchre-stats variants --deck 24,32 --samples 200 --seed 1 --model dd --records hands.jsonl

    With --players 2 or 3, or rules with --farmers-hand or --no-trump, each deck is played
    in that game and in the standard four-handed game side by side, on the same deals, every
    game bid by the state machine's point-count bidder (in the smaller games with the thresholds
    fitted for them).

    With --records FILE every deal of every deck (and game) is also written as a hand record, the
    deck in each record's rules; euchre-stats review FILE replays them.  The studies count tricks
    with compiled kernels that keep no cards, so each record is played again through the hand
    state machine: with --model dd the makers take exactly the tricks the study counted; with
    pimc a realistic play-out may differ from the one the study counted (realistic play is
    random: two seeds of the kernel agree on the makers' tricks in about 60% of contracts).
    """
    r = es.variants(decks, samples=samples, seed=seed, rules=rules, model=model, workers=workers,
                    hand_size=per_deck_hand_size, progress=progress_bar("dealing"), players=int(players),
                    records=records is not None, scheduler=scheduler)
    if plot:
        r.save_plot(plot)
    if records is not None:
        atomic_write(records, r.records_jsonl().encode("utf-8"))
        click.echo(r.records_summary() + f", written to {records}", err=True)
    emit(r.format(fmt), output)


__all__ = ["odds", "variants"]
