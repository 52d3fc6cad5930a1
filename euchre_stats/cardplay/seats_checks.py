"""The checks of the six-seat realistic play model's input: the rules' deck as the kernel reads it, the
points at stake, every array of a batch of positions validated (:mod:`.realistic_seats` runs them).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..core.errors import RealisticInputError
from ..core.seating import seating
from ..core.trump import EFF_SUIT, SUIT_MASK
from ..engine import search as _solver_kernels
from ..engine import realistic_seats as _k
from ..engine import search_seats as _solver_seats
from ..rules import Rules, hand_points_array, sitting_out
from .realistic import MAX_SEED, _first_bad

#: seats at the table (the kernel's), the dealer last
SEATS = 6
_SEATING = seating(SEATS)
DEALER = _k.DEALER
_DECK = (1 << 33) - 1
_DECK50 = sum(1 << c for c in range(58) if c >= 32 or (c & 7) >= 2)


class _Pack(NamedTuple):
    """A deck of six-handed euchre as the kernel reads it: its cards (a deck mask), how many card
    numbers (the length of a per-card row), the layout of each trump and its inverse, the search's
    tie mask, and its cards in words (for error messages)."""

    mask: int
    numbers: int
    bitpos: np.ndarray
    card_at: np.ndarray
    tie: int
    words: str

    def holds(self, c: int) -> bool:
        return 0 <= c < self.numbers and (self.mask >> c) & 1 == 1


_PACK33 = _Pack(_DECK, 33, _solver_kernels.BITPOS, _solver_kernels.CARD_AT, 0, "cards 0-32")
_PACK50 = _Pack(_DECK50, 58, _solver_seats.BITPOS_DOUBLED, _solver_seats.CARD_AT_DOUBLED, _solver_seats.TIE_DOUBLED,
                "cards of the doubled 25-card pack (9 to A of each suit 2-7, 10-15, 18-23, 26-31, the black Joker 32, "
                "their twins 33-56, the red Joker 57)")


def _check_rules(rules: Rules) -> _Pack:
    """The deck of six-handed ``rules`` (the 33-card deck or the doubled 25-card pack, five cards each)."""
    if not isinstance(rules, Rules) or rules.seating != _SEATING:
        got = getattr(rules, "players", rules)
        raise RealisticInputError(f"rules with players {got!r}: realistic play of six seats needs players 6")
    mask = rules.deck_obj.mask
    if mask not in (_DECK, _DECK50) or rules.hand_size != 5:
        raise RealisticInputError(f"rules with deck {rules.deck!r} and hand_size {rules.hand_size!r}: six-handed "
                                  "euchre deals five cards each from the 33-card deck or the doubled 25-card pack")
    return _PACK50 if mask == _DECK50 else _PACK33


def points_table_seats(rules: Rules, maker, alone, defender_alone=None) -> np.ndarray:
    """``(n, 6)``: side 0's points minus side 1's when side 0 ends the hand with ``t`` tricks (0..5).

    ``maker`` the maker's seat (0..5), ``alone`` whether the maker is alone and ``defender_alone``
    the lone defender's seat (-1 or None: none), each one value or an array; the points are the
    rules' (:func:`~euchre_stats.rules.hand_points_array`).
    """
    mk = np.atleast_1d(np.asarray(maker, dtype=np.int64))
    al = np.broadcast_to(np.asarray(alone, dtype=bool), mk.shape)
    da = np.broadcast_to(np.asarray(-1 if defender_alone is None else defender_alone, dtype=np.int64), mk.shape)
    hs = rules.hand_size
    t0 = np.arange(hs + 1)[None, :]
    maker_tricks = np.where((mk % 2 == 0)[:, None], t0, hs - t0)
    mp, dp = hand_points_array(rules, maker_tricks, al[:, None], (da >= 0)[:, None])
    diff = (mp - dp).astype(np.int64)
    return np.where((mk % 2 == 0)[:, None], diff, -diff)


def _rows(value, n: int, name: str, dtype=np.int64) -> np.ndarray:
    arr = np.asarray(value)
    if arr.ndim == 0:
        arr = np.full(n, arr)
    if arr.shape != (n,):
        raise RealisticInputError(f"{name} {value!r}: expected one value or an array of {n}, got shape {arr.shape!r}")
    if dtype is bool:
        if arr.dtype.kind not in "bui":
            raise RealisticInputError(f"{name} {value!r}: expected true or false")
    elif arr.dtype.kind not in "iu":
        raise RealisticInputError(f"{name} {value!r}: expected whole numbers")
    return arr.astype(dtype)


def _hands(hands, pack: _Pack) -> np.ndarray:
    h = np.asarray(hands)
    if h.ndim != 2 or h.shape[1] != SEATS or (h.size and h.dtype.kind not in "iu"):
        raise RealisticInputError(f"hands of shape {h.shape!r} and dtype {h.dtype}: expected integer masks (n, 6)")
    if h.dtype.kind == "i" and (h < 0).any():
        raise RealisticInputError(f"hands: row {_first_bad((h < 0).any(axis=1))} holds a negative mask")
    h = h.astype(np.uint64)
    i = _first_bad((h & np.uint64(~pack.mask & ((1 << 64) - 1))).any(axis=1))
    if i is not None:
        raise RealisticInputError(f"hands row {i} {h[i].tolist()!r}: {pack.words} only")
    return h.astype(np.int64)


def _trick_rows(trick, n: int) -> np.ndarray:
    """``trick`` as the kernel's ``(n, 5)`` deck cards, -1 padded (shape and type checked only)."""
    tr = np.full((n, SEATS - 1), -1, dtype=np.int64)
    if trick is None:
        return tr
    arr = np.asarray(trick)
    if arr.ndim == 1:  # one sequence for every row
        arr = np.broadcast_to(arr, (n, arr.shape[0]))
    if arr.ndim != 2 or arr.shape[0] != n or arr.shape[1] > SEATS - 1 or (arr.size and arr.dtype.kind not in "iu"):
        raise RealisticInputError(f"trick {trick!r}: expected one sequence of up to {SEATS - 1} cards for every row "
                                  f"or an integer array (n, k) with n {n} and k <= {SEATS - 1}, -1 padded; got shape "
                                  f"{arr.shape!r} and dtype {arr.dtype}")
    tr[:, : arr.shape[1]] = arr
    return tr


