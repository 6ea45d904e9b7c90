"""The cards log (`simulate ark-nova --cards-log`): every card a seat played, with its turn and round, as a second
dataset beside the shards.

The kernel's rows are checked against a plain-Python reading of the traced game's events (play.py's module doc) and
the projects it counts against the ones the plain-Python reference game puts into the project row; the dataset
against the main rows it belongs to; resume, verify, identity and refusal as for the rounds log; and `zoosim analyze
RUN --cards` end to end on a real run.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import polars as pl
import pyarrow.parquet as pq
import pytest

from tests.support.cli_runner import run_cli as cli
from zoosim.errors import ZoosimError
from zoosim.games.ark_nova import GAME
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.rules import Rules
from zoosim.sim.runner import simulate_run
from zoosim.sim.verify import verify_run

GAME_ID = "ark-nova"


def cards_from_events(events, players: int, first: int, row_limit: int) -> tuple[list[tuple[int, int, int, int]],
                                                                                  list[int]]:
    """play.py's cards log written out from a game's event rows: (policy index, card, turn, round) per card played,
    and the project row (leftmost first) the reading ends with."""
    turns, breaks, row, drawn, out = [0] * players, 0, [], set(), []
    for kind, seat, a, b, _, _ in events:
        card = None
        if kind == rs.E_TURN:
            turns[seat] = b
        elif kind == rs.E_BREAK:
            breaks += 1
        elif kind == rs.E_DRAW and 101 <= a <= 112 and b == -3:
            drawn.add(a)                                   # a base project taken from its pile into a hand
        elif kind == rs.E_PLAY and a > 0:
            card = a                                       # an animal or a sponsor
        elif kind == rs.E_SUPPORT:
            in_play = 101 <= a <= 112 and a not in drawn   # a base project in its fixed position
            if a not in row and not in_play:               # from a hand or the display: it enters the row
                row = [a, *row][:row_limit]
                card = a if 113 <= a <= 132 else None      # base projects are not zoo cards
        elif kind == rs.E_END:
            break
        if card is not None:
            out.append(((first + seat) % players, card, turns[seat], breaks + 1))
    return out, row


def kernel_cards(block: dict, game_index: int) -> list[tuple[int, int, int, int]]:
    rows = block["cards"]
    return [tuple(int(v) for v in r[1:]) for r in rows[rows[:, 0] == game_index]]


@pytest.mark.parametrize("players, planner", [(2, False), (3, False), (4, False), (2, True)])
def test_card_rows_are_the_events_read_in_plain_python(players, planner):
    from zoosim.games.ark_nova import play
    from zoosim.games.ark_nova.engine.state import CARD_ID, G_ROW, G_ROW_N

    rng = random.Random(players)
    rules = GAME.default_rules()
    policies = [rng.choice(["uniform", "random"]) for _ in range(players)]
    games = 12
    if planner:  # the turn planner's games (engine.game.play_game_planned), fewer: they are dearer
        policies, games = ["heuristic", "random"], 3
    block = GAME.play_block(rules, players, [GAME.policy(p) for p in policies], 31, 100, games, threads=1,
                            cards_log=True)
    kinds = set()
    for g in range(100, 100 + games):
        events, rows, G = play.play_traced(Rules(), players, policies, 31, g)
        first = (players - int(rows[0, play.O_POSITION])) % players
        expected, row = cards_from_events(events, players, first, rules.project_row_limit[players - 2])
        assert kernel_cards(block, g) == expected
        assert row == [int(CARD_ID[G[G_ROW + i]]) for i in range(int(G[G_ROW_N]))]  # the row the engine ends with
        rounds = int(rows[0, play.O_ROUNDS])
        for seat, card, turn, rnd in expected:
            assert 1 <= rnd <= rounds and 0 <= turn <= int(rows[seat, play.O_TURNS])
            kinds.add(card // 100)
    assert kinds >= {1, 2, 4}  # projects, sponsors and animals all occur


def test_played_projects_are_the_ones_the_reference_puts_into_the_row(monkeypatch):
    """Ground truth for the projects: the plain-Python reference game calls enter_row exactly when a project is
    played from a hand or the display (§10.1); the kernel's project rows are those calls, base projects left out."""
    from zoosim.games.ark_nova.reference import game as ref
    from zoosim.games.ark_nova.reference import association as ra
    from zoosim.games.ark_nova.reference import policies as rp
    from zoosim.games.ark_nova.play import SEAT_SALT
    from zoosim.core.rng import PyRng

    entered: list[tuple[int, int]] = []
    real = ra.enter_row
    monkeypatch.setattr(ra, "enter_row", lambda s, p, project: (entered.append((p, project)), real(s, p, project)))
    seen = 0
    for players, seed in ((2, 8), (3, 9), (4, 10)):
        block = GAME.play_block(GAME.default_rules(), players, [GAME.policy("uniform")] * players, seed, 0, 3,
                                threads=1, cards_log=True)
        for g in range(3):
            entered.clear()
            first = PyRng(seed ^ SEAT_SALT, g).below(players)
            ref.play_game(Rules(), players, seed, g, [rp.make("uniform") for _ in range(players)])
            expected = [((first + q) % players, project) for q, project in entered if project >= 113]
            mine = [(seat, card) for seat, card, _, _ in kernel_cards(block, g) if card < 200]
            assert mine == expected
            seen += len(expected)
    assert seen > 0


