"""The streaming paths of the analysis give exactly the numbers of a straightforward polars computation.

Score, rounds and turns summaries come from value counts (`zoosim.analysis.quantiles`), and the per-game
table from one group_by with a column per seat instead of a window over the rows. Each is compared here,
value for value (no tolerance), with the plain whole-column polars query it replaced. The one exception
is sd: polars sums it in floating point (its last digits move with the engine and from run to run); the
counts give it exactly, which is checked against a 60-digit computation, and against polars to 1e-12.
"""
from __future__ import annotations

from decimal import Context
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from polars.testing import assert_frame_equal

from zoosim.analysis import game_length, game_table, load_run, score_summary
from zoosim.analysis.grouping import CONTEXT, row_keys
from zoosim.analysis.load import GAME_KEYS
from zoosim.analysis.quantiles import moments_from_counts, quantiles_from_counts, value_counts_query
from zoosim.analysis.scores import QUANTILES, PerGame, _q_name, outcome_columns, summarize
from zoosim.analysis.synthetic import synthetic_rows, write_run

NAMES = [_q_name(q) for q in QUANTILES]
MANY = (0.0, 0.05, 0.1, 0.25, 1 / 3, 0.5, 0.75, 0.9, 0.95, 0.999, 1.0)


def plain_quantiles(df: pl.DataFrame, keys: list[str], quantiles=QUANTILES, names=NAMES) -> pl.DataFrame:
    """What polars itself says: min, linear quantiles and max of the whole column per group."""
    v = pl.col("v").cast(pl.Float64)
    return df.group_by(keys).agg(
        v.min().alias("min"), *[v.quantile(q, interpolation="linear").alias(n) for q, n in zip(quantiles, names)],
        v.max().alias("max")).sort(keys)


def from_counts(df: pl.DataFrame, keys: list[str], quantiles=QUANTILES, names=NAMES) -> pl.DataFrame:
    return quantiles_from_counts(value_counts_query(df.lazy(), pl.col("v"), keys).collect(), keys, quantiles, names)


HAND = {
    "single value": [("a", 7)],
    "two values (even)": [("a", 3), ("a", 10)],
    "three values (odd)": [("a", 10), ("a", -2), ("a", 4)],
    "all tied": [("a", 5)] * 6,
    "ties across a quantile": [("a", 1), ("a", 2), ("a", 2), ("a", 2), ("a", 9)],
    "even with ties at the median": [("a", 1), ("a", 4), ("a", 4), ("a", 8)],
    "by groups of different sizes": [("a", 1), ("b", 5), ("b", 5), ("b", 6), ("c", 0), ("c", 100), ("a", 3)],
    "negative scores": [("a", -12), ("a", -3), ("a", -3), ("a", 0), ("a", 14), ("a", 2), ("a", 2)],
}


@pytest.mark.parametrize("case", list(HAND))
def test_quantiles_from_counts_match_polars_on_hand_built_frames(case: str) -> None:
    df = pl.DataFrame(HAND[case], schema={"g": pl.String, "v": pl.Int16}, orient="row")
    names = [f"q{i}" for i in range(len(MANY))]
    assert_frame_equal(from_counts(df, ["g"]), plain_quantiles(df, ["g"]), check_exact=True)
    assert_frame_equal(from_counts(df, ["g"], MANY, names), plain_quantiles(df, ["g"], MANY, names), check_exact=True)


def test_quantiles_from_counts_by_two_keys_with_a_hand_worked_example() -> None:
    df = pl.DataFrame({"g": [0, 0, 0, 0, 1, 1], "h": ["x", "x", "x", "x", "x", "y"], "v": [10, 20, 20, 40, 5, 6]})
    got = from_counts(df, ["g", "h"], (0.25, 0.5, 0.9), ["q25", "median", "q90"])
    # (0, x): 10 20 20 40, n = 4: q25 at 0.75 -> 10 + 0.75 * 10 = 17.5; median at 1.5 -> 20; q90 at 2.7 -> 20 + 0.7 * 20
    assert got.row(0) == (0, "x", 10.0, 17.5, 20.0, 20 + 0.7 * 20, 40.0)
    assert got.row(1)[2:] == (5.0, 5.0, 5.0, 5.0, 5.0) and got.row(2)[2:] == (6.0,) * 5
    assert_frame_equal(got, plain_quantiles(df, ["g", "h"], (0.25, 0.5, 0.9), ["q25", "median", "q90"]),
                       check_exact=True)


def test_quantiles_from_counts_skip_nulls_like_polars() -> None:
    df = pl.DataFrame({"g": [1, 1, 1, 1, 2], "v": [3, None, 8, 4, None]}, schema={"g": pl.Int64, "v": pl.Int32})
    got = from_counts(df, ["g"])
    assert got["g"].to_list() == [1]  # a group with only nulls has no quantiles (summarize gives it nulls)
    assert_frame_equal(got, plain_quantiles(df.filter(pl.col("g") == 1), ["g"]), check_exact=True)


