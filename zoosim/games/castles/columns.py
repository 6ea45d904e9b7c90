"""The Castles log's own columns (after game_index, seat, score, rank, win_share, rounds, turns), in the order of the
engine's result rows from engine.state.O_START on, and the components that add up to the score.

A log row is one player, and its `seat` is the index of the policy it played (the order given to `simulate`); with
`first_mb = "random"` the master-builder order is drawn per game, and `position` says where the player sat in it
(0 = the first master builder, R10). Seat-order studies fix `first_mb = "seat0"`, where seat and position agree.
"""
from __future__ import annotations

from zoosim.games.base import Column, score_parts

ROOM_TYPES = ("living", "activity", "sleeping", "outdoor", "utility", "food", "corridor", "downstairs")

COLUMNS = (
    Column("start_points", "int8", "points at the start (start_points by position, §2)", score_part=True),
    Column("placement_points", "int16", "points scored by placing rooms and pieces (§5)", score_part=True),
    Column("completion_rewards", "int16",
           "points from completion rewards: living re-scores and activity +5 (§6)", score_part=True),
    Column("exhausted_stacks", "int16",
           "points for rooms and pieces whose stack or supply ran out (§7.1)", score_part=True),
    Column("favor_points", "int16", "points from King's Favors (§7.2)", score_part=True),
    Column("bonus_card_points", "int16", "points from kept bonus cards (§7.3)", score_part=True),
    Column("money_points", "int16", "points for money left (§7.4)", score_part=True),
    Column("money", "int32", "marks held at the end"),
    Column("area", "int32", "castle area in square feet, the tie-break (§7.4)"),
    Column("hallways", "int8", "hallways in the castle"),
    Column("stairs", "int8", "stairs in the castle"),
    Column("completed_rooms", "int8", "rooms complete at the end (§6; pieces not counted)"),
    Column("blocked_doorways", "int16", "BLOCKED doorways of every tile at the end (§4.3)"),
    Column("times_master_builder", "int8", "rounds the player was master builder"),
    Column("money_as_master_builder", "int32", "marks the player received as master builder"),
    Column("points_as_master_builder", "int16",
           "placement points and completion rewards scored in the rounds the player was master builder"),
    Column("passes", "int16", "actions passed (+pass_income)"),
    Column("end_reason", "int8", "how the game ended: 0 the room-card deck ran out, 1 max_rounds"),
    Column("position", "int8", "place in the master-builder order: 0 is the first master builder (R10)"),
    Column("grid_refusals", "int32", "candidate placements refused for leaving the grid (must be 0)"),
) + tuple(Column(f"rooms_{t}", "int8", f"{t} rooms in the castle (pieces count as corridor only per "
                 "corridor_pieces_in_card_counts)") for t in ROOM_TYPES)
SCORE_COMPONENTS = score_parts(COLUMNS)
