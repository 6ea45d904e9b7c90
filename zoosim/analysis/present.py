"""Turn analysis frames into what people read: formatted text tables and sentences.

Frames keep the log's conventions (seat 0 = the first policy's slot, position 0 = the player who moved first,
rates as fractions); everything human-facing (terminal tables, reports, sentences) numbers seats and positions
from 1 and shows rates in percent. Context columns with one value across a table move into its title so the
tables stay narrow. A sentence says "moves first" only of position 1, or of seat 1 where every game was played
in seat order.
"""
from __future__ import annotations

import math
from typing import Any

import polars as pl

from zoosim.analysis.grouping import CONTEXT

COUNT_COLUMNS = {"n", "n_games", "ties", "tiebreaks", "df", "n_a", "n_b", "count", "best_seat", "best_position",
                 "games", "in_position_1"}
RATE_COLUMNS = {"win_rate", "first_rate", "fair", "tie_rate", "tiebreak_rate", "best_rate", "share", "tiebreak_share_of_ties"}
SLOT_COLUMNS = {"seat", "best_seat", "position", "best_position"}  # 0-based in frames, shown from 1
POINT_COLUMNS = {"excess", "best_excess"}  # differences of rates, shown in percentage points
P_COLUMNS = {"p_value", "p_holm"}
HIDDEN = {"wins", "rules_hash", "ladder_holds", "winning_score_sd", "margin_sd", "ties", "tiebreaks", "q25", "q75"}

TITLES = {
    "win_rates": "Win rates (ties split the win; 95% Wilson interval; p against the fair share, Holm-adjusted)",
    "seat_balance": "Seat balance (chi-square test that every seat wins equally often)",
    "position_balance": "Turn-order balance (chi-square test that every turn position wins equally often; "
                        "position 1 moved first)",
    "levels": "Turn order by level of play (every seat the same policy; the first player's win rate with its 95% "
              "Wilson interval; chi-square test that every position wins equally often, Holm over the table)",
    "turn_order": "Turn order: for each seat, the games in which it held position 1",
    "scores": "Scores per seat-game (mean with 95% CI)",
    "outcomes": "Game outcomes (winning score, margin over second, top-score ties)",
    "components": "Score components (mean points per seat-game; penalties are negative)",
    "length": "Game length",
    "policy_matrix": "Head-to-head: how often the row policy finishes ahead of the column policy",
    "compare": "Differences B - A (95% CI; p Holm-adjusted over the table; * = significant)",
}


def fmt_p(p: float | None) -> str:
    """p-values as people read them: '<0.001' rather than 1.2e-37."""
    if p is None or (isinstance(p, float) and math.isnan(p)):
        return "–"
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def fmt_num(x: Any, digits: int = 2) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "–"
    if isinstance(x, bool):
        return "yes" if x else "no"
    if isinstance(x, int):
        return f"{x:,}"
    return f"{x:,.{digits}f}"


def fmt_pct(x: Any, digits: int = 1) -> str:
    return "–" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{100 * x:.{digits}f}%"


def _is_rate_metric(name: str) -> bool:
    return "rate" in name


def _fmt_cell(col: str, value: Any, rate_row: bool = False) -> str:
    if col in P_COLUMNS:
        return fmt_p(value)
    if col in COUNT_COLUMNS:
        return fmt_num(int(value)) if value is not None else "–"
    if rate_row and col == "diff":
        return "–" if value is None else f"{100 * value:+.1f} pts"
    if col in RATE_COLUMNS or (rate_row and col in ("a", "b", "mean")):
        return fmt_pct(value)
    if col in POINT_COLUMNS:
        return "–" if value is None else f"{100 * value:+.1f} pts"
    if col == "significant":
        return "*" if value else ""
    if isinstance(value, str):
        return value
    return fmt_num(value)


