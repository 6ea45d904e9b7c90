"""A report's summary, verdicts first: what is significant after Holm (effect, interval, n), then one line for what
shows no evidence of a difference, then one line on scores and length; the rest stays in the tables.

Three kinds of verdict, each from a table whose p-values are already Holm-adjusted over that table:
- turn order: the chi-square test that every turn position wins equally often (`seat_balance` by position, or by
  seat where every game was played in seat order), with the first player's win rate as the effect;
- policies in mixed lineups: each policy's win rate against its fair share (`win_rates` by policy);
- comparisons of two runs: every metric of `compare_runs`.
A sentence names the first player ("moves first") only where the turn order is known: position 1, or seat 1 in a
group played in seat order. At most about ten bullets come out however many groups there are: significant findings
beyond their share are counted and left to the tables.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import polars as pl

from zoosim.analysis.grouping import CONTEXT
from zoosim.analysis.present import constant_context, fmt_p, group_labels

MAX_BULLETS = 10   # the summary's length, however many groups
MAX_METRICS = 3    # significant metrics named per comparison
MAX_LISTED = 4     # groups listed with their numbers in the no-evidence line


@dataclass(frozen=True)
class Findings:
    """The significant findings of one kind, most significant first; `more(k)` is the line that counts the k left
    to the tables; `fragment` is this kind's part of the no-evidence line."""

    sentences: list[str]
    more: Callable[[int], str]
    fragment: str = ""


NONE = Findings([], lambda k: "")


def _pm(mean: float, half: float) -> str:
    """`107.0 ± 0.5`, with a second decimal when the half-width would round to 0.0."""
    digits = 1 if half >= 0.05 else 2
    return f"{mean:.{digits}f} ± {half:.{digits}f}"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _rate(row: dict[str, Any], n_unit: str = "games") -> str:
    """`52.4% (95% CI 47.5–57.3%) against a fair 50%, n = 400 games`."""
    return (f"{_pct(row['win_rate'])} (95% CI {100 * row['ci_low']:.1f}–{_pct(row['ci_high'])}) against a fair "
            f"{100 * row['fair']:.3g}%, n = {int(row['n']):,} {n_unit}")


def _quiet_rate(row: dict[str, Any], test: dict[str, Any]) -> str:
    """`52.4% (95% CI 47.5–57.3%, n = 400 games, fair 50%, Holm p 0.342)`: a rate of the no-evidence line."""
    return (f"{_pct(row['win_rate'])} (95% CI {100 * row['ci_low']:.1f}–{_pct(row['ci_high'])}, n = "
            f"{int(row['n']):,} games, fair {100 * row['fair']:.3g}%, Holm p {fmt_p(test['p_holm'])})")


def _match(df: pl.DataFrame, row: dict[str, Any], keys: Sequence[str] = CONTEXT) -> pl.DataFrame:
    return df.filter(pl.all_horizontal([pl.col(k) == row[k] for k in keys if k in df.columns]))


def _where(row: dict[str, Any], context: dict[str, Any]) -> str:
    """`2-player games`, `4p-u2-6-4 (4 players)`, `3-player castles games with greedy vs uniform`."""
    text = f"{row['players']}-player " + (f"{row['game']} " if "game" not in context else "") + "games"
    if "variant" not in context:
        text = f"{row['variant']} ({row['players']} players" + (f", {row['game']}" if "game" not in context else "") + ")"
    return text + (f" with {row['lineup']}" if "lineup" not in context else "")


def _join_names(names: list[str]) -> str:
    """`a, b and c`; player counts as `2-, 3- and 4-player games`."""
    if all(n.endswith(" players") and n.split()[0].isdigit() for n in names):
        numbers = [n.split()[0] for n in names]
        return (", ".join(f"{p}-" for p in numbers[:-1]) + (" and " if len(numbers) > 1 else "")
                + f"{numbers[-1]}-player games")
    return ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + names[-1]


def _first_player(known: bool, key: str) -> str:
    if key == "position":
        return "the first player (position 1)"
    return "the first player (seat 1)" if known else "seat 1"


