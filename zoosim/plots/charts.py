"""Matplotlib figures drawn from analysis frames (never from raw rows): one function per chart.

Each function takes the polars frame an analysis returns and gives back a Figure; the report adds
captions and writes PNG and SVG. Groups are labelled by whatever context varies (player count,
variant, lineup), so the same chart serves a player-count study and a variant comparison.
"""
from __future__ import annotations

import textwrap

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import polars as pl  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from zoosim.analysis.grouping import CONTEXT  # noqa: E402

PALETTE = ("#3b6ea5", "#e08a2c", "#4c9a5b", "#c0504d", "#7d5ba6", "#8c6d4f", "#d477b0", "#7f7f7f")
plt.rcParams.update({"figure.dpi": 100, "axes.spines.top": False, "axes.spines.right": False,
                     "axes.grid": True, "grid.alpha": 0.3, "font.size": 9, "svg.fonttype": "none"})


def group_label_expr(df: pl.DataFrame, keys: tuple[str, ...] = CONTEXT) -> pl.Expr:
    """A short label of the varying context columns, e.g. `4 players` or `4 players · end_trigger=main_empty`."""
    varying = [k for k in keys if k in df.columns and df[k].n_unique() > 1]
    parts: list[pl.Expr] = []
    for k in varying:
        parts.append(pl.col(k).cast(pl.String) + " players" if k == "players" else pl.col(k).cast(pl.String))
    if not parts:
        return (pl.col("players").cast(pl.String) + " players") if "players" in df.columns else pl.lit("all")
    return pl.concat_str(parts, separator=" · ")


def with_group(df: pl.DataFrame) -> pl.DataFrame:
    return df.with_columns(group_label_expr(df).alias("group"))


def seat_win_rates(win_rates: pl.DataFrame) -> Figure:
    """Win rate per seat with Wilson error bars and the fair share as a dashed line, one panel per player count."""
    df = win_rates
    counts = sorted(df["players"].unique().to_list())
    fig, axes = plt.subplots(1, len(counts), figsize=(3.2 * len(counts) + 0.8, 3.4), squeeze=False, sharey=True)
    for ax, players in zip(axes[0], counts):
        part = df.filter(pl.col("players") == players)
        part = part.with_columns(group_label_expr(part, ("game", "lineup", "variant")).alias("series"))
        series = part["series"].unique(maintain_order=True).to_list()
        width = 0.8 / len(series)
        for i, name in enumerate(series):
            s = part.filter(pl.col("series") == name).sort("seat")
            x = s["seat"].to_numpy() + 1 + (i - (len(series) - 1) / 2) * width
            rate = 100 * s["win_rate"].to_numpy()
            err = np.vstack([rate - 100 * s["ci_low"].to_numpy(), 100 * s["ci_high"].to_numpy() - rate])
            ax.bar(x, rate, width * 0.92, yerr=err, capsize=3, color=PALETTE[i % len(PALETTE)],
                   label=name if len(series) > 1 else None)
        ax.axhline(100 / players, color="black", linestyle="--", linewidth=1, label="fair share")
        ax.set_xticks(range(1, players + 1))
        ax.set_xlabel("seat (1 moves first)")
        ax.set_title(f"{players} players")
    axes[0][0].set_ylabel("win rate (%)")
    axes[0][-1].legend(loc="upper right", fontsize=8)
    fig.tight_layout()
    return fig


def _games(df: pl.DataFrame) -> list:
    """The games in a frame, in order: several games get a panel each (their scores are not comparable)."""
    return df["game"].unique(maintain_order=True).to_list() if "game" in df.columns else [None]


def _of_game(df: pl.DataFrame, game: object) -> pl.DataFrame:
    return df if game is None else df.filter(pl.col("game") == game)


def distribution(hist: pl.DataFrame, value_label: str, bars: bool = False) -> Figure:
    """Share per bin, one series per group: grouped bars for few discrete values (`bars`), else step lines.

    With several games, one panel per game (series within a panel: the other context, e.g. players).
    """
    games = _games(hist)
    fig, axes = plt.subplots(1, len(games), figsize=(7 if len(games) == 1 else 3.8 * len(games), 3.6),
                             squeeze=False)
    for ax, game in zip(axes[0], games):
        df = with_group(_of_game(hist, game))
        groups = df["group"].unique(maintain_order=True).to_list()
        width = 0.8 / len(groups)
        for i, g in enumerate(groups):
            part = df.filter(pl.col("group") == g).sort("bin")
            x, y = part["bin"].to_numpy().astype(float), 100 * part["share"].to_numpy()
            colour = PALETTE[i % len(PALETTE)]
            if bars:
                ax.bar(x + (i - (len(groups) - 1) / 2) * width, y, width=width * 0.95, color=colour, label=g)
            else:
                ax.step(x, y, where="mid", color=colour, label=g, linewidth=1.5)
        ax.set_xlabel(value_label)
        if len(games) > 1:
            ax.set_title(str(game))
        if len(groups) > 1:
            ax.legend(fontsize=8)
    axes[0][0].set_ylabel("share (%)")
    fig.tight_layout()
    return fig


