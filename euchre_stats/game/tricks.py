"""The play of a hand of the state machine, and the hand's end: the tricks, the score, a throw-in, reneges.

:class:`TrickPlay` is mixed into :class:`~euchre_stats.game.state.HandState`: its methods read and
set the hand's slots.  A trick is won by the highest trump, else the highest card of the suit led
(of two identical copies the later); once every trick is played the hand scores by the rules'
:func:`~euchre_stats.rules.points_by_side` (or the renege penalty).  Reviewing a real hand may play
a renege (:meth:`TrickPlay.play_renege`).  No I/O here.
"""

from __future__ import annotations

from ..core.bits import held_copy
from ..core.cards import NUM_CARDS_ALL, parse_card
from ..core.errors import IllegalActionError, InvalidCardError
from ..rules import first_leader, points_by_side, renege_points
from .deal import _is_int
from .outcome import Renege
from .phases import _EFF, _PHASE_TEXT, _POW, _SMASK, OVER, PLAY


class TrickPlay:
    """The play and the end of a :class:`~euchre_stats.game.state.HandState` (a mixin: no state of its own)."""

    __slots__ = ()

    def _start_play(self) -> None:
        act, np_ = self.active, self._np
        self._next = [next(s2 for s2 in ((s + k) % np_ for k in range(1, np_ + 1)) if act[s2]) for s in range(np_)]
        self._n_active = sum(act)
        self.phase = PLAY
        self.to_act = first_leader(self.rules, self.dealer, self.alone, self.defender_alone)

    def _play(self, card: int) -> None:
        seat = self.to_act
        t = self.trump
        self.hands[seat] ^= 1 << card
        self.plays.append(card)
        self.play_seats.append(seat)
        trick = self._trick
        eff = _EFF[t][card]
        if not trick:
            self._led = eff
            self._best_key = _POW[t][card]
            self._best_seat = seat
        elif eff == t or eff == self._led:
            key = _POW[t][card]
            if key >= self._best_key:  # of two identical cards (the doubled pack's twins) the later wins
                self._best_key = key
                self._best_seat = seat
        trick.append(card)
        self._trick_seats.append(seat)
        if len(trick) < self._n_active:
            self.to_act = self._next[seat]
            return
        winner = self._best_seat
        self.trick_winners.append(winner)
        self.tricks[self._side[winner]] += 1
        self._trick = []
        self._trick_seats = []
        if len(self.trick_winners) == self._n:
            self._score()
        else:
            self.to_act = winner

    def _score(self) -> None:
        if self.reneges:
            self.points = renege_points(self.rules, self._side[self.reneges[0].seat],
                                        self.alone is not None or self.defender_alone is not None)
        else:
            self.points = points_by_side(self.rules, self.makers, self.tricks, self.alone is not None,
                                         self.defender_alone is not None)
        self.phase = OVER
        self.to_act = None

    def _throw_in(self) -> None:
        self.thrown_in = True
        self.phase = OVER
        self.to_act = None

    # --- reneges (reviewing real hands) ---------------------------------------------------
    def _renege_card(self, action, seat: int | None) -> int | None:
        """The card number if playing ``action`` now is a renege, else ``None``."""
        if self.phase != PLAY or not self._trick or (seat is not None and seat != self.to_act):
            return None
        try:
            card = int(action) if _is_int(action) else held_copy(parse_card(str(action)), self.hands[self.to_act])
        except InvalidCardError:
            return None
        hand = self.hands[self.to_act]
        follow = hand & _SMASK[self.trump][self._led]
        if (0 <= card < NUM_CARDS_ALL and (self._deck_mask >> card) & 1 and (hand >> card) & 1
                and follow and not (follow >> card) & 1):
            return card
        return None

    def verify_renege(self, action, seat: int | None = None) -> int:
        """Raise :class:`IllegalActionError` unless playing ``action`` now is a renege; return the card.

        A renege is a card the seat to act holds and may play but for the follow-suit rule: a
        card of the deck, in the hand, not of the led suit while the hand holds one.  A legal
        card, or one illegal for any other reason, raises (with the usual reason when illegal).
        """
        card = self._renege_card(action, seat)
        if card is None:
            self._interpret(action, seat)
            why = ("it is a legal play, not a renege" if self.phase == PLAY
                   else f"{_PHASE_TEXT[self.phase]}: a renege is a card played to a trick")
            raise IllegalActionError(self.to_act, action, why, "renege with")
        return card

    def can_renege(self, action, seat: int | None = None) -> bool:
        """Whether playing ``action`` now is a renege (see :meth:`verify_renege`)."""
        return self._renege_card(action, seat) is not None

    def play_renege(self, action, seat: int | None = None) -> None:
        """Play a renege as written: it is recorded in ``reneges`` and the hand scores its penalty.

        The card is played like any other (it wins the trick only as a trump); once the hand is
        over the first renege's side scores 0 and the other side :func:`renege_penalty`.
        """
        card = self.verify_renege(action, seat)
        self.reneges.append(Renege(self.to_act, len(self.trick_winners) + 1, card, self._led))
        self._play(card)
