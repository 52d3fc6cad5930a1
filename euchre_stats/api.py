"""The public face: every question the command line answers, as one Python function each.

The functions take what a player types at the command line -- cards as text
(``"Jh Jd Ah 9s Tc"``), seats by name (``"eldest"``, ``"dealer"``, ``1``-``4``), a rules
preset name (or a :class:`~euchre_stats.rules.Rules`, a dict or JSON of options) -- and
return the library's result types, which know their own forms: ``to_dict()`` (the
command line's JSON), ``to_frame()`` (its CSV, as a pandas DataFrame), ``to_text()`` (its
table), ``plot(ax=None)`` (a matplotlib Axes) and ``_repr_html_`` (Jupyter).  Each command
of ``euchre-stats`` calls exactly one of these functions and prints its result, so a
notebook and the command line give the same numbers for the same seed.

This is the top layer: it may import every layer below and nothing imports it but the
package's ``__init__`` (lazily) and the command line.  The heavy layers (numba, pandas)
are imported inside the functions, so importing this module stays quick.
"""

from __future__ import annotations

import os

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from .core.args import checked
from .core.errors import DecisionInputError, OddsInputError, RulesError, SolveInputError
from .core.limits import check_size
from .rules import GAME_NAMES, Rules, for_players, load_rules

if TYPE_CHECKING:  # pragma: no cover
    from .bidding.model import BiddingModel
    from .decide.equity import EquityResult
    from .decide.match import MatchGamesResult, MatchResult
    from .players.table import PlayResult
    from .decide.result import Decision, ModelComparison
    from .decide.robust import RobustResult
    from .solver import SolveResult
    from .solver.batch import SolveBatch
    from .strategy.advise import Advice
    from .strategy.run import TableResult
    from .study.odds import ConditionalOdds, OddsTable
    from .study.games import GamesResult
    from .study.simulate import VariantsResult

#: what ``rules=`` accepts: a preset name, JSON text of options, a dict of options or a Rules
RulesLike = str | Rules | dict
Progress = Callable[[int, int], None]
#: the decks ``odds`` and ``variants`` compare when none is named
ALL_DECKS = "24,25,28,32,33"
#: the decks ``variants`` compares under ``no_trump`` when none is named (no_trump has no Joker deck)
NO_JOKER_DECKS = "24,28,32"


def _rules(rules, games: bool = False, no_trump: bool = True) -> Rules:
    """A preset name (``"stick"``), a JSON object as text, a dict of options or a :class:`Rules`;
    four-handed unless ``games`` (the questions of the bidding model are four-handed); with
    ``no_trump`` False, rules with ``no_trump`` are refused (strategy tables and ``advise``)."""
    r = load_rules(rules)
    if not games:
        from .cardplay.contracts import four_handed_only

        if four_handed_only(r):
            raise RulesError(four_handed_only(r))
    if not no_trump and r.no_trump:
        raise RulesError("no_trump: strategy tables and advise do not value a no-trump call yet (their hand "
                         "classes are the suits'); order, call, discard, lead and variants do")
    return r


def _bidding(bidding):
    """``None`` (the shipped model), a :class:`BiddingModel` or the path of one (JSON from ``tune``)."""
    if bidding is None or not isinstance(bidding, (str, bytes)) and not hasattr(bidding, "__fspath__"):
        return bidding
    from .bidding.model import BiddingModel

    try:
        return BiddingModel.load(bidding)
    except (ValueError, TypeError, KeyError) as exc:
        raise DecisionInputError(f"{str(bidding)!r} is not a bidding model file: {exc}") from None


def _bidding_name(bidding) -> str:
    """How a result records the bidding model it used: ``"shipped"``, the file's path as given, or
    ``"custom"`` for a model (or thresholds) passed as an object."""
    if bidding is None:
        return "shipped"
    if isinstance(bidding, (str, bytes)) or hasattr(bidding, "__fspath__"):
        return os.fsdecode(bidding)
    return "custom"


def _recorded(result, bidding):
    """``result`` (a decision, or both of a comparison of play models) with the bidding model it used."""
    ds = ((result.dd, result.pimc) if hasattr(result, "pimc") else
          tuple(result.decisions.values()) if hasattr(result, "decisions") else (result,))
    for d in ds:
        d.bidding = _bidding_name(bidding)
    return result


def _sizes(**sizes) -> None:
    """Refuse a size beyond its bound (``core/limits.py``) before anything is allocated."""
    for name, value in sizes.items():
        check_size(name, value)


def _model(model: str | None) -> dict:
    """``model=`` only when one is named, so the decision layer's own default applies otherwise."""
    return {} if model is None else {"model": model}


def _with_players(rules, players) -> Rules:
    """The rules as a game of ``players`` (None: as the rules say; :func:`~euchre_stats.rules.for_players`).
    Options naming the doubled pack (``{"deck": "50"}``, six-handed only) are read as six-handed ones
    when ``players`` is 6."""
    if isinstance(players, str) and players.strip().isdigit():
        players = int(players)
    if players == 6 and isinstance(rules, dict) and "players" not in rules:
        try:
            return load_rules({**rules, "players": 6})
        except RulesError:
            pass  # read as given below, so the error names the options as written
    r = load_rules(rules)
    if players is None:
        return r
    return for_players(r, players)


def _not_in_smaller_games(r: Rules, **given) -> None:
    """Refuse an option the questions of the two-, three- and six-handed games do not take."""
    why = _SIX_WHY if r.players == 6 else _SMALL_WHY
    for name, value in given.items():
        if value not in (None, False):
            raise DecisionInputError(f"{name.replace('_', ' ')} {value!r} does not apply to {GAME_NAMES[r.players]} "
                                     f"(players {r.players}): " + why.get(name, "not modelled there"))


#: why an option of the four-handed questions does not apply to the smaller games
_SMALL_WHY = {"score": "game-win chances are modelled for the four-handed game only",
              "named": "its questions start from a suited upcard",
              "alone": "nobody goes alone", "defender_alone": "nobody defends alone",
              "alone_seat": "the lead takes a lone maker's partner in the four-handed game only",
              "discard": "the dealer's discard is not a known card there", "pass_model": "a pass is valued by the "
              "point-count bidder (hand) or as zero (zero)"}
