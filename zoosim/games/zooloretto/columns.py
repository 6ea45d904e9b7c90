"""Zooloretto's own log columns (one row per game and seat) and the components that add up to the score."""
from __future__ import annotations

from zoosim.games.base import Column, score_parts

COLUMNS = (
    Column("full_enclosure_points", "int16", "points of enclosures with no empty space", score_part=True),
    Column("one_short_points", "int16", "points of enclosures with exactly one empty space", score_part=True),
    Column("partial_points", "int16", "points of other enclosures with a stall (1 per animal)", score_part=True),
    Column("stall_points", "int16", "points for different stall kinds on stall spaces", score_part=True),
    Column("barn_animal_penalty", "int16", "points lost for species in the barn (<= 0)", score_part=True),
    Column("barn_stall_penalty", "int16", "points lost for stall kinds in the barn (<= 0)", score_part=True),
    Column("coins", "int16", "coins at the end (the tie-break)"),
    Column("expansions", "int8", "expansions bought"),
    Column("offspring_born", "int16", "offspring born in the player's zoo"),
    Column("barn_tiles", "int16", "tiles in the barn at the end"),
    Column("money_actions", "int16", "money actions taken"),
)
SCORE_COMPONENTS = score_parts(COLUMNS)
