"""Round one, "should I order up this hand?": pass, order up (pick up, for the dealer) and order alone,
from any seat at any table.

Every option is evaluated on the *same* sampled deals (common random numbers), so differences between
options are measured far more precisely than the options themselves.  Values are points for the
asking player's side minus points for the other side in this hand.  With ``infer`` the samples are
weighted by how likely the passes already made are under the bidding model (self-normalised
importance sampling); the effective sample size is reported.  Play is realistic (every player picks
each card from worlds sampled from its own information) or double-dummy (``dd``).

The four-handed game runs vectorised (:func:`order_decision`); the two-, three- and six-handed games
through the state machine (:func:`game_order_decision`, :mod:`.tables`).
"""

from __future__ import annotations

import numpy as np

from ..bidding.auction import Auction, dealer_pickup
from ..bidding.model import BiddingModel
from ..core.cards import JOKER, card_name, cards_to_mask, parse_cards, parse_suit
from ..core.errors import DecisionInputError
from ..core.seats import DEALER, SEAT_NAMES, parse_seat
from ..game.state import HandState
from ..cardplay.contracts import DEFAULT_PLAY_MODEL, Evaluator, Outcome, discards_of
from ..rules import (hand_point_limit, NORTH_AMERICAN, Rules, dealer_picks_up, joker_up_names_trump,
                     joker_up_offers_named_suit, may_discard, may_take_up, order_must_go_alone)
from ..sampling.dealer import Dealer
from ..sampling.seeds import resolve_seed
from .at_score import game_inputs, game_state
from .branches import explain_pass
from .driver import drive, sampled, uniform
from .inference import round_one_likelihood
from .result import Decision
from .setup import (DiscardScreen, check_models, hand_setup, make_contracts, others_policy, own_bids, pass_outcome,
                    pick_discards, rest_declares, round_knowledge, seat_models, upcard_of, weakest_first)
from .summary import option_ranges, summarise
from .tables import (ask_game, bid_ranges, check_game, game_upcard, parse_game_seat, seen_bids,
                     state_actions)


def round_one_outcomes(rules: Rules, auction: Auction, ev: Evaluator, hands: np.ndarray, up: int, asker: int,
                       rng, *, pass_model: str, bidding: BiddingModel, workers,
                       may_order: bool, may_alone: bool, discards) -> dict[str, Outcome]:
    """Round one on sampled ``hands`` (already conditioned on the auction): the outcome of pass,
    order and order alone.

    ``discards`` are the dealer's candidates (when the asker is the dealer): pairs
    ``(key, card per row)``, evaluated as options ``"order|key"`` / ``"order alone|key"``
    for :func:`pick_discards`; a dict ``{"order": pairs, "order alone": pairs}`` gives each action its own
    (the discards still played after :class:`~euchre_stats.decide.setup.DiscardScreen`'s screening); a card
    ``-1`` leaves that row of the option unplayed (no contract: a table's class that dropped the discard).
    Shared by :func:`order_decision` and the strategy tables.
    The suit on offer is ``auction.up_suit`` (the upcard's, or the Almonte naming).  Under British
    timing "order alone" means ordering and then declaring alone before the lead.
    """
    n = hands.shape[0]
    up_suit = auction.up_suit
    outs: dict[str, Outcome] = {}
    outs["pass"] = pass_outcome(pass_model, auction, hands, 1, asker + 1, rng, ev, rules, asker, bidding,
                                 workers)
    passed = np.zeros((n, 4), dtype=bool)
    passed[:, :asker] = True
    for action, alone, allowed in (("order", False, may_order), ("order alone", True, may_alone)):
        if not allowed:
            continue
        if asker == DEALER:
            # every discard on the same deals, the others' declarations and the play on common random numbers
            decl = int(rng.integers(2**62))
            cs = []
            mine = discards[action] if isinstance(discards, dict) else discards
            for key, card in mine:
                h = hands.copy()
                real = card >= 0   # a row screened out of this discard (a table's class) does not play it
                drop = np.where(real, card, up).astype(np.int64)
                h[:, DEALER] = (h[:, DEALER] | np.uint64(1 << up)) & ~(np.uint64(1) << drop.astype(np.uint64))
                c = make_contracts(h, up_suit, asker, alone)
                c.up_known = np.full(n, up)
                c.discard = drop
                c = rest_declares(auction, c, passed, True, np.random.default_rng(decl))
                if not real.all():
                    c.maker = np.where(real, c.maker, -1)
                cs.append(c)
            for (key, _), o in zip(mine, ev.play_options(cs, rng)):
                outs[f"{action}|{key}"] = o
            continue
        h = hands.copy()
        picks_up = bool(dealer_picks_up(rules, asker, alone))  # not behind a lone partner: the dealer sits out
        if picks_up:
            h[:, DEALER] = dealer_pickup(h[:, DEALER], up, rules, np.ones(n, dtype=bool), up_suit,
                                          auction.models[DEALER], deal=h)
        c = make_contracts(h, up_suit, asker, alone)
        if picks_up:
            c.up_known = np.full(n, up)
            c.discard = discards_of(hands[:, DEALER], h[:, DEALER], up, np.ones(n, dtype=bool))
        outs[action] = ev.play(rest_declares(auction, c, passed, True, rng), rng)
    return outs


