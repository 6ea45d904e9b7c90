"""Policy files: a policy's parameter values in TOML, for `--policy NAME:@FILE.toml` and the shipped weights.

A policy file (what `zoosim tune` writes; hand-written ones need only the first four keys):

    policy = "heuristic"          # must match the policy it is given to
    game = "zooloretto"           # must match the game it is used in
    players = 4                   # what it was tuned for: provenance, not enforced
    [params]                      # any subset of the policy's parameters; the rest keep their defaults
    coin_value = 0.81
    barn_weight = 1.9
    [tuning]                      # optional, free-form provenance (budget, seed, measured win rate ...)

Shipped tuned weights live in each game package as `weights/<policy>-<N>p.toml`; `NAME:@tuned4p` reads
the 4-player file, and `NAME:@tuned` the file of the player count the caller passes (`Game.policy(text,
players)`); without a known count it asks for the explicit form. Only the resolved values reach a run's
label and manifest, so a run stays reproducible when the file changes or disappears.
"""
from __future__ import annotations

import json
import math
import re
import tomllib
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path
from typing import Any, Mapping

from zoosim.errors import ZoosimError
from zoosim.games.policy import PolicyInfo, PolicySpec, policy_spec
from zoosim.games.catalog import game_package

FILE_KEYS = ("policy", "game", "players", "params", "tuning", "description")
_TUNED = re.compile(r"^tuned(?:(\d+)p)?$")
_SHIPPED = re.compile(r"^(?P<policy>.+)-(?P<players>\d+)p\.toml$")


def parse_policy(text: str, policies: Mapping[str, PolicyInfo], *, game: str | None = None,
                 players: int | None = None) -> PolicySpec:
    """Parse `name`, `name:key=value,...`, `name:@FILE.toml[,key=value...]` or `name:@tuned4p` against a
    game's policies.

    `@FILE.toml` reads the parameter values from a policy file and `@tuned<N>p` the game's shipped tuned
    weights for N players (`zoosim.games.policy_files`); `@tuned` alone needs `players`. `key=value` items
    after it override the file. `game` (the game id) lets a file's `game` be checked and the shipped weights
    be found. The label holds the resolved values, so a run records them, never the file name.
    """
    name, _, rest = text.strip().partition(":")
    if name not in policies:
        raise ZoosimError(f"unknown policy {name!r}; accepted: {', '.join(policies)}")
    info = policies[name]
    values = {p.name: float(p.default) for p in info.params}
    items = rest.split(",") if rest else []
    if items and items[0].strip().startswith("@"):
        values.update(resolve_reference(items.pop(0).strip()[1:], info, game=game, players=players))
    given: dict[str, float] = {}
    for item in items:
        key, eq, raw = item.partition("=")
        key = key.strip()
        if key.startswith("@"):
            raise ZoosimError(f"bad policy parameter {item!r} for {name}: a file (@...) comes first, "
                              f"right after '{name}:'")
        if not eq or key not in values:
            accepted = ", ".join(values) or "none"
            raise ZoosimError(f"bad policy parameter {item!r} for {name}; accepted parameters: {accepted}")
        try:
            given[key] = float(raw)
        except ValueError:
            raise ZoosimError(f"policy parameter {key} needs a number, got {raw!r}") from None
        if not math.isfinite(given[key]):
            raise ZoosimError(f"policy parameter {key} needs a finite number, got {raw!r}")
    values.update(given)
    for param in info.params:
        param.check(values[param.name], name)
    return policy_spec(info, tuple(values[p.name] for p in info.params))

def weights_dir(game: str) -> Traversable:
    """The game package's `weights/` folder (it need not exist)."""
    return resources.files(game_package(game)) / "weights"


def shipped_weights(game: str, policy: str | None = None) -> dict[tuple[str, int], Traversable]:
    """The shipped policy files of a game, by (policy, players)."""
    folder = weights_dir(game)
    if not folder.is_dir():
        return {}
    found = {}
    for entry in folder.iterdir():
        match = _SHIPPED.match(entry.name)
        if match and (policy is None or match["policy"] == policy):
            found[(match["policy"], int(match["players"]))] = entry
    return dict(sorted(found.items()))


