"""Realistic play of six-handed euchre: every player plays for points from what they have seen.

The six-seat twin of :mod:`.realistic`.  At every card the player to move samples ``worlds``
deals consistent with their own information -- their hand, every card played, the voids the play
has shown (by effective suit), the upcard in the dealer's hand while the dealer (seat 5) holds
it, nothing known of the kitty or of the hands of seats sitting out -- values each legal card in
each world with the six-seat double-dummy search (:mod:`euchre_stats.engine.search_seats`) and plays the
card worth the most *points* for their side summed over the worlds (three or four tricks 1, a
march 3, a lone march 6, a euchre 3 to the defenders: :func:`~euchre_stats.rules.hand_points`),
ties to the lowest tie key (:func:`euchre_stats.core.ties.tie_key`; equal ranks by the deal's random order of
the suits).  A card with no choice (one legal card, or legal cards with
nothing unplayed between them) is played at once.  The play-outs run in numba
(:mod:`euchre_stats.engine.realistic_seats`), chunks of deals on threads, each deal from its own random stream
``(seed, deal index)``: results never depend on the number of threads.

Either deck of six-handed euchre: the 33-card deck or the doubled 25-card pack (``Rules(players=6,
deck="50")``: cards 0-57, the twins 33-56 and the red Joker 57; of two identical cards the later
played wins, of the two Jokers the one of trump's colour).  Per-card results (lead values, a
decision's sums) have a column per card number: 33 or 58.

This module validates and converts; it does no I/O and never touches global random state.
"""

from __future__ import annotations

import numpy as np

from ..core.compiling import announce
from ..core.errors import RealisticInputError
from ..core.ties import DEFAULT_ORDER
from ..core.trump import SUIT_MASK
from ..rules import Rules, sitting_out
from ..engine import realistic as _k4
from ..engine import realistic_seats as _k
from .realistic import _first_bad, batch_start, known_discards, run_chunks
from .seats_checks import DEALER, SEATS, _check_rules, _hands, _Pack, _validate, points_table_seats

#: worlds sampled per decision by default (as the four-seat model)
DEFAULT_WORLDS = 24
#: chunks per thread (each chunk owns its search table)
CHUNKS_PER_THREAD = 4
NOT_LEGAL = _k.NOT_LEGAL

#: binomials up to the doubled pack's 50 cards (its 45 unseen cards at the first lead)
#: what compiling the six-seat kernel of realistic play costs (CPU-seconds of a first six-handed
#: ``order``, a 2.6 GHz Xeon core, ``benchmarks/cold_start.py``; 29 while the chunks were numba's parallel
#: loop, whose two levels compiled 7 CPU-s more): the compile notice's estimate
COMPILE_SECONDS = 22
_BINOM = _k4.binomial_table(51)

