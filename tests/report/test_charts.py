"""Charts stay legible as groups grow: a 14-group study draws without a warning and keeps every text inside its
figure; the report names the groups by their study names, leads with verdicts and keeps its summary short."""
from __future__ import annotations

import re
import warnings
from pathlib import Path

import matplotlib.text
from matplotlib.backends.backend_agg import FigureCanvasAgg
import polars as pl
import pytest
from matplotlib.figure import Figure

from zoosim.analysis import open_runs, policy_matrix, win_rates
from zoosim.analysis.grouping import CONTEXT
from zoosim.analysis.scores import game_table, histogram_query
from zoosim.analysis.components import score_components
from zoosim.analysis.synthetic import ZOOLORETTO_COMPONENTS, synthetic_rows, write_rounds_log, write_run
from zoosim.analysis.tension import open_rounds, tension_tables
from zoosim.plots import charts, tension
from zoosim.report.build import build_report

GROUPS = 14
PRICES = '[[1000,2000,4000,6000,8000],[1000,2000,4000,6000,8000,10000],[1000,2000,4000,6000,8000,10000,{}]]'


def texts_outside(fig: Figure) -> list[str]:
    """Every non-empty text drawn in the figure whose window extent leaves the figure (by more than a pixel).

    The texts are those the draw actually draws (recorded as they are drawn), so a tick label beyond the axis
    limits, which matplotlib keeps but never draws, does not count."""
    drawn: list[matplotlib.text.Text] = []
    original = matplotlib.text.Text.draw

    def record(self: matplotlib.text.Text, renderer: object) -> None:
        if self.get_visible() and self.get_text().strip():
            drawn.append(self)
        original(self, renderer)

    canvas = FigureCanvasAgg(fig) if not isinstance(fig.canvas, FigureCanvasAgg) else fig.canvas
    matplotlib.text.Text.draw = record  # type: ignore[method-assign]
    try:
        canvas.draw()
    finally:
        matplotlib.text.Text.draw = original  # type: ignore[method-assign]
    renderer = canvas.get_renderer()
    box = fig.bbox
    out = []
    for text in drawn:
        extent = text.get_window_extent(renderer)
        if extent.x0 < box.x0 - 1 or extent.x1 > box.x1 + 1 or extent.y0 < box.y0 - 1 or extent.y1 > box.y1 + 1:
            out.append(f"{text.get_text()!r} at {extent.bounds} in {box.bounds}")
    return out


@pytest.fixture(scope="module")
def study(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Path], list[str]]:
    """14 runs as a Castles study would make them: 2-4 players, long rule values, some drawn turn orders, mixed
    lineups in a few, a rounds log in every run."""
    root = tmp_path_factory.mktemp("study")
    paths, names = [], []
    for i in range(GROUPS):
        players = (2, 3, 4)[i % 3]
        rows = synthetic_rows(240, players, seed=i, seat_edge=1.0 + i / 3, drawn_order=i % 2 == 0)
        if i % 5 == 0:
            rows = rows.with_columns(pl.when(pl.col("seat") == 0).then(pl.lit("greedy")).otherwise(pl.lit("uniform"))
                                     .alias("policy"))
        variant = (f'first_mb="seat0",price_slots={PRICES.format(15000 + i)}' if i % 4 else
                   "room_card_composition=[6,6,6,6,6,4,4,4,4,4]")
        run = write_run(root / "runs" / f"r{i:02d}", rows, game="castles", variant=variant, rules_hash=f"{i:012d}",
                        components=ZOOLORETTO_COMPONENTS,
                        policies=["greedy"] + ["uniform"] * (players - 1) if i % 5 == 0 else ["heuristic"])
        write_rounds_log(run, rows)
        paths.append(run)
        names.append(f"{players}p-u{i % 4}-{i:02d}" + ("-with-a-rather-long-name" if i == 7 else ""))
    return paths, names


def _figures(paths: list[Path], names: list[str]) -> dict[str, Figure]:
    runs = open_runs(paths, names)
    lf = runs.frame
    games = game_table(lf)
    hist = pl.collect_all([histogram_query(lf, "score", list(CONTEXT)),
                           histogram_query(games, "winning_score", list(CONTEXT)),
                           histogram_query(games, "margin", list(CONTEXT)),
                           histogram_query(lf.filter(pl.col("seat") == 0), "rounds", list(CONTEXT))])
    components = score_components(lf, runs.components, "players")
    leaders = tension_tables(open_rounds(paths), lf, "players")["leader_wins"]
    few = [p for p, n in zip(paths, names) if n.startswith("2p")][:2]
    return {
        "positions, dot plot": charts.seat_win_rates(win_rates(lf, "position"), "position", "turn position",
                                                     "moved first"),
        "positions, bars": charts.seat_win_rates(win_rates(open_runs(few).frame, "position"), "position", "position"),
        "scores, box plots": charts.distribution(hist[0], "final score"),
        "rounds, box plots": charts.distribution(hist[3], "rounds", bars=True),
        "scores, ECDF": charts.distribution(hist[0].filter(pl.col("variant").is_in(names[:3])), "final score"),
        "rounds, bars": charts.distribution(hist[3].filter(pl.col("variant").is_in(names[:3])), "rounds", bars=True),
        "winning score and margin": charts.outcome_distributions(hist[1], hist[2]),
        "components": charts.components_stacked(components, ["variant"]),
        "policy matrix": charts.policy_matrix(policy_matrix(lf)),
        "leader win rates": tension.leader_win_rates(leaders),
    }


