"""Double-dummy solving for any seating up to six seats: six-handed euchre's three against three.

The four-seat kernel (:mod:`._kernels`) is what every four-handed analysis uses; this one
(:mod:`._seats`, a zero-window search) holds the seatings it cannot: the count of tricks
(:func:`solve_seats`), one point band (:func:`seats_at_least`), many whole deals in one call
(:func:`solve_seats_many`).  Validated here: cards of the 33-card universe or of the doubled 25-card
pack (0-57), disjoint hands, the seats' sides, the current trick.  No I/O.

A position holding a card numbered 33 or more (a twin, the red Joker) is searched in the doubled
mode (the kernel detects it): of two identical cards the later played wins, the Joker of trump's
colour beats the other.  Such a position has no sevens or eights (the doubled pack is two 25-card
decks); any other position is searched exactly as the 33-card rules say.
"""

from __future__ import annotations

import numpy as np

from ..core.bits import NUM_CARDS_ALL, RED_JOKER, TWIN_BASE
from ..core.cards import card_name, card_twin, parse_cards, parse_trump
from ..core.compiling import announce
from ..core.errors import SolveInputError
from ..core.trump import NO_TRUMP


class _Engine:
    """The six-seat kernels (:mod:`euchre_stats.engine.search_seats`), imported on the first use of
    one, so that a position refused by its checks (a card held twice, a bad seat) never loads numba."""

    def __getattr__(self, name):
        from ..engine import search_seats

        value = getattr(search_seats, name)
        setattr(self, name, value)  # found directly from now on
        return value


_seats = _Engine()
#: the most seats the kernels take (``engine.search_seats.MAX_SEATS``, checked by a test)
MAX_SEATS = 6


#: the sevens and eights (none in the doubled pack) and the two Jokers, as masks
SEVENS_EIGHTS = sum(3 << (8 * s) for s in range(4))
JOKERS = (1 << 32) | (1 << RED_JOKER)
#: what compiling the six-seat search costs (CPU-seconds of a first six-seat ``solve``, a 2.6 GHz Xeon
#: core, ``benchmarks/cold_start.py``): the compile notice's estimate
COMPILE_SECONDS = 10


def _doubled_check(every: int, t: int, where: str = "") -> None:
    """Refuse a doubled-pack position (a card numbered 33 or more) holding a seven or an eight, and a
    Joker in no trump."""
    if every >> TWIN_BASE and every & SEVENS_EIGHTS:
        bad = every & SEVENS_EIGHTS
        raise SolveInputError(f"{where}card {card_name((bad & -bad).bit_length() - 1)!r} with the doubled pack's "
                              "cards: the doubled pack has no sevens or eights")
    if t == NO_TRUMP and every & JOKERS:
        raise SolveInputError(f"{where}the Joker has no place in no trump")


def _mask(hand, deck=None, taken: int = 0) -> int:
    if isinstance(hand, (int, np.integer)):
        return int(hand)
    return sum(1 << c for c in parse_cards(hand, deck, taken=taken))


def _masks(hands, deck) -> list[int]:
    """The hands as masks; with ``deck`` the doubled pack's, a card written again (in a later hand)
    is its second copy."""
    out, taken = [], 0
    for h in hands:
        m = _mask(h, deck, taken)
        out.append(m)
        taken |= m
    return out


def _seating(n, sides, out):
    """The sides (one 0 or 1 a seat), the active seats and the next-active table of ``n`` seats."""
    if not 2 <= n <= MAX_SEATS:
        raise SolveInputError(f"{n} hands: expected 2 to {MAX_SEATS} seats")
    side = [s % 2 for s in range(n)] if sides is None else [int(x) for x in sides]
    if len(side) != n or any(x not in (0, 1) for x in side):
        raise SolveInputError(f"sides {sides!r}: one 0 or 1 for each of the {n} seats")
    out = set(int(s) for s in out)
    if any(not 0 <= s < n for s in out):
        raise SolveInputError(f"out {sorted(out)!r}: seats sitting out are seats 0-{n - 1} holding no card")
    active = [s for s in range(n) if s not in out]
    if len(active) < 2:
        raise SolveInputError(f"out {sorted(out)!r}: fewer than two seats are playing")
    nxt = np.zeros(MAX_SEATS, dtype=np.int64)
    for i, s in enumerate(active):
        nxt[s] = active[(i + 1) % len(active)]
    sd = np.zeros(MAX_SEATS, dtype=np.int64)
    sd[:n] = side
    return sd, out, active, nxt


