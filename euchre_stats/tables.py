"""Trump-dependent lookup tables as plain numpy arrays (shared by Python code and numba kernels).

For each trump suit ``t`` (0..3):

* ``EFF_SUIT[t, card]`` -- the suit the card belongs to once trump is fixed: the
  left bower and the Joker belong to trump.
* ``POWER[t, card]`` -- comparable strength inside one effective suit; every
  trump is above every plain card (trump powers are 32..42: natural trumps
  32 + rank, left bower 40, right bower 41, Joker 42; plain cards 0..7).
* ``SUIT_MASK[t, s]`` -- bitmask of all cards (of the 33-card universe) whose
  effective suit is ``s``; intersect with a deck mask.

No I/O and no rule options here: only the card order every variant shares.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .cards import JACK, JOKER, NUM_CARDS

LEFT_POWER, RIGHT_POWER, JOKER_POWER = 40, 41, 42
TRUMP_BASE = 32


def _build():
    eff = np.zeros((4, NUM_CARDS), dtype=np.int8)
    power = np.zeros((4, NUM_CARDS), dtype=np.int8)
    masks = np.zeros((4, 4), dtype=np.uint64)
    for t in range(4):
        for c in range(NUM_CARDS):
            if c == JOKER:
                e, p = t, JOKER_POWER
            else:
                s, r = c >> 3, c & 7
                if s == t and r == JACK:
                    e, p = t, RIGHT_POWER
                elif s == 3 - t and r == JACK:
                    e, p = t, LEFT_POWER
                elif s == t:
                    e, p = t, TRUMP_BASE + r
                else:
                    e, p = s, r
            eff[t, c] = e
            power[t, c] = p
            masks[t, e] |= np.uint64(1 << c)
    for a in (eff, power, masks):
        a.setflags(write=False)
    return eff, power, masks


EFF_SUIT, POWER, SUIT_MASK = _build()


@dataclass(frozen=True)
class TrumpTables:
    """Tables for one trump suit (views into the module arrays)."""

    trump: int
    eff_suit: np.ndarray
    power: np.ndarray
    suit_mask: np.ndarray


@lru_cache(maxsize=None)
def trump_tables(trump: int) -> TrumpTables:
    """The :class:`TrumpTables` of ``trump`` (0 = clubs .. 3 = spades)."""
    if trump not in (0, 1, 2, 3):
        raise ValueError(f"trump must be a suit 0..3, got {trump!r}")
    return TrumpTables(trump, EFF_SUIT[trump], POWER[trump], SUIT_MASK[trump])
