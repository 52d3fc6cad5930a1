"""No trump (``no_trump``): the rule option, the state machine's call, records and review, the
point-count bidder's count, and what ``variants`` and ``odds`` report of it."""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pytest

import euchre_stats as es
from euchre_stats.bidding.auction import Auction
from euchre_stats.bidding.games import tune_game_bidder
from euchre_stats.bidding.model import default_model, no_trump_strength
from euchre_stats.bidding.tuning import tune
from euchre_stats.core.cards import parse_card, parse_hand
from euchre_stats.core.errors import BiddingModelError, DecisionInputError, IllegalActionError, RulesError
from euchre_stats.game.policies import PointCountPolicy, no_trump_points
from euchre_stats.game.records import double_dummy, record_from_state, replay, review_record
from euchre_stats.game.state import HandState
from euchre_stats.rules import PRESETS, Rules
from euchre_stats.study.games import GAME_FIGURES
from euchre_stats.study.odds import deck_odds

from test_game_random import check_hand, random_hands  # noqa: E402

NT = Rules(no_trump=True)
EXAMPLE = Path(__file__).resolve().parents[1] / "data" / "examples" / "no_trump.json"


def _round_two(rules=NT, hands=None, up="9c"):
    hands = hands or [parse_hand(x) for x in ("As Ks Ac Ad Qd", "Jh Jd Kh Qh 9s", "Ah Kc Qc Td Js",
                                              "Jc Th 9h Kd Ts")]
    s = HandState(rules, 3, hands, parse_card(up))
    for _ in range(4):
        s.apply("pass")
    return s


def test_the_option():
    assert not Rules().no_trump
    assert "no trump may be called in round two" in NT.describe()
    assert Rules.from_json({"no_trump": True}) == NT
    for deck in ("25", "33"):
        with pytest.raises(RulesError, match=f"^no_trump does not apply to the {deck}-card deck: no text gives"):
            Rules(no_trump=True, deck=deck)
    with pytest.raises(RulesError, match="rule no_trump must be true or false"):
        Rules(no_trump="yes")


def test_round_two_calls_no_trump_in_every_spelling():
    s = _round_two()
    assert s.legal_actions() == ["pass", "d", "d alone", "h", "h alone", "s", "s alone", "n", "n alone"]
    for text in ("n", "N", "nt", "no trump", "No-Trump", "notrump"):
        t = _round_two()
        t.apply(text)
        assert t.trump == 4 and t.bids[-1] == "n" and t.maker_seat == 0 and t.phase == "play"
    t = _round_two()
    t.apply("no trump alone")
    assert t.bids[-1] == "n alone" and t.alone == 0 and not t.active[2]


def test_no_trump_is_refused_without_the_option_and_in_round_one():
    s = _round_two(Rules())
    assert "n" not in s.legal_actions()
    with pytest.raises(IllegalActionError, match=r"no trump may not be called \(the no_trump option is off\)"):
        s.apply("n")
    r1 = HandState(NT, 3, _round_two().dealt, parse_card("9c"))
    with pytest.raises(IllegalActionError, match="in round one the calls are pass, order and order alone"):
        r1.apply("n")


def test_the_led_suit_wins_and_jacks_are_plain():
    s = replay(json.loads(EXAMPLE.read_text()))
    res = s.result()
    assert res.trump == "n" and res.tricks == (5, 0) and res.points == (2, 0)
    # trick 2: Ad led; seat 1's jack of diamonds is only a jack
    assert s.trick_winners == [0, 0, 0, 0, 0]
    # trick 4: Qd led, nobody else holds a diamond: the queen wins over the Qh, Kc and 9h
    assert s.plays[12:16] == [parse_card(c) for c in ("Qd", "Qh", "Kc", "9h")]
    dd = double_dummy(s)
    assert [e["best"] for e in dd] == [5 if e["seat"] % 2 == 0 else 0 for e in dd]
    assert review_record(record_from_state(s)) == res
    # the same deal without the option: eldest may not call it
    rec = json.loads(EXAMPLE.read_text()) | {"rules": "north-american"}
    with pytest.raises(Exception, match="the no_trump option is off"):
        replay(rec)