#: the suit the dealer names over a Joker upcard when the question does not say (British blind naming):
#: before looking at the hand every suit is as good as another, so the choice is a convention
BLIND_NAMING_DEFAULT = 3  # spades


def order_decision(hand, upcard, seat, rules: Rules = NORTH_AMERICAN, *, samples: int = 10000,
                   target_se: float | None = None, seed: int | None = None, model: str = DEFAULT_PLAY_MODEL,
                   pass_model: str = "hand", infer: bool = True, workers: int | None = None,
                   bidding: BiddingModel | None = None, progress=None, named=None, score=None,
                   others=None) -> Decision:
    """Round one from any seat: pass, order up (pick up, for the dealer) and order up alone.

    Parameters
    ----------
    hand, upcard : cards as text (``"Jh Jd Ah 9s Tc"``, ``"9h"``) or ints
    seat : ``eldest|partner|third|dealer`` or ``1-4`` counted from the dealer's left
    rules : the table's :class:`~euchre_stats.rules.Rules`
    samples : number of sampled deals (the cap, with ``target_se``)
    target_se : stop early once every option's standard error is at most this
    seed : base seed (random when ``None``; the one used is in the result)
    model : play model, ``"dd"`` or ``"pimc"``
    pass_model : how a pass is valued: ``"hand"`` (bidding model), ``"zero"`` or ``"dd"``
    infer : weight deals by how likely the passes before the asker are
    workers : solver threads (results do not depend on it)
    score : ``"US-THEM"`` (e.g. ``"9-8"``): also each option's chance of winning the game, and the
        recommendation by that chance (the game target and win-by-two come from ``rules``)
    others : how the other three seats bid (a policy name, ``"guides"``..., a :class:`BiddingModel` or a
        model file's path), both when the rest of the auction is played out after a pass and when the
        passes seen are read (``infer``); ``bidding`` keeps the asker's own later bids (by default the
        default population too, :func:`~euchre_stats.decide.setup.own_bids`).  None: the default
        population (``shipped-v4``; ``shipped`` where it cannot bid,
        :func:`~euchre_stats.bidding.model.default_population`, the result saying why); with
        ``pass_model`` ``"dd"``, ``bidding`` for every seat
    named : with the Joker turned up, the suit the dealer named before looking (``"h"``...):
        under British blind naming the dealer's question is then only the discard and going
        alone (default :data:`BLIND_NAMING_DEFAULT`, any suit being as good before looking);
        under Almonte round one is on that suit (required)
    """
    rules = Rules.from_json(rules)
    check_models(model, pass_model, rules, reading=True)
    others_name, others_model, others_note = others_policy(others, pass_model, rules, bidding)
    asker = parse_seat(seat)
    cards, hmask = hand_setup(hand, rules)
    almonte = joker_up_offers_named_suit(rules)
    up = upcard_of(upcard, rules, hmask, joker_ok=joker_up_names_trump(rules) and (asker == DEALER or almonte))
    seed = resolve_seed(seed)
    game = game_state(rules, score, asker, model, bidding)
    bidding, own_name = own_bids(bidding, rules, pass_model)
    suit = None
    if named is not None and up != JOKER:
        raise DecisionInputError(f"--named {named!r} is for a Joker upcard; the upcard {card_name(up)!r} "
                                 "names its own suit")
    if up == JOKER:
        suit = BLIND_NAMING_DEFAULT if named is None else (named if isinstance(named, int) else parse_suit(named))
        if not almonte:
            return _joker_up_decision(cards, hmask, rules, suit, samples, target_se, seed, model, workers,
                                      bidding, progress, game, others_model, others_name, others_note, own_name)
        if named is None:
            raise DecisionInputError("the Joker is the upcard under Almonte: the dealer names the suit of "
                                     "round one first; give it with named (--named h)")
    auction = Auction(rules, seat_models(bidding, others_model, asker), up, suit)
    dealer = Dealer(round_knowledge(rules, asker, hmask, up))
    ev = Evaluator(rules, model, asker, workers, auction=auction, shared_lead=True)

    may_alone = bool(may_take_up(rules, asker, hmask, auction.up_suit))
    may_order = may_alone and not order_must_go_alone(rules, asker)
    dealer_discards = []
    if asker == DEALER:
        dealer_discards = weakest_first([c for c in cards + [up] if may_discard(rules, c, up)], auction.up_suit)

    screen = DiscardScreen({card_name(d): d for d in dealer_discards})

    def play(rng, hands):
        n = len(hands)
        discards = {a: [(name, np.full(n, card)) for name, card in screen.playing(a)] for a in screen.ACTIONS}
        return screen.fill(round_one_outcomes(rules, auction, ev, hands, up, asker, rng,
                                              pass_model=pass_model, bidding=bidding, workers=workers,
                                              may_order=may_order, may_alone=may_alone, discards=discards))

    like = (lambda hands: round_one_likelihood(auction, hands, asker)) if infer and asker > 0 else None
    chunk = screen.watching(sampled(lambda rng, m: dealer.sample(m, rng)[:, :4].copy(), like, play))
    outcomes, w, info = drive(seed, samples, target_se, chunk, progress)
    outcomes, extras = pick_discards(screen.kept(outcomes), w)
    options, diffs, rec, close = summarise(outcomes, w, rules.hand_size, extras, game, hand_point_limit(rules), info,
                                            option_ranges(rules, outcomes, asker, round_one=True, hand=hmask, up=up))
    branches = explain_pass(outcomes, w, asker, rules, info, hand_point_limit(rules), hmask, up)
    inputs = {"hand": " ".join(card_name(c) for c in cards), "upcard": card_name(up),
              "seat": SEAT_NAMES[asker]}
    if suit is not None:
        inputs["named"] = "cdhs"[suit]
    game_inputs(inputs, game)
    return Decision("order", inputs, rules, seed, info.played, model, options, diffs, rec, close, pass_model,
                    infer, info.effective, target_se=target_se, sampling=info, pass_branches=branches,
                    others=others_name, others_note=others_note, bidding=own_name)


