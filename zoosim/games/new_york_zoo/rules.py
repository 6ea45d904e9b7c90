"""New York Zoo's rules as data: every `param:` of `shared/specs/new-york-zoo.md` section 11, plus the
per-player-count numbers of the data file (movement range, bonus breeding), is a field of `Rules`.

Defaults are the spec's readings. `pack()` turns them into one int64 array for the numba core, so a
sweep over rule values never recompiles. The `R_*` constants are the indices into that array.
Component data (shapes, boards, rondel) is not a rule: it lives in `components/data.toml` (see `components/data.py`).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from zoosim.errors import ZoosimError, need, need_one_of

WIN_CHECKS = ("end_of_turn", "per_breeding_line", "immediate")
BREEDING_ORDERS = ("crossing", "line_index")
NO_LEGAL_MOVE = ("pass",)
SOLO_SIDES = ("A", "B")
SOLO_ENDS = ("play_until_full", "bga")
SOLO_TILE_4_PLUS = -1  # code of the "4+" solo movement tile in `solo_tile_values`

MAX_PLAYERS = 5
MAX_SOLO_TILES = 8


@dataclass(frozen=True)
class Rules:
    """The rules of New York Zoo. Field docs are printed by `zoosim rules new-york-zoo`."""

    harbour_requires_populate: bool = True
    animal_space_requires_placement: bool = True
    single_animal_any_species: bool = True
    max_added_per_enclosure_per_turn: int = 0
    attraction_mandatory: bool = True
    breeding_optional: bool = True
    breeding_order: str = "crossing"
    max_breedings_per_move: int = 0
    win_check: str = "end_of_turn"
    no_legal_move: str = "pass"
    max_turns: int = 1000
    solo_side: str = "A"
    solo_tile_values: tuple[str, ...] = ("0", "1", "2", "3", "4+")
    solo_end: str = "play_until_full"
    short_game: bool = False
    lower_tiles_known_to_policies: bool = False
    # per player count (data file [player_count.N]); index = players - 2 for 2..5 players
    move_min_by_players: tuple[int, ...] = (1, 1, 1, 1)
    move_max_by_players: tuple[int, ...] = (4, 3, 4, 3)
    bonus_breeding_max_players: int = 3
    solo_laps: int = 2
    solo_lap_length: int = 25
    solo_max_raw_move: int = 24
    short_game_heptominoes_per_player: int = 3
    short_game_hexominoes_per_player: int = 3

    def move_range(self, players: int) -> tuple[int, int]:
        return self.move_min_by_players[players - 2], self.move_max_by_players[players - 2]

    def solo_tiles(self) -> list[int]:
        """The solo movement tiles as numbers, `SOLO_TILE_4_PLUS` for "4+"."""
        return [SOLO_TILE_4_PLUS if v.strip() == "4+" else int(v) for v in self.solo_tile_values]


RULE_DOCS = {
    "harbour_requires_populate": "a harbour is a legal destination only if you can populate the new enclosure (BGA)",
    "animal_space_requires_placement": "an animal space is legal only if you can place one of its animals (BGA)",
    "single_animal_any_species": "option (c): one animal of any species instead of the pictured ones",
    "max_added_per_enclosure_per_turn": "cap on animals added to one enclosure in one turn "
                                        "(0 = none; 2 = French golden rule)",
    "attraction_mandatory": "a full enclosure's attraction must be taken and placed (false: BGA, may decline)",
    "breeding_optional": "breeding may be declined (false: breed in as many eligible enclosures as possible, up to 2)",
    "breeding_order": "order of the breeding events of one move: crossing | line_index (BGA)",
    "max_breedings_per_move": "cap on breeding events per move (0 = none; 2 = BGA: first and last line in index order)",
    "win_check": "when covered boards end the game: end_of_turn | per_breeding_line | immediate",
    "no_legal_move": "what a player with no legal destination does: pass",
    "max_turns": "simulator safety cap on total turns; the game is then ranked with no winner",
    "solo_side": "solo board side: A (11x9, 3 houses) | B (14x9, 4 houses)",
    "solo_tile_values": "solo movement tiles; \"4+\" = any number >= 4 of counted steps",
    "solo_end": "solo end and score: play_until_full (score 50 - T) | bga",
    "short_game": "2-player short game: tops removed, 3 heptominoes + 3 hexominoes placed empty at start",
    "lower_tiles_known_to_policies": "policies may read the tiles below the top of each stack (AI information only)",
    "move_min_by_players": "smallest move for 2, 3, 4, 5 players",
    "move_max_by_players": "largest move for 2, 3, 4, 5 players",
    "bonus_breeding_max_players": "bonus breeding applies with at most this many players (solo included)",
    "solo_laps": "solo: laps of the elephant in the game",
    "solo_lap_length": "solo: raw rondel spaces per lap",
    "solo_max_raw_move": "solo: most raw spaces a 4+ move may cover",
    "short_game_heptominoes_per_player": "short game: removed heptominoes dealt to each player",
    "short_game_hexominoes_per_player": "short game: removed hexominoes dealt to each player",
}


def validate(rules: Rules, players: int) -> None:
    """Raise ZoosimError (one line: what is wrong, what is accepted) for rules the core cannot play."""

    need(1 <= players <= MAX_PLAYERS, f"new-york-zoo is for 1-{MAX_PLAYERS} players, got {players}")
    need_one_of(rules, "breeding_order", BREEDING_ORDERS)
    need_one_of(rules, "win_check", WIN_CHECKS)
    need_one_of(rules, "no_legal_move", NO_LEGAL_MOVE)
    need_one_of(rules, "solo_side", SOLO_SIDES)
    need_one_of(rules, "solo_end", SOLO_ENDS)
    need(rules.max_added_per_enclosure_per_turn >= 0,
         f"max_added_per_enclosure_per_turn must be >= 0, got {rules.max_added_per_enclosure_per_turn}")
    need(rules.max_breedings_per_move >= 0, f"max_breedings_per_move must be >= 0, got {rules.max_breedings_per_move}")
    need(1 <= rules.max_turns <= 100_000, f"max_turns must be 1-100000, got {rules.max_turns}")
    for name in ("move_min_by_players", "move_max_by_players"):
        need(len(getattr(rules, name)) == 4, f"{name} needs 4 values (for 2, 3, 4, 5 players)")
    need(all(1 <= lo <= hi <= 8 for lo, hi in zip(rules.move_min_by_players, rules.move_max_by_players)),
         "move ranges need 1 <= move_min <= move_max <= 8")
    need(rules.bonus_breeding_max_players >= 0, "bonus_breeding_max_players must be >= 0")
    try:
        tiles = rules.solo_tiles()
    except ValueError:
        raise ZoosimError(f"solo_tile_values take 0-8 or \"4+\", got {list(rules.solo_tile_values)}") from None
    need(1 <= len(tiles) <= MAX_SOLO_TILES and all(t == SOLO_TILE_4_PLUS or 0 <= t <= 8 for t in tiles),
         f"solo_tile_values take 1-{MAX_SOLO_TILES} values of 0-8 or \"4+\", got {list(rules.solo_tile_values)}")
    need(rules.solo_laps >= 1 and rules.solo_lap_length >= 1, "solo_laps and solo_lap_length must be >= 1")
    need(4 <= rules.solo_max_raw_move <= 100, "solo_max_raw_move must be 4-100")
    need(not rules.short_game or players == 2, f"short_game is a 2-player variant, got {players} players")
    need(0 <= rules.short_game_heptominoes_per_player <= 3 and 0 <= rules.short_game_hexominoes_per_player <= 4,
         "short game deals 0-3 heptominoes (7 removed) and 0-4 hexominoes (8 removed) per player")


# Indices into the packed rules array.
(R_PLAYERS, R_HARBOUR_REQUIRES_POPULATE, R_ANIMAL_SPACE_REQUIRES_PLACEMENT, R_SINGLE_ANY_SPECIES,
 R_MAX_ADDED, R_ATTRACTION_MANDATORY, R_BREEDING_OPTIONAL, R_BREEDING_LINE_INDEX_ORDER, R_MAX_BREEDINGS,
 R_WIN_CHECK, R_MAX_TURNS, R_SOLO_SIDE, R_SOLO_END, R_SHORT_GAME, R_LOWER_TILES_KNOWN, R_MOVE_MIN,
 R_MOVE_MAX, R_BONUS_BREEDING, R_SOLO_TARGET, R_SOLO_MAX_RAW, R_SOLO_N_TILES, R_SHORT_HEPTOMINOES,
 R_SHORT_HEXOMINOES, R_SOLO_LAP_LENGTH) = range(24)
R_SOLO_TILES = 24  # MAX_SOLO_TILES entries
R_SIZE = R_SOLO_TILES + MAX_SOLO_TILES
WIN_END_OF_TURN, WIN_PER_LINE, WIN_IMMEDIATE = range(3)


def pack(rules: Rules, players: int) -> np.ndarray:
    """The rules for one player count as the int64 array the core reads."""
    validate(rules, players)
    r = np.zeros(R_SIZE, dtype=np.int64)
    r[R_PLAYERS] = players
    r[R_HARBOUR_REQUIRES_POPULATE] = rules.harbour_requires_populate
    r[R_ANIMAL_SPACE_REQUIRES_PLACEMENT] = rules.animal_space_requires_placement
    r[R_SINGLE_ANY_SPECIES] = rules.single_animal_any_species
    r[R_MAX_ADDED] = rules.max_added_per_enclosure_per_turn
    r[R_ATTRACTION_MANDATORY] = rules.attraction_mandatory
    r[R_BREEDING_OPTIONAL] = rules.breeding_optional
    r[R_BREEDING_LINE_INDEX_ORDER] = rules.breeding_order == "line_index"
    r[R_MAX_BREEDINGS] = rules.max_breedings_per_move
    r[R_WIN_CHECK] = WIN_CHECKS.index(rules.win_check)
    r[R_MAX_TURNS] = rules.max_turns
    r[R_SOLO_SIDE] = SOLO_SIDES.index(rules.solo_side)
    r[R_SOLO_END] = SOLO_ENDS.index(rules.solo_end)
    r[R_SHORT_GAME] = rules.short_game
    r[R_LOWER_TILES_KNOWN] = rules.lower_tiles_known_to_policies
    if players >= 2:
        r[R_MOVE_MIN], r[R_MOVE_MAX] = rules.move_range(players)
    r[R_BONUS_BREEDING] = players <= rules.bonus_breeding_max_players
    r[R_SOLO_TARGET] = rules.solo_laps * rules.solo_lap_length
    r[R_SOLO_MAX_RAW] = rules.solo_max_raw_move
    r[R_SOLO_LAP_LENGTH] = rules.solo_lap_length
    tiles = rules.solo_tiles()
    r[R_SOLO_N_TILES] = len(tiles)
    r[R_SOLO_TILES:R_SOLO_TILES + len(tiles)] = tiles
    r[R_SHORT_HEPTOMINOES] = rules.short_game_heptominoes_per_player
    r[R_SHORT_HEXOMINOES] = rules.short_game_hexominoes_per_player
    return r
