"""Zooloretto Mini positions as JSON, for `zoosim score` and tests.

Format: `{"players": [{"enclosures": [{"species": 0, "animals": 4, "landscapes": ["pond", "rock"]}, ...],
"barn": {"animals": {"3": 1}, "landscapes": ["bush"]}}, ...]}`. Enclosures in board order, all of them
listed (an empty one is `{"species": null, "animals": 0}`); species by index (a number, or a string key
such as "3" in the barn map); landscapes by name (pond, bush, rock). `barn` and `landscapes` may be
omitted. Scoring is the reference's `score_player` (spec 6); winners by score, then landscape tiles in
enclosures, then shared.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from zoosim.games.family.positions import all_enclosures, enclosure_animals, position_players, truck_barn, winners
from zoosim.games.position_input import expect_keys, fail, species_index
from zoosim.games.zooloretto_mini.reference import COMPONENTS, Zoo, animal_code, landscape_tiles, score_player
from zoosim.games.zooloretto_mini.rules import LANDSCAPE_BASE, MAX_PLAYERS, Rules, landscape_name


def _landscapes(value: Any, rules: Rules, where: str) -> list[int]:
    names = [landscape_name(k) for k in range(rules.landscape_kinds)]
    if not isinstance(value, list):
        fail(where, f"landscapes must be a list of names, got {value!r}")
    kinds = []
    for item in value:
        if not isinstance(item, str) or item.strip().lower() not in names:
            fail(where, f"unknown landscape {item!r}; accepted: {', '.join(names)}")
        kinds.append(names.index(item.strip().lower()))
    return kinds


def _load_zoo(data: Any, rules: Rules, p: int) -> Zoo:
    where = f"player {p}"
    data = expect_keys(data, ("enclosures", "barn"), where)
    zoo = Zoo.new(rules)

    def species(value: Any, at: str) -> int:
        return species_index(value, rules.species, at)

    for e, item in enumerate(all_enclosures(data, rules.enclosures, where)):
        ewhere = f"player {p}, enclosure {e}"
        item = expect_keys(item, ("species", "animals", "landscapes"), ewhere)
        animals, kind = enclosure_animals(item, ewhere, species)
        enc = zoo.enclosures[e]
        enc.animals = [] if kind is None else [animal_code(kind, 0)] * animals
        enc.landscapes = _landscapes(item.get("landscapes", []), rules, ewhere)
        if enc.free_spaces < 0:
            fail(ewhere, f"{animals} animals and {len(enc.landscapes)} landscapes but only {enc.size} spaces")
    zoo.barn = truck_barn(data, f"{where}, barn", species, "landscapes",
                          lambda value, at: [LANDSCAPE_BASE + kind for kind in _landscapes(value, rules, at)])
    return zoo


def load_position(data: Any, rules: Rules) -> list[Zoo]:
    """Read a position; raise ZoosimError (one line naming the player/enclosure) if it cannot occur."""
    zoos = [_load_zoo(z, rules, p) for p, z in enumerate(position_players(data, MAX_PLAYERS))]
    tiles: Counter = Counter()
    for zoo in zoos:
        tiles.update({(c // 4 if c < LANDSCAPE_BASE else c): n for c, n in zoo.barn.items()})
        for enc in zoo.enclosures:
            tiles.update(a // 4 for a in enc.animals)
            tiles.update(LANDSCAPE_BASE + k for k in enc.landscapes)
    most = rules.tiles_per_species + rules.offspring_per_species
    for key, n in sorted(tiles.items()):
        if key < LANDSCAPE_BASE and n > most:
            fail("position", f"{n} animals of species {key} in all zoos; the game has {most}")
        if key >= LANDSCAPE_BASE and n > rules.landscapes_per_kind:
            fail("position", f"{n} {landscape_name(key - LANDSCAPE_BASE)} tiles; the game has "
                              f"{rules.landscapes_per_kind}")
    return zoos


def score_position(data: Any, rules: Rules) -> dict:
    """Score every player (spec 6) and name the winners (score, then landscape tiles; ties share)."""
    zoos = load_position(data, rules)
    out = []
    for zoo in zoos:
        parts = score_player(rules, zoo)
        out.append({"total": parts["total"], **{c: parts[c] for c in COMPONENTS}, "landscape_tiles": landscape_tiles(zoo)})
    return {"players": out, "winners": winners([(p["total"], p["landscape_tiles"]) for p in out])}
