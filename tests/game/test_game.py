"""The hand state machine: every kind of illegal action and the effect of every rule option."""

from __future__ import annotations

import numpy as np
import pytest

from euchre_stats.core.cards import JOKER, parse_card, parse_hand
from euchre_stats.core.errors import IllegalActionError, InconsistentDealError
from euchre_stats.game.policies import PointCountPolicy, RandomPolicy
from euchre_stats.game.state import (
    ALONE,
    DEFEND,
    DISCARD,
    NAME_TRUMP,
    OVER,
    PLAY,
    ROUND_ONE,
    ROUND_TWO,
    HandState,
    game_winner,
    play_game,
    play_hand,
)
from euchre_stats.rules import NORTH_AMERICAN, PRESETS

NA = NORTH_AMERICAN
# Seat 1 (the dealer's partner when seat 3 deals) holds the five best hearts.
STRONG = ["As Ks Qs Js Ts", "Jh Jd Ah Kh Qh", "9s Ac Kc Qc Jc", "Tc 9c Ad Kd Qd"]
# A deal to test following suit with the left bower (hearts trump).
FOLLOW = ["Ad Qd Th As Ks", "Jd Kd 9d Ac Kc", "Jh Ah Kh Qs Js", "Td Qh Qc Jc Tc"]


def first_legal(state):
    return state.legal_actions()[0]


def make(hands=STRONG, upcard="9h", dealer=3, rules=NA, **changes):
    if changes:
        rules = rules.replace(**changes)
    return HandState(rules, dealer, hands, upcard)


def err(state, action, seat=None):
    with pytest.raises(IllegalActionError) as info:
        state.apply(action, seat)
    assert not state.can_apply(action, seat)
    return str(info.value)


# --- the deal ----------------------------------------------------------------------------------
@pytest.mark.parametrize("hands, upcard, message", [
    (["As Ks Qs Js", *STRONG[1:]], "9h", "hand of seat 0 has 4 cards (As Ks Qs Js); expected 5"),
    ([STRONG[0], "As Jh Jd Ah Kh", *STRONG[2:]], "9h", "As is dealt twice: to seat 1 and another hand"),
    (STRONG, "Jh", "Jh is dealt twice: to seat 1 and the upcard"),
    (["7s Ks Qs Js Ts", *STRONG[1:]], "9h", "hand of seat 0: card '7s' is not in the 24-card deck"),
    (STRONG, "Xx", "upcard: cannot read a card at 'Xx'"),
    (STRONG[:3], "9h", "expected four hands"),
])
def test_inconsistent_deal(hands, upcard, message):
    with pytest.raises(InconsistentDealError, match=message.replace("(", r"\(").replace(")", r"\)")):
        HandState(NA, 3, hands, upcard)


def test_bad_dealer():
    with pytest.raises(InconsistentDealError, match="dealer must be a seat 0-3, got 4"):
        HandState(NA, 4, STRONG, "9h")


def test_hands_as_masks_and_lists():
    masks = [parse_hand(h) for h in STRONG]
    a = HandState(NA, 3, masks, parse_card("9h"))
    b = HandState(NA, 3, [h.split() for h in STRONG], "9H")
    assert a.dealt == b.dealt and a.upcard == b.upcard


def test_random_deal_is_reproducible():
    a = HandState.deal(NA, 0, np.random.default_rng(3))
    b = HandState.deal(NA, 0, np.random.default_rng(3))
    assert a.dealt == b.dealt and a.upcard == b.upcard
    seen = 1 << a.upcard
    for h in a.dealt:
        assert h.bit_count() == 5 and not h & seen
        seen |= h


# --- round one -----------------------------------------------------------------------------------
def test_round_one_start():
    s = make()
    assert s.phase == ROUND_ONE and s.to_act == 0 and s.eldest == 0
    assert s.legal_actions() == ["pass", "order", "order alone"]


def test_out_of_turn():
    assert err(make(), "pass", seat=2) == ("seat 2 cannot bid 'pass': it is seat 0's turn "
                                           "(round one of the bidding)")


def test_round_one_rejects_suits_and_cards():
    s = make()
    assert err(s, "h") == "seat 0 cannot bid 'h': in round one the calls are pass, order and order alone"
    assert err(s, "As") == ("seat 0 cannot bid 'As': round one of the bidding is not over; "
                            "in round one the calls are pass, order and order alone")
    assert err(s, 7) == "seat 0 cannot bid 7: round one of the bidding: expected a call"


