"""Hands played by players through the state machine, and duplicate matches between two players.

:func:`play_hand` seats one player per seat and drives a
:class:`~euchre_stats.game.state.HandState` to its end: at every decision the seat to act gets its
:class:`~euchre_stats.players.view.SeatView` (and only that; a ``sees_all`` player's ``play`` also gets the
state, ``full=``), and its answer is checked before it is applied.  An illegal answer, or an error
raised by the player's own code, stops the hand with a :class:`~euchre_stats.core.errors.PlayerMoveError`
naming the player, the move and the deal's seed.

:func:`play_match` plays duplicate deals: each deal at two tables, A on one side and B on the other,
then the sides swapped, with the same cards and the same per-seat random streams.  The figure is A's
points minus B's per deal (the mean of A's net score at the two tables), with its 95% interval
(:func:`euchre_stats.core.stats.mean`), and every hand played is kept as a hand record
(``docs/formats.md``) that ``euchre-stats review`` replays.

Deal ``i`` of a run with seed ``S`` is ``HandState.deal(rules, i % players,
numpy.random.default_rng(deal_seed(S, i)))``.  No I/O here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from ..core.cards import card_name
from ..core.errors import DecisionInputError, EuchreStatsError, IllegalActionError, PlayerMoveError, PlayerSpecError
from ..core.seating import SEATINGS
from ..core.stats import mean
from ..game.records import dumps_record, record_from_state
from ..game.state import ALONE, BIDDING_PHASES, DEFEND, DISCARD, OVER, PLAY, ROUND_ONE, ROUND_TWO, HandState
from ..output.results import ResultView
from ..rules import Rules, side_count, side_of_seat
from ..sampling.backends import backend, check_backend, runs_elsewhere
from .base import METHOD_OF_PHASE, action_of
from .load import load_player
from .view import seat_view

#: most deals one call plays
MAX_HANDS = 1_000_000


def deal_seed(seed: int, index: int) -> int:
    """The seed of deal ``index`` of a run seeded ``seed`` (a whole number below 2**63)."""
    return int(np.random.SeedSequence([int(seed), int(index)]).generate_state(2, np.uint64)[0] >> np.uint64(1))


def seat_seeds(deal: int, players: int) -> list[int]:
    """Each seat's own random seed for a deal (the views' ``seed``): from the deal's seed and the seat
    only, so duplicate tables share them, and no card can be recovered from one."""
    state = np.random.SeedSequence([int(deal), 7919]).generate_state(players * 2, np.uint64)
    return [int(state[2 * s] >> np.uint64(1)) for s in range(players)]


def _name(player, names, seat: int) -> str:
    if names is not None:
        return names[seat]
    return str(getattr(player, "name", type(player).__name__))


def _move_text(answer) -> str:
    if isinstance(answer, (int, np.integer)) and not isinstance(answer, bool):
        try:
            return card_name(int(answer))
        except EuchreStatsError:
            return repr(answer)
    return repr(answer)


def play_hand(state: HandState, players: Sequence, *, seed: int = 0, names: Sequence[str] | None = None,
              score=None, log: list | None = None) -> HandState:
    """Drive ``state`` to its end with ``players[seat]`` answering for each seat (checked, see the module).

    ``seed`` is the deal's seed: it seeds the seats' own random streams and is named in errors.
    ``names`` name the players in errors (default: their ``name``); ``score`` is the game's score
    before the hand, shown in every view.  ``log``, a list, gets one ``(phase, seat, trick, action)``
    per decision, the action as the state recorded it (see :func:`first_difference`).
    """
    n = state.players
    if len(players) != n:
        raise DecisionInputError(f"expected {n} players, one per seat, got {len(players)}")
    seeds = seat_seeds(seed, n)
    while state.phase != OVER:
        s = state.to_act
        player = players[s]
        view = seat_view(state, s, score=score, seed=seeds[s])
        method = METHOD_OF_PHASE[state.phase]
        try:
            fn = getattr(player, method)
            if method == "play" and getattr(player, "sees_all", False):
                answer = fn(view, full=state.copy())
            else:
                answer = fn(view)
        except PlayerMoveError:
            raise
        except Exception as exc:
            msg = " ".join(str(exc).split()) or "(no message)"
            raise PlayerMoveError(f"player {_name(player, names, s)!r} (seat {s}) raised {type(exc).__name__} "
                                  f"at {method} (deal seed {seed}): {msg}") from None
        action = action_of(view, answer)
        try:
            state.verify_action(action)
        except IllegalActionError as exc:
            raise PlayerMoveError(f"player {_name(player, names, s)!r} (seat {s}) made an illegal move "
                                  f"{_move_text(answer)} at {method} (deal seed {seed}): {exc.reason}") from None
        phase, trick, lead = state.phase, state.trick_number, len(state.plays) == 0
        state.apply(action)
        if log is not None:
            log.append((phase, s, -1 if lead else trick, _canonical(state, phase, action)))
    return state


def _canonical(state: HandState, phase: str, action) -> object:
    """An applied action as the state recorded it, so that two spellings of one move compare equal."""
    if phase in BIDDING_PHASES:
        return state.bids[-1]
    if phase == PLAY:
        return int(state.plays[-1])
    if phase == DISCARD:
        return int(state.discard)
    if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
        return int(action)
    return repr(action)


#: the categories of :func:`first_difference`, in the order they are shown
SPLIT_CATEGORIES = ("bid, round 1", "bid, round 2", "alone/defend alone", "discard", "card, opening lead",
                    "card, rest of trick 1", "card, later tricks", "other", "identical")


def seat_role(seat: int, dealer: int, players: int) -> str:
    """A seat named by its place from the dealer: eldest, partner (the dealer's), third, dealer at four;
    ``dealer+K`` at other sizes (eldest is always ``dealer+1``)."""
    k = (seat - dealer) % players
    if k == 0:
        return "dealer"
    if k == 1:
        return "eldest"
    seating = SEATINGS.get(players)
    if seating is not None and seating.vectorised:  # the four-handed game's roles have names everyone uses
        return seating.names[k - 1]
    return f"dealer+{k}"


def first_difference(log1: Sequence, log2: Sequence, dealer: int, players: int) -> dict:
    """Where two tables of one duplicate deal first differ, from their :func:`play_hand` logs.

    The tables start from the same deal, so while their actions agree the same seat is to act in the
    same phase; the first action that differs was chosen by A at one table and B at the other (the
    same seat, the players swapped).  Returns ``{"at": category, "seat": role}``: the category one of
    :data:`SPLIT_CATEGORIES` (a bid that differs only in going alone counts as "alone/defend alone";
    the opening lead is the hand's first card), the role as :func:`seat_role`; ``{"at":
    "identical", "seat": None}`` when the tables played alike.
    """
    for (phase, seat, trick, x), (_, _, _, y) in zip(log1, log2):
        if x == y:
            continue
        role = seat_role(seat, dealer, players)
        if phase in (ROUND_ONE, ROUND_TWO):
            if isinstance(x, str) and isinstance(y, str) and x.removesuffix(" alone") == y.removesuffix(" alone"):
                return {"at": "alone/defend alone", "seat": role}
            return {"at": "bid, round 1" if phase == ROUND_ONE else "bid, round 2", "seat": role}
        if phase in (ALONE, DEFEND):
            return {"at": "alone/defend alone", "seat": role}
        if phase == DISCARD:
            return {"at": "discard", "seat": role}
        if phase == PLAY:
            at = ("card, opening lead" if trick == -1 else "card, rest of trick 1" if trick == 0
                  else "card, later tricks")
            return {"at": at, "seat": role}
        return {"at": "other", "seat": role}
    if len(log1) != len(log2):  # cannot happen: equal actions from one deal end the hand alike
        raise AssertionError("two tables' logs agree but differ in length")
    return {"at": "identical", "seat": None}


def split_rows(diffs: Sequence[float], splits: Sequence[dict]) -> list[dict]:
    """A - B by where the tables first differ: per category met, ``deals``, ``share``, the ``mean``
    with its 95% interval ``ci`` (None below two deals) and the ``contribution`` (its deals' sum of
    A - B over all deals, = share x mean), so the contributions add up to the match's mean."""
    n = len(diffs)
    rows = []
    for cat in SPLIT_CATEGORIES:
        x = np.array([d for d, s in zip(diffs, splits) if s["at"] == cat], dtype=np.float64)
        if x.size == 0:
            continue
        e = mean(x)
        rows.append({"at": cat, "deals": int(x.size), "share": x.size / n, "mean": e.value,
                     "ci": None if e.n < 2 else [e.low, e.high], "contribution": math.fsum(x) / n})
    return rows


def _players(specs) -> tuple[list, list[str]]:
    objs, names = [], []
    for spec in specs:
        p = load_player(spec)
        objs.append(p)
        names.append(spec if isinstance(spec, str) else str(getattr(p, "name", type(p).__name__)))
    return objs, names


def _check(rules: Rules, hands: int, players) -> None:
    if isinstance(hands, bool) or not isinstance(hands, (int, np.integer)) or not 1 <= hands <= MAX_HANDS:
        raise DecisionInputError(f"hands must be a whole number 1..{MAX_HANDS}, got {hands!r}")
    for p in players:
        prepare = getattr(p, "prepare", None)
        if callable(prepare):
            prepare(rules)


def play_hands(players, *, hands: int, seed: int, rules: Rules,
               progress: Callable[[int], None] | None = None) -> list[HandState]:
    """Deals ``0..hands-1`` (see the module), each played by ``players`` (one spec or player per seat, or
    one for every seat); the dealer passes left each deal.  Returns the finished states."""
    seq = list(players) if isinstance(players, (list, tuple)) else [players] * rules.players
    objs, names = _players(seq)
    _check(rules, hands, objs)
    out = []
    for i in range(hands):
        ds = deal_seed(seed, i)
        state = HandState.deal(rules, i % rules.players, np.random.default_rng(ds))
        out.append(play_hand(state, objs, seed=ds, names=names))
        if progress is not None:
            progress(1)
    return out


@dataclass
class PlayResult(ResultView):
    """A duplicate match between two players: A's points minus B's per deal, and the hands played."""

    a: str
    b: str
    hands: int
    seed: int
    rules: Rules
    diffs: list[float]
    estimate: object
    #: per deal, per table: the seats A held
    a_seats: list[list[int]] = field(default_factory=list)
    #: the hand records, deal by deal, table 1 then table 2 (``docs/formats.md``)
    records: list[dict] = field(default_factory=list)
    #: the engine that played the hands: ``"euchre-stats"`` (the state machine) or ``"openspiel"``
    engine: str = "euchre-stats"
    #: a match played in a run directory (:mod:`euchre_stats.players.match_run`): the directory, its chunks
    #: and the seconds they took; None otherwise
    run: dict | None = None
    #: per deal, where its two tables first differ (:func:`first_difference`); None when not known (a
    #: match on OpenSpiel's engine, or a run directory whose chunks predate it)
    splits: list[dict] | None = None

    @property
    def diff(self) -> float:
        return self.estimate.value

    @property
    def diff_ci(self) -> tuple[float, float]:
        return (self.estimate.low, self.estimate.high)

    def to_dict(self) -> dict:
        e = self.estimate.to_dict()
        return {"kind": "play", "a": self.a, "b": self.b, "hands": self.hands, "seed": self.seed,
                "rules": self.rules.to_dict(), "engine": self.engine,
                "unit": "points per deal, A minus B (mean of the two tables)",
                "diff": e["value"], "diff_ci": e["ci"], "n": e["n"],
                "seats": {"table 1": {"a": self.a_seats[0], "b": self.a_seats[1]},
                          "table 2": {"a": self.a_seats[1], "b": self.a_seats[0]}},
                "players": {"table 1": self._seated(0), "table 2": self._seated(1)},
                "deals": [{"deal": i, "diff": d, **({} if self.splits is None else {"split": self.splits[i]})}
                          for i, d in enumerate(self.diffs)],
                **({} if self.splits is None else {"split": split_rows(self.diffs, self.splits)}),
                **({"run": self.run} if self.run is not None else {})}

    def _seated(self, t: int) -> dict:
        """Seat -> the player sitting there at table ``t`` (0 or 1)."""
        out = {}
        for s in self.a_seats[t]:
            out[str(s)] = self.a
        for s in self.a_seats[1 - t]:
            out[str(s)] = self.b
        return dict(sorted(out.items(), key=lambda kv: int(kv[0])))

    def to_frame(self):
        """One row per deal: ``deal`` and ``diff`` (A's points minus B's, the mean of the two tables)."""
        import pandas as pd

        return pd.DataFrame({"deal": range(len(self.diffs)), "diff": self.diffs})

    def to_text(self) -> str:
        e = self.estimate
        ci = "-" if e.n < 2 else f"[{e.low:+.3f}, {e.high:+.3f}]"
        return "\n".join([
            f"duplicate play: A = {self.a}, B = {self.b} ({self.rules.describe()})"
            + ("" if self.engine == "euchre-stats" else ", on OpenSpiel's engine"),
            f"  deals          {self.hands}, each at two tables (A on seats {self.a_seats[0]}, then "
            f"{self.a_seats[1]})",
            f"  A - B          {e.value:+.3f} points per deal, 95% interval {ci} (n {e.n})",
            f"  seed           {self.seed}",
        ] + ([f"  run directory  {self.run['run_dir']}: {self.run['chunks']} chunk(s) of {self.run['chunk_deals']} "
              f"deals, {self.run['seconds']:.0f} s of play"] if self.run is not None else [])
            + self._split_text())

    def _split_text(self) -> list[str]:
        """The table of A - B by where the two tables first differ (empty when not known)."""
        if self.splits is None:
            return []
        out = ["  A - B by the first action where the tables differ (the contributions add up to A - B):",
               f"    {'first difference':<24}{'deals':>6}{'share':>8}{'A - B':>9}  {'95% interval':<18}"
               f"{'contribution':>12}"]
        for r in split_rows(self.diffs, self.splits):
            ci = "-" if r["ci"] is None else f"[{r['ci'][0]:+.3f}, {r['ci'][1]:+.3f}]"
            out.append(f"    {r['at']:<24}{r['deals']:>6}{r['share']:>8.1%}{r['mean']:>+9.3f}  {ci:<18}"
                       f"{r['contribution']:>+12.3f}")
        return out

    def records_jsonl(self) -> str:
        """The hand records, one JSON line each (``euchre-stats review FILE.jsonl`` replays them)."""
        return "".join(dumps_record(r) + "\n" for r in self.records)


def play_match(a, b, *, hands: int, seed: int, rules: Rules,
               progress: Callable[[int], None] | None = None, first: int = 0, workers: int | None = None,
               scheduler: str | None = None) -> PlayResult:
    """Duplicate deals between players ``a`` and ``b`` (specs or player objects): see the module.

    The table must have two sides (two-, four- or six-handed).  At table 1 A holds side 0's seats
    (0 and 2 in the four-handed game), at table 2 side 1's.  ``first``: the deals played are
    ``first .. first + hands - 1`` (a chunk of a long match, :mod:`euchre_stats.players.match_run`).

    ``workers`` (N > 1 local processes) or ``scheduler`` (a dask cluster's ``tcp://HOST:PORT``) play the
    deals elsewhere in chunks of :data:`CHUNK_DEALS` deals, as a run directory's match does
    (:mod:`~euchre_stats.players.match_run`: players named by spec, seated afresh for each chunk): the
    same match, byte for byte, as here; ``progress`` then moves a chunk at a time.
    """
    if side_count(rules) != 2:
        raise DecisionInputError(f"a duplicate match needs two sides; the {rules.players}-player game has "
                                 f"{side_count(rules)}")
    (pa, pb), (na, nb) = _players([a, b])
    _check(rules, hands, (pa, pb))
    n = rules.players
    sides = [side_of_seat(rules, s) for s in range(n)]
    a_seats = [[s for s in range(n) if sides[s] == t] for t in (0, 1)]
    check_backend(workers, scheduler)
    if runs_elsewhere(workers, scheduler):
        return _play_elsewhere(a, b, na, nb, hands, seed, rules, first, a_seats, progress, workers, scheduler)
    diffs, records, splits = [], [], []
    for i in range(int(first), int(first) + hands):
        ds = deal_seed(seed, i)
        deal = HandState.deal(rules, i % n, np.random.default_rng(ds))
        net = 0
        logs: list[list] = [[], []]
        for t in (0, 1):
            seated = [pa if sides[s] == t else pb for s in range(n)]
            names = [na if sides[s] == t else nb for s in range(n)]
            state = play_hand(deal.copy(), seated, seed=ds, names=names, log=logs[t])
            net += state.points[t] - state.points[1 - t]
            rec = record_from_state(state)
            rec["comment"] = (f"euchre-stats play: deal {i} (deal seed {ds}), table {t + 1}: A {na} on seats "
                              f"{a_seats[t]}, B {nb} on seats {a_seats[1 - t]}")
            records.append(rec)
        diffs.append(net / 2)
        splits.append(first_difference(logs[0], logs[1], deal.dealer, n))
        if progress is not None:
            progress(1)
    est = mean(np.array(diffs, dtype=np.float64))
    return PlayResult(na, nb, hands, seed, rules, diffs, est, a_seats, records, splits=splits)


#: deals a chunk of a match played elsewhere holds (as a run directory's, :mod:`~euchre_stats.players.match_run`)
CHUNK_DEALS = 100


def _play_chunk(span: tuple[int, int], a: str, b: str, seed: int, rules: Rules) -> tuple[list, list, list]:
    """Deals ``first .. stop - 1`` of a match (``span``), played by players seated afresh: (diffs, records, splits)."""
    first, stop = span
    r = play_match(a, b, hands=stop - first, seed=seed, rules=rules, first=first)
    return r.diffs, r.records, r.splits


def _play_elsewhere(a, b, na, nb, hands, seed, rules, first, a_seats, progress, workers, scheduler) -> PlayResult:
    """:func:`play_match` in chunks of :data:`CHUNK_DEALS` deals on a pool or a cluster, combined in the
    deals' order."""
    for who in (a, b):
        if not isinstance(who, str):
            raise PlayerSpecError(f"a match played elsewhere (workers, scheduler) names its players by spec (a "
                                  f"string such as 'realistic'), so that each process can seat them; got {who!r}")
    spans = [(k, min(k + CHUNK_DEALS, first + hands)) for k in range(first, first + hands, CHUNK_DEALS)]
    with backend(workers, scheduler, "play") as run:
        chunks = run.map(_play_chunk, spans, args=(a, b, int(seed), rules),
                         done=None if progress is None else lambda span, _: progress(span[1] - span[0]),
                         name=lambda span: f"{span[0]}-{span[1]}")
    diffs, records, splits = ([x for c in chunks for x in c[k]] for k in range(3))
    return PlayResult(na, nb, hands, seed, rules, diffs, mean(np.array(diffs, dtype=np.float64)), a_seats, records,
                      splits=splits)


__all__ = ["play_hand", "play_hands", "play_match", "PlayResult", "deal_seed", "seat_seeds", "MAX_HANDS",
           "first_difference", "split_rows", "seat_role", "SPLIT_CATEGORIES"]
