"""Two-handed Euchre and three-handed cutthroat: rules, random play through the state machine,
hand records, and the double-dummy solver against a plain minimax of the game's own seats."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from euchre_stats.core.cards import parse_card
from euchre_stats.core.decks import find_deck
from euchre_stats.core.errors import IllegalActionError, InconsistentDealError, RecordError, RulesError
from euchre_stats.core.trump import legal_plays, trick_winner_index
from euchre_stats.game.policies import RandomPolicy
from euchre_stats.game.records import double_dummy, load_record, record_from_state, replay, review_record
from euchre_stats.game.state import HandState, game_winner, play_game, play_hand
from euchre_stats.rules import (NORTH_AMERICAN, PRESETS, Rules, first_leader, for_players, hand_points,
                                points_by_side)
from euchre_stats.solver import card_values_many, game_seats, solve_many

from naive_games import naive_game_solve, random_game_position

CUTTHROAT = Rules(players=3, hand_size=7)
TWO = Rules(players=2)
GAMES = {
    "cutthroat": CUTTHROAT,
    "cutthroat-25-stick": CUTTHROAT.replace(deck="25", stick_the_dealer=True, joker_upcard="almonte",
                                            dealer_may_discard_upcard=False, dealer_needs_trump=True),
    "two-handed": TWO,
    "two-handed-32-must-name": TWO.replace(deck="32", stick_the_dealer=True, super_euchre=True),
    "two-handed-25-blind": TWO.replace(deck="25", joker_upcard="blind", dealer_needs_trump=True),
}


# --- rules ---------------------------------------------------------------------------------------
def test_player_counts_and_hand_sizes():
    assert NORTH_AMERICAN.players == 4
    assert for_players(NORTH_AMERICAN, 3) == CUTTHROAT
    assert for_players(CUTTHROAT, 2) == TWO and for_players(TWO, 4) == NORTH_AMERICAN
    assert for_players(PRESETS["stick"], 2).stick_the_dealer
    with pytest.raises(RulesError, match="players 5: expected one of 2, 3, 4"):
        Rules(players=5)
    with pytest.raises(RulesError, match="hand_size 5: three-handed cutthroat deals seven cards each"):
        Rules(players=3)
    with pytest.raises(RulesError, match=r"hand_size 6 does not fit the 24-card deck \(1..5\)"):
        Rules(players=2, hand_size=6)
    assert Rules(players=2, deck="32", hand_size=7).hand_size == 7
    assert CUTTHROAT.describe() == "custom: three-handed cutthroat, 24-card deck, 7 cards each, game to 10"


@pytest.mark.parametrize("option, value", [("canadian_loner", True), ("defend_alone", True), ("railroad", True),
                                           ("alone_declared", "before_lead"), ("lone_defender_points", 5),
                                           ("lead_after_alone", "left_of_loner"),
                                           ("passer_may_not_go_alone", True)])
@pytest.mark.parametrize("players", [2, 3])
def test_partner_options_do_not_apply(option, value, players):
    with pytest.raises(RulesError, match=rf"^{option} {value!r} does not apply to .*: nobody has a partner "
                                         rf"and nobody goes alone \(players {players}\)$"):
        for_players(NORTH_AMERICAN.replace(**{option: value}), players)


def test_game_specific_refusals():
    with pytest.raises(RulesError, match="^canadian_loner True does not apply to three-handed cutthroat"):
        for_players(PRESETS["british"], 3)
    with pytest.raises(RulesError, match="super_euchre does not apply to three-handed cutthroat"):
        CUTTHROAT.replace(super_euchre=True)
    with pytest.raises(RulesError, match="taking up the card is the dealer's right"):
        TWO.replace(dealer_may_discard_upcard=False)


def test_cutthroat_scores():
    r = CUTTHROAT
    assert [hand_points(r, t, False) for t in range(8)] == [(0, 2)] * 4 + [(1, 0), (1, 0), (2, 0), (4, 0)]
    assert points_by_side(r, 0, [4, 2, 1], False) == [1, 0, 0]
    assert points_by_side(r, 1, [1, 6, 0], False) == [0, 2, 0]
    assert points_by_side(r, 2, [0, 0, 7], False) == [0, 0, 4]
    assert points_by_side(r, 0, [3, 3, 1], False) == [0, 2, 0]   # the defender with most tricks
    assert points_by_side(r, 2, [2, 2, 3], False) == [1, 1, 0]   # two defenders level: 1 each
    assert points_by_side(r, 1, [3, 1, 3], False) == [1, 0, 1]
    assert points_by_side(r, 1, [7, 0, 0], False) == [2, 0, 0]


def test_two_handed_scores():
    assert [tuple(points_by_side(TWO, 1, [5 - t, t], False)) for t in range(6)] == \
        [(2, 0)] * 3 + [(0, 1), (0, 1), (0, 2)]
    assert points_by_side(TWO.replace(super_euchre=True), 0, [0, 5], False) == [0, 4]


def test_turn_order_of_the_smaller_tables():
    from euchre_stats.core.seats import next_active

    assert [next_active(s, 0, 3) for s in range(3)] == [1, 2, 0]
    assert [next_active(s, 0, 2) for s in range(2)] == [1, 0]
    assert next_active(0, 0b10, 3) == 2 and next_active(3, 0) == 0
    assert [first_leader(CUTTHROAT, d) for d in range(3)] == [1, 2, 0]
    assert [first_leader(TWO, d) for d in range(2)] == [1, 0]


def test_game_winner_of_three():
    assert game_winner(CUTTHROAT, [10, 9, 3]) == 0
    assert game_winner(CUTTHROAT, [4, 9, 11]) == 2
    assert game_winner(CUTTHROAT, [10, 10, 3]) is None   # level at the top: play on
    assert game_winner(CUTTHROAT.replace(win_by_two=True), [11, 10, 0]) is None


# --- the state machine ---------------------------------------------------------------------------
def _fixed(rules, hands, up, dealer=0):
    return HandState(rules, dealer, hands, up)


def test_cutthroat_bidding_and_lead():
    s = _fixed(CUTTHROAT, ["Jh Jd Ah Kh Qh Ac As", "9s Ts Js Qs Ks 9c Tc", "9d Td Qd Kd Ad Jc Qc"], "Th", dealer=2)
    assert s.eldest == 0 and s.to_act == 0
    assert s.legal_actions() == ["pass", "order"]
    with pytest.raises(IllegalActionError, match="every player already plays alone"):
        s.apply("order alone")
    s.apply("pass"), s.apply("pass"), s.apply("pass")
    assert s.phase == "round_two" and s.to_act == 0
    assert "h alone" not in s.legal_actions() and "s" in s.legal_actions()
    s.apply("s")
    assert (s.phase, s.to_act, s.maker_seat, s.makers) == ("play", 0, 0, 0)


def test_two_handed_dealer_may_leave_the_upcard():
    s = _fixed(TWO, ["Jh Jd Ah Kh Qh", "9s Ts Js Qs Ks"], "9h", dealer=1)
    assert s.to_act == 0
    s.apply("order")
    assert s.phase == "discard" and s.to_act == 1
    assert "9h" in s.legal_actions()
    s.apply("9h")   # the dealer leaves the card: taking it is a right, not a duty
    assert s.hands[1] == s.dealt[1] and s.phase == "play" and s.to_act == 0
    with pytest.raises(IllegalActionError, match="nobody goes alone in two-handed euchre"):
        _fixed(TWO, ["Jh Jd Ah Kh Qh", "9s Ts Js Qs Ks"], "9h").apply("order alone")


def test_wrong_number_of_hands():
    with pytest.raises(InconsistentDealError, match=r"expected three hands \(three-handed cutthroat\)"):
        HandState(CUTTHROAT, 0, ["Jh Jd Ah Kh Qh", "9s Ts Js Qs Ks"], "9h")
    with pytest.raises(InconsistentDealError, match="dealer must be a seat 0-1, got 2"):
        HandState(TWO, 2, ["Jh Jd Ah Kh Qh", "9s Ts Js Qs Ks"], "9h")


def check_hand(s: HandState) -> None:
    """Turn order, following suit, trick winners, each card once and the score, from the plain
    functions of the rules and the trick logic."""
    r = s.rules
    n, np_ = r.hand_size, r.players
    assert s.phase == "over" and s.to_act is None and s.active == [True] * np_
    sides = 3 if np_ == 3 else 2
    if s.thrown_in:
        named = s.bids[:1] if s.upcard == 32 and r.joker_upcard == "almonte" else []
        assert s.bids == named + ["pass"] * (2 * np_) or (s.bids == [] and s.upcard == 32)
        assert s.plays == [] and s.points == [0] * sides and not r.stick_the_dealer
        return
    assert not any(b.endswith("alone") for b in s.bids)
    held = list(s.dealt)
    if s.discard is not None:
        held[s.dealer] = (held[s.dealer] | (1 << s.upcard)) & ~(1 << s.discard)
    assert len(s.plays) == n * np_ == len(set(s.plays))
    leader = first_leader(r, s.dealer)
    assert leader == (s.dealer + 1) % np_
    winners = []
    for k in range(n):
        cards = s.plays[k * np_:(k + 1) * np_]
        seats = s.play_seats[k * np_:(k + 1) * np_]
        assert seats == [(leader + i) % np_ for i in range(np_)], "played out of turn"
        for i, (seat, card) in enumerate(zip(seats, cards)):
            assert (held[seat] >> card) & 1, "played a card not held"
            assert (legal_plays(held[seat], s.trump, cards[0] if i else None) >> card) & 1, "did not follow suit"
            held[seat] &= ~(1 << card)
        leader = seats[trick_winner_index(cards, s.trump)]
        winners.append(leader)
    assert winners == s.trick_winners and not any(held)
    by_seat = [winners.count(p) for p in range(np_)]
    assert s.tricks == by_seat   # the side is the seat in both games
    m = s.maker_seat
    assert s.makers == m
    mk, df = hand_points(r, by_seat[m], False)
    assert s.points[m] == mk and sum(s.points) == mk + df
    if np_ == 3 and df:
        a, b = [p for p in range(3) if p != m]
        want = [1, 1] if by_seat[a] == by_seat[b] else [2 * (by_seat[a] > by_seat[b]), 2 * (by_seat[b] > by_seat[a])]
        assert [s.points[a], s.points[b]] == want


@pytest.mark.parametrize("name", GAMES)
def test_random_hands(name):
    rules = GAMES[name]
    seed = sum(map(ord, name))
    deal_rng = np.random.default_rng(seed)
    policy = RandomPolicy(np.random.default_rng(seed + 1), pass_probability=0.75)
    seen = {"thrown_in": 0, "round_two": 0, "euchre": 0, "tie": 0, "kept_up": 0, "left_up": 0}
    for i in range(3000):
        s = play_hand(HandState.deal(rules, i % rules.players, deal_rng), policy)
        check_hand(s)
        seen["thrown_in"] += s.thrown_in
        seen["round_two"] += len(s.bids) > rules.players
        if not s.thrown_in:
            seen["euchre"] += s.points[s.makers] == 0
            seen["tie"] += sorted(s.points) == [0, 1, 1]
            if s.discard is not None:
                seen["left_up" if s.discard == s.upcard else "kept_up"] += 1
        if i % 37 == 0:
            assert review_record(record_from_state(s)) == s.result()
    assert seen["round_two"] and seen["euchre"] and seen["kept_up"]
    assert bool(seen["thrown_in"]) != rules.stick_the_dealer
    if rules.players == 3:
        assert seen["tie"]
    if rules.dealer_may_discard_upcard:
        assert seen["left_up"]


def test_games_are_played_to_the_end():
    rng = np.random.default_rng(5)
    for rules in (CUTTHROAT, TWO):
        g = play_game(rules, RandomPolicy(np.random.default_rng(6)), rng, dealer=1)
        assert len(g.score) == (3 if rules.players == 3 else 2)
        assert g.winner is not None and g.score[g.winner] >= 10
        assert [h.dealer for h in g.hands[:4]] == [(1 + k) % rules.players for k in range(4)]
        assert g.score == [sum(h.points[p] for h in g.hands) for p in range(len(g.score))]


# --- records -------------------------------------------------------------------------------------
CUTTHROAT_RECORD = {
    "rules": {"players": 3, "hand_size": 7}, "dealer": 0,
    "hands": [["As", "Ks", "Qs", "Ah", "Kh", "Td", "Tc"], ["Js", "Qh", "9h", "Ad", "Kd", "Qc", "Jc"],
              ["9s", "Jh", "Qd", "Jd", "Ac", "Kc", "9c"]],
    "upcard": "Th", "bids": ["order"], "discard": "Qs",
    "plays": ["Qh", "Jd", "Ah", "9s", "Ks", "Js", "Th", "9h", "Jh", "Kc", "Tc", "Jc", "Qd", "Td", "Kd", "Ad",
              "Ac", "Kh", "As", "Qc", "9c"]}


def test_cutthroat_record_replays():
    res = review_record(CUTTHROAT_RECORD)
    assert res.maker_seat == 1 and res.trump == "h"
    assert res.tricks == (3, 1, 3) and res.points == (1, 0, 1)   # euchred; the defenders level
    assert record_from_state(replay(CUTTHROAT_RECORD)) == CUTTHROAT_RECORD


def test_record_errors_name_the_game():
    bad = {**CUTTHROAT_RECORD, "hands": CUTTHROAT_RECORD["hands"][:2]}
    with pytest.raises(RecordError, match=r"hands must be a list of three hands \(seats 0-2\)"):
        load_record(bad)
    with pytest.raises(RecordError, match="dealer must be a seat 0-2, got 3"):
        load_record({**CUTTHROAT_RECORD, "dealer": 3})
    with pytest.raises(RecordError, match="bid 1: seat 1 cannot bid 'order alone': nobody goes alone"):
        replay({**CUTTHROAT_RECORD, "bids": ["order alone"]})


@pytest.mark.parametrize("rules", [CUTTHROAT, TWO], ids=["cutthroat", "two-handed"])
def test_double_dummy_review_matches_the_reference(rules):
    rng = np.random.default_rng(rules.players)
    policy = RandomPolicy(np.random.default_rng(9))
    checked = 0
    while checked < 6:
        s = play_hand(HandState.deal(rules, checked % rules.players, rng), policy)
        if s.thrown_in:
            continue
        dd = double_dummy(s)
        hero = 0 if rules.players == 2 else s.maker_seat
        # from the third trick on (the reference is too slow for seven-card cutthroat hands)
        start = 2 * rules.players
        hands = [0] * rules.players
        for seat, card in zip(s.play_seats[start:], s.plays[start:]):
            hands[seat] |= 1 << card
        total, _ = naive_game_solve(hands, s.trump, s.play_seats[start], rules.players, hero)
        won = sum(1 for w in s.trick_winners[:2] if w == hero)
        mover = s.play_seats[start]
        first = dd[start]
        same = mover == hero
        assert first["best"] == (won + total if same else rules.hand_size - won - total)
        assert all(0 <= e["kept"] <= e["best"] <= rules.hand_size for e in dd)
        checked += 1


# --- the solver against the reference -----------------------------------------------------------
def _solve_game_rows(rows, players):
    """Solve ``(hands, trump, leader, maker, played)`` game positions through :func:`game_seats`."""
    table = []
    for h, t, ld, maker, p in rows:
        where, out = game_seats(players, maker)
        four = [0, 0, 0, 0]
        for seat in range(players):
            four[where[seat]] = h[seat]
        hero = 0 if players == 2 else maker
        table.append((four, t, where[ld], out, list(p) + [-1] * (3 - len(p)), where[hero] & 1))
    hands, trump, leader, out, played, hero_solver_side = (np.array(col) for col in zip(*table))
    hands, played = hands.astype(np.uint64), played.astype(np.int8)
    side0 = solve_many(hands, trump, leader, out, played, threads=1).astype(np.int64)
    values = card_values_many(hands, trump, leader, out, played, threads=1)
    # tricks still to be decided: the cards of the player to move
    tleft = np.array([int(r[0][(r[2] + len(r[4])) % players]).bit_count() for r in rows])
    # solve_many counts side 0's tricks; the reference counts the hero's
    hero = np.where(hero_solver_side == 0, side0, tleft - side0)
    return hero, values


def _check_game(players: int, seed: int, count: int, sizes):
    rng = np.random.default_rng(seed)
    rows = []
    while len(rows) < count:
        deck = ("24", "25", "28", "32", "33")[int(rng.integers(5))]
        dcards = find_deck(deck).cards
        n = int(sizes[int(rng.integers(len(sizes)))])
        if n * players >= len(dcards):
            continue
        hands, trump, leader, played = random_game_position(rng, dcards, players, n, int(rng.integers(players)))
        rows.append((hands, trump, leader, int(rng.integers(players)), played))
    hero, values = _solve_game_rows(rows, players)
    for i, (h, t, ld, maker, p) in enumerate(rows):
        want_total, want_values = naive_game_solve(h, t, ld, players, maker, p)
        got_values = {c: int(values[i, c]) for c in range(33) if values[i, c] >= 0}
        assert (int(hero[i]), got_values) == (want_total, want_values), (i, rows[i])
    return len(rows)


#: hand sizes of the random positions (repeats weight them): the reference's time grows fast with size
CUTTHROAT_SIZES = (1, 2, 3, 4) * 2 + (5,)
TWO_HANDED_SIZES = (1, 2, 3, 4, 5) * 2 + (6,)


def test_cutthroat_solver_matches_reference():
    assert _check_game(3, seed=3, count=1000, sizes=CUTTHROAT_SIZES) == 1000


def test_two_handed_solver_matches_reference():
    assert _check_game(2, seed=2, count=1000, sizes=TWO_HANDED_SIZES) == 1000


@pytest.mark.slow
def test_long_hands_match_reference():
    """Six- and seven-card cutthroat and seven-card two-handed positions (a few: the reference is slow)."""
    assert _check_game(3, seed=33, count=3, sizes=(6, 7)) == 3
    assert _check_game(2, seed=34, count=10, sizes=(7,)) == 10


def test_point_count_has_no_partner_in_cutthroat():
    from euchre_stats.game.policies import PointCountPolicy

    s = _fixed(CUTTHROAT, ["Ks 9c Tc Qc 9d Td Qd", "9s Ts 9h Th Qh Kd Ad", "As Qs Js Kh Ah Jc Kc"], "Jd", dealer=2)
    for action in ("pass", "pass", "pass", "c", "Ks", "9s"):
        s.apply(action)
    # seat 0 (opposite seat 2 in the four-handed game) is winning the trick: an opponent here
    assert s.to_act == 2 and PointCountPolicy()(s) == parse_card("As")  # not the lowest spade, Qs
    rng = np.random.default_rng(8)
    for rules in (CUTTHROAT, TWO):
        for h in play_game(rules, PointCountPolicy(), rng).hands:
            check_hand(h)


@pytest.mark.parametrize("name, points", [("cutthroat", [0, 2, 0]), ("two_handed", [1, 0])])
def test_example_records_review(name, points):
    import json

    from click.testing import CliRunner

    from euchre_stats.cli.main import cli

    path = Path(__file__).resolve().parents[2] / "data" / "examples" / f"{name}.json"
    out = CliRunner().invoke(cli, ["review", str(path), "--format", "json", "--double-dummy"])
    assert out.exit_code == 0, out.output
    res = json.loads(out.output)
    assert res["points"] == points and len(res["double_dummy"]) == len(json.loads(path.read_text())["plays"])


@pytest.mark.parametrize("rules", [CUTTHROAT, TWO], ids=["cutthroat", "two-handed"])
def test_game_maker_tricks_agree_with_the_review(rules):
    """The play layer's maker tricks from the first lead, in one batch, are what the review's
    double dummy says the first card could keep for its side (the dealer is the last seat)."""
    from euchre_stats.cardplay.contracts import game_maker_tricks

    rng = np.random.default_rng(21)
    policy = RandomPolicy(np.random.default_rng(22))
    states = []
    while len(states) < 40:
        s = play_hand(HandState.deal(rules, rules.players - 1, rng), policy)
        if not s.thrown_in:
            states.append(s)
    hands = np.zeros((len(states), rules.players), dtype=np.uint64)
    for i, s in enumerate(states):
        for seat, card in zip(s.play_seats, s.plays):
            hands[i, seat] |= np.uint64(1 << card)
    got = game_maker_tricks(rules, hands, [s.trump for s in states], [s.maker_seat for s in states])
    for i, s in enumerate(states):
        first = double_dummy(s)[0]
        assert s.play_seats[0] == 0
        want = first["best"] if first["seat"] == s.maker_seat else rules.hand_size - first["best"]
        assert int(got[i]) == want


def test_game_maker_tricks_refusals():
    from euchre_stats.core.errors import PlayModelError
    from euchre_stats.cardplay.contracts import game_maker_tricks

    with pytest.raises(PlayModelError, match=r"hands must have shape \(n, 3\) for 3 players"):
        game_maker_tricks(CUTTHROAT, np.zeros((2, 4), dtype=np.uint64), 0, 0)
    with pytest.raises(PlayModelError, match="maker must be a seat 0..1"):
        game_maker_tricks(TWO, np.zeros((1, 2), dtype=np.uint64), 0, 2)
    with pytest.raises(PlayModelError, match="four-handed game's contracts go through Evaluator"):
        game_maker_tricks(NORTH_AMERICAN, np.zeros((1, 4), dtype=np.uint64), 0, 0)