def _check_trick(h, t, ld, o, tr, g, vd, pack: _Pack) -> tuple[np.ndarray, np.ndarray]:
    """Check the cards on the table of every row; ``(mover, played)``: the seat to move and, per seat,
    whether it has put a card on the table in the current trick."""
    n = h.shape[0]
    mover = ld.copy()
    played = np.zeros((n, SEATS), dtype=bool)
    rows = np.flatnonzero((tr >= 0).any(axis=1) | (tr < -1).any(axis=1))
    for i in rows:
        row = [int(c) for c in tr[i]]
        cards = row[: row.index(-1)] if -1 in row else row
        shown = cards if len(cards) < len(row) else row
        if any(not pack.holds(c) for c in row if c != -1) or any(c != -1 for c in row[len(cards):]):
            raise RealisticInputError(f"row {i}: trick {shown!r} (row {row!r}): {pack.words} in play order, then "
                                      "-1 padding")
        out = int(o[i])
        active = SEATS - bin(out).count("1")
        if len(cards) >= active:
            raise RealisticInputError(f"row {i}: trick {cards!r} holds {len(cards)} cards: with {active} seats in "
                                      f"play (out {out}) a trick in progress holds at most {active - 1}")
        if len(set(cards)) != len(cards):
            raise RealisticInputError(f"row {i}: trick {cards!r} holds a card twice")
        held = int(np.bitwise_or.reduce(h[i]))
        on_table = sum(1 << c for c in cards)
        if held & on_table:
            c = (held & on_table).bit_length() - 1
            raise RealisticInputError(f"row {i}: card {c} of the trick {cards!r} is also held")
        if int(g[i]) & on_table:
            c = (int(g[i]) & on_table).bit_length() - 1
            raise RealisticInputError(f"row {i}: card {c} of the trick {cards!r} is also in gone {int(g[i])!r} "
                                      "(the cards of the tricks before)")
        trump = int(t[i])
        led = int(EFF_SUIT[trump, cards[0]]) if cards else -1
        seat = int(ld[i])
        for k, c in enumerate(cards):
            e = int(EFF_SUIT[trump, c])
            if (int(vd[i, seat]) >> e) & 1:
                raise RealisticInputError(f"row {i}: seat {seat} is said void in suit {e} but played card {c} of it "
                                          f"to the trick {cards!r}")
            if k > 0 and e != led and int(h[i, seat]) & int(SUIT_MASK[trump, led]):
                raise RealisticInputError(f"row {i}: seat {seat} played card {c} to the trick {cards!r} led in suit "
                                          f"{led} but still holds that suit")
            played[i, seat] = True
            seat = (seat + 1) % SEATS
            while (out >> seat) & 1:
                seat = (seat + 1) % SEATS
        mover[i] = seat
    return mover, played


