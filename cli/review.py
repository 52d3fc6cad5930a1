"""``euchre-stats review``: check hand records action by action and report each outcome."""

from __future__ import annotations

import json
import sys

import click

from euchre_stats.core.errors import JSONInputError, RecordError
from euchre_stats.core.safejson import parse_json
from euchre_stats.core.cards import parse_trump, suit_word
from euchre_stats.core.seats import seat_word
from euchre_stats.cardplay import DEFAULT_WORLDS
from euchre_stats.sampling.seeds import resolve_seed

from euchre_stats.output.results import dumps

from .common import InputError, emit, handle_errors, output_options, read_text
from .group import cli


def _read_input(path: str) -> tuple[str, str]:
    """``(text, shown name)`` of a file or of standard input (``-``); read errors name ``path``."""
    return read_text(path), "<stdin>" if path == "-" else path


def _is_batch(path: str, text: str) -> bool:
    """``.jsonl`` files are batches; standard input is a batch when it is not one JSON value and any of
    its lines is a JSON object by itself (so a bad first line, or any bad line, is reported on its own
    and the good lines go on, as in a ``.jsonl`` file)."""
    if path.endswith(".jsonl"):
        return True
    if path != "-":
        return False
    try:
        parse_json(text, "standard input")
        return False
    except JSONInputError:
        pass
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if len(lines) < 2:
        return False
    for i, ln in enumerate(lines, 1):
        try:
            if isinstance(parse_json(ln, f"line {i}", one_line=True), dict):
                return True
        except JSONInputError:
            continue
    return False


def _side_pair(pair) -> str:
    """Tricks or points by side (two sides), or by player in cutthroat (three players)."""
    word = "player" if len(pair) == 3 else "side"
    return "   ".join(f"{word} {i}: {p}" for i, p in enumerate(pair))


def _bids_text(record: dict, dealer: int, players: int) -> str:
    """The auction of a record, each call with the seat that made it (in turn from eldest; the
    dealer's single call when the Joker turned up names trump)."""
    bids = [str(b) for b in record.get("bids") or []]
    if not bids:
        return "-"
    if len(bids) == 1 and str(record.get("upcard", "")).lower() in ("jk", "joker", "b"):
        seats = [dealer]
    else:
        seats = [(dealer + 1 + i) % players for i in range(len(bids))]
    return ", ".join(f"{seat_word(s, dealer, players)} {b}" for s, b in zip(seats, bids))


def _table_entry(res: dict, title: str, record: dict | None = None) -> str:
    if "error" in res:
        return f"{res['error']}"
    record = record if isinstance(record, dict) else {}
    dealer = res["dealer"]
    players = len(record["hands"]) if isinstance(record.get("hands"), list) else 2 * len(res["tricks"])
    seat = lambda s: seat_word(s, dealer, players)  # noqa: E731
    up = f", upcard {record['upcard']}" if record.get("upcard") else ""
    lines = [f"{title}: dealer seat {dealer}{up}"]
    if record.get("bids"):
        lines.append(f"  bids           {_bids_text(record, dealer, players)}")
    if res["trump"] is None:
        lines.append("  trump          none: the hand was thrown in")
    else:
        suit = suit_word(parse_trump(res["trump"]))
        lines.append(f"  trump          {res['trump']} ({suit}), made by {seat(res['maker_seat'])}, "
                     f"side {res['makers']}")
    if record.get("discard"):
        lines.append(f"  discard        {record['discard']}")
    alone = []
    if res["alone"] is not None:
        alone.append(f"{seat(res['alone'])} (maker)")
    if res["defender_alone"] is not None:
        alone.append(f"{seat(res['defender_alone'])} (defender)")
    lines.append(f"  alone          {', '.join(alone) if alone else 'no'}")
    ask = res.get("ask")
    if ask:
        lines.append(f"  exchange       {seat(ask['loner'])} asked {seat(ask['partner'])} for a card: given "
                     f"{ask['card']}, discarded {ask['discard']}")
    winners = " ".join(map(str, res["trick_winners"])) or "-"
    lines.append(f"  trick winners  {winners}")
    lines.append(f"  tricks         {_side_pair(res['tricks'])}")
    reneges = res.get("reneges", [])
    for r in reneges:
        suit = suit_word("cdhs".index(r["failed_to_follow"]))
        lines.append(f"  renege         {seat(r['seat'])} played {r['card']} to trick {r['trick']}, "
                     f"failing to follow {suit}")
    note = " (renege penalty)" if reneges else ""
    lines.append(f"  points         {_side_pair(res['points'])}{note}")
    real = res.get("realistic")
    if real and real.get("note"):
        lines.append(f"  realistic      {real['note']}")
    if real and real["plays"]:
        lines.append(_realistic_table(res["double_dummy"], real, len(res["trick_winners"])))
        return "\n".join(lines)
    dd = res.get("double_dummy")
    if dd:
        lines.append("  double dummy   seat card best/kept (tricks of the player's side in the hand)")
        per_trick = len(dd) // len(res["trick_winners"])
        for k in range(0, len(dd), per_trick):
            cells = "   ".join(f"{d['seat']} {d['card']} {d['best']}/{d['kept']}"
                               + ("!" if d["kept"] < d["best"] else " ") for d in dd[k:k + per_trick])
            lines.append(f"    trick {k // per_trick + 1}  {cells.rstrip()}")
    return "\n".join(lines)


def _line_record(text: str, res: dict) -> dict | None:
    """The record on line ``res["line"]`` of a batch (for the table's bids, upcard and discard)."""
    try:
        return parse_json(text.splitlines()[int(res["line"]) - 1], "line", one_line=True)
    except (JSONInputError, KeyError, IndexError, TypeError, ValueError):
        return None


