"""A slow, obviously correct double-dummy reference for the two- and three-handed games.

Plain minimax over the real seats of the game (0..players-1, clockwise), sharing nothing with
the solver but the trick logic of :mod:`euchre_stats.core.trump` (and the legal moves of the
four-handed reference): no four-seat mapping, no power layout, no bounds.  Two-handed: seat 0
against seat 1.  Cutthroat: the maker against the two defenders, both minimising the maker's
tricks (the coalition of ``docs/rules.md``).
"""

from __future__ import annotations

from functools import cache

from euchre_stats.core.trump import EFF_SUIT, SUIT_MASK, trick_winner_index
from naive_solver import moves


def naive_game_solve(hands, trump: int, leader: int, players: int, maker: int = 0,
                     played=()) -> tuple[int, dict[int, int]]:
    """``(tricks of the maximiser, {card: mover's side tricks})`` for the position.

    The maximiser is seat 0 in two-handed and ``maker`` in cutthroat; the tricks counted are
    those still to be decided, the current one included.
    """
    hero = 0 if players == 2 else maker

    @cache
    def value(hs: tuple[int, ...], seat: int, trick: tuple[int, ...], trick_leader: int) -> int:
        if len(trick) == players:
            w = (trick_leader + trick_winner_index(list(trick), trump)) % players
            won = 1 if w == hero else 0
            if hs[w] == 0:
                return won
            return won + value(hs, w, (), w)
        results = [value(nh, (seat + 1) % players, trick + (card,), trick_leader)
                   for card, nh in moves(hs, seat, trump, trick)]
        return max(results) if seat == hero else min(results)

    hs = tuple(int(h) for h in hands)
    seat = (leader + len(played)) % players
    hand = hs[seat]
    if hand == 0:
        return 0, {}
    trick = tuple(int(c) for c in played)
    total = value(hs, seat, trick, leader)
    tleft = hand.bit_count()
    values = {}
    for card, nh in moves(hs, seat, trump, trick):
        v = value(nh, (seat + 1) % players, trick + (card,), leader)
        values[card] = v if seat == hero else tleft - v
    return total, values


def random_game_position(rng, deck_cards, players: int, hand_size: int, on_table: int):
    """A random legal position of a ``players`` game: ``(hands, trump, leader, played)``, with
    ``on_table`` cards already in the current trick (their players hold one card fewer)."""
    cards = [int(c) for c in rng.permutation(deck_cards)]
    leader = int(rng.integers(players))
    trump = int(rng.integers(4))
    hands = [0] * players
    played: list[int] = []
    for i in range(players):
        s = (leader + i) % players
        size = hand_size - 1 if i < on_table else hand_size
        for _ in range(size):
            hands[s] |= 1 << cards.pop()
        if i < on_table:
            card = cards.pop()
            if played:  # follow the led suit when the rest of the hand could
                led = int(EFF_SUIT[trump, played[0]])
                follow = hands[s] & int(SUIT_MASK[trump, led])
                if int(EFF_SUIT[trump, card]) != led and follow:
                    swap = (follow & -follow).bit_length() - 1
                    hands[s] = (hands[s] & ~(1 << swap)) | (1 << card)
                    card = swap
            played.append(card)
    return hands, trump, leader, played
