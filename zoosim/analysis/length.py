"""Game length: rounds and turns per game, per player count or variant."""
from __future__ import annotations

import polars as pl

from zoosim.analysis.frames import returns_frame
from zoosim.analysis.grouping import game_keys
from zoosim.analysis.scores import histogram, summarize


def _one_row_per_game(lf: pl.LazyFrame) -> pl.LazyFrame:
    # rounds and turns repeat on every seat's row; seat 0 exists in every game, so it stands for the
    # game without the cost of a group_by over millions of games.
    return lf.filter(pl.col("seat") == 0)


@returns_frame
def game_length(lf: pl.LazyFrame, by: str = "players") -> pl.DataFrame:
    """Rounds and turns per game, long format: keys, metric (rounds|turns), n (games), mean, CI, sd,
    min, quantiles, max."""
    keys = game_keys(by)
    games = _one_row_per_game(lf)
    parts = [summarize(games, metric, keys).with_columns(pl.lit(metric).alias("metric")) for metric in ("rounds", "turns")]
    df = pl.concat(parts)
    return df.select(keys + ["metric"] + [c for c in df.columns if c not in keys and c != "metric"])


@returns_frame
def rounds_histogram(lf: pl.LazyFrame, by: str = "players") -> pl.DataFrame:
    """How many games lasted each number of rounds, per group (data for the rounds chart)."""
    return histogram(_one_row_per_game(lf), "rounds", game_keys(by))
