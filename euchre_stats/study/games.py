"""Simulated whole hands of the two-, three- and six-handed games, each deck beside the four-handed game.

The tuned bidding model (:mod:`euchre_stats.bidding`) is four-handed, so here every game, the
four-handed one beside it included, is bid by the state machine's point-count bidder
(:class:`~euchre_stats.game.policies.PointCountPolicy`, its thresholds scaled by the hand size;
in a smaller game those fitted for it by self-play, :func:`~euchre_stats.bidding.games.game_bidder`)
and played realistically (every player samples deals from its own information:
:mod:`euchre_stats.cardplay.realistic`) or with ``model="dd"`` double dummy: the two-handed game as
it is, cutthroat as the maker against the two defenders as a coalition (``docs/rules.md``).
Six-handed euchre (the 33-card deck, or the doubled 25-card pack set beside it) plays on its own six seats
(:func:`~euchre_stats.cardplay.contracts.six_maker_tricks`).  The
figures compare the games with each other under one method; they are not those of ``variants``
without ``players``, which bids by the model.  The dealer is the last seat and eldest, seat 0, leads.

Deals come in fixed chunks, each with its own generator from
``SeedSequence(seed, spawn_key=(players, deck size, chunk))``: a column depends only on the seed,
the sample count, the game and the deck.  Computes only; no printing here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..core.errors import VariantsInputError
from ..core.seating import SEATINGS
from ..core.trump import NO_TRUMP
from ..core.stats import mean, proportion
from ..bidding.games import game_bidder
from ..game.policies import THRESHOLDS, PointCountPolicy
from ..game.state import OVER, PLAY, HandState
from ..output.results import ResultView
from ..cardplay.contracts import DEFAULT_PLAY_MODEL
from ..rules import GAME_NAMES, NORTH_AMERICAN, SIX_HANDED_DECK, SIX_HANDED_DECKS, Rules, for_players, hand_points_array
from ..sampling.backends import backend
from ..sampling.seeds import chunk_rng, chunk_sizes
from .records import WithRecords
from .simulate import SELF_PLAY, DeckOutcome, _cell, check_run

#: the reported figures, in order, with what each means
GAME_FIGURES = {
    "thrown_in": "nobody makes trump: the hand is thrown in (share of all deals)",
    "maker_eldest": "eldest, left of the dealer, makes trump (share of all deals)",
    "maker_dealer": "the dealer makes trump (share of all deals)",
    "round_one": "trump is made on the upcard's suit (of contracts played)",
    "no_trump": "the maker calls no trump (of contracts played; the game with no_trump only)",
    "no_trump_make": "a no-trump contract is made (of no-trump contracts; the game with no_trump only)",
    "p_make": "the maker takes enough tricks: 3 of 5, 4 of 7 (of contracts played)",
    "p_march": "the maker takes every trick (of contracts played)",
    "p_euchre": "the maker is euchred (of contracts played)",
    "p_alone": "the maker goes alone (of contracts played; four- and six-handed only)",
    "maker_points": "points the maker scores, per contract played",
    "defender_points": "points the defenders score between them, per contract played",
}
#: the figures in points
GAME_SIGNED = {"maker_points", "defender_points"}
#: the chart's panels (``output.plots.draw_variants``)
GAME_PANELS = {
    "probabilities": ([("p_make", "P(make)"), ("p_march", "P(march)"), ("p_euchre", "P(euchre)"),
                       ("thrown_in", "thrown in")], "share"),
    "points": ([("maker_points", "maker's points"), ("defender_points", "defenders' points")],
               "points per contract"),
}
#: column names of the games
SHORT = {p: s.label for p, s in SEATINGS.items()}


def game_label(rules: Rules) -> str:
    """A column's game: ``"cutthroat"``, ``"two-handed"``, ``"four-handed"``; with a farmer's hand
    ``"farmer's hand"`` (four-handed) or ``"cutthroat farmer's hand"``, with no trump ``"no trump"``
    (four-handed) or ``"cutthroat no trump"``."""
    extra = [short for short, _ in _options(rules)]
    if not extra:
        return SHORT[rules.players]
    return " ".join(([] if rules.seating.vectorised else [rules.seating.label]) + extra)


#: the options a game may be set beside the plain one with: the option, its column word, its words in a title
_OPTION_WORDS = (("farmers_hand", "farmer's hand", "a farmer's hand"), ("no_trump", "no trump", "no trump"))


def _options(rules: Rules) -> list[tuple[str, str]]:
    """``(column word, title words)`` of each option of :data:`_OPTION_WORDS` the rules have on."""
    return [(short, long) for name, short, long in _OPTION_WORDS if getattr(rules, name)]


def _with_options(rules: Rules) -> str:
    """The options set beside the plain game, as words: ``" with a farmer's hand"``, ``" with no trump"``."""
    extra = [long for _, long in _options(rules)]
    return (" with " + " and ".join(extra)) if extra else ""


def _key(game: str) -> str:
    return game.replace("-", "_").replace("'", "").replace(" ", "_")


def _bid(rules: Rules, rng: np.random.Generator, n: int, policy, states: list | None = None) -> tuple:
    """``n`` deals bid to the first lead: hands as play starts, trump, maker, alone, the lone defender (or -1),
    round one, leader, out, and the upcard when the dealer took it up and holds it (-1 otherwise).
    ``states``, a list, gets each deal's :class:`HandState` as bidding left it (for its record)."""
    dealer = rules.players - 1
    hands = np.zeros((n, rules.players), dtype=np.uint64)
    trump = np.zeros(n, dtype=np.int64)
    maker = np.full(n, -1, dtype=np.int64)
    alone = np.zeros(n, dtype=bool)
    def_alone = np.full(n, -1, dtype=np.int64)
    round_one = np.zeros(n, dtype=bool)
    leader = np.zeros(n, dtype=np.int64)
    out = np.zeros(n, dtype=np.int64)
    up = np.full(n, -1, dtype=np.int64)
    disc = np.full(n, -1, dtype=np.int64)
    for i in range(n):
        s = HandState.deal(rules, dealer, rng)
        while s.phase not in (PLAY, OVER):
            s.apply(policy(s))
        if states is not None:
            states.append(s)
        if s.phase == OVER:
            continue
        hands[i] = [h if s.active[p] else 0 for p, h in enumerate(s.hands)]  # a seat sitting out plays nothing
        trump[i], maker[i], leader[i] = s.trump, s.maker_seat, s.to_act
        alone[i] = s.alone is not None
        if s.defender_alone is not None:
            def_alone[i] = s.defender_alone
        round_one[i] = s.trump == s.round_one_suit
        out[i] = sum(1 << p for p in range(rules.players) if not s.active[p])
        if (int(hands[i, dealer]) >> s.upcard) & 1:
            up[i] = s.upcard
        if s.discard is not None:
            disc[i] = s.discard
    return hands, trump, maker, alone, def_alone, round_one, leader, out, up, disc


