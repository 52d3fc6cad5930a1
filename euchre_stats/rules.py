"""The rules model: one frozen :class:`Rules` dataclass, the named presets, and
the trump-dependent rule functions (legal plays, trick winner, hand score, who leads).

Every regional difference in ``shared/RULES.md`` is a field here, never a
hard-coded choice elsewhere.  No I/O in this module.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from .core.decks import Deck, find_deck
from .core.errors import JSONInputError, RulesError
from .core.safejson import parse_json
from .core.bits import JOKER
from .core.seating import SEATINGS, Seating
from .core.seats import DEALER, next_active, out_mask, partners_of

LEAD_CHOICES = ("eldest", "left_of_loner")
JOKER_UPCARD_CHOICES = ("throw_in", "blind", "almonte")
ALONE_CHOICES = ("with_call", "before_lead")
#: the old boolean form of ``joker_upcard`` (still read from rules JSON and ``replace``)
_LEGACY_JOKER_KEY = "joker_upcard_rule"
GAME_TARGETS = (5, 7, 10, 11, 15)
#: the player counts the project plays: two-handed, three-handed cutthroat, the four-handed game,
#: six-handed (three against three)
PLAYER_COUNTS = (2, 3, 4, 6)
#: the hand size of three-handed cutthroat (the only one its scoring is given for)
CUTTHROAT_HAND_SIZE = 7
#: six-handed euchre: five cards each from the 33-card deck (its default) or the doubled 25-card pack
SIX_HANDED_DECK, SIX_HANDED_HAND_SIZE = "33", 5
SIX_HANDED_DECKS = ("33", "50")
GAME_NAMES = {2: "two-handed euchre", 3: "three-handed cutthroat", 4: "four-handed euchre", 6: "six-handed euchre"}
#: why a question or report refuses six-handed euchre: what of it is built
SIX_HANDED_NOT_BUILT = ("players 6 (six-handed euchre): built are its rules, hand records and review, odds, the "
                        "questions order, call, discard and lead, and variants (--players 6, the point-count bidder); "
                        "the bidding model's analyses (alone, advise, table, equity, match, tune without --players) "
                        "are four-handed")
#: options six-handed euchre does not take: the value it keeps, and why
_SIX_HANDED_REFUSED = {
    "railroad": (False, "six-handed euchre has its own exchange: the loner asks one partner for a card"),
    "super_euchre": (False, "a euchre already scores 3 in six-handed euchre and no text scores a super-euchre"),
}
#: cards a farmer's hand exchanges (and the kitty must hold under the upcard)
FARMER_CARDS = 3
#: the nines and tens of every suit (ranks 2 and 3: 7 8 9 T J Q K A)
_NINES_TENS = sum(1 << (8 * suit + rank) for suit in range(4) for rank in (2, 3))
#: options that exist only because players go alone (or have partners), with the value every
#: game without partners must keep
_PARTNER_OPTIONS = {"canadian_loner": False, "defend_alone": False, "defend_alone_only_against_loner": False,
                    "lone_defender_points": 4, "lone_defender_needs_all_tricks": False,
                    "passer_may_not_go_alone": False, "railroad": False, "alone_declared": "with_call",
                    "lead_after_alone": "eldest"}


@dataclass(frozen=True)
class Rules:
    """Every rule option the project models.  The defaults are the North American rules.

    Field names are also the keys of a rules object in JSON (``Rules.from_json``).
    """

    #: deck variant: "24", "25" (Joker), "28", "32" or "33" (Joker); "50", the doubled 25-card pack
    #: (six-handed only)
    deck: str = "24"
    #: cards dealt to each player
    hand_size: int = 5
    #: players at the table: 4 (two partnerships), 3 (cutthroat: each for themselves, seven cards
    #: each), 2 (two-handed: one opponent) or 6 (three against three, seats alternating, five
    #: cards each from the 33-card deck)
    players: int = 4
    #: the dealer may not pass in round two
    stick_the_dealer: bool = False
    #: a dealer's partner who orders up in round one must play alone
    canadian_loner: bool = False
    #: a defender may go alone against the makers (three play against a maker with a partner,
    #: two against a lone maker)
    defend_alone: bool = False
    #: with defend_alone: only against a lone maker (some tables)
    defend_alone_only_against_loner: bool = False
    #: points to the defenders when a lone defender euchres the makers
    lone_defender_points: int = 4
    #: a lone defender scores lone_defender_points only for taking every trick (else the usual 2)
    lone_defender_needs_all_tricks: bool = False
    #: makers taking no trick at all give the defenders 4 points
    super_euchre: bool = False
    #: the dealer who takes up the upcard may discard that same card
    dealer_may_discard_upcard: bool = True
    #: the dealer may take up the upcard on their own only when holding a trump (left bower not counted)
    dealer_needs_trump: bool = False
    #: farmer's hand: before bidding, a player holding at least three nines and tens may exchange
    #: three of them for the three cards under the upcard (the first who does ends the offer)
    farmers_hand: bool = False
    #: a player who passed in the round in which trump was made may not go alone (defend alone)
    passer_may_not_go_alone: bool = False
    #: no trump may be called in round two: the led suit wins every trick, aces high, and each jack
    #: is a plain jack of its suit (not with a Joker: no text gives it a place without trump)
    no_trump: bool = False
    #: a Joker turned up: "throw_in" (the hand is thrown in and the deal passes: the project's
    #: convention, no text says), "blind" (British: the dealer's side are makers at once and the
    #: dealer names trump before looking at the hand) or "almonte" (the dealer names a suit before
    #: looking, then round one proceeds on that suit as if its card were up)
    joker_upcard: str = "throw_in"
    #: when going alone is declared: "with_call" (North American: by the maker, with the call) or
    #: "before_lead" (British: after trump is made and before the lead, by any player: the makers
    #: first, maker then partner, then the defenders from eldest, under defend_alone)
    alone_declared: str = "with_call"
    #: railroad: a lone player's partner passes the loner one card face down; before looking, the
    #: loner discards a card and takes it, or discards the offered card
    railroad: bool = False
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
        for name in ("stick_the_dealer", "canadian_loner", "defend_alone", "defend_alone_only_against_loner",
                     "super_euchre", "lone_defender_needs_all_tricks", "railroad",
                     "dealer_may_discard_upcard", "dealer_needs_trump", "farmers_hand",
                     "passer_may_not_go_alone", "win_by_two", "no_trump"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"rule {name} must be true or false, got {getattr(self, name)!r}")
        if self.players not in PLAYER_COUNTS or isinstance(self.players, bool):
            raise RulesError(f"players {self.players!r}: expected one of {', '.join(map(str, PLAYER_COUNTS))}")
        size = self.hand_size
        whole = isinstance(size, int) and not isinstance(size, bool)
        if self.players == 6 and d.label not in SIX_HANDED_DECKS:
            raise RulesError(f"deck {d.label!r}: six-handed euchre is dealt from the 33-card deck (32 cards and the "
                             "Joker) or the doubled 25-card pack (deck 50)")
        if d.doubled and self.players != 6:
            raise RulesError(f"deck {d.label!r}: the doubled 25-card pack is six-handed euchre's (players 6); "
                             f"{GAME_NAMES[self.players]} is dealt from one pack")
        if self.players == 3 and whole:
            if size != CUTTHROAT_HAND_SIZE:
                raise RulesError(f"hand_size {size!r}: three-handed cutthroat deals seven cards each "
                                 "(the rules score it for seven tricks only)")
        elif self.players == 6 and whole:
            if size != SIX_HANDED_HAND_SIZE:
                raise RulesError(f"hand_size {size!r}: six-handed euchre deals five cards each")
        elif not whole or not 1 <= size <= d.max_hand_size():
            # two-handed keeps the four-handed bound: the texts deal five, and the solver's hands hold 8 at most
            raise RulesError(
                f"hand_size {self.hand_size!r} does not fit the {d.label}-card deck "
                f"(1..{d.max_hand_size()})"
            )
        if self.lead_after_alone not in LEAD_CHOICES:
            raise RulesError(
                f"lead_after_alone {self.lead_after_alone!r}: expected one of {', '.join(LEAD_CHOICES)}"
            )
        if self.joker_upcard not in JOKER_UPCARD_CHOICES:
            raise RulesError(f"joker_upcard {self.joker_upcard!r}: expected one of {', '.join(JOKER_UPCARD_CHOICES)}")
        if self.alone_declared not in ALONE_CHOICES:
            raise RulesError(f"alone_declared {self.alone_declared!r}: expected one of {', '.join(ALONE_CHOICES)}")
        if self.game_to not in GAME_TARGETS:
            raise RulesError(f"game_to {self.game_to!r}: expected one of 5, 7, 10, 11, 15")
        ldp = self.lone_defender_points
        if isinstance(ldp, bool) or not isinstance(ldp, int) or ldp < 1:
            raise RulesError(f"lone_defender_points must be a positive whole number, got "
                             f"{self.lone_defender_points!r}")
        if self.players in (2, 3):
            _check_no_partners(self)
        if self.players == 6:
            _check_six_handed(self)
        if self.no_trump and d.has_joker:
            raise RulesError(f"no_trump does not apply to the {d.label}-card deck: no text gives the Joker a "
                             "place when no suit is trump (the 24-, 28- and 32-card decks have none)")
        under = d.size - self.players * self.hand_size - 1
        if self.farmers_hand and under != FARMER_CARDS:
            raise RulesError(f"farmers_hand exchanges three cards for the three under the upcard: the "
                             f"{d.label}-card deck dealt {self.players} x {self.hand_size} leaves {under}")

    # --- derived -----------------------------------------------------------
    @property
    def seating(self) -> Seating:
        """Who sits at this table (:class:`~euchre_stats.core.seating.Seating`): seats, sides, partners, names."""
        return SEATINGS[self.players]

    @property
    def deck_obj(self) -> Deck:
        """The :class:`~euchre_stats.core.decks.Deck` these rules use."""
        return find_deck(self.deck)

    @property
    def tricks_to_make(self) -> int:
        """Tricks the makers need (3 of 5; a majority in general)."""
        return self.hand_size // 2 + 1

    @property
    def joker_upcard_rule(self) -> bool:
        """Whether a Joker turned up starts a hand (``joker_upcard`` is not ``"throw_in"``)."""
        return self.joker_upcard != "throw_in"

    def replace(self, **changes) -> "Rules":
        """A copy with some options changed (validated)."""
        changes = _translate_legacy(changes)
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise RulesError(_unknown_option(sorted(unknown)[0]))
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
            value = _translate_legacy(dict(value))
            known = {f.name for f in dataclasses.fields(cls)}
            bad = [k for k in value if k not in known]
            if bad:
                raise RulesError(_unknown_option(bad[0]))
            return cls(**value)
        raise RulesError(f"rules must be a preset name or an object of options, got {value!r}")

    @property
    def name(self) -> str:
        """The name of the preset these rules are (``"british"``), else ``"custom"``."""
        return next((name for name, r in PRESETS.items() if r == self), "custom")

    def describe(self, deck: bool = True, hand_size: bool = True) -> str:
        """The preset's name (or ``custom``), then the deal and every option that differs from
        north-american.  ``deck=False`` (``hand_size=False``) leaves out the deck (the hand size): a
        report whose columns are decks says each column's own."""
        return f"{self.name}: " + _describe_fields(self, deck, hand_size)

    def describe_options(self, deck: bool = True, hand_size: bool = True) -> str:
        """:meth:`describe` without the preset's name: the game, the deal and the options that differ."""
        return _describe_fields(self, deck, hand_size)


