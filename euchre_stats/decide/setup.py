"""What the four-handed questions share: parsing the hand and the upcard, the asker's knowledge and
the constrained dealer, contracts built on sampled deals, the dealer's candidate discards, and the
outcome of passing (the rest of the auction by the bidding model, then the play).

Seats here are absolute with the dealer fixed at seat 3: seat 0 is eldest, 1 the dealer's partner,
2 third hand, 3 the dealer; the side of seats 1 and 3 is the dealer's side.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from ..bidding.auction import Auction
from ..bidding.model import BiddingModel
from ..core.cards import (JOKER, NO_TRUMP_WORDS, card_name, cards_to_mask, parse_card, parse_cards, parse_suit,
                          parse_trump)
from ..core.errors import DecisionInputError, InconsistentDealError
from ..core.stats import rowwise_weighted_mean_se, weighted_mean_se
from ..core.trump import NO_TRUMP, POWER
from ..cardplay.contracts import PLAY_MODELS, READING_MODELS, Contracts, Evaluator, Outcome
from ..rules import Rules, hand_points_array, joker_up_names_trump, may_call_no_trump
from ..sampling.dealer import KITTY, Dealer, Knowledge
from . import PASS_MODELS


def weakest_first(cards: list[int], trump: int) -> list[int]:
    """The dealer's candidate discards from the weakest (off-suit low cards) to the strongest (the
    bowers): on common random numbers several discards often do exactly as well on every deal, and
    the first of them is the one named (no player would bury a bower when a nine does as well)."""
    return sorted(cards, key=lambda c: (int(POWER[trump, c]), c))


#: a dealer's discard stops being played once it is this many standard errors behind the best one
DISCARD_Z = 4.0


def still_played(vals: np.ndarray, w: np.ndarray, ok: np.ndarray, z: float = DISCARD_Z) -> np.ndarray:
    """Of ``ok`` (k, J): the discards each of ``k`` classes still plays after deals ``vals`` (k, J, s) weighted
    ``w`` (k, s): those whose deficit to the class's best, on the same deals, is at most ``z`` standard errors."""
    mu, _ = rowwise_weighted_mean_se(vals, w[:, None, :])
    lead = np.argmax(np.where(ok, mu, -np.inf), axis=1)
    gap, se = rowwise_weighted_mean_se(vals[np.arange(len(vals)), lead][:, None, :] - vals, w[:, None, :])
    with np.errstate(invalid="ignore"):   # an infinite standard (no screening) times a zero error
        return ok & ~(gap - z * se > 0)


