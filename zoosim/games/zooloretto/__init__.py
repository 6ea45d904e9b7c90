"""Zooloretto (Michael Schacht, 2007) for 2-5 players: `GAME` is what the rest of zoosim uses."""
from __future__ import annotations

from typing import Sequence

import numpy as np

from zoosim.games.base import Column, PolicyInfo, PolicyParam, PolicySpec
from zoosim.games.base import policy_arrays as base_policy_arrays
from zoosim.games.blocks import kernel_game, lazy
from zoosim.games.zooloretto import rules as rules_module

POLICIES = {
    "uniform": PolicyInfo(
        "uniform", 0,
        "The spec's measuring stick (section 11): draw or take with probability 1/2, trucks and places "
        "uniformly at random, tiles in loading order, never a money action.",
    ),
    "random": PolicyInfo(
        "random", 1,
        "Uniform over every legal turn option, money actions included (PROTOCOL section 8); a drawn tile "
        "goes to a uniformly chosen truck and taken tiles to uniformly chosen places, as uniform.",
    ),
    "greedy": PolicyInfo(
        "greedy", 2,
        "Takes the option that most raises its score-if-the-game-ended-now plus 1 point per coin; draws "
        "when no option raises it; loads a drawn tile on the truck it would like best; places each tile "
        "where that value is highest.",
    ),
    "heuristic": PolicyInfo(
        "heuristic", 3,
        "Like greedy, but values a zoo by its projected worth: partly filled enclosures count for a share "
        "of their full value while tiles are left, barn penalties weigh extra, and it waits for a truck "
        "worth taking.",
        (
            PolicyParam("coin_value", 0.7, "points a coin is worth"),
            PolicyParam("barn_weight", 1.5, "barn aversion: multiplier on barn penalties"),
            PolicyParam("commitment", 0.6, "species commitment: share of an enclosure's full value credited "
                                           "in proportion to its filling, fading as the stacks run out"),
            PolicyParam("take_threshold", 3.0, "truck value (points) worth taking while trucks are empty; "
                                               "scaled by the share of free truck spaces"),
            PolicyParam("money_threshold", 0.5, "gain (points) a money action must bring"),
            PolicyParam("expand_value", 4.0, "value of an expansion early in the game (fades as tiles run out)"),
            PolicyParam("pair_value", 1.0, "value of an enclosure holding an unpaired fertile animal"),
        ),
    ),
}
POLICIES["lookahead"] = PolicyInfo(
    "lookahead", 4,
    "Plays each candidate turn (draw, take each truck, the best money actions) out to the end of the game "
    "with heuristic players in every seat, on `rollouts` shuffles of the tiles it cannot see (the same "
    "shuffles for every candidate), scoring own score - best opponent score + win_weight x win share; "
    "plays the heuristic's own choice unless a candidate beats it by `confidence` standard errors. The "
    "truck for a drawn tile and the places of taken tiles are the heuristic's choices. Reads public "
    "information only; slow (about 0.2 s per 4-player game at the default).",
    (
        PolicyParam("rollouts", 8, "shuffles of the unseen tiles played out per candidate turn", 1, 64),
        PolicyParam("money_candidates", 2, "money actions played out beside draw and takes: the ones the "
                                           "heuristic values most after one step (0: never pay)", 0, 16),
        PolicyParam("win_weight", 5.0, "points a rollout's win is worth on top of its score margin"),
        PolicyParam("confidence", 1.0, "standard errors by which a candidate must beat the heuristic's own "
                                       "choice (paired over the rollouts) to be played instead", 0, 3),
        *(PolicyParam(p.name, p.default, f"heuristic in the rollouts: {p.doc}", p.low, p.high)
          for p in POLICIES["heuristic"].params),
    ),
)

SCORE_COMPONENTS = ("full_enclosure_points", "one_short_points", "partial_points", "stall_points",
                    "barn_animal_penalty", "barn_stall_penalty")
COLUMNS = (
    Column("full_enclosure_points", "int16", "points of enclosures with no empty space"),
    Column("one_short_points", "int16", "points of enclosures with exactly one empty space"),
    Column("partial_points", "int16", "points of other enclosures with a stall (1 per animal)"),
    Column("stall_points", "int16", "points for different stall kinds on stall spaces"),
    Column("barn_animal_penalty", "int16", "points lost for species in the barn (<= 0)"),
    Column("barn_stall_penalty", "int16", "points lost for stall kinds in the barn (<= 0)"),
    Column("coins", "int16", "coins at the end (the tie-break)"),
    Column("expansions", "int8", "expansions bought"),
    Column("offspring_born", "int16", "offspring born in the player's zoo"),
    Column("barn_tiles", "int16", "tiles in the barn at the end"),
    Column("money_actions", "int16", "money actions taken"),
)
MAX_POLICY_PARAMS = 16  # lookahead: 4 parameters + the heuristic's weights


def policy_arrays(policies: Sequence[PolicySpec]) -> tuple[np.ndarray, np.ndarray]:
    return base_policy_arrays(policies, MAX_POLICY_PARAMS)


GAME = kernel_game(
    id="zooloretto", title="Zooloretto (Michael Schacht, 2007)", min_players=2, max_players=5, package=__name__,
    rules_module=rules_module, policies=POLICIES, columns=COLUMNS, score_components=SCORE_COMPONENTS,
    first_column="O_FULL", max_params=MAX_POLICY_PARAMS, score_text=lazy(f"{__name__}.positions", "format_score_text"),
)
play_block = GAME.play_block