def _check_no_partners(r: Rules) -> None:
    """Raise unless every option of partners and loners keeps its default (two- and three-handed)."""
    game = GAME_NAMES[r.players]
    for name, default in _PARTNER_OPTIONS.items():
        if getattr(r, name) != default:
            raise RulesError(f"{name} {getattr(r, name)!r} does not apply to {game}: "
                             f"nobody has a partner and nobody goes alone (players {r.players})")
    if r.players == 2 and not r.dealer_may_discard_upcard:
        raise RulesError("dealer_may_discard_upcard false does not apply to two-handed euchre: taking up "
                         "the card is the dealer's right, not a duty, so the dealer may always leave it")
    if r.players == 3 and r.super_euchre:
        raise RulesError("super_euchre does not apply to three-handed cutthroat: a euchre scores the "
                         "defenders 2 between them whatever the maker takes")


def _check_six_handed(r: Rules) -> None:
    """Raise unless every option six-handed euchre does not take keeps its value."""
    for name, (keep, why) in _SIX_HANDED_REFUSED.items():
        if getattr(r, name) != keep:
            raise RulesError(f"{name} {getattr(r, name)!r} does not apply to six-handed euchre: {why} (players 6)")


def for_players(rules: Rules, players: int) -> Rules:
    """``rules`` as a game of ``players``: 4 leaves them as they are; 3 deals seven cards each
    (cutthroat); 2 keeps the hand size; 6 deals five each from the 33-card deck (the default
    24-card deck becomes the 33-card one; any other deck is refused).  Raises :class:`RulesError`
    naming an option that does not apply to the other game (going alone, defending alone, railroad...).
    Six-handed from the 25-card deck (the British pack, ``--rules british``) plays the doubled 25-card
    pack, so ``for_players(preset("british"), 6)`` is the preset ``british6``."""
    if isinstance(players, bool) or players not in PLAYER_COUNTS:
        raise RulesError(f"players {players!r}: expected one of {', '.join(map(str, PLAYER_COUNTS))}")
    if players == rules.players:
        return rules
    changes: dict = {"players": players}
    if players == 3:
        changes["hand_size"] = CUTTHROAT_HAND_SIZE
    elif players == 6:
        changes["hand_size"] = SIX_HANDED_HAND_SIZE
        if rules.deck == Rules.deck:
            changes["deck"] = SIX_HANDED_DECK
        elif rules.deck == "25":  # the British pack: six-handed plays it doubled
            changes["deck"] = "50"
    elif rules.players in (3, 6):
        changes["hand_size"] = Rules.hand_size
    return rules.replace(**changes)


