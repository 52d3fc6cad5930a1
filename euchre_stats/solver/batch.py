"""Batches of positions as JSON objects (one a line): validated, solved in one call, answered per line.

A bad line gives ``{"error": "line N: ..."}`` and the batch goes on.  No I/O here: the lines
come in as strings or objects, the answers go out as a :class:`SolveBatch`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import numpy as np

from ..core.errors import JSONInputError, SolveInputError
from ..core.safejson import parse_json
from ..output.results import ResultView, dumps
from ..core.cards import JOKER, card_name
from ..core.decks import ALIASES, find_deck
from . import MAX_HAND, Position, _jsonl, card_values_many, make_position

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
        raise SolveInputError(f"'trump' must be a suit (c, d, h, s or 0..3) or n (4, no trump), got {_short(trump)}")
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
    ``{"error"}``.  Its only text form is JSON lines (what ``solve --input`` prints), and it keeps
    them as printed (``lines``), so a batch of a million deals is not a million dicts first."""

    lines: tuple[str, ...]
    formats = ("jsonl",)

    @property
    def results(self) -> tuple[dict, ...]:
        """The answers as dicts (parsed from ``lines``)."""
        return tuple(json.loads(line) for line in self.lines)

    def to_records(self) -> list[dict]:
        """The answers, as the command line's JSON lines parse."""
        return list(self.results)

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
        return "\n".join(self.lines)

    def format(self, fmt: str = "jsonl") -> str:
        return self.to_text()


def solve_batch(lines, *, fast: bool = True) -> SolveBatch:
    """Solve a batch: ``lines`` are JSON texts (blank ones skipped) or already-parsed objects.

    Every line is parsed on its own (a bad one gives its own ``{"error": ...}``, whatever it
    holds), then all positions are solved in one kernel call.  A line in the common form (full
    hands as lists of card names, no card on the table yet) is read by the byte-level reader
    :func:`_read_common` (or, when already parsed, by :func:`_fast_row`) and checked with the
    others in a few array operations; any other line, and any line those checks doubt, goes
    through :func:`position_from_dict`, which gives the answer or the exact error.
    ``fast=False`` sends every line that way (the slow twin the tests compare against).
    """
    lines = lines if isinstance(lines, (list, tuple)) else list(lines)
    results: list[str | None] = [None] * len(lines)  # each answer as the JSON line printed, by line
    slow: list[tuple[int, Position]] = []
    sure, rows = _read_common(lines) if fast else (np.zeros(len(lines), bool), None)
    quick: list[tuple[int, object, tuple]] = []  # (line index, object, fields) read by _fast_row
    for i in np.flatnonzero(~sure).tolist():
        line = lines[i]
        if isinstance(line, str) and not line.strip():
            continue
        try:
            obj = parse_json(line, f"line {i + 1}", one_line=True) if isinstance(line, str) else line
        except JSONInputError as exc:
            results[i] = dumps({"error": str(exc)})
            continue
        row = _fast_row(obj) if fast else None
        if row is not None:
            quick.append((i, obj, row))
            continue
        _slow_line(results, slow, i, obj)
    index = np.flatnonzero(sure)
    if quick:
        index = np.concatenate([index, np.array([q[0] for q in quick], dtype=np.int64)])
        rows = np.concatenate([rows[sure], np.array([q[2] for q in quick], dtype=np.uint64)])
    elif rows is not None:
        rows = rows[sure]
    objects = {q[0]: q[1] for q in quick}
    fast_index, arrays = _checked_rows(index, rows, lines, objects, results, slow)
    _solve_into(results, fast_index, arrays, slow)
    return SolveBatch(tuple(r for r in results if r is not None))  # a blank line has no answer


def _slow_line(results: list, slow: list, i: int, obj) -> None:
    """Validate line ``i`` (from 0) the thorough way: its position joins ``slow``, or its error fills its slot."""
    try:
        slow.append((i, position_from_dict(obj)))
    except ValueError as exc:
        results[i] = dumps({"error": f"line {i + 1}: {exc.args[0] if exc.args else exc}"})


