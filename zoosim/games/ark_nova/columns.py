"""Ark Nova's log columns (DESIGN.md "The log's core columns"): `COLUMNS` follow the core ones (game_index, seat,
score, rank, win_share, rounds, turns) in every row, one row per game and seat; `SCORE_COMPONENTS` add up to the
score.

The score (spec §13.1) is appeal + cp_value(CP), both after the clamps of §13.2 step 4, so its two additive parts
are `appeal` and `conservation_points` (= `Rules.cp_points[conservation]`). The CP that final scoring itself added
(sponsor end effects, §13.2 step 2; final scoring cards, step 3) are logged beside them as the track moves they
made (after the clamp at `max_cp`); since cp_value is not linear they are not score parts. `breaks` and
`end_reason` are game-level and repeated in each seat's row, like the core `turns`.

`LOG_COLUMNS` is what the simulation log holds: `COLUMNS` (what `reference.game.seat_columns` gives) and `position`.
The core columns read for Ark Nova (play.py): `rounds` = the break-delimited periods of play, breaks + 1 (the rounds
log holds each player's score in play at the end of each); `turns` = the game's turns, all seats together.
"""
from __future__ import annotations

from zoosim.games.base import Column, score_parts

COLUMNS = (
    Column("appeal", "int16", "appeal at the end (0-113), the first part of the score", score_part=True),
    Column("conservation", "int8", "conservation points (CP) at the end (0-41), final scoring included"),
    Column("conservation_points", "int16",
           "score value of the CP (cp_value: 2c-14 up to 10, 3c-24 from 10; -14..99)", score_part=True),
    Column("reputation", "int8", "reputation at the end (1-15)"),
    Column("money", "int32", "money left at the end"),
    Column("end_conservation_sponsors", "int8", "CP added at the end by sponsor end effects (§12.5, §13.2 step 2)"),
    Column("end_conservation_final_cards", "int8", "CP added at the end by the final scoring cards held (§13.2 step 3)"),
    Column("animals", "int16", "animal cards in the zoo at the end (released ones not counted)"),
    Column("sponsors", "int16", "sponsor cards in the zoo at the end"),
    Column("projects_supported", "int16", "projects supported during the game (the tie-break count)"),
    Column("partner_zoos", "int8", "partner zoos held (0-4)"),
    Column("universities", "int8", "universities held (0-3)"),
    Column("buildings", "int16", "buildings on the zoo map at the end, the 2 start buildings and unique ones included"),
    Column("breaks", "int16", "breaks resolved in the game (game-level)"),
    Column("end_reason", "int8", "how the game ended (game-level): 0 a score reached end_trigger_score, 1 the turn cap"),
)
SCORE_COMPONENTS = score_parts(COLUMNS)
COLUMN_NAMES = tuple(c.name for c in COLUMNS)

# What the simulation log adds beside the game's own columns: a row's `seat` is the index of the policy it played
# (the order given to `simulate`), and `position` where that player sat in the game (play.py: `start_seat_random`).
LOG_COLUMNS = COLUMNS + (
    Column("position", "int8", "place in the turn order: 0 moved first (start_seat_random draws it per game; "
           "without it position = seat)"),
)
