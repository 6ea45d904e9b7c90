"""Scores: per-seat distributions, and per-game outcomes (winning score, margin, ties, tie-breaks)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import polars as pl

from zoosim import stats
from zoosim.analysis.frames import returns_frame
from zoosim.analysis.grouping import CONTEXT, game_keys, row_keys
from zoosim.analysis.load import GAME_KEYS
from zoosim.analysis.quantiles import moments_from_counts, quantiles_from_counts, value_counts_query

QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)


def _q_name(q: float) -> str:
    return "median" if q == 0.5 else f"q{int(round(q * 100)):02d}"


def summarize(lf: pl.LazyFrame, value: str | pl.Expr, keys: Sequence[str], quantiles: bool = True) -> pl.DataFrame:
    """n, mean with its 95% t interval, sd, and optionally min, quantiles and max of `value` per group.

    Integer values (scores, rounds, turns) are never held whole: one streaming group_by counts each value
    per group, and every statistic follows from the counts exactly (`zoosim.analysis.quantiles`), so 100
    million rows take little more memory than one million. Other values take polars' own aggregation.
    """
    keys = list(keys)
    expr = pl.col(value) if isinstance(value, str) else value
    names = [_q_name(q) for q in QUANTILES]
    if lf.select(expr.alias("_value")).collect_schema()["_value"].is_integer():
        counts = value_counts_query(lf, expr, keys).collect()
        df = moments_from_counts(counts, keys)
        if quantiles:
            spread = quantiles_from_counts(counts, keys, QUANTILES, names)
            df = df.join(spread, on=keys, how="left", nulls_equal=True, maintain_order="left")
    else:
        as_float = expr.cast(pl.Float64)
        aggs = [pl.len().alias("n"), as_float.mean().alias("mean"), as_float.std().alias("sd")]
        if quantiles:
            aggs += [as_float.min().alias("min"),
                     *[as_float.quantile(q, interpolation="linear").alias(name) for q, name in zip(QUANTILES, names)],
                     as_float.max().alias("max")]
        df = lf.group_by(keys).agg(aggs).sort(keys).collect()
    low, high = stats.mean_ci(df["mean"].to_numpy(), df["sd"].to_numpy(), df["n"].to_numpy())
    return df.with_columns(pl.Series("ci_low", low), pl.Series("ci_high", high)).select(
        keys + ["n", "mean", "ci_low", "ci_high"] + [c for c in df.columns if c not in keys and c not in ("n", "mean")])


@returns_frame
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


@returns_frame
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


@returns_frame
def game_table(lf: pl.LazyFrame, extra: Sequence[PerGame] = ()) -> pl.LazyFrame:
    """One row per game: winning score, second score, margin, tie on the top score, tie-break decided.

    A tie on the top exists when two or more seats share the highest score; the tie-break decided the
    game when such a tie exists and exactly one seat ends with rank 1 and win_share 1. Columns: the
    game keys (run_id, game_index, rotation), lineup, variant, players, seed, rounds, turns,
    winning_score, second_score, margin, at_top, top_tie, tiebreak_decided, and any `extra` values.

    One streaming group_by over the rows: each seat's score is its own plain maximum per game (seat k's
    is max(score where seat == k)), and the top, second score and seats at the top are then read across
    those columns of the (much smaller) per-game table. No window over the rows, so 10 million games
    take about 1.4 GB, not three. Calling it reads two small things at once (the highest seat and one
    context row per run); the per-game table itself stays lazy.
    """
    schema = lf.collect_schema().names()
    game, run_key = _game_id(schema)
    seats = int(lf.select(pl.col("seat").max()).collect().item() or 0) + 1
    score = pl.col("score").cast(pl.Int32)
    seat = pl.col("seat")
    rank_one = pl.col("rank") == 1
    reducers = {"sum": pl.Expr.sum, "mean": pl.Expr.mean, "max": pl.Expr.max}
    per_game = lf.with_columns(game).group_by("_game").agg(
        *[pl.col(k).first() for k in dict.fromkeys(run_key + list(GAME_KEYS) + ["seed", "rounds", "turns"])],
        *[pl.when(seat == k).then(score).max().alias(f"_seat{k}") for k in range(seats)],
        rank_one.cast(pl.Int32).sum().alias("rank_one"),
        (rank_one & (pl.col("win_share") == 1.0)).cast(pl.Int32).sum().alias("sole_winner"),
        *[reducers[e.how](e.expr).alias(e.name) for e in extra],
    )
    slots = [pl.col(f"_seat{k}") for k in range(seats)]
    top = pl.col("winning_score")
    per_game = per_game.with_columns(pl.max_horizontal(slots).alias("winning_score")).with_columns(
        pl.sum_horizontal([(s == top).cast(pl.Int32).fill_null(0) for s in slots]).alias("at_top"),
        pl.max_horizontal([pl.when(s < top).then(s) for s in slots]).alias("_below"),
    ).drop([f"_seat{k}" for k in range(seats)])
    # The context (a row per run) is collected now: left lazy, it would share the scan with the per-game
    # query and polars would cache the scanned columns for both (twice the memory).
    context = lf.group_by(run_key).agg(*[pl.col(k).first() for k in CONTEXT if k not in run_key]).collect()
    return outcome_columns(per_game.join(context.lazy(), on=run_key, how="left").drop("_game"))


def outcome_columns(games: pl.LazyFrame) -> pl.LazyFrame:
    """A game's second score, margin, top tie and whether the tie-break decided it, from its per-game counts.

    Reads winning_score, `_below` (the highest score under it, null if none), at_top (seats on the top score),
    rank_one and sole_winner (seats with rank 1, and those with it alone); drops `_below`. With a tie on the top
    the second score is the top score itself (margin 0).
    """
    return games.with_columns(
        pl.when(pl.col("at_top") >= 2).then(pl.col("winning_score")).otherwise(pl.col("_below")).alias("second_score"),
        (pl.col("at_top") >= 2).alias("top_tie"),
    ).with_columns(
        (pl.col("winning_score") - pl.col("second_score")).alias("margin"),
        (pl.col("top_tie") & (pl.col("rank_one") == 1) & (pl.col("sole_winner") == 1)).alias("tiebreak_decided"),
    ).drop("_below")


@returns_frame
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
