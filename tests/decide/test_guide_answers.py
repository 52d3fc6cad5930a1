"""The answers every bidding guide agrees on (``shared/BIDDING_GUIDES.md``), under the defaults:
realistic play, the shipped bidding model, north-american rules."""

from __future__ import annotations

import pytest

from euchre_stats.decide.call import call_decision

from euchre_stats.decide.order import order_decision

N = 1500


@pytest.mark.parametrize("hand,up,seat", [("Jh Jd Ah Kh Qh", "9h", "eldest"), ("Jh Jd Ah Kh Th", "9h", "third")])
def test_a_lay_down_goes_alone(hand, up, seat):
    d = order_decision(hand, up, seat, samples=N, seed=1)
    assert d.model == "pimc"
    assert d.recommendation == "order alone" and not d.too_close


def test_a_round_two_lay_down_goes_alone():
    d = call_decision("Jh Jd Ah Kh Qh", "9s", "eldest", samples=N, seed=1)
    assert d.recommendation == "h alone" and not d.too_close


@pytest.mark.parametrize("hand,up,seat", [("9s Tc Qd Kd 9c", "9h", "eldest"), ("Ts 9s Qd Td Kc", "Ah", "third"),
                                          ("9c Tc Qs Ts 9d", "Th", "partner")])
def test_no_trump_and_no_ace_passes(hand, up, seat):
    d = order_decision(hand, up, seat, samples=N, seed=2)
    assert d.recommendation == "pass" and not d.too_close


@pytest.mark.parametrize("hand,down,seat", [("9c Tc Qd 9s Ts", "9h", "eldest"), ("9c Ts Qd 9s Td", "Kh", "dealer")])
def test_junk_passes_in_round_two(hand, down, seat):
    d = call_decision(hand, down, seat, samples=N, seed=3)
    assert d.recommendation == "pass" and not d.too_close


@pytest.mark.parametrize("hand", ["Ah 9h Qc Ts Kd", "Qh Th 9c 9s Kd"])
def test_the_dealer_takes_up_a_turned_bower_holding_two_more_trumps(hand):
    d = order_decision(hand, "Jh", "dealer", samples=N, seed=4)
    assert d.recommendation in ("order", "order alone") and not d.too_close


@pytest.mark.parametrize("down,hand", [("9d", "Jh Ah Kh 9c Ts"), ("Qc", "Js As Ks 9d Th")])
def test_next_is_called_with_the_right_ace_and_king(down, hand):
    d = call_decision(hand, down, "eldest", samples=N, seed=5)
    nxt = "cdhs"[3 - "cdhs".index(down[1])]
    assert d.recommendation in (nxt, nxt + " alone") and not d.too_close
