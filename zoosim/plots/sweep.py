"""Charts of sweeps and tournaments: a metric over the swept rules (heatmap or lines, with CIs), ratings.

Sweep charts take the frame of `zoosim.analysis.sweep.sweep_metrics`: one row per cell with
`<metric>`, `<metric>_ci_low`, `<metric>_ci_high`. Two swept rules give one heatmap per player count
(each square annotated with its value and interval); one rule gives lines over its values, one per
player count, with error bars; none gives the metric per player count. Further rules split the lines.
"""
from __future__ import annotations

import polars as pl
from matplotlib.figure import Figure

from zoosim.plots.charts import PALETTE, plt

PERCENT = {"balance", "seat_deviation", "tie_rate"}


def _scale(metric: str) -> float:
    return 100.0 if metric in PERCENT else 1.0


def _ordered(values: list) -> list:
    try:
        return sorted(set(values))
    except TypeError:
        return list(dict.fromkeys(values))


def sweep_metric(metrics: pl.DataFrame, metric: str, parameters: list[str], label: str) -> Figure:
    """One metric across the cells: heatmaps for two swept rules, lines for one (or more)."""
    if len(parameters) == 2:
        return _heatmaps(metrics, metric, parameters, label)
    return _lines(metrics, metric, parameters, label)


def _heatmaps(metrics: pl.DataFrame, metric: str, parameters: list[str], label: str) -> Figure:
    x_name, y_name = parameters
    xs, ys = _ordered(metrics[x_name].to_list()), _ordered(metrics[y_name].to_list())
    counts = sorted(metrics["players"].unique().to_list())
    fig, axes = plt.subplots(1, len(counts), figsize=(2.5 + 1.2 * len(xs) * len(counts), 1.4 + 0.7 * len(ys)),
                             squeeze=False, layout="constrained")
    scale = _scale(metric)
    values = metrics[metric].to_numpy() * scale
    low, high = float(values.min()), float(values.max())
    for ax, players in zip(axes[0], counts):
        part = metrics.filter(pl.col("players") == players)
        grid = [[float("nan")] * len(xs) for _ in ys]
        for r in part.iter_rows(named=True):
            i, j = ys.index(r[y_name]), xs.index(r[x_name])
            grid[i][j] = r[metric] * scale
            ax.text(j, i, f"{r[metric] * scale:.2f}\n[{r[f'{metric}_ci_low'] * scale:.2f}, "
                          f"{r[f'{metric}_ci_high'] * scale:.2f}]", ha="center", va="center", fontsize=7)
        image = ax.imshow(grid, cmap="viridis_r" if metric == "balance" else "viridis", vmin=low, vmax=high,
                          aspect="auto", alpha=0.75)
        ax.set_xticks(range(len(xs)), [str(x) for x in xs])
        ax.set_yticks(range(len(ys)), [str(y) for y in ys])
        ax.set_xlabel(x_name)
        if ax is axes[0][0]:
            ax.set_ylabel(y_name)
        ax.set_title(f"{players} players")
        ax.grid(False)
    fig.colorbar(image, ax=axes[0].tolist(), label=label.split(" (")[0], shrink=0.9)
    return fig


def _lines(metrics: pl.DataFrame, metric: str, parameters: list[str], label: str) -> Figure:
    x_name = parameters[0] if parameters else "players"
    split = ["players"] + parameters[1:] if parameters else []
    xs = _ordered(metrics[x_name].to_list())
    fig, ax = plt.subplots(figsize=(6.5, 3.6), layout="constrained")
    scale = _scale(metric)
    groups = metrics.group_by(split, maintain_order=True) if split else [((), metrics)]
    for n, (key, part) in enumerate(groups):
        part = part.with_columns(pl.col(x_name).map_elements(xs.index, return_dtype=pl.Int64).alias("_x")).sort("_x")
        y = part[metric].to_numpy() * scale
        err = [y - part[f"{metric}_ci_low"].to_numpy() * scale, part[f"{metric}_ci_high"].to_numpy() * scale - y]
        name = " · ".join(f"{v} players" if k == "players" else f"{k}={v}" for k, v in zip(split, key)) or metric
        ax.errorbar(part["_x"].to_numpy() + 0.04 * (n - 1), y, yerr=err, marker="o", capsize=3,
                    color=PALETTE[n % len(PALETTE)], label=name)
    ax.set_xticks(range(len(xs)), [str(x) for x in xs])
    ax.set_xlabel(x_name)
    ax.set_ylabel(label)
    if split:
        fig.legend(loc="outside right upper", fontsize=8, frameon=False)
    return fig


def ratings(fitted: pl.DataFrame) -> Figure:
    """Ratings with their 95% intervals, best on top."""
    df = fitted.sort("rating")
    longest = max((len(p) for p in df["policy"].to_list()), default=0)
    fig, ax = plt.subplots(figsize=(max(6.0, 3.4 + 0.065 * longest), 1.0 + 0.45 * df.height), layout="constrained")
    y = list(range(df.height))
    r = df["rating"].to_numpy()
    ax.errorbar(r, y, xerr=[r - df["ci_low"].to_numpy(), df["ci_high"].to_numpy() - r], fmt="o", capsize=3,
                color=PALETTE[0])
    ax.set_yticks(y, df["policy"].to_list())
    ax.axvline(0.0, color="#888", linestyle="--", linewidth=1)
    ax.set_xlabel("rating (log-odds of finishing ahead;\n0 = average entrant)")
    return fig


def pairwise(matrix: pl.DataFrame, order: list[str]) -> Figure:
    """Heatmap: how often the row policy finishes ahead of the column policy."""
    grid = [[float("nan")] * len(order) for _ in order]
    fig, ax = plt.subplots(figsize=(2.5 + 0.9 * len(order), 1.6 + 0.7 * len(order)), layout="constrained")
    for r in matrix.iter_rows(named=True):
        i, j = order.index(r["policy"]), order.index(r["opponent"])
        grid[i][j] = r["win_rate"]
        ax.text(j, i, f"{100 * r['win_rate']:.0f}%", ha="center", va="center", fontsize=8)
    image = ax.imshow(grid, cmap="RdBu", vmin=0.0, vmax=1.0)
    ax.set_xticks(range(len(order)), order, rotation=30, ha="right")
    ax.set_yticks(range(len(order)), order)
    ax.grid(False)
    fig.colorbar(image, ax=ax, label="finishes ahead")
    return fig
