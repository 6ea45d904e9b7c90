"""Assemble a report from runs: analyses -> charts -> index.html, README.md and charts/*.png|svg.

The report is written into a temporary directory beside `out` and swapped in at the end, so an
interrupted report never leaves a half-written directory behind.
"""
from __future__ import annotations

import io
import os
import shutil
import tempfile
from pathlib import Path
from typing import Mapping, Sequence

import polars as pl

from zoosim.analysis.cards import card_play_rates, card_sentences, display_cards, has_cards_log, open_cards
from zoosim.analysis.compare import compare_runs
from zoosim.analysis.grouping import CONTEXT, check_by
from zoosim.analysis.load import Runs, load_run, open_runs
from zoosim.analysis.present import (compare_sentences, display_table, outcome_sentences, policy_sentences,
                                     seat_sentences)
from zoosim.analysis.scores import game_table, histogram_query, score_summary
from zoosim.analysis.tables import analyze
from zoosim.analysis.tension import display_tension, has_rounds_log, open_rounds, tension_sentences, tension_tables
from zoosim.analysis.winrates import policy_matrix, win_rates
from zoosim.report.render import ChartRef, Document, Section, Table, to_html, to_markdown
from zoosim.report.sweep import group_document, group_kind
from zoosim.version import zoosim_version


def _zoosim_version() -> str:
    return zoosim_version()


def _join(values: Sequence[object]) -> str:
    return ", ".join(dict.fromkeys(str(v) for v in values))


def _n_text(df: pl.DataFrame, n: str = "n", unit: str = "games") -> str:
    """`n = 20,000 games` or `n = 2p 20,000, 3p 20,000 games` per varying context group."""
    keys = [k for k in CONTEXT if k in df.columns and df[k].n_unique() > 1]
    if not keys:
        return f"n = {int(df[n].max()):,} {unit}"
    per = df.group_by(keys, maintain_order=True).agg(pl.col(n).max())
    parts = []
    for r in per.iter_rows(named=True):
        label = " ".join(f"{r[k]}p" if k == "players" else str(r[k]) for k in keys)
        parts.append(f"{label}: {int(r[n]):,}")
    return f"n = {'; '.join(parts)} {unit}"


class _Charts:
    """Saves figures as PNG and SVG under charts/ and keeps the PNG bytes for embedding."""

    def __init__(self, directory: Path, policies: str) -> None:
        self.directory = directory
        self.policies = policies
        directory.mkdir(parents=True, exist_ok=True)

    def add(self, name: str, title: str, caption: str, figure: object, n: str) -> ChartRef:
        import matplotlib.pyplot as plt

        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", dpi=110)  # type: ignore[attr-defined]
        figure.savefig(self.directory / f"{name}.svg", format="svg")  # type: ignore[attr-defined]
        plt.close(figure)  # type: ignore[arg-type]
        png = buffer.getvalue()
        (self.directory / f"{name}.png").write_bytes(png)
        return ChartRef(name, title, f"{caption} {n}; policies: {self.policies}.", png)


def _table(name: str, df: pl.DataFrame) -> Table:
    title, header, rows = display_table(name, df)
    return Table(title, header, rows)


def _header(runs: Runs, total_games: int) -> list[tuple[str, str]]:
    ms = runs.manifests
    return [
        ("game", runs.game),
        ("variants", _join(m.get("variant", "default") for m in ms)),
        ("players", _join(sorted({int(m["players"]) for m in ms}))),
        ("policies", _join(p for m in ms for p in m["policies"])),
        ("seat rotation", _join("yes" if m.get("rotate_seats") else "no" for m in ms)),
        ("games", f"{total_games:,} in {len(ms)} run(s)"),
        ("seeds", _join(m.get("seed") for m in ms)),
        ("rules hash", _join(m.get("rules_hash") for m in ms)),
        ("zoosim version", f"{_zoosim_version()} (runs made with {_join(m.get('zoosim_version') for m in ms)})"),
        ("runs", _join(_shown(p) for p in runs.paths)),
    ]


