"""Defence as strong players defend, against a lone maker and on lead against makers (``realistic-v2:defend=N``).

The realistic player values each card on worlds solved double-dummy, where its partner always
knows which suit to guard and which to lead; issue 30 asks whether defending by the rules strong
players follow does better.  Four rules, each an option bit of ``defend``, each measured on its own
(``docs/methods.md``, "Defence": :data:`LEADS` gains a little; against loners nothing does, the
realistic discards being already the double-dummy card 99% of the time and most of what the defence
loses the opening lead; :data:`ACES` loses):

* :data:`GUARDS` (1), **keeping guards**: a defender against a lone maker who cannot follow suit
  plays, among the cards worth within :data:`NEAR` points a world of the best (a near-tie on its
  worlds), the one that keeps the most plain suits guarded (:func:`guarded`: it holds more cards
  of the suit than there are higher ones still out, so K-x with the ace out, Q-x-x with the ace
  and king out, a bare ace), then the one whose discard leaves its suit unguarded, then the best.
  A card worth more than that to the worlds is played as before.
* :data:`SIGNALS` (2), **reading the partner's discards under that convention**: a discard from a
  plain suit by a defender following the rule above says "I do not guard this suit now" (unless the
  worlds forced it).  Its partner weighs each candidate deal by that reading: a deal where the
  discarder would still guard the suit after the discard keeps weight :data:`LIE`, the others 1;
  the worlds are then redrawn from the candidates (the auction's weights times these).  With
  ``defend=3`` both partners follow the convention; ``defend=2`` reads a partner who does not.
* :data:`LEADS` (4), **cashing winners against makers with a partner**: a defender on lead against
  makers who did not go alone leads, among the near-ties of its worlds, a plain-suit card no card
  out can beat (an off ace; a king once its ace is gone), then the best.  A measurement of the
  opening leads against double-dummy play suggested it (``docs/methods.md``, "Defence").
* :data:`ACES` (8), **the opening lead of an off ace against makers with a partner**, whatever the
  worlds say: a defender making the first lead of the hand who holds an ace of a plain suit leads
  it (of two, the one its worlds value more).  Valued double-dummy, that maxim's opening leads beat
  the worlds' own (``docs/methods.md``, "Defence").

One more acts on the cards of a defender against a lone maker only (``docs/methods.md``, "Defending
against a loner, on the lone deals"):

* :data:`MORE` (16), **more worlds against a loner**: a defender against a lone maker decides on
  :data:`MORE_WORLDS` times as many worlds, drawn from as many times more candidate deals (192 worlds
  from 2,048 candidates by default).  Against a loner a defender holds perhaps two real choices a hand,
  the opening lead above all, and 24 worlds value a lead with a noise of its own; the cost is small.
  Whatever other options the player has, the cards this bit decides are chosen as ``realistic-v2`` does
  (or as the rules above say), on the larger worlds.  Measured on the lone deals against
  ``realistic-v3``'s defence it gains: the defenders net 0.039 points more a lone deal, [+0.022,
  +0.056] (``realistic-v4`` is ``realistic-v2:defend=20``).

Each applies only at the tables whose auction ``realistic-v2`` reads
(:func:`~euchre_stats.players.reading.reads_auction`), against a maker who went alone (no defender
alone; :data:`LEADS` and :data:`ACES` against makers with a partner), for a defender; every other card is
``realistic-v2``'s.  Everything is drawn from the seat's
seed and the number of cards played.  What a defender counts as "out" is public: the cards of the
suit neither in its own hand, nor played, nor the turned-down upcard (the dealer's own discard,
known only to it, is not used, so its partner can read the rule exactly).  No I/O.
"""

from __future__ import annotations

import numpy as np

from ..core.ties import DEFAULT_ORDER, tie_key
from ..core.trump import EFF_SUIT, POWER_ALL, SUIT_MASK
from ..cardplay.realistic import DEFAULT_WORLDS, MAX_SEED, decide_given_worlds
from .cardplay import _lowest, legal_copy
from .reading import DEFAULT_POOL, MAX_POOL, inferred_card, reads_auction, weighted_worlds
from .view import SeatView

#: option bits of ``defend``
GUARDS, SIGNALS, LEADS, ACES, MORE = 1, 2, 4, 8, 16
#: every bit ``defend`` may hold
ALL = GUARDS | SIGNALS | LEADS | ACES | MORE
#: :data:`MORE`: how many times more worlds (and candidate deals) a defender against a loner draws
MORE_WORLDS = 8
#: a near-tie: a card within this many points a world of the best
NEAR = 0.25
#: the weight of a deal where the partner's discard broke the convention (it still guards the suit)
LIE = 0.2


