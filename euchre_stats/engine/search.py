"""Numba kernels of the double-dummy solver: plain arrays and ints only, no validation, no I/O.

Inside the kernels a card is not its deck number but one bit of a *power layout*
chosen per trump suit: effective suit ``e`` occupies a 16-bit slot (trump is the
top slot, the three plain suits the lower ones) and inside a slot a higher bit is
a stronger card.  With that layout

* following suit is ``hand & slot``;
* a card beats the card winning the trick iff it is in the led slot or the trump
  slot and its bit is above the winner's (trump is above every plain slot);
* cards of one hand are equivalent when no card held by another hand or on the
  table lies between them, and the relative rank of every card is the order of
  the bits still in play, which gives an exact canonical key for the
  transposition table.

Every bit used is below bit 59, so all masks are non-negative ``int64``.

The search is a boolean zero-window search "can side 0 (seats 0 and 2) take at
least ``target`` of the remaining tricks?"; the trick count is found by probing
targets from a cheap guess, one trick at a time (MTD(f) style).  Trick
boundaries are looked up in a per-thread transposition table of exact keys that
stores lower and upper bounds, so one table may serve many deals (different
trumps, leaders and sitting-out seats included) without ever giving a wrong
answer.  Two tricks before the end a fixed-depth minimax takes over (its
results kept in a small table of their own), and the last trick is decided by
its highest card of the led slot or trump.  The solver's batches of four hands
with a trump suit read every two-trick ending from a table of them all instead
(:func:`build_two_table`, shipped as ``data/two_trick_endings.npz``), and its large
batches every three-trick ending too (:func:`build_three_table`, shipped as
``data/three_trick_endings.npz``).

On CPUs with fast BMI2 ``pext``/``pdep`` (see :data:`FAST_PEXT`) the runs of
equivalent cards, the top card of each slot and the table keys are computed
with those instructions; elsewhere portable twins give the same results.
"""

from __future__ import annotations

import numpy as np
from numba import config, njit, prange, types
from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros
from numba.extending import intrinsic

from ..core.trump import EFF_SUIT, NO_TRUMP, POWER

SLOT_WIDTH = 16
SLOT0 = 0x7FF
SLOT1 = 0x7FF << 16
SLOT2 = 0x7FF << 32
TRUMP = 0x7FF << 48
#: positions with more cards than this skip the transposition table (their owner key would not
#: fit in 62 bits); only a root with four full 8-card hands is affected
TT_MAX_CARDS = 31
#: log2 of the entries of the table of two-trick endings (one int64 each)
TT2_BITS = 12
#: stats array fields
ST_NODES, ST_PROBES, ST_HITS = 0, 1, 2
NUM_STATS = 3
#: weights (sixteenths of a trick) of the first guess (:func:`_guess`), fitted to the fewest nodes on 400,000
#: random deals (``benchmarks/solver_guess.py``): per trump more than the other side, per trump more in the
#: side's longest trump hand, per top card of a plain suit, the top trump (on top of its share of the top
#: two), per card of the top two trumps, per void in a plain suit, for being on lead; and the rounding
GUESS_TRUMP = 8
GUESS_LONG = 7
GUESS_TOP = 8
GUESS_TOP_TRUMP = 5
GUESS_TOP_TWO = 4
GUESS_VOID = 4
GUESS_LEAD = 4
GUESS_ROUND = 15


JOKER_CARD = 32


def build_layout():
    """``(bitpos, card_at)``: bit of each deck card per trump (4: no trump, every suit plain; no
    Joker), and the card at each bit (-1 if none)."""
    bitpos = np.full((5, 33), -1, dtype=np.int64)
    card_at = np.full((5, 64), -1, dtype=np.int64)
    for t in range(5):
        for c in range(33):
            e, p = int(EFF_SUIT[t, c]), int(POWER[t, c])
            if t == NO_TRUMP:  # no trump: suit s in slot s, the trump slot's mask unused (0)
                if c == JOKER_CARD:
                    continue
                slot, pos = e, p
            elif e == t:
                slot, pos = 3, p - 32
            else:
                slot, pos = ((e - t) & 3) - 1, p
            b = slot * SLOT_WIDTH + pos
            bitpos[t, c] = b
            card_at[t, b] = c
    return bitpos, card_at


BITPOS, CARD_AT = build_layout()


if config.DISABLE_JIT:
    # the pure-Python twin (coverage runs with NUMBA_DISABLE_JIT=1 cannot call LLVM intrinsics); read
    # as int64 words, bit 63 (the six-seat doubled layout's top Joker) the sign bit
    _WORD = (1 << 64) - 1

    def _popcount(x):
        return (int(x) & _WORD).bit_count()

    def _hibit(x):
        n = (int(x) & _WORD).bit_length() - 1
        return -(1 << 63) if n == 63 else 1 << n

    def _bit_index(b):
        return (int(b) & _WORD).bit_length() - 1

    def _borrow(a):
        return a

else:

    @intrinsic
    def _ctpop(typingctx, x):
        """LLVM's population count of an integer."""
        def codegen(context, builder, signature, args):
            return builder.ctpop(args[0])

        return x(x), codegen

    @njit(cache=True)
    def _popcount(x):
        return _ctpop(x)

    @njit(cache=True)
    def _hibit(x):
        """The highest set bit of ``x > 0``, as a one-bit mask."""
        return 1 << (63 - leading_zeros(x))

    @njit(cache=True)
    def _bit_index(b):
        """Index of the lowest set bit of ``b``."""
        return trailing_zeros(b)

    @intrinsic
    def _borrow(typingctx, a):
        """A view of array ``a`` that owns nothing (no meminfo): passing it on and rebinding it never
        touches a reference count.

        numba takes (atomically increments) and releases the reference count of an array at every
        rebinding that it cannot prove redundant, and the arguments of an inlined function are rebindings:
        in a loop that calls an inlined function (the search in the band walk, the band walk in the
        valuation) that is two atomic operations per array per call.  A borrowed view makes those
        no-ops (a reference count of no meminfo is skipped, and LLVM folds the test away).  The view is
        valid as long as ``a`` is: use it only inside the function that holds ``a``, never return or
        store it."""
        def codegen(context, builder, signature, args):
            ty = signature.args[0]
            src = context.make_array(ty)(context, builder, args[0])
            dst = context.make_array(ty)(context, builder)
            for name in ("nitems", "itemsize", "data", "shape", "strides"):
                setattr(dst, name, getattr(src, name))
            dst.meminfo = context.get_constant_null(types.MemInfoPointer(ty.dtype))
            dst.parent = context.get_constant_null(types.pyobject)
            return dst._getvalue()

        return a(a), codegen


def _host_has_fast_pext():
    """Whether the kernels may use the BMI2 ``pext``/``pdep`` instructions (fast ones only)."""
    if config.DISABLE_JIT or config.CPU_NAME is not None or config.CPU_FEATURES is not None:
        return False
    try:
        import llvmlite.binding as llvm

        # AMD before Zen 3 runs pext/pdep in microcode, far slower than the portable code
        if llvm.get_host_cpu_name().startswith(("znver1", "znver2", "bdver", "btver")):
            return False
        return bool(llvm.get_host_cpu_features().get("bmi2", False))
    except Exception:  # noqa: BLE001 - no feature list: stay portable
        return False


#: the BMI2 instructions are used (decided once per process; numba's cache is keyed by the CPU)
FAST_PEXT = _host_has_fast_pext()


def _refcount_free_options() -> dict:
    """``njit`` options for a kernel function that allocates no array: ``{"_nrt": False}``, no reference counts.

    numba counts a reference to every array a compiled function is handed (its ``NRT_incref`` and
    ``NRT_decref``, atomic operations) and its pruning pass drops the pairs only in simple functions: the
    world sampler's functions, which loop and call others, counted 40 references a valued decision, about 5%
    of realistic play's kernel time by perf's samples (docs/performance.md, "The garbage collector's walks,
    and a reference count per table read").  A function compiled without numba's runtime (the ``_nrt``
    option, which numba's own tests use but does not document) counts none; it may still read, write and
    slice the arrays its caller owns, and numba refuses to compile it if it allocates one.  Where a numba
    version lacks the option the functions compile as before (the same results, the references counted)."""
    from numba.core.options import DefaultOptions

    return {"_nrt": False} if hasattr(DefaultOptions, "_nrt") else {}


#: ``njit`` options of the kernel functions that allocate nothing (:func:`_refcount_free_options`)
NO_REFCOUNTS = _refcount_free_options()

