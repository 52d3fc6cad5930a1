"""The double-dummy solver against a plain minimax, hand-made positions, and its validation."""

from __future__ import annotations


import numpy as np
import pytest

from euchre_stats.core.cards import parse_card, parse_hand
from euchre_stats.core.decks import find_deck
from euchre_stats.core.errors import InconsistentDealError, InvalidCardError, SolveInputError
from euchre_stats.solver import SolveResult, card_values, card_values_many, make_position, solve, solve_many
from euchre_stats.bench.solver import bench_solver
from euchre_stats.sampling.deals import random_positions

from naive_solver import naive_solve, random_position

DECKS = ("24", "25", "28", "32", "33")
#: none out, one seat out (each), two seats of opposite sides out
OUT_PATTERNS = (0, 1, 2, 4, 8, 5, 10, 3, 6, 9, 12)
#: hand sizes drawn per number of players: (fast sizes, extra sizes of the slow run)
SIZES = {4: ((1, 2, 3, 4), (5,)), 3: ((1, 2, 3, 4), (5,)), 2: ((1, 2, 3, 4, 5, 6), (7, 8))}


def _positions(seed: int, count: int, slow: bool, trump: int | None = None, decks=DECKS):
    rng = np.random.default_rng(seed)
    rows = []
    while len(rows) < count:
        deck = decks[int(rng.integers(len(decks)))]
        out = OUT_PATTERNS[int(rng.integers(len(OUT_PATTERNS)))]
        na = 4 - (out).bit_count()
        fast, extra = SIZES[na]
        sizes = fast + extra if slow and rng.random() < 0.1 else fast
        n = int(sizes[int(rng.integers(len(sizes)))])
        dcards = find_deck(deck).cards
        if n * na > len(dcards):
            continue
        on_table = int(rng.integers(0, na))
        hands, t, leader, played = random_position(rng, dcards, n, out, on_table, trump)
        rows.append((hands, t, leader, out, played))
    return rows


def _arrays(rows):
    n = len(rows)
    hands = np.array([r[0] for r in rows], dtype=np.uint64).reshape(n, 4)
    trump = np.array([r[1] for r in rows], dtype=np.int64)
    leader = np.array([r[2] for r in rows], dtype=np.int64)
    out = np.array([r[3] for r in rows], dtype=np.uint8)
    played = np.full((n, 3), -1, dtype=np.int8)
    for i, r in enumerate(rows):
        played[i, : len(r[4])] = r[4]
    return hands, trump, leader, out, played


def _check_against_naive(rows, threads=1):
    hands, trump, leader, out, played = _arrays(rows)
    totals = solve_many(hands, trump, leader, out, played, threads=threads)
    values = card_values_many(hands, trump, leader, out, played, threads=threads)
    for i, (h, t, ld, o, p) in enumerate(rows):
        want_total, want_values = naive_solve(h, t, ld, o, p)
        got_values = {c: int(values[i, c]) for c in range(33) if values[i, c] >= 0}
        assert (int(totals[i]), got_values) == (want_total, want_values), (i, rows[i])


def test_matches_naive_fast():
    _check_against_naive(_positions(seed=2024, count=1500, slow=False))


def test_no_trump_matches_naive():
    """No trump (trump 4: the led suit wins, aces high, jacks in their place) on decks without the Joker."""
    rows = _positions(seed=31, count=1200, slow=False, trump=4, decks=("24", "28", "32"))
    assert {r[1] for r in rows} == {4}
    _check_against_naive(rows)


