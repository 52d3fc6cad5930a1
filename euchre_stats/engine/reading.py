"""Numba kernels of the ``realistic-v3`` play-out: the realistic kernel's play with worlds weighted by
the auction, and the defence rule "cash a sure winner on lead against the makers".

The batch play-out (:func:`play_batch_read`) is :func:`.realistic._play_row` with two changes, both
as the Python player ``realistic-v3`` (``players/reading.py``, ``players/defence.py`` ``defend=4``)
makes them:

* **worlds weighted by the auction** (rows whose auction is read, ``auc[i, A_ROUND]`` 1 or 2): at
  each decision ``pool`` candidate deals are drawn by the shared sampler (:mod:`.worlds`: uniform over
  the deals consistent with what the mover saw), each rebuilt as dealt (every seat's cards now plus
  those it played; a seat sitting out gets a hand drawn uniformly from the cards no seat holds) and
  weighted by the soft likelihood of the auction under the count model
  (:func:`_auction_weight`: the twin of ``players/reading.py::auction_likelihood``); while the
  effective number of candidates ``(sum w)^2 / sum w^2`` is below the worlds asked for, four times
  as many more are drawn (at most :data:`MAX_POOL` in all); then ``worlds`` worlds are drawn with
  replacement in proportion to the weights.
* **cashing winners** (:func:`_lead_choice`): a defender on lead against makers who did not go alone
  (nobody defending alone) values every card on its worlds and plays, among the cards within
  :data:`NEAR` points a world of the best, a plain-suit card that no card still out can beat, then the
  best, then the lowest tie key (:func:`.choice._tie_key`).

The bidding model enters as arrays (per seat: the count's card values per trump, a row of
:data:`NUM_MODEL` numbers, a row of :data:`NUM_RULE` rule flags, and the feature bidder's weights), so
any count model (any thresholds, temperature) and any feature bidder (``bidding/model_v2.py``:
``shipped-v2``, ``shipped-v3``, ``shipped-v4``; its level and margin from the hand's features, :func:`feature_row`, the
twin of ``bidding/features.py`` checked equal on random hands) is read without a recompile.

``realistic-v4`` (``more`` > 1) is the same play-out but for a defender against a lone maker (nobody
defending alone), who decides on ``more`` times the worlds, drawn from as many times the candidates (at
most :data:`MAX_POOL`), as ``players/defence.py`` ``MORE`` does.  Randomness as the realistic kernel: a
splitmix64 stream per row from ``(seed, stream)``; the pool, the hands of seats sitting out and the
resampling draw from it, so results do not depend on threads or chunks.  A chunk's table of decisions
already made (as :func:`.realistic._decision_key`, with the cards each seat played and the row's
auction in the key) never changes a result.

Only deals with a trump suit (no trump is not read).  The kernels of ``pimc`` (:mod:`.realistic`) are
not touched: a question that does not ask for ``realistic-v3`` compiles nothing of this module.
numba's on-disk cache of this module is keyed by this file alone (see :mod:`.realistic`).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from .choice import NO_KEY, _best_class, _best_first_arrays, _class_values, _classes, _decision_arrays, _forced_choice
from .choice import _discard_key, _tie_key, _decision_order, _maker_side, _tie_order
from .choice import _legal, _lowest_of, _point_targets
from .realistic import (
    NUM_PLAY_STATS,
    ST_CACHED,
    ST_DECISIONS,
    ST_EXACT,
    ST_FORCED,
    _evaluate,
    _evaluate_best_first,
    _known_voids,
    _next_table,
    _position,
    _search_tables,
    _trick_after,
)
from .search import NUM_STATS, TRUMP, _bit_index, _popcount, _reps, _to_layout
from .worlds import _LOW32, REJECT_TRIES, _below_small, _fill_worlds, _mix, _next, _sampler_arrays, _seed_stream

#: stats fields beyond :data:`.realistic.NUM_PLAY_STATS`: decisions on weighted worlds, candidates drawn,
#: decisions whose pool grew, the sum of the effective candidates (rounded down), decisions of a defender
#: against a loner on ``more`` times the worlds (``realistic-v4``)
ST_READ, ST_POOL, ST_GROWN, ST_ESS = NUM_PLAY_STATS, NUM_PLAY_STATS + 1, NUM_PLAY_STATS + 2, NUM_PLAY_STATS + 3
ST_MORE = NUM_PLAY_STATS + 4
NUM_READ_STATS = NUM_PLAY_STATS + 5
#: candidates drawn at most per decision (the pool grows fourfold while thin), as ``players/reading.py``
MAX_POOL = 4096
#: a near-tie of the defence rule: within this many points a world of the best card
NEAR = 0.25
#: a seat's model row; ``F_KIND`` 0 a count model, 1 the feature bidder (``bidding/model_v2.py``: its
#: weights in ``fw``), ``F_JUNK`` its ``junk_pass``; ``F_T1``, ``F_T2`` 1 where the seat's round one, round two,
#: is read from a strategy table (the table bidder, ``bidding/table_model.py``: the class keys of round ``r`` in
#: ``tk[r - 1, seat]``, sorted, their values in ``tv[r - 1, seat]``: :data:`T_PASS`...)
(F_ORDER, F_ORDER_ALONE, F_CALL, F_CALL_ALONE, F_NEXT, F_UPW, F_LPU, F_TEMP, F_KING, F_KACE,
 F_VOID, F_KIND, F_JUNK, F_T1, F_T2) = range(15)
NUM_MODEL = 15
#: a table row's values (points): round one pass, order, order alone; round two pass, then next, green1 (the
#: longer green holding) and green2, each with the partner and alone (``bidding/table_model.py``: ``COLUMNS``)
T_PASS, T_ORDER, T_ALONE = 0, 1, 2
T_NEXT, T_GREEN1, T_GREEN2 = 1, 3, 5
#: the feature bidder's weights by seat ``fw[seat, W_*, feature]``: ordering, ordering alone, calling, calling
#: alone (``order_w``, ``alone_w``, ``call_w``, ``call_alone_w``)
W_ORDER, W_ALONE, W_CALL, W_CALL_ALONE = range(4)
#: the features (``bidding/features.py``: ``FEATURES``), the hand's first (``HAND_FEATURES`` and
#: ``COUNT_FEATURES``); the test checks these numbers and the columns against that module
NUM_FEATURES = 49
NUM_HAND_FEATURES = 43
#: the feature bidder's scale of the margin kept inside a level, and how far below 0 a junk suit is held
#: (``bidding/model_v2.py``: ``MARGIN_SCALE``, ``JUNK_MARGIN``; the test checks them equal)
MARGIN_SCALE = 0.2
JUNK_MARGIN = 1.0
#: a seat's rule flags: its round-one acceptance must be alone, it may call alone in round one, in round
#: two, it may pass in round two
R_MUST_ALONE, R_ALONE1, R_ALONE2, R_PASS2 = range(4)
NUM_RULE = 4
#: the table's flags: the dealer needs a trump to take up; the upcard joins the dealer's partner's lone count
G_NEEDS_TRUMP, G_JOINS = 0, 1
#: a row's auction: the upcard, the round trump was made in (1, 2; 0: not read), the maker's seat,
#: whether the maker went alone, the lone defender's seat or -1
A_UP, A_ROUND, A_MAKER, A_ALONE, A_DEF_ALONE = range(5)
NUM_AUCTION = 5
__all__ = ["MAX_POOL", "NEAR", "REJECT_TRIES", "auction_weights", "decide_read_given_worlds", "feature_row",
           "play_batch_read", "sample_read_worlds"]

#: the dealer's seat on the kernel's seats (the four-handed game)
KDEALER = 3
#: words of a decision's key: the realistic kernel's 13, the cards each seat played, the row's auction
DC3_WORDS = 18
DC3_BITS = 9


# --- the auction's likelihood (deck numbers) -------------------------------------------------------
@njit(cache=True)
def _p(x, thr, temp):
    """The model's soft acceptance: the logistic written with tanh (``BiddingModel.p_accept``)."""
    return 0.5 * (1.0 + np.tanh((x - thr) / (2.0 * temp)))


