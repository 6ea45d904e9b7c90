"""Tractor Zooloretto's own log columns (one row per game and seat) and the components that add up to the
score."""
from __future__ import annotations

from zoosim.games.base import Column, score_parts

COLUMNS = (
    Column("full_enclosure_points", "int16", "printed values of the full enclosures", score_part=True),
    Column("attraction_points", "int16", "1 per attraction in an enclosure", score_part=True),
    Column("stall_points", "int16", "1 per stall on a stall space", score_part=True),
    Column("backyard_penalty", "int16", "-1 per animal in the backyard (<= 0)", score_part=True),
    Column("card_species_winner", "int16",
           "card 1 points (most animals of one species), 0 if not won", score_part=True),
    Column("card_enclosure_winner", "int16",
           "card 2 points (most tiles in one enclosure), 0 if not won", score_part=True),
    Column("card_attraction_winner", "int16", "card 3 points (most attractions), 0 if not won", score_part=True),
    Column("end_reason", "int8", "how the game ended: 0 bag and tractors empty, 1 a full zoo, 2 the round limit"),
    Column("pushes", "int16", "animals the player pushed onto other tractors"),
    Column("backyard_tiles", "int8", "tiles in the backyard at the end"),
)
SCORE_COMPONENTS = score_parts(COLUMNS)
