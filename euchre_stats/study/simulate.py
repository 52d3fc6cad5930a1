"""Simulated outcomes of whole hands per deck variant: who makes trump, how often they make it.

Random deals; the auction is played by the bidding model of
:mod:`euchre_stats.bidding.auction` (:class:`~euchre_stats.bidding.auction.Auction`, the
dealer discarding by the model's rule when it takes up: the guides' void-making discard for the
default population, the count's strongest five cards for a model without that rule); the contracts are
played by a play model (realistic play, ``DEFAULT_PLAY_MODEL``, by default; ``dd`` double
dummy).  Seats are named from the
dealer: 0 eldest, 1 partner, 2 third, 3 dealer; the dealer's side is seats 1 and 3.

Deals come in fixed chunks, each with its own generator from
``SeedSequence(seed, spawn_key=(deck size, chunk))``, so a deck's figures depend
only on the seed and the sample count -- not on the other decks asked for, nor on
the number of workers.  A Joker upcard throws the hand in, unless the rules'
Joker rule is on: then the dealer names the suit its count likes best, takes the
Joker and discards (partnered, not alone).  Computes only; no printing here: a
:class:`VariantsResult` knows its own forms (JSON, DataFrame, text table, chart).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ..bidding.model import default_population
from ..core.decks import find_deck, parse_deck_list
from ..core.errors import VariantsInputError
from ..core.seats import SEAT_NAMES
from ..core.stats import Estimate, mean, proportion
from ..output.results import ResultView
from ..cardplay.contracts import DEFAULT_PLAY_MODEL
from ..rules import NORTH_AMERICAN, Rules, joker_up_offers_named_suit
from ..decide.selfplay import play_random_hands
from ..sampling.backends import backend
from ..sampling.seeds import chunk_rng, chunk_sizes
from .records import WithRecords

#: deals per chunk; each chunk has its own seeded generator


@dataclass
class DeckOutcome:
    """Figures of one deck (see :data:`FIGURES`)."""

    deck: str
    rules: Rules
    samples: int
    figures: dict[str, Estimate] = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"deck": self.deck, "hand_size": self.rules.hand_size, "samples": self.samples,
                **{k: v.to_dict() for k, v in self.figures.items()}}


#: the reported figures, in order, with what each means
FIGURES = {
    **{f"maker_{s}": f"the {s} fixes trump (share of all deals)" for s in SEAT_NAMES},
    "dealer_side_makes": "the dealer's side fixes trump (share of all deals)",
    "eldest_side_makes": "the eldest's side fixes trump (share of all deals)",
    "thrown_in": "nobody fixes trump: the hand is thrown in",
    "p_make": "the makers take enough tricks (of contracts played)",
    "p_march": "the makers take every trick (of contracts played)",
    "p_euchre": "the makers are euchred (of contracts played)",
    "p_alone": "the maker goes alone (of contracts played)",
    "loner_march": "a lone maker takes every trick (of lone contracts)",
    "dealer_side_advantage": "points of the dealer's side minus the other side's, per deal",
    "dealer_side_order_points": "net points of the dealer's side when it accepts the upcard",
    "eldest_side_order_points": "net points of the eldest's side when it orders the upcard up",
}
#: who produced the outcomes of a deck study (and of `equity`): said with every such figure
SELF_PLAY = ("self-play: the same bots at every seat (the bidding model and play model above), a population of "
             "bots, not a table of people (docs/odds.md, \"Self-play and published figures\")")
#: the figures in points (shown with a sign)
SIGNED = {"dealer_side_advantage", "dealer_side_order_points", "eldest_side_order_points"}


def _cell(e: Estimate, signed: bool) -> str:
    if e.n == 0 or math.isnan(e.value):
        return "-"
    f = (lambda x: f"{x:+.3f}") if signed else (lambda x: f"{x:.3f}")
    lo = "?" if math.isnan(e.low) else f(e.low)
    hi = "?" if math.isnan(e.high) else f(e.high)
    return f"{f(e.value)} [{lo}, {hi}] n={e.n}"


@dataclass
class VariantsResult(WithRecords, ResultView):
    """Figures per deck for one set of rules, play model, seed and sample count.

    ``to_dict()`` is the command line's JSON, ``to_frame()`` its CSV (one row per deck and
    figure), ``to_text()`` its table (one column per deck), ``plot(ax)`` a chart.
    """

    rules: Rules
    model: str
    seed: int
    samples: int
    decks: list[DeckOutcome]
    #: how the bidding model's seats decide (hard by default; :attr:`BiddingModel.decisions`)
    decisions: str = "hard decisions"
    #: the hands played as records, deck by deck (``records=True``; :mod:`euchre_stats.study.records`)
    records: list = field(default_factory=list, repr=False)
    #: the bidding model by name: the default population (``shipped-v4`` on the 24-card deck, five cards a
    #: hand; ``shipped`` on the other decks), or ``"given"`` (a model passed in)
    bidding: str = "shipped"

    def to_dict(self) -> dict:
        return {"rules": self.rules.to_dict(), "model": self.model, "bidding": self.bidding,
                "bidding_decisions": self.decisions, "played_by": SELF_PLAY, "seed": self.seed,
                "samples": self.samples, "decks": {d.deck: d.to_dict() for d in self.decks}}

    def to_frame(self):
        """Columns ``deck, hand_size, figure, value, ci_low, ci_high, n``: one row per deck and figure."""
        import pandas as pd

        return pd.DataFrame([{"deck": d.deck, "hand_size": d.rules.hand_size, "figure": k, "value": e.value,
                              "ci_low": e.low, "ci_high": e.high, "n": e.n}
                             for d in self.decks for k, e in d.figures.items()])

    def to_text(self) -> str:
        import pandas as pd

        # the deck and the hand size are the columns' own, not the rules' (which name one deck)
        sizes = "; ".join(f"{d.deck}-card deck, {d.rules.hand_size} cards each" for d in self.decks)
        lines = [f"rules: {self.rules.describe(deck=False, hand_size=False)}; the columns: {sizes}",
                 f"play model: {self.model}   bidding: {self.bidding}, {self.decisions}",
                 f"played by: {SELF_PLAY}",
                 f"seed: {self.seed}   deals per deck: {self.samples:,}",
                 "figures: value [95% interval] n=samples behind it; points are per hand", ""]
        rows = [{"figure": k, **{d.deck: _cell(d.figures[k], k in SIGNED) for d in self.decks}} for k in FIGURES]
        lines.append(pd.DataFrame(rows).to_string(index=False))
        lines += ["", *[f"{k}: {v}" for k, v in FIGURES.items()]]
        return "\n".join(lines)

    def plot(self, ax=None, panel: str = "probabilities"):
        """Bars per deck with 95% intervals on ``ax`` (a new Agg figure when ``None``); returns the Axes.

        ``panel="probabilities"``: P(make), P(march), P(euchre), loner march, dealer's side makes;
        ``panel="points"``: the dealer's-side and eldest's-side points per hand.
        """
        from ..output.plots import draw_variants, new_axes, variants_title

        ax = draw_variants(new_axes() if ax is None else ax, self, panel)
        ax.set_title(variants_title(self))
        ax.legend(fontsize=8)
        return ax

    def save_plot(self, path: str) -> None:
        """Both panels side by side to ``path`` (.png/.svg/.pdf), written atomically (``--plot``)."""
        from ..output.plots import plot_variants

        plot_variants(self, path)


def _figures(rules: Rules, maker, alone, round_one, maker_tricks, net_maker) -> dict[str, Estimate]:
    live = maker >= 0
    hs = rules.hand_size
    f = {f"maker_{s}": proportion(maker == i) for i, s in enumerate(SEAT_NAMES)}
    f["dealer_side_makes"] = proportion(live & (maker & 1 == 1))
    f["eldest_side_makes"] = proportion(live & (maker & 1 == 0))
    f["thrown_in"] = proportion(~live)
    t = maker_tricks[live]
    f["p_make"] = proportion(t >= rules.tricks_to_make)
    f["p_march"] = proportion(t == hs)
    f["p_euchre"] = proportion(t < rules.tricks_to_make)
    f["p_alone"] = proportion(alone[live])
    f["loner_march"] = proportion(maker_tricks[live & alone] == hs)
    dealer_net = np.where(maker & 1 == 1, net_maker, -net_maker)
    f["dealer_side_advantage"] = mean(np.where(live, dealer_net, 0.0))
    f["dealer_side_order_points"] = mean(net_maker[live & round_one & (maker & 1 == 1)])
    f["eldest_side_order_points"] = mean(net_maker[live & round_one & (maker & 1 == 0)])
    return f


def check_run(decks, samples, seed, model: str) -> tuple[list, int]:
    """The decks of a variants run and its seed (drawn when ``None``); raises
    :class:`VariantsInputError` for no deck, a bad sample count, model or seed."""
    deck_list = parse_deck_list(decks) if isinstance(decks, str) else [find_deck(d) for d in decks]
    if not deck_list:
        raise VariantsInputError("no deck named")
    if not isinstance(samples, (int, np.integer)) or samples < 1:
        raise VariantsInputError(f"samples must be at least 1, got {samples!r}")
    if model not in ("dd", "pimc"):
        raise VariantsInputError(f"unknown play model {model!r}: expected dd or pimc")
    if seed is None:
        seed = int(np.random.SeedSequence().entropy % (2**32))
    if not isinstance(seed, (int, np.integer)) or seed < 0:
        raise VariantsInputError(f"seed must be a whole number >= 0, got {seed!r}")
    return deck_list, int(seed)


def _variants_chunk(chunk: tuple, seed: int, model: str, bidding, records: bool, threads) -> tuple:
    """Chunk ``(rules, deck size, i, size, first deal)`` of :func:`simulate_variants`: the hands' arrays,
    and with ``records`` their hand records (else None)."""
    r, deck_size, i, size, first = chunk
    auctions = [] if records else None
    bidding = bidding or default_population(r)[1]   # the default population at this deck's table
    played = play_random_hands(r, size, chunk_rng(seed, deck_size, i), model, threads, bidding, auctions=auctions)
    if not records:
        return played.arrays(), None
    from .records import vectorised_records

    return played.arrays(), vectorised_records(r, auctions, played.maker, played.maker_tricks, model, seed, first)


def simulate_variants(decks="24,25,28,32,33", samples: int = 10000, seed: int | None = None,
                      rules: Rules = NORTH_AMERICAN, *, model: str = DEFAULT_PLAY_MODEL, workers: int | None = None,
                      hand_size: int | None = None, bidding=None, progress=None,
                      records: bool = False, scheduler: str | None = None) -> VariantsResult:
    """Play ``samples`` random deals per deck under ``rules`` and summarise them (see :data:`FIGURES`).

    Parameters
    ----------
    decks : ``"24,25,28"`` or a list of deck names / :class:`~euchre_stats.core.decks.Deck`
    samples : deals per deck
    seed : base seed (random when ``None``; the one used is in the result)
    rules : every option but the deck (and, with ``hand_size``, the hand size) applies to each deck
    model : play model, ``"dd"`` or ``"pimc"``
    workers : ``None`` or 1: this process, every solver thread; N > 1: N local processes
    scheduler : ``tcp://HOST:PORT`` of a dask cluster to run the chunks on (results do not depend on
        where they run: :mod:`~euchre_stats.sampling.backends`)
    hand_size : cards per hand for every deck (default: the rules' hand size)
    progress : callback ``(done, total)`` over all decks' deals
    records : also keep every deal as a hand record (``result.records``; :mod:`euchre_stats.study.records`
        says how each is played out); the figures are the same either way
    """
    rules = Rules.from_json(rules)
    deck_list, seed = check_run(decks, samples, seed, model)
    if records and joker_up_offers_named_suit(rules) and any(d.has_joker for d in deck_list):
        from .records import NO_ALMONTE

        raise VariantsInputError(NO_ALMONTE)
    given = bidding is not None
    per_deck = []
    for d in deck_list:
        per_deck.append(rules.replace(deck=d.label, hand_size=rules.hand_size if hand_size is None else hand_size))
    sizes = chunk_sizes(samples)
    total, done = samples * len(deck_list), [0]
    chunks = [(r, d.size, i, size, sum(sizes[:i])) for d, r in zip(deck_list, per_deck)
              for i, size in enumerate(sizes)]

    def tick(chunk, _) -> None:
        done[0] += chunk[3]
        progress(done[0], total)

    with backend(workers, scheduler, "variants") as run:
        if progress is not None:
            progress(0, total)  # drawn at once: the first chunk of realistic play takes seconds
        parts = run.map(_variants_chunk, chunks, args=(seed, model, bidding, records, run.threads),
                        done=None if progress is None else tick, name=lambda c: f"{c[1]}-{c[2]}")
    out, recs = [], [rec for _, chunk_records in parts for rec in chunk_records or ()]
    for k, (d, r) in enumerate(zip(deck_list, per_deck)):
        arrays = [np.concatenate(a) for a in zip(*(p[0] for p in parts[k * len(sizes):(k + 1) * len(sizes)]))]
        out.append(DeckOutcome(d.label, r, samples, _figures(r, *arrays)))
    if given:
        name, decisions = "given", bidding.decisions.split(" (")[0]
    else:
        pops = {r.deck: default_population(r) for r in per_deck}
        used = dict.fromkeys(p[0] for p in pops.values())
        name = "; ".join(f"{u} on the {', '.join(d for d, p in pops.items() if p[0] == u)}-card deck"
                         f"{'s' if sum(p[0] == u for p in pops.values()) > 1 else ''}" for u in used)
        why = next((p[2] for p in pops.values() if p[2]), None)
        if why and "-card deck" in why:
            why = "shipped-v4 bids only on the 24-card deck, 5 cards a hand, where it was fitted"
        name += f" (the default population: {why})" if why else " (the default population)"
        decisions = next(iter(pops.values()))[1].decisions.split(" (")[0]
    return VariantsResult(rules, model, seed, samples, out, decisions, recs, name)


__all__ = [
    "FIGURES",
    "SIGNED",
    "DeckOutcome",
    "Estimate",
    "VariantsInputError",
    "VariantsResult",
    "check_run",
    "mean",
    "proportion",
    "simulate_variants",
]
