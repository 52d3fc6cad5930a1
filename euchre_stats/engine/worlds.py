"""The world sampler every realistic kernel shares (four seats and N seats): arrays and ints only.

A *world* is one deal of the cards the player to move has not seen to the other holders (the seats
in play, then a last holder, the *pile*: the kitty, and at N seats the hands of the seats sitting
out too), consistent with what the mover knows: how many cards each seat holds, the upcard known in
the dealer's hand, the voids shown.  Worlds are uniform over every consistent deal: the unseen
cards are dealt by a partial Fisher-Yates shuffle, shuffles that breach a shown void are rejected,
and after ``tries`` rejections in a row the world is drawn exactly by unranking a uniform index over
all consistent deals (counted per count matrix "how many cards of each group each holder gets").
When there are no more consistent deals than worlds asked for, each is taken once.  Where the
deals ignoring voids reach :data:`EXACT_LIMIT` (too many to count in int64: the doubled pack's
early tricks) nothing is counted and a shuffle is rejected until it keeps every void.

The table size is read from the arrays: ``hands`` holds one mask per seat and the worlds one row of
as many, so the pile's holder number is the number of seats.  Cards are layout bits (one 16-bit
slot per effective suit, :mod:`.search` and :mod:`.search_seats` alike).

Randomness: splitmix64, one stream per row seeded from ``(seed, stream)``; every draw of a world is
made here, in one order for every table.
"""

from __future__ import annotations

import numpy as np
from numba import config, njit

from .search import NO_REFCOUNTS, _popcount

#: shuffles tried per world before drawing it exactly
REJECT_TRIES = 32
#: the exact sampler counts deals only while every count is below this bound (int64 holds them);
#: above it (the doubled pack's early tricks: 45 unseen cards deal in about 10**27 ways) worlds are
#: shuffled and rejected until one keeps every void
EXACT_LIMIT = 2.0 ** 62
#: one effective suit's 16-bit slot (slot ``g`` is ``SLOT << 16 * g``; a layout with fewer cards a
#: slot leaves the top bits empty)
SLOT = 0xFFFF

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_ALL = np.uint64(0xFFFFFFFFFFFFFFFF)
_LOW32 = np.uint64(0xFFFFFFFF)
_TWO32 = np.uint64(1 << 32)


def binomial_table(n: int = 34) -> np.ndarray:
    """``C[a, b]`` for ``0 <= b <= a < n`` as int64 (0 elsewhere)."""
    c = np.zeros((n, n), dtype=np.int64)
    for a in range(n):
        c[a, 0] = 1
        for b in range(1, a + 1):
            c[a, b] = c[a - 1, b - 1] + c[a - 1, b]
    return c


