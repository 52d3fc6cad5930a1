"""The exact counting behind the deck odds: binomials, holdings by effective suit, and the checks
and number forms the odds results share.

Every probability is a :class:`fractions.Fraction` built from ``math.comb``; nothing is sampled.
Once trump is fixed the deck splits into four *effective* suits (the left bower and the Joker
belong to trump), and a uniformly dealt hand is a uniform subset of the deck, so every quantity
of :mod:`euchre_stats.study.odds` and :mod:`euchre_stats.study.conditional` is a sum over how many
cards of each effective suit a holding has.  No I/O here.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb

from ..core.cards import HEARTS, mask_to_cards
from ..core.decks import Deck, find_deck
from ..core.errors import OddsInputError
from ..core.seating import SEATINGS
from ..core.trump import POWER_ALL, SUIT_MASK
from ..rules import NORTH_AMERICAN

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
GAME_LABELS = {p: s.label for p, s in SEATINGS.items()}
#: the table every other is set beside: the default rules' (the four-handed game)
STANDARD = NORTH_AMERICAN.seating


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
    """The hand size dealt from deck ``d`` at the ``players`` table (``hand_size`` or the table's own),
    or :class:`OddsInputError`: the odds' one dispatch on the table, which decks and hand sizes it deals."""
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
