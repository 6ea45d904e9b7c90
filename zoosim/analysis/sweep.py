"""Sweep analysis: one row of balance metrics per cell, each with its 95% interval, and the most balanced cells.

Metrics per cell (a cell = one combination of swept rule values and a player count):
- `seat_deviation`: the largest deviation from fair of a turn position (position 0 moved first), rate - 1/players
  of the position farthest from it (`worst_position`), with that position's Wilson interval shifted by 1/players;
  `balance` is its absolute value (0 = every position fair) with the interval of |deviation| (0 at the bottom when
  the interval holds 0). Taking the largest of several positions biases it upwards at small n; equal n across cells
  keeps cells comparable. In a game played in seat order the positions are the seats; where the rules draw the
  turn order per game (Ark Nova, Castles by default) a seat is only a policy's slot and the question is asked of
  position. A sweep written before the log had position, of a game that may draw its turn order, is read by seat
  (`worst_seat`).
- `score_sd`: sd of final scores over seat-games; chi-square interval with games (not seat-games) as
  the sample size, because the seats of one game are not independent (conservative).
- `margin`: the winner's lead over second place (t interval); `tie_rate`: top score shared (Wilson);
  `rounds`: game length (t interval). Rotated copies of a deal count as games, as everywhere in zoosim.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl
from scipy import stats as _dist

from zoosim import stats
from zoosim.analysis.load import open_runs
from zoosim.analysis.scores import game_table
from zoosim.errors import ZoosimError

METRICS = ("balance", "score_sd", "margin", "tie_rate", "rounds")
METRIC_LABELS = {
    "balance": "largest turn-position deviation from fair (percentage points)",
    "seat_deviation": "signed largest turn-position deviation (percentage points)",
    "score_sd": "score sd (points)",
    "margin": "mean margin, winner over second (points)",
    "tie_rate": "tie rate (top score shared)",
    "rounds": "mean rounds per game",
}
HEADERS = {"balance": "position deviation (pts)", "score_sd": "score sd", "margin": "margin",
           "tie_rate": "tie rate (%)", "rounds": "rounds"}


def open_sweep(path: str | Path) -> tuple[dict[str, Any], pl.LazyFrame]:
    """The manifest and rows of a sweep directory; ZoosimError when it is not a sweep."""
    runs = open_runs(path)
    manifest = runs.manifests[0]
    if manifest.get("kind") != "sweep":
        raise ZoosimError(f"{path} is not a sweep (its manifest has no kind 'sweep'); make one with `zoosim sweep`")
    return manifest, runs.frame


def cell_keys(manifest: dict[str, Any]) -> list[str]:
    """The columns that name a cell: cell, players, then the swept rules in grid order."""
    return ["cell", "players", *manifest.get("parameters", [])]


def turn_key(lf: pl.LazyFrame) -> str:
    """`position` when every row has one, else `seat` (a sweep of a game that may draw its turn order, written
    before the log had position)."""
    return "seat" if lf.select(pl.col("position").is_null().any()).collect().item() else "position"


def worst_column(metrics: pl.DataFrame) -> str:
    """`worst_position` or `worst_seat`: the column naming the cell's most unfair turn position (or seat)."""
    return "worst_position" if "worst_position" in metrics.columns else "worst_seat"


