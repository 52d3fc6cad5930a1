"""Random deals: uniform full deals, and deals around given hands.

Every engine that needs a fresh random deal draws it here, with the generator it is
given (see :mod:`euchre_stats.sampling.seeds`).  Deals consistent with what a player has
seen (voids, cards played) come from :mod:`euchre_stats.sampling.dealer` instead.
"""

from __future__ import annotations

import numpy as np

from ..core.decks import find_deck
from ..core.errors import RulesError
from ..rules import Rules


def random_deals(rules: Rules, n: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """``n`` uniform deals: hands (n, 4) uint64 (seat 0 = eldest) and the upcards (n,).

    The deck is shuffled; seats take ``rules.hand_size`` cards each in turn and the next card
    is turned up.
    """
    return shuffled_deals(rules.deck, rules.hand_size, n, rng)


def shuffled_deals(deck, hand_size: int, n: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """:func:`random_deals` for a deck name and hand size (the upcard is -1 when no card is left)."""
    d = find_deck(deck)
    if not 1 <= hand_size <= d.size // 4:
        raise RulesError(f"hand_size {hand_size!r} does not fit four hands in the {d.label}-card deck")
    cards = np.array(d.cards, dtype=np.int64)
    h = hand_size
    perm = np.argsort(rng.random((n, cards.size)), axis=1)
    dealt = cards[perm]
    bits = np.left_shift(np.uint64(1), dealt[:, : 4 * h].astype(np.uint64)).reshape(n, 4, h)
    hands = np.bitwise_or.reduce(bits, axis=2) if n else np.zeros((0, 4), dtype=np.uint64)
    ups = dealt[:, 4 * h] if cards.size > 4 * h else np.full(n, -1, dtype=np.int64)
    return hands.astype(np.uint64), ups


def sample_hands(rules: Rules, asker: int, hands: np.ndarray, ups: np.ndarray, samples: int,
                 rng: np.random.Generator) -> np.ndarray:
    """``samples`` uniform deals for each class (rows class by class): (K * samples, 4) uint64.

    The asker holds the class hand and the upcard is on the kitty; the other
    cards are shuffled as :meth:`euchre_stats.sampling.dealer.Dealer.sample` shuffles them,
    drawing the same random numbers, so one class reproduces that dealer exactly.
    """
    deck = rules.deck_obj
    hs = rules.hand_size
    hands = np.asarray(hands, dtype=np.uint64)
    k = len(hands)
    cards = np.array(deck.cards, dtype=np.int64)
    bits = np.uint64(1) << cards.astype(np.uint64)
    known = hands | (np.uint64(1) << np.asarray(ups, dtype=np.uint64))
    unseen = (known[:, None] & bits[None, :]) == 0            # (K, deck size)
    size = deck.size - hs - 1
    unseen_cards = cards[None, :].repeat(k, axis=0)[unseen].reshape(k, size)   # ascending per class
    rows = np.repeat(np.arange(k), samples)
    n = len(rows)
    perm = np.argsort(rng.random((n, size)), axis=1)
    permuted = np.take_along_axis(unseen_cards[rows], perm, axis=1).astype(np.uint64)
    shifted = np.uint64(1) << permuted
    out = np.zeros((n, 4), dtype=np.uint64)
    pos = 0
    for seat in range(4):
        if seat == asker:
            out[:, seat] = hands[rows]
            continue
        out[:, seat] = np.bitwise_or.reduce(shifted[:, pos:pos + hs], axis=1)
        pos += hs
    return out


def random_positions(n: int, seed=None, deck="24", hand_size: int = 5):
    """``n`` random full positions to solve: ``(hands uint64 (n, 4), trump int64 (n,), leader int64 (n,))``.

    Every seat is dealt ``hand_size`` cards of ``deck``; trump and leader are
    uniform.  ``seed`` is an int, a ``SeedSequence`` or a ``numpy.random.Generator``.
    """
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    hands, _ = shuffled_deals(deck, hand_size, n, rng)
    trump = rng.integers(0, 4, n).astype(np.int64)
    leader = rng.integers(0, 4, n).astype(np.int64)
    return hands.astype(np.uint64), trump, leader
