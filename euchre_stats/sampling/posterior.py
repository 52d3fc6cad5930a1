"""Deals conditioned on an auction: sampling importance resampling (SIR).

What a player saw in the auction (who passed, who called) makes some deals more
likely than others.  Weighting uniform deals by that likelihood wastes most of
them once several seats have passed: a few deals carry all the weight.  Here
many cheap candidate deals are drawn (no play-out, only the bidding model's
count), weighted, and ``n`` of them are resampled in proportion to their weights
(systematic resampling).  Only those are played out.  A deal drawn more than once
is kept once, with its count as its weight.

Two sources of error remain, and both are reported: the resampled set's own
(its counts give an effective size ``(sum c)^2 / sum c^2``), and the candidate
pool's (its effective size ``(sum w)^2 / sum w^2``, kept at :data:`POOL_FACTOR`
times ``n`` unless the draw cap is reached).  The effective sample of the
result combines them, ``1 / (1/ess_counts + 1/ess_pool)``, and the standard error
of an estimate from the resampled set is scaled by ``sqrt(1 + ess_counts/ess_pool)``
(:attr:`Posterior.se_scale`).  No I/O.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

#: the candidate pool's effective size, as a multiple of the deals kept
POOL_FACTOR = 10
#: the most candidates drawn per deal kept
MAX_DRAWS_PER_DEAL = 400
#: candidates are drawn in batches of at least this many
MIN_BATCH = 4096


@dataclass
class Posterior:
    """Resampled deals (``deals[i]`` kept ``counts[i]`` times) and what it took to get them."""

    deals: np.ndarray
    counts: np.ndarray
    drawn: int
    pool_ess: float

    @property
    def counts_ess(self) -> float:
        c = self.counts
        return float(c.sum() ** 2 / (c * c).sum()) if len(c) else 0.0

    @property
    def effective(self) -> float:
        """The effective sample of estimates from these deals (both sources of error)."""
        a, b = self.counts_ess, self.pool_ess
        return 0.0 if a <= 0 or b <= 0 else 1.0 / (1.0 / a + 1.0 / b)

    @property
    def se_scale(self) -> float:
        """Factor on a standard error computed from the counts alone, for the pool's error."""
        return math.sqrt(1.0 + self.counts_ess / self.pool_ess) if self.pool_ess > 0 else math.inf


def systematic_resample(weights: np.ndarray, n: int, rng: np.random.Generator) -> np.ndarray:
    """``n`` indices drawn in proportion to ``weights`` (systematic resampling: one uniform, then
    evenly spaced), sorted; each index appears floor or ceil of n * its share times."""
    cum = np.cumsum(weights, dtype=np.float64)
    total = cum[-1]
    if 0 < total < 1e-200:
        # subnormal weights lose their ratios in the spacing below; rescale them first
        cum = np.cumsum(np.asarray(weights, dtype=np.float64) / np.max(weights))
        total = cum[-1]
    pos = (rng.random() + np.arange(n)) * (total / n)
    return np.minimum(np.searchsorted(cum, pos, side="right"), len(weights) - 1)


def posterior_sample(draw, likelihood, n: int, rng: np.random.Generator, *, pool_factor: float = POOL_FACTOR,
                     max_draws: int | None = None, max_batch: int | None = None) -> Posterior:
    """``n`` deals from the posterior: ``draw(m)`` gives ``m`` candidate deals (an array whose first
    axis is the deal), ``likelihood(deals)`` their weights (non-negative).

    Candidates are drawn until the pool's effective size reaches ``pool_factor * n`` or
    ``max_draws`` (default :data:`MAX_DRAWS_PER_DEAL` per deal) are drawn.  Returns deals with no
    likelihood at all as an empty :class:`Posterior` (``drawn`` says how many were tried).

    ``max_batch`` bounds the candidates drawn and weighed at once (memory independent of ``n``): each
    planned batch is drawn in pieces of at most that many.  The pieces are the same candidates as one
    draw only when ``draw`` consumes its random stream in order (``draw(a)`` then ``draw(b)`` gives
    ``draw(a + b)``), as :func:`~euchre_stats.sampling.deals.random_deals` does; None: one draw a batch.
    """
    if max_draws is None:
        max_draws = MAX_DRAWS_PER_DEAL * n
    want = pool_factor * n
    pools, weights = [], []
    drawn = 0
    sw = sw2 = 0.0
    batch = max(MIN_BATCH, 2 * n)
    while True:
        m = min(batch, max_draws - drawn)
        step = m if max_batch is None else max(1, int(max_batch))
        for lo in range(0, m, step):
            d = draw(min(step, m - lo))
            w = np.asarray(likelihood(d), dtype=np.float64)
            keep = w > 0
            pools.append(d[keep])
            weights.append(w[keep])
            sw += float(w.sum())
            sw2 += float((w * w).sum())
        drawn += m
        ess = sw * sw / sw2 if sw2 > 0 else 0.0
        if ess >= want or drawn >= max_draws:
            break
        # aim the next batch at the pool still needed, from the rate so far
        rate = ess / drawn
        batch = int(min(max_draws - drawn, max(MIN_BATCH, 1.2 * (want - ess) / rate if rate > 0 else 8 * batch)))
    pool = np.concatenate(pools)
    w = np.concatenate(weights)
    if len(w) == 0:
        return Posterior(pool[:0], np.zeros(0), drawn, 0.0)
    idx = systematic_resample(w, n, rng)
    uniq, counts = np.unique(idx, return_counts=True)
    return Posterior(pool[uniq], counts.astype(np.float64), drawn, ess)