def _trump(trump) -> int:
    t = trump if isinstance(trump, (int, np.integer)) else parse_trump(trump)
    if t not in (0, 1, 2, 3, NO_TRUMP):
        raise SolveInputError(f"trump {trump!r}: expected a suit 0-3 or 4 (no trump)")
    return int(t)


def _position(hands, trump, leader, sides, played, out, deck=None):
    """Validate one position; the kernel's arguments for it."""
    masks = _masks(hands, deck)
    n = len(masks)
    side, out, active, nxt = _seating(n, sides, out)
    if any(masks[s] for s in out):
        raise SolveInputError(f"out {sorted(out)!r}: seats sitting out are seats 0-{n - 1} holding no card")
    t = _trump(trump)
    if not 0 <= leader < n or leader in out:
        raise SolveInputError(f"leader {leader!r} is not an active seat")
    named = sum(masks)
    table = []
    for c in played:  # the doubled pack: a card already named is the other copy
        table.append(int(c) if isinstance(c, (int, np.integer)) else parse_cards(c, deck, taken=named)[0])
        named |= 1 << table[-1]
    seen = 0
    for m in masks + [1 << int(c) for c in table]:
        if m < 0 or m >> NUM_CARDS_ALL:
            raise SolveInputError(f"hand {m!r}: cards are 0-{NUM_CARDS_ALL - 1}")
        if m & seen:
            raise SolveInputError(f"card {card_name((m & seen).bit_length() - 1)!r} is held twice")
        seen |= m
    _doubled_check(seen, t)
    if len(table) >= len(active):
        raise SolveInputError(f"{len(table)} cards on the table: a trick has {len(active)}")
    order = [leader]
    while len(order) < len(active):
        order.append(int(nxt[order[-1]]))
    sizes = [bin(masks[s]).count("1") + (1 if i < len(table) else 0) for i, s in enumerate(order)]
    if len(set(sizes)) != 1:
        raise SolveInputError(f"hands {[bin(masks[s]).count('1') for s in order]} cards in turn from the leader: "
                              "every active seat must hold as many cards as the others, counting the card "
                              "it has put on the table")
    h = np.zeros(MAX_SEATS, dtype=np.int64)
    h[:n] = masks
    return h, side, nxt, len(active), t, np.array(table, dtype=np.int64), int(leader)


def _run(args, target):
    h, side, nxt, n_active, t, table, leader = args
    announce(_seats.solve_position, "the six-seat double-dummy solver", COMPILE_SECONDS)
    return int(_seats.solve_position(h, side, nxt, n_active, t, table, leader, target, _seats.new_workspace()))


def solve_seats(hands, trump, leader: int = 0, *, sides=None, played=(), out=(), deck=None) -> int:
    """Tricks side 0 takes from this position with best play by everyone, every card seen.

    Parameters
    ----------
    hands : sequence of 2 to 6 hands (text ``"Jh Ah 9s"``, or bitmasks), seat 0 first, clockwise
    trump : a suit (``"h"``, 0-3) or no trump (``"n"``, 4)
    leader : the seat that leads (led) the current trick
    sides : the side (0 or 1) of each seat; default alternate seats (``seat % 2``): six-handed's three
        against three, the four-handed partnerships
    played : the cards already on the table in the current trick, in order from ``leader``
    out : seats sitting out (no cards, skipped in turn)
    deck : the deck of text hands; ``"50"`` (the doubled pack) reads a card written a second time,
        in the same or a later hand or on the table, as its other copy

    Returns
    -------
    int
        Side 0's tricks from here, the current trick included.

    Examples
    --------
    >>> solve_seats(["Jh Ah", "9s Ts", "Jd Kh", "Qs Ks"], "h")
    2
    """
    return _run(_position(hands, trump, leader, sides, played, out, deck), -1)