def test_order_then_discard():
    s = make()
    s.apply("pass")
    s.apply("Order")  # case does not matter
    assert s.phase == DISCARD and s.to_act == 3 and s.bids == ["pass", "order"]
    assert s.maker_seat == 1 and s.makers == 1 and s.trump == 2
    assert (s.hands[3] >> parse_card("9h")) & 1
    assert err(s, "As") == "seat 3 cannot discard 'As': does not hold As (holds 9h Ad Kd Qd Tc 9c)"
    assert err(s, "pass") == "seat 3 cannot discard 'pass': the dealer must discard: expected a card"
    assert "9h" in s.legal_actions()
    s.apply("9h")  # the upcard itself may go by default
    assert s.discard == parse_card("9h") and s.phase == PLAY and s.to_act == 0


def test_dealer_may_not_discard_upcard():
    s = make(dealer_may_discard_upcard=False)
    s.apply("order")
    assert "9h" not in s.legal_actions()
    assert err(s, "9h") == ("seat 3 cannot discard '9h': the dealer may not discard the upcard 9h "
                            "(dealer_may_discard_upcard is off)")
    s.apply(parse_card("Tc"))
    assert s.phase == PLAY


def test_dealer_partner_alone_sits_dealer_out_without_pickup():
    s = make()
    s.apply("pass")
    s.apply("order alone")
    assert s.phase == PLAY and s.alone == 1 and s.active == [True, True, True, False]
    assert s.hands[3] == parse_hand(STRONG[3]) and s.discard is None
    play_hand(s, first_legal)
    assert s.tricks == [0, 5] and s.points == [0, 4]
    assert 3 not in s.play_seats and len(s.plays) == 15


def test_dealer_partner_with_partner_marches_for_two():
    s = make()
    s.apply("pass")
    s.apply("order")
    s.apply("Tc")
    play_hand(s, first_legal)
    assert s.tricks == [0, 5] and s.points == [0, 2]


def test_canadian_loner():
    s = make(canadian_loner=True)
    s.apply("pass")
    assert s.legal_actions() == ["pass", "order alone"]
    assert err(s, "order") == ("seat 1 cannot bid 'order': the dealer's partner may order up only "
                               "by going alone (Canadian loner)")
    s.apply("order alone")
    assert s.alone == 1 and s.phase == PLAY


def test_canadian_loner_only_binds_the_partner():
    s = make(canadian_loner=True)
    s.apply("order")
    assert s.alone is None and s.phase == DISCARD


def test_dealer_needs_trump():
    # the dealer (seat 3) holds no heart: only the left bower would not count either
    no_heart = ["As Ks Qs Js Ts", "Jh Ah Kh Qh Th", "9s Ac Kc Qc Jc", "Jd 9c Ad Kd Qd"]
    s = make(no_heart, dealer_needs_trump=True)
    for _ in range(3):
        s.apply("pass")
    assert s.legal_actions() == ["pass"]
    assert err(s, "order") == ("seat 3 cannot bid 'order': the dealer holds no hearts and may not take "
                               "it up (dealer_needs_trump)")
    assert not s.can_apply("order alone")
    # ordered by another seat, the dealer must take it up regardless
    t = make(no_heart, dealer_needs_trump=True)
    t.apply("order")
    assert t.phase == DISCARD and t.to_act == 3
    # with a heart the dealer may take it up
    u = make(dealer_needs_trump=True, dealer=1)
    for _ in range(3):
        u.apply("pass")
    assert u.to_act == 1 and u.can_apply("order")


# --- round two ------------------------------------------------------------------------------------
def test_round_two():
    s = make()
    for _ in range(4):
        s.apply("pass")
    assert s.phase == ROUND_TWO and s.to_act == 0
    assert s.legal_actions() == ["pass", "c", "c alone", "d", "d alone", "s", "s alone"]
    assert err(s, "h") == "seat 0 cannot bid 'h': hearts was turned down; in round two name another suit"
    assert err(s, "order") == ("seat 0 cannot bid 'order': expected pass or a suit letter (s, h, d, c), "
                               "optionally followed by ' alone'")
    assert err(s, "s together").startswith("seat 0 cannot bid 's together': expected pass")
    s.apply("spades alone")  # suit names are read too; the record keeps the letter
    assert s.bids[-1] == "s alone" and s.trump == 3 and s.alone == 0 and s.phase == PLAY
    assert s.discard is None and s.hands[3] == parse_hand(STRONG[3])


def test_eight_passes_throw_the_hand_in():
    s = make()
    for _ in range(8):
        s.apply("pass")
    assert s.phase == OVER and s.thrown_in and s.trump is None and s.points == [0, 0]
    r = s.result()
    assert r.trump is None and r.makers is None and r.trick_winners == () and r.points == (0, 0)
    assert err(s, "pass") == "cannot play 'pass': the hand is over"