def sweep_metrics(lf: pl.LazyFrame, manifest: dict[str, Any], by: str | None = None) -> pl.DataFrame:
    """One row per cell with every metric and its 95% interval (see the module doc); the seat advantage is by turn
    position (`by`, default `turn_key`)."""
    keys = cell_keys(manifest)
    by = by or turn_key(lf)
    per_seat = (lf.group_by(["cell", by]).agg(pl.len().alias("n"), pl.col("win_share").sum().alias("wins"),
                                               pl.col("players").first())
                .sort(["cell", by]).collect())
    scores = lf.group_by(keys).agg(pl.col("score").cast(pl.Float64).std().alias("score_sd")).collect()
    games = (game_table(lf).group_by("run_number").agg(
        pl.len().alias("games"),
        pl.col("margin").cast(pl.Float64).mean().alias("margin"),
        pl.col("margin").cast(pl.Float64).std().alias("margin_sd"),
        pl.col("top_tie").sum().alias("ties"),
        pl.col("rounds").cast(pl.Float64).mean().alias("rounds"),
        pl.col("rounds").cast(pl.Float64).std().alias("rounds_sd"),
    ).collect())
    cell_of_run = lf.group_by("run_number").agg(pl.col("cell").first()).collect()
    games = games.join(cell_of_run, on="run_number").drop("run_number")
    seat_rows = [_seat_row(int(c), part, by) for (c,), part in per_seat.group_by(["cell"], maintain_order=True)]
    seat_df = pl.DataFrame(seat_rows, schema={"cell": pl.Int32, f"worst_{by}": pl.Int64, "seat_deviation": pl.Float64,
                                              "seat_deviation_ci_low": pl.Float64, "seat_deviation_ci_high": pl.Float64})
    df = scores.join(games, on="cell").join(seat_df, on="cell").sort("cell")
    n = df["games"].to_numpy().astype(float)
    dev, lo, hi = (df[c].to_numpy() for c in ("seat_deviation", "seat_deviation_ci_low", "seat_deviation_ci_high"))
    bal_lo = np.where((lo <= 0) & (hi >= 0), 0.0, np.minimum(np.abs(lo), np.abs(hi)))
    bal_hi = np.maximum(np.abs(lo), np.abs(hi))
    sd = df["score_sd"].to_numpy()
    with np.errstate(invalid="ignore", divide="ignore"):
        sd_lo = sd * np.sqrt((n - 1) / _dist.chi2.ppf(1 - stats.ALPHA / 2, n - 1))
        sd_hi = sd * np.sqrt((n - 1) / _dist.chi2.ppf(stats.ALPHA / 2, n - 1))
    m_lo, m_hi = stats.mean_ci(df["margin"].to_numpy(), df["margin_sd"].to_numpy(), n)
    r_lo, r_hi = stats.mean_ci(df["rounds"].to_numpy(), df["rounds_sd"].to_numpy(), n)
    t_lo, t_hi = stats.wilson(df["ties"].to_numpy(), n)
    df = df.with_columns(
        pl.Series("balance", np.abs(dev)), pl.Series("balance_ci_low", bal_lo), pl.Series("balance_ci_high", bal_hi),
        pl.Series("score_sd_ci_low", sd_lo), pl.Series("score_sd_ci_high", sd_hi),
        pl.Series("margin_ci_low", m_lo), pl.Series("margin_ci_high", m_hi),
        (pl.col("ties") / pl.col("games")).alias("tie_rate"), pl.Series("tie_rate_ci_low", t_lo),
        pl.Series("tie_rate_ci_high", t_hi), pl.Series("rounds_ci_low", r_lo), pl.Series("rounds_ci_high", r_hi),
    )
    order = keys + ["games", f"worst_{by}", "seat_deviation", "seat_deviation_ci_low", "seat_deviation_ci_high"]
    for metric in METRICS:
        order += [metric, f"{metric}_ci_low", f"{metric}_ci_high"]
    return df.select(order)


def _seat_row(cell: int, part: pl.DataFrame, by: str) -> dict[str, Any]:
    players = int(part["players"][0])
    wins, n = part["wins"].to_numpy(), part["n"].to_numpy().astype(float)
    fair = 1.0 / players
    deviation = wins / n - fair
    seat = int(np.argmax(np.abs(deviation)))
    low, high = stats.wilson(wins[seat], n[seat])
    return {"cell": cell, f"worst_{by}": int(part[by][seat]), "seat_deviation": float(deviation[seat]),
            "seat_deviation_ci_low": float(low) - fair, "seat_deviation_ci_high": float(high) - fair}


