"""The realistic play model, compiled: every player plays for points from what they have seen.

At every card the player to move samples ``worlds`` deals consistent with their own
information -- their hand, every card played, the voids the play has shown (by effective
suit), the upcard in the dealer's hand while the dealer holds it, the dealer its own discard
(``discard=``), nothing in the hands of seats sitting out -- solves each world double-dummy and
plays the card that is worth the most *points* for their side on average (make 1, march 2,
lone march 4, euchre 2 or more; the rules' :func:`~euchre_stats.rules.hand_points`), ties to
the lowest tie key (:func:`euchre_stats.core.ties.tie_key`: plain cards before trumps, rank first,
equal ranks by the deal's random order of the suits, drawn from its stream).  A card with no
choice (one legal card, or legal cards with nothing unplayed between them) is played at once.
The whole play-out of a batch runs in numba (:mod:`euchre_stats.engine.realistic`), parallel over
deals, seeded per deal from ``(seed, deal index)``: results never depend on threads.

This module validates and converts; it does no I/O and never touches global random state.
"""

from __future__ import annotations

import functools
import hashlib

import numpy as np

from ..core.compiling import announce
from ..rules import Rules, hand_points
from ..core.errors import RealisticInputError
from ..solver import TT_BITS_LONG, check_rows, game_seats, prepare_rows, thread_count
from ..solver import _NO_ENDINGS, _three_endings, _two_endings
from ..engine import search as _solver_kernels
from ..core.ties import DEFAULT_ORDER
from ..core.trump import NO_TRUMP, SUIT_MASK
from . import DEFAULT_WORLDS
from . import warm as _warm
from ..engine import realistic as _k

#: chunks per thread (each chunk owns its transposition table)
CHUNKS_PER_THREAD = 4
#: log2 of each chunk's transposition-table entries for hands of up to five cards: the worlds of a
#: decision share few positions, so a small table that stays in cache is fastest (14 and 18 bits: same
#: node counts, 8% and 35% slower)
TT_BITS = 12
MAX_SEED = (1 << 63) - 1
#: the four-seat kernel's seats: every table of up to four players plays on them (a smaller one where
#: :func:`~euchre_stats.solver.game_seats` puts it); a larger table plays on the N-seat kernel
#: (:mod:`.realistic_seats`)
KERNEL_SEATS = 4

#: what compiling the kernel of realistic play costs, with a trump suit and in no trump (CPU-seconds of
#: a first ``order`` and of the no-trump copy a first ``call --no-trump`` adds, a 2.6 GHz Xeon core,
#: ``benchmarks/cold_start.py``; 21 and 16 while the chunks were numba's parallel loop): the compile
#: notice's estimate
COMPILE_SECONDS = 16
COMPILE_SECONDS_NT = 10
_BINOM = _k.binomial_table()
#: the shared opening lead (:func:`play_realistic`'s ``shared_lead``) is decided over this many times the
#: worlds of any other decision
SHARED_LEAD_WORLDS = 20
#: the seed of the shared opening leads' streams (with a digest of the information set, :func:`shared_lead_stream`):
#: not the call's, so that the lead is the same in every run of a question, whatever its seed or its deals
SHARED_LEAD_SEED = 20261207


def _rows(value, n: int, name: str, dtype=np.int64) -> np.ndarray:
    arr = np.asarray(value)
    if arr.ndim == 0:
        arr = np.full(n, arr)
    if arr.shape != (n,):
        raise RealisticInputError(f"{name} must be one value or an array of {n}, got shape {arr.shape!r}")
    return arr.astype(dtype)


