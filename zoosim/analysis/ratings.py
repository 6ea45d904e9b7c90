"""Policy ratings from finishing orders: a Bradley–Terry model fitted by maximum likelihood.

Each game gives pairwise results between the policies at its table: for policies A and B the game
scores the share of (A seat, B seat) pairings in which A finished ahead (equal rank: half). So every
game with both policies is one comparison, exactly as in `policy_matrix`. The model:
P(A ahead of B) = 1 / (1 + exp(-(r_A - r_B))), ratings centred on 0 (log-odds scale; `elo` = r * 400/ln 10).
Under a Plackett–Luce model of the whole finishing order this pairwise probability holds exactly, so
the fit is consistent for it too.

A comparison-weighted half draw per pair (`prior`, default 1 game) keeps a policy that never wins at a
finite, very low rating; with thousands of games it moves nothing else.

Intervals: `se` from the observed Fisher information (treats comparisons as independent), and 95%
`ci_low`/`ci_high` from a bootstrap over deals (game indices): every lineup and rotation of a deal is
resampled together, which is honest about the shared seeds and the several pairs per game.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np
import polars as pl

from zoosim.analysis import stats

ELO = 400.0 / math.log(10.0)


@dataclass(frozen=True)
class PairCounts:
    """Pairwise results per deal: wins[g, i, j] = comparisons of i over j won by i in deal g (ties half)."""

    policies: list[str]
    wins: np.ndarray  # (deals, K, K)
    comparisons: np.ndarray  # (deals, K, K), symmetric

    @property
    def total_wins(self) -> np.ndarray:
        return self.wins.sum(axis=0)

    @property
    def total_comparisons(self) -> np.ndarray:
        return self.comparisons.sum(axis=0)


def pair_counts(lf: pl.LazyFrame, policies: Sequence[str] | None = None) -> PairCounts:
    """Per-deal pairwise results from the rows of a tournament (or any run with mixed tables)."""
    game = ["run_number", "game_index", "rotation"]
    rows = lf.select(game + ["policy", "rank"])
    other = rows.select(game + [pl.col("policy").alias("opponent"), pl.col("rank").alias("rank_opp")])
    per_game = (rows.join(other, on=game).filter(pl.col("policy") != pl.col("opponent"))
                .with_columns(pl.when(pl.col("rank") < pl.col("rank_opp")).then(1.0)
                              .when(pl.col("rank") == pl.col("rank_opp")).then(0.5).otherwise(0.0).alias("beats"))
                .group_by(game + ["policy", "opponent"]).agg(pl.col("beats").mean()))
    per_deal = (per_game.group_by(["game_index", "policy", "opponent"])
                .agg(pl.col("beats").sum().alias("wins"), pl.len().alias("n")).collect())
    names = list(policies) if policies is not None else sorted(set(per_deal["policy"].to_list()))
    index = {p: i for i, p in enumerate(names)}
    deals = per_deal["game_index"].unique().sort()
    deal_pos = {int(d): g for g, d in enumerate(deals.to_list())}
    k = len(names)
    wins = np.zeros((len(deal_pos), k, k))
    comps = np.zeros((len(deal_pos), k, k))
    g = np.array([deal_pos[int(d)] for d in per_deal["game_index"].to_list()], dtype=np.int64)
    i = np.array([index[p] for p in per_deal["policy"].to_list()], dtype=np.int64)
    j = np.array([index[p] for p in per_deal["opponent"].to_list()], dtype=np.int64)
    np.add.at(wins, (g, i, j), per_deal["wins"].to_numpy())
    np.add.at(comps, (g, i, j), per_deal["n"].to_numpy().astype(float))
    return PairCounts(names, wins, comps)


def fit_bradley_terry(wins: np.ndarray, comparisons: np.ndarray, prior: float = 1.0,
                      start: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Maximum-likelihood ratings (centred) and their covariance from the observed Fisher information.

    wins[i, j]: comparisons i won against j (fractional for ties); comparisons[i, j] = comparisons[j, i].
    Newton's method on ratings 1..K-1 with rating 0 fixed at 0 (the likelihood is concave), then centred.
    """
    k = wins.shape[0]
    n = comparisons + prior * (comparisons > 0)
    w = wins + 0.5 * prior * (comparisons > 0)
    theta = np.zeros(k) if start is None else np.asarray(start, dtype=float) - start[0]
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-(theta[:, None] - theta[None, :])))
        grad = (w - n * p).sum(axis=1)
        info = n * p * (1.0 - p)
        hess = np.diag(info.sum(axis=1)) - info  # the negative Hessian (Fisher information)
        step = np.linalg.solve(hess[1:, 1:], grad[1:])
        theta[1:] += step
        if np.max(np.abs(step)) < 1e-10:
            break
    p = 1.0 / (1.0 + np.exp(-(theta[:, None] - theta[None, :])))
    info = n * p * (1.0 - p)
    hess = np.diag(info.sum(axis=1)) - info
    cov_free = np.zeros((k, k))
    cov_free[1:, 1:] = np.linalg.inv(hess[1:, 1:])
    centre = np.eye(k) - 1.0 / k
    return centre @ theta, centre @ cov_free @ centre.T


