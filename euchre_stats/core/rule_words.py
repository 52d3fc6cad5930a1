"""The words of the rule options: the values each option takes, the old spelling still read, the
other names of the presets, the words that describe an option that is on, and the reading of an
option's name.  Words only: what an option *does* is :mod:`euchre_stats.rules`' (and only its), and
no :class:`~euchre_stats.rules.Rules` is built here.  No I/O.
"""

from __future__ import annotations

from .errors import RulesError

LEAD_CHOICES = ("eldest", "left_of_loner")
JOKER_UPCARD_CHOICES = ("throw_in", "blind", "almonte")
ALONE_CHOICES = ("with_call", "before_lead")
GAME_TARGETS = (5, 7, 10, 11, 15)
#: the old boolean form of ``joker_upcard`` (still read from rules JSON and ``Rules.replace``)
LEGACY_JOKER_KEY = "joker_upcard_rule"
#: other names of the presets
PRESET_ALIASES = {"na": "north-american", "north_american": "north-american", "standard":
                  "north-american", "default": "north-american", "stick-the-dealer": "stick",
                  "uk": "british", "australian": "australian32", "aus32": "australian32",
                  "british-six": "british6", "six-handed-british": "british6", "cornwall": "british6",
                  "uk6": "british6"}
#: how a description of the rules names each true-or-false option that is on
FLAG_WORDS = {
    "stick_the_dealer": "stick the dealer", "canadian_loner": "Canadian loner",
    "defend_alone": "defend alone", "defend_alone_only_against_loner": "only against a loner",
    "super_euchre": "super-euchre",
    "dealer_needs_trump": "dealer needs a trump", "passer_may_not_go_alone":
    "passer may not go alone", "lone_defender_needs_all_tricks": "lone defender's 4 only for all tricks",
    "railroad": "railroad", "win_by_two": "win by two", "farmers_hand": "farmer's hand",
    "no_trump": "no trump may be called in round two",
}


def unknown_option(name, known) -> str:
    """The error for a rule option that is not one of ``known``, with the nearest ones
    (``stick_dealer`` -> ``stick_the_dealer``): by spelling, or by every word of it (dashes read as
    underscores)."""
    import difflib

    key = str(name).strip().lower().replace("-", "_").replace(" ", "_")
    near = [k for k in known if k == key]
    words = [w for w in key.split("_") if w]
    near += [k for k in known if words and k not in near and all(w in k.split("_") for w in words)]
    near += [k for k in difflib.get_close_matches(key, known, n=3, cutoff=0.7) if k not in near]
    hint = f"; did you mean {' or '.join(repr(k) for k in near[:3])}?" if near else ""
    return f"unknown rule option {name!r}{hint}"


def translate_legacy(changes: dict) -> dict:
    """``joker_upcard_rule: true|false`` (the old option) as ``joker_upcard: "blind"|"throw_in"``."""
    if LEGACY_JOKER_KEY not in changes:
        return changes
    changes = dict(changes)
    old = changes.pop(LEGACY_JOKER_KEY)
    if not isinstance(old, bool):
        raise RulesError(f"rule {LEGACY_JOKER_KEY} must be true or false, got {old!r}")
    if "joker_upcard" in changes and (changes["joker_upcard"] != "throw_in") != old:
        raise RulesError(f"{LEGACY_JOKER_KEY} {old!r} contradicts joker_upcard {changes['joker_upcard']!r}")
    changes.setdefault("joker_upcard", "blind" if old else "throw_in")
    return changes
