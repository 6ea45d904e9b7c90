"""frame="pandas": every public analysis function hands back pandas frames equal to its polars result."""
from __future__ import annotations

import inspect
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest

import zoosim
from zoosim.analysis.load import Runs
from zoosim.analysis.synthetic import (
    ZOOLORETTO_COMPONENTS, synthetic_rows, write_cards_log, write_rounds_log, write_run,
)
from zoosim.errors import ZoosimError


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    base = tmp_path_factory.mktemp("frames")
    rows = synthetic_rows(60, 3, seed=2)
    a = write_rounds_log(write_run(base / "a", rows), rows)
    plays = [(g, s, 401 + (g + s) % 3) for g in range(60) for s in range(3) if (g * s) % 4 != 1]
    write_cards_log(a, pl.DataFrame(plays, schema=["game_index", "seat", "card"], orient="row"))
    mixed = synthetic_rows(60, 3, seed=2).with_columns(
        pl.when(pl.col("seat") == 1).then(pl.lit("greedy")).otherwise(pl.col("policy")).alias("policy"))
    b = write_rounds_log(write_run(base / "b", mixed, policies=["heuristic", "greedy", "heuristic"]), mixed)
    return a, b


# name -> how to call it on the two runs, passing **kw (frame=...) through
CALLS = {
    "load_run": lambda a, b, **kw: zoosim.load_run(a, **kw),
    "win_rates": lambda a, b, **kw: zoosim.win_rates(zoosim.load_run(a), "seat", **kw),
    "seat_balance": lambda a, b, **kw: zoosim.seat_balance(zoosim.load_run([a, b]), **kw),
    "policy_matrix": lambda a, b, **kw: zoosim.policy_matrix(zoosim.load_run(b), **kw),
    "score_summary": lambda a, b, **kw: zoosim.score_summary(zoosim.load_run(a), by="seat", **kw),
    "score_histogram": lambda a, b, **kw: zoosim.score_histogram(zoosim.load_run(a), **kw),
    "game_outcomes": lambda a, b, **kw: zoosim.game_outcomes(zoosim.load_run([a, b]), **kw),
    "game_table": lambda a, b, **kw: zoosim.game_table(zoosim.load_run(a), **kw),
    "score_components": lambda a, b, **kw: zoosim.score_components(zoosim.load_run(a), ZOOLORETTO_COMPONENTS, **kw),
    "game_length": lambda a, b, **kw: zoosim.game_length(zoosim.load_run(a), **kw),
    "rounds_histogram": lambda a, b, **kw: zoosim.rounds_histogram(zoosim.load_run(a), **kw),
    "compare_runs": lambda a, b, **kw: zoosim.compare_runs(zoosim.load_run(a), zoosim.load_run(b), **kw),
    "open_rounds": lambda a, b, **kw: zoosim.open_rounds(a, **kw),
    "tension_tables": lambda a, b, **kw: zoosim.tension_tables(zoosim.open_rounds(a), zoosim.load_run(a), **kw),
    "lead_changes": lambda a, b, **kw: zoosim.lead_changes(zoosim.open_rounds(a), zoosim.load_run(a), **kw),
    "leader_win_rates": lambda a, b, **kw: zoosim.leader_win_rates(zoosim.open_rounds(a), zoosim.load_run(a), **kw),
    "comeback_rates": lambda a, b, **kw: zoosim.comeback_rates(zoosim.open_rounds(a), zoosim.load_run(a), **kw),
    "decided_when": lambda a, b, **kw: zoosim.decided_when(zoosim.open_rounds(a), zoosim.load_run(a), **kw),
    "open_cards": lambda a, b, **kw: zoosim.open_cards(a, **kw),
    "card_play_rates": lambda a, b, **kw: zoosim.card_play_rates(zoosim.open_cards(a), zoosim.load_run(a), **kw),
}
# Rows come out of a group_by in no fixed order unless the function sorts them.
UNORDERED = {"game_table"}


def test_every_exported_analysis_is_covered() -> None:
    assert set(zoosim._ANALYSIS) - set(CALLS) == {"open_runs"}  # it returns Runs, not a frame: left alone


def as_pandas(result, name: str):
    """The polars result, converted by hand: what frame="pandas" must give."""
    if isinstance(result, dict):
        return {k: as_pandas(v, name) for k, v in result.items()}
    frame = result.collect() if isinstance(result, pl.LazyFrame) else result
    return frame.to_pandas()


def assert_same(got, want, name: str) -> None:
    import pandas as pd

    if isinstance(want, dict):
        assert isinstance(got, dict) and list(got) == list(want)
        for key in want:
            assert_same(got[key], want[key], name)
        return
    assert isinstance(got, pd.DataFrame)
    if name in UNORDERED:
        got = got.sort_values(list(got.columns)).reset_index(drop=True)
        want = want.sort_values(list(want.columns)).reset_index(drop=True)
    # Two runs of one polars query may differ in the last bits of a float sd (its threads sum in any
    # order; seen here at 60 games), so floats agree to 1e-12; dtypes, columns and all else exactly.
    pd.testing.assert_frame_equal(got, want, check_exact=False, rtol=1e-12, atol=0)


@pytest.mark.parametrize("name", list(CALLS))
def test_pandas_result_equals_the_polars_result_to_pandas(runs, name: str) -> None:
    polars_result = CALLS[name](*runs)
    assert type(polars_result) is type(CALLS[name](*runs, frame="polars"))  # the default is polars, unchanged
    assert isinstance(polars_result, (pl.DataFrame, pl.LazyFrame, dict))
    assert_same(CALLS[name](*runs, frame="pandas"), as_pandas(polars_result, name), name)


@pytest.mark.parametrize("name", list(CALLS))
def test_bad_frame_is_a_one_line_error_naming_the_accepted_ones(runs, name: str) -> None:
    with pytest.raises(ZoosimError, match=r"^unknown frame 'arrow'; accepted: polars, pandas$"):
        CALLS[name](*runs, frame="arrow")


def test_frame_is_keyword_only_in_every_signature_and_open_runs_is_left_alone(runs) -> None:
    for name in CALLS:
        parameter = inspect.signature(getattr(zoosim, name)).parameters["frame"]
        assert parameter.kind is inspect.Parameter.KEYWORD_ONLY and parameter.default == "polars", name
        assert 'frame: "polars"' in getattr(zoosim, name).__doc__
    assert isinstance(zoosim.open_runs(runs[0]), Runs)
    assert "frame" not in inspect.signature(zoosim.open_runs).parameters


def test_importing_the_analysis_does_not_import_pandas() -> None:
    code = "import sys, zoosim, zoosim.analysis; zoosim.win_rates; print('pandas' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
