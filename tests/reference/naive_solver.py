"""A slow, obviously correct double-dummy reference: plain minimax over the real cards.

It shares nothing with the numba kernels but the rule functions of
:mod:`euchre_stats.rules`: no power layout, no equivalence, no bounds, no
transposition table beyond memoising identical positions.
"""

from __future__ import annotations

from functools import cache

from euchre_stats.core.trump import legal_plays, trick_winner_index


def _next_active(seat: int, out: int) -> int:
    for k in range(1, 5):
        s = (seat + k) & 3
        if not (out >> s) & 1:
            return s
    raise ValueError("no active seat")


def moves(hs: tuple[int, ...], seat: int, trump: int, trick: tuple[int, ...]):
    """``(card, hands after it)`` for every legal card of ``seat`` (following ``trick[0]`` if any)."""
    hand = hs[seat]
    legal = legal_plays(hand, trump, trick[0] if trick else None)
    for card in range(33):
        if (legal >> card) & 1:
            nh = list(hs)
            nh[seat] = hand & ~(1 << card)
            yield card, tuple(nh)


def naive_solve(hands, trump: int, leader: int, out: int = 0, played=()) -> tuple[int, dict[int, int]]:
    """``(side-0 tricks, {card: mover's side tricks})`` for the position.

    ``hands`` are four int bitmasks of the cards not yet played, ``out`` a bitmask of
    seats sitting out, ``played`` the cards on the table in the current trick.
    """

    @cache
    def value(hs: tuple[int, int, int, int], seat: int, trick: tuple[int, ...], trick_leader: int) -> int:
        """Side 0's tricks from here with ``seat`` to play to ``trick``."""
        active = 4 - (out).bit_count()
        if len(trick) == active:
            w = trick_leader
            for _ in range(trick_winner_index(list(trick), trump)):
                w = _next_active(w, out)
            won = 1 if w % 2 == 0 else 0
            if hs[w] == 0:
                return won
            return won + value(hs, w, (), w)
        results = [value(nh, _next_active(seat, out), trick + (card,), trick_leader)
                   for card, nh in moves(hs, seat, trump, trick)]
        return max(results) if seat % 2 == 0 else min(results)

    hs = tuple(int(h) for h in hands)
    seat = leader
    for _ in played:
        seat = _next_active(seat, out)
    hand = hs[seat]
    if hand == 0:
        return 0, {}
    trick = tuple(int(c) for c in played)
    total = value(hs, seat, trick, leader)
    tleft = (hand).bit_count()
    values = {}
    for card, nh in moves(hs, seat, trump, trick):
        v0 = value(nh, _next_active(seat, out), trick + (card,), leader)
        values[card] = v0 if seat % 2 == 0 else tleft - v0
    return total, values


def random_position(rng, deck_cards, hand_size: int, out: int, on_table: int, trump: int | None = None):
    """A random position: ``(hands, trump, leader, played)`` with ``on_table`` cards in the current trick
    (``trump`` drawn 0..3 unless given: 4 is no trump).

    Seats that already played to the trick hold ``hand_size - 1`` cards, the
    other active seats ``hand_size``; seats in ``out`` hold nothing.
    """
    cards = [int(c) for c in rng.permutation(deck_cards)]
    active = [s for s in range(4) if not (out >> s) & 1]
    leader = int(rng.choice(active))
    drawn = int(rng.integers(4))
    trump = drawn if trump is None else trump
    order = [leader]
    while len(order) < len(active):
        order.append(_next_active(order[-1], out))
    hands = [0, 0, 0, 0]
    played = []
    for i, s in enumerate(order):
        size = hand_size - 1 if i < on_table else hand_size
        for _ in range(size):
            hands[s] |= 1 << cards.pop()
        if i < on_table:
            # a legal card: follow the led suit when the rest of the hand could
            card = cards.pop()
            if played:
                from euchre_stats.core.trump import EFF_SUIT, SUIT_MASK

                led = int(EFF_SUIT[trump, played[0]])
                if int(EFF_SUIT[trump, card]) != led and hands[s] & int(SUIT_MASK[trump, led]):
                    follow = [c for c in range(33) if (hands[s] >> c) & 1 and int(EFF_SUIT[trump, c]) == led]
                    swap = follow[0]
                    hands[s] = (hands[s] & ~(1 << swap)) | (1 << card)
                    card = swap
            played.append(card)
    return hands, trump, leader, played
