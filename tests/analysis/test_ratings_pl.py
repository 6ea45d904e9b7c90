"""Plackett–Luce ratings on whole finishing orders: hand-computed cases, ties, recovery of known worths,
and the tournament's terminal output and report (one tiny real tournament)."""
from __future__ import annotations

import itertools
import math
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from zoosim.analysis.ratings import (
    finishing_orders, fit_bradley_terry, fit_plackett_luce, pair_counts, pl_log_likelihood, plackett_luce_ratings,
)
from zoosim.sim.tournament import lineups

WORTH = {"a": 1.0, "b": 0.4, "c": -0.3, "d": -1.1}  # centred log-worths


def table_rows(games: list[tuple[str, tuple[int, ...]]]) -> pl.LazyFrame:
    """Rows of a tournament log from (seat policies as a string, ranks) per game; one deal per game."""
    rows: dict[str, list] = {"run_number": [], "game_index": [], "rotation": [], "seat": [], "policy": [], "rank": []}
    for g, (policies, ranks) in enumerate(games):
        for seat, (policy, rank) in enumerate(zip(policies, ranks)):
            for key, value in zip(rows, (0, g, 0, seat, policy, rank)):
                rows[key].append(value)
    return pl.LazyFrame(rows)


def sampled_games(seed: int, deals: int, players: int = 3, tie_rate: float = 0.0) -> pl.LazyFrame:
    """Every lineup (with repetition) in every seat rotation; orders drawn from Plackett–Luce with WORTH.

    Exponential races with rates e^worth are exactly Plackett–Luce draws. With `tie_rate`, two adjacent
    places are sometimes merged into a tie (the model then no longer holds exactly; used for robustness only).
    """
    rng = np.random.default_rng(seed)
    names = sorted(WORTH)
    rows: dict[str, list] = {"run_number": [], "game_index": [], "rotation": [], "seat": [], "policy": [], "rank": []}
    for cell, seating in enumerate(lineups(len(names), players)):
        for g in range(deals):
            for rotation in range(players):
                seats = [names[seating[(s - rotation) % players]] for s in range(players)]
                times = rng.exponential(1.0 / np.exp([WORTH[p] for p in seats]))
                rank = np.argsort(np.argsort(times)) + 1
                if tie_rate and rng.random() < tie_rate:
                    place = int(rng.integers(1, players))
                    rank = np.where(rank == place + 1, place, rank)
                    rank = np.where(rank > place + 1, rank - 1, rank)
                for seat, policy in enumerate(seats):
                    for key, value in zip(rows, (cell, g, rotation, seat, policy, int(rank[seat]))):
                        rows[key].append(value)
    return pl.LazyFrame(rows)


def test_closed_form_maximum_one_policy_against_two_copies_of_another() -> None:
    # A at tables of A, B, B: first twice, second once. With w = e^(r_A - r_B) the score equation is
    # 3/w = 3/(w + 2) + 1/(w + 1), i.e. w^2 - 4w - 6 = 0, so w = 2 + sqrt(10).
    orders = finishing_orders(table_rows([("ABB", (1, 2, 3)), ("ABB", (1, 3, 2)), ("BAB", (1, 2, 3))]))
    seats, per_set = orders.totals()
    theta, _ = fit_plackett_luce(seats, per_set, orders.compositions, orders.met, prior=0.0)
    half_gap = math.log(2 + math.sqrt(10)) / 2
    assert theta == pytest.approx([half_gap, -half_gap], abs=1e-9)