class DiscardScreen:
    """The dealer's candidate discards, screened as the chunks of deals come in: once a candidate's deficit to
    the best one, on the same deals, exceeds :attr:`Z` standard errors (after at least :attr:`MIN_DEALS`
    deals), it is not played on the next chunks.  Every discard plays each deal from that deal's own random
    stream, so the candidates still played keep exactly the outcomes they would have had with every candidate
    played: the answer changes only if a dropped candidate, 4 standard errors behind, would have come out best.

    Use: ``playing(action)`` the ``(name, card)`` pairs to play in the next chunk; ``watching(chunk_fn)`` wraps
    :func:`~euchre_stats.decide.driver.sampled`'s chunk function to update the screen with each chunk's
    outcomes and weights; ``fill(outs)`` puts a stand-in under each dropped key (the drive's chunks keep
    their keys); ``kept(outcomes)`` leaves the dropped candidates out before :func:`pick_discards`.
    """

    ACTIONS = ("order", "order alone")
    Z = DISCARD_Z
    MIN_DEALS = 200

    def __init__(self, cards: dict[str, int]):
        self.cards = dict(cards)               # name -> card, weakest first
        self.dropped: dict[str, list[str]] = {a: [] for a in self.ACTIONS}
        self._values: dict[str, list[np.ndarray]] = {}
        self._weights: list[np.ndarray] = []

    def playing(self, action: str) -> list[tuple[str, int]]:
        return [(name, card) for name, card in self.cards.items() if name not in self.dropped[action]]

    def fill(self, outs: dict[str, Outcome]) -> dict[str, Outcome]:
        for a in self.ACTIONS:
            played = [k for k in outs if k.split("|")[0] == a and "|" in k]
            for name in self.dropped[a] if played else ():
                outs[f"{a}|{name}"] = outs[played[0]]    # a stand-in, never picked (see kept)
        return outs

    def watching(self, chunk_fn):
        def chunk(rng, n):
            outs, w, info = chunk_fn(rng, n)
            self._update(outs, np.asarray(w, dtype=np.float64))
            return outs, w, info
        return chunk

    def _update(self, outs: dict[str, Outcome], w: np.ndarray) -> None:
        self._weights.append(w)
        ww = np.concatenate(self._weights)
        for a in self.ACTIONS:
            alive = [name for name, _ in self.playing(a)]
            keys = [f"{a}|{name}" for name in alive]
            if len(keys) < 2 or keys[0] not in outs:
                continue
            for k in keys:                       # a candidate still played was played on every chunk so far
                self._values.setdefault(k, []).append(outs[k].value)
            if len(ww) < self.MIN_DEALS:
                continue
            vals = np.stack([np.concatenate(self._values[k]) for k in keys])[None]
            keep = still_played(vals, ww[None], np.ones((1, len(keys)), dtype=bool), self.Z)[0]
            for k, name, kept in zip(keys, alive, keep):
                if not kept:
                    self.dropped[a].append(name)
                    del self._values[k]

    def kept(self, outcomes: dict[str, Outcome]) -> dict[str, Outcome]:
        gone = {f"{a}|{name}" for a in self.ACTIONS for name in self.dropped[a]}
        return {k: v for k, v in outcomes.items() if k not in gone}


def pick_discards(outcomes: dict[str, Outcome], w: np.ndarray) -> tuple[dict, dict]:
    """Collapse ``"order|Tc"``-style candidate keys into one option with its best discard."""
    merged: dict[str, Outcome] = {}
    extras: dict[str, dict] = {}
    best: dict[str, tuple[float, str]] = {}
    for key, o in outcomes.items():
        if "|" not in key:
            merged[key] = o
            continue
        action, card = key.split("|")
        mu, _ = weighted_mean_se(o.value, w)
        if action not in best or mu > best[action][0]:
            best[action] = (mu, card)
            merged[action] = o
            extras[action] = {"discard": card}
    return merged, extras


def hand_setup(hand, rules: Rules, size: int | None = None) -> tuple[list[int], int]:
    cards = parse_cards(hand, rules.deck_obj, size=rules.hand_size if size is None else size)
    return cards, cards_to_mask(cards)


def kitty_size(rules: Rules) -> int:
    return rules.deck_obj.size - 4 * rules.hand_size


def round_knowledge(rules: Rules, asker: int, hmask: int, up: int) -> Knowledge:
    k = Knowledge(rules.deck_obj.mask)
    k.need = [rules.hand_size] * 4 + [kitty_size(rules) - 1]
    k.need[asker] = 0
    k.known[asker] = hmask
    k.known[KITTY] = 1 << up
    return k


def dealer_for(k: Knowledge) -> Dealer:
    """The constrained dealer of ``k``, an impossible knowledge a :class:`DecisionInputError`."""
    try:
        return Dealer(k)
    except InconsistentDealError as exc:  # any other error is a bug, not the input's
        raise DecisionInputError(str(exc)) from None


def upcard_of(text, rules: Rules, hmask: int, what: str = "upcard", joker_ok: bool = False) -> int:
    up = text if isinstance(text, int) else parse_card(text, rules.deck_obj)
    if (hmask >> up) & 1:
        raise DecisionInputError(f"the {what} {card_name(up)!r} is also in the hand")
    if up == JOKER and not joker_ok:
        if joker_up_names_trump(rules):
            raise DecisionInputError(
                "the Joker is the upcard: there is no bidding, the dealer named trump before looking, the "
                "dealer's side are makers and only the dealer decides (the discard and going alone: ask "
                "`order` from the dealer's seat)")
        raise DecisionInputError("the Joker is the upcard: under these rules the hand is thrown in")
    return up


