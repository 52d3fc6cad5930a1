"""Card numbers and hand bitmasks: the constants and mask helpers every layer shares.

A card is an int ``suit * 8 + rank`` with suits ``c d h s`` = 0..3 (so the same-colour
partner of suit ``s`` is ``3 - s``) and ranks ``7 8 9 T J Q K A`` = 0..7; the Joker is 32.
A hand is an int bitmask with bit ``card`` set.  No text, no decks, no trump here: the
modules that need those build on this one.

The doubled 25-card pack of six-handed euchre holds every card of the 25-card deck twice.  The
first copies keep their numbers; the second copy of a suited card (its **twin**) is
``TWIN_BASE + 6 * suit + (rank - NINE)`` (33..56), and the pack's second Joker, the red one, is
``RED_JOKER`` (57; the Joker numbered 32 is then the black one).  Twins are identical cards (of
two played to one trick the later wins); the two Jokers are not (the one of trump's colour wins).
Every mask still fits an int64 (bit 57 the highest).
"""

from __future__ import annotations

from collections.abc import Iterable

from .errors import InvalidCardError

JOKER = 32
NUM_CARDS = 33
#: the doubled 25-card pack: twins of the suited cards at 33..56, the red Joker at 57
TWIN_BASE = 33
RED_JOKER = 57
#: every card number of every pack (the tables of :mod:`.trump` cover them all)
NUM_CARDS_ALL = 58

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)


def make_card(rank: int, suit: int) -> int:
    """Return the card of ``rank`` (0 = seven .. 7 = ace) and ``suit`` (0 = clubs .. 3 = spades)."""
    if not (0 <= rank < 8 and 0 <= suit < 4):
        raise InvalidCardError(f"no card with rank {rank!r} and suit {suit!r}")
    return suit * 8 + rank


def card_suit(card: int) -> int:
    """Natural suit of ``card`` (0..3), or -1 for a Joker."""
    if card == JOKER or card == RED_JOKER:
        return -1
    return card_face(card) >> 3


def card_rank(card: int) -> int:
    """Natural rank of ``card`` (0 = seven .. 7 = ace), or 8 for a Joker."""
    if card == JOKER or card == RED_JOKER:
        return 8
    return card_face(card) & 7


def card_twin(card: int) -> int:
    """The other copy of a suited card of the doubled pack (first copy <-> second), or -1 for a
    card with no twin (the Jokers, sevens and eights)."""
    if card < 32:
        rank = card & 7
        return TWIN_BASE + 6 * (card >> 3) + rank - 2 if rank >= 2 else -1
    if TWIN_BASE <= card < RED_JOKER:
        k = card - TWIN_BASE
        return (k // 6) * 8 + k % 6 + 2
    return -1


def card_face(card: int) -> int:
    """The card a second copy stands for (its first copy); any other card itself."""
    return card_twin(card) if TWIN_BASE <= card < RED_JOKER else card


def held_copy(card: int, mask: int) -> int:
    """The copy of ``card`` that ``mask`` holds: its twin when only the twin is there (the doubled
    pack), else ``card`` itself."""
    twin = card_twin(card)
    return twin if twin >= 0 and not (mask >> card) & 1 and (mask >> twin) & 1 else card


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
