"""Six-handed euchre (three against three, seats alternating, five cards each from the 33-card deck):
the rules options, the state machine over random hands checked against invariants derived here
from the rule text, the loner's exchange with a partner, records, and the double-dummy review
against plain minimax."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from euchre_stats.cli.main import cli
from euchre_stats.core.cards import card_face, card_name, parse_hand
from euchre_stats.core.errors import IllegalActionError, RecordError, RulesError
from euchre_stats.core.trump import EFF_SUIT, legal_plays, trick_winner_index
from euchre_stats.game.policies import PointCountPolicy, RandomPolicy
from euchre_stats.game.records import double_dummy, record_from_state, replay, review_record
from euchre_stats.game.state import HandState, play_hand
from euchre_stats.rules import Rules, for_players, hand_points, preset
from naive_seats import naive

SIX = Rules(players=6, deck="33")
DOUBLED = Rules(players=6, deck="50")
JOKER, RED_JOKER = 32, 57


def _points(tricks: int, alone: bool, lone_defender: int | None = None) -> tuple[int, int]:
    """The rule text's table: 3-4 tricks 1; a march 3 (6 alone); a euchre 3 to the defenders
    (``lone_defender``: what a lone defender's euchre scores, the base game's option)."""
    if tricks == 5:
        return (6 if alone else 3), 0
    return (1, 0) if tricks >= 3 else (0, 3 if lone_defender is None else max(3, lone_defender))


def check_six(s: HandState) -> None:
    """Every invariant of a finished six-handed hand, re-derived without the state machine."""
    assert s.phase == "over" and s.to_act is None and len(s.dealt) == 6
    seen = 1 << s.upcard
    for h in s.dealt:
        assert h.bit_count() == 5 and not h & seen
        seen |= h
    if s.thrown_in:
        assert s.trump is None and s.plays == [] and s.points == [0, 0]
        assert s.bids == ["pass"] * 12 or (s.upcard in (JOKER, RED_JOKER)
                                           and s.bids in ([], s.bids[:1] + ["pass"] * 12))
        return
    loner, lone_def = s.alone, s.defender_alone
    out = {(x + k) % 6 for x in (loner, lone_def) if x is not None for k in (2, 4)}
    if lone_def is not None:  # a lone defender is on the other side, and only where the rules allow one
        r = s.rules
        assert r.defend_alone and lone_def % 2 != s.maker_seat % 2
        assert loner is not None or not r.defend_alone_only_against_loner
    active = [seat not in out for seat in range(6)]
    assert active == s.active
    held = list(s.dealt)
    if s.discard is not None:
        # the dealer took up the card: never when sitting out behind a partner alone with the call
        # (alone declared before the lead, and a lone defender, come after the pick-up)
        assert s.dealer not in out or s.rules.alone_declared == "before_lead" or (
            lone_def is not None and lone_def % 2 == s.dealer % 2)
        held[s.dealer] = (held[s.dealer] | (1 << s.upcard)) & ~(1 << s.discard)
    if s.asked is not None:
        lon, partner, card, discard = s.asked
        assert lon == loner and partner in out
        assert (held[partner] >> card) & 1
        held[partner] &= ~(1 << card)
        held[lon] |= 1 << card
        assert (held[lon] >> discard) & 1
        held[lon] &= ~(1 << discard)
    for seat in range(6):
        given = s.asked is not None and seat == s.asked[1]
        assert held[seat].bit_count() == (4 if given else 5)
    t = s.trump
    per = sum(active)
    assert per == 6 - len(out)
    assert len(s.plays) == 5 * per == len(set(s.plays))
    # eldest leads, or the next seat in play clockwise; under left_of_loner the seat in play on the
    # lone player's left, the lone defender with two loners
    if s.rules.lead_after_alone == "left_of_loner" and lone_def is not None and loner is not None:
        leader = lone_def
    else:
        lone = lone_def if loner is None else loner
        leader = ((s.dealer if lone is None or s.rules.lead_after_alone == "eldest" else lone) + 1) % 6
        while not active[leader]:
            leader = (leader + 1) % 6
    winners = []
    for k in range(5):
        cards = s.plays[k * per:(k + 1) * per]
        seats = s.play_seats[k * per:(k + 1) * per]
        expect = [leader]
        while len(expect) < per:
            nxt = (expect[-1] + 1) % 6
            while not active[nxt]:
                nxt = (nxt + 1) % 6
            expect.append(nxt)
        assert seats == expect, "played out of turn"
        for i, (seat, card) in enumerate(zip(seats, cards)):
            assert (held[seat] >> card) & 1, "played a card not held"
            assert (legal_plays(held[seat], t, cards[0] if i else None) >> card) & 1, "did not follow suit"
            held[seat] &= ~(1 << card)
        leader = seats[trick_winner_index(cards, t)]
        winners.append(leader)
    assert winners == s.trick_winners
    assert s.tricks == [sum(1 for w in winners if w % 2 == side) for side in (0, 1)]
    assert s.makers == s.maker_seat % 2
    mk, df = _points(s.tricks[s.makers], loner is not None,
                     None if lone_def is None else s.rules.lone_defender_points)
    assert s.points[s.makers] == mk and s.points[1 - s.makers] == df
    assert (mk, df) == hand_points(s.rules, s.tricks[s.makers], loner is not None, lone_def is not None)


@pytest.mark.parametrize("rules, policy", [
    (SIX, "random"), (SIX.replace(stick_the_dealer=True, dealer_may_discard_upcard=False), "random"),
    (SIX.replace(joker_upcard="blind", lead_after_alone="eldest", dealer_needs_trump=True), "random"),
    (SIX.replace(joker_upcard="almonte", game_to=15), "random"), (SIX, "point-count"),
    (DOUBLED, "random"), (DOUBLED.replace(joker_upcard="blind", stick_the_dealer=True), "random"),
    (DOUBLED, "point-count")])
def test_random_hands(rules, policy):
    deal_rng = np.random.default_rng(61)
    pol = RandomPolicy(np.random.default_rng(62), pass_probability=0.8) if policy == "random" else PointCountPolicy()
    seen = {"thrown_in": 0, "alone": 0, "asked": 0, "round_two": 0, "dealer_out": 0, "lone_march": 0}
    for i in range(1500):
        s = play_hand(HandState.deal(rules, i % 6, deal_rng), pol)
        check_six(s)
        seen["thrown_in"] += s.thrown_in
        seen["alone"] += s.alone is not None
        seen["asked"] += s.asked is not None
        seen["round_two"] += len(s.bids) > 6
        seen["dealer_out"] += not s.thrown_in and not s.active[s.dealer]
        seen["lone_march"] += s.alone is not None and s.tricks[s.makers] == 5
        seen["lone_four"] = seen.get("lone_four", 0) + (s.alone is not None and s.tricks[s.makers] >= 4)
        if i % 37 == 0:
            rec = json.loads(json.dumps(record_from_state(s)))
            assert review_record(rec) == s.result()
    # random loners march about once in 250 hands: 1,500 hands of the doubled pack happen to hold none
    assert seen["alone"] > 50 and seen["asked"] > 20 and seen["lone_four"] > 10, seen
    assert seen["lone_march"] or (rules.deck == "50" and policy == "random"), seen
    assert seen["dealer_out"] and seen["round_two"], seen
    if not rules.stick_the_dealer:
        assert seen["thrown_in"], seen


def test_scores_and_sides():
    # 1 for three or four tricks, 3 for a march or a euchre, 6 for a lone march
    for t in range(6):
        for alone in (False, True):
            assert hand_points(SIX, t, alone) == _points(t, alone)
    s = HandState(SIX, 5, ["9s Ts Qs Ks As", "9h Th Qh Kh Ah", "9d Td Qd Kd Ad", "9c Tc Qc Kc Ac", "Js Jh Jd Jc Jk",
                           "7s 8s 7h 8h 7d"], "8d")
    assert [s.side_of(x) for x in range(6)] == [0, 1, 0, 1, 0, 1]


def test_the_lone_players_exchange():
    hands = ["9s Ts Qs Ks As", "9h Th Qh Kh Ah", "Jk Jd Td Qd Kd", "9c Tc Qc Kc Ac", "Js Jh 9d Jc 8c",
             "7s 8s 7h 8h 7d"]
    s = HandState(SIX, 5, hands, "Ad")
    s.apply("pass")
    s.apply("pass")
    assert s.legal_actions() == ["pass", "order", "order alone"]
    s.apply("order alone")  # seat 2 alone: seats 4 and 0 sit out; the dealer (5) picks up
    assert s.phase == "discard" and s.active == [False, True, True, True, False, True]
    s.apply("7s")
    assert s.phase == "ask" and s.to_act == 2 and s.legal_actions() == ["pass", "ask 4", "ask 0"]
    with pytest.raises(IllegalActionError, match="expected pass or ask and a partner's seat: ask 4 or ask 0"):
        s.apply("ask 3")
    s.apply("ask 4")
    assert s.phase == "give" and s.to_act == 4
    with pytest.raises(IllegalActionError, match="does not hold As"):
        s.apply("As")
    s.apply("Jh")  # the left bower from the partner
    assert s.phase == "take" and s.to_act == 2 and s.hands[2].bit_count() == 6
    s.apply("Kd")
    assert s.phase == "play" and s.to_act == 1  # eldest sits out: the next seat in play leads
    assert s.hands[2] == parse_hand("Jk Jh Jd Td Qd")
    play_hand(s, PointCountPolicy())
    rec = record_from_state(s)
    assert rec["ask"] == {"partner": 4, "card": "Jh", "discard": "Kd"}
    assert review_record(rec) == s.result()
    assert s.result().to_dict()["ask"] == {"loner": 2, "partner": 4, "card": "Jh", "discard": "Kd"}
    # the Joker, both bowers, the queen and the ten of five trumps: a lay-down for 6
    assert s.points == [6, 0]


def test_the_dealers_partner_alone_leaves_the_upcard():
    s = HandState(SIX, 5, ["9s Ts Qs Ks As", "9h Th Qh Kh Ah", "Jk Jd Td Qd Kd", "9c Tc Qc Kc Ac",
                           "Js Jh 9d Jc 8c", "7s 8s 7h 8h 7d"], "Ad")
    s.apply("order alone")  # eldest, an opponent of the dealer: the dealer picks up as usual
    assert s.phase == "discard"
    s = HandState(SIX, 5, ["9s Ts Qs Ks As", "9h Th Qh Kh Ah", "Jk Jd Td Qd Kd", "9c Tc Qc Kc Ac",
                           "Js Jh 9d Jc 8c", "7s 8s 7h 8h 7d"], "Ad")
    s.apply("pass")
    s.apply("order alone")  # seat 1, a partner of the dealer: the dealer sits out and does not pick up
    assert s.phase == "ask" and not s.active[5] and not s.active[3] and s.hands[5] == parse_hand("7s 8s 7h 8h 7d")
    s.apply("pass")
    assert s.phase == "play" and s.to_act == 0  # eldest, a defender, leads


def test_refused_options_say_why():
    for change, words in [({"railroad": True}, "its own exchange"),
                          ({"super_euchre": True}, "a euchre already scores 3"),
                          ({"farmers_hand": True}, "leaves 2"),
                          ({"hand_size": 4}, "deals five cards each"),
                          ({"deck": "25"}, r"33-card deck \(32 cards and the Joker\) or the doubled 25-card pack "
                                           r"\(deck 50\)")]:
        with pytest.raises(RulesError, match=words):
            SIX.replace(**change)
    assert Rules.from_json({"players": 6, "deck": "33"}) == SIX
    assert SIX.describe() == "custom: six-handed euchre, 33-card deck, 5 cards each, game to 10"
    assert for_players(SIX, 4) == Rules(deck="33")
    doubled = SIX.replace(deck="doubled")
    assert doubled.deck == "50"
    assert doubled.describe() == "custom: six-handed euchre, doubled 25-card pack (50 cards), 5 cards each, game to 10"
    with pytest.raises(RulesError, match="the doubled 25-card pack is six-handed euchre's .players 6.; four-handed"):
        for_players(doubled, 4)
    with pytest.raises(RulesError, match="deck '50': the doubled 25-card pack is six-handed"):
        Rules(deck="50")


def test_records_of_the_exchange_are_checked():
    with open("data/examples/six_handed.json") as f:
        rec = json.load(f)
    assert review_record(rec).points == (6, 0)
    # without "ask" the loner plays the cards dealt, and this record's loner never held the left bower
    no_ask = {k: v for k, v in rec.items() if k != "ask"}
    with pytest.raises(RecordError, match=r"play 13 \(trick 4\): seat 2 cannot play 'Jh': does not hold Jh"):
        replay(no_ask)
    with pytest.raises(RecordError, match=r"ask: .*expected pass or ask and a partner's seat: ask 4 or ask 0"):
        replay({**rec, "ask": {"partner": 1, "card": "Jh", "discard": "Kd"}})
    with pytest.raises(RecordError, match=r"ask: .*does not hold As"):
        replay({**rec, "ask": {"partner": 4, "card": "As", "discard": "Kd"}})
    with pytest.raises(RecordError, match="ask must be"):
        replay({**rec, "ask": {"partner": 7, "card": "Jh", "discard": "Kd"}})
    four = {"rules": {"deck": "33"}, "dealer": 3, "hands": rec["hands"][:4], "upcard": "Jh", "bids": ["order"],
            "discard": "9c", "ask": {"partner": 2, "card": "Jd", "discard": "9s"}, "plays": []}
    with pytest.raises(RecordError, match="no loner asks: only a lone player of six-handed euchre"):
        replay(four)


@pytest.mark.parametrize("rules", [SIX, DOUBLED], ids=["33", "50"])
def test_double_dummy_review_against_minimax(rules):
    """The review's best/kept of the last two tricks of random hands against plain minimax (which
    plays by ``trick_winner_index``: in the doubled pack the later of two identical cards wins),
    and every hand's last kept figure against the tricks taken."""
    rng = np.random.default_rng(5)
    pol = PointCountPolicy()
    checked = 0
    for i in range(40):
        s = play_hand(HandState.deal(rules, i % 6, rng), pol)
        if s.thrown_in:
            continue
        dd = double_dummy(s)
        per = sum(s.active)
        out = tuple(x for x in range(6) if not s.active[x])
        assert len(dd) == len(s.plays)
        for d in dd:
            assert d["best"] >= d["kept"] >= 0
        last = dd[-1]
        assert last["kept"] == s.tricks[s.side_of(last["seat"])]
        # from the start of trick 4 the minimax is small: every card of those tricks checked
        start = 3 * per
        hands = [0] * 6
        for seat, card in zip(s.play_seats[start:], s.plays[start:]):
            hands[seat] |= 1 << card
        won = [sum(1 for w in s.trick_winners[:3] if w % 2 == side) for side in (0, 1)]
        for j in range(start, len(s.plays)):
            seat = s.play_seats[j]
            k = (j - start) % per
            table = tuple(s.plays[j - k:j])
            sides = [0 if x % 2 == seat % 2 else 1 for x in range(6)]
            leader = s.play_seats[j - k]
            h = list(hands)
            for x, c in zip(s.play_seats[j - k:j], table):
                h[x] &= ~(1 << c)
            assert dd[j]["best"] == won[seat % 2] + naive(tuple(h), s.trump, leader, sides, out, table), (i, j)
            checked += 1
            if k == per - 1:
                won[s.trick_winners[j // per] % 2] += 1
                for x, c in zip(s.play_seats[j - k:j + 1], s.plays[j - k:j + 1]):
                    hands[x] &= ~(1 << c)
    assert checked > 300


def test_the_doubled_pack_example_record():
    """data/examples/six_handed_doubled.json: in trick 4 seat 0's As is led over, and seat 4's As,
    the other copy played later, takes the trick; the red Joker loses to the black one with clubs
    trump (trick 1 falls to the red Joker, the black Joker leads trick 2)."""
    with open("data/examples/six_handed_doubled.json") as f:
        rec = json.load(f)
    s = replay(rec)
    assert s.rules.deck == "50" and s.trick_winners == [2, 2, 5, 4, 4] and s.points == [1, 0]
    fourth = s.plays[18:24]
    assert [card_name(c) for c in fourth] == ["Qs", "As", "Th", "Qd", "9s", "As"]
    assert fourth[1] != fourth[5] and s.play_seats[19] == 0 and s.play_seats[23] == 4
    assert json.loads(json.dumps(record_from_state(s))) == {**rec, "rules": {"deck": "50", "players": 6}}
    r = CliRunner().invoke(cli, ["review", "data/examples/six_handed_doubled.json", "--double-dummy"])
    assert r.exit_code == 0, r.output
    assert "trick 4  5 Qs 1/1    0 As 4/4    1 Th 1/1    2 Qd 4/4    3 9s 1/1    4 As 4/4" in r.output


def test_review_of_the_example_record():
    runner = CliRunner()
    r = runner.invoke(cli, ["review", "data/examples/six_handed.json", "--double-dummy"])
    assert r.exit_code == 0, r.output
    assert "exchange       seat 2 (third) asked seat 4 (fifth) for a card: given Jh, discarded Kd" in r.output
    assert "points         side 0: 6   side 1: 0" in r.output
    r = runner.invoke(cli, ["review", "data/examples/six_handed.json", "--realistic", "--seed", "1",
                            "--format", "json"])
    assert r.exit_code == 0, r.output
    res = json.loads(r.output)
    plays = res["realistic"]["plays"]
    assert len(plays) == len(res["double_dummy"]) == 20 and res["realistic"]["model"] == "pimc"
    assert [p["card"] for p in plays] == rec_plays()
    # the loner's every card from trick 2 on is a sure 6 by its own worlds
    assert all(p["expected"] == 6.0 for p in plays[4:] if p["seat"] == 2)
    assert all(p["lost"] is None or p["lost"] >= 0 for p in plays)


def rec_plays():
    with open("data/examples/six_handed.json") as f:
        return json.load(f)["plays"]


def _last_trick_exact(s: HandState, j: int, rules: Rules = SIX) -> dict:
    """The mover's exact expected points of each legal card at play ``j`` of the last trick: every
    deal of the unseen cards consistent with what the mover has seen, each once."""
    import itertools

    from euchre_stats.core.trump import SUIT_MASK

    per = sum(s.active)
    start = j - j % per
    mover = s.play_seats[j]
    trick, seats = list(s.plays[start:j]), s.play_seats[start:start + per]
    later = seats[len(trick) + 1:]
    t = s.trump
    seen = sum(1 << c for c in s.plays[:j]) | (1 << s.plays[j])
    if s.discard is None or not s.active[s.dealer]:  # turned down, or taken up by a dealer now sitting out
        seen |= 1 << s.upcard
    if mover == s.dealer and s.discard is not None:
        seen |= 1 << s.discard
    if s.asked is not None and mover == s.asked[0]:
        seen |= 1 << s.asked[3]
    voids = [0] * 6
    for k in range(0, start, per):
        cards = s.plays[k:k + per]
        led = int(EFF_SUIT[t, cards[0]])
        for x, c in zip(s.play_seats[k:k + per], cards):
            if int(EFF_SUIT[t, c]) != led:
                voids[x] |= 1 << led
    unseen = [c for c in rules.deck_obj.cards if not (seen >> c) & 1]
    # the upcard is known in the dealer's hand while the dealer has played no card of its face (with the
    # doubled pack nobody can tell which copy the dealer played)
    face = card_face(s.upcard)
    dealer_played = [c for x, c in zip(s.play_seats[:j + 1], s.plays[:j + 1]) if x == s.dealer]
    up_held = (s.discard is not None and s.dealer in later and s.upcard not in s.plays[:j + 1]
               and all(card_face(c) != face for c in dealer_played))
    mine = s.plays[j]
    won = [sum(1 for w in s.trick_winners[:-1] if w % 2 == side) for side in (0, 1)]
    totals, count = {}, 0
    for pick in itertools.permutations(unseen, len(later)):
        if any((voids[x] >> e) & 1 and (1 << c) & int(SUIT_MASK[t, e]) for x, c in zip(later, pick) for e in range(4)):
            continue
        if up_held and dict(zip(later, pick))[s.dealer] != s.upcard:
            continue
        count += 1
        cards = trick + [mine] + list(pick)  # the last card of each hand: nothing left to choose
        w = seats[trick_winner_index(cards, t)]
        tricks = list(won)
        tricks[w % 2] += 1
        mp, dp = hand_points(rules, tricks[s.makers], s.alone is not None, s.defender_alone is not None)
        totals[mine] = totals.get(mine, 0) + ((mp - dp) if mover % 2 == s.makers else (dp - mp))
    return {card_name(c): v / count for c, v in totals.items()}


@pytest.mark.parametrize("rules", [SIX, DOUBLED], ids=["33", "50"])
def test_realistic_review_of_the_last_trick_matches_every_consistent_deal(rules):
    """Where the review's worlds are every consistent deal (the last trick; with the doubled pack's 24
    unseen cards, its last plays), the card played is worth exactly its brute-force value over those
    deals."""
    from euchre_stats.cardplay.review import realistic_review

    rng = np.random.default_rng(17)
    checked = 0
    for i in range(6 if rules is SIX else 8):
        s = play_hand(HandState.deal(rules, i % 6, rng), PointCountPolicy())
        if s.thrown_in:
            continue
        # the doubled pack: at most 24 x 23 deals with two cards to come, so 600 worlds are every one of them
        # there, as 5,000 were (three to come are 12,144 deals: sampled either way), at an eighth of the cost
        review = realistic_review(s, seed=2, worlds=5000 if rules is SIX else 600)
        per = sum(s.active)
        for j in range(4 * per, 5 * per):
            e = review[j]
            if rules is SIX:
                assert e["exact"]
            elif not e["exact"]:
                assert j < 5 * per - 2, (i, j)  # two cards or fewer to come: 24 x 23 deals at most
                continue
            exact = _last_trick_exact(s, j, rules)
            assert e["expected"] == pytest.approx(exact[e["card"]], abs=1e-12), (i, j)
            checked += 1
    assert checked >= 20


def test_the_doubled_pack_bad_input_says_what_is_wrong(tmp_path):
    """Each a one-line error naming the input, exit 2, no traceback."""
    rec = json.loads(open("data/examples/six_handed_doubled.json").read())
    third = dict(rec, hands=[["As"] + rec["hands"][1][1:] if i == 1 else h for i, h in enumerate(rec["hands"])])
    (tmp_path / "third.json").write_text(json.dumps(third))
    four = {"rules": {"deck": "50"}, "dealer": 3, "hands": [], "upcard": "9h", "bids": [], "plays": []}
    (tmp_path / "four.json").write_text(json.dumps(four))
    runner = CliRunner()
    for args, words in [
        (["odds", "--deck", "50"], "the 50-card deck (the doubled 25-card pack) is six-handed euchre's: use players 6"),
        (["variants", "--deck", "50", "--players", "3", "-n", "10"], "deck 50: the doubled 25-card pack is six-handed"),
        (["review", str(tmp_path / "four.json")], "deck '50': the doubled 25-card pack is six-handed euchre's"),
        (["review", str(tmp_path / "third.json")], "card 'As' appears a third time in 'As Js Ah Qh Tc'"),
        (["lead", "Jh Ah Kc Qc Jr", "--trump", "h", "--maker", "eldest", "--seat", "eldest", "--players", "6"],
         "card 'Jr' is not in the 33-card deck (the red Joker is the doubled 25-card pack's, deck 50)"),
        (["solve", "--hands", "Jh", "Ah", "9s", "Ts", "--trump", "h", "--deck", "50"],
         "the doubled 25-card pack is six-handed euchre's: give six hands"),
    ]:
        r = runner.invoke(cli, args)
        assert r.exit_code == 2 and words in r.output and "Traceback" not in r.output, (args, r.output)


BRITISH6 = preset("british6")


@pytest.mark.parametrize("rules, policy", [
    (BRITISH6, "random"), (BRITISH6.replace(deck="33"), "random"), (BRITISH6, "point-count"),
    (SIX.replace(defend_alone=True, lone_defender_points=5, lead_after_alone="left_of_loner"), "random"),
    (SIX.replace(defend_alone=True, defend_alone_only_against_loner=True, passer_may_not_go_alone=True), "random"),
    (preset("almonte"), "random")])
def test_random_hands_of_the_texts_options(rules, policy):
    """The British (Cornwall) options on six seats: alone declared before the lead by the maker or
    either partner, a lone defender, "I refuse" from either of the dealer's partners, the loner's
    left leading; every hand through the text's invariants and a record round trip."""
    deal_rng = np.random.default_rng(71)
    pol = RandomPolicy(np.random.default_rng(72), pass_probability=0.8) if policy == "random" else PointCountPolicy()
    seen = {"partner_alone": 0, "defender_alone": 0, "both": 0, "refuse": 0, "asked": 0}
    for i in range(1500):
        s = play_hand(HandState.deal(rules, i % 6, deal_rng), pol)
        check_six(s)
        if s.thrown_in:
            continue
        seen["partner_alone"] += s.alone is not None and s.alone != s.maker_seat
        seen["defender_alone"] += s.defender_alone is not None
        seen["both"] += s.alone is not None and s.defender_alone is not None
        seen["refuse"] += (s.alone is not None and s.alone % 2 == s.dealer % 2 and s.alone != s.dealer
                           and len(s.bids) <= 6 and s.discard is None)
        seen["asked"] += s.asked is not None
        if i % 29 == 0:
            rec = json.loads(json.dumps(record_from_state(s)))
            assert review_record(rec) == s.result()
    if policy == "random" and rules.defend_alone:
        assert seen["defender_alone"] > 20, seen
        if not rules.defend_alone_only_against_loner:
            assert seen["defender_alone"] > seen["both"], seen
    if rules.alone_declared == "before_lead" and policy == "random":
        assert seen["partner_alone"] > 20 and seen["both"] and seen["asked"] > 20, seen
    if rules.canadian_loner and policy == "random":
        assert seen["refuse"] > 5, seen


def test_the_texts_six_handed_presets():
    # the British game (British rules page) on six seats: --rules british --players 6
    assert for_players(preset("british"), 6) == BRITISH6 and BRITISH6.name == "british6"
    assert (BRITISH6.deck, BRITISH6.players, BRITISH6.game_to) == ("50", 6, 11)
    assert BRITISH6.defend_alone and BRITISH6.canadian_loner and BRITISH6.joker_upcard == "blind"
    assert BRITISH6.alone_declared == "before_lead" and BRITISH6.lead_after_alone == "left_of_loner"
    assert preset("cornwall") == BRITISH6
    a = preset("almonte")  # "5 cartes à chacun des 6 joueurs", game to 15
    assert (a.players, a.hand_size, a.deck, a.joker_upcard, a.game_to) == (6, 5, "33", "almonte", 15)
    # a lone defender's euchre: lone_defender_points, never below the plain six-handed 3
    assert hand_points(BRITISH6, 2, False, True) == (0, 4)
    assert hand_points(BRITISH6.replace(lone_defender_points=2), 0, True, True) == (0, 3)
    assert hand_points(BRITISH6.replace(lone_defender_needs_all_tricks=True), 1, False, True) == (0, 3)
    assert hand_points(BRITISH6, 5, True, True) == (6, 0)


def test_i_refuse_and_the_loners_left_on_six_seats():
    # seat 5 deals; seats 1 and 3 are the dealer's partners: ordering up is only "order alone"
    seed = next(k for k in range(100) if HandState.deal(BRITISH6, 5, np.random.default_rng(k)).upcard
                not in (JOKER, RED_JOKER))
    s = HandState.deal(BRITISH6, 5, np.random.default_rng(seed))
    s.apply("pass")
    assert s.to_act == 1 and "order" not in s.legal_actions() and "order alone" in s.legal_actions()
    s.apply("order alone")
    assert s.alone == 1 and not s.active[3] and not s.active[5] and s.discard is None
    assert s.phase == "defend" and s.to_act == 0  # defenders from eldest: seats 0, 2, 4
    s.apply("pass")
    s.apply("defend alone")  # seat 2 defends alone: seats 0 and 4 sit out
    assert s.defender_alone == 2 and s.active == [False, True, True, False, False, False]
    assert s.phase == "ask" and s.to_act == 1
    s.apply("pass")
    assert s.phase == "play" and s.to_act == 2  # with two loners the lone defender leads
    # the same options now open on six seats (the six-handed text's base game allows them)
    for change in ({"canadian_loner": True}, {"defend_alone": True}, {"alone_declared": "before_lead"}):
        SIX.replace(**change)
    t = HandState.deal(BRITISH6, 5, np.random.default_rng(seed))
    t.apply("order")  # eldest orders; the dealer takes up and discards, then the makers may go alone
    t.apply(t.legal_actions()[0])
    assert t.phase == "alone" and t.to_act == 0
    t.apply("pass")
    assert t.to_act == 2  # the maker's partners clockwise from the maker
    t.apply("pass")
    assert t.to_act == 4
    t.apply("alone")
    assert t.alone == 4 and t.active == [False, True, False, True, True, True]
    assert t.phase == "defend" and t.to_act == 1
    for _ in range(3):
        t.apply("pass")
    assert t.phase == "ask" and t.to_act == 4
    t.apply("pass")
    assert t.to_act == 5  # the loner's left leads: the seat after 4


def test_realistic_review_with_the_texts_loners_matches_every_consistent_deal():
    """British timing on six seats: a lone maker who may be the maker's partner (the dealer sitting
    out with the upcard it took), a lone defender; the review's last trick against brute force."""
    from euchre_stats.cardplay.review import realistic_review

    rules = BRITISH6.replace(deck="33")
    rng, pol = np.random.default_rng(23), RandomPolicy(np.random.default_rng(24), pass_probability=0.8)
    kinds, checked = set(), 0
    for i in range(400):
        s = play_hand(HandState.deal(rules, i % 6, rng), pol)
        if s.thrown_in or (s.alone is None and s.defender_alone is None):
            continue
        kind = ("partner" if s.alone is not None and s.alone != s.maker_seat else "maker" if s.alone is not None
                else "-", s.defender_alone is not None, s.discard is not None and not s.active[s.dealer])
        if kind in kinds:
            continue
        kinds.add(kind)
        review = realistic_review(s, seed=2, worlds=5000)
        per = sum(s.active)
        for j in range(4 * per, 5 * per):
            e = review[j]
            assert e["exact"]
            assert e["expected"] == pytest.approx(_last_trick_exact(s, j, rules)[e["card"]], abs=1e-12), (i, j)
            checked += 1
    assert {k[0] for k in kinds} >= {"partner", "maker"} and any(k[1] for k in kinds), kinds
    assert any(k[2] for k in kinds), kinds  # a dealer out of play with the upcard it took
    assert checked >= 20