def _maker_tricks(rules: Rules, hands, trump, maker, alone, def_alone, leader, out, up, disc, workers,
                  model: str = "dd", seed: int = 0) -> np.ndarray:
    live = maker >= 0
    tricks = np.zeros(len(maker), dtype=np.int64)
    if not live.any():
        return tricks
    table = rules.seating
    if table.vectorised:
        if model == "dd":
            from ..solver import solve_many

            side0 = solve_many(hands[live], trump[live], leader[live], out[live], threads=workers).astype(np.int64)
        else:
            from ..cardplay.realistic import play_realistic

            side0 = play_realistic(rules, hands[live], trump[live], leader[live], out[live], maker[live], alone[live],
                                   def_alone[live], seed=seed, threads=workers, up_known=up[live],
                                   discard=disc[live])
        tricks[live] = np.where(maker[live] & 1 == 0, side0, rules.hand_size - side0)
    elif table.partnerships:  # six-handed: its own six seats, with loners
        from ..cardplay.contracts import six_maker_tricks

        # the makers' lone player: the seat of the makers' side whose partners all sit out (the maker,
        # or under British timing one of its partners)
        loner = np.array([next((x for x in range(table.players) if table.same_side(x, m)
                                and all((o >> q) & 1 for q in table.partners(x))), -1) if a else -1
                          for m, a, o in zip(maker, alone, out)], dtype=np.int64)
        tricks[live] = six_maker_tricks(rules, hands[live], trump[live], maker[live], out[live], model=model,
                                        seed=seed, up_known=up[live], threads=workers, discard=disc[live],
                                        maker_alone=np.where(alone[live], loner[live], -1),
                                        defender_alone=def_alone[live])
    else:
        from ..cardplay.contracts import game_maker_tricks

        tricks[live] = game_maker_tricks(rules, hands[live], trump[live], maker[live], threads=workers, model=model,
                                         seed=seed, up_known=up[live], discard=disc[live])
    return tricks


