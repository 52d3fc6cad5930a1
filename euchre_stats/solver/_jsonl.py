"""Byte-level reader of the common batch line, compiled with numba (private to :mod:`.batch`).

The whole batch is one array of code points (``uint32``, the lines' texts end to end, each
line's start and end given); the kernel reads each line that is in the strict common
form (a JSON object with only known keys, each at most once; four hands as lists of card names
spelled as :func:`batch._card_spellings` spells them, no card twice in a hand; trump a suit
letter, name or 0..3; leader 0..3; ``out`` a seat or a list of seats; ``played`` empty; ``deck`` a
known deck name) into the row :func:`batch._fast_row` would give.  Anything else it is not sure
of (other keys, escapes, characters outside printable ASCII, numbers other than one digit, long lines,
any syntax it does not expect) is only flagged, never judged: the caller sends such a line the
thorough way (``json.loads`` and ``make_position``), which gives its answer or its exact error.

Strings are compared as up to 8 ASCII characters packed into one ``uint64`` (first byte lowest), looked up
in sorted tables built once from the Python tables, so the kernel knows no spelling of its own.
"""

from __future__ import annotations

import numpy as np
from numba import njit

#: the longest line the kernel reads (characters); a longer one goes the thorough way
MAX_FAST_LINE = 4096

# key ids of the kernel (the order of batch.KEYS)
_DECK, _TRUMP, _LEADER, _OUT, _HANDS, _PLAYED = range(6)
_NO = np.uint64(0)


def pack(text: str) -> int:
    """``text`` (printable ASCII, 1..8 characters) as the kernel's ``uint64`` key."""
    data = text.encode("ascii")
    if not 1 <= len(data) <= 8 or any(not 0x20 <= b <= 0x7E or b in b'"\\' for b in data):
        raise ValueError(f"cannot pack {text!r}")
    return int.from_bytes(data, "little")


def table(mapping: dict) -> tuple[np.ndarray, np.ndarray]:
    """Sorted ``(keys, values)`` arrays of the packable entries of ``mapping`` (text -> int)."""
    items = []
    for text, value in mapping.items():
        try:
            items.append((pack(text), int(value)))
        except (ValueError, UnicodeEncodeError):
            continue
    items.sort()
    return (np.array([k for k, _ in items], dtype=np.uint64), np.array([v for _, v in items], dtype=np.uint64))


@njit(cache=True)
def _find(keys, values, key):
    """``values[i]`` where ``keys[i] == key``, else -1 (binary search)."""
    lo, hi = 0, len(keys)
    while lo < hi:
        mid = (lo + hi) // 2
        if keys[mid] < key:
            lo = mid + 1
        else:
            hi = mid
    if lo < len(keys) and keys[lo] == key:
        return np.int64(values[lo])
    return np.int64(-1)


@njit(cache=True)
def _ws(buf, p, e):
    while p < e and (buf[p] == 32 or buf[p] == 9):
        p += 1
    return p


@njit(cache=True)
def _string(buf, p, e):
    """The packed string starting at ``buf[p] == '"'`` and the position after it; key 0 if unsure."""
    p += 1
    key = np.uint64(0)
    n = 0
    while p < e:
        c = buf[p]
        if c == 34:
            if n == 0:
                return _NO, p + 1  # "" packs to nothing: the callers that accept it check for it
            return key, p + 1
        if c < 32 or c > 126 or c == 92 or n == 8:  # control, non-ASCII, an escape, too long
            return _NO, -1
        key |= np.uint64(c) << np.uint64(8 * n)
        n += 1
        p += 1
    return _NO, -1


@njit(cache=True)
def _digit(buf, p, e):
    """A one-digit JSON number at ``p``: (value, position after), or (-1, -1)."""
    if p < e and 48 <= buf[p] <= 57 and not (p + 1 < e and _numeric(buf[p + 1])):
        return np.int64(buf[p]) - 48, p + 1
    return np.int64(-1), -1


@njit(cache=True)
def _numeric(c):
    """A byte that may go on a JSON number: a digit, ``.``, ``e`` or ``E``."""
    return 48 <= c <= 57 or c == 46 or c == 69 or c == 101


