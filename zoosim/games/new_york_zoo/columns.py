"""New York Zoo's own log columns (one row per game and seat). The score is -cells_left (solo: laps - T), so no
column adds up to it."""
from __future__ import annotations

from zoosim.games.base import Column, score_parts

COLUMNS = (  # in this order in the engine's result rows, from play.O_CELLS_LEFT on
    Column("cells_left", "int16", "brown cells not covered at the end (score = -cells_left, except solo)"),
    Column("animals_on_board", "int16", "animals in houses and enclosures at the end (the tie-break)"),
    Column("enclosures_placed", "int16", "enclosure tiles placed (short-game tiles included)"),
    Column("attractions_taken", "int16", "attraction tiles placed"),
    Column("breedings", "int16", "animals born by breeding (bonus breeding included)"),
    Column("turns_to_finish", "int16", "own turns taken when the board was covered; -1 if never"),
    Column("end_reason", "int8", "how the game ended: 0 covered, 1 turn cap, 2 solo laps done (bga)"),
)
SCORE_COMPONENTS = score_parts(COLUMNS)  # none
