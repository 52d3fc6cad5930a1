"""The questions of one hand in the two-, three- and six-handed games: ``order``, ``call``, the
dealer's discard and the lead.

The tuned bidding model (:mod:`euchre_stats.bidding`) is four-handed, so here the rest of the
auction is bid by the state machine's heuristic player
(:class:`~euchre_stats.game.policies.HeuristicPolicy`, its thresholds scaled by the hand size)
with the thresholds fitted for each smaller game by self-play under realistic play
(:func:`euchre_stats.bidding.games.game_bidder`), the same bidder as ``variants --players``; the
asker's own later bids too, when a pass leads to them.  The exact state machine
(:class:`~euchre_stats.game.state.HandState`) runs every auction, so every rule of the smaller
game applies as it does in ``review``.

Seats are the game's: 0..players-1 clockwise, the dealer last (``players - 1``), eldest (seat 0)
bids first and leads.  Deals are uniform over the cards the asker has not seen.  With ``infer``
a deal is kept only when the heuristic bidder, holding its cards, would have made the bids seen
(the passes before the asker; for the lead, the passes and the maker's call): the bidder is
deterministic, so this is the posterior of the deals under it, drawn by rejection.

Values are points for the hand.  Two-handed: the asker's points minus the opponent's.  Cutthroat
(each for themselves): the asker's points minus the mean of the other two players'.  The
defenders of cutthroat play as a coalition (``docs/rules.md``), so when the maker is euchred
who of them took more tricks is not modelled: each defender is counted its expected half of the
2 points (a **convention**, stated in the output).  Six-handed: the asker's side's points minus the
other side's, the contracts played on six seats (:func:`~euchre_stats.play.contracts.six_maker_tricks`,
the lead by :func:`~euchre_stats.play.realistic_seats.lead_values_seats` or the six-seat solver);
against a lone maker the first lead's deals are screened by the whole auction and the loner's
exchange, replayed from hands as dealt.  Computes only; no printing here.
"""

from __future__ import annotations

import numpy as np

from ..core.bits import held_copy
from ..core.cards import card_name, card_suit, card_twin, cards_to_mask, parse_card, parse_cards, trump_letter
from ..core.errors import DecisionInputError, DuplicateCardError
from ..core.trump import EFF_SUIT, SUIT_MASK, trick_winner_index
from ..bidding.games import contract_of, finish_auction, game_bidder, game_kinds, play_contracts, seat_value
from ..game.policies import HeuristicPolicy, best_discard
from ..game.state import ALONE, DEFEND, OVER, PLAY, HandState
from ..play.contracts import DEFAULT_PLAY_MODEL, PLAY_MODELS, Outcome
from ..core.seats import TABLE_SEAT_NAMES, partners_of
from ..rules import GAME_NAMES, Rules, alone_with_the_call, first_leader, order_must_go_alone
from ..sampling.dealer import KITTY, Knowledge
from ..sampling.seeds import resolve_seed
from .questions import Decision, _drive, _pick_discards, _summarise, contract_trump, dealer_for

#: seat names from the dealer in each game, indexed by the game's seat
GAME_SEAT_NAMES = {p: TABLE_SEAT_NAMES[p] for p in (2, 3, 6)}
_SEAT_WORDS = {2: {"eldest": 0, "non-dealer": 0, "nondealer": 0, "1": 0, "dealer": 1, "2": 1},
               3: {"eldest": 0, "left": 0, "1": 0, "second": 1, "right": 1, "2": 1, "dealer": 2, "3": 2},
               6: {**{name: i for i, name in enumerate(("eldest", "second", "third", "fourth", "fifth", "dealer"))},
                   **{str(i + 1): i for i in range(6)}, "left": 0, "right": 4}}
#: :attr:`Decision.value_unit` by player count (``questions.UNIT_WORDS`` says what each counts)
VALUE_UNITS = {2: "points", 3: "points_vs_others", 6: "points"}

#: the bidder behind every number here
BIDDER = "heuristic"
#: candidate deals screened per deal kept, at most, before the auction seen is called impossible
MAX_SCREEN_FACTOR = 200


def parse_game_seat(text, players: int) -> int:
    """A seat of the ``players`` game named from the dealer: two-handed ``eldest|dealer`` or 1-2;
    cutthroat ``eldest|second|dealer`` (``left``/``right`` of the dealer) or 1-3; six-handed
    ``eldest|second|third|fourth|fifth|dealer`` or 1-6 (the dealer's partners are second and fourth)."""
    key = str(text).strip().lower()
    words = _SEAT_WORDS[players]
    if key not in words:
        names = ", ".join(GAME_SEAT_NAMES[players])
        raise DecisionInputError(f"unknown seat {text!r} in a {players}-player game: expected {names} or "
                                 f"1-{players} (1 = eldest)")
    return words[key]


