"""Ark Nova's rules as the one int64 array the numba core reads: `pack(rules, players)`.

Every `Rules` field that matters to play is packed at a documented offset `R_*` (a module constant, so numba
compiles it in and a sweep over rule values never recompiles); `LAYOUT` lists (name, offset, width) in order and
`PACKED` maps each field to its offsets. The per-player-count tuples are packed for `players` only. Choices of a
fixed list (`venom_unpaid`, `tie_rule`, ...) become their index in that list, booleans 0/1, bonus tiles their index
in `rules.BONUS_TILES`, reputation-bonus kinds their index in `rules.REPUTATION_BONUS_KINDS`, and `opening_card`
its row in the `cards` tables (-1 = none). Variable-length lists carry their length first and are padded with -1.

`NOT_PACKED` names the fields the core does not need, each with the reason; a test checks that every field is in
exactly one of `PACKED` and `NOT_PACKED`, so a new field cannot be forgotten.
"""
from __future__ import annotations

import numpy as np

from zoosim.errors import ZoosimError
from zoosim.games.ark_nova import rules as _rules
from zoosim.games.ark_nova.components import cards as _cards
from zoosim.games.ark_nova.rules import Rules, validate

MAX_DONATION_SPACES = 16
MAX_BONUS_TILES = 16
MAX_REPUTATION_BONUSES = 16

LAYOUT: list[tuple[str, int, int]] = []  # (R_ name, offset, width), in order


def _slot(name: str, width: int = 1) -> int:
    offset = LAYOUT[-1][1] + LAYOUT[-1][2] if LAYOUT else 0
    LAYOUT.append((name, offset, width))
    return offset


