"""The auction of a hand of the state machine and everything before the lead.

The farmer's exchange, the two rounds of bidding (and the dealer's naming over a Joker), the
dealer's discard, then in order the steps between making trump and the lead: declaring alone
(British timing), defending alone, the railroad exchange, six-handed's ask.  :class:`Auction` is
mixed into :class:`~euchre_stats.game.state.HandState`: its methods read and set the hand's slots
and are called by ``HandState.apply`` once an action is checked.  The legality of a call
(:meth:`Auction._bid_reason`) is the rules' functions, named in each refusal.  No I/O here.
"""

from __future__ import annotations

from ..core.cards import NO_TRUMP_INDEX, card_name, format_hand, parse_card, parse_trump, trump_letter
from ..core.errors import IllegalActionError, InvalidCardError
from ..rules import (FARMER_CARDS, alone_with_the_call, dealer_picks_up, farmer_cards, joker_up_makes_trump,
                     lone_defence_possible, loner_asks_partner, may_call_alone, may_pass, may_take_up,
                     order_must_go_alone, railroad_on, why_no_alone, why_no_alone_before_lead, why_no_defend_alone,
                     why_no_no_trump)
from .phases import (ALONE, ASK, DEFEND, DISCARD, EXCHANGE, GIVE, NAME_TRUMP, RAILROAD, ROUND_ONE, ROUND_TWO,
                     SUIT_WORDS, TAKE)

_ALONE_LATER = ("under these rules alone is declared after trump is made, before the lead "
                "(alone_declared is before_lead)")


class Auction:
    """The steps of a :class:`~euchre_stats.game.state.HandState` before the lead (a mixin: no state
    of its own)."""

    __slots__ = ()

    def why_cannot_defend_alone(self, seat: int) -> str | None:
        """Why ``seat`` may not (now or ever in this hand) defend alone, or ``None`` if it may."""
        if not lone_defence_possible(self.rules):
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
            for p in self.rules.seating.partners(seat):
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
                queue = [s for s in (m, *sorted(self.rules.seating.partners(m), key=lambda p: (p - m) % np_))
                         if why_no_alone_before_lead(self.rules, s, m, self._passers[s]) is None]
                if queue:
                    self._alone_queue = queue
                    self.phase, self.to_act = ALONE, queue[0]
                    return
        if self._stage == 1:
            self._stage = 2
            if lone_defence_possible(self.rules):
                first = (self.dealer + 1) % np_
                queue = [s for s in ((first + k) % np_ for k in range(np_))
                         if self._side[s] != self.makers and self.why_cannot_defend_alone(s) is None]
                if queue:
                    self._defend_queue = queue
                    self.phase, self.to_act = DEFEND, queue[0]
                    return
        if self._stage == 2:
            self._stage = 3
            if railroad_on(self.rules):
                self._railroad_queue = [s for s in (self.alone, self.defender_alone) if s is not None]
            if self._railroad_queue:
                self.phase, self.to_act = RAILROAD, self.rules.seating.partners(self._railroad_queue[0])[0]
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
            for p in self.rules.seating.partners(seat):
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
            self.phase, self.to_act = RAILROAD, self.rules.seating.partners(self._railroad_queue[0])[0]
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
