"""`tournament`: every lineup of the given policies, each in every seat rotation, all on the same seeds.

Lineups: every multiset of `players` policies drawn from the K entrants (combinations with repetition)
that holds at least two different policies; a lineup of one policy says nothing about strength. With
K >= players this includes every players-subset; with fewer entrants than seats (2 policies, 4 seats)
policies fill several seats. Each lineup is one cell (`zoosim.sim.cells`) played with `rotate_seats`,
so each policy sits in every seat of every deal, and every lineup plays deals 0.. of one master seed.
"""
from __future__ import annotations

import hashlib
import itertools
import json
import shlex
import time
from pathlib import Path
from typing import Any, Mapping, Sequence

from zoosim.errors import ZoosimError

from zoosim.games.base import rules_to_dict
from zoosim.games.registry import get_game
from zoosim.sim import backends
from zoosim.sim.cells import Cell
from zoosim.sim.manifest import SCHEMA_VERSION, build_spec, engine_hash
from zoosim.sim.storage import RunDir
from zoosim.version import zoosim_version
from zoosim.sim.sweep import prepare_group_dir, record_outcomes, run_cells_with_backend

MAX_LINEUPS = 500


def lineups(entrants: int, players: int) -> list[tuple[int, ...]]:
    """Indices of the entrants seated in each lineup (seat order of rotation 0), at least two distinct."""
    return [c for c in itertools.combinations_with_replacement(range(entrants), players) if len(set(c)) > 1]


def plan_tournament(game_id: str, players: int, policies: Sequence[str], games: int, seed: int,
                    rules: Mapping[str, str] | None = None) -> list[Cell]:
    """Validate everything and build one cell per lineup before anything touches the disk."""
    game = get_game(game_id)
    if len(policies) < 2:
        raise ZoosimError(f"a tournament needs at least two --policy; accepted: {', '.join(game.policies)}")
    if isinstance(players, bool) or not isinstance(players, int):
        raise ZoosimError(f"players must be a whole number, got {players!r}")
    game.check_players(players)
    labels = [game.policy(p, players).label for p in policies]
    if len(set(labels)) != len(labels):
        twice = sorted({x for x in labels if labels.count(x) > 1})
        raise ZoosimError(f"--policy {', '.join(twice)} given twice; each entrant once")
    seatings = lineups(len(labels), players)
    if len(seatings) > MAX_LINEUPS:
        raise ZoosimError(f"{len(labels)} policies at {players} players make {len(seatings)} lineups; "
                          f"at most {MAX_LINEUPS}, give fewer policies")
    cells = []
    for seating in seatings:
        spec = build_spec(game_id, players, [labels[i] for i in seating], games, seed, rules, True)
        cells.append(Cell(len(cells), spec, {}))
    return cells


def tournament_id(cells: Sequence[Cell], entrants: Sequence[str]) -> str:
    identity = {"kind": "tournament", "schema_version": SCHEMA_VERSION, "entrants": list(entrants),
                "cells": [c.spec.run_id for c in cells]}
    return hashlib.sha256(json.dumps(identity, sort_keys=True).encode()).hexdigest()[:16]


def tournament_manifest(cells: Sequence[Cell], entrants: list[str], command: str, backend: str) -> dict[str, Any]:
    first = cells[0].spec
    return {
        "schema_version": SCHEMA_VERSION, "kind": "tournament", "run_id": tournament_id(cells, entrants),
        "zoosim_version": zoosim_version(), "engine_hash": engine_hash(first.game), "command": command,
        "game": first.game.id, "players": first.players, "policies": entrants, "rotate_seats": True,
        "seed": first.seed, "games": first.games, "rules": rules_to_dict(first.rules),
        "rules_hash": first.rules_hash, "variant": first.variant,
        "cells": [{"cell": c.index, "lineup": " vs ".join(c.spec.policy_labels), "policies": c.spec.policy_labels,
                   "run_id": c.spec.run_id, "max_games": c.spec.games} for c in cells],
        "columns": [col.name for col in first.columns], "components": first.components,
        "backend": backend, "created": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }


def tournament_run(game_id: str, players: int, policies: Sequence[str], games: int, seed: int, out: str | Path,
                   rules: Mapping[str, str] | None = None, workers: int | None = None, scheduler: str | None = None,
                   force: bool = False, progress: bool = True, command: str | None = None) -> dict[str, Any]:
    """Play (or resume) a tournament into `out`; return its final manifest."""
    cells = plan_tournament(game_id, players, policies, games, seed, rules)
    backend = backends.choose_backend(scheduler, workers)
    entrants = [get_game(game_id).policy(p, players).label for p in policies]
    run_dir = RunDir(out)
    if command is None:
        parts = ["zoosim", "tournament", game_id, "--players", str(players), "--games", str(games), "--seed", str(seed)]
        for label in entrants:
            parts += ["--policy", label]
        for key, value in (rules or {}).items():
            parts += ["--rule", f"{key}={value}"]
        command = shlex.join(parts + ["--out", str(out)])
    with run_dir.writer_lock():
        manifest = prepare_group_dir(run_dir, tournament_manifest(cells, entrants, command, backend.label), force,
                                     "tournament")
        outcomes = run_cells_with_backend(cells, run_dir, manifest["run_id"], None, workers, scheduler, progress)
        return record_outcomes(run_dir, manifest, outcomes)
