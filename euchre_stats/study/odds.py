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
  as dealt (before any pick-up).

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

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb

from ..core.cards import (
    ACE,
    HEARTS,
    JACK,
    JOKER,
    NINE,
    RED_JOKER,
    TEN,
    card_face,
    card_rank,
    card_suit,
    card_twin,
    card_name,
    cards_to_mask,
    format_hand,
    mask_to_cards,
    parse_card,
    parse_cards,
    sort_key,
    suit_word,
)
from ..core.decks import Deck, find_deck
from ..core.errors import OddsInputError
from ..core.trump import POWER_ALL, SUIT_MASK
from ..output.results import ResultView, text_table
from ..rules import FARMER_CARDS

#: trump of the per-deck table (every suit gives the same odds)
TRUMP = HEARTS
#: the nines and tens of every deck (two ranks in four suits); a farmer's hand holds FARMER_CARDS of them
_NINES_TENS = 8
#: aces that make a strong no-trump hand (three of the four, docs/rules.md "No trump")
NO_TRUMP_ACES = 3
#: the holders of conditional odds, in the order they are printed
HOLDERS = ("partner", "left", "right", "kitty")
#: the holders by the number of players (four-handed, cutthroat, two-handed, six-handed: three against
#: three in alternate seats, the partners two seats away on either side; there also both partners
#: together and the three opponents together)
GAME_HOLDERS = {4: HOLDERS, 3: ("left", "right", "kitty"), 2: ("opponent", "kitty"),
                6: ("left", "left partner", "across", "right partner", "right", "partners", "opponents", "kitty")}
#: six-handed holders that are several seats: how many
_SEATS_IN = {"partners": 2, "opponents": 3}
#: the deck six-handed euchre is dealt from by default (the rules' 33 cards: 32 and the Joker), and
#: every deck it may be dealt from (the doubled 25-card pack too)
SIX_HANDED_DECK = "33"
SIX_HANDED_DECKS = ("33", "50")
#: how a table names each game (the four-handed game is the standard it is set beside)
GAME_LABELS = {2: "two-handed", 3: "cutthroat", 4: "four-handed", 6: "six-handed"}
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


def _p(x) -> str:
    """A probability for a table: four decimals, or two significant digits when tiny."""
    if x is None:
        return "-"
    x = float(x)
    if x == 0 or x >= 0.001:
        return f"{x:.4f}"
    return f"{x:.2e}"


def _q(x) -> str:
    return "-" if x is None else f"{x.numerator}/{x.denominator}"


def _trumps(j: int) -> str:
    return f"{j} trump{'s' if j != 1 else ''}"


# --- counting helpers ---------------------------------------------------------------------
def effective_suits(deck, trump: int = TRUMP) -> list[list[int]]:
    """The deck's cards by effective suit under ``trump``, each list strongest first."""
    d = find_deck(deck)
    out = []
    for s in range(4):
        cards = mask_to_cards(d.mask & int(SUIT_MASK[trump, s]))
        out.append(sorted(cards, key=lambda c: -int(POWER_ALL[trump, c])))
    return out


def _compositions(sizes: list[int], total: int) -> Iterator[tuple[int, ...]]:
    """Every way to take ``total`` cards from groups of ``sizes`` (a count per group)."""
    if len(sizes) == 1:
        if total <= sizes[0]:
            yield (total,)
        return
    for x in range(min(total, sizes[0]) + 1):
        for rest in _compositions(sizes[1:], total - x):
            yield (x, *rest)


def _tops_held(n: int, m: int) -> int:
    """Number of ``m``-card holdings of an ``n``-card suit that hold its top ``min(m, n - m)`` cards."""
    j = min(m, n - m)
    return comb(n - j, m - j)


@lru_cache(maxsize=None)
def _tops_count(powers: tuple[int, ...], m: int) -> int:
    """Number of ``m``-card holdings of a suit whose cards have ``powers`` (strongest first; equal
    powers are identical copies) whose best ``min(m, n - m)`` cards each beat every card outside
    the holding strictly (an equal copy outside takes a trick its twin leads).  With distinct
    powers this is :func:`_tops_held`."""
    n = len(powers)
    if len(set(powers)) == n:
        return _tops_held(n, m)
    j = min(m, n - m)
    count = 0
    for held in combinations(range(n), m):
        if j == 0:
            count += 1
            continue
        outside = max(powers[i] for i in range(n) if i not in held)
        if powers[held[j - 1]] > outside:  # ``held`` is in index order: strongest first
            count += 1
    return count


