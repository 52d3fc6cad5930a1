"""Renaming the suits leaves a deal the same deal: the realistic play must not care which suit is called what.

Renaming clubs <-> hearts and diamonds <-> spades (with trump) keeps every suit's distance from trump, so the
kernels' power layout of a deal and of its renamed copy is the same, bit for bit: played from the same
random stream the two must take the same tricks, card for card.  Until the tie-break was made suit-free
(docs/methods.md, "Ties to the lowest card number") equally valued cards went to the lowest card number,
which the renaming reorders, and the two copies parted (here 51 of 150 deals, of every seat pattern).  The other
renamings (the green suits swapped) move the suits' slots and so the worlds drawn: only their values in
distribution agree (``benchmarks/suit_symmetry.py``).
"""

from __future__ import annotations

import itertools

import numpy as np

from euchre_stats.cardplay.realistic import play_realistic
from euchre_stats.core.ties import ORDERS, tie_key, tie_order
from euchre_stats.core.trump import NO_TRUMP
from euchre_stats.engine import choice
from euchre_stats.rules import preset

from slow_pimc import deal_rows  # noqa: E402

LONE_DEF = preset("north-american").replace(defend_alone=True)


def _shift(card: int) -> int:
    """Card ``card`` with its suit renamed ``s -> s + 2`` (clubs <-> hearts, diamonds <-> spades); the Joker kept."""
    return card if card >= 32 else (((card >> 3) + 2) & 3) * 8 + (card & 7)


def _shift_mask(m: int) -> int:
    return sum(1 << _shift(c) for c in range(33) if (m >> c) & 1)


def _rows(seed: int, n: int):
    return deal_rows(np.random.default_rng(seed), LONE_DEF, n)


def test_a_deal_and_its_renamed_copy_play_alike_from_one_stream():
    hands, trump, leader, out, maker, alone, def_alone = _rows(5, 150)
    renamed = np.array([[_shift_mask(int(h)) for h in row] for row in hands], dtype=np.uint64)
    a = play_realistic(LONE_DEF, hands, trump, leader, out, maker, alone, def_alone, seed=3, worlds=12, threads=1)
    b = play_realistic(LONE_DEF, renamed, (trump + 2) & 3, leader, out, maker, alone, def_alone, seed=3, worlds=12,
                       threads=1)
    assert (a == b).all(), np.flatnonzero(a != b)


def test_the_tie_key_is_one_rule_compiled_as_it_is():
    """The kernels' key (:func:`euchre_stats.engine.choice._tie_key`) is the plain function, and the order a
    row draws from its stream is :func:`euchre_stats.core.ties.tie_order`'s."""
    for t in range(5):
        for c in range(58 if t < 4 else 57):
            if c == 32 and t == NO_TRUMP:
                continue
            for order in (int(ORDERS[0]), int(ORDERS[17]), int(ORDERS[23])):
                assert choice._tie_key(c, t, order) == tie_key(c, t, order)
    from euchre_stats.engine.worlds import _seed_stream

    rs = np.zeros(1, dtype=np.uint64)
    for seed, stream in itertools.product((0, 1, 12345, (1 << 63) - 1), (0, 7, 999)):
        _seed_stream(rs, seed, stream)
        assert int(choice._tie_order(rs[0])) == tie_order(seed, stream)


def test_the_key_ranks_first_and_keeps_trumps_last():
    """Hearts trump: plain nines (any suit) before plain tens, every plain card before the nine of trumps,
    the trumps in their power order; equal ranks ordered by the order of the suits, each order once."""
    h = 2
    for order in ORDERS:
        order = int(order)
        k = {c: tie_key(c, h, order) for c in range(33)}
        plain = [c for c in range(32) if (c >> 3) != h and c != 12]  # not hearts, not the left bower (Jd)
        trumps = [c for c in range(33) if c not in plain]
        assert max(k[c] for c in plain) < min(k[c] for c in trumps)
        for a, b in itertools.combinations(plain, 2):
            if (a & 7) != (b & 7):
                assert (k[a] < k[b]) == ((a & 7) < (b & 7))
        power = [16, 17, 18, 19, 21, 22, 23, 12, 20, 32]  # 7h 8h 9h Th Qh Kh Ah, Jd Jh, the Joker
        assert [k[c] for c in power] == sorted(k[c] for c in power)
    # over the 24 orders each suit comes first among the three plain nines equally often
    firsts = [min((0 * 8 + 2, 1 * 8 + 2, 3 * 8 + 2), key=lambda c: tie_key(c, h, int(o))) for o in ORDERS]
    assert sorted(firsts.count(c) for c in (2, 10, 26)) == [8, 8, 8]
