"""Win rates: by seat, turn position or policy, against the fair share 1/players, with Wilson intervals and tests;
and how the turn order was set in each group of games.

A win is `win_share` (1 for a sole winner, 1/k for each of k shared winners), so ties split a win and
win rates of a game's seats always sum to 1. `seat` is the slot of a seat's policy; `position` its place in the
turn order of the first round (0 moved first). Turn-order questions are asked of position.
"""
from __future__ import annotations

import numpy as np
import polars as pl

from zoosim import stats
from zoosim.analysis.frames import returns_frame
from zoosim.analysis.grouping import CONTEXT, SEAT_LIKE, win_keys
from zoosim.analysis.load import GAME_KEYS
from zoosim.errors import ZoosimError


def _check_known(df: pl.DataFrame, column: str) -> None:
    """A grouping by position needs every run's turn order: one line naming the problem otherwise."""
    if column == "position" and df["position"].null_count():
        raise ZoosimError("some runs have no `position` column (simulated before zoosim logged the turn order, "
                          "and their game may draw it per game); simulate them again, or group by seat")


def _with_interval_and_test(df: pl.DataFrame, wins: str, n: str, fair: np.ndarray) -> pl.DataFrame:
    low, high = stats.wilson(df[wins].to_numpy(), df[n].to_numpy())
    p = stats.proportion_p_value(df[wins].to_numpy(), df[n].to_numpy(), fair)
    return df.with_columns(
        pl.Series("ci_low", low), pl.Series("ci_high", high), pl.Series("fair", fair),
        (pl.col(wins) / pl.col(n) - pl.Series(fair)).alias("excess"),
        pl.Series("p_value", p), pl.Series("p_holm", stats.holm(p)),
    ).with_columns((pl.col("p_holm") < stats.ALPHA).fill_null(False).alias("significant"))


@returns_frame
def win_rates(lf: pl.LazyFrame, by: str = "seat") -> pl.DataFrame:
    """Win rate per seat (per turn position with `by="position"`, per policy with `by="policy"`) within each
    lineup, variant and player count.

    Columns: the keys, n (games the seat, position or policy played), wins (shares summed), win_rate, ci_low and
    ci_high (Wilson 95%), fair (1/players), excess (win_rate - fair), p_value (score test of
    win_rate = fair), p_holm (Holm-adjusted over every row of the table: read all flags at once) and
    significant (p_holm < 0.05). For a policy, n counts seat-games; seats of one policy in one game are
    negatively correlated, so its interval is slightly conservative.
    """
    keys = win_keys(by)
    df = (
        lf.group_by(keys)
        .agg(pl.len().alias("n"), pl.col("win_share").sum().alias("wins"))
        .sort(keys)
        .collect()
        .with_columns((pl.col("wins") / pl.col("n")).alias("win_rate"))
    )
    _check_known(df, keys[-1])
    fair = 1.0 / df["players"].cast(pl.Float64).to_numpy()
    return _with_interval_and_test(df, "wins", "n", fair)


@returns_frame
def seat_balance(lf: pl.LazyFrame, by: str = "seat") -> pl.DataFrame:
    """Chi-square test that all seats (turn positions with `by="position"`) win equally often, per lineup,
    variant and player count.

    Observed = wins per seat, expected = games / players; df = players - 1. p_holm corrects over the
    groups tested together (e.g. four player counts), and significant is p_holm < 0.05. The most
    favoured seat (`best_seat`; `best_position` by position) and its excess over the fair share are given so the
    result reads in words.
    """
    if by not in SEAT_LIKE:
        raise ZoosimError(f"seat balance is by seat or position, got {by!r}")
    keys = list(CONTEXT)
    per_seat = (
        lf.group_by(keys + [by])
        .agg(pl.len().alias("n"), pl.col("win_share").sum().alias("wins"))
        .sort(keys + [by])
        .collect()
    )
    _check_known(per_seat, by)
    rows = []
    for group_key, part in per_seat.group_by(keys, maintain_order=True):
        chi2, dof, p = stats.chi_square_uniform(part["wins"].to_numpy())
        rates = (part["wins"] / part["n"]).to_numpy()
        best = int(np.argmax(rates))
        players = int(part["players"][0])
        rows.append({**dict(zip(keys, group_key)), "n_games": int(part["n"].max()), "chi2": chi2, "df": dof,
                     "p_value": p, f"best_{by}": int(part[by][best]), "best_rate": float(rates[best]),
                     "best_excess": float(rates[best] - 1.0 / players)})
    schema = {"game": pl.String, "lineup": pl.String, "variant": pl.String, "players": pl.Int64, "n_games": pl.Int64,
              "chi2": pl.Float64, "df": pl.Int64, "p_value": pl.Float64, f"best_{by}": pl.Int64,
              "best_rate": pl.Float64, "best_excess": pl.Float64}
    df = pl.DataFrame(rows, schema=schema)
    p_holm = stats.holm(df["p_value"].to_numpy())
    return df.with_columns(pl.Series("p_holm", p_holm, dtype=pl.Float64)).with_columns(
        (pl.col("p_holm") < stats.ALPHA).fill_null(False).alias("significant"))