def _at_least_one(copies: int, total: int, draws: int) -> Fraction:
    """P(at least one of ``copies`` marked cards among ``draws`` taken from ``total``)."""
    return 1 - Fraction(comb(total - copies, draws), comb(total, draws))


def _hypergeometric(good: int, total: int, draws: int) -> tuple[Fraction, ...]:
    """P(exactly j of ``good`` marked cards among ``draws`` taken from ``total``), j = 0..draws."""
    denom = comb(total, draws)
    return tuple(Fraction(comb(good, j) * comb(total - good, draws - j), denom) for j in range(draws + 1))


def check_players(players) -> int:
    """``players`` if it is 2, 3, 4 or 6 (the games the odds know), else :class:`OddsInputError`."""
    if isinstance(players, bool) or players not in GAME_HOLDERS:
        raise OddsInputError(f"players {players!r}: expected 2 (two-handed), 3 (cutthroat), 4 or 6 (six-handed)")
    return players


def _check_hand_size(d: Deck, hand_size: int | None, players: int = 4) -> int:
    if check_players(players) == 6:
        if d.label not in SIX_HANDED_DECKS:
            raise OddsInputError(f"the {d.label}-card deck: six-handed euchre is dealt from the 33-card deck (32 "
                                 "cards and the Joker) or the doubled 25-card pack (deck 50)")
        if hand_size not in (None, 5):
            raise OddsInputError(f"hand size {hand_size!r}: six-handed euchre deals five cards each")
        return 5
    if d.doubled:
        raise OddsInputError(f"the {d.label}-card deck (the doubled 25-card pack) is six-handed euchre's: "
                             "use players 6")
    if players == 3:
        # the only hand size cutthroat is scored for (rules.CUTTHROAT_HAND_SIZE)
        if hand_size not in (None, 7):
            raise OddsInputError(f"hand size {hand_size!r}: three-handed cutthroat deals seven cards each")
        return 7
    h = 5 if hand_size is None else hand_size
    if not isinstance(h, int) or not 1 <= h <= d.max_hand_size():
        raise OddsInputError(
            f"hand size {h!r} does not fit the {d.label}-card deck (1..{d.max_hand_size()}, "
            "leaving an upcard after four hands)")
    return h


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
        if self.players != 4:
            out["players"] = self.players
        for name, v in self.values().items():
            out[name] = _float(v)
        if exact:
            out["exact"] = {name: _text(v) for name, v in self.values().items()}
        return out


def _float(v):
    if v is None:
        return None
    if isinstance(v, tuple):
        return [float(x) for x in v]
    return float(v)


def _text(v):
    if v is None:
        return None
    if isinstance(v, tuple):
        return [_text(x) for x in v]
    return f"{v.numerator}/{v.denominator}"


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
        if not self.standard and self.decks[0].players != 4:
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
        if not self.standard and self.decks[0].players == 6:
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


# --- conditional odds ---------------------------------------------------------------------
@dataclass(frozen=True)
class HolderOdds:
    """How many unseen trumps one holder was dealt, and P(it holds each named card)."""

    holder: str
    cards_held: int
    trump_count: tuple[Fraction, ...]
    cards: dict[int, Fraction] = field(default_factory=dict)

    def expected_trumps(self) -> Fraction:
        """Mean number of trumps this holder was dealt."""
        return sum((j * p for j, p in enumerate(self.trump_count)), Fraction(0))

    def to_dict(self, exact: bool = False) -> dict:
        out = {"cards_held": self.cards_held, "trump_count": _float(self.trump_count),
               "cards": {card_name(c): float(p) for c, p in self.cards.items()}}
        if exact:
            out["exact"] = {"trump_count": _text(self.trump_count),
                            "cards": {card_name(c): _text(p) for c, p in self.cards.items()}}
        return out


