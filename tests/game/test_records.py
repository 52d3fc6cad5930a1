"""Hand records: shape checks, replay, error messages, the writer and batch lines."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from euchre_stats.core.cards import card_name
from euchre_stats.core.errors import RecordError
from euchre_stats.game.policies import PointCountPolicy, RandomPolicy
from euchre_stats.game.records import (
    double_dummy,
    dumps_record,
    load_record,
    read_records,
    record_from_state,
    replay,
    review_dict,
    review_lines,
    review_record,
    rules_to_json,
)
from euchre_stats.game.state import HandState, IllegalActionError, play_hand
from euchre_stats.rules import renege_penalty
from euchre_stats.rules import NORTH_AMERICAN, PRESETS

EXAMPLES = Path(__file__).resolve().parents[2] / "data" / "examples"
HAND1 = json.loads((EXAMPLES / "hand1.json").read_text())


def with_(**changes):
    rec = dict(HAND1)
    for k, v in changes.items():
        if v is None:
            rec.pop(k, None)
        else:
            rec[k] = v
    return rec


def error(rec) -> str:
    with pytest.raises(RecordError) as info:
        review_record(rec)
    return str(info.value)


def test_hand1():
    r = review_record(HAND1)
    assert r.trump == "c" and r.makers == 0 and r.maker_seat == 2 and r.alone is None
    assert r.trick_winners == (3, 1, 2, 2, 2) and r.tricks == (3, 2) and r.points == (1, 0)
    assert r.to_dict()["trick_winners"] == [3, 1, 2, 2, 2]


def test_defender_alone_against_a_maker_with_partner():
    """Three play; the lone defender's euchre scores lone_defender_points (4)."""
    rec = json.loads((EXAMPLES / "defend_alone.json").read_text())
    r = review_record(rec)
    assert r.maker_seat == 0 and r.alone is None and r.defender_alone == 1
    assert r.trick_winners == (1, 2, 1, 1, 0) and r.tricks == (2, 3) and r.points == (0, 4)
    assert review_record(dict(rec, rules={"defend_alone": True, "lone_defender_points": 3})).points == (0, 3)
    # the same record is refused where a defender may go alone only against a lone maker
    msg = error(dict(rec, rules={"defend_alone": True, "defend_alone_only_against_loner": True}))
    assert msg.startswith("defend_alone: seat 1 cannot defend alone: a defender may go alone only against")


@pytest.mark.parametrize("name, winners, points, check", [
    # British: the maker's partner declares alone after the call; left of the loner (the dealer) leads
    ("british_partner_alone", (2, 2, 2, 2, 2), (4, 0), lambda s: s.alone == 2 and s.maker_seat == 0
     and s.play_seats[0] == 3 and not s.active[0]),
    # a lone defender against a maker with a partner, left-of-loner lead: seat 2 leads
    ("left_of_lone_defender", (1, 0, 1, 1, 1), (0, 4), lambda s: s.defender_alone == 1 and s.play_seats[0] == 2
     and sum(s.active) == 3),
    # British Joker turned up: named blind (spades), then the dealer alone
    ("british_blind_joker_alone", (3, 3, 3, 3, 3), (0, 4), lambda s: s.bids == ["s"] and s.alone == 3
     and s.discard is not None and s.play_seats[0] == 0),
    # railroad: the lone maker's partner passes the Kh, the maker discards the Tc unseen
    ("railroad", (0, 0, 0, 0, 1), (1, 0), lambda s: [(a, card_name(b), card_name(c)) for a, b, c in s.railroad]
     == [(0, "Kh", "Tc")]),
])
def test_example_records_of_the_rule_texts(name, winners, points, check):
    rec = json.loads((EXAMPLES / f"{name}.json").read_text())
    r = review_record(rec)
    assert (r.trick_winners, r.points) == (winners, points)
    s = replay(rec)
    assert check(s)
    # the writer gives back the same record
    assert record_from_state(s) == {k: v for k, v in rec.items() if k != "comment"}


def test_british_alone_is_declared_after_the_call():
    rec = json.loads((EXAMPLES / "british_partner_alone.json").read_text())
    bad = dict(rec, bids=["order alone"], alone=None)
    del bad["alone"]
    assert error(bad).startswith("bid 1: seat 0 cannot bid 'order alone': under these rules alone is declared "
                                 "after trump is made, before the lead")
    assert error(dict(rec, alone=1)).startswith("alone: seat 1 cannot declare alone: seat 1 defends")