@njit(cache=True)
def _number_key(buf, p, e):
    """A whole JSON number of 1..8 digits, no leading zero, packed as its text (for ``deck``)."""
    key = np.uint64(0)
    n = 0
    while p < e and 48 <= buf[p] <= 57:
        if n == 8 or (n == 1 and buf[p - 1] == 48):
            return _NO, -1
        key |= np.uint64(buf[p]) << np.uint64(8 * n)
        n += 1
        p += 1
    if n == 0 or (p < e and _numeric(buf[p])):
        return _NO, -1
    return key, p


@njit(cache=True)
def _hand(buf, p, e, card_keys, card_bits):
    """A list of card names at ``p``: (mask, position after), or (0, -1) when unsure."""
    if p >= e or buf[p] != 91:
        return _NO, -1
    p = _ws(buf, p + 1, e)
    mask = np.uint64(0)
    if p < e and buf[p] == 93:
        return mask, p + 1
    while True:
        if p >= e or buf[p] != 34:
            return _NO, -1
        key, p = _string(buf, p, e)
        if p < 0 or key == _NO:
            return _NO, -1
        bit = _find(card_keys, card_bits, key)
        if bit < 0 or mask & np.uint64(bit):
            return _NO, -1  # a spelling not in the table, or a card twice in the hand
        mask |= np.uint64(bit)
        p = _ws(buf, p, e)
        if p < e and buf[p] == 44:
            p = _ws(buf, p + 1, e)
        elif p < e and buf[p] == 93:
            return mask, p + 1
        else:
            return _NO, -1


@njit(cache=True)
def _line(buf, p, e, row, tables, deck24):
    """Read one line ``buf[p:e]`` into ``row`` (h0..h3, trump, leader, out bits, deck mask); True if sure."""
    key_keys, key_ids, card_keys, card_bits, suit_keys, suit_vals, deck_keys, deck_masks = tables
    if e - p > MAX_FAST_LINE:
        return False
    seen = 0  # a bit for each key id read
    row[7] = deck24
    row[6] = 0
    p = _ws(buf, p, e)
    if p >= e or buf[p] != 123:
        return False
    p = _ws(buf, p + 1, e)
    while True:
        if p >= e or buf[p] != 34:
            return False
        key, p = _string(buf, p, e)
        if p < 0:
            return False
        kid = _find(key_keys, key_ids, key)  # -1 unless a known key
        if kid < 0:
            return False
        if seen >> kid & 1:
            return False  # a key twice: json.loads keeps the last, the thorough path judges
        seen |= 1 << kid
        p = _ws(buf, p, e)
        if p >= e or buf[p] != 58:
            return False
        p = _ws(buf, p + 1, e)
        if p >= e:
            return False
        c = buf[p]
        if kid == _HANDS:
            if c != 91:
                return False
            p = _ws(buf, p + 1, e)
            for s in range(4):
                m, p = _hand(buf, p, e, card_keys, card_bits)
                if p < 0:
                    return False
                row[s] = m
                p = _ws(buf, p, e)
                if p >= e or buf[p] != (44 if s < 3 else 93):
                    return False
                p = _ws(buf, p + 1, e) if s < 3 else p + 1
        elif kid == _TRUMP:
            if c == 34:
                v, p = _string(buf, p, e)
                if p < 0 or v == _NO:
                    return False
                t = _find(suit_keys, suit_vals, v)
            else:
                t, p = _digit(buf, p, e)
                if t > 3:
                    return False
            if p < 0 or t < 0:
                return False
            row[4] = t
        elif kid == _LEADER:
            v, p = _digit(buf, p, e)
            if p < 0 or v > 3:
                return False
            row[5] = v
        elif kid == _OUT:
            if c == 91:
                p = _ws(buf, p + 1, e)
                bits = 0
                if p < e and buf[p] == 93:
                    p += 1
                else:
                    while True:
                        v, p = _digit(buf, p, e)
                        if p < 0 or v > 3:
                            return False
                        bits |= 1 << v
                        p = _ws(buf, p, e)
                        if p < e and buf[p] == 44:
                            p = _ws(buf, p + 1, e)
                        elif p < e and buf[p] == 93:
                            p += 1
                            break
                        else:
                            return False
                row[6] = bits
            else:
                v, p = _digit(buf, p, e)
                if p < 0 or v > 3:
                    return False
                row[6] = 1 << v
        elif kid == _PLAYED:
            if c == 34 and p + 1 < e and buf[p + 1] == 34:
                p += 2  # ""
            elif c == 91:
                p = _ws(buf, p + 1, e)
                if p >= e or buf[p] != 93:
                    return False  # a card on the table: the thorough path
                p += 1
            else:
                return False
        else:  # deck
            if c == 34:
                v, p = _string(buf, p, e)
            else:
                v, p = _number_key(buf, p, e)
            if p < 0 or v == _NO:
                return False
            d = _find(deck_keys, deck_masks, v)
            if d < 0:
                return False
            row[7] = d
        p = _ws(buf, p, e)
        if p < e and buf[p] == 44:
            p = _ws(buf, p + 1, e)
        elif p < e and buf[p] == 125:
            p = _ws(buf, p + 1, e)
            break
        else:
            return False
    need = (1 << _HANDS) | (1 << _TRUMP) | (1 << _LEADER)
    return p == e and seen & need == need


