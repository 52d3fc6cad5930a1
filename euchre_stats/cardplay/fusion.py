"""The vote against strategy fusion, on worlds already drawn: each card's points world by world, and
the card the vote plays (``realistic-v2:fusion=K``; the kernels in :mod:`euchre_stats.engine.fusion`).

The realistic player plays the card with the most points summed over its worlds, each world solved
as if every card were seen.  In a world it will later "guess right" every time, which it cannot do
at the table (strategy fusion): a card that wins only by such guesses looks as good as one that wins
without them.  The vote trusts the sum only to within a margin: of the cards whose total is within
``margin`` eighths of a point a world of the best, it plays the one that is best (or ties best) in
the most worlds, a card good whatever the hidden cards are.  Four-seat kernel only.  No I/O.
"""

from __future__ import annotations

import numpy as np

from ..core.seats import next_active
from ..core.ties import DEFAULT_ORDER, decision_order
from ..engine import fusion as _f
from ..engine import search as _solver_kernels
from ..rules import Rules
from .realistic import TT_BITS, _points_row

NOT_LEGAL = _f.NOT_LEGAL


def world_values(rules: Rules, worlds: np.ndarray, trump: int, leader: int, out: int, maker: int, alone: bool,
                 def_alone: int, *, trick=(), gone: int = 0, won: int = 0) -> np.ndarray:
    """``(m, 33)``: the mover's side's points minus the others' for each card in each world of
    ``worlds`` (m, 4) deck masks (arguments as :func:`~euchre_stats.cardplay.realistic.decide_given_worlds`),
    each world solved double-dummy; :data:`NOT_LEGAL` for a card that is not legal."""
    wd = np.ascontiguousarray(worlds, dtype=np.int64)
    tr = np.full(3, -1, dtype=np.int8)
    tr[: len(trick)] = list(trick)
    pts = _points_row(rules, int(maker), bool(alone), int(def_alone))
    values = np.zeros((wd.shape[0], 33), dtype=np.int64)
    _f.world_values(wd, int(trump), int(leader), int(out), tr, int(gone), int(rules.deck_obj.mask), pts, int(won),
                    TT_BITS, _solver_kernels.BITPOS, _solver_kernels.CARD_AT, values)
    return values


def fused_choice(values: np.ndarray, mult, margin: int, trump: int, order: int = DEFAULT_ORDER) -> int:
    """The card the vote plays from :func:`world_values`' ``values`` and each world's weight ``mult``
    (whole numbers): of the cards whose weighted total is within ``margin`` eighths of a point per
    world of the best, the one best or tied best in the most worlds, then the higher total, then the
    lowest tie key under ``trump`` and the suit order ``order`` (:func:`euchre_stats.core.ties.tie_key`)."""
    v = np.ascontiguousarray(values, dtype=np.int64)
    w = np.ascontiguousarray(mult, dtype=np.int64)
    return int(_f.fused_choice(v, w, int(margin), int(trump), int(order)))


def fused_card_given_worlds(rules: Rules, worlds: np.ndarray, trump: int, leader: int, out: int, maker: int,
                            alone: bool, def_alone: int, *, margin: int, trick=(), gone: int = 0,
                            won: int = 0, order: int = DEFAULT_ORDER) -> tuple[int, np.ndarray, np.ndarray]:
    """The vote's card on drawn ``worlds`` (a world drawn twice counts twice): ``(card, distinct worlds'
    values, their weights)``; every distinct world is solved once.  A lead's ties go highest first
    (:func:`euchre_stats.core.ties.decision_order`), as the kernels'."""
    distinct, mult = np.unique(np.asarray(worlds, dtype=np.int64), axis=0, return_counts=True)
    values = world_values(rules, distinct, trump, leader, out, maker, alone, def_alone, trick=trick, gone=gone,
                          won=won)
    mover = int(leader)
    for _ in range(len(trick)):   # the seat to play: the leader, then the next seats in play
        mover = next_active(mover, int(out))
    od = decision_order(order, len(trick), mover, int(maker) % 2)   # a makers' lead's ties: the highest first
    return fused_choice(values, mult, margin, trump, od), values, mult


__all__ = ["NOT_LEGAL", "fused_card_given_worlds", "fused_choice", "world_values"]
