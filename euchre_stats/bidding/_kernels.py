"""Numba kernels for the bidding model's point count (plain arrays in, plain arrays out).

The friendly, validated API is :mod:`euchre_stats.bidding.model`; this module only counts.
"""

from __future__ import annotations

import numpy as np
from numba import config, njit

from ..core.numba_load import skip_blas_probe

skip_blas_probe()   # before any kernel loads (core/numba_load.py)

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
def best_discard_kernel(hands, trumps, banned, card_value, eff_suit, king, king_ace, void, best, card):
    """For each hand: the best count after one discard (never ``banned``) and that discard.

    Ties (counts within 1e-9, which float sums in another order can separate) go to the
    lowest card number.
    """
    one = np.uint64(1)
    for i in range(hands.shape[0]):
        h = hands[i]
        b = -1e300
        bc = -1
        for c in range(33):
            if c == banned or not (h >> np.uint64(c)) & one:
                continue
            s = _strength_one(h & ~(one << np.uint64(c)), trumps[i], card_value, eff_suit, king, king_ace, void)
            if s > b + 1e-9:
                b = s
                bc = c
        best[i] = b
        card[i] = bc