def test_no_trump_and_trump_share_a_batch_exactly():
    # the same cards under trump and without: one transposition table, two different games
    rows = _positions(seed=32, count=300, slow=False, decks=("24",))
    both = [r for r in rows] + [(r[0], 4, r[2], r[3], r[4]) for r in rows if _follows(r)]
    _check_against_naive(both)
    pos = make_position(["Jh 9s", "Js 9h", "Ac Kc", "Ad Kd"], "n", 0)
    assert pos.trump == 4 and solve(["Jh 9s", "Js 9h", "Ac Kc", "Ad Kd"], "no trump", 0).tricks == (1, 1)
    with pytest.raises(InconsistentDealError, match="no trump .* with the Joker"):
        solve_many(np.array([[1 << 32, 1 << 0, 1 << 1, 1 << 2]], dtype=np.uint64), 4, 0)
    with pytest.raises(InvalidCardError, match="unknown trump 'x'"):
        solve(["Jh", "Js", "Ac", "Ad"], "x", 0)


def _follows(row) -> bool:
    """Whether the cards on the table follow suit under no trump too (the position stays legal)."""
    hands, _, leader, out, played = row
    if not played:
        return True
    from euchre_stats.core.trump import EFF_SUIT, SUIT_MASK

    led = int(EFF_SUIT[4, played[0]])
    seat = leader
    for c in played[1:]:
        seat = (seat + 1) & 3
        while (out >> seat) & 1:
            seat = (seat + 1) & 3
        if int(EFF_SUIT[4, c]) != led and hands[seat] & int(SUIT_MASK[4, led]):
            return False
    return True


@pytest.mark.slow
def test_matches_naive_full():
    _check_against_naive(_positions(seed=7, count=1500, slow=True), threads=None)


@pytest.mark.parametrize("deck", DECKS)
def test_every_deck_and_pattern(deck):
    rng = np.random.default_rng(int(deck))
    rows = []
    dcards = find_deck(deck).cards
    for out in OUT_PATTERNS:
        na = 4 - (out).bit_count()
        for on_table in range(na):
            hands, trump, leader, played = random_position(rng, dcards, 3, out, on_table)
            rows.append((hands, trump, leader, out, played))
    _check_against_naive(rows)


def test_full_deals_match_naive():
    hands, trump, leader = random_positions(3, seed=11)
    got = solve_many(hands, trump, leader)
    for i in range(3):
        want, _ = naive_solve([int(x) for x in hands[i]], int(trump[i]), int(leader[i]))
        assert int(got[i]) == want


# --- hand-made positions -------------------------------------------------------------------------
def test_lay_down_five_top_trumps():
    r = solve(["Jh Jd Ah Kh Qh", "9s Ts Js Qs Ks", "9c Tc Jc Qc Kc", "9d Td Qd Kd Ad"], "h", 0)
    assert r.tricks == (5, 0)
    assert set(r.card_values.values()) == {5}
    assert r.to_move == 0


def test_joker_is_top_trump():
    # seat 1 holds the Joker: it takes a trick however seat 0 plays
    r = solve(["Jh Jd Ah", "Jk 9s Ts", "", ""], "h", 0, out=[2, 3], deck="25")
    assert r.tricks == (2, 1)
    r = solve(["Jk Jh Jd", "Ah Kh Qh", "", ""], "h", 1, out=[2, 3], deck="25")
    assert r.tricks == (3, 0)


def test_left_bower_follows_trump():
    # diamonds are trump: Jh is the left bower, so seat 1 must follow a trump lead with it,
    # and being void in hearts it may ruff the ace of hearts with it
    r = solve(["Jd Ah", "Jh 9c", "", ""], "d", 0, out=[2, 3])
    assert r.tricks == (2, 0)
    assert r.card_values == {parse_card("Jd"): 2, parse_card("Ah"): 1}


def test_mid_trick_values_follow_suit():
    # seat 1 led the 9 of clubs; seat 2 must follow with a club
    r = solve(["Ac 9h", "Kc", "Qc Ts", "Tc As"], "s", 1, played="9c")
    assert r.to_move == 2
    assert set(r.card_values) == {parse_card("Qc")}
    assert r.tricks[0] + r.tricks[1] == 2


def test_loner_against_lone_defender():
    r = solve(["Ac Kc", "", "", "Qc Jc"], "h", 0, out=[1, 2])
    assert r.tricks == (2, 0)
    assert r.card_values == {parse_card("Ac"): 2, parse_card("Kc"): 2}


