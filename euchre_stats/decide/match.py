"""A duplicate match between two bidding policies.

Every deal is played at two tables.  At the first, policy A holds seats 0 and 2 (eldest and third)
and policy B seats 1 and 3 (the dealer's partner and the dealer); at the second they swap.  Both
tables see the same cards, the same random numbers for any soft bidding decisions, and the same
random stream for each deal's realistic play, so a deal on which the two policies bid alike scores
exactly 0, and the match measures the bidding alone.  All play is by the play model named
(realistic by default).

The result: A's points minus B's, per hand played (the mean over deals of half the sum of A's net
score at the two tables), with its 95% interval, and the same split by where the two tables'
auctions first differ: the seat and round of that decision, and its kind ("call": one policy
accepts where the other passes; "alone": both accept, one alone; "suit": a different suit named;
"other": the same contract, but the dealer's discard, a later declaration or a lone defender
differs).  No I/O.

**Control variate.**  Under realistic play the same deals are also played double-dummy (the
auctions do not depend on the play model, so both tables bid exactly as in the realistic run), and
``control_deals`` further, independent deals are played double-dummy only.  The double-dummy
difference ``X`` of a deal moves with its realistic difference ``Y`` (same contracts), and its mean
is known far better from the extra deals, so the estimate is

    Y_mean - beta * (X_mean - X_mean_control),   beta = cov(X, Y) / var(X) on the paired deals,

which has the same expectation as ``Y_mean`` (the realistic difference) and the variance
``var(Y - beta X) / n + beta^2 var(X_control) / control_deals``: smaller by about the squared
correlation of ``X`` and ``Y``.  The plain mean and its interval are kept beside it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# the named policies live with the models (players/ names them too); kept importable from here
from ..bidding.model import POLICIES, POLICY_WORDS, dd_tuned_model, policy_model  # noqa: F401
from ..core.errors import DecisionInputError
from ..core.seats import SEAT_NAMES
from ..core.stats import Z95, weighted_mean_se
from ..output.results import ResultView
from ..cardplay.contracts import PLAY_MODELS
from ..rules import NORTH_AMERICAN, Rules
from ..sampling.backends import backend
from ..sampling.deals import random_deals
from ..sampling.seeds import chunk_rng, chunk_sizes, resolve_seed
from . import MAX_CONTROL_DEALS
from .selfplay import play_random_hands

KINDS = ("call", "alone", "suit", "other")


@dataclass
class MatchResult(ResultView):
    """A's points minus B's per hand, its interval, and the split by where the tables differ."""

    a: str
    b: str
    deals: int
    seed: int
    rules: Rules
    play_model: str
    diff: float
    diff_ci: tuple[float, float]
    differing: int
    by_seat: list[dict]
    by_round: list[dict]
    by_kind: list[dict]
    a_words: str = ""
    b_words: str = ""
    #: the control variate (None when off): deals, beta, correlation, plain diff and interval
    control: dict | None = None

    def to_dict(self) -> dict:
        return {"deals": self.deals, "seed": self.seed, "a": self.a, "b": self.b, "diff": self.diff,
                "diff_ci": list(self.diff_ci), "by_seat": self.by_seat, "by_round": self.by_round,
                "by_kind": self.by_kind, "differing_deals": self.differing, "play_model": self.play_model,
                "unit": "points per hand, A minus B", "rules": self.rules.to_dict(),
                "policies": {"a": self.a_words, "b": self.b_words}, "control": self.control}

    def to_frame(self):
        """One row per split (``split`` seat/round/kind, ``group``): deals, A - B and its interval."""
        import pandas as pd

        rows = [{"split": "all", "group": "all", "deals": self.deals, "diff": self.diff,
                 "ci_low": self.diff_ci[0], "ci_high": self.diff_ci[1]}]
        for split, groups in (("seat", self.by_seat), ("round", self.by_round), ("kind", self.by_kind)):
            for g in groups:
                rows.append({"split": split, "group": g["group"], "deals": g["deals"], "diff": g["diff"],
                             "ci_low": g["ci"][0], "ci_high": g["ci"][1]})
        return pd.DataFrame(rows)

    def to_text(self) -> str:
        import pandas as pd

        lo, hi = self.diff_ci
        verdict = ("too close to call" if lo <= 0.0 <= hi else
                   f"{'A' if self.diff > 0 else 'B'} ({self.a if self.diff > 0 else self.b}) is ahead")
        lines = [f"match: A = {self.a} against B = {self.b}", f"A: {self.a_words}", f"B: {self.b_words}",
                 f"rules: {self.rules.describe()}", f"play model: {self.play_model}",
                 f"seed: {self.seed}   deals: {self.deals:,} (each played twice, seats swapped)",
                 "", f"A - B: {self.diff:+.4f} points per hand [{lo:+.4f}, {hi:+.4f}] (95%): {verdict}"]
        if self.control is not None:
            c = self.control
            plo, phi = c["plain_ci"]
            lines += [f"  with a control variate: the same deals played double-dummy (correlation "
                      f"{c['correlation']:.3f} with realistic play) and {c['deals']:,} more deals double-dummy "
                      f"only; without it: {c['plain_diff']:+.4f} [{plo:+.4f}, {phi:+.4f}]"]
        lines += [f"deals where the tables differ: {self.differing:,} ({self.differing / self.deals:.1%})", ""]
        for title, groups in (("where the tables first differ, by seat", self.by_seat),
                              ("by round", self.by_round), ("by kind", self.by_kind)):
            lines.append(title + " (A - B per hand over all deals, from these deals):")
            frame = pd.DataFrame([{"": g["group"], "deals": g["deals"], "A - B": f"{g['diff']:+.4f}",
                                   "95% CI": f"[{g['ci'][0]:+.4f}, {g['ci'][1]:+.4f}]"} for g in groups])
            lines.append(frame.to_string(index=False) if len(frame) else "(none)")
            lines.append("")
        return "\n".join(lines).rstrip()


def _endpoint(hp) -> tuple[np.ndarray, np.ndarray]:
    """Where each table's auction ended: (round 1/2, or 3 thrown in; the seat that made trump)."""
    rnd = np.where(hp.maker < 0, 3, np.where(hp.round_one, 1, 2))
    return rnd, hp.maker if hp.caller is None else hp.caller