def test_railroad_record_shape_errors():
    rec = json.loads((EXAMPLES / "railroad.json").read_text())
    assert error(dict(rec, railroad=[])).startswith("railroad is missing: seat 2 must pass the loner a card")
    assert error(dict(rec, railroad=[{"card": "Kh"}])).startswith("railroad must be a list of")
    assert error(dict(rec, railroad=[{"card": "Kh", "discard": "Kh"}])).startswith("railroad: seat 0 cannot")
    # declined, the passed card leaves the hand: the maker still holds the Tc, not the Kh
    msg = error(dict(rec, railroad=[{"card": "Kh", "discard": "decline"}]))
    assert "cannot play 'Kh': does not hold Kh" in msg


def test_any_card_notation():
    rec = with_(hands=["K♠ K♥ J♥ A♦ 9♦", "sA,sQ,sJ,s9,dQ", "AhKdKcJcTc", ["10s", "QH", "TH", "td", "ac"]],
                upcard="9♣", discard="10d", rules=None)
    assert review_record(rec) == review_record(HAND1)


def test_json_text_is_accepted():
    assert review_record(json.dumps(HAND1)) == review_record(HAND1)


@pytest.mark.parametrize("changes, message", [
    ({"plays": HAND1["plays"][:7]},
     "plays end after 7 cards: 13 more needed (seat 2 to play to trick 2 of 5)"),
    ({"plays": HAND1["plays"] + ["As"]}, "play 21: 'As' comes after the last trick"),
    ({"bids": ["pass", "pass"]}, "bids end after 2 calls: seat 2 is still to bid (round one)"),
    ({"bids": ["pass", "pass", "order", "pass"]},
     "bid 4: 'pass' comes after the bidding ended (seat 2 made c trump)"),
    ({"bids": ["pass", "pass", "h"]},
     "bid 3: seat 2 cannot bid 'h': in round one the calls are pass, order and order alone"),
    ({"discard": None}, "discard is missing: the dealer, seat 3, took up 9c and must discard"),
    ({"discard": "As"}, "discard: seat 3 cannot discard 'As': does not hold As (holds Ts Qh Th Td Ac 9c)"),
    ({"defend_alone": 1}, "defend_alone: seat 1 cannot defend alone: defending alone is not allowed "
                          "under these rules (defend_alone is off)"),
    ({"plays": ["Ad", "Qd", "Kd", "Td"] + HAND1["plays"][4:]},
     "play 4 (trick 1): seat 3 cannot play 'Td': does not hold Td (holds Ts Qh Th Ac 9c)"),
    ({"plays": ["Ad", "Qs"] + HAND1["plays"][2:]},
     "play 2 (trick 1): seat 1 cannot play 'Qs': must follow diamonds (holds Qd)"),
    ({"plays": ["Ad", "Xd"]}, "play 2 (trick 1): seat 1 cannot play 'Xd': cannot read a card at 'Xd' in "
                              "'Xd': expected cards like 'Jh', '10h', 'hJ', 'J♥' or the Joker 'Jk'"),
    ({"upcard": "Ah"}, "deal: Ah is dealt twice: to seat 2 and the upcard"),
    ({"rules": "martian"}, "rules: unknown rules preset 'martian': expected one of north-american, stick, "
                           "canadian, british, australian32"),
    ({"rules": {"colour": 1}}, "rules: unknown rule option 'colour'"),
    ({"dealer": 4}, "dealer must be a seat 0-3, got 4"),
    ({"dealer": True}, "dealer must be a seat 0-3, got True"),
    ({"hands": HAND1["hands"][:3]}, "hands must be a list of four hands (seats 0-3)"),
    ({"hands": [[1, 2], *HAND1["hands"][1:]]},
     "hand of seat 0 must be a list of cards or a string, got [1, 2]"),
    ({"bids": "pass"}, "bids must be a list of strings, got 'pass'"),
    ({"plays": None}, "the record is missing 'plays'"),
    ({"discards": "Td"}, "unknown key 'discards' in the record"),
    ({"upcard": 9}, "upcard must be a card such as '9h', got 9"),
    ({"discard": 3}, "discard must be a card such as 'Tc', got 3"),
    ({"defend_alone": 7}, "defend_alone must be a seat 0-3, got 7"),
    ({"comment": 5}, "comment must be a string, got 5"),
])
def test_errors(changes, message):
    assert error(with_(**changes)).startswith(message)


