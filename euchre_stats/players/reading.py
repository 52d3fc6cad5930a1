"""Reading the auction in the play: worlds weighted by what the bidding revealed (``realistic-v2``).

The realistic player (``realistic``, ``realistic-v1``) samples its worlds uniformly over the deals
consistent with the cards it has seen and the voids shown.  This module weights them by the auction,
as the decision commands already do (sampling importance resampling, ``decide/inference.py``):

1. draw ``pool`` candidate deals uniformly among those consistent with the seat's view, by the
   realistic player's own compiled sampler (:func:`~euchre_stats.players.cardplay.view_worlds`:
   the cards seen, the voids shown, the upcard in the dealer's hand);
2. rebuild each candidate as it was dealt (every seat's hand now plus the cards it has played; a
   seat sitting out behind a loner gets its hand from the cards left, uniformly) and weight it by
   the likelihood of the auction seen under the bidding model (:func:`auction_likelihood`: each
   pass, the call and the suit named, and whether the maker went alone, by the model's soft
   likelihood ``temperature``); with ``play`` 1 or 2 (``realistic-v2:play=N``), times the likelihood
   of the cards the other seats chose (:func:`~euchre_stats.players.reading_play.play_likelihood`);
3. when the effective number of candidates ``(sum w)^2 / sum w^2`` falls below ``floor``, draw
   more candidates (up to :data:`MAX_POOL`);
4. resample ``worlds`` worlds with replacement in proportion to the weights and choose the card by
   the realistic kernel on them (a world drawn twice counts twice).

The seat's own bids are not weighted, nor is the dealer's round-one choice after a pick-up (its
hand then holds the upcard), as in ``decide/inference.py``.  Everything is drawn from the view's
seed and the number of cards played: the same view gives the same card, whatever the threads.
Tables the model does not bid at (not four-handed, a farmer's hand, railroad, alone declared after
the call, a Joker turned up) are read as the realistic player reads them: uniform worlds.  No I/O.
"""

from __future__ import annotations

import numpy as np

from ..bidding.auction import Auction
from ..core.errors import DecisionInputError
from ..core.stats import effective_sample_size as effective_size  # Kish's, the one the questions report
from ..cardplay.realistic import DEFAULT_WORLDS, MAX_SEED, decide_given_worlds
from ..rules import (Rules, alone_with_the_call, may_call_alone, may_call_no_trump, may_pass,
                     order_must_go_alone)
from .cardplay import _lowest, legal_copy, realistic_card, view_worlds
from .reading_play import play_likelihood
from .view import SeatView

#: candidate deals drawn first per decision, and at most (the pool grows fourfold while thin)
DEFAULT_POOL = 256
MAX_POOL = 4096
#: the kernel's dealer seat (seats counted from eldest: 0 eldest, 1 the dealer's partner, 2 third, 3 dealer)
KDEALER = 3


def reads_auction(view: SeatView) -> bool:
    """Whether the auction of this table is weighted (else the worlds are uniform, as ``realistic-v1``)."""
    r = view.rules
    return (r.seating.vectorised and not r.farmers_hand and not r.railroad and alone_with_the_call(r)
            and view.made_in in (1, 2) and view.maker_seat is not None and view.round_one_suit >= 0
            and view.upcard >> 3 == view.round_one_suit and view.trump is not None)


