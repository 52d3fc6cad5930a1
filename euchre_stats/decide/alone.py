"""The question asked after trump is made: "should I go alone?".

Two askers: a member of the making side where alone is declared before the lead (British:
"my partner made it, should I go alone?", or the maker itself then), and a defender where
defending alone is allowed ("should I defend alone?").  Both options are played on the same
sampled deals; the deals are weighted by what the auction showed (who passed, who made trump
and in which round, whether the upcard was taken) under the bidding model, and the players
still to declare after the asker decide by that model too.  Prints nothing.
"""

from __future__ import annotations

import numpy as np

from ..bidding.auction import Auction
from ..bidding.model import BiddingModel
from ..core.cards import JOKER, card_name, parse_card, trump_letter
from ..core.errors import DecisionInputError
from ..core.seats import DEALER, SEAT_NAMES, parse_seat, partner_of
from ..cardplay.contracts import DEFAULT_PLAY_MODEL, READING_MODELS, Contracts, Evaluator, Outcome
from ..rules import (hand_point_limit, NORTH_AMERICAN, Rules, dealer_picks_up, why_no_alone_before_lead,
                     why_no_defend_alone)
from ..sampling.dealer import KITTY, Dealer, Knowledge
from ..sampling.seeds import resolve_seed
from .inference import auction_weights
from .at_score import game_inputs, game_state
from .driver import drive, sampled
from .result import Decision
from .setup import check_models, hand_setup, kitty_size, contract_trump, population
from .summary import summarise, contract_range, contract_ranges


