"""What a hand holds for a bid, as numbers: the features of the feature bidder (:mod:`.model_v2`).

For a hand (a card bitmask) and a trump suit, :func:`hand_features` gives one row of small integers
(``HAND_FEATURES`` names the columns): how many trumps, which of the top trumps are held (the Joker,
the right and left bowers, the trump ace and king), low trumps, off-suit aces and kings, voids,
singletons, losers (off-suit cards that are neither an ace nor a king guarded by its ace), and the
conjunctions the guides bid on ("both bowers", "two of the top three and an off ace", "a single
trump", "three trumps or more").  :func:`context_features` adds the decision's context: in round one
the upcard's rank (it joins the dealer's side), in round two whether the suit is next (and how
many of its trumps are held).

Every feature is computed twice: vectorised over hands (numpy bit operations) and one hand at a time
in plain Python (:func:`hand_features_one`, :func:`context_features_one`), the slow twin the tests
check the fast one against.  No I/O here.
"""

from __future__ import annotations

import functools

import numpy as np

from ..core.cards import JOKER
from ..core.trump import EFF_SUIT, POWER, SUIT_MASK

#: the columns of :func:`hand_features`, in order
HAND_FEATURES = ("bias", "trumps", "joker", "right", "left", "trump_ace", "trump_king", "low_trumps",
                 "off_aces", "off_kings", "off_kings_with_ace", "voids", "singletons", "losers",
                 "both_bowers", "top3", "single_trump", "three_trumps", "four_trumps", "two_top_off_ace",
                 "trumps_x_top3", "count")
#: the count's interactions appended to :data:`HAND_FEATURES` (``count^2 / 10`` and ``count * f / 5`` for
#: each hand feature ``f`` from ``trumps`` to ``trumps_x_top3``): the count's slope may differ by shape
_CROSSED = HAND_FEATURES[1:-1]
COUNT_FEATURES = ("count_sq",) + tuple("count_x_" + f for f in _CROSSED)
#: the columns of :func:`context_features`, in order
CONTEXT_FEATURES = ("up_jack", "up_ace", "up_king", "up_low", "is_next", "next_x_trumps")
FEATURES = HAND_FEATURES + COUNT_FEATURES + CONTEXT_FEATURES

_ACE, _KING, _JACK = 7, 6, 4
_ACES = sum(1 << (s * 8 + _ACE) for s in range(4))


@functools.lru_cache(maxsize=1)
def _tables():
    """Per trump: its cards' mask (the left bower and the Joker in) and the masks of the three off
    suits (without the left bower)."""
    full = (1 << 33) - 1
    tm = np.array([int(SUIT_MASK[t, t]) & full for t in range(4)], dtype=np.uint64)
    off = np.array([[int(SUIT_MASK[t, s]) & full for s in range(4) if s != t] for t in range(4)], dtype=np.uint64)
    for a in (tm, off):
        a.setflags(write=False)
    return tm, off


def _bit(h, card):
    return ((h >> np.uint64(card)) & np.uint64(1)).astype(np.int64)


def hand_features(hands, trump, count=None) -> np.ndarray:
    """``(n, len(HAND_FEATURES) + len(COUNT_FEATURES))`` float64 features of ``hands`` (uint64 masks)
    under ``trump`` (a suit, int or array).  ``count`` (an array, optional) fills the ``count`` column (a
    point count of the hand, e.g. the shipped model's; 0 without it) and its interactions."""
    h = np.ascontiguousarray(np.asarray(hands, dtype=np.uint64)).ravel()
    t = np.broadcast_to(np.asarray(trump, dtype=np.int64), np.asarray(hands).shape).ravel()
    tm_all, off_all = _tables()
    tm = tm_all[t]
    n = len(h)
    one = np.uint64(1)
    held = h & tm
    trumps = np.bitwise_count(held).astype(np.int64)
    joker = _bit(h, JOKER)
    right = ((h >> (t * 8 + _JACK).astype(np.uint64)) & one).astype(np.int64)
    left = ((h >> ((3 - t) * 8 + _JACK).astype(np.uint64)) & one).astype(np.int64)
    ace = ((h >> (t * 8 + _ACE).astype(np.uint64)) & one).astype(np.int64)
    king = ((h >> (t * 8 + _KING).astype(np.uint64)) & one).astype(np.int64)
    low = trumps - joker - right - left - ace - king
    off_aces = np.zeros(n, dtype=np.int64)
    off_kings = np.zeros(n, dtype=np.int64)
    kings_ace = np.zeros(n, dtype=np.int64)
    voids = np.zeros(n, dtype=np.int64)
    singles = np.zeros(n, dtype=np.int64)
    losers = np.zeros(n, dtype=np.int64)
    for k in range(3):
        om = off_all[t, k]
        cards = h & om
        c = np.bitwise_count(cards).astype(np.int64)
        # the suit's ace and king: the highest two ranks of the suit's own cards (never the left bower)
        a = (np.bitwise_count(cards & np.uint64(_ACES)) > 0).astype(np.int64)
        kg = (np.bitwise_count(cards & (np.uint64(_ACES) >> one)) > 0).astype(np.int64)
        off_aces += a
        off_kings += kg * (1 - a)
        kings_ace += kg * a
        voids += c == 0
        singles += (c == 1) & (a == 0)
        losers += c - a - kg * a
    top3 = right + left + ace + joker
    out = np.column_stack([
        np.ones(n), trumps, joker, right, left, ace, king, low, off_aces, off_kings, kings_ace, voids, singles,
        losers, (right + left + joker >= 2), top3, trumps == 1, trumps >= 3, trumps >= 4,
        (top3 >= 2) & (off_aces >= 1), trumps * top3,
        np.zeros(n) if count is None else np.asarray(count, dtype=np.float64).ravel()]).astype(np.float64)
    c = out[:, -1:]
    return np.hstack([out, c * c / 10, c * out[:, 1:-1] / 5])