def test_lone_defender_against_a_maker_with_partner():
    """Three play: makers 0 and 2 against seat 1 alone (seat 3 sits out), the position of
    data/examples/defend_alone.json when play starts."""
    hands = ["Kh Qh As Ks Ac", "Jh Jd Ah Ad Kd", "Th 9s Kc Qc Qs", ""]
    r = solve(hands, "h", 0, out=[3])
    masks = [parse_hand(h) if h else 0 for h in hands]
    want_total, want_values = naive_solve(masks, 2, 0, 0b1000)
    assert r.tricks[0] == want_total and r.card_values == want_values
    assert card_values(hands, "h", 0, out=[3]) == want_values
    # mid-trick: seat 0 led the As and seat 1 ruffed with the right bower; seat 2 to play
    after = ["Kh Qh Ks Ac", "Jd Ah Ad Kd", "Th 9s Kc Qc Qs", ""]
    played = [parse_card("As"), parse_card("Jh")]
    masks = [parse_hand(h) if h else 0 for h in after]
    want_total, want_values = naive_solve(masks, 2, 0, 0b1000, tuple(played))
    r = solve(after, "h", 0, out=[3], played=["As", "Jh"])
    assert r.tricks[0] == want_total and r.card_values == want_values


def test_seven_and_eight_card_hands():
    rng = np.random.default_rng(5)
    for n, deck in ((7, "32"), (8, "33")):
        hands, trump, leader = random_positions(20, seed=int(rng.integers(1 << 30)), deck=deck, hand_size=n)
        got = solve_many(hands, trump, leader)
        assert ((got >= 0) & (got <= n)).all()
        two = hands.copy()
        two[:, 1] = 0
        two[:, 3] = 0
        leader2 = leader & 2
        got2 = solve_many(two, trump, leader2, out=0b1010)
        for i in range(3):
            want, _ = naive_solve([int(x) for x in two[i]], int(trump[i]), int(leader2[i]), 0b1010)
            assert int(got2[i]) == want


def test_empty_position():
    assert solve(["", "", "", ""], "c", 0).tricks == (0, 0)
    assert solve_many(np.zeros((2, 4), dtype=np.uint64), 0, 0).tolist() == [0, 0]


# --- batches -------------------------------------------------------------------------------------
def test_parallel_equals_serial():
    hands, trump, leader = random_positions(400, seed=3)
    serial = solve_many(hands, trump, leader, threads=1)
    parallel = solve_many(hands, trump, leader, threads=2)
    assert np.array_equal(serial, parallel)
    vs = card_values_many(hands[:100], trump[:100], leader[:100], threads=1)
    vp = card_values_many(hands[:100], trump[:100], leader[:100], threads=2)
    assert np.array_equal(vs, vp)


def test_values_agree_with_totals():
    hands, trump, leader = random_positions(200, seed=4)
    totals = solve_many(hands, trump, leader)
    values = card_values_many(hands, trump, leader)
    for i in range(200):
        best = values[i].max()
        mover_side0 = int(leader[i]) % 2 == 0
        assert int(totals[i]) == (best if mover_side0 else 5 - best)
        assert (values[i] >= 0).sum() == 5


def test_stats_count_nodes():
    hands, trump, leader = random_positions(50, seed=5)
    stats = np.zeros(3, dtype=np.int64)
    solve_many(hands, trump, leader, threads=1, stats=stats)
    assert stats[0] > 0 and 0 <= stats[2] <= stats[1]


def test_scalar_broadcast_and_dtypes():
    hands, trump, leader = random_positions(10, seed=6)
    a = solve_many(hands, trump, leader)
    b = solve_many(hands.astype(np.int64), trump.astype(np.uint8), leader.astype(np.int8),
                   out=np.zeros(10, dtype=np.uint8))
    assert a.dtype == np.int8 and np.array_equal(a, b)
    c = solve_many(hands, 2, 1)
    d = solve_many(hands, np.full(10, 2), np.full(10, 1))
    assert np.array_equal(c, d)