R_PLAYERS = _slot("R_PLAYERS")
R_PEACEFUL = _slot("R_PEACEFUL")
R_PLACE_UNIQUE = _slot("R_PLACE_UNIQUE")
R_VENOM_UNPAID = _slot("R_VENOM_UNPAID")                 # index in rules.VENOM_UNPAID
R_BREAK_LEN = _slot("R_BREAK_LEN")                       # for `players`
R_START_MONEY = _slot("R_START_MONEY")
R_START_APPEAL = _slot("R_START_APPEAL", 4)              # seats 0-3
R_START_REPUTATION = _slot("R_START_REPUTATION")
R_RANDOM_ACTION_ORDER = _slot("R_RANDOM_ACTION_ORDER")
R_HAND_DRAW = _slot("R_HAND_DRAW")
R_HAND_KEEP = _slot("R_HAND_KEEP")
R_FINAL_DEALT = _slot("R_FINAL_DEALT")
R_DISPLAY_SIZE = _slot("R_DISPLAY_SIZE")
R_BASE_PROJECTS_SHOWN = _slot("R_BASE_PROJECTS_SHOWN")   # for `players`
R_PROJECT_ROW_LIMIT = _slot("R_PROJECT_ROW_LIMIT")       # for `players`
R_TWO_PLAYER_BLOCKS = _slot("R_TWO_PLAYER_BLOCKS")
R_DONATIONS_N = _slot("R_DONATIONS_N")                   # donation spaces for `players`
R_DONATIONS = _slot("R_DONATIONS", MAX_DONATION_SPACES)  # their costs, cheapest first
R_DONATION_OVERFLOW = _slot("R_DONATION_OVERFLOW")
R_BONUS_TILES_N = _slot("R_BONUS_TILES_N")
R_BONUS_TILES = _slot("R_BONUS_TILES", MAX_BONUS_TILES)  # indices in rules.BONUS_TILES, pool order
R_BONUS_SPONSOR_RULE = _slot("R_BONUS_SPONSOR_RULE")     # index in rules.BONUS_SPONSOR_RULES
R_MAX_X = _slot("R_MAX_X")
R_MAX_APPEAL = _slot("R_MAX_APPEAL")
R_MAX_CP = _slot("R_MAX_CP")
R_HAND_LIMIT = _slot("R_HAND_LIMIT")
R_HAND_LIMIT_UNIV = _slot("R_HAND_LIMIT_UNIV")
R_SNAP_IGNORES_REPUTATION = _slot("R_SNAP_IGNORES_REPUTATION")
R_ALLOW_NULL_ACTION = _slot("R_ALLOW_NULL_ACTION")
R_RESHUFFLE_DISCARD = _slot("R_RESHUFFLE_DISCARD")
R_SUPPORT_WITHOUT_TOKEN = _slot("R_SUPPORT_WITHOUT_TOKEN")
R_FREE_BUILDING_IGNORES_BUILD2 = _slot("R_FREE_BUILDING_IGNORES_BUILD2")
R_PEACOCKING_NEEDS_BUILD2 = _slot("R_PEACOCKING_NEEDS_BUILD2")
R_COVERED_TERRAIN_COUNTS = _slot("R_COVERED_TERRAIN_COUNTS")
R_MULTIPLIER_RULE = _slot("R_MULTIPLIER_RULE")           # index in rules.MULTIPLIER_RULES
R_PARTNER4_CP = _slot("R_PARTNER4_CP")
R_UNIV3_CP = _slot("R_UNIV3_CP")
R_LAST_WORKER_CP = _slot("R_LAST_WORKER_CP")
R_END_TRIGGER_SCORE = _slot("R_END_TRIGGER_SCORE")
R_BREAK_AFTER_LAST_TURN = _slot("R_BREAK_AFTER_LAST_TURN")
R_TIE_RULE = _slot("R_TIE_RULE")                         # index in rules.TIE_RULES
R_MAX_TURNS = _slot("R_MAX_TURNS")
R_OPENING_CARD = _slot("R_OPENING_CARD")                 # row in the cards tables, -1 = none
R_OPENING_CARD_SEAT = _slot("R_OPENING_CARD_SEAT")
R_WORKERS_TOTAL = _slot("R_WORKERS_TOTAL")
R_WORKERS_START = _slot("R_WORKERS_START")
R_BUILDING_COST = _slot("R_BUILDING_COST")
R_CARDS_BREAK_STEPS = _slot("R_CARDS_BREAK_STEPS")
R_CARDS_DRAW = _slot("R_CARDS_DRAW", 10)                 # [side * 5 + strength - 1]
R_CARDS_DISCARD = _slot("R_CARDS_DISCARD", 10)           # [side * 5 + strength - 1]
R_CARDS_SNAP = _slot("R_CARDS_SNAP", 2)                  # [side]
R_ANIMALS_PLAYABLE = _slot("R_ANIMALS_PLAYABLE", 10)     # [side * 5 + strength - 1]
R_ANIMALS2_REP_STRENGTH = _slot("R_ANIMALS2_REP_STRENGTH")
R_SPONSORS2_LEVEL_BONUS = _slot("R_SPONSORS2_LEVEL_BONUS")
R_SPONSORS_BREAK_MONEY = _slot("R_SPONSORS_BREAK_MONEY", 2)  # [side]
R_TASK_VALUES = _slot("R_TASK_VALUES", 4)                # reputation, partner zoo, university, project
R_REPUTATION_TASK_GAIN = _slot("R_REPUTATION_TASK_GAIN")
R_VET_PROJECT_VALUE = _slot("R_VET_PROJECT_VALUE")
R_PARTNER_DISCOUNT = _slot("R_PARTNER_DISCOUNT")
R_MAX_PARTNER_ZOOS = _slot("R_MAX_PARTNER_ZOOS", 2)      # [side]
R_MAX_UNIVERSITIES = _slot("R_MAX_UNIVERSITIES")
R_WORKERS_PER_REPEAT = _slot("R_WORKERS_PER_REPEAT", 2)  # [workers already on the task]
R_REPUTATION_CAP1 = _slot("R_REPUTATION_CAP1")
R_MAX_REPUTATION = _slot("R_MAX_REPUTATION")
R_REP_BONUSES_N = _slot("R_REP_BONUSES_N")
R_REP_BONUSES = _slot("R_REP_BONUSES", 2 * MAX_REPUTATION_BONUSES)  # (space, kind index) pairs in order
R_REPUTATION_RANGE = _slot("R_REPUTATION_RANGE", 6)      # lowest reputation for folders 1..6
R_CP_UPGRADE_SPACE = _slot("R_CP_UPGRADE_SPACE")
R_CP_BONUS_SPACES = _slot("R_CP_BONUS_SPACES", 2)
R_CP_BONUS_MONEY = _slot("R_CP_BONUS_MONEY")
R_CP_FINAL_DISCARD_SPACE = _slot("R_CP_FINAL_DISCARD_SPACE")
R_BONUS_TILES_PER_SPACE = _slot("R_BONUS_TILES_PER_SPACE")
R_APPEAL_INCOME = _slot("R_APPEAL_INCOME", 114)          # [appeal 0..113]
R_CP_POINTS = _slot("R_CP_POINTS", 42)                   # [CP 0..41]
R_MAX_FINAL_CARD_CP = _slot("R_MAX_FINAL_CARD_CP")
R_SIZE = LAYOUT[-1][1] + LAYOUT[-1][2]

