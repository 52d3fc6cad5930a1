"""Which card to lead, at the first trick or after the tricks played so far, at any table.

The four-handed game vectorised (:func:`lead_decision`; :func:`replay_tricks` checks the tricks given);
the other tables through the state machine (:func:`game_lead_decision`): six-handed contracts played
on six seats (:func:`~euchre_stats.cardplay.contracts.six_maker_tricks`, the lead by
:func:`~euchre_stats.cardplay.realistic_seats.lead_values_seats` or the six-seat solver); against a lone
maker the first lead's deals are screened by the whole auction and the loner's exchange, replayed
from hands as dealt.
"""

from __future__ import annotations

import numpy as np

from ..bidding.auction import Auction
from ..bidding.games import finish_auction
from ..bidding.model import BiddingModel
from ..core.bits import held_copy
from ..core.cards import JOKER, card_name, card_suit, card_twin, cards_to_mask, parse_card, parse_cards, trump_letter
from ..core.errors import DecisionInputError, DuplicateCardError
from ..core.seats import DEALER, SEAT_NAMES, parse_seat
from ..core.trump import EFF_SUIT, SUIT_MASK, touching_classes, trick_winner_index
from ..game.policies import best_discard
from ..cardplay.contracts import DEFAULT_PLAY_MODEL, READING_MODELS, Outcome
from ..rules import (hand_point_limit, game_name, NORTH_AMERICAN, Rules, alone_with_the_call, first_leader,
                     hand_points_array, lone_defence_possible, may_discard, order_must_go_alone, sitting_out,
                     why_no_alone_before_lead, why_no_defend_alone)
from ..sampling.dealer import KITTY, Knowledge
from ..sampling.seeds import resolve_seed
from .at_score import game_inputs, game_state
from .driver import drive, sampled
from .inference import auction_weights
from .result import Decision
from .setup import check_models, contract_trump, dealer_for, hand_setup, kitty_size, population
from .summary import contract_ranges, summarise
from .tables import (bidder_for, check_game, deal_game, fits_bids, free_copy, game_values, hand_state, kept_deals,
                     nobody_alone_after, parse_game_seat, replay_game_tricks, seen_bids, spare_cards, value_range,
                     value_unit)


def replay_tricks(rules: Rules, trump: int, first_leader_seat: int, active: list[bool],
                  tricks: list[list[int]], own_seat: int, own_hand: int):
    """Replay earlier tricks: who played what, voids shown, tricks won by side, and the next leader.

    The asking player's own plays are checked against their hand (they must
    have followed suit); the others' failures to follow reveal voids.
    """
    n_active = sum(active)
    orders, leader = [], first_leader_seat
    for t_i, trick in enumerate(tricks):
        order, s = [], leader
        while len(order) < n_active:
            if active[s]:
                order.append(s)
            s = (s + 1) & 3
        if len(trick) != n_active:
            raise DecisionInputError(
                f"trick {t_i + 1} ({' '.join(card_name(c) for c in trick)}) has {len(trick)} "
                f"card{'s' if len(trick) != 1 else ''}; "
                f"{n_active} players play to each trick")
        orders.append(order)
        leader = order[trick_winner_index(trick, trump)]
    own_cards = [dict(zip(order, trick)).get(own_seat) for order, trick in zip(orders, tricks)]
    played_by = [0] * 4
    voids = [0] * 5
    won = [0, 0]
    for t_i, (order, trick) in enumerate(zip(orders, tricks)):
        led = int(EFF_SUIT[trump, trick[0]])
        held = own_hand
        for c in own_cards[t_i:]:
            if c is not None:
                held |= 1 << c
        for seat, card in zip(order, trick):
            played_by[seat] |= 1 << card
            if int(EFF_SUIT[trump, card]) == led:
                continue
            if seat == own_seat and held & int(SUIT_MASK[trump, led]):
                raise DecisionInputError(
                    f"in trick {t_i + 1} you played {card_name(card)!r} without following the led "
                    f"suit, which your hand held")
            voids[seat] |= 1 << led
        won[order[trick_winner_index(trick, trump)] & 1] += 1
    return played_by, voids, won, leader


