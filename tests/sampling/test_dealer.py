"""The Monte Carlo dealer: exact uniformity over consistent deals, voids, known cards, seeding."""

from __future__ import annotations

import itertools
from collections import Counter
from math import comb, factorial

import numpy as np
import pytest
from scipy import stats

from euchre_stats.core.cards import cards_to_mask, mask_to_cards, parse_card, parse_cards, parse_hand
from euchre_stats.core.decks import find_deck
from euchre_stats.core.errors import InconsistentDealError
from euchre_stats.core.trump import SUIT_MASK
from euchre_stats.sampling import dealer as dealer_module
from euchre_stats.sampling.dealer import KITTY, Dealer, Knowledge
from euchre_stats.sampling.seeds import chunk_rng

D24 = find_deck("24")


def _brute_force(k: Knowledge) -> list[tuple]:
    """Every consistent deal (the hands of the holders with unseen cards), by brute force."""
    unseen = mask_to_cards(k.unseen())
    holders = [h for h in range(len(k.need)) if k.need[h]]
    out = []

    def rec(i, left, acc):
        if i == len(holders):
            out.append(tuple(acc))
            return
        h = holders[i]
        for combo in itertools.combinations(left, k.need[h]):
            m = sum(1 << c for c in combo)
            if k.trump is not None and any((k.voids[h] >> s) & 1 and m & int(SUIT_MASK[k.trump, s])
                                           for s in range(4)):
                continue
            rec(i + 1, [c for c in left if c not in combo], acc + [m | k.known[h]])

    rec(0, unseen, [])
    return out


def _small_knowledge(voids):
    unseen = parse_hand("Ah Kh Qh As Ks Qs 9d Td")
    k = Knowledge(D24.mask, trump=0)
    k.known = [D24.mask & ~unseen, 0, 0, 0, 0]
    k.need = [0, 2, 2, 2, 2]
    k.voids = voids
    return k


@pytest.mark.parametrize("voids", [[0] * 5, [0, 1 << 2, 0, 0, 0], [0, 1 << 2, 1 << 3, 0, 0],
                                   [0, (1 << 2) | (1 << 1), 0, 1 << 3, 0]])
def test_count_matches_brute_force(voids):
    k = _small_knowledge(voids)
    assert Dealer(k).count_deals() == len(_brute_force(k))


def test_samples_are_uniform_over_consistent_deals():
    k = _small_knowledge([0, 1 << 2, 1 << 3, 0, 0])
    deals = _brute_force(k)
    dealer = Dealer(k)
    x = dealer.sample(60 * len(deals), np.random.default_rng(7))
    counts = Counter(tuple(int(v) for v in row[1:]) for row in x)
    assert set(counts) <= set(deals)  # never an inconsistent deal
    observed = [counts.get(d, 0) for d in deals]
    p = stats.chisquare(observed).pvalue
    assert p > 1e-4, p


def test_known_cards_stay_put_and_every_card_is_dealt_once():
    k = Knowledge(D24.mask)
    hand = parse_hand("Jh Jd Ah 9s Tc")
    k.known[0] = hand
    k.known[KITTY] = parse_hand("9h")
    k.need = [0, 5, 5, 5, 3]
    x = Dealer(k).sample(500, np.random.default_rng(1))
    assert (x[:, 0] == hand).all()
    assert ((x[:, KITTY] >> np.uint64(parse_hand("9h").bit_length() - 1)) & np.uint64(1)).all()
    total = np.bitwise_or.reduce(x, axis=1)
    assert (total == D24.mask).all()
    for row in x[:50]:
        assert sum(int(v).bit_count() for v in row) == 24


def test_same_seed_same_deals_and_chunks_independent():
    k = _small_knowledge([0] * 5)
    a = Dealer(k).sample(100, chunk_rng(5, 3))
    b = Dealer(k).sample(100, chunk_rng(5, 3))
    c = Dealer(k).sample(100, chunk_rng(5, 4))
    assert (a == b).all() and not (a == c).all()


def test_impossible_knowledge_is_an_error():
    k = _small_knowledge([0, 0b1111, 0, 0, 0])  # void in every suit yet must hold two cards
    with pytest.raises(InconsistentDealError, match="no deal fits"):
        Dealer(k)
    k = _small_knowledge([0] * 5)
    k.need = [0, 2, 2, 2, 3]
    with pytest.raises(InconsistentDealError, match="cannot fill"):
        Dealer(k)


def test_place_puts_a_card_with_its_holder():
    k = Knowledge(find_deck("24").mask)
    k.need = [5, 5, 5, 5, 4]
    k.place(KITTY, parse_card("9h"))
    assert k.known[KITTY] == 1 << parse_card("9h") and k.need[KITTY] == 3
    assert not (k.unseen() >> parse_card("9h")) & 1


# --- counting holder by holder (six seats, the doubled pack), exact against brute force ---------

D33, D50 = find_deck("33"), find_deck("50")


def _seats_knowledge(deck, unseen: int, need: list[int], voids: list[int], trump: int = 0) -> Knowledge:
    """Six seats and the kitty: seat 0 knows every card but ``unseen``; the others need ``need``."""
    k = Knowledge.for_seats(deck.mask, 6, trump=trump)
    k.known[0] = deck.mask & ~unseen
    k.need = need
    k.voids = voids
    return k