def test_not_an_object_and_bad_json():
    assert error([1, 2]) == "a hand record must be a JSON object, got list"
    assert error('{"dealer": 3,') .startswith("malformed JSON at line 1, column 14")


def test_thrown_in_record():
    rec = with_(bids=["pass"] * 8, discard=None, plays=[])
    r = review_record(rec)
    assert r.trump is None and r.makers is None and r.points == (0, 0) and r.trick_winners == ()
    assert error(with_(bids=["pass"] * 8, discard=None)) == "play 1: 'Ad' but the hand was thrown in"
    assert error(with_(bids=["pass"] * 9, discard=None, plays=[])) == (
        "bid 9: 'pass' comes after the bidding ended (the hand was thrown in)")
    assert error(with_(bids=["pass"] * 8, plays=[])) == (
        "discard 'Td' given but the dealer did not take up the upcard")


def test_joker_thrown_in_record():
    hands = ["As Ks Qs Js Ts", "Jh Jd Ah Kh Qh", "9s Ac Kc Qc Jc", "Tc 9c Ad Kd Qd"]
    rec = {"rules": {"deck": "25"}, "dealer": 0, "hands": hands, "upcard": "Jk", "bids": [], "plays": []}
    assert review_record(rec).points == (0, 0)


def test_defend_alone_record():
    rules = PRESETS["british"]
    rng = np.random.default_rng(11)
    pol = RandomPolicy(np.random.default_rng(12), pass_probability=0.3)
    for _ in range(2000):
        s = play_hand(HandState.deal(rules, 1, rng), pol)
        if s.defender_alone is not None:
            break
    rec = record_from_state(s)
    assert rec["defend_alone"] == s.defender_alone
    assert review_record(rec) == s.result()
    # a different defender than offered order allows: the record names the first refusal
    maker_side_seat = s.maker_seat
    assert error(dict(rec, defend_alone=maker_side_seat)).startswith(
        f"defend_alone: seat {maker_side_seat} cannot defend alone: "
        f"seat {maker_side_seat} is on the making side")


@pytest.mark.parametrize("name", list(PRESETS))
def test_round_trip(name):
    rng = np.random.default_rng(3)
    for policy in (RandomPolicy(np.random.default_rng(4), pass_probability=0.6), PointCountPolicy()):
        for i in range(100):
            s = play_hand(HandState.deal(PRESETS[name], i & 3, rng), policy)
            rec = record_from_state(s)
            assert rec["rules"] == name
            back = replay(json.loads(dumps_record(rec)))
            assert back.result() == s.result() and back.plays == s.plays and back.bids == s.bids
            assert record_from_state(back) == rec


def test_rules_to_json():
    assert rules_to_json(NORTH_AMERICAN) == "north-american"
    assert rules_to_json(NORTH_AMERICAN.replace(super_euchre=True, game_to=11)) == {
        "super_euchre": True, "game_to": 11}


def test_writer_needs_a_finished_hand():
    with pytest.raises(RecordError, match="the hand is not over"):
        record_from_state(HandState.deal(NORTH_AMERICAN, 0, np.random.default_rng(0)))


def test_load_record_shape():
    rec = load_record(HAND1)
    assert rec.dealer == 3 and rec.bids == ("pass", "pass", "order") and rec.rules == NORTH_AMERICAN
    assert load_record(rec) is rec


def test_review_lines():
    good = json.dumps(HAND1)
    bad = json.dumps(with_(discard="As"))
    out = list(review_lines([good, "", bad, "{oops", "[]"]))
    assert out[0]["line"] == 1 and out[0]["points"] == [1, 0]
    assert out[1] == {"error": "line 3: discard: seat 3 cannot discard 'As': does not hold As "
                               "(holds Ts Qh Th Td Ac 9c)"}
    assert out[2] == {"error": "line 4: malformed JSON (column 2): Expecting property name enclosed "
                               "in double quotes"}
    assert out[3] == {"error": "line 5: a hand record must be a JSON object, got list"}
    assert len(out) == 4


def test_example_batch_is_legal():
    lines = (EXAMPLES / "hands.jsonl").read_text().splitlines()
    results = list(review_lines(lines))
    assert len(results) == 20 and all("error" not in r for r in results)
    assert [n for n, _ in read_records(lines)] == list(range(1, 21))


def test_double_dummy_hand1():
    dd = double_dummy(replay(HAND1))
    assert len(dd) == 20 and dd[0] == {"seat": 0, "card": "Ad", "best": 4, "kept": 3}
    assert all(d["kept"] <= d["best"] for d in dd)


