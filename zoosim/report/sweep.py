"""Report documents of a sweep (metrics over the swept rules) and of a tournament (ratings, pairwise matrix).

`build_report` hands a single run whose manifest has `kind` sweep or tournament to `group_document`; the
charts object is the report's own (`charts.add(name, title, caption, figure, n)` saves PNG and SVG).
"""
from __future__ import annotations

from typing import Any

from zoosim.analysis.load import Runs
from zoosim.analysis.ratings import pair_counts, pairwise_matrix, ratings, tournament_pl
from zoosim.analysis.sweep import (METRIC_LABELS, METRICS, balance_sentences, cell_keys, format_metric, sweep_metrics,
                                   worst_column)
from zoosim.report.render import Document, Section, Table

KINDS = ("sweep", "tournament")


def group_kind(runs: Runs) -> str | None:
    """`sweep` or `tournament` for a single such run, else None (an ordinary report)."""
    kind = runs.manifests[0].get("kind")
    return kind if len(runs.manifests) == 1 and kind in KINDS else None


def group_document(runs: Runs, charts: Any, command: str | None) -> Document:
    manifest = runs.manifests[0]
    doc = _sweep(runs, manifest, charts) if manifest["kind"] == "sweep" else _tournament(runs, manifest, charts)
    doc.commands = [command or f"zoosim report {runs.paths[0]}", str(manifest.get("command", ""))]
    return doc


def _header(manifest: dict[str, Any], games: int) -> list[tuple[str, str]]:
    players = manifest["players"]
    return [("game", str(manifest["game"])),
            ("players", ", ".join(map(str, players)) if isinstance(players, list) else str(players)),
            ("policies", ", ".join(manifest["policies"])),
            ("seat rotation", "yes" if manifest.get("rotate_seats") else "no"),
            ("games", f"{games:,} in {len(manifest['cells'])} cells"), ("seed", str(manifest.get("seed"))),
            ("zoosim version", str(manifest.get("zoosim_version")))]


def _sweep(runs: Runs, manifest: dict[str, Any], charts: Any) -> Document:
    from zoosim.plots import sweep as plots

    metrics = sweep_metrics(runs.frame, manifest)
    by_seat = worst_column(metrics) == "worst_seat"  # a sweep without a turn order recorded
    labels = {m: text.replace("turn-position", "seat") if by_seat else text for m, text in METRIC_LABELS.items()}
    parameters = list(manifest.get("parameters", []))
    games = int(metrics["games"].sum())
    grid = ", ".join(f"{k} = {' | '.join(v)}" for k, v in manifest.get("grid", {}).items()) or "players only"
    stopping = (f"Cells played batches of {manifest['batch_games']:,} games until the 95% half-width of the "
                f"largest seat deviation (by seat, the --policy order) was at most {manifest['target_ci']} (or {manifest['max_games']:,} games)."
                if manifest.get("target_ci") is not None else
                f"Every cell played {manifest['games_per_cell']:,} games.")
    intro = Section("Sweep", text=[
        f"Swept: {grid}; players {', '.join(map(str, manifest['players']))}. Every cell plays the same deals "
        f"(seed {manifest['seed']}, game indices from 0), so cells differ by their rules alone. {stopping}",
        ("Turn-position deviation: the largest deviation of a turn position's win rate from the fair share "
         "1/players (points; position 1 moved first, the seat order where the game plays in it), "
         if worst_column(metrics) == "worst_position" else
         "Seat deviation (this sweep has no turn order recorded): the largest deviation of a seat's win rate from "
         "the fair share 1/players (points), ") +
        "with its 95% Wilson interval; score sd with a chi-square interval over games; margin and rounds with "
        "t intervals; tie rate with a Wilson interval."])
    sections = [intro]
    n_text = f"n = {int(metrics['games'].min()):,}-{int(metrics['games'].max()):,} games per cell"
    for metric in METRICS:
        section = Section(labels[metric].capitalize())
        kind = "Heatmap over the two swept rules, one panel per player count" if len(parameters) == 2 else \
            "Lines over the swept values, one per player count"
        section.charts.append(charts.add(f"sweep_{metric}", labels[metric].capitalize(),
                                         f"{kind}; 95% intervals in brackets or as bars.",
                                         plots.sweep_metric(metrics, metric, parameters, labels[metric]), n_text))
        sections.append(section)
    keys = cell_keys(manifest)
    worst = worst_column(metrics)
    header = keys + ["games", worst.replace("_", " ")] + [labels[m] for m in METRICS]
    rows = [[str(r[k]) for k in keys] + [f"{r['games']:,}", str(r[worst] + 1)] +
            [format_metric(r, m) for m in METRICS] for r in metrics.iter_rows(named=True)]
    sections.append(Section("Cells", tables=[Table("Every cell (95% intervals)", header, rows)]))
    return Document(f"{manifest['game']} sweep: {grid}", _header(manifest, games), [],
                    balance_sentences(metrics, parameters), sections)


