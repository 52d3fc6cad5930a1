"""A bridge to OpenSpiel's ``euchre``: any euchre-stats player acting as an OpenSpiel bot.

OpenSpiel (``pip install euchre-stats[openspiel]``) is imported only inside the functions that need
it.  The pieces:

* :func:`openspiel_rules` maps the project's :class:`~euchre_stats.rules.Rules` onto OpenSpiel's
  game (its parameters ``stick_the_dealer`` and ``allow_lone_defender``; the rest of its game is
  fixed) and refuses options OpenSpiel's game does not have; :func:`rules_of_game` goes the other way.
* :func:`view_from_information` builds a seat's :class:`~euchre_stats.players.view.SeatView` from
  **that seat's OpenSpiel information state only**: its information-state tensor and string and
  its legal actions, plus the one thing OpenSpiel's information state leaves out, the dealer's own
  discard, which the bridge remembers because it chose it.
* :func:`bridge_bot` wraps a player as a ``pyspiel.Bot`` for one seat.

OpenSpiel's conventions, and how the bridge meets them:

* Alone is declared after trump is made (and after the dealer's discard), by the maker only; then,
  with ``allow_lone_defender``, each defender in turn from the dealer's left.  The bridge's views
  carry rules with ``alone_declared="before_lead"`` and the player answers ``alone(view)`` and
  ``defend_alone(view)``.  (The project's own ``before_lead`` also asks the maker's partner;
  OpenSpiel never does.)
* The dealer takes up the upcard whenever it is ordered, even when the maker then goes alone and
  the dealer sits out behind its partner: alone comes after the discard.
* The dealer may not discard the upcard (``dealer_may_discard_upcard=False``).
* Scores: 1 for three or four tricks, 2 for all five (4 alone), 2 for a euchre (4 by a lone
  defender); a hand everyone passes scores 0.  Eldest (the next seat in play) leads.

OpenSpiel's cards are ``rank * 4 + suit`` (ranks 9 T J Q K A, suits c d h s); the project's
``suit * 8 + rank`` (:mod:`euchre_stats.core.cards`); :data:`FROM_OPENSPIEL` and :data:`TO_OPENSPIEL`
translate.  No I/O here.
"""

from __future__ import annotations

import dataclasses
import re

import numpy as np

from ..core.cards import card_name, card_suit, parse_card, trump_letter
from ..core.errors import EuchreStatsError, PlayerMoveError, RulesError
from ..core.trump import trick_winner_index
from ..game.state import ALONE, DEFEND, DISCARD, PLAY, ROUND_ONE, ROUND_TWO
from ..rules import Rules, first_leader
from .base import METHOD_OF_PHASE, action_of
from .view import SeatView