def _a_net(hp, a_side: int) -> np.ndarray:
    """Net points of side ``a_side`` (0: seats 0 and 2) per deal."""
    deal_side, other = hp.side_points()
    net0 = (other - deal_side).astype(np.float64)  # side 0 minus side 1
    return net0 if a_side == 0 else -net0


def _setup(a, b, count, what: str, rules, model: str, seed):
    """The checked inputs of a match: rules, the two (name, model) policies and the seed."""
    rules = Rules.from_json(rules)
    if model not in PLAY_MODELS:
        raise DecisionInputError(f"unknown play model {model!r}: expected one of {', '.join(PLAY_MODELS)}")
    if int(count) < 2:
        raise DecisionInputError(f"a match needs at least 2 {what}, got {count!r}")
    return rules, policy_model(a), policy_model(b), resolve_seed(seed)


#: the control variate's double-dummy deals per realistic deal, by default, and at most (`--control-deals`)
CONTROL_FACTOR = 10


def _deal_chunk(rules, seed, i: int, n: int, keys: tuple[int, int, int]):
    """Fixed chunk ``i`` of ``n`` deals: ``(deals, bidding rng, play rng)``, each drawn from the
    chunk's own stream under ``keys`` (so two runs with the same keys see the same deals)."""
    return (random_deals(rules, n, chunk_rng(seed, i, keys[0])), lambda: chunk_rng(seed, i, keys[1]),
            lambda: chunk_rng(seed, i, keys[2]))


