"""The cards analysis (`zoosim analyze RUN --cards`) on hand-made runs whose numbers are computed here by hand:
seat-game counts, play rates, the win rates of seats that played a card and of those that did not (a shared win
counts its share), Wilson bounds, Newcombe's difference, Holm's order and the grouping by player count and seat."""
from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from scipy import stats as sps

from zoosim import stats
from zoosim.analysis.cards import card_play_rates, card_sentences, display_cards, open_cards
from zoosim.analysis.load import load_run
from zoosim.analysis.synthetic import write_cards_log, write_run
from zoosim.errors import ZoosimError

Z = 1.959963984540054

# 4 games of 2 players: wins 1-0, 0-1, a shared win, 1-0 (the seat-games' win shares, game by game)
SHARES = [(1.0, 0.0), (0.0, 1.0), (0.5, 0.5), (1.0, 0.0)]
# (game, seat, card): 401 by seat 0 in games 0, 2 and twice in 3; 201 by both seats in game 1; 113 once
PLAYS = [(0, 0, 401), (2, 0, 401), (3, 0, 401), (3, 0, 401), (1, 0, 201), (1, 1, 201), (0, 1, 113)]


def rows(shares, players: int) -> pl.DataFrame:
    data = [{"players": players, "game_index": g, "seed": 1, "rotation": 0, "seat": s, "policy": "uniform",
             "score": int(10 * w), "rank": 1 if w > 0 else 2, "win_share": w, "rounds": 3, "turns": 9}
            for g, game in enumerate(shares) for s, w in enumerate(game)]
    return pl.DataFrame(data)


@pytest.fixture
def run(tmp_path: Path) -> Path:
    path = write_run(tmp_path / "two", rows(SHARES, 2), components=(), game="ark-nova")
    return write_cards_log(path, pl.DataFrame(PLAYS, schema=["game_index", "seat", "card"], orient="row"))


def wilson(x: float, n: float) -> tuple[float, float]:
    p = x / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return centre - half, centre + half


def newcombe_and_pooled_z(x1: float, n1: float, x2: float, n2: float) -> tuple[float, float, float, float]:
    """p1 - p2, Newcombe's hybrid score interval (method 10) from the two Wilson intervals, and the pooled z test."""
    p1, p2 = x1 / n1, x2 / n2
    (l1, u1), (l2, u2) = wilson(x1, n1), wilson(x2, n2)
    diff = p1 - p2
    pooled = (x1 + x2) / (n1 + n2)
    z = diff / math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    return (diff, diff - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), diff + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2),
            2 * sps.norm.sf(abs(z)))


def test_two_proportion_difference_is_newcombe_s_published_example() -> None:
    """Newcombe (1998), Statistics in Medicine 17:873, table II example (a): 56/70 - 48/80, method 10:
    0.0524 to 0.3339; the pooled z test of the same counts, worked out above."""
    diff, low, high, p = (float(v) for v in stats.two_proportion_difference(56, 70, 48, 80))
    assert diff == pytest.approx(0.2) and (low, high) == pytest.approx((0.0524, 0.3339), abs=1e-4)
    assert (diff, low, high, p) == pytest.approx(newcombe_and_pooled_z(56, 70, 48, 80))
    # all four of four won: the interval stays wide (an unpooled normal one would be a point), p is not tiny
    diff, low, high, p = (float(v) for v in stats.two_proportion_difference(4, 4, 298, 596))
    assert low < 0.05 and high == pytest.approx(0.5 + (0.5 - wilson(298, 596)[0])) and p > 0.04
    assert np.isnan(stats.two_proportion_difference(1, 1, 0, 0)[3])  # nothing to compare with


def test_counts_rates_intervals_and_holm_by_hand(run: Path) -> None:
    table = card_play_rates(open_cards(run), load_run(run), {401: "Animal", 201: "Sponsor"})
    assert table["card"].to_list() == [401, 113, 201]                 # by Holm p (worked out below)
    by = {r["card"]: r for r in table.iter_rows(named=True)}
    assert [by[c]["n"] for c in (401, 201, 113)] == [8, 8, 8]
    assert [by[c]["played"] for c in (401, 201, 113)] == [3, 2, 1]
    assert [by[c]["plays"] for c in (401, 201, 113)] == [4, 2, 1]       # 401 twice in game 3
    assert [by[c]["name"] for c in (401, 201, 113)] == ["Animal", "Sponsor", None]
    r = by[401]
    assert r["play_rate"] == pytest.approx(3 / 8)
    assert (r["play_ci_low"], r["play_ci_high"]) == pytest.approx(wilson(3, 8))
    # played: g0 s0 (1), g2 s0 (0.5), g3 s0 (1); not played: the other five seat-games, 1.5 wins between them
    assert r["win_played"] == pytest.approx(2.5 / 3) and r["not_played"] == 5
    assert r["win_not_played"] == pytest.approx(1.5 / 5)
    assert (r["win_played_ci_low"], r["win_played_ci_high"]) == pytest.approx(wilson(2.5, 3))
    assert (r["win_not_played_ci_low"], r["win_not_played_ci_high"]) == pytest.approx(wilson(1.5, 5))
    expected = {401: newcombe_and_pooled_z(2.5, 3, 1.5, 5), 113: newcombe_and_pooled_z(0, 1, 4, 7),
                201: newcombe_and_pooled_z(1, 2, 3, 6)}
    for card, (diff, low, high, p) in expected.items():
        mine = by[card]
        assert (mine["diff"], mine["diff_ci_low"], mine["diff_ci_high"], mine["p_value"]) == \
            pytest.approx((diff, low, high, p)), card
    # 201: both seats of game 1 (0 and 1) against the other six (a half as well): no difference, p = 1
    assert by[201]["diff"] == pytest.approx(0.0) and by[201]["p_value"] == pytest.approx(1.0)
    # Holm over the three rows: p sorted ascending, times 3, 2, 1, then the running maximum, capped at 1
    p401, p113 = expected[401][3], expected[113][3]
    assert p401 < p113 < 1
    assert by[401]["p_holm"] == pytest.approx(3 * p401)
    assert by[113]["p_holm"] == pytest.approx(max(3 * p401, 2 * p113))
    assert by[201]["p_holm"] == pytest.approx(1.0)
    assert not table["significant"].any()