if FAST_PEXT:
    from llvmlite import ir as _ir
    from numba.core import cgutils as _cgutils
    from numba.core import types as _types

    def _bmi2_intrinsic(name):
        def impl(typingctx, x, m):
            def codegen(context, builder, signature, args):
                i64 = _ir.IntType(64)
                fn = _cgutils.get_or_insert_function(builder.module, _ir.FunctionType(i64, [i64, i64]), name)
                a = context.cast(builder, args[0], signature.args[0], _types.int64)
                b = context.cast(builder, args[1], signature.args[1], _types.int64)
                return builder.call(fn, [a, b])

            return _types.int64(x, m), codegen

        return intrinsic(impl)

    _pext = _bmi2_intrinsic("llvm.x86.bmi.pext.64")
    _pdep = _bmi2_intrinsic("llvm.x86.bmi.pdep.64")


@njit(cache=True)
def _slot_of(b):
    """Slot mask of a one-bit card."""
    return SLOT0 << (_bit_index(b) & 0x30)


@njit(cache=True)
def _hand(h0, h1, h2, h3, s):
    """Hand of seat ``s`` (selects, no branches: the seat to move is unpredictable)."""
    return (h0 if s == 0 else 0) | (h1 if s == 1 else 0) | (h2 if s == 2 else 0) | (h3 if s == 3 else 0)


#: one bit above the cards of each slot: a sentinel that ends every run of equivalent cards
SLOT_ENDS = (1 << 11) | (1 << 27) | (1 << 43) | (1 << 59)

if FAST_PEXT:

    @njit(cache=True)
    def _reps(legal, hand, occ):
        """Keep one card of each run of equivalent cards of ``legal`` (the top one).

        A card is dropped when the next higher card still in play in its slot (in any
        hand or on the table) is also in ``hand``: nothing separates the two.  With
        BMI2: pack ``hand`` over the cards in play (plus a sentinel closing each slot),
        a card is dropped where the next packed bit is also set, then unpack.
        """
        occ |= SLOT_ENDS
        x = _pext(hand, occ)
        return legal & ~_pdep(x & (x >> 1), occ)

else:

    @njit(cache=True)
    def _reps(legal, hand, occ):
        """Keep one card of each run of equivalent cards of ``legal`` (the top one).

        A card is dropped when the next higher card still in play in its slot (in any
        hand or on the table) is also in ``hand``: nothing separates the two.
        """
        out = legal
        m = legal
        while m:
            c = m & -m
            m ^= c
            above = occ & _slot_of(c) & ~((c << 1) - 1)
            if above & -above & hand:
                out ^= c
        return out


if FAST_PEXT:

    @njit(cache=True)
    def _tops(u):
        """The highest card of each slot of ``u`` (packed next to the slot sentinels, then unpacked)."""
        occ = u | SLOT_ENDS
        return _pdep(_pext(SLOT_ENDS, occ) >> 1, occ) & u

else:

    @njit(cache=True)
    def _tops(u):
        """The highest card of each slot of ``u``."""
        tops = 0
        for s in range(4):
            x = u & (SLOT0 << (16 * s))
            if x:
                tops |= _hibit(x)
        return tops


@njit(cache=True)
def _run_above(x, mine):
    """The cards of ``x`` above every card of ``x`` that is not in ``mine`` (its top run in ``mine``)."""
    others = x & ~mine
    if others == 0:
        return x
    return x & ~((_hibit(others) << 1) - 1)


@njit(cache=True, inline="always")
def _bounds0_t(h0, h1, h2, h3, seat, tleft, tm):
    """Quick (lower, upper) bounds on side 0's tricks at a trick boundary with ``seat`` to lead.

    * The highest trump always wins its trick; a side holding the top ``k`` trumps
      in a row wins at least as many tricks as one of its hands holds of them.
    * A leader holding every trump left wins with all of them and with the top
      cards in a row of each plain suit, keeping the lead throughout.

    ``tm`` is the trump slot's mask, 0 in no trump (slot 3 then holds a plain suit).
    """
    u = h0 | h1 | h2 | h3
    t = u & tm
    hl = _hand(h0, h1, h2, h3, seat)
    side = seat & 1
    lb = 0
    ub = tleft
    if t:
        top_side = 1 if (_hibit(t) & (h1 | h3)) else 0
        run = _run_above(t, (h0 | h2) if top_side == 0 else (h1 | h3))
        c0 = _popcount(run & (h0 | h1))
        c1 = _popcount(run & (h2 | h3))
        sure = max(c1, c0)
        if top_side == side:
            lb = sure
        else:
            ub = tleft - sure
    if (t & ~hl) == 0:
        qt = _popcount(t)
        qt += _popcount(_run_above(u & SLOT0, hl))
        qt += _popcount(_run_above(u & SLOT1, hl))
        qt += _popcount(_run_above(u & SLOT2, hl))
        qt += _popcount(_run_above(u & (TRUMP ^ tm), hl))  # no trump: slot 3 is a plain suit
        lb = max(lb, qt)
    lb = min(lb, tleft)
    if side == 0:
        return lb, ub
    return tleft - ub, tleft - lb


def _build_pext6():
    """``PEXT6[m, x]``: the bits of ``x`` selected by ``m`` packed to the bottom (6-bit operands)."""
    table = np.zeros((64, 64), dtype=np.int64)
    for m in range(64):
        for x in range(64):
            out = 0
            k = 0
            for i in range(6):
                if (m >> i) & 1:
                    out |= ((x >> i) & 1) << k
                    k += 1
            table[m, x] = out
    return table


PEXT6 = _build_pext6()


def _build_two_indexes():
    """Index tables of :func:`build_two_table`: the rank of each two-card set among 8, 6 and 4 places
    (-1 elsewhere), and of each shape ``(n0, n1, n2)`` of eight cards over the slots (``n3`` the rest)."""
    pairs = []
    for places in (8, 6, 4):
        t = np.full(1 << places, -1, dtype=np.int64)
        k = 0
        for m in range(1 << places):
            if m.bit_count() == 2:
                t[m] = k
                k += 1
        pairs.append(t)
    shape = np.full(9 * 9 * 9, -1, dtype=np.int64)
    k = 0
    for n0 in range(9):
        for n1 in range(9 - n0):
            for n2 in range(9 - n0 - n1):
                shape[n0 * 81 + n1 * 9 + n2] = k
                k += 1
    return pairs[0], pairs[1], pairs[2], shape


TWO_T28, TWO_T15, TWO_T6, TWO_SHAPE = _build_two_indexes()
#: two-trick endings of four hands with a trump suit: 165 shapes x 2,520 ways to hold 2 cards each x 4 leaders
TWO_ENDINGS = 4 * 165 * 2520
#: int64 words of the table of their values (2 bits an ending)
TWO_WORDS = (TWO_ENDINGS + 31) // 32


@njit(cache=True)
def _compress(x, m):
    """Parallel bit extract of an 11-bit slot: the bits of ``x`` at the positions set in ``m``, packed."""
    lo = PEXT6[m & 63, x & 63]
    hi = PEXT6[(m >> 6) & 63, (x >> 6) & 63]
    return lo | (hi << _popcount(m & 63))


if FAST_PEXT:

    @njit(cache=True)
    def _key(h0, h1, h2, h3, seat, tm):
        """Exact canonical key ``(owners, shape)`` of a trick-boundary position (see the portable twin).

        ``pext`` over every card still in play packs each slot to its relative ranks in one go.
        """
        u = h0 | h1 | h2 | h3
        k1 = _pext(h1 | h3, u) | (_pext(h2 | h3, u) << 32)
        k2 = (seat << 16) | (_popcount(u & SLOT0) << 12) | (_popcount(u & SLOT1) << 8)
        k2 |= (_popcount(u & SLOT2) << 4) | _popcount(u & TRUMP)
        if tm == 0:  # no trump: the same cards are another position
            k2 |= 1 << 20
        return k1, k2

else:

    @njit(cache=True)
    def _key(h0, h1, h2, h3, seat, tm):
        """Exact canonical key ``(owners, shape)`` of a trick-boundary position.

        Each slot's cards still in play are packed to consecutive positions (their
        relative ranks); ``owners`` holds, over those positions, the two bit planes of
        the seat holding each card (low and high 32 bits), ``shape`` how many cards
        each slot has left and the seat to lead.  Played cards leave no trace, so two
        positions that differ only by which equivalent cards were played share a key.
        At most 31 cards (:data:`TT_MAX_CARDS`) so that each plane fits 31 bits.
        """
        u = h0 | h1 | h2 | h3
        p0 = h1 | h3
        p1 = h2 | h3
        k1 = 0
        k2 = seat
        off = 0
        for s in range(4):
            sh = 16 * s
            us = (u >> sh) & 0x7FF
            k1 |= _compress((p0 >> sh) & 0x7FF, us) << off
            k1 |= _compress((p1 >> sh) & 0x7FF, us) << (off + 32)
            n = _popcount(us)
            off += n
            k2 = (k2 << 4) | n
        if tm == 0:  # no trump: the same cards are another position
            k2 |= 1 << 20
        return k1, k2


