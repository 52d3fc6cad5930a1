"""The rule options: one frozen :class:`Rules` dataclass, each table's seating, scoring and deal
(:class:`Table`, :class:`Scoring`, :data:`TABLES`), and the named presets.

Every regional difference in ``shared/RULES.md`` is a field here, never a hard-coded choice
elsewhere; what each option *does* is in :mod:`euchre_stats.rules.effects`.  No I/O in this module.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass


from ..core.decks import Deck, find_deck
from ..core.errors import JSONInputError, RulesError
from ..core.rule_words import (ALONE_CHOICES, FLAG_WORDS, GAME_TARGETS, JOKER_UPCARD_CHOICES, LEAD_CHOICES,
                               PRESET_ALIASES, translate_legacy, unknown_option)
from ..core.safejson import parse_json
from ..core.seating import SEATINGS, Seating

#: the hand size of three-handed cutthroat (the only one its scoring is given for)
CUTTHROAT_HAND_SIZE = 7
#: six-handed euchre: five cards each from the 33-card deck (its default) or the doubled 25-card pack
SIX_HANDED_DECK, SIX_HANDED_HAND_SIZE = "33", 5
SIX_HANDED_DECKS = ("33", "50")
#: why a question or report refuses six-handed euchre: what of it is built
SIX_HANDED_NOT_BUILT = ("players 6 (six-handed euchre): built are its rules, hand records and review, odds, the "
                        "questions order, call, discard and lead, and variants (--players 6, the point-count bidder); "
                        "the bidding model's analyses (alone, advise, table, equity, match, tune without --players) "
                        "are four-handed")
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
class Scoring:
    """What one hand scores at a table, besides the makers' 1 for a majority of the tricks (every
    table's): ``march`` for all the tricks, ``lone_march`` for all of them alone, ``march_but_one`` for
    all but one (0: no such score; cutthroat's 2) and ``euchre`` to the defenders for a euchre (with
    more than two sides, to the defenders who took the most tricks: :func:`points_by_side`)."""

    march: int = 2
    lone_march: int = 4
    euchre: int = 2
    march_but_one: int = 0


@dataclass(frozen=True)
class Table:
    """One table as the rules see it: who sits (:class:`Seating`), what a hand scores
    (:class:`Scoring`), the game's ``name``, and what the rule texts fix for it: the ``hand_size``
    (None: any that fits the deck) and why; the ``decks`` it is dealt from (None: any single pack) and
    why, and ``deck_for`` (the deck each four-handed deck becomes, :func:`for_players`); ``refused``,
    the options it does not take as ``(option, the value it keeps, the error)`` (the error formatted
    with the option's ``name`` and ``value``).  :data:`TABLES` holds the project's; a custom table
    goes into a :class:`Rules` as ``Rules(players=n, table=Table(...))``."""

    seating: Seating
    scoring: Scoring
    name: str
    hand_size: int | None = None
    hand_size_why: str = ""
    decks: tuple[str, ...] | None = None
    decks_why: str = ""
    deck_for: tuple[tuple[str, str], ...] = ()
    refused: tuple[tuple[str, object, str], ...] = ()


def _no_partners(game: str, players: int, *more) -> tuple[tuple[str, object, str], ...]:
    """The options of partners and loners, refused at a table without partners."""
    why = (f"{{name}} {{value!r}} does not apply to {game}: nobody has a partner and nobody goes alone "
           f"(players {players})")
    return tuple((name, keep, why) for name, keep in _PARTNER_OPTIONS.items()) + more


#: every table the project plays, by the number of players: the one place its scoring and its deal live
TABLES = {
    2: Table(SEATINGS[2], Scoring(), "two-handed euchre", refused=_no_partners(
        "two-handed euchre", 2, ("dealer_may_discard_upcard", True, "dealer_may_discard_upcard false does not apply "
                                 "to two-handed euchre: taking up the card is the dealer's right, not a duty, so the "
                                 "dealer may always leave it"))),
    3: Table(SEATINGS[3], Scoring(march=4, march_but_one=2), "three-handed cutthroat", CUTTHROAT_HAND_SIZE,
             "three-handed cutthroat deals seven cards each (the rules score it for seven tricks only)",
             refused=_no_partners("three-handed cutthroat", 3, (
                 "super_euchre", False, "super_euchre does not apply to three-handed cutthroat: a euchre scores "
                 "the defenders 2 between them whatever the maker takes"))),
    4: Table(SEATINGS[4], Scoring(), "four-handed euchre"),
    6: Table(SEATINGS[6], Scoring(march=3, lone_march=6, euchre=3), "six-handed euchre", SIX_HANDED_HAND_SIZE,
             "six-handed euchre deals five cards each", SIX_HANDED_DECKS, "six-handed euchre is dealt from the "
             "33-card deck (32 cards and the Joker) or the doubled 25-card pack (deck 50)",
             (("24", SIX_HANDED_DECK), ("25", "50")),
             (("railroad", False, "{name} {value!r} does not apply to six-handed euchre: six-handed euchre has its "
               "own exchange: the loner asks one partner for a card (players 6)"),
              ("super_euchre", False, "{name} {value!r} does not apply to six-handed euchre: a euchre already "
               "scores 3 in six-handed euchre and no text scores a super-euchre (players 6)"))),
}
#: the player counts the project plays: two-handed, three-handed cutthroat, the four-handed game,
#: six-handed (three against three)
PLAYER_COUNTS = tuple(TABLES)
GAME_NAMES = {p: t.name for p, t in TABLES.items()}


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
    #: a table of the program's own (:class:`Table`), not one of :data:`TABLES`; None (the default):
    #: the table of ``players``.  Not a rule option: never read from JSON
    table: Table | None = dataclasses.field(default=None, repr=False)

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
        if self.table is not None:
            if not isinstance(self.table, Table) or self.table.seating.players != self.players:
                raise RulesError(f"table {self.table!r}: expected a Table of {self.players!r} seats")
        elif isinstance(self.players, bool) or self.players not in TABLES:
            raise RulesError(f"players {self.players!r}: expected one of {', '.join(map(str, PLAYER_COUNTS))}")
        table = table_of(self)
        size = self.hand_size
        whole = isinstance(size, int) and not isinstance(size, bool)
        if table.decks is not None and d.label not in table.decks:
            raise RulesError(f"deck {d.label!r}: {table.decks_why}")
        if d.doubled and table.decks is None:
            raise RulesError(f"deck {d.label!r}: the doubled 25-card pack is six-handed euchre's (players 6); "
                             f"{table.name} is dealt from one pack")
        if table.hand_size is not None and whole:
            if size != table.hand_size:
                raise RulesError(f"hand_size {size!r}: {table.hand_size_why}")
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
        for name, keep, why in table.refused:
            if getattr(self, name) != keep:
                raise RulesError(why.format(name=name, value=getattr(self, name)))
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
        return table_of(self).seating

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
        changes = translate_legacy(changes)
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise RulesError(unknown_option(sorted(unknown)[0], OPTIONS))
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict:
        """Plain dict of every option (the JSON form; a custom table by its seating's label)."""
        d = {name: getattr(self, name) for name in OPTIONS}
        if self.table is not None:
            d["table"] = self.table.seating.label
        return d

    @classmethod
    def from_json(cls, value) -> "Rules":
        """Rules from a preset name or a dict of options (missing ones take the north-american default)."""
        if isinstance(value, Rules):
            return value
        if isinstance(value, str):
            return preset(value)
        if isinstance(value, Mapping):
            value = translate_legacy(dict(value))
            known = set(OPTIONS)
            bad = [k for k in value if k not in known]
            if bad:
                raise RulesError(unknown_option(bad[0], OPTIONS))
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


#: the rule options, in order: every field of :class:`Rules` but ``table``
OPTIONS = tuple(f.name for f in dataclasses.fields(Rules) if f.name != "table")


def table_of(rules: Rules) -> Table:
    """The :class:`Table` ``rules`` play at: their own, or that of their number of players.  Every
    difference between tables goes through here: the seating, the scoring, the deal."""
    return rules.table if rules.table is not None else TABLES[rules.players]


def game_name(rules: Rules) -> str:
    """The name of the game ``rules`` play ("three-handed cutthroat")."""
    return table_of(rules).name


def for_players(rules: Rules, players: int) -> Rules:
    """``rules`` as a game of ``players``: 4 leaves them as they are; 3 deals seven cards each
    (cutthroat); 2 keeps the hand size; 6 deals five each from the 33-card deck (the default
    24-card deck becomes the 33-card one; any other deck is refused).  Raises :class:`RulesError`
    naming an option that does not apply to the other game (going alone, defending alone, railroad...).
    Six-handed from the 25-card deck (the British pack, ``--rules british``) plays the doubled 25-card
    pack, so ``for_players(preset("british"), 6)`` is the preset ``british6``."""
    if isinstance(players, bool) or players not in TABLES:
        raise RulesError(f"players {players!r}: expected one of {', '.join(map(str, PLAYER_COUNTS))}")
    target, now = TABLES[players], table_of(rules)
    if target is now:
        return rules
    changes: dict = {"players": players, "table": None}
    if target.hand_size is not None:
        changes["hand_size"] = target.hand_size
    elif now.hand_size is not None:
        changes["hand_size"] = Rules.hand_size
    if rules.deck in dict(target.deck_for):  # six-handed: the British pack plays doubled
        changes["deck"] = dict(target.deck_for)[rules.deck]
    return rules.replace(**changes)


def _describe_fields(r: Rules, deck: bool = True, hand_size: bool = True) -> str:
    pack = "doubled 25-card pack (50 cards)" if r.deck_obj.doubled else f"{r.deck}-card deck"
    parts = ([pack] if deck else []) + ([f"{r.hand_size} cards each"] if hand_size else []) + [f"game to {r.game_to}"]
    if table_of(r) is not TABLES[Rules.players]:  # the four-handed game goes without saying
        parts.insert(0, game_name(r))
    parts += [txt for k, txt in FLAG_WORDS.items() if getattr(r, k)]
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


__all__ = [
    "CUTTHROAT_HAND_SIZE", "SIX_HANDED_DECK", "SIX_HANDED_HAND_SIZE", "SIX_HANDED_DECKS", "SIX_HANDED_NOT_BUILT",
    "FARMER_CARDS", "Scoring", "Table",
    "TABLES", "PLAYER_COUNTS", "GAME_NAMES", "Rules", "OPTIONS", "table_of", "game_name", "for_players",
    "NORTH_AMERICAN", "PRESETS", "preset", "load_rules",
]