@pytest.mark.parametrize("rules", [NT.replace(stick_the_dealer=True, defend_alone=True),
                                   PRESETS["australian32"].replace(no_trump=True, hand_size=7),
                                   NT.replace(alone_declared="before_lead", railroad=True)],
                         ids=["stick-defend-alone", "32-seven-cards", "before-lead-railroad"])
def test_random_hands(rules):
    seen = 0
    for _, s in random_hands(rules, 1500, 404, 0.8):
        check_hand(s)
        seen += s.trump == 4
        if s.trump == 4 and seen % 7 == 1:
            assert review_record(record_from_state(s)) == s.result()
    assert seen > 40


def test_the_point_count_counts_tops_and_length():
    assert no_trump_points(parse_hand("As Ks Ah Kc 9c")) == 7.0      # A-K, A, guarded K
    assert no_trump_points(parse_hand("As Ks Qs Js 9h")) == 9.5      # a run of four, one long card
    assert no_trump_points(parse_hand("Ah Ad Ac As 9s")) == 8.0
    assert no_trump_points(parse_hand("Jh Jd Kh Qh 9s")) == 1.0      # the bowers count nothing
    assert no_trump_points(parse_hand("Kh 9s Ts Qd Qc")) == 0.25     # a bare king
    s = _round_two()
    assert PointCountPolicy()(s) == "n"        # 8.0 for no trump, 6.25 for spades
    s = _round_two(Rules())
    assert PointCountPolicy()(s) == "pass"     # without the option: spades 6.25 is short of 6.5
    # two aces reach call_no_trump (4.0) when no suit reaches call; one ace does not
    others = ("Jh Jd Kh Qh Th", "As Kc Jc Td Js", "Ac Ks Qs Kd 9d")
    s = _round_two(hands=[parse_hand(x) for x in ("Ah Ad 9s Ts Qc", *others)])
    assert no_trump_points(s.hands[0]) == 4.0 and PointCountPolicy()(s) == "n"
    s = _round_two(hands=[parse_hand(x) for x in ("Ah Qd 9s Ts Qc", *others)])
    assert no_trump_points(s.hands[0]) == 2.0 and PointCountPolicy()(s) == "pass"
    # with both bowers, the suit's margin beats no trump's
    s = _round_two(hands=[parse_hand(x) for x in ("Jh Jd Ah Ac As", "9s Ks Kh Qh Ts", "Kc Qc Td Js 9h",
                                                  "Jc Th Kd Qs Ad")], up="9c")
    assert PointCountPolicy()(s) in ("h", "h alone")


def test_variants_sets_no_trump_beside_the_standard_game():
    r = es.variants("24", samples=400, seed=3, rules=NT)
    assert [d.deck for d in r.columns] == ["24 no trump", "24 four-handed"]
    nt, std = (d.figures for d in r.columns)
    assert nt["no_trump"].value > 0 and "no_trump" not in std and "no_trump_make" not in std
    assert nt["no_trump_make"].n == round(nt["no_trump"].value * nt["no_trump"].n)
    assert nt["maker_dealer"].n == std["maker_dealer"].n == 400
    text = r.to_text()
    assert text.startswith("four-handed euchre with no trump beside the four-handed game")
    assert "call_no_trump 4.0 (duplicate matches, not self-play)" in text and "no_trump_make" in text
    assert "no_trump" not in r.to_dict()["decks"]["24"]["four_handed"]
    frame = r.to_frame()
    assert set(frame[frame.game == "no trump"].figure) == set(GAME_FIGURES)
    assert "no_trump" not in es.variants("24", samples=20, seed=3, players=2).to_text()
    cut = es.variants("24", samples=60, seed=3, rules=NT, players=3)
    assert [d.deck for d in cut.columns] == ["24 cutthroat no trump", "24 four-handed"]
    with pytest.raises(RulesError, match="no_trump does not apply to the 25-card deck"):
        es.variants("24,25", samples=10, seed=3, rules=NT)
    # with no deck named, the decks no_trump applies to
    assert [d.deck.split()[0] for d in es.variants(samples=20, seed=3, rules=NT, model="dd").columns] == \
        ["24", "24", "28", "28", "32", "32"]