#: why an option of the four-handed questions does not apply to six-handed euchre's
_SIX_WHY = _SMALL_WHY


def _game_bidder(bidding, r: Rules) -> dict | None:
    """``bidding`` for a smaller game: None (the shipped bidder), the path of a ``tune --players``
    file or a dict of thresholds; a four-handed :class:`BiddingModel` is refused."""
    if bidding is None:
        return None
    if not isinstance(bidding, (str, bytes, dict)) and not hasattr(bidding, "__fspath__"):
        raise DecisionInputError(f"bidding: a four-handed bidding model does not apply to {GAME_NAMES[r.players]} "
                                 f"(players {r.players}); give the thresholds of `euchre-stats tune --players`")
    from .bidding.games import load_bidder_file

    try:
        return load_bidder_file(bidding, r.players, r.deck)
    except ValueError as exc:
        raise DecisionInputError(str(exc)) from None


def _bidding_question(fns, args, model, compare_models, *, bidding, players=None, others=None, robust=False,
                      **kw):
    """``order``/``call``: ``fns`` is the question's pair (four-handed, smaller games); the right one
    once, or with double-dummy and with realistic play on the same deals (the first run's seed) when
    ``compare_models``, or against each population of other players with the same seed when ``robust``
    (:mod:`euchre_stats.decide.robust`).  A two- or three-handed game (``players`` or the rules') takes
    the second, from :mod:`euchre_stats.decide.tables`."""
    from .decide.result import ModelComparison

    hand, card, seat, rules = args
    r = _with_players(rules, players)
    fn, game_fn = fns
    if robust and others is not None:
        raise DecisionInputError(f"robust asks against every population of others in turn; others {others!r} "
                                 "names one: give one or the other")
    if robust and compare_models:
        raise DecisionInputError("robust and compare_models: ask one at a time")
    if not r.seating.vectorised:
        _not_in_smaller_games(r, score=kw.pop("score"), named=kw.pop("named"),
                              pass_model=kw["pass_model"] if kw["pass_model"] == "dd" else None,
                              others=others, robust=robust)
        fn, args, kw = game_fn, (hand, card, seat, r), {**kw, "bidder": _game_bidder(bidding, r)}
    else:
        args, kw = (hand, card, seat, _rules(r)), {**kw, "bidding": _bidding(bidding)}
        if others is not None:
            kw["others"] = others if not hasattr(others, "__fspath__") else os.fsdecode(others)
    if robust:
        from .decide.robust import robust_decision

        return _recorded(robust_decision(fn, *args, **_model(model), **kw), bidding)
    if not compare_models:
        return _recorded(fn(*args, **_model(model), **kw), bidding)
    a = fn(*args, model="dd", **kw)
    b = fn(*args, model="pimc", **{**kw, "seed": a.seed})
    return _recorded(ModelComparison(a, b), bidding)


# --- one hand's questions ------------------------------------------------------------------
@checked
def order(hand: str, up: str, seat: str | int, rules: RulesLike = "north-american", *, samples: int = 10000,
          seed: int | None = None, model: str | None = None, pass_model: str = "hand", infer: bool = True,
          target_se: float | None = None, workers: int | None = None, bidding: str | BiddingModel | None = None,
          compare_models: bool = False, named: str | None = None, score: str | None = None,
          progress: Progress | None = None, players: int | None = None, others: str | BiddingModel | None = None,
          robust: bool = False) -> Decision | ModelComparison | RobustResult:
    """Round one: should ``hand`` pass, order ``up`` up (pick it up, as dealer) or order up alone?

    Every option is played out on the same sampled deals, consistent with the hand, the
    upcard and (with ``infer``) the passes before ``seat``.  ``euchre-stats order``.

    Parameters
    ----------
    hand : str
        The five cards held, e.g. ``"Jh Jd Ah 9s Tc"``.
    up : str
        The upcard, e.g. ``"9h"``.
    seat : str or int
        ``eldest``, ``partner``, ``third``, ``dealer`` or ``1``-``4`` (1 = eldest).
    rules : str, Rules or dict
        A preset (``north-american``, ``stick``, ``canadian``, ``british``, ``australian32``; six-handed ``british6``,
        ``almonte``),
        a :class:`~euchre_stats.rules.Rules` or a dict of options.
    samples : int
        Sampled deals (the most, with ``target_se``).
    seed : int, optional
        Random seed; drawn (and kept in the result) when ``None``.  The same seed gives the
        same numbers.
    model : str, optional
        Play model, ``"dd"`` (double-dummy) or ``"pimc"`` (realistic); the library's default
        when ``None``.
    pass_model : str
        How a pass is valued: ``"hand"`` (the bidding model), ``"zero"`` or ``"dd"``.
    infer : bool
        Weight the deals by how likely the passes before ``seat`` are.
    target_se : float, optional
        Stop once every option's standard error is at most this.
    workers : int, optional
        Solver threads (the numbers do not depend on it).
    bidding : str or BiddingModel, optional
        A bidding model or the path of one (JSON from ``euchre-stats tune``).
    compare_models : bool
        Answer with both play models on the same deals (``model`` is then ignored).
    named : str, optional
        With the Joker turned up: the suit the dealer named before looking (British: spades by
        default; Almonte: required, the suit of round one).
    score : str, optional
        The score now, ``"US-THEM"`` (``"9-8"``): each option also gets its chance of winning the
        game (``p_win``), and the recommendation is by that chance.
    progress : callable, optional
        Called with ``(deals done, deals in all)``.
    players : int, optional
        ``2`` (two-handed), ``3`` (cutthroat) or ``6`` (six-handed): ask it in
        that game (:func:`~euchre_stats.rules.for_players`; ``rules`` with ``players`` do the same).
        Seats are then ``eldest|dealer``, ``eldest|second|dealer`` or
        ``eldest|second|third|fourth|fifth|dealer``; the rest of the auction is bid by the state
        machine's point-count bidder (:mod:`euchre_stats.decide.tables`); ``bidding``, ``named``,
        ``score`` and ``pass_model="dd"`` are four-handed only.
    others : str or BiddingModel, optional
        How the other three seats bid, both in the auction played out after a pass and in reading
        the passes seen (``infer``): ``"shipped"``, ``"guides"`` (the published guides' rules of
        thumb, docs/methods.md), ``"points"`` (a published point count), ``"shipped-soft"``,
        ``"dd-tuned"``, a model file's path or a :class:`BiddingModel`.  ``bidding`` keeps the
        asker's own later bids.  Default: ``bidding`` for every seat (the output as without it).
    robust : bool
        Answer against each population of :data:`~euchre_stats.decide.robust.POPULATIONS`
        (``shipped``, ``guides``, ``points``) with the same seed, side by side, and say whether
        the recommendation holds at every table.

    Returns
    -------
    Decision
        Options (``pass``, ``order``, ``order alone``) with expected points and 95% intervals,
        the paired differences, the recommendation; a
        :class:`~euchre_stats.decide.result.ModelComparison` with ``compare_models``; a
        :class:`~euchre_stats.decide.robust.RobustResult` with ``robust``.

    Examples
    --------
    >>> import euchre_stats as es
    >>> d = es.order("Jh Jd Ah 9s Tc", up="9h", seat="eldest", samples=200, seed=1, model="dd")
    >>> [o.action for o in d.options], d.seed, d.samples
    (['pass', 'order', 'order alone'], 1, 200)
    >>> list(d.to_frame().columns)
    ['action', 'ev', 'ci_low', 'ci_high', 'p_make', 'p_march', 'p_euchred', 'n']
    >>> d.to_frame()[["action", "n"]]
            action    n
    0         pass  200
    1        order  200
    2  order alone  200
    """
    from .decide.order import game_order_decision
    from .decide.order import order_decision

    _sizes(samples=samples, workers=workers)

    return _bidding_question((order_decision, game_order_decision), (hand, up, seat, rules), model, compare_models,
                             samples=samples, target_se=target_se, seed=seed, pass_model=pass_model, infer=infer,
                             workers=workers, bidding=bidding, named=named, score=score, progress=progress,
                             players=players, others=others, robust=robust)


