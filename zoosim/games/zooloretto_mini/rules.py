"""Zooloretto Mini's rulebook as data: every number and `param:` of `shared/specs/zooloretto-mini.md`
is a field of `Rules` (defaults = the official game). `pack()` turns the rules for one player count into
one int64 array for the numba core, so a sweep over rule values never recompiles.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import product

import numpy as np

from zoosim.errors import need

LANDSCAPE_NAMES = ("pond", "bush", "rock", "meadow", "tree", "hill", "sand", "path")

# Capacities of the core's fixed-shape state.
MAX_PLAYERS = 5
MAX_SPECIES = 16
MAX_LANDSCAPE_KINDS = 8
MAX_ENCLOSURES = 6
MAX_ENCLOSURE_SIZE = 12
MAX_TRUCKS = 8
MAX_TRUCK_CAPACITY = 8

# Tile codes (PROTOCOL.md 2): animal 4*species + class, landscape 64 + kind.
INERT, MALE, FEMALE, OFFSPRING = 0, 1, 2, 3
LANDSCAPE_BASE = 64
N_CODES = LANDSCAPE_BASE + MAX_LANDSCAPE_KINDS
BARN = -1


@dataclass(frozen=True)
class Rules:
    """The rules of Zooloretto Mini. Field docs are printed by `zoosim rules zooloretto-mini`."""

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

    def trucks(self, players: int) -> int:
        return self.trucks_by_players[players - 2]

    def truck_capacities(self, players: int) -> list[int]:
        if players == 2:
            return list(self.two_player_truck_capacities)
        return [self.truck_capacity] * self.trucks(players)

    def tiles_in_play(self, players: int) -> int:
        kept = self.species - self.species_removed_by_players[players - 2]
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
    "species": "animal species in the box (spec 1)",
    "tiles_per_species": "square animal tiles per species",
    "fertile_males": "fertile males per species (among tiles_per_species)",
    "fertile_females": "fertile females per species (among tiles_per_species)",
    "offspring_per_species": "round offspring tiles per species in the face-up supply",
    "landscape_kinds": "kinds of landscape tile (pond, bush, rock)",
    "landscapes_per_kind": "landscape tiles per kind",
    "truck_capacity": "spaces per truck (3-5 players)",
    "two_player_truck_capacities": "spaces of the three 2-player trucks (spec 7)",
    "trucks_by_players": "trucks for 2, 3, 4, 5 players",
    "species_removed_by_players": "species removed at random for 2, 3, 4, 5 players",
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


def validate(rules: Rules, players: int) -> None:
    """Raise ZoosimError (one line: what is wrong, what is accepted) for rules the core cannot play."""

    need(2 <= players <= MAX_PLAYERS, f"zooloretto-mini is for 2-{MAX_PLAYERS} players, got {players}")
    need(1 <= rules.species <= MAX_SPECIES, f"species must be 1-{MAX_SPECIES}, got {rules.species}")
    need(1 <= rules.landscape_kinds <= MAX_LANDSCAPE_KINDS,
         f"landscape_kinds must be 1-{MAX_LANDSCAPE_KINDS}, got {rules.landscape_kinds}")
    for name in ("tiles_per_species", "fertile_males", "fertile_females", "offspring_per_species",
                 "landscapes_per_kind", "end_stack", "landscape_kind_points", "barn_species_penalty",
                 "barn_landscape_penalty"):
        need(getattr(rules, name) >= 0, f"{name} must be >= 0, got {getattr(rules, name)}")
    need(rules.fertile_males + rules.fertile_females <= rules.tiles_per_species,
         "fertile_males + fertile_females must not exceed tiles_per_species")
    for name in ("trucks_by_players", "species_removed_by_players"):
        need(len(getattr(rules, name)) == 4, f"{name} needs 4 values (for 2, 3, 4, 5 players)")
    need(1 <= rules.enclosures <= MAX_ENCLOSURES, f"enclosures must be 1-{MAX_ENCLOSURES}, got {rules.enclosures}")
    need(1 <= rules.enclosure_size <= MAX_ENCLOSURE_SIZE,
         f"enclosure_size must be 1-{MAX_ENCLOSURE_SIZE}, got {rules.enclosure_size}")
    need(len(rules.animal_points) == rules.enclosure_size,
         f"animal_points needs enclosure_size ({rules.enclosure_size}) values, got {len(rules.animal_points)}")
    removed = rules.species_removed_by_players[players - 2]
    need(0 <= removed < rules.species, f"species removed with {players} players must be 0-{rules.species - 1}")
    trucks = rules.truck_capacities(players)
    need(players <= len(trucks) <= MAX_TRUCKS, f"{players} players need {players}-{MAX_TRUCKS} trucks, got {len(trucks)}")
    need(all(1 <= c <= MAX_TRUCK_CAPACITY for c in trucks), f"truck capacities must be 1-{MAX_TRUCK_CAPACITY}")
    need(rules.end_stack <= rules.tiles_in_play(players), "end_stack exceeds the tiles in play")
    need(1 <= rules.max_rounds <= 10_000, "max_rounds must be 1-10000")


# Indices into the packed rules array.
(R_PLAYERS, R_SPECIES, R_TILES_PER_SPECIES, R_MALES, R_FEMALES, R_OFFSPRING, R_LANDSCAPE_KINDS,
 R_LANDSCAPES_PER_KIND, R_TRUCKS, R_REMOVED, R_END_STACK, R_ENCLOSURES, R_ENCLOSURE_SIZE, R_LANDSCAPE_POINTS,
 R_BARN_SPECIES_PENALTY, R_BARN_LANDSCAPE_PENALTY, R_BONUS_PER_ENCLOSURE, R_MAX_ROUNDS) = range(18)
R_TRUCK_CAPACITY = 24  # MAX_TRUCKS entries
R_ANIMAL_POINTS = R_TRUCK_CAPACITY + MAX_TRUCKS  # MAX_ENCLOSURE_SIZE + 1 entries, index = animal count
R_SIZE = R_ANIMAL_POINTS + MAX_ENCLOSURE_SIZE + 1


def pack(rules: Rules, players: int) -> np.ndarray:
    """The rules for one player count as the int64 array the core reads."""
    validate(rules, players)
    r = np.zeros(R_SIZE, dtype=np.int64)
    r[R_PLAYERS] = players
    r[R_SPECIES] = rules.species
    r[R_TILES_PER_SPECIES] = rules.tiles_per_species
    r[R_MALES] = rules.fertile_males
    r[R_FEMALES] = rules.fertile_females
    r[R_OFFSPRING] = rules.offspring_per_species
    r[R_LANDSCAPE_KINDS] = rules.landscape_kinds
    r[R_LANDSCAPES_PER_KIND] = rules.landscapes_per_kind
    capacities = rules.truck_capacities(players)
    r[R_TRUCKS] = len(capacities)
    r[R_TRUCK_CAPACITY:R_TRUCK_CAPACITY + len(capacities)] = capacities
    r[R_REMOVED] = rules.species_removed_by_players[players - 2]
    r[R_END_STACK] = rules.end_stack
    r[R_ENCLOSURES] = rules.enclosures
    r[R_ENCLOSURE_SIZE] = rules.enclosure_size
    r[R_LANDSCAPE_POINTS] = rules.landscape_kind_points
    r[R_BARN_SPECIES_PENALTY] = rules.barn_species_penalty
    r[R_BARN_LANDSCAPE_PENALTY] = rules.barn_landscape_penalty
    r[R_BONUS_PER_ENCLOSURE] = int(rules.bonus_per_enclosure)
    r[R_MAX_ROUNDS] = rules.max_rounds
    for n in range(1, rules.enclosure_size + 1):
        r[R_ANIMAL_POINTS + n] = rules.animal_points[n - 1]
    return r


def landscape_name(kind: int) -> str:
    return LANDSCAPE_NAMES[kind] if kind < len(LANDSCAPE_NAMES) else f"landscape{kind}"


def tile_name(code: int) -> str:
    """A tile code in words, e.g. `species 3 (fertile male)`, `pond`."""
    if code >= LANDSCAPE_BASE:
        return landscape_name(code - LANDSCAPE_BASE)
    species, klass = divmod(code, 4)
    return f"species {species}" + ("", " (fertile male)", " (fertile female)", " (offspring)")[klass]