# Rules field -> the R_ names holding it
PACKED: dict[str, tuple[str, ...]] = {
    "peaceful": ("R_PEACEFUL",), "place_unique_buildings": ("R_PLACE_UNIQUE",), "venom_unpaid": ("R_VENOM_UNPAID",),
    "break_track_len": ("R_BREAK_LEN",), "start_money": ("R_START_MONEY",), "start_appeal_by_seat": ("R_START_APPEAL",),
    "start_reputation": ("R_START_REPUTATION",), "random_action_order": ("R_RANDOM_ACTION_ORDER",),
    "hand_draw": ("R_HAND_DRAW",), "hand_keep": ("R_HAND_KEEP",), "final_scoring_dealt": ("R_FINAL_DEALT",),
    "display_size": ("R_DISPLAY_SIZE",), "base_projects_shown": ("R_BASE_PROJECTS_SHOWN",),
    "project_row_limit": ("R_PROJECT_ROW_LIMIT",), "two_player_blocks": ("R_TWO_PLAYER_BLOCKS",),
    "donation_costs": ("R_DONATIONS_N", "R_DONATIONS"), "donation_overflow": ("R_DONATION_OVERFLOW",),
    "bonus_tiles": ("R_BONUS_TILES_N", "R_BONUS_TILES"), "bonus_sponsor_rule": ("R_BONUS_SPONSOR_RULE",),
    "max_x_tokens": ("R_MAX_X",), "max_appeal": ("R_MAX_APPEAL",), "max_cp": ("R_MAX_CP",),
    "hand_limit": ("R_HAND_LIMIT",), "hand_limit_univ": ("R_HAND_LIMIT_UNIV",),
    "snap_ignores_reputation": ("R_SNAP_IGNORES_REPUTATION",), "allow_null_action": ("R_ALLOW_NULL_ACTION",),
    "reshuffle_discard": ("R_RESHUFFLE_DISCARD",), "support_without_bonus_token": ("R_SUPPORT_WITHOUT_TOKEN",),
    "free_building_ignores_build2": ("R_FREE_BUILDING_IGNORES_BUILD2",),
    "peacocking_needs_build2": ("R_PEACOCKING_NEEDS_BUILD2",), "covered_terrain_counts": ("R_COVERED_TERRAIN_COUNTS",),
    "multiplier_rule": ("R_MULTIPLIER_RULE",), "mapA_partner4_cp": ("R_PARTNER4_CP",), "mapA_univ3_cp": ("R_UNIV3_CP",),
    "mapA_last_worker_cp": ("R_LAST_WORKER_CP",), "end_trigger_score": ("R_END_TRIGGER_SCORE",),
    "break_after_last_turn": ("R_BREAK_AFTER_LAST_TURN",), "tie_rule": ("R_TIE_RULE",), "max_turns": ("R_MAX_TURNS",),
    "opening_card": ("R_OPENING_CARD",), "opening_card_seat": ("R_OPENING_CARD_SEAT",),
    "workers_total": ("R_WORKERS_TOTAL",), "workers_start": ("R_WORKERS_START",),
    "building_cost_per_cell": ("R_BUILDING_COST",), "cards_break_steps": ("R_CARDS_BREAK_STEPS",),
    "cards_draw": ("R_CARDS_DRAW",), "cards_discard": ("R_CARDS_DISCARD",), "cards_snap_strength": ("R_CARDS_SNAP",),
    "animals_playable": ("R_ANIMALS_PLAYABLE",), "animals2_rep_strength": ("R_ANIMALS2_REP_STRENGTH",),
    "sponsors2_level_bonus": ("R_SPONSORS2_LEVEL_BONUS",), "sponsors_break_money": ("R_SPONSORS_BREAK_MONEY",),
    "task_values": ("R_TASK_VALUES",), "reputation_task_gain": ("R_REPUTATION_TASK_GAIN",),
    "veterinarian_project_value": ("R_VET_PROJECT_VALUE",), "partner_zoo_discount": ("R_PARTNER_DISCOUNT",),
    "max_partner_zoos": ("R_MAX_PARTNER_ZOOS",), "max_universities": ("R_MAX_UNIVERSITIES",),
    "workers_per_repeat": ("R_WORKERS_PER_REPEAT",), "reputation_cap_side1": ("R_REPUTATION_CAP1",),
    "max_reputation": ("R_MAX_REPUTATION",), "reputation_bonuses": ("R_REP_BONUSES_N", "R_REP_BONUSES"),
    "reputation_range": ("R_REPUTATION_RANGE",), "cp_upgrade_space": ("R_CP_UPGRADE_SPACE",),
    "cp_bonus_spaces": ("R_CP_BONUS_SPACES",), "cp_bonus_money": ("R_CP_BONUS_MONEY",),
    "cp_final_discard_space": ("R_CP_FINAL_DISCARD_SPACE",), "bonus_tiles_per_space": ("R_BONUS_TILES_PER_SPACE",),
    "appeal_income": ("R_APPEAL_INCOME",), "cp_points": ("R_CP_POINTS",), "max_final_card_cp": ("R_MAX_FINAL_CARD_CP",),
}
NOT_PACKED: dict[str, str] = {
    "map_file": "only map A exists (validate refuses others); its cells and footprints are board.py's import-time tables",
    "start_seat_random": "seats are relabelled by the simulation layer, outside the game (§16)",
}