def _figures(rules: Rules, maker, alone, round_one, tricks, trump, def_alone=None) -> dict:
    live = maker >= 0
    lone_def = np.zeros_like(alone) if def_alone is None else def_alone >= 0  # a lone defender's euchre
    mp, dp = hand_points_array(rules, tricks, alone, lone_def)
    t = tricks[live]
    return {
        "thrown_in": proportion(~live), "maker_eldest": proportion(maker == 0),
        "maker_dealer": proportion(maker == rules.players - 1), "round_one": proportion(round_one[live]),
        "p_make": proportion(t >= rules.tricks_to_make), "p_march": proportion(t == rules.hand_size),
        "p_euchre": proportion(t < rules.tricks_to_make), "p_alone": proportion(alone[live]),
        "maker_points": mean(mp[live].astype(np.float64)), "defender_points": mean(dp[live].astype(np.float64)),
    } | ({"no_trump": proportion(trump[live] == NO_TRUMP),
          "no_trump_make": proportion(t[trump[live] == NO_TRUMP] >= rules.tricks_to_make)} if rules.no_trump else {})


def _games_chunk(chunk: tuple, seed: int, model: str, records: bool, threads) -> tuple:
    """Chunk ``(rules, label, i, size, first deal)`` of a column: (maker, alone, round one, maker's tricks,
    trump, lone defender), and with ``records`` the chunk's hands as records (else None)."""
    rules, label, i, size, first = chunk
    # the four-handed game by the plain point-count bidder, every other table by the bidder fitted for it
    policy = PointCountPolicy() if rules.seating.vectorised else game_bidder(rules.players, rules.deck)
    rng = chunk_rng(seed, rules.players, rules.deck_obj.size, i)
    states = [] if records else None
    hands, trump, maker, alone, def_alone, round_one, leader, out, up, disc = _bid(rules, rng, size, policy, states)
    # realistic play draws its own seed from the chunk's generator, after the bidding
    play_seed = int(rng.integers(0, 2**62)) if model == "pimc" else 0
    tricks = _maker_tricks(rules, hands, trump, maker, alone, def_alone, leader, out, up, disc, threads, model,
                           play_seed)
    if not records:
        return (maker, alone, round_one, tricks, trump, def_alone), None
    from .records import game_records

    return ((maker, alone, round_one, tricks, trump, def_alone),
            game_records(rules, states, tricks, f"the {label} column", model, seed, first))


def _outcome(rules: Rules, label: str, samples: int, parts) -> DeckOutcome:
    """One column's figures from its chunks' ``parts`` (:func:`_games_chunk`)."""
    maker, alone, round_one, tricks, trump, def_alone = (np.concatenate(a) for a in zip(*(p[0] for p in parts)))
    return DeckOutcome(label, rules, samples, _figures(rules, maker, alone, round_one, tricks, trump, def_alone))


