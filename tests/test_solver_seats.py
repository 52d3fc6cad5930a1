"""The any-seat solver (six-handed euchre's) against plain minimax and the four-seat kernel."""

from __future__ import annotations

import numpy as np
import pytest

from euchre_stats.core.decks import find_deck
from euchre_stats.core.errors import SolveInputError
from euchre_stats.core.trump import legal_plays, trick_winner_index
from euchre_stats.solver import solve_many
from euchre_stats.solver.seats import solve_seats


def naive(hands, trump, leader, sides, out=(), table=()):
    """Plain minimax: every legal card of every seat, side 0's tricks from here (the trick on the table
    first); nothing shared with the solver but the rules' functions in core.trump."""
    n = len(hands)
    active = [s for s in range(n) if s not in out]

    def after(s):
        return active[(active.index(s) + 1) % len(active)]

    def go(hands, leader, table):
        seats = [leader]
        while len(seats) < len(table) + 1:
            seats.append(after(seats[-1]))
        if len(table) == len(active):
            w = seats[trick_winner_index(list(table), trump)]
            won = 1 if sides[w] == 0 else 0
            if not any(hands):
                return won
            return won + go(hands, w, ())
        seat = seats[len(table)]
        legal = legal_plays(hands[seat], trump, table[0] if table else None)
        vals = []
        for c in range(33):
            if (legal >> c) & 1:
                h = list(hands)
                h[seat] &= ~(1 << c)
                vals.append(go(tuple(h), leader, table + (c,)))
        return max(vals) if sides[seat] == 0 else min(vals)

    return go(tuple(hands), leader, tuple(table))


def _position(rng, n, per, deck="33", trump=None, out=(), on_table=0):
    """``n`` seats of ``per`` cards (seats in ``out`` hold none); ``on_table`` of the trick already played."""
    d = find_deck(deck)
    t = int(rng.integers(5)) if trump is None else trump
    cards = [c for c in d.cards if not (t == 4 and c == 32)]
    active = [s for s in range(n) if s not in out]
    pick = rng.permutation(cards)[: per * len(active)]
    hands = [0] * n
    for i, s in enumerate(active):
        hands[s] = sum(1 << int(c) for c in pick[i * per:(i + 1) * per])
    leader = int(rng.choice(active))
    table = []
    seat = leader
    for _ in range(on_table):  # the first cards of the trick, each legal
        legal = legal_plays(hands[seat], t, table[0] if table else None)
        opts = [c for c in range(33) if (legal >> c) & 1]
        c = opts[int(rng.integers(len(opts)))]
        hands[seat] &= ~(1 << c)
        table.append(c)
        seat = active[(active.index(seat) + 1) % len(active)]
    return hands, t, leader, table


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