def auction_likelihood(rules: Rules, model, dealt: np.ndarray, *, upcard: int, made_in: int, maker: int,
                       alone: bool, asker: int, trump: int) -> np.ndarray:
    """Per deal, the likelihood of the auction seen under ``model`` (soft, its ``temperature``).

    ``dealt`` (n, 4) are the hands as dealt on the kernel's seats (0 eldest .. 3 dealer; the
    dealer's holds the upcard after a round-one pick-up).  The seats before ``maker`` passed in
    round ``made_in`` (and in round two every seat passed round one); ``maker`` accepted in round
    ``made_in``, alone or not; in round two it named ``trump``: its count there (a feature bidder's level,
    :meth:`~euchre_stats.bidding.model.BiddingModel.call_levels`) passed the call threshold and its
    count (score) beat every other suit's (each comparison soft, as the model infers; without no trump in the rules).
    ``asker``'s own bids are not weighted, nor the dealer's round-one
    choice (its hand then holds the upcard).
    """
    hands = np.asarray(dealt, dtype=np.uint64)
    n = hands.shape[0]
    w = np.ones(n)
    auction = Auction(rules, model, int(upcard))
    m = model
    if made_in == 1:
        for s in range(maker + 1):
            if s == asker or s == KDEALER:
                continue
            p, pa = auction.p_round_one(hands, s)
            if s != maker:
                w *= 1.0 - p
                continue
            w *= p
            if bool(may_call_alone(rules, s, 1)) and not bool(order_must_go_alone(rules, s)):
                w *= pa if alone else 1.0 - pa
    else:
        for s in range(4):
            if s != asker:
                w *= 1.0 - auction.p_round_one(hands, s)[0]
        for s in range(maker + 1):
            if s == asker:
                continue
            if s != maker:
                w *= 1.0 - auction.p_round_two(hands, s)
                continue
            forced = not bool(may_pass(rules, s, 2))  # stick the dealer: the dealer's call is forced
            if may_call_no_trump(rules, 2) or not 0 <= trump < 4:
                if not forced:
                    w *= auction.p_round_two(hands, s)
            else:
                # the suit named passed the threshold (its level, on the threshold's scale: for the
                # feature bidder not its raw score), and its score beat every other suit's
                counts = m.suit_counts(hands[:, s], auction.up_suit, s, auction.upcard)
                ct = counts[:, trump]
                if not forced:
                    w *= m.p_accept(m.call_levels(hands[:, s], auction.up_suit, s, auction.upcard)[:, trump], m.call[s],
                                    m.temperature)
                for u in range(4):
                    if u != trump and u != auction.up_suit:
                        w *= m.p_accept(ct - counts[:, u], 0.0, m.temperature)
            if bool(may_call_alone(rules, s, 2)):
                best, _, _ = m.round_two_call(hands[:, s], auction.up_suit, s, may_call_no_trump(rules, 2),
                                          upcard=auction.upcard)
                pa = m.p_accept(best, m.call_alone[s], m.temperature)
                w *= pa if alone else 1.0 - pa
    return w


def _as_dealt(view: SeatView, ws: np.ndarray, ks: list[int], rng: np.random.Generator) -> np.ndarray:
    """The candidates ``ws`` (m, 4) as dealt: each seat's cards now plus those it played; a seat sitting
    out gets ``hand_size`` cards uniformly from the cards no other seat was dealt."""
    dealt = ws.astype(np.int64).copy()
    for s, c in view.plays:
        dealt[:, ks[s]] |= 1 << c
    out = [ks[s] for s in range(4) if not view.active[s] and s != view.seat]
    if not out:
        return dealt
    known = (1 << view.upcard) | view.known_gone | (0 if view.discard is None else 1 << view.discard)
    hs = view.rules.hand_size
    m = ws.shape[0]
    bits = np.arange(33)
    for k in out:
        rest = view.rules.deck_obj.mask & ~known & ~np.bitwise_or.reduce(dealt, axis=1)
        free = ((rest[:, None] >> bits[None, :]) & 1).astype(bool)  # (m, 33)
        keys = np.where(free, rng.random((m, 33)), np.inf)
        pick = np.argsort(keys, axis=1, kind="stable")[:, :hs]
        dealt[:, k] = np.bitwise_or.reduce(np.left_shift(np.int64(1), pick), axis=1)
    return dealt


