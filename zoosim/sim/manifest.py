"""A run's identity: validated inputs (`RunSpec`), its run id, and `manifest.json`.

Validation happens here, before anything touches the disk, so every bad input is one ZoosimError
line. The run id is a hash of the normalized inputs that decide the results (game, players, seat
policies, full rules, seed, games, rotation) and nothing else: the shard size, worker count and
backend do not change a single row, so they do not change the run id either.
"""
from __future__ import annotations

import hashlib
import importlib
import json
import shlex
import sys
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Mapping, Sequence

from zoosim.errors import ZoosimError

from zoosim.games.base import Column, Game, PolicySpec, rule_text, rules_hash, rules_to_dict, seat_policies
from zoosim.games.registry import game_ids, game_package, get_game
from zoosim.sim.storage import RunDir
from zoosim.version import zoosim_version

SCHEMA_VERSION = 1
MANIFEST = "manifest.json"
MAX_SEED = 2**63 - 1
DEFAULT_SHARD_SIZE = 50_000
MIN_DEFAULT_SHARD = 10_000  # smaller play_block calls lose ~20% to thread start-up and imbalance
TARGET_SHARDS = 16

# Manifest fields that must match for a run dir to be resumed (they include every input of the run id).
IDENTITY_FIELDS = (
    "schema_version", "game", "players", "policies", "rotate_seats", "seed", "games",
    "shard_size", "rules_hash", "engine_hash", "rounds_log", "cards_log",
)
IDENTITY_DEFAULTS = {"rounds_log": False, "cards_log": False}  # for manifests written before the fields existed


# Every log has `position`, the place in the turn order of the first round (DESIGN.md). A game that draws or rotates
# its turn order logs its own; for a game that always plays in seat order the simulation layer adds it, equal to seat.
POSITION = Column("position", "int8", "place in the turn order of the first round, 0 moved first; this game plays in "
                  "seat order, so position = seat (added by the simulation layer)")


def log_columns(game: Game) -> tuple[Column, ...]:
    """The game's columns of a run's log: its own, then `position` (= seat) when the game logs none."""
    columns = tuple(game.columns)
    return columns if any(c.name == POSITION.name for c in columns) else (*columns, POSITION)


def position_added(game: Game) -> bool:
    """True when the game logs no `position` of its own (it plays in seat order; the log's position is its seat)."""
    return all(c.name != POSITION.name for c in game.columns)