def test_odds_gives_the_no_trump_hand_exactly():
    for deck, n in (("24", 24), ("28", 28), ("32", 32)):
        for h in (5, 7):
            if deck != "32" and h == 7:
                continue
            want = sum((Fraction(comb(4, k) * comb(n - 4, h - k), comb(n, h)) for k in (3, 4)), Fraction(0))
            assert deck_odds(deck, h).no_trump_hand == want
    assert deck_odds("25").no_trump_hand is None and deck_odds("33").no_trump_hand is None


def test_the_bidding_model_counts_no_trump_as_the_point_count_policy_does():
    rng = np.random.default_rng(5)
    hands = np.array([sum(1 << int(c) for c in rng.choice(NT.deck_obj.cards, 5, replace=False))
                      for _ in range(500)], dtype=np.uint64)
    assert no_trump_strength(hands).tolist() == [no_trump_points(int(h)) for h in hands]
    m = default_model()
    assert (m.strength(hands, 4) == no_trump_strength(hands)).all()
    mixed = m.strength(hands, np.arange(500) % 5)
    assert (mixed[4::5] == no_trump_strength(hands[4::5])).all() and (mixed[0::5] == m.strength(hands[0::5], 0)).all()
    count, trump, thr = m.round_two_call(hands, 2, 0, no_trump=True)
    plain, suit = m.best_call(hands, 2, 0)
    nt = trump == 4
    assert nt.any() and (~nt).any()
    assert (count[nt] - thr[nt] > plain[nt] - m.call[0]).all() and (suit[~nt] == trump[~nt]).all()
    assert (m.round_two_call(hands, 2, 0)[1] == suit).all()  # without the option: the suits only


def test_the_auction_calls_no_trump_only_under_the_option():
    rng = np.random.default_rng(8)
    up = parse_card("9h")
    rest = [c for c in NT.deck_obj.cards if c != up]
    hands = np.array([[sum(1 << int(c) for c in d[5 * s:5 * s + 5]) for s in range(4)]
                      for d in (rng.permutation(rest) for _ in range(3000))], dtype=np.uint64)
    with_nt = Auction(NT, default_model(), up).finish(hands, 1, 0, np.random.default_rng(1))
    without = Auction(Rules(), default_model(), up).finish(hands, 1, 0, np.random.default_rng(1))
    assert (with_nt.trump[with_nt.maker >= 0] == 4).sum() > 20
    assert not (without.trump[without.maker >= 0] == 4).any()
    # the same random numbers: round one is bid alike, and no trump is only ever called in round two
    r1 = without.up_known >= 0
    assert (with_nt.maker[r1] == without.maker[r1]).all()


def test_call_offers_no_trump_and_a_lone_run_of_spades_marches():
    for model in ("pimc", "dd"):
        d = es.call("As Ks Qs Js Ts", "9h", "eldest", rules=NT, samples=200, seed=1, model=model)
        by = {o.action: o for o in d.options}
        assert by["n alone"].ev == 4.0 and by["n"].ev == 2.0 and d.recommendation == "n alone"
    plain = es.call("As Ks Qs Js Ts", "9h", "eldest", samples=50, seed=1, model="dd")
    assert "n" not in {o.action for o in plain.options}


def test_lead_takes_no_trump_under_the_option():
    d = es.lead("As Ks Ac Ad Qd", "n", "eldest", "eldest", rules=NT, up="9c", samples=300, seed=1)
    assert d.inputs["trump"] == "n" and {o.action for o in d.options} == {"As", "Ks", "Ac", "Ad", "Qd"}
    assert all(o.p_make <= 1 and o.ev <= 2 for o in d.options)
    with pytest.raises(DecisionInputError, match=r"trump 'n' \(no trump\) needs rules with no_trump"):
        es.lead("As Ks Ac Ad Qd", "n", "eldest", "eldest", samples=10, seed=1)


