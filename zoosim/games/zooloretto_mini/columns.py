"""Zooloretto Mini's own log columns (one row per game and seat) and the components that add up to the score."""
from __future__ import annotations

from zoosim.games.base import Column, score_parts

COLUMNS = (
    Column("enclosure_points", "int16", "points of the enclosures by their animal counts", score_part=True),
    Column("landscape_points", "int16", "points for different landscape kinds in the enclosures", score_part=True),
    Column("barn_animal_penalty", "int16", "points lost for animal species in the barn (<= 0)", score_part=True),
    Column("barn_landscape_penalty", "int16", "points lost for landscape kinds in the barn (<= 0)", score_part=True),
    Column("bonuses_taken", "int8", "fill bonuses used (take or discard; a skipped bonus does not count)"),
    Column("landscape_tiles", "int8", "landscape tiles in the enclosures (the tie-break)"),
    Column("offspring_born", "int8", "offspring born in the player's zoo"),
    Column("barn_tiles", "int16", "tiles in the barn at the end"),
)
SCORE_COMPONENTS = score_parts(COLUMNS)