@checked
def call(hand: str, turned_down: str, seat: str | int, rules: RulesLike = "north-american", *,
         samples: int = 10000, seed: int | None = None, model: str | None = None, pass_model: str = "hand",
         infer: bool = True, target_se: float | None = None, workers: int | None = None,
         bidding: str | BiddingModel | None = None, compare_models: bool = False, named: str | None = None,
         score: str | None = None, progress: Progress | None = None, players: int | None = None,
         others: str | BiddingModel | None = None, robust: bool = False) -> Decision | ModelComparison | RobustResult:
    """Round two: which suit should ``hand`` name (alone or not), or should it pass?

    Everyone passed in round one and ``turned_down`` was turned down; the seats before
    ``seat`` passed in round two.  ``euchre-stats call``.

    Parameters
    ----------
    hand : str
        The five cards held.
    turned_down : str
        The card turned down after round one (its suit cannot be named).
    seat : str or int
        ``eldest``, ``partner``, ``third``, ``dealer`` or ``1``-``4``.
    named : str, optional
        Almonte, with the Joker turned down: the suit of round one.
    rules, samples, seed, model, pass_model, infer, target_se, workers, bidding, compare_models, score, progress,
    players, others, robust
        As in :func:`order`.

    Returns
    -------
    Decision
        One option per suit that may be named, with and without going alone, and ``pass``
        unless the dealer is stuck.

    Examples
    --------
    >>> import euchre_stats as es
    >>> d = es.call("Jd Ad Kd 9c Tc", turned_down="9h", seat="third", samples=200, seed=1, model="dd")
    >>> sorted(o.action for o in d.options)
    ['c', 'c alone', 'd', 'd alone', 'pass', 's', 's alone']
    >>> d.to_dict()["inputs"]
    {'hand': 'Jd Ad Kd 9c Tc', 'turned_down': '9h', 'seat': 'third'}
    """
    from .decide.call import game_call_decision
    from .decide.call import call_decision

    _sizes(samples=samples, workers=workers)

    return _bidding_question((call_decision, game_call_decision), (hand, turned_down, seat, rules), model,
                             compare_models, samples=samples, target_se=target_se, seed=seed, pass_model=pass_model,
                             infer=infer, workers=workers, bidding=bidding, named=named, score=score,
                             progress=progress, players=players, others=others, robust=robust)


@checked
def discard(hand: str, up: str, rules: RulesLike = "north-american", *, maker: str | int = "dealer",
            alone: bool = False, samples: int = 10000, seed: int | None = None, model: str | None = None,
            infer: bool = True, target_se: float | None = None, workers: int | None = None,
            bidding: str | BiddingModel | None = None, score: str | None = None,
            progress: Progress | None = None, players: int | None = None) -> Decision:
    """The dealer's discard: the value of throwing each of the six cards of ``hand``.

    ``euchre-stats discard``.

    Parameters
    ----------
    hand : str
        The dealer's six cards, the upcard among them.
    up : str
        The upcard the dealer took up.
    rules : str, Rules or dict
        As in :func:`order`.
    maker : str or int
        The seat that ordered the dealer up (the dealer itself by default).
    alone : bool
        The maker went alone.
    samples, seed, model, infer, target_se, workers, bidding, score, progress, players
        As in :func:`order` (in cutthroat the dealer holds eight cards).

    Returns
    -------
    Decision
        One option per card that may be discarded.

    Examples
    --------
    >>> import euchre_stats as es
    >>> d = es.discard("Js Jc As Kh 9d Td", up="Js", samples=200, seed=1, model="dd")
    >>> sorted(o.action for o in d.options)
    ['9d', 'As', 'Jc', 'Js', 'Kh', 'Td']
    >>> d.recommendation in {"9d", "Td", "Kh"}
    True
    """
    from .decide.discard import discard_decision

    _sizes(samples=samples, workers=workers)
    r = _with_players(rules, players)
    if not r.seating.vectorised:
        from .decide.discard import game_discard_decision

        six_alone = r.seating.partnerships and bool(alone)
        _not_in_smaller_games(r, score=score, alone=alone and not six_alone)
        return _recorded(game_discard_decision(hand, up, r, maker=maker, samples=samples, target_se=target_se,
                                               seed=seed, infer=infer, workers=workers, progress=progress,
                                               bidder=_game_bidder(bidding, r), alone=six_alone, **_model(model)),
                         bidding)
    return _recorded(discard_decision(hand, up, _rules(rules), maker=maker, alone=alone, samples=samples,
                                      target_se=target_se, seed=seed, infer=infer, workers=workers,
                                      bidding=_bidding(bidding), score=score, progress=progress, **_model(model)),
                     bidding)


