"""The analysis commands: `analyze`, `compare`, `report`, `study`. Thin: the work is in the modules."""
from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from zoosim.errors import ZoosimError

if TYPE_CHECKING:  # polars is imported by the commands that use it, not by `zoosim --help`
    import polars as pl

    Display = Callable[[str, pl.DataFrame], tuple[str, list[str], list[list[str]]]]

FORMATS = ("table", "csv", "json")


def _print_tables(tables: dict[str, pl.DataFrame], fmt: str, display: Display | None = None) -> None:
    from zoosim.analysis.present import display_table

    display = display or display_table
    if fmt not in FORMATS:
        raise ZoosimError(f"unknown --format {fmt!r}; accepted: {', '.join(FORMATS)}")
    if fmt == "json":
        print(json.dumps({name: df.to_dicts() for name, df in tables.items()}, indent=1, default=str))
        return
    if fmt == "csv":
        for i, (name, df) in enumerate(tables.items()):
            print(("\n" if i else "") + f"# {name}")
            sys.stdout.write(df.write_csv())
        return
    from rich.console import Console
    from rich.table import Table

    console = Console() if sys.stdout.isatty() else Console(width=200)
    for name, df in tables.items():
        title, header, rows = display(name, df)
        table = Table(title=title, title_justify="left", header_style="bold")
        for h in header:
            table.add_column(h, justify="left" if h in ("lineup", "variant", "policy", "opponent", "component", "metric", "name") else "right")
        for r in rows:
            table.add_row(*r)
        console.print(table)


def analyze_cmd(
    runs: list[Path] = typer.Argument(..., help="run directories (each holds manifest.json and part-*.parquet)"),
    by: Optional[str] = typer.Option(None, "--by", help="breakdown: seat | position | policy | players | variant | game "
                                     "(default seat; position = turn order, 1 moved first; with --cards the cards "
                                     "table is split by seat, position or policy only when asked)"),
    fmt: str = typer.Option("table", "--format", help="table | csv | json"),
    tension: bool = typer.Option(False, "--tension", help="print the tension tables instead (lead changes, round "
                                 "leaders, comebacks, when the winner was decided); needs runs made with --rounds-log"),
    cards: bool = typer.Option(False, "--cards", help="print the cards table instead: per card its play rate and the "
                               "win rate of the seats that played it against those that did not (association, not "
                               "cause); needs runs made with --cards-log"),
    top: Optional[int] = typer.Option(None, "--top", help="with --cards: only the first N rows (sorted by Holm p, "
                                      "then the size of the difference)"),
) -> None:
    """Print win rates, seat balance, scores, outcomes, components and length of runs, with 95% CIs."""
    from zoosim.analysis.grouping import check_by
    from zoosim.analysis.load import open_runs
    from zoosim.analysis.tables import analyze

    if by is not None:
        check_by(by)
    if fmt not in FORMATS:
        raise ZoosimError(f"unknown --format {fmt!r}; accepted: {', '.join(FORMATS)}")
    if tension and cards:
        raise ZoosimError("give --tension or --cards, not both")
    if top is not None and (not cards or top < 1):
        raise ZoosimError(f"--top takes a whole number >= 1 and goes with --cards, got {top}")
    if tension:
        _print_tension(runs, by or "seat", fmt)
        return
    if cards:
        _print_cards(runs, fmt, top, by)
        return
    opened = open_runs(runs)
    if by == "position":
        opened.require_position()
    _print_tables(analyze(opened.frame, opened.components, by or "seat"), fmt)
    for note in opened.notes:  # what was assumed of runs written before the log had position
        print(note, file=sys.stdout if fmt == "table" else sys.stderr)


def _print_tension(runs: list[Path], by: str, fmt: str) -> None:
    from zoosim.analysis.load import load_run
    from zoosim.analysis.tension import display_tension, open_rounds, tension_sentences, tension_tables

    tables = tension_tables(open_rounds(runs), load_run(runs), by)
    _print_tables(tables, fmt, display_tension)
    if fmt == "table":
        for line in tension_sentences(tables):
            print(line)


def card_names_for_runs(runs: Sequence[Path]) -> dict[int, str] | None:
    """Printed card id -> name when every run is of one game that names its cards (Ark Nova), else None."""
    from zoosim.analysis.load import read_manifest
    from zoosim.games.registry import card_names_of

    return card_names_of(str(read_manifest(r)["game"]) for r in runs)


