"""Simulated outcomes of whole hands per deck variant: who makes trump, how often they make it.

Random deals; the auction is played by the bidding model of
:mod:`euchre_stats.bidding.auction` (:class:`~euchre_stats.bidding.auction.Auction`, the
dealer discarding its best card by the count when it takes up); the contracts are
played by a play model (double-dummy ``dd`` by default).  Seats are named from the
dealer: 0 eldest, 1 partner, 2 third, 3 dealer; the dealer's side is seats 1 and 3.

Deals come in fixed chunks, each with its own generator from
``SeedSequence(seed, spawn_key=(deck size, chunk))``, so a deck's figures depend
only on the seed and the sample count -- not on the other decks asked for, nor on
the number of workers.  A Joker upcard throws the hand in, unless the rules'
Joker rule is on: then the dealer names the suit its count likes best, takes the
Joker and discards (partnered, not alone).  Computes only; no printing here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..bidding.model import default_model
from ..core.decks import find_deck, parse_deck_list
from ..core.errors import VariantsInputError
from ..core.seats import SEAT_NAMES
from ..core.stats import Estimate, mean, proportion
from ..rules import NORTH_AMERICAN, Rules
from ..decide.selfplay import play_random_hands
from ..sampling.seeds import chunk_rng, chunk_sizes

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


@dataclass
class VariantsResult:
    """Figures per deck for one set of rules, play model, seed and sample count."""

    rules: Rules
    model: str
    seed: int
    samples: int
    decks: list[DeckOutcome]

    def to_dict(self) -> dict:
        return {"rules": self.rules.to_dict(), "model": self.model, "seed": self.seed,
                "samples": self.samples, "decks": {d.deck: d.to_dict() for d in self.decks}}


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


def simulate_variants(decks="24,25,28,32,33", samples: int = 10000, seed: int | None = None,
                      rules: Rules = NORTH_AMERICAN, *, model: str = "dd", workers: int | None = None,
                      hand_size: int | None = None, bidding=None, progress=None) -> VariantsResult:
    """Play ``samples`` random deals per deck under ``rules`` and summarise them (see :data:`FIGURES`).

    Parameters
    ----------
    decks : ``"24,25,28"`` or a list of deck names / :class:`~euchre_stats.core.decks.Deck`
    samples : deals per deck
    seed : base seed (random when ``None``; the one used is in the result)
    rules : every option but the deck (and, with ``hand_size``, the hand size) applies to each deck
    model : play model, ``"dd"`` or ``"pimc"``
    workers : solver threads (results do not depend on it)
    hand_size : cards per hand for every deck (default: the rules' hand size)
    progress : callback ``(done, total)`` over all decks' deals
    """
    rules = Rules.from_json(rules)
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
    seed = int(seed)
    bidding = bidding or default_model()
    per_deck = []
    for d in deck_list:
        per_deck.append(rules.replace(deck=d.label, hand_size=rules.hand_size if hand_size is None else hand_size))
    sizes = chunk_sizes(samples)
    total, done = samples * len(deck_list), 0
    out = []
    for d, r in zip(deck_list, per_deck):
        parts = []
        for i, size in enumerate(sizes):
            parts.append(play_random_hands(r, size, chunk_rng(seed, d.size, i), model, workers, bidding).arrays())
            done += size
            if progress is not None:
                progress(done, total)
        arrays = [np.concatenate(a) for a in zip(*parts)]
        out.append(DeckOutcome(d.label, r, samples, _figures(r, *arrays)))
    return VariantsResult(rules, model, seed, samples, out)


__all__ = [
    "FIGURES",
    "DeckOutcome",
    "Estimate",
    "VariantsInputError",
    "VariantsResult",
    "mean",
    "proportion",
    "simulate_variants",
]
