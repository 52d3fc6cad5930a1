"""The ``realistic-v3`` play model, compiled: realistic play on worlds weighted by the auction, and
defenders who cash a sure winner on lead against the makers.

:func:`play_reading` plays a batch of deals to the end as the Python player ``realistic-v3``
(``players/reading.py`` and ``players/defence.py`` with ``defend=4``) chooses its cards, inside numba
(:mod:`euchre_stats.engine.reading`): each seat's worlds are drawn by the realistic sampler, weighted
by the likelihood of the auction the row had under the bidding model of each bidding seat (a count model
or the feature bidder), and resampled; a defender on lead against makers with a partner plays, among the
cards within a quarter of a point a world of the best, a plain-suit card no card still out can beat.
With ``loner_worlds`` :data:`MORE_WORLDS` it plays as ``realistic-v4``: a defender against a lone maker
decides on that many times the worlds.  The play model ``pimc``
(:func:`~euchre_stats.cardplay.realistic.play_realistic`) is unchanged.

This module validates and converts; no I/O, no global random state.  The bidding models come in as
objects with the count's attributes (``card_values``, ``order``...: a
:class:`~euchre_stats.bidding.model.BiddingModel`, or a ``FeatureModel`` with its weights); this layer
does not import the bidding package.
"""

from __future__ import annotations

import numpy as np

from ..core.compiling import announce
from ..core.errors import PlayModelError, RealisticInputError
from ..core.trump import EFF_SUIT, NO_TRUMP
from ..rules import (Rules, alone_with_the_call, dealer_picks_up, may_call_alone, may_call_no_trump, may_pass,
                     may_take_up, order_must_go_alone, railroad_on)
from ..solver import numba_threads
from ..engine import search as _solver_kernels
from . import DEFAULT_WORLDS
from .realistic import _BINOM, CHUNKS_PER_THREAD, TT_BITS, _rows, _validate, batch_start, known_discards

#: candidate deals drawn first at each decision (``players/reading.py``'s default)
DEFAULT_POOL = 256
#: ``realistic-v4``: how many times the worlds (and candidates) a defender against a lone maker decides on
#: (``players/defence.py``: ``MORE_WORLDS``; the test checks them equal)
MORE_WORLDS = 8
#: what compiling the kernel costs (CPU-seconds of a first call, measured as docs/performance.md says)
COMPILE_SECONDS = 30
_EFF = np.ascontiguousarray(EFF_SUIT[:4], dtype=np.int64)


def reads_auctions(rules: Rules) -> bool:
    """Whether the auctions of this table are read (else every row plays on uniform worlds, as the Python
    player plays such tables): alone declared with the call, no railroad, no farmer's hand."""
    return bool(rules.seating.vectorised and alone_with_the_call(rules) and not railroad_on(rules)
                and not rules.farmers_hand)


def _is_feature(m) -> bool:
    """Whether ``m`` is the feature bidder (``bidding/model_v2.py``) or the table bidder, a feature bidder
    whose round one at some seats is a strategy table's (``bidding/table_model.py``: this layer imports
    neither)."""
    return (type(m).__name__ == "FeatureModel" or _is_table(m)) and hasattr(m, "order_w")


def _is_table(m) -> bool:
    """Whether ``m`` is the table bidder or a subclass of it (which reads its rows through the same methods)."""
    return any(c.__name__ == "TableModel" for c in type(m).__mro__)


#: the last arrays :func:`_table_arrays` built, with the rows they were built from (kept alive, so that their
#: ids name them): a table bidder's arrays (tens of MB) are built once, not at every play-out call
_ARRAYS: dict = {}


def _table_arrays(models) -> tuple[np.ndarray, np.ndarray, list, list]:
    """``(tk, tv, one, two)``: the table bidders' rows by round and seat (``tk`` (2, 4, k) sorted class keys,
    ``tv`` (2, 4, k, 7) their values in points, as ``bidding/table_model.py``'s ``COLUMNS``) and per seat whether
    its round one, round two, is read from them.  The same rows give the same arrays (built once; never
    written to)."""
    one = [_is_table(m) and m.covers(s) for s, m in enumerate(models)]
    two = [_is_table(m) and m.covers_round_two(s) for s, m in enumerate(models)]
    rows = [(m.rows() if one[s] else None, m.rows2() if two[s] else None) for s, m in enumerate(models)]
    key = tuple(id(r) for pair in rows for r in pair)
    hit = _ARRAYS.get(key)
    if hit is not None:
        return hit[1], hit[2], one, two
    tk, tv = _build_table_arrays(rows)
    if len(_ARRAYS) >= 2:
        _ARRAYS.clear()
    _ARRAYS[key] = (rows, tk, tv)
    return tk, tv, one, two