def _check(rules: Rules, model: str | None, pass_model: str) -> str:
    """Refuse what these questions do not take; the play model (None: the game's default)."""
    if rules.players not in (2, 3, 6):
        raise DecisionInputError(f"players {rules.players!r}: these questions are the two-, three- and six-handed "
                                 "games'")
    if model is None:
        model = DEFAULT_PLAY_MODEL
    if model not in PLAY_MODELS:
        raise DecisionInputError(f"unknown play model {model!r}: expected one of {', '.join(PLAY_MODELS)}")
    if pass_model not in ("hand", "zero"):
        raise DecisionInputError(f"pass model {pass_model!r}: the smaller games value a pass by the heuristic "
                                 "bidder (hand) or as zero (zero)")
    if rules.farmers_hand:
        raise DecisionInputError("farmers_hand: the questions of the smaller games do not play the farmer's "
                                 "exchange (the state machine and review do)")
    return model


def _values(rules: Rules, asker: int, maker: np.ndarray, tricks: np.ndarray, alone=False,
            defender_alone=-1) -> Outcome:
    """The asker's outcome of hands with ``maker`` (-1: thrown in) taking ``tricks`` (``alone``: the
    maker went alone, ``defender_alone`` a lone defender's seat or -1, six-handed); the value is
    :func:`~euchre_stats.bidding.games.seat_value`."""
    hs = rules.hand_size
    live = maker >= 0
    t = np.where(live, tricks, hs).astype(np.int64)
    ours = live & ((maker & 1) == (asker & 1) if rules.players == 6 else maker == asker)
    made = t >= rules.tricks_to_make
    our_tricks = np.where(~live, -1, np.where(ours, t, hs - t))
    return Outcome(seat_value(rules, asker, maker, t, alone, defender_alone), ours & made, ours & (t == hs),
                   ours & ~made, our_tricks)


def value_range(rules: Rules, ours: bool | None, alone: bool | None = False) -> tuple[float, float]:
    """The possible range of one hand's value: as maker (``ours``), as a defender, or either (None,
    a thrown-in hand's 0 included); six-handed, with the maker alone (``alone``), not, or either (None:
    also whenever alone may still be declared after the call, British timing), a lone defender
    included where the rules allow one."""
    t = np.arange(rules.hand_size + 1)
    vals = [0.0]
    six = rules.players == 6
    if six and not alone_with_the_call(rules):
        alone = None
    lone_defs = (-1, 1) if six and rules.defend_alone else (-1,)
    for side in ([True, False] if ours is None else [ours]):
        for alone_ in ((False, True) if alone is None and six else (bool(alone),)):
            for da in lone_defs:
                o = _values(rules, 0, np.full(t.size, 0 if side else 1), t, alone_, np.full(t.size, da))
                vals += o.value.tolist()
    if ours is not None:
        vals = vals[1:]
    return float(min(vals)), float(max(vals))


def _deal(rng, n: int, rules: Rules, asker: int, hmask: int, seen: int) -> np.ndarray:
    """``n`` uniform deals (n, players) around the asker's hand: the cards not in ``hmask | seen``
    dealt to the other seats, the rest to the kitty."""
    deck = rules.deck_obj
    unseen = np.array([c for c in deck.cards if not ((hmask | seen) >> c) & 1], dtype=np.int64)
    perm = unseen[np.argsort(rng.random((n, unseen.size)), axis=1)]
    bits = np.left_shift(np.uint64(1), perm.astype(np.uint64))
    hs = rules.hand_size
    hands = np.zeros((n, rules.players), dtype=np.uint64)
    k = 0
    for s in range(rules.players):
        if s == asker:
            hands[:, s] = np.uint64(hmask)
            continue
        hands[:, s] = np.bitwise_or.reduce(bits[:, k:k + hs], axis=1)
        k += hs
    return hands


def _state(rules: Rules, hands_row, up: int) -> HandState:
    return HandState(rules, rules.players - 1, [int(h) for h in hands_row], up, _checked=True)