def ratings(counts: PairCounts, bootstrap: int = 200, seed: int = 0, prior: float = 1.0) -> pl.DataFrame:
    """Ratings per policy: rating, elo, se (Fisher), 95% bootstrap ci_low/ci_high, comparisons; best first.

    `separated` marks a policy that won (or lost) every comparison against some opponent: that gap is
    only known to be large, its size is set by the prior, and a bootstrap cannot widen it.
    """
    theta, cov = fit_bradley_terry(counts.total_wins, counts.total_comparisons, prior)
    deals = counts.wins.shape[0]
    rng = np.random.default_rng(seed)
    draws = []
    for _ in range(bootstrap if deals > 1 else 0):
        weight = rng.multinomial(deals, np.full(deals, 1.0 / deals)).astype(float)
        w = np.tensordot(weight, counts.wins, axes=1)
        c = np.tensordot(weight, counts.comparisons, axes=1)
        draws.append(fit_bradley_terry(w, c, prior, start=theta)[0])
    if draws:
        low, high = np.quantile(np.array(draws), [stats.ALPHA / 2, 1 - stats.ALPHA / 2], axis=0)
    else:
        low = high = np.full(len(theta), np.nan)
    se = np.sqrt(np.clip(np.diag(cov), 0.0, None))
    w, n = counts.total_wins, counts.total_comparisons
    separated = ((n > 0) & ((w == 0) | (w == n))).any(axis=1)
    df = pl.DataFrame({"policy": counts.policies, "rating": theta, "ci_low": low, "ci_high": high, "se": se,
                       "elo": theta * ELO, "comparisons": n.sum(axis=1).astype(np.int64), "separated": separated})
    return df.sort("rating", descending=True)


def pairwise_matrix(counts: PairCounts, fitted: pl.DataFrame | None = None) -> pl.DataFrame:
    """How often the row policy finished ahead of the column policy (games with both; Wilson 95%),
    beside what the fitted ratings predict (`model`)."""
    w, n = counts.total_wins, counts.total_comparisons
    rating = dict(zip(fitted["policy"], fitted["rating"])) if fitted is not None else {}
    rows = []
    for i, a in enumerate(counts.policies):
        for j, b in enumerate(counts.policies):
            if i == j or n[i, j] == 0:
                continue
            low, high = stats.wilson(w[i, j], n[i, j])
            model = 1.0 / (1.0 + math.exp(-(rating[a] - rating[b]))) if rating else float("nan")
            rows.append({"policy": a, "opponent": b, "n": int(n[i, j]), "win_rate": float(w[i, j] / n[i, j]),
                         "ci_low": float(low), "ci_high": float(high), "model": model})
    schema = {"policy": pl.String, "opponent": pl.String, "n": pl.Int64, "win_rate": pl.Float64,
              "ci_low": pl.Float64, "ci_high": pl.Float64, "model": pl.Float64}
    return pl.DataFrame(rows, schema=schema)


def open_tournament(path: str) -> tuple[dict, pl.LazyFrame]:
    """The manifest and rows of a tournament directory; ZoosimError when it is not one."""
    from zoosim.analysis.load import open_runs
    from zoosim.games.base import ZoosimError

    runs = open_runs(path)
    manifest = runs.manifests[0]
    if manifest.get("kind") != "tournament":
        raise ZoosimError(f"{path} is not a tournament (its manifest has no kind 'tournament'); "
                          "make one with `zoosim tournament`")
    return manifest, runs.frame


def tournament_tables(path: str, bootstrap: int = 200) -> tuple[dict, pl.DataFrame, pl.DataFrame]:
    """(manifest, ratings, pairwise matrix) of a tournament directory."""
    manifest, lf = open_tournament(path)
    counts = pair_counts(lf, manifest["policies"])
    fitted = ratings(counts, bootstrap=bootstrap, seed=int(manifest.get("seed", 0)))
    return manifest, fitted, pairwise_matrix(counts, fitted)


def print_tournament(path: str) -> None:
    """Ratings and the pairwise matrix as rich tables on stdout."""
    import sys

    from rich.console import Console
    from rich.table import Table

    manifest, fitted, matrix = tournament_tables(path)
    console = Console() if sys.stdout.isatty() else Console(width=200)
    table = Table(title=f"Ratings: Bradley–Terry on finishing order, {manifest['players']} players "
                        "(log-odds; 95% bootstrap CI over deals)", title_justify="left", header_style="bold")
    for h in ("policy", "rating", "95% CI", "se", "elo", "comparisons"):
        table.add_column(h, justify="left" if h == "policy" else "right")
    for r in fitted.iter_rows(named=True):
        table.add_row(r["policy"] + (" *" if r["separated"] else ""), f"{r['rating']:+.3f}", f"{r['ci_low']:+.3f} to {r['ci_high']:+.3f}",
                      f"{r['se']:.3f}", f"{r['elo']:+.0f}", f"{r['comparisons']:,}")
    console.print(table)
    if fitted["separated"].any():
        console.print("* won or lost every comparison against some opponent: that gap is a lower bound set by the prior")
    grid = Table(title="Pairwise: how often the row policy finishes ahead of the column policy (ties half; 95% Wilson)",
                 title_justify="left", header_style="bold")
    names = fitted["policy"].to_list()
    grid.add_column("policy")
    for name in names:
        grid.add_column(name, justify="right")
    cells = {(r["policy"], r["opponent"]): r for r in matrix.iter_rows(named=True)}
    for a in names:
        row = [a]
        for b in names:
            r = cells.get((a, b))
            row.append("–" if r is None else f"{100 * r['win_rate']:.1f}% ({100 * r['ci_low']:.1f}–{100 * r['ci_high']:.1f})")
        grid.add_row(*row)
    console.print(grid)