def _unknown_option(name) -> str:
    """The error for a rule option that does not exist, with the nearest ones (``stick_dealer`` ->
    ``stick_the_dealer``): by spelling, or by every word of it (dashes read as underscores)."""
    import difflib

    known = [f.name for f in dataclasses.fields(Rules)]
    key = str(name).strip().lower().replace("-", "_").replace(" ", "_")
    near = [k for k in known if k == key]
    words = [w for w in key.split("_") if w]
    near += [k for k in known if words and k not in near and all(w in k.split("_") for w in words)]
    near += [k for k in difflib.get_close_matches(key, known, n=3, cutoff=0.7) if k not in near]
    hint = f"; did you mean {' or '.join(repr(k) for k in near[:3])}?" if near else ""
    return f"unknown rule option {name!r}{hint}"


def _translate_legacy(changes: dict) -> dict:
    """``joker_upcard_rule: true|false`` (the old option) as ``joker_upcard: "blind"|"throw_in"``."""
    if _LEGACY_JOKER_KEY not in changes:
        return changes
    changes = dict(changes)
    old = changes.pop(_LEGACY_JOKER_KEY)
    if not isinstance(old, bool):
        raise RulesError(f"rule {_LEGACY_JOKER_KEY} must be true or false, got {old!r}")
    if "joker_upcard" in changes and (changes["joker_upcard"] != "throw_in") != old:
        raise RulesError(f"{_LEGACY_JOKER_KEY} {old!r} contradicts joker_upcard {changes['joker_upcard']!r}")
    changes.setdefault("joker_upcard", "blind" if old else "throw_in")
    return changes


