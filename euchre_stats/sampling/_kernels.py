"""Numba kernel of the constrained dealer (plain arrays in and out, no validation).

The validated API is :class:`euchre_stats.sampling.dealer.Dealer`; this module only deals.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..core.numba_load import skip_blas_probe

skip_blas_probe()   # before any kernel loads (core/numba_load.py)


@njit(cache=True)
def deal_group(keys, cards, takes, out):
    """Deal one group of interchangeable cards to the holders of every row.

    Row ``i`` orders ``cards`` by ``keys[i]`` (ascending: the permutation ``np.argsort(keys[i])``
    gives when the keys are distinct, as random floats are) and holder ``h`` takes the next
    ``takes[i, h]`` of them (``takes[0, h]`` when ``takes`` has one row); their bits are or-ed
    into ``out[i, h]``.
    """
    n, size = keys.shape
    nh = takes.shape[1]
    idx = np.empty(size, dtype=np.int64)
    one = np.uint64(1)
    for i in range(n):
        # insertion sort of the positions by key (at most 33 of them)
        for j in range(size):
            v = j
            kv = keys[i, j]
            p = j - 1
            while p >= 0 and keys[i, idx[p]] > kv:
                idx[p + 1] = idx[p]
                p -= 1
            idx[p + 1] = v
        row = i if takes.shape[0] > 1 else 0
        pos = 0
        for h in range(nh):
            acc = np.uint64(0)
            for _ in range(takes[row, h]):
                acc |= one << np.uint64(cards[idx[pos]])
                pos += 1
            out[i, h] |= acc
