"""A double-dummy search for any number of seats (up to six), the kernel behind :mod:`.seats`.

It serves the games the four-seat kernel (:mod:`._kernels`) cannot seat, six-handed euchre
first: 2 to 6 seats, any sides, seats out, cards already on the table, any trump or no trump,
the Joker.  Private and plain (arrays and ints): :mod:`.seats` validates what it is given.

The search is a boolean zero-window search, "can side 0 take at least ``target`` of the
tricks still to be decided (the current one included)?"; the exact count is found by a few
such probes (a binary search between quick bounds).  What makes it fast:

* the four-seat kernel's **power layout** (:data:`._kernels.BITPOS`): each effective suit owns a
  16-bit slot, trump on top, a higher bit a stronger card, so following suit is ``hand & slot``
  and "beats the winner" is one comparison;
* **equivalent cards** (no card in another hand or on the table between them) are tried once
  (:func:`._kernels._reps`);
* **move ordering**: leads of top cards first, then low leads; when following, the cheapest
  card that takes the trick from the other side first, the lowest cards otherwise;
* **quick bounds** at trick boundaries: tricks left, and sure winners (a side holding the top
  trumps in a row wins at least as many tricks as one of its hands holds of them);
* a **transposition table** of lower and upper bounds at trick boundaries, two-way buckets,
  keyed exactly (the cards in play, three bit planes naming their owners, the leader, whether
  slot 3 is trump), so one table may serve many deals of one seating and is never wrong;
* the **last trick** is its highest card of the led slot or trump (no recursion).

The recursion is plain self-recursion; every argument of a recursive call is a typed value, not
a literal (a literal argument compiled another copy of the recursion, which segfaulted when
loaded from numba's cache).  Values are side 0's tricks from the current position.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ._kernels import BITPOS, SLOT0, TRUMP, _bit_index, _hibit, _popcount, _reps

#: seats the kernel holds
MAX_SEATS = 6
#: log2 of the table's entries (40 bytes each): one deal, and a batch of deals
TT_BITS = 14
TT_BITS_MANY = 16
#: int64 words of a table entry: the key (cards in play with leader and no-trump flag, three owner
#: planes), then the bounds (low, high + 1 and the tricks left, one byte each)
TT_WIDTH = 5
#: most cards a seat can hold (33 cards, two seats) and so the plies of one search
MAX_PLIES = 34
MAX_MOVES = 17
#: statistics: nodes searched, probes, table hits
ST_NODES, ST_PROBES, ST_HITS = 0, 1, 2
NUM_STATS = 3
_M1 = np.uint64(0x9E3779B97F4A7C15)
_M2 = np.uint64(0xC2B2AE3D27D4EB4F)
_M3 = np.uint64(0x165667B19E3779F9)
_M4 = np.uint64(0xD6E8FEB86659FD93)


def new_table(bits: int = TT_BITS) -> np.ndarray:
    """An empty transposition table of ``2**bits`` entries (a zero first word marks an empty one)."""
    return np.zeros((1 << bits, TT_WIDTH), dtype=np.int64)


def new_work() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The search's scratch arrays: moves and their scores per ply, and the statistics."""
    return (np.zeros((MAX_PLIES, MAX_MOVES), dtype=np.int64), np.zeros((MAX_PLIES, MAX_MOVES), dtype=np.int64),
            np.zeros(NUM_STATS, dtype=np.int64))


@njit(cache=True)
def _slot_mask(c):
    """Slot of the card at bit index ``c``."""
    return SLOT0 << (c & 0x30)


@njit(cache=True)
def _key(hands, rest, seat, nt):
    """The exact key of a trick boundary: cards in play, leader, no-trump flag, and three planes
    giving each card's owner in binary (seat 0 in none)."""
    p0 = hands[1] | hands[3] | hands[5]
    p1 = hands[2] | hands[3]
    p2 = hands[4] | hands[5]
    return rest | (seat << 59) | (nt << 62), p0, p1, p2


@njit(cache=True)
def _index(k0, p0, p1, p2, size):
    h = np.uint64(k0) * _M1 ^ np.uint64(p0) * _M2 ^ np.uint64(p1) * _M3 ^ np.uint64(p2) * _M4
    h ^= h >> np.uint64(29)
    return np.int64(h & np.uint64(size - 2))


@njit(cache=True)
def _find(tt, i, k0, p0, p1, p2):
    """The entry of the key in the bucket at ``i`` (``i``, ``i + 1``), or -1."""
    for j in range(i, i + 2):
        if tt[j, 0] == k0 and tt[j, 1] == p0 and tt[j, 2] == p1 and tt[j, 3] == p2:
            return j
    return -1


