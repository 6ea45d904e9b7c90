"""Each statistic against numbers computed by hand (worked values in the comments)."""
from __future__ import annotations

import math

import numpy as np
import pytest

from zoosim import stats


def test_wilson_8_of_10_matches_hand_computation() -> None:
    # p = 0.8, z^2 = 3.8415: centre = (0.8 + 0.19207) / 1.38415 = 0.71674,
    # half = 1.95996 * sqrt(0.016 + 0.0096036) / 1.38415 = 0.22658  ->  [0.49016, 0.94332]
    low, high = stats.wilson(8, 10)
    assert float(low) == pytest.approx(0.49016, abs=1e-5)
    assert float(high) == pytest.approx(0.94332, abs=1e-5)


def test_wilson_stays_inside_unit_interval_at_the_edges() -> None:
    low, high = stats.wilson(np.array([0.0, 5.0]), np.array([5.0, 5.0]))
    assert low[0] == 0.0 and 0.0 < high[0] < 1.0        # 0/5: [0, 0.4345]
    assert high[0] == pytest.approx(0.43449, abs=1e-5)
    assert 0.0 < low[1] < 1.0 and high[1] == 1.0


def test_score_test_agrees_with_wilson() -> None:
    # 8/10 against 0.5: z = 0.3 / sqrt(0.025) = 1.8974 -> p = 0.05778; 0.5 lies inside [0.49, 0.94].
    assert float(stats.proportion_p_value(8, 10, 0.5)) == pytest.approx(0.05778, abs=1e-4)


def test_holm_step_down() -> None:
    # sorted 0.005*4=0.02, 0.01*3=0.03, 0.03*2=0.06, 0.04*1=0.04 -> running max 0.06
    adjusted = stats.holm([0.01, 0.04, 0.03, 0.005])
    assert adjusted.tolist() == pytest.approx([0.03, 0.06, 0.06, 0.02])


def test_holm_ignores_nan_and_caps_at_one() -> None:
    # m = 2 (the NaN does not count): 0.2*2 = 0.4, 0.7*1 = 0.7
    adjusted = stats.holm([0.7, float("nan"), 0.2])
    assert adjusted[0] == pytest.approx(0.7) and math.isnan(adjusted[1]) and adjusted[2] == pytest.approx(0.4)
    assert stats.holm([0.6, 0.9]).tolist() == [1.0, 1.0]  # 0.6*2 = 1.2 is capped


def test_paired_difference_by_hand() -> None:
    # d = [2, 1, 0, 3]: mean 1.5, sd = sqrt(5/3) = 1.29099, se = 0.64550, t(3) = 3.18245
    res = stats.paired_difference(np.array([10, 12, 9, 11]), np.array([12, 13, 9, 14]))
    assert res.diff == pytest.approx(1.5)
    assert res.ci_low == pytest.approx(1.5 - 2.05426, abs=1e-4)
    assert res.ci_high == pytest.approx(1.5 + 2.05426, abs=1e-4)
    # t = 1.5 / 0.6455 = 2.3238 with 3 df, just below the two-sided 10% point 2.3534 -> p slightly above 0.10
    assert 0.10 < res.p_value < 0.11
    assert res.paired and res.n_a == res.n_b == 4


def test_welch_difference_by_hand() -> None:
    # a = 1..4 (var 5/3), b = 2,4,6,8 (var 20/3): se = sqrt(2.08333) = 1.44338, df = 4.4118
    res = stats.unpaired_difference(np.array([1, 2, 3, 4]), np.array([2, 4, 6, 8]))
    assert res.diff == pytest.approx(2.5)
    half = (res.ci_high - res.ci_low) / 2
    from scipy import stats as dist
    assert half == pytest.approx(dist.t.ppf(0.975, 4.41176) * 1.443376, rel=1e-4)
    assert not res.paired


def test_mean_ci_uses_t_for_small_samples() -> None:
    # 1..4: mean 2.5, sd 1.29099, t(3) = 3.18245 -> half 2.05426
    low, high = stats.mean_ci(2.5, np.std([1, 2, 3, 4], ddof=1), 4)
    assert float(low) == pytest.approx(0.44574, abs=1e-4)
    assert float(high) == pytest.approx(4.55426, abs=1e-4)


def test_chi_square_seat_balance_by_hand() -> None:
    # wins 1.5 and 2.5 of 4 games: expected 2 each, chi2 = 0.25, df 1, p = 2 * (1 - Phi(0.5)) = 0.61708
    chi2, df, p = stats.chi_square_uniform(np.array([1.5, 2.5]))
    assert chi2 == pytest.approx(0.25) and df == 1
    assert p == pytest.approx(0.61708, abs=1e-5)
    # 3 seats, 30 games, wins 16/8/6: chi2 = (36 + 4 + 16) / 10 = 5.6, df 2, p = exp(-2.8) = 0.06081
    chi2, df, p = stats.chi_square_uniform(np.array([16, 8, 6]))
    assert chi2 == pytest.approx(5.6) and df == 2 and p == pytest.approx(math.exp(-2.8))


def test_the_95_percent_normal_quantile_is_scipys_to_the_last_bit():
    from scipy.stats import norm

    assert stats.z_value() == float(norm.ppf(0.975))
    assert stats.z_value(0.9) == float(norm.ppf(0.95))


def test_the_distributions_are_scipy_stats_to_the_last_bit():
    from scipy.stats import chi2, norm, t

    z = np.linspace(-12.0, 12.0, 2001)
    assert np.array_equal(stats.proportion_p_value(np.full(3, 30.0), np.full(3, 100.0), np.array([0.2, 0.3, 0.45])),
                          np.where(True, 2.0 * norm.sf(np.abs((0.3 - np.array([0.2, 0.3, 0.45]))
                                                              / np.sqrt(np.array([0.2, 0.3, 0.45]) * np.array([0.8, 0.7, 0.55]) / 100.0))), 0))
    for df in (1.0, 2.5, 9.0, 40.0, 1000.0):
        assert np.array_equal(stats.t_value(np.array([df])), t.ppf([0.975], df))
        assert np.array_equal(stats._special().stdtr(df, -np.abs(z)), t.sf(np.abs(z), df))
        assert np.array_equal(stats._special().chdtrc(df, np.abs(z)), chi2.sf(np.abs(z), df))
    assert stats.z_value(0.99) == float(norm.ppf(0.995))
