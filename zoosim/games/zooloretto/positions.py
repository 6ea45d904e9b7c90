"""Zooloretto positions as JSON, for `zoosim score` and tests.

Format: `{"players": [{"enclosures": [{"species": "zebra", "animals": 5, "stalls": ["A"]}, ...],
"barn": {"animals": {"panda": 1}, "stalls": ["A"]}, "coins": 3}, ...]}`. Enclosures in board order
(E1, E2, E3, then expansions); species by name or index (a number, or a string such as "3"); an empty
enclosure is `{"species": null, "animals": 0}`; stall kinds by letter. `barn` and `coins` may be omitted
(empty, 0); `stalls` of an enclosure too. Scoring is the reference's `score_player` (spec 7).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from zoosim.games.family.positions import enclosure_animals, position_players, truck_barn, winners
from zoosim.games.position_input import expect_keys, fail, species_index, whole_number
from zoosim.games.zooloretto.reference.state import (
    COMPONENTS, Zoo, animal_code, base_enclosure, expansion_enclosure, score_player,
)
from zoosim.games.zooloretto.rules import MAX_PLAYERS, SPECIES_NAMES, STALL_BASE, STALL_NAMES, Rules


@dataclass
class Position:
    rules: Rules
    zoos: list[Zoo]




def _stall_kind(value: Any, rules: Rules, where: str) -> int:
    kinds = STALL_NAMES[:rules.stall_kinds]
    if isinstance(value, str) and value.strip().upper() in kinds:
        return kinds.index(value.strip().upper())
    fail(where, f"unknown stall kind {value!r}; accepted: {', '.join(kinds)}")
    return -1


def _stalls(value: Any, rules: Rules, where: str) -> list[int]:
    if not isinstance(value, list):
        fail(where, f"stalls must be a list of kinds, got {value!r}")
    return [_stall_kind(v, rules, where) for v in value]


def _load_zoo(data: Any, rules: Rules, p: int, players: int) -> Zoo:
    where = f"player {p}"
    data = expect_keys(data, ("enclosures", "barn", "coins"), where)
    zoo = Zoo([])
    names = [SPECIES_NAMES[s] if s < len(SPECIES_NAMES) else None for s in range(rules.species)]

    def species(value: Any, at: str) -> int:
        """By name (as in the rulebook) or by index."""
        return species_index(value, rules.species, at, names)

    raw = data.get("enclosures")
    if not isinstance(raw, list):
        fail(where, "needs an `enclosures` list (E1, E2, E3, then expansions)")
    n_base, limit = rules.base_enclosures(), rules.expansion_limit(players)
    if len(raw) < n_base:
        fail(where, f"{len(raw)} enclosures; list all {n_base} board enclosures (empty: species null, animals 0)")
    if len(raw) > n_base + limit:
        fail(where, f"{len(raw) - n_base} expansions; at most {limit} with {players} player(s)")
    for e, item in enumerate(raw):
        name = f"E{e + 1}" if e < n_base else f"expansion {e - n_base + 1}"
        ewhere = f"player {p}, enclosure {e} ({name})"
        item = expect_keys(item, ("species", "animals", "stalls"), ewhere)
        enc = base_enclosure(rules, e) if e < n_base else expansion_enclosure(rules)
        animals, kind = enclosure_animals(item, ewhere, species)
        if animals > enc.spaces:
            fail(ewhere, f"{animals} animals but only {enc.spaces} spaces")
        enc.animals = [] if kind is None else [animal_code(kind, 0)] * animals
        enc.stalls = _stalls(item.get("stalls", []), rules, ewhere)
        if len(enc.stalls) > enc.stall_spaces:
            fail(ewhere, f"{len(enc.stalls)} stalls but only {enc.stall_spaces} stall space(s)")
        zoo.enclosures.append(enc)
    zoo.expansions = len(raw) - n_base
    zoo.barn = truck_barn(data, f"{where}, barn", species, "stalls",
                          lambda value, at: [STALL_BASE + kind for kind in _stalls(value, rules, at)])
    zoo.coins = whole_number(data.get("coins", 0), where, "coins")
    return zoo


def load_position(data: dict, rules: Rules) -> Position:
    """Read a position; raise ZoosimError (one line naming the player/enclosure) if it cannot occur."""
    players = position_players(data, MAX_PLAYERS)
    zoos = [_load_zoo(z, rules, p, len(players)) for p, z in enumerate(players)]
    animals: Counter = Counter()
    stalls: Counter = Counter()
    for zoo in zoos:
        animals.update({s // 4: n for s, n in zoo.barn.items() if s < STALL_BASE})
        stalls.update({c - STALL_BASE: n for c, n in zoo.barn.items() if c >= STALL_BASE})
        for enc in zoo.enclosures:
            animals.update(a // 4 for a in enc.animals)
            stalls.update(enc.stalls)
    most = rules.tiles_per_species + rules.offspring_per_species
    for s, n in sorted(animals.items()):
        if n > most:
            name = SPECIES_NAMES[s] if s < len(SPECIES_NAMES) else f"species {s}"
            fail("position", f"{n} {name} animals in all zoos; the game has {most}")
    for k, n in sorted(stalls.items()):
        if n > rules.stalls_per_kind:
            fail("position", f"{n} stalls of kind {STALL_NAMES[k]}; the game has {rules.stalls_per_kind}")
    return Position(rules, zoos)


def score_position(data: dict, rules: Rules) -> dict:
    """Score every player (spec 7) and name the winners: best score, then most coins; ties share."""
    position = load_position(data, rules)
    players = [score_player(rules, zoo) for zoo in position.zoos]
    out = [{"total": s["total"], **{c: s[c] for c in COMPONENTS}, "coins": zoo.coins}
           for s, zoo in zip(players, position.zoos)]
    return {"players": out, "winners": winners([(p["total"], p["coins"]) for p in out])}


def format_score_text(result: dict) -> str:
    """The result of `score_position` as a small text table."""
    labels = ["total", *COMPONENTS, "coins"]
    width = max(len(label) for label in labels)
    players = result["players"]
    lines = [" " * width + "".join(f"{'player ' + str(i):>10}" for i in range(len(players)))]
    for label in labels:
        lines.append(f"{label:<{width}}" + "".join(f"{p[label]:>10}" for p in players))
    winners = result["winners"]
    lines.append(("winner: player " if len(winners) == 1 else "shared win: players ")
                 + ", ".join(str(w) for w in winners))
    return "\n".join(lines) + "\n"