def points_table(rules: Rules, maker: np.ndarray, alone: np.ndarray, def_alone: np.ndarray) -> np.ndarray:
    """``(n, hand_size + 1)``: side 0's points minus side 1's when side 0 ends with ``t`` tricks."""
    hs = rules.hand_size
    maker, alone, def_alone = np.asarray(maker), np.asarray(alone, dtype=bool), np.asarray(def_alone)
    table = np.zeros((len(maker), hs + 1), dtype=np.int64)
    for side in (0, 1):
        for lone in (False, True):
            for dal in (False, True):
                rows = ((maker & 1) == side) & (alone == lone) & ((def_alone >= 0) == dal)
                if not rows.any():
                    continue
                for t in range(hs + 1):
                    mp, dp = hand_points(rules, t if side == 0 else hs - t, lone, dal)
                    table[rows, t] = (mp - dp) if side == 0 else (dp - mp)
    return table


def _points_row(rules: Rules, maker: int, alone: bool, def_alone: int) -> np.ndarray:
    """:func:`points_table`'s row of one contract (a copy of a kept one: a player's every decision asks
    it, and building it costs more than many a decision's solves)."""
    return _points_row_kept(rules, maker, alone, def_alone).copy()


@functools.lru_cache(maxsize=512)
def _points_row_kept(rules: Rules, maker: int, alone: bool, def_alone: int) -> np.ndarray:
    return points_table(rules, np.array([maker]), np.array([alone]), np.array([def_alone]))[0]


def _first_bad(mask: np.ndarray) -> int | None:
    bad = np.flatnonzero(mask)
    return int(bad[0]) if bad.size else None


def _validate(rules, hands, trump, leader, out, maker, alone, def_alone, seed, worlds, trick, voids, gone, up_known,
              won, dealer=None):
    h, t, ld, o, p = prepare_rows(hands, trump, leader, out, None if trick is None else _pad_trick(trick, hands))
    check_rows(h, t, ld, o, p)
    n = h.shape[0]
    if isinstance(worlds, bool) or not isinstance(worlds, (int, np.integer)) or int(worlds) < 1:
        raise RealisticInputError(f"worlds must be a whole number of at least 1, got {worlds!r}")
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= int(seed) <= MAX_SEED:
        raise RealisticInputError(f"seed must be a whole number in 0..2**63-1, got {seed!r}")
    mk = _rows(maker, n, "maker")
    al = _rows(alone, n, "alone", bool)
    da = _rows(def_alone, n, "def_alone")
    i = _first_bad((mk < 0) | (mk > 3))
    if i is not None:
        raise RealisticInputError(f"row {i}: maker {int(mk[i])!r} is not a seat 0..3")
    dl = np.full(n, 3, dtype=np.int64) if dealer is None else _rows(dealer, n, "dealer")
    i = _first_bad((dl < 0) | (dl > 3))
    if i is not None:
        raise RealisticInputError(f"row {i}: dealer {int(dl[i])!r} is not a seat 0..3")
    if not rules.seating.vectorised:
        # a smaller game on the kernel's seats (solver.game_seats): nobody alone, fixed seats out, and in
        # cutthroat the maker on the seat game_seats gives every maker (against the defenders' coalition)
        where, game_out = game_seats(rules.players, 0)
        i = _first_bad(al | (da != -1))
        if i is not None:
            raise RealisticInputError(f"row {i}: nobody goes alone or defends alone in a {rules.players}-player game")
        i = _first_bad(o != game_out)
        if i is not None:
            raise RealisticInputError(f"row {i}: out {int(o[i])!r}: a {rules.players}-player game plays with seats "
                                      f"{game_out!r} out (solver.game_seats)")
        bad = (((game_out >> mk) | (game_out >> dl)) & 1).astype(bool)
        if rules.seating.sides > 2:  # cutthroat: the maker against the other sides as one coalition
            bad |= mk != where[0]
        i = _first_bad(bad)
        if i is not None:
            raise RealisticInputError(f"row {i}: maker {int(mk[i])} or dealer {int(dl[i])} is not where "
                                      f"solver.game_seats puts them for {rules.players} players")
        return _finish(rules, h, t, ld, o, p, n, gone, up_known, voids, won, mk, al, da, dl)
    i = _first_bad((da != -1) & ((da < 0) | (da > 3) | ((da & 1) == (mk & 1))))
    if i is not None:
        raise RealisticInputError(f"row {i}: def_alone {int(da[i])!r} is not -1 or a seat of the defending side "
                                  f"(maker {int(mk[i])})")
    want = np.where(al, np.left_shift(1, (mk + 2) & 3), 0) | np.where(da >= 0, np.left_shift(1, (da + 2) & 3), 0)
    i = _first_bad(o != want)
    if i is not None:
        raise RealisticInputError(f"row {i}: out {int(o[i])!r} does not match maker {int(mk[i])}, alone "
                                  f"{bool(al[i])}, def_alone {int(da[i])} (expected {int(want[i])})")
    return _finish(rules, h, t, ld, o, p, n, gone, up_known, voids, won, mk, al, da, dl)