@checked
def lead(hand: str, trump: str, maker: str | int, seat: str | int, rules: RulesLike = "north-american", *,
         tricks: Iterable[str] = (), up: str | None = None, alone: bool = False,
         defender_alone: str | int | None = None, discard: str | None = None, samples: int = 10000,
         seed: int | None = None, model: str | None = None, infer: bool = True, target_se: float | None = None,
         workers: int | None = None, bidding: str | BiddingModel | None = None, score: str | None = None,
         progress: Progress | None = None, players: int | None = None,
         alone_seat: str | int | None = None) -> Decision:
    """The lead: expected tricks, P(make) and P(euchred) for each card of ``hand``.

    ``euchre-stats lead``.

    Parameters
    ----------
    hand : str
        The cards the leader holds now.
    trump : str
        The trump suit: ``s``, ``h``, ``d`` or ``c``.
    maker : str or int
        The seat that fixed trump.
    seat : str or int
        The leader's seat.
    rules : str, Rules or dict
        As in :func:`order`.
    tricks : iterable of str
        Earlier tricks, each its cards in play order from its leader (``"Jh 9h Th Qh"``).
    up : str, optional
        The upcard, when the dealer took it up.
    alone : bool
        The maker went alone.
    defender_alone : str or int, optional
        The seat of a defender who went alone.
    alone_seat : str or int, optional
        The making side's loner when it is not the maker (four-handed): under British timing
        (``alone_declared="before_lead"``) the maker's partner may declare alone once the maker has
        declined; implies ``alone``.
    discard : str, optional
        Your discard, if you are the dealer.
    infer : bool
        Weight the deals by the auction the upcard implies (with ``up`` given).
    samples, seed, model, target_se, workers, bidding, score, progress, players
        As in :func:`order`; in the smaller games ``tricks`` start from the first lead, and
        ``alone`` (but in six-handed euchre), ``defender_alone`` and ``discard`` do not apply.

    Returns
    -------
    Decision
        One option per card held; values are expected points for the leader's side, with the
        expected tricks beside them (``ev_tricks``).

    Examples
    --------
    >>> import euchre_stats as es
    >>> d = es.lead("Ah Kc Qc 9s", trump="h", maker="eldest", seat="eldest", tricks=["Jh 9h Th Qh"],
    ...             samples=200, seed=1, model="dd")
    >>> d.value_unit, sorted(o.action for o in d.options)
    ('points', ['9s', 'Ah', 'Kc', 'Qc'])
    >>> list(d.to_frame().columns)[-1]
    'ev_tricks'
    """
    from .decide.lead import lead_decision

    _sizes(samples=samples, workers=workers)
    r = _with_players(rules, players)
    if not r.seating.vectorised:
        from .decide.lead import game_lead_decision

        partners = r.seating.partnerships
        six_alone = partners and bool(alone)
        _not_in_smaller_games(r, score=score, alone=alone and not six_alone,
                              defender_alone=None if partners else defender_alone, discard=discard,
                              alone_seat=alone_seat)
        return _recorded(game_lead_decision(hand, trump, maker, seat, r, tricks=list(tricks), up=up,
                                            samples=samples, target_se=target_se, seed=seed, infer=infer,
                                            workers=workers, progress=progress, bidder=_game_bidder(bidding, r),
                                            alone=six_alone, defender_alone=defender_alone if partners else None,
                                            **_model(model)), bidding)
    return _recorded(lead_decision(hand, trump, maker, seat, _rules(rules), tricks=list(tricks), up=up, alone=alone,
                                   defender_alone=defender_alone, discard=discard, samples=samples,
                                   target_se=target_se, seed=seed, infer=infer, workers=workers,
                                   bidding=_bidding(bidding), score=score, progress=progress, alone_seat=alone_seat,
                                   **_model(model)),
                     bidding)


@checked
def alone(hand: str, trump: str, maker: str | int, seat: str | int, rules: RulesLike = "north-american", *,
          up: str | None = None, maker_alone: bool = False, samples: int = 10000, seed: int | None = None,
          model: str | None = None, infer: bool = True, target_se: float | None = None, workers: int | None = None,
          bidding: str | BiddingModel | None = None, score: str | None = None,
          progress: Progress | None = None) -> Decision:
    """After trump is made: should ``hand`` go alone, or defend alone?

    The asker is the maker or its partner where alone is declared before the lead (British
    timing), or a defender where defending alone is allowed.  ``euchre-stats alone``.

    Parameters
    ----------
    hand : str
        The asker's cards as they are now (the dealer's after its discard).
    trump : str
        The trump suit: ``s``, ``h``, ``d`` or ``c``.
    maker : str or int
        The seat that made trump.
    seat : str or int
        The asker: the maker, its partner, or a defender.
    rules : str, Rules or dict
        As in :func:`order`.
    up : str, optional
        The upcard: taken up if trump is its suit, else turned down (unknown when ``None``).
    maker_alone : bool
        A defender's question: the maker went alone.
    samples, seed, model, infer, target_se, workers, bidding, score, progress
        As in :func:`order`.

    Returns
    -------
    Decision
        ``with partner`` and ``alone`` (a maker's side), or ``defend with partner`` and
        ``defend alone``; values are points for the asker's side.

    Examples
    --------
    >>> import euchre_stats as es
    >>> d = es.alone("Jh Jd Ah Kh Qh", trump="h", maker="eldest", seat="third", up="9h", rules="british",
    ...              samples=200, seed=1, model="dd")
    >>> sorted(o.action for o in d.options), d.kind
    (['alone', 'with partner'], 'alone')
    """
    from .decide.alone import alone_decision

    _sizes(samples=samples, workers=workers)

    return _recorded(alone_decision(hand, trump, maker, seat, _rules(rules), up=up, maker_alone=maker_alone,
                                    samples=samples, target_se=target_se, seed=seed, infer=infer, workers=workers,
                                    bidding=_bidding(bidding), score=score, progress=progress, **_model(model)),
                     bidding)


