"""The steps of one realistic decision that every table shares (four seats and N seats): arrays and
ints only.

A decision groups the mover's legal cards into classes of equivalent cards (:func:`_classes`), turns
the points at stake into trick targets (:func:`_point_targets`), values each class over the worlds
(the kernels' own searches) and plays the live class with the highest sum, ties to the lowest tie key
(:func:`_best_class`; the key is :func:`euchre_stats.core.ties.tie_key`, compiled here as :func:`_tie_key`:
plain cards before trumps, rank first, equal ranks by the deal's random order of the suits).  The
best-first valuation's bookkeeping (:func:`_best_first_arrays`, :func:`_first_unsolved`,
:func:`_most_promising`) and the single-decision entry points' output
(:func:`_class_values`, :func:`_deck_worlds`) are here too.  Cards are layout bits (one 16-bit slot
per effective suit), as in :mod:`.worlds`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..core.ties import ORDERS, TIE_SALT, decision_order, discard_key, maker_side, tie_key
from .search import _bit_index, _hibit
from .worlds import SLOT, _find, _mix

#: the tie key of a deck card (:func:`euchre_stats.core.ties.tie_key`, the one rule, compiled as it is)
_tie_key = njit(cache=True)(tie_key)
#: the order a decision breaks its ties by (:func:`euchre_stats.core.ties.decision_order`, compiled as it is)
_decision_order = njit(cache=True)(decision_order)
#: the side that made trump, from a row of points (:func:`euchre_stats.core.ties.maker_side`, compiled as it is)
_maker_side = njit(cache=True)(maker_side)
#: the bidders' key of equal discards (:func:`euchre_stats.core.ties.discard_key`, compiled as it is)
_discard_key = njit(cache=True)(discard_key)
#: above every tie key
NO_KEY = 1 << 30


@njit(cache=True)
def _tie_order(rs0):
    """The deal's suit order (:data:`~euchre_stats.core.ties.ORDERS`) from its stream's starting state
    ``rs0`` (without advancing the stream; :func:`euchre_stats.core.ties.tie_order_of` is its twin)."""
    return ORDERS[np.int64(_mix(rs0 ^ np.uint64(TIE_SALT)) % np.uint64(24))]

#: sum reported for a card that is not legal
NOT_LEGAL = -(1 << 62)


@njit(cache=True)
def _decision_arrays():
    """Work rows of one decision: per class its top card, members, lowest tie key, sum of points,
    whether it is still in the running and its last band; the tops solved in a world and their bands;
    the point targets and the band values."""
    d = np.zeros((10, 10), dtype=np.int64)
    return d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7], d[8], d[9]


@njit(cache=True)
def _best_first_arrays(worlds):
    """Work arrays of the best-first valuation for up to ``worlds`` worlds and 10 classes: each
    world's position band, which (class, world) pairs are solved, each class's bound and next world."""
    w = max(worlds, 1)
    return (np.zeros(w, dtype=np.int64), np.zeros((10, w), dtype=np.bool_), np.zeros(10, dtype=np.int64),
            np.zeros(10, dtype=np.int64))


@njit(cache=True)
def _legal(hand, lead, pos):
    """The cards of ``hand`` that may be played as card ``pos`` of a trick led in slot ``lead``."""
    legal = hand & lead if pos > 0 else hand
    return legal if legal != 0 else hand


@njit(cache=True)
def _lowest_class(low, nc):
    """The class with the lowest tie key (a forced choice: every class is worth the same)."""
    bi = 0
    for ci in range(1, nc):
        if low[ci] < low[bi]:
            bi = ci
    return bi


@njit(cache=True)
def _forced_choice(low, nc, nt):
    """The class played without valuing it, when the choice cannot matter (one class, or no points at
    stake: ``nt`` targets): the lowest tie key's; otherwise -1."""
    if nc == 1 or nt == 0:
        return _lowest_class(low, nc)
    return -1


@njit(cache=True)
def _top_of(c, tops):
    """The top card of ``c``'s run, given ``tops`` (the top card of every run): the lowest top at or
    above ``c`` in its 16-bit slot (safe for bit 63)."""
    above = tops & (np.int64(SLOT) << (_bit_index(c) & 0x30)) & ~(c - 1)
    return above & -above


@njit(cache=True)
def _classes(legal, tops, trump, card_at, order, rep, members, low):
    """Legal cards grouped into runs of equivalent cards, given ``tops`` (the top card of every run of
    the mover's hand: the search's ``_reps``, or ``_reps_tie`` under the doubled pack's ties).

    ``rep`` gets each class's top card, ``members`` its cards, ``low`` its lowest tie key under the suit
    order ``order`` (:func:`_tie_key`).
    """
    nc = 0
    m = legal
    while m:
        c = _hibit(m)
        m ^= c
        top = _top_of(c, tops)
        ci = _find(rep, nc, top)
        if ci == nc:
            rep[nc] = top
            members[nc] = 0
            low[nc] = NO_KEY
            nc += 1
        members[ci] |= c
        low[ci] = min(low[ci], _tie_key(card_at[trump, _bit_index(c)], trump, order))
    return nc


