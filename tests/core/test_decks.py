"""Deck variants and their aliases."""

from __future__ import annotations

import pytest

from euchre_stats.core.cards import JOKER, card_name
from euchre_stats.core.decks import ALIASES, Deck, find_deck, parse_deck_list
from euchre_stats.core.errors import UnknownDeckError


@pytest.mark.parametrize("deck, size, lowest, joker", [
    (Deck.D24, 24, "9", False), (Deck.D25, 25, "9", True), (Deck.D28, 28, "8", False),
    (Deck.D32, 32, "7", False), (Deck.D33, 33, "7", True),
])
def test_sizes(deck, size, lowest, joker):
    assert deck.size == size == len(deck.cards) == deck.mask.bit_count()
    assert ((deck.mask >> JOKER) & 1) == joker == deck.has_joker
    suited = [c for c in deck.cards if c != JOKER]
    assert min(card_name(c)[0] for c in suited if c & 7 == deck.lowest_rank) == lowest
    assert len(suited) == 4 * (8 - deck.lowest_rank)
    assert deck.max_hand_size() == (size - 1) // 4
    assert str(deck) == deck.label and eval(repr(deck), {"find_deck": find_deck}) is deck


def test_aliases():
    assert find_deck("benny") is Deck.D25 and find_deck(" Piquet ") is Deck.D32 and find_deck(33) is Deck.D33
    assert find_deck(Deck.D28) is Deck.D28
    for name, deck in ALIASES.items():
        assert find_deck(name.upper()) is deck


def test_unknown_deck():
    with pytest.raises(UnknownDeckError, match="unknown deck '26': expected one of 24, 25, 28, 32, 33"):
        find_deck("26")


def test_parse_deck_list():
    assert parse_deck_list("24, benny,32,24") == [Deck.D24, Deck.D25, Deck.D32]
    with pytest.raises(UnknownDeckError, match="no deck named in ' , '"):
        parse_deck_list(" , ")
