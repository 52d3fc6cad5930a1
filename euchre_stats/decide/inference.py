"""What an auction reveals: the weight of a sampled deal given the calls seen, under the bidding model.

Shared by the questions asked after trump is made (``alone``, ``lead``).  The passes before the
maker, the maker's call (and the round it came in), and under British timing a maker who declined
to go alone are each scored by the bidding model; a deal's weight is the product.  No I/O.
"""

from __future__ import annotations

import numpy as np

from ..bidding.auction import Auction
from ..core.seats import DEALER
from ..rules import alone_with_the_call


def auction_weights(auction: Auction, hands: np.ndarray, maker: int, trump: int, round_one: bool,
                    upcard: int | None, asker: int, partner_declined: bool = False) -> np.ndarray:
    """Per-deal likelihood of the auction seen: seats before ``maker`` passed (in round one, or in both
    rounds), ``maker`` made ``trump`` in that round, and (``partner_declined``, British timing) the
    maker then declined to go alone.

    ``hands`` are the hands as dealt (before the dealer's pick-up, for the seats other than the
    dealer).  The asker's own choices are not weighted, and neither is the dealer's round-one
    choice after a pick-up (its sampled hand then holds the upcard).  With no upcard known
    (``upcard`` None) every deal weighs 1.
    """
    n = hands.shape[0]
    w = np.ones(n)
    if upcard is None:
        return w
    if round_one:
        for s in range(maker + 1):
            if s == asker or s == DEALER:
                continue
            p = auction.p_round_one(hands, s)[0]
            w *= p if s == maker else 1.0 - p
    else:
        for s in range(4):
            if s != asker:
                w *= 1.0 - auction.p_round_one(hands, s)[0]
        for s in range(maker + 1):
            if s == asker:
                continue
            p = auction.p_round_two(hands, s)
            w *= p if s == maker else 1.0 - p
    if partner_declined and not alone_with_the_call(auction.rules):
        w *= 1.0 - auction.p_alone(hands, maker, trump, round_one)
    return w


def round_one_likelihood(auction: Auction, hands: np.ndarray, asker: int) -> np.ndarray:
    """Per-deal likelihood that the seats before ``asker`` all passed in round one."""
    w = np.ones(hands.shape[0])
    for s in range(asker):
        w *= 1.0 - auction.p_round_one(hands, s)[0]
    return w


def round_two_likelihood(auction: Auction, hands: np.ndarray, asker: int) -> np.ndarray:
    """Per-deal likelihood that every other seat passed in round one and the seats before ``asker``
    passed in round two."""
    w = np.ones(hands.shape[0])
    for s in range(4):
        if s != asker:
            w *= 1.0 - auction.p_round_one(hands, s)[0]
    for s in range(asker):
        w *= 1.0 - auction.p_round_two(hands, s)
    return w