@dataclass(frozen=True)
class ConditionalOdds(ResultView):
    """Odds of the unseen cards given one's own hand and the upcard (see :func:`conditional_odds`).

    ``exact`` adds every probability as a ``"p/q"`` fraction to the JSON, CSV and text forms.
    """

    deck: Deck
    hand_size: int
    hand: int
    upcard: int
    trump: int
    unseen: int
    unseen_trumps: int
    holders: dict[str, HolderOdds]
    exact: bool = False
    players: int = 4

    @property
    def holder_names(self) -> tuple[str, ...]:
        """The holders in print order (:data:`GAME_HOLDERS` of the game)."""
        return GAME_HOLDERS[self.players]

    def to_dict(self, exact: bool | None = None) -> dict:
        """JSON form ``{"players": {"partner": {...}, "left": ..., "right": ..., "kitty": ...}}``
        (``left``, ``right``, ``kitty`` in cutthroat; ``opponent``, ``kitty`` two-handed)."""
        exact = self.exact if exact is None else exact
        return {"players": {name: self.holders[name].to_dict(exact) for name in self.holder_names}}

    def rows(self) -> list[dict]:
        """Rows = quantities (trump counts, expected trumps, each named card), a Fraction per holder."""
        names = self.holder_names
        cards = list(self.holders[names[0]].cards)
        rows = []
        # a hand's worth of trump counts; more where several seats together may hold more (six-handed)
        most = max(len(self.holders[n].trump_count) for n in names) - 1
        for j in range(max(self.hand_size, min(most, self.unseen_trumps)) + 1):
            rows.append({"quantity": _trumps(j),
                         **{n: self.holders[n].trump_count[j] if j < len(self.holders[n].trump_count) else None
                            for n in names}})
        rows.append({"quantity": "expected trumps", **{n: self.holders[n].expected_trumps() for n in names}})
        for card in cards:
            rows.append({"quantity": f"holds {card_name(card)}", **{n: self.holders[n].cards[card]
                                                                      for n in names}})
        return rows

    def to_frame(self):
        """One row per quantity, a float column per holder (and ``"<holder> exact"`` with ``exact``)."""
        import pandas as pd

        rows = self.rows()
        df = pd.DataFrame([{k: (float(v) if k != "quantity" and v is not None else v) for k, v in r.items()}
                           for r in rows])
        if self.exact:
            for n in self.holder_names:
                df[f"{n} exact"] = [_q(r[n]) for r in rows]
        return df

    def to_text(self) -> str:
        held = {n: self.holders[n].cards_held for n in self.holder_names}
        players = {4: "partner, left and right hold {} each", 3: "left and right hold {} each",
                   2: "the opponent holds {}", 6: "the two partners and three opponents hold {} each "
                   "(partners and opponents: the seats together)"}[self.players].format(held[self.holder_names[0]])
        game = "" if self.players == 4 else f", {GAME_LABELS[self.players]}"
        lines = [(f"hand {format_hand(self.hand, trump=self.trump)}, "
                 f"upcard {card_name(self.upcard)}, trump {suit_word(self.trump)}, {self.deck.label}-card deck{game}"),
                 (f"as dealt, before any pick-up: {self.unseen} unseen cards, {self.unseen_trumps} of them "
                 f"trumps; {players}, the kitty {held['kitty']} under the upcard"), ""]
        fmt_cell = (lambda v: "-" if v is None else f"{_p(v)} ({_q(v)})") if self.exact else _p
        # a count of trumps beyond the unseen trumps, or beyond a holder's cards, cannot happen: "-", not 0.0000
        possible = {n: min(self.unseen_trumps, held[n]) for n in self.holder_names}
        table = []
        for j, r in enumerate(self.rows()):
            impossible = {n for n in self.holder_names
                          if r["quantity"] == _trumps(j) and j > possible[n]}
            table.append({k: (v if k == "quantity" else "-" if k in impossible else fmt_cell(v)) for k, v in r.items()})
        lines.append(text_table(table))
        if any(v == "-" for r in table for v in r.values()):
            lines.append("-: cannot happen (more trumps than are unseen, or than the holder's cards)")
        return "\n".join(lines)

    def plot(self, ax=None):
        """How many unseen trumps each holder was dealt, bars per holder; returns the matplotlib Axes."""
        from ..output.plots import draw_distributions, new_axes

        ax = new_axes() if ax is None else ax
        return draw_distributions(ax, {n: [float(p) for p in self.holders[n].trump_count]
                                       for n in self.holder_names},
                                  "trumps dealt", "probability",
                                  f"unseen trumps, upcard {card_name(self.upcard)} ({self.deck.label} cards)")


