"""How the Zooloretto family's rules are checked and packed, written once.

A game's `rules.py` keeps every number of its rulebook (its `Rules`, `RULE_DOCS`, its capacities and packed layout);
here are the checks its `validate` makes like the others (each a one-line ZoosimError: what is wrong, what is
accepted) and `pack_slots`, which lays the rules into the int64 array the numba core reads. The last part is what
the two truck games (Zooloretto and Zooloretto Mini) share: the animal tiles and the trucks.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from zoosim.errors import need

MAX_ROUNDS = 10_000  # the highest `max_rounds` a family game accepts

Bounds = Mapping[str, tuple[int, int | None]]  # rule -> (lowest, highest or None for no upper bound)


# ---- checks (validate) -----------------------------------------------------------------------------------

def check_players(game: str, players: int, most: int) -> None:
    need(2 <= players <= most, f"{game} is for 2-{most} players, got {players}")


def not_negative(*names: str) -> dict[str, tuple[int, None]]:
    """Bounds for rules that are counts or points: at least 0."""
    return {name: (0, None) for name in names}


def check_bounds(rules: Any, bounds: Bounds) -> None:
    """Each rule of `bounds` within its (lowest, highest) (highest None: no upper bound)."""
    for name, (low, high) in bounds.items():
        value = getattr(rules, name)
        if high is None:
            need(value >= low, f"{name} must be >= {low}, got {value}")
        else:
            need(low <= value <= high, f"{name} must be {low}-{high}, got {value}")


def check_count(rules: Any, name: str, count: int, label: str | None = None, reason: str = "") -> None:
    """Rule `name` (a tuple) holds `count` values; `label` names the count in the message, `reason` says why."""
    values = len(getattr(rules, name))
    why = f" ({reason})" if reason else ""
    need(values == count, f"{name} needs {label or count} values{why}, got {values}")


# ---- packing (pack) --------------------------------------------------------------------------------------

def pack_slots(rules: Any, slots: Sequence[str], size: int, **derived: int) -> np.ndarray:
    """The rules as the int64 array the numba core reads: slot i holds `slots[i]`, a field of `rules` (a bool as 0/1)
    or a value the game derives for this player count (`derived`); the slots after them are the game's to fill
    (its tuples), zero until it does."""
    r = np.zeros(size, dtype=np.int64)
    for slot, name in enumerate(slots):
        r[slot] = int(derived[name]) if name in derived else int(getattr(rules, name))
    return r


# ---- the truck games (Zooloretto, Zooloretto Mini) -------------------------------------------------------
# Animal tiles (PROTOCOL 2 of both): code 4 * species + class, below 64; the games' other tiles come after.
INERT, MALE, FEMALE, OFFSPRING = 0, 1, 2, 3
ANIMAL_CODES = 64


TRUCK_RULE_DOCS = {  # what the truck games' shared rules mean (each game's RULE_DOCS takes these)
    "tiles_per_species": "square animal tiles per species",
    "fertile_males": "fertile males per species (among tiles_per_species)",
    "fertile_females": "fertile females per species (among tiles_per_species)",
    "offspring_per_species": "round offspring tiles per species in the face-up supply",
    "truck_capacity": "spaces per truck (3-5 players)",
    "trucks_by_players": "trucks for 2, 3, 4, 5 players",
    "species_removed_by_players": "species removed at random for 2, 3, 4, 5 players",
}


class TruckRules:
    """What the truck games' `Rules` share beside their fields: the trucks and the species removed for a player
    count (fields `truck_capacity`, `two_player_truck_capacities`, `trucks_by_players`,
    `species_removed_by_players`, the last two one value per player count 2-5)."""

    truck_capacity: int
    two_player_truck_capacities: tuple[int, ...]
    trucks_by_players: tuple[int, ...]
    species_removed_by_players: tuple[int, ...]

    def trucks(self, players: int) -> int:
        return self.trucks_by_players[players - 2]

    def truck_capacities(self, players: int) -> list[int]:
        """Three trucks of their own sizes with 2 players, else `trucks(players)` trucks of `truck_capacity`."""
        if players == 2:
            return list(self.two_player_truck_capacities)
        return [self.truck_capacity] * self.trucks(players)

    def species_removed(self, players: int) -> int:
        return self.species_removed_by_players[players - 2]


def check_animal_tiles(rules: Any) -> None:
    """Tiles per species, fertile males and females among them, offspring in the supply."""
    check_bounds(rules, not_negative("tiles_per_species", "fertile_males", "fertile_females", "offspring_per_species"))
    need(rules.fertile_males + rules.fertile_females <= rules.tiles_per_species,
         "fertile_males + fertile_females must not exceed tiles_per_species")


def check_trucks(rules: Any, players: int, max_trucks: int, max_capacity: int) -> None:
    """The per-player-count numbers, the species removed, the trucks and the end stack of a truck game."""
    for name in ("trucks_by_players", "species_removed_by_players"):
        check_count(rules, name, 4, reason="for 2, 3, 4, 5 players")
    removed = rules.species_removed(players)
    need(0 <= removed < rules.species, f"species removed with {players} players must be 0-{rules.species - 1}")
    trucks = rules.truck_capacities(players)
    need(players <= len(trucks) <= max_trucks,
         f"{players} players need {players}-{max_trucks} trucks, got {len(trucks)}")
    need(all(1 <= c <= max_capacity for c in trucks), f"truck capacities must be 1-{max_capacity}")
    need(rules.end_stack <= rules.tiles_in_play(players), "end_stack exceeds the tiles in play")