def _tournament(runs: Runs, manifest: dict[str, Any], charts: Any) -> Document:
    from zoosim.plots import sweep as plots

    counts = pair_counts(runs.frame, manifest["policies"])
    fitted = ratings(counts, seed=int(manifest.get("seed", 0)))
    matrix = pairwise_matrix(counts, fitted)
    games = sum(int(c.get("games", 0)) for c in manifest["cells"]) * int(manifest["players"])
    order = fitted["policy"].to_list()
    text = ["Every lineup of the entrants (each multiset of seats with at least two different policies) plays "
            "every deal in every seat rotation on one master seed. Ratings: Bradley–Terry on who finishes ahead "
            "of whom (ties half), fitted by maximum likelihood; 0 is the average entrant, +1 means e^1 = 2.7 times "
            "the odds of finishing ahead. Intervals: 95% bootstrap over deals; se from the Fisher information."]
    if fitted["separated"].any():
        text.append("* won or lost every comparison against some opponent: that gap is a lower bound set by the prior.")
    rating_rows = [[r["policy"] + (" *" if r["separated"] else ""), f"{r['rating']:+.3f}",
                    f"{r['ci_low']:+.3f} to {r['ci_high']:+.3f}", f"{r['se']:.3f}", f"{r['elo']:+.0f}",
                    f"{r['comparisons']:,}"] for r in fitted.iter_rows(named=True)]
    section = Section("Ratings", text=text)
    n_text = f"n = {games:,} games"
    section.charts.append(charts.add("ratings", "Ratings", "Bradley–Terry ratings with 95% bootstrap intervals.",
                                     plots.ratings(fitted), n_text))
    section.tables.append(Table("Ratings", ["policy", "rating", "95% CI", "se", "elo", "comparisons"], rating_rows))
    placed = tournament_pl(manifest, runs.frame)
    section.text.append("Plackett–Luce ratings use the whole finishing order (the winner is picked from the table in "
                        "proportion to e^rating, then second place from the rest, and so on; tied seats are split "
                        "over their possible orders), on the same scale as Bradley–Terry. Where the two disagree, "
                        "finishing places are not Plackett–Luce: a policy may, say, win often and also finish last often.")
    section.tables.append(Table("Ratings: Plackett–Luce on the whole finishing order (95% bootstrap CI over deals)",
                                ["policy", "rating", "95% CI", "se", "elo", "seat-games"],
                                [[r["policy"], f"{r['rating']:+.3f}", f"{r['ci_low']:+.3f} to {r['ci_high']:+.3f}",
                                  f"{r['se']:.3f}", f"{r['elo']:+.0f}", f"{r['seat_games']:,}"]
                                 for r in placed.iter_rows(named=True)]))
    pair = Section("Pairwise")
    pair.charts.append(charts.add("pairwise", "Pairwise", "How often the row policy finishes ahead of the column "
                                  "policy in games with both (ties half).", plots.pairwise(matrix, order), n_text))
    pair.tables.append(Table("Pairwise (95% Wilson; model = what the ratings predict)",
                             ["policy", "opponent", "n", "finishes ahead", "95% CI", "model"],
                             [[r["policy"], r["opponent"], f"{r['n']:,}", f"{100 * r['win_rate']:.1f}%",
                               f"{100 * r['ci_low']:.1f}% to {100 * r['ci_high']:.1f}%", f"{100 * r['model']:.1f}%"]
                              for r in matrix.iter_rows(named=True)]))
    best = fitted.row(0, named=True)
    summary = [f"Strongest: {best['policy']} (rating {best['rating']:+.2f}, 95% CI {best['ci_low']:+.2f} to "
               f"{best['ci_high']:+.2f}); order: {' > '.join(order)}."]
    for a, b in zip(order, order[1:]):
        ra, rb = fitted.filter(fitted["policy"] == a).row(0, named=True), fitted.filter(fitted["policy"] == b).row(0, named=True)
        verdict = "clearly ahead of" if ra["ci_low"] > rb["ci_high"] else "not separated from (intervals overlap)"
        summary.append(f"{a} is {verdict} {b}.")
    pl_order = placed["policy"].to_list()
    summary.append(f"Plackett–Luce on the whole finishing order ranks them {' > '.join(pl_order)}"
                   + (", as Bradley–Terry does." if pl_order == order else ", unlike Bradley–Terry."))
    return Document(f"{manifest['game']} tournament: {manifest['players']} players, {', '.join(manifest['policies'])}",
                    _header(manifest, games), [], summary, [section, pair])
