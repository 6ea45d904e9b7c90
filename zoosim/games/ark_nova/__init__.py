"""Ark Nova (Mathias Wigge, 2021), BGA base game, 2-4 players, after shared/specs/ark-nova.md: `GAME` is what the
rest of zoosim uses.

Parts: the data (`cards`: the spec's card file `cards.csv` as numpy tables and effect programs, opcodes from
`effects`; `board`: map A as 58-bit cell masks and every legal footprint; `vocab`: the names both share), every rule
number and reading as `rules.Rules` (`kernel_rules` for the simulation layer), the plain-Python reference
(`reference`, `reference_state`, `_build`, `_effects`, `_actions`, `_association`: the executable spec), the numba
engine (`engine_*`, a whole game in `engine_game`; PROTOCOL.md fixes its draws, decisions and event rows), the log's
columns (`columns`), `pack` (the rules as the core's int64 array), `play` (games for the simulation layer, the seat
rotation of `start_seat_random`), `replay` (one game turn by turn) and `positions` (end positions as JSON for
`zoosim score`).

A log row's `seat` is the index of the policy it played (the order given to `simulate`); the column `position` is
its place in the game's turn order (0 moved first), drawn per game with `start_seat_random` (play.py says how).
Only the `uniform` policy is played so far.
"""
from __future__ import annotations

from zoosim.games.ark_nova import kernel_rules
from zoosim.games.ark_nova.columns import LOG_COLUMNS, SCORE_COMPONENTS
from zoosim.games.base import PolicyInfo
from zoosim.games.blocks import kernel_game

__all__ = ["GAME", "POLICIES", "LOG_COLUMNS", "SCORE_COMPONENTS"]

UNIFORM = 0  # play.UNIFORM (play imports numba; this package must not)
N_POLICY_PARAMS = 8  # play.N_POLICY_PARAMS

POLICIES = {
    "uniform": PolicyInfo(
        "uniform", UNIFORM,
        "The spec's measuring stick (§15.2): every decision one uniform draw over its legal options, offered "
        "hierarchically (action card, X-tokens spent, then each choice of the action) and only where a legal "
        "completion exists; a may-effect is a fair coin asked when yes is legal, 'up to N times' a fair coin before "
        "each step, 'draw up to N' always N; income and placement-bonus orders fixed (G10). Games stop at "
        "max_turns turns per seat (end_reason 1). Not a player's strategy: a fixed baseline for distributions.",
    ),
}


def score_text(result: dict) -> str:
    """positions.format_score_text as `zoosim score` prints it: one line per player, the winner, a final newline
    (positions imports numba, so it is imported on the first call)."""
    from zoosim.games.ark_nova.positions import format_score_text

    return format_score_text(result) + "\n"


GAME = kernel_game(
    id="ark-nova", title="Ark Nova (Mathias Wigge, 2021)", min_players=2, max_players=4,
    package=__name__, rules_module=kernel_rules, policies=POLICIES, columns=LOG_COLUMNS,
    score_components=SCORE_COMPONENTS, first_column="O_START", max_params=N_POLICY_PARAMS, rounds_log=True,
    score_text=score_text,
)
