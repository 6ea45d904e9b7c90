"""Tractor Zooloretto's policies as the rest of zoosim sees them: names, ids, texts and parameters (plain
data); the numba policies are in `engine/policies.py`, asked by the game loop `engine/game.py`.
"""
from __future__ import annotations

from zoosim.games.base import PolicyInfo, PolicyParam

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
    "search": PolicyInfo(
        "search", 4,
        "Looks ahead with the engine: it weighs whole turns (tractor, first tile's place, push) by playouts to the "
        "game's end on reshuffles of the unseen tiles (public information only), every seat played by the rollout "
        "policy, and spends its budget by sequential halving over a shortlist of the heuristic's best turns, the "
        "heuristic's own first (it decides ties).",
        (
            PolicyParam("budget", 128, "playouts per decision: the skill dial (its time grows in proportion)",
                        low=1, high=4096),
            PolicyParam("candidates", 8, "shortlist width: the heuristic's best turns searched at a decision",
                        low=1, high=64),
            PolicyParam("win_weight", 10.0, "value of winning in points, added to the final score margin"),
            PolicyParam("rollout", 3, "policy of every seat in the playouts: 3 heuristic, 2 greedy (default "
                                      "weights)", low=2, high=3),
        ),
    ),
}
