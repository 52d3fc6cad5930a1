"""The compiled reading (engine/reading.py, cardplay/reading.py) under the feature bidder and as realistic-v4:

* the kernel's features of a hand (``engine/reading.py::feature_row``, numba) equal bidding/features.py's on
  random hands (hypothesis), and the constants it copies equal the bidding and players modules';
* the kernel's weight of each candidate deal equals players/reading.py::auction_likelihood under the feature
  bidder shipped-v3 (and with its junk pass) on more than 5,000 candidates, both rounds;
* ``loner_worlds`` (realistic-v4) changes only the deals a maker played alone, and its decisions are counted;
* the kernel's card equals the Python realistic-v4's on the same worlds (the defender against a loner on 8
  times the worlds; a small version of benchmarks/v4_twin.py, which records 2,000 decisions).
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_stats.bidding.auction import Auction
from euchre_stats.bidding.features import FEATURES, HAND_FEATURES, COUNT_FEATURES, context_features, hand_features
from euchre_stats.bidding.model import default_model
from euchre_stats.bidding import model_v2
from euchre_stats.bidding.model_v2 import shipped_v3_model
from euchre_stats.bidding.table_model import shipped_table_model
from euchre_stats.cardplay.contracts import Contracts, Evaluator
from euchre_stats.cardplay.reading import (MORE_WORLDS, auction_weights, decide_reading, play_reading,
                                           sample_reading_worlds)
from euchre_stats.core.errors import RealisticInputError
from euchre_stats.core.hand_classes import round_one_keys
from euchre_stats.core.trump import EFF_SUIT
from euchre_stats.engine import reading as K
from euchre_stats.players import defence
from euchre_stats.players.cardplay import view_worlds
from euchre_stats.players.defence import MORE, against_loner, defended_card, loner_card
from euchre_stats.players.load import V4_DEFEND
from euchre_stats.players.reading import auction_likelihood, reads_auction, weighted_worlds
from euchre_stats.players.shipped import ModelPlayer
from euchre_stats.rules import Rules

from views_work import dealt_with_plays, kernel_weights_match, play_views  # noqa: E402

NA = Rules()
_EFF = np.ascontiguousarray(EFF_SUIT[:4], dtype=np.int64)


def test_the_kernels_copies_of_the_bidding_constants_are_the_bidding_modules():
    assert K.NUM_FEATURES == len(FEATURES)
    assert K.NUM_HAND_FEATURES == len(HAND_FEATURES) + len(COUNT_FEATURES)
    assert K.MARGIN_SCALE == model_v2.MARGIN_SCALE and K.JUNK_MARGIN == model_v2.JUNK_MARGIN
    assert MORE_WORLDS == defence.MORE_WORLDS and V4_DEFEND & MORE


@settings(max_examples=400, deadline=None)
@given(hand=st.integers(0, (1 << 33) - 1), trump=st.integers(0, 3), count=st.floats(-20, 40),
       up=st.integers(0, 32), banned=st.integers(-1, 3))
def test_kernel_features_equal_bidding_features(hand, trump, count, up, banned):
    """Any hand (any cards of the 33, the Joker too), any trump and count, round one (``banned`` -1) or two:
    the kernel's row is bidding/features.py's to the last bit."""
    x = np.zeros(K.NUM_FEATURES)
    K.feature_row(hand, trump, count, up, banned, _EFF, x)
    h = np.array([hand], dtype=np.uint64)
    hf = hand_features(h, trump, np.array([count]))
    if banned < 0:
        ref = np.hstack([hf, context_features(1, up)])[0]
    else:
        ref = np.hstack([hf, context_features(1, trump=trump, banned_suit=banned, trumps=hf[:, 1])])[0]
    assert np.array_equal(x, ref), np.nonzero(x != ref)


def _views(bidder, seed: int, n: int, want=lambda v: True):
    """Views of the player to move (more than one legal card, an auction that is read) from hands bid by
    ``bidder`` (a player), the cards played at random."""
    return play_views(bidder, seed, n, lambda v: reads_auction(v) and want(v))


def _dealt(view, ws, ks):
    return dealt_with_plays(view, ws, ks)


def _weights_match_the_python_reader(m, seed: int, views: int) -> int:
    """:func:`views_work.kernel_weights_match` on views of hands bid by ``m``, both rounds met; the candidates
    checked."""
    checked, rounds = kernel_weights_match(m, _views(ModelPlayer(m), seed, views, lambda v: all(v.active)))
    assert {r for r, _ in rounds} == {1, 2}
    return checked


@pytest.mark.parametrize("junk", [0.0, 1.0])
def test_kernel_weights_equal_auction_likelihood_under_the_feature_bidder(junk):
    """Under shipped-v3 (with its junk pass or not), on more than 5,000 candidates of both rounds."""
    assert _weights_match_the_python_reader(dataclasses.replace(shipped_v3_model(), junk_pass=junk), 7, 90) >= 5000


def test_kernel_weights_equal_auction_likelihood_under_the_table_bidder():
    """Under the table bidder (round one at its seats from the realistic table's rows, the rest shipped-v4), on
    more than 3,000 candidates of both rounds."""
    assert _weights_match_the_python_reader(shipped_table_model(), 9, 150) >= 3000


def test_a_table_bidders_arrays_are_built_once():
    """model_arrays of the same table bidders twice gives the very arrays built the first time (tens of MB: not
    rebuilt at every play-out call); other rows build their own."""
    from euchre_stats.cardplay.reading import model_arrays

    m = shipped_table_model()
    first, again = model_arrays(NA, [m] * 4), model_arrays(NA, [m] * 4)
    assert first[5] is again[5] and first[6] is again[6] and first[5].shape[2] > 100_000
    plain = model_arrays(NA, [shipped_v3_model()] * 4)
    assert plain[5] is not first[5] and plain[5].shape[2] == 1


def test_kernel_weights_equal_auction_likelihood_under_a_round_two_table():
    """Under a table bidder with round-two rows too (random values over every class at eldest and the dealer, a
    third of the rows not deciding: the feature bidder's there), on more than 3,000 candidates of both
    rounds (round one's shipped rows: the dealer's too close to call do not decide either)."""
    from euchre_stats.bidding.table_model import TableModel, TableRows
    from euchre_stats.strategy.classes import enumerate_classes

    keys = enumerate_classes("24").keys
    rng = np.random.default_rng(11)
    vals = {s: np.round(rng.normal(0, 1.2, (len(keys), 7)), 2) for s in (0, 3)}
    vals[3][:, 0] = 0.0
    for s in (0, 3):
        vals[s][rng.random(len(keys)) < 0.33] = np.nan
    two = TableRows(NA, (0, 3), {0: keys, 3: keys}, vals, "shipped-v4")

    class WithRoundTwo(TableModel):
        def rows2(self):
            return two

    m = WithRoundTwo(**dataclasses.asdict(shipped_table_model()))
    assert _weights_match_the_python_reader(m, 10, 400) >= 3000


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 23), min_size=6, max_size=6, unique=True))
def test_kernel_class_key_is_the_tables(picks):
    cards = sorted(NA.deck_obj.cards)
    hand = sum(1 << cards[i] for i in picks[:5])
    up = cards[picks[5]]
    assert K._class_key(np.int64(hand), np.int64(up)) == int(round_one_keys(np.array([hand], dtype=np.uint64), up)[0])


def test_kernel_reads_a_mixed_table_seat_by_seat():
    """The asker's side bids by the count, the others by the feature bidder: each seat's bids are read by its
    own model (the weights are the product of the Python likelihood's factors under each seat's model)."""
    count, feat = default_model(), shipped_v3_model()
    checked = 0
    for view in _views(ModelPlayer(feat), 8, 40, lambda v: all(v.active) and v.made_in == 1):
        ws, _, ctx = view_worlds(view, worlds=32, seed=5)
        ks = ctx["ks"]
        d = _dealt(view, ws, ks)
        asker, maker = ks[view.seat], ks[view.maker_seat]
        kw = dict(upcard=view.upcard, made_in=1, maker=maker, alone=view.alone is not None, asker=asker,
                  trump=view.trump)
        models = tuple(count if (s & 1) == (asker & 1) else feat for s in range(4))
        fast = auction_weights(NA, models, d, **kw)
        # round one: one factor per seat before the maker (the dealer's is never read in round one)
        ref = np.ones(len(d))
        for s in range(maker + 1):
            if s not in (asker, 3):
                ref *= _factor(models[s], d, kw, s)
        assert np.allclose(fast, ref, rtol=1e-9, atol=1e-12)
        checked += len(d)
    assert checked >= 1000


def _factor(model, d, kw, s):
    """Round one: seat ``s``'s own factor of the likelihood under ``model`` (its pass, or its order and
    alone), by the Python model."""
    a = Auction(NA, model, kw["upcard"])
    p, pa = a.p_round_one(np.asarray(d, dtype=np.uint64), s)
    if s != kw["maker"]:
        return 1.0 - p
    return p * (pa if kw["alone"] else 1.0 - pa)


def _contracts(n: int, seed: int, model):
    """Random deals, each with ``model``'s auction after the upcard 9h (hard decisions): contracts to play."""
    from euchre_stats.core.cards import parse_card
    from euchre_stats.sampling.dealer import Dealer, Knowledge

    up = parse_card("9h")
    k = Knowledge(NA.deck_obj.mask)
    k.need = [5, 5, 5, 5, 3]
    k.known[4] = 1 << up
    rng = np.random.default_rng(seed)
    hands = Dealer(k).sample(n, rng)[:, :4].copy()
    auction = Auction(NA, model, up)
    c = auction.finish(hands, 1, 0, rng)
    live = c.maker >= 0
    keep = lambda a: None if a is None else a[live]  # noqa: E731
    c = Contracts(*(keep(getattr(c, f)) for f in ("hands", "trump", "maker", "alone", "def_alone", "up_known",
                                                 "caller", "discard")))
    return c, auction


def _play(c, auction, **kw):
    ev = Evaluator(NA, "pimc", 0, 1)
    leader, out = ev.leaders(c)
    hands = c.hands.copy()
    for s in range(4):
        hands[:, s] = np.where((out >> s) & 1, np.uint64(0), hands[:, s])
    made_in = np.where(c.trump == auction.up_suit, 1, 2)
    return play_reading(NA, hands, c.trump, leader, out, c.maker, c.alone, c.def_alone, seed=9, models=auction.models,
                        upcard=auction.upcard, made_in=made_in, up_known=c.up_known, discard=c.discard, **kw)


def test_play_reading_under_the_feature_bidder_and_v4_more_worlds_only_against_loners():
    """The play-out reads a table of feature bidders; ``loner_worlds`` 8 (realistic-v4) plays every deal
    without a loner exactly as realistic-v3 (the same stream, the same decisions) and decides the lone
    deals' defence on 8 times the worlds (some play-outs change), the same for any threads."""
    c, auction = _contracts(200, 4, shipped_v3_model())
    lone = c.alone & (c.def_alone < 0)
    assert lone.sum() >= 10 and (~lone).sum() >= 100
    s3 = np.zeros(K.NUM_READ_STATS, dtype=np.int64)
    s4 = np.zeros(K.NUM_READ_STATS, dtype=np.int64)
    v3 = _play(c, auction, threads=1, stats=s3)
    v4 = _play(c, auction, threads=1, loner_worlds=MORE_WORLDS, stats=s4)
    assert np.array_equal(v4, _play(c, auction, threads=2, loner_worlds=MORE_WORLDS))
    assert np.array_equal(v3[~lone], v4[~lone])
    assert not np.array_equal(v3[lone], v4[lone])
    assert s3[K.ST_MORE] == 0 and s4[K.ST_MORE] > 0
    assert s4[K.ST_READ] > 0 and s4[K.ST_POOL] > s3[K.ST_POOL]
    with pytest.raises(RealisticInputError, match="loner_worlds"):
        _play(c, auction, loner_worlds=0)
    with pytest.raises(RealisticInputError, match="loner_worlds"):
        _play(c, auction, loner_worlds=1000)


def v4_decision(view, m, seed: int):
    """``(kernel's card, Python realistic-v4's card)`` on the same worlds: a defender against a lone maker
    decides on 8 times the worlds drawn from 8 times the candidates, a defender on lead against makers with
    a partner by the cashing rule, every other seat as realistic-v2 (benchmarks/v4_twin.py counts them)."""
    from euchre_stats.players.defence import against_makers, outstanding

    loner = against_loner(view)
    worlds, pool = (24 * MORE_WORLDS, 256 * MORE_WORLDS) if loner else (24, 256)
    ws, ctx, _ = weighted_worlds(view, m, worlds=worlds, pool=pool, seed=seed)
    ks = ctx["ks"]
    cash = bool(against_makers(view) and not view.trick)
    da = -1 if view.defender_alone is None else ks[view.defender_alone]
    card = decide_reading(NA, ws, view.trump, ctx["leader"], ctx["out"], ks[view.maker_seat], view.alone is not None,
                          da, cash=cash, public_out=outstanding(view, view.hand, len(view.plays)) if cash else 0,
                          trick=ctx["trick"], gone=ctx["gone"], won=ctx["won"], order=ctx["order"])
    ref = defended_card(view, m, V4_DEFEND, worlds=24, pool=256, seed=seed)
    return card, ref


def test_kernel_card_equals_the_python_realistic_v4_card_on_the_same_worlds():
    """A defender against a loner: the kernel's card on the 192 worlds the Python player draws is the Python
    realistic-v4's (>= 99% of 120 decisions; 2,000 in benchmarks/v4_twin.py)."""
    m = default_model()
    views = _views(ModelPlayer(dataclasses.replace(m, order_alone=(8.0,) * 4, call_alone=(8.0,) * 4)), 3, 120,
                   against_loner)
    agree = 0
    for v in views:
        card, ref = v4_decision(v, m, 11)
        agree += card == ref
        assert ref == loner_card(v, m, V4_DEFEND, worlds=24, pool=256, seed=11)
    assert agree / len(views) >= 0.99, agree


def test_order_call_and_lead_take_realistic_v4_and_a_feature_bidder_population():
    from euchre_stats.core.errors import DecisionInputError
    from euchre_stats.decide.call import call_decision
    from euchre_stats.decide.lead import lead_decision
    from euchre_stats.decide.order import order_decision

    d = order_decision("Jh Jd Ah 9s Tc", "9h", "eldest", samples=60, seed=1, model="realistic-v4", workers=1,
                       others="shipped-v3")
    assert d.model == "realistic-v4" and len(d.options) == 3
    d3 = order_decision("Jh Jd Ah 9s Tc", "9h", "eldest", samples=60, seed=1, model="realistic-v3", workers=1,
                        others="shipped-v3")
    assert d3.model == "realistic-v3"
    d = call_decision("As Js Qh Ad Td", "Kh", "eldest", samples=60, seed=1, model="realistic-v4", workers=1,
                      others="shipped-v3")
    assert d.model == "realistic-v4"
    with pytest.raises(DecisionInputError, match="realistic-v4 does not read auctions that may name no trump"):
        order_decision("Jh Jd Ah 9s Tc", "9h", "eldest", Rules(no_trump=True), samples=10, seed=1,
                       model="realistic-v4")
    with pytest.raises(DecisionInputError, match="reads the auction: give the upcard"):
        lead_decision("Kc Qc Jh Ah 9d", "h", "eldest", "eldest", samples=10, seed=1, model="realistic-v4")
    with pytest.raises(DecisionInputError, match="unknown play model"):
        lead_decision("Kc Qc Jh Ah 9d", "h", "eldest", "eldest", up="9h", samples=10, seed=1, model="realistic-v5")


def _exact(view, ks, hands_now):
    """Every deal of the hidden cards consistent with ``view`` (its voids, the sizes of the hands), enumerated
    independently of any sampler: (m, 4) current hands on the kernel's seats."""
    import itertools

    from euchre_stats.players.cardplay import _public

    _, gone, voids, _, _ = _public(view, ks, 4)
    me = ks[view.seat]
    table = 0
    for _, c in view.trick:
        table |= 1 << c
    unseen = NA.deck_obj.mask & ~view.hand & ~gone & ~table
    cards = [c for c in range(33) if (unseen >> c) & 1]
    others = [k for k in range(4) if k != me]
    sizes = [bin(int(hands_now[k])).count("1") for k in others]
    out = []

    def fill(i, left, hands):
        if i == len(others):
            out.append(list(hands))
            return
        k = others[i]
        for pick in itertools.combinations(left, sizes[i]):
            if any((voids[k] >> int(EFF_SUIT[view.trump, c])) & 1 for c in pick):
                continue
            hands[k] = sum(1 << c for c in pick)
            fill(i + 1, [c for c in left if c not in pick], hands)
        hands[k] = 0

    base = [0] * 4
    base[me] = view.hand
    fill(0, cards, base)
    return np.array(out, dtype=np.int64)


@pytest.mark.parametrize("model", ["shipped", "shipped-v3"])
def test_kernel_weighted_sampler_matches_exact_probabilities_chi_square(model):
    """The kernel's worlds (cardplay/reading.py::sample_reading_worlds, the sampler the play-out uses) are drawn
    in proportion to the auction's likelihood: 20,000 worlds of positions with three or four tricks played
    (every consistent deal enumerated independently, weighted by players/reading.py::auction_likelihood)
    against those probabilities, chi-square (as tests/players/test_players_reading.py checks the Python
    sampler); and the uniform weights are rejected where the auction says much."""
    from scipy import stats as sps

    from euchre_stats.players.cardplay import _public

    m = default_model() if model == "shipped" else shipped_v3_model()
    tested = rejected_uniform = 0
    for view in _views(ModelPlayer(m), 21, 400, lambda v: all(v.active) and not v.trick
                       and len(v.plays) in (12, 16)):
        ws1, _, ctx = view_worlds(view, worlds=1, seed=1)
        ks = ctx["ks"]
        _, gone, voids, _, up_held = _public(view, ks, 4)
        if up_held and view.seat != view.dealer:
            continue  # (the upcard believed in the dealer's hand: left out, as the Python sampler's test does)
        exact = _exact(view, ks, ws1[0])
        if len(exact) < 6 or len(exact) > 4096:
            continue
        played = [0] * 4
        for s, c in view.plays:
            played[ks[s]] |= 1 << c
        kw = dict(upcard=view.upcard, made_in=view.made_in, maker=ks[view.maker_seat], alone=view.alone is not None)
        st = np.zeros(K.NUM_READ_STATS, dtype=np.int64)
        ws = sample_reading_worlds(NA, ws1[0], view.trump, ctx["leader"], ctx["out"], models=(m,) * 4, played=played,
                                   seed=5, stream=tested, worlds=20000, pool=4096, trick=ctx["trick"], gone=gone,
                                   voids=voids, stats=st, **kw)
        assert st[K.ST_EXACT] == 1 and st[K.ST_POOL] == len(exact)  # every consistent deal, once
        w = auction_likelihood(NA, m, _dealt(view, exact, ks), asker=ks[view.seat], trump=view.trump, **kw)
        index = {tuple(int(x) for x in row): i for i, row in enumerate(exact)}
        counts = np.zeros(len(exact))
        for row in ws:
            counts[index[tuple(int(x) for x in row)]] += 1
        for prob, uniform in ((w / w.sum(), False), (np.full(len(w), 1.0 / len(w)), True)):
            expected = prob * len(ws)
            keep = expected >= 5
            obs = np.append(counts[keep], counts[~keep].sum())
            exp = np.append(expected[keep], expected[~keep].sum())
            if exp[-1] == 0:
                obs, exp = obs[:-1], exp[:-1]
            p = sps.chisquare(obs, exp).pvalue
            if uniform:
                rejected_uniform += p < 1e-6
            else:
                assert keep.sum() >= 3 and p > 1e-4, (p, view)
        tested += 1
        if tested == 8:
            break
    assert tested == 8
    assert rejected_uniform >= 4, rejected_uniform


def test_lead_takes_realistic_v3_and_v4_mid_hand_and_against_a_loner():
    """The lead after a trick without a loner (realistic-v4 plays every card as v3: the same values) and by a
    defender against a loner (v4's defenders decide on 8 times the worlds: other values)."""
    from euchre_stats.decide.lead import lead_decision

    kw = dict(tricks=["Kd Qd 9d Td"], up="9c", samples=200, seed=3, workers=1)
    d3 = lead_decision("Ah Kh Qh Js", "d", "eldest", "eldest", model="realistic-v3", **kw)
    d4 = lead_decision("Ah Kh Qh Js", "d", "eldest", "eldest", model="realistic-v4", **kw)
    assert d4.model == "realistic-v4" and len(d4.options) == 4
    assert [o.ev for o in d3.options] == [o.ev for o in d4.options]  # nobody alone: v3's cards
    d4 = lead_decision("Ah Kh Qh Js 9s", "c", "dealer", "eldest", up="9c", alone=True, samples=200, seed=3,
                       workers=1, model="realistic-v4")
    d3 = lead_decision("Ah Kh Qh Js 9s", "c", "dealer", "eldest", up="9c", alone=True, samples=200, seed=3,
                       workers=1, model="realistic-v3")
    assert [o.ev for o in d3.options] != [o.ev for o in d4.options]  # a defender against the loner: more worlds


def test_lead_values_reading_plays_each_lead_from_its_deals_stream_and_reads_the_cards_played():
    """Each lead of deal ``i`` is the play-out of that deal with the card led, from stream ``i``; the cards
    played in earlier tricks enter the hands as dealt (the auction read): leaving them out changes some."""
    from euchre_stats.cardplay.reading import lead_values_reading

    c, auction = _contracts(120, 6, default_model())
    keep = ~c.alone & (c.def_alone < 0)
    hands = c.hands[keep].astype(np.int64)
    n = len(hands)
    made_in = np.where(c.trump[keep] == auction.up_suit, 1, 2)
    kw = dict(seed=4, models=auction.models, upcard=auction.upcard, made_in=made_in, up_known=c.up_known[keep],
              discard=c.discard[keep])
    args = (NA, hands, c.trump[keep], 0, 0, c.maker[keep], False, -1)
    tricks, points = lead_values_reading(*args, threads=1, **kw)
    assert np.array_equal(tricks, lead_values_reading(*args, threads=2, **kw)[0])
    i = 0
    cards = [x for x in range(33) if (int(hands[i, 0]) >> x) & 1]
    h1 = np.repeat(hands[i:i + 1], len(cards), axis=0)
    h1[:, 0] &= ~np.left_shift(np.int64(1), np.array(cards))
    tr = np.full((len(cards), 3), -1, dtype=np.int8)
    tr[:, 0] = cards
    one = {k: (v[i] if isinstance(v, np.ndarray) else v) for k, v in kw.items()}
    s0 = play_reading(NA, h1, c.trump[keep][i], 0, 0, c.maker[keep][i], False, -1, trick=tr, threads=1,
                      streams=np.zeros(len(cards), dtype=np.int64), **one)
    assert np.array_equal(tricks[i, cards], s0)
    assert (points[~np.isnan(points)] != 0).all()
    # a trick played (the first card of each hand, a fake trick: only what the kernel reads of it): the
    # cards each seat played are read with the hands as dealt
    low = hands & -hands
    rest = hands & ~low
    gone = np.bitwise_or.reduce(low, axis=1)
    kw2 = dict(kw, gone=gone)
    a = lead_values_reading(NA, rest, c.trump[keep], 0, 0, c.maker[keep], False, -1, threads=1, played=low, **kw2)[0]
    b = lead_values_reading(NA, rest, c.trump[keep], 0, 0, c.maker[keep], False, -1, threads=1, **kw2)[0]
    assert not np.array_equal(a, b)
    assert n >= 50


def test_discard_and_alone_take_the_reading_models():
    from euchre_stats.core.errors import DecisionInputError
    from euchre_stats.decide.alone import alone_decision
    from euchre_stats.decide.discard import discard_decision

    kw = dict(samples=80, seed=2, workers=1)
    d3 = discard_decision("Js Jc As Kh 9d Td", "Js", model="realistic-v3", **kw)
    d4 = discard_decision("Js Jc As Kh 9d Td", "Js", model="realistic-v4", **kw)
    assert d3.model == "realistic-v3" and d4.model == "realistic-v4" and len(d4.options) == len(d3.options) >= 4
    assert [o.ev for o in d3.options] == [o.ev for o in d4.options]  # nobody alone: v4 plays as v3
    assert [o.ev for o in d3.options] != [o.ev for o in discard_decision("Js Jc As Kh 9d Td", "Js", **kw).options]
    rules = Rules(defend_alone=True)
    a = alone_decision("Jh Jd Ah Kh Qh", "h", "eldest", "partner", rules, up="9h", maker_alone=True,
                       model="realistic-v4", **kw)
    assert a.model == "realistic-v4" and {o.action for o in a.options} == {"defend alone", "defend with partner"}
    with pytest.raises(DecisionInputError, match="reads the auction: give the upcard"):
        alone_decision("Jh Jd Ah Kh Qh", "h", "eldest", "partner", rules, maker_alone=True, model="realistic-v3",
                       **kw)
