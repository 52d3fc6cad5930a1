"""Double-dummy solving for any seating up to six seats: six-handed euchre's three against three.

The four-seat kernel (:mod:`._kernels`) is what every analysis uses; this one is plain alpha-beta
(:mod:`._seats`) for the seatings it cannot hold.  Validated here: cards of the 33-card universe,
disjoint hands, the seats' sides, the current trick.  No I/O.
"""

from __future__ import annotations

import numpy as np

from ..core.cards import card_name, parse_cards, parse_trump
from ..core.errors import SolveInputError
from ..core.trump import EFF_SUIT, NO_TRUMP
from . import _seats

_TABLES = None


def _tables():
    global _TABLES
    if _TABLES is None:
        _TABLES = _seats.tables()
    return _TABLES


def _mask(hand) -> int:
    if isinstance(hand, (int, np.integer)):
        return int(hand)
    return sum(1 << c for c in parse_cards(hand))


def solve_seats(hands, trump, leader: int = 0, *, sides=None, played=(), out=()) -> int:
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

    Returns
    -------
    int
        Side 0's tricks from here, the current trick included.
    """
    masks = [_mask(h) for h in hands]
    n = len(masks)
    if not 2 <= n <= _seats.MAX_SEATS:
        raise SolveInputError(f"{n} hands: expected 2 to {_seats.MAX_SEATS} seats")
    t = trump if isinstance(trump, (int, np.integer)) else parse_trump(trump)
    if t not in (0, 1, 2, 3, NO_TRUMP):
        raise SolveInputError(f"trump {trump!r}: expected a suit 0-3 or 4 (no trump)")
    side = [s % 2 for s in range(n)] if sides is None else [int(x) for x in sides]
    if len(side) != n or any(x not in (0, 1) for x in side):
        raise SolveInputError(f"sides {sides!r}: one 0 or 1 for each of the {n} seats")
    out = set(int(s) for s in out)
    if any(not 0 <= s < n for s in out) or any(masks[s] for s in out):
        raise SolveInputError(f"out {sorted(out)!r}: seats sitting out are seats 0-{n - 1} holding no card")
    active = [s for s in range(n) if s not in out]
    if not 0 <= leader < n or leader in out:
        raise SolveInputError(f"leader {leader!r} is not an active seat")
    table = [c if isinstance(c, (int, np.integer)) else parse_cards(c)[0] for c in played]
    seen = 0
    for m in masks + [1 << int(c) for c in table]:
        if m & seen:
            raise SolveInputError(f"card {card_name((m & seen).bit_length() - 1)!r} is held twice")
        seen |= m
    if t == NO_TRUMP and (seen >> 32) & 1:
        raise SolveInputError("the Joker has no place in no trump")
    if len(table) >= len(active):
        raise SolveInputError(f"{len(table)} cards on the table: a trick has {len(active)}")
    nxt = np.zeros(_seats.MAX_SEATS, dtype=np.int64)
    for i, s in enumerate(active):
        nxt[s] = active[(i + 1) % len(active)]
    order = [leader]
    while len(order) < len(active):
        order.append(int(nxt[order[-1]]))
    sizes = [bin(masks[s]).count("1") + (1 if i < len(table) else 0) for i, s in enumerate(order)]
    if len(set(sizes)) != 1:
        raise SolveInputError(f"hands {[bin(masks[s]).count('1') for s in order]} cards in turn from the leader: "
                              "every active seat must hold as many cards as the others, counting the card "
                              "it has put on the table")
    eff, power, smask = _tables()
    # the trick so far: who leads it, its led suit, the winning card
    led, bkey, bseat = -1, -1, -1
    for i, c in enumerate(table):
        c = int(c)
        s = order[i]
        e = int(EFF_SUIT[t, c])
        if i == 0:
            led, bkey, bseat = e, int(power[t, c]), s
        elif (e == t or e == led) and int(power[t, c]) > bkey:
            bkey, bseat = int(power[t, c]), s
    h = np.zeros(_seats.MAX_SEATS, dtype=np.int64)
    h[:n] = masks
    sd = np.zeros(_seats.MAX_SEATS, dtype=np.int64)
    sd[:n] = side
    seat = order[len(table)]
    return int(_seats.solve_position(h, sd, nxt, len(active), t, eff, power, smask, len(table), seat, led, bkey,
                                     bseat, _seats.new_table()))


__all__ = ["solve_seats"]