def against_loner(view: SeatView) -> bool:
    """Whether the seat to move defends against a maker who went alone (no defender alone), at a table
    whose auction ``realistic-v2`` reads."""
    return (reads_auction(view) and view.alone is not None and view.alone == view.maker_seat
            and view.defender_alone is None and view.side_of(view.seat) != view.side_of(view.maker_seat))


def _bits(mask: int):
    while mask:
        c = _lowest(mask)
        yield c
        mask &= mask - 1


def outstanding(view: SeatView, hand: int, before: int) -> int:
    """The cards out from the viewpoint of a seat holding ``hand`` when ``before`` cards had been played
    (``view.plays[:before]``): the pack less that hand, those cards and a turned-down upcard."""
    gone = 0
    for _, c in view.plays[:before]:
        gone |= 1 << c
    if not view.upcard_taken:
        gone |= 1 << view.upcard
    return view.rules.deck_obj.mask & ~hand & ~gone


def guarded(hand: int, suit: int, trump: int, out: int) -> bool:
    """Whether ``hand`` guards the plain ``suit``: it holds more of its cards than there are cards of
    it out (``out``) above its highest."""
    held = hand & int(SUIT_MASK[trump, suit])
    if not held:
        return False
    top = max(int(POWER_ALL[trump, c]) for c in _bits(held))
    higher = sum(1 for c in _bits(out & int(SUIT_MASK[trump, suit])) if int(POWER_ALL[trump, c]) > top)
    return held.bit_count() > higher


def guards(hand: int, trump: int, out: int) -> int:
    """How many plain suits ``hand`` guards."""
    return sum(guarded(hand, s, trump, out) for s in range(4) if s != trump)


def must_discard(view: SeatView) -> bool:
    """Whether the seat to move plays to a trick whose suit it cannot follow."""
    led = view.led_suit
    return led is not None and not view.hand & int(SUIT_MASK[view.trump, led])


def convention_key(view: SeatView, card: int) -> tuple[int, int]:
    """How the convention ranks ``card`` (higher first): the plain suits the hand still guards after it,
    then 1 if it says nothing false (a trump, or a discard leaving its suit unguarded)."""
    t = view.trump
    out = outstanding(view, view.hand, len(view.plays))
    rest = view.hand & ~(1 << card)
    s = int(EFF_SUIT[t, card])
    honest = s == t or not guarded(rest, s, t, out)
    return guards(rest, t, out), int(honest)


def against_makers(view: SeatView) -> bool:
    """Whether the seat to move defends against makers who did not go alone (no defender alone), at a
    table whose auction ``realistic-v2`` reads."""
    return (reads_auction(view) and view.alone is None and view.defender_alone is None
            and view.side_of(view.seat) != view.side_of(view.maker_seat))


def winner(view: SeatView, card: int) -> bool:
    """Whether ``card`` is of a plain suit and no card of that suit still out ranks above it."""
    t = view.trump
    s = int(EFF_SUIT[t, card])
    if s == t:
        return False
    out = outstanding(view, view.hand, len(view.plays)) & int(SUIT_MASK[t, s])
    return all(int(POWER_ALL[t, c]) < int(POWER_ALL[t, card]) for c in _bits(out))


def lead_choice(view: SeatView, sums: np.ndarray, legal: int, worlds: int, order: int = DEFAULT_ORDER) -> int:
    """The card of :data:`LEADS` from the worlds' summed points ``sums``: among the legal cards within
    ``NEAR * worlds`` of the best sum, a :func:`winner` first, then by sum, then the lowest tie key under the
    suit order ``order`` (:func:`euchre_stats.core.ties.tie_key`)."""
    cards = list(_bits(legal))
    best = max(int(sums[c]) for c in cards)
    near = [c for c in cards if int(sums[c]) >= best - NEAR * worlds]
    return max(near, key=lambda c: (winner(view, c), int(sums[c]), -tie_key(c, view.trump, order)))


def off_aces(view: SeatView) -> int:
    """The aces of plain suits in the hand (a mask)."""
    t = view.trump
    return sum(1 << c for c in _bits(view.hand) if int(EFF_SUIT[t, c]) != t and (c & 7) == 7)