def _describe_fields(r: Rules, deck: bool = True, hand_size: bool = True) -> str:
    pack = "doubled 25-card pack (50 cards)" if r.deck_obj.doubled else f"{r.deck}-card deck"
    parts = ([pack] if deck else []) + ([f"{r.hand_size} cards each"] if hand_size else []) + [f"game to {r.game_to}"]
    if r.players != 4:
        parts.insert(0, GAME_NAMES[r.players])
    flags = {
        "stick_the_dealer": "stick the dealer", "canadian_loner": "Canadian loner",
        "defend_alone": "defend alone", "defend_alone_only_against_loner": "only against a loner",
        "super_euchre": "super-euchre",
        "dealer_needs_trump": "dealer needs a trump", "passer_may_not_go_alone":
        "passer may not go alone", "lone_defender_needs_all_tricks": "lone defender's 4 only for all tricks",
        "railroad": "railroad", "win_by_two": "win by two", "farmers_hand": "farmer's hand",
        "no_trump": "no trump may be called in round two",
    }
    parts += [txt for k, txt in flags.items() if getattr(r, k)]
    if not r.dealer_may_discard_upcard:
        parts.append("dealer may not discard the upcard")
    if r.defend_alone and r.lone_defender_points != 4:
        parts.append(f"lone defender euchre {r.lone_defender_points} points")
    if r.lead_after_alone != "eldest":
        parts.append("left of the loner leads")
    if r.joker_upcard == "blind":
        parts.append("Joker up: dealer names trump blind")
    elif r.joker_upcard == "almonte":
        parts.append("Joker up: dealer names a suit blind, then round one (Almonte)")
    if r.alone_declared == "before_lead":
        parts.append("alone declared before the lead by any player")
    return ", ".join(parts)


NORTH_AMERICAN = Rules()
PRESETS: dict[str, Rules] = {
    "north-american": NORTH_AMERICAN,
    "stick": NORTH_AMERICAN.replace(stick_the_dealer=True),
    "canadian": NORTH_AMERICAN.replace(canadian_loner=True),
    "british": NORTH_AMERICAN.replace(deck="25", joker_upcard="blind", canadian_loner=True, defend_alone=True,
                                      alone_declared="before_lead", lead_after_alone="left_of_loner", game_to=11),
    "australian32": NORTH_AMERICAN.replace(deck="32", canadian_loner=True, game_to=11),
}
# six-handed euchre as the rules pages give it (Cornwall): the British game of the British rules
# page on six seats from the doubled British pack ("british6", what ``--rules british --players 6``
# plays), and the Almonte variant (five cards to each of the six players, game to 15)
PRESETS["british6"] = for_players(PRESETS["british"], 6)
PRESETS["almonte"] = Rules(players=6, deck=SIX_HANDED_DECK, hand_size=SIX_HANDED_HAND_SIZE, joker_upcard="almonte",
                           game_to=15)