@njit(cache=True)
def _count(h, t, cv, eff, king, kace, void):
    """The count of hand ``h`` (deck mask) under suit ``t`` (``bidding/_kernels._strength_one``: the same
    sums in the same order); ``cv`` the seat's card values (4, 33)."""
    s = 0.0
    n_trump = 0
    present = 0
    m = h
    while m:
        b = m & -m
        m ^= b
        c = _bit_index(b)
        s += cv[t, c]
        e = eff[t, c]
        if e == t:
            n_trump += 1
        present |= 1 << e
    for su in range(4):
        if su == t:
            continue
        if n_trump >= 2 and not (present >> su) & 1:
            s += void
        if (h >> (su * 8 + 6)) & 1:
            s += kace if (h >> (su * 8 + 7)) & 1 else king
    return s


# --- the feature bidder's features (twin of bidding/features.py, checked equal on random hands) ----------
@njit(cache=True)
def feature_row(h, t, count, up, banned, eff, x):
    """Fill ``x`` (:data:`NUM_FEATURES`) with the features of hand ``h`` (deck mask) under trump ``t``: the
    hand's (``bidding/features.py::hand_features`` with the ``count`` column ``count`` and its interactions)
    then the context's (``context_features``: round one with the upcard ``up`` when ``banned`` < 0, round two
    with the turned-down suit ``banned``)."""
    trumps = joker = right = left = ace = king = 0
    cnt = 0  # cards per effective suit, 8 bits a suit
    aces = 0
    kings = 0
    m = h
    while m:
        b = m & -m
        m ^= b
        c = _bit_index(b)
        e = eff[t, c]
        if e == t:
            trumps += 1
            if c == 32:
                joker += 1
            elif c == t * 8 + 4:
                right += 1
            elif c == (3 - t) * 8 + 4:
                left += 1
            elif c == t * 8 + 7:
                ace += 1
            elif c == t * 8 + 6:
                king += 1
        else:
            cnt += 1 << (8 * e)
            r = c & 7
            if r == 7:
                aces |= 1 << e
            elif r == 6:
                kings |= 1 << e
    off_aces = off_kings = kings_ace = voids = singles = losers = 0
    for su in range(4):
        if su == t:
            continue
        n = (cnt >> (8 * su)) & 0xFF
        a = (aces >> su) & 1
        kg = (kings >> su) & 1
        off_aces += a
        off_kings += kg * (1 - a)
        kings_ace += kg * a
        voids += n == 0
        singles += (n == 1) and a == 0
        losers += n - a - kg * a
    top3 = right + left + ace + joker
    x[0] = 1.0
    x[1] = trumps
    x[2] = joker
    x[3] = right
    x[4] = left
    x[5] = ace
    x[6] = king
    x[7] = trumps - joker - right - left - ace - king
    x[8] = off_aces
    x[9] = off_kings
    x[10] = kings_ace
    x[11] = voids
    x[12] = singles
    x[13] = losers
    x[14] = 1.0 if right + left + joker >= 2 else 0.0
    x[15] = top3
    x[16] = 1.0 if trumps == 1 else 0.0
    x[17] = 1.0 if trumps >= 3 else 0.0
    x[18] = 1.0 if trumps >= 4 else 0.0
    x[19] = 1.0 if top3 >= 2 and off_aces >= 1 else 0.0
    x[20] = trumps * top3
    x[21] = count
    x[22] = count * count / 10
    for k in range(1, 21):
        x[22 + k] = count * x[k] / 5
    for k in range(NUM_HAND_FEATURES, NUM_FEATURES):
        x[k] = 0.0
    if up >= 0 and banned < 0:
        r = up & 7 if up != 32 else -1
        x[43] = 1.0 if r == 4 else 0.0
        x[44] = 1.0 if r == 7 else 0.0
        x[45] = 1.0 if r == 6 else 0.0
        x[46] = 1.0 if (r >= 0 and r <= 3) or r == 5 else 0.0
    if banned >= 0:
        if t == 3 - banned:
            x[47] = 1.0
            x[48] = float(trumps)


