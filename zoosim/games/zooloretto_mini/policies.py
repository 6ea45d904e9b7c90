"""Zooloretto Mini's policies as the rest of zoosim sees them: names, ids, texts and parameters (plain
data); the numba policies are in `engine/policies.py`, asked by the game loop `engine/game.py`.
"""
from __future__ import annotations

from zoosim.games.base import PolicyInfo, PolicyParam
from zoosim.games.family.policies import search_policy

MAX_POLICY_PARAMS = 8

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
    "search": search_policy(
        "Looks ahead with the engine: at each turn it weighs DRAW and each truck (and, after a draw, each truck for "
        "the drawn tile), best first by the heuristic's preference; the tiles of a taken truck and the bonuses it "
        "places as heuristic.", 128, 8, 9,
        PolicyParam("load", 1, "1: search the truck for a drawn tile too; 0: load it as the heuristic",
                    low=0, high=1),
    ),
}
