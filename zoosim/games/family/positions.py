"""`zoosim score` for the Zooloretto family: the checks of a position's JSON that the three games make alike.

On top of zoosim.games.position_input (every game's checks): the players list, an enclosure's animals, a truck
game's barn, and the winners. Each check raises a one-line ZoosimError naming where in the file the problem is.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from zoosim.games.family.rules import INERT
from zoosim.games.family.trucks import animal_code
from zoosim.games.position_input import expect_keys, fail, whole_number

Species = Callable[[Any, str], int]  # a game's reading of a species (by index or name) at a place in the file


def position_players(data: Any, most: int) -> list[Any]:
    """The position's `players` list (1 to `most` of them); it may hold nothing else."""
    data = expect_keys(data, ("players",), "position")
    players = data.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= most:
        fail("position", f"needs a `players` list of 1-{most} players")
    return players


def all_enclosures(data: dict, count: int, where: str) -> list[Any]:
    """A zoo's `enclosures` list, every one of its `count` enclosures in board order."""
    raw = data.get("enclosures")
    if not isinstance(raw, list) or len(raw) != count:
        fail(where, f"needs an `enclosures` list of all {count} enclosures (empty: species null, animals 0)")
    return raw


def enclosure_animals(item: dict, where: str, species: Species) -> tuple[int, int | None]:
    """An enclosure's animal count and species (None when not given); animals need a species."""
    animals = whole_number(item.get("animals", 0), where, "animals")
    given = item.get("species")
    if animals > 0 and given is None:
        fail(where, f"{animals} animals without a species")
    return animals, None if given is None else species(given, where)


def truck_barn(data: dict, where: str, species: Species, other: str,
               other_codes: Callable[[Any, str], list[int]]) -> Counter:
    """A truck game's `barn`: {"animals": {species: count, ...}, <other>: [...]} (both may be left out), as tile
    counts per code; animals count as plain tiles, `other_codes` reads the other tiles (stalls, landscapes)."""
    barn = expect_keys(data.get("barn", {}), ("animals", other), where)
    animals = barn.get("animals", {})
    if not isinstance(animals, dict):
        fail(where, "animals must map species to counts, e.g. {\"3\": 1}")
    tiles: Counter = Counter()
    for key, n in animals.items():
        label = f"species {key}" if str(key).strip().isdigit() else str(key)
        tiles[animal_code(species(key, where), INERT)] += whole_number(n, where, f"{label} animals")
    tiles.update(other_codes(barn.get(other, []), where))
    return +tiles


def winners(keys: Sequence[Any]) -> list[int]:
    """The seats with the best key (a score, or a score and its tie-break); ties share."""
    best = max(keys)
    return [seat for seat, key in enumerate(keys) if key == best]
