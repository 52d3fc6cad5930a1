"""Deck-variant commands: ``odds`` (exact, by counting) and ``variants`` (simulated whole hands).

Each parses its input, calls one library function (:mod:`euchre_stats.variants.odds`,
:mod:`euchre_stats.variants.simulate`) and formats the result as a table, JSON or CSV.
"""

from __future__ import annotations

import functools
import math

import click

from euchre_stats.core.cards import card_name, format_hand
from euchre_stats.core.decks import parse_deck_list
from euchre_stats.variants import odds as od
from euchre_stats.variants import simulate as va

from .common import InputError, dumps, emit, frame_text, handle_errors, output_options, progress_bar, rules_options
from .group import cli

ALL_DECKS = "24,25,28,32,33"


def _p(x) -> str:
    """A probability for a table: four decimals, or two significant digits when tiny."""
    if x is None:
        return "-"
    x = float(x)
    if x == 0 or x >= 0.001:
        return f"{x:.4f}"
    return f"{x:.2e}"


def _q(x) -> str:
    return "-" if x is None else f"{x.numerator}/{x.denominator}"


# --- odds -------------------------------------------------------------------------------------
ROW_LABELS = {"right_bower": "right bower", "both_bowers": "both bowers", "joker": "Joker",
              "void": "a void (any effective suit)", "no_card_above_ten": "no card above ten",
              "lay_down": "lay-down (alone, on lead)"}


def deck_rows(results: list[od.DeckOdds], cell) -> list[dict]:
    """Rows = quantities, one column per deck, each cell formatted by ``cell``."""
    h = max(r.hand_size for r in results)
    rows = []
    for j in range(h + 1):
        rows.append({"quantity": f"{j} trump{'s' if j != 1 else ''}",
                     **{r.deck.label: cell(r.trump_count[j]) if j <= r.hand_size else cell(None)
                        for r in results}})
    for name, label in ROW_LABELS.items():
        rows.append({"quantity": label, **{r.deck.label: cell(getattr(r, name)) for r in results}})
    return rows


def render_decks(results: list[od.DeckOdds], fmt: str, exact: bool) -> str:
    import pandas as pd  # imported when needed: keeps every command's start-up quick

    if fmt == "json":
        return dumps({"decks": {r.deck.label: r.to_dict(exact) for r in results}})
    if fmt == "csv":
        df = pd.DataFrame(deck_rows(results, lambda x: None if x is None else float(x)))
        if exact:
            ex = pd.DataFrame(deck_rows(results, lambda x: None if x is None else _q(x)))
            for r in results:
                df[f"{r.deck.label} exact"] = ex[r.deck.label]
        return frame_text(df, "csv")
    sizes = sorted({r.hand_size for r in results})
    lines = [(f"exact odds of one dealt hand ({', '.join(map(str, sizes))} cards), trump fixed "
             "(left bower and Joker count as trumps); columns are decks"), ""]
    lines.append(pd.DataFrame(deck_rows(results, _p)).to_string(index=False))
    if exact:
        lines += ["", "as fractions:", pd.DataFrame(deck_rows(results, _q)).to_string(index=False)]
    return "\n".join(lines)


def render_conditional(c: od.ConditionalOdds, fmt: str, exact: bool) -> str:
    import pandas as pd  # imported when needed: keeps every command's start-up quick

    if fmt == "json":
        return dumps(c.to_dict(exact))
    cards = list(c.holders["partner"].cards)
    rows = []
    for j in range(c.hand_size + 1):
        rows.append({"quantity": f"{j} trump{'s' if j != 1 else ''}",
                     **{n: c.holders[n].trump_count[j] if j < len(c.holders[n].trump_count) else None
                        for n in od.HOLDERS}})
    rows.append({"quantity": "expected trumps", **{n: c.holders[n].expected_trumps() for n in od.HOLDERS}})
    for card in cards:
        rows.append({"quantity": f"holds {card_name(card)}", **{n: c.holders[n].cards[card]
                                                                  for n in od.HOLDERS}})
    if fmt == "csv":
        df = pd.DataFrame([{k: (float(v) if k != "quantity" and v is not None else v) for k, v in r.items()}
                           for r in rows])
        if exact:
            for n in od.HOLDERS:
                df[f"{n} exact"] = [_q(r[n]) for r in rows]
        return frame_text(df, "csv")
    held = {n: c.holders[n].cards_held for n in od.HOLDERS}
    lines = [(f"hand {format_hand(c.hand, trump=c.trump)}, "
             f"upcard {card_name(c.upcard)}, trump {'cdhs'[c.trump]}, {c.deck.label}-card deck"),
             (f"as dealt, before any pick-up: {c.unseen} unseen cards, {c.unseen_trumps} of them trumps; "
             f"partner, left and right hold {held['partner']} each, the kitty {held['kitty']} "
             "under the upcard"), ""]
    fmt_cell = (lambda v: "-" if v is None else f"{_p(v)} ({_q(v)})") if exact else _p
    lines.append(pd.DataFrame([{k: (v if k == "quantity" else fmt_cell(v)) for k, v in r.items()}
                               for r in rows]).to_string(index=False))
    return "\n".join(lines)


@cli.command()
@click.option("--deck", "deck_text", default=None,
              help=f"decks to compare, comma-separated (default {ALL_DECKS}); with --hand, one deck "
                   "(default 24)")
