"""Players for the hand state machine: a random legal policy and a point-count one.

A policy is a callable ``policy(state) -> action`` for the seat ``state.to_act`` of a
:class:`~euchre_stats.game.state.HandState`; during the discard and the play it may answer with a card
number instead of a string.  Randomness comes only from the ``numpy.random.Generator`` passed in;
nothing here touches global random state.

The point-count policy rests on :func:`policy_hand_points`, a simple fixed point count of a hand for a
given trump.  It is *not* the bidding model's count (:func:`euchre_stats.bidding.model.strength_of`,
tuned by self-play and used by every analysis): it only drives these test and demonstration
players of the exact game, and its weights stay fixed so their games stay reproducible.  Under
``no_trump`` it also counts a hand for no trump (:func:`no_trump_points`) and calls it in round
two against ``call_no_trump`` (chosen by ``benchmarks/no_trump_calls.py``, docs/rules.md).
"""

from __future__ import annotations

import numpy as np

from ..core.cards import JOKER, NUM_CARDS_ALL, RED_JOKER, card_rank, mask_to_cards
from ..core.errors import SolveInputError
from ..core.seats import partners_of
from ..core.trump import EFF_SUIT, POWER_ALL, SUIT_MASK
from .state import (ALONE, ASK, DEFEND, DISCARD, EXCHANGE, FARMER, GIVE, NAME_TRUMP, PLAY, RAILROAD, ROUND_ONE,
                    ROUND_TWO, TAKE, HandState)

# (trump 4 is no trump: every suit plain)
_EFF = [[int(x) for x in EFF_SUIT[t]] for t in range(5)]
_POW = [[int(x) for x in POWER_ALL[t]] for t in range(5)]  # every pack's cards (the doubled pack's too)
_RANK = [card_rank(c) for c in range(NUM_CARDS_ALL)]  # a twin has its first copy's rank
_JOKERS = (JOKER, RED_JOKER)
_SMASK = [[int(SUIT_MASK[t, s]) for s in range(4)] for t in range(5)]

#: Points of :func:`policy_hand_points`, by the card's place under trump.
POLICY_POINTS = {
    "joker": 3.5,         # the Joker (Benny), best trump
    "right": 3.0,         # right bower
    "left": 2.5,          # left bower
    "trump_ace": 2.0,
    "trump_king": 1.75,
    "trump_other": 1.5,   # Q, T, 9, 8, 7 of trump
    "off_ace": 1.0,       # ace of a plain suit
    "off_king": 0.25,     # king of a plain suit
    "void": 0.5,          # each plain suit missing, counted only with at least two trumps
}

#: Bidding thresholds for a five-card hand (scaled by ``hand_size / 5`` for other sizes).
THRESHOLDS = {
    "order_opponent": 7.0,   # eldest or third ordering the upcard into the dealer's hand
    "assist": 6.5,           # dealer's partner ordering up
    "take_up": 6.0,          # dealer taking up (counted after the best discard)
    "call": 6.5,             # naming a suit in round two
    "call_no_trump": 4.0,    # calling no trump in round two (no_trump), on no_trump_points (docs/rules.md)
    "alone": 10.0,           # going alone (any round)
    "defend_alone": 9.0,     # defending alone (where the rules offer it)
}


def policy_card_points(card: int, trump: int) -> float:
    """The :data:`POLICY_POINTS` value of one card under ``trump`` (0 for low plain cards)."""
    p = POLICY_POINTS
    if card in _JOKERS:
        return p["joker"]
    if _EFF[trump][card] == trump:
        power = _POW[trump][card]
        if power == 41:
            return p["right"]
        if power == 40:
            return p["left"]
        if power == 39:
            return p["trump_ace"]
        if power == 38:
            return p["trump_king"]
        return p["trump_other"]
    rank = _RANK[card]
    if rank == 7:
        return p["off_ace"]
    if rank == 6:
        return p["off_king"]
    return 0.0


