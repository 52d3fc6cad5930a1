"""Contracts and how they are played and scored: per-sample contracts, the play models
(``dd`` double-dummy, ``pimc`` realistic) and the outcome of each sample for the asking side.

Seats are absolute with the dealer fixed at seat 3 (seat 0 eldest, 1 the dealer's partner,
2 third hand).  Values are points for the asking player's side minus the other side's.
No I/O and no bidding here: the auction (:mod:`euchre_stats.bidding.auction`) builds the
contracts this module plays.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

from ..core.errors import PlayModelError
from ..core.seats import DEALER
from ..core.trump import POWER
from ..rules import (SIX_HANDED_NOT_BUILT, Rules, first_leader, game_name, hand_points_array, may_call_no_trump,
                     railroad_on, sitting_out)

PLAY_MODELS = ("dd", "pimc")
#: the play model of the decisions and of ``variants`` unless another is named: realistic play
DEFAULT_PLAY_MODEL = "pimc"
#: realistic play as the player ``realistic-v3`` plays (worlds weighted by the auction, cashing winners on
#: lead against the makers; :mod:`euchre_stats.cardplay.reading`): only an :class:`Evaluator` given the
#: auction (``order``, ``call``) plays it
READING_MODEL = "realistic-v3"
#: the play models that read the auction: ``realistic-v3``, and ``realistic-v4`` (the same, a defender against
#: a lone maker deciding on :data:`~euchre_stats.cardplay.reading.MORE_WORLDS` times the worlds)
READING_MODELS = (READING_MODEL, "realistic-v4")


# --- samples of one option ------------------------------------------------------------------
@dataclass
class Outcome:
    """Per-sample outcome of one option: points for the asking side and the makers' result."""

    value: np.ndarray          # float, asking side points minus the others'
    our_make: np.ndarray       # asking side were makers and made it
    our_march: np.ndarray
    our_euchred: np.ndarray
    our_tricks: np.ndarray     # tricks taken by the asking side (-1 when thrown in)
    points: np.ndarray | None = None   # points, when ``value`` is something else (tricks, for a lead)
    #: (n, 4) int64, for a pass: the contract the rest of the auction reached on each deal, as
    #: ``(seat that made trump or -1 when thrown in, round 1/2 or 0, trump or -1, lone seat or -1)``
    #: (:func:`euchre_stats.decide.setup.auction_contract`); None for every other option
    contract: np.ndarray | None = None

    @staticmethod
    def concat(parts: list["Outcome"]) -> "Outcome":
        fields = ["value", "our_make", "our_march", "our_euchred", "our_tricks"]
        out = Outcome(*[np.concatenate([getattr(p, f) for p in parts]) for f in fields])
        if parts[0].points is not None:
            out.points = np.concatenate([p.points for p in parts])
        if parts[0].contract is not None:
            out.contract = np.concatenate([p.contract for p in parts])
        return out


@dataclass
class Contracts:
    """Per-sample contracts: who made what, with the hands as they stand when play starts."""

    hands: np.ndarray          # (n, 4) uint64, after any pick-up and discard
    trump: np.ndarray          # (n,) int64
    maker: np.ndarray          # (n,) seat, -1 when the hand is thrown in
    alone: np.ndarray          # (n,) bool
    def_alone: np.ndarray      # (n,) seat or -1
    up_known: np.ndarray | None = None   # (n,) upcard the dealer took up (known to all), or -1
    #: (n,) the seat that made trump, where a partner then declared alone before the lead (British):
    #: ``maker`` is then the lone seat (the one that plays); None when it is ``maker`` throughout
    caller: np.ndarray | None = None
    #: (n,) the card the dealer discarded after taking up the upcard (the dealer alone knows it lies
    #: in the kitty), or -1; None when not recorded (then the dealer forgets it)
    discard: np.ndarray | None = None


def discards_of(before: np.ndarray, after: np.ndarray, upcard: int, picked) -> np.ndarray:
    """The card each dealer discarded going from the hands ``before`` to ``after`` by taking up
    ``upcard`` where ``picked`` (the upcard itself when the hand did not change), -1 elsewhere."""
    gone = (before.astype(np.uint64) | np.uint64(1 << upcard)) & ~after.astype(np.uint64)
    index = np.bitwise_count((gone - np.uint64(1)) & ~gone).astype(np.int64)  # of the lowest set bit
    return np.where(np.asarray(picked, dtype=bool), index, -1)  # taking the upcard up, a card always leaves


