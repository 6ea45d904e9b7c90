"""Studies: a TOML file names simulations and a report; `zoosim study` makes what is missing and reports.

    title = "Zooloretto by player count"
    by = "players"                      # breakdown of the report's tables
    [defaults]                          # copied into every simulation unless it sets the key itself
    game = "zooloretto"
    policies = ["heuristic"]
    games = 20000
    seed = 2024
    [[simulation]]
    name = "2p"
    players = 2
    rules = { end_trigger = "main_empty" }     # optional rule overrides
    rounds_log = true                   # optional: also --rounds-log (cards_log = true: --cards-log)
    [[compare]]                         # optional: B - A, paired when seeds are shared
    a = "2p"
    b = "3p"

Runs live in runs/<study>/<simulation> (runs/<study>/<simulation>@x<scale> when scaled), so running a
study again reuses every finished run; the simulation layer resumes partial runs and refuses a run
directory that holds something else (unless --force).
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from zoosim.analysis.grouping import check_by
from zoosim.errors import ZoosimError
from zoosim.games.base import rule_text

STUDY_KEYS = {"name", "title", "description", "by", "defaults", "simulation", "compare"}
SIM_KEYS = {"name", "game", "players", "policies", "games", "seed", "rules", "rotate_seats", "rounds_log",
            "cards_log"}
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")


@dataclass(frozen=True)
class Simulation:
    name: str
    game: str
    players: int
    policies: list[str]
    games: int
    seed: int
    rules: dict[str, str] = field(default_factory=dict)
    rotate_seats: bool = False
    rounds_log: bool = False   # simulate --rounds-log (the tension analyses)
    cards_log: bool = False    # simulate --cards-log (analyze --cards; games that record one)


@dataclass(frozen=True)
class Study:
    name: str
    title: str
    description: str
    by: str
    simulations: list[Simulation]
    compare: list[tuple[str, str]]


def _rule_text(value: Any) -> str:
    """TOML values to the `key=value` text the rules parser takes (games.base.rule_text)."""
    return rule_text(value)


def load_study(path: str | Path) -> Study:
    """Parse and check a study file; every problem is one ZoosimError line naming the file and key."""
    where = Path(path)
    if not where.is_file():
        raise ZoosimError(f"study {where} not found; studies live in analyses/*.toml")
    try:
        data = tomllib.loads(where.read_text())
    except tomllib.TOMLDecodeError as exc:
        raise ZoosimError(f"{where} is not valid TOML: {exc}") from None
    unknown = set(data) - STUDY_KEYS
    if unknown:
        raise ZoosimError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}; accepted: {', '.join(sorted(STUDY_KEYS))}")
    name = str(data.get("name", where.stem))
    if not _NAME.match(name):
        raise ZoosimError(f"{where}: study name {name!r} must be letters, digits, '-', '_' or '.'")
    by = check_by(str(data.get("by", "players")))
    defaults = data.get("defaults", {})
    sims_raw = data.get("simulation", [])
    if not isinstance(sims_raw, list) or not sims_raw:
        raise ZoosimError(f"{where}: needs at least one [[simulation]]")
    sims = [_simulation(where, {**defaults, **raw}, i) for i, raw in enumerate(sims_raw)]
    names = [s.name for s in sims]
    if len(set(names)) != len(names):
        raise ZoosimError(f"{where}: simulation names must be unique, got {', '.join(names)}")
    pairs = []
    for item in data.get("compare", []):
        a, b = str(item.get("a", "")), str(item.get("b", ""))
        for side in (a, b):
            if side not in names:
                raise ZoosimError(f"{where}: compare names unknown simulation {side!r}; accepted: {', '.join(names)}")
        pairs.append((a, b))
    return Study(name, str(data.get("title", name)), str(data.get("description", "")), by, sims, pairs)


def _simulation(where: Path, raw: dict[str, Any], index: int) -> Simulation:
    unknown = set(raw) - SIM_KEYS
    if unknown:
        raise ZoosimError(f"{where}: simulation {index + 1} has unknown key(s) {', '.join(sorted(unknown))}; "
                          f"accepted: {', '.join(sorted(SIM_KEYS))}")
    missing = [k for k in ("name", "game", "players", "policies", "games", "seed") if k not in raw]
    if missing:
        raise ZoosimError(f"{where}: simulation {index + 1} lacks {', '.join(missing)} (set it there or in [defaults])")
    name = str(raw["name"])
    if not _NAME.match(name):
        raise ZoosimError(f"{where}: simulation name {name!r} must be letters, digits, '-', '_' or '.'")
    policies = raw["policies"]
    if isinstance(policies, str):
        policies = [policies]
    for key in ("players", "games", "seed"):
        if isinstance(raw[key], bool) or not isinstance(raw[key], int):
            raise ZoosimError(f"{where}: simulation {name}: {key} must be a whole number, got {raw[key]!r}")
    for key in ("rotate_seats", "rounds_log", "cards_log"):
        if key in raw and not isinstance(raw[key], bool):
            raise ZoosimError(f"{where}: simulation {name}: {key} must be true or false, got {raw[key]!r}")
    rules = raw.get("rules", {})
    if not isinstance(rules, dict):
        raise ZoosimError(f"{where}: simulation {name}: rules must be a table, e.g. rules = {{ end_stack = 10 }}")
    return Simulation(name, str(raw["game"]), raw["players"], [str(p) for p in policies], raw["games"], raw["seed"],
                      {str(k): _rule_text(v) for k, v in rules.items()}, raw.get("rotate_seats", False),
                      raw.get("rounds_log", False), raw.get("cards_log", False))


def _scale_label(scale: float) -> str:
    return "" if scale == 1 else f"@x{scale:g}"


def run_study(path: str | Path, scale: float = 1.0, workers: int | None = None, runs_dir: str | Path = "runs",
              reports_dir: str | Path = "reports", force: bool = False, progress: bool = True) -> Path:
    """Simulate what is missing (reusing matching runs), then write the report to reports_dir/<study>."""
    from zoosim.games.registry import card_names_of
    from zoosim.report.build import build_report
    from zoosim.sim.runner import simulate_run

    study = load_study(path)
    if not scale > 0:
        raise ZoosimError(f"--scale must be > 0, got {scale}")
    paths = []
    for sim in study.simulations:
        games = max(1, round(sim.games * scale))
        out = Path(runs_dir) / study.name / f"{sim.name}{_scale_label(scale)}"
        if progress:
            print(f"[{study.name}] {sim.name}: {sim.game}, {sim.players} players, {', '.join(sim.policies)}, "
                  f"{games:,} games -> {out}", flush=True)
        located = simulate_run(sim.game, sim.players, sim.policies, games, sim.seed, sim.rules, out,
                               rotate_seats=sim.rotate_seats, workers=workers, force=force, progress=progress,
                               rounds_log=sim.rounds_log, cards_log=sim.cards_log)
        paths.append(Path(located))
    names = [s.name for s in study.simulations]
    index = {n: i for i, n in enumerate(names)}
    command = f"zoosim study {path}" + (f" --scale {scale:g}" if scale != 1 else "")
    return build_report(paths, Path(reports_dir) / study.name, by=study.by, title=study.title,
                        compare=[(index[a], index[b]) for a, b in study.compare], command=command, names=names,
                        description=study.description, card_names=card_names_of(s.game for s in study.simulations))