def policy_hand_points(hand_mask: int, trump: int, points: dict | None = None) -> float:
    """Point count of a hand if ``trump`` were trump.

    Joker 3.5, right bower 3, left bower 2.5, ace of trump 2, king of trump 1.75, any other trump
    1.5, a plain ace 1, a plain king 0.25, and 0.5 for each plain suit the hand is void in when
    it holds at least two trumps.  ``points`` may override entries of :data:`POLICY_POINTS`.

    Parameters
    ----------
    hand_mask : int
        Bitmask of the cards (``cards.parse_hand``).
    trump : int
        Suit 0-3 (clubs, diamonds, hearts, spades).
    points : dict, optional
        Replacement weights, keyed like :data:`POLICY_POINTS`.

    Returns
    -------
    float
        The count; about 6-7 makes a reasonable five-card bid, 10 a loner.

    Examples
    --------
    >>> from euchre_stats.core.cards import parse_hand
    >>> policy_hand_points(parse_hand("Jh Jd Ah As Kc"), 2)
    9.25
    """
    if trump not in (0, 1, 2, 3):
        raise SolveInputError(f"trump must be a suit 0..3, got {trump!r}")
    p = POLICY_POINTS if points is None else {**POLICY_POINTS, **points}
    hand_mask = int(hand_mask)
    total = 0.0
    n_trump = 0
    for c in mask_to_cards(hand_mask):
        if c in _JOKERS or _EFF[trump][c] == trump:
            n_trump += 1
            if c in _JOKERS:
                total += p["joker"]
            else:
                power = _POW[trump][c]
                total += (p["right"] if power == 41 else p["left"] if power == 40 else
                          p["trump_ace"] if power == 39 else p["trump_king"] if power == 38 else
                          p["trump_other"])
        else:
            rank = _RANK[c]
            total += p["off_ace"] if rank == 7 else p["off_king"] if rank == 6 else 0.0
    if n_trump >= 2:
        for s in range(4):
            if s != trump and not hand_mask & _SMASK[trump][s]:
                total += p["void"]
    return total


#: Points of :func:`no_trump_points`: tricks in no trump come from a suit's top cards and its length.
NO_TRUMP_POINTS = {
    "top": 2.0,            # each card of a suit's unbroken run from the ace (A, A-K, A-K-Q...)
    "guarded_king": 1.0,   # a king without its ace but with another card of the suit
    "bare_king": 0.25,     # a king alone
    "long": 1.5,           # each card beyond the third of a suit headed by its ace
}


def no_trump_points(hand_mask: int, points: dict | None = None) -> float:
    """Point count of a hand for a no-trump call, on the scale of :func:`policy_hand_points` (about
    2 points a trick): per suit, 2 for each card of the unbroken run from the ace, 1 for a guarded
    king without the ace (0.25 bare), and 1.5 for each card beyond the third of a suit headed by its
    ace.  Jacks are plain cards of their suits.  ``points`` may override :data:`NO_TRUMP_POINTS`.

    Examples
    --------
    >>> from euchre_stats.core.cards import parse_hand
    >>> no_trump_points(parse_hand("As Ks Ah Kc 9c"))
    7.0
    """
    p = NO_TRUMP_POINTS if points is None else {**NO_TRUMP_POINTS, **points}
    hand_mask = int(hand_mask)
    total = 0.0
    for s in range(4):
        held = [(hand_mask >> (8 * s + rank)) & 1 for rank in range(7, -1, -1)]  # A K Q J T 9 8 7
        n = sum(held)
        run = 0
        while run < 8 and held[run]:
            run += 1
        total += p["top"] * run
        if run == 0 and held[1]:
            total += p["guarded_king"] if n >= 2 else p["bare_king"]
        if run >= 1 and n > 3:
            total += p["long"] * (n - 3)
    return total


def best_discard(hand_mask: int, trump: int, allowed: int | None = None) -> int:
    """The card whose discard leaves the strongest hand (ties: the lowest plain card)."""
    allowed = hand_mask if allowed is None else allowed
    best, best_key = -1, None
    for c in mask_to_cards(allowed):
        key = (policy_hand_points(hand_mask & ~(1 << c), trump), -_low_key(c, trump)[0],
               -_low_key(c, trump)[1])
        if best_key is None or key > best_key:
            best, best_key = c, key
    return best


