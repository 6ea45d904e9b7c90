"""Score components: where the points come from (and go), per seat, policy, player count or variant.

Component names come from the run manifest (`components`), never from a fixed list, because every game
splits its score differently. Penalties are stored as values <= 0, so the means add up to the score.
"""
from __future__ import annotations

from typing import Sequence

import polars as pl

from zoosim import stats
from zoosim.analysis.frames import returns_frame
from zoosim.analysis.grouping import row_keys
from zoosim.errors import ZoosimError


@returns_frame
def score_components(lf: pl.LazyFrame, components: Sequence[str], by: str = "seat") -> pl.DataFrame:
    """Mean contribution of each component per group, long format (one row per group and component).

    Columns: the keys, component, n (seat-games), mean with its 95% t interval (ci_low, ci_high), sd,
    and share (mean / mean score; negative for penalties). Components keep the manifest's order.
    """
    keys = row_keys(by)
    names = list(components)
    if not names:
        raise ZoosimError("no score components given; read them from the run manifest's `components`")
    missing = [c for c in names if c not in lf.collect_schema().names()]
    if missing:
        raise ZoosimError(f"unknown component column(s) {', '.join(missing)}; the run has no such column")
    aggs = [pl.len().alias("n"), pl.col("score").cast(pl.Float64).mean().alias("score_mean")]
    for c in names:
        aggs += [pl.col(c).cast(pl.Float64).mean().alias(f"{c}__mean"), pl.col(c).cast(pl.Float64).std().alias(f"{c}__sd")]
    wide = lf.group_by(keys).agg(aggs).sort(keys).collect()
    parts = []
    for order, c in enumerate(names):
        part = wide.select(keys + ["n", "score_mean", pl.col(f"{c}__mean").alias("mean"), pl.col(f"{c}__sd").alias("sd")])
        low, high = stats.mean_ci(part["mean"].to_numpy(), part["sd"].to_numpy(), part["n"].to_numpy())
        parts.append(part.with_columns(pl.lit(c).alias("component"), pl.lit(order).alias("_order"),
                                       pl.Series("ci_low", low), pl.Series("ci_high", high)))
    long = pl.concat(parts).sort(keys + ["_order"])
    return long.with_columns(
        pl.when(pl.col("score_mean") != 0).then(pl.col("mean") / pl.col("score_mean")).otherwise(None).alias("share")
    ).select(keys + ["component", "n", "mean", "ci_low", "ci_high", "sd", "share"])