def railroad_exchange(hands: np.ndarray, trump: np.ndarray, loner: np.ndarray) -> tuple[np.ndarray, np.ndarray,
                                                                                       np.ndarray]:
    """The railroad exchange as players make it: the partner of each ``loner`` (seat or -1) passes
    its best card (the highest trump, else the highest card), and the loner, before looking,
    discards its weakest card (the lowest plain card, else the lowest trump) and takes it.

    Returns the new hands and, per row, the card passed and the card discarded (-1 where no loner).
    """
    n = len(loner)
    hands = np.array(hands, dtype=np.uint64, copy=True)
    passed = np.full(n, -1, dtype=np.int64)
    dropped = np.full(n, -1, dtype=np.int64)
    rows = np.nonzero(loner >= 0)[0]
    if len(rows) == 0:
        return hands, passed, dropped
    cards = np.arange(33)
    for i in rows:  # a few rows per batch: loners are rare, and this runs once per contract
        t, s = int(trump[i]), int(loner[i])
        p = (s + 2) & 3
        key = POWER[t].astype(np.int64)
        held_p = (int(hands[i, p]) >> cards) & 1 == 1
        held_s = (int(hands[i, s]) >> cards) & 1 == 1
        if not held_p.any() or not held_s.any():
            continue
        give = int(cards[held_p][np.argmax(key[held_p])])
        drop = int(cards[held_s][np.argmin(key[held_s])])
        hands[i, p] &= ~np.uint64(1 << give)
        hands[i, s] = (hands[i, s] & ~np.uint64(1 << drop)) | np.uint64(1 << give)
        passed[i], dropped[i] = give, drop
    return hands, passed, dropped


def with_railroad(rules: Rules, c: "Contracts") -> tuple["Contracts", list[np.ndarray]]:
    """``c`` after the railroad exchanges the rules call for: the lone maker's, then the lone
    defender's.  Returns the contracts and the (passed, discarded) card arrays of each exchange."""
    if not railroad_on(rules):
        return c, []
    live = c.maker >= 0
    hands, done = c.hands, []
    for loner in (np.where(live & c.alone, c.maker, -1), np.where(live, c.def_alone, -1)):
        hands, passed, dropped = railroad_exchange(hands, c.trump, loner)
        done.append((passed, dropped))
    return dataclasses.replace(c, hands=hands), done


#: what is built of a table's analyses, where the generic refusal of :func:`four_handed_only` says too little
_NOT_BUILT = {"six-handed": SIX_HANDED_NOT_BUILT}


def four_handed_only(rules: Rules) -> str | None:
    """Why an analysis of the four-handed game (the bidding model, its questions, tables and
    simulations) cannot take ``rules``: a smaller game, or a farmer's hand (which no engine but the
    state machine plays); None when it can."""
    if not rules.seating.vectorised:
        return _NOT_BUILT.get(rules.seating.label) or (
            f"these rules are {game_name(rules)} (players {rules.players}): the bidding model and "
            "the questions asked of it are four-handed; the smaller games have the state machine, review, "
            "solve, order|call|lead --players, odds --players and variants --players")
    if rules.farmers_hand:
        return ("farmers_hand: the bidding model and the questions asked of it do not play the farmer's "
                "exchange; the state machine and review do")
    return None


