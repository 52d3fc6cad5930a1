"""Seats: names, sides, partners and the one "next seat in play" function."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from euchre_stats.core.errors import DecisionInputError, SeatError
from euchre_stats.core.seats import DEALER, SEAT_NAMES, next_active, out_mask, parse_seat, partner_of, side_of


def test_sides_and_partners():
    assert [side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [partner_of(s) for s in range(4)] == [2, 3, 0, 1]
    assert SEAT_NAMES[DEALER] == "dealer"


def test_next_active_skips_seats_out_and_never_answers_the_seat_itself():
    assert next_active(3) == 0
    assert next_active(3, out_mask(0)) == 1
    assert next_active(0, 0b1010) == 2
    assert next_active(1, 0b1101) == 1  # everyone else is out
    with pytest.raises(SeatError, match="no active seat"):
        next_active(0, 0b1111)


@given(st.integers(0, 3), st.integers(0, 14))
def test_next_active_is_the_first_seat_in_play_clockwise(seat, out):
    got = next_active(seat, out)
    assert not (out >> got) & 1 or got == seat
    between = [(seat + k) & 3 for k in range(1, (got - seat) % 4 or 4)]
    assert all((out >> s) & 1 for s in between)


@pytest.mark.parametrize("text, seat", [("eldest", 0), ("Partner", 1), ("third", 2), ("dealer", 3), ("1", 0),
                                        ("4", 3), ("left", 0), ("right", 2), ("dealer's partner", 1)])
def test_parse_seat(text, seat):
    assert parse_seat(text) == seat


def test_bad_seat_names_the_token():
    with pytest.raises(SeatError, match="'fifth'"):
        parse_seat("fifth")
    assert issubclass(SeatError, DecisionInputError)
