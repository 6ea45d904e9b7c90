"""Tension charts, drawn from the tension tables (`zoosim.analysis.tension`), never from raw rows."""
from __future__ import annotations

import polars as pl
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from zoosim.plots.charts import FEW, colour, legend_below, panel_grid, with_group, wrap

MIN_GAMES = 30  # a round reached by fewer games with a strict leader is left off the chart (its band is noise)


def leader_win_rates(table: pl.DataFrame, min_games: int = MIN_GAMES) -> Figure:
    """Win rate of the strict leader after round k against k, a 95% band and one line per group; the dotted
    line of the same colour is the fair share 1/players (a lead that says nothing). A few groups share one panel
    (legend below); more get a panel each."""
    df = with_group(table)
    shown = df.filter(pl.col("n") >= min_games)
    df = shown if not shown.is_empty() else df  # tiny runs: show what there is
    groups = df["group"].unique(maintain_order=True).to_list()
    shared = len(groups) <= FEW
    fig, axes = (panel_grid(1, 6.6, 3.4) if shared else
                 panel_grid(len(groups), 3.0, 2.4, columns=4, sharex=True, sharey=True))
    handles = []
    for i, group in enumerate(groups):
        ax = axes[0] if shared else axes[i]
        part = df.filter(pl.col("group") == group).sort("round")
        c = colour(i) if shared else colour(0)
        k = part["round"].to_numpy()
        handles.append(ax.plot(k, 100 * part["win_rate"].to_numpy(), color=c, marker="o", markersize=3,
                               linewidth=1.5)[0])
        ax.fill_between(k, 100 * part["ci_low"].to_numpy(), 100 * part["ci_high"].to_numpy(), color=c,
                        alpha=0.18, linewidth=0)
        ax.axhline(100 * float(part["fair"][0]), color=c, linestyle=":", linewidth=1)
        if not shared:
            ax.set_title(wrap(group, 28), fontsize=8)
    for ax in axes:
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_ylim(0, 100)
    axes[0].set_ylabel("leader after round k wins (%)")
    for ax in (axes if shared else axes[-min(4, len(axes)):]):  # the lowest panel of each column
        ax.set_xlabel("round k")
        ax.tick_params(labelbottom=True)
    if shared and len(groups) > 1:
        legend_below(fig, handles, groups)
    return fig
