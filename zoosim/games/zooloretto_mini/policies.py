"""Zooloretto Mini's policies as the rest of zoosim sees them: names, ids, texts and parameters (plain
data); the numba policies are in `engine/policies.py`, asked by the game loop `engine/game.py`.
"""
from __future__ import annotations

from zoosim.games.base import PolicyInfo, PolicyParam

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
    "search": PolicyInfo(
        "search", 4,
        "Looks ahead with the engine: at each turn it weighs DRAW and each truck (and, after a draw, each truck for "
        "the drawn tile) by playouts to the game's end on reshuffles of the unseen tiles (public information "
        "only), every seat played by the rollout policy, and spends its budget by sequential halving; candidates "
        "are ordered by the heuristic's preference, which decides ties. Tiles and bonuses it places as heuristic.",
        (
            PolicyParam("budget", 128, "playouts per decision: the skill dial (its time grows in proportion)",
                        low=1, high=4096),
            PolicyParam("candidates", 8, "shortlist width: the heuristic's best options searched at a decision",
                        low=1, high=9),
            PolicyParam("win_weight", 10.0, "value of winning in points, added to the final score margin"),
            PolicyParam("rollout", 3, "policy of every seat in the playouts: 3 heuristic, 2 greedy (default "
                                      "weights)", low=2, high=3),
            PolicyParam("load", 1, "1: search the truck for a drawn tile too; 0: load it as the heuristic",
                        low=0, high=1),
        ),
    ),
}
