"""The realistic play model: legal, consistent with double-dummy where nothing is hidden, seeded."""

from __future__ import annotations

import numpy as np

from euchre_stats.core.cards import parse_hand
from euchre_stats.core.decks import find_deck
from euchre_stats.core.trump import SUIT_MASK
from euchre_stats.bench.pimc import play_pimc
from euchre_stats.rules import preset
from euchre_stats.sampling.dealer import Knowledge, sample_worlds
from euchre_stats.solver import solve_many
from euchre_stats.sampling.deals import random_positions

NA = preset("north-american")


def test_sampled_worlds_respect_voids_and_counts():
    deck = find_deck("24")
    k = Knowledge(deck.mask, trump=2)
    k.known[0] = parse_hand("Jh Ah 9s")
    k.gone = parse_hand("Kh 9h Th Qh Ac Kc Qc Tc")
    k.need = [0, 3, 3, 3, 4]
    k.voids = [0, 1 << 2, 0, 1 << 2, 0]
    w = sample_worlds(k, 400, np.random.default_rng(3))
    assert w.shape == (400, 5)
    for row in w:
        assert [int(x).bit_count() for x in row] == [3, 3, 3, 3, 4]
        assert int(row[1]) & int(SUIT_MASK[2, 2]) == 0 and int(row[3]) & int(SUIT_MASK[2, 2]) == 0
        assert np.bitwise_or.reduce(row) | np.uint64(k.gone) == np.uint64(deck.mask)


def test_one_trick_left_equals_double_dummy():
    hands, trump, leader = random_positions(200, 7, hand_size=1)
    dd = solve_many(hands, trump, leader)
    pimc = play_pimc(NA, hands, trump, leader, 0, np.random.default_rng(1), worlds=4)
    assert (dd == pimc).all()


def test_whole_hands_are_legal_and_reproducible():
    hands, trump, leader = random_positions(60, 11)
    a = play_pimc(NA, hands, trump, leader, 0, np.random.default_rng(5), worlds=8)
    b = play_pimc(NA, hands, trump, leader, 0, np.random.default_rng(5), worlds=8, threads=2)
    assert (a == b).all()
    assert ((a >= 0) & (a <= 5)).all()
    dd = solve_many(hands, trump, leader)
    # side 0 can do no better than best play against it: it may do worse or better only because the
    # other side misguesses too, but over many deals neither side beats perfect information by much
    assert abs(float(a.mean()) - float(dd.mean())) < 0.5


def test_lay_down_takes_every_trick():
    hands = np.array([[parse_hand("Jh Jd Ah Kh Qh"), parse_hand("9s Ts Js Qs Ks"),
                       parse_hand("9d Td Qd Kd Ad"), parse_hand("Ac Kc Qc Tc 9c")]], dtype=np.uint64)
    r = play_pimc(NA, hands, 2, 0, 0, np.random.default_rng(0), worlds=8)
    assert r.tolist() == [5]
