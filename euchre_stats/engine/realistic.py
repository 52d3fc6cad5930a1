"""Numba kernels of the realistic play model: arrays and ints only, no validation, no I/O.

A batch of deals is played out card by card inside numba (:func:`play_batch`, parallel over
deals).  At each decision the player to move samples worlds consistent with what that player
has seen, solves each world double-dummy with the solver's search
(:func:`euchre_stats.engine.search._search_t`) and plays the card worth the most *points* on
average over the worlds.

Everything runs in the solver's *power layout* of the deal's trump (see
:mod:`euchre_stats.engine.search`): a card is one bit, an effective suit is one 16-bit slot,
so voids, following suit and runs of equivalent cards are plain mask operations.  Deck
numbers are used only at the edges (input, the tie-break's key (:func:`.choice._tie_key`: plain cards
before trumps, rank first, equal ranks by the deal's random order of the suits), and the
single-decision entry points the tests call).

Randomness: every row owns a splitmix64 stream seeded from ``(seed, stream[row])``, so results
do not depend on the number of threads or on how rows are chunked; the row's order of the suits for
the tie-break is a hash of that stream's starting state (:func:`.choice._tie_order`), drawn without
advancing it.  The transposition
tables hold exact bounds, so sharing one per chunk (across worlds, decisions and deals) never
changes a value.

Worlds are drawn by the sampler every realistic kernel shares (:mod:`euchre_stats.engine.worlds`):
uniform over every deal consistent with the mover's knowledge, the kitty the last holder.

numba's on-disk cache of these kernels is keyed by this file alone: it does not notice an edit
of the solver's kernels, the sampler or the decision steps that they compile in.  After changing
``engine/search.py``, ``engine/worlds.py``, ``engine/choice.py`` or ``core/ties.py`` in a checkout,
delete this package's ``__pycache__/realistic.*`` (an install is fresh anyway).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..core.trump import NO_TRUMP

from .search import (
    F_LAST,
    MAX_DEPTH,
    NO_REFCOUNTS,
    NUM_FIELDS,
    NUM_STATS,
    TRUMP,
    TT2_BITS,
    _bit_index,
    _borrow,
    _bounds0_t,
    _popcount,
    _reps,
    _search_t,
    _slot_of,
    _to_layout,
)
from .choice import NOT_LEGAL, _best_class, _best_first_arrays, _class_values, _classes, _decision_arrays
from .choice import _credit_world, _deck_worlds, _first_unsolved, _forced_choice, _legal, _most_promising
from .choice import _credit_bands, _distinct_tops, _lowest_of, _point_targets, _solve_pair, _tie_order, _top_of
from .choice import _decision_order, _maker_side
from .worlds import (
    _LOW32,
    REJECT_TRIES,
    _fill_worlds,
    _mix,
    _sampler_arrays,
    _seed_stream,
    binomial_table,
)

__all__ = ["NOT_LEGAL", "REJECT_TRIES", "binomial_table"]

#: stats fields of :func:`play_batch` (the solver's three come first)
ST_DECISIONS, ST_FORCED, ST_WORLDS, ST_PROBES, ST_EXACT, ST_BANDS, ST_CACHED = 3, 4, 5, 6, 7, 8, 9
NUM_PLAY_STATS = 10
#: log2 of the entries of a chunk's table of decisions already made (see :func:`_decision_key`)
DC_BITS = 9
#: words of a decision's key
DC_WORDS = 13

# --- one decision ---------------------------------------------------------------------------------
@njit(cache=True)
def _trick_after(c, seat, pos, lead, win, wseat, tm):
    """``(led slot, winning card, its seat)`` once ``seat`` plays ``c`` as card ``pos`` of the trick."""
    if pos == 0:
        return _slot_of(c), c, seat
    if (c & (lead | tm)) and c > win:
        return lead, c, seat
    return lead, win, wseat


@njit(cache=True, inline="always")
def _card_band(tt, tt2, tt3, st, stk, w0, w1, w2, w3, seat, pos, na, nxt, lead, win, wseat, table, tleft, c, targets,
               lo, hi, start, counts, tm):
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
    return _band_walk(tt, tt2, tt3, st, stk, n0, n1, n2, n3, (nxt >> (2 * seat)) & 3, pos + 1, na, nxt, nlead, nwin,
                      nws, table | c, tleft, targets, lo, hi, start, counts, tm)[0]


@njit(cache=True, inline="always")
def _band_walk(tt, tt2, tt3, st, stk, h0, h1, h2, h3, seat, pos, na, nxt, lead, win, wseat, table, tleft, targets, lo,
               hi, start, counts, tm):
    """``(band, move)``: the points band of a position (``seat`` to play card ``pos`` of the trick), known
    to lie in ``lo..hi``, and a card of ``seat`` worth exactly that band (0 when no probe showed one).

    The move is the one that proved the probe that decided the band from the mover's side: for
    side 0 the last "at least" that held, for side 1 the last that failed.  It is a move of the
    search (the top card of its run in this world).  The search is inlined here (``_search_t``), not
    called: a call per probe takes and releases each of its four arrays (atomic reference counts).
    Inlined itself, so each valuation should call it from one place (one copy of the search).
    """
    k = min(max(start, lo + 1), hi)
    maximise = (seat & 1) == 0
    move = 0
    while lo < hi:
        counts[ST_PROBES] += 1
        stk[0, F_LAST] = 0
        up = _search_t(tt, tt2, tt3, st, stk, h0, h1, h2, h3, seat, pos, na, nxt, lead, win, wseat, table,
                       targets[k - 1], tleft, tm)
        if up == maximise:
            # proved by a move at the root (or, with no move recorded, without one)
            move = stk[0, F_LAST]
        # band >= k, or band < k: step towards the answer from the side just learnt
        lo, hi = (k, hi) if up else (lo, k - 1)
        k = lo + 1 if up else hi
    return lo, move


@njit(cache=True, inline="always")
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
def _evaluate_best_first(tt, tt2, tt3, st, stk, wh, m, seat, pos, na, nxt, lead, win, wseat, table, nc, rep, low,
                         targets, nt, tvals, sums, alive, bf, counts, tm):
    """The exact best class over worlds ``wh[:m]`` solving as few (class, world) pairs as needed.

    Each world's position is solved first (the mover's best band there); no card can do better
    than that for the mover, so a class's sum is bounded by its solved worlds plus the position's
    value in the others.  The probe that settled the position names a card worth exactly its
    band, so that card's class (and every class when the band is the mover's worst) is solved in
    that world for free.  The class with the highest bound (ties: lowest card) is solved in its
    next unsolved world, until that class has every world solved: then no other class can beat or
    tie it.  Classes left with unsolved worlds are marked not alive (their sums are partial).
    ``bf``: work arrays of :func:`_best_first_arrays` for at least ``m`` worlds.

    Both kinds of solve (a world's position, then a class in a world) go through one call of the
    band walk with the search inlined (:func:`_band_walk`): one copy of the search in this
    function, and no call of the search per probe (a call takes and releases each of its four
    arrays: atomic reference counts; about 5% of a play-out, docs/performance.md).
    """
    # views owning nothing: the band walk and the search inlined in the loop below rebind their arrays
    # at every call, which would otherwise take and release each one's reference count (atomically)
    tt, tt2, tt3, st, stk, wh, rep, low, targets, tvals, sums, alive, counts = (
        _borrow(tt), _borrow(tt2), _borrow(tt3), _borrow(st), _borrow(stk), _borrow(wh), _borrow(rep), _borrow(low),
        _borrow(targets), _borrow(tvals), _borrow(sums), _borrow(alive), _borrow(counts))
    pband, solved, bound, nxtw = _borrow(bf[0]), _borrow(bf[1]), _borrow(bf[2]), _borrow(bf[3])
    for ci in range(nc):
        for w in range(m):
            solved[ci, w] = False
    mine0 = (seat & 1) == 0
    worst = 0 if mine0 else nt
    prev = np.int64(1)  # typed, not a literal (a start of the band walk, as pband[w] is)
    for ci in range(nc):
        sums[ci] = 0
        bound[ci] = 0
    positions = True  # every world's position first, then (class, world) pairs
    w = 0
    bi = 0
    while True:
        if positions and w == m:
            positions = False
            _first_unsolved(solved, nc, m, nxtw)
            bi, w = _most_promising(sums, bound, low, nc, nxtw)
        if not positions and w >= m:
            break
        a0, a1, a2, a3 = wh[w, 0], wh[w, 1], wh[w, 2], wh[w, 3]
        tleft = _popcount(wh[w, seat])
        if positions:
            # world w's position, the mover to play
            aseat, apos, alead, awin, awseat, atable = seat, pos, lead, win, wseat, table
            lo, hi = _quick_bands(a0, a1, a2, a3, seat, pos, tleft, targets, nt, tm)
            start = prev
        else:
            # class bi in world w: the top card of its run there played (as _card_band)
            hand = wh[w, seat]
            c = _top_of(rep[bi], _reps(hand, hand, a0 | a1 | a2 | a3 | table))
            counts[ST_BANDS] += 1
            alead, awin, awseat = _trick_after(c, seat, pos, lead, win, wseat, tm)
            a0 ^= c if seat == 0 else 0
            a1 ^= c if seat == 1 else 0
            a2 ^= c if seat == 2 else 0
            a3 ^= c if seat == 3 else 0
            aseat = (nxt >> (2 * seat)) & 3
            apos = pos + 1
            atable = table | c
            lo = 0 if mine0 else pband[w]
            hi = pband[w] if mine0 else nt
            start = pband[w]
        band, move = _band_walk(tt, tt2, tt3, st, stk, a0, a1, a2, a3, aseat, apos, na, nxt, alead, awin, awseat,
                                atable, tleft, targets, lo, hi, start, counts, tm)
        if positions:
            prev = band
            counts[ST_WORLDS] += 1
            tops = 0
            if band == worst or move != 0:
                hand = wh[w, seat]
                tops = _reps(hand, hand, wh[w, 0] | wh[w, 1] | wh[w, 2] | wh[w, 3] | table)
            _credit_world(w, band, band == worst, move, tops, rep, nc, tvals, pband, solved, sums, bound)
            w += 1
        else:
            _solve_pair(bi, w, band, m, tvals, pband, solved, sums, bound, nxtw)
            bi, w = _most_promising(sums, bound, low, nc, nxtw)
    for ci in range(nc):
        alive[ci] = nxtw[ci] == m
    return m


@njit(cache=True)
def _evaluate(tt, tt2, tt3, st, stk, wh, m, seat, pos, na, nxt, lead, win, wseat, table, nc, rep, targets, nt, tvals,
              sums, guess, wrep, wval, counts, tm):
    """Sum over worlds ``wh[:m]`` of each class's points, every class in every world."""
    cls = np.zeros(nc, dtype=np.int64)
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
        # classes may merge in a world (a card between them is in the kitty): solve once
        nw = _distinct_tops(rep, nc, tops, wrep, cls)
        for j in range(nw):
            g = guess[0] if j == 0 else wval[j - 1]
            wval[j] = _card_band(tt, tt2, tt3, st, stk, w0, w1, w2, w3, seat, pos, na, nxt, lead, win, wseat, table,
                                 tleft, wrep[j], targets, blo, bhi, g, counts, tm)
        _credit_bands(cls, nc, wval, tvals, guess, sums)
        counts[ST_WORLDS] += 1
    return m


@njit(cache=True)
def _decide(tt, tt2, tt3, st, stk, wh, m, seat, pos, na, nxt, lead, win, wseat, table, nc, rep, low, targets, nt,
            tvals, full, sums, alive, guess, wrep, wval, bf, counts, tm):
    """Value the classes over the worlds: every class's full sum (``full``), or best-first (the same choice)."""
    if not full:
        return _evaluate_best_first(tt, tt2, tt3, st, stk, wh, m, seat, pos, na, nxt, lead, win, wseat, table, nc, rep,
                                    low, targets, nt, tvals, sums, alive, bf, counts, tm)
    for ci in range(nc):
        alive[ci] = True
    return _evaluate(tt, tt2, tt3, st, stk, wh, m, seat, pos, na, nxt, lead, win, wseat, table, nc, rep, targets, nt,
                     tvals, sums, guess, wrep, wval, counts, tm)


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
def _scratch(worlds):
    """Per-chunk work arrays of :func:`_play_row` (one tuple, allocated once per chunk): the sampler's
    (:func:`.worlds._sampler_arrays`: the worlds, holders, groups, count matrices, cards) and the
    best-first search's."""
    return _sampler_arrays(worlds, 4, 33), _best_first_arrays(worlds)


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


@njit(cache=True, **NO_REFCOUNTS)
def _decision_key(key, seat, pos, dealer, out, wseat, nt, won, trump, hands, table, gone_l, win, lead, voids, me_up,
                  targets, tvals, rs, order):
    """Fill ``key`` with everything a decision depends on; returns the table index it hashes to.

    ``me_up``: the card the mover knows where it lies unseen (the upcard in the dealer's hand for
    the others, its discard for the dealer; which of the two follows from ``seat`` and ``dealer``);
    ``order``: the row's order of the suits for the tie-break."""
    key[0] = (seat | (pos << 2) | (dealer << 4) | (out << 6) | (wseat << 10) | (nt << 12) | (won << 16) | (trump << 24)
              | (order << 32))
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
def _search_tables(tt_bits):
    """A transposition table, the two-trick table, the solver's stats and stack, the play counters."""
    return (np.zeros(2 << tt_bits, dtype=np.int64), np.zeros(1 << TT2_BITS, dtype=np.int64),
            np.zeros(NUM_STATS, dtype=np.int64), np.zeros((MAX_DEPTH, NUM_FIELDS), dtype=np.int64),
            np.zeros(NUM_PLAY_STATS, dtype=np.int64))


@njit(cache=True)
def _play_tables(tt_bits, two):
    """:func:`_search_tables` with ``two`` (the table of every two-trick ending of four hands with a trump
    suit, :func:`.search.build_two_table`, or an empty row) behind the two-trick cache: the search reads
    such endings from it (:func:`.search._search_t`)."""
    tt, tt2, st, stk, counts = _search_tables(tt_bits)
    if two.shape[0] == 0:
        return tt, tt2, st, stk, counts
    full = np.zeros((1 << TT2_BITS) + two.shape[0], dtype=np.int64)
    for j in range(two.shape[0]):  # a loop: a slice assignment compiles numpy's broadcasting as well
        full[(1 << TT2_BITS) + j] = two[j]
    return tt, full, st, stk, counts


@njit(cache=True, inline="always")
def _play_row(hands_deck, trump, leader, out, trick, gone, voids_suit, up, disc, dealer, pts0, won0, deck_mask, worlds,
              tries, rs, tt, tt2, tt3, st, stk, scr, dc, binom, bitpos, card_at, counts, tm, first):
    """Play one deal to the end realistically; side 0's tricks from this point, or with ``first`` the deck number
    of the first card played (nothing more is played: :func:`play_batch`'s ``first``) (``dc``: the chunk's
    :func:`_decision_cache`; ``rs`` the row's stream at its start: its order of the suits for ties is drawn
    from it, :func:`.choice._tie_order`).  ``disc``: the dealer's discard (-1: none), known to the dealer alone.
    ``tt3``: the table of three-trick endings (:func:`.search.build_three_table`, or an empty row)."""
    dkeys, dcard, drs, key = dc
    smp, bf = scr
    wh = smp[0]
    order = _tie_order(rs[0])
    makers = _maker_side(pts0)  # the side that made trump: its leads' ties go highest first
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
    while hands[seat] != 0:  # (the hand is over when the seat to play holds no card)
        hand = hands[seat]
        legal = _legal(hand, lead, pos)
        # cards with nothing unplayed between them are worth the same in every world
        kitty_known = disc_bit if seat == dealer else 0
        tops = _reps(hand, hand, (deck & ~gone_l & ~kitty_known) | table)
        od = _decision_order(order, pos, seat, makers)
        nc = _classes(legal, tops, trump, card_at, od, rep, members, low)
        tleft = _popcount(hand)
        nt = _point_targets(pts0, won, tleft, seat & 1, targets, tvals)
        c = 0
        slot = -1
        bi = _forced_choice(low, nc, nt)
        counts[ST_FORCED if bi >= 0 else ST_DECISIONS] += 1
        if bi < 0:
            me_up = up_bit if seat != dealer else 0
            # (the upcard known in the dealer's hand for the others, the discard for the dealer: one word)
            slot = _decision_key(key, seat, pos, dealer, out, wseat, nt, won, trump, hands, table, gone_l, win, lead,
                                 voids, me_up | kitty_known, targets, tvals, rs, od)
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
                m, exact = _fill_worlds(seat, hands, unseen, me_up, dealer, voids, out, worlds, tries, rs, binom,
                                        smp)
                if exact:
                    counts[ST_EXACT] += 1
                # best-first (the full sums are never wanted here): the full valuation stays out of this tree
                _evaluate_best_first(tt, tt2, tt3, st, stk, wh, m, seat, pos, na, nxt, lead, win, wseat, table, nc,
                                     rep, low, targets, nt, tvals, sums, alive, bf, counts, tm)
                bi = _best_class(sums, alive, nc, low)
        if c == 0:
            # the lowest tie key of the chosen class is played
            c = _lowest_of(members[bi], low[bi], trump, card_at, od)
            if slot >= 0:
                for j in range(DC_WORDS):
                    dkeys[slot, j] = key[j]
                dcard[slot] = c
                drs[slot] = rs[0]
        if first:
            return np.int64(card_at[trump, _bit_index(c)])
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


@njit(cache=True, inline="always")
def _play_chunk(hands, trump, leader, out, trick, gone, voids, up, disc, dealer, pts0, won, stream, deck_mask, worlds,
                tries, seed, nchunks, k, tt_bits, binom, bitpos, card_at, res, stats, two, three, tm, first):
    """Play chunk ``k`` of ``nchunks`` (rows ``k * n // nchunks`` up to the next chunk's first) to the end;
    ``res[i]`` side 0's tricks from this point.  Every chunk has its own tables, so a chunk's rows and
    ``stats[k]`` depend only on the chunk, never on which thread ran it or in what order.

    Row ``i``: ``hands[i]`` (4 deck masks), ``trump``, ``leader`` of the current trick, ``out``
    (seats sitting out), ``trick[i]`` (cards on the table, -1 padded), ``gone`` (deck mask of
    cards played before the current trick), ``voids[i]`` (per seat, bit ``e`` = void in
    effective suit ``e``), ``up`` (the upcard in the hand of the dealer, seat ``dealer[i]``, or -1),
    ``pts0[i, t]`` side 0's points minus side 1's when side 0 ends with ``t`` tricks, ``won`` side
    0's tricks already taken, ``stream`` the random stream.  ``stats[k]`` receives chunk ``k``'s counters.
    ``two``: the table of every two-trick ending (:func:`_play_tables`; empty: the search solves them).
    ``three``: the table of three-trick endings of four hands with a trump suit (:func:`.search.build_three_table`,
    5.6 MB, read by every chunk, never copied; empty: the search solves them).
    ``first``: make only each row's first decision; ``res[i]`` the deck number of the card it plays.
    """
    n = hands.shape[0]
    tt, tt2, st, stk, counts = _play_tables(tt_bits, two)
    scr = _scratch(worlds)
    dc = _decision_cache()
    rs = np.zeros(1, dtype=np.uint64)
    for i in range(k * n // nchunks, (k + 1) * n // nchunks):
        _seed_stream(rs, seed, stream[i])
        res[i] = _play_row(hands[i], trump[i], leader[i], out[i], trick[i], gone[i], voids[i], up[i], disc[i],
                           dealer[i], pts0[i], won[i], deck_mask, worlds, tries, rs, tt, tt2, three, st, stk, scr,
                           dc, binom, bitpos, card_at, counts, tm, first)
    for j in range(NUM_STATS):
        counts[j] = st[j]
    for j in range(NUM_PLAY_STATS):
        stats[k, j] = counts[j]


# --- single-decision entry points (the tests' view into the kernels) --------------------------
@njit(cache=True)
def _decide_given_worlds(worlds_deck, trump, leader, out, trick, gone, deck_mask, pts0, won0, full, tt_bits, bitpos,
                        card_at, order, values, tm):
    """The card (deck number) the mover plays given pre-sampled worlds ``worlds_deck`` (m, 4), ties by the
    suit order ``order`` (:data:`euchre_stats.core.ties.ORDERS`).

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
    legal = _legal(hand, lead, pos)
    deck = _to_layout(deck_mask, trump, bitpos)
    gone_l = _to_layout(gone, trump, bitpos) & ~table
    rep, members, low, sums, alive, guess, wrep, wval, targets, tvals = _decision_arrays()
    od = _decision_order(order, pos, seat, _maker_side(pts0))  # a makers' lead's ties: the highest first
    nc = _classes(legal, _reps(hand, hand, (deck & ~gone_l) | table), trump, card_at, od, rep, members, low)
    nt = _point_targets(pts0, won0, _popcount(hand), seat & 1, targets, tvals)
    tt, tt2, st, stk, counts = _search_tables(tt_bits)
    no3 = np.zeros(0, dtype=np.int64)  # no table of three-trick endings (nor of two-trick ones) for one decision
    _decide(tt, tt2, no3, st, stk, wh, m, seat, pos, na, nxt, lead, win, wseat, table, nc, rep, low, targets, nt, tvals,
            full, sums, alive, guess, wrep, wval, _best_first_arrays(m), counts, tm)
    return _class_values(values, members, sums, alive, nc, low, trump, card_at, od)


@njit(cache=True)
def _sample_worlds_for(hands_deck, trump, leader, out, trick, gone, voids_suit, up, disc, dealer, deck_mask, worlds,
                      tries, seed, stream, binom, bitpos, card_at, res, tm):
    """Worlds of the player to move as :func:`play_batch` samples them; ``res`` (worlds, 4) deck masks.

    Returns ``(count, exact)`` as :func:`_fill_worlds` (voids shown in ``trick`` included).
    """
    smp = _sampler_arrays(worlds, 4, 33)
    wh = smp[0]
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
    m, exact = _fill_worlds(seat, hands, unseen, me_up, dealer, voids, out, worlds, tries, rs, binom, smp)
    _deck_worlds(wh, m, trump, card_at, res)
    return m, exact


# --- the entry points, one compiled copy per trump slot mask ------------------------------------
# ``tm`` (the trump slot's mask, ``TRUMP`` or 0 in no trump) reaches the kernels as a constant, so
# numba types it as a literal and compiles each function of the chain once per value with the mask
# folded in: the trump copy is the code it was before no trump existed, and the no-trump copy is
# compiled (and cached) only when a no-trump deal is first played.
@njit(cache=True, nogil=True)
def play_batch(hands, trump, leader, out, trick, gone, voids, up, disc, dealer, pts0, won, stream, deck_mask, worlds,
               tries, seed, nchunks, k, tt_bits, binom, bitpos, card_at, res, stats, two, three, first):
    """:func:`_play_chunk` of deals with a trump suit (without the GIL: the caller runs chunks on threads)."""
    _play_chunk(hands, trump, leader, out, trick, gone, voids, up, disc, dealer, pts0, won, stream, deck_mask, worlds,
                tries, seed, nchunks, k, tt_bits, binom, bitpos, card_at, res, stats, two, three, TRUMP, first)


@njit(cache=True, nogil=True)
def play_batch_nt(hands, trump, leader, out, trick, gone, voids, up, disc, dealer, pts0, won, stream, deck_mask, worlds,
                  tries, seed, nchunks, k, tt_bits, binom, bitpos, card_at, res, stats, two, three, first):
    """:func:`_play_chunk` of no-trump deals."""
    _play_chunk(hands, trump, leader, out, trick, gone, voids, up, disc, dealer, pts0, won, stream, deck_mask, worlds,
                tries, seed, nchunks, k, tt_bits, binom, bitpos, card_at, res, stats, two, three, 0, first)


@njit(cache=True)
def decide_given_worlds(worlds_deck, trump, leader, out, trick, gone, deck_mask, pts0, won0, full, tt_bits, bitpos,
                        card_at, order, values):
    """:func:`_decide_given_worlds` with a trump suit."""
    return _decide_given_worlds(worlds_deck, trump, leader, out, trick, gone, deck_mask, pts0, won0, full, tt_bits,
                                bitpos, card_at, order, values, TRUMP)


@njit(cache=True)
def decide_given_worlds_nt(worlds_deck, trump, leader, out, trick, gone, deck_mask, pts0, won0, full, tt_bits, bitpos,
                           card_at, order, values):
    """:func:`_decide_given_worlds` in no trump."""
    return _decide_given_worlds(worlds_deck, trump, leader, out, trick, gone, deck_mask, pts0, won0, full, tt_bits,
                                bitpos, card_at, order, values, 0)


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
