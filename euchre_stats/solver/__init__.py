"""Double-dummy solver: how many tricks each side takes with best play, every card seen.

The public face of the numba kernels in :mod:`euchre_stats.engine.search`:
arrays in (:func:`solve_many`, :func:`card_values_many`) for Monte Carlo code, or
one friendly position (:func:`solve`, :func:`card_values`) with cards as text
(:mod:`.position`, importable from here).
Everything is validated here; the kernels trust what they are given.  Any deck,
any trump, any seat on lead, any seats sitting out (2, 3 or 4 players), at a
trick boundary or with cards already on the table.  No I/O in this module; a
:class:`SolveResult` knows its own forms (JSON, DataFrame, text), which the command line prints.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import numpy as np

from ..core.cards import JOKER, format_hand
from ..core.errors import InconsistentDealError, SolveInputError
from ..core.trump import NO_TRUMP
from ..core.compiling import announce

MAX_HAND = 8
#: log2 of the transposition-table entries each thread owns (16 bytes an entry): small enough to stay
#: in cache for five-card hands, larger for the bigger trees of longer hands
TT_BITS = 14
TT_BITS_LONG = 18
#: chunks per thread in a parallel batch (each chunk has its own table)
CHUNKS_PER_THREAD = 4
#: what compiling the solver's kernels for one trump slot mask costs (CPU-seconds, a 2.6 GHz Xeon core,
#: ``benchmarks/cold_start.py``): the compile notice's estimate (7: the three-trick table's lookup added about
#: 1.5 CPU-s to the trump copy, docs/performance.md, "The three-trick table")
COMPILE_SECONDS = 7
#: batches of at least this many rows with a trump suit read two-trick endings from a table of all of them
#: (loaded once a process, a few ms), smaller ones search them
TWO_TABLE_ROWS = 2_000
#: the table (``benchmarks/two_trick_table.py`` writes it) and the md5 of its words: a missing or different
#: file is rebuilt in memory instead (about 0.1 CPU-s)
TWO_TABLE_FILE = Path(__file__).parents[1] / "data" / "two_trick_endings.npz"
TWO_TABLE_MD5 = "190377111af81ebbc543a0e4695eae32"
#: batches of at least this many rows with a trump suit read three-trick endings of four hands from a table of
#: them (5.6 MB, loaded once a process in about 12 ms: worth it from a few thousand full deals), smaller ones
#: search them
THREE_TABLE_ROWS = 10_000
#: that table (``benchmarks/three_trick_table.py`` writes it) and the CRC-32 of its words: a missing or
#: different file is not used (a warning; the endings are searched, the same answers, slower)
THREE_TABLE_FILE = Path(__file__).parents[1] / "data" / "three_trick_endings.npz"
THREE_TABLE_CRC = 2090620626

_CARD_BITS = np.uint64((1 << (JOKER + 1)) - 1)


def _next_active_table() -> np.ndarray:
    nxt = np.zeros((16, 4), dtype=np.int64)
    for out in range(16):
        for s in range(4):
            n = (s + 1) & 3
            for _ in range(4):
                if not (out >> n) & 1:
                    break
                n = (n + 1) & 3
            nxt[out, s] = n
    return nxt


_NEXT = _next_active_table()


def game_seats(players: int, maker: int | None = None) -> tuple[tuple[int, ...], int]:
    """Where the seats of a game sit in the solver, which plays two sides on four seats.

    Returns ``(where, out)``: ``where[seat]`` is the solver seat of the game's ``seat``
    (0..players-1), ``out`` the solver seats nobody holds.  Four-handed: the seats themselves.
    Two-handed: seats 0 and 1, with 2 and 3 out (each player its own side).  Cutthroat: the
    ``maker`` goes to seat 1 and the two defenders, in their clockwise order, to seats 2 and 0
    with seat 3 out, so the solver counts the maker's tricks against the defenders playing as a
    coalition (``docs/rules.md`` says what that assumes).
    """
    if players == 4:
        return (0, 1, 2, 3), 0
    if players == 2:
        return (0, 1), 0b1100
    if players == 3:
        if maker not in (0, 1, 2):
            raise SolveInputError(f"cutthroat needs the maker's seat 0..2 to be solved, got {maker!r}")
        return tuple((s - maker + 1) % 3 for s in range(3)), 0b1000
    raise SolveInputError(f"players {players!r}: expected 2, 3 or 4")


# ---------------------------------------------------------------------------
# arrays in, arrays out
# ---------------------------------------------------------------------------
def _as_rows(value, n: int, name: str, lo: int, hi: int) -> np.ndarray:
    arr = np.asarray(value)
    if arr.ndim == 0:
        arr = np.full(n, arr)
    if arr.shape != (n,):
        raise SolveInputError(f"{name} must be one int or an array of {n} ints, got shape {arr.shape!r}")
    if arr.size and not np.issubdtype(arr.dtype, np.integer):
        raise SolveInputError(f"{name} must hold whole numbers, got {arr.dtype}")
    arr = arr.astype(np.int64)
    bad = np.flatnonzero((arr < lo) | (arr > hi))
    if bad.size:
        i = int(bad[0])
        raise SolveInputError(f"row {i}: {name} {int(arr[i])!r} is outside {lo}..{hi}")
    return arr


def prepare_rows(hands, trump, leader, out, played):
    h = np.asarray(hands)
    if h.ndim != 2 or h.shape[1] != 4:
        raise SolveInputError(f"hands must have shape (N, 4), got {h.shape!r}")
    if h.size and not np.issubdtype(h.dtype, np.integer):
        raise SolveInputError(f"hands must be integer bitmasks, got {h.dtype}")
    h = h.astype(np.uint64)
    n = h.shape[0]
    t = _as_rows(trump, n, "trump", 0, 4)
    ld = _as_rows(leader, n, "leader", 0, 3)
    o = _as_rows(out, n, "out", 0, 15)
    if played is None:
        p = np.full((n, 3), -1, dtype=np.int8)
    else:
        p = np.asarray(played)
        if p.ndim == 1 and p.shape[0] == 3:
            p = np.broadcast_to(p, (n, 3))
        if p.shape != (n, 3):
            raise SolveInputError(f"played must have shape (N, 3), -1 padded, got {p.shape!r}")
        if p.size and ((p < -1) | (p > JOKER)).any():
            i = int(np.flatnonzero(((p < -1) | (p > JOKER)).any(axis=1))[0])
            raise SolveInputError(f"row {i}: played {p[i].tolist()!r} holds a number that is not a card")
        p = np.ascontiguousarray(p, dtype=np.int8)
    return h, t, ld, o, p


def _plainly_fine(h: np.ndarray, t: np.ndarray, o: np.ndarray, p: np.ndarray) -> bool:
    """True only if every row passes :func:`_check_every_row` and the batch is the common kind: four seats
    playing, no card on the table.  A few whole-column tests (0.4 ms for 100,000 full deals, against
    15 ms seat by seat); False says nothing (the check seat by seat then runs and names the bad row)."""
    if o.any() or (p >= 0).any():
        return False
    h0, h1, h2, h3 = h[:, 0], h[:, 1], h[:, 2], h[:, 3]
    u = h0 | h1 | h2 | h3
    if (u & ~_CARD_BITS).any():
        return False
    c0 = np.bitwise_count(h0)
    # every hand the same size and no card held twice (the counts add up to the cards held): then at most
    # 33 // 4 = MAX_HAND cards a hand
    if not ((c0 == np.bitwise_count(h1)).all() and (c0 == np.bitwise_count(h2)).all()
            and (c0 == np.bitwise_count(h3)).all() and (np.bitwise_count(u) == 4 * c0).all()):
        return False
    return not ((t == NO_TRUMP) & ((u & np.uint64(1 << JOKER)) != 0)).any()


def check_rows(h: np.ndarray, t: np.ndarray, ld: np.ndarray, o: np.ndarray, p: np.ndarray) -> None:
    """Vectorised consistency checks of a batch; raises on the first bad row."""
    if h.shape[0] and not _plainly_fine(h, t, o, p):
        _check_every_row(h, t, ld, o, p)


def _check_every_row(h: np.ndarray, t: np.ndarray, ld: np.ndarray, o: np.ndarray, p: np.ndarray) -> None:
    """:func:`check_rows` of any batch, seat by seat: raises on the first bad row, naming it."""
    n = h.shape[0]
    if n == 0:
        return

    def fail(mask, text):
        bad = np.flatnonzero(mask)
        if bad.size:
            i = int(bad[0])
            # bits that are no card shown in hex (the cards' text has no name for them)
            hands_txt = [format_hand(int(x & _CARD_BITS)) + (f" +{int(x & ~_CARD_BITS):#x}" if x & ~_CARD_BITS else "")
                         for x in h[i]]
            raise InconsistentDealError(
                f"row {i}: {text} (hands {hands_txt!r}, trump {int(t[i])}, leader {int(ld[i])}, "
                f"out {int(o[i])}, played {[int(c) for c in p[i] if c >= 0]!r})"
            )

    fail((h & ~_CARD_BITS).any(axis=1), "a hand holds a bit that is not a card")
    joker = np.uint64(1 << JOKER)
    fail((t == NO_TRUMP) & (((h & joker) != 0).any(axis=1) | (p == JOKER).any(axis=1)),
         "no trump (trump 4) with the Joker in play: no rule text gives the Joker a place without trump")
    seen = np.zeros(n, dtype=np.uint64)
    for s in range(4):
        fail((seen & h[:, s]) != 0, f"seat {s} holds a card another seat holds")
        seen |= h[:, s]
    active = np.stack([((o >> s) & 1) == 0 for s in range(4)], axis=1)
    na = active.sum(axis=1)
    fail(na < 2, "fewer than two seats are playing")
    fail(~active[np.arange(n), ld], "the leader sits out")
    counts = np.bitwise_count(h).astype(np.int64)
    fail(((~active) & (counts > 0)).any(axis=1), "a seat that sits out holds cards")
    valid = p >= 0
    npl = valid.sum(axis=1)
    fail((valid[:, 1:] & ~valid[:, :-1]).any(axis=1), "played cards must come first, then -1 padding")
    fail(npl >= na, "as many cards on the table as players: the trick is already complete")
    pmask = np.zeros(n, dtype=np.uint64)
    for k in range(3):
        bit = np.where(valid[:, k], np.left_shift(np.uint64(1), np.maximum(p[:, k], 0).astype(np.uint64)),
                       np.uint64(0))
        fail((pmask & bit) != 0, "a card is on the table twice")
        pmask |= bit
    fail((pmask & seen) != 0, "a card on the table is also in a hand")
    # hand lengths: seats that played to this trick hold one card fewer than the others
    seat = ld.copy()
    played_flag = np.zeros((n, 4), dtype=bool)
    rows = np.arange(n)
    for k in range(3):
        played_flag[rows, seat] |= k < npl
        seat = np.where(k < npl, _NEXT[o, seat], seat)
    mover = seat
    size = counts[rows, mover]
    fail((npl > 0) & (size == 0), "the player to move has no card")
    fail(size > MAX_HAND, f"hands hold more than {MAX_HAND} cards")
    expected = np.where(active, size[:, None] - played_flag, 0)
    fail((expected != counts).any(axis=1), "hand lengths do not fit the cards on the table")


def thread_count(threads) -> int:
    import numba

    if threads is None:
        return numba.get_num_threads()
    threads = int(threads)
    if threads < 1:
        raise SolveInputError(f"threads must be at least 1, got {threads!r}")
    return min(threads, numba.config.NUMBA_NUM_THREADS)


@contextlib.contextmanager
def numba_threads(nthreads: int):
    """numba's thread count set to ``nthreads`` (from :func:`thread_count`) for the block, restored after."""
    import numba

    before = numba.get_num_threads()
    numba.set_num_threads(nthreads)
    try:
        yield
    finally:
        numba.set_num_threads(before)


