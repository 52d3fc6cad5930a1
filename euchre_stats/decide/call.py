"""Round two: each suit that may be named (no trump where the rules allow), alone or not, or pass,
from any seat at any table.  The four-handed game vectorised (:func:`call_decision`), the other
tables through the state machine (:func:`game_call_decision`, :mod:`.tables`)."""

from __future__ import annotations

import numpy as np

from ..bidding.auction import Auction
from ..bidding.model import BiddingModel
from ..core.cards import JOKER, card_name, cards_to_mask, parse_cards, parse_suit
from ..core.errors import DecisionInputError
from ..core.seats import DEALER, SEAT_NAMES, parse_seat
from ..core.trump import NO_TRUMP
from ..cardplay.contracts import DEFAULT_PLAY_MODEL, Evaluator, Outcome
from ..rules import hand_point_limit, NORTH_AMERICAN, Rules, joker_up_offers_named_suit, may_call_no_trump, may_pass
from ..sampling.dealer import Dealer
from ..sampling.seeds import resolve_seed
from .at_score import game_inputs, game_state
from .branches import explain_pass
from .driver import drive, sampled
from .inference import round_two_likelihood
from .result import Decision
from .setup import (check_models, hand_setup, make_contracts, others_policy, own_bids, pass_outcome, rest_declares,
                    round_knowledge, seat_models, upcard_of, zero_outcome)
from .summary import option_ranges, summarise
from .tables import (ask_game, bid_ranges, check_game, game_upcard, legal_actions, parse_game_seat,
                     seen_bids)


def round_two_outcomes(rules: Rules, auction: Auction, ev: Evaluator, hands: np.ndarray, asker: int, rng, *,
                       pass_model: str, bidding: BiddingModel, workers, suits, own_streams: bool = False,
                       live: dict[str, np.ndarray] | None = None) -> dict[str, Outcome]:
    """Round two on sampled ``hands`` (already conditioned on the auction): pass (unless stuck) and
    each of ``suits`` (pairs ``(suit, action name)``) with and without going alone.

    Everyone passed in round one and the seats before the asker passed in round
    two.  Shared by :func:`call_decision` and the strategy tables.  With ``own_streams`` each call plays from a
    generator of its own (a seed drawn from ``rng`` for every call, in order) and deal ``i`` from stream ``i`` in
    it, so that ``live`` (per call, the deals it is played on; the others score 0 and are not played) changes
    nothing on the deals played (a strategy table's option screen,
    :attr:`~euchre_stats.strategy.table.TableSpec.option_screen`).
    """
    n = hands.shape[0]
    outs: dict[str, Outcome] = {}
    if may_pass(rules, asker, 2):
        if asker == DEALER:
            outs["pass"] = zero_outcome(n)  # turned down twice: thrown in
        else:
            outs["pass"] = pass_outcome(pass_model, auction, hands, 2, asker + 1, rng, ev, rules, asker,
                                         bidding, workers)
    passed = np.zeros((n, 4), dtype=bool)
    passed[:, :asker] = True
    for t, name in suits:
        for alone in (False, True):
            key = name + (" alone" if alone else "")
            c = make_contracts(hands, t, asker, alone)
            if not own_streams:
                outs[key] = ev.play(rest_declares(auction, c, passed, False, rng), rng)
                continue
            own = np.random.default_rng(int(rng.integers(2**62)))
            if live is not None:
                c.maker = np.where(live[key], c.maker, -1)
            outs[key] = ev.play(rest_declares(auction, c, passed, False, own), own, streams=np.arange(n))
    return outs


