"""The rules model: options, presets, card order under trump, following suit, tricks, scores."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from euchre_stats.core.cards import (JOKER, RED_JOKER, card_name, card_twin, cards_to_mask, parse_card, parse_cards,
                                     parse_hand)
from euchre_stats.core.decks import Deck
from euchre_stats.core.errors import RulesError
from euchre_stats.core.trump import (
    card_power,
    effective_suit,
    holds_natural_trump,
    is_trump,
    legal_plays,
    trick_winner_index,
)
from euchre_stats.rules import (NORTH_AMERICAN, OPTIONS, PRESETS, TABLES, Rules, first_leader, hand_points, load_rules,
                                 preset)


def expected_order(deck: Deck, trump: int) -> dict[int, list[str]]:
    """Cards of each effective suit, best first, written out by hand from RULES.md."""
    ranks = [r for r in "AKQJT987" if "789TJQKA".index(r) >= deck.lowest_rank]
    s = "cdhs"
    out = {}
    for suit in range(4):
        if suit == trump:
            cards = (["Jk"] if deck.has_joker else []) + ["J" + s[suit], "J" + s[3 - suit]]
            cards += [r + s[suit] for r in ranks if r != "J"]
        else:
            cards = [r + s[suit] for r in ranks if not (r == "J" and suit == 3 - trump)]
        out[suit] = cards
    return out


@pytest.mark.parametrize("deck", [d for d in Deck if not d.doubled])
@pytest.mark.parametrize("trump", range(4))
def test_rank_order_under_trump(deck, trump):
    want = expected_order(deck, trump)
    for suit, names in want.items():
        cards = [c for c in deck.cards if effective_suit(c, trump) == suit]
        got = [card_name(c) for c in sorted(cards, key=lambda c: -card_power(c, trump))]
        assert got == names
        assert len(set(card_power(c, trump) for c in cards)) == len(cards)
    trump_min = min(card_power(parse_card(n), trump) for n in want[trump])
    plain_max = max(card_power(parse_card(n), trump) for s, ns in want.items() if s != trump for n in ns)
    assert trump_min > plain_max
    assert is_trump(JOKER, trump) and is_trump(parse_card("J" + "cdhs"[3 - trump]), trump)


@pytest.mark.parametrize("trump", range(4))
def test_doubled_pack_order_under_trump(trump):
    """The doubled 25-card pack: every card of the 25-card deck twice, twins equal in power; of the
    two Jokers the one of trump's colour (black: clubs, spades) is the higher."""
    single = expected_order(Deck.D25, trump)
    high, low = ("Jk", "Jr") if trump in (0, 3) else ("Jr", "Jk")
    for suit, names in single.items():
        cards = [c for c in Deck.D50.cards if effective_suit(c, trump) == suit]
        got = [card_name(c) for c in sorted(cards, key=lambda c: (-card_power(c, trump), c))]
        want = [n for name in names for n in ((high, low) if name == "Jk" else (name, name))]
        assert got == want
    assert card_power(RED_JOKER, trump) != card_power(JOKER, trump) and is_trump(RED_JOKER, trump)


def test_doubled_pack_later_twin_wins():
    ah, kh = parse_card("Ah"), parse_card("Kh")
    ah2 = card_twin(ah)
    assert trick_winner_index([ah, kh, ah2], 0) == 2 and trick_winner_index([ah2, ah], 0) == 1
    assert trick_winner_index([kh, ah2, ah], 0) == 2 and trick_winner_index([ah, card_twin(kh)], 0) == 0
    assert trick_winner_index([JOKER, RED_JOKER], 2) == 1 and trick_winner_index([RED_JOKER, JOKER], 3) == 1
    jh = parse_card("Jh")
    assert trick_winner_index([card_twin(jh), jh], 2) == 1 and trick_winner_index([jh, card_twin(jh), ah], 2) == 1


@pytest.mark.parametrize("hand, trump, led, legal", [
    ("Jd Kd 9d Ac Kc", 2, "Ad", "Kd 9d"),        # the left bower is no diamond when hearts are trump
    ("Jd Kc Ac Qs Ts", 2, "Ah", "Jd"),           # ... but must follow a heart lead
    ("Jd Kc Ac Qs Ts", 2, "Jd", "Jd"),           # left bower led: trump led
    ("Jk Kc Ac Qs Ts", 2, "9h", "Jk"),           # the Joker follows trump
    ("Jk Kd Ac Qs Ts", 2, "Ad", "Kd"),           # and is no diamond
    ("Jk Kc Ac Qs Ts", 1, "Jh", "Jk"),           # Jh is the left bower of diamonds
    ("Kc Ac Qs Ts 9s", 2, "Ah", "Kc Ac Qs Ts 9s"),  # void: anything
    ("Kc Ac Qs Ts 9s", 2, None, "Kc Ac Qs Ts 9s"),  # leading: anything
    ("Js Ac Qc Ts 9s", 3, "Ac", "Ac Qc"),        # Jc? not held; Js is trump, not a club
    ("Jc Ac Qc Ts 9s", 3, "Kc", "Ac Qc"),        # Jc is the left bower of spades, no club
])
def test_follow_suit(hand, trump, led, legal):
    led_card = None if led is None else parse_card(led)
    assert legal_plays(parse_hand(hand), trump, led_card) == parse_hand(legal)


