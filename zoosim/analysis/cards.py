"""Cards: how often each card is played, and how the seats that played it fared, from the cards log.

A run made with `zoosim simulate ... --cards-log` (Ark Nova) holds a second dataset, `RUN/cards/part-*.parquet`:
one row per card a seat played (run_id, game_index, rotation, seat, card, turn, round; the game's play module
defines "played": for Ark Nova, animals and sponsors put into play and conservation projects played from a hand or
the display). Its keys (run, game_index, rotation, seat) join the main dataset, one row per seat-game.

Per card, within each group of comparable seat-games (game, lineup, variant, players: runs of different player
counts or opponents are never pooled):
- `n`: seat-games in the group (every seat of every game); `played`: those in which that seat played the card at
  least once (`plays` counts every row, a card played twice counts twice); `play_rate` = played / n, Wilson 95%;
- `win_played`: the mean `win_share` of the seat-games that played it (a shared win counts its share, as in every
  zoosim win rate), Wilson 95% over `played`; `win_not_played` the same over the `n - played` others;
- `diff` = win_played - win_not_played as a difference of two proportions (stats.two_proportion_difference): its
  95% interval is Newcombe's hybrid score interval (from the two Wilson intervals: honest for a card played in a
  handful of seat-games that all won, where an unpooled normal interval shrinks to nothing) and its p-value the
  pooled two-proportion z test; `p_holm` Holm-adjusted over every row of the table (all cards, all groups),
  `significant` when p_holm < 0.05. A card every seat-game played has no test (and does not count towards Holm's m).
  Seat-games are treated as independent, as in zoosim's win rates (the seats of one game are not).

This is association, not cause: a seat that plays a card may be winning already (money and time to play it), and
what a card's play displaces is not measured. The causal test deals the card: Ark Nova's rules `opening_card` and
`opening_card_seat` put it in one seat's opening hand; `zoosim compare` of that run with one without it (same seed)
measures what holding the card does.
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import polars as pl

from zoosim import stats
from zoosim.analysis.frames import returns_frame
from zoosim.analysis.grouping import CONTEXT
from zoosim.analysis.load import PathLike, log_files, scan_log
from zoosim.analysis.present import constant_context, context_text, fmt_num, fmt_p, fmt_pct

CARDS_DIR = "cards"
SEAT_KEYS = ("run_number", "game_index", "rotation", "seat")  # one seat-game of a set of runs
TITLE = ("Cards: play rate and the win rate of the seats that played each card against those that did not "
         "(association, not cause; ties split the win; 95% Wilson intervals; diff with Newcombe 95% CI, pooled z "
         "test, p Holm-adjusted over all cards; * = significant)")


def cards_files(path: PathLike) -> list[Path]:
    """The cards-log shards of a run; empty when the run was simulated without `--cards-log`."""
    return log_files(path, "cards_log", CARDS_DIR)


def has_cards_log(path: PathLike) -> bool:
    return bool(cards_files(path))


@returns_frame
def open_cards(paths: PathLike | Sequence[PathLike]) -> pl.LazyFrame:
    """A lazy scan of the cards logs of one or more runs (load.scan_log: the two frames join on SEAT_KEYS);
    one-line ZoosimError when a run has no cards log."""
    return scan_log(paths, "cards_log", CARDS_DIR, "cards log")


@returns_frame
def card_play_rates(cards: pl.LazyFrame, games: pl.LazyFrame, names: Mapping[int, str] | None = None,
                    keys: Sequence[str] = CONTEXT) -> pl.DataFrame:
    """One row per (group, card) of every card played at least once in the group (module doc), sorted by p_holm,
    then |diff| (largest first).

    Columns: the group `keys` present in `games`, card, name (from `names`, printed id -> name; null when not
    given), n, played, plays, play_rate, play_ci_low, play_ci_high, win_played, win_played_ci_low,
    win_played_ci_high, not_played, win_not_played, win_not_played_ci_low, win_not_played_ci_high, diff,
    diff_ci_low, diff_ci_high, p_value, p_holm, significant. `games` is the main dataset (load_run) and `cards` the
    cards log (open_cards) of the same runs, in the same order.
    """
    group = [k for k in keys if k in games.collect_schema().names()]
    seat_games = games.select(*SEAT_KEYS, *[k for k in group if k not in SEAT_KEYS], pl.col("win_share").cast(pl.Float64))
    totals = seat_games.group_by(group).agg(pl.len().alias("n"), pl.col("win_share").sum().alias("wins"))
    per_seat = (cards.group_by(*SEAT_KEYS, pl.col("card").cast(pl.Int16)).agg(pl.len().alias("plays"))
                .join(seat_games, on=list(SEAT_KEYS), how="inner"))
    played = per_seat.group_by(*group, "card").agg(
        pl.len().alias("played"), pl.col("plays").sum().alias("plays"), pl.col("win_share").sum().alias("wins_played"))
    df = played.join(totals, on=group, how="inner").collect()
    if names is not None:
        df = df.with_columns(pl.col("card").replace_strict(dict(names), default=None, return_dtype=pl.String)
                             .alias("name"))
    else:
        df = df.with_columns(pl.lit(None, dtype=pl.String).alias("name"))
    df = df.with_columns(
        pl.col("played").cast(pl.Int64), pl.col("n").cast(pl.Int64), pl.col("plays").cast(pl.Int64),
        (pl.col("n") - pl.col("played")).cast(pl.Int64).alias("not_played"),
        (pl.col("wins") - pl.col("wins_played")).alias("wins_not"),
    ).with_columns(
        (pl.col("played") / pl.col("n")).alias("play_rate"),
        (pl.col("wins_played") / pl.col("played")).alias("win_played"),
        pl.when(pl.col("not_played") > 0).then(pl.col("wins_not") / pl.col("not_played")).alias("win_not_played"),
    )
    played_n, not_n = df["played"].to_numpy(), df["not_played"].to_numpy()
    won, won_not = df["wins_played"].to_numpy(), df["wins_not"].to_numpy()
    play_low, play_high = stats.wilson(played_n, df["n"].to_numpy())
    won_low, won_high = stats.wilson(won, played_n)
    not_low, not_high = stats.wilson(won_not, not_n)
    diff, low, high, p = stats.two_proportion_difference(won, played_n, won_not, not_n)
    df = df.with_columns(
        pl.Series("play_ci_low", play_low), pl.Series("play_ci_high", play_high),
        pl.Series("win_played_ci_low", won_low), pl.Series("win_played_ci_high", won_high),
        pl.Series("win_not_played_ci_low", not_low), pl.Series("win_not_played_ci_high", not_high),
        pl.Series("diff", diff, dtype=pl.Float64), pl.Series("diff_ci_low", low, dtype=pl.Float64),
        pl.Series("diff_ci_high", high, dtype=pl.Float64),
        pl.Series("p_value", p, dtype=pl.Float64), pl.Series("p_holm", stats.holm(p), dtype=pl.Float64),
    ).with_columns(
        pl.col("p_value", "p_holm", "diff", "diff_ci_low", "diff_ci_high", "win_not_played_ci_low",
               "win_not_played_ci_high").fill_nan(None),
    ).with_columns((pl.col("p_holm") < stats.ALPHA).fill_null(False).alias("significant"))
    columns = [*group, "card", "name", "n", "played", "plays", "play_rate", "play_ci_low", "play_ci_high",
               "win_played", "win_played_ci_low", "win_played_ci_high", "not_played", "win_not_played",
               "win_not_played_ci_low", "win_not_played_ci_high", "diff", "diff_ci_low", "diff_ci_high", "p_value",
               "p_holm", "significant"]
    return (df.select(columns).with_columns(pl.col("diff").abs().alias("_abs"))
            .sort(["p_holm", "_abs", *group, "card"], descending=[False, True, *[False] * len(group), False],
                  nulls_last=True)
            .drop("_abs"))


# --------------------------------------------------------------------------- text

def display_cards(name: str, df: pl.DataFrame) -> tuple[str, list[str], list[list[str]]]:
    """(title, header, rows of text) of the cards table, for the terminal and reports."""
    context = constant_context(df)
    title = TITLE + (f" — {context_text(context)}" if context else "")
    group = [c for c in (*CONTEXT, "seat", "policy") if c in df.columns and c not in context]
    named = df.height > 0 and df["name"].null_count() < df.height  # a name column only when cards have names
    header = [*group, "card", *(["name"] if named else []), "n", "played", "play rate", "95% CI", "win (played)",
              "95% CI", "not played", "win (not)", "95% CI", "diff", "95% CI", "p", "p holm", ""]
    rows = []
    for r in df.iter_rows(named=True):
        rows.append([*[str(r[c]) for c in group], str(r["card"]), *([r["name"] or ""] if named else []),
                     fmt_num(r["n"]),
                     fmt_num(r["played"]), fmt_pct(r["play_rate"]), _ci(r, "play", fmt_pct),
                     fmt_pct(r["win_played"]), _ci(r, "win_played", fmt_pct), fmt_num(r["not_played"]),
                     fmt_pct(r["win_not_played"]), _ci(r, "win_not_played", fmt_pct), _points(r["diff"]),
                     _ci(r, "diff", _points), fmt_p(r["p_value"]), fmt_p(r["p_holm"]), "*" if r["significant"] else ""])
    return title, header, rows


def _points(x: Any) -> str:
    return "–" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{100 * x:+.1f} pts"


def _ci(row: dict[str, Any], prefix: str, fmt: Any) -> str:
    low, high = row[f"{prefix}_ci_low"], row[f"{prefix}_ci_high"]
    if low is None or (isinstance(low, float) and math.isnan(low)):
        return "–"
    return f"{fmt(low)} to {fmt(high)}"


def card_sentences(df: pl.DataFrame) -> list[str]:
    """What the table says, and what it does not: association, not cause."""
    lines = []
    cards = df.select("card").n_unique() if df.height else 0
    significant = df.filter(pl.col("significant"))
    verb = "row differs" if df.height == 1 else "rows differ"
    lines.append(f"{cards} cards were played; {significant.height} of {df.height} {verb} significantly in the win "
                 "rate of the seats that played the card against those that did not (Holm over all rows).")
    for r in significant.head(3).iter_rows(named=True):
        label = f"{r['card']} {r['name']}" if r.get("name") else str(r["card"])
        lines.append(f"Seats that played {label} won {fmt_pct(r['win_played'])} of {fmt_num(r['played'])} seat-games, "
                     f"the others {fmt_pct(r['win_not_played'])} of {fmt_num(r['not_played'])} "
                     f"({_points(r['diff'])}, 95% CI {_ci(r, 'diff', _points)}).")
    lines.append("Association, not cause: seats that play a card may be winning already (they had the money, the "
                 "time and the hand for it). For a causal test deal the card: simulate with --rule opening_card=ID "
                 "(and --rule opening_card_seat=S) and compare that run with one without it (zoosim compare A B).")
    return lines
