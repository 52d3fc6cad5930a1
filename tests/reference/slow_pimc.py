"""Slow twin of the compiled realistic play model: plain Python, the public solver, the exact dealer.

One deal at a time, one card at a time: the player to move builds a
:class:`~euchre_stats.dealer.Knowledge` of what they have seen, draws worlds with the exact
:class:`~euchre_stats.dealer.Dealer`, values every legal card in every world with
:func:`~euchre_stats.solver.card_values_many`, turns tricks into points with
:func:`~euchre_stats.rules.hand_points` and plays the best average (ties to the lowest tie key:
:func:`~euchre_stats.core.ties.tie_key`).
No shortcut of the kernel (classes of equivalent cards, point bands, early stops) is used.
"""

from __future__ import annotations

import numpy as np

from euchre_stats.core.ties import DEFAULT_ORDER, decision_order, tie_key
from euchre_stats.sampling.dealer import KITTY, Dealer, Knowledge
from euchre_stats.core.trump import EFF_SUIT, legal_plays, trick_winner_index
from euchre_stats.rules import Rules, first_leader, hand_points
from euchre_stats.core.seats import next_active
from euchre_stats.solver import card_values_many


def mover_points(rules: Rules, side0_total: int, mover: int, maker: int, alone: bool, def_alone: int) -> int:
    """The mover's side's points minus the other side's when side 0 ends the hand with ``side0_total``."""
    hs = rules.hand_size
    maker_tricks = side0_total if maker % 2 == 0 else hs - side0_total
    mp, dp = hand_points(rules, maker_tricks, alone, def_alone >= 0)
    diff = mp - dp
    return diff if mover % 2 == maker % 2 else -diff


def choose_from_worlds(rules: Rules, worlds: np.ndarray, trump: int, leader: int, out: int, trick: list[int],
                       maker: int, alone: bool, def_alone: int, won: int,
                       order: int = DEFAULT_ORDER) -> tuple[int, dict[int, int]]:
    """``(card, {card: summed points})`` of the player to move, valuing each world double-dummy; ties by the
    suit order ``order``."""
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
    od = decision_order(order, len(trick), mover, maker % 2)  # a makers' lead's ties: the highest first
    best = max(sums, key=lambda c: (sums[c], -tie_key(c, trump, od)))
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


class HandState:
    """A hand in play, as every seat sees it: hands, the current trick, cards gone, voids, side 0's tricks."""

    def __init__(self, hands, trump: int, leader: int, out: int):
        self.hands = [int(h) for h in hands]
        self.trump, self.leader, self.out = trump, leader, out
        self.seat, self.trick, self.gone, self.voids, self.won = leader, [], 0, [0, 0, 0, 0], 0

    def legal(self) -> int:
        return legal_plays(self.hands[self.seat], self.trump, self.trick[0] if self.trick else None)

    def play(self, card: int) -> None:
        t, seat = self.trump, self.seat
        assert (self.legal() >> card) & 1, "an illegal card"
        if self.trick and EFF_SUIT[t, card] != EFF_SUIT[t, self.trick[0]]:
            self.voids[seat] |= 1 << int(EFF_SUIT[t, self.trick[0]])
        self.hands[seat] &= ~(1 << card)
        self.trick.append(card)
        if len(self.trick) < 4 - bin(self.out).count("1"):
            self.seat = next_active(seat, self.out)
            return
        order = [self.leader]
        for _ in self.trick[1:]:
            order.append(next_active(order[-1], self.out))
        self.leader = self.seat = order[trick_winner_index(self.trick, t)]
        self.won += 1 - (self.leader & 1)
        for c in self.trick:
            self.gone |= 1 << c
        self.trick = []