@njit(cache=True)
def _last_side0(h0, h1, h2, h3, seat, tm):
    """1 if side 0 wins the last trick (every active hand holds one card) led by ``seat``, else 0.

    The order of play does not matter any more: the winner is the highest card of the
    led slot or of trump among the cards left.
    """
    w = _hibit((h0 | h1 | h2 | h3) & (_slot_of(_hand(h0, h1, h2, h3, seat)) | tm))
    return 0 if w & (h1 | h3) else 1


@njit(cache=True)
def _two_end(h0, h1, h2, h3, wseat, nxt, na, tm):
    """Side 0's tricks of the last two once ``wseat`` won the first (the last one is forced)."""
    return (1 - (wseat & 1)) + _last_side0(h0, h1, h2, h3, wseat, tm)


@njit(cache=True)
def _two3(h0, h1, h2, h3, seat, pos, nxt, na, lead, win, wseat, target, tm):
    """Fourth card of the first of two tricks left."""
    if pos == na:
        return _two_end(h0, h1, h2, h3, wseat, nxt, na, tm)
    hand = _hand(h0, h1, h2, h3, seat)
    legal = hand & lead
    if legal == 0:
        legal = hand
    maximise = (seat & 1) == 0
    best = -1 if maximise else 3
    m = legal
    while m:
        c = m & -m
        m ^= c
        nws = seat if ((c & (lead | tm)) and c > win) else wseat
        v = _two_end(h0 ^ (c if seat == 0 else 0), h1 ^ (c if seat == 1 else 0), h2 ^ (c if seat == 2 else 0),
                     h3 ^ (c if seat == 3 else 0), nws, nxt, na, tm)
        if maximise:
            if v > best:
                best = v
                if best >= target:
                    break
        elif v < best:
            best = v
            if best < target:
                break
    return best


@njit(cache=True)
def _two2(h0, h1, h2, h3, seat, pos, nxt, na, lead, win, wseat, target, tm):
    """Third card of the first of two tricks left."""
    if pos == na:
        return _two_end(h0, h1, h2, h3, wseat, nxt, na, tm)
    hand = _hand(h0, h1, h2, h3, seat)
    legal = hand & lead
    if legal == 0:
        legal = hand
    maximise = (seat & 1) == 0
    best = -1 if maximise else 3
    nseat = (nxt >> (2 * seat)) & 3
    m = legal
    while m:
        c = m & -m
        m ^= c
        if (c & (lead | tm)) and c > win:
            nwin = c
            nws = seat
        else:
            nwin = win
            nws = wseat
        v = _two3(h0 ^ (c if seat == 0 else 0), h1 ^ (c if seat == 1 else 0), h2 ^ (c if seat == 2 else 0),
                  h3 ^ (c if seat == 3 else 0), nseat, pos + 1, nxt, na, lead, nwin, nws, target, tm)
        if maximise:
            if v > best:
                best = v
                if best >= target:
                    break
        elif v < best:
            best = v
            if best < target:
                break
    return best


@njit(cache=True)
def _two1(h0, h1, h2, h3, seat, pos, nxt, na, lead, win, wseat, target, tm):
    """Second card of the first of two tricks left."""
    if pos == na:
        return _two_end(h0, h1, h2, h3, wseat, nxt, na, tm)
    hand = _hand(h0, h1, h2, h3, seat)
    legal = hand & lead
    if legal == 0:
        legal = hand
    maximise = (seat & 1) == 0
    best = -1 if maximise else 3
    nseat = (nxt >> (2 * seat)) & 3
    m = legal
    while m:
        c = m & -m
        m ^= c
        if (c & (lead | tm)) and c > win:
            nwin = c
            nws = seat
        else:
            nwin = win
            nws = wseat
        v = _two2(h0 ^ (c if seat == 0 else 0), h1 ^ (c if seat == 1 else 0), h2 ^ (c if seat == 2 else 0),
                  h3 ^ (c if seat == 3 else 0), nseat, pos + 1, nxt, na, lead, nwin, nws, target, tm)
        if maximise:
            if v > best:
                best = v
                if best >= target:
                    break
        elif v < best:
            best = v
            if best < target:
                break
    return best


@njit(cache=True)
def _two(h0, h1, h2, h3, seat, nxt, na, target, tm):
    """Side-0 tricks when every active hand holds two cards and ``seat`` leads, cut at ``target``.

    A fixed-depth minimax (at most 2**4 lines) is cheaper than the general search
    here.  With cut-offs the result is exact only as far as ``>= target`` goes.
    """
    hand = _hand(h0, h1, h2, h3, seat)
    maximise = (seat & 1) == 0
    best = -1 if maximise else 3
    nseat = (nxt >> (2 * seat)) & 3
    m = hand
    while m:
        c = m & -m
        m ^= c
        v = _two1(h0 ^ (c if seat == 0 else 0), h1 ^ (c if seat == 1 else 0), h2 ^ (c if seat == 2 else 0),
                  h3 ^ (c if seat == 3 else 0), nseat, 1, nxt, na, _slot_of(c), c, seat, target, tm)
        if maximise:
            if v > best:
                best = v
                if best >= target:
                    break
        elif v < best:
            best = v
            if best < target:
                break
    return best


if FAST_PEXT:

    @njit(cache=True)
    def _extract(x, m):
        """The bits of ``x`` at the places set in ``m`` (at most 12 bits), packed."""
        return _pext(x, m)

else:

    @njit(cache=True)
    def _extract(x, m):
        """The bits of ``x`` at the places set in ``m`` (at most 12 bits), packed."""
        return _compress(x, m)


@njit(cache=True)
def _deposit(x, m):
    """The low bits of ``x`` spread to the places set in ``m`` (the inverse of :func:`_extract`)."""
    out = 0
    k = 0
    while m:
        b = m & -m
        m ^= b
        if (x >> k) & 1:
            out |= b
        k += 1
    return out


@njit(cache=True)
def build_two_table(two, t28, t15, t6, shape):
    """Fill ``two`` (:data:`TWO_WORDS` zeros) with side 0's tricks in every two-trick ending of four hands
    with a trump suit, by the minimax :func:`_two`: 2 bits an ending, at the index :func:`_two_lookup`
    computes from the ending's exact canonical key (:func:`_key`)."""
    for n0 in range(9):
        for n1 in range(9 - n0):
            for n2 in range(9 - n0 - n1):
                n3 = 8 - n0 - n1 - n2
                sh = shape[n0 * 81 + n1 * 9 + n2]
                # the eight cards at their relative ranks, in the order the key packs them (slot by slot, low first)
                places = np.zeros(8, dtype=np.int64)
                j = 0
                for s in range(4):
                    ns = n0 if s == 0 else (n1 if s == 1 else (n2 if s == 2 else n3))
                    for i in range(ns):
                        places[j] = 1 << (SLOT_WIDTH * s + i)
                        j += 1
                for m0 in range(256):
                    i0 = t28[m0]
                    if i0 < 0:
                        continue
                    rest0 = 0xFF & ~m0
                    for r1 in range(64):
                        i1 = t15[r1]
                        if i1 < 0:
                            continue
                        m1 = _deposit(r1, rest0)
                        rest1 = rest0 & ~m1
                        for r2 in range(16):
                            i2 = t6[r2]
                            if i2 < 0:
                                continue
                            m2 = _deposit(r2, rest1)
                            m3 = rest1 & ~m2
                            h0 = 0
                            h1 = 0
                            h2 = 0
                            h3 = 0
                            for k in range(8):
                                b = 1 << k
                                h0 |= places[k] if m0 & b else 0
                                h1 |= places[k] if m1 & b else 0
                                h2 |= places[k] if m2 & b else 0
                                h3 |= places[k] if m3 & b else 0
                            own = (i0 * 15 + i1) * 6 + i2
                            for seat in range(4):
                                # seats in turn 0, 1, 2, 3 (nxt 0b00111001), all four playing
                                v = 0
                                if _two(h0, h1, h2, h3, seat, 57, 4, 1, TRUMP) >= 1:
                                    v = 1
                                    if _two(h0, h1, h2, h3, seat, 57, 4, 2, TRUMP) >= 2:
                                        v = 2
                                idx = (seat * 165 + sh) * 2520 + own
                                two[idx >> 5] |= v << (2 * (idx & 31))


@njit(cache=True, inline="always")
def _two_lookup(tt2, h0, h1, h2, h3, seat):
    """Side 0's tricks in a two-trick ending of four hands with a trump suit, ``seat`` to lead: read from
    the table of every such ending (:func:`build_two_table`), kept in ``tt2`` after its
    ``1 << TT2_BITS`` entries."""
    k1, k2 = _key(h0, h1, h2, h3, seat, TRUMP)
    p0 = k1 & 0xFF
    p1 = (k1 >> 32) & 0xFF
    m0 = 0xFF & ~(p0 | p1)
    m1 = p0 & ~p1
    m2 = p1 & ~p0
    rest0 = 0xFF & ~m0
    own = (TWO_T28[m0] * 15 + TWO_T15[_extract(m1, rest0)]) * 6 + TWO_T6[_extract(m2, rest0 & ~m1)]
    sh = TWO_SHAPE[((k2 >> 12) & 15) * 81 + ((k2 >> 8) & 15) * 9 + ((k2 >> 4) & 15)]
    idx = (seat * 165 + sh) * 2520 + own
    return (tt2[(1 << TT2_BITS) + (idx >> 5)] >> (2 * (idx & 31))) & 3