@click.option("--hand-size", type=click.IntRange(min=1), default=None,
              help="cards dealt to each player (default 5; --hand must hold that many)")
@click.option("--hand", default=None, help='your hand, for conditional odds: "Jh Jd Ah 9s Tc"')
@click.option("--up", "upcard", default=None, help="the upcard (with --hand): its suit is trump")
@click.option("--exact", is_flag=True, help="also give every probability as an exact fraction")
@output_options()
@handle_errors
def odds(deck_text, hand_size, hand, upcard, exact, fmt, output):
    """Exact odds by counting: what a dealt hand holds, per deck, or where the unseen cards are.

    Without --hand: one player's dealt hand, trump fixed, side by side per deck
    (number of trumps, bowers, Joker, a void, no card above ten, a lay-down).
    With --hand and --up: for partner, left, right and the kitty, the number of
    trumps and the chance of holding each bower, the Joker and each ace, as dealt.

    \b
    Example:
      euchre-stats odds --deck 24,25,28,32,33
      euchre-stats odds --deck 32,33 --hand-size 7 --format json --exact
      euchre-stats odds --hand "Jh Jd Ah 9s Tc" --up 9h --deck 24
    """
    if (hand is None) != (upcard is None):
        raise InputError("conditional odds need both --hand and --up")
    if hand is not None:
        decks = parse_deck_list(deck_text or "24")
        if len(decks) != 1:
            raise InputError(f"conditional odds take one deck, got {deck_text!r}")
        c = od.conditional_odds(hand, upcard, decks[0], hand_size)
        return emit(render_conditional(c, fmt, exact), output)
    results = od.deck_table(parse_deck_list(deck_text or ALL_DECKS), hand_size)
    emit(render_decks(results, fmt, exact), output)


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
            p = click.Option(["--deck"], default=ALL_DECKS, show_default=True,
                             help="decks to compare, comma-separated")
        params.append(p)
    wrapper.__click_params__ = params
    return wrapper


def _cell(e: va.Estimate, signed: bool) -> str:
    if e.n == 0 or math.isnan(e.value):
        return "-"
    f = (lambda x: f"{x:+.3f}") if signed else (lambda x: f"{x:.3f}")
    lo = "?" if math.isnan(e.low) else f(e.low)
    hi = "?" if math.isnan(e.high) else f(e.high)
    return f"{f(e.value)} [{lo}, {hi}] n={e.n}"


SIGNED = {"dealer_side_advantage", "dealer_side_order_points", "eldest_side_order_points"}


def render_variants(r: va.VariantsResult, fmt: str) -> str:
    import pandas as pd  # imported when needed: keeps every command's start-up quick

    if fmt == "json":
        return dumps(r.to_dict())
    if fmt == "csv":
        rows = [{"deck": d.deck, "hand_size": d.rules.hand_size, "figure": k, "value": e.value,
                 "ci_low": e.low, "ci_high": e.high, "n": e.n}
                for d in r.decks for k, e in d.figures.items()]
        return frame_text(pd.DataFrame(rows), "csv")
    sizes = ", ".join(f"{d.deck}-card deck {d.rules.hand_size} cards each" for d in r.decks)
    lines = [f"rules: {r.rules.describe()} (deck and hand size per column: {sizes})",
             f"play model: {r.model}   bidding: the hand-strength model",
             f"seed: {r.seed}   deals per deck: {r.samples:,}",
             "figures: value [95% interval] n=samples behind it; points are per hand", ""]
    rows = [{"figure": k, **{d.deck: _cell(d.figures[k], k in SIGNED) for d in r.decks}} for k in va.FIGURES]
    lines.append(pd.DataFrame(rows).to_string(index=False))
    lines += ["", *[f"{k}: {v}" for k, v in va.FIGURES.items()]]
    return "\n".join(lines)


@cli.command()
@click.option("--samples", "-n", type=click.IntRange(min=1), default=10000, show_default=True,
              help="random deals per deck")
@click.option("--seed", type=click.IntRange(min=0), default=None,
              help="random seed (printed; the same seed gives the same output)")
@click.option("--workers", "-j", type=click.IntRange(min=1), default=None,
              help="solver threads (results do not depend on it)")
@click.option("--model", type=click.Choice(["dd", "pimc"]), default="dd", show_default=True,
              help="play model: dd = double-dummy, pimc = realistic")
@click.option("--plot", type=click.Path(dir_okay=False), default=None,
              help="chart comparing the decks to FILE (.png/.svg/.pdf)")
@_deck_list_rules
@output_options()
@handle_errors
def variants(samples, seed, workers, model, plot, rules, decks, per_deck_hand_size, fmt, output):
    """Simulated whole hands per deck: who makes trump, P(make), P(march), P(euchre), loners, points.

    Random deals, the auction by the bidding model (the dealer discarding its best card),
    the contracts played out (double-dummy by default); every figure has a 95% interval.

    \b
    Example:
      euchre-stats variants --deck 24,25,28,32,33 --samples 2000 --seed 1
      euchre-stats variants --deck 32,33 --hand-size 7 --samples 500 --seed 1 --plot variants.png
    """
    r = va.simulate_variants(decks, samples, seed, rules, model=model, workers=workers,
                             hand_size=per_deck_hand_size, progress=progress_bar("dealing"))
    if plot:
        from euchre_stats.output.plots import plot_variants

        plot_variants(r, plot)
    emit(render_variants(r, fmt), output)


__all__ = ["odds", "variants"]
