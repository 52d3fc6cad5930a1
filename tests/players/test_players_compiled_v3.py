"""The compiled realistic-v3 play-out (cardplay/reading.py, engine/reading.py) against the Python player
realistic-v3 (players/reading.py, players/defence.py defend=4): the auction's weights, the card chosen on
the same worlds, and the batch play-out's contracts (reproducible, thread-independent, refusals)."""

from __future__ import annotations

import numpy as np
import pytest

from euchre_stats.bidding.auction import Auction
from euchre_stats.bidding.model import GUIDES_MODEL, BiddingModel, default_model
from euchre_stats.cardplay.contracts import Contracts, Evaluator
from euchre_stats.cardplay.reading import auction_weights, decide_reading, play_reading
from euchre_stats.core.errors import DecisionInputError, PlayModelError
from euchre_stats.players import load_player
from euchre_stats.players.cardplay import view_worlds
from euchre_stats.players.defence import LEADS, against_makers, defended_card, outstanding
from euchre_stats.players.reading import reads_auction, weighted_worlds
from euchre_stats.rules import Rules

from views_work import dealt_with_plays, kernel_weights_match, play_views  # noqa: E402

NA = Rules()


def _views(seed: int, n: int, want=lambda v: True):
    """Views of the player to move (more than one legal card, an auction realistic-v3 reads) from hands bid
    by the shipped model, the cards played at random."""
    return play_views(load_player("realistic-v1"), seed, n, lambda v: reads_auction(v) and want(v))


def _dealt(view, ws, ks):
    return dealt_with_plays(view, ws, ks)


@pytest.mark.parametrize("model", ["shipped", "points"])
def test_kernel_weights_equal_auction_likelihood(model):
    """Each candidate's weight in the kernel is players/reading.py's, to 1e-9 of the pool's largest weight
    (the count is the same float; numpy's tanh and libm's differ in the last place, which ``1 - p`` for
    ``p`` near 1 turns into a relative difference on weights far too small to be drawn)."""
    from euchre_stats.bidding.model import POINTS_MODEL

    m = default_model() if model == "shipped" else POINTS_MODEL
    checked, rounds = kernel_weights_match(m, _views(1, 80, lambda v: all(v.active)))
    assert checked >= 4000
    assert {r for r, _ in rounds} == {1, 2}


def test_kernel_weights_read_each_seats_own_model():
    """A seat's bids are read by that seat's model: changing another seat's model leaves them alone."""
    m = default_model()
    other = BiddingModel(order=(1.0,) * 4, call=(1.0,) * 4)  # a count model, other thresholds
    for view in _views(2, 20, lambda v: all(v.active) and v.made_in == 1):
        ws, _, ctx = view_worlds(view, worlds=32, seed=5)
        ks = ctx["ks"]
        d = _dealt(view, ws, ks)
        kw = dict(upcard=view.upcard, made_in=1, maker=ks[view.maker_seat], alone=view.alone is not None,
                  asker=ks[view.seat], trump=view.trump)
        base = auction_weights(NA, (m,) * 4, d, **kw)
        # the models of seats that did not bid before the maker (and the dealer's) are not read in round one
        unread = [s for s in range(4) if s > kw["maker"] or s == 3 or s == kw["asker"]]
        models = tuple(other if s in unread else m for s in range(4))
        assert np.array_equal(auction_weights(NA, models, d, **kw), base)
        read = [s for s in range(4) if s not in unread]
        if read:
            models = tuple(other if s in read else m for s in range(4))
            assert not np.allclose(auction_weights(NA, models, d, **kw), base)


def test_kernel_card_equals_the_python_players_card():
    """Given the same (weighted) worlds, the kernel's card is realistic-v3's: the cashing rule for a
    defender on lead against makers with a partner, the realistic choice otherwise (>= 99% of 2,000)."""
    m = default_model()
    agree = total = cashes = cash_agree = changed = 0
    for view in _views(3, 2000):
        ws, ctx, _ = weighted_worlds(view, m, worlds=24, seed=11)
        ks = ctx["ks"]
        cash = bool(against_makers(view) and not view.trick)
        da = -1 if view.defender_alone is None else ks[view.defender_alone]
        card = decide_reading(NA, ws, view.trump, ctx["leader"], ctx["out"], ks[view.maker_seat],
                              view.alone is not None, da, cash=cash,
                              public_out=outstanding(view, view.hand, len(view.plays)) if cash else 0,
                              trick=ctx["trick"], gone=ctx["gone"], won=ctx["won"], order=ctx["order"])
        ref = defended_card(view, m, LEADS, worlds=24, seed=11)
        total += 1
        agree += card == ref
        if cash:
            cashes += 1
            cash_agree += card == ref
            plain = decide_reading(NA, ws, view.trump, ctx["leader"], ctx["out"], ks[view.maker_seat], False, da,
                                   cash=False, trick=ctx["trick"], gone=ctx["gone"], won=ctx["won"],
                                   order=ctx["order"])
            changed += plain != card
    assert total == 2000 and cashes >= 100
    assert agree / total >= 0.99, (agree, total)
    assert cash_agree / cashes >= 0.99, (cash_agree, cashes)
    assert changed > 0, cashes  # the rule does change some leads
    print(f"agree {agree}/{total}; on the cashing rule's leads {cash_agree}/{cashes} ({changed} changed by it)")