def turn_order_findings(rates: pl.DataFrame, balance: pl.DataFrame, key: str,
                        seat_order: dict[tuple, bool] | None = None) -> Findings:
    """Sentences for the groups where turn order matters, the no-evidence fragment for the others.

    `rates` is `win_rates` by `key` (position, or seat), `balance` its chi-square table (`seat_balance` by the same
    key); `seat_order` maps a group's context tuple to whether its games were played in seat order (needed only
    when `key` is seat: only then is seat 1 the first player).
    """
    if balance.is_empty() or rates.is_empty():
        return NONE
    context = constant_context(rates)
    labels = dict(zip([tuple(r[k] for k in CONTEXT) for r in balance.iter_rows(named=True)], group_labels(balance)))
    significant, quiet = [], []
    for b in balance.iter_rows(named=True):
        group = tuple(b[k] for k in CONTEXT)
        known = key == "position" or bool((seat_order or {}).get(group, False))
        part = _match(rates, b)
        first = part.filter(pl.col(key) == 0)
        if first.is_empty():
            continue
        f = first.row(0, named=True)
        who = _first_player(known, key)
        test = f"chi-square {b['chi2']:.1f} on {b['df']} df, Holm p {fmt_p(b['p_holm'])}"
        if b["significant"]:
            what = "Turn order matters" if known else "Seats differ"
            text = f"{what} in {_where(b, context)}: {who} wins {_rate(f)} ({test})."
            best = int(b[f"best_{key}"])
            if best != 0 and int(b["players"]) > 2:  # with two players the first one's rate says it already
                r = part.filter(pl.col(key) == best).row(0, named=True)
                text += f" {key.capitalize()} {best + 1} does best: {_rate(r)}."
            significant.append((b["p_holm"], text))
        else:
            quiet.append((labels[group], who, f, b))
    significant.sort(key=lambda item: item[0])
    sentences = [text for _, text in significant]
    fragment = ""
    if quiet:
        in_order = key == "position" or all((seat_order or {}).get(tuple(q[3][k] for k in CONTEXT), False) for q in quiet)
        what = "turn order" if in_order else "the seats' win rates"
        who = _first_player(in_order, key)
        names = _join_names([q[0] for q in quiet])
        if len(quiet) <= MAX_LISTED:
            items = [_quiet_rate(q[2], q[3]) for q in quiet]
            fragment = (f"{what} in {names}: {who} wins {items[0]}" if len(quiet) == 1 else
                        f"{what} in {names}, where {who} wins {_join_names(items)} respectively")
        else:
            low = min(q[3]["p_holm"] for q in quiet)
            fragment = (f"{what} in {len(quiet)} groups (smallest chi-square Holm p {fmt_p(low)}; the first players' "
                        "win rates are in the win-rate table)")
    return Findings(sentences, lambda k: f"Turn order matters in {k} more groups (the turn-order balance table).",
                    fragment)


def policy_findings(rates: pl.DataFrame) -> Findings:
    """Sentences for the policies whose win rate differs from their fair share in mixed lineups, the no-evidence
    fragment for the others; `rates` is `win_rates` by policy."""
    if rates.is_empty():
        return NONE
    mixed = rates.filter(pl.col("policy").n_unique().over(list(CONTEXT)) > 1)
    if mixed.is_empty():
        return NONE
    context = constant_context(mixed)
    sig = mixed.filter(pl.col("significant")).sort("p_holm")
    sentences = []
    for r in sig.iter_rows(named=True):
        verb = "wins more" if r["excess"] > 0 else "wins less"
        sentences.append(f"{r['policy']} {verb} than its share in {_where(r, context)}: {_rate(r, 'seat-games')} "
                         f"(Holm p {fmt_p(r['p_holm'])}).")
    rest = mixed.filter(~pl.col("significant"))
    fragment = ""
    if not rest.is_empty():
        names = list(dict.fromkeys(rest["policy"].to_list()))
        smallest = f"smallest Holm p {fmt_p(float(rest['p_holm'].min()))}"
        fragment = (f"the win rates of {_join_names(names)} against their fair share ({smallest})" if len(names) > 1
                    else f"the win rate of {names[0]} against its fair share ({smallest})")
    return Findings(sentences, lambda k: f"{k} more policy win rates differ from the fair share (Who wins: "
                                         "policies).", fragment)


