"""Self-play hands (decide/selfplay.py): who made trump when the Joker is turned up."""

from __future__ import annotations

import numpy as np

from euchre_stats.bidding.model import BiddingModel
from euchre_stats.decide.selfplay import _joker_up
from euchre_stats.rules import preset
from euchre_stats.sampling.deals import random_deals


def test_a_joker_named_blind_is_the_dealers_call_though_a_partner_plays_alone():
    """With the Joker turned up under British rules the dealer names trump blind; where the dealer's
    partner then goes alone, the contract's maker is that lone seat and its caller stays the dealer
    (a match's split and the records read the caller)."""
    rules = preset("british").replace(deck="25")
    hands, _ = random_deals(rules.replace(deck="24"), 4000, np.random.default_rng(3))  # the Joker is up
    # a dealer who never goes alone and a partner who always does
    model = BiddingModel(order_alone=(0.0, 0.0, 0.0, 99.0), call_alone=(0.0, 0.0, 0.0, 99.0))
    c = _joker_up(rules, hands, model, np.random.default_rng(4))
    assert (c.maker == 1).all() and c.alone.all()   # the dealer's partner plays alone
    assert (c.caller == 3).all()                    # but the dealer named trump