@njit(cache=True)
def _dot(x, w):
    """``x . w`` summed from the first column (``bidding/model_v2.py::_dot``'s order: the same float)."""
    acc = x[0] * w[0]
    for k in range(1, x.shape[0]):
        acc = acc + x[k] * w[k]
    return acc


@njit(cache=True)
def _level(take, alone):
    """The feature bidder's value: the level (0 pass, 1 take, 2 alone) plus a little of the deciding margin."""
    if take > 0:
        if alone > 0:
            return 2.0 + 0.49 * np.tanh(alone / MARGIN_SCALE)
        return 1.0 + 0.49 * np.tanh(alone / MARGIN_SCALE)
    return 0.49 * np.tanh(take / MARGIN_SCALE)


@njit(cache=True)
def _class_key(h, up):
    """The class key of holding ``h`` (deck mask) with ``up`` turned (``core/hand_classes.py::round_one_keys``:
    trump to hearts, next to diamonds, the larger green holding to spades, the Joker kept)."""
    t = up >> 3
    nx = 3 - t
    g1 = 1 if t == 0 or t == 3 else 0
    g2 = 2 if t == 0 or t == 3 else 3
    r1 = (h >> (8 * g1)) & 0xFF
    r2 = (h >> (8 * g2)) & 0xFF
    hi, lo = r1, r2
    if _popcount(r1) * 256 + r1 < _popcount(r2) * 256 + r2:
        hi, lo = r2, r1
    canon = ((((h >> (8 * t)) & 0xFF) << 16) | (((h >> (8 * nx)) & 0xFF) << 8) | (hi << 24) | lo
             | (h & (np.int64(1) << 32)))
    return canon | (np.int64(16 + (up & 7)) << 40)


@njit(cache=True)
def _table_row(h, r, s, up, tk):
    """The index of holding ``h``'s class (``up`` turned up, or down in round two) in round ``r``'s rows of seat
    ``s``, or -1 (never, under the table's rules)."""
    key = _class_key(h, up)
    keys = tk[r - 1, s]
    i = np.searchsorted(keys, key)
    if i >= keys.shape[0] or keys[i] != key:
        return -1
    return i


@njit(cache=True)
def _table_gains(h, s, up, tk, tv):
    """The take and alone gains of seat ``s``'s round-one row for holding ``h``: the better of ordering and
    ordering alone minus passing, ordering alone minus ordering (a class missing passes); NaN for a row that does
    not decide (too close to call at a seat not refined: the feature bidder decides)."""
    i = _table_row(h, 1, s, up, tk)
    if i < 0:
        return -1.0, -1.0
    v = tv[0, s, i]
    if v[T_PASS] != v[T_PASS]:
        return np.nan, np.nan
    return max(v[T_ORDER], v[T_ALONE]) - v[T_PASS], v[T_ALONE] - v[T_ORDER]


@njit(cache=True)
def _table_two(h, s, up, tk, tv, out):
    """Round two from seat ``s``'s round-two row for holding ``h`` (``up`` turned down): ``out[t]`` each suit's
    take gain (the better of calling it with the partner and alone, minus passing; the turned-down suit -inf) and
    ``out[4 + t]`` its alone gain (``bidding/table_model.py::round_two_table_gains``).  Returns the best suit
    (ties to the lower suit), -1 when the class is missing (every suit then -1), or -2 when the row does not
    decide (too close to call at a seat not refined: the feature bidder decides)."""
    us = up >> 3
    for t in range(8):
        out[t] = -np.inf if t % 4 == us else -1.0
    i = _table_row(h, 2, s, up, tk)
    if i < 0:
        return -1
    v = tv[1, s, i]
    if v[T_PASS] != v[T_PASS]:
        return -2
    g1 = 1 if us == 0 or us == 3 else 0
    g2 = 2 if us == 0 or us == 3 else 3
    r1 = (h >> (8 * g1)) & 0xFF
    r2 = (h >> (8 * g2)) & 0xFF
    if _popcount(r1) * 256 + r1 < _popcount(r2) * 256 + r2:
        g1, g2 = g2, g1
    for t, col in ((3 - us, T_NEXT), (g1, T_GREEN1), (g2, T_GREEN2)):
        out[t] = max(v[col], v[col + 1]) - v[T_PASS]
        out[4 + t] = v[col + 1] - v[col]
    best = -1
    for t in range(4):
        if t != us and (best < 0 or out[t] > out[best]):
            best = t
    return best


