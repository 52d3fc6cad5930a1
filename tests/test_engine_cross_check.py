"""The two engines agree: every contract the vectorised auction (the engine behind every analysis)
produces replays through the exact state machine with the same contract, the same players, the
same leader and the same score.

Both engines call the rule functions of :mod:`euchre_stats.rules`; this test is what keeps them
from drifting apart.  A lively bidding model (low thresholds, soft decisions) makes loners,
Canadian loners, lone defenders, sticks and throw-ins common.
"""

from __future__ import annotations

import numpy as np
import pytest

from euchre_stats.bidding.auction import Auction
from euchre_stats.bidding.model import BiddingModel
from euchre_stats.core.bits import JOKER
from euchre_stats.core.cards import SUITS
from euchre_stats.game.state import ALONE, DEFEND, DISCARD, OVER, PLAY, RAILROAD, HandState
from euchre_stats.cardplay.contracts import Evaluator, with_railroad
from euchre_stats.rules import NORTH_AMERICAN, PRESETS, may_call_alone
from euchre_stats.sampling.deals import random_deals
from euchre_stats.sampling.seeds import chunk_rng

LIVELY = BiddingModel(order=(5.0, 5.5, 5.0, 5.5), order_alone=(8.0,) * 4, call=(5.0,) * 4, call_alone=(8.0,) * 4,
                      defend_alone=6.0, temperature=2.0, play_temperature=2.0)  # soft in play: lively auctions
AUCTIONS = 10_000

# the four-handed presets (the six-handed ones, british6 and almonte, are cross-checked in
# tests/test_six_handed_texts.py: their contracts are played from the state machine's auctions)
RULE_SETS = {name: r for name, r in PRESETS.items() if r.players == 4}
RULE_SETS.update({
    "passers-and-super-euchre": NORTH_AMERICAN.replace(defend_alone=True, passer_may_not_go_alone=True,
                                                       super_euchre=True, lone_defender_points=5),
    "dealer-needs-trump": NORTH_AMERICAN.replace(dealer_needs_trump=True, dealer_may_discard_upcard=False,
                                                 defend_alone=True, defend_alone_only_against_loner=True),
    "canadian-left-of-loner": NORTH_AMERICAN.replace(canadian_loner=True, stick_the_dealer=True, defend_alone=True,
                                                     lead_after_alone="left_of_loner"),
    "british-railroad": PRESETS["british"].replace(railroad=True, passer_may_not_go_alone=True,
                                                   lone_defender_needs_all_tricks=True),
    "railroad": NORTH_AMERICAN.replace(railroad=True, defend_alone=True),
})


def _bids(maker: int, trump: int, alone: bool, up_suit: int) -> list[str]:
    """The bids that give this contract, the dealer at seat 3 (every seat before the maker passed)."""
    if maker < 0:
        return ["pass"] * 8
    if trump == up_suit:
        return ["pass"] * maker + ["order alone" if alone else "order"]
    return ["pass"] * (4 + maker) + [SUITS[trump] + (" alone" if alone else "")]


def _replay(rules, dealt, up, c, i, railroad):
    """Replay contract ``i`` of ``c`` through the state machine; return the state when play starts.

    ``railroad`` holds the engine's exchanges ((passed, discarded) per loner kind), replayed as the
    players' choices."""
    s = HandState(rules, 3, [int(h) for h in dealt], int(up))
    maker, alone, def_alone = int(c.maker[i]), bool(c.alone[i]), int(c.def_alone[i])
    caller = maker if c.caller is None else int(c.caller[i])
    trump, up_suit = int(c.trump[i]), int(up) >> 3
    at_call = alone and caller == maker and bool(may_call_alone(rules, caller, 1 if trump == up_suit else 2))
    for bid in _bids(caller, trump, at_call, up_suit):
        s.apply(bid)  # raises IllegalActionError if the engines disagree on what is legal
    if maker < 0:
        assert s.phase == OVER and s.thrown_in
        return s
    picked = int(c.up_known[i]) >= 0  # the engine's dealer took the upcard (it may discard it again)
    assert (s.phase == DISCARD) == picked, "the dealer picks up in one engine only"
    if picked:
        discard = (int(dealt[3]) | (1 << int(up))) & ~int(c.hands[i, 3])
        assert discard.bit_count() == 1
        s.apply(discard.bit_length() - 1)
    while s.phase == ALONE:  # British timing: the makers declare after trump is made
        s.apply("alone" if alone and s.to_act == maker else "pass")
    while s.phase == DEFEND:
        s.apply("defend alone" if s.to_act == def_alone else "pass")
    for passed, dropped in railroad:
        if passed[i] >= 0:
            assert s.phase == RAILROAD
            s.apply(int(passed[i]))
            s.apply(int(dropped[i]))
    assert s.phase == PLAY
    lone_defender = None if def_alone < 0 else def_alone
    assert (s.maker_seat, s.alone is not None, s.defender_alone) == (caller, alone, lone_defender)
    assert not alone or s.alone == maker
    return s


