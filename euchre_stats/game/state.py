"""One hand of Euchre as a state machine, and whole games made of hands.

A :class:`HandState` is dealt (from given hands and an upcard, or at random from a
``numpy.random.Generator``) and then driven by actions, each a short string exactly as
written in a hand record (``docs/formats.md``):

* a farmer's hand (``farmers_hand``, before round one, offered from eldest to each hand with three
  nines and tens): ``"pass"`` or ``"farmer 9s Th 9c"``, the three cards given for the kitty's;
* round one: ``"pass"``, ``"order"``, ``"order alone"`` (whoever accepts, the dealer included);
* the dealer's discard after taking up the upcard: a card, ``"Tc"``;
* round two (and the dealer's call when a Joker is turned up): ``"pass"`` or a suit letter,
  ``"h"``, optionally ``"h alone"``; with ``no_trump``, round two may also call ``"n"`` (no trump;
  ``"nt"`` and ``"no trump"`` are read too), optionally ``"n alone"``;
* defending alone (offered to the eligible defenders in turn from eldest, only against a lone
  maker): ``"defend alone"`` or ``"pass"``;
* six-handed euchre's exchange (a lone player may ask one partner for a card): the loner says
  ``"pass"`` or ``"ask 2"`` (the partner's seat), the partner gives a card of its choice, ``"Ah"``,
  and the loner, holding six, discards one, ``"9c"``;
* the play: a card, ``"As"``.  During the discard and the play a card number (int) is accepted too.

Every illegal action raises :class:`IllegalActionError`, whose message names the action, the
seat and why.  ``verify_action`` raises, ``can_apply`` answers, ``apply`` does.

The hand's parts live in modules of their own, every public name importable from here:
:mod:`.phases` (the phases and their words), :mod:`.deal` (a deal checked, or dealt at random),
:mod:`.auction` (everything before the lead), :mod:`.tricks` (the play, the score, reneges) and
:mod:`.outcome` (the :class:`HandResult`).  This module keeps the value itself: its views, the
legality of an action and ``apply``, and whole games made of hands.

No I/O and no randomness of its own here (random deals take a Generator).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from ..core.bits import held_copy
from ..core.cards import (JOKER, NUM_CARDS_ALL, RED_JOKER, TWIN_BASE, card_name, card_suit, format_hand,
                          mask_to_cards, parse_card, parse_trump, trump_letter)
from ..core.errors import IllegalActionError, InconsistentDealError, InvalidCardError
from ..core.seats import next_active
from ..rules import (FARMER_CARDS, Rules, game_winner, banned_discard, farmer_cards, joker_up_names_trump,
                     may_discard, may_farm, side_count, side_of_seat)
from .auction import Auction
from .deal import _canonical_copy, _check_deal, _is_int, _random_hands
from .outcome import HandResult, Renege
from .phases import (_PHASE_TEXT, _SMASK, _VERB, ALONE, ASK, BIDDING_PHASES, CARD_PHASES, DEFEND, DISCARD, EXCHANGE,
                     FARMER, GIVE, NAME_TRUMP, OVER, PHASES, PLAY, RAILROAD, ROUND_ONE, ROUND_TWO, SUIT_WORDS, TAKE)
from .tricks import TrickPlay


class HandState(Auction, TrickPlay):
    """One hand of Euchre, from the deal to the score: four-handed, two- or three-handed, or
    six-handed (``rules.players``; seats are then 0..players-1 clockwise).

    Parameters
    ----------
    rules : Rules
        The rule options (a :class:`~euchre_stats.rules.Rules`, a preset name or a dict).
    dealer : int
        Absolute seat 0-3 (0..players-1) of the dealer; eldest is the next seat.
    hands : sequence of 4 (``rules.players``)
        Each seat's dealt cards: bitmasks, card lists or text such as ``"Jh Jd Ah 9s Tc"``.
    upcard : int or str
        The turned-up card.

    Attributes (read them, do not set them)
    ---------------------------------------
    phase : str
        One of ``farmer`` (a farmer's hand may exchange), ``round_one``, ``name_trump``,
        ``round_two``, ``discard``, ``alone``, ``defend``, ``railroad``, ``exchange``, ``play``, ``over``.
    to_act : int or None
        Seat to act next (``None`` once the hand is over).
    hands : list[int]
        Current hand bitmasks (the dealer's includes the upcard while discarding).
    dealt : tuple[int, ...]
        Hand bitmasks as dealt.
    trump, makers, maker_seat, alone, defender_alone
        Set when trump is made (``trump`` a suit number 0-3; ``makers`` the side 0/1).
    bids, discard, plays, play_seats
        The actions so far: call strings, the discarded card, played cards and who played them.
    trick_winners, tricks, points
        Seats winning each finished trick; tricks and points per side ``[side 0, side 1]`` (per
        player in cutthroat).
    """

    __slots__ = ("reneges", "rules", "dealer", "dealt", "upcard", "hands", "phase", "to_act", "bids",
                 "discard", "plays", "play_seats", "trump", "makers", "maker_seat", "alone",
                 "defender_alone", "active", "trick_winners", "tricks", "points", "_deck_mask",
                 "_n", "_passed", "_passers", "_defend_queue", "_alone_queue", "_stage", "_r1_suit",
                 "_offered", "_railroad_queue", "railroad", "_trick", "_trick_seats", "_led",
                 "_best_key", "_best_seat", "_next", "_n_active", "thrown_in", "_np", "_side", "_succ",
                 "farmer", "_farm_queue", "asked")

    def __init__(self, rules, dealer: int, hands: Sequence, upcard, *, _checked: bool = False):
        if not isinstance(rules, Rules):
            rules = Rules.from_json(rules)
        self.rules = rules
        deck_mask = rules.deck_obj.mask
        self._deck_mask = deck_mask
        self._n = rules.hand_size
        np_ = self._np = rules.players
        self._side = [side_of_seat(rules, s) for s in range(np_)]
        #: the seat after each seat at the table
        self._succ = [next_active(s, 0, np_) for s in range(np_)]
        if not _checked:
            dealer, hands, upcard = _check_deal(rules, dealer, hands, upcard)
        self.dealer = dealer
        self.dealt = tuple(hands)
        self.hands = list(hands)
        self.upcard = upcard
        self.bids: list[str] = []
        self.discard: int | None = None
        self.plays: list[int] = []
        self.play_seats: list[int] = []
        self.trump: int | None = None
        self.makers: int | None = None
        self.maker_seat: int | None = None
        self.alone: int | None = None
        self.defender_alone: int | None = None
        self.active = [True] * np_
        self.trick_winners: list[int] = []
        self.tricks = [0] * side_count(rules)
        self.reneges: list[Renege] = []
        self.points = [0] * side_count(rules)
        self.thrown_in = False
        self._passed = [False] * np_
        self._passers = (False,) * np_
        self._defend_queue: list[int] = []
        self._alone_queue: list[int] = []
        self._railroad_queue: list[int] = []
        self._stage = 0  # after trump is made: 0 declare alone, 1 defend alone, 2 railroad, 3 ask (six), 4 play
        self._offered = -1
        #: railroad exchanges: (loner, card passed, card the loner discarded or None when declined)
        self.railroad: list[tuple[int, int, int | None]] = []
        #: six-handed: the loner's exchange, [loner, partner asked, card given, card discarded]
        #: (filled as it happens), or None when nobody asked
        self.asked: list[int] | None = None
        self._r1_suit = card_suit(upcard)
        self._trick: list[int] = []
        self._trick_seats: list[int] = []
        self._led = -1
        self._best_key = -1
        self._best_seat = -1
        self._next = list(self._succ)
        self._n_active = np_
        if upcard in (JOKER, RED_JOKER):
            if joker_up_names_trump(rules):
                self.phase = NAME_TRUMP
                self.to_act = dealer
            else:
                self._throw_in()
        else:
            self.phase = ROUND_ONE
            self.to_act = self._succ[dealer]
        #: a farmer's exchange: (seat, mask of the three cards it gave), or None
        self.farmer: tuple[int, int] | None = None
        self._farm_queue: list[int] = []
        if self.phase == ROUND_ONE and rules.farmers_hand:
            order = [(self.to_act + k) % np_ for k in range(np_)]  # from eldest
            self._farm_queue = [s for s in order if may_farm(rules, self.hands[s])]
            if self._farm_queue:
                self.phase, self.to_act = FARMER, self._farm_queue[0]

    # --- construction ------------------------------------------------------------
    @classmethod
    def deal(cls, rules, dealer: int, rng: np.random.Generator) -> "HandState":
        """A random deal from ``rng`` (a ``numpy.random.Generator``): hands, then the upcard."""
        if not isinstance(rules, Rules):
            rules = Rules.from_json(rules)
        if not (_is_int(dealer) and 0 <= dealer < rules.players):
            raise InconsistentDealError(f"dealer must be a seat 0-{rules.players - 1}, got {dealer!r}")
        hands, up = _random_hands(rules, rng)
        return cls(rules, int(dealer), hands, up, _checked=True)

    def copy(self) -> "HandState":
        """An independent copy (cheap: lists are copied, the rules shared)."""
        new = object.__new__(HandState)
        for name in HandState.__slots__:
            v = getattr(self, name)
            setattr(new, name, list(v) if isinstance(v, list) else v)
        return new

    # --- views ---------------------------------------------------------------------
    @property
    def eldest(self) -> int:
        """Seat left of the dealer."""
        return self._succ[self.dealer]

    @property
    def players(self) -> int:
        """Players at the table (``rules.players``)."""
        return self._np

    def side_of(self, seat: int) -> int:
        """The scoring side of ``seat`` (the index of ``tricks`` and ``points``)."""
        return self._side[seat]

    @property
    def upcard_suit(self) -> int:
        """Suit of the upcard (-1 for a Joker)."""
        return card_suit(self.upcard)

    @property
    def round_one_suit(self) -> int:
        """The suit on offer in round one: the upcard's, or the one the dealer named blind over a
        Joker in the Almonte variant (-1 before it is named)."""
        return self._r1_suit

    @property
    def current_trick(self) -> list[tuple[int, int]]:
        """``(seat, card)`` pairs of the trick in progress, in play order."""
        return list(zip(self._trick_seats, self._trick))

    @property
    def led_suit(self) -> int | None:
        """Effective suit led to the current trick, or ``None`` before the lead."""
        return self._led if self._trick else None

    @property
    def trick_number(self) -> int:
        """Index (0-based) of the trick in progress."""
        return len(self.trick_winners)

    @property
    def is_over(self) -> bool:
        """Whether the hand is scored (played out or thrown in)."""
        return self.phase == OVER

    def result(self) -> HandResult:
        """The :class:`HandResult` (only once the hand is over)."""
        if self.phase != OVER:
            raise ValueError(f"the hand is not over: {_PHASE_TEXT[self.phase]}, seat {self.to_act} to act")
        return HandResult(self.dealer, None if self.trump is None else trump_letter(self.trump), self.makers,
                          self.maker_seat, self.alone, self.defender_alone, tuple(self.trick_winners),
                          tuple(self.tricks), tuple(self.points), tuple(self.reneges),
                          None if self.asked is None else tuple(self.asked))

    def __repr__(self) -> str:
        return (f"HandState({self.rules.describe()!r}, dealer={self.dealer}, phase={self.phase!r}, "
                f"to_act={self.to_act})")

    # --- legality ------------------------------------------------------------------
    def legal_cards(self) -> int:
        """Bitmask of the cards the seat to act may play or discard now (0 outside those phases)."""
        phase = self.phase
        if phase == PLAY:
            hand = self.hands[self.to_act]
            if not self._trick:
                return hand
            follow = hand & _SMASK[self.trump][self._led]
            return follow if follow else hand
        if phase == DISCARD:
            hand = self.hands[self.dealer]
            banned = banned_discard(self.rules, self.upcard)
            if banned >= 0:
                hand &= ~(1 << banned)
            return hand
        if phase in (GIVE, TAKE):
            return self.hands[self.to_act]
        return 0

    def legal_actions(self) -> list[str]:
        """Every legal action string for the seat to act (empty once the hand is over)."""
        phase = self.phase
        if phase in (PLAY, DISCARD, GIVE, TAKE):
            m, out = self.legal_cards(), []
            while m:
                low = m & -m
                out.append(card_name(low.bit_length() - 1))
                m ^= low
            return out
        if phase == ROUND_ONE:
            return [a for a in ("pass", "order", "order alone") if self._bid_reason(a) is None]
        if phase in (ROUND_TWO, NAME_TRUMP):
            calls = ["pass"] + [trump_letter(s) + alone for s in range(5) for alone in ("", " alone")]
            return [a for a in calls if self._bid_reason(a) is None]
        if phase == FARMER:
            from itertools import combinations

            cards = mask_to_cards(farmer_cards(self.rules, self.hands[self.to_act]))
            return ["pass"] + ["farmer " + " ".join(card_name(c) for c in three)
                               for three in combinations(cards, FARMER_CARDS)]
        if phase == ALONE:
            return ["pass", "alone"]
        if phase == DEFEND:
            return ["pass", "defend alone"]
        if phase == ASK:
            return ["pass"] + [f"ask {p}" for p in self.rules.seating.partners(self.to_act)]
        if phase in (RAILROAD, EXCHANGE):
            cards = [card_name(c) for c in mask_to_cards(self.hands[self.to_act])]
            return cards if phase == RAILROAD else cards + ["decline"]
        return []

    def _card_reason(self, card: int) -> str | None:
        seat = self.to_act
        name = card_name(card)
        if not (self._deck_mask >> card) & 1:
            return f"{name} is not in the {self.rules.deck}-card deck"
        hand = self.hands[seat]
        if not (hand >> card) & 1:
            return f"does not hold {name} (holds {format_hand(hand)})"
        if self.phase == DISCARD:
            if not may_discard(self.rules, card, self.upcard):
                return f"the dealer may not discard the upcard {name} (dealer_may_discard_upcard is off)"
            return None
        if self._trick:
            t, led = self.trump, self._led
            follow = hand & _SMASK[t][led]
            if follow and not (follow >> card) & 1:
                trump_note = " (trump)" if led == t else ""
                return (f"must follow {SUIT_WORDS[led]}{trump_note} "
                        f"(holds {format_hand(follow, trump=t)})")
        return None

    def _interpret(self, action, seat: int | None):
        """Validate ``action`` for ``seat`` (default: the seat to act); return ``(kind, value)``."""
        phase = self.phase
        verb = _VERB[phase]
        if phase == OVER:
            raise IllegalActionError(seat, action, "the hand is over", verb)
        actor = self.to_act
        if seat is not None and seat != actor:
            if phase == PLAY and not self.active[seat]:
                why = f"seat {seat} sits out this hand"
            else:
                why = f"it is seat {actor}'s turn ({_PHASE_TEXT[phase]})"
            raise IllegalActionError(seat, action, why, verb)
        if phase == EXCHANGE and isinstance(action, str) and action.strip().lower() == "decline":
            return "decline", None
        if phase in CARD_PHASES:
            if _is_int(action):
                card = int(action)
                if not 0 <= card < NUM_CARDS_ALL:
                    raise IllegalActionError(actor, action, "no such card number", verb)
            else:
                text = " ".join(str(action).lower().split())
                if text in ("pass", "order", "order alone", "defend alone") or text.endswith(" alone"):
                    raise IllegalActionError(actor, action, f"{_PHASE_TEXT[phase]}: expected a card", verb)
                try:
                    card = held_copy(parse_card(str(action)), self.hands[actor])
                except InvalidCardError as exc:
                    raise IllegalActionError(actor, action, str(exc), verb) from None
            why = self._card_reason(card)
            if why is not None:
                raise IllegalActionError(actor, action, why, verb)
            return "card", card
        if not isinstance(action, str):
            raise IllegalActionError(actor, action, f"{_PHASE_TEXT[phase]}: expected a call", verb)
        text = " ".join(action.lower().split())
        for words in ("no trump", "no-trump"):  # one word for "no trump", as a record writes it
            if text == words or text.startswith(words + " "):
                text = "n" + text[len(words):]
        if phase == FARMER:
            return self._farmer_reason(action, text)
        if phase == DEFEND:
            if text not in ("pass", "defend alone"):
                raise IllegalActionError(actor, action, "expected pass or defend alone", verb)
            return text, None
        if phase == ALONE:
            if text not in ("pass", "alone"):
                raise IllegalActionError(actor, action, "expected pass or alone", verb)
            return text, None
        if phase == ASK:
            partners = self.rules.seating.partners(actor)
            if text == "pass":
                return "pass", None
            words = text.split()
            if len(words) != 2 or words[0] != "ask" or not words[1].isdigit() or int(words[1]) not in partners:
                raise IllegalActionError(actor, action, "expected pass or ask and a partner's seat: "
                                         + " or ".join(f"ask {p}" for p in partners), verb)
            return "ask", int(words[1])
        why = self._bid_reason(text)
        if why is not None:
            if text and _looks_like_card(text):
                why = f"{_PHASE_TEXT[phase]} is not over; " + why
            raise IllegalActionError(actor, action, why, verb)
        if text in ("pass", "order", "order alone"):
            return text, None
        words = text.split()
        return "call", (parse_trump(words[0]), len(words) == 2)

    def verify_action(self, action, seat: int | None = None) -> None:
        """Raise :class:`IllegalActionError` unless ``action`` is legal for ``seat`` (default: to act)."""
        self._interpret(action, seat)

    def can_apply(self, action, seat: int | None = None) -> bool:
        """Whether ``action`` is legal now."""
        try:
            self._interpret(action, seat)
        except IllegalActionError:
            return False
        return True

    # --- doing -----------------------------------------------------------------------
    def apply(self, action, seat: int | None = None) -> None:
        """Apply a legal action for ``seat`` (default: the seat to act); raise if illegal."""
        if seat is None and self.phase == PLAY and type(action) is int:
            # fast path for policies that play card numbers
            hand = self.hands[self.to_act]
            if self._trick:
                follow = hand & _SMASK[self.trump][self._led]
                legal = follow if follow else hand
            else:
                legal = hand
            if 0 <= action < NUM_CARDS_ALL and (legal >> action) & 1:
                self._play(_canonical_copy(action, hand) if action >= TWIN_BASE else action)
                return
        kind, value = self._interpret(action, seat)
        phase = self.phase
        if type(value) is int and value >= TWIN_BASE and phase in CARD_PHASES:
            value = _canonical_copy(value, self.hands[self.to_act])
        if phase == RAILROAD:
            self._railroad_pass(value)
        elif phase == EXCHANGE:
            self._railroad_take(value)
        elif phase == ASK:
            self._ask(value)
        elif phase == GIVE:
            self._give(value)
        elif phase == TAKE:
            self._take(value)
        elif kind == "card":
            if phase == PLAY:
                self._play(value)
            else:
                self._discard(value)
        elif phase == FARMER:
            self._farm(value)
        elif phase == ALONE:
            self._declare_alone(kind == "alone")
        elif phase == DEFEND:
            self._defend(kind == "defend alone")
        elif phase == ROUND_ONE:
            self._round_one(kind)
        else:
            self._call(*value) if kind == "call" else self._pass_round_two()


def _looks_like_card(text: str) -> bool:
    try:
        parse_card(text)
    except InvalidCardError:
        return False
    return True



# --- playing hands and games ------------------------------------------------------------------
Policy = Callable[[HandState], object]


def play_hand(state: HandState, policies) -> HandState:
    """Drive ``state`` to the end, asking ``policies[seat](state)`` (or one policy for all) for actions."""
    pols = policies if isinstance(policies, Sequence) else (policies,) * state.players
    while state.phase != OVER:
        state.apply(pols[state.to_act](state))
    return state


@dataclass
class GameResult:
    """A finished (or abandoned after ``max_hands``) game: the hands in order and the score."""

    rules: Rules
    hands: list[HandState] = field(default_factory=list)
    score: list[int] = field(default_factory=lambda: [0, 0])  # one entry per side (three in cutthroat)
    winner: int | None = None


def play_game(rules, policies, rng: np.random.Generator, dealer: int = 0,
              max_hands: int = 10_000) -> GameResult:
    """Play hands (random deals from ``rng``) until a side wins; the deal passes left each hand.

    Each hand's points are added to the score; the game ends as soon as
    :func:`game_winner` names a side.  ``policies`` is one policy or one per seat.
    """
    if not isinstance(rules, Rules):
        rules = Rules.from_json(rules)
    game = GameResult(rules, score=[0] * side_count(rules))
    for _ in range(max_hands):
        state = play_hand(HandState.deal(rules, dealer, rng), policies)
        game.hands.append(state)
        for side, pts in enumerate(state.points):
            game.score[side] += pts
        game.winner = game_winner(rules, game.score)
        if game.winner is not None:
            break
        dealer = next_active(dealer, 0, rules.players)
    return game


__all__ = [
    "HandState", "HandResult", "Renege", "FARMER", "IllegalActionError", "InconsistentDealError", "play_hand",
    "play_game", "game_winner", "GameResult", "PHASES", "ROUND_ONE", "ROUND_TWO", "NAME_TRUMP",
    "DISCARD", "ALONE", "DEFEND", "RAILROAD", "EXCHANGE", "ASK", "GIVE", "TAKE", "PLAY", "OVER", "BIDDING_PHASES",
    "SUIT_WORDS", "CARD_PHASES",
]
