"""Turn-order verdicts by level of play: does a seat verdict hold whoever plays, or does it change with the players?

A *level* is a lineup in which every seat plays the same policy (`uniform`, `greedy`, `heuristic`, `search`,
`search:budget=3200` ...). Runs of one game, rules (`rules_hash`) and player count at two or more levels form a
ladder. At each level the chi-square test asks whether every turn position wins equally often (Holm over every
level of every ladder in the table), and the verdict reads from the first player's win rate:

- `first player ahead` / `first player behind`: turn order matters and the first player's 95% interval lies above
  / below the fair share;
- `position k ahead`: turn order matters, and position k (not the first) does best;
- `no evidence`: the test finds no difference after Holm.

A ladder's verdict *holds* when every level gives the same one, and *changes* otherwise. A verdict of no evidence
at one level is not a verdict of balance: its interval says how large an effect it could have missed.
"""
from __future__ import annotations

import re
from typing import Any

import numpy as np
import polars as pl

from zoosim import stats
from zoosim.analysis.frames import returns_frame
from zoosim.analysis.present import fmt_p

LADDER = ("game", "rules_hash", "players")
SKILL_ORDER = ("uniform", "random", "greedy", "heuristic", "lookahead", "search")


def level_rank(lineup: str) -> tuple[int, float, str]:
    """Sort key of a level: the policy's place in SKILL_ORDER, then its budget, then the text."""
    name, _, params = lineup.partition(":")
    rank = SKILL_ORDER.index(name) if name in SKILL_ORDER else len(SKILL_ORDER)
    budget = re.search(r"(?:^|,)budget=([0-9.]+)", params)
    return rank, float(budget.group(1)) if budget else 0.0, lineup


def _verdict(significant: bool, first_rate_ci_low: float, first_rate_ci_high: float, fair: float, best: int) -> str:
    if not significant:
        return "no evidence"
    if first_rate_ci_low > fair:
        return "first player ahead"
    if first_rate_ci_high < fair:
        return "first player behind"
    return f"position {best + 1} ahead"


@returns_frame
def level_verdicts(lf: pl.LazyFrame) -> pl.DataFrame:
    """One row per level of every ladder (see module doc), ladders in the order met and levels by skill.

    Columns: game, rules_hash, players, variant (the first run's name at that level), level (the lineup), n (games),
    first_rate with first_rate_ci_low and first_rate_ci_high (Wilson
    95%), fair, chi2, df, p_value, p_holm (over every level of the
    table), best_position (0-based) with best_rate, best_rate_ci_low and best_rate_ci_high (the position that wins
    most), verdict, and per ladder: ladder_holds (every level the same verdict).
    """
    per_position = (
        lf.filter(~pl.col("lineup").str.contains(" vs ") & pl.col("position").is_not_null())
        .group_by([*LADDER, "lineup", "position"])
        .agg(pl.len().alias("n"), pl.col("win_share").sum().alias("wins"), pl.col("variant").first())
        .sort([*LADDER, "lineup", "position"])
        .collect()
    )
    rows: list[dict[str, Any]] = []
    for key, part in per_position.group_by(LADDER, maintain_order=True):
        lineups = sorted(set(part["lineup"].to_list()), key=level_rank)
        if len(lineups) < 2:
            continue
        for lineup in lineups:
            level = part.filter(pl.col("lineup") == lineup).sort("position")
            players = int(key[2])
            wins, n = level["wins"].to_numpy(), level["n"].to_numpy()
            chi2, dof, p = stats.chi_square_uniform(wins)
            rates = wins / n
            low, high = stats.wilson(wins[0], n[0])
            best = int(np.argmax(rates))
            best_low, best_high = stats.wilson(wins[best], n[best])
            rows.append({"game": key[0], "rules_hash": key[1], "players": players, "variant": level["variant"][0],
                         "level": lineup, "n": int(n.max()), "first_rate": float(rates[0]), "first_rate_ci_low": float(low),
                         "first_rate_ci_high": float(high), "fair": 1.0 / players, "chi2": chi2, "df": dof, "p_value": p,
                         "best_position": int(level["position"][best]), "best_rate": float(rates[best]),
                         "best_rate_ci_low": float(best_low), "best_rate_ci_high": float(best_high)})
    schema = {"game": pl.String, "rules_hash": pl.String, "players": pl.Int64, "variant": pl.String,
              "level": pl.String, "n": pl.Int64, "first_rate": pl.Float64, "first_rate_ci_low": pl.Float64,
              "first_rate_ci_high": pl.Float64, "fair": pl.Float64, "chi2": pl.Float64, "df": pl.Int64,
              "p_value": pl.Float64, "best_position": pl.Int64, "best_rate": pl.Float64,
              "best_rate_ci_low": pl.Float64, "best_rate_ci_high": pl.Float64}
    df = pl.DataFrame(rows, schema=schema)
    p_holm = stats.holm(df["p_value"].to_numpy()) if df.height else np.zeros(0)
    verdicts = [_verdict(bool(ph < stats.ALPHA), r["first_rate_ci_low"], r["first_rate_ci_high"], r["fair"], r["best_position"])
                for ph, r in zip(p_holm, df.iter_rows(named=True))]
    df = df.with_columns(pl.Series("p_holm", p_holm, dtype=pl.Float64), pl.Series("verdict", verdicts, dtype=pl.String))
    return df.with_columns((pl.col("verdict").n_unique().over(list(LADDER)) == 1).alias("ladder_holds"))


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _levels(names: list[str]) -> str:
    return ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + names[-1]


