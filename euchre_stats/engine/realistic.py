"""Numba kernels of the realistic play model: arrays and ints only, no validation, no I/O.

A batch of deals is played out card by card inside numba (:func:`play_batch`, parallel over
deals).  At each decision the player to move samples worlds consistent with what that player
has seen, solves each world double-dummy with the solver's search
(:func:`euchre_stats.engine.search._search`) and plays the card worth the most *points* on
average over the worlds.

Everything runs in the solver's *power layout* of the deal's trump (see
:mod:`euchre_stats.engine.search`): a card is one bit, an effective suit is one 16-bit slot,
so voids, following suit and runs of equivalent cards are plain mask operations.  Deck
numbers are used only at the edges (input, the tie-break to the lowest card number, and the
single-decision entry points the tests call).

Randomness: every row owns a splitmix64 stream seeded from ``(seed, stream[row])``, so results
do not depend on the number of threads or on how rows are chunked.  The transposition
tables hold exact bounds, so sharing one per chunk (across worlds, decisions and deals) never
changes a value.

Worlds are uniform over every deal consistent with the mover's knowledge: the unseen cards
are dealt by a partial Fisher-Yates shuffle, shuffles that breach a shown void are rejected,
and after ``tries`` rejections in a row the world is drawn exactly by unranking a uniform
index over all consistent deals (counted per matrix "how many cards of each slot each holder
gets").  When there are no more consistent deals than worlds asked for, each is taken once.

numba's on-disk cache of these kernels is keyed by this file alone: it does not notice an edit
of the solver's kernels that they compile in.  After changing ``engine/search.py`` in a
checkout, delete this package's ``__pycache__/realistic.*`` (an install is fresh anyway).
"""

from __future__ import annotations

import numpy as np
from numba import config, njit, prange

from ..core.trump import NO_TRUMP

from .search import (
    F_LAST,
    MAX_DEPTH,
    NUM_FIELDS,
    NUM_STATS,
    SLOT0,
    TRUMP,
    TT2_BITS,
    _bit_index,
    _bounds0_t,
    _hibit,
    _popcount,
    _reps,
    _search,
    _slot_of,
    _to_layout,
)

#: shuffles tried per world before drawing it exactly
REJECT_TRIES = 32
#: the kitty's holder number (seats are 0..3)
KITTY = 4
#: stats fields of :func:`play_batch` (the solver's three come first)
ST_DECISIONS, ST_FORCED, ST_WORLDS, ST_PROBES, ST_EXACT, ST_BANDS, ST_CACHED = 3, 4, 5, 6, 7, 8, 9
NUM_PLAY_STATS = 10
#: log2 of the entries of a chunk's table of decisions already made (see :func:`_decision_key`)
DC_BITS = 9
#: words of a decision's key
DC_WORDS = 13
#: sum reported for a card that is not legal
NOT_LEGAL = -(1 << 62)

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
def _find(arr, n, v):
    """Index of ``v`` among ``arr[:n]``, or ``n`` when absent (the lists here hold at most 8 items)."""
    i = 0
    while i < n and arr[i] != v:
        i += 1
    return i


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


# --- the mover's knowledge and the exact count of consistent deals ------------------------------
@njit(cache=True)
def _holders(p, hands, unseen, up_bit, dealer, voids, out, hseat, hneed, hvoid):
    """Holders of unseen cards for mover ``p``; returns ``(H, bites)``.

    Seats other than ``p`` that play hold as many unseen cards as they hold cards (the dealer,
    seat ``dealer``, one fewer while the upcard is known to be theirs); the kitty (last) holds
    the rest, a seat sitting out nothing.  ``bites``: some holder is void in a slot with unseen cards.
    """
    nh = 0
    total = 0
    bites = False
    for s in range(4):
        if s == p or (out >> s) & 1:
            continue
        need = _popcount(hands[s])
        if s == dealer and up_bit != 0:
            need -= 1
        if need > 0:
            vm = 0
            for g in range(4):
                if (voids[s] >> g) & 1:
                    vm |= SLOT0 << (16 * g)
            hseat[nh] = s
            hneed[nh] = need
            hvoid[nh] = vm
            if vm & unseen:
                bites = True
            total += need
            nh += 1
    rest = _popcount(unseen) - total
    if rest > 0:
        hseat[nh] = KITTY
        hneed[nh] = rest
        hvoid[nh] = 0
        nh += 1
    return nh, bites


@njit(cache=True)
def _groups(unseen, bites, nh, hvoid, gcards, gsize, allowed, pats):
    """Groups of interchangeable unseen cards; returns their number (``pats``: work row of 4).

    Without a biting void all unseen cards are one group; otherwise the slots with unseen
    cards are grouped by which holders may hold them (slots nobody tells apart are one group).
    """
    ng = 0
    for g in range(4):
        part = unseen & (SLOT0 << (16 * g)) if bites else (unseen if g == 0 else 0)
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


@njit(cache=True)
def _after(gsize, ng, nh, allowed, after):
    """``after[g, h]``: cards of the groups after ``g`` that holder ``h`` may take (for :func:`_walk`)."""
    for h in range(nh):
        after[max(ng - 1, 0), h] = 0
    for g in range(ng - 2, -1, -1):
        for h in range(nh):
            after[g, h] = after[g + 1, h] + (gsize[g + 1] if allowed[g + 1, h] else 0)


