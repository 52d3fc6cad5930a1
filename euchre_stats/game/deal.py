"""The deal of a hand: a given deal checked and normalised, a random one dealt, the doubled pack's copies.

A deal is the dealer, one hand per seat and the upcard.  :func:`_check_deal` turns the forms a
caller gives (bitmasks, card lists, text) into bitmasks or raises
:class:`~euchre_stats.core.errors.InconsistentDealError` naming what is wrong;
:func:`_random_hands` deals from a ``numpy.random.Generator``.  In the doubled pack two cards are
identical copies: the first named is the first copy (:func:`_first_copies_first`), and the state
machine moves the first copy a hand holds (:func:`_canonical_copy`).  No I/O and no randomness of
its own here.
"""

from __future__ import annotations

import numpy as np

from ..core.cards import (NUM_CARDS_ALL, card_face, card_name, card_twin, format_hand, parse_card, parse_cards,
                          parse_hand)
from ..core.errors import InconsistentDealError, InvalidCardError
from ..rules import GAME_NAMES, Rules
from ..sampling.deals import random_deals


def _is_int(x) -> bool:
    return isinstance(x, (int, np.integer)) and not isinstance(x, bool)



def _first_copies_first(cards: list[int]) -> list[int]:
    """``cards`` with each pair of identical copies numbered in order of appearance: the first one
    named is the first copy, as text reads a deal (the copies are the same card, so a uniform deal
    stays uniform)."""
    out, seen = [], set()
    for c in cards:
        face = card_face(c)
        out.append(face if face not in seen else card_twin(face))
        seen.add(face)
    return out


def _canonical_copy(card: int, hand: int) -> int:
    """The copy of ``card`` the state machine moves: a hand holding both identical copies of a card
    of the doubled pack gives up the first (either is the same play; one rule keeps records
    replaying to the same cards)."""
    face = card_face(card)
    return face if face != card and (hand >> face) & 1 else card



def _check_deal(rules: Rules, dealer, hands, upcard):
    """Validate and normalise a deal: ``(dealer, [masks], upcard)``."""
    np_ = rules.players
    if not (_is_int(dealer) and 0 <= dealer < np_):
        raise InconsistentDealError(f"dealer must be a seat 0-{np_ - 1}, got {dealer!r}")
    deck = rules.deck_obj
    n = rules.hand_size
    if isinstance(hands, (str, bytes)) or len(hands) != np_:
        # the four-handed table, the one every message assumes, goes unnamed
        game = "" if rules.seating.vectorised else f" ({GAME_NAMES[np_]})"
        raise InconsistentDealError(f"expected {_COUNT_WORDS[np_]} hands{game}, got {hands!r}")
    masks = []
    named = 0  # cards named so far: in the doubled pack a card named again is its second copy
    for s, h in enumerate(hands):
        if _is_int(h):
            m = int(h)
            if m < 0 or m >> NUM_CARDS_ALL:
                raise InconsistentDealError(f"hand of seat {s}: {h!r} is not a card bitmask")
            bad = m & ~deck.mask
            if bad:
                low = (bad & -bad).bit_length() - 1
                raise InconsistentDealError(
                    f"hand of seat {s}: {card_name(low)} is not in the {deck.label}-card deck")
        else:
            try:
                m = parse_hand(h, deck, taken=named)
            except InvalidCardError as exc:
                raise InconsistentDealError(f"hand of seat {s}: {exc}") from None
        if m.bit_count() != n:
            raise InconsistentDealError(
                f"hand of seat {s} has {m.bit_count()} cards ({format_hand(m)}); expected {n}")
        masks.append(m)
        named |= m
    if _is_int(upcard):
        up = int(upcard)
        if not 0 <= up < NUM_CARDS_ALL or not (deck.mask >> up) & 1:
            raise InconsistentDealError(f"upcard {upcard!r} is not a card of the {deck.label}-card deck")
    else:
        try:
            up = parse_card(upcard, deck)
            if deck.doubled and (named >> up) & 1:
                up = parse_cards(str(upcard), deck, size=1, taken=named)[0]
        except InvalidCardError as exc:
            raise InconsistentDealError(f"upcard: {exc}") from None
    seen = 1 << up
    for s, m in enumerate(masks):
        both = seen & m
        if both:
            low = (both & -both).bit_length() - 1
            where = "the upcard" if low == up else "another hand"
            raise InconsistentDealError(f"{card_name(low)} is dealt twice: to seat {s} and {where}")
        seen |= m
    return int(dealer), masks, up


_COUNT_WORDS = {2: "two", 3: "three", 4: "four", 6: "six"}


def _deal_short(rules: Rules, rng: np.random.Generator) -> tuple[list[int], int]:
    """A uniform deal for two, three or six players: the deck shuffled by ``rng``, ``hand_size`` cards
    to each seat in turn, the next card turned up (the rest of the kitty stays face down).

    It lives here rather than in ``sampling.deals`` (whose deals are four-handed) only until that
    module takes a player count; the four-handed game never comes here (:func:`_random_hands`)."""
    cards = rng.permutation(np.array(rules.deck_obj.cards, dtype=np.int64)).tolist()
    h = rules.hand_size
    if rules.deck_obj.doubled:  # identical copies: the first named (seat by seat, then the upcard) is the first copy
        cards = _first_copies_first(cards[:rules.players * h + 1]) + cards[rules.players * h + 1:]
    hands = []
    for s in range(rules.players):
        m = 0
        for c in cards[s * h:(s + 1) * h]:
            m |= 1 << c
        hands.append(m)
    return hands, int(cards[rules.players * h])


def _random_hands(rules: Rules, rng: np.random.Generator) -> tuple[list[int], int]:
    """A uniform random deal from ``rng``: the hands (bitmasks, seat 0 first) and the upcard.

    The four-handed table (:attr:`~euchre_stats.core.seating.Seating.vectorised`) deals as the
    vectorised engines do (``sampling.deals.random_deals``), so that a seed deals the same cards
    there and here; every other table deals through :func:`_deal_short`."""
    if not rules.seating.vectorised:
        return _deal_short(rules, rng)
    hands, ups = random_deals(rules, 1, rng)
    return [int(h) for h in hands[0]], int(ups[0])