def test_stick_the_dealer():
    s = make(stick_the_dealer=True)
    for _ in range(7):
        s.apply("pass")
    assert s.to_act == 3 and "pass" not in s.legal_actions()
    assert err(s, "pass") == ("seat 3 cannot bid 'pass': the dealer may not pass in round two "
                              "(stick the dealer)")
    s.apply("c")
    assert s.maker_seat == 3 and s.trump == 0


def test_result_before_end_is_an_error():
    with pytest.raises(ValueError, match="the hand is not over"):
        make().result()


# --- Joker upcard ----------------------------------------------------------------------------------
JOKER_DEAL = ["As Ks Qs Js Ts", "Jh Jd Ah Kh Qh", "9s Ac Kc Qc Jc", "Tc 9c Ad Kd Qd"]


def test_joker_upcard_thrown_in_without_the_rule():
    s = HandState(PRESETS["british"].replace(joker_upcard_rule=False), 3, JOKER_DEAL, "Jk")
    assert s.phase == OVER and s.thrown_in and s.points == [0, 0]


def test_joker_upcard_dealer_names_trump():
    s = HandState(PRESETS["british"], 3, JOKER_DEAL, "Jk")
    assert s.phase == NAME_TRUMP and s.to_act == 3
    # British: named blind, and nobody says alone before trump is made
    assert s.legal_actions() == ["c", "d", "h", "s"]
    assert err(s, "h alone").endswith("alone is declared after trump is made, before the lead "
                                       "(alone_declared is before_lead)")
    assert err(s, "pass") == ("seat 3 cannot bid 'pass': the dealer must name trump when the Joker "
                              "is turned up")
    assert err(s, "order").startswith("seat 3 cannot bid 'order': expected pass or a suit letter")
    s.apply("d")
    assert s.makers == 1 and s.maker_seat == 3 and s.trump == 1 and s.bids == ["d"]
    assert s.phase == DISCARD and (s.hands[3] >> JOKER) & 1
    s.apply("Tc")
    # british: the makers may declare alone before the lead, the dealer (maker) first
    assert s.phase == ALONE and s.to_act == 3 and s.legal_actions() == ["pass", "alone"]
    s.apply("pass")
    assert s.to_act == 1
    s.apply("pass")
    # then defending alone is offered against any maker; both defenders decline
    assert s.phase == DEFEND and s.to_act == 0
    s.apply("pass")
    s.apply("pass")
    assert s.phase == PLAY


def test_joker_is_top_trump_and_follows_trump():
    s = HandState(PRESETS["british"], 3, JOKER_DEAL, "2s")  # the 2 of spades stands for the Joker
    s.apply("d")  # named blind
    s.apply("Tc")
    s.apply("alone")  # then, having seen the hand, the dealer goes alone: partner seat 1 sits out
    assert s.alone == 3 and not s.active[1] and s.maker_seat == 3
    # defend alone is offered to eldest (seat 0) then third (seat 2)
    assert s.phase == DEFEND and s.to_act == 0 and s.legal_actions() == ["pass", "defend alone"]
    s.apply("pass")
    s.apply("pass")
    # british: the seat left of the lone player (seat 0) leads
    assert s.phase == PLAY and s.to_act == 0
    s.apply("As")
    assert err(s, "Ac") == "seat 2 cannot play 'Ac': must follow spades (holds 9s)"
    s.apply("9s")
    s.apply("Jk")  # void in spades: the Joker is the highest trump
    assert s.trick_winners == [3] and s.to_act == 3
    s.apply("Ad")
    assert s.legal_actions() == ["Ts", "Js", "Qs", "Ks"]  # no trump: seat 0 may throw anything


# --- defending alone ------------------------------------------------------------------------------
def test_defend_alone_against_lone_maker_scores_lone_defender_points():
    s = make(defend_alone=True, lone_defender_points=5)
    s.apply("order alone")  # seat 0 alone: seat 2 sits out
    s.apply("Tc")
    assert s.phase == DEFEND and s.to_act == 1
    assert err(s, "order") == "seat 1 cannot defend 'order': expected pass or defend alone"
    s.apply("defend alone")
    assert s.defender_alone == 1 and s.active == [True, True, False, False]
    assert s.phase == PLAY and s.to_act == 0
    assert err(s, "Jc", seat=2) == "seat 2 cannot play 'Jc': seat 2 sits out this hand"
    play_hand(s, first_legal)
    assert s.tricks == [0, 5] and s.points == [0, 5] and set(s.play_seats) == {0, 1}


