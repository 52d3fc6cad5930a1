"""Seeds and chunks: how every stochastic run turns one seed into reproducible work.

Work is cut into fixed-size chunks, each with its own generator spawned from the run's
``SeedSequence``, so results never depend on how many workers run the chunks.  Nothing
here draws a deal; it only hands out generators.
"""

from __future__ import annotations

import numpy as np

from ..core.errors import DecisionInputError

#: deals per work chunk
CHUNK = 1000


def chunk_rng(seed: int, *key: int) -> np.random.Generator:
    """Generator of the work chunk named by ``key``: the child ``SeedSequence(seed, spawn_key=key)``.

    ``chunk_rng(seed, i)`` is chunk ``i``'s generator; longer keys name chunks of sub-runs
    (for example one deck of a variants run).
    """
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=tuple(int(k) for k in key)))


def resolve_seed(seed: int | None) -> int:
    """The seed a run uses: ``seed`` itself, checked, or a fresh one drawn from the OS when None."""
    if seed is None:
        return int(np.random.SeedSequence().entropy % (2**32))
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise DecisionInputError(f"seed must be a whole number >= 0, got {seed!r}")
    return int(seed)


def chunk_sizes(samples: int, chunk: int = CHUNK) -> list[int]:
    """Sizes of the fixed chunks that make up ``samples`` deals (the last one may be short)."""
    if samples < 1:
        raise DecisionInputError(f"samples must be at least 1, got {samples!r}")
    sizes = [chunk] * (samples // chunk)
    if samples % chunk:
        sizes.append(samples % chunk)
    return sizes
