"""Zooloretto Mini's rulebook as data: every number and `param:` of `shared/specs/zooloretto-mini.md`
is a field of `Rules` (defaults = the official game). `pack()` turns the rules for one player count into
one int64 array for the numba core, so a sweep over rule values never recompiles.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import product

import numpy as np

from zoosim.games.family.rules import (  # noqa: F401  (FEMALE .. OFFSPRING: the animal tile classes, for the engine)
    ANIMAL_CODES, FEMALE, INERT, MALE, MAX_ROUNDS, OFFSPRING, TRUCK_RULE_DOCS, TruckRules, check_animal_tiles,
    check_bounds, check_count, check_players, check_trucks, not_negative, pack_slots,
)

LANDSCAPE_NAMES = ("pond", "bush", "rock", "meadow", "tree", "hill", "sand", "path")

# Capacities of the core's fixed-shape state.
MAX_PLAYERS = 5
MAX_SPECIES = 16
MAX_LANDSCAPE_KINDS = 8
MAX_ENCLOSURES = 6
MAX_ENCLOSURE_SIZE = 12
MAX_TRUCKS = 8
MAX_TRUCK_CAPACITY = 8

# Tile codes (PROTOCOL.md 2): animal 4*species + class (family.rules), landscape 64 + kind.
LANDSCAPE_BASE = ANIMAL_CODES
N_CODES = LANDSCAPE_BASE + MAX_LANDSCAPE_KINDS
BARN = -1


@dataclass(frozen=True)
class Rules(TruckRules):
    """The rules of Zooloretto Mini. Field docs are printed by `zoosim rules zooloretto-mini`; the trucks and the
    species removed per player count are TruckRules' (the family's truck games)."""

    species: int = 7
    tiles_per_species: int = 11
    fertile_males: int = 2
    fertile_females: int = 2
    offspring_per_species: int = 2
    landscape_kinds: int = 3
    landscapes_per_kind: int = 3
    truck_capacity: int = 3
    two_player_truck_capacities: tuple[int, ...] = (1, 2, 3)
    trucks_by_players: tuple[int, ...] = (3, 3, 4, 5)
    species_removed_by_players: tuple[int, ...] = (3, 2, 1, 0)
    end_stack: int = 15
    enclosures: int = 3
    enclosure_size: int = 6
    animal_points: tuple[int, ...] = (1, 2, 3, 4, 8, 12)
    landscape_kind_points: int = 2
    barn_species_penalty: int = 2
    barn_landscape_penalty: int = 2
    bonus_per_enclosure: bool = True
    max_rounds: int = 200

    def tiles_in_play(self, players: int) -> int:
        kept = self.species - self.species_removed(players)
        return kept * self.tiles_per_species + self.landscape_kinds * self.landscapes_per_kind

    def points_for_animals(self, animals: int) -> int:
        return self.animal_points[animals - 1] if animals > 0 else 0

    def max_score(self) -> int:
        """Best possible score (36 by default): the best split of every enclosure into animals and landscapes."""
        best = 0
        size = self.enclosure_size
        for lands in product(range(size + 1), repeat=self.enclosures):
            animal_points = sum(self.points_for_animals(size - n) for n in lands)
            kinds = min(self.landscape_kinds, sum(lands), self.landscape_kinds * self.landscapes_per_kind)
            best = max(best, animal_points + self.landscape_kind_points * kinds)
        return best

    def min_score(self) -> int:
        """Worst possible score: every species and every landscape kind in the barn."""
        return -self.barn_species_penalty * self.species - self.barn_landscape_penalty * self.landscape_kinds


RULE_DOCS = {
    **TRUCK_RULE_DOCS,
    "species": "animal species in the box (spec 1)",
    "landscape_kinds": "kinds of landscape tile (pond, bush, rock)",
    "landscapes_per_kind": "landscape tiles per kind",
    "two_player_truck_capacities": "spaces of the three 2-player trucks (spec 7)",
    "end_stack": "square tiles in the end stack (its first draw makes the round the last)",
    "enclosures": "enclosures per zoo",
    "enclosure_size": "spaces per enclosure (animals and landscapes together)",
    "animal_points": "points of an enclosure holding 1, 2, ... animals (one value per space)",
    "landscape_kind_points": "points per different landscape kind in the enclosures",
    "barn_species_penalty": "points lost per animal species in the barn",
    "barn_landscape_penalty": "points lost per landscape kind in the barn",
    "bonus_per_enclosure": "one fill bonus per enclosure filled (false: at most one per turn)",
    "max_rounds": "safety cap on rounds (never reached under the official rules)",
}


BOUNDS = {  # rule: (lowest, highest); the highest are the capacities above
    "species": (1, MAX_SPECIES), "landscape_kinds": (1, MAX_LANDSCAPE_KINDS), "enclosures": (1, MAX_ENCLOSURES),
    "enclosure_size": (1, MAX_ENCLOSURE_SIZE), "max_rounds": (1, MAX_ROUNDS),
    **not_negative("landscapes_per_kind", "end_stack", "landscape_kind_points", "barn_species_penalty",
                   "barn_landscape_penalty"),
}


def validate(rules: Rules, players: int) -> None:
    """Raise ZoosimError (one line: what is wrong, what is accepted) for rules the core cannot play."""
    check_players("zooloretto-mini", players, MAX_PLAYERS)
    check_bounds(rules, BOUNDS)
    check_animal_tiles(rules)
    check_count(rules, "animal_points", rules.enclosure_size, label=f"enclosure_size ({rules.enclosure_size})")
    check_trucks(rules, players, MAX_TRUCKS, MAX_TRUCK_CAPACITY)


# The packed rules array (pack): slot R_<NAME> holds the rule named in PACKED at its place (a field of Rules, or
# what pack derives for the player count); the per-truck and per-count tables follow the slots.
PACKED = ("players", "species", "tiles_per_species", "fertile_males", "fertile_females", "offspring_per_species",
          "landscape_kinds", "landscapes_per_kind", "trucks", "species_removed", "end_stack", "enclosures",
          "enclosure_size", "landscape_kind_points", "barn_species_penalty", "barn_landscape_penalty",
          "bonus_per_enclosure", "max_rounds")
(R_PLAYERS, R_SPECIES, R_TILES_PER_SPECIES, R_MALES, R_FEMALES, R_OFFSPRING, R_LANDSCAPE_KINDS,
 R_LANDSCAPES_PER_KIND, R_TRUCKS, R_REMOVED, R_END_STACK, R_ENCLOSURES, R_ENCLOSURE_SIZE, R_LANDSCAPE_POINTS,
 R_BARN_SPECIES_PENALTY, R_BARN_LANDSCAPE_PENALTY, R_BONUS_PER_ENCLOSURE, R_MAX_ROUNDS) = range(len(PACKED))
R_TRUCK_CAPACITY = 24  # MAX_TRUCKS entries
R_ANIMAL_POINTS = R_TRUCK_CAPACITY + MAX_TRUCKS  # MAX_ENCLOSURE_SIZE + 1 entries, index = animal count
R_SIZE = R_ANIMAL_POINTS + MAX_ENCLOSURE_SIZE + 1


def pack(rules: Rules, players: int) -> np.ndarray:
    """The rules for one player count as the int64 array the core reads."""
    validate(rules, players)
    capacities = rules.truck_capacities(players)
    r = pack_slots(rules, PACKED, R_SIZE, players=players, trucks=len(capacities),
                   species_removed=rules.species_removed(players))
    r[R_TRUCK_CAPACITY:R_TRUCK_CAPACITY + len(capacities)] = capacities
    r[R_ANIMAL_POINTS + 1:R_ANIMAL_POINTS + 1 + rules.enclosure_size] = rules.animal_points
    return r


def landscape_name(kind: int) -> str:
    return LANDSCAPE_NAMES[kind] if kind < len(LANDSCAPE_NAMES) else f"landscape{kind}"


def tile_name(code: int) -> str:
    """A tile code in words, e.g. `species 3 (fertile male)`, `pond`."""
    if code >= LANDSCAPE_BASE:
        return landscape_name(code - LANDSCAPE_BASE)
    species, klass = divmod(code, 4)
    return f"species {species}" + ("", " (fertile male)", " (fertile female)", " (offspring)")[klass]
