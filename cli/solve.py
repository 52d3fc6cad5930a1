"""``euchre-stats solve``: double-dummy tricks and card values of one position or a batch of them."""

from __future__ import annotations

import json
import sys

import click

from euchre_stats.core.cards import card_name

from .common import InputError, dumps, emit, handle_errors, output_options
from .group import cli


def _result_dict(tricks, values: dict[int, int]) -> dict:
    return {"tricks": [int(tricks[0]), int(tricks[1])],
            "card_values": {card_name(c): int(v) for c, v in values.items()}}


def _position_from_json(obj):
    """A validated position from one batch object (raises ``ValueError`` naming the problem)."""
    from euchre_stats.solver import make_position

    if not isinstance(obj, dict):
        raise ValueError(f"expected a JSON object, got {obj!r}")  # noqa: TRY004 (reported per line)
    for key in ("trump", "leader", "hands"):
        if key not in obj:
            raise ValueError(f"missing {key!r} in {dumps(obj)}")
    unknown = sorted(set(obj) - {"deck", "trump", "leader", "out", "hands", "played"})
    if unknown:
        raise ValueError(f"unknown key {unknown[0]!r} in {dumps(obj)}")
    hands = obj["hands"]
    if not isinstance(hands, list) or len(hands) != 4:
        raise ValueError(f"'hands' must list four seats, got {hands!r}")
    hands = [h if isinstance(h, str) else [str(c) for c in h] for h in hands]
    out = obj.get("out", [])
    if isinstance(out, int):
        out = [out]
    leader = obj["leader"]
    if not isinstance(leader, int) or isinstance(leader, bool):
        raise ValueError(f"'leader' must be a seat 0..3, got {leader!r}")  # noqa: TRY004
    played = obj.get("played", [])
    if not isinstance(played, str):
        played = [str(c) for c in played]
    return make_position(hands, obj["trump"], leader, out, played, str(obj.get("deck", "24")))


def solve_lines(lines) -> list[dict]:
    """Solve a batch of JSON lines; a bad line gives ``{"error": ...}`` and the batch goes on."""
    import numpy as np

    from euchre_stats.solver import card_values_many

    results: list[dict | None] = []
    positions = []
    where = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            pos = _position_from_json(json.loads(line))
        except json.JSONDecodeError as exc:
            results.append({"error": f"line {number}: not JSON ({exc.msg}): {line.strip()[:80]!r}"})
            continue
        except ValueError as exc:
            results.append({"error": f"line {number}: {exc.args[0] if exc.args else exc}"})
            continue
        where.append(len(results))
        results.append(None)
        positions.append(pos)
    if positions:
        n = len(positions)
        hands = np.array([p.hands for p in positions], dtype=np.uint64).reshape(n, 4)
        played = np.full((n, 3), -1, dtype=np.int8)
        for i, p in enumerate(positions):
            played[i, : len(p.played)] = p.played
        values = card_values_many(hands, [p.trump for p in positions], [p.leader for p in positions],
                                  np.array([p.out for p in positions], dtype=np.uint8), played, check=False)
        for i, (slot, p) in enumerate(zip(where, positions)):
            vals = {c: int(values[i, c]) for c in range(33) if values[i, c] >= 0}
            mover = p.to_move
            total = p.hands[mover].bit_count()
            mine = max(vals.values()) if vals else 0
            side0 = mine if mover % 2 == 0 else total - mine
            results[slot] = _result_dict((side0, total - side0), vals)
    return [r for r in results if r is not None]


@cli.command("solve")
@click.option("--hands", nargs=4, type=str, default=None, metavar="S0 S1 S2 S3",
              help='the cards each seat 0..3 still holds; "" or - for a seat that sits out')
@click.option("--trump", default=None, help="trump suit: c, d, h, s (or clubs, ..., ♥)")
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
    # the solver (numba) loads only when a command needs it: other commands start faster
    from euchre_stats.solver import make_position, solve_position

    if input_path is not None:
        if hands is not None:
            raise InputError("give either --hands or --input, not both")
        if input_path == "-":
            lines = sys.stdin.read().splitlines()
        else:
            with open(input_path, encoding="utf-8") as fh:
                lines = fh.read().splitlines()
        emit("\n".join(dumps(r) for r in solve_lines(lines)), output)
        return
    if hands is None:
        raise InputError("missing --hands (four hands, seats 0..3) or --input FILE.jsonl")
    if trump is None:
        raise InputError("missing --trump (c, d, h or s)")
    pos = make_position(list(hands), trump, leader, list(out), played, deck)
    result = solve_position(pos)
    data = _result_dict(result.tricks, result.card_values)
    data["to_move"] = result.to_move
    if fmt == "table":
        emit(str(result), output)
    elif fmt == "json":
        emit(json.dumps(data, indent=2, ensure_ascii=False), output)
    else:
        emit(dumps(data), output)
