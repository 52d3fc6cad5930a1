"""What a finished hand leaves: its :class:`HandResult`, and the :class:`Renege` cards of a reviewed hand.

Plain values with their JSON forms; the state machine (:mod:`.state`) makes them.  No I/O here.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.cards import SUITS, card_name



@dataclass(frozen=True)
class Renege:
    """A card played against the follow-suit rule (the player held a card of the led suit).

    ``seat`` played ``card`` (a card number) to trick ``trick`` (counted from 1) and failed to
    follow ``led`` (the effective suit led, 0-3).  Only :meth:`HandState.play_renege` makes one.
    """

    seat: int
    trick: int
    card: int
    led: int

    def to_dict(self) -> dict:
        """The JSON form: the card by name and the suit it failed to follow as a letter."""
        return {"seat": self.seat, "trick": self.trick, "card": card_name(self.card),
                "failed_to_follow": SUITS[self.led]}


@dataclass(frozen=True)
class HandResult:
    """The outcome of one hand.  Sides are 0 (seats 0 and 2) and 1 (seats 1 and 3); in two-handed
    the side is the seat (0 or 1), in three-handed cutthroat every seat 0-2 is its own side, so
    ``tricks`` and ``points`` have one entry per player.

    ``trump`` is a suit letter (``"n"`` for no trump), or ``None`` when the hand was thrown in (then ``makers``,
    ``maker_seat`` are ``None`` and every count is 0).  ``reneges`` lists the cards played
    against the follow-suit rule (only when a record is replayed with ``renege="score"``); when
    there is one, ``points`` are the renege penalty (:func:`renege_penalty`) of the first.
    """

    dealer: int
    trump: str | None
    makers: int | None
    maker_seat: int | None
    alone: int | None
    defender_alone: int | None
    trick_winners: tuple[int, ...]
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    reneges: tuple[Renege, ...] = ()
    #: six-handed: the loner's exchange ``(loner, partner asked, card given, card discarded)``, or None
    ask: tuple[int, int, int, int] | None = None

    def to_dict(self) -> dict:
        """The JSON form (lists for sequences); ``"reneges"`` and ``"ask"`` only when there is one."""
        out = {"dealer": self.dealer, "trump": self.trump, "makers": self.makers,
               "maker_seat": self.maker_seat, "alone": self.alone,
               "defender_alone": self.defender_alone, "trick_winners": list(self.trick_winners),
               "tricks": list(self.tricks), "points": list(self.points)}
        if self.reneges:
            out["reneges"] = [r.to_dict() for r in self.reneges]
        if self.ask is not None:
            loner, partner, card, discard = self.ask
            out["ask"] = {"loner": loner, "partner": partner, "card": card_name(card), "discard": card_name(discard)}
        return out