def constant_context(df: pl.DataFrame) -> dict[str, Any]:
    """Context columns with a single value in this table (shown once, in the title)."""
    return {c: df[c][0] for c in CONTEXT if c in df.columns and df.height > 0 and df[c].n_unique() == 1}


def context_text(context: dict[str, Any]) -> str:
    parts = []
    if "players" in context:
        parts.append(f"{context['players']} players")
    if "lineup" in context:
        parts.append(f"policies: {context['lineup']}")
    if "variant" in context:
        parts.append(f"variant: {context['variant']}")
    return "; ".join(parts)


def display_table(name: str, df: pl.DataFrame) -> tuple[str, list[str], list[list[str]]]:
    """(title, header, rows of text) for one analysis table, ready for a terminal, Markdown or HTML."""
    context = constant_context(df)
    if name == "seat_balance" and "best_position" in df.columns:
        name = "position_balance"
    title = TITLES.get(name, name)
    if name == "win_rates" and "position" in df.columns:
        title = title.replace("Win rates (", "Win rates by turn position (position 1 moved first; ")
    if context and name != "compare":
        title += f" — {context_text(context)}"
    columns = [c for c in df.columns if c not in context and c not in HIDDEN]
    header: list[str] = []
    getters: list[Any] = []
    for c in columns:
        if c.endswith("ci_low"):
            high = c[: -len("ci_low")] + "ci_high"
            metric = c[: -len("_ci_low")] if c != "ci_low" else _main_metric(df)
            rate = metric in RATE_COLUMNS or metric.endswith("rate")
            header.append("95% CI")
            getters.append(lambda r, lo=c, hi=high, rate=rate: _fmt_ci(r, lo, hi, rate))
        elif c.endswith("ci_high"):
            continue
        elif c in SLOT_COLUMNS:
            header.append(c.replace("_", " "))
            getters.append(lambda r, c=c: str(int(r[c]) + 1))
        elif c in ("lineup", "variant", "policy", "opponent", "component", "metric"):
            header.append(c)
            getters.append(lambda r, c=c: str(r[c]))
        else:
            header.append(c.replace("_", " "))
            getters.append(lambda r, c=c: _fmt_cell(c, r[c], rate_row=_row_is_rate(name, r)))
    rows = [[g(r) for g in getters] for r in df.iter_rows(named=True)]
    return title, header, rows


def _row_is_rate(name: str, row: dict[str, Any]) -> bool:
    return name == "compare" and _is_rate_metric(str(row.get("metric", "")))


def _main_metric(df: pl.DataFrame) -> str:
    for c in ("win_rate", "mean", "diff"):
        if c in df.columns:
            return c
    return ""


def _fmt_ci(row: dict[str, Any], low: str, high: str, rate: bool) -> str:
    lo, hi = row[low], row[high]
    if "diff" in row and _is_rate_metric(str(row.get("metric", ""))):
        return "–" if lo is None or math.isnan(lo) else f"{100 * lo:+.1f} to {100 * hi:+.1f} pts"
    f = fmt_pct if rate else fmt_num
    return f"{f(lo)} to {f(hi)}"


# --------------------------------------------------------------------------- sentences

def group_label_expr(df: pl.DataFrame, keys: tuple[str, ...] = CONTEXT) -> pl.Expr:
    """A short label of the context columns that vary in `df`: `4 players`, `end_stack=10 · 4 players`, or a
    study's name alone (`2p-u2-6-4`) when the variant tells every group apart by itself."""
    varying = [k for k in keys if k in df.columns and df[k].n_unique() > 1]
    if "variant" in varying and len(varying) > 1 and df.select(varying).unique().height == df["variant"].n_unique():
        varying = ["variant"]
    parts = [pl.col(k).cast(pl.String) + " players" if k == "players" else pl.col(k).cast(pl.String) for k in varying]
    if not parts:
        return (pl.col("players").cast(pl.String) + " players") if "players" in df.columns else pl.lit("all")
    return pl.concat_str(parts, separator=" · ")


