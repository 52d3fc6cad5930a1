"""The dealer's kernel against the numpy code it replaced: the same deals from the same keys."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_stats.sampling._kernels import deal_group


def _argsort_deal(keys, cards, takes, out):
    """The slow twin: order by ``np.argsort`` and hand out runs of the ordered cards."""
    perm = cards[np.argsort(keys, axis=1)]
    bits = np.left_shift(np.uint64(1), perm.astype(np.uint64))
    rows = np.broadcast_to(takes, (keys.shape[0], takes.shape[1]))
    for i in range(keys.shape[0]):
        start = 0
        for h in range(takes.shape[1]):
            k = int(rows[i, h])
            out[i, h] |= np.bitwise_or.reduce(bits[i, start:start + k]) if k else np.uint64(0)
            start += k


@settings(max_examples=60, deadline=None)
@given(size=st.integers(1, 33), n=st.integers(1, 40), seed=st.integers(0, 2**32 - 1), per_row=st.booleans())
def test_deal_group_matches_argsort(size, n, seed, per_row):
    rng = np.random.default_rng(seed)
    cards = np.sort(rng.choice(33, size=size, replace=False)).astype(np.int64)
    # a split of the group's cards over 5 holders, per row or one for all rows
    splits = rng.multinomial(size, [0.2] * 5, size=n if per_row else 1).astype(np.int64)
    keys = rng.random((n, size))
    base = rng.integers(0, 2**20, size=(n, 5)).astype(np.uint64) << np.uint64(40)
    fast, slow = base.copy(), base.copy()
    deal_group(keys, cards, splits, fast)
    _argsort_deal(keys, cards, splits, slow)
    assert np.array_equal(fast, slow)
    # every card of the group is dealt exactly once per row
    dealt = np.bitwise_or.reduce(fast & ~base, axis=1)
    assert (dealt == np.uint64(sum(1 << int(c) for c in cards))).all()
