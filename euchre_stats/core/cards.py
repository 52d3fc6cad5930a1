"""Cards as small ints, hands as bitmasks, and the text at the edges.

A card is an int ``suit * 8 + rank`` with suits ``c d h s`` = 0..3 (so the
same-colour partner of suit ``s`` is ``3 - s``) and ranks ``7 8 9 T J Q K A``
= 0..7; the Joker (the British "Benny") is 32.  A hand is an int bitmask with
bit ``card`` set.  Every deck variant uses the same numbering; a deck is just
the mask of the cards it holds (see :mod:`euchre_stats.core.decks`).  In the doubled 25-card
pack a card's second copy (:func:`~euchre_stats.core.bits.card_twin`) reads as the first
(``'Ah'``): a list naming a card twice means both copies; the second Joker is the red one,
``'Jr'`` (the other, 32, is the black one: ``'Jk'`` or ``'Jb'``).

This module only parses and formats; it knows nothing of trump or rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from .bits import (  # noqa: F401
    ACE,
    CLUBS,
    DIAMONDS,
    EIGHT,
    HEARTS,
    JACK,
    JOKER,
    KING,
    NINE,
    NUM_CARDS,
    NUM_CARDS_ALL,
    QUEEN,
    RED_JOKER,
    TWIN_BASE,
    SEVEN,
    SPADES,
    TEN,  # noqa: F401
    card_face,
    card_rank,
    card_suit,
    card_twin,
    cards_to_mask,
    make_card,
    mask_to_cards,
    same_colour,
)
from .decks import find_deck
from .errors import DuplicateCardError, HandSizeError, InvalidCardError  # noqa: F401
from .trump import trump_tables

SUITS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
RANKS = "789TJQKA"
#: display order of suits: spades, hearts, diamonds, clubs (colours alternate)
DISPLAY_SUIT_ORDER = (3, 2, 1, 0)



def parse_suit(text: str) -> int:
    """Parse a suit letter, name or symbol (``h``, ``H``, ``hearts``, ``♥``) to 0..3."""
    t = str(text).strip().lower()
    names = {"clubs": 0, "club": 0, "diamonds": 1, "diamond": 1, "hearts": 2,
             "heart": 2, "spades": 3, "spade": 3}
    if len(t) == 1 and t in SUITS:
        return SUITS.index(t)
    if len(t) == 1 and t in SUIT_SYMBOLS:
        return SUIT_SYMBOLS.index(t)
    if t in names:
        return names[t]
    raise InvalidCardError(f"unknown suit {text!r}: expected one of s, h, d, c")


def suit_name(suit: int) -> str:
    """Suit letter (``'h'``)."""
    return SUITS[suit]


#: suits as words, for sentences (``SUIT_WORDS[2] == "hearts"``)
SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")


def trump_letter(trump: int) -> str:
    """A trump as calls and hand records write it: ``c``, ``d``, ``h``, ``s``, or ``n`` for no trump (4)."""
    return "n" if trump == NO_TRUMP_INDEX else SUITS[trump]


def suit_word(suit: int) -> str:
    """Suit as a word, for text a person reads (``'hearts'``); 4 (no trump) is ``'no trump'``."""
    return "no trump" if suit == NO_TRUMP_INDEX else SUIT_WORDS[suit]


#: the trump index of a no-trump hand (``core.trump.NO_TRUMP``)
NO_TRUMP_INDEX = 4
#: the words read as no trump (``n``, ``nt``...)
NO_TRUMP_WORDS = ("n", "nt", "notrump", "no trump", "no-trump", "no_trump")


def parse_trump(text) -> int:
    """A trump as the solver takes it: a suit (:func:`parse_suit`) or no trump (``n``, ``nt``,
    ``notrump``, ``no trump``) as 4."""
    if str(text).strip().lower() in NO_TRUMP_WORDS:
        return NO_TRUMP_INDEX
    try:
        return parse_suit(text)
    except InvalidCardError:
        raise InvalidCardError(f"unknown trump {text!r}: expected one of s, h, d, c or n (no trump)") from None


_RANK_TEXT = r"(?:10|[2-9tjqka])"
_SUIT_TEXT = r"[shdc♠♥♦♣]"
# re.ASCII: ignoring case must not fold look-alikes into letters ("ſ" long s into "s", the
# Kelvin sign into "k"): such a token is not a card and its error must quote it.  "b" (the
# Joker) may be run together with the next card ("JhbAh"): no card token starts with "b".
_TOKEN = re.compile(
    rf"(?P<red>redjoker|jr)|(?P<joker>blackjoker|joker|jk|jb|b)|(?P<rf>{_RANK_TEXT}{_SUIT_TEXT})|(?P<sf>{_SUIT_TEXT}{_RANK_TEXT})",
    re.IGNORECASE | re.ASCII,
)
_SEPARATORS = re.compile(r"[\s,;]+")


def _card_from_match(token: str) -> int:
    t = token.lower()
    if t in ("redjoker", "jr"):
        return RED_JOKER
    if t in ("blackjoker", "joker", "jk", "jb", "b"):
        return JOKER
    if t[0] in SUITS or t[0] in SUIT_SYMBOLS:
        suit_txt, rank_txt = t[0], t[1:]
    else:
        rank_txt, suit_txt = t[:-1], t[-1]
    suit = SUITS.index(suit_txt) if suit_txt in SUITS else SUIT_SYMBOLS.index(suit_txt)
    if rank_txt == "2" and suit == SPADES:
        return JOKER  # the 2 of spades stands in for the Joker
    rank_txt = "t" if rank_txt == "10" else rank_txt
    idx = RANKS.lower().find(rank_txt)
    if idx < 0:
        raise InvalidCardError(f"no such card {token!r}: ranks are 7 8 9 T J Q K A")
    return make_card(idx, suit)


#: what players call the Joker, which the card text does not read: the error says to write ``Jk``
JOKER_NAMES = ("benny", "bennie", "bestbower", "best-bower", "bower", "jok", "jkr")


def _tokens(text: str) -> Iterator[str]:
    for piece in _SEPARATORS.split(str(text).strip()):
        if piece.lower() in JOKER_NAMES:
            raise InvalidCardError(f"cannot read a card at {piece!r} in {text!r}: did you mean the Joker? "
                                   "Write it 'Jk' (the 25- and 33-card decks hold it: --deck 25)")
        pos = 0
        while pos < len(piece):
            m = _TOKEN.match(piece, pos)
            if m is None:
                bad = piece[pos:]
                raise InvalidCardError(
                    f"cannot read a card at {bad!r} in {text!r}: expected cards like "
                    "'Jh', '10h', 'hJ', 'J♥' or the Joker 'Jk'"
                )
            yield m.group(0)
            pos = m.end()


def _check_in_deck(card: int, token: str, deck) -> None:
    if deck is None:
        return
    d = find_deck(deck)
    if not (d.mask >> card) & 1:
        where = (" (the red Joker is the doubled 25-card pack's, deck 50)" if card == RED_JOKER
                 else " (did you mean --deck 25? The 25- and 33-card decks hold the Joker)" if card == JOKER
                 else "")
        raise InvalidCardError(f"card {token!r} is not in the {d.label}-card deck{where}")


def _is_doubled(deck) -> bool:
    return deck is not None and find_deck(deck).doubled


def parse_card(text: str, deck=None) -> int:
    """Parse one card (any case, ``T`` or ``10``, letters or symbols, either order).

    With ``deck`` (a :class:`~euchre_stats.core.decks.Deck` or a name such as ``"24"``)
    the card must belong to that deck.

    >>> card_name(parse_card("10h"))
    'Th'
    """
    toks = list(_tokens(text))
    if len(toks) != 1:
        raise InvalidCardError(f"expected one card, got {text!r}")
    card = _card_from_match(toks[0])
    _check_in_deck(card, toks[0], deck)
    return card


def parse_cards(text: str | Iterable[str], deck=None, size: int | None = None, taken: int = 0) -> list[int]:
    """Parse a list of distinct cards, keeping their order.

    ``text`` is a string with cards separated by spaces or commas or run
    together (``"JhJdAh"``), or an iterable of such strings.

    In the doubled pack (``deck`` 50) a card named twice is both copies, and a card whose first
    copy is in ``taken`` (a mask of cards named elsewhere: the hand, the upcard...) is its second
    copy; a third copy is an error.  Elsewhere ``taken`` is ignored.
    """
    doubled = _is_doubled(deck)
    if isinstance(text, str):
        toks = list(_tokens(text))
        shown = text
    else:
        items = list(text)
        toks = [t for item in items for t in _tokens(item)]
        shown = " ".join(map(str, items))
    cards: list[int] = []
    seen: dict[int, str] = {}
    for tok in toks:
        card = _card_from_match(tok)
        _check_in_deck(card, tok, deck)
        if doubled and (card in seen or (taken >> card) & 1):
            twin = card_twin(card)
            if twin < 0:
                raise DuplicateCardError(f"card {tok!r} appears twice in {shown!r} (the doubled pack has one "
                                         "black Joker 'Jk' and one red Joker 'Jr')")
            if twin in seen or (taken >> twin) & 1:
                raise DuplicateCardError(f"card {tok!r} appears a third time in {shown!r}: the doubled pack "
                                         "holds two of each")
            card = twin
        if card in seen:
            raise DuplicateCardError(f"card {tok!r} appears twice in {shown!r}")
        seen[card] = tok
        cards.append(card)
    if size is not None and len(cards) != size:
        raise HandSizeError(f"hand {shown!r} has {len(cards):,} card{'' if len(cards) == 1 else 's'}; expected {size}")
    return cards


def parse_hand(text: str | Iterable[str], deck=None, size: int | None = None, taken: int = 0) -> int:
    """Parse distinct cards into a hand bitmask (``taken``: see :func:`parse_cards`)."""
    return cards_to_mask(parse_cards(text, deck, size, taken))


def card_name(card: int, symbols: bool = False) -> str:
    """Canonical text of a card: ``'Jh'``, ``'Ts'``, ``'Jk'`` (``'J♥'`` with symbols); a second
    copy of the doubled pack reads as the first, its red Joker ``'Jr'``."""
    if card == JOKER:
        return "Jk"
    if card == RED_JOKER:
        return "Jr"
    if not 0 <= card < NUM_CARDS_ALL:
        raise InvalidCardError(f"no card numbered {card!r}")
    card = card_face(card)
    suit = SUIT_SYMBOLS[card >> 3] if symbols else SUITS[card >> 3]
    return RANKS[card & 7] + suit


def sort_key(card: int) -> tuple[int, int]:
    """Display order: Joker first, then spades, hearts, diamonds, clubs, high to low (twins together)."""
    if card == JOKER:
        return (-1, 0)
    if card == RED_JOKER:
        return (-1, 1)
    face = card_face(card)
    return (DISPLAY_SUIT_ORDER.index(face >> 3), -(face & 7), card)


def format_cards(cards: Iterable[int], symbols: bool = False) -> str:
    """Space-separated names, in the order given."""
    return " ".join(card_name(c, symbols) for c in cards)


def format_hand(mask_or_cards, symbols: bool = False, trump: int | None = None) -> str:
    """Canonical text of a hand: sorted by suit then rank (by trump power if ``trump`` given)."""
    cards = mask_to_cards(mask_or_cards) if isinstance(mask_or_cards, int) else list(mask_or_cards)
    if trump is None:
        cards.sort(key=sort_key)
    else:
        t = trump_tables(trump)
        cards.sort(key=lambda c: (t.eff_suit[c] != trump, sort_key(c)[0] if t.eff_suit[c] != trump else 0,
                                  -int(t.power[c])))
    return format_cards(cards, symbols)


class CardSet:
    """A friendly read-only view of a hand bitmask: iterate, ``len``, ``in``, ``str``."""

    __slots__ = ("mask",)

    def __init__(self, mask: int = 0):
        self.mask = int(mask)

    @classmethod
    def parse(cls, text: str, deck=None) -> "CardSet":
        return cls(parse_hand(text, deck))

    def __iter__(self) -> Iterator[int]:
        return iter(sorted(mask_to_cards(self.mask), key=sort_key))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < NUM_CARDS_ALL and bool((self.mask >> card) & 1)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __str__(self) -> str:
        return format_hand(self.mask)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"
