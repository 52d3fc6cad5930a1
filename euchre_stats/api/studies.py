"""A position solved, the decks compared and strategy tables: ``solve``, ``odds``, ``variants``,
``advise`` and ``table``.

``solve`` answers one position (or a batch) double-dummy; ``odds`` counts exactly what a hand is
dealt, per deck or around a hand held; ``variants`` simulates whole hands per deck at any table;
``table`` builds a strategy table for every hand class and ``advise`` answers from one.  The heavy
layers are imported inside the functions.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..core.args import checked
from ..core.errors import OddsInputError, SolveInputError
from ..core.seating import SEATINGS
from .inputs import (ALL_DECKS, NO_JOKER_DECKS, STANDARD, Progress, RulesLike, check_sizes, default_game,
                     model_option, names_doubled_pack, read_rules)

if TYPE_CHECKING:  # pragma: no cover
    from ..solver import SolveResult
    from ..solver.batch import SolveBatch
    from ..strategy.advise import Advice
    from ..strategy.run import TableResult
    from ..study.games import GamesResult
    from ..study.odds import ConditionalOdds, OddsTable
    from ..study.simulate import VariantsResult

#: the tables ``solve`` seats: those of partners in two sides (four- and six-handed); the four-handed
#: positions go to the four-seat solver, the others to the N-seat one (``seating.vectorised``)
SOLVED_TABLES = tuple(players for players, table in SEATINGS.items() if table.partnerships)


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
        from ..solver.batch import solve_batch

        return solve_batch(positions)
    if hands is None or trump is None:
        raise SolveInputError("a position needs its four hands and the trump suit (or a batch of positions)")
    if isinstance(hands, (str, bytes)):
        raise SolveInputError(f"hands must list four or six seats, got {hands!r}")
    hands = list(hands)
    if isinstance(players, str):
        players = int(players)
    if players is not None and (isinstance(players, bool) or players not in SOLVED_TABLES):
        raise SolveInputError(f"players {players!r}: solve seats 4 or 6 (six-handed euchre)")
    if players is not None and len(hands) != players:
        raise SolveInputError(f"{len(hands)} hands for players {players}: give one hand for each seat 0..{players - 1}")
    if (len(hands) in SOLVED_TABLES and not SEATINGS[len(hands)].vectorised) or names_doubled_pack(deck):
        from ..solver.seats import solve_seats_position

        six_deck = "33" if deck is None else deck
        return solve_seats_position(hands, trump, leader, out=list(out), played=_played_list(played),
                                    deck=six_deck)
    from ..solver import make_position, solve_position

    return solve_position(make_position(hands, trump, leader, list(out), played, "24" if deck is None else deck))


def _played_list(played) -> list:
    """The cards on the table as a list (text split on spaces)."""
    if isinstance(played, str):
        return played.split()
    return list(played)


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
    from ..core.decks import parse_deck_list
    from ..study import odds as od

    if (hand is None) != (up is None):
        raise OddsInputError("conditional odds need both a hand and the upcard")
    game = default_game(od.check_players(players))   # this table's seats, deck and hand size
    if deck is None and game.deck != STANDARD.deck:   # a table with a deck of its own (six-handed: 33 cards)
        deck = game.deck
    if isinstance(deck, int):   # odds(deck=32): one deck by its size
        deck = str(deck)
    if hand is not None:
        decks = parse_deck_list(deck or "24") if isinstance(deck, str) or deck is None else list(deck)
        if len(decks) != 1:
            raise OddsInputError(f"conditional odds take one deck, got {deck!r}")
        return _replace(od.conditional_odds(hand, up, decks[0], hand_size, players=players), exact=exact)
    decks = parse_deck_list(deck or ALL_DECKS) if isinstance(deck, str) or deck is None else list(deck)
    table = tuple(od.deck_table(decks, hand_size, players))
    if game.seating == STANDARD.seating:
        return od.OddsTable(table, exact)
    if any(t.deck.doubled for t in table):
        # the doubled pack (six-handed only: deck_table refuses it elsewhere) is set beside the table's own
        # deck, six-handed euchre's 33 cards
        labels = [t.deck.label for t in table]
        if game.deck not in labels:
            table = tuple(od.deck_table([game.deck], hand_size, players)) + table
        return od.OddsTable(table, exact)
    # the standard beside it: the four-handed deal of the same hand size, unless the table deals a hand
    # size of its own (five cards beside cutthroat's seven; a six-handed hand is a five-card hand of the
    # same deck: the figures are the same, who holds the rest is not)
    same_size = game.hand_size == STANDARD.hand_size
    standard = tuple(od.deck_table(decks, hand_size if same_size else None))
    return od.OddsTable(table, exact, standard)


def _replace(obj, **changes):
    import dataclasses

    return dataclasses.replace(obj, **changes)


@checked
def variants(deck: str | Iterable | None = None, *, samples: int = 10000, seed: int | None = None,
             rules: RulesLike = "north-american", model: str | None = None, hand_size: int | None = None,
             workers: int | None = None, progress: Progress | None = None,
             players: int = 4, records: bool = False, scheduler: str | None = None) -> VariantsResult | GamesResult:
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
    workers, scheduler : optional
        Where the chunks of deals are played: this process (default, every solver thread),
        ``workers`` local processes, or the dask cluster at ``scheduler`` (``tcp://HOST:PORT``); the
        numbers do not depend on it.
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
    r = read_rules(rules, games=True)
    game = default_game(players)   # None: a number no table seats, refused by simulate_games
    if deck is None:
        own = game is not None and game.deck != STANDARD.deck   # six-handed: the 33-card deck
        deck = game.deck if own else NO_JOKER_DECKS if r.no_trump else ALL_DECKS
    if isinstance(deck, int):   # variants(deck=32): one deck by its size
        deck = str(deck)
    if game is None or not game.seating.vectorised or r.farmers_hand or r.no_trump:
        from ..study.games import simulate_games

        return simulate_games(players, deck, samples, seed, r, hand_size=hand_size, workers=workers,
                              progress=progress, records=bool(records), scheduler=scheduler,
                              **model_option(model))
    from ..study.simulate import simulate_variants

    check_sizes(samples=samples, workers=workers)

    return simulate_variants(deck, samples, seed, read_rules(rules), workers=workers, hand_size=hand_size,
                             progress=progress, records=bool(records), scheduler=scheduler,
                              **model_option(model))


@checked
def advise(hand: str, up: str | None = None, seat: str | int | None = None, rules: RulesLike = "north-american", *,
           table: str | None = None, samples: int = 2000, seed: int | None = None, workers: int | None = None,
           simulate: bool = False, score: str | None = None, turned_down: str | None = None) -> Advice:
    """Instantly, from a strategy table: pass, order or alone for ``hand`` (round two: which suit).

    Answers from the shipped table (north-american rules) or ``table`` (a run directory of
    :func:`table`); falls back to a live simulation when the rules differ or the class is
    missing, and says which it did (``source``, ``reason``).  ``euchre-stats advise``.
    With ``turned_down`` instead of ``up``, round two: simulated as :func:`call` (no round-two
    table is shipped), and the answer says so.

    Parameters
    ----------
    hand : str
        The five cards held.
    up : str
        The upcard (round one).
    seat : str or int
        ``eldest``, ``partner``, ``third``, ``dealer`` or ``1``-``4``.
    turned_down : str, optional
        Instead of ``up``: the card turned down (round two; options ``pass``, ``call d``,
        ``call d alone``...).
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
    >>> a.recommendation, a.too_close
    ('pass', True)
    >>> list(a.to_frame()["action"])
    ['pass', 'order', 'order alone']
    """
    from ..strategy.advise import advise as advise_hand

    check_sizes(samples=samples, workers=workers)

    return advise_hand(hand, up, seat, read_rules(rules, no_trump=False), table=table, samples=samples, seed=seed,
                       workers=workers, simulate=simulate, score=score, turned_down=turned_down)


@checked
def table(seat: str = "eldest", *, run_dir: str, round: int = 1, samples_per_class: int = 200,
          seed: int | None = None, rules: RulesLike = "north-american", limit: int | None = None,
          chunk_size: int = 200, infer: bool = True, workers: int | None = None, scheduler: str | None = None,
          csv: bool = False, charts: bool = True, progress: Progress | None = None, scores=None,
          model: str = "dd", screen: int | None = None, others: str | None = None,
          refine: int | None = None, screen_calls: bool = False) -> TableResult:
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
    screen : int, optional
        Adaptive sampling: play every class on ``screen`` deals first; a class whose answer is not
        clear at a 99% level plays on, its deals doubled at each stage up to ``samples_per_class``
        (column ``screened``: the row is from a stage before that).  Below ``samples_per_class``.
    refine : int, optional
        Refinement: every class still too close to call on its ``samples_per_class`` deals is played again
        on fresh deals, twice ``samples_per_class`` doubled while not clear at 99% up to ``refine``, and
        that sample replaces its row (column ``refined``; the first deals are not pooled with it).  Above
        ``samples_per_class``.  May be added to a run made without it (the same settings otherwise): its
        manifest then records it.
    screen_calls : bool
        Round two with ``screen``: between stages a class also stops playing each call whose deficit to its
        best option on the same deals exceeds 4 standard errors; that call keeps the values, interval and
        count (column ``n_<option>``) of the deals it was played on.  Each call then plays from a random
        stream of its own, so the calls still played have exactly the outcomes they would have with none
        stopped.  Part of the run's settings.
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
    model : str
        The play model of every class's deals: ``"dd"`` (double-dummy, the default and the shipped
        tables') or ``"pimc"`` (realistic play, as ``order --model pimc``; about 30 times the cost).
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
    others : str, optional
        How the other three seats bid, after the asker's pass and in reading the passes it saw, as in
        :func:`order`: a policy name (``shipped``, ``guides``, ``points``, ``shipped-v3``...) or a model
        file's path.  Default: the default population (``shipped-v4``; ``shipped`` where it cannot bid);
        ``"shipped"`` gives the tables made before populations.  Part of the run's settings.

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
    from ..core.seats import parse_seats
    from ..strategy.run import TableResult, run_seed, run_table
    from ..strategy.table import TableSpec

    check_sizes(samples_per_class=samples_per_class, chunk_size=chunk_size, limit=limit, workers=workers,
                screen=screen, refine=refine)

    spec = TableSpec(read_rules(rules, no_trump=False), parse_seats(seat), round, samples_per_class,
                     run_seed(run_dir, seed), chunk_size, limit, infer=infer, scores=scores, model=model,
                     screen=screen, others=others, refine=refine, option_screen=bool(screen_calls))
    rows = run_table(spec, run_dir, workers=workers, scheduler=scheduler, csv=csv, charts=charts,
                     progress=progress)
    return TableResult.of(spec, run_dir, rows)


__all__ = ["advise", "odds", "solve", "table", "variants"]
