"""Verdicts by level of play on hand-built frames: which ladders hold and which change, every number worked out here."""
from __future__ import annotations

import math

import polars as pl
import pytest

from zoosim import stats
from zoosim.analysis.levels import ladder_sentences, level_rank, level_verdicts


def level_rows(lineup: str, players: int, wins_by_position: list[int], games: int, rules_hash: str = "r1",
               game: str = "zooloretto", variant: str | None = None) -> list[dict]:
    """`games` games at one level; position k wins the first wins_by_position[k] of them (in order)."""
    assert sum(wins_by_position) == games
    winners = [k for k, w in enumerate(wins_by_position) for _ in range(w)]
    return [{"game": game, "rules_hash": rules_hash, "players": players, "lineup": lineup,
             "variant": variant or lineup, "game_index": g, "position": p, "win_share": 1.0 if p == winners[g] else 0.0}
            for g in range(games) for p in range(players)]


def frame(*levels: list[dict]) -> pl.LazyFrame:
    return pl.DataFrame([row for level in levels for row in level]).lazy()


def test_levels_are_ordered_by_skill_then_budget():
    names = ["search:budget=3200", "heuristic", "uniform", "search", "greedy", "search:budget=200", "random"]
    assert sorted(names, key=level_rank) == ["uniform", "random", "greedy", "heuristic", "search",
                                             "search:budget=200", "search:budget=3200"]


def test_a_ladder_that_holds_and_one_that_changes():
    lf = frame(
        # 2 players: the first player wins 600 of 1,000 at both levels: ahead at each
        level_rows("uniform", 2, [600, 400], 1000), level_rows("heuristic", 2, [600, 400], 1000),
        # 3 players: even at uniform (334/333/333), the first player behind at heuristic (200/400/400)
        level_rows("uniform", 3, [334, 333, 333], 1000), level_rows("heuristic", 3, [200, 400, 400], 1000),
    )
    table = level_verdicts(lf)
    assert table.select("players", "level").rows() == [(2, "uniform"), (2, "heuristic"), (3, "uniform"),
                                                       (3, "heuristic")]
    two = table.filter(pl.col("players") == 2)
    assert two["verdict"].to_list() == ["first player ahead"] * 2 and two["ladder_holds"].all()
    # chi-square of 600/400 against 500/500: (100^2 + 100^2) / 500 = 40 on 1 df
    assert two["chi2"].to_list() == pytest.approx([40.0, 40.0])
    low, high = stats.wilson(600, 1000)
    assert two["first_rate_ci_low"][0] == pytest.approx(float(low)) and two["first_rate_ci_high"][0] == pytest.approx(float(high))
    three = table.filter(pl.col("players") == 3)
    assert three["verdict"].to_list() == ["no evidence", "first player behind"]
    assert not three["ladder_holds"].any()
    # Holm over the four tests: the even one has the largest p and keeps its raw p (times 1)
    even = three.row(0, named=True)
    assert even["p_holm"] == pytest.approx(min(1.0, even["p_value"]))
    sentences = ladder_sentences(table)
    assert sentences[0].startswith("2 players: the verdict holds at every level (uniform and heuristic): first "
                                   "player ahead; the first player wins 60.0% (each level")
    assert sentences[1].startswith("3 players: the verdict changes with the level: no evidence at uniform; first "
                                   "player behind at heuristic 20.0% (95% CI 17.6-22.6%, n = 1,000")


def test_position_k_ahead_when_the_first_player_is_fair():
    # the first player is exactly fair (250 of 1,000), position 2 wins 400: turn order matters, not for the first
    lf = frame(level_rows("greedy", 4, [250, 150, 400, 200], 1000), level_rows("heuristic", 4, [250, 250, 250, 250], 1000))
    table = level_verdicts(lf)
    assert table["verdict"].to_list() == ["position 3 ahead", "no evidence"]
    assert table["best_position"].to_list()[0] == 2
    low, high = stats.wilson(400, 1000)
    assert table.row(0, named=True)["best_rate"] == pytest.approx(0.4)
    assert table.row(0, named=True)["best_rate_ci_low"] == pytest.approx(float(low))
    # the sentence quotes the rate behind the verdict (position 3's 40.0%), not the first player's fair 25.0%
    assert ladder_sentences(table) == [
        f"4 players: the verdict changes with the level: position 3 ahead at greedy (position 3 wins 40.0%, 95% CI "
        f"{100 * low:.1f}-{100 * high:.1f}%, n = 1,000, Holm p <0.001); no evidence at heuristic."]


def test_no_evidence_everywhere_reads_as_no_evidence_not_as_balance():
    lf = frame(level_rows("uniform", 2, [505, 495], 1000), level_rows("search", 2, [498, 502], 1000))
    sentence = ladder_sentences(level_verdicts(lf))[0]
    assert sentence.startswith("2 players: no evidence that turn order matters at any level (uniform and search; "
                               "the first player wins 49.8%-50.5%, n = 1,000 games a level")


def test_mixed_lineups_single_levels_and_other_rules_make_no_ladder():
    lf = frame(
        level_rows("heuristic vs greedy", 2, [500, 500], 1000),   # a mixed lineup is not a level
        level_rows("heuristic", 2, [500, 500], 1000),
        level_rows("search", 2, [560, 440], 1000, rules_hash="r2"),  # other rules: its own one-level ladder
    )
    assert level_verdicts(lf).is_empty()
    assert ladder_sentences(level_verdicts(lf)) == []


def test_ties_split_the_win():
    # two games a level; at greedy game 0 (won by position 0) becomes a tie: position 0 has 0.5 of game 0 and none
    # of game 1, a win rate of 0.25
    rows = level_rows("uniform", 2, [1, 1], 2) + level_rows("greedy", 2, [1, 1], 2)
    for r in rows:
        if r["game_index"] == 0 and r["lineup"] == "greedy":
            r["win_share"] = 0.5
    table = level_verdicts(pl.DataFrame(rows).lazy())
    greedy = table.filter(pl.col("level") == "greedy").row(0, named=True)
    assert greedy["first_rate"] == pytest.approx(0.25) and not math.isnan(greedy["p_value"])
