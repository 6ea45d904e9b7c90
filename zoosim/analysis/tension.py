"""Tension: how the lead moves during a game, read from the rounds log (`zoosim simulate --rounds-log`).

A run made with `--rounds-log` holds a second dataset, `RUN/rounds/part-*.parquet`: one row per (game,
rotation, seat, round) with the seat's provisional score, its score if the game ended after that round.
Balance says who wins; tension says whether the outcome stayed open. A game is (run_id, game_index,
rotation). Winners always come from the main dataset (rank 1, after the game's own tie-break), never from
the last round's provisional scores; a shared win counts its share, as in win rates.

Definitions (per game; "after round k" = at the end of round k):
- round leader: the seat with the highest provisional score after a round. When two or more seats share
  the top score the lead is tied and the round has no (strict) leader.
- lead changes: how often the strict leader differs from the previous strict leader. Tied rounds are
  skipped: a shared lead is not a change, and A, tie, A counts 0 while A, tie, B counts 1. The first
  strict leader is not a change.
- round-k leader win rate: among games that reached round k with a strict leader, the leader's share of
  the win. Games tied for the lead after round k are counted apart (`tied`), not as losses.
- comeback: the winner was strictly behind (not even tied for the lead) after the reference round,
  ceil(at x rounds) with at = 1/2 by default: round 5 of 10, round 5 of 9. The comeback rate is the
  winners' share of such games (a shared win counts the share of the winners who were behind).
- decided: the first round d from which the sole winner is the strict leader after every round d..rounds,
  as a fraction d / rounds of the game (1/rounds: led from the first round on; 1: took the lead for good
  only in the last round). Games whose winner is not the strict leader after the last round (a shared win,
  or a tie on top settled by the tie-break) are `undecided`, counted apart.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from zoosim import stats
from zoosim.analysis.frames import returns_frame
from zoosim.analysis.grouping import CONTEXT, game_keys
from zoosim.analysis.load import GAME_KEYS, PathLike, log_files, scan_log
from zoosim.analysis.present import constant_context, context_text, fmt_num, fmt_pct
from zoosim.errors import ZoosimError

ROUNDS_DIR = "rounds"
COMEBACK_AT = 0.5
DECIDED_QUANTILES = (0.1, 0.25, 0.5, 0.75, 0.9)


# --------------------------------------------------------------------------- opening rounds logs

def rounds_files(path: PathLike) -> list[Path]:
    """The rounds-log shards of a run; empty when the run was simulated without `--rounds-log`."""
    return log_files(path, "rounds_log", ROUNDS_DIR)


def has_rounds_log(path: PathLike) -> bool:
    return bool(rounds_files(path))


@returns_frame
def open_rounds(paths: PathLike | Sequence[PathLike]) -> pl.LazyFrame:
    """A lazy scan of the rounds logs of one or more runs (load.scan_log); one-line ZoosimError when a run has no
    rounds log."""
    return scan_log(paths, "rounds_log", ROUNDS_DIR, "rounds log")


# --------------------------------------------------------------------------- per round and per game

SEAT_SLOTS = 16     # seats 0-15 fit below the score in one packed integer
SCORE_OFFSET = 1 << 15  # int16 scores, negative ones included, become non-negative before packing


def round_leaders(rounds: pl.LazyFrame) -> pl.LazyFrame:
    """One row per (game, round): the `top` score and `leader`, the strict leader's seat (null when tied).

    Two plain maxima instead of a per-group filter (several times faster on millions of rows): packing the
    score above the seat, max(score, seat) names the highest seat on the top score and max(score, -seat)
    the lowest; they are the same seat exactly when nobody shares the lead.
    """
    packed = (pl.col("provisional_score").cast(pl.Int32) + SCORE_OFFSET) * SEAT_SLOTS
    seat = pl.col("seat").cast(pl.Int32)
    high, low = pl.col("high"), pl.col("low")
    return (rounds.group_by([*GAME_KEYS, "round"])
            .agg((packed + seat).max().alias("high"), (packed + (SEAT_SLOTS - 1) - seat).max().alias("low"))
            .select(*GAME_KEYS, pl.col("round").cast(pl.Int16),
                    (high // SEAT_SLOTS - SCORE_OFFSET).alias("top"),
                    pl.when(high % SEAT_SLOTS == SEAT_SLOTS - 1 - low % SEAT_SLOTS).then(high % SEAT_SLOTS)
                    .cast(pl.Int8).alias("leader")))


def game_context(games: pl.LazyFrame, keys: Sequence[str] = CONTEXT) -> pl.LazyFrame:
    """One row per game of the main dataset: its group keys and `rounds` (seat 0 stands for the game)."""
    return games.filter(pl.col("seat") == 0).select(*GAME_KEYS, *keys, pl.col("rounds").cast(pl.Int16))


def _sole_winners(games: pl.LazyFrame) -> pl.LazyFrame:
    """Per game: `winner` (the seat ranked first) when exactly one seat is, else null (a shared win)."""
    return (games.filter(pl.col("rank") == 1).group_by(GAME_KEYS)
            .agg(pl.len().alias("winners"), pl.col("seat").first().alias("first_winner"))
            .select(*GAME_KEYS, pl.when(pl.col("winners") == 1).then(pl.col("first_winner")).alias("winner")))


def lead_changes_per_game(rounds: pl.LazyFrame) -> pl.LazyFrame:
    """One row per game: `lead_changes`, the number of times the strict leader changed (tied rounds skipped)."""
    changes = pl.col("leader").sort_by("round").drop_nulls().rle_id().max().fill_null(0)
    return round_leaders(rounds).group_by(GAME_KEYS).agg(changes.cast(pl.Int32).alias("lead_changes"))


def decided_per_game(rounds: pl.LazyFrame, games: pl.LazyFrame) -> pl.LazyFrame:
    """One row per game: `decided_round` and `decided` (= decided_round / rounds), both null when undecided."""
    leaders = (round_leaders(rounds).join(game_context(games, ()), on=GAME_KEYS)
               .join(_sole_winners(games), on=GAME_KEYS).filter(pl.col("round") <= pl.col("rounds")))
    not_led_by_winner = pl.col("round").filter(pl.col("leader").ne_missing(pl.col("winner"))).max().fill_null(0)
    per_game = leaders.group_by(GAME_KEYS).agg(
        (not_led_by_winner.cast(pl.Int32) + 1).alias("first_lasting"), pl.col("rounds").first(),
        pl.col("winner").first())
    decided = pl.col("winner").is_not_null() & (pl.col("first_lasting") <= pl.col("rounds"))
    return per_game.select(
        *GAME_KEYS, pl.when(decided).then(pl.col("first_lasting")).alias("decided_round"),
        pl.when(decided).then(pl.col("first_lasting") / pl.col("rounds")).alias("decided"))


def reference_round(at: float = COMEBACK_AT) -> pl.Expr:
    """ceil(at x rounds), at least 1; the small epsilon keeps 0.3 x 10 at round 3, not 4."""
    if not 0.0 < at <= 1.0:
        raise ZoosimError(f"bad comeback reference {at!r}; give a fraction of the game in (0, 1]")
    return ((pl.col("rounds").cast(pl.Float64) * at - 1e-9).ceil().clip(1, None)).cast(pl.Int16).alias("round")


def comebacks_per_game(rounds: pl.LazyFrame, games: pl.LazyFrame, at: float = COMEBACK_AT) -> pl.LazyFrame:
    """One row per game: `comeback`, the win share of winners strictly behind after the reference round."""
    winners = games.filter(pl.col("rank") == 1).select(*GAME_KEYS, "seat", "win_share", reference_round(at))
    scored = rounds.select(*GAME_KEYS, "seat", pl.col("round").cast(pl.Int16), "provisional_score")
    behind = (winners.join(scored, on=[*GAME_KEYS, "seat", "round"])
              .join(round_leaders(rounds).select(*GAME_KEYS, "round", "top"), on=[*GAME_KEYS, "round"])
              .with_columns((pl.col("provisional_score") < pl.col("top")).alias("behind")))
    return behind.group_by(GAME_KEYS).agg(pl.col("win_share").filter(pl.col("behind")).sum().alias("comeback"))


# --------------------------------------------------------------------------- tables per group

def _with_wilson(df: pl.DataFrame, wins: str, n: str) -> pl.DataFrame:
    low, high = stats.wilson(df[wins].to_numpy(), df[n].to_numpy())
    return df.with_columns(pl.Series("ci_low", low), pl.Series("ci_high", high))


def _with_t(df: pl.DataFrame) -> pl.DataFrame:
    low, high = stats.mean_ci(df["mean"].to_numpy(), df["sd"].to_numpy(), df["n"].to_numpy())
    return df.with_columns(pl.Series("ci_low", low), pl.Series("ci_high", high))


@dataclass(frozen=True)
class _Pending:
    """A table's lazy aggregation and what turns its small result into the table (intervals, column order),
    kept apart so that `tension_tables` collects all four at once and polars shares their common scans."""

    query: pl.LazyFrame
    finish: Callable[[pl.DataFrame], pl.DataFrame]

    def collect(self) -> pl.DataFrame:
        return self.finish(self.query.collect())


def _lead_changes(rounds: pl.LazyFrame, games: pl.LazyFrame, keys: list[str]) -> _Pending:
    value = pl.col("lead_changes")
    query = (lead_changes_per_game(rounds).join(game_context(games, keys), on=GAME_KEYS).group_by(keys)
             .agg(pl.len().cast(pl.Int64).alias("n"), value.cast(pl.Float64).mean().alias("mean"),
                  value.cast(pl.Float64).std().alias("sd"), value.cast(pl.Float64).median().alias("median"),
                  value.max().alias("max"))
             .sort(keys))
    return _Pending(query, lambda df: _with_t(df).select(*keys, "n", "mean", "ci_low", "ci_high", "sd", "median",
                                                          "max"))


@returns_frame
def lead_changes(rounds: pl.LazyFrame, games: pl.LazyFrame, by: str = "players") -> pl.DataFrame:
    """Lead changes per game, per group: n (games), mean with its 95% t interval, sd, median and max."""
    return _lead_changes(rounds, games, game_keys(by)).collect()


def _leader_wins(rounds: pl.LazyFrame, games: pl.LazyFrame, keys: list[str]) -> _Pending:
    shares = games.select(*GAME_KEYS, pl.col("seat").cast(pl.Int8).alias("leader"), "win_share")
    per_round = (round_leaders(rounds).join(game_context(games, keys), on=GAME_KEYS)
                 .filter(pl.col("round") <= pl.col("rounds"))
                 .join(shares, on=[*GAME_KEYS, "leader"], how="left"))
    query = (per_round.group_by([*keys, "round"])
             .agg(pl.len().alias("n_games"), pl.col("leader").is_null().sum().alias("tied"),
                  pl.col("leader").is_not_null().sum().alias("n"), pl.col("win_share").sum().alias("wins"))
             .with_columns(pl.col(["round", "n_games", "tied", "n"]).cast(pl.Int64),
                           (pl.col("wins") / pl.col("n")).alias("win_rate"),
                           (1.0 / pl.col("players").cast(pl.Float64)).alias("fair"))
             .sort([*keys, "round"]))
    return _Pending(query, lambda df: _with_wilson(df, "wins", "n").select(
        *keys, "round", "n_games", "tied", "n", "win_rate", "ci_low", "ci_high", "fair"))


@returns_frame
def leader_win_rates(rounds: pl.LazyFrame, games: pl.LazyFrame, by: str = "players") -> pl.DataFrame:
    """Per group and round k: how often the strict leader after round k wins the game.

    Columns: keys, round, n_games (games that lasted k rounds or more), tied (of those, games tied for the
    lead after round k; left out of the rate), n (games with a strict leader), win_rate (the leaders'
    summed win shares / n) with ci_low, ci_high (Wilson 95%), and fair (1/players: a leader with no edge).
    Late rounds cover only the games that lasted that long.
    """
    return _leader_wins(rounds, games, game_keys(by)).collect()


def _comebacks(rounds: pl.LazyFrame, games: pl.LazyFrame, keys: list[str], at: float) -> _Pending:
    query = (comebacks_per_game(rounds, games, at).join(game_context(games, keys), on=GAME_KEYS).group_by(keys)
             .agg(pl.len().cast(pl.Int64).alias("n"), pl.col("comeback").sum().alias("comebacks"))
             .with_columns(pl.lit(at).alias("at"), (pl.col("comebacks") / pl.col("n")).alias("comeback_rate"))
             .sort(keys))
    return _Pending(query, lambda df: _with_wilson(df, "comebacks", "n").select(
        *keys, "at", "n", "comeback_rate", "ci_low", "ci_high"))


@returns_frame
def comeback_rates(rounds: pl.LazyFrame, games: pl.LazyFrame, by: str = "players",
                   at: float = COMEBACK_AT) -> pl.DataFrame:
    """Per group: share of games won by a seat strictly behind after round ceil(at x rounds).

    Columns: keys, at (the reference point as a fraction of the game), n (games), comeback_rate with
    ci_low, ci_high (Wilson 95%).
    """
    return _comebacks(rounds, games, game_keys(by), at).collect()


def _decided(rounds: pl.LazyFrame, games: pl.LazyFrame, keys: list[str]) -> _Pending:
    value = pl.col("decided")
    names = [_q_name(q) for q in DECIDED_QUANTILES]
    query = (decided_per_game(rounds, games).join(game_context(games, keys), on=GAME_KEYS).group_by(keys)
             .agg(pl.len().cast(pl.Int64).alias("n_games"), value.is_null().sum().cast(pl.Int64).alias("undecided"),
                  value.count().cast(pl.Int64).alias("n"), value.mean().alias("mean"), value.std().alias("sd"),
                  *[value.quantile(q, interpolation="linear").alias(name) for q, name in zip(DECIDED_QUANTILES, names)])
             .sort(keys))
    return _Pending(query, lambda df: _with_t(df).select(*keys, "n_games", "undecided", "n", "mean", "ci_low",
                                                          "ci_high", "sd", *names))


@returns_frame
def decided_when(rounds: pl.LazyFrame, games: pl.LazyFrame, by: str = "players") -> pl.DataFrame:
    """Per group: how early the winner was decided, as a fraction of the game (see the module docstring).

    Columns: keys, n_games, undecided (games without a sole winner leading after the last round), n
    (decided games), mean with ci_low, ci_high (95% t), sd, q10, q25, median, q75, q90.
    """
    return _decided(rounds, games, game_keys(by)).collect()


def _q_name(q: float) -> str:
    return "median" if q == 0.5 else f"q{round(q * 100):02d}"


@returns_frame
def tension_tables(rounds: pl.LazyFrame, games: pl.LazyFrame, by: str = "players",
                   at: float = COMEBACK_AT) -> dict[str, pl.DataFrame]:
    """The four tension tables, keyed by name: lead_changes, leader_wins, comebacks, decided; collected
    together, so the rounds log is scanned and its round leaders found once, not four times."""
    keys = game_keys(by)
    pending = {"lead_changes": _lead_changes(rounds, games, keys), "leader_wins": _leader_wins(rounds, games, keys),
               "comebacks": _comebacks(rounds, games, keys, at), "decided": _decided(rounds, games, keys)}
    results = pl.collect_all([p.query for p in pending.values()])
    return {name: p.finish(df) for (name, p), df in zip(pending.items(), results)}


# --------------------------------------------------------------------------- what people read

TITLES = {
    "lead_changes": "Lead changes per game (a change = a new strict leader; tied rounds skipped; mean with 95% t CI)",
    "leader_wins": "How often the leader after round k wins (strict leaders only; tied = games with a shared "
                   "lead after round k, left out; 95% Wilson CI)",
    "comebacks": "Comebacks: games won by a seat strictly behind after round ceil(at x rounds) (95% Wilson CI)",
    "decided": "When the winner was decided: first round from which the winner leads alone to the end, as a "
               "fraction of the game (1 = only in the last round); undecided = no sole leader at the end",
}
_COUNTS = {"n", "n_games", "tied", "undecided", "round", "max", "players"}
_RATES = {"win_rate", "comeback_rate", "fair"}
_TEXT = {"game", "lineup", "variant"}


def display_tension(name: str, df: pl.DataFrame) -> tuple[str, list[str], list[list[str]]]:
    """(title, header, rows of text) of a tension table, like `present.display_table` for the others:
    constant context moves into the title, rates show in percent, intervals as one column."""
    context = constant_context(df)
    title = TITLES.get(name, name) + (f" — {context_text(context)}" if context else "")
    rate_ci = "win_rate" in df.columns or "comeback_rate" in df.columns
    header: list[str] = []
    cells: list[Any] = []
    for column in df.columns:
        if column in context or column == "ci_high":
            continue
        if column == "ci_low":
            header.append("95% CI")
            cells.append(lambda r, f=(fmt_pct if rate_ci else fmt_num): f"{f(r['ci_low'])} to {f(r['ci_high'])}")
            continue
        header.append(column.replace("_", " "))
        if column in _COUNTS:
            cells.append(lambda r, c=column: fmt_num(int(r[c])) if r[c] is not None else "–")
        elif column in _RATES:
            cells.append(lambda r, c=column: fmt_pct(r[c]))
        elif column in _TEXT:
            cells.append(lambda r, c=column: str(r[c]))
        else:
            cells.append(lambda r, c=column: fmt_num(r[c]))
    rows = [[cell(r) for cell in cells] for r in df.iter_rows(named=True)]
    return title, header, rows


def tension_sentences(tables: dict[str, pl.DataFrame]) -> list[str]:
    """Per group, in words: lead changes, comebacks and when the winner was decided."""
    changes, comebacks, decided = tables["lead_changes"], tables["comebacks"], tables["decided"]
    keys = [k for k in CONTEXT if k in changes.columns]
    varying = [k for k in keys if changes[k].n_unique() > 1 and k != "players"]
    out = []
    for row in changes.iter_rows(named=True):
        match = pl.all_horizontal([pl.col(k) == row[k] for k in keys])
        where = f"{row['players']}-player games" + "".join(f", {k} {row[k]}" for k in varying)
        text = (f"In {where} (n = {row['n']:,}) the lead changes {row['mean']:.2f} times per game "
                f"({_interval(row, fmt_num)})")
        back = comebacks.filter(match)
        if not back.is_empty():
            b = back.row(0, named=True)
            when_behind = "at halfway" if b["at"] == 0.5 else f"after round ceil({b['at']:g} x rounds)"
            text += (f"; {fmt_pct(b['comeback_rate'])} ({_interval(b, fmt_pct)}) are won by a seat that was behind "
                     f"{when_behind}")
        when = decided.filter(match)
        if not when.is_empty() and when.row(0, named=True)["n"]:
            d = when.row(0, named=True)
            text += (f"; the winner leads alone for good from {fmt_pct(d['median'], 0)} of the game on (median; "
                     f"{fmt_pct(d['undecided'] / d['n_games'], 0)} of games end without a sole leader)")
        out.append(text + ".")
    return out


def _interval(row: dict[str, Any], fmt: Any) -> str:
    low, high = row["ci_low"], row["ci_high"]
    if low is None or (isinstance(low, float) and math.isnan(low)):
        return "no interval with one game"
    return f"95% CI {fmt(low)} to {fmt(high)}"
