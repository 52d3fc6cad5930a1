"""Slow twin of the realistic play model of six seats: plain Python, the public six-seat solver.

One decision at a time: the player to move values every legal card in every given world with
:func:`~euchre_stats.solver.seats.solve_seats` (the card played, then best play by everyone),
turns side 0's tricks into the mover's side's points minus the other side's with
:func:`~euchre_stats.rules.hand_points`, and plays the best sum (ties to the lowest tie key).  No
shortcut of the kernel (classes of equivalent cards, point bands, probes) is used.  Also here: a
hand in play as every seat sees it, random positions, a plain rejection sampler of the worlds
and the list of every consistent deal (for the kernel's sampler).

Either deck of six-handed euchre: the 33-card deck or the doubled 25-card pack (cards 0-57, twins
33-56, the red Joker 57), whose rules live in :mod:`euchre_stats.core.trump` (``legal_plays``, and
``trick_winner_index``: of two identical cards the later played wins) and in the validated solver.
"""

from __future__ import annotations

import itertools

import numpy as np

from euchre_stats.core.ties import DEFAULT_ORDER, decision_order, tie_key
from euchre_stats.core.trump import EFF_SUIT, legal_plays, trick_winner_index
from euchre_stats.rules import Rules, first_leader, hand_points, sitting_out
from euchre_stats.solver.seats import solve_seats

SEATS = 6
DEALER = 5
DECK = (1 << 33) - 1


def bits(m: int) -> list[int]:
    return [c for c in range(58) if (m >> c) & 1]


def next_seat(seat: int, out: int) -> int:
    n = (seat + 1) % SEATS
    while (out >> n) & 1:
        n = (n + 1) % SEATS
    return n


def mover_points(rules: Rules, side0_total: int, mover: int, maker: int, alone: bool) -> int:
    """The mover's side's points minus the other side's when side 0 ends the hand with ``side0_total``."""
    hs = rules.hand_size
    mp, dp = hand_points(rules, side0_total if maker % 2 == 0 else hs - side0_total, alone)
    return mp - dp if mover % 2 == maker % 2 else dp - mp


def side0_after(hands, trump: int, leader: int, out: int, trick: list[int], card: int) -> int:
    """Side 0's tricks from now (the current trick included) when the mover plays ``card``, then
    everyone plays double dummy."""
    order = [leader]
    while len(order) < SEATS - bin(out).count("1"):
        order.append(next_seat(order[-1], out))
    mover = order[len(trick)]
    hs = [int(h) for h in hands]
    hs[mover] &= ~(1 << card)
    played = list(trick) + [card]
    outs = [s for s in range(SEATS) if (out >> s) & 1]
    if len(played) < len(order):
        return solve_seats(hs, trump, leader, played=played, out=outs)
    winner = order[trick_winner_index(played, trump)]
    gain = 1 - winner % 2
    if not any(hs):
        return gain
    return gain + solve_seats(hs, trump, winner, out=outs)


def choose_from_worlds(rules: Rules, worlds, trump: int, leader: int, out: int, trick: list[int], maker: int,
                       alone: bool, won: int, order: int = DEFAULT_ORDER) -> tuple[int, dict[int, int]]:
    """``(card, {card: summed points})`` of the player to move, valuing each world double dummy; ties by the
    suit order ``order`` (:func:`~euchre_stats.core.ties.tie_key`)."""
    mover = leader
    for _ in trick:
        mover = next_seat(mover, out)
    hand = int(worlds[0][mover])
    legal = legal_plays(hand, trump, trick[0] if trick else None)
    sums = {}
    for c in bits(legal):
        sums[c] = sum(mover_points(rules, won + side0_after(w, trump, leader, out, trick, c), mover, maker, alone)
                      for w in worlds)
    od = decision_order(order, len(trick), mover, maker % 2)  # a makers' lead's ties: the highest first
    best = max(sums, key=lambda c: (sums[c], -tie_key(c, trump, od)))
    return best, sums


class HandState:
    """A six-handed hand in play: hands, the current trick, cards gone, voids shown, side 0's tricks."""

    def __init__(self, hands, trump: int, leader: int, out: int):
        self.hands = [int(h) for h in hands]
        self.trump, self.leader, self.out = trump, leader, out
        self.seat, self.trick, self.gone, self.won = leader, [], 0, 0
        self.voids = [0] * SEATS  # bit e: void shown in effective suit e

    def legal(self) -> int:
        return legal_plays(self.hands[self.seat], self.trump, self.trick[0] if self.trick else None)

    def play(self, card: int) -> None:
        t, seat = self.trump, self.seat
        assert (self.legal() >> card) & 1, "an illegal card"
        if self.trick and EFF_SUIT[t, card] != EFF_SUIT[t, self.trick[0]]:
            self.voids[seat] |= 1 << int(EFF_SUIT[t, self.trick[0]])
        self.hands[seat] &= ~(1 << card)
        self.trick.append(card)
        if len(self.trick) < SEATS - bin(self.out).count("1"):
            self.seat = next_seat(seat, self.out)
            return
        order = [self.leader]
        for _ in self.trick[1:]:
            order.append(next_seat(order[-1], self.out))
        self.leader = self.seat = order[trick_winner_index(self.trick, t)]
        self.won += 1 - self.leader % 2
        for c in self.trick:
            self.gone |= 1 << c
        self.trick = []