def _flag(v: bool) -> int:
    return 1 if v else 0


def pack(rules: Rules, players: int) -> np.ndarray:
    """`rules` for a `players`-player game as the core's int64 array (offsets `R_*`); validated first."""
    validate(rules, players)
    donations = rules.at("donation_costs", players)
    if len(donations) > MAX_DONATION_SPACES:
        raise ZoosimError(f"donation_costs for {players} players has {len(donations)} spaces; at most "
                          f"{MAX_DONATION_SPACES} can be packed")
    if len(rules.bonus_tiles) > MAX_BONUS_TILES:
        raise ZoosimError(f"bonus_tiles has {len(rules.bonus_tiles)} tiles; at most {MAX_BONUS_TILES} can be packed")
    if len(rules.reputation_bonuses) > MAX_REPUTATION_BONUSES:
        raise ZoosimError(f"reputation_bonuses has {len(rules.reputation_bonuses)} entries; at most "
                          f"{MAX_REPUTATION_BONUSES} can be packed")
    a = np.full(R_SIZE, -1, dtype=np.int64)
    a[R_PLAYERS] = players
    a[R_PEACEFUL] = _flag(rules.peaceful)
    a[R_PLACE_UNIQUE] = _flag(rules.place_unique_buildings)
    a[R_VENOM_UNPAID] = _rules.VENOM_UNPAID.index(rules.venom_unpaid)
    a[R_BREAK_LEN] = rules.at("break_track_len", players)
    a[R_START_MONEY] = rules.start_money
    a[R_START_APPEAL:R_START_APPEAL + 4] = rules.start_appeal_by_seat[:4]
    a[R_START_REPUTATION] = rules.start_reputation
    a[R_RANDOM_ACTION_ORDER] = _flag(rules.random_action_order)
    a[R_HAND_DRAW] = rules.hand_draw
    a[R_HAND_KEEP] = rules.hand_keep
    a[R_FINAL_DEALT] = rules.final_scoring_dealt
    a[R_DISPLAY_SIZE] = rules.display_size
    a[R_BASE_PROJECTS_SHOWN] = rules.at("base_projects_shown", players)
    a[R_PROJECT_ROW_LIMIT] = rules.at("project_row_limit", players)
    a[R_TWO_PLAYER_BLOCKS] = _flag(rules.two_player_blocks)
    a[R_DONATIONS_N] = len(donations)
    a[R_DONATIONS:R_DONATIONS + len(donations)] = donations
    a[R_DONATION_OVERFLOW] = rules.donation_overflow
    a[R_BONUS_TILES_N] = len(rules.bonus_tiles)
    a[R_BONUS_TILES:R_BONUS_TILES + len(rules.bonus_tiles)] = [_rules.BONUS_TILES.index(t) for t in rules.bonus_tiles]
    a[R_BONUS_SPONSOR_RULE] = _rules.BONUS_SPONSOR_RULES.index(rules.bonus_sponsor_rule)
    a[R_MAX_X] = rules.max_x_tokens
    a[R_MAX_APPEAL] = rules.max_appeal
    a[R_MAX_CP] = rules.max_cp
    a[R_HAND_LIMIT] = rules.hand_limit
    a[R_HAND_LIMIT_UNIV] = rules.hand_limit_univ
    a[R_SNAP_IGNORES_REPUTATION] = _flag(rules.snap_ignores_reputation)
    a[R_ALLOW_NULL_ACTION] = _flag(rules.allow_null_action)
    a[R_RESHUFFLE_DISCARD] = _flag(rules.reshuffle_discard)
    a[R_SUPPORT_WITHOUT_TOKEN] = _flag(rules.support_without_bonus_token)
    a[R_FREE_BUILDING_IGNORES_BUILD2] = _flag(rules.free_building_ignores_build2)
    a[R_PEACOCKING_NEEDS_BUILD2] = _flag(rules.peacocking_needs_build2)
    a[R_COVERED_TERRAIN_COUNTS] = _flag(rules.covered_terrain_counts)
    a[R_MULTIPLIER_RULE] = _rules.MULTIPLIER_RULES.index(rules.multiplier_rule)
    a[R_PARTNER4_CP] = rules.mapA_partner4_cp
    a[R_UNIV3_CP] = rules.mapA_univ3_cp
    a[R_LAST_WORKER_CP] = rules.mapA_last_worker_cp
    a[R_END_TRIGGER_SCORE] = rules.end_trigger_score
    a[R_BREAK_AFTER_LAST_TURN] = _flag(rules.break_after_last_turn)
    a[R_TIE_RULE] = _rules.TIE_RULES.index(rules.tie_rule)
    a[R_MAX_TURNS] = rules.max_turns
    a[R_OPENING_CARD] = _cards.index_of(rules.opening_card) if rules.opening_card else -1
    a[R_OPENING_CARD_SEAT] = rules.opening_card_seat
    a[R_WORKERS_TOTAL] = rules.workers_total
    a[R_WORKERS_START] = rules.workers_start
    a[R_BUILDING_COST] = rules.building_cost_per_cell
    a[R_CARDS_BREAK_STEPS] = rules.cards_break_steps
    a[R_CARDS_DRAW:R_CARDS_DRAW + 10] = [v for row in rules.cards_draw for v in row]
    a[R_CARDS_DISCARD:R_CARDS_DISCARD + 10] = [v for row in rules.cards_discard for v in row]
    a[R_CARDS_SNAP:R_CARDS_SNAP + 2] = rules.cards_snap_strength
    a[R_ANIMALS_PLAYABLE:R_ANIMALS_PLAYABLE + 10] = [v for row in rules.animals_playable for v in row]
    a[R_ANIMALS2_REP_STRENGTH] = rules.animals2_rep_strength
    a[R_SPONSORS2_LEVEL_BONUS] = rules.sponsors2_level_bonus
    a[R_SPONSORS_BREAK_MONEY:R_SPONSORS_BREAK_MONEY + 2] = rules.sponsors_break_money
    a[R_TASK_VALUES:R_TASK_VALUES + 4] = rules.task_values
    a[R_REPUTATION_TASK_GAIN] = rules.reputation_task_gain
    a[R_VET_PROJECT_VALUE] = rules.veterinarian_project_value
    a[R_PARTNER_DISCOUNT] = rules.partner_zoo_discount
    a[R_MAX_PARTNER_ZOOS:R_MAX_PARTNER_ZOOS + 2] = rules.max_partner_zoos
    a[R_MAX_UNIVERSITIES] = rules.max_universities
    a[R_WORKERS_PER_REPEAT:R_WORKERS_PER_REPEAT + 2] = rules.workers_per_repeat
    a[R_REPUTATION_CAP1] = rules.reputation_cap_side1
    a[R_MAX_REPUTATION] = rules.max_reputation
    a[R_REP_BONUSES_N] = len(rules.reputation_bonuses)
    for k, (space, kind) in enumerate(rules.reputation_bonuses):
        a[R_REP_BONUSES + 2 * k] = space
        a[R_REP_BONUSES + 2 * k + 1] = _rules.REPUTATION_BONUS_KINDS.index(kind)
    a[R_REPUTATION_RANGE:R_REPUTATION_RANGE + 6] = rules.reputation_range
    a[R_CP_UPGRADE_SPACE] = rules.cp_upgrade_space
    a[R_CP_BONUS_SPACES:R_CP_BONUS_SPACES + 2] = rules.cp_bonus_spaces
    a[R_CP_BONUS_MONEY] = rules.cp_bonus_money
    a[R_CP_FINAL_DISCARD_SPACE] = rules.cp_final_discard_space
    a[R_BONUS_TILES_PER_SPACE] = rules.bonus_tiles_per_space
    a[R_APPEAL_INCOME:R_APPEAL_INCOME + 114] = rules.appeal_income
    a[R_CP_POINTS:R_CP_POINTS + 42] = rules.cp_points
    a[R_MAX_FINAL_CARD_CP] = rules.max_final_card_cp
    return a