def _validate(rules, hands, trump, leader, out, maker, alone, seed, worlds, up_known, gone, voids, won, trick=None,
              defender_alone=None):
    """The kernel's arrays ``(hands, trump, leader, out, trick, up, gone, voids, won, pts, pack)``, every input
    checked."""
    pack = _check_rules(rules)
    h = _hands(hands, pack)
    n = h.shape[0]
    if isinstance(worlds, bool) or not isinstance(worlds, (int, np.integer)) or int(worlds) < 1:
        raise RealisticInputError(f"worlds must be a whole number of at least 1, got {worlds!r}")
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= int(seed) <= MAX_SEED:
        raise RealisticInputError(f"seed must be a whole number in 0..2**63-1, got {seed!r}")
    t = _rows(trump, n, "trump")
    ld = _rows(leader, n, "leader")
    o = _rows(out, n, "out")
    mk = _rows(maker, n, "maker")
    al = _rows(alone, n, "alone", bool)
    da = _rows(-1 if defender_alone is None else defender_alone, n, "defender_alone")
    i = _first_bad((t < 0) | (t > 3))
    if i is not None:
        raise RealisticInputError(f"row {i}: trump {int(t[i])!r} is not a suit 0-3 (six-handed has no no-trump)")
    i = _first_bad((mk < 0) | (mk > 5))
    if i is not None:
        raise RealisticInputError(f"row {i}: maker {int(mk[i])!r} is not a seat 0..5")
    i = _first_bad((da < -1) | (da > 5) | ((da >= 0) & (da % 2 == mk % 2)))
    if i is not None:
        raise RealisticInputError(f"row {i}: defender_alone {int(da[i])!r} is not a defender's seat (maker "
                                  f"{int(mk[i])}) or -1")
    want = np.array([sitting_out(int(m) if a else None, int(d) if d >= 0 else None, SEATS)
                     for m, a, d in zip(mk, al, da)], dtype=np.int64)
    i = _first_bad(o != want)
    if i is not None:
        raise RealisticInputError(f"row {i}: out {int(o[i])!r} does not match maker {int(mk[i])}, alone "
                                  f"{bool(al[i])}, defender alone {int(da[i])} (expected {int(want[i])}: each lone "
                                  "player's two partners sit out)")
    i = _first_bad((ld < 0) | (ld > 5) | (((o >> np.clip(ld, 0, 5)) & 1) == 1))
    if i is not None:
        raise RealisticInputError(f"row {i}: leader {int(ld[i])!r} is not an active seat (out {int(o[i])})")
    counts = np.bitwise_count(h.astype(np.uint64)).astype(np.int64)
    active = ((o[:, None] >> np.arange(SEATS)[None, :]) & 1) == 0
    tr = _trick_rows(trick, n)
    g = np.zeros(n, dtype=np.int64) if gone is None else _rows(gone, n, "gone")
    vd = np.zeros((n, SEATS), dtype=np.int64)
    if voids is not None:
        v = np.asarray(voids)
        if v.shape not in ((SEATS,), (n, SEATS)) or v.dtype.kind not in "iu" or ((v < 0) | (v > 15)).any():
            raise RealisticInputError(f"voids {voids!r}: expected 6 (or (n, 6)) bitmasks of suits 0..15")
        vd[:] = v
    mover, on_table = _check_trick(h, t, ld, o, tr, g, vd, pack)
    left = counts[np.arange(n), mover]  # the tricks still to play, the current one included
    i = _first_bad(((counts != left[:, None] - on_table) & active).any(axis=1) | (left < 1)
                   | (left > rules.hand_size))
    if i is not None:
        if on_table[i].any():
            cards = [int(c) for c in tr[i] if c >= 0]
            raise RealisticInputError(f"row {i}: hands of {counts[i].tolist()!r} cards with the trick {cards!r} led "
                                      f"by seat {int(ld[i])}: each active seat holds as many cards as the others, "
                                      f"counting the card it has put on the table, 1 to {rules.hand_size}")
        raise RealisticInputError(f"row {i}: hands of {counts[i].tolist()!r} cards: each active seat holds as many "
                                  f"cards as the others, 1 to {rules.hand_size} (a trick boundary)")
    i = _first_bad(((counts != 0) & ~active).any(axis=1))
    if i is not None:
        raise RealisticInputError(f"row {i}: hands of {counts[i].tolist()!r} cards: a seat sitting out "
                                  f"(out {int(o[i])}) holds none")
    union = np.bitwise_or.reduce(h, axis=1)
    i = _first_bad(np.bitwise_count(union.astype(np.uint64)).astype(np.int64) != counts.sum(axis=1))
    if i is not None:
        raise RealisticInputError(f"row {i}: hands {h[i].tolist()!r} hold a card twice")
    up = np.full(n, -1, dtype=np.int64) if up_known is None else _rows(up_known, n, "up_known")
    i = _first_bad((up < -1) | (up >= pack.numbers) | ((up >= 0) & (((pack.mask >> np.clip(up, 0, 63)) & 1) == 0)))
    if i is not None:
        raise RealisticInputError(f"row {i}: up_known {int(up[i])!r} is not -1 or one of the {pack.words}")
    # the dealer may have just put the upcard on the table (it is no longer known to be in a hand)
    dealer_card = np.full(n, -1, dtype=np.int64)
    for i in np.flatnonzero(on_table[:, DEALER]):
        seat, k = int(ld[i]), 0
        while seat != DEALER:
            k += 1
            seat = (seat + 1) % SEATS
            while (int(o[i]) >> seat) & 1:
                seat = (seat + 1) % SEATS
        dealer_card[i] = tr[i, k]
    i = _first_bad((up >= 0) & (((h[:, DEALER] >> np.maximum(up, 0)) & 1) == 0) & (up != dealer_card))
    if i is not None:
        raise RealisticInputError(f"row {i}: up_known {int(up[i])!r} is not in the dealer's (seat 5) hand "
                                  f"{int(h[i, DEALER])!r}")
    played = (rules.hand_size - left) * active.sum(axis=1)
    i = _first_bad((g < 0) | ((g & ~pack.mask) != 0) | ((g & union) != 0)
                   | (np.bitwise_count(np.maximum(g, 0).astype(np.uint64)).astype(np.int64) > played))
    if i is not None:
        raise RealisticInputError(f"row {i}: gone {int(g[i])!r} is not a set of the cards played before "
                                  f"({pack.words}, none held, at most {int(played[i])})")
    masks = SUIT_MASK.astype(np.int64)[t]  # (n, 4): each deal's effective suits
    for s in range(SEATS):
        for e in range(4):
            i = _first_bad(((vd[:, s] >> e) & 1).astype(bool) & ((h[:, s] & masks[:, e]) != 0))
            if i is not None:
                raise RealisticInputError(f"row {i}: seat {s} is said void in suit {e} but holds one")
    w = np.zeros(n, dtype=np.int64) if won is None else _rows(won, n, "won")
    i = _first_bad((w < 0) | (w > rules.hand_size - left))
    if i is not None:
        raise RealisticInputError(f"row {i}: won {int(w[i])!r} is outside 0..{int(rules.hand_size - left[i])} "
                                  "(tricks played)")
    return h, t, ld, o, tr, up, g, vd, w, points_table_seats(rules, mk, al, da), pack