def _level_rate(r: dict[str, Any]) -> str:
    """A level's rate behind its verdict: the first player's, or for `position k ahead` position k's."""
    interval = f"n = {r['n']:,}, Holm p {fmt_p(r['p_holm'])}"
    if r["verdict"].startswith("position"):
        return (f"{r['level']} (position {r['best_position'] + 1} wins {_pct(r['best_rate'])}, 95% CI "
                f"{100 * r['best_rate_ci_low']:.1f}-{_pct(r['best_rate_ci_high'])}, {interval})")
    return (f"{r['level']} {_pct(r['first_rate'])} (95% CI {100 * r['first_rate_ci_low']:.1f}-"
            f"{_pct(r['first_rate_ci_high'])}, {interval})")


def ladder_sentences(levels: pl.DataFrame, several_games: bool = False) -> list[str]:
    """One sentence per ladder: the verdict that holds at every level, or how it changes, each level's first-player
    win rate (position k's, where position k is ahead) with its interval and n where the verdict is not `no evidence`."""
    out = []
    for key, part in levels.group_by(list(LADDER), maintain_order=True):
        where = f"{int(key[2])} players" + (f" ({key[0]})" if several_games else "")
        names = part["level"].to_list()
        rows = list(part.iter_rows(named=True))
        low_rate, high_rate = min(r["first_rate"] for r in rows), max(r["first_rate"] for r in rows)
        span = _pct(low_rate) if low_rate == high_rate else f"{_pct(low_rate)}-{_pct(high_rate)}"
        if bool(part["ladder_holds"][0]):
            verdict = rows[0]["verdict"]
            if verdict == "no evidence":
                low, high = min(r["n"] for r in rows), max(r["n"] for r in rows)
                games = f"{low:,}" if low == high else f"{low:,}-{high:,}"
                out.append(f"{where}: no evidence that turn order matters at any level ({_levels(names)}; the first "
                           f"player wins {span}, n = {games} games a level; smallest Holm p "
                           f"{fmt_p(min(r['p_holm'] for r in rows))}).")
            else:
                out.append(f"{where}: the verdict holds at every level ({_levels(names)}): {verdict}; the first "
                           f"player wins {span} (each level's interval and n in the table).")
            continue
        parts = []
        for verdict in dict.fromkeys(r["verdict"] for r in rows):
            at = [r for r in rows if r["verdict"] == verdict]
            if verdict == "no evidence":
                parts.append(f"no evidence at {_levels([r['level'] for r in at])}")
            else:
                rates = "; ".join(_level_rate(r) for r in at)
                parts.append(f"{verdict} at {rates}")
        out.append(f"{where}: the verdict changes with the level: " + "; ".join(parts) + ".")
    return out
