"""Contracts: the auction play-out honours every rule option; scoring matches the rules table."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from euchre_stats.bidding.auction import Auction
from euchre_stats.bidding.model import BiddingModel, default_model
from euchre_stats.core.cards import parse_card
from euchre_stats.core.seats import DEALER
from euchre_stats.core.trump import holds_natural_trump
from euchre_stats.cardplay.contracts import Contracts, Evaluator
from euchre_stats.rules import hand_points, hand_points_array, preset
from euchre_stats.sampling.deals import random_positions


@pytest.mark.parametrize("name", ["north-american", "british"])
def test_points_array_matches_the_rules(name):
    rules = preset(name).replace(super_euchre=True)
    for t, alone, def_alone in itertools.product(range(6), (False, True), (False, True)):
        if def_alone and not alone:
            continue
        mp, dp = hand_points_array(rules, np.array([t]), np.array([alone]), np.array([def_alone]))
        assert (int(mp[0]), int(dp[0])) == hand_points(rules, t, alone, def_alone)


def _auction(rules, n=3000, seed=4, model=None):
    hands, _, _ = random_positions(n, seed)
    up = parse_card("9h")
    keep = ~(((hands >> np.uint64(up)) & np.uint64(1)).astype(bool).any(axis=1))
    hands = hands[keep]
    model = model or default_model()
    return hands, Auction(rules, model, up).finish(hands, 1, 0, np.random.default_rng(seed))


def test_stick_the_dealer_never_throws_in():
    _, c = _auction(preset("stick"))
    assert (c.maker >= 0).all()
    # the guide thresholds are cautious enough that some hands are thrown in without the rule
    _, free = _auction(preset("north-american"), model=BiddingModel())
    assert (free.maker < 0).any()


def test_canadian_partner_orders_only_alone():
    _, c = _auction(preset("canadian"))
    r1 = (c.trump == 2) & (c.maker == 1) & (c.up_known == parse_card("9h"))
    partner_r1 = (c.maker == 1) & (c.trump == 2)
    assert c.alone[partner_r1].all()
    assert not r1.any()  # a lone partner's dealer sits out and does not pick up


def test_dealer_needs_a_trump_to_take_it_up():
    rules = preset("north-american").replace(dealer_needs_trump=True)
    hands, c = _auction(rules)
    took = (c.maker == DEALER) & (c.up_known >= 0)
    dealt = hands[took, DEALER]
    assert all(holds_natural_trump(int(h), 2) for h in dealt)


def test_pick_up_puts_the_upcard_in_the_dealer_hand():
    _, c = _auction(preset("north-american"))
    up = parse_card("9h")
    picked = c.up_known >= 0
    assert picked.any()
    assert ((c.hands[picked, DEALER] >> np.uint64(up)) & np.uint64(1)).all()
    assert all(int(h).bit_count() == 5 for h in c.hands[:, DEALER])


def test_scores_are_for_the_asking_side():
    rules = preset("north-american")
    hands = np.zeros((2, 4), dtype=np.uint64)
    c = Contracts(hands, np.array([2, 2]), np.array([0, 1]), np.array([False, False]), np.array([-1, -1]))
    ev = Evaluator(rules, "dd", 0, None)
    o = ev.score(c, np.array([5, 5]))  # side 0 took all five tricks both times
    assert o.value.tolist() == [2.0, 2.0]  # we marched; then we euchred their contract
    assert o.our_march.tolist() == [True, False] and o.our_euchred.tolist() == [False, False]
    super_ev = Evaluator(rules.replace(super_euchre=True), "dd", 0, None)
    assert super_ev.score(c, np.array([5, 5])).value.tolist() == [2.0, 4.0]
    seen_from_1 = Evaluator(rules, "dd", 1, None).score(c, np.array([5, 5]))
    assert seen_from_1.value.tolist() == [-2.0, -2.0] and seen_from_1.our_euchred.tolist() == [False, True]


@pytest.mark.parametrize("model", ["pimc", "dd"])
def test_options_played_together_score_as_each_played_alone_on_the_same_streams(model):
    """``Evaluator.play_options`` interleaves the options deal by deal on one stream per deal: each
    option's outcome is the one ``play`` gives it alone with the same seed and streams."""
    rules = preset("north-american")
    hands, _, _ = random_positions(30, seed=4)
    n = len(hands)
    cs = [Contracts(hands.copy(), np.full(n, t), np.full(n, m), np.full(n, a), np.full(n, -1))
          for t, m, a in ((2, 0, False), (2, 3, False), (1, 1, True))]
    ev = Evaluator(rules, model, 0, 2)
    together = ev.play_options(cs, np.random.default_rng(9))
    for c, o in zip(cs, together):
        alone = ev.play(c, np.random.default_rng(9), streams=np.arange(n))
        for f in ("value", "our_make", "our_march", "our_euchred", "our_tricks"):
            assert (getattr(o, f) == getattr(alone, f)).all(), f
    assert len({o.value.tobytes() for o in together}) == 3