def _shown(path: Path) -> str:
    """A run's path as the reader typed it: relative to the working directory when it lies below it."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def build_report(paths: Sequence[str | Path], out: str | Path, by: str = "players", title: str | None = None,
                 compare: Sequence[tuple[int, int]] = (), command: str | None = None,
                 names: Sequence[str] | None = None, description: str = "",
                 card_names: Mapping[int, str] | None = None) -> Path:
    """Write the report of `paths` to `out` (index.html, README.md, charts/) and return `out`.

    `compare` lists (a, b) index pairs of `paths` to compare (B - A); `names` labels the runs in
    sentences (default: their paths); `command` is shown as the way to reproduce the report;
    `description` opens the report (a study's question); `card_names` (printed card id -> name, from the game:
    the report layer does not import games) names the cards of the Cards section.
    """
    check_by(by)
    runs = open_runs(paths)
    target = Path(out)
    target.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{target.name}.tmp-", dir=target.parent))
    try:
        charts = _Charts(work / "charts", _join(runs.policies))
        if group_kind(runs):  # a sweep or a tournament: its own document
            doc = group_document(runs, charts, command)
        else:
            doc = _document(runs, by, title, compare, command, names, charts, card_names)
        doc.intro = description
        (work / "index.html").write_text(to_html(doc), encoding="utf-8")
        (work / "README.md").write_text(to_markdown(doc), encoding="utf-8")
        _swap_in(work, target)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return target


def _swap_in(work: Path, target: Path) -> None:
    old = None
    if target.exists():
        old = target.parent / f".{target.name}.old-{os.getpid()}"
        target.rename(old)
    work.rename(target)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def _document(runs: Runs, by: str, title: str | None, compare: Sequence[tuple[int, int]], command: str | None,
              names: Sequence[str] | None, charts: _Charts, card_names: Mapping[int, str] | None = None) -> Document:
    lf = runs.frame
    tables = analyze(lf, runs.components, by)
    seat_rates = tables["win_rates"] if by != "policy" else win_rates(lf, "seat")
    policy_rates = win_rates(lf, "policy")
    several_policies = len(runs.policies) > 1
    per_group_scores = score_summary(lf, "players")
    games = game_table(lf)
    hists = pl.collect_all([
        histogram_query(lf, "score", list(CONTEXT)),
        histogram_query(games, "winning_score", list(CONTEXT)),
        histogram_query(games, "margin", list(CONTEXT)),
        histogram_query(lf.filter(pl.col("seat") == 0), "rounds", list(CONTEXT)),
    ])
    total_games = int(tables["length"].filter(pl.col("metric") == "rounds")["n"].sum())
    outcomes_n = _n_text(tables["outcomes"])
    from zoosim.plots import charts as plots

    sections = []
    wr = Section("Who wins: seats", text=[
        "Win rate = share of games won; a tie on the final ranking splits the win. Intervals are 95% Wilson "
        "intervals; p-values test each seat against the fair share 1/players and are Holm-adjusted over the "
        "table; the chi-square test asks whether all seats win equally often. Seats are numbered from 1 "
        "(seat 1 moves first)."])
    wr.charts.append(charts.add("seat_win_rates", "Win rate by seat",
                                "Bars: win rate per seat with 95% Wilson intervals; dashed line: the fair share 1/players.",
                                plots.seat_win_rates(seat_rates), _n_text(seat_rates, unit="games per seat")))
    wr.tables += [_table("win_rates", seat_rates), _table("seat_balance", tables["seat_balance"])]
    sections.append(wr)
    if several_policies:
        pol = Section("Who wins: policies")
        pol.tables.append(_table("win_rates", policy_rates))
        matrix = policy_matrix(lf)
        if not matrix.is_empty():
            pol.charts.append(charts.add("policy_matrix", "Policy against policy",
                                         "Cell: how often the row policy finishes ahead of the column policy in the same "
                                         "game (ties count half).", plots.policy_matrix(matrix),
                                         _n_text(matrix, unit="games with both policies")))
            pol.tables.append(_table("policy_matrix", matrix))
        sections.append(pol)
    sc = Section("Scores")
    sc.charts.append(charts.add("score_distribution", "Score distribution",
                                "Share of seat-games per final score, one line per group.",
                                plots.distribution(hists[0], "final score"), _n_text(per_group_scores, unit="seat-games")))
    sc.charts.append(charts.add("winning_score_margin", "Winning score and margin",
                                "Left: the winner's score; right: the winner's lead over second place (0 = tie on top).",
                                plots.outcome_distributions(hists[1], hists[2]), outcomes_n))
    sc.tables += [_table("scores", tables["scores"]), _table("outcomes", tables["outcomes"])]
    sections.append(sc)
    if "components" in tables:
        comp = tables["components"]
        x_keys = [k for k in CONTEXT if comp[k].n_unique() > 1] + ([by] if by in ("seat", "policy") else [])
        co = Section("Score components")
        co.charts.append(charts.add("score_components", "Where the points come from",
                                    "Mean points per seat-game by component (penalties below zero); diamond: mean score.",
                                    plots.components_stacked(comp, x_keys or ["players"]), _n_text(comp, unit="seat-games")))
        co.tables.append(_table("components", comp))
        sections.append(co)
    le = Section("Game length")
    le.charts.append(charts.add("rounds_distribution", "Rounds per game", "Share of games by number of rounds.",
                                plots.distribution(hists[3], "rounds", bars=True), _n_text(tables["outcomes"])))
    le.tables.append(_table("length", tables["length"]))
    sections.append(le)
    tension = _tension_section(runs, by, charts)
    if tension is not None:
        sections.append(tension)
    cards = _cards_section(runs, card_names)
    if cards is not None:
        sections.append(cards)

    summary = seat_sentences(seat_rates, tables["seat_balance"])
    if several_policies:
        summary += policy_sentences(policy_rates)
    summary += outcome_sentences(per_group_scores, tables["outcomes"], tables["length"])
    labels = list(names) if names else [str(p) for p in runs.paths]
    for a, b in compare:
        diff = _compare_pair(runs, a, b)
        summary += compare_sentences(diff, labels[a], labels[b])
        cs = Section(f"Comparison: {labels[b]} vs {labels[a]}", text=[
            "Differences are B - A. With shared seeds the runs play the same deals, so each game is compared with "
            "its twin (paired); otherwise the runs are compared as independent samples (Welch)."])
        cs.tables.append(_table("compare", diff))
        sections.append(cs)

    ms = runs.manifests
    commands = [command or "zoosim report " + " ".join(str(p) for p in runs.paths)]
    commands += [str(m.get("command", "")) for m in ms if m.get("command")]
    players = _join(sorted({int(m["players"]) for m in ms}))
    return Document(title or f"{runs.game}: {players} players, {_join(runs.policies)}", _header(runs, total_games),
                    commands, summary, sections)


def _tension_section(runs: Runs, by: str, charts: _Charts) -> Section | None:
    """Lead changes, round leaders, comebacks and when the winner was decided, for the runs simulated with
    --rounds-log (None when no run has a rounds log)."""
    logged = [p for p in runs.paths if has_rounds_log(p)]
    if not logged:
        return None
    from zoosim.plots import tension as tension_plots

    tables = tension_tables(open_rounds(logged), runs.frame, by)
    section = Section("Tension", text=[(
        "From the rounds log: every seat's provisional score (its score if the game ended then) after each round. "
        "The round leader is the seat with the highest provisional score; when seats share the top score the lead "
        "is tied and the round has no leader. A lead change is a new sole leader (tied rounds are skipped). The "
        "winner comes from the final ranking (tie-break included); a shared win counts its share.")])
    if len(logged) < len(runs.paths):
        section.text.append("Runs without a rounds log are left out here: "
                            + _join(_shown(p) for p in runs.paths if p not in logged) + ".")
    section.text += tension_sentences(tables)
    leaders = tables["leader_wins"]
    section.charts.append(charts.add(
        "leader_win_rates", "How often the round leader wins",
        "Share of games won by the sole leader after round k, with a 95% Wilson band, one line per group; dotted: "
        f"the fair share 1/players. Later rounds count only games that lasted that long; rounds with fewer than "
        f"{tension_plots.MIN_GAMES} games with a sole leader are left off (unless every round has fewer).",
        tension_plots.leader_win_rates(leaders),
        _n_text(tables["lead_changes"])))
    section.tables += [Table(*display_tension(name, df)) for name, df in tables.items()]
    return section


CARD_ROWS = 20  # the cards table of a report: its first rows (by Holm p, then the size of the difference)


def _cards_section(runs: Runs, card_names: Mapping[int, str] | None = None) -> Section | None:
    """Per card, its play rate and the win rate of the seats that played it against those that did not, for the runs
    simulated with --cards-log (None when no run has a cards log); cards named by `card_names` when given."""
    logged = [p for p in runs.paths if has_cards_log(p)]
    if not logged:
        return None
    table = card_play_rates(open_cards(logged), load_run(logged), card_names)
    section = Section("Cards", text=[(
        "From the cards log: every card a seat played. Per card, how often a seat-game played it and the win rate "
        "of the seats that did against those that did not (a shared win counts its share); the difference has "
        "Newcombe's 95% interval and a pooled two-proportion z test, Holm-adjusted over all cards. This is "
        f"association, not cause. The first {CARD_ROWS} rows by Holm p (`zoosim analyze RUN --cards` prints them all).")])
    if len(logged) < len(runs.paths):
        section.text.append("Runs without a cards log are left out here: "
                            + _join(_shown(p) for p in runs.paths if p not in logged) + ".")
    section.text += card_sentences(table)
    section.tables.append(Table(*display_cards("cards", table.head(CARD_ROWS))))
    return section


def _compare_pair(runs: Runs, a: int, b: int) -> pl.DataFrame:
    run_a, run_b = open_runs(runs.paths[a]), open_runs(runs.paths[b])
    components = [c for c in run_a.components if c in run_b.components]
    return compare_runs(run_a.frame, run_b.frame, components)
