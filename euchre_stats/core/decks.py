"""Deck variants: 24, 25 (Joker/Benny), 28, 32 and 33 cards, and the doubled 25-card pack (50), with aliases.

A deck is data: its label, the mask of the cards it holds and whether it has
the Joker.  Nothing here knows about trump or play.
"""

from __future__ import annotations

import enum

from .bits import JOKER, RED_JOKER, TWIN_BASE, mask_to_cards
from .errors import UnknownDeckError


def _suited_mask(lowest_rank: int) -> int:
    m = 0
    for suit in range(4):
        for rank in range(lowest_rank, 8):
            m |= 1 << (suit * 8 + rank)
    return m


class Deck(enum.Enum):
    """The deck variants.  ``Deck.D24.size == 24``."""

    D24 = ("24", 2, False)
    D25 = ("25", 2, True)
    D28 = ("28", 1, False)
    D32 = ("32", 0, False)
    D33 = ("33", 0, True)
    #: the doubled 25-card pack (six-handed): every card of the 25-card deck twice, two Jokers
    D50 = ("50", 2, True)

    def __init__(self, label: str, lowest_rank: int, has_joker: bool):
        self.label = label
        self.lowest_rank = lowest_rank
        self.has_joker = has_joker
        #: whether every card is there twice (identical twins; a red and a black Joker)
        self.doubled = label == "50"
        self.mask = _suited_mask(lowest_rank) | ((1 << JOKER) if has_joker else 0)
        if self.doubled:
            self.mask |= ((1 << 24) - 1) << TWIN_BASE | 1 << RED_JOKER
        self.size = self.mask.bit_count()

    @property
    def cards(self) -> list[int]:
        """Every card of the deck, ascending."""
        return mask_to_cards(self.mask)

    def max_hand_size(self, players: int = 4) -> int:
        """Largest hand size that leaves at least an upcard after ``players`` hands."""
        return (self.size - 1) // players

    def __str__(self) -> str:
        return self.label

    def __repr__(self) -> str:
        return f"find_deck({self.label!r})"


ALIASES = {
    "24": Deck.D24, "euchre24": Deck.D24, "euchre": Deck.D24, "standard": Deck.D24,
    "north-american": Deck.D24, "d24": Deck.D24,
    "25": Deck.D25, "euchre25": Deck.D25, "benny": Deck.D25, "joker": Deck.D25,
    "british": Deck.D25, "d25": Deck.D25,
    "28": Deck.D28, "euchre28": Deck.D28, "d28": Deck.D28,
    "32": Deck.D32, "euchre32": Deck.D32, "piquet": Deck.D32, "australian": Deck.D32,
    "d32": Deck.D32,
    "33": Deck.D33, "euchre33": Deck.D33, "32+joker": Deck.D33, "d33": Deck.D33,
    "50": Deck.D50, "doubled": Deck.D50, "double": Deck.D50, "doubled25": Deck.D50, "double25": Deck.D50,
    "2x25": Deck.D50, "d50": Deck.D50,
}


def find_deck(name) -> Deck:
    """Return the :class:`Deck` for a name, alias, size or ``Deck``.

    >>> find_deck("benny").size
    25
    """
    if isinstance(name, Deck):
        return name
    key = str(name).strip().lower()
    if key in ALIASES:
        return ALIASES[key]
    raise UnknownDeckError(
        f"unknown deck {name!r}: expected one of 24, 25, 28, 32, 33, 50 "
        "(or an alias such as euchre24, benny, piquet, doubled)"
    )


def parse_deck_list(text: str) -> list[Deck]:
    """Parse ``"24,25,32"`` into decks, in order, without repeats."""
    out: list[Deck] = []
    for part in str(text).split(","):
        if part.strip():
            d = find_deck(part)
            if d not in out:
                out.append(d)
    if not out:
        raise UnknownDeckError(f"no deck named in {text!r}")
    return out