@njit(cache=True)
def _round_one(h, s, up, cv, fp, rf, g, eff, fw, tk, tv, x):
    """``(P accept, P alone)`` of seat ``s`` holding ``h`` in round one (``Auction.p_round_one``)."""
    us = up >> 3
    c = cv[s]
    king, kace, void = fp[s, F_KING], fp[s, F_KACE], fp[s, F_VOID]
    feature = fp[s, F_KIND] != 0.0
    st0 = 0.0
    five = h
    if s == KDEALER:  # the best five of six; ties within 1e-9 to the lowest rank, then the six cards' suit order
        six = h | (np.int64(1) << up)
        order = _tie_order(np.uint64(six))  # core.ties.suit_orders of the six cards (the count's default)
        st = -1e300
        bk = 1 << 30
        for q in range(33):
            if (six >> q) & 1:
                v = _count(six & ~(np.int64(1) << q), us, c, eff, king, kace, void)
                k = _discard_key(q, us, order)
                if v > st + 1e-9:
                    st = v
                    five = six & ~(np.int64(1) << q)
                    bk = k
                elif v >= st - 1e-9 and k < bk:
                    five = six & ~(np.int64(1) << q)
                    bk = k
    else:
        st0 = _count(h, us, c, eff, king, kace, void)
        upv = c[us, up] * fp[s, F_UPW]
        st = st0 + upv if s == 1 else st0 - upv
    take, lone = np.nan, np.nan
    if fp[s, F_T1] != 0.0:  # the table's row of the hand as dealt (NaN: the row does not decide)
        take, lone = _table_gains(h, s, up, tk, tv)
    if take == take:  # the row decides: its level and margin
        st = _level(take, lone)
        sa = st
    elif feature:  # the level and margin of the feature bidder, on the count's five cards (the same for alone)
        feature_row(five, us, st, up, -1, eff, x)
        st = _level(_dot(x, fw[s, W_ORDER]), _dot(x, fw[s, W_ALONE]))
        sa = st
    else:
        sa = st
        if s == 1 and g[G_JOINS] == 0:
            sa = st0 + c[us, up] * fp[s, F_LPU] if fp[s, F_LPU] != 0.0 else st0
    temp = fp[s, F_TEMP]
    pa = _p(sa, fp[s, F_ORDER_ALONE], temp)
    p = pa if rf[s, R_MUST_ALONE] else _p(st, fp[s, F_ORDER], temp)
    if s == KDEALER and g[G_NEEDS_TRUMP] and (h & ((np.int64(0xFF) << (8 * us)) | (np.int64(1) << 32))) == 0:
        p = 0.0
    return p, pa


@njit(cache=True)
def _suit_counts(h, s, up, cv, fp, eff, fw, tk, tv, x, out):
    """Round two (``up`` turned down): ``out[t]`` each suit's count (next's bonus added) or, for the feature
    bidder, its score of calling it over passing (junk suits held down), or the table's take gain (``out[4 + t]``
    its alone gain); the turned-down suit -inf.  Returns the best suit's count, or the feature bidder's (the
    table's) level and margin of the suit scoring highest (ties to the lower suit)."""
    c = cv[s]
    us = up >> 3
    if fp[s, F_T2] != 0.0:
        bt = _table_two(h, s, up, tk, tv, out)
        if bt == -1:
            return _level(-1.0, -1.0)
        if bt >= 0:
            return _level(out[bt], out[4 + bt])
    if fp[s, F_KIND] != 0.0:   # (and a table's row that does not decide)
        bt = -1
        ba = 0.0
        for t in range(4):
            if t == us:
                out[t] = -np.inf
                continue
            feature_row(h, t, _count(h, t, c, eff, fp[s, F_KING], fp[s, F_KACE], fp[s, F_VOID]), -1, us, eff, x)
            take = _dot(x, fw[s, W_CALL])
            if fp[s, F_JUNK] != 0.0 and x[15] == 0.0 and x[1] <= 2.0 and x[8] == 0.0:
                take = min(take, 0.0) - JUNK_MARGIN
            out[t] = take
            out[4 + t] = _dot(x, fw[s, W_CALL_ALONE])
            if bt < 0 or take > out[bt]:
                bt = t
                ba = out[4 + t]
        return _level(out[bt], ba)
    for t in range(4):
        out[t] = -np.inf if t == us else _count(h, t, c, eff, fp[s, F_KING], fp[s, F_KACE], fp[s, F_VOID])
    out[3 - us] += fp[s, F_NEXT]
    best = out[0]
    for t in range(1, 4):
        if out[t] > best:
            best = out[t]
    return best