def _finish(rules, h, t, ld, o, p, n, gone, up_known, voids, won, mk, al, da, dl):
    """The checks every game shares, and the kernel's arrays."""
    deck = rules.deck_obj.mask
    g = np.zeros(n, dtype=np.int64) if gone is None else _rows(gone, n, "gone")
    table = table_masks(p)
    held = np.bitwise_or.reduce(h.astype(np.int64), axis=1)
    i = _first_bad((held | table | g) & ~deck)
    if i is not None:
        raise RealisticInputError(f"row {i}: a card is not in the {rules.deck}-card deck")
    i = _first_bad(g & (held | table))
    if i is not None:
        raise RealisticInputError(f"row {i}: gone {int(g[i])!r} holds a card still in a hand or on the table")
    up = np.full(n, -1, dtype=np.int64) if up_known is None else _rows(up_known, n, "up_known")
    i = _first_bad((up < -1) | (up > 32))
    if i is not None:
        raise RealisticInputError(f"row {i}: up_known {int(up[i])!r} is not -1 or a card")
    vd = np.zeros((n, 4), dtype=np.int64)
    if voids is not None:
        v = np.asarray(voids, dtype=np.int64)
        if v.shape not in ((4,), (n, 4)) or ((v < 0) | (v > 15)).any():
            raise RealisticInputError(f"voids must be 4 (or (n, 4)) bitmasks of suits 0..15, got {v!r}")
        vd[:] = v
    masks = SUIT_MASK.astype(np.int64)[t]  # (n, 4): each deal's effective suits
    for s in range(4):
        for e in range(4):
            i = _first_bad(((vd[:, s] >> e) & 1).astype(bool) & ((h[:, s].astype(np.int64) & masks[:, e]) != 0))
            if i is not None:
                raise RealisticInputError(f"row {i}: seat {s} is said void in suit {e} but holds one")
    hs = rules.hand_size
    npl = (p >= 0).sum(axis=1)
    done = hs - (np.bitwise_count(h[np.arange(n), ld]).astype(np.int64) + (npl > 0))
    i = _first_bad(done < 0)
    if i is not None:
        raise RealisticInputError(f"row {i}: hands hold more than {hs} cards")
    w = np.zeros(n, dtype=np.int64) if won is None else _rows(won, n, "won")
    i = _first_bad((w < 0) | (w > done))
    if i is not None:
        raise RealisticInputError(f"row {i}: won {int(w[i])!r} is outside 0..{int(done[i])} (tricks played)")
    pts = points_table(rules, mk, al, da)
    return h.astype(np.int64), t, ld, o, p, g, vd, up, dl, pts, w


def _pad_trick(trick, hands) -> np.ndarray:
    n = np.asarray(hands).shape[0]
    arr = np.asarray(trick)
    if arr.ndim == 1 and n != 1 and arr.shape[0] <= 3:
        arr = np.broadcast_to(arr, (n, arr.shape[0]))
    if arr.ndim != 2 or arr.shape[0] != n or arr.shape[1] > 3:
        raise RealisticInputError(f"trick must have shape (n, k) with k <= 3, got {arr.shape!r}")
    out = np.full((n, 3), -1, dtype=np.int8)
    out[:, : arr.shape[1]] = arr
    return out


