"""Cards chosen from a view: the realistic play model's card, and the double-dummy (cheat) card.

:func:`view_worlds` samples the worlds of the seat to move from its :class:`SeatView` alone: the
other seats enter as hand *sizes* (the sampler is handed stand-in hands of those sizes, whose cards
it never reads), so it cannot see a hidden card.  :func:`realistic_card` then values every legal
card on those worlds by the realistic model's kernel (:mod:`euchre_stats.cardplay.realistic`; six-handed
:mod:`euchre_stats.cardplay.realistic_seats`), as ``euchre-stats review --realistic`` judges a card.

:func:`double_dummy_card` is the reference that sees every card: it is given the whole
:class:`~euchre_stats.game.state.HandState`, and only the cheat player calls it.  No I/O.
"""

from __future__ import annotations

import numpy as np

from ..core.errors import DecisionInputError, EuchreStatsError
from ..core.ties import tie_order
from ..core.trump import EFF_SUIT, SUIT_MASK
from ..game.state import PLAY, HandState
from ..cardplay.realistic import DEFAULT_WORLDS, MAX_SEED, decide_given_worlds, sample_worlds
from .view import SeatView


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _kernel_seats(view: SeatView) -> tuple[list[int], int, int]:
    """``(ks, kernel dealer, out)`` as ``play.review`` seats a hand: four-handed, the dealer at 3;
    the smaller games where ``solver.game_seats`` puts them (counted from eldest)."""
    from ..solver import game_seats

    n = view.players
    rel = [(s - view.dealer - 1) % n for s in range(n)]
    if n == 4:
        ks, kd, out = rel, 3, 0
    else:
        where, out = game_seats(n, rel[view.maker_seat] if n == 3 else None)
        ks = [where[r] for r in rel]
        kd = ks[view.dealer]
    out |= sum(1 << ks[s] for s in range(n) if not view.active[s])
    return ks, kd, out


def _public(view: SeatView, ks: list[int], seats: int):
    """``(trick cards, gone, voids by kernel seat, won by kernel side 0, upcard still with the dealer)``."""
    t = view.trump
    per_trick = sum(view.active)
    done = len(view.plays) - len(view.trick)
    gone = view.known_gone
    voids = [0] * seats
    won = 0
    for start in range(0, done, per_trick):
        cards = view.plays[start:start + per_trick]
        led = int(EFF_SUIT[t, cards[0][1]])
        for s, c in cards[1:]:
            if int(EFF_SUIT[t, c]) != led:
                voids[ks[s]] |= 1 << led
        for _, c in cards:
            gone |= 1 << c
    for w in view.trick_winners:
        won += 1 - (ks[w] & 1)
    played = 0
    for _, c in view.plays:
        played |= 1 << c
    up_held = view.upcard_taken and not (played >> view.upcard) & 1 and not (view.known_gone >> view.upcard) & 1
    return [c for _, c in view.trick], gone, voids, won, up_held


def _stand_ins(view: SeatView, ks: list[int], seats: int, pool: int, dealer_up: int, voids, trump) -> list[int]:
    """Kernel-seat hands: the mover's own, and for every other seat that many cards of ``pool`` (the
    dealer's with ``dealer_up`` first), kept clear of the suits the seat has shown void in (a
    matching exists: the real deal is one)."""
    hands = [0] * seats
    hands[ks[view.seat]] = view.hand
    need, allowed, slots = {}, {}, []
    for s in range(view.players):
        if s == view.seat or not view.active[s]:
            continue
        k = ks[s]
        n = view.hand_sizes[s]
        if s == view.dealer and dealer_up >= 0:
            hands[k] |= 1 << dealer_up
            n -= 1
        bad = 0
        for e in range(4):
            if (voids[k] >> e) & 1:
                bad |= int(SUIT_MASK[trump, e])
        allowed[k] = pool & ~bad
        need[k] = n
        slots += [k] * n
    # cards to slots by augmenting paths (a few dozen cards at most)
    cards = []
    m = pool
    while m:
        c = _lowest(m)
        cards.append(c)
        m &= m - 1
    owner: dict[int, int] = {}  # card -> slot

    def place(slot: int, seen: set) -> bool:
        for c in cards:
            if (allowed[slots[slot]] >> c) & 1 and c not in seen:
                seen.add(c)
                if c not in owner or place(owner[c], seen):
                    owner[c] = slot
                    return True
        return False

    for i in range(len(slots)):
        if not place(i, set()):
            raise DecisionInputError(f"no deal fits what seat {view.seat} has seen")
    for c, slot in owner.items():
        hands[slots[slot]] |= 1 << c
    return hands