def _is_rate(metric: str) -> bool:
    return "rate" in metric


def _difference(r: dict[str, Any]) -> str:
    if _is_rate(r["metric"]):
        return (f"{r['metric']} {100 * r['diff']:+.1f} points (95% CI {100 * r['ci_low']:+.1f} to "
                f"{100 * r['ci_high']:+.1f})")
    return f"{r['metric']} {r['diff']:+.2f} (95% CI {r['ci_low']:+.2f} to {r['ci_high']:+.2f})"


def compare_how(diff: pl.DataFrame) -> str:
    """`paired on shared seeds, n = 60 games` or `unpaired (no shared seeds), n = 60 and 80 games`."""
    paired = bool(diff["paired"][0])
    how = "paired on shared seeds" if paired else "unpaired: no shared seeds"
    return f"{how}, n = {diff['n_a'][0]:,}" + ("" if paired else f" and {diff['n_b'][0]:,}") + " games"


def compare_findings(pairs: Sequence[tuple[pl.DataFrame, str, str]]) -> Findings:
    """A sentence per comparison with significant differences, the no-evidence fragment for the others; `pairs`
    holds (compare_runs table, name of A, name of B)."""
    found, quiet = [], []
    for diff, a, b in pairs:
        if diff.is_empty():
            continue
        sig = diff.filter(pl.col("significant")).sort("p_holm")
        if sig.is_empty():
            quiet.append(f"{b} vs {a} ({compare_how(diff)})")
            continue
        parts = [_difference(r) for r in sig.head(MAX_METRICS).iter_rows(named=True)]
        more = f"; {sig.height - MAX_METRICS} more in its table" if sig.height > MAX_METRICS else ""
        found.append((float(sig["p_holm"].min()), -sig.height,
                      f"{b} vs {a} ({compare_how(diff)}), significant after Holm: {'; '.join(parts)}{more}."))
    found.sort(key=lambda item: (item[0], item[1]))
    fragment = "any metric of " + "; ".join(quiet) if quiet else ""
    return Findings([text for _, _, text in found], lambda k: f"{k} more comparisons show significant differences "
                    "(their Comparison sections).", fragment)


def no_evidence_line(fragments: Sequence[str]) -> list[str]:
    """One line for everything that shows no evidence of a difference (nothing when there is no such thing)."""
    kept = [f for f in fragments if f]
    if not kept:
        return []
    return ["No evidence of a difference after Holm correction for " + "; for ".join(kept) + "."]


def outcome_line(scores: pl.DataFrame, outcomes: pl.DataFrame, length: pl.DataFrame) -> list[str]:
    """Scores and length in one line: the group's numbers when there is one group, else the groups with the lowest
    and highest winning score and game length (each with its interval and n)."""
    from zoosim.analysis.present import outcome_sentences

    if outcomes.height <= 1:
        return outcome_sentences(scores, outcomes, length)
    labelled = outcomes.with_columns(pl.Series("_label", group_labels(outcomes)))
    lo, hi = labelled.sort("winning_score").row(0, named=True), labelled.sort("winning_score").row(-1, named=True)

    def score(r: dict[str, Any]) -> str:
        half = (r["winning_score_ci_high"] - r["winning_score_ci_low"]) / 2
        return f"{_pm(r['winning_score'], half)} in {r['_label']} (n = {int(r['n']):,})"

    if lo["winning_score"] == hi["winning_score"] and lo["winning_score_ci_low"] == hi["winning_score_ci_high"]:
        text = f"The winner scores {lo['winning_score']:g} in every group"  # e.g. New York Zoo: 0 squares left
    else:
        text = f"The winner scores from {score(lo)} to {score(hi)}"
    rounds = length.filter(pl.col("metric") == "rounds")
    if rounds.height > 1:
        rounds = rounds.with_columns(pl.Series("_label", group_labels(rounds.drop("metric"))))
        short, long = rounds.sort("mean").row(0, named=True), rounds.sort("mean").row(-1, named=True)

        def lasting(r: dict[str, Any]) -> str:
            return f"{_pm(r['mean'], (r['ci_high'] - r['ci_low']) / 2)} rounds in {r['_label']} (n = {int(r['n']):,})"

        text += f"; games last from {lasting(short)} to {lasting(long)}"
    return [text + " (± the 95% interval; every group in the Scores and Game length tables)."]


