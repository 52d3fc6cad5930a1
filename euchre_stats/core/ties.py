"""The realistic play model's tie-break: which of the cards whose averages over the worlds tie is played.

One rule, written once here in plain Python; the kernels compile these same functions
(:mod:`euchre_stats.engine.choice`), and the Python twins (the tests' slow model, the single-decision
entry points) call them as they are.

*The key* (:func:`tie_key`, lowest first): plain cards before trumps; plain cards by rank first (the
lowest rank of any suit before a higher one: a nine before a ten of any suit), then by suit; trumps
by their power (9, 10, Q, K, A, the left bower, the right bower, the Joker): a trump never comes
before a plain card, so a tie never spends a trump where a plain card would do (the order of
:func:`euchre_stats.game.policies._low_key` too).  Twins of the doubled pack: the first copy first.

*A makers' lead* (the first card of a trick, by the side that made trump) takes the key reversed
(:func:`decision_order`, :data:`HIGH_FIRST`): of leads the worlds cannot tell apart, the highest trump first, then
the highest plain card.

*Equal ranks of different suits* are ordered by a per-deal random order of the suits (:func:`tie_order`):
one of the 24 orders of the four suits counted from trump (``(suit - trump) & 3``; in no trump the
suit itself), drawn from the deal's random stream without advancing it (a hash of the stream's
starting state), the same for every decision of the deal.  Any fixed order would favour a suit name or
a position relative to trump that a renaming of the suits moves (the two green suits swap places under
a renaming that keeps the question), so the defence would keep one suit rather than another by name;
a random order gives every renaming the same chances, whatever the position.  Counted from trump,
a renaming that keeps every suit's distance from trump (clubs <-> hearts, diamonds <-> spades: trump,
next and the green suits in the same places) plays a deal and its renamed copy with the same random
stream card for card alike (the kernels' power layout is the same).  The order is a function of
``(seed, stream)`` alone, so results stay independent of threads and chunks.

Until 2026-12-06 ties went to the lowest card number (clubs, diamonds, hearts, spades, then rank):
against a loner the defenders' tied discards then depended on the suits' names, and ``order`` values of
going alone moved by up to 0.64 points between renamings of one question (docs/methods.md, "Ties to
the lowest card number").
"""

from __future__ import annotations

import itertools

import numpy as np

from .bits import RED_JOKER, TWIN_BASE
from .trump import EFF_SUIT, NO_TRUMP, POWER_ALL

#: the 24 orders of the four suits counted from trump: suit ``r``'s place is ``(order >> 2r) & 3``
ORDERS = np.array([sum(p[r] << (2 * r) for r in range(4)) for p in itertools.permutations(range(4))],
                  dtype=np.int64)
ORDERS.setflags(write=False)
#: mixed into a stream's starting state to draw its order (any constant other than the stream's step)
TIE_SALT = 0x7469652D6F726465  # "tie-orde"
_MASK64 = 0xFFFFFFFFFFFFFFFF
_GOLDEN = 0x9E3779B97F4A7C15
#: the trump tier's offset: every plain key is below it
_TRUMP_TIER = 64
#: a flag of ``order``: the key reversed (a makers' lead: the highest trump first, then the highest plain card)
HIGH_FIRST = 1 << 16
_HIGH_BASE = 4 * _TRUMP_TIER


def tie_key(card, trump, order):
    """The tie-break key of deck card ``card`` under ``trump`` (4: no trump) and the suit order ``order``
    (one of :data:`ORDERS`): of equally valued cards, the one with the lowest key is played.

    Plain cards ``2 * (power * 4 + place of the suit)``, trumps ``2 * (64 + power)`` (powers as
    :data:`~euchre_stats.core.trump.POWER_ALL`: plain 0..7 by face, trumps 32..43), plus 1 for the second
    copy of a doubled-pack card.  Distinct cards have distinct keys (twins differ by their copy)."""
    e = int(EFF_SUIT[trump, card])
    p = int(POWER_ALL[trump, card])
    copy = 1 if TWIN_BASE <= card < RED_JOKER else 0
    if trump != NO_TRUMP and e == trump:
        k = 2 * (_TRUMP_TIER + p) + copy
    else:
        r = e if trump == NO_TRUMP else (e - trump) & 3
        k = 2 * (p * 4 + ((order >> (2 * r)) & 3)) + copy
    if (order >> 16) & 1:   # HIGH_FIRST: the reverse order, the highest trump first
        return _HIGH_BASE - k
    return k


