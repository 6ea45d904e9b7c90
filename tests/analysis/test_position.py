"""Turn order as a grouping: hand-built runs where seat and position disagree, every number worked out here."""
from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from zoosim.analysis import open_runs, seat_balance, turn_order, win_rates
from zoosim.analysis.grouping import row_keys, win_keys
from zoosim.analysis.synthetic import write_run
from zoosim.analysis.tables import analyze
from zoosim.analysis.verdicts import turn_order_findings, turn_order_line
from zoosim.errors import ZoosimError

# Four 2-player games; `first` is the seat that moved first (position 0), `winner` the seat that won.
#   game 0: seat 0 first, seat 0 wins (the first player won)
#   game 1: seat 1 first, seat 1 wins (the first player won)
#   game 2: seat 1 first, seat 1 wins (the first player won)
#   game 3: seat 0 first, seat 1 wins (the second player won)
# By position: position 0 won 3 of 4, position 1 won 1. By seat: seat 0 won 1 of 4, seat 1 won 3.
DRAWN = [(0, 0), (1, 1), (1, 1), (0, 1)]


def drawn_rows(games: list[tuple[int, int]] = DRAWN, rotation: int = 0) -> pl.DataFrame:
    records = []
    for g, (first, winner) in enumerate(games):
        for seat in range(2):
            won = seat == winner
            records.append({"players": 2, "game_index": g, "seed": 1, "rotation": rotation, "seat": seat,
                            "position": (seat - first) % 2, "policy": "heuristic", "score": 20 if won else 10,
                            "rank": 1 if won else 2, "win_share": 1.0 if won else 0.0, "rounds": 9, "turns": 18})
    return pl.DataFrame(records)


def seat_order_rows() -> pl.DataFrame:
    """The same results played in seat order: position = seat."""
    return drawn_rows().with_columns(pl.col("seat").alias("position"))


@pytest.fixture()
def drawn(tmp_path: Path) -> Path:
    return write_run(tmp_path / "drawn", drawn_rows(), components=(), game="ark-nova")


def test_win_rates_by_position_and_by_seat_disagree(drawn: Path) -> None:
    lf = open_runs(drawn).frame
    by_position = win_rates(lf, by="position")
    assert by_position["position"].to_list() == [0, 1]
    assert by_position["win_rate"].to_list() == pytest.approx([0.75, 0.25])
    assert by_position["n"].to_list() == [4, 4]
    by_seat = win_rates(lf, by="seat")
    assert by_seat["win_rate"].to_list() == pytest.approx([0.25, 0.75])


def test_chi_square_by_position(drawn: Path) -> None:
    row = seat_balance(open_runs(drawn).frame, by="position").row(0, named=True)
    # wins by position [3, 1], expected [2, 2]: chi2 = (1 + 1) / 2 = 1.0 on 1 df
    assert row["chi2"] == pytest.approx(1.0) and row["df"] == 1
    assert row["best_position"] == 0 and row["best_excess"] == pytest.approx(0.25)
    seat_row = seat_balance(open_runs(drawn).frame).row(0, named=True)
    assert seat_row["best_seat"] == 1 and seat_row["chi2"] == pytest.approx(1.0)
    with pytest.raises(ZoosimError, match="by seat or position"):
        seat_balance(open_runs(drawn).frame, by="policy")


def test_turn_order_counts_who_moved_first(drawn: Path) -> None:
    order = turn_order(open_runs(drawn).frame)
    assert order["seat"].to_list() == [0, 1]
    assert order["games"].to_list() == [4, 4]
    assert order["in_position_1"].to_list() == [2, 2]
    assert order["share"].to_list() == pytest.approx([0.5, 0.5])
    assert order["seat_order"].to_list() == [False, False]
    assert order["recorded"].all() and not order["rotated"].any()


def test_seat_order_games_have_position_equal_seat(tmp_path: Path) -> None:
    run = write_run(tmp_path / "fixed", seat_order_rows(), components=())
    lf = open_runs(run).frame
    order = turn_order(lf)
    assert order["seat_order"].all() and order["in_position_1"].to_list() == [4, 0]
    assert win_rates(lf, by="position").drop("position").equals(win_rates(lf, by="seat").drop("seat"))


