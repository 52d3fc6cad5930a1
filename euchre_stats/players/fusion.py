"""``realistic-v2:fusion=K``: the auction-reading player with a vote against strategy fusion.

It draws the same worlds as ``realistic-v2`` (weighted by the auction where the auction is read,
uniform elsewhere: :func:`~euchre_stats.players.reading.weighted_worlds`,
:func:`~euchre_stats.players.cardplay.view_worlds`) and values every legal card in every world, but
plays by the vote of :func:`~euchre_stats.cardplay.fusion.fused_choice`: of the cards within ``K``
eighths of a point a world of the best total, the one best in the most worlds.  Tables of more than
four seats play as ``realistic-v2``.  No I/O.
"""

from __future__ import annotations

from ..cardplay.fusion import fused_card_given_worlds
from ..cardplay.realistic import DEFAULT_WORLDS
from .cardplay import _lowest, legal_copy, view_worlds
from .reading import DEFAULT_POOL, inferred_card, reads_auction, weighted_worlds
from .view import SeatView


def fused_card(view: SeatView, model, *, margin: int, worlds: int = DEFAULT_WORLDS, pool: int = DEFAULT_POOL,
               seed: int | None = None, log: list | None = None, play: int = 0) -> int:
    """The card of ``realistic-v2:fusion=margin`` (see the module).  One legal card is played at once;
    ``log`` receives ``(effective candidates, candidates drawn)`` per decision read from the auction;
    ``play`` 1 or 2 weights the worlds by the play too, as ``realistic-v2:play`` does."""
    legal = view.legal_cards
    if legal & (legal - 1) == 0:
        return _lowest(legal)
    if not view.rules.seating.four_seats:
        return inferred_card(view, model, worlds=worlds, pool=pool, seed=seed, log=log, play=play)
    if reads_auction(view):
        ws, ctx, info = weighted_worlds(view, model, worlds=worlds, pool=pool, seed=seed, play=play)
        if log is not None:
            log.append((info["ess"], info["pool"]))
    else:
        ws, _, ctx = view_worlds(view, worlds=worlds, seed=seed)
    ks = ctx["ks"]
    da = -1 if view.defender_alone is None else ks[view.defender_alone]
    card, _, _ = fused_card_given_worlds(view.rules, ws, view.trump, ctx["leader"], ctx["out"], ks[view.maker_seat],
                                         view.alone is not None, da, margin=margin, trick=ctx["trick"],
                                         gone=ctx["gone"], won=ctx["won"], order=ctx["order"])
    return legal_copy(card, legal, view.seat, "fusion")


__all__ = ["fused_card"]