def _joker_up_decision(cards, hmask, rules, suit, samples, target_se, seed, model, workers, bidding,
                       progress, game=None, others=None, others_name=None, others_note=None,
                       own_name=None) -> Decision:
    """The Joker turned up under British rules: the dealer named ``suit`` trump before looking at
    the hand; now, having seen it, the dealer discards and decides whether to go alone.

    Options are playing with the partner or alone, each with the discard that does best over the
    sampled deals.  Under British timing the partner may still declare alone (bidding model)
    when the dealer does not, and the defenders may then defend alone.
    """
    auction = Auction(rules, seat_models(bidding, others, DEALER), JOKER, suit)
    dealer = Dealer(round_knowledge(rules, DEALER, hmask, JOKER))
    ev = Evaluator(rules, model, DEALER, workers, auction=auction, shared_lead=True)
    six = cards + [JOKER]
    discards = weakest_first([c for c in six if may_discard(rules, c, JOKER)], suit)

    def play(rng, hands):
        n = len(hands)
        passed = np.zeros((n, 4), dtype=bool)
        outs: dict[str, Outcome] = {}
        for alone in (False, True):
            decl = int(rng.integers(2**62))  # every discard on common random numbers (see play_options)
            cs = []
            for d in discards:
                h = hands.copy()
                h[:, DEALER] = np.uint64(cards_to_mask(six) & ~(1 << d))
                c = make_contracts(h, suit, DEALER, alone)
                c.up_known = np.full(n, JOKER)
                c.discard = np.full(n, d)
                cs.append(rest_declares(auction, c, passed, True, np.random.default_rng(decl)))
            for d, o in zip(discards, ev.play_options(cs, rng)):
                outs[f"{'alone' if alone else 'with partner'}|{card_name(d)}"] = o
        return outs

    chunk = uniform(lambda rng, m: dealer.sample(m, rng)[:, :4].copy(), play)
    outcomes, w, info = drive(seed, samples, target_se, chunk, progress)
    outcomes, extras = pick_discards(outcomes, w)
    options, diffs, rec, close = summarise(outcomes, w, rules.hand_size, extras, game, hand_point_limit(rules), info,
                                            option_ranges(rules, outcomes, DEALER, round_one=True))
    inputs = {"hand": " ".join(card_name(c) for c in cards), "upcard": "Jk", "seat": "dealer",
              "named": "cdhs"[suit]}
    game_inputs(inputs, game)
    return Decision("order", inputs, rules, seed, info.played, model, options, diffs, rec, close, None, False,
                    info.effective, target_se=target_se, sampling=info, others=others_name,
                    others_note=others_note, bidding=own_name)