def test_cards_log_changes_no_result_and_refuses_rather_than_drops():
    from zoosim.games.base import cards_log_block

    policies = [GAME.policy("uniform")] * 3
    plain = GAME.play_block(GAME.default_rules(), 3, policies, 3, 0, 10, threads=1)
    logged = GAME.play_block(GAME.default_rules(), 3, policies, 3, 0, 10, threads=2, cards_log=True, rounds_log=True)
    assert "cards" not in plain and "round_scores" in logged
    for name, column in plain.items():
        assert np.array_equal(column, logged[name]), name
    with pytest.raises(ZoosimError, match="game 41 played more than 2 cards; the cards log holds at most 2"):
        cards_log_block(np.array([2, -1]), np.zeros((2, 2, 4), np.int16), 40)
    rows = cards_log_block(np.array([1, 0, 2]), np.arange(24, dtype=np.int16).reshape(3, 2, 4), 7)
    assert rows.tolist() == [[7, 0, 1, 2, 3], [9, 16, 17, 18, 19], [9, 20, 21, 22, 23]]


def _run(out: Path, **kw) -> Path:
    args = dict(game_id=GAME_ID, players=2, policies=["uniform"], games=24, seed=4, rules={}, out=out,
                progress=False, shard_size=8, cards_log=True, rotate_seats=True)
    args.update(kw)
    return simulate_run(**args)


@pytest.fixture(scope="module")
def logged(tmp_path_factory) -> Path:
    return _run(tmp_path_factory.mktemp("cards") / "logged")


def test_run_writes_a_cards_dataset_that_matches_its_rows(logged, tmp_path):
    cards = pl.read_parquet(logged / "cards" / "*.parquet")
    rows = pl.read_parquet(logged / "part-*.parquet")
    assert cards.columns == ["run_id", "game_index", "rotation", "seat", "card", "turn", "round"]
    assert [str(t) for t in cards.dtypes] == ["String", "Int64", "Int8", "Int8", "Int16", "Int16", "Int16"]
    keys = ["run_id", "game_index", "rotation", "seat"]
    joined = cards.join(rows.select(*keys, "rounds", "turns", "sponsors"), on=keys, how="left")
    assert joined["rounds"].null_count() == 0                          # every card belongs to a seat-game
    assert (joined["round"] <= joined["rounds"]).all() and (joined["round"] >= 1).all()
    sponsors = joined.filter(pl.col("card").is_between(201, 264)).group_by(keys).len()
    per_seat = rows.select(*keys, "sponsors").join(sponsors, on=keys, how="left").fill_null(0)
    assert (per_seat["len"] == per_seat["sponsors"].cast(pl.UInt32)).all()  # sponsors stay in play: one row each
    # the rotations are the same deals: every rotation of a game plays cards
    assert cards.select("game_index", "rotation").unique().height == 24 * 2
    # the main rows, and the run id, are those of the same run without the log; the rounds log goes beside it
    plain = _run(tmp_path / "plain", cards_log=False)
    assert pl.read_parquet(plain / "part-*.parquet").equals(rows)
    both = _run(tmp_path / "both", rounds_log=True)
    assert pl.read_parquet(both / "part-*.parquet").equals(rows)
    assert pl.read_parquet(both / "cards" / "*.parquet").equals(cards)
    assert (both / "rounds" / "part-00000.parquet").exists() and verify_run(both).ok
    assert verify_run(logged).ok
    manifest = json.loads((logged / "manifest.json").read_text())
    assert manifest["cards_log"] is True and "--cards-log" in manifest["command"]


