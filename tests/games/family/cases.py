"""What the family's shared tests need to know of each game: Zooloretto, Zooloretto Mini, Tractor Zooloretto.

One `Case` per game, side by side: its modules, the rules it is played under at random, its example position, its
bad command lines. The tests of tests/games/family run every check over `CASES`; what only one game has stays in
its own folder. A reference's seat results hold the game's own log columns by name, so engine and reference
compare column for column.
"""
from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import Any

import numpy as np

from zoosim.games.base import Game
from zoosim.games.tractor import GAME as TRACTOR_GAME
from zoosim.games.tractor import play as tractor_play
from zoosim.games.tractor import reference as tractor_reference
from zoosim.games.tractor.replay import play_recorded as tractor_recorded
from zoosim.games.tractor.rules import Rules as TractorRules
from zoosim.games.zooloretto import GAME as ZOOLORETTO_GAME
from zoosim.games.zooloretto import play as zooloretto_play
from zoosim.games.zooloretto.reference import actions as zooloretto_reference
from zoosim.games.zooloretto.replay import play_recorded as zooloretto_recorded
from zoosim.games.zooloretto.rules import Rules as ZoolorettoRules
from zoosim.games.zooloretto_mini import GAME as MINI_GAME
from zoosim.games.zooloretto_mini import play as mini_play
from zoosim.games.zooloretto_mini import reference as mini_reference
from zoosim.games.zooloretto_mini.replay import play_recorded as mini_recorded
from zoosim.games.zooloretto_mini.rules import Rules as MiniRules


def broken(data: dict, path: Sequence[Any], value: Any) -> dict:
    """A copy of a position with the entry at `path` set to `value`."""
    data = copy.deepcopy(data)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@dataclass(frozen=True)
class Case:
    """One game of the family, as the shared tests see it."""

    game: Game
    play: ModuleType  # the engine's play.py: result offsets O_SCORE, O_RANK, ... and the game's first own column
    first_column: str
    play_recorded: Callable[..., tuple]  # replay.play_recorded: (events, rows, shares, ...) of one engine game
    reference: ModuleType  # the plain-Python reference's play_game and replay_decisions
    random_rules: Callable[[random.Random], Any]  # rule settings that differ from the official ones in many ways
    official_games: int  # games per player count and policy (uniform, random) under the official rules
    mixed_games: int  # games of mixed uniform and random seats under random rules
    decisions: tuple[tuple[str, int, int], ...]  # (policy, games, seed of the draw): decisions the reference replays
    rivals: tuple[str, ...]  # the other seats' policies in those games
    score_parts: tuple[str, ...]  # the log columns that add up to the score
    columns: tuple[str, ...]  # other log columns `simulate` must write
    takes: str  # the replay's words for taking a truck or tractor
    position: dict  # an example position for `zoosim score` and its first player's total
    position_total: int
    impossible: tuple[tuple[dict, str], ...]  # positions that cannot occur, and the error each must name
    bad_input: tuple[tuple[list[str], str], ...]  # the game's own command lines refused (test_cli adds those
                                                  # every family game refuses), and what the one-line error says
    rules_text: tuple[str, ...]  # lines `zoosim rules` prints
    policy_text: str  # a parameter `zoosim policies` lists
    penalties: tuple[str, ...]  # score components that are never above 0
    score_bounds: Callable[[Any, int], tuple[int, int]]  # (lowest, highest) score for rules and players
    row_checks: Callable[[dict, int], None]  # the game's own checks of a block's rows (block, players)
    check_records: Callable[[list], None] = field(default=lambda records: None)  # over the mixed games' records

    @property
    def id(self) -> str:
        return self.game.id


# ---- Zooloretto Mini ---------------------------------------------------------------------------------

