"""The kernels' borrowed array views (``engine.search._borrow``): the same data, no ownership."""

from __future__ import annotations

import numpy as np
from numba import njit

from euchre_stats.engine.search import _borrow


@njit
def _square_rows(a, b):
    """Write through borrowed views of both arguments; returns what a view reads back."""
    va = _borrow(a)
    vb = _borrow(b)
    for i in range(va.shape[0]):
        for j in range(va.shape[1]):
            va[i, j] = i * 10 + j
        vb[i] = va[i, va.shape[1] - 1]
    return vb.sum() + va.size


def test_a_borrowed_view_reads_and_writes_its_array():
    a = np.zeros((4, 3), dtype=np.int64)
    b = np.zeros(4, dtype=np.int64)
    assert _square_rows(a, b) == (2 + 12 + 22 + 32) + 12
    assert (a == np.arange(4)[:, None] * 10 + np.arange(3)).all()
    assert (b == [2, 12, 22, 32]).all()
    # a strided view (every other row) is borrowed with its strides
    c = np.zeros((8, 3), dtype=np.int64)[::2]
    _square_rows(c, b)
    assert (c == a).all()


def test_the_arrays_outlive_many_borrowing_calls():
    a = np.zeros((2, 2), dtype=np.int64)
    b = np.zeros(2, dtype=np.int64)
    for _ in range(1000):
        _square_rows(a, b)
    assert (b == [1, 11]).all()