def _build_three_indexes():
    """Index tables of :func:`build_three_table`: the rank of each three-card set among 12, 9 and 6 places
    (-1 elsewhere; int32, to stay small in the cache); the shapes of twelve cards it holds (``THREE_SHAPES`` rows
    ``(trumps, plain counts high to low)``: at most 8 trumps and 6 cards of a plain suit, the 24- and 25-card
    packs) and each one's row at ``THREE_SHAPE[trumps * 49 + a * 7 + b]`` for plain counts ``a >= b >= c``
    (-1 elsewhere)."""
    sets = []
    for places in (12, 9, 6):
        t = np.full(1 << places, -1, dtype=np.int32)
        k = 0
        for m in range(1 << places):
            if m.bit_count() == 3:
                t[m] = k
                k += 1
        sets.append(t)
    rows = []
    index = np.full(9 * 49, -1, dtype=np.int64)
    for nt in range(9):
        for a in range(7):
            for b in range(a + 1):
                c = 12 - nt - a - b
                if 0 <= c <= b:
                    index[nt * 49 + a * 7 + b] = len(rows)
                    rows.append((nt, a, b, c))
    return sets[0], sets[1], sets[2], index, np.array(rows, dtype=np.int64)


THREE_T220, THREE_T84, THREE_T20, THREE_SHAPE, THREE_SHAPES = _build_three_indexes()
#: ways to hold 3 cards each of twelve places
THREE_OWN = 220 * 84 * 20
#: int64 words of the table of three-trick endings (2 bits an ending, the leader's side's tricks)
THREE_WORDS = (THREE_SHAPES.shape[0] * THREE_OWN + 31) // 32


@njit(cache=True, inline="always")
def _lanes(x, a, b, c):
    """``x`` with its plain slots ``a``, ``b``, ``c`` moved to slots 0, 1, 2 (the trump slot stays)."""
    return (((x >> (16 * a)) & SLOT0) | (((x >> (16 * b)) & SLOT0) << 16) | (((x >> (16 * c)) & SLOT0) << 32)
            | (x & TRUMP))


if FAST_PEXT:

    @njit(cache=True, inline="always")
    def _places(x, u):
        """The bits of ``x`` at the cards of ``u`` (slot by slot, low first), packed."""
        return _pext(x, u)

else:

    @njit(cache=True, inline="always")
    def _places(x, u):
        """The bits of ``x`` at the cards of ``u`` (slot by slot, low first), packed."""
        out = 0
        off = 0
        for s in range(4):
            sh = 16 * s
            us = (u >> sh) & 0x7FF
            out |= _compress((x >> sh) & 0x7FF, us) << off
            off += _popcount(us)
        return out


@njit(cache=True, inline="always")
def _three_fits(u):
    """Whether every set of twelve of the cards ``u`` has a shape of the table of three-trick endings (at most
    8 trumps, at most 6 cards of each plain slot)."""
    return (_popcount(u & TRUMP) <= 8 and _popcount(u & SLOT0) <= 6 and _popcount(u & SLOT1) <= 6
            and _popcount(u & SLOT2) <= 6)


@njit(cache=True)
def _three_index(h0, h1, h2, h3, seat):
    """The place of a three-trick ending of four hands with a trump suit, ``seat`` to lead, in the table of
    such endings (:func:`build_three_table`); -1 if its shape is not in the table.

    The seats are turned so that the leader is seat 0 and the plain slots sorted by length (the game is
    the same for any order of the plain suits), then the twelve cards' owners give the index.  A function
    the search calls, not inlined: inlined at its two places it doubled the search's first compile (2.7 ->
    5.5 CPU-s) for 1.7% more full deals per CPU-second.  It takes no array: a compiled function handed the
    table counted a reference to it on every call (numba's atomic ``NRT_incref``/``NRT_decref``, on one
    counter that every thread shares); without them the solver runs 3.9% fewer instructions a full deal."""
    a0 = _hand(h0, h1, h2, h3, seat)
    a1 = _hand(h0, h1, h2, h3, (seat + 1) & 3)
    a2 = _hand(h0, h1, h2, h3, (seat + 2) & 3)
    a3 = _hand(h0, h1, h2, h3, (seat + 3) & 3)
    u = a0 | a1 | a2 | a3
    n0 = _popcount(u & SLOT0)
    n1 = _popcount(u & SLOT1)
    n2 = _popcount(u & SLOT2)
    nt = 12 - n0 - n1 - n2
    # the plain slots longest first: a, b, c
    if n0 >= n1:
        a, na_, b, nb = 0, n0, 1, n1
    else:
        a, na_, b, nb = 1, n1, 0, n0
    c, nc = 2, n2
    if nc > nb:
        b, nb, c, nc = c, nc, b, nb
        if nb > na_:
            a, na_, b, nb = b, nb, a, na_
    if nt > 8 or na_ > 6:
        return -1
    sh = THREE_SHAPE[nt * 49 + na_ * 7 + nb]
    uu = _lanes(u, a, b, c)
    o0 = _places(_lanes(a1 | a3, a, b, c), uu)
    o1 = _places(_lanes(a2 | a3, a, b, c), uu)
    m0 = 0xFFF & ~(o0 | o1)
    m1 = o0 & ~o1
    rest0 = 0xFFF & ~m0
    own = (THREE_T220[m0] * 84 + THREE_T84[_extract(m1, rest0)]) * 20 + THREE_T20[_extract(o1 & ~o0, rest0 & ~m1)]
    return sh * THREE_OWN + own


@njit(cache=True, inline="always")
def _three_lookup(tt3, h0, h1, h2, h3, seat):
    """Side 0's tricks in a three-trick ending of four hands with a trump suit, ``seat`` to lead, read from
    the table of such endings (:func:`build_three_table`); -1 if its shape is not in the table.  Inlined
    (the index is :func:`_three_index`'s): the read uses the caller's own reference to the table."""
    idx = _three_index(h0, h1, h2, h3, seat)
    if idx < 0:
        return -1
    v = (tt3[idx >> 5] >> (2 * (idx & 31))) & 3
    return v if (seat & 1) == 0 else 3 - v


@njit(cache=True, inline="always")
def _last_card_of_three(tt2, st, h0, h1, h2, h3, seat, lead, win, wseat, target, m0, m1):
    """The last card of the first of three tricks left (four hands, a trump suit), each move's two-trick
    ending read from the table in place: what the general search would do with this node and its
    children (the same moves in the same order, the same nodes counted) without a stack frame."""
    maximise = (seat & 1) == 0
    while m0 | m1:
        if m0:
            c = m0 & -m0
            m0 ^= c
        else:
            c = m1 & -m1
            m1 ^= c
        n0 = h0 ^ c if seat == 0 else h0
        n1 = h1 ^ c if seat == 1 else h1
        n2 = h2 ^ c if seat == 2 else h2
        n3 = h3 ^ c if seat == 3 else h3
        ws = seat if ((c & (lead | TRUMP)) and c > win) else wseat
        t2 = target - 1 if (ws & 1) == 0 else target
        st[0] += 1
        if t2 <= 0:
            cr = True
        elif t2 > 2:
            cr = False
        else:
            cr = _two_lookup(tt2, n0, n1, n2, n3, ws) >= t2
        if cr == maximise:
            return cr
    return not maximise


@njit(cache=True, inline="always")
def _last_card_of_four(tt3, st, h0, h1, h2, h3, seat, lead, win, wseat, target, m0, m1):
    """The last card of the first of four tricks left (four hands, a trump suit, every three-trick ending after
    it in the table of them), each move's ending read in place: what the general search would do with this node
    and its children (the same moves in the same order, the same nodes counted) without a stack frame."""
    maximise = (seat & 1) == 0
    while m0 | m1:
        if m0:
            c = m0 & -m0
            m0 ^= c
        else:
            c = m1 & -m1
            m1 ^= c
        n0 = h0 ^ c if seat == 0 else h0
        n1 = h1 ^ c if seat == 1 else h1
        n2 = h2 ^ c if seat == 2 else h2
        n3 = h3 ^ c if seat == 3 else h3
        ws = seat if ((c & (lead | TRUMP)) and c > win) else wseat
        t3 = target - 1 if (ws & 1) == 0 else target
        st[0] += 1
        if t3 <= 0:
            cr = True
        elif t3 > 3:
            cr = False
        else:
            cr = _three_lookup(tt3, n0, n1, n2, n3, ws) >= t3
        if cr == maximise:
            return cr
    return not maximise