def summary(turn: Findings, policies: Findings, compares: Findings, outcomes: list[str],
            notes: Sequence[str] = ()) -> list[str]:
    """The summary bullets, at most MAX_BULLETS (notes on the data aside): significant findings (turn order, then
    policies, then comparisons; a line counts those left to the tables), one no-evidence line, the outcomes."""
    kinds = (turn, policies, compares)
    quiet = no_evidence_line([k.fragment for k in kinds])
    room = max(len(kinds), MAX_BULLETS - len(quiet) - len(outcomes))

    def needed(shown: list[int]) -> int:  # named findings, plus a line per kind counting those left out
        return sum(shown) + sum(1 for kind, n in zip(kinds, shown) if n < len(kind.sentences))

    shown = [0] * len(kinds)
    grown = True
    while grown:  # one more of each kind in turn while it fits, so every kind gets its share
        grown = False
        for i, kind in enumerate(kinds):
            more = shown[:i] + [shown[i] + 1] + shown[i + 1:]
            if shown[i] < len(kind.sentences) and needed(more) <= room:
                shown, grown = more, True
    lines = []
    for kind, n in zip(kinds, shown):
        lines += kind.sentences[:n]
        if n < len(kind.sentences):
            lines.append(kind.more(len(kind.sentences) - n))
    return [*lines, *quiet, *outcomes, *notes]


def _order_kind(row: dict[str, Any]) -> str:
    if not row["recorded"]:
        return "unknown"
    if row["seat_order"]:
        return "rotated" if row["rotated"] else "seat"
    return "varies"


def turn_order_line(order: pl.DataFrame) -> str:
    """One line on how the turn order was set, from `turn_order` (derived from the data: position against seat in
    every row, and the rotation column), e.g. `Turn order: seat order in every game (seat 1 moves first).`"""
    if order.is_empty():
        return ""
    groups = order.group_by(list(CONTEXT), maintain_order=True).agg(
        pl.col("seat_order").first(), pl.col("rotated").first(), pl.col("recorded").first(),
        pl.col("games").first(), pl.col("seat"), pl.col("in_position_1"))
    groups = groups.with_columns(pl.Series("_label", group_labels(groups)),
                                 pl.Series("_kind", [_order_kind(r) for r in groups.iter_rows(named=True)]))
    kinds = list(dict.fromkeys(groups["_kind"].to_list()))
    every = len(kinds) == 1
    parts = []
    for kind in kinds:
        part = groups.filter(pl.col("_kind") == kind)
        where = "in every game" if every else "in " + _join_names(part["_label"].to_list())
        if kind == "seat":
            parts.append(f"seat order {where} (seat 1 moves first; position = seat in every game)")
        elif kind == "rotated":
            parts.append(f"seat order {where} (seat 1 moves first), each deal played once in every seat rotation "
                         "(--rotate-seats), so each policy moves first in an equal share of the games")
        elif kind == "unknown":
            parts.append(f"not recorded {where} (simulated before zoosim logged the turn order): seats there are "
                         "policy slots, and no seat is said to move first")
        else:
            text = "set per game by the rules, not by seat" + ("" if every else f", {where}")
            if part.height == 1:
                r = part.row(0, named=True)
                counts = [f"seat {s + 1} in {int(m):,}" for s, m in zip(r["seat"], r["in_position_1"])]
                text += f" (in {int(r['games']):,} games the first player was {_join_names(counts)})"
            else:
                text += " (how often each seat moved first: the turn-order table)"
            if bool(part["rotated"].any()):
                text += "; each deal was also played in every seat rotation (--rotate-seats)"
            parts.append(text)
    return "Turn order: " + "; ".join(parts) + "."
