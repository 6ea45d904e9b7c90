"""Tractor Zooloretto: the numba engine and the plain-Python reference play the same games.

`uniform` and `random` are played by both sides from the same random stream (PROTOCOL.md); for `greedy`
and `heuristic` the reference replays the engine's decisions, must find each legal and must produce the
same placements, overflows, refills, round ends and results. Over 2,400 games in all, player counts 2-5,
randomised rules (both overflow readings, backyard and tractor sizes, the end conditions, ...).
"""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tests.support import differential as differential_harness
from zoosim.games.tractor import GAME, play
from zoosim.games.tractor.reference import IllegalMove, play_game, replay_decisions
from zoosim.games.tractor.replay import play_recorded
from zoosim.games.tractor.rules import Rules


def random_rules(rng: random.Random) -> Rules:
    enclosures = rng.choice([2, 3, 4])
    return replace(
        Rules(),
        species=rng.choice([3, 9, 12]),
        tiles_per_species=rng.choice([4, 10]),
        attractions=rng.choice([0, 8]),
        stall_kinds=rng.choice([0, 4]),
        extra_tractors=rng.choice([0, 1, 2]),
        extra_tractors_two_players=rng.choice([1, 2]),
        tractor_capacity=rng.choice([1, 3, 4]),
        enclosures=enclosures,
        enclosure_size=rng.choice([2, 3, 4]),
        enclosure_points=tuple(rng.choice([3, 4]) for _ in range(enclosures)),
        stall_spaces=rng.choice([0, 2]),
        backyard_size=rng.choice([0, 3, 4]),
        overflow=rng.choice(["bag", "discard"]),
        end_on_full_zoo=rng.random() < 0.7,
        max_rounds=rng.choice([5, 40, 100]),
        card_points=rng.choice([(3, 2, 1), (5, 0, 2)]),
    )


def expected_columns(result, record) -> dict[str, int]:
    """The log columns a Tractor seat's reference result must match."""
    return {**result.components, "end_reason": record.end_reason, "pushes": result.pushes,
            "backyard_tiles": result.backyard_tiles}


def assert_same_game(rules: Rules, players: int, policies: list[str], seed: int, game_index: int, record) -> None:
    differential_harness.assert_same_game(GAME, play_recorded, play, "O_FULL", expected_columns, rules, players,
                                          policies, seed, game_index, record)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("policy", ["uniform", "random"])
def test_engine_plays_the_reference_game(players: int, policy: str) -> None:
    for game_index in range(200):  # 8 x 200 = 1,600 games with the default rules
        record = play_game(Rules(), players, [policy] * players, 11, game_index)
        assert_same_game(Rules(), players, [policy] * players, 11, game_index, record)


def test_mixed_seats_and_random_rules() -> None:
    rng = random.Random(2024)
    reasons = set()
    for game_index in range(500):
        players = rng.randint(2, 5)
        rules = random_rules(rng)
        policies = [rng.choice(["uniform", "random"]) for _ in range(players)]
        record = play_game(rules, players, policies, 99, game_index)
        assert_same_game(rules, players, policies, 99, game_index, record)
        reasons.add(record.end_reason)
    assert reasons == {0, 1, 2}  # every way a game can end was played


@pytest.mark.parametrize("policy", ["greedy", "heuristic"])
def test_reference_accepts_every_engine_decision(policy: str) -> None:
    rng = random.Random(7 if policy == "greedy" else 8)
    for game_index in range(150):
        players = rng.randint(2, 5)
        rules = Rules() if game_index % 2 == 0 else random_rules(rng)
        policies = [rng.choice([policy, policy, "random", "uniform"]) for _ in range(players)]
        events, _rows, _shares, _state = play_recorded(rules, players, [GAME.policy(p) for p in policies], 5,
                                                       game_index)
        record = replay_decisions(rules, players, 5, game_index, events)
        assert_same_game(rules, players, policies, 5, game_index, record)


def test_replay_refuses_a_tampered_decision() -> None:
    events, *_ = play_recorded(Rules(), 3, [GAME.policy("greedy")] * 3, 5, 0)
    rows = [list(map(int, r)) for r in events]
    push = next(i for i, r in enumerate(rows) if r[0] == 3)
    with pytest.raises(IllegalMove):
        replay_decisions(Rules(), 3, 5, 0, rows[:push] + rows[push + 1:])  # a push left out
    take = next(i for i, r in enumerate(rows) if r[0] == 1)
    rows[take][2] = (rows[take][2] + 1) % 4  # another tractor
    with pytest.raises(IllegalMove):
        replay_decisions(Rules(), 3, 5, 0, rows)
