"""Numba kernels for the bidding model's point count (plain arrays in, plain arrays out).

The friendly, validated API is :mod:`euchre_stats.bidding.model`; this module only counts.
"""

from __future__ import annotations

import numpy as np
from numba import config, njit

from ..core.numba_load import skip_blas_probe
from ..core.ties import discard_key

skip_blas_probe()   # before any kernel loads (core/numba_load.py)

#: the key of equal discards (:func:`euchre_stats.core.ties.discard_key`, compiled as it is)
_discard_key = njit(cache=True)(discard_key)

if config.DISABLE_JIT:
    # the pure-Python twin (coverage runs with NUMBA_DISABLE_JIT=1 cannot call LLVM intrinsics)
    def _low_card(m):
        return (int(m) & -int(m)).bit_length() - 1

else:
    from numba.cpython.unsafe.numbers import trailing_zeros

    @njit(cache=True)
    def _low_card(m):
        """Number of the lowest card of the non-empty mask ``m``."""
        return trailing_zeros(m)


@njit(cache=True)
def _strength_one(h, t, card_value, eff_suit, king, king_ace, void):
    s = 0.0
    n_trump = 0
    present = 0
    one = np.uint64(1)
    # the held cards from the lowest number up (the order of the sum, as a loop over all 33)
    m = np.int64(h)
    while m:
        c = _low_card(m)
        m &= m - 1
        s += card_value[t, c]
        e = eff_suit[t, c]
        if e == t:
            n_trump += 1
        present |= 1 << e
    for su in range(4):
        if su == t:
            continue
        if n_trump >= 2 and not (present >> su) & 1:
            s += void
        if (h >> np.uint64(su * 8 + 6)) & one:
            s += king_ace if (h >> np.uint64(su * 8 + 7)) & one else king
    return s


@njit(cache=True)
def strength_kernel(hands, trumps, card_value, eff_suit, king, king_ace, void, out):
    """``out[i]`` = the count of ``hands[i]`` with trump ``trumps[i]``."""
    for i in range(hands.shape[0]):
        out[i] = _strength_one(hands[i], trumps[i], card_value, eff_suit, king, king_ace, void)


@njit(cache=True)
def best_discard_kernel(hands, trumps, banned, card_value, eff_suit, king, king_ace, void, order, best, card):
    """For each hand: the best count after one discard (never ``banned``) and that discard.

    Ties (counts within 1e-9, which float sums in another order can separate) go to the lowest rank, then
    to the suit first in ``order[i]`` (one of :data:`euchre_stats.core.ties.ORDERS`, counted from trump),
    never to a suit's name; the Joker after every rank.
    """
    one = np.uint64(1)
    for i in range(hands.shape[0]):
        h = hands[i]
        t = trumps[i]
        b = -1e300
        bc = -1
        bk = 1 << 30
        for c in range(33):
            if c == banned or not (h >> np.uint64(c)) & one:
                continue
            s = _strength_one(h & ~(one << np.uint64(c)), t, card_value, eff_suit, king, king_ace, void)
            k = _discard_key(c, t, order[i])
            if s > b + 1e-9:
                b = s
                bc = c
                bk = k
            elif s >= b - 1e-9 and k < bk:  # a tie: the count stays the first one's (the same float as before)
                bc = c
                bk = k
        best[i] = b
        card[i] = bc


@njit(cache=True)
def _popcount(m):
    n = 0
    while m:
        m &= m - np.uint64(1)
        n += 1
    return n


@njit(cache=True)
def feature_gains_kernel(hands, trumps, counts, ctx, next_flag, trump_mask, off_mask, aces, w_a, w_b,
                         g_a, g_b, junk):
    """The feature bidder's two scores of each hand: ``g_a[i]`` = features . ``w_a``, ``g_b[i]`` = features
    . ``w_b``, the features of ``hands[i]`` under ``trumps[i]`` with count ``counts[i]`` as
    ``features.hand_features`` builds them (the count's interactions after), then ``ctx`` (the round-one
    upcard's four) and round two's ``next_flag`` and its trumps; each sum runs column by column from the
    first (``model_v2._dot``'s order: the same floats).  ``junk[i]``: no top trump, at most two trumps, no
    off ace (round two's junk suit).

    The compiled reader (``engine/reading.py``, ``feature_row``) fills the same features from its own view of a
    hand (counts per suit); the engine is private to the layers below bidding, so each keeps its copy, and the
    tests hold both to ``features.hand_features`` (this one to the bit)."""
    one = np.uint64(1)
    nf = w_a.shape[0]
    x = np.empty(nf)
    kings = aces >> one
    for i in range(hands.shape[0]):
        h = hands[i]
        t = trumps[i]
        n_trump = _popcount(h & trump_mask[t])
        joker = np.int64((h >> np.uint64(32)) & one)
        right = np.int64((h >> np.uint64(t * 8 + 4)) & one)
        left = np.int64((h >> np.uint64((3 - t) * 8 + 4)) & one)
        ace = np.int64((h >> np.uint64(t * 8 + 7)) & one)
        king = np.int64((h >> np.uint64(t * 8 + 6)) & one)
        off_aces = 0
        off_kings = 0
        kings_ace = 0
        voids = 0
        singles = 0
        losers = 0
        for k in range(3):
            cards = h & off_mask[t, k]
            c = _popcount(cards)
            a = 1 if cards & aces else 0
            kg = 1 if cards & kings else 0
            off_aces += a
            off_kings += kg * (1 - a)
            kings_ace += kg * a
            voids += c == 0
            singles += (c == 1) and (a == 0)
            losers += c - a - kg * a
        top3 = right + left + ace + joker
        x[0] = 1.0
        x[1] = n_trump
        x[2] = joker
        x[3] = right
        x[4] = left
        x[5] = ace
        x[6] = king
        x[7] = n_trump - joker - right - left - ace - king
        x[8] = off_aces
        x[9] = off_kings
        x[10] = kings_ace
        x[11] = voids
        x[12] = singles
        x[13] = losers
        x[14] = 1.0 if right + left + joker >= 2 else 0.0
        x[15] = top3
        x[16] = 1.0 if n_trump == 1 else 0.0
        x[17] = 1.0 if n_trump >= 3 else 0.0
        x[18] = 1.0 if n_trump >= 4 else 0.0
        x[19] = 1.0 if top3 >= 2 and off_aces >= 1 else 0.0
        x[20] = n_trump * top3
        cnt = counts[i]
        x[21] = cnt
        x[22] = cnt * cnt / 10
        for j in range(1, 21):
            x[22 + j] = cnt * x[j] / 5
        for j in range(4):
            x[43 + j] = ctx[j]
        x[47] = next_flag
        x[48] = next_flag * x[1]
        a_sum = x[0] * w_a[0]
        b_sum = x[0] * w_b[0]
        for k in range(1, nf):
            a_sum = a_sum + x[k] * w_a[k]
            b_sum = b_sum + x[k] * w_b[k]
        g_a[i] = a_sum
        g_b[i] = b_sum
        junk[i] = top3 == 0 and n_trump <= 2 and off_aces == 0
