"""What one seat knows: the :class:`SeatView` a player decides from.

A view is built from the hand state machine (:class:`~euchre_stats.game.state.HandState`) for one
seat, and holds only what that seat has seen: its own cards, the upcard, every bid and who made it,
its own discard (the dealer's; a loner's in an exchange; a farmer's three cards), every card played
and by whom, and the rules.  Of the other seats it holds how many cards each has, never which.
Nothing in it refers back to the state, so a player handed a view cannot reach a hidden card.

Cards are card numbers and hands bitmasks (:mod:`euchre_stats.core.cards`); text only at the edges
(``hand_text``, ``str``).  No I/O and no randomness here.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

import numpy as np

from ..core.cards import JOKER, RED_JOKER, card_name, format_hand, mask_to_cards, trump_letter
from ..core.errors import DecisionInputError
from ..core.trump import EFF_SUIT, POWER_ALL
from ..game.state import DISCARD, PLAY, ROUND_TWO, HandState
from ..rules import Rules, joker_up_names_trump, side_of_seat

#: words of the seats counted from the dealer, per table size (``SeatView.seat_word``)
SEAT_WORDS = {2: ("eldest", "dealer"), 3: ("eldest", "second", "dealer"),
              4: ("eldest", "partner", "third", "dealer"),
              6: ("eldest", "second", "third", "fourth", "fifth", "dealer")}


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's knowledge at one moment of a hand.  Seats are absolute (0..players-1); the dealer is
    named by ``dealer``, eldest is the next seat.

    Attributes
    ----------
    rules : Rules
        The table's rules (``rules.players`` seats).
    seat, dealer : int
        This seat and the dealer's.
    phase : str
        The decision asked of this seat (``game.state.PHASES``: ``round_one``, ``play``...).
    hand : int
        This seat's cards now (bitmask); the dealer's holds the upcard while discarding.
    hand_sizes : tuple[int, ...]
        How many cards each seat holds now (this seat's included): the only thing known of the others.
    upcard : int
        The turned-up card; ``upcard_taken`` when the dealer took it into its hand (seen by all).
    round_one_suit : int
        The suit on offer in round one (the upcard's, or the one named over a Joker; -1 before).
    bids : tuple[tuple[int, str], ...]
        ``(seat, call)`` for every bid so far, in order, as a hand record writes them.
    discard : int or None
        The dealer's own discard: only in the dealer's view.
    known_gone : int
        Cards this seat knows are out of play and not on the table: a turned-down upcard (seen by
        all) and its own discards (the dealer's, a loner's after an exchange, a farmer's three).
    trump, maker_seat, alone, defender_alone : int or None
        The contract once trump is made (``trump`` 0-3, 4 for no trump); ``made_in`` the round (1, 2;
        1 for a suit named over a Joker).
    active : tuple[bool, ...]
        Seats playing (a loner's partners sit out).
    plays : tuple[tuple[int, int], ...]
        ``(seat, card)`` for every card played, in order; ``trick`` the current trick's part of it.
    trick_leader : int or None
        The seat that led (or is to lead) the current trick, once play has begun.
    trick_winners : tuple[int, ...]
        The winner of each finished trick.
    score : tuple[int, ...]
        The game's score by side before this hand (zeros for a single hand).
    legal : tuple[str, ...]
        Every legal answer now, as action strings; ``legal_cards`` the mask of legal cards in the
        card phases (play, discard, exchanges), else 0.
    seed : int
        A seed for this seat's own random choices in this hand: the same at both tables of a
        duplicate deal, and never the deal's seed (no cards can be recovered from it).
    """

    rules: Rules
    seat: int
    dealer: int
    phase: str
    hand: int
    hand_sizes: tuple[int, ...]
    upcard: int
    upcard_taken: bool
    round_one_suit: int
    bids: tuple[tuple[int, str], ...]
    discard: int | None
    known_gone: int
    trump: int | None
    maker_seat: int | None
    made_in: int | None
    alone: int | None
    defender_alone: int | None
    active: tuple[bool, ...]
    plays: tuple[tuple[int, int], ...]
    trick: tuple[tuple[int, int], ...]
    trick_leader: int | None
    trick_winners: tuple[int, ...]
    score: tuple[int, ...]
    legal: tuple[str, ...]
    legal_cards: int
    seed: int

    # --- friendly accessors -------------------------------------------------------------------
    @property
    def players(self) -> int:
        """Seats at the table."""
        return self.rules.players

    @property
    def cards(self) -> list[int]:
        """This seat's cards as card numbers (ascending)."""
        return mask_to_cards(self.hand)

    @property
    def legal_card_list(self) -> list[int]:
        """The legal cards as card numbers (ascending)."""
        return mask_to_cards(self.legal_cards)

    @property
    def hand_text(self) -> str:
        """This seat's cards as text, ``"Jh Jd Ah 9s Tc"``."""
        return format_hand(self.hand)

    @property
    def eldest(self) -> int:
        """The seat after the dealer."""
        return (self.dealer + 1) % self.players

    @property
    def seat_word(self) -> str:
        """This seat named from the dealer (``eldest``, ``partner``, ``third``, ``dealer``...)."""
        return SEAT_WORDS[self.players][(self.seat - self.dealer - 1) % self.players]

    def side_of(self, seat: int) -> int:
        """The scoring side of ``seat`` (rules.side_of_seat)."""
        return side_of_seat(self.rules, seat)

    def suit_of(self, card: int) -> int:
        """The effective suit of ``card`` under the trump made (0-3; the left bower is trump), or its
        printed suit before trump is made."""
        t = self.trump if self.trump is not None else 4
        return int(EFF_SUIT[t, card])

    def power(self, card: int) -> int:
        """How high ``card`` ranks under the trump made: of two cards of the suit led or of trump, the
        higher power wins (every trump above every plain card)."""
        t = self.trump if self.trump is not None else 4
        return int(POWER_ALL[t, card])

    @property
    def led_suit(self) -> int | None:
        """The effective suit led to the current trick (None before its lead)."""
        if not self.trick or self.trump is None:
            return None
        return int(EFF_SUIT[self.trump, self.trick[0][1]])

    def __str__(self) -> str:
        trump = "-" if self.trump is None else trump_letter(self.trump)
        table = " ".join(f"{s}:{card_name(c)}" for s, c in self.trick) or "-"
        return (f"seat {self.seat} ({self.seat_word}) to {self.phase}: holds {self.hand_text}, upcard "
                f"{card_name(self.upcard)}, trump {trump}, trick {table}")


