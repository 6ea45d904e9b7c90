"""`zoosim sweep` and `zoosim tournament`: thin commands over `zoosim.sim.sweep` and `zoosim.sim.tournament`."""
from __future__ import annotations

import shlex
import sys
from typing import Optional

import typer

# the options sweep and tournament share, declared once
WORKERS = typer.Option(None, "--workers", "-w", help="numba threads (default: all cores)")
SCHEDULER = typer.Option(None, "--scheduler", help="Dask: tcp://HOST:8786, or local:N")
FORCE = typer.Option(False, "--force", help="replace a different run already in --out")
QUIET = typer.Option(False, "--quiet", "-q", help="no progress bar")


def _command_line() -> str:
    return shlex.join(["zoosim", *sys.argv[1:]])


def register(app: typer.Typer) -> None:
    """Add `sweep` and `tournament` to the app."""

    @app.command()
    def sweep(
        game: str = typer.Argument(..., help="game id, e.g. zooloretto"),
        grid: Optional[list[str]] = typer.Option(None, "--grid", help="rule=v1,v2,... (repeatable); tuple rules: "
                                                 "values split by ';', elements by ',' e.g. 'enclosure_full_points=8,5,10;9,5,10'"),
        players: str = typer.Option(..., "--players", "-p", help="player counts, e.g. 2,3,4,5"),
        policy: list[str] = typer.Option(..., "--policy", help="policy of all seats, or repeat once per seat"),
        games_per_cell: int = typer.Option(..., "--games-per-cell", "-n", help="games per cell (the batch size with --target-ci)"),
        target_ci: Optional[float] = typer.Option(None, "--target-ci", help="play batches until the seat-advantage 95% half-width is at most this"),
        max_games: Optional[int] = typer.Option(None, "--max-games", help="cap per cell with --target-ci (default 100 batches)"),
        seed: int = typer.Option(0, "--seed", "-s", help="master seed shared by every cell"),
        rotate_seats: bool = typer.Option(False, "--rotate-seats", help="play every game in every seat rotation"),
        workers: Optional[int] = WORKERS,
        scheduler: Optional[str] = SCHEDULER,
        out: str = typer.Option(..., "--out", "-o", help="sweep directory, e.g. runs/NAME"),
        force: bool = FORCE,
        quiet: bool = QUIET,
    ) -> None:
        """Play every combination of rule values and player counts on shared seeds into one run dir."""
        from zoosim.sim.sweep import sweep_run

        manifest = sweep_run(game, grid or [], players, policy, games_per_cell, seed, out, rotate_seats=rotate_seats,
                             target_ci=target_ci, max_games=max_games, workers=workers, scheduler=scheduler,
                             force=force, progress=not quiet, command=_command_line())
        cells = manifest["cells"]
        games = sum(c["games"] for c in cells)
        early = sum(1 for c in cells if c.get("stopped_early"))
        print(f"sweep: {out}")
        print(f"{len(cells)} cells, {games:,} games" + (f"; {early} cell(s) reached --target-ci before --max-games"
                                                       if manifest.get("target_ci") is not None else ""))
        from zoosim.analysis.sweep import print_sweep

        print_sweep(out)

    @app.command()
    def tournament(
        game: str = typer.Argument(..., help="game id, e.g. zooloretto"),
        players: int = typer.Option(..., "--players", "-p", help="player count"),
        policy: list[str] = typer.Option(..., "--policy", help="an entrant (repeat for each, at least two)"),
        games: int = typer.Option(..., "--games", "-n", help="deals per lineup (each in every seat rotation)"),
        seed: int = typer.Option(0, "--seed", "-s", help="master seed shared by every lineup"),
        rule: Optional[list[str]] = typer.Option(None, "--rule", help="override a rule: key=value (repeatable)"),
        workers: Optional[int] = WORKERS,
        scheduler: Optional[str] = SCHEDULER,
        out: str = typer.Option(..., "--out", "-o", help="tournament directory, e.g. runs/NAME"),
        force: bool = FORCE,
        quiet: bool = QUIET,
    ) -> None:
        """Every lineup of the policies (with repetition, at least two different) in every seat rotation on
        shared seeds; Bradley–Terry ratings with CIs and the pairwise win matrix."""
        from zoosim.analysis.ratings import print_tournament
        from zoosim.commands.simulate import parse_rule_options
        from zoosim.sim.tournament import tournament_run

        manifest = tournament_run(game, players, policy, games, seed, out, parse_rule_options(rule or []),
                                  workers=workers, scheduler=scheduler, force=force, progress=not quiet,
                                  command=_command_line())
        cells = manifest["cells"]
        print(f"tournament: {out}")
        print(f"{len(cells)} lineups x {players} rotations x {games:,} deals = "
              f"{sum(c['games'] for c in cells) * players:,} games")
        print_tournament(out)