@checked
def solve(hands: Iterable | None = None, trump: str | int | None = None, leader: int = 0, out: Iterable[int] = (),
          played: str | Iterable = (), deck: str | None = None, *,
          positions: Iterable | None = None, players: int | None = None) -> SolveResult | SolveBatch:
    """Double-dummy solve a position: tricks for each side and the value of every legal card.

    Seats 0..3 play clockwise; seats 0 and 2 are one side, 1 and 3 the other.  Six hands
    (``players=6``) are six-handed euchre's seats 0..5, sides alternating (0, 2, 4 against 1, 3, 5),
    solved by the six-seat solver (:mod:`euchre_stats.solver.seats`); so are positions of the doubled
    25-card pack (``deck="50"``).  Tricks count those still to be decided, the current one
    included.  ``euchre-stats solve``.

    Parameters
    ----------
    hands : four (or six) str
        The cards each seat 0..3 (0..5) still holds; ``""`` or ``"-"`` for a seat that sits out.
    trump : str or int
        ``c``, ``d``, ``h``, ``s`` (or ``clubs``, ..., ``♥``, or 0..3).
    leader : int
        The seat that leads (or led) the current trick.
    out : iterable of int
        Seats sitting out.
    played : str or list
        Cards already on the table in the current trick, in order.
    deck : str
        The deck the cards come from: 24 (the default of four seats), 25, 28, 32, 33 (the default of six
        seats) or 50 (the doubled 25-card pack, six seats: a card named twice is both copies).
    positions : iterable, optional
        A batch instead: JSON lines (or dicts) ``{"trump", "leader", "hands", "out", "played",
        "deck"}``; a bad line is answered ``{"error": ...}`` and the batch goes on (four seats).
    players : int, optional
        4 or 6: the number of hands (default: as many as ``hands`` lists).

    Returns
    -------
    SolveResult or SolveBatch
        ``tricks``, ``card_values`` (card -> tricks for the side to move) and ``to_move``;
        for a batch, one answer per line.

    Examples
    --------
    >>> import euchre_stats as es
    >>> r = es.solve(["Jh Jd Ah Kh Qh", "9s Ts Js Qs Ks", "-", "9c Tc Jc Qc Kc"], trump="h", leader=0, out=[2])
    >>> r.tricks, r.to_dict()["card_values"]["Jh"]
    ((5, 0), 5)
    >>> es.solve(positions=['{"trump": "h", "leader": 0, "hands": [["Jh"], ["9s"], ["9c"], ["Kc"]]}']).to_records()
    [{'tricks': [1, 0], 'card_values': {'Jh': 1}}]
    """
    if positions is not None:
        if hands is not None:
            raise SolveInputError("give either hands or positions (a batch), not both")
        from .solver.batch import solve_batch

        return solve_batch(positions)
    if hands is None or trump is None:
        raise SolveInputError("a position needs its four hands and the trump suit (or a batch of positions)")
    if isinstance(hands, (str, bytes)):
        raise SolveInputError(f"hands must list four or six seats, got {hands!r}")
    hands = list(hands)
    if isinstance(players, str):
        players = int(players)
    if players is not None and (isinstance(players, bool) or players not in (4, 6)):
        raise SolveInputError(f"players {players!r}: solve seats 4 or 6 (six-handed euchre)")
    if players is not None and len(hands) != players:
        raise SolveInputError(f"{len(hands)} hands for players {players}: give one hand for each seat 0..{players - 1}")
    if len(hands) == 6 or _doubled(deck):
        from .solver.seats import solve_seats_position

        six_deck = "33" if deck is None else deck
        return solve_seats_position(hands, trump, leader, out=list(out), played=_played_list(played),
                                    deck=six_deck)
    from .solver import make_position, solve_position

    return solve_position(make_position(hands, trump, leader, list(out), played, "24" if deck is None else deck))


def _doubled(deck) -> bool:
    """Whether ``deck`` names the doubled 25-card pack (an unknown name is left to the solver's error)."""
    from .core.decks import find_deck

    try:
        return deck is not None and find_deck(deck).doubled
    except ValueError:
        return False


def _played_list(played) -> list:
    """The cards on the table as a list (text split on spaces)."""
    if isinstance(played, str):
        return played.split()
    return list(played)


