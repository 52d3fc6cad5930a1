"""The player interface: one method per decision, each given one seat's :class:`SeatView`.

A player is any object with the methods of :class:`Player` (a ``typing.Protocol``: no base class
needed).  Each answers with one of the view's legal choices:

=================  ===========================  ================================================
method             phases (``view.phase``)      answer
=================  ===========================  ================================================
``round_one``      ``round_one``                ``"pass"``, ``"order"`` or ``"order alone"``
``name_trump``     ``name_trump`` (Joker up)    a suit letter (``"h"``), or ``"h alone"``
``round_two``      ``round_two``                ``"pass"``, a suit letter or ``"n"`` (no trump), optionally ``" alone"``
``alone``          ``alone`` (British timing)   ``True`` to go alone
``defend_alone``   ``defend``                   ``True`` to defend alone
``discard``        ``discard`` (the dealer)     a card (number or text)
``exchange``       ``farmer``, ``railroad``,    one of ``view.legal``: a farmer's three cards or ``"pass"``; a card
                   ``exchange``, ``ask``,       passed, taken or ``"decline"``; ``"ask 2"`` or ``"pass"``; a card
                   ``give``, ``take``           given; the card the loner throws back
``play``           ``play``                     a card (number or text)
=================  ===========================  ================================================

:class:`BasePlayer` answers every decision by a simple rule of thumb
(:class:`~euchre_stats.game.policies.PointCountPolicy`, run on the view alone), so a player of
one's own overrides only the methods it cares about.  A player that must see every card
(:class:`~euchre_stats.players.shipped.CheatPlayer`, reference only) says so with
``sees_all = True`` and then receives the whole hand state as a separate keyword ``full=`` of
``play``; nothing else ever does.  No I/O here.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..core.cards import NO_TRUMP_INDEX, card_suit
from ..game.policies import PointCountPolicy
from ..game.state import (ALONE, ASK, DEFEND, DISCARD, EXCHANGE, FARMER, GIVE, NAME_TRUMP, PLAY, RAILROAD,
                          ROUND_ONE, ROUND_TWO, TAKE)
from .view import SeatView

#: the method answering each phase
METHOD_OF_PHASE = {ROUND_ONE: "round_one", NAME_TRUMP: "name_trump", ROUND_TWO: "round_two", ALONE: "alone",
                   DEFEND: "defend_alone", DISCARD: "discard", FARMER: "exchange", RAILROAD: "exchange",
                   EXCHANGE: "exchange", ASK: "exchange", GIVE: "exchange", TAKE: "exchange", PLAY: "play"}
#: the methods of the interface
METHODS = ("round_one", "name_trump", "round_two", "alone", "defend_alone", "discard", "exchange", "play")


@runtime_checkable
class Player(Protocol):
    """What sits at the table: every method takes the view of the seat to act and returns a legal choice."""

    def round_one(self, view: SeatView) -> str: ...

    def name_trump(self, view: SeatView) -> str: ...

    def round_two(self, view: SeatView) -> str: ...

    def alone(self, view: SeatView) -> bool: ...

    def defend_alone(self, view: SeatView) -> bool: ...

    def discard(self, view: SeatView) -> int | str: ...

    def exchange(self, view: SeatView) -> int | str: ...

    def play(self, view: SeatView) -> int | str: ...


class _OwnHands:
    """``hands[seat]`` of a view: this seat's own cards, and an error for any other seat."""

    __slots__ = ("_seat", "_hand")

    def __init__(self, seat: int, hand: int):
        self._seat, self._hand = seat, hand

    def __getitem__(self, seat: int) -> int:
        if seat != self._seat:
            raise LookupError(f"seat {self._seat} cannot see seat {seat}'s cards")
        return self._hand


class _ViewState:
    """Just enough of a ``HandState`` for the point-count policy, made from a view (and nothing else)."""

    def __init__(self, view: SeatView):
        self.rules, self.phase, self.to_act, self.dealer = view.rules, view.phase, view.seat, view.dealer
        self.upcard, self.round_one_suit, self.trump = view.upcard, view.round_one_suit, view.trump
        self.players = view.players
        self.hands = _OwnHands(view.seat, view.hand)
        self.makers = None if view.maker_seat is None else view.side_of(view.maker_seat)
        self.current_trick = list(view.trick)
        self.led_suit = view.led_suit
        self._view = view

    @property
    def upcard_suit(self) -> int:
        return card_suit(self.upcard)

    def side_of(self, seat: int) -> int:
        return self._view.side_of(seat)

    def legal_cards(self) -> int:
        return self._view.legal_cards

    def legal_actions(self) -> list[str]:
        return list(self._view.legal)


_POINT_COUNT = PointCountPolicy()


def point_count_answer(view: SeatView, policy: PointCountPolicy | None = None):
    """The rule-of-thumb answer (:class:`~euchre_stats.game.policies.PointCountPolicy`, or ``policy``)
    to the view's decision, as the interface's method returns it (bools for alone and defend)."""
    ans = (policy or _POINT_COUNT)(_ViewState(view))
    if view.phase == ALONE:
        return ans == "alone"
    if view.phase == DEFEND:
        return ans == "defend alone"
    return ans


class BasePlayer:
    """Every decision by the rule of thumb (:func:`point_count_answer`): subclass it and override the
    decisions you want to make yourself.  ``name`` is how records and errors name the player."""

    name = "point-count"
    #: a player given the whole hand state (``play(view, full=state)``): reference players only
    sees_all = False

    def round_one(self, view: SeatView) -> str:
        return point_count_answer(view)

    def name_trump(self, view: SeatView) -> str:
        return point_count_answer(view)

    def round_two(self, view: SeatView) -> str:
        return point_count_answer(view)

    def alone(self, view: SeatView) -> bool:
        return point_count_answer(view)

    def defend_alone(self, view: SeatView) -> bool:
        return point_count_answer(view)

    def discard(self, view: SeatView) -> int | str:
        return point_count_answer(view)

    def exchange(self, view: SeatView) -> int | str:
        return point_count_answer(view)

    def play(self, view: SeatView) -> int | str:
        return point_count_answer(view)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


def action_of(view: SeatView, answer) -> object:
    """A method's answer as the state machine's action: bools of ``alone``/``defend_alone`` become
    ``"alone"``/``"defend alone"`` or ``"pass"``; ``None`` from ``exchange`` declines or passes."""
    if view.phase == ALONE:
        return "alone" if _truth(answer) else "pass"
    if view.phase == DEFEND:
        return "defend alone" if _truth(answer) else "pass"
    if answer is None and view.phase in (EXCHANGE, ASK):
        return "decline" if view.phase == EXCHANGE else "pass"
    if view.phase == ROUND_TWO and answer == NO_TRUMP_INDEX:
        return "n"
    return answer


def _truth(answer) -> bool:
    if isinstance(answer, str):
        return answer.strip().lower() in ("alone", "defend alone", "yes", "true")
    return bool(answer)


__all__ = ["Player", "BasePlayer", "METHODS", "METHOD_OF_PHASE", "point_count_answer", "action_of"]
