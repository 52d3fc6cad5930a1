"""Game equity: the chance that a side wins the game from a score, computed exactly.

The game is a Markov chain over (our score, their score, who deals next).  Each hand adds the
dealing side's or the other side's points (each value the rules give: +1, +2 or +4, and a lone
defender's points; or nothing when it is thrown in) with the chances of :class:`HandOutcomes`, and
the deal passes to the other side.  A side wins on
reaching ``rules.game_to`` (with ``win_by_two``, also leading by two: once both sides are within
a point of the target only the difference matters, which keeps the chain finite).  The chain is
solved as one linear system.  No I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from ..bidding.model import BiddingModel, default_population
from ..core.errors import DecisionInputError
from ..output.results import ResultView
from ..cardplay.contracts import DEFAULT_PLAY_MODEL
from ..rules import Rules, game_winner, hand_point_values
from ..sampling.backends import backend
from ..sampling.seeds import chunk_rng, chunk_sizes, resolve_seed
from .selfplay import play_random_hands

#: the points one side can score in a hand under most rules (:func:`~euchre_stats.rules.hand_point_values`)
POINTS = (1, 2, 4)


def outcomes_of(points) -> tuple[tuple[int, int], ...]:
    """A hand's results as (points to the dealing side, points to the other side) when one side
    scores one of ``points``: the dealing side's, then the other side's, then a throw-in."""
    return tuple((v, 0) for v in points) + tuple((0, v) for v in points) + ((0, 0),)


#: a hand's results under most rules: one side scores 1, 2 or 4, or the hand is thrown in
OUTCOMES = outcomes_of(POINTS)


@dataclass(frozen=True)
class HandOutcomes:
    """The chances of one hand's results, from the dealing side's point of view.

    ``points`` are the points one side can score in a hand (1, 2 and 4 unless the rules give
    more: a lone defender's 5, say); ``probs[k]`` is the chance of ``outcomes[k]`` (that is
    :func:`outcomes_of` ``(points)``, :data:`OUTCOMES` by default); ``n`` the hands they were
    counted on (0 when given by hand).
    """

    probs: tuple[float, ...]
    n: int = 0
    source: str = "given"
    counts: tuple[int, ...] = field(default=(), compare=False)
    points: tuple[int, ...] = POINTS

    def __post_init__(self):
        pts = tuple(self.points) if isinstance(self.points, (tuple, list)) else None
        if (not pts or any(isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 1 for v in pts)
                or len(set(pts)) != len(pts)):
            raise DecisionInputError(f"hand points must be distinct whole numbers >= 1, got {self.points!r}")
        object.__setattr__(self, "points", tuple(int(v) for v in pts))
        k = len(self.outcomes)
        p = np.asarray(self.probs, dtype=float)
        if p.shape != (k,) or (p < 0).any() or not np.isclose(p.sum(), 1.0):
            raise DecisionInputError(f"hand outcome chances must be {k} non-negative numbers "
                                     f"summing to 1, got {self.probs!r}")
        if p[-1] >= 1.0:
            raise DecisionInputError("every hand is thrown in: the game never ends")

    @property
    def outcomes(self) -> tuple[tuple[int, int], ...]:
        """The results ``probs`` gives the chances of: :func:`outcomes_of` ``(points)``."""
        return outcomes_of(self.points)

    @classmethod
    def from_points(cls, dealer_points: np.ndarray, other_points: np.ndarray, source: str,
                    points=POINTS) -> "HandOutcomes":
        """Counted from per-hand points of the dealing side and the other side; ``points`` are
        the values the rules give (:func:`~euchre_stats.rules.hand_point_values`).  A hand that
        scores for both sides, or a value the rules do not give, is a bug, not an input."""
        dealer_points, other_points = np.asarray(dealer_points), np.asarray(other_points)
        if ((dealer_points > 0) & (other_points > 0)).any():
            raise ValueError("a hand scored points for both sides")
        stray = sorted(set(np.unique(np.concatenate([dealer_points, other_points])).tolist()) - {0, *points})
        if stray:
            raise ValueError(f"a hand scored {stray[0]} points, not one of the rules' {tuple(points)}")
        counts = [int(((dealer_points == d) & (other_points == o)).sum()) for d, o in outcomes_of(points)]
        n = len(dealer_points)
        return cls(tuple(c / n for c in counts), n, source, tuple(counts), tuple(points))

    def to_dict(self) -> dict:
        return {"outcomes": [{"dealer_side": d, "other_side": o, "p": p} for (d, o), p in zip(self.outcomes,
                                                                                             self.probs)],
                "n": self.n, "source": self.source}


def _outcome_chunk(chunk: tuple[int, int], rules: Rules, seed: int, model: str, bidding, threads):
    """Chunk ``(i, size)`` of :func:`simulate_outcomes`: the dealing side's and the other side's points per deal."""
    i, size = chunk
    return play_random_hands(rules, size, chunk_rng(seed, i), model, threads, bidding).side_points()


def simulate_outcomes(rules: Rules, samples: int = 20000, seed: int | None = None, model: str = DEFAULT_PLAY_MODEL,
                      workers: int | None = None, bidding: BiddingModel | None = None,
                      scheduler: str | None = None) -> HandOutcomes:
    """The hand outcome chances by self-play: random deals bid by ``bidding`` and played by ``model``.

    The deals' fixed chunks run in this process (``workers`` None or 1, every numba thread), in
    ``workers`` local processes, or on the dask cluster at ``scheduler``
    (:mod:`~euchre_stats.sampling.backends`): the same outcomes, byte for byte, on each."""
    seed = resolve_seed(seed)
    name = why = None
    if bidding is None:  # the default population (shipped-v4, or shipped where it cannot bid: why)
        name, bidding, why = default_population(rules)
    words = (f"{name}, " if name else "") + bidding.decisions.split(" (")[0] + (f"; {why}" if why else "")
    chunks = list(enumerate(chunk_sizes(samples)))
    with backend(workers, scheduler, "equity") as run:
        parts = run.map(_outcome_chunk, chunks, args=(rules, seed, model, bidding, run.threads))
    deal, other = [d for d, _ in parts], [o for _, o in parts]
    return HandOutcomes.from_points(np.concatenate(deal), np.concatenate(other),
                                    f"self-play (the same bots at every seat: not a table of people, docs/odds.md), "
                                    f"{samples} deals, seed {seed}, play model {model}, bidding model: {words}",
                                    hand_point_values(rules))


def _canon(rules: Rules, a: int, b: int) -> tuple[int, int]:
    if rules.win_by_two:
        low = min(a, b)
        t = rules.game_to
        if low > t - 1:  # both past the target less one: only the difference matters
            a, b = a - (low - (t - 1)), b - (low - (t - 1))
    return a, b


def _winner(rules: Rules, a: int, b: int) -> int | None:
    """1 if we (score ``a``) have won, 0 if they have, None while the game goes on
    (:func:`~euchre_stats.rules.game_winner`, the game's end as the rules say it)."""
    side = game_winner(rules, (a, b))
    return None if side is None else int(side == 0)


@lru_cache(maxsize=64)
def _solve(game_to: int, win_by_two: bool, probs: tuple[float, ...], outcomes: tuple[tuple[int, int], ...]) -> dict:
    rules = Rules(game_to=game_to, win_by_two=win_by_two)
    top = game_to + 4  # a game still on is below the target (win by two: at most one past it)
    states = [(a, b, d) for a in range(top) for b in range(top) for d in (0, 1)
              if _winner(rules, a, b) is None and _canon(rules, a, b) == (a, b)]
    index = {s: i for i, s in enumerate(states)}
    n = len(states)
    m = np.zeros((n, n))
    c = np.zeros(n)
    for (a, b, d), i in index.items():
        for (pd, po), p in zip(outcomes, probs):
            if p == 0:
                continue
            ga, gb = (pd, po) if d == 1 else (po, pd)  # d = 1: we deal this hand
            na, nb = _canon(rules, a + ga, b + gb)
            w = _winner(rules, na, nb)
            if w is None:
                m[i, index[(na, nb, 1 - d)]] += p
            else:
                c[i] += p * w
    x = np.linalg.solve(np.eye(n) - m, c)
    return {s: float(x[i]) for s, i in index.items()}


def win_probability(rules: Rules, outcomes: HandOutcomes, us: int, them: int, we_deal: bool) -> float:
    """P(we win the game) at ``us``-``them`` with ``we_deal`` saying whether we deal the next hand."""
    for v in (us, them):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 0:
            raise DecisionInputError(f"a score must be a whole number >= 0, got {v!r}")
    a, b = _canon(rules, int(us), int(them))
    w = _winner(rules, a, b)
    if w is not None:
        return float(w)
    if max(a, b) >= rules.game_to + 4:
        raise DecisionInputError(f"score {us}-{them} is past the end of a game to {rules.game_to}")
    chain = _solve(rules.game_to, rules.win_by_two, tuple(outcomes.probs), outcomes.outcomes)
    return chain[(a, b, 1 if we_deal else 0)]


def equity_table(rules: Rules, outcomes: HandOutcomes, we_deal: bool) -> np.ndarray:
    """``E[us, them]`` = P(we win) for every score below the target, ``we_deal`` next."""
    t = rules.game_to
    return np.array([[win_probability(rules, outcomes, a, b, we_deal) for b in range(t)] for a in range(t)])


def hand_win_probability(rules: Rules, outcomes: HandOutcomes, us: int, them: int, we_deal: bool,
                         value: np.ndarray) -> np.ndarray:
    """Per sample of one hand (``value``: our points minus theirs; one side scores), the chance we
    win the game after it: the score moves and the other side deals next."""
    v = np.asarray(value).astype(np.int64)
    out = np.empty(len(v))
    for x in np.unique(v):
        a, b = (us + x, them) if x > 0 else (us, them - x)
        out[v == x] = win_probability(rules, outcomes, a, b, not we_deal)
    return out


@dataclass
class EquityResult(ResultView):
    """The match equity table: P(we win the game) from every score, for each side dealing next,
    with the hand outcome chances it came from."""

    rules: Rules
    outcomes: HandOutcomes
    deal: np.ndarray       # [us, them]: we deal the next hand
    receive: np.ndarray    # [us, them]: they deal it
    seed: int | None = None
    model: str = DEFAULT_PLAY_MODEL
    #: the bidding model of the self-play hands: ``"shipped"``, a file's path or ``"custom"`` (:mod:`..api`)
    bidding: str = "shipped"

    def to_dict(self) -> dict:
        return {"rules": self.rules.to_dict(), "game_to": self.rules.game_to, "win_by_two": self.rules.win_by_two,
                "seed": self.seed, "model": self.model, "bidding": self.bidding,
                "hand_outcomes": self.outcomes.to_dict(),
                "we_deal": self.deal.round(6).tolist(), "they_deal": self.receive.round(6).tolist()}

    def to_frame(self):
        import pandas as pd

        t = self.rules.game_to
        rows = [{"us": a, "them": b, "p_win_we_deal": float(self.deal[a, b]),
                 "p_win_they_deal": float(self.receive[a, b])} for a in range(t) for b in range(t)]
        return pd.DataFrame(rows)

    def to_text(self) -> str:
        import pandas as pd

        t = self.rules.game_to
        head = [f"match equity: P(we win the game), rules {self.rules.describe()}",
                f"hand outcomes: {self.outcomes.source} (n {self.outcomes.n:,})",
                "  " + ", ".join(f"{_outcome_name(d, o)} {p:.3f}" for (d, o), p in zip(self.outcomes.outcomes,
                                                                                      self.outcomes.probs))]
        parts = ["\n".join(head)]
        for name, grid in (("we deal next", self.deal), ("they deal next", self.receive)):
            df = pd.DataFrame(grid, index=[f"us {a}" for a in range(t)], columns=[f"them {b}" for b in range(t)])
            parts.append(f"{name}:\n" + df.to_string(float_format=lambda x: f"{x:.3f}"))
        return "\n\n".join(parts)

    def plot(self, ax=None):
        """A heatmap of P(we win) with us dealing next, on ``ax`` (a new figure when None); the Axes.
        Each cell's label is black or white by its own colour."""
        from ..output.plots import label_cells, new_axes

        if ax is None:
            ax = new_axes(figsize=(6.4, 5.2))
        im = ax.imshow(self.deal, origin="lower", cmap="RdBu", vmin=0, vmax=1)
        t = self.rules.game_to
        label_cells(ax, im, [[f"{self.deal[a, b]:.2f}" for b in range(t)] for a in range(t)])
        ax.set_xlabel("their score")
        ax.set_ylabel("our score")
        ax.set_xticks(range(t))
        ax.set_yticks(range(t))
        ax.set_title(f"P(we win), we deal next — game to {t}{', win by two' if self.rules.win_by_two else ''}")
        ax.figure.colorbar(im, ax=ax, label="P(win)")
        return ax

    def save_plot(self, path: str) -> None:
        from ..output.plots import save_figure

        ax = self.plot()
        save_figure(ax.figure, path)


def _outcome_name(dealer: int, other: int) -> str:
    return f"dealer side +{dealer}" if dealer else (f"other side +{other}" if other else "thrown in")


def equity(rules: Rules, outcomes: HandOutcomes | None = None, *, samples: int = 20000, seed: int | None = None,
           model: str = DEFAULT_PLAY_MODEL, workers: int | None = None,
           bidding: BiddingModel | None = None, scheduler: str | None = None) -> EquityResult:
    """The match equity table of ``rules``, from ``outcomes`` or from self-play hands (played in
    ``workers`` processes or on the dask cluster at ``scheduler``: see :func:`simulate_outcomes`)."""
    if outcomes is None:
        seed = resolve_seed(seed)
        outcomes = simulate_outcomes(rules, samples, seed, model, workers, bidding, scheduler)
    named = {} if bidding is not None else {"bidding": default_population(rules)[0]}
    return EquityResult(rules, outcomes, equity_table(rules, outcomes, True), equity_table(rules, outcomes, False),
                        seed, model, **named)


def parse_score(text) -> tuple[int, int]:
    """``"9-8"`` as (9, 8): our score, then theirs."""
    parts = str(text).replace(":", "-").split("-")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise DecisionInputError(f"score {text!r}: expected US-THEM, e.g. 9-8")
    return int(parts[0]), int(parts[1])
