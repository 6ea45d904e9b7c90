"""Tension metrics against small rounds logs written by hand: every expected number is worked out here."""
from __future__ import annotations

import json
import math
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import polars as pl
import pytest

from zoosim.analysis.load import load_run
from zoosim.analysis.synthetic import synthetic_rows, write_run
from zoosim.analysis.tension import (comeback_rates, decided_when, display_tension, has_rounds_log, lead_changes,
                                     leader_win_rates, open_rounds, tension_sentences, tension_tables)
from zoosim.games.base import ZoosimError
from tests.support.paths import REPO

ROUND_DTYPES = {"players": pl.Int8, "game_index": pl.Int64, "seed": pl.Int64, "rotation": pl.Int8, "seat": pl.Int8,
                "round": pl.Int16, "provisional_score": pl.Int16}

# A hand game: provisional scores after each round (one tuple of seats per round), final ranks, win shares.
HandGame = tuple[Sequence[Sequence[int]], Sequence[int], Sequence[float]]

THREE_PLAYER_GAMES: list[HandGame] = [
    # A: leaders 0, tie(0,1), 1, 0 -> 2 changes; seat 0 wins; tied for the lead at halfway (round 2);
    #    led alone for good only from round 4 of 4.
    ([(2, 1, 0), (3, 3, 1), (4, 6, 2), (8, 7, 5)], (1, 2, 3), (1.0, 0.0, 0.0)),
    # B: leaders tie, 2, 1, 1 -> 1 change; seat 1 wins from behind at halfway (2 < 3); alone from round 3 of 4.
    ([(0, 0, 0), (1, 2, 3), (2, 5, 4), (3, 9, 6)], (2, 1, 3), (0.0, 1.0, 0.0)),
    # C: leaders 0, tie(0,1) -> 0 changes; the tie on top goes to seat 1 by the tie-break (coins): behind after
    #    round ceil(2/2) = 1; never the sole leader, so undecided.
    ([(5, 1, 1), (6, 6, 2)], (2, 1, 3), (0.0, 1.0, 0.0)),
    # D: leaders 1, 0, tie(0,1) -> 1 change; shared win of seats 0 and 1; after round ceil(3/2) = 2 seat 0 leads
    #    and seat 1 is behind, so half the win is a comeback; undecided (no sole winner).
    ([(1, 2, 0), (4, 2, 1), (5, 5, 3)], (1, 1, 3), (0.5, 0.5, 0.0)),
]
# E (2 players): leaders 0, 1, 0 -> 2 changes; seat 0 wins, behind after round 2 (1 < 2); alone from round 3 of 3.
TWO_PLAYER_GAMES: list[HandGame] = [([(1, 0), (1, 2), (3, 2)], (1, 2), (1.0, 0.0))]


def write_tension_run(path: Path, games: Sequence[HandGame], rounds_log: bool = True, seed: int = 7) -> Path:
    """A run (main rows + rounds/part-00000.parquet) of hand games, in the engine's on-disk layout."""
    main, per_round = [], []
    for index, (by_round, ranks, shares) in enumerate(games):
        players = len(ranks)
        for seat in range(players):
            main.append({"players": players, "game_index": index, "seed": seed, "rotation": 0, "seat": seat,
                         "policy": "greedy", "score": by_round[-1][seat], "rank": ranks[seat],
                         "win_share": shares[seat], "rounds": len(by_round), "turns": len(by_round) * players})
            per_round += [{"players": players, "game_index": index, "seed": seed, "rotation": 0, "seat": seat,
                           "policy": "greedy", "round": k, "provisional_score": scores[seat]}
                          for k, scores in enumerate(by_round, 1)]
    run = write_run(path, pl.DataFrame(main), components=(), policies=["greedy"], rounds_log=rounds_log)
    if rounds_log:
        write_rounds(run, pl.DataFrame(per_round))
    return run


def write_rounds(run: Path, rows: pl.DataFrame) -> None:
    df = rows.with_columns(pl.lit(run.name).alias("run_id"), pl.lit("zooloretto").alias("game"),
                           pl.lit("default").alias("variant"))
    df = df.with_columns([pl.col(k).cast(t) for k, t in ROUND_DTYPES.items()])
    (run / "rounds").mkdir(exist_ok=True)
    df.write_parquet(run / "rounds" / "part-00000.parquet")


@pytest.fixture()
def hand_runs(tmp_path: Path) -> list[Path]:
    return [write_tension_run(tmp_path / "three", THREE_PLAYER_GAMES),
            write_tension_run(tmp_path / "two", TWO_PLAYER_GAMES)]


