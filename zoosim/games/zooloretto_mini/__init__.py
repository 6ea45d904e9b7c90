"""Zooloretto Mini (Abacus, 2010) for 2-5 players: `GAME` is what the rest of zoosim uses."""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from zoosim.games.base import Column, PolicyInfo, PolicyParam, PolicySpec
from zoosim.games.base import policy_arrays as base_policy_arrays
from zoosim.games.blocks import kernel_game
from zoosim.games.zooloretto_mini import rules as rules_module

POLICIES = {
    "uniform": PolicyInfo(
        "uniform", 0,
        "The spec's measuring stick (section 8): draw or take with probability 1/2, trucks and places "
        "uniformly at random, tiles in loading order; each bonus discards a uniformly chosen barn tile.",
    ),
    "random": PolicyInfo(
        "random", 1,
        "Uniform over every legal turn option (PROTOCOL 9); a drawn tile goes to a uniformly chosen truck, "
        "taken tiles to uniformly chosen places; each bonus is uniform over skip, every take and discard.",
    ),
    "greedy": PolicyInfo(
        "greedy", 2,
        "Takes the truck that most raises its score-if-the-game-ended-now, else draws; loads a drawn tile "
        "on the truck it would most like; places tiles and resolves bonuses where that score is highest.",
    ),
    "heuristic": PolicyInfo(
        "heuristic", 3,
        "Like greedy, but values a zoo by its projected worth: free enclosure spaces count for a share of "
        "the points they could add while tiles are left, barn penalties weigh extra, spare landscapes "
        "cost, and it waits for a truck worth taking.",
        (
            PolicyParam("barn_weight", 1.5, "barn aversion: multiplier on barn penalties"),
            PolicyParam("commitment", 0.2, "share of the points an enclosure's free spaces could still add, "
                                           "scaled by its filling and by the share of tiles left"),
            PolicyParam("take_threshold", 6.0, "gain (points) a truck must bring while trucks are empty; "
                                               "scaled by the share of free truck spaces"),
            PolicyParam("bonus_value", 1.0, "points a fill bonus is worth when placing a tile"),
            PolicyParam("pair_value", 0.5, "value of an enclosure holding an unpaired fertile animal"),
            PolicyParam("landscape_cost", 1.0, "cost of a landscape beyond one per kind (it blocks a space)"),
        ),
    ),
}

SCORE_COMPONENTS = ("enclosure_points", "landscape_points", "barn_animal_penalty", "barn_landscape_penalty")
COLUMNS = (
    Column("enclosure_points", "int16", "points of the enclosures by their animal counts"),
    Column("landscape_points", "int16", "points for different landscape kinds in the enclosures"),
    Column("barn_animal_penalty", "int16", "points lost for animal species in the barn (<= 0)"),
    Column("barn_landscape_penalty", "int16", "points lost for landscape kinds in the barn (<= 0)"),
    Column("bonuses_taken", "int8", "fill bonuses used (take or discard; a skipped bonus does not count)"),
    Column("landscape_tiles", "int8", "landscape tiles in the enclosures (the tie-break)"),
    Column("offspring_born", "int8", "offspring born in the player's zoo"),
    Column("barn_tiles", "int16", "tiles in the barn at the end"),
)
MAX_POLICY_PARAMS = 8


def policy_arrays(policies: Sequence[PolicySpec]) -> tuple[np.ndarray, np.ndarray]:
    return base_policy_arrays(policies, MAX_POLICY_PARAMS)


GAME = kernel_game(
    id="zooloretto-mini", title="Zooloretto Mini (Abacus, 2010)", min_players=2, max_players=5, package=__name__,
    rules_module=rules_module, policies=POLICIES, columns=COLUMNS, score_components=SCORE_COMPONENTS,
    first_column="O_ENCLOSURES", max_params=MAX_POLICY_PARAMS,
)