_ENDINGS: list[np.ndarray] = []
_NO_ENDINGS = np.zeros(0, dtype=np.int64)


def _load_words(path, key: str, words: int, ok) -> np.ndarray | None:
    """The int64 words stored under ``key`` in the ``.npz`` file ``path``, or None when the file is missing or
    unreadable, or its array is not ``words`` long or fails ``ok`` (its checksum)."""
    try:
        with np.load(path) as f:
            w = np.ascontiguousarray(f[key], dtype=np.int64)
    except (OSError, KeyError, ValueError):
        return None
    return w if w.shape == (words,) and ok(w) else None


def _two_endings(kernels) -> np.ndarray:
    """The table of every two-trick ending of four hands with a trump suit (loaded, or built, once a process)."""
    if not _ENDINGS:
        import hashlib

        two = _load_words(TWO_TABLE_FILE, "two", kernels.TWO_WORDS,
                          lambda w: hashlib.md5(w.tobytes()).hexdigest() == TWO_TABLE_MD5)
        if two is None:
            two = np.zeros(kernels.TWO_WORDS, dtype=np.int64)
            kernels.build_two_table(two, kernels.TWO_T28, kernels.TWO_T15, kernels.TWO_T6, kernels.TWO_SHAPE)
        _ENDINGS.append(two)
    return _ENDINGS[0]