def frames(paths: list[Path]) -> tuple[pl.LazyFrame, pl.LazyFrame]:
    return open_rounds(paths), load_run(paths)


def test_lead_changes_skip_tied_rounds(hand_runs: list[Path]) -> None:
    df = lead_changes(*frames(hand_runs))
    assert df["players"].to_list() == [2, 3]
    two, three = df.row(0, named=True), df.row(1, named=True)
    assert (two["n"], two["mean"], two["max"]) == (1, 2.0, 2)
    assert math.isnan(two["ci_low"])  # one game: no interval
    # 3 players: changes 2, 1, 0, 1 -> mean 1, sd sqrt(2/3), t(3) = 3.182446
    assert (three["n"], three["mean"], three["median"], three["max"]) == (4, 1.0, 1.0, 2)
    assert three["sd"] == pytest.approx(math.sqrt(2 / 3))
    half = 3.182446 * math.sqrt(2 / 3) / 2
    assert (three["ci_low"], three["ci_high"]) == pytest.approx((1 - half, 1 + half), abs=1e-5)


def test_leader_win_rates_per_round_count_ties_apart(hand_runs: list[Path]) -> None:
    df = leader_win_rates(*frames(hand_runs))
    three = df.filter(pl.col("players") == 3)
    assert three["round"].to_list() == [1, 2, 3, 4]
    assert three["n_games"].to_list() == [4, 4, 3, 2]  # C ends after 2 rounds, D after 3
    assert three["tied"].to_list() == [1, 2, 1, 0]
    assert three["n"].to_list() == [3, 2, 2, 2]
    # round 1: A's leader wins (1), C's loses (0), D's shares the win (0.5); round 2: B's leader loses, D's
    # shares; round 3: A's leader loses, B's wins; round 4: both leaders win.
    assert three["win_rate"].to_list() == pytest.approx([1.5 / 3, 0.5 / 2, 1 / 2, 1.0])
    assert three["fair"].to_list() == pytest.approx([1 / 3] * 4)
    two = df.filter(pl.col("players") == 2)
    assert two["win_rate"].to_list() == [1.0, 0.0, 1.0] and two["tied"].to_list() == [0, 0, 0]
    # Wilson 95% for 1.5 of 3: z^2 = 3.8415, denominator 1 + z^2/3 = 2.2805, centre (0.5 + z^2/6) / 2.2805 = 0.5,
    # half 1.96 * sqrt(0.25/3 + z^2/36) / 2.2805 = 0.3747
    row = three.row(0, named=True)
    assert (row["ci_low"], row["ci_high"]) == pytest.approx((0.1253, 0.8747), abs=1e-4)
    assert (df["ci_low"] <= df["win_rate"]).all() and (df["win_rate"] <= df["ci_high"]).all()


def test_comeback_rate_at_halfway_and_elsewhere(hand_runs: list[Path]) -> None:
    df = comeback_rates(*frames(hand_runs))
    # 3 players: A 0 (tied for the lead is not behind), B 1, C 1, D 0.5 -> 2.5 / 4; 2 players: E 1 of 1
    assert df["players"].to_list() == [2, 3]
    assert df["n"].to_list() == [1, 4]
    assert df["comeback_rate"].to_list() == pytest.approx([1.0, 0.625])
    assert df["at"].to_list() == [0.5, 0.5]
    # At three quarters: A round 3 (seat 0 behind 4 < 6) 1, B round 3 (leads) 0, C round ceil(1.5) = 2 (tied) 0,
    # D round ceil(2.25) = 3 (both winners tied on top) 0 -> 1 / 4; E round ceil(2.25) = 3 (leads) 0.
    late = comeback_rates(*frames(hand_runs), at=0.75)
    assert late["comeback_rate"].to_list() == pytest.approx([0.0, 0.25])
    with pytest.raises(ZoosimError, match="bad comeback reference"):
        comeback_rates(*frames(hand_runs), at=1.5)


def test_decided_fraction_and_undecided_games(hand_runs: list[Path]) -> None:
    df = decided_when(*frames(hand_runs))
    two, three = df.row(0, named=True), df.row(1, named=True)
    # 3 players: A 4/4, B 3/4; C (tie-break) and D (shared win) undecided
    assert (three["n_games"], three["undecided"], three["n"]) == (4, 2, 2)
    assert three["mean"] == pytest.approx(0.875) and three["median"] == pytest.approx(0.875)
    assert three["q10"] == pytest.approx(0.775) and three["q90"] == pytest.approx(0.975)
    # 2 players: E 3/3
    assert (two["n_games"], two["undecided"], two["n"], two["mean"]) == (1, 0, 1, 1.0)


