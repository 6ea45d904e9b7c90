"""Analysis tables against small runs written by hand: every expected number is worked out here."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import polars as pl
import pytest

from zoosim.analysis import (compare_runs, game_length, game_outcomes, load_run, open_runs, policy_matrix,
                             score_components, score_histogram, score_summary, seat_balance, win_rates)
from zoosim.analysis.synthetic import write_run
from zoosim.games.base import ZoosimError

COMPONENTS = ("full_enclosure_points", "barn_animal_penalty")


def hand_rows(games: Sequence[Sequence[tuple[int, int, float]]], seed: int = 7, rounds: Sequence[int] | None = None,
              policies: Sequence[str] | None = None) -> pl.DataFrame:
    """Rows from per-game lists of (score, rank, win_share) per seat; score = full - 2 (one barn species)."""
    records = []
    for g, seats in enumerate(games):
        for seat, (score, rank, share) in enumerate(seats):
            records.append({"players": len(seats), "game_index": g, "seed": seed, "rotation": 0, "seat": seat,
                            "policy": policies[seat] if policies else "heuristic", "score": score, "rank": rank,
                            "win_share": share, "rounds": rounds[g] if rounds else 10,
                            "turns": (rounds[g] if rounds else 10) * len(seats),
                            "full_enclosure_points": score + 2, "barn_animal_penalty": -2})
    return pl.DataFrame(records)


# Four 2-player games: seat 0 wins; seat 1 wins; shared win on a tie; tie decided by the tie-break for seat 1.
FOUR_GAMES = [
    [(30, 1, 1.0), (25, 2, 0.0)],
    [(20, 2, 0.0), (28, 1, 1.0)],
    [(22, 1, 0.5), (22, 1, 0.5)],
    [(24, 2, 0.0), (24, 1, 1.0)],
]


@pytest.fixture()
def four_games(tmp_path: Path) -> Path:
    return write_run(tmp_path / "four", hand_rows(FOUR_GAMES, rounds=[9, 10, 11, 14]), components=COMPONENTS)


def test_win_rates_split_ties(four_games: Path) -> None:
    df = win_rates(load_run(four_games), by="seat")
    # seat 0: 1 + 0.5 = 1.5 of 4; seat 1: 1 + 0.5 + 1 = 2.5 of 4
    assert df["seat"].to_list() == [0, 1]
    assert df["n"].to_list() == [4, 4]
    assert df["win_rate"].to_list() == pytest.approx([0.375, 0.625])
    assert df["fair"].to_list() == [0.5, 0.5]
    # score test: z = -0.125 / sqrt(0.25/4) = -0.5 -> p = 0.61708 for both seats; Holm: 2 * 0.617 -> 1
    assert df["p_value"].to_list() == pytest.approx([0.61708, 0.61708], abs=1e-5)
    assert df["p_holm"].to_list() == [1.0, 1.0]
    assert not df["significant"].any()
    assert (df["ci_low"] < df["win_rate"]).all() and (df["win_rate"] < df["ci_high"]).all()


def test_seat_balance_chi_square(four_games: Path) -> None:
    df = seat_balance(load_run(four_games))
    row = df.row(0, named=True)
    assert row["n_games"] == 4 and row["df"] == 1
    assert row["chi2"] == pytest.approx(0.25)
    assert row["p_value"] == pytest.approx(0.61708, abs=1e-5)
    assert row["best_seat"] == 1 and row["best_excess"] == pytest.approx(0.125)


def test_game_outcomes_ties_and_tiebreaks(four_games: Path) -> None:
    row = game_outcomes(load_run(four_games), by="players").row(0, named=True)
    assert row["n"] == 4
    assert row["winning_score"] == pytest.approx((30 + 28 + 22 + 24) / 4)
    assert row["margin"] == pytest.approx((5 + 8 + 0 + 0) / 4)
    assert row["ties"] == 2 and row["tie_rate"] == pytest.approx(0.5)
    assert row["tiebreaks"] == 1 and row["tiebreak_rate"] == pytest.approx(0.25)
    assert row["tiebreak_share_of_ties"] == pytest.approx(0.5)


def test_score_summary_and_histogram(four_games: Path) -> None:
    df = score_summary(load_run(four_games), by="seat")
    # seat 0 scores 30, 20, 22, 24: mean 24, sd = sqrt((36 + 16 + 4 + 0) / 3) = 4.3205
    seat0 = df.filter(pl.col("seat") == 0).row(0, named=True)
    assert seat0["mean"] == pytest.approx(24.0) and seat0["sd"] == pytest.approx(4.32049, abs=1e-5)
    assert seat0["min"] == 20 and seat0["max"] == 30 and seat0["median"] == pytest.approx(23.0)
    hist = score_histogram(load_run(four_games), by="players", bin_width=5)
    # 8 scores: 30, 25 | 20, 28 | 22, 22 | 24, 24 -> bins 20: 20,22,22,24,24 (5); 25: 25,28 (2); 30: 1
    assert hist["bin"].to_list() == [20, 25, 30] and hist["count"].to_list() == [5, 2, 1]
    assert hist["share"].sum() == pytest.approx(1.0)


def test_components_add_up_to_score(four_games: Path) -> None:
    runs = open_runs(four_games)
    assert runs.components == list(COMPONENTS)
    df = score_components(runs.frame, runs.components, by="players")
    means = dict(zip(df["component"], df["mean"]))
    # mean score = (30+25+20+28+22+22+24+24)/8 = 24.375; full = score + 2; barn = -2
    assert means == pytest.approx({"full_enclosure_points": 26.375, "barn_animal_penalty": -2.0})
    assert df["n"].to_list() == [8, 8]
    assert df.filter(pl.col("component") == "barn_animal_penalty")["sd"][0] == 0.0


def test_game_length_counts_games_not_seats(four_games: Path) -> None:
    df = game_length(load_run(four_games), by="players")
    rounds = df.filter(pl.col("metric") == "rounds").row(0, named=True)
    assert rounds["n"] == 4 and rounds["mean"] == pytest.approx(11.0)  # (9+10+11+14)/4
    turns = df.filter(pl.col("metric") == "turns").row(0, named=True)
    assert turns["mean"] == pytest.approx(22.0)


def test_by_policy_and_unknown_by(tmp_path: Path) -> None:
    run = write_run(tmp_path / "mixed", hand_rows(FOUR_GAMES, policies=["greedy", "uniform"]),
                    components=COMPONENTS, policies=["greedy", "uniform"])
    df = win_rates(load_run(run), by="policy")
    assert dict(zip(df["policy"], df["win_rate"])) == pytest.approx({"greedy": 0.375, "uniform": 0.625})
    assert df["lineup"].unique().to_list() == ["greedy vs uniform"]
    with pytest.raises(ZoosimError, match="unknown --by 'colour'; accepted: seat, position, policy, players, variant"):
        win_rates(load_run(run), by="colour")


def test_policy_matrix_counts_games_and_half_ties(tmp_path: Path) -> None:
    run = write_run(tmp_path / "mixed", hand_rows(FOUR_GAMES, policies=["greedy", "uniform"]),
                    components=COMPONENTS, policies=["greedy", "uniform"])
    df = policy_matrix(load_run(run))
    # greedy ahead in game 0, behind in 1, equal rank in 2 (1/2), behind in 3: 1.5 / 4
    row = df.filter(pl.col("policy") == "greedy").row(0, named=True)
    assert row["opponent"] == "uniform" and row["n"] == 4 and row["win_rate"] == pytest.approx(0.375)
    other = df.filter(pl.col("policy") == "uniform").row(0, named=True)
    assert other["win_rate"] == pytest.approx(0.625)


def test_paired_compare_by_hand(tmp_path: Path) -> None:
    a = write_run(tmp_path / "a", hand_rows(FOUR_GAMES, rounds=[9, 10, 11, 14]), components=COMPONENTS)
    # Same seed and games; the winner of each game scores 2 more and one game lasts a round longer.
    b_games = [[(s + (2 if r == 1 else 0), r, w) for s, r, w in g] for g in FOUR_GAMES]
    b = write_run(tmp_path / "b", hand_rows(b_games, rounds=[9, 10, 12, 14]), components=COMPONENTS)
    df = compare_runs(load_run(a), load_run(b), COMPONENTS)
    assert df["paired"].all()
    win = df.filter(pl.col("metric") == "winning score").row(0, named=True)
    assert win["diff"] == pytest.approx(2.0) and win["n_a"] == 4
    assert win["ci_low"] == pytest.approx(2.0) and win["p_value"] == 0.0  # every game +2 exactly
    seat0 = df.filter(pl.col("metric") == "score, seat 1").row(0, named=True)
    # seat 0 gains 2 in games 0 and 2: d = [2, 0, 2, 0], mean 1, sd 1.1547, se 0.57735, t = 1.732, df 3
    assert seat0["diff"] == pytest.approx(1.0)
    from scipy import stats as dist
    assert seat0["p_value"] == pytest.approx(2 * dist.t.sf(1.7320508, 3), rel=1e-6)
    rounds = df.filter(pl.col("metric") == "rounds").row(0, named=True)
    assert rounds["diff"] == pytest.approx(0.25)
    unchanged = df.filter(pl.col("metric") == "win rate, seat 1").row(0, named=True)
    assert unchanged["diff"] == 0.0 and unchanged["p_value"] == 1.0 and not unchanged["significant"]


def test_unpaired_compare_when_seeds_differ(tmp_path: Path) -> None:
    a = write_run(tmp_path / "a", hand_rows(FOUR_GAMES, seed=1), components=COMPONENTS)
    b = write_run(tmp_path / "b", hand_rows(FOUR_GAMES[:2] * 2, seed=2), components=COMPONENTS)
    df = compare_runs(load_run(a), load_run(b), COMPONENTS)
    assert not df["paired"].any()
    ws = df.filter(pl.col("metric") == "winning score").row(0, named=True)
    # a: 30, 28, 22, 24 (mean 26); b: 30, 28, 30, 28 (mean 29)
    assert ws["a"] == pytest.approx(26.0) and ws["b"] == pytest.approx(29.0) and ws["diff"] == pytest.approx(3.0)


def test_compare_refuses_different_games(tmp_path: Path) -> None:
    a = write_run(tmp_path / "a", hand_rows(FOUR_GAMES), components=COMPONENTS)
    b = write_run(tmp_path / "b", hand_rows(FOUR_GAMES).with_columns(pl.lit("new_york_zoo").alias("game")),
                  components=COMPONENTS)
    with pytest.raises(ZoosimError, match="different games"):
        compare_runs(load_run(a), load_run(b))
    both = win_rates(open_runs([a, b]).frame, by="seat")  # a study may set games side by side
    assert sorted(both["game"].unique().to_list()) == ["new_york_zoo", "zooloretto"]
    per_game = both.group_by("game").agg(pl.col("win_rate").sum())
    assert per_game["win_rate"].to_list() == pytest.approx([1.0, 1.0])


def test_not_a_run(tmp_path: Path) -> None:
    with pytest.raises(ZoosimError, match="is not a run: no such directory"):
        load_run(tmp_path / "missing")
    (tmp_path / "empty").mkdir()
    with pytest.raises(ZoosimError, match="no manifest.json"):
        load_run(tmp_path / "empty")


def test_several_runs_and_shards_read_as_one(tmp_path: Path) -> None:
    a = write_run(tmp_path / "a", hand_rows(FOUR_GAMES), components=COMPONENTS, shards=2)
    assert len(list(a.glob("part-*.parquet"))) == 2
    b = write_run(tmp_path / "b", hand_rows(FOUR_GAMES, seed=9), components=COMPONENTS)
    df = win_rates(load_run([a, b]))
    assert df["n"].to_list() == [8, 8] and df["win_rate"].to_list() == pytest.approx([0.375, 0.625])


def test_the_top_level_api_gives_pandas_users_the_same_tables(four_games: Path) -> None:
    import zoosim

    lf = zoosim.load_run(four_games)
    table = zoosim.win_rates(lf, by="seat")
    frame = table.to_pandas()
    assert list(frame.columns) == table.columns
    assert frame["win_rate"].tolist() == pytest.approx(table["win_rate"].to_list())