@pytest.mark.parametrize("cards, trump, winner", [
    ("9h Ah Kh Qh", 3, 1),      # highest of the led suit
    ("9h Ah 9s Qh", 3, 2),      # a trump wins
    ("9h Ah Jc Qh", 3, 2),      # the left bower is a trump
    ("Jc Js Ah Jk", 3, 3),      # the Joker beats the right bower
    ("Jc Js Ah As", 3, 1),      # right beats left
    ("Ah Ad Ac As", 0, 2),      # only trump
    ("Td Ad", 2, 1),            # two players (a loner against a lone defender)
    ("Td Ah Qd", 2, 1),
])
def test_trick_winner(cards, trump, winner):
    assert trick_winner_index(parse_cards(cards), trump) == winner


def naive_winner(cards, trump):
    def key(c):
        if is_trump(c, trump):
            return (2, card_power(c, trump))
        if effective_suit(c, trump) == effective_suit(cards[0], trump):
            return (1, card_power(c, trump))
        return (0, 0)
    return max(range(len(cards)), key=lambda i: key(cards[i]))


@given(st.lists(st.sampled_from(Deck.D33.cards), min_size=2, max_size=4, unique=True), st.integers(0, 3))
def test_trick_winner_matches_naive(cards, trump):
    assert trick_winner_index(cards, trump) == naive_winner(cards, trump)


@given(st.lists(st.sampled_from(Deck.D33.cards), min_size=1, max_size=8, unique=True),
       st.sampled_from(Deck.D33.cards), st.integers(0, 3))
def test_legal_plays_matches_naive(hand, led, trump):
    if led in hand:
        return
    same = [c for c in hand if effective_suit(c, trump) == effective_suit(led, trump)]
    assert legal_plays(cards_to_mask(hand), trump, led) == cards_to_mask(same or hand)


# --- scoring: every row of the table and every option ------------------------------------------------
@pytest.mark.parametrize("changes, tricks, alone, def_alone, points", [
    ({}, 3, False, False, (1, 0)),
    ({}, 4, False, False, (1, 0)),
    ({}, 3, True, False, (1, 0)),
    ({}, 4, True, False, (1, 0)),
    ({}, 5, False, False, (2, 0)),
    ({}, 5, True, False, (4, 0)),
    ({}, 5, True, True, (4, 0)),
    ({}, 2, False, False, (0, 2)),
    ({}, 0, False, False, (0, 2)),
    ({}, 2, True, False, (0, 2)),
    ({"defend_alone": True}, 2, True, True, (0, 4)),
    ({"defend_alone": True, "lone_defender_points": 5}, 1, True, True, (0, 5)),
    ({"defend_alone": True, "lone_defender_points": 1}, 1, True, True, (0, 2)),
    ({"super_euchre": True}, 0, False, False, (0, 4)),
    ({"super_euchre": True}, 1, False, False, (0, 2)),
    ({"hand_size": 7, "deck": "32"}, 4, False, False, (1, 0)),
    ({"hand_size": 7, "deck": "32"}, 3, False, False, (0, 2)),
    ({"hand_size": 7, "deck": "32"}, 7, True, False, (4, 0)),
])
def test_hand_points(changes, tricks, alone, def_alone, points):
    assert hand_points(NORTH_AMERICAN.replace(**changes), tricks, alone, def_alone) == points


def test_hand_points_range():
    with pytest.raises(RulesError, match="maker tricks 6 outside 0..5"):
        hand_points(NORTH_AMERICAN, 6, False)


