"""Hand classes relative to trump: the canonical relabelling of the suits (no I/O, numpy only).

Once trump is fixed, suits play four roles: **trump**, **next** (the same colour, one card short: its
jack is the left bower) and the two **green** suits, which are interchangeable.  A hand is relabelled
onto a canonical layout: trump -> hearts, next -> diamonds, the two green suits -> spades and clubs, the
"larger" green holding (more cards, then the higher ranks as an 8-bit rank mask) on spades.  The Joker
does not move.  Every deal is equally likely under any such relabelling and the rules treat the suits
alike, so all hands of one class have the same answer to a question about that trump.

The class **key** of a round-one question ``(hand, upcard)`` is ``canonical hand | canonical upcard <<
40``.  The strategy tables (:mod:`euchre_stats.strategy.classes`: enumeration, multiplicities, labels)
and the bidders that read them (:mod:`euchre_stats.bidding.table_model`) share these functions.
"""

from __future__ import annotations

import numpy as np

from .cards import JOKER

TRUMP, NEXT = 2, 1          # canonical suits of trump (hearts) and next (diamonds)
GREEN_HIGH, GREEN_LOW = 3, 0  # spades holds the larger green holding, clubs the smaller
UP_SHIFT = 40
_JOKER_BIT = np.uint64(1 << JOKER)
_RANK_BITS = np.uint64(0xFF)


def green_suits(trump: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The two green suits of each trump suit, in ascending suit order."""
    trump = np.asarray(trump, dtype=np.int64)
    low = np.where((trump == 0) | (trump == 3), 1, 0)
    high = np.where((trump == 0) | (trump == 3), 2, 3)
    return low, high


def suit_ranks(hands: np.ndarray, suit: np.ndarray) -> np.ndarray:
    """The 8-bit rank mask of each hand's cards of ``suit`` (the Joker and the left bower not moved)."""
    return (hands >> (suit.astype(np.uint64) * np.uint64(8))) & _RANK_BITS


def green_key(ranks: np.ndarray) -> np.ndarray:
    """Order of green holdings: more cards first, then the higher rank mask."""
    return np.bitwise_count(ranks).astype(np.int64) * 256 + ranks.astype(np.int64)


def canonical_many(hands, trump_suits) -> np.ndarray:
    """Canonical hand masks for hands (uint64 array) relative to trump suits (0..3, same shape).

    Trump goes to hearts, next to diamonds, the larger green holding to spades
    and the other to clubs (:func:`green_key`); the Joker stays.
    """
    h = np.asarray(hands, dtype=np.uint64)
    t = np.broadcast_to(np.asarray(trump_suits, dtype=np.int64), h.shape)
    g1, g2 = green_suits(t)
    tr = suit_ranks(h, t)
    nx = suit_ranks(h, 3 - t)
    r1 = suit_ranks(h, g1)
    r2 = suit_ranks(h, g2)
    first = green_key(r1) >= green_key(r2)
    hi = np.where(first, r1, r2)
    lo = np.where(first, r2, r1)
    s8 = np.uint64(8)
    return ((tr << (np.uint64(TRUMP) * s8)) | (nx << (np.uint64(NEXT) * s8))
            | (hi << (np.uint64(GREEN_HIGH) * s8)) | (lo << (np.uint64(GREEN_LOW) * s8))
            | (h & _JOKER_BIT))


def class_key(hand, upcard):
    """Key of canonical ``(hand, upcard)``: ``hand | upcard << 40`` (ints or arrays)."""
    if isinstance(hand, np.ndarray):
        return hand.astype(np.uint64) | (np.asarray(upcard).astype(np.uint64) << np.uint64(UP_SHIFT))
    return int(hand) | (int(upcard) << UP_SHIFT)


def split_key(key) -> tuple:
    """Inverse of :func:`class_key`."""
    if isinstance(key, np.ndarray):
        k = key.astype(np.uint64)
        return k & np.uint64((1 << UP_SHIFT) - 1), (k >> np.uint64(UP_SHIFT)).astype(np.int64)
    return int(key) & ((1 << UP_SHIFT) - 1), int(key) >> UP_SHIFT


def round_one_keys(hands, upcard: int) -> np.ndarray:
    """The class keys of round-one questions: each hand (uint64 masks) with the one ``upcard`` (not the
    Joker: a Joker upcard starts no auction).  A round-two question's key is the same with the card turned
    down in the upcard's place (its suit in trump's)."""
    h = np.asarray(hands, dtype=np.uint64)
    up = int(upcard)
    canon = canonical_many(h, np.full(h.shape, up >> 3))
    return class_key(canon, np.full(h.shape, TRUMP * 8 + (up & 7)))


__all__ = ["GREEN_HIGH", "GREEN_LOW", "NEXT", "TRUMP", "UP_SHIFT", "canonical_many", "class_key", "green_key",
           "green_suits", "round_one_keys", "split_key", "suit_ranks"]
