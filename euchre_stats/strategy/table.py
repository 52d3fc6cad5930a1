"""Strategy tables: the round-one order-up / alone answer for every hand class of a seat.

One row per canonical class (:mod:`euchre_stats.strategy.classes`) and seat: expected points
(asking side minus the other side) of pass, order and order alone with 95% intervals,
the paired gains over passing, P(make), P(march), P(euchred), the recommendation.
Each class is evaluated as :func:`euchre_stats.decide.order.order_decision` evaluates one
question under double-dummy play -- deals of the unseen cards resampled in proportion to how
likely the passes before the asker are (one chunk of the decision's sampling importance
resampling: the same deals from the same generator), the pass valued by playing out the auction
with the bidding model, the dealer keeping its best discard, intervals counting the effective
sample and kept inside each option's possible range -- but vectorised over many classes per
solver call.  A class's ``n`` is the distinct deals played, ``ess`` its effective sample.

With ``scores`` (a list of game scores, ``(us, them)``), each class also gets, per score, each
option's chance of winning the game and the recommendation by that chance
(:class:`~euchre_stats.decide.at_score.GameState`): read from the *same* sampled deals and
play-outs as the points, so a score costs no extra play-out and the points columns are the
same with or without scores.

A run is a list of fixed chunks (``chunk_size`` classes of one seat); chunk ``j`` of
seat ``s`` draws from ``chunk_rng(seed, s * SEAT_STRIDE + j)``, so its rows depend on
the seed and the chunk only: not on the order chunks run in, nor on where (threads,
processes, a dask cluster).  Storage, resuming and summaries live in
:mod:`euchre_stats.strategy.run`; this module computes and does no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

import numpy as np
import pandas as pd

from ..bidding.auction import Auction
from ..bidding.model import BiddingModel, default_model, default_population, policy_model, strength_of
from ..core.cards import card_name
from ..core.errors import BiddingModelError, TableSpecError
from ..core.seats import DEALER, SEAT_NAMES, parse_seat
from ..decide.equity import parse_score
from ..decide.inference import round_one_likelihood, round_two_likelihood
from ..decide.at_score import GameState, game_state
from ..decide.call import round_two_outcomes
from ..decide.order import round_one_outcomes
from ..decide.setup import DISCARD_Z, own_bids, seat_models, still_played
from ..cardplay.contracts import Evaluator, Outcome
from ..rules import Rules, may_discard, may_take_up, order_must_go_alone
from ..sampling.deals import sample_hands
from ..sampling.posterior import posterior_sample
from ..sampling.seeds import chunk_rng
# the columns' constants and summary are imported from here too (they lived here first)
from .columns import CALL_SUITS, COLUMN_OF, OPTIONS, OPTIONS_R2, ClassSampling, summarise_classes  # noqa: F401
from ..core.stats import Z95
from .classes import (
    NEXT,
    TRUMP,
    canonical_many,
    class_label,
    class_text,
    enumerate_classes,
    features,
)

SEAT_STRIDE = 1_000_000
#: the screening stage's standard: a class keeps its screening row only when its answer is clear with
#: every standard error multiplied by SCREEN_Z / 1.96 (a 99% interval instead of 95%)
SCREEN_Z = 2.576
#: 2: deals conditioned on the passes by resampling, intervals inside the possible range
TABLE_VERSION = 2


def late_scores(game_to: int) -> tuple[tuple[int, int], ...]:
    """The score set ``"late"`` stands for: 0-0 and the late scores where answers change.

    For a game to 10: 0-0, 9-8, 8-9, 9-9, 9-6, 6-9, 8-6, 6-8, 9-0, 0-9 (the same distances from
    the target for other targets, kept to scores that are possible).
    """
    t = game_to
    pairs = [(0, 0), (t - 1, t - 2), (t - 2, t - 1), (t - 1, t - 1), (t - 1, t - 4), (t - 4, t - 1),
             (t - 2, t - 4), (t - 4, t - 2), (t - 1, 0), (0, t - 1)]
    out = []
    for p in pairs:
        if min(p) >= 0 and p not in out:
            out.append(p)
    return tuple(out)


def parse_scores(text, game_to: int) -> tuple[tuple[int, int], ...]:
    """Scores as ``((us, them), ...)`` from ``"0-0,9-8"``, ``"late"`` (:func:`late_scores`), pairs, or none."""
    if text is None or text == "" or text == ():
        return ()
    if isinstance(text, str):
        parts = [p.strip() for p in text.split(",") if p.strip()]
        if parts == ["late"]:
            return late_scores(game_to)
    else:
        parts = list(text)
    out: list[tuple[int, int]] = []
    for p in parts:
        try:
            us, them = parse_score(p) if isinstance(p, str) else (int(p[0]), int(p[1]))
        except (ValueError, TypeError, IndexError):
            raise TableSpecError(f"score {p!r}: expected US-THEM, e.g. 9-8 (or the set 'late')") from None
        if max(us, them) >= game_to or min(us, them) < 0:
            raise TableSpecError(f"score {p!r}: a game to {game_to} is over at {game_to} (scores are 0..{game_to - 1})")
        if (us, them) in out:
            raise TableSpecError(f"score {p!r} is given twice")
        out.append((us, them))
    return tuple(out)


def score_label(score: tuple[int, int]) -> str:
    """``(9, 8)`` as ``"9-8"``, the suffix of a score's columns (``best@9-8``, ``p_win_order@9-8``)."""
    return f"{score[0]}-{score[1]}"