def lead_decision(hand, trump, maker, seat, rules: Rules = NORTH_AMERICAN, *, tricks=(), up=None,
                  alone: bool = False, defender_alone=None, discard=None, samples: int = 10000,
                  target_se: float | None = None, seed: int | None = None, model: str = DEFAULT_PLAY_MODEL,
                  workers: int | None = None, progress=None, pimc_worlds: int = 24, infer: bool = True,
                  bidding: BiddingModel | None = None, score=None, alone_seat=None) -> Decision:
    """The player on lead: expected points for their side (expected tricks beside them), and the
    makers' P(make), P(march) and P(euchred), for each legal card.

    Parameters
    ----------
    hand : the cards the leader holds now
    trump : the trump suit (``"h"``), or ``"n"`` for no trump (rules with ``no_trump``: made in round two)
    maker : seat that fixed trump (``eldest|partner|third|dealer`` or 1-4)
    seat : the leader's seat
    tricks : earlier tricks, each a string of its cards in play order from its leader
    up : the upcard: of the trump suit, the dealer took it up in round one (it is then known to be in
        the dealer's hand until played; a dealer sitting out behind a lone partner leaves it on the
        kitty); of another suit, it was turned down and trump named in round two
    infer : weight the deals by the auction the upcard implies (the passes before the maker, the
        maker's call and its round) under the bidding model; with no upcard given there is none
    alone : the maker went alone; ``defender_alone`` : seat of a lone defender
    alone_seat : the making side's loner when it is not the maker: under British timing
        (``alone_declared="before_lead"``) the maker's partner may declare alone after the maker
        declined; implies ``alone``
    discard : the dealer's discard, when the leader is the dealer and remembers it
    """
    rules = Rules.from_json(rules)
    check_models(model, None, rules, reading=True)
    deck = rules.deck_obj
    t = contract_trump(trump, rules)
    m = parse_seat(maker)
    asker = parse_seat(seat)
    lone = m
    if alone_seat not in (None, ""):
        lone = parse_seat(alone_seat)
        if lone != m:
            why = why_no_alone_before_lead(rules, lone, m, lone < m)
            if why is not None:
                raise DecisionInputError(f"seat {SEAT_NAMES[lone]!r} cannot have gone alone behind the maker "
                                         f"{SEAT_NAMES[m]!r}: {why}")
        alone = True
    da = None if defender_alone in (None, "") else parse_seat(defender_alone)
    if da is not None:
        why = why_no_defend_alone(rules, da, m, alone, False)
        if why is not None:
            raise DecisionInputError(f"seat {SEAT_NAMES[da]!r} cannot defend alone: {why}")
    out = sitting_out(lone if alone else None, da)
    active = [not (out >> s) & 1 for s in range(4)]
    if not active[asker]:
        raise DecisionInputError(f"seat {SEAT_NAMES[asker]!r} sits out this hand and cannot lead")
    trick_cards = [parse_cards(x, deck) for x in tricks]
    played = [c for tr in trick_cards for c in tr]
    if len(set(played)) != len(played):
        dup = next(c for c in played if played.count(c) > 1)
        raise DecisionInputError(f"card {card_name(dup)!r} is played twice in the tricks given")
    k_done = len(trick_cards)
    left = rules.hand_size - k_done
    if left < 1:
        raise DecisionInputError(f"{k_done} trick{'' if k_done == 1 else 's'} given: no trick is left to lead to")
    cards, hmask = hand_setup(hand, rules, size=left)
    for c in played:
        if (hmask >> c) & 1:
            raise DecisionInputError(f"card {card_name(c)!r} is both in the hand and already played")
    leader0 = first_leader(rules, DEALER, lone if alone else None, da)
    played_by, voids, won, leader = replay_tricks(rules, t, leader0, active, trick_cards, asker, hmask)
    if leader != asker:
        raise DecisionInputError(
            f"after the tricks given it is {SEAT_NAMES[leader]}'s lead, not {SEAT_NAMES[asker]}'s")
    upc = None
    if up is not None:
        upc = up if isinstance(up, int) else parse_card(up, deck)
        if upc == JOKER:
            raise DecisionInputError("a Joker upcard: give the hand's trump and leave out --up (the dealer "
                                     "took the Joker)")
    round_one = upc is not None and upc >> 3 == t
    # behind a lone partner the dealer sits out and leaves the upcard on the kitty, as a card turned down
    taken = round_one and active[DEALER]
    k = Knowledge(deck.mask, trump=t)
    k.gone = cards_to_mask(played)
    k.known[asker] = hmask
    k.need = [left if active[s] else rules.hand_size for s in range(4)] + [kitty_size(rules)]
    k.need[asker] = 0
    k.voids = [voids[s] if active[s] else 0 for s in range(4)] + [0]
    if upc is not None and not taken:  # turned down (or left by a dealer sitting out): it lies on the kitty
        if (hmask >> upc) & 1 or (k.gone >> upc) & 1:
            what = "turned-down card" if not round_one else "upcard (the dealer sits out and left it)"
            raise DecisionInputError(f"the {what} {card_name(upc)!r} is on the kitty but is "
                                     "also in the hand or played")
        k.place(KITTY, upc)
    if taken and not (played_by[DEALER] >> upc) & 1 and asker != DEALER:
        if (hmask >> upc) & 1 or (k.gone >> upc) & 1:
            raise DecisionInputError(f"the upcard {card_name(upc)!r} was taken by the dealer but is "
                                     "elsewhere")
        k.place(DEALER, upc)
    dc = -1 if discard is None else discard if isinstance(discard, int) else parse_card(discard, deck)
    if taken and asker == DEALER and not ((hmask | played_by[DEALER]) >> upc) & 1:
        if not may_discard(rules, upc, upc):
            raise DecisionInputError(f"you are the dealer and took up {card_name(upc)!r}: it must be in "
                                     "your hand or among your plays (the rules do not let you discard it)")
        if discard is None:  # nowhere else: you discarded it
            discard = dc = upc
        elif dc != upc:
            raise DecisionInputError(f"you are the dealer and took up {card_name(upc)!r}: it must be in "
                                     f"your hand, among your plays or your discard (not {card_name(dc)!r})")
    if discard is not None:
        if asker != DEALER:
            raise DecisionInputError("only the dealer knows the discard")
        k.place(KITTY, dc)
    dealer = dealer_for(k)
    seed = resolve_seed(seed)
    game = game_state(rules, score, asker, model, bidding)
    up_in_dealer = upc if round_one and (k.known[DEALER] >> upc) & 1 else -1
    auction = None
    pop_name = pop_note = None
    if infer and upc is not None:
        pop_model, pop_name, pop_note = population(bidding, rules)
        auction = Auction(rules, pop_model, upc)
    if model in READING_MODELS and auction is None:
        raise DecisionInputError(f"play model {model} reads the auction: give the upcard (--up) and keep the "
                                 "inference on")
    out_mask = sum(1 << s for s in range(4) if not active[s])
    legal = cards  # any card may be led
    # touching cards lead alike against every card still in play, whoever sees it: one is played
    # out and the run's other cards take its outcomes (equal in distribution, so any sampled
    # difference between them would be noise); the cards every player has seen gone bound a run
    public_gone = k.gone | (1 << upc if upc is not None and not taken else 0)
    runs = touching_classes(legal, t, deck.mask & ~hmask & ~public_gone)
    lead_of = {c: run[0] for run in runs for c in run}
    maker_side = m & 1
    ours = asker & 1
    prior_ours = won[ours]
    hs = rules.hand_size

    def likelihood(hands):  # the hands as they were in the bidding: now plus what each seat played
        dealt = hands | np.array(played_by, dtype=np.uint64)[None, :]
        return auction_weights(auction, dealt, m, t, round_one, upc, asker, partner_declined=lone != m)

    def play(rng, hands):
        n = len(hands)
        if out_mask:  # a seat sitting out keeps its dealt cards (the auction reads them) but plays none
            hands = hands.copy()
            hands[:, [s for s in range(4) if not active[s]]] = 0
        if model == "dd":
            from ..solver import card_values_many

            vals = card_values_many(hands, np.full(n, t), np.full(n, asker), np.full(n, out_mask, np.uint8),
                                    threads=workers)
        elif model in READING_MODELS:  # the play-outs read the auction: the hands as dealt are now + played
            from ..cardplay.reading import MORE_WORLDS, lead_values_reading

            vals, _ = lead_values_reading(rules, hands, t, asker, out_mask, lone, alone, -1 if da is None else da,
                                          seed=int(rng.integers(2**62)), models=auction.models, upcard=upc,
                                          made_in=1 if round_one else 2, worlds=pimc_worlds,
                                          loner_worlds=MORE_WORLDS if model == "realistic-v4" else 1,
                                          threads=workers, voids=voids[:4], gone=k.gone, up_known=up_in_dealer,
                                          won=won[0], cards=[run[0] for run in runs], discard=np.full(n, dc),
                                          played=played_by)
            vals = vals[:, [lead_of.get(c, c) for c in range(vals.shape[1])]]
        else:
            from ..cardplay.realistic import lead_values_realistic

            vals, _ = lead_values_realistic(rules, hands, t, asker, out_mask, lone, alone, -1 if da is None else da,
                                            seed=int(rng.integers(2**62)), worlds=pimc_worlds, threads=workers,
                                            voids=voids[:4], gone=k.gone, up_known=up_in_dealer, won=won[0],
                                            cards=[run[0] for run in runs], discard=np.full(n, dc))
            vals = vals[:, [lead_of.get(c, c) for c in range(vals.shape[1])]]
        outs = {}
        for c in legal:
            our_total = prior_ours + vals[:, c].astype(np.int64)
            maker_tricks = our_total if maker_side == ours else hs - our_total
            mp, dp = hand_points_array(rules, maker_tricks, alone, da is not None)
            value = (mp - dp) if maker_side == ours else (dp - mp)
            # P(make), P(march), P(euchred) are the makers' chances, whoever asks
            outs[card_name(c)] = Outcome(value.astype(np.float64), mp > 0, maker_tricks == hs, dp > 0, our_total,
                                         our_total.astype(np.float64))
        return outs

    chunk = sampled(lambda rng, k: dealer.sample(k, rng)[:, :4].copy(),
                     likelihood if auction is not None else None, play)
    outcomes, w, info = drive(seed, samples, target_se, chunk, progress)
    ranges = contract_ranges(rules, outcomes, asker, lone, alone, da, settled=True)
    options, diffs, rec, close = summarise(outcomes, w, hs, game=game, limit=hand_point_limit(rules), sampling=info,
                                            ranges=ranges)
    for o in options:  # expected tricks beside the points
        o.extra["ev_tricks"] = o.extra.pop("ev_points")
        o.extra["ev_tricks_ci"] = o.extra.pop("ev_points_ci")
    inputs = {"hand": " ".join(card_name(c) for c in cards), "trump": trump_letter(t), "maker": SEAT_NAMES[m],
              "seat": SEAT_NAMES[asker], "alone": alone,
              **({"alone_seat": SEAT_NAMES[lone]} if lone != m else {}),
              "tricks": [" ".join(card_name(c) for c in tr) for tr in trick_cards],
              "up": card_name(upc) if upc is not None else None,
              "side": "makers" if maker_side == ours else "defenders"}
    game_inputs(inputs, game)
    touching = [[card_name(c) for c in reversed(run)] for run in runs if len(run) > 1] if model != "dd" else None
    return Decision("lead", inputs, rules, seed, info.played, model, options, diffs, rec, close, None,
                    auction is not None, info.effective, target_se=target_se, sampling=info,
                    touching=touching or None, bidding=pop_name, population=pop_name, others_note=pop_note)




