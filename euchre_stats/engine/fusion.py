"""Numba kernels of the vote against strategy fusion: arrays and ints only, no validation, no I/O.

The realistic player sums each card's points over its worlds, each world solved double-dummy (as if
every card were seen: strategy fusion).  The vote (:func:`fused_choice`) looks at the worlds one by
one instead: among the cards whose total is within a margin of the best total, it plays the card
that is best (or ties best) in the most worlds.  It needs each card's points in each world
(:func:`world_values`), which the realistic kernel's best-first valuation does not keep: they are
found here one world at a time by that kernel's own entry point with every card valued (``full``).

numba's on-disk cache of these kernels is keyed by this file alone: after changing ``engine/realistic.py``
(or what it compiles in) in a checkout, delete this package's ``__pycache__/fusion.*`` too.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..core.trump import NO_TRUMP
from ..core.ties import ORDERS
from .choice import NOT_LEGAL, _tie_key
from .realistic import decide_given_worlds, decide_given_worlds_nt

__all__ = ["NOT_LEGAL", "fused_choice", "world_values"]


@njit(cache=True)
def world_values(worlds_deck, trump, leader, out, trick, gone, deck_mask, pts0, won0, tt_bits, bitpos, card_at,
                 values):
    """``values[w, c]``: the mover's side's points minus the others' with card ``c`` in world ``w`` of
    ``worlds_deck`` (m, 4) deck masks, every world solved double-dummy (:data:`NOT_LEGAL` for a card
    that is not legal).  Each world is valued alone by the realistic kernel (``full``)."""
    m = worlds_deck.shape[0]
    one = np.zeros((1, 4), dtype=np.int64)
    row = np.zeros(values.shape[1], dtype=np.int64)
    for w in range(m):
        for s in range(4):
            one[0, s] = worlds_deck[w, s]
        if trump == NO_TRUMP:
            decide_given_worlds_nt(one, trump, leader, out, trick, gone, deck_mask, pts0, won0, True, tt_bits, bitpos,
                                   card_at, ORDERS[0], row)
        else:
            decide_given_worlds(one, trump, leader, out, trick, gone, deck_mask, pts0, won0, True, tt_bits, bitpos,
                                card_at, ORDERS[0], row)
        for c in range(values.shape[1]):
            values[w, c] = row[c]


@njit(cache=True)
def fused_choice(values, mult, margin, trump, order):
    """The card (column of ``values``) the vote plays, given each world's card points ``values`` (m, k;
    :data:`NOT_LEGAL` for a card that is not legal, the same cards in every world) and each world's
    weight ``mult`` (m,: how many times it was drawn).

    A card's total is the weighted sum of its points; a card is *near the best* when its total is at
    least the best total less ``margin`` eighths of a point per world drawn; of those, the card best
    or tied best in the most (weighted) worlds, then the higher total, then the lowest tie key (``trump``, the suit
    order ``order``: :func:`euchre_stats.core.ties.tie_key`; a column is a deck card).
    ``margin`` 0 keeps only the cards of the best total.
    """
    m, k = values.shape
    sums = np.zeros(k, dtype=np.int64)
    wins = np.zeros(k, dtype=np.int64)
    total = np.int64(0)
    for w in range(m):
        total += mult[w]
        best = NOT_LEGAL
        for c in range(k):
            if values[w, c] > best:
                best = values[w, c]
        for c in range(k):
            v = values[w, c]
            if v == NOT_LEGAL:
                continue
            sums[c] += mult[w] * v
            if v == best:
                wins[c] += mult[w]
    top = NOT_LEGAL
    for c in range(k):
        if values[0, c] != NOT_LEGAL and sums[c] > top:
            top = sums[c]
    pick = -1
    for c in range(k):
        if values[0, c] == NOT_LEGAL or 8 * sums[c] < 8 * top - margin * total:
            continue
        if pick < 0 or wins[c] > wins[pick] or (wins[c] == wins[pick] and (sums[c] > sums[pick] or (
                sums[c] == sums[pick] and _tie_key(c, trump, order) < _tie_key(pick, trump, order)))):
            pick = c
    return pick
