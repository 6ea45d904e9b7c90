"""The rounds log (`simulate --rounds-log`): provisional scores after every round, as a second dataset.

The engine's round scores are checked against the plain-Python reference game by game; the dataset
against the main rows it belongs to; and resume, verify and refusal as for the main shards.
"""
from __future__ import annotations

import importlib
import random
from pathlib import Path

import numpy as np
import polars as pl
import pyarrow.parquet as pq
import pytest

from zoosim.games.base import ZoosimError
from zoosim.games.zooloretto import GAME
from zoosim.games.zooloretto.reference.actions import play_game as reference_game
from zoosim.games.zooloretto.rules import Rules
from zoosim.sim.runner import simulate_run
from zoosim.sim.verify import verify_run


def test_round_scores_match_the_reference_game_by_game() -> None:
    rng = random.Random(5)
    for players in (2, 3, 4, 5):
        policies = [rng.choice(["uniform", "random"]) for _ in range(players)]
        block = GAME.play_block(Rules(), players, [GAME.policy(p) for p in policies], 17, 40, 25, threads=1,
                           rounds_log=True)
        round_scores = block["round_scores"].reshape(25, players, -1)
        for g in range(25):
            record = reference_game(Rules(), players, policies, 17, 40 + g)
            assert len(record.round_scores) == record.rounds
            expected = np.array(record.round_scores).T  # seats x rounds
            assert np.array_equal(round_scores[g, :, :record.rounds], expected)
            assert not round_scores[g, :, record.rounds:].any()  # nothing beyond the last round
            assert list(expected[:, -1]) == record.scores  # after the last round: the final score


@pytest.mark.parametrize("game_id, reference_module", [
    ("zooloretto-mini", "zoosim.games.zooloretto_mini.reference"),
    ("tractor", "zoosim.games.tractor.reference"),
])
def test_truck_family_round_scores_match_their_reference_games(game_id: str, reference_module: str) -> None:
    from zoosim.games.registry import get_game

    game = get_game(game_id)
    reference_game = importlib.import_module(reference_module).play_game
    rng = random.Random(7)
    for players in (2, 3, 4, 5):
        policies = [rng.choice(["uniform", "random"]) for _ in range(players)]
        block = game.play_block(game.default_rules(), players, [game.policy(p) for p in policies], 21, 10, 20,
                                threads=1, rounds_log=True)
        round_scores = block["round_scores"].reshape(20, players, -1)
        for g in range(20):
            record = reference_game(game.default_rules(), players, policies, 21, 10 + g)
            assert len(record.round_scores) == record.rounds
            expected = np.array(record.round_scores).T
            assert np.array_equal(round_scores[g, :, :record.rounds], expected)
            assert list(expected[:, -1]) == [seat.score for seat in record.seats]


def test_block_without_rounds_log_is_unchanged() -> None:
    policies = [GAME.policy("greedy")] * 3
    plain = GAME.play_block(Rules(), 3, policies, 3, 0, 20, threads=1)
    logged = GAME.play_block(Rules(), 3, policies, 3, 0, 20, threads=1, rounds_log=True)
    assert "round_scores" not in plain
    for name, column in plain.items():
        assert np.array_equal(column, logged[name]), name


def test_a_game_longer_than_the_log_is_refused() -> None:
    from zoosim.games.base import rounds_log_block

    with pytest.raises(ZoosimError, match="holds at most 2"):
        rounds_log_block(np.zeros((1, 2, 3), np.int16), np.array([3, 3, 3]), 2)


def _run(out: Path, **kw) -> Path:
    args = dict(game_id="zooloretto", players=3, policies=["greedy"], games=120, seed=4, rules={}, out=out,
                progress=False, shard_size=50, rounds_log=True, rotate_seats=True)
    args.update(kw)
    return simulate_run(**args)


def test_run_writes_a_rounds_dataset_that_matches_its_rows(tmp_path: Path) -> None:
    run = _run(tmp_path / "logged")
    rounds = pl.read_parquet(run / "rounds" / "*.parquet")
    rows = pl.read_parquet(run / "part-*.parquet")
    keys = ["game_index", "rotation", "seat"]
    assert rounds.height == rows["rounds"].sum()
    last = rounds.group_by(keys).agg(pl.col("round").max().alias("last"), pl.col("round").n_unique().alias("n"),
                                     pl.col("provisional_score").sort_by("round").last().alias("final"))
    joined = rows.join(last, on=keys)
    assert joined.height == rows.height
    assert (joined["last"] == joined["rounds"]).all() and (joined["n"] == joined["rounds"]).all()
    assert (joined["final"] == joined["score"]).all()
    policy = rows.select([*keys, "policy"]).join(rounds.select([*keys, "policy"]).unique(), on=keys, suffix="_r")
    assert (policy["policy"] == policy["policy_r"]).all()
    # the main rows are those of the same run without the log (and so is the run id)
    plain = _run(tmp_path / "plain", rounds_log=False)
    assert pl.read_parquet(plain / "part-*.parquet").equals(rows)
    assert verify_run(run).ok


def test_damaged_rounds_shard_is_found_and_remade(tmp_path: Path) -> None:
    run = _run(tmp_path / "run")
    whole = pl.read_parquet(run / "rounds" / "*.parquet")
    (run / "rounds" / "part-00001.parquet").unlink()
    table = pq.read_table(run / "rounds" / "part-00002.parquet")
    pq.write_table(table.slice(1), run / "rounds" / "part-00002.parquet")
    problems = verify_run(run).problems
    assert any("rounds/part-00001.parquet: missing" in p for p in problems)
    assert any("rounds/part-00002.parquet" in p for p in problems)
    _run(run)  # the same command again remakes both shards
    assert verify_run(run).ok
    assert pl.read_parquet(run / "rounds" / "*.parquet").equals(whole)


def test_rounds_log_is_part_of_the_run_identity(tmp_path: Path) -> None:
    run = _run(tmp_path / "run")
    with pytest.raises(ZoosimError, match="rounds_log"):
        _run(run, rounds_log=False)
    _run(run, rounds_log=False, force=True)
    assert not list((run / "rounds").glob("*.parquet"))


def test_games_without_a_rounds_log_refuse_it(tmp_path: Path) -> None:
    with pytest.raises(ZoosimError, match="cannot record a rounds log"):
        _run(tmp_path / "nyz", game_id="new-york-zoo", policies=["uniform"])
    assert not (tmp_path / "nyz").exists()
