"""The Monte Carlo dealer: uniform samples of the unseen cards consistent with what one player knows.

Holders are the four seats and the kitty (index 4); a :class:`Knowledge` made by
:meth:`Knowledge.for_seats` holds another number of seats (six-handed: seats 0..5, the kitty 6),
the kitty always last.  What a player knows is a
:class:`Knowledge`: the cards each holder is known to hold (own hand, the upcard
in the kitty or in the dealer's hand after a pick-up), how many unseen cards
each holder still has, the cards gone (played), and the effective suits each
seat has shown void in (which needs trump to be fixed).

Sampling is exact: the unseen cards are grouped by effective suit; every matrix
"how many cards of each group each holder gets" is enumerated with its weight
(the number of deals it stands for), a matrix is drawn per sample, and each
group's cards are shuffled among its holders.  Every consistent deal is thus
equally likely, whatever the voids.  No bidding inference here: weighting by
the bidding model is done by the caller (:mod:`euchre_stats.decide`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from math import lgamma

import numpy as np

from ..core.cards import card_name, mask_to_cards
from ..core.errors import InconsistentDealError
from ..core.trump import SUIT_MASK

KITTY = 4
NUM_HOLDERS = 5


@dataclass
class Knowledge:
    """What one player knows about the deal (see the module docstring)."""

    deck_mask: int
    #: cards known to be with each holder (seats 0..3, kitty)
    known: list[int] = field(default_factory=lambda: [0] * NUM_HOLDERS)
    #: number of unseen cards each holder still has
    need: list[int] = field(default_factory=lambda: [0] * NUM_HOLDERS)
    #: cards no longer in anybody's hand (played), or otherwise out of the sample
    gone: int = 0
    #: trump, when fixed (needed to read voids)
    trump: int | None = None
    #: bitmask of effective suits (bit s) each holder is known to be void in
    voids: list[int] = field(default_factory=lambda: [0] * NUM_HOLDERS)

    @classmethod
    def for_seats(cls, deck_mask: int, seats: int, trump: int | None = None) -> "Knowledge":
        """Empty knowledge of a table of ``seats`` seats (holders 0..seats-1, the kitty ``seats``)."""
        n = seats + 1
        return cls(deck_mask, known=[0] * n, need=[0] * n, trump=trump, voids=[0] * n)

    def place(self, holder: int, card: int) -> None:
        """``card`` is known to be with ``holder`` (a seat or the kitty): one unseen place fewer there."""
        self.known[holder] |= 1 << card
        self.need[holder] -= 1

    def unseen(self) -> int:
        """Mask of cards whose holder is unknown."""
        taken = self.gone
        for m in self.known:
            taken |= m
        return self.deck_mask & ~taken

    def check(self) -> None:
        """Raise :class:`InconsistentDealError` if no deal fits this knowledge."""
        seen = self.gone
        for h, m in enumerate(self.known):
            if m & seen:
                dup = mask_to_cards(m & seen)[0]
                raise InconsistentDealError(f"card {card_name(dup)!r} is placed twice")
            if m & ~self.deck_mask:
                bad = mask_to_cards(m & ~self.deck_mask)[0]
                raise InconsistentDealError(f"card {card_name(bad)!r} is not in the deck")
            seen |= m
        unseen = self.unseen()
        if unseen.bit_count() != sum(self.need):
            raise InconsistentDealError(
                f"{unseen.bit_count()} unseen cards cannot fill the {sum(self.need)} places left"
            )
        if any(self.voids) and self.trump is None:
            raise InconsistentDealError("voids need trump to be fixed")
        if not _enumerate_matrices(self)[0]:
            raise InconsistentDealError(
                "no deal fits: the revealed voids leave some player unable to hold their cards"
            )


def _groups(k: Knowledge) -> list[int]:
    """Masks of unseen cards that are interchangeable for the constraints (one per effective suit)."""
    unseen = k.unseen()
    if k.trump is None or not any(k.voids):
        return [unseen] if unseen else []
    out = []
    for s in range(4):
        g = unseen & int(SUIT_MASK[k.trump, s])
        if g:
            out.append(g)
    return out


def _suit_of_group(k: Knowledge, g: int) -> int:
    if k.trump is None:
        return -1
    for s in range(4):
        if g & int(SUIT_MASK[k.trump, s]):
            return s
    return -1


def _enumerate_matrices(k: Knowledge):
    """All count matrices (groups x holders) with their log-weights, and the groups."""
    groups = _groups(k)
    sizes = tuple(g.bit_count() for g in groups)
    allowed = []
    for g in groups:
        s = _suit_of_group(k, g)
        allowed.append(tuple(h for h in range(len(k.need))
                             if k.need[h] > 0 and (s < 0 or not (k.voids[h] >> s) & 1)))
    return _matrices(sizes, tuple(allowed), tuple(k.need)), groups


@lru_cache(maxsize=4096)
def _matrices(sizes: tuple, allowed: tuple, need: tuple) -> list:
    """Count matrices for group sizes, allowed holders per group and holder capacities.

    Depends only on these counts, not on which cards they are, so it is cached.
    """
    results: list[tuple[tuple, float]] = []
    cap = list(need)
    rows: list = []

    def rec(gi: int, logw: float):
        if gi == len(sizes):
            if all(c == 0 for c in cap):
                results.append((tuple(rows), logw))
            return
        hs = allowed[gi]
        if not hs:
            return
        remaining_after = sum(sizes[gi + 1:])

        def split(j: int, left: int, row: list, lw: float):
            h = hs[j]
            if j == len(hs) - 1:
                if left <= cap[h]:
                    cap[h] -= left
                    if sum(cap) == remaining_after:
                        rows.append(row + [(h, left)])
                        rec(gi + 1, lw - lgamma(left + 1))
                        rows.pop()
                    cap[h] += left
                return
            for x in range(min(left, cap[h]) + 1):
                cap[h] -= x
                split(j + 1, left - x, row + [(h, x)], lw - lgamma(x + 1))
                cap[h] += x

        split(0, sizes[gi], [], logw)

    rec(0, 0.0)
    return results


class Dealer:
    """Draws deals consistent with a :class:`Knowledge`; build once, sample many times."""

    def __init__(self, knowledge: Knowledge):
        knowledge.check()
        self.k = knowledge
        matrices, groups = _enumerate_matrices(knowledge)
        self.groups = [np.array(mask_to_cards(g), dtype=np.int64) for g in groups]
        logw = np.array([w for _, w in matrices])
        p = np.exp(logw - logw.max())
        self.probs = p / p.sum()
        # counts[m, g, h]
        self.counts = np.zeros((len(matrices), len(groups), len(knowledge.need)), dtype=np.int64)
        for mi, (rows, _) in enumerate(matrices):
            for gi, row in enumerate(rows):
                for h, x in row:
                    self.counts[mi, gi, h] = x
        self.base = np.array([int(m) for m in knowledge.known], dtype=np.uint64)

    def sample(self, n: int, rng: np.random.Generator) -> np.ndarray:
        """``n`` deals as a uint64 array of shape (n, holders): the seats (0..3), then the kitty."""
        out = np.tile(self.base, (n, 1))
        if not self.groups:
            return out
        choice = rng.choice(len(self.probs), size=n, p=self.probs) if len(self.probs) > 1 \
            else np.zeros(n, dtype=np.int64)
        from ._kernels import deal_group

        for gi, cards in enumerate(self.groups):
            # each row orders the group's cards by its own random keys; the holders take them in turn
            # (one count matrix: fixed numbers; otherwise those of the row's matrix)
            keys = rng.random((n, len(cards)))
            takes = self.counts[:1, gi, :] if len(self.probs) == 1 else self.counts[choice, gi, :]
            deal_group(keys, cards, np.ascontiguousarray(takes), out)
        return out

    def count_deals(self) -> int:
        """Number of distinct consistent deals."""
        from math import comb

        total = 0
        for mi in range(len(self.probs)):
            w = 1
            for gi, cards in enumerate(self.groups):
                n = len(cards)
                rem = n
                for h in range(self.counts.shape[2]):
                    x = int(self.counts[mi, gi, h])
                    w *= comb(rem, x)
                    rem -= x
            total += w
        return total


def sample_worlds(k: Knowledge, m: int, rng: np.random.Generator) -> np.ndarray:
    """``m`` uniform deals (m, 5) for ``k``: plain shuffles with rejection of void breaches,
    falling back to the exact enumerating dealer when rejection is slow."""
    unseen = k.unseen()
    cards = np.array(mask_to_cards(unseen), dtype=np.int64)
    holders = [h for h in range(5) if k.need[h] > 0]
    base = np.array(k.known, dtype=np.uint64)
    if len(cards) == 0:
        return np.tile(base, (m, 1))
    cuts = np.cumsum([k.need[h] for h in holders])[:-1]
    has_voids = any(k.voids[h] for h in holders)
    tries = 8 * m if has_voids else m
    perm = np.argsort(rng.random((tries, len(cards))), axis=1)
    shuffled = cards[perm]
    bits = np.left_shift(np.uint64(1), shuffled.astype(np.uint64))
    parts = np.split(bits, cuts, axis=1)
    worlds = np.tile(base, (tries, 1))
    for h, part in zip(holders, parts):
        worlds[:, h] |= np.bitwise_or.reduce(part, axis=1)
    if has_voids:
        ok = np.ones(tries, dtype=bool)
        for h in holders:
            for s in range(4):
                if (k.voids[h] >> s) & 1:
                    ok &= (worlds[:, h] & SUIT_MASK[k.trump, s]) == 0
        good = worlds[ok]
        if len(good) >= m:
            return good[:m]
        return Dealer(k).sample(m, rng)
    return worlds
