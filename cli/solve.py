"""``euchre-stats solve``: double-dummy tricks and card values of one position or a batch of them."""

from __future__ import annotations

import click

import euchre_stats as es

from .common import InputError, emit, handle_errors, output_options, read_text
from .group import cli


@cli.command("solve")
@click.option("--hands", nargs=4, type=str, default=None, metavar="S0 S1 S2 S3 [S4 S5]",
              help='the cards each seat 0..3 still holds (six seats 0..5 with --players 6); "" or - for a seat '
              'that sits out')
@click.option("--players", type=click.Choice(["4", "6"]), default=None,
              help="seats at the table: 4, or 6 (six-handed euchre, three against three, seats 0, 2, 4 against "
              "1, 3, 5; the six-seat solver); default: as many as --hands lists")
@click.option("--trump", default=None, help="trump suit: c, d, h, s (or clubs, ..., ♥), or n for no trump (the led "
              "suit wins, aces high; decks without the Joker)")
@click.option("--leader", type=int, default=0, show_default=True,
              help="seat that leads (or led) the current trick")
@click.option("--out", "out", type=int, multiple=True, help="a seat that sits out (repeatable)")
@click.option("--played", default="", help="cards already on the table in the current trick, in order")
@click.option("--deck", default=None, help="deck the cards come from: 24 (default), 25, 28, 32, 33 (the default "
              "of six seats), or 50, the doubled 25-card pack (six seats; a card named twice is both copies)")
@click.option("--input", "input_path", type=str, default=None,
              help="batch: a .jsonl file (or - for standard input), one position per line (four seats)")
@click.argument("more_hands", nargs=-1, metavar="")
@output_options(formats=("table", "json", "jsonl"))
@handle_errors
def solve(hands, players, trump, leader, out, played, deck, input_path, more_hands, fmt, output):
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
    Six-handed (seats 0, 2, 4 against 1, 3, 5; a lone player's partners sit out):
      euchre-stats solve --players 6 --hands "Jk Jh" "9s Ts" - "9c Tc" - "9d Td" \\
          --trump h --leader 0 --out 2 --out 4
      euchre-stats solve --players 6 --deck 50 --hands "Ah Ah" "Kh Qh" "Ks Qs" "Jd Td" "Ac Kc" "9s Ts" \\
          --trump h --leader 0

    \b
    Batch (--input FILE.jsonl): one object per line, e.g.
      {"deck": "24", "trump": "h", "leader": 0, "out": [2],
       "hands": [["Jh", "Ah"], ["9s", "Ts"], [], ["9c", "Kc"]], "played": []}
    gives one line each: {"tricks": [2, 0], "card_values": {"Jh": 2, "Ah": 2}}
    (or {"error": "..."} for a bad line; the batch goes on).
    """
    lines = None
    seats = None if players is None else int(players)
    if more_hands and hands is None:
        raise InputError(f"unexpected argument {more_hands[0]!r}: hands follow --hands")
    if hands is not None:  # click reads four values after --hands: six seats leave two behind
        hands = tuple(hands) + tuple(more_hands)
        if len(hands) not in (4, 6):
            raise InputError(f"--hands takes four hands (seats 0..3) or six (seats 0..5, --players 6), got "
                             f"{len(hands)}")
        if seats is not None and len(hands) != seats:
            raise InputError(f"--players {seats} needs {seats} hands after --hands, got {len(hands)}")
    if input_path is not None:
        if hands is not None:
            raise InputError("give either --hands or --input, not both")
        if seats == 6:
            raise InputError("--input reads four-seat positions; six seats take --hands")
        lines = read_text(input_path).splitlines()
    elif hands is None:
        raise InputError("missing --hands (four hands, seats 0..3; six with --players 6) or --input FILE.jsonl")
    elif trump is None:
        raise InputError("missing --trump (c, d, h, s or n)")
    result = es.solve(hands, trump, leader, out, played, deck, positions=lines, players=seats)
    emit(result.format(fmt), output)
