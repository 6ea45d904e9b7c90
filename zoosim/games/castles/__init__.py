"""Castles of Mad King Ludwig (Alspach, Bézier 2014) for 2-4 players, after shared/specs/castles-of-mad-king-ludwig.md:
`GAME` is what the rest of zoosim uses.

Parts: `components` (the rooms, shapes, bonus cards and King's Favors from the package's copies of the spec's data
files, and the exact 5 ft grid), `rules` (every rule number and reading), `engine` (numba: the castle, legality,
points, the game's state, setup, rewards, the end, greedy/heuristic's choices and the game loop), `play` (the entry the
simulation layer calls), `policies` (the policies as data), `columns` (the log's own columns), `reference` (the
plain-Python executable spec), `replay` and `positions` (for `zoosim replay` and `zoosim score`, drawn by `text`);
decisions, draws and event rows as `PROTOCOL.md` fixes them.

A log row's `seat` is the index of the policy it played (the order given to `simulate`); the column `position` is
its place in the master-builder order, drawn per game with `first_mb = "random"` (equal to the seat with
`first_mb = "seat0"`).
"""
from __future__ import annotations

from zoosim.games.blocks import kernel_game, lazy
from zoosim.games.castles import rules
from zoosim.games.castles.columns import COLUMNS, SCORE_COMPONENTS
from zoosim.games.castles.policies import N_POLICY_PARAMS, POLICIES

__all__ = ["GAME"]

GAME = kernel_game(
    id="castles", title="Castles of Mad King Ludwig (Alspach, Bézier 2014)", min_players=2, max_players=4,
    package=__name__, rules_module=rules, pack=lazy(f"{__name__}.play", "pack"), policies=POLICIES, columns=COLUMNS,
    score_components=SCORE_COMPONENTS, first_column="O_START", max_params=N_POLICY_PARAMS,
    score_text=lazy(f"{__name__}.positions", "format_score_text"),
)
