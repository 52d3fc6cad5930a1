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

**The doubled 25-card pack** (six-handed's option): a position holding a card numbered 33 or more
(a twin, the red Joker) is laid out in the doubled layout (:data:`BITPOS_DOUBLED`: the two copies
of a card on adjacent bits ``2k, 2k + 1`` of a slot, trump's slot exactly 16 cards with the Joker of
trump's colour on top) and searched with the workspace's tie mask (``W_TIE``) set; any other
position is the 33-card search exactly.  Under ties: the trick's winner is kept as a *threshold*
(a twin's lowered below its pair, so the other copy played later takes the trick and the one
comparison stays); a card whose twin is in play outside its hand is equivalent to no other card;
sure tricks count a run of top trumps only above the other side's pairs; a sure lead needs no twin
of it with the other side; the last trick gives two twins on top to the later player; the table's
key adds a tie plane (which packed cards are the lower copy of a pair in play).  Positions of more
than :data:`TT_MAX_DOUBLED` cards in play skip the table in this mode.

The recursion is plain self-recursion; every argument of a recursive call is a typed value, not
a literal (a literal argument compiled another copy of the recursion, which segfaulted when
loaded from numba's cache).  Values are side 0's tricks from the current position.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..core.bits import NUM_CARDS_ALL, RED_JOKER, TWIN_BASE
from ..core.trump import EFF_SUIT, NO_TRUMP, POWER_ALL
from .search import BITPOS, FAST_PEXT, _bit_index, _hibit, _popcount, _reps

if FAST_PEXT:
    from .search import _pdep, _pext

#: seats the kernel holds
MAX_SEATS = 6
#: log2 of the table's entries (40 bytes each): one deal, and a batch of deals
TT_BITS = 14
TT_BITS_MANY = 14
#: int64 words of a table entry: the key (cards in play with leader and no-trump flag, three owner
#: planes), then the bounds (low, high + 1 and the tricks left, one byte each) and the number of
#: the search that stored it (bits 24 up)
TT_WIDTH = 5
#: most cards in play (the doubled pack's 50, two seats) and so the plies of one search; most moves
#: of a seat (25 cards)
MAX_PLIES = 50
MAX_MOVES = 25
#: the workspace: one int64 array holding everything the search reads and writes, because every
#: array argument of a recursive numba call costs reference counting (7 arrays made a call 35 times
#: slower than 1).  Its words: the hands (layout bits), the sides, the next active seats, the
#: statistics (nodes searched, probes, table hits), the table's entries and the search's number,
#: then the moves and their scores per ply, then the table
W_HANDS, W_SIDE, W_NXT = 0, 6, 12
ST_NODES, ST_PROBES, ST_HITS = 18, 19, 20
W_TT_SIZE, W_GEN = 21, 22
#: the tie mask of the search (the doubled layout's twin pairs, :data:`TIE_DOUBLED`; 0 without twins)
W_TIE = 23
W_MV = 24
W_SC = W_MV + MAX_PLIES * MAX_MOVES
W_TT = W_SC + MAX_PLIES * MAX_MOVES
_M1 = np.uint64(0x9E3779B97F4A7C15)
_M2 = np.uint64(0xC2B2AE3D27D4EB4F)
_M3 = np.uint64(0x165667B19E3779F9)
_M4 = np.uint64(0xD6E8FEB86659FD93)


#: the slots' masks: 16 bits each (the 33-card layout uses the low 11 of each, the doubled one up to
#: 16 of trump's slot); trump's slot as an int64 (bits 48-63)
SLOT0, SLOT1, SLOT2 = 0xFFFF, 0xFFFF << 16, 0xFFFF << 32
TRUMP = -(1 << 48)
#: the doubled layout's tie pairs: bits ``2k`` and ``2k + 1`` of every slot are the two copies of one
#: card, except the top pair of trump's slot (the two Jokers: the higher bit wins)
TIE_DOUBLED = (1 << 62) - 1
#: the even bit of every pair
EVEN = 0x5555555555555555
#: one bit above the cards of slots 0-2 in the doubled layout (a plain suit has 12 bits): the
#: sentinel that ends a run of equivalent cards (slot 3 ends at the word's top)
SLOT_ENDS_DOUBLED = (1 << 15) | (1 << 31) | (1 << 47)
#: in the doubled mode positions with more cards in play skip the table (the tie plane fills the
#: key's first word from bit 25)
TT_MAX_DOUBLED = 39


def build_doubled_layout():
    """``(bitpos, card_at)`` of the doubled 25-card pack per trump (4: no trump, no Joker): twins on
    adjacent bits ``2k, 2k + 1`` of a slot, pairs in power order.  Trump's slot: 9 9 T T Q Q K K A A,
    the left bowers, the right bowers, then the Joker not of trump's colour and the one of trump's
    colour (16 bits); a plain suit 12 bits (9 to A), the suit of trump's colour 10 (no jack).  Sevens
    and eights have no bit (-1)."""
    bitpos = np.full((5, NUM_CARDS_ALL), -1, dtype=np.int64)
    card_at = np.full((5, 64), -1, dtype=np.int64)
    for t in range(5):
        for c in range(NUM_CARDS_ALL):
            if c < 32 and (c & 7) < 2:
                continue
            if t == NO_TRUMP and c in (32, RED_JOKER):
                continue
            e, p = int(EFF_SUIT[t, c]), int(POWER_ALL[t, c])
            copy = 1 if TWIN_BASE <= c < RED_JOKER else 0
            if c in (32, RED_JOKER):
                slot, pos = 3, 14 + p - 42
            elif t == NO_TRUMP:
                slot, pos = e, 2 * (p - 2) + copy
            elif e == t:  # 9 T Q K A (powers 34..39 without the jack's 36), left 40, right 41
                slot, pos = 3, 2 * ((p - 34) if p < 36 else (p - 35)) + copy
            else:
                r = p - 2
                if e == 3 - t and p > 4:  # the suit of trump's colour has no jack
                    r -= 1
                slot, pos = ((e - t) & 3) - 1, 2 * r + copy
            b = slot * 16 + pos
            bitpos[t, c] = b
            card_at[t, b] = c
    return bitpos, card_at


BITPOS_DOUBLED, CARD_AT_DOUBLED = build_doubled_layout()


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
    return np.int64(SLOT0) << (c & 0x30)


@njit(cache=True, inline="always")
def _beat(c, tie):
    """The bit index a card must exceed to beat the card at bit index ``c``: ``c`` itself, or, for a
    card of a tie pair (``tie``), the bit below the pair (its twin, played later, wins)."""
    d = (tie >> c) & 1
    return c - d - (d & c)


@njit(cache=True, inline="always")
def _trick_after(c, b, pos, seat, ledm, bbit, bseat, tm, tie):
    """``(led slot, winning threshold, its seat)`` once ``seat`` plays the card at bit index ``c``
    (``b`` its bit) as card ``pos`` of the trick.  The threshold is the bit index a later card must
    exceed to take the trick (:func:`_beat`: the winner's own, lowered below its pair for a twin)."""
    if pos == 0:
        return _slot_mask(c), _beat(c, tie), seat
    if (b & (ledm | tm)) != 0 and c > bbit:
        return ledm, _beat(c, tie), seat
    return ledm, bbit, bseat


if FAST_PEXT:

    @njit(cache=True, inline="always")
    def _reps_tie(legal, hand, occ, tie):
        """:func:`._kernels._reps` (one card of each run of equivalent cards of ``legal``) under the
        doubled pack's tie rule (``tie`` non-zero): a card whose twin is in play outside ``hand`` (in
        another hand or on the table) is equivalent to no other card, nor is its neighbour below."""
        if tie == 0:
            return _reps(legal, hand, occ)
        other = occ & ~hand & tie
        bad = hand & (((other & EVEN) << 1) | ((other >> 1) & EVEN))
        occ |= SLOT_ENDS_DOUBLED
        x = _pext(hand, occ)
        pb = _pext(bad, occ)
        return legal & ~_pdep(x & (x >> 1) & ~(pb | (pb >> 1)), occ)

else:

    @njit(cache=True, inline="always")
    def _reps_tie(legal, hand, occ, tie):
        """:func:`._kernels._reps` (one card of each run of equivalent cards of ``legal``) under the
        doubled pack's tie rule (``tie`` non-zero): a card whose twin is in play outside ``hand`` (in
        another hand or on the table) is equivalent to no other card, nor is its neighbour below."""
        if tie == 0:
            return _reps(legal, hand, occ)
        other = occ & ~hand & tie
        bad = hand & (((other & EVEN) << 1) | ((other >> 1) & EVEN))
        out = legal
        m = legal & ~bad
        while m:
            c = m & -m
            m ^= c
            above = occ & _slot_mask(_bit_index(c)) & ~((c << 1) - 1)
            nb = above & -above
            if nb & hand and (nb & bad) == 0:
                out ^= c
        return out


@njit(cache=True, inline="always")
def _last_winner(ws, rest, lead, tm, tie):
    """The seat that wins the last trick (one card a seat, ``lead`` leads): the highest card of the led
    slot or trump, or of two twins on top the one played later."""
    w = _hibit(rest & (_slot_mask(_bit_index(ws[W_HANDS + lead])) | tm))
    i = _bit_index(w)
    if (tie >> i) & 1 and (i & 1) and (rest >> (i - 1)) & 1:
        pair = w | (w >> 1)
        s = lead
        while (ws[W_HANDS + s] & pair) == 0:
            s = ws[W_NXT + s]
        w = pair & ~ws[W_HANDS + s]
    for k in range(MAX_SEATS):
        if ws[W_HANDS + k] & w:
            return k
    return -1


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
    positions that differ only by which equivalent cards were played share a key.  With twins (the
    doubled mode) the first word also holds, from bit 25, the tie plane: the lower card of each pair
    whose two copies are both in play, packed the same way (at most :data:`TT_MAX_DOUBLED` cards)."""
    k0 = (_popcount(rest & SLOT0) | (_popcount(rest & SLOT1) << 5) | (_popcount(rest & SLOT2) << 10)
          | (_popcount(rest & TRUMP) << 15) | (seat << 20) | (nt << 23) | (np.int64(1) << 24))
    tie = ws[W_TIE]
    if tie != 0:
        k0 |= _pack(rest & (rest >> 1) & tie & EVEN, rest) << 25
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
    the other side above them, nor a twin of one: a twin played later wins) win one trick each, as
    many as one of its hands holds of them."""
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
        oi = _bit_index(_hibit(others))
        oi |= (ws[W_TIE] >> oi) & 1  # a twin's pair: both copies
        run = t & ~((np.int64(2) << oi) - 1)
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
    suit that no seat of the other side can trump (each follows suit or holds no trump), and whose
    twin no seat of the other side holds."""
    h = ws[W_HANDS + seat]
    mine = ws[W_SIDE + seat]
    tie = ws[W_TIE]
    opp = 0
    if tie != 0:
        for k in range(MAX_SEATS):
            if ws[W_SIDE + k] != mine:
                opp |= ws[W_HANDS + k]
    for sl in range(4):
        m = np.int64(SLOT0) << (16 * sl)
        x = rest & m
        if x == 0 or (_hibit(x) & h) == 0:
            continue
        if tie != 0:
            i = _bit_index(_hibit(x))
            if (tie >> i) & 1 and (opp >> (i ^ 1)) & 1:
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
    reps = _reps_tie(legal, h, inplay, ws[W_TIE])
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
    tie = ws[W_TIE]
    m = _reps_tie(legal, h, rest | table, tie)
    maximise = ws[W_SIDE + seat] == 0
    result = 0 if maximise else 1
    while m:
        b = _hibit(m)  # the higher card first
        m ^= b
        c = _bit_index(b)
        ws[W_HANDS + seat] ^= b
        nledm, nbit, nseat = _trick_after(c, b, pos, seat, ledm, bbit, bseat, tm, tie)
        if pos + 1 == n_active:
            won = 1 if ws[W_SIDE + nseat] == 0 else 0
            # one card a seat: the last trick
            won += 1 if ws[W_SIDE + _last_winner(ws, rest ^ b, nseat, tm, tie)] == 0 else 0
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
            # the last trick: its highest card of the led slot or trump wins (of twins the later)
            return 1 if ws[W_SIDE + _last_winner(ws, rest, seat, tm, ws[W_TIE])] == 0 else 0
        s0, s1 = _sure(ws, rest, tm)
        if s0 >= target:
            return 1
        if left - s1 < target:
            return 0
        if (target == 1 if maximise else target == left) and _sure_lead(ws, rest, tm, seat):
            # the leader's side takes at least this trick: all side 0 needs, or all side 1 needs
            return 1 if maximise else 0
        if ws[W_TIE] != 0 and _popcount(rest) > TT_MAX_DOUBLED:
            slot = -1  # too many cards for the key's tie plane: no table
        else:
            k0, p0, p1, p2 = _key(ws, rest, seat, nt)
            slot = _index(ws, k0, p0, p1, p2)
        j = _find(ws, slot, k0, p0, p1, p2) if slot >= 0 else -1
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
            if slot < 0:
                return result
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
    tie = ws[W_TIE]
    for i in range(n):
        c = ws[base + i]
        b = np.int64(1) << c
        ws[W_HANDS + seat] ^= b
        nledm, nbit, nseat = _trick_after(c, b, pos, seat, ledm, bbit, bseat, tm, tie)
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
    if pos == 0 and slot >= 0:
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
    every = 0
    for k in range(MAX_SEATS):
        every |= deck_hands[k]
    for i in range(played.shape[0]):
        every |= np.int64(1) << played[i]
    dbl = (every >> TWIN_BASE) != 0  # a twin or the red Joker: the doubled layout
    bitpos = BITPOS_DOUBLED if dbl else BITPOS
    tie = TIE_DOUBLED if dbl else 0
    ws[W_TIE] = tie
    rest = 0
    for k in range(MAX_SEATS):
        x = 0
        m = deck_hands[k]
        while m:
            b = m & -m
            m ^= b
            x |= np.int64(1) << bitpos[trump, _bit_index(b)]
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
        c = bitpos[trump, played[i]]
        b = np.int64(1) << c
        ledm, bbit, bseat = _trick_after(c, b, np.int64(i), seat, ledm, bbit, bseat, tm, tie)
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