@njit(cache=True)
def _matrix_deals(xm, gsize, ng, nh, binom):
    """Deals of the count matrix ``xm`` (groups x holders, row-major)."""
    w = 1
    for g in range(ng):
        r = gsize[g]
        for h in range(nh):
            w *= binom[r, xm[g * nh + h]]
            r -= xm[g * nh + h]
    return w


@njit(cache=True)
def _walk(gsize, ng, hneed, nh, allowed, after, binom, target, x, xout, cap, rem):
    """Deals counted over every count matrix (groups x holders); ``after`` from :func:`_after`.

    With ``target < 0`` returns the number of consistent deals.  Otherwise stops at the
    matrix whose deals hold index ``target`` (in walk order), copies it to ``xout`` and
    returns the number of deals of the matrices before it.
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


@njit(cache=True)
def _first_matrix_deals(gsize, ng, hneed, nh, allowed, after, binom, x, xout, cap, rem):
    """Deals of the first count matrix in walk order (0 when there is none, or no group at all)."""
    if ng == 0:
        return 0
    xout[0] = -1
    _walk(gsize, ng, hneed, nh, allowed, after, binom, 0, x, xout, cap, rem)
    return _matrix_deals(xout, gsize, ng, nh, binom) if xout[0] >= 0 else 0


@njit(cache=True)
def _unrank(r, xm, gcards, gsize, ng, hseat, nh, binom, avail, world):
    """Deal number ``r`` (``0 <= r <`` deals of matrix ``xm``) into ``world`` (seats only)."""
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
                        if hseat[h] < KITTY:
                            world[hseat[h]] |= avail[i]
                        need -= 1
                        continue
                    rank -= below
                avail[j] = avail[i]
                j += 1
            n -= kx


@njit(cache=True)
def _fill_worlds(p, hands, unseen, up_bit, dealer, voids, out, worlds, tries, rs, binom, wh, hseat, hneed, hvoid,
                 gcards, gsize, allowed, x, xout, cap, rem, avail, ub, pats, after):
    """Worlds for mover ``p`` in ``wh`` (layout, seats 0..3); returns ``(count, exact)``.

    ``exact``: every consistent deal was taken once (there were at most ``worlds``).
    """
    nh, bites = _holders(p, hands, unseen, up_bit, dealer, voids, out, hseat, hneed, hvoid)
    ng = _groups(unseen, bites, nh, hvoid, gcards, gsize, allowed, pats)
    _after(gsize, ng, nh, allowed, after)
    # The deals of the first count matrix bound the number of consistent deals from below: when
    # they outnumber the worlds, the full count (a walk over every matrix, the costly part of
    # sampling) is needed only if shuffles keep breaking a void.  The worlds are the same.
    total = -1  # not counted yet
    if _first_matrix_deals(gsize, ng, hneed, nh, allowed, after, binom, x, xout, cap, rem) <= worlds:
        total = _walk(gsize, ng, hneed, nh, allowed, after, binom, -1, x, xout, cap, rem)
    base_up = up_bit if p != dealer else 0
    if 0 <= total <= worlds:
        for r in range(total):
            for s in range(4):
                wh[r, s] = 0
            wh[r, p] = hands[p]
            wh[r, dealer] |= base_up
            before = _walk(gsize, ng, hneed, nh, allowed, after, binom, r, x, xout, cap, rem)
            _unrank(r - before, xout, gcards, gsize, ng, hseat, nh, binom, avail, wh[r])
        return total, True
    nu = 0
    m = unseen
    while m:
        b = m & -m
        m ^= b
        ub[nu] = b
        nu += 1
    for w in range(worlds):
        done = False
        for _ in range(tries if bites else 1):
            for s in range(4):
                wh[w, s] = 0
            wh[w, p] = hands[p]
            wh[w, dealer] |= base_up
            pos = 0
            for h in range(nh):
                s = hseat[h]
                if s == KITTY:
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
                if hseat[h] < KITTY and wh[w, hseat[h]] & hvoid[h]:
                    done = False
            if done:
                break
        if not done:
            if total < 0:
                total = _walk(gsize, ng, hneed, nh, allowed, after, binom, -1, x, xout, cap, rem)
            r = _below(rs, total)
            before = _walk(gsize, ng, hneed, nh, allowed, after, binom, r, x, xout, cap, rem)
            for s in range(4):
                wh[w, s] = 0
            wh[w, p] = hands[p]
            wh[w, dealer] |= base_up
            _unrank(r - before, xout, gcards, gsize, ng, hseat, nh, binom, avail, wh[w])
    return worlds, False


# --- one decision ---------------------------------------------------------------------------------
@njit(cache=True)
def _top_of(c, tops):
    """The top card of ``c``'s run, given ``tops`` (the top card of every run, from ``_reps``)."""
    above = tops & _slot_of(c) & ~(c - 1)
    return above & -above


@njit(cache=True)
def _classes(legal, hand, occ, trump, card_at, rep, members, low):
    """Legal cards grouped into runs of equivalent cards (nothing of ``occ`` between them).

    ``rep`` gets each class's top card, ``members`` its cards, ``low`` its lowest deck number.
    """
    nc = 0
    tops = _reps(hand, hand, occ)
    m = legal
    while m:
        c = _hibit(m)
        m ^= c
        top = _top_of(c, tops)
        ci = _find(rep, nc, top)
        if ci == nc:
            rep[nc] = top
            members[nc] = 0
            low[nc] = 99
            nc += 1
        members[ci] |= c
        low[ci] = min(low[ci], card_at[trump, _bit_index(c)])
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