def test_runs_of_different_player_counts_are_not_pooled(run: Path, tmp_path: Path) -> None:
    three = write_run(tmp_path / "three", rows([(0.0, 0.0, 1.0)] * 2, 3), components=(), game="ark-nova")
    write_cards_log(three, pl.DataFrame([(0, 2, 401), (1, 2, 401), (1, 0, 401)],
                                        schema=["game_index", "seat", "card"], orient="row"))
    table = card_play_rates(open_cards([run, three]), load_run([run, three]))
    mine = table.filter((pl.col("players") == 3)).row(0, named=True)
    assert table.filter(pl.col("players") == 3).height == 1
    assert (mine["card"], mine["n"], mine["played"], mine["win_played"], mine["win_not_played"]) == \
        (401, 6, 3, pytest.approx(2 / 3), pytest.approx(0.0))
    assert table.filter(pl.col("players") == 2).height == 3


def test_split_by_seat_counts_each_seat_s_games_apart(run: Path) -> None:
    """--by seat: seat 0's games have win shares 1, 0, .5, 1 and seat 1's 0, 1, .5, 0 (SHARES); 401 is seat 0's card
    in games 0, 2, 3 (2.5 won of 3; game 1 not, 0 won), 201 seat 1's in game 1 (won; the other 3 won 0.5)."""
    keys = ("game", "lineup", "variant", "players", "seat")
    table = card_play_rates(open_cards(run), load_run(run), None, keys)
    assert table.height == 4 and "seat" in table.columns            # (0, 401), (0, 201), (1, 201), (1, 113)
    row = {(r["seat"], r["card"]): r for r in table.iter_rows(named=True)}
    assert (row[0, 401]["n"], row[0, 401]["played"], row[0, 401]["plays"]) == (4, 3, 4)
    assert row[0, 401]["win_played"] == pytest.approx(2.5 / 3) and row[0, 401]["win_not_played"] == 0.0
    assert (row[1, 201]["n"], row[1, 201]["played"]) == (4, 1)
    assert row[1, 201]["win_played"] == 1.0 and row[1, 201]["win_not_played"] == pytest.approx(0.5 / 3)
    diff, low, high, p = newcombe_and_pooled_z(2.5, 3, 0, 1)
    assert (row[0, 401]["diff"], row[0, 401]["diff_ci_low"], row[0, 401]["p_value"]) == pytest.approx((diff, low, p))
    title, header, text_rows = display_cards("cards", table)
    assert header[0] == "seat" and {r[0] for r in text_rows} == {"0", "1"}


def test_a_large_difference_is_significant_and_said_to_be_association(tmp_path: Path) -> None:
    shares = [(1.0, 0.0)] * 150 + [(0.0, 1.0)] * 150
    path = write_run(tmp_path / "big", rows(shares, 2), components=(), game="ark-nova")
    winners = [(g, 0 if g < 150 else 1, 401) for g in range(300) if g % 3]  # mostly the winners play 401
    losers = [(g, 1 if g < 150 else 0, 201) for g in range(0, 300, 2)]
    write_cards_log(path, pl.DataFrame(winners + losers, schema=["game_index", "seat", "card"], orient="row"))
    table = card_play_rates(open_cards(path), load_run(path))
    assert table["card"].to_list() == [401, 201] and table["significant"].to_list() == [True, True]
    assert table["diff"][0] > 0.5 and table["diff"][1] < -0.2
    lines = card_sentences(table)
    assert "2 of 2 rows differ significantly" in lines[0] and lines[-1].startswith("Association, not cause")
    title, header, text_rows = display_cards("cards", table)
    assert "association, not cause" in title and "2 players" in title and text_rows[0][-1] == "*"
    assert len(header) == len(text_rows[0])


def test_a_run_without_a_cards_log_is_refused_in_one_line(tmp_path: Path) -> None:
    path = write_run(tmp_path / "plain", rows(SHARES, 2), components=(), game="ark-nova")
    with pytest.raises(ZoosimError, match=r"plain has no cards log; simulate it with --cards-log$"):
        open_cards(path)


def test_report_has_a_cards_section_only_for_runs_with_a_cards_log(run: Path, tmp_path: Path) -> None:
    from zoosim.report.build import build_report

    plain = write_run(tmp_path / "plain", rows(SHARES, 2), components=(), game="ark-nova")
    readme = (build_report([plain], tmp_path / "r0") / "README.md").read_text()
    assert "## Cards" not in readme
    out = build_report([run, plain], tmp_path / "r1")
    cards = (out / "README.md").read_text().split("## Cards", 1)[1]
    assert "Cards: play rate" in cards and "association, not cause" in cards
    assert "Runs without a cards log are left out here" in cards and "Association, not cause" in cards
    assert "| 401 |" in cards and "37.5%" in cards                   # card 401's play rate, 3 of 8
    assert "Cards" in (out / "index.html").read_text()
    named = (build_report([run], tmp_path / "r2", card_names={401: "Okapi"}) / "README.md").read_text()
    assert "| 401 | Okapi |" in named.split("## Cards", 1)[1]     # names come from the caller (the game)