def test_log_likelihood_of_a_game_with_a_tie_is_the_mean_over_the_tied_orders() -> None:
    orders = finishing_orders(table_rows([("abcd", (2, 1, 2, 4)), ("abcd", (1, 1, 1, 1))]))
    seats, per_set = orders.totals()
    t = np.array([0.3, -0.2, 0.5, 0.1])
    w = np.exp(t)
    # game 1: b wins from all four; a and c tie for second: the mean of the orders a, c, d and c, a, d
    first = (t[1] - math.log(w.sum()) + t[0] + t[2] - math.log(w[0] + w[2] + w[3])
             - 0.5 * (math.log(w[2] + w[3]) + math.log(w[0] + w[3])))
    # game 2: all four tied; the mean over the 24 orders by brute force
    perms = list(itertools.permutations(range(4)))
    second = np.mean([sum(t[p[k]] - math.log(w[list(p[k:])].sum()) for k in range(4)) for p in perms])
    assert pl_log_likelihood(t, seats, per_set, orders.compositions) == pytest.approx(first + second, abs=1e-12)
    assert seats.tolist() == [2, 2, 2, 2]


def test_a_two_seat_tie_is_half_a_win_each_as_in_bradley_terry() -> None:
    games = [("xy", (1, 2))] * 3 + [("xy", (1, 1))]
    orders = finishing_orders(table_rows(games))
    seats, per_set = orders.totals()
    theta, _ = fit_plackett_luce(seats, per_set, orders.compositions, orders.met, prior=0.0)
    assert theta[0] - theta[1] == pytest.approx(math.log(3.5 / 0.5), abs=1e-9)
    counts = pair_counts(table_rows(games))
    bt, _ = fit_bradley_terry(counts.total_wins, counts.total_comparisons, prior=0.0)
    assert theta == pytest.approx(bt, abs=1e-9)


def test_recovers_known_worths_from_sampled_finishing_orders() -> None:
    rows = sampled_games(seed=5, deals=60, players=3)
    fitted = plackett_luce_ratings(finishing_orders(rows, sorted(WORTH)), bootstrap=60, seed=1)
    assert fitted["policy"].to_list() == ["a", "b", "c", "d"]
    for r in fitted.iter_rows(named=True):
        true = WORTH[r["policy"]]
        assert abs(r["rating"] - true) < 3 * r["se"] and r["se"] < 0.06, r
        assert r["ci_low"] < true < r["ci_high"], r
    assert fitted["rating"].sum() == pytest.approx(0.0, abs=1e-9)
    # the bootstrap interval and the Fisher se agree in width (about 2 x 1.96 se)
    widths = (fitted["ci_high"] - fitted["ci_low"]) / fitted["se"]
    assert ((2.5 < widths) & (widths < 6)).all()


def test_four_seat_tables_with_some_ties_still_recover_the_order_and_worths() -> None:
    rows = sampled_games(seed=6, deals=25, players=4, tie_rate=0.1)
    orders = finishing_orders(rows, sorted(WORTH))
    assert (orders.weight % 1 != 0).any()  # tied groups give fractional risk-set weights
    placed = plackett_luce_ratings(orders, bootstrap=0)
    assert placed["ci_low"].is_nan().all()  # no bootstrap, no interval
    assert placed["policy"].to_list() == ["a", "b", "c", "d"]
    for r in placed.iter_rows(named=True):
        assert abs(r["rating"] - WORTH[r["policy"]]) < 4 * r["se"], r


def test_a_policy_that_always_wins_stays_finite_with_the_prior() -> None:
    orders = finishing_orders(table_rows([("xyy", (1, 2, 3))] * 20))
    fitted = plackett_luce_ratings(orders, bootstrap=10)
    assert np.isfinite(fitted["rating"].to_numpy()).all()
    assert fitted["policy"].to_list() == ["x", "y"] and fitted["seat_games"].to_list() == [20, 40]


def test_tournament_prints_and_reports_both_fits(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    from zoosim.analysis.ratings import print_tournament
    from zoosim.report.build import build_report
    from zoosim.sim.tournament import tournament_run

    out = tmp_path / "t"
    tournament_run("zooloretto", 3, ["uniform", "random"], 10, 4, out, workers=1, progress=False)
    print_tournament(str(out))
    text = capsys.readouterr().out
    assert "Bradley–Terry" in text and "Plackett–Luce" in text and "seat-games" in text
    readme = (build_report([out], tmp_path / "r") / "README.md").read_text()
    assert "Plackett–Luce on the whole finishing order" in readme
    assert "Plackett–Luce on the whole finishing order ranks them" in readme