@njit(cache=True)
def _trick_after(c, seat, pos, lead, win, wseat, tm):
    """``(led slot, winning card, its seat)`` once ``seat`` plays ``c`` as card ``pos`` of the trick."""
    if pos == 0:
        return _slot_of(c), c, seat
    if (c & (lead | tm)) and c > win:
        return lead, c, seat
    return lead, win, wseat


@njit(cache=True)
def _card_band(tt, tt2, st, stk, w0, w1, w2, w3, seat, pos, na, nxt, lead, win, wseat, table, tleft, c, targets, lo,
               hi, start, counts, tm):
    """Points band in one world if ``seat`` plays ``c`` and everybody then plays double-dummy.

    Band ``b`` means side 0 takes at least ``targets[b-1]`` (band 0: fewer than ``targets[0]``)
    but fewer than ``targets[b]`` of the tricks left; it is known to lie in ``lo..hi``.
    Zero-window probes walk from the guess ``start`` towards the answer.
    """
    counts[ST_BANDS] += 1
    nlead, nwin, nws = _trick_after(c, seat, pos, lead, win, wseat, tm)
    n0 = w0 ^ c if seat == 0 else w0
    n1 = w1 ^ c if seat == 1 else w1
    n2 = w2 ^ c if seat == 2 else w2
    n3 = w3 ^ c if seat == 3 else w3
    return _band_walk(tt, tt2, st, stk, n0, n1, n2, n3, (nxt >> (2 * seat)) & 3, pos + 1, na, nxt, nlead, nwin, nws,
                      table | c, tleft, targets, lo, hi, start, counts, tm)[0]


@njit(cache=True)
def _band_walk(tt, tt2, st, stk, h0, h1, h2, h3, seat, pos, na, nxt, lead, win, wseat, table, tleft, targets, lo, hi,
               start, counts, tm):
    """``(band, move)``: the points band of a position (``seat`` to play card ``pos`` of the trick), known
    to lie in ``lo..hi``, and a card of ``seat`` worth exactly that band (0 when no probe showed one).

    The move is the one that proved the probe that decided the band from the mover's side: for
    side 0 the last "at least" that held, for side 1 the last that failed.  It is a move of the
    search (the top card of its run in this world).
    """
    k = min(max(start, lo + 1), hi)
    maximise = (seat & 1) == 0
    move = 0
    while lo < hi:
        counts[ST_PROBES] += 1
        stk[0, F_LAST] = 0
        up = _search(tt, tt2, st, stk, h0, h1, h2, h3, seat, pos, na, nxt, lead, win, wseat, table, targets[k - 1],
                     tleft, tm)
        if up == maximise:
            # proved by a move at the root (or, with no move recorded, without one)
            move = stk[0, F_LAST]
        # band >= k, or band < k: step towards the answer from the side just learnt
        lo, hi = (k, hi) if up else (lo, k - 1)
        k = lo + 1 if up else hi
    return lo, move


@njit(cache=True)
def _quick_bands(w0, w1, w2, w3, seat, pos, tleft, targets, nt, tm):
    """``(lo, hi)`` bands of the position from the solver's quick bounds (at a trick boundary only)."""
    blo = 0
    bhi = nt
    if pos == 0:
        lb, ub = _bounds0_t(w0, w1, w2, w3, seat, tleft, tm)
        while bhi > 0 and targets[bhi - 1] > ub:
            bhi -= 1
        while blo < nt and targets[blo] <= lb:
            blo += 1
    return blo, bhi