def play_slow(rules: Rules, hands, trump: int, leader: int, out: int, maker: int, alone: bool, def_alone: int,
              rng: np.random.Generator, worlds: int = 24, up_known: int = -1) -> int:
    """Play one deal from the start of the hand to the end; side 0's tricks."""
    h = HandState(hands, trump, leader, out)
    while h.hands[h.seat]:
        legal = h.legal()
        if legal & (legal - 1) == 0:
            card = legal.bit_length() - 1
        else:
            gone = h.gone | sum(1 << c for c in h.trick)
            k = knowledge_of(rules, h.hands, trump, h.seat, out, gone, h.voids, up_known)
            ws = Dealer(k).sample(worlds, rng)[:, :4]
            ws[:, h.seat] = h.hands[h.seat]
            card, _ = choose_from_worlds(rules, ws, trump, h.leader, out, h.trick, maker, alone, def_alone, h.won)
        h.play(card)
    return h.won


# --- random positions for the twins ----------------------------------------------------------------
PATTERNS = ("four", "lone maker", "lone defender", "two loners")


def contract(rng, pattern: str):
    """``(maker, alone, def_alone, out)`` of a seat pattern, the maker's seat at random."""
    maker = int(rng.integers(4))
    alone = pattern in ("lone maker", "two loners")
    def_alone = (maker + 1 + 2 * int(rng.integers(2))) & 3 if pattern in ("lone defender", "two loners") else -1
    out = (1 << ((maker + 2) & 3) if alone else 0) | (1 << ((def_alone + 2) & 3) if def_alone >= 0 else 0)
    return maker, alone, def_alone, out


def deal(rng, rules, out):
    cards = rng.permutation(rules.deck_obj.cards)
    hs = rules.hand_size
    hands = [sum(1 << int(c) for c in cards[s * hs:(s + 1) * hs]) for s in range(4)]
    return [0 if (out >> s) & 1 else h for s, h in enumerate(hands)]


def deal_rows(rng, rules, n: int):
    """``n`` random deals as play starts, the seat patterns in turn: ``(hands, trump, leader, out, maker, alone,
    def_alone)`` arrays as :func:`euchre_stats.cardplay.realistic.play_realistic` takes them (the dealer seat 3)."""
    rows = []
    for i in range(n):
        maker, alone, def_alone, out = contract(rng, PATTERNS[i % 4])
        rows.append((deal(rng, rules, out), int(rng.integers(4)), maker, alone, def_alone, out))
    hands = np.array([r[0] for r in rows], dtype=np.uint64)
    trump, maker, alone, def_alone, out = (np.array([r[k] for r in rows]) for k in (1, 2, 3, 4, 5))
    leader = np.array([first_leader(rules, 3, m if a else None, d if d >= 0 else None)
                       for m, a, d in zip(maker, alone, def_alone)])
    return hands, trump, leader, out, maker, alone, def_alone


def random_position(rng, rules, pattern, steps=None, trump=None):
    """A position reached by ``steps`` random legal cards (default a random number), with two or more
    legal cards to choose from: a dict of hands, trump (random unless given; 4 is no trump), leader, out,
    trick, gone, voids, won, contract."""
    fixed = trump
    while True:
        maker, alone, def_alone, out = contract(rng, pattern)
        trump = int(rng.integers(4)) if fixed is None else fixed
        leader = first_leader(rules, 3, maker if alone else None, def_alone if def_alone >= 0 else None)
        h = HandState(deal(rng, rules, out), trump, leader, out)
        na = 4 - bin(out).count("1")
        todo = int(rng.integers(0, na * rules.hand_size - 1)) if steps is None else steps
        for _ in range(todo):
            opts = [c for c in range(33) if (h.legal() >> c) & 1]
            h.play(opts[int(rng.integers(len(opts)))])
        legal = h.legal()
        if legal & (legal - 1):
            return dict(hands=h.hands, trump=trump, leader=h.leader, out=out, trick=h.trick, gone=h.gone,
                        voids=h.voids, won=h.won, maker=maker, alone=alone, def_alone=def_alone, mover=h.seat)
