"""The realistic review of a finished hand: for every card played, what a realistic player expected.

The double-dummy review (:func:`euchre_stats.game.records.double_dummy`) sees every card; a
real player does not.  Here each card is judged as the realistic play model
(:mod:`euchre_stats.cardplay.realistic`) would judge it at that moment: the player samples worlds
consistent with what they have seen, solves each world double-dummy, and values every legal card
by their side's expected points for the whole hand (make 1, march 2, lone march 4, euchre 2 or
more; tricks already taken count).  A card "lost points" when another legal card was worth more
on those worlds.

What the player knows: their own hand, every card played, the voids shown by effective suit (a
renege shows none), the upcard while the dealer holds it after taking it up, a turned-down upcard
(out of play, seen by all), and their own discards (the dealer's, a railroad loner's).  Play
``j`` of a hand draws its worlds from the stream ``(seed, j)``, so a hand reviews the same alone
or in a batch.  The two-handed game and cutthroat play on the seats ``solver.game_seats`` gives
them (cutthroat: the maker against the defenders as a coalition).  No I/O.
"""

from __future__ import annotations

import numpy as np

from ..core.cards import card_name
from ..core.errors import RealisticInputError, RecordError
from ..core.ties import tie_order
from ..core.trump import EFF_SUIT
from ..game.state import OVER, HandState
from ..engine.realistic import NOT_LEGAL
from .realistic import DEFAULT_WORLDS, KERNEL_SEATS, MAX_SEED, decide_given_worlds, sample_worlds


def _kernel_seats(state: HandState) -> tuple[list[int], int, int]:
    """``(ks, dealer, out)``: the kernel's seat of each seat of the hand, the dealer's and the seats
    nobody holds.  Four-handed: the dealer is seat 3.  The smaller games sit where
    :func:`~euchre_stats.solver.game_seats` puts them, counted from eldest (two-handed: eldest 0,
    the dealer 1; cutthroat: the maker 1, the defenders 2 and 0 as a coalition)."""
    from ..solver import game_seats

    n = len(state.active)
    rel = [(s - state.dealer - 1) % n for s in range(n)]  # eldest 0 .. the dealer n - 1
    if n == 4:
        return rel, 3, 0
    where, out = game_seats(n, rel[state.maker_seat] if n == 3 else None)
    ks = [where[r] for r in rel]
    return ks, ks[state.dealer], out


