"""Canonical hand classes: counts, multiplicities, symmetry, labels."""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_stats.core.cards import JOKER, cards_to_mask, mask_to_cards, parse_card, parse_hand
from euchre_stats.core.decks import find_deck
from euchre_stats.core.errors import ClassInputError
from euchre_stats.strategy.classes import (
    canonical,
    canonical_many,
    class_key,
    class_label,
    class_text,
    enumerate_classes,
    features,
    key_of,
    own_card,
    raw_combos,
    split_key,
)


def swap_suits(mask: int, a: int, b: int) -> int:
    out = mask & (1 << JOKER)
    for s in range(4):
        t = b if s == a else a if s == b else s
        out |= ((mask >> (8 * s)) & 0xFF) << (8 * t)
    return out


def test_24_card_counts_and_multiplicities():
    cl = enumerate_classes("24")
    assert int(cl.multiplicity.sum()) == comb(24, 5) * 19 == raw_combos("24")
    assert 10**5 <= len(cl) < 1.1 * 10**5
    assert np.all(np.diff(cl.keys.astype(np.float64)) > 0)
    assert set(np.unique(cl.multiplicity)) == {4, 8}


@pytest.mark.parametrize("deck", ["25", "28"])
def test_other_decks_multiplicities_sum_to_raw_combos(deck):
    cl = enumerate_classes(deck)
    assert int(cl.multiplicity.sum()) == raw_combos(deck)


def test_raw_combos_by_brute_force_for_the_joker_deck():
    d = find_deck("25")
    n = 0
    for hand in combinations(d.cards, 2):
        n += sum(1 for c in d.cards if c not in hand and c != JOKER)
    assert raw_combos("25", 2) == n
    assert int(enumerate_classes("25", 2).multiplicity.sum()) == n


def test_multiplicity_is_the_number_of_raw_questions_in_the_class():
    """Brute force on 2-card hands of the 24-card deck: count raw (hand, upcard) per canonical key."""
    d = find_deck("24")
    counts: dict[int, int] = {}
    for hand in combinations(d.cards, 2):
        m = cards_to_mask(hand)
        for up in d.cards:
            if up not in hand:
                k = class_key(*canonical(m, up))
                counts[k] = counts.get(k, 0) + 1
    cl = enumerate_classes("24", 2)
    assert len(cl) == len(counts)
    assert {int(k): int(m) for k, m in zip(cl.keys, cl.multiplicity)} == counts


def test_green_suits_are_interchangeable():
    a = key_of("Jh Jd Ah 9s Tc", "9h")
    assert key_of("Jh Jd Ah 9c Ts", "9h") == a           # greens swapped
    assert key_of("Js Jc As 9h Td", "9s") == a           # trump spades: greens are hearts/diamonds
    assert key_of("Jh Jd Ah 9s Tc", "Th") != a           # the upcard rank matters


def test_canonical_layout_and_label():
    h, up = canonical(parse_hand("Jc Js Ac 9h Ad"), parse_card("Kc"))
    assert class_text(h) == "Jh Jd Ah As 9c"
    assert up == parse_card("Kh")
    assert class_label(h) == "R L A | A"
    assert class_label(canonical(parse_hand("9s Ts Qc Kd Ad"), parse_card("Ah"))[0]) == "- | A"
    assert class_label(canonical(parse_hand("Jh Th 9h As Ac"), parse_card("Qh"))[0]) == "R x x | A A"
    f = features(np.array([h], dtype=np.uint64))
    assert (f["trump_count"][0], f["bowers"][0], f["off_aces"][0], f["voids"][0]) == (3, 2, 1, 1)


def test_errors_name_the_input():
    with pytest.raises(ClassInputError, match="'9h'"):
        canonical(parse_hand("9h Th Jh Qh Kh"), parse_card("9h"))
    with pytest.raises(ClassInputError, match="Joker"):
        canonical(parse_hand("9h Th Jh Qh Kh"), JOKER)


deck_cards = find_deck("25").cards


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(deck_cards), min_size=6, max_size=6, unique=True), st.booleans())
def test_round_trip_and_invariance(cards, swap):
    hand, up = cards[:5], cards[5]
    if up == JOKER:
        up, hand = hand[0], hand[1:] + [up]
    m = cards_to_mask(hand)
    h, u = canonical(m, up)
    # canonical of a canonical class is itself; the key splits back
    assert canonical(h, u) == (h, u)
    assert split_key(class_key(h, u)) == (h, u)
    assert len(mask_to_cards(h)) == 5
    # swapping the two green suits (or the whole colour pair) never changes the class
    t = up >> 3
    greens = [s for s in range(4) if s not in (t, 3 - t)]
    m2 = swap_suits(m, *greens) if swap else m
    assert canonical(m2, up) == (h, u)
    # relabelling the deck by a colour-preserving suit permutation (swap the colours) keeps the class
    perm = {0: 1, 1: 0, 2: 3, 3: 2}   # clubs<->diamonds, hearts<->spades: pairs map to pairs
    m3 = sum(1 << ((perm[c >> 3] << 3) | (c & 7)) if c != JOKER else 1 << JOKER for c in hand)
    up3 = (perm[up >> 3] << 3) | (up & 7)
    assert canonical(m3, up3) == (h, u)
    # the vectorised and scalar forms agree
    assert int(canonical_many(np.array([m], dtype=np.uint64), np.array([t]))[0]) == h
    # every class is in the enumeration
    assert enumerate_classes("25").index_of(class_key(h, u)) >= 0


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["24", "25", "32"]), st.randoms(use_true_random=False))
def test_own_card_undoes_the_relabelling(deck, rnd):
    """Every card of the canonical hand, named back in the hand's own suits by ``own_card``, gives the hand
    itself, and the canonical upcard the upcard: a table row's discard is a card of the player's own hand."""
    cards = [c for c in find_deck(deck).cards if c != JOKER] if rnd.random() < 0.5 else list(find_deck(deck).cards)
    picked = rnd.sample(cards, 6)
    up = next(c for c in picked if c != JOKER)
    hand = [c for c in picked if c != up][:5]
    m = cards_to_mask(hand)
    h, u = canonical(m, up)
    assert sorted(own_card(m, up, c) for c in mask_to_cards(h)) == sorted(hand)
    assert own_card(m, up, u) == up
    assert all(own_card(h, u, c) == c for c in mask_to_cards(h))   # a canonical hand's suits are its own


def test_own_card_names_the_discard_in_the_hands_suits():
    m, up = parse_hand("Jh Jd Ah 9s Tc"), parse_card("9h")
    h, _ = canonical(m, up)
    assert h == parse_hand("Jh Jd Ah Ts 9c")   # the stronger green holding (Tc) is shown as spades
    assert own_card(m, up, parse_card("9c")) == parse_card("9s")
    assert own_card(m, up, parse_card("Ts")) == parse_card("Tc")
    assert own_card(m, up, JOKER) == JOKER
