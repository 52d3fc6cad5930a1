"""One hand's questions: ``order``, ``call``, ``discard``, ``lead`` and ``alone``.

Each takes the hand, the cards and the seats as a player types them and answers with a
:class:`~euchre_stats.decide.result.Decision`.  The table decides the engine: the four-handed game
(``rules.seating.vectorised``) asks the vectorised question of :mod:`euchre_stats.decide`, every
other table the state machine's (the ``game_*`` function of the same module).  The heavy layers are
imported inside the functions.
"""

from __future__ import annotations

import os

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..core.args import checked
from ..core.errors import DecisionInputError
from .inputs import (Progress, RulesLike, check_sizes, model_option, read_bidding, read_game_bidder, read_rules,
                     recorded, refuse_four_handed_options, rules_for_players)

if TYPE_CHECKING:  # pragma: no cover
    from ..bidding.model import BiddingModel
    from ..decide.result import Decision, ModelComparison
    from ..decide.robust import RobustResult


def _bidding_question(fns, args, model, compare_models, *, bidding, players=None, others=None, robust=False,
                      **kw):
    """``order``/``call``: ``fns`` is the question's pair (four-handed, every other table); the right one
    once, or with double-dummy and with realistic play on the same deals (the first run's seed) when
    ``compare_models``, or against each population of other players with the same seed when ``robust``
    (:mod:`euchre_stats.decide.robust`).  A table without the vectorised engine (two-, three- or
    six-handed, by ``players`` or the rules: ``seating.vectorised``) takes the second, on the state machine."""
    from ..decide.result import ModelComparison

    hand, card, seat, rules = args
    r = rules_for_players(rules, players)
    fn, game_fn = fns
    if robust and others is not None:
        raise DecisionInputError(f"robust asks against every population of others in turn; others {others!r} "
                                 "names one: give one or the other")
    if robust and compare_models:
        raise DecisionInputError("robust and compare_models: ask one at a time")
    if not r.seating.vectorised:
        refuse_four_handed_options(r, score=kw.pop("score"), named=kw.pop("named"),
                                   pass_model=kw["pass_model"] if kw["pass_model"] == "dd" else None,
                                   others=others, robust=robust)
        fn, args, kw = game_fn, (hand, card, seat, r), {**kw, "bidder": read_game_bidder(bidding, r)}
    else:
        args, kw = (hand, card, seat, read_rules(r)), {**kw, "bidding": read_bidding(bidding)}
        if others is not None:
            kw["others"] = others if not hasattr(others, "__fspath__") else os.fsdecode(others)
    if robust:
        from ..decide.robust import robust_decision

        return recorded(robust_decision(fn, *args, **model_option(model), **kw), bidding)
    if not compare_models:
        return recorded(fn(*args, **model_option(model), **kw), bidding)
    a = fn(*args, model="dd", **kw)
    b = fn(*args, model="pimc", **{**kw, "seed": a.seed})
    return recorded(ModelComparison(a, b), bidding)


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
        asker's own later bids.  Default: the default population, ``"shipped-v4"`` (``"shipped"`` where it
        cannot bid, ``others_note`` saying why; :func:`~euchre_stats.bidding.model.default_population`), or
        ``bidding`` for every seat when ``bidding`` is given.  ``"shipped"`` with the shipped count as
        ``bidding`` (the asker's own later bids, by default the default population too) gives the answers of
        before 2026-12-04.
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
    from ..decide.order import game_order_decision
    from ..decide.order import order_decision

    check_sizes(samples=samples, workers=workers)

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
    from ..decide.call import game_call_decision
    from ..decide.call import call_decision

    check_sizes(samples=samples, workers=workers)

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
    from ..decide.discard import discard_decision

    check_sizes(samples=samples, workers=workers)
    r = rules_for_players(rules, players)
    if not r.seating.vectorised:
        from ..decide.discard import game_discard_decision

        six_alone = r.seating.partnerships and bool(alone)
        refuse_four_handed_options(r, score=score, alone=alone and not six_alone)
        return recorded(game_discard_decision(hand, up, r, maker=maker, samples=samples, target_se=target_se,
                                              seed=seed, infer=infer, workers=workers, progress=progress,
                                              bidder=read_game_bidder(bidding, r), alone=six_alone,
                                              **model_option(model)),
                        bidding)
    return recorded(discard_decision(hand, up, read_rules(rules), maker=maker, alone=alone, samples=samples,
                                     target_se=target_se, seed=seed, infer=infer, workers=workers,
                                     bidding=read_bidding(bidding), score=score, progress=progress,
                                     **model_option(model)),
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
    from ..decide.lead import lead_decision

    check_sizes(samples=samples, workers=workers)
    r = rules_for_players(rules, players)
    if not r.seating.vectorised:
        from ..decide.lead import game_lead_decision

        partners = r.seating.partnerships
        six_alone = partners and bool(alone)
        refuse_four_handed_options(r, score=score, alone=alone and not six_alone,
                                   defender_alone=None if partners else defender_alone, discard=discard,
                                   alone_seat=alone_seat)
        return recorded(game_lead_decision(hand, trump, maker, seat, r, tricks=list(tricks), up=up,
                                           samples=samples, target_se=target_se, seed=seed, infer=infer,
                                           workers=workers, progress=progress, bidder=read_game_bidder(bidding, r),
                                           alone=six_alone, defender_alone=defender_alone if partners else None,
                                           **model_option(model)), bidding)
    return recorded(lead_decision(hand, trump, maker, seat, read_rules(rules), tricks=list(tricks), up=up, alone=alone,
                                  defender_alone=defender_alone, discard=discard, samples=samples,
                                  target_se=target_se, seed=seed, infer=infer, workers=workers,
                                  bidding=read_bidding(bidding), score=score, progress=progress, alone_seat=alone_seat,
                                  **model_option(model)),
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
    from ..decide.alone import alone_decision

    check_sizes(samples=samples, workers=workers)

    return recorded(alone_decision(hand, trump, maker, seat, read_rules(rules), up=up, maker_alone=maker_alone,
                                   samples=samples, target_se=target_se, seed=seed, infer=infer, workers=workers,
                                   bidding=read_bidding(bidding), score=score, progress=progress,
                                   **model_option(model)),
                    bidding)


__all__ = ["alone", "call", "discard", "lead", "order"]