# --- options and presets --------------------------------------------------------------------------
def test_defaults_and_presets():
    r = Rules()
    assert (r.deck, r.hand_size, r.game_to, r.lead_after_alone) == ("24", 5, 10, "eldest")
    assert not any([r.stick_the_dealer, r.canadian_loner, r.defend_alone, r.super_euchre,
                    r.dealer_needs_trump, r.passer_may_not_go_alone, r.joker_upcard_rule, r.win_by_two])
    assert r.dealer_may_discard_upcard and r.lone_defender_points == 4 and r.tricks_to_make == 3
    b = preset("UK")
    assert b.deck == "25" and b.joker_upcard == "blind" and b.defend_alone and b.game_to == 11
    assert b.canadian_loner and b.lead_after_alone == "left_of_loner" and b.alone_declared == "before_lead"
    assert preset("stick").stick_the_dealer and preset("canadian").canadian_loner
    assert not preset("canadian").stick_the_dealer  # no text ties stick the dealer to Canada
    a = preset("australian")
    assert (a.deck, a.canadian_loner, a.game_to) == ("32", True, 11)
    assert Rules(deck="benny").deck == "25" and Rules(deck="32", hand_size=7).tricks_to_make == 4


@pytest.mark.parametrize("kwargs, message", [
    ({"deck": "26"}, "unknown deck '26'"),
    ({"hand_size": 6}, "hand_size 6 does not fit the 24-card deck (1..5)"),
    ({"stick_the_dealer": "yes"}, "rule stick_the_dealer must be true or false, got 'yes'"),
    ({"lead_after_alone": "dealer"}, "lead_after_alone 'dealer': expected one of eldest, left_of_loner"),
    ({"game_to": 12}, "game_to 12: expected one of 5, 7, 10, 11, 15"),
    ({"lone_defender_points": 0}, "lone_defender_points must be a positive whole number, got 0"),
])
def test_bad_options(kwargs, message):
    with pytest.raises(RulesError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Rules(**kwargs)


def _presets_table() -> list[dict]:
    """The preset table of docs/rules.md, one dict per row."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text()
    section = text.split("## Presets", 1)[1]
    lines = [ln for ln in section.splitlines() if ln.startswith("|")]
    head = [c.strip() for c in lines[0].strip("|").split("|")]
    rows = []
    for ln in lines[2:]:
        cells = [c.strip() for c in ln.strip("|").split("|")]
        rows.append(dict(zip(head, cells)))
    return rows


def test_presets_match_the_table_in_the_docs():
    rows = _presets_table()
    assert [r["preset"].strip("`") for r in rows] == list(PRESETS)
    listed = [k for k in rows[0] if k not in ("preset", "source")]
    for row in rows:
        rules = PRESETS[row["preset"].strip("`")]
        for key in listed:
            got = getattr(rules, key)
            want = {"on": True, "off": False}.get(row[key], row[key])
            assert str(got) == str(want), (row["preset"], key)
        # every option the table does not list is the north-american default
        for f in dataclasses.fields(Rules):
            if f.name not in listed:
                assert getattr(rules, f.name) == getattr(NORTH_AMERICAN, f.name), (row["preset"], f.name)
        assert row["source"]


def test_every_option_is_documented_with_its_source():
    text = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text()
    for name in OPTIONS:
        rows = [ln for ln in text.splitlines() if ln.startswith(f"| `{name}` |")]
        assert len(rows) == 1, name
        assert rows[0].rstrip().endswith("|") and rows[0].count("|") == 5, name  # option, default, meaning, source
    assert set(OPTIONS) == {f.name for f in dataclasses.fields(Rules)} - {"table"}


def test_a_custom_table_is_no_rule_option():
    """``table`` (a program's own :class:`Table`) is neither read from JSON nor written as an option."""
    with pytest.raises(RulesError, match="unknown rule option 'table'"):
        Rules.from_json({"table": "toy"})
    assert "table" not in NORTH_AMERICAN.to_dict()
    with pytest.raises(RulesError, match="expected a Table of 4 seats"):
        Rules(table=TABLES[6])


def test_legacy_joker_option():
    assert Rules.from_json({"joker_upcard_rule": True}).joker_upcard == "blind"
    assert NORTH_AMERICAN.replace(joker_upcard_rule=False).joker_upcard == "throw_in"
    assert NORTH_AMERICAN.replace(joker_upcard="almonte").joker_upcard_rule
    with pytest.raises(RulesError, match="contradicts"):
        Rules.from_json({"joker_upcard_rule": False, "joker_upcard": "blind"})
    with pytest.raises(RulesError, match="joker_upcard 'sometimes'"):
        Rules(joker_upcard="sometimes")


def test_json_forms():
    assert Rules.from_json("north-american") == NORTH_AMERICAN
    assert Rules.from_json({"super_euchre": True}) == NORTH_AMERICAN.replace(super_euchre=True)
    assert load_rules('{"deck": "33", "hand_size": 7}').deck == "33"
    assert Rules.from_json(NORTH_AMERICAN.to_dict()) == NORTH_AMERICAN
    assert json.loads(json.dumps(PRESETS["british"].to_dict())) == PRESETS["british"].to_dict()
    with pytest.raises(RulesError, match="unknown rule option 'colour'"):
        Rules.from_json({"colour": "red"})
    with pytest.raises(RulesError, match="unknown rule option 'colour'"):
        NORTH_AMERICAN.replace(colour="red")
    with pytest.raises(RulesError, match="unknown rules preset 'mars'"):
        preset("mars")
    with pytest.raises(RulesError, match="rules JSON"):
        load_rules("{bad")
    with pytest.raises(RulesError, match="rules must be a preset name or an object of options"):
        Rules.from_json(5)


def test_describe():
    assert NORTH_AMERICAN.describe() == "north-american: 24-card deck, 5 cards each, game to 10"
    d = NORTH_AMERICAN.replace(dealer_may_discard_upcard=False, defend_alone=True,
                               lone_defender_points=5, lead_after_alone="left_of_loner",
                               win_by_two=True).describe()
    assert d.startswith("custom: ") and "dealer may not discard the upcard" in d
    assert "lone defender euchre 5 points" in d and "left of the loner leads" in d and "win by two" in d


# --- seats ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lead, dealer, maker_alone, defender_alone, leader", [
    ("eldest", 3, None, None, 0),
    ("eldest", 3, 2, None, 1),           # eldest (0) sits out
    ("eldest", 3, 1, None, 0),
    ("eldest", 0, 3, 2, 2),              # eldest sits out (partner of the lone defender)
    ("left_of_loner", 3, 1, None, 2),
    ("left_of_loner", 3, 2, None, 3),
    ("left_of_loner", 3, 3, None, 0),
    ("left_of_loner", 3, 0, 1, 1),       # two loners: the defender leads
    ("left_of_loner", 3, None, None, 0),
    ("eldest", 3, None, 1, 0),           # a lone defender against a maker with a partner
    ("eldest", 3, None, 2, 1),           # eldest sits out behind the lone defender (seat 2)
    ("left_of_loner", 3, None, 1, 2),    # left of the lone defender (seat 3 sits out)
    ("left_of_loner", 3, None, 0, 1),
])
def test_first_leader(lead, dealer, maker_alone, defender_alone, leader):
    r = NORTH_AMERICAN.replace(lead_after_alone=lead)
    assert first_leader(r, dealer, maker_alone, defender_alone) == leader