# --- decks ---------------------------------------------------------------------------------
@checked
def odds(deck: str | Iterable | None = None, *, hand: str | None = None, up: str | None = None,
         hand_size: int | None = None, exact: bool = False, players: int = 4) -> OddsTable | ConditionalOdds:
    """Exact odds by counting: what a dealt hand holds, per deck, or where the unseen cards are.

    Without ``hand``: one player's dealt hand, trump fixed, side by side per deck (number of
    trumps, bowers, Joker, a void, no card above ten, a lay-down).  With ``hand`` and ``up``:
    for partner, left, right and the kitty, the number of trumps and the chance of holding
    each bower, the Joker and each ace, as dealt.  ``euchre-stats odds``.

    Parameters
    ----------
    deck : str or list, optional
        Decks to compare (``"24,25,28,32,33"``, the default); with ``hand``, one deck (``"24"``).
    hand : str, optional
        Your hand, for conditional odds: ``"Jh Jd Ah 9s Tc"``.
    up : str, optional
        The upcard (with ``hand``): its suit is trump.
    hand_size : int, optional
        Cards dealt to each player (default 5; ``hand`` must hold that many).
    exact : bool
        Also give every probability as an exact fraction (``"p/q"``).
    players : int
        The game: 4, 3 (cutthroat, seven cards each), 2 (two-handed) or 6 (six-handed, three
        against three, from the 33-card deck, the default deck then).  The per-deck table of
        another game sets each deck beside the four-handed game; conditional odds name that game's
        holders (cutthroat: left, right, kitty; two-handed: opponent, kitty; six-handed: left,
        left partner, across, right partner, right, kitty).

    Returns
    -------
    OddsTable or ConditionalOdds
        Exact :class:`fractions.Fraction` probabilities.

    Examples
    --------
    >>> import euchre_stats as es
    >>> t = es.odds("24,32")
    >>> t.decks[0].right_bower, float(t.to_frame().set_index("quantity").loc["right bower", "32"])
    (Fraction(5, 24), 0.15625)
    >>> c = es.odds(hand="Jh Jd Ah 9s Tc", up="9h", exact=True)
    >>> c.to_dict()["players"]["partner"]["exact"]["cards"]["As"]
    '5/18'
    """
    from .core.decks import parse_deck_list
    from .study import odds as od

    if (hand is None) != (up is None):
        raise OddsInputError("conditional odds need both a hand and the upcard")
    od.check_players(players)
    if deck is None and players == 6:
        deck = od.SIX_HANDED_DECK
    if isinstance(deck, int):   # odds(deck=32): one deck by its size
        deck = str(deck)
    if hand is not None:
        decks = parse_deck_list(deck or "24") if isinstance(deck, str) or deck is None else list(deck)
        if len(decks) != 1:
            raise OddsInputError(f"conditional odds take one deck, got {deck!r}")
        return _replace(od.conditional_odds(hand, up, decks[0], hand_size, players=players), exact=exact)
    decks = parse_deck_list(deck or ALL_DECKS) if isinstance(deck, str) or deck is None else list(deck)
    table = tuple(od.deck_table(decks, hand_size, players))
    if players == 4:
        return od.OddsTable(table, exact)
    if players == 6 and any(d.doubled for d in decks):
        # the doubled pack is six-handed only: it is set beside six-handed euchre's 33-card deck
        labels = [d.label for d in decks]
        if "33" not in labels:
            table = tuple(od.deck_table(["33"], hand_size, 6)) + table
        return od.OddsTable(table, exact)
    # the standard beside it: the four-handed deal of the same hand size (five cards beside cutthroat; a
    # six-handed hand is a five-card hand of the same deck: the figures are the same, who holds the rest is not)
    standard = tuple(od.deck_table(decks, hand_size if players == 2 else None))
    return od.OddsTable(table, exact, standard)


def _replace(obj, **changes):
    import dataclasses

    return dataclasses.replace(obj, **changes)


@checked
def variants(deck: str | Iterable | None = None, *, samples: int = 10000, seed: int | None = None,
             rules: RulesLike = "north-american", model: str | None = None, hand_size: int | None = None,
             workers: int | None = None, progress: Progress | None = None,
             players: int = 4, records: bool = False) -> VariantsResult | GamesResult:
    """Simulated whole hands per deck: who makes trump, P(make), P(march), P(euchre), loners, points.

    Random deals, the auction by the bidding model, the contracts played out; every figure
    has a 95% interval.  A deck's figures depend only on the seed and ``samples``, not on the
    other decks asked for.  ``euchre-stats variants``.

    Parameters
    ----------
    deck : str or list, optional
        Decks to compare: ``"24,25,28,32,33"`` by default, ``"24,28,32"`` under ``no_trump``
        (which has no Joker deck).
    samples : int
        Random deals per deck.
    seed : int, optional
        Random seed; drawn (and kept in the result) when ``None``.
    rules : str, Rules or dict
        Every option but the deck (and, with ``hand_size``, the hand size) applies to each deck.
    model : str, optional
        Play model, ``"dd"`` or ``"pimc"``; the library's default when ``None``.
    hand_size : int, optional
        Cards per hand for every deck (default: the rules' hand size).
    workers : int, optional
        Solver threads (the numbers do not depend on it).
    progress : callable, optional
        Called with ``(deals done, deals in all)``.
    players : int
        4, or 3 (cutthroat), 2 (two-handed) or 6 (six-handed: the 33-card deck): then
        each deck is played in that game and in the four-handed game side by side, every game bid
        by the state machine's point-count bidder and played with ``model``
        (:mod:`euchre_stats.study.games`; the bidding model is four-handed).
        Rules with ``farmers_hand`` or ``no_trump`` are played the same way, beside the same rules
        without it.
    records : bool
        Also keep every deal as a hand record (``result.records``, ``result.records_jsonl()``,
        ``docs/formats.md``): the study's deal and auction, played out through the state machine by
        the play model (``dd``: the very tricks the study counted; ``pimc``: the same realistic
        model on the record's own seeds, so a play-out may differ from the one counted).  The
        figures are the same either way.

    Returns
    -------
    VariantsResult or GamesResult
        One :class:`~euchre_stats.study.simulate.DeckOutcome` per deck (per deck and game).

    Examples
    --------
    >>> import euchre_stats as es
    >>> r = es.variants("24", samples=100, seed=5, model="dd")
    >>> r.seed, r.samples, [d.deck for d in r.decks]
    (5, 100, ['24'])
    >>> list(r.to_frame().columns)
    ['deck', 'hand_size', 'figure', 'value', 'ci_low', 'ci_high', 'n']
    """
    r = _rules(rules, games=True)
    if deck is None:
        deck = "33" if players == 6 else NO_JOKER_DECKS if r.no_trump else ALL_DECKS
    if isinstance(deck, int):   # variants(deck=32): one deck by its size
        deck = str(deck)
    if players != 4 or r.farmers_hand or r.no_trump:
        from .study.games import simulate_games

        return simulate_games(players, deck, samples, seed, r, hand_size=hand_size, workers=workers,
                              progress=progress, records=bool(records), **_model(model))
    from .study.simulate import simulate_variants

    _sizes(samples=samples, workers=workers)

    return simulate_variants(deck, samples, seed, _rules(rules), workers=workers, hand_size=hand_size,
                             progress=progress, records=bool(records), **_model(model))


