"""Touching cards: the runs of one player's cards that play alike (core/trump.py)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_stats.core.cards import card_name, cards_to_mask, parse_cards
from euchre_stats.core.decks import find_deck
from euchre_stats.core.bits import mask_to_cards
from euchre_stats.core.trump import (EFF_SUIT, POWER_ALL, SUIT_MASK, legal_plays, sure_tricks, touching_classes,
                                     trick_winner_index)

DECK = find_deck("24")


def _runs(hand: str, trump: int, gone: str = "") -> list[str]:
    cards = parse_cards(hand, DECK)
    live = DECK.mask & ~cards_to_mask(cards) & ~cards_to_mask(parse_cards(gone, DECK) if gone else [])
    return [" ".join(card_name(c) for c in run) for run in touching_classes(cards, trump, live)]


def test_king_and_queen_touch_and_a_live_card_between_parts_them():
    assert "Qc Kc" in _runs("Kc Qc Jh Ah 9d", 2)
    assert "Qc Ac" in _runs("Ac Qc Jh Ah 9d", 2, gone="Kc")   # the king played: A and Q touch
    assert "Qc" in _runs("Ac Qc Jh Ah 9d", 2) and "Ac" in _runs("Ac Qc Jh Ah 9d", 2)


def test_the_bowers_and_the_trump_ace_are_one_run():
    # hearts trump: right Jh, left Jd, then Ah; the 9d is a plain diamond of its own
    assert _runs("Jh Jd Ah 9d Tc", 2) == ["Tc", "9d", "Ah Jd Jh"]
    assert _runs("Jh Ah Kh 9d Tc", 2) == ["Tc", "9d", "Kh Ah", "Jh"]   # the left (Jd) live between


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 23), min_size=1, max_size=6, unique=True),
       st.lists(st.integers(0, 23), max_size=10, unique=True), st.integers(0, 4))
def test_runs_partition_the_hand_and_no_live_card_sits_inside_a_run(cards, gone, trump):
    cards = [DECK.cards[i] for i in cards]
    gone_mask = cards_to_mask(DECK.cards[i] for i in gone) & ~cards_to_mask(cards)
    live = DECK.mask & ~cards_to_mask(cards) & ~gone_mask
    runs = touching_classes(cards, trump, live)
    assert sorted(c for r in runs for c in r) == sorted(cards)
    live_cards = [c for c in range(64) if (live >> c) & 1]
    for run in runs:
        suits = {int(EFF_SUIT[trump, c]) for c in run}
        assert len(suits) == 1
        lo, hi = int(POWER_ALL[trump, run[0]]), int(POWER_ALL[trump, run[-1]])
        assert not [x for x in live_cards if int(EFF_SUIT[trump, x]) in suits and lo <= int(POWER_ALL[trump, x]) <= hi]
    # two runs of one suit next to each other are parted by a live card
    by_suit = {}
    for run in runs:
        by_suit.setdefault(int(EFF_SUIT[trump, run[0]]), []).append(run)
    for s, rs in by_suit.items():
        rs.sort(key=lambda r: int(POWER_ALL[trump, r[0]]))
        for a, b in zip(rs, rs[1:]):
            lo, hi = int(POWER_ALL[trump, a[-1]]), int(POWER_ALL[trump, b[0]])
            assert any((live >> x) & 1 and lo <= int(POWER_ALL[trump, x]) <= hi
                       for x in range(64) if (int(SUIT_MASK[trump, s]) >> x) & 1)


def _mask(text: str) -> int:
    return cards_to_mask(parse_cards(text, DECK))


def test_sure_tricks_count_the_top_trumps_in_sequence():
    assert sure_tricks(_mask("Jh Jd Ah Kh Qh"), 2, DECK.mask) == 5           # a lay-down in hearts
    assert sure_tricks(_mask("Jh Jd Kh As 9c"), 2, DECK.mask) == 2           # the Ah is out: the king is not sure
    assert sure_tricks(_mask("Jh Ah Kh As 9c"), 2, DECK.mask) == 1           # no left bower: only the right
    assert sure_tricks(_mask("Jd Jh Ad Kc 9s"), 2, DECK.mask) == 2           # in hearts Jd is the left
    assert sure_tricks(_mask("Jd Ad Kh As 9c"), 1, DECK.mask, _mask("Jh")) == 2   # the left turned down: Ad next
    assert sure_tricks(_mask("Ah Kh Qh Th 9h"), 2, DECK.mask) == 0           # no bower
    assert sure_tricks(_mask("Jh Jd Ah Kh Qh"), 4, DECK.mask) == 0           # no trump: an ace is not sure


def _worst(hands: list[int], trump: int, leader: int) -> int:
    """Tricks of seats 0 and 2 when all four seats play to give them as few as possible (plain search)."""
    if not hands[0] and not hands[1] and not hands[2] and not hands[3]:
        return 0

    def trick(seat: int, table: list[tuple[int, int]]) -> int:
        if len(table) == 4:
            cards = [c for _, c in table]
            win = table[trick_winner_index(cards, trump)][0]
            rest = [h & ~sum(1 << c for s, c in table if s == i) for i, h in enumerate(hands)]
            return (win % 2 == 0) + _worst(rest, trump, win)
        led = table[0][1] if table else None
        return min(trick((seat + 1) % 4, table + [(seat, c)])
                   for c in mask_to_cards(legal_plays(hands[seat], trump, led)))
    return trick(leader, [])


@settings(max_examples=60, deadline=None)
@given(st.permutations(range(24)), st.integers(0, 3), st.integers(0, 3))
def test_sure_tricks_are_taken_whatever_anyone_plays(perm, trump, leader):
    # three cards each from the 24-card pack, the rest out of play (dead): a plain search where every
    # seat, seat 0 too, plays to give seats 0 and 2 the fewest tricks never goes below the count
    hands = [sum(1 << c for c in perm[3 * s:3 * s + 3]) for s in range(4)]
    dead = DECK.mask & ~(hands[0] | hands[1] | hands[2] | hands[3])
    assert _worst(hands, trump, leader) >= sure_tricks(hands[0], trump, DECK.mask, dead)
