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
The policies are data in `policies` (PROTOCOL.md 10): `uniform`, `random`, and the turn planners `greedy` and
`heuristic` (`engine_planner`, `reference_policies`).
"""
from __future__ import annotations

from zoosim.games.ark_nova import kernel_rules
from zoosim.games.ark_nova import policies as policy_data
from zoosim.games.ark_nova.columns import LOG_COLUMNS, SCORE_COMPONENTS
from zoosim.games.base import PolicyInfo, PolicyParam
from zoosim.games.blocks import kernel_game

__all__ = ["GAME", "POLICIES", "LOG_COLUMNS", "SCORE_COMPONENTS"]

_CODES = policy_data.POLICY_CODES

POLICIES = {
    "uniform": PolicyInfo(
        "uniform", _CODES["uniform"],
        "The spec's measuring stick (§15.2): every decision one uniform draw over its legal options, offered "
        "hierarchically (action card, X-tokens spent, then each choice of the action) and only where a legal "
        "completion exists; a may-effect is a fair coin asked when yes is legal, 'up to N times' a fair coin before "
        "each step, 'draw up to N' always N; income and placement-bonus orders fixed (G10). Games stop at "
        "max_turns turns per seat (end_reason 1). Not a player's strategy: a fixed baseline for distributions.",
    ),
    "random": PolicyInfo(
        "random", _CODES["random"],
        "Every legal turn equally likely at its first choice: one uniform draw over every (action card, X-tokens "
        "spent) pair with a legal completion, plus the X action; every later decision as uniform (PROTOCOL 10.1).",
    ),
    "greedy": PolicyInfo(
        "greedy", _CODES["greedy"],
        "Plans its own turn at its start, on a copy where the cards it cannot see are re-dealt from a private "
        "stream: decision by decision, the option that most raises score + 0.1 money + 0.5 reputation + 0.3 cards "
        "in hand + 0.3 X-tokens + 2 per partner zoo and per university at the turn's end (first of equals; up to 8 "
        "decisions; option 0 after that, after a hidden card is drawn, and outside its turn). A one-turn baseline "
        "with fixed weights and none of heuristic's investment terms (PROTOCOL 10).",
    ),
    "heuristic": PolicyInfo(
        "heuristic", _CODES["heuristic"],
        "greedy's planner with a tunable value: score, money, reputation, hand, X-tokens, workers hired, appeal "
        "income at the next break, CP, partner zoos, universities, covered map cells, minus w_opp x the best other "
        "score; max_plan decisions planned (PROTOCOL 10).",
        tuple(PolicyParam(name, default, doc, low, high)
              for name, default, low, high, doc in policy_data.HEURISTIC_PARAMS),
    ),
}
assert set(POLICIES) == set(_CODES)


def score_text(result: dict) -> str:
    """positions.format_score_text as `zoosim score` prints it: one line per player, the winner, a final newline
    (positions imports numba, so it is imported on the first call)."""
    from zoosim.games.ark_nova.positions import format_score_text

    return format_score_text(result) + "\n"


def card_names() -> dict[int, str]:
    """Printed card id -> name, for every card of cards.csv (the cards analysis names the rows)."""
    from zoosim.games.ark_nova.cards import CARDS

    return {int(i): str(name) for i, name in zip(CARDS.ids, CARDS.names)}


GAME = kernel_game(
    id="ark-nova", title="Ark Nova (Mathias Wigge, 2021)", min_players=2, max_players=4,
    package=__name__, rules_module=kernel_rules, policies=POLICIES, columns=LOG_COLUMNS,
    score_components=SCORE_COMPONENTS, first_column="O_START", max_params=policy_data.N_POLICY_PARAMS, rounds_log=True,
    cards_log=True, card_names=card_names, score_text=score_text,
)