def view_worlds(view: SeatView, *, worlds: int = DEFAULT_WORLDS, seed: int | None = None):
    """The worlds the seat to move samples from its view (the realistic model's sampler).

    Returns ``(worlds (m, seats) deck masks on the kernel's seats, exact, context)``; ``context``
    holds the kernel seats and the position for :func:`realistic_card`.  Only a view is accepted.
    """
    if not isinstance(view, SeatView):
        raise DecisionInputError(f"view_worlds takes a SeatView, got {type(view).__name__}")
    if view.phase != PLAY:
        raise DecisionInputError(f"seat {view.seat} is not to play a card (phase {view.phase})")
    six = not view.rules.seating.four_seats  # the N-seat kernels: the table's own seats, eldest first
    if six:
        n = view.players
        ks = [(x - view.dealer - 1) % n for x in range(n)]
        kd, seats = n - 1, n
        out = sum(1 << ks[x] for x in range(n) if not view.active[x])
    else:
        ks, kd, out = _kernel_seats(view)
        seats = 4
    trick, gone, voids, won, up_held = _public(view, ks, seats)
    leader = ks[view.trick_leader]
    table = 0
    for c in trick:
        table |= 1 << c
    deck = view.rules.deck_obj.mask
    pool = deck & ~view.hand & ~gone & ~table
    seed = int(view.seed if seed is None else seed) % (MAX_SEED + 1)
    stream = len(view.plays)
    t = view.trump
    # the decision's order of the suits for ties: random (from the seed and stream), so no suit name is favoured
    ctx = {"ks": ks, "out": out, "leader": leader, "trick": trick, "gone": gone, "won": won, "six": six,
           "order": tie_order(seed, stream)}
    if view.seat == view.dealer:
        tries = [view.upcard if up_held and (view.hand >> view.upcard) & 1 else -1]
    else:
        # the upcard the dealer took up is believed in its hand until played; where the rules let the
        # dealer discard it, no world may fit that belief, and it is dropped
        tries = [view.upcard, -1] if up_held else [-1]
    for up in tries:
        dealer_up = up if view.seat != view.dealer else -1
        try:
            hands = _stand_ins(view, ks, seats, pool & ~(1 << up if dealer_up >= 0 else 0), dealer_up, voids, t)
            if six:
                from ..cardplay.realistic_seats import sample_worlds_seats

                ws, exact = sample_worlds_seats(view.rules, hands, t, leader, out, seed=seed, stream=stream,
                                                worlds=worlds, trick=trick, gone=gone, voids=voids, up_known=up)
            else:
                ws, exact = sample_worlds(view.rules, hands, t, leader, out, seed=seed, stream=stream,
                                          worlds=worlds, trick=trick, gone=gone, voids=voids, up_known=up, dealer=kd)
        except EuchreStatsError:
            continue
        if len(ws):
            return ws, exact, ctx
    raise DecisionInputError(f"seat {view.seat}: no world fits what it has seen ({view})")


def realistic_card(view: SeatView, *, worlds: int = DEFAULT_WORLDS, seed: int | None = None) -> int:
    """The realistic model's card for the seat to move: the legal card worth the most points to its
    side on average over its worlds (ties to the lowest tie key, :func:`euchre_stats.core.ties.tie_key`, under the
    decision's random order of the suits).  One legal card is played at once."""
    legal = view.legal_cards
    if legal & (legal - 1) == 0:
        return _lowest(legal)
    ws, _, ctx = view_worlds(view, worlds=worlds, seed=seed)
    ks = ctx["ks"]
    maker = ks[view.maker_seat]
    alone = view.alone is not None
    if ctx["six"]:
        from ..cardplay.realistic_seats import decide_given_worlds_seats

        card, _ = decide_given_worlds_seats(view.rules, ws, view.trump, ctx["leader"], ctx["out"], maker, alone,
                                            trick=ctx["trick"], won=ctx["won"], order=ctx["order"])
    else:
        da = -1 if view.defender_alone is None else ks[view.defender_alone]
        card, _ = decide_given_worlds(view.rules, ws, view.trump, ctx["leader"], ctx["out"], maker, alone, da,
                                      trick=ctx["trick"], gone=ctx["gone"], won=ctx["won"], full=False,
                                      order=ctx["order"])
    return legal_copy(card, legal, view.seat, "realistic")