@dataclass(frozen=True)
class TableSpec:
    """Everything that fixes a table's rows.  Two runs with equal specs give equal tables."""

    rules: Rules
    seats: tuple[int, ...] = (0,)
    round: int = 1
    samples_per_class: int = 200
    seed: int = 0
    chunk_size: int = 200
    limit: int | None = None
    model: str = "dd"
    pass_model: str = "hand"
    infer: bool = True
    bidding: dict = field(default_factory=lambda: default_model().to_dict())
    scores: tuple = ()
    #: adaptive sampling: every class is first played on ``screen`` deals; a class whose answer is
    #: then clear at the stricter :data:`SCREEN_Z` keeps that row, the others play on, their deals
    #: doubled at each stage up to ``samples_per_class`` (None: every class on ``samples_per_class``)
    screen: int | None = None
    #: how the other three seats bid (a policy name of :data:`~euchre_stats.bidding.model.POLICIES` or a model
    #: file's path), after the asker's pass and in reading the passes it saw, as in ``order_decision(...,
    #: others=...)``.  None: the default population at the rules' table
    #: (:func:`~euchre_stats.bidding.model.default_population`).  The asker's own later bids follow the default
    #: population too (:attr:`own_bids`), as ``order``'s do.  ``"shipped"`` is the table of every version before
    #: populations (every seat, the asker's own later bids included, by ``bidding``, the shipped count), and what a
    #: manifest without ``others`` reads as
    others: str | None = None
    #: refinement: a class still too close to call on its ``samples_per_class`` deals is played again on
    #: fresh deals (a random stream of its own chunk's, :attr:`ChunkTask.rng_key`), first twice
    #: ``samples_per_class``, doubled while not clear at :data:`SCREEN_Z` up to ``refine``
    #: (:meth:`refine_spec`), and that sample replaces its row (column ``refined``).  The first deals are not
    #: pooled with the new ones (a row keeps only its summary): a refined row is a sample of its own.
    #: None: no refinement
    refine: int | None = None
    #: round two with ``screen``: between stages a class also stops playing each call whose deficit to its best
    #: option on the same deals exceeds :data:`OPTION_SCREEN_Z` standard errors (pass is always played); such a
    #: call keeps the values of the deals it played (its own ``n_<option>``, interval and effective sample).
    #: Each call plays from a random stream of its own, every deal from its own stream inside it, so the calls
    #: still played keep exactly the outcomes they would have had with none stopped
    option_screen: bool = False

    def __post_init__(self):
        rules = Rules.from_json(self.rules)
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "scores", parse_scores(self.scores, rules.game_to))
        seats = tuple(sorted({parse_seat(s) if isinstance(s, str) else int(s) for s in self.seats}))
        if not seats or any(s not in (0, 1, 2, 3) for s in seats):
            raise TableSpecError(f"seats {self.seats!r}: expected eldest, partner, third, dealer")
        object.__setattr__(self, "seats", seats)
        if self.round not in (1, 2):
            raise TableSpecError(f"round {self.round!r}: expected 1 (order up) or 2 (call a suit)")
        for name in ("samples_per_class", "chunk_size"):
            v = getattr(self, name)
            if not isinstance(v, (int, np.integer)) or v < 1:
                raise TableSpecError(f"{name.replace('_', ' ')} must be a whole number >= 1, got {v!r}")
        if self.samples_per_class < 2:
            raise TableSpecError("samples per class must be at least 2 (an interval needs two deals)")
        if not isinstance(self.seed, (int, np.integer)) or self.seed < 0:
            raise TableSpecError(f"seed must be a whole number >= 0, got {self.seed!r}")
        if self.limit is not None and (not isinstance(self.limit, (int, np.integer)) or self.limit < 1):
            raise TableSpecError(f"limit must be a whole number >= 1, got {self.limit!r}")
        if self.model not in ("dd", "pimc"):
            raise TableSpecError(f"play model {self.model!r}: tables use dd (double-dummy) or pimc (realistic)")
        if self.screen is not None and (not isinstance(self.screen, (int, np.integer))
                                        or not 2 <= self.screen < self.samples_per_class):
            raise TableSpecError(f"screen must be a whole number of deals from 2 to below the samples per class "
                                 f"({self.samples_per_class}), got {self.screen!r}")
        if self.refine is not None and (not isinstance(self.refine, (int, np.integer))
                                        or self.refine <= self.samples_per_class):
            raise TableSpecError(f"refine must be a whole number of deals above the samples per class "
                                 f"({self.samples_per_class}), got {self.refine!r}")
        if self.pass_model not in ("hand", "zero"):
            raise TableSpecError(f"pass model {self.pass_model!r}: tables use hand or zero")
        if self.option_screen and (self.round != 2 or self.screen is None or self.scores):
            raise TableSpecError("screening the calls (--screen-calls) needs round two and --screen, without --scores")
        if isinstance(self.bidding, BiddingModel):
            object.__setattr__(self, "bidding", self.bidding.to_dict())
        others = _default_name(rules) if self.others is None else self.others
        if not isinstance(others, str):
            if not hasattr(others, "__fspath__"):
                raise TableSpecError(f"others {others!r}: expected a policy name or a bidding model file's path")
            others = str(Path(others))
        object.__setattr__(self, "others", others)
        try:
            _policy(others).check_rules(rules)
        except BiddingModelError as exc:
            raise TableSpecError(f"others {others!r}: {exc}") from None

    # --- derived ----------------------------------------------------------------------------
    @property
    def bidding_model(self) -> BiddingModel:
        return BiddingModel.from_dict(self.bidding)

    @property
    def others_model(self) -> BiddingModel:
        """The bidding model of the three seats other than the asker (:attr:`others`)."""
        return _policy(self.others)

    @property
    def own_bids(self) -> str:
        """How the asker bids later in the auction its pass leads to, as ``order`` without ``--bidding``
        (:func:`~euchre_stats.decide.setup.own_bids`): the default population at the rules' table, or with
        :attr:`others` ``"shipped"`` (the tables before populations) ``"shipped"``, the table's ``bidding``."""
        return "shipped" if self.others == "shipped" else _own_bids(self.rules, self.pass_model)[1]

    @property
    def own_model(self) -> BiddingModel:
        """The model of :attr:`own_bids`."""
        return self.bidding_model if self.others == "shipped" else _own_bids(self.rules, self.pass_model)[0]

    def auction(self, asker: int, up: int) -> Auction:
        """The auction of ``asker``'s question with ``up`` turned up: the asker's own later bids by
        :attr:`own_model`, the other seats by :attr:`others` (as ``order_decision`` seats them)."""
        return Auction(self.rules, seat_models(self.own_model, self.others_model, asker), up)

    def games(self, asker: int) -> dict[str, GameState]:
        """Per score label, the :class:`GameState` of the asking seat (its side deals next when it
        is the dealer's side); the hand outcome chances come from self-play under the table's rules and
        play model, bidding as ``order --score`` does (the default population), or with ``others`` ``shipped``
        by the table's bidding model as before populations (computed once per process)."""
        bidding = self.bidding_model if self.others == "shipped" else None
        return {score_label(sc): game_state(self.rules, sc, asker, self.model, bidding)
                for sc in self.scores}

    def classes(self):
        """The round-one class list of the rules' deck and hand size."""
        return enumerate_classes(self.rules.deck, self.rules.hand_size)

    @property
    def class_count(self) -> int:
        """Classes per seat in this run (the first ``limit`` when limited)."""
        n = len(self.classes())
        return n if self.limit is None else min(n, int(self.limit))

    @property
    def chunks_per_seat(self) -> int:
        return -(-self.class_count // self.chunk_size)

    def tasks(self) -> list[ChunkTask]:
        """Every chunk of the run, seat by seat."""
        out = []
        for s in self.seats:
            for j in range(self.chunks_per_seat):
                lo = j * self.chunk_size
                out.append(ChunkTask(s, j, lo, min(lo + self.chunk_size, self.class_count)))
        return out

    def refine_spec(self) -> TableSpec:
        """The spec a refinement plays its classes by: ``refine`` deals a class, screened from twice
        ``samples_per_class`` (doubling) when that is below ``refine``."""
        first = 2 * self.samples_per_class
        screen = first if first < self.refine else None
        return replace(self, samples_per_class=int(self.refine), screen=screen, refine=None,
                       option_screen=self.option_screen and screen is not None)

    def refine_task(self, task: ChunkTask, too_close) -> ChunkTask | None:
        """The refinement of base chunk ``task`` whose rows' ``too_close`` column is given: its classes too
        close to call, or None when there is none."""
        rows = np.flatnonzero(np.asarray(too_close, dtype=bool))
        return ChunkTask(task.seat, task.index, task.start, task.stop, tuple(rows.tolist())) if len(rows) else None

    def settings(self) -> dict:
        """The settings a manifest records and a resumed run must match."""
        from .._version import __version__

        return {
            "round": self.round, "seats": [SEAT_NAMES[s] for s in self.seats],
            "rules": self.rules.to_dict(), "deck": self.rules.deck, "hand_size": self.rules.hand_size,
            "model": self.model, "pass_model": self.pass_model, "infer": self.infer,
            "bidding": self.bidding, "samples_per_class": int(self.samples_per_class),
            "seed": int(self.seed), "chunk_size": int(self.chunk_size), "limit": self.limit,
            "class_count": self.class_count, "classes_in_deck": len(self.classes()),
            "table_version": TABLE_VERSION, "version": __version__,
            # only with scores, so that runs (and the shipped table) made before scores existed resume
            **({"scores": [score_label(sc) for sc in self.scores]} if self.scores else {}),
            **({"screen": int(self.screen), "screen_z": SCREEN_Z} if self.screen is not None else {}),
            **({"refine": int(self.refine)} if self.refine is not None else {}),
            **({"option_screen": True, "option_screen_z": OPTION_SCREEN_Z} if self.option_screen else {}),
            # only when not the shipped count, so that runs made before populations resume (and read as shipped);
            # the model itself too, so that a run refuses to resume when the model of that name has changed
            **({"others": self.others, "others_model": self.others_model.to_dict(), "own_bids": self.own_bids,
                "own_bids_model": self.own_model.to_dict()} if self.others != "shipped" else {}),
        }

    @classmethod
    def from_settings(cls, s: dict) -> TableSpec:
        return cls(Rules.from_json(s["rules"]), tuple(s["seats"]), s["round"], s["samples_per_class"],
                   s["seed"], s["chunk_size"], s["limit"], s["model"], s["pass_model"], s["infer"],
                   s["bidding"], tuple(s.get("scores", ())), s.get("screen"), s.get("others", "shipped"),
                   s.get("refine"), bool(s.get("option_screen", False)))


@lru_cache(maxsize=16)
def _default_name(rules: Rules) -> str:
    """The default population's name at ``rules``' table."""
    return default_population(rules)[0]


@lru_cache(maxsize=16)
def _own_bids(rules: Rules, pass_model: str) -> tuple[BiddingModel, str]:
    """``order``'s own later bids without ``--bidding`` at ``rules``' table
    (:func:`~euchre_stats.decide.setup.own_bids`)."""
    return own_bids(None, rules, pass_model)


@lru_cache(maxsize=16)
def _policy(name: str) -> BiddingModel:
    """The model of a policy name or model file (loaded once per process)."""
    try:
        return policy_model(name)[1]
    except BiddingModelError as exc:
        raise TableSpecError(f"others {name!r}: {exc}") from None


@dataclass(frozen=True)
class ChunkTask:
    """Classes ``start:stop`` of one seat: the unit of work, committed as one file.  With ``rows`` (offsets
    in ``start:stop``), the refinement of those classes of the chunk (:attr:`TableSpec.refine`)."""

    seat: int
    index: int
    start: int
    stop: int
    rows: tuple[int, ...] | None = None

    @property
    def rng_index(self) -> int:
        return self.seat * SEAT_STRIDE + self.index

    @property
    def rng_key(self) -> tuple[int, ...]:
        """The spawn key of the chunk's random stream: ``(rng_index,)``, a refinement ``(rng_index, 1)``."""
        return (self.rng_index,) if self.rows is None else (self.rng_index, 1)

    @property
    def class_ids(self) -> np.ndarray:
        """The classes the task plays (ids in the class list)."""
        ids = np.arange(self.start, self.stop, dtype=np.int64)
        return ids if self.rows is None else ids[np.asarray(self.rows, dtype=np.int64)]

    @property
    def name(self) -> str:
        return f"{'chunk' if self.rows is None else 'refine'}-{SEAT_NAMES[self.seat]}-{self.index:06d}"


# --- one group of classes sharing an upcard ---------------------------------------------------
def _option_outcomes(spec: TableSpec, asker: int, up: int, class_hands: np.ndarray, hands: np.ndarray,
                     rng: np.random.Generator, workers, alive: dict[str, np.ndarray] | None = None
                     ) -> dict[str, Outcome]:
    """Outcomes of pass / order / alone on ``hands`` (rows of the classes), as ``order_decision``.

    The dealer's options are keyed ``"order|j"``: discard the j-th card of the
    six (the hand's cards ascending, then the upcard); ``alive`` (per row) the ones each row still plays.
    """
    rules = spec.rules
    auction = spec.auction(asker, up)
    ev = Evaluator(rules, spec.model, asker, workers, auction=auction, shared_lead=True)
    discards = []
    if asker == DEALER:
        discards = [(str(j), cand) for j, cand in enumerate(_discard_candidates(rules, up, class_hands))]
        if alive is not None:   # a row whose class screened a discard out does not play it (card -1)
            discards = {a: [(key, np.where(alive[a][:, j], cand, -1)) for j, (key, cand) in enumerate(discards)]
                        for a in ("order", "order alone")}
    # every class plays both orders here; a class whose dealer may not take the upcard up (dealer needs
    # trump) has them masked by rules.may_take_up in evaluate_classes, row by row.  So ``may_alone=True``
    # decides nothing: the rule that may close "order alone" to a four-handed seat in round one is
    # may_take_up, as order_decision asks it (which also skips the option when it is closed: here the
    # classes of a group share the deals' random stream, so every class plays it and is masked after)
    return round_one_outcomes(rules, auction, ev, hands, up, asker, rng,
                              pass_model=spec.pass_model, bidding=spec.own_model, workers=workers,
                              may_order=not order_must_go_alone(rules, asker), may_alone=True,
                              discards=discards)


def _call_outcomes(spec: TableSpec, asker: int, up: int, hands: np.ndarray, rng: np.random.Generator,
                   workers, live: dict[str, np.ndarray] | None = None) -> dict[str, Outcome]:
    """Round two, as ``call_decision``: ``up`` was turned down; pass, or name each other suit (alone or not).
    With the option screen each call plays from its own stream, on the rows ``live`` gives it (None: all)."""
    auction = spec.auction(asker, up)
    ev = Evaluator(spec.rules, spec.model, asker, workers, auction=auction, shared_lead=True)
    return round_two_outcomes(spec.rules, auction, ev, hands, asker, rng,
                              pass_model=spec.pass_model, bidding=spec.own_model, workers=workers,
                              suits=CALL_SUITS, own_streams=spec.option_screen, live=live)


def _discard_candidates(rules: Rules, up: int, class_hands_rows: np.ndarray) -> list[np.ndarray]:
    """Per row, the j-th discard candidate: the hand's cards ascending, then the upcard."""
    hs = rules.hand_size
    h = np.asarray(class_hands_rows, dtype=np.uint64)
    cards = np.zeros((len(h), hs), dtype=np.int64)
    rest = h.copy()
    for j in range(hs):
        low = rest & (~rest + np.uint64(1))
        cards[:, j] = np.log2(low.astype(np.float64)).astype(np.int64)
        rest ^= low
    cands = [cards[:, j] for j in range(hs)]
    if may_discard(rules, up, up):
        cands.append(np.full(len(h), up, dtype=np.int64))
    return cands


def _inferred(spec: TableSpec, asker: int) -> bool:
    """Whether the deals of a seat are conditioned on the auction: the passes before it (round one),
    or every round-one pass and the round-two passes before it."""
    return spec.infer and (spec.round == 2 or asker > 0)


def _posterior_deals(spec: TableSpec, asker: int, hands: np.ndarray, ups: np.ndarray, rng: np.random.Generator,
                     s: int | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray, ClassSampling]:
    """Per class, ``s`` (default ``samples_per_class``) deals resampled in proportion to the auction's likelihood
    (:func:`~euchre_stats.sampling.posterior.posterior_sample`, exactly as ``order_decision`` and
    ``call_decision`` draw one chunk), each distinct deal kept once with its count.

    Returns the deals (distinct deals, class by class), their class, their counts, and the
    classes' :class:`ClassSampling`.
    """
    s = spec.samples_per_class if s is None else s
    rules = spec.rules
    deals, owner, counts = [], [], []
    played, eff, scale, pools = [], [], [], []
    likes: dict[int, object] = {}
    for i in range(len(hands)):
        up = int(ups[i])
        if up not in likes:
            auction = spec.auction(asker, up)
            likes[up] = ((lambda h, a=auction: round_one_likelihood(a, h, asker)) if spec.round == 1 else
                         (lambda h, a=auction: round_two_likelihood(a, h, asker)))
        post = posterior_sample(lambda m: sample_hands(rules, asker, hands[i:i + 1], ups[i:i + 1], m, rng),
                                likes[up], s, rng)
        if len(post.counts) == 0:
            raise TableSpecError(f"class {class_text(int(hands[i]))} with {card_name(up)} up: none of "
                                 f"{post.drawn:,} sampled deals is consistent with the passes under the "
                                 "bidding model")
        deals.append(post.deals)
        owner.append(np.full(len(post.counts), i))
        counts.append(post.counts)
        played.append(len(post.counts))
        eff.append(post.effective)
        scale.append(post.se_scale)
        pools.append(post.pool_ess)
    info = ClassSampling(np.array(played), np.array(eff), np.array(scale), np.array(pools, dtype=np.float64))
    return np.concatenate(deals), np.concatenate(owner), np.concatenate(counts), info


def _padded(outs: dict[str, Outcome], slots: np.ndarray, size: int) -> dict[str, Outcome]:
    """Outcomes of distinct deals moved into their slots of a (classes x samples) grid; the
    other slots (weight 0) hold zeros."""
    def put(a):
        out = np.zeros(size, dtype=a.dtype)
        out[slots] = a
        return out
    return {key: Outcome(put(o.value), put(o.our_make), put(o.our_march), put(o.our_euchred),
                         put(o.our_tricks), None if o.points is None else put(o.points))
            for key, o in outs.items()}


def evaluate_classes(spec: TableSpec, asker: int, hands: np.ndarray, ups: np.ndarray,
                     rng: np.random.Generator, workers=None) -> dict[str, np.ndarray]:
    """Per-class columns for canonical classes ``(hands, ups)`` of one seat, drawing from ``rng``.

    Classes are evaluated in groups of equal upcard (in the order given, which
    must keep each upcard's classes together); the deals are drawn first for all.  Where the seat
    saw passes (and ``spec.infer``), each class's deals are resampled by the auction's likelihood
    as a decision's are (:func:`_posterior_deals`); otherwise they are uniform.

    With ``spec.screen`` every class is first played on ``screen`` deals; a class whose answer is
    clear at :data:`SCREEN_Z` keeps that row (column ``screened``), and every other class plays on,
    its deals doubled at each stage up to ``samples_per_class`` (:func:`screen_stages`), drawn next
    from ``rng``, and summarised at each stage on all of its deals together, as one sample.
    """
    hands = np.asarray(hands, dtype=np.uint64)
    ups = np.asarray(ups, dtype=np.int64)
    if spec.screen is None:
        s = spec.samples_per_class
        return _summarise(spec, asker, hands, ups, *_play(spec, asker, hands, ups, rng, workers, s), s)
    sizes = screen_stages(spec.screen, spec.samples_per_class)
    stage = _play(spec, asker, hands, ups, rng, workers, sizes[0])
    calls = played = None                  # the option screen: per call, the classes still playing it, and
    if spec.option_screen:                 # the slots of the grid it played, and the sampling of its deals
        calls = {a: np.ones(len(hands), dtype=bool) for a in stage[0] if a != "pass"}
        played = {a: np.ones(len(hands) * sizes[0], dtype=bool) for a in calls}
    opt_info = None if calls is None else {a: stage[2] for a in calls}
    cols = _summarise(spec, asker, hands, ups, *stage, sizes[0], strict=SCREEN_Z / Z95, played=played,
                      opt_info=opt_info)
    clear = ~cols.pop("too_close_strict")
    screened = clear.copy()
    rows = np.arange(len(hands))           # the classes of ``stage``, as rows of ``hands``
    alive = None                           # the dealer's discards each class of ``stage`` still plays
    for before, size in zip(sizes, sizes[1:]):
        again = np.flatnonzero(~clear)      # of ``rows``: still not clear, so they play on
        if not len(again):
            break
        alive = _screen_discards(stage[0], stage[1], len(rows), before, alive)
        alive = None if alive is None else {a: m[again] for a, m in alive.items()}
        if calls is not None:
            calls = {a: m[again] for a, m in _screen_calls(stage[0], stage[1], len(rows), before, calls).items()}
            opt_info = {a: i.take(again) for a, i in opt_info.items()}
        rows = rows[again]
        more_deals = _play(spec, asker, hands[rows], ups[rows], rng, workers, size - before, alive, calls)
        if calls is not None:
            played = {a: _join(played[a], again, before, np.repeat(calls[a], size - before), size - before)
                      for a in calls}
        stage = _merge(stage, again, before, more_deals, size - before)
        if calls is not None:   # a call still played has the class's deals; one stopped keeps its own
            opt_info = {a: i.where(calls[a], stage[2]) for a, i in opt_info.items()}
        last = size == spec.samples_per_class
        more = _summarise(spec, asker, hands[rows], ups[rows], *stage, size, strict=None if last else SCREEN_Z / Z95,
                          alive=alive, played=played, opt_info=opt_info)
        clear = np.ones(len(rows), dtype=bool) if last else ~more.pop("too_close_strict")
        for name, col in more.items():
            cols[name][rows] = col
        screened[rows] = clear & (not last)
    cols["screened"] = screened
    return cols


#: between stages a class stops playing a dealer's discard this many standard errors behind its best one
DISCARD_SCREEN_Z = DISCARD_Z
#: between stages a class stops playing a call this many standard errors behind its best option
#: (:attr:`TableSpec.option_screen`)
OPTION_SCREEN_Z = DISCARD_Z


def _screen_discards(outs: dict[str, Outcome], w: np.ndarray, k: int, s: int,
                     alive: dict[str, np.ndarray] | None) -> dict[str, np.ndarray] | None:
    """The dealer's discards each of ``k`` classes (``s`` slots of ``outs`` and ``w`` each) plays on: of
    those in ``alive`` (None: all), the ones whose deficit to the class's best on the same deals is at most
    :data:`DISCARD_SCREEN_Z` standard errors, per action (as ``order`` screens them,
    :class:`~euchre_stats.decide.setup.DiscardScreen`).  Every discard plays a deal from the deal's own
    random stream, so the ones still played keep their outcomes.  None when nobody discards."""
    out = {}
    W = w.reshape(k, s)
    for action in ("order", "order alone"):
        keys = [key for key in outs if key.split("|")[0] == action and "|" in key]
        if not keys:
            continue
        vals = np.stack([outs[key].value.reshape(k, s) for key in keys], axis=1)          # (k, J, s)
        ok = np.ones((k, len(keys)), dtype=bool) if alive is None else alive[action]
        out[action] = still_played(vals, W, ok, DISCARD_SCREEN_Z)
    return out or None


def _screen_calls(outs: dict[str, Outcome], w: np.ndarray, k: int, s: int,
                  calls: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The round-two calls each of ``k`` classes (``s`` slots of ``outs`` and ``w`` each) plays on: of those
    in ``calls``, the ones whose deficit to the class's best option (pass included) on the same deals is at
    most :data:`OPTION_SCREEN_Z` standard errors.  A call still in ``calls`` played every slot so far."""
    first = ["pass"] if "pass" in outs else []    # (stuck, the dealer may not pass)
    vals = np.stack([outs[a].value.reshape(k, s) for a in first + list(calls)], axis=1)          # (k, J, s)
    ok = np.stack([np.ones(k, dtype=bool) for _ in first] + [calls[a] for a in calls], axis=1)
    keep = still_played(vals, w.reshape(k, s), ok, OPTION_SCREEN_Z)
    return {a: keep[:, j + len(first)] for j, a in enumerate(calls)}


def _join(a1: np.ndarray, again: np.ndarray, s1: int, a2: np.ndarray, s2: int) -> np.ndarray:
    """Grid ``a1`` (``s1`` slots a class) of the classes ``again``, with grid ``a2`` (``s2`` slots) beside it."""
    return np.concatenate([a1.reshape(-1, s1)[again], a2.reshape(len(again), s2)], axis=1).reshape(-1)


def screen_stages(screen: int, samples: int) -> list[int]:
    """The deals a class has played at each stage of adaptive sampling: ``screen``, doubled while
    below ``samples``, then ``samples`` (``50, 200`` -> ``[50, 100, 200]``)."""
    sizes = [int(screen)]
    while 2 * sizes[-1] < samples:
        sizes.append(2 * sizes[-1])
    return sizes + [int(samples)]


def _play(spec: TableSpec, asker: int, hands: np.ndarray, ups: np.ndarray, rng: np.random.Generator,
          workers, s: int, alive: dict[str, np.ndarray] | None = None,
          calls: dict[str, np.ndarray] | None = None) -> tuple[dict[str, Outcome], np.ndarray, ClassSampling]:
    """Every class's ``s`` deals drawn and played: per option the outcomes on a (classes x ``s``) grid,
    class by class, the weights (0 in a slot no distinct deal took) and the classes' sampling.  ``alive``:
    the dealer's discards each class still plays (:func:`_screen_discards`; None: every one); ``calls``: the
    round-two calls each class still plays (the option screen; None: every one; the others score 0)."""
    k = len(hands)
    rules = spec.rules
    if _inferred(spec, asker):
        deals, owner, counts, info = _posterior_deals(spec, asker, hands, ups, rng, s)
        starts = np.r_[0, np.cumsum(info.played)[:-1]]
        slots = owner * s + (np.arange(len(owner)) - starts[owner])
    else:
        deals = sample_hands(rules, asker, hands, ups, s, rng)
        owner, counts, info = np.repeat(np.arange(k), s), np.ones(k * s), ClassSampling.uniform(k, s)
        slots = np.arange(k * s)
    groups: list[dict[str, Outcome]] = []
    w = np.zeros(k * s)
    w[slots] = counts
    for lo, hi in _upcard_groups(ups):
        up = int(ups[lo])
        rows = (owner >= lo) & (owner < hi)
        if spec.round == 2:
            live = None if calls is None else {a: m[owner[rows]] for a, m in calls.items()}
            outs = _call_outcomes(spec, asker, up, deals[rows], rng, workers, live)
        else:
            outs = _option_outcomes(spec, asker, up, hands[owner[rows]], deals[rows], rng, workers,
                                    None if alive is None else {a: m[owner[rows]] for a, m in alive.items()})
        groups.append(_padded(outs, slots[rows] - lo * s, (hi - lo) * s))
    if any(set(g) != set(groups[0]) for g in groups):
        raise TableSpecError("the upcards of one chunk have different options")
    return {key: Outcome.concat([g[key] for g in groups]) for key in groups[0]}, w, info


def _upcard_groups(ups: np.ndarray) -> list[tuple[int, int]]:
    """``(lo, hi)`` of each run of equal upcards, in order."""
    bounds = np.flatnonzero(np.diff(ups)) + 1
    return list(zip(np.r_[0, bounds].tolist(), np.r_[bounds, len(ups)].tolist()))


def _merge(first, again: np.ndarray, s1: int, second, s2: int):
    """The classes ``again`` of the screening ``first`` (``s1`` deals a class) with their ``second``
    sample (``s2`` deals a class) as one sample of ``s1 + s2`` deals a class: the grids side by side;
    the effective sample and the pool's share of the error combined as the decisions combine chunks
    (:func:`~euchre_stats.decide.driver.drive`)."""
    (o1, w1, i1), (o2, w2, i2) = first, second
    k2 = len(again)

    def join(a1, a2):
        return _join(a1, again, s1, a2, s2)

    outs = {}
    for key in o1:
        a, b = o1[key], o2[key]
        outs[key] = Outcome(join(a.value, b.value), join(a.our_make, b.our_make), join(a.our_march, b.our_march),
                            join(a.our_euchred, b.our_euchred), join(a.our_tricks, b.our_tricks),
                            None if a.points is None else join(a.points, b.points))
    w = join(w1, w2)
    W1, W2, W = w1.reshape(-1, s1)[again].sum(axis=1), w2.reshape(k2, s2).sum(axis=1), w.reshape(k2, -1)
    tot = W.sum(axis=1)
    counts_ess = tot ** 2 / (W ** 2).sum(axis=1)
    with np.errstate(divide="ignore"):
        pool_inv = W1 ** 2 / i1.pool_ess[again] + W2 ** 2 / i2.pool_ess
        pool = np.where(pool_inv > 0, tot ** 2 / np.where(pool_inv > 0, pool_inv, 1.0), np.inf)
    effective = 1.0 / (1.0 / counts_ess + 1.0 / pool)
    scale = np.sqrt(1.0 + counts_ess / pool)
    info = ClassSampling(i1.played[again] + i2.played, effective, scale, pool)
    return outs, w, info


def _summarise(spec: TableSpec, asker: int, hands: np.ndarray, ups: np.ndarray, outs: dict[str, Outcome],
               w: np.ndarray, info: ClassSampling, s: int, strict: float | None = None,
               alive: dict[str, np.ndarray] | None = None, played: dict[str, np.ndarray] | None = None,
               opt_info: dict[str, ClassSampling] | None = None) -> dict[str, np.ndarray]:
    """The classes' columns from :func:`_play`'s grids (``s`` slots a class), upcard by upcard; with
    ``strict``, also ``too_close_strict``: the answer too close to call with every standard error
    multiplied by ``strict``.  ``played`` and ``opt_info`` (the option screen): per call, the slots it played
    and the sampling of its deals."""
    rules = spec.rules
    games = spec.games(asker)
    parts: list[dict] = []
    for lo, hi in _upcard_groups(ups):
        up = int(ups[lo])
        cut = slice(lo * s, hi * s)
        o = {key: Outcome(x.value[cut], x.our_make[cut], x.our_march[cut], x.our_euchred[cut], x.our_tricks[cut],
                          None if x.points is None else x.points[cut]) for key, x in outs.items()}
        part = ClassSampling(info.played[lo:hi], info.effective[lo:hi], info.se_scale[lo:hi])
        options, allowed, cands = OPTIONS_R2, {}, None
        if spec.round == 1:
            options = OPTIONS
            if asker == DEALER and not may_take_up(rules, asker, hands[lo:hi], up >> 3).all():
                ok = may_take_up(rules, asker, hands[lo:hi], up >> 3)
                allowed = {"order": ok, "order alone": ok}
            if asker == DEALER:
                cands = _discard_candidates(rules, up, hands[lo:hi])
        live = None if alive is None else {a: m[lo:hi] for a, m in alive.items()}
        mine = None if played is None else {a: m[cut] for a, m in played.items()}
        own = None if opt_info is None else {a: i.part(lo, hi) for a, i in opt_info.items()}
        parts.append(summarise_classes(o, w[cut], hi - lo, allowed, cands, options, games, rules=rules, asker=asker,
                                       sampling=part, hands=hands[lo:hi], up=up, discard_alive=live,
                                       option_slots=mine, option_sampling=own))
        if strict is not None:
            wide = ClassSampling(part.played, part.effective, part.se_scale * strict)
            own_wide = None if own is None else {a: i.widened(strict) for a, i in own.items()}
            parts[-1]["too_close_strict"] = summarise_classes(o, w[cut], hi - lo, allowed, cands, options,
                                                              rules=rules, asker=asker, sampling=wide,
                                                              hands=hands[lo:hi], up=up,
                                                              discard_alive=live, option_slots=mine,
                                                              option_sampling=own_wide)["too_close"]
    return {name: np.concatenate([p[name] for p in parts]) for name in parts[0]}


def apply_refinement(rows: pd.DataFrame, refined: list[pd.DataFrame]) -> pd.DataFrame:
    """``rows`` (a table's rows) with the rows of each refinement (:attr:`TableSpec.refine`) in place of the
    same seat's and class's, and a column ``refined`` saying which were replaced."""
    out = rows.copy()
    new = [r for r in refined if len(r)]
    if not new:
        return out.assign(refined=np.zeros(len(out), dtype=bool))
    r = pd.concat(new, ignore_index=True)
    where = pd.MultiIndex.from_frame(out[["seat", "class_id"]]).get_indexer(
        pd.MultiIndex.from_frame(r[["seat", "class_id"]]))
    if (where < 0).any() or len(np.unique(where)) < len(where):
        raise TableSpecError("a refinement holds classes its table does not, or one class twice")
    for j, c in enumerate(out.columns):
        out.iloc[where, j] = r[c].to_numpy()
    flag = np.zeros(len(out), dtype=bool)
    flag[where] = True
    out["refined"] = flag
    return out


def compute_chunk(spec: TableSpec, task: ChunkTask, workers=None) -> pd.DataFrame:
    """The rows of one chunk (deterministic in the spec and the task)."""
    cl = spec.classes()
    sl = task.class_ids
    hands, ups = cl.hands[sl], cl.ups[sl]
    played = spec if task.rows is None else spec.refine_spec()
    cols = evaluate_classes(played, task.seat, hands, ups, chunk_rng(spec.seed, *task.rng_key), workers)
    # features describe the hand with the upcard's suit as trump (round one) or with next as trump
    # (round two: the turned-down suit cannot be named, next is the usual call)
    fhands = hands if spec.round == 1 else canonical_many(hands, np.full(len(hands), NEXT))
    feats = features(fhands)
    trump_up = np.full(len(hands), TRUMP)
    df = pd.DataFrame({
        "class_id": sl,
        "key": cl.keys[sl].astype(np.int64),
        "seat": SEAT_NAMES[task.seat],
        "hand": [class_text(h) for h in hands],
        "up": [card_name(int(u)) for u in ups],
        "label": [class_label(h) for h in fhands],
        "multiplicity": cl.multiplicity[sl].astype(np.int64),
        **{f: feats[f] for f in ("trump_count", "bowers", "right", "left", "joker", "off_aces", "voids")},
        "count": strength_of(fhands, trump_up),
        "best": cols.pop("best").astype(str),
        "too_close": cols.pop("too_close"),
        # a refinement without stages has no screening: none of its rows is screened
        **({"screened": cols.pop("screened", np.zeros(len(hands), dtype=bool))} if spec.screen is not None else {}),
    })
    options = OPTIONS if spec.round == 1 else OPTIONS_R2
    names = [f"ev_{COLUMN_OF[a]}{x}" for a in options for x in ("", "_lo", "_hi")]
    names += [f"gain_{COLUMN_OF[a]}{x}" for a in options[1:] for x in ("", "_lo", "_hi")]
    names += [f"{p}_{COLUMN_OF[a]}" for a in options for p in ("p_make", "p_march", "p_euchred")]
    for name in names + ["ess"]:
        df[name] = cols.pop(name).astype(np.float64)
    if spec.option_screen:   # the deals each option was played on (a call the screen stopped: fewer)
        n_all = np.asarray(cols["n"], dtype=np.int64)
        for a in options:
            c = COLUMN_OF[a]
            got = cols.pop(f"n_{c}", None)   # (a refinement without stages screens nothing: every option all)
            df[f"n_{c}"] = got.astype(np.int64) if got is not None else np.where(np.isnan(df[f"ev_{c}"]), 0, n_all)
    at_scores: dict[str, np.ndarray] = {}
    for label in (score_label(sc) for sc in spec.scores):
        at_scores[f"best@{label}"] = cols.pop(f"best@{label}").astype(str)
        at_scores[f"too_close@{label}"] = cols.pop(f"too_close@{label}")
        for a in options:
            for x in ("", "_lo", "_hi"):
                name = f"p_win_{COLUMN_OF[a]}{x}@{label}"
                at_scores[name] = cols.pop(name).astype(np.float64)
    if spec.round == 2:
        # the best suit to name (by value), without and with going alone, for the summaries
        for suffix, alone in (("", False), ("_alone", True)):
            calls = [f"ev_{COLUMN_OF[a]}" for a in options[1:] if a.endswith(" alone") == alone]
            df[f"ev_call{suffix}"] = df[calls].max(axis=1)
            df[f"gain_call{suffix}"] = df[f"ev_call{suffix}"] - df["ev_pass"]
        return _with_scores(df.assign(n=cols.pop("n")), at_scores)
    for c in ("discard_order", "discard_alone"):
        arr = cols.pop(c, None)
        df[c] = [card_name(int(x)) for x in arr] if arr is not None else ""
    df["n"] = cols.pop("n")
    return _with_scores(df, at_scores)


def _with_scores(df: pd.DataFrame, at_scores: dict[str, np.ndarray]) -> pd.DataFrame:
    """``df`` with the score columns last (joined at once: a frame grown column by column fragments)."""
    return pd.concat([df, pd.DataFrame(at_scores, index=df.index)], axis=1) if at_scores else df


__all__ = [
    "CALL_SUITS",
    "OPTIONS",
    "OPTIONS_R2",
    "SEAT_STRIDE",
    "TABLE_VERSION",
    "ChunkTask",
    "TableSpec",
    "TableSpecError",
    "apply_refinement",
    "compute_chunk",
    "evaluate_classes",
    "late_scores",
    "parse_scores",
    "screen_stages",
    "score_label",
    "summarise_classes",
]