@njit(cache=True)
def _point_targets(pts0, won0, tleft, side, targets, tvals):
    """Side-0 trick counts (from now) at which the points change, and the mover's points per band.

    ``tvals[j]`` is the mover's side's points minus the others' when side 0 takes at least
    ``targets[j-1]`` (band 0: fewer than ``targets[0]``) of the tricks left.
    """
    sign = 1 if side == 0 else -1
    nt = 0
    tvals[0] = sign * pts0[won0]
    for k in range(1, tleft + 1):
        if pts0[won0 + k] != pts0[won0 + k - 1]:
            targets[nt] = k
            nt += 1
            tvals[nt] = sign * pts0[won0 + k]
    return nt


@njit(cache=True, inline="always")
def _distinct_tops(rep, nc, tops, wrep, cls):
    """The classes' top cards in one world (given ``tops``), each once in ``wrep`` (first seen first:
    classes may merge in a world, a card between them being in the pile); ``cls[ci]``: the index of
    class ``ci``'s.  Returns their number."""
    nw = 0
    for ci in range(nc):
        top = _top_of(rep[ci], tops)
        j = _find(wrep, nw, top)
        if j == nw:
            wrep[nw] = top
            nw += 1
        cls[ci] = j
    return nw


@njit(cache=True, inline="always")
def _credit_bands(cls, nc, wval, tvals, guess, sums):
    """Add each class's points in one world (its top's band ``wval[cls[ci]]``) to ``sums``; the band is
    the class's guess in the next world."""
    for ci in range(nc):
        guess[ci] = wval[cls[ci]]
        sums[ci] += tvals[wval[cls[ci]]]


@njit(cache=True, inline="always")
def _credit_world(w, band, every, move, tops, rep, nc, tvals, pband, solved, sums, bound):
    """Record world ``w``'s position band ``band`` (the mover's best there, a bound on every class) in
    ``pband`` and credit its points to the classes: as solved to every class with ``every`` (the band
    is the mover's worst) and to the class whose top card (given ``tops``) is ``move`` (the card that
    proved the band; 0: none), as a bound to the others.  Returns the class of ``move`` (the last,
    when classes merge in this world), or -1."""
    pband[w] = band
    v = tvals[band]
    named = -1
    for ci in range(nc):
        hit = move != 0 and _top_of(rep[ci], tops) == move
        if hit:
            named = ci
        if every or hit:
            solved[ci, w] = True
            sums[ci] += v
        else:
            bound[ci] += v
    return named


@njit(cache=True, inline="always")
def _solve_pair(ci, w, band, m, tvals, pband, solved, sums, bound, nxtw):
    """Class ``ci`` solved in world ``w`` at ``band``: its points replace its bound there, and its next
    unsolved world moves on."""
    sums[ci] += tvals[band]
    bound[ci] -= tvals[pband[w]]
    solved[ci, w] = True
    k = nxtw[ci]
    while k < m and solved[ci, k]:
        k += 1
    nxtw[ci] = k


@njit(cache=True, inline="always")
def _first_unsolved(solved, nc, m, nxtw):
    """``nxtw[ci]``: the first world (of ``m``) where class ``ci`` is not solved yet."""
    for ci in range(nc):
        w = 0
        while w < m and solved[ci, w]:
            w += 1
        nxtw[ci] = w


@njit(cache=True, inline="always")
def _most_promising(sums, bound, low, nc, nxtw):
    """``(class, world)``: the class with the highest bound (solved sum plus bound; ties to the lowest
    tie key) and its first unsolved world (the number of worlds when it is solved in every one:
    then no other class can beat or tie it)."""
    bi = 0
    best = sums[0] + bound[0]
    for ci in range(1, nc):
        b = sums[ci] + bound[ci]
        if b > best or (b == best and low[ci] < low[bi]):
            bi = ci
            best = b
    return bi, nxtw[bi]


@njit(cache=True)
def _best_class(sums, alive, nc, low):
    """Live class with the highest sum; ties to the lowest tie key."""
    bi = -1
    for ci in range(nc):
        if alive[ci] and (bi < 0 or sums[ci] > sums[bi] or (sums[ci] == sums[bi] and low[ci] < low[bi])):
            bi = ci
    return bi


@njit(cache=True)
def _lowest_of(members, low, trump, card_at, order):
    """The card (layout bit) of ``members`` whose tie key (under ``order``) is ``low``."""
    mm = members
    while mm:
        b = mm & -mm
        mm ^= b
        if _tie_key(card_at[trump, _bit_index(b)], trump, order) == low:
            return b
    return 0


@njit(cache=True)
def _class_values(values, members, sums, alive, nc, low, trump, card_at, order):
    """``values[c]``: the sum of legal card ``c``'s class (:data:`NOT_LEGAL` elsewhere); returns the
    deck number of the card played (:func:`_best_class`'s, its lowest tie key)."""
    for c in range(values.shape[0]):
        values[c] = NOT_LEGAL
    for ci in range(nc):
        mm = members[ci]
        while mm:
            b = mm & -mm
            mm ^= b
            values[card_at[trump, _bit_index(b)]] = sums[ci]
    bi = _best_class(sums, alive, nc, low)
    return card_at[trump, _bit_index(_lowest_of(members[bi], low[bi], trump, card_at, order))]


@njit(cache=True)
def _deck_worlds(wh, m, trump, card_at, res):
    """Worlds ``wh[:m]`` (layout, a row of every seat) as deck masks in ``res``."""
    for w in range(m):
        for s in range(wh.shape[1]):
            d = np.int64(0)
            mm = wh[w, s]
            while mm:
                b = mm & -mm
                mm ^= b
                d |= np.int64(1) << card_at[trump, _bit_index(b)]
            res[w, s] = d