@njit(cache=True)
def _evaluate_best_first(tt, tt2, st, stk, wh, m, seat, pos, na, nxt, lead, win, wseat, table, nc, rep, low, targets,
                         nt, tvals, sums, alive, bf, counts, tm):
    """The exact best class over worlds ``wh[:m]`` solving as few (class, world) pairs as needed.

    Each world's position is solved first (the mover's best band there); no card can do better
    than that for the mover, so a class's sum is bounded by its solved worlds plus the position's
    value in the others.  The probe that settled the position names a card worth exactly its
    band, so that card's class (and every class when the band is the mover's worst) is solved in
    that world for free.  The class with the highest bound (ties: lowest card) is solved in its
    next unsolved world, until that class has every world solved: then no other class can beat or
    tie it.  Classes left with unsolved worlds are marked not alive (their sums are partial).
    ``bf``: work arrays of :func:`_best_first_arrays` for at least ``m`` worlds.
    """
    pband, solved, bound, nxtw = bf
    for ci in range(nc):
        for w in range(m):
            solved[ci, w] = False
    mine0 = (seat & 1) == 0
    worst = 0 if mine0 else nt
    prev = 1
    for ci in range(nc):
        sums[ci] = 0
        bound[ci] = 0
    for w in range(m):
        w0, w1, w2, w3 = wh[w, 0], wh[w, 1], wh[w, 2], wh[w, 3]
        tleft = _popcount(wh[w, seat])
        blo, bhi = _quick_bands(w0, w1, w2, w3, seat, pos, tleft, targets, nt, tm)
        band, move = _band_walk(tt, tt2, st, stk, w0, w1, w2, w3, seat, pos, na, nxt, lead, win, wseat, table, tleft,
                                targets, blo, bhi, prev, counts, tm)
        pband[w] = band
        prev = band
        counts[ST_WORLDS] += 1
        v = tvals[band]
        if band == worst or move != 0:
            hand = wh[w, seat]
            tops = _reps(hand, hand, w0 | w1 | w2 | w3 | table)
            for ci in range(nc):
                if band == worst or _top_of(rep[ci], tops) == move:
                    solved[ci, w] = True
                    sums[ci] += v
                    continue
                bound[ci] += v
        else:
            for ci in range(nc):
                bound[ci] += v
    for ci in range(nc):
        w = 0
        while w < m and solved[ci, w]:
            w += 1
        nxtw[ci] = w
    while True:
        bi = 0
        best = sums[0] + bound[0]
        for ci in range(1, nc):
            b = sums[ci] + bound[ci]
            if b > best or (b == best and low[ci] < low[bi]):
                bi = ci
                best = b
        w = nxtw[bi]
        if w == m:
            break
        hand = wh[w, seat]
        occ = wh[w, 0] | wh[w, 1] | wh[w, 2] | wh[w, 3] | table
        top = _top_of(rep[bi], _reps(hand, hand, occ))
        lo = 0 if mine0 else pband[w]
        hi = pband[w] if mine0 else nt
        band = _card_band(tt, tt2, st, stk, wh[w, 0], wh[w, 1], wh[w, 2], wh[w, 3], seat, pos, na, nxt, lead, win,
                          wseat, table, _popcount(hand), top, targets, lo, hi, pband[w], counts, tm)
        sums[bi] += tvals[band]
        bound[bi] -= tvals[pband[w]]
        solved[bi, w] = True
        while w < m and solved[bi, w]:
            w += 1
        nxtw[bi] = w
    for ci in range(nc):
        alive[ci] = nxtw[ci] == m
    return m


@njit(cache=True)
def _evaluate(tt, tt2, st, stk, wh, m, seat, pos, na, nxt, lead, win, wseat, table, nc, rep, targets, nt, tvals, sums,
              guess, wrep, wval, counts, tm):
    """Sum over worlds ``wh[:m]`` of each class's points, every class in every world."""
    for ci in range(nc):
        sums[ci] = 0
        guess[ci] = 1
    for w in range(m):
        w0 = wh[w, 0]
        w1 = wh[w, 1]
        w2 = wh[w, 2]
        w3 = wh[w, 3]
        hand = wh[w, seat]
        occ = w0 | w1 | w2 | w3 | table
        tleft = _popcount(hand)
        tops = _reps(hand, hand, occ)
        # at a trick boundary the solver's quick bounds on the position bound every card from the
        # side it cannot improve: the mover's card can do no better for their side than best play
        blo, bhi = _quick_bands(w0, w1, w2, w3, seat, pos, tleft, targets, nt, tm)
        if (seat & 1) == 0:
            blo = 0
        else:
            bhi = nt
        nw = 0
        for ci in range(nc):
            # classes may merge in a world (a card between them is in the kitty): solve once
            top = _top_of(rep[ci], tops)
            j = _find(wrep, nw, top)
            if j == nw:
                wrep[nw] = top
                g = guess[ci] if nw == 0 else wval[nw - 1]
                wval[nw] = _card_band(tt, tt2, st, stk, w0, w1, w2, w3, seat, pos, na, nxt, lead, win, wseat, table,
                                      tleft, top, targets, blo, bhi, g, counts, tm)
                nw += 1
            guess[ci] = wval[j]
            sums[ci] += tvals[wval[j]]
        counts[ST_WORLDS] += 1
    return m


@njit(cache=True)
def _decide(tt, tt2, st, stk, wh, m, seat, pos, na, nxt, lead, win, wseat, table, nc, rep, low, targets, nt, tvals,
            full, sums, alive, guess, wrep, wval, bf, counts, tm):
    """Value the classes over the worlds: every class's full sum (``full``), or best-first (the same choice)."""
    if not full:
        return _evaluate_best_first(tt, tt2, st, stk, wh, m, seat, pos, na, nxt, lead, win, wseat, table, nc, rep, low,
                                    targets, nt, tvals, sums, alive, bf, counts, tm)
    for ci in range(nc):
        alive[ci] = True
    return _evaluate(tt, tt2, st, stk, wh, m, seat, pos, na, nxt, lead, win, wseat, table, nc, rep, targets, nt, tvals,
                     sums, guess, wrep, wval, counts, tm)


@njit(cache=True)
def _best_class(sums, alive, nc, low):
    """Live class with the highest sum; ties to the lowest deck number."""
    bi = -1
    for ci in range(nc):
        if alive[ci] and (bi < 0 or sums[ci] > sums[bi] or (sums[ci] == sums[bi] and low[ci] < low[bi])):
            bi = ci
    return bi


@njit(cache=True)
def _next_table(out):
    """``(players, nxt)``: active seats and the next active seat of each seat (2 bits a seat)."""
    nxt = 0
    for s in range(4):
        n = (s + 1) & 3
        while (out >> n) & 1:
            n = (n + 1) & 3
        nxt |= n << (2 * s)
    return 4 - _popcount(out), nxt


