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
  trumps in a row wins at least as many tricks as one of its hands holds of them; a leader with
  the top card of a suit no seat of the other side can trump takes this trick);
* a **transposition table** of lower and upper bounds at trick boundaries, two-way buckets,
  keyed by an exact canonical form (each slot's cards in play packed to their relative ranks,
  three bit planes naming their owners, the leader, whether slot 3 is trump), so positions that
  differ only by which equivalent cards were played share an entry, and one table may serve many
  deals of one seating without ever giving a wrong answer;
* the **last two tricks** are searched by a lean twin of the search (no ordering, no table inside
  them: at most two cards a seat), its positions still looked up and stored in the table; the
  **last trick** is its highest card of the led slot or trump (no recursion).

The recursion is plain self-recursion; every argument of a recursive call is a typed value, not
a literal (a literal argument compiled another copy of the recursion, which segfaulted when
loaded from numba's cache).  Values are side 0's tricks from the current position.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ._kernels import BITPOS, FAST_PEXT, SLOT0, SLOT1, SLOT2, TRUMP, _bit_index, _hibit, _popcount, _reps

if FAST_PEXT:
    from ._kernels import _pext

#: seats the kernel holds
MAX_SEATS = 6
#: log2 of the table's entries (40 bytes each): one deal, and a batch of deals
TT_BITS = 14
TT_BITS_MANY = 14
#: int64 words of a table entry: the key (cards in play with leader and no-trump flag, three owner
#: planes), then the bounds (low, high + 1 and the tricks left, one byte each) and the number of
#: the search that stored it (bits 24 up)
TT_WIDTH = 5
#: most cards a seat can hold (33 cards, two seats) and so the plies of one search
MAX_PLIES = 34
MAX_MOVES = 17
#: the workspace: one int64 array holding everything the search reads and writes, because every
#: array argument of a recursive numba call costs reference counting (7 arrays made a call 35 times
#: slower than 1).  Its words: the hands (layout bits), the sides, the next active seats, the
#: statistics (nodes searched, probes, table hits), the table's entries and the search's number,
#: then the moves and their scores per ply, then the table
W_HANDS, W_SIDE, W_NXT = 0, 6, 12
ST_NODES, ST_PROBES, ST_HITS = 18, 19, 20
W_TT_SIZE, W_GEN = 21, 22
W_MV = 24
W_SC = W_MV + MAX_PLIES * MAX_MOVES
W_TT = W_SC + MAX_PLIES * MAX_MOVES
_M1 = np.uint64(0x9E3779B97F4A7C15)
_M2 = np.uint64(0xC2B2AE3D27D4EB4F)
_M3 = np.uint64(0x165667B19E3779F9)
_M4 = np.uint64(0xD6E8FEB86659FD93)


def new_workspace(bits: int = TT_BITS) -> np.ndarray:
    """A workspace with an empty table of ``2**bits`` entries (a zero first word marks an empty one)."""
    ws = np.zeros(W_TT + (TT_WIDTH << bits), dtype=np.int64)
    ws[W_TT_SIZE] = 1 << bits
    return ws


def stats(ws: np.ndarray) -> dict[str, int]:
    """The workspace's statistics: nodes searched, probes, table hits."""
    return {"nodes": int(ws[ST_NODES]), "probes": int(ws[ST_PROBES]), "hits": int(ws[ST_HITS])}


@njit(cache=True)
def _slot_mask(c):
    """Slot of the card at bit index ``c``."""
    return SLOT0 << (c & 0x30)


@njit(cache=True, inline="always")
def _trick_after(c, b, pos, seat, ledm, bbit, bseat, tm):
    """``(led slot, winning bit index, its seat)`` once ``seat`` plays the card at bit index ``c``
    (``b`` its bit) as card ``pos`` of the trick."""
    if pos == 0:
        return _slot_mask(c), c, seat
    if (b & (ledm | tm)) != 0 and c > bbit:
        return ledm, c, seat
    return ledm, bbit, bseat


if FAST_PEXT:

    @njit(cache=True)
    def _pack(x, m):
        """The bits of ``x`` at the positions set in ``m``, packed (BMI2 ``pext``)."""
        return _pext(x, m)

else:

    @njit(cache=True)
    def _pack(x, m):
        """The bits of ``x`` at the positions set in ``m``, packed (the portable twin of ``pext``)."""
        out = 0
        k = 0
        while m:
            b = m & -m
            m ^= b
            if x & b:
                out |= np.int64(1) << k
            k += 1
        return out


@njit(cache=True, inline="always")
def _key(ws, rest, seat, nt):
    """The exact canonical key of a trick boundary: how many cards each slot has left, the leader and
    the no-trump flag; then three planes naming in binary the owner of each card in play (seat 0 in
    none), packed over the cards in play, so that each slot's cards are their relative ranks and two
    positions that differ only by which equivalent cards were played share a key."""
    k0 = (_popcount(rest & SLOT0) | (_popcount(rest & SLOT1) << 5) | (_popcount(rest & SLOT2) << 10)
          | (_popcount(rest & TRUMP) << 15) | (seat << 20) | (nt << 23) | (np.int64(1) << 24))
    p0 = _pack(ws[W_HANDS + 1] | ws[W_HANDS + 3] | ws[W_HANDS + 5], rest)
    p1 = _pack(ws[W_HANDS + 2] | ws[W_HANDS + 3], rest)
    p2 = _pack(ws[W_HANDS + 4] | ws[W_HANDS + 5], rest)
    return k0, p0, p1, p2


@njit(cache=True, inline="always")
def _index(ws, k0, p0, p1, p2):
    """The word of the bucket of the key (two entries)."""
    h = np.uint64(k0) * _M1 ^ np.uint64(p0) * _M2 ^ np.uint64(p1) * _M3 ^ np.uint64(p2) * _M4
    h ^= h >> np.uint64(29)
    return W_TT + TT_WIDTH * np.int64(h & np.uint64(ws[W_TT_SIZE] - 2))


@njit(cache=True, inline="always")
def _find(ws, i, k0, p0, p1, p2):
    """The word of the key's entry in the bucket at word ``i``, or -1."""
    for j in range(i, i + 2 * TT_WIDTH, TT_WIDTH):
        if ws[j] == k0 and ws[j + 1] == p0 and ws[j + 2] == p1 and ws[j + 3] == p2:
            return j
    return -1


@njit(cache=True, inline="always")
def _store(ws, i, k0, p0, p1, p2, lo, hi, left):
    """Record bounds ``lo <= value <= hi`` of the key: in its own entry if the bucket holds it, else
    over an entry of an earlier search, else over the one with fewer tricks left (the cheaper one
    to search again)."""
    j = _find(ws, i, k0, p0, p1, p2)
    gen = ws[W_GEN]
    if j < 0:
        a, b = ws[i + 4], ws[i + TT_WIDTH + 4]
        if (a >> 24) != gen:
            j = i
        elif (b >> 24) != gen:
            j = i + TT_WIDTH
        else:
            j = i if ((a >> 16) & 0xFF) <= ((b >> 16) & 0xFF) else i + TT_WIDTH
        ws[j] = k0
        ws[j + 1] = p0
        ws[j + 2] = p1
        ws[j + 3] = p2
    else:
        lo = max(lo, ws[j + 4] & 0xFF)
        hi = min(hi, ((ws[j + 4] >> 8) & 0xFF) - 1)
    ws[j + 4] = lo | ((hi + 1) << 8) | (left << 16) | (gen << 24)


@njit(cache=True, inline="always")
def _sure(ws, rest, tm):
    """Tricks each side surely takes, ``(side 0's, side 1's)``: its top trumps in a row (no trump of
    the other side above them) win one trick each, as many as one of its hands holds of them."""
    t = rest & tm
    if t == 0:
        return 0, 0
    mine = 0
    for k in range(MAX_SEATS):
        if ws[W_SIDE + k] == 0:
            mine |= ws[W_HANDS + k]
    top = _hibit(t)
    s = 0 if top & mine else 1
    others = t & ~mine if s == 0 else t & mine
    run = t
    if others:
        run = t & ~((_hibit(others) << 1) - 1)
    best = 0
    for k in range(MAX_SEATS):
        if ws[W_SIDE + k] == s:
            n = _popcount(ws[W_HANDS + k] & run)
            if n > best:
                best = n
    if s == 0:
        return best, 0
    return 0, best


@njit(cache=True, inline="always")
def _sure_lead(ws, rest, tm, seat):
    """Whether the leader has a lead that surely takes the trick for its side: the top card of a
    suit that no seat of the other side can trump (each follows suit or holds no trump)."""
    h = ws[W_HANDS + seat]
    mine = ws[W_SIDE + seat]
    for sl in range(4):
        m = SLOT0 << (16 * sl)
        x = rest & m
        if x == 0 or (_hibit(x) & h) == 0:
            continue
        if m == tm:
            return True
        ok = True
        for k in range(MAX_SEATS):
            hk = ws[W_HANDS + k]
            if ws[W_SIDE + k] != mine and (hk & m) == 0 and (hk & tm) != 0:
                ok = False
        if ok:
            return True
    return False


@njit(cache=True, inline="always")
def _order(ws, seat, pos, legal, rest, table, ledm, tm, bbit, bseat, ply):
    """Write the moves (one card of each run of equivalent legal cards) at ``ws[W_MV + ply *
    MAX_MOVES]``, best first; return how many."""
    h = ws[W_HANDS + seat]
    inplay = rest | table
    reps = _reps(legal, h, inplay)
    n = 0
    m = reps
    mine = ws[W_SIDE + seat]
    theirs = ws[W_SIDE + bseat] != mine if pos > 0 else False
    base = ply * MAX_MOVES
    while m:
        b = m & -m
        m ^= b
        c = _bit_index(b)
        if pos == 0:
            above = inplay & _slot_mask(c) & ~((b << 1) - 1)
            if above == 0:  # the top card of its suit: trumps first, high to low
                s = 200 + c
            elif b & tm:  # low trump leads last
                s = 50 - (c & 15)
            else:  # low leads
                s = 100 - (c & 15)
        elif theirs and (b & (ledm | tm)) != 0 and c > bbit:
            s = 200 - c  # takes the trick from the other side: the cheapest first
        else:
            s = 100 - c  # the lowest card (plain discards before trumps)
        # insertion, best first
        k = base + n
        while k > base and ws[W_SC + k - 1] < s:
            ws[W_MV + k] = ws[W_MV + k - 1]
            ws[W_SC + k] = ws[W_SC + k - 1]
            k -= 1
        ws[W_MV + k] = c
        ws[W_SC + k] = s
        n += 1
    return n


@njit(cache=True)
def _two(ws, n_active, tm, pos, seat, table, ledm, bbit, bseat, rest, target):
    """:func:`_probe` of the last two tricks: their first trick card by card (no table, no ordering:
    at most two cards a seat), the last one decided by its highest card of the led slot or trump."""
    ws[ST_NODES] += 1
    h = ws[W_HANDS + seat]
    legal = h
    if pos > 0:
        legal = h & ledm
        if legal == 0:
            legal = h
    m = _reps(legal, h, rest | table)
    maximise = ws[W_SIDE + seat] == 0
    result = 0 if maximise else 1
    while m:
        b = _hibit(m)  # the higher card first
        m ^= b
        c = _bit_index(b)
        ws[W_HANDS + seat] ^= b
        nledm, nbit, nseat = _trick_after(c, b, pos, seat, ledm, bbit, bseat, tm)
        if pos + 1 == n_active:
            won = 1 if ws[W_SIDE + nseat] == 0 else 0
            r = rest ^ b  # one card a seat: the last trick
            w = _hibit(r & (_slot_mask(_bit_index(ws[W_HANDS + nseat])) | tm))
            for k in range(MAX_SEATS):
                if ws[W_HANDS + k] & w:
                    won += 1 if ws[W_SIDE + k] == 0 else 0
            v = 1 if won >= target else 0
        else:
            v = _two(ws, n_active, tm, pos + 1, ws[W_NXT + seat], table | b, nledm, nbit, nseat, rest ^ b, target)
        ws[W_HANDS + seat] ^= b
        if maximise and v == 1:
            result = 1
            break
        if not maximise and v == 0:
            result = 0
            break
    return result


@njit(cache=True)
def _probe(ws, n_active, tm, nt, pos, seat, table, ledm, bbit, bseat, rest, target, ply):
    """1 if side 0 can take at least ``target`` of the tricks still to be decided (the current one
    included), else 0.

    ``pos`` cards of the current trick are down (``table``, a mask of layout bits); ``ledm`` is
    the led slot's mask, ``bbit`` and ``bseat`` the winning card's bit and seat; ``rest`` holds
    every card still in a hand.  Trick boundaries (``pos`` 0) consult and fill the table.
    """
    ws[ST_NODES] += 1
    h = ws[W_HANDS + seat]
    maximise = ws[W_SIDE + seat] == 0
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
                if ws[W_HANDS + k] & w:
                    return 1 if ws[W_SIDE + k] == 0 else 0
        s0, s1 = _sure(ws, rest, tm)
        if s0 >= target:
            return 1
        if left - s1 < target:
            return 0
        if (target == 1 if maximise else target == left) and _sure_lead(ws, rest, tm, seat):
            # the leader's side takes at least this trick: all side 0 needs, or all side 1 needs
            return 1 if maximise else 0
        k0, p0, p1, p2 = _key(ws, rest, seat, nt)
        slot = _index(ws, k0, p0, p1, p2)
        j = _find(ws, slot, k0, p0, p1, p2)
        if j >= 0:
            lo = ws[j + 4] & 0xFF
            hi = ((ws[j + 4] >> 8) & 0xFF) - 1
            if lo >= target:
                ws[ST_HITS] += 1
                return 1
            if hi < target:
                ws[ST_HITS] += 1
                return 0
        if left == 2:
            zero = np.int64(0)
            result = _two(ws, n_active, tm, zero, seat, zero, zero, zero, zero, rest, target)
            if result == 1:
                _store(ws, slot, k0, p0, p1, p2, target, left, left)
            else:
                _store(ws, slot, k0, p0, p1, p2, 0, target - 1, left)
            return result
        legal = h
    else:
        legal = h & ledm
        if legal == 0:
            legal = h
    n = _order(ws, seat, pos, legal, rest, table, ledm, tm, bbit, bseat, ply)
    result = 0 if maximise else 1
    zero = np.int64(0)
    base = W_MV + ply * MAX_MOVES
    for i in range(n):
        c = ws[base + i]
        b = np.int64(1) << c
        ws[W_HANDS + seat] ^= b
        nledm, nbit, nseat = _trick_after(c, b, pos, seat, ledm, bbit, bseat, tm)
        if pos + 1 == n_active:
            won = 1 if ws[W_SIDE + nseat] == 0 else 0
            v = _probe(ws, n_active, tm, nt, zero, nseat, zero, zero, zero, zero, rest ^ b, target - won, ply + 1)
        else:
            v = _probe(ws, n_active, tm, nt, pos + 1, ws[W_NXT + seat], table | b, nledm, nbit, nseat, rest ^ b,
                       target, ply + 1)
        ws[W_HANDS + seat] ^= b
        if maximise and v == 1:
            result = 1
            break
        if not maximise and v == 0:
            result = 0
            break
    if pos == 0:
        if result == 1:
            _store(ws, slot, k0, p0, p1, p2, target, left, left)
        else:
            _store(ws, slot, k0, p0, p1, p2, 0, target - 1, left)
    return result


@njit(cache=True)
def _start(ws, deck_hands, side, nxt, trump, played, leader):
    """Lay the position out in the workspace: the hands in layout bits from ``deck_hands`` (deck
    cards), the sides and the turn order; the trick so far from ``played`` (deck cards in order from
    ``leader``).  Starts a new search number (the table's replacement prefers older entries).

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
        ws[W_HANDS + k] = x
        ws[W_SIDE + k] = side[k]
        ws[W_NXT + k] = nxt[k]
        rest |= x
    ws[W_GEN] = (ws[W_GEN] + 1) & 0xFFFFFFFF
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
def _value(ws, n_active, tm, nt, pos, seat, table, ledm, bbit, bseat, rest):
    """Exact side-0 tricks: a binary search of zero-window probes between the tricks taken for sure
    by each side (at a trick boundary) or 0 and the tricks left."""
    left = _popcount(ws[W_HANDS + seat])  # the seat to move still holds its card of the current trick
    lo, hi = 0, left
    if pos == 0:
        s0, s1 = _sure(ws, rest, tm)
        lo, hi = s0, left - s1
    ply = np.int64(0)
    while lo < hi:
        t = (lo + hi + 1) // 2
        ws[ST_PROBES] += 1
        if _probe(ws, n_active, tm, nt, pos, seat, table, ledm, bbit, bseat, rest, t, ply):
            lo = t
        else:
            hi = t - 1
    return lo


@njit(cache=True)
def solve_position(deck_hands, side, nxt, n_active, trump, played, leader, target, ws):
    """Side 0's tricks from the position (``target < 0``), or 1/0: does side 0 take at least
    ``target`` of them (one zero-window probe).  ``ws`` is a :func:`new_workspace`, which may serve
    many positions of any seating (the seating is part of what a search is given, the table's keys
    are exact for one seating: give each seating its own workspace)."""
    pos, seat, table, ledm, bbit, bseat, rest, tm, nt = _start(ws, deck_hands, side, nxt, trump, played, leader)
    if target < 0:
        return _value(ws, n_active, tm, nt, pos, seat, table, ledm, bbit, bseat, rest)
    ws[ST_PROBES] += 1
    return _probe(ws, n_active, tm, nt, pos, seat, table, ledm, bbit, bseat, rest, target, np.int64(0))


@njit(cache=True)
def solve_rows(deck_hands, trumps, leaders, side, nxt, n_active, targets, ws, out):
    """:func:`solve_position` of each row of whole deals (at a trick boundary) into ``out``, one
    workspace for them all (the table's keys are exact, so rows of any trump and leader share it)."""
    played = np.zeros(0, dtype=np.int64)
    for r in range(deck_hands.shape[0]):
        out[r] = solve_position(deck_hands[r], side, nxt, n_active, trumps[r], played, leaders[r], targets[r], ws)
