"""Castles of Mad King Ludwig (Alspach, Bézier 2014) for 2-4 players, after shared/specs/castles-of-mad-king-ludwig.md:
`GAME` is what the rest of zoosim uses.

Parts: the components (`data`: rooms, shapes, bonus cards and King's Favors from the package's copies of the spec's
data files), the exact 5 ft grid (`geometry`), every rule number and reading as `rules.Rules`, the plain-Python
reference (`reference`, `reference.castle`, `reference.scoring`, `reference.policies`), the numba engine
(`engine_castle`, `engine_points`, `play*`; decisions, draws and event rows as `PROTOCOL.md` fixes them), the log's
columns (`columns`), the policies as data (`policies`), `replay` (one game turn by turn with the castles drawn) and
`positions` (end positions as JSON for `zoosim score`).

A log row's `seat` is the index of the policy it played (the order given to `simulate`); the column `position` is
its place in the master-builder order, drawn per game with `first_mb = "random"` (equal to the seat with
`first_mb = "seat0"`).
"""
from __future__ import annotations

from zoosim.games.base import PolicyInfo, PolicyParam
from zoosim.games.blocks import kernel_game, lazy
from zoosim.games.castles import kernel_rules
from zoosim.games.castles import policies as policy_data
from zoosim.games.castles.columns import COLUMNS, SCORE_COMPONENTS

__all__ = ["GAME", "POLICIES", "COLUMNS", "SCORE_COMPONENTS"]

_CODES = policy_data.POLICY_CODES

POLICIES = {
    "uniform": PolicyInfo(
        "uniform", _CODES["uniform"],
        "The spec's measuring stick (§9.1): every decision uniform over its legal options (prices, buy/pass, "
        "placements, bonus cards to give back); a downstairs wild reward uniform over all seven types, even one "
        "without a use (it is lost), and a sleeping reward a uniform stack, then a uniform number of tiles, then a "
        "uniform subset of that size.",
    ),
    "random": PolicyInfo(
        "random", _CODES["random"],
        "Every decision uniform over its legal option list (PROTOCOL 4); a downstairs wild reward uniform among "
        "the reward types that have a use now.",
    ),
    "greedy": PolicyInfo(
        "greedy", _CODES["greedy"],
        "Draws nothing. Places for the most immediate points plus the completion rewards it earns (ties: fewer "
        "blocked doorways); buys the room or piece whose best placement gains the most per 1,000 marks of net "
        "cost, and passes when no buy gains anything; as master builder gives the cheapest slots to the rooms it "
        "values most (base points, completion reward per door, bonus-card and King's Favor progress); gives back "
        "the bonus card worth least now. Its weights are a fixed row of its own, so the baseline does not move "
        "when heuristic is re-tuned (PROTOCOL 8).",
    ),
    "heuristic": PolicyInfo(
        "heuristic", _CODES["heuristic"],
        "Draws nothing. Values a placement by its points and weighted completion rewards, minus the doorways it "
        "blocks, plus room to grow (new OPEN doorways); shortlists the buys with the highest placement-free value "
        "(the room's tile value, or piece_value per market room it cannot place yet) per 1,000 marks and buys the "
        "one whose best placement value, plus the bonus-card and King's Favor progress a room brings, is highest "
        "per 1,000 marks of net cost, passing when none beats pass_bias; as master builder prices dear what any "
        "buyer would want (PROTOCOL 8).",
        tuple(PolicyParam(*row) for row in policy_data.HEURISTIC_PARAMS),
    ),
}
assert set(POLICIES) == set(_CODES)

GAME = kernel_game(
    id="castles", title="Castles of Mad King Ludwig (Alspach, Bézier 2014)", min_players=2, max_players=4,
    package=__name__, rules_module=kernel_rules, policies=POLICIES, columns=COLUMNS,
    score_components=SCORE_COMPONENTS, first_column="O_START", max_params=policy_data.N_POLICY_PARAMS,
    score_text=lazy(f"{__name__}.positions", "format_score_text"),
)