def test_bench_function():
    result = bench_solver(deals=50, seed=1, threads=1)
    assert result["deals"] == 50 and result["seed"] == 1
    assert result["deals_per_s"] > 0 and result["nodes_per_deal"] > 0
    assert 0 <= result["tt_hit_rate"] <= 1
    again = bench_solver(deals=50, seed=1, threads=1, values=True)
    assert again["values"] is True


# --- validation ----------------------------------------------------------------------------------
@pytest.mark.parametrize("hands,kwargs,fragment", [
    (["Jh Ah", "Jh Kh", "", ""], {"out": [2, 3]}, "'Jh' is held by seats 0 and 1"),
    (["Jh Ah", "Kh", "", ""], {"out": [2, 3]}, "seat 1 holds 1 cards"),
    (["Jh Ah", "Kh Qh", "9h Th", ""], {"out": [2]}, "seat 2 sits out but holds"),
    (["Jh", "Kh", "", ""], {"out": [2, 3], "played": "Jh"}, "'Jh' is on the table and in the hand of seat 0"),
    (["Ah Kh", "Qh", "", ""], {"out": [2, 3], "played": "9h 9h"}, "appears twice"),
    (["Ah Kc", "Qh 9s", "Th 9d", "Kh Ad"], {"played": "9c"}, "seat 0 holds 2 cards"),
    (["Ah", "", "", ""], {"out": [1, 2, 3]}, "fewer than two players"),
    (["Ah", "Kh", "", ""], {"out": [0, 2], "leader": 0}, "leader 0 sits out"),
    (["9s", "Ah", "Kh Ks", "Qh Qs"], {"played": "9h Tc"}, "a renege"),
    (["9s Ts Js Qs Ks As 9c Tc Jc", "", "", "9d Td Jd Qd Kd Ad 9h Th Jh"], {"out": [1, 2]}, "at most 8"),
])
def test_inconsistent_positions(hands, kwargs, fragment):
    kwargs = dict(kwargs)
    leader = kwargs.pop("leader", 1 if kwargs.get("out") == [0, 2] else 0)
    with pytest.raises(ValueError) as info:
        solve(hands, "h", leader, **kwargs)
    assert fragment in str(info.value)
    if "twice" not in fragment:
        assert isinstance(info.value, InconsistentDealError)


def test_bad_arguments():
    with pytest.raises(SolveInputError, match="trump 5"):
        solve(["Ah", "Kh", "", ""], 5, 0, out=[2, 3])
    with pytest.raises(ValueError, match="unknown trump 'x'"):
        solve(["Ah", "Kh", "", ""], "x", 0, out=[2, 3])
    with pytest.raises(SolveInputError, match="four seats"):
        solve(["Ah", "Kh"], "h", 0)
    with pytest.raises(ValueError, match="not in the 24-card deck"):
        solve(["7h", "Kh", "", ""], "h", 0, out=[2, 3], deck="24")
    with pytest.raises(SolveInputError, match="leader 5"):
        solve(["Ah", "Kh", "Qh", "9h"], "h", 5)


def test_array_validation():
    hands, trump, leader = random_positions(4, seed=8)
    bad = hands.copy()
    bad[2, 1] |= np.uint64(int(bad[2, 0]) & -int(bad[2, 0]))
    with pytest.raises(InconsistentDealError, match="row 2: seat 1 holds a card another seat holds"):
        solve_many(bad, trump, leader)
    with pytest.raises(InconsistentDealError, match="row 0: a seat that sits out holds cards"):
        solve_many(hands, trump, np.full(4, 1), out=1)
    with pytest.raises(SolveInputError, match="shape"):
        solve_many(hands[:, :3], trump, leader)
    with pytest.raises(SolveInputError, match="row 1: trump 7"):
        solve_many(hands, np.array([0, 7, 0, 0]), leader)
    played = np.full((4, 3), -1, dtype=np.int8)
    played[0, 0] = 9
    with pytest.raises(InconsistentDealError, match="row 0"):
        solve_many(hands, trump, leader, played=played)


