"""Tractor Zooloretto positions as JSON, for `zoosim score` and tests.

Format: `{"players": [{"enclosures": [{"species": 2, "animals": 2, "attraction": true}, ...], "stalls": 1,
"backyard": {"animals": 1, "other": 1}}, ...]}`. Every enclosure listed in board order (an empty one is
`{"species": null, "animals": 0}`); species by index (a number or a string such as "3"); `attraction`,
`stalls` and `backyard` may be omitted (false, 0, empty); backyard `other` counts stalls and attractions.
Scoring is the reference's `score_all` (cards need every player of the game in the position).
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from zoosim.games.family.positions import all_enclosures, enclosure_animals, position_players, winners
from zoosim.games.position_input import expect_keys, fail, species_index, whole_number
from zoosim.games.tractor.reference import COMPONENTS, Enclosure, Zoo, score_all
from zoosim.games.tractor.rules import ATTRACTION, MAX_PLAYERS, STALL_BASE, Rules


def _load_zoo(data: Any, rules: Rules, p: int) -> tuple[Zoo, int]:
    """A zoo and its backyard animal count (backyard animals need no species: each costs 1)."""
    where = f"player {p}"
    data = expect_keys(data, ("enclosures", "stalls", "backyard"), where)
    zoo = Zoo([])

    def species(value: Any, at: str) -> int:
        return species_index(value, rules.species, at)

    for e, item in enumerate(all_enclosures(data, rules.enclosures, where)):
        ewhere = f"player {p}, enclosure {e}"
        item = expect_keys(item, ("species", "animals", "attraction"), ewhere)
        attraction = item.get("attraction", False)
        if not isinstance(attraction, bool):
            fail(ewhere, f"attraction must be true or false, got {attraction!r}")
        animals, kind = enclosure_animals(item, ewhere, species)
        enc = Enclosure(rules.enclosure_size, kind if animals else None, animals, attraction)
        if enc.tiles > enc.size:
            fail(ewhere, f"{animals} animals{' and an attraction' if attraction else ''} but only {enc.size} places")
        zoo.enclosures.append(enc)
    stalls = whole_number(data.get("stalls", 0), where, "stalls")
    if stalls > rules.stall_spaces:
        fail(where, f"{stalls} stalls but only {rules.stall_spaces} stall spaces")
    zoo.stalls = [0] * stalls
    yard = expect_keys(data.get("backyard", {}), ("animals", "other"), f"{where}, backyard")
    animals = whole_number(yard.get("animals", 0), f"{where}, backyard", "animals")
    other = whole_number(yard.get("other", 0), f"{where}, backyard", "other")
    if animals + other > rules.backyard_size:
        fail(f"{where}, backyard", f"{animals + other} tiles but it holds {rules.backyard_size}")
    zoo.backyard = Counter({0: animals, ATTRACTION: other})
    zoo.backyard = +zoo.backyard
    return zoo, animals


def load_position(data: Any, rules: Rules) -> list[Zoo]:
    """Read a position; raise ZoosimError (one line naming the player/enclosure) if it cannot occur."""
    loaded = [_load_zoo(z, rules, p) for p, z in enumerate(position_players(data, MAX_PLAYERS))]
    zoos = [zoo for zoo, _ in loaded]
    per_species: Counter = Counter()
    for zoo in zoos:
        for enc in zoo.enclosures:
            if enc.species is not None:
                per_species[enc.species] += enc.animals
    for s, n in sorted(per_species.items()):
        if n > rules.tiles_per_species:
            fail("position", f"{n} animals of species {s} in enclosures; the game has {rules.tiles_per_species}")
    animals = sum(per_species.values()) + sum(a for _, a in loaded)
    if animals > rules.species * rules.tiles_per_species:
        fail("position", f"{animals} animals in all; the game has {rules.species * rules.tiles_per_species}")
    attractions = sum(e.attraction for z in zoos for e in z.enclosures)
    stalls = sum(len(z.stalls) for z in zoos)
    other = sum(z.backyard.get(ATTRACTION, 0) for z in zoos)
    if attractions > rules.attractions:
        fail("position", f"{attractions} attractions in enclosures; the game has {rules.attractions}")
    if stalls > rules.stall_kinds * rules.stalls_per_kind:
        fail("position", f"{stalls} stalls on stall spaces; the game has {rules.stall_kinds * rules.stalls_per_kind}")
    if attractions + stalls + other > rules.attractions + rules.stall_kinds * rules.stalls_per_kind:
        fail("position", "more stalls and attractions than the game has")
    assert STALL_BASE < ATTRACTION
    return zoos


def score_position(data: Any, rules: Rules) -> dict:
    """Score every player (spec "Scoring"); the highest total wins, ties share."""
    zoos = load_position(data, rules)
    scored = score_all(rules, zoos)
    out = [{"total": s["total"], **{c: s[c] for c in COMPONENTS}} for s in scored]
    return {"players": out, "winners": winners([p["total"] for p in out])}