def ace_choice(view: SeatView, sums: np.ndarray, legal: int, worlds: int, order: int = DEFAULT_ORDER) -> int:
    """The card of :data:`ACES`: the off ace the worlds' ``sums`` value most (then the lowest tie key), when the
    hand holds one; else the best card."""
    aces = off_aces(view) & legal
    cards = list(_bits(aces or legal))
    return max(cards, key=lambda c: (int(sums[c]), -tie_key(c, view.trump, order)))


def guard_choice(view: SeatView, sums: np.ndarray, legal: int, worlds: int, order: int = DEFAULT_ORDER) -> int:
    """The card of :data:`GUARDS` from the worlds' summed points ``sums`` (33): among the legal cards
    within ``NEAR * worlds`` of the best sum, the best by :func:`convention_key`, then by sum, then the
    lowest tie key."""
    cards = list(_bits(legal))
    best = max(int(sums[c]) for c in cards)
    near = [c for c in cards if int(sums[c]) >= best - NEAR * worlds]
    return max(near, key=lambda c: (convention_key(view, c), int(sums[c]), -tie_key(c, view.trump, order)))


def partner_discards(view: SeatView) -> list[tuple[int, int, int]]:
    """The partner's discards so far: ``(index in view.plays, card, suit)`` of each plain-suit card it
    played to a trick whose suit it could not follow (as its later plays or the led suit show)."""
    partner = (view.seat + 2) % 4  # four-handed (the tables whose auction is read)
    t = view.trump
    per = sum(view.active)
    out = []
    for i, (s, c) in enumerate(view.plays):
        if s != partner:
            continue
        led = int(EFF_SUIT[t, view.plays[i - i % per][1]])
        e = int(EFF_SUIT[t, c])
        if e != led and e != t:
            out.append((i, c, e))
    return out


def signal_likelihood(view: SeatView, cand: np.ndarray, ks: list[int]) -> np.ndarray:
    """Per candidate deal ``cand`` (m, 4: hands now on the kernel's seats), the likelihood of the
    partner's discards under the convention: :data:`LIE` for each discard after which the partner, as
    that deal has it, still guarded the suit; 1 otherwise."""
    partner = (view.seat + 2) % 4
    t = view.trump
    w = np.ones(cand.shape[0])
    marks = partner_discards(view)
    if not marks:
        return w
    later = {}
    for i, _, _ in marks:
        m = 0
        for s, c in view.plays[i + 1:]:
            if s == partner:
                m |= 1 << c
        later[i] = m
    hands = cand[:, ks[partner]].astype(np.int64)
    cache: dict = {}
    for j in range(cand.shape[0]):
        for i, c, e in marks:
            hand = int(hands[j]) | later[i]  # the partner's hand just after the discard
            key = (hand & int(SUIT_MASK[t, e]), i)
            if key not in cache:
                out = outstanding(view, hand | (1 << c), i)
                cache[key] = guarded(hand, e, t, out)
            if cache[key]:
                w[j] *= LIE
    return w


def defence_worlds(view: SeatView, model, defend: int, *, worlds: int = DEFAULT_WORLDS, pool: int = DEFAULT_POOL,
                   seed: int | None = None):
    """The worlds of a defender against a loner: ``realistic-v2``'s (:func:`weighted_worlds`), redrawn
    with its candidates' weights times :func:`signal_likelihood` when ``defend`` reads signals and the
    partner has discarded.  Returns ``(worlds, context, info)`` as :func:`weighted_worlds`."""
    ws, ctx, info = weighted_worlds(view, model, worlds=worlds, pool=pool, seed=seed)
    if not defend & SIGNALS or not partner_discards(view):
        return ws, ctx, info
    cand = info["candidates"]
    wt = info["weights"] * signal_likelihood(view, cand, ctx["ks"])
    base = int(view.seed if seed is None else seed) % (MAX_SEED + 1)
    rng = np.random.default_rng([base, len(view.plays), 31])
    pick = rng.choice(len(cand), size=worlds, p=wt / wt.sum())
    return cand[pick], ctx, dict(info, weights=wt)