# --- the fast path ---------------------------------------------------------------------------
def _card_spellings() -> dict[str, int]:
    """Every usual spelling of every card (``Jh``, ``jh``, ``JH``, ``10h``, ``hJ``, ``Jk``, ``b``...) -> bit."""
    table: dict[str, int] = {}
    for card in range(32):
        rank, suit = card_name(card)[0], card_name(card)[1]
        ranks = [rank, rank.lower()] + (["10"] if rank == "T" else [])
        for r in ranks:
            for su in (suit, suit.upper()):
                table[r + su] = table[su + r] = 1 << card
    for joker in ("Jk", "jk", "JK", "jK", "joker", "Joker", "JOKER", "b", "B", "2s", "2S", "s2", "S2"):
        table[joker] = 1 << JOKER
    return table


_CARD_BIT = _card_spellings()
_SUITS = {**{t: i for i, t in enumerate("cdhs")}, **{t: i for i, t in enumerate("CDHS")},
          **{t: i for i, t in enumerate(("clubs", "diamonds", "hearts", "spades"))}}
_DECK_MASKS: dict[str, int | None] = {}


def _deck_mask(deck) -> int | None:
    """The card mask of deck ``deck`` as a batch line names it, or None when it names no deck."""
    key = str(deck)
    if key not in _DECK_MASKS:
        try:
            _DECK_MASKS[key] = find_deck(key).mask
        except ValueError:
            _DECK_MASKS[key] = None
    return _DECK_MASKS[key]


def _fast_row(obj) -> tuple | None:
    """``(h0, h1, h2, h3, trump, leader, out, deck mask)`` of a line in the common form, else None.

    The common form: only known keys, four hands as lists of card names spelled as in
    :func:`_card_spellings`, no hand holding a card twice, trump a suit letter, name or 0..3,
    leader 0..3, ``out`` a list of seats, no card on the table.  Whether the hands fit together
    (a card held twice, hand lengths, the deck) is checked for all rows at once afterwards.
    """
    if type(obj) is not dict or not obj.keys() <= _KEYSET:
        return None
    hands = obj.get("hands")
    if type(hands) is not list or len(hands) != 4:
        return None
    masks = []
    for hand in hands:
        if type(hand) is not list:
            return None
        try:
            m = sum(map(_CARD_BIT.__getitem__, hand))  # only strings are keys: 5, true, [] fail here
        except (KeyError, TypeError):
            return None
        if m.bit_count() != len(hand):  # a sum of distinct bits keeps one bit per card; a repeat carries
            return None
        masks.append(m)
    trump = obj.get("trump")
    if type(trump) is str:
        trump = _SUITS.get(trump)
    elif type(trump) is not int or not 0 <= trump <= 3:
        return None
    leader = obj.get("leader")
    if trump is None or type(leader) is not int or not 0 <= leader <= 3:
        return None
    out = obj.get("out", [])
    if type(out) is int:
        out = [out]
    if type(out) is not list:
        return None
    bits = 0
    for seat in out:
        if type(seat) is not int or not 0 <= seat <= 3:
            return None
        bits |= 1 << seat
    if obj.get("played", []) not in ([], ""):
        return None
    deck = _deck_mask(obj.get("deck", "24"))
    if deck is None:
        return None
    return (*masks, trump, leader, bits, deck)


def _checked_rows(index: np.ndarray, rows, lines, objects: dict, results: list, slow: list) -> tuple[list, tuple]:
    """Check the fast rows together; send every row a check doubts to the thorough path.

    ``rows[k]`` is line ``index[k]`` read (``objects`` holds the lines already parsed; any
    other is parsed again here, the way the thorough path reads it).  Returns the line indices
    of the rows that passed and their arrays ``(hands, trump, leader, out)``.
    """
    if not len(index):
        return [], ()
    n = len(index)
    h, t, ld, o, deck = rows[:, :4], rows[:, 4].astype(np.int64), rows[:, 5].astype(np.int64), \
        rows[:, 6].astype(np.int64), rows[:, 7]
    counts = np.bitwise_count(h).astype(np.int64)
    union = h[:, 0] | h[:, 1] | h[:, 2] | h[:, 3]
    active = ((o[:, None] >> np.arange(4)) & 1) == 0
    size = counts[np.arange(n), ld]
    ok = ((np.bitwise_count(union).astype(np.int64) == counts.sum(axis=1))  # no card held twice
          & ((union & ~deck) == 0)  # every card in the deck
          & (active.sum(axis=1) >= 2) & active[np.arange(n), ld]
          & (size <= MAX_HAND)
          & (np.where(active, counts, size[:, None]) == size[:, None]).all(axis=1)  # equal hands
          & ((~active & (counts > 0)) == 0).all(axis=1))  # seats out hold nothing
    for i in index[~ok].tolist():
        obj = objects[i] if i in objects else parse_json(lines[i], f"line {i + 1}", one_line=True)
        _slow_line(results, slow, i, obj)
    keep = np.flatnonzero(ok)
    return index[keep].tolist(), (h[keep], t[keep], ld[keep], o[keep])


