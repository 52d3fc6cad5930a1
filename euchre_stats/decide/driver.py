"""The shared Monte Carlo driver: seeded chunks of deals, conditioned on the auction by sampling
importance resampling, played by a chunk function, until the effective sample is reached.

Same seed, same chunks, same answer, whatever the number of solver threads.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..core.errors import DecisionInputError, InconsistentDealError, SolveInputError
from ..core.stats import effective_sample_size, weighted_mean_se
from ..cardplay.contracts import Outcome
from ..sampling.posterior import posterior_sample
from ..sampling.seeds import CHUNK, chunk_rng, chunk_sizes

# --- the shared driver ----------------------------------------------------------------------
#: with inference, deals played at most this many times ``samples`` while the effective sample is short
MAX_PLAYED_FACTOR = 3


@dataclass
class Sampling:
    """How the deals behind a decision were drawn: played deals, effective sample, candidates drawn."""

    played: int
    effective: float
    drawn: int
    se_scale: float = 1.0
    asked: int = 0
    #: the effective sample fell short of ``asked`` at the cap on deals played
    short: bool = False
    #: candidates were screened by the bids seen (the smaller games' rejection; otherwise read from
    #: ``drawn > played``)
    screened: bool = False

    def to_dict(self) -> dict:
        return {"deals_played": self.played, "effective_samples": round(self.effective, 1),
                "candidates_drawn": self.drawn, "se_scale": round(self.se_scale, 4), "short": self.short}


def sampled(draw, likelihood, play):
    """A chunk function for :func:`drive`: ``n`` deals drawn by ``draw(rng, m)``, conditioned on the
    auction by ``likelihood(deals)`` (``None``: uniform) through sampling importance resampling, then
    played by ``play(rng, deals)`` (a dict of :class:`Outcome`)."""
    def chunk(rng, n):
        if likelihood is None:
            deals = draw(rng, n)
            return play(rng, deals), np.ones(len(deals)), (len(deals), math.inf)
        post = posterior_sample(lambda m: draw(rng, m), likelihood, n, rng)
        if len(post.counts) == 0:
            raise DecisionInputError(f"none of {post.drawn:,} sampled deals is consistent with the auction seen "
                                     "under the bidding model; use --no-infer")
        return play(rng, post.deals), post.counts, (post.drawn, post.pool_ess)
    return chunk


def uniform(draw, play):
    return sampled(draw, None, play)


def drive(seed: int, samples: int, target_se: float | None, chunk_fn, progress=None):
    """Run seeded chunks until the effective sample reaches ``samples`` (or every option's SE is
    at most ``target_se``), playing at most :data:`MAX_PLAYED_FACTOR` times ``samples`` deals.

    Returns the outcomes, the per-deal weights and a :class:`Sampling`.  Same seed, same chunks,
    same answer, whatever the number of solver threads.
    """
    if target_se is not None and not target_se > 0:
        raise DecisionInputError(f"target standard error must be positive, got {target_se!r}")
    parts: dict[str, list[Outcome]] = {}
    weights: list[np.ndarray] = []
    drawn = 0
    pool_inv = 0.0  # sum over chunks of (weight in the chunk)^2 / pool ESS
    planned = chunk_sizes(samples)
    i = 0
    eff = 0.0
    if progress is not None:
        progress(0, samples)  # drawn at once: a chunk can take seconds (the dealer's discards, a cold start)
    while True:
        size = planned[i] if i < len(planned) else min(CHUNK, max(8, math.ceil(1.25 * (samples - eff))))
        size = min(size, MAX_PLAYED_FACTOR * samples - sum(len(x) for x in weights))   # never past the cap
        try:
            outs, w, (d, pool_ess) = chunk_fn(chunk_rng(seed, i), size)
        except (InconsistentDealError, SolveInputError) as exc:  # deals built here, refused below: a bug
            raise RuntimeError(f"the play of the sampled deals refused them: {exc}") from exc
        for a, o in outs.items():
            parts.setdefault(a, []).append(o)
        weights.append(w)
        drawn += d
        pool_inv += float(w.sum()) ** 2 / pool_ess
        i += 1
        ww = np.concatenate(weights)
        tot = float(ww.sum())
        pool_total = tot * tot / pool_inv if pool_inv > 0 else math.inf
        ess_counts = effective_sample_size(ww)
        eff = 1.0 / (1.0 / ess_counts + 1.0 / pool_total)
        scale = math.sqrt(1.0 + ess_counts / pool_total)
        if progress is not None:
            progress(min(int(eff), samples), samples)
        if target_se is not None and i >= 2:
            worst = max(weighted_mean_se(np.concatenate([p.value for p in ps]), ww)[1]
                        for ps in parts.values()) * scale
            if worst <= target_se:
                break
        if i >= len(planned) and eff >= samples - 1e-9:
            break
        if len(ww) >= MAX_PLAYED_FACTOR * samples:
            break
    short = eff < samples - 1e-9 and (target_se is None or i >= len(planned))
    info = Sampling(len(ww), eff, drawn, scale, samples, bool(short and target_se is None))
    return {a: Outcome.concat(ps) for a, ps in parts.items()}, ww, info