@njit(cache=True)
def _auction_weight(d, up, made_in, maker, alone, asker, trump, cv, fp, rf, g, eff, fw, tk, tv, c4, x):
    """The likelihood of the auction seen by ``asker`` under the model, given the hands as dealt ``d``
    (4 deck masks, the kernel's seats): ``players/reading.py::auction_likelihood`` for one deal."""
    w = 1.0
    if made_in == 1:
        for s in range(maker + 1):
            if s == asker or s == KDEALER:
                continue
            p, pa = _round_one(d[s], s, up, cv, fp, rf, g, eff, fw, tk, tv, x)
            if s != maker:
                w *= 1.0 - p
                continue
            w *= p
            if rf[s, R_ALONE1] and not rf[s, R_MUST_ALONE]:
                w *= pa if alone else 1.0 - pa
        return w
    us = up >> 3
    for s in range(4):
        if s != asker:
            w *= 1.0 - _round_one(d[s], s, up, cv, fp, rf, g, eff, fw, tk, tv, x)[0]
    for s in range(maker + 1):
        if s == asker:
            continue
        best = _suit_counts(d[s], s, up, cv, fp, eff, fw, tk, tv, x, c4)
        temp = fp[s, F_TEMP]
        if s != maker:
            w *= 1.0 - _p(best, fp[s, F_CALL], temp)
            continue
        ct = c4[trump]
        if rf[s, R_PASS2]:  # (stick the dealer: the dealer's call is forced)
            lv = ct  # the suit named passed the call threshold: a count's own count, the feature bidder's level
            if fp[s, F_T2] != 0.0:   # (a row that does not decide: _suit_counts put the feature alone scores there)
                lv = _level(ct, c4[4 + trump])
            elif fp[s, F_KIND] != 0.0:
                c = cv[s]
                feature_row(d[s], trump, _count(d[s], trump, c, eff, fp[s, F_KING], fp[s, F_KACE], fp[s, F_VOID]),
                            -1, us, eff, x)
                lv = _level(ct, _dot(x, fw[s, W_CALL_ALONE]))
            w *= _p(lv, fp[s, F_CALL], temp)
        for u in range(4):
            if u != trump and u != us:
                w *= _p(ct - c4[u], 0.0, temp)
        if rf[s, R_ALONE2]:
            pa = _p(best, fp[s, F_CALL_ALONE], temp)
            w *= pa if alone else 1.0 - pa
    return w


@njit(cache=True)
def auction_weights(dealt, up, made_in, maker, alone, asker, trump, cv, fp, rf, g, eff, fw, tk, tv, out):
    """``out[i]``: :func:`_auction_weight` of the deal ``dealt[i]`` (4 deck masks): the tests' entry point."""
    c4 = np.zeros(8)
    x = np.zeros(NUM_FEATURES)
    for i in range(dealt.shape[0]):
        out[i] = _auction_weight(dealt[i], up, made_in, maker, alone, asker, trump, cv, fp, rf, g, eff, fw, tk, tv,
                                 c4, x)


# --- weighted worlds ---------------------------------------------------------------------------------
@njit(cache=True)
def _to_deck(x, trump, card_at):
    d = np.int64(0)
    while x:
        b = x & -x
        x ^= b
        d |= np.int64(1) << card_at[trump, _bit_index(b)]
    return d


@njit(cache=True)
def _read_arrays(worlds):
    """Per chunk: the sampler's arrays for a pool, the candidates, their cumulative weights, a dealt row,
    the cards of the pile, four counts (and four alone gains), a row of features."""
    return (_sampler_arrays(MAX_POOL, 4, 33), np.zeros((MAX_POOL, 4), dtype=np.int64), np.zeros(MAX_POOL),
            np.zeros(4, dtype=np.int64), np.zeros(33, dtype=np.int64), np.zeros(8), np.zeros(NUM_FEATURES))


@njit(cache=True)
def _weighted_worlds(seat, hands, unseen, me_up, dealer, voids, out, worlds, pool, tries, rs, binom, rd, played,
                     auc, trump, hs, cv, fp, rf, g, eff, fw, tk, tv, card_at, wh, counts):
    """Fill ``wh[:worlds]`` with worlds drawn in proportion to the auction's likelihood (see the module);
    returns the number of worlds."""
    smp, cand, cum, d, pile, c4, xf = rd
    up, made_in, maker, alone = auc[A_UP], auc[A_ROUND], auc[A_MAKER], auc[A_ALONE] != 0
    n = pool
    total = 0
    sw = 0.0
    sw2 = 0.0
    draws = 0
    ess = 0.0
    while True:
        k, exact = _fill_worlds(seat, hands, unseen, me_up, dealer, voids, out, n, tries, rs, binom, smp)
        draws += 1
        for j in range(k):
            held = 0
            for s in range(4):
                cand[total + j, s] = smp[0][j, s]
                held |= smp[0][j, s]
            for s in range(4):
                if (out >> s) & 1:
                    # a seat sitting out: its hand uniformly from the cards nobody holds
                    rest = unseen & ~held
                    np_ = 0
                    while rest:
                        b = rest & -rest
                        rest ^= b
                        pile[np_] = b
                        np_ += 1
                    x = 0
                    for q in range(min(hs, np_)):
                        r = q + _below_small(rs, np_ - q)
                        b = pile[r]
                        pile[r] = pile[q]
                        pile[q] = b
                        x |= b
                    held |= x
                    d[s] = _to_deck(x, trump, card_at)
                else:
                    d[s] = _to_deck(cand[total + j, s] | played[s], trump, card_at)
            w = _auction_weight(d, up, made_in, maker, alone, seat, trump, cv, fp, rf, g, eff, fw, tk, tv, c4, xf)
            sw += w
            sw2 += w * w
            cum[total + j] = sw
        total += k
        ess = sw * sw / sw2 if sw2 > 0 else 0.0
        if exact or ess >= worlds or total >= MAX_POOL:
            break
        n = min(4 * n, MAX_POOL - total)
    counts[ST_READ] += 1
    counts[ST_POOL] += total
    counts[ST_ESS] += np.int64(ess)
    if draws > 1:
        counts[ST_GROWN] += 1
    if exact:
        counts[ST_EXACT] += 1
    if not sw > 0:  # (never with a soft model) every candidate impossible: read them uniformly
        for j in range(total):
            cum[j] = j + 1.0
        sw = float(total)
    for j in range(worlds):
        u = (_next(rs) >> np.uint64(11)) * (1.0 / 9007199254740992.0) * sw
        lo = 0
        hi = total - 1
        while lo < hi:  # the first candidate whose cumulative weight exceeds u
            mid = (lo + hi) // 2
            if cum[mid] > u:
                hi = mid
            else:
                lo = mid + 1
        for s in range(4):
            wh[j, s] = cand[lo, s]
    return worlds


