"""New York Zoo (Uwe Rosenberg, 2020) for 1-5 players: `GAME` is what the rest of zoosim uses."""
from __future__ import annotations

from zoosim.games.base import Column
from zoosim.games.blocks import kernel_game, lazy
from zoosim.games.new_york_zoo import rules as rules_module
from zoosim.games.new_york_zoo.policies import MAX_PARAMS, POLICIES

SCORE_COMPONENTS: tuple[str, ...] = ()  # score = -cells_left (solo: laps - T); no additive parts
COLUMNS = (  # in this order in the engine's result rows, from play.O_CELLS_LEFT on
    Column("cells_left", "int16", "brown cells not covered at the end (score = -cells_left, except solo)"),
    Column("animals_on_board", "int16", "animals in houses and enclosures at the end (the tie-break)"),
    Column("enclosures_placed", "int16", "enclosure tiles placed (short-game tiles included)"),
    Column("attractions_taken", "int16", "attraction tiles placed"),
    Column("breedings", "int16", "animals born by breeding (bonus breeding included)"),
    Column("turns_to_finish", "int16", "own turns taken when the board was covered; -1 if never"),
    Column("end_reason", "int8", "how the game ended: 0 covered, 1 turn cap, 2 solo laps done (bga)"),
)

GAME = kernel_game(
    id="new-york-zoo", title="New York Zoo (Uwe Rosenberg, 2020)", min_players=1, max_players=5, package=__name__,
    rules_module=rules_module, policies=POLICIES, columns=COLUMNS, score_components=SCORE_COMPONENTS,
    first_column="O_CELLS_LEFT", max_params=MAX_PARAMS, rounds_log=False,
    score_text=lazy(f"{__name__}.positions", "format_score_text"),
)