def outcome_distributions(winning: pl.DataFrame, margin: pl.DataFrame) -> Figure:
    """Winning score and winner's margin over second, side by side, one line per group (a row per game)."""
    games = _games(winning)
    fig, axes = plt.subplots(len(games), 2, figsize=(10, 3.6 * len(games)), squeeze=False)
    for row, game in enumerate(games):
        for ax, hist, label in ((axes[row][0], winning, "winning score"),
                                (axes[row][1], margin, "margin, 1st - 2nd (points)")):
            df = with_group(_of_game(hist, game))
            for i, g in enumerate(df["group"].unique(maintain_order=True).to_list()):
                part = df.filter(pl.col("group") == g).sort("bin")
                ax.step(part["bin"].to_numpy(), 100 * part["share"].to_numpy(), where="mid",
                        color=PALETTE[i % len(PALETTE)], label=g, linewidth=1.5)
            ax.set_xlabel(label if game is None else f"{game}: {label}")
            ax.set_ylabel("share of games (%)")
        axes[row][1].legend(fontsize=8)
    fig.tight_layout()
    return fig


def components_stacked(components: pl.DataFrame, x_keys: list[str]) -> Figure:
    """Mean points per component as stacked bars (penalties stacked below zero), with the mean score marked."""
    df = components.with_columns(
        pl.concat_str([(pl.lit("seat ") + (pl.col(k) + 1).cast(pl.String)) if k == "seat"
                       else (pl.col(k).cast(pl.String) + "p") if k == "players" else pl.col(k).cast(pl.String)
                       for k in x_keys], separator=" · ").alias("x"))
    xs = df["x"].unique(maintain_order=True).to_list()
    names = df["component"].unique(maintain_order=True).to_list()
    fig, ax = plt.subplots(figsize=(max(5.0, 0.9 * len(xs) + 3.5), 3.8))
    up, down = np.zeros(len(xs)), np.zeros(len(xs))
    for i, name in enumerate(names):
        part = df.filter(pl.col("component") == name)
        values = dict(zip(part["x"].to_list(), part["mean"].to_list()))
        v = np.array([values.get(x) or 0.0 for x in xs])  # a component of another game: nothing
        bottom = np.where(v >= 0, up, down)
        ax.bar(range(len(xs)), v, bottom=bottom, color=PALETTE[i % len(PALETTE)], label=name.replace("_", " "))
        up += np.where(v >= 0, v, 0)
        down += np.where(v < 0, v, 0)
    ax.scatter(range(len(xs)), up + down, color="black", marker="D", s=18, zorder=3, label="mean score")
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xticks(range(len(xs)), xs, rotation=30 if len(xs) > 6 else 0, ha="right" if len(xs) > 6 else "center")
    ax.set_ylabel("mean points per seat-game")
    ax.legend(fontsize=7, bbox_to_anchor=(1.01, 1), loc="upper left")
    fig.tight_layout()
    return fig


def policy_matrix(matrix: pl.DataFrame) -> Figure:
    """Head-to-head heatmap: row policy finishes ahead of column policy this often (ties count half)."""
    df = with_group(matrix)
    groups = df["group"].unique(maintain_order=True).to_list()
    fig, axes = plt.subplots(1, len(groups), figsize=(4.4 * len(groups) + 1.2, 4.4), squeeze=False,
                             layout="constrained")
    for ax, g in zip(axes[0], groups):
        part = df.filter(pl.col("group") == g)
        names = sorted(set(part["policy"].to_list()) | set(part["opponent"].to_list()))
        grid = np.full((len(names), len(names)), np.nan)
        for r in part.iter_rows(named=True):
            grid[names.index(r["policy"]), names.index(r["opponent"])] = 100 * r["win_rate"]
        image = ax.imshow(grid, cmap="RdBu", vmin=0, vmax=100)
        for i in range(len(names)):
            for j in range(len(names)):
                if not np.isnan(grid[i, j]):
                    ax.text(j, i, f"{grid[i, j]:.0f}%", ha="center", va="center", fontsize=8,
                            color="white" if abs(grid[i, j] - 50) > 30 else "black")
        ax.set_xticks(range(len(names)), names, rotation=30, ha="right")
        ax.set_yticks(range(len(names)), names)
        ax.set_xlabel("opponent")
        ax.set_title(textwrap.fill(g, 40), fontsize=9)
        ax.grid(False)
    fig.colorbar(image, ax=axes[0].tolist(), label="row ahead of column (%)", shrink=0.8)
    return fig