_THREE: list[np.ndarray] = []


def _three_endings(kernels) -> np.ndarray:
    """The table of three-trick endings of four hands with a trump suit (loaded once a process), or an empty
    array if the shipped file is missing or differs (warned once: those endings are then searched)."""
    if not _THREE:
        import zlib

        three = _load_words(THREE_TABLE_FILE, "three", kernels.THREE_WORDS, lambda w: zlib.crc32(w) == THREE_TABLE_CRC)
        if three is None:
            import warnings

            warnings.warn(f"{THREE_TABLE_FILE} is missing or not the table this solver reads: three-trick "
                          "endings are searched instead (the same answers, slower); `python "
                          "benchmarks/three_trick_table.py` writes it", RuntimeWarning, stacklevel=3)
            three = _NO_ENDINGS
        _THREE.append(three)
    return _THREE[0]


def _run(hands, trump, leader, out, played, threads, want_values: bool, stats, check: bool):
    # the kernels (and numba) load here, after the input was checked: a bad position never loads them
    from ..engine import search as _kernels

    h, t, ld, o, p = prepare_rows(hands, trump, leader, out, played)
    if check:
        check_rows(h, t, ld, o, p)
    n = h.shape[0]
    res = np.zeros(n, dtype=np.int8)
    values = np.full((n, 33) if want_values else (n, 0), -1, dtype=np.int8)
    if want_values:
        vals_arg = values
    else:
        # the kernels write no values unless asked: never filled, never read (its pages never touched)
        vals_arg = np.empty((n, 33), dtype=np.int8) if n else values.reshape(0, 33)
    nthreads = thread_count(threads)
    hi = h.astype(np.int64)
    tt_bits = TT_BITS if n == 0 or int(np.bitwise_count(h).max()) <= 5 else TT_BITS_LONG
    total = np.zeros(_kernels.NUM_STATS, dtype=np.int64)
    no_trump = t == NO_TRUMP
    # one compiled copy of the search per trump slot mask, each compiled on its first use: the rows with
    # a trump suit, then those in no trump (a batch of one kind is one call, chunked as before)
    for suffix, rows in (("", ~no_trump), ("_nt", no_trump)):
        m = int(rows.sum())
        if m == 0:
            continue
        whole = m == n
        sel = slice(None) if whole else np.flatnonzero(rows)
        part_res = res if whole else np.zeros(m, dtype=np.int8)
        part_vals = vals_arg if whole else vals_arg[sel]
        serial = nthreads == 1 or m == 1
        nchunks = 1 if serial else max(1, min(m, nthreads * CHUNKS_PER_THREAD))
        kernel = getattr(_kernels, ("solve_batch_serial" if serial else "solve_batch_parallel") + suffix)
        st = np.zeros((nchunks, _kernels.NUM_STATS), dtype=np.int64)
        announce(kernel, "the double-dummy solver" + ("'s no-trump copy" if suffix else ""), COMPILE_SECONDS)
        two = _two_endings(_kernels) if not suffix and m >= TWO_TABLE_ROWS else _NO_ENDINGS
        three = _three_endings(_kernels) if not suffix and m >= THREE_TABLE_ROWS else _NO_ENDINGS
        args = (hi[sel], t[sel], ld[sel], o[sel], p[sel], want_values, part_res, part_vals, nchunks, tt_bits, st,
                _kernels.BITPOS, _kernels.CARD_AT, two, three)
        if serial:
            kernel(*args)
        else:
            with numba_threads(nthreads):
                kernel(*args)
        if not whole:
            res[sel] = part_res
            vals_arg[sel] = part_vals
        total += st.sum(axis=0)
    if stats is not None:
        stats[: _kernels.NUM_STATS] = total
    return res, (vals_arg if want_values else None)


