"""Matplotlib figures drawn from analysis frames (never from raw rows): one function per chart.

Each function takes the polars frame an analysis returns and gives back a Figure; the report adds
captions and writes PNG and SVG. Groups are labelled by whatever context varies (player count,
variant, lineup), so the same chart serves a player-count study and a variant comparison.

Charts stay readable as groups grow: small multiples (a panel per player count, game or group), legends outside
the axes (or the groups named on an axis), and distributions as ECDFs (a few groups) or box plots (many) rather
than overlapping histograms. Every figure uses constrained layout and is sized by what it holds, so no text leaves
it and matplotlib has nothing to warn about (tests draw 14 groups and check every text's extent).
"""
from __future__ import annotations

import math
import textwrap

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import polars as pl  # noqa: E402
from matplotlib.axes import Axes  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from zoosim.analysis.present import group_label_expr  # noqa: E402

PALETTE = ("#3b6ea5", "#e08a2c", "#4c9a5b", "#c0504d", "#7d5ba6", "#8c6d4f", "#d477b0", "#7f7f7f")
plt.rcParams.update({"figure.dpi": 100, "axes.spines.top": False, "axes.spines.right": False,
                     "axes.grid": True, "grid.alpha": 0.3, "font.size": 9, "svg.fonttype": "none"})

FEW = 4          # up to this many groups share one panel as lines (ECDFs) or grouped bars; more get box plots
BAR_SERIES = 3   # up to this many series per panel as grouped bars in the win-rate chart; more as a dot plot
LABEL_WIDTH = 30  # group labels wrap at this many characters
MAX_COLUMNS = 3  # small multiples per row

__all__ = ["PALETTE", "plt", "group_label_expr", "with_group", "seat_win_rates", "first_player_by_level", "distribution",
           "outcome_distributions", "components_stacked", "policy_matrix", "panel_grid", "legend_below", "wrap"]


def with_group(df: pl.DataFrame) -> pl.DataFrame:
    return df.with_columns(group_label_expr(df).alias("group"))


def wrap(text: str, width: int = LABEL_WIDTH) -> str:
    """A label over several lines when long (a name without spaces is broken at its punctuation)."""
    if len(text) <= width:
        return text
    spaced = text.replace(",", ", ").replace("·", " · ")
    return "\n".join(textwrap.wrap(spaced, width, break_long_words=True, break_on_hyphens=True)).replace(", ", ",")


def colour(i: int) -> str:
    return PALETTE[i % len(PALETTE)]


def panel_grid(count: int, panel_width: float, panel_height: float, columns: int = MAX_COLUMNS,
               extra_height: float = 0.0, sharex: bool = False, sharey: bool = False) -> tuple[Figure, list[Axes]]:
    """A constrained-layout figure of `count` panels, `columns` to a row; panels beyond `count` are removed."""
    cols = max(1, min(columns, count))
    rows = math.ceil(count / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(panel_width * cols + 0.6, panel_height * rows + extra_height),
                             squeeze=False, layout="constrained", sharex=sharex, sharey=sharey)
    flat = [ax for row in axes for ax in row]
    for ax in flat[count:]:
        ax.remove()
    return fig, flat[:count]


