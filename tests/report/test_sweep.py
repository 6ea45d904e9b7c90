"""`zoosim report` of a sweep and of a tournament: charts per metric, the most balanced cells, ratings."""
from __future__ import annotations

from pathlib import Path

from zoosim.report.build import build_report
from zoosim.sim.sweep import sweep_run
from zoosim.sim.tournament import tournament_run

METRICS = ("balance", "score_sd", "margin", "tie_rate", "rounds")


def test_sweep_report_has_a_chart_per_metric_and_names_the_most_balanced(tmp_path: Path) -> None:
    for grid, name in ((["end_stack=10,15", "barn_penalty=1,2"], "two"), (["end_stack=10,15"], "one")):
        run = sweep_run("zooloretto", grid, "2,3", ["uniform"], 20, 1, tmp_path / name, workers=1, progress=False)
        out = build_report([tmp_path / name], tmp_path / f"report-{name}")
        readme = (out / "README.md").read_text()
        for metric in METRICS:
            assert (out / "charts" / f"sweep_{metric}.png").stat().st_size > 1000
            assert (out / "charts" / f"sweep_{metric}.svg").is_file()
        assert "2 players: most balanced is cell" in readme and "3 players: most balanced is cell" in readme
        assert readme.count("\n| ") >= len(run["cells"]) + 1  # the cell table: header + one row per cell
        assert "zoosim sweep zooloretto" in readme and "index.html" not in readme
        assert (out / "index.html").read_text().count("data:image/png;base64") == len(METRICS)


def test_tournament_report_has_ratings_and_pairwise(tmp_path: Path) -> None:
    tournament_run("zooloretto", 2, ["uniform", "random", "greedy"], 10, 3, tmp_path / "t", workers=1, progress=False)
    out = build_report([tmp_path / "t"], tmp_path / "report")
    readme = (out / "README.md").read_text()
    assert "## Ratings" in readme and "## Pairwise" in readme and "Strongest: greedy" in readme
    assert (out / "charts" / "ratings.png").is_file() and (out / "charts" / "pairwise.svg").is_file()
