"""Tractor Zooloretto (a draft variant from a Persian tutorial) for 2-5 players: `GAME` for the rest of zoosim."""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from zoosim.games.base import Column, PolicyInfo, PolicyParam, PolicySpec
from zoosim.games.base import policy_arrays as base_policy_arrays
from zoosim.games.blocks import kernel_game
from zoosim.games.tractor import rules as rules_module

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
}

SCORE_COMPONENTS = ("full_enclosure_points", "attraction_points", "stall_points", "backyard_penalty",
                    "card_species_winner", "card_enclosure_winner", "card_attraction_winner")
COLUMNS = (
    Column("full_enclosure_points", "int16", "printed values of the full enclosures"),
    Column("attraction_points", "int16", "1 per attraction in an enclosure"),
    Column("stall_points", "int16", "1 per stall on a stall space"),
    Column("backyard_penalty", "int16", "-1 per animal in the backyard (<= 0)"),
    Column("card_species_winner", "int16", "card 1 points (most animals of one species), 0 if not won"),
    Column("card_enclosure_winner", "int16", "card 2 points (most tiles in one enclosure), 0 if not won"),
    Column("card_attraction_winner", "int16", "card 3 points (most attractions), 0 if not won"),
    Column("end_reason", "int8", "how the game ended: 0 bag and tractors empty, 1 a full zoo, 2 the round limit"),
    Column("pushes", "int16", "animals the player pushed onto other tractors"),
    Column("backyard_tiles", "int8", "tiles in the backyard at the end"),
)
MAX_POLICY_PARAMS = 8


def policy_arrays(policies: Sequence[PolicySpec]) -> tuple[np.ndarray, np.ndarray]:
    return base_policy_arrays(policies, MAX_POLICY_PARAMS)


GAME = kernel_game(
    id="tractor", title="Tractor Zooloretto (a draft variant)", min_players=2, max_players=5, package=__name__,
    rules_module=rules_module, policies=POLICIES, columns=COLUMNS, score_components=SCORE_COMPONENTS,
    first_column="O_FULL", max_params=MAX_POLICY_PARAMS,
)