PRESET_ALIASES = {"na": "north-american", "north_american": "north-american", "standard":
                  "north-american", "default": "north-american", "stick-the-dealer": "stick",
                  "uk": "british", "australian": "australian32", "aus32": "australian32",
                  "british-six": "british6", "six-handed-british": "british6", "cornwall": "british6",
                  "uk6": "british6"}


def preset(name: str) -> Rules:
    """A named preset: north-american, stick, canadian, british, australian32; six-handed british6
    and almonte."""
    key = str(name).strip().lower()
    key = PRESET_ALIASES.get(key, key)
    if key not in PRESETS:
        raise RulesError(f"unknown rules preset {name!r}: expected one of {', '.join(PRESETS)}")
    return PRESETS[key]


def load_rules(value) -> Rules:
    """Rules from a preset name, a JSON string / file path holding an object, or a dict."""
    if isinstance(value, str) and value.strip().startswith("{"):
        try:
            value = parse_json(value, "rules")
        except JSONInputError as exc:
            raise RulesError(f"rules JSON {value[:60]!r} cannot be read: {exc}") from None
    return Rules.from_json(value)


# --- the effect of every rule option ----------------------------------------------------------
# The state machine (game.state) and every vectorised engine (bidding, play, decide, strategy,
# variants) call these functions; no other module reads a rule option that changes what players
# may do or what a hand scores.  ``seat`` and ``maker`` may be ints or numpy arrays; the dealer is
# ``DEALER`` (seat 3) unless given.

def may_pass(rules: Rules, seat, round_: int, dealer: int = DEALER):
    """Whether ``seat`` may pass in bidding round ``round_`` (stick the dealer: not the dealer in round two)."""
    return ~((np.asarray(seat) == dealer) & (round_ == 2) & rules.stick_the_dealer)


def may_call_no_trump(rules: Rules, round_: int) -> bool:
    """Whether no trump may be called in bidding round ``round_`` (``no_trump``: in round two only)."""
    return bool(rules.no_trump) and round_ == 2


def why_no_no_trump(rules: Rules, round_: int) -> str | None:
    """Why no trump may not be called in round ``round_`` (``None`` if it may)."""
    if not rules.no_trump:
        return "no trump may not be called (the no_trump option is off)"
    if round_ != 2:
        return "no trump may be called in round two only"
    return None


def order_must_go_alone(rules: Rules, seat, dealer: int = DEALER):
    """Whether ``seat`` accepting the upcard in round one must play alone (Canadian loner, the
    British "I refuse": the dealer's partner accepts only alone; in six-handed euchre either of
    the dealer's two partners)."""
    seat = np.asarray(seat)
    return rules.seating.same_side(seat, dealer) & (seat != dealer) & rules.canadian_loner


def may_take_up(rules: Rules, seat, hands, suit: int, dealer: int = DEALER):
    """Whether ``seat`` holding ``hands`` (an int mask or a uint64 array) may accept ``suit`` (the
    upcard's) in round one (dealer needs a trump: the dealer must hold a card of that suit by its
    face, or the Joker)."""
    suit_bits = np.uint64((0xFF << (8 * suit)) | (1 << JOKER))
    holds = (np.asarray(hands, dtype=np.uint64) & suit_bits) != 0
    return (np.asarray(seat) != dealer) | holds | (not rules.dealer_needs_trump)


def dealer_picks_up(rules: Rules, maker, alone, dealer: int = DEALER):
    """Whether the dealer takes up the upcard when ``maker`` accepts it in round one (``alone`` says
    whether the maker goes alone with the call): not when the dealer sits out behind a partner who
    went alone with the call (in six-handed euchre, either of the dealer's two partners).  (Alone
    declared later, before the lead, comes after the pick-up.)"""
    with_call = np.asarray(alone, dtype=bool) & may_call_alone(rules, maker, 1, dealer)
    maker = np.asarray(maker)
    partner = ((maker & 1) == (dealer & 1)) & (maker != dealer)
    return ~(partner & with_call)


def banned_discard(rules: Rules, upcard: int) -> int:
    """The card the dealer may not discard after taking up ``upcard`` (the upcard itself when
    dealer_may_discard_upcard is off), or -1."""
    return -1 if rules.dealer_may_discard_upcard else int(upcard)


def may_discard(rules: Rules, card: int, upcard: int) -> bool:
    """Whether the dealer may discard ``card`` after taking up ``upcard``."""
    return int(card) != banned_discard(rules, upcard)


def joker_up_names_trump(rules: Rules) -> bool:
    """Whether a Joker turned up starts a hand in which the dealer names a suit before looking
    (``joker_upcard`` "blind" or "almonte"); otherwise the hand is thrown in (the project's convention)."""
    return rules.joker_upcard != "throw_in"


