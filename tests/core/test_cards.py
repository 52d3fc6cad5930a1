"""Card parsing and formatting: every notation round-trips to the canonical form."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from euchre_stats.core.cards import (
    JOKER,
    RED_JOKER,
    card_face,
    card_twin,
    CardSet,
    card_name,
    card_rank,
    card_suit,
    cards_to_mask,
    format_cards,
    format_hand,
    make_card,
    mask_to_cards,
    parse_card,
    parse_cards,
    parse_hand,
    parse_suit,
    same_colour,
)
from euchre_stats.core.decks import Deck
from euchre_stats.core.errors import DuplicateCardError, HandSizeError, InvalidCardError

SYMBOLS = dict(zip("cdhs", "♣♦♥♠"))
JOKER_SPELLINGS = ["Jk", "jk", "JK", "joker", "Joker", "JOKER", "b", "B", "2s", "2S", "s2", "2♠", "♠2"]


def spell(card: int, upper: bool, ten: bool, symbol: bool, suit_first: bool, joker: int) -> str:
    """One of the notations the parser accepts for ``card``."""
    if card == JOKER:
        return JOKER_SPELLINGS[joker % len(JOKER_SPELLINGS)]
    rank = "789TJQKA"[card & 7]
    if rank == "T" and ten:
        rank = "10"
    suit = "cdhs"[card >> 3]
    if symbol:
        suit = SYMBOLS[suit]
    text = suit + rank if suit_first else rank + suit
    return text.upper() if upper else text.lower()


decks = st.sampled_from([d for d in Deck if not d.doubled])
style = st.tuples(st.booleans(), st.booleans(), st.booleans(), st.booleans(), st.integers(0, 50))


@given(decks, st.data(), style)
def test_card_round_trip(deck, data, sty):
    card = data.draw(st.sampled_from(deck.cards))
    text = spell(card, *sty)
    assert card_name(parse_card(text, deck)) == card_name(card)
    assert parse_card(text) == card


@given(decks, st.data(), style, st.sampled_from([" ", ",", ", ", ";", "", "  "]))
def test_cards_round_trip(deck, data, sty, sep):
    cards = data.draw(st.lists(st.sampled_from(deck.cards), min_size=1, max_size=8, unique=True))
    upper, ten, symbol, suit_first, joker = sty
    text = sep.join(spell(c, upper, ten, symbol, suit_first, joker) for c in cards)
    got = parse_cards(text, deck)
    assert format_cards(got) == format_cards(cards)
    assert parse_hand(text, deck) == cards_to_mask(cards)
    assert format_hand(parse_hand(text)) == format_hand(cards)


@given(st.lists(st.integers(0, 32), unique=True))
def test_mask_round_trip(cards):
    assert mask_to_cards(cards_to_mask(cards)) == sorted(cards)


def test_canonical_names():
    assert [card_name(c) for c in (0, 7, 8, 20, 31, JOKER)] == ["7c", "Ac", "7d", "Jh", "As", "Jk"]
    assert card_name(parse_card("10h"), symbols=True) == "T♥"
    assert make_card(4, 2) == parse_card("Jh") and card_suit(JOKER) == -1 and card_rank(JOKER) == 8
    assert same_colour(parse_suit("spades")) == parse_suit("c")
    assert [parse_suit(x) for x in ("h", "H", "hearts", "♥", " heart ")] == [2] * 5


def test_format_hand_orders():
    h = parse_hand("9c Jd Ah Jh As Jk")
    assert format_hand(h) == "Jk As Ah Jh Jd 9c"
    assert format_hand(h, trump=2) == "Jk Jh Jd Ah As 9c"
    assert format_hand(h, symbols=True).startswith("Jk A♠")


@pytest.mark.parametrize("text, deck, message", [
    ("Xh", None, "cannot read a card at 'Xh' in 'Xh'"),
    ("1h", None, "cannot read a card at '1h'"),
    ("3h", None, "no such card '3h': ranks are 7 8 9 T J Q K A"),
    ("7h", "24", "card '7h' is not in the 24-card deck"),
    ("Jk", "24", "card 'Jk' is not in the 24-card deck"),
    ("8s", "25", "card '8s' is not in the 25-card deck"),
    ("Jh Jd", None, "expected one card, got 'Jh Jd'"),
    ("", None, "expected one card, got ''"),
])
def test_bad_cards(text, deck, message):
    with pytest.raises(InvalidCardError, match=message.replace("(", r"\(")):
        parse_card(text, deck)


def test_bad_card_lists():
    with pytest.raises(DuplicateCardError, match="card 'jh' appears twice in 'Jh Ah jh'"):
        parse_cards("Jh Ah jh")
    with pytest.raises(DuplicateCardError, match="appears twice"):
        parse_cards("Jk 2s")
    with pytest.raises(HandSizeError, match="hand 'Jh Ah' has 2 cards; expected 5"):
        parse_hand("Jh Ah", size=5)
    with pytest.raises(InvalidCardError, match="unknown suit 'x'"):
        parse_suit("x")
    with pytest.raises(InvalidCardError, match="no card numbered 58"):
        card_name(58)
    with pytest.raises(InvalidCardError, match="no card with rank 9"):
        make_card(9, 0)


@given(st.data(), style, st.sampled_from([" ", ",", ""]))
def test_doubled_pack_lists_round_trip(data, sty, sep):
    """In the doubled pack a list names a card once or twice: parsed, it holds the first copy,
    then the second (the twin); its text, and a reparse, give the same cards."""
    deck = Deck.D50
    cards = data.draw(st.lists(st.sampled_from(deck.cards), min_size=1, max_size=10, unique=True))
    upper, ten, symbol, suit_first, joker = sty
    text = sep.join("Jr" if c == RED_JOKER else spell(card_face(c), upper, ten, symbol, suit_first, joker)
                    for c in cards)
    got = parse_cards(text, deck)
    assert [card_face(c) for c in got] == [card_face(c) for c in cards]
    assert len(set(got)) == len(got) and all((deck.mask >> c) & 1 for c in got)
    for c in got:  # a card named twice: the first time the first copy
        if card_twin(c) in got and c < card_twin(c):
            assert got.index(c) < got.index(card_twin(c))
    assert parse_cards(format_cards(got), deck) == got
    assert format_hand(parse_hand(text, deck)) == format_hand(cards)


def test_doubled_pack_cards():
    ah = parse_card("Ah")
    assert card_twin(ah) == 33 + 6 * 2 + 5 and card_twin(card_twin(ah)) == ah and card_face(card_twin(ah)) == ah
    assert card_twin(JOKER) == -1 and card_twin(parse_card("7h")) == -1 and card_face(RED_JOKER) == RED_JOKER
    assert card_name(card_twin(ah)) == "Ah" and card_name(RED_JOKER) == "Jr" and parse_card("jb") == JOKER
    assert card_suit(card_twin(ah)) == 2 and card_rank(card_twin(ah)) == 7 and card_suit(RED_JOKER) == -1
    assert Deck.D50.size == 50 and Deck.D50.doubled and not Deck.D25.doubled
    assert parse_cards("Ah Kd", "50", taken=1 << ah) == [card_twin(ah), parse_card("Kd")]
    with pytest.raises(DuplicateCardError, match="card 'Ah' appears a third time in 'Ah Ah Ah'"):
        parse_cards("Ah Ah Ah", "50")
    with pytest.raises(DuplicateCardError, match="appears a third time"):
        parse_cards("Ah", "50", taken=1 << ah | 1 << card_twin(ah))
    with pytest.raises(DuplicateCardError, match="one black Joker 'Jk' and one red Joker 'Jr'"):
        parse_cards("Jk b", "50")
    with pytest.raises(DuplicateCardError, match="card 'Ah' appears twice"):
        parse_cards("Ah Ah", "25")
    assert parse_card("Jr") == RED_JOKER
    with pytest.raises(InvalidCardError, match="card 'Jr' is not in the 33-card deck .the red Joker is the doubled"):
        parse_card("Jr", "33")


def test_cardset():
    cs = CardSet.parse("Jh 9c As")
    assert len(cs) == 3 and parse_card("Jh") in cs and parse_card("Ah") not in cs and "x" not in cs
    assert str(cs) == "As Jh 9c" and list(cs) == [parse_card(c) for c in ("As", "Jh", "9c")]
    assert eval(repr(cs), {"CardSet": CardSet}) == cs and hash(cs) == hash(CardSet(cs.mask))


@pytest.mark.parametrize("text, bad", [
    ("Kſ", "Kſ"),             # long s: Unicode case folding would read it as "s"
    ("Jh K\u212a", "K\u212a"),  # the Kelvin sign, folded to "k" the same way
    ("Ah 9ſ Kd", "9ſ Kd"[:2]),
])
def test_look_alike_letters_are_refused_by_name(text, bad):
    with pytest.raises(InvalidCardError, match=f"cannot read a card at {bad!r}"):
        parse_cards(text)


def test_b_joker_run_together():
    assert format_cards(parse_cards("JhbAh", deck="25")) == "Jh Jk Ah"
    assert format_cards(parse_cards("bJhAh")) == "Jk Jh Ah"
    assert format_cards(parse_cards("AhB")) == "Ah Jk"
    with pytest.raises(InvalidCardError, match="card 'b' is not in the 24-card deck"):
        parse_cards("JhbAh", deck="24")


@pytest.mark.parametrize("word", ["Benny", "benny", "Bower", "bestbower"])
def test_the_joker_by_its_table_name_is_answered_with_its_notation(word):
    with pytest.raises(InvalidCardError, match=rf"at '{word}' in 'Jd Ad Kd 9c {word}': did you mean the Joker\? "
                                               r"Write it 'Jk'.*--deck 25"):
        parse_cards(f"Jd Ad Kd 9c {word}")


def test_a_joker_in_a_deck_without_one_suggests_the_deck_with_it():
    with pytest.raises(InvalidCardError, match=r"card 'Jk' is not in the 24-card deck \(did you mean --deck 25\?"):
        parse_cards("Jd Ad Kd 9c Jk", deck="24")
    with pytest.raises(InvalidCardError) as exc:
        parse_cards("Jd Ad Kd 9c 7h", deck="24")
    assert "--deck 25" not in str(exc.value)  # only the Joker gets that hint
