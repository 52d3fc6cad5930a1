"""The relabelling of suits relative to trump (``core/hand_classes.py``): the keys the strategy tables and the
table bidder share, against the strategy layer's one-question path and the colours' symmetry."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_stats.core.cards import card_name, format_hand
from euchre_stats.core.decks import find_deck
from euchre_stats.core.hand_classes import TRUMP, round_one_keys, split_key
from euchre_stats.strategy.classes import key_of

CARDS = find_deck("24").cards
#: relabellings that keep colours paired (hearts-diamonds, clubs-spades): any of them maps trump's next to the
#: new trump's next, so a question and its image are the same class
COLOUR_MAPS = [(0, 1, 2, 3), (3, 2, 1, 0), (1, 0, 3, 2), (2, 3, 0, 1), (0, 2, 1, 3), (3, 1, 2, 0),
               (1, 3, 0, 2), (2, 0, 3, 1)]


def _relabel(mask: int, to: tuple) -> int:
    return sum(((mask >> (8 * s)) & 0xFF) << (8 * to[s]) for s in range(4)) | (mask & (1 << 32))


def test_colour_maps_pair_colours():
    for to in COLOUR_MAPS:
        assert all(to[3 - s] == 3 - to[s] for s in range(4))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(CARDS), min_size=6, max_size=6, unique=True), st.sampled_from(COLOUR_MAPS))
def test_keys_are_the_strategy_keys_and_hold_under_relabelling(cards, to):
    hand = sum(1 << c for c in cards[:5])
    up = cards[5]
    k = int(round_one_keys(np.array([hand], dtype=np.uint64), up)[0])
    assert k == key_of(format_hand(hand), card_name(up))
    moved_up = to[up >> 3] * 8 + (up & 7)
    assert int(round_one_keys(np.array([_relabel(hand, to)], dtype=np.uint64), moved_up)[0]) == k
    canon, cup = split_key(k)
    assert cup >> 3 == TRUMP and cup & 7 == up & 7 and bin(canon).count("1") == 5
