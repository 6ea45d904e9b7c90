"""The statistics behind every number zoosim shows: intervals, tests and multiple-comparison control.

Everything here works on small aggregated arrays (one value per group or per metric), never on raw
rows: polars does the heavy aggregation first (counts, sums, sums of squares), so these stay cheap.
Distributions (normal, Student t, chi-square) come from scipy.special, imported on first use so that a
simulation that only needs Wilson intervals does not pay for it; the formulas are the textbook closed
forms so each can be checked by hand against a small frame. Both simulation (stopping rules, tuning) and
analysis use this module, so it sits below both.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

LEVEL = 0.95
ALPHA = 1.0 - LEVEL
Z_95 = 1.959963984540054  # scipy.stats.norm.ppf(0.975); a test holds it to scipy


def _special():
    """scipy.special, imported when a distribution is first needed.

    Its functions are the ones scipy.stats evaluates underneath (ndtr, ndtri, stdtr, stdtrit, chdtrc), to
    the bit (a test checks), without the 0.6 s import of scipy.stats.
    """
    from scipy import special

    return special


def z_value(level: float = LEVEL) -> float:
    """Two-sided normal quantile: 1.96 for 95%.

    The 95% value is scipy's to the last bit, kept as a constant so that a simulation's Wilson intervals
    (stopping rules) do not import scipy; other levels ask scipy.
    """
    if level == LEVEL:
        return Z_95
    return float(_special().ndtri(0.5 + level / 2.0))


def t_value(df: np.ndarray | float, level: float = LEVEL) -> np.ndarray:
    """Two-sided Student-t quantile, so small samples get honestly wider intervals."""
    df = np.asarray(df, dtype=float)
    out = np.full(df.shape, np.nan)
    ok = df >= 1
    out[ok] = _special().stdtrit(df[ok], 0.5 + level / 2.0)
    return out


def wilson(successes: np.ndarray | float, n: np.ndarray | float, level: float = LEVEL) -> tuple[np.ndarray, np.ndarray]:
    """Wilson score interval for a proportion: stays inside [0, 1] and behaves near 0 and 1.

    `successes` may be fractional (summed `win_share`, where ties split a win); the interval then treats
    the shares as a proportion of `n`, which is slightly conservative because splits reduce variance.
    """
    x = np.asarray(successes, dtype=float)
    n = np.asarray(n, dtype=float)
    z = z_value(level)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = x / n
        denom = 1.0 + z * z / n
        centre = (p + z * z / (2.0 * n)) / denom
        half = z * np.sqrt(p * (1.0 - p) / n + z * z / (4.0 * n * n)) / denom
    low = np.where(n > 0, np.clip(centre - half, 0.0, 1.0), np.nan)
    high = np.where(n > 0, np.clip(centre + half, 0.0, 1.0), np.nan)
    return low, high


def proportion_p_value(successes: np.ndarray | float, n: np.ndarray | float, p0: np.ndarray | float) -> np.ndarray:
    """Two-sided score test of `rate == p0`; it rejects exactly when the Wilson interval excludes p0."""
    x = np.asarray(successes, dtype=float)
    n = np.asarray(n, dtype=float)
    p0 = np.asarray(p0, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        z = (x / n - p0) / np.sqrt(p0 * (1.0 - p0) / n)
    return np.where(n > 0, 2.0 * _special().ndtr(-np.abs(z)), np.nan)


def two_proportion_difference(x1: np.ndarray | float, n1: np.ndarray | float, x2: np.ndarray | float,
                              n2: np.ndarray | float, level: float = LEVEL
                              ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """p1 - p2 of two independent proportions: (difference, low, high, p-value).

    The interval is Newcombe's hybrid score interval (1998, method 10), built from each side's Wilson interval, so it
    stays honest at rates of 0 or 1 and with a handful of trials (where the unpooled normal interval collapses to a
    point); the p-value is the two-sided pooled z (score) test of p1 = p2. Successes may be fractional shares, as in
    `wilson`. NaN where a side has n = 0.
    """
    x1, n1, x2, n2 = (np.asarray(v, dtype=float) for v in (x1, n1, x2, n2))
    low1, high1 = wilson(x1, n1, level)
    low2, high2 = wilson(x2, n2, level)
    with np.errstate(invalid="ignore", divide="ignore"):
        p1, p2 = x1 / n1, x2 / n2
        diff = p1 - p2
        low = diff - np.sqrt((p1 - low1) ** 2 + (high2 - p2) ** 2)
        high = diff + np.sqrt((high1 - p1) ** 2 + (p2 - low2) ** 2)
        pooled = (x1 + x2) / (n1 + n2)
        se = np.sqrt(pooled * (1.0 - pooled) * (1.0 / n1 + 1.0 / n2))
        p = np.where(se > 0, 2.0 * _special().ndtr(-np.abs(diff / np.where(se > 0, se, 1.0))),
                     np.where(diff == 0, 1.0, 0.0))
    ok = (n1 > 0) & (n2 > 0)
    nan = np.full(np.shape(ok), np.nan)
    return tuple(np.where(ok, v, nan) for v in (diff, low, high, p))  # type: ignore[return-value]


def mean_ci(mean: np.ndarray | float, sd: np.ndarray | float, n: np.ndarray | float, level: float = LEVEL
            ) -> tuple[np.ndarray, np.ndarray]:
    """t interval for a mean from its summary (mean, sample sd, n); NaN when n < 2."""
    mean = np.asarray(mean, dtype=float)
    sd = np.asarray(sd, dtype=float)
    n = np.asarray(n, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        half = t_value(n - 1, level) * sd / np.sqrt(n)
    return mean - half, mean + half


def chi_square_uniform(observed: np.ndarray) -> tuple[float, int, float]:
    """Goodness-of-fit of counts against equal shares: (statistic, degrees of freedom, p-value).

    Used for seat balance: observed = wins per seat (shares summed), expected = games / players.
    """
    obs = np.asarray(observed, dtype=float)
    k = obs.size
    total = obs.sum()
    if k < 2 or total <= 0:
        return float("nan"), max(k - 1, 0), float("nan")
    expected = total / k
    stat = float(((obs - expected) ** 2 / expected).sum())
    return stat, k - 1, float(_special().chdtrc(k - 1, stat))


def holm(p_values: np.ndarray | list[float]) -> np.ndarray:
    """Holm step-down adjusted p-values: a family of tests keeps its 5% error rate when read at once.

    Sort ascending, multiply the i-th smallest (0-based) by (m - i), carry the running maximum, cap at 1.
    NaN p-values (untestable rows) stay NaN and do not count towards m.
    """
    p = np.asarray(p_values, dtype=float)
    out = np.full(p.shape, np.nan)
    valid = np.flatnonzero(~np.isnan(p))
    m = valid.size
    if m == 0:
        return out
    order = valid[np.argsort(p[valid], kind="stable")]
    adjusted = np.minimum(1.0, np.maximum.accumulate(p[order] * (m - np.arange(m))))
    out[order] = adjusted
    return out


@dataclass(frozen=True)
class Difference:
    """A difference of means (b - a) with its interval, p-value and the sample sizes behind it."""

    diff: float
    ci_low: float
    ci_high: float
    p_value: float
    n_a: int
    n_b: int
    paired: bool


def paired_difference(a: np.ndarray, b: np.ndarray, level: float = LEVEL) -> Difference:
    """Paired t on per-game differences b - a: shared seeds cancel the luck of the deal."""
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    d = b - a
    n = d.size
    return paired_from_summary(float(d.mean()) if n else float("nan"),
                                float(d.std(ddof=1)) if n > 1 else float("nan"), n, level)


def paired_from_summary(mean: float, sd: float, n: int, level: float = LEVEL) -> Difference:
    """Paired t from the mean and sample sd of the per-game differences (aggregated by polars)."""
    if n < 2:
        return Difference(mean, float("nan"), float("nan"), float("nan"), n, n, True)
    se = sd / np.sqrt(n)
    if se == 0:
        p = 1.0 if mean == 0 else 0.0
        return Difference(mean, mean, mean, p, n, n, True)
    t = float(t_value(n - 1, level))
    p = float(2.0 * _special().stdtr(n - 1, -abs(mean / se)))
    return Difference(mean, mean - t * se, mean + t * se, p, n, n, True)


def welch_difference(mean_a: float, sd_a: float, n_a: int, mean_b: float, sd_b: float, n_b: int,
                     level: float = LEVEL) -> Difference:
    """Unpaired (Welch) difference b - a of two means from their summaries, for runs without shared seeds."""
    diff = mean_b - mean_a
    if n_a < 2 or n_b < 2:
        return Difference(diff, float("nan"), float("nan"), float("nan"), n_a, n_b, False)
    va, vb = sd_a * sd_a / n_a, sd_b * sd_b / n_b
    se = float(np.sqrt(va + vb))
    if se == 0:
        return Difference(diff, diff, diff, 1.0 if diff == 0 else 0.0, n_a, n_b, False)
    df = (va + vb) ** 2 / (va * va / (n_a - 1) + vb * vb / (n_b - 1))
    t = float(t_value(df, level))
    p = float(2.0 * _special().stdtr(df, -abs(diff / se)))
    return Difference(diff, diff - t * se, diff + t * se, p, n_a, n_b, False)


def unpaired_difference(a: np.ndarray, b: np.ndarray, level: float = LEVEL) -> Difference:
    """Welch difference b - a from raw samples."""
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    return welch_difference(float(a.mean()), float(a.std(ddof=1)) if a.size > 1 else float("nan"), a.size,
                            float(b.mean()), float(b.std(ddof=1)) if b.size > 1 else float("nan"), b.size, level)
