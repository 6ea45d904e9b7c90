"""Tractor Zooloretto (a draft variant from a Persian tutorial) for 2-5 players: `GAME` for the rest of zoosim."""
from __future__ import annotations

from zoosim.games.blocks import kernel_game
from zoosim.games.tractor import rules
from zoosim.games.tractor.columns import COLUMNS, SCORE_COMPONENTS
from zoosim.games.tractor.policies import MAX_POLICY_PARAMS, POLICIES

GAME = kernel_game(
    id="tractor", title="Tractor Zooloretto (a draft variant)", min_players=2, max_players=rules.MAX_PLAYERS,
    package=__name__, rules_module=rules, policies=POLICIES, columns=COLUMNS, score_components=SCORE_COMPONENTS,
    first_column="O_FULL", max_params=MAX_POLICY_PARAMS,
)