def test_tables_together_equal_tables_alone(hand_runs: list[Path]) -> None:
    together = tension_tables(*frames(hand_runs), by="variant")
    assert together["lead_changes"].equals(lead_changes(*frames(hand_runs), by="variant"))
    assert together["leader_wins"].equals(leader_win_rates(*frames(hand_runs), by="variant"))
    assert together["comebacks"].equals(comeback_rates(*frames(hand_runs), by="variant"))
    assert together["decided"].equals(decided_when(*frames(hand_runs), by="variant"))
    assert together["decided"].columns[:4] == ["variant", "game", "lineup", "players"]


def test_led_from_the_first_round(tmp_path: Path) -> None:
    # seat 1 leads alone after every round: decided at round 1 of 4 (0.25), no lead change, no comeback;
    # the round-1 leader wins.
    run = write_tension_run(tmp_path / "wire", [([(0, 1), (2, 3), (2, 5), (4, 9)], (2, 1), (0.0, 1.0))])
    tables = tension_tables(*frames([run]))
    assert tables["decided"]["mean"].to_list() == [0.25]
    assert tables["lead_changes"]["mean"].to_list() == [0.0]
    assert tables["comebacks"]["comeback_rate"].to_list() == [0.0]
    assert tables["leader_wins"]["win_rate"].to_list() == [1.0] * 4


def test_negative_scores_and_high_seats(tmp_path: Path) -> None:
    # 4 players: leaders 3, tie(1,2), tie(0,3), 0 -> 1 change; seat 0 wins, behind after round 2 (-2 < 0),
    # alone only from round 4 of 4.
    game = ([(-1, -1, -1, 0), (-2, 0, 0, -5), (3, -2, 1, 3), (4, 0, 0, 3)], (1, 2, 2, 4), (1.0, 0.0, 0.0, 0.0))
    tables = tension_tables(*frames([write_tension_run(tmp_path / "low", [game])]))
    assert tables["lead_changes"]["mean"].to_list() == [1.0]
    assert tables["leader_wins"]["tied"].to_list() == [0, 1, 1, 0]
    assert tables["leader_wins"]["win_rate"].to_list()[::3] == [0.0, 1.0]
    assert tables["comebacks"]["comeback_rate"].to_list() == [1.0]
    assert tables["decided"]["mean"].to_list() == [1.0]


def test_winner_comes_from_the_main_dataset(tmp_path: Path) -> None:
    # Provisional scores tie on top after the last round; the main dataset gives the win to seat 0 (coins).
    run = write_tension_run(tmp_path / "coins", [([(3, 1), (5, 5)], (1, 2), (1.0, 0.0))])
    tables = tension_tables(*frames([run]))
    assert tables["leader_wins"]["tied"].to_list() == [0, 1]
    assert tables["leader_wins"]["win_rate"].to_list()[0] == 1.0
    assert tables["decided"]["undecided"].to_list() == [1]
    assert tables["comebacks"]["comeback_rate"].to_list() == [0.0]  # led after round 1


def test_missing_rounds_log_is_one_line(tmp_path: Path, hand_runs: list[Path]) -> None:
    plain = write_tension_run(tmp_path / "plain", TWO_PLAYER_GAMES, rounds_log=False)
    assert not has_rounds_log(plain) and has_rounds_log(hand_runs[0])
    with pytest.raises(ZoosimError, match=r"plain has no rounds log; simulate it with --rounds-log$"):
        open_rounds([hand_runs[0], plain])
    with pytest.raises(ZoosimError, match="is not a run"):
        open_rounds(tmp_path / "nowhere")


def test_display_and_sentences(hand_runs: list[Path]) -> None:
    tables = tension_tables(*frames(hand_runs))
    title, header, rows = display_tension("leader_wins", tables["leader_wins"])
    assert title.startswith("How often the leader after round k wins") and "policies: greedy" in title
    assert header == ["players", "round", "n games", "tied", "n", "win rate", "95% CI", "fair"]
    assert rows[0][:6] == ["2", "1", "1", "0", "1", "100.0%"] and rows[0][7] == "50.0%"
    _, header, rows = display_tension("comebacks", tables["comebacks"])
    assert rows[1][header.index("comeback rate")] == "62.5%"
    sentences = tension_sentences(tables)
    assert len(sentences) == 2
    assert sentences[1].startswith("In 3-player games (n = 4) the lead changes 1.00 times per game")
    assert "62.5%" in sentences[1] and "50% of games end without a sole leader" in sentences[1]