def call_decision(hand, turned_down, seat, rules: Rules = NORTH_AMERICAN, *, samples: int = 10000,
                  target_se: float | None = None, seed: int | None = None, model: str = DEFAULT_PLAY_MODEL,
                  pass_model: str = "hand", infer: bool = True, workers: int | None = None,
                  bidding: BiddingModel | None = None, progress=None, named=None, score=None,
                  others=None) -> Decision:
    """Round two: name each allowed suit (and no trump, ``n``, under ``no_trump``), with and without
    going alone, or pass (unless stuck).

    Everyone passed in round one and ``turned_down`` was turned down; the seats
    before the asker have passed in round two.  Parameters (``others`` too) as :func:`order_decision`; ``named``
    is the suit of round one when the Joker was turned up under Almonte.
    """
    rules = Rules.from_json(rules)
    check_models(model, pass_model, rules, reading=True)
    others_name, others_model, others_note = others_policy(others, pass_model, rules, bidding)
    asker = parse_seat(seat)
    cards, hmask = hand_setup(hand, rules)
    almonte = joker_up_offers_named_suit(rules)
    up = upcard_of(turned_down, rules, hmask, "turned-down card", joker_ok=almonte)
    if up == JOKER and named is None:
        raise DecisionInputError("the Joker was turned up under Almonte: give the suit of round one with "
                                 "named (--named h)")
    if named is not None and up != JOKER:
        raise DecisionInputError(f"--named {named!r} is for a Joker upcard; the turned-down card "
                                 f"{card_name(up)!r} names its own suit")
    up_suit = up >> 3 if up != JOKER else (named if isinstance(named, int) else parse_suit(named))
    seed = resolve_seed(seed)
    game = game_state(rules, score, asker, model, bidding)
    bidding, own_name = own_bids(bidding, rules, pass_model)
    auction = Auction(rules, seat_models(bidding, others_model, asker), up, up_suit)
    dealer = Dealer(round_knowledge(rules, asker, hmask, up))
    ev = Evaluator(rules, model, asker, workers, auction=auction, shared_lead=True)
    suits = [(t, "cdhs"[t]) for t in (3, 2, 1, 0) if t != up_suit]
    if may_call_no_trump(rules, 2):
        suits.append((NO_TRUMP, "n"))

    def play(rng, hands):
        return round_two_outcomes(rules, auction, ev, hands, asker, rng, pass_model=pass_model,
                                  bidding=bidding, workers=workers, suits=suits)

    like = (lambda hands: round_two_likelihood(auction, hands, asker)) if infer else None
    chunk = sampled(lambda rng, m: dealer.sample(m, rng)[:, :4].copy(), like, play)
    outcomes, w, info = drive(seed, samples, target_se, chunk, progress)
    options, diffs, rec, close = summarise(outcomes, w, rules.hand_size, game=game, limit=hand_point_limit(rules),
                                            sampling=info,
                                            ranges=option_ranges(rules, outcomes, asker, round_one=False,
                                                                 hand=hmask, up=up))
    branches = explain_pass(outcomes, w, asker, rules, info, hand_point_limit(rules), hmask, up)
    inputs = {"hand": " ".join(card_name(c) for c in cards), "turned_down": card_name(up),
              "seat": SEAT_NAMES[asker]}
    if up == JOKER:
        inputs["named"] = "cdhs"[up_suit]
    game_inputs(inputs, game)
    return Decision("call", inputs, rules, seed, info.played, model, options, diffs, rec, close, pass_model,
                    infer, info.effective, target_se=target_se, sampling=info, pass_branches=branches,
                    others=others_name, others_note=others_note, bidding=own_name)




def game_call_decision(hand, turned_down, seat, rules: Rules, *, samples: int = 10000, seed: int | None = None,
                       model: str | None = None, pass_model: str = "hand", infer: bool = True,
                       workers: int | None = None, target_se: float | None = None, progress=None,
                       bidder: dict | None = None) -> Decision:
    """Round two of a two- or three-handed game from ``seat``: everyone passed round one and
    ``turned_down`` was turned down; the seats before ``seat`` passed again.  Options: each suit
    that may be named, and pass unless the dealer is stuck."""
    rules = Rules.from_json(rules)
    model = check_game(rules, model, pass_model)
    asker = parse_game_seat(seat, rules.seating)
    cards = parse_cards(hand, rules.deck_obj, size=rules.hand_size)
    hmask = cards_to_mask(cards)
    up = game_upcard(turned_down, rules, hmask, "turned-down card")
    inputs = {"hand": " ".join(card_name(c) for c in cards), "turned_down": card_name(up),
              "seat": rules.seating.names[asker]}
    prefix = seen_bids(["pass"] * (rules.players + asker), asker, rules.players)
    return ask_game("call", rules, asker, hmask, up, prefix, legal_actions, inputs, bid_ranges(rules), samples=samples,
                seed=resolve_seed(seed), model=model, workers=workers, infer=infer, pass_model=pass_model,
                target_se=target_se, progress=progress, bidder=bidder)