def legend_below(fig: Figure, handles: list, labels: list[str], columns: int | None = None) -> None:
    """One legend for the whole figure, below the panels (outside every axes)."""
    if not handles:
        return
    width = max(len(label) for label in labels)
    cols = columns or max(1, min(len(labels), int(90 // (width + 6)) or 1))
    fig.legend(handles, [wrap(label, 40) for label in labels], loc="outside lower center", ncols=cols, fontsize=8,
               frameon=False)


def _games(df: pl.DataFrame) -> list:
    """The games in a frame, in order: several games get a panel each (their scores are not comparable)."""
    return df["game"].unique(maintain_order=True).to_list() if "game" in df.columns else [None]


def _of_game(df: pl.DataFrame, game: object) -> pl.DataFrame:
    return df if game is None else df.filter(pl.col("game") == game)


# --------------------------------------------------------------------------- win rates by seat or position

def seat_win_rates(win_rates: pl.DataFrame, key: str = "seat", axis_label: str = "seat",
                   first: str | None = None) -> Figure:
    """Win rate per seat (or turn position, `key`) with Wilson intervals and the fair share, a panel per player count.

    Panels with one series each, or the same few series (lineups, variants) in each, draw grouped bars; otherwise a
    dot plot names each series on its axis. `axis_label` says what the numbers are, and `first` (e.g. "moved first") is said of number 1 in the
    dot plot's legend: the report passes "moves first" only for a key that did."""
    df = win_rates
    counts = sorted(df["players"].unique().to_list())
    parts = []
    for players in counts:
        part = df.filter(pl.col("players") == players)
        parts.append(part.with_columns(group_label_expr(part, ("game", "lineup", "variant")).alias("series")))
    series = [p["series"].unique(maintain_order=True).to_list() for p in parts]
    alike = all(len(s) == 1 for s in series) or all(s == series[0] for s in series)  # a colour means one thing
    if alike and len(series[0]) <= BAR_SERIES:
        return _win_bars(parts, counts, key, axis_label)
    return _win_dots(parts, counts, key, first)


def _win_bars(parts: list[pl.DataFrame], counts: list[int], key: str, axis_label: str) -> Figure:
    fig, axes = panel_grid(len(counts), 3.3, 3.0, columns=4, sharey=True)
    series_seen: dict[str, object] = {}
    fair_handle = None
    for ax, players, part in zip(axes, counts, parts):
        series = part["series"].unique(maintain_order=True).to_list()
        width = 0.8 / len(series)
        for i, name in enumerate(series):
            s = part.filter(pl.col("series") == name).sort(key)
            x = s[key].to_numpy() + 1 + (i - (len(series) - 1) / 2) * width
            rate = 100 * s["win_rate"].to_numpy()
            err = np.vstack([rate - 100 * s["ci_low"].to_numpy(), 100 * s["ci_high"].to_numpy() - rate])
            bars = ax.bar(x, rate, width * 0.92, yerr=err, capsize=3, color=colour(i))
            series_seen.setdefault(name, bars)
        fair_handle = ax.axhline(100 / players, color="black", linestyle="--", linewidth=1)
        ax.set_xticks(range(1, players + 1))
        ax.set_xlabel(axis_label)
        ax.set_title(f"{players} players")
    axes[0].set_ylabel("win rate (%)")
    several = any(p["series"].n_unique() > 1 for p in parts)  # one series per panel: the panel's title says it
    handles = ([series_seen[n] for n in series_seen] if several else []) + [fair_handle]
    labels = (list(series_seen) if several else []) + ["fair share 1/players"]
    legend_below(fig, handles, labels)
    return fig


def _win_dots(parts: list[pl.DataFrame], counts: list[int], key: str, first: str | None) -> Figure:
    """One row per series, a marker per seat or position with its interval; the fair share as a dashed line."""
    height = max(p["series"].n_unique() for p in parts)
    fig, axes = panel_grid(len(counts), 4.4, 0.34 * height + 1.0, columns=2)
    handles: dict[str, object] = {}
    for ax, players, part in zip(axes, counts, parts):
        series = part["series"].unique(maintain_order=True).to_list()
        offset = np.linspace(-0.25, 0.25, players) if players > 1 else np.zeros(1)
        for slot in range(players):
            s = part.filter(pl.col(key) == slot)
            y = np.array([series.index(v) for v in s["series"].to_list()], dtype=float) + offset[slot]
            rate = 100 * s["win_rate"].to_numpy()
            err = np.vstack([rate - 100 * s["ci_low"].to_numpy(), 100 * s["ci_high"].to_numpy() - rate])
            h = ax.errorbar(rate, y, xerr=err, fmt="o", markersize=4, capsize=2, color=colour(slot), linewidth=1)
            handles.setdefault(f"{key} {slot + 1}", h)
        ax.axvline(100 / players, color="black", linestyle="--", linewidth=1)
        ax.set_yticks(range(len(series)), [wrap(s) for s in series], fontsize=8)
        ax.set_ylim(len(series) - 0.5, -0.5)
        ax.set_xlabel("win rate (%); dashed: fair share")
        ax.set_title(f"{players} players")
    legend_below(fig, list(handles.values()), [f"{name} ({first})" if i == 0 and first else name
                                               for i, name in enumerate(handles)])
    return fig


def first_player_by_level(levels: pl.DataFrame) -> Figure:
    """The first player's win rate at each level of play with its Wilson interval, a panel per ladder (player count,
    and game or rules where those vary); the fair share dashed; a filled marker where turn order matters (Holm)."""
    keys = [k for k in ("game", "rules_hash", "players") if k in levels.columns]
    ladders = levels.select(keys).unique(maintain_order=True).rows()
    many_games = levels["game"].n_unique() > 1
    many_rules = levels.select("game", "players", "rules_hash").unique().height > levels.select(
        "game", "players").unique().height
    width = max(2.6, 0.75 * levels.group_by(keys).len()["len"].max() + 1.0)
    fig, axes = panel_grid(len(ladders), width, 3.0, columns=3)
    for ax, ladder in zip(axes, ladders):
        part = levels.filter(pl.all_horizontal([pl.col(k) == v for k, v in zip(keys, ladder)]))
        x = np.arange(part.height)
        rate = 100 * part["first_rate"].to_numpy()
        err = np.vstack([rate - 100 * part["first_rate_ci_low"].to_numpy(),
                         100 * part["first_rate_ci_high"].to_numpy() - rate])
        ax.errorbar(x, rate, yerr=err, fmt="none", ecolor=colour(0), capsize=3, linewidth=1)
        matters = part["verdict"].to_numpy() != "no evidence"
        ax.plot(x[matters], rate[matters], "o", color=colour(0), markersize=6)
        ax.plot(x[~matters], rate[~matters], "o", markerfacecolor="white", markeredgecolor=colour(0), markersize=6)
        ax.axhline(100 / int(part["players"][0]), color="black", linestyle="--", linewidth=1)
        ax.set_xticks(x, [wrap(v, 14) for v in part["level"].to_list()], fontsize=7, rotation=30, ha="right")
        ax.set_xlim(-0.6, part.height - 0.4)
        title = f"{int(part['players'][0])} players"
        title += f", {part['game'][0]}" if many_games else ""
        title += f" ({part['variant'][0]})" if many_rules else ""
        ax.set_title(wrap(title, 36))
    for ax in axes[::3]:
        ax.set_ylabel("first player's win rate (%)")
    fig.supxlabel("level of play (filled: turn order matters after Holm; dashed: fair share)", fontsize=8)
    return fig


# --------------------------------------------------------------------------- distributions

def _ecdf(part: pl.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    part = part.sort("bin")
    return part["bin"].to_numpy().astype(float), 100 * np.cumsum(part["share"].to_numpy())


def _box_stats(part: pl.DataFrame, label: str) -> dict:
    """Box-plot statistics of binned values: 5/25/50/75/95% (the lowest bin at which the share reaches each) and the
    mean; whiskers at 5% and 95%."""
    part = part.sort("bin")
    x = part["bin"].to_numpy().astype(float)
    share = part["share"].to_numpy()
    cum = np.cumsum(share) / share.sum()

    def q(p: float) -> float:
        return float(x[min(int(np.searchsorted(cum, p - 1e-12)), len(x) - 1)])

    return {"label": wrap(label), "whislo": q(0.05), "q1": q(0.25), "med": q(0.5), "q3": q(0.75), "whishi": q(0.95),
            "mean": float((x * share).sum() / share.sum()), "fliers": []}


def _boxes(ax: Axes, df: pl.DataFrame, groups: list[str], value_label: str) -> None:
    stats = [_box_stats(df.filter(pl.col("group") == g), g) for g in groups]
    ax.bxp(stats, orientation="horizontal", showmeans=True, widths=0.6, patch_artist=True,
           boxprops={"facecolor": "#dbe6f2", "edgecolor": PALETTE[0]}, medianprops={"color": "black"},
           meanprops={"marker": "D", "markersize": 4, "markerfacecolor": PALETTE[1], "markeredgecolor": PALETTE[1]})
    ax.set_ylim(len(groups) + 0.5, 0.5)
    ax.tick_params(axis="y", labelsize=8)
    ax.set_xlabel(value_label)


def _draw_distribution(ax: Axes, df: pl.DataFrame, value_label: str, bars: bool, y_label: str) -> list:
    """One panel: a histogram for one group, ECDFs (or grouped bars, `bars`) for a few, box plots for many.
    Returns the legend handles (empty when the groups are named on the axis)."""
    groups = df["group"].unique(maintain_order=True).to_list()
    handles = []
    if len(groups) > FEW:
        _boxes(ax, df, groups, value_label)
        return []
    if bars:
        width = 0.8 / len(groups)
        for i, g in enumerate(groups):
            part = df.filter(pl.col("group") == g).sort("bin")
            x = part["bin"].to_numpy().astype(float) + (i - (len(groups) - 1) / 2) * width
            handles.append(ax.bar(x, 100 * part["share"].to_numpy(), width=width * 0.95, color=colour(i)))
        ax.set_ylabel(y_label)
    elif len(groups) == 1:
        part = df.sort("bin")
        handles.append(ax.step(part["bin"].to_numpy(), 100 * part["share"].to_numpy(), where="mid", color=colour(0),
                               linewidth=1.5)[0])
        ax.set_ylabel(y_label)
    else:
        for i, g in enumerate(groups):
            x, y = _ecdf(df.filter(pl.col("group") == g))
            handles.append(ax.step(x, y, where="post", color=colour(i), linewidth=1.5)[0])
        ax.set_ylabel("share at or below (%)")
        ax.set_ylim(0, 100)
    ax.set_xlabel(value_label)
    return handles


def _panel_height(groups: int) -> float:
    return 3.0 if groups <= FEW else 0.32 * groups + 1.0


def distribution(hist: pl.DataFrame, value_label: str, bars: bool = False) -> Figure:
    """The distribution of a value per group, from histogram bins: a histogram for one group, ECDFs for a few
    (grouped bars for few discrete values with `bars`), box plots (5-95% whiskers, diamond = mean) for many.

    With several games, one panel per game (series within a panel: the other context, e.g. players).
    """
    games = _games(hist)
    frames = [with_group(_of_game(hist, game)) for game in games]
    most = max(f["group"].n_unique() for f in frames)
    fig, axes = panel_grid(len(games), 6.4 if len(games) == 1 else 4.6, _panel_height(most), columns=2)
    handles, labels = [], []
    y_label = "share (%)" if not bars else "share of games (%)"
    for ax, game, df in zip(axes, games, frames):
        got = _draw_distribution(ax, df, value_label, bars, y_label)
        if len(games) > 1:
            ax.set_title(str(game))
        if len(got) > 1 and not handles:
            handles, labels = got, df["group"].unique(maintain_order=True).to_list()
    legend_below(fig, handles, labels)
    return fig


def outcome_distributions(winning: pl.DataFrame, margin: pl.DataFrame) -> Figure:
    """Winning score and winner's margin over second, side by side (a row per game): ECDFs for a few groups, box
    plots for many."""
    games = _games(winning)
    frames = [(with_group(_of_game(winning, g)), with_group(_of_game(margin, g))) for g in games]
    most = max(w["group"].n_unique() for w, _ in frames)
    fig, axes = panel_grid(2 * len(games), 4.6, _panel_height(most), columns=2)
    handles, labels = [], []
    for row, (game, pair) in enumerate(zip(games, frames)):
        for ax, df, label in zip(axes[2 * row: 2 * row + 2], pair, ("winning score", "margin, 1st - 2nd (points)")):
            got = _draw_distribution(ax, df, label if len(games) == 1 else f"{game}: {label}", False,
                                     "share of games (%)")
            if len(got) > 1 and not handles:
                handles, labels = got, df["group"].unique(maintain_order=True).to_list()
    legend_below(fig, handles, labels)
    return fig


# --------------------------------------------------------------------------- components

def components_stacked(components: pl.DataFrame, x_keys: list[str]) -> Figure:
    """Mean points per component as stacked bars (penalties stacked below zero), with the mean score marked: upright
    bars for a few groups, horizontal bars named on the axis for many. The legend sits outside the axes."""
    df = components.with_columns(
        pl.concat_str([(pl.lit("seat ") + (pl.col(k) + 1).cast(pl.String)) if k == "seat"
                       else (pl.lit("position ") + (pl.col(k) + 1).cast(pl.String)) if k == "position"
                       else (pl.col(k).cast(pl.String) + "p") if k == "players" else pl.col(k).cast(pl.String)
                       for k in x_keys], separator=" · ").alias("x"))
    xs = df["x"].unique(maintain_order=True).to_list()
    names = df["component"].unique(maintain_order=True).to_list()
    horizontal = len(xs) > 6
    size = (7.6, 0.3 * len(xs) + 1.6) if horizontal else (max(5.5, 0.9 * len(xs) + 3.5), 3.8)
    fig, ax = plt.subplots(figsize=size, layout="constrained")
    up, down = np.zeros(len(xs)), np.zeros(len(xs))
    draw = ax.barh if horizontal else ax.bar
    for i, name in enumerate(names):
        part = df.filter(pl.col("component") == name)
        values = dict(zip(part["x"].to_list(), part["mean"].to_list()))
        v = np.array([values.get(x) or 0.0 for x in xs])  # a component of another game: nothing
        bottom = np.where(v >= 0, up, down)
        if horizontal:
            draw(range(len(xs)), v, left=bottom, color=colour(i), label=name.replace("_", " "))
        else:
            draw(range(len(xs)), v, bottom=bottom, color=colour(i), label=name.replace("_", " "))
        up += np.where(v >= 0, v, 0)
        down += np.where(v < 0, v, 0)
    positions = np.arange(len(xs))
    if horizontal:
        ax.scatter(up + down, positions, color="black", marker="D", s=18, zorder=3, label="mean score")
        ax.axvline(0, color="black", linewidth=0.8)
        ax.set_yticks(positions, [wrap(x) for x in xs], fontsize=8)
        ax.set_ylim(len(xs) - 0.5, -0.5)
        ax.set_xlabel("mean points per seat-game")
    else:
        ax.scatter(positions, up + down, color="black", marker="D", s=18, zorder=3, label="mean score")
        ax.axhline(0, color="black", linewidth=0.8)
        ax.set_xticks(positions, [wrap(x, 16) for x in xs], fontsize=8)
        ax.set_ylabel("mean points per seat-game")
    fig.legend(loc="outside right upper", fontsize=7, frameon=False)
    return fig


# --------------------------------------------------------------------------- policies

def policy_matrix(matrix: pl.DataFrame) -> Figure:
    """Head-to-head heatmap: row policy finishes ahead of column policy this often (ties count half); a panel per
    group, three to a row."""
    df = with_group(matrix)
    groups = df["group"].unique(maintain_order=True).to_list()
    most = max(len(set(df.filter(pl.col("group") == g)["policy"].to_list())
                   | set(df.filter(pl.col("group") == g)["opponent"].to_list())) for g in groups)
    side = 1.6 + 0.75 * most
    fig, axes = panel_grid(len(groups), side + 0.6, side + 0.4, columns=3)
    image = None
    for ax, g in zip(axes, groups):
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
        short = [wrap(n, 18) for n in names]
        ax.set_xticks(range(len(names)), short, rotation=30, ha="right", fontsize=8)
        ax.set_yticks(range(len(names)), short, fontsize=8)
        ax.set_xlabel("opponent")
        ax.set_title(wrap(g, 34), fontsize=9)
        ax.grid(False)
    fig.colorbar(image, ax=axes, label="row ahead of column (%)", shrink=0.8)
    return fig
