"""Hand records of the hands a study played (``variants --records FILE``): every sampled deal, bid as
the study bid it, played out card by card through the state machine by the study's play model.

The studies count tricks with compiled kernels that return how many tricks the makers took, not the
cards they played, so each record's play-out is played again here, through
:class:`~euchre_stats.game.state.HandState`, from the deal and the contract the study counted:

* the deal and the auction are the study's exactly: the two-, three- and six-handed games (and the
  four-handed game beside them) are bid through the state machine already, and the four-handed
  vectorised auction (:mod:`euchre_stats.decide.selfplay`) is replayed bid by bid (every seat before
  the caller passed; the dealer's discard, alone before the lead, a lone defender and the railroad
  exchange as the auction made them);
* ``dd``: every card is the double-dummy card (the ``cheat`` player: the most tricks for the mover's
  side with every card seen, ties to the lowest card), so the makers take exactly the tricks the
  study's double-dummy solver counted;
* ``pimc``: every card is the realistic player's (the ``realistic`` player, the same model and
  number of worlds), but its worlds are drawn from the record's own seeds, not from the kernel's
  random stream, so a play-out can differ from the one the study counted: each record's comment
  gives both trick counts, and :func:`agreement` counts the contracts where they are equal.

A deal's play-out seed depends only on the study's seed, the table, the deck and the deal's
number, so records are reproducible.  No I/O here.
"""

from __future__ import annotations

import numpy as np

from ..cardplay.contracts import with_railroad
from ..core.cards import SUITS
from ..core.errors import IllegalActionError
from ..game.records import record_from_state
from ..game.state import ALONE, DEFEND, DISCARD, NAME_TRUMP, OVER, PLAY, RAILROAD, HandState
from ..rules import Rules, joker_up_makes_trump, may_call_alone

#: why the four-handed vectorised study writes no records under Almonte's Joker rule
NO_ALMONTE = ("records: under joker_upcard almonte the four-handed vectorised auction keeps the contract, not the "
              "suit the dealer named over a Joker, so its hands cannot be written as records (--players 6, the "
              "Almonte game's own table, writes them)")
#: the player who plays every card of a record, by play model
CARD_PLAYERS = {"dd": "cheat", "pimc": "realistic-v1"}


def play_seed(seed: int, rules: Rules, deal: int) -> int:
    """The play-out seed of deal number ``deal`` of a study seeded ``seed`` at ``rules``' table and deck."""
    ss = np.random.SeedSequence([int(seed), rules.players, rules.deck_obj.size, int(deal), 28])
    return int(ss.generate_state(1, np.uint64)[0] >> np.uint64(1))


def _players(model: str, n: int) -> list:
    from ..players.load import load_player

    return [load_player(CARD_PLAYERS[model])] * n


def finish(state: HandState, model: str, seed: int) -> HandState:
    """Play ``state`` (at its first lead, or thrown in) to the end by ``model``'s card player."""
    if state.phase == PLAY:
        from ..players.table import play_hand  # the players load the realistic kernels: only when recording

        play_hand(state, _players(model, state.players), seed=seed)
    if state.phase != OVER:
        raise RuntimeError(f"a study's hand stopped at {state.phase} before its play")  # bidding is the study's
    return state


def maker_tricks(state: HandState) -> int | None:
    """The makers' tricks of a finished hand (None: thrown in)."""
    return None if state.makers is None else int(state.tricks[state.makers])


def record_of(state: HandState, counted: int | None, where: str, model: str) -> dict:
    """The record of a finished hand, its comment saying where it comes from and what the study counted."""
    rec = record_from_state(state)
    played = maker_tricks(state)
    if counted is None:
        what = "thrown in"
    else:
        what = (f"the study counted the makers {counted} tricks ({model}), this play-out {played}"
                + ("" if played == counted else ": the play-out differs (its worlds are the record's own)"))
    rec["comment"] = f"euchre-stats variants: {where}; {what}"
    return rec


def agreement(records: list[dict]) -> tuple[int, int]:
    """``(contracts whose play-out gave the makers the tricks the study counted, contracts)``."""
    played = [r for r in records if "the study counted" in r.get("comment", "")]
    return sum("differs" not in r["comment"] for r in played), len(played)


class WithRecords:
    """What a study's result with records (its ``records`` list, empty unless asked for) gives."""

    records: list

    def records_jsonl(self) -> str:
        """The hand records, one JSON line each (``euchre-stats review FILE.jsonl`` replays them)."""
        from ..game.records import dumps_record

        return "".join(dumps_record(r) + "\n" for r in self.records)

    def records_summary(self) -> str:
        """One line: how many records, and in how many contracts the play-out gave the makers the
        tricks the study counted."""
        same, contracts = agreement(self.records)
        return (f"{len(self.records):,} hand records, {contracts:,} of them contracts played out; the makers "
                f"took the tricks the study counted in {same:,} of {contracts:,}")


def _bids(caller: int, trump: int, alone: bool, up_suit: int) -> list[str]:
    """The bids that give this contract, the dealer at seat 3 (every seat before the caller passed)."""
    if caller < 0:
        return ["pass"] * 8
    if trump == up_suit:
        return ["pass"] * caller + ["order alone" if alone else "order"]
    return ["pass"] * (4 + caller) + [SUITS[trump] + (" alone" if alone else "")]