def rest_declares(auction: Auction, c: Contracts, passed: np.ndarray, round_one: bool, rng) -> Contracts:
    """After the asker's own call without going alone: under British timing its partner may still
    declare alone before the lead, then defenders may go alone; both by the bidding model."""
    n = len(c.maker)
    if not c.alone.all():
        c.maker, c.alone, c.caller = auction.declare_alone(c.hands, c.trump, c.maker, c.alone, passed,
                                                           np.full(n, round_one), rng, roles=(2,))
    c.def_alone = auction.defender_alone(c.hands, c.trump, c.maker, c.alone, passed, rng)
    return c


def make_contracts(hands, trump, maker, alone, def_alone=None) -> Contracts:
    n = hands.shape[0]
    full = lambda v, dt: np.full(n, v, dtype=dt) if np.ndim(v) == 0 else np.asarray(v, dtype=dt)  # noqa
    return Contracts(hands, full(trump, np.int64), full(maker, np.int64), full(alone, bool),
                     full(-1 if def_alone is None else def_alone, np.int64))


def zero_outcome(n: int) -> Outcome:
    z = np.zeros(n, dtype=bool)
    return Outcome(np.zeros(n), z, z, z, np.full(n, -1))


def check_models(model: str, pass_model: str | None, rules: Rules | None = None, reading: bool = False):
    """Refuse an unknown play or pass model, and the ``dd`` pass model where it would mislead: its
    double-dummy bidders never name no trump, so under rules that allow it they would value the
    pass as if nobody ever did.  ``reading``: the question also plays :data:`READING_MODELS` (``order``,
    ``call``: their play-outs know the auction)."""
    models = PLAY_MODELS + (READING_MODELS if reading else ())
    if model not in models:
        raise DecisionInputError(f"unknown play model {model!r}: expected one of {', '.join(models)}")
    if model in READING_MODELS and rules is not None and may_call_no_trump(rules, 2):
        raise DecisionInputError(f"play model {model} does not read auctions that may name no trump "
                                 "(--no-trump): use pimc")
    if pass_model is not None and pass_model not in PASS_MODELS:
        raise DecisionInputError(
            f"unknown pass model {pass_model!r}: expected one of {', '.join(PASS_MODELS)}")
    if pass_model == "dd" and rules is not None and may_call_no_trump(rules, 2):
        raise DecisionInputError("pass model 'dd' with no trump: its double-dummy bidders never name no trump; "
                                 "use --pass-model hand (the bidding model calls it)")


def others_policy(others, pass_model: str | None, rules: Rules | None = None, bidding=None
                  ) -> tuple[str | None, BiddingModel | None, str | None]:
    """``(name, model, why)`` of the population the other three seats bid by (``others``: a policy name of
    :data:`~euchre_stats.bidding.model.POLICIES`, a :class:`BiddingModel` or a model file's path).  Not
    given: the default population at ``rules``' table
    (:func:`~euchre_stats.bidding.model.default_population`: ``shipped-v4``, or ``shipped`` with ``why``
    saying why), or ``(None, None, None)`` (the asker's own bidding model for every seat) without
    ``rules``, with the double-dummy pass model, or when the asker's ``bidding`` model is given (it then
    bids for every seat, as before the default population)."""
    from ..bidding.model import default_population, policy_model

    if others is None:
        if rules is None or pass_model == "dd" or bidding is not None:
            return None, None, None
        return default_population(rules)
    if pass_model == "dd":
        raise DecisionInputError("others sets how the other seats bid in the pass's play-out by the bidding model; "
                                 "the double-dummy pass model (pass_model 'dd') has its own bidders: use 'hand'")
    return (*policy_model(others), None)


def own_bids(bidding, rules: Rules, pass_model: str | None) -> tuple[BiddingModel, str | None]:
    """``(model, name)``: how the asker bids later in the auction a pass leads to (``order``, ``call``).
    ``bidding`` when given (name None: the public functions name it); with the double-dummy pass model the
    shipped count (its double-dummy bidders take a count's thresholds); else the default population
    (:func:`~euchre_stats.bidding.model.default_population`: ``shipped-v4``, the shipped count where it
    cannot bid), so that the asker passes, calls and goes alone later as the strongest bidder at the table
    would (before 2026-12-04: the shipped count always)."""
    from ..bidding.model import default_model, default_population

    if bidding is not None:
        return bidding, None
    if pass_model == "dd":
        return default_model(), "shipped"
    name, model, _ = default_population(rules)
    return model, name