def test_defend_alone_second_defender():
    s = make(defend_alone=True)
    s.apply("order alone")
    s.apply("Tc")
    s.apply("pass")
    assert s.to_act == 3
    s.apply("defend alone")
    assert s.defender_alone == 3 and s.active == [True, False, False, True]


def test_defend_alone_against_a_maker_with_partner():
    s = make(defend_alone=True)
    s.apply("order")  # seat 0 orders hearts and plays with seat 2
    s.apply("Tc")
    assert s.phase == DEFEND and s.to_act == 1
    s.apply("defend alone")  # seat 1 holds the five best hearts; the dealer (seat 3) sits out
    assert s.defender_alone == 1 and s.active == [True, True, True, False]
    assert s.phase == PLAY and s.to_act == 0  # eldest leads
    play_hand(s, first_legal)
    assert len(s.plays) == 15 and set(s.play_seats) == {0, 1, 2}
    assert s.trick_winners == [1] * 5 and s.tricks == [0, 5] and s.points == [0, 4]


def test_left_of_a_lone_defender_leads():
    s = make(defend_alone=True, lead_after_alone="left_of_loner")
    s.apply("order")
    s.apply("Tc")
    s.apply("defend alone")  # seat 1 alone, seat 3 out: seat 2 is on its left
    assert s.phase == PLAY and s.to_act == 2


def test_no_defend_alone_against_a_maker_with_partner_or_rule_off():
    s = make(defend_alone=True, defend_alone_only_against_loner=True)
    s.apply("order")
    s.apply("Tc")
    assert s.phase == PLAY
    assert s.why_cannot_defend_alone(1) == ("a defender may go alone only against a lone maker, and the maker "
                                            "is not alone (defend_alone_only_against_loner)")
    t = make()
    t.apply("order alone")
    t.apply("Tc")
    assert t.phase == PLAY
    assert t.why_cannot_defend_alone(1) == ("defending alone is not allowed under these rules "
                                            "(defend_alone is off)")


def test_passer_may_not_go_alone():
    s = make(defend_alone=True, passer_may_not_go_alone=True)
    s.apply("pass")  # seat 0 passes
    s.apply("pass")  # seat 1
    s.apply("order alone")  # seat 2 alone; defenders 1 and 3: seat 1 passed, seat 3 did not
    s.apply("Tc")
    assert s.phase == DEFEND and s.to_act == 3
    assert s.why_cannot_defend_alone(1) == ("seat 1 passed in the round in which trump was made "
                                            "(passer_may_not_go_alone)")
    assert s.why_cannot_defend_alone(0) == "seat 0 is on the making side"


def test_passing_in_round_one_does_not_bar_going_alone_in_round_two():
    s = make(defend_alone=True, passer_may_not_go_alone=True)
    for _ in range(4):
        s.apply("pass")
    s.apply("pass")  # seat 0 passes in round two
    s.apply("s alone")  # seat 1
    assert s.phase == DEFEND and s.to_act == 2  # seat 0 passed this round
    assert s.why_cannot_defend_alone(0) is not None


# --- play ------------------------------------------------------------------------------------------
def test_follow_suit_with_left_bower():
    s = make(FOLLOW)
    s.apply("order")
    s.apply("Tc")
    s.apply("Ad")
    assert s.led_suit == 1 and s.current_trick == [(0, parse_card("Ad"))]
    assert err(s, "Jd") == "seat 1 cannot play 'Jd': must follow diamonds (holds Kd 9d)"
    assert s.legal_actions() == ["9d", "Kd"]
    s.apply("9d")
    s.apply("Qs")
    s.apply("Td")
    assert s.trick_winners == [0] and s.to_act == 0
    s.apply("Th")
    assert err(s, "Kd") == "seat 1 cannot play 'Kd': must follow hearts (trump) (holds Jd)"
    assert err(s, "Zz").startswith("seat 1 cannot play 'Zz': cannot read a card at 'Zz'")
    assert err(s, "7h") == "seat 1 cannot play '7h': 7h is not in the 24-card deck"
    assert err(s, "pass") == "seat 1 cannot play 'pass': the play: expected a card"
    assert err(s, "Jh", seat=2) == "seat 2 cannot play 'Jh': it is seat 1's turn (the play)"
    s.apply("Jd")
    s.apply("Jh")
    s.apply("9h")
    assert s.trick_winners == [0, 2] and s.tricks == [2, 0] and s.trick_number == 2


