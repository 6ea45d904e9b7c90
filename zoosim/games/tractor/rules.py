"""Tractor Zooloretto as data: every number and `param:` of `shared/specs/tractor.md` is a field of `Rules`
(defaults = the spec's reading). `pack()` turns the rules for one player count into one int64 array for
the numba core, so a sweep over rule values never recompiles.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from zoosim.errors import need
from zoosim.games.family.rules import MAX_ROUNDS, check_bounds, check_count, check_players, not_negative, pack_slots

OVERFLOWS = ("bag", "discard")
END_REASONS = ("bag_and_tractors_empty", "full_zoo", "round_limit")

# Capacities of the core's fixed-shape state.
MAX_PLAYERS = 5
MAX_SPECIES = 16
MAX_STALL_KINDS = 8
MAX_ENCLOSURES = 6
MAX_TRACTORS = 8
MAX_TRACTOR_CAPACITY = 8
MAX_BACKYARD = 16
MAX_TILES = 512

# Tile codes (PROTOCOL.md 2): animal = species, stall 16 + kind, attraction 24.
STALL_BASE = 16
ATTRACTION = 24
N_CODES = 25
# Destinations of a placed tile (PROTOCOL.md 4).
BACKYARD, STALLS, TO_BAG, DISCARDED = -1, -2, -3, -4


@dataclass(frozen=True)
class Rules:
    """The rules of Tractor Zooloretto. Field docs are printed by `zoosim rules tractor`."""

    species: int = 9
    tiles_per_species: int = 10
    stall_kinds: int = 4
    stalls_per_kind: int = 3
    attractions: int = 8
    start_money: int = 3
    card_points: tuple[int, ...] = (3, 2, 1)
    extra_tractors: int = 1
    extra_tractors_two_players: int = 2
    tractor_capacity: int = 3
    enclosures: int = 3
    enclosure_size: int = 3
    enclosure_points: tuple[int, ...] = (3, 3, 4)
    stall_spaces: int = 2
    backyard_size: int = 3
    overflow: str = "bag"
    end_on_full_zoo: bool = True
    max_rounds: int = 100

    def tractors(self, players: int) -> int:
        return players + (self.extra_tractors_two_players if players == 2 else self.extra_tractors)

    def total_tiles(self) -> int:
        return self.species * self.tiles_per_species + self.stall_kinds * self.stalls_per_kind + self.attractions

    def max_score(self) -> int:
        """Every enclosure full with an attraction, every stall space used, every card."""
        return sum(self.enclosure_points) + self.enclosures + self.stall_spaces + sum(self.card_points)

    def min_score(self) -> int:
        return -self.backyard_size


RULE_DOCS = {
    "species": "animal species",
    "tiles_per_species": "animal tiles per species",
    "stall_kinds": "kinds of stall tile (the source gives none; kinds only tell tiles apart)",
    "stalls_per_kind": "stall tiles per kind",
    "attractions": "attraction tiles",
    "start_money": "money per player (no rule spends it)",
    "card_points": "points of score cards 1 (most animals of one species), 2 (most tiles in one enclosure), "
                   "3 (most attractions)",
    "extra_tractors": "tractors beyond one per player (3-5 players)",
    "extra_tractors_two_players": "tractors beyond one per player with 2 players (the 'virtual tractor')",
    "tractor_capacity": "tiles a tractor may hold (a push needs a tractor below it)",
    "enclosures": "enclosures per zoo",
    "enclosure_size": "places per enclosure (animals of one species plus at most one attraction)",
    "enclosure_points": "points of each full enclosure, in board order",
    "stall_spaces": "stall spaces per zoo",
    "backyard_size": "tiles the backyard holds",
    "overflow": "a tile that must go to a full backyard: bag (bottom of the bag) | discard (out of the game)",
    "end_on_full_zoo": "the game ends after the round in which a player has every enclosure full",
    "max_rounds": "the game ends after this round at the latest",
}


BOUNDS = {  # rule: (lowest, highest); the highest are the capacities above
    "species": (1, MAX_SPECIES), "stall_kinds": (0, MAX_STALL_KINDS), "tractor_capacity": (1, MAX_TRACTOR_CAPACITY),
    "enclosures": (1, MAX_ENCLOSURES), "enclosure_size": (1, 32), "backyard_size": (0, MAX_BACKYARD),
    "max_rounds": (1, MAX_ROUNDS),
    **not_negative("tiles_per_species", "stalls_per_kind", "attractions", "start_money", "extra_tractors",
                   "extra_tractors_two_players", "stall_spaces"),
}


def validate(rules: Rules, players: int) -> None:
    """Raise ZoosimError (one line: what is wrong, what is accepted) for rules the core cannot play."""
    check_players("tractor", players, MAX_PLAYERS)
    check_bounds(rules, BOUNDS)
    check_count(rules, "card_points", 3)
    check_count(rules, "enclosure_points", rules.enclosures, reason="one per enclosure")
    need(1 <= rules.tractors(players) <= MAX_TRACTORS,
         f"{players} players would have {rules.tractors(players)} tractors; accepted: 1-{MAX_TRACTORS}")
    need(rules.overflow in OVERFLOWS, f"overflow must be one of {', '.join(OVERFLOWS)}, got {rules.overflow!r}")
    need(1 <= rules.total_tiles() <= MAX_TILES, f"the bag must hold 1-{MAX_TILES} tiles, got {rules.total_tiles()}")


# The packed rules array (pack): slot R_<NAME> holds the rule named in PACKED at its place (a field of Rules, or
# what pack derives for the player count); the card and enclosure points follow the slots.
PACKED = ("players", "species", "tiles_per_species", "stall_kinds", "stalls_per_kind", "attractions", "tractors",
          "tractor_capacity", "enclosures", "enclosure_size", "stall_spaces", "backyard_size", "overflow_to_bag",
          "end_on_full_zoo", "max_rounds")
(R_PLAYERS, R_SPECIES, R_TILES_PER_SPECIES, R_STALL_KINDS, R_STALLS_PER_KIND, R_ATTRACTIONS, R_TRACTORS,
 R_TRACTOR_CAPACITY, R_ENCLOSURES, R_ENCLOSURE_SIZE, R_STALL_SPACES, R_BACKYARD_SIZE, R_OVERFLOW_TO_BAG,
 R_END_ON_FULL_ZOO, R_MAX_ROUNDS) = range(len(PACKED))
R_CARD_POINTS = 16  # 3 entries
R_ENCLOSURE_POINTS = 20  # MAX_ENCLOSURES entries
R_SIZE = R_ENCLOSURE_POINTS + MAX_ENCLOSURES


def pack(rules: Rules, players: int) -> np.ndarray:
    """The rules for one player count as the int64 array the core reads."""
    validate(rules, players)
    r = pack_slots(rules, PACKED, R_SIZE, players=players, tractors=rules.tractors(players),
                   overflow_to_bag=rules.overflow == "bag")
    r[R_CARD_POINTS:R_CARD_POINTS + 3] = rules.card_points
    r[R_ENCLOSURE_POINTS:R_ENCLOSURE_POINTS + rules.enclosures] = rules.enclosure_points
    return r


def tile_name(code: int) -> str:
    """A tile code in words: `species 3`, `stall B`, `attraction`."""
    if code == ATTRACTION:
        return "attraction"
    if code >= STALL_BASE:
        return f"stall {'ABCDEFGH'[code - STALL_BASE]}"
    return f"species {code}"