def most_balanced(metrics: pl.DataFrame) -> pl.DataFrame:
    """Per player count, the cell with the smallest largest-seat-deviation and every cell tied with it.

    Tied = its interval of |deviation| overlaps the best cell's: the data cannot tell them apart. Columns:
    players, cell, the swept values, balance with CI, best (the point-estimate winner) and tied.
    """
    rows = []
    for (_,), part in metrics.sort("players").group_by(["players"], maintain_order=True):
        part = part.sort(["balance", "cell"])
        best_high = float(part["balance_ci_high"][0])
        rows.append(part.with_columns(
            (pl.col("cell") == part["cell"][0]).alias("best"),
            (pl.col("balance_ci_low") <= best_high).alias("tied")).filter(pl.col("tied")))
    if not rows:
        return metrics.head(0)
    return pl.concat(rows)


def balance_sentences(metrics: pl.DataFrame, parameters: list[str]) -> list[str]:
    """One sentence per player count naming the most balanced cell and the cells it cannot be told from."""
    out = []
    tied = most_balanced(metrics)
    for (players,), part in tied.group_by(["players"], maintain_order=True):
        best = part.filter(pl.col("best")).row(0, named=True)
        others = part.filter(~pl.col("best"))
        worst = worst_column(metrics)
        which = f"position {best[worst] + 1}" if worst == "worst_position" else f"seat {best[worst] + 1}"
        text = (f"{players} players: most balanced is {cell_label(best, parameters)} (largest "
                f"{'turn-position' if worst == 'worst_position' else 'seat'} deviation "
                f"{100 * best['balance']:.1f} pts, 95% CI {100 * best['balance_ci_low']:.1f} to "
                f"{100 * best['balance_ci_high']:.1f}, {which})")
        if others.height:
            names = "; ".join(cell_label(r, parameters) for r in others.iter_rows(named=True))
            text += f"; tied within the intervals: {names}"
        else:
            text += "; no other cell is within its interval"
        out.append(text + ".")
    return out


def cell_label(row: dict[str, Any], parameters: list[str]) -> str:
    values = ", ".join(f"{p}={row[p]}" for p in parameters)
    return f"cell {row['cell']}" + (f" ({values})" if values else "")


def print_sweep(path: str | Path) -> None:
    """The cell table and the most balanced cells, as rich tables on stdout."""
    from rich.console import Console
    from rich.table import Table

    manifest, lf = open_sweep(path)
    metrics = sweep_metrics(lf, manifest)
    console = Console() if sys.stdout.isatty() else Console(width=200)
    worst = worst_column(metrics)
    table = Table(title=f"Sweep cells (95% intervals; {worst[6:]} numbered from 1" +
                  ("; position 1 moved first)" if worst == "worst_position" else ")"), title_justify="left",
                  header_style="bold")
    keys = cell_keys(manifest)
    for h in keys + ["games", worst.replace("_", " "), *[HEADERS[m] for m in METRICS]]:
        table.add_column(h, justify="right")
    for r in metrics.iter_rows(named=True):
        cells = [str(r[k]) for k in keys] + [f"{r['games']:,}", str(r[worst] + 1)]
        cells += [format_metric(r, m) for m in METRICS]
        table.add_row(*cells)
    console.print(table)
    for line in balance_sentences(metrics, list(manifest.get("parameters", []))):
        console.print(line)


def format_metric(row: dict[str, Any], metric: str) -> str:
    scale, digits = (100.0, 1) if metric in ("balance", "seat_deviation", "tie_rate") else (1.0, 2)
    value, low, high = (row[metric], row[f"{metric}_ci_low"], row[f"{metric}_ci_high"])
    if value is None or not np.isfinite(value):
        return "–"
    return f"{scale * value:.{digits}f} ({scale * low:.{digits}f}–{scale * high:.{digits}f})"