def game_lead_decision(hand, trump, maker, seat, rules: Rules, *, tricks=(), up=None, samples: int = 10000,
                       seed: int | None = None, model: str | None = None, infer: bool = True,
                       workers: int | None = None, target_se: float | None = None, worlds: int | None = None,
                       progress=None, bidder: dict | None = None, alone: bool = False,
                       defender_alone=None) -> Decision:
    """The lead in a two-, three- or six-handed game: each card's expected points (tricks beside them;
    six-handed: double dummy; ``alone``: the maker went alone, its two partners sit out, and the
    deals are not screened by the auction, since the loner's exchange with a partner hides the
    hands as dealt; ``defender_alone``: six-handed, the seat of a defender who went alone under
    ``defend_alone``, its two partners sitting out; the deals are then not screened by the auction).

    ``tricks`` are the earlier tricks from eldest's first lead; ``up`` the upcard (of the trump
    suit: the dealer took it up; else turned down and trump named in round two).  With ``infer``
    and ``up`` the deals are those on which the point-count bidder makes the auction seen (the
    passes, then ``maker`` calling ``trump`` in its round) and, when the dealer took the upcard up,
    discards the card that left its hand (unseen: each deal is kept with the share of its kitty
    cards that fit, which is exact rejection sampling).  The asker's own bids are not checked.
    """
    from ..cardplay.realistic import DEFAULT_WORLDS
    from ..solver import game_seats

    rules = Rules.from_json(rules)
    model = check_game(rules, model, "hand")
    p, hs, deck, table = rules.players, rules.hand_size, rules.deck_obj, rules.seating
    dealer = p - 1
    t = contract_trump(trump, rules)
    m = parse_game_seat(maker, table)
    asker = parse_game_seat(seat, table)
    trick_cards, named = [], 0
    for x in tricks:  # in order: in the doubled pack a card named again is its second copy
        try:
            trick_cards.append(parse_cards(x, deck, taken=named))
        except DuplicateCardError as exc:
            raise DecisionInputError(f"tricks: {exc}") from None
        named |= cards_to_mask(trick_cards[-1])
    played = [c for tr in trick_cards for c in tr]
    if len(set(played)) != len(played):
        dup = next(c for c in played if played.count(c) > 1)
        raise DecisionInputError(f"card {card_name(dup)!r} is played twice in the tricks given")
    left = hs - len(trick_cards)
    if left < 1:
        raise DecisionInputError(f"{len(trick_cards)} trick{'' if len(trick_cards) == 1 else 's'} given: no trick is "
                                 "left to lead to")
    try:
        cards = parse_cards(hand, deck, size=left, taken=named)
    except DuplicateCardError as exc:
        raise DecisionInputError(f"hand: {exc} (counting the cards played)") from None
    hmask = cards_to_mask(cards)
    for c in played:
        if (hmask >> c) & 1:
            raise DecisionInputError(f"card {card_name(c)!r} is both in the hand and already played")
    if alone and not table.partnerships:
        raise DecisionInputError(f"alone: nobody goes alone in {game_name(rules)}")
    da = None if defender_alone in (None, "") else parse_game_seat(defender_alone, table)
    if da is not None:
        why = (why_no_defend_alone(rules, da, m, alone, False) if table.partnerships
               else f"nobody defends alone in {game_name(rules)}")
        if why is not None:
            raise DecisionInputError(f"seat {table.names[da]!r} cannot defend alone: {why}")
    sit = sum(1 << s for s in table.partners(m)) if alone else 0  # the loner's partners sit out
    if (sit >> asker) & 1:
        raise DecisionInputError(f"seat {table.names[asker]} sits out behind the lone maker "
                                 f"{table.names[m]}: it leads nothing")
    if da is not None:  # and a lone defender's
        sit |= sum(1 << s for s in table.partners(da))
        if (sit >> asker) & 1:
            raise DecisionInputError(f"seat {table.names[asker]} sits out behind the lone defender "
                                     f"{table.names[da]}: it leads nothing")
    first = first_leader(rules, dealer, m if alone else None, da)
    played_by, voids, won, leader = replay_game_tricks(rules, t, trick_cards, asker, hmask, sit, first)
    if leader != asker:
        raise DecisionInputError(f"after the tricks given it is {table.names[leader]}'s lead, not "
                                 f"{table.names[asker]}'s")
    upc = None if up is None else (up if isinstance(up, int) else parse_card(up, deck))
    if upc is not None and deck.doubled and card_twin(upc) >= 0:
        # which copy was turned up: the one the dealer holds or played, else one nobody holds or played
        mine = played_by[dealer] | (hmask if asker == dealer else 0)
        upc = held_copy(upc, mine) if mine >> upc & 1 or mine >> card_twin(upc) & 1 else \
            free_copy(upc, hmask | cards_to_mask(played))
    round_one = upc is not None and card_suit(upc) == t
    # the holders: the four-seat kernels' seats (a smaller game uses the first p) or the table's, then the kitty
    seats = 4 if table.four_seats else p
    kit = KITTY if table.four_seats else seats
    k = Knowledge.for_seats(deck.mask, seats, trump=t)
    k.gone = cards_to_mask(played)
    k.known[asker] = hmask
    # the kitty holds the cards no seat in play holds: a loner's partners' too
    k.need = ([left if s < p and s != asker and not (sit >> s) & 1 else 0 for s in range(seats)]
              + [deck.size - p * hs + hs * sit.bit_count()])
    k.voids = [voids[s] if s < p else 0 for s in range(seats)] + [0]
    up_known = -1
    if upc is not None:
        if round_one and (sit >> dealer) & 1:  # the dealer sits out behind a lone partner: no pick-up
            if (hmask >> upc) & 1 or (k.gone >> upc) & 1:
                raise DecisionInputError(f"the upcard {card_name(upc)!r} stays on the kitty (the dealer sits out) but "
                                         "is also in the hand or played")
            k.place(kit, upc)
        elif round_one:
            if asker == dealer:
                if not ((hmask | played_by[dealer]) >> upc) & 1:
                    raise DecisionInputError(f"you are the dealer and took up {card_name(upc)!r}: it must be in "
                                             "your hand or among your plays")
            elif not (played_by[dealer] >> upc) & 1:
                if (hmask >> upc) & 1 or (k.gone >> upc) & 1:
                    raise DecisionInputError(f"the upcard {card_name(upc)!r} was taken by the dealer but is "
                                             "elsewhere")
                k.place(dealer, upc)
                up_known = upc
        else:
            if (hmask >> upc) & 1 or (k.gone >> upc) & 1:
                raise DecisionInputError(f"the turned-down card {card_name(upc)!r} is on the kitty but is also in "
                                         "the hand or played")
            k.place(kit, upc)
    sampler = dealer_for(k)
    seed = resolve_seed(seed)
    # a loner's exchange with a partner hides the hands as dealt: with a loner the deals are screened
    # only at the first lead by a defender (not the dealer who took the card up), whole auctions and
    # exchanges replayed from hands as dealt (see ``lone_keep`` below); otherwise they are uniform
    lone_screen = (alone and da is None and infer and upc is not None and not trick_cards
                   and not table.same_side(asker, m) and not (round_one and asker == dealer))
    screen = infer and upc is not None and not alone and da is None
    inputs = {"hand": " ".join(card_name(c) for c in cards), "trump": trump_letter(t), "maker": table.names[m],
              "seat": table.names[asker]}
    if alone:
        inputs["alone"] = True
    if da is not None:
        inputs["defender_alone"] = table.names[da]
    policy, inputs = bidder_for(rules, bidder, inputs)
    # announcements after the call that the question's "nobody alone" must rule out
    after_call = table.partnerships and (not alone_with_the_call(rules) or lone_defence_possible(rules))
    if screen:
        bids = seen_bids(["pass"] * (m if round_one else p + m) + ["order" if round_one else trump_letter(t)], asker, p)
    where, out = game_seats(p, m) if table.four_seats else (list(range(p)), 0)
    w4 = np.asarray(where)
    out |= sum(1 << where[s] for s in range(p) if (sit >> s) & 1)  # a loner's partners sit out
    pb = np.array(played_by, dtype=np.uint64)

    def draw(rng, n):
        return sampler.sample(n, rng)

    def keep(row, rng):
        hands = row[:p].copy()
        if not screen:
            return hands
        dealt = hands | pb
        took = round_one and bool((int(dealt[dealer]) >> upc) & 1)  # the dealer took the upcard up
        if took and asker == dealer:  # its own bids are not checked: any card in place of the upcard
            dealt[dealer] = (dealt[dealer] & ~np.uint64(1 << upc)) | np.uint64(1 << spare_cards(rules, dealt, upc))
        if not took or asker == dealer:
            st = hand_state(rules, dealt, upc)
            if not fits_bids(st, policy, bids):
                return None
            # nobody went alone after the call (British timing, a lone defender): the bidder must not
            # have; when the dealer took the card up this is checked where the asker is the dealer
            if after_call and not nobody_alone_after(st, policy, asker):
                return None
            return hands
        # the dealer's hand as dealt held one unseen kitty card in place of the upcard, the card it then
        # discarded: every kitty card is as likely a priori, so the deal is kept with the share of them
        # for which the bidder makes the bids seen and then discards that card (exact rejection sampling)
        cur = int(dealt[dealer])
        dealt[dealer] = (dealt[dealer] & ~np.uint64(1 << upc)) | np.uint64(1 << spare_cards(rules, dealt, upc))
        others = bids[:-1] if m == dealer else bids  # bids whose seat is not the dealer's
        if not fits_bids(hand_state(rules, dealt, upc), policy, others):
            return None
        fit_mask, takes = _dealer_fits(cur, dealt)
        if m == dealer and not takes:
            return None
        kitty = int(row[kit])
        if not rng.random() * kitty.bit_count() < (fit_mask & kitty).bit_count():
            return None
        if after_call:  # nobody declared alone after the call: every fitting kitty card leaves the dealer
            d = fit_mask & kitty  # holding ``cur`` after its discard, so one of them stands for all
            d = (d & -d).bit_length() - 1
            dealt[dealer] = np.uint64((cur & ~(1 << upc)) | (1 << d))
            st = hand_state(rules, dealt, upc)
            if not (fits_bids(st, policy, bids) and nobody_alone_after(st, policy, asker)):
                return None
        return hands

    fits_cache: dict[int, tuple[int, bool]] = {}

    def _dealer_fits(cur: int, dealt) -> tuple[int, bool]:
        """For the dealer holding ``cur`` after the pick-up (the upcard in it or played): the mask of
        cards it would have discarded from ``cur`` and that card, and whether the bidder, dealt ``cur``
        without the upcard and with such a card, takes it up (the same for every one of them)."""
        if cur not in fits_cache:
            fit = 0
            for d in deck.cards:
                if not ((cur | (1 << upc)) >> d) & 1 and best_discard(cur | (1 << d), t) == d:
                    fit |= 1 << d
            takes = False
            if fit:
                h = dealt.copy()
                h[dealer] = np.uint64((cur & ~(1 << upc)) | (fit & -fit))
                st = hand_state(rules, h, upc)
                for _ in range(dealer):
                    st.apply("pass")
                takes = policy(st) == "order"
            fits_cache[cur] = (fit, takes)
        return fits_cache[cur]

    ours = bool(table.same_side(asker, m))
    maker_tricks_before = sum(won[s] for s in range(p) if table.same_side(s, m))
    wv = worlds or DEFAULT_WORLDS

    if lone_screen:
        # alone with the call (or the "I refuse" order); under British timing the maker calls and
        # then declares alone before the lead: the deal is kept when the bidder does so
        with_call = alone_with_the_call(rules) or (round_one and bool(order_must_go_alone(rules, m, dealer)))
        lone = " alone" if with_call else ""
        lone_bids = seen_bids(["pass"] * (m if round_one else p + m) + ["order" + lone if round_one else
                                                                   trump_letter(t) + lone], asker, p)

        def draw(rng, n):  # noqa: F811 - hands as dealt around the asker's, the upcard seen
            return deal_game(rng, n, rules, asker, hmask, 1 << upc)

        def keep(row, rng):  # noqa: F811 - the auction seen, then the dealer's discard and the loner's exchange
            st = hand_state(rules, row, upc)
            if not fits_bids(st, policy, lone_bids):
                return None
            finish_auction(st, policy)
            if st.alone != m or st.defender_alone is not None:  # the maker alone, nobody defending alone
                return None
            return np.array([h if st.active[x] else 0 for x, h in enumerate(st.hands)], dtype=np.uint64)

    def chunk(rng, n):
        rows, drawn = kept_deals(rng, n, draw, keep)
        if not rows:
            raise DecisionInputError(f"none of {drawn:,} sampled deals is consistent with the auction seen under "
                                     "the point-count bidder; use --no-infer")
        hands = np.array(rows, dtype=np.uint64).reshape(len(rows), p)
        nn = len(hands)
        if not table.four_seats:
            mine = None
            if model == "pimc":  # side 0 (seats 0, 2, 4) after each lead, realistic play from the same stream
                from ..cardplay.realistic_seats import lead_values_seats

                side0_before = sum(won[x] for x in range(p) if table.same_side(x, 0))
                v0 = lead_values_seats(rules, hands, t, asker, sit, m, alone, cards, seed=int(rng.integers(2**62)),
                                       worlds=wv, threads=workers, up_known=up_known, gone=k.gone, voids=voids,
                                       won=side0_before, defender_alone=da)
                mine = {c: (v0[:, c] if asker % 2 == 0 else left - v0[:, c]) for c in cards}
            return _six_lead_outcomes(rules, hands, t, asker, m, cards, ours, maker_tricks_before, left, sit,
                                      mine, alone, -1 if da is None else da), np.ones(nn), (drawn, float("inf"))
        four = np.zeros((nn, 4), dtype=np.uint64)
        for s in range(p):
            four[:, where[s]] = hands[:, s]
        if model == "dd":
            from ..solver import card_values_many

            vals = card_values_many(four, np.full(nn, t), np.full(nn, where[asker]), np.full(nn, out, np.uint8),
                                    threads=workers)
        else:
            from ..cardplay.realistic import lead_values_realistic

            vd = [0] * 4
            for s in range(p):
                vd[where[s]] = voids[s]
            side0 = sum(won[s] for s in range(p) if where[s] % 2 == 0)
            vals, _ = lead_values_realistic(rules, four, t, where[asker], out, where[m], bool(alone),
                                            -1 if da is None else where[da],
                                            seed=int(rng.integers(2**62)), worlds=wv, threads=workers, voids=vd,
                                            gone=k.gone, up_known=up_known, won=side0, cards=cards,
                                            dealer=int(w4[dealer]))
        outs = {}
        for c in cards:
            v = vals[:, c].astype(np.int64)
            mt = maker_tricks_before + (v if ours else left - v)
            o = game_values(rules, asker, np.full(nn, m), mt, bool(alone), np.full(nn, -1 if da is None else da))
            o.points = o.our_tricks.astype(np.float64)
            if not ours:  # P(make), P(march), P(euchred) are the maker's chances, whoever asks
                made = mt >= rules.tricks_to_make
                o.our_make, o.our_march, o.our_euchred = made, mt == hs, ~made
            outs[card_name(c)] = o
        return outs, np.ones(nn), (drawn, float("inf"))

    outcomes, w, info = drive(seed, samples, target_se, chunk, progress)
    info.screened = lone_screen or (screen and (any(isinstance(b, str) for b in bids)
                                                or (round_one and asker != dealer)))
    r = value_range(rules, ours, alone)
    options, diffs, rec, close = summarise(outcomes, w, hs, None, None, max(map(abs, r)), info,
                                            {a: r for a in outcomes})
    for o in options:  # expected tricks beside the points
        o.extra["ev_tricks"] = o.extra.pop("ev_points")
        o.extra["ev_tricks_ci"] = o.extra.pop("ev_points_ci")
    inputs.update({"tricks": [" ".join(card_name(c) for c in tr) for tr in trick_cards],
                   "up": card_name(upc) if upc is not None else None, "side": "makers" if ours else "defenders"})
    return Decision("lead", inputs, rules, seed, info.played, model, options, diffs, rec, close, None,
                    screen or lone_screen, info.effective, value_unit=value_unit(rules), sampling=info)


