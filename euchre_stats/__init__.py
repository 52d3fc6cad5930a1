"""euchre-stats: probability and strategy analysis for Euchre.

The library never imports the command-line front end (``euchre_stats.cli``).
"""

from .core.cards import JOKER, CardSet, card_name, format_cards, format_hand, parse_card, parse_cards, parse_hand
from .core.decks import Deck, find_deck
from .core.errors import DuplicateCardError, HandSizeError, InvalidCardError, RulesError
from .rules import PRESETS, Rules, preset

__version__ = "0.1.0"

__all__ = [
    "CardSet", "DuplicateCardError", "HandSizeError", "InvalidCardError", "JOKER", "card_name",
    "format_cards", "format_hand", "parse_card", "parse_cards", "parse_hand", "Deck", "find_deck",
    "PRESETS", "Rules", "RulesError", "preset", "__version__",
]
