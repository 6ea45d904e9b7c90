"""The differential test of issue 17: the numba engine (castles/play.py) and the plain-Python reference play the same
games, event row for event row, with the same per-seat results, for 1,000 seeds over 2-4 players, every policy
(`heuristic` with random weights too) and randomised rule parameters (every reading of §8 and U1-U12 that changes
play). Each seed draws its own players, policies and rules, so a failure names one game to replay.

The reference's greedy and heuristic seats are slow (a preview per legal placement in Python), so scripted seats
are drawn less often than uniform and random ones; every policy still sits in hundreds of games (counted below).
"""
from __future__ import annotations

import dataclasses
import random

from tests.games.castles.test_play import check_games

from zoosim.games.castles.components import data
from zoosim.games.castles.policies import DEFAULTS, POLICY_CODES
from zoosim.games.castles.rules import Rules
from zoosim.games.policy import PolicySpec

SEEDS = 1000
BLOCKS = 8   # the seeds are split over this many tests, so a failure is local and progress visible


def random_rules(rnd: random.Random, players: int) -> Rules:
    """A valid rules object with about half of the play-changing parameters moved from their defaults."""
    base = Rules()
    change: dict = {}

    def maybe(name, value):
        if rnd.random() < 0.35:
            change[name] = value

    maybe("on_empty_stack", "skip")
    maybe("coins_count_toward_price", True)
    maybe("first_mb", "seat0")
    maybe("once_per_turn_scope", "player_round")
    maybe("food_extra_action_may_pass", False)
    maybe("pieces_give_rewards", False)
    maybe("ds_wild_living_target", "any_completed_room")
    maybe("downstairs_reward_every", rnd.choice([1, 3]))
    maybe("corridor_reward_once_per_turn", False)
    maybe("downstairs_reward_once_per_turn", False)
    maybe("sleeping_reward_max_tiles", rnd.choice([0, 1, 3]))
    maybe("corridor_pieces_in_card_counts", True)
    maybe("area_includes_pieces", False)
    maybe("exclusive_favors", ())
    maybe("max_rounds", rnd.randint(2, 12))
    maybe("utility_reward_draw", 4)
    maybe("utility_reward_keep", 2)
    maybe("money_card_unit", 5000)
    maybe("money_per_point", 5000)
    maybe("favor_points", (6, 3, 1, 0))
    maybe("activity_reward_points", rnd.choice([0, 3, 8]))
    maybe("outdoor_reward_money", rnd.choice([0, 5000, 15000]))
    maybe("unsold_increment", rnd.choice([0, 2000]))
    maybe("piece_price", rnd.choice([0, 1000, 6000]))
    maybe("pass_income", rnd.choice([0, 3000, 8000]))
    maybe("start_money", rnd.choice([5000, 30000]))
    maybe("bonus_per_link", True)
    maybe("living_rescore_includes_neighbours", True)
    maybe("castle_rule_counts_self", True)
    maybe("pieces_are_corridor_for_room_rules", False)
    maybe("pieces_count_for_castle_rules", False)
    maybe("exhaust_bonus", rnd.choice([0, 5]))
    maybe("min_external_entrances", rnd.choice([0, 2]))
    maybe("mixed_level_door_contact", "blocked")
    maybe("allow_half_cell_sharing", False)
    maybe("deck_cards_per_player", rnd.choice([4, 8]))
    maybe("room_card_composition", tuple(rnd.randint(3, 7) for _ in range(data.N_SIZES)))
    if rnd.random() < 0.2:   # a price list in no particular order (heuristic's pricing sorts it)
        change["price_slots"] = tuple(tuple(rnd.sample(p, len(p))) for p in base.price_slots)
    if rnd.random() < 0.2:
        change["bonus_deal"], change["bonus_keep"] = rnd.choice([(2, 1), (4, 3), (6, 2)])
    rules = dataclasses.replace(base, **change)
    if "bonus_deal" in change and rules.bonus_deal * players > data.N_BONUS_CARDS:
        rules = dataclasses.replace(rules, bonus_deal=3, bonus_keep=2)
    if sum(rules.room_card_composition) < rules.deck_cards_per_player * players:
        rules = dataclasses.replace(rules, deck_cards_per_player=sum(rules.room_card_composition) // players)
    if rules.utility_reward_keep > rules.utility_reward_draw:
        rules = dataclasses.replace(rules, utility_reward_keep=rules.utility_reward_draw)
    return rules


def random_policy(rnd: random.Random):
    name = rnd.choices(["uniform", "random", "greedy", "heuristic"], weights=[4, 4, 1, 1])[0]
    if name != "heuristic" or rnd.random() < 0.5:
        return name
    values = tuple(round(d * rnd.uniform(0.0, 3.0) + rnd.uniform(-0.5, 0.5), 3) for d in DEFAULTS[:-1])
    values += (round(rnd.uniform(0.0, 9.5), 3),)   # shortlist: 1 (below 1 too) to every buy
    return PolicySpec("heuristic", POLICY_CODES["heuristic"], values, "heuristic:random")


def game_of(seed: int):
    rnd = random.Random(seed)
    players = 2 + seed % 3
    return players, random_rules(rnd, players), [random_policy(rnd) for _ in range(players)]


def test_every_policy_sits_in_many_of_the_games():
    seats: dict[str, int] = {}
    for seed in range(SEEDS):
        for policy in game_of(seed)[2]:
            name = policy if isinstance(policy, str) else policy.name
            seats[name] = seats.get(name, 0) + 1
    # every policy the reference plays (search has no reference: its games are checked in test_search.py)
    assert set(seats) == set(POLICY_CODES) - {"search"} and min(seats.values()) >= 200, seats


def test_random_rules_are_valid_and_vary():
    from zoosim.games.castles.rules import validate
    changed = set()
    for seed in range(SEEDS):
        players, rules, _ = game_of(seed)
        validate(rules, players)
        changed |= {f.name for f in dataclasses.fields(rules) if getattr(rules, f.name) != getattr(Rules(), f.name)}
    assert len(changed) >= 35, sorted(changed)


def _block(k: int) -> None:
    for seed in range(k, SEEDS, BLOCKS):
        players, rules, policies = game_of(seed)
        check_games(rules, players, policies, 1, seed=seed)


def test_engine_equals_reference_block_0():
    _block(0)


def test_engine_equals_reference_block_1():
    _block(1)


def test_engine_equals_reference_block_2():
    _block(2)


def test_engine_equals_reference_block_3():
    _block(3)


def test_engine_equals_reference_block_4():
    _block(4)


def test_engine_equals_reference_block_5():
    _block(5)


def test_engine_equals_reference_block_6():
    _block(6)


def test_engine_equals_reference_block_7():
    _block(7)
