"""A report says "moves first" only of the player who did: hand-built runs where seat and position disagree."""
from __future__ import annotations

import html
import re
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest

from zoosim.analysis.synthetic import synthetic_rows, write_run
from zoosim.report.build import build_report
from tests.support.paths import REPO

FIRST = re.compile(r"\b(moves|moved) first\b")
NAMED = re.compile(r"\b(seat|position)s?\b", re.IGNORECASE)


def first_claims(texts: list[str]) -> list[tuple[str, str]]:
    """Every (seat | position, text) where a text says that a seat or a position moves or moved first: the nearest
    mention of either before the words, or `the first player (seat k)`."""
    claims = []
    for text in texts:
        for match in FIRST.finditer(text):
            before = NAMED.findall(text[max(0, match.start() - 40): match.start()])
            if before:
                claims.append((before[-1].lower(), text))
        claims += [("seat", text) for _ in re.finditer(r"first player \(seat", text)]
    return claims


def test_the_checker_catches_a_seat_said_to_move_first() -> None:
    assert first_claims(["seat (1 moves first)"]) == [("seat", "seat (1 moves first)")]
    assert first_claims(["Seats are numbered from 1 (seat 1 moves first)."])[0][0] == "seat"
    assert first_claims(["the first player (seat 1) wins 52%"])[0][0] == "seat"
    assert first_claims(["turn position (1 = moved first)"])[0][0] == "position"
    assert first_claims(["in 400 games the first player was seat 1 in 203"]) == []


def report_texts(out: Path) -> list[str]:
    """What a reader sees: every line of the README and every text of every chart (SVGs keep text as text)."""
    texts = (out / "README.md").read_text().splitlines()
    for svg in sorted((out / "charts").glob("*.svg")):
        texts += [html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg.read_text())]
    return texts


def drawn_run(tmp_path: Path, name: str = "an", policy: str = "heuristic") -> tuple[Path, pl.DataFrame]:
    """Ark Nova-like: each game draws who moves first; the first player gets a clear edge, seat 0 none."""
    rows = synthetic_rows(1500, 2, seed=11, seat_edge=6.0, drawn_order=True, policy=policy)
    return write_run(tmp_path / name, rows, components=(), game="ark-nova"), rows


def test_drawn_order_report_is_by_position_and_says_the_truth(tmp_path: Path) -> None:
    run, rows = drawn_run(tmp_path)
    out = build_report([run], tmp_path / "rep", by="players")
    claims = first_claims(report_texts(out))
    assert claims and {kind for kind, _ in claims} == {"position"}, claims
    readme = (out / "README.md").read_text()
    # the summary gives the first player's real win rate: position 0's, not seat 0's
    first = rows.filter(pl.col("position") == 0)["win_share"].mean()
    seat0 = rows.filter(pl.col("seat") == 0)["win_share"].mean()
    assert abs(first - seat0) > 0.05
    summary = readme.split("## Summary", 1)[1].split("\n## ", 1)[0]
    assert f"the first player (position 1) wins {100 * first:.1f}% (95% CI " in summary
    assert "n = 1,500 games" in summary and "Turn order matters" in summary
    assert "## Who wins: turn order" in readme and "## Who wins: seats" not in readme
    assert "Turn order: set per game by the rules, not by seat (in 1,500 games the first player was seat 1 in" in readme
    assert (out / "charts" / "position_win_rates.png").exists()
    assert not (out / "charts" / "seat_win_rates.png").exists()  # one policy: no policy-slot view


def test_the_policy_slot_view_comes_only_when_policies_differ(tmp_path: Path) -> None:
    rows = synthetic_rows(600, 2, seed=3, drawn_order=True).with_columns(
        pl.when(pl.col("seat") == 0).then(pl.lit("greedy")).otherwise(pl.lit("uniform")).alias("policy"))
    run = write_run(tmp_path / "mixed", rows, components=(), game="ark-nova", policies=["greedy", "uniform"])
    out = build_report([run], tmp_path / "rep")
    readme = (out / "README.md").read_text()
    assert "](charts/position_win_rates.png)" in readme and "](charts/seat_win_rates.png)" in readme
    assert "Win rate by seat (policy slot)" in readme
    assert {kind for kind, _ in first_claims(report_texts(out))} == {"position"}


