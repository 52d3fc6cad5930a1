"""Farmer's hand: the exchange before bidding in the state machine and in records, and the
analyses that refuse it."""

from __future__ import annotations


import pytest

import euchre_stats as es
from euchre_stats.core.cards import parse_hand
from euchre_stats.core.errors import IllegalActionError, PlayModelError, RecordError, RulesError
from euchre_stats.game.policies import PointCountPolicy
from euchre_stats.game.records import record_from_state, replay, review_record
from euchre_stats.game.state import HandState, play_hand
from euchre_stats.cardplay.contracts import Evaluator
from euchre_stats.rules import NORTH_AMERICAN, farmer_cards, may_farm

from test_game_random import check_hand, random_hands

FARMER = NORTH_AMERICAN.replace(farmers_hand=True)
NINES_TENS = parse_hand("9c Tc 9d Td 9h Th 9s Ts")
#: eldest (seat 0, dealer 3) holds four nines and tens; seat 2 holds three
HANDS = ["9s Ts 9h Td Ac", "Js Qs Ks As Kc", "9d 9c Tc Ah Kh", "Jh Qh Jd Qd Kd"]
UP = "Ad"   # the kitty under it: Th Jc Qc


def test_rules():
    assert may_farm(FARMER, parse_hand("9s Ts 9h Ah Kh")) and not may_farm(FARMER, parse_hand("9s Ts Ah Kh Qh"))
    assert not may_farm(NORTH_AMERICAN, parse_hand("9s Ts 9h Th Ah"))
    assert farmer_cards(FARMER, NINES_TENS | parse_hand("Ah")) == NINES_TENS
    assert FARMER.describe().endswith("farmer's hand")
    with pytest.raises(RulesError, match="farmers_hand exchanges three cards for the three under the upcard: "
                                         "the 25-card deck dealt 4 x 5 leaves 4"):
        FARMER.replace(deck="25")
    assert FARMER.replace(deck="32", hand_size=7).farmers_hand


def test_the_exchange():
    s = HandState(FARMER, 3, HANDS, UP)
    assert (s.phase, s.to_act) == ("farmer", 0)
    assert s.legal_actions() == ["pass", "farmer Td 9h 9s", "farmer Td 9h Ts", "farmer Td 9s Ts",
                                 "farmer 9h 9s Ts"]
    with pytest.raises(IllegalActionError, match="Ac is not a nine or ten of the hand"):
        s.apply("farmer 9s Ts Ac")
    with pytest.raises(IllegalActionError, match="expected pass or farmer and three nines or tens"):
        s.apply("order")
    s.apply("pass")
    assert s.to_act == 2
    s.apply("farmer 9d 9c Tc")
    assert s.hands[2] == parse_hand("Th Jc Qc Ah Kh") and s.farmer == (2, parse_hand("9d 9c Tc"))
    assert (s.phase, s.to_act) == ("round_one", 0)
    assert s.dealt[2] == parse_hand(HANDS[2])


def _played(s):
    """``s`` as check_hand reads it: dealt hands with the farmer's exchange made."""
    if s.farmer is None:
        return s
    t = s.copy()
    kitty = t.rules.deck_obj.mask & ~(sum(t.dealt) | (1 << t.upcard))
    seat, given = t.farmer
    dealt = list(t.dealt)
    dealt[seat] = (dealt[seat] & ~given) | kitty
    t.dealt = tuple(dealt)
    return t


@pytest.mark.parametrize("rules", [FARMER, FARMER.replace(deck="32", hand_size=7, stick_the_dealer=True)],
                         ids=["24", "32-seven-cards"])
def test_random_hands(rules):
    exchanged = 0
    for i, s in random_hands(rules, 2000, 77, 0.5):
        if s.farmer is not None:
            seat, given = s.farmer
            exchanged += 1
            assert given.bit_count() == 3 and given & ~s.dealt[seat] == 0 and given & ~NINES_TENS == 0
            assert may_farm(rules, s.dealt[seat])
        check_hand(_played(s))
        if i % 23 == 0:
            assert review_record(record_from_state(s)) == s.result()
    assert exchanged > 50


def test_records():
    s = HandState(FARMER, 3, HANDS, UP)
    s = play_hand(s, PointCountPolicy())
    rec = record_from_state(s)
    assert rec["farmer"] == {"seat": 0, "cards": ["9s", "9h", "Td"]}  # the first combination, as written by format_hand
    assert review_record(rec) == s.result()
    with pytest.raises(RecordError, match="farmer: seat 0 cannot exchange 'farmer Td 9h Ac'"):
        replay({**rec, "farmer": {"seat": 0, "cards": ["Td", "9h", "Ac"]}})
    with pytest.raises(RecordError, match="farmer: seat 1 cannot exchange: it holds fewer than three"):
        replay({**rec, "farmer": {"seat": 1, "cards": ["Js", "Qs", "Ks"]}})
    with pytest.raises(RecordError, match=r"farmer's hand is not played under these rules \(farmers_hand is off\)"):
        replay({**rec, "rules": "north-american"})
    with pytest.raises(RecordError, match="farmer must be"):
        replay({**rec, "farmer": {"seat": 0}})


def test_analyses_refuse_it():
    with pytest.raises(RulesError, match="^farmers_hand: the bidding model and the questions asked of it do not"):
        es.order("Jh Jd Ah 9s Tc", "9h", "eldest", rules=FARMER, samples=10, seed=1)
    with pytest.raises(PlayModelError, match="^farmers_hand: "):
        Evaluator(FARMER, "dd", 0, 1)


def test_variants_set_it_beside_the_standard_game():
    r = es.variants("24", samples=150, seed=3, rules=FARMER)
    assert [d.deck for d in r.columns] == ["24 farmer's hand", "24 four-handed"]
    assert r.columns[0].rules.farmers_hand and not r.columns[1].rules.farmers_hand
    assert set(r.to_dict()["decks"]["24"]) == {"farmers_hand", "four_handed"}
    assert r.to_text().startswith("four-handed euchre with a farmer's hand beside the four-handed game")
    # both columns draw one seed stream (the game's players and deck size): the same deals
    assert r.columns[0].figures["maker_dealer"].n == r.columns[1].figures["maker_dealer"].n == 150
    cut = es.variants("25", samples=60, seed=3, rules=FARMER, players=3)
    assert [d.deck for d in cut.columns] == ["25 cutthroat farmer's hand", "25 four-handed"]
    with pytest.raises(RulesError, match="the 25-card deck dealt 4 x 5 leaves 4"):
        es.variants("25", samples=10, seed=3, rules=FARMER)