def test_alone_takes_no_trump_under_the_option():
    late = NT.replace(alone_declared="before_lead")
    d = es.alone("As Ks Qs Js Ts", "n", "eldest", "eldest", rules=late, up="9c", samples=100, seed=1, model="dd")
    by = {o.action: o for o in d.options}
    # with partner: the partner may still go alone (British timing), so not always 2
    assert d.inputs["trump"] == "n" and by["alone"].ev == 4.0 and by["with partner"].ev > 1.9
    # British: the loner's left leads, and a hand of spades alone never gets in (no trump to ruff with)
    brit = PRESETS["british"].replace(deck="24", no_trump=True)
    d = es.alone("As Ks Qs Js Ts", "n", "eldest", "eldest", rules=brit, up="9c", samples=100, seed=1, model="dd")
    by = {o.action: o for o in d.options}
    assert by["alone"].ev < -1.5 and by["with partner"].ev > 1.9
    with pytest.raises(DecisionInputError, match=r"trump 'n' \(no trump\) needs rules with no_trump"):
        es.alone("As Ks Qs Js Ts", "n", "eldest", "eldest", rules=PRESETS["british"].replace(deck="24"),
                 samples=10, seed=1)


@pytest.mark.parametrize("model", ["pimc", "dd"])
def test_the_smaller_games_questions_offer_no_trump(model):
    two = es.call("As Ks Qs Js Ts", "9h", "eldest", rules=NT, players=2, samples=150, seed=1, model=model)
    by = {o.action: o for o in two.options}
    assert by["n"].ev == 2.0 and two.recommendation == "n"   # the run of spades marches: 2 points, none to them
    cut = es.call("As Ks Ac Ad Qd Kc 9c", "9h", "eldest", rules=NT, players=3, samples=100, seed=1, model=model)
    assert "n" in {o.action for o in cut.options}
    lead = es.lead("As Ks Ac Ad Qd", "n", "eldest", "eldest", rules=NT, players=2, up="9c", samples=100, seed=1,
                   model=model)
    assert lead.inputs["trump"] == "n"
    assert "n" not in {o.action for o in es.call("As Ks Qs Js Ts", "9h", "eldest", players=2, samples=20, seed=1,
                                                  model=model).options}


def test_the_analyses_that_do_not_call_no_trump_say_so():
    with pytest.raises(RulesError, match="^no_trump: strategy tables and advise do not value a no-trump call"):
        es.advise("Jh Jd Ah 9s Tc", "9h", "eldest", rules=NT, samples=10, seed=1)
    with pytest.raises(BiddingModelError, match="^no_trump: the smaller games' bidder"):
        tune_game_bidder(NT.replace(players=2), deals=10)
    with pytest.raises(BiddingModelError, match="^no_trump: tune fits the suits' thresholds only"):
        tune(NT, deals=10)


def test_the_dd_pass_model_is_refused_where_no_trump_may_be_called():
    """Its double-dummy bidders never name no trump: with the option on they would value a pass as if
    nobody ever called it, so order and call refuse it, naming the model and the way out."""
    with pytest.raises(DecisionInputError, match="pass model 'dd' with no trump.*--pass-model hand"):
        es.call("As Js Qh Ad Td", "Kh", "eldest", rules=NT, pass_model="dd", samples=50, seed=1, model="dd")
    with pytest.raises(DecisionInputError, match="pass model 'dd' with no trump"):
        es.order("As Js Qh Ad Td", "Kh", "eldest", rules=NT, pass_model="dd", samples=50, seed=1, model="dd")
    assert es.call("As Js Qh Ad Td", "Kh", "eldest", pass_model="dd", samples=50, seed=1, model="dd").options
