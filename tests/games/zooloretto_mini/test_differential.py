"""Zooloretto Mini: the numba engine and the plain-Python reference play the same games.

`uniform` and `random` are played by both sides from the same random stream (PROTOCOL.md); for `greedy`
and `heuristic`, which only the engine implements, the reference replays the engine's decisions, must
find each one legal and must produce the same consequences (births, fills, bonuses earned, round ends)
and results. Over 3,000 games in all, with player counts 2-5 and randomised rules.
"""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tests.support import differential as differential_harness
from zoosim.games.zooloretto_mini import GAME, play
from zoosim.games.zooloretto_mini.reference import IllegalMove
from zoosim.games.zooloretto_mini.reference import play_game, replay_decisions
from zoosim.games.zooloretto_mini.replay import play_recorded
from zoosim.games.zooloretto_mini.rules import Rules


def random_rules(rng: random.Random) -> Rules:
    """Rule settings that differ from the official ones in many ways at once."""
    size, points = rng.choice([(6, (1, 2, 3, 4, 8, 12)), (4, (1, 2, 4, 7)), (8, (1, 2, 3, 4, 6, 8, 11, 15))])
    return replace(
        Rules(),
        bonus_per_enclosure=rng.random() < 0.5,
        end_stack=rng.choice([0, 5, 15, 25]),
        enclosures=rng.choice([2, 3, 4]),
        enclosure_size=size,
        animal_points=points,
        offspring_per_species=rng.choice([0, 1, 2, 3]),
        landscape_kinds=rng.choice([2, 3, 4]),
        landscapes_per_kind=rng.choice([1, 3, 5]),
        truck_capacity=rng.choice([2, 3, 4]),
        two_player_truck_capacities=rng.choice([(1, 2, 3), (2, 2), (3, 3, 3, 1)]),
        barn_species_penalty=rng.choice([1, 2, 3]),
        barn_landscape_penalty=rng.choice([0, 2]),
        landscape_kind_points=rng.choice([0, 2, 3]),
    )


def expected_columns(result, record) -> dict[str, int]:
    """The log columns a Mini seat's reference result must match."""
    return {**result.components, "bonuses_taken": result.bonuses_taken, "landscape_tiles": result.landscape_tiles,
            "offspring_born": result.offspring_born, "barn_tiles": result.barn_tiles}


def assert_same_game(rules: Rules, players: int, policies: list[str], seed: int, game_index: int, record) -> None:
    differential_harness.assert_same_game(GAME, play_recorded, play, "O_ENCLOSURES", expected_columns, rules, players,
                                          policies, seed, game_index, record)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("policy", ["uniform", "random"])
def test_engine_plays_the_reference_game(players: int, policy: str) -> None:
    for game_index in range(250):  # 8 x 250 = 2,000 games with the official rules
        record = play_game(Rules(), players, [policy] * players, 11, game_index)
        assert_same_game(Rules(), players, [policy] * players, 11, game_index, record)


def test_mixed_seats_and_random_rules() -> None:
    rng = random.Random(2024)
    for game_index in range(600):
        players = rng.randint(2, 5)
        rules = random_rules(rng)
        policies = [rng.choice(["uniform", "random"]) for _ in range(players)]
        record = play_game(rules, players, policies, 99, game_index)
        assert_same_game(rules, players, policies, 99, game_index, record)


@pytest.mark.parametrize("policy", ["greedy", "heuristic"])
def test_reference_accepts_every_engine_decision(policy: str) -> None:
    rng = random.Random(7 if policy == "greedy" else 8)
    for game_index in range(200):
        players = rng.randint(2, 5)
        rules = Rules() if game_index % 2 == 0 else random_rules(rng)
        policies = [rng.choice([policy, policy, "random", "uniform"]) for _ in range(players)]
        events, _rows, _shares, _state = play_recorded(rules, players, [GAME.policy(p) for p in policies], 5,
                                                       game_index)
        record = replay_decisions(rules, players, 5, game_index, events)
        assert_same_game(rules, players, policies, 5, game_index, record)


def test_replay_refuses_a_tampered_decision() -> None:
    """The replay check can fail: a PLACE moved to another enclosure, or a bonus dropped, is caught."""
    specs = [GAME.policy("greedy")] * 3
    for game_index in range(40):
        events, *_ = play_recorded(Rules(), 3, specs, 5, game_index)
        rows = [list(map(int, r)) for r in events]
        bonus = next((i for i, r in enumerate(rows) if r[0] in (6, 7, 8)), None)
        if bonus is not None:
            with pytest.raises(IllegalMove):
                replay_decisions(Rules(), 3, 5, game_index, rows[:bonus] + rows[bonus + 1:])
            break
    else:
        pytest.fail("no bonus in 40 greedy games")
    place = next(i for i, r in enumerate(rows) if r[0] == 3)
    rows[place][2] = 64 + 7  # a tile that is not on the truck
    with pytest.raises(IllegalMove):
        replay_decisions(Rules(), 3, 5, game_index, rows)
