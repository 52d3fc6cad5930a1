"""The dealer's discard after taking up the upcard: every candidate on the same deals, at any table.
The four-handed game vectorised (:func:`discard_decision`), the other tables through the state
machine (:func:`game_discard_decision`, :mod:`.tables`)."""

from __future__ import annotations

import numpy as np

from ..bidding.auction import Auction
from ..bidding.model import BiddingModel
from ..core.bits import held_copy
from ..core.cards import JOKER, card_name, cards_to_mask, parse_card, parse_cards
from ..core.errors import DecisionInputError
from ..core.seats import DEALER, SEAT_NAMES, parse_seat
from ..cardplay.contracts import DEFAULT_PLAY_MODEL, READING_MODELS, Evaluator
from ..rules import (hand_point_limit, game_name, NORTH_AMERICAN, Rules, alone_with_the_call, may_discard,
                     order_must_go_alone)
from ..sampling.dealer import Dealer, Knowledge
from ..sampling.seeds import resolve_seed
from .at_score import game_inputs, game_state
from .driver import drive, sampled

from .result import Decision
from .setup import (check_models, hand_setup, kitty_size, make_contracts, makers_chances, population,
                    weakest_first)
from .summary import contract_ranges, summarise
from .tables import (ask_game, check_game, game_upcard, legal_actions, parse_game_seat, seen_bids,
                     value_range)


def discard_decision(hand, upcard, rules: Rules = NORTH_AMERICAN, *, maker="dealer", alone: bool = False,
                     samples: int = 10000, target_se: float | None = None, seed: int | None = None,
                     model: str = DEFAULT_PLAY_MODEL, infer: bool = True, workers: int | None = None,
                     bidding: BiddingModel | None = None, progress=None, score=None) -> Decision:
    """The dealer holding six cards (the upcard among them): the value of each discard.

    ``maker`` is the seat that ordered the dealer up (the dealer itself by
    default); ``alone`` when that seat went alone.
    """
    rules = Rules.from_json(rules)
    check_models(model, None, rules, reading=True)
    m = parse_seat(maker)
    cards, hmask = hand_setup(hand, rules, size=rules.hand_size + 1)
    up = upcard if isinstance(upcard, int) else parse_card(upcard, rules.deck_obj)
    if not (hmask >> up) & 1:
        raise DecisionInputError(
            f"the upcard {card_name(up)!r} must be among the dealer's {rules.hand_size + 1} cards")
    if up == JOKER:
        raise DecisionInputError("with the Joker up the dealer names trump: pass it with --trump (not "
                                 "supported by discard yet); name a suited upcard")
    if alone and m == 1:
        raise DecisionInputError("the dealer's partner went alone: the dealer sits out and does not discard")
    up_suit = up >> 3
    seed = resolve_seed(seed)
    game = game_state(rules, score, DEALER, model, bidding)
    bidding, pop_name, pop_note = population(bidding, rules)
    auction = Auction(rules, bidding, up)
    k = Knowledge(rules.deck_obj.mask)
    k.need = [rules.hand_size] * 3 + [0, kitty_size(rules) - 1]
    k.known[DEALER] = hmask
    dealer = Dealer(k)
    ev = Evaluator(rules, model, DEALER, workers, auction=auction if model in READING_MODELS else None,
                   shared_lead=True)
    choices = weakest_first([c for c in cards if may_discard(rules, c, up)], up_suit)
    before = range(m) if m != DEALER else range(3)

    def likelihood(hands):
        w = np.ones(len(hands))
        for s in before:
            w *= 1.0 - auction.p_round_one(hands, s)[0]
        if m != DEALER:  # the maker ordered the dealer up (alone or not, as the question says)
            p, pa = auction.p_round_one(hands, m)
            if alone_with_the_call(rules) and not order_must_go_alone(rules, m):
                p = p * (pa if alone else 1.0 - pa)
            w *= p
        return w

    defends = (m & 1) != (DEALER & 1)

    def play(rng, hands):
        n = len(hands)
        passed = np.zeros((n, 4), dtype=bool)
        passed[:, list(before)] = True
        decl = int(rng.integers(2**62))  # every discard on common random numbers (see play_options)
        cs = []
        for d in choices:
            h = hands.copy()
            h[:, DEALER] = np.uint64(hmask & ~(1 << d))
            c = make_contracts(h, up_suit, m, alone)
            c.up_known = np.full(n, up)
            c.discard = np.full(n, d)
            c.def_alone = auction.defender_alone(h, c.trump, c.maker, c.alone, passed, np.random.default_rng(decl))
            cs.append(c)
        outs = ev.play_options(cs, rng)
        if defends:  # P(make), P(march), P(euchred) are the makers' chances, whoever asks
            outs = [makers_chances(rules, c, o) for c, o in zip(cs, outs)]
        return {card_name(d): o for d, o in zip(choices, outs)}

    chunk = sampled(lambda rng, k: dealer.sample(k, rng)[:, :4].copy(), likelihood if infer else None, play)
    outcomes, w, info = drive(seed, samples, target_se, chunk, progress)
    options, diffs, rec, close = summarise(outcomes, w, rules.hand_size, game=game, limit=hand_point_limit(rules),
                                            sampling=info, ranges=contract_ranges(rules, outcomes, DEALER, m, alone))
    inputs = {"hand": " ".join(card_name(c) for c in cards), "upcard": card_name(up),
              "maker": SEAT_NAMES[m], "alone": alone, "side": "defenders" if defends else "makers"}
    game_inputs(inputs, game)
    return Decision("discard", inputs, rules, seed, info.played, model, options, diffs, rec, close, None,
                    infer, info.effective, target_se=target_se, sampling=info, bidding=pop_name, population=pop_name,
                    others_note=pop_note)




