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

No I/O and no randomness of its own here (random deals take a Generator).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from ..core.bits import held_copy
from ..core.cards import (JOKER, NO_TRUMP_INDEX, NUM_CARDS_ALL, RED_JOKER, SUITS, TWIN_BASE, card_face, card_name,
                          card_suit, card_twin,
                          format_hand, mask_to_cards, parse_card, parse_cards, parse_hand, parse_trump, trump_letter)
from ..core.errors import IllegalActionError, InconsistentDealError, InvalidCardError
from ..core.seats import next_active, partner_of, partners_of
from ..core.trump import EFF_SUIT, POWER_ALL, SUIT_MASK
from ..sampling.deals import random_deals
from ..rules import (FARMER_CARDS, GAME_NAMES, Rules, game_winner, alone_with_the_call, banned_discard, dealer_picks_up,
                     farmer_cards, first_leader, joker_up_makes_trump, joker_up_names_trump, loner_asks_partner,
                     may_call_alone,
                     may_discard, may_farm, may_pass, may_take_up, order_must_go_alone, points_by_side, railroad_on,
                     renege_points, side_count, side_of_seat, why_no_alone, why_no_alone_before_lead,
                     why_no_defend_alone, why_no_no_trump)

FARMER = "farmer"
ROUND_ONE = "round_one"
DISCARD = "discard"
ROUND_TWO = "round_two"
NAME_TRUMP = "name_trump"
ALONE = "alone"
DEFEND = "defend"
RAILROAD = "railroad"
EXCHANGE = "exchange"
ASK = "ask"
GIVE = "give"
TAKE = "take"
PLAY = "play"
OVER = "over"
PHASES = (FARMER, ROUND_ONE, NAME_TRUMP, ROUND_TWO, DISCARD, ALONE, DEFEND, RAILROAD, EXCHANGE, ASK, GIVE, TAKE, PLAY,
          OVER)
#: phases whose action is a card of the hand of the seat to act
CARD_PHASES = (PLAY, DISCARD, RAILROAD, EXCHANGE, GIVE, TAKE)
BIDDING_PHASES = (ROUND_ONE, NAME_TRUMP, ROUND_TWO)

SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")

_VERB = {FARMER: "exchange", ROUND_ONE: "bid",
         ROUND_TWO: "bid", NAME_TRUMP: "bid", DISCARD: "discard", ALONE: "declare",
         DEFEND: "defend", RAILROAD: "pass", EXCHANGE: "exchange", ASK: "ask", GIVE: "give", TAKE: "discard",
         PLAY: "play", OVER: "play"}
_PHASE_TEXT = {FARMER: "a farmer's hand may be exchanged with the kitty",
               ROUND_ONE: "round one of the bidding", ROUND_TWO: "round two of the bidding",
               NAME_TRUMP: "the dealer names trump (Joker turned up)",
               DISCARD: "the dealer must discard", ALONE: "the makers may declare alone",
               DEFEND: "defending alone is being offered",
               RAILROAD: "the loner's partner passes the loner a card (railroad)",
               EXCHANGE: "the loner discards a card to take the passed one, or declines it (railroad)",
               ASK: "the loner may ask one partner for a card (six-handed)",
               GIVE: "the asked partner gives the loner a card (six-handed)",
               TAKE: "the loner, holding six cards, discards one (six-handed)",
               PLAY: "the play", OVER: "the hand is over"}

# Plain-list copies of the tables: list indexing is several times faster than numpy scalars.
# (trump 4 is no trump: every suit plain)
_EFF = [[int(x) for x in EFF_SUIT[t]] for t in range(5)]
_POW = [[int(x) for x in POWER_ALL[t]] for t in range(5)]  # every pack's cards (twins: later wins)
_SMASK = [[int(SUIT_MASK[t, s]) for s in range(4)] for t in range(5)]



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


def _is_int(x) -> bool:
    return isinstance(x, (int, np.integer)) and not isinstance(x, bool)