# explicit-stack frame fields (recursion is avoided: numba cannot cache recursive functions)
F_H0, F_H1, F_H2, F_H3, F_SEAT, F_POS, F_LEAD, F_WIN, F_WSEAT, F_TABLE = 0, 1, 2, 3, 4, 5, 6, 7, 8, 9
F_TARGET, F_TLEFT, F_M0, F_M1, F_TT, F_K1, F_K2, F_LB, F_UB = 10, 11, 12, 13, 14, 15, 16, 17, 18
#: the card last played from the frame: after a root cut-off, ``stk[0, F_LAST]`` is the move that proved it
F_LAST = 19
NUM_FIELDS = 20
MAX_DEPTH = 40


@njit(cache=True, inline="always")
def _search_t(tt, tt2, tt3, st, stk, h0, h1, h2, h3, seat, pos, na, nxt, lead, win, wseat, table, target, tleft, tm):
    """Can side 0 take at least ``target`` of the ``tleft`` tricks still to be decided?

    ``seat`` is to play the ``pos``-th card of the current trick (``pos == 0``: to
    lead).  ``lead`` is the led slot, ``win`` the card winning so far (played by
    ``wseat``), ``table`` the cards on the table.  A depth-first search over an
    explicit stack ``stk`` (one row per card played): seats of side 0 need one
    move that reaches the target, seats of side 1 one move that stops it.

    When the answer was proved by one move at the root (True with side 0 to move, False with
    side 1), ``stk[0, F_LAST]`` holds that move; a root decided without trying a move (bounds,
    the table) leaves it alone, so callers that want the move set it to 0 first.

    When ``tt2`` is longer than its ``1 << TT2_BITS`` entries, the rest is the table of every
    two-trick ending of four hands with a trump suit (:func:`build_two_table`; realistic play's
    ``play_batch`` passes it): such endings are read from it, and the last card of the trick before
    them is decided in place (:func:`_last_card_of_three`) except at the root, as in :func:`_search_g`.

    A non-empty ``tt3`` is the table of three-trick endings of four hands with a trump suit
    (:func:`build_three_table`; ``play_batch`` passes it): below the root, those of its shapes are read
    from it (:func:`_three_lookup`, before the bounds and the transposition table) and the last card of
    the trick before them is decided in place when every ending after it has a shape of the table
    (:func:`_last_card_of_four`), as in :func:`_search_g`; the root stays a frame, so ``stk[0, F_LAST]``
    is set as without the table.  Every answer is exact either way: only the nodes counted change.
    (The first of three tricks left used to be searched in place, without frames, when only the
    two-trick table was there: about 3% of realistic play, 1 CPU-second of first compile; with this
    table it was never reached on the 24- and 25-card packs and rarely on the 32-card one, so it went,
    docs/performance.md, "Realistic play reads the three-trick table".)
    """
    tmask = (tt.shape[0] >> 1) - 1
    hshift = 64 - _bit_index(tt.shape[0] >> 1)
    sp = 0
    while True:
        # ---- enter the node described by the state variables ----
        if pos == na:
            if (wseat & 1) == 0:
                target -= 1
            tleft -= 1
            seat = wseat
            pos = 0
            table = 0
        st[0] += 1
        resolved = False
        r = False
        hand = _hand(h0, h1, h2, h3, seat)
        if pos == 0:
            # three tricks left (four hands, a trump suit), below the root and still open: read from the table
            # if it holds the shape (the root stays a frame: the band walk reads the move that proved it)
            v3 = -1
            if tm != 0 and tleft == 3 and na == 4 and 0 < target <= 3 and sp > 0 and tt3.shape[0] > 0:
                v3 = _three_lookup(tt3, h0, h1, h2, h3, seat)
            if target <= 0:
                resolved = True
                r = True
            elif target > tleft:
                resolved = True
                r = False
            elif tleft == 1:
                resolved = True
                r = _last_side0(h0, h1, h2, h3, seat, tm) == 1
            elif tm != 0 and tleft == 2 and na == 4 and tt2.shape[0] > (1 << TT2_BITS):
                resolved = True
                r = _two_lookup(tt2, h0, h1, h2, h3, seat) >= target
            elif v3 >= 0:
                resolved = True
                r = v3 >= target
            else:
                lb, ub = _bounds0_t(h0, h1, h2, h3, seat, tleft, tm)
                if lb >= target:
                    resolved = True
                    r = True
                elif ub < target:
                    resolved = True
                    r = False
                elif tleft == 2:
                    resolved = True
                    # two-trick endings recur often: a small table of exact keys with bounds
                    k1, k2 = _key(h0, h1, h2, h3, seat, tm)
                    k = ((k1 & 0xFF) | ((k1 >> 24) & 0xFF00) | (k2 << 16)) << 4
                    i2 = ((k * 0x1E3779B97F4A7C15) >> (64 - TT2_BITS)) & ((1 << TT2_BITS) - 1)
                    e = tt2[i2]
                    if (e >> 4) == (k >> 4):
                        lb = max(lb, (e >> 2) & 3)
                        ub = min(ub, e & 3)
                    if lb >= target:
                        r = True
                    elif ub < target:
                        r = False
                    else:
                        r = _two(h0, h1, h2, h3, seat, nxt, na, target, tm) >= target
                        if r:
                            lb = target
                        else:
                            ub = target - 1
                        tt2[i2] = k | (lb << 2) | ub
                else:
                    idx = -1
                    k1 = 0
                    k2 = 0
                    if tleft * na <= TT_MAX_CARDS:
                        k1, k2 = _key(h0, h1, h2, h3, seat, tm)
                        # multiplicative hash: the top bits of the product mix every key bit
                        idx = ((((k1 ^ (k2 * 0x42B2AE3D27D4EB4F)) * 0x1E3779B97F4A7C15) >> hshift) & tmask) << 1
                        st[1] += 1
                        if tt[idx] == k1 and (tt[idx + 1] >> 16) == k2:
                            st[2] += 1
                            e = tt[idx + 1]
                            tlb = (e >> 8) & 0xFF
                            tub = e & 0xFF
                            if tlb >= target:
                                resolved = True
                                r = True
                            elif tub < target:
                                resolved = True
                                r = False
                            else:
                                lb = max(lb, tlb)
                                ub = min(ub, tub)
                    if not resolved:
                        u = h0 | h1 | h2 | h3
                        moves = _reps(hand, hand, u)
                        # leads of the top card of a slot first (they win the trick), high to low;
                        # then the other leads low to high
                        tops = _tops(u) & hand
                        fi = sp
                        stk[fi, F_M0] = moves & tops
                        stk[fi, F_M1] = moves & ~tops
                        stk[fi, F_TT] = idx
                        stk[fi, F_K1] = k1
                        stk[fi, F_K2] = k2
                        stk[fi, F_LB] = lb
                        stk[fi, F_UB] = ub
        else:
            legal = hand & lead
            if legal == 0:
                legal = hand
            moves = _reps(legal, hand, h0 | h1 | h2 | h3 | table)
            if (wseat & 1) == (seat & 1):
                first = 0
            else:
                # cards that take the trick from the opponents first, cheapest first
                first = moves & (lead | tm) & ~((win << 1) - 1)
            if (tm != 0 and tleft == 3 and pos == 3 and na == 4 and sp > 0
                    and tt2.shape[0] > (1 << TT2_BITS)):
                resolved = True
                r = _last_card_of_three(tt2, st, h0, h1, h2, h3, seat, lead, win, wseat, target, moves & first,
                                        moves & ~first)
            elif (tm != 0 and tleft == 4 and pos == 3 and na == 4 and sp > 0 and tt3.shape[0] > 0
                  and _three_fits(h0 | h1 | h2 | h3)):
                resolved = True
                r = _last_card_of_four(tt3, st, h0, h1, h2, h3, seat, lead, win, wseat, target, moves & first,
                                       moves & ~first)
            else:
                fi = sp
                stk[fi, F_M0] = moves & first
                stk[fi, F_M1] = moves & ~first
                stk[fi, F_TT] = -1
        if not resolved:
            fi = sp
            stk[fi, F_H0] = h0
            stk[fi, F_H1] = h1
            stk[fi, F_H2] = h2
            stk[fi, F_H3] = h3
            stk[fi, F_SEAT] = seat
            stk[fi, F_POS] = pos
            stk[fi, F_LEAD] = lead
            stk[fi, F_WIN] = win
            stk[fi, F_WSEAT] = wseat
            stk[fi, F_TABLE] = table
            stk[fi, F_TARGET] = target
            stk[fi, F_TLEFT] = tleft
            sp += 1
        # ---- hand results up the stack, or step to the next move ----
        while True:
            fi = sp - 1 if sp > 0 else 0
            if resolved:
                if sp == 0:
                    return r
                maximise = (stk[fi, F_SEAT] & 1) == 0
                if r == maximise:
                    # cut-off: this frame is decided
                    if stk[fi, F_TT] >= 0:
                        _tt_store(tt, stk, fi, r)
                    sp -= 1
                    continue
            fseat = stk[fi, F_SEAT]
            fpos = stk[fi, F_POS]
            if stk[fi, F_M0]:
                m = stk[fi, F_M0]
                c = _hibit(m) if fpos == 0 else (m & -m)
                stk[fi, F_M0] = m ^ c
            elif stk[fi, F_M1]:
                m = stk[fi, F_M1]
                c = m & -m
                stk[fi, F_M1] = m ^ c
            else:
                r = (fseat & 1) != 0
                resolved = True
                if stk[fi, F_TT] >= 0:
                    _tt_store(tt, stk, fi, r)
                sp -= 1
                continue
            stk[fi, F_LAST] = c
            h0 = stk[fi, F_H0]
            h1 = stk[fi, F_H1]
            h2 = stk[fi, F_H2]
            h3 = stk[fi, F_H3]
            h0 ^= c if fseat == 0 else 0
            h1 ^= c if fseat == 1 else 0
            h2 ^= c if fseat == 2 else 0
            h3 ^= c if fseat == 3 else 0
            if fpos == 0:
                lead = _slot_of(c)
                win = c
                wseat = fseat
                table = c
            else:
                lead = stk[fi, F_LEAD]
                win = stk[fi, F_WIN]
                wseat = stk[fi, F_WSEAT]
                table = stk[fi, F_TABLE] | c
                if (c & (lead | tm)) and c > win:
                    win = c
                    wseat = fseat
            seat = (nxt >> (2 * fseat)) & 3
            pos = fpos + 1
            target = stk[fi, F_TARGET]
            tleft = stk[fi, F_TLEFT]
            break