def _low_key(card: int, trump: int) -> tuple[int, int]:
    """Sort key: plain cards before trumps, then by power (lowest first)."""
    return (1 if _EFF[trump][card] == trump else 0, _POW[trump][card])


class RandomPolicy:
    """Uniformly random legal actions from a ``numpy.random.Generator``.

    ``pass_probability`` (optional) makes "pass" a weighted choice whenever it is legal, to
    reach round two, thrown-in hands and defending alone more often than uniform choice does.
    """

    def __init__(self, rng=None, pass_probability: float | None = None):
        self.rng = rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)
        self.pass_probability = pass_probability
        self._buf: list[float] = []

    def _u(self) -> float:
        if not self._buf:
            self._buf = self.rng.random(4096).tolist()
        return self._buf.pop()

    def __call__(self, state: HandState):
        phase = state.phase
        if phase == PLAY or phase == DISCARD:
            cards = mask_to_cards(state.legal_cards())
            return cards[int(self._u() * len(cards))]
        acts = state.legal_actions()
        p = self.pass_probability
        if p is not None and len(acts) > 1 and "pass" in acts:
            if self._u() < p:
                return "pass"
            acts = [a for a in acts if a != "pass"]
        return acts[int(self._u() * len(acts))]


class PointCountPolicy:
    """The point-count player: a fixed point count of the hand against thresholds, and rules of thumb in play.

    Bidding: :func:`policy_hand_points` against :data:`THRESHOLDS` (scaled by ``hand_size / 5``).  In
    round one the dealer counts the upcard (after the best discard), the dealer's partner adds half
    the upcard's value, the opponents subtract half of it.  In round two the best other suit is
    named if strong enough (always when stuck).  Go alone at the ``alone`` threshold (with the call,
    or when asked before the lead).  Over a Joker upcard the dealer names the first suit, clubs:
    the naming is blind.  Railroad: pass the best card; take it, discarding the weakest.
    Six-handed: the loner always asks the first partner on its left for a card (a card it may
    throw back costs nothing), the partner gives its best, and the loner discards its weakest.
    The dealer's partners (one in the four-handed game, two in six-handed) count the upcard as an
    assist.
    The dealer discards the card that leaves the strongest hand.  A farmer's hand exchanges the first three
    of its nines and tens in card order (clubs first).

    Play: the making side leads its highest trump while holding any, otherwise an off-suit ace,
    otherwise its lowest card.  When following: if the partner is winning, throw the lowest legal
    card; otherwise win as cheaply as possible, else throw the lowest legal card.  In the two- and
    three-handed games nobody has a partner (the dealer's partner's assist is a four-handed count).
    """

    def __init__(self, thresholds: dict | None = None, points: dict | None = None):
        self.thresholds = {**THRESHOLDS, **(thresholds or {})}
        self.points = points

    def _t(self, state: HandState, name: str) -> float:
        return self.thresholds[name] * state.rules.hand_size / 5

    def __call__(self, state: HandState):
        phase = state.phase
        if phase == PLAY:
            return self._play(state)
        if phase == DISCARD:
            return best_discard(state.hands[state.dealer], state.trump, state.legal_cards())
        legal = state.legal_actions()
        if phase == ROUND_ONE:
            return self._round_one(state, legal)
        if phase == FARMER:  # a farmer's hand: give three nines and tens for the kitty's
            return legal[1]
        if phase == NAME_TRUMP:  # a Joker up: the dealer names a suit before looking at the hand
            return legal[0]
        if phase == ROUND_TWO:
            return self._round_two(state, legal)
        if phase == DEFEND:
            s = policy_hand_points(state.hands[state.to_act], state.trump, self.points)
            return "defend alone" if s >= self._t(state, "defend_alone") else "pass"
        if phase == ALONE:
            s = policy_hand_points(state.hands[state.to_act], state.trump, self.points)
            return "alone" if s >= self._t(state, "alone") else "pass"
        if phase == ASK:  # ask the first partner on the left: a card the loner may throw back costs nothing
            return legal[1]
        if phase == RAILROAD or phase == GIVE:  # pass the loner the best card
            return max(mask_to_cards(state.hands[state.to_act]), key=lambda c: (_EFF[state.trump][c] == state.trump,
                                                                             _POW[state.trump][c]))
        if phase == EXCHANGE or phase == TAKE:  # take it, discarding the weakest card
            return min(mask_to_cards(state.hands[state.to_act]), key=lambda c: _low_key(c, state.trump))
        return legal[0]

    def _round_one(self, state: HandState, legal: list[str]) -> str:
        seat, dealer, up = state.to_act, state.dealer, state.upcard
        suit = state.round_one_suit
        hand = state.hands[seat]
        up_value = policy_card_points(up, suit)
        if seat == dealer:
            with_up = hand | (1 << up)
            s = policy_hand_points(with_up & ~(1 << best_discard(with_up, suit)), suit, self.points)
            need = self._t(state, "take_up")
        elif seat in partners_of(dealer, state.players):
            s = policy_hand_points(hand, suit, self.points) + up_value / 2
            need = self._t(state, "assist")
        else:
            s = policy_hand_points(hand, suit, self.points) - up_value / 2
            need = self._t(state, "order_opponent")
        if s >= self._t(state, "alone") and "order alone" in legal:
            return "order alone"
        if s >= need and "order" in legal:
            return "order"
        return "pass"

    def _round_two(self, state: HandState, legal: list[str]) -> str:
        """The best suit by :func:`policy_hand_points`, or no trump (when legal) if
        :func:`no_trump_points` passes ``call_no_trump`` by more than the suit passes ``call``."""
        hand = state.hands[state.to_act]
        calls = [a for a in legal if a not in ("pass", "n") and not a.endswith("alone")]
        if not calls and "n" not in legal:
            return "pass"
        best, margin, s = None, float("-inf"), 0.0
        if calls:
            best = max(calls, key=lambda a: policy_hand_points(hand, "cdhs".index(a), self.points))
            s = policy_hand_points(hand, "cdhs".index(best), self.points)
            margin = s - self._t(state, "call")
        if "n" in legal:
            nt = no_trump_points(hand)
            if best is None or nt - self._t(state, "call_no_trump") > margin:
                best, margin = "n", nt - self._t(state, "call_no_trump")
                s = nt  # alone at the same ``alone`` threshold on the no-trump count
        if s >= self._t(state, "alone") and best + " alone" in legal:
            return best + " alone"
        if margin >= 0 or "pass" not in legal:
            return best
        return "pass"

    def _play(self, state: HandState) -> int:
        t = state.trump
        seat = state.to_act
        legal = mask_to_cards(state.legal_cards())
        trick = state.current_trick
        if not trick:
            trumps = [c for c in legal if _EFF[t][c] == t]
            if trumps and state.side_of(seat) == state.makers:
                return max(trumps, key=lambda c: _POW[t][c])
            aces = [c for c in legal if _EFF[t][c] != t and _RANK[c] == 7]
            if aces:
                return aces[0]
            return min(legal, key=lambda c: _low_key(c, t))
        led = state.led_suit
        best_key, best_seat = -1, -1
        for s, c in trick:
            e = _EFF[t][c]
            key = _POW[t][c] if (e == t or e == led) else -1
            if key >= 0 and key >= best_key:  # of two identical cards (the doubled pack) the later wins
                best_key, best_seat = key, s
        lowest = min(legal, key=lambda c: _low_key(c, t))
        if best_seat != seat and state.side_of(best_seat) == state.side_of(seat):  # the partner is winning
            return lowest
        winners = [c for c in legal if (_EFF[t][c] == t or _EFF[t][c] == led) and _POW[t][c] >= best_key]
        if winners:
            return min(winners, key=lambda c: _POW[t][c])
        return lowest


__all__ = ["policy_hand_points", "policy_card_points", "no_trump_points", "best_discard", "RandomPolicy",
           "PointCountPolicy", "POLICY_POINTS", "NO_TRUMP_POINTS", "THRESHOLDS"]
