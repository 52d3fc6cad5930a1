"""Who sits at the table: one :class:`Seating` value per table size, the table size as data.

A seating says how many players sit, how they form sides, what players call each seat, and who
partners whom.  Seats are numbered 0..players-1 clockwise from eldest (left of the dealer), the
dealer last; sides alternate round the table (seat ``s`` is on side ``s % sides``), so the
four-handed game has two sides of two, six-handed two sides of three, two-handed two sides of
one, cutthroat three sides of one.  Everything that depends only on who sits where asks the
seating; what a table *scores* is the rules' (:mod:`euchre_stats.rules`).  No rules and no I/O
here.

The two places that choose an engine by table size are :attr:`Seating.vectorised` (the
four-handed game has vectorised question engines, every other table plays through the state
machine) and :attr:`Seating.four_seats` (a table of at most four seats plays on the four-seat
kernels, a larger one on the N-seat kernels).  A new table is a new :class:`Seating` (and its
scoring in :mod:`euchre_stats.rules`); ``tests/decide/test_toy_table.py`` builds one.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import SeatError


@dataclass(frozen=True)
class Seating:
    """One table: ``players`` seats in ``sides`` sides that alternate round the table.

    ``names`` are the seats' names from eldest to the dealer, ``words`` every word (and number,
    1 = eldest) a player may use for a seat, ``label`` the game's short name; ``vectorised`` marks the
    four-handed game, for which the questions and the solvers have vectorised engines.
    """

    players: int
    sides: int
    label: str
    names: tuple[str, ...]
    words: tuple[tuple[str, int], ...]
    vectorised: bool = False

    def __post_init__(self):
        if self.players % self.sides or len(self.names) != self.players:
            raise SeatError(f"a table of {self.players} cannot sit in {self.sides} alternating sides "
                            f"named {self.names!r}")

    @property
    def dealer(self) -> int:
        """The dealer's seat: the last one (eldest, seat 0, sits on the dealer's left)."""
        return self.players - 1

    @property
    def side_size(self) -> int:
        """Seats on each side: 2 four-handed, 3 six-handed, 1 when everybody plays for themselves."""
        return self.players // self.sides

    @property
    def partnerships(self) -> bool:
        """Whether players have partners (so that one may go alone and the partner sit out)."""
        return self.side_size > 1

    @property
    def four_seats(self) -> bool:
        """Whether the table plays on the four-seat kernels (the four-handed game on its seats, two-
        handed and cutthroat where :func:`euchre_stats.solver.game_seats` puts them); a larger table
        plays on the N-seat kernels."""
        return self.players <= 4

    def side_of(self, seat):
        """The side of ``seat`` (an int or an integer array)."""
        return seat % self.sides

    def same_side(self, a, b):
        """Whether seats ``a`` and ``b`` (ints or integer arrays) play on one side."""
        return (a % self.sides) == (b % self.sides)

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s side, clockwise from ``seat``."""
        return tuple((seat + k) % self.players for k in range(self.sides, self.players, self.sides))

    def seat_name(self, seat: int, dealer: int | None = None) -> str:
        """What players call absolute ``seat`` when ``dealer`` deals (default: the dealer is the last seat)."""
        d = self.dealer if dealer is None else dealer
        return self.names[(seat - d - 1) % self.players]

    def parse(self, text, error=SeatError) -> int:
        """A seat named from the dealer (any of :attr:`words`); an unknown word raises ``error``
        naming the seats of this table."""
        key = str(text).strip().lower()
        for word, seat in self.words:
            if word == key:
                return seat
        raise error(f"unknown seat {text!r}{'' if self.vectorised else f' in a {self.players}-player game'}: "
                    f"expected {', '.join(self.names)} or 1-{self.players} (1 = eldest)")


def _words(names, *extra) -> tuple[tuple[str, int], ...]:
    return tuple((n, i) for i, n in enumerate(names)) + tuple((str(i + 1), i) for i in range(len(names))) + extra


#: every table the project plays, by the number of players
SEATINGS = {
    2: Seating(2, 2, "two-handed", ("eldest", "dealer"), _words(("eldest", "dealer"), ("non-dealer", 0),
                                                                  ("nondealer", 0))),
    3: Seating(3, 3, "cutthroat", ("eldest", "second", "dealer"),
               _words(("eldest", "second", "dealer"), ("left", 0), ("right", 1))),
    4: Seating(4, 2, "four-handed", ("eldest", "partner", "third", "dealer"),
               _words(("eldest", "partner", "third", "dealer"), ("left", 0), ("right", 2), ("dealer's partner", 1)),
               vectorised=True),
    6: Seating(6, 2, "six-handed", ("eldest", "second", "third", "fourth", "fifth", "dealer"),
               _words(("eldest", "second", "third", "fourth", "fifth", "dealer"), ("left", 0), ("right", 4))),
}


def seating(players: int) -> Seating:
    """The :class:`Seating` of a table of ``players``."""
    if isinstance(players, bool) or players not in SEATINGS:
        raise SeatError(f"players {players!r}: expected one of {', '.join(map(str, SEATINGS))}")
    return SEATINGS[players]
