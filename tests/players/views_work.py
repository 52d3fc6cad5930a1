"""Positions for the card players' tests: views of the player to move, from hands bid by a player and the
cards played at random (shared by the compiled-reader twins, the defence tests and the reading tests)."""

from __future__ import annotations

import numpy as np

from euchre_stats.game.state import OVER, PLAY, HandState
from euchre_stats.players import seat_view
from euchre_stats.players.base import METHOD_OF_PHASE, action_of
from euchre_stats.rules import Rules

NA = Rules()


def play_views(bidder, seed: int, n: int, keep) -> list:
    """``n`` views of the player to move in the play with more than one legal card and ``keep(view)`` true,
    from deals bid by ``bidder`` (a player) and played at random, all from ``seed``."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < n:
        state = HandState.deal(NA, int(rng.integers(4)), rng)
        while state.phase != OVER:
            view = seat_view(state, state.to_act, seed=int(rng.integers(2**40)))
            if state.phase == PLAY:
                legal = state.legal_cards()
                if legal & (legal - 1) and keep(view):
                    out.append(view)
                cards = [c for c in range(33) if (legal >> c) & 1]
                state.apply(action_of(view, cards[int(rng.integers(len(cards)))]))
            else:
                state.apply(action_of(view, getattr(bidder, METHOD_OF_PHASE[state.phase])(view)))
    return out[:n]


def dealt_with_plays(view, ws, ks) -> np.ndarray:
    """The hands as dealt of worlds ``ws`` (n, 4; the kernel's seats ``ks``): the cards ``view`` saw played
    added back."""
    d = ws.astype(np.int64).copy()
    for s, c in view.plays:
        d[:, ks[s]] |= 1 << c
    return d


def kernel_weights_match(m, views) -> tuple[int, set]:
    """Each candidate's weight in the compiled reader (``cardplay/reading.py::auction_weights``) is
    players/reading.py's ``auction_likelihood`` under ``m`` at every seat, to 1e-9 of the pool's largest weight,
    at each of ``views`` (views that read the auction); returns the candidates checked and the ``(round, the
    asker made trump)`` pairs met."""
    from euchre_stats.cardplay.reading import auction_weights
    from euchre_stats.players.cardplay import view_worlds
    from euchre_stats.players.reading import auction_likelihood

    checked = 0
    rounds = set()
    for view in views:
        ws, _, ctx = view_worlds(view, worlds=64, seed=5)
        ks = ctx["ks"]
        d = dealt_with_plays(view, ws, ks)
        kw = dict(upcard=view.upcard, made_in=view.made_in, maker=ks[view.maker_seat],
                  alone=view.alone is not None, asker=ks[view.seat], trump=view.trump)
        slow = auction_likelihood(NA, m, d, **kw)
        fast = auction_weights(NA, (m,) * 4, d, **kw)
        assert slow.max() > 0
        assert np.allclose(fast, slow, rtol=1e-9, atol=1e-9 * slow.max()), (kw, np.abs(fast - slow).max())
        checked += len(d)
        rounds.add((view.made_in, ks[view.maker_seat] == ks[view.seat]))
    return checked, rounds
