"""A skill-ladder study's report: verdicts by level of play lead the summary, one line per ladder, every line true of
its table, and the ladder chart keeps its text inside, without warnings."""
from __future__ import annotations

import re
import warnings
from pathlib import Path

import polars as pl
import pytest

from tests.report.test_charts import texts_outside
from zoosim.analysis import open_runs
from zoosim.analysis.levels import level_verdicts
from zoosim.analysis.synthetic import synthetic_rows, write_run
from zoosim.plots import charts
from zoosim.report.build import build_report

LEVELS = ("uniform", "greedy", "heuristic", "search", "search:budget=3200")


@pytest.fixture(scope="module")
def ladder(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Path], list[str]]:
    """Zooloretto-shaped runs at five levels and 2-5 players; the first player's edge grows with the level at 2
    players (so that verdict changes) and is nil at 3-5 players."""
    root = tmp_path_factory.mktemp("ladder")
    paths, names = [], []
    for players in (2, 3, 4, 5):
        for i, level in enumerate(LEVELS):
            edge = 6.0 * i if players == 2 else 0.0
            rows = synthetic_rows(1500, players, seed=10 * players + i, policy=level, seat_edge=edge)
            paths.append(write_run(root / f"{players}p-{i}", rows, rules_hash="a" * 12, policies=[level]))
            names.append(f"{players}p-{level}")
    return paths, names


def test_the_summary_leads_with_one_verdict_per_ladder(ladder: tuple[list[Path], list[str]], tmp_path: Path) -> None:
    paths, names = ladder
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        out = build_report(paths, tmp_path / "rep", by="position", names=names, title="ladder")
    text = (out / "README.md").read_text()
    summary = text.split("## Summary", 1)[1].split("\n## ", 1)[0]
    bullets = [line for line in summary.splitlines() if line.startswith("- ")]
    assert len(bullets) <= 10
    ladders = [b for b in bullets if re.match(r"- [2-5] players: ", b)]
    assert [b[2:11] for b in ladders] == ["2 players", "3 players", "4 players", "5 players"]
    table = level_verdicts(open_runs(paths, names).frame)
    assert not table.filter(pl.col("players") == 2)["ladder_holds"][0]  # the edge grows with the level: it changes
    assert table.filter(pl.col("players") == 3)["ladder_holds"][0]
    for players, bullet in zip((2, 3, 4, 5), ladders):
        part = table.filter(pl.col("players") == players)
        if part["ladder_holds"][0]:
            assert "at every level" in bullet or "at any level" in bullet
        else:
            assert "changes with the level" in bullet
            for row in part.filter(pl.col("verdict") != "no evidence").iter_rows(named=True):
                if row["verdict"].startswith("position"):   # the rate behind the verdict: that position's
                    quoted = f"(position {row['best_position'] + 1} wins {100 * row['best_rate']:.1f}%"
                else:
                    quoted = f"{100 * row['first_rate']:.1f}%"
                assert f"{row['level']} {quoted}" in bullet
    assert "## Verdicts by level of play" in text and "first_player_by_level.png" in text


def test_the_ladder_chart_keeps_its_text_inside(ladder: tuple[list[Path], list[str]]) -> None:
    paths, names = ladder
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fig = charts.first_player_by_level(level_verdicts(open_runs(paths, names).frame))
        assert texts_outside(fig) == []