def random_deal(rng, out: int, deck: int = DECK) -> list[int]:
    cards = rng.permutation(bits(deck))
    return [0 if (out >> s) & 1 else sum(1 << int(c) for c in cards[5 * s:5 * s + 5]) for s in range(SEATS)]


def random_position(rng, rules: Rules, alone: bool, steps=None, choice: bool = True):
    """A random six-handed position after ``steps`` random legal cards (default a random number), with two
    or more legal cards (any number with ``choice`` false): a dict of hands, trump, leader, out, trick,
    gone, voids, won, maker, alone, mover, up (a card of the dealer's hand taken up, or -1) and deck (its
    mask)."""
    deck = rules.deck_obj.mask
    while True:
        maker = int(rng.integers(SEATS))
        out = sitting_out(maker if alone else None, None, SEATS)
        trump = int(rng.integers(4))
        hands = random_deal(rng, out, deck)
        up = -1
        if hands[DEALER] and rng.random() < 0.5:
            up = int(rng.choice(bits(hands[DEALER])))
        h = HandState(hands, trump, first_leader(rules, DEALER, maker if alone else None), out)
        na = SEATS - bin(out).count("1")
        todo = int(rng.integers(0, na * rules.hand_size - 1)) if steps is None else int(steps)
        for _ in range(todo):
            opts = bits(h.legal())
            h.play(opts[int(rng.integers(len(opts)))])
        legal = h.legal()
        if legal & (legal - 1) or not choice:
            held_up = up if up >= 0 and (h.hands[DEALER] >> up) & 1 else -1
            return dict(hands=h.hands, trump=trump, leader=h.leader, out=out, trick=list(h.trick), gone=h.gone,
                        voids=list(h.voids), won=h.won, maker=maker, alone=alone, mover=h.seat, up=held_up,
                        deck=deck)


def _holders(p: dict):
    """``(unseen cards, [(seat, cards it needs, its void mask)], mover's known upcard)``."""
    t, mover = p["trump"], p["mover"]
    up = p["up"] if p["up"] >= 0 and mover != DEALER else -1
    table = sum(1 << c for c in p["trick"])
    unseen = p.get("deck", DECK) & ~p["gone"] & ~table & ~p["hands"][mover] & ~((1 << up) if up >= 0 else 0)
    holders = []
    for s in range(SEATS):
        if s == mover or (p["out"] >> s) & 1:
            continue
        vm = sum(1 << c for c in range(58) if (p["voids"][s] >> int(EFF_SUIT[t, c])) & 1)
        holders.append((s, bin(p["hands"][s]).count("1") - (1 if s == DEALER and up >= 0 else 0), vm))
    return unseen, holders, up


def _base(p: dict, up: int) -> list[int]:
    w = [0] * SEATS
    w[p["mover"]] = p["hands"][p["mover"]]
    if up >= 0:
        w[DEALER] |= 1 << up
    return w


def sample_worlds_slow(rng, p: dict, m: int) -> np.ndarray:
    """``m`` worlds of the mover's view by plain rejection: the unseen cards shuffled to the other seats
    (the rest to the dead pile), redrawn until no shown void is breached."""
    unseen, holders, up = _holders(p)
    cards = bits(unseen)
    out = np.zeros((m, SEATS), dtype=np.int64)
    for i in range(m):
        while True:
            perm = rng.permutation(cards)
            w, k = _base(p, up), 0
            for s, need, _ in holders:
                w[s] |= sum(1 << int(c) for c in perm[k:k + need])
                k += need
            if all(w[s] & vm == 0 for s, _, vm in holders):
                break
        out[i] = w
    return out


def all_worlds(p: dict) -> set[tuple[int, ...]]:
    """Every deal consistent with the mover's view (small positions only)."""
    unseen, holders, up = _holders(p)
    found = set()

    def deal(i, left, w):
        if i == len(holders):
            found.add(tuple(w))
            return
        s, need, vm = holders[i]
        for combo in itertools.combinations(bits(left & ~vm), need):
            m = sum(1 << c for c in combo)
            w2 = list(w)
            w2[s] |= m
            deal(i + 1, left & ~m, w2)

    deal(0, unseen, _base(p, up))
    return found
