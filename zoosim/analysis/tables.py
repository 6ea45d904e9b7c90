"""The standard set of analysis tables, as `zoosim analyze` prints them and reports show them."""
from __future__ import annotations

from typing import Sequence

import polars as pl

from zoosim.analysis.components import score_components
from zoosim.analysis.grouping import check_by
from zoosim.analysis.length import game_length
from zoosim.analysis.scores import game_outcomes, score_summary
from zoosim.analysis.winrates import seat_balance, win_rates


def analyze(lf: pl.LazyFrame, components: Sequence[str], by: str = "seat") -> dict[str, pl.DataFrame]:
    """All standard tables of a set of runs, keyed by name: win_rates, seat_balance, scores, outcomes,
    components and length. `by` picks the breakdown (seat, position, policy, players or variant); the seat balance
    is by turn position with `by="position"`, else by seat."""
    check_by(by)
    tables = {
        "win_rates": win_rates(lf, by),
        "seat_balance": seat_balance(lf, "position" if by == "position" else "seat"),
        "scores": score_summary(lf, by),
        "outcomes": game_outcomes(lf, by),
    }
    if components:
        tables["components"] = score_components(lf, components, by)
    tables["length"] = game_length(lf, by)
    return tables

