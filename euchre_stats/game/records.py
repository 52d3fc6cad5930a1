"""The JSON hand record: load and check it, replay it through the state machine, write one back.

A record (``docs/formats.md`` has the full description)::

    {"rules": "north-american",            # a preset name, or an object of rule options
     "dealer": 3,                           # seat 0-3
     "hands": [["9s", ...], [...], [...], [...]],   # seats 0-3 as dealt (lists or strings)
     "upcard": "9h",
     "bids": ["pass", "order"],            # in turn from eldest
     "discard": "Tc",                       # only when the dealer took up the upcard
     "defend_alone": 1,                     # only when a defender went alone
     "ask": {"partner": 2, "card": "Ah", "discard": "9c"},  # six-handed: the loner's exchange
     "plays": ["As", "Ks", ...]}            # every card in play order

Optional keys: ``rules`` (default north-american) and ``comment`` (free text, ignored).
A record must be complete: every bid up to the making of trump (or eight passes), the discard
when there is one, and every card of every trick.  A partial record is an error that names what
is missing, because its score would be a guess.

A card that breaks only the follow-suit rule (a renege) is refused like any illegal action,
unless the record is replayed with ``renege="score"``: then it is played as written, reported in
the result's ``reneges`` and the hand scores the renege penalty instead of its tricks.

Batch files (``.jsonl``) hold one record per line; a bad line gives ``{"error": "line N: ..."}``
and the other lines go on.  No printing here: the command line formats the results.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass

from ..core.cards import NO_TRUMP_INDEX, card_name, format_hand, mask_to_cards, trump_letter
from ..core.safejson import parse_json
from ..core.errors import JSONInputError, IllegalActionError, InconsistentDealError, RecordError, RulesError
from ..rules import NORTH_AMERICAN, PRESETS, Rules, loner_asks_partner
from .deal import _COUNT_WORDS
from .state import (ALONE, ASK, BIDDING_PHASES, DEFEND, DISCARD, EXCHANGE, FARMER, GIVE, OVER, PLAY, RAILROAD, TAKE,
                    HandResult, HandState)

RECORD_KEYS = ("rules", "dealer", "hands", "upcard", "farmer", "bids", "discard", "alone", "defend_alone", "railroad",
               "ask", "plays", "comment")
REQUIRED_KEYS = ("dealer", "hands", "upcard", "bids", "plays")
RENEGE_MODES = ("refuse", "score")


@dataclass(frozen=True)
class HandRecord:
    """A checked-for-shape record; cards of the deal are parsed, actions are kept as written."""

    rules: Rules
    dealer: int
    hands: tuple
    upcard: object
    bids: tuple[str, ...]
    discard: str | None
    defend_alone: int | None
    plays: tuple[str, ...]
    alone: int | None = None
    railroad: tuple = ()
    #: a farmer's exchange: (seat, the three cards given as written), or None
    farmer: tuple | None = None
    #: six-handed: the loner's exchange, (partner asked, card given, card discarded) as written, or None
    ask: tuple | None = None


def _seat_ok(x, players: int = 4) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and 0 <= x < players


def load_record(obj) -> HandRecord:
    """Check the shape of a record (a dict or a JSON string) and return a :class:`HandRecord`.

    Raises
    ------
    RecordError
        For a missing or unknown key, a value of the wrong type or unknown rules.
    """
    if isinstance(obj, HandRecord):
        return obj
    if isinstance(obj, (str, bytes)):
        try:
            obj = parse_json(obj, "record")
        except JSONInputError as exc:
            raise RecordError(str(exc).removeprefix("record: ")) from None
    if not isinstance(obj, Mapping):
        raise RecordError(f"a hand record must be a JSON object, got {type(obj).__name__}")
    for key in obj:
        if key not in RECORD_KEYS:
            raise RecordError(f"unknown key {key!r} in the record (expected {', '.join(RECORD_KEYS)})")
    for key in REQUIRED_KEYS:
        if key not in obj:
            raise RecordError(f"the record is missing {key!r}")
    try:
        rules = Rules.from_json(obj.get("rules", "north-american"))
    except (RulesError, TypeError) as exc:
        raise RecordError(f"rules: {exc}") from None
    dealer = obj["dealer"]
    np_ = rules.players
    if not _seat_ok(dealer, np_):
        raise RecordError(f"dealer must be a seat 0-{np_ - 1}, got {dealer!r}")
    hands = obj["hands"]
    if not isinstance(hands, list) or len(hands) != np_:
        count = _COUNT_WORDS[np_]
        raise RecordError(f"hands must be a list of {count} hands (seats 0-{np_ - 1}), got {hands!r}")
    for s, h in enumerate(hands):
        if not (isinstance(h, str) or (isinstance(h, list) and all(isinstance(c, str) for c in h))):
            raise RecordError(f"hand of seat {s} must be a list of cards or a string, got {h!r}")
    if not isinstance(obj["upcard"], str):
        raise RecordError(f"upcard must be a card such as '9h', got {obj['upcard']!r}")
    for key in ("bids", "plays"):
        v = obj[key]
        if not isinstance(v, list) or not all(isinstance(a, str) for a in v):
            raise RecordError(f"{key} must be a list of strings, got {v!r}")
    discard = obj.get("discard")
    if discard is not None and not isinstance(discard, str):
        raise RecordError(f"discard must be a card such as 'Tc', got {discard!r}")
    lone = obj.get("defend_alone")
    if lone is not None and not _seat_ok(lone, np_):
        raise RecordError(f"defend_alone must be a seat 0-{np_ - 1}, got {lone!r}")
    declared = obj.get("alone")
    if declared is not None and not _seat_ok(declared, np_):
        raise RecordError(f"alone must be a seat 0-{np_ - 1}, got {declared!r}")
    railroad = obj.get("railroad", [])
    if not isinstance(railroad, list) or not all(
            isinstance(x, Mapping) and set(x) == {"card", "discard"} and isinstance(x["card"], str)
            and isinstance(x["discard"], str) for x in railroad):
        raise RecordError(f"railroad must be a list of {{\"card\": ..., \"discard\": ...}} objects "
                          f"(discard a card or \"decline\"), got {railroad!r}")
    comment = obj.get("comment")
    if comment is not None and not isinstance(comment, str):
        raise RecordError(f"comment must be a string, got {comment!r}")
    farmer = obj.get("farmer")
    if farmer is not None and not (isinstance(farmer, Mapping) and set(farmer) == {"seat", "cards"}
                                   and _seat_ok(farmer["seat"], np_) and isinstance(farmer["cards"], list)
                                   and all(isinstance(c, str) for c in farmer["cards"])):
        raise RecordError(f"farmer must be {{\"seat\": 0-{np_ - 1}, \"cards\": [three cards]}}, got {farmer!r}")
    ask = obj.get("ask")
    if ask is not None and not (isinstance(ask, Mapping) and set(ask) == {"partner", "card", "discard"}
                                and _seat_ok(ask["partner"], np_) and isinstance(ask["card"], str)
                                and isinstance(ask["discard"], str)):
        raise RecordError(f"ask must be {{\"partner\": a seat 0-{np_ - 1}, \"card\": the card given, "
                          f"\"discard\": the loner's discard}}, got {ask!r}")
    return HandRecord(rules, dealer, tuple(hands), obj["upcard"], tuple(obj["bids"]), discard, lone,
                      tuple(obj["plays"]), declared, tuple((x["card"], x["discard"]) for x in railroad),
                      None if farmer is None else (farmer["seat"], tuple(farmer["cards"])),
                      None if ask is None else (ask["partner"], ask["card"], ask["discard"]))


def check_renege_mode(renege) -> None:
    """Raise :class:`RecordError` unless ``renege`` is one of :data:`RENEGE_MODES`."""
    if renege not in RENEGE_MODES:
        raise RecordError(f"renege must be one of {', '.join(RENEGE_MODES)}, got {renege!r}")


def replay(obj, renege: str = "refuse") -> HandState:
    """Replay a record through :class:`~euchre_stats.game.state.HandState`; return the finished state.

    Parameters
    ----------
    obj : dict, str or HandRecord
        The record.
    renege : {"refuse", "score"}
        ``refuse``: a card that fails to follow suit is an error like any illegal action.
        ``score``: such a card (held, of the deck, its player holding the led suit) is played
        with :meth:`~euchre_stats.game.state.HandState.play_renege`; it is reported in the
        result's ``reneges`` and the hand scores the renege penalty.  Other illegal cards
        are still errors.

    Raises
    ------
    RecordError
        Naming the first illegal action (its position, seat and why), an inconsistent deal, or
        what is missing from an incomplete record.
    """
    check_renege_mode(renege)
    rec = load_record(obj)
    try:
        state = HandState(rec.rules, rec.dealer, rec.hands, rec.upcard)
    except InconsistentDealError as exc:
        raise RecordError(f"deal: {exc}") from None
    while state.phase == FARMER:
        mine = rec.farmer is not None and state.to_act == rec.farmer[0]
        try:
            state.apply("farmer " + " ".join(rec.farmer[1]) if mine else "pass")
        except IllegalActionError as exc:
            raise RecordError(f"farmer: {exc}") from None
    if rec.farmer is not None and (state.farmer is None or state.farmer[0] != rec.farmer[0]):
        why = ("farmer's hand is not played under these rules (farmers_hand is off)" if not rec.rules.farmers_hand
               else "it holds fewer than three nines and tens, or another player exchanged first")
        raise RecordError(f"farmer: seat {rec.farmer[0]} cannot exchange: {why}")
    for i, bid in enumerate(rec.bids, 1):
        if state.phase not in BIDDING_PHASES:
            raise RecordError(f"bid {i}: {bid!r} comes after the bidding ended ({_bidding_end(state)})")
        try:
            state.apply(bid)
        except IllegalActionError as exc:
            raise RecordError(f"bid {i}: {exc}") from None
    if state.phase in BIDDING_PHASES:
        raise RecordError(f"bids end after {len(rec.bids)} calls: seat {state.to_act} is still to bid "
                          f"({state.phase.replace('_', ' ')})")
    if state.phase == DISCARD:
        if rec.discard is None:
            raise RecordError(f"discard is missing: the dealer, seat {state.dealer}, took up "
                              f"{card_name(state.upcard)} and must discard")
        try:
            state.apply(rec.discard)
        except IllegalActionError as exc:
            raise RecordError(f"discard: {exc}") from None
    elif rec.discard is not None:
        raise RecordError(f"discard {rec.discard!r} given but the dealer did not take up the upcard")
    while state.phase == ALONE:
        state.apply("alone" if state.to_act == rec.alone else "pass")
    if rec.alone is not None and state.alone != rec.alone:
        why = state.why_cannot_declare_alone(rec.alone) or "it was not offered"
        raise RecordError(f"alone: seat {rec.alone} cannot declare alone: {why}")
    while state.phase == DEFEND:
        state.apply("defend alone" if state.to_act == rec.defend_alone else "pass")
    if rec.defend_alone is not None and state.defender_alone != rec.defend_alone:
        why = state.why_cannot_defend_alone(rec.defend_alone) or "it was not offered"
        raise RecordError(f"defend_alone: seat {rec.defend_alone} cannot defend alone: {why}")
    exchanges = list(rec.railroad)
    while state.phase in (RAILROAD, EXCHANGE):
        if not exchanges:
            raise RecordError(f"railroad is missing: seat {state.to_act} must pass the loner a card")
        card, discard = exchanges.pop(0)
        try:
            state.apply(card)
            state.apply(discard)
        except IllegalActionError as exc:
            raise RecordError(f"railroad: {exc}") from None
    if exchanges:
        raise RecordError(f"railroad {exchanges[0][0]!r} given but no loner takes a card")
    if state.phase == ASK:
        try:
            state.apply("pass" if rec.ask is None else f"ask {rec.ask[0]}")
            if state.phase == GIVE:
                state.apply(rec.ask[1])
            if state.phase == TAKE:
                state.apply(rec.ask[2])
        except IllegalActionError as exc:
            raise RecordError(f"ask: {exc}") from None
    elif rec.ask is not None:
        why = ("only a lone player of six-handed euchre asks a partner for a card" if state.alone is None
               or not loner_asks_partner(state.rules) else "the exchange comes once")
        raise RecordError(f"ask {dict(zip(('partner', 'card', 'discard'), rec.ask))!r} given but no loner asks: {why}")
    n = rec.rules.hand_size
    for i, card in enumerate(rec.plays, 1):
        if state.phase != PLAY:
            if state.thrown_in:
                raise RecordError(f"play {i}: {card!r} but the hand was thrown in")
            raise RecordError(f"play {i}: {card!r} comes after the last trick")
        trick = state.trick_number + 1
        try:
            state.apply(card)
        except IllegalActionError as exc:
            if renege != "score" or not state.can_renege(card):
                raise RecordError(f"play {i} (trick {trick}): {exc}") from None
            state.play_renege(card)
    if state.phase != OVER:
        per_trick = sum(state.active)
        missing = n * per_trick - len(state.plays)
        raise RecordError(f"plays end after {len(rec.plays)} cards: {missing} more needed "
                          f"(seat {state.to_act} to play to trick {state.trick_number + 1} of {n})")
    return state


def _bidding_end(state: HandState) -> str:
    if state.thrown_in:
        return "the hand was thrown in"
    made = "no trump" if state.trump == NO_TRUMP_INDEX else f"{trump_letter(state.trump)} trump"
    return f"seat {state.maker_seat} made {made}"


def review_record(obj, renege: str = "refuse") -> HandResult:
    """Replay a record (``renege`` as in :func:`replay`); its :class:`~euchre_stats.game.state.HandResult`."""
    return replay(obj, renege).result()


def double_dummy(state: HandState) -> list[dict]:
    """Double-dummy value of every card actually played in a finished hand.

    For each play: ``{"seat", "card", "best", "kept"}`` where ``best`` is the most tricks the
    player's side could take in the whole hand from that position with every card seen and
    best play after, and ``kept`` what remains achievable after the card actually played
    (``best - kept`` tricks were thrown away by it).  Thrown-in hands give an empty list.
    In cutthroat the two defenders are one side, a coalition against the maker
    (:func:`~euchre_stats.solver.game_seats`): a defender's figures are both defenders' tricks.
    The solver plays legal cards only: for a renege, ``kept`` is what the position after it is
    worth to the player's side.
    """
    return double_dummy_many([state])[0]


def double_dummy_many(states: list[HandState]) -> list[list[dict]]:
    """:func:`double_dummy` of many finished hands, every position sent to the solver in one batch."""
    for state in states:
        if state.phase != OVER:
            raise RecordError(f"the hand is not over (phase {state.phase})")
    if not all(_on_four_seats(s) for s in states):
        four = iter(double_dummy_many([s for s in states if _on_four_seats(s)]))
        return [next(four) if _on_four_seats(s) else _double_dummy_seats(s) for s in states]
    total = sum(len(s.plays) for s in states)
    if not total:
        return [[] for _ in states]
    import numpy as np

    from ..solver import card_values_many, game_seats

    rows = np.zeros((total, 4), dtype=np.uint64)
    trumps = np.zeros(total, dtype=np.int64)
    leaders = np.zeros(total, dtype=np.int64)
    outs = np.zeros(total, dtype=np.int64)
    played = np.full((total, 3), -1, dtype=np.int8)
    base = np.zeros(total, dtype=np.int64)
    i = 0
    for state in states:
        if not state.plays:
            continue
        # the solver's four seats: the hand's own in the four-handed game, else the games' mapping
        where, out = game_seats(state.players, state.maker_seat)
        hands = [0, 0, 0, 0]
        for seat, card in zip(state.play_seats, state.plays):
            hands[where[seat]] |= 1 << card
        out |= sum(1 << where[s] for s in range(state.players) if not state.active[s])
        per_trick = sum(state.active)
        won = [0, 0]
        for j, (seat, card) in enumerate(zip(state.play_seats, state.plays)):
            k = j % per_trick
            start = j - k
            rows[i] = hands
            trumps[i] = state.trump
            outs[i] = out
            leaders[i] = where[state.play_seats[start]]
            played[i, :k] = state.plays[start:j]
            base[i] = won[where[seat] & 1]
            hands[where[seat]] &= ~(1 << card)
            if k == per_trick - 1:
                won[where[state.trick_winners[j // per_trick]] & 1] += 1
            i += 1
    values = card_values_many(rows, trumps, leaders, outs, played)
    best = values.max(axis=1).astype(np.int64) + base
    result = []
    i = 0
    for state in states:
        entries = []
        for seat, card in zip(state.play_seats, state.plays):
            entries.append({"seat": seat, "card": card_name(card), "best": int(best[i]),
                            "kept": int(base[i] + values[i, card])})
            i += 1
        for j, card in enumerate(state.plays):
            if values[i - len(entries) + j, card] < 0:  # a renege, which the solver never plays
                entries[j]["kept"] = _kept_after(state, entries, j)
        result.append(entries)
    return result


def _on_four_seats(state: HandState) -> bool:
    """Whether the four-seat solver plays ``state``'s table: no side of more than two seats (the
    four-handed game; :func:`~euchre_stats.solver.game_seats` maps two-handed and cutthroat onto
    it); a side of three (six-handed) goes to the any-seat solver (:func:`_double_dummy_seats`)."""
    return state.rules.seating.side_size <= 2


def _double_dummy_seats(state: HandState) -> list[dict]:
    """:func:`double_dummy` of a six-handed hand, by the any-seat solver
    (:func:`~euchre_stats.solver.seats.solve_seats`): every legal card of every play solved."""
    from ..core.trump import legal_plays, trick_winner_index
    from ..solver.seats import solve_seats

    n = state.players
    per_trick = sum(state.active)
    out = tuple(s for s in range(n) if not state.active[s])
    hands = [0] * n
    for seat, card in zip(state.play_seats, state.plays):
        hands[seat] |= 1 << card
    won = [0, 0]
    entries = []

    def value(hands, leader, table, side):
        """Tricks of ``side`` from here (the trick on the table first), best play by everyone."""
        sides = [0 if state.side_of(s) == side else 1 for s in range(n)]
        if len(table) == per_trick:  # the card completes the trick: score it, then the next one
            seats = [leader]
            while len(seats) < per_trick:
                seats.append(next(s for s in ((seats[-1] + k) % n for k in range(1, n + 1)) if state.active[s]))
            w = seats[trick_winner_index(list(table), state.trump)]
            got = 1 if state.side_of(w) == side else 0
            return got + (solve_seats(hands, state.trump, w, sides=sides, out=out) if hands[w] else 0)
        return solve_seats(hands, state.trump, leader, sides=sides, played=table, out=out)

    for j, (seat, card) in enumerate(zip(state.play_seats, state.plays)):
        k = j % per_trick
        leader = state.play_seats[j - k]
        table = list(state.plays[j - k:j])
        side = state.side_of(seat)
        legal = legal_plays(hands[seat], state.trump, table[0] if table else None)
        vals = {}
        for c in mask_to_cards(legal):
            hands[seat] ^= 1 << c
            vals[c] = value(hands, leader, table + [c], side)
            hands[seat] ^= 1 << c
        base = won[side]
        kept = vals.get(card)
        entry = {"seat": seat, "card": card_name(card), "best": base + max(vals.values())}
        hands[seat] &= ~(1 << card)
        if kept is None:  # a renege, which the solver never plays: what the position after it is worth
            kept = value(hands, leader, table + [card], side)
        entry["kept"] = base + kept
        entries.append(entry)
        if k == per_trick - 1:
            w = state.trick_winners[j // per_trick]
            won[state.side_of(w)] += 1
    return entries


def _kept_after(state: HandState, entries: list[dict], j: int) -> int:
    """Tricks of the side of play ``j`` in the hand with best play after it: the next position's worth."""
    from ..solver import game_seats

    where, _ = game_seats(state.players, state.maker_seat)
    side = where[entries[j]["seat"]] & 1
    if j + 1 == len(entries):
        return sum(1 for w in state.trick_winners if where[w] & 1 == side)
    nxt = entries[j + 1]
    return nxt["best"] if where[nxt["seat"]] & 1 == side else state.rules.hand_size - nxt["best"]


