"""Statistics every estimate shares: the 95% normal quantile, weighted means with their
standard errors, effective sample sizes, and proportions with Wilson intervals.

Plain numpy, no I/O.  Intervals are two-sided 95%.
"""

from __future__ import annotations

from dataclasses import dataclass

import math

import numpy as np

#: two-sided 95% standard normal quantile
Z95 = 1.959963984540054

#: below this many effective samples no option is recommended: the normal interval's 95% needs more
#: (Student's t with 9 degrees of freedom already asks 2.26 standard errors, not 1.96), and with a
#: handful of deals every option often scores alike, which says nothing about which is best
MIN_EFFECTIVE_SAMPLES = 10


def weighted_mean_se(x: np.ndarray, w: np.ndarray) -> tuple[float, float]:
    """Self-normalised weighted mean and its standard error (delta method)."""
    sw = w.sum()
    mu = float((w * x).sum() / sw)
    n = len(x)
    var = float((w * w * (x - mu) ** 2).sum() / (sw * sw))
    if n > 1:
        var *= n / (n - 1)
    return mu, float(np.sqrt(var))


def exact_weighted_mean(x, w) -> float:
    """Weighted mean (NaN values left out) with exactly rounded sums: the same bits however the
    rows sit in memory."""
    xv, wv = np.asarray(x, dtype=np.float64), np.asarray(w, dtype=np.float64)
    ok = ~np.isnan(xv)
    if not ok.any():
        return float("nan")
    xv, wv = xv[ok], wv[ok]
    sw = math.fsum(wv)
    return math.fsum(xv * wv) / sw if sw > 0 else float("nan")


def rowsum(a: np.ndarray) -> np.ndarray:
    """Sum along the last axis, strictly left to right.

    ``ndarray.sum`` may regroup the additions depending on where a row happens
    to sit in memory, which changes the last bit; a committed chunk must be the
    same bytes however and wherever it is computed.
    """
    return np.cumsum(a, axis=-1)[..., -1]


def rowwise_weighted_mean_se(x: np.ndarray, w: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Row-wise :func:`weighted_mean_se` of (K, S) arrays.  Entries of weight 0 are padding: the
    small-sample factor counts a row's entries of positive weight (all ``S`` for a full row)."""
    w = np.broadcast_to(w, x.shape)
    sw = rowsum(w)
    mu = rowsum(w * x) / sw
    s = x.shape[-1]
    var = rowsum(w * w * (x - mu[..., None]) ** 2) / (sw * sw)
    n = (w > 0).sum(axis=-1) if np.any(w == 0) else np.full(var.shape, s)
    var = np.where(n > 1, var * (n / np.maximum(n - 1, 1)), var)
    return mu, np.sqrt(var)


def effective_sample_size(w: np.ndarray) -> float:
    """Kish's effective sample size of weights ``w`` (0 when every weight is 0)."""
    return float(w.sum() ** 2 / (w * w).sum()) if w.sum() > 0 else 0.0


@dataclass(frozen=True)
class Estimate:
    """A simulated figure: its value, 95% interval and the number of samples behind it."""

    value: float
    low: float
    high: float
    n: int

    def to_dict(self) -> dict:
        """``{"value", "ci", "n"}``; with no sample (``n`` 0) the value and interval are ``None``
        (JSON null: NaN is not JSON)."""
        if self.n == 0:
            return {"value": None, "ci": [None, None], "n": 0}
        return {"value": self.value, "ci": [self.low, self.high], "n": self.n}


def proportion(hits: np.ndarray) -> Estimate:
    """Share of true values with its Wilson 95% interval (NaN when there is no sample)."""
    n = int(hits.size)
    if n == 0:
        return Estimate(float("nan"), float("nan"), float("nan"), 0)
    p = float(hits.mean())
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * np.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n)


def mean(x: np.ndarray) -> Estimate:
    """Mean with its normal 95% interval (NaN when there is no sample)."""
    n = int(x.size)
    if n == 0:
        return Estimate(float("nan"), float("nan"), float("nan"), 0)
    mu = float(x.mean())
    se = float(x.std(ddof=1) / np.sqrt(n)) if n > 1 else float("nan")
    return Estimate(mu, mu - Z95 * se, mu + Z95 * se, n)