def _twins(text: str) -> int:
    """Both copies of each card of ``text`` in the doubled pack."""
    cards = parse_cards(text, D50)
    return cards_to_mask(cards) | cards_to_mask(parse_cards(text, D50, taken=cards_to_mask(cards)))


SEAT_CASES = {
    # six seats of the 33-card deck: two seats void in a suit each, a third in two suits
    "six": _seats_knowledge(D33, parse_hand("Jc Ac 9d Kd Ah Th 9s Qs"), [0, 1, 1, 1, 2, 1, 2],
                            [0, 1 << 1, 1 << 2, 0, (1 << 0) | (1 << 3), 0, 0]),
    # the doubled pack: four cards in pairs of identical twins, a void in trump (clubs)
    "doubled": _seats_knowledge(D50, _twins("Ac Ad Kh 9s"), [0, 1, 2, 1, 1, 1, 2], [0, 0, 1 << 0, 0, 0, 0, 0]),
    # four seats and the kitty, counted holder by holder when forced to
    "four": _small_knowledge([0, 1 << 2, 1 << 3, 0, 0]),
}


@pytest.mark.parametrize("case", SEAT_CASES)
def test_count_by_holders_matches_brute_force(case):
    k = SEAT_CASES[case]
    deals = _brute_force(k)
    assert Dealer(k).count_deals() == len(deals) > 1


@pytest.mark.parametrize("case", SEAT_CASES)
def test_holder_by_holder_samples_are_uniform(case, monkeypatch):
    monkeypatch.setattr(dealer_module, "ENUMERATED_HOLDERS", 0)  # every case through the counts by holder
    k = SEAT_CASES[case]
    deals = _brute_force(k)
    dealer = Dealer(k)
    assert not dealer.enumerated
    x = dealer.sample(60 * len(deals), np.random.default_rng(11))
    holders = [h for h in range(len(k.need)) if k.need[h]]
    counts = Counter(tuple(int(row[h]) for h in holders) for row in x)
    assert set(counts) <= set(deals)  # never an inconsistent deal
    observed = [counts.get(d, 0) for d in deals]
    p = stats.chisquare(observed).pvalue
    assert p > 1e-4, p


def test_the_two_draws_count_alike_and_the_enumeration_is_kept_for_four_seats(monkeypatch):
    k = SEAT_CASES["four"]
    enumerated = Dealer(k)
    assert enumerated.enumerated  # four seats and the kitty: the matrices as before (same seed, same deals)
    monkeypatch.setattr(dealer_module, "ENUMERATED_HOLDERS", 0)
    by_holder = Dealer(k)
    assert not by_holder.enumerated and by_holder.count_deals() == enumerated.count_deals()
    # the enumerated matrices stand for every deal: the deals of each add up to the count by holder
    total = 0
    for m in range(len(enumerated.probs)):
        w = 1
        for g in range(len(enumerated.groups)):
            left = int(enumerated.counts[m, g].sum())
            for x in enumerated.counts[m, g]:
                w *= comb(left, int(x))
                left -= int(x)
        total += w
    assert total == by_holder.count_deals()


def test_six_seats_and_a_kitty_of_twenty_are_counted_not_enumerated():
    """The doubled pack after a first trick that shows a void: enumerating the count matrices of six
    seats and a kitty of twenty ran for minutes and took gigabytes; counted holder by holder the
    states are a handful."""
    hand = parse_cards("Kd Th Td Kh", D50)
    trick = parse_cards("9c 9h Ac Jc Kc Tc", D50, taken=cards_to_mask(hand))
    k = Knowledge.for_seats(D50.mask, 6, trump=0)
    k.gone, k.known[3] = cards_to_mask(trick), cards_to_mask(hand)
    k.need = [4, 4, 4, 0, 4, 4, 20]
    k.voids = [0, 1 << 0, 0, 0, 0, 0, 0]  # the seat after the leader showed no club (trump)
    dealer = Dealer(k)
    assert not dealer.enumerated
    unseen = k.unseen()
    clubs = unseen & int(SUIT_MASK[0, 0])
    others = unseen.bit_count() - clubs.bit_count()
    # seat 1 takes four non-clubs; the rest go anyhow to four seats of four and the kitty of twenty
    rest = unseen.bit_count() - 4
    assert dealer.count_deals() == comb(others, 4) * factorial(rest) // (factorial(4) ** 4 * factorial(20))
    x = dealer.sample(3000, np.random.default_rng(2))
    assert not (x[:, 1] & np.uint64(clubs)).any()
    assert (np.bitwise_or.reduce(x, axis=1) | np.uint64(k.gone) == np.uint64(D50.mask)).all()
    for h, need in enumerate(k.need):
        sizes = {int(v).bit_count() for v in x[:, h]}
        assert sizes == {need + int(k.known[h]).bit_count()}
    assert len(dealer._seats._counts) + len(dealer._seats._draws) < 100
    # seat 1's share of clubs is nil; every other seat's is as the hypergeometric law gives
    share = np.array([(int(v) & clubs).bit_count() for v in x[:, 2]])
    expected = 4 * clubs.bit_count() / (unseen.bit_count() - 4)
    assert abs(share.mean() - expected) < 4 * share.std() / np.sqrt(len(share))