def rules_to_json(rules: Rules):
    """A preset name if ``rules`` is a preset, else an object of the options differing from north-american."""
    for name, r in PRESETS.items():
        if r == rules:
            return name
    base = NORTH_AMERICAN.to_dict()
    return {k: v for k, v in rules.to_dict().items() if base[k] != v}


def record_from_state(state: HandState) -> dict:
    """The record of a finished (played out or thrown-in) hand, ready for ``json.dumps``."""
    if state.phase != OVER:
        raise RecordError(f"the hand is not over (phase {state.phase}); only finished hands are recorded")
    rec = {"rules": rules_to_json(state.rules), "dealer": state.dealer,
           "hands": [format_hand(h).split() for h in state.dealt],
           "upcard": card_name(state.upcard)}
    if state.farmer is not None:
        rec["farmer"] = {"seat": state.farmer[0], "cards": format_hand(state.farmer[1]).split()}
    rec["bids"] = list(state.bids)
    if state.discard is not None:
        rec["discard"] = card_name(state.discard)
    if state.alone is not None and not any(b.endswith("alone") for b in state.bids):
        rec["alone"] = state.alone  # declared after trump was made (British timing)
    if state.defender_alone is not None:
        rec["defend_alone"] = state.defender_alone
    if state.railroad:
        rec["railroad"] = [{"card": card_name(c), "discard": "decline" if d is None else card_name(d)}
                           for _, c, d in state.railroad]
    if state.asked is not None:
        _, partner, card, discard = state.asked
        rec["ask"] = {"partner": partner, "card": card_name(card), "discard": card_name(discard)}
    rec["plays"] = [card_name(c) for c in state.plays]
    return rec


