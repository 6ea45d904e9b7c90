"""Scores: per-seat distributions, and per-game outcomes (winning score, margin, ties, tie-breaks)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import polars as pl

from zoosim import stats
from zoosim.analysis.grouping import CONTEXT, game_keys, row_keys
from zoosim.analysis.load import GAME_KEYS

QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)


def _q_name(q: float) -> str:
    return "median" if q == 0.5 else f"q{int(round(q * 100)):02d}"


def summarize(lf: pl.LazyFrame, value: str | pl.Expr, keys: Sequence[str], quantiles: bool = True) -> pl.DataFrame:
    """n, mean with its 95% t interval, sd, and optionally min, quantiles and max of `value` per group."""
    expr = pl.col(value) if isinstance(value, str) else value
    expr = expr.cast(pl.Float64)
    aggs = [pl.len().alias("n"), expr.mean().alias("mean"), expr.std().alias("sd")]
    if quantiles:
        aggs += [expr.min().alias("min")]
        aggs += [expr.quantile(q, interpolation="linear").alias(_q_name(q)) for q in QUANTILES]
        aggs += [expr.max().alias("max")]
    df = lf.group_by(list(keys)).agg(aggs).sort(list(keys)).collect()
    low, high = stats.mean_ci(df["mean"].to_numpy(), df["sd"].to_numpy(), df["n"].to_numpy())
    return df.with_columns(pl.Series("ci_low", low), pl.Series("ci_high", high)).select(
        list(keys) + ["n", "mean", "ci_low", "ci_high"] + [c for c in df.columns if c not in keys and c not in ("n", "mean")])


def score_summary(lf: pl.LazyFrame, by: str = "seat") -> pl.DataFrame:
    """Final score per seat-game: n, mean with 95% CI, sd, min, 5/25/50/75/95% quantiles, max."""
    return summarize(lf, "score", row_keys(by))


def histogram_query(lf: pl.LazyFrame, value: str, keys: Sequence[str], bin_width: int = 1) -> pl.LazyFrame:
    """The lazy query behind `histogram`, so several can be collected together over one scan."""
    keys = list(keys)
    binned = (pl.col(value).cast(pl.Int64) // bin_width * bin_width).alias("bin")
    counted = lf.group_by(keys + [binned]).agg(pl.len().alias("count")).sort(keys + ["bin"])
    return counted.with_columns((pl.col("count") / pl.col("count").sum().over(keys) if keys
                                 else pl.col("count") / pl.col("count").sum()).alias("share"))


def histogram(lf: pl.LazyFrame, value: str, keys: Sequence[str], bin_width: int = 1) -> pl.DataFrame:
    """Counts of `value` in bins [bin, bin + bin_width) per group, with each bin's share of its group."""
    return histogram_query(lf, value, keys, bin_width).collect()


def score_histogram(lf: pl.LazyFrame, by: str = "players", bin_width: int = 1) -> pl.DataFrame:
    """Score distribution per group as bins: the data behind the score-distribution charts."""
    return histogram(lf, "score", row_keys(by), bin_width)


@dataclass(frozen=True)
class PerGame:
    """An extra per-game value for `game_table`: a row-level expression reduced over the game's seats.

    `how` is one of sum, mean, max (max skips nulls, so `when(seat == k).then(x)` picks seat k's x).
    Row-level expressions keep the aggregation on polars' fast path over millions of games.
    """

    name: str
    expr: pl.Expr
    how: str = "mean"


def _game_id(schema: Sequence[str]) -> tuple[pl.Expr, list[str]]:
    # One int64 key per game is far cheaper to group by than (run_id string, index, rotation).
    if "run_number" in schema:
        gid = (pl.col("run_number").cast(pl.Int64) * (1 << 40) + pl.col("game_index").cast(pl.Int64) * 16
               + pl.col("rotation").cast(pl.Int64))
        return gid.alias("_game"), ["run_number"]
    return pl.concat_str([pl.col(k).cast(pl.String) for k in GAME_KEYS], separator="/").alias("_game"), ["run_id"]


