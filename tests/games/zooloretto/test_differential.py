"""The numba engine and the plain-Python reference play the same games.

`uniform` and `random` are played by both sides from the same random stream (PROTOCOL.md); for
`greedy`, `heuristic` and `lookahead`, which only the engine implements, the reference replays the engine's
decisions and must find each one legal and produce the same consequences (births, fill coins, round ends)
and the same final results.
"""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from zoosim.games.zooloretto import GAME
from zoosim.games.zooloretto.columns import COLUMNS
from zoosim.games.zooloretto.play import O_FULL, O_RANK, O_ROUNDS, O_SCORE, O_TURNS
from zoosim.games.zooloretto.reference.actions import play_game, replay_decisions
from zoosim.games.zooloretto.replay import play_recorded
from zoosim.games.zooloretto.rules import Rules


def random_rules(rng: random.Random) -> Rules:
    """Rule settings that differ from the official ones in many ways at once."""
    return replace(
        Rules(),
        end_trigger=rng.choice(["first_end_draw", "main_empty"]),
        move_stall_to_barn=rng.random() < 0.5,
        exchange_into_empty=rng.random() < 0.5,
        end_stack=rng.choice([0, 5, 15, 20]),
        bank=rng.choice([20, 30, 60]),
        start_coins=rng.choice([0, 2, 4]),
        move_cost=rng.choice([1, 2]),
        discard_cost=rng.choice([1, 2]),
        expand_cost=rng.choice([1, 3]),
        purchase_price=rng.choice([0, 1]),
        enclosure_spaces=rng.choice([(5, 4, 6), (3, 3, 3), (6, 6, 6)]),
        enclosure_fill_coins=rng.choice([(2, 1, 0), (3, 3, 3)]),
        max_expansions=rng.choice([1, 2]),
        offspring_per_species=rng.choice([1, 2]),
    )


def assert_same_game(rules: Rules, players: int, policies: list[str], seed: int, game_index: int,
                     record) -> None:
    specs = [GAME.policy(p) for p in policies]
    events, rows, shares, _state, _deck = play_recorded(rules, players, specs, seed, game_index)
    engine_events = [tuple(int(x) for x in row) for row in events]
    reference_events = [tuple(row) for row in record.events]
    if engine_events != reference_events:
        first = next(i for i, (a, b) in enumerate(zip(engine_events, reference_events)) if a != b) \
            if any(a != b for a, b in zip(engine_events, reference_events)) else min(len(engine_events),
                                                                                   len(reference_events))
        pytest.fail(f"{policies} seed {seed} game {game_index}: events differ at {first}: "
                    f"engine {engine_events[first:first + 3]} reference {reference_events[first:first + 3]}")
    names = [c.name for c in COLUMNS]
    for seat, result in enumerate(record.seats):
        assert rows[seat, O_SCORE] == result.score
        assert rows[seat, O_RANK] == result.rank
        assert shares[seat] == pytest.approx(result.win_share)
        expected = {**result.components, "coins": result.coins, "expansions": result.expansions,
                    "offspring_born": result.offspring_born, "barn_tiles": result.barn_tiles,
                    "money_actions": result.money_actions}
        got = {name: int(rows[seat, O_FULL + k]) for k, name in enumerate(names)}
        assert got == expected
        assert rows[seat, O_ROUNDS] == record.rounds
        assert rows[seat, O_TURNS] == record.turns


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("policy", ["uniform", "random"])
def test_engine_plays_the_reference_game(players: int, policy: str) -> None:
    rules = Rules()
    for game_index in range(150):
        policies = [policy] * players
        record = play_game(rules, players, policies, 11, game_index)
        assert_same_game(rules, players, policies, 11, game_index, record)


def test_mixed_seats_and_random_rules() -> None:
    rng = random.Random(2024)
    for game_index in range(400):
        players = rng.randint(2, 5)
        rules = random_rules(rng)
        policies = [rng.choice(["uniform", "random"]) for _ in range(players)]
        record = play_game(rules, players, policies, 99, game_index)
        assert_same_game(rules, players, policies, 99, game_index, record)


@pytest.mark.parametrize(("policy", "games"), [("greedy", 200), ("heuristic", 200), ("lookahead:rollouts=2", 16)])
def test_reference_accepts_every_engine_decision(policy: str, games: int) -> None:
    rng = random.Random({"greedy": 7, "heuristic": 8}.get(policy, 9))
    for game_index in range(games):
        players = rng.randint(2, 5)
        rules = Rules() if game_index % 2 == 0 else random_rules(rng)
        policies = [rng.choice([policy, policy, "random"]) for _ in range(players)]
        specs = [GAME.policy(p) for p in policies]
        events, _rows, _shares, _state, _deck = play_recorded(rules, players, specs, 5, game_index)
        record = replay_decisions(rules, players, 5, game_index, events)
        assert_same_game(rules, players, policies, 5, game_index, record)