def game_discard_decision(hand, upcard, rules: Rules, *, maker="dealer", samples: int = 10000,
                          seed: int | None = None, model: str | None = None, infer: bool = True,
                          workers: int | None = None, target_se: float | None = None, progress=None,
                          bidder: dict | None = None, alone: bool = False) -> Decision:
    """The dealer of a two-, three- or six-handed game holding its cards and the upcard: the value of
    each discard.  ``maker`` is the seat that ordered the upcard up (the dealer itself by default;
    six-handed, ``alone``: it ordered alone, and a lone partner of the dealer leaves the card);
    with ``infer`` the deals are those on which the seats before it passed and it ordered."""
    rules = Rules.from_json(rules)
    model = check_game(rules, model, "hand")
    dealer = rules.players - 1
    m = parse_game_seat(maker, rules.seating)
    cards = parse_cards(hand, rules.deck_obj, size=rules.hand_size + 1)
    up = parse_card(upcard, rules.deck_obj) if not isinstance(upcard, int) else upcard
    hmask = cards_to_mask(cards)
    up = held_copy(up, hmask)
    if not (hmask >> up) & 1:
        raise DecisionInputError(f"the upcard {card_name(up)!r} must be among the dealer's {rules.hand_size + 1} "
                                 "cards")
    game_upcard(up, rules, 0)
    inputs = {"hand": " ".join(card_name(c) for c in cards), "upcard": card_name(up),
              "maker": rules.seating.names[m]}
    if alone:
        if not rules.seating.partnerships:
            raise DecisionInputError(f"alone: nobody goes alone in {game_name(rules)}")
        if m != dealer and rules.seating.same_side(m, dealer):
            raise DecisionInputError(f"{rules.seating.names[m]} ordered alone: the dealer, its partner, sits out and "
                                     "takes nothing up, so there is no discard")
        inputs["alone"] = True
    r = value_range(rules, rules.seating.same_side(m, dealer), alone)
    return ask_game("discard", rules, dealer, hmask & ~(1 << up), up, seen_bids(["pass"] * m + ["order alone" if alone
                                                                                          else "order"], dealer,
                                                                           rules.players),
                legal_actions, inputs, lambda k: r, samples=samples, seed=resolve_seed(seed), model=model,
                workers=workers, infer=infer, pass_model="hand", target_se=target_se, progress=progress, bidder=bidder)