def dumps_record(rec: dict) -> str:
    """One-line JSON text of a record (the ``.jsonl`` form)."""
    return json.dumps(rec, ensure_ascii=False)


#: a review column computed by a layer above this one: finished hands -> one value per hand
Column = Callable[[list[HandState]], list]


def review_dict(obj, with_double_dummy: bool = False, renege: str = "refuse",
                columns: Mapping[str, Column] | None = None) -> dict:
    """Replay a record (``renege`` as in :func:`replay`); its result as a dict, with
    ``"double_dummy"`` (:func:`double_dummy`) if asked, and each of ``columns`` under its key."""
    state = replay(obj, renege)
    out = state.result().to_dict()
    if with_double_dummy:
        out["double_dummy"] = double_dummy(state)
    for key, fn in (columns or {}).items():
        out[key] = fn([state])[0]
    return out


def review_lines(lines: Iterable[str], with_double_dummy: bool = False, renege: str = "refuse",
                 columns: Mapping[str, Column] | None = None) -> list[dict]:
    """Review ``.jsonl`` lines (``renege`` as in :func:`replay`): one result dict per non-blank line.

    A good line gives ``{"line": N, **HandResult.to_dict()}`` (plus ``"double_dummy"`` when
    asked, all hands solved in one batch, and each of ``columns`` under its key, given every good
    hand at once); a bad one gives ``{"error": "line N: ..."}``.
    Lines are numbered from 1; blank lines are skipped.
    """
    check_renege_mode(renege)
    out: list[dict] = []
    good: list[tuple[int, HandState]] = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = parse_json(line, f"line {n}", one_line=True)
        except JSONInputError as exc:
            out.append({"error": str(exc)})
            continue
        try:
            state = replay(obj, renege)
        except ValueError as exc:
            out.append({"error": f"line {n}: {exc}"})
            continue
        out.append({"line": n, **state.result().to_dict()})
        good.append((len(out) - 1, state))
    if with_double_dummy and good:
        for (k, _), dd in zip(good, double_dummy_many([st for _, st in good])):
            out[k]["double_dummy"] = dd
    for key, fn in (columns or {}).items():
        if good:
            for (k, _), value in zip(good, fn([st for _, st in good])):
                out[k][key] = value
    return out


def read_records(lines: Iterable[str]) -> Iterator[tuple[int, dict]]:
    """``(line number, record object)`` for each non-blank line of a ``.jsonl`` text (no checking)."""
    for n, line in enumerate(lines, 1):
        if line.strip():
            yield n, parse_json(line, f"line {n}")


__all__ = ["RecordError", "HandRecord", "load_record", "replay", "review_record", "record_from_state",
           "double_dummy", "double_dummy_many", "review_dict",
           "rules_to_json", "dumps_record", "review_lines", "read_records", "RECORD_KEYS",
           "RENEGE_MODES", "check_renege_mode"]
