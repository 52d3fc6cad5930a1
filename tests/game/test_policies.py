"""Policies: the random legal policy and the point-count bidder (hand strength, bidding, play)."""

from __future__ import annotations

import numpy as np
import pytest

from euchre_stats.core.cards import card_name, parse_card, parse_hand
from euchre_stats.game.policies import (
    POLICY_POINTS,
    PointCountPolicy,
    RandomPolicy,
    best_discard,
    policy_card_points,
    policy_hand_points,
)
from euchre_stats.game.state import OVER, HandState, play_game, play_hand
from euchre_stats.rules import NORTH_AMERICAN, PRESETS

H = 2  # hearts


@pytest.mark.parametrize("hand, trump, expected", [
    ("Jh Jd Ah As Kc", H, 3 + 2.5 + 2 + 1 + 0.25 + 0.5),   # void in diamonds (Jd is a heart)
    ("Jh Jd Ah Kh Qh", H, 3 + 2.5 + 2 + 1.75 + 1.5 + 3 * 0.5),
    ("9s Ts Qd Kd 9c", H, 0.25),
    ("Jh 9s Ts Qd 9c", H, 3.0),                            # one trump: no void points
    ("Jk Jh Th 9s 9c", H, 3.5 + 3 + 1.5 + 0.5),
])
def test_hand_strength(hand, trump, expected):
    assert policy_hand_points(parse_hand(hand), trump) == pytest.approx(expected)


def test_hand_strength_weights_and_errors():
    h = parse_hand("Jh Jd Ah As Kc")
    assert policy_hand_points(h, H, {"off_king": 0.0}) == pytest.approx(9.0)
    assert policy_card_points(parse_card("Jd"), H) == POLICY_POINTS["left"]
    with pytest.raises(ValueError, match="trump must be a suit 0..3"):
        policy_hand_points(h, 5)


def test_best_discard_makes_a_void():
    hand = parse_hand("Jh Ah Kh 9s Ac 9h")
    assert best_discard(hand, H) == parse_card("9s")


def test_random_policy_is_seeded_and_legal():
    def run(seed):
        pol = RandomPolicy(seed)
        s = play_hand(HandState.deal(NORTH_AMERICAN, 0, np.random.default_rng(1)), pol)
        return s.bids, s.plays

    assert run(5) == run(5)
    state = np.random.get_state()
    run(6)
    assert np.random.get_state()[1].tolist() == state[1].tolist()  # global state untouched


def test_random_policy_pass_probability():
    rng = np.random.default_rng(0)
    always = RandomPolicy(np.random.default_rng(1), pass_probability=1.0)
    s = play_hand(HandState.deal(NORTH_AMERICAN, 0, rng), always)
    assert s.thrown_in and s.bids == ["pass"] * 8
    never = RandomPolicy(np.random.default_rng(1), pass_probability=0.0)
    t = play_hand(HandState.deal(NORTH_AMERICAN, 0, rng), never)
    assert t.bids[0] != "pass"


def test_point_count_bids():
    pol = PointCountPolicy()
    # eldest with both bowers, the ace and an off ace orders; a weak hand passes
    s = HandState(NORTH_AMERICAN, 3, ["Jh Jd Ah As Kc", "9s Ts Qd Kd 9c", "Qs Ks Ac Jc Tc",
                                      "Th Qh Js Ad Td"], "9h")
    assert pol(s) == "order"
    s.apply("order")
    assert s.to_act == 3 and card_name(pol(s)) in s.legal_actions()
    # a lay-down goes alone
    t = HandState(NORTH_AMERICAN, 3, ["Jh Jd Ah Kh Qh", "9s Ts Qd Kd 9c", "Qs Ks Ac Jc Tc",
                                      "Th As Js Ad Td"], "9h")
    assert pol(t) == "order alone"
    # stuck dealer names its best suit
    u = HandState(PRESETS["stick"], 3, ["9h Th Qh Kh Ah", "9s Ts Qd Kd 9c", "Qs Ks Ac Jc Tc",
                                        "Jh As Js Ad Td"], "Jd")
    for _ in range(7):
        u.apply("pass")
    assert pol(u) in ("s", "s alone")


def test_point_count_play():
    pol = PointCountPolicy()
    s = HandState(NORTH_AMERICAN, 3, ["Jh Jd Ah As Kc", "9s Ts Qd Kd 9c", "Qs Ks Ac Jc Tc",
                                      "Th Qh Js Ad Td"], "9h")
    s.apply("order")
    s.apply("Td")
    # the maker leads the highest trump
    assert pol(s) == parse_card("Jh")
    s.apply("Jh")
    # seat 1 cannot win: throws the lowest card (of equal ones, the lowest card number)
    assert pol(s) == parse_card("9c")
    s.apply("9c")
    # seat 2: partner winning, throw the lowest
    assert pol(s) == parse_card("Tc")
    s.apply("Tc")
    # seat 3 must follow trump and cannot beat the right bower: lowest trump
    assert pol(s) == parse_card("9h")


def test_point_count_beats_random():
    rng = np.random.default_rng(8)
    rand = RandomPolicy(np.random.default_rng(9))
    heur = PointCountPolicy()
    wins = 0
    for g in range(40):
        pols = [heur, rand, heur, rand] if g % 2 == 0 else [rand, heur, rand, heur]
        game = play_game(NORTH_AMERICAN, pols, rng, dealer=g & 3)
        wins += game.winner == g % 2
    assert wins >= 30


def test_point_count_plays_every_preset():
    rng = np.random.default_rng(2)
    for rules in PRESETS.values():
        for i in range(50):
            assert play_hand(HandState.deal(rules, i & 3, rng), PointCountPolicy()).phase == OVER
