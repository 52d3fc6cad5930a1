"""Trump-dependent lookup tables as plain numpy arrays (shared by Python code and numba kernels).

For each trump suit ``t`` (0..3), and ``t = NO_TRUMP`` (4: no trump, every suit plain):

* ``EFF_SUIT[t, card]`` -- the suit the card belongs to once trump is fixed: the
  left bower and the Joker belong to trump.
* ``POWER[t, card]`` -- comparable strength inside one effective suit; every
  trump is above every plain card (trump powers are 32..42: natural trumps
  32 + rank, left bower 40, right bower 41, Joker 42; plain cards 0..7).
* ``SUIT_MASK[t, s]`` -- bitmask of all cards (of every pack, the doubled one's twins and red
  Joker included) whose effective suit is ``s``; intersect with a deck mask.

``EFF_SUIT`` and ``SUIT_MASK`` cover every card number (``NUM_CARDS_ALL``: the doubled 25-card
pack's twins read as their first copies, and its red Joker is a trump); ``POWER`` covers the
33-card universe, where the one Joker is 42.  ``POWER_ALL`` covers every card number and ranks
the doubled pack's two Jokers by trump's colour: the Joker of trump's colour 43, the other 42
(card 32 is the black Joker); a twin has its first copy's power.

Also the trick logic every engine shares: effective suits, legal plays, the trick winner.
No I/O and no rule options here: only the card order every variant shares.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .bits import JACK, JOKER, NUM_CARDS, NUM_CARDS_ALL, RED_JOKER, card_face, mask_to_cards
from .errors import SolveInputError

LEFT_POWER, RIGHT_POWER, JOKER_POWER = 40, 41, 42
TRUMP_BASE = 32
#: the "trump" index of a no-trump hand (led suit wins, aces high); the tables have a fifth row for it
NO_TRUMP = 4


def _build():
    eff = np.zeros((5, NUM_CARDS_ALL), dtype=np.int8)
    power = np.zeros((5, NUM_CARDS_ALL), dtype=np.int8)
    masks = np.zeros((5, 4), dtype=np.uint64)
    for t in range(5):
        for c in range(NUM_CARDS_ALL):
            if t == NO_TRUMP:
                # no trump: every card follows its own suit, ranked by face (aces high, jacks in
                # their place); the Joker has no place (no text gives it one: refused with no trump)
                f = card_face(c)
                e, p = (0, JOKER_POWER) if c in (JOKER, RED_JOKER) else (f >> 3, f & 7)
            elif c == JOKER or c == RED_JOKER:
                # the Joker of trump's colour ranks above the other (card 32 is the black one)
                black_trump = t in (0, 3)
                e, p = t, JOKER_POWER + ((c == JOKER) == black_trump)
            else:
                s, r = card_face(c) >> 3, card_face(c) & 7
                if s == t and r == JACK:
                    e, p = t, RIGHT_POWER
                elif s == 3 - t and r == JACK:
                    e, p = t, LEFT_POWER
                elif s == t:
                    e, p = t, TRUMP_BASE + r
                else:
                    e, p = s, r
            eff[t, c] = e
            power[t, c] = p
            masks[t, e] |= np.uint64(1 << c)
    power_33 = power[:, :NUM_CARDS].copy()
    power_33[:4, JOKER] = JOKER_POWER
    for a in (eff, power, masks, power_33):
        a.setflags(write=False)
    return eff, power_33, power, masks


EFF_SUIT, POWER, POWER_ALL, SUIT_MASK = _build()


@dataclass(frozen=True)
class TrumpTables:
    """Tables for one trump suit (views into the module arrays)."""

    trump: int
    eff_suit: np.ndarray
    power: np.ndarray
    suit_mask: np.ndarray


@lru_cache(maxsize=None)
def trump_tables(trump: int) -> TrumpTables:
    """The :class:`TrumpTables` of ``trump`` (0 = clubs .. 3 = spades)."""
    if trump not in (0, 1, 2, 3, NO_TRUMP):
        raise SolveInputError(f"trump must be a suit 0..3 or 4 (no trump), got {trump!r}")
    return TrumpTables(trump, EFF_SUIT[trump], POWER_ALL[trump], SUIT_MASK[trump])


# --- trick logic -------------------------------------------------------------------
def effective_suit(card: int, trump: int) -> int:
    """Suit the card follows as once ``trump`` is fixed (left bower and Joker are trump)."""
    return int(EFF_SUIT[trump, card])


def card_power(card: int, trump: int) -> int:
    """Trick power of the card under ``trump`` (compare within one effective suit; trumps beat all;
    :data:`POWER_ALL`, so the doubled pack's Jokers rank by trump's colour)."""
    return int(POWER_ALL[trump, card])


def legal_plays(hand: int, trump: int, led: int | None = None) -> int:
    """Mask of the cards of ``hand`` that may be played to a trick whose first card is ``led``.

    With no led card (leading) every card is legal; otherwise a player must
    follow the led card's effective suit when able.
    """
    if led is None:
        return hand
    follow = hand & int(SUIT_MASK[trump, EFF_SUIT[trump, led]])
    return follow if follow else hand


def is_trump(card: int, trump: int) -> bool:
    """Whether ``card`` is a trump (bowers and Joker included)."""
    return int(EFF_SUIT[trump, card]) == trump


def trick_winner_index(cards: Sequence[int], trump: int) -> int:
    """Index in ``cards`` (in play order, first led) of the card that wins the trick.

    Of two identical cards (the doubled pack's twins) the later played wins; no other two cards
    that can win a trick have equal power."""
    led_suit = EFF_SUIT[trump, cards[0]]
    best, best_key = 0, -1
    for i, c in enumerate(cards):
        e = EFF_SUIT[trump, c]
        key = int(POWER_ALL[trump, c]) if (e == trump or e == led_suit) else -1
        if key >= 0 and key >= best_key:
            best, best_key = i, key
    return best


def touching_classes(cards: Sequence[int], trump: int, live: int) -> list[list[int]]:
    """``cards`` (one player's) grouped into runs that play alike: cards of one effective suit with
    no ``live`` card (one still in play that the player does not hold) ranked between them or
    level with either.  Leading, following or discarding one card of a run leaves the others of
    its run in the same place against every card still live, whoever can see them: K and Q of a
    suit are one run, and so are A and Q once the K is played.  Runs come suit by suit (clubs first,
    trump with its suit), each suit's runs and each run's cards from the lowest up."""
    runs: dict[int, list[list[int]]] = {}
    for c in sorted(cards, key=lambda c: (int(EFF_SUIT[trump, c]), int(POWER_ALL[trump, c]), c)):
        e, p = int(EFF_SUIT[trump, c]), int(POWER_ALL[trump, c])
        suit_runs = runs.setdefault(e, [])
        if suit_runs:
            lo = int(POWER_ALL[trump, suit_runs[-1][-1]])
            between = live & int(SUIT_MASK[trump, e])
            if not any(lo <= int(POWER_ALL[trump, x]) <= p for x in mask_to_cards(between)):
                suit_runs[-1].append(c)
                continue
        suit_runs.append([c])
    return [r for e in sorted(runs) for r in runs[e]]


def holds_natural_trump(hand: int, suit: int) -> bool:
    """Whether ``hand`` holds a card of ``suit`` by its face (left bower not counted) or a Joker."""
    twins = ((1 << 6) - 1) << (33 + 6 * suit)
    return bool(hand & ((0xFF << (8 * suit)) | twins)) or bool((hand >> JOKER) & 1) or bool((hand >> RED_JOKER) & 1)


@lru_cache(maxsize=65536)
def sure_tricks(hand: int, trump: int, deck: int, dead: int = 0) -> int:
    """Tricks ``hand`` takes for its side whatever anyone plays once ``trump`` is made: its trumps that
    outrank every trump still in play.  Each of them wins the trick it falls in, since no other player
    holds a higher one.  ``deck`` is the mask of the pack, ``dead`` the cards out of play (a turned-down
    upcard).  Trumps of equal power (the doubled pack's twins) count only when the hand holds them all.
    No trump gives 0: an ace played to another suit's lead wins nothing."""
    if trump == NO_TRUMP:
        return 0
    live = [c for c in mask_to_cards(deck & ~dead) if EFF_SUIT[trump, c] == trump]
    held = 0
    for p in sorted({int(POWER_ALL[trump, c]) for c in live}, reverse=True):
        level = [c for c in live if POWER_ALL[trump, c] == p]
        if any(not (hand >> c) & 1 for c in level):
            break
        held += len(level)
    return held