def play_realistic_seats(rules: Rules, hands, trump, leader, out, maker, alone, *, seed: int,
                         worlds: int = DEFAULT_WORLDS, threads: int | None = None, up_known=None,
                         gone=None, voids=None, won=None, trick=None, stats: np.ndarray | None = None,
                         streams=None, discard=None, defender_alone=None) -> np.ndarray:
    """Play six-handed deals from the first lead (or a later point) to the end with the realistic model;
    side 0's tricks.

    Seats 0..5 clockwise, sides alternate (0, 2, 4 against 1, 3, 5), the dealer is seat 5.

    Parameters
    ----------
    rules : Rules
        Six-handed rules (``players`` 6, the 33-card deck or the doubled pack); points decide every card.
    hands : uint64 array (n, 6)
        Each seat's five cards as play starts (after the pick-up, the discard and a loner's
        exchange); a seat sitting out holds 0.  Hands of fewer cards (as many each) start the
        play later, at a trick boundary: see ``gone``, ``voids`` and ``won``; with ``trick`` the
        cards still held (the seats that have played to the current trick hold one card fewer).
    trump : int or int array (n,)
        Trump suit 0-3.
    leader : int or int array (n,)
        The seat that leads (led) the current trick (an active seat).
    out : int or int array (n,)
        Bitmask of the seats sitting out: each lone player's two partners, else 0.
    maker, alone : int and bool, or arrays (n,)
        The maker's seat and whether the maker plays alone.
    seed : int
        0..2**63-1; deal ``i`` plays from the random stream ``(seed, i)``, whatever ``threads``.
    worlds : int
        Worlds sampled per decision (every consistent deal once when there are no more).
    threads : int, optional
        Worker threads (default numba's); results never depend on it.
    up_known : int or int array (n,), optional
        The upcard the dealer took up (everyone saw it), or -1: known to be in the dealer's hand
        while the dealer still holds it (it may be the dealer's card in ``trick``).  Default -1.
    gone : int or int array (n,), optional
        For a later start: the mask of the cards of the tricks before, seen by everyone (default
        none; not the cards of ``trick``).
    voids : int array (6,) or (n, 6), optional
        For a later start: per seat, bit ``e`` when the seat showed a void in effective suit ``e``
        in the tricks before (the voids shown by ``trick`` are found by the kernel).
    won : int or int array (n,), optional
        For a later start: side 0's tricks taken before (the points count the whole hand).
    trick : int array (n, k) or one sequence of int, optional
        To start inside a trick: the deck cards already on the table in the current trick, in
        order from ``leader``, -1 padded (k <= 5; one sequence is every row's).  Default none:
        every row starts at a trick boundary.
    stats : int64 array, optional
        Receives the kernel counters (:data:`euchre_stats.engine.realistic_seats.NUM_STATS`: decisions, forced
        cards, worlds, probes, exact samples, search nodes, table clears).
    streams : int array (n,), optional
        The random stream of each deal instead of its row (common random numbers).
    discard : int or int array (n,), optional
        The card the dealer discarded, or -1: the dealer remembers it lies in the dead pile (its
        worlds never deal it to a seat in play); nobody else knows it.
    defender_alone : int or int array (n,), optional
        The seat of a lone defender (its two partners sit out; its euchre scores the rules'
        ``lone_defender_points``), or -1 (default: none).

    Returns
    -------
    numpy.ndarray
        ``int64`` (n,): side 0's tricks (seats 0, 2, 4) from the start, the current trick included
        (``won`` not included).

    Examples
    --------
    A lone lay-down (the Joker, both bowers, A and K of hearts) against three opponents:

    >>> from euchre_stats.rules import Rules
    >>> from euchre_stats.core.cards import parse_hand
    >>> six = Rules(players=6, deck="33")
    >>> hands = [[parse_hand(h) if h else 0 for h in ["Jk Jh Jd Ah Kh", "9s Ts Js Qs Ks", "",
    ...                                            "9c Tc Jc Qc Kc", "", "9d Td Qd Kd Ad"]]]
    >>> play_realistic_seats(six, hands, 2, 0, 0b10100, 0, True, seed=1).tolist()  # eldest (seat 0) leads
    [5]
    """
    args = _validate(rules, hands, trump, leader, out, maker, alone, seed, worlds, up_known, gone, voids, won, trick,
                     defender_alone)
    n = args[0].shape[0]
    if streams is None:
        streams = np.arange(n, dtype=np.int64)
    else:
        streams = np.asarray(streams)
        if streams.shape != (n,) or streams.dtype.kind not in "iu" or (streams < 0).any():
            raise RealisticInputError(f"streams {streams!r}: expected {n} non-negative integers, one per deal")
        streams = streams.astype(np.int64)
    h, tr, g, pack = args[0], args[4], args[6], args[10]
    return _run(*args, streams, seed, worlds, threads, stats, known_discards(discard, h, tr, g, pack.mask, "dead pile"))


def _run(h, t, ld, o, tr, up, g, vd, w, pts, pack, streams, seed, worlds, threads, stats=None,
         disc=None) -> np.ndarray:
    """The kernel on checked arrays: side 0's tricks of every row from its position."""
    n, res, disc, nthreads = batch_start(h, disc, threads)
    if n == 0:
        return res
    nchunks = max(1, min(n, nthreads * CHUNKS_PER_THREAD))
    st = np.zeros((nchunks, _k.NUM_STATS), dtype=np.int64)
    announce(_k.play_batch, "the six-seat realistic play kernels", COMPILE_SECONDS)
    head = (h, t, ld, o, np.ascontiguousarray(tr, dtype=np.int64), up, disc, g, vd, w, pts, streams, pack.mask,
            int(worlds), _k.REJECT_TRIES, int(seed), nchunks)
    run_chunks(_k.play_batch, nchunks, nthreads, head,
               (_k.TT_BITS, _BINOM, pack.bitpos, pack.card_at, pack.tie, res, st))
    if stats is not None:
        stats[: _k.NUM_STATS] = st.sum(axis=0)
    return res


