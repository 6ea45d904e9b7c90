"""Zooloretto (Michael Schacht, 2007) for 2-5 players: `GAME` is what the rest of zoosim uses."""
from __future__ import annotations

from zoosim.games.blocks import kernel_game, lazy
from zoosim.games.zooloretto import rules
from zoosim.games.zooloretto.columns import COLUMNS, SCORE_COMPONENTS
from zoosim.games.zooloretto.policies import MAX_POLICY_PARAMS, POLICIES

GAME = kernel_game(
    id="zooloretto", title="Zooloretto (Michael Schacht, 2007)", min_players=2, max_players=rules.MAX_PLAYERS,
    package=__name__, rules_module=rules, policies=POLICIES, columns=COLUMNS, score_components=SCORE_COMPONENTS,
    first_column="O_FULL", max_params=MAX_POLICY_PARAMS, score_text=lazy(f"{__name__}.positions", "format_score_text"),
)
