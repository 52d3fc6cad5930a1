"""What the questions of the two-, three- and six-handed games share: the state-machine path.

The tuned bidding model (:mod:`euchre_stats.bidding`) is four-handed, so at these tables the rest of
the auction is bid by the state machine's point-count bidder
(:class:`~euchre_stats.game.policies.PointCountPolicy`, its thresholds scaled by the hand size)
with the thresholds fitted for each smaller game by self-play under realistic play
(:func:`euchre_stats.bidding.games.game_bidder`), the same bidder as ``variants --players``; the
asker's own later bids too, when a pass leads to them.  The exact state machine
(:class:`~euchre_stats.game.state.HandState`) runs every auction, so every rule of the game applies
as it does in ``review``.

Seats are the game's: 0..players-1 clockwise, the dealer last (``players - 1``), eldest (seat 0)
bids first and leads.  Deals are uniform over the cards the asker has not seen.  With ``infer``
a deal is kept only when the point-count bidder, holding its cards, would have made the bids seen
(the passes before the asker; for the lead, the passes and the maker's call): the bidder is
deterministic, so this is the posterior of the deals under it, drawn by rejection.

Values are points for the hand.  Two-handed: the asker's points minus the opponent's.  Cutthroat
(each for themselves): the asker's points minus the mean of the other two players'.  The
defenders of cutthroat play as a coalition (``docs/rules.md``), so when the maker is euchred
who of them took more tricks is not modelled: each defender is counted its expected half of the
2 points (a **convention**, stated in the output).  Six-handed: the asker's side's points minus the
other side's.  Computes only; no printing here.
"""

from __future__ import annotations

import numpy as np

from ..bidding.games import contract_of, finish_auction, game_bidder, game_kinds, play_contracts, seat_value
from ..core.cards import JOKER, card_name, card_twin, cards_to_mask, parse_cards
from ..core.errors import DecisionInputError, DuplicateCardError
from ..core.seating import SEATINGS
from ..core.seats import TABLE_SEAT_NAMES
from ..core.trump import EFF_SUIT, SUIT_MASK, trick_winner_index
from ..game.policies import PointCountPolicy
from ..game.state import ALONE, DEFEND, OVER, PLAY, HandState
from ..cardplay.contracts import DEFAULT_PLAY_MODEL, PLAY_MODELS, Outcome
from ..rules import GAME_NAMES, Rules, alone_with_the_call, lone_defence_possible
from .driver import drive
from .result import Decision
from .setup import pick_discards
from .summary import summarise

#: seat names from the dealer in each game, indexed by the game's seat
GAME_SEAT_NAMES = {p: TABLE_SEAT_NAMES[p] for p in (2, 3, 6)}
#: :attr:`Decision.value_unit` by player count (``questions.UNIT_WORDS`` says what each counts)
VALUE_UNITS = {2: "points", 3: "points_vs_others", 6: "points"}

#: the bidder behind every number here
BIDDER = "point-count"
#: candidate deals screened per deal kept, at most, before the auction seen is called impossible
MAX_SCREEN_FACTOR = 200


def parse_game_seat(text, players: int) -> int:
    """A seat of the ``players`` game named from the dealer: two-handed ``eldest|dealer`` or 1-2;
    cutthroat ``eldest|second|dealer`` (``left``/``right`` of the dealer) or 1-3; six-handed
    ``eldest|second|third|fourth|fifth|dealer`` or 1-6 (the dealer's partners are second and fourth)."""
    return SEATINGS[players].parse(text, DecisionInputError)


def check_game(rules: Rules, model: str | None, pass_model: str) -> str:
    """Refuse what these questions do not take; the play model (None: the game's default)."""
    if rules.seating.vectorised:
        raise DecisionInputError(f"players {rules.players!r}: these questions are the two-, three- and six-handed "
                                 "games'")
    if model is None:
        model = DEFAULT_PLAY_MODEL
    if model not in PLAY_MODELS:
        raise DecisionInputError(f"unknown play model {model!r}: expected one of {', '.join(PLAY_MODELS)}")
    if pass_model not in ("hand", "zero"):
        raise DecisionInputError(f"pass model {pass_model!r}: the smaller games value a pass by the point-count bidder "
                                 "bidder (hand) or as zero (zero)")
    if rules.farmers_hand:
        raise DecisionInputError("farmers_hand: the questions of the smaller games do not play the farmer's "
                                 "exchange (the state machine and review do)")
    return model


def game_values(rules: Rules, asker: int, maker: np.ndarray, tricks: np.ndarray, alone=False,
            defender_alone=-1) -> Outcome:
    """The asker's outcome of hands with ``maker`` (-1: thrown in) taking ``tricks`` (``alone``: the
    maker went alone, ``defender_alone`` a lone defender's seat or -1, six-handed); the value is
    :func:`~euchre_stats.bidding.games.seat_value`."""
    hs = rules.hand_size
    live = maker >= 0
    t = np.where(live, tricks, hs).astype(np.int64)
    ours = live & rules.seating.same_side(maker, asker)
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
    partners = rules.seating.partnerships  # a side may go alone
    if partners and not alone_with_the_call(rules):
        alone = None
    lone_defs = (-1, 1) if lone_defence_possible(rules) else (-1,)
    for side in ([True, False] if ours is None else [ours]):
        for alone_ in ((False, True) if alone is None and partners else (bool(alone),)):
            for da in lone_defs:
                o = game_values(rules, 0, np.full(t.size, 0 if side else 1), t, alone_, np.full(t.size, da))
                vals += o.value.tolist()
    if ours is not None:
        vals = vals[1:]
    return float(min(vals)), float(max(vals))


def deal_game(rng, n: int, rules: Rules, asker: int, hmask: int, seen: int) -> np.ndarray:
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


