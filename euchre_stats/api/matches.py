"""Whole games and matches: ``equity``, ``match`` and ``play``.

``equity`` chains one hand's results into the chance of winning the game from every score;
``match`` sets two bidding policies (or two players) against each other on duplicate deals;
``play`` seats two players at duplicate tables through the hand state machine.  The heavy layers
are imported inside the functions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.args import checked
from ..core.errors import DecisionInputError
from ..rules import Rules
from .inputs import (Progress, RulesLike, bidding_name, check_sizes, model_option, read_bidding, read_rules,
                     rules_for_players)

if TYPE_CHECKING:  # pragma: no cover
    from ..bidding.model import BiddingModel
    from ..decide.equity import EquityResult
    from ..decide.match import MatchGamesResult, MatchResult
    from ..players.table import PlayResult

@checked
def equity(rules: RulesLike = "north-american", *, samples: int = 20000, seed: int | None = None,
           model: str | None = None, workers: int | None = None,
           bidding: str | BiddingModel | None = None, scheduler: str | None = None) -> EquityResult:
    """The match equity table: the chance of winning the game from every score.

    The chain is exact (:mod:`euchre_stats.decide.equity`); its input, the chances of one hand's
    results for the dealing side, comes from ``samples`` self-play hands.  ``euchre-stats equity``.

    Parameters
    ----------
    rules : str, Rules or dict
        As in :func:`order`; ``game_to`` and ``win_by_two`` fix the game.
    samples, seed, model, bidding
        The self-play hands (as in :func:`order`).
    workers, scheduler
        Where the hands' chunks are played: this process (default), ``workers`` local processes, or
        the dask cluster at ``scheduler`` (``tcp://HOST:PORT``); the result is the same byte for byte.

    Returns
    -------
    EquityResult
        ``deal[us, them]`` and ``receive[us, them]``: P(we win) when we, or they, deal next.

    Examples
    --------
    >>> import euchre_stats as es
    >>> e = es.equity("north-american", samples=500, seed=1, model="dd")
    >>> e.deal.shape, round(float(e.deal[0, 0] + e.receive[0, 0]), 6)
    ((10, 10), 1.0)
    """
    from ..decide.equity import equity as _equity

    check_sizes(samples=samples, workers=workers)

    result = _equity(read_rules(rules), samples=samples, seed=seed, workers=workers, bidding=read_bidding(bidding),
                     scheduler=scheduler, **model_option(model))
    if bidding is not None:  # (the default population names itself)
        result.bidding = bidding_name(bidding)
    return result


@checked
def match(a: str | BiddingModel | None = None, b: str | BiddingModel = "points", *, deals: int = 20000,
          seed: int | None = None, rules: RulesLike = "north-american", model: str = "pimc",
          workers: int | None = None, progress: Progress | None = None,
          games: int | None = None, control_deals: int | None = None,
          records: bool = False, run_dir=None, chunk_deals: int | None = None, scheduler: str | None = None
          ) -> MatchResult | MatchGamesResult | PlayResult:
    """A duplicate match between two bidding policies, or two players: A's points minus B's per hand.

    Between two bidding policies each deal is played at two tables with the policies' seats
    swapped, the same cards and the same random numbers, so only the bidding differs
    (:mod:`euchre_stats.decide.match`).  When either side names a player (``realistic``,
    ``random``, ``cheat``, ``module:attr``, an OpenSpiel bot ``openspiel:random`` or
    ``openspiel:ismcts:N``...; ``docs/players.md``), the players sit at the tables and play every bid
    and card, as :func:`play` (on OpenSpiel's engine when an OpenSpiel bot sits).  ``euchre-stats match``.

    Parameters
    ----------
    a, b : str or BiddingModel or player
        A bidding policy: ``"shipped-v4"`` (the default population, ``a``'s default: ``"shipped"`` where it
        cannot bid, A's description saying why), ``"shipped"`` (the shipped count), ``"dd-tuned"`` (the model
        tuned under double-dummy play),
        ``"points"`` (a published point count) or the path of a model file from ``euchre-stats tune``;
        or a player spec or object (as :func:`play`), which seats players on both sides (a policy
        name on the other side then sits as that policy's player, playing cards realistically).
        ``model`` and ``control_deals`` are for policies only.
    deals, seed, rules, progress
        As in :func:`order`.
    workers, scheduler
        Where the deals' chunks are played: this process (default), ``workers`` local processes, or
        the dask cluster at ``scheduler`` (``tcp://HOST:PORT``); the result is the same byte for
        byte.  Not for whole games between players, nor OpenSpiel's bots outside a run directory.
    model : str
        The play model of every hand: ``"pimc"`` (realistic, the default) or ``"dd"``.
    games : int, optional
        Play this many whole games to ``rules.game_to`` instead of single deals (``deals`` is then
        not used): the result is the chance that A wins a game.  Between players, each game is
        played by the players with the score in their views (:func:`euchre_stats.decide.match.player_games`).
    control_deals : int, optional
        Under realistic play, deals played double-dummy only for the control variate (the same
        deals are also played double-dummy): default 10 times ``deals``, 0 for none.  The estimate
        is the realistic difference either way; ``control`` holds the plain one.
    records : bool
        The hands played are wanted (``--records``): refused at once for two bidding policies,
        whose match keeps no hands.
    run_dir : path, optional
        Players only: play in this run directory, committing each chunk of ``chunk_deals`` deals as
        it finishes (:mod:`euchre_stats.players.match_run`); the same call again resumes where it
        stopped, with the same result as an uninterrupted run, and a second run on the directory
        at the same time is refused.  A long match against an outside agent.
    chunk_deals : int, optional
        Deals per chunk of a run directory (default: the run's own, or 100 for a new one).

    Returns
    -------
    MatchResult or MatchGamesResult or PlayResult
        ``diff`` and ``diff_ci`` (A - B, points per hand, 95%), split ``by_seat``, ``by_round``
        and ``by_kind`` of the first decision where the tables differ; with ``games``,
        ``p_a_wins`` and ``p_a_wins_ci``.  With players, a :class:`PlayResult` (its ``records``
        the hands played).

    Examples
    --------
    >>> import euchre_stats as es
    >>> r = es.match("points", "points", deals=200, seed=1, model="dd")
    >>> r.diff, r.differing
    (0.0, 0)
    """
    from ..decide.match import match as _match
    from ..decide.match import match_games

    check_sizes(deals=deals, games=games, workers=workers)
    if a is None:  # the default population at this table
        from ..bidding.model import default_population

        a, _, why = default_population(read_rules(rules))
        if why is not None:
            result = match(a, b, deals=deals, seed=seed, rules=rules, model=model, workers=workers, progress=progress,
                           games=games, control_deals=control_deals, records=records, run_dir=run_dir,
                           chunk_deals=chunk_deals, scheduler=scheduler)
            if hasattr(result, "a_words"):
                result.a_words = f"{result.a_words} ({why})"
            return result
    for x in (a, b):
        _known_name(x)
    if not (_is_policy(a) and _is_policy(b)):
        given = [f"{k}" for k, v in (("model", model != "pimc"), ("control_deals", control_deals is not None)) if v]
        if given:
            raise DecisionInputError(f"{', '.join(given)}: for a match between two bidding policies only; "
                                     f"{a!r} against {b!r} seats players, who play every bid and card themselves")
        if games is not None:
            from ..decide.match import player_games
            from ..sampling.seeds import resolve_seed

            given = [k for k, v in (("records", records), ("run_dir", run_dir is not None),
                                    ("chunk_deals", chunk_deals is not None), ("workers", workers is not None),
                                    ("scheduler", scheduler is not None)) if v]
            if given:
                raise DecisionInputError(f"{', '.join(given)}: for a match of single deals; a match of whole games "
                                         "(games) keeps only who won")
            return player_games(a, b, games=games, seed=resolve_seed(seed), rules=read_rules(rules), progress=progress)
        if run_dir is not None:
            return _run_players(a, b, deals=deals, seed=seed, rules=read_rules(rules), progress=progress,
                                run_dir=run_dir, chunk_deals=chunk_deals, workers=workers, scheduler=scheduler)
        if chunk_deals is not None:
            raise DecisionInputError("chunk_deals: for a match in a run directory only (run_dir)")
        return _play_players(a, b, hands=deals, seed=seed, rules=read_rules(rules), progress=progress,
                             workers=workers, scheduler=scheduler)
    if run_dir is not None or chunk_deals is not None:
        raise DecisionInputError(f"run_dir: a match between two bidding policies ({a!r}, {b!r}) runs in one go; "
                                 "a run directory is for a match between players (realistic, an OpenSpiel bot...)")
    if records:
        raise DecisionInputError(f"records: a match between two bidding policies ({a!r}, {b!r}) keeps no hands; "
                                 "name a player (realistic, random...) for A or B, or use euchre-stats play")
    if games is not None:
        return match_games(a, b, games=games, seed=seed, rules=read_rules(rules), model=model, workers=workers,
                           progress=progress, scheduler=scheduler)
    return _match(a, b, deals=deals, seed=seed, rules=read_rules(rules), model=model, workers=workers,
                  progress=progress, control_deals=control_deals, scheduler=scheduler)


@checked
def play(a="realistic", b="points", *, hands: int = 100, seed: int | None = None,
         rules: RulesLike = "north-american", players: int | str | None = None,
         progress: Progress | None = None, workers: int | None = None,
         scheduler: str | None = None) -> PlayResult:
    """Duplicate deals between two players (bidding and card play): A's points minus B's per deal.

    Each deal is played at two tables through the hand state machine, A on one side and B on the
    other, then swapped, with the same cards and each seat's same random stream
    (:mod:`euchre_stats.players.table`).  ``euchre-stats play``.

    Parameters
    ----------
    a, b : str or player
        Player specs (``docs/players.md``): ``"realistic"`` (``"realistic:worlds=48"``), ``"shipped"``,
        ``"dd-tuned"``, ``"points"``, a model file, ``"random"``, ``"cheat"`` (sees every card:
        reference only), ``"module:attr"`` or ``"path/to/file.py:attr"``; or a player object.  An
        OpenSpiel bot, ``"openspiel:random"`` or ``"openspiel:ismcts:N"``, moves the match to OpenSpiel's
        euchre engine (``pip install euchre-stats[openspiel]``; the rules must map onto its game).
    hands : int
        Deals, each played at both tables.
    seed, rules, progress
        As in :func:`order`.
    players : int, optional
        A two- or six-handed table (as ``--players``); cutthroat has no two sides to swap.
    workers, scheduler
        Where chunks of 100 deals are played: this process (default), ``workers`` local processes,
        or the dask cluster at ``scheduler``; the same result byte for byte.  Players named by spec
        only (a worker seats them afresh); not with OpenSpiel's bots.

    Returns
    -------
    PlayResult
        ``diff`` and ``diff_ci`` (A - B, points per deal, 95%), ``diffs`` per deal, and ``records``,
        the hands played (``records_jsonl()`` for ``euchre-stats review``).

    Examples
    --------
    >>> import euchre_stats as es
    >>> r = es.play("random", "random", hands=4, seed=1)
    >>> r.diff, len(r.records)
    (0.0, 8)
    """
    check_sizes(deals=hands, workers=workers)  # (its bound is the deals'; `play --hands` is a size option named deals)
    return _play_players(a, b, hands=hands, seed=seed, rules=rules_for_players(rules, players), progress=progress,
                         workers=workers, scheduler=scheduler)


def _known_name(x) -> None:
    """A plain name (no options, no file, no module) that is neither a bidding policy nor a player: one
    line listing both kinds, since ``match`` takes either (``load_player`` alone lists only players)."""
    from ..bidding.model import POLICIES
    from ..core.errors import PlayerSpecError
    from ..players.load import SHIPPED

    if not isinstance(x, str):
        return
    text = x.strip()
    if text and ":" not in text and "." not in text and "/" not in text and text not in POLICIES + SHIPPED:
        players = ", ".join(p for p in SHIPPED if p not in POLICIES)
        raise PlayerSpecError(f"unknown player or bidding policy {text!r}: expected a bidding policy "
                              f"({', '.join(POLICIES)}), a player ({players}), "
                              "a model file (.json), module:attr or path/to/file.py:attr")


def _is_policy(x) -> bool:
    """Whether ``x`` names a bidding policy as ``match`` has always taken them (a name, a model file, a model)."""
    from ..bidding.model import POLICIES, BiddingModel

    if isinstance(x, BiddingModel):
        return True
    return isinstance(x, str) and (x.strip() in POLICIES or (x.strip().endswith(".json") and ":" not in x))


def _run_players(a, b, *, deals: int, seed: int | None, rules: Rules, progress: Progress | None, run_dir,
                 chunk_deals: int | None, workers: int | None = None, scheduler: str | None = None) -> PlayResult:
    """A players' match in a run directory: the seed given, else the run's own (resuming), else a fresh one."""
    from ..core.errors import TableRunError
    from ..players.match_run import match_run, read_manifest
    from ..sampling.seeds import resolve_seed

    if seed is None:
        try:
            seed = int(read_manifest(run_dir)["settings"]["seed"])
        except TableRunError:
            pass
    return match_run(a, b, deals=deals, seed=resolve_seed(seed), rules=rules, run_dir=run_dir,
                     chunk_deals=chunk_deals, progress=progress, workers=workers, scheduler=scheduler)


def _play_players(a, b, *, hands: int, seed: int | None, rules: Rules, progress: Progress | None,
                  workers: int | None = None, scheduler: str | None = None) -> PlayResult:
    """Duplicate deals between players: on the state machine, or on OpenSpiel's engine when an
    OpenSpiel bot (``openspiel:...``) sits."""
    from ..players.openspiel_table import is_openspiel_spec, openspiel_match
    from ..players.table import play_match
    from ..sampling.backends import runs_elsewhere
    from ..sampling.seeds import resolve_seed

    done = [0]

    def tick(k: int) -> None:
        done[0] += k
        progress(done[0], hands)

    if is_openspiel_spec(a) or is_openspiel_spec(b):
        if scheduler is not None or runs_elsewhere(workers, scheduler):
            raise DecisionInputError("workers, scheduler: a match against an OpenSpiel bot runs here, or in chunks "
                                     "with a run directory (run_dir, --run-dir), which may run elsewhere")
        return openspiel_match(a, b, hands=hands, seed=resolve_seed(seed), rules=rules,
                               progress=tick if progress else None)
    return play_match(a, b, hands=hands, seed=resolve_seed(seed), rules=rules, progress=tick if progress else None,
                      workers=workers, scheduler=scheduler)


__all__ = ["equity", "match", "play"]