def _nobody_alone_after(state: HandState, policy, asker: int) -> bool:
    """After the call: whether the bidder, finishing the steps before the lead (the dealer's discard,
    the announcements of alone before the lead and of a lone defender), leaves everyone with their
    partners; the asker's own announcements are not screened (it passes)."""
    while state.phase not in (PLAY, OVER):
        if state.phase in (ALONE, DEFEND) and state.to_act == asker:
            state.apply("pass")
        else:
            state.apply(policy(state))
        if state.alone is not None or state.defender_alone is not None:
            return False
    return True


def _screen(state: HandState, policy, bids) -> bool:
    """Apply ``bids`` (each the action seen, or ``None`` where it cannot be checked: applied as
    seen); False as soon as the bidder would have done otherwise."""
    for bid in bids:
        want = bid if isinstance(bid, str) else bid[0]
        if not isinstance(bid, tuple) and policy(state) != want:
            return False
        state.apply(want)
    return True


def _kept_deals(rng, n: int, draw, keep) -> tuple[list, int]:
    """Up to ``n`` candidates from ``draw(rng, m)`` that ``keep(row, rng)`` accepts (a state, or None),
    screening at most :data:`MAX_SCREEN_FACTOR` ``* n``; the kept states and the number screened."""
    kept: list = []
    drawn = 0
    while len(kept) < n and drawn < MAX_SCREEN_FACTOR * n:
        m = max(16, 2 * (n - len(kept)))
        for row in draw(rng, m):
            drawn += 1
            s = keep(row, rng)
            if s is not None:
                kept.append(s)
                if len(kept) == n:
                    break
    return kept, drawn


def _bidding_chunk(rules, asker, up, draw, prefix, options, model, workers, infer, pass_model, policy):
    """The chunk function of :func:`questions._drive` for a bidding question: deals kept by the
    ``prefix`` of bids seen (checked with ``infer``), then each option of the asker applied and the
    auction finished by the bidder, the contracts played together."""
    bids = prefix if infer else [b if isinstance(b, tuple) else (b,) for b in prefix]

    def keep(row, rng):
        s = _state(rules, row, up)
        return s if _screen(s, policy, bids) else None

    def chunk(rng, n):
        states, drawn = _kept_deals(rng, n, draw, keep)
        if not states:
            raise DecisionInputError(f"none of {drawn:,} sampled deals is consistent with the bids seen under "
                                     "the heuristic bidder; use --no-infer")
        m = len(states)
        rows: dict[str, list] = {}  # each option's contracts, deal by deal (every deal has the same options)
        for s in states:
            for key, actions in options(s):
                if key == "pass" and pass_model == "zero":
                    continue
                t = s.copy()
                for a in actions:
                    t.apply(a)
                rows.setdefault(key, []).append(contract_of(finish_auction(t, policy)))
        seed = int(rng.integers(0, 2**62))
        outs = {k: _values(rules, asker, *play_contracts(rules, r, model, seed, workers)) for k, r in rows.items()}
        if pass_model == "zero":
            outs["pass"] = _values(rules, asker, np.full(m, -1), np.zeros(m, dtype=np.int64))
        return outs, np.ones(m), (drawn, float("inf"))

    return chunk


def _result(kind, inputs, rules, seed, model, outcomes, w, info, ranges, pass_model, infer, screened) -> Decision:
    info.screened = screened
    outcomes, extras = _pick_discards(outcomes, w)
    ranges = {k: ranges(k) for k in outcomes}
    lim = max(abs(x) for r in ranges.values() for x in r)
    options, diffs, rec, close = _summarise(outcomes, w, rules.hand_size, extras, None, lim, info, ranges)
    return Decision(kind, inputs, rules, seed, info.played, model, options, diffs, rec, close,
                    "heuristic" if pass_model == "hand" else pass_model, infer,
                    info.effective, value_unit=VALUE_UNITS[rules.players], sampling=info)


def _ask(kind, rules, asker, hmask, up, prefix, options, inputs, ranges, *, samples, seed, model, workers,
         infer, pass_model, target_se, progress, bidder) -> Decision:
    """A bidding question (``order``, ``call``, ``discard``): deals around the asker's ``hmask`` and
    the card ``up``, kept by the bids ``prefix`` (with ``infer``), each of ``options(state)`` played."""
    draw = lambda rng, m: _deal(rng, m, rules, asker, hmask, 1 << up)  # noqa: E731
    policy, inputs = _bidder(rules, bidder, inputs)
    chunk = _bidding_chunk(rules, asker, up, draw, prefix, options, model, workers, infer, pass_model, policy)
    outcomes, w, info = _drive(seed, samples, target_se, chunk, progress)
    screened = infer and any(isinstance(b, str) for b in prefix)
    return _result(kind, inputs, rules, seed, model, outcomes, w, info, ranges, pass_model if kind != "discard"
                   else None, infer, screened)