def table_masks(trick: np.ndarray) -> np.ndarray:
    """Per row, the mask of the cards of ``trick`` (n, k), -1 padded."""
    t = np.asarray(trick, dtype=np.int64)
    return np.bitwise_or.reduce(np.where(t >= 0, np.left_shift(np.int64(1), np.maximum(t, 0)), 0), axis=1)


def known_discards(discard, h, trick, gone, mask: int, place: str) -> np.ndarray:
    """The dealer's discard per row (-1: none or not known), checked: a card of ``mask`` that is in
    no hand of ``h``, not on the table (``trick``, -1 padded) and not ``gone``: it lies in ``place``."""
    n = h.shape[0]
    if discard is None:
        return np.full(n, -1, dtype=np.int64)
    dc = _rows(discard, n, "discard")
    bit = np.where(dc >= 0, np.left_shift(np.int64(1), np.clip(dc, 0, 62)), 0)
    seen = np.bitwise_or.reduce(h.astype(np.int64), axis=1) | table_masks(trick) | gone | ~np.int64(mask)
    i = _first_bad((dc < -1) | (dc > 62) | ((bit & seen) != 0))
    if i is not None:
        raise RealisticInputError(f"row {i}: the discard {int(dc[i])!r} is not -1 or a card of the {place} (it is "
                                  "held, played or not in the deck)")
    return dc


def batch_start(h: np.ndarray, disc, threads) -> tuple[int, np.ndarray, np.ndarray, int]:
    """``(n, res, disc, nthreads)`` of a batch of ``h.shape[0]`` rows for a realistic kernel: the result row
    (zeros), the dealer's discards (none given: -1 each) and the threads to run on (0 when there is no row)."""
    n = h.shape[0]
    disc = np.full(n, -1, dtype=np.int64) if disc is None else disc
    return n, np.zeros(n, dtype=np.int64), disc, thread_count(threads) if n else 0


def run_chunks(kernel, nchunks: int, nthreads: int, head: tuple, tail: tuple) -> None:
    """``kernel(*head, k, *tail)`` for every chunk ``k`` of ``nchunks``, on ``nthreads`` threads (the kernel
    runs without the GIL), the chunks handed out in order as threads come free.  A chunk's result depends
    only on the chunk, so neither the thread count nor the order changes any result.  (A Python thread pool
    rather than numba's ``prange``: the parallel loop cost 5 CPU-seconds of the first compile.)"""
    if nthreads <= 1 or nchunks <= 1:
        for k in range(nchunks):
            kernel(*head, k, *tail)
        return
    from concurrent.futures import ThreadPoolExecutor

    pool = ThreadPoolExecutor(max_workers=min(nthreads, nchunks), thread_name_prefix="euchre-stats")
    try:
        for f in [pool.submit(kernel, *head, k, *tail) for k in range(nchunks)]:
            f.result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def shared_lead_stream(key: bytes) -> int:
    """The random stream (of :data:`SHARED_LEAD_SEED`) of a shared opening lead's decision: a digest of its
    information set's key (:func:`_shared_leads`; the key of ``shared_cache``), so that it depends on nothing else."""
    return int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "little") >> 1


