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

Beside it, a Plackett–Luce fit on the whole finishing order (`plackett_luce_ratings`): the winner is
chosen from the table with probability proportional to worth e^r, then second place from the rest, and
so on; tied seats are split over their possible orders (see `FinishingOrders`). It uses who finished first of four, second of three
..., where Bradley–Terry sees only who finished ahead of whom; the scale is the same, so the two agree
when finishing orders really are Plackett–Luce, and a gap between them says they are not (a policy that
wins often yet also often finishes last). Same prior, same bootstrap over deals.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np
import polars as pl

from zoosim import stats

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


@dataclass(frozen=True)
class FinishingOrders:
    """Finishing orders as Plackett–Luce risk sets: each place is taken by one of the seats still in the race.

    Seat i of a game contributes log(w_i / sum of w over the seats that finished level with or behind it).
    Ties (equal rank) are split: the likelihood of a game is the mean log-likelihood over every order of its
    tied seats, each order equally likely. For a tied group D with the seats B behind it, that is each seat
    of D once in the numerator and, for every non-empty subset T of D, the risk set B + T with weight
    1 / C(|D|, |T|). At a two-seat table a tie is then half a win each, as in the Bradley–Terry fit.
    A risk set is stored by its composition (seats of each policy in it); `weight[t]` is how much of it
    deal `deal[t]` holds.
    """

    policies: list[str]
    compositions: np.ndarray  # (U, K) seats of each policy in the risk set
    deal: np.ndarray  # (T,) deal position
    set: np.ndarray  # (T,) row of `compositions`
    weight: np.ndarray  # (T,) times the risk set occurs (fractional for ties)
    seats: np.ndarray  # (deals, K) seat-games of each policy in each deal

    def totals(self, deal_weight: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """(seat-games per policy, weight per risk set), with deals weighted (a bootstrap draw) or not."""
        w = np.ones(self.seats.shape[0]) if deal_weight is None else np.asarray(deal_weight, dtype=float)
        per_set = np.bincount(self.set, weights=self.weight * w[self.deal], minlength=len(self.compositions))
        return w @ self.seats, per_set

    @property
    def met(self) -> np.ndarray:
        """met[i, j]: policies i and j sat at one table at least once."""
        present = (self.compositions > 0).astype(float)
        return (present.T @ present > 0) & ~np.eye(len(self.policies), dtype=bool)


def finishing_orders(lf: pl.LazyFrame, policies: Sequence[str] | None = None) -> FinishingOrders:
    """The risk sets of every game of a tournament (games: run_number, game_index, rotation; equal seat counts)."""
    game = ["run_number", "game_index", "rotation"]
    df = lf.select(game + ["seat", "policy", "rank"]).collect().sort(game + ["seat"])
    sizes = df.group_by(game, maintain_order=True).len()["len"].to_numpy()
    if sizes.size == 0 or (sizes != sizes[0]).any():
        raise ValueError("finishing orders need games with one seat count")
    n = int(sizes[0])
    names = list(policies) if policies is not None else sorted(set(df["policy"].to_list()))
    k = len(names)
    index = {p: i for i, p in enumerate(names)}
    policy = np.array([index[p] for p in df["policy"].to_list()], dtype=np.int64).reshape(-1, n)
    rank = df["rank"].to_numpy().astype(np.int64).reshape(-1, n)
    onehot = (policy[:, :, None] == np.arange(k)).astype(np.int64)  # [g, i, policy]
    behind = np.einsum("gij,gjk->gik", (rank[:, None, :] > rank[:, :, None]).astype(np.int64), onehot)
    tied = (rank[:, None, :] == rank[:, :, None]).sum(axis=2)  # [g, i]: seats sharing seat i's rank
    alone = tied == 1
    games_of, comps, weights = [np.nonzero(alone)[0]], [(behind + onehot)[alone]], [np.ones(int(alone.sum()))]
    for g, i in zip(*np.nonzero(~alone)):  # ties are rare: each tied group once, from its lowest seat
        group = np.flatnonzero(rank[g] == rank[g, i])
        if i != group[0]:
            continue
        for size in range(1, len(group) + 1):
            for subset in itertools.combinations(group, size):
                games_of.append(np.array([g]))
                comps.append(behind[g, i] + onehot[g, list(subset)].sum(axis=0, keepdims=True))
                weights.append(np.array([1.0 / math.comb(len(group), size)]))
    comp, weight = np.concatenate(comps), np.concatenate(weights)
    if (n + 1) ** k < 2**62:  # one integer per composition: a fast unique
        _, first, inverse = np.unique(comp @ (n + 1) ** np.arange(k, dtype=np.int64), return_index=True,
                                      return_inverse=True)
        compositions = comp[first]
    else:
        compositions, inverse = np.unique(comp, axis=0, return_inverse=True)
    deals, deal_of_game = np.unique(df["game_index"].to_numpy()[::n], return_inverse=True)
    deal_of_row = deal_of_game[np.concatenate(games_of)]
    keys, where = np.unique(deal_of_row * len(compositions) + inverse.ravel(), return_inverse=True)
    seats = np.zeros((len(deals), k))
    np.add.at(seats, (np.repeat(deal_of_game, n), policy.ravel()), 1.0)
    return FinishingOrders(names, compositions, keys // len(compositions), keys % len(compositions),
                           np.bincount(where.ravel(), weights=weight), seats)


def pl_log_likelihood(theta: np.ndarray, seats: np.ndarray, per_set: np.ndarray, compositions: np.ndarray) -> float:
    """Plackett–Luce log-likelihood (ties split) from the totals of `FinishingOrders.totals`."""
    theta = np.asarray(theta, dtype=float)
    return float(seats @ theta - per_set @ np.log(compositions @ np.exp(theta)))


def fit_plackett_luce(seats: np.ndarray, per_set: np.ndarray, compositions: np.ndarray, met: np.ndarray,
                      prior: float = 1.0, start: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Maximum-likelihood log-worths (centred) and their covariance from the observed Fisher information.

    The prior is the Bradley–Terry one: per pair of policies that met, `prior` virtual two-seat games split
    evenly (a risk set {i, j} chosen `prior` times, half a win each), so a policy that always wins stays finite.
    Newton's method with step halving on ratings 1..K-1 (rating 0 fixed), then centred; the likelihood is concave.
    """
    k = len(seats)
    pairs = np.argwhere(np.triu(met, 1))
    extra = np.zeros((len(pairs), k))
    extra[np.arange(len(pairs)), pairs[:, 0]] = 1.0
    extra[np.arange(len(pairs)), pairs[:, 1]] = 1.0
    comps = np.vstack([compositions, extra])
    weights = np.concatenate([per_set, np.full(len(pairs), float(prior))])
    a = np.asarray(seats, dtype=float) + 0.5 * prior * met.sum(axis=1)
    keep = weights > 0
    comps, weights = comps[keep], weights[keep]

    def loglik(t: np.ndarray) -> float:
        return float(a @ t - weights @ np.log(comps @ np.exp(t)))

    def grad_info(t: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        share = comps * np.exp(t)
        share /= share.sum(axis=1, keepdims=True)
        grad = a - weights @ share
        info = np.diag(weights @ share) - (share * weights[:, None]).T @ share
        return grad, info

    theta = np.zeros(k) if start is None else np.asarray(start, dtype=float) - start[0]
    current = loglik(theta)
    for _ in range(200):
        grad, info = grad_info(theta)
        step = np.zeros(k)
        step[1:] = np.linalg.solve(info[1:, 1:], grad[1:])
        scale = 1.0
        while scale > 1e-6 and loglik(theta + scale * step) < current - 1e-12:
            scale /= 2
        theta = theta + scale * step
        current = loglik(theta)
        if np.max(np.abs(scale * step)) < 1e-10:
            break
    _, info = grad_info(theta)
    cov_free = np.zeros((k, k))
    cov_free[1:, 1:] = np.linalg.inv(info[1:, 1:])
    centre = np.eye(k) - 1.0 / k
    return centre @ theta, centre @ cov_free @ centre.T


def plackett_luce_ratings(orders: FinishingOrders, bootstrap: int = 200, seed: int = 0,
                          prior: float = 1.0) -> pl.DataFrame:
    """Plackett–Luce ratings per policy: rating, 95% bootstrap ci_low/ci_high (over deals), se, elo, seat_games.

    On the Bradley–Terry scale: e^rating is a policy's worth, and P(A ahead of B) = 1 / (1 + e^-(r_A - r_B)).
    """
    seats, per_set = orders.totals()
    met = orders.met
    theta, cov = fit_plackett_luce(seats, per_set, orders.compositions, met, prior)
    deals = orders.seats.shape[0]
    rng = np.random.default_rng(seed)
    draws = []
    for _ in range(bootstrap if deals > 1 else 0):
        weight = rng.multinomial(deals, np.full(deals, 1.0 / deals)).astype(float)
        s, c = orders.totals(weight)
        draws.append(fit_plackett_luce(s, c, orders.compositions, met, prior, start=theta)[0])
    if draws:
        low, high = np.quantile(np.array(draws), [stats.ALPHA / 2, 1 - stats.ALPHA / 2], axis=0)
    else:
        low = high = np.full(len(theta), np.nan)
    se = np.sqrt(np.clip(np.diag(cov), 0.0, None))
    df = pl.DataFrame({"policy": orders.policies, "rating": theta, "ci_low": low, "ci_high": high, "se": se,
                       "elo": theta * ELO, "seat_games": seats.astype(np.int64)})
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
    from zoosim.errors import ZoosimError

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


def tournament_pl(manifest: dict, lf: pl.LazyFrame, bootstrap: int = 200) -> pl.DataFrame:
    """Plackett–Luce ratings of a tournament's rows (seeded by the tournament's seed, like the BT bootstrap)."""
    return plackett_luce_ratings(finishing_orders(lf, manifest["policies"]), bootstrap=bootstrap,
                                 seed=int(manifest.get("seed", 0)))


def print_tournament(path: str) -> None:
    """Ratings (Bradley–Terry and Plackett–Luce) and the pairwise matrix as rich tables on stdout."""
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
    placed = tournament_pl(manifest, open_tournament(path)[1])
    pl_table = Table(title="Ratings: Plackett–Luce on the whole finishing order (log-worth, same scale; ties "
                           "split; 95% bootstrap CI over deals)", title_justify="left", header_style="bold")
    for h in ("policy", "rating", "95% CI", "se", "elo", "seat-games"):
        pl_table.add_column(h, justify="left" if h == "policy" else "right")
    for r in placed.iter_rows(named=True):
        pl_table.add_row(r["policy"], f"{r['rating']:+.3f}", f"{r['ci_low']:+.3f} to {r['ci_high']:+.3f}",
                         f"{r['se']:.3f}", f"{r['elo']:+.0f}", f"{r['seat_games']:,}")
    console.print(pl_table)
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