@njit(cache=True, inline="always")
def _search_g(tt, tt2, tt3, st, stk, h0, h1, h2, h3, seat, pos, na, nxt, lead, win, wseat, table, target, tleft, tm):
    """Can side 0 take at least ``target`` of the ``tleft`` tricks still to be decided?

    ``seat`` is to play the ``pos``-th card of the current trick (``pos == 0``: to
    lead).  ``lead`` is the led slot, ``win`` the card winning so far (played by
    ``wseat``), ``table`` the cards on the table.  A depth-first search over an
    explicit stack ``stk`` (one row per card played): seats of side 0 need one
    move that reaches the target, seats of side 1 one move that stops it.

    When the answer was proved by one move at the root (True with side 0 to move, False with
    side 1), ``stk[0, F_LAST]`` holds that move; a root decided without trying a move (bounds,
    the table) leaves it alone, so callers that want the move set it to 0 first.

    The solver's copy of :func:`_search_t` (the form realistic play inlines): when ``tt2`` is longer than
    its ``1 << TT2_BITS`` entries, the rest is the table of every two-trick ending of four hands with a
    trump suit (:func:`build_two_table`): such endings are read from it instead of bounded and searched,
    and the last card of the trick before them is decided in place (:func:`_last_card_of_three`); with
    four hands and a trump suit that node is then never a frame, so ``stk[0, F_LAST]`` is not set when
    it is the root.  A non-empty ``tt3`` is the table of three-trick endings of four hands with a trump
    suit (:func:`build_three_table`), and those of its shapes are read from it (:func:`_three_lookup`,
    before the bounds and the transposition table), the last card of the trick before them decided in
    place (:func:`_last_card_of_four`) when every ending after it has a shape of the table.
    :func:`_search_t` does the same but keeps the root a frame where this search decides it in place
    (realistic play reads the move that proved a probe there).  Keep the two in step: apart from that
    they are the same search.
    """
    tmask = (tt.shape[0] >> 1) - 1
    hshift = 64 - _bit_index(tt.shape[0] >> 1)
    sp = 0
    while True:
        # ---- enter the node described by the state variables ----
        if pos == na:
            if (wseat & 1) == 0:
                target -= 1
            tleft -= 1
            seat = wseat
            pos = 0
            table = 0
        st[0] += 1
        resolved = False
        r = False
        hand = _hand(h0, h1, h2, h3, seat)
        if pos == 0:
            # three tricks left (four hands, a trump suit) and still open: read from the table if it holds the shape
            v3 = -1
            if tm != 0 and tleft == 3 and na == 4 and 0 < target <= 3 and tt3.shape[0] > 0:
                v3 = _three_lookup(tt3, h0, h1, h2, h3, seat)
            if target <= 0:
                resolved = True
                r = True
            elif target > tleft:
                resolved = True
                r = False
            elif tleft == 1:
                resolved = True
                r = _last_side0(h0, h1, h2, h3, seat, tm) == 1
            elif tm != 0 and tleft == 2 and na == 4 and tt2.shape[0] > (1 << TT2_BITS):
                resolved = True
                r = _two_lookup(tt2, h0, h1, h2, h3, seat) >= target
            elif v3 >= 0:
                resolved = True
                r = v3 >= target
            else:
                lb, ub = _bounds0_t(h0, h1, h2, h3, seat, tleft, tm)
                if lb >= target:
                    resolved = True
                    r = True
                elif ub < target:
                    resolved = True
                    r = False
                elif tleft == 2:
                    resolved = True
                    # two-trick endings recur often: a small table of exact keys with bounds
                    k1, k2 = _key(h0, h1, h2, h3, seat, tm)
                    k = ((k1 & 0xFF) | ((k1 >> 24) & 0xFF00) | (k2 << 16)) << 4
                    i2 = ((k * 0x1E3779B97F4A7C15) >> (64 - TT2_BITS)) & ((1 << TT2_BITS) - 1)
                    e = tt2[i2]
                    if (e >> 4) == (k >> 4):
                        lb = max(lb, (e >> 2) & 3)
                        ub = min(ub, e & 3)
                    if lb >= target:
                        r = True
                    elif ub < target:
                        r = False
                    else:
                        r = _two(h0, h1, h2, h3, seat, nxt, na, target, tm) >= target
                        if r:
                            lb = target
                        else:
                            ub = target - 1
                        tt2[i2] = k | (lb << 2) | ub
                else:
                    idx = -1
                    k1 = 0
                    k2 = 0
                    if tleft * na <= TT_MAX_CARDS:
                        k1, k2 = _key(h0, h1, h2, h3, seat, tm)
                        # multiplicative hash: the top bits of the product mix every key bit
                        idx = ((((k1 ^ (k2 * 0x42B2AE3D27D4EB4F)) * 0x1E3779B97F4A7C15) >> hshift) & tmask) << 1
                        st[1] += 1
                        if tt[idx] == k1 and (tt[idx + 1] >> 16) == k2:
                            st[2] += 1
                            e = tt[idx + 1]
                            tlb = (e >> 8) & 0xFF
                            tub = e & 0xFF
                            if tlb >= target:
                                resolved = True
                                r = True
                            elif tub < target:
                                resolved = True
                                r = False
                            else:
                                lb = max(lb, tlb)
                                ub = min(ub, tub)
                    if not resolved:
                        u = h0 | h1 | h2 | h3
                        moves = _reps(hand, hand, u)
                        # leads of the top card of a slot first (they win the trick), high to low;
                        # then the other leads low to high
                        tops = _tops(u) & hand
                        fi = sp
                        stk[fi, F_M0] = moves & tops
                        stk[fi, F_M1] = moves & ~tops
                        stk[fi, F_TT] = idx
                        stk[fi, F_K1] = k1
                        stk[fi, F_K2] = k2
                        stk[fi, F_LB] = lb
                        stk[fi, F_UB] = ub
        else:
            legal = hand & lead
            if legal == 0:
                legal = hand
            moves = _reps(legal, hand, h0 | h1 | h2 | h3 | table)
            if (wseat & 1) == (seat & 1):
                first = 0
            else:
                # cards that take the trick from the opponents first, cheapest first
                first = moves & (lead | tm) & ~((win << 1) - 1)
            if (tm != 0 and tleft == 3 and pos == 3 and na == 4
                    and tt2.shape[0] > (1 << TT2_BITS)):
                resolved = True
                r = _last_card_of_three(tt2, st, h0, h1, h2, h3, seat, lead, win, wseat, target, moves & first,
                                        moves & ~first)
            elif (tm != 0 and tleft == 4 and pos == 3 and na == 4 and tt3.shape[0] > 0
                  and _three_fits(h0 | h1 | h2 | h3)):
                resolved = True
                r = _last_card_of_four(tt3, st, h0, h1, h2, h3, seat, lead, win, wseat, target, moves & first,
                                       moves & ~first)
            else:
                fi = sp
                stk[fi, F_M0] = moves & first
                stk[fi, F_M1] = moves & ~first
                stk[fi, F_TT] = -1
        if not resolved:
            fi = sp
            stk[fi, F_H0] = h0
            stk[fi, F_H1] = h1
            stk[fi, F_H2] = h2
            stk[fi, F_H3] = h3
            stk[fi, F_SEAT] = seat
            stk[fi, F_POS] = pos
            stk[fi, F_LEAD] = lead
            stk[fi, F_WIN] = win
            stk[fi, F_WSEAT] = wseat
            stk[fi, F_TABLE] = table
            stk[fi, F_TARGET] = target
            stk[fi, F_TLEFT] = tleft
            sp += 1
        # ---- hand results up the stack, or step to the next move ----
        while True:
            fi = sp - 1 if sp > 0 else 0
            if resolved:
                if sp == 0:
                    return r
                maximise = (stk[fi, F_SEAT] & 1) == 0
                if r == maximise:
                    # cut-off: this frame is decided
                    if stk[fi, F_TT] >= 0:
                        _tt_store(tt, stk, fi, r)
                    sp -= 1
                    continue
            fseat = stk[fi, F_SEAT]
            fpos = stk[fi, F_POS]
            if stk[fi, F_M0]:
                m = stk[fi, F_M0]
                c = _hibit(m) if fpos == 0 else (m & -m)
                stk[fi, F_M0] = m ^ c
            elif stk[fi, F_M1]:
                m = stk[fi, F_M1]
                c = m & -m
                stk[fi, F_M1] = m ^ c
            else:
                r = (fseat & 1) != 0
                resolved = True
                if stk[fi, F_TT] >= 0:
                    _tt_store(tt, stk, fi, r)
                sp -= 1
                continue
            stk[fi, F_LAST] = c
            h0 = stk[fi, F_H0]
            h1 = stk[fi, F_H1]
            h2 = stk[fi, F_H2]
            h3 = stk[fi, F_H3]
            h0 ^= c if fseat == 0 else 0
            h1 ^= c if fseat == 1 else 0
            h2 ^= c if fseat == 2 else 0
            h3 ^= c if fseat == 3 else 0
            if fpos == 0:
                lead = _slot_of(c)
                win = c
                wseat = fseat
                table = c
            else:
                lead = stk[fi, F_LEAD]
                win = stk[fi, F_WIN]
                wseat = stk[fi, F_WSEAT]
                table = stk[fi, F_TABLE] | c
                if (c & (lead | tm)) and c > win:
                    win = c
                    wseat = fseat
            seat = (nxt >> (2 * fseat)) & 3
            pos = fpos + 1
            target = stk[fi, F_TARGET]
            tleft = stk[fi, F_TLEFT]
            break