def _auction(rules: Rules, dealt, up: int, named: int | None, caller: int, trump: int, alone: bool,
             maker: int) -> HandState:
    """The deal bid to the end of the calls: the Joker's naming (``named``), then every call."""
    s = HandState(rules, 3, [int(h) for h in dealt], int(up))
    up_suit = int(up) >> 3
    if named is not None:
        s.apply(SUITS[named])
        if joker_up_makes_trump(rules):
            return s
        up_suit = named  # Almonte: round one on the suit named blind
    round_ = 1 if trump == up_suit else 2
    at_call = alone and caller == maker and bool(may_call_alone(rules, caller, round_))
    for bid in _bids(caller, trump, at_call, up_suit):
        s.apply(bid)
    return s


def auction_state(rules: Rules, dealt, up: int, c, j: int, railroad) -> HandState:
    """Contract ``j`` of the four-handed vectorised auction ``c`` (the deal ``dealt``, the ``upcard``)
    replayed through the state machine to its first lead (or thrown in); ``railroad`` as
    :func:`~euchre_stats.cardplay.contracts.with_railroad` gives it.  Raises ``RuntimeError`` if the
    two engines disagree (``tests/test_engine_cross_check.py`` keeps them from doing so)."""
    if c is None:  # a Joker turned up throws the hand in
        s = HandState(rules, 3, [int(h) for h in dealt], int(up))
        if s.phase != OVER:
            raise RuntimeError("a Joker upcard the study threw in starts a hand in the state machine")
        return s
    maker, alone, def_alone = int(c.maker[j]), bool(c.alone[j]), int(c.def_alone[j])
    caller = maker if c.caller is None else int(c.caller[j])
    trump = int(c.trump[j])
    # a Joker turned up (British "blind"): the dealer's naming is the trump it made, the dealer the
    # caller (the vectorised contracts of a Joker upcard keep only the seat that plays, maybe a lone partner)
    named = trump if HandState(rules, 3, [int(h) for h in dealt], int(up)).phase == NAME_TRUMP else None
    if named is not None:
        if not joker_up_makes_trump(rules):
            raise RuntimeError(NO_ALMONTE)
        caller = 3
    try:
        s = _auction(rules, dealt, up, named, caller, trump, alone, maker)
    except IllegalActionError as exc:
        raise RuntimeError(f"the study's auction (caller {caller}, trump {trump}) does not replay: {exc}") from None
    if maker < 0:
        if s.phase != OVER:
            raise RuntimeError("a hand the study threw in is not thrown in by the state machine")
        return s
    if s.phase == DISCARD:
        took = int(up)
        s.apply(((int(dealt[3]) | (1 << took)) & ~int(c.hands[j, 3])).bit_length() - 1)
    while s.phase == ALONE:  # British timing: the makers declare after trump is made
        s.apply("alone" if alone and s.to_act == maker else "pass")
    while s.phase == DEFEND:
        s.apply("defend alone" if s.to_act == def_alone else "pass")
    for passed, dropped in railroad:
        if passed[j] >= 0:
            if s.phase != RAILROAD:
                raise RuntimeError(f"the study's railroad exchange does not replay: the hand is at {s.phase}")
            s.apply(int(passed[j]))
            s.apply(int(dropped[j]))
    lone_defender = None if def_alone < 0 else def_alone
    if s.phase != PLAY or (s.maker_seat, s.alone is not None, s.defender_alone) != (caller, alone, lone_defender):
        raise RuntimeError(f"the study's contract (caller {caller}, alone {alone}, defender {def_alone}) does "
                           f"not replay: the state machine reached {s.phase}")
    return s


def vectorised_records(rules: Rules, auctions: list, maker: np.ndarray, counted: np.ndarray, model: str,
                       seed: int, first: int) -> list[dict]:
    """The records of one chunk of the four-handed study: ``auctions`` as
    :func:`~euchre_stats.decide.selfplay.play_random_hands` fills them, ``maker`` and ``counted`` (the
    makers' tricks) per deal of the chunk, whose first deal is number ``first`` of its deck."""
    recs: list = [None] * len(maker)
    for idx, dealt, up, c in auctions:
        railroad = [] if c is None else with_railroad(rules, c)[1]
        for j, i in enumerate(idx):
            s = auction_state(rules, dealt[j], up, c, j, railroad)
            deal = first + int(i)
            finish(s, model, play_seed(seed, rules, deal))
            recs[i] = record_of(s, int(counted[i]) if maker[i] >= 0 else None,
                                f"the {rules.deck}-card deck, deal {deal}, seed {seed}", model)
    return recs


def game_records(rules: Rules, states: list, counted: np.ndarray, label: str, model: str, seed: int,
                 first: int) -> list[dict]:
    """The records of one chunk of a table study: ``states`` at their first lead (or thrown in) as the
    state machine bid them, ``counted`` the makers' tricks the study counted, column ``label``."""
    recs = []
    for i, s in enumerate(states):
        deal = first + i
        finish(s, model, play_seed(seed, rules, deal))
        recs.append(record_of(s, None if s.makers is None else int(counted[i]),
                              f"{label}, deal {deal}, seed {seed}", model))
    return recs


__all__ = ["CARD_PLAYERS", "NO_ALMONTE", "agreement", "auction_state", "finish", "game_records", "maker_tricks",
           "play_seed", "record_of", "vectorised_records", "WithRecords"]
