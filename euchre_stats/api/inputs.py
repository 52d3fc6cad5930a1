"""What the public functions take, read once for all of them: rules, bidding models, sizes, tables.

Each public function (:mod:`euchre_stats.api`) turns its arguments into the library's values
here -- a preset name, JSON text or dict into :class:`~euchre_stats.rules.Rules` (at the table
asked for), a bidding model's path into the model -- refuses sizes beyond their bounds and
options a table does not take, and records on a result the bidding model it used.  The heavy
layers are imported inside the functions that need them.
"""

from __future__ import annotations

import os

from collections.abc import Callable

from ..core.errors import DecisionInputError, RulesError
from ..core.limits import check_size
from ..rules import GAME_NAMES, NORTH_AMERICAN, PLAYER_COUNTS, Rules, for_players, load_rules

#: what ``rules=`` accepts: a preset name, JSON text of options, a dict of options or a Rules
RulesLike = str | Rules | dict
Progress = Callable[[int, int], None]
#: the decks ``odds`` and ``variants`` compare when none is named
ALL_DECKS = "24,25,28,32,33"
#: the decks ``variants`` compares under ``no_trump`` when none is named (no_trump has no Joker deck)
NO_JOKER_DECKS = "24,28,32"
#: the standard game, which every other table is set beside: its table, deck and hand size
STANDARD = NORTH_AMERICAN


def read_rules(rules, games: bool = False, no_trump: bool = True) -> Rules:
    """A preset name (``"stick"``), a JSON object as text, a dict of options or a :class:`Rules`;
    four-handed unless ``games`` (the questions of the bidding model are four-handed); with
    ``no_trump`` False, rules with ``no_trump`` are refused (strategy tables and ``advise``)."""
    r = load_rules(rules)
    if not games:
        from ..cardplay.contracts import four_handed_only

        if four_handed_only(r):
            raise RulesError(four_handed_only(r))
    if not no_trump and r.no_trump:
        raise RulesError("no_trump: strategy tables and advise do not value a no-trump call yet (their hand "
                         "classes are the suits'); order, call, discard, lead and variants do")
    return r


def rules_for_players(rules, players) -> Rules:
    """The rules as a game of ``players`` (None: as the rules say; :func:`~euchre_stats.rules.for_players`).
    Options naming a pack only some tables are dealt from (the doubled pack, ``{"deck": "50"}``,
    six-handed euchre's) are read at the table asked for."""
    if isinstance(players, str) and players.strip().isdigit():
        players = int(players)
    if players is not None and isinstance(rules, dict) and "players" not in rules and names_doubled_pack(
            rules.get("deck")):
        try:
            return load_rules({**rules, "players": players})
        except RulesError:
            pass  # read as given below, so the error names the options as written
    r = load_rules(rules)
    if players is None:
        return r
    return for_players(r, players)


def default_game(players) -> Rules | None:
    """The standard rules at a table of ``players`` (:func:`~euchre_stats.rules.for_players`): its
    seating, its deck and its hand size; None for a number no table seats (the caller refuses it)."""
    if isinstance(players, bool) or players not in PLAYER_COUNTS:
        return None
    return for_players(STANDARD, players)


def names_doubled_pack(deck) -> bool:
    """Whether ``deck`` names the doubled 25-card pack (an unknown name is left to the reader's error)."""
    from ..core.decks import find_deck

    try:
        return deck is not None and find_deck(deck).doubled
    except ValueError:
        return False


def refuse_four_handed_options(r: Rules, **given) -> None:
    """Refuse an option the questions of the two-, three- and six-handed games do not take."""
    for name, value in given.items():
        if value not in (None, False):
            raise DecisionInputError(f"{name.replace('_', ' ')} {value!r} does not apply to {GAME_NAMES[r.players]} "
                                     f"(players {r.players}): " + _FOUR_HANDED_ONLY.get(name, "not modelled there"))


#: why an option of the four-handed questions does not apply at the other tables
_FOUR_HANDED_ONLY = {"score": "game-win chances are modelled for the four-handed game only",
                     "named": "its questions start from a suited upcard",
                     "alone": "nobody goes alone", "defender_alone": "nobody defends alone",
                     "alone_seat": "the lead takes a lone maker's partner in the four-handed game only",
                     "discard": "the dealer's discard is not a known card there", "pass_model": "a pass is valued by "
                     "the point-count bidder (hand) or as zero (zero)"}


def read_bidding(bidding):
    """``None`` (the shipped model), a :class:`BiddingModel` or the path of one (JSON from ``tune``)."""
    if bidding is None or not isinstance(bidding, (str, bytes)) and not hasattr(bidding, "__fspath__"):
        return bidding
    from ..bidding.model import BiddingModel

    try:
        return BiddingModel.load(bidding)
    except (ValueError, TypeError, KeyError) as exc:
        raise DecisionInputError(f"{str(bidding)!r} is not a bidding model file: {exc}") from None


def read_game_bidder(bidding, r: Rules) -> dict | None:
    """``bidding`` at a table without the bidding model (two-, three-, six-handed): None (the shipped
    bidder), the path of a ``tune --players`` file or a dict of thresholds; a four-handed
    :class:`BiddingModel` is refused."""
    if bidding is None:
        return None
    if not isinstance(bidding, (str, bytes, dict)) and not hasattr(bidding, "__fspath__"):
        raise DecisionInputError(f"bidding: a four-handed bidding model does not apply to {GAME_NAMES[r.players]} "
                                 f"(players {r.players}); give the thresholds of `euchre-stats tune --players`")
    from ..bidding.games import load_bidder_file

    try:
        return load_bidder_file(bidding, r.players, r.deck)
    except ValueError as exc:
        raise DecisionInputError(str(exc)) from None


def bidding_name(bidding) -> str:
    """How a result records the bidding model it used: ``"shipped"``, the file's path as given, or
    ``"custom"`` for a model (or thresholds) passed as an object."""
    if bidding is None:
        return "shipped"
    if isinstance(bidding, (str, bytes)) or hasattr(bidding, "__fspath__"):
        return os.fsdecode(bidding)
    return "custom"


def recorded(result, bidding):
    """``result`` (a decision, or both of a comparison of play models) with the bidding model it used."""
    ds = ((result.dd, result.pimc) if hasattr(result, "pimc") else
          tuple(result.decisions.values()) if hasattr(result, "decisions") else (result,))
    for d in ds:
        if bidding is not None or d.bidding is None:  # a default population the decision named stays named
            d.bidding = bidding_name(bidding)
    return result


def check_sizes(**sizes) -> None:
    """Refuse a size beyond its bound (``core/limits.py``) before anything is allocated."""
    for name, value in sizes.items():
        check_size(name, value)


def model_option(model: str | None) -> dict:
    """``model=`` only when one is named, so the decision layer's own default applies otherwise."""
    return {} if model is None else {"model": model}