def solve_many(hands: np.ndarray, trump, leader, out=0, played=None, threads=None, *,
               stats: np.ndarray | None = None, check: bool = True) -> np.ndarray:
    """Tricks still to be decided (the current one included) that side 0 (seats 0 and 2) takes.

    Parameters
    ----------
    hands : uint64 array (N, 4)
        Cards not yet played of seats 0..3 (bit ``card`` set).
    trump, leader, out : int or int array (N,)
        Trump suit 0..3; seat that leads (led) the current trick; bitmask of seats sitting out.
    played : int8 array (N, 3), optional
        Cards already on the table in the current trick, in play order, -1 padded.
    threads : int, optional
        Worker threads (default: numba's thread count); 1 runs the serial kernel.
        Results never depend on it.
    stats : int64 array, optional
        Receives ``[nodes, table probes, table hits]`` of the search.
    check : bool
        Validate every row first (raises :class:`InconsistentDealError`).

    Returns
    -------
    int8 array (N,)
    """
    res, _ = _run(hands, trump, leader, out, played, threads, False, stats, check)
    return res


def card_values_many(hands: np.ndarray, trump, leader, out=0, played=None, threads=None, *,
                     stats: np.ndarray | None = None, check: bool = True) -> np.ndarray:
    """For the player to move: tricks their own side takes if each card is played now.

    Same arguments as :func:`solve_many`.  Returns an int8 array (N, 33) indexed by
    card, counting the tricks still to be decided (current one included) with best
    play afterwards; -1 for cards not held or not legal.
    """
    _, values = _run(hands, trump, leader, out, played, threads, True, stats, check)
    return values


from .position import (  # noqa: E402  (the friendly face, built on the arrays above)
    Position,
    SolveResult,
    card_values,
    make_position,
    result_dict,
    solve,
    solve_position,
)

__all__ = [
    "check_rows", "prepare_rows", "thread_count",
    "MAX_HAND",
    "InconsistentDealError",
    "Position",
    "SolveInputError",
    "SolveResult",
    "card_values",
    "card_values_many",
    "game_seats",
    "make_position",
    "numba_threads",
    "result_dict",
    "solve",
    "solve_many",
    "solve_position",
]
