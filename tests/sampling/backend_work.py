"""Work for the chunk backends' tests (tests/sampling/test_backends.py), in a module of its own so that
a spawned process can import it by name (conftest puts this folder on the path, which spawned processes
inherit; a test module's own name under pytest's importlib mode is not importable there)."""

from __future__ import annotations

from euchre_stats.core.errors import DecisionInputError
from euchre_stats.sampling.seeds import chunk_rng


def draw(i, seed, size):
    """A chunk's work: depends only on the seed and the chunk."""
    return chunk_rng(seed, i).integers(0, 1000, size).tolist()


def boom(i):
    raise DecisionInputError(f"bad chunk {i}")


def die(i):
    import os

    if i == 1:
        os._exit(9)  # as a process killed
    return i