def _bidder(rules: Rules, bidder: dict | None, inputs: dict):
    """The bidder (``bidder``: thresholds of :func:`~euchre_stats.bidding.games.load_bidder_file`, or
    the shipped ones) and the inputs naming it."""
    inputs = {**inputs, "players": rules.players, "bidding": BIDDER}
    if bidder is None:
        return game_bidder(rules.players, rules.deck), inputs
    kinds = game_kinds(rules.players)
    inputs["thresholds"] = {k: bidder[k] for k in kinds}
    inputs["bidding"] = f"{BIDDER} ({', '.join(f'{k} {bidder[k]:g}' for k in kinds)})"
    return HeuristicPolicy(thresholds=bidder), inputs


def _actions(s: HandState) -> list[str]:
    """The legal actions of ``s``, each once: in the doubled pack a card held twice is one action
    (``legal_actions`` names each copy; either copy played or discarded is the same hand)."""
    return list(dict.fromkeys(s.legal_actions()))


def _legal(s: HandState):
    return [(a, [a]) for a in _actions(s)]


def _bid_ranges(rules):
    """The range of each bidding option's value: a pass, either side (a loner too); a call, ours
    (alone or not, as the option says)."""
    either, ours, lone = value_range(rules, None, None), value_range(rules, True), value_range(rules, True, True)
    return lambda k: either if k == "pass" else lone if "alone" in k else ours


def game_order_decision(hand, upcard, seat, rules: Rules, *, samples: int = 10000, seed: int | None = None,
                        model: str | None = None, pass_model: str = "hand", infer: bool = True,
                        workers: int | None = None, target_se: float | None = None, progress=None,
                        bidder: dict | None = None) -> Decision:
    """Round one of a two-, three- or six-handed game from ``seat``: pass, or order the upcard up
    (pick it up, as the dealer, with the best discard over the sampled deals), or in six-handed
    order it alone (the loner's exchange with a partner made by the bidder)."""
    rules = Rules.from_json(rules)
    model = _check(rules, model, pass_model)
    asker = parse_game_seat(seat, rules.players)
    cards = parse_cards(hand, rules.deck_obj, size=rules.hand_size)
    hmask = cards_to_mask(cards)
    up = _upcard(upcard, rules, hmask)
    dealer = rules.players - 1

    def options(s: HandState):
        out = []
        for a in _actions(s):
            if a in ("order", "order alone") and asker == dealer:
                t = s.copy()
                t.apply(a)
                out += [(f"{a}|{c}", [a, c]) for c in _actions(t)]
            else:
                out.append((a, [a]))
        return out

    inputs = {"hand": " ".join(card_name(c) for c in cards), "upcard": card_name(up),
              "seat": GAME_SEAT_NAMES[rules.players][asker]}
    return _ask("order", rules, asker, hmask, up, _seen(["pass"] * asker, asker, rules.players), options, inputs,
                _bid_ranges(rules), samples=samples, seed=resolve_seed(seed), model=model, workers=workers,
                infer=infer, pass_model=pass_model, target_se=target_se, progress=progress, bidder=bidder)


def game_call_decision(hand, turned_down, seat, rules: Rules, *, samples: int = 10000, seed: int | None = None,
                       model: str | None = None, pass_model: str = "hand", infer: bool = True,
                       workers: int | None = None, target_se: float | None = None, progress=None,
                       bidder: dict | None = None) -> Decision:
    """Round two of a two- or three-handed game from ``seat``: everyone passed round one and
    ``turned_down`` was turned down; the seats before ``seat`` passed again.  Options: each suit
    that may be named, and pass unless the dealer is stuck."""
    rules = Rules.from_json(rules)
    model = _check(rules, model, pass_model)
    asker = parse_game_seat(seat, rules.players)
    cards = parse_cards(hand, rules.deck_obj, size=rules.hand_size)
    hmask = cards_to_mask(cards)
    up = _upcard(turned_down, rules, hmask, "turned-down card")
    inputs = {"hand": " ".join(card_name(c) for c in cards), "turned_down": card_name(up),
              "seat": GAME_SEAT_NAMES[rules.players][asker]}
    prefix = _seen(["pass"] * (rules.players + asker), asker, rules.players)
    return _ask("call", rules, asker, hmask, up, prefix, _legal, inputs, _bid_ranges(rules), samples=samples,
                seed=resolve_seed(seed), model=model, workers=workers, infer=infer, pass_model=pass_model,
                target_se=target_se, progress=progress, bidder=bidder)