def maker_side(pts0) -> int:
    """The side (0 or 1) that made trump, read from ``pts0`` (side 0's points minus side 1's for each count of
    side 0's tricks, as the kernels take it): a side that made trump scores 1 for a bare majority, the least it
    can score in any table or rule set, while a euchre scores at least 2, so side 0 made it exactly when the
    smallest positive entry is 1."""
    least = 1 << 30
    for v in pts0:
        if 0 < v < least:
            least = v
    return 0 if least == 1 else 1


def decision_order(order, pos, seat, maker) -> int:
    """The order a decision breaks its ties by: the deal's ``order``, reversed (:data:`HIGH_FIRST`) when the mover
    leads (``pos`` 0) for the side that made trump (``seat & 1 == maker``, the makers' side): of leads the
    worlds cannot tell apart the makers lead the highest (the top trump, then the highest plain card: drawing
    trumps and cashing winners); every other tie, a defender's lead too, goes to the lowest key (a plain card
    before a trump, the lowest rank first: nothing of value thrown, no stopper led away).  Measured in
    docs/methods.md, "Leads that tie"."""
    if pos == 0 and (seat & 1) == maker:
        return order | HIGH_FIRST
    return order


def mix64(z: int) -> int:
    """splitmix64's output function (as :func:`euchre_stats.engine.worlds._mix`), on Python ints."""
    z &= _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def tie_order_of(state: int) -> int:
    """The suit order of a deal whose random stream starts at ``state`` (its first word, before any draw)."""
    return int(ORDERS[mix64(int(state) ^ TIE_SALT) % 24])


def tie_order(seed: int, stream: int) -> int:
    """The suit order of stream ``stream`` of ``seed``, as the kernels draw it (without advancing the stream)."""
    return tie_order_of(mix64((int(seed) & _MASK64) ^ mix64((int(stream) & _MASK64) ^ _GOLDEN)))


#: the order of the single-decision entry points when the caller names none: seed 0's stream 0
DEFAULT_ORDER = tie_order(0, 0)


def suit_orders(words) -> np.ndarray:
    """One suit order (:data:`ORDERS`) per row of ``words`` (an (n, k) array of uint64, e.g. a deal's four hands):
    splitmix64 over the row's words, so a row and its copy with the suits renamed get unrelated orders.  The
    vectorised bidders' random order for their ties (the dealer's discard,
    :func:`euchre_stats.bidding.model.void_discard`; round two's suit), drawn from the deal itself so no random
    stream is used up."""
    w = np.ascontiguousarray(np.asarray(words, dtype=np.uint64))
    if w.ndim == 1:
        w = w[:, None]
    h = np.full(w.shape[0], TIE_SALT, dtype=np.uint64)
    for j in range(w.shape[1]):
        z = h ^ w[:, j]
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        h = z ^ (z >> np.uint64(31))
    return ORDERS[(h % np.uint64(24)).astype(np.int64)]


def discard_key(card, trump, order):
    """The bidders' key for discards that keep equal counts (lowest first): the lowest rank, then the suit first
    in ``order`` counted from trump, the Joker after every rank.  One rule for the count's discard
    (``bidding/_kernels.py``), the compiled reader's (``engine/reading.py``) and their twin
    (``bidding/model_v2.py``)."""
    if card == 32:
        return 32
    return (card & 7) * 4 + ((order >> (2 * ((int(EFF_SUIT[trump, card]) - trump) & 3))) & 3)


def suit_place(order, suit, trump):
    """Suit ``suit``'s place (0..3) in the order ``order`` counted from ``trump`` (4: no trump, the suit
    itself); numpy arrays broadcast."""
    r = np.where(np.asarray(trump) == NO_TRUMP, suit, (np.asarray(suit) - trump) & 3)
    return (np.asarray(order) >> (2 * r)) & 3


def lowest_tied(cards, trump: int, order: int) -> int:
    """Of ``cards`` (deck numbers, equally valued), the one played: the lowest :func:`tie_key`."""
    return min(cards, key=lambda c: tie_key(c, trump, order))