# --- strategy tables -----------------------------------------------------------------------
@checked
def advise(hand: str, up: str, seat: str | int, rules: RulesLike = "north-american", *,
           table: str | None = None, samples: int = 2000, seed: int | None = None, workers: int | None = None,
           simulate: bool = False, score: str | None = None) -> Advice:
    """Round one, instantly: pass, order or alone for ``hand``, from a strategy table.

    Answers from the shipped table (north-american rules) or ``table`` (a run directory of
    :func:`table`); falls back to a live simulation when the rules differ or the class is
    missing, and says which it did (``source``, ``reason``).  ``euchre-stats advise``.

    Parameters
    ----------
    hand : str
        The five cards held.
    up : str
        The upcard.
    seat : str or int
        ``eldest``, ``partner``, ``third``, ``dealer`` or ``1``-``4``.
    rules : str, Rules or dict
        As in :func:`order`; a table built under other rules is not used.
    table : str, optional
        A run directory of :func:`table`; the shipped table when ``None``.
    samples, seed, workers
        For the live simulation (the fallback).
    simulate : bool
        Skip the table and simulate.
    score : str, optional
        ``"US-THEM"``: recommend by the chance of winning the game, from a table built with that
        score (``table(..., scores=...)``), else simulated as ``order(..., score=...)``.

    Returns
    -------
    Advice
        Where the answer came from, each option's value, the recommendation.

    Examples
    --------
    >>> import euchre_stats as es
    >>> a = es.advise("Jh Jd Ah 9s Tc", up="9h", seat="eldest")
    >>> a.recommendation
    'order'
    >>> list(a.to_frame()["action"])
    ['pass', 'order', 'order alone']
    """
    from .strategy.advise import advise as advise_hand

    _sizes(samples=samples, workers=workers)

    return advise_hand(hand, up, seat, _rules(rules, no_trump=False), table=table, samples=samples, seed=seed,
                       workers=workers, simulate=simulate, score=score)


@checked
def table(seat: str = "eldest", *, run_dir: str, round: int = 1, samples_per_class: int = 200,
          seed: int | None = None, rules: RulesLike = "north-american", limit: int | None = None,
          chunk_size: int = 200, infer: bool = True, workers: int | None = None, scheduler: str | None = None,
          csv: bool = False, charts: bool = True, progress: Progress | None = None, scores=None) -> TableResult:
    """Strategy table: pass / order / alone (round 2: pass / call a suit) for every hand class.

    Rows go to ``run_dir/table.parquet``; chunks are committed as they finish, so a run
    killed at any time resumes where it stopped when called again with the same settings.
    ``euchre-stats table``.

    Parameters
    ----------
    seat : str
        ``eldest``, ..., ``dealer`` (``1``-``4``), a comma list (``"eldest,dealer"``) or ``all``.
    run_dir : str
        The run's directory: manifest, chunks, table, summaries, charts.
    round : int
        Bidding round: 1 = order up / alone / pass, 2 = name a suit / alone / pass.
    samples_per_class : int
        Sampled deals per hand class.
    seed : int, optional
        Random seed; a resumed run reuses the run directory's, else one is drawn (``.seed``).
    rules : str, Rules or dict
        As in :func:`order`.
    limit : int, optional
        Only the first ``limit`` classes (quick runs).
    chunk_size : int
        Classes per committed chunk.
    infer : bool
        Weight deals by the earlier passes.
    workers : int, optional
        Local processes (default: this process with every solver thread).
    scheduler : str, optional
        ``tcp://HOST:PORT`` of a dask scheduler to run the chunks on.
    csv : bool
        Also write the table and summaries as CSV.
    charts : bool
        Draw heatmaps and threshold curves into ``run_dir/charts``.
    progress : callable, optional
        Called with ``(chunks done, chunks in the run)``.
    scores : str or list, optional
        Game scores (``"0-0,9-8,8-9"``, ``"late"`` or pairs): each class also gets, per score, each
        option's chance of winning the game and the recommendation by it, from the same deals.

    Returns
    -------
    TableResult
        ``table`` (every row), ``summary`` (by seat and trump count), ``spec``, ``seed``.

    Examples
    --------
    >>> import tempfile, euchre_stats as es
    >>> t = es.table("eldest", run_dir=tempfile.mkdtemp(), limit=4, samples_per_class=10, seed=3, charts=False)
    >>> len(t.table), t.seed, list(t.to_frame().columns[:3])
    (4, 3, ['seat', 'trump_count', 'classes'])
    """
    from .core.seats import parse_seats
    from .strategy.run import TableResult, run_seed, run_table
    from .strategy.table import TableSpec

    _sizes(samples_per_class=samples_per_class, chunk_size=chunk_size, limit=limit, workers=workers)

    spec = TableSpec(_rules(rules, no_trump=False), parse_seats(seat), round, samples_per_class,
                     run_seed(run_dir, seed), chunk_size, limit, infer=infer, scores=scores)
    rows = run_table(spec, run_dir, workers=workers, scheduler=scheduler, csv=csv, charts=charts,
                     progress=progress)
    return TableResult.of(spec, run_dir, rows)