def _points(x) -> str:
    return "-" if x is None else f"{x:+.2f}"


def _realistic_table(dd: list[dict], real: dict, tricks: int) -> str:
    """One line per card: the double-dummy tricks beside the realistic expected points."""
    lines = [f"  play           double dummy: tricks of the player's side, best/kept; realistic ({real['model']}, "
             f"{real['worlds']} worlds a card, seed {real['seed']}): points expected from the player's own "
             "worlds, the card played and the best card; '!' marks a card that lost tricks or points"]
    rows = [("trick", "seat", "card", "dd best/kept", "expected", "best", "lost")]
    per_trick = len(dd) // tricks
    for j, (d, r) in enumerate(zip(dd, real["plays"])):
        lost = r["lost"]
        rows.append((str(j // per_trick + 1) if j % per_trick == 0 else "", str(d["seat"]), d["card"],
                     f"{d['best']}/{d['kept']}" + ("!" if d["kept"] < d["best"] else ""),
                     _points(r["expected"]), f"{_points(r['best'])} {r['best_card']}",
                     "renege" if lost is None else (f"{lost:.2f}!" if lost > 0 else "-")))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        lines.append("    " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())
    return "\n".join(lines)


@cli.command("review")
@click.argument("record", metavar="RECORD")
@click.option("--double-dummy", "-d", "dd", is_flag=True,
              help="for every card played: the best tricks its side could still take in the hand "
                   "and the tricks the card kept (a '!' in the table marks a card that lost some)")
@click.option("--renege", default="refuse", show_default=True, metavar="refuse|score",
              help="a card that fails to follow suit while its player holds the led suit: refuse "
                   "the record (an error naming it), or score it: play it as written, report it and "
                   "score the penalty instead of the tricks (2 points to the other side, 4 when "
                   "someone is alone; the first renege counts)")
@click.option("--realistic", "-r", is_flag=True,
              help="beside the double-dummy column (implied): for every card, the points its player expected "
                   "from it and from the best card with the realistic model (pimc), on worlds sampled from "
                   "what the player had seen (a '!' marks a card that lost points)")
@click.option("--worlds", type=click.IntRange(min=1), default=None,
              help=f"worlds sampled per card with --realistic  [default: {DEFAULT_WORLDS}]")
@click.option("--seed", type=click.IntRange(min=0), default=None,
              help="seed of the worlds with --realistic (default: drawn, and printed)")
@output_options(formats=("table", "json", "jsonl"))
@handle_errors
def review(record: str, dd: bool, renege: str, realistic: bool, worlds: int | None, seed: int | None, fmt: str,
           output: str | None) -> None:
    """Check every action of a hand record and report its outcome.

    RECORD is a .json file holding one hand record, a .jsonl file with one record
    per line, or - for standard input.  Each hand is replayed under its rules; the
    report gives trump, the makers (side 0 = seats 0 and 2, side 1 = seats 1 and 3;
    six-handed: 0, 2, 4 against 1, 3, 5),
    who went alone, the seat winning each trick, tricks and points per side.

    An illegal or incomplete single record stops with exit code 2 and a message
    naming the first illegal action, its seat and why.  In a .jsonl file a bad line
    is reported as {"error": "line N: ..."}, the other lines go on, and the exit
    code is 1 if any line was bad.  A renege (failing to follow suit when able) is
    such an error unless --renege score asks for it to be reported and scored.

    \b
    Example:
      euchre-stats review data/examples/hand1.json
      euchre-stats review data/examples/hands.jsonl --format jsonl -o results.jsonl
      euchre-stats review data/examples/hand1.json --double-dummy
      euchre-stats review data/examples/renege.json --renege score
      euchre-stats review data/examples/hand1.json --realistic --seed 1
    """
    from euchre_stats.game.records import RENEGE_MODES, review_dict, review_lines  # not at load: --help stays quick

    if renege not in RENEGE_MODES:
        raise InputError(f"--renege must be one of {', '.join(RENEGE_MODES)}, got {renege!r}")
    columns = {}
    if realistic:
        from euchre_stats.cardplay.review import realistic_column  # numba and the kernels: only with --realistic

        dd = True
        if seed is None:
            seed = resolve_seed(None)
            click.echo(f"seed: {seed}", err=True)
        columns["realistic"] = realistic_column(seed, DEFAULT_WORLDS if worlds is None else worlds)
    elif worlds is not None or seed is not None:
        raise InputError("--worlds and --seed are for the realistic column: add --realistic")
    text, name = _read_input(record)
    if _is_batch(record, text):
        results = list(review_lines(text.splitlines(), dd, renege, columns))
        bad = sum("error" in r for r in results)
        if fmt == "json":
            out = json.dumps(results, ensure_ascii=False, indent=2)
        elif fmt == "jsonl":
            out = "\n".join(dumps(r) for r in results)
        else:
            parts = [_table_entry(r, f"line {r.get('line')}", _line_record(text, r)) for r in results]
            parts.append(f"{len(results)} hands reviewed, {bad} with errors")
            out = "\n\n".join(parts)
        emit(out, output)
        if bad:
            sys.exit(1)
        return
    try:
        obj = parse_json(text, name)
    except JSONInputError as exc:
        raise InputError(str(exc)) from None
    try:
        res = review_dict(obj, dd, renege, columns)
    except RecordError as exc:
        raise InputError(f"{name}: {exc}") from None
    if fmt == "json":
        out = json.dumps(res, ensure_ascii=False, indent=2)
    elif fmt == "jsonl":
        out = dumps(res)
    else:
        out = _table_entry(res, "hand", obj)
    emit(out, output)
