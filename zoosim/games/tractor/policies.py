"""Tractor Zooloretto's policies as the rest of zoosim sees them: names, ids, texts and parameters (plain
data); the numba policies are in `engine/policies.py`, asked by the game loop `engine/game.py`.
"""
from __future__ import annotations

from zoosim.games.base import PolicyInfo, PolicyParam
from zoosim.games.family.policies import search_policy

MAX_POLICY_PARAMS = 8

POLICIES = {
    "uniform": PolicyInfo(
        "uniform", 0,
        "The spec's reference policy: a uniformly chosen tractor, the first tile to a uniformly chosen legal "
        "zoo place, and with probability 1/2 a push of a uniformly chosen backyard animal onto a uniformly "
        "chosen eligible tractor.",
    ),
    "random": PolicyInfo(
        "random", 1,
        "Tractor and first-tile place as uniform; the push uniform over [no push] + every push option "
        "(PROTOCOL 8).",
    ),
    "greedy": PolicyInfo(
        "greedy", 2,
        "The tractor, first-tile place and push that give the highest score if the game ended now, score "
        "cards included.",
    ),
    "heuristic": PolicyInfo(
        "heuristic", 3,
        "Like greedy, on a projected value: partly filled enclosures count for a share of their points, "
        "score cards and backyard animals are weighted, and the best rival's score counts against it.",
        (
            PolicyParam("commitment", 0.5, "share of an enclosure's points credited per filled place"),
            PolicyParam("backyard_weight", 1.5, "multiplier on the backyard penalty"),
            PolicyParam("card_weight", 0.7, "multiplier on score-card points (they can still change hands)"),
            PolicyParam("rival_weight", 0.3, "weight of the best rival's score (subtracted)"),
        ),
    ),
    "search": search_policy(
        "Looks ahead with the engine: it weighs whole turns (a tractor, its first tile's place and a push or none), "
        "the heuristic's best turns by its zoo value after them.", 256, 8, 64),
}