def named_cards(trump: int, deck) -> list[int]:
    """The cards of interest under ``trump``: Joker, right and left bowers, ace of trump, off-suit aces."""
    d = find_deck(deck)
    cards = [JOKER] if d.has_joker else []
    cards += [RED_JOKER] if d.doubled else []
    cards += [trump * 8 + JACK, (3 - trump) * 8 + JACK, trump * 8 + ACE]
    cards += sorted((s * 8 + ACE for s in range(4) if s != trump), key=sort_key)
    return cards


def conditional_odds(hand, upcard, deck="24", hand_size: int | None = None,
                     every_card: bool = False, players: int = 4) -> ConditionalOdds:
    """Where the unseen cards are, given ``hand`` and the ``upcard``, as dealt (before any pick-up).

    Trump is the upcard's suit (left bower and Joker included); the upcard itself
    is known and not counted.  Holders: ``partner``, ``left`` (next clockwise from
    the asker), ``right``, and ``kitty`` (the cards under the upcard).  Every way of
    dealing the unseen cards is equally likely, so the counts are hypergeometric.

    Parameters
    ----------
    hand : text (``"Jh Jd Ah 9s Tc"``), a list of cards or a bitmask
    upcard : text (``"9h"``) or a card
    deck : deck name or :class:`~euchre_stats.core.decks.Deck`
    hand_size : cards per hand (default 5; the hand must hold that many)
    every_card : give P(holder has it) for every unseen card, not only the named ones
        (:func:`named_cards` not in the hand)
    players : 4, or 3 (cutthroat: seven cards each, holders left, right and the kitty), 2
        (two-handed: the opponent and the kitty) or 6 (six-handed, the 33-card deck: left, left
        partner, across, right partner, right, both partners together, the three opponents
        together and the two cards under the upcard)
    """
    d = find_deck(deck)
    if isinstance(hand, int):
        cards = mask_to_cards(hand)
        bad = [c for c in cards if not (d.mask >> c) & 1]
        if bad:
            raise OddsInputError(f"card {card_name(bad[0])!r} is not in the {d.label}-card deck")
    else:
        cards = parse_cards(hand, d)
    h = _check_hand_size(d, hand_size, players)
    if d.doubled and not isinstance(upcard, int):  # a card the hand holds names the upcard's other copy
        try:
            upcard = parse_cards(upcard, d, size=1, taken=cards_to_mask(cards))[0]
        except ValueError as exc:
            raise OddsInputError(f"upcard: {exc}") from None
    if len(cards) != h:
        raise OddsInputError(f"hand {' '.join(card_name(c) for c in cards)!r} has {len(cards)} cards; "
                             f"expected {h} (set the hand size for other deals)")
    mask = cards_to_mask(cards)
    up = upcard if isinstance(upcard, int) else parse_card(upcard, d)
    if not (d.mask >> up) & 1:
        raise OddsInputError(f"upcard {card_name(up)!r} is not in the {d.label}-card deck")
    if (mask >> up) & 1:
        raise OddsInputError(f"the upcard {card_name(up)!r} is also in the hand")
    if up in (JOKER, RED_JOKER):
        raise OddsInputError("the Joker is the upcard: trump is named by the dealer, not turned up; "
                             "name a suited upcard")
    trump = card_suit(up)
    unseen_mask = d.mask & ~mask & ~(1 << up)
    unseen = unseen_mask.bit_count()
    trump_mask = d.mask & int(SUIT_MASK[trump, trump])
    ut = (unseen_mask & trump_mask).bit_count()
    names = GAME_HOLDERS[players]
    sizes = {name: h * _SEATS_IN.get(name, 1) for name in names}
    sizes["kitty"] = d.size - players * h - 1
    # a card of the doubled pack is shown once, by its first copy: P(the holder has a copy of it)
    unseen_faces = sorted({card_face(c) for c in mask_to_cards(unseen_mask)})
    shown = unseen_faces if every_card else [c for c in named_cards(trump, d)
                                             if (unseen_mask >> c) & 1 or (d.doubled and card_twin(c) >= 0
                                                                           and (unseen_mask >> card_twin(c)) & 1)]
    holders = {}
    for name in names:
        n = sizes[name]
        probs = {}
        for c in shown:
            copies = sum(1 for x in (c, card_twin(c)) if x >= 0 and (unseen_mask >> x) & 1)
            probs[c] = _at_least_one(copies, unseen, n)
        holders[name] = HolderOdds(name, n, _hypergeometric(ut, unseen, n), probs)
    return ConditionalOdds(d, h, mask, up, trump, unseen, ut, holders, players=players)


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