def _build_table_arrays(rows) -> tuple[np.ndarray, np.ndarray]:
    k = max([len(r[i].keys[s]) for s, r in enumerate(rows) for i in (0, 1) if r[i] is not None], default=1)
    tk = np.full((2, 4, k), np.iinfo(np.int64).max, dtype=np.int64)
    tv = np.zeros((2, 4, k, 7))
    for s, r in enumerate(rows):
        for i in (0, 1):
            if r[i] is not None:
                keys, vals = r[i].keys[s], r[i].values[s]
                tk[i, s, :len(keys)] = keys.astype(np.int64)
                tv[i, s, :len(keys), :vals.shape[1]] = vals
    return tk, tv


def model_arrays(rules: Rules, models) -> tuple[np.ndarray, ...]:
    """``(cv, fp, rf, g, fw, tk, tv)``: the kernel's view of four bidding models (one per seat, eldest to the
    dealer: count models, feature bidders or table bidders) and of the rules' bidding options (see
    :mod:`euchre_stats.engine.reading`)."""
    from ..engine import reading as _k

    if len(models) != 4:
        raise PlayModelError(f"realistic-v3 reads the auction with one bidding model per seat, got {len(models)}")
    for m in models:
        # a count model, the feature bidder or the table bidder: a model whose strength is none of these (the
        # guides) would need its own likelihood in the kernel
        if type(m).__name__ != "BiddingModel" and not _is_feature(m):
            raise PlayModelError(f"realistic-v3 reads the auction under a count bidding model, the feature bidder "
                                 f"or the table bidder; got {type(m).__name__} (use --model pimc)")
    cv = np.ascontiguousarray(np.stack([np.asarray(m.card_values, dtype=np.float64) for m in models]))
    tk, tv, one, two = _table_arrays(models)
    fp = np.array([[m.order[s], m.order_alone[s], m.call[s], m.call_alone[s], m.next_bonus[s], m.upcard_weight,
                    m.lone_partner_upcard, m.temperature, m.off_king, m.off_king_with_ace, m.void,
                    float(_is_feature(m)), float(getattr(m, "junk_pass", 0.0)), float(one[s]), float(two[s])]
                   for s, m in enumerate(models)], dtype=np.float64)
    fw = np.zeros((4, 4, _k.NUM_FEATURES))
    for s, m in enumerate(models):
        if _is_feature(m):
            for j, name in enumerate(("order_w", "alone_w", "call_w", "call_alone_w")):
                w = np.asarray(getattr(m, name)[s], dtype=np.float64)
                if w.shape != (_k.NUM_FEATURES,):
                    raise PlayModelError(f"realistic-v3 reads a feature bidder of {_k.NUM_FEATURES} features; "
                                         f"got {w.shape[0]}")
                fw[s, j] = w
    rf = np.array([[bool(order_must_go_alone(rules, s)), bool(may_call_alone(rules, s, 1)),
                    bool(may_call_alone(rules, s, 2)), bool(may_pass(rules, s, 2))] for s in range(4)],
                  dtype=np.int64)
    needs_trump = not bool(may_take_up(rules, 3, 0, 0))  # the dealer holding nothing may not take up
    g = np.array([needs_trump, bool(dealer_picks_up(rules, 1, True))], dtype=np.int64)
    return cv, fp, rf, g, fw, tk, tv


def auction_weights(rules: Rules, models, dealt, *, upcard: int, made_in: int, maker: int, alone: bool,
                    asker: int, trump: int) -> np.ndarray:
    """The kernel's likelihood of the auction for each deal of ``dealt`` (n, 4: the hands as dealt on the
    kernel's seats), as ``players/reading.py::auction_likelihood`` gives it (the tests' entry point)."""
    from ..engine import reading as _r

    cv, fp, rf, g, fw, tk, tv = model_arrays(rules, models)
    d = np.ascontiguousarray(dealt, dtype=np.int64)
    out = np.zeros(d.shape[0])
    _r.auction_weights(d, int(upcard), int(made_in), int(maker), bool(alone), int(asker), int(trump), cv, fp, rf, g,
                       _EFF, fw, tk, tv, out)
    return out


