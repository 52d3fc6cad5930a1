"""Reading the play: a cheap likelihood of the cards the other seats chose (``realistic-v2:play=N``).

A sound player does not spend a card where a cheaper one does the same: following to a trick it
cannot win, or throwing off, it plays low; winning as the last hand, it wins as cheaply as it can.
So a seat that played a card while it held a cheaper one that would have done the same is unlikely.
Per card read and per candidate deal, the likelihood is ``exp(-BETA * k)``, where ``k`` counts the
cards of that seat's hand *then* (its hand in the candidate now plus the cards it has played since)
that were

* *legal*: of the suit led when the card played was (it followed), else any card (it was void);
* *cheaper*: of lower trick power (:data:`~euchre_stats.core.trump.POWER_ALL`: a plain card's rank,
  every trump above every plain card), across suits when discarding;
* *alike in effect*: both beat the card winning the trick so far (as
  :func:`~euchre_stats.core.trump.trick_winner_index` rules: a trump over a plain card, a higher card
  of the suit led; of two twins the later wins), or neither does;
* *not touching it*: of another suit, or with a card between the two in its suit still live (not
  played before, not the turned-down upcard, not in the seat's hand): touching cards are worth the
  same, either may be played.

Read are the cards played to a trick another seat led, by a seat other than the reader, that did
not win the trick so far or were played by the trick's last hand (a higher winner before the last
hand may be kept from the hands to come); a discard (void, not a trump) only where the seat held
another card of its suit (throwing a singleton makes a void: a reason of its own).  ``play=1`` reads
only the cards played by a seat that could not follow (discards and ruffs), ``play=2`` every such
card.  The cards seen are public, so each becomes a few masks; a candidate's likelihood is a product
of popcounts of its hidden hands against them: cheap, vectorised over candidates.  No I/O, no
randomness.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..core.trump import EFF_SUIT, POWER_ALL, SUIT_MASK
from .view import SeatView

#: how unlikely each cheaper card with the same effect makes the card seen (likelihood exp(-BETA) each)
BETA = 1.0
#: the option values: 0 off, 1 cards played when void, 2 every card played to another's lead
PLAY_KINDS = (0, 1, 2)


@lru_cache(maxsize=4096)
def _beats(trump: int, best: int, deck: int) -> int:
    """The cards of ``deck`` that would win a trick whose winning card so far is ``best``, played after it."""
    eb = int(EFF_SUIT[trump, best])
    pb = int(POWER_ALL[trump, best])
    out = 0
    for d in range(POWER_ALL.shape[1]):
        if not (deck >> d) & 1:
            continue
        e = int(EFF_SUIT[trump, d])
        if (e == eb and int(POWER_ALL[trump, d]) >= pb) or (e == trump and eb != trump):
            out |= 1 << d
    return out


@lru_cache(maxsize=4096)
def _cheaper(trump: int, card: int, deck: int) -> int:
    """The cards of ``deck`` of lower trick power than ``card``."""
    p = int(POWER_ALL[trump, card])
    out = 0
    for d in range(POWER_ALL.shape[1]):
        if (deck >> d) & 1 and int(POWER_ALL[trump, d]) < p:
            out |= 1 << d
    return out


def _between(trump: int, a: int, b: int, deck: int) -> int:
    """The cards of ``deck`` of ``a``'s effective suit strictly between ``a`` and ``b`` in trick power."""
    lo, hi = sorted((int(POWER_ALL[trump, a]), int(POWER_ALL[trump, b])))
    e = int(EFF_SUIT[trump, a])
    out = 0
    for d in range(POWER_ALL.shape[1]):
        if (deck >> d) & 1 and int(EFF_SUIT[trump, d]) == e and lo < int(POWER_ALL[trump, d]) < hi:
            out |= 1 << d
    return out


def play_evidence(view: SeatView, ks: list[int], kind: int) -> list[tuple[int, int, tuple, int]]:
    """The cards seen that are read (``kind`` 1 or 2), as ``(kernel seat, later, cheaper, voiding)``: the
    seat's hand then was its hand now plus ``later`` (the cards it played from then on, this one
    included); ``cheaper`` lists ``(card, between)`` for each legal cheaper card that would have done the
    same to the trick, with the cards between the two (the cheaper card counts only if one of those
    was live: not played before and not in the seat's hand); ``voiding`` is the suit mask of a discard
    (the card read only if the seat held another card of its suit), else 0."""
    if kind <= 0:
        return []
    t = view.trump
    deck = view.rules.deck_obj.mask
    per = sum(view.active)
    out = []
    plays = view.plays
    gone = 0 if view.upcard_taken else 1 << view.upcard  # seen by all
    for i, (s, c) in enumerate(plays):
        pos = i % per
        before = gone
        gone |= 1 << c
        if pos == 0 or s == view.seat:
            continue
        start = i - pos
        led = int(EFF_SUIT[t, plays[start][1]])
        e = int(EFF_SUIT[t, c])
        follows = e == led
        if kind == 1 and follows:
            continue
        best = plays[start][1]
        for _, d in plays[start + 1:i]:
            ed, eb = int(EFF_SUIT[t, d]), int(EFF_SUIT[t, best])
            if (ed == eb and int(POWER_ALL[t, d]) >= int(POWER_ALL[t, best])) or (ed == t and eb != t):
                best = d
        beats = _beats(t, best, deck)
        wins = (beats >> c) & 1
        if wins and pos != per - 1:
            continue  # winning before the last hand: a higher card may be kept from the hands to come
        same = beats if wins else deck & ~beats
        legal = int(SUIT_MASK[t, led]) & deck if follows else deck
        mask = same & legal & _cheaper(t, c, deck)
        if not mask:
            continue
        cheaper = []
        m = mask
        while m:
            d = (m & -m).bit_length() - 1
            m &= m - 1
            between = _between(t, c, d, deck) & ~before if int(EFF_SUIT[t, d]) == e else -1
            cheaper.append((d, between))
        later = 0
        for s2, c2 in plays[i:]:
            if s2 == s:
                later |= 1 << c2
        voiding = int(SUIT_MASK[t, e]) & deck if not follows and e != t else 0
        out.append((ks[s], later, tuple(cheaper), voiding))
    return out


def play_likelihood(view: SeatView, ks: list[int], ws: np.ndarray, kind: int) -> np.ndarray:
    """Per candidate ``ws`` (m, 4) (hands now on the kernel's seats), the likelihood of the cards the
    other seats chose (see the module); ones where ``kind`` is 0 or nothing is read."""
    hands = np.asarray(ws, dtype=np.uint64)
    k = np.zeros(hands.shape[0], dtype=np.int64)
    for seat, later, cheaper, voiding in play_evidence(view, ks, kind):
        then = hands[:, seat] | np.uint64(later)
        n = np.zeros(hands.shape[0], dtype=np.int64)
        for d, between in cheaper:
            held = (then >> np.uint64(d)) & np.uint64(1)
            if between >= 0:  # of the same suit: touching cards (nothing live between) are alike
                held &= ((np.uint64(between) & ~then) != 0).astype(np.uint64)
            n += held.astype(np.int64)
        if voiding:
            n *= np.bitwise_count(then & np.uint64(voiding)) > 1
        k += n
    return np.exp(-BETA * k)


__all__ = ["BETA", "PLAY_KINDS", "play_evidence", "play_likelihood"]
