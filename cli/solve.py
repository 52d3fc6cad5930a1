"""``euchre-stats solve``: double-dummy tricks and card values of one position or a batch of them."""

from __future__ import annotations

import click

import euchre_stats as es

from .common import InputError, emit, handle_errors, output_options, read_text
from .group import cli


@cli.command("solve")
@click.option("--hands", nargs=4, type=str, default=None, metavar="S0 S1 S2 S3",
              help='the cards each seat 0..3 still holds; "" or - for a seat that sits out')
@click.option("--trump", default=None, help="trump suit: c, d, h, s (or clubs, ..., ♥), or n for no trump (the led "
              "suit wins, aces high; decks without the Joker)")
@click.option("--leader", type=int, default=0, show_default=True,
              help="seat that leads (or led) the current trick")
@click.option("--out", "out", type=int, multiple=True, help="a seat that sits out (repeatable)")
@click.option("--played", default="", help="cards already on the table in the current trick, in order")
@click.option("--deck", default="24", show_default=True, help="deck the cards come from: 24, 25, 28, 32, 33")
@click.option("--input", "input_path", type=str, default=None,
              help="batch: a .jsonl file (or - for standard input), one position per line")
@output_options(formats=("table", "json", "jsonl"))
@handle_errors
def solve(hands, trump, leader, out, played, deck, input_path, fmt, output):
    """Double-dummy solve a position: tricks for each side and the value of every legal card.

    Seats 0..3 play clockwise; seats 0 and 2 are one side, 1 and 3 the other.
    Tricks count those still to be decided, the current one included; a card's
    value is the tricks the side to move takes if it plays that card now.

    \b
    Example:
      euchre-stats solve --hands "Jh Jd Ah Kh Qh" "9s Ts Js Qs Ks" - "9c Tc Jc Qc Kc" \\
          --trump h --leader 0 --out 2
      euchre-stats solve --hands "Ac 9h" "Kc" "Qc Ts" "Tc As" --trump s --leader 1 --played 9c

    \b
    Batch (--input FILE.jsonl): one object per line, e.g.
      {"deck": "24", "trump": "h", "leader": 0, "out": [2],
       "hands": [["Jh", "Ah"], ["9s", "Ts"], [], ["9c", "Kc"]], "played": []}
    gives one line each: {"tricks": [2, 0], "card_values": {"Jh": 2, "Ah": 2}}
    (or {"error": "..."} for a bad line; the batch goes on).
    """
    lines = None
    if input_path is not None:
        if hands is not None:
            raise InputError("give either --hands or --input, not both")
        lines = read_text(input_path).splitlines()
    elif hands is None:
        raise InputError("missing --hands (four hands, seats 0..3) or --input FILE.jsonl")
    elif trump is None:
        raise InputError("missing --trump (c, d, h, s or n)")
    result = es.solve(hands, trump, leader, out, played, deck, positions=lines)
    emit(result.format(fmt), output)