def game_discard_decision(hand, upcard, rules: Rules, *, maker="dealer", samples: int = 10000,
                          seed: int | None = None, model: str | None = None, infer: bool = True,
                          workers: int | None = None, target_se: float | None = None, progress=None,
                          bidder: dict | None = None, alone: bool = False) -> Decision:
    """The dealer of a two-, three- or six-handed game holding its cards and the upcard: the value of
    each discard.  ``maker`` is the seat that ordered the upcard up (the dealer itself by default;
    six-handed, ``alone``: it ordered alone, and a lone partner of the dealer leaves the card);
    with ``infer`` the deals are those on which the seats before it passed and it ordered."""
    rules = Rules.from_json(rules)
    model = _check(rules, model, "hand")
    dealer = rules.players - 1
    m = parse_game_seat(maker, rules.players)
    cards = parse_cards(hand, rules.deck_obj, size=rules.hand_size + 1)
    up = parse_card(upcard, rules.deck_obj) if not isinstance(upcard, int) else upcard
    hmask = cards_to_mask(cards)
    up = held_copy(up, hmask)
    if not (hmask >> up) & 1:
        raise DecisionInputError(f"the upcard {card_name(up)!r} must be among the dealer's {rules.hand_size + 1} "
                                 "cards")
    _upcard(up, rules, 0)
    inputs = {"hand": " ".join(card_name(c) for c in cards), "upcard": card_name(up),
              "maker": GAME_SEAT_NAMES[rules.players][m]}
    if alone:
        if rules.players != 6:
            raise DecisionInputError(f"alone: nobody goes alone in {GAME_NAMES[rules.players]}")
        if m != dealer and (m & 1) == (dealer & 1):
            raise DecisionInputError(f"{GAME_SEAT_NAMES[6][m]} ordered alone: the dealer, its partner, sits out and "
                                     "takes nothing up, so there is no discard")
        inputs["alone"] = True
    r = value_range(rules, (m & 1) == (dealer & 1) if rules.players == 6 else m == dealer, alone)
    return _ask("discard", rules, dealer, hmask & ~(1 << up), up, _seen(["pass"] * m + ["order alone" if alone
                                                                                          else "order"], dealer,
                                                                           rules.players),
                _legal, inputs, lambda k: r, samples=samples, seed=resolve_seed(seed), model=model, workers=workers,
                infer=infer, pass_model="hand", target_se=target_se, progress=progress, bidder=bidder)


def _upcard(text, rules: Rules, hmask: int, what: str = "upcard") -> int:
    from ..core.cards import JOKER, RED_JOKER

    deck = rules.deck_obj
    if isinstance(text, int):
        up = text
    else:  # the doubled pack: a card the hand holds names the other copy (a third is an error)
        try:
            up = parse_cards(text, deck, size=1, taken=hmask)[0]
        except DuplicateCardError:
            raise DecisionInputError(f"the {what} {str(text)!r} is also in the hand (twice)") from None
    if (hmask >> up) & 1:
        raise DecisionInputError(f"the {what} {card_name(up)!r} is also in the hand")
    if up in (JOKER, RED_JOKER):
        raise DecisionInputError(f"a Joker upcard: the questions of {GAME_NAMES[rules.players]} start from a suited "
                                 "upcard (the hand with the Joker turned up is played in review)")
    return up


def _free_copy(card: int, mask: int) -> int:
    """The copy of ``card`` not in ``mask`` (the doubled pack's second when the first is), else ``card``."""
    twin = card_twin(card)
    return twin if twin >= 0 and (mask >> card) & 1 and not (mask >> twin) & 1 else card