def _match_chunk(chunk: tuple[str, int, int], rules, seed: int, model: str, ma, mb, control: bool, threads):
    """Chunk ``(part, i, n)`` of :func:`match`: of the ``"paired"`` deals ``(y, x, seat, round, kind)``,
    of the ``"control"`` deals (double-dummy only) ``(x, seat, round, kind)``."""
    part, i, n = chunk
    if part == "control":
        dealt, bid_rng, play_rng = _deal_chunk(rules, seed, i, n, (3, 4, 5))
        return _tables(rules, n, bid_rng, dealt, "dd", threads, ma, mb, play_rng)
    dealt, bid_rng, play_rng = _deal_chunk(rules, seed, i, n, (0, 1, 2))
    y, s, r, k = _tables(rules, n, bid_rng, dealt, model, threads, ma, mb, play_rng)
    x = np.zeros(n)
    if control:  # the same deals and auctions, double-dummy
        x, sx, rx, kx = _tables(rules, n, bid_rng, dealt, "dd", threads, ma, mb, play_rng)
        # a deal whose tables differ only in a way realistic play happened not to show (a discard that
        # left the tricks equal) is split by where double-dummy play shows it, so the parts add up
        same = s < 0
        s, r, k = np.where(same, sx, s), np.where(same, rx, r), np.where(same, kx, k)
    return y, x, s, r, k


def _tables(rules, n, key_rng, dealt, model, workers, ma, mb, play_rng):
    """Both tables of ``n`` deals: (A's points minus B's per deal, seat, round, kind of divergence)."""
    tables = []
    for models in ((ma, mb, ma, mb), (mb, ma, mb, ma)):
        tables.append(play_random_hands(rules, n, key_rng(), model, workers, models, deals=dealt,
                                        play_rng=play_rng()))
    t1, t2 = tables
    return ((_a_net(t1, 0) + _a_net(t2, 1)) / 2.0, *_divergence(t1, t2))


def control_estimate(y, x, xc, beta: float | None = None) -> tuple[float, float, float, float]:
    """``(estimate, se, beta, correlation)``: the mean of ``y`` corrected by the paired ``x``, whose
    mean is also estimated from the independent ``xc`` (see the module docstring).  ``beta`` is
    fitted (``cov(x, y) / var(x)``) unless given; with no spread in ``x`` it is 0 and the plain
    mean of ``y`` is returned."""
    y, x, xc = (np.asarray(v, dtype=np.float64) for v in (y, x, xc))
    n, m = len(y), len(xc)
    if n < 2 or m < 2:
        raise ValueError(f"a control estimate needs at least 2 paired and 2 control values, got {n} and {m}")
    vx, vy = float(np.var(x, ddof=1)), float(np.var(y, ddof=1))
    cxy = float(np.cov(x, y, ddof=1)[0, 1])
    if beta is None:
        beta = cxy / vx if vx > 0 else 0.0
    corr = cxy / np.sqrt(vx * vy) if vx > 0 and vy > 0 else 0.0
    est = float(y.mean() - beta * (x.mean() - xc.mean()))
    var = float(np.var(y - beta * x, ddof=1)) / n + beta ** 2 * float(np.var(xc, ddof=1)) / m
    return est, float(np.sqrt(var)), float(beta), float(corr)


