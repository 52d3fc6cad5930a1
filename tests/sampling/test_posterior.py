"""Sampling importance resampling: the resampled deals follow the posterior."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_stats.sampling.posterior import Posterior, posterior_sample, systematic_resample


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(0.0, 10.0), min_size=1, max_size=40).filter(lambda w: sum(w) > 0),
       st.integers(1, 200), st.integers(0, 2**32 - 1))
def test_systematic_resample_keeps_each_share_to_within_one(weights, n, seed):
    w = np.array(weights)
    idx = systematic_resample(w, n, np.random.default_rng(seed))
    counts = np.bincount(idx, minlength=len(w))
    assert counts.sum() == n
    expected = n * w / w.sum()
    assert np.all(counts >= np.floor(expected) - 1e-9) and np.all(counts <= np.ceil(expected) + 1e-9)
    assert np.all(counts[w == 0] == 0)


def test_posterior_mean_matches_the_exact_posterior():
    # candidates 0..9 uniform, likelihood x: the posterior mean is sum x^2 / sum x = 285 / 45
    rng = np.random.default_rng(5)
    post = posterior_sample(lambda m: rng.integers(0, 10, m), lambda x: x.astype(float), 4000, rng)
    assert post.counts.sum() == 4000 and len(post.deals) == len(post.counts) <= 4000
    mean = (post.deals * post.counts).sum() / post.counts.sum()
    assert mean == pytest.approx(285 / 45, abs=0.05)
    assert post.pool_ess >= 10 * 4000 and post.drawn >= post.pool_ess
    # both sources of error counted: the effective sample is below the counts' own
    assert post.effective < post.counts_ess <= 4000 and post.se_scale > 1.0


def test_posterior_stops_at_the_draw_cap_and_reports_it():
    rng = np.random.default_rng(1)
    # one candidate in 10,000 has any likelihood: the pool stays small
    post = posterior_sample(lambda m: rng.integers(0, 10000, m), lambda x: (x == 7).astype(float), 50, rng,
                            max_draws=20000)
    assert post.drawn == 20000 and post.pool_ess < 10 * 50
    assert post.effective < 50


def test_no_likelihood_anywhere_gives_an_empty_posterior():
    rng = np.random.default_rng(1)
    post = posterior_sample(lambda m: rng.integers(0, 10, m), lambda x: np.zeros(len(x)), 10, rng, max_draws=5000)
    assert isinstance(post, Posterior) and len(post.counts) == 0 and post.effective == 0.0
