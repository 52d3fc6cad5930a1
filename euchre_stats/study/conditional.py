"""Exact conditional odds by counting: given one's own hand and the upcard, where the unseen cards lie.

:func:`conditional_odds` answers how the unseen trumps and the named cards are spread over
partner, each opponent and the kitty, as dealt (before any pick-up), at every table
(:data:`~euchre_stats.study.counting.GAME_HOLDERS`).  Every way of dealing the unseen cards is
equally likely, so the counts are hypergeometric (:mod:`euchre_stats.study.counting`).  No I/O;
the result type knows its own forms (JSON, DataFrame, text table, chart).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..core.cards import (
    ACE,
    JACK,
    JOKER,
    RED_JOKER,
    card_face,
    card_name,
    card_suit,
    card_twin,
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
from ..core.seating import SEATINGS
from ..core.trump import SUIT_MASK
from ..output.results import ResultView, text_table
from .counting import (GAME_HOLDERS, GAME_LABELS, _SEATS_IN, _at_least_one, _check_hand_size, _float, _hypergeometric,
                       _p, _q, _text, _trumps)


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
        game = "" if SEATINGS[self.players].vectorised else f", {GAME_LABELS[self.players]}"
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


__all__ = ["ConditionalOdds", "HolderOdds", "conditional_odds", "named_cards"]