def weighted_worlds(view: SeatView, model, *, worlds: int = DEFAULT_WORLDS, pool: int = DEFAULT_POOL,
                    floor: int | None = None, seed: int | None = None, play: int = 0):
    """The worlds of the seat to move, resampled by the auction's likelihood (see the module), and with
    ``play`` 1 or 2 by the play's too (:func:`~euchre_stats.players.reading_play.play_likelihood`).

    Returns ``(worlds (worlds, 4) deck masks on the kernel's seats, context, info)``: ``context`` as
    :func:`~euchre_stats.players.cardplay.view_worlds` gives it; ``info`` the candidates drawn
    (``pool``), their effective number (``ess``), whether they were every consistent deal
    (``exact``), and ``candidates``/``weights`` themselves.
    """
    if not reads_auction(view):
        raise DecisionInputError(f"seat {view.seat}: this table's auction is not read ({view.rules.describe()})")
    floor = worlds if floor is None else floor
    base = int(view.seed if seed is None else seed) % (MAX_SEED + 1)
    rng = np.random.default_rng([base, len(view.plays), 30])
    n = pool
    draw = 0
    parts, weights = [], []
    lone = view.alone is not None and view.alone == view.maker_seat
    while True:
        s = int(np.random.SeedSequence([base, len(view.plays), draw]).generate_state(2, np.uint64)[0] >> np.uint64(1))
        ws, exact, ctx = view_worlds(view, worlds=n, seed=s)
        ks = ctx["ks"]
        dealt = _as_dealt(view, ws, ks, rng)
        w = auction_likelihood(view.rules, model, dealt, upcard=view.upcard, made_in=view.made_in,
                               maker=ks[view.maker_seat], alone=lone,
                               asker=ks[view.seat], trump=view.trump)
        if play:
            w = w * play_likelihood(view, ks, ws, play)
        parts.append(ws)
        weights.append(w)
        cand = np.concatenate(parts)
        wt = np.concatenate(weights)
        ess = effective_size(wt)
        if exact or ess >= floor or len(cand) >= MAX_POOL:
            break
        draw += 1
        n = min(4 * n, MAX_POOL - len(cand))
    if not wt.sum() > 0:  # (never with a soft model) every candidate impossible: read them uniformly
        wt = np.ones(len(cand))
    pick = rng.choice(len(cand), size=worlds, p=wt / wt.sum())
    info = {"pool": len(cand), "ess": ess, "exact": bool(exact), "candidates": cand, "weights": wt}
    return cand[pick], ctx, info


def inferred_card(view: SeatView, model, *, worlds: int = DEFAULT_WORLDS, pool: int = DEFAULT_POOL,
                  seed: int | None = None, log: list | None = None, play: int = 0) -> int:
    """The card of ``realistic-v2``: the realistic model's choice on worlds weighted by the auction
    (:func:`weighted_worlds`; with ``play`` 1 or 2 by the play too); tables whose auction is not read
    play as ``realistic-v1``.  One legal card is played at once.  ``log`` receives ``(effective
    candidates, candidates drawn)`` per decision."""
    legal = view.legal_cards
    if legal & (legal - 1) == 0:
        return _lowest(legal)
    if not reads_auction(view):
        return realistic_card(view, worlds=worlds, seed=seed)
    ws, ctx, info = weighted_worlds(view, model, worlds=worlds, pool=pool, seed=seed, play=play)
    if log is not None:
        log.append((info["ess"], info["pool"]))
    ks = ctx["ks"]
    da = -1 if view.defender_alone is None else ks[view.defender_alone]
    card, _ = decide_given_worlds(view.rules, ws, view.trump, ctx["leader"], ctx["out"], ks[view.maker_seat],
                                  view.alone is not None, da, trick=ctx["trick"], gone=ctx["gone"], won=ctx["won"],
                                  full=False, order=ctx["order"])
    return legal_copy(card, legal, view.seat, "weighted")


__all__ = ["DEFAULT_POOL", "MAX_POOL", "auction_likelihood", "effective_size", "inferred_card", "reads_auction",
           "weighted_worlds"]