def _shared_leads(rules, h, t, ld, o, p, g, vd, up, dl, pts, w, worlds, threads, disc, seat: int,
                  cache: dict) -> tuple[np.ndarray, np.ndarray]:
    """``(h, p)`` with the first card of every row where ``seat`` leads the hand's first trick already led: one
    decision per information set of that lead (the seat's hand, the contract and its points, the seats out, the
    dealer, the upcard in the dealer's hand or, for the dealer, its discard; the deck and ``worlds``), over
    :data:`SHARED_LEAD_WORLDS` times ``worlds`` worlds drawn from a stream of the set's own
    (:func:`shared_lead_stream`).  ``cache`` keeps the decisions (set -> card) for later calls; ``h`` and ``p``
    are copies where a row changed."""
    rows = np.flatnonzero((ld == seat) & (p[:, 0] < 0) & (g == 0) & (w == 0) & (h[:, seat] != 0))
    if rows.size == 0:
        return h, p
    mine = dl[rows] == seat  # the dealer knows its discard, the others the upcard in the dealer's hand
    # (the deck and the worlds too, so that a cache kept across calls never answers for another game)
    cols = np.column_stack([np.full(rows.size, int(rules.deck_obj.mask)), np.full(rows.size, int(worlds)),
                            h[rows, seat], t[rows], o[rows],
                            dl[rows], np.where(mine, -1, up[rows]), np.where(mine, disc[rows], -1), pts[rows],
                            vd[rows]]).astype(np.int64)
    sets, first, inverse = np.unique(cols, axis=0, return_index=True, return_inverse=True)
    keys = [row.tobytes() for row in sets]
    new = [j for j, key in enumerate(keys) if key not in cache]
    if new:
        reps = rows[first[new]]
        streams = np.array([shared_lead_stream(keys[j]) for j in new], dtype=np.int64)
        cards = _run(rules, h[reps], t[reps], ld[reps], o[reps], p[reps], g[reps], vd[reps], up[reps], dl[reps],
                     pts[reps], w[reps], streams, SHARED_LEAD_SEED, worlds * SHARED_LEAD_WORLDS, threads,
                     disc=disc[reps], first=True)
        cache.update(zip((keys[j] for j in new), cards.tolist()))
    card = np.array([cache[key] for key in keys], dtype=np.int64)[inverse.ravel()]
    h, p = h.copy(), p.copy()
    h[rows, seat] &= ~np.left_shift(np.int64(1), card)
    p[rows, 0] = card
    return h, p


def _run(rules, h, t, ld, o, p, g, vd, up, dl, pts, w, stream, seed, worlds, threads, stats=None, disc=None,
         first=False):
    n, res, disc, nthreads = batch_start(h, disc, threads)
    if n == 0:
        return res
    _warm.prefetch()  # a cold kernel compiles on two cores (docs/performance.md, "On two cores")
    tt_bits = TT_BITS if rules.hand_size <= 5 else TT_BITS_LONG
    total = np.zeros(_k.NUM_PLAY_STATS, dtype=np.int64)
    no_trump = t == NO_TRUMP
    # one compiled copy of the kernel per trump slot mask: the deals with a trump suit, then those without
    for kernel, rows in ((_k.play_batch, ~no_trump), (_k.play_batch_nt, no_trump)):
        m = int(rows.sum())
        if m == 0:
            continue
        sel = slice(None) if m == n else np.flatnonzero(rows)
        nchunks = max(1, min(m, nthreads * CHUNKS_PER_THREAD))
        st = np.zeros((nchunks, _k.NUM_PLAY_STATS), dtype=np.int64)
        part = np.zeros(m, dtype=np.int64)
        nt = kernel is _k.play_batch_nt
        # the table of every two-trick ending (a trump suit, four hands: the search reads them from it)
        two = _NO_ENDINGS if nt else _two_endings(_solver_kernels)
        # and of every three-trick ending of four hands (5.6 MB, loaded once a process in about 13 ms; shared by
        # the chunks, never copied); empty if the shipped file is missing or differs (a warning: searched)
        three = _NO_ENDINGS if nt else _three_endings(_solver_kernels)
        announce(kernel, "the realistic play kernels" + ("' no-trump copy" if nt else ""),
                 COMPILE_SECONDS_NT if nt else COMPILE_SECONDS)
        head = (h[sel], t[sel], ld[sel], o[sel].astype(np.int64), p[sel], g[sel], vd[sel], up[sel], disc[sel],
                dl[sel], pts[sel], w[sel], stream[sel], int(rules.deck_obj.mask), int(worlds), _k.REJECT_TRIES,
                int(seed), nchunks)
        run_chunks(kernel, nchunks, nthreads, head,
                   (tt_bits, _BINOM, _solver_kernels.BITPOS, _solver_kernels.CARD_AT, part, st, two, three,
                    bool(first)))
        res[sel] = part
        total += st.sum(axis=0)
    if stats is not None:
        stats[: _k.NUM_PLAY_STATS] = total
    return res