def match(a, b, deals: int = 20000, seed: int | None = None, rules: Rules = NORTH_AMERICAN, *,
          model: str = "pimc", workers: int | None = None, progress=None,
          control_deals: int | None = None, scheduler: str | None = None) -> MatchResult:
    """A duplicate match of ``deals`` deals between bidding policies ``a`` and ``b`` (see the
    module docstring); ``model`` is the play model (``"pimc"`` realistic, ``"dd"``).

    ``control_deals``: independent deals played double-dummy only for the control variate
    (default :data:`CONTROL_FACTOR` times ``deals`` under realistic play; 0 turns it off; not
    used under double-dummy play, where it would be the estimate itself).

    The fixed chunks of deals run in this process (``workers`` None or 1, every numba thread), in
    ``workers`` local processes, or on the dask cluster at ``scheduler``
    (:mod:`~euchre_stats.sampling.backends`): the same match, byte for byte, on each."""
    rules, (a_name, ma), (b_name, mb), seed = _setup(a, b, deals, "deals", rules, model, seed)
    if model == "dd":
        control_deals = 0
    elif control_deals is None:
        control_deals = CONTROL_FACTOR * int(deals)
    if (isinstance(control_deals, bool) or not isinstance(control_deals, (int, np.integer))
            or not 0 <= control_deals <= MAX_CONTROL_DEALS):
        raise DecisionInputError(f"control_deals must be a whole number in 0..{MAX_CONTROL_DEALS:,}, "
                                 f"got {control_deals!r}")
    control = int(control_deals) >= 2
    total = int(deals) + (int(control_deals) if control else 0)
    chunks = [("paired", i, n) for i, n in enumerate(chunk_sizes(int(deals)))]
    if control:
        chunks += [("control", i, n) for i, n in enumerate(chunk_sizes(int(control_deals)))]
    done = [0]

    def tick(chunk, _) -> None:
        done[0] += chunk[2]
        progress(done[0], total)

    with backend(workers, scheduler, "match") as run:
        if progress is not None:
            progress(0, total)  # drawn at once: a chunk of realistic play takes seconds
        parts = run.map(_match_chunk, chunks, args=(rules, seed, model, ma, mb, control, run.threads),
                        done=None if progress is None else tick, name=lambda c: f"{c[0]}-{c[1]}")
    paired = [p for c, p in zip(chunks, parts) if c[0] == "paired"]
    extra = [p for c, p in zip(chunks, parts) if c[0] == "control"]
    d, x, seat, rnd, kind = (np.concatenate(c) for c in zip(*paired))
    ones = np.ones(len(d))
    n = len(d)
    plain_mu, plain_se = weighted_mean_se(d, ones)
    info = None
    if control:
        xcv, cs, cr, ck = (np.concatenate(c) for c in zip(*extra))
        mu, se, beta, corr = control_estimate(d, x, xcv)
        info = {"deals": int(len(xcv)), "beta": beta, "correlation": corr, "plain_diff": plain_mu,
                "plain_ci": [max(-8.0, plain_mu - Z95 * plain_se), min(8.0, plain_mu + Z95 * plain_se)],
                "model": "double-dummy play of the same auctions"}
    else:
        mu, se = plain_mu, plain_se

    def split(mask_of, cmask_of, labels):
        out = []
        for key, label in labels:
            m = mask_of(key)
            if not m.any():
                continue
            part = np.where(m, d, 0.0)  # the contribution of these deals to the whole match
            if control:  # the whole match's beta, so that the parts add up to the whole
                pm, ps, _, _ = control_estimate(part, np.where(m, x, 0.0), np.where(cmask_of(key), xcv, 0.0), beta)
            else:
                pm, ps = weighted_mean_se(part, ones)
            out.append({"group": label, "deals": int(m.sum()), "diff": pm,
                        "ci": [max(-8.0, pm - Z95 * ps), min(8.0, pm + Z95 * ps)]})
        return out

    by_seat = split(lambda s: seat == s, lambda s: cs == s, [(s, SEAT_NAMES[s]) for s in range(4)])
    by_round = split(lambda r: rnd == r, lambda r: cr == r, [(1, "round one"), (2, "round two")])
    by_kind = split(lambda k: kind == k, lambda k: ck == k, [(j, KINDS[j]) for j in range(len(KINDS))])
    return MatchResult(a_name, b_name, n, seed, rules, model, mu,
                       (max(-8.0, mu - Z95 * se), min(8.0, mu + Z95 * se)), int((seat >= 0).sum()),
                       by_seat, by_round, by_kind, POLICY_WORDS.get(a_name, f"the model in {a_name} ({ma.decisions})"),
                       POLICY_WORDS.get(b_name, f"the model in {b_name} ({mb.decisions})"), info)