@returns_frame
def policy_matrix(lf: pl.LazyFrame) -> pl.DataFrame:
    """Head-to-head: how often a seat of `policy` finishes ahead of a seat of `opponent` in the same game.

    Only games with at least two different policies count. Per game the pairings of the two policies are
    averaged (a better rank scores 1, an equal rank 1/2), so n counts games and the Wilson interval
    treats games as independent. Columns: lineup, variant, players, policy, opponent, n, win_rate,
    ci_low, ci_high. win_rate(A, B) + win_rate(B, A) = 1.
    """
    cols = list(GAME_KEYS) + list(CONTEXT) + ["policy", "rank"]
    mixed = lf.select(cols).filter(pl.col("policy").n_unique().over(list(GAME_KEYS)) > 1)
    other = mixed.select(list(GAME_KEYS) + [pl.col("policy").alias("opponent"), pl.col("rank").alias("rank_opp")])
    pairs = (
        mixed.join(other, on=list(GAME_KEYS))
        .filter(pl.col("policy") != pl.col("opponent"))
        .with_columns(
            pl.when(pl.col("rank") < pl.col("rank_opp")).then(1.0)
            .when(pl.col("rank") == pl.col("rank_opp")).then(0.5).otherwise(0.0).alias("beats"))
    )
    keys = list(CONTEXT) + ["policy", "opponent"]
    per_game = pairs.group_by(list(GAME_KEYS) + keys).agg(pl.col("beats").mean())
    df = (per_game.group_by(keys).agg(pl.len().alias("n"), pl.col("beats").sum().alias("wins"))
          .sort(keys).collect())
    low, high = stats.wilson(df["wins"].to_numpy(), df["n"].to_numpy())
    return df.with_columns((pl.col("wins") / pl.col("n")).alias("win_rate"),
                           pl.Series("ci_low", low), pl.Series("ci_high", high)).drop("wins")


@returns_frame
def turn_order(lf: pl.LazyFrame) -> pl.DataFrame:
    """How the turn order was set, per lineup, variant and player count: one row per group and seat.

    Columns: the context, seat, games (in the group), in_position_1 (games in which this seat held position 0, i.e. position 1 as shown: it moved first),
    share (in_position_1 / games), and per group: seat_order (position = seat in every row: the games were played in
    seat order), rotated (deals were played in several seat rotations, `--rotate-seats`) and recorded (every row
    has a position; a run written before the log had one may not).
    """
    keys = list(CONTEXT)
    per_seat = (
        lf.group_by(keys + ["seat"])
        .agg(pl.len().alias("games"), (pl.col("position") == 0).sum().alias("in_position_1"),
             (pl.col("position") != pl.col("seat")).sum().alias("_other"),
             pl.col("position").null_count().alias("_unknown"), pl.col("rotation").max().alias("_rotation"))
        .sort(keys + ["seat"])
        .collect()
    )
    return per_seat.with_columns(
        pl.col("in_position_1").cast(pl.Int64), (pl.col("in_position_1") / pl.col("games")).alias("share"),
        ((pl.col("_other").sum() == 0) & (pl.col("_unknown").sum() == 0)).over(keys).alias("seat_order"),
        (pl.col("_rotation").max() > 0).over(keys).alias("rotated"),
        (pl.col("_unknown").sum() == 0).over(keys).alias("recorded"),
    ).drop("_other", "_unknown", "_rotation")
