"""One friendly position for the double-dummy solver: cards as text, one position solved.

:func:`solve` and :func:`card_values` take cards as text, :func:`make_position` validates them, and a
:class:`SolveResult` knows its own forms (JSON, DataFrame, text).  The arrays behind them are
:mod:`euchre_stats.solver`'s, and every name here is importable from there as before.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..core.cards import (
    JOKER,
    CardSet,
    card_name,
    format_hand,
    mask_to_cards,
    parse_cards,
    parse_trump,
    sort_key,
    suit_word,
)
from ..core.decks import find_deck
from ..core.seats import next_active
from ..core.errors import InconsistentDealError, InvalidCardError, SolveInputError
from ..core.trump import EFF_SUIT, NO_TRUMP, POWER, SUIT_MASK
from ..output.results import ResultView
from . import MAX_HAND, _run


def _parse_hand(value, deck, seat: int) -> int:
    if isinstance(value, CardSet):
        return value.mask
    if isinstance(value, (int, np.integer)):
        mask = int(value)
        if mask < 0 or mask >> (JOKER + 1):
            raise InvalidCardError(f"hand of seat {seat} {value!r} is not a card bitmask")
        return mask
    if isinstance(value, str) and value.strip() in ("", "-"):
        return 0
    if not isinstance(value, str):
        value = list(value)
        if all(isinstance(c, (int, np.integer)) for c in value):
            mask = 0
            for c in value:
                if not 0 <= int(c) <= JOKER:
                    raise InvalidCardError(f"hand of seat {seat} {value!r} holds {c!r}, not a card")
                if (mask >> int(c)) & 1:
                    raise InconsistentDealError(f"hand of seat {seat} {value!r} holds {card_name(int(c))!r} twice")
                mask |= 1 << int(c)
            return mask
    mask = 0
    for c in parse_cards(value, deck):
        mask |= 1 << c
    return mask


def _parse_played(played, deck) -> list[int]:
    if played is None:
        return []
    if isinstance(played, str):
        return parse_cards(played, deck) if played.strip() not in ("", "-") else []
    items = list(played)
    if all(isinstance(c, (int, np.integer)) for c in items):
        for c in items:
            if not 0 <= int(c) <= JOKER:
                raise InvalidCardError(f"played {items!r} holds {c!r}, not a card")
        return [int(c) for c in items]
    return parse_cards(items, deck)


def _parse_out(out) -> int:
    if isinstance(out, (int, np.integer)):
        seats = [int(out)]
    else:
        seats = [int(s) for s in out]
    mask = 0
    for s in seats:
        if not 0 <= s <= 3:
            raise SolveInputError(f"seat {s!r} in out {out!r} is not a seat 0..3")
        mask |= 1 << s
    return mask


def trump_text(t: int) -> str:
    return "no trump" if t == NO_TRUMP else f"trump {suit_word(t)}"


def _parse_trump(trump) -> int:
    if isinstance(trump, (int, np.integer)) and not isinstance(trump, bool):
        if not 0 <= int(trump) <= NO_TRUMP:
            raise SolveInputError(f"trump {trump!r} is not a suit 0..3 or 4 (no trump)")
        return int(trump)
    return parse_trump(trump)


@dataclass(frozen=True)
class Position:
    """A validated position: hand masks, trump, leader, seats out (bitmask) and cards on the table."""

    hands: tuple[int, int, int, int]
    trump: int
    leader: int
    out: int = 0
    played: tuple[int, ...] = ()

    @property
    def to_move(self) -> int:
        """Seat to play next."""
        seat = self.leader
        for _ in self.played:
            seat = next_active(seat, self.out)
        return seat

    def legal_cards(self) -> list[int]:
        """Cards the player to move may play."""
        hand = self.hands[self.to_move]
        if self.played:
            follow = hand & int(SUIT_MASK[self.trump, EFF_SUIT[self.trump, self.played[0]]])
            if follow:
                hand = follow
        return mask_to_cards(hand)


def make_position(hands, trump, leader, out=(), played=(), deck=None) -> Position:
    """Parse and validate a position (see :func:`solve`); raises :class:`InconsistentDealError`."""
    if isinstance(hands, (str, bytes)) or len(hands) != 4:
        raise SolveInputError(f"hands must list four seats (0..3), got {hands!r}")
    if deck is not None and find_deck(deck).doubled:
        raise SolveInputError(f"deck {find_deck(deck).label!r}: the doubled 25-card pack is six-handed euchre's; this "
                              "solver seats four (six seats: euchre_stats.solver.seats.solve_seats)")
    masks = tuple(_parse_hand(v, deck, s) for s, v in enumerate(hands))
    t = _parse_trump(trump)
    if isinstance(leader, bool) or not isinstance(leader, (int, np.integer)) or not 0 <= int(leader) <= 3:
        raise SolveInputError(f"leader {leader!r} is not a seat 0..3")
    o = _parse_out(out)
    cards = _parse_played(played, deck)
    if deck is not None:
        dmask = find_deck(deck).mask
        for s, m in enumerate(masks):
            extra = m & ~dmask
            if extra:
                raise InvalidCardError(
                    f"card {card_name(mask_to_cards(extra)[0])!r} of seat {s} is not in the "
                    f"{find_deck(deck).label}-card deck"
                )
    shown = [format_hand(m) for m in masks]
    owner: dict[int, int] = {}
    for s, m in enumerate(masks):
        for c in mask_to_cards(m):
            if c in owner:
                raise InconsistentDealError(
                    f"card {card_name(c)!r} is held by seats {owner[c]} and {s} in {shown!r}"
                )
            owner[c] = s
    for c in cards:
        if c in owner:
            raise InconsistentDealError(
                f"card {card_name(c)!r} is on the table and in the hand of seat {owner[c]}: {shown!r}"
            )
    if len(set(cards)) != len(cards):
        raise InconsistentDealError(f"a card is on the table twice: {[card_name(c) for c in cards]!r}")
    if t == NO_TRUMP and (JOKER in owner or JOKER in cards):
        raise InconsistentDealError("no trump with the Joker in play: no rule text gives the Joker a place "
                                    "without trump")
    active = [not (o >> s) & 1 for s in range(4)]
    if sum(active) < 2:
        raise InconsistentDealError(f"seats out {sorted(s for s in range(4) if not active[s])!r} "
                                    "leave fewer than two players")
    if not active[int(leader)]:
        raise InconsistentDealError(f"leader {int(leader)} sits out")
    for s in range(4):
        if not active[s] and masks[s]:
            raise InconsistentDealError(f"seat {s} sits out but holds {shown[s]!r}")
    if len(cards) >= sum(active):
        raise InconsistentDealError(
            f"{len(cards)} cards on the table {[card_name(c) for c in cards]!r} with {sum(active)} players: "
            "the trick is complete"
        )
    pos = Position(masks, t, int(leader), o, tuple(cards))
    seats_played = []
    seat = int(leader)
    for _ in cards:
        seats_played.append(seat)
        seat = next_active(seat, o)
    mover = seat
    size = masks[mover].bit_count()
    if size > MAX_HAND:
        raise InconsistentDealError(f"seat {mover} holds {size} cards ({shown[mover]!r}); at most {MAX_HAND}")
    if cards and size == 0:
        raise InconsistentDealError(f"seat {mover} is to play to {[card_name(c) for c in cards]!r} "
                                    "but holds no card")
    for s in range(4):
        if not active[s]:
            continue
        want = size - (1 if s in seats_played else 0)
        if masks[s].bit_count() != want:
            raise InconsistentDealError(
                f"seat {s} holds {masks[s].bit_count()} cards ({shown[s]!r}) but seat {mover} to move holds "
                f"{size}: with {len(cards)} card(s) on the table seat {s} should hold {want}"
            )
    if cards:
        led = int(EFF_SUIT[t, cards[0]])
        for c, s in zip(cards[1:], seats_played[1:]):
            if int(EFF_SUIT[t, c]) != led and masks[s] & int(SUIT_MASK[t, led]):
                raise InconsistentDealError(
                    f"seat {s} played {card_name(c)!r} to a {suit_word(led)} lead while holding "
                    f"{format_hand(masks[s] & int(SUIT_MASK[t, led]))!r} (a renege)"
                )
    return pos


def result_dict(tricks, values: dict[int, int]) -> dict:
    """``{"tricks": [side 0, side 1], "card_values": {card name: tricks}}``: one solved position as JSON."""
    return {"tricks": [int(tricks[0]), int(tricks[1])],
            "card_values": {card_name(c): int(v) for c, v in values.items()}}


@dataclass(frozen=True)
class SolveResult(ResultView):
    """Double-dummy result of one position.

    ``tricks`` is ``(side 0, side 1)`` over the tricks still to be decided (the
    current one included); ``card_values`` maps each legal card of the seat
    ``to_move`` to the tricks that seat's side takes when playing it.
    """

    formats = ("table", "json", "jsonl")

    tricks: tuple[int, int]
    to_move: int
    card_values: dict[int, int] = field(default_factory=dict)
    position: Position | None = None

    @property
    def best_cards(self) -> list[int]:
        """The legal cards that keep the most tricks for the side to move."""
        if not self.card_values:
            return []
        top = max(self.card_values.values())
        return [c for c, v in self.card_values.items() if v == top]

    def __str__(self) -> str:
        lines = []
        if self.position is not None:
            p = self.position
            if p.played:
                trick = " ".join(card_name(c) for c in p.played)
                lines.append(f"{trump_text(p.trump)}, seat {p.leader} led, on the table {trick}; "
                             f"seat {self.to_move} to play")
            else:
                lines.append(f"{trump_text(p.trump)}, seat {self.to_move} to lead")
        lines.append(f"tricks: seats 0+2 take {self.tricks[0]}, seats 1+3 take {self.tricks[1]}")
        if self.card_values:
            side = "0+2" if self.to_move % 2 == 0 else "1+3"
            t = self.position.trump if self.position is not None else None

            def order(kv):
                c, v = kv
                if t is not None and int(EFF_SUIT[t, c]) == t:
                    return (-v, -1, -int(POWER[t, c]))
                return (-v,) + sort_key(c)

            shown = "  ".join(f"{card_name(c)} {v}" for c, v in sorted(self.card_values.items(), key=order))
            lines.append(f"card values (tricks for seats {side}): {shown}")
        return "\n".join(lines)

    def to_dict(self) -> dict:
        """The command line's JSON: ``tricks``, ``card_values`` (card name -> tricks) and ``to_move``."""
        return {**result_dict(self.tricks, self.card_values), "to_move": self.to_move}

    def to_frame(self):
        """One row per legal card: ``card`` and ``tricks`` (for the side to move), best first."""
        import pandas as pd

        rows = sorted(self.card_values.items(), key=lambda kv: (-kv[1],) + sort_key(kv[0]))
        return pd.DataFrame({"card": [card_name(c) for c, _ in rows], "tricks": [v for _, v in rows]})

    def to_text(self) -> str:
        return str(self)

    def format(self, fmt: str = "table") -> str:
        """``table``, ``json`` (indented) or ``jsonl`` (one line), as the command line prints them."""
        import json

        if fmt == "json":
            return json.dumps(self.to_dict(), indent=2, ensure_ascii=False)
        if fmt == "jsonl":
            return self.to_json()
        return super().format(fmt)

    def plot(self, ax=None):
        """Tricks kept by each legal card, a bar each; returns the matplotlib Axes."""
        from ..output.plots import new_axes

        ax = new_axes() if ax is None else ax
        df = self.to_frame()
        ax.bar(df["card"], df["tricks"])
        ax.set_ylabel(f"tricks for seats {'0+2' if self.to_move % 2 == 0 else '1+3'}")
        ax.set_title(f"double-dummy value of each card of seat {self.to_move}")
        return ax