@njit(cache=True)
def _tt_store(tt, stk, fi, r):
    """Record in the table what a finished trick-boundary frame proved."""
    lb = stk[fi, F_LB]
    ub = stk[fi, F_UB]
    if r:
        lb = stk[fi, F_TARGET]
    else:
        ub = stk[fi, F_TARGET] - 1
    idx = stk[fi, F_TT]
    tt[idx] = stk[fi, F_K1]
    tt[idx + 1] = (stk[fi, F_K2] << 16) | (lb << 8) | ub


@njit(cache=True)
def _search(tt, tt2, tt3, st, stk, h0, h1, h2, h3, seat, pos, na, nxt, lead, win, wseat, table, target, tleft, tm):
    """:func:`_search_t`, called with ``tm`` a constant (``TRUMP``, or 0 in no trump): numba types a constant
    argument as a literal, so each value gets its own compiled copy with the mask folded in.  The search is
    given borrowed views (:func:`_borrow`): inlined, it rebinds its arrays, which took and released their
    reference counts at every call."""
    return _search_g(_borrow(tt), _borrow(tt2), _borrow(tt3), _borrow(st), _borrow(stk), h0, h1, h2, h3, seat, pos, na,
                     nxt, lead, win, wseat, table, target, tleft, tm)


@njit(cache=True)
def _guess(h0, h1, h2, h3, seat, tleft, tm):
    """A cheap estimate of side 0's tricks to start the probes from (``seat`` to play): trumps, the longest
    trump hand of each side, top cards, the top two trumps, voids and the lead, weighed by the ``GUESS_``
    constants (``tm`` the trump slot's mask: 0 in no trump, where slot 3 is one more plain suit)."""
    u = h0 | h1 | h2 | h3
    s0 = h0 | h2
    p0 = _popcount(h0 & tm)
    p1 = _popcount(h1 & tm)
    p2 = _popcount(h2 & tm)
    p3 = _popcount(h3 & tm)
    score = GUESS_TRUMP * (p0 + p2 - p1 - p3) + GUESS_LONG * (max(p0, p2) - max(p1, p3))
    score += GUESS_LEAD if (seat & 1) == 0 else -GUESS_LEAD
    for sm in (SLOT0, SLOT1, SLOT2, TRUMP ^ tm):
        x = u & sm
        if x:
            score += GUESS_TOP if _hibit(x) & s0 else -GUESS_TOP
        score += GUESS_VOID * ((1 if (h0 & sm) == 0 else 0) + (1 if (h2 & sm) == 0 else 0)
                               - (1 if (h1 & sm) == 0 else 0) - (1 if (h3 & sm) == 0 else 0))
    t = u & tm
    if t:
        top = _hibit(t)
        score += GUESS_TOP_TRUMP + GUESS_TOP_TWO if top & s0 else -GUESS_TOP_TRUMP - GUESS_TOP_TWO
        t ^= top
        if t:
            score += GUESS_TOP_TWO if _hibit(t) & s0 else -GUESS_TOP_TWO
    g = (tleft * 8 + score + GUESS_ROUND) >> 4
    g = max(g, 0)
    g = min(g, tleft)
    return g


@njit(cache=True)
def _value(tt, tt2, tt3, st, stk, h0, h1, h2, h3, seat, pos, na, nxt, lead, win, wseat, table, tleft, lo, hi, first,
           tm):
    """Exact number of the ``tleft`` remaining tricks side 0 takes, known to lie in ``lo..hi``.

    Zero-window probes of :func:`_search` walk from the guess ``first`` one trick
    at a time (MTD(f) style): a right guess costs two probes.
    """
    if pos == 0 and tleft > 0:
        lb, ub = _bounds0_t(h0, h1, h2, h3, seat, tleft, tm)
        lo = max(lo, lb)
        hi = min(hi, ub)
    if first <= lo:
        first = lo + 1
    first = min(first, hi)
    target = first
    while lo < hi:
        # ``tm`` is the constant of the entry point (a literal): one copy of the search per mask
        ok = _search(tt, tt2, tt3, st, stk, h0, h1, h2, h3, seat, pos, na, nxt, lead, win, wseat, table, target, tleft,
                     tm)
        if ok:
            lo = target
            target = lo + 1
        else:
            hi = target - 1
            target = hi
    return lo


@njit(cache=True)
def build_three_table(three, two, first, last):
    """Fill rows ``first..last-1`` of :data:`THREE_SHAPES` in ``three`` (:data:`THREE_WORDS` zeros) with the
    leader's side's tricks in every three-trick ending of four hands with a trump suit of that shape, seat 0
    to lead and the plain slots longest first (:func:`_three_lookup` turns any such ending to one of these):
    2 bits an ending, solved by the search with the two-trick table ``two`` (:func:`build_two_table`)."""
    tt = np.zeros(2 << 16, dtype=np.int64)
    tt2 = np.zeros((1 << TT2_BITS) + two.shape[0], dtype=np.int64)
    for j in range(two.shape[0]):
        tt2[(1 << TT2_BITS) + j] = two[j]
    no3 = np.zeros(0, dtype=np.int64)
    st = np.zeros(NUM_STATS, dtype=np.int64)
    stk = np.zeros((MAX_DEPTH, NUM_FIELDS), dtype=np.int64)
    places = np.zeros(12, dtype=np.int64)
    zero = np.int64(0)
    for sh in range(first, last):
        j = 0
        for s in range(4):
            ns = THREE_SHAPES[sh, 1 + s] if s < 3 else THREE_SHAPES[sh, 0]
            for i in range(ns):
                places[j] = 1 << (SLOT_WIDTH * s + i)
                j += 1
        for m0 in range(4096):
            i0 = THREE_T220[m0]
            if i0 < 0:
                continue
            rest0 = 0xFFF & ~m0
            for r1 in range(512):
                i1 = THREE_T84[r1]
                if i1 < 0:
                    continue
                m1 = _deposit(r1, rest0)
                rest1 = rest0 & ~m1
                for r2 in range(64):
                    i2 = THREE_T20[r2]
                    if i2 < 0:
                        continue
                    m2 = _deposit(r2, rest1)
                    m3 = rest1 & ~m2
                    h0 = zero
                    h1 = zero
                    h2 = zero
                    h3 = zero
                    for k in range(12):
                        b = 1 << k
                        h0 |= places[k] if m0 & b else 0
                        h1 |= places[k] if m1 & b else 0
                        h2 |= places[k] if m2 & b else 0
                        h3 |= places[k] if m3 & b else 0
                    v = _value(tt, tt2, no3, st, stk, h0, h1, h2, h3, zero, zero, 4, 57, zero, zero, zero, zero, 3, 0,
                               3, _guess(h0, h1, h2, h3, zero, 3, TRUMP), TRUMP)
                    idx = sh * THREE_OWN + (i0 * 84 + i1) * 20 + i2
                    three[idx >> 5] |= v << (2 * (idx & 31))


