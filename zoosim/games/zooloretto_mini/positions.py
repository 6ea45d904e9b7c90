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

from zoosim.games.position_input import expect_keys, fail, species_index, whole_number
from zoosim.games.zooloretto_mini.reference.state import COMPONENTS, Zoo, landscape_tiles, score_player
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
    raw = data.get("enclosures")
    if not isinstance(raw, list) or len(raw) != rules.enclosures:
        fail(where, f"needs an `enclosures` list of all {rules.enclosures} enclosures (empty: species null, animals 0)")
    for e, item in enumerate(raw):
        ewhere = f"player {p}, enclosure {e}"
        item = expect_keys(item, ("species", "animals", "landscapes"), ewhere)
        animals = whole_number(item.get("animals", 0), ewhere, "animals")
        species = item.get("species")
        if animals > 0 and species is None:
            fail(ewhere, f"{animals} animals without a species")
        enc = zoo.enclosures[e]
        if species is not None:
            enc.animals = [4 * species_index(species, rules.species, ewhere)] * animals
        enc.landscapes = _landscapes(item.get("landscapes", []), rules, ewhere)
        if enc.free < 0:
            fail(ewhere, f"{animals} animals and {len(enc.landscapes)} landscapes but only {enc.size} spaces")
    barn = expect_keys(data.get("barn", {}), ("animals", "landscapes"), f"{where}, barn")
    animals = barn.get("animals", {})
    if not isinstance(animals, dict):
        fail(f"{where}, barn", "animals must map species to counts, e.g. {\"3\": 1}")
    for key, n in animals.items():
        zoo.barn[4 * species_index(key, rules.species, f"{where}, barn")] += whole_number(n, f"{where}, barn", f"species {key} animals")
    for kind in _landscapes(barn.get("landscapes", []), rules, f"{where}, barn"):
        zoo.barn[LANDSCAPE_BASE + kind] += 1
    zoo.barn = Counter({c: n for c, n in zoo.barn.items() if n > 0})
    return zoo


def load_position(data: Any, rules: Rules) -> list[Zoo]:
    """Read a position; raise ZoosimError (one line naming the player/enclosure) if it cannot occur."""
    data = expect_keys(data, ("players",), "position")
    players = data.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= MAX_PLAYERS:
        fail("position", f"needs a `players` list of 1-{MAX_PLAYERS} players")
    zoos = [_load_zoo(z, rules, p) for p, z in enumerate(players)]
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
    best = max((p["total"], p["landscape_tiles"]) for p in out)
    return {"players": out, "winners": [i for i, p in enumerate(out) if (p["total"], p["landscape_tiles"]) == best]}
