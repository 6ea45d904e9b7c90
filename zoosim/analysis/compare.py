"""Compare two runs metric by metric: paired per game when they share seeds, unpaired (Welch) otherwise.

Two runs with the same master seed and player count play the same deals game for game (the random
stream depends only on seed and game index), so per-game differences cancel most of the luck and the
comparison needs far fewer games. Every difference is B - A with a 95% interval and a p-value; p_holm
corrects over all metrics of the table, and only those are marked significant.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import polars as pl

from zoosim import stats
from zoosim.analysis.frames import returns_frame
from zoosim.analysis.scores import PerGame, game_table
from zoosim.errors import ZoosimError

PAIR_KEYS = ("game_index", "rotation")


@dataclass(frozen=True)
class Metric:
    column: str   # column of the per-game table
    label: str    # how the metric reads in tables and sentences


def _metrics(players: int | None, components: Sequence[str], key: str = "seat") -> tuple[list[Metric], list[PerGame]]:
    """The metrics compared, and the per-game values they need beyond `game_table`; per seat, or per turn position
    with `key="position"`."""
    metrics: list[Metric] = []
    extra = [PerGame("mean_score", pl.col("score").cast(pl.Float64), "mean")]
    if players is not None:
        for seat in range(players):
            at = pl.col(key) == seat
            extra += [PerGame(f"win_seat{seat}", pl.when(at).then(pl.col("win_share")), "max"),
                      PerGame(f"score_seat{seat}", pl.when(at).then(pl.col("score").cast(pl.Float64)), "max")]
            metrics.append(Metric(f"win_seat{seat}", f"win rate, {key} {seat + 1}"))
        metrics += [Metric(f"score_seat{s}", f"score, {key} {s + 1}") for s in range(players)]
    metrics += [Metric("mean_score", "mean score"), Metric("winning_score", "winning score"),
                Metric("margin", "margin 1st-2nd"), Metric("top_tie", "top-score tie rate"),
                Metric("tiebreak_decided", "tie-break decided rate"), Metric("rounds", "rounds"),
                Metric("turns", "turns")]
    for c in components:
        extra.append(PerGame(f"comp_{c}", pl.col(c).cast(pl.Float64), "mean"))
        metrics.append(Metric(f"comp_{c}", c))
    return metrics, extra


def _turn_key(*frames: pl.LazyFrame) -> str:
    """`position` when a side's turn order differs from its seat order somewhere (and both record it), else `seat`:
    per-seat metrics then follow the turn order, the question they answer."""
    known, differs = True, False
    for lf in frames:
        if "position" not in lf.collect_schema().names():
            return "seat"
        row = lf.select(pl.col("position").is_null().any().alias("unknown"),
                        (pl.col("position") != pl.col("seat")).any().alias("differs")).collect().row(0, named=True)
        known, differs = known and not row["unknown"], differs or bool(row["differs"])
    return "position" if known and differs else "seat"


def _single(lf: pl.LazyFrame, column: str) -> list:
    return lf.select(pl.col(column).unique()).collect()[column].sort().to_list()


@returns_frame
def compare_runs(a: pl.LazyFrame, b: pl.LazyFrame, components: Sequence[str] = (),
                 paired: bool | None = None) -> pl.DataFrame:
    """Differences B - A of win rates per seat (per turn position where a side's turn order is not its seat
    order: "win rate, position 1" is the first player's), scores, winning score, margin, tie rates, length and
    score components.

    Columns: metric, a, b (means), diff, ci_low, ci_high (95%), p_value, p_holm (Holm over the table),
    significant (p_holm < 0.05), n_a, n_b (games), paired. `paired=None` pairs when both sides have one
    and the same seed and player count and share game indices; only the shared games are then used.
    Per-seat metrics appear only when both sides have the same player count.
    """
    games_a, games_b = _single(a, "game"), _single(b, "game")
    if games_a != games_b:
        raise ZoosimError(f"cannot compare runs of different games: {', '.join(games_a)} vs {', '.join(games_b)}")
    seeds_a, seeds_b = _single(a, "seed"), _single(b, "seed")
    players_a, players_b = _single(a, "players"), _single(b, "players")
    same_players = len(players_a) == 1 and players_a == players_b
    can_pair = same_players and len(seeds_a) == 1 and seeds_a == seeds_b
    if paired and not can_pair:
        raise ZoosimError("cannot pair these runs: they need one and the same seed and player count")
    metrics, extra = _metrics(int(players_a[0]) if same_players else None, components, _turn_key(a, b))
    table_a, table_b = game_table(a, extra), game_table(b, extra)
    use_pairs = can_pair if paired is None else paired
    if use_pairs:
        joined = table_a.join(table_b, on=list(PAIR_KEYS), suffix="_b")
        n_shared = joined.select(pl.len()).collect().item()
        use_pairs = n_shared >= 2
    rows = _paired_rows(joined, metrics) if use_pairs else _unpaired_rows(table_a, table_b, metrics)
    df = pl.DataFrame(rows, schema={"metric": pl.String, "a": pl.Float64, "b": pl.Float64, "diff": pl.Float64,
                                    "ci_low": pl.Float64, "ci_high": pl.Float64, "p_value": pl.Float64,
                                    "n_a": pl.Int64, "n_b": pl.Int64, "paired": pl.Boolean})
    p_holm = stats.holm(df["p_value"].to_numpy())
    return df.with_columns(pl.Series("p_holm", p_holm, dtype=pl.Float64)).with_columns(
        (pl.col("p_holm") < stats.ALPHA).fill_null(False).alias("significant")
    ).select(["metric", "a", "b", "diff", "ci_low", "ci_high", "p_value", "p_holm", "significant", "n_a", "n_b", "paired"])


def _paired_rows(joined: pl.LazyFrame, metrics: list[Metric]) -> list[dict]:
    aggs = []
    for m in metrics:
        va, vb = pl.col(m.column).cast(pl.Float64), pl.col(f"{m.column}_b").cast(pl.Float64)
        d = vb - va
        aggs += [va.mean().alias(f"{m.column}|a"), vb.mean().alias(f"{m.column}|b"), d.mean().alias(f"{m.column}|d"),
                 d.std().alias(f"{m.column}|sd"), d.count().alias(f"{m.column}|n")]
    summary = joined.select(aggs).collect().row(0, named=True)
    rows = []
    for m in metrics:
        n = int(summary[f"{m.column}|n"])
        res = stats.paired_from_summary(_num(summary[f"{m.column}|d"]), _num(summary[f"{m.column}|sd"]), n)
        rows.append({"metric": m.label, "a": _num(summary[f"{m.column}|a"]), "b": _num(summary[f"{m.column}|b"]),
                     "diff": res.diff, "ci_low": res.ci_low, "ci_high": res.ci_high, "p_value": res.p_value,
                     "n_a": n, "n_b": n, "paired": True})
    return rows


def _side_summary(table: pl.LazyFrame, metrics: list[Metric]) -> dict:
    aggs = []
    for m in metrics:
        v = pl.col(m.column).cast(pl.Float64)
        aggs += [v.mean().alias(f"{m.column}|m"), v.std().alias(f"{m.column}|sd"), v.count().alias(f"{m.column}|n")]
    return table.select(aggs).collect().row(0, named=True)


def _unpaired_rows(table_a: pl.LazyFrame, table_b: pl.LazyFrame, metrics: list[Metric]) -> list[dict]:
    sa, sb = _side_summary(table_a, metrics), _side_summary(table_b, metrics)
    rows = []
    for m in metrics:
        ma, mb = _num(sa[f"{m.column}|m"]), _num(sb[f"{m.column}|m"])
        na, nb = int(sa[f"{m.column}|n"]), int(sb[f"{m.column}|n"])
        res = stats.welch_difference(ma, _num(sa[f"{m.column}|sd"]), na, mb, _num(sb[f"{m.column}|sd"]), nb)
        rows.append({"metric": m.label, "a": ma, "b": mb, "diff": res.diff, "ci_low": res.ci_low,
                     "ci_high": res.ci_high, "p_value": res.p_value, "n_a": na, "n_b": nb, "paired": False})
    return rows


def _num(x: object) -> float:
    return float("nan") if x is None else float(x)  # type: ignore[arg-type]

