"""The any-seat solver (six-handed euchre's) against plain minimax and the four-seat kernel."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_stats.core.bits import RED_JOKER, card_twin
from euchre_stats.core.cards import parse_cards, parse_trump
from euchre_stats.core.errors import SolveInputError
from euchre_stats.solver import solve_many
from euchre_stats.solver.seats import seats_at_least, solve_seats, solve_seats_many
from naive_seats import naive, random_seat_position as _position


@pytest.mark.parametrize("per, count", [(1, 150), (2, 600), (3, 300)])
def test_six_seats_match_plain_minimax(per, count):
    rng = np.random.default_rng(600 + per)
    sides = [s % 2 for s in range(6)]
    for i in range(count):
        hands, t, leader, table = _position(rng, 6, per, on_table=int(rng.integers(0, 6)) if per > 1 else 0)
        want = naive(hands, t, leader, sides, table=tuple(table))
        assert solve_seats(hands, t, leader, played=table) == want, (i, hands, t, leader, table)


def test_five_seats_with_a_loner_and_other_sides():
    """Seats out (a loner's partners) and sides given (a coalition) are searched the same way."""
    rng = np.random.default_rng(77)
    for i in range(150):
        out = (2,) if i % 2 else (2, 4)
        sides = [0, 1, 0, 1, 0, 1] if i % 3 else [0, 1, 1, 0, 1, 1]
        hands, t, leader, table = _position(rng, 6, 2, out=out, on_table=int(rng.integers(0, 3)))
        want = naive(hands, t, leader, sides, out=out, table=tuple(table))
        assert solve_seats(hands, t, leader, sides=sides, played=table, out=out) == want, i


def test_four_seats_match_the_four_seat_kernel_on_whole_deals():
    rng = np.random.default_rng(44)
    rows, trumps, leaders = [], [], []
    for _ in range(200):
        hands, t, leader, _ = _position(rng, 4, 5, deck="24")
        rows.append(hands)
        trumps.append(t)
        leaders.append(leader)
    fast = solve_many(np.array(rows, dtype=np.uint64), np.array(trumps), np.array(leaders))
    for h, t, ld, f in zip(rows, trumps, leaders, fast):
        assert solve_seats(h, t, ld) == int(f)


def test_a_whole_six_handed_deal_is_solved():
    rng = np.random.default_rng(6)
    hands, t, leader, _ = _position(rng, 6, 5, trump=2)
    v = solve_seats(hands, t, leader)
    assert 0 <= v <= 5
    # the same deal with every seat's cards given to the other side is the mirror image
    assert solve_seats(hands, t, leader, sides=[1 - s % 2 for s in range(6)]) == 5 - v


def test_inputs_are_checked():
    with pytest.raises(SolveInputError, match="7 hands: expected 2 to 6 seats"):
        solve_seats(["9h"] * 7, "h")
    with pytest.raises(SolveInputError, match="card 'Ah' is held twice"):
        solve_seats(["Ah", "Ah"], "h")
    with pytest.raises(SolveInputError, match="every active seat must hold as many cards"):
        solve_seats(["Ah Kh", "9s"], "h")
    with pytest.raises(SolveInputError, match="the Joker has no place in no trump"):
        solve_seats(["Jk", "9s"], "n")


# --- the fast search: every seating, the probe, the batch -------------------------------------------
#: (name, seats, sides or None (random), out, cards a seat (low, high), positions)
SEATINGS = [
    ("six seats, three against three", 6, [0, 1, 0, 1, 0, 1], (), (1, 3), 300),
    ("six seats, side 0's loner (partners 2 and 4 out)", 6, [0, 1, 0, 1, 0, 1], (2, 4), (1, 4), 150),
    ("six seats, side 1's loner (partners 1 and 5 out)", 6, [0, 1, 0, 1, 0, 1], (1, 5), (1, 4), 150),
    ("five seats", 5, None, (), (1, 3), 120),
    ("four seats", 4, None, (), (1, 4), 120),
    ("four seats of six, two out, sides given", 6, None, (0, 3), (1, 4), 80),
    ("three seats", 3, None, (), (1, 4), 120),
    ("two seats", 2, None, (), (1, 6), 120),
]


def _check(hands, t, leader, sides, out, table):
    """The search against plain minimax, and every probe against the search; the value."""
    want = naive(hands, t, leader, sides, out=out, table=tuple(table))
    got = solve_seats(hands, t, leader, sides=sides, played=table, out=out)
    assert got == want, (hands, t, leader, sides, out, table)
    left = max(bin(h).count("1") for h in hands) + (1 if table else 0)
    for target in range(-1, left + 2):
        assert seats_at_least(hands, t, leader, target, sides=sides, played=table, out=out) == (want >= target), \
            (hands, t, leader, sides, out, table, target)
    return want


@pytest.mark.parametrize("name, n, sides, out, per, count", SEATINGS, ids=[s[0] for s in SEATINGS])
def test_every_seating_matches_plain_minimax_and_the_probe_matches_the_value(name, n, sides, out, per, count):
    """1,160 positions: every trump and no trump (the Joker in the others), cards on the table, any sides."""
    rng = np.random.default_rng(sum(map(ord, name)))
    seen = {"joker": 0, "no trump": 0, "on table": 0}
    for _ in range(count):
        k = int(rng.integers(per[0], per[1] + 1))
        sd = [int(x) for x in rng.integers(0, 2, n)] if sides is None else sides
        n_active = n - len(out)
        hands, t, leader, table = _position(rng, n, k, out=out, on_table=int(rng.integers(0, n_active)) if k > 1
                                            else 0)
        _check(hands, t, leader, sd, out, table)
        seen["joker"] += any((h >> 32) & 1 for h in hands) or 32 in table
        seen["no trump"] += t == 4
        seen["on table"] += bool(table)
    assert min(seen.values()) > 0, seen


@settings(max_examples=150, deadline=None)
@given(n=st.integers(2, 6), per=st.integers(1, 3), sides=st.lists(st.integers(0, 1), min_size=6, max_size=6),
       out_bits=st.integers(0, 63), trump=st.integers(0, 4), on_table=st.integers(0, 5), seed=st.integers(0, 2**32 - 1))
def test_any_position_matches_plain_minimax(n, per, sides, out_bits, trump, on_table, seed):
    out = tuple(s for s in range(n) if (out_bits >> s) & 1)
    if n - len(out) < 2:
        out = out[: n - 2]
    n_active = n - len(out)
    if n_active * per > 32 or n_active ** per > 400:  # plain minimax must stay quick
        per = 1
    rng = np.random.default_rng(seed)
    hands, t, leader, table = _position(rng, n, per, trump=trump, out=out,
                                        on_table=min(on_table, n_active - 1) if per > 1 else 0)
    _check(hands, t, leader, sides[:n], out, table)


@pytest.mark.parametrize("n, sides, out, per", [(6, None, (), 5), (6, None, (2, 4), 5), (6, [0, 0, 1, 1, 1, 0], (), 4),
                                                (5, None, (), 5), (3, None, (), 8), (2, None, (), 8)])
def test_the_batch_matches_one_deal_at_a_time(n, sides, out, per):
    """Whole deals of one seating, trumps (no trump too) and leaders mixed, in one kernel call."""
    rng = np.random.default_rng(n * 10 + per + len(out))
    rows, trumps, leaders = [], [], []
    for _ in range(40):
        hands, t, leader, _ = _position(rng, n, per, out=out)
        rows.append(hands)
        trumps.append(t)
        leaders.append(leader)
    rows = np.array(rows, dtype=np.uint64)
    one = [solve_seats(list(map(int, h)), t, ld, sides=sides, out=out) for h, t, ld in zip(rows, trumps, leaders)]
    many = solve_seats_many(rows, trumps, leaders, sides=sides, out=out)
    assert many.dtype == np.int64 and many.tolist() == one
    assert len(set(one)) > 1
    targets = rng.integers(0, per + 2, len(one))
    band = solve_seats_many(rows.astype(np.int64), trumps, leaders, sides=sides, out=out, target=targets)
    assert band.dtype == bool and band.tolist() == [v >= g for v, g in zip(one, targets)]
    three = solve_seats_many(rows, trumps, leaders, sides=sides, out=out, target=3)
    assert three.tolist() == [v >= 3 for v in one]


def test_a_whole_six_handed_deal_and_its_bands():
    """A deal whose value plain minimax gave once (about 10 s): 3 with hearts, seat 0 to lead; the
    same deal with the sides swapped is its mirror image."""
    hands = ["Jh Ah 9c Td Qs", "Jd Kh Tc Ad 9s", "Qh 9h Ac Kd Ts", "Th Kc Qd 7s As", "Jk 8h 8c 8d 8s",
             "Jc Js Qc 7h 7c"]
    for trump, leader, sides, want in [("h", 0, None, 3), ("h", 0, [1, 0, 1, 0, 1, 0], 2)]:
        assert solve_seats(hands, trump, leader, sides=sides) == want
        assert [seats_at_least(hands, trump, leader, t, sides=sides) for t in range(7)] == [t <= want for t in range(7)]
        rows = np.array([[sum(1 << c for c in parse_cards(h)) for h in hands]])
        assert solve_seats_many(rows, parse_trump(trump), leader, sides=sides).tolist() == [want]


def test_new_inputs_are_checked():
    with pytest.raises(SolveInputError, match="target 2.5: expected a whole number"):
        seats_at_least(["Ah", "9s"], "h", 0, 2.5)
    with pytest.raises(SolveInputError, match="fewer than two seats are playing"):
        solve_seats(["Ah", "", ""], "h", 0, out=(1, 2))
    with pytest.raises(SolveInputError, match=r"expected integer rows of masks"):
        solve_seats_many(np.array([1, 2]), 0, 0)
    with pytest.raises(SolveInputError, match="row 1: a card is held twice"):
        solve_seats_many(np.array([[1, 2], [4, 4]]), 0, 0)
    with pytest.raises(SolveInputError, match=r"row 0: hands of \[1, 2\] cards"):
        solve_seats_many(np.array([[1, 6]]), 0, 0)
    with pytest.raises(SolveInputError, match="leader 2 in row 0 is not an active seat"):
        solve_seats_many(np.array([[1, 2, 0]]), 0, 2, out=(2,))
    with pytest.raises(SolveInputError, match="trump 5 in row 1"):
        solve_seats_many(np.array([[1, 2], [1, 2]]), [0, 5], 0)
    with pytest.raises(SolveInputError, match="row 0: the Joker has no place in no trump"):
        solve_seats_many(np.array([[1 << 32, 2]]), 4, 0)
    with pytest.raises(SolveInputError, match="cards are 0-57"):
        solve_seats_many(np.array([[1 << 58, 2]]), 0, 0)
    with pytest.raises(SolveInputError, match="trump 'h': expected one whole number, or one for each of the 1 rows"):
        solve_seats_many(np.array([[1, 2]]), "h", 0)
    with pytest.raises(SolveInputError, match="target True: expected one whole number"):
        solve_seats_many(np.array([[1, 2]]), 0, 0, target=True)
    with pytest.raises(SolveInputError, match=r"leader \[0, 1\]: expected one whole number"):
        solve_seats_many(np.array([[1, 2]]), 0, [0, 1])
    assert solve_seats_many(np.zeros((0, 6), dtype=np.int64), 0, 0).shape == (0,)


# --- the doubled 25-card pack: twins (the later played wins) and two Jokers -----------------------
def _twins_in(hands, table):
    every = sum(hands) | sum(1 << c for c in table)
    return sum(1 for c in range(32) if (every >> c) & 1 and card_twin(c) >= 0 and (every >> card_twin(c)) & 1)


#: (name, seats, sides or None (random), out, cards a seat (low, high), positions, faces or None)
DOUBLED = [
    ("doubled: six seats, dense twins", 6, [0, 1, 0, 1, 0, 1], (), (1, 3), 300, 9),
    ("doubled: six seats, the whole pack", 6, [0, 1, 0, 1, 0, 1], (), (1, 3), 200, None),
    ("doubled: side 0's loner", 6, [0, 1, 0, 1, 0, 1], (2, 4), (1, 4), 150, 7),
    ("doubled: side 1's loner", 6, [0, 1, 0, 1, 0, 1], (1, 5), (1, 4), 150, 7),
    ("doubled: four seats", 4, None, (), (2, 4), 100, 6),
    ("doubled: three seats", 3, None, (), (2, 4), 60, 6),
    ("doubled: two seats", 2, None, (), (3, 5), 60, 5),
]


@pytest.mark.parametrize("name, n, sides, out, per, count, faces", DOUBLED, ids=[s[0] for s in DOUBLED])
def test_doubled_pack_matches_plain_minimax(name, n, sides, out, per, count, faces):
    """1,020 doubled-pack positions (twins, both Jokers, cards on the table, seats out, no trump
    without the Jokers) against plain minimax over ``core.trump``'s rules; every probe too."""
    rng = np.random.default_rng(sum(map(ord, name)))
    seen = {"twin pair": 0, "two Jokers": 0, "on table": 0, "twin on table": 0, "no trump": 0}
    for _ in range(count):
        k = int(rng.integers(per[0], per[1] + 1))
        sd = [int(x) for x in rng.integers(0, 2, n)] if sides is None else sides
        n_active = n - len(out)
        hands, t, leader, table = _position(rng, n, k, deck="50", out=out, faces=faces,
                                            on_table=int(rng.integers(0, n_active)) if k > 1 else 0)
        if not (sum(hands) | sum(1 << c for c in table)) >> 33:
            continue  # no card of the second copies dealt: a 33-card position
        _check(hands, t, leader, sd, out, table)
        every = sum(hands) | sum(1 << c for c in table)
        seen["twin pair"] += _twins_in(hands, table) > 0
        seen["two Jokers"] += (every >> 32) & 1 and (every >> RED_JOKER) & 1
        seen["on table"] += bool(table)
        seen["twin on table"] += any(card_twin(c) >= 0 and (every >> card_twin(c)) & 1 for c in table)
        seen["no trump"] += t == 4
    assert min(seen.values()) > 0, seen


@settings(max_examples=200, deadline=None)
@given(n=st.integers(2, 6), per=st.integers(1, 3), sides=st.lists(st.integers(0, 1), min_size=6, max_size=6),
       out_bits=st.integers(0, 63), trump=st.integers(0, 4), on_table=st.integers(0, 5), faces=st.integers(3, 25),
       seed=st.integers(0, 2**32 - 1))
def test_any_doubled_position_matches_plain_minimax(n, per, sides, out_bits, trump, on_table, faces, seed):
    out = tuple(s for s in range(n) if (out_bits >> s) & 1)
    if n - len(out) < 2:
        out = out[: n - 2]
    n_active = n - len(out)
    if n_active ** per > 400:  # plain minimax must stay quick
        per = 1
    rng = np.random.default_rng(seed)
    hands, t, leader, table = _position(rng, n, per, deck="50", trump=trump, out=out, faces=faces,
                                        on_table=min(on_table, n_active - 1) if per > 1 else 0)
    _check(hands, t, leader, sides[:n], out, table)


def _cards(text):
    """Masks of ``text`` read in the doubled pack: a card named a second time (in any hand) is its twin."""
    taken = 0
    out = []
    for h in text:
        m = sum(1 << c for c in parse_cards(h, "50", taken=taken))
        taken |= m
        out.append(m)
    return out


def test_doubled_pack_by_hand():
    """Positions a player can check."""
    # the same ace led and followed by its twin: the later one wins the trick (seat 1's side)
    hands = _cards(["Ah", "Ah", "9c", "9d", "Tc", "Td"])
    assert hands[1] >> 33  # the second copy
    assert solve_seats(hands, "s", 0) == 0
    assert solve_seats(hands, "s", 1) == 1  # led by seat 1, seat 0's copy comes later
    # hearts trump: the red Joker beats the black one; spades trump: the black beats the red
    red, black = 1 << RED_JOKER, 1 << 32
    two = [black, red, 1 << parse_cards("9c")[0], 1 << parse_cards("9d")[0]]
    assert solve_seats(two, "h", 0) == 0 and solve_seats(two, "d", 0) == 0
    assert solve_seats(two, "s", 0) == 1 and solve_seats(two, "c", 0) == 1
    # a twin on the table: seat 2 (side 0) plays the other copy of the left bower last and takes it
    hands = _cards(["Jd", "9h", "Jd"])
    assert solve_seats([0, hands[1], hands[2]], "h", 0, played=[parse_cards("Jd")[0]]) == 1
    # both bowers in each of two hands: not sure tricks; whoever leads loses the first trick (the
    # follower plays the twin later) and wins the second
    hands = _cards(["Jh Jd", "Jh Jd"])
    for leader in (0, 1):
        assert solve_seats(hands, "h", leader) == 1
        assert [seats_at_least(hands, "h", leader, t) for t in (1, 2)] == [True, False]


def test_doubled_inputs_are_checked():
    with pytest.raises(SolveInputError, match="cards are 0-57"):
        solve_seats([1 << 58, 2], 0)
    with pytest.raises(SolveInputError, match="'7c' with the doubled pack's cards: the doubled pack has no sevens"):
        solve_seats([1 | (1 << 33), 2 | (1 << 34)], 0)
    with pytest.raises(SolveInputError, match="the Joker has no place in no trump"):
        solve_seats([1 << RED_JOKER, 1 << 33], 4)
    with pytest.raises(SolveInputError, match="row 0: card '7c' with the doubled pack's cards"):
        solve_seats_many(np.array([[1 | (1 << 33), 4 | (1 << 34)]]), 0, 0)
    with pytest.raises(SolveInputError, match="row 0: the Joker has no place in no trump"):
        solve_seats_many(np.array([[1 << RED_JOKER, 4]]), 4, 0)
    with pytest.raises(SolveInputError, match="row 0: a card is held twice"):
        solve_seats_many(np.array([[1 << 40, 1 << 40]]), 0, 0)


def test_text_hands_of_the_doubled_pack_name_both_copies():
    """With ``deck="50"`` a card written again (in a later hand, or on the table) is its other
    copy: two aces of spades, the later played takes the trick."""
    from euchre_stats.solver.seats import seats_at_least, solve_seats

    # seat 0 leads the As; seat 1 plays the other As after it and wins the trick, then leads its Ks
    assert solve_seats(["As", "As", "9s", "Ts"], "h", 0, played=(), deck="50") == 0
    assert solve_seats(["", "As", "9s", "Ts"], "h", 0, played=["As"], deck="50") == 0  # the table's As: the twin
    assert solve_seats(["Ah Kc", "Ah 9c", "Tc Qc", "9d Td"], "h", 0, deck="50") == 1
    assert not seats_at_least(["Ah Kc", "Ah 9c", "Tc Qc", "9d Td"], "h", 0, 2, deck="50")
    with pytest.raises(ValueError, match="appears a third time"):
        solve_seats(["Ah Ah", "Ah 9c"], "h", 0, deck="50")
    with pytest.raises(ValueError, match="card 'Ah' appears twice"):
        solve_seats(["Ah Ah", "9c Tc"], "h", 0)


def test_the_solver_knows_the_kernels_seat_limit_without_loading_them():
    """``solver.seats`` checks positions before its kernels load (a refused position never loads numba),
    so it keeps the kernels' seat limit itself: the same number."""
    from euchre_stats.engine import search_seats
    from euchre_stats.solver import seats

    assert seats.MAX_SEATS == search_seats.MAX_SEATS