@pytest.mark.parametrize("name", ["north-american", "british"])
def test_double_dummy_is_consistent(name):
    """What a card keeps for its side is what the next player's side can best do (or the rest)."""
    rng = np.random.default_rng(21)
    pol = RandomPolicy(np.random.default_rng(22), pass_probability=0.2)
    for i in range(30):
        s = play_hand(HandState.deal(PRESETS[name], i & 3, rng), pol)
        dd = double_dummy(s)
        if s.thrown_in:
            assert dd == []
            continue
        n = s.rules.hand_size
        for a, b in zip(dd, dd[1:]):
            same = (a["seat"] & 1) == (b["seat"] & 1)
            assert a["kept"] == (b["best"] if same else n - b["best"])
        last = dd[-1]
        assert last["kept"] == last["best"] == s.tricks[last["seat"] & 1]
        assert review_dict(record_from_state(s), True)["double_dummy"] == dd


def test_double_dummy_needs_a_finished_hand():
    with pytest.raises(RecordError, match="the hand is not over"):
        double_dummy(HandState.deal(NORTH_AMERICAN, 0, np.random.default_rng(0)))


def test_double_dummy_batch_matches_single():
    lines = (EXAMPLES / "hands.jsonl").read_text().splitlines()
    batch = review_lines(lines, with_double_dummy=True)
    for line, res in zip(lines, batch):
        assert res["double_dummy"] == double_dummy(replay(json.loads(line)))


# --- reneges ------------------------------------------------------------------------------------
RENEGE = json.loads((EXAMPLES / "renege.json").read_text())
DEFEND_ALONE = json.loads((EXAMPLES / "defend_alone.json").read_text())


def test_renege_example_is_refused_by_default():
    assert error(RENEGE) == "play 3 (trick 1): seat 2 cannot play 'Td': must follow clubs (holds Jc)"
    with pytest.raises(RecordError) as info:
        replay(RENEGE, renege="refuse")
    assert str(info.value) == error(RENEGE)


def test_renege_example_scores_the_penalty():
    """Seat 2 trumps a club holding the jack of clubs; the trump wins; the makers score 2, not 0."""
    r = review_record(RENEGE, renege="score")
    assert r.maker_seat == 3 and r.alone is None and r.defender_alone is None
    assert r.trick_winners == (2, 3, 3, 2, 0) and r.tricks == (3, 2)
    assert r.points == (0, 2)
    assert [x.to_dict() for x in r.reneges] == [{"seat": 2, "trick": 1, "card": "Td", "failed_to_follow": "c"}]
    assert r.to_dict()["reneges"] == [{"seat": 2, "trick": 1, "card": "Td", "failed_to_follow": "c"}]
    assert review_dict(RENEGE, renege="score")["points"] == [0, 2]


def test_no_renege_no_key():
    """A hand without a renege gives the same result, without a 'reneges' key, under either mode."""
    for rec in (HAND1, DEFEND_ALONE):
        assert review_record(rec, renege="score") == review_record(rec)
        assert "reneges" not in review_record(rec, renege="score").to_dict()


def test_renege_by_a_defender_against_a_lone_maker_scores_4():
    rec = dict(RENEGE, bids=["pass", "pass", "pass", "order alone"],
               plays=["Tc", "Td", "Ac", "Th", "9d", "Qh", "Jd", "Js", "Kd", "As", "Qc", "Jh", "Jc", "9s", "Kc"])
    assert error(rec).startswith("play 2 (trick 1): seat 2 cannot play 'Td': must follow clubs")
    r = review_record(rec, renege="score")
    assert r.alone == 3 and r.trick_winners == (2, 3, 3, 2, 0) and r.tricks == (3, 2)
    assert r.points == (0, 4)


def test_renege_by_a_lone_defender_scores_4_to_the_makers():
    """The lone defender discards a diamond on a trump lead while holding three trumps."""
    rec = dict(DEFEND_ALONE, plays=["Kh", "Ad", "Th", "Qh", "Ah", "9s", "Kd", "Qc", "Ks", "Jd", "Qs", "Ac",
                                    "Jh", "Kc", "As"])
    assert error(rec) == "play 2 (trick 1): seat 1 cannot play 'Ad': must follow hearts (trump) (holds Jh Jd Ah)"
    r = review_record(rec, renege="score")
    assert r.defender_alone == 1 and r.trick_winners == (0, 1, 1, 1, 1) and r.tricks == (1, 4)
    assert r.points == (4, 0)
    assert r.to_dict()["reneges"] == [{"seat": 1, "trick": 1, "card": "Ad", "failed_to_follow": "h"}]


