"""Ark Nova (Mathias Wigge, 2021), BGA base game, 2-4 players, after shared/specs/ark-nova.md: `GAME` is what the
rest of zoosim uses.

The package: `components/` (the printed cards and map A as numpy tables, their tag -> opcode tables and names),
`rules.py` (every rule number and reading) with `pack.py` (the rules as the engine's int64 array), `engine/` (the
numba game, with the turn planner of `greedy` and `heuristic` in `engine/planner.py`; PROTOCOL.md fixes its draws,
decisions and event rows), `policies.py` (the policies as data), `reference/` (the plain-Python executable spec),
`columns.py` (the log), `play.py` (games for the simulation layer), `replay.py` (one game turn by turn) and
`positions.py` (`zoosim score`).

A log row's `seat` is the index of the policy it played (the order given to `simulate`); the column `position` is
its place in the game's turn order (0 moved first), drawn per game with `start_seat_random` (play.py says how).
"""
from __future__ import annotations

from zoosim.games.ark_nova import policies, rules
from zoosim.games.ark_nova.columns import LOG_COLUMNS, SCORE_COMPONENTS
from zoosim.games.blocks import kernel_game, lazy

__all__ = ["GAME", "LOG_COLUMNS", "SCORE_COMPONENTS"]


GAME = kernel_game(
    id="ark-nova", title="Ark Nova (Mathias Wigge, 2021)", min_players=2, max_players=4,
    package=__name__, rules_module=rules, pack=lazy(f"{__name__}.play", "pack"), policies=policies.POLICIES,
    columns=LOG_COLUMNS, score_components=SCORE_COMPONENTS, first_column="O_START",
    max_params=policies.N_POLICY_PARAMS, rounds_log=True, cards_log=True,
    card_names=lazy(f"{__name__}.components.cards", "card_names"),
    score_text=lazy(f"{__name__}.positions", "score_text"),
)