class HandState:
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
        if rules.players != 4:
            hands, up = _deal_short(rules, rng)
            return cls(rules, int(dealer), hands, up, _checked=True)
        hands, ups = random_deals(rules, 1, rng)
        return cls(rules, int(dealer), [int(h) for h in hands[0]], int(ups[0]), _checked=True)

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
            return ["pass"] + [f"ask {p}" for p in partners_of(self.to_act, self._np)]
        if phase in (RAILROAD, EXCHANGE):
            cards = [card_name(c) for c in mask_to_cards(self.hands[self.to_act])]
            return cards if phase == RAILROAD else cards + ["decline"]
        return []

    def why_cannot_defend_alone(self, seat: int) -> str | None:
        """Why ``seat`` may not (now or ever in this hand) defend alone, or ``None`` if it may."""
        if not self.rules.defend_alone:
            return why_no_defend_alone(self.rules, seat, 0, False, False)
        if self.trump is None:
            return "trump has not been made"
        if self.defender_alone is not None and self.defender_alone != seat:
            return f"seat {self.defender_alone} already defends alone"
        return why_no_defend_alone(self.rules, seat, self.maker_seat, self.alone is not None, self._passers[seat])

    def _bid_reason(self, text: str) -> str | None:
        """Reason a normalised call is illegal in the current bidding phase (``None`` if legal)."""
        r, seat, phase = self.rules, self.to_act, self.phase
        words = text.split()
        if text.endswith(" alone") and why_no_alone(r) is not None:
            return why_no_alone(r)
        if phase == ROUND_ONE:
            if text == "pass":
                return None
            if text not in ("order", "order alone"):
                return "in round one the calls are pass, order and order alone"
            if text == "order" and order_must_go_alone(r, seat, self.dealer):
                return "the dealer's partner may order up only by going alone (Canadian loner)"
            if text == "order alone" and not may_call_alone(r, seat, 1, self.dealer):
                return _ALONE_LATER
            if not may_take_up(r, seat, self.hands[seat], self._r1_suit, self.dealer):
                return (f"the dealer holds no {SUIT_WORDS[self._r1_suit]} and may not take it up "
                        "(dealer_needs_trump)")
            return None
        if phase == NAME_TRUMP:
            if text == "pass":
                return "the dealer must name trump when the Joker is turned up"
            if text.endswith(" alone") and not joker_up_makes_trump(r):
                return "the dealer only names the suit of round one (Almonte): no one is alone yet"
            if text.endswith(" alone") and not alone_with_the_call(r):
                return _ALONE_LATER
        elif text == "pass":
            if not may_pass(r, seat, 2, self.dealer):
                return "the dealer may not pass in round two (stick the dealer)"
            return None
        if not words or len(words) > 2 or (len(words) == 2 and words[1] != "alone"):
            return "expected pass or a suit letter (s, h, d, c), optionally followed by ' alone'"
        try:
            suit = parse_trump(words[0])
        except InvalidCardError:
            return "expected pass or a suit letter (s, h, d, c), optionally followed by ' alone'"
        if suit == NO_TRUMP_INDEX:  # (never the Joker's naming: no_trump is refused with a Joker deck)
            return why_no_no_trump(r, 2)
        if phase == ROUND_TWO and suit == self._r1_suit:
            return f"{SUIT_WORDS[suit]} was turned down; in round two name another suit"
        if phase == ROUND_TWO and len(words) == 2 and not may_call_alone(r, seat, 2, self.dealer):
            return _ALONE_LATER
        return None

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
            partners = partners_of(actor, self._np)
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

    def _farmer_reason(self, action, text: str):
        """``(kind, mask)`` of a farmer's answer (``"pass"`` or ``"farmer C1 C2 C3"``), or raise."""
        actor = self.to_act
        if text == "pass":
            return "pass", None
        words = text.split()
        if not words or words[0] != "farmer" or len(words) != 1 + FARMER_CARDS:
            raise IllegalActionError(actor, action, "expected pass or farmer and three nines or tens", "exchange")
        mask = 0
        allowed = farmer_cards(self.rules, self.hands[actor])
        for w in words[1:]:
            try:
                card = parse_card(w)
            except InvalidCardError as exc:
                raise IllegalActionError(actor, action, str(exc), "exchange") from None
            if not (allowed >> card) & 1:
                why = (f"{card_name(card)} is not a nine or ten of the hand "
                       f"(holds {format_hand(self.hands[actor])})")
                raise IllegalActionError(actor, action, why, "exchange")
            if (mask >> card) & 1:
                raise IllegalActionError(actor, action, f"{card_name(card)} is named twice", "exchange")
            mask |= 1 << card
        return "farmer", mask

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

    def _farm(self, given: int | None) -> None:
        """The seat at the head of the queue passes or gives ``given`` for the kitty's cards under the
        upcard; the first exchange ends the offer, and round one begins."""
        seat = self._farm_queue.pop(0)
        if given is not None:
            kitty = self._deck_mask & ~(sum(self.hands) | (1 << self.upcard))
            self.hands[seat] = (self.hands[seat] & ~given) | kitty
            self.farmer = (seat, given)
            self._farm_queue.clear()
        if self._farm_queue:
            self.to_act = self._farm_queue[0]
        else:
            self.phase, self.to_act = ROUND_ONE, self._succ[self.dealer]

    def _round_one(self, kind: str) -> None:
        seat = self.to_act
        self.bids.append(kind)
        if kind == "pass":
            self._passed[seat] = True
            if seat == self.dealer:
                self.phase = ROUND_TWO
                self._passed = [False] * self._np
                self.to_act = self._succ[self.dealer]
            else:
                self.to_act = self._succ[seat]
            return
        self._make_trump(seat, self._r1_suit, kind == "order alone")
        if not dealer_picks_up(self.rules, self.maker_seat, self.alone is not None, self.dealer):
            self._after_making()  # the dealer sits out and does not take up the upcard
        else:
            self.hands[self.dealer] |= 1 << self.upcard
            self.phase = DISCARD
            self.to_act = self.dealer

    def _pass_round_two(self) -> None:
        seat = self.to_act
        self.bids.append("pass")
        self._passed[seat] = True
        if seat == self.dealer:
            self._throw_in()
        else:
            self.to_act = self._succ[seat]

    def _call(self, suit: int, alone: bool) -> None:
        seat = self.to_act
        self.bids.append(trump_letter(suit) + (" alone" if alone else ""))
        if self.phase == NAME_TRUMP and not joker_up_makes_trump(self.rules):
            self._r1_suit = suit  # Almonte: round one proceeds on the suit the dealer named blind
            self.phase = ROUND_ONE
            self.to_act = self._succ[self.dealer]
            return
        self._make_trump(seat, suit, alone)
        if self.phase == NAME_TRUMP:
            self.hands[self.dealer] |= 1 << self.upcard
            self.phase = DISCARD
            self.to_act = self.dealer
        else:
            self._after_making()

    def _make_trump(self, seat: int, suit: int, alone: bool) -> None:
        self.trump = suit
        self.maker_seat = seat
        self.makers = self._side[seat]
        self._passers = tuple(self._passed)
        if alone:
            self.alone = seat
            for p in partners_of(seat, self._np):
                self.active[p] = False

    def _discard(self, card: int) -> None:
        self.hands[self.dealer] &= ~(1 << card)
        self.discard = card
        self._after_making()

    def _after_making(self) -> None:
        """The steps between making trump (and the dealer's discard) and the lead, in order:
        the makers may declare alone (British timing: maker, then its partner; six-handed, its two
        partners clockwise from the maker), defenders may go alone (from eldest), a railroad
        exchange for each lone player, six-handed's lone maker asks a partner for a card; then play."""
        np_ = self._np
        if self._stage == 0:
            self._stage = 1
            if not alone_with_the_call(self.rules) and self.alone is None:
                m = self.maker_seat
                queue = [s for s in (m, *sorted(partners_of(m, np_), key=lambda p: (p - m) % np_))
                         if why_no_alone_before_lead(self.rules, s, m, self._passers[s]) is None]
                if queue:
                    self._alone_queue = queue
                    self.phase, self.to_act = ALONE, queue[0]
                    return
        if self._stage == 1:
            self._stage = 2
            if self.rules.defend_alone:
                first = (self.dealer + 1) % np_
                queue = [s for s in ((first + k) % np_ for k in range(np_))
                         if (s & 1) != self.makers and self.why_cannot_defend_alone(s) is None]
                if queue:
                    self._defend_queue = queue
                    self.phase, self.to_act = DEFEND, queue[0]
                    return
        if self._stage == 2:
            self._stage = 3
            if railroad_on(self.rules):
                self._railroad_queue = [s for s in (self.alone, self.defender_alone) if s is not None]
            if self._railroad_queue:
                self.phase, self.to_act = RAILROAD, partner_of(self._railroad_queue[0])
                return
        if self._stage == 3:
            self._stage = 4
            if self.alone is not None and loner_asks_partner(self.rules):
                self.phase, self.to_act = ASK, self.alone
                return
        self._start_play()

    def why_cannot_declare_alone(self, seat: int) -> str | None:
        """Why ``seat`` may not declare alone after trump is made (British timing), or ``None``."""
        if self.trump is None:
            return "trump has not been made"
        if self.alone is not None and self.alone != seat:
            return f"seat {self.alone} already plays alone"
        return why_no_alone_before_lead(self.rules, seat, self.maker_seat, self._passers[seat])

    def _declare_alone(self, alone: bool) -> None:
        self._answer(self._alone_queue, alone, "alone")

    def _defend(self, alone: bool) -> None:
        self._answer(self._defend_queue, alone, "defender_alone")

    def _answer(self, queue: list[int], alone: bool, attr: str) -> None:
        """The seat at the head of ``queue`` answers whether it goes alone (stored in ``attr``); the
        first to accept ends the asking, and then the hand moves to its next step."""
        seat = queue.pop(0)
        if alone:
            setattr(self, attr, seat)
            for p in partners_of(seat, self._np):
                self.active[p] = False
            queue.clear()
        if queue:
            self.to_act = queue[0]
        else:
            self._after_making()

    def _railroad_pass(self, card: int) -> None:
        """The sitting-out partner passes ``card`` face down to the loner."""
        self.hands[self.to_act] &= ~(1 << card)
        self._offered = card
        self.phase, self.to_act = EXCHANGE, self._railroad_queue[0]

    def _railroad_take(self, discard: int | None) -> None:
        """The loner, without looking, discards ``discard`` and takes the passed card, or declines it."""
        loner = self._railroad_queue.pop(0)
        if discard is not None:
            self.hands[loner] = (self.hands[loner] & ~(1 << discard)) | (1 << self._offered)
        self.railroad.append((loner, self._offered, discard))
        self._offered = -1
        if self._railroad_queue:
            self.phase, self.to_act = RAILROAD, partner_of(self._railroad_queue[0])
        else:
            self._after_making()

    def _ask(self, partner: int | None) -> None:
        """The loner asks ``partner`` for a card, or (None) plays with the cards dealt."""
        if partner is None:
            self._after_making()
            return
        self.asked = [self.to_act, partner, -1, -1]
        self.phase, self.to_act = GIVE, partner

    def _give(self, card: int) -> None:
        """The asked partner gives the loner ``card``; the loner then holds six and must discard."""
        self.hands[self.to_act] &= ~(1 << card)
        loner = self.asked[0]
        self.hands[loner] |= 1 << card
        self.asked[2] = card
        self.phase, self.to_act = TAKE, loner

    def _take(self, card: int) -> None:
        """The loner discards ``card`` (the given card itself may go)."""
        self.hands[self.to_act] &= ~(1 << card)
        self.asked[3] = card
        self._after_making()

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