@njit(cache=True)
def sample_read_worlds(hands_deck, trump, leader, out, trick, gone, voids_suit, up, dealer, played_deck, auc,
                       deck_mask, worlds, pool, tries, hs, seed, stream, binom, bitpos, card_at, cv, fp, rf, g, eff, fw,
                       tk, tv, res, counts):
    """The worlds (``res`` (worlds, 4) deck masks) the player to move draws in this position as
    :func:`play_batch_read` draws them: ``played_deck`` the cards each seat has played (deck masks), the rest
    as :func:`.realistic.sample_worlds_for` (the tests' entry point: the weighted sampler against exact
    enumeration).  Returns the number of worlds."""
    smp = _sampler_arrays(worlds, 4, 33)
    wh = smp[0]
    hands, seat, pos, lead, win, wseat, table = _position(hands_deck, trump, leader, out, trick, bitpos, TRUMP)
    voids = _known_voids(voids_suit, trump, leader, out, trick, pos, lead, bitpos)
    deck = _to_layout(deck_mask, trump, bitpos)
    gone_l = _to_layout(gone, trump, bitpos) & ~table
    up_bit = (1 << bitpos[trump, up]) & hands[dealer] if up >= 0 else 0
    me_up = up_bit if seat != dealer else 0
    unseen = deck & ~gone_l & ~table & ~hands[seat] & ~me_up
    played = np.zeros(4, dtype=np.int64)
    for s in range(4):
        played[s] = _to_layout(played_deck[s], trump, bitpos)
    rs = np.zeros(1, dtype=np.uint64)
    _seed_stream(rs, seed, stream)
    m = _weighted_worlds(seat, hands, unseen, me_up, dealer, voids, out, worlds, pool, tries, rs, binom,
                         _read_arrays(worlds), played, auc, trump, hs, cv, fp, rf, g, eff, fw, tk, tv, card_at, wh,
                         counts)
    for w in range(m):
        for s in range(4):
            res[w, s] = _to_deck(wh[w, s], trump, card_at)
    return m


# --- the defence rule ----------------------------------------------------------------------------------
@njit(cache=True)
def _lead_choice(sums, members, nc, m, public_out, trump, card_at, order, tm):
    """The card (layout bit) of the cashing rule: among the classes within ``NEAR * m`` of the best sum,
    a card of a plain suit with no card of ``public_out`` above it in its suit first, then the higher sum,
    then the lower tie key under the suit order ``order`` (as ``players/defence.py::lead_choice``): the deal's
    order as it is, not a lead's reversed one (the defence's own rule)."""
    best = sums[0]
    for ci in range(1, nc):
        if sums[ci] > best:
            best = sums[ci]
    floor = best - NEAR * m
    pick = 0
    pw = -1
    ps = 0
    pd = NO_KEY
    for ci in range(nc):
        if sums[ci] < floor:
            continue
        mm = members[ci]
        while mm:
            b = mm & -mm
            mm ^= b
            sl = np.int64(0xFFFF) << (_bit_index(b) & 0x30)
            win = 1 if (b & tm) == 0 and (public_out & sl & ~(b | (b - 1))) == 0 else 0
            dn = _tie_key(card_at[trump, _bit_index(b)], trump, order)
            if win > pw or (win == pw and (sums[ci] > ps or (sums[ci] == ps and dn < pd))):
                pick, pw, ps, pd = b, win, sums[ci], dn
    return pick


@njit(cache=True)
def _cashes(auc, seat, pos):
    """Whether the cashing rule chooses this card: a defender on lead, against makers with a partner and
    nobody defending alone, at a row whose auction is read."""
    return (auc[A_ROUND] > 0 and pos == 0 and auc[A_ALONE] == 0 and auc[A_DEF_ALONE] < 0
            and (seat & 1) != (auc[A_MAKER] & 1))


@njit(cache=True)
def _against_loner(auc, seat):
    """Whether ``seat`` defends against a maker who went alone, nobody defending alone (``players/defence.py``
    ``against_loner``), at a row whose auction is read."""
    return (auc[A_ROUND] > 0 and auc[A_ALONE] != 0 and auc[A_DEF_ALONE] < 0
            and (seat & 1) != (auc[A_MAKER] & 1))


# --- a whole play-out -------------------------------------------------------------------------------
@njit(cache=True)
def _decision_cache3():
    k = 1 << DC3_BITS
    keys = np.zeros((k, DC3_WORDS), dtype=np.int64)
    keys[:, 0] = -1
    return keys, np.zeros(k, dtype=np.int64), np.zeros(k, dtype=np.uint64), np.zeros(DC3_WORDS, dtype=np.int64)


@njit(cache=True)
def _decision_key3(key, seat, pos, dealer, out, wseat, nt, won, trump, hands, table, gone_l, win, lead, voids,
                   me_up, targets, tvals, rs, played, auc, order):
    """:func:`.realistic._decision_key` with the cards each seat played and the row's auction."""
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
    for s in range(4):
        key[13 + s] = played[s]
    key[17] = (auc[A_UP] | (auc[A_ROUND] << 6) | (auc[A_MAKER] << 8) | (auc[A_ALONE] << 10)
               | ((auc[A_DEF_ALONE] + 1) << 11))
    h = np.uint64(0)
    for j in range(DC3_WORDS):
        h = _mix(h ^ np.uint64(key[j]))
    return np.int64(h >> np.uint64(64 - DC3_BITS))


