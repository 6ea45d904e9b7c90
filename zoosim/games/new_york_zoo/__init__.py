"""New York Zoo (Uwe Rosenberg, 2020) for 1-5 players: `GAME` is what the rest of zoosim uses."""
from __future__ import annotations

from zoosim.games.blocks import kernel_game, lazy
from zoosim.games.new_york_zoo import rules as rules_module
from zoosim.games.new_york_zoo.columns import COLUMNS, SCORE_COMPONENTS
from zoosim.games.new_york_zoo.policies import MAX_PARAMS, POLICIES

GAME = kernel_game(
    id="new-york-zoo", title="New York Zoo (Uwe Rosenberg, 2020)", min_players=1, max_players=5, package=__name__,
    rules_module=rules_module, policies=POLICIES, columns=COLUMNS, score_components=SCORE_COMPONENTS,
    first_column="O_CELLS_LEFT", max_params=MAX_PARAMS, rounds_log=False,
    score_text=lazy(f"{__name__}.positions", "format_score_text"),
)