def context_features(n: int, upcard: int = -1, trump=None, banned_suit: int = -1, trumps=None) -> np.ndarray:
    """``(n, len(CONTEXT_FEATURES))`` features of the decision: in round one the ``upcard``'s rank (jack,
    ace, king, or lower); in round two (``banned_suit`` the turned-down suit, ``trump`` the suit named,
    ``trumps`` the hand's number of them) whether the suit is next, and next's trumps."""
    out = np.zeros((n, len(CONTEXT_FEATURES)))
    if upcard >= 0 and banned_suit < 0:
        r = upcard & 7 if upcard != JOKER else -1
        out[:, 0] = r == _JACK
        out[:, 1] = r == _ACE
        out[:, 2] = r == _KING
        out[:, 3] = r in (0, 1, 2, 3, 5)
    if banned_suit >= 0:
        is_next = (np.broadcast_to(np.asarray(trump, dtype=np.int64), (n,)) == 3 - banned_suit).astype(np.float64)
        out[:, 4] = is_next
        out[:, 5] = is_next * np.asarray(trumps, dtype=np.float64)
    return out


# --- the slow twins: one hand at a time, in plain Python -----------------------------------------
def hand_features_one(hand: int, trump: int, count: float = 0.0) -> list[float]:
    """:func:`hand_features` of one hand, card by card (the obviously right twin)."""
    count = float(count)
    trumps = joker = right = left = ace = king = 0
    by_suit = {s: [] for s in range(4) if s != trump}
    for c in range(33):
        if not (hand >> c) & 1:
            continue
        if int(EFF_SUIT[trump, c]) == trump:
            trumps += 1
            p = int(POWER[trump, c])
            joker += p == 42
            right += p == 41
            left += p == 40
            ace += p == 39
            king += p == 38
        else:
            by_suit[int(EFF_SUIT[trump, c])].append(c & 7)
    low = trumps - joker - right - left - ace - king
    off_aces = off_kings = kings_ace = voids = singles = losers = 0
    for ranks in by_suit.values():
        a = _ACE in ranks
        kg = _KING in ranks
        off_aces += a
        off_kings += kg and not a
        kings_ace += kg and a
        voids += not ranks
        singles += len(ranks) == 1 and not a
        losers += len(ranks) - a - (kg and a)
    top3 = right + left + ace + joker
    row = [1, trumps, joker, right, left, ace, king, low, off_aces, off_kings, kings_ace, voids, singles, losers,
           right + left + joker >= 2, top3, trumps == 1, trumps >= 3, trumps >= 4, top3 >= 2 and off_aces >= 1,
           trumps * top3, count]
    row = [float(x) for x in row]
    c = row[-1]
    return row + [c * c / 10] + [c * x / 5 for x in row[1:-1]]


def context_features_one(upcard: int = -1, trump: int | None = None, banned_suit: int = -1,
                         trumps: int = 0) -> list[float]:
    """:func:`context_features` of one decision."""
    row = [0.0] * len(CONTEXT_FEATURES)
    if upcard >= 0 and banned_suit < 0:
        r = -1 if upcard == JOKER else upcard % 8
        row[0], row[1], row[2] = float(r == 4), float(r == 7), float(r == 6)
        row[3] = float(r in (0, 1, 2, 3, 5))
    if banned_suit >= 0:
        is_next = trump == 3 - banned_suit
        row[4] = float(is_next)
        row[5] = float(trumps) if is_next else 0.0
    return row