def joker_up_makes_trump(rules: Rules) -> bool:
    """With a Joker turned up, whether the dealer's blind naming makes trump at once (British "blind":
    the dealer's side are makers) rather than starting round one on that suit ("almonte")."""
    return rules.joker_upcard == "blind"


def joker_up_offers_named_suit(rules: Rules) -> bool:
    """With a Joker turned up, whether the dealer's blind naming starts round one on the named suit
    (Almonte) rather than making trump at once or throwing the hand in."""
    return joker_up_names_trump(rules) and not joker_up_makes_trump(rules)


def lone_defence_possible(rules: Rules) -> bool:
    """Whether a defender may ever go alone under these rules (a table with partners, ``defend_alone``)."""
    return rules.seating.partnerships and rules.defend_alone


def hand_point_limit(rules: Rules) -> float:
    """The most points one hand of the four-handed game can give a side: 4 (a lone march), or a lone
    defender's euchre where the rules score it higher."""
    return float(max(4, rules.lone_defender_points))


def alone_with_the_call(rules: Rules) -> bool:
    """Whether going alone is declared with the call (North American) rather than after trump is
    made and before the lead, by any player (British ``alone_declared="before_lead"``)."""
    return rules.alone_declared == "with_call"


def why_no_alone(rules: Rules) -> str | None:
    """Why nobody may go alone in this game (two-handed, three-handed), or None in the four-handed game."""
    if rules.seating.partnerships:
        return None
    return _NO_PARTNER[rules.seating.label] + f" (players {rules.players})"


#: why nobody goes alone at each table without partners
_NO_PARTNER = {"two-handed": "nobody goes alone in two-handed euchre: there is no partner to sit out",
               "cutthroat": "nobody goes alone in three-handed cutthroat: every player already plays alone"}


def may_call_alone(rules: Rules, seat, round_: int, dealer: int = DEALER):
    """Whether ``seat`` may say "alone" with its call in round ``round_``: always when alone is
    declared with the call; under "before_lead" only the Canadian loner's order, which is alone;
    never in the two- and three-handed games."""
    if not rules.seating.partnerships:
        return np.zeros(np.shape(seat), dtype=bool) if np.ndim(seat) else np.False_
    if alone_with_the_call(rules):
        return np.ones(np.shape(seat), dtype=bool) if np.ndim(seat) else np.True_
    return (round_ == 1) & order_must_go_alone(rules, seat, dealer)


def why_no_alone_before_lead(rules: Rules, seat: int, maker: int, passed_in_round: bool) -> str | None:
    """Why ``seat`` may not declare alone after trump is made (British timing), or None when it may.
    Defenders go through :func:`why_no_defend_alone`."""
    if alone_with_the_call(rules):
        return "going alone is declared with the call under these rules (alone_declared is with_call)"
    if (seat & 1) != (maker & 1):
        return f"seat {seat} defends: a defender goes alone by defending alone"
    if passed_in_round and rules.passer_may_not_go_alone:
        return f"seat {seat} passed in the round in which trump was made (passer_may_not_go_alone)"
    return None


def railroad_on(rules: Rules) -> bool:
    """Whether a lone player's partner passes the loner a card (railroad)."""
    return rules.railroad


def may_go_alone(rules: Rules, passed_in_round):
    """Whether a player may go alone, given whether it passed in the round in which trump was made
    (passer_may_not_go_alone)."""
    return ~(np.asarray(passed_in_round, dtype=bool) & rules.passer_may_not_go_alone)


def may_defend_alone(rules: Rules, seat, maker, maker_alone, passed_in_round=False):
    """Whether defender ``seat`` may go alone against ``maker``: defend_alone is on, the seat is
    on the other side, the maker is alone when defend_alone_only_against_loner is on, and
    passer_may_not_go_alone does not forbid it."""
    seat, maker = np.asarray(seat), np.asarray(maker)
    ok = ((seat & 1) != (maker & 1)) & (maker >= 0) & rules.defend_alone
    if rules.defend_alone_only_against_loner:
        ok = ok & np.asarray(maker_alone, dtype=bool)
    return ok & may_go_alone(rules, passed_in_round)


def why_no_defend_alone(rules: Rules, seat: int, maker: int, maker_alone: bool,
                        passed_in_round: bool) -> str | None:
    """Why defender ``seat`` may not go alone against ``maker`` (the words of :func:`may_defend_alone`),
    or None when it may."""
    if not rules.defend_alone:
        return "defending alone is not allowed under these rules (defend_alone is off)"
    if (seat & 1) == (maker & 1):
        return f"seat {seat} is on the making side"
    if rules.defend_alone_only_against_loner and not maker_alone:
        return ("a defender may go alone only against a lone maker, and the maker is not alone "
                "(defend_alone_only_against_loner)")
    if passed_in_round and rules.passer_may_not_go_alone:
        return f"seat {seat} passed in the round in which trump was made (passer_may_not_go_alone)"
    return None