def _divergence(t1, t2) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per deal: the seat, round and kind (index into :data:`KINDS`) of the first decision on which
    the two tables differ; -1 where they do not differ at all."""
    r1, m1 = _endpoint(t1)
    r2, m2 = _endpoint(t2)
    n = len(r1)
    seat = np.full(n, -1, dtype=np.int64)
    rnd = np.full(n, -1, dtype=np.int64)
    kind = np.full(n, -1, dtype=np.int64)
    k1, k2 = r1 * 4 + np.maximum(m1, 0), r2 * 4 + np.maximum(m2, 0)
    ends_differ = k1 != k2
    first = np.minimum(k1, k2)
    seat = np.where(ends_differ, first % 4, seat)
    rnd = np.where(ends_differ, first // 4, rnd)
    kind = np.where(ends_differ, 0, kind)
    same = ~ends_differ & (m1 >= 0)
    for j, differs in ((1, t1.alone != t2.alone), (2, t1.trump != t2.trump),
                       (3, (t1.def_alone_seat != t2.def_alone_seat) | (t1.maker_tricks != t2.maker_tricks))):
        hit = same & differs & (kind < 0)
        seat = np.where(hit, m1, seat)
        rnd = np.where(hit, r1, rnd)
        kind = np.where(hit, j, kind)
    return seat, rnd, kind


@dataclass
class MatchGamesResult(ResultView):
    """Whole games between two policies: the chance that A wins a game, both tables counted."""

    a: str
    b: str
    games: int
    seed: int
    rules: Rules
    play_model: str
    p_a_wins: float
    p_a_wins_ci: tuple[float, float]
    hands_per_game: float
    a_words: str = ""
    b_words: str = ""

    @property
    def diff(self) -> float:
        """P(A wins) - P(B wins)."""
        return 2 * self.p_a_wins - 1

    def to_dict(self) -> dict:
        lo, hi = self.p_a_wins_ci
        return {"games": self.games, "seed": self.seed, "a": self.a, "b": self.b, "p_a_wins": self.p_a_wins,
                "p_a_wins_ci": [lo, hi], "diff": self.diff, "diff_ci": [2 * lo - 1, 2 * hi - 1],
                "unit": "P(A wins the game) - P(B wins it)", "hands_per_game": self.hands_per_game,
                "play_model": self.play_model, "rules": self.rules.to_dict(),
                "policies": {"a": self.a_words, "b": self.b_words}}

    def to_frame(self):
        import pandas as pd

        d = self.to_dict()
        return pd.DataFrame([{"a": self.a, "b": self.b, "games": self.games, "p_a_wins": self.p_a_wins,
                              "ci_low": d["p_a_wins_ci"][0], "ci_high": d["p_a_wins_ci"][1],
                              "hands_per_game": self.hands_per_game}])

    def to_text(self) -> str:
        lo, hi = self.p_a_wins_ci
        verdict = ("too close to call" if lo <= 0.5 <= hi else
                   f"{'A' if self.p_a_wins > 0.5 else 'B'} ({self.a if self.p_a_wins > 0.5 else self.b}) is ahead")
        return "\n".join([
            f"match (whole games): A = {self.a} against B = {self.b}", f"A: {self.a_words}", f"B: {self.b_words}",
            f"rules: {self.rules.describe()}", f"play model: {self.play_model}",
            f"seed: {self.seed}   games: {self.games:,} (each played twice, seats swapped; "
            f"{self.hands_per_game:.1f} hands a game)", "",
            f"P(A wins the game): {self.p_a_wins:.4f} [{lo:.4f}, {hi:.4f}] (95%): {verdict}"])


def _games_interval(d: np.ndarray) -> tuple[float, tuple[float, float]]:
    """P(A wins) from each game's mean result at its two tables (0, 0.5 or 1), with its paired normal
    95% interval; when every game went to one side at both tables (no spread: the normal interval
    would be a point), the Wilson interval of those games instead."""
    from ..core.stats import proportion

    mu, se = weighted_mean_se(d, np.ones(len(d)))
    if se == 0 and mu in (0.0, 1.0):
        e = proportion(d == 1.0)
        return mu, (float(e.low), float(e.high))
    return mu, (max(0.0, mu - Z95 * se), min(1.0, mu + Z95 * se))


#: a game longer than this many hands is stopped (none comes near it; win-by-two games end too)
MAX_HANDS = 400


def _games_chunk(chunk: tuple[int, int], rules, seed: int, model: str, ma, mb, threads):
    """Chunk ``(i, n)`` of :func:`match_games`: per game, A's mean result at its two tables and its
    mean length in hands."""
    from .equity import _winner

    i, n = chunk
    a_won = np.zeros((2, n))
    hands_played = np.zeros((2, n))
    for table in (0, 1):
        # team 0 is A at the first table, B at the second; hand h is dealt by team 1 when h is even
        score = np.zeros((n, 2), dtype=np.int64)
        over = np.zeros(n, dtype=bool)
        winner = np.full(n, -1)
        team0 = (ma, mb)[table]
        team1 = (mb, ma)[table]
        for h in range(MAX_HANDS):
            dealing = 1 if h % 2 == 0 else 0
            side = (team0, team1) if dealing == 1 else (team1, team0)  # (non-dealing, dealing) models
            dealt = random_deals(rules, n, chunk_rng(seed, i, h, 0))
            hp = play_random_hands(rules, n, chunk_rng(seed, i, h, 1), model, threads,
                                   (side[0], side[1], side[0], side[1]), deals=dealt,
                                   play_rng=chunk_rng(seed, i, h, 2), streams=np.arange(n))
            deal_pts, other_pts = hp.side_points()
            live = ~over
            score[live, dealing] += deal_pts[live]
            score[live, 1 - dealing] += other_pts[live]
            hands_played[table, live] += 1
            for g in np.nonzero(live)[0]:
                w = _winner(rules, int(score[g, 0]), int(score[g, 1]))
                if w is not None:
                    over[g] = True
                    winner[g] = 0 if w == 1 else 1
            if over.all():
                break
        a_team = 0 if table == 0 else 1
        a_won[table] = (winner == a_team).astype(np.float64)
    return a_won.mean(axis=0), hands_played.mean(axis=0)


def match_games(a, b, games: int = 2000, seed: int | None = None, rules: Rules = NORTH_AMERICAN, *,
                model: str = "pimc", workers: int | None = None, progress=None,
                scheduler: str | None = None) -> MatchGamesResult:
    """Whole games to ``rules.game_to`` between policies ``a`` and ``b``, each game played at two
    tables with the teams' seats swapped (the same deals, dealer rotating between the teams).

    P(A wins) counts both tables: per game the mean of A's two results, so its interval is paired.
    The fixed chunks of games run where :func:`match` runs its deals (``workers``, ``scheduler``)."""
    rules, (a_name, ma), (b_name, mb), seed = _setup(a, b, games, "games", rules, model, seed)
    chunks = list(enumerate(chunk_sizes(int(games))))
    done = [0]

    def tick(chunk, _) -> None:
        done[0] += chunk[1]
        progress(done[0], int(games))

    with backend(workers, scheduler, "match-games") as run:
        if progress is not None:
            progress(0, int(games))  # drawn at once: a chunk of whole games takes seconds
        parts = run.map(_games_chunk, chunks, args=(rules, seed, model, ma, mb, run.threads),
                        done=None if progress is None else tick)
    results, lengths = [p[0] for p in parts], [p[1] for p in parts]
    d = np.concatenate(results)
    mu, ci = _games_interval(d)
    return MatchGamesResult(a_name, b_name, len(d), seed, rules, model, mu, ci, float(np.concatenate(lengths).mean()),
                       POLICY_WORDS.get(a_name, f"the model in {a_name} ({ma.decisions})"),
                       POLICY_WORDS.get(b_name, f"the model in {b_name} ({mb.decisions})"))


def game_hand_seed(seed: int, game: int, hand: int) -> int:
    """The seed of hand ``hand`` of game ``game`` of a players' match of whole games seeded ``seed``
    (from ``numpy.random.SeedSequence``; the same at both tables)."""
    return int(np.random.SeedSequence([int(seed), int(game), int(hand), 1]).generate_state(2, np.uint64)[0]
               >> np.uint64(1))


def player_games(a, b, *, games: int, seed: int, rules: Rules = NORTH_AMERICAN,
                 progress=None) -> MatchGamesResult:
    """Whole games to ``rules.game_to`` between players ``a`` and ``b`` (specs or objects; an OpenSpiel
    bot moves the hands to OpenSpiel's engine, as :func:`~euchre_stats.players.openspiel_table.openspiel_match`).

    Game ``g`` is played at two tables, A holding side 0's seats at the first and side 1's at the
    second; hand ``h`` of it is ``HandState.deal(rules, h % players, default_rng(game_hand_seed(seed, g,
    h)))`` at both tables (the dealer passing left), played by the players with the game's score in
    every view, until a side has won (:func:`~euchre_stats.rules.game_winner`).  P(A wins)
    counts both tables: per game the mean of A's two results, so its interval is paired."""
    from ..game.state import HandState
    from ..players.openspiel_table import is_openspiel_spec, openspiel_seats, play_openspiel_checked
    from ..players.table import _check, _players, play_hand
    from ..rules import game_winner, side_count, side_of_seat

    if isinstance(games, bool) or not isinstance(games, (int, np.integer)) or int(games) < 2:
        raise DecisionInputError(f"a match needs at least 2 games, got {games!r}")
    openspiel = is_openspiel_spec(a) or is_openspiel_spec(b)
    if openspiel:
        rules, game, (pa, pb), (na, nb) = openspiel_seats(a, b, rules)
    else:
        rules = Rules.from_json(rules)
        if side_count(rules) != 2:
            raise DecisionInputError(f"a duplicate match needs two sides; the {rules.players}-player game has "
                                     f"{side_count(rules)}")
        (pa, pb), (na, nb) = _players([a, b])
        _check(rules, int(games), (pa, pb))
    n = rules.players
    sides = [side_of_seat(rules, s) for s in range(n)]
    results, lengths = [], []
    for g in range(int(games)):
        a_won, played = 0.0, 0
        for t in (0, 1):  # A holds side t
            seated = [pa if sides[s] == t else pb for s in range(n)]
            names = [na if sides[s] == t else nb for s in range(n)]
            score = [0, 0]
            for h in range(MAX_HANDS):
                hs = game_hand_seed(seed, g, h)
                deal = HandState.deal(rules, h % n, np.random.default_rng(hs))
                if openspiel:
                    state = play_openspiel_checked(game, deal, seated, names, seed=hs,
                                                   what=f"hand {h} of game {g} (deal seed {hs}), table {t + 1}")
                else:
                    state = play_hand(deal.copy(), seated, seed=hs, names=names, score=tuple(score))
                score = [score[0] + int(state.points[0]), score[1] + int(state.points[1])]
                played += 1
                w = game_winner(rules, score)
                if w is not None:
                    a_won += 1.0 if w == t else 0.0
                    break
        results.append(a_won / 2)
        lengths.append(played / 2)
        if progress is not None:
            progress(g + 1, int(games))
    mu, ci = _games_interval(np.array(results))
    engine = "OpenSpiel's engine" if openspiel else "the state machine"
    return MatchGamesResult(na, nb, len(results), seed, rules, f"each player's own, on {engine}", mu, ci,
                            float(np.mean(lengths)),
                            f"the player {na!r} (docs/players.md)", f"the player {nb!r} (docs/players.md)")