def test_seat_order_report_may_say_seat_1_moves_first(tmp_path: Path) -> None:
    rows = synthetic_rows(800, 3, seed=2, seat_edge=6.0)
    out = build_report([write_run(tmp_path / "zoo", rows)], tmp_path / "rep")
    readme = (out / "README.md").read_text()
    assert "## Who wins: seats" in readme
    assert "Turn order: seat order in every game (seat 1 moves first; position = seat in every game)." in readme
    first = rows.filter(pl.col("seat") == 0)["win_share"].mean()
    assert f"the first player (seat 1) wins {100 * first:.1f}%" in readme
    svg = (out / "charts" / "seat_win_rates.svg").read_text()
    assert "seat (1 moves first)" in svg


def test_a_study_mixing_both_orders_is_by_position(tmp_path: Path) -> None:
    fixed = write_run(tmp_path / "fixed", synthetic_rows(500, 2, seed=4), components=(), game="castles",
                      variant='first_mb="seat0"')
    drawn = write_run(tmp_path / "drawn", synthetic_rows(500, 2, seed=5, drawn_order=True), components=(),
                      game="castles")
    out = build_report([fixed, drawn], tmp_path / "rep", names=["2p-seat0", "2p-random"], by="variant")
    texts = report_texts(out)
    claims = first_claims(texts)
    # seat 1 is said to move first only of the run played in seat order; the charts and tables are by position
    seat_claims = [text for kind, text in claims if kind == "seat"]
    assert seat_claims and all("seat order in 2p-seat0 (seat 1 moves first" in text for text in seat_claims)
    assert "turn position (1 = moved first)" in texts and "seat (1 moves first)" not in texts
    readme = "\n".join(texts)
    assert "Turn order: set per game by the rules, not by seat, in 2p-random (in 500 games" in readme
    assert "| 2p-seat0 | castles | 2 | heuristic | 500 | 4 | first_mb=\"seat0\" |" in readme


def test_report_by_position_on_the_command_line(tmp_path: Path) -> None:
    run, _ = drawn_run(tmp_path)
    old = write_run(tmp_path / "old", synthetic_rows(50, 2, seed=1).drop("position"), components=(),
                    game="ark-nova")
    env_cmd = [sys.executable, "-m", "zoosim"]
    ok = subprocess.run([*env_cmd, "analyze", str(run), "--by", "position", "--format", "csv"], capture_output=True,
                        text=True, cwd=REPO)
    assert ok.returncode == 0, ok.stderr
    assert "# win_rates\ngame,lineup,variant,players,position," in ok.stdout
    assert "best_position" in ok.stdout
    refused = subprocess.run([*env_cmd, "report", str(old), "--by", "position", "--out", str(tmp_path / "r")],
                             capture_output=True, text=True, cwd=REPO)
    assert refused.returncode == 2 and "no `position` column" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1
    seat = subprocess.run([*env_cmd, "analyze", str(old)], capture_output=True, text=True, cwd=REPO)
    assert seat.returncode == 0 and "turn order is unknown" in seat.stdout


@pytest.mark.parametrize("by", ["seat", "position"])
def test_report_by_seat_or_position(tmp_path: Path, by: str) -> None:
    run, _ = drawn_run(tmp_path)
    out = build_report([run], tmp_path / "rep", by=by)
    readme = (out / "README.md").read_text()
    assert f"| {by} | n | mean |" in readme  # the scores table is broken down as asked
    assert {kind for kind, _ in first_claims(report_texts(out))} == {"position"}
