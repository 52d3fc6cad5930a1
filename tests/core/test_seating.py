"""The table as data (euchre_stats.core.seating): every table's seats, sides, partners and names,
checked against the per-table rules they replaced, written out by hand."""

from __future__ import annotations

import numpy as np
import pytest

from euchre_stats.core.errors import SeatError
from euchre_stats.core.seating import SEATINGS, Seating, seating
from euchre_stats.core.seats import parse_seat, partners_of, seat_word
from euchre_stats.rules import (PRESETS, for_players, may_call_alone, order_must_go_alone, side_count, side_of_seat,
                                why_no_alone)

TABLES = sorted(SEATINGS)


def _old_partners(seat, players):
    """The partners as the code had them before the seating, one branch per table."""
    if players == 6:
        return ((seat + 2) % 6, (seat + 4) % 6)
    if players == 4:
        return ((seat + 2) & 3,)
    return ()


@pytest.mark.parametrize("players", TABLES)
def test_sides_and_partners_agree_with_the_tables_as_written(players):
    t = seating(players)
    assert t.players == players and t.dealer == players - 1 and len(t.names) == players
    for seat in range(players):
        assert t.partners(seat) == _old_partners(seat, players) == partners_of(seat, players)
        assert t.side_of(seat) == (seat if players == 3 else seat & 1)
        for other in range(players):
            assert t.same_side(seat, other) == (other == seat or other in t.partners(seat))
    assert t.sides == (3 if players == 3 else 2)
    assert t.partnerships == (players in (4, 6))
    assert t.vectorised == (players == 4)
    # arrays too: a thrown-in maker (-1) is on no side the caller trusts; the callers mask it
    seats = np.arange(players)
    assert (t.same_side(seats, 0) == np.array([t.same_side(s, 0) for s in seats])).all()


@pytest.mark.parametrize("players", TABLES)
def test_every_name_and_number_parses_back_to_its_seat(players):
    t = seating(players)
    for seat, name in enumerate(t.names):
        assert t.parse(name) == seat and t.parse(str(seat + 1)) == seat and t.parse(f" {name.upper()} ") == seat
        assert t.seat_name(seat) == name
    with pytest.raises(SeatError, match=r"unknown seat 'nobody'.*1-%d \(1 = eldest\)" % players):
        t.parse("nobody")


def test_the_four_handed_words_and_record_names():
    assert [parse_seat(w) for w in ("eldest", "partner", "third", "dealer", "left", "right", "dealer's partner")] \
        == [0, 1, 2, 3, 0, 2, 1]
    assert seat_word(2, 3) == "seat 2 (third)" and seat_word(0, 1) == "seat 0 (third)"
    assert seat_word(5, 5, 6) == "seat 5 (dealer)" and seat_word(1, 0, 5) == "seat 1"
    assert seating(6).parse("right") == 4 and seating(3).parse("right") == 1 and seating(2).parse("non-dealer") == 0


def test_a_table_that_cannot_sit_is_refused():
    with pytest.raises(SeatError, match="cannot sit"):
        Seating(5, 2, "five-handed", ("a", "b", "c", "d", "e"), ())
    for bad in (5, True, "4"):
        with pytest.raises(SeatError, match="expected one of 2, 3, 4, 6"):
            seating(bad)


@pytest.mark.parametrize("players", TABLES)
def test_the_rules_read_the_table_from_the_seating(players):
    """The rule functions that depended on the table size give what they gave before, seat by seat."""
    for name in ("north-american", "canadian", "british") if players in (4, 6) else ("north-american",):
        r = for_players(PRESETS[name], players)
        assert r.seating is SEATINGS[players]
        assert side_count(r) == (3 if players == 3 else 2)
        assert [side_of_seat(r, s) for s in range(players)] == [s if players == 3 else s & 1 for s in range(players)]
        assert (why_no_alone(r) is None) == (players in (4, 6))
        dealer = players - 1
        for seat in range(players):
            old = ((seat & 1) == (dealer & 1) and seat != dealer if players == 6
                   else seat == (dealer + 2) % 4 if players == 4 else False) and r.canadian_loner
            assert bool(order_must_go_alone(r, seat, dealer)) == old
        got = may_call_alone(r, np.arange(players), 1, dealer)
        assert got.shape == (players,) and (not got.any() if players in (2, 3) else True)
