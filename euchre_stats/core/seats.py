"""Seats: their names, sides and partners, and who plays next.

Seats are absolute ints 0..3 clockwise; in every analysis the dealer is seat 3, so
seat 0 is eldest (left of the dealer), 1 the dealer's partner, 2 third hand.  A set of
seats sitting out is a bitmask ``out`` (bit ``seat`` set).  No rules and no I/O here.
"""

from __future__ import annotations

from .errors import SeatError
from .seating import SEATINGS

#: seat names from the dealer, indexed by seat (the dealer is seat 3)
SEAT_NAMES = SEATINGS[4].names
#: seat names from the dealer at each table size, eldest first and the dealer last
TABLE_SEAT_NAMES = {p: s.names for p, s in SEATINGS.items()}


def seat_word(seat: int, dealer: int, players: int = 4) -> str:
    """The absolute ``seat`` of a hand record as a person reads it: ``"seat 2 (third)"`` when seat 3 deals."""
    table = SEATINGS.get(players)
    return f"seat {seat} ({table.seat_name(seat, dealer)})" if table else f"seat {seat}"


ELDEST, PARTNER, THIRD, DEALER = 0, 1, 2, 3


def parse_seat(text) -> int:
    """A seat named from the dealer: eldest|partner|third|dealer or 1-4 (1 = eldest, 4 = dealer)."""
    return SEATINGS[4].parse(text)


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
    seats alternating); none in the two- and three-handed games (:meth:`Seating.partners`)."""
    return SEATINGS[players].partners(seat)


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
