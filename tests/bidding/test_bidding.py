"""The bidding model: the numba count against a plain-Python count, and the soft decisions."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_stats.bidding.model import DEFAULT_MODEL, BiddingModel, best_discard_strength, default_model, strength_of
from euchre_stats.core.cards import JOKER, parse_card, parse_hand
from euchre_stats.core.decks import find_deck
from euchre_stats.core.trump import effective_suit, is_trump

TRUMP = {"Jk": 3.3, "R": 3.0, "L": 2.6, 7: 2.2, 6: 1.9, 5: 1.7, 3: 1.5, 2: 1.4, 1: 1.3, 0: 1.2}


def slow_count(hand: int, trump: int) -> float:
    """The documented count, card by card."""
    cards = [c for c in range(33) if (hand >> c) & 1]
    total = 0.0
    trumps = [c for c in cards if is_trump(c, trump)]
    for c in cards:
        if c == JOKER:
            total += TRUMP["Jk"]
        elif is_trump(c, trump):
            if c & 7 == 4:
                total += TRUMP["R"] if c >> 3 == trump else TRUMP["L"]
            else:
                total += TRUMP[c & 7]
        elif c & 7 == 7:
            total += 1.0
    for s in range(4):
        if s == trump:
            continue
        if len(trumps) >= 2 and not any(effective_suit(c, trump) == s for c in cards):
            total += 0.4
        if (hand >> (s * 8 + 6)) & 1:
            total += 0.6 if (hand >> (s * 8 + 7)) & 1 else 0.35
    return total


hands = st.lists(st.sampled_from(find_deck("33").cards), min_size=1, max_size=8, unique=True)


@settings(max_examples=300, deadline=None)
@given(hands, st.integers(0, 3))
def test_count_matches_plain_python(cards, trump):
    h = sum(1 << c for c in cards)
    assert strength_of(np.array([h], dtype=np.uint64), trump)[0] == pytest.approx(slow_count(h, trump))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(find_deck("24").cards), min_size=6, max_size=6, unique=True), st.integers(0, 3))
def test_best_discard_is_the_best_five(cards, trump):
    # ties: the lowest rank, then the first suit of the order (by default drawn from the six cards)
    from euchre_stats.core.ties import suit_orders
    from euchre_stats.core.trump import effective_suit

    h = sum(1 << c for c in cards)
    best, card = best_discard_strength(np.array([h], dtype=np.uint64), trump)
    options = {c: slow_count(h & ~(1 << c), trump) for c in cards}
    assert best[0] == pytest.approx(max(options.values()))
    order = int(suit_orders(np.array([h], dtype=np.uint64))[0])
    tied = [c for c, v in options.items() if v == pytest.approx(max(options.values()))]
    assert card[0] == min(tied, key=lambda c: (8, 0) if c == 32 else
                          (c & 7, (order >> (2 * ((effective_suit(c, trump) - trump) % 4))) & 3))


def _guide_discard(cards, trump, banned=-1, order=None):
    """The guides' discard written out plainly: the suits as words, one rule after another; equal cards of
    two suits by the suits' places in ``order`` counted from trump (by default the order drawn from the
    six cards)."""
    from euchre_stats.core.ties import suit_orders
    from euchre_stats.core.trump import card_power, effective_suit

    if order is None:
        order = int(suit_orders(np.array([sum(1 << c for c in cards)], dtype=np.uint64))[0])
    cards = [c for c in cards if c != banned]
    plain = [c for c in cards if effective_suit(c, trump) != trump]
    if not plain:   # six trumps: the lowest
        return min(cards, key=lambda c: (card_power(c, trump), c))
    suit_of = {c: effective_suit(c, trump) for c in plain}
    place = {c: (order >> (2 * ((suit_of[c] - trump) % 4))) & 3 for c in plain}
    count = {s: list(suit_of.values()).count(s) for s in suit_of.values()}
    aces = {c for c in plain if c % 8 == 7}
    singletons = [c for c in plain if count[suit_of[c]] == 1 and c not in aces]
    if singletons:
        return min(singletons, key=lambda c: (card_power(c, trump), place[c], c))
    others = [c for c in plain if c not in aces] or plain
    return min(others, key=lambda c: (card_power(c, trump), count[suit_of[c]], place[c], c))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(find_deck("24").cards), min_size=6, max_size=6, unique=True), st.integers(0, 3),
       st.booleans(), st.integers(0, 24))
def test_the_guides_discard_matches_its_plain_twin(cards, trump, ban, k):
    from euchre_stats.bidding.model import void_discard
    from euchre_stats.core.ties import ORDERS

    h = sum(1 << c for c in cards)
    banned = cards[0] if ban else -1
    order = None if k == 24 else int(ORDERS[k])
    assert void_discard(np.array([h], dtype=np.uint64), trump, banned, order)[0] == \
        _guide_discard(cards, trump, banned, order)


def test_the_guides_discard_of_a_batch_matches_its_plain_twin():
    # the discard is computed for every hand at once: a batch of each deck (the Joker's included), five
    # to six cards, each hand its own trump and suit order, a banned card or none
    from euchre_stats.bidding.model import void_discard
    from euchre_stats.core.ties import ORDERS

    rng = np.random.default_rng(33)
    for name in ("24", "32", "25"):
        deck = np.array(find_deck(name).cards)
        for size in (6, 5):
            hands = [sorted(int(c) for c in rng.choice(deck, size, replace=False)) for _ in range(300)]
            trumps = rng.integers(0, 4, len(hands))
            orders = ORDERS[rng.integers(0, 24, len(hands))]
            h = np.array([sum(1 << c for c in cs) for cs in hands], dtype=np.uint64)
            for banned in (-1, int(deck[5])):
                got = void_discard(h, trumps, banned, orders)
                assert got.dtype == np.int64 and got.shape == h.shape
                assert got.tolist() == [_guide_discard(cs, int(t), banned, int(o))
                                        for cs, t, o in zip(hands, trumps, orders)]
                assert void_discard(h, trumps, banned).tolist() == [_guide_discard(cs, int(t), banned)
                                                                    for cs, t in zip(hands, trumps)]
    assert void_discard(h.reshape(15, 20), 2).shape == (15, 20)


def test_tied_discards_follow_the_order_not_the_suit_names():
    # Jh Jd Ah 9h with a singleton nine of clubs and of spades, hearts trump: the two nines tie (both green,
    # both alone); every order that puts clubs first throws the club, and the spade otherwise: the suits'
    # names never decide
    from euchre_stats.bidding.model import void_discard
    from euchre_stats.core.cards import parse_hand
    from euchre_stats.core.ties import ORDERS

    h = np.uint64(parse_hand("Jh Jd Ah 9h 9c 9s"))
    nine_c, nine_s = 2, 26
    thrown = set()
    for o in ORDERS.tolist():
        place_c, place_s = (o >> (2 * ((0 - 2) % 4))) & 3, (o >> (2 * ((3 - 2) % 4))) & 3
        card = int(void_discard(np.array([h]), 2, -1, o)[0])
        assert card == (nine_c if place_c < place_s else nine_s)
        thrown.add(card)
    assert thrown == {nine_c, nine_s}


def test_the_discard_rule_is_a_model_field_off_by_default():
    m = default_model()
    assert m.discard_rule == 0 and "discard_rule" not in m.to_dict()
    h6 = np.array([parse_hand("Jc Td Qh Ah 9s Ts")], dtype=np.uint64)   # hearts trump
    assert m.discard_card(h6, 2)[0] == m.best_discard(h6, 2)[1][0]
    guides = BiddingModel.from_dict({**m.to_dict(), "discard_rule": 1})
    assert guides.to_dict()["discard_rule"] == 1.0 and guides.discard_card(h6, 2)[0] == parse_card("Td")
    from euchre_stats.bidding.model import POLICIES, policy_model

    assert "shipped-discards" in POLICIES and policy_model("shipped-discards") == ("shipped-discards", guides)
    v2 = policy_model("shipped-v2-discards")[1]
    assert v2.discard_rule == 1.0 and dataclasses.replace(v2, discard_rule=0.0) == policy_model("shipped-v2")[1]
    # a singleton ace stays; the lowest non-ace plain card goes, from the shorter suit on a tie
    assert guides.discard_card(np.array([parse_hand("Kc Ac 9d Jd Jh As")], dtype=np.uint64), 1)[0] == parse_card("Kc")


def test_examples():
    assert strength_of(np.array([parse_hand("Jh Jd Ah Kh Qh")], dtype=np.uint64), 2)[0] == pytest.approx(12.6)
    up = parse_card("9h")
    m = DEFAULT_MODEL
    strong = np.array([parse_hand("Jh Jd Ah Kh Qh")], dtype=np.uint64)
    weak = np.array([parse_hand("9s Tc Qd Kd 9c")], dtype=np.uint64)
    assert m.p_order(strong, 0, up)[0] > 0.99 and m.p_order(weak, 0, up)[0] < 0.01
    # the dealer counts the best five of six, the partner gains from the upcard, opponents lose
    h = np.array([parse_hand("Jh Ah 9s Tc Qd")], dtype=np.uint64)
    assert m.round_one_strength(h, 1, up)[0] > m.round_one_strength(h, 0, up)[0]


def test_soft_decision_is_logistic_and_never_overflows():
    p = BiddingModel.p_accept(np.array([-1e6, 5.0, 1e6]), 5.0, 0.35)
    assert p.tolist() == [0.0, 0.5, 1.0]


def test_model_round_trips_and_shipped_model_loads(tmp_path):
    m = default_model()
    m.save(tmp_path / "m.json")
    assert BiddingModel.load(tmp_path / "m.json") == m
    assert m != DEFAULT_MODEL  # the shipped one is tuned


def test_round_one_count_is_the_kernels_count_of_one_hand():
    """``round_one_count`` (plain Python, one hand: ``advise`` counts without numba) gives exactly the
    float of the kernels' ``round_one_strength``, from every seat (the dealer's best discard included)."""
    from euchre_stats.bidding.model import POINTS_MODEL

    rng = np.random.default_rng(33)
    for model in (default_model(), POINTS_MODEL):
        for deck in ("24", "32", "33"):
            cards = find_deck(deck).cards
            for _ in range(300):
                pick = [int(c) for c in rng.choice(cards, 6, replace=False)]
                if pick[5] == JOKER:
                    continue
                hand = sum(1 << c for c in pick[:5])
                for seat in range(4):
                    want = float(model.round_one_strength(np.array([hand], dtype=np.uint64), seat, pick[5])[0])
                    assert model.round_one_count(hand, seat, pick[5]) == want, (hand, pick[5], seat)


def _deals(n, seed):
    from euchre_stats.rules import NORTH_AMERICAN
    from euchre_stats.sampling.deals import random_deals

    return random_deals(NORTH_AMERICAN, n, np.random.default_rng(seed))


def test_a_model_acts_hard_and_infers_soft():
    m = default_model()
    assert m.hard and m.play_temperature == 0.0 and m.temperature == 0.35
    s = np.array([5.0, 7.149, 7.15, 9.0])
    assert m.p_act(s, 7.15).tolist() == [0.0, 0.0, 1.0, 1.0]
    assert 0 < float(m.p_accept(7.149, 7.15, m.temperature)) < 1  # inference never rules a pass out
    soft = BiddingModel(play_temperature=0.35)
    assert not soft.hard and np.allclose(soft.p_act(s, 7.15), soft.p_accept(s, 7.15, 0.35))
    with pytest.raises(Exception, match="play_temperature"):
        BiddingModel.from_dict({"play_temperature": -1})


def test_the_hard_auction_takes_every_seats_best_choice_whatever_the_draws():
    from euchre_stats.bidding.auction import Auction
    from euchre_stats.rules import NORTH_AMERICAN

    hands, ups = _deals(3000, 4)
    m = default_model()
    for up in np.unique(ups)[:3]:
        h = hands[ups == up]
        auc = Auction(NORTH_AMERICAN, m, int(up))
        a = auc.finish(h, 1, 0, np.random.default_rng(1))
        b = auc.finish(h, 1, 0, np.random.default_rng(2))  # other random numbers: the same auctions
        assert (a.maker == b.maker).all() and (a.alone == b.alone).all() and (a.trump == b.trump).all()
        # eldest orders exactly when its count reaches the threshold, and then (7.15 = 7.15) alone
        s0 = m.round_one_strength(h[:, 0], 0, int(up))
        first = (a.maker == 0) & (a.trump == int(up) >> 3)
        assert first.tolist() == (s0 >= m.order[0]).tolist()
        assert (a.alone[first] == (s0[first] >= m.order_alone[0])).all() and a.alone[first].all()
        # the inference likelihood stays soft
        p, _ = auc.p_round_one(h, 0)
        assert ((p > 0) & (p < 1)).mean() > 0.5


def test_the_lone_partner_counts_no_upcard_it_never_picks_up():
    from euchre_stats.bidding.auction import Auction
    from euchre_stats.rules import NORTH_AMERICAN

    m = default_model()
    hand = parse_hand("Jh Ah Kh Ac Ad")
    up = parse_card("Jd")
    h = np.array([[0, hand, 0, 0]], dtype=np.uint64)
    auc = Auction(NORTH_AMERICAN, m, up)
    with_up = m.round_one_strength(h[:, 1], 1, up)[0]
    alone = auc.alone_strength(h, 1)[0]
    assert alone == pytest.approx(with_up - 0.5 * m.card_values[up >> 3, up])
    assert auc.alone_strength(h, 0)[0] == m.round_one_strength(h[:, 0], 0, up)[0]  # other seats: unchanged
    old = BiddingModel.from_dict({**m.to_dict(), "lone_partner_upcard": 0.5})
    assert Auction(NORTH_AMERICAN, old, up).alone_strength(h, 1)[0] == pytest.approx(with_up)


def test_shipped_soft_is_the_old_bidder():
    from euchre_stats.bidding.model import policy_model

    name, m = policy_model("shipped-soft")
    assert name == "shipped-soft" and not m.hard and m.play_temperature == 0.35 and m.lone_partner_upcard == 0.5
    assert m.order_alone[1] == 9.75 and policy_model("shipped")[1].order_alone[1] == 8.375


def test_equal_suits_are_named_by_the_order_not_by_their_names():
    # Jc Js Ac As Qd, hearts turned down: clubs and spades (each other's left bower) score alike for the
    # count and the feature bidder; the suit named follows the order's places counted from hearts, both
    # suits over the 24 orders, and without an order the lower suit number (clubs) as before
    from euchre_stats.bidding.model import first_best_suit
    from euchre_stats.bidding.model_v2 import shipped_v4_model
    from euchre_stats.core.cards import parse_hand
    from euchre_stats.core.ties import ORDERS

    h = np.array([parse_hand("Jc Js Ac As Qd")], dtype=np.uint64)
    hearts = 2
    for model in (DEFAULT_MODEL, shipped_v4_model()):
        levels = model.call_levels(h, hearts, 0)[0]
        assert levels[0] == levels[3] and levels[0] > levels[1]   # clubs and spades tie, above diamonds
        assert int(model.best_call(h, hearts, 0)[1][0]) == 0
        named = set()
        for o in ORDERS.tolist():
            suit = int(model.best_call(h, hearts, 0, order=o)[1][0])
            place_c, place_s = (o >> (2 * ((0 - hearts) % 4))) & 3, (o >> (2 * ((3 - hearts) % 4))) & 3
            assert suit == (0 if place_c < place_s else 3)
            named.add(suit)
        assert named == {0, 3}
    v = np.array([[1.0, 2.0, -np.inf, 2.0], [3.0, 2.0, -np.inf, 2.0]])
    assert first_best_suit(v, 2).tolist() == [1, 0]
    assert first_best_suit(v, 2, [ORDERS[0], ORDERS[23]]).tolist()[1] == 0