def test_fourteen_groups_draw_without_warnings_and_every_text_inside(study: tuple[list[Path], list[str]]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        figures = _figures(*study)
        for name, fig in figures.items():
            assert texts_outside(fig) == [], name
            width, height = fig.get_size_inches()
            assert width <= 16 and height <= 16, (name, width, height)


def test_the_checker_sees_a_legend_cut_off() -> None:
    fig = Figure(figsize=(3, 2))
    ax = fig.add_subplot()
    ax.plot([0, 1], label="a legend entry far wider than this small figure can hold")
    ax.legend(loc="upper right", bbox_to_anchor=(0.2, 1.0))
    assert texts_outside(fig)


def test_the_study_report_reads_at_a_glance(tmp_path: Path, study: tuple[list[Path], list[str]]) -> None:
    paths, names = study
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        out = build_report(paths, tmp_path / "rep", by="variant", names=names, compare=[(0, 3), (1, 4), (2, 5)])
    readme = (out / "README.md").read_text()
    summary = [line for line in readme.split("## Summary", 1)[1].split("\n## ", 1)[0].splitlines()
               if line.startswith("- ")]
    assert 1 <= len(summary) <= 10
    assert sum(line.startswith("- No evidence of a difference") for line in summary) <= 1
    # verdicts first: every significant finding comes before the no-evidence line and the outcomes
    kinds = ["verdict" if "significant after Holm" in s or "matters" in s or "differ" in s.split(":")[0] else "other"
             for s in summary]
    assert kinds == sorted(kinds, key=lambda k: k != "verdict")
    # groups are named by the study's names; the raw rule dump appears only in the Variants table
    body = readme.split("## Variants", 1)
    assert "price_slots=[[1000" not in body[0] and "price_slots=[[1000" not in body[1].split("\n## ", 1)[1]
    table = body[1].split("\n## ", 1)[0]
    for name, path in zip(names, paths):
        row = next(line for line in table.splitlines() if line.startswith(f"| {name} |"))
        assert re.search(r"price_slots=\[\[1000,2000,4000,6000,8000\],.*,150\d\d\]\]|room_card_composition=\[6,6,6,6,6,4", row)
    svg_text = " ".join(p.read_text() for p in (out / "charts").glob("*.svg"))
    assert "price_slots" not in svg_text and names[7][:20] in svg_text  # a long name wraps over lines


def test_sweep_and_tournament_charts_keep_their_text_inside() -> None:
    from zoosim.plots import sweep as sweep_plots

    cells = pl.DataFrame({"cell": list(range(8)), "players": [2, 3, 4, 5] * 2,
                          "end_stack": ["10"] * 4 + ["15"] * 4, "barn_penalty": ["1", "2"] * 4})
    for metric in ("balance", "rounds"):
        value = pl.Series([0.01 * (i + 1) for i in range(8)])
        cells = cells.with_columns(value.alias(metric), (value - 0.01).alias(f"{metric}_ci_low"),
                                   (value + 0.01).alias(f"{metric}_ci_high"))
    fitted = pl.DataFrame({"policy": ["heuristic:barn_weight=1.5,coin_value=0.7", "greedy", "uniform"],
                           "rating": [0.8, 0.1, -0.9], "ci_low": [0.6, -0.1, -1.1], "ci_high": [1.0, 0.3, -0.7]})
    order = fitted["policy"].to_list()
    matrix = pl.DataFrame({"policy": [a for a in order for b in order if a != b],
                           "opponent": [b for a in order for b in order if a != b], "win_rate": [0.6] * 6})
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        figures = [sweep_plots.sweep_metric(cells, "balance", ["end_stack", "barn_penalty"], "largest deviation"),
                   sweep_plots.sweep_metric(cells, "rounds", ["end_stack"], "mean rounds per game"),
                   sweep_plots.ratings(fitted), sweep_plots.pairwise(matrix, order)]
        for fig in figures:
            assert texts_outside(fig) == []
