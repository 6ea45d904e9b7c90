"""Bradley–Terry ratings recover known strengths from synthetic finishing orders (no engine is played)."""
from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from zoosim.analysis.ratings import fit_bradley_terry, pair_counts, pairwise_matrix, ratings
from zoosim.sim.tournament import lineups

STRENGTH = {"a": 0.9, "b": 0.3, "c": -0.2, "d": -1.0}  # centred log-strengths


def plackett_luce_games(lineup_list: list[tuple[str, ...]], deals: int, seed: int) -> pl.LazyFrame:
    """Rows like a tournament log: each game's finishing order is an exponential race with rates exp(strength),
    i.e. a Plackett–Luce draw, under which P(x ahead of y) = 1 / (1 + exp(-(s_x - s_y)))."""
    rng = np.random.default_rng(seed)
    rows: dict[str, list] = {"run_number": [], "game_index": [], "rotation": [], "seat": [], "policy": [], "rank": []}
    for cell, lineup in enumerate(lineup_list):
        rates = np.exp([STRENGTH[p] for p in lineup])
        for g in range(deals):
            times = rng.exponential(1.0 / rates)
            rank = np.argsort(np.argsort(times)) + 1
            for seat, policy in enumerate(lineup):
                rows["run_number"].append(cell)
                rows["game_index"].append(g)
                rows["rotation"].append(0)
                rows["seat"].append(seat)
                rows["policy"].append(policy)
                rows["rank"].append(int(rank[seat]))
    return pl.LazyFrame(rows)


def test_fit_recovers_strengths_from_pairwise_counts_with_fisher_intervals() -> None:
    rng = np.random.default_rng(1)
    theta = np.array(list(STRENGTH.values()))
    k = theta.size
    comps = np.full((k, k), 3_000.0) - np.diag(np.full(k, 3_000.0))
    p = 1.0 / (1.0 + np.exp(-(theta[:, None] - theta[None, :])))
    wins = np.zeros((k, k))
    for i in range(k):
        for j in range(i + 1, k):
            wins[i, j] = rng.binomial(3_000, p[i, j])
            wins[j, i] = 3_000 - wins[i, j]
    fitted, cov = fit_bradley_terry(wins, comps, prior=0.0)
    se = np.sqrt(np.diag(cov))
    assert fitted.sum() == pytest.approx(0.0, abs=1e-9)
    assert np.all(np.abs(fitted - theta) < 3 * se)
    assert np.all((0.01 < se) & (se < 0.05))
    # the score equations hold at the optimum: each policy's expected wins equal its observed wins
    q = 1.0 / (1.0 + np.exp(-(fitted[:, None] - fitted[None, :])))
    assert np.allclose((comps * q).sum(axis=1), wins.sum(axis=1))


def test_ratings_from_finishing_orders_recover_plackett_luce_strengths() -> None:
    names = sorted(STRENGTH)
    tables = [tuple(names[i] for i in seating) for seating in lineups(4, 3)]
    assert len(tables) == 16  # C(6, 3) - 4 single-policy tables
    counts = pair_counts(plackett_luce_games(tables, 300, seed=2), names)
    fitted = ratings(counts, bootstrap=100, seed=0)
    by = {r["policy"]: r for r in fitted.iter_rows(named=True)}
    for name, true in STRENGTH.items():
        r = by[name]
        assert r["ci_low"] < true < r["ci_high"], (name, r)
        assert abs(r["rating"] - true) < 3 * r["se"]
    assert fitted["policy"].to_list() == ["a", "b", "c", "d"]
    matrix = pairwise_matrix(counts, fitted)
    ab = matrix.filter((pl.col("policy") == "a") & (pl.col("opponent") == "b")).row(0, named=True)
    ba = matrix.filter((pl.col("policy") == "b") & (pl.col("opponent") == "a")).row(0, named=True)
    assert ab["win_rate"] + ba["win_rate"] == pytest.approx(1.0)
    assert ab["ci_low"] < 1 / (1 + np.exp(-0.6)) < ab["ci_high"]


def test_a_policy_that_always_wins_gets_a_finite_rating_and_is_marked() -> None:
    wins = np.array([[0.0, 50.0], [0.0, 0.0]])
    comps = np.array([[0.0, 50.0], [50.0, 0.0]])
    theta, _ = fit_bradley_terry(wins, comps, prior=1.0)
    assert np.isfinite(theta).all() and theta[0] - theta[1] == pytest.approx(np.log(50.5 / 0.5), rel=1e-6)
    counts_frame = pl.LazyFrame({"run_number": [0, 0], "game_index": [0, 0], "rotation": [0, 0], "seat": [0, 1],
                                 "policy": ["x", "y"], "rank": [1, 2]})
    fitted = ratings(pair_counts(counts_frame), bootstrap=0)
    assert fitted["separated"].to_list() == [True, True]


def test_lineups_hold_two_or_more_policies_with_repetition() -> None:
    assert lineups(2, 3) == [(0, 0, 1), (0, 1, 1)]
    assert lineups(3, 2) == [(0, 1), (0, 2), (1, 2)]
    assert all(len(set(x)) > 1 for x in lineups(5, 4)) and len(lineups(5, 4)) == 70 - 5