def test_holds_natural_trump():
    assert holds_natural_trump(parse_hand("9h As Ks Qs Ts"), 2)
    assert not holds_natural_trump(parse_hand("Jd As Ks Qs Ts"), 2)   # left bower not counted
    assert holds_natural_trump(parse_hand("Jk As Ks Qs Ts"), 2)       # the Joker counts


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_hand_point_values_are_exactly_what_hand_points_array_scores(name, players):
    """Every preset and table size: the values the equity chain expects are the values a hand can score."""
    import numpy as np

    from euchre_stats.core.errors import RulesError
    from euchre_stats.rules import for_players, hand_point_values, hand_points_array

    try:
        rules = for_players(PRESETS[name], players)
    except RulesError:
        pytest.skip("not a rule set of that table")
    scored = set()
    for ldp in {rules.lone_defender_points, 5}:
        try:
            r = rules.replace(lone_defender_points=ldp)
        except RulesError:
            continue
        t = np.arange(r.hand_size + 1)
        for alone in (False, True):
            for dalone in ((False, True) if r.defend_alone else (False,)):
                m, d = hand_points_array(r, t, np.full(len(t), alone), np.full(len(t), dalone))
                got = {int(x) for x in np.concatenate([m, d]) if x}
                assert got <= set(hand_point_values(r)), (name, players, ldp, alone, dalone)
                scored |= got if ldp == rules.lone_defender_points else set()
    assert scored == set(hand_point_values(rules)) or players == 2


@pytest.mark.parametrize("typed, meant", [("stick_dealer", "'stick_the_dealer'"),
                                          ("stick-the-dealer", "'stick_the_dealer'"), ("gameto", "'game_to'"),
                                          ("canadian", "'canadian_loner'")])
def test_a_mistyped_rule_key_is_answered_with_the_key_meant(typed, meant):
    from euchre_stats.core.errors import RulesError

    with pytest.raises(RulesError, match=rf"unknown rule option '{typed}'; did you mean {meant}"):
        Rules.from_json({typed: True})
    with pytest.raises(RulesError, match=rf"did you mean {meant}"):
        NORTH_AMERICAN.replace(**{typed: True})
    with pytest.raises(RulesError, match=r"unknown rule option 'zzz'$"):
        Rules.from_json({"zzz": 1})