def lead_values_seats(rules: Rules, hands, trump, leader, out, maker, alone, cards=None, *, seed: int,
                      worlds: int = DEFAULT_WORLDS, threads: int | None = None, up_known=None, gone=None,
                      voids=None, won=None, discard=None, defender_alone=None) -> np.ndarray:
    """For the lead question: side 0's tricks after each lead when everybody then plays realistically.

    ``leader`` is to lead a trick (nothing on the table); the other arguments are
    :func:`play_realistic_seats`'s.  ``cards`` the leads to try (cards of the deck; default every
    card the leader holds in each deal; a card the leader does not hold in a deal is not tried
    there).  Every lead of deal ``i`` is played out from the same random stream ``(seed, i)``
    (common random numbers): the leads differ by the card, not by the luck of the sampling.

    Returns
    -------
    numpy.ndarray
        ``int64`` (n, 33), (n, 58) on the doubled pack: ``[i, c]`` side 0's tricks (seats 0, 2, 4)
        from this trick on (this trick included, ``won`` not) when the leader leads ``c`` and
        everybody then plays realistically; -1 for a card not tried (not asked or not held).

    Examples
    --------
    A lone lay-down takes every trick whatever it leads:

    >>> from euchre_stats.rules import Rules
    >>> from euchre_stats.core.cards import parse_hand
    >>> six = Rules(players=6, deck="33")
    >>> hands = [[parse_hand(h) if h else 0 for h in ["Jk Jh Jd Ah Kh", "9s Ts Js Qs Ks", "",
    ...                                            "9c Tc Jc Qc Kc", "", "9d Td Qd Kd Ad"]]]
    >>> vals = lead_values_seats(six, hands, 2, 0, 0b10100, 0, True, seed=1)
    >>> sorted(set(vals[0].tolist()))
    [-1, 5]
    """
    h, t, ld, o, tr, up, g, vd, w, pts, pack = _validate(rules, hands, trump, leader, out, maker, alone, seed, worlds,
                                                         up_known, gone, voids, won, None, defender_alone)
    n = h.shape[0]
    disc = known_discards(discard, h, tr, g, pack.mask, "dead pile")
    if cards is None:
        ask = pack.mask
    else:
        asked = np.asarray(cards)
        if (asked.ndim != 1 or (asked.size and asked.dtype.kind not in "iu")
                or not all(pack.holds(int(c)) for c in asked)):
            raise RealisticInputError(f"cards {cards!r}: expected a sequence of deck cards to lead ({pack.words})")
        ask = 0
        for c in asked:
            ask |= 1 << int(c)
    tried = h[np.arange(n), ld] & ask
    rows, leads = np.nonzero((tried[:, None] >> np.arange(pack.numbers)[None, :]) & 1)
    res = np.full((n, pack.numbers), -1, dtype=np.int64)
    if rows.size == 0:
        return res
    hr = h[rows].copy()
    hr[np.arange(rows.size), ld[rows]] &= ~np.left_shift(np.int64(1), leads)
    trr = np.full((rows.size, SEATS - 1), -1, dtype=np.int64)
    trr[:, 0] = leads
    side0 = _run(hr, t[rows], ld[rows], o[rows], trr, up[rows], g[rows], vd[rows], w[rows], pts[rows], pack,
                 rows.astype(np.int64), seed, worlds, threads, disc=disc[rows])
    res[rows, leads] = side0
    return res


def _trick(trick, out: int, pack: _Pack) -> np.ndarray:
    cards = [int(c) for c in trick]
    active = SEATS - bin(out).count("1")
    if len(cards) >= active or any(not pack.holds(c) for c in cards):
        raise RealisticInputError(f"trick {list(trick)!r}: expected up to {active - 1} {pack.words} in play order")
    tr = np.full(SEATS - 1, -1, dtype=np.int64)
    tr[: len(cards)] = cards
    return tr


