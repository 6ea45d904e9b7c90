"""Whole reference games: invariants after every turn, the record against its own event log, replays."""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from zoosim.core.rng import PyRng
from zoosim.games.zooloretto.reference.state import (
    BIRTH, COMPONENTS, DECISION_KINDS, MONEY_KINDS, ROUND_END, check_invariants, game_record, setup,
)
from zoosim.games.zooloretto.reference.actions import POLICY_TURNS, play_game, replay_decisions
from zoosim.games.zooloretto.rules import Rules, validate

R = Rules()


def play_checked(rules: Rules, players: int, policies: list[str], seed: int, game: int):
    """Play turn by turn, checking the invariants after every turn; return the record and the setup stacks."""
    rng = PyRng(seed, game)
    state = setup(rules, players, rng)
    main = len(state.main)
    check_invariants(state)
    while not state.game_over:
        POLICY_TURNS[policies[state.current]](state, rng)
        check_invariants(state)
    return game_record(state), main


def check_record(rules: Rules, players: int, record, main: int) -> None:
    events = record.events
    assert all(len(e) == 6 and all(isinstance(x, int) for x in e) for e in events)
    for p, seat in enumerate(record.seats):
        assert seat.score == sum(seat.components[c] for c in COMPONENTS)
        assert rules.min_score(players) <= seat.score <= rules.max_score(players)
        assert seat.columns["offspring_born"] == sum(1 for e in events if e[0] == BIRTH and e[1] == p)
        assert seat.columns["money_actions"] == sum(1 for e in events if e[0] in MONEY_KINDS and e[1] == p)
    assert record.turns == sum(1 for e in events if e[0] in DECISION_KINDS)
    assert record.rounds == sum(1 for e in events if e[0] == ROUND_END)
    best = max((s.score, s.columns["coins"]) for s in record.seats)
    winners = [s for s in record.seats if (s.score, s.columns["coins"]) == best]
    assert all(s.rank == 1 and s.win_share == pytest.approx(1 / len(winners)) for s in winners)
    assert sum(s.win_share for s in record.seats) == pytest.approx(1.0)
    spaces = sum(rules.truck_capacities(players))
    need = main + (1 if rules.end_trigger == "first_end_draw" and rules.end_stack > 0 else 0)
    assert record.rounds >= min(math.ceil(need / spaces), rules.max_rounds)


@pytest.mark.parametrize("policy", ["uniform", "random"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_default_games_keep_every_invariant(players, policy):
    for game in range(20):
        mixed = [["uniform", "random"][(game // 2 + s) % 2] for s in range(players)]
        policies = [policy] * players if game % 2 else mixed
        record, main = play_checked(R, players, policies, 2024, game)
        check_record(R, players, record, main)
        assert record == play_game(R, players, policies, 2024, game)


def test_default_games_show_every_rule_at_work():
    """The random games exercise what the rule tests check by hand (else the invariant run proves little)."""
    kinds: Counter = Counter()
    for game in range(40):
        players = 2 + game % 4
        kinds.update(e[0] for e in play_game(R, players, ["random"] * players, 7, game).events)
    assert all(kinds[k] > 0 for k in range(1, 13)), kinds


def test_replay_of_decisions_gives_the_same_game():
    for game in range(16):
        players = 2 + game % 4
        policies = ["random", "uniform"] * 3
        record = play_game(R, players, policies[:players], 99, game)
        assert replay_decisions(R, players, 99, game, record.events) == record


rule_sets = st.builds(
    lambda end_stack, bank, start, costs, flags, trigger, cap, two, off, coins: replace(
        R, end_stack=end_stack, bank=bank, start_coins=start, move_cost=costs[0], exchange_cost=costs[1],
        purchase_cost=costs[2], purchase_price=costs[3], discard_cost=costs[4], expand_cost=costs[5],
        move_stall_to_barn=flags[0], exchange_into_empty=flags[1], end_trigger=trigger, truck_capacity=cap,
        two_player_truck_capacities=two, offspring_per_species=off, coin_tiles=coins),
    st.integers(0, 30), st.integers(10, 40), st.integers(0, 5), st.lists(st.integers(1, 4), min_size=6, max_size=6),
    st.tuples(st.booleans(), st.booleans()), st.sampled_from(["first_end_draw", "main_empty"]), st.integers(1, 5),
    st.sampled_from([(3, 2, 1), (2, 2), (1, 1, 1, 1), (4, 3)]), st.integers(0, 3), st.integers(0, 20),
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets, players=st.integers(2, 5), policy=st.sampled_from(["uniform", "random"]),
       seed=st.integers(0, 2**63 - 1))
def test_games_under_random_rules_keep_every_invariant(rules, players, policy, seed):
    try:
        validate(rules, players)
    except ValueError:
        assume(False)
    record, main = play_checked(rules, players, [policy] * players, seed, 0)
    check_record(rules, players, record, main)
    assert replay_decisions(rules, players, seed, 0, record.events) == record
