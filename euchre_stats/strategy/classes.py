"""Canonical hand classes relative to trump: the rows of a strategy table.

The relabelling itself (:func:`canonical_many`, :func:`class_key`, :func:`split_key`) lives in
:mod:`euchre_stats.core.hand_classes`, so the bidders below this layer read the same keys; this module
adds the questions' checks, the enumeration of every class, and labels.

Once trump is fixed, suits play four roles: **trump**, **next** (the same colour,
one card short: its jack is the left bower) and the two **green** suits, which
are interchangeable.  A round-one question ``(hand, upcard)`` fixes trump as the
upcard's suit, so it is relabelled onto a canonical layout:

* trump -> hearts, next -> diamonds, the two green suits -> spades and clubs, the
  "larger" green holding (more cards, then the higher ranks as an 8-bit rank mask)
  on spades.  The Joker does not move.

Every deal is equally likely under any such relabelling and the rules treat the
suits alike, so all raw questions in one class have the same answer (up to the
bidding model's tie-break between two suits of exactly equal count in round two).
A round-two question ``(hand, turned-down card)`` is canonicalised the same way,
with the turned-down suit in the place of trump: the suits one may name are then
diamonds (next) and spades / clubs (the greens).

The class **key** is ``canonical hand mask | canonical upcard << 40``; a class's
**multiplicity** is the number of raw ``(hand, upcard)`` combinations it stands
for (a Joker upcard, which starts no auction, is not counted).

Labels (see :func:`class_label`), e.g. ``R L A x | A``: the trump holding high to
low -- ``Jk`` the Joker, ``R`` right bower, ``L`` left bower, ``A K Q`` of trump,
``x`` for each lower trump (T 9 8 7) -- then ``|`` and one ``A`` per off-suit ace
(``-`` for none on either side).  A label groups many classes; the canonical
hand text and the upcard identify one.

No I/O here; everything is vectorised over numpy arrays of masks.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from math import comb

import numpy as np

from ..core.cards import ACE, JACK, JOKER, KING, QUEEN, card_name, format_hand, parse_card, parse_hand
from ..core.decks import Deck, find_deck
from ..core.errors import ClassInputError
from ..core.hand_classes import (GREEN_HIGH, GREEN_LOW, NEXT, TRUMP, canonical_many, class_key, green_key,
                                 green_suits, split_key, suit_ranks)

_JOKER_BIT = np.uint64(1 << JOKER)


def canonical(hand: int, upcard: int) -> tuple[int, int]:
    """Canonical ``(hand mask, upcard)`` of one round-one question (trump = the upcard's suit)."""
    hand, upcard = int(hand), int(upcard)
    if upcard == JOKER:
        raise ClassInputError("a Joker upcard starts no auction: it has no class")
    if (hand >> upcard) & 1:
        raise ClassInputError(f"the upcard {card_name(upcard)!r} is also in the hand")
    t = upcard >> 3
    h = int(canonical_many(np.array([hand], dtype=np.uint64), np.array([t]))[0])
    return h, TRUMP * 8 + (upcard & 7)


def class_suits(hand: int, upcard: int) -> dict[int, int]:
    """The hand's own suit in each suit of its canonical layout (:func:`canonical`): trump (hearts) is the
    upcard's suit, next (diamonds) its colour mate, spades the larger green holding and clubs the other, as
    :func:`~euchre_stats.core.hand_classes.canonical_many` places them.  Two green holdings of the same
    shape play alike and may be named either way: here the higher suit is spades's, so a canonical hand's
    suits are its own."""
    t = int(upcard) >> 3
    g1, g2 = (int(g[0]) for g in green_suits(np.array([t])))
    h = np.array([int(hand)], dtype=np.uint64)
    r1, r2 = (suit_ranks(h, np.array([g]))[0] for g in (g1, g2))
    first = green_key(np.array([r1]))[0] > green_key(np.array([r2]))[0]
    return {TRUMP: t, NEXT: 3 - t, GREEN_HIGH: g1 if first else g2, GREEN_LOW: g2 if first else g1}


def own_card(hand: int, upcard: int, card: int) -> int:
    """A card named in the canonical layout of ``(hand, upcard)`` (a table row's discard, say) as the card of
    the hand's own suits: the inverse of the relabelling :func:`canonical` applies (the Joker stays)."""
    card = int(card)
    if card == JOKER:
        return card
    return class_suits(hand, upcard)[card >> 3] * 8 + (card & 7)


def key_of(hand_text: str, up_text: str, deck="24", hand_size: int = 5) -> int:
    """Class key of a hand and upcard given as text (``"Jh Jd Ah 9s Tc"``, ``"9h"``)."""
    d = find_deck(deck)
    hand = parse_hand(hand_text, d, size=hand_size)
    up = parse_card(up_text, d)
    return class_key(*canonical(hand, up))


@dataclass
class ClassList:
    """Every round-one class of one deck and hand size, sorted by key (upcard rank, then hand)."""

    deck: Deck
    hand_size: int
    keys: np.ndarray          # uint64
    hands: np.ndarray         # uint64 canonical masks
    ups: np.ndarray           # int64 canonical upcards (hearts)
    multiplicity: np.ndarray  # int64

    def __len__(self) -> int:
        return len(self.keys)

    def index_of(self, key: int) -> int:
        """Position of a class key in the list (``-1`` when absent)."""
        i = int(np.searchsorted(self.keys, np.uint64(key)))
        return i if i < len(self.keys) and int(self.keys[i]) == int(key) else -1


def raw_combos(deck="24", hand_size: int = 5) -> int:
    """Number of raw ``(hand, upcard)`` questions: a hand and a non-Joker upcard from the rest."""
    d = find_deck(deck)
    n = d.size
    suited = n - (1 if d.has_joker else 0)
    # hands without the Joker see suited-1 other suited... count by whether the Joker is in the hand
    if not d.has_joker:
        return comb(n, hand_size) * (n - hand_size)
    with_joker = comb(n - 1, hand_size - 1) * (suited - (hand_size - 1))
    without = comb(n - 1, hand_size) * (suited - hand_size)
    return with_joker + without


@lru_cache(maxsize=8)
def enumerate_classes(deck="24", hand_size: int = 5) -> ClassList:
    """All round-one classes of ``deck`` with their multiplicities (cached; ~10^5 for 24 cards).

    Enumerates every hand for each upcard of the canonical trump suit (a quarter
    of all raw questions), folds the green suits, and counts; each count is
    multiplied by 4 for the four trump suits.
    """
    d = find_deck(deck)
    if not 1 <= hand_size <= d.max_hand_size():
        raise ClassInputError(f"hand size {hand_size!r} does not fit the {d.label}-card deck")
    all_keys, all_counts = [], []
    # the positions of every hand among the other cards: the same for each upcard, so built once
    combos = np.array(list(combinations(range(len(d.cards) - 1), hand_size)), dtype=np.int64)
    for up in [c for c in d.cards if c != JOKER and c >> 3 == TRUMP]:
        rest = np.array([c for c in d.cards if c != up], dtype=np.uint64)
        masks = np.bitwise_or.reduce(np.uint64(1) << rest[combos], axis=1)
        canon = canonical_many(masks, np.full(len(masks), TRUMP))
        keys, counts = np.unique(class_key(canon, np.full(len(canon), up)), return_counts=True)
        all_keys.append(keys)
        all_counts.append(counts)
    keys = np.concatenate(all_keys)
    counts = np.concatenate(all_counts).astype(np.int64) * 4
    order = np.argsort(keys, kind="stable")
    keys, counts = keys[order], counts[order]
    hands, ups = split_key(keys)
    for a in (keys, hands, ups, counts):
        a.setflags(write=False)
    return ClassList(d, hand_size, keys, hands, ups, counts)


# --- features and labels ----------------------------------------------------------------------
def features(hands, up=None) -> dict[str, np.ndarray]:
    """Features players use, for canonical hands (trump = hearts): trump count, bowers, off aces, voids.

    ``up`` (canonical upcards) is accepted for symmetry with the table and not needed.
    """
    h = np.asarray(hands, dtype=np.uint64)
    tr = suit_ranks(h, np.full(h.shape, TRUMP))
    nx = suit_ranks(h, np.full(h.shape, NEXT))
    right = ((tr >> np.uint64(JACK)) & np.uint64(1)).astype(bool)
    left = ((nx >> np.uint64(JACK)) & np.uint64(1)).astype(bool)
    joker = (h & _JOKER_BIT) != 0
    nx_plain = nx & ~np.uint64(1 << JACK)
    trump_count = (np.bitwise_count(tr) + left + joker).astype(np.int64)
    off_aces = np.zeros(h.shape, dtype=np.int64)
    voids = np.zeros(h.shape, dtype=np.int64)
    for s, ranks in ((NEXT, nx_plain), (GREEN_HIGH, None), (GREEN_LOW, None)):
        r = ranks if ranks is not None else suit_ranks(h, np.full(h.shape, s))
        off_aces += ((r >> np.uint64(ACE)) & np.uint64(1)).astype(np.int64)
        voids += (r == 0)
    return {"trump_count": trump_count, "right": right, "left": left,
            "bowers": right.astype(np.int64) + left, "joker": joker, "off_aces": off_aces,
            "voids": voids}


_TRUMP_ORDER = ((ACE, "A"), (KING, "K"), (QUEEN, "Q"))


def class_label(hand: int) -> str:
    """Compact label of a canonical hand: ``R L A x | A`` (see the module docstring)."""
    hand = int(hand)
    tr = (hand >> (8 * TRUMP)) & 0xFF
    parts = []
    if (hand >> JOKER) & 1:
        parts.append("Jk")
    if (tr >> JACK) & 1:
        parts.append("R")
    if (hand >> (8 * NEXT + JACK)) & 1:
        parts.append("L")
    for rank, txt in _TRUMP_ORDER:
        if (tr >> rank) & 1:
            parts.append(txt)
    low = tr & ((1 << JACK) - 1)
    parts += ["x"] * low.bit_count()
    aces = sum((hand >> (8 * s + ACE)) & 1 for s in (NEXT, GREEN_HIGH, GREEN_LOW))
    left_txt = " ".join(parts) if parts else "-"
    right_txt = " ".join(["A"] * aces) if aces else "-"
    return f"{left_txt} | {right_txt}"


def class_text(hand: int) -> str:
    """Canonical hand as card text, trump (hearts) first in trump order."""
    return format_hand(int(hand), trump=TRUMP)


__all__ = [
    "GREEN_HIGH",
    "GREEN_LOW",
    "NEXT",
    "TRUMP",
    "ClassInputError",
    "ClassList",
    "canonical",
    "canonical_many",
    "class_key",
    "class_label",
    "class_suits",
    "class_text",
    "enumerate_classes",
    "features",
    "key_of",
    "own_card",
    "raw_combos",
    "split_key",
]