def test_grouping_keys_take_position_like_seat() -> None:
    assert row_keys("position") == ["game", "lineup", "variant", "players", "position"]
    assert win_keys("position") == ["game", "lineup", "variant", "players", "position"]
    assert win_keys("players")[-1] == "seat"


def test_analyze_by_position(drawn: Path) -> None:
    tables = analyze(open_runs(drawn).frame, [], "position")
    assert tables["win_rates"]["win_rate"].to_list() == pytest.approx([0.75, 0.25])
    assert "best_position" in tables["seat_balance"].columns
    assert tables["scores"]["position"].to_list() == [0, 1]
    assert tables["scores"]["mean"].to_list() == pytest.approx([17.5, 12.5])  # (20+20+20+10)/4, (10+10+10+20)/4


def test_an_older_run_without_position(tmp_path: Path) -> None:
    """A seat-order game's old run reads with position = seat (and says so); another game's has no turn order."""
    rows = seat_order_rows().drop("position")
    old_fixed = open_runs(write_run(tmp_path / "zoo", rows, components=(), game="zooloretto"))
    assert old_fixed.frame.select((pl.col("position") == pl.col("seat")).all()).collect().item()
    assert old_fixed.no_position == () and "plays in seat order" in old_fixed.notes[0]
    old_drawn = open_runs(write_run(tmp_path / "an", rows, components=(), game="ark-nova"))
    assert old_drawn.no_position == (tmp_path / "an",) and "turn order is unknown" in old_drawn.notes[0]
    with pytest.raises(ZoosimError, match="no `position` column"):
        old_drawn.require_position()
    with pytest.raises(ZoosimError, match="simulate them again, or group by seat"):
        win_rates(old_drawn.frame, by="position")
    assert win_rates(old_drawn.frame, by="seat")["n"].to_list() == [4, 4]  # by seat it still reads
    order = turn_order(old_drawn.frame)
    assert not order["recorded"].any()
    assert "not recorded" in turn_order_line(order)


def _order(tmp_path: Path, rows: pl.DataFrame, name: str, **manifest: object) -> pl.DataFrame:
    return turn_order(open_runs(write_run(tmp_path / name, rows, components=(), **manifest)).frame)


def test_turn_order_line_says_how_the_order_was_set(tmp_path: Path) -> None:
    fixed = turn_order_line(_order(tmp_path, seat_order_rows(), "fixed"))
    assert fixed == "Turn order: seat order in every game (seat 1 moves first; position = seat in every game)."
    drawn = turn_order_line(_order(tmp_path, drawn_rows(), "drawn", game="ark-nova"))
    assert drawn == ("Turn order: set per game by the rules, not by seat (in 4 games the first player was seat 1 in 2 "
                     "and seat 2 in 2).")
    rotated_rows = pl.concat([seat_order_rows(), seat_order_rows().with_columns(pl.lit(1, dtype=pl.Int64).alias("rotation"))])
    rotated = turn_order_line(_order(tmp_path, rotated_rows, "rotated", rotate_seats=True))
    assert rotated.startswith("Turn order: seat order in every game (seat 1 moves first), each deal played once in "
                              "every seat rotation")
    runs = open_runs([write_run(tmp_path / "a", seat_order_rows(), components=()),
                      write_run(tmp_path / "b", drawn_rows(), components=(), game="ark-nova")], names=["fixed", "drawn"])
    mixed = turn_order_line(turn_order(runs.frame))
    assert mixed == ("Turn order: set per game by the rules, not by seat, in drawn (in 4 games the first player was "
                     "seat 1 in 2 and seat 2 in 2); seat order in fixed (seat 1 moves first; position = seat in every "
                     "game).")