@dataclass
class GamesResult(WithRecords, ResultView):
    """Figures of one smaller game per deck, each beside the four-handed game of the same deck.

    ``columns`` alternate: the game's deck (named ``"24 cutthroat"``), then the four-handed one
    (``"24 four-handed"``).  ``to_dict()`` is the command line's JSON, ``to_frame()`` its CSV,
    ``to_text()`` its table, ``plot(ax)`` a chart.
    """

    rules: Rules
    players: int
    seed: int
    samples: int
    columns: list[DeckOutcome]
    model: str = "dd"
    #: the hands played as records, column by column (``records=True``; :mod:`euchre_stats.study.records`)
    records: list = field(default_factory=list, repr=False)

    @property
    def decks(self) -> list[DeckOutcome]:
        """The columns (the chart draws one bar colour per column)."""
        return self.columns

    def to_dict(self) -> dict:
        games = {}
        for d in self.columns:
            deck, game = d.deck.split(" ", 1)
            games.setdefault(deck, {})[_key(game)] = d.to_dict() | {"players": d.rules.players}
        return {"rules": self.rules.to_dict(), "players": self.players, "played_by": SELF_PLAY, "model": self.model,
                "bidding": "point-count",
                "seed": self.seed, "samples": self.samples, "decks": games}

    def to_frame(self):
        """Columns ``deck, game, players, hand_size, figure, value, ci_low, ci_high, n``."""
        import pandas as pd

        return pd.DataFrame([{"deck": d.deck.split(" ")[0], "game": d.deck.split(" ", 1)[1],
                              "players": d.rules.players, "hand_size": d.rules.hand_size, "figure": k,
                              "value": e.value, "ci_low": e.low, "ci_high": e.high, "n": e.n}
                             for d in self.columns for k, e in d.figures.items()])

    def to_text(self) -> str:
        import pandas as pd

        other, standard = self.columns[0].rules, self.columns[1].rules  # the columns alternate: game, standard
        beside = self._beside()
        decks = list(dict.fromkeys(d.deck.split()[0] for d in self.columns))
        one = len(decks) == 1  # else the rules' deck is one column's: each column says its own
        lines = [f"{self.title()} beside {beside}",
                 f"rules: {other.describe_options(deck=one)}; {beside} {standard.describe(deck=one)}"
                 + ("" if one else f"; the columns' decks: {', '.join(decks)} cards"),
                 "bidding: the point-count bidder of the state machine"
                 + ("" if SEATINGS[self.players].vectorised else
                    " (the smaller game with its thresholds fitted by self-play)")
                 + (f"; no trump called on the no-trump count against call_no_trump {THRESHOLDS['call_no_trump']}"
                    " (duplicate matches, not self-play)" if self.rules.no_trump else "")
                 + "   play: "
                 + ("double dummy" if self.model == "dd" else
                    "pimc = realistic (each player samples worlds from its own information)")
                 + ("; the defenders as a coalition" if SEATINGS[self.players].sides > 2 else ""),
                 f"played by: {SELF_PLAY}",
                 f"seed: {self.seed}   deals per column: {self.samples:,}",
                 "figures: value [95% interval] n=samples behind it", ""]
        shown = [k for k in GAME_FIGURES if not k.startswith("no_trump") or self.rules.no_trump]
        rows = [{"figure": k, **{d.deck: _cell(d.figures[k], k in GAME_SIGNED) if k in d.figures else "-"
                                 for d in self.columns}} for k in shown]
        lines.append(pd.DataFrame(rows).to_string(index=False))
        lines += ["", *[f"{k}: {GAME_FIGURES[k]}" for k in shown]]
        return "\n".join(lines)

    def plot(self, ax=None, panel: str = "probabilities"):
        """Bars per column with 95% intervals (``panel`` "probabilities" or "points"); returns the Axes."""
        from ..output.plots import draw_variants, new_axes

        ax = draw_variants(new_axes() if ax is None else ax, self, panel, GAME_PANELS)
        ax.set_title(self.plot_title())
        ax.legend(fontsize=8)
        return ax

    def plot_title(self) -> str:
        """The chart's title."""
        beside = "six-handed, 33 cards" if self._doubled() else "four-handed"
        return (f"{self.title()} beside {beside}: {self.samples:,} deals each, seed {self.seed}, {self.model} "
                "(95% CI)")

    def _doubled(self) -> bool:
        return self.columns[0].rules.deck_obj.doubled

    def _beside(self) -> str:
        """What the game is set beside: the four-handed game, or (the doubled pack) six-handed on 33 cards."""
        return "six-handed euchre on the 33-card deck" if self._doubled() else "the four-handed game"

    def title(self) -> str:
        """The game set beside the four-handed one: ``"three-handed cutthroat"``, ``"farmer's hand"``...;
        six-handed euchre with the doubled 25-card pack names it."""
        pack = " with the doubled 25-card pack" if self._doubled() else ""
        return GAME_NAMES[self.players] + pack + _with_options(self.rules)

    def save_plot(self, path: str) -> None:
        """Both panels side by side to ``path`` (.png/.svg/.pdf), written atomically (``--plot``)."""
        from ..output.plots import plot_variants

        plot_variants(self, path, GAME_PANELS)