@checked
def equity(rules: RulesLike = "north-american", *, samples: int = 20000, seed: int | None = None,
           model: str | None = None, workers: int | None = None,
           bidding: str | BiddingModel | None = None) -> EquityResult:
    """The match equity table: the chance of winning the game from every score.

    The chain is exact (:mod:`euchre_stats.decide.equity`); its input, the chances of one hand's
    results for the dealing side, comes from ``samples`` self-play hands.  ``euchre-stats equity``.

    Parameters
    ----------
    rules : str, Rules or dict
        As in :func:`order`; ``game_to`` and ``win_by_two`` fix the game.
    samples, seed, model, workers, bidding
        The self-play hands (as in :func:`order`).

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
    from .decide.equity import equity as _equity

    _sizes(samples=samples, workers=workers)

    result = _equity(_rules(rules), samples=samples, seed=seed, workers=workers, bidding=_bidding(bidding),
                     **_model(model))
    result.bidding = _bidding_name(bidding)
    return result


@checked
def match(a: str | BiddingModel = "shipped", b: str | BiddingModel = "points", *, deals: int = 20000,
          seed: int | None = None, rules: RulesLike = "north-american", model: str = "pimc",
          workers: int | None = None, progress: Progress | None = None,
          games: int | None = None, control_deals: int | None = None,
          records: bool = False, run_dir=None, chunk_deals: int | None = None
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
        A bidding policy: ``"shipped"``, ``"dd-tuned"`` (the model tuned under double-dummy play),
        ``"points"`` (a published point count) or the path of a model file from ``euchre-stats tune``;
        or a player spec or object (as :func:`play`), which seats players on both sides (a policy
        name on the other side then sits as that policy's player, playing cards realistically).
        ``model``, ``workers`` and ``control_deals`` are for policies only.
    deals, seed, rules, workers, progress
        As in :func:`order`.
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
    from .decide.match import match as _match
    from .decide.match import match_games

    _sizes(deals=deals, games=games, workers=workers)
    if not (_is_policy(a) and _is_policy(b)):
        given = [f"{k}" for k, v in (("model", model != "pimc"), ("workers", workers is not None),
                                     ("control_deals", control_deals is not None)) if v]
        if given:
            raise DecisionInputError(f"{', '.join(given)}: for a match between two bidding policies only; "
                                     f"{a!r} against {b!r} seats players, who play every bid and card themselves")
        if games is not None:
            from .decide.match import player_games
            from .sampling.seeds import resolve_seed

            given = [k for k, v in (("records", records), ("run_dir", run_dir is not None),
                                    ("chunk_deals", chunk_deals is not None)) if v]
            if given:
                raise DecisionInputError(f"{', '.join(given)}: for a match of single deals; a match of whole games "
                                         "(games) keeps only who won")
            return player_games(a, b, games=games, seed=resolve_seed(seed), rules=_rules(rules), progress=progress)
        if run_dir is not None:
            return _run_players(a, b, deals=deals, seed=seed, rules=_rules(rules), progress=progress,
                                run_dir=run_dir, chunk_deals=chunk_deals)
        if chunk_deals is not None:
            raise DecisionInputError("chunk_deals: for a match in a run directory only (run_dir)")
        return _play_players(a, b, hands=deals, seed=seed, rules=_rules(rules), progress=progress)
    if run_dir is not None or chunk_deals is not None:
        raise DecisionInputError(f"run_dir: a match between two bidding policies ({a!r}, {b!r}) runs in one go; "
                                 "a run directory is for a match between players (realistic, an OpenSpiel bot...)")
    if records:
        raise DecisionInputError(f"records: a match between two bidding policies ({a!r}, {b!r}) keeps no hands; "
                                 "name a player (realistic, random...) for A or B, or use euchre-stats play")
    if games is not None:
        return match_games(a, b, games=games, seed=seed, rules=_rules(rules), model=model, workers=workers,
                           progress=progress)
    return _match(a, b, deals=deals, seed=seed, rules=_rules(rules), model=model, workers=workers,
                  progress=progress, control_deals=control_deals)


@checked
def play(a="realistic", b="points", *, hands: int = 100, seed: int | None = None,
         rules: RulesLike = "north-american", players: int | str | None = None,
         progress: Progress | None = None) -> PlayResult:
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
    _sizes(deals=hands)  # (its bound is the deals'; `play --hands` is a size option named deals)
    return _play_players(a, b, hands=hands, seed=seed, rules=_with_players(rules, players), progress=progress)


def _is_policy(x) -> bool:
    """Whether ``x`` names a bidding policy as ``match`` has always taken them (a name, a model file, a model)."""
    from .bidding.model import POLICIES, BiddingModel

    if isinstance(x, BiddingModel):
        return True
    return isinstance(x, str) and (x.strip() in POLICIES or (x.strip().endswith(".json") and ":" not in x))


def _run_players(a, b, *, deals: int, seed: int | None, rules: Rules, progress: Progress | None, run_dir,
                 chunk_deals: int | None) -> PlayResult:
    """A players' match in a run directory: the seed given, else the run's own (resuming), else a fresh one."""
    from .core.errors import TableRunError
    from .players.match_run import match_run, read_manifest
    from .sampling.seeds import resolve_seed

    if seed is None:
        try:
            seed = int(read_manifest(run_dir)["settings"]["seed"])
        except TableRunError:
            pass
    return match_run(a, b, deals=deals, seed=resolve_seed(seed), rules=rules, run_dir=run_dir,
                     chunk_deals=chunk_deals, progress=progress)


def _play_players(a, b, *, hands: int, seed: int | None, rules: Rules, progress: Progress | None) -> PlayResult:
    """Duplicate deals between players: on the state machine, or on OpenSpiel's engine when an
    OpenSpiel bot (``openspiel:...``) sits."""
    from .players.openspiel_table import is_openspiel_spec, openspiel_match
    from .players.table import play_match
    from .sampling.seeds import resolve_seed

    done = [0]

    def tick(k: int) -> None:
        done[0] += k
        progress(done[0], hands)

    fn = openspiel_match if is_openspiel_spec(a) or is_openspiel_spec(b) else play_match
    return fn(a, b, hands=hands, seed=resolve_seed(seed), rules=rules, progress=tick if progress else None)


__all__ = ["advise", "alone", "call", "discard", "equity", "lead", "match", "odds", "order", "play", "solve", "table",
           "variants"]