def game_maker_tricks(rules: Rules, hands: np.ndarray, trump, maker, threads: int | None = None, *,
                      model: str = "dd", seed: int = 0, up_known=None, worlds: int | None = None,
                      discard=None, out=None, maker_alone=None, defender_alone=None) -> np.ndarray:
    """Tricks of the makers in a game of at most four seats (two- or three-handed, or a table of the
    program's own on four seats), from the first lead.

    ``hands`` are (n, players) uint64 as play starts (after any pick-up and discard), with the
    analysis seats of the four-handed game: the dealer is the last seat (``players - 1``) and
    seat 0, eldest, leads (:func:`~euchre_stats.rules.first_leader`).  ``trump`` and ``maker``
    are ints or (n,) arrays.  In cutthroat the two defenders play as a coalition against the
    maker (:func:`~euchre_stats.solver.game_seats`; ``docs/rules.md`` says what that assumes);
    :func:`~euchre_stats.rules.hand_points_array` turns the tricks into the maker's points.

    ``model`` "dd" plays double dummy; "pimc" plays realistically
    (:func:`~euchre_stats.cardplay.realistic.play_realistic`: every player samples ``worlds`` deals
    from its own information, the upcard ``up_known[i]`` known in the dealer's hand while held,
    the dealer its own discard ``discard[i]`` (or -1), and plays for the points of its side; deal
    ``i`` from the stream ``(seed, i)``).

    At a table with partners, ``out`` (the bitmask of the game's seats sitting out), ``maker_alone``
    (the makers' lone player or -1) and ``defender_alone`` (a lone defender or -1), one each or an
    (n,) array, say who is alone (default: nobody), which sets who leads and the points played for.
    """
    from ..solver import game_seats, solve_many

    if model not in PLAY_MODELS:
        raise PlayModelError(f"unknown play model {model!r}: expected dd or pimc")

    players = rules.players
    if rules.seating.vectorised or not rules.seating.four_seats:
        raise PlayModelError("game_maker_tricks plays the games of at most four seats; the four-handed "
                             "game's contracts go through Evaluator")
    hands = np.asarray(hands, dtype=np.uint64)
    if hands.ndim != 2 or hands.shape[1] != players:
        raise PlayModelError(f"hands must have shape (n, {players}) for {players} players, got {hands.shape!r}")
    n = hands.shape[0]
    trump = np.broadcast_to(np.asarray(trump, dtype=np.int64), (n,))
    maker = np.broadcast_to(np.asarray(maker, dtype=np.int64), (n,))
    if n and ((maker < 0) | (maker >= players)).any():
        raise PlayModelError(f"maker must be a seat 0..{players - 1}, got {maker.tolist()!r}")
    lone = maker_alone is not None or defender_alone is not None
    sit = np.broadcast_to(np.asarray(0 if out is None else out, dtype=np.int64), (n,))
    loner = np.broadcast_to(np.asarray(-1 if maker_alone is None else maker_alone, dtype=np.int64), (n,))
    da = np.broadcast_to(np.asarray(-1 if defender_alone is None else defender_alone, dtype=np.int64), (n,))
    if lone:  # who leads depends on who is alone
        lead = np.array([first_leader(rules, players - 1, int(a) if a >= 0 else None, int(d) if d >= 0 else None)
                         for a, d in zip(loner, da)], dtype=np.int64)
    else:
        lead = np.full(n, first_leader(rules, players - 1), dtype=np.int64)
    four = np.zeros((n, 4), dtype=np.uint64)
    leader = np.zeros(n, dtype=np.int64)
    out = np.zeros(n, dtype=np.int64)
    maker_seat = np.zeros(n, dtype=np.int64)
    dealer = np.zeros(n, dtype=np.int64)
    alone = np.zeros(n, dtype=bool)
    lone_def = np.full(n, -1, dtype=np.int64)
    coalition = rules.seating.sides > 2  # each for themselves: the maker against the others' coalition
    for m in range(players) if coalition else (0,):
        rows = maker == m if coalition else np.ones(n, dtype=bool)
        where, out[rows] = game_seats(players, m)
        w = np.asarray(where)
        for seat in range(players):  # a seat sitting out keeps its cards out of play
            four[rows, where[seat]] = np.where((sit[rows] >> seat) & 1, np.uint64(0), hands[rows, seat])
            out[rows] |= ((sit[rows] >> seat) & 1) << where[seat]
        leader[rows] = w[lead[rows]]
        # the lone player stands for the makers (the same side, the same points)
        maker_seat[rows] = w[np.where(loner[rows] >= 0, loner[rows], maker[rows])]
        alone[rows] = loner[rows] >= 0
        lone_def[rows] = np.where(da[rows] >= 0, w[np.maximum(da[rows], 0)], -1)
        dealer[rows] = where[players - 1]
    maker_side = maker_seat & 1
    if model == "dd":
        side0 = solve_many(four, trump, leader, out, threads=threads).astype(np.int64)
    else:
        from .realistic import DEFAULT_WORLDS, play_realistic

        side0 = play_realistic(rules, four, trump, leader, out, maker_seat, alone, lone_def, seed=seed,
                               worlds=DEFAULT_WORLDS if worlds is None else worlds, threads=threads,
                               up_known=up_known, dealer=dealer, discard=discard)
    return np.where(maker_side == 0, side0, rules.hand_size - side0)