def play_reading(rules: Rules, hands: np.ndarray, trump, leader, out, maker, alone, def_alone, *, seed: int,
                 models, upcard, made_in, worlds: int = DEFAULT_WORLDS, pool: int = DEFAULT_POOL,
                 loner_worlds: int = 1, threads: int | None = None, trick=None, up_known=None, streams=None,
                 discard=None, voids=None, gone=None, won=None, played=None,
                 stats: np.ndarray | None = None) -> np.ndarray:
    """Play every deal to the end as ``realistic-v3``; side 0's tricks from this point.

    The arguments of :func:`~euchre_stats.cardplay.realistic.play_realistic` (four-handed; ``trick`` the
    cards of the current trick already led, ``gone``, ``voids``, ``won`` the earlier tricks'), and:

    models : four count bidding models
        The model each seat (eldest, partner, third, dealer) bid by, read by the others.
    upcard : int or int array (n,)
        The upcard; known to every seat out of play when it was turned down (``up_known`` -1).
    made_in : int or int array (n,)
        The round trump was made in (1 or 2; 0: the auction is not read, uniform worlds); the seats before
        the maker passed in that round (in round two every seat passed round one).
    pool : int
        Candidate deals drawn first at each decision.
    played : int array (n, 4), optional
        The cards each seat played in the earlier tricks (deck masks; default none): the hands as dealt,
        whose auction is read, are the hands now plus these.
    loner_worlds : int
        1 (``realistic-v3``), or how many times the worlds and the candidates a defender against a lone
        maker decides on (``realistic-v4``: :data:`MORE_WORLDS`).
    stats : int64 array, optional
        Receives the counters (:data:`euchre_stats.engine.reading.NUM_READ_STATS`).
    """
    from ..engine import reading as _k

    if not rules.seating.vectorised:
        raise PlayModelError("realistic-v3 plays the four-handed game")
    if may_call_no_trump(rules, 2):
        raise PlayModelError("realistic-v3 does not read auctions that may name no trump (use --model pimc)")
    if isinstance(pool, bool) or not isinstance(pool, (int, np.integer)) or not 1 <= int(pool) <= _k.MAX_POOL:
        raise RealisticInputError(f"pool must be a whole number in 1..{_k.MAX_POOL}, got {pool!r}")
    if isinstance(loner_worlds, bool) or not isinstance(loner_worlds, (int, np.integer)) or not (
            1 <= int(loner_worlds) and int(worlds) * int(loner_worlds) <= _k.MAX_POOL):
        raise RealisticInputError(f"loner_worlds must be a whole number from 1 with worlds * loner_worlds at most "
                                  f"{_k.MAX_POOL}, got {loner_worlds!r}")
    more = int(loner_worlds)
    n = np.asarray(hands).shape[0]
    upc = _rows(upcard, n, "upcard")
    upk = np.full(n, -1, dtype=np.int64) if up_known is None else _rows(up_known, n, "up_known")
    if n and ((upc < 0) | (upc > 32)).any():
        raise RealisticInputError(f"upcard must be a card 0..32, got {upc.tolist()!r}")
    down = np.where(upk < 0, np.left_shift(np.int64(1), upc), 0)  # a turned-down upcard: out of play, seen by all
    if gone is not None:
        down = down | _rows(gone, n, "gone")
    h, t, ld, o, p, g, vd, up, dl, pts, w = _validate(rules, hands, trump, leader, out, maker, alone, def_alone, seed,
                                                      worlds, trick, voids, down, upk, won, None)
    pl = np.zeros((n, 4), dtype=np.int64) if played is None else np.ascontiguousarray(played, dtype=np.int64)
    if pl.shape != (n, 4) or (n and (pl & ~g[:, None]).any()):
        raise RealisticInputError(f"played must be ({n}, 4) deck masks of cards gone")
    if n and (t == NO_TRUMP).any():
        raise PlayModelError("realistic-v3 plays deals with a trump suit")
    rnd = _rows(made_in, n, "made_in")
    if not reads_auctions(rules):
        rnd = np.zeros(n, dtype=np.int64)
    if n and ((rnd < 0) | (rnd > 2)).any():
        raise RealisticInputError(f"made_in must be 0, 1 or 2, got {rnd.tolist()!r}")
    mk = _rows(maker, n, "maker")
    auc = np.stack([upc, rnd, mk, _rows(alone, n, "alone", bool).astype(np.int64), _rows(def_alone, n, "def_alone")],
                   axis=1).astype(np.int64)
    streams = np.arange(n, dtype=np.int64) if streams is None else np.ascontiguousarray(streams, dtype=np.int64)
    if streams.shape != (n,) or (streams < 0).any():
        raise RealisticInputError(f"streams must be {n} non-negative integers, one per deal")
    disc = known_discards(discard, h, p, g, rules.deck_obj.mask, "kitty")
    cv, fp, rf, gf, fw, tk, tv = model_arrays(rules, models)
    n, res, disc, nthreads = batch_start(h, disc, threads)
    total = np.zeros(_k.NUM_READ_STATS, dtype=np.int64)
    if n:
        nchunks = max(1, min(n, nthreads * CHUNKS_PER_THREAD))
        st = np.zeros((nchunks, _k.NUM_READ_STATS), dtype=np.int64)
        with numba_threads(nthreads):
            announce(_k.play_batch_read, "the realistic-v3 play kernels", COMPILE_SECONDS)
            _k.play_batch_read(h, t, ld, o.astype(np.int64), p, g, vd, up, disc, dl, pts, w, streams, auc, pl,
                               int(rules.deck_obj.mask), int(worlds), int(pool), more, _k.REJECT_TRIES,
                               rules.hand_size, int(seed), nchunks, TT_BITS, _BINOM, _solver_kernels.BITPOS,
                               _solver_kernels.CARD_AT, cv, fp, rf, gf, _EFF, fw, tk, tv, res, st)
        total = st.sum(axis=0)
    if stats is not None:
        stats[: _k.NUM_READ_STATS] = total
    return res


