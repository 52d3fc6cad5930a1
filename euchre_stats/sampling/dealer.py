"""The Monte Carlo dealer: uniform samples of the unseen cards consistent with what one player knows.

Holders are the four seats and the kitty (index 4); a :class:`Knowledge` made by
:meth:`Knowledge.for_seats` holds another number of seats (six-handed: seats 0..5, the kitty 6),
the kitty always last.  What a player knows is a
:class:`Knowledge`: the cards each holder is known to hold (own hand, the upcard
in the kitty or in the dealer's hand after a pick-up), how many unseen cards
each holder still has, the cards gone (played), and the effective suits each
seat has shown void in (which needs trump to be fixed).

Sampling is exact: the unseen cards are grouped by effective suit, a count matrix "how many
cards of each group each holder gets" is drawn with probability proportional to the number of
deals it stands for, and each group's cards are shuffled among its holders.  Every consistent
deal is thus equally likely, whatever the voids.  The matrix is drawn in one of two ways, both
exact: when the matrices are few (every four-handed position) they are all enumerated with
their weights and one is drawn per sample; when they are many (six seats and a kitty of twenty
in the doubled pack: millions) the completions are counted holder by holder instead (dynamic
programming over the seats that showed a void, the others counted in closed form) and each
sample draws its holders' counts one after another from those exact counts, in time and memory
bounded by the number of per-suit count vectors (a few thousand), not of matrices.  No bidding
inference here: weighting by the bidding model is done by the caller (:mod:`euchre_stats.decide`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product
from math import comb, factorial, lgamma, prod

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
        if not _SeatCounts.of(self).total:
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


def _layout(k: Knowledge) -> tuple[list[int], tuple, tuple]:
    """The groups, their sizes, and for each group the holders that may take its cards."""
    groups = _groups(k)
    allowed = []
    for g in groups:
        s = _suit_of_group(k, g)
        allowed.append(tuple(h for h in range(len(k.need))
                             if k.need[h] > 0 and (s < 0 or not (k.voids[h] >> s) & 1)))
    return groups, tuple(g.bit_count() for g in groups), tuple(allowed)


#: the count matrices are enumerated (as they always were, so that a seed gives the deals it gave
#: before) only when at most this many holders have unseen cards (four seats and the kitty) ...
ENUMERATED_HOLDERS = 5
#: ... and the enumeration takes at most this many steps: the most measured over four-handed
#: positions after a trick, with random voids, is 0.9 million (33-card deck, seven cards each; about
#: a second).  Six seats and a kitty run into millions of matrices (the doubled pack's kitty of
#: twenty: gigabytes), and are counted holder by holder instead.
ENUMERATION_STEPS = 3_000_000


@lru_cache(maxsize=4096)
def _matrices(sizes: tuple, allowed: tuple, need: tuple, budget: int = ENUMERATION_STEPS) -> list | None:
    """Count matrices for group sizes, allowed holders per group and holder capacities, with their
    log-weights; None when enumerating them takes more than ``budget`` steps.

    Depends only on these counts, not on which cards they are, so it is cached.
    """
    results: list[tuple[tuple, float]] = []
    cap = list(need)
    rows: list = []
    steps = [0]

    class _OverBudget(Exception):
        pass

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
            steps[0] += 1
            if steps[0] > budget:
                raise _OverBudget
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

    try:
        rec(0, 0.0)
    except _OverBudget:
        return None
    return results


class _SeatCounts:
    """The consistent deals counted holder by holder, and count matrices drawn from those counts.

    Each holder that showed a void (a *constrained* holder) takes, from each group, a number of
    cards; ``count(i, r)`` is the number of ways the constrained holders ``i..`` and then every
    other holder can be dealt when ``r[g]`` cards of group ``g`` are left: the sum, over the
    counts ``x`` holder ``i`` may take, of ``prod_g C(r[g], x[g]) * count(i + 1, r - x)``.  The
    holders with no void (the kitty among them) take whatever is left, in
    ``(sum r)! / prod need!`` ways whatever ``r`` is.  A state is a vector of per-group counts
    (at most four numbers), so there are few of them however many seats there are.
    """

    def __init__(self, sizes: tuple, allowed: tuple, need: tuple):
        self.sizes = sizes
        self.need = need
        ng = len(sizes)
        holders = [h for h in range(len(need)) if need[h] > 0]
        self.takes_from = {h: tuple(g for g in range(ng) if h in allowed[g]) for h in holders}
        self.constrained = [h for h in holders if len(self.takes_from[h]) < ng]
        self.free = [h for h in holders if len(self.takes_from[h]) == ng]
        self.free_cards = sum(need[h] for h in self.free)
        self.free_ways = factorial(self.free_cards) // prod(factorial(need[h]) for h in self.free)
        self._counts: dict = {}
        self._draws: dict = {}
        self.total = self.count(0, sizes) if ng else 1

    @staticmethod
    def of(k: Knowledge) -> "_SeatCounts":
        _, sizes, allowed = _layout(k)
        return _seat_counts(sizes, allowed, tuple(k.need))

    def options(self, i: int, r: tuple) -> list[tuple]:
        """The per-group counts constrained holder ``i`` may take when ``r`` are left."""
        h = self.constrained[i]
        ok = self.takes_from[h]
        out = []
        for xs in product(*(range(min(r[g], self.need[h]) + 1) for g in ok)):
            if sum(xs) == self.need[h]:
                x = [0] * len(r)
                for g, v in zip(ok, xs):
                    x[g] = v
                out.append(tuple(x))
        return out

    def count(self, i: int, r: tuple) -> int:
        if i == len(self.constrained):
            return self.free_ways if sum(r) == self.free_cards else 0
        key = (i, r)
        if key not in self._counts:
            self._counts[key] = sum(prod(comb(a, b) for a, b in zip(r, x))
                                    * self.count(i + 1, tuple(a - b for a, b in zip(r, x)))
                                    for x in self.options(i, r))
        return self._counts[key]

    def _draw_table(self, i: int, r: tuple) -> tuple[np.ndarray, np.ndarray]:
        """The counts holder ``i`` may take from ``r`` with the cumulative probability of each."""
        key = (i, r)
        if key not in self._draws:
            xs, ws = [], []
            for x in self.options(i, r):
                w = prod(comb(a, b) for a, b in zip(r, x)) * self.count(i + 1, tuple(a - b for a, b in zip(r, x)))
                if w:
                    xs.append(x)
                    ws.append(w)
            total, acc, cum = sum(ws), 0, []
            for w in ws:
                acc += w
                cum.append(acc / total)  # exact integers, one rounding
            self._draws[key] = (np.array(xs, dtype=np.int64).reshape(len(xs), len(r)), np.array(cum))
        return self._draws[key]

    def draw(self, n: int, rng: np.random.Generator) -> np.ndarray:
        """``n`` count matrices (n, groups, holders), each with probability proportional to the
        number of deals it stands for."""
        ng, nh = len(self.sizes), len(self.need)
        takes = np.zeros((n, ng, nh), dtype=np.int64)
        left = np.tile(np.array(self.sizes, dtype=np.int64), (n, 1))
        for i, h in enumerate(self.constrained):
            u = rng.random(n)
            states, which = np.unique(left, axis=0, return_inverse=True)
            which = which.reshape(-1)
            for j, st in enumerate(states):
                xs, cum = self._draw_table(i, tuple(int(v) for v in st))
                rows = np.flatnonzero(which == j)
                pick = np.minimum(np.searchsorted(cum, u[rows], side="right"), len(xs) - 1)
                takes[rows, :, h] = xs[pick]
            left -= takes[:, :, h]
        # the holders with no void: a uniform share of what is left (multivariate hypergeometric,
        # one group after another), the last of them the rest
        for h in self.free[:-1]:
            want = np.full(n, self.need[h], dtype=np.int64)
            rest = left.sum(axis=1)
            for g in range(ng - 1):
                rest = rest - left[:, g]
                x = rng.hypergeometric(left[:, g], rest, want) if n else want
                takes[:, g, h] = x
                want = want - x
            takes[:, ng - 1, h] = want
            left -= takes[:, :, h]
        if self.free:
            takes[:, :, self.free[-1]] = left
        return takes


@lru_cache(maxsize=256)
def _seat_counts(sizes: tuple, allowed: tuple, need: tuple) -> _SeatCounts:
    return _SeatCounts(sizes, allowed, need)


class Dealer:
    """Draws deals consistent with a :class:`Knowledge`; build once, sample many times."""

    def __init__(self, knowledge: Knowledge):
        knowledge.check()
        self.k = knowledge
        groups, sizes, allowed = _layout(knowledge)
        self.groups = [np.array(mask_to_cards(g), dtype=np.int64) for g in groups]
        self.base = np.array([int(m) for m in knowledge.known], dtype=np.uint64)
        self._seats = _seat_counts(sizes, allowed, tuple(knowledge.need))
        few = sum(1 for x in knowledge.need if x > 0) <= ENUMERATED_HOLDERS
        matrices = None if not few else \
            _matrices(sizes, allowed, tuple(knowledge.need), ENUMERATION_STEPS) if groups else [((), 0.0)]
        #: drawing the count matrix from the enumerated list (None: holder by holder)
        self.enumerated = matrices is not None
        if not self.enumerated:
            return
        logw = np.array([w for _, w in matrices])
        p = np.exp(logw - logw.max())
        self.probs = p / p.sum()
        # counts[m, g, h]
        self.counts = np.zeros((len(matrices), len(groups), len(knowledge.need)), dtype=np.int64)
        for mi, (rows, _) in enumerate(matrices):
            for gi, row in enumerate(rows):
                for h, x in row:
                    self.counts[mi, gi, h] = x

    def sample(self, n: int, rng: np.random.Generator) -> np.ndarray:
        """``n`` deals as a uint64 array of shape (n, holders): the seats (0..3), then the kitty."""
        out = np.tile(self.base, (n, 1))
        if not self.groups:
            return out
        from ._kernels import deal_group

        if self.enumerated:
            choice = rng.choice(len(self.probs), size=n, p=self.probs) if len(self.probs) > 1 \
                else np.zeros(n, dtype=np.int64)
        else:
            drawn = self._seats.draw(n, rng)
        for gi, cards in enumerate(self.groups):
            # each row orders the group's cards by its own random keys; the holders take them in turn
            # (one count matrix: fixed numbers; otherwise those of the row's matrix)
            keys = rng.random((n, len(cards)))
            if not self.enumerated:
                takes = drawn[:, gi, :]
            else:
                takes = self.counts[:1, gi, :] if len(self.probs) == 1 else self.counts[choice, gi, :]
            deal_group(keys, cards, np.ascontiguousarray(takes), out)
        return out

    def count_deals(self) -> int:
        """Number of distinct consistent deals."""
        return self._seats.total


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