def six_maker_tricks(rules: Rules, hands: np.ndarray, trump, maker, out, *, model: str = "dd", seed: int = 0,
                     up_known=None, threads: int | None = None, worlds: int | None = None,
                     discard=None, maker_alone=None, defender_alone=None) -> np.ndarray:
    """Tricks of the makers' side in six-handed euchre, from the first lead.

    ``hands`` are (n, 6) uint64 as play starts (after any pick-up, discard and the loner's
    exchange), seats as in the hand (the dealer is seat 5, eldest seat 0); ``trump``, ``maker``
    and ``out`` (the bitmask of seats sitting out: each lone player's two partners) are ints or (n,)
    arrays; ``maker_alone`` (the seat of the makers' lone player, the maker or, alone declared
    before the lead, one of its partners, or -1; default: the maker when anyone sits out) and
    ``defender_alone`` (a lone defender's seat, or -1; default none) say who is alone, which sets
    who leads (:func:`~euchre_stats.rules.first_leader`) and the points realistic players play for.
    ``model`` "dd" plays double dummy (the six-seat solver); "pimc" realistically
    (:func:`~euchre_stats.cardplay.realistic_seats.play_realistic_seats`: every player samples ``worlds``
    deals from its own information, the upcard ``up_known[i]`` known in the dealer's hand while
    held, the dealer its own discard ``discard[i]`` (or -1); deal ``i`` from the stream ``(seed, i)``).
    """
    if model not in PLAY_MODELS:
        raise PlayModelError(f"unknown play model {model!r}: expected dd or pimc")
    if rules.seating.four_seats:
        raise PlayModelError("six_maker_tricks plays six-handed euchre")
    hands = np.asarray(hands, dtype=np.uint64)
    if hands.ndim != 2 or hands.shape[1] != 6:
        raise PlayModelError(f"hands must have shape (n, 6), got {hands.shape!r}")
    n = hands.shape[0]
    trump = np.broadcast_to(np.asarray(trump, dtype=np.int64), (n,))
    maker = np.broadcast_to(np.asarray(maker, dtype=np.int64), (n,))
    out = np.broadcast_to(np.asarray(out, dtype=np.int64), (n,))
    if n and ((maker < 0) | (maker >= 6)).any():
        raise PlayModelError(f"maker must be a seat 0..5, got {maker.tolist()!r}")
    hands = hands.copy()
    for s in range(6):  # the seats sitting out keep their cards out of play
        hands[(out >> s) & 1 == 1, s] = 0
    if maker_alone is None:  # the seats out are a lone maker's partners
        maker_alone = np.where(out != 0, maker, -1)
    loner = np.broadcast_to(np.asarray(maker_alone, dtype=np.int64), (n,))
    da = np.broadcast_to(np.asarray(-1 if defender_alone is None else defender_alone, dtype=np.int64), (n,))
    bad = ((loner >= 0) & (loner % 2 != maker % 2)) | ((da >= 0) & (da % 2 == maker % 2))
    want = np.array([sitting_out(int(a) if a >= 0 else None, int(d) if d >= 0 else None, 6)
                     for a, d in zip(loner, da)], dtype=np.int64)
    bad |= want != out
    if n and bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise PlayModelError(f"row {i}: out {int(out[i])} does not match maker {int(maker[i])}, lone maker "
                             f"{int(loner[i])}, lone defender {int(da[i])}")
    leader = np.array([first_leader(rules, 5, int(a) if a >= 0 else None, int(d) if d >= 0 else None)
                       for a, d in zip(loner, da)], dtype=np.int64)
    if model == "pimc":
        from .realistic import DEFAULT_WORLDS
        from .realistic_seats import play_realistic_seats

        # the lone player stands for the makers (the same side, the same points)
        side0 = play_realistic_seats(rules, hands, trump, leader, out, np.where(loner >= 0, loner, maker),
                                     loner >= 0, seed=seed,
                                     worlds=DEFAULT_WORLDS if worlds is None else worlds, threads=threads,
                                     up_known=up_known, discard=discard, defender_alone=da)
    else:
        from ..solver.seats import solve_seats_many

        side0 = np.zeros(n, dtype=np.int64)
        for o in np.unique(out):  # one seating per call of the solver
            rows = out == o
            side0[rows] = solve_seats_many(hands[rows], trump[rows], leader[rows],
                                           out=[s for s in range(6) if (int(o) >> s) & 1])
    return np.where(maker % 2 == 0, side0, rules.hand_size - side0)