def resolve_reference(ref: str, info: PolicyInfo, game: str | None = None,
                      players: int | None = None) -> dict[str, float]:
    """The parameter values named by the text after `@`: `tuned`, `tuned<N>p` or a file path."""
    tuned = _TUNED.match(ref)
    if not tuned:
        return read_policy_file(Path(ref), info, game)
    count = int(tuned[1]) if tuned[1] else players
    if count is None:
        raise ZoosimError(f"{info.name}:@tuned needs the player count, which is not known here; write it out, "
                          f"e.g. {info.name}:@tuned4p")
    if game is None:
        raise ZoosimError(f"{info.name}:@{ref} needs the game to find its shipped weights")
    files = shipped_weights(game, info.name)
    if (info.name, count) not in files:
        shipped = ", ".join(f"{p}:@tuned{n}p" for p, n in files) or "none"
        raise ZoosimError(f"no shipped tuned weights for {info.name} at {count} players in {game}; shipped: {shipped}")
    entry = files[(info.name, count)]
    return parse_policy_file(entry.read_text(), f"{game}/weights/{entry.name}", info, game)


def read_policy_file(path: Path, info: PolicyInfo, game: str | None = None) -> dict[str, float]:
    """The parameter values of a policy file; every problem is one ZoosimError line naming the file."""
    if not path.is_file():
        raise ZoosimError(f"policy file {path} not found" + (" (it is a directory)" if path.is_dir() else ""))
    try:
        text = path.read_text()
    except (OSError, UnicodeDecodeError) as exc:
        raise ZoosimError(f"cannot read policy file {path}: {exc}") from None
    return parse_policy_file(text, str(path), info, game)


def parse_policy_file(text: str, where: str, info: PolicyInfo, game: str | None = None) -> dict[str, float]:
    """Check a policy file's text against the policy (and game) it is given to; return its `[params]`."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ZoosimError(f"policy file {where} is not valid TOML: {' '.join(str(exc).split())}") from None
    unknown = sorted(set(data) - set(FILE_KEYS))
    if unknown:
        raise ZoosimError(f"policy file {where}: unknown key(s) {', '.join(unknown)}; accepted: {', '.join(FILE_KEYS)}")
    for key in ("policy", "game", "params"):
        if key not in data:
            raise ZoosimError(f"policy file {where} lacks `{key}`; see `zoosim tune --help` for the format")
    if data["policy"] != info.name:
        raise ZoosimError(f"policy file {where} is for policy {data['policy']!r}, not {info.name!r}")
    if game is not None and data["game"] != game:
        raise ZoosimError(f"policy file {where} is for game {data['game']!r}, not {game!r}")
    params = data["params"]
    if not isinstance(params, dict):
        raise ZoosimError(f"policy file {where}: `params` must be a table ([params] with key = number lines)")
    accepted = [p.name for p in info.params]
    values: dict[str, float] = {}
    for key, value in params.items():
        if key not in accepted:
            raise ZoosimError(f"policy file {where}: unknown parameter {key!r} for {info.name}; "
                              f"accepted: {', '.join(accepted) or 'none'}")
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise ZoosimError(f"policy file {where}: parameter {key} needs a finite number, got {value!r}")
        values[key] = float(value)
    return values


def policy_file_text(info: PolicyInfo, game: str, players: int, values: Mapping[str, float],
                     provenance: Mapping[str, Any] | None = None, header: str = "") -> str:
    """A policy file: comment header, policy/game/players, `[params]`, and `[tuning]` provenance tables."""
    lines = [f"# {line}" if line else "#" for line in header.splitlines()]
    lines += [f"policy = {json.dumps(info.name)}", f"game = {json.dumps(game)}", f"players = {players}", "",
              "[params]"]
    lines += [f"{p.name} = {_toml_scalar(values[p.name])}" for p in info.params if p.name in values]
    if provenance:
        lines += _toml_table("tuning", provenance)
    return "\n".join(lines) + "\n"


def _toml_table(name: str, table: Mapping[str, Any]) -> list[str]:
    lines = ["", f"[{name}]"]
    nested = []
    for key, value in table.items():
        if isinstance(value, Mapping):
            nested.append((key, value))
        elif value is not None:
            lines.append(f"{key} = {_toml_scalar(value)}")
    for key, value in nested:
        lines += _toml_table(f"{name}.{key}", value)
    return lines


def _toml_scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else json.dumps(str(value))
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_scalar(v) for v in value) + "]"
    return json.dumps(str(value))
