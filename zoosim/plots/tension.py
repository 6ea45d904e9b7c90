"""Tension charts, drawn from the tension tables (`zoosim.analysis.tension`), never from raw rows."""
from __future__ import annotations

import matplotlib.pyplot as plt
import polars as pl
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from zoosim.plots.charts import PALETTE, with_group

MIN_GAMES = 30  # a round reached by fewer games with a strict leader is left off the chart (its band is noise)


def leader_win_rates(table: pl.DataFrame, min_games: int = MIN_GAMES) -> Figure:
    """Win rate of the strict leader after round k against k, a 95% band and one line per group; the dotted
    line of the same colour is the fair share 1/players (a lead that says nothing)."""
    df = with_group(table)
    shown = df.filter(pl.col("n") >= min_games)
    df = shown if not shown.is_empty() else df  # tiny runs: show what there is
    fig, ax = plt.subplots(figsize=(7, 3.8))
    for i, group in enumerate(df["group"].unique(maintain_order=True).to_list()):
        part = df.filter(pl.col("group") == group).sort("round")
        colour = PALETTE[i % len(PALETTE)]
        k = part["round"].to_numpy()
        ax.plot(k, 100 * part["win_rate"].to_numpy(), color=colour, marker="o", markersize=3, linewidth=1.5,
                label=group)
        ax.fill_between(k, 100 * part["ci_low"].to_numpy(), 100 * part["ci_high"].to_numpy(), color=colour,
                        alpha=0.18, linewidth=0)
        ax.axhline(100 * float(part["fair"][0]), color=colour, linestyle=":", linewidth=1)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("round k")
    ax.set_ylabel("leader after round k wins (%)")
    ax.set_ylim(0, 100)
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig
