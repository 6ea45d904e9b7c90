"""Ark Nova games through the simulation layer and the real CLI (the one test file that compiles the whole-game
engine): the engine's result rows equal the reference's record (reference.game.seat_columns, result) for the same seeds
at 2, 3 and 4 players under a few rule variations, with the seats rotated by `start_seat_random` exactly as play.py
documents; simulate writes every column, the score adds up, win shares sum to 1 per game; analyze, report and
verify read the run; replay tells a game turn by turn and ends with the scores simulate logged; a policy the engine
does not play yet is refused before any game."""
from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from tests.support.cli_runner import run_cli as cli
from tests.support.cli_runner import simulate_runs
from zoosim.core.rng import PyRng
from zoosim.errors import ZoosimError
from zoosim.games.ark_nova.columns import COLUMNS, LOG_COLUMNS, SCORE_COMPONENTS
from zoosim.games.ark_nova.reference import game as ref
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.rules import Rules

GAME_ID = "ark-nova"


def read(run: Path) -> pl.DataFrame:
    return pl.read_parquet(f"{run}/part-*.parquet").sort("game_index", "seat")


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Three small runs: 20 games at 2 players (seats drawn per game), 6 at 3 players with start_seat_random off, 4
    at 3 players with the rounds log
    (module-wide, so the CLI entry is called by hand rather than through the function-scoped capsys)."""
    return simulate_runs(tmp_path_factory.mktemp("ark_nova"), {
        name: [GAME_ID, *args, "--policy", "uniform"]
        for name, args in (("two", ["-p", "2", "-n", "20", "-s", "4"]),
                           ("three", ["-p", "3", "-n", "6", "-s", "5", "--rule", "start_seat_random=false"]),
                           ("rounds", ["-p", "3", "-n", "4", "-s", "6", "--rounds-log"]))})


def first_of(seed: int, game_index: int, players: int, random_seats: bool = True) -> int:
    """play.py's rule, written out: the policy index that moves first."""
    from zoosim.games.ark_nova.play import SEAT_SALT

    return PyRng(seed ^ SEAT_SALT, game_index).below(players) if random_seats else 0


@pytest.mark.parametrize("players, changes, seed, games, policies", [
    (2, {}, 11, 3, ("uniform",) * 2),
    (3, {"end_trigger_score": 80, "random_action_order": False}, 12, 2, ("uniform",) * 3),
    (4, {"max_turns": 25}, 13, 2, ("uniform",) * 4),                   # ends at the turn cap
    (2, {"peaceful": True, "start_seat_random": False, "break_track_len": (5, 12, 15)}, 14, 2, ("uniform",) * 2),
    (3, {"hand_draw": 6, "display_size": 4, "start_money": 30}, 15, 1, ("uniform",) * 3),
    (2, {"max_turns": 20}, 16, 2, ("heuristic", "random")),            # the planner through play_many
    (3, {"max_turns": 12}, 17, 1, ("greedy", "uniform", "heuristic")),
])
def test_engine_rows_equal_the_reference_record(players, changes, seed, games, policies):
    from zoosim.games.ark_nova import play
    from zoosim.games.ark_nova.reference import policies as rp

    rules = replace(Rules(), **changes)
    rows = play.play_block(rules, players, list(policies), seed, 0, games)
    names = [c.name for c in COLUMNS]
    for g in range(games):
        first = first_of(seed, g, players, rules.start_seat_random)
        seats = [rp.make(policies[(first + q) % players]) for q in range(players)]
        s = ref.play_game(rules, players, seed, g, seats)
        result = ref.result(s)
        for i in range(players):
            row = rows[g * players + i]
            q = (i - first) % players                                     # the game seat policy i played
            assert row[play.O_POSITION] == q and row[play.O_POLICY] == i
            assert [int(row[play.offset(n)]) for n in names] == [ref.seat_columns(s, q)[n] for n in names]
            assert (row[play.O_SCORE], row[play.O_RANK]) == (result.scores[q], result.ranks[q])
            assert row[play.O_TURNS] == result.turns == s.turn and row[play.O_ROUNDS] == s.breaks + 1
            assert row[play.O_WINNERS] == result.ranks.count(1)
        if changes.get("max_turns"):
            assert s.end_reason == ref.END_TURN_CAP


def test_results_do_not_depend_on_threads_and_the_seat_draw_leaves_the_game_alone():
    from zoosim.games.ark_nova import play

    one = play.play_block(Rules(), 2, ["uniform"] * 2, 21, 5, 8, threads=1)
    two = play.play_block(Rules(), 2, ["uniform"] * 2, 21, 5, 8, threads=2)
    assert (one == two).all()
    fixed = play.play_block(Rules(start_seat_random=False), 2, ["uniform"] * 2, 21, 5, 8)
    firsts = [first_of(21, 5 + g, 2) for g in range(8)]
    assert set(firsts) == {0, 1}                                          # both policies move first in some game
    for g, first in enumerate(firsts):                                    # the same games, relabelled
        mine, theirs = one[2 * g:2 * g + 2], fixed[2 * g:2 * g + 2]
        assert (mine[[first, 1 - first]][:, :play.O_POLICY] == theirs[:, :play.O_POLICY]).all()


def test_play_many_refuses_an_unknown_policy_before_any_game_and_fixes_greedy_s_row():
    from zoosim.games.ark_nova import play
    from zoosim.games.ark_nova import policies as P

    packed = play.pack(Rules(), 2)
    rows = np.zeros((2, play.N_OUT), np.int64)
    with pytest.raises(ZoosimError, match="unknown ark-nova policy id 7"):
        play.play_many(packed, 1, 0, 1, np.array([0, 7]), np.zeros((2, P.N_POLICY_PARAMS)), rows, np.zeros(2),
                       np.zeros((0, 0, 2), np.int16))
    with pytest.raises(ZoosimError, match="need 13 values, got 8"):
        play.play_many(packed, 1, 0, 1, np.array([0, 3]), np.zeros((2, 8)), rows, np.zeros(2),
                       np.zeros((0, 0, 2), np.int16))
    assert not rows.any()
    given = np.full((3, P.N_POLICY_PARAMS), 0.5)
    fixed = play.check_policies(np.array([P.GREEDY, P.HEURISTIC, P.RANDOM]), given)
    assert tuple(fixed[0]) == P.GREEDY_PARAMS and (fixed[1] == 0.5).all() and tuple(fixed[2]) == P.DEFAULTS


def test_simulate_logs_every_column_and_the_score_adds_up(runs):
    two, three = read(runs["two"]), read(runs["three"])
    assert two.height == 20 * 2 and three.height == 6 * 3
    names = {"game_index", "seat", "policy", "score", "rank", "win_share", "rounds", "turns"}
    for rows, players in ((two, 2), (three, 3)):
        assert names | {c.name for c in LOG_COLUMNS} <= set(rows.columns)
        assert rows["policy"].unique().to_list() == ["uniform"]
        total = sum(rows[c].cast(pl.Int32) for c in SCORE_COMPONENTS)
        assert (total == rows["score"].cast(pl.Int32)).all()
        assert set(rows["end_reason"].unique().to_list()) <= {0, 1}
        assert (rows["rounds"].cast(pl.Int32) == rows["breaks"].cast(pl.Int32) + 1).all()
        for _, game in rows.group_by("game_index"):
            assert game["win_share"].sum() == pytest.approx(1.0)
            assert sorted(game["position"].to_list()) == list(range(players))
            assert game["turns"].n_unique() == 1 and game["rank"].min() == 1
            top = game.filter(pl.col("rank") == 1)
            assert top["win_share"].to_list() == pytest.approx([1 / top.height] * top.height)
    assert (three["position"] == three["seat"]).all()                     # start_seat_random = false
    assert (two["position"] != two["seat"]).any()                         # drawn per game
    assert (two.filter(pl.col("end_reason") == 0)["score"].max() or 0) >= Rules().end_trigger_score


def test_analyze_report_and_verify_read_the_run(runs, tmp_path, monkeypatch, capsys):
    code, out, err = cli(["analyze", str(runs["two"]), "--by", "seat"], monkeypatch, capsys)
    assert code == 0, err
    assert "appeal" in out and "conservation_points" in out
    code, out, err = cli(["analyze", str(runs["three"]), "--format", "json"], monkeypatch, capsys)
    assert code == 0, err
    code, out, err = cli(["verify", str(runs["two"])], monkeypatch, capsys)
    assert code == 0 and out.startswith("ok: 20 games"), out + err
    code, _, err = cli(["report", str(runs["two"]), "--out", str(tmp_path / "report")], monkeypatch, capsys)
    assert code == 0, err
    assert (tmp_path / "report" / "index.html").exists() and (tmp_path / "report" / "README.md").exists()
    code, out, err = cli(["analyze", str(runs["rounds"]), "--tension"], monkeypatch, capsys)
    assert code == 0 and "Lead changes" in out, err
    code, out, err = cli(["verify", str(runs["rounds"])], monkeypatch, capsys)
    assert code == 0 and out.startswith("ok: 4 games"), out + err


