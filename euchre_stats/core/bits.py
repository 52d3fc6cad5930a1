"""Card numbers and hand bitmasks: the constants and mask helpers every layer shares.

A card is an int ``suit * 8 + rank`` with suits ``c d h s`` = 0..3 (so the same-colour
partner of suit ``s`` is ``3 - s``) and ranks ``7 8 9 T J Q K A`` = 0..7; the Joker is 32.
A hand is an int bitmask with bit ``card`` set.  No text, no decks, no trump here: the
modules that need those build on this one.
"""

from __future__ import annotations

from collections.abc import Iterable

from .errors import InvalidCardError

JOKER = 32
NUM_CARDS = 33

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)


def make_card(rank: int, suit: int) -> int:
    """Return the card of ``rank`` (0 = seven .. 7 = ace) and ``suit`` (0 = clubs .. 3 = spades)."""
    if not (0 <= rank < 8 and 0 <= suit < 4):
        raise InvalidCardError(f"no card with rank {rank!r} and suit {suit!r}")
    return suit * 8 + rank


def card_suit(card: int) -> int:
    """Natural suit of ``card`` (0..3), or -1 for the Joker."""
    return -1 if card == JOKER else card >> 3


def card_rank(card: int) -> int:
    """Natural rank of ``card`` (0 = seven .. 7 = ace), or 8 for the Joker."""
    return 8 if card == JOKER else card & 7


def same_colour(suit: int) -> int:
    """The other suit of the same colour ("next"): clubs<->spades, diamonds<->hearts."""
    return 3 - suit


def cards_to_mask(cards: Iterable[int]) -> int:
    """Bitmask of ``cards``."""
    m = 0
    for c in cards:
        m |= 1 << int(c)
    return m


def mask_to_cards(mask: int) -> list[int]:
    """Cards of a bitmask in ascending card number."""
    mask = int(mask)
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