def test_the_verdict_names_the_first_player_only_where_known(drawn: Path, tmp_path: Path) -> None:
    lf = open_runs(drawn).frame
    found = turn_order_findings(win_rates(lf, "position"), seat_balance(lf, "position"), "position")
    significant, quiet = found.sentences, found.fragment
    assert significant == []  # 4 games: chi2 1.0, p 0.32
    assert quiet.startswith("turn order in 2-player games: the first player (position 1) wins 75.0% (95% CI ")
    assert quiet.endswith(", n = 4 games, fair 50%, Holm p 0.317)")
    # by seat in a run not played in seat order, seat 1 is not called the first player
    by_seat = turn_order_findings(win_rates(lf, "seat"), seat_balance(lf, "seat"), "seat", {}).fragment
    assert "first player" not in by_seat and by_seat.startswith("the seats' win rates in 2-player games: seat 1 wins 25.0%")


def test_the_summary_keeps_to_ten_bullets_and_leads_with_verdicts() -> None:
    from zoosim.analysis.verdicts import MAX_BULLETS, Findings, summary

    def kind(name: str, count: int, fragment: str = "") -> Findings:
        return Findings([f"{name} {i}." for i in range(count)], lambda k, name=name: f"{k} more {name}.", fragment)

    lines = summary(kind("turn", 12), kind("policy", 0), kind("compare", 5, "any metric of b vs a"), ["outcomes."])
    assert len(lines) == MAX_BULLETS
    assert lines[-2].startswith("No evidence of a difference after Holm correction for any metric of b vs a")
    assert lines[-1] == "outcomes."
    turn = [line for line in lines if line.startswith("turn ")]
    compare = [line for line in lines if line.startswith("compare ")]
    assert turn == ["turn 0.", "turn 1.", "turn 2."] and len(compare) == 3  # each kind gets its share
    assert "9 more turn." in lines and "2 more compare." in lines
    assert lines.index("9 more turn.") < lines.index("compare 0.")  # turn order first, its overflow line with it
    everything = summary(kind("turn", 2), kind("policy", 1), kind("compare", 3), ["outcomes."])
    assert len(everything) == 7 and not any("more" in line for line in everything)


def test_a_sweep_measures_the_seat_advantage_by_turn_position(tmp_path: Path) -> None:
    from zoosim.analysis.sweep import balance_sentences, open_sweep, sweep_metrics

    rows = drawn_rows().with_columns(pl.lit(0, dtype=pl.Int32).alias("cell"))
    write_run(tmp_path / "sweep", rows, components=(), game="ark-nova", kind="sweep", parameters=[], players=[2],
              cells=[{"cell": 0, "players": 2, "lineup": "heuristic", "variant": "default", "games": 4}])
    manifest, lf = open_sweep(tmp_path / "sweep")
    metrics = sweep_metrics(lf, manifest)
    row = metrics.row(0, named=True)
    assert row["worst_position"] == 0 and row["seat_deviation"] == pytest.approx(0.25)  # position 0 won 3 of 4
    by_seat = sweep_metrics(lf, manifest, by="seat").row(0, named=True)
    assert by_seat["worst_seat"] == 0 and by_seat["seat_deviation"] == pytest.approx(-0.25)  # seat 0 won 1 of 4
    assert "largest turn-position deviation 25.0 pts" in balance_sentences(metrics, [])[0]
    assert "95% CI 0.0 to 45.4, position 1);" in balance_sentences(metrics, [])[0]


def test_compare_follows_the_turn_order_where_it_is_not_the_seat_order(tmp_path: Path) -> None:
    from zoosim.analysis import compare_runs

    drawn = open_runs(write_run(tmp_path / "a", drawn_rows(), components=(), game="ark-nova")).frame
    # B: the same four games, but the second player always wins
    second = drawn_rows([(0, 1), (1, 0), (1, 0), (0, 1)])
    diff = compare_runs(drawn, open_runs(write_run(tmp_path / "b", second, components=(), game="ark-nova")).frame)
    row = diff.filter(pl.col("metric") == "win rate, position 1").row(0, named=True)
    assert row["a"] == pytest.approx(0.75) and row["b"] == pytest.approx(0.0) and row["diff"] == pytest.approx(-0.75)
    assert row["paired"] and row["n_a"] == 4
    fixed = open_runs(write_run(tmp_path / "c", seat_order_rows(), components=())).frame
    assert "win rate, seat 1" in compare_runs(fixed, fixed)["metric"].to_list()