def seats_at_least(hands, trump, leader: int, target: int, *, sides=None, played=(), out=(), deck=None) -> bool:
    """Whether side 0 takes at least ``target`` tricks from this position with best play by everyone.

    One zero-window probe of the search, cheaper than :func:`solve_seats`: what a scoring band
    needs (did the makers take 3 tricks? all 5?).  ``seats_at_least(..., target=t)`` is
    ``solve_seats(...) >= t``.

    Parameters
    ----------
    hands, trump, leader, sides, played, out, deck : as :func:`solve_seats`
    target : tricks side 0 must take from here, the current trick included (0 or less is always
        reached, more than the tricks left never)

    Returns
    -------
    bool
        Side 0 can take ``target`` tricks whatever side 1 does.

    Examples
    --------
    >>> seats_at_least(["Jh Ah", "9s Ts", "Jd Kh", "Qs Ks"], "h", 0, 2)
    True
    """
    if not isinstance(target, (int, np.integer)) or isinstance(target, bool):
        raise SolveInputError(f"target {target!r}: expected a whole number of tricks")
    args = _position(hands, trump, leader, sides, played, out, deck)
    if target <= 0:
        return True
    return bool(_run(args, int(target)))


def _per_row(x, rows: int, name: str) -> np.ndarray:
    """``x`` (one whole number, or one a row) as ``rows`` int64s."""
    a = np.asarray(x)
    if a.dtype.kind not in "iu" or a.shape not in ((), (rows,)):
        raise SolveInputError(f"{name} {x!r}: expected one whole number, or one for each of the {rows} rows")
    return np.broadcast_to(a.astype(np.int64), (rows,)).copy()


def solve_seats_many(hands, trump, leader, *, sides=None, out=(), target=None) -> np.ndarray:
    """Side 0's tricks in each of many whole deals of one seating, in one call of the kernel.

    Every row is a position at a trick boundary (nothing on the table).  The rows share one
    transposition table (its keys are exact, so any trumps and leaders may be mixed).

    Parameters
    ----------
    hands : integer array ``(rows, seats)`` of hand bitmasks (2 to 6 seats, cards 0-57: a row holding
        a twin or the red Joker is a doubled-pack row)
    trump : one trump (0-3, 4 no trump) for every row, or one a row
    leader : one leading seat for every row, or one a row
    sides, out : one seating for every row, as :func:`solve_seats`
    target : None for the tricks; or tricks side 0 must take (one for every row, or one a row)
        to answer :func:`seats_at_least` instead

    Returns
    -------
    numpy.ndarray
        ``int64`` side-0 tricks per row; ``bool`` per row when ``target`` is given.

    Examples
    --------
    >>> import numpy as np
    >>> rows = np.array([[0b11 << 16, 0b11 << 24, 0b11 << 8, 0b11]])
    >>> solve_seats_many(rows, 2, 0).tolist()
    [2]
    """
    h = np.asarray(hands)
    if h.ndim != 2 or h.dtype.kind not in "iu":
        raise SolveInputError(f"hands of shape {h.shape} and dtype {h.dtype}: expected integer rows of masks")
    rows, n = h.shape
    side, outs, active, nxt = _seating(n, sides, out)
    h = h.astype(np.int64) if h.dtype.kind == "i" else h.astype(np.uint64)
    if (h.astype(np.uint64) >> np.uint64(NUM_CARDS_ALL)).any() or (h.dtype.kind == "i" and (h < 0).any()):
        raise SolveInputError(f"hands: cards are 0-{NUM_CARDS_ALL - 1}")
    h = h.astype(np.int64)
    trumps = _per_row(trump, rows, "trump")
    leaders = _per_row(leader, rows, "leader")
    bad = ~np.isin(trumps, [0, 1, 2, 3, NO_TRUMP])
    if bad.any():
        raise SolveInputError(f"trump {int(trumps[bad][0])!r} in row {int(np.argmax(bad))}: expected 0-4")
    bad = ~np.isin(leaders, active)
    if bad.any():
        raise SolveInputError(f"leader {int(leaders[bad][0])!r} in row {int(np.argmax(bad))} is not an active seat")
    if outs and h[:, sorted(outs)].any():
        raise SolveInputError(f"out {sorted(outs)!r}: seats sitting out are seats 0-{n - 1} holding no card")
    union = np.bitwise_or.reduce(h, axis=1)
    counts = np.bitwise_count(h).astype(np.int64)
    bad = np.bitwise_count(union) != counts.sum(axis=1)
    if bad.any():
        raise SolveInputError(f"row {int(np.argmax(bad))}: a card is held twice")
    act = counts[:, active]
    bad = (act != act[:, :1]).any(axis=1)
    if bad.any():
        raise SolveInputError(f"row {int(np.argmax(bad))}: hands of {act[np.argmax(bad)].tolist()} cards: every "
                              "active seat must hold as many cards as the others")
    bad = (trumps == NO_TRUMP) & ((union & JOKERS) != 0)
    if bad.any():
        raise SolveInputError(f"row {int(np.argmax(bad))}: the Joker has no place in no trump")
    bad = ((union >> TWIN_BASE) != 0) & ((union & SEVENS_EIGHTS) != 0)
    if bad.any():
        r = int(np.argmax(bad))
        _doubled_check(int(union[r]), int(trumps[r]), f"row {r}: ")
    if target is None:
        targets = np.full(rows, -1, dtype=np.int64)
    else:
        targets = np.maximum(_per_row(target, rows, "target"), 0)
    hh = np.zeros((rows, MAX_SEATS), dtype=np.int64)
    hh[:, :n] = h
    res = np.zeros(rows, dtype=np.int64)
    announce(_seats.solve_rows, "the six-seat double-dummy solver", COMPILE_SECONDS)
    _seats.solve_rows(hh, trumps, leaders, side, nxt, len(active), targets, _seats.new_workspace(_seats.TT_BITS_MANY),
                      res)
    return res if target is None else res.astype(bool)


