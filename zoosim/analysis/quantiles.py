"""Exact summaries from value counts, so a distribution of small integers never has to be held whole.

Scores, rounds and turns are small integers: 40 million scores take a few hundred distinct values. A
group_by on (group, value) with a count streams over the Parquet shards in constant memory, and every
statistic follows from the counts, exactly; nothing is approximated:

- min, max, and the quantiles: the very numbers polars' `quantile(q, interpolation="linear")` gives on
  the whole column (tests compare them bit for bit). With n values sorted as x[0] <= ... <= x[n-1],
  position p = (n - 1) * q, lo = floor(p), hi = ceil(p), and the quantile is x[lo] when x[lo] == x[hi],
  else (p - lo) * (x[hi] - x[lo]) + x[lo].
- mean and sd from the integer sums S = sum(x) and Q = sum(x^2), held as Python integers: mean = S / n
  and sd = sqrt((n Q - S^2) / (n (n - 1))), each rounded once to the nearest float. polars' own mean
  gives the same mean; its sd, summed in floating point, differs in the 13th-14th significant digit and
  changes from run to run with its thread scheduling; these sds do not.
"""
from __future__ import annotations

from decimal import Context
from typing import Sequence

import numpy as np
import polars as pl

VALUE = "_value"
COUNT = "_count"


def value_counts_query(lf: pl.LazyFrame, value: pl.Expr, keys: Sequence[str]) -> pl.LazyFrame:
    """Lazy (keys, `_value`, `_count`): how often each integer value (null included) occurs per group.

    Streams (polars' streaming engine) over the scan; its result has one row per group and distinct value.
    """
    return lf.group_by([*keys, value.cast(pl.Int64).alias(VALUE)]).agg(pl.len().alias(COUNT))


def quantiles_from_counts(counts: pl.DataFrame, keys: Sequence[str], quantiles: Sequence[float],
                          names: Sequence[str], value: str = VALUE, count: str = COUNT) -> pl.DataFrame:
    """Per group of `keys`: min, the `quantiles` (linear interpolation, named `names`) and max, as Float64,
    computed exactly from the counts of each value. Groups come out sorted by `keys`."""
    keys = list(keys)
    df = counts.filter(pl.col(count) > 0).drop_nulls(value)
    group = keys or ["_all"]                    # no keys: the whole frame is one group
    df = (df if keys else df.with_columns(pl.lit(0).alias("_all"))).sort([*group, value])
    groups = df.group_by(group, maintain_order=True).agg(pl.len().alias("_rows"), pl.col(count).sum().alias("_n"))
    values = df[value].cast(pl.Float64).to_numpy()
    per_value = df[count].cast(pl.Int64).to_numpy()
    cum = np.cumsum(per_value)                  # cumulative counts over all groups, strictly increasing
    rows = groups["_rows"].cast(pl.Int64).to_numpy()
    n = groups["_n"].cast(pl.Int64).to_numpy()
    first = np.cumsum(rows) - rows              # each group's first row in `df`
    base = cum[first] - per_value[first]        # the overall rank of each group's smallest value

    def at_rank(rank: np.ndarray) -> np.ndarray:
        """The value of 0-based rank `rank` within each group (the first row whose cumulative count exceeds it)."""
        return values[np.searchsorted(cum, base + rank, side="right")]

    columns = {"min": values[first]}
    for q, name in zip(quantiles, names):
        position = (n - 1).astype(np.float64) * q
        lo = np.floor(position)
        low, high = at_rank(lo.astype(np.int64)), at_rank(np.ceil(position).astype(np.int64))
        with np.errstate(invalid="ignore"):
            columns[name] = np.where(low == high, low, (position - lo) * (high - low) + low)
    columns["max"] = values[first + rows - 1]
    out = pl.DataFrame([pl.Series(name, column, dtype=pl.Float64) for name, column in columns.items()])
    return pl.concat([groups.select(keys), out], how="horizontal") if keys else out


_DIGITS = Context(prec=60)  # sd's square root to 60 digits, then one rounding to a float


def moments_from_counts(counts: pl.DataFrame, keys: Sequence[str], value: str = VALUE,
                        count: str = COUNT) -> pl.DataFrame:
    """Per group of `keys` (sorted): n (rows, nulls included, as polars' `len`), mean and sd (ddof 1)
    of the non-null values, exactly from the counts (see the module docstring). mean is null without
    values, sd with fewer than two, as in polars."""
    keys = list(keys)
    group = keys or ["_all"]
    df = counts if keys else counts.with_columns(pl.lit(0).alias("_all"))
    present = pl.col(value).is_not_null()
    sums = (df.group_by(group).agg(
        pl.col(count).sum().alias("n"), pl.col(count).filter(present).sum().alias("_k"),
        pl.col(value).filter(present).alias("_values"), pl.col(count).filter(present).alias("_counts"))
        .sort(group))
    means, sds = [], []
    for values, weights in zip(sums["_values"].to_list(), sums["_counts"].to_list()):
        k = sum(weights)
        s = sum(c * v for v, c in zip(values, weights))
        q = sum(c * v * v for v, c in zip(values, weights))
        means.append(s / k if k else None)                 # int / int: correctly rounded
        sds.append(float(_DIGITS.divide(k * q - s * s, k * (k - 1)).sqrt(_DIGITS)) if k >= 2 else None)
    return sums.select(keys + ["n"]).with_columns(pl.Series("mean", means, dtype=pl.Float64),
                                                  pl.Series("sd", sds, dtype=pl.Float64))