@njit(cache=True)
def _to_layout(hand, trump, bitpos):
    """A hand in deck numbering as a mask of the power layout of ``trump``."""
    m = 0
    x = hand
    while x:
        b = x & -x
        x ^= b
        m |= 1 << bitpos[trump, _bit_index(b)]
    return m


@njit(cache=True)
def _solve_position(tt, tt2, tt3, st, stk, hands, trump, leader, out, played, want_values, values, bitpos, card_at, tm):
    """Side 0's tricks for one position given in deck numbering; fills ``values`` if asked.

    ``values`` (33 entries) receives, for each legal card of the player to move, the
    tricks the mover's own side takes if that card is played now (-1 elsewhere).  ``tm``: the
    trump slot's mask of the entry point, ``TRUMP`` (``trump`` a suit) or 0 (no trump).
    """
    h0 = _to_layout(hands[0], trump, bitpos)
    h1 = _to_layout(hands[1], trump, bitpos)
    h2 = _to_layout(hands[2], trump, bitpos)
    h3 = _to_layout(hands[3], trump, bitpos)
    # the values carried by the loops below start as typed zeros, not the literal 0: numba types a call
    # with the types known so far and compiles the callee for each, so a literal start compiled the whole
    # search (twice: one copy per mask) for types no call ever had
    zero = np.int64(0)
    nxt = zero
    na = zero
    for s in range(4):
        if not ((out >> s) & 1):
            na += 1
        n = (s + 1) & 3
        for _ in range(4):
            if not ((out >> n) & 1):
                break
            n = (n + 1) & 3
        nxt |= n << (2 * s)
    seat = leader
    pos = zero
    lead = zero
    win = zero
    wseat = leader
    table = zero
    for i in range(played.shape[0]):
        pc = played[i]
        if pc < 0:
            break
        b = 1 << bitpos[trump, pc]
        if pos == 0:
            lead = _slot_of(b)
            win = b
            wseat = seat
        elif (b & (lead | tm)) and b > win:
            win = b
            wseat = seat
        table |= b
        pos += 1
        seat = (nxt >> (2 * seat)) & 3
    hand = _hand(h0, h1, h2, h3, seat)
    tleft = _popcount(hand)
    if want_values:
        for c in range(33):
            values[c] = -1
    if tleft == 0:
        return 0
    if not want_values:
        return _value(tt, tt2, tt3, st, stk, h0, h1, h2, h3, seat, pos, na, nxt, lead, win, wseat, table, tleft, 0,
                      tleft, _guess(h0, h1, h2, h3, seat, tleft, tm), tm)
    # every card's exact value; the best so far is the likeliest value of the next card, so it is
    # probed first, and the best of all is the position's value
    best = -1
    legal = hand & lead if pos > 0 else hand
    if legal == 0:
        legal = hand
    occ = h0 | h1 | h2 | h3 | table
    mine = (seat & 1) == 0
    nseat = (nxt >> (2 * seat)) & 3
    m = legal
    while m:
        c = _hibit(m)
        m ^= c
        # the top card of c's run of equivalent cards stands for the whole run
        rep = c
        while True:
            above = occ & _slot_of(rep) & ~((rep << 1) - 1)
            nb = above & -above
            if nb & hand:
                rep = nb
            else:
                break
        card = card_at[trump, _bit_index(c)]
        rep_card = card_at[trump, _bit_index(rep)]
        if values[card] >= 0:
            continue
        if values[rep_card] >= 0:
            values[card] = values[rep_card]
            continue
        if pos == 0:
            nlead = _slot_of(c)
            nwin = c
            nws = seat
        elif (c & (lead | tm)) and c > win:
            nlead = lead
            nwin = c
            nws = seat
        else:
            nlead = lead
            nwin = win
            nws = wseat
        n0 = h0 ^ c if seat == 0 else h0
        n1 = h1 ^ c if seat == 1 else h1
        n2 = h2 ^ c if seat == 2 else h2
        n3 = h3 ^ c if seat == 3 else h3
        first = _guess(h0, h1, h2, h3, seat, tleft, tm)
        if best >= 0:
            first = best if mine else tleft - best + 1
        v0 = _value(tt, tt2, tt3, st, stk, n0, n1, n2, n3, nseat, pos + 1, na, nxt, nlead, nwin, nws, table | c,
                    tleft, 0, tleft, first, tm)
        v = v0 if mine else tleft - v0
        values[card] = v
        values[rep_card] = v
        best = max(best, v)
    return best if mine else tleft - best


@njit(cache=True)
def _solve_range(hands, trump, leader, out, played, want_values, res, values, tt, tt2, tt3, st, stk, start, stop,
                 bitpos, card_at, tm):
    for i in range(start, stop):
        res[i] = _solve_position(tt, tt2, tt3, st, stk, hands[i], trump[i], leader[i], out[i], played[i], want_values,
                                 values[i], bitpos, card_at, tm)


@njit(cache=True)
def _solve_chunk(hands, trump, leader, out, played, want_values, res, values, k, nchunks, tt_bits, stats, bitpos,
                 card_at, two, three, tm):
    """Solve chunk ``k`` of ``nchunks`` (rows in order) with a fresh table; its counters to ``stats[k]``."""
    n = hands.shape[0]
    tt = np.zeros(2 << tt_bits, dtype=np.int64)
    tt2 = np.zeros((1 << TT2_BITS) + two.shape[0], dtype=np.int64)
    for j in range(two.shape[0]):  # a loop: a slice assignment compiles numpy's broadcasting as well
        tt2[(1 << TT2_BITS) + j] = two[j]
    st = np.zeros(NUM_STATS, dtype=np.int64)
    stk = np.zeros((MAX_DEPTH, NUM_FIELDS), dtype=np.int64)
    _solve_range(hands, trump, leader, out, played, want_values, res, values, tt, tt2, three, st, stk,
                 k * n // nchunks, (k + 1) * n // nchunks, bitpos, card_at, tm)
    for j in range(NUM_STATS):
        stats[k, j] = st[j]


# --- the entry points, one compiled copy per trump slot mask ------------------------------------
# Each passes the mask (``TRUMP``, or 0 in no trump) as a constant, which numba types as a literal,
# so the chain below is compiled once per mask with the mask folded in, and only the copy a batch
# needs is compiled: a question with a trump suit never compiles the no-trump search.  The caller
# (``solver._run``) sends the rows with a trump suit to the first and those in no trump to ``_nt``.
@njit(cache=True)
def solve_batch_serial(hands, trump, leader, out, played, want_values, res, values, nchunks, tt_bits,
                       stats, bitpos, card_at, two, three):
    """Solve every row (each with a trump suit), chunk by chunk in order, each chunk with a fresh table."""
    for k in range(nchunks):
        _solve_chunk(hands, trump, leader, out, played, want_values, res, values, k, nchunks, tt_bits, stats, bitpos,
                     card_at, two, three, TRUMP)


@njit(cache=True)
def solve_batch_serial_nt(hands, trump, leader, out, played, want_values, res, values, nchunks, tt_bits,
                          stats, bitpos, card_at, two, three):
    """:func:`solve_batch_serial` of rows in no trump."""
    for k in range(nchunks):
        _solve_chunk(hands, trump, leader, out, played, want_values, res, values, k, nchunks, tt_bits, stats, bitpos,
                     card_at, two, three, 0)


@njit(cache=True, parallel=True)
def solve_batch_parallel(hands, trump, leader, out, played, want_values, res, values, nchunks, tt_bits,
                         stats, bitpos, card_at, two, three):
    """As :func:`solve_batch_serial`, chunks spread over threads; each chunk owns its table and slots."""
    for k in prange(nchunks):
        _solve_chunk(hands, trump, leader, out, played, want_values, res, values, k, nchunks, tt_bits, stats, bitpos,
                     card_at, two, three, TRUMP)


@njit(cache=True, parallel=True)
def solve_batch_parallel_nt(hands, trump, leader, out, played, want_values, res, values, nchunks, tt_bits,
                            stats, bitpos, card_at, two, three):
    """:func:`solve_batch_parallel` of rows in no trump."""
    for k in prange(nchunks):
        _solve_chunk(hands, trump, leader, out, played, want_values, res, values, k, nchunks, tt_bits, stats, bitpos,
                     card_at, two, three, 0)