@njit(cache=True)
def _play_row3(hands_deck, trump, leader, out, trick, gone, voids_suit, up, disc, dealer, pts0, won0, auc, played0,
               deck_mask, worlds, pool, tries, hs, rs, tt, tt2, st, stk, smp, bf, rd, dc, binom, bitpos, card_at, cv,
               fp, rf, g, eff, fw, tk, tv, counts, more, tm):
    """:func:`.realistic._play_row` as ``realistic-v3`` plays (see the module); side 0's tricks from here."""
    dkeys, dcard, drs, key = dc
    no3 = np.zeros(0, dtype=np.int64)  # no table of three-trick endings (nor of two-trick ones) here
    wh = smp[0]
    hands, seat, pos, lead, win, wseat, table = _position(hands_deck, trump, leader, out, trick, bitpos, tm)
    voids = _known_voids(voids_suit, trump, leader, out, trick, pos, lead, bitpos)
    deck = _to_layout(deck_mask, trump, bitpos)
    na, nxt = _next_table(out)
    gone_l = _to_layout(gone, trump, bitpos) & ~table
    # the cards each seat played: ``played0`` (the earlier tricks', deck masks) and the trick on the table's
    played = np.zeros(4, dtype=np.int64)
    for s in range(4):
        played[s] = _to_layout(played0[s], trump, bitpos)
    s = leader
    for i in range(pos):
        played[s] |= np.int64(1) << bitpos[trump, trick[i]]
        s = (nxt >> (2 * s)) & 3
    up_bit = 0
    if up >= 0:
        up_bit = (1 << bitpos[trump, up]) & hands[dealer]
    disc_bit = (1 << bitpos[trump, disc]) & deck & ~gone_l & ~table if disc >= 0 else 0
    rep, members, low, sums, alive, guess, wrep, wval, targets, tvals = _decision_arrays()
    side0 = 0
    won = won0
    read = auc[A_ROUND] > 0
    order = _tie_order(rs[0])  # the row's order of the suits for ties (its stream's start, not advanced)
    makers = _maker_side(pts0)  # the side that made trump: its leads' ties go highest first
    while hands[seat] != 0:
        hand = hands[seat]
        legal = _legal(hand, lead, pos)
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
        if bi >= 0 and read and _cashes(auc, seat, pos):
            # nothing at stake or one class: the cashing rule still leads a winner first (every sum equal)
            for ci in range(nc):
                sums[ci] = 0
            c = _lead_choice(sums, members, nc, 1, deck & ~hand & ~gone_l & ~table, trump, card_at, order, tm)
        elif bi < 0:
            me_up = up_bit if seat != dealer else 0
            slot = _decision_key3(key, seat, pos, dealer, out, wseat, nt, won, trump, hands, table, gone_l, win, lead,
                                  voids, me_up | kitty_known, targets, tvals, rs, played, auc, od)
            hit = True
            for j in range(DC3_WORDS):
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
                if read and more > 1 and _against_loner(auc, seat):  # (realistic-v4) more worlds against a loner
                    counts[ST_MORE] += 1
                    m = _weighted_worlds(seat, hands, unseen, me_up, dealer, voids, out, worlds * more,
                                         min(pool * more, MAX_POOL), tries, rs, binom, rd, played, auc, trump, hs, cv,
                                         fp, rf, g, eff, fw, tk, tv, card_at, wh, counts)
                elif read:
                    m = _weighted_worlds(seat, hands, unseen, me_up, dealer, voids, out, worlds, pool, tries, rs,
                                         binom, rd, played, auc, trump, hs, cv, fp, rf, g, eff, fw, tk, tv, card_at, wh,
                                         counts)
                else:
                    m, exact = _fill_worlds(seat, hands, unseen, me_up, dealer, voids, out, worlds, tries, rs, binom,
                                            smp)
                    if exact:
                        counts[ST_EXACT] += 1
                if read and _cashes(auc, seat, pos):
                    _evaluate(tt, tt2, no3, st, stk, wh, m, seat, pos, na, nxt, lead, win, wseat, table, nc, rep,
                              targets, nt, tvals, sums, guess, wrep, wval, counts, tm)
                    c = _lead_choice(sums, members, nc, m, deck & ~hand & ~gone_l & ~table, trump, card_at, order, tm)
                    for j in range(DC3_WORDS):
                        dkeys[slot, j] = key[j]
                    dcard[slot] = c
                    drs[slot] = rs[0]
                    slot = -1
                else:
                    _evaluate_best_first(tt, tt2, no3, st, stk, wh, m, seat, pos, na, nxt, lead, win, wseat, table, nc,
                                         rep, low, targets, nt, tvals, sums, alive, bf, counts, tm)
                    bi = _best_class(sums, alive, nc, low)
        if c == 0:
            c = _lowest_of(members[bi], low[bi], trump, card_at, od)
            if slot >= 0:
                for j in range(DC3_WORDS):
                    dkeys[slot, j] = key[j]
                dcard[slot] = c
                drs[slot] = rs[0]
        hands[seat] ^= c
        played[seat] |= c
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
def _play_batch3(hands, trump, leader, out, trick, gone, voids, up, disc, dealer, pts0, won, stream, auc, played,
                 deck_mask, worlds, pool, more, tries, hs, seed, nchunks, tt_bits, binom, bitpos, card_at, cv, fp, rf,
                 g, eff, fw, tk, tv, res, stats, tm):
    n = hands.shape[0]
    for k in prange(nchunks):
        tt, tt2, st, stk, counts0 = _search_tables(tt_bits)
        counts = np.zeros(NUM_READ_STATS, dtype=np.int64)
        smp = _sampler_arrays(worlds * more, 4, 33)
        bf = _best_first_arrays(worlds * more)
        rd = _read_arrays(worlds)
        dc = _decision_cache3()
        rs = np.zeros(1, dtype=np.uint64)
        for i in range(k * n // nchunks, (k + 1) * n // nchunks):
            _seed_stream(rs, seed, stream[i])
            res[i] = _play_row3(hands[i], trump[i], leader[i], out[i], trick[i], gone[i], voids[i], up[i], disc[i],
                                dealer[i], pts0[i], won[i], auc[i], played[i], deck_mask, worlds, pool, tries, hs, rs,
                                tt, tt2, st, stk, smp, bf, rd, dc, binom, bitpos, card_at, cv, fp, rf, g, eff, fw, tk,
                                tv, counts, more, tm)
        for j in range(NUM_STATS):
            counts[j] = st[j]
        for j in range(NUM_READ_STATS):
            stats[k, j] = counts[j]


@njit(cache=True)
def play_batch_read(hands, trump, leader, out, trick, gone, voids, up, disc, dealer, pts0, won, stream, auc, played,
                    deck_mask,
                    worlds, pool, more, tries, hs, seed, nchunks, tt_bits, binom, bitpos, card_at, cv, fp, rf, g, eff,
                    fw, tk, tv, res, stats):
    """Play every row to the end as ``realistic-v3`` (deals with a trump suit); ``res[i]`` side 0's tricks.

    The arguments of :func:`.realistic.play_batch`, and: ``auc[i]`` the row's auction (:data:`A_UP`...),
    ``played[i]`` the cards each seat played in the tricks before the current one (4 deck masks), ``pool``
    the candidates drawn first per decision, ``more`` 1, or (``realistic-v4``) how many times the
    worlds and candidates a defender against a loner decides on, ``hs`` the hand size, the model's arrays
    ``cv`` (4 seats, 4 trumps, 33), ``fp`` (4, :data:`NUM_MODEL`), ``rf`` (4, :data:`NUM_RULE`), ``g`` (2),
    ``eff`` the effective suit table (4, 33), ``fw`` the feature bidders' weights (4, 4, :data:`NUM_FEATURES`),
    ``tk`` (2, 4, k) and ``tv`` (2, 4, k, 7) the table bidders' rows by round and seat (``F_T1``, ``F_T2``).
    ``stats[k]`` (:data:`NUM_READ_STATS`) chunk ``k``'s counters.
    """
    _play_batch3(hands, trump, leader, out, trick, gone, voids, up, disc, dealer, pts0, won, stream, auc, played,
                 deck_mask,
                 worlds, pool, more, tries, hs, seed, nchunks, tt_bits, binom, bitpos, card_at, cv, fp, rf, g, eff,
                 fw, tk, tv, res, stats, TRUMP)


# --- single decision (the tests' view into the kernel) ------------------------------------------------
@njit(cache=True)
def _decide_read(worlds_deck, trump, leader, out, trick, gone, deck_mask, pts0, won0, cash, public_out, tt_bits,
                 bitpos, card_at, order, values, tm):
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
    no3 = np.zeros(0, dtype=np.int64)
    bi = _forced_choice(low, nc, nt)
    if bi >= 0:
        for ci in range(nc):
            alive[ci] = True
            sums[ci] = 0
        card = _class_values(values, members, sums, alive, nc, low, trump, card_at, od)
        if cash and pos == 0:  # every sum equal: the cashing rule's winner first
            c = _lead_choice(sums, members, nc, 1, _to_layout(public_out, trump, bitpos), trump, card_at, order, tm)
            return card_at[trump, _bit_index(c)]
        return card
    if cash and pos == 0:
        for ci in range(nc):
            alive[ci] = True
        _evaluate(tt, tt2, no3, st, stk, wh, m, seat, pos, na, nxt, lead, win, wseat, table, nc, rep, targets, nt,
                  tvals, sums, guess, wrep, wval, counts, tm)
        _class_values(values, members, sums, alive, nc, low, trump, card_at, od)
        c = _lead_choice(sums, members, nc, m, _to_layout(public_out, trump, bitpos), trump, card_at, order, tm)
        return card_at[trump, _bit_index(c)]
    _evaluate_best_first(tt, tt2, no3, st, stk, wh, m, seat, pos, na, nxt, lead, win, wseat, table, nc, rep, low,
                         targets, nt, tvals, sums, alive, _best_first_arrays(m), counts, tm)
    return _class_values(values, members, sums, alive, nc, low, trump, card_at, od)


@njit(cache=True)
def decide_read_given_worlds(worlds_deck, trump, leader, out, trick, gone, deck_mask, pts0, won0, cash, public_out,
                             tt_bits, bitpos, card_at, order, values):
    """The card (deck number) ``realistic-v3``'s kernel plays on the worlds ``worlds_deck`` (m, 4): with
    ``cash`` (a defender on lead against makers with a partner) by the cashing rule, the cards out being
    ``public_out`` (a deck mask); otherwise the realistic choice.  ``values`` as
    :func:`.realistic.decide_given_worlds`; ``order`` the suit order of ties."""
    return _decide_read(worlds_deck, trump, leader, out, trick, gone, deck_mask, pts0, won0, cash, public_out, tt_bits,
                        bitpos, card_at, order, values, TRUMP)