def play_realistic(rules: Rules, hands: np.ndarray, trump, leader, out, maker, alone, def_alone, *, seed: int,
                   worlds: int = DEFAULT_WORLDS, threads: int | None = None, trick=None, voids=None, gone=None,
                   up_known=None, won=None, stats: np.ndarray | None = None, streams=None,
                   dealer=None, discard=None, shared_lead: int = -1, shared_cache: dict | None = None
                   ) -> np.ndarray:
    """Play every deal to the end with the realistic model; side 0's tricks from this point.

    The two- and three-handed games (``rules.players``) play on the seats
    :func:`~euchre_stats.solver.game_seats` gives them: two-handed on seats 0 and 1 (2 and 3
    out), cutthroat with the maker on seat 1 against the defenders on 2 and 0 as a coalition
    (3 out; ``docs/rules.md`` says what that assumes); nobody alone, ``dealer`` the dealer's seat.

    Parameters
    ----------
    rules : Rules
        Deck, hand size and scoring (points decide every card).
    hands : uint64 array (n, 4)
        Cards still held by seats 0..3 (a seat sitting out holds none).
    trump, leader, out : int or int array (n,)
        Trump suit; seat that leads (led) the current trick; bitmask of seats sitting out.
    maker, alone, def_alone : int / bool / int, or arrays (n,)
        The maker's seat, whether the maker is alone, the seat of a lone defender or -1;
        ``out`` must be the partners of the lone players.
    seed : int
        0..2**63-1; deal ``i`` plays from the stream ``(seed, i)``, whatever ``threads``.
    streams : int array (n,), optional
        The stream of each deal instead of its row (a deal played twice from the same stream
        plays the same way: common random numbers for comparisons).
    worlds : int
        Worlds sampled per decision (all consistent deals once when there are no more).
    threads : int, optional
        Worker threads (default numba's); results never depend on it.
    trick : int array (n, k), optional
        Cards already on the table in the current trick (led by ``leader``), -1 padded.
    voids : int array (4,) or (n, 4), optional
        Per seat, bit ``e`` set when the seat is known void in effective suit ``e`` (from tricks
        before ``gone``); voids shown in ``trick`` and from now on are found by the kernel.
    gone : int array (n,), optional
        Mask of the cards played in tricks before the current one.
    up_known : int array (n,), optional
        The upcard the dealer took up, or -1; known to be in the dealer's hand while the dealer
        still holds it (pass -1 if the dealer discarded it).
    dealer : int or int array (n,), optional
        The dealer's seat (default 3, the four-handed game's).
    discard : int array (n,), optional
        The card the dealer discarded, or -1: the dealer remembers it lies in the kitty (its worlds
        never deal it to another seat); nobody else knows it.
    won : int array (n,), optional
        Side 0's tricks already taken in this hand (default 0): points count the whole hand.
    stats : int64 array, optional
        Receives the kernel counters (see :data:`euchre_stats.engine.realistic.NUM_PLAY_STATS`).
    shared_lead : int, optional
        A seat whose hand is the same in every deal (a question's asker), or -1.  Where that seat leads the
        hand's first trick (nothing played yet), the lead is decided once per information set (the hand, the
        contract, the seats out, the dealer, the upcard in the dealer's hand or the dealer's own discard), over
        :data:`SHARED_LEAD_WORLDS` times ``worlds`` worlds drawn from a stream of that set's own (not of
        ``seed``: the same lead in every run), and every such deal leads it: the lead of a player who thinks it
        over once, not one sample of ``worlds`` worlds a deal.
    shared_cache : dict, optional
        Keeps those decisions across calls (a question's batches); a new dict per call otherwise.

    Returns
    -------
    int64 array (n,)
        Side 0's tricks from this point (the current trick included).
    """
    args = _validate(rules, hands, trump, leader, out, maker, alone, def_alone, seed, worlds, trick, voids, gone,
                     up_known, won, dealer)
    n = args[0].shape[0]
    if streams is None:
        streams = np.arange(n, dtype=np.int64)
    else:
        streams = np.ascontiguousarray(streams, dtype=np.int64)
        if streams.shape != (n,) or (streams < 0).any():
            raise RealisticInputError(f"streams must be {n} non-negative integers, one per deal")
    disc = known_discards(discard, args[0], args[4], args[5], rules.deck_obj.mask, "kitty")
    if shared_lead >= 0:
        if shared_lead > 3:
            raise RealisticInputError(f"shared_lead {shared_lead!r} is not a seat 0-3 or -1")
        h, t, ld, o, p, g, vd, up, dl, pts, w = args
        h, p = _shared_leads(rules, h, t, ld, o, p, g, vd, up, dl, pts, w, worlds, threads, disc,
                             int(shared_lead), {} if shared_cache is None else shared_cache)
        args = (h, t, ld, o, p, g, vd, up, dl, pts, w)
    return _run(rules, *args, streams, seed, worlds, threads, stats=stats, disc=disc)