def decide_given_worlds_seats(rules: Rules, worlds, trump: int, leader: int, out: int, maker: int, alone: bool, *,
                              trick=(), won: int = 0, full: bool = True,
                              defender_alone: int = -1, order: int = DEFAULT_ORDER) -> tuple[int, np.ndarray]:
    """One decision from given worlds, valued exactly as :func:`play_realistic_seats` values them.

    Parameters
    ----------
    rules : Rules
        Six-handed rules.
    worlds : int array (m, 6)
        Deck masks: every row holds the mover's true hand and one deal of the other seats' cards
        (the cards still held; seats sitting out hold 0).
    trump, leader, out, maker, alone, defender_alone
        As :func:`play_realistic_seats`; ``leader`` led the current trick (``maker`` the makers' lone
        player when ``alone``).
    trick : sequence of int
        Cards already on the table in the current trick, in order from ``leader``.
    won : int
        Side 0's tricks already taken.
    full : bool
        Every legal card's sum complete (default); with ``False`` the card is chosen best-first as
        :func:`play_realistic_seats` chooses it (the same card, far fewer searches) and the sums of
        the cards ruled out early are partial (the chosen card's is complete).
    order : int
        The suit order of the tie-break (:data:`euchre_stats.core.ties.ORDERS`; a deal played by
        :func:`play_realistic_seats` draws one from its stream: :func:`euchre_stats.core.ties.tie_order`).

    Returns
    -------
    (card, sums) : int, int64 array (33,) or (58,) on the doubled pack
        The card played and, per card, the sum over the worlds of the mover's side's points minus
        the other side's (:data:`NOT_LEGAL` for cards that are not legal).
    """
    pack = _check_rules(rules)
    wd = _hands(worlds, pack)
    if wd.shape[0] < 1:
        raise RealisticInputError("worlds: expected at least one world")
    if not 0 <= int(trump) <= 3:
        raise RealisticInputError(f"trump {trump!r} is not a suit 0-3")
    da = int(defender_alone)
    if (not 0 <= int(maker) <= 5 or not -1 <= da <= 5 or (da >= 0 and da % 2 == int(maker) % 2)
            or int(out) != sitting_out(int(maker) if alone else None, da if da >= 0 else None, SEATS)):
        raise RealisticInputError(f"maker {maker!r}, alone {alone!r}, defender alone {defender_alone!r} and out "
                                  f"{out!r} do not fit together")
    tr = _trick(trick, int(out), pack)
    if not 0 <= int(leader) <= 5 or (int(out) >> int(leader)) & 1:
        raise RealisticInputError(f"leader {leader!r} is not an active seat (out {out!r})")
    held = np.bitwise_or.reduce(wd, axis=1)
    counts = np.bitwise_count(wd.astype(np.uint64)).astype(np.int64)
    i = _first_bad(np.bitwise_count(held.astype(np.uint64)).astype(np.int64) != counts.sum(axis=1))
    if i is not None:
        raise RealisticInputError(f"world {i} {wd[i].tolist()!r} holds a card twice")
    i = _first_bad((counts != counts[:1]).any(axis=1))
    if i is not None:
        raise RealisticInputError(f"world {i}: hands of {counts[i].tolist()!r} cards, world 0 {counts[0].tolist()!r}")
    table = sum(1 << int(c) for c in tr if c >= 0)
    i = _first_bad((held & table) != 0)
    if i is not None:
        raise RealisticInputError(f"world {i}: a card of the trick {list(trick)!r} is also held")
    outs = [s for s in range(SEATS) if (int(out) >> s) & 1]
    if outs and wd[:, outs].any():
        raise RealisticInputError(f"worlds: seats sitting out (out {int(out)}) hold no card")
    seq = [int(leader)]
    while len(seq) < SEATS - len(outs):
        n = (seq[-1] + 1) % SEATS
        while (int(out) >> n) & 1:
            n = (n + 1) % SEATS
        seq.append(n)
    mover = seq[len(trick)]
    if (wd[:, mover] != wd[0, mover]).any():
        raise RealisticInputError(f"worlds: the mover (seat {mover}) holds different hands in different worlds")
    left = int(counts[0, mover])
    if left < 1 or any(int(counts[0, s]) != left - (1 if k < len(trick) else 0) for k, s in enumerate(seq)):
        raise RealisticInputError(f"worlds: hands of {counts[0].tolist()!r} cards with the trick {list(trick)!r} "
                                  f"led by seat {leader}: each active seat holds as many cards, counting the card "
                                  "it has put on the table")
    if not 0 <= int(won) <= rules.hand_size - left:
        raise RealisticInputError(f"won {won!r}: outside 0..{rules.hand_size - left} (tricks played)")
    pts = points_table_seats(rules, maker, alone, da)[0]
    sums = np.zeros(pack.numbers, dtype=np.int64)
    card = _k.decide_given_worlds(wd, int(trump), int(leader), int(out), tr, pts, int(won), bool(full), _k.TT_BITS,
                                  pack.bitpos, pack.card_at, pack.tie, int(order), sums)
    return int(card), sums