class Evaluator:
    """Plays contracts under one play model and scores them for the asking side."""

    def __init__(self, rules: Rules, model: str, asker: int, workers: int | None,
                 pimc_worlds: int = 24, auction=None, shared_lead: bool = False):
        """``auction`` (:class:`~euchre_stats.bidding.auction.Auction`: its ``upcard``, ``up_suit`` and the
        bidding ``models`` by seat) is read by the play models :data:`READING_MODELS`, which need it.
        ``shared_lead``: the asker holds the same hand in every deal (a question), so under ``pimc`` its opening
        lead is decided once per contract (:func:`~euchre_stats.cardplay.realistic.play_realistic`'s
        ``shared_lead``), for every batch this evaluator plays."""
        if model not in PLAY_MODELS and not (model in READING_MODELS and auction is not None):
            expected = "dd, pimc, realistic-v3 or realistic-v4" if auction is not None else "dd or pimc"
            raise PlayModelError(f"unknown play model {model!r}: expected {expected}")
        if four_handed_only(rules):
            raise PlayModelError(four_handed_only(rules))
        self.rules, self.model, self.asker, self.workers = rules, model, asker, workers
        self.pimc_worlds = pimc_worlds
        self.auction = auction
        self.shared_lead = bool(shared_lead)
        self._leads: dict = {}  # the shared opening leads decided so far
        if model in READING_MODELS:
            from .reading import model_arrays

            if may_call_no_trump(rules, 2):
                raise PlayModelError(f"play model {model} does not read auctions that may name no trump "
                                     "(use pimc)")
            model_arrays(rules, auction.models)  # refuses a model it cannot read, before any deal is played
        if model == "pimc":  # a cold kernel compiles on two cores (docs/performance.md, "On two cores")
            from .warm import prefetch

            prefetch()

    def leaders(self, c: Contracts) -> tuple[np.ndarray, np.ndarray]:
        # each deal's first leader and seats out: one rule call per (lone maker, lone defender) met, not per
        # deal (a call per deal was ~3 us, 0.1 s of a 10,000-deal order's serial time)
        maker = np.asarray(c.maker, dtype=np.int64)
        made = maker >= 0
        lone = made & (np.asarray(c.alone) != 0)
        da = np.where(made, np.asarray(c.def_alone, dtype=np.int64), -1)
        ma = np.where(lone, maker, -1)
        leader = np.zeros(len(maker), dtype=np.int64)
        for m, d in set(zip(ma[made].tolist(), da[made].tolist())):
            leader[made & (ma == m) & (da == d)] = first_leader(self.rules, DEALER, m if m >= 0 else None,
                                                                d if d >= 0 else None)
        out = (np.where(lone, 1 << ((ma + 2) & 3), 0) | np.where(da >= 0, 1 << ((da + 2) & 3), 0)).astype(np.uint8)
        return leader, out

    def play(self, c: Contracts, rng: np.random.Generator, streams: np.ndarray | None = None) -> Outcome:
        """Play every contract; ``streams`` (one per deal) fixes each deal's random stream under
        realistic play, so that a deal played twice with the same ``rng`` state plays alike."""
        c, _ = with_railroad(self.rules, c)
        n = len(c.maker)
        live = c.maker >= 0
        side0 = np.zeros(n, dtype=np.int64)
        if live.any():
            idx = np.nonzero(live)[0]
            leader, out = self.leaders(Contracts(c.hands[idx], c.trump[idx], c.maker[idx], c.alone[idx],
                                                 c.def_alone[idx]))
            hands = c.hands[idx].copy()
            for seat in range(4):  # a seat sitting out holds no cards in play
                hands[:, seat] = np.where((out >> seat) & 1, np.uint64(0), hands[:, seat])
            if self.model == "dd":
                from ..solver import solve_many

                side0[idx] = solve_many(hands, c.trump[idx], leader, out, threads=self.workers)
            elif self.model in READING_MODELS:
                side0[idx] = self._play_reading(c, idx, hands, leader, out, rng, streams)
            else:
                from .realistic import play_realistic

                up = None if c.up_known is None else c.up_known[idx]
                side0[idx] = play_realistic(self.rules, hands, c.trump[idx], leader, out, c.maker[idx], c.alone[idx],
                                            c.def_alone[idx], seed=int(rng.integers(2**62)), worlds=self.pimc_worlds,
                                            threads=self.workers, up_known=up,
                                            streams=None if streams is None else np.asarray(streams)[idx],
                                            discard=None if c.discard is None else c.discard[idx],
                                            shared_lead=self.asker if self.shared_lead else -1,
                                            shared_cache=self._leads)
        return self.score(c, side0)

    def _play_reading(self, c: Contracts, idx, hands, leader, out, rng, streams) -> np.ndarray:
        """Side 0's tricks of the live rows ``idx`` played as ``realistic-v3`` (or ``-v4``): the round each contract was
        made in follows from its trump (round two never names the upcard's suit)."""
        from ..core.cards import JOKER
        from .reading import MORE_WORLDS, play_reading

        a = self.auction
        up = np.full(len(idx), -1, dtype=np.int64) if c.up_known is None else c.up_known[idx]
        if a.upcard == JOKER or a.up_suit != a.upcard >> 3:
            made_in = np.zeros(len(idx), dtype=np.int64)  # a Joker turned up: the auction is not read
        else:
            made_in = np.where(c.trump[idx] == a.up_suit, 1, 2)
        upcard = a.upcard if a.upcard != JOKER else np.where(up >= 0, up, JOKER)
        return play_reading(self.rules, hands, c.trump[idx], leader, out, c.maker[idx], c.alone[idx],
                            c.def_alone[idx], seed=int(rng.integers(2**62)), models=a.models, upcard=upcard,
                            made_in=made_in, worlds=self.pimc_worlds, threads=self.workers, up_known=up,
                            loner_worlds=MORE_WORLDS if self.model == "realistic-v4" else 1,
                            streams=None if streams is None else np.asarray(streams)[idx],
                            discard=None if c.discard is None else c.discard[idx])

    def play_options(self, cs: list[Contracts], rng: np.random.Generator) -> list[Outcome]:
        """Play several options on the same ``n`` deals (``cs[j]`` option ``j``'s contracts).

        Under realistic play deal ``i`` of every option plays from one random stream: the options
        are compared on common random numbers, and the players who cannot tell two options apart
        (everybody but the dealer, between the dealer's discards) make the same decisions in both,
        which the kernel then makes once.  The rows go deal by deal, so those decisions meet.
        """
        k = len(cs)
        if k == 0:
            return []
        n = len(cs[0].maker)

        def interleave(name):
            parts = [getattr(c, name) for c in cs]
            if parts[0] is None:
                return None
            return np.stack(parts, axis=1).reshape((n * k,) + parts[0].shape[1:])

        both = Contracts(*(interleave(f.name) for f in dataclasses.fields(Contracts)))
        out = self.play(both, rng, streams=np.repeat(np.arange(n, dtype=np.int64), k))
        fields = [f.name for f in dataclasses.fields(Outcome)]
        return [Outcome(*(None if getattr(out, f) is None else getattr(out, f)[j::k] for f in fields))
                for j in range(k)]

    def score(self, c: Contracts, side0: np.ndarray) -> Outcome:
        hs = self.rules.hand_size
        live = c.maker >= 0
        maker_side = c.maker & 1
        maker_tricks = np.where(maker_side == 0, side0, hs - side0)
        mp, dp = hand_points_array(self.rules, maker_tricks, c.alone, c.def_alone >= 0)
        ours = (maker_side == (self.asker & 1))
        value = np.where(ours, mp - dp, dp - mp).astype(np.float64)
        value = np.where(live, value, 0.0)
        our_tricks = np.where(live, np.where(self.asker & 1 == 0, side0, hs - side0), -1)
        return Outcome(value, live & ours & (mp > 0), live & ours & (maker_tricks == hs),
                       live & ours & (dp > 0), our_tricks)