@dataclass(frozen=True)
class RunSpec:
    """Everything that decides a run's rows, validated."""

    game: Game
    players: int
    policy_specs: tuple[PolicySpec, ...]  # as given: one, or one per seat
    rules: Any
    seed: int
    games: int
    rotate_seats: bool
    shard_size: int
    rounds_log: bool = False  # also write each seat's provisional score after every round (rounds/)
    cards_log: bool = False  # also write every card each seat played (cards/)

    @property
    def rotations(self) -> int:
        return self.players if self.rotate_seats else 1

    @property
    def shards(self) -> int:
        return -(-self.games // self.shard_size)

    @property
    def policy_labels(self) -> list[str]:
        return [p.label for p in self.policy_specs]

    @property
    def rules_hash(self) -> str:
        return rules_hash(self.rules)

    @property
    def variant(self) -> str:
        return self.game.variant(self.rules)

    @property
    def run_id(self) -> str:
        identity = {
            "schema_version": SCHEMA_VERSION,
            "game": self.game.id,
            "players": self.players,
            "policies": self.policy_labels,
            "rules_hash": self.rules_hash,
            "seed": self.seed,
            "games": self.games,
            "rotate_seats": self.rotate_seats,
        }
        payload = json.dumps(identity, sort_keys=True)
        return hashlib.sha256(payload.encode()).hexdigest()[:16]

    def shard_range(self, k: int) -> tuple[int, int]:
        """The game indices [first, end) of shard k."""
        first = k * self.shard_size
        return first, min(first + self.shard_size, self.games)

    def shard_rows(self, k: int) -> int:
        first, end = self.shard_range(k)
        return (end - first) * self.players * self.rotations

    def seat_policies(self, rotation: int) -> list[PolicySpec]:
        return seat_policies(self.policy_specs, self.players, rotation)

    @property
    def columns(self) -> tuple[Column, ...]:
        """The game's columns as the log holds them (`log_columns`: `position` included)."""
        return log_columns(self.game)

    @property
    def components(self) -> list[str]:
        """Score component columns: the game's columns named in `Game.score_components`, in column order."""
        names = set(getattr(self.game, "score_components", ()) or ())
        return [c.name for c in self.game.columns if c.name in names]


def default_shard_size(games: int) -> int:
    """About TARGET_SHARDS shards (for resume and Dask), of 10,000 to 50,000 games (all games when fewer)."""
    size = max(MIN_DEFAULT_SHARD, -(-games // TARGET_SHARDS))
    return max(1, min(size, DEFAULT_SHARD_SIZE, games))


def build_spec(
    game_id: str,
    players: int,
    policies: Sequence[str],
    games: int,
    seed: int,
    rules: Mapping[str, str] | None = None,
    rotate_seats: bool = False,
    shard_size: int | None = None,
    rounds_log: bool = False,
    cards_log: bool = False,
) -> RunSpec:
    """Validate the inputs of a run; raise one-line ZoosimErrors naming the bad value."""
    game = get_game(game_id)
    if isinstance(players, bool) or not isinstance(players, int):
        raise ZoosimError(f"players must be a whole number, got {players!r}")
    game.check_players(players)
    full_rules = game.rules_from(dict(rules or {}), players)
    if not policies:
        raise ZoosimError(f"give at least one --policy; accepted: {', '.join(game.policies)}")
    specs = tuple(game.policy(p, players) for p in policies)  # players resolves `@tuned`
    seat_policies(specs, players)  # checks the count
    _check_int("games", games, 1, None)
    _check_int("seed", seed, 0, MAX_SEED)
    if shard_size is None:
        shard_size = default_shard_size(games)
    _check_int("shard size", shard_size, 1, None)
    if rounds_log and not game.rounds_log:
        able = ", ".join(g for g in game_ids() if get_game(g).rounds_log)
        raise ZoosimError(f"{game.id} cannot record a rounds log yet; --rounds-log works for: {able}")
    if cards_log and not game.cards_log:
        able = ", ".join(g for g in game_ids() if get_game(g).cards_log)
        raise ZoosimError(f"{game.id} cannot record a cards log; --cards-log works for: {able}")
    return RunSpec(game, players, specs, full_rules, int(seed), int(games), bool(rotate_seats), int(shard_size),
                   bool(rounds_log), bool(cards_log))


def _check_int(what: str, value: Any, low: int, high: int | None) -> None:
    accepted = f"{low}..{high}" if high is not None else f">= {low}"
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        raise ZoosimError(f"{what} must be a whole number {accepted}, got {value!r}")


def engine_hash(game: Game) -> str:
    """A hash of the game package's and zoosim.core's sources (and the family glue a package imports): shards of
    different engine code never mix.

    The package version alone does not change when an engine is edited (or differs on a cluster
    machine), so a resume, or a Dask task, compares this instead.
    """
    module = sys.modules.get(getattr(game.play_block, "__module__", "") or "")
    source = getattr(module, "__file__", None)
    if not source:
        return "unknown"
    path = Path(source)
    files = sorted(path.parent.rglob("*.py")) if path.name == "__init__.py" else [path]
    if game.id in game_ids():  # a registered game's whole package, also when its play_block is shared glue
        package = Path(importlib.import_module(game_package(game.id)).__file__).parent
        files += [f for f in sorted(package.rglob("*.py")) if f not in files]
    import zoosim.core
    import zoosim.games.family

    if any(b"zoosim.games.family" in file.read_bytes() for file in files):  # the Zooloretto family's shared glue
        files += sorted(Path(zoosim.games.family.__file__).parent.glob("*.py"))
    files += sorted(Path(zoosim.core.__file__).parent.glob("*.py"))  # the RNG every engine draws from
    digest = hashlib.sha256()
    for file in files:
        digest.update(file.name.encode())
        digest.update(file.read_bytes())
    return digest.hexdigest()[:12]



def default_command(spec: RunSpec, out: str) -> str:
    """The CLI command that makes this run (used when the caller gives none)."""
    parts = ["zoosim", "simulate", spec.game.id, "--players", str(spec.players), "--games", str(spec.games),
             "--seed", str(spec.seed)]
    for label in spec.policy_labels:
        parts += ["--policy", label]
    if spec.rotate_seats:
        parts.append("--rotate-seats")
    if spec.rounds_log:
        parts.append("--rounds-log")
    if spec.cards_log:
        parts.append("--cards-log")
    default = rules_to_dict(spec.game.default_rules())
    for key, value in rules_to_dict(spec.rules).items():
        if value != default[key]:
            parts += ["--rule", f"{key}={rule_text(value)}"]
    parts += ["--shard-size", str(spec.shard_size), "--out", out]
    return shlex.join(parts)


def make_manifest(spec: RunSpec, command: str, backend: str) -> dict[str, Any]:
    return {
        "schema_version": SCHEMA_VERSION,
        "run_id": spec.run_id,
        "zoosim_version": zoosim_version(),
        "engine_hash": engine_hash(spec.game),
        "command": command,
        "game": spec.game.id,
        "players": spec.players,
        "policies": spec.policy_labels,
        "rotate_seats": spec.rotate_seats,
        "seed": spec.seed,
        "games": spec.games,
        "shard_size": spec.shard_size,
        "shards": spec.shards,
        "rounds_log": spec.rounds_log,
        "cards_log": spec.cards_log,
        "rules": rules_to_dict(spec.rules),
        "rules_hash": spec.rules_hash,
        "variant": spec.variant,
        "columns": [c.name for c in spec.columns],
        "components": spec.components,
        "backend": backend,
        "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
    }


def identity_mismatch(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[str]:
    """The identity fields in which an existing manifest differs from the new one."""
    return [k for k in IDENTITY_FIELDS
            if old.get(k, IDENTITY_DEFAULTS.get(k)) != new.get(k, IDENTITY_DEFAULTS.get(k))]


def existing_seed(location: str) -> int | None:
    """The master seed of the run in `location`, or None when there is no readable run there."""
    try:
        seed = read_manifest(RunDir(location)).get("seed")
    except (ZoosimError, OSError):
        return None
    return seed if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= MAX_SEED else None


def read_manifest(run_dir: RunDir) -> dict[str, Any]:
    """The manifest of a run dir; ZoosimError when missing or unreadable."""
    try:
        data = json.loads(run_dir.read_bytes(MANIFEST))
    except FileNotFoundError:
        raise ZoosimError(f"{run_dir.url} is not a run: no {MANIFEST}") from None
    except (OSError, ValueError) as exc:
        raise ZoosimError(f"cannot read {run_dir.path(MANIFEST)}: {exc}") from None
    if not isinstance(data, dict):
        raise ZoosimError(f"cannot read {run_dir.path(MANIFEST)}: not a JSON object")
    return data


def write_manifest(run_dir: RunDir, manifest: Mapping[str, Any]) -> None:
    text = json.dumps(manifest, indent=2) + "\n"
    run_dir.write_atomic(MANIFEST, lambda f: f.write(text.encode()))