def lead_rows(h: np.ndarray, ld: np.ndarray, cards=None) -> tuple[np.ndarray, np.ndarray]:
    """The lead question's rows: ``(r, c)``, deal ``r[k]`` led with card ``c[k]``, for every card the leader
    ``ld[i]`` of deal ``i`` holds in ``h`` (or only ``cards`` among them), deal by deal, cards in order."""
    rows, leads = [], []
    for i in range(h.shape[0]):
        held = int(h[i, ld[i]])
        want = held if cards is None else sum(1 << int(c) for c in cards) & held
        for c in range(33):
            if (want >> c) & 1:
                rows.append(i)
                leads.append(c)
    return np.array(rows, dtype=np.int64), np.array(leads, dtype=np.int64)


def lead_values_realistic(rules: Rules, hands: np.ndarray, trump, leader, out, maker, alone, def_alone, *,
                          seed: int, worlds: int = DEFAULT_WORLDS, threads: int | None = None, voids=None,
                          gone=None, up_known=None, won=None, cards=None, dealer=None, discard=None
                          ) -> tuple[np.ndarray, np.ndarray]:
    """For the lead question: each lead's outcome when everybody then plays realistically.

    ``leader`` is to lead (nothing on the table); same arguments as :func:`play_realistic`.
    ``cards`` lists the leads to try (default every card the leader holds in each deal); ``dealer``
    the dealer's seat (default 3; a smaller game's from :func:`~euchre_stats.solver.game_seats`).  All
    leads of deal ``i`` play from the same random stream ``(seed, i)`` (common random numbers).

    Returns
    -------
    (tricks, points) : int64 array (n, 33), float64 array (n, 33)
        ``tricks[i, c]``: the leader's side's tricks from now (this trick included) after
        leading ``c``, -1 for a card not tried or not held.  ``points[i, c]``: the leader's side's
        points minus the other side's for the whole hand (``won`` counted), NaN where not tried.
    """
    h, t, ld, o, p, g, vd, up, dl, pts, w = _validate(rules, hands, trump, leader, out, maker, alone, def_alone,
                                                      seed, worlds, None, voids, gone, up_known, won, dealer)
    n = h.shape[0]
    disc = known_discards(discard, h, p, g, rules.deck_obj.mask, "kitty")
    r, c = lead_rows(h, ld, cards)
    tricks = np.full((n, 33), -1, dtype=np.int64)
    points = np.full((n, 33), np.nan)
    if r.size == 0:
        return tricks, points
    hr = h[r].copy()
    hr[np.arange(r.size), ld[r]] &= ~np.left_shift(1, c)
    pr = np.full((r.size, 3), -1, dtype=np.int8)
    pr[:, 0] = c
    s0 = _run(rules, hr, t[r], ld[r], o[r], pr, g[r], vd[r], up[r], dl[r], pts[r], w[r], r, seed, worlds, threads,
              disc=disc[r])
    held = np.bitwise_count(h[r, ld[r]].astype(np.uint64)).astype(np.int64)
    mine = np.where(ld[r] % 2 == 0, s0, held - s0)
    total0 = w[r] + s0
    p0 = pts[r, total0]
    tricks[r, c] = mine
    points[r, c] = np.where(ld[r] % 2 == 0, p0, -p0)
    return tricks, points