def group_labels(df: pl.DataFrame, keys: tuple[str, ...] = CONTEXT) -> list[str]:
    """`group_label_expr` of every row of `df`."""
    return df.select(group_label_expr(df, keys).alias("_label"))["_label"].to_list()


def _group_phrase(row: dict[str, Any], context: dict[str, Any]) -> str:
    text = f"{row['players']}-player games"
    if "game" in row and "game" not in context:
        text = f"{row['players']}-player {row['game']} games"
    if "lineup" not in context:
        text += f" with {row['lineup']}"
    if "variant" not in context:
        text += f" ({row['variant']})"
    return text


def outcome_sentences(scores_by_group: pl.DataFrame, outcomes: pl.DataFrame, length: pl.DataFrame) -> list[str]:
    """Per player count: mean seat score, winning score, margin, ties, length, each with its 95% interval
    (± half its width for means)."""
    out = []
    keys = [c for c in CONTEXT if c in outcomes.columns]
    context = constant_context(outcomes)
    for row in outcomes.iter_rows(named=True):
        match = pl.all_horizontal([pl.col(k) == row[k] for k in keys])
        score = scores_by_group.filter(match)
        rounds = length.filter(match & (pl.col("metric") == "rounds"))
        text = f"In {_group_phrase(row, context)} (n = {row['n']:,})"
        if not score.is_empty():
            s = score.row(0, named=True)
            text += f" a seat scores {s['mean']:.1f} ± {(s['ci_high'] - s['ci_low']) / 2:.1f} points on average"
        text += (f"; the winner scores {row['winning_score']:.1f} ± {_half(row, 'winning_score')}, "
                 f"{row['margin']:.1f} ± {_half(row, 'margin')} ahead of second; {fmt_pct(row['tie_rate'])} "
                 f"({_pct_ci(row, 'tie_rate')}) of games end with a shared top score and the tie-break decides "
                 f"{fmt_pct(row['tiebreak_rate'])} ({_pct_ci(row, 'tiebreak_rate')}) of all games")
        if not rounds.is_empty():
            r = rounds.row(0, named=True)
            half = (r["ci_high"] - r["ci_low"]) / 2
            digits = 1 if half >= 0.05 else 2
            text += f"; a game lasts {r['mean']:.{digits}f} ± {half:.{digits}f} rounds on average"
        out.append(text + " (± the 95% interval).")
    return out


def _half(row: dict[str, Any], name: str) -> str:
    return f"{(row[f'{name}_ci_high'] - row[f'{name}_ci_low']) / 2:.1f}"


def _pct_ci(row: dict[str, Any], name: str) -> str:
    return f"95% CI {100 * row[f'{name}_ci_low']:.1f}–{fmt_pct(row[f'{name}_ci_high'])}"


def compare_sentences(diff: pl.DataFrame, name_a: str, name_b: str) -> list[str]:
    """The significant differences of a comparison, in words (or that there are none)."""
    if diff.is_empty():
        return []
    paired = bool(diff["paired"][0])
    how = "paired on shared seeds" if paired else "unpaired (no shared seeds)"
    n = f"n = {diff['n_a'][0]:,}" + ("" if paired else f" and {diff['n_b'][0]:,}") + " games"
    sig = diff.filter(pl.col("significant"))
    if sig.is_empty():
        return [f"{name_b} vs {name_a} ({how}, {n}): no significant difference after Holm correction."]
    parts = []
    for r in sig.iter_rows(named=True):
        if _is_rate_metric(r["metric"]):
            parts.append(f"{r['metric']} {100 * r['diff']:+.1f} points ({100 * r['ci_low']:+.1f} to {100 * r['ci_high']:+.1f})")
        else:
            parts.append(f"{r['metric']} {r['diff']:+.2f} ({r['ci_low']:.2f} to {r['ci_high']:.2f})")
    return [f"{name_b} vs {name_a} ({how}, {n}), significant after Holm correction: " + "; ".join(parts) + "."]
