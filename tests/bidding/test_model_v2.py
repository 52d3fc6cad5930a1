"""The feature bidder (``shipped-v2``): features and decisions against their plain-Python twins, the
model file, the policy name, and the auction it plugs into."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import numpy as np
import pytest

from euchre_stats.bidding.auction import Auction
from euchre_stats.bidding.features import (FEATURES, HAND_FEATURES, context_features, context_features_one,
                                           hand_features, hand_features_one)
from euchre_stats.bidding.fit_v2 import cost_sensitive_logit, count_rule
from euchre_stats.bidding.model import POLICIES, BiddingModel, default_model, policy_model
from euchre_stats.bidding.model_v2 import (FeatureModel, _dot, later_alone_one, round_one_decision_one,
                                           round_one_features_one, round_two_decision_one, shipped_v2_model,
                                           shipped_v4_model)
from euchre_stats.core.cards import parse_card, parse_hand
from euchre_stats.core.errors import BiddingModelError
from euchre_stats.rules import preset
from euchre_stats.sampling.deals import random_deals

RULES = preset("north-american")


def _deals(n, seed):
    return random_deals(RULES, n, np.random.default_rng(seed))


def _random_model(seed) -> FeatureModel:
    """A feature model with random weights of the size the fitted ones have (decisions of every kind)."""
    rng = np.random.default_rng(seed)
    f = len(FEATURES)

    def w():
        return tuple(tuple(float(x) for x in rng.normal(0, 0.3, f)) for _ in range(4))
    return FeatureModel(order_w=w(), alone_w=w(), call_w=w(), call_alone_w=w())


def test_hand_features_twin_on_random_hands():
    hands, ups = _deals(3000, 1)
    for trump in range(4):
        fast = hand_features(hands[:, 0], trump)
        for i in range(0, 3000, 3):
            assert fast[i].tolist() == hand_features_one(int(hands[i, 0]), trump), (i, trump)


def test_hand_features_by_hand():
    # Jh Jd Ah 9s Tc under hearts: 3 trumps (right, left, ace), two singleton off cards, a void in diamonds
    row = dict(zip(HAND_FEATURES, hand_features(np.array([parse_hand("Jh Jd Ah 9s Tc")], dtype=np.uint64), 2)[0]))
    assert (row["trumps"], row["right"], row["left"], row["trump_ace"], row["trump_king"]) == (3, 1, 1, 1, 0)
    assert (row["off_aces"], row["voids"], row["singletons"], row["losers"]) == (0, 1, 2, 2)
    assert (row["both_bowers"], row["top3"], row["three_trumps"], row["two_top_off_ace"]) == (1, 3, 1, 0)
    # As Kc Ac 9d Jh under spades: one trump, an off ace with its king (no loser), two singletons, no void
    row = dict(zip(HAND_FEATURES, hand_features(np.array([parse_hand("As Kc Ac 9d Jh")], dtype=np.uint64), 3)[0]))
    assert (row["trumps"], row["single_trump"], row["off_aces"], row["off_kings_with_ace"]) == (1, 1, 1, 1)
    assert (row["losers"], row["voids"], row["singletons"]) == (2, 0, 2)


def test_context_features_twin():
    for up in range(24 + 8):
        if up % 8 < 2 or up >= 32:
            continue
        assert context_features(1, up)[0].tolist() == context_features_one(up)
    for banned in range(4):
        for t in range(4):
            assert (context_features(1, trump=t, banned_suit=banned, trumps=np.array([3.0]))[0].tolist()
                    == context_features_one(trump=t, banned_suit=banned, trumps=3))


@pytest.mark.parametrize("seed", [1, 2])
def test_round_one_decisions_twin(seed):
    m = _random_model(seed)
    hands, ups = _deals(2000, 10 + seed)
    levels = {0: 0, 1: 0, 2: 0}
    for up in np.unique(ups):
        j = np.nonzero(ups == up)[0]
        for seat in range(4):
            x = m.round_one_features(hands[j, seat], seat, int(up))
            v = m.round_one_strength(hands[j, seat], seat, int(up))
            lv = m.round_one_level(hands[j, seat], seat, int(up))
            for k, i in enumerate(j):
                assert x[k].tolist() == pytest.approx(round_one_features_one(m, int(hands[i, seat]), seat, int(up)),
                                                      abs=1e-12)
                level, value = round_one_decision_one(m, int(hands[i, seat]), seat, int(up))
                assert (int(lv[k]), float(v[k])) == (level, pytest.approx(value, abs=1e-12))
                levels[level] += 1
    assert min(levels.values()) > 50  # every decision taken on these hands: the comparison means something


@pytest.mark.parametrize("seed", [3, 4])
def test_round_two_decisions_twin(seed):
    m = _random_model(seed)
    hands, ups = _deals(1500, 20 + seed)
    seen = set()
    for seat in range(4):
        for banned in range(4):
            value, suit, thr = m.round_two_call(hands[:, seat], banned, seat)
            assert (thr == 0.5).all() and (suit != banned).all()
            for i in range(0, 1500, 2):
                level, s, v = round_two_decision_one(m, int(hands[i, seat]), banned, seat)
                assert (int(suit[i]), float(value[i])) == (s, pytest.approx(v, abs=1e-12))
                seen.add(level)
    assert seen == {0, 1, 2}


@pytest.mark.parametrize("model", ["random", "shipped-v4", "shipped-v5"])
def test_compiled_gains_are_the_numpy_features_dotted_to_the_last_bit(model):
    """round_one_gains and round_two_gains (one compiled loop) equal round_one_features / round_two_features
    dotted by _dot exactly (the posterior's likelihoods, and so every table's rows, depend on the bits), for
    every seat, upcard and turned-down suit, on deals of the 24-card deck and of the 25-card one (the Joker)."""
    m = _random_model(5) if model == "random" else policy_model(model)[1]
    rules25 = RULES.replace(deck="25")
    for rules, seed in ((RULES, 31), (rules25, 32)):
        hands, ups = random_deals(rules, 1500, np.random.default_rng(seed))
        for up in np.unique(ups):
            if int(up) == 32:    # the Joker turned up: no round one by the feature bidder
                continue
            j = np.nonzero(ups == up)[0]
            for seat in range(4):
                x = m.round_one_features(hands[j, seat], seat, int(up))
                g_order, g_alone = m.round_one_gains(hands[j, seat], seat, int(up))
                assert np.array_equal(g_order, _dot(x, m.order_w[seat]))
                assert np.array_equal(g_alone, _dot(x, m.alone_w[seat]))
        for seat in range(4):
            for banned in range(4):
                g = m.round_two_gains(hands[:, seat], banned, seat)
                for t in range(4):
                    if t == banned:
                        assert np.isneginf(g[:, t]).all()
                        continue
                    x = m.round_two_features(hands[:, seat], t, banned)
                    call = _dot(x, m.call_w[seat])
                    if m.junk_pass:
                        junk = (x[:, 15] == 0) & (x[:, 1] <= 2) & (x[:, 8] == 0)
                        call = np.where(junk, np.minimum(call, 0.0) - 1.0, call)
                    assert np.array_equal(g[:, t, 0], call)
                    assert np.array_equal(g[:, t, 1], _dot(x, m.call_alone_w[seat]))


def test_later_alone_twin_and_the_call_time_decision():
    """British timing: the alone declared after trump is made, by the seat's own scores for the contract (the
    hand as it is then), against its slow twin; a maker declares alone exactly when it would have said
    alone with the call (round one from every seat, the dealer's five kept by its count; round two)."""
    m = shipped_v4_model()
    hands, ups = _deals(1200, 31)
    rng = np.random.default_rng(5)
    agree = {1: 0, 2: 0}
    for seat in range(4):
        h = hands[:, seat]
        kept = h
        if seat == 3:   # the dealer after its pick-up: the five cards its count keeps
            kept = np.array([m.best_discard(np.array([int(x) | (1 << int(u))], dtype=np.uint64), int(u) >> 3)
                             for x, u in zip(h, ups)], dtype=object)
            kept = np.array([(int(x) | (1 << int(u))) & ~(1 << int(c[1][0])) for x, u, c in zip(h, ups, kept)],
                            dtype=np.uint64)
        trump2 = np.array([((int(u) >> 3) + 1 + int(k)) % 4 for u, k in zip(ups, rng.integers(0, 3, len(ups)))])
        for i in range(0, 1200, 3):
            up = int(ups[i])
            for round_one, t in ((True, up >> 3), (False, int(trump2[i]))):
                fast = m.later_alone_strength(kept[i:i + 1], seat, t, round_one, up, up >> 3)[0]
                assert fast == pytest.approx(later_alone_one(m, int(kept[i]), seat, t, round_one, up), abs=1e-12)
            # the call-time decision: level 2 iff the later value reaches the alone threshold
            level = round_one_decision_one(m, int(h[i]), seat, up)[0]
            later = m.later_alone_strength(kept[i:i + 1], seat, up >> 3, True, up, up >> 3)[0]
            if level:
                assert (level == 2) == (later >= m.order_alone[seat]), (seat, i)
                agree[level] += 1
            lv2, suit, _ = round_two_decision_one(m, int(h[i]), up >> 3, seat)
            if lv2:
                later2 = m.later_alone_strength(h[i:i + 1], seat, suit, False, up, up >> 3)[0]
                assert (lv2 == 2) == (later2 >= m.call_alone[seat]), (seat, i)
    assert min(agree.values()) > 10   # both kinds of maker seen: the comparison means something


def test_british_auction_declares_alone_by_the_feature_bidder():
    m = shipped_v4_model()
    hands, ups = _deals(3000, 32)
    up = int(ups[0])
    same = hands[ups == up] if (ups == up).sum() > 200 else hands
    a_na = Auction(RULES, m, up).finish(same, 1, 0, np.random.default_rng(1))
    a_br = Auction(dataclasses.replace(RULES, alone_declared="before_lead"), m, up).finish(
        same, 1, 0, np.random.default_rng(1))
    assert a_br.alone.any()
    # the contracts are made alike; a maker goes alone at both tables alike (its partner may add a loner)
    made = a_na.maker >= 0
    assert (a_br.trump[made] == a_na.trump[made]).all()
    caller = np.where(a_br.caller >= 0, a_br.caller, a_br.maker)
    assert (caller[made] == a_na.maker[made]).all()
    by_maker = a_br.alone & (a_br.maker == caller)
    assert (by_maker[made] == a_na.alone[made]).all()


def test_call_levels_are_the_levels_of_each_suit():
    """call_levels: a feature bidder's level and margin per suit (the best suit's is round_two_call's value,
    the turned-down suit -inf); a count's are its suit counts."""
    m = _random_model(6)
    hands, _ = _deals(600, 9)
    for seat, banned in ((0, 1), (2, 3)):
        lv = m.call_levels(hands[:, seat], banned, seat)
        value, suit, _ = m.round_two_call(hands[:, seat], banned, seat)
        assert np.isneginf(lv[:, banned]).all()
        assert np.allclose(lv[np.arange(len(suit)), suit], value, rtol=0, atol=1e-12)
        assert (np.floor(lv[:, [u for u in range(4) if u != banned]] + 0.5) >= 0).all()
        c = default_model()
        assert np.array_equal(c.call_levels(hands[:, seat], banned, seat), c.suit_counts(hands[:, seat], banned, seat))


def test_auction_acts_on_levels():
    """In an auction the level decides: order at level 1, alone at level 2 (hard), as the twin says."""
    m = _random_model(5)
    hands, ups = _deals(4000, 7)
    up = int(np.bincount(ups).argmax())
    h = hands[ups == up]
    auc = Auction(RULES, m, up)
    for seat in range(3):
        p, pa = auc.p_round_one(h, seat, play=True)
        lv = m.round_one_level(h[:, seat], seat, up)
        assert np.array_equal(p == 1.0, lv >= 1) and np.array_equal(pa == 1.0, lv == 2)


def test_model_file_round_trip_and_errors(tmp_path):
    m = _random_model(6)
    p = tmp_path / "v2.json"
    m.save(p, {"note": "test"})
    assert FeatureModel.load(p) == m
    name, loaded = policy_model(str(p))
    assert loaded == m and isinstance(loaded, FeatureModel)
    d = json.loads(p.read_text())
    d["order_w"][0] = d["order_w"][0][:-1]
    p.write_text(json.dumps(d))
    with pytest.raises(BiddingModelError, match="order_w"):
        FeatureModel.load(p)
    d = m.to_dict()
    d["features"] = d["features"][::-1]
    with pytest.raises(BiddingModelError, match="features"):
        FeatureModel.from_dict(d)


def test_refuses_no_trump_only():
    m = _random_model(7)
    Auction(preset("british"), m, parse_card("9h"))   # British timing: alone declared later (below)
    with pytest.raises(BiddingModelError, match="no_trump"):
        Auction(dataclasses.replace(RULES, no_trump=True), m, parse_card("9h"))
    Auction(RULES, default_model(), parse_card("9h"))  # a count bids under any rules


def test_policy_name_and_shipped_unchanged():
    assert "shipped-v2" in POLICIES
    name, m = policy_model("shipped-v2")
    assert name == "shipped-v2" and m == shipped_v2_model() and isinstance(m, FeatureModel)
    # the count's fields are the shipped model's (the count feature, the discard, a lone defence)
    shipped = default_model()
    assert type(shipped) is BiddingModel
    for k in ("trump_values", "off_ace", "off_king", "off_king_with_ace", "void", "upcard_weight", "defend_alone"):
        assert getattr(m, k) == getattr(shipped, k)


def test_cost_sensitive_logit_finds_the_rule_that_gains():
    """The score's sign follows the sign of the gain where the gain is large, and a dead column gets 0."""
    rng = np.random.default_rng(0)
    n = 20000
    x = np.column_stack([np.ones(n), rng.normal(size=(n, 2)), np.full(n, 3.0)])
    gain = 2.0 * (x[:, 1] - 0.5) + rng.normal(0, 0.5, n)  # act exactly when x1 > 0.5 (on average)
    b = cost_sensitive_logit(x, gain, np.ones(n), penalty=0.0)
    assert b[3] == 0.0
    assert -b[0] / b[1] == pytest.approx(0.5, abs=0.05) and abs(b[2]) < 0.1 * b[1]
    acts = x @ b > 0
    assert (gain[acts].sum() > 0) and (gain[~acts].sum() < 0)


def test_the_family_holds_the_shipped_count():
    """With :func:`count_rule` weights at every point the feature bidder bids as the shipped count does
    (away from the thresholds themselves, where ``>=`` and ``> 0`` part): the family contains it."""
    shipped = default_model()
    w = {k: [] for k in ("order_w", "alone_w", "call_w", "call_alone_w")}
    for seat in range(4):
        a, b = count_rule(shipped.order[seat], shipped.order_alone[seat])
        w["order_w"].append(tuple(a))
        w["alone_w"].append(tuple(b))
        a, b = count_rule(shipped.call[seat], shipped.call_alone[seat], shipped.next_bonus[seat])
        w["call_w"].append(tuple(a))
        w["call_alone_w"].append(tuple(b))
    m = FeatureModel(**{k: tuple(v) for k, v in w.items()})
    hands, ups = _deals(3000, 8)
    checked = 0
    for up in np.unique(ups):
        h = hands[ups == up]
        for seat in (0, 2, 3):  # the dealer's partner's alone count leaves the upcard out
            c = shipped.round_one_strength(h[:, seat], seat, int(up))
            far = (np.abs(c - shipped.order[seat]) > 1e-6) & (np.abs(c - shipped.order_alone[seat]) > 1e-6)
            want = (c >= shipped.order[seat]).astype(int) + (c >= shipped.order_alone[seat])
            assert np.array_equal(m.round_one_level(h[:, seat], seat, int(up))[far], want[far])
            checked += far.sum()
    for seat in range(4):
        for banned in range(4):
            best, suit = shipped.best_call(hands[:, seat], banned, seat)
            value, suit2 = m.best_call(hands[:, seat], banned, seat)
            far = (np.abs(best - shipped.call[seat]) > 1e-6) & (np.abs(best - shipped.call_alone[seat]) > 1e-6)
            want = (best >= shipped.call[seat]).astype(int) + (best >= shipped.call_alone[seat])
            assert np.array_equal(np.floor(value + 0.5)[far], want[far])
            counts = np.sort(shipped.suit_counts(hands[:, seat], banned, seat), axis=1)
            clear = far & (counts[:, -1] - counts[:, -2] > 1e-6)  # no tie between the best two suits
            assert np.array_equal(suit[clear], suit2[clear])
    assert checked > 5000


def test_match_plays_the_feature_bidder_by_name_and_by_file(tmp_path):
    """``match --a shipped-v2`` and ``--a FILE`` bid by the feature model; against itself it scores nothing,
    against the shipped model the tables differ and the splits add up."""
    import euchre_stats as es

    same = es.match("shipped-v2", "shipped-v2", deals=300, seed=3, model="dd")
    assert same.diff == 0.0 and same.differing == 0
    p = tmp_path / "v2.json"
    shipped_v2_model().save(p)
    by_name = es.match("shipped-v2", "shipped", deals=600, seed=4, model="dd")
    by_file = es.match(str(p), "shipped", deals=600, seed=4, model="dd")
    assert by_name.differing > 0 and by_file.diff == by_name.diff and by_file.differing == by_name.differing
    assert sum(g["diff"] for g in by_name.by_seat) == pytest.approx(by_name.diff, abs=1e-9)


def test_junk_pass_in_the_file_and_old_files_unchanged(tmp_path):
    """``junk_pass`` is written only when set (files before it read the same) and checked on loading."""
    m = _random_model(9)
    assert "junk_pass" not in m.to_dict()
    j = dataclasses.replace(m, junk_pass=1.0)
    p = tmp_path / "j.json"
    j.save(p)
    assert json.loads(p.read_text())["junk_pass"] == 1.0 and FeatureModel.load(p) == j
    d = j.to_dict()
    d["junk_pass"] = 0.5
    with pytest.raises(BiddingModelError, match="junk_pass"):
        FeatureModel.from_dict(d)


def test_shipped_v3_policy():
    """``shipped-v3``: the refitted feature bidder with the guides' discards and its fitted inference
    temperature (recorded in the file's fit); ``shipped-v2`` keeps its own."""
    from euchre_stats.bidding.model_v2 import shipped_v3_model
    assert "shipped-v3" in POLICIES
    name, m = policy_model("shipped-v3")
    assert m == shipped_v3_model() and isinstance(m, FeatureModel) and m.discard_rule == 1.0
    fit = json.loads((Path(__file__).parents[2] / "euchre_stats" / "data" / "bidding_model_v3.json").read_text())["fit"]
    assert m.temperature == fit["temperature"]["both"] != shipped_v2_model().temperature
    assert shipped_v2_model().temperature == 0.15 and default_model().temperature == 0.35


def test_shipped_v4_policy():
    """``shipped-v4``, the default population: ``shipped-v3``'s weights with the junk pass, its inference
    temperature the fit its file records (on the questions answered against the ``shipped-v3`` table)."""
    import dataclasses

    from euchre_stats.bidding.model import DEFAULT_POPULATION
    from euchre_stats.bidding.model_v2 import shipped_v3_model, shipped_v4_model
    assert "shipped-v4" in POLICIES and DEFAULT_POPULATION == "shipped-v4"
    m = policy_model("shipped-v4")[1]
    assert m == shipped_v4_model() and m.junk_pass == 1.0
    assert m == dataclasses.replace(shipped_v3_model(), junk_pass=1.0, temperature=m.temperature)
    fit = json.loads((Path(__file__).parents[2] / "euchre_stats" / "data" / "bidding_model_v4.json").read_text())["fit"]
    assert m.temperature == fit["temperature"]["both"] == 0.4281
    assert fit["temperature"]["file"] == "benchmarks/bidder_consistency_v3pop.jsonl"


def test_collect_by_seat_models_as_one():
    """The fit's play-outs with four models by seat, all the same, are those with the one model."""
    from euchre_stats.bidding.fit_v2 import collect
    shipped = default_model()
    shape = FeatureModel()
    for rnd, seat in ((1, 3), (2, 1)):
        a = collect(RULES, shipped, shape, 40, rnd, seat, seed=5, play="dd", workers=1)
        b = collect(RULES, (shipped,) * 4, shape, 40, rnd, seat, seed=5, play="dd", workers=1)
        for k in ("x", "order", "alone", "w"):
            assert np.array_equal(getattr(a, k), getattr(b, k))


def _questions(seats, n, seed, values=None):
    """Random round-two questions (hands of the given seats, the upcard's suit turned down) with values."""
    from euchre_stats.bidding.fit_v2 import RoundTwoQuestions
    hands, ups = _deals(n, seed)
    seat = np.resize(np.asarray(seats), n)
    h = hands[np.arange(n), seat]
    banned = (ups >> 3).astype(np.int64)
    vals = np.full((n, 4, 2), np.nan) if values is None else values
    return RoundTwoQuestions(h, banned, seat, np.zeros(n), vals)


@pytest.mark.parametrize("junk", [0.0, 1.0])
def test_round_two_bids_twin(junk):
    """The fit's vectorised bids (its design and hard choice) are the model's one-hand decisions."""
    from euchre_stats.bidding.fit_v2 import round_two_bids
    m = dataclasses.replace(_random_model(7), junk_pass=junk)
    q = _questions(range(4), 2000, 41)
    suit, level = round_two_bids(m, q)
    for i in range(0, 2000, 3):
        lv, s, _ = round_two_decision_one(m, int(q.hands[i]), int(q.banned[i]), int(q.seats[i]))
        assert lv == level[i] and (lv == 0 or s == suit[i]), i
    assert set(level.tolist()) == {0, 1, 2}


def test_round_two_regret_by_hand():
    from euchre_stats.bidding.fit_v2 import RoundTwoQuestions, round_two_regret
    vals = np.full((2, 4, 2), np.nan)
    vals[:, 1] = [[0.5, 1.0], [0.2, -1.0]]
    vals[:, 2] = [[-0.3, -2.0], [0.4, -0.5]]
    q = RoundTwoQuestions(np.zeros(2, dtype=np.uint64), np.zeros(2, dtype=np.int64), np.zeros(2, dtype=np.int64),
                          np.array([0.1, -0.2]), vals)
    # question 0: best is 1 alone (1.0); passing loses 0.9, calling 1 with the partner 0.5;
    # question 1: best is suit 2 (0.4); suit 1 alone loses 1.4
    got = round_two_regret(q, np.array([0, 1]), np.array([0, 2]))
    assert got == pytest.approx([0.9, 1.4])
    assert round_two_regret(q, np.array([1, 2]), np.array([1, 1])) == pytest.approx([0.5, 0.0])


@pytest.mark.parametrize("seats, seat_penalty", [([0], None), ([0, 2], 0.1)])
def test_fit_round_two_finds_the_values_rule(seats, seat_penalty):
    """From a bidder that always passes, the fit to values that favour calling the suit of the most trumps
    (alone with five) loses far less than the start on new questions, touches neither round one nor (seat
    by seat) the other seats, and is deterministic; the seats fitted together too."""
    from euchre_stats.bidding.fit_v2 import fit_round_two, round_two_bids, round_two_design, round_two_regret
    start = FeatureModel(call_w=_random_model(1).call_w)
    trumps = FEATURES.index("trumps")

    def answered(n, seed):
        q = _questions(seats, n, seed)
        x, _ = round_two_design(start, q.hands, q.banned)
        t = x[..., trumps]
        rng = np.random.default_rng(seed)
        gain = 0.6 * (t - 2.5) + rng.normal(0, .2, t.shape)
        q.values[..., 0] = np.where(np.arange(4) == q.banned[:, None], np.nan, gain)
        q.values[..., 1] = q.values[..., 0] + np.where(t == 5, 1.0, -1.5)
        return q

    train, test = answered(600, 1), answered(600, 2)
    m = fit_round_two(start, train, penalty=1e-3, seat_penalty=seat_penalty)
    assert fit_round_two(start, train, penalty=1e-3, seat_penalty=seat_penalty) == m
    assert m.order_w == start.order_w and m.alone_w == start.alone_w
    assert seat_penalty is not None or m.call_w[1:] == start.call_w[1:]
    before = round_two_regret(test, *round_two_bids(start, test)).mean()
    after = round_two_regret(test, *round_two_bids(m, test)).mean()
    assert before > 0.2 and after < 0.25 * before


def test_shipped_v5_policy():
    """``shipped-v5``: ``shipped-v4`` with only round two refitted (proposed: not the default population)."""
    from euchre_stats.bidding.model import DEFAULT_POPULATION
    from euchre_stats.bidding.model_v2 import shipped_v4_model, shipped_v5_model
    assert "shipped-v5" in POLICIES and DEFAULT_POPULATION == "shipped-v4"
    m, v4 = policy_model("shipped-v5")[1], shipped_v4_model()
    assert m == shipped_v5_model() and m.call_w != v4.call_w
    assert m == dataclasses.replace(v4, call_w=m.call_w, call_alone_w=m.call_alone_w)
    fit = json.loads((Path(__file__).parents[2] / "euchre_stats" / "data" / "bidding_model_v5.json").read_text())["fit"]
    assert fit["round_two"]["train"] == "benchmarks/round_two_train_v4pop.jsonl"