def test_an_interrupted_or_damaged_cards_log_is_found_and_remade(logged, tmp_path):
    import shutil

    run = tmp_path / "run"
    shutil.copytree(logged, run)
    whole = pl.read_parquet(run / "cards" / "*.parquet")
    main = pl.read_parquet(run / "part-*.parquet")
    (run / "cards" / "part-00001.parquet").unlink()
    table = pq.read_table(run / "cards" / "part-00002.parquet")
    pq.write_table(table.slice(1), run / "cards" / "part-00002.parquet")
    (run / "part-00000.parquet").unlink()                              # interrupted between the log and its shard
    problems = verify_run(run).problems
    assert any("cards/part-00001.parquet: missing" in p for p in problems)
    assert any("cards/part-00002.parquet" in p for p in problems)
    assert any(p.startswith("part-00000.parquet: missing") for p in problems)
    _run(run)  # the same command again remakes the three shards
    assert verify_run(run).ok
    assert pl.read_parquet(run / "cards" / "*.parquet").equals(whole)
    assert pl.read_parquet(run / "part-*.parquet").equals(main)


def test_verify_finds_a_card_outside_its_game(logged, tmp_path):
    import shutil

    run = tmp_path / "run"
    shutil.copytree(logged, run)
    path = run / "cards" / "part-00001.parquet"
    table = pq.read_table(path)
    rounds = table.column("round").to_numpy().copy()
    rounds[0] = 999
    import pyarrow as pa

    table = table.set_column(table.column_names.index("round"), "round", pa.array(rounds, pa.int16()))
    pq.write_table(table, path)
    assert any("cards/part-00001.parquet: a card of game index" in p for p in verify_run(run).problems)


def test_cards_log_is_part_of_the_run_identity(logged, tmp_path):
    import shutil

    run = tmp_path / "run"
    shutil.copytree(logged, run)
    with pytest.raises(ZoosimError, match="cards_log"):
        _run(run, cards_log=False)
    _run(run, cards_log=False, force=True)
    assert not list((run / "cards").glob("*.parquet"))


def test_games_without_a_cards_log_refuse_it(tmp_path):
    with pytest.raises(ZoosimError, match="^zooloretto cannot record a cards log; --cards-log works for: ark-nova$"):
        _run(tmp_path / "z", game_id="zooloretto", players=3)
    assert not (tmp_path / "z").exists()


def test_analyze_cards_on_a_real_run(monkeypatch, capsys, tmp_path):
    run = tmp_path / "real"
    code, out, err = cli(["simulate", GAME_ID, "-p", "2", "-n", "20", "-s", "12", "--policy", "uniform",
                          "--cards-log", "--out", str(run), "-q"], monkeypatch, capsys)
    assert code == 0, err
    code, out, err = cli(["analyze", str(run), "--cards", "--format", "json"], monkeypatch, capsys)
    assert code == 0, err
    table = pl.DataFrame(json.loads(out)["cards"])
    cards = pl.read_parquet(run / "cards" / "*.parquet")
    assert table["plays"].sum() == cards.height                        # every row of the dataset is counted
    assert table.height == cards["card"].n_unique() and (table["n"] == 40).all()
    counted = cards.select("game_index", "seat", "card").unique().group_by("card").len()
    assert dict(zip(counted["card"], counted["len"])) == dict(zip(table["card"], table["played"]))
    names = dict(zip(table["card"], table["name"]))
    assert all(names.values())                                         # Ark Nova's cards are named
    code, out, err = cli(["analyze", str(run), "--cards", "--top", "5"], monkeypatch, capsys)
    assert code == 0, err
    assert "Cards: play rate" in out and "Association, not cause" in out and "(the first 5 of" in out
    code, out, err = cli(["analyze", str(run), "--cards", "--by", "seat", "--format", "json"], monkeypatch, capsys)
    assert code == 0, err
    by_seat = pl.DataFrame(json.loads(out)["cards"])
    assert set(by_seat["seat"]) == {0, 1} and (by_seat["n"] == 20).all()      # each seat's 20 games apart
    assert by_seat["plays"].sum() == cards.height
    code, out, err = cli(["report", str(run), "--out", str(tmp_path / "report")], monkeypatch, capsys)
    assert code == 0, err
    report = (tmp_path / "report" / "README.md").read_text().split("## Cards", 1)[1]
    assert any(f"| {c} | {names[c]} |" in report for c in names)          # the report names Ark Nova's cards
    code, out, err = cli(["verify", str(run)], monkeypatch, capsys)
    assert code == 0 and out.startswith("ok: 20 games"), out + err
    plain = tmp_path / "plain"
    code, _, err = cli(["simulate", GAME_ID, "-p", "2", "-n", "2", "-s", "1", "--policy", "uniform", "--out",
                        str(plain), "-q"], monkeypatch, capsys)
    assert code == 0, err
    code, out, err = cli(["analyze", str(plain), "--cards"], monkeypatch, capsys)
    assert code == 2 and err.strip().endswith(f"{plain} has no cards log; simulate it with --cards-log"), err