# --- random numbers: splitmix64, one stream per row ---------------------------------------------
if config.DISABLE_JIT:
    # the pure-Python twin: numpy scalars would warn at every intended 64-bit wrap-around
    def _next(rs):
        """Advance the generator ``rs`` (one uint64) and return its next 64-bit output."""
        z = (int(rs[0]) + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        rs[0] = np.uint64(z)
        return _mix(rs[0])

    def _mix(z):
        z = int(z)
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return np.uint64(z ^ (z >> 31))

else:

    @njit(cache=True)
    def _next(rs):
        """Advance the generator ``rs`` (one uint64) and return its next 64-bit output."""
        rs[0] += _GOLDEN
        return _mix(rs[0])

    @njit(cache=True)
    def _mix(z):
        z = (z ^ (z >> np.uint64(30))) * _M1
        z = (z ^ (z >> np.uint64(27))) * _M2
        return z ^ (z >> np.uint64(31))


@njit(cache=True)
def _seed_stream(rs, seed, stream):
    """Start the generator ``rs`` (one uint64) at stream ``stream`` of ``seed``."""
    rs[0] = _mix(np.uint64(seed) ^ _mix(np.uint64(stream) ^ _GOLDEN))


@njit(cache=True)
def _below(rs, n):
    """A uniform int in ``0..n-1`` (``n >= 1``), without modulo bias."""
    un = np.uint64(n)
    lim = (_ALL // un) * un
    while True:
        x = _next(rs)
        if x < lim:
            return np.int64(x % un)


@njit(cache=True)
def _below_small(rs, n):
    """A uniform int in ``0..n-1`` for ``1 <= n < 2**32``: Lemire's multiply-shift with exact rejection
    (no division on the fast path; shuffles draw many of these)."""
    un = np.uint64(n)
    while True:
        m = (_next(rs) >> np.uint64(32)) * un
        low = m & _LOW32
        if low >= un or low >= (_TWO32 - un) % un:
            return np.int64(m >> np.uint64(32))


@njit(cache=True)
def _find(arr, n, v):
    """Index of ``v`` among ``arr[:n]``, or ``n`` when absent (the lists here hold at most 8 items)."""
    i = 0
    while i < n and arr[i] != v:
        i += 1
    return i


# --- work arrays ------------------------------------------------------------------------------------
@njit(cache=True)
def _sampler_arrays(worlds, seats, cards):
    """The sampler's work arrays for up to ``worlds`` worlds of ``seats`` seats and ``cards`` unseen cards:
    ``(wh, hseat, hneed, hvoid, gcards, gsize, allowed, x, xout, cap, rem, avail, ub, pats, after)``
    (the worlds; the holders; the groups; the count matrices; the cards)."""
    nh = seats + 2
    return (np.zeros((max(worlds, 1), seats), dtype=np.int64), np.zeros(nh, dtype=np.int64),
            np.zeros(nh, dtype=np.int64), np.zeros(nh, dtype=np.int64), np.zeros((4, cards), dtype=np.int64),
            np.zeros(4, dtype=np.int64), np.zeros((4, nh), dtype=np.bool_), np.zeros(4 * nh, dtype=np.int64),
            np.zeros(4 * nh, dtype=np.int64), np.zeros(nh, dtype=np.int64), np.zeros(4, dtype=np.int64),
            np.zeros(cards, dtype=np.int64), np.zeros(cards, dtype=np.int64), np.zeros(4, dtype=np.int64),
            np.zeros((5, nh), dtype=np.int64))


# --- the mover's knowledge and the exact count of consistent deals ------------------------------
@njit(cache=True, **NO_REFCOUNTS)
def _holders(p, hands, unseen, up_bit, dealer, voids, out, hseat, hneed, hvoid):
    """Holders of unseen cards for mover ``p``; returns ``(H, bites)``.

    Seats in play other than ``p`` hold as many unseen cards as they hold cards (the dealer, seat
    ``dealer``, one fewer while the upcard is known to be theirs); the pile (last, holder number
    the number of seats) holds the rest.  ``bites``: some holder is void in a slot with unseen cards.
    """
    seats = hands.shape[0]
    nh = 0
    total = 0
    bites = False
    for s in range(seats):
        if s == p or (out >> s) & 1:
            continue
        need = _popcount(hands[s])
        if s == dealer and up_bit != 0:
            need -= 1
        if need > 0:
            vm = 0
            for g in range(4):
                if (voids[s] >> g) & 1:
                    vm |= np.int64(SLOT) << (16 * g)
            hseat[nh] = s
            hneed[nh] = need
            hvoid[nh] = vm
            if vm & unseen:
                bites = True
            total += need
            nh += 1
    rest = _popcount(unseen) - total
    if rest > 0:
        hseat[nh] = seats
        hneed[nh] = rest
        hvoid[nh] = 0
        nh += 1
    return nh, bites


@njit(cache=True, **NO_REFCOUNTS)
def _groups(unseen, bites, nh, hvoid, gcards, gsize, allowed, pats):
    """Groups of interchangeable unseen cards; returns their number (``pats``: work row of 4).

    Without a biting void all unseen cards are one group; otherwise the slots with unseen
    cards are grouped by which holders may hold them (slots nobody tells apart are one group).
    """
    ng = 0
    for g in range(4):
        part = unseen & (np.int64(SLOT) << (16 * g)) if bites else (unseen if g == 0 else 0)
        if part == 0:
            continue
        pat = 0
        for h in range(nh):
            if (hvoid[h] & part) == 0:
                pat |= 1 << h
        gi = _find(pats, ng, pat)
        if gi == ng:
            pats[ng] = pat
            gsize[ng] = 0
            for h in range(nh):
                allowed[ng, h] = (pat >> h) & 1 == 1
            ng += 1
        m = part
        while m:
            b = m & -m
            m ^= b
            gcards[gi, gsize[gi]] = b
            gsize[gi] += 1
    return ng


@njit(cache=True, **NO_REFCOUNTS)
def _after(gsize, ng, nh, allowed, after):
    """``after[g, h]``: cards of the groups after ``g`` that holder ``h`` may take (for :func:`_walk`)."""
    for h in range(nh):
        after[max(ng - 1, 0), h] = 0
    for g in range(ng - 2, -1, -1):
        for h in range(nh):
            after[g, h] = after[g + 1, h] + (gsize[g + 1] if allowed[g + 1, h] else 0)


@njit(cache=True, **NO_REFCOUNTS)
def _matrix_deals(xm, gsize, ng, nh, binom):
    """Deals of the count matrix ``xm`` (groups x holders, row-major)."""
    w = 1
    for g in range(ng):
        r = gsize[g]
        for h in range(nh):
            w *= binom[r, xm[g * nh + h]]
            r -= xm[g * nh + h]
    return w


@njit(cache=True, **NO_REFCOUNTS)
def _deals_bound(nu, hneed, nh, binom):
    """The deals of ``nu`` unseen cards to the holders' needs ignoring voids (a bound on every count
    the exact sampler makes), as a float."""
    w = 1.0
    r = nu
    for h in range(nh):
        w *= binom[r, hneed[h]]
        r -= hneed[h]
    return w


@njit(cache=True, **NO_REFCOUNTS)
def _walk(gsize, ng, hneed, nh, allowed, after, binom, target, x, xout, cap, rem):
    """Deals counted over every count matrix (groups x holders); ``after`` from :func:`_after`.

    With ``target < 0`` returns the number of consistent deals.  Otherwise stops at the
    matrix whose deals hold index ``target`` (in walk order), copies it to ``xout`` and
    returns the number of deals of the matrices before it.  (Callers pass ``target`` as a typed
    int64, never a literal: one compiled copy serves them all.)
    """
    ncell = ng * nh
    for h in range(nh):
        cap[h] = hneed[h]
    for g in range(ng):
        rem[g] = gsize[g]
    total = 0
    k = 0
    if ncell > 0:
        x[0] = -1
    while k >= 0:
        if k == ncell:
            ok = True
            for h in range(nh):
                if cap[h] != 0:
                    ok = False
            if ok:
                w = _matrix_deals(x, gsize, ng, nh, binom)
                if target >= 0 and total + w > target:
                    for j in range(ncell):
                        xout[j] = x[j]
                    return total
                total += w
            k -= 1
            continue
        g = k // nh
        h = k - g * nh
        v = x[k]
        if v >= 0:
            cap[h] += v
            rem[g] += v
        if h == nh - 1:
            # the last holder takes the rest of the group, once
            if v >= 0:
                x[k] = -1
                k -= 1
                continue
            v = rem[g]
            if v > cap[h] or (v > 0 and not allowed[g, h]) or cap[h] - v > after[g, h]:
                x[k] = -1
                k -= 1
                continue
        else:
            v = max(v + 1, cap[h] - after[g, h])
            hi = min(rem[g], cap[h]) if allowed[g, h] else 0
            if v > hi:
                x[k] = -1
                k -= 1
                continue
        x[k] = v
        cap[h] -= v
        rem[g] -= v
        k += 1
        if k < ncell:
            x[k] = -1
    return total


@njit(cache=True, **NO_REFCOUNTS)
def _first_matrix_deals(gsize, ng, hneed, nh, allowed, after, binom, x, xout, cap, rem):
    """Deals of the first count matrix in walk order (0 when there is none, or no group at all)."""
    if ng == 0:
        return 0
    xout[0] = -1
    _walk(gsize, ng, hneed, nh, allowed, after, binom, np.int64(0), x, xout, cap, rem)
    return _matrix_deals(xout, gsize, ng, nh, binom) if xout[0] >= 0 else 0


@njit(cache=True, **NO_REFCOUNTS)
def _unrank(r, xm, gcards, gsize, ng, hseat, nh, binom, avail, world):
    """Deal number ``r`` (``0 <= r <`` deals of matrix ``xm``) into ``world`` (the seats' row: the pile's
    cards, holder number ``world.shape[0]``, are left out)."""
    seats = world.shape[0]
    for g in range(ng):
        n = gsize[g]
        for j in range(n):
            avail[j] = gcards[g, j]
        for h in range(nh):
            kx = xm[g * nh + h]
            c = binom[n, kx]
            rank = r % c
            r //= c
            # the rank-th combination of kx of the n cards left (lexicographic)
            need = kx
            j = 0
            for i in range(n):
                if need > 0:
                    below = binom[n - i - 1, need - 1]
                    if rank < below:
                        if hseat[h] < seats:
                            world[hseat[h]] |= avail[i]
                        need -= 1
                        continue
                    rank -= below
                avail[j] = avail[i]
                j += 1
            n -= kx


@njit(cache=True, **NO_REFCOUNTS)
def _start_world(row, hands, p, dealer, base_up):
    """Empty the world ``row`` but for the mover's own hand and the upcard known in the dealer's."""
    for s in range(row.shape[0]):
        row[s] = 0
    row[p] = hands[p]
    row[dealer] |= base_up


@njit(cache=True, **NO_REFCOUNTS)
def _fill_worlds(p, hands, unseen, up_bit, dealer, voids, out, worlds, tries, rs, binom, smp):
    """Worlds for mover ``p`` in ``smp[0]`` (:func:`_sampler_arrays`; layout, a row of every seat);
    returns ``(count, exact)``.

    ``hands``: every seat's layout hand; ``up_bit``: the upcard known in the hand of the dealer, seat
    ``dealer`` (0: none); ``voids[s]``: the slots (bit = slot number) seat ``s`` showed void in;
    ``out``: the seats sitting out (bits).  ``exact``: every consistent deal was taken once (there
    were at most ``worlds``).
    """
    wh, hseat, hneed, hvoid, gcards, gsize, allowed, x, xout, cap, rem, avail, ub, pats, after = smp
    seats = hands.shape[0]
    nh, bites = _holders(p, hands, unseen, up_bit, dealer, voids, out, hseat, hneed, hvoid)
    ng = _groups(unseen, bites, nh, hvoid, gcards, gsize, allowed, pats)
    _after(gsize, ng, nh, allowed, after)
    nu = _popcount(unseen)
    # too many deals to count in int64: shuffle and reject only (never exact)
    big = _deals_bound(nu, hneed, nh, binom) >= EXACT_LIMIT
    # The deals of the first count matrix bound the number of consistent deals from below: when
    # they outnumber the worlds, the full count (a walk over every matrix, the costly part of
    # sampling) is needed only if shuffles keep breaking a void.  The worlds are the same.
    total = np.int64(-1)  # not counted yet
    if not big and _first_matrix_deals(gsize, ng, hneed, nh, allowed, after, binom, x, xout, cap, rem) <= worlds:
        total = _walk(gsize, ng, hneed, nh, allowed, after, binom, np.int64(-1), x, xout, cap, rem)
    base_up = up_bit if p != dealer else 0
    if 0 <= total <= worlds:
        for r in range(total):
            _start_world(wh[r], hands, p, dealer, base_up)
            before = _walk(gsize, ng, hneed, nh, allowed, after, binom, r, x, xout, cap, rem)
            _unrank(r - before, xout, gcards, gsize, ng, hseat, nh, binom, avail, wh[r])
        return total, True
    m = unseen
    for j in range(nu):
        b = m & -m
        m ^= b
        ub[j] = b
    ntries = tries if bites else 1
    for w in range(worlds):
        done = False
        k = 0
        while k < ntries or (big and not done):
            k += 1
            _start_world(wh[w], hands, p, dealer, base_up)
            pos = 0
            for h in range(nh):
                s = hseat[h]
                if s == seats:
                    break
                for _k in range(hneed[h]):
                    j = pos + _below_small(rs, nu - pos)
                    b = ub[j]
                    ub[j] = ub[pos]
                    ub[pos] = b
                    wh[w, s] |= b
                    pos += 1
            done = True
            for h in range(nh):
                if hseat[h] < seats and wh[w, hseat[h]] & hvoid[h]:
                    done = False
            if done:
                break
        if not done:
            if total < 0:
                total = _walk(gsize, ng, hneed, nh, allowed, after, binom, np.int64(-1), x, xout, cap, rem)
            r = _below(rs, total)
            before = _walk(gsize, ng, hneed, nh, allowed, after, binom, r, x, xout, cap, rem)
            _start_world(wh[w], hands, p, dealer, base_up)
            _unrank(r - before, xout, gcards, gsize, ng, hseat, nh, binom, avail, wh[w])
    return worlds, False