def _contracts(n: int, seed: int):
    """Random deals, each with the shipped bidder's auction after the upcard 9h: contracts to play."""
    from euchre_stats.core.cards import parse_card
    from euchre_stats.sampling.dealer import Dealer, Knowledge

    up = parse_card("9h")
    m = default_model()
    k = Knowledge(NA.deck_obj.mask)
    k.need = [5, 5, 5, 5, 3]
    k.known[4] = 1 << up
    rng = np.random.default_rng(seed)
    hands = Dealer(k).sample(n, rng)[:, :4].copy()
    auction = Auction(NA, m, up)
    c = auction.finish(hands, 1, 0, rng)
    live = c.maker >= 0
    keep = lambda a: None if a is None else a[live]  # noqa: E731
    c = Contracts(*(keep(getattr(c, f)) for f in ("hands", "trump", "maker", "alone", "def_alone", "up_known",
                                                 "caller", "discard")))
    return c, auction


def _leaders(c):
    ev = Evaluator(NA, "pimc", 0, 1)
    leader, out = ev.leaders(c)
    hands = c.hands.copy()
    for s in range(4):
        hands[:, s] = np.where((out >> s) & 1, np.uint64(0), hands[:, s])
    return hands, leader, out


def test_play_reading_is_reproducible_for_any_threads_and_reads_the_auction():
    c, auction = _contracts(300, 4)
    hands, leader, out = _leaders(c)
    made_in = np.where(c.trump == auction.up_suit, 1, 2)
    kw = dict(seed=9, models=auction.models, upcard=auction.upcard, made_in=made_in, up_known=c.up_known,
              discard=c.discard)
    args = (NA, hands, c.trump, leader, out, c.maker, c.alone, c.def_alone)
    stats = np.zeros(20, dtype=np.int64)
    a = play_reading(*args, threads=1, stats=stats, **kw)
    b = play_reading(*args, threads=2, **kw)
    assert np.array_equal(a, b)
    assert ((a >= 0) & (a <= 5)).all()
    from euchre_stats.engine.reading import ST_ESS, ST_POOL, ST_READ

    assert stats[ST_READ] > 0 and stats[ST_POOL] >= 256 * stats[ST_READ]
    assert stats[ST_ESS] / stats[ST_READ] >= 24  # the pool grows until the effective candidates reach the worlds
    # rows in one order or another, one stream each: the same tricks
    perm = np.random.default_rng(1).permutation(len(a))
    kp = dict(kw, made_in=made_in[perm], up_known=c.up_known[perm], discard=c.discard[perm], streams=perm)
    p = play_reading(NA, hands[perm], c.trump[perm], leader[perm], out[perm], c.maker[perm], c.alone[perm],
                     c.def_alone[perm], threads=2, **kp)
    assert np.array_equal(p, a[perm])
    # the auction read (made_in 0: uniform worlds, no cashing rule) changes some play-outs
    u = play_reading(*args, threads=2, **dict(kw, made_in=0))
    assert not np.array_equal(u, a)


def test_evaluator_plays_realistic_v3_only_with_the_auction():
    c, auction = _contracts(60, 5)
    with pytest.raises(PlayModelError, match="realistic-v3"):
        Evaluator(NA, "realistic-v3", 0, 1)
    with pytest.raises(PlayModelError, match="count bidding model"):
        Evaluator(NA, "realistic-v3", 0, 1, auction=Auction(NA, GUIDES_MODEL, auction.upcard))
    ev = Evaluator(NA, "realistic-v3", 0, 1, auction=auction)
    o1 = ev.play(c, np.random.default_rng(3))
    o2 = ev.play(c, np.random.default_rng(3))
    assert np.array_equal(o1.value, o2.value)
    assert set(np.unique(o1.value)) <= {-4.0, -2.0, -1.0, 1.0, 2.0, 4.0}


def test_questions_take_realistic_v3_where_they_read_the_auction():
    from euchre_stats.decide.call import call_decision
    from euchre_stats.decide.lead import lead_decision
    from euchre_stats.decide.order import order_decision

    d = order_decision("Jh Jd Ah 9s Tc", "9h", "eldest", samples=60, seed=1, model="realistic-v3", workers=1)
    assert d.model == "realistic-v3" and len(d.options) == 3
    d = call_decision("As Js Qh Ad Td", "Kh", "eldest", samples=60, seed=1, model="realistic-v3", workers=1)
    assert d.model == "realistic-v3"
    with pytest.raises(DecisionInputError, match="no trump"):
        order_decision("Jh Jd Ah 9s Tc", "9h", "eldest", Rules(no_trump=True), samples=10, seed=1,
                       model="realistic-v3")
    with pytest.raises(DecisionInputError, match="reads the auction: give the upcard"):
        lead_decision("Kc Qc Jh Ah 9d", "h", "eldest", "eldest", samples=10, seed=1, model="realistic-v3")
    d = lead_decision("Kc Qc Jh Ah 9d", "h", "eldest", "eldest", up="9h", samples=60, seed=1, model="realistic-v3",
                      workers=1)
    assert d.model == "realistic-v3" and len(d.options) == 5