@njit(cache=True)
def read_lines(buf, starts, ends, rows, tables, deck24):
    """Read every line ``buf[starts[i]:ends[i]]`` into ``rows[i]``; ``sure[i]`` says it was read.

    ``tables``: the sorted ``(keys, values)`` pairs of the batch keys (-> key id), the card
    spellings (-> bit), the suit spellings (-> 0..3) and the deck names (-> card mask), as
    :func:`table` builds them; ``deck24``: the mask of the deck a line without ``deck`` uses.
    """
    n = len(starts)
    sure = np.zeros(n, np.bool_)
    for i in range(n):
        sure[i] = _line(buf, starts[i], ends[i], rows[i], tables, deck24)
    return sure


@njit(cache=True)
def _put_int(out, q, v):
    """Write the whole number ``v`` at ``out[q]``; the position after it."""
    if v < 0:
        out[q] = 45
        return _put_int(out, q + 1, -v)
    if v >= 10:
        q = _put_int(out, q, v // 10)
    out[q] = 48 + v % 10
    return q + 1


@njit(cache=True)
def _put(out, q, text):
    for j in range(len(text)):
        out[q + j] = text[j]
    return q + len(text)


@njit(cache=True)
def write_answers(values, side0, side1, names, head, middle, tail):
    """Every answer line, ``head a, b middle "card": v, ... tail``, joined by ``\\n``, as bytes.

    ``values[i, card]``: the tricks card ``card`` takes (-1: not legal), cards in index order as
    the printed answers list them; ``names[card]``: its two-letter name; the tricks of each side
    are at most three digits (they are at most the cards in a hand).
    """
    n, cards = values.shape
    size = 0
    for i in range(n):
        size += len(head) + len(middle) + len(tail) + 1 + 2 * 4  # '127, 127'
        for c in range(cards):
            if values[i, c] >= 0:
                size += 12  # '"Jh": -127, '
    out = np.empty(size, np.uint8)
    q = 0
    for i in range(n):
        if i:
            out[q] = 10
            q += 1
        q = _put(out, q, head)
        q = _put_int(out, q, side0[i])
        out[q] = 44
        out[q + 1] = 32
        q = _put_int(out, q + 2, side1[i])
        q = _put(out, q, middle)
        first = True
        for c in range(cards):
            v = values[i, c]
            if v < 0:
                continue
            if not first:
                out[q] = 44
                out[q + 1] = 32
                q += 2
            first = False
            out[q] = 34
            out[q + 1] = names[c, 0]
            out[q + 2] = names[c, 1]
            out[q + 3] = 34
            out[q + 4] = 58
            out[q + 5] = 32
            q = _put_int(out, q + 6, np.int64(v))
        q = _put(out, q, tail)
    return out[:q]
