"""Exact deck-variant odds by counting: what one dealt hand holds, and where the unseen cards lie.

Every probability is a :class:`fractions.Fraction` built from ``math.comb``; nothing
is sampled.  Once trump is fixed the deck splits into four *effective* suits (the
left bower and the Joker belong to trump), and a uniformly dealt hand is a uniform
subset of the deck, so every quantity here is a sum over how many cards of each
effective suit the hand holds.

Two questions are answered:

* :func:`deck_odds` -- one player's dealt hand, trump fixed (hearts, by symmetry any
  suit): number of trumps, the bowers, the Joker, a void, no card above ten, a lay-down.
* :func:`conditional_odds` -- given one's own hand and the upcard: how the unseen
  trumps and the named cards are spread over partner, each opponent and the kitty,
  as dealt (before any pick-up); it lives in :mod:`euchre_stats.study.conditional`, the
  counting both share in :mod:`euchre_stats.study.counting`, and both are importable from here.

Lay-down, as counted here: the player, alone (partner sitting out) and on lead,
takes every trick against *every* layout of the other cards between the two
opponents.  That holds exactly when (see :func:`is_lay_down`, with the proof in
``docs/odds.md``), with ``k`` trumps held and ``U`` trumps unseen:

1. the hand's top ``min(k, U)`` trumps are the deck's top ``min(k, U)`` trumps;
2. a hand holding any card outside trump holds at least as many trumps as are
   unseen (``U <= k``), so the opponents are out of trump once it has led its trumps;
3. in every other effective suit it holds, with ``m`` cards held and ``V`` unseen,
   its top ``min(m, V)`` cards are the suit's top ``min(m, V)`` cards.

In the doubled 25-card pack (deck 50, six-handed) a card is there twice: "holding the right bower"
(or the Joker, or a named card) is holding at least one of its copies, and a lay-down must beat the
other copy as well (of two identical cards the later played wins, so an opponent's copy takes the
trick the player leads): "the top cards" above are cards strictly above every other card outside
the hand, counted by enumerating each effective suit's holdings (:func:`_tops_count`).

No I/O in this module.  The result types know their own forms (JSON, DataFrame, text
table, chart), which the command line prints as they are.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from ..core.cards import JOKER, NINE, RED_JOKER, TEN, card_rank, mask_to_cards
from ..core.decks import Deck, find_deck
from ..core.errors import OddsInputError
from ..core.seating import SEATINGS
from ..core.trump import POWER_ALL, SUIT_MASK
from ..output.results import ResultView, text_table
from ..rules import FARMER_CARDS
from .counting import (GAME_HOLDERS, GAME_LABELS, NO_TRUMP_ACES, STANDARD, TRUMP, _at_least_one, _check_hand_size,
                       _compositions, _float, _hypergeometric, _p, _q, _text, _tops_count, _trumps, check_players,
                       effective_suits)

# names that lived here before the conditional odds and the counting had modules of their own
from .conditional import ConditionalOdds, HolderOdds, conditional_odds, named_cards  # noqa: F401
from .counting import HOLDERS, SIX_HANDED_DECK, SIX_HANDED_DECKS, _tops_held  # noqa: F401

#: the per-deck quantities, in table order, with what each means for a player
QUANTITIES = {
    "trump_count": "number of trumps dealt (left bower and Joker included)",
    "right_bower": "holding the right bower (jack of trump)",
    "both_bowers": "holding both bowers",
    "joker": "holding the Joker (decks with one)",
    "void": "missing at least one of the four effective suits (trump, next, the two green)",
    "no_card_above_ten": "every card is a 7, 8, 9 or ten (no J, Q, K, A, no Joker)",
    "lay_down": "alone and on lead, takes every trick whatever the others hold",
    "farmers_hand": "at least three nines and tens: a farmer's hand, which may exchange under farmers_hand",
    "no_trump_hand": "at least three aces: a strong hand for a no-trump call in round two under no_trump "
                     "(decks without a Joker: no_trump does not apply with one)",
}
#: how the text and CSV forms name the per-deck quantities (after the trump counts)
ROW_LABELS = {"right_bower": "right bower", "both_bowers": "both bowers", "joker": "Joker",
              "void": "a void (any effective suit)", "no_card_above_ten": "no card above ten",
              "lay_down": "lay-down (alone, on lead)", "farmers_hand": "farmer's hand (3+ nines, tens)",
              "no_trump_hand": "no-trump hand (3+ aces)"}


# --- one player's dealt hand --------------------------------------------------------------
@dataclass(frozen=True)
class DeckOdds:
    """Exact odds for one player's dealt hand from one deck, trump fixed (see :data:`QUANTITIES`).

    The figures depend on the hand size only; ``players`` says which game the hand is dealt in
    (a lay-down holds against one opponent as against two: ``docs/odds.md``)."""

    deck: Deck
    hand_size: int
    trump_count: tuple[Fraction, ...]
    right_bower: Fraction
    both_bowers: Fraction
    joker: Fraction | None
    void: Fraction
    no_card_above_ten: Fraction
    lay_down: Fraction
    farmers_hand: Fraction = Fraction(0)
    players: int = 4
    no_trump_hand: Fraction | None = None

    def values(self) -> dict:
        """The quantities as Fractions (``joker`` is ``None`` for decks without one)."""
        return {name: getattr(self, name) for name in QUANTITIES}

    def to_dict(self, exact: bool = False) -> dict:
        """JSON form: floats, plus an ``"exact"`` object of ``"p/q"`` strings when ``exact``."""
        out: dict = {"hand_size": self.hand_size}
        if SEATINGS[self.players] is not STANDARD:
            out["players"] = self.players
        for name, v in self.values().items():
            out[name] = _float(v)
        if exact:
            out["exact"] = {name: _text(v) for name, v in self.values().items()}
        return out


def deck_odds(deck, hand_size: int | None = None, players: int = 4) -> DeckOdds:
    """Exact odds of one player's dealt hand from ``deck`` (5 cards unless ``hand_size``; 7 in
    cutthroat, ``players=3``), trump fixed.

    >>> deck_odds("24").right_bower
    Fraction(5, 24)
    """
    d = find_deck(deck)
    h = _check_hand_size(d, hand_size, players)
    n = d.size
    hands = comb(n, h)
    suits = effective_suits(d, TRUMP)
    sizes = [len(s) for s in suits]
    t = sizes[TRUMP]
    off = [sizes[s] for s in range(4) if s != TRUMP]

    trump_count = _hypergeometric(t, n, h)
    copies = 2 if d.doubled else 1  # of each card (a right bower, a Joker: either copy)
    right = _at_least_one(copies, n, h)
    # at least one right and one left bower (inclusion-exclusion)
    both = 1 - 2 * Fraction(comb(n - copies, h), hands) + Fraction(comb(n - 2 * copies, h), hands)
    joker = _at_least_one(copies, n, h) if d.has_joker else None
    powers = [tuple(int(POWER_ALL[TRUMP, c]) for c in suit) for suit in suits]
    off_powers = [powers[s] for s in range(4) if s != TRUMP]
    void = Fraction(0)
    lay = Fraction(0)
    for k in range(min(h, t) + 1):
        for ms in _compositions(off, h - k):
            ways = comb(t, k)
            for size, m in zip(off, ms):
                ways *= comb(size, m)
            if k == 0 or 0 in ms:
                void += ways
            if h == k or t - k <= k:
                w = _tops_count(powers[TRUMP], k)
                for pw, m in zip(off_powers, ms):
                    w *= _tops_count(pw, m)
                lay += w
    suited = [c for c in d.cards if c not in (JOKER, RED_JOKER)]
    low = sum(1 for c in suited if card_rank(c) <= TEN)  # the 7s, 8s, 9s and tens of the deck
    no_high = Fraction(comb(low, h), hands)
    nines_tens = sum(1 for c in suited if card_rank(c) in (NINE, TEN))
    farmer = sum(_hypergeometric(nines_tens, n, h)[FARMER_CARDS:], Fraction(0))
    aces = None if d.has_joker else sum(_hypergeometric(4, n, h)[NO_TRUMP_ACES:], Fraction(0))
    return DeckOdds(d, h, trump_count, right, both, joker, void / hands, no_high, lay / hands, farmer, players, aces)


def deck_table(decks: Iterable, hand_size: int | None = None, players: int = 4) -> list[DeckOdds]:
    """:func:`deck_odds` for several decks (names or :class:`Deck`), in order."""
    return [deck_odds(d, hand_size, players) for d in decks]


@dataclass(frozen=True)
class OddsTable(ResultView):
    """:class:`DeckOdds` of several decks side by side: rows are quantities, one column per deck.

    ``exact`` adds every probability as a ``"p/q"`` fraction to the JSON, CSV and text forms.
    ``standard`` holds the same decks in the four-handed game when ``decks`` are of the two- or
    three-handed one: its columns are named ``"<deck> four-handed"`` and the game's
    ``"<deck> cutthroat"`` or ``"<deck> two-handed"``.
    """

    decks: tuple[DeckOdds, ...]
    exact: bool = False
    standard: tuple[DeckOdds, ...] = ()

    def _columns(self) -> list[tuple[str, DeckOdds]]:
        if not self.standard:
            return [(r.deck.label, r) for r in self.decks]
        out = []
        for game, std in zip(self.decks, self.standard):
            out += [(f"{game.deck.label} {GAME_LABELS[game.players]}", game),
                    (f"{std.deck.label} {GAME_LABELS[std.players]}", std)]
        return out

    def rows(self, cell) -> list[dict]:
        """Rows = quantities, one column per deck (per deck and game beside the standard), each cell
        formatted by ``cell``."""
        cols = self._columns()
        h = max(r.hand_size for _, r in cols)
        rows = [{"quantity": _trumps(j), **{c: cell(r.trump_count[j]) if j <= r.hand_size
                                             else cell(None) for c, r in cols}} for j in range(h + 1)]
        for name, label in ROW_LABELS.items():
            rows.append({"quantity": label, **{c: cell(getattr(r, name)) for c, r in cols}})
        return rows

    def to_dict(self) -> dict:
        """``{"decks": {deck: odds}}``; beside the standard, also ``"players"`` and ``"four_handed"``
        (six-handed with the doubled pack: its decks side by side, and ``"players"``)."""
        out = {"decks": {r.deck.label: r.to_dict(self.exact) for r in self.decks}}
        if not self.standard and SEATINGS[self.decks[0].players] is not STANDARD:
            out["players"] = self.decks[0].players
        if self.standard:
            out["players"] = self.decks[0].players
            out["four_handed"] = {r.deck.label: r.to_dict(self.exact) for r in self.standard}
        return out

    def to_frame(self):
        """One row per quantity, a float column per deck (and a ``"<deck> exact"`` one with ``exact``)."""
        import pandas as pd

        df = pd.DataFrame(self.rows(lambda x: None if x is None else float(x)))
        if self.exact:
            ex = pd.DataFrame(self.rows(lambda x: None if x is None else _q(x)))
            for c, _ in self._columns():
                df[f"{c} exact"] = ex[c]
        return df

    def to_text(self) -> str:
        sizes = sorted({r.hand_size for r in self.decks})
        lines = [(f"exact odds of one dealt hand ({', '.join(map(str, sizes))} cards), trump fixed "
                 "(left bower and Joker count as trumps); columns are decks"), ""]
        # another table with no standard beside it: six-handed, its decks side by side
        if not self.standard and SEATINGS[self.decks[0].players] is not STANDARD:
            lines = [("exact odds of one dealt hand, six-handed (5 cards): each deck six-handed euchre is dealt "
                      "from (50: the doubled 25-card pack, every card twice; a card held is either copy), trump "
                      "fixed (left bower and Jokers count as trumps); columns are decks"), ""]
        if self.standard:
            game = GAME_LABELS[self.decks[0].players]
            std = sorted({r.hand_size for r in self.standard})
            lines = [(f"exact odds of one dealt hand, {game} ({', '.join(map(str, sizes))} cards) beside the "
                      f"four-handed game ({', '.join(map(str, std))} cards), trump fixed (left bower and Joker "
                      "count as trumps); columns are decks"), ""]
        lines.append(text_table(self.rows(_p)))
        if self.exact:
            lines += ["", "as fractions:", text_table(self.rows(_q))]
        return "\n".join(lines)

    def plot(self, ax=None):
        """The distribution of the number of trumps dealt, bars per deck; returns the matplotlib Axes."""
        from ..output.plots import draw_distributions, new_axes

        ax = new_axes() if ax is None else ax
        names = ({c: r for c, r in self._columns()} if self.standard
                 else {f"{r.deck.label} cards": r for r in self.decks})
        return draw_distributions(ax, {c: [float(p) for p in r.trump_count] for c, r in names.items()},
                                  "trumps dealt", "probability", "exact odds of one dealt hand")


def is_lay_down(hand: int, trump: int, deck) -> bool:
    """Whether ``hand`` (a bitmask) is a lay-down under ``trump``: rules 1-3 of the module docstring."""
    d = find_deck(deck)
    suit_masks = [d.mask & int(SUIT_MASK[trump, s]) for s in range(4)]
    k = (hand & suit_masks[trump]).bit_count()
    unseen_trumps = (suit_masks[trump] & ~hand).bit_count()
    if hand & ~suit_masks[trump] and unseen_trumps > k:
        return False
    for s in range(4):
        mine = sorted((int(POWER_ALL[trump, c]) for c in mask_to_cards(hand & suit_masks[s])), reverse=True)
        others = [int(POWER_ALL[trump, c]) for c in mask_to_cards(suit_masks[s] & ~hand)]
        # an equal card outside (the doubled pack's other copy) is played after the lead and wins
        if mine and others and mine[min(len(mine), len(others)) - 1] <= max(others):
            return False
    return True


__all__ = [
    "GAME_HOLDERS",
    "HOLDERS",
    "QUANTITIES",
    "TRUMP",
    "ConditionalOdds",
    "DeckOdds",
    "HolderOdds",
    "OddsInputError",
    "OddsTable",
    "check_players",
    "conditional_odds",
    "deck_odds",
    "deck_table",
    "effective_suits",
    "is_lay_down",
    "named_cards",
]