def _hand_arg(h):
    """A hand as :func:`_position` takes it: ``""`` or ``"-"`` (a seat that sits out) as no card."""
    return 0 if isinstance(h, str) and h.strip() in ("", "-") else h


def solve_seats_position(hands, trump, leader: int = 0, *, out=(), played=(), deck=None) -> "SeatsSolveResult":
    """Solve one position of four or six seats (sides alternating) with the value of every legal card:
    what ``euchre-stats solve`` prints for six-handed euchre and the doubled pack.

    Parameters
    ----------
    hands : 4 or 6 hands (text, ``""`` or ``"-"`` for a seat that sits out, or bitmasks), seat 0 first
    trump, leader, out, played, deck : as :func:`solve_seats` (``deck`` ``"50"``: a card written a second
        time is its other copy; ``"33"`` or another deck: every card must belong to it)

    Returns
    -------
    SeatsSolveResult
        ``tricks`` (side 0, side 1) from here, the current trick included; ``card_values``: each legal
        card of the seat to move and the tricks its side takes when it plays that card now.

    Examples
    --------
    >>> r = solve_seats_position(["Jk Jh", "9s Ts", "", "9c Tc", "", "9d Td"], "h", 0, out=[2, 4])
    >>> r.tricks, sorted(r.to_dict()["card_values"].values())
    ((2, 0), [2, 2])
    """
    from ..core.decks import find_deck
    from ..core.trump import legal_plays, trick_winner_index

    if isinstance(hands, (str, bytes)):
        raise SolveInputError(f"hands must list four or six seats, got {hands!r}")
    hands = list(hands)
    if len(hands) not in (4, 6):
        raise SolveInputError(f"hands must list four or six seats, got {len(hands)}")
    try:
        d = None if deck is None else find_deck(deck)
    except ValueError as exc:
        raise SolveInputError(str(exc)) from None
    if d is not None and d.doubled and len(hands) != 6:
        raise SolveInputError(f"deck {d.label!r}: the doubled 25-card pack is six-handed euchre's: give six hands")
    label = None if d is None else d.label
    args = _position([_hand_arg(h) for h in hands], trump, leader, None, played, out, label)
    h, side, nxt, n_active, t, table, leader = args
    n = len(hands)
    masks = [int(x) for x in h[:n]]
    if d is not None:
        every = sum(masks) | sum(1 << int(c) for c in table)
        extra = every & ~d.mask
        if extra:
            raise SolveInputError(f"card {card_name((extra & -extra).bit_length() - 1)!r} is not in the "
                                  f"{'doubled 25-card pack' if d.doubled else d.label + '-card deck'}")
    order = [leader]
    while len(order) < n_active:
        order.append(int(nxt[order[-1]]))
    for i, c in enumerate(table.tolist()[1:], start=1):  # every card on the table followed suit
        seat = order[i]
        if not (legal_plays(masks[seat] | (1 << c), t, int(table[0])) >> c) & 1:
            raise SolveInputError(f"seat {seat} played {card_name(c)!r} without following the card led "
                                  f"{card_name(int(table[0]))!r} while able (a renege)")
    side0 = _run(args, -1)
    mover = order[len(table)]
    total = masks[mover].bit_count()  # tricks left, the current one included
    mine = side[mover]
    values = {}
    legal = legal_plays(masks[mover], t, int(table[0]) if len(table) else None)
    for c in range(NUM_CARDS_ALL):
        if not (legal >> c) & 1:
            continue
        twin = card_twin(c)
        if 0 <= twin < c and (legal >> twin) & 1:  # the doubled pack: both copies held, one choice
            continue
        after = list(masks)
        after[mover] &= ~(1 << c)
        cards = table.tolist() + [c]
        if len(cards) < n_active:  # the trick goes on
            s0 = _run(_position(after, t, leader, None, cards, out), -1)
            values[c] = s0 if mine == 0 else total - s0
            continue
        won = int(side[order[trick_winner_index(cards, t)]] == mine)
        rest = 0
        if total > 1:
            winner = order[trick_winner_index(cards, t)]
            s0 = _run(_position(after, t, winner, None, (), out), -1)
            rest = s0 if mine == 0 else total - 1 - s0
        values[c] = won + rest
    return SeatsSolveResult((side0, total - side0), mover, values, None, n, t, leader,
                            tuple(int(c) for c in table), tuple(sorted(int(s) for s in out)))