def play_positions(state: HandState) -> list[dict]:
    """Every card played in a finished hand, as the position its player faced (kernel seats: the dealer is 3
    in the four-handed game; see :func:`_kernel_seats` for the smaller games).

    Each entry: ``seat`` (the hand's own seat), ``mover`` (kernel seat), ``dealer`` (the dealer's
    kernel seat), ``hands`` (4 masks, the cards still held), ``leader``,
    ``trick`` (cards on the table), ``gone`` (cards out of play that the mover knows of), ``voids``
    (per seat, bit ``e`` = void in effective suit ``e``, shown in earlier tricks), ``up_known``
    (the upcard the dealer took up, or -1), ``won`` (kernel side 0's tricks so far), ``card``,
    ``renege``; the contract as ``trump``, ``maker``, ``alone``, ``def_alone``, ``out``.
    """
    if state.phase != OVER:
        raise RecordError(f"the hand is not over (phase {state.phase})")
    if not state.plays:
        return []
    t = state.trump
    ks, kd, out = _kernel_seats(state)
    hands = [0, 0, 0, 0]
    for seat, card in zip(state.play_seats, state.plays):
        hands[ks[seat]] |= 1 << card
    up = state.upcard
    taken = bool((hands[kd] >> up) & 1) or state.discard == up
    public_gone = 0 if taken else 1 << up          # a turned-down upcard is out of play, seen by all
    own_gone = [0, 0, 0, 0]
    if state.discard is not None:
        own_gone[kd] |= 1 << state.discard
    for loner, _, discarded in state.railroad:
        if discarded is not None:
            own_gone[ks[loner]] |= 1 << discarded
    out |= sum(1 << ks[s] for s in range(len(state.active)) if not state.active[s])
    per_trick = sum(state.active)
    renege_at = {(r.trick, r.seat, r.card) for r in state.reneges}
    voids = [0, 0, 0, 0]
    gone = 0
    won = 0
    contract = {"trump": t, "maker": ks[state.maker_seat], "alone": state.alone is not None,
                "def_alone": -1 if state.defender_alone is None else ks[state.defender_alone], "out": out,
                "dealer": kd}
    positions = []
    for j, (seat, card) in enumerate(zip(state.play_seats, state.plays)):
        k = j % per_trick
        start = j - k
        mover = ks[seat]
        renege = (j // per_trick + 1, seat, card) in renege_at
        positions.append({**contract, "seat": seat, "mover": mover, "hands": list(hands),
                          "leader": ks[state.play_seats[start]], "trick": list(state.plays[start:j]),
                          "gone": gone | public_gone | own_gone[mover], "voids": list(voids),
                          "up_known": up if taken else -1, "won": won, "card": card, "renege": renege})
        hands[mover] &= ~(1 << card)
        if k == per_trick - 1:
            trick = state.plays[start:j + 1]
            led = int(EFF_SUIT[t, trick[0]])
            for i, c in enumerate(trick[1:], start + 1):
                s = state.play_seats[i]
                if int(EFF_SUIT[t, c]) != led and (i // per_trick + 1, s, c) not in renege_at:
                    voids[ks[s]] |= 1 << led
            gone |= sum(1 << c for c in trick)
            won += 1 - (ks[state.trick_winners[j // per_trick]] & 1)
    return positions


def realistic_review(state: HandState, *, seed: int, worlds: int = DEFAULT_WORLDS) -> list[dict]:
    """For every card played: its realistic expected points and the best card's, from the player's worlds.

    Each entry: ``seat``, ``card``, ``expected`` (the mover's side's points minus the other side's
    for the whole hand, averaged over the worlds, after the card played), ``best`` (the most any
    legal card was expected to give), ``best_card`` (the realistic model's choice: the best card,
    ties to the lowest tie key, the suits ordered for ties at random per card: :func:`euchre_stats.core.ties.tie_order`
    of the seed and the card's stream), ``lost`` (``best - expected``, 0 when the card played was as
    good as any), ``worlds`` (how many were solved) and ``exact`` (every consistent deal, each
    once).  A renege (not a legal card) has ``expected`` and ``lost`` ``None``.
    """
    if isinstance(worlds, bool) or not isinstance(worlds, (int, np.integer)) or worlds < 1:
        raise RealisticInputError(f"worlds must be a whole number of at least 1, got {worlds!r}")
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed <= MAX_SEED:
        raise RealisticInputError(f"seed must be a whole number in 0..2**63-1, got {seed!r}")
    rules = state.rules
    if rules.seating.players > KERNEL_SEATS:  # the engine dispatch: the N-seat kernel's table
        return _realistic_review_seats(state, seed, worlds)
    out = []
    for j, p in enumerate(play_positions(state)):
        ws, exact = sample_worlds(rules, p["hands"], p["trump"], p["leader"], p["out"], seed=seed, stream=j,
                                  worlds=worlds, trick=p["trick"], gone=p["gone"], voids=p["voids"],
                                  up_known=p["up_known"], dealer=p["dealer"])
        entry = {"seat": p["seat"], "card": card_name(p["card"]), "expected": None,
                 "best": None, "best_card": None, "lost": None, "worlds": int(len(ws)), "exact": bool(exact)}
        if len(ws):
            choice, sums = decide_given_worlds(rules, ws, p["trump"], p["leader"], p["out"], p["maker"], p["alone"],
                                               p["def_alone"], trick=p["trick"], gone=p["gone"], won=p["won"],
                                               order=tie_order(seed, j))
            m = len(ws)
            best = float(sums[choice]) / m
            entry.update(best=best, best_card=card_name(choice))
            if sums[p["card"]] != NOT_LEGAL:
                entry["expected"] = float(sums[p["card"]]) / m
                entry["lost"] = float(sums[choice] - sums[p["card"]]) / m
        out.append(entry)
    return out


def _realistic_review_seats(state: HandState, seed: int, worlds: int) -> list[dict]:
    """:func:`realistic_review` of a six-handed hand, by the six-seat model
    (:mod:`euchre_stats.cardplay.realistic_seats`, whose dealer is seat 5: the hand's seats are turned
    so that its dealer sits there).  Each player knows its hand, the cards played, the voids shown,
    a turned-down upcard, the upcard in the dealer's hand while held, and its own discard."""
    from .realistic_seats import NOT_LEGAL as NOT_LEGAL_SEATS
    from .realistic_seats import decide_given_worlds_seats, sample_worlds_seats

    rules, t = state.rules, state.trump
    if state.phase != OVER:
        raise RecordError(f"the hand is not over (phase {state.phase})")
    ks = [(x - state.dealer - 1) % 6 for x in range(6)]  # eldest 0 .. the dealer 5
    out = sum(1 << ks[x] for x in range(6) if not state.active[x])
    hands = [0] * 6
    for seat, card in zip(state.play_seats, state.plays):
        hands[ks[seat]] |= 1 << card
    up = state.upcard
    taken = state.discard is not None  # the dealer took the upcard up, in everyone's sight
    # a turned-down upcard is out of play in everyone's sight; so is one the dealer took up and then
    # sat out with (a partner alone, or a lone defender, declared before the lead)
    public_gone = 0 if taken and state.active[state.dealer] else 1 << up
    own_gone = [0] * 6
    if state.discard is not None:
        own_gone[5] |= 1 << state.discard
    if state.asked is not None:
        own_gone[ks[state.asked[0]]] |= 1 << state.asked[3]
    per_trick = sum(state.active)
    renege_at = {(r.trick, r.seat, r.card) for r in state.reneges}
    voids, gone, won = [0] * 6, 0, 0
    # the makers' lone player stands for the makers (the same side): the maker, or under British timing
    # one of its partners; a lone defender's partners sit out too
    maker = ks[state.maker_seat if state.alone is None else state.alone]
    alone = state.alone is not None
    lone_def = -1 if state.defender_alone is None else ks[state.defender_alone]
    entries = []
    for j, (seat, card) in enumerate(zip(state.play_seats, state.plays)):
        k = j % per_trick
        start = j - k
        mover, leader = ks[seat], ks[state.play_seats[start]]
        trick = list(state.plays[start:j])
        ws, exact = sample_worlds_seats(rules, hands, t, leader, out, seed=seed, stream=j, worlds=worlds, trick=trick,
                                        gone=gone | public_gone | own_gone[mover], voids=voids,
                                        up_known=up if taken and (hands[5] >> up) & 1 else -1)
        entry = {"seat": seat, "card": card_name(card), "expected": None, "best": None, "best_card": None,
                 "lost": None, "worlds": int(len(ws)), "exact": bool(exact)}
        if len(ws):
            choice, sums = decide_given_worlds_seats(rules, ws, t, leader, out, maker, alone, trick=trick, won=won,
                                                     defender_alone=lone_def, order=tie_order(seed, j))
            m = len(ws)
            entry.update(best=float(sums[choice]) / m, best_card=card_name(choice))
            if sums[card] != NOT_LEGAL_SEATS:
                entry["expected"] = float(sums[card]) / m
                entry["lost"] = float(sums[choice] - sums[card]) / m
        entries.append(entry)
        hands[mover] &= ~(1 << card)
        if k == per_trick - 1:
            cards = state.plays[start:j + 1]
            led = int(EFF_SUIT[t, cards[0]])
            for i, c in enumerate(cards[1:], start + 1):
                x = state.play_seats[i]
                if int(EFF_SUIT[t, c]) != led and (i // per_trick + 1, x, c) not in renege_at:
                    voids[ks[x]] |= 1 << led
            gone |= sum(1 << c for c in cards)
            won += 1 - (ks[state.trick_winners[j // per_trick]] & 1)
    return entries


def realistic_review_many(states: list[HandState], *, seed: int, worlds: int = DEFAULT_WORLDS) -> list[list[dict]]:
    """:func:`realistic_review` of each hand (each from the same streams: a hand reviews alike anywhere)."""
    return [realistic_review(s, seed=seed, worlds=worlds) for s in states]


def realistic_column(seed: int, worlds: int = DEFAULT_WORLDS):
    """The ``realistic`` column of a review (for :func:`euchre_stats.game.records.review_lines`):
    finished hands -> per hand ``{"model": "pimc", "seed", "worlds", "plays": realistic_review(...)}``."""
    def column(states: list[HandState]) -> list[dict]:
        return [{"model": "pimc", "seed": int(seed), "worlds": int(worlds), "plays": plays}
                for plays in realistic_review_many(states, seed=seed, worlds=worlds)]

    return column


__all__ = ["play_positions", "realistic_column", "realistic_review", "realistic_review_many"]
