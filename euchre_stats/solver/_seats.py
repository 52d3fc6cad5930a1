"""A double-dummy search for any number of seats (up to six), the kernel behind :mod:`.seats`.

Plain alpha-beta over every legal card, a transposition table of bounds at trick boundaries
(an array keyed by the six hands and the leader, one entry a slot, the newest kept), no layout
tricks: it serves the
games the four-seat kernel (:mod:`._kernels`) cannot seat, six-handed euchre first.  Values are
side 0's tricks from the current position.  Private: :func:`euchre_stats.solver.seats.solve_seats`
validates what it is given.
"""

from __future__ import annotations

import numpy as np
from numba import njit

#: seats the kernel holds (the key of the table has one hand a seat)
MAX_SEATS = 6
#: log2 of the table's slots
TT_BITS = 16
_LO, _HI = MAX_SEATS + 1, MAX_SEATS + 2


def new_table(bits: int = TT_BITS) -> np.ndarray:
    """An empty transposition table: per slot the six hands and the leader, then the bounds of side
    0's tricks (low, and high + 1 so that 0 marks an empty slot)."""
    return np.zeros((1 << bits, MAX_SEATS + 3), dtype=np.int64)


@njit(cache=True)
def _slot(hands, seat, size):
    h = np.uint64(seat + 1) * np.uint64(0x9E3779B97F4A7C15)
    for i in range(MAX_SEATS):
        h ^= np.uint64(hands[i]) + np.uint64(0x9E3779B97F4A7C15) + (h << np.uint64(6)) + (h >> np.uint64(2))
    return np.int64(h & np.uint64(size - 1))


@njit(cache=True)
def _holds(tt, i, hands, seat):
    if tt[i, _HI] == 0 or tt[i, MAX_SEATS] != seat:
        return False
    for k in range(MAX_SEATS):
        if tt[i, k] != hands[k]:
            return False
    return True


@njit(cache=True)
def _low(m):
    c = 0
    while not (m >> c) & 1:
        c += 1
    return c


@njit(cache=True)
def _search(hands, side, nxt, n_active, trump, eff, power, smask, pos, seat, led, bkey, bseat, alpha, beta, tt):
    """Side 0's tricks from here, exact when inside ``(alpha, beta)``, else a bound on the right side.

    ``pos`` cards of the current trick are down; ``led`` is its effective suit, ``bkey`` and
    ``bseat`` the winning card's power and seat.  At a trick boundary (``pos`` 0) the table is
    consulted and filled.
    """
    slot = 0
    a0, b0 = alpha, beta
    lo, hi = 0, 99
    if pos == 0:
        if hands[seat] == 0:
            return 0
        slot = _slot(hands, seat, tt.shape[0])
        if _holds(tt, slot, hands, seat):
            lo, hi = tt[slot, _LO], tt[slot, _HI] - 1
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            alpha = max(alpha, lo)
            beta = min(beta, hi)
    h = hands[seat]
    legal = h
    if pos > 0:
        follow = h & smask[trump, led]
        if follow:
            legal = follow
    maximise = side[seat] == 0
    best = -1 if maximise else 99
    m = legal
    while m:
        c = _low(m)
        m &= m - 1
        hands[seat] ^= 1 << c
        e = eff[trump, c]
        if pos == 0:
            nled, nkey, nseat = e, power[trump, c], seat
        else:
            nled, nkey, nseat = led, bkey, bseat
            if (e == trump or e == led) and power[trump, c] > bkey:
                nkey, nseat = power[trump, c], seat
        if pos + 1 == n_active:
            won = 1 if side[nseat] == 0 else 0
            # (typed ints, not literals: a literal argument would compile another copy of the recursion)
            none = np.int64(-1)
            v = won + _search(hands, side, nxt, n_active, trump, eff, power, smask, np.int64(0), nseat, none, none,
                              none, alpha - won, beta - won, tt)
        else:
            v = _search(hands, side, nxt, n_active, trump, eff, power, smask, pos + 1, nxt[seat], nled, nkey,
                        nseat, alpha, beta, tt)
        hands[seat] ^= 1 << c
        if maximise:
            if v > best:
                best = v
            if best > alpha:
                alpha = best
        else:
            if v < best:
                best = v
            if best < beta:
                beta = best
        if alpha >= beta:
            break
    if pos == 0:
        if best <= a0:
            hi = min(hi, best)
        elif best >= b0:
            lo = max(lo, best)
        else:
            lo, hi = best, best
        for k in range(MAX_SEATS):
            tt[slot, k] = hands[k]
        tt[slot, MAX_SEATS] = seat
        tt[slot, _LO] = lo
        tt[slot, _HI] = hi + 1
    return best


@njit(cache=True)
def solve_position(hands, side, nxt, n_active, trump, eff, power, smask, pos, seat, led, bkey, bseat, tt):
    """Exact side-0 tricks of the position (the full window)."""
    return _search(hands, side, nxt, n_active, trump, eff, power, smask, pos, seat, led, bkey, bseat, np.int64(-1),
                   np.int64(99), tt)


def tables():
    """The rule tables the kernel reads: effective suit, power and suit masks per trump (0-4)."""
    from ..core.trump import EFF_SUIT, POWER, SUIT_MASK

    return (np.ascontiguousarray(EFF_SUIT, dtype=np.int64), np.ascontiguousarray(POWER, dtype=np.int64),
            np.ascontiguousarray(SUIT_MASK, dtype=np.int64))