def decide_given_worlds(rules: Rules, worlds: np.ndarray, trump: int, leader: int, out: int, maker: int, alone: bool,
                        def_alone: int, *, trick=(), gone: int = 0, won: int = 0,
                        full: bool = True, order: int = DEFAULT_ORDER) -> tuple[int, np.ndarray]:
    """One decision from pre-sampled worlds (the tests' entry point into the kernel).

    ``worlds`` (m, 4) deck masks: every row holds the mover's true hand and one consistent
    deal of the others.  Returns ``(card, sums)``: the card played and, per card (33), the sum
    over worlds of the mover's side's points minus the others' (``NOT_LEGAL`` for cards that are
    not legal).  ``full=False`` chooses best-first as :func:`play_realistic` does (the same card;
    the sums of cards ruled out early are partial).  ``order``: the suit order of the tie-break
    (:func:`euchre_stats.core.ties.tie_order` of the deal's seed and stream, as :func:`play_realistic` plays it).
    """
    wd = np.ascontiguousarray(worlds, dtype=np.int64)
    tr = np.full(3, -1, dtype=np.int8)
    tr[: len(trick)] = list(trick)
    pts = _points_row(rules, int(maker), bool(alone), int(def_alone))
    sums = np.zeros(33, dtype=np.int64)
    kernel = _k.decide_given_worlds_nt if int(trump) == NO_TRUMP else _k.decide_given_worlds
    card = kernel(wd, int(trump), int(leader), int(out), tr, int(gone), int(rules.deck_obj.mask), pts, int(won),
                  bool(full), TT_BITS, _solver_kernels.BITPOS, _solver_kernels.CARD_AT, int(order), sums)
    return int(card), sums


def sample_worlds(rules: Rules, hands, trump: int, leader: int, out: int, *, seed: int, stream: int = 0,
                  worlds: int = DEFAULT_WORLDS, trick=(), gone: int = 0, voids=(0, 0, 0, 0), up_known: int = -1,
                  tries: int = _k.REJECT_TRIES, dealer: int = 3, discard: int = -1) -> tuple[np.ndarray, bool]:
    """The worlds the player to move samples in this position, as :func:`play_realistic` does.

    Returns ``(worlds (m, 4) deck masks, exact)``: ``exact`` when every consistent deal is
    listed once (there are no more than ``worlds``).  ``tries=0`` draws every world by exact
    unranking (no rejection).
    """
    hd = np.asarray(hands, dtype=np.int64)
    tr = np.full(3, -1, dtype=np.int8)
    tr[: len(trick)] = list(trick)
    res = np.zeros((worlds, 4), dtype=np.int64)
    kernel = _k.sample_worlds_for_nt if int(trump) == NO_TRUMP else _k.sample_worlds_for
    m, exact = kernel(hd, int(trump), int(leader), int(out), tr, int(gone), np.asarray(voids, dtype=np.int64),
                      int(up_known), int(discard), int(dealer), int(rules.deck_obj.mask), int(worlds), int(tries),
                      int(seed), int(stream), _BINOM, _solver_kernels.BITPOS, _solver_kernels.CARD_AT, res)
    return res[:m], bool(exact)


__all__ = ["DEFAULT_WORLDS", "SHARED_LEAD_SEED", "SHARED_LEAD_WORLDS", "RealisticInputError", "decide_given_worlds",
           "lead_values_realistic", "play_realistic", "points_table", "sample_worlds", "shared_lead_stream"]
