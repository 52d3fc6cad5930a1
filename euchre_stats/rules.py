"""The rules model: one frozen :class:`Rules` dataclass, the named presets, and
the trump-dependent rule functions (legal plays, trick winner, hand score, who leads).

Every regional difference in ``shared/RULES.md`` is a field here, never a
hard-coded choice elsewhere.  No I/O in this module.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .cards import JOKER
from .decks import Deck, find_deck
from .tables import EFF_SUIT, POWER, SUIT_MASK


class RulesError(ValueError):
    """Inconsistent or unknown rule options."""


LEAD_CHOICES = ("eldest", "left_of_loner")
GAME_TARGETS = (5, 7, 10, 11, 15)


@dataclass(frozen=True)
class Rules:
    """Every rule option the project models.  The defaults are the North American rules.

    Field names are also the keys of a rules object in JSON (``Rules.from_json``).
    """

    #: deck variant: "24", "25" (Joker), "28", "32" or "33" (Joker)
    deck: str = "24"
    #: cards dealt to each player
    hand_size: int = 5
    #: the dealer may not pass in round two
    stick_the_dealer: bool = False
    #: a dealer's partner who orders up in round one must play alone
    canadian_loner: bool = False
    #: a defender may go alone against a lone maker
    defend_alone: bool = False
    #: points to the defenders when a lone defender euchres the makers
    lone_defender_points: int = 4
    #: makers taking no trick at all give the defenders 4 points
    super_euchre: bool = False
    #: the dealer who takes up the upcard may discard that same card
    dealer_may_discard_upcard: bool = True
    #: the dealer may take up the upcard on their own only when holding a trump (left bower not counted)
    dealer_needs_trump: bool = False
    #: a player who passed in the round in which trump was made may not go alone (defend alone)
    passer_may_not_go_alone: bool = False
    #: a Joker turned up: the dealer's side are makers at once and the dealer names trump
    #: (when off, a Joker upcard throws the hand in and the deal passes)
    joker_upcard_rule: bool = False
    #: who leads when someone is alone: "eldest" (the next active seat from eldest) or
    #: "left_of_loner" (the seat left of the lone player; the defender with two loners)
    lead_after_alone: str = "eldest"
    #: points that win the game
    game_to: int = 10
    #: the winner must lead by two points
    win_by_two: bool = False

    def __post_init__(self):
        try:
            d = find_deck(self.deck)
        except ValueError as exc:
            raise RulesError(str(exc)) from None
        object.__setattr__(self, "deck", d.label)
        for name in ("stick_the_dealer", "canadian_loner", "defend_alone", "super_euchre",
                     "dealer_may_discard_upcard", "dealer_needs_trump",
                     "passer_may_not_go_alone", "joker_upcard_rule", "win_by_two"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"rule {name} must be true or false, got {getattr(self, name)!r}")
        if not isinstance(self.hand_size, int) or not 1 <= self.hand_size <= d.max_hand_size():
            raise RulesError(
                f"hand_size {self.hand_size!r} does not fit the {d.label}-card deck "
                f"(1..{d.max_hand_size()})"
            )
        if self.lead_after_alone not in LEAD_CHOICES:
            raise RulesError(
                f"lead_after_alone {self.lead_after_alone!r}: expected one of {', '.join(LEAD_CHOICES)}"
            )
        if self.game_to not in GAME_TARGETS:
            raise RulesError(f"game_to {self.game_to!r}: expected one of 5, 7, 10, 11, 15")
        if not isinstance(self.lone_defender_points, int) or self.lone_defender_points < 1:
            raise RulesError(f"lone_defender_points must be a positive whole number, got "
                             f"{self.lone_defender_points!r}")

    # --- derived -----------------------------------------------------------
    @property
    def deck_obj(self) -> Deck:
        """The :class:`~euchre_stats.decks.Deck` these rules use."""
        return find_deck(self.deck)

    @property
    def tricks_to_make(self) -> int:
        """Tricks the makers need (3 of 5; a majority in general)."""
        return self.hand_size // 2 + 1

    def replace(self, **changes) -> "Rules":
        """A copy with some options changed (validated)."""
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise RulesError(f"unknown rule option {sorted(unknown)[0]!r}")
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict:
        """Plain dict of every option (the JSON form)."""
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, value) -> "Rules":
        """Rules from a preset name or a dict of options (missing ones take the north-american default)."""
        if isinstance(value, Rules):
            return value
        if isinstance(value, str):
            return preset(value)
        if isinstance(value, Mapping):
            known = {f.name for f in dataclasses.fields(cls)}
            bad = [k for k in value if k not in known]
            if bad:
                raise RulesError(f"unknown rule option {bad[0]!r}")
            return cls(**dict(value))
        raise RulesError(f"rules must be a preset name or an object of options, got {value!r}")

    def describe(self) -> str:
        """One readable line per option that differs from north-american, or the preset name."""
        for name, r in PRESETS.items():
            if r == self:
                return f"{name}: " + _describe_fields(self)
        return "custom: " + _describe_fields(self)


def _describe_fields(r: Rules) -> str:
    parts = [f"{r.deck}-card deck", f"{r.hand_size} cards each", f"game to {r.game_to}"]
    flags = {
        "stick_the_dealer": "stick the dealer", "canadian_loner": "Canadian loner",
        "defend_alone": "defend alone", "super_euchre": "super-euchre",
        "dealer_needs_trump": "dealer needs a trump", "passer_may_not_go_alone":
        "passer may not go alone", "joker_upcard_rule": "Joker up: dealer names trump",
        "win_by_two": "win by two",
    }
    parts += [txt for k, txt in flags.items() if getattr(r, k)]
    if not r.dealer_may_discard_upcard:
        parts.append("dealer may not discard the upcard")
    if r.defend_alone and r.lone_defender_points != 4:
        parts.append(f"lone defender euchre {r.lone_defender_points} points")
    if r.lead_after_alone != "eldest":
        parts.append("left of the loner leads")
    return ", ".join(parts)


NORTH_AMERICAN = Rules()
PRESETS: dict[str, Rules] = {
    "north-american": NORTH_AMERICAN,
    "stick": NORTH_AMERICAN.replace(stick_the_dealer=True),
    "canadian": NORTH_AMERICAN.replace(stick_the_dealer=True, canadian_loner=True),
    "british": NORTH_AMERICAN.replace(deck="25", joker_upcard_rule=True, defend_alone=True,
                                      game_to=11, canadian_loner=True,
                                      lead_after_alone="left_of_loner"),
    "australian32": NORTH_AMERICAN.replace(deck="32"),
}
PRESET_ALIASES = {"na": "north-american", "north_american": "north-american", "standard":
                  "north-american", "default": "north-american", "stick-the-dealer": "stick",
                  "uk": "british", "australian": "australian32", "aus32": "australian32"}


def preset(name: str) -> Rules:
    """A named preset: north-american, stick, canadian, british, australian32."""
    key = str(name).strip().lower()
    key = PRESET_ALIASES.get(key, key)
    if key not in PRESETS:
        raise RulesError(f"unknown rules preset {name!r}: expected one of {', '.join(PRESETS)}")
    return PRESETS[key]


def load_rules(value) -> Rules:
    """Rules from a preset name, a JSON string / file path holding an object, or a dict."""
    if isinstance(value, str) and value.strip().startswith("{"):
        try:
            value = json.loads(value)
        except json.JSONDecodeError as exc:
            raise RulesError(f"rules JSON {value!r} is malformed: {exc.msg}") from None
    return Rules.from_json(value)


# --- seats -------------------------------------------------------------------
SEAT_NAMES = ("eldest", "partner", "third", "dealer")


def side_of(seat: int) -> int:
    """Side of an absolute seat: seats 0 and 2 are side 0, seats 1 and 3 side 1."""
    return seat & 1


def partner_of(seat: int) -> int:
    """The seat opposite."""
    return (seat + 2) & 3


def next_active(seat: int, active: Sequence[bool]) -> int:
    """The first active seat clockwise from ``seat`` (``seat`` itself included)."""
    for k in range(4):
        s = (seat + k) & 3
        if active[s]:
            return s
    raise RulesError("no active seat")


def first_leader(rules: Rules, dealer: int, maker_alone: int | None = None,
                 defender_alone: int | None = None) -> int:
    """Seat that leads the first trick, given who (if anyone) is alone."""
    active = [True] * 4
    if maker_alone is not None:
        active[partner_of(maker_alone)] = False
    if defender_alone is not None:
        active[partner_of(defender_alone)] = False
    if rules.lead_after_alone == "left_of_loner" and maker_alone is not None:
        if defender_alone is not None:
            return defender_alone
        return next_active((maker_alone + 1) & 3, active)
    return next_active((dealer + 1) & 3, active)


# --- play ----------------------------------------------------------------------
def effective_suit(card: int, trump: int) -> int:
    """Suit the card follows as once ``trump`` is fixed (left bower and Joker are trump)."""
    return int(EFF_SUIT[trump, card])


def card_power(card: int, trump: int) -> int:
    """Trick power of the card under ``trump`` (compare within one effective suit; trumps beat all)."""
    return int(POWER[trump, card])


def legal_plays(hand: int, trump: int, led: int | None = None) -> int:
    """Mask of the cards of ``hand`` that may be played to a trick whose first card is ``led``.

    With no led card (leading) every card is legal; otherwise a player must
    follow the led card's effective suit when able.
    """
    if led is None:
        return hand
    follow = hand & int(SUIT_MASK[trump, EFF_SUIT[trump, led]])
    return follow if follow else hand


def is_trump(card: int, trump: int) -> bool:
    """Whether ``card`` is a trump (bowers and Joker included)."""
    return int(EFF_SUIT[trump, card]) == trump


def trick_winner_index(cards: Sequence[int], trump: int) -> int:
    """Index in ``cards`` (in play order, first led) of the card that wins the trick."""
    led_suit = EFF_SUIT[trump, cards[0]]
    best, best_key = 0, -1
    for i, c in enumerate(cards):
        e = EFF_SUIT[trump, c]
        key = POWER[trump, c] if (e == trump or e == led_suit) else -1
        if key > best_key:
            best, best_key = i, int(key)
    return best


def holds_natural_trump(hand: int, suit: int) -> bool:
    """Whether ``hand`` holds a card of ``suit`` by its face (left bower not counted) or the Joker."""
    return bool(hand & (0xFF << (8 * suit))) or bool((hand >> JOKER) & 1)


def hand_points(rules: Rules, maker_tricks: int, maker_alone: bool,
                defender_alone: bool = False) -> tuple[int, int]:
    """Points ``(makers, defenders)`` for one hand from the makers' trick count."""
    n = rules.hand_size
    if not 0 <= maker_tricks <= n:
        raise RulesError(f"maker tricks {maker_tricks!r} outside 0..{n}")
    if maker_tricks == n:
        return (4 if maker_alone else 2), 0
    if maker_tricks >= rules.tricks_to_make:
        return 1, 0
    pts = 2
    if defender_alone:
        pts = max(pts, rules.lone_defender_points)
    if rules.super_euchre and maker_tricks == 0:
        pts = max(pts, 4)
    return 0, pts


__all__ = [
    "Rules", "RulesError", "PRESETS", "preset", "load_rules", "SEAT_NAMES", "side_of",
    "partner_of", "next_active", "first_leader", "effective_suit", "card_power", "legal_plays",
    "is_trump", "trick_winner_index", "holds_natural_trump", "hand_points",
]