def legal_copy(card: int, legal: int, seat: int, model: str) -> int:
    """The card a kernel chose, as this hand holds it: in the doubled pack the kernel may name the other
    copy of a card the hand holds (an error names ``seat`` and the ``model`` if neither copy is legal)."""
    if not (legal >> card) & 1:
        from ..core.cards import card_face, card_twin

        for c in (card_face(card), card_twin(card_face(card))):
            if (legal >> c) & 1:
                return c
        raise DecisionInputError(f"seat {seat}: the {model} model chose {card}, not a legal card")
    return int(card)


def double_dummy_card(state: HandState) -> int:
    """The card that takes the most tricks for the mover's side with every card seen and best play
    after (ties to the lowest card number).  Sees the whole state: for the cheat player only."""
    if state.phase != PLAY:
        raise DecisionInputError(f"double_dummy_card: no card to play (phase {state.phase})")
    legal = state.legal_cards()
    if legal & (legal - 1) == 0:
        return _lowest(legal)
    if not state.rules.seating.four_seats:
        return _double_dummy_six(state, legal)
    from ..solver import card_values_many, game_seats

    where, out = game_seats(state.players, state.maker_seat)
    out |= sum(1 << where[s] for s in range(state.players) if not state.active[s])
    rows = np.zeros((1, 4), dtype=np.uint64)
    for s in range(state.players):
        if state.active[s]:  # a lone player's partner keeps its cards out of play
            rows[0, where[s]] = state.hands[s]
    trick = state.current_trick
    leader = where[trick[0][0]] if trick else where[state.to_act]
    played = np.full((1, 3), -1, dtype=np.int8)
    played[0, :len(trick)] = [c for _, c in trick]
    values = card_values_many(rows, np.array([state.trump]), np.array([leader]), np.array([out]), played)[0]
    best, best_v = -1, -1
    m = legal
    while m:
        c = _lowest(m)
        m &= m - 1
        if values[c] > best_v:
            best, best_v = c, int(values[c])
    return best


def _double_dummy_six(state: HandState, legal: int) -> int:
    """:func:`double_dummy_card` of a six-handed hand by the any-seat solver."""
    from ..core.trump import trick_winner_index
    from ..solver.seats import solve_seats

    n, seat = state.players, state.to_act
    per_trick = sum(state.active)
    out = tuple(s for s in range(n) if not state.active[s])
    side = state.side_of(seat)
    sides = [0 if state.side_of(s) == side else 1 for s in range(n)]
    trick = state.current_trick
    leader = trick[0][0] if trick else seat
    table = [c for _, c in trick]
    hands = [int(h) if state.active[x] else 0 for x, h in enumerate(state.hands)]
    best, best_v = -1, -1
    m = legal
    while m:
        c = _lowest(m)
        m &= m - 1
        hands[seat] ^= 1 << c
        cards = table + [c]
        if len(cards) == per_trick:
            order = [leader]
            while len(order) < per_trick:
                order.append(next(x for x in ((order[-1] + k) % n for k in range(1, n + 1)) if state.active[x]))
            w = order[trick_winner_index(cards, state.trump)]
            v = (1 if state.side_of(w) == side else 0) + (
                solve_seats(hands, state.trump, w, sides=sides, out=out) if hands[w] else 0)
        else:
            v = solve_seats(hands, state.trump, leader, sides=sides, played=cards, out=out)
        hands[seat] ^= 1 << c
        if v > best_v:
            best, best_v = c, v
    return best


__all__ = ["view_worlds", "realistic_card", "legal_copy", "double_dummy_card"]