@njit(cache=True)
def _best_first_arrays(worlds):
    """Work arrays of :func:`_evaluate_best_first` for up to ``worlds`` worlds and 10 classes: each
    world's position band, which (class, world) pairs are solved, each class's bound and next world."""
    w = max(worlds, 1)
    return (np.zeros(w, dtype=np.int64), np.zeros((10, w), dtype=np.bool_), np.zeros(10, dtype=np.int64),
            np.zeros(10, dtype=np.int64))


@njit(cache=True)
def _scratch(worlds):
    """Per-chunk work arrays of :func:`_play_row` (one tuple, allocated once per chunk): the worlds, the
    sampler's (holders, groups, count matrices, cards) and the best-first search's."""
    return (np.zeros((max(worlds, 1), 4), dtype=np.int64), np.zeros(5, dtype=np.int64),
            np.zeros(5, dtype=np.int64), np.zeros(5, dtype=np.int64), np.zeros((4, 33), dtype=np.int64),
            np.zeros(4, dtype=np.int64), np.zeros((4, 5), dtype=np.bool_), np.zeros(20, dtype=np.int64),
            np.zeros(20, dtype=np.int64), np.zeros(5, dtype=np.int64), np.zeros(4, dtype=np.int64),
            np.zeros(33, dtype=np.int64), np.zeros(33, dtype=np.int64), np.zeros(4, dtype=np.int64),
            np.zeros((5, 5), dtype=np.int64), _best_first_arrays(worlds))


# --- decisions already made: an exact cache ---------------------------------------------------------
# A decision depends only on what the mover knows (its hand, the table, the cards gone, the voids
# shown, the upcard known in the dealer's hand or, for the dealer, its own discard, how many cards
# each seat holds, the points at stake)
# and on its random stream's state: from those the same worlds are drawn and the same card is chosen
# (the best-first valuation chooses the full average's card whatever the transposition table holds).
# Rows that share a stream and a history up to a decision (the dealer's discards of one deal, played
# from one stream) therefore make it alike, and the second row takes the first's card and stream
# state from a small table keyed by all of it, word for word: every result is the same as without it.
@njit(cache=True)
def _decision_cache():
    """A chunk's table of decisions: keys (entries x :data:`DC_WORDS`), the card chosen, the stream after;
    and a work row for the key being looked up."""
    k = 1 << DC_BITS
    keys = np.zeros((k, DC_WORDS), dtype=np.int64)
    keys[:, 0] = -1  # no entry: a real key's first word is never negative
    return keys, np.zeros(k, dtype=np.int64), np.zeros(k, dtype=np.uint64), np.zeros(DC_WORDS, dtype=np.int64)


@njit(cache=True)
def _decision_key(key, seat, pos, dealer, out, wseat, nt, won, trump, hands, table, gone_l, win, lead, voids, me_up,
                  targets, tvals, rs):
    """Fill ``key`` with everything a decision depends on; returns the table index it hashes to.

    ``me_up``: the card the mover knows where it lies unseen (the upcard in the dealer's hand for
    the others, its discard for the dealer; which of the two follows from ``seat`` and ``dealer``)."""
    key[0] = seat | (pos << 2) | (dealer << 4) | (out << 6) | (wseat << 10) | (nt << 12) | (won << 16) | (trump << 24)
    key[1] = hands[seat]
    key[2] = table
    key[3] = gone_l
    key[4] = win
    key[5] = lead
    v = 0
    sz = 0
    for s in range(4):
        v |= voids[s] << (8 * s)
        sz |= _popcount(hands[s]) << (8 * s)
    key[6] = v
    key[7] = me_up
    key[8] = sz
    t = 0
    tv = 0
    for j in range(nt):
        t |= targets[j] << (8 * j)
    for j in range(nt + 1):
        tv |= (tvals[j] + 128) << (8 * j)
    key[9] = t
    key[10] = tv
    key[11] = np.int64(rs[0] & _LOW32)
    key[12] = np.int64(rs[0] >> np.uint64(32))
    h = np.uint64(0)
    for j in range(DC_WORDS):
        h = _mix(h ^ np.uint64(key[j]))
    return np.int64(h >> np.uint64(64 - DC_BITS))


# --- a whole play-out ----------------------------------------------------------------------------
@njit(cache=True)
def _position(hands_deck, trump, leader, out, trick, bitpos, tm):
    """Layout hands and the current trick: ``(hands, seat, pos, lead, win, wseat, table)``."""
    hands = np.zeros(4, dtype=np.int64)
    for s in range(4):
        hands[s] = _to_layout(hands_deck[s], trump, bitpos)
    _, nxt = _next_table(out)
    # nothing on the table yet: the leader is to play and "wins" the empty trick
    seat, pos, lead, win, wseat, table = leader, 0, 0, 0, leader, 0
    for i in range(trick.shape[0]):
        if trick[i] < 0:
            break
        b = 1 << bitpos[trump, trick[i]]
        lead, win, wseat = _trick_after(b, seat, pos, lead, win, wseat, tm)
        table |= b
        pos += 1
        seat = (nxt >> (2 * seat)) & 3
    return hands, seat, pos, lead, win, wseat, table