def game_order_decision(hand, upcard, seat, rules: Rules, *, samples: int = 10000, seed: int | None = None,
                        model: str | None = None, pass_model: str = "hand", infer: bool = True,
                        workers: int | None = None, target_se: float | None = None, progress=None,
                        bidder: dict | None = None) -> Decision:
    """Round one of a two-, three- or six-handed game from ``seat``: pass, or order the upcard up
    (pick it up, as the dealer, with the best discard over the sampled deals), or in six-handed
    order it alone (the loner's exchange with a partner made by the bidder)."""
    rules = Rules.from_json(rules)
    model = check_game(rules, model, pass_model)
    asker = parse_game_seat(seat, rules.seating)
    cards = parse_cards(hand, rules.deck_obj, size=rules.hand_size)
    hmask = cards_to_mask(cards)
    up = game_upcard(upcard, rules, hmask)
    dealer = rules.players - 1

    def options(s: HandState):
        out = []
        for a in state_actions(s):
            if a in ("order", "order alone") and asker == dealer:
                t = s.copy()
                t.apply(a)
                out += [(f"{a}|{c}", [a, c]) for c in state_actions(t)]
            else:
                out.append((a, [a]))
        return out

    inputs = {"hand": " ".join(card_name(c) for c in cards), "upcard": card_name(up),
              "seat": rules.seating.names[asker]}
    return ask_game("order", rules, asker, hmask, up, seen_bids(["pass"] * asker, asker, rules.players), options,
                    inputs, bid_ranges(rules), samples=samples, seed=resolve_seed(seed), model=model, workers=workers,
                infer=infer, pass_model=pass_model, target_se=target_se, progress=progress, bidder=bidder)