def test_quantiles_from_counts_match_polars_on_random_frames() -> None:
    rng = np.random.default_rng(3)
    names = [f"q{i}" for i in range(len(MANY))]
    for trial in range(150):
        n = int(rng.integers(1, 400 if trial % 2 else 20))
        spread = int(rng.choice([0, 1, 4, 60, 20_000]))
        df = pl.DataFrame({"g": rng.integers(0, int(rng.integers(1, 5)), n),
                           "v": rng.integers(-spread, spread + 1, n).astype(np.int32)})
        assert_frame_equal(from_counts(df, ["g"], MANY, names), plain_quantiles(df, ["g"], MANY, names),
                           check_exact=True)


def plain_summarize(lf: pl.LazyFrame, value: str, keys: list[str]) -> pl.DataFrame:
    """summarize as it was: every statistic over the whole column in one polars aggregation."""
    v = pl.col(value).cast(pl.Float64)
    return lf.group_by(keys).agg(
        pl.len().alias("n"), v.mean().alias("mean"), v.std().alias("sd"), v.min().alias("min"),
        *[v.quantile(q, interpolation="linear").alias(n) for q, n in zip(QUANTILES, NAMES)],
        v.max().alias("max")).sort(keys).collect()


def exact_sd(values: list[int]) -> float | None:
    k = len(values)
    if k < 2:
        return None
    digits = Context(prec=80)
    s, q = sum(values), sum(v * v for v in values)
    return float(digits.divide(k * q - s * s, k * (k - 1)).sqrt(digits))


def assert_same_summary(got: pl.DataFrame, want: pl.DataFrame) -> None:
    """Every column bit for bit but sd, which must agree with polars' float sum to 1e-12."""
    assert_frame_equal(got.select(want.columns).drop("sd"), want.drop("sd"), check_exact=True)
    assert_frame_equal(got.select("sd"), want.select("sd"), check_exact=False, rel_tol=1e-12, abs_tol=0)


def test_moments_from_counts_are_exact() -> None:
    df = pl.DataFrame({"g": [1, 1, 1, 1, 2, 3, 3, 4, 4], "v": [3, 5, 5, 10, 7, None, 2, None, None]},
                      schema={"g": pl.Int64, "v": pl.Int16})
    got = moments_from_counts(value_counts_query(df.lazy(), pl.col("v"), ["g"]).collect(), ["g"])
    assert got["g"].to_list() == [1, 2, 3, 4]
    assert got["n"].to_list() == [4, 1, 2, 2]                    # rows, nulls included, like pl.len()
    assert got["mean"].to_list() == [23 / 4, 7.0, 2.0, None]     # mean of the non-null values
    assert got["sd"].to_list() == [exact_sd([3, 5, 5, 10]), None, None, None]  # one value: no sd, as polars
    assert got["sd"][0] == pytest.approx((((3 - 5.75) ** 2 + 2 * 0.75 ** 2 + 4.25 ** 2) / 3) ** 0.5)
    plain = df.group_by("g").agg(pl.len().alias("n"), pl.col("v").cast(pl.Float64).mean().alias("mean"),
                                 pl.col("v").cast(pl.Float64).std().alias("sd")).sort("g")
    assert_same_summary(got, plain)
    rng = np.random.default_rng(11)
    for _ in range(50):
        values = rng.integers(-300, 300, int(rng.integers(2, 3000))).tolist()
        one = pl.DataFrame({"g": [0] * len(values), "v": values})
        row = moments_from_counts(value_counts_query(one.lazy(), pl.col("v"), ["g"]).collect(), ["g"]).row(0)
        assert row[2] == sum(values) / len(values) and row[3] == exact_sd(values)