def replay_game_tricks(rules: Rules, trump: int, tricks: list[list[int]], own_seat: int, own_hand: int,
                       out: int = 0, leader: int = 0):
    """Earlier tricks of a smaller game from the first lead (by eldest, seat 0, or ``leader``; the
    seats in the bitmask ``out`` sit out): what each seat played, the voids shown, the tricks each
    seat won and the next leader (the asker's own plays checked)."""
    p = rules.players
    active = [s for s in range(p) if not (out >> s) & 1]
    n = len(active)
    orders = []
    for t_i, trick in enumerate(tricks):
        if len(trick) != n:
            raise DecisionInputError(f"trick {t_i + 1} ({' '.join(card_name(c) for c in trick)}) has {len(trick)} "
                                     f"card{'s' if len(trick) != 1 else ''}; {n} players play to each trick")
        k = active.index(leader)
        order = active[k:] + active[:k]
        orders.append(order)
        leader = order[trick_winner_index(trick, trump)]
    own = [dict(zip(order, trick))[own_seat] for order, trick in zip(orders, tricks)]
    played_by, voids, won = [0] * p, [0] * p, [0] * p
    for t_i, (order, trick) in enumerate(zip(orders, tricks)):
        held = own_hand | cards_to_mask(own[t_i:])  # the asker's hand as this trick began
        led = int(EFF_SUIT[trump, trick[0]])
        for s, c in zip(order, trick):
            played_by[s] |= 1 << c
            if int(EFF_SUIT[trump, c]) == led:
                continue
            if s == own_seat and held & int(SUIT_MASK[trump, led]):
                raise DecisionInputError(f"in trick {t_i + 1} you played {card_name(c)!r} without following the "
                                         "led suit, which your hand held")
            voids[s] |= 1 << led
        won[order[trick_winner_index(trick, trump)]] += 1
    return played_by, voids, won, leader


