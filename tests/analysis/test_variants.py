"""Short variant labels: only the non-default rules, long values abbreviated without ever merging two variants."""
from __future__ import annotations

from pathlib import Path

import polars as pl

from zoosim.analysis import open_runs, win_rates
from zoosim.analysis.synthetic import synthetic_rows, write_run
from zoosim.analysis.variants import short_value, short_variant, split_items

PRICES = ('price_slots=[[1000,2000,4000,6000,8000],[1000,2000,4000,6000,8000,10000],'
          '[1000,2000,4000,6000,8000,10000,15000]]')


def test_items_split_only_outside_brackets_and_quotes() -> None:
    assert split_items('first_mb="seat0",' + PRICES) == ['first_mb="seat0"', PRICES]
    assert split_items('name="a,b",end_stack=10') == ['name="a,b"', "end_stack=10"]
    assert split_items("default") == ["default"]


def test_short_labels() -> None:
    assert short_variant("default") == "default"
    assert short_variant("end_stack=10") == "end_stack=10"
    assert short_variant('first_mb="seat0"') == "first_mb=seat0"  # a plain word loses its quotes
    assert short_variant("room_card_composition=[6,6,6,6,6,4,4,4,4,4]") == "room_card_composition=[6×5,4×5]"
    label = short_variant('first_mb="seat0",' + PRICES)
    assert label.startswith("first_mb=seat0,price_slots=[[1000,2000…#") and len(label) < 50


def test_abbreviations_keep_different_values_apart() -> None:
    a = short_value("[[1000,2000,4000,6000,8000],[1000,2000,4000]]")
    b = short_value("[[1000,2000,4000,6000,8000],[1000,2000,5000]]")
    assert a != b and a.split("#")[0] == b.split("#")[0]
    assert short_value("[[1000,2000,4000,6000,8000],[1000,2000,4000]]") == a  # the same value, the same label


def test_runs_read_with_short_labels_or_their_names(tmp_path: Path) -> None:
    long = 'first_mb="seat0",' + PRICES
    run = write_run(tmp_path / "cheap", synthetic_rows(20, 2, seed=1).with_columns(pl.lit(long).alias("variant")),
                    variant=long)
    runs = open_runs(run)
    assert runs.labels == (short_variant(long),)
    assert win_rates(runs.frame)["variant"].unique().to_list() == [short_variant(long)]
    named = open_runs(run, names=["2p-u1-cheap"])
    assert named.labels == ("2p-u1-cheap",)
    assert named.frame.select(pl.col("variant").unique()).collect()["variant"].to_list() == ["2p-u1-cheap"]
    assert named.manifests[0]["variant"] == long  # the full rules stay in the manifest (the report's table)


def test_the_outcome_line_of_groups_whose_winner_always_scores_the_same():
    """New York Zoo's winner always has 0 squares left: one number, not a range from 0 to 0."""
    import polars as pl

    from zoosim.analysis.verdicts import outcome_line

    outcomes = pl.DataFrame({"players": [2, 3], "n": [10, 12], "winning_score": [0.0, 0.0],
                             "winning_score_ci_low": [0.0, 0.0], "winning_score_ci_high": [0.0, 0.0]})
    length = pl.DataFrame({"players": [2, 3], "metric": ["rounds", "rounds"], "n": [10, 12], "mean": [20.0, 14.0],
                           "ci_low": [19.0, 13.5], "ci_high": [21.0, 14.5]})
    (line,) = outcome_line(pl.DataFrame(), outcomes, length)
    assert line.startswith("The winner scores 0 in every group; games last from 14.0 ± 0.5 rounds")
    outcomes = outcomes.with_columns(pl.Series("winning_score", [3.0, 5.0]), pl.Series("winning_score_ci_high", [4.0, 6.0]))
    (line,) = outcome_line(pl.DataFrame(), outcomes, length)
    assert line.startswith("The winner scores from ")