def _print_cards(runs: list[Path], fmt: str, top: int | None, by: str | None) -> None:
    from zoosim.analysis.cards import card_play_rates, card_sentences, display_cards, open_cards
    from zoosim.analysis.grouping import CONTEXT, row_keys
    from zoosim.analysis.load import load_run

    keys = row_keys(by) if by is not None else CONTEXT
    table = card_play_rates(open_cards(runs), load_run(runs), card_names_for_runs(runs), keys)
    shown = table.head(top) if top is not None else table
    _print_tables({"cards": shown}, fmt, display_cards)
    if fmt == "table":
        if top is not None and table.height > top:
            print(f"(the first {top} of {table.height} rows; --top changes it)")
        for line in card_sentences(table):
            print(line)


def compare_cmd(
    run_a: Path = typer.Argument(..., help="run A (the baseline)"),
    run_b: Path = typer.Argument(..., help="run B; differences are B - A"),
    fmt: str = typer.Option("table", "--format", help="table | csv | json"),
) -> None:
    """Print B - A for each metric with a 95% CI; paired per game when the runs share seeds."""
    from zoosim.analysis.compare import compare_runs
    from zoosim.analysis.load import open_runs
    from zoosim.analysis.present import compare_sentences

    if fmt not in FORMATS:
        raise ZoosimError(f"unknown --format {fmt!r}; accepted: {', '.join(FORMATS)}")
    a, b = open_runs(run_a), open_runs(run_b)
    if a.game != b.game:
        raise ZoosimError(f"cannot compare runs of different games: {a.game} ({run_a}) vs {b.game} ({run_b})")
    components = [c for c in a.components if c in b.components]
    diff = compare_runs(a.frame, b.frame, components)
    _print_tables({"compare": diff}, fmt)
    if fmt == "table":
        for line in compare_sentences(diff, str(run_a), str(run_b)):
            print(line)


def report_cmd(
    runs: list[Path] = typer.Argument(..., help="run directories to report on"),
    out: Path = typer.Option(..., "--out", help="report directory, e.g. reports/NAME"),
    by: str = typer.Option("players", "--by", help="breakdown of the tables: seat | position | policy | players | "
                           "variant | game (position = turn order, 1 moved first)"),
    title: Optional[str] = typer.Option(None, "--title", help="report title"),
    compare: list[str] = typer.Option([], "--compare", help="A:B pairs of the given runs (0-based) to compare, e.g. 0:1"),
) -> None:
    """Write index.html (self-contained), README.md and the charts (PNG and SVG) for runs."""
    from zoosim.report.build import build_report

    pairs = []
    for text in compare:
        a, sep, b = text.partition(":")
        if not sep or not a.isdigit() or not b.isdigit() or max(int(a), int(b)) >= len(runs):
            raise ZoosimError(f"bad --compare {text!r}; give A:B with indices of the runs (0-{len(runs) - 1})")
        pairs.append((int(a), int(b)))
    command = "zoosim " + shlex.join(sys.argv[1:]) if sys.argv and "report" in sys.argv else None
    try:
        names = card_names_for_runs(runs)
    except ZoosimError:  # not plain runs (a sweep or tournament directory): build_report reads them its own way
        names = None
    where = build_report(runs, out, by=by, title=title, compare=pairs, command=command, card_names=names)
    print(f"report written to {where / 'index.html'} (and README.md, charts/)")


def study_cmd(
    study: Path = typer.Argument(..., help="a study file, e.g. analyses/player-counts.toml"),
    scale: float = typer.Option(1.0, "--scale", help="multiply every simulation's game count"),
    workers: Optional[int] = typer.Option(None, "--workers", help="worker processes/threads for simulation"),
    runs_dir: Path = typer.Option(Path("runs"), "--runs-dir", help="where study runs live (runs/<study>/<sim>)"),
    reports_dir: Path = typer.Option(Path("reports"), "--reports-dir", help="where the report goes (<dir>/<study>)"),
    force: bool = typer.Option(False, "--force", help="replace runs whose manifest differs from the study"),
) -> None:
    """Run a study: reuse matching runs, simulate the missing ones, then write reports/NAME/."""
    from zoosim.study import run_study

    where = run_study(study, scale=scale, workers=workers, runs_dir=runs_dir, reports_dir=reports_dir, force=force)
    print(f"report written to {where / 'index.html'}")


def register(app: typer.Typer) -> None:
    """Add the analysis commands to the app."""
    app.command("analyze")(analyze_cmd)
    app.command("compare")(compare_cmd)
    app.command("report")(report_cmd)
    app.command("study")(study_cmd)