#: OpenSpiel's game name
GAME = "euchre"
#: OpenSpiel's action numbers: pass, the four suits (clubs first), alone, with the partner
PASS, SUIT0, GO_ALONE, WITH_PARTNER = 24, 25, 29, 30
#: OpenSpiel card number -> the project's card number
FROM_OPENSPIEL = tuple((c % 4) * 8 + (c // 4 + 2) for c in range(24))
#: the project's card number -> OpenSpiel's
TO_OPENSPIEL = {card: c for c, card in enumerate(FROM_OPENSPIEL)}
#: the information-state tensor's parts (OpenSpiel's ``euchre.h``)
_DEALER, _UPCARD, _BIDS, _ALONE, _HAND, _TRICKS = 0, 4, 28, 68, 71, 95
_TENSOR_SIZE = 935
_BID_WORDS = re.compile(r"Pass|Order up!|Pick up!|Clubs|Diamonds|Hearts|Spades")
_SUIT_WORDS = ("Clubs", "Diamonds", "Hearts", "Spades")
_INSTALL = "OpenSpiel is not installed: pip install 'euchre-stats[openspiel]' (or pip install open-spiel)"


def pyspiel():
    """The ``pyspiel`` module, or a one-line error saying how to install it."""
    try:
        import pyspiel as _ps
    except ImportError:
        raise EuchreStatsError(_INSTALL) from None
    return _ps


# --- rules -----------------------------------------------------------------------------------------
def openspiel_rules(rules: Rules) -> Rules:
    """The rules OpenSpiel's euchre plays, from ``rules``: its ``stick_the_dealer`` and ``defend_alone``
    (OpenSpiel's ``allow_lone_defender``) kept, alone declared after trump is made, the upcard never
    discarded.  Options OpenSpiel's game does not have are refused (``RulesError``, naming them)."""
    target = Rules(stick_the_dealer=rules.stick_the_dealer, defend_alone=rules.defend_alone,
                   alone_declared="before_lead", dealer_may_discard_upcard=False, game_to=rules.game_to,
                   win_by_two=rules.win_by_two)
    mine = dataclasses.replace(rules, alone_declared="before_lead", dealer_may_discard_upcard=False)
    bad = [f"{f.name}={getattr(mine, f.name)!r}" for f in dataclasses.fields(Rules)
           if getattr(mine, f.name) != getattr(target, f.name)]
    if bad:
        raise RulesError(f"OpenSpiel's euchre has no option for {', '.join(bad)} (it plays four-handed with "
                         "the 24-card deck; only stick_the_dealer and defend_alone map onto it)")
    return target


def openspiel_parameters(rules: Rules) -> dict:
    """OpenSpiel's game parameters for ``rules`` (see :func:`openspiel_rules`)."""
    r = openspiel_rules(rules)
    return {"allow_lone_defender": bool(r.defend_alone), "stick_the_dealer": bool(r.stick_the_dealer)}


def rules_of_game(game) -> Rules:
    """The project's rules of an OpenSpiel ``euchre`` game (its parameters read; defaults as OpenSpiel's)."""
    if game.get_type().short_name != GAME:
        raise RulesError(f"the bridge plays OpenSpiel's {GAME!r}, not {game.get_type().short_name!r}")
    p = game.get_parameters()
    return openspiel_rules(Rules(stick_the_dealer=bool(p.get("stick_the_dealer", True)),
                                 defend_alone=bool(p.get("allow_lone_defender", False))))


def load_game(rules: Rules):
    """OpenSpiel's euchre game for ``rules``."""
    return pyspiel().load_game(GAME, openspiel_parameters(rules))


# --- the view --------------------------------------------------------------------------------------
def _cards(row) -> list[int]:
    return [FROM_OPENSPIEL[c] for c in np.flatnonzero(np.asarray(row) > 0.5)]


def _flag(text: str, what: str) -> bool | None:
    m = re.search(rf"^{what} go alone: (true|false)$", text, re.MULTILINE)
    return None if m is None else m.group(1) == "true"


def view_from_information(tensor, text: str, legal_actions, seat: int, rules: Rules, *, seed: int = 0,
                          discard: int | None = None) -> SeatView:
    """The :class:`SeatView` of ``seat`` from its OpenSpiel information state alone.

    Parameters
    ----------
    tensor, text
        ``state.information_state_tensor(seat)`` and ``state.information_state_string(seat)``.
        (The tensor gives the deal's public part, the bidding, the seat's hand and every trick;
        the string whether the maker and a defender went alone, which the tensor encodes wrongly.)
    legal_actions
        ``state.legal_actions(seat)``: the seat's legal answers now (empty when not to act).
    seat : int
        The seat (OpenSpiel's players 0-3 are the project's seats 0-3).
    rules : Rules
        The game's rules (:func:`rules_of_game`).
    seed : int
        The seat's own random seed for the hand (``SeatView.seed``).
    discard : int, optional
        The dealer's own discard (a project card number), which only the dealer knows and OpenSpiel's
        information state omits: pass it in the dealer's views once it is made.
    """
    t = np.asarray(tensor, dtype=np.float64)
    if t.shape != (_TENSOR_SIZE,):
        raise EuchreStatsError(f"not an OpenSpiel euchre information-state tensor (size {t.size})")
    dealer = int(np.argmax(t[_DEALER:_UPCARD]))
    upcard = _cards(t[_UPCARD:_BIDS])[0]
    # the bidding: the string's calls in turn from eldest (its labels are OpenSpiel's: "Order up!",
    # "Pick up!" or a suit's name for any call); the suit of a round-two call labelled "Pick up!" from
    # the tensor, whose bidding rows hold each pass one place late (so clubs shows as no suit)
    calls = _BID_WORDS.findall(text.split("Bidding:", 1)[1]) if "Bidding:" in text else []
    passes = 0
    while passes < len(calls) and calls[passes] == "Pass":
        passes += 1
    trump = None
    if passes < len(calls):
        word = calls[passes]
        if passes < 4:
            trump = card_suit(upcard)
        elif word in _SUIT_WORDS:
            trump = _SUIT_WORDS.index(word)
        else:
            row = t[_BIDS + 5 * passes:_BIDS + 5 * passes + 4]
            trump = 1 + int(np.argmax(row[1:])) if row[1:].max() > 0.5 else 0
    bidders = [(dealer + 1 + k) % 4 for k in range(passes + (trump is not None))]
    made_in = None if trump is None else (1 if passes < 4 else 2)
    bids = []
    for k, s in enumerate(bidders):
        if k < passes:
            bids.append((s, "pass"))
        else:
            bids.append((s, "order" if made_in == 1 else trump_letter(trump)))
    maker = bidders[-1] if trump is not None else None
    hand = 0
    for c in _cards(t[_HAND:_TRICKS]):
        hand |= 1 << c
    # who is alone: the string for the maker (the tensor's bit says only that the maker has answered),
    # the tensor's defender bits once trump is made, when the string says a defender went alone
    maker_said = _flag(text, "Declarer")
    alone = maker if maker_said else None
    defender_alone = None
    if trump is not None and _flag(text, "Defender"):
        defender_alone = (maker + 1) % 4 if t[_ALONE + 1] > 0.5 else (maker + 3) % 4
    active = [True] * 4
    for loner in (alone, defender_alone):
        if loner is not None:
            active[(loner + 2) % 4] = False
    # the tricks, in play order: a trick's slots run from its leader round the table (N E S W N E S)
    plays: list[tuple[int, int]] = []
    winners: list[int] = []
    per_trick = sum(active)
    trick: tuple = ()
    for i in range(5):
        block = t[_TRICKS + i * 168:_TRICKS + (i + 1) * 168].reshape(7, 24)
        cards = [(slot % 4, FROM_OPENSPIEL[int(np.argmax(block[slot]))])
                 for slot in range(7) if block[slot].max() > 0.5]
        if not cards:
            break
        plays += cards
        if len(cards) == per_trick:
            winners.append(cards[trick_winner_index([c for _, c in cards], trump)][0])
        else:
            trick = tuple(cards)
    legal_set = set(int(a) for a in legal_actions)
    # the decision asked: told apart by the legal actions and what the seat knows
    if not legal_set:
        phase = PLAY if trump is not None else (ROUND_ONE if passes < 4 else ROUND_TWO)
    elif legal_set <= {PASS, SUIT0, SUIT0 + 1, SUIT0 + 2, SUIT0 + 3}:
        phase = ROUND_ONE if passes < 4 else ROUND_TWO
    elif legal_set <= {GO_ALONE, WITH_PARTNER}:
        phase = ALONE if maker_said is None else DEFEND
    elif made_in == 1 and seat == dealer and hand.bit_count() == 6:
        phase = DISCARD
    else:
        phase = PLAY
    picked_up = made_in == 1
    discarded = picked_up and phase != DISCARD
    sizes = []
    for s in range(4):
        n = 5 + (1 if s == dealer and picked_up and not discarded else 0)
        sizes.append(n - sum(1 for p, _ in plays if p == s))
    sizes[seat] = hand.bit_count()
    gone = 0
    if not picked_up and (trump is not None or passes >= 4):
        gone |= 1 << upcard  # turned down, in everyone's sight
    own_discard = None
    if seat == dealer and discarded and discard is not None:
        own_discard = int(discard)
        gone |= 1 << own_discard
    if plays or phase == PLAY and legal_set:
        leader = trick[0][0] if trick else (winners[-1] if winners else first_leader(rules, dealer, alone,
                                                                                   defender_alone))
    else:
        leader = None
    if phase in (DISCARD, PLAY) and legal_set:
        legal_cards = 0
        for a in legal_set:
            legal_cards |= 1 << FROM_OPENSPIEL[a]
        legal = tuple(card_name(c) for c in sorted(FROM_OPENSPIEL[a] for a in legal_set))
    else:
        legal_cards = 0
        if phase == ALONE:
            legal = ("pass", "alone") if legal_set else ()
        elif phase == DEFEND:
            legal = ("pass", "defend alone") if legal_set else ()
        else:
            legal = tuple(("pass" if a == PASS else "order" if phase == ROUND_ONE else trump_letter(a - SUIT0))
                          for a in sorted(legal_set))
    return SeatView(
        rules=rules, seat=int(seat), dealer=dealer, phase=phase, hand=hand, hand_sizes=tuple(sizes),
        upcard=upcard, upcard_taken=picked_up, round_one_suit=card_suit(upcard), bids=tuple(bids),
        discard=own_discard, known_gone=gone, trump=trump, maker_seat=maker, made_in=made_in, alone=alone,
        defender_alone=defender_alone, active=tuple(active), plays=tuple(plays), trick=trick, trick_leader=leader,
        trick_winners=tuple(winners), score=(0, 0), legal=legal, legal_cards=legal_cards, seed=int(seed))


def seat_information(state, seat: int) -> tuple:
    """``(tensor, text, legal actions)``: all that the bridge reads of an OpenSpiel state, for ``seat``."""
    return (state.information_state_tensor(seat), state.information_state_string(seat),
            state.legal_actions(seat))


def action_for(view: SeatView, answer, name: str = "player") -> int:
    """OpenSpiel's action for a player's ``answer`` to ``view`` (checked against ``view.legal``).

    Raises
    ------
    PlayerMoveError
        The answer is not one of the view's legal choices (naming the player, its seat and the move).
    """
    a = action_of(view, answer)
    method = METHOD_OF_PHASE[view.phase]

    def illegal(why: str) -> PlayerMoveError:
        return PlayerMoveError(f"player {name!r} (seat {view.seat}) made an illegal move {a!r} at {method} "
                               f"(OpenSpiel euchre): {why}")

    if view.phase in (DISCARD, PLAY):
        try:
            card = int(a) if isinstance(a, (int, np.integer)) and not isinstance(a, bool) else parse_card(str(a))
        except EuchreStatsError as exc:
            raise illegal(str(exc)) from None
        if not (view.legal_cards >> card) & 1:
            raise illegal(f"not one of {' '.join(view.legal)}")
        return TO_OPENSPIEL[card]
    text = str(a).strip().lower()
    if text not in view.legal:
        raise illegal(f"not one of {', '.join(view.legal)}")
    if view.phase in (ALONE, DEFEND):
        return WITH_PARTNER if text == "pass" else GO_ALONE
    if text == "pass":
        return PASS
    if text == "order":
        return SUIT0 + card_suit(view.upcard)
    return SUIT0 + "cdhs".index(text)


# --- the bot ---------------------------------------------------------------------------------------
_BOT_CLASS = None


def _bot_class():
    """``BridgeBot``, a ``pyspiel.Bot`` subclass, made on first use (so that OpenSpiel loads only then)."""
    global _BOT_CLASS
    if _BOT_CLASS is not None:
        return _BOT_CLASS
    ps = pyspiel()

    class BridgeBot(ps.Bot):
        """A euchre-stats player in one seat of OpenSpiel's euchre (see :func:`bridge_bot`)."""

        def __init__(self, player, seat: int, rules: Rules, seed: int, name: str):
            ps.Bot.__init__(self)
            self.player, self.seat, self.rules, self.name = player, int(seat), rules, name
            self.seed = int(seed)
            self._hand_no = 0
            self._discard = None  # (the dealer's hand after its discard, the card)

        def view(self, state) -> SeatView:
            """This seat's view of ``state``, from its information state only."""
            tensor, text, legal = seat_information(state, self.seat)
            return self._view(tensor, text, legal)

        def _view(self, tensor, text, legal) -> SeatView:
            mine = None
            if self._discard is not None:
                after, card = self._discard
                v0 = view_from_information(tensor, text, legal, self.seat, self.rules)
                held = v0.hand | sum(1 << c for s, c in v0.plays if s == self.seat)
                if held == after:  # the same hand: this is the discard this bot made
                    mine = card
            seed = self.seed if self._hand_no == 0 else int(
                np.random.SeedSequence([self.seed, self._hand_no]).generate_state(1)[0])
            return view_from_information(tensor, text, legal, self.seat, self.rules, seed=seed, discard=mine)

        def step(self, state):
            if state.current_player() != self.seat:
                raise PlayerMoveError(f"player {self.name!r} sits in seat {self.seat}, but seat "
                                      f"{state.current_player()} is to act")
            view = self._view(*seat_information(state, self.seat))
            method = METHOD_OF_PHASE[view.phase]
            try:
                answer = getattr(self.player, method)(view)
            except EuchreStatsError:
                raise
            except Exception as exc:
                raise PlayerMoveError(f"player {self.name!r} (seat {self.seat}) raised {type(exc).__name__} at "
                                      f"{method} (OpenSpiel euchre): {' '.join(str(exc).split())}") from None
            action = action_for(view, answer, self.name)
            if view.phase == DISCARD:
                card = FROM_OPENSPIEL[action]
                self._discard = (view.hand & ~(1 << card), card)
            return action

        def restart(self):
            """A new hand: forget the last discard, move to the next hand's seed."""
            self._discard = None
            self._hand_no += 1

        def restart_at(self, state):
            self.restart()

        def inform_action(self, state, player_id, action):
            pass

        def provides_force_action(self):
            return False

        def provides_policy(self):
            return False

    _BOT_CLASS = BridgeBot
    return BridgeBot


def bridge_bot(game, player, seat: int, *, seed: int = 0, name: str | None = None):
    """A ``pyspiel.Bot`` playing ``player`` (a spec or a player object) in ``seat`` of ``game``, OpenSpiel's
    euchre: at each of its turns it builds the seat's view from the seat's information state
    (:func:`view_from_information`), asks the player, checks the answer and returns OpenSpiel's
    action.  ``seed`` is the view's seed for the first hand (each ``restart()`` moves to another)."""
    from .load import load_player

    if getattr(player, "sees_all", False):
        raise PlayerMoveError(f"player {name or getattr(player, 'name', player)!r} sees every card: it cannot sit "
                              "at OpenSpiel's table, where a seat sees only its information state")
    obj = load_player(player)
    if getattr(obj, "sees_all", False):
        raise PlayerMoveError(f"player {player!r} sees every card: it cannot sit at OpenSpiel's table, where a "
                              "seat sees only its information state")
    rules = rules_of_game(game)
    prepare = getattr(obj, "prepare", None)
    if callable(prepare):
        prepare(rules)
    label = name or (player if isinstance(player, str) else str(getattr(obj, "name", type(obj).__name__)))
    return _bot_class()(obj, seat, rules, seed, label)


__all__ = ["GAME", "FROM_OPENSPIEL", "TO_OPENSPIEL", "openspiel_rules", "openspiel_parameters", "rules_of_game",
           "load_game", "view_from_information", "seat_information", "action_for", "bridge_bot", "pyspiel"]
