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
from zoosim.analysis import verdicts
from zoosim.analysis.present import display_table, group_labels
from zoosim.analysis.levels import ladder_sentences, level_verdicts
from zoosim.analysis.verdicts import turn_order_line
from zoosim.analysis.scores import game_table, histogram_query, score_summary
from zoosim.analysis.tables import analyze
from zoosim.analysis.tension import display_tension, has_rounds_log, open_rounds, tension_sentences, tension_tables
from zoosim.analysis.winrates import policy_matrix, seat_balance, turn_order, win_rates
from zoosim.report.render import ChartRef, Document, Section, Table, to_html, to_markdown
from zoosim.report.sweep import group_document, group_kind
from zoosim.version import zoosim_version


def _zoosim_version() -> str:
    return zoosim_version()


def _join(values: Sequence[object]) -> str:
    return ", ".join(dict.fromkeys(str(v) for v in values))


def _n_text(df: pl.DataFrame, n: str = "n", unit: str = "games") -> str:
    """`n = 20,000 games`, `n = 400 games in each of 8 groups`, or `n = 2 players: 20,000; 3 players: 15,000 games`."""
    keys = [k for k in CONTEXT if k in df.columns and df[k].n_unique() > 1]
    if not keys:
        return f"n = {int(df[n].max()):,} {unit}"
    per = df.group_by(keys, maintain_order=True).agg(pl.col(n).max())
    if per[n].n_unique() == 1:
        return f"n = {int(per[n][0]):,} {unit} in each of the {per.height} groups"
    parts = [f"{label}: {int(count):,}" for label, count in zip(group_labels(per), per[n].to_list())]
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
        ("variants", _join(runs.labels) + " (rules in full: Variants)"),
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

    `compare` lists (a, b) index pairs of `paths` to compare (B - A); `names` names the runs (a study's simulation
    names) in tables, legends and sentences (default: each run's short variant label, and its path in comparisons); `command` is shown as the way to reproduce the report;
    `description` opens the report (a study's question); `card_names` (printed card id -> name, from the game:
    the report layer does not import games) names the cards of the Cards section.
    """
    check_by(by)
    runs = open_runs(paths, names)
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


def _turn_key(order: pl.DataFrame) -> str:
    """The column the turn-order section is by: seat where every game was played in seat order (or where some run
    has no turn order recorded), else position."""
    if order.is_empty() or bool(order["seat_order"].all()) or not bool(order["recorded"].all()):
        return "seat"
    return "position"


def _seat_order_by_group(order: pl.DataFrame) -> dict[tuple, bool]:
    groups = order.group_by(list(CONTEXT), maintain_order=True).agg(pl.col("seat_order").first())
    return {tuple(r[k] for k in CONTEXT): bool(r["seat_order"]) for r in groups.iter_rows(named=True)}


def _turn_section(runs: Runs, order: pl.DataFrame, key: str, rates: pl.DataFrame, balance: pl.DataFrame,
                  charts: _Charts, several_policies: bool) -> Section:
    """Who wins by turn order: by position where seat and position differ (with the policy-slot view beside it
    when the policies differ), by seat where every game was played in seat order (seat 1 moved first)."""
    from zoosim.plots import charts as plots

    common = ("Win rate = share of games won; a tie on the final ranking splits the win. Intervals are 95% Wilson "
              "intervals; p-values test each {what} against the fair share 1/players and are Holm-adjusted over the "
              "table; the chi-square test asks whether all {whats} win equally often.")
    line = turn_order_line(order)
    if key == "position":
        section = Section("Who wins: turn order", text=[
            common.format(what="position", whats="positions") + " Positions are numbered from 1 in the turn order "
            "of the first round (position 1 moved first); seats are the policies' slots (the --policy order).", line])
        label, first = "turn position (1 = moved first)", "moved first"
        title = "Win rate by turn position"
    else:
        everywhere = bool(order["seat_order"].all()) if not order.is_empty() else False
        section = Section("Who wins: seats", text=[
            common.format(what="seat", whats="seats") + (" Seats are numbered from 1; every game was played in seat "
                                                         "order, so seat 1 moved first." if everywhere else
                                                         " Seats are numbered from 1 (the --policy order)."), line])
        label, first = ("seat (1 moves first)", "moves first") if everywhere else ("seat (policy slot)", None)
        title = "Win rate by seat"
    n = _n_text(rates, unit="games per " + ("position" if key == "position" else "seat"))
    section.charts.append(charts.add(f"{key}_win_rates", title,
                                     "Win rate with its 95% Wilson interval; dashed line: the fair share 1/players.",
                                     plots.seat_win_rates(rates, key, label, first), n))
    section.tables += [_table("win_rates", rates), _table("seat_balance", balance)]
    if key == "position":
        section.tables.append(_table("turn_order", order.select(
            *[k for k in CONTEXT], "seat", "games", "in_position_1", "share")))
        if several_policies:
            slots = win_rates(runs.frame, "seat")
            section.text.append("Beside it, the policy-slot view: win rate by seat, the --policy order, whatever the "
                                "turn order.")
            section.charts.append(charts.add("seat_win_rates", "Win rate by seat (policy slot)",
                                             "Win rate per policy slot with its 95% Wilson interval; dashed line: the "
                                             "fair share 1/players. Seats are not the turn order here.",
                                             plots.seat_win_rates(slots, "seat", "seat (policy slot)"),
                                             _n_text(slots, unit="games per seat")))
            section.tables.append(_table("win_rates", slots))
    return section


def _outside_ladders(rates: pl.DataFrame, balance: pl.DataFrame,
                     levels: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The turn-order tables without the groups that are a level of some ladder (their verdict is the ladder's)."""
    if levels.is_empty():
        return rates, balance
    in_ladder = levels.select("game", pl.col("level").alias("lineup"), "variant", "players")
    keys = ["game", "lineup", "variant", "players"]
    return (rates.join(in_ladder, on=keys, how="anti", nulls_equal=True),
            balance.join(in_ladder, on=keys, how="anti", nulls_equal=True))


def _levels_section(levels: pl.DataFrame, charts: _Charts) -> Section:
    """Does a turn-order verdict hold at every level of play, or change with the players? (analysis/levels.py)"""
    from zoosim.plots import charts as plots

    section = Section("Verdicts by level of play", text=[
        "The same game, rules and player count played at several levels, every seat on the same policy. At each "
        "level the chi-square test asks whether every turn position wins equally often (Holm over every level in "
        "the table); the verdict reads from the first player's 95% interval against the fair share. A verdict holds "
        "when every level gives the same one. No evidence at a level is not evidence of balance: the interval says "
        "how large an effect it could have missed.", *ladder_sentences(levels, several_games=levels["game"].n_unique() > 1)])
    section.charts.append(charts.add("first_player_by_level", "The first player's win rate by level of play",
                                     "The first player's win rate at each level with its 95% Wilson interval.",
                                     plots.first_player_by_level(levels),
                                     f"n = {int(levels['n'].min()):,}-{int(levels['n'].max()):,} games at each of "
                                     f"{levels.height} levels"))
    section.tables.append(_table("levels", levels))
    return section


def _variants_section(runs: Runs) -> Section:
    """One table maps each variant name the report uses to its run and its full rules."""
    rows = []
    for label, path, m in zip(runs.labels, runs.paths, runs.manifests):
        players = m.get("players")
        rows.append([label, str(m["game"]), ", ".join(map(str, players)) if isinstance(players, list) else str(players),
                     ", ".join(str(p) for p in m.get("policies", [])), f"{int(m.get('games', 0)):,}",
                     str(m.get("seed")), str(m.get("variant", "default")), _shown(path)])
    return Section("Variants", text=["Each name the report uses, with its run and every rule that differs from "
                                     "the game's defaults (in full)."],
                   tables=[Table("Variants and their rules", ["variant", "game", "players", "policies", "games",
                                                              "seed", "rules", "run"], rows)])


def _document(runs: Runs, by: str, title: str | None, compare: Sequence[tuple[int, int]], command: str | None,
              names: Sequence[str] | None, charts: _Charts, card_names: Mapping[int, str] | None = None) -> Document:
    lf = runs.frame
    if by == "position":
        runs.require_position()
    tables = analyze(lf, runs.components, by)
    order = turn_order(lf)
    key = _turn_key(order)
    turn_rates = win_rates(lf, key)
    balance = seat_balance(lf, key)
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

    sections = [_variants_section(runs)]
    sections.append(_turn_section(runs, order, key, turn_rates, balance, charts, several_policies))
    levels = level_verdicts(lf)
    if not levels.is_empty():
        sections.append(_levels_section(levels, charts))
    if by == "seat" and key == "position" and not several_policies:  # asked for by seat: the policy-slot table too
        sections[-1].tables.append(_table("win_rates", tables["win_rates"]))
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
    groups = hists[0].select(list(CONTEXT)).unique().height
    shape = ("a histogram" if groups == 1 else "the share at or below each value (ECDF), one line per group"
             if groups <= plots.FEW else "box plots: box 25-75%, line the median, diamond the mean, whiskers 5-95%")
    sc = Section("Scores")
    sc.charts.append(charts.add("score_distribution", "Score distribution",
                                f"Final scores of every seat-game as {shape}.",
                                plots.distribution(hists[0], "final score"), _n_text(per_group_scores, unit="seat-games")))
    sc.charts.append(charts.add("winning_score_margin", "Winning score and margin",
                                f"Left: the winner's score; right: the winner's lead over second place (0 = tie on "
                                f"top); {shape.replace('a histogram', 'histograms')}.",
                                plots.outcome_distributions(hists[1], hists[2]), outcomes_n))
    sc.tables += [_table("scores", tables["scores"]), _table("outcomes", tables["outcomes"])]
    sections.append(sc)
    if "components" in tables:
        comp = tables["components"]
        x_keys = [k for k in CONTEXT if comp[k].n_unique() > 1] + ([by] if by in ("seat", "position", "policy") else [])
        if "variant" in x_keys and len(x_keys) > 1 and comp.select(
                [k for k in x_keys if k in CONTEXT]).unique().height == comp["variant"].n_unique():
            x_keys = [k for k in x_keys if k not in CONTEXT or k == "variant"]  # a study's names tell groups apart
        co = Section("Score components")
        co.charts.append(charts.add("score_components", "Where the points come from",
                                    "Mean points per seat-game by component (penalties below zero); diamond: mean score.",
                                    plots.components_stacked(comp, x_keys or ["players"]), _n_text(comp, unit="seat-games")))
        co.tables.append(_table("components", comp))
        sections.append(co)
    le = Section("Game length")
    rounds_shape = "bars" if groups <= plots.FEW else "box plots as for scores"
    le.charts.append(charts.add("rounds_distribution", "Rounds per game", f"Share of games by number of rounds "
                                f"({rounds_shape}).",
                                plots.distribution(hists[3], "rounds", bars=True), _n_text(tables["outcomes"])))
    le.tables.append(_table("length", tables["length"]))
    sections.append(le)
    tension = _tension_section(runs, by, charts)
    if tension is not None:
        sections.append(tension)
    cards = _cards_section(runs, card_names)
    if cards is not None:
        sections.append(cards)

    labels = list(names) if names else [str(p) for p in runs.paths]
    pairs = []
    for a, b in compare:
        diff = _compare_pair(runs, a, b)
        pairs.append((diff, labels[a], labels[b]))
        cs = Section(f"Comparison: {labels[b]} vs {labels[a]}", text=[
            "Differences are B - A. With shared seeds the runs play the same deals, so each game is compared with "
            "its twin (paired); otherwise the runs are compared as independent samples (Welch)."])
        cs.tables.append(_table("compare", diff))
        sections.append(cs)
    turn = verdicts.turn_order_findings(*_outside_ladders(turn_rates, balance, levels), key,
                                        _seat_order_by_group(order))
    if not levels.is_empty():  # a ladder's verdict, one line per ladder, leads; groups in no ladder follow
        turn = verdicts.Findings(ladder_sentences(levels, several_games=levels["game"].n_unique() > 1)
                                 + turn.sentences, turn.more, turn.fragment)
    summary = verdicts.summary(
        turn,
        verdicts.policy_findings(policy_rates) if several_policies else verdicts.NONE,
        verdicts.compare_findings(pairs),
        verdicts.outcome_line(per_group_scores, tables["outcomes"], tables["length"]),
        runs.notes)

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