def game_lead_decision(hand, trump, maker, seat, rules: Rules, *, tricks=(), up=None, samples: int = 10000,
                       seed: int | None = None, model: str | None = None, infer: bool = True,
                       workers: int | None = None, target_se: float | None = None, worlds: int | None = None,
                       progress=None, bidder: dict | None = None, alone: bool = False) -> Decision:
    """The lead in a two-, three- or six-handed game: each card's expected points (tricks beside them;
    six-handed: double dummy; ``alone``: the maker went alone, its two partners sit out, and the
    deals are not screened by the auction, since the loner's exchange with a partner hides the
    hands as dealt).

    ``tricks`` are the earlier tricks from eldest's first lead; ``up`` the upcard (of the trump
    suit: the dealer took it up; else turned down and trump named in round two).  With ``infer``
    and ``up`` the deals are those on which the heuristic bidder makes the auction seen (the
    passes, then ``maker`` calling ``trump`` in its round) and, when the dealer took the upcard up,
    discards the card that left its hand (unseen: each deal is kept with the share of its kitty
    cards that fit, which is exact rejection sampling).  The asker's own bids are not checked.
    """
    from ..play.realistic import DEFAULT_WORLDS
    from ..solver import game_seats

    rules = Rules.from_json(rules)
    model = _check(rules, model, "hand")
    p, hs, deck = rules.players, rules.hand_size, rules.deck_obj
    dealer = p - 1
    t = contract_trump(trump, rules)
    m = parse_game_seat(maker, p)
    asker = parse_game_seat(seat, p)
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
    if alone and p != 6:
        raise DecisionInputError(f"alone: nobody goes alone in {GAME_NAMES[p]}")
    sit = sum(1 << s for s in partners_of(m, p)) if alone else 0  # the loner's partners sit out
    if (sit >> asker) & 1:
        raise DecisionInputError(f"seat {GAME_SEAT_NAMES[p][asker]} sits out behind the lone maker "
                                 f"{GAME_SEAT_NAMES[p][m]}: it leads nothing")
    first = first_leader(rules, dealer, m if alone else None)
    played_by, voids, won, leader = replay_game_tricks(rules, t, trick_cards, asker, hmask, sit, first)
    if leader != asker:
        raise DecisionInputError(f"after the tricks given it is {GAME_SEAT_NAMES[p][leader]}'s lead, not "
                                 f"{GAME_SEAT_NAMES[p][asker]}'s")
    upc = None if up is None else (up if isinstance(up, int) else parse_card(up, deck))
    if upc is not None and deck.doubled and card_twin(upc) >= 0:
        # which copy was turned up: the one the dealer holds or played, else one nobody holds or played
        mine = played_by[dealer] | (hmask if asker == dealer else 0)
        upc = held_copy(upc, mine) if mine >> upc & 1 or mine >> card_twin(upc) & 1 else \
            _free_copy(upc, hmask | cards_to_mask(played))
    round_one = upc is not None and card_suit(upc) == t
    # the holders: four seats (the smaller games use the first p) or six, then the kitty
    seats = 6 if p == 6 else 4
    kit = seats if p == 6 else KITTY
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
    lone_screen = (alone and infer and upc is not None and not trick_cards and (asker & 1) != (m & 1)
                   and not (round_one and asker == dealer))
    screen = infer and upc is not None and not alone
    inputs = {"hand": " ".join(card_name(c) for c in cards), "trump": trump_letter(t), "maker": GAME_SEAT_NAMES[p][m],
              "seat": GAME_SEAT_NAMES[p][asker]}
    if alone:
        inputs["alone"] = True
    policy, inputs = _bidder(rules, bidder, inputs)
    # announcements after the call that the question's "nobody alone" must rule out
    after_call = p == 6 and (not alone_with_the_call(rules) or rules.defend_alone)
    if screen:
        bids = _seen(["pass"] * (m if round_one else p + m) + ["order" if round_one else trump_letter(t)], asker, p)
    where, out = game_seats(p, m) if p != 6 else (list(range(6)), 0)
    w4 = np.asarray(where)
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
            dealt[dealer] = (dealt[dealer] & ~np.uint64(1 << upc)) | np.uint64(1 << _spare(rules, dealt, upc))
        if not took or asker == dealer:
            st = _state(rules, dealt, upc)
            if not _screen(st, policy, bids):
                return None
            # nobody went alone after the call (British timing, a lone defender): the bidder must not
            # have; when the dealer took the card up this is checked where the asker is the dealer
            if after_call and not _nobody_alone_after(st, policy, asker):
                return None
            return hands
        # the dealer's hand as dealt held one unseen kitty card in place of the upcard, the card it then
        # discarded: every kitty card is as likely a priori, so the deal is kept with the share of them
        # for which the bidder makes the bids seen and then discards that card (exact rejection sampling)
        cur = int(dealt[dealer])
        dealt[dealer] = (dealt[dealer] & ~np.uint64(1 << upc)) | np.uint64(1 << _spare(rules, dealt, upc))
        others = bids[:-1] if m == dealer else bids  # bids whose seat is not the dealer's
        if not _screen(_state(rules, dealt, upc), policy, others):
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
            st = _state(rules, dealt, upc)
            if not (_screen(st, policy, bids) and _nobody_alone_after(st, policy, asker)):
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
                st = _state(rules, h, upc)
                for _ in range(dealer):
                    st.apply("pass")
                takes = policy(st) == "order"
            fits_cache[cur] = (fit, takes)
        return fits_cache[cur]

    ours = (asker & 1) == (m & 1) if p == 6 else asker == m
    maker_tricks_before = sum(won[s] for s in range(p) if (s & 1) == (m & 1)) if p == 6 else won[m]
    wv = worlds or DEFAULT_WORLDS

    if lone_screen:
        # alone with the call (or the "I refuse" order); under British timing the maker calls and
        # then declares alone before the lead: the deal is kept when the bidder does so
        with_call = alone_with_the_call(rules) or (round_one and bool(order_must_go_alone(rules, m, dealer)))
        lone = " alone" if with_call else ""
        lone_bids = _seen(["pass"] * (m if round_one else p + m) + ["order" + lone if round_one else
                                                                   trump_letter(t) + lone], asker, p)

        def draw(rng, n):  # noqa: F811 - hands as dealt around the asker's, the upcard seen
            return _deal(rng, n, rules, asker, hmask, 1 << upc)

        def keep(row, rng):  # noqa: F811 - the auction seen, then the dealer's discard and the loner's exchange
            st = _state(rules, row, upc)
            if not _screen(st, policy, lone_bids):
                return None
            finish_auction(st, policy)
            if st.alone != m or st.defender_alone is not None:  # the maker alone, nobody defending alone
                return None
            return np.array([h if st.active[x] else 0 for x, h in enumerate(st.hands)], dtype=np.uint64)

    def chunk(rng, n):
        rows, drawn = _kept_deals(rng, n, draw, keep)
        if not rows:
            raise DecisionInputError(f"none of {drawn:,} sampled deals is consistent with the auction seen under "
                                     "the heuristic bidder; use --no-infer")
        hands = np.array(rows, dtype=np.uint64).reshape(len(rows), p)
        nn = len(hands)
        if p == 6:
            mine = None
            if model == "pimc":  # side 0 (seats 0, 2, 4) after each lead, realistic play from the same stream
                from ..play.realistic_seats import lead_values_seats

                side0_before = sum(won[x] for x in range(6) if x % 2 == 0)
                v0 = lead_values_seats(rules, hands, t, asker, sit, m, alone, cards, seed=int(rng.integers(2**62)),
                                       worlds=wv, threads=workers, up_known=up_known, gone=k.gone, voids=voids,
                                       won=side0_before)
                mine = {c: (v0[:, c] if asker % 2 == 0 else left - v0[:, c]) for c in cards}
            return _six_lead_outcomes(rules, hands, t, asker, m, cards, ours, maker_tricks_before, left, sit,
                                      mine), np.ones(nn), (drawn, float("inf"))
        four = np.zeros((nn, 4), dtype=np.uint64)
        for s in range(p):
            four[:, where[s]] = hands[:, s]
        if model == "dd":
            from ..solver import card_values_many

            vals = card_values_many(four, np.full(nn, t), np.full(nn, where[asker]), np.full(nn, out, np.uint8),
                                    threads=workers)
        else:
            from ..play.realistic import lead_values_realistic

            vd = [0] * 4
            for s in range(p):
                vd[where[s]] = voids[s]
            side0 = sum(won[s] for s in range(p) if where[s] % 2 == 0)
            vals, _ = lead_values_realistic(rules, four, t, where[asker], out, where[m], False, -1,
                                            seed=int(rng.integers(2**62)), worlds=wv, threads=workers, voids=vd,
                                            gone=k.gone, up_known=up_known, won=side0, cards=cards,
                                            dealer=int(w4[dealer]))
        outs = {}
        for c in cards:
            v = vals[:, c].astype(np.int64)
            mt = maker_tricks_before + (v if ours else left - v)
            o = _values(rules, asker, np.full(nn, m), mt)
            o.points = o.our_tricks.astype(np.float64)
            if not ours:  # P(make), P(march), P(euchred) are the maker's chances, whoever asks
                made = mt >= rules.tricks_to_make
                o.our_make, o.our_march, o.our_euchred = made, mt == hs, ~made
            outs[card_name(c)] = o
        return outs, np.ones(nn), (drawn, float("inf"))

    outcomes, w, info = _drive(seed, samples, target_se, chunk, progress)
    info.screened = lone_screen or (screen and (any(isinstance(b, str) for b in bids)
                                                or (round_one and asker != dealer)))
    r = value_range(rules, ours, alone)
    options, diffs, rec, close = _summarise(outcomes, w, hs, None, None, max(map(abs, r)), info,
                                            {a: r for a in outcomes})
    for o in options:  # expected tricks beside the points
        o.extra["ev_tricks"] = o.extra.pop("ev_points")
        o.extra["ev_tricks_ci"] = o.extra.pop("ev_points_ci")
    inputs.update({"tricks": [" ".join(card_name(c) for c in tr) for tr in trick_cards],
                   "up": card_name(upc) if upc is not None else None, "side": "makers" if ours else "defenders"})
    return Decision("lead", inputs, rules, seed, info.played, model, options, diffs, rec, close, None,
                    screen or lone_screen, info.effective, value_unit=VALUE_UNITS[p], sampling=info)