@pytest.fixture(scope="module")
def synthetic_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two runs side by side (2 and 4 players), so groups, seats and player counts all vary."""
    base = tmp_path_factory.mktemp("synthetic")
    four = write_run(base / "four", synthetic_rows(3000, 4, seed=5), shards=3)
    two = write_run(base / "two", synthetic_rows(2000, 2, seed=6, policy="greedy"))
    return base, [four, two]


@pytest.mark.parametrize("by", ["seat", "players", "policy"])
def test_summarize_equals_the_whole_column_computation(synthetic_run, by: str) -> None:
    _, runs = synthetic_run
    lf = load_run(runs)
    keys = row_keys(by)
    got = summarize(lf, "score", keys)
    assert_same_summary(got, plain_summarize(lf, "score", keys))
    assert_frame_equal(score_summary(lf, by), got, check_exact=True)


def test_summarize_on_hand_built_rows_single_game_and_ties(tmp_path: Path) -> None:
    # One 3-player game with a tie (seat 0 and 2), and a second run of a single 2-player game.
    rows = pl.DataFrame({"players": [3] * 3, "game_index": [0] * 3, "seed": [1] * 3, "rotation": [0] * 3,
                         "seat": [0, 1, 2], "policy": ["h"] * 3, "score": [12, 7, 12], "rank": [1, 3, 2],
                         "win_share": [1.0, 0.0, 0.0], "rounds": [11] * 3, "turns": [33] * 3})
    single = rows.head(2).with_columns(pl.lit(2).alias("players"), pl.Series("rank", [1, 2]))
    runs = [write_run(tmp_path / "three", rows, components=()), write_run(tmp_path / "one", single, components=())]
    lf = load_run(runs)
    for by in ("seat", "players"):
        assert_same_summary(score_summary(lf, by), plain_summarize(lf, "score", row_keys(by)))
    players = score_summary(lf, "players").filter(pl.col("players") == 3).row(0, named=True)
    assert (players["min"], players["q25"], players["median"], players["q75"], players["max"]) == (7, 9.5, 12, 12, 12)
    length = game_length(lf, "players")
    assert length.filter(pl.col("metric") == "rounds")["median"].to_list() == [11.0, 11.0]


def test_summarize_of_non_integer_values_keeps_polars_quantiles(synthetic_run) -> None:
    _, runs = synthetic_run
    lf = load_run(runs).with_columns((pl.col("score") / 3).alias("third"))
    got = summarize(lf, "third", ["players"])  # float values: polars' own aggregation, unchanged
    want = plain_summarize(lf, "third", ["players"])
    assert_frame_equal(got.select(want.columns), want, check_exact=True)


def plain_game_table(lf: pl.LazyFrame, extra=()) -> pl.LazyFrame:
    """game_table as it was: the top score found by a window over each game's rows."""
    gid = (pl.col("run_number").cast(pl.Int64) * (1 << 40) + pl.col("game_index").cast(pl.Int64) * 16
           + pl.col("rotation").cast(pl.Int64)).alias("_game")
    score = pl.col("score").cast(pl.Int32)
    rows = lf.with_columns(gid).with_columns(score.max().over("_game").alias("_top")).with_columns(
        (score == pl.col("_top")).cast(pl.Int32).alias("_at_top"), pl.when(score < pl.col("_top")).then(score).alias("_below"),
        (pl.col("rank") == 1).cast(pl.Int32).alias("_rank_one"),
        ((pl.col("rank") == 1) & (pl.col("win_share") == 1.0)).cast(pl.Int32).alias("_sole"),
        *[e.expr.alias(f"_x_{e.name}") for e in extra])
    reducers = {"sum": pl.Expr.sum, "mean": pl.Expr.mean, "max": pl.Expr.max}
    per_game = rows.group_by("_game").agg(
        *[pl.col(k).first() for k in ["run_number", *GAME_KEYS, "seed", "rounds", "turns"]],
        pl.col("_top").first().alias("winning_score"), pl.col("_at_top").sum().alias("at_top"),
        pl.col("_below").max().alias("_below"), pl.col("_rank_one").sum().alias("rank_one"),
        pl.col("_sole").sum().alias("sole_winner"),
        *[reducers[e.how](pl.col(f"_x_{e.name}")).alias(e.name) for e in extra])
    context = lf.group_by("run_number").agg(*[pl.col(k).first() for k in CONTEXT])
    return outcome_columns(per_game.join(context, on="run_number", how="left").drop("_game"))


def test_outcome_columns_by_hand() -> None:
    # games: a clear win 12-9; a top tie 10-10 broken by the tie-break (one rank 1, alone); a shared win 8-8-5;
    # a one-seat game (no score below the top)
    games = pl.LazyFrame({"winning_score": [12, 10, 8, 7], "_below": [9, None, 5, None], "at_top": [1, 2, 2, 1],
                          "rank_one": [1, 1, 2, 1], "sole_winner": [1, 1, 0, 1]})
    got = outcome_columns(games).collect()
    assert "_below" not in got.columns
    assert got["second_score"].to_list() == [9, 10, 8, None]
    assert got["margin"].to_list() == [3, 0, 0, None]
    assert got["top_tie"].to_list() == [False, True, True, False]
    assert got["tiebreak_decided"].to_list() == [False, True, False, False]


def test_game_table_equals_the_window_computation(synthetic_run) -> None:
    _, runs = synthetic_run
    lf = load_run(runs)
    extra = [PerGame("mean_score", pl.col("score").cast(pl.Float64), "mean"),
             PerGame("win_seat1", pl.when(pl.col("seat") == 1).then(pl.col("win_share")), "max"),
             PerGame("coins", pl.col("coins").cast(pl.Int64), "sum")]
    order = ["run_number", "game_index", "rotation"]
    got = game_table(lf, extra).sort(order).collect()
    want = plain_game_table(lf, extra).sort(order).collect()
    assert_frame_equal(got, want.select(got.columns), check_exact=True)
    assert got["top_tie"].any() and got["tiebreak_decided"].any() and (got["rank_one"] > 1).any()
    assert got.height == 5000 and got["at_top"].max() >= 3
