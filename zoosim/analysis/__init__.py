"""Balance analysis of runs on disk: polars in, polars DataFrames out, every rate with n and a 95% CI.

    from zoosim.analysis import load_run, win_rates
    lf = load_run("runs/A")                 # lazy; several runs: load_run(["runs/A", "runs/B"])
    win_rates(lf, by="seat")                # a polars DataFrame
    win_rates(lf, by="position")            # by turn order: position 0 moved first
    win_rates(lf, by="seat", frame="pandas")  # the same table as a pandas DataFrame

Every function reads only Parquet (never the engine) and returns a documented polars DataFrame, or with
`frame="pandas"` pandas DataFrames (`zoosim.analysis.frames`; pandas is imported only then).
"""
from zoosim.analysis.cards import card_play_rates, open_cards
from zoosim.analysis.components import score_components
from zoosim.analysis.compare import compare_runs
from zoosim.analysis.grouping import BY_CHOICES
from zoosim.analysis.length import game_length, rounds_histogram
from zoosim.analysis.load import Runs, load_run, open_runs, read_manifest
from zoosim.analysis.scores import game_outcomes, game_table, histogram, score_histogram, score_summary
from zoosim.analysis.tension import (
    comeback_rates, decided_when, lead_changes, leader_win_rates, open_rounds, tension_tables,
)
from zoosim.analysis.winrates import policy_matrix, seat_balance, turn_order, win_rates

__all__ = [
    "BY_CHOICES", "Runs", "card_play_rates", "comeback_rates", "compare_runs", "decided_when", "game_length", "game_outcomes",
    "game_table", "histogram", "lead_changes", "leader_win_rates", "load_run", "open_cards", "open_rounds", "open_runs",
    "policy_matrix", "read_manifest", "rounds_histogram", "score_components", "score_histogram",
    "score_summary", "seat_balance", "tension_tables", "turn_order", "win_rates",
]