def mini_random_rules(rng: random.Random) -> MiniRules:
    size, points = rng.choice([(6, (1, 2, 3, 4, 8, 12)), (4, (1, 2, 4, 7)), (8, (1, 2, 3, 4, 6, 8, 11, 15))])
    return replace(
        MiniRules(),
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


def mini_rows(block: dict, players: int) -> None:
    assert (block["rounds"] > 0).all() and (block["turns"] >= block["rounds"] * players).all()


# 4 impalas (4), 6 rhinos (12), 5 llamas (8); 2 landscape kinds (+4); barn with 2 kinds of things (-4).
MINI_WORKED = {"players": [{
    "enclosures": [
        {"species": 0, "animals": 4, "landscapes": ["pond", "rock"]},
        {"species": 1, "animals": 6},
        {"species": "2", "animals": 5, "landscapes": ["pond"]},
    ],
    "barn": {"animals": {"3": 1}, "landscapes": ["bush"]},
}]}

MINI = Case(
    game=MINI_GAME, play=mini_play, first_column="O_ENCLOSURES", play_recorded=mini_recorded, reference=mini_reference,
    random_rules=mini_random_rules,
    official_games=250, mixed_games=600, decisions=(("greedy", 200, 7), ("heuristic", 200, 8)),
    rivals=("random", "uniform"),
    score_parts=("enclosure_points", "landscape_points", "barn_animal_penalty", "barn_landscape_penalty"),
    columns=("bonuses_taken",),
    takes="takes truck", position=MINI_WORKED, position_total=24,
    impossible=(
        (broken(MINI_WORKED, ("players", 0, "enclosures", 1, "animals"), 7), "only 6 spaces"),
        (broken(MINI_WORKED, ("players", 0, "enclosures", 0, "landscapes"), ["pond"] * 3), "only 6 spaces"),
        (broken(MINI_WORKED, ("players", 0, "enclosures", 1, "species"), None), "without a species"),
        (broken(MINI_WORKED, ("players", 0, "enclosures", 1, "species"), 7), "unknown species 7"),
        (broken(MINI_WORKED, ("players", 0, "enclosures", 0, "landscapes"), ["lava"]), "unknown landscape 'lava'"),
        (broken(MINI_WORKED, ("players", 0, "enclosures"), [{"species": 0, "animals": 1}]), "all 3 enclosures"),
        (broken(MINI_WORKED, ("players", 0, "enclosures", 0, "animals"), -1), ">= 0"),
        (broken(MINI_WORKED, ("players", 0, "enclosures", 0, "animals"), 2.5), "whole number"),
        (broken(MINI_WORKED, ("players", 0, "barn", "animals"), {"1": 8}), "14 animals of species 1"),
        (broken(MINI_WORKED, ("players", 0, "barn", "landscapes"), ["pond", "pond"]), "4 pond tiles"),
        (broken(MINI_WORKED, ("players", 0, "barn", "animals"), [3]), "map species"),
        (broken(MINI_WORKED, ("players", 0, "zoo"), 1), "unknown key 'zoo'"),
        (broken(MINI_WORKED, ("players",), []), "players"),
    ),
    bad_input=(
        (["replay", "zooloretto-mini", "-p", "3", "-s", "1", "-g", "0", "--rule", "enclosure_size=5"],
         "animal_points needs enclosure_size (5) values"),
        (["simulate", "zooloretto-mini", "--players", "2", "--games", "10", "--seed", "1", "--policy", "uniform",
          "--out", "r", "--rule", "species_removed_by_players=7,2,1,0"], "species removed with 2 players"),
    ),
    rules_text=("bonus_per_enclosure = true", "animal_points = [1, 2, 3, 4, 8, 12]"), policy_text="barn_weight",
    penalties=("barn_animal_penalty", "barn_landscape_penalty"),
    score_bounds=lambda rules, players: (rules.min_score(), rules.max_score()), row_checks=mini_rows,
)


# ---- Tractor Zooloretto ------------------------------------------------------------------------------

def tractor_random_rules(rng: random.Random) -> TractorRules:
    enclosures = rng.choice([2, 3, 4])
    return replace(
        TractorRules(),
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


def tractor_rows(block: dict, players: int) -> None:
    for card, points in zip(("card_species_winner", "card_enclosure_winner", "card_attraction_winner"), (3, 2, 1)):
        won = block[card].reshape(-1, players)
        assert set(np.unique(won)) <= {0, points} and (won.sum(axis=1) <= points).all()
    assert set(np.unique(block["end_reason"])) <= {0, 1, 2}
    assert (block["turns"] == block["rounds"].astype(int) * players).all()


def every_end_reason(records: list) -> None:
    assert {record.seats[0].columns["end_reason"] for record in records} == {0, 1, 2}  # every way a game can end


TRACTOR_EXAMPLE = {"players": [
    {"enclosures": [{"species": 0, "animals": 3}, {"species": "1", "animals": 2, "attraction": True},
                    {"species": None, "animals": 0, "attraction": True}],
     "stalls": 2, "backyard": {"animals": 1, "other": 1}},
    {"enclosures": [{"species": 0, "animals": 1}, {"species": 0, "animals": 1}, {"species": 0, "animals": 1}]},
]}
TRACTOR_SCORED = {"players": [{"enclosures": [
    {"species": 0, "animals": 3}, {"species": 1, "animals": 2, "attraction": True},
    {"species": None, "animals": 0}], "stalls": 1, "backyard": {"animals": 2, "other": 1}}]}

TRACTOR = Case(
    game=TRACTOR_GAME, play=tractor_play, first_column="O_FULL", play_recorded=tractor_recorded,
    reference=tractor_reference, random_rules=tractor_random_rules,
    official_games=200, mixed_games=500, decisions=(("greedy", 150, 7), ("heuristic", 150, 8)),
    rivals=("random", "uniform"),
    score_parts=("full_enclosure_points", "attraction_points", "stall_points", "backyard_penalty",
                 "card_species_winner", "card_enclosure_winner", "card_attraction_winner"),
    columns=("end_reason",),
    takes="takes tractor", position=TRACTOR_SCORED, position_total=3 + 3 + 1 + 1 - 2 + 3 + 2 + 1,
    impossible=(
        (broken(TRACTOR_EXAMPLE, ("players", 0, "enclosures", 0, "animals"), 4), "only 3 places"),
        (broken(TRACTOR_EXAMPLE, ("players", 0, "enclosures", 1, "animals"), 3), "and an attraction but only 3 places"),
        (broken(TRACTOR_EXAMPLE, ("players", 0, "enclosures", 0, "species"), None), "without a species"),
        (broken(TRACTOR_EXAMPLE, ("players", 0, "enclosures", 0, "species"), 9), "unknown species 9"),
        (broken(TRACTOR_EXAMPLE, ("players", 0, "enclosures", 0, "attraction"), "yes"), "true or false"),
        (broken(TRACTOR_EXAMPLE, ("players", 0, "enclosures"), []), "all 3 enclosures"),
        (broken(TRACTOR_EXAMPLE, ("players", 0, "stalls"), 3), "only 2 stall spaces"),
        (broken(TRACTOR_EXAMPLE, ("players", 0, "backyard"), {"animals": 3, "other": 1}), "it holds 3"),
        (broken(TRACTOR_EXAMPLE, ("players", 0, "backyard"), {"pets": 1}), "unknown key 'pets'"),
        (broken(TRACTOR_EXAMPLE, ("players", 1, "enclosures"), [{"species": 0, "animals": 3}] * 3),
         "12 animals of species 0"),
        (broken(TRACTOR_EXAMPLE, ("players", 0, "stalls"), -1), ">= 0"),
        (broken(TRACTOR_EXAMPLE, ("players",), "two"), "players"),
    ),
    bad_input=(
        (["replay", "tractor", "-p", "3", "-s", "1", "-g", "0", "--rule", "enclosures=4"],
         "enclosure_points needs 4 values"),
        (["simulate", "tractor", "--players", "2", "--games", "10", "--seed", "1", "--policy", "uniform", "--out", "r",
          "--rule", "overflow=floor"], "overflow must be one of bag, discard"),
    ),
    rules_text=("overflow = \"bag\"", "enclosure_points = [3, 3, 4]"), policy_text="rival_weight",
    penalties=("backyard_penalty",),
    score_bounds=lambda rules, players: (rules.min_score(), rules.max_score()), row_checks=tractor_rows,
    check_records=every_end_reason,
)


# ---- Zooloretto --------------------------------------------------------------------------------------

def zooloretto_random_rules(rng: random.Random) -> ZoolorettoRules:
    return replace(
        ZoolorettoRules(),
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


def zooloretto_rows(block: dict, players: int) -> None:
    assert (block["coins"] >= 0).all() and (block["rounds"] > 0).all()
    assert (block["turns"] >= block["rounds"] * players).all()


# The spec's worked example (section 7): zebras fill E1 (8), camels with two stalls (2 + 4), elephants one short
# of E3 (6); a panda and two kangaroos (-4) and a stall (-2) in the barn: 14.
ZOOLORETTO_WORKED = {"players": [{
    "enclosures": [
        {"species": "zebra", "animals": 5},
        {"species": "camel", "animals": 2, "stalls": ["A", "B"]},
        {"species": "elephant", "animals": 5},
    ],
    "barn": {"animals": {"panda": 1, "kangaroo": 2}, "stalls": ["A"]},
    "coins": 3,
}]}


def zooloretto_broken(change: Callable[[dict], Any]) -> dict:
    """The worked example with its first player changed by `change`."""
    data = copy.deepcopy(ZOOLORETTO_WORKED)
    change(data["players"][0])
    return data


def zooloretto_set(key: str, value: Any, enclosure: int | None = None) -> dict:
    def change(player: dict) -> None:
        (player["enclosures"][enclosure] if enclosure is not None else player)[key] = value
    return zooloretto_broken(change)


ZOOLORETTO = Case(
    game=ZOOLORETTO_GAME, play=zooloretto_play, first_column="O_FULL", play_recorded=zooloretto_recorded,
    reference=zooloretto_reference, random_rules=zooloretto_random_rules,
    official_games=150, mixed_games=400,
    decisions=(("greedy", 200, 7), ("heuristic", 200, 8), ("lookahead:rollouts=2", 16, 9)), rivals=("random",),
    score_parts=("full_enclosure_points", "one_short_points", "partial_points", "stall_points", "barn_animal_penalty",
                 "barn_stall_penalty"),
    columns=("coins", "money_actions"),
    takes="takes truck", position=ZOOLORETTO_WORKED, position_total=14,
    impossible=(
        (zooloretto_set("animals", 6, 0), r"player 0, enclosure 0 \(E1\): 6 animals but only 5 spaces"),
        (zooloretto_set("species", None, 1), r"player 0, enclosure 1 \(E2\): 2 animals without a species"),
        (zooloretto_set("species", "unicorn", 2), r"player 0, enclosure 2 \(E3\): unknown species 'unicorn'"),
        (zooloretto_set("species", 8, 2), r"enclosure 2 \(E3\): unknown species 8"),
        (zooloretto_set("stalls", ["A", "B"], 0), r"enclosure 0 \(E1\): 2 stalls but only 1 stall space"),
        (zooloretto_set("stalls", ["E"], 2), r"enclosure 2 \(E3\): unknown stall kind 'E'"),
        (zooloretto_set("animals", -1, 2), r"enclosure 2 \(E3\): animals must be >= 0"),
        (zooloretto_set("animals", 2.5, 2), r"enclosure 2 \(E3\): animals must be a whole number"),
        (zooloretto_set("color", "red", 1), r"enclosure 1 \(E2\): unknown key 'color'"),
        (zooloretto_set("coins", -2), r"player 0: coins must be >= 0"),
        (zooloretto_set("garden", []), r"player 0: unknown key 'garden'"),
        (zooloretto_broken(lambda p: p["barn"]["animals"].update({"panda": -1})),
         r"player 0, barn: panda animals must be >= 0"),
        (zooloretto_broken(lambda p: p["barn"]["animals"].update({"dodo": 1})),
         r"player 0, barn: unknown species 'dodo'"),
        (zooloretto_broken(lambda p: p["barn"].update({"tiles": 1})), r"player 0, barn: unknown key 'tiles'"),
        (zooloretto_broken(lambda p: p["enclosures"].extend([{"species": "camel", "animals": 1}] * 2)),
         r"player 0: 2 expansions; at most 1"),
        (zooloretto_broken(lambda p: p["enclosures"].pop()), r"player 0: 2 enclosures"),
        (zooloretto_broken(lambda p: p["barn"]["animals"].update({"zebra": 9})),
         r"position: 14 zebra animals in all zoos; the game has 13"),
        (zooloretto_broken(lambda p: p["barn"].update({"stalls": ["A", "A", "A"]})),
         r"position: 4 stalls of kind A; the game has 3"),
    ),
    bad_input=(
        (["replay", "zooloretto", "-p", "3", "-s", "1", "-g", "0", "--rule", "end_trigger=never"], "end_trigger"),
        (["simulate", "zooloretto", "--players", "2", "--games", "10", "--seed", "1", "--policy", "uniform",
          "--out", "r", "--rule", "move_cost=0"], "move_cost must be >= 1"),
    ),
    rules_text=("end_trigger = \"first_end_draw\"", "enclosure_full_points = [8, 5, 10]"), policy_text="coin_value",
    penalties=("barn_animal_penalty", "barn_stall_penalty"),
    score_bounds=lambda rules, players: (rules.min_score(players), rules.max_score(players)),
    row_checks=zooloretto_rows,
)

CASES = (ZOOLORETTO, MINI, TRACTOR)
