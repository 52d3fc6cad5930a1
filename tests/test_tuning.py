"""Self-play tuning of the bidding thresholds."""

from __future__ import annotations

import numpy as np

from euchre_stats.bidding.model import BiddingModel
from euchre_stats.bidding.tuning import MIN_EFFECTIVE, _best_threshold, tune
from euchre_stats.rules import preset


def test_best_threshold_splits_gains():
    strength = np.linspace(0, 10, 1001)
    gain = np.where(strength > 6.0, 1.0, -1.0)
    t = _best_threshold(strength, gain, np.ones_like(strength), current=3.0)
    assert 5.99 <= t <= 6.02


def test_best_threshold_never_and_too_few():
    strength = np.linspace(0, 10, 1001)
    t = _best_threshold(strength, -np.ones_like(strength), np.ones_like(strength), current=3.0)
    assert t > 10  # accepting never pays
    few = np.zeros_like(strength)
    few[: MIN_EFFECTIVE // 2] = 1.0
    assert _best_threshold(strength, np.ones_like(strength), few, current=3.0) == 3.0


def test_tune_is_deterministic_and_changes_thresholds():
    a = tune(preset("north-american"), deals=600, seed=3, sweeps=1)
    b = tune(preset("north-american"), deals=600, seed=3, sweeps=1)
    assert a == b
    assert isinstance(a, BiddingModel) and a != BiddingModel()
    for name in ("order", "order_alone", "call", "call_alone"):
        assert len(getattr(a, name)) == 4
    assert all(x <= y for x, y in zip(a.order, a.order_alone))
