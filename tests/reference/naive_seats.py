"""A slow, obviously correct double-dummy reference for any seating (six-handed euchre's, the doubled
pack's): plain minimax over the real cards, and random positions to check the solver on.

It shares nothing with the engine but the rules' functions in ``core.trump``.
"""

from __future__ import annotations

from euchre_stats.core.bits import NUM_CARDS_ALL, RED_JOKER, card_twin
from euchre_stats.core.decks import find_deck
from euchre_stats.core.trump import legal_plays, trick_winner_index


def naive(hands, trump, leader, sides, out=(), table=()):
    """Plain minimax: every legal card of every seat, side 0's tricks from here (the trick on the table
    first); nothing shared with the solver but the rules' functions in core.trump (whose
    ``trick_winner_index`` has the doubled pack's rules: of two twins the later played wins)."""
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
        for c in range(NUM_CARDS_ALL):
            if (legal >> c) & 1:
                h = list(hands)
                h[seat] &= ~(1 << c)
                vals.append(go(tuple(h), leader, table + (c,)))
        return max(vals) if sides[seat] == 0 else min(vals)

    return go(tuple(hands), leader, tuple(table))


def random_seat_position(rng, n, per, deck="33", trump=None, out=(), on_table=0, faces=None):
    """``n`` seats of ``per`` cards (seats in ``out`` hold none); ``on_table`` of the trick already played.
    ``faces``: draw from both copies of that many random cards of the doubled pack (and both Jokers),
    so that most cards have their twin in play."""
    d = find_deck(deck)
    t = int(rng.integers(5)) if trump is None else trump
    cards = [c for c in d.cards if not (t == 4 and c in (32, RED_JOKER))]
    active = [s for s in range(n) if s not in out]
    if faces is not None:
        firsts = [c for c in cards if c < 32]
        keep = set(int(c) for c in rng.permutation(firsts)[:max(faces, (per * len(active) + 1) // 2)])
        cards = [c for c in cards if c in keep or card_twin(c) in keep or c in (32, RED_JOKER)]
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
        opts = [c for c in range(NUM_CARDS_ALL) if (legal >> c) & 1]
        c = opts[int(rng.integers(len(opts)))]
        hands[seat] &= ~(1 << c)
        table.append(c)
        seat = active[(active.index(seat) + 1) % len(active)]
    return hands, t, leader, table