def _six_lead_outcomes(rules: Rules, hands: np.ndarray, trump: int, asker: int, maker: int, cards, ours: bool,
                       before: int, left: int, out: int = 0, mine: dict | None = None) -> dict:
    """Six-handed: each lead's outcome over the deals ``hands`` (n, 6) (every seat in play holds
    ``left`` cards, the asker leads; ``before``: the makers' tricks already taken; ``out``: the
    bitmask of the lone maker's partners, who sit out and hold nothing).  ``mine``: the asker's
    side's tricks from here per lead card, as played realistically; None: double dummy."""
    from ..solver.seats import solve_seats

    sides = [0 if (s & 1) == (asker & 1) else 1 for s in range(6)]
    seats_out = [s for s in range(6) if (out >> s) & 1]
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
        o = _values(rules, asker, np.full(n, maker), mt, bool(out))
        o.points = o.our_tricks.astype(np.float64)
        if not ours:  # P(make), P(march), P(euchred) are the makers' chances, whoever asks
            made = mt >= rules.tricks_to_make
            o.our_make, o.our_march, o.our_euchred = made, mt == rules.hand_size, ~made
        outs[card_name(c)] = o
    return outs


def _seen(bids: list, asker: int, players: int) -> list:
    """The bids seen from eldest on, the asker's own marked as not to be checked (it knows them)."""
    return [(b,) if i % players == asker else b for i, b in enumerate(bids)]


def _spare(rules: Rules, dealt, upc: int) -> int:
    """The lowest card that no seat holds and is not the upcard."""
    taken = 1 << upc
    for h in dealt:
        taken |= int(h)
    return next(c for c in rules.deck_obj.cards if not (taken >> c) & 1)


__all__ = ["GAME_SEAT_NAMES", "parse_game_seat", "game_order_decision", "game_call_decision", "game_lead_decision",
           "game_discard_decision",
           "replay_game_tricks", "value_range"]
