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
from euchre_stats.game.state import DEFEND, DISCARD, OVER, PLAY, HandState
from euchre_stats.play.contracts import Evaluator
from euchre_stats.rules import NORTH_AMERICAN, PRESETS
from euchre_stats.sampling.deals import random_deals
from euchre_stats.sampling.seeds import chunk_rng

LIVELY = BiddingModel(order=(5.0, 5.5, 5.0, 5.5), order_alone=(8.0,) * 4, call=(5.0,) * 4, call_alone=(8.0,) * 4,
                      defend_alone=6.0, temperature=2.0)
AUCTIONS = 10_000

RULE_SETS = dict(PRESETS)
RULE_SETS.update({
    "passers-and-super-euchre": NORTH_AMERICAN.replace(defend_alone=True, passer_may_not_go_alone=True,
                                                       super_euchre=True, lone_defender_points=5),
    "dealer-needs-trump": NORTH_AMERICAN.replace(dealer_needs_trump=True, dealer_may_discard_upcard=False,
                                                 defend_alone=True, defend_alone_only_against_loner=True),
    "canadian-left-of-loner": NORTH_AMERICAN.replace(canadian_loner=True, stick_the_dealer=True, defend_alone=True,
                                                     lead_after_alone="left_of_loner"),
})


def _bids(maker: int, trump: int, alone: bool, up_suit: int) -> list[str]:
    """The bids that give this contract, the dealer at seat 3 (every seat before the maker passed)."""
    if maker < 0:
        return ["pass"] * 8
    if trump == up_suit:
        return ["pass"] * maker + ["order alone" if alone else "order"]
    return ["pass"] * (4 + maker) + [SUITS[trump] + (" alone" if alone else "")]


def _replay(rules, dealt, up, c, i, rng):
    """Replay contract ``i`` of ``c`` through the state machine; return the finished state."""
    s = HandState(rules, 3, [int(h) for h in dealt], int(up))
    maker, alone, def_alone = int(c.maker[i]), bool(c.alone[i]), int(c.def_alone[i])
    for bid in _bids(maker, int(c.trump[i]), alone, int(up) >> 3):
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
    while s.phase == DEFEND:
        s.apply("defend alone" if s.to_act == def_alone else "pass")
    assert s.phase == PLAY
    assert (s.maker_seat, s.alone is not None, s.defender_alone) == (maker, alone, None if def_alone < 0 else def_alone)
    assert s.hands == [int(h) for h in c.hands[i]]
    return s


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_auctions_replay_through_the_state_machine(name):
    rules = RULE_SETS[name]
    rng = chunk_rng(20261201, list(RULE_SETS).index(name))
    hands, ups = random_deals(rules, AUCTIONS + AUCTIONS // 4, rng)
    keep = ups != JOKER  # a Joker turned up starts no auction
    hands, ups = hands[keep][:AUCTIONS], ups[keep][:AUCTIONS]
    assert len(ups) == AUCTIONS
    ev = Evaluator(rules, "dd", 0, 1)
    seen = {"alone": 0, "defend": 0, "three": 0, "thrown": 0, "round2": 0}
    for up in np.unique(ups):
        idx = np.nonzero(ups == up)[0]
        c = Auction(rules, LIVELY, int(up)).finish(hands[idx], 1, 0, rng)
        leader, out = ev.leaders(c)
        side0 = np.zeros(len(idx), dtype=np.int64)
        states = []
        for j, i in enumerate(idx):
            s = _replay(rules, hands[i], up, c, j, rng)
            if not s.thrown_in:
                assert s.to_act == leader[j], "first leader"
                assert [not (int(out[j]) >> k) & 1 for k in range(4)] == s.active, "players"
                while s.phase == PLAY:  # random legal play to the end
                    legal = s.legal_actions()
                    s.apply(legal[int(rng.integers(len(legal)))])
                side0[j] = s.tricks[0]
            states.append(s)
        score = ev.score(c, side0)  # side 0's points minus side 1's, by the vectorised scoring
        for j, s in enumerate(states):
            assert score.value[j] == s.points[0] - s.points[1], "score"
            seen["thrown"] += s.thrown_in
            seen["alone"] += s.alone is not None
            seen["defend"] += s.defender_alone is not None
            seen["three"] += sum(s.active) == 3
            seen["round2"] += not s.thrown_in and s.trump != int(up) >> 3
    # the sample reaches the rules' corners
    assert seen["alone"] > 100 and seen["round2"] > 100
    if rules.defend_alone:
        assert seen["defend"] > 20 and seen["three"] > 20
    if not rules.stick_the_dealer:
        assert seen["thrown"] > 10
