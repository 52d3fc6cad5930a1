"""The rules core: the options (:mod:`.options`: one frozen :class:`Rules` dataclass, each table as
data, the named presets) and the effect of every option (:mod:`.effects`: who may pass, take up,
go alone, defend alone; who leads; the game's end; the hand's score).

Every regional difference in ``shared/RULES.md`` is an option here, never a hard-coded choice
elsewhere, and only this package reads the options that change what players may do or what a hand
scores.  Every name is importable from ``euchre_stats.rules``.  No I/O here.
"""

from __future__ import annotations

from ..core.errors import RulesError
from .options import (CUTTHROAT_HAND_SIZE, SIX_HANDED_DECK, SIX_HANDED_HAND_SIZE, SIX_HANDED_DECKS,
    SIX_HANDED_NOT_BUILT, FARMER_CARDS, Scoring, Table, TABLES, PLAYER_COUNTS, GAME_NAMES, Rules, OPTIONS, table_of,
    game_name, for_players, NORTH_AMERICAN, PRESETS, preset, load_rules)
from .effects import (may_pass, may_call_no_trump, why_no_no_trump, order_must_go_alone, may_take_up, dealer_picks_up,
    banned_discard, may_discard, joker_up_names_trump, joker_up_makes_trump, joker_up_offers_named_suit,
    lone_defence_possible, hand_point_limit, alone_with_the_call, why_no_alone, may_call_alone,
    why_no_alone_before_lead, railroad_on, may_go_alone, may_defend_alone, why_no_defend_alone, farmer_cards,
    may_farm, sitting_out, loner_asks_partner, first_leader, side_of_seat, side_count, game_winner, renege_points,
    points_by_side, renege_penalty, hand_points, hand_points_array, hand_point_values)

__all__ = [
    "RulesError", "CUTTHROAT_HAND_SIZE", "SIX_HANDED_DECK", "SIX_HANDED_HAND_SIZE", "SIX_HANDED_DECKS",
    "SIX_HANDED_NOT_BUILT", "FARMER_CARDS", "Scoring", "Table", "TABLES", "PLAYER_COUNTS", "GAME_NAMES", "Rules",
    "OPTIONS", "table_of", "game_name", "for_players", "NORTH_AMERICAN", "PRESETS", "preset", "load_rules",
    "may_pass", "may_call_no_trump", "why_no_no_trump", "order_must_go_alone", "may_take_up", "dealer_picks_up",
    "banned_discard", "may_discard", "joker_up_names_trump", "joker_up_makes_trump", "joker_up_offers_named_suit",
    "lone_defence_possible", "hand_point_limit", "alone_with_the_call", "why_no_alone", "may_call_alone",
    "why_no_alone_before_lead", "railroad_on", "may_go_alone", "may_defend_alone", "why_no_defend_alone",
    "farmer_cards", "may_farm", "sitting_out", "loner_asks_partner", "first_leader", "side_of_seat", "side_count",
    "game_winner", "renege_points", "points_by_side", "renege_penalty", "hand_points", "hand_points_array",
    "hand_point_values",
]
