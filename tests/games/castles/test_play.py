"""The numba Castles loop (castles.play, engine.game) against the reference: for the same (seed, game index), rules
and policies, the engine's event rows equal reference.game.play_game's (the first differing one is shown) and so do
the per-seat results."""
from __future__ import annotations

import numpy as np

import dataclasses

import pytest

from zoosim.games.castles import play as P
from zoosim.games.castles.engine import state as ES
from zoosim.games.castles.reference.game import play_game
from zoosim.games.castles.reference.policies import make_policy
from zoosim.games.castles.rules import Rules

SEED = 20261201


def seat_rows(record):
    rows = []
    for s in record.seats:
        c = s.components
        rows.append((s.policy, s.score, c["start_points"], c["placement_points"], c["completion_rewards"],
                     c["exhausted_stacks"], c["favors"], c["bonus_cards"], c["money_points"], s.rank, s.win_share,
                     s.money, s.area, tuple(s.rooms_by_type), s.hallways, s.stairs, s.completed_rooms,
                     s.blocked_doorways, s.times_master_builder, s.money_as_master_builder, s.passes,
                     record.rounds, record.turns, record.end_reason, s.points_as_mb))
    return rows


def engine_rows(out):
    rows = []
    for o in out:
        share = 1.0 / int(o[ES.O_WINNERS]) if o[ES.O_RANK] == 1 else 0.0
        rows.append((int(o[ES.O_POLICY]), int(o[ES.O_SCORE]), int(o[ES.O_START]), int(o[ES.O_PLACE]),
                     int(o[ES.O_COMPL]), int(o[ES.O_EXH]), int(o[ES.O_FAV]), int(o[ES.O_BON]), int(o[ES.O_MONEYPTS]),
                     int(o[ES.O_RANK]), share, int(o[ES.O_MONEY]), int(o[ES.O_AREA]),
                     tuple(int(v) for v in o[ES.O_BY_TYPE:ES.O_BY_TYPE + ES.N_TYPES]), int(o[ES.O_HALLWAYS]),
                     int(o[ES.O_STAIRS]), int(o[ES.O_COMPLETED]), int(o[ES.O_BLOCKED]), int(o[ES.O_TMB]),
                     int(o[ES.O_MMB]), int(o[ES.O_PASSES]), int(o[ES.O_ROUNDS]), int(o[ES.O_TURNS]), int(o[ES.O_END]),
                     int(o[ES.O_PTS_MB])))
    return rows


def reference_policy(policy):
    """A name, or a PolicySpec (heuristic with its weights) as the reference's policy object."""
    return policy if isinstance(policy, str) else make_policy(policy.name, policy.values)


def check_games(rules, players, policies, games, seed=SEED):
    pack = P.Pack(rules, players)
    for g in range(games):
        events, out = P.play_traced(rules, players, policies, seed, g, pack)
        record = play_game(rules, players, [reference_policy(p) for p in policies], seed, g)
        for i, (mine, ref) in enumerate(zip(events, record.events)):
            assert mine == ref, f"game {g} ({players}p {policies}) event {i}: engine {mine} reference {ref}; " \
                                f"before: {record.events[max(0, i - 4):i]}"
        assert len(events) == len(record.events), f"game {g}: {len(events)} events, reference {len(record.events)}"
        assert engine_rows(out) == seat_rows(record), f"game {g} ({players}p {policies}) seat results"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_uniform_games_equal_reference(players):
    check_games(Rules(), players, ["uniform"] * players, {2: 100, 3: 70, 4: 50}[players])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_and_mixed_games_equal_reference(players):
    check_games(Rules(), players, ["random"] * players, 12)
    check_games(Rules(), players, ["uniform", "random"] + ["uniform"] * (players - 2), 8, seed=7)


VARIANTS = [
    dict(on_empty_stack="skip", coins_count_toward_price=True, first_mb="seat0"),
    dict(once_per_turn_scope="player_round", food_extra_action_may_pass=False, pieces_give_rewards=False),
    dict(ds_wild_living_target="any_completed_room", downstairs_reward_every=1, corridor_reward_once_per_turn=False,
         downstairs_reward_once_per_turn=False, sleeping_reward_max_tiles=3, corridor_pieces_in_card_counts=True,
         area_includes_pieces=False, exclusive_favors=()),
    dict(max_rounds=4, bonus_deal=6, bonus_keep=1, utility_reward_draw=5, utility_reward_keep=3,
         downstairs_reward_every=1, money_card_unit=5000, favor_points=(5, 3, 0, 0)),
]


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_rules_variants_equal_reference(variant):
    rules = dataclasses.replace(Rules(), **VARIANTS[variant])
    for players in (2, 3, 4):
        check_games(rules, players, ["random"] * players, 3, seed=11 + variant)
        check_games(rules, players, ["uniform"] * players, 3, seed=31 + variant)


def test_play_block_equals_traced_games():
    """play_many's rows are by policy index (the log's seat); play_traced's by position: the same rows, permuted."""
    rules = Rules()
    for players, policies in ((2, ["uniform", "random"]), (4, ["uniform", "greedy", "heuristic", "random"])):
        rows = P.play_block(rules, players, policies, SEED, 5, 12, threads=2)
        pack = P.Pack(rules, players)
        for g in range(12):
            _, out = P.play_traced(rules, players, policies, SEED, 5 + g, pack)
            by_policy = out[np.argsort(out[:, ES.O_POLICY])]
            assert (rows[g * players:(g + 1) * players] == by_policy).all(), f"game {5 + g}"
            assert sorted(out[:, ES.O_POSITION]) == list(range(players))