def test_the_quick_row_check_passes_only_batches_the_full_check_passes():
    """``_plainly_fine`` (whole-column tests of batches of full deals) against the check seat by seat, its
    slow twin: it passes good batches of every deck, and never a batch the full check rejects, whatever
    is wrong with it; ``check_rows`` then raises the full check's error."""
    from euchre_stats.solver import _check_every_row, _plainly_fine, check_rows, prepare_rows

    rng = np.random.default_rng(33)
    for deck, size in (("24", 5), ("25", 5), ("32", 8), ("33", 5), ("24", 1)):
        hands, trump, leader = random_positions(300, rng, deck=deck, hand_size=size)
        h, t, ld, o, p = prepare_rows(hands, trump, leader, 0, None)
        assert _plainly_fine(h, t, o, p)
        _check_every_row(h, t, ld, o, p)
    rejected = 0
    for k in range(600):
        deck = ("24", "25", "32")[int(rng.integers(3))]
        hands, trump, leader = random_positions(4, rng, deck=deck, hand_size=int(rng.integers(1, 6)))
        out, played = 0, None
        kind = k % 6
        i, s = int(rng.integers(4)), int(rng.integers(4))
        if kind == 0:  # a card added (held twice, or not in the deck) or lost; or one replaced by no card
            if k % 4:
                hands[i, s] ^= np.uint64(1) << np.uint64(rng.integers(33))
            else:
                no_card = np.uint64(1) << np.uint64(rng.integers(33, 64))
                hands[i, s] = (hands[i, s] & (hands[i, s] - np.uint64(1))) | no_card
        elif kind == 1:  # a card of another seat instead of one's own (the same sizes), or besides it
            other = hands[i, (s + 1) % 4]
            hands[i, s] = (hands[i, s] & (hands[i, s] - np.uint64(k // 6 % 2))) | (other & (~other + np.uint64(1)))
        elif kind == 2:  # no trump (with or without the Joker in play)
            trump[i] = 4
        elif kind == 3:  # a seat out
            out = 1 << s
        elif kind == 4:  # a card of the leader's on the table, taken from the hand or still in it
            played = np.full((4, 3), -1, dtype=np.int8)
            played[i, 0] = int(hands[i, leader[i]]).bit_length() - 1
            if k // 6 % 2:
                hands[i, leader[i]] ^= np.uint64(1) << np.uint64(played[i, 0])
        else:  # hands of different sizes
            hands[i, s] &= hands[i, s] - np.uint64(1)
        h, t, ld, o, p = prepare_rows(hands, trump, leader, out, played)
        try:
            _check_every_row(h, t, ld, o, p)
        except InconsistentDealError as e:
            rejected += 1
            assert not _plainly_fine(h, t, o, p)
            with pytest.raises(InconsistentDealError) as info:
                check_rows(h, t, ld, o, p)
            assert str(info.value) == str(e)
        else:
            check_rows(h, t, ld, o, p)
    assert rejected > 200


def test_friendly_inputs_and_result_text():
    pos = make_position([parse_hand("Jh Ah"), ["Kh", "Qh"], [parse_card("9h"), parse_card("Th")], "-"],
                        "hearts", 1, out=[3])
    assert pos.to_move == 1 and pos.hands[3] == 0
    r = solve(["Jh Ah", "Kh Qh", "9h Th", "-"], "h", 1, out=[3])
    assert isinstance(r, SolveResult)
    assert r.tricks == (2, 0)
    text = str(r)
    assert "seats 0+2 take 2" in text and "card values (tricks for seats 1+3)" in text
    assert card_values(["Jh Ah", "Kh Qh", "9h Th", "-"], "h", 1, out=[3]) == r.card_values
    assert r.best_cards == sorted(r.card_values)
