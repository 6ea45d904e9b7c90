"""`zoosim simulate` and `zoosim verify`: thin commands over `zoosim.sim.runner` and `zoosim.sim.verify`."""
from __future__ import annotations

import secrets
import shlex
import sys
from pathlib import Path
from typing import Optional

import typer

from zoosim.errors import ZoosimError


def parse_rule_options(items: list[str]) -> dict[str, str]:
    """`key=value` texts into a dict; a key given twice with different values is an error."""
    rules: dict[str, str] = {}
    for item in items:
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq or not key:
            raise ZoosimError(f"bad --rule {item!r}; expected key=value, e.g. --rule end_stack=10")
        if key in rules and rules[key] != value.strip():
            raise ZoosimError(f"--rule {key} given twice ({rules[key]!r} and {value.strip()!r})")
        rules[key] = value.strip()
    return rules


def default_out(game: str, run_id: str) -> Path:
    """runs/<game>-<run id>: the same command lands in the same dir, so it resumes."""
    return Path("runs") / f"{game}-{run_id}"


def chosen_seed(out: str | None) -> int:
    """The seed of a run given no --seed: that of the run already in `out` (so the same command resumes
    it), else a fresh one. Either way it is printed, and the manifest records it."""
    from zoosim.sim.manifest import MAX_SEED, existing_seed

    seed = existing_seed(out) if out else None
    if seed is not None:
        print(f"seed {seed} (the run in {out}; --seed {seed} makes it again)", file=sys.stderr)
        return seed
    seed = secrets.randbelow(MAX_SEED + 1)
    print(f"seed {seed} (drawn; --seed {seed} makes this run again)", file=sys.stderr)
    return seed


def register(app: typer.Typer) -> None:
    """Add `simulate` and `verify` to the app."""

    @app.command()
    def simulate(
        game: str = typer.Argument(..., help="game id, e.g. zooloretto"),
        players: int = typer.Option(..., "--players", "-p", help="player count"),
        games: int = typer.Option(..., "--games", "-n", help="number of games (each in every rotation with --rotate-seats)"),
        seed: Optional[int] = typer.Option(None, "--seed", "-s", help="master seed, 0..2^63-1 (default: the seed of the run already in --out, else a fresh one, printed and recorded)"),
        policy: list[str] = typer.Option(["heuristic"], "--policy", help="policy of all seats, or repeat once per seat (name or name:key=value,...); default heuristic"),
        rotate_seats: bool = typer.Option(False, "--rotate-seats", help="play every game in every seat rotation"),
        rule: Optional[list[str]] = typer.Option(None, "--rule", help="override a rule: key=value (repeatable)"),
        workers: Optional[int] = typer.Option(None, "--workers", "-w", help="numba threads (default: all cores); with --scheduler, threads per shard task (default 1)"),
        out: Optional[str] = typer.Option(None, "--out", "-o", help="run dir (default runs/GAME-RUNID); a path or fsspec URL"),
        force: bool = typer.Option(False, "--force", help="replace a different run already in --out"),
        shard_size: Optional[int] = typer.Option(None, "--shard-size", help="games per shard file (default: about 16 shards of 10,000..50,000 games)"),
        scheduler: Optional[str] = typer.Option(None, "--scheduler", help="Dask: tcp://HOST:8786, or local:N for N local worker processes"),
        rounds_log: bool = typer.Option(False, "--rounds-log", help="also record every seat's provisional score after each round (RUN/rounds/)"),
        cards_log: bool = typer.Option(False, "--cards-log", help="also record every card each seat played, with its turn and round (RUN/cards/; ark-nova)"),
        quiet: bool = typer.Option(False, "--quiet", "-q", help="no progress bar"),
    ) -> None:
        """Play GAMES games and write one row per game and seat to Parquet shards in a run dir."""
        from zoosim.sim.backends import choose_backend
        from zoosim.sim.manifest import build_spec
        from zoosim.sim.runner import print_summary
        from zoosim.sim.runner import simulate as run

        rules = parse_rule_options(rule or [])
        argv = ["zoosim", *sys.argv[1:]]
        if seed is None:
            # bad input fails on its own line before a seed is drawn and printed
            build_spec(game, players, policy, games, 0, rules, rotate_seats, shard_size, rounds_log, cards_log)
            choose_backend(scheduler, workers)
            seed = chosen_seed(out)
            argv += ["--seed", str(seed)]  # the manifest's command makes this very run again
        spec = build_spec(game, players, policy, games, seed, rules, rotate_seats, shard_size, rounds_log, cards_log)
        location = out or str(default_out(game, spec.run_id))
        command = shlex.join(argv)
        summary = run(game, players, policy, games, seed, rules, location, rotate_seats=rotate_seats,
                      workers=workers, force=force, progress=not quiet, shard_size=shard_size,
                      scheduler=scheduler, command=command, rounds_log=rounds_log,
                      cards_log=cards_log)
        print_summary(summary)

    @app.command()
    def verify(run: str = typer.Argument(..., help="run dir (path or fsspec URL)")) -> None:
        """Check a run dir: manifest, every shard readable, row counts, each game index exactly once."""
        from zoosim.sim.verify import verify_run

        result = verify_run(run)
        for problem in result.problems:
            print(problem)
        if not result.ok:
            print(f"{len(result.problems)} problem(s) in {run}", file=sys.stderr)
            raise typer.Exit(1)
        print(f"ok: {result.games} games in {result.shards} shards")
