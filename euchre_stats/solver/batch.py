"""Batches of positions as JSON objects (one a line): validated, solved in one call, answered per line.

A bad line gives ``{"error": "line N: ..."}`` and the batch goes on.  No I/O here: the lines
come in as strings or objects, the answers go out as a :class:`SolveBatch`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import numpy as np

from ..output.results import ResultView, dumps
from . import Position, card_values_many, make_position, result_dict

#: the keys a batch object may hold
KEYS = ("deck", "trump", "leader", "out", "hands", "played")


def position_from_dict(obj) -> Position:
    """A validated position from one batch object (raises ``ValueError`` naming the problem)."""
    if not isinstance(obj, dict):
        raise ValueError(f"expected a JSON object, got {obj!r}")  # noqa: TRY004 (reported per line)
    for key in ("trump", "leader", "hands"):
        if key not in obj:
            raise ValueError(f"missing {key!r} in {dumps(obj)}")
    unknown = sorted(set(obj) - set(KEYS))
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
            pos = position_from_dict(json.loads(line) if isinstance(line, str) else line)
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
            results[slot] = result_dict((side0, total - side0), vals)
    return SolveBatch(tuple(r for r in results if r is not None))


__all__ = ["KEYS", "SolveBatch", "position_from_dict", "solve_batch"]