_ALONE_LATER = ("under these rules alone is declared after trump is made, before the lead "
                "(alone_declared is before_lead)")


def _first_copies_first(cards: list[int]) -> list[int]:
    """``cards`` with each pair of identical copies numbered in order of appearance: the first one
    named is the first copy, as text reads a deal (the copies are the same card, so a uniform deal
    stays uniform)."""
    out, seen = [], set()
    for c in cards:
        face = card_face(c)
        out.append(face if face not in seen else card_twin(face))
        seen.add(face)
    return out


def _canonical_copy(card: int, hand: int) -> int:
    """The copy of ``card`` the state machine moves: a hand holding both identical copies of a card
    of the doubled pack gives up the first (either is the same play; one rule keeps records
    replaying to the same cards)."""
    face = card_face(card)
    return face if face != card and (hand >> face) & 1 else card


def _looks_like_card(text: str) -> bool:
    try:
        parse_card(text)
    except InvalidCardError:
        return False
    return True


def _check_deal(rules: Rules, dealer, hands, upcard):
    """Validate and normalise a deal: ``(dealer, [masks], upcard)``."""
    np_ = rules.players
    if not (_is_int(dealer) and 0 <= dealer < np_):
        raise InconsistentDealError(f"dealer must be a seat 0-{np_ - 1}, got {dealer!r}")
    deck = rules.deck_obj
    n = rules.hand_size
    if isinstance(hands, (str, bytes)) or len(hands) != np_:
        game = "" if np_ == 4 else f" ({GAME_NAMES[np_]})"
        raise InconsistentDealError(f"expected {_COUNT_WORDS[np_]} hands{game}, got {hands!r}")
    masks = []
    named = 0  # cards named so far: in the doubled pack a card named again is its second copy
    for s, h in enumerate(hands):
        if _is_int(h):
            m = int(h)
            if m < 0 or m >> NUM_CARDS_ALL:
                raise InconsistentDealError(f"hand of seat {s}: {h!r} is not a card bitmask")
            bad = m & ~deck.mask
            if bad:
                low = (bad & -bad).bit_length() - 1
                raise InconsistentDealError(
                    f"hand of seat {s}: {card_name(low)} is not in the {deck.label}-card deck")
        else:
            try:
                m = parse_hand(h, deck, taken=named)
            except InvalidCardError as exc:
                raise InconsistentDealError(f"hand of seat {s}: {exc}") from None
        if m.bit_count() != n:
            raise InconsistentDealError(
                f"hand of seat {s} has {m.bit_count()} cards ({format_hand(m)}); expected {n}")
        masks.append(m)
        named |= m
    if _is_int(upcard):
        up = int(upcard)
        if not 0 <= up < NUM_CARDS_ALL or not (deck.mask >> up) & 1:
            raise InconsistentDealError(f"upcard {upcard!r} is not a card of the {deck.label}-card deck")
    else:
        try:
            up = parse_card(upcard, deck)
            if deck.doubled and (named >> up) & 1:
                up = parse_cards(str(upcard), deck, size=1, taken=named)[0]
        except InvalidCardError as exc:
            raise InconsistentDealError(f"upcard: {exc}") from None
    seen = 1 << up
    for s, m in enumerate(masks):
        both = seen & m
        if both:
            low = (both & -both).bit_length() - 1
            where = "the upcard" if low == up else "another hand"
            raise InconsistentDealError(f"{card_name(low)} is dealt twice: to seat {s} and {where}")
        seen |= m
    return int(dealer), masks, up


_COUNT_WORDS = {2: "two", 3: "three", 4: "four", 6: "six"}


def _deal_short(rules: Rules, rng: np.random.Generator) -> tuple[list[int], int]:
    """A uniform deal for two, three or six players: the deck shuffled by ``rng``, ``hand_size`` cards
    to each seat in turn, the next card turned up (the rest of the kitty stays face down).

    It lives here rather than in ``sampling.deals`` (whose deals are four-handed) only until that
    module takes a player count; the four-handed game never comes here."""
    cards = rng.permutation(np.array(rules.deck_obj.cards, dtype=np.int64)).tolist()
    h = rules.hand_size
    if rules.deck_obj.doubled:  # identical copies: the first named (seat by seat, then the upcard) is the first copy
        cards = _first_copies_first(cards[:rules.players * h + 1]) + cards[rules.players * h + 1:]
    hands = []
    for s in range(rules.players):
        m = 0
        for c in cards[s * h:(s + 1) * h]:
            m |= 1 << c
        hands.append(m)
    return hands, int(cards[rules.players * h])


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
