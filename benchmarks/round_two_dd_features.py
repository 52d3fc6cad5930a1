"""Double-dummy columns of a round-two call: what naming each suit is worth with every card seen (issue 31).

A column family for ``benchmarks/round_two_fit_classes.py`` (``whole_dd``): for a hand at a seat, the card turned
down known, each suit it may name is played double-dummy on ``K`` deals of the 18 unseen cards (15 to the other
three seats, three to the kitty), once with the partner and once alone (the partner out, the eldest hand that
plays leading), the dealer at seat 3.  Per suit six columns: the mean tricks the caller's side takes, the share of
deals it takes three or more, and the share it takes all five, with the partner and alone.  Perfect information
flatters the caller, so these are columns for a model to weigh, not values.

The deals of a row depend only on the seed (1 unless given), the row's hand, card and seat (numpy's
``default_rng`` seeded with all four), so the same hand met twice gets the same columns.  Tried on 2026-12-06
(docs/methods.md, "Round two with double-dummy columns"): no gain.
"""

from __future__ import annotations

import numpy as np

from euchre_stats.solver import solve_many

#: the 24-card deck's cards (nine to ace of each suit: rank bits 2..7)
DECK24 = np.uint64(sum(0xFC << (8 * s) for s in range(4)))
#: deals a row
K = 48
#: the columns per suit, in order
NAMES = ("dd_tricks", "dd_make", "dd_march", "dd_alone_tricks", "dd_alone_make", "dd_alone_march")


def _bits(mask: int) -> list[int]:
    return [c for c in range(64) if mask >> c & 1]


def _deals(hands: np.ndarray, downs: np.ndarray, seats: np.ndarray, seed: int, k: int) -> np.ndarray:
    """``(n, k, 4)`` hands of ``k`` deals a row: the row's hand at its seat, the 18 unseen cards shuffled among
    the other three (five each), the last three to the kitty."""
    n = len(hands)
    unseen = (DECK24 & ~hands & ~(np.uint64(1) << downs.astype(np.uint64)))
    cards = np.zeros((n, 18), dtype=np.int64)
    for i in range(n):   # 18 set bits a row
        cards[i] = _bits(int(unseen[i]))
    out = np.zeros((n, k, 4), dtype=np.uint64)
    for i in range(n):
        # a row's own stream: its hand, card and seat (the same class gets the same deals wherever it is met)
        rng = np.random.default_rng([seed, int(hands[i]) & 0xFFFFFFFF, int(hands[i]) >> 32, int(downs[i]),
                                     int(seats[i])])
        perm = rng.permuted(np.broadcast_to(cards[i], (k, 18)), axis=1)
        others = [s for s in range(4) if s != seats[i]]
        bit = np.left_shift(np.uint64(1), perm.astype(np.uint64))
        for j, s in enumerate(others):
            out[i, :, s] = np.bitwise_or.reduce(bit[:, 5 * j:5 * j + 5], axis=1)
        out[i, :, seats[i]] = hands[i]
    return out


def dd_columns(hands, downs, seats, seed: int = 1, k: int = K, threads=None) -> np.ndarray:
    """``(n, 4, 6)`` the columns of :data:`NAMES` for naming each suit (NaN for the suit turned down)."""
    hands = np.asarray(hands, dtype=np.uint64)
    downs = np.asarray(downs, dtype=np.int64)
    seats = np.asarray(seats, dtype=np.int64)
    n = len(hands)
    deals = _deals(hands, downs, seats, seed, k).reshape(n * k, 4)
    seat_k = np.repeat(seats, k)
    partner = (seat_k + 2) % 4
    out = np.full((n, 4, 6), np.nan)
    for t in range(4):
        rows = np.nonzero(downs >> 3 != t)[0]
        if not len(rows):
            continue
        idx = (rows[:, None] * k + np.arange(k)).ravel()
        h = deals[idx]
        sk = seat_k[idx]
        side0 = sk % 2 == 0
        got = solve_many(h, t, 0, threads=threads)
        mine = np.where(side0, got, 5 - got).reshape(len(rows), k).astype(float)
        alone_h = h.copy()
        alone_h[np.arange(len(idx)), partner[idx]] = 0
        leader = np.where(partner[idx] == 0, 1, 0)   # the eldest hand that plays
        got = solve_many(alone_h, t, leader, out=np.left_shift(1, partner[idx]), threads=threads)
        lone = np.where(side0, got, 5 - got).reshape(len(rows), k).astype(float)
        for j, v in enumerate((mine, lone)):
            out[rows, t, 3 * j] = v.mean(axis=1)
            out[rows, t, 3 * j + 1] = (v >= 3).mean(axis=1)
            out[rows, t, 3 * j + 2] = (v == 5).mean(axis=1)
    return out