def alone_decision(hand, trump, maker, seat, rules: Rules = NORTH_AMERICAN, *, up=None, maker_alone: bool = False,
                   samples: int = 10000, target_se: float | None = None, seed: int | None = None,
                   model: str = DEFAULT_PLAY_MODEL, infer: bool = True, workers: int | None = None,
                   bidding: BiddingModel | None = None, progress=None, score=None) -> Decision:
    """Going alone or not, once trump is made and before the lead.

    Parameters
    ----------
    hand : the asker's cards as they are now (the dealer's after its discard)
    trump : the trump suit (``"h"``...)
    maker : the seat that made trump (``eldest|partner|third|dealer`` or 1-4)
    seat : the asker: the maker or its partner (alone declared before the lead, British timing),
        or a defender (``defend_alone``)
    up : the upcard, when known: trump of its suit was made in round one (the dealer took it up),
        another suit in round two (it was turned down); without it the upcard is unknown and the
        trump taken as named in round two
    maker_alone : for a defender's question, whether the maker went alone
    Other parameters (``score`` too) as :func:`euchre_stats.decide.order.order_decision`.

    Options: ``"with partner"`` and ``"alone"`` (a maker's side), or ``"defend with partner"``
    and ``"defend alone"``; values are points for the asker's side.
    """
    rules = Rules.from_json(rules)
    check_models(model, None, rules, reading=True)
    t = contract_trump(trump, rules)
    m, asker = parse_seat(maker), parse_seat(seat)
    cards, hmask = hand_setup(hand, rules)
    defending = (asker & 1) != (m & 1)
    if defending:
        why = why_no_defend_alone(rules, asker, m, maker_alone, False)
        if why is not None:
            raise DecisionInputError(f"seat {SEAT_NAMES[asker]!r} cannot defend alone: {why}")
    else:
        if maker_alone:
            raise DecisionInputError("maker_alone is for a defender's question: a maker's side that is already "
                                     "alone has nothing left to declare")
        why = why_no_alone_before_lead(rules, asker, m, False)
        if why is not None:
            raise DecisionInputError(f"seat {SEAT_NAMES[asker]!r} cannot declare alone now: {why}; ask "
                                     "`order` or `call`, whose options include going alone")
    upc = None if up is None else (up if isinstance(up, int) else parse_card(up, rules.deck_obj))
    if upc == JOKER:
        raise DecisionInputError("with the Joker turned up only the dealer decides: ask `order` from the "
                                 "dealer's seat")
    if upc is not None and (hmask >> upc) & 1 and not (asker == DEALER and upc >> 3 == t):
        raise DecisionInputError(f"the upcard {card_name(upc)!r} is also in the hand")
    round_one = upc is not None and upc >> 3 == t
    if upc is not None and not round_one and (hmask >> upc) & 1:
        raise DecisionInputError(f"the turned-down card {card_name(upc)!r} is also in the hand")
    seed = resolve_seed(seed)
    game = game_state(rules, score, asker, model, bidding)
    bidding, pop_name, pop_note = population(bidding, rules)
    auction = Auction(rules, bidding, upc if upc is not None else 0, t if upc is None else None)
    if model in READING_MODELS and upc is None:
        raise DecisionInputError(f"play model {model} reads the auction: give the upcard (--up)")
    ev = Evaluator(rules, model, asker, workers, auction=auction if model in READING_MODELS else None,
                   shared_lead=True)
    lone_maker = maker_alone and defending
    # the dealer took the upcard up unless it sits out behind a partner who went alone with the call
    picked = round_one and bool(dealer_picks_up(rules, m, lone_maker))
    dealer = Dealer(_knowledge(rules, asker, hmask, upc, round_one, picked))
    passed = np.zeros((1, 4), dtype=bool)
    passed[0, :m] = True  # in either round, the seats before the maker passed in the round trump was made
    first_defender = min(s for s in range(4) if (s & 1) != (m & 1))

    def likelihood(hands):
        return auction_weights(auction, hands, m, t, round_one, upc, asker,
                               partner_declined=not defending and asker != m)

    def play(rng, hands):
        n = len(hands)
        hands = hands.copy()
        if lone_maker:
            hands[:, partner_of(m)] = 0
        pas = np.repeat(passed, n, axis=0)
        outs: dict[str, Outcome] = {}
        for alone in (False, True):
            c = Contracts(hands.copy(), np.full(n, t), np.full(n, m), np.full(n, lone_maker),
                          np.full(n, -1), np.full(n, upc if picked else -1))
            if defending:
                if alone:
                    c.def_alone = np.full(n, asker)
                else:  # the other defender, if still to be asked, decides by the count
                    later = [s for s in range(asker + 1, 4) if (s & 1) != (m & 1)]
                    c.def_alone = auction.defender_alone(hands, c.trump, c.maker, c.alone, pas, rng, seats=later)
                name = "defend alone" if alone else "defend with partner"
            else:
                if alone:
                    c.maker, c.alone = np.full(n, asker), np.ones(n, dtype=bool)
                elif asker == m:  # the maker declines: its partner may still declare
                    c.maker, c.alone, _ = auction.declare_alone(hands, c.trump, c.maker, c.alone, pas,
                                                                np.full(n, round_one), rng, roles=(2,))
                c.def_alone = auction.defender_alone(hands, c.trump, c.maker, c.alone, pas, rng,
                                                     seats=range(first_defender, 4))
                name = "alone" if alone else "with partner"
            outs[name] = ev.play(c, rng)
        return outs

    chunk = sampled(lambda rng, k: dealer.sample(k, rng)[:, :4].copy(), likelihood if infer else None, play)
    outcomes, w, info = drive(seed, samples, target_se, chunk, progress)
    ranges = {a: contract_ranges(rules, {a: None}, asker, asker if a == "alone" else m,
                                 a == "alone" or bool(lone_maker), asker if a == "defend alone" else None)[a]
              for a in outcomes}
    if "with partner" in ranges and asker != m and not lone_maker:
        # the maker's partner keeps the maker's partnership: nobody is asked after it, so the contract is
        # settled as not alone (its points at most the makers' march)
        ranges["with partner"] = contract_range(rules, True, False, None)
    options, diffs, rec, close = summarise(outcomes, w, rules.hand_size, game=game, limit=hand_point_limit(rules),
                                            sampling=info, ranges=ranges)
    inputs = {"hand": " ".join(card_name(c) for c in cards), "trump": trump_letter(t), "maker": SEAT_NAMES[m],
              "seat": SEAT_NAMES[asker], "up": None if upc is None else card_name(upc),
              "round": 1 if round_one else 2, "maker_alone": bool(lone_maker)}
    game_inputs(inputs, game)
    return Decision("alone", inputs, rules, seed, info.played, model, options, diffs, rec, close, "hand", infer,
                    info.effective, target_se=target_se, sampling=info, bidding=pop_name, population=pop_name,
                    others_note=pop_note)


def _knowledge(rules: Rules, asker: int, hmask: int, upc: int | None, round_one: bool,
               picked: bool | None = None) -> Knowledge:
    """What the asker knows: its hand, and the upcard (in the dealer's hand after a round-one
    call, on the kitty after being turned down, or left there by a dealer who sits out behind a
    partner alone with the call: ``picked`` False; None: taken up whenever ``round_one``)."""
    picked = round_one if picked is None else picked
    k = Knowledge(rules.deck_obj.mask)
    k.need = [rules.hand_size] * 4 + [kitty_size(rules)]
    k.need[asker] = 0
    k.known[asker] = hmask
    if upc is not None:
        if picked and asker != DEALER:
            k.place(DEALER, upc)
        elif not picked:
            k.place(KITTY, upc)
    return k