def sample_worlds_seats(rules: Rules, hands, trump: int, leader: int, out: int, *, seed: int, stream: int = 0,
                        worlds: int = DEFAULT_WORLDS, trick=(), gone: int = 0, voids=(0,) * SEATS,
                        up_known: int = -1, tries: int = _k.REJECT_TRIES,
                        discard: int = -1) -> tuple[np.ndarray, bool]:
    """The worlds the player to move samples in this position, as :func:`play_realistic_seats` does.

    ``hands`` the six seats' cards now (deck masks), ``trick`` the cards on the table from
    ``leader``, ``gone`` the cards of the tricks before, ``voids[s]`` bit ``e`` when seat ``s``
    showed a void in effective suit ``e`` before this trick, ``up_known`` the upcard known to be in
    the dealer's hand (or -1).  Returns ``(worlds (m, 6) deck masks, exact)``: ``exact`` when every
    consistent deal is listed once.  ``tries=0`` draws every world by exact unranking, except where
    there are too many deals to count (the doubled pack's early tricks): there shuffles are rejected
    until one keeps every void, so the hands given must keep them (checked).
    """
    pack = _check_rules(rules)
    hd = _hands(np.asarray(hands).reshape(1, -1), pack)[0]
    v = np.asarray(voids, dtype=np.int64)
    if v.shape != (SEATS,) or ((v < 0) | (v > 15)).any():
        raise RealisticInputError(f"voids {voids!r}: expected 6 bitmasks of suits 0..15")
    tr = _trick(trick, int(out), pack)
    held = [int(x) for x in hd]
    table = sum(1 << int(c) for c in tr if c >= 0)
    if sum(bin(x).count("1") for x in held) != bin(int(np.bitwise_or.reduce(hd))).count("1"):
        raise RealisticInputError(f"hands {held!r} hold a card twice")
    if (int(gone) | table) & int(np.bitwise_or.reduce(hd)) or int(gone) & table or int(gone) & ~pack.mask:
        raise RealisticInputError(f"gone {gone!r} and the trick {list(trick)!r}: {pack.words}, none held, none "
                                  "both gone and on the table")
    for s in range(SEATS):
        for e in range(4):
            if (int(v[s]) >> e) & 1 and held[s] & int(SUIT_MASK[int(trump), e]):
                raise RealisticInputError(f"seat {s} is said void in suit {e} but holds one ({held[s]!r})")
    if int(up_known) != -1 and not pack.holds(int(up_known)):
        raise RealisticInputError(f"up_known {up_known!r} is not -1 or one of the {pack.words}")
    if int(discard) != -1 and (not pack.holds(int(discard))
                               or ((int(np.bitwise_or.reduce(hd)) | table | int(gone)) >> int(discard)) & 1):
        raise RealisticInputError(f"discard {discard!r} is not -1 or a card of the dead pile ({pack.words})")
    res = np.zeros((worlds, SEATS), dtype=np.int64)
    m, exact = _k.sample_worlds_for(hd, int(trump), int(leader), int(out), tr, int(gone), v, int(up_known),
                                    int(discard), int(worlds), int(tries), int(seed), int(stream), _BINOM, pack.mask,
                                    pack.bitpos, pack.card_at, pack.tie, res)
    return res[:m], bool(exact)


__all__ = ["DEALER", "DEFAULT_WORLDS", "NOT_LEGAL", "SEATS", "RealisticInputError", "decide_given_worlds_seats",
           "lead_values_seats", "play_realistic_seats", "points_table_seats", "sample_worlds_seats"]