def farmer_cards(rules: Rules, hand: int) -> int:
    """The cards of ``hand`` a farmer's hand may give up (its nines and tens), or 0 when the rules
    have no farmer's hand."""
    return int(hand) & _NINES_TENS if rules.farmers_hand else 0


def may_farm(rules: Rules, hand: int) -> bool:
    """Whether ``hand`` is a farmer's hand the rules let exchange: at least three nines and tens."""
    return farmer_cards(rules, hand).bit_count() >= FARMER_CARDS


def sitting_out(maker_alone: int | None = None, defender_alone: int | None = None, players: int = 4) -> int:
    """Bitmask of the seats sitting out: the partners of each lone player (one in the four-handed
    game, two in six-handed)."""
    return out_mask(*(p for loner in (maker_alone, defender_alone) if loner is not None
                      for p in partners_of(loner, players)))


def loner_asks_partner(rules: Rules) -> bool:
    """Whether a lone player may ask one partner for a card, the partner's choice, and then
    discards one (six-handed euchre: a side of three)."""
    return rules.seating.side_size > 2


def first_leader(rules: Rules, dealer: int, maker_alone: int | None = None,
                 defender_alone: int | None = None) -> int:
    """Seat that leads the first trick, given who (if anyone) is alone.

    Normally eldest leads, or the next seat in play when eldest sits out.  Under
    ``lead_after_alone="left_of_loner"`` the seat on the lone player's left leads, a lone
    defender's as well as a lone maker's; with two lone players the defender leads.
    """
    players = rules.players
    out = sitting_out(maker_alone, defender_alone, players)
    if not rules.seating.partnerships:
        return next_active(dealer, 0, players)  # eldest; the non-dealer in two-handed
    if rules.lead_after_alone == "left_of_loner":
        if maker_alone is not None and defender_alone is not None:
            return defender_alone
        loner = maker_alone if maker_alone is not None else defender_alone
        if loner is not None:
            return next_active(loner, out, players)
    return next_active(dealer, out, players)


def side_of_seat(rules: Rules, seat: int) -> int:
    """The scoring side of ``seat``: seats 0 and 2 are side 0, 1 and 3 side 1 (four-handed and
    two-handed, where the side is the seat; in six-handed the seats alternate, 0, 2 and 4 against
    1, 3 and 5); in three-handed cutthroat every seat is its own side."""
    return rules.seating.side_of(seat)


def side_count(rules: Rules) -> int:
    """Number of scoring sides: 3 in cutthroat, else 2."""
    return rules.seating.sides


def game_winner(rules: Rules, score) -> int | None:
    """The side that has won with ``score`` (``game_to`` reached ahead of every other side; a
    two-point lead with ``win_by_two``).  In cutthroat two players level on ``game_to`` or more
    play on (the project's convention: the texts say game to 10 each)."""
    for side, mine in enumerate(score):
        theirs = max(v for k, v in enumerate(score) if k != side)
        if mine >= rules.game_to and mine > theirs and (not rules.win_by_two or mine - theirs >= 2):
            return side
    return None


def renege_points(rules: Rules, offender_side: int, someone_alone: bool) -> list[int]:
    """Points per side when ``offender_side`` reneged: every other side scores
    :func:`renege_penalty` (in cutthroat both opponents: the project's convention), the offenders 0."""
    pen = renege_penalty(rules, someone_alone)
    return [0 if side == offender_side else pen for side in range(side_count(rules))]


def points_by_side(rules: Rules, maker_side: int, tricks: list[int], maker_alone: bool,
                   defender_alone: bool = False) -> list[int]:
    """Points of every side for one played hand, from the tricks of every side.

    Partnership games: :func:`hand_points` to the makers and to the other side.  Cutthroat: the
    maker scores :func:`hand_points`; when euchred, the defender with more tricks scores 2, and
    defenders with equal tricks score 1 each.
    """
    mk, df = hand_points(rules, tricks[maker_side], maker_alone, defender_alone)
    if rules.seating.sides == 2:
        out = [0, 0]
        out[maker_side], out[1 - maker_side] = mk, df
        return out
    out = [0, 0, 0]
    out[maker_side] = mk
    if df:
        a, b = [s for s in range(3) if s != maker_side]
        if tricks[a] == tricks[b]:
            out[a] = out[b] = df // 2
        else:
            out[a if tricks[a] > tricks[b] else b] = df
    return out


def renege_penalty(rules: Rules, someone_alone: bool) -> int:
    """Points the offenders' opponents score for a renege: 2, or 4 when someone is alone.

    The rule texts score a renege this way (a lone maker or a lone defender counts as alone);
    the project's convention is that the penalty replaces the hand's score.  ``rules`` has no
    renege option yet; it is taken so that one can be added without changing the callers.
    """
    return 4 if someone_alone else 2


