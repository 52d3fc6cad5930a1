"""Numba kernels of the realistic play model of six seats: arrays and ints only, no validation, no I/O.

The six-handed twin of :mod:`euchre_stats.engine.realistic`.  A batch of deals is played out card by card
from a trick boundary (the first lead, as a rule) or from inside a trick (cards already on the
table) inside numba (:func:`play_batch`, a chunk of deals per call, the chunks on threads).  At each
decision the player to move samples worlds consistent with what that player has seen (own hand,
every card played, the voids shown, the upcard in the dealer's hand while the dealer, seat 5, holds it), values each
class of equivalent legal cards in each world with the six-seat double-dummy search
(:func:`euchre_stats.engine.search_seats._probe`: zero-window probes at the tricks where the points
change) and plays the card worth the most *points* summed over the worlds, ties to the lowest
tie key (:func:`.choice._tie_key`: plain cards before trumps, rank first, equal ranks by the row's random
order of the suits, drawn from its stream's start).  The choice is made best-first, as the four-seat kernel makes it
(:func:`_evaluate_best_first`): each world's position is solved first (a bound on every class
there, and the card that proved it solved for free), then only the class with the best bound is
solved, world by world, until one class is solved in every world: exactly the plain sum's
choice (:func:`_evaluate`, kept for :func:`decide_given_worlds` with ``full``).

Everything runs in the solvers' power layout of the deal's trump (a card is one bit, an
effective suit one 16-bit slot, trump slot 3); deck numbers are used only at the edges.  The
worlds come from the sampler every realistic kernel shares (:mod:`euchre_stats.engine.worlds`), with
six seats and a dead pile (the kitty and the hands of the seats sitting out) as the last holder;
the decision helpers are the four-seat kernel's.

**The doubled 25-card pack** (deck 50): the API passes the pack's layout
(``_seats.BITPOS_DOUBLED``: twins on adjacent bits of a 16-bit slot, the Joker of trump's colour on
top) and the search's tie mask, which the workspace holds for every search of the batch
(:func:`_new_ws`).  The trick's winner is kept as the search's *threshold* (:func:`_trick_after`,
the search's own step), so a twin played later takes the trick, in the play-out and in every
probe; equal-card classes are the search's tie-aware runs (:func:`_classes`: two copies in the
mover's hand are one class, a card whose twin is unseen, on the table or in another hand stands
alone); the dealer's upcard stops being known when the dealer plays a card of its face.  The
sampler's exact counting stops where counts could leave int64 (:data:`.worlds.EXACT_LIMIT`; the pack's
first tricks): there worlds are shuffled and rejected only.  The 33-card deck runs the same code
with a tie mask of 0 and its own layout, exactly as before.

Randomness: every row owns a splitmix64 stream seeded from ``(seed, stream[row])``, so results do
not depend on the number of threads or on how rows are chunked.  The search's table keys are
exact for one seating (the seats out): a chunk clears its table when the seating changes, and
otherwise shares it across worlds, decisions and deals without ever changing a value.

numba's on-disk cache of these kernels is keyed by this file alone: after editing
``engine/search_seats.py``, ``engine/realistic.py`` or ``engine/worlds.py`` in a checkout, delete this package's
``__pycache__/realistic_seats.*``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .search import _bit_index, _popcount
from .search_seats import (
    EVEN,
    TRUMP,
    TT_MAX_DOUBLED,
    TT_WIDTH,
    W_GEN,
    W_HANDS,
    W_MV,
    W_NXT,
    W_SIDE,
    W_TIE,
    W_TT,
    W_TT_SIZE,
    _index,
    _key,
    _order,
    _probe,
    _reps_tie,
)
from .search_seats import ST_NODES as WS_NODES
from .search_seats import _find as _tt_find
from .search_seats import _sure
from .search_seats import _trick_after as _ws_trick_after
from .choice import NOT_LEGAL, _best_class, _best_first_arrays, _class_values, _classes, _decision_arrays
from .choice import _credit_world, _deck_worlds, _first_unsolved, _forced_choice, _legal, _most_promising
from .choice import _credit_bands, _distinct_tops, _lowest_of, _point_targets, _solve_pair, _tie_order, _top_of
from .choice import _decision_order, _maker_side
from .worlds import REJECT_TRIES, _fill_worlds, _sampler_arrays, _seed_stream

#: seats at the table; the dealer's seat in every analysis
SEATS = 6
DEALER = 5
#: most unseen cards (the doubled pack's 50 less the mover's five) and so the sampler's rows of cards
MAX_UNSEEN = 50
#: log2 of each chunk's table entries (40 bytes each): the worlds of one decision share few positions
TT_BITS = 14
#: stats fields of :func:`play_batch`
ST_DECISIONS, ST_FORCED, ST_WORLDS, ST_PROBES, ST_EXACT, ST_NODES, ST_CLEARS = 0, 1, 2, 3, 4, 5, 6
NUM_STATS = 7

__all__ = ["NOT_LEGAL", "REJECT_TRIES"]


# --- the search's workspace -----------------------------------------------------------------------
@njit(cache=True)
def _new_ws(bits, tie):
    """A six-seat search workspace with an empty table of ``2**bits`` entries (as ``_seats.new_workspace``)
    and the search's tie mask ``tie`` (the doubled layout's :data:`.search_seats.TIE_DOUBLED`, or 0):
    every position it searches is laid out in one layout."""
    ws = np.zeros(W_TT + (TT_WIDTH << bits), dtype=np.int64)
    ws[W_TT_SIZE] = 1 << bits
    ws[W_TIE] = tie
    return ws


@njit(cache=True)
def _clear_table(ws):
    """Empty the table (its keys are exact for one seating only)."""
    for i in range(W_TT, ws.shape[0]):
        ws[i] = 0


@njit(cache=True)
def _next_seats(out, nxt):
    """Fill ``nxt`` (the next active seat of each seat); return the number of active seats."""
    na = 0
    for s in range(SEATS):
        if (out >> s) & 1 == 0:
            na += 1
        n = (s + 1) % SEATS
        while (out >> n) & 1:
            n = (n + 1) % SEATS
        nxt[s] = n
    return na


# --- cards in the layout, under the doubled pack's ties ------------------------------------------
@njit(cache=True)
def _to_layout(hand, trump, bitpos):
    """A hand in deck numbering as a mask of the layout ``bitpos`` of ``trump`` (bit 63 may be set)."""
    m = np.int64(0)
    x = hand
    while x:
        b = x & -x
        x ^= b
        m |= np.int64(1) << bitpos[trump, _bit_index(b)]
    return m


@njit(cache=True)
def _trick_after(c, seat, pos, lead, win, wseat, tm, tie):
    """``(led slot, winning threshold, its seat)`` once ``seat`` plays ``c`` (one layout bit) as card
    ``pos`` of the trick: the search's own step (:func:`.search_seats._trick_after`), the winner a
    bit index threshold (a twin's lowered below its pair: the other copy played later wins)."""
    return _ws_trick_after(_bit_index(c), c, pos, seat, lead, win, wseat, tm, tie)


@njit(cache=True)
def _same_face(c, tie):
    """``c`` (one layout bit) and, under ties, its twin."""
    if c & tie:
        return c | ((c & EVEN) << 1) | ((c >> 1) & EVEN)
    return c


# --- the mover's knowledge and the worlds ---------------------------------------------------------
@njit(cache=True)
def _scratch(worlds):
    """Per-chunk work arrays: the sampler's (:func:`.worlds._sampler_arrays`), the next-seat table, the
    best-first evaluation's (:func:`.realistic._best_first_arrays`)."""
    return _sampler_arrays(worlds, SEATS, MAX_UNSEEN), np.zeros(SEATS, dtype=np.int64), _best_first_arrays(worlds)


# --- one decision ---------------------------------------------------------------------------------
@njit(cache=True)
def _load(ws, wrow, seat, c, nxt):
    """Lay world ``wrow`` (layout hands of six seats) out in the workspace, ``seat``'s card ``c`` taken
    out of its hand (0: none), with the sides and the turn order; starts a new search number.  The
    tie mask stays the workspace's (:func:`_new_ws`).  Returns every card still in a hand."""
    rest = 0
    for k in range(SEATS):
        h = wrow[k]
        if k == seat:
            h ^= c
        ws[W_HANDS + k] = h
        ws[W_SIDE + k] = k & 1
        ws[W_NXT + k] = nxt[k]
        rest |= h
    ws[W_GEN] = (ws[W_GEN] + 1) & 0xFFFFFFFF
    return rest


@njit(cache=True)
def _root_probe(ws, na, tm, pos, seat, table, ledm, bbit, bseat, rest, target, hint):
    """``(result, move)``: :func:`.search_seats._probe` of the laid-out position with its root moves
    tried here, so that the move that proves the result from the mover's side (for side 0 the first
    move that reaches ``target``, for side 1 the first that holds side 0 below it) is known: a card
    of ``seat`` (layout bit, the top of its run in this world), or 0 when the position's quick bounds
    or the table decided without a move, or no move proves it (every move of the mover fails).

    The children are the search's own probes (same order, same table), so the result is the
    search's.  At a trick boundary the root first takes the search's shortcuts (the tricks left,
    sure tricks, the table); the root itself is not stored (a decision's root is probed once per
    target and reached by no other search).
    """
    zero = np.int64(0)
    one = np.int64(1)
    nt = zero
    h = ws[W_HANDS + seat]
    maximise = ws[W_SIDE + seat] == 0
    if pos == 0:
        left = _popcount(h)
        if target <= 0:
            return 1, zero
        if target > left:
            return 0, zero
        s0, s1 = _sure(ws, rest, tm)
        if s0 >= target:
            return 1, zero
        if left - s1 < target:
            return 0, zero
        j = -1
        if ws[W_TIE] == 0 or _popcount(rest) <= TT_MAX_DOUBLED:  # else the search skips the table too
            k0, p0, p1, p2 = _key(ws, rest, seat, nt)
            j = _tt_find(ws, _index(ws, k0, p0, p1, p2), k0, p0, p1, p2)
        if j >= 0:
            if (ws[j + 4] & 0xFF) >= target:
                return 1, zero
            if ((ws[j + 4] >> 8) & 0xFF) - 1 < target:
                return 0, zero
        legal = h
    else:
        legal = h & ledm
        if legal == 0:
            legal = h
    ws[WS_NODES] += 1
    n = _order(ws, seat, pos, legal, rest, table, ledm, tm, bbit, bseat, zero)
    if hint & legal:
        # the hinted move first (the order changes which move proves a result, never the result)
        hc = _bit_index(hint)
        i = 0
        while i < n and ws[W_MV + i] != hc:
            i += 1
        while 0 < i < n:
            ws[W_MV + i] = ws[W_MV + i - 1]
            i -= 1
            ws[W_MV + i] = hc
    for i in range(n):
        c = ws[W_MV + i]
        b = np.int64(1) << c
        ws[W_HANDS + seat] ^= b
        nledm, nbit, nseat = _ws_trick_after(c, b, pos, seat, ledm, bbit, bseat, tm, ws[W_TIE])
        if pos + 1 == na:
            won = 1 if ws[W_SIDE + nseat] == 0 else 0
            v = _probe(ws, np.int64(na), np.int64(tm), nt, zero, np.int64(nseat), zero, zero, zero, zero,
                       np.int64(rest ^ b), np.int64(target - won), one)
        else:
            v = _probe(ws, np.int64(na), np.int64(tm), nt, np.int64(pos + 1), np.int64(ws[W_NXT + seat]),
                       np.int64(table | b), np.int64(nledm), np.int64(nbit), np.int64(nseat), np.int64(rest ^ b),
                       np.int64(target), one)
        ws[W_HANDS + seat] ^= b
        if maximise and v == 1:
            return 1, b
        if not maximise and v == 0:
            return 0, b
    return (0 if maximise else 1), zero


@njit(cache=True)
def _position_band(ws, wrow, seat, pos, na, nxt, lead, win, wseat, table, tm, targets, nt, start, hint, counts):
    """``(band, move)``: the points band of world ``wrow`` before ``seat`` plays (the mover's best: no
    card does better for the mover's side) and a card of ``seat`` worth exactly that band (0 when no
    probe named one): the move that proved the probe deciding the band from the mover's side, for
    side 0 the last "at least" that held, for side 1 the last that failed (the four-seat kernel's
    ``_band_walk``).  Bands as :func:`_card_band`; at a trick boundary the search's sure tricks
    bound the walk first."""
    rest = _load(ws, wrow, seat, np.int64(0), nxt)
    left = _popcount(wrow[seat])  # tricks still to be decided, the current one included
    zero = np.int64(0)
    if pos == 0:
        ledm, bbit, bseat = zero, zero, zero
        s0, s1 = _sure(ws, rest, tm)
        lo, hi = 0, nt
        while hi > 0 and targets[hi - 1] > left - s1:
            hi -= 1
        while lo < nt and targets[lo] <= s0:
            lo += 1
    else:
        ledm, bbit, bseat = lead, win, wseat
        lo, hi = 0, nt
    maximise = (seat & 1) == 0
    move = zero
    k = min(max(start, lo + 1), hi)
    while lo < hi:
        t = targets[k - 1]
        mv = zero
        if t <= 0:
            up = True
        elif t > left:
            up = False
        else:
            counts[ST_PROBES] += 1
            r, mv = _root_probe(ws, np.int64(na), np.int64(tm), np.int64(pos), np.int64(seat), np.int64(table),
                                np.int64(ledm), np.int64(bbit), np.int64(bseat), np.int64(rest), np.int64(t),
                                np.int64(hint))
            up = r == 1
        if up == maximise:
            move = mv
        lo, hi = (k, hi) if up else (lo, k - 1)
        k = lo + 1 if up else hi
    return lo, move


@njit(cache=True)
def _card_band(ws, wrow, seat, c, pos, na, nxt, lead, win, wseat, table, tm, targets, lo, hi, start, counts):
    """Points band in world ``wrow`` (layout hands of six seats) if ``seat`` plays ``c`` and everybody
    then plays double dummy.

    Band ``b``: side 0 takes at least ``targets[b-1]`` (band 0: fewer than ``targets[0]``) but fewer
    than ``targets[b]`` of the tricks still to be decided, the current one included; it is known to
    lie in ``lo..hi``.  Zero-window probes of the six-seat search walk from the guess ``start``.
    """
    rest = _load(ws, wrow, seat, c, nxt)
    nlead, nwin, nws = _trick_after(c, seat, pos, lead, win, wseat, tm, ws[W_TIE])
    zero = np.int64(0)
    if pos + 1 == na:  # the card ends the trick: its winner leads the next one
        gain = 1 if (nws & 1) == 0 else 0
        npos, nseat, ntable, ledm, bbit, bseat = zero, nws, zero, zero, zero, zero
    else:
        gain = 0
        npos, nseat, ntable, ledm, bbit, bseat = pos + 1, nxt[seat], table | c, nlead, nwin, nws
    left = _popcount(ws[W_HANDS + nseat])  # tricks still to be decided after the card
    nt = np.int64(0)
    k = min(max(start, lo + 1), hi)
    while lo < hi:
        t = targets[k - 1] - gain
        if t <= 0:
            up = True
        elif t > left:
            up = False
        else:
            counts[ST_PROBES] += 1
            # every argument a typed int64, never a literal: a literal compiles another copy of the
            # recursion, which fails to load from numba's cache (see engine/search_seats.py)
            up = _probe(ws, np.int64(na), np.int64(tm), nt, np.int64(npos), np.int64(nseat), np.int64(ntable),
                        np.int64(ledm), np.int64(bbit), np.int64(bseat), np.int64(rest), np.int64(t), zero) == 1
        lo, hi = (k, hi) if up else (lo, k - 1)
        k = lo + 1 if up else hi
    return lo


@njit(cache=True)
def _evaluate(ws, wh, m, seat, pos, na, nxt, lead, win, wseat, table, tm, nc, rep, targets, nt, tvals, sums, guess,
              wrep, wval, counts):
    """Sum over worlds ``wh[:m]`` of each class's points for the mover, every class in every world."""
    cls = np.zeros(nc, dtype=np.int64)
    for ci in range(nc):
        sums[ci] = 0
        guess[ci] = 1
    for w in range(m):
        hand = wh[w, seat]
        occ = table
        for k in range(SEATS):
            occ |= wh[w, k]
        tops = _reps_tie(hand, hand, occ, ws[W_TIE])
        # classes may merge in a world (a card between them is in the dead pile): value once
        nw = _distinct_tops(rep, nc, tops, wrep, cls)
        for j in range(nw):
            g = guess[0] if j == 0 else wval[j - 1]
            wval[j] = _card_band(ws, wh[w], seat, wrep[j], pos, na, nxt, lead, win, wseat, table, tm, targets,
                                 np.int64(0), nt, g, counts)
        _credit_bands(cls, nc, wval, tvals, guess, sums)
        counts[ST_WORLDS] += 1


@njit(cache=True)
def _evaluate_best_first(ws, wh, m, seat, pos, na, nxt, lead, win, wseat, table, tm, nc, rep, low, targets, nt, tvals,
                         sums, alive, bf, counts):
    """The exact best class over worlds ``wh[:m]`` solving as few (class, world) pairs as needed (the
    four-seat kernel's ``_evaluate_best_first``).

    Each world's position is solved first (:func:`_position_band`: the mover's best band there);
    no card does better than that for the mover, so a class's sum is bounded by its solved worlds
    plus the position's value in the others.  The probe that settled the position names a card
    worth exactly its band, so that card's class (and every class when the band is the mover's
    worst) is solved in that world for free.  The class with the highest bound (ties: lowest
    card) is solved in its next unsolved world, until that class has every world solved: then no
    other class can beat or tie it, and it is the class :func:`_evaluate`'s full sums choose.
    Classes left with unsolved worlds are marked not alive (their sums are partial).
    """
    pband, solved, bound, nxtw = bf
    for ci in range(nc):
        sums[ci] = 0
        bound[ci] = 0
        for w in range(m):
            solved[ci, w] = False
    mine0 = (seat & 1) == 0
    worst = 0 if mine0 else nt
    prev = np.int64(1)
    hci = -1  # the class of the last move that named a band: tried first in the next world
    for w in range(m):
        hand = wh[w, seat]
        occ = table
        for k in range(SEATS):
            occ |= wh[w, k]
        tops = _reps_tie(hand, hand, occ, ws[W_TIE])
        hint = _top_of(rep[hci], tops) if hci >= 0 else np.int64(0)
        band, move = _position_band(ws, wh[w], seat, pos, na, nxt, lead, win, wseat, table, tm, targets, nt, prev,
                                    hint, counts)
        prev = band
        counts[ST_WORLDS] += 1
        named = _credit_world(w, band, band == worst, move, tops, rep, nc, tvals, pband, solved, sums, bound)
        if named >= 0:
            hci = named
    _first_unsolved(solved, nc, m, nxtw)
    bi, w = _most_promising(sums, bound, low, nc, nxtw)
    while w < m:
        hand = wh[w, seat]
        occ = table
        for k in range(SEATS):
            occ |= wh[w, k]
        tops = _reps_tie(hand, hand, occ, ws[W_TIE])
        top = _top_of(rep[bi], tops)
        lo = np.int64(0) if mine0 else pband[w]
        hi = pband[w] if mine0 else np.int64(nt)
        band = _card_band(ws, wh[w], seat, top, pos, na, nxt, lead, win, wseat, table, tm, targets, lo, hi, pband[w],
                          counts)
        for ci in range(nc):
            # classes merged in this world (a card between them in the dead pile) are worth the same
            if (ci == bi or _top_of(rep[ci], tops) == top) and not solved[ci, w]:
                _solve_pair(ci, w, band, m, tvals, pband, solved, sums, bound, nxtw)
        bi, w = _most_promising(sums, bound, low, nc, nxtw)
    for ci in range(nc):
        alive[ci] = nxtw[ci] == m


@njit(cache=True)
def _decide(ws, wh, m, seat, pos, na, nxt, lead, win, wseat, table, tm, nc, rep, low, targets, nt, tvals, full, sums,
            alive, guess, wrep, wval, bf, counts):
    """Value the classes over the worlds: every class's full sum (``full``), or best-first (the same choice)."""
    if full:
        _evaluate(ws, wh, m, seat, pos, na, nxt, lead, win, wseat, table, tm, nc, rep, targets, nt, tvals, sums, guess,
                  wrep, wval, counts)
        for ci in range(nc):
            alive[ci] = True
    else:
        _evaluate_best_first(ws, wh, m, seat, pos, na, nxt, lead, win, wseat, table, tm, nc, rep, low, targets, nt,
                             tvals, sums, alive, bf, counts)


# --- a whole play-out -----------------------------------------------------------------------------
@njit(cache=True)
def _slot_voids(voids_suit, trump):
    """Per seat, the slots (bit = slot number) of the effective suits (bit = suit) it showed void in."""
    voids = np.zeros(SEATS, dtype=np.int64)
    for s in range(SEATS):
        for e in range(4):
            if (voids_suit[s] >> e) & 1:
                voids[s] |= 1 << (3 if e == trump else ((e - trump) & 3) - 1)
    return voids


@njit(cache=True)
def _position(hands, trump, leader, out, trick, bitpos, nxt, tm, tie):
    """``(seat, pos, lead, win, wseat, table)`` of the current trick (deck cards ``trick``, -1 padded);
    ``win`` the winning threshold (:func:`_trick_after`)."""
    seat, pos, lead, win, wseat, table = leader, 0, 0, 0, leader, 0
    for i in range(trick.shape[0]):
        if trick[i] < 0:
            break
        b = np.int64(1) << bitpos[trump, trick[i]]
        lead, win, wseat = _trick_after(b, seat, pos, lead, win, wseat, tm, tie)
        table |= b
        pos += 1
        seat = nxt[seat]
    return seat, pos, lead, win, wseat, table


@njit(cache=True)
def _trick_voids(voids, trump, leader, trick, pos, lead, bitpos, nxt):
    """Add to ``voids`` (per seat, slot bits) the voids shown by the cards of the current trick."""
    s = leader
    for i in range(1, pos):
        s = nxt[s]
        if ((np.int64(1) << bitpos[trump, trick[i]]) & lead) == 0:
            voids[s] |= 1 << (_bit_index(lead) >> 4)


@njit(cache=True, inline="always")
def _play_row(hands_deck, trump, leader, out, trick, up, disc, gone0, voids_suit, won0, pts0, deck_mask, worlds,
              tries, rs, ws, scr, binom, bitpos, card_at, counts):
    """Play one deal from its current position (``trick`` on the table, -1 padded; all -1 at a trick
    boundary) to the end realistically; side 0's tricks from there, the current trick included.
    ``disc``: the dealer's discard (-1: none), known to the dealer alone.  ``rs``: the row's stream at its
    start (its order of the suits for ties is drawn from it, :func:`.choice._tie_order`)."""
    smp, nxt, bf = scr
    wh = smp[0]
    order = _tie_order(rs[0])
    makers = _maker_side(pts0)  # the side that made trump: its leads' ties go highest first
    tm = np.int64(TRUMP) if trump < 4 else np.int64(0)
    hands = np.zeros(SEATS, dtype=np.int64)
    for s in range(SEATS):
        hands[s] = _to_layout(hands_deck[s], trump, bitpos)
    na = _next_seats(out, nxt)
    tie = ws[W_TIE]
    seat, pos, lead, win, wseat, table = _position(hands_deck, trump, leader, out, trick, bitpos, nxt, tm, tie)
    voids = _slot_voids(voids_suit, trump)
    _trick_voids(voids, trump, leader, trick, pos, lead, bitpos, nxt)
    deck = _to_layout(deck_mask, trump, bitpos)
    up_bit = 0
    if up >= 0:
        up_bit = (np.int64(1) << bitpos[trump, up]) & hands[DEALER]
    rep, members, low, sums, alive, guess, wrep, wval, targets, tvals = _decision_arrays()
    gone = _to_layout(gone0, trump, bitpos) & ~table
    # the dealer knows its discard lies in the dead pile: out of play for the dealer's worlds and classes
    disc_bit = (np.int64(1) << bitpos[trump, disc]) & deck & ~gone & ~table if disc >= 0 else np.int64(0)
    won = won0
    while hands[seat] != 0:  # (the hand is over when the seat to play holds no card)
        hand = hands[seat]
        legal = _legal(hand, lead, pos)
        # cards with nothing unplayed between them are worth the same in every world
        kitty_known = disc_bit if seat == DEALER else np.int64(0)
        tops = _reps_tie(hand, hand, (deck & ~gone & ~kitty_known) | table, tie)
        od = _decision_order(order, pos, seat, makers)
        nc = _classes(legal, tops, trump, card_at, od, rep, members, low)
        nt = _point_targets(pts0, won, _popcount(hand), seat & 1, targets, tvals)
        bi = _forced_choice(low, nc, nt)
        counts[ST_FORCED if bi >= 0 else ST_DECISIONS] += 1
        if bi < 0:
            me_up = up_bit if seat != DEALER else 0
            unseen = deck & ~gone & ~table & ~hand & ~me_up & ~kitty_known
            m, exact = _fill_worlds(seat, hands, unseen, me_up, np.int64(DEALER), voids, out, worlds, tries, rs, binom,
                                    smp)
            if exact:
                counts[ST_EXACT] += 1
            _decide(ws, wh, m, seat, pos, na, nxt, lead, win, wseat, table, tm, nc, rep, low, targets, nt, tvals,
                    False, sums, alive, guess, wrep, wval, bf, counts)
            bi = _best_class(sums, alive, nc, low)
        c = _lowest_of(members[bi], low[bi], trump, card_at, od)
        hands[seat] ^= c
        if _same_face(c, tie) & up_bit:  # the dealer showed a card of the upcard's face: no longer known
            up_bit = 0
        if pos > 0 and (c & lead) == 0:
            voids[seat] |= 1 << (_bit_index(lead) >> 4)
        lead, win, wseat = _trick_after(c, seat, pos, lead, win, wseat, tm, tie)
        table |= c
        pos += 1
        if pos == na:
            if (wseat & 1) == 0:
                won += 1
            gone |= table
            table = 0
            pos = 0
            seat = wseat
        else:
            seat = nxt[seat]
    return won - won0


@njit(cache=True, nogil=True)
def play_batch(hands, trump, leader, out, trick, up, disc, gone, voids, won, pts0, stream, deck_mask, worlds, tries,
               seed, nchunks, k, tt_bits, binom, bitpos, card_at, tie, res, stats):
    """Play chunk ``k`` of ``nchunks`` of the rows (rows ``k * n // nchunks`` up to the next chunk's first)
    from their position to the end; ``res[i]`` side 0's tricks from there, the current trick included.
    Without the GIL: the caller runs the chunks on threads (:func:`euchre_stats.cardplay.realistic.run_chunks`);
    every chunk has its own tables, so a chunk's rows and ``stats[k]`` depend only on the chunk.

    Row ``i``: ``hands[i]`` (6 deck masks: the cards still held), ``trump`` (0-3), ``leader`` (of the
    current trick), ``out`` (seats sitting out), ``trick[i]`` (deck cards on the table in the current
    trick from ``leader``, -1 padded; all -1 at a trick boundary), ``up`` (the upcard known in the
    dealer's hand, or -1), ``disc`` (the dealer's discard, known to the dealer alone, or -1),
    ``gone`` (deck mask of the cards of the tricks before), ``voids[i]`` (per seat, bit ``e``: void
    shown in effective suit ``e`` before the current trick; those shown in ``trick`` are found here),
    ``won`` (side 0's tricks taken before), ``pts0[i, t]`` side 0's points minus side 1's when side 0
    ends the hand with ``t`` tricks, ``stream`` the random stream.
    ``deck_mask``, ``bitpos``, ``card_at`` and ``tie``: the deck's cards, its layout and the search's
    tie mask (the 33-card deck: ``_kernels.BITPOS``, ``CARD_AT``, 0; the doubled pack: ``_seats``'
    ``BITPOS_DOUBLED``, ``CARD_AT_DOUBLED``, ``TIE_DOUBLED``).  ``stats[k]`` receives chunk ``k``'s
    counters.
    """
    n = hands.shape[0]
    ws = _new_ws(tt_bits, tie)
    scr = _scratch(worlds)
    counts = np.zeros(NUM_STATS, dtype=np.int64)
    rs = np.zeros(1, dtype=np.uint64)
    seating = np.int64(-1)
    for i in range(k * n // nchunks, (k + 1) * n // nchunks):
        if out[i] != seating:
            if seating >= 0:
                _clear_table(ws)
                counts[ST_CLEARS] += 1
            seating = out[i]
        _seed_stream(rs, seed, stream[i])
        res[i] = _play_row(hands[i], trump[i], leader[i], out[i], trick[i], up[i], disc[i], gone[i], voids[i],
                           won[i], pts0[i], deck_mask, worlds, tries, rs, ws, scr, binom, bitpos, card_at, counts)
    counts[ST_NODES] = ws[WS_NODES]
    for j in range(NUM_STATS):
        stats[k, j] = counts[j]


# --- single-decision entry points (the tests' view into the kernels) -----------------------------
@njit(cache=True)
def decide_given_worlds(worlds_deck, trump, leader, out, trick, pts0, won0, full, tt_bits, bitpos, card_at, tie,
                        order, values):
    """The card (deck number) the mover plays given worlds ``worlds_deck`` (m, 6 deck masks), valued as
    :func:`play_batch` values them; ``values[c]`` the sum over the worlds of the mover's side's points
    minus the others' for each legal card (:data:`NOT_LEGAL` elsewhere).  With ``full`` every sum is
    complete; otherwise the choice is made best-first as :func:`play_batch` makes it (the same card)
    and the sums of the cards ruled out early are partial.  ``order``: the suit order of ties."""
    m = worlds_deck.shape[0]
    tm = np.int64(TRUMP) if trump < 4 else np.int64(0)
    wh = np.zeros((m, SEATS), dtype=np.int64)
    occ = 0
    for w in range(m):
        for s in range(SEATS):
            wh[w, s] = _to_layout(worlds_deck[w, s], trump, bitpos)
            occ |= wh[w, s]
    nxt = np.zeros(SEATS, dtype=np.int64)
    na = _next_seats(out, nxt)
    seat, pos, lead, win, wseat, table = _position(worlds_deck[0], trump, leader, out, trick, bitpos, nxt, tm, tie)
    hand = wh[0, seat]
    legal = _legal(hand, lead, pos)
    rep, members, low, sums, alive, guess, wrep, wval, targets, tvals = _decision_arrays()
    # the cards in play in some world: legal cards with none of them between are equal in every world
    od = _decision_order(order, pos, seat, _maker_side(pts0))  # a makers' lead's ties: the highest first
    nc = _classes(legal, _reps_tie(hand, hand, occ | table, tie), trump, card_at, od, rep, members, low)
    nt = _point_targets(pts0, won0, _popcount(hand), seat & 1, targets, tvals)
    ws = _new_ws(tt_bits, tie)
    counts = np.zeros(NUM_STATS, dtype=np.int64)
    _decide(ws, wh, m, seat, pos, na, nxt, lead, win, wseat, table, tm, nc, rep, low, targets, nt, tvals, full, sums,
            alive, guess, wrep, wval, _best_first_arrays(m), counts)
    return _class_values(values, members, sums, alive, nc, low, trump, card_at, od)


@njit(cache=True)
def sample_worlds_for(hands_deck, trump, leader, out, trick, gone, voids_suit, up, disc, worlds, tries, seed, stream,
                      binom, deck_mask, bitpos, card_at, tie, res):
    """Worlds of the player to move as :func:`play_batch` samples them; ``res`` (worlds, 6) deck masks.

    ``voids_suit[s]``: bit ``e`` when seat ``s`` showed a void in effective suit ``e`` before the
    current trick (voids shown in ``trick`` are added).  Returns ``(count, exact)``.
    """
    tm = np.int64(TRUMP) if trump < 4 else np.int64(0)
    smp = _sampler_arrays(worlds, SEATS, MAX_UNSEEN)
    wh = smp[0]
    nxt = np.zeros(SEATS, dtype=np.int64)
    _next_seats(out, nxt)
    hands = np.zeros(SEATS, dtype=np.int64)
    for s in range(SEATS):
        hands[s] = _to_layout(hands_deck[s], trump, bitpos)
    seat, pos, lead, win, wseat, table = _position(hands_deck, trump, leader, out, trick, bitpos, nxt, tm, tie)
    voids = _slot_voids(voids_suit, trump)
    _trick_voids(voids, trump, leader, trick, pos, lead, bitpos, nxt)
    deck = _to_layout(deck_mask, trump, bitpos)
    gone_l = _to_layout(gone, trump, bitpos) & ~table
    up_bit = (np.int64(1) << bitpos[trump, up]) & hands[DEALER] if up >= 0 else 0
    me_up = up_bit if seat != DEALER else 0
    kitty_known = np.int64(0)
    if disc >= 0 and seat == DEALER:
        kitty_known = (np.int64(1) << bitpos[trump, disc]) & deck & ~gone_l & ~table
    unseen = deck & ~gone_l & ~table & ~hands[seat] & ~me_up & ~kitty_known
    rs = np.zeros(1, dtype=np.uint64)
    _seed_stream(rs, seed, stream)
    m, exact = _fill_worlds(seat, hands, unseen, me_up, np.int64(DEALER), voids, out, worlds, tries, rs, binom, smp)
    _deck_worlds(wh, m, trump, card_at, res)
    return m, exact