def game_table(lf: pl.LazyFrame, extra: Sequence[PerGame] = ()) -> pl.LazyFrame:
    """One row per game: winning score, second score, margin, tie on the top score, tie-break decided.

    A tie on the top exists when two or more seats share the highest score; the tie-break decided the
    game when such a tie exists and exactly one seat ends with rank 1 and win_share 1. Columns: the
    game keys (run_id, game_index, rotation), lineup, variant, players, seed, rounds, turns,
    winning_score, second_score, margin, at_top, top_tie, tiebreak_decided, and any `extra` values.
    """
    schema = lf.collect_schema().names()
    game, run_key = _game_id(schema)
    score = pl.col("score").cast(pl.Int32)
    rows = lf.with_columns(game).with_columns(score.max().over("_game").alias("_top"))
    rows = rows.with_columns(
        (score == pl.col("_top")).cast(pl.Int32).alias("_at_top"),
        pl.when(score < pl.col("_top")).then(score).alias("_below"),
        (pl.col("rank") == 1).cast(pl.Int32).alias("_rank_one"),
        ((pl.col("rank") == 1) & (pl.col("win_share") == 1.0)).cast(pl.Int32).alias("_sole"),
        *[e.expr.alias(f"_x_{e.name}") for e in extra],
    )
    reducers = {"sum": pl.Expr.sum, "mean": pl.Expr.mean, "max": pl.Expr.max}
    per_game = rows.group_by("_game").agg(
        *[pl.col(k).first() for k in dict.fromkeys(run_key + list(GAME_KEYS) + ["seed", "rounds", "turns"])],
        pl.col("_top").first().alias("winning_score"),
        pl.col("_at_top").sum().alias("at_top"),
        pl.col("_below").max().alias("_below"),
        pl.col("_rank_one").sum().alias("rank_one"),
        pl.col("_sole").sum().alias("sole_winner"),
        *[reducers[e.how](pl.col(f"_x_{e.name}")).alias(e.name) for e in extra],
    )
    context = lf.group_by(run_key).agg(*[pl.col(k).first() for k in CONTEXT if k not in run_key])
    games = per_game.join(context, on=run_key, how="left").drop("_game")
    return games.with_columns(
        pl.when(pl.col("at_top") >= 2).then(pl.col("winning_score")).otherwise(pl.col("_below")).alias("second_score"),
        (pl.col("at_top") >= 2).alias("top_tie"),
    ).with_columns(
        (pl.col("winning_score") - pl.col("second_score")).alias("margin"),
        (pl.col("top_tie") & (pl.col("rank_one") == 1) & (pl.col("sole_winner") == 1)).alias("tiebreak_decided"),
    ).drop("_below")


def game_outcomes(lf: pl.LazyFrame, by: str = "players") -> pl.DataFrame:
    """Per group of games: winning score and margin (first minus second) with 95% CIs, tie rates.

    Columns: keys, n (games), winning_score mean/ci_low/ci_high/sd, margin mean/ci_low/ci_high/sd,
    tie_rate (top score shared) with Wilson interval, tiebreak_rate (the tie-break picked a sole
    winner) with Wilson interval, and tiebreak_share_of_ties (tiebreak_rate / tie_rate).
    """
    keys = game_keys(by)
    games = game_table(lf)
    df = (games.group_by(keys).agg(
        pl.len().alias("n"),
        pl.col("winning_score").cast(pl.Float64).mean().alias("winning_score"),
        pl.col("winning_score").cast(pl.Float64).std().alias("winning_score_sd"),
        pl.col("margin").cast(pl.Float64).mean().alias("margin"),
        pl.col("margin").cast(pl.Float64).std().alias("margin_sd"),
        pl.col("top_tie").sum().alias("ties"),
        pl.col("tiebreak_decided").sum().alias("tiebreaks"),
    ).sort(keys).collect())
    n = df["n"].to_numpy()
    cols = []
    for name in ("winning_score", "margin"):
        low, high = stats.mean_ci(df[name].to_numpy(), df[f"{name}_sd"].to_numpy(), n)
        cols += [pl.Series(f"{name}_ci_low", low), pl.Series(f"{name}_ci_high", high)]
    for count, name in (("ties", "tie_rate"), ("tiebreaks", "tiebreak_rate")):
        low, high = stats.wilson(df[count].to_numpy(), n)
        cols += [(pl.col(count) / pl.col("n")).alias(name), pl.Series(f"{name}_ci_low", low),
                 pl.Series(f"{name}_ci_high", high)]
    df = df.with_columns(cols).with_columns(
        pl.when(pl.col("ties") > 0).then(pl.col("tiebreaks") / pl.col("ties")).otherwise(None)
        .alias("tiebreak_share_of_ties"))
    order = keys + ["n"]
    for name in ("winning_score", "margin"):
        order += [name, f"{name}_ci_low", f"{name}_ci_high", f"{name}_sd"]
    for name in ("tie_rate", "tiebreak_rate"):
        order += [name, f"{name}_ci_low", f"{name}_ci_high"]
    return df.select(order + ["ties", "tiebreaks", "tiebreak_share_of_ties"])
