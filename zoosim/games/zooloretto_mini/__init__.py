"""Zooloretto Mini (Abacus, 2010) for 2-5 players: `GAME` is what the rest of zoosim uses."""
from __future__ import annotations

from zoosim.games.blocks import kernel_game
from zoosim.games.zooloretto_mini import rules
from zoosim.games.zooloretto_mini.columns import COLUMNS, SCORE_COMPONENTS
from zoosim.games.zooloretto_mini.policies import MAX_POLICY_PARAMS, POLICIES

GAME = kernel_game(
    id="zooloretto-mini", title="Zooloretto Mini (Abacus, 2010)", min_players=2, max_players=rules.MAX_PLAYERS,
    package=__name__, rules_module=rules, policies=POLICIES, columns=COLUMNS, score_components=SCORE_COMPONENTS,
    first_column="O_ENCLOSURES", max_params=MAX_POLICY_PARAMS,
)