def in_play_scores(rules: Rules, players: int, events) -> list[list[int]]:
    """The rounds log of play.py's module doc, from a game's event rows, by game seat: after each break (when the
    next turn starts) and at the end (before final scoring)."""
    appeal, cp = list(rules.start_appeal_by_seat[:players]), [0] * players
    out, pending = [], False

    def now() -> list[int]:
        return [rules.score(appeal[q], cp[q]) for q in range(players)]

    for kind, seat, a, _, c, _ in events:
        if kind == rs.E_GAIN and seat >= 0 and a in (0, 4):
            (appeal if a == 0 else cp)[seat] = c
        elif kind == rs.E_BREAK:
            pending = True
        elif kind == rs.E_TURN and pending:
            out.append(now())
            pending = False
        elif kind == rs.E_END:
            out += [now()] * (1 + pending)
            break
    return out


def test_the_rounds_log_is_the_score_in_play_after_each_break(runs):
    from zoosim.games.ark_nova import play

    log = read(runs["rounds"])
    rounds = pl.read_parquet(f"{runs['rounds']}/rounds/*.parquet")
    assert rounds.height == int(log["rounds"].cast(pl.Int64).sum())
    for game in range(4):
        events, rows, _ = play.play_traced(Rules(), 3, ["uniform"] * 3, 6, game)
        expected = in_play_scores(Rules(), 3, events)
        for row in rows:
            seat, q = int(row[play.O_POLICY]), int(row[play.O_POSITION])
            mine = rounds.filter((pl.col("game_index") == game) & (pl.col("seat") == seat)).sort("round")
            assert mine["provisional_score"].to_list() == [e[q] for e in expected]
            assert mine["round"].to_list() == list(range(1, int(row[play.O_ROUNDS]) + 1))


def test_replay_tells_the_game_simulate_logged(runs, monkeypatch, capsys):
    two = read(runs["two"])
    game = 3
    code, out, err = cli(["replay", GAME_ID, "-p", "2", "-s", "4", "-g", str(game), "--policy", "uniform"],
                         monkeypatch, capsys)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == f"Ark Nova, 2 players, seed 4, game {game}" and lines[1].startswith("turn order: player 0 = seat")
    assert "turn 1: player 0 (its turn 1)" in out and "== break" in out and "== end after" in out
    assert " at strength " in out and "    tracks: p0 appeal " in out and " income: " in out
    logged = two.filter(pl.col("game_index") == game)
    for row in logged.iter_rows(named=True):
        q, seat = row["position"], row["seat"]
        assert (f"  player {q} (seat {seat}): score {row['score']} = appeal {row['appeal']} + conservation "
                f"{row['conservation_points']} (CP {row['conservation']}), supports {row['projects_supported']}, "
                f"rank {row['rank']}") in lines
    turns = logged["turns"][0]
    assert sum(1 for line in lines if re.match(r"turn \d+: player \d \(its turn \d+\)$", line)) == turns


def test_the_replay_tracks_end_where_the_engine_does():
    """The tracks the replay keeps from the GAIN rows end at the engine's final money, reputation and CP, and its
    building list holds as many buildings as the engine's."""
    from zoosim.games.ark_nova import play
    from zoosim.games.ark_nova.replay import _Story
    from zoosim.games.ark_nova.components.vocab import APPEAL, CP, MONEY, REPUTATION

    for players, seed, g in ((2, 3, 1), (4, 8, 0)):
        events, rows, _ = play.play_traced(Rules(), players, ["uniform"] * players, seed, g)
        story = _Story(Rules(), players)
        for row in events:
            story.event(row)
        for row in rows:
            q = int(row[play.O_POSITION])
            t = story.tracks[q]
            assert (t[MONEY], t[REPUTATION], t[CP]) == (row[play.offset("money")], row[play.offset("reputation")],
                                                        row[play.offset("conservation")])
            assert min(t[APPEAL], Rules().max_appeal) == row[play.offset("appeal")]
            assert len(story.buildings[q]) == row[play.offset("buildings")]