def solve_position(pos: Position) -> SolveResult:
    """Solve a validated :class:`Position`, with the value of every legal card."""
    hands = np.array([pos.hands], dtype=np.uint64)
    played = np.full((1, 3), -1, dtype=np.int8)
    played[0, : len(pos.played)] = pos.played
    res, values = _run(hands, pos.trump, pos.leader, pos.out, played, 1, True, None, check=False)
    mover = pos.to_move
    total = pos.hands[mover].bit_count()
    side0 = int(res[0])
    vals = {int(c): int(values[0, c]) for c in range(33) if values[0, c] >= 0}
    return SolveResult((side0, total - side0), mover, vals, pos)


def solve(hands, trump, leader, out=(), played=(), deck=None) -> SolveResult:
    """Solve one position given as text or masks.

    Parameters
    ----------
    hands : four items, seats 0..3
        Each a string (``"Jh Jd Ah"``; ``""`` or ``"-"`` for a seat that sits out),
        a list of card names or numbers, a bitmask or a :class:`~euchre_stats.core.cards.CardSet`.
    trump : str or int
        ``'h'``, ``'hearts'``, ``'♥'`` or 0..3.
    leader : int
        Seat that leads (or led) the current trick.
    out : iterable of int
        Seats sitting out.
    played : str or list
        Cards already on the table in the current trick, in play order.
    deck : str, optional
        If given, every card must belong to that deck.

    Examples
    --------
    >>> solve(["Jh Jd Ah Kh Qh", "9s Ts Js Qs Ks", "", "9c Tc Jc Qc Kc"], "h", 0, out=[2]).tricks
    (5, 0)
    """
    return solve_position(make_position(hands, trump, leader, out, played, deck))


def card_values(hands, trump, leader, out=(), played=(), deck=None) -> dict[int, int]:
    """Value of every legal card of the player to move (for replays): ``{card: tricks for their side}``.

    Same arguments as :func:`solve`; the tricks counted are those still to be
    decided, the current one included.
    """
    return solve(hands, trump, leader, out, played, deck).card_values