def _bid_seats(state: HandState) -> list[int]:
    """Who made each bid of ``state.bids``: every bid is in turn from eldest, after the dealer's naming
    over a Joker upcard where the rules have one."""
    n, dealer = state.players, state.dealer
    first = []
    if state.upcard in (JOKER, RED_JOKER) and joker_up_names_trump(state.rules):
        first = [dealer]
    seats = first + [(dealer + 1 + k) % n for k in range(max(0, len(state.bids) - len(first)))]
    return seats[:len(state.bids)]


def _known_gone(state: HandState, seat: int) -> int:
    """Cards ``seat`` knows are out of play (not held, not on the table)."""
    gone = 0
    held_by_dealer = state.discard is not None or state.phase == DISCARD
    if not held_by_dealer and (state.trump is not None or state.phase == ROUND_TWO):
        gone |= 1 << state.upcard  # turned down, or left on the kitty behind a lone partner: seen by all
    if seat == state.dealer and state.discard is not None:
        gone |= 1 << state.discard
    for loner, _, discarded in state.railroad:
        if loner == seat and discarded is not None:
            gone |= 1 << discarded
    if state.asked is not None and state.asked[0] == seat and state.asked[3] >= 0:
        gone |= 1 << state.asked[3]
    if state.farmer is not None and state.farmer[0] == seat:
        gone |= state.farmer[1]
    return gone


def seat_view(state: HandState, seat: int | None = None, *, score=None, seed: int = 0) -> SeatView:
    """The view of ``seat`` (default: the seat to act) of ``state``, at any table size.

    ``score`` is the game's score by side before this hand (default zeros); ``seed`` the seat's
    own random stream for the hand (see :class:`SeatView`).  ``legal`` and ``legal_cards`` are
    the seat's answers only when it is the seat to act (else empty).
    """
    n = state.players
    if seat is None:
        seat = state.to_act
    if not isinstance(seat, (int, np.integer)) or isinstance(seat, bool) or not 0 <= seat < n:
        raise DecisionInputError(f"seat {seat!r}: expected a seat 0-{n - 1}")
    seat = int(seat)
    acting = seat == state.to_act
    plays = tuple(zip(state.play_seats, state.plays))
    per_trick = sum(state.active)
    k = len(plays) % per_trick if state.trump is not None else 0
    trick = plays[len(plays) - k:] if k else ()
    if state.phase == PLAY or state.plays:
        leader = trick[0][0] if trick else (state.trick_winners[-1] if state.trick_winners else state.to_act)
    else:
        leader = None
    if state.trump is None:
        made_in = None
    elif state.upcard in (JOKER, RED_JOKER) and joker_up_names_trump(state.rules) and len(state.bids) == 1:
        made_in = 1
    else:
        made_in = 1 if state.bids and state.bids[-1].startswith("order") else 2
    side_n = len(state.points)
    return SeatView(
        rules=state.rules, seat=seat, dealer=state.dealer, phase=state.phase, hand=int(state.hands[seat]),
        hand_sizes=tuple(int(h).bit_count() for h in state.hands), upcard=int(state.upcard),
        upcard_taken=state.discard is not None or state.phase == DISCARD, round_one_suit=int(state.round_one_suit),
        bids=tuple(zip(_bid_seats(state), state.bids)),
        discard=state.discard if seat == state.dealer else None, known_gone=_known_gone(state, seat),
        trump=state.trump, maker_seat=state.maker_seat, made_in=made_in, alone=state.alone,
        defender_alone=state.defender_alone, active=tuple(state.active), plays=plays, trick=trick,
        trick_leader=leader, trick_winners=tuple(state.trick_winners),
        score=tuple(score) if score is not None else (0,) * side_n,
        legal=tuple(state.legal_actions()) if acting else (), legal_cards=int(state.legal_cards()) if acting else 0,
        seed=int(seed))


#: the fields of a view (the test of hidden cards reads them)
VIEW_FIELDS = tuple(f.name for f in fields(SeatView))

__all__ = ["SeatView", "seat_view", "SEAT_WORDS", "VIEW_FIELDS"]