def lead_values_reading(rules: Rules, hands: np.ndarray, trump, leader, out, maker, alone, def_alone, *, seed: int,
                        models, upcard, made_in, worlds: int = DEFAULT_WORLDS, pool: int = DEFAULT_POOL,
                        loner_worlds: int = 1, threads: int | None = None, voids=None, gone=None, up_known=None,
                        won=None, cards=None, discard=None, played=None) -> tuple[np.ndarray, np.ndarray]:
    """For the lead question under ``realistic-v3`` (``loner_worlds`` :data:`MORE_WORLDS`: ``-v4``): each lead's
    outcome when everybody then plays as that player, as
    :func:`~euchre_stats.cardplay.realistic.lead_values_realistic` gives it under ``pimc`` (the same rows,
    streams and returns: every lead of deal ``i`` plays from the stream ``(seed, i)``).  The arguments of
    :func:`play_reading`; ``cards`` the leads to try (default every card the leader holds)."""
    from .realistic import lead_rows, points_table

    h = np.asarray(hands, dtype=np.int64)
    n = h.shape[0]
    ld = _rows(leader, n, "leader")
    r, c = lead_rows(h, ld, cards)
    tricks = np.full((n, 33), -1, dtype=np.int64)
    points = np.full((n, 33), np.nan)
    if r.size == 0:
        return tricks, points
    hr = h[r].copy()
    hr[np.arange(r.size), ld[r]] &= ~np.left_shift(np.int64(1), c)
    pr = np.full((r.size, 3), -1, dtype=np.int8)
    pr[:, 0] = c

    def sel(x, name, dtype=np.int64):
        return None if x is None else np.asarray(_rows(x, n, name, dtype))[r]

    vd = None if voids is None else np.broadcast_to(np.asarray(voids, dtype=np.int64), (n, 4))[r]
    pl = None if played is None else np.broadcast_to(np.asarray(played, dtype=np.int64), (n, 4))[r]
    s0 = play_reading(rules, hr, sel(trump, "trump"), ld[r], sel(out, "out"), sel(maker, "maker"),
                      sel(alone, "alone", bool), sel(def_alone, "def_alone"), seed=seed, models=models,
                      upcard=sel(upcard, "upcard"), made_in=sel(made_in, "made_in"), worlds=worlds, pool=pool,
                      loner_worlds=loner_worlds, threads=threads, trick=pr, up_known=sel(up_known, "up_known"),
                      streams=r, discard=sel(discard, "discard"), voids=vd, gone=sel(gone, "gone"),
                      won=sel(won, "won"), played=pl)
    mk, al, da = _rows(maker, n, "maker"), _rows(alone, n, "alone", bool), _rows(def_alone, n, "def_alone")
    w = np.zeros(n, dtype=np.int64) if won is None else _rows(won, n, "won")
    held = np.bitwise_count(h[r, ld[r]].astype(np.uint64)).astype(np.int64)
    mine = np.where(ld[r] % 2 == 0, s0, held - s0)
    total0 = w[r] + s0
    p0 = points_table(rules, mk[r], al[r], da[r])[np.arange(r.size), total0].astype(np.float64)
    tricks[r, c] = mine
    points[r, c] = np.where(ld[r] % 2 == 0, p0, -p0)
    return tricks, points