def _read_common(lines) -> tuple[np.ndarray, np.ndarray]:
    """``(sure, rows)``: ``sure[i]`` when line ``i`` is a text in the strict common form, which the
    byte-level reader (:mod:`._jsonl`) read into ``rows[i]`` as :func:`_fast_row` would.

    The texts are joined into one array of code points (UTF-32, so each line starts where the
    lengths of the lines before it say, whatever it holds; an object among the lines counts as
    an empty text).  A line the reader is not sure of is never an error here: it goes the
    thorough way.
    """
    n = len(lines)
    rows = np.zeros((n, 8), dtype=np.uint64)
    if n == 0:
        return np.zeros(0, dtype=bool), rows
    texts = lines if set(map(type, lines)) == {str} else [line if isinstance(line, str) else "" for line in lines]
    codes = np.frombuffer("".join(texts).encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    lengths = np.fromiter(map(len, texts), dtype=np.int64, count=n)
    ends = np.cumsum(lengths)
    return _jsonl.read_lines(codes, ends - lengths, ends, rows, _TABLES, np.uint64(_deck_mask("24"))), rows


def _solve_into(results: list, fast_slots: list[int], arrays: tuple, slow: list) -> None:
    """Solve every checked position in one kernel call and write each answer into its slot."""
    n_fast, n = len(fast_slots), len(fast_slots) + len(slow)
    if n == 0:
        return
    hands = np.zeros((n, 4), dtype=np.uint64)
    trump, leader, out = np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(n, np.uint8)
    played = np.full((n, 3), -1, dtype=np.int8)
    mover = np.zeros(n, np.int64)
    if n_fast:
        hands[:n_fast], trump[:n_fast], leader[:n_fast], out[:n_fast] = arrays
        mover[:n_fast] = arrays[2]  # nothing on the table: the leader moves
    for i, (_, p) in enumerate(slow, n_fast):
        hands[i], trump[i], leader[i], out[i], mover[i] = p.hands, p.trump, p.leader, p.out, p.to_move
        played[i, : len(p.played)] = p.played
    values = card_values_many(hands, trump, leader, out, played, check=False)
    total = np.bitwise_count(hands[np.arange(n), mover]).astype(np.int64)
    mine = np.maximum(values.max(axis=1), 0).astype(np.int64)
    side0 = np.where(mover % 2 == 0, mine, total - mine)
    # the printed form of result_dict() (dumps of it), every line written from the arrays at once
    text = _jsonl.write_answers(values, side0, total - side0, _NAMES, *_ANSWER_PARTS).tobytes().decode("ascii")
    for slot, answer in zip(fast_slots + [slot for slot, _ in slow], text.split("\n")):
        results[slot] = answer


_KEYSET = frozenset(KEYS)
#: the byte-level reader's tables: keys, card spellings, suit spellings, deck names (see _jsonl.table)
_TABLES = (*_jsonl.table({k: i for i, k in enumerate(KEYS)}), *_jsonl.table(_CARD_BIT), *_jsonl.table(_SUITS),
           *_jsonl.table({name: deck.mask for name, deck in ALIASES.items()}))
#: each card's two-letter name as bytes, and the fixed parts of an answer line around the tricks and the cells
_NAMES = np.array([list(card_name(c).encode("ascii")) for c in range(33)], dtype=np.uint8)
_ANSWER_PARTS = tuple(np.frombuffer(t, dtype=np.uint8) for t in (b'{"tricks": [', b'], "card_values": {', b'}}'))


__all__ = ["KEYS", "SolveBatch", "position_from_dict", "solve_batch"]