def test_report_has_a_tension_section(tmp_path: Path, hand_runs: list[Path]) -> None:
    from zoosim.report.build import build_report

    plain = write_run(tmp_path / "plain", synthetic_rows(50, 3, seed=2))
    readme = (build_report([plain], tmp_path / "r0") / "README.md").read_text()
    assert "## Tension" not in readme
    out = build_report(hand_runs, tmp_path / "r1")
    readme = (out / "README.md").read_text()
    tension = readme.split("## Tension", 1)[1]
    assert "](charts/leader_win_rates.png)" in tension
    assert (out / "charts" / "leader_win_rates.png").stat().st_size > 1000
    for title in ("Lead changes per game", "How often the leader after round k wins", "Comebacks",
                  "When the winner was decided"):
        assert title in tension
    assert "In 3-player games (n = 4)" in tension
    assert "Tension" in (out / "index.html").read_text()


def test_cli_analyze_tension(tmp_path: Path, hand_runs: list[Path]) -> None:
    repo = REPO
    run = [sys.executable, "-m", "zoosim", "analyze", *map(str, hand_runs), "--tension"]
    result = subprocess.run([*run, "--format", "json"], check=False, capture_output=True, text=True, cwd=repo, timeout=120)
    assert result.returncode == 0, result.stderr
    tables = json.loads(result.stdout)
    assert set(tables) == {"lead_changes", "leader_wins", "comebacks", "decided"}
    assert [r["comeback_rate"] for r in tables["comebacks"]] == [1.0, 0.625]
    result = subprocess.run(run, check=False, capture_output=True, text=True, cwd=repo, timeout=120)
    assert result.returncode == 0 and "Lead changes per game" in result.stdout
    plain = write_tension_run(tmp_path / "plain", TWO_PLAYER_GAMES, rounds_log=False)
    result = subprocess.run([sys.executable, "-m", "zoosim", "analyze", str(plain), "--tension"],
                            check=False, capture_output=True, text=True, cwd=repo, timeout=120)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [f"error: {plain} has no rounds log; simulate it with --rounds-log"]


def test_end_to_end_on_a_simulated_run(tmp_path: Path) -> None:
    """`simulate --rounds-log` then the tension analysis: the two datasets agree and every number is sane."""
    from zoosim.analysis.scores import game_outcomes

    repo = REPO
    out = tmp_path / "g3"
    result = subprocess.run([sys.executable, "-m", "zoosim", "simulate", "zooloretto", "--players", "3", "--games",
                             "200", "--seed", "1", "--policy", "greedy", "--rounds-log", "--out", str(out)],
                            check=False, capture_output=True, text=True, cwd=repo, timeout=600)
    assert result.returncode == 0, result.stderr
    assert has_rounds_log(out)
    rounds, games = frames([out])
    # Every game logs rounds 1..rounds for every seat; after the last round the provisional score is the score.
    per_seat = rounds.group_by("game_index", "rotation", "seat").agg(
        pl.len().alias("logged"), pl.col("round").min().alias("first"), pl.col("round").max().alias("last"),
        pl.col("provisional_score").sort_by("round").last().alias("final"))
    joined = per_seat.join(games, on=["game_index", "rotation", "seat"]).collect()
    assert joined.height == 200 * 3
    assert (joined["first"] == 1).all() and (joined["last"] == joined["rounds"]).all()
    assert (joined["logged"] == joined["rounds"]).all() and (joined["final"] == joined["score"]).all()

    tables = tension_tables(rounds, games)
    leaders = tables["leader_wins"]
    assert leaders["n_games"][0] == 200 and (leaders["n"] + leaders["tied"] == leaders["n_games"]).all()
    assert leaders["win_rate"].is_between(0, 1).all()
    assert (leaders["ci_low"] <= leaders["win_rate"]).all() and (leaders["win_rate"] <= leaders["ci_high"]).all()
    assert tables["lead_changes"]["n"].to_list() == [200] and tables["lead_changes"]["mean"][0] >= 0
    assert tables["comebacks"]["n"].to_list() == [200]
    assert tables["comebacks"]["comeback_rate"].is_between(0, 1).all()
    decided = tables["decided"].row(0, named=True)
    assert decided["n"] + decided["undecided"] == 200 and 0 < decided["q10"] <= decided["q90"] <= 1
    # Undecided games are exactly the games whose top score is shared (final provisional score = score).
    assert decided["undecided"] == game_outcomes(games, by="players")["ties"][0]
