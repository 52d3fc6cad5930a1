"""Trump-dependent lookup tables as plain numpy arrays (shared by Python code and numba kernels).

For each trump suit ``t`` (0..3), and ``t = NO_TRUMP`` (4: no trump, every suit plain):

* ``EFF_SUIT[t, card]`` -- the suit the card belongs to once trump is fixed: the
  left bower and the Joker belong to trump.
* ``POWER[t, card]`` -- comparable strength inside one effective suit; every
  trump is above every plain card (trump powers are 32..42: natural trumps
  32 + rank, left bower 40, right bower 41, Joker 42; plain cards 0..7).
* ``SUIT_MASK[t, s]`` -- bitmask of all cards (of the 33-card universe) whose
  effective suit is ``s``; intersect with a deck mask.

Also the trick logic every engine shares: effective suits, legal plays, the trick winner.
No I/O and no rule options here: only the card order every variant shares.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .bits import JACK, JOKER, NUM_CARDS

LEFT_POWER, RIGHT_POWER, JOKER_POWER = 40, 41, 42
TRUMP_BASE = 32
#: the "trump" index of a no-trump hand (led suit wins, aces high); the tables have a fifth row for it
NO_TRUMP = 4


def _build():
    eff = np.zeros((5, NUM_CARDS), dtype=np.int8)
    power = np.zeros((5, NUM_CARDS), dtype=np.int8)
    masks = np.zeros((5, 4), dtype=np.uint64)
    for t in range(5):
        for c in range(NUM_CARDS):
            if t == NO_TRUMP:
                # no trump: every card follows its own suit, ranked by face (aces high, jacks in
                # their place); the Joker has no place (no text gives it one: refused with no trump)
                e, p = (0, JOKER_POWER) if c == JOKER else (c >> 3, c & 7)
            elif c == JOKER:
                e, p = t, JOKER_POWER
            else:
                s, r = c >> 3, c & 7
                if s == t and r == JACK:
                    e, p = t, RIGHT_POWER
                elif s == 3 - t and r == JACK:
                    e, p = t, LEFT_POWER
                elif s == t:
                    e, p = t, TRUMP_BASE + r
                else:
                    e, p = s, r
            eff[t, c] = e
            power[t, c] = p
            masks[t, e] |= np.uint64(1 << c)
    for a in (eff, power, masks):
        a.setflags(write=False)
    return eff, power, masks


EFF_SUIT, POWER, SUIT_MASK = _build()


@dataclass(frozen=True)
class TrumpTables:
    """Tables for one trump suit (views into the module arrays)."""

    trump: int
    eff_suit: np.ndarray
    power: np.ndarray
    suit_mask: np.ndarray


@lru_cache(maxsize=None)
def trump_tables(trump: int) -> TrumpTables:
    """The :class:`TrumpTables` of ``trump`` (0 = clubs .. 3 = spades)."""
    if trump not in (0, 1, 2, 3, NO_TRUMP):
        raise ValueError(f"trump must be a suit 0..3 or 4 (no trump), got {trump!r}")
    return TrumpTables(trump, EFF_SUIT[trump], POWER[trump], SUIT_MASK[trump])


# --- trick logic -------------------------------------------------------------------
def effective_suit(card: int, trump: int) -> int:
    """Suit the card follows as once ``trump`` is fixed (left bower and Joker are trump)."""
    return int(EFF_SUIT[trump, card])


def card_power(card: int, trump: int) -> int:
    """Trick power of the card under ``trump`` (compare within one effective suit; trumps beat all)."""
    return int(POWER[trump, card])


def legal_plays(hand: int, trump: int, led: int | None = None) -> int:
    """Mask of the cards of ``hand`` that may be played to a trick whose first card is ``led``.

    With no led card (leading) every card is legal; otherwise a player must
    follow the led card's effective suit when able.
    """
    if led is None:
        return hand
    follow = hand & int(SUIT_MASK[trump, EFF_SUIT[trump, led]])
    return follow if follow else hand


def is_trump(card: int, trump: int) -> bool:
    """Whether ``card`` is a trump (bowers and Joker included)."""
    return int(EFF_SUIT[trump, card]) == trump


def trick_winner_index(cards: Sequence[int], trump: int) -> int:
    """Index in ``cards`` (in play order, first led) of the card that wins the trick."""
    led_suit = EFF_SUIT[trump, cards[0]]
    best, best_key = 0, -1
    for i, c in enumerate(cards):
        e = EFF_SUIT[trump, c]
        key = POWER[trump, c] if (e == trump or e == led_suit) else -1
        if key > best_key:
            best, best_key = i, int(key)
    return best


def holds_natural_trump(hand: int, suit: int) -> bool:
    """Whether ``hand`` holds a card of ``suit`` by its face (left bower not counted) or the Joker."""
    return bool(hand & (0xFF << (8 * suit))) or bool((hand >> JOKER) & 1)