def _replayed(rules, ev, hands, idx, up, c) -> list:
    """Every contract of ``c`` (deals ``idx`` of ``hands``, upcard ``up``) replayed through the state
    machine, each checked to start its play with the engine's hands, first leader and players."""
    played, railroad = with_railroad(rules, c)
    leader, out = ev.leaders(c)
    states = []
    for j, i in enumerate(idx):
        s = _replay(rules, hands[i], up, c, j, railroad)
        if not s.thrown_in:
            assert s.hands == [int(h) for h in played.hands[j]], "hands when play starts"
            assert s.to_act == leader[j], "first leader"
            assert [not (int(out[j]) >> k) & 1 for k in range(4)] == s.active, "players"
        states.append(s)
    return states


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_auctions_replay_through_the_state_machine(name):
    rules = RULE_SETS[name]
    rng = chunk_rng(20261201, list(RULE_SETS).index(name))
    hands, ups = random_deals(rules, AUCTIONS + AUCTIONS // 4, rng)
    keep = ups != JOKER  # a Joker turned up starts no auction
    hands, ups = hands[keep][:AUCTIONS], ups[keep][:AUCTIONS]
    assert len(ups) == AUCTIONS
    ev = Evaluator(rules, "dd", 0, 1)
    seen = {"alone": 0, "defend": 0, "three": 0, "thrown": 0, "round2": 0, "partner": 0, "railroad": 0}
    for up in np.unique(ups):
        idx = np.nonzero(ups == up)[0]
        c = Auction(rules, LIVELY, int(up)).finish(hands[idx], 1, 0, rng)
        side0 = np.zeros(len(idx), dtype=np.int64)
        states = _replayed(rules, ev, hands, idx, up, c)
        for j, s in enumerate(states):
            if not s.thrown_in:
                while s.phase == PLAY:  # random legal play to the end
                    legal = s.legal_actions()
                    s.apply(legal[int(rng.integers(len(legal)))])
                side0[j] = s.tricks[0]
        score = ev.score(c, side0)  # side 0's points minus side 1's, by the vectorised scoring
        for j, s in enumerate(states):
            assert score.value[j] == s.points[0] - s.points[1], "score"
            seen["thrown"] += s.thrown_in
            seen["alone"] += s.alone is not None
            seen["defend"] += s.defender_alone is not None
            seen["three"] += sum(s.active) == 3
            seen["round2"] += not s.thrown_in and s.trump != int(up) >> 3
            seen["partner"] += s.alone is not None and s.alone != s.maker_seat
            seen["railroad"] += len(s.railroad)
    # the sample reaches the rules' corners
    assert seen["alone"] > 100 and seen["round2"] > 100
    if rules.defend_alone:
        assert seen["defend"] > 20 and seen["three"] > 20
    if not rules.stick_the_dealer:
        assert seen["thrown"] > 10
    if rules.alone_declared == "before_lead":
        assert seen["partner"] > 20  # the maker's partner went alone
    if rules.railroad:
        assert seen["railroad"] > 100


#: the ``dd`` pass model's auctions (bidding/ddbids.py), fewer deals: every seat solves its own worlds
DD_RULE_SETS = ("north-american", "stick", "canadian", "british")


@pytest.mark.parametrize("name", DD_RULE_SETS)
def test_the_dd_pass_models_auctions_replay_through_the_state_machine(name):
    """The double-dummy bidders' contracts (``--pass-model dd``) are contracts the state machine
    allows, with the same makers, loners and players; it never names no trump (refused with a
    no-trump rule set, tests/test_no_trump.py)."""
    from euchre_stats.bidding.ddbids import DDAuction

    rules = RULE_SETS[name]
    rng = chunk_rng(20261203, DD_RULE_SETS.index(name))
    hands, ups = random_deals(rules, 160, rng)
    keep = ups != JOKER
    hands, ups = hands[keep][:120], ups[keep][:120]
    ev = Evaluator(rules, "dd", 0, 1)
    made = alone = 0
    for up in np.unique(ups):
        idx = np.nonzero(ups == up)[0]
        c = DDAuction(rules, LIVELY, int(up), 1, worlds=8).finish(hands[idx], 1, 0, rng)
        for s in _replayed(rules, ev, hands, idx, up, c):
            if not s.thrown_in:
                made += 1
                alone += s.alone is not None
    assert made > 60 and alone > 0
