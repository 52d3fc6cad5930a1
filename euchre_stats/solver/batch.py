"""Batches of positions as JSON objects (one a line): validated, solved in one call, answered per line.

A bad line gives ``{"error": "line N: ..."}`` and the batch goes on.  No I/O here: the lines
come in as strings or objects, the answers go out as a :class:`SolveBatch`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.errors import JSONInputError, SolveInputError
from ..core.safejson import parse_json
from ..output.results import ResultView, dumps
from . import Position, card_values_many, make_position, result_dict

#: the keys a batch object may hold
KEYS = ("deck", "trump", "leader", "out", "hands", "played")


def position_from_dict(obj) -> Position:
    """A validated position from one batch object (raises :class:`SolveInputError` naming the problem)."""
    if not isinstance(obj, dict):
        raise SolveInputError(f"expected a JSON object, got {_short(obj)}")
    for key in ("trump", "leader", "hands"):
        if key not in obj:
            raise SolveInputError(f"missing {key!r} in {_short(obj)}")
    unknown = sorted(set(obj) - set(KEYS))
    if unknown:
        raise SolveInputError(f"unknown key {unknown[0]!r} in {_short(obj)}")
    hands = obj["hands"]
    if not isinstance(hands, list) or len(hands) != 4:
        raise SolveInputError(f"'hands' must list four seats, got {_short(hands)}")
    hands = [_cards(h, f"hands[{i}]") for i, h in enumerate(hands)]
    out = obj.get("out", [])
    if _is_int(out):
        out = [out]
    if not isinstance(out, list) or not all(_is_int(s) for s in out):
        raise SolveInputError(f"'out' must be a seat or a list of seats 0..3, got {_short(out)}")
    leader = obj["leader"]
    if not _is_int(leader):
        raise SolveInputError(f"'leader' must be a seat 0..3, got {_short(leader)}")
    trump = obj["trump"]
    if not isinstance(trump, str) and not _is_int(trump):
        raise SolveInputError(f"'trump' must be a suit (c, d, h, s or 0..3), got {_short(trump)}")
    deck = obj.get("deck", "24")
    if not isinstance(deck, str) and not _is_int(deck):
        raise SolveInputError(f"'deck' must be a deck name such as \"24\", got {_short(deck)}")
    played = _cards(obj.get("played", []), "played")
    return make_position(hands, trump, leader, out, played, str(deck))


def _is_int(value) -> bool:
    """A whole JSON number (``true`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _short(value) -> str:
    """A value as JSON, cut to 60 characters (a message quotes it, never a megabyte of it)."""
    text = dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _cards(value, key: str):
    """A hand or trick: a string of cards, or a list of card strings."""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(c, str) for c in value):
        return value
    raise SolveInputError(f"{key!r} must be a string of cards or a list of card strings, got {_short(value)}")


@dataclass(frozen=True)
class SolveBatch(ResultView):
    """The answers to a batch, one per non-blank line, in order: ``{"tricks", "card_values"}`` or
    ``{"error"}``.  Its only text form is JSON lines (what ``solve --input`` prints)."""

    results: tuple[dict, ...]
    formats = ("jsonl",)

    def to_records(self) -> list[dict]:
        """The answers, as the command line's JSON lines parse."""
        return [dict(r) for r in self.results]

    def to_dict(self) -> dict:
        return {"results": self.to_records()}

    def to_frame(self):
        """One row per line: ``tricks_0``, ``tricks_1``, ``card_values`` (a dict) and ``error``."""
        import pandas as pd

        return pd.DataFrame([{"tricks_0": r["tricks"][0] if "tricks" in r else None,
                              "tricks_1": r["tricks"][1] if "tricks" in r else None,
                              "card_values": r.get("card_values"), "error": r.get("error")}
                             for r in self.results])

    def to_text(self) -> str:
        return "\n".join(dumps(r) for r in self.results)

    def format(self, fmt: str = "jsonl") -> str:
        return self.to_text()


def solve_batch(lines) -> SolveBatch:
    """Solve a batch: ``lines`` are JSON texts (blank ones skipped) or already-parsed objects."""
    results: list[dict | None] = []
    positions = []
    where = []
    for number, line in enumerate(lines, 1):
        if isinstance(line, str) and not line.strip():
            continue
        try:
            obj = parse_json(line, f"line {number}", one_line=True) if isinstance(line, str) else line
        except JSONInputError as exc:
            results.append({"error": str(exc)})
            continue
        try:
            pos = position_from_dict(obj)
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
            results[slot] = result_dict((side0, total - side0), vals)
    return SolveBatch(tuple(r for r in results if r is not None))


__all__ = ["KEYS", "SolveBatch", "position_from_dict", "solve_batch"]