def simulate_games(players: int, decks="24", samples: int = 2000, seed: int | None = None,
                   rules: Rules = NORTH_AMERICAN, hand_size: int | None = None, workers: int | None = None,
                   progress=None, model: str | None = None, records: bool = False,
                   scheduler: str | None = None) -> GamesResult:
    """Play ``samples`` random deals per deck in the ``players`` game and in the four-handed game.

    ``rules`` (every option but the deck) must apply to the smaller game (:func:`~euchre_stats.rules.for_players`
    names the option that does not); ``hand_size`` is cutthroat's 7 or the two-handed game's, and
    the four-handed column deals the rules' own hand size beside cutthroat.  ``model`` is "pimc"
    (realistic play, every column alike; the default) or "dd" (double dummy; the default and the
    only one with a farmer's hand, whose exchange realistic play does not model).  With
    ``farmers_hand`` or ``no_trump`` in the rules, ``players`` may be 4: the four-handed game with
    the option beside it without, on the same deals.
    The four-handed column never has a farmer's hand or no trump.  With ``records`` every deal of
    every column is also kept as a hand record (``result.records``, :mod:`euchre_stats.study.records`).

    The columns' fixed chunks of deals run in this process (``workers`` None or 1, every solver
    thread), in ``workers`` local processes, or on the dask cluster at ``scheduler``
    (:mod:`~euchre_stats.sampling.backends`): the same figures and records, byte for byte, on each.
    """
    rules = Rules.from_json(rules)
    if players not in SEATINGS or (SEATINGS[players].vectorised and not (rules.farmers_hand or rules.no_trump)):
        raise VariantsInputError(f"players {players!r}: the games set beside the four-handed one are 2, 3 and 6 "
                                 "(or the four-handed game with farmers_hand or no_trump)")
    if model is None:
        model = "dd" if rules.farmers_hand else DEFAULT_PLAY_MODEL
    decks, seed = check_run(decks, samples, seed, model)
    # the study's dispatch on the table (docs/architecture.md): which decks and hand sizes each deals
    if players == 6 and (len(decks) != 1 or decks[0].label not in SIX_HANDED_DECKS):
        raise VariantsInputError(f"deck {','.join(d.label for d in decks)!r}: six-handed euchre is dealt from the "
                                 "33-card deck (--deck 33, beside the four-handed game) or the doubled 25-card pack "
                                 "(--deck 50, beside six-handed euchre on the 33-card deck)")
    if players != 6 and any(d.doubled for d in decks):
        raise VariantsInputError("deck 50: the doubled 25-card pack is six-handed euchre's (--players 6)")
    if model != "dd" and rules.farmers_hand:
        raise VariantsInputError(f"play model {model!r}: a farmer's hand is played double dummy only (realistic "
                                 "play does not model what the farmer's exchange tells the players)")
    base = for_players(rules.replace(farmers_hand=False, no_trump=False), 4)
    games = []
    total, done = samples * len(decks) * 2, 0

    def dealt(chunk, _) -> None:  # the bar moves with every chunk, not once per column
        nonlocal done
        done += chunk[3]
        progress(done, total)

    for d in decks:
        if d.doubled:  # six-handed only: beside six-handed euchre on its standard 33-card deck
            game = for_players(base.replace(deck=SIX_HANDED_DECK), 6).replace(deck=d.label)
            std = game.replace(deck=SIX_HANDED_DECK)
        else:
            std = base.replace(deck=d.label)
            if hand_size is not None and players != 3:
                std = std.replace(hand_size=hand_size)
            game = for_players(std, players).replace(farmers_hand=rules.farmers_hand, no_trump=rules.no_trump)
        if hand_size is not None and game.hand_size != hand_size:
            game = game.replace(hand_size=hand_size)   # refused with the game's own message
        games += [game, std]
    sizes = chunk_sizes(samples)
    chunks = [(r, f"{r.deck} {game_label(r)}", i, size, sum(sizes[:i])) for r in games for i, size in enumerate(sizes)]
    with backend(workers, scheduler, "games") as run:
        if progress is not None:
            progress(0, total)  # drawn at once: the first chunk can take a while
        parts = run.map(_games_chunk, chunks, args=(seed, model, records, run.threads),
                        done=None if progress is None else dealt, name=lambda c: f"{c[0].players}-{c[0].deck}-{c[2]}")
    columns = [_outcome(r, f"{r.deck} {game_label(r)}", samples, parts[k * len(sizes):(k + 1) * len(sizes)])
               for k, r in enumerate(games)]
    recs = [rec for _, chunk_records in parts for rec in chunk_records or ()]
    return GamesResult(rules, players, seed, samples, columns, model, recs)


__all__ = ["GAME_FIGURES", "GamesResult", "simulate_games"]