def hand_state(rules: Rules, hands_row, up: int) -> HandState:
    return HandState(rules, rules.players - 1, [int(h) for h in hands_row], up, _checked=True)


def nobody_alone_after(state: HandState, policy, asker: int) -> bool:
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


def fits_bids(state: HandState, policy, bids) -> bool:
    """Apply ``bids`` (each the action seen, or ``None`` where it cannot be checked: applied as
    seen); False as soon as the bidder would have done otherwise."""
    for bid in bids:
        want = bid if isinstance(bid, str) else bid[0]
        if not isinstance(bid, tuple) and policy(state) != want:
            return False
        state.apply(want)
    return True


def kept_deals(rng, n: int, draw, keep) -> tuple[list, int]:
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


def bidding_chunk(rules, asker, up, draw, prefix, options, model, workers, infer, pass_model, policy):
    """The chunk function of :func:`.driver.drive` for a bidding question: deals kept by the
    ``prefix`` of bids seen (checked with ``infer``), then each option of the asker applied and the
    auction finished by the bidder, the contracts played together."""
    bids = prefix if infer else [b if isinstance(b, tuple) else (b,) for b in prefix]

    def keep(row, rng):
        s = hand_state(rules, row, up)
        return s if fits_bids(s, policy, bids) else None

    def chunk(rng, n):
        states, drawn = kept_deals(rng, n, draw, keep)
        if not states:
            raise DecisionInputError(f"none of {drawn:,} sampled deals is consistent with the bids seen under "
                                     "the point-count bidder; use --no-infer")
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
        outs = {k: game_values(rules, asker, *play_contracts(rules, r, model, seed, workers)) for k, r in rows.items()}
        if pass_model == "zero":
            outs["pass"] = game_values(rules, asker, np.full(m, -1), np.zeros(m, dtype=np.int64))
        return outs, np.ones(m), (drawn, float("inf"))

    return chunk


def game_result(kind, inputs, rules, seed, model, outcomes, w, info, ranges, pass_model, infer, screened) -> Decision:
    info.screened = screened
    outcomes, extras = pick_discards(outcomes, w)
    ranges = {k: ranges(k) for k in outcomes}
    lim = max(abs(x) for r in ranges.values() for x in r)
    options, diffs, rec, close = summarise(outcomes, w, rules.hand_size, extras, None, lim, info, ranges)
    return Decision(kind, inputs, rules, seed, info.played, model, options, diffs, rec, close,
                    "point-count" if pass_model == "hand" else pass_model, infer,
                    info.effective, value_unit=VALUE_UNITS[rules.players], sampling=info)


def ask_game(kind, rules, asker, hmask, up, prefix, options, inputs, ranges, *, samples, seed, model, workers,
         infer, pass_model, target_se, progress, bidder) -> Decision:
    """A bidding question (``order``, ``call``, ``discard``): deals around the asker's ``hmask`` and
    the card ``up``, kept by the bids ``prefix`` (with ``infer``), each of ``options(state)`` played."""
    draw = lambda rng, m: deal_game(rng, m, rules, asker, hmask, 1 << up)  # noqa: E731
    policy, inputs = bidder_for(rules, bidder, inputs)
    chunk = bidding_chunk(rules, asker, up, draw, prefix, options, model, workers, infer, pass_model, policy)
    outcomes, w, info = drive(seed, samples, target_se, chunk, progress)
    screened = infer and any(isinstance(b, str) for b in prefix)
    return game_result(kind, inputs, rules, seed, model, outcomes, w, info, ranges, pass_model if kind != "discard"
                   else None, infer, screened)


def bidder_for(rules: Rules, bidder: dict | None, inputs: dict):
    """The bidder (``bidder``: thresholds of :func:`~euchre_stats.bidding.games.load_bidder_file`, or
    the shipped ones) and the inputs naming it."""
    inputs = {**inputs, "players": rules.players, "bidding": BIDDER}
    if bidder is None:
        return game_bidder(rules.players, rules.deck), inputs
    kinds = game_kinds(rules.players)
    inputs["thresholds"] = {k: bidder[k] for k in kinds}
    inputs["bidding"] = f"{BIDDER} ({', '.join(f'{k} {bidder[k]:g}' for k in kinds)})"
    return PointCountPolicy(thresholds=bidder), inputs


def state_actions(s: HandState) -> list[str]:
    """The legal actions of ``s``, each once: in the doubled pack a card held twice is one action
    (``legal_actions`` names each copy; either copy played or discarded is the same hand)."""
    return list(dict.fromkeys(s.legal_actions()))


def legal_actions(s: HandState):
    return [(a, [a]) for a in state_actions(s)]


def bid_ranges(rules):
    """The range of each bidding option's value: a pass, either side (a loner too); a call, ours
    (alone or not, as the option says)."""
    either, ours, lone = value_range(rules, None, None), value_range(rules, True), value_range(rules, True, True)
    return lambda k: either if k == "pass" else lone if "alone" in k else ours




def game_upcard(text, rules: Rules, hmask: int, what: str = "upcard") -> int:
    from ..core.cards import RED_JOKER

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




def seen_bids(bids: list, asker: int, players: int) -> list:
    """The bids seen from eldest on, the asker's own marked as not to be checked (it knows them)."""
    return [(b,) if i % players == asker else b for i, b in enumerate(bids)]


def spare_cards(rules: Rules, dealt, upc: int) -> int:
    """The lowest card that no seat holds and is not the upcard."""
    taken = 1 << upc
    for h in dealt:
        taken |= int(h)
    return next(c for c in rules.deck_obj.cards if not (taken >> c) & 1)




def free_copy(card: int, mask: int) -> int:
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