from . import SolveResult  # noqa: E402 - the package's result type, which this one extends


class SeatsSolveResult(SolveResult):
    """:class:`~euchre_stats.solver.SolveResult` of a position of four or six seats (sides
    alternating: seats 0, 2, 4 against 1, 3, 5)."""

    def __init__(self, tricks, to_move, card_values, position, seats, trump, leader, played, out):
        super().__init__(tricks, to_move, card_values, position)
        for name, value in (("seats", seats), ("trump", trump), ("leader", leader), ("played", played),
                            ("out", out)):
            object.__setattr__(self, name, value)

    def _sides(self, side: int) -> str:
        return "+".join(str(s) for s in range(side, self.seats, 2))

    def __str__(self) -> str:
        from ..core.cards import sort_key
        from ..core.trump import card_power, is_trump
        from .position import trump_text

        lines = []
        if self.played:
            trick = " ".join(card_name(c) for c in self.played)
            lines.append(f"{trump_text(self.trump)}, {self.seats} seats, seat {self.leader} led, on the table "
                         f"{trick}; seat {self.to_move} to play")
        else:
            lines.append(f"{trump_text(self.trump)}, {self.seats} seats, seat {self.to_move} to lead")
        lines.append(f"tricks: seats {self._sides(0)} take {self.tricks[0]}, seats {self._sides(1)} take "
                     f"{self.tricks[1]}")
        if self.card_values:
            t = self.trump

            def order(kv):
                c, v = kv
                if t != NO_TRUMP and is_trump(c, t):
                    return (-v, -1, -card_power(c, t))
                return (-v,) + sort_key(c)

            shown = "  ".join(f"{card_name(c)} {v}" for c, v in sorted(self.card_values.items(), key=order))
            lines.append(f"card values (tricks for seats {self._sides(self.to_move % 2)}): {shown}")
        return "\n".join(lines)

    def to_dict(self) -> dict:
        """``tricks``, ``card_values`` (card name -> tricks), ``to_move`` and ``seats``."""
        return {**super().to_dict(), "seats": self.seats}

    def plot(self, ax=None):
        ax = super().plot(ax)
        ax.set_ylabel(f"tricks for seats {self._sides(self.to_move % 2)}")
        return ax


__all__ = ["seats_at_least", "solve_seats", "solve_seats_many", "solve_seats_position", "SeatsSolveResult"]