@njit(cache=True)
def _store(tt, i, k0, p0, p1, p2, lo, hi, left):
    """Record bounds ``lo <= value <= hi`` of the key: in its own entry if the bucket holds it, else
    over the entry with fewer tricks left (the cheaper one to search again)."""
    j = _find(tt, i, k0, p0, p1, p2)
    if j < 0:
        j = i if (tt[i, 4] >> 16) <= (tt[i + 1, 4] >> 16) else i + 1
        tt[j, 0] = k0
        tt[j, 1] = p0
        tt[j, 2] = p1
        tt[j, 3] = p2
    else:
        lo = max(lo, tt[j, 4] & 0xFF)
        hi = min(hi, ((tt[j, 4] >> 8) & 0xFF) - 1)
    tt[j, 4] = lo | ((hi + 1) << 8) | (left << 16)


@njit(cache=True)
def _sure(hands, side, rest, tm, s):
    """Tricks side ``s`` surely takes: its top trumps in a row (no trump of the other side above
    them) win one trick each, as many as one of its hands holds of them."""
    t = rest & tm
    mine = 0
    for k in range(MAX_SEATS):
        if side[k] == s:
            mine |= hands[k]
    others = t & ~mine
    run = t
    if others:
        run = t & ~((_hibit(others) << 1) - 1)
    best = 0
    if run:
        for k in range(MAX_SEATS):
            if side[k] == s:
                n = _popcount(hands[k] & run)
                if n > best:
                    best = n
    return best


@njit(cache=True)
def _order(hands, side, seat, pos, legal, rest, table, ledm, tm, bbit, bseat, mv, sc, ply):
    """Write the moves (one card of each run of equivalent legal cards) into ``mv[ply]``, best
    first; return how many."""
    h = hands[seat]
    inplay = rest | table
    reps = _reps(legal, h, inplay)
    n = 0
    m = reps
    mine = side[seat]
    while m:
        b = m & -m
        m ^= b
        c = _bit_index(b)
        if pos == 0:
            above = inplay & _slot_mask(c) & ~((b << 1) - 1)
            if above == 0:  # the top card of its suit: trumps first, high to low
                s = 200 + c
            else:  # low leads
                s = 100 - (c & 15)
        elif (b & (ledm | tm)) != 0 and c > bbit and side[bseat] != mine:
            s = 200 - c  # takes the trick from the other side: the cheapest first
        else:
            s = 100 - c  # the lowest card (plain discards before trumps)
        # insertion, best first
        k = n
        while k > 0 and sc[ply, k - 1] < s:
            mv[ply, k] = mv[ply, k - 1]
            sc[ply, k] = sc[ply, k - 1]
            k -= 1
        mv[ply, k] = c
        sc[ply, k] = s
        n += 1
    return n


@njit(cache=True)
def _probe(hands, side, nxt, n_active, tm, nt, pos, seat, table, ledm, bbit, bseat, rest, target, tt, mv, sc,
           ply, stats):
    """1 if side 0 can take at least ``target`` of the tricks still to be decided (the current one
    included), else 0.

    ``pos`` cards of the current trick are down (``table``, a mask of layout bits); ``ledm`` is
    the led slot's mask, ``bbit`` and ``bseat`` the winning card's bit and seat; ``rest`` holds
    every card still in a hand.  Trick boundaries (``pos`` 0) consult and fill the table.
    """
    stats[ST_NODES] += 1
    h = hands[seat]
    maximise = side[seat] == 0
    slot = 0
    k0, p0, p1, p2 = 0, 0, 0, 0
    left = 0
    if pos == 0:
        if target <= 0:
            return 1
        left = _popcount(h)
        if target > left:
            return 0
        if left == 1:
            # the last trick: its highest card of the led slot or trump wins
            w = _hibit(rest & (_slot_mask(_bit_index(h)) | tm))
            for k in range(MAX_SEATS):
                if hands[k] & w:
                    return 1 if side[k] == 0 else 0
        if _sure(hands, side, rest, tm, 0) >= target:
            return 1
        if left - _sure(hands, side, rest, tm, 1) < target:
            return 0
        k0, p0, p1, p2 = _key(hands, rest, seat, nt)
        slot = _index(k0, p0, p1, p2, tt.shape[0])
        j = _find(tt, slot, k0, p0, p1, p2)
        if j >= 0:
            lo = tt[j, 4] & 0xFF
            hi = ((tt[j, 4] >> 8) & 0xFF) - 1
            if lo >= target:
                stats[ST_HITS] += 1
                return 1
            if hi < target:
                stats[ST_HITS] += 1
                return 0
        legal = h
    else:
        legal = h & ledm
        if legal == 0:
            legal = h
    n = _order(hands, side, seat, pos, legal, rest, table, ledm, tm, bbit, bseat, mv, sc, ply)
    result = 0 if maximise else 1
    zero = np.int64(0)
    for i in range(n):
        c = mv[ply, i]
        b = np.int64(1) << c
        hands[seat] ^= b
        if pos == 0:
            nledm, nbit, nseat = _slot_mask(c), c, seat
        else:
            nledm, nbit, nseat = ledm, bbit, bseat
            if (b & (ledm | tm)) != 0 and c > bbit:
                nbit, nseat = c, seat
        if pos + 1 == n_active:
            won = 1 if side[nseat] == 0 else 0
            v = _probe(hands, side, nxt, n_active, tm, nt, zero, nseat, zero, zero, zero, zero, rest ^ b,
                       target - won, tt, mv, sc, ply + 1, stats)
        else:
            v = _probe(hands, side, nxt, n_active, tm, nt, pos + 1, nxt[seat], table | b, nledm, nbit, nseat,
                       rest ^ b, target, tt, mv, sc, ply + 1, stats)
        hands[seat] ^= b
        if maximise and v == 1:
            result = 1
            break
        if not maximise and v == 0:
            result = 0
            break
    if pos == 0:
        if result == 1:
            _store(tt, slot, k0, p0, p1, p2, target, left, left)
        else:
            _store(tt, slot, k0, p0, p1, p2, 0, target - 1, left)
    return result


