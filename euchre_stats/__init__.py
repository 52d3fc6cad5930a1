"""euchre-stats: probability and strategy analysis for Euchre.

The questions (:mod:`euchre_stats.api`, loaded on first use so that ``import euchre_stats``
stays quick)::

    >>> import euchre_stats as es
    >>> es.odds("24").decks[0].right_bower
    Fraction(5, 24)

``order``, ``call``, ``discard``, ``lead``, ``alone``, ``solve``, ``odds``, ``variants``,
``advise`` and ``table`` take what the command line takes and return results with ``to_dict()``,
``to_frame()``, ``plot()`` and a Jupyter view (``docs/api.md``).  Cards, decks and rules are
here too.  The library never imports the command-line front end (``euchre_stats.cli``).
"""

from .core.cards import JOKER, CardSet, card_name, format_cards, format_hand, parse_card, parse_cards, parse_hand
from .core.decks import Deck, find_deck
from .core.errors import DuplicateCardError, EuchreStatsError, HandSizeError, InvalidCardError, RulesError
from .rules import PRESETS, Rules, preset

from ._version import __version__

#: the public functions, in :mod:`euchre_stats.api`
API = ("order", "call", "discard", "lead", "alone", "solve", "odds", "variants", "advise", "table", "equity",
       "match", "play")


def __getattr__(name: str):
    if name in API:
        from . import api

        return getattr(api, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(API))


__all__ = [
    *API,
    "CardSet", "DuplicateCardError", "EuchreStatsError", "HandSizeError", "InvalidCardError", "JOKER",
    "card_name", "format_cards", "format_hand", "parse_card", "parse_cards", "parse_hand", "Deck", "find_deck",
    "PRESETS", "Rules", "RulesError", "preset", "__version__",
]