@njit(cache=True)
def _known_voids(voids_suit, trump, leader, out, trick, pos, lead, bitpos):
    """Per seat, the slots (bit = slot number) known void: given ones and those shown in ``trick``."""
    voids = np.zeros(4, dtype=np.int64)
    for s in range(4):
        for e in range(4):
            if (voids_suit[s] >> e) & 1:
                if trump == NO_TRUMP:  # no trump: suit e in slot e
                    voids[s] |= 1 << e
                else:
                    voids[s] |= 1 << (3 if e == trump else ((e - trump) & 3) - 1)
    _, nxt = _next_table(out)
    s = leader
    for i in range(1, pos):
        s = (nxt >> (2 * s)) & 3
        if ((1 << bitpos[trump, trick[i]]) & lead) == 0:
            voids[s] |= 1 << (_bit_index(lead) >> 4)
    return voids


@njit(cache=True)
def _decision_arrays():
    """Work rows of one decision: per class its top card, members, lowest deck number, sum of points,
    whether it is still in the running and its last band; the tops solved in a world and their bands;
    the point targets and the band values."""
    d = np.zeros((10, 10), dtype=np.int64)
    return d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7], d[8], d[9]


@njit(cache=True)
def _search_tables(tt_bits):
    """A transposition table, the two-trick table, the solver's stats and stack, the play counters."""
    return (np.zeros(2 << tt_bits, dtype=np.int64), np.zeros(1 << TT2_BITS, dtype=np.int64),
            np.zeros(NUM_STATS, dtype=np.int64), np.zeros((MAX_DEPTH, NUM_FIELDS), dtype=np.int64),
            np.zeros(NUM_PLAY_STATS, dtype=np.int64))


@njit(cache=True)
def _play_row(hands_deck, trump, leader, out, trick, gone, voids_suit, up, disc, dealer, pts0, won0, deck_mask, worlds,
              tries, rs, tt, tt2, st, stk, scr, dc, binom, bitpos, card_at, counts, tm):
    """Play one deal to the end realistically; side 0's tricks from this point (``dc``: the chunk's
    :func:`_decision_cache`).  ``disc``: the dealer's discard (-1: none), known to the dealer alone."""
    dkeys, dcard, drs, key = dc
    wh, hseat, hneed, hvoid, gcards, gsize, allowed, x, xout, cap, rem, avail, ub, pats, after, bf = scr
    hands, seat, pos, lead, win, wseat, table = _position(hands_deck, trump, leader, out, trick, bitpos, tm)
    voids = _known_voids(voids_suit, trump, leader, out, trick, pos, lead, bitpos)
    deck = _to_layout(deck_mask, trump, bitpos)
    na, nxt = _next_table(out)
    gone_l = _to_layout(gone, trump, bitpos) & ~table
    up_bit = 0
    if up >= 0:
        up_bit = (1 << bitpos[trump, up]) & hands[dealer]
    # the dealer knows its discard lies in the kitty: out of play for the dealer's worlds and classes
    disc_bit = (1 << bitpos[trump, disc]) & deck & ~gone_l & ~table if disc >= 0 else 0
    rep, members, low, sums, alive, guess, wrep, wval, targets, tvals = _decision_arrays()
    side0 = 0
    won = won0
    while True:
        hand = hands[seat]
        if hand == 0:
            break
        legal = hand & lead if pos > 0 else hand
        if legal == 0:
            legal = hand
        # cards with nothing unplayed between them are worth the same in every world
        kitty_known = disc_bit if seat == dealer else 0
        nc = _classes(legal, hand, (deck & ~gone_l & ~kitty_known) | table, trump, card_at, rep, members, low)
        tleft = _popcount(hand)
        nt = _point_targets(pts0, won, tleft, seat & 1, targets, tvals)
        c = 0
        bi = 0
        slot = -1
        if nc == 1 or nt == 0:
            counts[ST_FORCED] += 1
            bi = 0
            for ci in range(1, nc):
                if low[ci] < low[bi]:
                    bi = ci
        else:
            counts[ST_DECISIONS] += 1
            me_up = up_bit if seat != dealer else 0
            # (the upcard known in the dealer's hand for the others, the discard for the dealer: one word)
            slot = _decision_key(key, seat, pos, dealer, out, wseat, nt, won, trump, hands, table, gone_l, win, lead,
                                 voids, me_up | kitty_known, targets, tvals, rs)
            hit = True
            for j in range(DC_WORDS):
                if dkeys[slot, j] != key[j]:
                    hit = False
                    break
            if hit:
                counts[ST_CACHED] += 1
                c = dcard[slot]
                rs[0] = drs[slot]
                slot = -1
            else:
                unseen = deck & ~gone_l & ~table & ~hand & ~me_up & ~kitty_known
                m, exact = _fill_worlds(seat, hands, unseen, me_up, dealer, voids, out, worlds, tries, rs, binom, wh,
                                        hseat, hneed, hvoid, gcards, gsize, allowed, x, xout, cap, rem, avail, ub, pats,
                                        after)
                if exact:
                    counts[ST_EXACT] += 1
                _decide(tt, tt2, st, stk, wh, m, seat, pos, na, nxt, lead, win, wseat, table, nc, rep, low, targets,
                        nt, tvals, False, sums, alive, guess, wrep, wval, bf, counts, tm)
                bi = _best_class(sums, alive, nc, low)
        if c == 0:
            # the lowest deck number of the chosen class is played
            mm = members[bi]
            while mm:
                b = mm & -mm
                mm ^= b
                if card_at[trump, _bit_index(b)] == low[bi]:
                    c = b
            if slot >= 0:
                for j in range(DC_WORDS):
                    dkeys[slot, j] = key[j]
                dcard[slot] = c
                drs[slot] = rs[0]
        hands[seat] ^= c
        if c == up_bit:
            up_bit = 0
        if pos > 0 and (c & lead) == 0:
            voids[seat] |= 1 << (_bit_index(lead) >> 4)
        lead, win, wseat = _trick_after(c, seat, pos, lead, win, wseat, tm)
        table |= c
        pos += 1
        if pos == na:
            if (wseat & 1) == 0:
                side0 += 1
                won += 1
            gone_l |= table
            table = 0
            pos = 0
            seat = wseat
        else:
            seat = (nxt >> (2 * seat)) & 3
    return side0