def _six_lead_outcomes(rules: Rules, hands: np.ndarray, trump: int, asker: int, maker: int, cards, ours: bool,
                       before: int, left: int, out: int = 0, mine: dict | None = None, alone: bool | None = None,
                       defender_alone: int = -1) -> dict:
    """Six-handed: each lead's outcome over the deals ``hands`` (n, 6) (every seat in play holds
    ``left`` cards, the asker leads; ``before``: the makers' tricks already taken; ``out``: the
    bitmask of the loners' partners, who sit out and hold nothing; ``alone``: the maker is alone
    (None: whenever ``out`` is not empty); ``defender_alone``: a lone defender's seat or -1).
    ``mine``: the asker's side's tricks from here per lead card, as played realistically; None:
    double dummy."""
    from ..solver.seats import solve_seats

    seats = range(hands.shape[1])
    sides = [0 if rules.seating.same_side(s, asker) else 1 for s in seats]
    seats_out = [s for s in seats if (out >> s) & 1]
    n = len(hands)
    outs = {}
    for c in cards:
        v = np.zeros(n, dtype=np.int64)
        if mine is not None:
            v[:] = mine[c]
        for i in range(n if mine is None else 0):
            h = [int(x) for x in hands[i]]
            h[asker] &= ~(1 << c)
            v[i] = solve_seats(h, trump, asker, sides=sides, played=[c], out=seats_out)
        mt = before + (v if ours else left - v)
        o = game_values(rules, asker, np.full(n, maker), mt, bool(out) if alone is None else alone,
                        np.full(n, defender_alone))
        o.points = o.our_tricks.astype(np.float64)
        if not ours:  # P(make), P(march), P(euchred) are the makers' chances, whoever asks
            made = mt >= rules.tricks_to_make
            o.our_make, o.our_march, o.our_euchred = made, mt == rules.hand_size, ~made
        outs[card_name(c)] = o
    return outs
