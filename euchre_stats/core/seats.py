"""Seats: their names, sides and partners, and who plays next.

Seats are absolute ints 0..3 clockwise; in every analysis the dealer is seat 3, so
seat 0 is eldest (left of the dealer), 1 the dealer's partner, 2 third hand.  A set of
seats sitting out is a bitmask ``out`` (bit ``seat`` set).  No rules and no I/O here.
"""

from __future__ import annotations

from .errors import SeatError

#: seat names from the dealer, indexed by seat (the dealer is seat 3)
SEAT_NAMES = ("eldest", "partner", "third", "dealer")
#: seat names from the dealer at each table size, eldest first and the dealer last
TABLE_SEAT_NAMES = {2: ("eldest", "dealer"), 3: ("eldest", "second", "dealer"), 4: SEAT_NAMES,
                    6: ("eldest", "second", "third", "fourth", "fifth", "dealer")}


def seat_word(seat: int, dealer: int, players: int = 4) -> str:
    """The absolute ``seat`` of a hand record as a person reads it: ``"seat 2 (third)"`` when seat 3 deals."""
    names = TABLE_SEAT_NAMES.get(players)
    return f"seat {seat} ({names[(seat - dealer - 1) % players]})" if names else f"seat {seat}"
ELDEST, PARTNER, THIRD, DEALER = 0, 1, 2, 3

_SEAT_WORDS = {"eldest": 0, "partner": 1, "third": 2, "dealer": 3, "1": 0, "2": 1, "3": 2, "4": 3,
               "left": 0, "right": 2, "dealer's partner": 1}


def parse_seat(text) -> int:
    """A seat named from the dealer: eldest|partner|third|dealer or 1-4 (1 = eldest, 4 = dealer)."""
    key = str(text).strip().lower()
    if key not in _SEAT_WORDS:
        raise SeatError(f"unknown seat {text!r}: expected eldest, partner, third, dealer or 1-4 (1 = eldest)")
    return _SEAT_WORDS[key]


def parse_seats(text) -> tuple[int, ...]:
    """Several seats: ``"eldest"``, ``"eldest,dealer"`` (any names of :func:`parse_seat`) or ``"all"``."""
    if str(text).strip().lower() == "all":
        return (0, 1, 2, 3)
    seats = tuple(parse_seat(part) for part in str(text).split(",") if part.strip())
    if not seats:
        raise SeatError(f"no seat named in {text!r}")
    return seats


def side_of(seat: int) -> int:
    """Side of a seat: seats 0 and 2 are side 0, seats 1 and 3 side 1."""
    return seat & 1


def partner_of(seat: int) -> int:
    """The seat opposite."""
    return (seat + 2) & 3


def partners_of(seat: int, players: int = 4) -> tuple[int, ...]:
    """The other seats of ``seat``'s side at a table of ``players``: the seat opposite in the
    four-handed game, the two other seats of the same parity in six-handed (three against three,
    seats alternating); none in the two- and three-handed games."""
    if players == 6:
        return ((seat + 2) % 6, (seat + 4) % 6)
    if players == 4:
        return (partner_of(seat),)
    return ()


def next_active(seat: int, out: int = 0, players: int = 4) -> int:
    """The first seat clockwise *after* ``seat`` that is not in the bitmask ``out``.

    ``seat`` itself is never the answer unless every other seat is out.  ``players`` seats
    (numbered 0..players-1) sit at the table: four, two or three in the smaller games, six in
    six-handed euchre.
    """
    for k in range(1, players + 1):
        s = (seat + k) % players
        if not (out >> s) & 1:
            return s
    raise SeatError(f"no active seat (out mask {out!r})")


def out_mask(*seats: int | None) -> int:
    """Bitmask of the given seats (``None`` entries ignored)."""
    m = 0
    for s in seats:
        if s is not None:
            m |= 1 << s
    return m