def test_play_not_held():
    s = make(FOLLOW)
    s.apply("order")
    s.apply("Tc")
    assert err(s, "Jh") == "seat 0 cannot play 'Jh': does not hold Jh (holds As Ks Th Ad Qd)"


def test_verify_and_can_apply_agree():
    rng = np.random.default_rng(0)
    pol = RandomPolicy(np.random.default_rng(1), pass_probability=0.5)
    for _ in range(30):
        s = HandState.deal(PRESETS["british"].replace(passer_may_not_go_alone=True), 0, rng)
        while s.phase != OVER:
            for a in s.legal_actions():
                s.verify_action(a)
                assert s.can_apply(a)
            s.apply(pol(s))


def test_copy_is_independent():
    s = make()
    c = s.copy()
    c.apply("order")
    assert s.phase == ROUND_ONE and s.hands[3] != c.hands[3] and s.bids == []


# --- lead after a loner ----------------------------------------------------------------------------
@pytest.mark.parametrize("lead, bids, leader", [
    ("eldest", ["pass", "order alone"], 0),          # dealer (3) sits out; eldest leads
    ("left_of_loner", ["pass", "order alone"], 2),   # seat left of the loner (1)
    ("eldest", ["pass", "pass", "order alone"], 1),  # eldest (0) sits out: next active seat
    ("left_of_loner", ["pass", "pass", "order alone"], 3),
])
def test_lead_after_alone(lead, bids, leader):
    s = make(lead_after_alone=lead)
    for b in bids:
        s.apply(b)
    if s.phase == DISCARD:
        s.apply("Tc")
    assert s.phase == PLAY and s.to_act == leader


def test_lone_defender_leads_with_left_of_loner():
    s = make(defend_alone=True, lead_after_alone="left_of_loner")
    s.apply("order alone")
    s.apply("Tc")
    s.apply("pass")
    s.apply("defend alone")  # seat 3
    assert s.to_act == 3


# --- scoring ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("changes, bids, points", [
    ({}, ["order"], [0, 2]),                          # makers euchred
    ({"super_euchre": True}, ["order"], [0, 4]),      # makers take nothing
    ({}, ["order alone"], [0, 2]),
    ({}, ["pass", "order alone"], [0, 4]),            # lone march
    ({}, ["pass", "order"], [0, 2]),                  # march
])
def test_scores(changes, bids, points):
    s = make(**changes)
    for b in bids:
        s.apply(b)
    if s.phase == DISCARD:
        s.apply("Tc")
    play_hand(s, first_legal)
    assert s.points == points


def test_one_point_for_four_tricks():
    s = make(FOLLOW)
    s.apply("order")
    s.apply("Tc")
    for c in ["Ad", "9d", "Qs", "Td", "Th", "Jd", "Jh", "9h",
              "Js", "Qh", "As", "Kc", "Qc", "Qd", "Ac", "Kh", "Ah", "Jc", "Ks", "Kd"]:
        s.apply(c)
    assert s.trick_winners == [0, 2, 3, 2, 2] and s.tricks == [4, 1] and s.points == [1, 0]


def test_seven_card_hands():
    r = PRESETS["australian32"].replace(hand_size=7)
    s = play_hand(HandState.deal(r, 1, np.random.default_rng(9)), PointCountPolicy())
    if not s.thrown_in:
        assert sum(s.tricks) == 7 and len(s.trick_winners) == 7


# --- games -----------------------------------------------------------------------------------------
def test_game_winner():
    assert game_winner(NA, [10, 3]) == 0
    assert game_winner(NA, [9, 11]) == 1
    assert game_winner(NA, [9, 9]) is None
    wb2 = NA.replace(win_by_two=True)
    assert game_winner(wb2, [10, 9]) is None and game_winner(wb2, [11, 9]) == 0
    assert game_winner(NA.replace(game_to=5), [5, 2]) == 0


@pytest.mark.parametrize("rules", [NA, NA.replace(win_by_two=True, game_to=5), PRESETS["british"]])
def test_play_game(rules):
    g = play_game(rules, PointCountPolicy(), np.random.default_rng(4), dealer=2)
    assert g.winner is not None and g.score[g.winner] >= rules.game_to
    assert g.score == [sum(h.points[0] for h in g.hands), sum(h.points[1] for h in g.hands)]
    assert [h.dealer for h in g.hands[:5]] == [2, 3, 0, 1, 2][:len(g.hands)]
    running = [0, 0]
    for h in g.hands[:-1]:
        running = [running[0] + h.points[0], running[1] + h.points[1]]
        assert game_winner(rules, running) is None
    if rules.win_by_two:
        assert abs(g.score[0] - g.score[1]) >= 2
