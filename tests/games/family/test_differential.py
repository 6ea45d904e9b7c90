"""The Zooloretto family: each numba engine and its plain-Python reference play the same games.

`uniform` and `random` are played by both sides from the same random stream (each game's PROTOCOL.md); for
`greedy`, `heuristic` (and Zooloretto's `lookahead`), which only the engine implements, the reference replays the
engine's decisions, must find each one legal and must produce the same consequences (births, fills, coins, bonuses,
overflows, refills, round ends) and results. Thousands of games per game, player counts 2-5, official and
randomised rules (cases.py says how many of each).
"""
from __future__ import annotations

import random

import pytest

from tests.games.family.cases import CASES, Case

PLAYERS = (2, 3, 4, 5)


def assert_same_game(case: Case, rules, players: int, policies: list[str], seed: int, game_index: int, record) -> None:
    """The engine's game (seed, game index) has the reference record's events, scores, ranks, shares, log columns,
    rounds and turns; a difference in events fails at its first event."""
    events, rows, shares = case.play_recorded(rules, players, [case.game.policy(p) for p in policies], seed,
                                              game_index)[:3]
    engine = [tuple(int(x) for x in row) for row in events]
    if engine != record.events:
        first = next((i for i, (a, b) in enumerate(zip(engine, record.events)) if a != b),
                     min(len(engine), len(record.events)))
        pytest.fail(f"{case.id} {list(policies)} seed {seed} game {game_index}: events differ at {first}: "
                    f"engine {engine[first:first + 3]} reference {record.events[first:first + 3]}")
    play = case.play
    first = getattr(play, case.first_column)
    for seat, result in enumerate(record.seats):
        got = {c.name: int(rows[seat, first + k]) for k, c in enumerate(case.game.columns)}
        assert got == {**result.components, **result.columns}, (policies, seed, game_index, seat)
        assert (rows[seat, play.O_SCORE], rows[seat, play.O_RANK]) == (result.score, result.rank)
        assert shares[seat] == pytest.approx(result.win_share)
        assert (rows[seat, play.O_ROUNDS], rows[seat, play.O_TURNS]) == (record.rounds, record.turns)


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("policy", ["uniform", "random"])
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_engine_plays_the_reference_game(case: Case, policy: str, players: int) -> None:
    rules = case.game.default_rules()
    for game_index in range(case.official_games):
        record = case.reference.play_game(rules, players, [policy] * players, 11, game_index)
        assert_same_game(case, rules, players, [policy] * players, 11, game_index, record)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_mixed_seats_and_random_rules(case: Case) -> None:
    rng = random.Random(2024)
    records = []
    for game_index in range(case.mixed_games):
        players = rng.randint(2, 5)
        rules = case.random_rules(rng)
        policies = [rng.choice(["uniform", "random"]) for _ in range(players)]
        record = case.reference.play_game(rules, players, policies, 99, game_index)
        assert_same_game(case, rules, players, policies, 99, game_index, record)
        records.append(record)
    case.check_records(records)


@pytest.mark.parametrize(("case", "policy", "games", "draw_seed"),
                         [(case, *decision) for case in CASES for decision in case.decisions],
                         ids=lambda value: value.id if isinstance(value, Case) else str(value))
def test_reference_accepts_every_engine_decision(case: Case, policy: str, games: int, draw_seed: int) -> None:
    rng = random.Random(draw_seed)
    for game_index in range(games):
        players = rng.randint(2, 5)
        rules = case.game.default_rules() if game_index % 2 == 0 else case.random_rules(rng)
        policies = [rng.choice([policy, policy, *case.rivals]) for _ in range(players)]
        events = case.play_recorded(rules, players, [case.game.policy(p) for p in policies], 5, game_index)[0]
        record = case.reference.replay_decisions(rules, players, 5, game_index, events)
        assert_same_game(case, rules, players, policies, 5, game_index, record)