@njit(cache=True)
def _start(deck_hands, trump, played, leader, nxt, hands):
    """Lay the position out for the search: ``hands`` (layout bits) from ``deck_hands`` (deck
    cards) and the trick so far from ``played`` (deck cards in order from ``leader``).

    Returns ``(pos, seat, table, ledm, bbit, bseat, rest, tm, nt)``.
    """
    rest = 0
    for k in range(MAX_SEATS):
        x = 0
        m = deck_hands[k]
        while m:
            b = m & -m
            m ^= b
            x |= np.int64(1) << BITPOS[trump, _bit_index(b)]
        hands[k] = x
        rest |= x
    tm = TRUMP if trump < 4 else 0
    nt = 1 if trump == 4 else 0
    table, ledm, bbit, bseat = 0, 0, -1, -1
    seat = leader
    for i in range(played.shape[0]):
        c = BITPOS[trump, played[i]]
        b = np.int64(1) << c
        if i == 0:
            ledm, bbit, bseat = _slot_mask(c), c, seat
        elif (b & (ledm | tm)) != 0 and c > bbit:
            bbit, bseat = c, seat
        table |= b
        seat = nxt[seat]
    return played.shape[0], seat, table, ledm, bbit, bseat, rest, tm, nt


@njit(cache=True)
def _value(hands, side, nxt, n_active, tm, nt, pos, seat, table, ledm, bbit, bseat, rest, tt, mv, sc, stats):
    """Exact side-0 tricks: a binary search of zero-window probes between the tricks taken for sure
    by each side (at a trick boundary) or 0 and the tricks left."""
    left = _popcount(hands[seat])  # the seat to move still holds its card of the current trick
    lo, hi = 0, left
    if pos == 0:
        lo = _sure(hands, side, rest, tm, 0)
        hi = left - _sure(hands, side, rest, tm, 1)
    ply = np.int64(0)
    while lo < hi:
        t = (lo + hi + 1) // 2
        stats[ST_PROBES] += 1
        if _probe(hands, side, nxt, n_active, tm, nt, pos, seat, table, ledm, bbit, bseat, rest, t, tt, mv, sc,
                  ply, stats):
            lo = t
        else:
            hi = t - 1
    return lo


@njit(cache=True)
def solve_position(deck_hands, side, nxt, n_active, trump, played, leader, target, tt, mv, sc, stats):
    """Side 0's tricks from the position (``target < 0``), or 1/0: does side 0 take at least
    ``target`` of them (one zero-window probe)."""
    hands = np.zeros(MAX_SEATS, dtype=np.int64)
    pos, seat, table, ledm, bbit, bseat, rest, tm, nt = _start(deck_hands, trump, played, leader, nxt, hands)
    if target < 0:
        return _value(hands, side, nxt, n_active, tm, nt, pos, seat, table, ledm, bbit, bseat, rest, tt, mv, sc,
                      stats)
    stats[ST_PROBES] += 1
    return _probe(hands, side, nxt, n_active, tm, nt, pos, seat, table, ledm, bbit, bseat, rest, target, tt, mv,
                  sc, np.int64(0), stats)


@njit(cache=True)
def solve_rows(deck_hands, trumps, leaders, side, nxt, n_active, targets, tt, mv, sc, stats, out):
    """:func:`solve_position` of each row of whole deals (at a trick boundary) into ``out``, one
    table for them all (its keys are exact, so rows of any trump and leader share it)."""
    played = np.zeros(0, dtype=np.int64)
    for r in range(deck_hands.shape[0]):
        out[r] = solve_position(deck_hands[r], side, nxt, n_active, trumps[r], played, leaders[r], targets[r], tt, mv,
                                sc, stats)