def sample_reading_worlds(rules: Rules, hands, trump: int, leader: int, out: int, *, models, upcard: int,
                          made_in: int, maker: int, alone: bool, played, seed: int, stream: int = 0, worlds: int,
                          pool: int = DEFAULT_POOL, trick=(), gone: int = 0, voids=(0, 0, 0, 0), up_known: int = -1,
                          stats: np.ndarray | None = None) -> np.ndarray:
    """The worlds (m, 4 deck masks) the player to move draws in this position as :func:`play_reading` draws
    them, weighted by the auction (``made_in`` 1 or 2, nobody defending alone): ``hands`` any deal consistent
    with the position (the mover's own hand and the others' sizes are read), ``played`` the cards each seat has
    played (deck masks, kernel seats), the rest as :func:`~euchre_stats.cardplay.realistic.sample_worlds`
    (the tests' entry point: the sampler against exact enumeration)."""
    from ..engine import reading as _k

    if not 1 <= int(worlds) <= 1 << 20:
        raise RealisticInputError(f"worlds must be a whole number 1..{1 << 20}, got {worlds!r}")
    cv, fp, rf, g, fw, tk, tv = model_arrays(rules, models)
    tr = np.full(3, -1, dtype=np.int8)
    tr[: len(trick)] = list(trick)
    auc = np.array([upcard, made_in, maker, int(bool(alone)), -1], dtype=np.int64)
    res = np.zeros((int(worlds), 4), dtype=np.int64)
    counts = np.zeros(_k.NUM_READ_STATS, dtype=np.int64)
    m = _k.sample_read_worlds(np.asarray(hands, dtype=np.int64), int(trump), int(leader), int(out), tr, int(gone),
                              np.asarray(voids, dtype=np.int64), int(up_known), 3,
                              np.asarray(played, dtype=np.int64), auc, int(rules.deck_obj.mask), int(worlds),
                              int(pool), _k.REJECT_TRIES, rules.hand_size, int(seed), int(stream), _BINOM,
                              _solver_kernels.BITPOS, _solver_kernels.CARD_AT, cv, fp, rf, g, _EFF, fw, tk, tv, res,
                              counts)
    if stats is not None:
        stats[: _k.NUM_READ_STATS] = counts
    return res[:m]


def decide_reading(rules: Rules, worlds: np.ndarray, trump: int, leader: int, out: int, maker: int, alone: bool,
                   def_alone: int, *, cash: bool, public_out: int = 0, trick=(), gone: int = 0,
                   won: int = 0, order: int | None = None) -> int:
    """The card ``realistic-v3``'s kernel plays on the pre-sampled (already weighted) ``worlds`` (m, 4 deck
    masks): by the cashing rule when ``cash`` (the cards still out ``public_out``), else the realistic
    choice (the tests' entry point); ties by the suit order ``order`` (default
    :data:`euchre_stats.core.ties.DEFAULT_ORDER`)."""
    from ..core.ties import DEFAULT_ORDER
    from ..engine import reading as _k
    from .realistic import _points_row

    wd = np.ascontiguousarray(worlds, dtype=np.int64)
    tr = np.full(3, -1, dtype=np.int8)
    tr[: len(trick)] = list(trick)
    pts = _points_row(rules, int(maker), bool(alone), int(def_alone))
    values = np.zeros(33, dtype=np.int64)
    return int(_k.decide_read_given_worlds(wd, int(trump), int(leader), int(out), tr, int(gone),
                                           int(rules.deck_obj.mask), pts, int(won), bool(cash), int(public_out),
                                           TT_BITS, _solver_kernels.BITPOS, _solver_kernels.CARD_AT,
                                           int(DEFAULT_ORDER if order is None else order), values))


__all__ = ["DEFAULT_POOL", "MORE_WORLDS", "auction_weights", "decide_reading", "lead_values_reading", "model_arrays",
           "play_reading",
           "reads_auctions", "sample_reading_worlds"]
