"""Slow twin of the compiled realistic play model: plain Python, the public solver, the exact dealer.

One deal at a time, one card at a time: the player to move builds a
:class:`~euchre_stats.dealer.Knowledge` of what they have seen, draws worlds with the exact
:class:`~euchre_stats.dealer.Dealer`, values every legal card in every world with
:func:`~euchre_stats.solver.card_values_many`, turns tricks into points with
:func:`~euchre_stats.rules.hand_points` and plays the best average (ties to the lowest card).
No shortcut of the kernel (classes of equivalent cards, point bands, early stops) is used.
"""

from __future__ import annotations

import numpy as np

from euchre_stats.dealer import KITTY, Dealer, Knowledge
from euchre_stats.rules import Rules, hand_points, legal_plays, trick_winner_index
from euchre_stats.solver import card_values_many, next_active
from euchre_stats.tables import EFF_SUIT


def mover_points(rules: Rules, side0_total: int, mover: int, maker: int, alone: bool, def_alone: int) -> int:
    """The mover's side's points minus the other side's when side 0 ends the hand with ``side0_total``."""
    hs = rules.hand_size
    maker_tricks = side0_total if maker % 2 == 0 else hs - side0_total
    mp, dp = hand_points(rules, maker_tricks, alone, def_alone >= 0)
    diff = mp - dp
    return diff if mover % 2 == maker % 2 else -diff


def choose_from_worlds(rules: Rules, worlds: np.ndarray, trump: int, leader: int, out: int, trick: list[int],
                       maker: int, alone: bool, def_alone: int, won: int) -> tuple[int, dict[int, int]]:
    """``(card, {card: summed points})`` of the player to move, valuing each world double-dummy."""
    m = worlds.shape[0]
    played = np.full((m, 3), -1, dtype=np.int8)
    played[:, : len(trick)] = trick
    vals = card_values_many(worlds.astype(np.uint64), np.full(m, trump), np.full(m, leader),
                            np.full(m, out, dtype=np.uint8), played)
    mover = leader
    for _ in trick:
        mover = next_active(mover, out)
    tleft = int(worlds[0, mover]).bit_count()
    sums: dict[int, int] = {}
    for c in range(33):
        if vals[0, c] < 0:
            continue
        total = 0
        for w in range(m):
            mine = int(vals[w, c])
            side0 = mine if mover % 2 == 0 else tleft - mine
            total += mover_points(rules, won + side0, mover, maker, alone, def_alone)
        sums[c] = total
    best = max(sums, key=lambda c: (sums[c], -c))
    return best, sums


def knowledge_of(rules: Rules, hands: list[int], trump: int, mover: int, out: int, gone: int,
                 voids: list[int], up_known: int) -> Knowledge:
    """What ``mover`` knows: own hand, the cards gone, the voids shown, the upcard while the dealer holds it."""
    k = Knowledge(rules.deck_obj.mask, trump=trump)
    k.gone = gone
    k.known[mover] = hands[mover]
    for s in range(4):
        if s != mover and not (out >> s) & 1:
            k.need[s] = hands[s].bit_count()
            k.voids[s] = voids[s]
    if up_known >= 0 and mover != 3 and (hands[3] >> up_known) & 1:
        k.known[3] |= 1 << up_known
        k.need[3] -= 1
    k.need[KITTY] = k.unseen().bit_count() - sum(k.need[:4])
    return k


def play_slow(rules: Rules, hands, trump: int, leader: int, out: int, maker: int, alone: bool, def_alone: int,
              rng: np.random.Generator, worlds: int = 24, up_known: int = -1) -> int:
    """Play one deal from the start of the hand to the end; side 0's tricks."""
    hands = [int(h) for h in hands]
    gone, won, trick, voids = 0, 0, [], [0, 0, 0, 0]
    seat = leader
    while hands[seat]:
        led = trick[0] if trick else None
        legal = legal_plays(hands[seat], trump, led)
        if legal & (legal - 1) == 0:
            card = legal.bit_length() - 1
        else:
            k = knowledge_of(rules, hands, trump, seat, out, gone, voids, up_known)
            ws = Dealer(k).sample(worlds, rng)[:, :4]
            ws[:, seat] = hands[seat]
            card, _ = choose_from_worlds(rules, ws, trump, leader, out, trick, maker, alone, def_alone, won)
        assert (legal >> card) & 1, "an illegal card"
        if led is not None and EFF_SUIT[trump, card] != EFF_SUIT[trump, led]:
            voids[seat] |= 1 << int(EFF_SUIT[trump, led])
        hands[seat] &= ~(1 << card)
        trick.append(card)
        gone |= 1 << card
        if len(trick) == 4 - bin(out).count("1"):
            s = leader
            seats = []
            for _ in trick:
                seats.append(s)
                s = next_active(s, out)
            winner = seats[trick_winner_index(trick, trump)]
            won += 1 - (winner & 1)
            leader = seat = winner
            trick = []
        else:
            seat = next_active(seat, out)
    return won