def population(bidding, rules: Rules) -> tuple[BiddingModel, str | None, str | None]:
    """``(model, name, why)``: the bidding model of every seat (``discard``, ``alone``, ``lead``): ``bidding``
    when given (name None: the public functions name it), else the default population
    (:func:`~euchre_stats.bidding.model.default_population`, ``why`` saying why it is not ``shipped-v4``)."""
    if bidding is not None:
        return bidding, None, None
    from ..bidding.model import default_population

    name, model, why = default_population(rules)
    return model, name, why


def seat_models(bidding: BiddingModel, others: BiddingModel | None, asker: int):
    """The models of an :class:`Auction` by seat: ``bidding`` for the asker's own later bids, ``others``
    for the other three seats (``bidding`` for every seat when ``others`` is None)."""
    if others is None:
        return bidding
    return tuple(bidding if s == asker else others for s in range(4))


def pass_outcome(pass_model, auction: Auction, hands, start_round, start_seat, rng, ev: Evaluator,
                  rules: Rules, asker: int, bidding: BiddingModel, workers) -> Outcome:
    n = hands.shape[0]
    if pass_model == "zero":
        return zero_outcome(n)
    if pass_model == "dd":
        from ..bidding.ddbids import DDAuction

        c = DDAuction(rules, bidding, auction.upcard, workers, suit=auction.up_suit).finish(hands, start_round,
                                                                                           start_seat, rng)
    else:
        c = auction.finish(hands, start_round, start_seat, rng)
    o = ev.play(c, rng)
    o.contract = auction_contract(c, auction.up_suit)
    return o


def auction_contract(c: Contracts, up_suit: int) -> np.ndarray:
    """What the auction after a pass reached on each deal, as :attr:`Outcome.contract`: the seat
    that made trump (the caller, where under British timing its partner then went alone; -1 when
    the hand was thrown in), the round (1 or 2; 0 thrown in: round two never names the suit of
    round one, so a contract in ``up_suit`` was made in round one), trump (-1 thrown in) and the
    seat playing alone (-1 none)."""
    made = c.maker >= 0
    caller = c.maker if c.caller is None else c.caller
    rnd = np.where(made, np.where(c.trump == up_suit, 1, 2), 0)
    lone = np.where(made & c.alone, c.maker, -1)
    return np.stack([np.where(made, caller, -1), rnd, np.where(made, c.trump, -1), lone], axis=1).astype(np.int64)



def contract_trump(trump, rules: Rules) -> int:
    """The trump of a contract already made: a suit, or no trump (``n``, 4) under ``no_trump`` (a
    round-two call).  Without the option a wrong word gets the suits' message and ``n`` the option's."""
    if isinstance(trump, int):
        t = trump
    elif rules.no_trump or str(trump).strip().lower() in NO_TRUMP_WORDS:
        t = parse_trump(trump)
    else:
        t = parse_suit(trump)
    if t == NO_TRUMP and not may_call_no_trump(rules, 2):
        raise DecisionInputError("trump 'n' (no trump) needs rules with no_trump (--no-trump)")
    return t


def makers_chances(rules: Rules, c: Contracts, o: Outcome) -> Outcome:
    """``o`` with P(make), P(march), P(euchred) as the makers' chances (the asker defends: ``o`` has
    them for the asker's side, which did not make trump)."""
    maker_tricks = np.where(c.maker >= 0, rules.hand_size - o.our_tricks, -1)
    mp, dp = hand_points_array(rules, np.maximum(maker_tricks, 0), c.alone, c.def_alone >= 0)
    live = c.maker >= 0
    return dataclasses.replace(o, our_make=live & (mp > 0), our_march=live & (maker_tricks == rules.hand_size),
                               our_euchred=live & (dp > 0))
