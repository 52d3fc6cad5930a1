"""The inference temperature's fit (``bidding/calibration.py``): the soft model's option probabilities
against the auction's own soft likelihood and hard decisions, and the fit recovering a known temperature."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

from euchre_stats.bidding.auction import Auction
from euchre_stats.bidding.calibration import (Margins, fit_temperature, hard_choice, log_likelihood, margins,
                                              option_probabilities)
from euchre_stats.bidding.model import default_model, policy_model
from euchre_stats.bidding.model_v2 import round_one_decision_one, round_two_decision_one
from euchre_stats.core.cards import SUITS
from euchre_stats.rules import preset
from euchre_stats.sampling.deals import random_deals

RULES = preset("north-american")


def _deals(n, seed):
    return random_deals(RULES, n, np.random.default_rng(seed))


@pytest.mark.parametrize("policy", ["shipped", "shipped-v2"])
def test_probabilities_are_the_auctions_soft_likelihood(policy):
    """P(take) and P(alone | take) are the auction's soft likelihoods (what inference multiplies); the
    options' probabilities sum to 1."""
    m = dataclasses.replace(policy_model(policy)[1], temperature=0.4)
    hands, ups = _deals(400, 1)
    for i in range(0, 400, 7):
        up = int(ups[i])
        if up >= 32:
            continue
        auc = Auction(RULES, m, up)
        h = hands[i:i + 1]
        for seat in range(4):
            probs = option_probabilities(margins(m, RULES, 1, seat, int(h[0, seat]), up), 0.4)
            p, pa = auc.p_round_one(h, seat)
            assert probs["order"] + probs["order alone"] == pytest.approx(float(p[0]), abs=1e-9)
            assert probs["order alone"] == pytest.approx(float(p[0] * pa[0]), abs=1e-9)
            assert sum(probs.values()) == pytest.approx(1.0, abs=1e-12)
            probs2 = option_probabilities(margins(m, RULES, 2, seat, int(h[0, seat]), up), 0.4)
            assert 1.0 - probs2["pass"] == pytest.approx(float(auc.p_round_two(h, seat)[0]), abs=1e-9)
            assert sum(probs2.values()) == pytest.approx(1.0, abs=1e-12)
            assert SUITS[up >> 3] not in probs2 and len(probs2) == 7


@pytest.mark.parametrize("policy", ["shipped", "shipped-v2"])
def test_hard_choice_is_the_models_bid_and_the_cold_limit(policy):
    """``hard_choice`` is the bid the model makes acting (its hard decision), and the option the soft model
    makes most probable as the temperature goes to 0."""
    m = policy_model(policy)[1]
    hands, ups = _deals(600, 2)
    kinds = set()
    for i in range(0, 600, 3):
        up = int(ups[i])
        if up >= 32:
            continue
        auc = Auction(RULES, m, up)
        h = hands[i:i + 1]
        for seat in range(4):
            q1 = margins(m, RULES, 1, seat, int(h[0, seat]), up)
            p, pa = auc.p_round_one(h, seat, play=True)
            want = "pass" if p[0] < 1 else ("order alone" if pa[0] == 1 else "order")
            assert hard_choice(q1) == want
            q2 = margins(m, RULES, 2, seat, int(h[0, seat]), up)
            if hasattr(m, "call_w"):
                level, suit, _ = round_two_decision_one(m, int(h[0, seat]), up >> 3, seat)
                want2 = "pass" if level == 0 else SUITS[suit] + (" alone" if level == 2 else "")
                assert hard_choice(q2) == want2
                assert hard_choice(q1) == ("pass", "order", "order alone")[
                    round_one_decision_one(m, int(h[0, seat]), seat, up)[0]]
            for q in (q1, q2):
                probs = option_probabilities(q, 1e-4)
                top = max(probs, key=probs.get)
                if min(abs(q.take), abs(q.alone)) > 1e-2:  # not on a threshold
                    assert top == hard_choice(q)
                kinds.add(hard_choice(q).split()[-1])
    assert {"pass", "alone"} <= kinds and len(kinds) >= 3


def test_fit_recovers_a_known_temperature():
    """Options drawn from the soft model at temperature 0.5 over many questions: the fit finds about 0.5,
    and its likelihood is above a colder and a hotter one's."""
    m = default_model()
    hands, ups = _deals(1500, 3)
    rng = np.random.default_rng(4)
    qs, best = [], []
    for i in range(1500):
        up = int(ups[i])
        if up >= 32:
            continue
        seat = int(rng.integers(4))
        q = margins(m, RULES, 1 + i % 2, seat, int(hands[i, seat]), up)
        probs = option_probabilities(q, 0.5)
        keys = list(probs)
        qs.append(q)
        best.append(keys[int(rng.choice(len(keys), p=np.array([probs[k] for k in keys]) / sum(probs.values())))])
    t, ll = fit_temperature(qs, best)
    assert t == pytest.approx(0.5, rel=0.15)
    assert ll == pytest.approx(log_likelihood(qs, best, t))
    assert ll > log_likelihood(qs, best, 0.25) and ll > log_likelihood(qs, best, 1.0)


def test_probabilities_by_hand():
    """Round two: the suits split in proportion to the products of their soft comparisons."""
    q = Margins(2, 0.0, -math.inf, (1.0, -math.inf, 1.0, 0.0))
    probs = option_probabilities(q, 1.0)
    assert probs["pass"] == pytest.approx(0.5)
    s = 1 / (1 + math.exp(-1.0))
    raw = {"c": 0.5 * s, "h": 0.5 * s, "s": (1 - s) ** 2}
    for k, v in raw.items():
        assert probs[k] == pytest.approx(0.5 * v / sum(raw.values()))
        assert probs[k + " alone"] == 0.0
    with pytest.raises(ValueError, match="no questions"):
        fit_temperature([], [])


@pytest.mark.parametrize("policy, file, questions", [("shipped-v3", "bidding_model_v3.json", 181),
                                                      ("shipped-v4", "bidding_model_v4.json", 300)])
def test_the_files_temperature_is_the_fit_it_records(policy, file, questions):
    """``shipped-v3``'s and ``shipped-v4``'s temperature is the maximum-likelihood fit on the answered questions
    its file names (the first ``questions`` lines: answers appended later do not move it)."""
    import json
    from pathlib import Path

    from euchre_stats.core.cards import parse_card, parse_hand
    from euchre_stats.core.seats import SEAT_NAMES

    root = Path(__file__).parents[2]
    m = policy_model(policy)[1]
    rec = json.loads((root / "euchre_stats" / "data" / file).read_text())["fit"]["temperature"]
    lines = (root / rec["file"]).read_text().splitlines()[:rec["questions"]]
    rows = [json.loads(line) for line in lines]
    assert len(rows) == rec["questions"] == questions
    qs = [margins(m, RULES, r["round"], SEAT_NAMES.index(r["seat"]), parse_hand(r["hand"]), parse_card(r["up"]))
          for r in rows]
    t, ll = fit_temperature(qs, [r["recommendation"] for r in rows])
    assert round(t, 4) == m.temperature == rec["both"] and round(ll, 2) == rec["log_likelihood"]