def hand_points(rules: Rules, maker_tricks: int, maker_alone: bool,
                defender_alone: bool = False) -> tuple[int, int]:
    """Points ``(makers, defenders)`` for one hand from the makers' trick count."""
    n = rules.hand_size
    if not 0 <= maker_tricks <= n:
        raise RulesError(f"maker tricks {maker_tricks!r} outside 0..{n}")
    mp, dp = hand_points_array(rules, maker_tricks, maker_alone, defender_alone)
    return int(mp), int(dp)


def hand_points_array(rules: Rules, maker_tricks, maker_alone, defender_alone):
    """Vectorised :func:`hand_points`: (maker points, defender points).

    Makers: 1 for a majority of the tricks, 2 for all (4 alone).  Defenders: 2 for a euchre,
    ``lone_defender_points`` when a lone defender euchres the makers (only when the makers take
    no trick under ``lone_defender_needs_all_tricks``), 4 with ``super_euchre`` for no trick.
    Two-handed: nobody is alone.  Cutthroat (seven tricks): the maker scores 1 for 4 or 5 tricks,
    2 for 6 and 4 for all 7; a euchre gives the two defenders 2 between them (see
    :func:`points_by_side` for who gets them).  Six-handed: a march or a euchre scores 3, a lone
    march 6 (1 for 3 or 4 tricks, as everywhere), a lone defender's euchre ``lone_defender_points``
    (at least the plain 3).
    """
    n = rules.hand_size
    t = np.asarray(maker_tricks)
    if rules.players == 6:
        maker = np.where(t == n, np.where(maker_alone, 6, 3), np.where(t >= rules.tricks_to_make, 1, 0))
        return maker, _lone_defender(rules, t, defender_alone, np.where(t >= rules.tricks_to_make, 0, 3))
    if rules.players == 3:
        maker = np.where(t == n, 4, np.where(t == n - 1, 2, np.where(t >= rules.tricks_to_make, 1, 0)))
        return maker, np.where(t >= rules.tricks_to_make, 0, 2)
    maker = np.where(t == n, np.where(maker_alone, 4, 2), np.where(t >= rules.tricks_to_make, 1, 0))
    defp = _lone_defender(rules, t, defender_alone, np.where(t >= rules.tricks_to_make, 0, 2))
    if rules.super_euchre:
        defp = np.where(t == 0, np.maximum(defp, 4), defp)
    return maker, defp


def hand_point_values(rules: Rules) -> tuple[int, ...]:
    """Every number of points one side can score in one hand under ``rules``, smallest first (the
    values :func:`hand_points_array` gives, 0 left out): 1, 2, 4 as a rule; 1, 3, 6 six-handed; a
    lone defender's ``lone_defender_points`` (at least the plain euchre's 2, six-handed 3) and, with
    ``super_euchre``, the 4 of a march against the makers, when a defender may go alone."""
    six = rules.players == 6
    values = {1, 3, 6} if six else {1, 2, 4}
    if rules.players in (4, 6) and rules.defend_alone:
        lone = max(3 if six else 2, rules.lone_defender_points)
        values.add(lone)
        if rules.super_euchre:
            values.add(max(4, lone))
    return tuple(sorted(values))


def _lone_defender(rules: Rules, t, defender_alone, defp):
    """The defenders' points ``defp`` with a lone defender's euchre scoring ``lone_defender_points``
    (never less than the plain euchre: in six-handed euchre that is 3)."""
    lone_bonus = (t < rules.tricks_to_make) & np.asarray(defender_alone, dtype=bool)
    if rules.lone_defender_needs_all_tricks:
        lone_bonus &= t == 0
    return np.where(lone_bonus, np.maximum(defp, rules.lone_defender_points), defp)


__all__ = [
    "Rules", "RulesError", "PRESETS", "NORTH_AMERICAN", "preset", "load_rules", "first_leader", "hand_points",
    "hand_points_array", "hand_point_values", "may_pass", "order_must_go_alone", "may_take_up", "dealer_picks_up",
    "banned_discard",
    "may_discard", "joker_up_names_trump", "joker_up_makes_trump", "alone_with_the_call", "may_call_alone",
    "why_no_alone_before_lead", "railroad_on", "may_go_alone", "may_defend_alone", "why_no_defend_alone",
    "sitting_out", "renege_penalty", "renege_points", "points_by_side", "side_of_seat", "side_count",
    "why_no_alone", "for_players", "PLAYER_COUNTS", "GAME_NAMES", "farmer_cards", "may_farm", "FARMER_CARDS",
    "loner_asks_partner", "SIX_HANDED_NOT_BUILT",
]