def test_first_renege_counts():
    """Both sides renege: every renege is listed, the first one's side pays, once."""
    state = HandState(NORTH_AMERICAN, 3, HAND1["hands"], HAND1["upcard"])
    for a in ("pass", "pass", "order", "Td", "Ad"):
        state.apply(a)
    state.play_renege("Qs")  # seat 1 holds Qd
    for a in ("Kd", "9c", "Th"):
        state.apply(a)
    state.play_renege("9d")  # seat 0 holds Kh and Jh
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert [(x.seat, x.trick, x.led) for x in state.reneges] == [(1, 1, 1), (0, 2, 2)]
    assert state.points == [2, 0]
    r = review_record(record_from_state(state), renege="score")
    assert r == state.result() and r.points == (2, 0)
    assert [x["seat"] for x in r.to_dict()["reneges"]] == [1, 0]


def test_an_illegal_card_that_is_no_renege_is_still_refused():
    not_held = with_(plays=["Ad", "Qd", "Kd", "Td"] + HAND1["plays"][4:])
    msg = "play 4 (trick 1): seat 3 cannot play 'Td': does not hold Td (holds Ts Qh Th Ac 9c)"
    assert error(not_held) == msg
    with pytest.raises(RecordError) as info:
        review_record(not_held, renege="score")
    assert str(info.value) == msg
    not_in_deck = with_(plays=["Ad", "7d"])
    with pytest.raises(RecordError, match=r"play 2 \(trick 1\): seat 1 cannot play '7d': 7d is not in the 24"):
        review_record(not_in_deck, renege="score")
    # an illegal bid is not a renege either
    with pytest.raises(RecordError, match="bid 3"):
        review_record(with_(bids=["pass", "pass", "h"]), renege="score")


def test_renege_api_on_the_state():
    state = HandState(NORTH_AMERICAN, 3, HAND1["hands"], HAND1["upcard"])
    for a in ("pass", "pass", "order"):
        state.apply(a)
    with pytest.raises(IllegalActionError, match="the dealer must discard: a renege is a card played to a trick"):
        state.verify_renege("Ts")
    state.apply("Td")
    assert not state.can_renege("Ad")  # a lead is never a renege
    state.apply("Ad")
    js = state.verify_renege("Js")
    assert card_name(js) == "Js" and state.can_renege(js) and state.can_renege("Qs")
    assert not state.can_renege("Qd")  # follows suit
    assert not state.can_renege("Kd")  # not held
    assert not state.can_renege("Qs", seat=2)  # not seat 2's turn
    assert card_name(state.verify_renege("Qs")) == "Qs"
    with pytest.raises(IllegalActionError, match="seat 1 cannot renege with 'Qd': it is a legal play, not a renege"):
        state.verify_renege("Qd")
    with pytest.raises(IllegalActionError, match="does not hold Kd"):
        state.play_renege("Kd")
    copy = state.copy()
    state.play_renege("Js")
    assert copy.reneges == [] and state.reneges[0].to_dict() == {"seat": 1, "trick": 1, "card": "Js",
                                                                  "failed_to_follow": "d"}
    assert state.to_act == 2 and state.plays[-1] == js


def test_renege_penalty():
    assert renege_penalty(NORTH_AMERICAN, False) == 2
    assert renege_penalty(NORTH_AMERICAN, True) == 4


def test_bad_renege_mode():
    for call in (lambda: replay(HAND1, renege="ignore"), lambda: review_lines([json.dumps(HAND1)], renege="")):
        with pytest.raises(RecordError) as info:
            call()
        assert str(info.value) in ("renege must be one of refuse, score, got 'ignore'",
                                   "renege must be one of refuse, score, got ''")


def test_renege_double_dummy_kept_is_the_next_position():
    dd = review_dict(RENEGE, True, renege="score")["double_dummy"]
    assert dd[2] == {"seat": 2, "card": "Td", "best": 2, "kept": 5 - dd[3]["best"]}
    for a, b in zip(dd, dd[1:]):
        same = (a["seat"] & 1) == (b["seat"] & 1)
        assert a["kept"] == (b["best"] if same else 5 - b["best"])


def test_renege_record_round_trip():
    state = replay(RENEGE, renege="score")
    rec = record_from_state(state)
    assert replay(rec, renege="score").result() == state.result()
    assert record_from_state(replay(rec, renege="score")) == rec
