"""The Monte Carlo dealer: exact uniformity over consistent deals, voids, known cards, seeding."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest
from scipy import stats

from euchre_stats.core.cards import mask_to_cards, parse_card, parse_hand
from euchre_stats.core.decks import find_deck
from euchre_stats.core.errors import InconsistentDealError
from euchre_stats.core.trump import SUIT_MASK
from euchre_stats.sampling.dealer import KITTY, Dealer, Knowledge
from euchre_stats.sampling.seeds import chunk_rng

D24 = find_deck("24")


def _brute_force(k: Knowledge) -> list[tuple]:
    """Every consistent deal (the hands of the holders with unseen cards), by brute force."""
    unseen = mask_to_cards(k.unseen())
    holders = [h for h in range(5) if k.need[h]]
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