@njit(cache=True, parallel=True)
def _play_batch(hands, trump, leader, out, trick, gone, voids, up, disc, dealer, pts0, won, stream, deck_mask, worlds,
                tries, seed, nchunks, tt_bits, binom, bitpos, card_at, res, stats, tm):
    """Play every row to the end; ``res[i]`` side 0's tricks from this point (chunks over threads).

    Row ``i``: ``hands[i]`` (4 deck masks), ``trump``, ``leader`` of the current trick, ``out``
    (seats sitting out), ``trick[i]`` (cards on the table, -1 padded), ``gone`` (deck mask of
    cards played before the current trick), ``voids[i]`` (per seat, bit ``e`` = void in
    effective suit ``e``), ``up`` (the upcard in the hand of the dealer, seat ``dealer[i]``, or -1),
    ``pts0[i, t]`` side 0's points minus side 1's when side 0 ends with ``t`` tricks, ``won`` side
    0's tricks already taken, ``stream`` the random stream.  ``stats[k]`` receives chunk ``k``'s counters.
    """
    n = hands.shape[0]
    for k in prange(nchunks):
        tt, tt2, st, stk, counts = _search_tables(tt_bits)
        scr = _scratch(worlds)
        dc = _decision_cache()
        rs = np.zeros(1, dtype=np.uint64)
        for i in range(k * n // nchunks, (k + 1) * n // nchunks):
            _seed_stream(rs, seed, stream[i])
            res[i] = _play_row(hands[i], trump[i], leader[i], out[i], trick[i], gone[i], voids[i], up[i], disc[i],
                               dealer[i], pts0[i], won[i], deck_mask, worlds, tries, rs, tt, tt2, st, stk, scr, dc,
                               binom, bitpos, card_at, counts, tm)
        for j in range(NUM_STATS):
            counts[j] = st[j]
        for j in range(NUM_PLAY_STATS):
            stats[k, j] = counts[j]


# --- single-decision entry points (the tests' view into the kernels) --------------------------
@njit(cache=True)
def _decide_given_worlds(worlds_deck, trump, leader, out, trick, gone, deck_mask, pts0, won0, full, tt_bits, bitpos,
                        card_at, values, tm):
    """The card (deck number) the mover plays given pre-sampled worlds ``worlds_deck`` (m, 4).

    ``values[c]`` receives the sum over the worlds of the mover's side's points (minus the
    others') for each legal card ``c`` (:data:`NOT_LEGAL` elsewhere).  With ``full`` every sum is
    complete; otherwise the choice is made best-first (the same card) and the sums of the cards
    that were ruled out early are partial.
    """
    m = worlds_deck.shape[0]
    wh = np.zeros((m, 4), dtype=np.int64)
    for w in range(m):
        for s in range(4):
            wh[w, s] = _to_layout(worlds_deck[w, s], trump, bitpos)
    _, seat, pos, lead, win, wseat, table = _position(worlds_deck[0], trump, leader, out, trick, bitpos, tm)
    na, nxt = _next_table(out)
    hand = wh[0, seat]
    legal = hand & lead if pos > 0 else hand
    if legal == 0:
        legal = hand
    deck = _to_layout(deck_mask, trump, bitpos)
    gone_l = _to_layout(gone, trump, bitpos) & ~table
    rep, members, low, sums, alive, guess, wrep, wval, targets, tvals = _decision_arrays()
    nc = _classes(legal, hand, (deck & ~gone_l) | table, trump, card_at, rep, members, low)
    nt = _point_targets(pts0, won0, _popcount(hand), seat & 1, targets, tvals)
    tt, tt2, st, stk, counts = _search_tables(tt_bits)
    _decide(tt, tt2, st, stk, wh, m, seat, pos, na, nxt, lead, win, wseat, table, nc, rep, low, targets, nt, tvals,
            full, sums, alive, guess, wrep, wval, _best_first_arrays(m), counts, tm)
    for c in range(33):
        values[c] = NOT_LEGAL
    for ci in range(nc):
        mm = members[ci]
        while mm:
            b = mm & -mm
            mm ^= b
            values[card_at[trump, _bit_index(b)]] = sums[ci]
    return low[_best_class(sums, alive, nc, low)]


@njit(cache=True)
def _sample_worlds_for(hands_deck, trump, leader, out, trick, gone, voids_suit, up, disc, dealer, deck_mask, worlds,
                      tries, seed, stream, binom, bitpos, card_at, res, tm):
    """Worlds of the player to move as :func:`play_batch` samples them; ``res`` (worlds, 4) deck masks.

    Returns ``(count, exact)`` as :func:`_fill_worlds` (voids shown in ``trick`` included).
    """
    scr = _scratch(worlds)
    wh, hseat, hneed, hvoid, gcards, gsize, allowed, x, xout, cap, rem, avail, ub, pats, after, bf = scr
    hands, seat, pos, lead, win, wseat, table = _position(hands_deck, trump, leader, out, trick, bitpos, tm)
    voids = _known_voids(voids_suit, trump, leader, out, trick, pos, lead, bitpos)
    deck = _to_layout(deck_mask, trump, bitpos)
    gone_l = _to_layout(gone, trump, bitpos) & ~table
    up_bit = (1 << bitpos[trump, up]) & hands[dealer] if up >= 0 else 0
    me_up = up_bit if seat != dealer else 0
    kitty_known = (1 << bitpos[trump, disc]) & deck & ~gone_l & ~table if disc >= 0 and seat == dealer else 0
    unseen = deck & ~gone_l & ~table & ~hands[seat] & ~me_up & ~kitty_known
    rs = np.zeros(1, dtype=np.uint64)
    _seed_stream(rs, seed, stream)
    m, exact = _fill_worlds(seat, hands, unseen, me_up, dealer, voids, out, worlds, tries, rs, binom, wh, hseat, hneed,
                            hvoid, gcards, gsize, allowed, x, xout, cap, rem, avail, ub, pats, after)
    for w in range(m):
        for s2 in range(4):
            d = 0
            mm = wh[w, s2]
            while mm:
                b = mm & -mm
                mm ^= b
                d |= 1 << card_at[trump, _bit_index(b)]
            res[w, s2] = d
    return m, exact


# --- the entry points, one compiled copy per trump slot mask ------------------------------------
# ``tm`` (the trump slot's mask, ``TRUMP`` or 0 in no trump) reaches the kernels as a constant, so
# numba types it as a literal and compiles each function of the chain once per value with the mask
# folded in: the trump copy is the code it was before no trump existed, and the no-trump copy is
# compiled (and cached) only when a no-trump deal is first played.
@njit(cache=True)
def play_batch(hands, trump, leader, out, trick, gone, voids, up, disc, dealer, pts0, won, stream, deck_mask, worlds,
               tries, seed, nchunks, tt_bits, binom, bitpos, card_at, res, stats):
    """:func:`_play_batch` of deals with a trump suit."""
    _play_batch(hands, trump, leader, out, trick, gone, voids, up, disc, dealer, pts0, won, stream, deck_mask, worlds,
                tries, seed, nchunks, tt_bits, binom, bitpos, card_at, res, stats, TRUMP)


@njit(cache=True)
def play_batch_nt(hands, trump, leader, out, trick, gone, voids, up, disc, dealer, pts0, won, stream, deck_mask, worlds,
                  tries, seed, nchunks, tt_bits, binom, bitpos, card_at, res, stats):
    """:func:`_play_batch` of no-trump deals."""
    _play_batch(hands, trump, leader, out, trick, gone, voids, up, disc, dealer, pts0, won, stream, deck_mask, worlds,
                tries, seed, nchunks, tt_bits, binom, bitpos, card_at, res, stats, 0)


@njit(cache=True)
def decide_given_worlds(worlds_deck, trump, leader, out, trick, gone, deck_mask, pts0, won0, full, tt_bits, bitpos,
                        card_at, values):
    """:func:`_decide_given_worlds` with a trump suit."""
    return _decide_given_worlds(worlds_deck, trump, leader, out, trick, gone, deck_mask, pts0, won0, full, tt_bits,
                                bitpos, card_at, values, TRUMP)


@njit(cache=True)
def decide_given_worlds_nt(worlds_deck, trump, leader, out, trick, gone, deck_mask, pts0, won0, full, tt_bits, bitpos,
                           card_at, values):
    """:func:`_decide_given_worlds` in no trump."""
    return _decide_given_worlds(worlds_deck, trump, leader, out, trick, gone, deck_mask, pts0, won0, full, tt_bits,
                                bitpos, card_at, values, 0)


@njit(cache=True)
def sample_worlds_for(hands_deck, trump, leader, out, trick, gone, voids_suit, up, disc, dealer, deck_mask, worlds,
                      tries, seed, stream, binom, bitpos, card_at, res):
    """:func:`_sample_worlds_for` with a trump suit."""
    return _sample_worlds_for(hands_deck, trump, leader, out, trick, gone, voids_suit, up, disc, dealer, deck_mask,
                              worlds, tries, seed, stream, binom, bitpos, card_at, res, TRUMP)


@njit(cache=True)
def sample_worlds_for_nt(hands_deck, trump, leader, out, trick, gone, voids_suit, up, disc, dealer, deck_mask, worlds,
                         tries, seed, stream, binom, bitpos, card_at, res):
    """:func:`_sample_worlds_for` in no trump."""
    return _sample_worlds_for(hands_deck, trump, leader, out, trick, gone, voids_suit, up, disc, dealer, deck_mask,
                              worlds, tries, seed, stream, binom, bitpos, card_at, res, 0)