def defended_card(view: SeatView, model, defend: int, *, worlds: int = DEFAULT_WORLDS, pool: int = DEFAULT_POOL,
                  seed: int | None = None, log: list | None = None, otherwise=None) -> int:
    """The card of ``realistic-v2:defend=N``: :func:`~euchre_stats.players.reading.inferred_card` but for a
    defender against a lone maker, whose worlds read the partner's discards (:data:`SIGNALS`) and who,
    unable to follow, keeps its guards among near-ties (:data:`GUARDS`), and a defender on lead against
    makers with a partner, who cashes a winner among near-ties (:data:`LEADS`) or opens with an off ace
    (:data:`ACES`); with :data:`MORE` a defender against a lone maker decides on more worlds
    (:func:`loner_card`).  One legal card is played at once.  A card none of the options chooses is
    ``otherwise(view)``'s (default: :func:`~euchre_stats.players.reading.inferred_card`'s)."""
    legal = view.legal_cards
    if legal & (legal - 1) == 0:
        return _lowest(legal)
    if defend & MORE and against_loner(view):
        return loner_card(view, model, defend, worlds=worlds, pool=pool, seed=seed, log=log)
    opening_ace = defend & ACES and not view.plays and against_makers(view) and off_aces(view)
    if (defend & LEADS and not view.trick or opening_ace) and against_makers(view):
        ws, ctx, info = weighted_worlds(view, model, worlds=worlds, pool=pool, seed=seed)
        if log is not None:
            log.append((info["ess"], info["pool"]))
        ks = ctx["ks"]
        _, sums = decide_given_worlds(view.rules, ws, view.trump, ctx["leader"], ctx["out"], ks[view.maker_seat],
                                      False, -1, trick=ctx["trick"], gone=ctx["gone"], won=ctx["won"], full=True,
                                      order=ctx["order"])
        choose = ace_choice if opening_ace else lead_choice
        return legal_copy(choose(view, sums, legal, len(ws), ctx["order"]), legal, view.seat, "defence")
    guards_now = defend & GUARDS and must_discard(view)
    reads = defend & SIGNALS and partner_discards(view)
    if not against_loner(view) or not (guards_now or reads):
        if otherwise is not None:
            return otherwise(view)
        return inferred_card(view, model, worlds=worlds, pool=pool, seed=seed, log=log)
    return _loner_defence_card(view, model, defend, bool(guards_now), worlds=worlds, pool=pool, seed=seed, log=log)


def _loner_defence_card(view: SeatView, model, defend: int, guards_now: bool, *, worlds: int, pool: int,
                        seed: int | None, log: list | None) -> int:
    """A defender's card against a lone maker on :func:`defence_worlds`: the guard rule when it must
    discard (``guards_now``), else the best card."""
    legal = view.legal_cards
    ws, ctx, info = defence_worlds(view, model, defend, worlds=worlds, pool=pool, seed=seed)
    if log is not None:
        log.append((info["ess"], info["pool"]))
    ks = ctx["ks"]
    card, sums = decide_given_worlds(view.rules, ws, view.trump, ctx["leader"], ctx["out"], ks[view.maker_seat],
                                     True, -1, trick=ctx["trick"], gone=ctx["gone"], won=ctx["won"],
                                     full=guards_now, order=ctx["order"])
    if guards_now:
        card = guard_choice(view, sums, legal, len(ws), ctx["order"])
    return legal_copy(card, legal, view.seat, "defence")


def loner_card(view: SeatView, model, defend: int, *, worlds: int = DEFAULT_WORLDS, pool: int = DEFAULT_POOL,
               seed: int | None = None, log: list | None = None) -> int:
    """The card of a defender against a lone maker under :data:`MORE`: on :data:`MORE_WORLDS` times the
    worlds, drawn from as many times the candidates (at most :data:`~euchre_stats.players.reading.MAX_POOL`),
    read from the partner's discards with :data:`SIGNALS` (:func:`defence_worlds`); unable to follow, the
    guard rule of :data:`GUARDS`; else the best card."""
    guards_now = bool(defend & GUARDS and must_discard(view))
    return _loner_defence_card(view, model, defend, guards_now, worlds=worlds * MORE_WORLDS,
                               pool=min(pool * MORE_WORLDS, MAX_POOL), seed=seed, log=log)


__all__ = ["ACES", "ALL", "GUARDS", "LEADS", "LIE", "MORE", "MORE_WORLDS", "NEAR", "SIGNALS", "ace_choice",
           "against_loner", "against_makers", "convention_key", "defence_worlds", "defended_card", "guard_choice",
           "guarded", "guards", "lead_choice", "loner_card", "must_discard", "off_aces", "outstanding",
           "partner_discards", "signal_likelihood", "winner"]
